//! Misbehaving bots and signals, through the built binary (the test harness hides SIGPIPE, so
//! none of this is tested in-process): a tournament with every kind of broken program finishes
//! with every fault recorded, no forfeiting entry above an honest one, and no process left
//! behind; parlour's own output going away ends it quietly; a closed standard error does not
//! stop a tournament; a bot's descendants die with it, even when parlour is killed.

use crate::common;

use std::io::Read;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use common::{misbehave, parlour_in, stderr, stdout};
use serde_json::Value;

const PARLOUR: &str = env!("CARGO_BIN_EXE_parlour");

/// Processes other than parlour whose command line mentions `marker` (each test's bots are
/// given a path inside the test's own directory, which their children inherit).
fn survivors(marker: &Path) -> Vec<String> {
    let marker = marker.display().to_string();
    let mut found = Vec::new();
    for entry in std::fs::read_dir("/proc").unwrap().flatten() {
        let Ok(pid) = entry.file_name().to_string_lossy().parse::<u32>() else {
            continue;
        };
        let Ok(raw) = std::fs::read(entry.path().join("cmdline")) else {
            continue;
        };
        let cmdline = String::from_utf8_lossy(&raw).replace('\0', " ");
        let state = std::fs::read_to_string(entry.path().join("stat")).unwrap_or_default();
        // A zombie is already dead; it waits only for its parent to read its status.
        let zombie = state
            .rsplit_once(')')
            .is_some_and(|(_, rest)| rest.trim_start().starts_with('Z'));
        if cmdline.contains(&marker) && !cmdline.starts_with(PARLOUR) && !zombie {
            found.push(format!("{pid}: {cmdline}"));
        }
    }
    found
}

/// Waits up to two seconds for every process mentioning `marker` to be gone.
fn assert_none_left(marker: &Path, what: &str) {
    let start = Instant::now();
    loop {
        let left = survivors(marker);
        if left.is_empty() {
            return;
        }
        assert!(
            start.elapsed() < Duration::from_secs(2),
            "{what}: processes left behind: {left:#?}"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// The misbehaving bots of the chaos suite: (mode, what it does).
fn chaos_modes(dir: &Path) -> Vec<(String, &'static str)> {
    let d = dir.display();
    vec![
        ("hang 2".into(), "hangs after two answers"),
        ("crash 1".into(), "crashes at its first decision"),
        ("quit".into(), "exits after its first result"),
        ("closein".into(), "closes its input and keeps running"),
        ("junk".into(), "answers with junk"),
        ("illegal".into(), "answers illegally"),
        ("flood".into(), "writes a 2 MiB line"),
        ("hog".into(), "allocates past its memory limit"),
        (format!("forks 12 {d}/forks.txt"), "forks a dozen children"),
        (format!("setsid {d}/setsid.txt"), "starts a setsid child"),
    ]
}

#[test]
#[ignore = "needs python3: cargo xtask test"]
fn a_tournament_of_misbehaving_bots_finishes_records_every_fault_and_leaves_no_process() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("chaos.sqlite");
    let script = misbehave();
    let modes = chaos_modes(dir.path());
    let honest = ["heuristic", "random", "random"];
    let mut bots: Vec<String> = honest.iter().map(|s| s.to_string()).collect();
    for (mode, _) in &modes {
        bots.push(format!("cmd:python3 {script} {mode}"));
    }
    let o = parlour_in(
        dir.path(),
        &[
            "tournament",
            "uno",
            "--bots",
            &bots.join(","),
            "--games",
            "104",
            "--time-limit-ms",
            "300",
            "--memory-mb",
            "256",
            "--max-faults",
            "4",
            "--db",
            db.to_str().unwrap(),
            "--format",
            "json",
        ],
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let v: Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["games_counted"], 104);
    let entries = v["standings"]["entries"].as_array().unwrap();
    let rank_of = |label: &str| {
        entries
            .iter()
            .position(|e| e["label"] == label)
            .unwrap_or_else(|| panic!("{label} in {entries:?}"))
    };
    let worst_honest = honest
        .iter()
        .enumerate()
        .map(|(i, name)| {
            // Repeated names are numbered in the labels.
            let label = match *name {
                "random" => format!("random#{}", i),
                other => other.to_string(),
            };
            rank_of(&label)
        })
        .max()
        .unwrap();
    // Every misbehaviour but the two that only start processes is a fault, recorded in the
    // database with the game, seat and decision.
    let conn = rusqlite::Connection::open(&db).unwrap();
    let stored_faults: usize = conn
        .prepare("SELECT faults FROM games")
        .unwrap()
        .query_map([], |r| r.get::<_, String>(0))
        .unwrap()
        .map(|f| {
            serde_json::from_str::<Vec<Value>>(&f.unwrap())
                .unwrap()
                .len()
        })
        .sum();
    // What each entry earned itself, game by game: a forfeited game (its program lost, or the
    // entry past its fault limit) counts at the table's lowest return, whatever its stand-in did.
    let mut earned: std::collections::BTreeMap<u64, (f64, u64, bool)> = Default::default();
    let mut stmt = conn
        .prepare("SELECT seats, returns, forfeited FROM games")
        .unwrap();
    let rows = stmt
        .query_map([], |r| {
            Ok((
                r.get::<_, String>(0)?,
                r.get::<_, String>(1)?,
                r.get::<_, String>(2)?,
            ))
        })
        .unwrap();
    for row in rows {
        let (seats, returns, forfeited) = row.unwrap();
        let seats: Vec<u64> = serde_json::from_str(&seats).unwrap();
        let returns: Vec<f64> = serde_json::from_str(&returns).unwrap();
        let forfeited: Vec<usize> = serde_json::from_str(&forfeited).unwrap();
        let lowest = returns.iter().copied().fold(f64::INFINITY, f64::min);
        for (seat, &entry) in seats.iter().enumerate() {
            let gone = forfeited.contains(&seat);
            let e = earned.entry(entry).or_default();
            e.0 += if gone { lowest } else { returns[seat] };
            e.1 += 1;
            // Whether it earned anything above the lowest return in a game it played itself.
            e.2 |= !gone && returns[seat] > lowest;
        }
    }
    let mut reported_faults = 0;
    for (mode, what) in &modes {
        let label = format!("cmd:python3 {script} {mode}");
        let e = &entries[rank_of(&label)];
        reported_faults += e["faults"].as_u64().unwrap() as usize;
        let faulty = !mode.starts_with("forks") && !mode.starts_with("setsid");
        if faulty {
            assert!(e["faults"].as_u64().unwrap() > 0, "{what}: {e}");
        }
        if e["forfeits"].as_u64().unwrap() > 0 {
            // Ranked by what it earned, never by its stand-in's luck.
            let (sum, games, scored) = earned[&e["entry"].as_u64().unwrap()];
            let mean = e["score"]["mean"].as_f64().unwrap();
            assert!(
                (mean - sum / games as f64).abs() <= 1e-9 * mean.abs().max(1.0),
                "{what}: its score {mean} is not what it earned itself ({sum} in {games} games)"
            );
            if !scored {
                assert!(
                    rank_of(&label) > worst_honest,
                    "{what} earned nothing itself yet ranks above an honest entry: {entries:#?}"
                );
            }
        }
    }
    assert_eq!(stored_faults, reported_faults);
    assert_none_left(dir.path(), "after the tournament");
}

#[test]
#[ignore = "needs python3: cargo xtask test"]
fn an_entry_that_forfeits_every_game_ranks_below_every_honest_one() {
    let dir = tempfile::tempdir().unwrap();
    let script = misbehave();
    let o = parlour_in(
        dir.path(),
        &[
            "tournament",
            "uno",
            "--bots",
            &format!("heuristic,random,random,random,random,cmd:python3 {script} closein"),
            "--games",
            "120",
            "--max-faults",
            "1",
            "--no-db",
            "--format",
            "json",
        ],
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let v: Value = serde_json::from_str(&stdout(&o)).unwrap();
    let entries = v["standings"]["entries"].as_array().unwrap();
    let last = entries.last().unwrap();
    assert!(
        last["label"].as_str().unwrap().starts_with("cmd:"),
        "{entries:#?}"
    );
    assert_eq!(last["wins"], 0);
    assert_eq!(last["forfeits"], last["games"]);
    assert_none_left(dir.path(), "after the tournament");
}

#[test]
fn programs_that_exit_at_once_are_one_line_and_exit_code_2() {
    let dir = tempfile::tempdir().unwrap();
    for program in ["true", "false"] {
        for args in [
            vec![
                "tournament".to_string(),
                "uno".into(),
                "--bots".into(),
                format!("random,random,random,cmd:{program}"),
                "--no-db".into(),
            ],
            vec![
                "check-bot".into(),
                "uno".into(),
                "--".into(),
                program.into(),
            ],
        ] {
            let args: Vec<&str> = args.iter().map(String::as_str).collect();
            let o = parlour_in(dir.path(), &args);
            let err = stderr(&o);
            assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
            assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
            assert!(err.contains("cannot play"), "{err}");
        }
    }
}

#[test]
#[ignore = "needs python3: cargo xtask test"]
fn a_bot_that_closes_its_input_is_a_fault_in_check_bot_not_a_crash() {
    let dir = tempfile::tempdir().unwrap();
    let o = parlour_in(
        dir.path(),
        &[
            "check-bot",
            "uno",
            "--decisions",
            "20",
            "--",
            "python3",
            &misbehave(),
            "closein",
        ],
    );
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(stdout(&o).contains("fault"), "{}", stdout(&o));
    assert_none_left(dir.path(), "after check-bot");
}

#[test]
fn output_whose_reader_went_away_ends_parlour_quietly_with_exit_code_0() {
    let dir = tempfile::tempdir().unwrap();
    for args in [
        &["tournament", "uno", "--games", "400", "--no-db"][..],
        &[
            "tournament",
            "go",
            "--games",
            "40",
            "--no-db",
            "--format",
            "csv",
        ][..],
        &["bots", "uno"][..],
        &["play", "uno", "--seats", "random,random,random,random"][..],
    ] {
        let mut child = Command::new(PARLOUR)
            .args(args)
            .current_dir(dir.path())
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        // The reader goes away before parlour writes anything (as `| head -0` would).
        drop(child.stdout.take());
        let mut err = String::new();
        child
            .stderr
            .take()
            .unwrap()
            .read_to_string(&mut err)
            .unwrap();
        let status = child.wait().unwrap();
        assert_eq!(status.code(), Some(0), "{args:?}: {status:?} {err}");
        assert!(
            !err.contains("panicked") && !err.contains("error"),
            "{args:?}: {err}"
        );
    }
}

#[test]
fn a_tournament_whose_standard_error_went_away_keeps_playing_and_recording() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("t.sqlite");
    let mut child = Command::new(PARLOUR)
        .args(["tournament", "uno", "--games", "2000", "--db"])
        .arg(&db)
        .current_dir(dir.path())
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stderr.take());
    let mut out = String::new();
    child
        .stdout
        .take()
        .unwrap()
        .read_to_string(&mut out)
        .unwrap();
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(0), "{out}");
    assert!(out.contains("2000 of 2000 games"), "{out}");
    let conn = rusqlite::Connection::open(&db).unwrap();
    let rows: i64 = conn
        .query_row("SELECT COUNT(*) FROM games", [], |r| r.get(0))
        .unwrap();
    assert_eq!(rows, 2000);
}

/// A tournament whose programs start children (a dozen forks, each with a child of its own,
/// and a setsid child), long enough to be stopped while they run.
fn spawn_forking_tournament(dir: &Path, containment: Option<&str>) -> std::process::Child {
    let script = misbehave();
    let d = dir.display();
    let mut cmd = Command::new(PARLOUR);
    cmd.args([
        "tournament",
        "uno",
        "--bots",
        &format!(
            "random,random,cmd:python3 {script} forks 12 {d}/forks.txt,cmd:python3 {script} setsid {d}/setsid.txt"
        ),
        "--games",
        "400000",
        "--no-db",
    ])
    .current_dir(dir)
    .stdin(Stdio::null())
    .stdout(Stdio::null())
    .stderr(Stdio::null());
    if let Some(c) = containment {
        cmd.env("PARLOUR_CONTAINMENT", c);
    }
    cmd.spawn().unwrap()
}

/// Waits until both programs have started their children: two bots, a dozen children with a
/// grandchild each, and a setsid child, all named by the folder in their command lines (the
/// lists of pids they write are the host's files, which a jailed bot cannot write).
fn wait_for_children(dir: &Path, child: &mut std::process::Child) {
    let start = Instant::now();
    while survivors(dir).len() <= 2 + 24 {
        assert!(child.try_wait().unwrap().is_none(), "parlour ended early");
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "no children started: {:#?}",
            survivors(dir)
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
#[ignore = "needs python3: cargo xtask test"]
fn a_bots_descendants_die_with_parlour_even_by_kill_9() {
    let dir = tempfile::tempdir().unwrap();
    let mut child = spawn_forking_tournament(dir.path(), None);
    wait_for_children(dir.path(), &mut child);
    child.kill().unwrap();
    child.wait().unwrap();
    assert_none_left(dir.path(), "after kill -9 of parlour");
}

#[test]
#[ignore = "needs python3: cargo xtask test"]
fn without_a_pid_namespace_descendants_that_leave_the_group_still_die_at_a_normal_end() {
    let dir = tempfile::tempdir().unwrap();
    let mut child = spawn_forking_tournament(dir.path(), Some("group"));
    wait_for_children(dir.path(), &mut child);
    // SIGTERM: the games in play finish, the bots are shut down, parlour exits.
    let sent = Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(sent.success());
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(130));
    assert_none_left(dir.path(), "after a normal end with process groups only");
}
