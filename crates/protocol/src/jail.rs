//! The filesystem a contained bot sees, and the user it runs as.
//!
//! A contained bot (see [`process::containment`](crate::process::containment)) starts in a root
//! of its own, built in its private mount namespace before its program runs, as bubblewrap
//! builds one:
//!
//! - the system, read-only: `/usr` (and the `/bin`, `/lib`, ... links into it), `/etc` and
//!   `/opt`;
//! - the tools its command needs, read-only: each `PYTHONPATH` folder (the Python kit),
//!   `VIRTUAL_ENV`, and the program's own installation when `PATH` finds it outside the system;
//! - its own files, read-only, at the paths it knows them by: each file or folder its command
//!   names (`python3 bots/mine.py`: `bots/mine.py` alone), and the folder a bots file gives it
//!   (`dir`) with the files it lists (`files`);
//! - a private `/tmp` (a tmpfs of [`Limits::tmp_mb`](crate::Limits)), a `/dev` of `null`, `zero`,
//!   `full`, `random` and `urandom`, and a fresh `/proc` that shows only its own processes;
//! - nothing else: no other entry, no working directory (its working directory is an empty,
//!   read-only folder at the same path, holding only the files it named), no database, logs or
//!   traces, no home.
//!
//! As root, each entry also runs as a user of its own ([`entry_uid`]), with no capabilities:
//! no two entries can signal, trace or read each other even if a namespace were missing, and
//! root's own files (`/etc/shadow`, the results parlour writes with mode 0600) stay unreadable.
//! An entry's files must therefore be readable by other users (`chmod -R o+rX`); parlour checks
//! this before the program starts and says so when they are not.

use std::ffi::{CString, OsStr};
use std::os::unix::ffi::OsStrExt;
use std::os::unix::fs::MetadataExt;
use std::path::{Component, Path, PathBuf};

use nix::errno::Errno;
use nix::libc;

use crate::entry::ProgramSpec;

/// The system folders every contained bot sees, read-only (those that exist; a link such as
/// `/bin -> usr/bin` is made again as a link).
pub const SYSTEM: &[&str] = &[
    "/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32", "/etc", "/opt",
];

/// Where a contained bot's own uids start: entry `k` of this parlour process runs as
/// `ENTRY_UIDS + (pid % 10000) * 10000 + k`, numbers no account uses, so entries of two
/// tournaments on one machine differ too.
pub const ENTRY_UIDS: u32 = 1_800_000_000;

/// The uid (and gid) the entry named `name` runs as, when parlour runs as root: the same for
/// every copy of one entry, different for every two entries of this process.
pub fn entry_uid(name: &str) -> u32 {
    static NAMES: std::sync::Mutex<Vec<String>> = std::sync::Mutex::new(Vec::new());
    let mut names = NAMES.lock().unwrap_or_else(|e| e.into_inner());
    let k = match names.iter().position(|n| n == name) {
        Some(k) => k,
        None => {
            names.push(name.to_string());
            names.len() - 1
        }
    };
    ENTRY_UIDS + (std::process::id() % 10_000) * 10_000 + (k as u32 % 10_000)
}

/// What a contained bot is shown of the host's tree, beyond the system: absolute paths, each
/// read-only at its own place.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Shown {
    /// The tools its command needs (the Python kit, a virtual environment, the program's own
    /// installation outside the system folders).
    pub tools: Vec<PathBuf>,
    /// Its own files and folders.
    pub own: Vec<PathBuf>,
    /// Its working directory (inside the jail: empty but for the files it named).
    pub workdir: PathBuf,
}

/// `path` made absolute against `base`, with `.` and `..` taken out as written (links are not
/// followed: the bot knows the path by its name).
fn absolute(base: &Path, path: &Path) -> PathBuf {
    let mut out = PathBuf::from("/");
    for part in base.join(path).components() {
        match part {
            Component::ParentDir => {
                out.pop();
            }
            Component::Normal(p) => out.push(p),
            _ => {}
        }
    }
    out
}

/// Whether `path` lies in one of the [`SYSTEM`] folders (which every bot sees already).
fn in_system(path: &Path) -> bool {
    SYSTEM.iter().any(|s| path.starts_with(s))
}

/// The installation a program at `path` belongs to, when it lies in a `bin/` (or pyenv's
/// `shims/`) folder: the folder above it (where an interpreter finds its libraries).
fn installation(path: &Path) -> Option<PathBuf> {
    let dir = path.parent()?;
    let name = dir.file_name()?;
    let up = dir.parent()?;
    ((name == "bin" || name == "shims") && up != Path::new("/")).then(|| up.to_path_buf())
}

/// Where a program at `path` really lies, when links lead outside the system (a virtual
/// environment's `python` is a link to the interpreter it was made from): its installation,
/// or its folder.
fn real_installation(path: &Path) -> Option<PathBuf> {
    let real = std::fs::canonicalize(path).ok()?;
    if real == path || in_system(&real) {
        return None;
    }
    installation(&real).or_else(|| real.parent().map(Path::to_path_buf))
}

/// What the jail shows `spec`'s program, given parlour's `PATH`, `PYTHONPATH` and
/// `VIRTUAL_ENV` (which the program gets too).
pub fn shown(
    spec: &ProgramSpec,
    path_var: Option<&OsStr>,
    python_path: Option<&OsStr>,
    virtual_env: Option<&OsStr>,
) -> Shown {
    let workdir = spec.dir.clone().unwrap_or_else(|| PathBuf::from("/tmp"));
    let mut own = Vec::new();
    let mut tools = Vec::new();
    // Every word of the command that names a file or folder (not an option). The program
    // itself, named by a path into an installation's `bin/` (a virtual environment's Python),
    // is a tool: its installation is shown.
    for (i, word) in spec.command.iter().enumerate() {
        if word.is_empty() || word.starts_with('-') || (i == 0 && !word.contains('/')) {
            continue;
        }
        let path = absolute(&workdir, Path::new(word));
        if path.symlink_metadata().is_err() || in_system(&path) {
            continue;
        }
        match (i == 0).then(|| installation(&path)).flatten() {
            Some(install) => tools.push(install),
            None => own.push(path.clone()),
        }
        if i == 0 {
            tools.extend(real_installation(&path));
        }
    }
    for file in &spec.files {
        own.push(absolute(&workdir, file));
    }
    // The program found on PATH, when it lies outside the system: its installation (the
    // folder above `bin/`, or above pyenv's `shims/`), so that an interpreter finds its own
    // libraries.
    if let Some(program) = spec.command.first().filter(|p| !p.contains('/')) {
        let found = path_var
            .map(std::env::split_paths)
            .into_iter()
            .flatten()
            .map(|d| d.join(program))
            .find(|p| p.is_file());
        if let Some(found) = found.filter(|p| p.is_absolute()) {
            if !in_system(&found) {
                if let Some(dir) = found.parent() {
                    tools.push(installation(&found).unwrap_or_else(|| dir.to_path_buf()));
                }
            }
            tools.extend(real_installation(&found));
        }
    }
    for dir in python_path.map(std::env::split_paths).into_iter().flatten() {
        if !dir.as_os_str().is_empty() {
            tools.push(absolute(&workdir, &dir));
        }
    }
    if let Some(venv) = virtual_env.filter(|v| !v.is_empty()) {
        tools.push(absolute(&workdir, Path::new(venv)));
    }
    let keep = |p: &PathBuf| p.exists() && !in_system(p) && !p.starts_with("/proc");
    tools.retain(keep);
    own.retain(keep);
    tools.sort();
    tools.dedup();
    own.sort();
    own.dedup();
    Shown {
        tools,
        own,
        workdir,
    }
}

/// Refuses a program whose files the entry's own user (`uid`) could not read: each file must be
/// readable by others (or owned by that user), each folder readable and searchable.
pub fn check_readable(name: &str, shown: &Shown, uid: u32) -> std::io::Result<()> {
    for path in shown.own.iter().chain(&shown.tools) {
        let Ok(meta) = std::fs::metadata(path) else {
            continue;
        };
        let need = if meta.is_dir() { 0o005 } else { 0o004 };
        let owner = meta.uid() == uid;
        let ok = if owner {
            meta.mode() & (need << 6) == need << 6
        } else {
            meta.mode() & need == need
        };
        if !ok {
            return Err(std::io::Error::new(
                std::io::ErrorKind::PermissionDenied,
                format!(
                    "{name} runs in the jail as a user of its own (uid {uid}), who cannot read \
                     {} (mode {:o}): make it readable by others (chmod -R o+rX {})",
                    path.display(),
                    meta.mode() & 0o7777,
                    path.display()
                ),
            ));
        }
    }
    Ok(())
}

/// A read-only view of `from` (on the host) at `to` (in the jail).
#[derive(Debug)]
struct Bind {
    from: CString,
    to: CString,
    /// A file (else a folder).
    file: bool,
    /// A device (`/dev/null`, ...): not read-only, not `nodev`.
    device: bool,
}

/// A jail, planned in the parent (every path made, every buffer allocated) and entered in the
/// child between fork and exec, where only system calls may run.
#[derive(Debug)]
pub struct Jail {
    /// Folders to make in the new root, parents first.
    dirs: Vec<CString>,
    /// Links to make: (target, link).
    links: Vec<(CString, CString)>,
    binds: Vec<Bind>,
    /// The options of the private `/tmp`.
    tmp: CString,
    workdir: CString,
}

/// The host's root, once the jail's base is the root.
const OLD: &str = "/oldroot";
/// The jail's new root, while it is built.
const NEW: &str = "/newroot";

fn c(path: impl AsRef<OsStr>) -> std::io::Result<CString> {
    CString::new(path.as_ref().as_bytes()).map_err(|_| {
        std::io::Error::new(
            std::io::ErrorKind::InvalidInput,
            format!("a path with a NUL byte: {:?}", path.as_ref()),
        )
    })
}

/// `path` (absolute) under `root`.
fn under(root: &str, path: &Path) -> PathBuf {
    Path::new(root).join(path.strip_prefix("/").unwrap_or(path))
}

impl Jail {
    /// Plans the jail that shows `shown`, with a `/tmp` of at most `tmp_mb` MiB.
    pub fn plan(shown: &Shown, tmp_mb: u64) -> std::io::Result<Jail> {
        let mut dirs: Vec<PathBuf> = Vec::new();
        let mut links = Vec::new();
        let mut binds = Vec::new();
        let want_dir = |dirs: &mut Vec<PathBuf>, path: &Path| {
            for a in path.ancestors().collect::<Vec<_>>().into_iter().rev() {
                if a != Path::new("/") && !dirs.iter().any(|d| d == a) {
                    dirs.push(a.to_path_buf());
                }
            }
        };
        for sys in SYSTEM {
            let path = Path::new(sys);
            match path.symlink_metadata() {
                Ok(m) if m.file_type().is_symlink() => {
                    let target = std::fs::read_link(path)?;
                    links.push((c(target)?, c(under(NEW, path))?));
                }
                Ok(m) if m.is_dir() => {
                    want_dir(&mut dirs, path);
                    binds.push(Bind {
                        from: c(under(OLD, path))?,
                        to: c(under(NEW, path))?,
                        file: false,
                        device: false,
                    });
                }
                _ => {}
            }
        }
        // Tools and own files, outermost first; one inside another shown already is shown by it.
        let mut views: Vec<&PathBuf> = shown.tools.iter().chain(&shown.own).collect();
        views.sort();
        let mut done: Vec<&PathBuf> = Vec::new();
        for path in views {
            if done.iter().any(|d| path.starts_with(d)) {
                continue;
            }
            let file = !path.is_dir();
            if file {
                want_dir(&mut dirs, path.parent().unwrap_or(Path::new("/")));
            } else {
                want_dir(&mut dirs, path);
            }
            binds.push(Bind {
                from: c(under(OLD, path))?,
                to: c(under(NEW, path))?,
                file,
                device: false,
            });
            done.push(path);
        }
        let workdir_shown = done.iter().any(|d| shown.workdir.starts_with(d));
        if !workdir_shown {
            want_dir(&mut dirs, &shown.workdir);
        }
        // The working directory, made for it (with the files it named inside), is read-only
        // too: also where it lies in its own /tmp, and in a user namespace, where the bot is
        // the owner of what the jail made.
        if !workdir_shown && !matches!(shown.workdir.to_str(), Some("/" | "/tmp")) {
            let inside = c(under(NEW, &shown.workdir))?;
            binds.push(Bind {
                from: inside.clone(),
                to: inside,
                file: false,
                device: false,
            });
        }
        for dev in ["null", "zero", "full", "random", "urandom"] {
            let path = Path::new("/dev").join(dev);
            binds.push(Bind {
                from: c(under(OLD, &path))?,
                to: c(under(NEW, &path))?,
                file: true,
                device: true,
            });
        }
        for (target, link) in [
            ("/proc/self/fd", "/dev/fd"),
            ("/proc/self/fd/0", "/dev/stdin"),
            ("/proc/self/fd/1", "/dev/stdout"),
            ("/proc/self/fd/2", "/dev/stderr"),
        ] {
            links.push((c(target)?, c(under(NEW, Path::new(link)))?));
        }
        // `/dev`, `/proc` and `/tmp` are mounted first; folders inside `/tmp` are made in the
        // bot's own tmpfs (root's, read-only for the bot).
        dirs.retain(|d| !matches!(d.to_str(), Some("/dev" | "/proc" | "/tmp")));
        Ok(Jail {
            dirs: dirs
                .iter()
                .map(|d| c(under(NEW, d)))
                .collect::<Result<_, _>>()?,
            links,
            binds,
            tmp: c(format!("mode=1777,size={}m,nr_inodes=65536", tmp_mb.max(1)))?,
            workdir: c(&shown.workdir)?,
        })
    }

    /// Builds the jail's root and moves into it. Runs in the child between fork and exec, as the
    /// first process of its new PID namespace, in its own mount namespace, with root's
    /// privileges there: only system calls, on buffers made by [`Jail::plan`].
    pub fn enter(&self) -> nix::Result<()> {
        // SAFETY: every call below is a system call on NUL-terminated buffers owned by `self`
        // (or static C strings), and checks its result.
        unsafe {
            libc::umask(0o022);
            mount(None, c"/", None, libc::MS_REC | libc::MS_PRIVATE, None)?;
            // The base, a small tmpfs on /tmp, becomes the root for a while: the host's tree is
            // then /oldroot, and the jail is built in /newroot.
            mount(
                Some(c"tmpfs"),
                c"/tmp",
                Some(c"tmpfs"),
                libc::MS_NOSUID | libc::MS_NODEV,
                Some(c"mode=0755,size=64k"),
            )?;
            check(libc::chdir(c"/tmp".as_ptr()))?;
            check(libc::mkdir(c"newroot".as_ptr(), 0o755))?;
            check(libc::mkdir(c"oldroot".as_ptr(), 0o755))?;
            check(
                libc::syscall(libc::SYS_pivot_root, c".".as_ptr(), c"oldroot".as_ptr())
                    as libc::c_int,
            )?;
            check(libc::chdir(c"/".as_ptr()))?;
            mount(
                Some(c"tmpfs"),
                c"/newroot",
                Some(c"tmpfs"),
                libc::MS_NOSUID | libc::MS_NODEV,
                Some(c"mode=0755,size=1m"),
            )?;
            for dir in [c"/newroot/dev", c"/newroot/proc", c"/newroot/tmp"] {
                check(libc::mkdir(dir.as_ptr(), 0o755))?;
            }
            mount(
                Some(c"tmpfs"),
                c"/newroot/tmp",
                Some(c"tmpfs"),
                libc::MS_NOSUID | libc::MS_NODEV,
                Some(&self.tmp),
            )?;
            mount(
                Some(c"tmpfs"),
                c"/newroot/dev",
                Some(c"tmpfs"),
                libc::MS_NOSUID | libc::MS_NOEXEC,
                Some(c"mode=0755,size=64k"),
            )?;
            check(libc::mkdir(c"/newroot/dev/shm".as_ptr(), 0o1777))?;
            for dir in &self.dirs {
                match Errno::result(libc::mkdir(dir.as_ptr(), 0o755)) {
                    Ok(_) | Err(Errno::EEXIST) => {}
                    Err(e) => return Err(e),
                }
            }
            for (target, link) in &self.links {
                check(libc::symlink(target.as_ptr(), link.as_ptr()))?;
            }
            for bind in &self.binds {
                if bind.file {
                    let fd = libc::open(
                        bind.to.as_ptr(),
                        libc::O_CREAT | libc::O_RDONLY | libc::O_CLOEXEC,
                        0o644,
                    );
                    check(fd)?;
                    libc::close(fd);
                }
                let mut attrs = libc::MOUNT_ATTR_NOSUID;
                attrs |= if bind.device {
                    libc::MOUNT_ATTR_NOEXEC
                } else {
                    libc::MOUNT_ATTR_RDONLY | libc::MOUNT_ATTR_NODEV
                };
                bind_read_only(&bind.from, &bind.to, attrs)?;
            }
            // A fresh /proc, for the new PID namespace: mounted while the host's is still in
            // this mount namespace (in a user namespace, the kernel allows a new proc only
            // where a full one is visible).
            mount(
                Some(c"proc"),
                c"/newroot/proc",
                Some(c"proc"),
                libc::MS_NOSUID | libc::MS_NODEV | libc::MS_NOEXEC,
                None,
            )?;
            check(libc::umount2(c"/oldroot".as_ptr(), libc::MNT_DETACH))?;
            // The finished root: /newroot replaces the base (`pivot_root(".", ".")`, then the
            // base, stacked on top, is let go).
            check(libc::chdir(c"/newroot".as_ptr()))?;
            check(
                libc::syscall(libc::SYS_pivot_root, c".".as_ptr(), c".".as_ptr()) as libc::c_int,
            )?;
            check(libc::umount2(c".".as_ptr(), libc::MNT_DETACH))?;
            check(libc::chdir(c"/".as_ptr()))?;
            // Its skeleton is read-only: the bot writes only in /tmp.
            mount(
                None,
                c"/",
                None,
                libc::MS_BIND
                    | libc::MS_REMOUNT
                    | libc::MS_RDONLY
                    | libc::MS_NOSUID
                    | libc::MS_NODEV,
                None,
            )?;
            check(libc::chdir(self.workdir.as_ptr()))?;
        }
        Ok(())
    }
}

fn check(r: libc::c_int) -> nix::Result<()> {
    Errno::result(r).map(drop)
}

/// mount(2) on C strings.
fn mount(
    source: Option<&std::ffi::CStr>,
    target: &std::ffi::CStr,
    fstype: Option<&std::ffi::CStr>,
    flags: libc::c_ulong,
    data: Option<&std::ffi::CStr>,
) -> nix::Result<()> {
    let p = |s: Option<&std::ffi::CStr>| s.map_or(std::ptr::null(), |s| s.as_ptr());
    // SAFETY: every pointer is null or a NUL-terminated string that outlives the call.
    check(unsafe { libc::mount(p(source), target.as_ptr(), p(fstype), flags, p(data).cast()) })
}

/// A recursive bind of `from` at `to` with `attrs` on every mount in it (the new mount API:
/// `open_tree`, `mount_setattr`, `move_mount`, so that mounts inside a system folder are
/// read-only too).
fn bind_read_only(from: &std::ffi::CStr, to: &std::ffi::CStr, attrs: u64) -> nix::Result<()> {
    // SAFETY (all four): system calls on NUL-terminated strings and a `mount_attr` that
    // outlive them, and on the descriptor `open_tree` made, closed once.
    let tree = unsafe {
        libc::syscall(
            libc::SYS_open_tree,
            libc::AT_FDCWD,
            from.as_ptr(),
            libc::OPEN_TREE_CLONE | libc::OPEN_TREE_CLOEXEC | libc::AT_RECURSIVE as libc::c_uint,
        )
    } as libc::c_int;
    check(tree)?;
    let attr = libc::mount_attr {
        attr_set: attrs,
        attr_clr: 0,
        propagation: libc::MS_PRIVATE,
        userns_fd: 0,
    };
    let result = check(unsafe {
        libc::syscall(
            libc::SYS_mount_setattr,
            tree,
            c"".as_ptr(),
            libc::AT_EMPTY_PATH | libc::AT_RECURSIVE,
            &attr as *const libc::mount_attr,
            size_of::<libc::mount_attr>(),
        )
    } as libc::c_int)
    .and_then(|_| {
        check(unsafe {
            libc::syscall(
                libc::SYS_move_mount,
                tree,
                c"".as_ptr(),
                libc::AT_FDCWD,
                to.as_ptr(),
                libc::MOVE_MOUNT_F_EMPTY_PATH,
            )
        } as libc::c_int)
    });
    unsafe { libc::close(tree) };
    result
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeMap;

    fn spec(command: &[&str], dir: &Path, files: &[&str]) -> ProgramSpec {
        ProgramSpec {
            name: "x".into(),
            command: command.iter().map(|s| s.to_string()).collect(),
            dir: Some(dir.to_path_buf()),
            env: BTreeMap::new(),
            limits: Default::default(),
            max_faults: 1,
            user: None,
            files: files.iter().map(PathBuf::from).collect(),
        }
    }

    #[test]
    fn a_bot_is_shown_the_files_its_command_names_and_not_their_folder() {
        let d = tempfile::tempdir().unwrap();
        std::fs::create_dir(d.path().join("bots")).unwrap();
        std::fs::write(d.path().join("bots/mine.py"), "").unwrap();
        std::fs::write(d.path().join("bots/theirs.py"), "").unwrap();
        let s = shown(
            &spec(
                &["python3", "bots/mine.py", "--fast", "missing"],
                d.path(),
                &[],
            ),
            None,
            None,
            None,
        );
        assert_eq!(s.own, vec![d.path().join("bots/mine.py")]);
        assert!(s.tools.is_empty());
        assert_eq!(s.workdir, d.path());
    }

    #[test]
    fn a_bots_files_folder_and_the_python_path_are_shown_and_system_paths_are_not_repeated() {
        let d = tempfile::tempdir().unwrap();
        std::fs::create_dir(d.path().join("kit")).unwrap();
        std::fs::create_dir(d.path().join("mine")).unwrap();
        let kit = d.path().join("kit");
        let s = shown(
            &spec(
                &["/usr/bin/env", "python3", "-m", "bot"],
                d.path(),
                &["mine"],
            ),
            Some(OsStr::new("/usr/bin")),
            Some(kit.as_os_str()),
            None,
        );
        assert_eq!(s.own, vec![d.path().join("mine")]);
        assert_eq!(s.tools, vec![kit]);
    }

    #[test]
    fn a_program_in_a_virtual_environment_shows_the_environment_and_its_interpreter() {
        let d = tempfile::tempdir().unwrap();
        let real = d.path().join("pythons/3.11/bin");
        std::fs::create_dir_all(&real).unwrap();
        std::fs::write(real.join("python3"), "").unwrap();
        let venv = d.path().join("venv/bin");
        std::fs::create_dir_all(&venv).unwrap();
        std::os::unix::fs::symlink(real.join("python3"), venv.join("python")).unwrap();
        std::fs::write(d.path().join("bot.py"), "").unwrap();
        let program = venv.join("python");
        let s = shown(
            &spec(&[program.to_str().unwrap(), "bot.py"], d.path(), &[]),
            None,
            None,
            None,
        );
        assert_eq!(s.own, vec![d.path().join("bot.py")]);
        let root = std::fs::canonicalize(d.path()).unwrap();
        assert!(s.tools.contains(&d.path().join("venv")), "{:?}", s.tools);
        assert!(
            s.tools.contains(&root.join("pythons/3.11")),
            "{:?}",
            s.tools
        );
    }

    #[test]
    fn paths_are_made_absolute_as_written() {
        assert_eq!(
            absolute(Path::new("/a/b"), Path::new("../c/./d")),
            PathBuf::from("/a/c/d")
        );
        assert_eq!(
            absolute(Path::new("/a"), Path::new("/x/y")),
            PathBuf::from("/x/y")
        );
    }

    #[test]
    fn entries_get_different_uids_and_copies_the_same() {
        let a = entry_uid("jail-test-a");
        let b = entry_uid("jail-test-b");
        assert_ne!(a, b);
        assert_eq!(a, entry_uid("jail-test-a"));
        assert!(a >= ENTRY_UIDS);
    }

    #[test]
    fn an_unreadable_folder_is_refused_with_the_fix() {
        use std::os::unix::fs::PermissionsExt;
        let d = tempfile::tempdir().unwrap();
        let mine = d.path().join("mine");
        std::fs::create_dir(&mine).unwrap();
        std::fs::set_permissions(&mine, std::fs::Permissions::from_mode(0o700)).unwrap();
        let s = Shown {
            own: vec![mine.clone()],
            ..Shown::default()
        };
        let e = check_readable("x", &s, ENTRY_UIDS).unwrap_err().to_string();
        assert!(e.contains("mode 700") && e.contains("chmod -R o+rX"), "{e}");
        std::fs::set_permissions(&mine, std::fs::Permissions::from_mode(0o755)).unwrap();
        check_readable("x", &s, ENTRY_UIDS).unwrap();
    }
}
