//! The final: each person's active submission at the deadline, frozen, meets the others and the
//! house bots in the arena's tournament (duplicate deals, every game recorded as it ends, so
//! the run resumes where it stopped: `parlour tournament --resume DIR/final/final.db`). Its
//! standings become a CSV for marking (person, submission hash, games, score and its interval,
//! win rate, rating, rank). The final's seed derives from the league's, so a re-run makes the
//! same CSV.

use std::path::{Path, PathBuf};

use parlour_arena::store::Store as Results;
use parlour_core::rng::derive_seed;
use parlour_protocol::EntrySpec;
use serde::{Deserialize, Serialize};

use crate::ladder::{active, League};
use crate::{games, submission, LeagueError};

/// The final's folder, under the league's.
pub const FINAL: &str = "final";
/// Its results database, in that folder.
pub const FINAL_DB: &str = "final.db";
/// Who is in it, in that folder.
pub const FINALISTS: &str = "finalists.json";

/// One person in the final, with the submission frozen for them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Finalist {
    /// The entry's label in the final's standings.
    pub label: String,
    /// The roster's id.
    pub id: String,
    /// Their name.
    pub name: String,
    /// The submission's number.
    pub submission: i64,
    /// Its content's SHA-256.
    pub hash: String,
}

/// Reads a deadline: `now`, Unix seconds, or UTC `YYYY-MM-DDTHH:MM[:SS]Z`; milliseconds since
/// the Unix epoch.
pub fn parse_deadline(text: &str) -> Result<i64, String> {
    if text == "now" {
        return Ok(crate::ladder::now_ms());
    }
    if let Ok(s) = text.parse::<i64>() {
        return s
            .checked_mul(1000)
            .filter(|&ms| ms >= 0)
            .ok_or_else(|| format!("{text:?} is not a time"));
    }
    let bad = || format!("{text:?} is not now, Unix seconds, or UTC as 2026-12-01T17:00:00Z");
    let t = text.strip_suffix('Z').ok_or_else(bad)?;
    let (date, time) = t.split_once('T').ok_or_else(bad)?;
    let num = |s: &str| s.parse::<i64>().map_err(|_| bad());
    let d: Vec<&str> = date.split('-').collect();
    let h: Vec<&str> = time.split(':').collect();
    if d.len() != 3 || !(2..=3).contains(&h.len()) {
        return Err(bad());
    }
    let (y, m, day) = (num(d[0])?, num(d[1])?, num(d[2])?);
    let (hh, mm, ss) = (num(h[0])?, num(h[1])?, h.get(2).map_or(Ok(0), |s| num(s))?);
    if !(1970..=9999).contains(&y)
        || !(1..=12).contains(&m)
        || !(1..=31).contains(&day)
        || !(0..24).contains(&hh)
        || !(0..60).contains(&mm)
        || !(0..=60).contains(&ss)
    {
        return Err(bad());
    }
    // Days from the civil date (Howard Hinnant's algorithm).
    let (y, m) = if m <= 2 { (y - 1, m + 9) } else { (y, m - 3) };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let doy = (153 * m + 2) / 5 + day - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    let days = era * 146_097 + doe - 719_468;
    Ok(((days * 24 + hh) * 60 + mm) * 60_000 + ss * 1000)
}

/// The final's database.
pub fn final_db(dir: &Path) -> PathBuf {
    dir.join(FINAL).join(FINAL_DB)
}

/// Each person's active submission at `deadline` (milliseconds since the Unix epoch); people
/// with none are not in the final.
pub fn freeze(league: &League, deadline: i64) -> Result<Vec<Finalist>, LeagueError> {
    let mut out = Vec::new();
    for p in league.store().people()? {
        if let Some(s) = active(league.store(), p.id, deadline)? {
            let safe: String = p
                .external_id
                .chars()
                .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
                .take(24)
                .collect();
            out.push(Finalist {
                label: format!("p{}-{safe}", p.id),
                id: p.external_id,
                name: p.name,
                submission: s.id,
                hash: s.hash,
            });
        }
    }
    Ok(out)
}

/// Writes the final: the finalists frozen at `deadline` and the house bots, `games` games (the
/// game's default when `None`), into a new results database (see [`final_db`]) that `parlour
/// tournament --resume` runs. An existing final is not written over.
pub fn create(
    league: &League,
    deadline: i64,
    games: Option<u64>,
) -> Result<(PathBuf, Vec<Finalist>), LeagueError> {
    let db = final_db(league.dir());
    if db.exists() {
        return Err(LeagueError::Refused(format!(
            "a final exists ({}): resume it with parlour tournament --resume {} \
             --trust-programs, or move it away to start another",
            db.display(),
            db.display()
        )));
    }
    let finalists = freeze(league, deadline)?;
    if finalists.is_empty() {
        return Err(LeagueError::Refused(format!(
            "nobody had a submission that passed its check by the deadline ({deadline})"
        )));
    }
    let config = league.config();
    let mut entries: Vec<EntrySpec> = config.house.iter().cloned().map(EntrySpec::Bot).collect();
    for f in &finalists {
        let s = league
            .store()
            .submission(f.submission)?
            .ok_or_else(|| LeagueError::Store(format!("submission {} is gone", f.submission)))?;
        entries.push(EntrySpec::Program(submission::program(
            league.dir(),
            config,
            &s,
            &f.label,
        )?));
    }
    // Too few to fill a table: the house bots are entered again (never a submission).
    let seats = games::seats(config)?;
    for i in 0..seats.saturating_sub(entries.len()) {
        if let Some(b) = config.house.get(i % config.house.len().max(1)) {
            entries.push(EntrySpec::Bot(b.clone()));
        }
    }
    let seed = derive_seed(config.seed, FINAL_STREAM);
    let tournament = games::final_config(config, entries, games, seed)?;
    let folder = league.dir().join(FINAL);
    let io = |what: String| {
        move |e: std::io::Error| LeagueError::Io {
            what,
            reason: e.to_string(),
        }
    };
    std::fs::create_dir_all(&folder).map_err(io(format!("cannot make {}", folder.display())))?;
    let list =
        serde_json::to_string_pretty(&finalists).map_err(|e| LeagueError::Store(e.to_string()))?;
    let at = folder.join(FINALISTS);
    std::fs::write(&at, list).map_err(io(format!("cannot write {}", at.display())))?;
    Results::create(&db, &tournament).map_err(|e| LeagueError::Store(e.to_string()))?;
    Ok((db, finalists))
}

/// Plays the final made by [`create`] to its end, or until `stop` is set (it then resumes from
/// where it stopped when played again): the games played now.
pub fn play(
    league: &League,
    jobs: usize,
    stop: std::sync::Arc<std::sync::atomic::AtomicBool>,
) -> Result<u64, LeagueError> {
    parlour_protocol::process::check_containment()
        .map_err(|e| LeagueError::Refused(e.to_string()))?;
    games::play_final(
        &final_db(league.dir()),
        jobs,
        &league.dir().join("logs"),
        stop,
    )
}

const FINAL_STREAM: u64 = 0x0066_696e_616c;

/// The folder of the final's run on a Ray cluster (the driver's plan, its shards, the merged
/// database), under the final's.
pub const RAY_RUN: &str = "ray";

/// The command (program and arguments) that plays the final made by [`create`] on a Ray
/// cluster with the existing driver, `python -m parlour.ray` (`python` is `PARLOUR_PYTHON`, or
/// `python3`): cut into `shards` shards, each a Ray task on any node, merged into
/// `DIR/final/ray/merged.sqlite`. A run begun before (its plan is there) is continued instead.
/// `address` is the cluster's (`local`: start one here). The submissions' programs must be at
/// the same path on every node (the league's folder on a shared file system): the driver
/// starts each on every node before anything is played, and refuses a node that cannot.
pub fn ray_command(
    dir: &Path,
    address: &str,
    shards: u64,
    jobs: usize,
) -> Result<Vec<String>, LeagueError> {
    let db = final_db(dir);
    let (config, _) = Results::read_header(&db)
        .map_err(|e| LeagueError::Refused(format!("the final cannot be played on Ray: {e}")))?;
    let run = dir.join(FINAL).join(RAY_RUN);
    let python = std::env::var("PARLOUR_PYTHON").unwrap_or_else(|_| "python3".into());
    let mut command: Vec<String> = vec![python, "-m".into(), "parlour.ray".into()];
    if run.join("plan.json").exists() {
        command.extend(["--resume".into(), run.display().to_string()]);
    } else {
        let at = dir.join(FINAL).join("config.json");
        let json = serde_json::to_string(&config).map_err(|e| LeagueError::Store(e.to_string()))?;
        std::fs::write(&at, json).map_err(|e| LeagueError::Io {
            what: format!("cannot write {}", at.display()),
            reason: e.to_string(),
        })?;
        command.extend([
            "--config".into(),
            at.display().to_string(),
            "--dir".into(),
            run.display().to_string(),
            "--shards".into(),
            shards.to_string(),
        ]);
    }
    command.extend([
        "--out".into(),
        ray_merged(dir).display().to_string(),
        "--jobs".into(),
        jobs.max(1).to_string(),
        "--format".into(),
        "json".into(),
    ]);
    if address != "local" {
        command.extend(["--address".into(), address.to_string()]);
    }
    Ok(command)
}

/// Where the final's Ray run merges its shards.
pub fn ray_merged(dir: &Path) -> PathBuf {
    dir.join(FINAL).join(RAY_RUN).join("merged.sqlite")
}

/// Takes the merged database of the final's Ray run as the final's results: it must hold the
/// final's own configuration; it then replaces `DIR/final/final.db` (whose games, if any were
/// played here, are the same games: each is a function of the seed and its index). The games
/// it holds.
pub fn adopt(dir: &Path) -> Result<u64, LeagueError> {
    let db = final_db(dir);
    let merged = ray_merged(dir);
    let bad = |e: parlour_arena::store::StoreError| LeagueError::Store(e.to_string());
    let ours = Results::read_config(&db).map_err(bad)?;
    let (theirs, games) = Results::read(&merged).map_err(bad)?;
    if theirs != ours {
        return Err(LeagueError::Refused(format!(
            "{} is not this final's run (another configuration): move it away and play again",
            merged.display()
        )));
    }
    // A consistent copy beside the final (SQLite's backup), then one rename: the final is never
    // half written. The old final's log goes first, or SQLite would apply it to the new file.
    let next = db.with_extension("db.new");
    let _ = std::fs::remove_file(&next);
    crate::store::Store::backup(&merged, &next)?;
    for log in ["db-wal", "db-shm"] {
        let _ = std::fs::remove_file(db.with_extension(log));
    }
    std::fs::rename(&next, &db).map_err(|e| LeagueError::Io {
        what: format!("cannot replace {} with {}", db.display(), merged.display()),
        reason: e.to_string(),
    })?;
    Ok(games.len() as u64)
}

/// The final's standings as CSV, one row per entry, best first: `rank, id, name, submission,
/// hash, games, score, score_low, score_high, win_rate, win_low, win_high, mu, sigma` (a house
/// bot has no id, name or submission). Games not yet played are not counted.
pub fn csv(dir: &Path) -> Result<String, LeagueError> {
    let folder = dir.join(FINAL);
    let at = folder.join(FINALISTS);
    let text = std::fs::read_to_string(&at).map_err(|e| LeagueError::Io {
        what: format!("cannot read {} (has the final been made?)", at.display()),
        reason: e.to_string(),
    })?;
    let finalists: Vec<Finalist> = serde_json::from_str(&text)
        .map_err(|e| LeagueError::Store(format!("{}: {e}", at.display())))?;
    // The standings as `parlour report` reads them from the database.
    let (_, summary) = parlour_arena::summarize_stored(&folder.join(FINAL_DB))
        .map_err(|e| LeagueError::Store(e.to_string()))?;
    let standings = summary.standings;
    let mut out = csv::Writer::from_writer(Vec::new());
    let row = |out: &mut csv::Writer<Vec<u8>>, fields: Vec<String>| {
        out.write_record(fields)
            .map_err(|e| LeagueError::Store(e.to_string()))
    };
    row(
        &mut out,
        [
            "rank",
            "id",
            "name",
            "submission",
            "hash",
            "games",
            "score",
            "score_low",
            "score_high",
            "win_rate",
            "win_low",
            "win_high",
            "mu",
            "sigma",
        ]
        .map(String::from)
        .to_vec(),
    )?;
    for (rank, e) in standings.entries.iter().enumerate() {
        let who = finalists.iter().find(|f| f.label == e.label);
        let f = |x: f64| format!("{x:.4}");
        row(
            &mut out,
            vec![
                (rank + 1).to_string(),
                who.map_or(String::new(), |w| w.id.clone()),
                who.map_or(e.label.clone(), |w| w.name.clone()),
                who.map_or(String::new(), |w| w.submission.to_string()),
                who.map_or(String::new(), |w| w.hash.clone()),
                e.games.to_string(),
                f(e.score.mean),
                f(e.score.low),
                f(e.score.high),
                f(e.win_rate.mean),
                f(e.win_rate.low),
                f(e.win_rate.high),
                f(e.rating.mu),
                f(e.rating.sigma),
            ],
        )?;
    }
    let bytes = out
        .into_inner()
        .map_err(|e| LeagueError::Store(e.to_string()))?;
    String::from_utf8(bytes).map_err(|e| LeagueError::Store(e.to_string()))
}
