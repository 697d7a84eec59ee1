//! # parlour-chexers
//!
//! Chexers (COMP30024 Artificial Intelligence, 2019), with parlour's rulings
//! (`shared/RULINGS.md`).
//!
//! **Rules in brief.** Three players (Red, Green, Blue, in that order) each start with four
//! pieces on one edge of a 37-hex board. On a turn a player moves one of their pieces to an
//! empty neighbouring hex, jumps it over an adjacent piece of any colour to the empty hex
//! directly beyond (converting a jumped piece of another colour to their own), or exits it from
//! a hex on the edge opposite their start; a player passes only when they can do none of
//! these. The fourth exit wins. The game is drawn when a position (pieces and colours on hexes,
//! and the player to move) occurs for the fourth time, or when every player has had 256 turns;
//! a draw on the same action as a fourth exit stands. There is no chance and nothing is hidden.
//!
//! **Actions** ([`ChexersAction`]) are written `MOVE (-3,0) (-2,0)`, `JUMP (-3,0) (-1,0)`
//! (where the jump starts and lands; the jumped hex is the one between), `EXIT (3,-3)` and
//! `PASS`, hexes in axial `(q,r)` coordinates; the JSON form is that text as a string.
//!
//! **Types, and how data flows.** [`board`] holds the geometry ([`Hex`], neighbour order,
//! starts and exits). A [`Position`] (pieces, exits and turn, in [`setup`]) is the scripted
//! setup, with a one-line notation
//! (`R:-3,0 -3,1 -3,2 -3,3/G:0,-3 1,-3 2,-3 3,-3/B:0,3 1,2 2,1 3,0/X:0,0,0/T:0`) for tests and
//! data files. [`Chexers`] (the game) starts a [`ChexersState`] — a position with its history
//! (three bit sets over a 7×8 grid and an exact position key per ply, so repetition counting
//! cannot be fooled by a hash collision) — from the start or from a setup
//! ([`ChexersState::from_setup`]); actions are checked and applied to it until it reaches an
//! [`Outcome`]. Each seat's [`ChexersObservation`] is everything, including the history the
//! repetition rule needs, so resampling ([`sampler`]) is replaying that history. [`text`]
//! draws an observation for people and reads what they type. [`encode`] turns an observation
//! into hex planes and counts for learning agents, and each action into one of 482 tokens, both
//! with the board turned to put the seat in Red's place.
//!
//! **Bots** (the default feature `ai`, in the `ai` module): `greedy` (one ply) and `search`
//! (paranoid alpha-beta), and the tuning Monte Carlo search uses; `random` and `ismcts` come
//! from `parlour-bots`. Without the feature the crate is the rules alone.
//!
//! ```
//! use parlour_chexers::{perft, Chexers, ChexersAction, ChexersState, Position};
//! use parlour_core::{Game, State};
//!
//! let game = Chexers::standard();
//! let mut state = game.new_game(0);
//! state.apply("MOVE (-3,0) (-2,0)".parse().unwrap()).unwrap();
//! // Green cannot move Red's pieces.
//! assert!(state.apply("MOVE (-2,0) (-1,0)".parse().unwrap()).is_err());
//!
//! // A jump converts: Red jumps the Green piece on (0,0) and it turns Red.
//! let setup: Position = "R:-1,0/G:0,0/B:/X:0,0,0/T:0".parse().unwrap();
//! let mut state = ChexersState::from_setup(&setup).unwrap();
//! let jump: ChexersAction = "JUMP (-1,0) (1,0)".parse().unwrap();
//! state.apply(jump).unwrap();
//! assert_eq!(state.position().to_string(), "R:0,0 1,0/G:/B:/X:0,0,0/T:1");
//!
//! // Every seat sees everything: resampling gives back the state itself.
//! let observation = state.observation(1);
//! let again = game.resample(&observation, &mut parlour_core::rng::seeded(1)).unwrap();
//! assert_eq!(again, state);
//!
//! // Counting action sequences, as the perft data files do.
//! assert_eq!(perft(&mut ChexersState::new(), 1), ChexersState::new().legal_action_vec().len() as u64);
//! ```

pub mod action;
#[cfg(feature = "ai")]
pub mod ai;
pub mod board;
pub mod encode;
pub mod observation;
pub mod sampler;
pub mod setup;
pub mod state;
pub mod text;

pub use action::ChexersAction;
#[cfg(feature = "ai")]
pub use ai::{GreedyBot, SearchBot, SearchConfig, SearchStats};
pub use board::{Colour, Hex, HexError};
pub use observation::{ChexersObservation, DrawReason, Outcome};
pub use sampler::ChexersSampler;
pub use setup::{Position, SetupError, EXITS_TO_WIN, MAX_DECISIONS, TURNS_EACH};
pub use state::{perft, Chexers, ChexersOptions, ChexersState, HistoryError};

use parlour_core::rng::GameRng;
use parlour_core::{
    Bounds, Chance, Game, GameInfo, Information, Moves, OptionsError, ResampleError, ScoreInfo,
    Seat,
};

impl Game for Chexers {
    type Options = ChexersOptions;
    type Action = ChexersAction;
    type Observation = ChexersObservation;
    type State = ChexersState;

    const INFO: GameInfo = GameInfo {
        name: "chexers",
        title: "Chexers",
        about: "a three-player race on a 37-hex board where jumps convert pieces",
        min_players: 3,
        max_players: 3,
        // The same bots replay the same game, so tournaments have no deals to duplicate.
        chance: Chance::None,
        information: Information::Perfect,
        moves: Moves::Sequential,
        variants: &[],
        score: ScoreInfo {
            unit: "wins",
            meaning: "1 for a win, 1/3 each for a draw, 0 for a loss",
        },
        tournament_games: 1000,
        strength_deals: 8,
        private: &["seat"],
    };

    fn new(options: ChexersOptions) -> Result<Chexers, OptionsError> {
        Ok(Chexers { options })
    }

    fn options(&self) -> &ChexersOptions {
        &self.options
    }

    fn num_players(&self) -> usize {
        3
    }

    fn max_decisions(&self) -> Option<u64> {
        Some(u64::from(MAX_DECISIONS))
    }

    /// The start position; the seed is not used (Chexers has no chance).
    fn new_game(&self, _seed: u64) -> ChexersState {
        ChexersState::new()
    }

    /// Perfect information: the state is rebuilt from the observation's history.
    fn resample(
        &self,
        observation: &ChexersObservation,
        _rng: &mut GameRng,
    ) -> Result<ChexersState, ResampleError> {
        observation.state()
    }

    fn observer(observation: &ChexersObservation) -> Seat {
        observation.seat
    }

    /// 1 for a win, a third each for a draw, 0 for a loss.
    fn return_bounds(&self) -> Bounds {
        Bounds::between(0.0, 1.0)
    }

    fn figure_bounds(&self) -> Vec<(&'static str, Bounds)> {
        vec![("exits", Bounds::between(0.0, 4.0))]
    }
}
