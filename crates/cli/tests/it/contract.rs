//! Results are a contract: seeded tournaments, strength tables, traces and terminal games of
//! every game and variant, recorded under `tests/data/contract/`, must come out byte for byte
//! the same (times aside) after any refactor. A rule change that alters them is re-recorded on
//! purpose, with `PARLOUR_BLESS=1`, and the change said in its commit.

use crate::common;

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use common::stderr;

/// One recorded run: its file name, the arguments, and what it reads on standard input.
struct Case {
    name: &'static str,
    args: &'static [&'static str],
    /// Lines fed to a human seat (each `0`: the first legal action).
    human_lines: usize,
}

const fn case(name: &'static str, args: &'static [&'static str]) -> Case {
    Case {
        name,
        args,
        human_lines: 0,
    }
}

const TOURNAMENT: &[&str] = &["--no-db", "--format", "json", "--jobs", "2", "--seed", "7"];

const CASES: &[Case] = &[
    // Tournaments: built-in bots, duplicate deals, ISMCTS at a small fixed budget.
    case(
        "tournament-uno",
        &[
            "tournament",
            "uno",
            "--bots",
            "random,heuristic,ismcts:iters=40,random,ismcts:iters=20:policy=plain",
            "--games",
            "120",
        ],
    ),
    case(
        "tournament-uno-match",
        &[
            "tournament",
            "uno",
            "-o",
            "players=3",
            "-o",
            "target=200",
            "--bots",
            "random,heuristic,ismcts:iters=20",
            "--games",
            "12",
        ],
    ),
    case(
        "tournament-go",
        &[
            "tournament",
            "go",
            "--bots",
            "random,heuristic,ismcts:iters=40,random",
            "--games",
            "48",
        ],
    ),
    case(
        "tournament-phased",
        &[
            "tournament",
            "phased",
            "--bots",
            "random,heuristic,ismcts:iters=8,heuristic",
            "--games",
            "8",
        ],
    ),
    case(
        "tournament-phased-bonus",
        &[
            "tournament",
            "phased",
            "--variant",
            "bonus",
            "--bots",
            "random,heuristic,ismcts:iters=8,heuristic",
            "--games",
            "8",
        ],
    ),
    case(
        "tournament-bo",
        &[
            "tournament",
            "bo",
            "--bots",
            "random,heuristic,ismcts:iters=8,heuristic",
            "--games",
            "8",
        ],
    ),
    case(
        "tournament-bo-bonus",
        &[
            "tournament",
            "bo",
            "--variant",
            "bonus",
            "--bots",
            "random,heuristic,ismcts:iters=8,heuristic",
            "--games",
            "8",
        ],
    ),
    case(
        "tournament-chexers",
        &[
            "tournament",
            "chexers",
            "--bots",
            "random,greedy,search:nodes=1500,ismcts:iters=30",
            "--games",
            "24",
        ],
    ),
    // Strength tables at small deal counts.
    case(
        "strength-uno",
        &[
            "strength",
            "uno",
            "--bots",
            "random,heuristic,ismcts:iters=30",
            "--deals",
            "6",
        ],
    ),
    case(
        "strength-go",
        &[
            "strength",
            "go",
            "--bots",
            "random,heuristic,ismcts:iters=30",
            "--deals",
            "4",
        ],
    ),
    case(
        "strength-phased",
        &[
            "strength",
            "phased",
            "--bots",
            "random,heuristic,ismcts:iters=6",
            "--deals",
            "1",
        ],
    ),
    case(
        "strength-phased-bonus",
        &[
            "strength",
            "phased",
            "--variant",
            "bonus",
            "--bots",
            "heuristic,ismcts:iters=6",
            "--deals",
            "1",
        ],
    ),
    case(
        "strength-bo",
        &[
            "strength",
            "bo",
            "--bots",
            "random,heuristic,ismcts:iters=6",
            "--deals",
            "1",
        ],
    ),
    case(
        "strength-bo-bonus",
        &[
            "strength",
            "bo",
            "--variant",
            "bonus",
            "--bots",
            "heuristic,ismcts:iters=6",
            "--deals",
            "1",
        ],
    ),
    case(
        "strength-chexers",
        &[
            "strength",
            "chexers",
            "--bots",
            "greedy,search:nodes=800,ismcts:iters=20",
            "--deals",
            "1",
        ],
    ),
    // Traces of seeded games between bots (observations, legal lists and actions as JSON).
    case(
        "trace-uno",
        &[
            "play",
            "uno",
            "--seats",
            "heuristic,random,ismcts:iters=20,random",
            "--seed",
            "11",
        ],
    ),
    case(
        "trace-uno-match",
        &[
            "play",
            "uno",
            "-o",
            "players=2",
            "-o",
            "target=100",
            "--seats",
            "heuristic,random",
            "--seed",
            "12",
        ],
    ),
    case(
        "trace-go",
        &[
            "play",
            "go",
            "--seats",
            "heuristic,random,ismcts:iters=20,random",
            "--seed",
            "13",
        ],
    ),
    case(
        "trace-phased",
        &[
            "play",
            "phased",
            "--seats",
            "heuristic,random,ismcts:iters=4,heuristic",
            "--seed",
            "14",
        ],
    ),
    case(
        "trace-phased-bonus",
        &[
            "play",
            "phased",
            "--variant",
            "bonus",
            "--seats",
            "heuristic,heuristic,random,heuristic",
            "--seed",
            "15",
        ],
    ),
    case(
        "trace-bo",
        &[
            "play",
            "bo",
            "--seats",
            "heuristic,random,ismcts:iters=4,heuristic",
            "--seed",
            "16",
        ],
    ),
    case(
        "trace-bo-bonus",
        &[
            "play",
            "bo",
            "--variant",
            "bonus",
            "--seats",
            "heuristic,heuristic,random,heuristic",
            "--seed",
            "17",
        ],
    ),
    case(
        "trace-chexers",
        &[
            "play",
            "chexers",
            "--seats",
            "greedy,search:nodes=500,ismcts:iters=20",
            "--seed",
            "18",
        ],
    ),
    // Terminal games with a person at seat 0 who always types `0`: the human text forms.
    Case {
        name: "human-uno",
        args: &[
            "play",
            "uno",
            "--seats",
            "human,heuristic,random,heuristic",
            "--seed",
            "21",
        ],
        human_lines: 400,
    },
    Case {
        name: "human-go",
        args: &[
            "play",
            "go",
            "--seats",
            "human,heuristic,random,heuristic",
            "--seed",
            "22",
        ],
        human_lines: 100,
    },
    Case {
        name: "human-phased-bonus",
        args: &[
            "play",
            "phased",
            "--variant",
            "bonus",
            "--seats",
            "human,heuristic,random,heuristic",
            "--seed",
            "23",
        ],
        human_lines: 3000,
    },
    Case {
        name: "human-bo-bonus",
        args: &[
            "play",
            "bo",
            "--variant",
            "bonus",
            "--seats",
            "human,random,heuristic,random",
            "--seed",
            "24",
        ],
        human_lines: 3000,
    },
    Case {
        name: "human-chexers",
        args: &[
            "play",
            "chexers",
            "--seats",
            "human,greedy,random",
            "--seed",
            "25",
        ],
        human_lines: 1000,
    },
];

fn data_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/contract")
}

/// Removes what depends on the machine's speed: a tournament's wall time and rate, a match's
/// seconds.
fn without_times(mut v: serde_json::Value) -> serde_json::Value {
    if let Some(run) = v.get_mut("run").and_then(|r| r.as_object_mut()) {
        run.remove("seconds");
        run.remove("games_per_sec");
    }
    if let Some(matches) = v.get_mut("matches").and_then(|m| m.as_array_mut()) {
        for m in matches {
            if let Some(m) = m.as_object_mut() {
                m.remove("seconds");
            }
        }
    }
    v
}

/// What a case produces, as the text kept on file.
fn run(case: &Case) -> String {
    let dir = tempfile::tempdir().unwrap();
    let mut args: Vec<&str> = case.args.to_vec();
    let is_trace = case.name.starts_with("trace-");
    if is_trace {
        args.extend(["--trace", "trace.jsonl"]);
    }
    if case.args[0] == "tournament" {
        args.extend(TOURNAMENT);
    }
    if case.args[0] == "strength" {
        args.extend(["--format", "json", "--jobs", "2"]);
    }
    let mut child = Command::new(env!("CARGO_BIN_EXE_parlour"))
        .args(&args)
        .current_dir(dir.path())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("parlour runs");
    let input = "0\n".repeat(case.human_lines);
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        use std::io::Write;
        // The game may end before every line is read.
        let _ = stdin.write_all(input.as_bytes());
    });
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    assert!(
        out.status.success(),
        "{}: {:?} failed: {}",
        case.name,
        args,
        stderr(&out)
    );
    let stdout = String::from_utf8(out.stdout).unwrap();
    match case.args[0] {
        "tournament" | "strength" => {
            let v: serde_json::Value = serde_json::from_str(&stdout).unwrap();
            let mut text = serde_json::to_string_pretty(&without_times(v)).unwrap();
            text.push('\n');
            text
        }
        _ if is_trace => {
            let trace = std::fs::read_to_string(dir.path().join("trace.jsonl")).unwrap();
            format!("{stdout}--- trace.jsonl\n{trace}")
        }
        _ => stdout,
    }
}

#[test]
fn seeded_results_are_unchanged() {
    let bless = std::env::var_os("PARLOUR_BLESS").is_some();
    let dir = data_dir();
    if bless {
        std::fs::create_dir_all(&dir).unwrap();
    }
    let mut changed = Vec::new();
    for case in CASES {
        let got = run(case);
        let path = dir.join(format!("{}.txt", case.name));
        if bless {
            std::fs::write(&path, &got).unwrap();
            continue;
        }
        let want = std::fs::read_to_string(&path)
            .unwrap_or_else(|e| panic!("{}: {e} (record it with PARLOUR_BLESS=1)", path.display()));
        if got != want {
            let line = got
                .lines()
                .zip(want.lines())
                .position(|(a, b)| a != b)
                .unwrap_or(got.lines().count().min(want.lines().count()));
            changed.push(format!(
                "{}: first difference at line {}:\n  now:  {}\n  kept: {}",
                case.name,
                line + 1,
                got.lines().nth(line).unwrap_or("(end)"),
                want.lines().nth(line).unwrap_or("(end)")
            ));
        }
    }
    assert!(
        changed.is_empty(),
        "results changed:\n{}",
        changed.join("\n")
    );
}
