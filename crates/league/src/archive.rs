//! A submission of several files: a zip archive, with a small manifest (`parlour.toml` at its
//! root) that says how it plays, or a course package (one folder holding an `__init__.py`, as
//! COMP30024's Chexers submissions were) that needs none:
//!
//! ```toml
//! # A program speaking the bot protocol, run in the archive's folder:
//! command = ["python3", "bot.py"]
//! # or a submission written to the course's interface: a file or package in the archive.
//! course = "team"
//! ```
//!
//! An archive is read whole before anything is kept: a name that leaves its folder (`..`, an
//! absolute path), a link, more than [`MAX_FILES`] files or more unpacked bytes than
//! [`UNPACKED`] times the league's upload limit is refused, as is a manifest that names a file
//! the archive does not hold.

use std::io::Read;
use std::path::{Component, Path, PathBuf};

use serde::Deserialize;

use crate::LeagueError;

/// The manifest's name, at the archive's root.
pub const MANIFEST: &str = "parlour.toml";

/// The most files (and folders) an archive may hold.
pub const MAX_FILES: usize = 500;

/// How many times the upload limit an archive may hold unpacked.
pub const UNPACKED: u64 = 16;

/// How an archive plays: its manifest.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Manifest {
    /// A program's command (its first word `python3`, or a file in the archive).
    #[serde(default)]
    pub command: Option<Vec<String>>,
    /// A course-interface file or package in the archive.
    #[serde(default)]
    pub course: Option<String>,
}

/// An archive read and checked: its files and folders, and how it plays.
#[derive(Debug)]
pub struct Archive {
    /// Its entries by path: a file's bytes, or `None` for a folder.
    pub files: Vec<(PathBuf, Option<Vec<u8>>)>,
    /// How it plays.
    pub manifest: Manifest,
}

fn refuse(file_name: &str, why: String) -> LeagueError {
    LeagueError::Refused(format!("{file_name}: {why}"))
}

/// A name inside the archive, made a relative path that stays in its folder.
fn inside(name: &str) -> Option<PathBuf> {
    let path = Path::new(name);
    let mut out = PathBuf::new();
    for c in path.components() {
        match c {
            Component::Normal(part) => out.push(part),
            Component::CurDir => {}
            _ => return None,
        }
    }
    (!out.as_os_str().is_empty() && !name.contains('\\')).then_some(out)
}

/// Reads `bytes` as a zip archive, checking every name, size and the manifest.
pub fn read(file_name: &str, bytes: &[u8], max_unpacked: u64) -> Result<Archive, LeagueError> {
    let mut zip = zip::ZipArchive::new(std::io::Cursor::new(bytes))
        .map_err(|e| refuse(file_name, format!("not a zip archive: {e}")))?;
    if zip.len() > MAX_FILES {
        return Err(refuse(
            file_name,
            format!("{} files; an archive holds at most {MAX_FILES}", zip.len()),
        ));
    }
    let mut files = Vec::new();
    let mut total = 0u64;
    for i in 0..zip.len() {
        let mut entry = zip
            .by_index(i)
            .map_err(|e| refuse(file_name, format!("entry {i}: {e}")))?;
        let name = entry
            .name()
            .map_err(|e| refuse(file_name, format!("entry {i}'s name: {e}")))?
            .to_string();
        let path = inside(&name).ok_or_else(|| {
            refuse(
                file_name,
                format!("{name:?} would be written outside its folder"),
            )
        })?;
        if entry.is_symlink() {
            return Err(refuse(
                file_name,
                format!("{name:?} is a link: links are not taken"),
            ));
        }
        if entry.is_dir() {
            files.push((path, None));
            continue;
        }
        // Read no more than the limit allows, whatever the entry claims its size is.
        let room = max_unpacked.saturating_sub(total);
        let mut content = Vec::new();
        (&mut entry)
            .take(room + 1)
            .read_to_end(&mut content)
            .map_err(|e| refuse(file_name, format!("{name:?} cannot be read: {e}")))?;
        total += content.len() as u64;
        if total > max_unpacked {
            return Err(refuse(
                file_name,
                format!("it unpacks to more than {max_unpacked} bytes"),
            ));
        }
        files.push((path, Some(content)));
    }
    let has = |p: &Path| files.iter().any(|(f, c)| f == p && c.is_some());
    let is_package = |p: &Path| has(&p.join("__init__.py"));
    let manifest = match files.iter().find(|(p, _)| p == Path::new(MANIFEST)) {
        Some((_, text)) => {
            let text = std::str::from_utf8(text.as_deref().unwrap_or_default())
                .map_err(|e| refuse(file_name, format!("{MANIFEST} is not text: {e}")))?;
            toml::from_str::<Manifest>(text)
                .map_err(|e| refuse(file_name, format!("{MANIFEST}: {}", e.message())))?
        }
        None => {
            // A course package alone needs no manifest: one top folder with an __init__.py.
            let tops: std::collections::BTreeSet<PathBuf> = files
                .iter()
                .filter_map(|(p, _)| p.components().next())
                .map(|c| PathBuf::from(c.as_os_str()))
                .collect();
            match tops.iter().next() {
                Some(top) if tops.len() == 1 && is_package(top) => Manifest {
                    command: None,
                    course: Some(top.display().to_string()),
                },
                _ => {
                    return Err(refuse(
                        file_name,
                        format!(
                        "no {MANIFEST} saying how it plays (command = [\"python3\", \"bot.py\"], \
                             or course = \"PACKAGE\"), and it is not one course package"
                    ),
                    ))
                }
            }
        }
    };
    match (&manifest.command, &manifest.course) {
        (Some(command), None) => {
            let named = match command.first().map(String::as_str) {
                None => {
                    return Err(refuse(
                        file_name,
                        format!("{MANIFEST}: the command is empty"),
                    ))
                }
                Some("python3") => command.get(1).filter(|a| !a.starts_with('-')),
                Some(_) => command.first(),
            };
            if let Some(named) = named {
                let ok = inside(named).is_some_and(|p| has(&p));
                if !ok {
                    return Err(refuse(
                        file_name,
                        format!("{MANIFEST}: its command names {named:?}, which the archive does not hold"),
                    ));
                }
            }
        }
        (None, Some(course)) => {
            let ok = inside(course)
                .is_some_and(|p| (has(&p) && course.ends_with(".py")) || is_package(&p));
            if !ok {
                return Err(refuse(
                    file_name,
                    format!("{MANIFEST}: course names {course:?}, which is not a Python file or package in the archive"),
                ));
            }
        }
        _ => {
            return Err(refuse(
                file_name,
                format!("{MANIFEST} gives exactly one of command = [...] and course = \"...\""),
            ))
        }
    }
    Ok(Archive { files, manifest })
}

/// Writes an archive's files under `folder` (which must not exist yet; its parent must), with
/// its manifest (written out when the archive was a course package alone).
pub fn unpack(archive: &Archive, folder: &Path) -> std::io::Result<()> {
    std::fs::create_dir(folder)?;
    for (path, content) in &archive.files {
        let at = folder.join(path);
        match content {
            None => std::fs::create_dir_all(&at)?,
            Some(bytes) => {
                if let Some(parent) = at.parent() {
                    std::fs::create_dir_all(parent)?;
                }
                std::fs::write(&at, bytes)?;
            }
        }
    }
    if let (Some(course), false) = (&archive.manifest.course, folder.join(MANIFEST).exists()) {
        let text = format!("course = {}\n", toml::Value::String(course.clone()));
        std::fs::write(folder.join(MANIFEST), text)?;
    }
    Ok(())
}

/// The manifest of a kept submission's folder, if it came from an archive.
pub fn manifest_in(folder: &Path) -> Result<Option<Manifest>, LeagueError> {
    let at = folder.join(MANIFEST);
    if !at.exists() {
        return Ok(None);
    }
    let text = std::fs::read_to_string(&at).map_err(|e| LeagueError::Io {
        what: format!("cannot read {}", at.display()),
        reason: e.to_string(),
    })?;
    toml::from_str(&text)
        .map(Some)
        .map_err(|e| LeagueError::Store(format!("{}: {}", at.display(), e.message())))
}
