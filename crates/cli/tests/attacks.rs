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
/// the victim's answer pipe (`/proc/PID/fd/1`), reads its environment, and connects to the
/// test's loopback listener; after the first of these, it also traces a child of its own
/// (`ptrace`) and makes a user namespace (`unshare`). It logs a line per attempt.
const ATTACKS: &str = r#"import ctypes, os, socket, subprocess
port = int(sys.argv[1])
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
        socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
        print("ATTACK connect: connected", file=sys.stderr, flush=True)
    except OSError as e:
        print(f"ATTACK connect: refused ({e})", file=sys.stderr, flush=True)
    # Last, once: a user namespace of its own would hide the victim from the scans above.
    if n == 1:
        calls()
"#;

/// What one tournament of the victim, the hostile bot and two random bots showed.
struct Outcome {
    /// The victim's faults and forfeits.
    victim_faults: u64,
    victim_forfeits: u64,
    /// The hostile bot's log.
    log: String,
    /// Whether the loopback listener was reached.
    reached: bool,
}

fn play(dir: &Path, containment: Option<&str>) -> Outcome {
    std::fs::copy(misbehave(), dir.join("victim.py")).unwrap();
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
    .args(["--no-db", "--format", "json", "--bot-logs", "logs"])
    .current_dir(dir)
    .stdin(Stdio::null());
    if let Some(c) = containment {
        cmd.env("PARLOUR_CONTAINMENT", c);
    }
    let o = cmd.output().unwrap();
    assert!(o.status.success(), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let victim = entry(&v, "victim");
    let log = std::fs::read_to_string(dir.join("logs/hostile.stderr.log")).unwrap();
    let reached = listener.accept().is_ok();
    Outcome {
        victim_faults: victim["faults"].as_u64().unwrap(),
        victim_forfeits: victim["forfeits"].as_u64().unwrap(),
        log,
        reached,
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
}

/// The same attacks with the containment forced off succeed: the victim's pipe takes forged
/// answers (its faults), and the listener is reached. (This is what the test above guards.)
#[test]
fn without_containment_the_same_attacks_succeed() {
    let dir = tempfile::tempdir().unwrap();
    let out = play(dir.path(), Some("group"));
    assert!(out.log.contains("wrote forged answers"), "{}", out.log);
    assert!(out.log.contains("ATTACK connect: connected"), "{}", out.log);
    assert!(out.log.contains("ATTACK ptrace: attached"), "{}", out.log);
    assert!(out.reached);
    assert!(out.victim_faults > 0, "{}", out.log);
}
