//! Helpers shared by the command's outside tests: run `parlour`, read its output, and check
//! the bad-input contract.

// Each test binary uses a different part of this module.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// Held by the tests whose figures depend on having the machine's cores to themselves (the
/// jail's attacks time spinning children) and by the heaviest others (a browser, a long final),
/// so that the two never run at once on a small machine. Poison is ignored: a failed test must
/// not fail the next.
pub fn exclusive() -> std::sync::MutexGuard<'static, ()> {
    static HEAVY: std::sync::Mutex<()> = std::sync::Mutex::new(());
    HEAVY.lock().unwrap_or_else(|e| e.into_inner())
}

/// Runs `parlour args` in `dir`, with no input.
pub fn parlour_in(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_parlour"))
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::null())
        .output()
        .expect("parlour runs")
}

pub fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// Bad input: exit code 2 and exactly one line on stderr, containing `needle`, no panic.
pub fn assert_bad_input_in(dir: &Path, args: &[&str], needle: &str) {
    let o = parlour_in(dir, args);
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
    assert_eq!(
        err.lines().count(),
        1,
        "{args:?}: one line expected, got {err:?}"
    );
    assert!(
        err.contains(needle),
        "{args:?}: {err:?} should mention {needle:?}"
    );
    assert!(
        !err.contains("panicked") && !err.contains("backtrace"),
        "{err}"
    );
}

/// The test bot that misbehaves on purpose (`crates/protocol/tests/bots/misbehave.py`).
pub fn misbehave() -> String {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../protocol/tests/bots/misbehave.py")
        .canonicalize()
        .unwrap()
        .display()
        .to_string()
}

/// The entries' labels in a `--format json` tournament's standings, in rank order.
pub fn labels(v: &serde_json::Value) -> Vec<String> {
    v["standings"]["entries"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["label"].as_str().unwrap().to_string())
        .collect()
}

/// The standings row of the entry labelled `label` in a `--format json` tournament.
pub fn entry<'a>(v: &'a serde_json::Value, label: &str) -> &'a serde_json::Value {
    v["standings"]["entries"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["label"] == label)
        .unwrap_or_else(|| panic!("no entry {label}: {v}"))
}

/// Writes `dir/hostile.py`: a raw protocol bot (Python) that plays the first legal action and,
/// at each of its first `times` decisions, first calls `attack(n)` (n = 1, 2, ...), which
/// `functions` (Python source, with its imports) defines. A hostile entry's attacks (issue
/// 36) are written as such functions, each logging what it tried to standard error.
pub fn hostile_bot(dir: &Path, functions: &str, times: u32) -> PathBuf {
    let path = dir.join("hostile.py");
    let script = format!(
        r#"import json, sys
{functions}
tries = 0
for line in sys.stdin:
    m = json.loads(line)
    if m["type"] == "hello":
        print(json.dumps({{"type": "ready", "protocol": 1}}), flush=True)
    elif m["type"] == "act":
        if tries < {times}:
            tries += 1
            attack(tries)
        print(json.dumps({{"type": "action", "id": m["id"], "index": 0}}), flush=True)
    elif m["type"] == "bye":
        break
"#
    );
    std::fs::write(&path, script).unwrap();
    path
}

/// The repository's root.
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .canonicalize()
        .unwrap()
}

/// Runs a set-up command (an install, say), failing the test with its output if it fails.
pub fn run(what: &str, cmd: &mut Command) {
    let o = cmd
        .output()
        .unwrap_or_else(|e| panic!("{what}: cannot run: {e}"));
    assert!(
        o.status.success(),
        "{what} failed ({}):\n{}{}",
        o.status,
        stdout(&o),
        stderr(&o)
    );
}

/// `parlour args` to run in `dir` with no input and the Python kit importable (the course
/// adapters are its).
pub fn kit_command(dir: &Path, args: &[&str]) -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_parlour"));
    c.args(args)
        .env("PYTHONPATH", root().join("sdk/python"))
        .current_dir(dir)
        .stdin(Stdio::null());
    c
}

/// The secret token `parlour league roster` gave the first person of the league `league`
/// (the last field of the second line of its `tokens-1.csv`).
pub fn first_token(league: &Path) -> String {
    let tokens = std::fs::read_to_string(league.join("tokens-1.csv")).unwrap();
    let row = tokens.lines().nth(1).expect("a person in tokens-1.csv");
    row.rsplit(',').next().unwrap().to_string()
}

/// Starts `parlour league serve L --workers 1` in `dir` on a free loopback port (the kit
/// importable, its standard error to `stderr`): the process and the address it serves at.
pub fn serve_league(dir: &Path, stderr: Stdio) -> (std::process::Child, String) {
    let mut child = kit_command(
        dir,
        &[
            "league",
            "serve",
            "L",
            "--bind",
            "127.0.0.1:0",
            "--workers",
            "1",
        ],
    )
    .stdout(Stdio::piped())
    .stderr(stderr)
    .spawn()
    .expect("parlour starts");
    let address = served_address(child.stdout.take().unwrap());
    (child, address)
}

/// The first `http://HOST:PORT` a served parlour prints on `stream` (its standard output or
/// error), as `HOST:PORT`. The rest of the stream is drained on a thread of its own, so the
/// process never blocks on it.
pub fn served_address(stream: impl std::io::Read + Send + 'static) -> String {
    use std::io::BufRead;
    let mut lines = std::io::BufReader::new(stream);
    let mut line = String::new();
    loop {
        line.clear();
        let read = lines.read_line(&mut line).unwrap_or(0);
        assert!(read > 0, "no address printed");
        if let Some(at) = line.find("http://") {
            let rest = &line[at + "http://".len()..];
            let address = rest
                .split(|c: char| c == '/' || c.is_whitespace())
                .next()
                .unwrap_or_default()
                .to_string();
            std::thread::spawn(move || std::io::copy(&mut lines, &mut std::io::sink()));
            return address;
        }
    }
}
