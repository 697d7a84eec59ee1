//! Limits on a bot's whole process tree, and its clock, with the kernel's control groups.
//!
//! Each copy of a contained bot gets groups of its own, which every process it starts stays in:
//!
//! - **memory**: all its processes together, with its `/tmp` (tmpfs pages are charged to the
//!   group that writes them), may hold at most `memory_mb + tmp_mb` MiB, and no swap; past it the
//!   kernel's out-of-memory killer ends one of them;
//! - **processes**: at most [`Limits::processes`](crate::Limits) tasks (processes and threads)
//!   at once, so a fork bomb stops there;
//! - **freezing**: between its decisions the whole group is frozen (no process in it runs), so it
//!   computes only on its own time, and a bot's clock is its own CPU time ([`Group::cpu_time`]).
//!
//! Freezing, killing and CPU time use the unified (v2) hierarchy, which current kernels always
//! have: at `/sys/fs/cgroup` on a v2-only machine, at `/sys/fs/cgroup/unified` beside the v1
//! controllers on a hybrid one (where, unlike v1's freezer, a frozen process still dies of
//! `SIGKILL`). Memory and processes use v2's controllers where parlour's group may hand them
//! down, else v1's. CPU needs no
//! limit of its own: a bot's clock is the CPU time of all its processes together.
//!
//! A copy's groups live under `parlour-PID` in the groups parlour itself is in, and are removed
//! when it ends.

use std::ffi::CString;
use std::fs::File;
use std::io::{Read, Seek, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::OnceLock;
use std::time::Duration;

use nix::errno::Errno;
use nix::libc;

use crate::entry::Limits;

/// The controllers a copy's limits need, as v1 names them. (CPU needs none: a bot's clock is
/// the CPU time of all its processes, so its threads together spend its limit, and it is
/// frozen outside its decisions.)
const LIMITS: [&str; 2] = ["memory", "pids"];

/// Where this machine's control groups are, as parlour found them.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Tree {
    /// The unified (v2) group parlour runs in: copies are frozen, killed and timed there.
    pub unified: Option<PathBuf>,
    /// Whether that group hands the memory and pids controllers down to its children.
    pub unified_limits: bool,
    /// The v1 groups parlour runs in, per controller (memory, pids), where v2's cannot be used.
    pub v1: Vec<(String, PathBuf)>,
}

impl Tree {
    /// What a contained bot goes without on this machine, one line each (empty: nothing).
    pub fn missing(&self) -> Vec<String> {
        let mut out = Vec::new();
        if self.unified.is_none() {
            out.push(
                "no unified (v2) control group: bots are not frozen between decisions, their \
                 time is wall-clock time, and their processes are killed one by one"
                    .to_string(),
            );
        }
        if !self.unified_limits {
            for c in LIMITS {
                if !self.v1.iter().any(|(n, _)| n == c) {
                    out.push(format!(
                        "no {c} controller parlour may use: no {} limit on a bot's processes together",
                        if c == "memory" {
                            "memory"
                        } else {
                            "process-count"
                        }
                    ));
                }
            }
        }
        out
    }
}

/// The groups of this machine, found once (and checked writable by making parlour's own).
pub fn tree() -> &'static Tree {
    static TREE: OnceLock<Tree> = OnceLock::new();
    TREE.get_or_init(|| {
        let own = std::fs::read_to_string("/proc/self/cgroup").unwrap_or_default();
        let mut tree = find(&own, Path::new("/sys/fs/cgroup"));
        // Only groups parlour may make children in count.
        let writable = |base: &Path| {
            let probe = base.join(format!("parlour-{}", std::process::id()));
            let made = std::fs::create_dir_all(&probe).is_ok();
            let _ = std::fs::remove_dir(&probe);
            made
        };
        if tree.unified.as_deref().is_some_and(|u| !writable(u)) {
            tree.unified = None;
            tree.unified_limits = false;
        }
        tree.v1.retain(|(_, base)| writable(base));
        sweep(&tree);
        tree
    })
}

/// The groups listed in `own` (the text of `/proc/self/cgroup`), under `root`.
pub fn find(own: &str, root: &Path) -> Tree {
    let mut tree = Tree::default();
    let pure = root.join("cgroup.controllers").exists();
    let unified_root = if pure {
        Some(root.to_path_buf())
    } else if root.join("unified/cgroup.controllers").exists() {
        Some(root.join("unified"))
    } else {
        None
    };
    for line in own.lines() {
        let mut parts = line.splitn(3, ':');
        let (Some(_), Some(controllers), Some(path)) = (parts.next(), parts.next(), parts.next())
        else {
            continue;
        };
        let path = path.trim_start_matches('/');
        if controllers.is_empty() {
            if let Some(u) = &unified_root {
                let base = u.join(path);
                let control = std::fs::read_to_string(base.join("cgroup.subtree_control"))
                    .unwrap_or_default();
                tree.unified_limits = pure
                    && LIMITS
                        .iter()
                        .all(|c| control.split_whitespace().any(|w| w == *c));
                tree.unified = Some(base);
            }
        } else if !pure {
            for c in controllers.split(',') {
                if LIMITS.contains(&c) {
                    // A controller may share its mount with others (`cpu,cpuacct`).
                    let mount = std::fs::read_dir(root).ok().and_then(|dir| {
                        dir.flatten().map(|e| e.path()).find(|p| {
                            p.file_name()
                                .and_then(|n| n.to_str())
                                .is_some_and(|n| n.split(',').any(|x| x == c))
                                && p.is_dir()
                                && !p.is_symlink()
                        })
                    });
                    if let Some(mount) = mount {
                        tree.v1.push((c.to_string(), mount.join(path)));
                    }
                }
            }
        }
    }
    tree
}

/// Removes the groups left by parlour processes that are gone (killed, say), killing anything
/// still in them.
fn sweep(tree: &Tree) {
    let bases = tree.unified.iter().chain(tree.v1.iter().map(|(_, b)| b));
    for base in bases {
        let Ok(dir) = std::fs::read_dir(base) else {
            continue;
        };
        for e in dir.flatten() {
            let name = e.file_name();
            let Some(pid) = name
                .to_str()
                .and_then(|n| n.strip_prefix("parlour-"))
                .and_then(|p| p.parse::<u32>().ok())
            else {
                continue;
            };
            if pid == std::process::id() || Path::new(&format!("/proc/{pid}")).exists() {
                continue;
            }
            if let Ok(copies) = std::fs::read_dir(e.path()) {
                for c in copies.flatten().filter(|c| c.path().is_dir()) {
                    // A bot left frozen by a parlour killed at the wrong moment dies now.
                    let _ = std::fs::write(c.path().join("cgroup.kill"), "1");
                    let _ = std::fs::remove_dir(c.path());
                }
            }
            let _ = std::fs::remove_dir(e.path());
        }
    }
}

/// One copy's groups.
#[derive(Debug)]
pub struct Group {
    /// Its folders, one per hierarchy.
    dirs: Vec<PathBuf>,
    /// The `cgroup.procs` of its limits' groups (v1's, or the unified one where it holds the
    /// limits too) and of its unified group (its freezer), which the copy joins as it starts
    /// ([`join`]).
    procs: Vec<CString>,
    frozen_procs: Option<CString>,
    /// Its unified group's `cgroup.freeze` and `cpu.stat`.
    freeze: Option<File>,
    cpu: Option<File>,
    frozen: bool,
}

/// Writes `value` to the control file `name` in `dir`.
fn set(dir: &Path, name: &str, value: &str) -> std::io::Result<()> {
    std::fs::write(dir.join(name), value).map_err(|e| {
        std::io::Error::new(
            e.kind(),
            format!("cannot set {}: {e}", dir.join(name).display()),
        )
    })
}

impl Group {
    /// Makes a copy's groups with `limits` (`None` when this machine has none parlour may use).
    pub fn new(limits: &Limits) -> std::io::Result<Option<Group>> {
        static NEXT: AtomicU64 = AtomicU64::new(0);
        let tree = tree();
        if tree.unified.is_none() && tree.v1.is_empty() {
            return Ok(None);
        }
        let name = format!(
            "parlour-{}/{}",
            std::process::id(),
            NEXT.fetch_add(1, Ordering::Relaxed)
        );
        let memory = (limits.memory_mb.saturating_add(limits.tmp_mb))
            .min(1 << 40)
            .saturating_mul(1 << 20)
            .to_string();
        let pids = limits.processes.max(1).to_string();
        let mut group = Group {
            dirs: Vec::new(),
            procs: Vec::new(),
            frozen_procs: None,
            freeze: None,
            cpu: None,
            frozen: false,
        };
        if let Some(unified) = &tree.unified {
            let dir = group.make(unified, &name)?;
            group.frozen_procs = Some(
                CString::new(dir.join("cgroup.procs").as_os_str().as_encoded_bytes())
                    .map_err(std::io::Error::other)?,
            );
            if tree.unified_limits {
                set(&dir, "memory.max", &memory)?;
                let _ = set(&dir, "memory.swap.max", "0");
                set(&dir, "pids.max", &pids)?;
            }
            group.freeze = Some(
                std::fs::OpenOptions::new()
                    .write(true)
                    .open(dir.join("cgroup.freeze"))?,
            );
            group.cpu = File::open(dir.join("cpu.stat")).ok();
        }
        if !tree.unified_limits {
            for (controller, base) in &tree.v1 {
                let dir = group.add(base, &name)?;
                match controller.as_str() {
                    "memory" => {
                        set(&dir, "memory.limit_in_bytes", &memory)?;
                        // Memory and swap together (where swap accounting is on).
                        let _ = set(&dir, "memory.memsw.limit_in_bytes", &memory);
                    }
                    "pids" => set(&dir, "pids.max", &pids)?,
                    _ => {}
                }
            }
        }
        Ok(Some(group))
    }

    /// Makes the group `name` under `base`; the copy joins it as it starts.
    fn add(&mut self, base: &Path, name: &str) -> std::io::Result<PathBuf> {
        let dir = self.make(base, name)?;
        self.procs.push(
            CString::new(dir.join("cgroup.procs").as_os_str().as_encoded_bytes())
                .map_err(std::io::Error::other)?,
        );
        Ok(dir)
    }

    /// Makes the group `name` under `base`.
    fn make(&mut self, base: &Path, name: &str) -> std::io::Result<PathBuf> {
        let dir = base.join(name);
        // The run's folder may be removed by its last copy as this one is made: tried again.
        let mut made = std::fs::create_dir_all(&dir);
        for _ in 0..3 {
            if made.is_ok() {
                break;
            }
            made = std::fs::create_dir_all(&dir);
        }
        made.map_err(|e| {
            std::io::Error::new(e.kind(), format!("cannot make {}: {e}", dir.display()))
        })?;
        self.dirs.push(dir.clone());
        Ok(dir)
    }

    /// The `cgroup.procs` files of the groups that limit the copy: its keeper outside its PID
    /// namespace joins them (it counts against its limits), as does everything it starts.
    pub fn limit_procs(&self) -> Vec<CString> {
        self.procs.clone()
    }

    /// The `cgroup.procs` file of the group that freezes the copy, which only the copy itself
    /// joins: its keeper, never frozen, stays able to kill it when parlour dies (a frozen
    /// process ignores the signal its parent's death sends it, but not a kill).
    pub fn frozen_procs(&self) -> Option<CString> {
        self.frozen_procs.clone()
    }

    /// Freezes every process of the group (nothing in it runs until [`Group::thaw`]).
    pub fn freeze(&mut self) {
        if !self.frozen {
            if let Some(f) = self.freeze.as_mut() {
                self.frozen = f.write_all(b"1").is_ok();
            }
        }
    }

    /// Lets the group's processes run again.
    pub fn thaw(&mut self) {
        if self.frozen {
            if let Some(f) = self.freeze.as_mut() {
                let _ = f.write_all(b"0");
            }
            self.frozen = false;
        }
    }

    /// Whether the group is frozen now.
    pub fn is_frozen(&self) -> bool {
        self.frozen
    }

    /// The CPU time all the group's processes have used, ended ones included.
    pub fn cpu_time(&mut self) -> Option<Duration> {
        let f = self.cpu.as_mut()?;
        f.rewind().ok()?;
        let mut text = [0u8; 512];
        let n = f.read(&mut text).ok()?;
        let text = std::str::from_utf8(&text[..n]).ok()?;
        let usec = text
            .lines()
            .find_map(|l| l.strip_prefix("usage_usec "))?
            .trim()
            .parse::<u64>()
            .ok()?;
        Some(Duration::from_micros(usec))
    }

    /// Kills every process left in the group and removes its folders (waiting up to a second
    /// for the killed to be gone).
    pub fn remove(&mut self) {
        self.thaw();
        for dir in &self.dirs {
            if std::fs::write(dir.join("cgroup.kill"), "1").is_err() {
                // v1: one by one.
                if let Ok(pids) = std::fs::read_to_string(dir.join("cgroup.procs")) {
                    for pid in pids.lines().filter_map(|p| p.trim().parse::<i32>().ok()) {
                        let _ = nix::sys::signal::kill(
                            nix::unistd::Pid::from_raw(pid),
                            nix::sys::signal::Signal::SIGKILL,
                        );
                    }
                }
            }
        }
        let end = std::time::Instant::now() + Duration::from_secs(1);
        for dir in std::mem::take(&mut self.dirs) {
            while std::fs::remove_dir(&dir).is_err() && std::time::Instant::now() < end {
                std::thread::sleep(Duration::from_millis(2));
            }
            // The run's folder goes with its last copy (it is busy while others remain).
            if let Some(run) = dir.parent() {
                let _ = std::fs::remove_dir(run);
            }
        }
    }
}

impl Drop for Group {
    fn drop(&mut self) {
        self.remove();
    }
}

/// Writes the calling process into each of `procs` (`cgroup.procs` files): between fork and
/// exec, so that the program and everything it starts are in the groups from their first
/// instruction. Only system calls.
pub fn join(procs: &[CString]) -> nix::Result<()> {
    for path in procs {
        // SAFETY: system calls on a NUL-terminated path and a static buffer; the descriptor
        // is closed once.
        unsafe {
            let fd = libc::open(path.as_ptr(), libc::O_WRONLY | libc::O_CLOEXEC);
            Errno::result(fd)?;
            let written = libc::write(fd, b"0".as_ptr().cast(), 1);
            libc::close(fd);
            Errno::result(written)?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hybrid_machines_groups_are_found_per_controller() {
        let d = tempfile::tempdir().unwrap();
        let root = d.path();
        for dir in ["unified", "memory", "pids", "cpu,cpuacct", "freezer"] {
            std::fs::create_dir(root.join(dir)).unwrap();
        }
        std::fs::write(root.join("unified/cgroup.controllers"), "").unwrap();
        std::os::unix::fs::symlink("cpu,cpuacct", root.join("cpu")).unwrap_or(());
        let own = "8:pids:/\n4:memory:/jobs/7\n2:cpu,cpuacct:/\n6:freezer:/\n0::/\n";
        let tree = find(own, root);
        assert_eq!(tree.unified, Some(root.join("unified")));
        assert!(!tree.unified_limits);
        assert_eq!(
            tree.v1,
            vec![
                ("pids".to_string(), root.join("pids")),
                ("memory".to_string(), root.join("memory/jobs/7")),
            ]
        );
        assert!(tree.missing().is_empty());
    }

    #[test]
    fn a_v2_machine_uses_its_controllers_when_they_are_handed_down() {
        let d = tempfile::tempdir().unwrap();
        let root = d.path();
        std::fs::write(root.join("cgroup.controllers"), "cpu memory pids").unwrap();
        std::fs::create_dir_all(root.join("svc/run")).unwrap();
        std::fs::write(
            root.join("svc/run/cgroup.subtree_control"),
            "cpu io memory pids\n",
        )
        .unwrap();
        let tree = find("0::/svc/run\n", root);
        assert_eq!(tree.unified, Some(root.join("svc/run")));
        assert!(tree.unified_limits);
        assert!(tree.v1.is_empty());
        assert!(tree.missing().is_empty());
        // Not handed down: the limits are missing, and said so.
        std::fs::write(root.join("svc/run/cgroup.subtree_control"), "").unwrap();
        let tree = find("0::/svc/run\n", root);
        assert!(!tree.unified_limits);
        let missing = tree.missing().join("\n");
        assert!(missing.contains("no memory limit"), "{missing}");
        assert!(missing.contains("no process-count limit"), "{missing}");
    }

    #[test]
    fn without_cgroups_everything_missing_is_named() {
        let d = tempfile::tempdir().unwrap();
        let tree = find("0::/\n", d.path());
        assert_eq!(tree, Tree::default());
        assert_eq!(tree.missing().len(), 3);
    }
}
