//! `parlour tournament` and `parlour report` from the outside: a real killed process resumed to
//! the same standings, reports in every format, and files and bots the command must refuse.

use crate::common;

use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use common::{assert_bad_input_in as assert_bad_input, parlour_in, stderr, stdout};

fn json(o: &Output) -> serde_json::Value {
    assert_eq!(o.status.code(), Some(0), "{}", stderr(o));
    serde_json::from_str(stdout(o).trim()).expect("one JSON object")
}

/// `parlour tournament --resume DB --format json`, which must succeed.
fn resume_json(dir: &Path, db: &Path) -> serde_json::Value {
    json(&parlour_in(
        dir,
        &[
            "tournament",
            "--resume",
            db.to_str().unwrap(),
            "--format",
            "json",
        ],
    ))
}

fn rows(db: &Path) -> u64 {
    let conn =
        rusqlite::Connection::open_with_flags(db, rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY)
            .unwrap();
    conn.query_row("SELECT COUNT(*) FROM games", [], |r| r.get::<_, i64>(0))
        .unwrap() as u64
}

const KILL_ARGS: [&str; 9] = [
    "tournament",
    "chexers",
    "--bots",
    "search:nodes=300,greedy,random",
    "--games",
    "450",
    "--seed",
    "7",
    "--format",
];

/// Starts the `KILL_ARGS` tournament recording into `dir/NAME.sqlite` and returns once some
/// games are committed: the write-ahead log holds the set-up (about 16 KB) and then grows by a
/// page or more with each commit.
fn start_recording(dir: &Path, name: &str) -> (std::process::Child, std::path::PathBuf) {
    let db = dir.join(format!("{name}.sqlite"));
    let wal = dir.join(format!("{name}.sqlite-wal"));
    let mut child = Command::new(env!("CARGO_BIN_EXE_parlour"))
        .args(KILL_ARGS)
        .args(["json", "--jobs", "2", "--db", db.to_str().unwrap()])
        .current_dir(dir)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let start = Instant::now();
    while std::fs::metadata(&wal).map_or(0, |m| m.len()) < 64 * 1024 {
        assert!(
            child.try_wait().unwrap().is_none(),
            "the tournament finished before it could be stopped"
        );
        assert!(
            start.elapsed() < Duration::from_secs(120),
            "no games recorded"
        );
        std::thread::sleep(Duration::from_millis(2));
    }
    (child, db)
}

#[test]
fn a_tournament_killed_mid_run_resumes_to_the_standings_of_an_uninterrupted_run() {
    let dir = tempfile::tempdir().unwrap();
    // SIGKILL: no chance to tidy up.
    let (mut child, db) = start_recording(dir.path(), "killed");
    child.kill().unwrap();
    child.wait().unwrap();
    let recorded = rows(&db);
    assert!(
        recorded > 0 && recorded < 450,
        "killed mid-run: {recorded} recorded"
    );

    let resumed = resume_json(dir.path(), &db);
    assert_eq!(
        resumed["run"]["played"].as_u64().unwrap(),
        450 - recorded,
        "the recorded games are kept, not replayed"
    );
    assert_eq!(rows(&db), 450);
    let mut args = KILL_ARGS.to_vec();
    args.extend(["json", "--no-db", "--jobs", "1"]);
    let whole = json(&parlour_in(dir.path(), &args));
    assert_eq!(resumed["standings"], whole["standings"]);
    assert_eq!(resumed["games_counted"], 450);
    assert_eq!(resumed["complete"], true);

    // The report re-prints the same standings from the file.
    let report = json(&parlour_in(
        dir.path(),
        &["report", db.to_str().unwrap(), "--format", "json"],
    ));
    assert_eq!(report["standings"], whole["standings"]);
    // Resuming a finished tournament plays nothing and reports the same.
    let again = resume_json(dir.path(), &db);
    assert_eq!(again["run"]["played"], 0);
    assert_eq!(again["standings"], whole["standings"]);
}

#[test]
fn report_prints_tables_csv_and_an_svg_chart() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("go.sqlite");
    let db_s = db.to_str().unwrap();
    let t = json(&parlour_in(
        dir.path(),
        &[
            "tournament",
            "go",
            "--games",
            "40",
            "--bots",
            "heuristic,heuristic,random,random,random",
            "--schedule",
            "random",
            "--db",
            db_s,
            "--format",
            "json",
        ],
    ));
    assert_eq!(t["run"]["db"], db_s);
    assert_eq!(t["run"]["schedule_used"], "random");
    let table = parlour_in(dir.path(), &["report", db_s, "--svg", "chart.svg"]);
    assert_eq!(table.status.code(), Some(0), "{}", stderr(&table));
    let out = stdout(&table);
    for needle in ["heuristic#1", "random#3", "ahead of →", "chart.svg"] {
        assert!(out.contains(needle), "{out}");
    }
    let svg = std::fs::read_to_string(dir.path().join("chart.svg")).unwrap();
    assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
    assert!(
        svg.contains("heuristic#2") && svg.contains("Weng-Lin"),
        "{svg}"
    );

    let csv = parlour_in(dir.path(), &["report", db_s, "--format", "csv"]);
    assert_eq!(csv.status.code(), Some(0), "{}", stderr(&csv));
    let text = stdout(&csv);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 6, "a header and five entries: {text}");
    assert!(lines[0].starts_with("rank,entry,games,wins,draws,win_rate"));
    let games: u64 = lines[1..]
        .iter()
        .map(|l| l.split(',').nth(2).unwrap().parse::<u64>().unwrap())
        .sum();
    assert_eq!(games, 40 * 4, "every seat of every game is counted once");
}

#[test]
fn bot_options_are_applied_and_checked() {
    let dir = tempfile::tempdir().unwrap();
    let ok = json(&parlour_in(
        dir.path(),
        &[
            "tournament",
            "chexers",
            "--bots",
            "search:nodes=300:depth=3,greedy,random",
            "--games",
            "3",
            "--no-db",
            "--format",
            "json",
        ],
    ));
    assert_eq!(ok["entries"][0], "search:nodes=300:depth=3");
    assert_bad_input(
        dir.path(),
        &[
            "tournament",
            "chexers",
            "--bots",
            "search:depth=x,greedy,random",
        ],
        "bot \"search\": option depth=\"x\" is not valid",
    );
    assert_bad_input(
        dir.path(),
        &[
            "tournament",
            "chexers",
            "--bots",
            "search:nodes=0,greedy,random",
        ],
        "must be at least 1",
    );
    assert_bad_input(
        dir.path(),
        &[
            "tournament",
            "uno",
            "--bots",
            "heuristic:depth=3,random,random,random",
        ],
        "bot \"heuristic\" has no option \"depth\" (it takes no options)",
    );
    assert_bad_input(
        dir.path(),
        &[
            "tournament",
            "chexers",
            "--bots",
            "search:fast,greedy,random",
        ],
        "option \"fast\" is not key=value",
    );
    assert!(
        !dir.path().join("parlour-runs").exists(),
        "nothing is recorded for a tournament that cannot start"
    );
}

#[test]
fn files_the_command_must_not_touch_are_refused_with_exit_code_2() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("t.sqlite");
    let db_s = db.to_str().unwrap();
    let first = parlour_in(
        dir.path(),
        &["tournament", "uno", "--games", "8", "--db", db_s],
    );
    assert_eq!(first.status.code(), Some(0), "{}", stderr(&first));
    let before = std::fs::read(&db).unwrap();
    assert_bad_input(
        dir.path(),
        &[
            "tournament",
            "uno",
            "--games",
            "8",
            "--seed",
            "2",
            "--db",
            db_s,
        ],
        "already exists (a uno tournament, seed 1, 8 of 8 games played)",
    );
    assert_eq!(std::fs::read(&db).unwrap(), before);

    let junk = dir.path().join("junk.sqlite");
    std::fs::write(
        &junk,
        b"not a database at all, just some text that is long enough",
    )
    .unwrap();
    let junk_before = std::fs::read(&junk).unwrap();
    assert_bad_input(
        dir.path(),
        &["tournament", "--resume", junk.to_str().unwrap()],
        "is not a parlour tournament database",
    );
    assert_bad_input(
        dir.path(),
        &["report", junk.to_str().unwrap()],
        "not modified",
    );
    assert_eq!(std::fs::read(&junk).unwrap(), junk_before);

    // Locked: another process holds the file (here, this test's own connection).
    let holder = rusqlite::Connection::open(&db).unwrap();
    holder
        .execute_batch("PRAGMA locking_mode = EXCLUSIVE; BEGIN EXCLUSIVE;")
        .unwrap();
    assert_bad_input(
        dir.path(),
        &["tournament", "--resume", db_s],
        "is locked: another process",
    );
    holder.execute_batch("COMMIT").unwrap();
    drop(holder);

    let mut perms = std::fs::metadata(&db).unwrap().permissions();
    perms.set_readonly(true);
    std::fs::set_permissions(&db, perms).unwrap();
    assert_bad_input(
        dir.path(),
        &["tournament", "--resume", db_s],
        "is read-only",
    );
    assert_bad_input(
        dir.path(),
        &["tournament", "--resume", db_s, "--games", "5"],
        "cannot be used with",
    );
    assert_bad_input(
        dir.path(),
        &["tournament", "--resume", "/nonexistent/t.sqlite"],
        "no such file",
    );
    assert_bad_input(
        dir.path(),
        &["tournament", "uno", "--early-stop", "--alpha", "2"],
        "--alpha must be between 0 and 0.5",
    );
    for target in [
        db_s.to_string(),
        format!("{db_s}-wal"),
        format!("{db_s}-journal"),
    ] {
        assert_bad_input(
            dir.path(),
            &["report", db_s, "--svg", &target],
            "would overwrite the database itself",
        );
    }
    let link = dir.path().join("link.sqlite");
    std::fs::hard_link(&db, &link).unwrap();
    assert_bad_input(
        dir.path(),
        &["report", db_s, "--svg", link.to_str().unwrap()],
        "would overwrite the database itself",
    );
    assert_bad_input(
        dir.path(),
        &["tournament", "uno", "--db", "/nonexistent-dir/t.sqlite"],
        "cannot create /nonexistent-dir/t.sqlite",
    );
    assert_eq!(std::fs::read(&db).unwrap(), before);
}

#[test]
fn a_bot_that_plays_by_the_clock_is_flagged() {
    let dir = tempfile::tempdir().unwrap();
    let o = parlour_in(
        dir.path(),
        &[
            "tournament",
            "chexers",
            "--bots",
            "search:ms=5:nodes=500,greedy,random",
            "--games",
            "3",
            "--no-db",
        ],
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("plays by the clock, so this tournament's results will not replay"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn the_early_stop_is_reported() {
    let dir = tempfile::tempdir().unwrap();
    let o = parlour_in(
        dir.path(),
        &[
            "tournament",
            "uno",
            "--games",
            "40000",
            "--early-stop",
            "--no-db",
        ],
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("stopped early after"), "{out}");
    assert!(
        out.contains("heuristic is ahead of every other entry"),
        "{out}"
    );
}

#[test]
fn bots_lists_each_bots_options() {
    let dir = tempfile::tempdir().unwrap();
    let o = parlour_in(dir.path(), &["bots", "chexers"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    for needle in [":nodes=…", ":depth=…", ":ms=…", "greedy", "random"] {
        assert!(out.contains(needle), "{out}");
    }
}

#[test]
fn the_tournament_benchmark_reports_scaling_and_database_overhead() {
    let dir = tempfile::tempdir().unwrap();
    let v = json(&parlour_in(
        dir.path(),
        &[
            "bench",
            "uno",
            "--tournament",
            "--games",
            "200",
            "--repeat",
            "1",
            "--format",
            "json",
        ],
    ));
    assert_eq!(v["games"], 200);
    for kind in ["jobs1", "jobs2", "jobs1_db", "jobs2_db"] {
        assert!(
            v["best"]["games_per_sec"][kind].as_f64().unwrap() > 0.0,
            "{v}"
        );
    }
    assert!(v["best"]["scaling_1_to_2"].as_f64().unwrap() > 0.0);
    assert!(v["median"]["db_overhead"]["jobs2"].is_number());
    assert!(
        v["cpu_us_per_game_median"]["jobs1"].as_f64().unwrap() > 0.0,
        "{v}"
    );
    assert!(v["db_cpu_overhead"]["jobs2"].is_number());
    assert_bad_input(
        dir.path(),
        &["bench", "uno", "--games", "10"],
        "--tournament",
    );
}

#[test]
fn ctrl_c_stops_cleanly_with_every_finished_game_recorded_and_says_how_to_resume() {
    // SIGTERM (a job scheduler's stop) is treated as Ctrl-C is.
    for signal in ["-INT", "-TERM"] {
        stop_by_signal(signal);
    }
}

fn stop_by_signal(signal: &str) {
    let dir = tempfile::tempdir().unwrap();
    let (child, db) = start_recording(dir.path(), "interrupted");
    let sent = Command::new("kill")
        .args([signal, &child.id().to_string()])
        .status()
        .unwrap();
    assert!(sent.success());
    let out = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(130), "{signal}: {err}");
    assert!(err.contains("stopping after the games in play"), "{err}");
    let line = err
        .lines()
        .find(|l| l.contains("interrupted: "))
        .unwrap_or_else(|| panic!("{err}"));
    let recorded: u64 = line
        .split("interrupted: ")
        .nth(1)
        .and_then(|rest| rest.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("{line}"));
    assert!(recorded > 0 && recorded < 450, "{line}");
    assert_eq!(rows(&db), recorded, "every finished game is recorded");
    assert!(
        line.contains(&format!(
            "continue with: parlour tournament --resume {}",
            db.display()
        )),
        "{line}"
    );
    let resumed = resume_json(dir.path(), &db);
    assert_eq!(resumed["run"]["played"].as_u64().unwrap(), 450 - recorded);
    assert_eq!(resumed["complete"], true);
}

#[test]
fn directories_damaged_files_read_only_places_and_bad_chart_paths_each_get_their_own_message() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("t.sqlite");
    let db_s = db.to_str().unwrap();
    let first = parlour_in(
        dir.path(),
        &["tournament", "uno", "--games", "40", "--db", db_s],
    );
    assert_eq!(first.status.code(), Some(0), "{}", stderr(&first));

    // A directory where the database belongs.
    let folder = dir.path().join("folder");
    std::fs::create_dir(&folder).unwrap();
    let folder_s = folder.to_str().unwrap();
    for args in [
        &["tournament", "--resume", folder_s][..],
        &["report", folder_s][..],
        &["tournament", "uno", "--games", "8", "--db", folder_s][..],
    ] {
        assert_bad_input(dir.path(), args, "is a directory");
    }

    // A chart that cannot be written.
    assert_bad_input(
        dir.path(),
        &["report", db_s, "--svg", "/nonexistent-dir/chart.svg"],
        "cannot write the chart to /nonexistent-dir/chart.svg",
    );

    // A parlour database with a damaged page: damaged, not "not a parlour database".
    let damaged = dir.path().join("damaged.sqlite");
    let mut bytes = std::fs::read(&db).unwrap();
    assert!(bytes.len() > 8192, "{} bytes", bytes.len());
    for b in &mut bytes[4096..8192] {
        *b = 0xA5;
    }
    std::fs::write(&damaged, &bytes).unwrap();
    for args in [
        &["report", damaged.to_str().unwrap()][..],
        &["tournament", "--resume", damaged.to_str().unwrap()][..],
    ] {
        assert_bad_input(dir.path(), args, "is damaged");
    }
    assert_eq!(std::fs::read(&damaged).unwrap(), bytes, "left untouched");

    // A valid database in a directory parlour cannot write to: reported, not resumed. (As
    // root, write permission is not checked, so the command runs as nobody.)
    use std::os::unix::fs::PermissionsExt;
    use std::os::unix::process::CommandExt;
    let shelf = tempfile::tempdir().unwrap();
    let kept = shelf.path().join("kept.sqlite");
    std::fs::copy(&db, &kept).unwrap();
    std::fs::set_permissions(&kept, std::fs::Permissions::from_mode(0o644)).unwrap();
    std::fs::set_permissions(shelf.path(), std::fs::Permissions::from_mode(0o555)).unwrap();
    let run = |args: &[&str]| {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_parlour"));
        cmd.args(args).current_dir("/").stdin(Stdio::null());
        if nix_is_root() {
            cmd.uid(65534).gid(65534);
        }
        cmd.output().unwrap()
    };
    let kept_s = kept.to_str().unwrap();
    let report = run(&["report", kept_s]);
    assert_eq!(report.status.code(), Some(0), "{}", stderr(&report));
    assert!(
        stdout(&report).contains("40 of 40 games"),
        "{}",
        stdout(&report)
    );
    let resume = run(&["tournament", "--resume", kept_s]);
    let err = stderr(&resume);
    assert_eq!(resume.status.code(), Some(2), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains("read-only") && !err.contains("not a parlour"),
        "{err}"
    );
    std::fs::set_permissions(shelf.path(), std::fs::Permissions::from_mode(0o755)).unwrap();
}

fn nix_is_root() -> bool {
    std::fs::metadata("/proc/self")
        .map(|m| std::os::unix::fs::MetadataExt::uid(&m) == 0)
        .unwrap_or(false)
}

/// `tournament --serve` shows the standings as games finish, but not the tournament's seed,
/// which deals every game still to come (issue 37, item 1).
#[test]
fn a_served_tournament_in_progress_does_not_show_its_seed() {
    use std::io::{Read, Write};
    let mut child = Command::new(env!("CARGO_BIN_EXE_parlour"))
        .args([
            "tournament",
            "uno",
            "--bots",
            "random,random,random,random",
            "--games",
            "4000000",
            "--seed",
            "7",
            "--no-db",
            "--serve",
            "127.0.0.1:0",
        ])
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let address = common::served_address(child.stderr.take().unwrap());
    let get = |path: &str| -> serde_json::Value {
        let mut s = std::net::TcpStream::connect(&address).unwrap();
        write!(
            s,
            "GET {path} HTTP/1.1\r\nhost: {address}\r\nconnection: close\r\n\r\n"
        )
        .unwrap();
        let mut text = String::new();
        s.read_to_string(&mut text).unwrap();
        let body = text.split_once("\r\n\r\n").unwrap().1;
        serde_json::from_str(body).unwrap_or_else(|e| panic!("{e}: {text}"))
    };
    let list = get("/api/tournaments");
    // Not in the list's name either ("uno tournament, seed 7" once named it).
    assert!(!list.to_string().contains("seed"), "{list}");
    let id = list[0]["tournament"]
        .as_str()
        .unwrap_or_else(|| panic!("{list}"));
    // Some games recorded first, so that the page has games to offer.
    let started = Instant::now();
    let shown = loop {
        let shown = get(&format!("/api/tournaments/{id}"));
        if shown["recorded"].as_u64().unwrap_or(0) > 0
            || started.elapsed() > Duration::from_secs(20)
        {
            break shown;
        }
        std::thread::sleep(Duration::from_millis(100));
    };
    assert!(!shown["recent"].as_array().unwrap().is_empty(), "{shown}");
    // Nor are its games replayed (their deals are played again in other rotations), and the
    // page offers none.
    for game in shown["recent"].as_array().unwrap() {
        assert_eq!(game["replayable"], serde_json::json!(false), "{game}");
    }
    let game = get(&format!("/api/tournaments/{id}/games/0"));
    assert!(
        game["error"]
            .as_str()
            .unwrap_or("")
            .contains("once the tournament is over"),
        "{game}"
    );
    let _ = child.kill();
    let _ = child.wait();
    assert_eq!(shown["over"], serde_json::json!(false), "{shown}");
    assert!(shown["standings"].is_object(), "{shown}");
    assert!(shown["standings"].get("seed").is_none(), "{shown}");
    assert!(!shown.to_string().contains("\"seed\""), "{shown}");
}

/// A class's final runs hundreds of programs, each holding a few descriptors in parlour (its
/// pipes, its log): more than the usual soft limit of open files. parlour raises the soft limit
/// to the hard one before it starts them, so a tournament of 150 programs runs from a shell
/// whose soft limit is 256 (before, the 60th-odd program could not start: "Too many open
/// files").
#[test]
fn a_tournament_of_150_programs_runs_under_a_soft_limit_of_256_open_files() {
    let dir = tempfile::tempdir().unwrap();
    let bot = parlour_test_support::programs::first_legal(false);
    std::fs::write(dir.path().join("first.sh"), bot).unwrap();
    let bots: String = (0..150)
        .map(|i| format!("[[bot]]\nname = \"first{i}\"\ncommand = \"sh first.sh\"\n"))
        .collect();
    std::fs::write(dir.path().join("bots.toml"), bots).unwrap();
    let o = Command::new("sh")
        .arg("-c")
        .arg(format!(
            "ulimit -Sn 256 && exec {} tournament nim --bots-file bots.toml --games 300 \
             --seed 1 --db class.sqlite --format json",
            env!("CARGO_BIN_EXE_parlour")
        ))
        .current_dir(dir.path())
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(
        json(&o)["standings"]["entries"].as_array().unwrap().len(),
        150
    );
    assert_eq!(rows(&dir.path().join("class.sqlite")), 300);
}

/// `parlour strength` measures a program (a course submission through its adapter, say)
/// against the built-in bots with the same duplicate deals and intervals: the program is
/// started once for the match, logs where `--bot-logs` says, replays exactly from the seed, and
/// a program that cannot start is one clear error.
#[test]
fn strength_measures_a_program_against_a_built_in_bot() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("first.sh"),
        parlour_test_support::programs::first_legal(false),
    )
    .unwrap();
    let run = |bots: &str| {
        Command::new(env!("CARGO_BIN_EXE_parlour"))
            .args([
                "strength", "nim", "--bots", bots, "--deals", "8", "--seed", "3",
            ])
            .args(["--format", "json", "--bot-logs", "logs"])
            .current_dir(dir.path())
            .stdin(Stdio::null())
            .output()
            .unwrap()
    };
    let o = run("random,first=cmd:sh first.sh");
    assert!(o.status.success(), "{}", stderr(&o));
    let j = json(&o);
    assert_eq!(j["bots"], serde_json::json!(["random", "first"]));
    let m = &j["matches"][0];
    assert_eq!(
        (m["a"].as_str(), m["b"].as_str()),
        (Some("random"), Some("first"))
    );
    // Every deal under both seatings, each game won by one side.
    assert_eq!(m["games"], 16);
    assert_eq!(
        m["a_wins"].as_u64().unwrap() + m["b_wins"].as_u64().unwrap(),
        16
    );
    let share = m["a_share"].as_f64().unwrap();
    assert!(m["a_share_low"].as_f64().unwrap() <= share);
    assert!(share <= m["a_share_high"].as_f64().unwrap());
    assert!(dir.path().join("logs/first.stderr.log").exists());
    // The same seed, the same games.
    let again = json(&run("random,first=cmd:sh first.sh"));
    assert_eq!(again["matches"][0]["a_wins"], m["a_wins"]);
    assert_eq!(again["matches"][0]["a_share"], m["a_share"]);

    let o = run("random,gone=cmd:sh not-there.sh");
    assert!(!o.status.success());
    let err = stderr(&o);
    assert!(err.contains("gone") && err.contains("cannot play"), "{err}");
    assert!(!err.contains("panicked"), "{err}");
    let o = run("random,first=cmd:sh first.sh,first=cmd:sh first.sh");
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("first is named twice"),
        "{}",
        stderr(&o)
    );
}
