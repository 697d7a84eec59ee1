//! The Python kit (`sdk/python`) against the real binary: its own unit tests pass, and every
//! example bot, the Uno seed-interface adapter included, passes `parlour check-bot`.

use crate::common;

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
#[ignore = "needs python3: cargo xtask test"]
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
#[ignore = "needs python3: cargo xtask test"]
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
    check_course(dir, game, &script, &["--decisions", "200"])
}

/// Runs `parlour check-bot GAME MODE... -- python3 -m parlour_bot.course GAME SCRIPT` in `dir`,
/// the kit importable.
fn check_course(
    dir: &std::path::Path,
    game: &str,
    script: &std::path::Path,
    mode: &[&str],
) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_parlour"))
        .args(["check-bot", game])
        .args(mode)
        .arg("--")
        .args(["python3", "-m", "parlour_bot.course", game])
        .arg(script)
        .env("PYTHONPATH", kit())
        .current_dir(dir)
        .output()
        .unwrap()
}

/// The sparring partners (issue 40's yardsticks, `examples/course/phased_rules.py` and
/// `examples/course/bo_rules.py`) play whole games through the course adapters, in every seat
/// against the heuristic, with no fault: every play they make is one the rules allow.
#[test]
#[ignore = "needs python3: cargo xtask test"]
fn the_sparring_partners_play_whole_games_without_a_fault() {
    let dir = tempfile::tempdir().unwrap();
    for game in ["phased", "bo"] {
        let script = kit().join(format!("examples/course/{game}_rules.py"));
        let o = check_course(dir.path(), game, &script, &["--games", "12"]);
        let out = stdout(&o);
        assert!(
            o.status.success() && out.contains("in 12 games (whole games), 0 faults;"),
            "{game}: {out}{}",
            stderr(&o)
        );
    }
}

#[test]
#[ignore = "needs python3: cargo xtask test"]
fn course_interface_bots_run_unchanged_and_their_misdeeds_are_faults() {
    let dir = tempfile::tempdir().unwrap();
    for game in ["uno", "go", "phased", "bo", "chexers"] {
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
    let o = check_course(dir.path(), "uno", &script, &["--decisions", "200"]);
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

/// Runs `parlour ARGS --format json --no-db` in `dir` with the kit on the Python path, and
/// returns the standings it printed.
fn json_tournament(dir: &std::path::Path, args: &[&str]) -> serde_json::Value {
    let o = Command::new(env!("CARGO_BIN_EXE_parlour"))
        .args(args)
        .args(["--format", "json", "--no-db"])
        .env("PYTHONPATH", kit())
        .current_dir(dir)
        .output()
        .unwrap();
    assert!(o.status.success(), "{args:?}: {}{}", stdout(&o), stderr(&o));
    serde_json::from_str(&stdout(&o)).unwrap()
}

/// The faults of the entry labelled `label` in printed standings.
fn entry_faults(v: &serde_json::Value, label: &str) -> u64 {
    common::entry(v, label)["faults"].as_u64().unwrap()
}

/// Every game's course examples play a tournament beside a built-in bot: it completes, the
/// well-behaved example makes no fault, and the misbehaving ones make faults.
#[test]
#[ignore = "needs python3: cargo xtask test"]
fn every_games_course_examples_play_a_tournament() {
    let dir = tempfile::tempdir().unwrap();
    for game in ["uno", "go", "phased", "bo", "chexers"] {
        let class = dir.path().join(game);
        std::fs::create_dir(&class).unwrap();
        for kind in ["first", "raises", "junk"] {
            let file = format!("{game}_{kind}.py");
            std::fs::copy(kit().join("examples/course").join(&file), class.join(&file)).unwrap();
        }
        let v = json_tournament(
            dir.path(),
            &[
                "tournament",
                game,
                "--course-bots",
                game,
                "--bots",
                "random",
                "--games",
                "12",
                "--seed",
                "3",
            ],
        );
        assert_eq!(v["games_counted"], 12, "{game}");
        let faults = |label: &str| entry_faults(&v, label);
        assert_eq!(faults(&format!("{game}_first")), 0, "{game}");
        assert!(faults(&format!("{game}_raises")) > 0, "{game}");
        assert!(faults(&format!("{game}_junk")) > 0, "{game}");
    }
}

#[test]
#[ignore = "needs python3: cargo xtask test"]
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
    let v = json_tournament(
        dir.path(),
        &[
            "tournament",
            "go",
            "--course-bots",
            "submissions",
            "--bots",
            "heuristic",
            "--games",
            "8",
            "--seed",
            "2",
            "--jobs",
            "2",
        ],
    );
    assert_eq!(v["games_counted"], 8);
    assert_eq!(
        v["entries"],
        serde_json::json!(["heuristic", "alice", "bob", "carol"])
    );
    let faults = |label: &str| entry_faults(&v, label);
    assert_eq!(faults("alice"), 0);
    assert!(faults("bob") > 0 && faults("carol") > 0);
    // A folder that is missing, or holds no Python file, is one line and exit 2.
    std::fs::create_dir(dir.path().join("empty")).unwrap();
    for (folder, needle) in [
        ("missing", "--course-bots missing"),
        ("empty", "no submissions in it"),
    ] {
        common::assert_bad_input_in(
            dir.path(),
            &["tournament", "go", "--course-bots", folder, "--no-db"],
            needle,
        );
    }
}

/// The samples written to each course's interface in the shapes real submissions take
/// (`sdk/python/tests/fixtures/course`): a Uno class that prints and calls Davies' spelling of
/// a getter; a Go bot that prints; a Phased Out bot that lays its phases in its own group order
/// with its Aces wherever they fall, answers with tuples and reads every taken card from
/// `turn_history`; a Bo bot that prints; and a Chexers package with several modules, absolute
/// and relative imports, a board kept as module-level state, and prints.
const SAMPLES: [(&str, &str); 5] = [
    ("uno", "uno_sample.py"),
    ("go", "go_prints.py"),
    ("phased", "phased_sample.py"),
    ("bo", "bo_sample.py"),
    ("chexers", "team_sample"),
];

/// Copies the file or folder `from` to `to`, as a submission is handed in.
fn copy_tree(from: &std::path::Path, to: &std::path::Path) {
    if from.is_dir() {
        std::fs::create_dir_all(to).unwrap();
        for entry in std::fs::read_dir(from).unwrap() {
            let path = entry.unwrap().path();
            if path.file_name().is_some_and(|n| n != "__pycache__") {
                copy_tree(&path, &to.join(path.file_name().unwrap()));
            }
        }
    } else {
        std::fs::copy(from, to).unwrap();
    }
}

/// Each course's realistic sample, handed in as a student would (the Chexers one a package),
/// plays a 40-game class tournament (42 at Chexers, whole rotations of three seats) from the deal with no fault and no forfeit, and
/// `check-bot` (whole games by default for a course adapter) agrees. On the adapters before
/// issue 35 the Phased Out sample forfeited every game and the Chexers package did not import.
#[test]
#[ignore = "needs python3: cargo xtask test"]
fn realistic_course_submissions_play_whole_tournaments_without_a_fault() {
    let dir = tempfile::tempdir().unwrap();
    for (game, sample) in SAMPLES {
        let class = dir.path().join(game);
        std::fs::create_dir(&class).unwrap();
        let from = kit().join("tests/fixtures/course").join(sample);
        let handed_in = class.join(sample);
        copy_tree(&from, &handed_in);
        // Chexers' three seats take whole sets of rotations: 42 games.
        let (others, games) = if game == "chexers" {
            ("greedy,greedy", 42)
        } else {
            ("heuristic,heuristic,heuristic", 40)
        };
        let games_text = games.to_string();
        let v = json_tournament(
            dir.path(),
            &[
                "tournament",
                game,
                "--course-bots",
                game,
                "--bots",
                others,
                "--games",
                &games_text,
                "--seed",
                "35",
            ],
        );
        assert_eq!(v["games_counted"], games, "{game}");
        let name = sample.trim_end_matches(".py");
        let entry = common::entry(&v, name);
        assert_eq!(entry["faults"], 0, "{game}: {entry}");
        assert_eq!(entry["forfeits"], 0, "{game}: {entry}");
        assert_eq!(entry["games"], games, "{game}: {entry}");

        let o = Command::new(env!("CARGO_BIN_EXE_parlour"))
            .args(["check-bot", game, "--"])
            .args(["python3", "-m", "parlour_bot.course", game])
            .arg(&handed_in)
            .env("PYTHONPATH", kit())
            .current_dir(dir.path())
            .output()
            .unwrap();
        let (out, err) = (stdout(&o), stderr(&o));
        assert!(o.status.success(), "{game}: {out}{err}");
        assert!(
            out.contains(" in 40 games (whole games), 0 faults;"),
            "{game}: {out}"
        );
        assert!(
            err.contains("40 whole games from the deal"),
            "{game}: {err}"
        );
    }
}

/// `check-bot` says which mode it ran: random positions by default for any program, whole
/// games for a course adapter or with `--games`; `--against` belongs to whole games.
#[test]
#[ignore = "needs python3: cargo xtask test"]
fn check_bot_says_which_mode_ran() {
    let dir = tempfile::tempdir().unwrap();
    // `--decisions` asks for random positions even of a course adapter.
    let o = check_course_bot(dir.path(), "chexers", "chexers_first.py");
    assert!(stdout(&o).contains("(random positions)"), "{}", stdout(&o));
    let first = kit().join("examples/course/chexers_first.py");
    let o = Command::new(env!("CARGO_BIN_EXE_parlour"))
        .args([
            "check-bot",
            "chexers",
            "--games",
            "6",
            "--against",
            "random",
        ])
        .args(["--", "python3", "-m", "parlour_bot.course", "chexers"])
        .arg(&first)
        .env("PYTHONPATH", kit())
        .current_dir(dir.path())
        .output()
        .unwrap();
    assert!(o.status.success(), "{}{}", stdout(&o), stderr(&o));
    assert!(
        stdout(&o).contains(" in 6 games (whole games), 0 faults;"),
        "{}",
        stdout(&o)
    );
    assert!(
        stderr(&o).contains("random in the others"),
        "{}",
        stderr(&o)
    );
    common::assert_bad_input_in(
        dir.path(),
        &[
            "check-bot",
            "uno",
            "--decisions",
            "10",
            "--against",
            "random",
            "--",
            "python3",
            "x.py",
        ],
        "--against is for whole games",
    );
}

/// Plays a game of Comp10001-Go under the course's scoring with these seats (the kit on the
/// Python path) and returns its trace's lines.
fn play_proposed_go(dir: &std::path::Path, seed: u64, seats: &str) -> Vec<serde_json::Value> {
    let o = Command::new(env!("CARGO_BIN_EXE_parlour"))
        .args([
            "play",
            "go",
            "-o",
            "scoring=proposed",
            "--seed",
            &seed.to_string(),
        ])
        .args(["--seats", seats, "--trace", "t.jsonl"])
        .env("PYTHONPATH", kit())
        .current_dir(dir)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}{}", stdout(&o), stderr(&o));
    std::fs::read_to_string(dir.join("t.jsonl"))
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

/// Under the course's scoring (`-o scoring=proposed`) each student's `comp10001go_group` is
/// called and its grouping scored: a valid one as it is, an invalid one as the course scored it
/// (an invalid group's cards each alone), while the built-in bots group optimally. Read from
/// the trace, and checked against the rules library.
#[test]
#[ignore = "needs python3: cargo xtask test"]
fn course_scoring_scores_each_students_own_grouping() {
    use parlour_go::scoring::{best_score, check_grouping, course_equivalent};
    use parlour_go::{GoAction, Grouping};
    let dir = tempfile::tempdir().unwrap();
    // Two students: one groups its first two discards together (a pair only by luck), one groups
    // every value's cards together (always valid: N-of-a-kinds, Aces alone).
    std::fs::write(
        dir.path().join("pairs_first.py"),
        "def comp10001go_play(discard_history, player_no, hand):\n    return hand[0]\n\n\
         def comp10001go_group(discard_history, player_no):\n\
         \x20   mine = [turn[player_no] for turn in discard_history]\n\
         \x20   return [mine[:2]] + [[c] for c in mine[2:]]\n",
    )
    .unwrap();
    std::fs::write(
        dir.path().join("by_value.py"),
        "def comp10001go_play(discard_history, player_no, hand):\n    return hand[-1]\n\n\
         def comp10001go_group(discard_history, player_no):\n\
         \x20   groups = {}\n\
         \x20   for turn in discard_history:\n\
         \x20       c = turn[player_no]\n\
         \x20       groups.setdefault(c if c[0] == 'A' else c[0], []).append(c)\n\
         \x20   return list(groups.values())\n",
    )
    .unwrap();
    let bot = |file: &str| format!("cmd:python3 -m parlour_bot.course go {file}");
    let seats = [
        bot("pairs_first.py"),
        bot("by_value.py"),
        "heuristic".into(),
        "random".into(),
    ];
    let mut invalid = 0;
    for seed in 1..=6 {
        let lines = play_proposed_go(dir.path(), seed, &seats.join(","));
        let groupings: Vec<&serde_json::Value> = lines
            .iter()
            .filter(|l| l["kind"] == "decision" && l["index"].as_u64().unwrap() >= 40)
            .collect();
        assert_eq!(groupings.len(), 4);
        let result = lines.iter().find(|l| l["kind"] == "result").unwrap();
        for (seat, g) in groupings.iter().enumerate() {
            assert_eq!(g["seat"], seat);
            let discards: Vec<parlour_cards::Card> =
                serde_json::from_value(g["observation"]["discards"][seat].clone()).unwrap();
            let mask = discards.iter().fold(0u64, |m, c| m | 1 << c.index());
            let action: GoAction = g["action"].as_str().unwrap().parse().unwrap();
            let GoAction::Group(grouping) = action else {
                panic!("seat {seat} did not group: {action}");
            };
            let score = result["returns"][seat].as_f64().unwrap() as i32;
            // Every grouping played is legal, and scores what it says.
            assert_eq!(
                score,
                check_grouping(&grouping, mask).unwrap(),
                "seat {seat}"
            );
            match seat {
                0 => {
                    let proposal: Vec<Vec<parlour_cards::Card>> =
                        std::iter::once(discards[..2].to_vec())
                            .chain(discards[2..].iter().map(|&c| vec![c]))
                            .collect();
                    let expected = match course_equivalent(&proposal, mask) {
                        Some((equivalent, _)) => {
                            invalid += 1;
                            equivalent
                        }
                        None => Grouping::new(&proposal).unwrap(),
                    };
                    assert_eq!(grouping, expected, "seed {seed}");
                }
                1 => {
                    let mut by_value: Vec<Vec<parlour_cards::Card>> = Vec::new();
                    for &c in &discards {
                        match by_value
                            .iter_mut()
                            .find(|g| c.value() != Some(1) && g[0].value() == c.value())
                        {
                            Some(g) => g.push(c),
                            None => by_value.push(vec![c]),
                        }
                    }
                    assert_eq!(grouping, Grouping::new(&by_value).unwrap(), "seed {seed}");
                }
                2 => assert_eq!(score, best_score(&discards).unwrap()),
                _ => {}
            }
        }
    }
    assert!(
        invalid > 0,
        "no seed gave the first student an invalid grouping"
    );
    // check-bot lists each invalid grouping as a reported fault, with the reason.
    let o = Command::new(env!("CARGO_BIN_EXE_parlour"))
        .args([
            "check-bot",
            "go",
            "-o",
            "scoring=proposed",
            "--decisions",
            "88",
        ])
        .args(["--show", "100", "--"])
        .args(["python3", "-m", "parlour_bot.course", "go"])
        .arg(kit().join("examples/course/go_junk.py"))
        .env("PYTHONPATH", kit())
        .current_dir(dir.path())
        .output()
        .unwrap();
    let out = stdout(&o);
    assert_eq!(o.status.code(), Some(1), "{out}");
    assert!(
        out.contains("reported: ") && out.contains("is not a valid group"),
        "{out}"
    );
}

/// Under the course's scoring the built-in search and heuristic bots group their discards as
/// well as they can: the best-scoring grouping, listed first (the rules settle it; no search).
#[test]
fn built_in_bots_propose_the_best_grouping() {
    let dir = tempfile::tempdir().unwrap();
    for seed in 1..=3 {
        let lines = play_proposed_go(
            dir.path(),
            seed,
            "ismcts:iters=300,heuristic,ismcts:iters=50,heuristic",
        );
        let mut groupings = 0;
        for l in &lines {
            if l["kind"] == "decision" && l["index"].as_u64().unwrap() >= 40 {
                assert_eq!(l["action"], l["legal"][0], "seed {seed}: {l}");
                groupings += 1;
            }
        }
        assert_eq!(groupings, 4);
    }
}
