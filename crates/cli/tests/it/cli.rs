//! The `parlour` command from the outside: exit codes, messages, traces and replays.

use crate::common;

use std::io::{BufReader, Read, Write};
use std::process::{Command, Output, Stdio};

use common::{parlour_in, stderr, stdout};

/// A scratch working directory shared by this test binary's runs, so that tournaments'
/// default databases (under `parlour-runs/`) land there and not in the source tree.
fn scratch() -> &'static std::path::Path {
    static DIR: std::sync::OnceLock<tempfile::TempDir> = std::sync::OnceLock::new();
    DIR.get_or_init(|| tempfile::tempdir().expect("a temporary directory"))
        .path()
}

fn parlour(args: &[&str]) -> Output {
    parlour_in(scratch(), args)
}

/// Bad input: exit code 2 and exactly one line on stderr, containing `needle`, no panic.
fn assert_bad_input(args: &[&str], needle: &str) {
    common::assert_bad_input_in(scratch(), args, needle)
}

#[test]
fn unknown_game_is_one_clear_line() {
    assert_bad_input(&["tournament", "chess"], "unknown game \"chess\"");
    assert_bad_input(
        &["play", "chess", "--seats", "random,random"],
        "unknown game",
    );
    assert_bad_input(&["bench", "chess"], "unknown game");
}

#[test]
fn unknown_bot_is_one_clear_line() {
    assert_bad_input(
        &["tournament", "uno", "--bots", "heuristic,alphazero"],
        "unknown bot \"alphazero\"",
    );
    assert_bad_input(
        &["play", "uno", "--seats", "random,wizard,random,random"],
        "unknown bot \"wizard\"",
    );
}

#[test]
fn malformed_seats_and_bots_are_rejected() {
    assert_bad_input(&["play", "uno", "--seats", "random,,random"], "--seats");
    assert_bad_input(&["play", "uno", "--seats", "random"], "2 to 10 players");
    assert_bad_input(&["tournament", "uno", "--bots", "random,"], "--bots");
    assert_bad_input(
        &["tournament", "uno", "--bots", "random,random,random"],
        "a table of 4 needs at least 4 bots; 3 given",
    );
}

#[test]
fn bad_numbers_are_rejected() {
    assert_bad_input(
        &["tournament", "uno", "--rounds", "0"],
        "--games must be from 1",
    );
    assert_bad_input(
        &["tournament", "uno", "--rounds", "lots"],
        "--games must be from 1 to 10000000, not \"lots\"",
    );
    assert_bad_input(
        &["tournament", "uno", "--rounds", "10", "--jobs", "0"],
        "--jobs",
    );
    assert_bad_input(&["tournament", "uno", "--players", "11"], "2 to 10 players");
    assert_bad_input(&["bench", "uno", "--seconds", "-1"], "--seconds");
    assert_bad_input(&["bench", "uno", "-o", "colour=red"], "unknown field");
    assert_bad_input(&["bench", "uno", "-o", "players"], "KEY=VALUE");
    // Options have ranges: a game that never ends would hold a stopped tournament for ever.
    assert_bad_input(
        &["tournament", "uno", "-o", "rounds=4294967295"],
        "rounds must be from 1 to 1000000",
    );
    assert_bad_input(
        &["play", "uno", "-o", "target=0"],
        "target must be from 1 to 100000",
    );
}

#[test]
fn unreadable_trace_is_one_clear_line() {
    assert_bad_input(&["replay", "/nonexistent/trace.jsonl"], "cannot read trace");
}

#[test]
fn every_subcommand_has_help() {
    for sub in ["play", "tournament", "bench", "replay", "bots"] {
        let o = parlour(&[sub, "--help"]);
        assert_eq!(o.status.code(), Some(0), "{sub}");
        assert!(stdout(&o).contains("Usage: parlour"), "{sub}");
    }
}

/// Plays `game` with `seats` and `extra` arguments, tracing to a temporary file, checks that
/// the play succeeds and that the trace replays; returns play's stdout and replay's stdout.
fn play_and_replay(game: &str, seats: &str, seed: &str, extra: &[&str]) -> (String, String) {
    let dir = tempfile::tempdir().unwrap();
    let trace = dir.path().join("game.jsonl");
    let trace_s = trace.to_str().unwrap();
    let mut args = vec![
        "play", game, "--seats", seats, "--seed", seed, "--trace", trace_s,
    ];
    args.extend_from_slice(extra);
    let o = parlour(&args);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let text = std::fs::read_to_string(&trace).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[0].contains("\"kind\":\"header\""));
    assert!(lines.last().unwrap().contains("\"kind\":\"result\""));
    let r = parlour(&["replay", trace_s]);
    assert_eq!(r.status.code(), Some(0), "{}", stderr(&r));
    assert!(stdout(&r).contains("result reproduced"), "{}", stdout(&r));
    (stdout(&o), stdout(&r))
}

#[test]
fn play_without_a_human_prints_the_game_and_traces_it() {
    let (out, _) = play_and_replay("uno", "heuristic,random,random,random", "7", &[]);
    assert!(out.contains("seat 0 (heuristic):"), "{out}");
    assert!(out.contains("round 1 over"), "{out}");
    assert!(out.contains("game over"), "{out}");

    // The same seed plays the same game.
    let again = parlour(&[
        "play",
        "uno",
        "--seats",
        "heuristic,random,random,random",
        "--seed",
        "7",
    ]);
    let strip = |s: &str| {
        s.lines()
            .filter(|l| !l.contains("trace"))
            .collect::<Vec<_>>()
            .join("\n")
    };
    assert_eq!(strip(&stdout(&again)), strip(&out));
}

/// A four-random-bot Uno game recorded with `--trace`: the directory (kept alive), the file and
/// its text.
fn recorded_uno_trace(seed: &str) -> (tempfile::TempDir, std::path::PathBuf, String) {
    let dir = tempfile::tempdir().unwrap();
    let trace = dir.path().join("game.jsonl");
    let o = parlour(&[
        "play",
        "uno",
        "--seats",
        "random,random,random,random",
        "--seed",
        seed,
        "--trace",
        trace.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let text = std::fs::read_to_string(&trace).unwrap();
    (dir, trace, text)
}

#[test]
fn tampered_and_truncated_traces_name_the_line() {
    let (dir, _trace, text) = recorded_uno_trace("3");
    let lines: Vec<String> = text.lines().map(String::from).collect();

    // An action changed to one that was not legal.
    let mut tampered = lines.clone();
    let line = tampered
        .iter()
        .position(|l| l.contains("\"action\":\"draw\""))
        .expect("someone draws");
    tampered[line] = tampered[line].replace("\"action\":\"draw\"", "\"action\":\"pass\"");
    let bad = dir.path().join("tampered.jsonl");
    std::fs::write(&bad, tampered.join("\n")).unwrap();
    let r = parlour(&["replay", bad.to_str().unwrap()]);
    assert_eq!(r.status.code(), Some(1));
    let err = stderr(&r);
    assert!(err.contains(&format!("line {}:", line + 1)), "{err}");
    assert!(err.contains("illegal action pass"), "{err}");

    // A changed result.
    let mut forged = lines.clone();
    let last = forged.len() - 1;
    forged[last] = forged[last].replace("\"returns\":[", "\"returns\":[1.0,");
    std::fs::write(&bad, forged.join("\n")).unwrap();
    let err = stderr(&parlour(&["replay", bad.to_str().unwrap()]));
    assert!(
        err.contains(&format!("line {}:", last + 1)) && err.contains("not reproduced"),
        "{err}"
    );

    // Truncated.
    std::fs::write(&bad, lines[..lines.len() - 5].join("\n")).unwrap();
    let err = stderr(&parlour(&["replay", bad.to_str().unwrap()]));
    assert!(err.contains("without a result line"), "{err}");

    // Not JSON.
    let mut junk = lines.clone();
    junk[2] = "{not json".into();
    std::fs::write(&bad, junk.join("\n")).unwrap();
    let err = stderr(&parlour(&["replay", bad.to_str().unwrap()]));
    assert!(err.contains("line 3: not JSON"), "{err}");

    // Not a trace at all.
    std::fs::write(&bad, "hello\n").unwrap();
    let r = parlour(&["replay", bad.to_str().unwrap()]);
    assert_eq!(r.status.code(), Some(1));
    assert!(stderr(&r).contains("line 1"), "{}", stderr(&r));
}

#[test]
fn tournament_json_is_machine_readable_and_independent_of_jobs() {
    let run = |jobs: &str| {
        let o = parlour(&[
            "tournament",
            "uno",
            "--games",
            "400",
            "--seed",
            "5",
            "--format",
            "json",
            "--no-db",
            "--jobs",
            jobs,
        ]);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        let mut v: serde_json::Value =
            serde_json::from_str(stdout(&o).trim()).expect("one JSON object");
        assert_eq!(v["run"]["jobs"], jobs.parse::<u64>().unwrap());
        v.as_object_mut().unwrap().remove("run");
        v
    };
    let one = run("1");
    assert_eq!(one["games_counted"], 400);
    assert_eq!(one["duplicate"], true);
    let entries = one["standings"]["entries"].as_array().unwrap();
    assert_eq!(entries.len(), 4);
    assert!(entries.iter().all(|e| e["games"] == 400));
    let wins: u64 = entries.iter().map(|e| e["wins"].as_u64().unwrap()).sum();
    let draws = entries[0]["draws"].as_u64().unwrap();
    assert_eq!(
        wins + draws,
        400,
        "each Uno round has one winner or is drawn"
    );
    assert_eq!(one, run("2"));
}

#[test]
fn tournament_table_lists_every_entry_and_the_pairwise_table() {
    let o = parlour(&[
        "tournament",
        "uno",
        "--bots",
        "heuristic,heuristic,random,random",
        "--rounds",
        "200",
        "--no-db",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    for entry in [
        "heuristic#1",
        "heuristic#2",
        "random#1",
        "random#2",
        "win % (95% CI)",
        "placement (95% CI)",
        "rating μ ± σ",
        "ahead of →",
        "clustered by deal",
    ] {
        assert!(out.contains(entry), "{out}");
    }
}

#[test]
fn bench_reports_throughput() {
    let o = parlour(&["bench", "uno", "--seconds", "0.2", "--format", "json"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert!(v["games"].as_u64().unwrap() > 0);
    assert!(v["actions_per_sec"].as_f64().unwrap() > 0.0);
}

/// Runs `parlour` with `args` and a person at seat 0 answering each `seat 0> ` prompt with
/// `answer(prompt number from 1, the last "Legal: " line)`; returns everything printed, whether
/// the process succeeded, and the number of prompts.
fn play_at_the_terminal(
    args: &[&str],
    mut answer: impl FnMut(usize, &str) -> String,
) -> (String, bool, usize) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_parlour"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    let mut out = BufReader::new(child.stdout.take().unwrap());
    // Raw bytes: the output is UTF-8 (`→`), decoded a line at a time.
    let mut seen: Vec<u8> = Vec::new();
    let mut line_start = 0;
    let mut legal_line = String::new();
    let mut prompts = 0;
    let mut byte = [0u8; 1];
    loop {
        if out.read(&mut byte).unwrap() == 0 {
            break;
        }
        seen.push(byte[0]);
        if byte[0] == b'\n' {
            let line = String::from_utf8_lossy(&seen[line_start..])
                .trim_end()
                .to_string();
            line_start = seen.len();
            if let Some(rest) = line.strip_prefix("Legal: ") {
                legal_line = rest.to_string();
            }
        }
        if seen.ends_with(b"seat 0> ") {
            prompts += 1;
            if prompts > 5000 {
                // A bad answer re-prompting for ever: stop and fail.
                let _ = child.kill();
                break;
            }
            writeln!(input, "{}", answer(prompts, &legal_line)).unwrap();
        }
    }
    let mut rest = Vec::new();
    out.read_to_end(&mut rest).unwrap();
    seen.extend(rest);
    let status = child.wait().unwrap();
    let seen = String::from_utf8_lossy(&seen).into_owned();
    (seen, status.success(), prompts)
}

#[test]
fn a_person_plays_at_the_terminal() {
    // Answer each prompt: first with junk (it must re-prompt), then with the first legal action.
    let (seen, status, prompts) = play_at_the_terminal(
        &[
            "play",
            "uno",
            "--seats",
            "human,random,random,random",
            "--seed",
            "11",
        ],
        |prompt, _legal_line| {
            if prompt == 1 {
                "junk".to_string()
            } else {
                // The first legal action, by its number.
                "0".to_string()
            }
        },
    );
    assert!(status, "{seen}");
    assert!(prompts >= 2, "{seen}");
    assert!(
        seen.contains("Legal: [0] "),
        "the legal actions are shown numbered: {seen}"
    );
    assert!(seen.contains("Up card:"), "{seen}");
    assert!(
        seen.contains("cannot read \"junk\""),
        "bad input re-prompts with a message: {seen}"
    );
    assert!(
        seen.contains("seat 1 (random):"),
        "bots' moves are shown: {seen}"
    );
    assert!(seen.contains("game over"), "{seen}");
}

#[test]
fn a_closed_stdin_ends_a_human_game_cleanly() {
    let o = parlour(&[
        "play",
        "uno",
        "--seats",
        "human,random,random,random",
        "--seed",
        "1",
    ]);
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    assert!(err.contains("standard input closed"), "{err}");
    assert!(!err.contains("panicked"));
}

#[test]
fn unknown_flags_are_one_line_too() {
    assert_bad_input(
        &["tournament", "uno", "--colour", "red"],
        "unexpected argument '--colour'",
    );
    assert_bad_input(&["tournament", "uno", "--rounds", "-5"], "not \"-5\"");
    assert_bad_input(&["frobnicate"], "unrecognized subcommand");
}

#[test]
fn go_score_prints_the_best_partition() {
    let o = parlour(&[
        "go", "score", "7C", "7S", "4C", "AH", "AS", "QS", "9H", "7H", "AC", "JH",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("total: 78"), "{out}");
    assert!(out.contains("2-of-a-kind"), "{out}");
    assert_bad_input(&["go", "score", "7C", "10S"], "bad card \"10S\"");
    assert_bad_input(&["go", "score", "7C", "7C"], "7C appears more than once");
}

#[test]
fn go_plays_traces_and_replays() {
    let (out, replayed) = play_and_replay("go", "heuristic,random,random,random", "4", &[]);
    assert!(out.contains("round 1 over"));
    assert!(
        replayed.contains("go · 40 decisions replayed"),
        "{replayed}"
    );
    let t = parlour(&[
        "tournament",
        "go",
        "--rounds",
        "40",
        "--format",
        "json",
        "--no-db",
    ]);
    assert_eq!(t.status.code(), Some(0), "{}", stderr(&t));
    let v: serde_json::Value = serde_json::from_str(stdout(&t).trim()).unwrap();
    assert_eq!(v["game"], "go");
    assert_eq!(v["games_counted"], 40);
}

/// Plays Comp10001-Go with one person who always picks card [0]; returns the output and stdout.
fn play_go_picking_first_cards(args: &[&str]) -> (Output, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_parlour"))
        .args(["play", "go"])
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    for _ in 0..10 {
        writeln!(input, "0").unwrap();
    }
    drop(input);
    let o = child.wait_with_output().unwrap();
    let out = String::from_utf8_lossy(&o.stdout).into_owned();
    (o, out)
}

#[test]
fn go_picks_of_others_stay_hidden_from_a_person() {
    // The person sits last: the three bots pick before every one of its decisions. Their picks
    // must not be printed until revealed (the person then sees them in the discards).
    let (o, out) =
        play_go_picking_first_cards(&["--seats", "random,random,random,human", "--seed", "8"]);
    assert!(
        o.status.success(),
        "{out}{}",
        String::from_utf8_lossy(&o.stderr)
    );
    assert!(out.contains("seat 0 (random): moved (hidden)"), "{out}");
    for l in out.lines().filter(|l| {
        l.starts_with("seat 0 (") || l.starts_with("seat 1 (") || l.starts_with("seat 2 (")
    }) {
        assert!(
            l.ends_with("moved (hidden)"),
            "a bot's pick was printed: {l}"
        );
    }
    assert!(out.contains("seat 3 (human): "), "{out}");
}

#[test]
fn a_person_is_not_shown_a_random_seed_before_the_end() {
    let (o, out) = play_go_picking_first_cards(&["--seats", "human,random,random,random"]);
    assert!(o.status.success(), "{out}");
    let first = out.lines().next().unwrap();
    assert!(
        first.contains("seed chosen at random (shown at the end)"),
        "{first}"
    );
    let last = out.lines().last().unwrap();
    assert!(last.contains("· seed "), "{last}");
}

/// With no seats named, a person plays against the game's strongest bot (at Go, ISMCTS anchored on
/// the shipped network).
#[test]
fn a_person_plays_the_strongest_bot_by_default() {
    let (o, out) = play_go_picking_first_cards(&["--seed", "3"]);
    assert!(o.status.success(), "{out}");
    for seat in 1..4 {
        // Go's strongest: the search anchored on the shipped network.
        assert!(
            out.contains(&format!("seat {seat} (ismcts:anchor=learned:z=1)")),
            "{out}"
        );
    }
    assert!(!out.contains("(heuristic)"), "{out}");
}

/// An eight-round tournament of `game`'s default bots in `variant`, as JSON: it must succeed
/// and report eight rounds.
fn eight_round_tournament(game: &str, variant: &str) {
    let t = parlour(&[
        "tournament",
        game,
        "--variant",
        variant,
        "--rounds",
        "8",
        "--format",
        "json",
        "--no-db",
    ]);
    assert_eq!(t.status.code(), Some(0), "{}", stderr(&t));
    let v: serde_json::Value = serde_json::from_str(stdout(&t).trim()).unwrap();
    assert_eq!(v["games_counted"], 8);
}

#[test]
fn phased_plays_both_variants_traces_replays_and_runs_tournaments() {
    for variant in ["standard", "bonus"] {
        play_and_replay(
            "phased",
            "heuristic,random,heuristic,random",
            "6",
            &["--variant", variant],
        );
        eight_round_tournament("phased", variant);
    }
    assert_bad_input(
        &["bench", "phased", "--variant", "turbo"],
        "unknown variant",
    );
}

#[test]
fn a_closed_pipe_ends_quietly() {
    use std::io::Read;
    let mut child = Command::new(env!("CARGO_BIN_EXE_parlour"))
        .args([
            "play",
            "uno",
            "--seats",
            "random,random,random,random",
            "-o",
            "rounds=200",
            "--seed",
            "1",
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = [0u8; 16];
    child
        .stdout
        .as_mut()
        .unwrap()
        .read_exact(&mut first)
        .unwrap();
    drop(child.stdout.take());
    let o = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(!err.contains("panicked"), "{err}");
    assert_ne!(o.status.code(), Some(101));
}

#[test]
fn more_review_inputs_are_one_clear_line() {
    assert_bad_input(
        &["tournament", "uno", "--rounds", "10", "--jobs", "10000"],
        "--jobs must be from 1 to 1024",
    );
    assert_bad_input(
        &["bench", "uno", "--seconds", "1e-300"],
        "--seconds must be from 0.001",
    );
    assert_bad_input(
        &["tournament", "go", "--players", "5"],
        "go is for 4 players",
    );
    assert_bad_input(
        &["play", "go", "--seats", "random,random,random"],
        "go is for 4 players",
    );
    let ok = parlour(&["tournament", "go", "--players", "4", "--rounds", "4"]);
    assert_eq!(ok.status.code(), Some(0), "{}", stderr(&ok));
}

#[test]
fn a_trace_header_with_the_wrong_seats_does_not_replay() {
    let (_dir, trace, text) = recorded_uno_trace("2");
    let forged = text.replacen(
        "\"seats\":[\"random\",\"random\",\"random\",\"random\"]",
        "\"seats\":[\"human\",\"x\",\"y\"]",
        1,
    );
    assert_ne!(forged, text);
    std::fs::write(&trace, forged).unwrap();
    let r = parlour(&["replay", trace.to_str().unwrap()]);
    assert_eq!(r.status.code(), Some(1));
    assert!(
        stderr(&r).contains("line 1: the header names 3 seats"),
        "{}",
        stderr(&r)
    );
}

#[test]
fn a_bad_trace_path_is_reported_before_a_person_plays() {
    let o = parlour(&[
        "play",
        "go",
        "--seats",
        "human,random,random,random",
        "--trace",
        "/nonexistent/dir/t.jsonl",
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("cannot write trace"), "{}", stderr(&o));
    assert!(!stdout(&o).contains("Your hand"), "no game was played");
}

#[test]
fn bo_plays_both_variants_traces_replays_and_runs_tournaments() {
    for variant in ["standard", "bonus"] {
        let (out, _) = play_and_replay(
            "bo",
            "heuristic,random,heuristic,random",
            "4",
            &["--variant", variant],
        );
        assert!(out.contains("seat 0 (heuristic): "), "{out}");
        eight_round_tournament("bo", variant);
        let b = parlour(&["bench", "bo", "--variant", variant, "--seconds", "0.2"]);
        assert_eq!(b.status.code(), Some(0), "{}", stderr(&b));
        assert!(stdout(&b).contains("actions/s"), "{}", stdout(&b));
    }
}

/// A person plays Comp10001-Bo through a pipe: the table is drawn, `help` explains the notation,
/// a bad play is refused with the rule, and a play typed as `<source> <target>` is made.
#[test]
fn a_person_plays_bo_at_the_terminal() {
    let (seen, status, prompts) = play_at_the_terminal(
        &[
            "play",
            "bo",
            "--seats",
            "human,random,random,random",
            "--seed",
            "3",
        ],
        |prompt, legal_line| match prompt {
            1 => "help".to_string(),
            2 => "s b0".to_string(),
            _ => {
                // The first group: `<source> → [0] <target>[*] ...`, or a lone action.
                let words: Vec<&str> = legal_line.split_whitespace().collect();
                if words.get(1) == Some(&"→") {
                    format!("{} {}", words[0], words[3].trim_end_matches('*'))
                } else {
                    "0".to_string()
                }
            }
        },
    );
    assert!(status, "{seen}");
    assert!(prompts >= 3, "{seen}");
    assert!(seen.contains("Build piles:"), "{seen}");
    assert!(
        seen.contains("d3.0"),
        "every seat's discard piles are drawn: {seen}"
    );
    assert!(seen.contains("stock 5C (8 cards)"), "{seen}");
    assert!(seen.contains("A play is `<source> <target>`"), "{seen}");
    assert!(
        seen.contains("only a 2 or a King (or a Joker) can start a build pile, not 5C"),
        "a bad play gets the rule: {seen}"
    );
    assert!(seen.contains("seat 0 (human): "), "{seen}");
    assert!(seen.contains("game over"), "{seen}");
}

#[test]
fn chexers_plays_traces_replays_benches_and_runs_tournaments() {
    let (out, _) = play_and_replay("chexers", "greedy,random,greedy", "5", &[]);
    assert!(out.contains("seat 0 (greedy): "), "{out}");
    assert!(out.contains("game over"), "{out}");
    let t = parlour(&[
        "tournament",
        "chexers",
        "--bots",
        "greedy,random,random",
        "--rounds",
        "6",
        "--format",
        "json",
    ]);
    assert_eq!(t.status.code(), Some(0), "{}", stderr(&t));
    let v: serde_json::Value = serde_json::from_str(stdout(&t).trim()).unwrap();
    assert_eq!(v["games_counted"], 6);
    assert_eq!(v["duplicate"], false, "Chexers has no deal to duplicate");
    let db = v["run"]["db"].as_str().expect("recorded by default");
    assert!(db.starts_with("parlour-runs/chexers-"), "{db}");
    assert!(scratch().join(db).exists());
    let b = parlour(&["bench", "chexers", "--seconds", "0.2"]);
    assert_eq!(b.status.code(), Some(0), "{}", stderr(&b));
    assert!(stdout(&b).contains("actions/s"), "{}", stdout(&b));
    // The search bot's nodes per second (a tiny run: the test binary is unoptimised).
    let b = parlour(&["bench", "chexers", "--bot", "search", "--seconds", "0.2"]);
    assert_eq!(b.status.code(), Some(0), "{}", stderr(&b));
    assert!(stdout(&b).contains("nodes/s"), "{}", stdout(&b));
    assert_bad_input(
        &["bench", "chexers", "--bot", "deep-blue"],
        "unknown bot \"deep-blue\" for chexers",
    );
    assert_bad_input(
        &["play", "chexers", "-o", "size=5"],
        "bad option for chexers",
    );
    assert_bad_input(
        &["play", "chexers", "--seats", "random,random"],
        "chexers is for 3 players",
    );
}

/// A person plays Chexers through a pipe: the hex board is drawn with coordinates and exit
/// counts, off-board and illegal actions are refused with the reason, and a number or an
/// action's text (in any case) is played.
#[test]
fn a_person_plays_chexers_at_the_terminal() {
    let (seen, status, prompts) = play_at_the_terminal(
        &[
            "play",
            "chexers",
            "--seats",
            "human,greedy,greedy",
            "--seed",
            "3",
        ],
        |prompt, _legal| match prompt {
            1 => "MOVE (4,0) (3,0)".to_string(),
            2 => "move (-3,0) (-1,0)".to_string(),
            3 => "move (-3,0) (-2,0)".to_string(),
            // Then always the first listed action, [0].
            _ => "0".to_string(),
        },
    );
    assert!(status, "{seen}");
    assert!(prompts >= 3, "{seen}");
    assert!(seen.contains("You are Red (seat 0)."), "{seen}");
    assert!(seen.contains("r=0  R-3, 0  .-2, 0"), "the hex grid: {seen}");
    assert!(
        seen.contains("exits: Red 0, Green 0, Blue 0"),
        "exit counts: {seen}"
    );
    assert!(seen.contains("(4,0) is not on the board"), "{seen}");
    assert!(
        seen.contains("MOVE (-3,0) (-1,0) is illegal: (-1,0) is not next to (-3,0)"),
        "{seen}"
    );
    assert!(
        seen.contains("seat 0 (human): MOVE (-3,0) (-2,0)"),
        "{seen}"
    );
    assert!(seen.contains("game over"), "{seen}");
}

/// `parlour strength`: every pair of the line-up plays every deal under every seat rotation, and
/// each row's share lies in its interval.
#[test]
fn strength_reports_every_pair_on_duplicate_deals() {
    let o = parlour(&[
        "strength",
        "go",
        "--bots",
        "random,heuristic,random",
        "--deals",
        "3",
        "--format",
        "json",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    let matches = v["matches"].as_array().unwrap();
    // Three bots: three pairs, each 3 deals × 4 rotations.
    assert_eq!(matches.len(), 3);
    for m in matches {
        assert_eq!(m["games"], 12, "{m}");
        let (share, low, high) = (
            m["a_share"].as_f64().unwrap(),
            m["a_share_low"].as_f64().unwrap(),
            m["a_share_high"].as_f64().unwrap(),
        );
        assert!(
            low <= share && share <= high && (0.0..=1.0).contains(&share),
            "{m}"
        );
        let decided = m["a_wins"].as_u64().unwrap() + m["b_wins"].as_u64().unwrap();
        assert!(decided + m["split"].as_u64().unwrap() == 12, "{m}");
        // Go is scored in points: each side's points a seat per game and A's lead, each inside
        // its interval, and the verdict follows the lead.
        let get = |k: &str, f: &str| m[k][f].as_f64().unwrap_or_else(|| panic!("{k}.{f}: {m}"));
        for k in ["a_points", "b_points", "a_lead"] {
            assert!(
                get(k, "low") <= get(k, "mean") && get(k, "mean") <= get(k, "high"),
                "{m}"
            );
        }
        let lead = get("a_points", "mean") - get("b_points", "mean");
        assert!((get("a_lead", "mean") - lead).abs() < 1e-9, "{m}");
        let verdict = if get("a_lead", "low") > 0.0 {
            "A stronger"
        } else if get("a_lead", "high") < 0.0 {
            "B stronger"
        } else {
            "not separated"
        };
        assert_eq!(m["verdict"], verdict, "{m}");
    }
    assert_eq!(v["judged_by"], "points");
    // A game scored in wins has no points columns and is judged by the share of the wins.
    let o = parlour(&[
        "strength",
        "bo",
        "--bots",
        "random,heuristic",
        "--deals",
        "2",
        "--format",
        "json",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let w: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert_eq!(w["judged_by"], "wins");
    let m = &w["matches"][0];
    assert!(m.get("a_points").is_none(), "{m}");
    assert_eq!(m["verdict"], m["verdict_by_wins"]);
    // The same seed replays the same report.
    let again = parlour(&[
        "strength",
        "go",
        "--bots",
        "random,heuristic,random",
        "--deals",
        "3",
        "--format",
        "json",
    ]);
    let w: serde_json::Value = serde_json::from_str(stdout(&again).trim()).unwrap();
    for (a, b) in matches.iter().zip(w["matches"].as_array().unwrap()) {
        assert_eq!((&a["a_wins"], &a["b_wins"]), (&b["a_wins"], &b["b_wins"]));
    }
}

#[test]
fn strength_rejects_bad_values_with_one_line_errors() {
    assert_bad_input(
        &["strength", "uno", "--deals", "0"],
        "--deals must be from 1",
    );
    assert_bad_input(
        &["strength", "uno", "--bots", "heuristic"],
        "name at least two bots",
    );
    assert_bad_input(
        &["strength", "uno", "--bots", "heuristic,nosuch"],
        "unknown bot \"nosuch\"",
    );
    assert_bad_input(
        &["strength", "uno", "--bots", "heuristic,ismcts:root=bad"],
        "must be tree, paired or halving",
    );
    assert_bad_input(
        &["strength", "uno", "--bots", "heuristic,ismcts:eval=often"],
        "must be tuned, wins or points",
    );
    assert_bad_input(
        &["strength", "uno", "--bots", "heuristic,ismcts:z=-1"],
        "must be a finite number, 0 or more",
    );
}

/// `parlour bench GAME --bot ismcts` reports the search's iterations a second, with each way of
/// searching the root.
#[test]
fn bench_reports_ismcts_iterations() {
    for root in ["tree", "paired", "halving"] {
        let bot = format!("ismcts:iters=50:root={root}");
        let o = parlour(&[
            "bench",
            "uno",
            "--bot",
            &bot,
            "--seconds",
            "0.2",
            "--format",
            "json",
        ]);
        assert_eq!(o.status.code(), Some(0), "{root}: {}", stderr(&o));
        let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
        let counters = v["counters"].as_array().unwrap();
        let iterations = counters.iter().find(|c| c[0] == "iterations").unwrap();
        assert!(
            iterations[1].as_u64().unwrap() > 0 && iterations[2].as_f64().unwrap() > 0.0,
            "{root}: {iterations:?}"
        );
    }
}

/// The numbered entries of a `Legal: ` line, `[0] draw  [1] take` → `["draw", "take"]`.
fn numbered_actions(legal_line: &str) -> Vec<String> {
    let mut entries = Vec::new();
    let mut rest = legal_line;
    while let Some(start) = rest.find(&format!("[{}] ", entries.len())) {
        let from = start + format!("[{}] ", entries.len()).len();
        let next = format!("  [{}] ", entries.len() + 1);
        let end = rest[from..].find(&next).map_or(rest.len(), |e| from + e);
        entries.push(rest[from..end].trim().to_string());
        rest = &rest[end..];
    }
    entries
}

/// The actions seat 0 made, as printed, in order.
fn moves_of_seat_0(seen: &str) -> Vec<String> {
    seen.lines()
        .filter_map(|l| l.split("seat 0 (human): ").nth(1))
        .map(|m| m.trim().to_string())
        .collect()
}

/// Plays `game` with a person at seat 0 who answers every prompt with a bare number (a different
/// one each time, many of them past 9): each must play the action the list shows with that number.
fn bare_numbers_play_the_numbered_actions(game: &str, seats: &str, extra: &[&str]) -> String {
    let mut expected = Vec::new();
    let mut args = vec!["play", game, "--seats", seats, "--seed", "3"];
    args.extend_from_slice(extra);
    let (seen, status, prompts) = play_at_the_terminal(&args, |prompt, legal_line| {
        let actions = numbered_actions(legal_line);
        assert!(!actions.is_empty(), "a numbered list: {legal_line}");
        let n = (prompt * 7) % actions.len();
        expected.push(actions[n].clone());
        n.to_string()
    });
    assert!(status, "{seen}");
    assert!(prompts >= 2, "{seen}");
    assert_eq!(moves_of_seat_0(&seen), expected, "{seen}");
    seen
}

/// A bare number typed at Phased Out is the action with that number in the list (never a card
/// value or a phase): `1` takes the discard when the list is `[0] draw  [1] take`.
#[test]
fn phased_a_bare_number_plays_that_action() {
    for variant in ["standard", "bonus"] {
        let seen = bare_numbers_play_the_numbered_actions(
            "phased",
            "human,heuristic,heuristic,heuristic",
            &["--variant", variant],
        );
        assert!(seen.contains("Legal: [0] draw  [1] take"), "{seen}");
        assert!(seen.contains("game over"), "{seen}");
    }
    // The first decision of seed 3: `1` is `take`.
    let (seen, status, _) = play_at_the_terminal(
        &[
            "play",
            "phased",
            "--seats",
            "human,heuristic,heuristic,heuristic",
            "--seed",
            "3",
        ],
        |prompt, legal_line| {
            if prompt == 1 {
                assert_eq!(legal_line, "[0] draw  [1] take");
                "1".to_string()
            } else {
                let actions = numbered_actions(legal_line);
                // End each turn quickly: the last action listed is a discard when one is legal.
                (actions.len() - 1).to_string()
            }
        },
    );
    assert!(status, "{seen}");
    assert_eq!(moves_of_seat_0(&seen)[0], "take", "{seen}");
}

/// Every game numbers its legal actions the same way, `[0] ...  [1] ...`, and a bare number
/// plays that action (Uno's numbers are the legal actions', not hand positions).
#[test]
fn every_game_numbers_its_actions_alike() {
    bare_numbers_play_the_numbered_actions("uno", "human,heuristic,heuristic,heuristic", &[]);
    bare_numbers_play_the_numbered_actions("go", "human,heuristic,heuristic,heuristic", &[]);
    bare_numbers_play_the_numbered_actions("chexers", "human,greedy,greedy", &[]);
    // Comp10001-Bo groups its numbered actions by source: `8S → [0] d0.0* [1] b0 · ...`.
    let mut expected = Vec::new();
    let (seen, status, _) = play_at_the_terminal(
        &[
            "play",
            "bo",
            "--seats",
            "human,heuristic,heuristic,heuristic",
            "--seed",
            "3",
        ],
        |prompt, legal_line| {
            let count = legal_line.matches("] ").count();
            let n = (prompt * 7) % count;
            let after = legal_line.split(&format!("[{n}] ")).nth(1).unwrap();
            let target = after.split_whitespace().next().unwrap();
            expected.push(target.trim_end_matches('*').to_string());
            n.to_string()
        },
    );
    assert!(status, "{seen}");
    let moves = moves_of_seat_0(&seen);
    assert_eq!(moves.len(), expected.len(), "{seen}");
    for (m, t) in moves.iter().zip(&expected) {
        assert!(m.ends_with(t.as_str()), "{m} is not [{t}]: {seen}");
    }
}

/// Runs `parlour` with all of `input` on stdin (closed after it).
fn play_with_input(args: &[&str], input: &str) -> (String, Output) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_parlour"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let o = child.wait_with_output().unwrap();
    (String::from_utf8_lossy(&o.stdout).into_owned(), o)
}

/// `help` (or `?`) answers in every game with how to type its actions, lists the legal actions
/// again and prompts again; it is never taken as an action.
#[test]
fn help_answers_in_every_game() {
    for (game, seats, own_words) in [
        ("uno", "human,heuristic,heuristic,heuristic", "W:B"),
        (
            "go",
            "human,heuristic,heuristic,heuristic",
            "best partition",
        ),
        (
            "phased",
            "human,heuristic,heuristic,heuristic",
            "lay 2S 2S AH",
        ),
        (
            "bo",
            "human,heuristic,heuristic,heuristic",
            "<source> <target>",
        ),
        ("chexers", "human,greedy,greedy", "jump (q,r) (q,r)"),
    ] {
        for word in ["help", "?", "HELP"] {
            let (out, o) = play_with_input(
                &["play", game, "--seats", seats, "--seed", "3"],
                &format!("{word}\n"),
            );
            // Input ends after the help: the game stops there.
            assert_eq!(o.status.code(), Some(1), "{game}: {out}");
            assert!(
                out.contains("seat 0>   Type the number of an action in the Legal list (`0` "),
                "{game} {word}: {out}"
            );
            assert!(out.contains(own_words), "{game} {word}: {out}");
            let lists = out.lines().filter(|l| l.starts_with("Legal: ")).count();
            assert_eq!(lists, 2, "the list again after the help: {out}");
            assert!(out.contains("[0] "), "{game}: {out}");
            assert_eq!(out.matches("seat 0> ").count(), 2, "{game}: {out}");
            assert!(!out.contains("seat 0 (human)"), "{game}: {out}");
        }
    }
}

/// At the end of a Comp10001-Go game at the terminal every seat's best partition and score are
/// shown, the same as `parlour go score` finds for its discards.
#[test]
fn go_shows_each_best_partition_and_score_at_the_end() {
    let (o, out) = play_go_picking_first_cards(&[
        "--seats",
        "human,heuristic,heuristic,heuristic",
        "--seed",
        "3",
    ]);
    assert!(o.status.success(), "{out}");
    let end = out
        .split("Final scores (each seat's best partition of its discards):\n")
        .nth(1)
        .unwrap_or_else(|| panic!("the final scores: {out}"));
    let returns = out.lines().last().unwrap();
    for seat in 0..4 {
        let discards = out
            .lines()
            .rev()
            .find_map(|l| {
                l.split(&format!(
                    "seat {seat}{} discards: ",
                    if seat == 0 { " (you)" } else { "" }
                ))
                .nth(1)
            })
            .unwrap();
        let cards: Vec<&str> = discards.split_whitespace().collect();
        assert_eq!(cards.len(), 10, "{out}");
        let mut args = vec!["go", "score"];
        args.extend(&cards);
        let scored = stdout(&parlour(&args));
        let total: i32 = scored
            .lines()
            .last()
            .and_then(|l| l.strip_prefix("total: "))
            .unwrap()
            .parse()
            .unwrap();
        let you = if seat == 0 { " (you)" } else { "" };
        let line = end
            .lines()
            .find(|l| l.starts_with(&format!("  seat {seat}{you}: {total}")))
            .unwrap_or_else(|| panic!("seat {seat} scores {total}: {end}"));
        assert!(line.contains(" = "), "the partition: {line}");
        // Every group of the best partition that is not a singleton is shown with its score.
        for group in scored
            .lines()
            .filter(|l| l.starts_with('[') && !l.contains("singleton"))
        {
            let (cards, rest) = group.split_once("] ").unwrap();
            let (kind, score) = rest.split_once(": ").unwrap();
            assert!(
                line.contains(&format!("{cards}] {kind} {score}")),
                "{group} in {line}"
            );
        }
        assert!(returns.contains(&format!("{total}.0")), "{returns}");
    }
}

/// Phased Out's table at the terminal shows each seat's next phase, and in the bonus variant
/// the phases each seat still needs.
#[test]
fn phased_shows_each_seats_next_phases() {
    let args = |variant: &'static str, seed: &'static str| {
        [
            "play",
            "phased",
            "--seats",
            "human,heuristic,heuristic,heuristic",
            "--seed",
            seed,
            "--variant",
            variant,
        ]
    };
    let (out, _) = play_with_input(&args("standard", "3"), "");
    for line in [
        "→ seat 0 (you): 10 cards · phases done [] · next phase 1 · penalty 0",
        "  seat 1: 3 cards · phases done [1] · next phase 2 · penalty 0",
        "  seat 3: 10 cards · phases done [] · next phase 1 · penalty 0",
        "Your next phase: 1 (two sets of 3 cards of one value)",
    ] {
        assert!(out.contains(line), "{line}: {out}");
    }
    let (out, _) = play_with_input(&args("bonus", "1"), "");
    for line in [
        "→ seat 0 (you): 10 cards · phases done [] · needs phases 1 2 3 4 5 · penalty 0",
        "  seat 1: 3 cards · phases done [2] · needs phases 1 3 4 5 · penalty 0",
        "  seat 2: 2 cards · phases done [4] · needs phases 1 2 3 5 · penalty 0",
        "You still need phases 1 (two sets of 3 cards of one value), 2 (a set of 7 cards of one suit),",
    ] {
        assert!(out.contains(line), "{line}: {out}");
    }
}

/// One card is "1 card" in every game's terminal text, never "1 cards".
#[test]
fn one_card_is_one_card_at_the_terminal() {
    let mut singular = 0;
    for (game, seats) in [
        ("uno", "human,heuristic,heuristic,heuristic"),
        ("bo", "human,heuristic,heuristic,heuristic"),
        ("phased", "human,heuristic,heuristic,heuristic"),
    ] {
        for seed in ["1", "2", "3"] {
            let (seen, status, _) =
                play_at_the_terminal(&["play", game, "--seats", seats, "--seed", seed], |_, _| {
                    "0".to_string()
                });
            assert!(status, "{seen}");
            // "1 cards", not as the end of "11 cards".
            let plural_one = seen
                .match_indices("1 cards")
                .any(|(i, _)| !seen[..i].ends_with(|c: char| c.is_ascii_digit()));
            assert!(!plural_one, "{game} {seed}: {seen}");
            singular += seen.matches(" 1 card").count();
        }
    }
    assert!(singular > 0, "a seat held one card somewhere");
}

/// The toy game Nim is known to the binary only through the game registry: every command
/// reaches it (docs/adding-a-game.md).
#[test]
fn a_registered_game_is_reached_by_every_command() {
    let dir = tempfile::tempdir().unwrap();
    let games = parlour_in(dir.path(), &["games"]);
    assert!(games.status.success(), "{}", stderr(&games));
    let listed = stdout(&games);
    for name in ["uno", "go", "phased", "bo", "chexers", "nim"] {
        assert!(
            listed.lines().any(|l| l.starts_with(name)),
            "{name} in {listed}"
        );
    }
    assert!(listed.contains("variants: bonus"), "{listed}");
    let t = parlour_in(
        dir.path(),
        &[
            "tournament",
            "nim",
            "--games",
            "20",
            "--no-db",
            "--format",
            "json",
        ],
    );
    assert!(t.status.success(), "{}", stderr(&t));
    let v: serde_json::Value = serde_json::from_str(&stdout(&t)).unwrap();
    assert_eq!(v["games_counted"], 20);
    // The perfect bot wins every game it starts in a won position: it leads the standings.
    assert_eq!(common::labels(&v)[0], "perfect");
    for args in [
        &["play", "nim", "--seats", "perfect,random", "--seed", "3"][..],
        &[
            "strength",
            "nim",
            "--bots",
            "random,perfect",
            "--deals",
            "4",
        ],
        &["bench", "nim", "--seconds", "0.2"],
        &["bench", "nim", "--bot", "perfect", "--seconds", "0.2"],
        &["bots", "nim"],
    ] {
        let o = parlour_in(dir.path(), args);
        assert!(o.status.success(), "{args:?}: {}", stderr(&o));
    }
}

/// `parlour play` seats the game's strongest bot beside the person: at Uno and Comp10001-Go the
/// search anchored on the shipped network (measured stronger than plain `ismcts`, see
/// docs/learned.md), elsewhere each game's own strongest.
#[test]
fn play_seats_each_games_strongest_bot() {
    for (game, seat) in [
        ("uno", "1=ismcts:anchor=learned:eval=points"),
        ("go", "1=ismcts:anchor=learned:z=1"),
        ("phased", "1=ismcts "),
        ("bo", "1=ismcts "),
        ("chexers", "1=search "),
    ] {
        let o = Command::new(env!("CARGO_BIN_EXE_parlour"))
            .args(["play", game, "--seed", "1"])
            .stdin(Stdio::null())
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&o.stdout);
        let head = text.lines().next().unwrap_or_default();
        assert!(head.contains(seat), "{game}: {head}");
    }
}
