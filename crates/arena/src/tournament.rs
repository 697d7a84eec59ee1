//! A tournament's configuration, its games, and the parallel run that plays and records them.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{mpsc, Arc};
use std::time::{Duration, Instant};

use parlour_core::play::{PlayError, Runner, Step};
use parlour_core::rng::derive_seed;
use parlour_core::{BotError, Game, State};
use parlour_protocol::{EntrySpec, Player, Table};
use serde::{Deserialize, Serialize};

use crate::record::{Figure, GameRecord, SeatFault};
use crate::schedule::{Schedule, ScheduleError, ScheduleKind};
use crate::shard::Shard;
use crate::stats::{EarlyStop, ResultBounds, Standings, StandingsBuilder, StopDecision};
use crate::store::StoreError;

/// Seed streams derived from the tournament seed.
const SCHEDULE_STREAM: u64 = 0;
const DEAL_STREAM: u64 = 1;
const GAME_STREAM: u64 = 2;
const BOT_STREAM: u64 = 3;

/// Batches of finished games a worker may have waiting for the recorder.
const BACKLOG: usize = 4;

/// How long a worker holds finished games before handing them to the recorder.
const SEND_EVERY: Duration = Duration::from_millis(5);

/// The most games a tournament may plan. A run's memory does not grow with its games (the
/// standings are folded in as games finish), but for a bit a game marking those recorded.
pub const MAX_GAMES: u64 = 10_000_000;

/// The most entries a tournament may have (the pairwise table grows with its square).
pub const MAX_ENTRIES: usize = 1000;

/// Everything that defines a tournament: the same configuration always gives the same games.
/// It is stored in the results database, so a run can be resumed from the file alone.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TournamentConfig {
    /// The game's name (`uno`, ...).
    pub game: String,
    /// The game's options, as JSON (the game's own `Options` type).
    pub options: serde_json::Value,
    /// The entries: built-in bots with their options, and external programs. The same bot
    /// may be entered twice.
    pub entries: Vec<EntrySpec>,
    /// A unique label per entry (`random#2` when `random` is entered more than once).
    pub labels: Vec<String>,
    /// Seats at each table.
    pub seats: usize,
    /// Games in all: a whole number of groups of `seats` games.
    pub games: u64,
    /// The tournament seed.
    pub seed: u64,
    /// Whether each group's games share one deal (duplicate deals).
    pub duplicate: bool,
    /// How tables are chosen.
    pub schedule: ScheduleKind,
    /// Stop early when the leader is significantly ahead.
    pub early_stop: Option<EarlyStop>,
    /// The range of the score and of each figure, from the game (absent in databases written
    /// before parlour stored it: their intervals are then bounded for placement only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bounds: Option<ResultBounds>,
}

impl TournamentConfig {
    /// Whether any entry is an external program.
    pub fn has_programs(&self) -> bool {
        self.entries
            .iter()
            .any(|e| matches!(e, EntrySpec::Program(_)))
    }

    /// A tournament of `game` between `entries`, at least `games` games (rounded up to whole
    /// groups of one game per seat rotation), with duplicate deals when the game has chance.
    pub fn new<G: Game>(game: &G, entries: Vec<EntrySpec>, games: u64, seed: u64) -> Self {
        let seats = game.num_players();
        TournamentConfig {
            game: G::INFO.name.to_string(),
            options: serde_json::to_value(game.options()).unwrap_or(serde_json::Value::Null),
            labels: entry_labels(&entries),
            entries,
            seats,
            games: games.div_ceil(seats as u64) * seats as u64,
            seed,
            duplicate: G::INFO.has_chance(),
            schedule: ScheduleKind::Auto,
            early_stop: None,
            bounds: Some(ResultBounds::of(game)),
        }
    }

    /// Groups (deals, with duplicate deals) in all.
    pub fn groups(&self) -> u64 {
        self.games / self.seats.max(1) as u64
    }

    /// The schedule this configuration plays.
    pub fn schedule(&self) -> Result<Schedule, ScheduleError> {
        Schedule::new(
            self.entries.len(),
            self.seats,
            self.groups(),
            self.schedule,
            derive_seed(self.seed, SCHEDULE_STREAM),
        )
    }

    /// Whether the configuration is one a tournament can have (a stored one may be damaged).
    pub fn validate(&self) -> Result<(), String> {
        if self.seats == 0 || self.games == 0 || self.games % self.seats as u64 != 0 {
            return Err(format!(
                "{} games at tables of {} is not a whole number of groups",
                self.games, self.seats
            ));
        }
        if self.games > MAX_GAMES {
            return Err(format!(
                "{} games is more than the {MAX_GAMES} allowed",
                self.games
            ));
        }
        if self.entries.len() > MAX_ENTRIES {
            return Err(format!(
                "{} entries is more than the {MAX_ENTRIES} allowed",
                self.entries.len()
            ));
        }
        if self.labels != entry_labels(&self.entries) {
            return Err("its entry labels do not match its entries".into());
        }
        if let Some(rule) = &self.early_stop {
            if !(rule.alpha > 0.0 && rule.alpha < 1.0) {
                return Err(format!(
                    "early-stop alpha {} is not a probability",
                    rule.alpha
                ));
            }
        }
        Ok(())
    }

    /// Whether `record` could be one of this tournament's games (for stored files).
    pub fn check_record(&self, r: &GameRecord) -> Result<(), String> {
        let k = self.seats;
        if r.index >= self.games {
            return Err(format!(
                "index beyond the tournament's {} games",
                self.games
            ));
        }
        if r.deal != r.index / k as u64 {
            return Err(format!("deal {} does not match its index", r.deal));
        }
        let distinct: BTreeSet<usize> = r.seats.iter().copied().collect();
        if r.seats.len() != k
            || distinct.len() != k
            || r.seats.iter().any(|&e| e >= self.entries.len())
        {
            return Err(format!("seating {:?} does not fit the tournament", r.seats));
        }
        if r.returns.len() != k || r.returns.iter().any(|x| !x.is_finite()) {
            return Err(format!(
                "returns {:?} are not one number per seat",
                r.returns
            ));
        }
        if r.winners.iter().any(|&w| w >= k) {
            return Err(format!("winners {:?} are not seats", r.winners));
        }
        if r.figures.iter().any(|f| f.values.len() != k) {
            return Err("figures are not one number per seat".into());
        }
        if r.faults.iter().any(|f| f.seat >= k) || r.forfeited.iter().any(|&s| s >= k) {
            return Err("a fault or forfeit names a seat beyond the table".into());
        }
        Ok(())
    }
}

/// Labels for the entries: the bot's text (a program's name), numbered `#1`, `#2`, ... when it
/// is entered more than once.
pub fn entry_labels(entries: &[EntrySpec]) -> Vec<String> {
    numbered(&entries.iter().map(EntrySpec::label).collect::<Vec<_>>())
}

/// Names told apart: each name given more than once is numbered `#1`, `#2`, ... in order
/// (`random#1`, `heuristic`, `random#2`); the others stay as they are.
pub fn numbered(names: &[String]) -> Vec<String> {
    names
        .iter()
        .enumerate()
        .map(|(i, b)| {
            if names.iter().filter(|x| *x == b).count() > 1 {
                let k = names[..=i].iter().filter(|x| *x == b).count();
                format!("{b}#{k}")
            } else {
                b.clone()
            }
        })
        .collect()
}

/// Why a tournament could not run.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ArenaError {
    /// The entries cannot be scheduled.
    #[error(transparent)]
    Schedule(#[from] ScheduleError),
    /// An entry's bot cannot be made (unknown bot, option or value).
    #[error(transparent)]
    Bot(#[from] BotError),
    /// The configuration is for another game, or unusable.
    #[error("{0}")]
    Config(String),
    /// A stored game does not belong to this tournament.
    #[error("stored game {index} does not belong to this tournament: {reason}")]
    Mismatch {
        /// The game's index.
        index: u64,
        /// Why.
        reason: String,
    },
    /// A bot or the game panicked while playing a game (a bug: a bot must never panic).
    #[error("game {index}: a bot or the game panicked: {message}")]
    Panicked {
        /// The game's index.
        index: u64,
        /// The panic's message.
        message: String,
    },
    /// The run was interrupted (see [`Tournament::set_interrupt`]); every finished game was
    /// handed to the recorder.
    #[error("interrupted with {recorded} of {total} games finished")]
    Interrupted {
        /// Games finished and recorded, this run and before.
        recorded: u64,
        /// Games in the tournament.
        total: u64,
    },
    /// A game failed (a bot chose an illegal action, ...).
    #[error("game {index}: {error}")]
    Play {
        /// The game's index.
        index: u64,
        /// What failed.
        error: PlayError,
    },
    /// Recording results failed; games already recorded are kept.
    #[error(transparent)]
    Store(#[from] StoreError),
    /// The worker threads could not start.
    #[error("cannot start worker threads: {0}")]
    Threads(String),
}

impl ArenaError {
    /// Whether what was asked for is at fault (entries, configuration, a file of another
    /// tournament): a usage error, rather than a failure while playing or recording.
    pub fn is_bad_input(&self) -> bool {
        match self {
            ArenaError::Schedule(_)
            | ArenaError::Bot(_)
            | ArenaError::Config(_)
            | ArenaError::Mismatch { .. } => true,
            ArenaError::Store(s) => s.is_bad_input(),
            _ => false,
        }
    }
}

/// Makes the player of an entry (a built-in bot, or an external program), with its seed.
pub type MakeBot<'a, G> = &'a (dyn Fn(&EntrySpec, u64) -> Result<Player<G>, BotError> + Sync);

/// How far a run has got, for a progress display.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Progress {
    /// Games finished and recorded, this run and before.
    pub done: u64,
    /// Games in the tournament.
    pub total: u64,
    /// Games finished in this run.
    pub this_run: u64,
}

/// What a run produced.
#[derive(Debug, Clone, PartialEq)]
pub struct RunResult {
    /// Games finished in this run (some may lie beyond an early stop).
    pub played: u64,
    /// The standings and what they count.
    pub summary: Summary,
}

/// Standings over a tournament's recorded games, and which games they count.
#[derive(Debug, Clone, PartialEq)]
pub struct Summary {
    /// The games counted: every recorded game, or those before an early stop.
    pub counted: u64,
    /// Whether every game the tournament needs (all, or up to its early stop) is recorded.
    pub complete: bool,
    /// Player decisions made in the counted games.
    pub decisions: u64,
    /// Where and why the tournament stopped early, if it did.
    pub stopped: Option<EarlyStopped>,
    /// The standings.
    pub standings: Standings,
}

/// [`summarize`] of a tournament database, read in constant memory: its configuration and
/// summary.
///
/// A shard's database (see [`crate::shard`]) is summarized over its own games: complete when
/// they all are recorded.
pub fn summarize_stored(path: &std::path::Path) -> Result<(TournamentConfig, Summary), StoreError> {
    let (config, shard) = crate::store::Store::read_header(path)?;
    let range = shard.map_or(0..config.games, |s| s.games(&config));
    let mut fold = Fold::new(&config, range);
    crate::store::Store::read_each(path, &mut |r| {
        fold.offer(r);
        Ok(())
    })?;
    Ok((config, fold.summary()))
}

/// Games already recorded, handed to a run that resumes: fed one by one, in index order, as a
/// store reads them, so that they need not all be in memory at once.
pub struct Stored {
    fold: Fold,
    recorded: Recorded,
    count: u64,
}

impl Stored {
    /// How many stored games were fed in.
    pub fn count(&self) -> u64 {
        self.count
    }
}

/// The standings of `config`'s tournament from its recorded games (any order): the early stop,
/// if configured, is re-taken at its planned looks, so a stored tournament reports exactly
/// what its run reported.
pub fn summarize(config: &TournamentConfig, records: Vec<GameRecord>) -> Summary {
    let mut fold = Fold::new(config, 0..config.games);
    for r in records {
        fold.offer(r);
    }
    fold.summary()
}

/// The standings folded in along the finished prefix of the games, in index order, with the
/// early stop's looks taken as the prefix passes them. Games that finish ahead of the prefix
/// wait (only those in flight around a slow game), so memory does not grow with the
/// tournament.
///
/// A shard's fold covers its own games (`next` starts at its first, `end` is past its last).
/// Only a range that starts at game 0 takes the early stop's looks: a look needs every game
/// before it.
struct Fold {
    builder: StandingsBuilder,
    /// Games in the tournament, and seats at a table.
    total: u64,
    /// The first and past-the-last games folded in (the tournament's, or a shard's).
    start: u64,
    end: u64,
    seats: u64,
    rule: Option<EarlyStop>,
    /// The first game not yet folded in.
    next: u64,
    /// Finished games beyond the prefix.
    waiting: BTreeMap<u64, GameRecord>,
    /// Groups between looks, and the group of the next look.
    every: u64,
    next_look: u64,
    decisions: u64,
    stopped: Option<EarlyStopped>,
}

impl Fold {
    fn new(config: &TournamentConfig, range: std::ops::Range<u64>) -> Fold {
        let mut builder = StandingsBuilder::new(&config.labels, config.duplicate)
            .with_bounds(config.bounds.clone().unwrap_or_default());
        if config.early_stop.is_some() {
            builder = builder.tracking_pairs();
        }
        let every = config
            .early_stop
            .map_or(u64::MAX, |r| {
                config.groups().div_ceil(u64::from(r.looks.max(1)))
            })
            .max(1);
        Fold {
            builder,
            total: config.games,
            start: range.start,
            end: range.end.min(config.games),
            seats: config.seats as u64,
            rule: config.early_stop.filter(|_| range.start == 0),
            next: range.start,
            waiting: BTreeMap::new(),
            every,
            next_look: every,
            decisions: 0,
            stopped: None,
        }
    }

    /// Takes a finished game (each index once; duplicates and games out of range are
    /// ignored) and folds in whatever prefix it completes.
    fn offer(&mut self, record: GameRecord) {
        if record.index < self.next || record.index >= self.end || self.stopped.is_some() {
            return;
        }
        self.waiting.entry(record.index).or_insert(record);
        while let Some(r) = self.waiting.remove(&self.next) {
            self.builder.push(&r);
            self.decisions = self.decisions.saturating_add(r.decisions);
            self.next += 1;
            self.look();
            if self.stopped.is_some() {
                // Games past the stop are recorded but not counted.
                self.waiting.clear();
                return;
            }
        }
    }

    /// Takes the planned look that the prefix has just reached, if any.
    fn look(&mut self) {
        let Some(rule) = self.rule else {
            return;
        };
        let groups = self.total / self.seats.max(1);
        if self.next_look < groups && self.next == self.next_look * self.seats {
            if let Some(decision) = self.builder.early_stop(&rule) {
                self.stopped = Some(EarlyStopped {
                    games: self.next,
                    decision,
                });
            }
            self.next_look += self.every;
        }
    }

    /// The games the tournament needs: all, or those before its early stop.
    fn needed(&self) -> u64 {
        self.stopped
            .as_ref()
            .map_or(self.end, |s| s.games.min(self.end))
    }

    /// The summary of the games so far: the prefix, and (when the run did not finish) the
    /// games recorded beyond a gap, folded in after it in index order.
    fn summary(&self) -> Summary {
        let mut decisions = self.decisions;
        let standings = if self.waiting.is_empty() {
            self.builder.finish()
        } else {
            let mut builder = self.builder.clone();
            for r in self.waiting.values() {
                builder.push(r);
                decisions = decisions.saturating_add(r.decisions);
            }
            builder.finish()
        };
        Summary {
            counted: self.next - self.start + self.waiting.len() as u64,
            complete: self.next >= self.needed(),
            decisions,
            stopped: self.stopped.clone(),
            standings,
        }
    }
}

/// Which games are recorded: a bit a game.
struct Recorded(Vec<u64>);

impl Recorded {
    fn new(total: u64) -> Recorded {
        Recorded(vec![0; total.div_ceil(64) as usize])
    }

    fn set(&mut self, i: u64) {
        if let Some(w) = self.0.get_mut((i / 64) as usize) {
            *w |= 1 << (i % 64);
        }
    }

    fn get(&self, i: u64) -> bool {
        self.0
            .get((i / 64) as usize)
            .is_some_and(|w| w & (1 << (i % 64)) != 0)
    }
}

/// An early stop.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct EarlyStopped {
    /// Games counted (a whole number of groups).
    pub games: u64,
    /// The test's decision.
    pub decision: StopDecision,
}

/// A tournament ready to play: its configuration, game and schedule.
#[derive(Debug)]
pub struct Tournament<G: Game> {
    config: TournamentConfig,
    game: G,
    schedule: Schedule,
    interrupt: Option<Arc<AtomicBool>>,
    /// The shard this process plays, if not all of the tournament.
    shard: Option<Shard>,
}

impl<G: Game> Tournament<G> {
    /// Checks the configuration against `game` (the game each tournament game is played
    /// with) and `make_bot` (every entry must make a bot), and builds the schedule.
    pub fn new(
        game: G,
        config: TournamentConfig,
        make_bot: MakeBot<'_, G>,
    ) -> Result<Self, ArenaError> {
        if config.game != G::INFO.name {
            return Err(ArenaError::Config(format!(
                "the tournament is of {}, not {}",
                config.game,
                G::INFO.name
            )));
        }
        if config.seats != game.num_players() || config.labels.len() != config.entries.len() {
            return Err(ArenaError::Config(
                "the table size or labels do not fit the game".into(),
            ));
        }
        config.validate().map_err(ArenaError::Config)?;
        for spec in &config.entries {
            make_bot(spec, 0)?;
        }
        let schedule = config.schedule()?;
        Ok(Tournament {
            config,
            game,
            schedule,
            interrupt: None,
            shard: None,
        })
    }

    /// Plays only shard `shard`'s games (see [`crate::shard`]): [`Tournament::run`] then plays,
    /// reports progress over, and summarizes those games alone.
    pub fn set_shard(&mut self, shard: Shard) -> Result<(), ArenaError> {
        shard
            .fits(&self.config)
            .map_err(|e| ArenaError::Config(e.to_string()))?;
        self.shard = Some(shard);
        Ok(())
    }

    /// The shard this tournament plays (`None`: all of it).
    pub fn shard(&self) -> Option<Shard> {
        self.shard
    }

    /// The indices of the games this tournament plays: all, or its shard's.
    pub fn range(&self) -> std::ops::Range<u64> {
        self.shard
            .map_or(0..self.config.games, |s| s.games(&self.config))
    }

    /// A flag that, once set (by a Ctrl-C handler, say), makes [`Tournament::run`] stop
    /// starting games, record those that finish, and return [`ArenaError::Interrupted`].
    pub fn set_interrupt(&mut self, flag: Arc<AtomicBool>) {
        self.interrupt = Some(flag);
    }

    fn interrupted(&self) -> bool {
        self.interrupt
            .as_ref()
            .is_some_and(|f| f.load(Ordering::Relaxed))
    }

    /// The game each tournament game is played with.
    pub fn game(&self) -> &G {
        &self.game
    }

    /// The configuration.
    pub fn config(&self) -> &TournamentConfig {
        &self.config
    }

    /// The schedule.
    pub fn schedule(&self) -> &Schedule {
        &self.schedule
    }

    /// The seed game `index` is dealt from: one per group with duplicate deals, one per game
    /// otherwise.
    pub fn deal_seed(&self, index: u64) -> u64 {
        if self.config.duplicate {
            derive_seed(
                derive_seed(self.config.seed, DEAL_STREAM),
                index / self.config.seats as u64,
            )
        } else {
            derive_seed(derive_seed(self.config.seed, GAME_STREAM), index)
        }
    }

    /// Game `index`'s seating (entries by seat), its table of players made by `make_bot`, and
    /// the number of its deal.
    fn seat_game(
        &self,
        index: u64,
        make_bot: MakeBot<'_, G>,
    ) -> Result<(Vec<usize>, Table<G>, u64), ArenaError> {
        let seats = self.schedule.seating(index);
        let bot_seed = derive_seed(derive_seed(self.config.seed, BOT_STREAM), index);
        let players = seats
            .iter()
            .enumerate()
            .map(|(s, &e)| {
                // One-way, so a program told its seed cannot work back to the deals.
                let seed = parlour_core::rng::bot_seed(derive_seed(bot_seed, s as u64));
                make_bot(&self.config.entries[e], seed)
            })
            .collect::<Result<Vec<_>, _>>()?;
        let deal = if self.config.duplicate {
            index / self.config.seats as u64
        } else {
            index
        };
        Ok((seats, Table::new(players), deal))
    }

    /// Plays game `index` of the schedule: a pure function of the configuration and `index`.
    pub fn play_game(
        &self,
        index: u64,
        make_bot: MakeBot<'_, G>,
    ) -> Result<GameRecord, ArenaError> {
        Ok(self.play_seated(index, make_bot, None)?.0)
    }

    /// Game `index` played (as [`Tournament::play_game`] plays it) with a copy of the state a
    /// decision handed to `on_step` when given; its record and its last state.
    fn play_seated(
        &self,
        index: u64,
        make_bot: MakeBot<'_, G>,
        on_step: Option<OnStep<'_, G>>,
    ) -> Result<(GameRecord, G::State), ArenaError> {
        let (seats, mut table, deal) = self.seat_game(index, make_bot)?;
        let runner = Runner::new(&self.game).numbered(index, deal);
        let start = self.game.new_game(self.deal_seed(index));
        let end = match on_step {
            None => runner.play(start, &mut table),
            Some(f) => runner.play_steps(start, &mut table, f),
        }
        .map_err(|error| ArenaError::Play { index, error })?;
        let mut faults = Vec::new();
        let mut forfeited = Vec::new();
        for (seat, report) in table.reports().into_iter().enumerate() {
            faults.extend(
                report
                    .faults
                    .into_iter()
                    .map(|fault| SeatFault { seat, fault }),
            );
            if report.forfeited {
                forfeited.push(seat);
            }
        }
        // What happened at the table: a forfeited seat's stand-in may be among the winners. The
        // record lists the forfeited seats beside them, and the standings never credit one.
        let winners = end.winners();
        let record = GameRecord {
            index,
            deal: index / self.config.seats as u64,
            seats,
            returns: end.returns(),
            winners,
            figures: end
                .result_figures()
                .into_iter()
                .map(|(name, values)| Figure {
                    name: name.to_string(),
                    values,
                })
                .collect(),
            decisions: end.decisions(),
            faults,
            forfeited,
        };
        Ok((record, end))
    }

    /// Game `index` played again as [`Tournament::play_game`] plays it, written as a trace
    /// (`parlour play --trace`'s format) whose seats are the entries' labels. Only a game
    /// whose every seat is a built-in bot can be replayed: an external program's moves are
    /// not recorded, and it is refused with a message saying so.
    pub fn trace_game(&self, index: u64, make_bot: MakeBot<'_, G>) -> Result<String, ArenaError> {
        if index >= self.config.games {
            return Err(ArenaError::Config(format!(
                "the tournament has games 0 to {}",
                self.config.games.saturating_sub(1)
            )));
        }
        let seats = self.schedule.seating(index);
        if let Some(&e) = seats
            .iter()
            .find(|&&e| matches!(self.config.entries[e], EntrySpec::Program(_)))
        {
            return Err(ArenaError::Config(format!(
                "game {index} seats the program {}, whose moves are not recorded: only games \
                 between built-in bots can be replayed",
                self.config.labels[e]
            )));
        }
        Ok(self.play_game_traced(index, make_bot, &mut |_| {})?.1)
    }

    /// Plays game `index` as [`Tournament::play_game`] does (the same record), and writes
    /// every move as it is made, programs' too, as a trace (`parlour play --trace`'s format,
    /// its seats the entries' labels): what a league keeps of each game to replay it, since a
    /// program asked again need not answer the same. `watch` sees each decision after it is
    /// written (a spectator's view is drawn from it). A panic is an error, as in a run.
    pub fn play_game_traced(
        &self,
        index: u64,
        make_bot: MakeBot<'_, G>,
        watch: &mut dyn FnMut(&Step<'_, G>),
    ) -> Result<(GameRecord, String), ArenaError> {
        let labels: Vec<String> = self
            .schedule
            .seating(index)
            .iter()
            .map(|&e| self.config.labels[e].clone())
            .collect();
        let io = |e: std::io::Error| ArenaError::Config(e.to_string());
        let mut writer = parlour_core::trace::TraceWriter::new(
            Vec::new(),
            &self.game,
            self.deal_seed(index),
            &labels,
        )
        .map_err(io)?;
        let mut failed = None;
        let (record, end) = caught(index, || {
            self.play_seated(
                index,
                make_bot,
                Some(&mut |step: &Step<'_, G>| {
                    if let Err(e) = writer.step(step) {
                        failed.get_or_insert(e);
                    }
                    watch(step);
                    Ok(())
                }),
            )
        })?;
        if let Some(e) = failed {
            return Err(io(e));
        }
        let bytes = writer.finish::<G>(&end).map_err(io)?;
        let trace = String::from_utf8(bytes).map_err(|e| ArenaError::Config(e.to_string()))?;
        Ok((record, trace))
    }

    /// [`Tournament::play_game`], with a panic turned into an error, so that one broken bot
    /// stops the run cleanly (its finished games recorded) instead of taking the process down.
    fn play_game_caught(
        &self,
        index: u64,
        make_bot: MakeBot<'_, G>,
    ) -> Result<GameRecord, ArenaError> {
        caught(index, || self.play_game(index, make_bot))
    }

    /// Checks that stored games belong to this tournament: each fits the configuration and
    /// sits where this schedule seats it.
    pub fn check_stored(&self, done: &[GameRecord]) -> Result<(), ArenaError> {
        for r in done {
            self.config
                .check_record(r)
                .and_then(|()| {
                    if r.seats == self.schedule.seating(r.index) {
                        Ok(())
                    } else {
                        Err("its seating is not this schedule's".into())
                    }
                })
                .map_err(|reason| ArenaError::Mismatch {
                    index: r.index,
                    reason,
                })?;
        }
        Ok(())
    }

    /// Plays every game not in `done` on `jobs` threads, handing each batch of finished games
    /// to `record` (the database) as they arrive and reporting `progress`; then computes the
    /// standings from all the games in index order. The standings do not depend on `jobs`,
    /// on timing, or on which games were already `done`.
    ///
    /// With an early stop, the test runs at planned looks over the first games in index order
    /// (never over whichever games happened to finish first), so where it stops is also a
    /// function of the configuration alone.
    pub fn run(
        &self,
        jobs: usize,
        done: Vec<GameRecord>,
        make_bot: MakeBot<'_, G>,
        record: &mut dyn FnMut(&[GameRecord]) -> Result<(), StoreError>,
        progress: &mut dyn FnMut(Progress),
    ) -> Result<RunResult, ArenaError> {
        self.check_stored(&done)?;
        let mut stored = self.stored();
        for r in done {
            self.add_stored(&mut stored, r)?;
        }
        self.run_stored(jobs, stored, make_bot, record, progress)
    }

    /// Nothing stored yet, for [`Tournament::add_stored`].
    pub fn stored(&self) -> Stored {
        Stored {
            fold: Fold::new(&self.config, self.range()),
            recorded: Recorded::new(self.config.games),
            count: 0,
        }
    }

    /// Checks a stored game (as [`Tournament::check_stored`] does) and adds it to `stored`.
    pub fn add_stored(&self, stored: &mut Stored, r: GameRecord) -> Result<(), ArenaError> {
        self.check_stored(std::slice::from_ref(&r))?;
        if !self.range().contains(&r.index) {
            return Err(ArenaError::Mismatch {
                index: r.index,
                reason: format!(
                    "it is not among shard {}'s games",
                    self.shard.unwrap_or(Shard::whole())
                ),
            });
        }
        if !stored.recorded.get(r.index) {
            stored.recorded.set(r.index);
            stored.count += 1;
        }
        stored.fold.offer(r);
        Ok(())
    }

    /// The games stored in the database `path`, read one by one (a tournament of any length
    /// fits in memory) and each checked and added as [`Tournament::add_stored`] does, with each
    /// entry's faults in them (which a resumed run's programs carry over, forfeit included).
    /// `each` sees every game as it is read. A file of another configuration is refused.
    pub fn load_stored(
        &self,
        path: &std::path::Path,
        each: &mut dyn FnMut(&GameRecord),
    ) -> Result<(Stored, Vec<u64>), ArenaError> {
        let mut history = vec![0u64; self.config.entries.len()];
        let mut stored = self.stored();
        let mut mismatch = None;
        let read = crate::store::Store::read_each(path, &mut |r| {
            for f in &r.faults {
                history[r.seats[f.seat]] += 1;
            }
            each(&r);
            self.add_stored(&mut stored, r).map_err(|e| {
                let error = e.to_string();
                mismatch = Some(e);
                StoreError::Sqlite {
                    path: path.to_path_buf(),
                    error,
                }
            })
        });
        if let Some(e) = mismatch {
            return Err(e);
        }
        if read? != self.config {
            return Err(StoreError::Changed {
                path: path.to_path_buf(),
            }
            .into());
        }
        Ok((stored, history))
    }

    /// [`Tournament::run`] after the games in `stored`, fed in one by one.
    pub fn run_stored(
        &self,
        jobs: usize,
        stored: Stored,
        make_bot: MakeBot<'_, G>,
        record: &mut dyn FnMut(&[GameRecord]) -> Result<(), StoreError>,
        progress: &mut dyn FnMut(Progress),
    ) -> Result<RunResult, ArenaError> {
        let range = self.range();
        let total = range.end - range.start;
        let Stored {
            mut fold,
            recorded,
            count: already,
        } = stored;
        // The games left to play, in index order; none once an early stop is reached.
        let pending = if fold.stopped.is_some() {
            0
        } else {
            total - already
        };
        let mut played = 0u64;
        progress(Progress {
            done: already,
            total,
            this_run: 0,
        });
        if pending > 0 {
            let workers = jobs.clamp(1, pending.min(usize::MAX as u64) as usize);
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(workers)
                .thread_name(|i| format!("parlour-game-{i}"))
                .build()
                .map_err(|e| ArenaError::Threads(e.to_string()))?;
            let next = AtomicU64::new(0);
            let stop = AtomicBool::new(false);
            // Bounded, so that workers wait for a recorder that falls behind (a slow disk, a
            // descheduled thread) instead of piling finished games up in memory.
            let (tx, rx) =
                mpsc::sync_channel::<Vec<Result<GameRecord, ArenaError>>>(BACKLOG * workers);
            let outcome = std::thread::scope(|scope| -> Result<(), ArenaError> {
                let (next, stop, recorded) = (&next, &stop, &recorded);
                let (first, end) = (range.start, range.end);
                scope.spawn(move || {
                    pool.scope(|s| {
                        for _ in 0..workers {
                            let tx = tx.clone();
                            // Games are taken in index order, so the finished ones form a
                            // prefix (plus the few in flight) and early-stop looks come soon.
                            s.spawn(move |_| {
                                // Finished games are sent every few milliseconds rather than
                                // one by one: waking the recorder for each fast game costs
                                // more than the game. A game slower than that goes at once.
                                let mut held = Vec::new();
                                let mut since = Instant::now();
                                loop {
                                    if stop.load(Ordering::Relaxed) || self.interrupted() {
                                        break;
                                    }
                                    let index = first + next.fetch_add(1, Ordering::Relaxed);
                                    if index >= end {
                                        break;
                                    }
                                    if recorded.get(index) {
                                        continue;
                                    }
                                    let result = self.play_game_caught(index, make_bot);
                                    let failed = result.is_err();
                                    held.push(result);
                                    if failed || since.elapsed() >= SEND_EVERY {
                                        // The next batch starts at this one's size,
                                        // so it does not grow (and fault in fresh
                                        // memory) on its way there.
                                        let sized = Vec::with_capacity(held.len());
                                        if tx.send(std::mem::replace(&mut held, sized)).is_err()
                                            || failed
                                        {
                                            return;
                                        }
                                        since = Instant::now();
                                    }
                                }
                                if !held.is_empty() {
                                    let _ = tx.send(held);
                                }
                            });
                        }
                    });
                    drop(tx);
                });
                // However the collector ends (a panic in `record` or `progress` included), the
                // workers are told to stop rather than play out the tournament.
                let _stop_on_exit = StopOnDrop(stop);
                let mut batch = Vec::new();
                // The first failure; the games that finished are still recorded, until the
                // workers, told to stop, have all handed theirs over.
                let mut failure: Option<ArenaError> = None;
                let mut fail = |e: ArenaError| {
                    stop.store(true, Ordering::Relaxed);
                    failure.get_or_insert(e);
                };
                while let Ok(first) = rx.recv() {
                    batch.clear();
                    for result in std::iter::once(first).chain(rx.try_iter()).flatten() {
                        match result {
                            Ok(r) => batch.push(r),
                            Err(e) => fail(e),
                        }
                    }
                    if let Err(e) = record(&batch) {
                        // Nothing more can be recorded: stop at once.
                        fail(e.into());
                        break;
                    }
                    played += batch.len() as u64;
                    let stopped_before = fold.stopped.is_some();
                    for r in batch.drain(..) {
                        fold.offer(r);
                    }
                    if !stopped_before && fold.stopped.is_some() {
                        stop.store(true, Ordering::Relaxed);
                    }
                    progress(Progress {
                        done: already + played,
                        total,
                        this_run: played,
                    });
                }
                match failure {
                    Some(e) => Err(e),
                    None if already + played < total
                        && fold.stopped.is_none()
                        && self.interrupted() =>
                    {
                        Err(ArenaError::Interrupted {
                            recorded: already + played,
                            total,
                        })
                    }
                    None => Ok(()),
                }
            });
            outcome?;
        }
        Ok(RunResult {
            played,
            summary: fold.summary(),
        })
    }
}

/// Sets its flag when dropped.
struct StopOnDrop<'a>(&'a AtomicBool);

impl Drop for StopOnDrop<'_> {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

/// What sees each decision of a game played with [`Tournament::play_game_traced`].
type OnStep<'f, G> = &'f mut dyn FnMut(&Step<'_, G>) -> Result<(), String>;

/// `play` (game `index`), with a panic turned into an error.
fn caught<T>(index: u64, play: impl FnOnce() -> Result<T, ArenaError>) -> Result<T, ArenaError> {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(play)).unwrap_or_else(|payload| {
        let message = payload
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "(no message)".into());
        Err(ArenaError::Panicked { index, message })
    })
}
