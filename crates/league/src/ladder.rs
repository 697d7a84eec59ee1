//! The ladder: matches that never stop while the league runs. Each match is one of the
//! arena's duplicate-deal groups (one deal, played in every seat rotation) among the active
//! submissions and the house bots, chosen by a matchmaker that always seats the entrant with
//! the fewest games (so a new submission is rated within its first matches, and no one is
//! starved) and fills the table with entrants whose ratings are close to it or uncertain. The
//! ratings and the leaderboard's intervals are the arena's, folded over every match in order:
//! a function of the recorded matches alone, as each match is a function of its recorded seed.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;

use parlour_arena::stats::{EntryStats, StandingsBuilder};
use parlour_arena::GameRecord;
use parlour_core::rng::{derive_seed, seeded};
use parlour_protocol::EntrySpec;
use rand::RngExt;

use crate::config::LeagueConfig;
use crate::names::{Key, Names};
use crate::store::{Status, Store, Submission};
use crate::{games, submission, LeagueError};

/// Who may be seated: a house bot, or a person's active submission.
#[derive(Debug, Clone, PartialEq)]
pub struct Entrant {
    /// Its key in the store: `house:N` (the league's Nth house bot) or `sub:ID` (its name and
    /// person: [`Names`]).
    pub key: String,
    /// What plays.
    pub entry: EntrySpec,
}

/// `person`'s active submission at `at`: the last they chose (at or before `at`) if it
/// passed its check, otherwise their newest submission (made at or before `at`) that passed.
pub fn active(store: &Store, person: i64, at: i64) -> Result<Option<Submission>, LeagueError> {
    let mine: Vec<Submission> = store
        .submissions(Some(person))?
        .into_iter()
        .filter(|s| s.submitted <= at && s.status == Status::Passed)
        .collect();
    if let Some(chosen) = store.choice(person, at)? {
        if let Some(s) = mine.iter().find(|s| s.id == chosen) {
            return Ok(Some(s.clone()));
        }
    }
    Ok(mine.into_iter().next_back())
}

/// Everyone who may be seated at `at`: the house bots, then each person's active submission
/// (by person).
pub fn entrants(
    dir: &Path,
    config: &LeagueConfig,
    store: &Store,
    at: i64,
) -> Result<Vec<Entrant>, LeagueError> {
    let mut out: Vec<Entrant> = config
        .house
        .iter()
        .enumerate()
        .map(|(i, b)| Entrant {
            key: format!("house:{i}"),
            entry: EntrySpec::Bot(b.clone()),
        })
        .collect();
    for p in store.people()? {
        if let Some(s) = active(store, p.id, at)? {
            out.push(Entrant {
                key: format!("sub:{}", s.id),
                entry: submission_entry(dir, config, &s)?,
            });
        }
    }
    Ok(out)
}

/// What submission `s` plays as in ladder matches: its program, under its ladder name.
fn submission_entry(
    dir: &Path,
    config: &LeagueConfig,
    s: &Submission,
) -> Result<EntrySpec, LeagueError> {
    let name = submission::ladder_name(s.id);
    Ok(EntrySpec::Program(submission::program(
        dir, config, s, &name,
    )?))
}

/// What the matchmaker knows of an entrant.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Candidate {
    /// Games it has played (and is playing).
    pub games: u64,
    /// Its rating's μ.
    pub mu: f64,
    /// Its rating's σ.
    pub sigma: f64,
}

/// Chooses a table of `seats` from `candidates` (indices, in the table's cyclic order): the
/// candidate with the fewest games first (ties to the more uncertain, then by lot), then the
/// others drawn without replacement, each with a weight that is highest for a rating close to
/// the first's and grows with its own uncertainty. With fewer candidates than seats, some sit
/// twice. Empty when there is no candidate.
pub fn choose(candidates: &[Candidate], seats: usize, seed: u64) -> Vec<usize> {
    if candidates.is_empty() || seats == 0 {
        return Vec::new();
    }
    let mut rng = seeded(seed);
    let mut order: Vec<usize> = (0..candidates.len()).collect();
    // A random order first, so that ties fall by lot.
    for i in (1..order.len()).rev() {
        order.swap(i, rng.random_range(0..=i));
    }
    let first = *order
        .iter()
        .min_by(|&&a, &&b| {
            let (x, y) = (&candidates[a], &candidates[b]);
            x.games.cmp(&y.games).then(y.sigma.total_cmp(&x.sigma))
        })
        .expect("not empty");
    let mut table = vec![first];
    let a = candidates[first];
    let mut rest: Vec<usize> = order.into_iter().filter(|&i| i != first).collect();
    while table.len() < seats {
        if rest.is_empty() {
            // Too few to fill the table: seat again, the least-seated first.
            table.push(table[table.len() % candidates.len()]);
            continue;
        }
        let weights: Vec<f64> = rest
            .iter()
            .map(|&i| {
                let c = candidates[i];
                let spread = a.sigma * a.sigma + c.sigma * c.sigma + BETA * BETA;
                let close = (-(c.mu - a.mu).powi(2) / (2.0 * spread)).exp();
                close * (0.5 + c.sigma / SIGMA0) + 1e-9
            })
            .collect();
        let total: f64 = weights.iter().sum();
        let mut pick = rng.random_range(0.0..total);
        let mut at = 0;
        for (i, w) in weights.iter().enumerate() {
            at = i;
            if pick < *w {
                break;
            }
            pick -= w;
        }
        table.push(rest.remove(at));
    }
    // The cyclic order by lot: who sits beside whom is no one's advantage.
    for i in (1..table.len()).rev() {
        table.swap(i, rng.random_range(0..=i));
    }
    table
}

/// The lock a running ladder holds, in the league's folder.
pub const LOCK_FILE: &str = "league.lock";

/// Weng-Lin's default β and starting σ (the arena's ratings' model).
const BETA: f64 = 25.0 / 6.0;
const SIGMA0: f64 = 25.0 / 3.0;

/// One row of the leaderboard.
#[derive(Debug, Clone, PartialEq)]
pub struct Row {
    /// The entrant's key (`house:N`, `sub:ID`).
    pub key: String,
    /// The bot, or the person's name.
    pub label: String,
    /// The person, for a submission.
    pub person: Option<i64>,
    /// Whether it may be seated now (a house bot, or a person's active submission).
    pub active: bool,
    /// The arena's statistics over its ladder games (rating, score, win rate, intervals).
    pub stats: EntryStats,
}

impl Row {
    /// The rating's conservative estimate, μ − 3σ: what the leaderboard is sorted by.
    pub fn ordinal(&self) -> f64 {
        self.stats.rating.mu - 3.0 * self.stats.rating.sigma
    }
}

/// The ladder's standings: every entrant that has played or may play, best first.
#[derive(Debug, Clone, PartialEq)]
pub struct Leaderboard {
    /// Matches counted.
    pub matches: u64,
    /// Games counted.
    pub games: u64,
    /// The rows, by [`Row::ordinal`], highest first.
    pub rows: Vec<Row>,
    /// Every entrant's name as the rows were labelled (for the games in play, say).
    pub names: Names,
}

/// A league on disk: its folder, configuration and store, and the ladder's workers.
#[derive(Debug)]
pub struct League {
    dir: PathBuf,
    config: LeagueConfig,
    store: Store,
    /// The matches in play, by number: their entrants (counted as games by the matchmaker) and
    /// what a spectator is shown of the game at their table.
    playing: Mutex<BTreeMap<i64, InPlay>>,
}

/// A match in play.
#[derive(Debug, Clone, PartialEq)]
pub struct InPlay {
    /// Its entrants' keys, in the table's cyclic order.
    pub keys: Vec<String>,
    /// The game at its table as every seat sees it, once its first game has begun.
    pub shown: Option<games::Shown>,
}

impl League {
    /// Opens the league in `dir` (its `league.toml` and `league.db`).
    pub fn open(dir: &Path) -> Result<League, LeagueError> {
        let config = LeagueConfig::read(dir)?;
        games::check_league(&config)?;
        let store = Store::open(&dir.join(crate::store::DB_FILE))?;
        Ok(League {
            dir: dir.to_path_buf(),
            config,
            store,
            playing: Mutex::new(BTreeMap::new()),
        })
    }

    /// The league's folder.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// Its configuration.
    pub fn config(&self) -> &LeagueConfig {
        &self.config
    }

    /// Its store.
    pub fn store(&self) -> &Store {
        &self.store
    }

    /// Every entrant's name now (see [`Names`]).
    pub fn names(&self) -> Result<Names, LeagueError> {
        Names::read(&self.config, &self.store)
    }

    /// Takes `person`'s upload and checks it at once (see [`submission::submit`]): its number
    /// and what the check found.
    pub fn submit(
        &self,
        person: i64,
        file_name: &str,
        bytes: &[u8],
        now: i64,
    ) -> Result<(i64, games::Checked), LeagueError> {
        let id = submission::submit(
            &self.dir,
            &self.config,
            &self.store,
            person,
            file_name,
            bytes,
            now,
        )?;
        let checked = submission::check(&self.dir, &self.config, &self.store, id)?;
        Ok((id, checked))
    }

    /// Checks every submission still waiting for its check (one cut short by a crash).
    pub fn check_waiting(&self) -> Result<usize, LeagueError> {
        let waiting: Vec<i64> = self
            .store
            .submissions(None)?
            .into_iter()
            .filter(|s| s.status == Status::Checking)
            .map(|s| s.id)
            .collect();
        for &id in &waiting {
            submission::check(&self.dir, &self.config, &self.store, id)?;
        }
        Ok(waiting.len())
    }

    /// Makes `submission` `person`'s active one from `now`: it must be theirs and have passed.
    pub fn choose(&self, person: i64, submission: i64, now: i64) -> Result<(), LeagueError> {
        match self.store.submission(submission)? {
            Some(s) if s.person == person && s.status == Status::Passed => {
                // Another submission playing starts another log: not past the person's storage.
                let kept = submission::kept_bytes(&self.dir, &self.store, person)?;
                let playing = active(&self.store, person, now)?.map(|a| a.id);
                if kept > self.config.quota.storage_bytes && playing != Some(s.id) {
                    return Err(LeagueError::Refused(format!(
                        "your submissions and their logs hold {kept} bytes, over this league's \
                         {} per person: your active submission stays as it is",
                        self.config.quota.storage_bytes
                    )));
                }
                self.store.choose(person, submission, now)
            }
            Some(s) if s.person == person => Err(LeagueError::Refused(format!(
                "submission {submission} did not pass its check: it cannot play"
            ))),
            _ => Err(LeagueError::Refused(format!(
                "you have no submission {submission}"
            ))),
        }
    }

    /// The leaderboard at `at` (every finished match counted).
    pub fn leaderboard(&self, at: i64) -> Result<Leaderboard, LeagueError> {
        self.board(&entrants(&self.dir, &self.config, &self.store, at)?)
    }

    /// The leaderboard, `now` being who may be seated now.
    fn board(&self, now: &[Entrant]) -> Result<Leaderboard, LeagueError> {
        let matches = self.store.matches()?;
        let names = self.names()?;
        // Every entrant seen, in order of first appearance: those seatable now first.
        let mut keys: Vec<String> = now.iter().map(|e| e.key.clone()).collect();
        for m in &matches {
            for k in &m.entrants {
                if !keys.contains(k) {
                    keys.push(k.clone());
                }
            }
        }
        let index: BTreeMap<&str, usize> = keys
            .iter()
            .enumerate()
            .map(|(i, k)| (k.as_str(), i))
            .collect();
        let mut builder =
            StandingsBuilder::new(&keys, true).with_bounds(games::bounds(&self.config)?);
        let mut games = 0;
        for m in &matches {
            for r in &m.records {
                let mut r: GameRecord = r.clone();
                r.seats = r
                    .seats
                    .iter()
                    .map(|&s| index[m.entrants[s].as_str()])
                    .collect();
                r.deal = m.id as u64;
                r.index = games;
                games += 1;
                builder.push(&r);
            }
        }
        let standings = builder.finish();
        let mut rows: Vec<Row> = standings
            .entries
            .into_iter()
            .map(|stats| {
                let key = keys[stats.entry].clone();
                Row {
                    active: now.iter().any(|e| e.key == key),
                    label: names.of(&key),
                    person: names.person(&key),
                    key,
                    stats,
                }
            })
            .collect();
        rows.sort_by(|a, b| b.ordinal().total_cmp(&a.ordinal()).then(a.key.cmp(&b.key)));
        Ok(Leaderboard {
            matches: matches.len() as u64,
            games,
            rows,
            names,
        })
    }

    /// Chooses the next match's table and records its start: its number, seed and entrants.
    fn start_match(&self, at: i64) -> Result<Option<(i64, u64, Vec<Entrant>)>, LeagueError> {
        let mut playing = self.playing.lock().unwrap_or_else(|e| e.into_inner());
        let seats = games::seats(&self.config)?;
        let mut pool = entrants(&self.dir, &self.config, &self.store, at)?;
        // A lone house bot playing itself teaches the ratings nothing: wait for a submission.
        if pool.len() < 2 {
            return Ok(None);
        }
        let board = self.board(&pool)?;
        // Too few to fill a table: the house bots sit more than once (never a submission).
        let house = self.config.house.len();
        if house > 0 {
            for i in 0..seats.saturating_sub(pool.len()) {
                pool.push(pool[i % house].clone());
            }
        }
        let candidates: Vec<Candidate> = pool
            .iter()
            .map(|e| {
                let row = board.rows.iter().find(|r| r.key == e.key);
                let busy = playing
                    .values()
                    .flat_map(|m| &m.keys)
                    .filter(|k| **k == e.key)
                    .count() as u64;
                Candidate {
                    games: row.map_or(0, |r| r.stats.games) + busy,
                    mu: row.map_or(25.0, |r| r.stats.rating.mu),
                    sigma: row.map_or(SIGMA0, |r| r.stats.rating.sigma),
                }
            })
            .collect();
        let id = self.store.next_match()?;
        let seed = games::match_seed(&self.config, id as u64);
        let table = choose(&candidates, seats, derive_seed(seed, 1));
        if table.is_empty() {
            return Ok(None);
        }
        let chosen: Vec<Entrant> = table.iter().map(|&i| pool[i].clone()).collect();
        let keys: Vec<String> = chosen.iter().map(|e| e.key.clone()).collect();
        self.store.start_match(id, seed, &keys, at)?;
        playing.insert(id, InPlay { keys, shown: None });
        Ok(Some((id, seed, chosen)))
    }

    /// The matches in play now, by number: who plays, and the game at their table as every
    /// seat sees it (what a spectator may be shown).
    pub fn in_play(&self) -> BTreeMap<i64, InPlay> {
        self.playing
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clone()
    }

    /// Plays one ladder match (at `now`): its number, or `None` when no one can be seated.
    pub fn play_one(&self, now: i64) -> Result<Option<i64>, LeagueError> {
        self.play_one_on(now, None)
    }

    /// [`League::play_one`], on the Ray cluster of `ray` when given (its games are the same
    /// wherever it is played; a match played there is watched only once it has ended).
    pub fn play_one_on(
        &self,
        now: i64,
        ray: Option<&crate::ray::RayPool>,
    ) -> Result<Option<i64>, LeagueError> {
        let Some((id, seed, chosen)) = self.start_match(now)? else {
            return Ok(None);
        };
        let entries: Vec<EntrySpec> = chosen.into_iter().map(|e| e.entry).collect();
        let show = |shown: games::Shown| {
            let mut playing = self.playing.lock().unwrap_or_else(|e| e.into_inner());
            if let Some(m) = playing.get_mut(&id) {
                m.shown = Some(shown);
            }
        };
        let played = match ray {
            None => games::play_match(&self.config, &entries, seed, &self.dir.join("logs"), &show),
            Some(pool) => games::match_config(&self.config, &entries, seed)
                .and_then(|config| pool.play(id, &config)),
        };
        self.playing
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .remove(&id);
        match played {
            Ok(games) => {
                self.store.finish_match(id, &games, now_ms())?;
                self.store.forget_traces(self.config.keep_replays)?;
                Ok(Some(id))
            }
            Err(e) => {
                self.store.drop_match(id)?;
                Err(e)
            }
        }
    }

    /// Plays recorded match `id` again from its seed and entrants (the submissions as they
    /// are kept, the house bots as the league names them): its records, to compare with the
    /// recorded ones.
    pub fn replay(&self, id: i64) -> Result<Vec<GameRecord>, LeagueError> {
        let m = self
            .store
            .finished_match(id)?
            .ok_or_else(|| LeagueError::Refused(format!("no finished match {id}")))?;
        let mut entries = Vec::new();
        for key in &m.entrants {
            let entry = match Key::parse(key) {
                Some(Key::House(i)) => self.config.house.get(i).map(|b| EntrySpec::Bot(b.clone())),
                Some(Key::Sub(i)) => match self.store.submission(i) {
                    Ok(Some(s)) => Some(submission_entry(&self.dir, &self.config, &s)?),
                    _ => None,
                },
                None => None,
            };
            entries.push(entry.ok_or_else(|| {
                LeagueError::Store(format!(
                    "match {id} names {key:?}, which the league has not"
                ))
            })?);
        }
        let played = games::play_match(
            &self.config,
            &entries,
            m.seed,
            &self.dir.join("logs"),
            &|_| {},
        )?;
        Ok(played.into_iter().map(|(record, _)| record).collect())
    }

    /// Holds the league's lock (`DIR/league.lock`) while the ladder runs: one ladder a league.
    /// The kernel lets it go when the process ends, however it ends.
    fn lock(&self) -> Result<nix::fcntl::Flock<std::fs::File>, LeagueError> {
        let path = self.dir.join(LOCK_FILE);
        let file = std::fs::OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(&path)
            .map_err(|e| LeagueError::Io {
                what: format!("cannot open {}", path.display()),
                reason: e.to_string(),
            })?;
        nix::fcntl::Flock::lock(file, nix::fcntl::FlockArg::LockExclusiveNonblock).map_err(
            |(_, e)| {
                LeagueError::Refused(format!(
                    "the ladder of {} is already running (another process holds {}): {e}",
                    self.dir.display(),
                    path.display()
                ))
            },
        )
    }

    /// Runs the ladder on `workers` threads until `stop` is set or `matches` matches have been
    /// started (when given). First it forgets the matches a crashed ladder left unfinished. A
    /// match that cannot be played is reported to `report` and the ladder goes on. The matches
    /// played.
    pub fn run(
        &self,
        workers: usize,
        stop: &AtomicBool,
        matches: Option<u64>,
        report: &(dyn Fn(&str) + Sync),
    ) -> Result<u64, LeagueError> {
        self.run_on(workers, stop, matches, report, None)
    }

    /// [`League::run`], each match played on the Ray cluster of `ray` when given (`workers`
    /// is then the matches in flight on the cluster).
    pub fn run_on(
        &self,
        workers: usize,
        stop: &AtomicBool,
        matches: Option<u64>,
        report: &(dyn Fn(&str) + Sync),
        ray: Option<&crate::ray::RayPool>,
    ) -> Result<u64, LeagueError> {
        // Submissions are strangers' programs: they run in the jail, or in a process group
        // only when the organiser chose that (`--containment group`).
        parlour_protocol::process::check_containment()
            .map_err(|e| LeagueError::Refused(e.to_string()))?;
        let _lock = self.lock()?;
        self.store.forget_unfinished()?;
        if let Err(e) = self.check_waiting() {
            report(&format!("checking submissions: {e}"));
        }
        let played = std::sync::atomic::AtomicU64::new(0);
        let started = std::sync::atomic::AtomicU64::new(0);
        std::thread::scope(|scope| {
            for _ in 0..workers.max(1) {
                scope.spawn(|| {
                    while !stop.load(Ordering::Relaxed) {
                        if ray.is_some_and(|pool| !pool.alive()) {
                            break;
                        }
                        if let Some(m) = matches {
                            if started.fetch_add(1, Ordering::SeqCst) >= m {
                                break;
                            }
                        }
                        match self.play_one_on(now_ms(), ray) {
                            Ok(Some(_)) => {
                                played.fetch_add(1, Ordering::SeqCst);
                            }
                            Ok(None) => std::thread::sleep(std::time::Duration::from_millis(500)),
                            Err(e) => {
                                report(&format!("a match could not be played: {e}"));
                                std::thread::sleep(std::time::Duration::from_millis(200));
                            }
                        }
                    }
                });
            }
        });
        if ray.is_some_and(|pool| !pool.alive()) {
            return Err(LeagueError::Match(format!(
                "the Ray driver ended, so the ladder stopped after {} matches (its messages \
                 are above)",
                played.load(Ordering::SeqCst)
            )));
        }
        Ok(played.load(Ordering::SeqCst))
    }
}

/// Now, in milliseconds since the Unix epoch.
pub fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as i64)
}
