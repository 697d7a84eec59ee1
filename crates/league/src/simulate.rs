//! A simulated class: synthetic people submit over time (honest bots through the course
//! adapter and the bot protocol, broken ones, hostile ones) to a served league whose ladder
//! runs, while pages listen for the standings. What it measures is what an organiser needs to
//! know before trusting the league with a class: matches an hour a core, the time from an
//! upload to its first rated match, how well the ladder's order agrees with a long offline
//! tournament of the same bots (Spearman's rank correlation), and the pages' latency with that
//! many browsers connected. It also attacks: a hostile submission looks for the others'
//! sources, and the run reports whether it found any.
//!
//! It needs python3 with the Python kit importable (`PYTHONPATH`), as every course bot does.

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use parlour_core::BotSpec;
use serde::Serialize;

use crate::ladder::{now_ms, League};
use crate::people::{admit, RosterRow};
use crate::{finals, LeagueConfig, LeagueError};

/// What to simulate.
#[derive(Debug, Clone)]
pub struct Class {
    /// People in the class.
    pub people: usize,
    /// How long the ladder runs.
    pub duration: Duration,
    /// Matches played at once.
    pub workers: usize,
    /// Pages listening for the standings.
    pub browsers: usize,
    /// Games of the offline tournament the ladder is compared with.
    pub offline_games: u64,
    /// The seed.
    pub seed: u64,
    /// Where the Python kit's examples are (`sdk/python/examples`).
    pub examples: PathBuf,
}

/// What the run measured.
#[derive(Debug, Clone, Serialize)]
pub struct Report {
    /// People, and their submissions by kind.
    pub people: usize,
    /// Submissions that passed their check, and that failed it.
    pub passed: usize,
    /// Submissions that failed their check.
    pub failed: usize,
    /// Seconds the ladder ran.
    pub seconds: f64,
    /// Ladder matches played.
    pub matches: u64,
    /// Matches an hour per worker.
    pub matches_per_hour_per_core: f64,
    /// Seconds from an upload that passed to its first finished match: median and largest
    /// (and how many never played).
    pub first_match_p50_s: f64,
    /// See [`Report::first_match_p50_s`].
    pub first_match_max_s: f64,
    /// Passed submissions that never played a match.
    pub never_played: usize,
    /// Spearman's rank correlation of the ladder's order (μ) with the offline tournament's
    /// (mean score), over the people who played both.
    pub spearman: f64,
    /// Pages listening while the latencies were measured.
    pub browsers: usize,
    /// The standings' latency over HTTP, in milliseconds: median and 99th percentile.
    pub page_p50_ms: f64,
    /// See [`Report::page_p50_ms`].
    pub page_p99_ms: f64,
    /// Another person's source found by the hostile submissions (must be 0).
    pub leaked: usize,
    /// Their own source found by the hostile submissions: that they ran and looked.
    pub found_own: usize,
}

/// A hostile program: it speaks the protocol (so it passes its check and plays), and at each
/// start it looks through every folder it can read for the other people's secret marks,
/// writing what it finds to its log.
const SNOOP: &str = r##"import json, os, sys, threading
def look():
    found = set()
    for top in [".", "..", "../..", "../../..", "/tmp", "/root", "/home", os.path.expanduser("~")]:
        for root, dirs, files in os.walk(top):
            if root.count(os.sep) > 8 or root.startswith(("/proc", "/sys", "/dev")):
                dirs[:] = []
                continue
            for f in files:
                if f.endswith(".py"):
                    try:
                        with open(os.path.join(root, f), errors="ignore") as h:
                            for line in h:
                                if line.startswith("# secret" + "-of-") and line not in found:
                                    found.add(line)
                                    print("FOUND " + line.strip(), file=sys.stderr, flush=True)
                    except OSError:
                        pass
for line in sys.stdin:
    m = json.loads(line)
    if m["type"] == "hello":
        print('{"type":"ready","protocol":1}', flush=True)
        # Looked for beside the game, so that every answer is in time and it plays.
        threading.Thread(target=look, daemon=True).start()
    elif m["type"] == "act":
        print('{"type":"action","id":%d,"index":0}' % m["id"], flush=True)
    elif m["type"] == "bye":
        break
"##;

/// Course-interface Comp10001-Go bots of different strengths (what a class's honest
/// submissions are): each plays by one rule and scores each discard alone.
const COURSE_RULES: &[(&str, &str)] = &[
    ("high", "max(hand, key=value)"),
    ("low", "min(hand, key=value)"),
    (
        "pairs",
        "next((c for c in hand if any(value(c) == value(t[player_no]) for t in discard_history)), min(hand, key=value))",
    ),
];

/// A course bot that plays by `rule` (a Python expression over `hand`, `value`,
/// `discard_history` and `player_no`).
fn course_bot(rule: &str) -> Vec<u8> {
    format!(
        r#""""A Comp10001-Go bot in the course's interface."""
VALUES = {{"A": 20, "0": 10, "J": 11, "Q": 12, "K": 13}}


def value(card):
    return VALUES.get(card[0]) or int(card[0])


def comp10001go_play(discard_history, player_no, hand):
    return {rule}


def comp10001go_group(discard_history, player_no):
    return [[turn[player_no]] for turn in discard_history]
"#
    )
    .into_bytes()
}

/// Person `i`'s upload: (file name, content). Two in ten are broken (one raises, one answers
/// junk), one in ten hostile (alternately one that looks for the others' sources and one that
/// hangs at its start); the rest are honest and of different strengths: course bots by three
/// rules and the first card, protocol programs that play the first legal action or the kit's
/// simple strategy.
fn upload(i: usize, examples: &Path) -> Result<(String, Vec<u8>), LeagueError> {
    let read = |f: &str| {
        std::fs::read(examples.join(f)).map_err(|e| LeagueError::Io {
            what: format!("cannot read {}", examples.join(f).display()),
            reason: e.to_string(),
        })
    };
    let mark = format!("\n# secret-of-{i}\n");
    let (name, mut bytes) = match i % 10 {
        3 => ("raises", read("course/go_raises.py")?),
        7 => ("junk", read("course/go_junk.py")?),
        9 if i % 20 == 9 => ("snoop", SNOOP.as_bytes().to_vec()),
        9 => ("hang", b"while True:\n    pass\n".to_vec()),
        0 => ("first", read("raw_first.py")?),
        1 | 5 => ("simple", read("go_simple.py")?),
        8 => ("course", read("course/go_first.py")?),
        k => {
            let (name, rule) = COURSE_RULES[k % COURSE_RULES.len()];
            (name, course_bot(rule))
        }
    };
    bytes.extend_from_slice(mark.as_bytes());
    Ok((format!("p{i}-{name}.py"), bytes))
}

/// One GET over HTTP/1.1; how long it took.
fn timed_get(addr: SocketAddr, path: &str) -> Option<Duration> {
    let start = Instant::now();
    let mut s = TcpStream::connect(addr).ok()?;
    s.set_read_timeout(Some(Duration::from_secs(30))).ok()?;
    write!(
        s,
        "GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"
    )
    .ok()?;
    let mut out = Vec::new();
    s.read_to_end(&mut out).ok()?;
    out.starts_with(b"HTTP/1.1 200").then(|| start.elapsed())
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
}

/// Spearman's rank correlation of two orderings of the same items (ranks without ties).
fn spearman(a: &[String], b: &[String]) -> f64 {
    let common: Vec<&String> = a.iter().filter(|x| b.contains(x)).collect();
    let n = common.len() as f64;
    if n < 2.0 {
        return f64::NAN;
    }
    let rank = |v: &[String], x: &String| {
        v.iter()
            .filter(|y| common.contains(y))
            .position(|y| y == x)
            .unwrap_or(0) as f64
    };
    let d2: f64 = common
        .iter()
        .map(|x| (rank(a, x) - rank(b, x)).powi(2))
        .sum();
    1.0 - 6.0 * d2 / (n * (n * n - 1.0))
}

/// Runs the simulated class in `dir` (made afresh) and reports what it measured.
pub fn run(dir: &Path, class: &Class) -> Result<Report, LeagueError> {
    run_reporting(dir, class, &|_| {})
}

/// [`run`], handing `ladder_done` the report of the ladder's part (its Spearman not yet known)
/// before the long offline tournament is played: a run whose offline part fails has said what
/// it measured.
pub fn run_reporting(
    dir: &Path,
    class: &Class,
    ladder_done: &dyn Fn(&Report),
) -> Result<Report, LeagueError> {
    let config = LeagueConfig::new(
        "simulated class",
        "go",
        Default::default(),
        vec![BotSpec::named("heuristic"), BotSpec::named("random")],
        class.seed,
    )?;
    crate::create(dir, &config)?;
    let league = Arc::new(League::open(dir)?);
    let rows: Vec<RosterRow> = (0..class.people)
        .map(|i| RosterRow {
            name: format!("person {i}"),
            id: format!("s{i}"),
        })
        .collect();
    let admitted = admit(league.store(), &rows, false, now_ms())?;
    let runtime = tokio::runtime::Runtime::new().map_err(|e| LeagueError::Io {
        what: "cannot start a runtime".into(),
        reason: e.to_string(),
    })?;
    let listener = runtime
        .block_on(tokio::net::TcpListener::bind("127.0.0.1:0"))
        .map_err(|e| LeagueError::Io {
            what: "cannot listen on loopback".into(),
            reason: e.to_string(),
        })?;
    let addr = listener.local_addr().map_err(|e| LeagueError::Io {
        what: "cannot listen on loopback".into(),
        reason: e.to_string(),
    })?;
    // Every simulated browser comes from loopback, one client: its share must hold them all.
    let mut settings = parlour_web::Settings::default();
    settings.share.connections = settings.share.connections.max(class.browsers + 64);
    settings.max_connections = settings.max_connections.max(class.browsers + 128);
    let served = crate::server::Served::new(league.clone(), settings);
    runtime.spawn(crate::server::serve(listener, served));
    let stop = Arc::new(AtomicBool::new(false));
    let start = Instant::now();
    let (latencies, played) = std::thread::scope(|s| -> Result<_, LeagueError> {
        let ladder = s.spawn(|| league.run(class.workers, &stop, None, &|_| {}));
        // Pages listening for the standings, each on a connection of its own.
        let mut pages = Vec::new();
        for _ in 0..class.browsers {
            if let Ok(mut c) = TcpStream::connect(addr) {
                let _ = write!(c, "GET /api/league/events HTTP/1.1\r\nHost: {addr}\r\n\r\n");
                let mut reader = c.try_clone().ok();
                pages.push(c);
                s.spawn(move || {
                    let mut sink = [0u8; 4096];
                    while let Some(r) = reader.as_mut() {
                        if r.read(&mut sink).map_or(true, |n| n == 0) {
                            break;
                        }
                    }
                });
            }
        }
        // People submit through the server, spread over the first 40% of the run.
        let submitting = class.duration.mul_f64(0.4);
        let admitted = &admitted;
        let people = s.spawn(move || -> Result<(), LeagueError> {
            for (i, a) in admitted.iter().enumerate() {
                let due = submitting.mul_f64(i as f64 / class.people.max(1) as f64);
                if let Some(wait) = due.checked_sub(start.elapsed()) {
                    std::thread::sleep(wait);
                }
                let (name, bytes) = upload(i, &class.examples)?;
                let file = dir.join("uploads").join(&name);
                std::fs::create_dir_all(dir.join("uploads")).ok();
                std::fs::write(&file, &bytes).map_err(|e| LeagueError::Io {
                    what: format!("cannot write {}", file.display()),
                    reason: e.to_string(),
                })?;
                let link = format!("http://{addr}/#token={}", a.token);
                // A refusal is an answer too: the people go on.
                let _ = crate::server::send(&link, None, &file);
            }
            Ok(())
        });
        // The pages' latency, sampled through the run.
        let mut latencies = Vec::new();
        while start.elapsed() < class.duration {
            if let Some(t) = timed_get(addr, "/api/league") {
                latencies.push(t.as_secs_f64() * 1000.0);
            }
            std::thread::sleep(Duration::from_millis(250));
        }
        people
            .join()
            .map_err(|_| LeagueError::Match("a person panicked".into()))??;
        stop.store(true, Ordering::Relaxed);
        let played = ladder
            .join()
            .map_err(|_| LeagueError::Match("the ladder panicked".into()))??;
        for p in pages {
            let _ = p.shutdown(std::net::Shutdown::Both);
        }
        Ok((latencies, played))
    })?;
    let seconds = start.elapsed().as_secs_f64();
    drop(runtime);
    let store = league.store();
    let subs = store.submissions(None)?;
    let matches = store.matches()?;
    let passed: Vec<_> = subs
        .iter()
        .filter(|s| s.status == crate::store::Status::Passed)
        .collect();
    let mut firsts: Vec<f64> = Vec::new();
    let mut never = 0;
    for s in &passed {
        let key = format!("sub:{}", s.id);
        match matches.iter().find(|m| m.entrants.contains(&key)) {
            Some(m) => firsts.push((m.finished - s.submitted) as f64 / 1000.0),
            None => never += 1,
        }
    }
    firsts.sort_by(f64::total_cmp);
    let mut lat = latencies;
    lat.sort_by(f64::total_cmp);
    // The ladder's order of the people against a long offline tournament of the same bots.
    let board = league.leaderboard(now_ms())?;
    let mut by_mu: Vec<_> = board
        .rows
        .iter()
        .filter(|r| r.person.is_some() && r.active)
        .collect();
    by_mu.sort_by(|a, b| b.stats.rating.mu.total_cmp(&a.stats.rating.mu));
    let ladder_order: Vec<String> = by_mu.iter().map(|r| r.label.clone()).collect();
    // What the hostile submissions found of the others: every mark in a log but the mark of
    // the submission the log is of.
    let scan = || {
        let (mut leaked, mut found_own) = (0, 0);
        for log in std::fs::read_dir(dir.join("logs"))
            .into_iter()
            .flatten()
            .flatten()
        {
            let name = log.file_name().to_string_lossy().into_owned();
            // A check's log (`check-ID`), a ladder match's (`sID`) or the final's (`pPERSON-...`).
            let number = |rest: &str| -> Option<i64> {
                rest.split(|c: char| !c.is_ascii_digit())
                    .next()?
                    .parse()
                    .ok()
            };
            let person = if let Some(rest) = name.strip_prefix('p') {
                number(rest)
            } else {
                name.strip_prefix("check-")
                    .or_else(|| name.strip_prefix('s'))
                    .and_then(number)
                    .and_then(|id| subs.iter().find(|s| s.id == id))
                    .map(|s| s.person)
            };
            let own = person.map(|p| format!("secret-of-{}", p - admitted[0].person));
            let text = std::fs::read_to_string(log.path()).unwrap_or_default();
            for line in text.lines().filter(|l| l.starts_with("FOUND # secret-of-")) {
                if own.as_ref().is_some_and(|o| line.ends_with(o.as_str())) {
                    found_own += 1;
                } else {
                    leaked += 1;
                }
            }
        }
        (leaked, found_own)
    };
    let (leaked, found_own) = scan();
    let mut report = Report {
        people: class.people,
        passed: passed.len(),
        failed: subs.len() - passed.len(),
        seconds,
        matches: played,
        matches_per_hour_per_core: played as f64 / (seconds / 3600.0) / class.workers.max(1) as f64,
        first_match_p50_s: percentile(&firsts, 0.5),
        first_match_max_s: firsts.last().copied().unwrap_or(f64::NAN),
        never_played: never,
        spearman: f64::NAN,
        browsers: class.browsers,
        page_p50_ms: percentile(&lat, 0.5),
        page_p99_ms: percentile(&lat, 0.99),
        leaked,
        found_own,
    };
    ladder_done(&report);
    let offline_order = match finals::create(&league, now_ms(), Some(class.offline_games)) {
        Ok((_, finalists)) => {
            finals::play(&league, class.workers, Arc::new(AtomicBool::new(false)))?;
            let csv = finals::csv(dir)?;
            csv.lines()
                .skip(1)
                .filter_map(|l| {
                    let f: Vec<&str> = l.split(',').collect();
                    finalists
                        .iter()
                        .find(|x| f.get(1) == Some(&x.id.as_str()))
                        .map(|x| x.name.clone())
                })
                .collect()
        }
        Err(_) => Vec::new(),
    };
    report.spearman = spearman(&ladder_order, &offline_order);
    // The hostile submissions looked again in the offline tournament.
    (report.leaked, report.found_own) = scan();
    Ok(report)
}
