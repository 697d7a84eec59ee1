//! Helpers shared by the command's outside tests: run `parlour`, read its output, and check
//! the bad-input contract.

// Each test binary uses a different part of this module.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

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
