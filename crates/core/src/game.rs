//! The game API: [`Game`] (immutable parameters and fixed facts) and [`State`] (a mutable,
//! cloneable position), after OpenSpiel's split.

use std::fmt::{Debug, Display};
use std::hash::Hash;
use std::ops::RangeInclusive;
use std::str::FromStr;

use serde::de::DeserializeOwned;
use serde::Serialize;

use rand::RngExt;

use crate::rng::GameRng;

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
    /// Which rule forbids it: the game's own error where it has one ([`Rule::get`]), and its
    /// text where the text is shown.
    pub reason: Rule,
}

impl IllegalAction {
    /// An illegal-action error for `action`, with the rule that forbids it in words.
    pub fn new(action: impl Display, reason: impl Into<String>) -> Self {
        IllegalAction {
            action: action.to_string(),
            reason: Rule::text(reason),
        }
    }

    /// An illegal-action error for `action`, forbidden by the game's own typed `rule` error,
    /// which the error keeps: [`Rule::get`] gives it back wherever the error goes.
    pub fn because<E: std::error::Error + Send + Sync + 'static>(
        action: impl Display,
        rule: E,
    ) -> Self {
        IllegalAction {
            action: action.to_string(),
            reason: Rule::typed(rule),
        }
    }
}

/// The rule an illegal action breaks: a game's typed error, or words alone. It shows as its
/// text (and derefs to it); [`Rule::get`] recovers the typed error, as shakmaty's `PlayError`
/// keeps its cause.
#[derive(Clone)]
pub struct Rule {
    text: String,
    typed: Option<std::sync::Arc<dyn std::error::Error + Send + Sync>>,
}

impl Rule {
    /// A rule given in words only.
    pub fn text(text: impl Into<String>) -> Rule {
        Rule {
            text: text.into(),
            typed: None,
        }
    }

    /// A rule given by the game's own error.
    pub fn typed<E: std::error::Error + Send + Sync + 'static>(error: E) -> Rule {
        Rule {
            text: error.to_string(),
            typed: Some(std::sync::Arc::new(error)),
        }
    }

    /// The game's own error, if the rule is one of type `E`.
    pub fn get<E: std::error::Error + 'static>(&self) -> Option<&E> {
        self.typed.as_deref()?.downcast_ref::<E>()
    }
}

impl std::ops::Deref for Rule {
    type Target = str;
    fn deref(&self) -> &str {
        &self.text
    }
}

impl Display for Rule {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.text)
    }
}

impl Debug for Rule {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.typed {
            Some(e) => write!(f, "{e:?}"),
            None => write!(f, "{:?}", self.text),
        }
    }
}

/// Rules are equal when they read the same.
impl PartialEq for Rule {
    fn eq(&self, other: &Rule) -> bool {
        self.text == other.text
    }
}

impl Eq for Rule {}

impl PartialEq<str> for Rule {
    fn eq(&self, other: &str) -> bool {
        self.text == other
    }
}

impl PartialEq<&str> for Rule {
    fn eq(&self, other: &&str) -> bool {
        self.text == *other
    }
}

impl From<Rule> for String {
    fn from(rule: Rule) -> String {
        rule.text
    }
}

/// Game options that cannot be played.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum OptionsError {
    /// A player count the game does not support.
    #[error("invalid options: {title} is for {min} to {max} players, not {given}")]
    Players {
        /// The game's title.
        title: &'static str,
        /// The count asked for.
        given: usize,
        /// The fewest players it supports.
        min: usize,
        /// The most.
        max: usize,
    },
    /// An option whose value cannot be played.
    #[error("invalid options: {reason}")]
    Invalid {
        /// The option's name.
        option: &'static str,
        /// Why its value cannot be played.
        reason: String,
    },
}

/// An observation that no full state is consistent with (e.g. a corrupt or hand-made one).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ResampleError {
    /// The observation is for a seat the game does not have.
    #[error("cannot resample: no seat {seat} at a table of {players}")]
    NoSuchSeat {
        /// The observation's seat.
        seat: Seat,
        /// The seats at the table.
        players: usize,
    },
    /// Its parts contradict each other or the rules (cards that do not add up, say).
    #[error("cannot resample: {0}")]
    Inconsistent(String),
}

impl ResampleError {
    /// An inconsistent observation, with what does not fit.
    pub fn inconsistent(why: impl Into<String>) -> ResampleError {
        ResampleError::Inconsistent(why.into())
    }
}

/// Whether chance plays a part in a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Chance {
    /// No chance: the same moves always give the same game (Chexers).
    None,
    /// Shuffled cards: the seed deals, and later shuffles draw from the state's generator.
    Shuffled,
}

/// Whether every seat sees the whole position.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Information {
    /// Every seat sees everything.
    Perfect,
    /// Some things are hidden from some seats (hands, the draw pile, a secret pick).
    Imperfect,
}

/// How seats take their turns.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Moves {
    /// One seat at a time, every move seen as it is made.
    Sequential,
    /// Secret picks revealed together (modelled as picks in seat order, hidden until all pick).
    Simultaneous,
}

/// What a game's return means.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct ScoreInfo {
    /// Its unit, in a word or two (`points`, `wins`).
    pub unit: &'static str,
    /// What it counts, for the standings' notes.
    pub meaning: &'static str,
}

/// The facts about a game that do not depend on its options, as one `const` (after OpenSpiel's
/// `GameType`): what the command line, the registry, reports and documentation show.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct GameInfo {
    /// Its name on the command line and in files (`uno`).
    pub name: &'static str,
    /// Its title (`Comp10001-Go`).
    pub title: &'static str,
    /// One line on what it is.
    pub about: &'static str,
    /// The fewest seats.
    pub min_players: usize,
    /// The most seats.
    pub max_players: usize,
    /// Whether chance plays a part.
    pub chance: Chance,
    /// Whether information is hidden.
    pub information: Information,
    /// Whether picks are simultaneous.
    pub moves: Moves,
    /// Its rules variants besides the standard game (chosen with the option `variant`).
    pub variants: &'static [&'static str],
    /// What its return means.
    pub score: ScoreInfo,
    /// Games a tournament plays when not told.
    pub tournament_games: u64,
    /// Deals a strength match plays when not told: enough to separate the bots at their
    /// default settings.
    pub strength_deals: u64,
    /// The fields of an observation's JSON form that only its seat sees (its hand, say, and
    /// `seat` itself); every other field is the same in every seat's observation, which the
    /// conformance harness checks. A spectator of a table with hidden hands is shown the rest
    /// ([`Game::public_view`]).
    pub private: &'static [&'static str],
}

impl GameInfo {
    /// The player counts the game supports.
    pub const fn player_range(&self) -> RangeInclusive<usize> {
        RangeInclusive::new(self.min_players, self.max_players)
    }

    /// Whether chance plays a part: tournaments then play every deal under each seat rotation
    /// by default (duplicate deals).
    pub const fn has_chance(&self) -> bool {
        matches!(self.chance, Chance::Shuffled)
    }
}

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
    /// Exactly what one seat can see: the only thing a bot receives. Its JSON form is what
    /// external bots, traces and the web are sent; its text for people is the game's
    /// [`GameText`](crate::text::GameText).
    type Observation: Clone + Debug + PartialEq + Serialize + DeserializeOwned + Send + Sync;
    /// A full position, hidden information included.
    type State: State<Self>;

    /// The facts that do not depend on the options: name, players, chance, information, score
    /// unit, defaults.
    const INFO: GameInfo;

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

    /// The game a tournament plays as one unit (by default this game itself). A game made of
    /// independently dealt rounds may return a one-round game, so that a tournament of N rounds
    /// is N games, each with its own seed that duplicate deals can replay. (Uno needs no
    /// override: its default options already make a game one round.)
    fn tournament_unit(&self) -> Self {
        self.clone()
    }

    /// How many games a tournament plays when not told: [`GameInfo::tournament_games`] unless
    /// the options change what one game is (a Uno match to a target is longer than a round).
    fn default_tournament_games(&self) -> u64 {
        Self::INFO.tournament_games
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

    /// Whether `viewer` sees `action` when `actor` makes it (a Uno play is seen by all; a
    /// Comp10001-Go pick only by its picker until the picks are revealed together, which the
    /// observations then show). Logs and notifications meant for one seat use this.
    fn action_visible(&self, actor: Seat, action: &Self::Action, viewer: Seat) -> bool {
        let _ = (actor, action, viewer);
        true
    }

    /// What a seat that sees `action` is told of it beyond its text: facts the rules make public
    /// that the action's text does not carry (Phased Out: the hand it was made in, and the card
    /// a `take` took from the discard pile). `observation` is the actor's view just before the
    /// action; an implementation reads only what every seat saw of it (its public part), so the
    /// detail never tells a seat more than the rules do. External programs receive it as their
    /// `event` line's `detail` (docs/protocol.md). None by default.
    fn action_detail(
        &self,
        observation: &Self::Observation,
        action: &Self::Action,
    ) -> Option<serde_json::Value> {
        let _ = (observation, action);
        None
    }

    /// What every seat sees: `observation`'s JSON form without the fields only its seat sees
    /// ([`GameInfo::private`]). Every seat's observation of one state gives the same public view
    /// (checked by the conformance harness), so it is what a spectator of a table with live
    /// hidden hands may be shown.
    fn public_view(observation: &Self::Observation) -> serde_json::Value {
        let mut json = serde_json::to_value(observation).unwrap_or_default();
        if let serde_json::Value::Object(fields) = &mut json {
            for name in Self::INFO.private {
                fields.remove(*name);
            }
        }
        json
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
/// not a number, `Some(Err(_))` when no action has that number.
pub fn action_number(input: &str, count: usize) -> Option<Result<usize, InputError>> {
    let number = input.trim().parse::<usize>().ok()?;
    Some(if number < count {
        Ok(number)
    } else {
        Err(InputError::NoSuchNumber {
            number,
            last: count.saturating_sub(1),
        })
    })
}

/// Why a person's typed decision was not taken (see [`GameText::parse_human`]).
///
/// [`GameText::parse_human`]: crate::text::GameText::parse_human
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum InputError {
    /// A number that no legal action has.
    #[error("there is no action [{number}]: the legal actions are numbered 0 to {last}")]
    NoSuchNumber {
        /// The number typed.
        number: usize,
        /// The last legal action's number.
        last: usize,
    },
    /// Text that is not an action.
    #[error("{0}")]
    Unreadable(#[from] ParseActionError),
    /// An action the rules do not allow now.
    #[error("{action} is not legal now")]
    NotLegal {
        /// The action, as text.
        action: String,
    },
    /// Input the game's friendlier forms could not settle (which card, which group), with
    /// what to type instead.
    #[error("{0}")]
    Unclear(String),
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
