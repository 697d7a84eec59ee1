//! One bot program as a sandboxed child process: its own process group (and PID namespace where
//! parlour may create one: see [`containment`]), an address-space limit, an emptied
//! environment, no inherited descriptors, standard error to a capped log, and
//! standard output read line by line (each line at most [`MAX_LINE`] bytes) with `poll`, so that
//! every read has a deadline and an answer costs no thread hand-off.

use std::io::{Read, Write};
use std::os::fd::{AsFd, BorrowedFd};
use std::os::unix::process::CommandExt;
use std::path::Path;
use std::process::{Child, ChildStdin, ChildStdout, Command, ExitStatus, Stdio};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use crate::entry::ProgramSpec;
use nix::fcntl::{fcntl, FcntlArg, OFlag};
use nix::poll::{poll, PollFd, PollFlags, PollTimeout};
use nix::sched::{unshare, CloneFlags};
use nix::sys::prctl::set_pdeathsig;
use nix::sys::resource::{getrlimit, setrlimit, Resource};
use nix::sys::signal::{kill, killpg, Signal};
use nix::sys::wait::{waitid, waitpid, Id, WaitPidFlag, WaitStatus};
use nix::unistd::{fork, getppid, setgid, setgroups, setuid, ForkResult, Gid, Pid, Uid};

/// The longest line a bot may write (1 MiB).
pub const MAX_LINE: usize = 1 << 20;

/// The most of a bot's standard error kept in its log (16 MiB).
pub const MAX_LOG: u64 = 16 << 20;

/// How long a bot has to exit after `bye` before it is killed.
pub const EXIT_GRACE: Duration = Duration::from_secs(2);

/// The environment variables passed through to a bot (nothing else is).
pub const PASSED_ENV: &[&str] = &[
    "PATH",
    "HOME",
    "LANG",
    "LC_ALL",
    "LC_CTYPE",
    "TZ",
    "TMPDIR",
    "PYTHONPATH",
    "VIRTUAL_ENV",
    "PYENV_VERSION",
];

/// What the reading thread saw on the bot's standard output.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Line {
    /// A line, without its newline.
    Text(String),
    /// A line longer than [`MAX_LINE`] (its length so far); the rest of it was skipped.
    TooLong(usize),
    /// A line that is not UTF-8.
    NotText,
}

/// A user to run a program as.
#[derive(Debug, Clone, Copy)]
struct User {
    uid: Uid,
    gid: Gid,
}

/// Looks up `name` in the user database (with its home directory); refuses when parlour cannot
/// switch users.
fn lookup_user(name: &str) -> std::io::Result<(User, std::path::PathBuf)> {
    let refuse = |why: String| std::io::Error::new(std::io::ErrorKind::PermissionDenied, why);
    if !nix::unistd::geteuid().is_root() {
        return Err(refuse(format!(
            "running bots as user {name:?} needs parlour to run as root"
        )));
    }
    if name.contains('\0') {
        return Err(refuse(format!("user name {name:?} has a NUL byte")));
    }
    let found = nix::unistd::User::from_name(name)
        .ok()
        .flatten()
        .ok_or_else(|| {
            std::io::Error::new(
                std::io::ErrorKind::NotFound,
                format!("there is no user {name:?}"),
            )
        })?;
    if found.uid.is_root() {
        return Err(refuse(format!("user {name:?} is root")));
    }
    Ok((
        User {
            uid: found.uid,
            gid: found.gid,
        },
        found.dir,
    ))
}

/// How a bot is contained (see [`containment`] and `docs/protocol.md`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Containment {
    /// The jail, as root: the bot is the first process of its own PID namespace (when it ends,
    /// or parlour does, even by `kill -9`, the kernel kills every process it started), in its
    /// own root, network, IPC and UTS namespaces, as a user of its entry's own, in control
    /// groups that limit and freeze it.
    PidNamespace,
    /// The same jail without root, in an unprivileged user namespace: the bot runs as
    /// parlour's own user outside it (not one per entry), and in control groups only where
    /// parlour may make them (see [`missing`]).
    UserNamespace,
    /// The bot's process group is killed with it, and parlour (when the binary enables
    /// [`adopt_orphans`]) adopts and kills descendants that left the group. A `kill -9` of
    /// parlour kills the bot but not descendants that left its group. A guard, not a jail.
    ProcessGroup,
}

impl Containment {
    /// Whether this is the jail (either kind).
    pub fn is_jail(self) -> bool {
        self != Containment::ProcessGroup
    }
}

/// The containment bots get on this machine: the jail as root (or with `CAP_SYS_ADMIN`), the
/// jail in a user namespace where the kernel lets an ordinary user make one, else the process
/// group. `PARLOUR_CONTAINMENT=group` forces the process group (as `--containment group` does);
/// `PARLOUR_CONTAINMENT=unavailable` acts as a machine without a jail (for tests of the refusal).
pub fn containment() -> Containment {
    static CHOSEN: std::sync::OnceLock<Containment> = std::sync::OnceLock::new();
    if FORCE_GROUP.load(std::sync::atomic::Ordering::Relaxed) || group_chosen() {
        return Containment::ProcessGroup;
    }
    *CHOSEN.get_or_init(|| {
        // For tests of the refusal: as a machine where no jail can be made.
        if std::env::var_os("PARLOUR_CONTAINMENT").is_some_and(|v| v == "unavailable") {
            return Containment::ProcessGroup;
        }
        if namespaces_work(false) {
            Containment::PidNamespace
        } else if namespaces_work(true) {
            Containment::UserNamespace
        } else {
            Containment::ProcessGroup
        }
    })
}

/// Whether the process group was chosen by name (`PARLOUR_CONTAINMENT=group`, or
/// [`choose_group`]).
fn group_chosen() -> bool {
    CHOSE_GROUP.load(std::sync::atomic::Ordering::Relaxed)
        || std::env::var_os("PARLOUR_CONTAINMENT").is_some_and(|v| v == "group")
}

/// Set by [`choose_group`].
static CHOSE_GROUP: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Runs programs with the process group's containment, by the organiser's choice
/// (`--containment group`): on a machine without the jail this is the only way programs run.
pub fn choose_group() {
    CHOSE_GROUP.store(true, std::sync::atomic::Ordering::Relaxed);
}

/// What contained bots go without on this machine, one line each (empty: nothing), as the
/// organiser should be told before strangers' programs run.
pub fn missing() -> Vec<String> {
    let mut out = Vec::new();
    match containment() {
        Containment::ProcessGroup => {
            out.push(
                "no jail: bots run as parlour's own user, see every file it can, share the \
                 network and can signal or trace each other"
                    .to_string(),
            );
            return out;
        }
        Containment::UserNamespace => out.push(
            "no user per entry (that needs root): entries run as parlour's own user, kept \
             apart by their namespaces"
                .to_string(),
        ),
        Containment::PidNamespace => {}
    }
    out.extend(crate::cgroup::tree().missing());
    out
}

/// Refuses to start programs without the jail unless the process group was chosen by name
/// (`--containment group` or `PARLOUR_CONTAINMENT=group`): a stranger's program must not run
/// unjailed by accident.
pub fn check_containment() -> std::io::Result<()> {
    if containment().is_jail()
        || group_chosen()
        || FORCE_GROUP.load(std::sync::atomic::Ordering::Relaxed)
    {
        return Ok(());
    }
    Err(std::io::Error::new(
        std::io::ErrorKind::PermissionDenied,
        "parlour cannot jail programs on this machine (it needs root, or user namespaces for \
         ordinary users, on Linux); to run them anyway in a process group, which is a guard and \
         not a jail (they run as your user and see your files), give --containment group \
         (PARLOUR_CONTAINMENT=group)",
    ))
}

/// Set by [`measure_uncontained`].
static FORCE_GROUP: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Starts programs with the process group's containment (`true`) or the machine's own again
/// (`false`), for `parlour bench --external`, which measures the jail's cost side by side in
/// one run. Only for measuring: the programs started meanwhile are not jailed.
pub fn measure_uncontained(on: bool) {
    FORCE_GROUP.store(on, std::sync::atomic::Ordering::Relaxed);
}

/// The namespaces a contained bot gets: its own PID namespace (it is process 1 there, and
/// every process it starts dies with it), mount namespace (for its own `/proc`), IPC namespace
/// (no System V shared memory or semaphores with another entry), UTS namespace, and network
/// namespace (no network: not even the machine's loopback, where another entry or a
/// tournament's page could listen).
const NAMESPACES: CloneFlags = CloneFlags::CLONE_NEWPID
    .union(CloneFlags::CLONE_NEWNS)
    .union(CloneFlags::CLONE_NEWIPC)
    .union(CloneFlags::CLONE_NEWUTS)
    .union(CloneFlags::CLONE_NEWNET);

/// The system calls a contained bot is refused (`EPERM`) by its seccomp filter: calls a bot
/// never needs that reach other processes (tracing, reading or writing their memory), change
/// the system (mounts, modules, kexec, swap, clocks, reboot), or widen the bot's own world
/// (new namespaces, joining another's, BPF programs, perf events, the kernel's keyrings).
#[cfg(target_os = "linux")]
const REFUSED_CALLS: &[i64] = &[
    nix::libc::SYS_ptrace,
    nix::libc::SYS_process_vm_readv,
    nix::libc::SYS_process_vm_writev,
    nix::libc::SYS_mount,
    nix::libc::SYS_umount2,
    nix::libc::SYS_pivot_root,
    nix::libc::SYS_unshare,
    nix::libc::SYS_setns,
    nix::libc::SYS_bpf,
    nix::libc::SYS_perf_event_open,
    nix::libc::SYS_keyctl,
    nix::libc::SYS_add_key,
    nix::libc::SYS_request_key,
    nix::libc::SYS_kexec_load,
    nix::libc::SYS_kexec_file_load,
    nix::libc::SYS_init_module,
    nix::libc::SYS_finit_module,
    nix::libc::SYS_delete_module,
    nix::libc::SYS_swapon,
    nix::libc::SYS_swapoff,
    nix::libc::SYS_reboot,
    nix::libc::SYS_acct,
    nix::libc::SYS_settimeofday,
    nix::libc::SYS_clock_settime,
    nix::libc::SYS_adjtimex,
    nix::libc::SYS_open_by_handle_at,
    nix::libc::SYS_userfaultfd,
];

/// The seccomp filter of a contained bot ([`REFUSED_CALLS`]), compiled once, before any bot
/// starts (compiling allocates; installing it between fork and exec does not).
#[cfg(target_os = "linux")]
fn seccomp_filter() -> std::io::Result<&'static seccompiler::BpfProgram> {
    static FILTER: std::sync::OnceLock<Result<seccompiler::BpfProgram, String>> =
        std::sync::OnceLock::new();
    FILTER
        .get_or_init(|| {
            let arch = seccompiler::TargetArch::try_from(std::env::consts::ARCH)
                .map_err(|e| e.to_string())?;
            let rules = REFUSED_CALLS
                .iter()
                .map(|&call| (call, Vec::new()))
                .collect();
            let filter = seccompiler::SeccompFilter::new(
                rules,
                seccompiler::SeccompAction::Allow,
                seccompiler::SeccompAction::Errno(nix::libc::EPERM as u32),
                arch,
            )
            .map_err(|e| e.to_string())?;
            seccompiler::BpfProgram::try_from(filter).map_err(|e| e.to_string())
        })
        .as_ref()
        .map_err(|e| std::io::Error::other(format!("the bots' seccomp filter: {e}")))
}

/// The user namespace of a rootless jail: the bot is root inside it, mapped to parlour's own
/// user outside, with no other ids (`setgroups` denied). Planned before the fork.
#[derive(Debug)]
struct UserMap {
    uid_map: Vec<u8>,
    gid_map: Vec<u8>,
}

impl UserMap {
    fn new() -> UserMap {
        UserMap {
            uid_map: format!("0 {} 1\n", nix::unistd::geteuid()).into_bytes(),
            gid_map: format!("0 {} 1\n", nix::unistd::getegid()).into_bytes(),
        }
    }

    /// Writes the maps of this process's new user namespace: between fork and exec, system
    /// calls only.
    fn write(&self) -> nix::Result<()> {
        fn put(path: &std::ffi::CStr, bytes: &[u8]) -> nix::Result<()> {
            // SAFETY: system calls on a NUL-terminated path and a buffer that outlives them;
            // the descriptor is closed once.
            unsafe {
                let fd = nix::libc::open(path.as_ptr(), nix::libc::O_WRONLY | nix::libc::O_CLOEXEC);
                nix::errno::Errno::result(fd)?;
                let n = nix::libc::write(fd, bytes.as_ptr().cast(), bytes.len());
                nix::libc::close(fd);
                nix::errno::Errno::result(n).map(drop)
            }
        }
        put(c"/proc/self/setgroups", b"deny")?;
        put(c"/proc/self/uid_map", &self.uid_map)?;
        put(c"/proc/self/gid_map", &self.gid_map)
    }
}

/// Whether this process may contain bots in namespaces ([`NAMESPACES`] and a jail's root; in a
/// user namespace of its own if `rootless`): tried once in a throwaway child, which makes them
/// as a bot's start would.
fn namespaces_work(rootless: bool) -> bool {
    let map = rootless.then(UserMap::new);
    let empty = crate::jail::Shown {
        workdir: "/".into(),
        ..Default::default()
    };
    let Ok(jail) = crate::jail::Jail::plan(&empty, 1) else {
        return false;
    };
    let mut probe = Command::new("/proc/self/exe");
    probe
        .arg("--version")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null());
    // SAFETY: the closure only makes system calls (unshare, fork, mount, waitpid, _exit).
    unsafe {
        probe.pre_exec(move || {
            match &map {
                Some(map) => {
                    unshare(NAMESPACES | CloneFlags::CLONE_NEWUSER)?;
                    map.write()?;
                }
                None => unshare(NAMESPACES)?,
            }
            let code = match fork().map_err(std::io::Error::from)? {
                ForkResult::Child => nix::libc::_exit(i32::from(jail.enter().is_err())),
                ForkResult::Parent { child } => match waitpid(child, None) {
                    Ok(WaitStatus::Exited(_, 0)) => 0,
                    _ => 1,
                },
            };
            // Nothing is run: exiting here reports the result.
            nix::libc::_exit(code)
        });
    }
    probe.status().is_ok_and(|s| s.success())
}

/// Pids of the bots running now (their first process), so [`reap_orphans`] spares them.
static RUNNING: Mutex<Vec<i32>> = Mutex::new(Vec::new());

/// Whether [`adopt_orphans`] was asked for, and whether it took effect.
static WANT_ORPHANS: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);
static ADOPTING: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Asks that, with [`Containment::ProcessGroup`], this process become the reaper of its
/// orphaned descendants (`PR_SET_CHILD_SUBREAPER`, set when the first bot starts): a bot's
/// descendant that left its process group (by `setsid`, say) is then handed to parlour when
/// the bot ends, and [`reap_orphans`] kills it. Only a program whose every child is a bot may
/// ask (the `parlour` binary does): every other child of the process would count as an orphan.
pub fn adopt_orphans() {
    WANT_ORPHANS.store(true, std::sync::atomic::Ordering::Relaxed);
}

/// Becomes the subreaper if [`adopt_orphans`] asked for it and bots need it.
fn start_adopting() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        if WANT_ORPHANS.load(std::sync::atomic::Ordering::Relaxed)
            && containment() == Containment::ProcessGroup
            && nix::sys::prctl::set_child_subreaper(true).is_ok()
        {
            ADOPTING.store(true, std::sync::atomic::Ordering::Relaxed);
        }
    });
}

/// Kills and reaps this process's children that are not running bots: descendants of ended
/// bots handed over by [`adopt_orphans`]. Does nothing unless it was called.
pub fn reap_orphans() {
    if !ADOPTING.load(std::sync::atomic::Ordering::Relaxed) {
        return;
    }
    let me = std::process::id();
    let running = RUNNING.lock().unwrap_or_else(|e| e.into_inner());
    // Killing an orphan hands its own children to parlour in turn: sweep until none is left.
    for _ in 0..64 {
        let orphans: Vec<i32> = children_of(me)
            .into_iter()
            .filter(|p| !running.contains(p))
            .collect();
        if orphans.is_empty() {
            return;
        }
        for orphan in orphans {
            let pid = Pid::from_raw(orphan);
            let _ = kill(pid, Signal::SIGKILL);
            let _ = waitpid(pid, None);
        }
    }
}

/// The children of `parent`, from `/proc/PID/stat` (the `children` lists need a kernel
/// option that is often off).
fn children_of(parent: u32) -> Vec<i32> {
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return Vec::new();
    };
    entries
        .flatten()
        .filter_map(|e| e.file_name().to_str()?.parse::<i32>().ok())
        .filter(|pid| {
            // The fields after the command (which may hold spaces and parentheses): state, ppid.
            std::fs::read_to_string(format!("/proc/{pid}/stat")).is_ok_and(|stat| {
                stat.rsplit_once(')')
                    .and_then(|(_, rest)| rest.split_whitespace().nth(1)?.parse::<u32>().ok())
                    == Some(parent)
            })
        })
        .collect()
}

/// The first process of a bot in a PID namespace stays outside it, holding the bot's place as
/// parlour's child: it waits for the bot (the namespace's first process) and ends as it ended.
/// When parlour dies it kills the bot (and with it the namespace): parlour's death is a
/// `SIGHUP` to this process, which is never frozen, where a frozen bot would ignore the signal
/// its keeper's death sends it. Runs between fork and exec: only async-signal-safe calls.
fn hold(bot: Pid, parent: Pid) -> ! {
    use nix::sys::signal::SigSet;
    // The bot holds the pipes; this process keeps no descriptor: not the standard ones (the
    // bot's end of output must close when the bot ends), nor the pipe on which the standard
    // library reports a failed exec (it reads until that closes, as at a successful exec).
    // SAFETY: a system call on this process's own descriptors.
    unsafe {
        nix::libc::syscall(nix::libc::SYS_close_range, 0u32, u32::MAX, 0u32);
    }
    let mut set = SigSet::empty();
    set.add(Signal::SIGHUP);
    set.add(Signal::SIGCHLD);
    let _ = set.thread_block();
    let _ = set_pdeathsig(Signal::SIGHUP);
    // parlour may have died before the line above.
    let mut orphaned = getppid() != parent;
    loop {
        if orphaned {
            let _ = kill(bot, Signal::SIGKILL);
        }
        match waitpid(bot, Some(WaitPidFlag::WNOHANG)) {
            Ok(WaitStatus::Exited(_, code)) => {
                // SAFETY: _exit is async-signal-safe and ends the process.
                unsafe { nix::libc::_exit(code) }
            }
            Ok(WaitStatus::Signaled(_, signal, _)) => {
                // End by the same signal, so parlour reports it as the bot's.
                // SAFETY: resetting a disposition in a single-threaded child.
                unsafe {
                    let _ = nix::sys::signal::signal(signal, nix::sys::signal::SigHandler::SigDfl);
                }
                let _ = set.thread_unblock();
                let _ = kill(Pid::this(), signal);
                // SAFETY: as above.
                unsafe { nix::libc::_exit(128 + signal as i32) }
            }
            Ok(_) | Err(nix::errno::Errno::EINTR) => {}
            // SAFETY: as above.
            Err(_) => unsafe { nix::libc::_exit(127) },
        }
        // Until the bot changes state or parlour dies.
        if set.wait() == Ok(Signal::SIGHUP) {
            orphaned = true;
        }
    }
}

/// Why writing a line failed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SendError {
    /// The program closed its input (or ended).
    Closed,
    /// The program did not read its input in time; the line may be half written.
    Timeout,
}

/// Waits until `fd` is ready for `events` (or hung up) or `deadline` passes; `false` on the
/// deadline. Interrupted waits are resumed.
fn wait_for(fd: BorrowedFd<'_>, events: PollFlags, deadline: Instant) -> bool {
    loop {
        let wait = deadline.saturating_duration_since(Instant::now());
        if wait.is_zero() {
            return false;
        }
        let mut fds = [PollFd::new(fd, events)];
        // Rounded up, so a wait never ends before its deadline.
        let ms = wait.as_micros().div_ceil(1000).min(i32::MAX as u128) as i32;
        match poll(
            &mut fds,
            PollTimeout::try_from(ms).unwrap_or(PollTimeout::MAX),
        ) {
            Ok(ready) if ready > 0 => return true,
            Ok(_) | Err(nix::errno::Errno::EINTR) => {}
            Err(_) => {
                // poll itself failed (out of memory, say): wait a moment and report no
                // progress, so the caller's deadline still holds.
                std::thread::sleep(Duration::from_millis(1));
                return false;
            }
        }
    }
}

/// Why reading an answer failed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ReadError {
    /// Nothing arrived before the deadline.
    Timeout,
    /// The output closed; the exit status when the program has ended.
    Closed(String),
}

/// A shared, size-capped log file for one entry's standard error.
#[derive(Debug)]
pub struct Log {
    file: std::fs::File,
    written: u64,
    capped: bool,
}

impl Log {
    /// Creates (or appends to) the log at `path`.
    pub fn open(path: &Path) -> std::io::Result<Arc<Mutex<Log>>> {
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir)?;
        }
        let file = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)?;
        let written = file.metadata().map(|m| m.len()).unwrap_or(0);
        Ok(Arc::new(Mutex::new(Log {
            file,
            written,
            capped: false,
        })))
    }

    /// Appends `bytes`, up to the cap; past it, one note and then nothing.
    pub fn write(&mut self, bytes: &[u8]) {
        if self.capped {
            return;
        }
        let room = MAX_LOG.saturating_sub(self.written);
        let take = (bytes.len() as u64).min(room) as usize;
        let _ = self.file.write_all(&bytes[..take]);
        self.written += take as u64;
        if take < bytes.len() {
            self.capped = true;
            let _ = writeln!(
                self.file,
                "\n[parlour: this log reached {} MiB; the rest of the bot's standard error is discarded]",
                MAX_LOG >> 20
            );
        }
    }
}

/// A running bot program.
#[derive(Debug)]
pub struct Process {
    child: Child,
    pid: i32,
    /// Non-blocking, so that a program that stops reading cannot stall parlour.
    stdin: Option<ChildStdin>,
    /// The line being written.
    out: Vec<u8>,
    stdout: ChildStdout,
    lines: LineBuffer,
    closed: bool,
    threads: Vec<JoinHandle<()>>,
    exited: Option<ExitStatus>,
    /// Its control groups, when contained.
    group: Option<crate::cgroup::Group>,
}

impl Process {
    /// Starts `spec`'s program, sandboxed (see the module docs), with standard error appended
    /// to `log` (or discarded).
    pub fn spawn(spec: &ProgramSpec, log: Option<Arc<Mutex<Log>>>) -> std::io::Result<Process> {
        let (program, args) = spec.command.split_first().ok_or_else(|| {
            std::io::Error::new(std::io::ErrorKind::InvalidInput, "the command is empty")
        })?;
        let mut cmd = Command::new(program);
        cmd.args(args).env_clear();
        for key in PASSED_ENV {
            if let Some(value) = std::env::var_os(key) {
                cmd.env(key, value);
            }
        }
        check_containment()?;
        let chosen = containment();
        // What the jail lacks here is said once, before the first program runs.
        static SAID: std::sync::Once = std::sync::Once::new();
        SAID.call_once(|| {
            if chosen.is_jail() {
                for line in missing() {
                    eprintln!("parlour: warning: the jail here has {line}");
                }
            }
        });
        let contain = chosen.is_jail();
        let map = (chosen == Containment::UserNamespace).then(UserMap::new);
        // The user is switched in the child below, after the namespaces are made (which needs
        // root's privileges). Contained as root, every entry has a user of its own.
        let user = match &spec.user {
            Some(name) => {
                let (user, home) = lookup_user(name)?;
                cmd.env("HOME", home);
                Some(user)
            }
            None if contain && nix::unistd::geteuid().is_root() => {
                let id = crate::jail::entry_uid(&spec.name);
                Some(User {
                    uid: Uid::from_raw(id),
                    gid: Gid::from_raw(id),
                })
            }
            None => None,
        };
        // What the jail shows the program, planned here: the child may only make system calls.
        let jail = if contain {
            let var = |k: &str| std::env::var_os(k);
            let shown = crate::jail::shown(
                spec,
                var("PATH").as_deref(),
                var("PYTHONPATH").as_deref(),
                var("VIRTUAL_ENV").as_deref(),
            );
            if let Some(user) = user {
                crate::jail::check_readable(&spec.name, &shown, user.uid.as_raw())?;
            }
            // Home and temporary files are the bot's own /tmp.
            cmd.env("HOME", "/tmp").env("TMPDIR", "/tmp");
            Some(crate::jail::Jail::plan(&shown, spec.limits.tmp_mb)?)
        } else {
            None
        };
        // Python randomises string hashing per process, so a set's order (and a bot iterating
        // one) would differ from run to run; fixed unless the bot's own settings say otherwise.
        cmd.env("PYTHONHASHSEED", "0");
        cmd.envs(&spec.env);
        if let Some(dir) = &spec.dir {
            cmd.current_dir(dir);
        }
        cmd.stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(if log.is_some() {
                Stdio::piped()
            } else {
                Stdio::null()
            })
            .process_group(0);
        let memory = spec.limits.memory_mb.saturating_mul(1 << 20);
        let parent = Pid::this();
        // Its control groups: memory, processes and CPU for all its processes together, and
        // the freezer that stops it between decisions (see [`crate::cgroup`]).
        let group = if contain {
            crate::cgroup::Group::new(&spec.limits)?
        } else {
            None
        };
        let procs = group.as_ref().map(|g| g.limit_procs()).unwrap_or_default();
        let frozen_procs: Vec<_> = group.iter().filter_map(|g| g.frozen_procs()).collect();
        #[cfg(target_os = "linux")]
        let filter: Option<&'static seccompiler::BpfProgram> = if contain {
            Some(seccomp_filter()?)
        } else {
            None
        };
        start_adopting();
        // SAFETY: the closure runs in the child between fork and exec and only makes
        // async-signal-safe system calls (setrlimit, prctl, getppid, close_range, unshare,
        // fork, waitpid, setgroups, setgid, setuid); it allocates nothing.
        unsafe {
            cmd.pre_exec(move || {
                // First, so that everything it starts is in the groups of its limits.
                crate::cgroup::join(&procs)?;
                if memory > 0 {
                    setrlimit(Resource::RLIMIT_AS, memory, memory)?;
                }
                let _ = setrlimit(Resource::RLIMIT_CORE, 0, 0);
                // Killed if parlour dies, so a stuck bot never outlives the tournament.
                set_pdeathsig(Signal::SIGKILL)?;
                if getppid() != parent {
                    // parlour died before the guard was set.
                    return Err(std::io::Error::other("parlour has exited"));
                }
                // Every descriptor but 0, 1, 2 closes at exec (Linux 5.11+; elsewhere parlour's
                // own descriptors are close-on-exec already). Neither nix nor rustix wraps
                // close_range, hence the raw call.
                nix::libc::syscall(nix::libc::SYS_close_range, 3u32, u32::MAX, 4u32);
                if contain {
                    // This process stays outside, holding the bot's place; its child is the
                    // first process of a new PID namespace and becomes the bot. When the bot
                    // ends, or this process is killed (parlour dying kills it), the kernel
                    // kills every process in the namespace. The other namespaces keep the
                    // bot's view of processes, IPC and network its own.
                    match &map {
                        Some(map) => {
                            unshare(NAMESPACES | CloneFlags::CLONE_NEWUSER)?;
                            map.write()?;
                        }
                        None => unshare(NAMESPACES)?,
                    }
                    match fork()? {
                        ForkResult::Parent { child } => hold(child, parent),
                        ForkResult::Child => {
                            set_pdeathsig(Signal::SIGKILL)?;
                            crate::cgroup::join(&frozen_procs)?;
                            if let Some(jail) = &jail {
                                jail.enter()?;
                            }
                        }
                    }
                    // No capability survives, even for a program that runs as root.
                    for cap in 0..64 {
                        nix::libc::prctl(nix::libc::PR_CAPBSET_DROP, cap, 0, 0, 0);
                    }
                }
                if let Some(user) = user {
                    setgroups(&[])?;
                    setgid(user.gid)?;
                    setuid(user.uid)?;
                }
                // Open files: a thousand per process (and processes are counted). Set after
                // every step above, which open files while parlour's own descriptors are still
                // here (they close at exec): a parlour that runs hundreds of programs holds
                // more than a thousand, and a lower limit now would refuse those opens.
                if contain {
                    let _ = setrlimit(Resource::RLIMIT_NOFILE, 1024, 1024);
                }
                // Last: no new privileges (no setuid programs) and the refused calls. The
                // filter was compiled before the fork; installing it is two system calls.
                #[cfg(target_os = "linux")]
                if let Some(filter) = filter {
                    seccompiler::apply_filter(filter).map_err(std::io::Error::other)?;
                }
                Ok(())
            });
        }
        // Held while the child starts, so that [`reap_orphans`] never takes a bot that is
        // starting for an orphan.
        let mut running = RUNNING.lock().unwrap_or_else(|e| e.into_inner());
        let mut child = cmd.spawn()?;
        running.push(child.id() as i32);
        drop(running);
        let stdin = child.stdin.take();
        let stdout = child.stdout.take().expect("stdout is piped");
        let stderr = child.stderr.take();
        // Made at once, so that any failure below drops it, which kills the program.
        let mut process = Process {
            pid: child.id() as i32,
            child,
            stdin,
            out: Vec::new(),
            // Read on the caller's thread, only while it waits for an answer: a bot that
            // floods its output between decisions blocks on the full pipe.
            stdout,
            lines: LineBuffer::default(),
            closed: false,
            threads: Vec::new(),
            exited: None,
            group,
        };
        if let Some(stdin) = process.stdin.as_ref() {
            let flags = fcntl(stdin, FcntlArg::F_GETFL)?;
            let flags = OFlag::from_bits_retain(flags) | OFlag::O_NONBLOCK;
            fcntl(stdin, FcntlArg::F_SETFL(flags))?;
        }
        if let (Some(stderr), Some(log)) = (stderr, log) {
            process.threads.push(
                std::thread::Builder::new()
                    .name("bot-stderr".into())
                    .spawn(move || copy_log(stderr, &log))?,
            );
        }
        Ok(process)
    }

    /// The program's process id (also its process group's).
    pub fn pid(&self) -> i32 {
        self.pid
    }

    /// Stops every process of the program until [`Process::resume`] (between its decisions):
    /// it computes only on its own time. Does nothing where it has no freezer.
    pub fn pause(&mut self) {
        if let Some(g) = self.group.as_mut() {
            g.freeze();
        }
    }

    /// Lets the program run again after [`Process::pause`].
    pub fn resume(&mut self) {
        if let Some(g) = self.group.as_mut() {
            g.thaw();
        }
    }

    /// The CPU time all the program's processes have used so far (`None` where it has no
    /// control group to count it: its clock is then the wall clock).
    pub fn cpu_time(&mut self) -> Option<Duration> {
        self.group.as_mut()?.cpu_time()
    }

    /// Writes one line (the JSON of `message`), waiting until `deadline` for room in the pipe.
    /// After [`SendError::Timeout`] the line may be half written: the program must be dropped.
    pub fn send<T: serde::Serialize>(
        &mut self,
        message: &T,
        deadline: Instant,
    ) -> Result<(), SendError> {
        let stdin = self.stdin.as_mut().ok_or(SendError::Closed)?;
        self.out.clear();
        serde_json::to_writer(&mut self.out, message).map_err(|_| SendError::Closed)?;
        self.out.push(b'\n');
        let mut written = 0;
        // A paused program whose pipe is full is let run until it has read the line.
        let mut thawed = false;
        let result = loop {
            if written == self.out.len() {
                break Ok(());
            }
            match stdin.write(&self.out[written..]) {
                Ok(0) => break Err(SendError::Closed),
                Ok(n) => written += n,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {
                    if let Some(g) = self.group.as_mut().filter(|g| g.is_frozen()) {
                        g.thaw();
                        thawed = true;
                    }
                    // The program is not reading: wait for room, up to the deadline.
                    if !wait_for(stdin.as_fd(), PollFlags::POLLOUT, deadline) {
                        break Err(SendError::Timeout);
                    }
                }
                Err(_) => break Err(SendError::Closed),
            }
        };
        if thawed {
            self.pause();
        }
        result
    }

    /// The next line, waiting until `deadline`.
    pub fn recv(&mut self, deadline: Instant) -> Result<Line, ReadError> {
        loop {
            if let Some(line) = self.lines.take(self.closed) {
                return Ok(line);
            }
            if self.closed {
                return Err(ReadError::Closed(self.exit_status()));
            }
            let wait = deadline.saturating_duration_since(Instant::now());
            if wait.is_zero() {
                return Err(ReadError::Timeout);
            }
            if !wait_for(self.stdout.as_fd(), PollFlags::POLLIN, deadline) {
                continue;
            }
            let mut chunk = [0u8; 1 << 16];
            match self.stdout.read(&mut chunk) {
                Ok(0) => self.closed = true,
                Ok(n) => self.lines.push(&chunk[..n]),
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                Err(_) => self.closed = true,
            }
        }
    }

    /// How the program ended, as text, waiting briefly for it ("still running" if it has not).
    pub fn exit_status(&mut self) -> String {
        let end = Instant::now() + Duration::from_millis(200);
        loop {
            if let Some(status) = self.peek_exit() {
                return describe(status);
            }
            if Instant::now() >= end {
                return "closed its output but is still running".into();
            }
            std::thread::sleep(Duration::from_millis(5));
        }
    }

    /// The program's exit status if it has ended, without reaping it: until it is reaped its
    /// process group id cannot be reused, so killing the group stays safe.
    fn peek_exit(&mut self) -> Option<ExitStatus> {
        use std::os::unix::process::ExitStatusExt;
        if self.exited.is_none() {
            // WNOWAIT leaves the child unreaped.
            let flags = WaitPidFlag::WEXITED | WaitPidFlag::WNOHANG | WaitPidFlag::WNOWAIT;
            self.exited = match waitid(Id::Pid(Pid::from_raw(self.pid)), flags) {
                Ok(WaitStatus::Exited(_, code)) => Some(ExitStatus::from_raw((code & 0xff) << 8)),
                Ok(WaitStatus::Signaled(_, signal, _)) => {
                    Some(ExitStatus::from_raw(signal as i32 & 0x7f))
                }
                _ => None,
            };
        }
        self.exited
    }

    /// Sends `bye`, closes standard input, gives the program [`EXIT_GRACE`] to exit, then kills
    /// its whole process group.
    pub fn shutdown(mut self) {
        self.resume();
        let _ = self.send(
            &serde_json::json!({"type": "bye"}),
            Instant::now() + Duration::from_millis(100),
        );
        self.stdin = None;
        let end = Instant::now() + EXIT_GRACE;
        while Instant::now() < end && self.peek_exit().is_none() {
            std::thread::sleep(Duration::from_millis(5));
        }
        // Drop kills what is left of the group, then reaps.
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        self.stdin = None;
        // A frozen process could not act on its signals; the group's removal (below) kills
        // and sweeps whatever is left in it.
        self.resume();
        // The group is killed before the leader is reaped: an unreaped leader keeps the group
        // id from being reused, so this never reaches another process group.
        let _ = killpg(Pid::from_raw(self.pid), Signal::SIGKILL);
        let _ = self.child.kill();
        let _ = self.child.wait();
        if let Ok(mut running) = RUNNING.lock() {
            running.retain(|&p| p != self.pid);
        }
        // Descendants that left the group, handed to parlour now that the bot is gone.
        reap_orphans();
        drop(self.group.take());
        // The log thread is not joined: it ends at the end of standard error (a program that
        // left its group and holds the pipe open keeps one parked thread, never the caller).
        self.threads.clear();
    }
}

/// Bytes read from a bot, cut into lines of at most [`MAX_LINE`] bytes.
#[derive(Debug, Default)]
pub struct LineBuffer {
    /// Bytes read but not yet returned as a line.
    pending: Vec<u8>,
    /// Where the next newline search starts in `pending` (nothing before it is one).
    scanned: usize,
    /// While skipping an over-long line: its length so far.
    skipping: Option<usize>,
}

impl LineBuffer {
    /// Adds bytes read.
    pub fn push(&mut self, bytes: &[u8]) {
        self.pending.extend_from_slice(bytes);
    }

    /// A complete line from what has been pushed, if there is one; once the output is `closed`,
    /// an unterminated rest counts as a line.
    pub fn take(&mut self, closed: bool) -> Option<Line> {
        let newline = self.pending[self.scanned..]
            .iter()
            .position(|&b| b == b'\n')
            .map(|i| self.scanned + i);
        match newline {
            Some(i) => {
                let rest = self.pending.split_off(i + 1);
                let mut line = std::mem::replace(&mut self.pending, rest);
                self.scanned = 0;
                line.pop();
                if let Some(skipped) = self.skipping.take() {
                    return Some(Line::TooLong(skipped + line.len()));
                }
                if line.len() > MAX_LINE {
                    return Some(Line::TooLong(line.len()));
                }
                if line.last() == Some(&b'\r') {
                    line.pop();
                }
                Some(String::from_utf8(line).map_or(Line::NotText, Line::Text))
            }
            None if self.pending.len() > MAX_LINE => {
                // Too long already: dropped as it comes, and reported when it ends.
                *self.skipping.get_or_insert(0) += self.pending.len();
                self.pending.clear();
                self.scanned = 0;
                if closed {
                    return self.skipping.take().map(Line::TooLong);
                }
                None
            }
            None if closed && !self.pending.is_empty() => {
                let line = std::mem::take(&mut self.pending);
                self.scanned = 0;
                // The unterminated end of an over-long line is not a line of its own.
                if let Some(skipped) = self.skipping.take() {
                    return Some(Line::TooLong(skipped + line.len()));
                }
                Some(String::from_utf8(line).map_or(Line::NotText, Line::Text))
            }
            None if closed => self.skipping.take().map(Line::TooLong),
            None => {
                self.scanned = self.pending.len();
                None
            }
        }
    }
}

fn describe(status: ExitStatus) -> String {
    use std::os::unix::process::ExitStatusExt;
    match (status.code(), status.signal()) {
        (Some(code), _) => format!("exited with status {code}"),
        (None, Some(signal)) => format!("killed by signal {signal}"),
        _ => "ended".into(),
    }
}

fn copy_log(mut err: impl Read, log: &Mutex<Log>) {
    let mut buf = [0u8; 8192];
    loop {
        match err.read(&mut buf) {
            Ok(0) => return,
            Ok(n) => {
                if let Ok(mut log) = log.lock() {
                    log.write(&buf[..n]);
                }
            }
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(_) => return,
        }
    }
}

/// Raises this process's soft limit of open files to its hard limit (at most 2^20): a server's
/// connections and each program's pipes and log are files, and the usual soft limit (1,024)
/// is a few hundred programs. The limit now.
pub fn raise_open_files() -> u64 {
    match getrlimit(Resource::RLIMIT_NOFILE) {
        Ok((soft, hard)) => {
            let want = hard.min(1 << 20);
            if want > soft && setrlimit(Resource::RLIMIT_NOFILE, want, hard).is_ok() {
                want
            } else {
                soft
            }
        }
        Err(_) => 1024,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(s: &str) -> Option<Line> {
        Some(Line::Text(s.to_string()))
    }

    #[test]
    fn lines_are_cut_at_newlines_across_reads() {
        let mut b = LineBuffer::default();
        b.push(b"{\"a\":");
        assert_eq!(b.take(false), None);
        b.push(b"1}\r\nsecond\nthi");
        assert_eq!(b.take(false), text("{\"a\":1}"));
        assert_eq!(b.take(false), text("second"));
        assert_eq!(b.take(false), None);
        // At the end of output the unterminated rest is a line, then nothing.
        assert_eq!(b.take(true), text("thi"));
        assert_eq!(b.take(true), None);
    }

    #[test]
    fn an_over_long_line_is_reported_once_with_its_length_and_the_next_line_is_read() {
        let mut b = LineBuffer::default();
        let chunk = vec![b'x'; 1 << 16];
        for _ in 0..(MAX_LINE >> 16) + 2 {
            b.push(&chunk);
            assert_eq!(b.take(false), None);
        }
        b.push(b"yy\nnext\n");
        assert_eq!(b.take(false), Some(Line::TooLong(MAX_LINE + (2 << 16) + 2)));
        assert_eq!(b.take(false), text("next"));
    }

    #[test]
    fn bytes_that_are_not_utf8_are_not_text() {
        let mut b = LineBuffer::default();
        b.push(b"\xff\xfe\nok\n");
        assert_eq!(b.take(false), Some(Line::NotText));
        assert_eq!(b.take(false), text("ok"));
    }
}
