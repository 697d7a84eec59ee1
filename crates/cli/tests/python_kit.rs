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

/// Runs `parlour check-bot GAME` on a course-interface example through
/// `python3 -m parlour_bot.course`, in `dir`.
fn check_course_bot(dir: &std::path::Path, game: &str, example: &str) -> std::process::Output {
    let script = kit().join("examples/course").join(example);
    Command::new(env!("CARGO_BIN_EXE_parlour"))
        .args(["check-bot", game, "--decisions", "200", "--"])
        .args(["python3", "-m", "parlour_bot.course", game])
        .arg(&script)
        .env("PYTHONPATH", kit())
        .current_dir(dir)
        .output()
        .unwrap()
}

#[test]
fn course_interface_bots_run_unchanged_and_their_misdeeds_are_faults() {
    let dir = tempfile::tempdir().unwrap();
    for game in ["go", "phased", "bo", "chexers"] {
        let o = check_course_bot(dir.path(), game, &format!("{game}_first.py"));
        let out = stdout(&o);
        assert!(
            o.status.success() && out.contains(", 0 faults;"),
            "{game}_first: {out}{}",
            stderr(&o)
        );
        for bad in ["raises", "junk"] {
            let o = check_course_bot(dir.path(), game, &format!("{game}_{bad}.py"));
            let (out, err) = (stdout(&o), stderr(&o));
            // Faults, each shown with its decision, and the adapter never died.
            assert_eq!(o.status.code(), Some(1), "{game}_{bad}: {out}{err}");
            assert!(out.contains("course bot fault:"), "{game}_{bad}: {out}");
            assert!(out.contains(", decision "), "{game}_{bad}: {out}");
            assert!(!out.contains("exited"), "{game}_{bad}: {out}");
        }
    }
    // Uno's COMP 202 adapter answers to the same command.
    let script = kit().join("examples/uno_seed_ai.py");
    let o = Command::new(env!("CARGO_BIN_EXE_parlour"))
        .args(["check-bot", "uno", "--decisions", "200", "--"])
        .args(["python3", "-m", "parlour_bot.course", "uno"])
        .arg(&script)
        .env("PYTHONPATH", kit())
        .current_dir(dir.path())
        .output()
        .unwrap();
    assert!(
        o.status.success() && stdout(&o).contains(", 0 faults;"),
        "uno: {}{}",
        stdout(&o),
        stderr(&o)
    );
    // The student's traceback is in the bot log.
    let logs: String = std::fs::read_dir(dir.path().join("parlour-runs/check-bot"))
        .unwrap()
        .map(|e| std::fs::read_to_string(e.unwrap().path()).unwrap())
        .collect();
    assert!(logs.contains("Traceback (most recent call last)"), "{logs}");
    assert!(logs.contains("go_raises.py"), "{logs}");
    assert!(logs.contains("printed to standard output"), "{logs}");
}

#[test]
fn a_class_tournament_of_a_folder_of_course_bots_completes_with_their_faults() {
    let dir = tempfile::tempdir().unwrap();
    let class = dir.path().join("submissions");
    std::fs::create_dir(&class).unwrap();
    for (file, name) in [
        ("go_first.py", "alice.py"),
        ("go_raises.py", "bob.py"),
        ("go_junk.py", "carol.py"),
    ] {
        std::fs::copy(kit().join("examples/course").join(file), class.join(name)).unwrap();
    }
    std::fs::write(class.join("notes.txt"), "not a bot").unwrap();
    let o = Command::new(env!("CARGO_BIN_EXE_parlour"))
        .args([
            "tournament",
            "go",
            "--course-bots",
            "submissions",
            "--bots",
            "heuristic",
        ])
        .args([
            "--games", "8", "--seed", "2", "--format", "json", "--no-db", "--jobs", "2",
        ])
        .env("PYTHONPATH", kit())
        .current_dir(dir.path())
        .output()
        .unwrap();
    assert!(o.status.success(), "{}{}", stdout(&o), stderr(&o));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["games_counted"], 8);
    assert_eq!(
        v["entries"],
        serde_json::json!(["heuristic", "alice", "bob", "carol"])
    );
    let faults = |label: &str| {
        v["standings"]["entries"]
            .as_array()
            .unwrap()
            .iter()
            .find(|e| e["label"] == label)
            .unwrap()["faults"]
            .as_u64()
            .unwrap()
    };
    assert_eq!(faults("alice"), 0);
    assert!(faults("bob") > 0 && faults("carol") > 0);
    // A folder that is missing, or holds no Python file, is one line and exit 2.
    std::fs::create_dir(dir.path().join("empty")).unwrap();
    for (folder, needle) in [
        ("missing", "--course-bots missing"),
        ("empty", "no Python files"),
    ] {
        common::assert_bad_input_in(
            dir.path(),
            &["tournament", "go", "--course-bots", folder, "--no-db"],
            needle,
        );
    }
}
