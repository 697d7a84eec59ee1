//! The Python kit (`sdk/python`) against the real binary: its own unit tests pass, and every
//! example bot, the Uno seed-interface adapter included, passes `parlour check-bot`.

mod common;

use std::path::PathBuf;
use std::process::Command;

use common::{stderr, stdout};

fn kit() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../sdk/python")
        .canonicalize()
        .unwrap()
}

#[test]
fn the_kits_own_tests_pass() {
    let o = Command::new("python3")
        .args(["-m", "unittest", "discover", "-s", "tests", "-t", "."])
        .current_dir(kit())
        .output()
        .expect("python3 runs");
    assert!(o.status.success(), "{}{}", stdout(&o), stderr(&o));
    assert!(stderr(&o).contains("\nOK"), "{}", stderr(&o));
}

#[test]
fn every_example_bot_passes_the_checker() {
    let dir = tempfile::tempdir().unwrap();
    let examples = kit().join("examples");
    for (game, variant, example) in [
        ("uno", None, "uno_simple.py"),
        ("uno", None, "uno_seed_ai.py"),
        ("uno", None, "trivial_uno.py"),
        ("uno", None, "raw_first.py"),
        ("go", None, "go_simple.py"),
        ("phased", None, "phased_simple.py"),
        ("phased", Some("bonus"), "phased_simple.py"),
        ("bo", None, "bo_simple.py"),
        ("bo", Some("bonus"), "bo_simple.py"),
        ("chexers", None, "chexers_simple.py"),
    ] {
        let mut args = vec!["check-bot", game, "--decisions", "400"];
        if let Some(v) = variant {
            args.extend(["--variant", v]);
        }
        let script = examples.join(example).display().to_string();
        args.extend(["--", "python3", &script]);
        let o = Command::new(env!("CARGO_BIN_EXE_parlour"))
            .args(&args)
            .env("PYTHONPATH", kit())
            .current_dir(dir.path())
            .output()
            .unwrap();
        let out = stdout(&o);
        assert!(
            o.status.success() && out.contains(", 0 faults;") && out.ends_with("passed\n"),
            "{example} on {game} {variant:?}: {out}{}",
            stderr(&o)
        );
    }
}
