//! Tournaments split into shards, for drivers that run them on many machines (the Python
//! package's Ray driver): one shard of a tournament (planned by [`crate::plan`]) played (or
//! resumed) into its own database, the programs checked on a node, and the shards merged. The
//! command line's `parlour tournament --shard` and `parlour merge` do the same from the same
//! arena code, so a shard played either way is the same file.

use std::path::{Path, PathBuf};

use parlour_arena::merge::{merge, MergeReport};
use parlour_arena::render;
use parlour_arena::shard::{config_hash, Shard};
use parlour_arena::store::Store;
use parlour_arena::{summarize_stored, Tournament, TournamentConfig};
use parlour_games::{GameVisitor, Playable};
use parlour_protocol::EntrySpec;
use serde_json::{json, Value};

use crate::error::DynError;
use crate::plan::stand_in;
pub use crate::plan::{plan, Plan};

fn bad(e: impl std::fmt::Display) -> DynError {
    DynError::Tournament(e.to_string())
}

/// The game a configuration is of.
pub(crate) fn game_of<G: Playable>(config: &TournamentConfig) -> Result<G, DynError> {
    let options: G::Options = serde_json::from_value(config.options.clone())
        .map_err(|e| bad(format!("the tournament's options do not parse: {e}")))?;
    G::new(options).map_err(|e| bad(e.to_string()))
}

/// What playing a shard did.
#[derive(Debug, Clone, PartialEq)]
pub struct ShardRun {
    /// The shard.
    pub shard: Shard,
    /// Games played now.
    pub played: u64,
    /// Games of the shard recorded in its file (now and before).
    pub recorded: u64,
    /// Games in the shard.
    pub games: u64,
    /// Whether the shard is finished (all its games, or the early stop, reached).
    pub complete: bool,
}

/// Plays shard `shard` of `config`'s tournament into the database `db` on `jobs` threads:
/// a new file, or one this shard was already being played into (a lost worker's), which is
/// resumed. A file of another tournament or shard is refused and left alone. External
/// programs' standard error goes to `logs`. `progress(done, total)` is called as games are
/// recorded.
pub fn run_shard(
    config: &TournamentConfig,
    shard: Shard,
    db: &Path,
    jobs: usize,
    logs: &Path,
    progress: &mut dyn FnMut(u64, u64),
) -> Result<ShardRun, DynError> {
    let run = play_into(config, Some(shard), db, jobs, logs, None, progress)?;
    Ok(ShardRun {
        shard,
        played: run.played,
        recorded: run.recorded,
        games: run.games,
        complete: run.complete,
    })
}

/// What [`play_into`] did.
#[derive(Debug, Clone, PartialEq)]
pub struct Played {
    /// Games played now.
    pub played: u64,
    /// Games recorded in the file (now and before).
    pub recorded: u64,
    /// Games in the tournament (or its shard).
    pub games: u64,
    /// Whether it is finished (all its games, or the early stop, reached).
    pub complete: bool,
}

/// Plays `config`'s tournament (`shard` of it, when given) into the database `db` on `jobs`
/// threads: a new file, or one it was already being played into, which is resumed (the games
/// recorded are checked, their faults carry over, the programs are told how many games they
/// played). A file of another tournament or shard is refused and left alone. Programs'
/// standard error goes to `logs`. With `stop`, setting it stops starting games: those in play
/// are recorded and the run ends with an error saying so (played again, it resumes).
/// `progress(done, total)` is called as games are recorded. The one way a stored run goes on:
/// a shard on a Ray node and a league's final both play through it.
pub fn play_into(
    config: &TournamentConfig,
    shard: Option<Shard>,
    db: &Path,
    jobs: usize,
    logs: &Path,
    stop: Option<std::sync::Arc<std::sync::atomic::AtomicBool>>,
    progress: &mut dyn FnMut(u64, u64),
) -> Result<Played, DynError> {
    struct Run<'a> {
        config: &'a TournamentConfig,
        shard: Option<Shard>,
        db: &'a Path,
        jobs: usize,
        logs: &'a Path,
        stop: Option<std::sync::Arc<std::sync::atomic::AtomicBool>>,
        progress: &'a mut dyn FnMut(u64, u64),
    }
    impl GameVisitor for Run<'_> {
        type Output = Result<Played, DynError>;
        fn visit<G: Playable>(self) -> Self::Output {
            let game = game_of::<G>(self.config)?;
            let mut tournament =
                Tournament::new(game, self.config.clone(), &stand_in::<G>).map_err(bad)?;
            if let Some(shard) = self.shard {
                tournament.set_shard(shard).map_err(bad)?;
            }
            if let Some(stop) = self.stop {
                tournament.set_interrupt(stop);
            }
            let (stored, history, store) = if self.db.exists() {
                let (found, shard) = Store::read_header(self.db).map_err(bad)?;
                if &found != self.config || shard != self.shard {
                    let part = |s: Option<Shard>| {
                        s.map_or_else(|| "a whole tournament".into(), |s| format!("shard {s}"))
                    };
                    return Err(bad(format!(
                        "{} holds {} of configuration {}…, not {} of configuration {}…",
                        self.db.display(),
                        part(shard),
                        &config_hash(&found)[..12],
                        part(self.shard),
                        &config_hash(self.config)[..12],
                    )));
                }
                let (stored, history) =
                    tournament.load_stored(self.db, &mut |_| {}).map_err(bad)?;
                let store =
                    Store::reopen(self.db, self.config, stored.count() as usize).map_err(bad)?;
                (stored, history, store)
            } else {
                let store = Store::create_shard(self.db, self.config, self.shard).map_err(bad)?;
                (
                    tournament.stored(),
                    vec![0; self.config.entries.len()],
                    store,
                )
            };
            let programs = start_programs(&tournament, self.logs, &history)?;
            let mut store = store;
            let progress = self.progress;
            let result = tournament.run_stored(
                self.jobs.max(1),
                stored,
                &|e, seed| programs.player::<G>(e, seed),
                &mut |batch| store.record(batch),
                &mut |p| progress(p.done, p.total),
            );
            programs.shutdown();
            let result = result.map_err(bad)?;
            // The file must still be the one this run wrote (see `Store::verify`).
            store.verify().map_err(bad)?;
            let range = tournament.range();
            Ok(Played {
                played: result.played,
                recorded: result.summary.counted,
                games: range.end - range.start,
                complete: result.summary.complete,
            })
        }
    }
    parlour_games::with_game(
        &config.game,
        Run {
            config,
            shard,
            db,
            jobs,
            logs,
            stop,
            progress,
        },
    )
    .map_err(|e| DynError::UnknownGame(e.to_string()))?
}

/// The tournament's programs, started and greeted (Unix).
#[cfg(unix)]
fn start_programs<G: Playable>(
    tournament: &Tournament<G>,
    logs: &Path,
    history: &[u64],
) -> Result<parlour_protocol::Programs, DynError> {
    let c = tournament.config();
    if !c.has_programs() {
        return Ok(parlour_protocol::Programs::none());
    }
    parlour_protocol::Programs::start(
        tournament.game(),
        &c.entries,
        &c.labels,
        logs,
        parlour_protocol::Mode::Tournament,
        Some(history),
    )
    .map_err(bad)
}

/// No programs run here; a tournament with any is refused.
#[cfg(not(unix))]
fn start_programs<G: Playable>(
    tournament: &Tournament<G>,
    _logs: &Path,
    _history: &[u64],
) -> Result<NoPrograms, DynError> {
    if tournament.config().has_programs() {
        return Err(bad("external programs play on Unix only"));
    }
    Ok(NoPrograms)
}

#[cfg(not(unix))]
struct NoPrograms;

#[cfg(not(unix))]
impl NoPrograms {
    fn player<G: Playable>(
        &self,
        e: &EntrySpec,
        seed: u64,
    ) -> Result<parlour_protocol::Player<G>, parlour_core::BotError> {
        parlour_protocol::Player::built_in(e, seed)
    }
    fn shutdown(&self) {}
}

/// Starts and greets every external program of `config` (then stops them), as a run would:
/// whether this machine can play the tournament. `Ok` names the programs checked.
pub fn check_programs(config: &TournamentConfig, logs: &Path) -> Result<Vec<String>, DynError> {
    struct Check<'a>(&'a TournamentConfig, &'a Path);
    impl GameVisitor for Check<'_> {
        type Output = Result<Vec<String>, DynError>;
        fn visit<G: Playable>(self) -> Self::Output {
            let game = game_of::<G>(self.0)?;
            let tournament = Tournament::new(game, self.0.clone(), &stand_in::<G>).map_err(bad)?;
            let programs = start_programs(&tournament, self.1, &vec![0; self.0.entries.len()])?;
            programs.shutdown();
            Ok(self
                .0
                .entries
                .iter()
                .zip(&self.0.labels)
                .filter(|(e, _)| matches!(e, EntrySpec::Program(_)))
                .map(|(_, l)| l.clone())
                .collect())
        }
    }
    parlour_games::with_game(&config.game, Check(config, logs))
        .map_err(|e| DynError::UnknownGame(e.to_string()))?
}

/// What a shard file holds, as JSON: its shard, configuration hash, games recorded and in all,
/// and whether it is complete. A file that is not a shard is an error naming it.
pub fn shard_status(path: &Path) -> Result<Value, DynError> {
    let (config, shard) = Store::read_header(path).map_err(bad)?;
    let Some(shard) = shard else {
        return Err(bad(format!(
            "{} is not a shard (it was not written with --shard)",
            path.display()
        )));
    };
    let (_, summary) = summarize_stored(path).map_err(bad)?;
    let range = shard.games(&config);
    Ok(json!({
        "shard": shard.to_string(),
        "index": shard.index,
        "count": shard.count,
        "hash": config_hash(&config),
        "recorded": summary.counted,
        "games": range.end - range.start,
        "complete": summary.complete,
    }))
}

/// [`merge`], with the report as JSON: the files, games written and repeated, missing and short
/// shards, and the standings as `parlour report --format json` prints them.
pub fn merge_shards(out: &Path, inputs: &[PathBuf], partial: bool) -> Result<Value, DynError> {
    let report: MergeReport = merge(out, inputs, partial).map_err(bad)?;
    Ok(json!({
        "out": out.display().to_string(),
        "hash": report.hash,
        "count": report.count,
        "files": report.files.iter().map(|f| json!({
            "path": f.path.display().to_string(),
            "shard": f.shard.to_string(),
            "games": f.games,
            "new": f.new,
        })).collect::<Vec<_>>(),
        "games": report.games,
        "repeated": report.repeated,
        "missing": report.missing,
        "short": report.short.iter().map(|s| json!({
            "shard": s.shard.to_string(), "have": s.have, "want": s.want,
        })).collect::<Vec<_>>(),
        "gaps": report.gaps(),
        "standings": render::json(&report.config, &report.summary, None),
    }))
}

/// A tournament database's standings as `parlour report --format FORMAT` prints them
/// (`table`, `json` or `csv`).
pub fn report(path: &Path, format: &str) -> Result<String, DynError> {
    let (config, summary) = summarize_stored(path).map_err(bad)?;
    match format {
        "json" => Ok(format!("{}\n", render::json(&config, &summary, None))),
        "csv" => {
            let mut out = Vec::new();
            render::csv(&summary.standings, &mut out).map_err(bad)?;
            String::from_utf8(out).map_err(bad)
        }
        "table" => {
            let meaning =
                parlour_games::info(&config.game).map_or("the game's return", |i| i.score.meaning);
            Ok(render::text(&config, &summary, None, meaning))
        }
        other => Err(bad(format!(
            "format {other:?} is not one of table, json, csv"
        ))),
    }
}

/// How often at most a game played by [`play_traced`] is shown to its watchers.
pub const SHOW_EVERY: std::time::Duration = std::time::Duration::from_millis(100);

/// A game in play as every seat sees it: what a spectator may be shown.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct Shown {
    /// The game's index in its tournament.
    pub game: u64,
    /// The entry at each seat (its index in the tournament's entries).
    pub seats: Vec<usize>,
    /// Decisions made so far.
    pub decision: u64,
    /// The seat to act (`None`: the game is over).
    pub to_act: Option<usize>,
    /// What every seat sees ([`parlour_core::Game::public_view`]).
    pub public: Value,
}

/// Plays every game of `config` (a small tournament: a league's match, one deal in every seat
/// rotation) one after another, each written down move by move as it is played (a program
/// asked again need not answer the same): each game's record, as a run records it, and its
/// trace, in index order. `show` sees each game as every seat sees it, at its first decision,
/// at most every [`SHOW_EVERY`] after, and at its end. Programs log under `logs`. A Ray task
/// of a league's ladder plays its match with this, as the league does on its own machine.
pub fn play_traced(
    config: &TournamentConfig,
    logs: &Path,
    show: &dyn Fn(Shown),
) -> Result<Vec<(parlour_arena::GameRecord, String)>, DynError> {
    struct Traced<'a> {
        config: &'a TournamentConfig,
        logs: &'a Path,
        show: &'a dyn Fn(Shown),
    }
    impl GameVisitor for Traced<'_> {
        type Output = Result<Vec<(parlour_arena::GameRecord, String)>, DynError>;
        fn visit<G: Playable>(self) -> Self::Output {
            use parlour_core::State;
            let game = game_of::<G>(self.config)?;
            let tournament =
                Tournament::new(game, self.config.clone(), &stand_in::<G>).map_err(bad)?;
            let history = vec![0; self.config.entries.len()];
            let programs = start_programs(&tournament, self.logs, &history)?;
            let played: Result<Vec<_>, _> = (0..self.config.games)
                .map(|index| {
                    let seats = tournament.schedule().seating(index);
                    let mut last: Option<std::time::Instant> = None;
                    let mut watch = |step: &parlour_core::play::Step<'_, G>| {
                        let after = step.after;
                        if last.is_some_and(|t| t.elapsed() < SHOW_EVERY) && !after.is_terminal() {
                            return;
                        }
                        last = Some(std::time::Instant::now());
                        (self.show)(Shown {
                            game: index,
                            seats: seats.clone(),
                            decision: after.decisions(),
                            to_act: after.current_player(),
                            public: G::public_view(&after.observation(0)),
                        });
                    };
                    tournament.play_game_traced(
                        index,
                        &|e, seed| programs.player::<G>(e, seed),
                        &mut watch,
                    )
                })
                .collect();
            programs.shutdown();
            played.map_err(bad)
        }
    }
    parlour_games::with_game(&config.game, Traced { config, logs, show })
        .map_err(|e| DynError::UnknownGame(e.to_string()))?
}
