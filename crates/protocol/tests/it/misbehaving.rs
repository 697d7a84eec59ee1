//! External bots that misbehave: each fault is caught, recorded with its reason and replaced
//! by a random legal action; the game always completes; limits, the sandbox and the log hold.

use std::path::PathBuf;
use std::sync::Arc;

use parlour_core::play::Runner;
use parlour_core::{Game, State};
use parlour_protocol::process::Log;
use parlour_protocol::{BotReport, FaultKind, Limits, Player, ProgramSpec, Table};
use parlour_protocol::{ExternalBot, Mode, Pool};
use parlour_uno::Uno;

fn script() -> String {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/bots/misbehave.py")
        .display()
        .to_string()
}

fn spec(args: &[&str], limits: Limits, max_faults: u32) -> ProgramSpec {
    let mut command = vec!["python3".to_string(), script()];
    command.extend(args.iter().map(|a| a.to_string()));
    ProgramSpec {
        name: format!("misbehave {}", args.join(" ")),
        command,
        dir: None,
        env: Default::default(),
        limits,
        max_faults,
        user: None,
        files: Vec::new(),
    }
}

fn fast() -> Limits {
    Limits {
        decision_ms: 150,
        bank_ms: 60_000,
        startup_ms: 10_000,
        memory_mb: 1024,
        ..Limits::default()
    }
}

/// Plays `games` Uno games with the program at seat `index % 4` against random bots; returns
/// each game's report of the program's seat.
fn play_games(pool: &Arc<Pool>, games: u64) -> Vec<BotReport> {
    let game = Uno::new(Default::default()).unwrap();
    (0..games)
        .map(|index| {
            let seat = (index % 4) as usize;
            let mut table = Table::new(
                (0..4)
                    .map(|s| {
                        if s == seat {
                            Player::Program(Box::new(ExternalBot::<Uno>::new(
                                pool.clone(),
                                100 + index,
                            )))
                        } else {
                            Player::BuiltIn(Box::new(parlour_bots::RandomBot::new(
                                index * 10 + s as u64,
                            )))
                        }
                    })
                    .collect(),
            );
            let end = Runner::new(&game)
                .numbered(index, index)
                .play(game.new_game(index), &mut table)
                .expect("the game completes whatever the program does");
            assert!(end.is_terminal());
            table.players[seat].report()
        })
        .collect()
}

fn pool(args: &[&str], limits: Limits, max_faults: u32) -> Arc<Pool> {
    let game = Uno::new(Default::default()).unwrap();
    let pool = Pool::new(
        &game,
        spec(args, limits, max_faults),
        None,
        Mode::Tournament,
    )
    .unwrap();
    pool.preflight().unwrap();
    pool
}

fn kinds(reports: &[BotReport]) -> Vec<FaultKind> {
    reports
        .iter()
        .flat_map(|r| r.faults.iter().map(|f| f.kind))
        .collect()
}

#[test]
#[ignore = "needs python3: cargo xtask test"]
fn a_well_behaved_program_makes_no_faults() {
    let p = pool(&["ok"], fast(), 10);
    let reports = play_games(&p, 8);
    assert!(kinds(&reports).is_empty());
    assert!(p.asked() > 8);
    assert!(reports.iter().all(|r| !r.forfeited));
}

#[test]
fn a_slow_answer_is_a_timeout_and_its_late_answer_is_ignored() {
    // 0.25 s of computing a decision against a 0.15 s limit: every answer is late, and each
    // late answer arrives while a later decision waits (it is an old id, so it is skipped, not
    // taken). Late by either clock: CPU time (contained) or the wall clock.
    let p = pool(&["spin", "0.25"], fast(), 1000);
    let reports = play_games(&p, 1);
    let faults = &reports[0].faults;
    assert!(!faults.is_empty());
    assert!(
        faults.iter().all(|f| f.kind == FaultKind::Timeout),
        "{faults:?}"
    );
    assert!(faults[0].detail.contains("no answer within 150 ms"));
}

#[test]
#[ignore = "needs python3: cargo xtask test"]
fn a_program_that_hangs_forfeits_after_its_faults_and_the_games_complete() {
    let p = pool(&["hang", "2"], fast(), 3);
    let reports = play_games(&p, 6);
    let all = kinds(&reports);
    assert_eq!(all.len(), 3, "faults stop counting at the forfeit: {all:?}");
    assert!(all.iter().all(|k| *k == FaultKind::Timeout));
    assert!(p.has_forfeited());
    // The game in which the third fault came is forfeited, and every later one.
    let first = reports.iter().position(|r| r.forfeited).unwrap();
    assert!(reports[first..].iter().all(|r| r.forfeited));
    assert!(reports[first + 1..].iter().all(|r| r.faults.is_empty()));
}

#[test]
#[ignore = "needs python3: cargo xtask test"]
fn the_time_bank_bounds_a_games_total_thinking() {
    // Each answer takes 0.1 s of computing, within the 1 s limit, but the game's bank is
    // 0.35 s: after about three answers the bank is spent and the rest time out.
    let limits = Limits {
        decision_ms: 1000,
        bank_ms: 350,
        ..fast()
    };
    let p = pool(&["spin", "0.1"], limits, 1000);
    let reports = play_games(&p, 1);
    let faults = &reports[0].faults;
    assert!(
        faults.iter().all(|f| f.kind == FaultKind::Timeout) && !faults.is_empty(),
        "{faults:?}"
    );
    assert!(p.asked() >= 4, "asked {}", p.asked());
}

#[test]
#[ignore = "needs python3: cargo xtask test"]
fn a_crash_is_an_exited_fault_and_the_next_game_starts_a_fresh_program() {
    let p = pool(&["crash", "3"], fast(), 1000);
    let reports = play_games(&p, 4);
    for r in &reports {
        // Every game in which the program reached its third decision has exactly one fault.
        assert!(r.faults.len() <= 1, "{:?}", r.faults);
        if let Some(f) = r.faults.first() {
            assert_eq!(f.kind, FaultKind::Exited);
            assert!(f.detail.contains("exited with status 3"), "{}", f.detail);
        }
    }
    assert!(
        kinds(&reports).len() >= 2,
        "{:?}: several games crashed, so several programs started",
        kinds(&reports)
    );
}

#[test]
#[ignore = "needs python3: cargo xtask test"]
fn a_game_whose_program_was_lost_is_forfeited_but_the_entry_plays_on() {
    // A stand-in finishes a game whose program crashed: the entry cannot win it (the standings
    // never credit a forfeited seat), yet below the fault limit the entry is not forfeited.
    let p = pool(&["crash", "1"], fast(), 1000);
    let reports = play_games(&p, 3);
    for r in &reports {
        assert_eq!(r.faults.len(), 1, "{:?}", r.faults);
        assert_eq!(r.faults[0].kind, FaultKind::Exited);
        assert!(r.forfeited, "a crashed game is forfeited: {r:?}");
    }
    assert!(!p.has_forfeited());
    // A fault that keeps the program (an illegal answer) replaces one decision only.
    let p = pool(&["illegal"], fast(), 1000);
    let reports = play_games(&p, 2);
    assert!(reports.iter().all(|r| !r.faults.is_empty() && !r.forfeited));
}

#[test]
#[ignore = "needs python3: cargo xtask test"]
fn junk_illegal_actions_and_bad_indices_are_faults_with_reasons() {
    for (mode, kind, says) in [
        ("junk", FaultKind::Malformed, "is not JSON"),
        ("illegal", FaultKind::Illegal, "is not an action"),
        ("index", FaultKind::Illegal, "is not one of the"),
        ("report", FaultKind::Reported, "my own fault at decision"),
        (
            "badreport",
            FaultKind::Malformed,
            "is not a fault's description",
        ),
    ] {
        let p = pool(&[mode], fast(), 1000);
        let reports = play_games(&p, 2);
        let faults: Vec<_> = reports.iter().flat_map(|r| r.faults.clone()).collect();
        assert!(!faults.is_empty(), "{mode}");
        for f in &faults {
            assert_eq!(f.kind, kind, "{mode}: {f:?}");
            assert!(f.detail.contains(says), "{mode}: {}", f.detail);
        }
    }
}

#[test]
#[ignore = "needs python3: cargo xtask test"]
fn a_flood_of_output_is_a_malformed_answer_not_a_memory_blowup() {
    let p = pool(&["flood"], fast(), 1000);
    let reports = play_games(&p, 1);
    let faults = &reports[0].faults;
    assert_eq!(faults.len(), 1, "{faults:?}");
    assert_eq!(faults[0].kind, FaultKind::Malformed);
    assert!(
        faults[0].detail.contains("bytes or more"),
        "{}",
        faults[0].detail
    );
}

#[test]
#[ignore = "needs python3: cargo xtask test"]
fn the_memory_limit_stops_a_memory_hog() {
    let limits = Limits {
        memory_mb: 300,
        ..fast()
    };
    let p = pool(&["hog"], limits, 1000);
    let reports = play_games(&p, 1);
    let faults = &reports[0].faults;
    assert_eq!(faults.len(), 1, "{faults:?}");
    assert_eq!(faults[0].kind, FaultKind::Exited);
    // Python's MemoryError ends the program with status 1.
    assert!(
        faults[0].detail.contains("exited with status 1"),
        "{}",
        faults[0].detail
    );
}

/// Live processes (zombies aside) whose command line mentions `marker`. Pids cannot name a
/// bot's processes here: each bot may run in its own PID namespace, where they are not ours.
fn running_with(marker: &std::path::Path) -> usize {
    let marker = marker.display().to_string();
    std::fs::read_dir("/proc")
        .unwrap()
        .flatten()
        .filter(|e| e.file_name().to_string_lossy().parse::<u32>().is_ok())
        .filter(|e| {
            let cmdline = std::fs::read(e.path().join("cmdline"))
                .map(|raw| String::from_utf8_lossy(&raw).replace('\0', " "))
                .unwrap_or_default();
            let zombie = std::fs::read_to_string(e.path().join("stat")).is_ok_and(|stat| {
                stat.rsplit(')')
                    .next()
                    .is_some_and(|rest| rest.trim_start().starts_with('Z'))
            });
            cmdline.contains(&marker) && !zombie
        })
        .count()
}

#[test]
#[ignore = "needs python3: cargo xtask test"]
fn a_forked_child_is_killed_with_its_program() {
    let dir = tempfile::tempdir().unwrap();
    let pid_file = dir.path().join("child.pid");
    let p = pool(&["fork", pid_file.to_str().unwrap()], fast(), 1000);
    let reports = play_games(&p, 1);
    assert!(kinds(&reports).is_empty());
    // (A jailed program cannot write `pid_file`; its child runs under the name all the same.)
    assert!(
        running_with(dir.path()) >= 2,
        "the child runs while its program does"
    );
    p.shutdown();
    let end = std::time::Instant::now() + std::time::Duration::from_secs(5);
    while running_with(dir.path()) > 0 && std::time::Instant::now() < end {
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    assert_eq!(
        running_with(dir.path()),
        0,
        "the child outlived its program"
    );
}

#[test]
#[ignore = "needs python3: cargo xtask test"]
fn a_program_inherits_no_secrets_and_no_descriptors() {
    // SAFETY (of intent): the variable is only read by child processes this test starts.
    std::env::set_var("PARLOUR_TEST_SECRET", "hunter2");
    let p = pool(&["secrets"], fast(), 1000);
    let reports = play_games(&p, 2);
    assert!(kinds(&reports).is_empty(), "{reports:?}");
    assert!(p.asked() > 2);
}

#[test]
#[ignore = "needs python3: cargo xtask test"]
fn programs_that_cannot_start_or_greet_are_refused_before_play() {
    let game = Uno::new(Default::default()).unwrap();
    let refuse = |spec: ProgramSpec| {
        Pool::new(&game, spec, None, Mode::Tournament)
            .unwrap()
            .preflight()
            .unwrap_err()
    };
    let mut missing = spec(&["ok"], fast(), 10);
    missing.command = vec!["/no/such/program".into()];
    let why = refuse(missing);
    assert!(why.starts_with("cannot start /no/such/program"), "{why}");
    let mut exits = spec(&["ok"], fast(), 10);
    exits.command = vec![
        "python3".into(),
        "-c".into(),
        "import sys; sys.exit(4)".into(),
    ];
    let why = refuse(exits);
    assert!(why.contains("exited with status 4"), "{why}");
    let silent = Limits {
        startup_ms: 300,
        ..fast()
    };
    let why = refuse(spec(&["silent"], silent, 10));
    assert!(why.contains("no greeting within 300 ms"), "{why}");
    let mut bad_version = spec(&["ok"], fast(), 10);
    bad_version.command = vec![
        "python3".into(),
        "-c".into(),
        "import json;input();print(json.dumps({'type':'ready','protocol':2}),flush=True)".into(),
    ];
    let why = refuse(bad_version);
    assert!(why.contains("it speaks protocol 2"), "{why}");
}

#[test]
#[ignore = "needs python3: cargo xtask test"]
fn a_program_that_exits_after_greeting_is_an_exited_fault_in_play() {
    let p = pool(&["early"], fast(), 1000);
    let reports = play_games(&p, 2);
    for r in &reports {
        assert_eq!(r.faults.len(), 1, "{:?}", r.faults);
        assert_eq!(r.faults[0].kind, FaultKind::Exited);
        assert!(
            r.faults[0].detail.contains("exited with status 0"),
            "{}",
            r.faults[0].detail
        );
    }
}

#[test]
#[ignore = "needs python3: cargo xtask test"]
fn standard_error_goes_to_the_log() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bot.stderr.log");
    let game = Uno::new(Default::default()).unwrap();
    let p = Pool::new(
        &game,
        spec(&["stderr"], fast(), 10),
        Some(Log::open(&path).unwrap()),
        Mode::Tournament,
    )
    .unwrap();
    p.preflight().unwrap();
    play_games(&p, 1);
    p.shutdown();
    let log = std::fs::read_to_string(&path).unwrap();
    assert!(log.contains("thinking about decision 0\n"), "{log}");
}

#[test]
fn a_log_stops_at_its_cap_with_a_note() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("big.log");
    let log = Log::open(&path).unwrap();
    let chunk = vec![b'x'; 1 << 20];
    for _ in 0..17 {
        log.lock().unwrap().write(&chunk);
    }
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.len() < (16 << 20) + 200);
    assert!(text.ends_with("the rest of the bot's standard error is discarded]\n"));
}

#[test]
#[ignore = "needs python3: cargo xtask test"]
fn a_program_that_stops_reading_cannot_stall_play() {
    // Chexers observations carry the game's history, so unread messages soon fill the pipe:
    // writing then times out, the program is dropped, and the game goes on.
    let game = parlour_chexers::Chexers::new(Default::default()).unwrap();
    let limits = Limits {
        decision_ms: 20,
        ..fast()
    };
    let pool = Pool::new(
        &game,
        spec(&["deaf"], limits, 100_000),
        None,
        Mode::Tournament,
    )
    .unwrap();
    pool.preflight().unwrap();
    let mut table: Table<parlour_chexers::Chexers> = Table::new(vec![
        Player::Program(Box::new(ExternalBot::new(pool.clone(), 1))),
        Player::BuiltIn(Box::new(parlour_bots::RandomBot::new(2))),
        Player::BuiltIn(Box::new(parlour_bots::RandomBot::new(3))),
    ]);
    let end = Runner::new(&game)
        .play(game.new_game(1), &mut table)
        .unwrap();
    assert!(end.is_terminal());
    let faults = table.reports().swap_remove(0).faults;
    assert!(
        faults.iter().all(|f| f.kind == FaultKind::Timeout),
        "{faults:?}"
    );
    let last = faults.last().unwrap();
    assert!(
        last.detail.contains("did not read its input within 20 ms"),
        "{faults:?}"
    );
    assert!(faults[..faults.len() - 1]
        .iter()
        .all(|f| f.detail.contains("no answer within 20 ms")));
}

#[test]
#[ignore = "needs python3: cargo xtask test"]
fn a_programs_own_text_in_an_error_is_quoted() {
    let game = Uno::new(Default::default()).unwrap();
    let mut declines = spec(&["ok"], fast(), 10);
    declines.command = vec![
        "python3".into(),
        "-c".into(),
        "import json;input();print(json.dumps({'type':'error','message':'no\\nway \\u001b[31m'}),flush=True)"
            .into(),
    ];
    let why = Pool::new(&game, declines, None, Mode::Tournament)
        .unwrap()
        .preflight()
        .unwrap_err();
    assert!(
        why.starts_with("it declined: \"no\\nway \\u{1b}[31m\""),
        "{why}"
    );
    assert!(!why.contains('\n') && !why.contains('\u{1b}'));
}

/// Whether bots are contained here (parlour's namespaces and control groups need root).
fn contained() -> bool {
    parlour_protocol::process::containment() == parlour_protocol::process::Containment::PidNamespace
        && parlour_protocol::cgroup::tree().unified.is_some()
}

#[test]
fn a_contained_program_computes_only_while_resumed_and_its_clock_is_its_cpu_time() {
    if !contained() {
        eprintln!("skipped: containment needs root here");
        return;
    }
    // A shell that spins for ever (a system program: it needs no file of its own).
    let mut spinner = spec(&[], fast(), 1);
    spinner.command = vec!["sh".into(), "-c".into(), "while :; do :; done".into()];
    let mut p = parlour_protocol::process::Process::spawn(&spinner, None).unwrap();
    let window = std::time::Duration::from_millis(300);
    let used = |p: &mut parlour_protocol::process::Process| {
        let before = p
            .cpu_time()
            .expect("a contained program's CPU time is counted");
        std::thread::sleep(window);
        p.cpu_time().unwrap() - before
    };
    let running = used(&mut p);
    p.pause();
    // Freezing takes effect within moments; then nothing of it runs.
    std::thread::sleep(std::time::Duration::from_millis(50));
    let paused = used(&mut p);
    p.resume();
    let resumed = used(&mut p);
    assert!(
        paused < std::time::Duration::from_millis(5),
        "it ran {paused:?} while paused"
    );
    // It shares this machine with other tests: a fair part of the time, at least.
    assert!(
        running > window / 10,
        "it ran only {running:?} in {window:?}"
    );
    assert!(
        resumed > window / 10,
        "it ran only {resumed:?} in {window:?}"
    );
    assert!(running <= window + std::time::Duration::from_millis(50));
}

#[test]
#[ignore = "needs python3: cargo xtask test"]
fn a_contained_program_that_sleeps_is_stopped_by_the_wall_clock_ceiling() {
    if !contained() {
        eprintln!("skipped: containment needs root here");
        return;
    }
    // It sleeps 1 s a decision: almost no CPU time, but past the ceiling of twice its 0.15 s
    // limit and a quarter of a second.
    let p = pool(&["slow", "1.0"], fast(), 2);
    let reports = play_games(&p, 1);
    let faults = &reports[0].faults;
    assert!(!faults.is_empty());
    assert!(
        faults.iter().all(|f| f.kind == FaultKind::Timeout
            && f.detail
                .contains("no answer within 150 ms: it waited 550 ms of wall-clock time")),
        "{faults:?}"
    );
}

#[test]
#[ignore = "needs python3: cargo xtask test"]
fn a_contained_programs_timeout_names_the_cpu_time_it_used() {
    if !contained() {
        eprintln!("skipped: containment needs root here");
        return;
    }
    // Measured on its CPU time, whatever the wall clock says: 0.25 s of computing against a
    // 0.15 s limit is a timeout that names the CPU time used.
    let p = pool(&["spin", "0.25"], fast(), 1000);
    let reports = play_games(&p, 1);
    let faults = &reports[0].faults;
    assert!(!faults.is_empty());
    assert!(
        faults
            .iter()
            .all(|f| f.detail.contains("no answer within 150 ms of CPU time")),
        "{faults:?}"
    );
}

/// A parlour that runs hundreds of programs holds more than a thousand descriptors (each
/// program's pipes and log): a contained program still starts (its limit of a thousand open
/// files is set after the jail's own steps, which open files while parlour's are still open).
/// A final of 225 students' programs once stopped with "Too many open files".
#[test]
fn a_contained_program_starts_from_a_parlour_holding_over_a_thousand_descriptors() {
    if !contained() {
        eprintln!("skipped: containment needs root here");
        return;
    }
    let _held: Vec<std::fs::File> = (0..1100)
        .map(|_| std::fs::File::open("/dev/null").unwrap())
        .collect();
    let mut program = spec(&[], fast(), 1);
    program.command = vec!["sh".into(), "-c".into(), "sleep 5".into()];
    let started = parlour_protocol::process::Process::spawn(&program, None);
    assert!(started.is_ok(), "{:?}", started.err());
}
