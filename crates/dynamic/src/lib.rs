//! # parlour-dynamic
//!
//! Every parlour game behind one object-safe API, chosen by name at run time: what the Python
//! package (and any other door that cannot be generic over a game type) is built on.
//!
//! - [`open`] makes an [`AnyGame`] from a game's name and `key = value` options, with the
//!   command line's messages for bad ones.
//! - An [`AnyState`] is a position: legal actions and actions as text (their protocol form), the
//!   per-seat observation as JSON (what the protocol sends) and as a tensor
//!   ([`parlour_core::encode`]), tokens with a legal mask, returns, resampling from a seat's view,
//!   and a saved form ([`AnyState::record`]: how the state began and the actions since) that
//!   [`load_state`] replays.
//! - [`AnyGame::bot`] makes a built-in bot by its command-line name; [`AnyGame::batch`] steps
//!   many games at once in parallel ([`batch`]); [`AnyGame::tournament`] runs a tournament and
//!   returns the standings object `parlour tournament --format json` prints, with bots from
//!   outside Rust among the entries ([`tournament::ForeignBot`]).
//! - [`plan`] is the one tournament planner: what `parlour tournament`'s arguments name, for
//!   the command line, the shard driver and the Python package alike.
//! - [`shards`] plays one shard of a planned tournament into its own database (or resumes it),
//!   checks a machine's programs and merges shards: what the Python package's Ray driver runs
//!   on each node.
//! - Every failure is a [`DynError`] whose kind says what was wrong.
//!
//! ```
//! use parlour_dynamic::open;
//! use serde_json::json;
//!
//! let game = open("uno", &[("players".to_string(), json!(3))]).unwrap();
//! let mut state = game.new_state(7);
//! let mut bot = game.bot("heuristic", 1).unwrap();
//! while let Some(seat) = state.current_player() {
//!     let view = state.observation(seat).unwrap();
//!     assert_eq!(view["seat"], json!(seat));
//!     let action = bot.act(state.as_ref()).unwrap();
//!     state.apply(&action).unwrap();
//! }
//! assert_eq!(state.returns().len(), 3);
//! // The saved form replays to the same position.
//! let again = parlour_dynamic::load_state(&state.record()).unwrap();
//! assert!(again.same(state.as_ref()));
//! // Bad input is an error of a kind, never a panic.
//! assert_eq!(state.apply("R5").unwrap_err().kind(), "game-over");
//! assert_eq!(open("uno", &[("players".into(), json!(11))]).unwrap_err().kind(), "options");
//! ```

use std::any::Any;
use std::fmt;

use parlour_core::encode::{Layout, Token};
use parlour_core::GameInfo;
use parlour_games::{with_game, GameVisitor, Playable};
use serde_json::Value;

pub mod batch;
#[cfg(unix)]
pub mod bench;
mod erased;
pub mod error;
mod inner;
pub mod plan;
pub mod shards;
mod table;
pub mod tournament;

pub use batch::{AnyBatch, Outputs};
pub use error::DynError;
pub use tournament::{Entry, ForeignAnswer, ForeignBot, ForeignMaker, TournamentRequest};

use erased::GameHandle;

/// The `format` field of a saved state.
pub const STATE_FORMAT: &str = "parlour-state";

/// A game with its options set.
pub trait AnyGame: Send + Sync + fmt::Debug {
    /// The game's fixed facts (name, players, variants, score).
    fn info(&self) -> &'static GameInfo;
    /// Its options, as JSON.
    fn options(&self) -> Value;
    /// Seats at the table.
    fn num_players(&self) -> usize;
    /// A bound on decisions in one game, when the rules give one.
    fn max_decisions(&self) -> Option<u64>;
    /// A new game dealt from `seed`.
    fn new_state(&self, seed: u64) -> Box<dyn AnyState>;
    /// The length of a seat's observation vector (with the pending-prefix slice).
    fn observation_len(&self) -> usize;
    /// The number of action tokens.
    fn action_space(&self) -> usize;
    /// The most tokens one action takes.
    fn max_tokens(&self) -> usize;
    /// The observation vector's slices.
    fn observation_layout(&self) -> Layout;
    /// The action space's token ranges.
    fn action_layout(&self) -> Layout;
    /// A full state consistent with one seat's observation (JSON, as the protocol sends it),
    /// everything hidden from that seat drawn from `seed`.
    fn resample(&self, observation: &Value, seed: u64) -> Result<Box<dyn AnyState>, DynError>;
    /// Writes the vector of an observation given as JSON.
    fn encode_observation(&self, observation: &Value, out: &mut [f32]) -> Result<(), DynError>;
    /// What every seat sees of a seat's observation (JSON): without the fields only that seat
    /// sees ([`parlour_core::Game::public_view`]).
    fn public_view(&self, observation: &Value) -> Result<Value, DynError>;
    /// An observation (JSON) as the terminal shows it to a person.
    fn describe(&self, observation: &Value) -> Result<String, DynError>;
    /// The state a saved form ([`AnyState::record`]) describes, for this game.
    fn load_state(&self, record: &Value) -> Result<Box<dyn AnyState>, DynError>;
    /// A built-in bot by its command-line name (`heuristic`, `ismcts:iters=400`).
    fn bot(&self, spec: &str, seed: u64) -> Result<Box<dyn AnyBot>, DynError>;
    /// The seats of a game dealt from `seed`, for a caller that steps the game itself (the
    /// browser's tables): each bot seeded by [`parlour_core::rng::seat_seed`] as `parlour play`
    /// seeds it, a person's seat played by `stand_in` when asked to act, and each external
    /// program ([`parlour_protocol`]) started now and greeted (an error says which seat cannot
    /// play and why), its standard error logged under `logs`. Its faults (a late, junk or
    /// illegal answer, a crash) are handled as a tournament handles them: a random legal
    /// move stands in.
    fn table(
        &self,
        seats: &[parlour_protocol::SeatSpec],
        seed: u64,
        stand_in: &parlour_core::BotSpec,
        logs: Option<&std::path::Path>,
    ) -> Result<Box<dyn AnyTable>, DynError>;
    /// The built-in bots' names and what each is.
    fn bot_names(&self) -> Vec<(&'static str, &'static str)>;
    /// The strongest built-in bot with its options ([`parlour_core::GameAi::STRONGEST_BOT`]).
    fn strongest_bot(&self) -> &'static str;
    /// `games` games stepped together, dealt from `seed`.
    fn batch(&self, games: usize, seed: u64) -> Box<dyn AnyBatch>;
    /// Runs a tournament and returns its standings as `parlour tournament --format json`
    /// prints them.
    fn tournament(&self, request: &TournamentRequest) -> Result<Value, DynError>;
    /// Plays one game dealt from `seed` between `seats` (built-in bots by name, foreign bots) as
    /// `parlour play --seats ... --seed` plays it, and returns the final state.
    fn play(&self, seats: &[Entry], seed: u64) -> Result<Box<dyn AnyState>, DynError>;
    /// Whether seat `viewer` sees `action` (text) when `actor` makes it (a Comp10001-Go pick
    /// stays hidden until the picks are revealed).
    fn action_visible(&self, actor: usize, action: &str, viewer: usize) -> Result<bool, DynError>;
    /// For downcasting.
    fn as_any(&self) -> &dyn Any;
}

/// A position of some game.
pub trait AnyState: Send + Sync + fmt::Debug {
    /// For downcasting.
    fn as_any(&self) -> &dyn Any;
    /// A copy.
    fn clone_box(&self) -> Box<dyn AnyState>;
    /// Whether `other` is the same position of the same game (with the same pending tokens).
    fn same(&self, other: &dyn AnyState) -> bool;
    /// The game.
    fn game(&self) -> Box<dyn AnyGame>;
    /// The seat to act, or `None` when the game is over.
    fn current_player(&self) -> Option<usize>;
    /// Whether the game is over.
    fn is_terminal(&self) -> bool;
    /// Decisions made so far.
    fn decisions(&self) -> u64;
    /// Rounds (hands) completed.
    fn rounds_completed(&self) -> u32;
    /// The legal actions, as text, in the game's order.
    fn legal_actions(&self) -> Vec<String>;
    /// `Ok` when `action` (text) is legal now, or why not.
    fn check(&self, action: &str) -> Result<(), DynError>;
    /// Plays `action` (text); on error nothing changes.
    fn apply(&mut self, action: &str) -> Result<(), DynError>;
    /// Writes the mask of the tokens that may come next (all false when the game is over).
    fn legal_mask(&mut self, out: &mut [bool]) -> Result<(), DynError>;
    /// The tokens chosen so far towards the next action.
    fn pending(&self) -> Vec<Token>;
    /// Takes a token; when it completes an action, plays it and returns its text.
    fn apply_token(&mut self, token: Token) -> Result<Option<String>, DynError>;
    /// Forgets the pending tokens.
    fn clear_pending(&mut self);
    /// The tokens that spell `action` (text) for the seat to act.
    fn action_tokens(&self, action: &str) -> Result<Vec<Token>, DynError>;
    /// Each seat's return so far (final when the game is over).
    fn returns(&self) -> Vec<f64>;
    /// The winners of a finished game.
    fn winners(&self) -> Vec<usize>;
    /// What `seat` sees, as the JSON the protocol sends.
    fn observation(&self, seat: usize) -> Result<Value, DynError>;
    /// What every seat sees (what a spectator of a table with hidden hands is shown): any
    /// seat's observation without the fields only that seat sees.
    fn public_view(&self) -> Value;
    /// Writes `seat`'s observation vector (with the pending tokens when it is to act).
    fn encode(&self, seat: usize, out: &mut [f32]) -> Result<(), DynError>;
    /// What `seat` sees, as the terminal shows it.
    fn describe(&self, seat: usize) -> Result<String, DynError>;
    /// A state consistent with what `seat` sees, everything hidden from it drawn from `seed`.
    fn resample(&self, seat: usize, seed: u64) -> Result<Box<dyn AnyState>, DynError>;
    /// The saved form: game, options, how the state began, and the actions since.
    fn record(&self) -> Value;
    /// The actions played since the state began, as text.
    fn history(&self) -> Vec<String>;
    /// The game so far as a trace (what `parlour play --trace` writes, and `parlour replay`
    /// checks), with `seats` naming the players; the result line only once the game is over.
    /// A resampled state has none.
    fn trace(&self, seats: &[String]) -> Result<String, DynError>;
}

impl Clone for Box<dyn AnyState> {
    fn clone(&self) -> Self {
        self.clone_box()
    }
}

/// A built-in bot of some game ([`AnyGame::bot`]).
pub trait AnyBot: Send {
    /// Its name with options, as the command line writes it.
    fn name(&self) -> &str;
    /// Its decision for the seat to act in `state` (a state of its own game).
    fn act(&mut self, state: &dyn AnyState) -> Result<String, DynError>;
    /// Its decision from a seat's observation (JSON) and the legal actions (text).
    fn act_on(&mut self, observation: &Value, legal: &[String]) -> Result<String, DynError>;
}

/// The seats of one game, for a caller that steps it a move at a time ([`AnyGame::table`]):
/// the runner's own table of players ([`parlour_protocol::Table`]) behind a dynamic face, so
/// the programs at it are told every move (as their seat saw it) and the result exactly as
/// a tournament's step loop tells them.
pub trait AnyTable: Send {
    /// The decision of the seat to act in `state` (a person's seat: its stand-in's). The
    /// caller plays it, or another action, and says so with [`AnyTable::played`].
    fn act(&mut self, state: &dyn AnyState) -> Result<String, DynError>;
    /// Seat `actor` played `action` (text) in `before`, giving `after`: the programs at the
    /// table are told, and once `after` is over, told the result. Then it returns each
    /// program seat's faults in the game, as (seat, text).
    fn played(
        &mut self,
        before: &dyn AnyState,
        actor: usize,
        action: &str,
        after: &dyn AnyState,
    ) -> Result<Vec<(usize, String)>, DynError>;
    /// How many seats are external programs.
    fn programs(&self) -> usize;
}

struct Open<'a>(&'a [(String, Value)]);

impl GameVisitor for Open<'_> {
    type Output = Result<Box<dyn AnyGame>, DynError>;
    fn visit<G: Playable>(self) -> Self::Output {
        let game: G = parlour_games::options::make_game(self.0.iter().cloned())
            .map_err(|e| DynError::Options(e.to_string()))?;
        Ok(Box::new(GameHandle::new(game)))
    }
}

/// The game named `name` with these options over its defaults (`players`, `variant`, ...).
pub fn open(name: &str, options: &[(String, Value)]) -> Result<Box<dyn AnyGame>, DynError> {
    with_game(name, Open(options)).map_err(|e| DynError::UnknownGame(e.to_string()))?
}

/// The game and state a saved form ([`AnyState::record`]) describes.
pub fn load_state(record: &Value) -> Result<Box<dyn AnyState>, DynError> {
    let bad = |why: String| DynError::State(format!("cannot load the state: {why}"));
    if record.get("format").and_then(Value::as_str) != Some(STATE_FORMAT) {
        return Err(bad(format!("not a saved state (format {STATE_FORMAT:?})")));
    }
    let name = record
        .get("game")
        .and_then(Value::as_str)
        .ok_or_else(|| bad("no game named".into()))?;
    let options = match record.get("options") {
        Some(Value::Object(m)) => m.iter().map(|(k, v)| (k.clone(), v.clone())).collect(),
        None | Some(Value::Null) => Vec::new(),
        Some(other) => return Err(bad(format!("options {other} are not an object"))),
    };
    let game = open(name, &options).map_err(|e| bad(e.to_string()))?;
    game.load_state(record)
}

/// A trace (as `parlour play --trace` writes it), checked line by line: its seed, its actions
/// and the state it ends in.
#[derive(Debug)]
pub struct Replay {
    /// The game.
    pub game: Box<dyn AnyGame>,
    /// The deal's seed.
    pub seed: u64,
    /// The actions, as text.
    pub actions: Vec<String>,
    /// Who made each action.
    pub actors: Vec<Option<usize>>,
    /// The state at the end. (The states between are not kept: a long recording would hold
    /// each one's whole history; deal again from `seed` and play `actions` to reach one.)
    pub end: Box<dyn AnyState>,
}

/// Replays a trace: every line is checked as `parlour replay` checks it.
pub fn replay(trace: &str) -> Result<Replay, DynError> {
    let lines: Vec<&str> = trace.lines().filter(|l| !l.trim().is_empty()).collect();
    let first = lines
        .first()
        .ok_or_else(|| DynError::Trace("line 1: the trace is empty".into()))?;
    let header =
        parlour_core::trace::read_header(first).map_err(|e| DynError::Trace(e.to_string()))?;
    with_game(&header.game, ReplayTrace(&lines))
        .map_err(|e| DynError::Trace(format!("line 1: {e}")))?
}

struct ReplayTrace<'a>(&'a [&'a str]);

impl GameVisitor for ReplayTrace<'_> {
    type Output = Result<Replay, DynError>;
    fn visit<G: Playable>(self) -> Self::Output {
        parlour_core::trace::replay::<G>(self.0).map_err(|e| DynError::Trace(e.to_string()))?;
        let header = parlour_core::trace::read_header(self.0[0])
            .map_err(|e| DynError::Trace(e.to_string()))?;
        let options = match &header.options {
            Value::Object(m) => m.iter().map(|(k, v)| (k.clone(), v.clone())).collect(),
            _ => Vec::new(),
        };
        let game = open(G::INFO.name, &options).map_err(|e| DynError::Trace(e.to_string()))?;
        let mut state = game.new_state(header.seed);
        let mut actions = Vec::new();
        let mut actors = Vec::new();
        for (i, line) in self.0.iter().enumerate().skip(1) {
            let v: Value = serde_json::from_str(line)
                .map_err(|e| DynError::Trace(format!("line {}: {e}", i + 1)))?;
            if v.get("kind").and_then(Value::as_str) != Some("decision") {
                continue;
            }
            let action = match &v["action"] {
                Value::String(s) => s.clone(),
                other => other.to_string(),
            };
            actors.push(state.current_player());
            state
                .apply(&action)
                .map_err(|e| DynError::Trace(format!("line {}: {e}", i + 1)))?;
            actions.push(action);
        }
        Ok(Replay {
            game,
            seed: header.seed,
            actions,
            actors,
            end: state,
        })
    }
}
