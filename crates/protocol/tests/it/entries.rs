//! Fuzz targets for entries as people write them: bots files, `--bots` lists (`cmd:` commands,
//! `NAME=cmd:...`) and stored entry specs. Proptest over arbitrary text and over structured
//! mutations of valid inputs (see `parlour_test_support::fuzz`): nothing panics, a rejected
//! input is an error with a message, and an accepted one holds together.
//! `PARLOUR_FUZZ_CASES=N` runs at least N cases of each.

use parlour_test_support::fuzz as fuzz_support;

use std::path::PathBuf;

use fuzz_support::{config, json_input, mutate_json, mutate_lines, mutate_text, ops, Op};
use parlour_core::BotSpec;
use parlour_protocol::{
    entry_from_text, read_bots_file, split_entries, EntryError, EntrySpec, Limits,
};
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;
use serde_json::{json, Value};

const BOTS_FILES: &[&str] = &[
    "[[bot]]\nbuiltin = \"heuristic\"\n\n[[bot]]\nbuiltin = \"search:nodes=5000\"\n",
    "[[bot]]\nname = \"mine\"\ncommand = [\"python3\", \"bot.py\"]\ndir = \"bots\"\nenv = { SEED = \"1\", MODE = \"fast\" }\ntime_limit_ms = 500\ntime_bank_ms = 20000\nstartup_ms = 3000\nmemory_mb = 512\nmax_faults = 3\n",
    "[[bot]]\nname = \"line\"\ncommand = \"python3 -u 'my bot.py' --fast\"\nuser = \"nobody\"\n\n[[bot]]\nbuiltin = \"random\"\n",
    "[[bot]]\nname = \"abs\"\ncommand = [\"/usr/bin/env\", \"node\", \"b.js\"]\ndir = \"/tmp\"\n",
];

fn words() -> Vec<String> {
    [
        "[[bot]]",
        "[bot]",
        "name",
        "builtin",
        "command",
        "dir",
        "env",
        "time_limit_ms",
        "time_bank_ms",
        "startup_ms",
        "memory_mb",
        "max_faults",
        "user",
        " = ",
        "\"",
        "'",
        "'''",
        "\"\"\"",
        "[",
        "]",
        "{",
        "}",
        "0",
        "-1",
        "1e999",
        "inf",
        "nan",
        "true",
        "9223372036854775807",
        "9223372036854775808",
        "4294967296",
        "1.5",
        "\n",
        "#",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect()
}

/// A bots file: a valid one edited as data (then written as TOML), by line or by byte.
fn bots_file() -> BoxedStrategy<String> {
    let w = words();
    (
        0..BOTS_FILES.len(),
        ops(0, 4, &w),
        prop_oneof![2 => Just(Vec::new()), 1 => ops(1, 2, &w)],
        prop_oneof![2 => Just(Vec::new()), 1 => ops(1, 3, &w)],
    )
        .prop_map(
            |(which, json, lines, bytes): (usize, Vec<Op>, Vec<Op>, Vec<Op>)| {
                let valid = BOTS_FILES[which];
                let mut text = if json.is_empty() {
                    valid.to_string()
                } else {
                    let value: Value = toml::from_str(valid).unwrap();
                    let edited: Value =
                        serde_json::from_str(&mutate_json(&value, &json)).unwrap_or(value);
                    toml::to_string(&edited).unwrap_or_else(|_| valid.to_string())
                };
                if !lines.is_empty() {
                    let mut l: Vec<String> = text.lines().map(str::to_string).collect();
                    mutate_lines(&mut l, &lines);
                    text = l.join("\n");
                }
                mutate_text(&text, &bytes, BOTS_FILES[(which + 1) % BOTS_FILES.len()])
            },
        )
        .boxed()
}

/// What reading gave: an error with a message, or entries that hold together.
fn check_entries(result: Result<Vec<EntrySpec>, EntryError>) -> Result<(), TestCaseError> {
    match result {
        Ok(entries) => {
            for e in &entries {
                match e {
                    EntrySpec::Bot(spec) => {
                        let back = spec.to_string().parse::<BotSpec>().ok();
                        prop_assert_eq!(back.as_ref(), Some(spec));
                    }
                    EntrySpec::Program(p) => {
                        prop_assert!(!p.command.is_empty() && !p.command[0].is_empty());
                        prop_assert!(!p.name.trim().is_empty());
                        let l = p.limits;
                        prop_assert!(
                            l.decision_ms > 0
                                && l.bank_ms > 0
                                && l.startup_ms > 0
                                && l.memory_mb > 0,
                            "{:?}",
                            l
                        );
                        prop_assert!(p.max_faults >= 1);
                        prop_assert!(p.dir.as_ref().is_some_and(|d| d.is_absolute()));
                    }
                }
                let json = serde_json::to_value(e).unwrap();
                let back: EntrySpec = serde_json::from_value(json.clone()).map_err(|err| {
                    TestCaseError::fail(format!("{json} does not read back: {err}"))
                })?;
                prop_assert_eq!(&back, e);
            }
        }
        Err(e) => prop_assert!(!e.to_string().trim().is_empty()),
    }
    Ok(())
}

thread_local! {
    static DIR: tempfile::TempDir = tempfile::tempdir().unwrap();
}

fn read_text(text: &str) -> Result<Vec<EntrySpec>, EntryError> {
    let path: PathBuf = DIR.with(|d| d.path().join("bots.toml"));
    std::fs::write(&path, text).unwrap();
    read_bots_file(&path, Limits::default(), 10)
}

/// Found by `fuzz_bots_flag`: `cmd:'' c` made a program whose name is empty (a bots file
/// refuses one); now the same error as an empty command.
#[test]
fn fuzz_regression_bots_flag_empty_program_name() {
    for text in ["cmd:'' c", "mine=cmd:\"\" x"] {
        let e = entry_from_text(text, Limits::default(), 10).unwrap_err();
        assert_eq!(e, EntryError::NoCommand, "{text}");
    }
}

#[test]
fn fuzz_valid_bots_files_read() {
    for text in BOTS_FILES {
        let entries = read_text(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert!(!entries.is_empty());
    }
    // Deeply nested TOML is an error, not a stack overflow.
    for depth in [100, 10_000, 200_000] {
        let text = format!(
            "[[bot]]\nname = {}{}\n",
            "[".repeat(depth),
            "]".repeat(depth)
        );
        assert!(read_text(&text).is_err());
        let text = format!(
            "[[bot]]\nenv = {}\n",
            "{a=".repeat(depth) + "1" + &"}".repeat(depth)
        );
        assert!(read_text(&text).is_err());
    }
}

proptest! {
    #![proptest_config(config(10_000))]

        #[test]
        fn fuzz_bots_file(text in bots_file()) {
            check_entries(read_text(&text))?;
        }

        /// `--bots`: comma-separated entries, quoted commands, `NAME=cmd:...`.
        #[test]
        fn fuzz_bots_flag(text in prop_oneof![
            3 => (prop::sample::select(vec![
                "heuristic,random", "search:nodes=50000,cmd:\"python3 my bot.py\"",
                "mine=cmd:python3 bot.py,ismcts:iters=10", "cmd:'a b' c,heuristic",
            ]), ops(1, 3, &words())).prop_map(|(t, o)| mutate_text(t, &o, "cmd:")),
            1 => "\\PC{0,30}",
        ]) {
            match split_entries(&text) {
                Ok(items) => {
                    prop_assert!(items.iter().all(|i| !i.is_empty()));
                    let entries: Result<Vec<EntrySpec>, _> = items
                        .iter()
                        .map(|i| entry_from_text(i, Limits::default(), 10))
                        .collect();
                    check_entries(entries)?;
                }
                Err(e) => prop_assert!(!e.to_string().trim().is_empty()),
            }
        }

    /// Entry specs read back from JSON (a tournament's stored configuration).
    #[test]
    fn fuzz_entry_spec_json(text in json_input(
        vec![
            json!("search:nodes=5000"),
            json!("random"),
            json!({"name": "mine", "command": ["python3", "bot.py"], "dir": "/tmp",
                   "env": {"A": "1"}, "limits": {"decision_ms": 1000, "bank_ms": 60000,
                   "startup_ms": 10000, "memory_mb": 1024}, "max_faults": 10}),
            json!({"name": "x", "command": ["./x"], "dir": null, "user": "nobody"}),
        ],
        &["name", "command", "dir", "env", "limits", "decision_ms", "bank_ms", "startup_ms",
          "memory_mb", "max_faults", "user"].iter().map(|s| s.to_string()).collect::<Vec<_>>(),
    )) {
        match serde_json::from_str::<EntrySpec>(&text) {
            Ok(entry) => {
                let json = serde_json::to_value(&entry).unwrap();
                let back: EntrySpec = serde_json::from_value(json.clone())
                    .map_err(|e| TestCaseError::fail(format!("{json} does not read back: {e}")))?;
                prop_assert_eq!(&back, &entry);
                prop_assert!(!entry.label().is_empty() || matches!(entry, EntrySpec::Program(_)));
            }
            Err(e) => prop_assert!(!e.to_string().trim().is_empty()),
        }
    }
}
