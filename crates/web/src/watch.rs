//! Tournaments to watch: a database on disk (`parlour serve --tournament FILE`), or the run in
//! progress in this process (`parlour tournament ... --serve`), whose games arrive as they are
//! recorded. Either way the page shows the standings `parlour tournament --format json`
//! prints, the games recorded and the rate, and any game between built-in bots can be opened
//! as a replay: it is played again from the tournament's seed and index, and checked against
//! its record.

use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use parlour_arena::store::Store;
use parlour_arena::{GameRecord, TournamentConfig};
use parlour_protocol::EntrySpec;
use serde_json::{json, Value};

/// A tournament being played in this process: its configuration and the games recorded so far.
#[derive(Debug)]
pub struct LiveTournament {
    config: TournamentConfig,
    records: Mutex<Vec<GameRecord>>,
    over: AtomicBool,
}

impl LiveTournament {
    /// A run of `config`, with the games already recorded (a resumed run's).
    pub fn new(config: TournamentConfig, recorded: Vec<GameRecord>) -> LiveTournament {
        LiveTournament {
            config,
            records: Mutex::new(recorded),
            over: AtomicBool::new(false),
        }
    }

    /// Games just recorded.
    pub fn push(&self, games: &[GameRecord]) {
        self.records
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .extend_from_slice(games);
    }

    /// The run has ended.
    pub fn finish(&self) {
        self.over.store(true, Ordering::Relaxed);
    }
}

enum Source {
    File(PathBuf),
    Live(Arc<LiveTournament>),
}

/// A tournament the server shows.
pub struct Watched {
    name: String,
    source: Source,
    /// The last snapshot and when it was taken (at most one a second is computed).
    cache: Mutex<Option<(Instant, Value)>>,
    /// (when, games recorded) samples for the rate.
    samples: Mutex<Vec<(Instant, u64)>>,
}

/// How long a snapshot is reused.
const FRESH: Duration = Duration::from_millis(900);
/// The games listed as the latest.
const RECENT: usize = 25;

impl Watched {
    /// A database file; `Err` if it cannot be read as a tournament.
    pub fn file(path: PathBuf) -> Result<Watched, String> {
        Store::read_config(&path).map_err(|e| e.to_string())?;
        Ok(Watched::new(path.display().to_string(), Source::File(path)))
    }

    /// The run in progress.
    pub fn live(name: String, live: Arc<LiveTournament>) -> Watched {
        Watched::new(name, Source::Live(live))
    }

    fn new(name: String, source: Source) -> Watched {
        Watched {
            name,
            source,
            cache: Mutex::new(None),
            samples: Mutex::new(Vec::new()),
        }
    }

    /// Its name (the file, or the run's).
    pub fn name(&self) -> &str {
        &self.name
    }

    fn read(&self) -> Result<(TournamentConfig, Vec<GameRecord>, bool), String> {
        match &self.source {
            Source::File(path) => {
                let (config, records) = Store::read(path).map_err(|e| e.to_string())?;
                Ok((config, records, true))
            }
            Source::Live(live) => {
                let records = live
                    .records
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .clone();
                Ok((
                    live.config.clone(),
                    records,
                    live.over.load(Ordering::Relaxed),
                ))
            }
        }
    }

    /// The configuration (for replaying a game).
    pub fn config(&self) -> Result<TournamentConfig, String> {
        match &self.source {
            Source::File(path) => Store::read_config(path).map_err(|e| e.to_string()),
            Source::Live(live) => Ok(live.config.clone()),
        }
    }

    /// Whether the tournament is over (a database on disk is taken as over).
    pub fn over(&self) -> bool {
        match &self.source {
            Source::File(_) => true,
            Source::Live(live) => live.over.load(Ordering::Relaxed),
        }
    }

    /// The record of game `index`, if recorded.
    pub fn record(&self, index: u64) -> Result<Option<GameRecord>, String> {
        let (_, records, _) = self.read()?;
        Ok(records.into_iter().find(|r| r.index == index))
    }

    /// What the page shows: standings, progress, rate and the latest games.
    pub fn snapshot(&self, id: &str) -> Result<Value, String> {
        let mut cache = self.cache.lock().unwrap_or_else(|e| e.into_inner());
        if let Some((at, v)) = cache.as_ref() {
            if at.elapsed() < FRESH {
                return Ok(v.clone());
            }
        }
        let (config, records, over) = self.read()?;
        let recorded = records.len() as u64;
        let rate = {
            let mut samples = self.samples.lock().unwrap_or_else(|e| e.into_inner());
            let now = Instant::now();
            samples.push((now, recorded));
            samples.retain(|(t, _)| now.duration_since(*t) < Duration::from_secs(10));
            let (t0, n0) = samples[0];
            let dt = now.duration_since(t0).as_secs_f64();
            (dt > 0.5 && !over).then(|| (recorded - n0.min(recorded)) as f64 / dt)
        };
        let mut latest: Vec<&GameRecord> = records.iter().collect();
        latest.sort_by_key(|r| std::cmp::Reverse(r.index));
        latest.truncate(RECENT);
        let programs: Vec<bool> = config
            .entries
            .iter()
            .map(|e| matches!(e, EntrySpec::Program(_)))
            .collect();
        let recent: Vec<Value> = latest
            .iter()
            .map(|r| {
                json!({
                    "index": r.index,
                    "seats": r.seats.iter().map(|&e| &config.labels[e]).collect::<Vec<_>>(),
                    "returns": r.returns,
                    "winners": r.winners,
                    // A game of programs has no moves recorded; with duplicate deals, a game
                    // is replayed once the tournament is over (its deal is played again).
                    "replayable": r.seats.iter().all(|&e| !programs[e])
                        && (over || !config.duplicate),
                })
            })
            .collect();
        let info = parlour_games::info(&config.game);
        let summary = parlour_arena::summarize(&config, records);
        let mut standings = parlour_arena::render::json(&config, &summary, None);
        if !over {
            // The tournament's seed deals every game still to come: a secret until the end.
            if let Some(s) = standings.as_object_mut() {
                s.remove("seed");
            }
        }
        let v = json!({
            "tournament": id,
            "name": self.name,
            "game": config.game,
            "title": info.map(|i| i.title),
            "planned": config.games,
            "recorded": recorded,
            "over": over,
            "games_per_s": rate,
            "standings": standings,
            "recent": recent,
        });
        *cache = Some((Instant::now(), v.clone()));
        Ok(v)
    }
}
