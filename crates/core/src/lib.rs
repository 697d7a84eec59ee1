//! # parlour-core
//!
//! The API every parlour game implements, and the machinery that only needs that API.
//!
//! - [`Game`] holds a game's options and fixed facts (player counts, a bound on length) and deals a
//!   new [`State`] from a seed. The state is a cloneable, comparable position: the seat to move,
//!   its legal actions (written into a caller's buffer, so generation allocates nothing), checked
//!   [`State::apply`] and [`State::apply_unchecked`], terminal test and per-seat returns.
//! - A seat's [`Game::Observation`] is exactly what that seat can see, with its perfect-recall
//!   history; it is the only thing a [`Bot`] receives. [`Game::resample`] turns an observation
//!   back into a full state, redrawing everything hidden from that seat (the determinisation that
//!   information-set search needs).
//! - Bots are named on the command line as a [`BotSpec`] (`search:nodes=50000`); a game lists its
//!   own bots as [`BotEntry`]s, each with the options it takes, and [`BotEntry::build`] refuses an
//!   option the bot does not have.
//! - For tournaments a finished state also reports its [`State::winners`] (none for a draw) and
//!   the game's own [`State::result_figures`].
//! - Static facts (name, players, chance, information, score unit, defaults) are one `const`
//!   [`GameInfo`] per game ([`Game::INFO`]).
//! - The rules know no bots: what a game lends its bots is a trait of its own, [`GameAi`] (its
//!   bots by name, a fast sampler of determinizations, the search tuning), and its text for people
//!   another, [`GameText`].
//! - Actions are small `Copy` values with a text form and a JSON form ([`Action`]).
//! - Randomness comes from [`rng`]: one seed, split into streams by [`rng::derive_seed`].
//! - [`play::Runner`] plays a game between the [`play::Seats`] at a table; [`trace`] writes a game as JSON lines and replays
//!   it; [`bench`](mod@bench) measures random-playout speed; [`conformance`] is the harness every game runs.
//!
//! Data flows one way: seed → `Game::new_game` → `State` → (`observation` → `Bot::act` → action →
//! `apply`)* → terminal `returns`.
//!
//! ```
//! use parlour_core::{conformance, toy::HighCard, Game, State};
//!
//! let game = HighCard::new(Default::default()).unwrap();
//! let mut state = game.new_game(42);
//! let seat = state.current_player().unwrap();
//! let obs = state.observation(seat);
//! // Resampling keeps what seat 0 sees, and redraws what it cannot see.
//! let mut rng = parlour_core::rng::seeded(1);
//! let other = game.resample(&obs, &mut rng).unwrap();
//! assert_eq!(other.observation(seat), obs);
//! // Play to the end.
//! while !state.is_terminal() {
//!     let legal = state.legal_action_vec();
//!     state.apply(legal[0]).unwrap();
//! }
//! assert_eq!(state.returns().len(), 2);
//! // The conformance harness over 100 seeded random games.
//! conformance::random_sim_test(&game, &conformance::Config::new(100, 7), |_| Ok(())).unwrap();
//! ```

pub mod bench;
pub mod bot;
pub mod choose;
pub mod conformance;
pub mod encode;
pub mod game;
pub mod play;
pub mod rng;
pub mod search;
pub mod text;
pub mod toy;
pub mod trace;

pub use bot::{
    Bot, BotEntry, BotError, BotMaker, BotOption, BotOptions, BotSpec, Decision, Seating,
};
pub use encode::Encode;
pub use game::{
    action_number, asks_help, numbered_actions, Action, Bounds, Chance, Game, GameInfo,
    IllegalAction, Information, InputError, Moves, OptionsError, ParseActionError, ResampleError,
    RoundResult, ScoreInfo, Seat, State,
};
pub use search::GameAi;
pub use text::GameText;
