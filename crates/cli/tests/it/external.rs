//! External bots from the command line: `cmd:` entries and bots files in tournaments, the
//! faults they record, `check-bot`, `serve-bot`, and the bad-input contract.

use crate::common;

use std::path::{Path, PathBuf};
use std::process::Command;

use common::{assert_bad_input_in, hostile_bot, labels, misbehave, parlour_in, stderr, stdout};
use serde_json::Value;

const PARLOUR: &str = env!("CARGO_BIN_EXE_parlour");

fn json_run(dir: &Path, args: &[&str]) -> Value {
    let o = parlour_in(dir, args);
    assert!(o.status.success(), "{args:?}: {}", stderr(&o));
    serde_json::from_str(&stdout(&o)).unwrap()
}

/// The standings' numbers with labels taken out, so entries can be compared across names.
fn numbers(v: &Value) -> Value {
    let mut entries = v["standings"]["entries"].clone();
    for e in entries.as_array_mut().unwrap() {
        e.as_object_mut().unwrap().remove("label");
    }
    entries
}

#[test]
fn a_served_builtin_bot_plays_exactly_as_it_does_in_process() {
    let dir = tempfile::tempdir().unwrap();
    for (game, bot, others, games) in [
        ("uno", "heuristic", "random,random,random", "40"),
        ("go", "heuristic", "random,random,random", "40"),
        ("phased", "heuristic", "random,random,random", "4"),
        ("bo", "heuristic", "random,random,random", "8"),
        ("chexers", "greedy", "random,random", "6"),
    ] {
        let served = format!("cmd:{PARLOUR} serve-bot {game} {bot}");
        let run = |first: &str| {
            json_run(
                dir.path(),
                &[
                    "tournament",
                    game,
                    "--bots",
                    &format!("{first},{others}"),
                    "--games",
                    games,
                    "--seed",
                    "5",
                    "--no-db",
                    "--format",
                    "json",
                    "--jobs",
                    "2",
                ],
            )
        };
        let inside = run(bot);
        let outside = run(&served);
        assert_eq!(numbers(&inside), numbers(&outside), "{game}");
        assert!(outside["standings"]["entries"]
            .as_array()
            .unwrap()
            .iter()
            .all(|e| e["faults"] == 0));
    }
}

#[test]
#[ignore = "needs python3: cargo xtask test"]
fn check_bot_passes_a_correct_bot_and_lists_a_faulty_bots_positions() {
    let dir = tempfile::tempdir().unwrap();
    for game in ["uno", "go", "phased", "bo", "chexers"] {
        let o = parlour_in(
            dir.path(),
            &[
                "check-bot",
                game,
                "--decisions",
                "300",
                "--",
                PARLOUR,
                "serve-bot",
                game,
                "random",
            ],
        );
        let out = stdout(&o);
        assert!(o.status.success(), "{game}: {out} {}", stderr(&o));
        assert!(out.contains(&format!("{game}: 300 decisions in")), "{out}");
        assert!(
            out.contains(", 0 faults;") && out.ends_with("passed\n"),
            "{out}"
        );
    }
    let script = misbehave();
    let o = parlour_in(
        dir.path(),
        &[
            "check-bot",
            "uno",
            "--decisions",
            "60",
            "--show",
            "2",
            "--",
            "python3",
            &script,
            "illegal",
        ],
    );
    let out = stdout(&o);
    assert_eq!(o.status.code(), Some(1), "{out}");
    assert!(
        out.contains("decision") && out.contains(": illegal: "),
        "{out}"
    );
    assert!(out.contains("  observation: {\"seat\":"), "{out}");
    assert!(out.contains("  legal: ["), "{out}");
    assert!(
        out.contains("60 decisions in") && out.contains("20 faults (20 illegal)"),
        "{out}"
    );
    assert!(out.contains("... and 18 more faults"), "{out}");
    // Every fault, with its position, in a file.
    let o = parlour_in(
        dir.path(),
        &[
            "check-bot",
            "uno",
            "--decisions",
            "60",
            "--faults-file",
            "faults.jsonl",
            "--",
            "python3",
            &script,
            "illegal",
        ],
    );
    assert_eq!(o.status.code(), Some(1));
    let text = std::fs::read_to_string(dir.path().join("faults.jsonl")).unwrap();
    let lines: Vec<Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 20);
    for l in &lines {
        assert_eq!(l["kind"], "illegal");
        assert!(
            l["observation"]["hand"].is_array() && l["legal"].is_array(),
            "{l}"
        );
    }
    assert!(stderr(&o).contains("failed the check"));
    // Late answers are reported too.
    let o = parlour_in(
        dir.path(),
        &[
            "check-bot",
            "go",
            "--decisions",
            "4",
            "--time-limit-ms",
            "50",
            "--",
            "python3",
            &script,
            "spin",
            "0.08",
        ],
    );
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stdout(&o).contains("timeout: no answer within 50 ms"),
        "{}",
        stdout(&o)
    );
}

#[test]
#[ignore = "needs python3: cargo xtask test"]
fn a_tournament_with_a_faulty_program_completes_and_records_every_fault() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("t.sqlite");
    let script = misbehave();
    let o = parlour_in(
        dir.path(),
        &[
            "tournament",
            "uno",
            "--bots",
            &format!("random,random,random,cmd:python3 {script} junk"),
            "--games",
            "40",
            "--max-faults",
            "12",
            "--jobs",
            "1",
            "--db",
            db.to_str().unwrap(),
        ],
    );
    let out = stdout(&o);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(out.contains("40 of 40 games"), "{out}");
    assert!(
        out.contains("12 fault(s), forfeited"),
        "the entry forfeits after 12 faults: {out}"
    );
    // The log sits beside the database.
    assert!(stderr(&o).contains("t-logs/"), "{}", stderr(&o));
    let conn = rusqlite::Connection::open(&db).unwrap();
    let mut stmt = conn
        .prepare("SELECT faults, forfeited, winners, seats FROM games ORDER BY idx")
        .unwrap();
    let rows: Vec<(String, String, String, String)> = stmt
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(rows.len(), 40);
    let mut faults = 0;
    let mut forfeits = 0;
    let mut credited = 0;
    for (f, forfeited, winners, seats) in &rows {
        let f: Vec<Value> = serde_json::from_str(f).unwrap();
        for fault in &f {
            assert_eq!(fault["kind"], "malformed");
            assert!(fault["detail"].as_str().unwrap().contains("is not JSON"));
            assert!(fault["seat"].is_u64() && fault["decision"].is_u64());
        }
        faults += f.len();
        let forfeited: Vec<usize> = serde_json::from_str(forfeited).unwrap();
        let winners: Vec<usize> = serde_json::from_str(winners).unwrap();
        // The program sits at seat index % 4 of game index... found from the seats column.
        let seats: Vec<usize> = serde_json::from_str(seats).unwrap();
        let program_seat = seats.iter().position(|&e| e == 3).unwrap();
        if winners.contains(&program_seat) && !forfeited.contains(&program_seat) {
            credited += 1;
        }
        forfeits += forfeited.len();
    }
    assert_eq!(faults, 12);
    assert!(forfeits > 0);
    // The report reads the faults back.
    let report = json_run(
        dir.path(),
        &["report", db.to_str().unwrap(), "--format", "json"],
    );
    let program = report["standings"]["entries"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["label"].as_str().unwrap().starts_with("cmd:"))
        .unwrap()
        .clone();
    assert_eq!(program["faults"], 12);
    assert_eq!(program["forfeits"], forfeits);
    // Wins are credited only in games it did not forfeit, whatever its random moves achieved.
    assert_eq!(program["wins"], credited);
    // Its database and log are its owner's alone (programs may run as another user).
    use std::os::unix::fs::PermissionsExt;
    assert_eq!(
        std::fs::metadata(&db).unwrap().permissions().mode() & 0o077,
        0
    );
}

#[test]
#[ignore = "needs python3: cargo xtask test"]
fn a_bots_file_names_programs_and_builtin_bots() {
    let dir = tempfile::tempdir().unwrap();
    let script = misbehave();
    std::fs::write(
        dir.path().join("bots.toml"),
        format!(
            "[[bot]]\nname = \"mine\"\ncommand = [\"python3\", \"{script}\", \"ok\"]\ntime_limit_ms = 500\n\n\
             [[bot]]\nbuiltin = \"heuristic\"\n\n[[bot]]\nname = \"served\"\ncommand = \"{PARLOUR} serve-bot uno random\"\n"
        ),
    )
    .unwrap();
    let v = json_run(
        dir.path(),
        &[
            "tournament",
            "uno",
            "--bots",
            "random",
            "--bots-file",
            "bots.toml",
            "--games",
            "8",
            "--no-db",
            "--format",
            "json",
        ],
    );
    let labels = labels(&v);
    for name in ["random", "mine", "heuristic", "served"] {
        assert!(labels.iter().any(|l| l == name), "{labels:?}");
    }
}

#[test]
#[ignore = "needs python3: cargo xtask test"]
fn bad_external_bots_and_bots_files_are_one_clear_line() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    assert_bad_input_in(
        d,
        &[
            "tournament",
            "uno",
            "--bots",
            "random,random,random,cmd:/no/such/bot",
            "--no-db",
        ],
        "bot cmd:/no/such/bot (/no/such/bot) cannot play: cannot start /no/such/bot",
    );
    let script = misbehave();
    assert_bad_input_in(
        d,
        &[
            "tournament",
            "uno",
            "--bots",
            &format!("random,random,random,cmd:python3 {script} silent"),
            "--startup-ms",
            "300",
            "--no-db",
        ],
        "no greeting within 300 ms",
    );
    assert_bad_input_in(
        d,
        &[
            "tournament",
            "uno",
            "--bots",
            "random,cmd:\"python3 x.py",
            "--no-db",
        ],
        "unclosed quote",
    );
    assert_bad_input_in(
        d,
        &["tournament", "uno", "--time-limit-ms", "50", "--no-db"],
        "the limit flags are for external bots",
    );
    assert_bad_input_in(
        d,
        &[
            "tournament",
            "uno",
            "--bots",
            "random,cmd:x",
            "--time-limit-ms",
            "0",
            "--no-db",
        ],
        "--time-limit-ms must be a positive number",
    );
    for (file, text, says) in [
        (
            "broken.toml",
            "[[bot]]\nname = \"x\"\ncommand = [\"a\"\n",
            "bots file broken.toml: line 3, column 15: unclosed array",
        ),
        (
            "both.toml",
            "[[bot]]\nname = \"x\"\nbuiltin = \"random\"\ncommand = \"a\"\n",
            "bot 1 (x): give exactly one of builtin",
        ),
        (
            "unknown.toml",
            "[[bot]]\nbuiltin = \"random\"\ncolour = 3\n",
            "unknown field `colour`",
        ),
        ("missing.toml", "", "cannot read bots file missing.toml"),
    ] {
        if !text.is_empty() {
            std::fs::write(d.join(file), text).unwrap();
        }
        assert_bad_input_in(
            d,
            &["tournament", "uno", "--bots-file", file, "--no-db"],
            says,
        );
    }
    assert_bad_input_in(
        d,
        &["check-bot", "uno", "--", "/no/such/bot"],
        "cannot start /no/such/bot",
    );
    assert_bad_input_in(d, &["serve-bot", "uno", "nobody"], "unknown bot \"nobody\"");
}

/// Copies the misbehaving bot into `dir` as `bot.py` and records a Uno tournament in
/// `dir/t.sqlite` with it (in `mode`) against three random bots; returns the bot's and the
/// database's paths.
fn recorded_with_copied_bot(dir: &Path, mode: &str, extra: &[&str]) -> (PathBuf, PathBuf) {
    let bot = dir.join("bot.py");
    std::fs::copy(misbehave(), &bot).unwrap();
    let bots = format!("random,random,random,cmd:python3 bot.py {mode}");
    let mut args = vec!["tournament", "uno", "--bots", &bots, "--db", "t.sqlite"];
    args.extend(extra);
    let o = parlour_in(dir, &args);
    assert!(o.status.success(), "{}", stderr(&o));
    (bot, dir.join("t.sqlite"))
}

#[test]
#[ignore = "needs python3: cargo xtask test"]
fn a_tournament_with_programs_resumes_and_refuses_when_a_program_is_gone() {
    let dir = tempfile::tempdir().unwrap();
    let (bot, db) = recorded_with_copied_bot(dir.path(), "ok", &["--games", "8"]);
    // The program's directory is stored, so the run resumes from anywhere.
    let elsewhere = tempfile::tempdir().unwrap();
    let o = parlour_in(
        elsewhere.path(),
        &[
            "tournament",
            "--resume",
            db.to_str().unwrap(),
            "--trust-programs",
        ],
    );
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("0 games played now"), "{}", stdout(&o));
    assert_bad_input_in(
        elsewhere.path(),
        &[
            "tournament",
            "--resume",
            db.to_str().unwrap(),
            "--time-limit-ms",
            "9",
        ],
        "keeps the limits it was started with",
    );
    // With the program gone, resuming is refused before the file is touched.
    std::fs::remove_file(&bot).unwrap();
    let before = std::fs::read(&db).unwrap();
    assert_bad_input_in(
        elsewhere.path(),
        &[
            "tournament",
            "--resume",
            db.to_str().unwrap(),
            "--trust-programs",
        ],
        "exited with status 2",
    );
    assert_eq!(std::fs::read(&db).unwrap(), before);
}

#[test]
fn a_program_can_take_a_seat_in_a_played_game() {
    let dir = tempfile::tempdir().unwrap();
    let play = |seat: &str| {
        let o = parlour_in(
            dir.path(),
            &[
                "play",
                "uno",
                "--seats",
                &format!("random,random,random,{seat}"),
                "--seed",
                "3",
            ],
        );
        assert!(o.status.success(), "{}", stderr(&o));
        // The first line names the seats; the game below it must be the same.
        stdout(&o).lines().skip(1).collect::<Vec<_>>().join("\n")
    };
    let served = format!("cmd:{PARLOUR} serve-bot uno heuristic");
    let through_protocol = play(&served).replace(&served, "heuristic");
    assert!(through_protocol.contains("seat 3 (heuristic): "));
    assert_eq!(play("heuristic"), through_protocol);
}

#[test]
#[ignore = "needs python3: cargo xtask test"]
fn a_program_is_told_a_one_way_seed_and_an_unset_tournament_seed_is_random() {
    let dir = tempfile::tempdir().unwrap();
    // What it received is in its log (a jailed program writes no file of the host's).
    let record = dir.path().join("logs/rec.stderr.log");
    let bots = format!(
        "random,random,random,rec=cmd:python3 {} record -",
        misbehave()
    );
    let args = [
        "tournament",
        "uno",
        "--bots",
        &bots,
        "--games",
        "8",
        "--no-db",
        "--bot-logs",
        "logs",
    ];
    let mut with_seed = args.to_vec();
    with_seed.extend(["--seed", "4242"]);
    let o = parlour_in(dir.path(), &with_seed);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = std::fs::read_to_string(&record).unwrap();
    let starts: Vec<Value> = text
        .lines()
        .filter(|l| l.starts_with('{'))
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .filter(|m| m["type"] == "start")
        .collect();
    assert_eq!(starts.len(), 8);
    use parlour_core::rng::{bot_seed, derive_seed};
    for m in &starts {
        let (index, seat) = (m["index"].as_u64().unwrap(), m["seat"].as_u64().unwrap());
        // The arena's bot stream is 3: this is the value SplitMix64 could be run back from.
        let traceable = derive_seed(derive_seed(derive_seed(4242, 3), index), seat);
        assert_ne!(m["seed"].as_u64().unwrap(), traceable);
        assert_eq!(m["seed"].as_u64().unwrap(), bot_seed(traceable));
    }
    // Without --seed, each run draws its own and says so.
    let seed_of = |o: &std::process::Output| {
        let err = stderr(o);
        err.lines()
            .find_map(|l| {
                l.strip_prefix("parlour: programs play, so the seed is drawn at random: ")
            })
            .map(str::to_string)
            .unwrap_or_else(|| panic!("{err}"))
    };
    let first = parlour_in(dir.path(), &args);
    let second = parlour_in(dir.path(), &args);
    assert!(first.status.success() && second.status.success());
    assert_ne!(seed_of(&first), seed_of(&second));
}

#[test]
#[ignore = "needs python3: cargo xtask test"]
fn a_resumed_tournament_keeps_its_faults_and_forfeits() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let (bot, db) = recorded_with_copied_bot(
        d,
        "junk",
        &["--games", "40", "--max-faults", "3", "--jobs", "1"],
    );
    let faults_and_forfeits = |conn: &rusqlite::Connection| -> (usize, usize) {
        let mut stmt = conn.prepare("SELECT faults, forfeited FROM games").unwrap();
        let rows: Vec<(String, String)> = stmt
            .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap();
        rows.iter().fold((0, 0), |(f, ff), (a, b)| {
            let a: Vec<Value> = serde_json::from_str(a).unwrap();
            let b: Vec<Value> = serde_json::from_str(b).unwrap();
            (f + a.len(), ff + b.len())
        })
    };
    let (faults, forfeits) = faults_and_forfeits(&rusqlite::Connection::open(&db).unwrap());
    assert_eq!(faults, 3);
    assert!(forfeits >= 35, "{forfeits}");
    // As if the run had been interrupted after 20 games; the program is gone, but it had
    // forfeited, so it is not needed to finish.
    {
        let conn = rusqlite::Connection::open(&db).unwrap();
        conn.execute("DELETE FROM games WHERE idx >= 20", [])
            .unwrap();
    }
    std::fs::remove_file(&bot).unwrap();
    let o = parlour_in(
        d,
        &["tournament", "--resume", "t.sqlite", "--trust-programs"],
    );
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("20 games played now"), "{}", stdout(&o));
    let (faults_after, forfeits_after) =
        faults_and_forfeits(&rusqlite::Connection::open(&db).unwrap());
    assert_eq!(faults_after, 3, "no new faults: the entry had forfeited");
    assert_eq!(
        forfeits_after, forfeits,
        "every resumed game is forfeited again"
    );
}

#[test]
fn bots_can_run_as_another_user() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    // The bot's working directory must be open to the user it runs as.
    std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o755)).unwrap();
    let script = misbehave();
    let args = [
        "check-bot",
        "uno",
        "--decisions",
        "50",
        "--bot-user",
        "nobody",
        "--",
        "/usr/bin/python3",
        &script,
        "notroot",
    ];
    if nix::unistd::geteuid().is_root() {
        let o = parlour_in(dir.path(), &args);
        assert!(o.status.success(), "{}{}", stdout(&o), stderr(&o));
        assert!(stdout(&o).ends_with("passed\n"));
        let plain = [
            "check-bot",
            "uno",
            "--decisions",
            "50",
            "--",
            "/usr/bin/python3",
            &script,
            "notroot",
        ];
        // Without the flag, contained, the bot runs as a user of its own: not root either.
        let o = parlour_in(dir.path(), &plain);
        assert!(o.status.success(), "{}{}", stdout(&o), stderr(&o));
        // Uncontained, without the flag, it runs as root, and says so by answering illegally.
        let o = Command::new(env!("CARGO_BIN_EXE_parlour"))
            .args(plain)
            .env("PARLOUR_CONTAINMENT", "group")
            .current_dir(dir.path())
            .output()
            .unwrap();
        assert_eq!(o.status.code(), Some(1));
        assert_bad_input_in(
            dir.path(),
            &[
                "check-bot",
                "uno",
                "--bot-user",
                "no-such-user-here",
                "--",
                "/usr/bin/python3",
                &script,
                "ok",
            ],
            "there is no user \"no-such-user-here\"",
        );
    } else {
        assert_bad_input_in(dir.path(), &args, "needs parlour to run as root");
    }
}

#[test]
#[ignore = "needs python3: cargo xtask test"]
fn no_copy_of_a_program_plays_one_deal_twice() {
    // With duplicate deals each deal is played in all four seat rotations: a copy that played
    // one rotation would know the hands of the next. Every rotation goes to a different copy.
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("logs/games.stderr.log");
    let bots = format!(
        "random,random,random,games=cmd:python3 {} games -",
        misbehave()
    );
    let o = parlour_in(
        dir.path(),
        &[
            "tournament",
            "uno",
            "--bots",
            &bots,
            "--games",
            "40",
            "--no-db",
            "--jobs",
            "2",
            "--bot-logs",
            "logs",
        ],
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let mut seen = std::collections::HashSet::new();
    let mut pids = std::collections::HashSet::new();
    let text = std::fs::read_to_string(&file).unwrap();
    for line in text.lines().filter(|l| l.starts_with('{')) {
        let v: Value = serde_json::from_str(line).unwrap();
        let (copy, deal) = (
            v["copy"].as_str().unwrap().to_string(),
            v["index"].as_u64().unwrap() / 4,
        );
        assert!(
            seen.insert((copy.clone(), deal)),
            "copy {copy} played deal {deal} twice"
        );
        pids.insert(copy);
    }
    assert_eq!(seen.len(), 40);
    assert!(pids.len() >= 4, "{pids:?}");
}

#[test]
#[ignore = "needs python3: cargo xtask test"]
fn a_program_entered_twice_is_two_entries() {
    let dir = tempfile::tempdir().unwrap();
    let junk = format!("cmd:python3 {} junk", misbehave());
    let v = json_run(
        dir.path(),
        &[
            "tournament",
            "uno",
            "--bots",
            &format!("random,random,{junk},{junk}"),
            "--games",
            "40",
            "--max-faults",
            "3",
            "--jobs",
            "1",
            "--no-db",
            "--format",
            "json",
        ],
    );
    let entries = v["standings"]["entries"].as_array().unwrap();
    for k in ["#1", "#2"] {
        let e = entries
            .iter()
            .find(|e| {
                let label = e["label"].as_str().unwrap();
                label.starts_with("cmd:") && label.ends_with(k)
            })
            .unwrap_or_else(|| panic!("{entries:?}"));
        // Each counts its own faults to its own limit.
        assert_eq!(e["faults"], 3, "{e}");
        assert!(e["forfeits"].as_u64().unwrap() > 0);
    }
}

#[test]
fn with_a_program_seated_an_unset_play_seed_is_not_the_clock() {
    let dir = tempfile::tempdir().unwrap();
    let seat = format!("cmd:{PARLOUR} serve-bot go random");
    let seeds: Vec<String> = (0..2)
        .map(|_| {
            let o = parlour_in(
                dir.path(),
                &[
                    "play",
                    "go",
                    "--seats",
                    &format!("random,random,random,{seat}"),
                ],
            );
            assert!(o.status.success(), "{}", stderr(&o));
            let out = stdout(&o);
            let last = out.lines().last().unwrap().to_string();
            last.rsplit("seed ").next().unwrap().to_string()
        })
        .collect();
    assert_ne!(seeds[0], seeds[1]);
    // A clock seed (nanoseconds since 1970) would be within seconds of now; a random 64-bit
    // seed is that close with a chance of about 1 in 10^7.
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_nanos() as u64;
    for s in &seeds {
        let seed: u64 = s.parse().unwrap_or_else(|_| panic!("{s}"));
        assert!(
            seed.abs_diff(now) > 1_000_000_000_000,
            "{seed} is the clock"
        );
    }
}

#[test]
#[ignore = "needs python3: cargo xtask test"]
fn a_program_entered_under_a_short_name_and_check_bots_log_in_a_named_directory() {
    let dir = tempfile::tempdir().unwrap();
    let script = misbehave();
    let v = json_run(
        dir.path(),
        &[
            "tournament",
            "uno",
            "--bots",
            &format!("random,random,random,mine=cmd:python3 {script} ok"),
            "--games",
            "8",
            "--no-db",
            "--format",
            "json",
        ],
    );
    let labels = labels(&v);
    assert!(labels.iter().any(|l| l == "mine"), "{labels:?}");
    assert_bad_input_in(
        dir.path(),
        &[
            "tournament",
            "uno",
            "--bots",
            &format!("random,random,random,my/bot=cmd:python3 {script} ok"),
            "--no-db",
        ],
        "bot name \"my/bot\"",
    );

    let o = parlour_in(
        dir.path(),
        &[
            "check-bot",
            "uno",
            "--decisions",
            "20",
            "--",
            "python3",
            &script,
            "stderr",
        ],
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(!dir.path().join("check-bot.stderr.log").exists());
    let logs: Vec<_> = std::fs::read_dir(dir.path().join("parlour-runs/check-bot"))
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .collect();
    assert_eq!(logs.len(), 1, "{logs:?}");
    let log = std::fs::read_to_string(&logs[0]).unwrap();
    assert!(log.contains("thinking about decision"), "{log}");
    assert!(
        stderr(&o).contains(&logs[0].file_name().unwrap().to_string_lossy().to_string()),
        "the log is named: {}",
        stderr(&o)
    );
}

/// A program that deletes, or replaces, the running tournament's database cannot make its
/// results vanish in silence: parlour checks at the end that the path is still the file it
/// wrote, saves every game it recorded beside it, and exits 1 saying so.
#[test]
#[ignore = "needs python3: cargo xtask test"]
fn a_database_deleted_or_replaced_during_the_run_is_said_loudly_and_no_game_is_lost() {
    for (attack, what) in [
        (
            "[os.remove(f) for f in ('t.sqlite', 't.sqlite-wal') if os.path.exists(f)]",
            "deleted",
        ),
        (
            "os.remove('t.sqlite'); open('t.sqlite', 'w').write('not your results')",
            "replaced",
        ),
    ] {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        hostile_bot(d, &format!("import os\ndef attack(n):\n    {attack}"), 1);
        // Contained, a bot cannot see the database (the attack suite shows it): this is the
        // check behind the jail, tried where a bot can reach the file.
        let o = Command::new(env!("CARGO_BIN_EXE_parlour"))
            .args([
                "tournament",
                "uno",
                "--bots",
                "random,random,random,cmd:python3 hostile.py",
                "--games",
                "8",
                "--jobs",
                "1",
                "--db",
                "t.sqlite",
            ])
            .env("PARLOUR_CONTAINMENT", "group")
            .current_dir(d)
            .stdin(std::process::Stdio::null())
            .output()
            .unwrap();
        let err = stderr(&o);
        assert_eq!(o.status.code(), Some(1), "{what}: {err}");
        assert!(
            err.contains("THE RESULTS FILE WAS TAMPERED WITH"),
            "{what}: {err}"
        );
        assert!(
            err.contains(&format!("t.sqlite was {what} during the run")),
            "{err}"
        );
        let saved = d.join("t.sqlite.recovered.sqlite");
        assert!(err.contains("t.sqlite.recovered.sqlite"), "{err}");
        let report = parlour_in(d, &["report", saved.to_str().unwrap()]);
        assert!(report.status.success(), "{}", stderr(&report));
        assert!(
            stdout(&report).contains("8 of 8 games"),
            "{what}: {}",
            stdout(&report)
        );
    }
}

/// Writes `marker.py` in `d`: a bot (`python3 marker.py bot.py`) that says in its log that it
/// started (a jailed program writes no file of the host's), then plays as `bot.py ok`.
fn marker_bot(d: &Path) {
    std::fs::copy(misbehave(), d.join("bot.py")).unwrap();
    std::fs::write(
        d.join("marker.py"),
        "import runpy, sys\nprint('MARK started', file=sys.stderr, flush=True)\n\
         sys.argv = ['bot.py', 'ok']\nrunpy.run_path('bot.py', run_name='__main__')\n",
    )
    .unwrap();
}

/// How many times marker bots logging in `logs` have started.
fn marker_starts(logs: &Path) -> usize {
    std::fs::read_dir(logs).map_or(0, |entries| {
        entries
            .flatten()
            .map(|e| {
                std::fs::read_to_string(e.path())
                    .unwrap_or_default()
                    .matches("MARK started")
                    .count()
            })
            .sum()
    })
}

/// Resuming starts the programs a database names, so a database from elsewhere would be a
/// script: `--resume` lists them and starts none unless `--trust-programs` is given, and
/// `report` never starts them.
#[test]
#[ignore = "needs python3: cargo xtask test"]
fn resuming_a_database_that_names_programs_needs_trust_and_report_starts_none() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    marker_bot(d);
    let starts = || marker_starts(&d.join("t-logs"));
    let o = parlour_in(
        d,
        &[
            "tournament",
            "uno",
            "--bots",
            "random,random,random,mark=cmd:python3 marker.py bot.py",
            "--games",
            "8",
            "--db",
            "t.sqlite",
        ],
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let started = starts();
    assert!(started > 0);
    let before = std::fs::read(d.join("t.sqlite")).unwrap();
    let report = parlour_in(d, &["report", "t.sqlite"]);
    assert!(report.status.success(), "{}", stderr(&report));
    assert_bad_input_in(
        d,
        &["tournament", "--resume", "t.sqlite"],
        &format!(
            "t.sqlite would start 1 program: mark = python3 marker.py bot.py (in {})",
            d.canonicalize().unwrap().display()
        ),
    );
    assert_eq!(
        starts(),
        started,
        "report or a refused resume started the program"
    );
    assert_eq!(std::fs::read(d.join("t.sqlite")).unwrap(), before);
    // Programs named again start without the flag, if they are the same programs.
    assert_bad_input_in(
        d,
        &[
            "tournament",
            "--resume",
            "t.sqlite",
            "--bots",
            "random,random,random,mark=cmd:python3 other.py",
        ],
        "the programs named are not the ones the database would start",
    );
    assert_eq!(starts(), started, "a refused resume started the program");
    let o = parlour_in(
        d,
        &[
            "tournament",
            "--resume",
            "t.sqlite",
            "--bots",
            "random,random,random,mark=cmd:python3 marker.py bot.py",
        ],
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let named = starts();
    assert!(
        named > started,
        "a resume with the programs named again starts them"
    );
    let o = parlour_in(
        d,
        &["tournament", "--resume", "t.sqlite", "--trust-programs"],
    );
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(starts() > named, "a trusted resume starts the program");
}

/// Where no jail can be made, a program is refused, with what to do, unless the organiser
/// chooses the process group by name; `--containment jail` there is a usage error. (The
/// machine without a jail is simulated with `PARLOUR_CONTAINMENT=unavailable`.)
#[test]
#[ignore = "needs python3: cargo xtask test"]
fn without_a_jail_programs_run_only_when_the_weaker_containment_is_chosen() {
    let dir = tempfile::tempdir().unwrap();
    let bots = format!("random,random,random,bot=cmd:python3 {} ok", misbehave());
    let run = |extra: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_parlour"))
            .args(extra)
            .args([
                "tournament",
                "uno",
                "--bots",
                &bots,
                "--games",
                "4",
                "--no-db",
            ])
            .env("PARLOUR_CONTAINMENT", "unavailable")
            .current_dir(dir.path())
            .stdin(std::process::Stdio::null())
            .output()
            .unwrap()
    };
    let refused = run(&[]);
    assert_ne!(refused.status.code(), Some(0));
    let err = stderr(&refused);
    assert!(
        err.contains("parlour cannot jail programs on this machine")
            && err.contains("--containment group"),
        "{err}"
    );
    let chosen = run(&["--containment", "group"]);
    assert!(chosen.status.success(), "{}", stderr(&chosen));
    let jail = run(&["--containment", "jail"]);
    assert_eq!(jail.status.code(), Some(2));
    assert!(
        stderr(&jail).contains("--containment jail: this machine has no jail"),
        "{}",
        stderr(&jail)
    );
}

/// `merge` and `serve --tournament` read databases that name programs, and never start them.
#[test]
#[ignore = "needs python3: cargo xtask test"]
fn merge_and_serve_never_start_the_programs_a_database_names() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    marker_bot(d);
    let starts = || marker_starts(&d.join("logs"));
    for shard in ["1/2", "2/2"] {
        let db = format!("s{}.sqlite", &shard[..1]);
        let o = parlour_in(
            d,
            &[
                "tournament",
                "uno",
                "--bots",
                "random,random,random,mark=cmd:python3 marker.py bot.py",
                "--games",
                "8",
                "--seed",
                "3",
                "--shard",
                shard,
                "--db",
                &db,
                "--bot-logs",
                "logs",
            ],
        );
        assert!(o.status.success(), "{}", stderr(&o));
    }
    let before = starts();
    assert!(before > 0);
    let o = parlour_in(d, &["merge", "all.sqlite", "s1.sqlite", "s2.sqlite"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(starts(), before, "merge started the program");
    // The server reads the database and serves its page; it is stopped once it listens.
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let address = listener.local_addr().unwrap().to_string();
    drop(listener);
    let mut serve = Command::new(env!("CARGO_BIN_EXE_parlour"))
        .args(["serve", "--bind", &address, "--tournament", "all.sqlite"])
        .current_dir(d)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let end = std::time::Instant::now() + std::time::Duration::from_secs(20);
    while std::net::TcpStream::connect(&address).is_err() {
        assert!(std::time::Instant::now() < end, "the server did not start");
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    serve.kill().unwrap();
    serve.wait().unwrap();
    assert_eq!(starts(), before, "serve --tournament started the program");
}
