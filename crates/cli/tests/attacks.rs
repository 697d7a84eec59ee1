//! Attacks by a hostile entry on an honest one, through the built binary (issue 36): each is
//! tried while the victim plays, the hostile bot says in its log what it tried and what came
//! of it, and the test asserts both that the attempt was refused and that the victim played
//! clean. The same attacks with the containment forced off (`PARLOUR_CONTAINMENT=group`)
//! succeed, so these tests can fail. Every attack stays on this machine: files and processes
//! the test made, and a listener on the loopback address it opened itself.

mod common;

use std::net::TcpListener;
use std::path::Path;
use std::process::{Command, Stdio};

use common::{entry, hostile_bot, misbehave, stderr};

/// The hostile bot's attacks ([`common::hostile_bot`] calls `attack(n)` at each of its first
/// three decisions): it looks through `/proc` for the victim (a process whose command line
/// names `victim.py`, in the hostile bot's own working directory), writes forged answers into
/// the victim's answer pipe (`/proc/PID/fd/1`), reads its environment, kills it, and connects
/// to the test's loopback listener. After the first of these, it also traces a child of its own
/// (`ptrace`), makes a user namespace (`unshare`), reads the victim's source, appends to it,
/// writes into the working directory, reads the tournament's database and its `-wal`, deletes
/// them, and fills `/tmp` (128 MiB, twice the jail's limit); contained (it is process 1 of its
/// own PID namespace), it also reads `/etc/shadow` and sends `kill -1`, which uncontained would
/// reach processes this test did not make. It logs a line per attempt.
const ATTACKS: &str = r##"import ctypes, os, signal, socket, subprocess
port = int(sys.argv[1])
def log(text):
    print("ATTACK " + text, file=sys.stderr, flush=True)
def files():
    contained = os.getpid() == 1
    targets = ["victim.py", "results.sqlite", "results.sqlite-wal"]
    if contained:
        targets.append("/etc/shadow")
    for path in targets:
        try:
            with open(path, "rb") as f:
                f.read(64)
            log(f"read {path}: read")
        except OSError as e:
            log(f"read {path}: refused ({e})")
    for path, how, what in [("victim.py", "a", "append victim.py"), ("planted.txt", "w", "write cwd")]:
        try:
            with open(path, how) as f:
                f.write("# planted\n")
            log(f"{what}: done")
        except OSError as e:
            log(f"{what}: refused ({e})")
    for path in ["results.sqlite-wal", "results.sqlite"]:
        try:
            os.remove(path)
            log(f"delete {path}: deleted")
        except OSError as e:
            log(f"delete {path}: refused ({e})")
    mib = 0
    try:
        with open(os.path.join(os.environ.get("TMPDIR", "/tmp"), f"parlour-attack-{port}"), "wb") as f:
            chunk = b"x" * (1 << 20)
            while mib < 128:
                f.write(chunk)
                f.flush()
                mib += 1
        log(f"fill-tmp: wrote {mib} MiB")
    except OSError as e:
        log(f"fill-tmp: stopped at {mib} MiB ({e})")
    if contained:
        try:
            os.kill(-1, signal.SIGKILL)
            log("kill -1: sent")
        except OSError as e:
            log(f"kill -1: refused ({e})")
libc = ctypes.CDLL(None, use_errno=True)
def calls():
    child = subprocess.Popen(["sleep", "5"])
    if libc.ptrace(ctypes.c_long(16), ctypes.c_int(child.pid), None, None) == 0:
        print("ATTACK ptrace: attached", file=sys.stderr, flush=True)
        libc.ptrace(ctypes.c_long(17), ctypes.c_int(child.pid), None, None)
    else:
        print(f"ATTACK ptrace: refused (errno {ctypes.get_errno()})", file=sys.stderr, flush=True)
    child.kill()
    child.wait()
    if libc.unshare(ctypes.c_int(0x10000000)) == 0:
        print("ATTACK unshare: made a new user namespace", file=sys.stderr, flush=True)
    else:
        print(f"ATTACK unshare: refused (errno {ctypes.get_errno()})", file=sys.stderr, flush=True)
def attack(n):
    victims = []
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            with open(f"/proc/{pid}/cmdline", "rb") as f:
                named = b"victim.py" in f.read().split(b"\0")
            # Only this tournament's victim (its working directory is ours): the tests run
            # side by side, and an attack touches only what its own test made.
            if named and os.readlink(f"/proc/{pid}/cwd") == os.getcwd():
                victims.append(pid)
        except OSError:
            pass
    print(f"ATTACK find: {len(victims)} victim processes seen", file=sys.stderr, flush=True)
    for pid in victims:
        try:
            with open(f"/proc/{pid}/fd/1", "w") as f:
                for i in range(50):
                    f.write(json.dumps({"type": "action", "id": 10**9 + i, "action": "junk"}) + "\n")
            print(f"ATTACK inject {pid}: wrote forged answers", file=sys.stderr, flush=True)
        except OSError as e:
            print(f"ATTACK inject {pid}: refused ({e})", file=sys.stderr, flush=True)
        try:
            with open(f"/proc/{pid}/environ", "rb") as f:
                f.read()
            print(f"ATTACK environ {pid}: read", file=sys.stderr, flush=True)
        except OSError as e:
            print(f"ATTACK environ {pid}: refused ({e})", file=sys.stderr, flush=True)
        try:
            os.kill(int(pid), signal.SIGKILL)
            log(f"kill {pid}: killed")
        except OSError as e:
            log(f"kill {pid}: refused ({e})")
    try:
        socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
        print("ATTACK connect: connected", file=sys.stderr, flush=True)
    except OSError as e:
        print(f"ATTACK connect: refused ({e})", file=sys.stderr, flush=True)
    # Last, once: a user namespace of its own would hide the victim from the scans above.
    if n == 1:
        calls()
        files()
"##;

/// What one tournament of the victim, the hostile bot and two random bots showed.
struct Outcome {
    /// parlour's exit code and standard error.
    code: Option<i32>,
    stderr: String,
    /// The victim's faults and forfeits (none when the run did not finish).
    victim_faults: u64,
    victim_forfeits: u64,
    /// The hostile bot's log.
    log: String,
    /// Whether the loopback listener was reached.
    reached: bool,
    /// The games the database holds at the end (`None`: it is gone).
    stored: Option<i64>,
    /// Whether the victim's source was changed, or a file planted in the working directory.
    victim_changed: bool,
    planted: bool,
    /// Whether the 128 MiB the hostile bot wrote to `/tmp` is on the host's `/tmp` after the
    /// run (removed then, as the test made it).
    tmp_left: bool,
}

fn play(dir: &Path, containment: Option<&str>) -> Outcome {
    std::fs::copy(misbehave(), dir.join("victim.py")).unwrap();
    let source = std::fs::read(dir.join("victim.py")).unwrap();
    hostile_bot(dir, ATTACKS, 3);
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    listener.set_nonblocking(true).unwrap();
    let port = listener.local_addr().unwrap().port();
    let bots = format!(
        "victim=cmd:python3 victim.py ok,hostile=cmd:python3 hostile.py {port},random,random"
    );
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_parlour"));
    cmd.args([
        "tournament",
        "uno",
        "--bots",
        &bots,
        "--games",
        "8",
        "--jobs",
        "1",
    ])
    .args([
        "--db",
        "results.sqlite",
        "--format",
        "json",
        "--bot-logs",
        "logs",
    ])
    .current_dir(dir)
    .stdin(Stdio::null());
    if let Some(c) = containment {
        cmd.env("PARLOUR_CONTAINMENT", c);
    }
    let o = cmd.output().unwrap();
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap_or_default();
    let victim = if v.is_null() {
        serde_json::Value::Null
    } else {
        entry(&v, "victim").clone()
    };
    let log = std::fs::read_to_string(dir.join("logs/hostile.stderr.log")).unwrap();
    let reached = listener.accept().is_ok();
    let stored = rusqlite::Connection::open_with_flags(
        dir.join("results.sqlite"),
        rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY,
    )
    .and_then(|c| c.query_row("SELECT COUNT(*) FROM games", [], |r| r.get(0)))
    .ok();
    let host_tmp = std::env::temp_dir().join(format!("parlour-attack-{port}"));
    let tmp_left = host_tmp.exists();
    let _ = std::fs::remove_file(host_tmp);
    Outcome {
        code: o.status.code(),
        stderr: stderr(&o),
        victim_faults: victim["faults"].as_u64().unwrap_or(0),
        victim_forfeits: victim["forfeits"].as_u64().unwrap_or(0),
        log,
        reached,
        stored,
        victim_changed: std::fs::read(dir.join("victim.py")).unwrap() != source,
        planted: dir.join("planted.txt").exists(),
        tmp_left,
    }
}

fn root() -> bool {
    nix::unistd::geteuid().is_root()
}

/// Contained (parlour as root), a bot sees only its own processes in `/proc`, so it cannot
/// find another entry to forge its answers or read its environment; it has no network, so it
/// cannot reach a listener on the machine's loopback address; and its seccomp filter refuses
/// `ptrace` and `unshare`.
#[test]
fn a_contained_bot_cannot_see_another_entry_reach_the_loopback_or_trace() {
    if !root() {
        eprintln!("skipped: containment in namespaces needs root here");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let out = play(dir.path(), None);
    assert!(
        out.log.contains("ATTACK find: 0 victim processes seen"),
        "{}",
        out.log
    );
    assert!(!out.log.contains("wrote forged answers"), "{}", out.log);
    assert!(out.log.contains("ATTACK connect: refused"), "{}", out.log);
    // The seccomp filter refuses the calls a bot never needs, even on its own processes.
    assert!(
        out.log.contains("ATTACK ptrace: refused (errno 1)"),
        "{}",
        out.log
    );
    assert!(
        out.log.contains("ATTACK unshare: refused (errno 1)"),
        "{}",
        out.log
    );
    assert!(!out.reached, "the loopback listener was reached");
    assert_eq!(
        (out.victim_faults, out.victim_forfeits),
        (0, 0),
        "{}",
        out.log
    );
    assert_eq!(out.code, Some(0), "{}", out.stderr);
}

/// Contained, a bot sees only the system (read-only), the files its command names and a
/// private `/tmp` of 64 MiB: not the victim's source, the working directory or the database,
/// which it can neither read, change nor delete; it runs as a user of its own, so even root's
/// files it is shown (`/etc/shadow`) stay closed; `kill -1` reaches only its own processes.
/// Every game is recorded, and nothing it wrote is left on the host.
#[test]
fn a_contained_bot_cannot_reach_other_files_the_database_or_the_hosts_tmp() {
    if !root() {
        eprintln!("skipped: containment in namespaces needs root here");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let out = play(dir.path(), None);
    for attempt in [
        "read victim.py: refused",
        "read results.sqlite: refused",
        "read results.sqlite-wal: refused",
        "read /etc/shadow: refused (",
        "append victim.py: refused",
        "write cwd: refused",
        "delete results.sqlite-wal: refused",
        "delete results.sqlite: refused",
        "fill-tmp: stopped at 6",
        "kill -1: ",
    ] {
        assert!(
            out.log.contains(&format!("ATTACK {attempt}")),
            "no {attempt:?} in {}",
            out.log
        );
    }
    // The /tmp limit is 64 MiB: the writer stops at or just under it.
    assert!(!out.log.contains("fill-tmp: wrote"), "{}", out.log);
    assert!(!out.victim_changed && !out.planted && !out.tmp_left);
    assert_eq!(out.code, Some(0), "{}", out.stderr);
    assert_eq!(out.stored, Some(8), "{}", out.stderr);
    assert_eq!(
        (out.victim_faults, out.victim_forfeits),
        (0, 0),
        "{}",
        out.log
    );
}

/// The same attacks with the containment forced off succeed: the victim's pipe takes forged
/// answers and the victim is killed (its faults), the listener is reached, the victim's source
/// is read and changed, a file is planted in the working directory, the database is read and
/// deleted (parlour says so and exits 1), and `/tmp` takes all 128 MiB. (This is what the
/// tests above guard.)
#[test]
fn without_containment_the_same_attacks_succeed() {
    let dir = tempfile::tempdir().unwrap();
    let out = play(dir.path(), Some("group"));
    assert!(out.log.contains("wrote forged answers"), "{}", out.log);
    assert!(out.log.contains("ATTACK connect: connected"), "{}", out.log);
    assert!(out.log.contains("ATTACK ptrace: attached"), "{}", out.log);
    for attempt in [
        "read victim.py: read",
        "read results.sqlite: read",
        "append victim.py: done",
        "write cwd: done",
        "delete results.sqlite: deleted",
        "fill-tmp: wrote 128 MiB",
    ] {
        assert!(
            out.log.contains(&format!("ATTACK {attempt}")),
            "no {attempt:?} in {}",
            out.log
        );
    }
    assert!(out.reached);
    assert!(out.victim_changed && out.planted && out.tmp_left);
    assert_eq!(out.code, Some(1), "{}", out.stderr);
    assert!(out.stderr.contains("TAMPERED"), "{}", out.stderr);
}
