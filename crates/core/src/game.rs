//! The game API: [`Game`] (immutable parameters and fixed facts) and [`State`] (a mutable,
//! cloneable position), after OpenSpiel's split.

use std::fmt::{Debug, Display};
use std::hash::Hash;
use std::ops::RangeInclusive;
use std::str::FromStr;

use serde::de::DeserializeOwned;
use serde::Serialize;

use crate::bot::BotEntry;
use rand::RngExt;

use crate::rng::GameRng;
use crate::search::{ResampleEach, Sampler, SearchTuning};

/// A player's seat at the table, `0..n`. "Next" is `(seat + 1) % n`.
pub type Seat = usize;

/// What every game's action type provides: a small `Copy` value with a stable text form
/// (`Display`/`FromStr`) and a stable JSON form (`serde`).
///
/// Parsing text fails with [`ParseActionError`] (a syntax error); applying a well-formed action
/// that the rules forbid fails with [`IllegalAction`]. The two are different on purpose.
pub trait Action:
    Copy
    + Eq
    + Hash
    + Debug
    + Display
    + FromStr<Err = ParseActionError>
    + Serialize
    + DeserializeOwned
    + Send
    + Sync
    + 'static
{
}

impl<T> Action for T where
    T: Copy
        + Eq
        + Hash
        + Debug
        + Display
        + FromStr<Err = ParseActionError>
        + Serialize
        + DeserializeOwned
        + Send
        + Sync
        + 'static
{
}

/// Text that is not a well-formed action.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("cannot read {input:?} as an action: {reason}")]
#[non_exhaustive]
pub struct ParseActionError {
    /// The text that was given.
    pub input: String,
    /// What is wrong with it.
    pub reason: String,
}

impl ParseActionError {
    /// A parse error for `input`, with the reason.
    pub fn new(input: impl Into<String>, reason: impl Into<String>) -> Self {
        ParseActionError {
            input: input.into(),
            reason: reason.into(),
        }
    }
}

/// A well-formed action that the rules forbid in this state.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("illegal action {action}: {reason}")]
#[non_exhaustive]
pub struct IllegalAction {
    /// The action, in its text form.
    pub action: String,
    /// Which rule forbids it.
    pub reason: String,
}

impl IllegalAction {
    /// An illegal-action error for `action`, with the rule that forbids it.
    pub fn new(action: impl Display, reason: impl Into<String>) -> Self {
        IllegalAction {
            action: action.to_string(),
            reason: reason.into(),
        }
    }
}

/// Game options that cannot be played (a player count out of range, a zero target, ...).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("invalid options: {0}")]
pub struct OptionsError(pub String);

/// An observation that no full state is consistent with (e.g. a corrupt or hand-made one).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("cannot resample: {0}")]
pub struct ResampleError(pub String);

/// The range a per-seat quantity can take: a game's returns, or one of its result figures.
/// Either end may be open. Tournament statistics keep every interval inside it.
#[derive(Debug, Clone, Copy, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Bounds {
    /// The least possible value, if there is one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub low: Option<f64>,
    /// The greatest possible value, if there is one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub high: Option<f64>,
}

impl Bounds {
    /// No bound either way.
    pub const NONE: Bounds = Bounds {
        low: None,
        high: None,
    };

    /// Both ends closed: `low..=high`.
    pub const fn between(low: f64, high: f64) -> Bounds {
        Bounds {
            low: Some(low),
            high: Some(high),
        }
    }

    /// At least `low`.
    pub const fn at_least(low: f64) -> Bounds {
        Bounds {
            low: Some(low),
            high: None,
        }
    }

    /// At most `high`.
    pub const fn at_most(high: f64) -> Bounds {
        Bounds {
            low: None,
            high: Some(high),
        }
    }

    /// Whether `x` lies inside (the ends included).
    pub fn contains(&self, x: f64) -> bool {
        self.low.is_none_or(|l| x >= l) && self.high.is_none_or(|h| x <= h)
    }
}

/// The result of one completed round (hand) of a game made of rounds; a single-round game has
/// exactly one.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct RoundResult {
    /// The round's index, from 0.
    pub round: u32,
    /// What each seat scored in this round, in the game's own unit (e.g. Uno points).
    pub points: Vec<f64>,
    /// The seats that won the round (empty for a drawn round).
    pub winners: Vec<Seat>,
}

/// A game: its options and the facts that do not change during play.
///
/// A game is a pure function of (game, options, seed, actions): [`Game::new_game`] deals from the
/// seed, and every later random event (a reshuffle, the next round's deal) is drawn from a
/// generator held in the state and seeded from it.
pub trait Game: Clone + Debug + Send + Sync + Sized + 'static {
    /// Options (player count, variant, targets); `Default` is the standard game.
    type Options: Clone + Debug + Default + PartialEq + Serialize + DeserializeOwned + Send + Sync;
    /// A player decision.
    type Action: Action;
    /// Exactly what one seat can see: the only thing a bot receives. Its `Display` is the short
    /// human text form used in the terminal.
    type Observation: Clone
        + Debug
        + PartialEq
        + Display
        + Serialize
        + DeserializeOwned
        + Send
        + Sync;
    /// A full position, hidden information included.
    type State: State<Self>;

    /// The game's name on the command line (`uno`, `go`, ...).
    const NAME: &'static str;

    /// The player counts the game supports.
    fn player_range() -> RangeInclusive<usize>;

    /// The game with these options, or why they cannot be played.
    fn new(options: Self::Options) -> Result<Self, OptionsError>;

    /// The options this game was made with.
    fn options(&self) -> &Self::Options;

    /// Number of seats.
    fn num_players(&self) -> usize;

    /// An upper bound on the number of player decisions in one game, when the rules give one
    /// (`None` when play can in principle go on without limit, as in Uno).
    fn max_decisions(&self) -> Option<u64>;

    /// A new game dealt from `seed`.
    fn new_game(&self, seed: u64) -> Self::State;

    /// A full state consistent with everything `observation`'s seat knows (its observation
    /// includes its perfect-recall history): everything that seat has not seen — other hands, the
    /// order of the draw pile — is redrawn from `rng`, and the state's own generator for future
    /// chance events is seeded from `rng` too, so the true future is never reused.
    ///
    /// Invariant (checked by the conformance harness): `resample(obs).observation(seat) == obs`.
    fn resample(
        &self,
        observation: &Self::Observation,
        rng: &mut GameRng,
    ) -> Result<Self::State, ResampleError>;

    /// The seat an observation belongs to.
    fn observer(observation: &Self::Observation) -> Seat;

    /// A sampler of states consistent with `observation`, for search: it checks the observation
    /// once (the error [`Game::resample`] would give) and then draws as many determinizations
    /// as asked. The default resamples each time; a game may share the checking and counting
    /// between samples.
    fn sampler<'a>(
        &'a self,
        observation: &'a Self::Observation,
        rng: &mut GameRng,
    ) -> Result<Box<dyn Sampler<Self> + 'a>, ResampleError> {
        Ok(Box::new(ResampleEach::new(self, observation, rng)?))
    }

    /// How this game tunes information-set search (its playout policy, evaluator, exploration
    /// constant and playout length). The default is [`SearchTuning::plain`]: random playouts to
    /// the end, win or lose.
    fn search_tuning(&self) -> SearchTuning<Self> {
        SearchTuning::plain()
    }

    /// The game a tournament plays as one unit (by default this game itself). A game made of
    /// independently dealt rounds may return a one-round game, so that a tournament of N rounds
    /// is N games, each with its own seed that duplicate deals can replay. (Uno needs no
    /// override: its default options already make a game one round.)
    fn tournament_unit(&self) -> Self {
        self.clone()
    }

    /// How many games a tournament plays when not told: 1,000 unless the game's own texts set a
    /// size (Uno's seed plays 50,000 rounds at a table).
    fn default_tournament_games(&self) -> u64 {
        1000
    }

    /// Whether chance plays a part (a deal, a shuffle): tournaments then play every deal under
    /// each seat rotation by default (duplicate deals). A game without chance returns `false`.
    fn has_chance(&self) -> bool {
        true
    }

    /// The range every seat's return lies in (open by default); tournament statistics keep
    /// the score's interval inside it.
    fn return_bounds(&self) -> Bounds {
        Bounds::NONE
    }

    /// The range of each of [`State::result_figures`], by name (none by default).
    fn figure_bounds(&self) -> Vec<(&'static str, Bounds)> {
        Vec::new()
    }

    /// This game's own bots (e.g. a heuristic), by name. Game-agnostic bots live in
    /// `parlour-bots`.
    fn bots() -> &'static [BotEntry<Self>] {
        &[]
    }

    /// Whether `viewer` sees `action` when `actor` makes it (a Uno play is seen by all; a
    /// Comp10001-Go pick only by its picker until the picks are revealed together, which the
    /// observations then show). Logs and notifications meant for one seat use this.
    fn action_visible(&self, actor: Seat, action: &Self::Action, viewer: Seat) -> bool {
        let _ = (actor, action, viewer);
        true
    }

    /// The legal actions as one line for a person (after `Legal: `), each after the number a
    /// person may type for it ([`numbered_actions`]); games with many actions may group them,
    /// numbering on across the groups.
    fn format_legal(&self, observation: &Self::Observation, legal: &[Self::Action]) -> String {
        let _ = observation;
        numbered_actions(legal)
    }

    /// Reads a person's typed decision. The default accepts an action's number (as
    /// [`Game::format_legal`] shows it) or its text form; games may accept friendlier input.
    /// The result must be one of `legal`.
    fn parse_human(
        &self,
        observation: &Self::Observation,
        legal: &[Self::Action],
        input: &str,
    ) -> Result<Self::Action, String> {
        let _ = observation;
        if let Some(n) = action_number(input, legal.len()) {
            return n.map(|n| legal[n]);
        }
        let action: Self::Action = input
            .trim()
            .parse()
            .map_err(|e: ParseActionError| e.to_string())?;
        if legal.contains(&action) {
            Ok(action)
        } else {
            Err(format!("{action} is not legal now"))
        }
    }
}

/// The legal actions for a person, in the order given, each after the number that chooses it:
/// `[0] draw  [1] take`. Every game numbers its actions this way at the terminal.
pub fn numbered_actions<A: Display>(legal: &[A]) -> String {
    legal
        .iter()
        .enumerate()
        .map(|(i, a)| format!("[{i}] {a}"))
        .collect::<Vec<_>>()
        .join("  ")
}

/// A person's input read as the number of one of `count` numbered actions: `None` when it is
/// not a number, `Some(Err(why))` when no action has that number.
pub fn action_number(input: &str, count: usize) -> Option<Result<usize, String>> {
    let n = input.trim().parse::<usize>().ok()?;
    Some(if n < count {
        Ok(n)
    } else {
        Err(format!(
            "there is no action [{n}]: the legal actions are numbered 0 to {}",
            count.saturating_sub(1)
        ))
    })
}

/// Whether a person asked for help: `help` (in any case) or `?`.
pub fn asks_help(input: &str) -> bool {
    let input = input.trim();
    input.eq_ignore_ascii_case("help") || input == "?"
}

/// A position of game `G`: cloneable, comparable, and advanced by actions.
pub trait State<G: Game>: Clone + Debug + PartialEq + Send + Sync {
    /// The seat to act, or `None` when the game is over. Simultaneous picks (Comp10001-Go) are
    /// modelled as picks in seat order whose values stay hidden from the other seats until all
    /// have picked.
    fn current_player(&self) -> Option<Seat>;

    /// Whether the game is over.
    fn is_terminal(&self) -> bool {
        self.current_player().is_none()
    }

    /// Writes the legal actions into `out` (cleared first), in a fixed order, each once. Empty
    /// exactly when the game is over. Reusing `out` means generation allocates nothing.
    fn legal_actions(&self, out: &mut Vec<G::Action>);

    /// A legal action drawn uniformly at random (`None` when the game is over), for random
    /// playouts and rollouts. The default lists the legal actions into `scratch` and draws an
    /// index with `rng.random_range(0..len)`; a game may override it with a faster sampler
    /// that never builds the list, provided every legal action stays equally likely.
    fn random_action(&self, rng: &mut GameRng, scratch: &mut Vec<G::Action>) -> Option<G::Action> {
        self.legal_actions(scratch);
        if scratch.is_empty() {
            None
        } else {
            Some(scratch[rng.random_range(0..scratch.len())])
        }
    }

    /// The legal actions as a new vector.
    fn legal_action_vec(&self) -> Vec<G::Action> {
        let mut v = Vec::new();
        self.legal_actions(&mut v);
        v
    }

    /// `Ok` if `action` is legal now, or the rule that forbids it.
    fn check(&self, action: G::Action) -> Result<(), IllegalAction>;

    /// Plays `action` if legal; on error the state is unchanged.
    fn apply(&mut self, action: G::Action) -> Result<(), IllegalAction> {
        self.check(action)?;
        self.apply_unchecked(action);
        Ok(())
    }

    /// Plays `action` without checking it, for search. Playing an illegal action leaves the state
    /// unspecified (but never unsafe).
    fn apply_unchecked(&mut self, action: G::Action);

    /// Each seat's return so far (final when terminal), in the game's own unit.
    fn returns(&self) -> Vec<f64>;

    /// What `seat` can see now (with its perfect-recall history).
    fn observation(&self, seat: Seat) -> G::Observation;

    /// Player decisions made so far (chance events such as deals do not count).
    fn decisions(&self) -> u64;

    /// Rounds (hands) completed so far: 0 or 1 for single-round games.
    fn rounds_completed(&self) -> u32 {
        u32::from(self.is_terminal())
    }

    /// The most recently completed round, if any. Single-round games report the whole game.
    fn last_round(&self) -> Option<RoundResult>;

    /// The seats that won the finished game (empty while play goes on, and for a game its rules
    /// call a draw). By default a one-round game reports its round's winners, and a game of
    /// several rounds is won by the seats with the highest return (all of them when all tie).
    fn winners(&self) -> Vec<Seat> {
        if !self.is_terminal() {
            return Vec::new();
        }
        if self.rounds_completed() <= 1 {
            return self.last_round().map(|r| r.winners).unwrap_or_default();
        }
        let returns = self.returns();
        let best = returns.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        (0..returns.len()).filter(|&s| returns[s] == best).collect()
    }

    /// Per-seat figures a tournament reports beside the return, by name (Phased Out's penalty
    /// points and phases completed, say); none by default. The names must be the same in
    /// every finished game.
    fn result_figures(&self) -> Vec<(&'static str, Vec<f64>)> {
        Vec::new()
    }
}
