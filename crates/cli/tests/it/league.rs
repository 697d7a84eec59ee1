//! `parlour league` through the built binary: making a league, its roster, the ladder, its
//! standings and backup, submissions and the final with its CSV, and bad input.

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

use crate::common::{
    assert_bad_input_in, first_token, kit_command, root, serve_league, stderr, stdout,
};

fn folder(name: &str) -> PathBuf {
    let dir =
        std::env::temp_dir().join(format!("parlour-cli-league-{name}-{}", std::process::id()));
    remove(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs `parlour args` in `dir` with the Python kit importable (the course adapters are its).
fn parlour_kit(dir: &Path, args: &[&str]) -> std::process::Output {
    kit_command(dir, args).output().expect("parlour runs")
}

/// Removes a league's folder, its read-only submissions too.
fn remove(dir: &Path) {
    if dir.exists() {
        let _ = std::process::Command::new("chmod")
            .args(["-R", "u+w"])
            .arg(dir)
            .status();
        let _ = std::fs::remove_dir_all(dir);
    }
}

/// A league `L` in `dir`: `parlour league new` for `game` with `house` bots and `seed`, then
/// the roster `people` (CSV rows after the header).
fn class(dir: &Path, game: &str, house: &str, seed: &str, people: &str) {
    ok(
        dir,
        &[
            "league", "new", "L", "--game", game, "--house", house, "--seed", seed,
        ],
    );
    std::fs::write(dir.join("r.csv"), format!("name,id\n{people}")).unwrap();
    ok(dir, &["league", "roster", "L", "r.csv"]);
}

fn ok(dir: &Path, args: &[&str]) -> String {
    let o = parlour_kit(dir, args);
    assert!(o.status.success(), "{args:?}: {}{}", stdout(&o), stderr(&o));
    stdout(&o)
}

fn mode(path: &Path) -> u32 {
    std::fs::metadata(path).unwrap().permissions().mode() & 0o777
}

/// An organiser's day without submissions: a league of house bots, a roster, the ladder,
/// the standings, a backup; the secrets are written readable by the organiser alone.
#[test]
fn an_organiser_makes_a_league_and_runs_its_ladder() {
    let dir = folder("day");
    let out = ok(
        &dir,
        &[
            "league",
            "new",
            "L",
            "--game",
            "nim",
            "--house",
            "perfect,random",
            "--seed",
            "4",
            "--title",
            "Nim class",
        ],
    );
    assert!(out.contains("organiser's token"), "{out}");
    let token = std::fs::read_to_string(dir.join("L/organiser-token")).unwrap();
    assert_eq!(token.trim().len(), 32);
    assert_eq!(mode(&dir.join("L/organiser-token")), 0o600);
    assert_eq!(mode(&dir.join("L/league.db")), 0o600);
    let toml = std::fs::read_to_string(dir.join("L/league.toml")).unwrap();
    assert!(
        toml.contains("game = \"nim\"") && toml.contains("seed = 4"),
        "{toml}"
    );
    assert_bad_input_in(
        &dir,
        &["league", "new", "L", "--game", "nim"],
        "already holds a league",
    );
    std::fs::write(dir.join("roster.csv"), "name,id\nAda,s1\nAlan,s2\n").unwrap();
    let out = ok(&dir, &["league", "roster", "L", "roster.csv"]);
    assert!(out.contains("2 people added"), "{out}");
    let tokens = std::fs::read_to_string(dir.join("L/tokens-1.csv")).unwrap();
    assert_eq!(tokens.lines().count(), 3, "{tokens}");
    assert_eq!(mode(&dir.join("L/tokens-1.csv")), 0o600);
    assert_bad_input_in(
        &dir,
        &["league", "roster", "L", "roster.csv"],
        "already in the league",
    );
    let out = ok(
        &dir,
        &["league", "run", "L", "--matches", "4", "--workers", "2"],
    );
    assert!(out.contains("4 matches played"), "{out}");
    let out = ok(&dir, &["league", "standings", "L"]);
    assert!(out.contains("4 matches, 8 games"), "{out}");
    let first = out.lines().nth(2).unwrap();
    assert!(
        first.trim_start().starts_with("1 ") && first.ends_with("perfect"),
        "{out}"
    );
    ok(&dir, &["league", "backup", "L", "copy.db"]);
    assert!(dir.join("copy.db").is_file());
    assert_bad_input_in(
        &dir,
        &["league", "final", "L", "--deadline", "now"],
        "nobody had a submission",
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bad_league_input_is_one_line_and_exit_code_2() {
    let dir = folder("bad");
    assert_bad_input_in(
        &dir,
        &["league", "new", "A", "--game", "chess"],
        "unknown game",
    );
    assert_bad_input_in(
        &dir,
        &[
            "league",
            "new",
            "A",
            "--game",
            "nim",
            "--house",
            "grandmaster",
        ],
        "house bot grandmaster",
    );
    assert_bad_input_in(
        &dir,
        &["league", "new", "A", "--game", "nim", "-o", "piles=x"],
        "options",
    );
    assert_bad_input_in(
        &dir,
        &["league", "final", "A", "--deadline", "tomorrow"],
        "is not now, Unix seconds",
    );
    ok(&dir, &["league", "new", "A", "--game", "nim"]);
    std::fs::write(dir.join("r.csv"), "name\nAda\n").unwrap();
    assert_bad_input_in(
        &dir,
        &["league", "roster", "A", "r.csv"],
        "no \"id\" column",
    );
    std::fs::write(dir.join("r.csv"), "name,id\nAda,s1\nAda,s1\n").unwrap();
    assert_bad_input_in(&dir, &["league", "roster", "A", "r.csv"], "line 3");
    std::fs::write(dir.join("r.csv"), "name,id\nAda,s1\n").unwrap();
    ok(&dir, &["league", "roster", "A", "r.csv", "--out", "t.csv"]);
    std::fs::write(dir.join("bot.txt"), "hello").unwrap();
    assert_bad_input_in(
        &dir,
        &["league", "submit", "A", "--as", "s1", "bot.txt"],
        "a submission is a Python file",
    );
    assert_bad_input_in(
        &dir,
        &["league", "submit", "A", "--as", "s9", "bot.txt"],
        "no one has the id \"s9\"",
    );
    assert_bad_input_in(
        &dir,
        &["league", "final", "A", "--resume"],
        "there is no final to resume",
    );
    assert_bad_input_in(
        &dir,
        &["league", "final", "A", "--deadline", "now", "--shards", "4"],
        "--ray",
    );
    assert_bad_input_in(
        &dir,
        &["league", "new", "B", "--game", "nim", "--invite", "abc"],
        "the invite code has 3 characters",
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// A class of three, submissions through the course adapter and the protocol, one that fails
/// its check (exit 1, its report printed, it never plays); the ladder rates them; the final
/// freezes the active submissions, plays them with the house bots, and its CSV names each
/// person with their submission's hash. A second league with the same seed and submissions
/// makes the same CSV.
#[test]
#[ignore = "needs python3: cargo xtask test"]
fn a_class_submits_and_the_final_makes_a_csv() {
    let _heavy = crate::common::exclusive();
    let examples = root().join("sdk/python/examples");
    let mut csvs = Vec::new();
    for run in ["one", "two"] {
        let dir = folder(&format!("class-{run}"));
        class(&dir, "go", "heuristic", "11", "Ada,s1\nAlan,s2\nGrace,s3\n");
        let raises = examples.join("course/go_raises.py").display().to_string();
        let out = submit_first_bots(&dir);
        assert!(out.contains("passed"), "{out}");
        let o = parlour_kit(&dir, &["league", "submit", "L", "--as", "s3", &raises]);
        assert_eq!(o.status.code(), Some(1), "{}{}", stdout(&o), stderr(&o));
        assert!(stdout(&o).contains("illegal"), "{}", stdout(&o));
        assert!(
            stderr(&o).contains("did not pass its check"),
            "{}",
            stderr(&o)
        );
        ok(
            &dir,
            &["league", "run", "L", "--matches", "3", "--workers", "1"],
        );
        let board = ok(&dir, &["league", "standings", "L"]);
        assert!(
            board.contains("Ada") && board.contains("Alan") && !board.contains("Grace"),
            "{board}"
        );
        let out = ok(
            &dir,
            &["league", "final", "L", "--deadline", "now", "--games", "8"],
        );
        assert!(
            out.contains("2 people's submissions and 1 house bots"),
            "{out}"
        );
        let csv = ok(&dir, &["league", "csv", "L"]);
        let lines: Vec<&str> = csv.lines().collect();
        assert!(
            lines[0].starts_with("rank,id,name,submission,hash,games"),
            "{csv}"
        );
        // The two people and the house bot, entered twice to fill a table of four.
        assert_eq!(lines.len(), 5, "{csv}");
        assert!(
            csv.contains(",heuristic#1,") && csv.contains(",heuristic#2,"),
            "{csv}"
        );
        assert!(
            csv.contains(",s1,Ada,") && csv.contains(",s2,Alan,") && !csv.contains("Grace"),
            "{csv}"
        );
        csvs.push(csv);
        remove(&dir);
    }
    assert_eq!(
        csvs[0], csvs[1],
        "the same seed and submissions make the same final"
    );
}

/// Submits the Comp10001-Go bots that play the first card into league `L`: Ada's (`s1`)
/// through the course adapter, Alan's (`s2`) speaking the protocol. What Ada's check printed.
fn submit_first_bots(dir: &Path) -> String {
    let examples = root().join("sdk/python/examples");
    let course = examples.join("course/go_first.py").display().to_string();
    let raw = examples.join("raw_first.py").display().to_string();
    let out = ok(dir, &["league", "submit", "L", "--as", "s1", &course]);
    ok(dir, &["league", "submit", "L", "--as", "s2", &raw]);
    out
}

/// A protocol bot that plays the first legal action and writes 2 KB to its standard error at
/// every decision: what a bot left printing its debugging does to its logs, on purpose here.
const FLOODING: &str = r#"import json, sys
for line in sys.stdin:
    msg = json.loads(line)
    if msg["type"] == "hello":
        print('{"type":"ready","protocol":1}', flush=True)
    elif msg["type"] == "act":
        sys.stderr.write("x" * 2047 + "\n")
        print('{"type":"action","id":%d,"index":0}' % msg["id"], flush=True)
    elif msg["type"] == "bye":
        break
"#;

/// Attack: a person fills the league's disk through their bot's logs. Each log stops at 16
/// MiB, but each submission has its own; so a person's logs count against their storage, and
/// once over it they cannot submit again, while everyone else can. (Before, the storage counted
/// the uploads alone, and every new submission started another empty log.)
#[test]
#[ignore = "needs python3: cargo xtask test"]
fn a_bot_that_floods_its_log_fills_only_its_owners_storage() {
    let dir = folder("flood");
    class(&dir, "nim", "random", "7", "Ada,s1\nAlan,s2\n");
    let config = dir.join("L/league.toml");
    let text = std::fs::read_to_string(&config).unwrap();
    let small = text.replace("storage_bytes = 67108864", "storage_bytes = 30000");
    assert_ne!(small, text, "{text}");
    std::fs::write(&config, small).unwrap();
    std::fs::write(dir.join("flood.py"), FLOODING).unwrap();
    let out = ok(&dir, &["league", "submit", "L", "--as", "s1", "flood.py"]);
    assert!(out.contains("passed"), "{out}");
    ok(
        &dir,
        &["league", "run", "L", "--matches", "6", "--workers", "1"],
    );
    let log = dir.join("L/logs/s1.stderr.log");
    let logged = std::fs::metadata(&log).map_or(0, |m| m.len());
    assert!(logged > 30_000, "{}: {logged} bytes", log.display());
    let o = parlour_kit(&dir, &["league", "submit", "L", "--as", "s1", "flood.py"]);
    assert_eq!(o.status.code(), Some(2), "{}{}", stdout(&o), stderr(&o));
    assert!(
        stderr(&o).contains("your submissions and their logs would hold"),
        "{}",
        stderr(&o)
    );
    let raw = root().join("sdk/python/examples/raw_first.py");
    let out = ok(
        &dir,
        &[
            "league",
            "submit",
            "L",
            "--as",
            "s2",
            &raw.display().to_string(),
        ],
    );
    assert!(out.contains("passed"), "{out}");
    remove(&dir);
}

/// Starts `parlour args` in `dir` (the kit importable), its output discarded.
fn spawn(dir: &Path, args: &[&str]) -> std::process::Child {
    kit_command(dir, args)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("parlour starts")
}

/// Waits (at most a minute) until `done` holds.
fn wait_until(what: &str, mut done: impl FnMut() -> bool) {
    let start = std::time::Instant::now();
    while !done() {
        assert!(
            start.elapsed() < std::time::Duration::from_secs(60),
            "never: {what}"
        );
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
}

/// `kill -9` of a running ladder loses at most the matches in play: every match it had
/// finished is there, unchanged, when the ladder runs again, and the ladder goes on.
#[test]
fn a_ladder_killed_mid_match_resumes_with_nothing_recorded_lost() {
    let _heavy = crate::common::exclusive();
    let dir = folder("kill-ladder");
    ok(
        &dir,
        &[
            "league",
            "new",
            "L",
            "--game",
            "nim",
            "--house",
            "perfect,random",
            "--seed",
            "5",
        ],
    );
    let store = || parlour_league::Store::open(&dir.join("L/league.db")).unwrap();
    let mut ladder = spawn(&dir, &["league", "run", "L", "--workers", "2"]);
    wait_until("20 matches", || store().matches().unwrap().len() >= 20);
    ladder.kill().unwrap();
    ladder.wait().unwrap();
    let before = store().matches().unwrap();
    assert!(before.len() >= 20);
    ok(&dir, &["league", "run", "L", "--matches", "5"]);
    let after = store().matches().unwrap();
    assert_eq!(after.len(), before.len() + 5);
    for m in &before {
        assert_eq!(
            after.iter().find(|a| a.id == m.id),
            Some(m),
            "match {}",
            m.id
        );
    }
    let board = ok(&dir, &["league", "standings", "L"]);
    assert!(
        board.contains(&format!("{} matches", after.len())),
        "{board}"
    );
    remove(&dir);
}

/// `kill -9` mid-final: the games it recorded stay, `parlour tournament --resume` plays the
/// rest, and the CSV counts every game once.
#[test]
#[ignore = "needs python3: cargo xtask test"]
fn a_final_killed_mid_game_resumes_with_nothing_recorded_lost() {
    let _heavy = crate::common::exclusive();
    let dir = folder("kill-final");
    class(&dir, "go", "heuristic", "3", "Ada,s1\nAlan,s2\n");
    submit_first_bots(&dir);
    // The results database is locked while the final runs: its journal growing is the games
    // being recorded.
    let journal = dir.join("L/final/final.db-wal");
    let mut run = spawn(
        &dir,
        &[
            "league",
            "final",
            "L",
            "--deadline",
            "now",
            "--games",
            "4000",
        ],
    );
    wait_until("some of the final's games recorded", || {
        std::fs::metadata(&journal).is_ok_and(|m| m.len() > 256 << 10)
    });
    run.kill().unwrap();
    run.wait().unwrap();
    let db = dir.join("L/final/final.db");
    let (config, before) = parlour_arena::store::Store::read(&db).unwrap();
    assert!(
        !before.is_empty() && before.len() < 4000,
        "{} games recorded when the final was killed",
        before.len()
    );
    let o = parlour_kit(
        &dir,
        &[
            "tournament",
            "--resume",
            "L/final/final.db",
            "--trust-programs",
        ],
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let (_, after) = parlour_arena::store::Store::read(&db).unwrap();
    assert_eq!(after.len() as u64, config.games);
    for r in &before {
        assert_eq!(
            after.iter().find(|a| a.index == r.index),
            Some(r),
            "game {}",
            r.index
        );
    }
    let csv = ok(&dir, &["league", "csv", "L"]);
    assert!(
        csv.lines()
            .skip(1)
            .all(|l| l.split(',').nth(5) == Some("4000")),
        "{csv}"
    );
    remove(&dir);
}

/// `parlour league serve`: the ladder runs beside the server, whose standings grow; a person
/// submits from the terminal with their link; SIGTERM stops both (exit 0).
#[test]
#[ignore = "needs python3: cargo xtask test"]
fn a_served_league_takes_submissions_from_the_terminal() {
    let _heavy = crate::common::exclusive();
    let dir = folder("serve");
    class(&dir, "nim", "perfect,random", "2", "Ada,s1\n");
    let token = first_token(&dir.join("L"));
    let (mut server, address) = serve_league(&dir, std::process::Stdio::null());
    let overview = || -> serde_json::Value {
        let mut s = std::net::TcpStream::connect(&address).unwrap();
        use std::io::{Read, Write};
        write!(
            s,
            "GET /api/league HTTP/1.1\r\nHost: {address}\r\nConnection: close\r\n\r\n"
        )
        .unwrap();
        let mut text = String::new();
        s.read_to_string(&mut text).unwrap();
        serde_json::from_str(text.split_once("\r\n\r\n").unwrap().1).unwrap()
    };
    wait_until("matches on the ladder", || {
        overview()["matches"].as_u64() > Some(2)
    });
    let bot = root()
        .join("sdk/python/examples/raw_first.py")
        .display()
        .to_string();
    let link = format!("http://{address}/#token={token}");
    let out = ok(&dir, &["league", "submit", &link, &bot]);
    assert!(out.contains("passed"), "{out}");
    wait_until("Ada on the ladder", || {
        overview()["leaderboard"]
            .as_array()
            .unwrap()
            .iter()
            .any(|r| r["label"] == "Ada" && r["games"].as_u64() > Some(0))
    });
    let o = parlour_kit(
        &dir,
        &[
            "league",
            "submit",
            &format!("http://{address}/"),
            &bot,
            "--token",
            "0000",
        ],
    );
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("401"), "{}", stderr(&o));
    terminate(&server);
    let status = server.wait().unwrap();
    assert!(status.success(), "{status}");
    remove(&dir);
}

/// Sends SIGTERM to `child`.
fn terminate(child: &std::process::Child) {
    let _ = std::process::Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status();
}

/// Runs `parlour args` in `dir` as [`parlour_kit`] does, the Ray driver's python being the
/// one `cargo xtask install` installs the package into.
fn with_ray_driver(dir: &Path, args: &[&str]) -> std::process::Output {
    let python = root().join("target/python-venv/bin/python");
    assert!(
        python.exists(),
        "`cargo xtask install` makes {}",
        python.display()
    );
    kit_command(dir, args)
        .env("PARLOUR_PYTHON", &python)
        .output()
        .expect("parlour runs")
}

/// The final sharded onto Ray with the existing driver (`python -m parlour.ray`, a local
/// cluster here) gives the CSV a final played here gives; continuing the finished run plays
/// nothing more and changes nothing.
#[test]
#[ignore = "needs the Python package installed: cargo xtask test"]
fn the_final_on_ray_gives_the_csv_of_a_final_played_here() {
    let _heavy = crate::common::exclusive();
    let mut csvs = Vec::new();
    for run in ["here", "ray"] {
        let dir = folder(&format!("final-{run}"));
        class(&dir, "go", "heuristic", "12", "Ada,s1\nAlan,s2\n");
        submit_first_bots(&dir);
        let mut args = vec!["league", "final", "L", "--deadline", "now", "--games", "16"];
        if run == "ray" {
            args.extend(["--ray", "local", "--shards", "2"]);
        }
        let o = with_ray_driver(&dir, &args);
        assert!(o.status.success(), "{}{}", stdout(&o), stderr(&o));
        if run == "ray" {
            assert!(
                stdout(&o).contains("16 games, played on Ray"),
                "{}",
                stdout(&o)
            );
            assert!(stderr(&o).contains("shard 2/2"), "{}", stderr(&o));
        }
        csvs.push(ok(&dir, &["league", "csv", "L"]));
        if run == "ray" {
            let o = with_ray_driver(
                &dir,
                &["league", "final", "L", "--resume", "--ray", "local"],
            );
            assert!(o.status.success(), "{}{}", stdout(&o), stderr(&o));
            assert!(stderr(&o).contains("0 to play"), "{}", stderr(&o));
            assert_eq!(ok(&dir, &["league", "csv", "L"]), csvs[0]);
        }
        remove(&dir);
    }
    assert!(
        csvs[0].contains(",s1,Ada,") && csvs[0].contains(",s2,Alan,"),
        "{}",
        csvs[0]
    );
    assert_eq!(
        csvs[0], csvs[1],
        "the final on Ray is the final played here"
    );
}

/// The ladder's matches played as Ray tasks (`league run --ray local`: the driver `python -m
/// parlour.ray_ladder` on a local cluster) are the matches the ladder plays here: the same
/// seeds, tables and games, and the same traces to replay them.
#[test]
#[ignore = "needs the Python package installed: cargo xtask test"]
fn ladder_matches_on_ray_are_the_matches_played_here() {
    let _heavy = crate::common::exclusive();
    type Kept = (Vec<(i64, i64, String, String)>, Vec<(i64, i64, Vec<u8>)>);
    let mut runs: Vec<Kept> = Vec::new();
    for run in ["here", "ray"] {
        let dir = folder(&format!("ladder-{run}"));
        class(&dir, "go", "heuristic,random", "13", "Ada,s1\nAlan,s2\n");
        submit_first_bots(&dir);
        let mut args = vec!["league", "run", "L", "--matches", "4", "--workers", "1"];
        if run == "ray" {
            args.extend(["--ray", "local"]);
        }
        let o = with_ray_driver(&dir, &args);
        assert!(o.status.success(), "{}{}", stdout(&o), stderr(&o));
        assert!(stdout(&o).contains("4 matches played"), "{}", stdout(&o));
        let db = rusqlite::Connection::open(dir.join("L/league.db")).unwrap();
        let matches = db
            .prepare("SELECT id, seed, entrants, records FROM matches ORDER BY id")
            .unwrap()
            .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)))
            .unwrap()
            .collect::<Result<Vec<_>, _>>()
            .unwrap();
        let traces = db
            .prepare("SELECT match, game, trace FROM traces ORDER BY match, game")
            .unwrap()
            .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
            .unwrap()
            .collect::<Result<Vec<_>, _>>()
            .unwrap();
        assert_eq!(matches.len(), 4);
        assert_eq!(traces.len(), 16, "four games a match, each with its trace");
        runs.push((matches, traces));
        remove(&dir);
    }
    assert!(
        runs[0] == runs[1],
        "a match on Ray is not the match played here"
    );
}
