//! Tournaments through the dynamic API: built-in bots by name, and bots that live outside Rust
//! (Python objects) through [`ForeignBot`], with the standings as the JSON object
//! `parlour tournament --format json` prints.

use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::Instant;

use parlour_arena::render::{self, RunInfo};
use parlour_arena::{Tournament, TournamentConfig};
use parlour_core::rng::{derive_seed, seeded};
use parlour_core::{Bot, BotError, BotSpec, Decision, Game, Seating};
use parlour_games::Playable;
use parlour_protocol::entry::{BotReport, Fault, FaultKind, Limits, ProgramSpec};
use parlour_protocol::{EntrySpec, Outcome, Player, Program};
use rand::RngExt;
use serde_json::Value;

use crate::error::DynError;

/// A bot that lives outside Rust and sees what an external program sees: the seat's
/// observation as JSON and the legal actions as text.
pub trait ForeignBot: Send {
    /// A game begins: the bot's seat, its seed and the game's number.
    fn start(&mut self, seat: usize, seed: u64, index: u64) -> Result<(), String>;
    /// The bot's decision: one of `legal`, as its text or its index in the list.
    fn act(&mut self, observation: &Value, legal: &[String]) -> Result<ForeignAnswer, String>;
    /// Another seat's action as this seat saw it (`None` when the rules hide it).
    fn event(&mut self, seat: usize, action: Option<String>) -> Result<(), String>;
    /// The game is over: every seat's return, the winners, the seat's final observation and
    /// the faults the bot made in the game (as the protocol's `result` message tells them).
    fn finish(&mut self, returns: &[f64], winners: &[usize], observation: &Value, faults: usize);
}

/// What a foreign bot answered.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ForeignAnswer {
    /// An action's text.
    Text(String),
    /// An index into the legal list.
    Index(i64),
    /// An answer with a fault the bot reports of itself (the kit's `Faulted`): the fault is
    /// recorded as `reported` and the answer is taken as usual.
    Reported(Box<ForeignAnswer>, String),
}

/// Makes a foreign bot for one game (a fresh object a game).
pub type ForeignMaker = Arc<dyn Fn() -> Result<Box<dyn ForeignBot>, String> + Send + Sync>;

/// One entry of a tournament.
#[derive(Clone)]
pub enum Entry {
    /// A built-in bot (`heuristic`, `ismcts:iters=200`; see [`Entry::named`]).
    Bot(BotSpec),
    /// A bot outside Rust, under a label.
    Foreign {
        /// Its name in the standings.
        label: String,
        /// Makes one for each game.
        make: ForeignMaker,
    },
}

impl std::fmt::Debug for Entry {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Entry::Bot(b) => write!(f, "Bot({:?})", b.to_string()),
            Entry::Foreign { label, .. } => write!(f, "Foreign({label:?})"),
        }
    }
}

impl Entry {
    /// An entry as `parlour tournament --bots` names it: a built-in bot. An external program
    /// (`cmd:...`) is refused: from Python, a bot is a class.
    pub fn named(text: &str) -> Result<Entry, DynError> {
        match parlour_protocol::entry_from_text(text, Limits::default(), 3) {
            Ok(EntrySpec::Bot(spec)) => Ok(Entry::Bot(spec)),
            Ok(EntrySpec::Program(_)) => Err(DynError::Bot(format!(
                "{text}: programs are entered with `parlour tournament` and seated with \
                 `parlour play`; from Python, enter a Bot class"
            ))),
            Err(e) => Err(DynError::Bot(e.to_string())),
        }
    }
}

/// A tournament to run: its entries (the game's own bots and random ones when empty), games
/// (the game's default when `None`), seed, worker threads and duplicate deals (the game's
/// default when `None`).
#[derive(Debug, Clone)]
pub struct TournamentRequest {
    /// The entries.
    pub entries: Vec<Entry>,
    /// Games to play.
    pub games: Option<u64>,
    /// The tournament's seed.
    pub seed: u64,
    /// Worker threads (at least 1).
    pub jobs: usize,
    /// Whether to play every deal in each seat rotation.
    pub duplicate: Option<bool>,
}

fn bad(e: impl std::fmt::Display) -> DynError {
    DynError::Tournament(e.to_string())
}

pub(crate) fn run<G: Playable>(game: &G, request: &TournamentRequest) -> Result<Value, DynError> {
    let game = game.tournament_unit();
    let mut specs = Vec::new();
    let mut foreign: Vec<Option<ForeignMaker>> = Vec::new();
    for entry in &request.entries {
        match entry {
            Entry::Bot(spec) => {
                parlour_bots::check_bot::<G>(spec).map_err(bad)?;
                specs.push(EntrySpec::Bot(spec.clone()));
                foreign.push(None);
            }
            Entry::Foreign { label, make } => {
                specs.push(EntrySpec::Program(ProgramSpec {
                    name: label.clone(),
                    // Unique, so that the entry is found again at each game.
                    command: vec![format!("python:{}:{label}", specs.len())],
                    dir: None,
                    env: BTreeMap::new(),
                    limits: Limits::default(),
                    max_faults: u32::MAX,
                    user: None,
                    files: Vec::new(),
                }));
                foreign.push(Some(make.clone()));
            }
        }
    }
    if specs.is_empty() {
        specs = crate::plan::default_entries::<G>(game.num_players());
        foreign = vec![None; specs.len()];
    }
    let games = request
        .games
        .unwrap_or_else(|| game.default_tournament_games());
    if !(1..=parlour_arena::MAX_GAMES).contains(&games) {
        return Err(bad(format!(
            "games must be from 1 to {}",
            parlour_arena::MAX_GAMES
        )));
    }
    let mut config = TournamentConfig::new(&game, specs, games, request.seed);
    if let Some(d) = request.duplicate {
        config.duplicate = d;
    }
    // The arena checks the entries by making each once; a foreign bot's stand-in is a random
    // one (it is made for real at each game).
    let tournament = Tournament::new(game, config, &crate::plan::stand_in::<G>).map_err(bad)?;
    let entries = &tournament.config().entries;
    let make_player = |entry: &EntrySpec, seed: u64| -> Result<Player<G>, BotError> {
        let i = entries
            .iter()
            .position(|e| e == entry)
            .unwrap_or(usize::MAX);
        match foreign.get(i).cloned().flatten() {
            Some(make) => {
                let bot = make().map_err(|reason| BotError::Malformed {
                    spec: entry.label(),
                    reason,
                })?;
                Ok(Player::Program(Box::new(Foreign::<G>::new(bot, seed))))
            }
            None => Player::built_in(entry, seed),
        }
    };
    let start = Instant::now();
    let result = tournament
        .run(
            request.jobs.max(1),
            Vec::new(),
            &make_player,
            &mut |_| Ok(()),
            &mut |_| {},
        )
        .map_err(bad)?;
    let run = RunInfo {
        seconds: start.elapsed().as_secs_f64(),
        jobs: request.jobs.max(1),
        played: result.played,
        db: None,
        schedule: tournament.schedule().kind,
    };
    Ok(render::json(
        tournament.config(),
        &result.summary,
        Some(&run),
    ))
}

/// One game dealt from `seed` between `seats`, as `parlour play --seats ... --seed` plays
/// it: seat `i`'s bot gets the seed `bot_seed(derive_seed(seed, 1 + i))`, so built-in bots
/// decide exactly as they do there. Returns the final state with its history.
pub(crate) fn play<G: Playable>(
    game: &G,
    seats: &[Entry],
    seed: u64,
) -> Result<(G::State, Vec<G::Action>), DynError> {
    if seats.len() != game.num_players() {
        return Err(DynError::Seat(format!(
            "{} seats for a table of {}",
            seats.len(),
            game.num_players()
        )));
    }
    let mut players = Vec::with_capacity(seats.len());
    for (i, entry) in seats.iter().enumerate() {
        let seed = parlour_core::rng::seat_seed(seed, i);
        players.push(match entry {
            Entry::Bot(spec) => Player::built_in(&EntrySpec::Bot(spec.clone()), seed)
                .map_err(|e| DynError::Bot(e.to_string()))?,
            Entry::Foreign { label, make } => {
                let bot = make().map_err(|e| DynError::Bot(format!("{label}: {e}")))?;
                Player::Program(Box::new(Foreign::<G>::new(bot, seed)))
            }
        });
    }
    let mut table = parlour_protocol::Table::new(players);
    let mut actions = Vec::new();
    let end = parlour_core::play::Runner::new(game)
        .play_steps(game.new_game(seed), &mut table, |step| {
            actions.push(step.action);
            Ok(())
        })
        .map_err(|e| DynError::Bot(e.to_string()))?;
    Ok((end, actions))
}

/// A foreign bot at a table: its errors and bad answers are faults (as a program's are), and
/// the seat plays a random legal action instead.
struct Foreign<G: Game> {
    game: std::marker::PhantomData<fn() -> G>,
    bot: Box<dyn ForeignBot>,
    seed: u64,
    rng: parlour_core::rng::GameRng,
    report: BotReport,
    /// Decisions made in the game so far (every seat's).
    decisions: u64,
}

impl<G: Game> Foreign<G> {
    fn new(bot: Box<dyn ForeignBot>, seed: u64) -> Foreign<G> {
        Foreign {
            game: std::marker::PhantomData,
            bot,
            seed,
            // As a program's stand-in moves are drawn.
            rng: seeded(derive_seed(seed, 1)),
            report: BotReport::default(),
            decisions: 0,
        }
    }

    fn fault(&mut self, kind: FaultKind, detail: String) {
        self.report.faults.push(Fault {
            decision: self.decisions,
            kind,
            detail,
        });
    }
}

impl<G: Game> Bot<G> for Foreign<G> {
    fn start(&mut self, _game: &G, seating: Seating) {
        self.decisions = seating.decisions;
        if let Err(e) = self.bot.start(seating.seat, self.seed, seating.index) {
            self.fault(FaultKind::Malformed, e);
        }
    }

    fn act(&mut self, decision: &Decision<'_, G>) -> G::Action {
        let at = decision.observation();
        let observation = serde_json::to_value(at).unwrap_or(Value::Null);
        let legal: Vec<String> = decision.legal.iter().map(|a| a.to_string()).collect();
        let answer = self.bot.act(&observation, &legal);
        let action = self.answer(answer, decision, &legal);
        self.decisions += 1;
        action
    }
}

impl<G: Game> Foreign<G> {
    /// The action an answer names, or (a fault) a random legal one.
    fn answer(
        &mut self,
        answer: Result<ForeignAnswer, String>,
        decision: &Decision<'_, G>,
        legal: &[String],
    ) -> G::Action {
        match answer {
            Ok(ForeignAnswer::Reported(inner, why)) => {
                self.fault(FaultKind::Reported, why);
                return self.answer(Ok(*inner), decision, legal);
            }
            Ok(ForeignAnswer::Index(i)) if i >= 0 && (i as usize) < legal.len() => {
                return decision.legal[i as usize]
            }
            Ok(ForeignAnswer::Index(i)) => self.fault(
                FaultKind::Illegal,
                format!("index {i} is outside the {} legal actions", legal.len()),
            ),
            Ok(ForeignAnswer::Text(t)) => match legal.iter().position(|l| *l == t.trim()) {
                Some(i) => return decision.legal[i],
                None => match t.trim().parse::<G::Action>() {
                    Ok(a) if decision.legal.contains(&a) => return a,
                    Ok(_) => self.fault(FaultKind::Illegal, format!("{t:?} is not legal now")),
                    Err(e) => self.fault(FaultKind::Malformed, e.to_string()),
                },
            },
            Err(e) => self.fault(FaultKind::Malformed, e),
        }
        decision.legal[self.rng.random_range(0..decision.legal.len())]
    }
}

impl<G: Game> Program<G> for Foreign<G> {
    fn event(
        &mut self,
        _game: &G,
        actor: usize,
        action: Option<G::Action>,
        _detail: Option<Value>,
    ) {
        if let Err(e) = self.bot.event(actor, action.map(|a| a.to_string())) {
            self.fault(FaultKind::Malformed, e);
        }
        self.decisions += 1;
    }

    fn finish(&mut self, outcome: &Outcome<'_, G>) {
        let observation = serde_json::to_value(outcome.observation).unwrap_or(Value::Null);
        let faults = self.report.faults.len();
        self.bot
            .finish(outcome.returns, outcome.winners, &observation, faults);
    }

    fn report(&mut self) -> BotReport {
        std::mem::take(&mut self.report)
    }
}

/// Game `index` of a tournament played again exactly as its run played it, as a trace
/// (`parlour play --trace`'s format) whose seats are the entries' labels. Only games between
/// built-in bots can be replayed: an external program's moves are not recorded.
pub fn trace_game(config: &TournamentConfig, index: u64) -> Result<String, DynError> {
    struct Trace<'a>(&'a TournamentConfig, u64);
    impl parlour_games::GameVisitor for Trace<'_> {
        type Output = Result<String, DynError>;
        fn visit<G: Playable>(self) -> Self::Output {
            let bad = |e: String| DynError::Tournament(e);
            let game = crate::shards::game_of::<G>(self.0)?;
            let tournament = Tournament::new(game, self.0.clone(), &crate::plan::stand_in::<G>)
                .map_err(|e| bad(e.to_string()))?;
            tournament
                .trace_game(self.1, &|e, seed| Player::built_in(e, seed))
                .map_err(|e| bad(e.to_string()))
        }
    }
    parlour_games::with_game(&config.game, Trace(config, index))
        .map_err(|e| DynError::UnknownGame(e.to_string()))?
}
