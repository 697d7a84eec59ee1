//! One bot program as a sandboxed child process: its own process group, an address-space
//! limit, an emptied environment, no inherited descriptors, standard error to a capped log, and
//! standard output read line by line (each line at most [`MAX_LINE`] bytes) on a thread, so that
//! every read can have a deadline.

use std::io::{BufRead, BufReader, BufWriter, Read, Write};
use std::os::unix::process::CommandExt;
use std::path::Path;
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{sync_channel, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use parlour_core::ProgramSpec;

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
    /// The output closed (the program ended, or closed it).
    Closed,
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
    stdin: Option<BufWriter<ChildStdin>>,
    lines: Receiver<Line>,
    threads: Vec<JoinHandle<()>>,
    exited: Option<ExitStatus>,
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
        // SAFETY: the closure runs in the child between fork and exec and only makes
        // async-signal-safe system calls (setrlimit, prctl, close_range); it allocates nothing.
        unsafe {
            cmd.pre_exec(move || {
                let limit = |resource, value: u64| {
                    let rl = libc::rlimit {
                        rlim_cur: value as libc::rlim_t,
                        rlim_max: value as libc::rlim_t,
                    };
                    libc::setrlimit(resource, &rl)
                };
                if memory > 0 && limit(libc::RLIMIT_AS, memory) != 0 {
                    return Err(std::io::Error::last_os_error());
                }
                limit(libc::RLIMIT_CORE, 0);
                // Killed if parlour dies, so a stuck bot never outlives the tournament.
                libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL);
                // Every descriptor but 0, 1, 2 closes at exec (Linux 5.11+; elsewhere parlour's
                // own descriptors are close-on-exec already).
                libc::syscall(libc::SYS_close_range, 3u32, u32::MAX, 4u32);
                Ok(())
            });
        }
        let mut child = cmd.spawn()?;
        let pid = child.id() as i32;
        let stdin = child.stdin.take().map(BufWriter::new);
        let stdout = child.stdout.take().expect("stdout is piped");
        // A small bound: a bot that floods its output blocks on the pipe instead of filling
        // parlour's memory.
        let (tx, lines) = sync_channel(16);
        let mut threads = vec![std::thread::Builder::new()
            .name("bot-stdout".into())
            .spawn(move || read_lines(stdout, &tx))?];
        if let (Some(stderr), Some(log)) = (child.stderr.take(), log) {
            threads.push(
                std::thread::Builder::new()
                    .name("bot-stderr".into())
                    .spawn(move || copy_log(stderr, &log))?,
            );
        }
        Ok(Process {
            child,
            pid,
            stdin,
            lines,
            threads,
            exited: None,
        })
    }

    /// Writes one line (the JSON of `message`) and flushes.
    pub fn send<T: serde::Serialize>(&mut self, message: &T) -> std::io::Result<()> {
        let out = self
            .stdin
            .as_mut()
            .ok_or_else(|| std::io::Error::from(std::io::ErrorKind::BrokenPipe))?;
        serde_json::to_writer(&mut *out, message)?;
        out.write_all(b"\n")?;
        out.flush()
    }

    /// The next line, waiting until `deadline`.
    pub fn recv(&mut self, deadline: Instant) -> Result<Line, ReadError> {
        let wait = deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(wait) {
            Ok(Line::Closed) | Err(RecvTimeoutError::Disconnected) => {
                Err(ReadError::Closed(self.exit_status()))
            }
            Ok(line) => Ok(line),
            Err(RecvTimeoutError::Timeout) => Err(ReadError::Timeout),
        }
    }

    /// How the program ended, as text, waiting briefly for it ("still running" if it has not).
    pub fn exit_status(&mut self) -> String {
        let end = Instant::now() + Duration::from_millis(200);
        loop {
            if let Some(status) = self.exited {
                return describe(status);
            }
            match self.child.try_wait() {
                Ok(Some(status)) => self.exited = Some(status),
                Ok(None) if Instant::now() < end => std::thread::sleep(Duration::from_millis(5)),
                Ok(None) => return "closed its output but is still running".into(),
                Err(e) => return format!("cannot be waited for: {e}"),
            }
        }
    }

    /// Sends `bye`, closes standard input, gives the program [`EXIT_GRACE`] to exit, then kills
    /// its whole process group.
    pub fn shutdown(mut self) {
        let _ = self.send(&serde_json::json!({"type": "bye"}));
        self.stdin = None;
        let end = Instant::now() + EXIT_GRACE;
        while Instant::now() < end {
            match self.child.try_wait() {
                Ok(Some(_)) | Err(_) => break,
                Ok(None) => std::thread::sleep(Duration::from_millis(5)),
            }
        }
        // Drop kills what is left.
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        self.stdin = None;
        // SAFETY: plain system calls on the child's process group, which parlour created.
        unsafe {
            libc::killpg(self.pid, libc::SIGKILL);
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
        // The reading threads are not joined: they end at end of output, or at their next line
        // once the receiver is gone (a program that left its group and holds the pipe open
        // keeps one parked thread, never the caller).
        self.threads.clear();
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

/// Reads `out` line by line into `tx` until it closes or the receiver goes away.
fn read_lines(out: impl Read, tx: &std::sync::mpsc::SyncSender<Line>) {
    let mut reader = BufReader::with_capacity(1 << 16, out);
    let mut line = Vec::new();
    loop {
        line.clear();
        let mut too_long = 0usize;
        let ended = loop {
            let buf = match reader.fill_buf() {
                Ok(b) => b,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(_) => break true,
            };
            if buf.is_empty() {
                break true;
            }
            let (chunk, found) = match buf.iter().position(|&b| b == b'\n') {
                Some(i) => (&buf[..i], Some(i + 1)),
                None => (buf, None),
            };
            if too_long > 0 || line.len() + chunk.len() > MAX_LINE {
                too_long += line.len() + chunk.len();
                line.clear();
            } else {
                line.extend_from_slice(chunk);
            }
            let used = found.unwrap_or(buf.len());
            reader.consume(used);
            if found.is_some() {
                break false;
            }
        };
        let message = if too_long > 0 {
            Line::TooLong(too_long)
        } else if ended && line.is_empty() {
            let _ = tx.send(Line::Closed);
            return;
        } else {
            match String::from_utf8(std::mem::take(&mut line)) {
                Ok(mut text) => {
                    if text.ends_with('\r') {
                        text.pop();
                    }
                    Line::Text(text)
                }
                Err(_) => Line::NotText,
            }
        };
        if tx.send(message).is_err() {
            return;
        }
        if ended {
            let _ = tx.send(Line::Closed);
            return;
        }
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
