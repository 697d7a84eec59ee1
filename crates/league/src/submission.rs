//! A submission: a Python file, written to the course's own interface for the league's game
//! (run unchanged by the Python kit's course adapter) or speaking the bot protocol. It is kept
//! immutably under its content's SHA-256 (`DIR/submissions/HASH/`), checked at once as
//! `parlour check-bot` checks a program, and plays only if the check found no fault.

use std::path::{Path, PathBuf};

use parlour_protocol::ProgramSpec;
use sha2::{Digest, Sha256};

use crate::config::LeagueConfig;
use crate::store::{Status, Store, Submission};
use crate::LeagueError;

/// The folder submissions are kept in, under the league's.
pub const SUBMISSIONS: &str = "submissions";

/// The name a submission's file is kept under in its folder (the name it was uploaded under
/// is recorded, for showing): one content, one file, whatever it was called.
pub const SOURCE: &str = "bot.py";

/// How a submission plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// Written to the course's own interface (`phasedout_play`, `UnoAI`, ...).
    Course,
    /// A program speaking parlour's bot protocol.
    Program,
}

impl Kind {
    /// As the store writes it.
    pub fn text(self) -> &'static str {
        match self {
            Kind::Course => "course",
            Kind::Program => "program",
        }
    }
}

/// What a course's interface names for each game: a submission that defines it is run by the
/// course adapter.
pub fn course_entry_point(game: &str) -> Option<&'static str> {
    Some(match game {
        "uno" => "class UnoAI",
        "go" => "def comp10001go_play",
        "phased" => "def phasedout_play",
        "bo" => "def comp10001bo_play",
        "chexers" => "class Player",
        _ => return None,
    })
}

/// Reads an upload: its kind. A Python file (`NAME.py`) is written to the course's interface
/// when it defines the game's entry point, a program otherwise; a zip archive (`NAME.zip`)
/// says in its manifest (see [`crate::archive`]). Anything else, an empty or binary `.py`, a
/// bad archive, or an upload over the league's size limit is refused, saying why.
pub fn classify(config: &LeagueConfig, file_name: &str, bytes: &[u8]) -> Result<Kind, LeagueError> {
    let refuse = |why: String| LeagueError::Refused(format!("{file_name}: {why}"));
    if bytes.len() as u64 > config.quota.max_bytes {
        return Err(refuse(format!(
            "{} bytes is over this league's limit of {} bytes",
            bytes.len(),
            config.quota.max_bytes
        )));
    }
    if file_name.ends_with(".zip") {
        let archive = crate::archive::read(file_name, bytes, unpacked_limit(config))?;
        return Ok(if archive.manifest.course.is_some() {
            Kind::Course
        } else {
            Kind::Program
        });
    }
    if !file_name.ends_with(".py") {
        return Err(refuse(
            "a submission is a Python file (NAME.py) written to the course's interface or \
             speaking parlour's bot protocol, or a zip archive (NAME.zip) with a parlour.toml"
                .into(),
        ));
    }
    let text = std::str::from_utf8(bytes).map_err(|e| refuse(format!("not text (UTF-8): {e}")))?;
    if text.trim().is_empty() {
        return Err(refuse("it is empty".into()));
    }
    if text.contains('\0') {
        return Err(refuse("it holds a NUL byte: not Python source".into()));
    }
    let course = course_entry_point(&config.game)
        .is_some_and(|e| text.lines().any(|l| l.trim_start().starts_with(e)));
    Ok(if course { Kind::Course } else { Kind::Program })
}

/// The most bytes an archive may unpack to.
fn unpacked_limit(config: &LeagueConfig) -> u64 {
    config
        .quota
        .max_bytes
        .saturating_mul(crate::archive::UNPACKED)
}

/// The SHA-256 of a submission's content, in hex.
pub fn content_hash(bytes: &[u8]) -> String {
    Sha256::digest(bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// A file name made safe: letters, digits and `_`, ending in `.py` (or `.zip`, an archive's).
fn safe_name(file_name: &str) -> String {
    let zip = file_name.ends_with(".zip");
    let stem = file_name
        .strip_suffix(".py")
        .or_else(|| file_name.strip_suffix(".zip"))
        .unwrap_or(file_name);
    let mut s: String = stem
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '_' {
                c
            } else {
                '_'
            }
        })
        .take(60)
        .collect();
    if s.is_empty() || s.starts_with(|c: char| c.is_ascii_digit()) {
        s.insert(0, 'm');
    }
    format!("{s}.{}", if zip { "zip" } else { "py" })
}

/// Makes a kept submission read-only: its files and folders 0555 (a program of the archive's
/// own may be run; nothing may be changed).
fn make_read_only(path: &Path) -> std::io::Result<()> {
    use std::os::unix::fs::PermissionsExt;
    for entry in std::fs::read_dir(path)? {
        let p = entry?.path();
        if p.is_dir() {
            make_read_only(&p)?;
        } else {
            std::fs::set_permissions(&p, std::fs::Permissions::from_mode(0o555))?;
        }
    }
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o555))
}

/// Undoes [`make_read_only`] (for a half-written folder a crash left).
fn make_writable(path: &Path) -> std::io::Result<()> {
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o755))?;
    for entry in std::fs::read_dir(path)? {
        let p = entry?.path();
        if p.is_dir() {
            make_writable(&p)?;
        } else {
            std::fs::set_permissions(&p, std::fs::Permissions::from_mode(0o644))?;
        }
    }
    Ok(())
}

/// The folder a submission is kept in.
pub fn folder(dir: &Path, hash: &str) -> PathBuf {
    dir.join(SUBMISSIONS).join(hash)
}

/// The entry a submission plays as: the course adapter running its file, or `python3 FILE`,
/// in its own folder, under the league's limits; `name` heads its rows.
pub fn program(
    dir: &Path,
    config: &LeagueConfig,
    s: &Submission,
    name: &str,
) -> Result<ProgramSpec, LeagueError> {
    let folder = std::fs::canonicalize(folder(dir, &s.hash)).map_err(|e| LeagueError::Io {
        what: format!("submission {} is missing", s.id),
        reason: e.to_string(),
    })?;
    let bad = |e: parlour_protocol::EntryError| LeagueError::Config(e.to_string());
    let course = |path: &Path| {
        parlour_protocol::course_program(path, &config.game, name, config.limits, config.max_faults)
            .map_err(bad)
    };
    let program = |command: Vec<String>| {
        let mut spec =
            parlour_protocol::program_from_cmd("python3", config.limits, config.max_faults)
                .map_err(bad)?;
        spec.command = command;
        spec.name = name.to_string();
        Ok::<_, LeagueError>(spec)
    };
    let mut spec = match crate::archive::manifest_in(&folder)? {
        Some(crate::archive::Manifest {
            course: Some(c), ..
        }) => course(&folder.join(c))?,
        Some(crate::archive::Manifest {
            command: Some(mut command),
            ..
        }) => {
            // A program of the archive's own runs by its path there.
            if command[0] != "python3" {
                command[0] = folder.join(&command[0]).display().to_string();
            }
            program(command)?
        }
        Some(_) => {
            return Err(LeagueError::Store(format!(
                "submission {}'s manifest says nothing of how it plays",
                s.id
            )))
        }
        None if s.kind == Kind::Course.text() => course(&folder.join(SOURCE))?,
        None => program(vec![
            "python3".into(),
            folder.join(SOURCE).display().to_string(),
        ])?,
    };
    spec.dir = Some(folder.clone());
    spec.files = vec![folder];
    Ok(spec)
}

/// How many submissions `person` made in the hour before `now`, the bytes they keep (see
/// [`kept_bytes`]), and the bytes everyone's submissions hold.
fn used(dir: &Path, store: &Store, person: i64, now: i64) -> Result<(u32, u64, u64), LeagueError> {
    let all = store.submissions(None)?;
    let recent = all
        .iter()
        .filter(|s| s.person == person && s.submitted > now - 3_600_000)
        .count() as u32;
    Ok((
        recent,
        kept(dir, all.iter().filter(|s| s.person == person)),
        all.iter().map(|s| s.bytes).sum(),
    ))
}

/// The bytes `person` keeps in the league: their submissions and the logs those wrote (each
/// check's and each one's ladder log). A log is capped (16 MiB) but every submission has its
/// own, so the logs count against the person's storage too: one who fills them can neither
/// submit more nor switch to another submission that would start a new log.
pub fn kept_bytes(dir: &Path, store: &Store, person: i64) -> Result<u64, LeagueError> {
    Ok(kept(dir, store.submissions(Some(person))?.iter()))
}

fn kept<'a>(dir: &Path, subs: impl Iterator<Item = &'a Submission>) -> u64 {
    let size = |p: PathBuf| std::fs::metadata(p).map_or(0, |m| m.len());
    subs.map(|s| s.bytes + size(check_log(dir, s.id)) + size(ladder_log(dir, s.id)))
        .sum()
}

/// Takes `person`'s upload: checks it against the league's quota and kind, keeps it under its
/// hash (the same content twice is one file), and records it as being checked. Its number.
pub fn submit(
    dir: &Path,
    config: &LeagueConfig,
    store: &Store,
    person: i64,
    file_name: &str,
    bytes: &[u8],
    now: i64,
) -> Result<i64, LeagueError> {
    let kind = classify(config, file_name, bytes)?;
    let (recent, kept, everyone) = used(dir, store, person, now)?;
    if recent >= config.quota.per_hour {
        return Err(LeagueError::Refused(format!(
            "{recent} submissions in the last hour: this league takes at most {} an hour from \
             one person",
            config.quota.per_hour
        )));
    }
    if kept + bytes.len() as u64 > config.quota.storage_bytes {
        return Err(LeagueError::Refused(format!(
            "your submissions and their logs would hold {} bytes; this league keeps at most {} \
             per person (a bot that prints less to its standard error keeps smaller logs)",
            kept + bytes.len() as u64,
            config.quota.storage_bytes
        )));
    }
    if everyone + bytes.len() as u64 > config.quota.league_bytes {
        return Err(LeagueError::Refused(format!(
            "the league's submissions would hold {} bytes; it keeps at most {} in all (ask \
             the organiser to raise quota.league_bytes)",
            everyone + bytes.len() as u64,
            config.quota.league_bytes
        )));
    }
    let hash = content_hash(bytes);
    let name = safe_name(file_name);
    let folder = folder(dir, &hash);
    if !folder.exists() {
        let io = |what: String| {
            move |e: std::io::Error| LeagueError::Io {
                what,
                reason: e.to_string(),
            }
        };
        let parent = dir.join(SUBMISSIONS);
        std::fs::create_dir_all(&parent)
            .map_err(io(format!("cannot make {}", parent.display())))?;
        // Written beside, then renamed: a crash never leaves half a submission under its hash.
        let part = parent.join(format!(".{hash}.part"));
        if part.exists() {
            let _ = make_writable(&part);
            let _ = std::fs::remove_dir_all(&part);
        }
        if name.ends_with(".zip") {
            let archive = crate::archive::read(file_name, bytes, unpacked_limit(config))?;
            crate::archive::unpack(&archive, &part)
                .map_err(io(format!("cannot unpack into {}", part.display())))?;
        } else {
            std::fs::create_dir(&part).map_err(io(format!("cannot make {}", part.display())))?;
            let at = part.join(SOURCE);
            std::fs::write(&at, bytes).map_err(io(format!("cannot write {}", at.display())))?;
        }
        make_read_only(&part).map_err(io(format!("cannot protect {}", part.display())))?;
        std::fs::rename(&part, &folder)
            .map_err(io(format!("cannot write {}", folder.display())))?;
    }
    store.add_submission(&Submission {
        id: 0,
        person,
        hash,
        kind: kind.text().into(),
        file_name: name,
        bytes: bytes.len() as u64,
        submitted: now,
        status: Status::Checking,
        report: None,
    })
}

/// The log of a submission's check.
pub fn check_log(dir: &Path, id: i64) -> PathBuf {
    dir.join("logs").join(format!("check-{id}.stderr.log"))
}

/// The name submission `id` plays under in ladder matches (its log is `DIR/logs/NAME.stderr.log`).
pub fn ladder_name(id: i64) -> String {
    format!("s{id}")
}

/// The log of a submission's ladder matches (what it wrote to its standard error).
pub fn ladder_log(dir: &Path, id: i64) -> PathBuf {
    dir.join("logs")
        .join(format!("{}.stderr.log", ladder_name(id)))
}

/// Checks submission `id` (jailed where the machine has the jail) and records what it found.
pub fn check(
    dir: &Path,
    config: &LeagueConfig,
    store: &Store,
    id: i64,
) -> Result<crate::games::Checked, LeagueError> {
    let s = store
        .submission(id)?
        .ok_or_else(|| LeagueError::Refused(format!("no submission {id}")))?;
    let spec = program(dir, config, &s, &ladder_name(id))?;
    let checked = crate::games::check(
        config,
        &spec,
        &check_log(dir, id),
        crate::games::check_seed(config, id as u64),
    )?;
    let status = if checked.passed {
        Status::Passed
    } else {
        Status::Failed
    };
    store.set_checked(id, status, &checked.report)?;
    Ok(checked)
}
