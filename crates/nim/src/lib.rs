//! # parlour-nim
//!
//! Nim, the smallest parlour game, and the worked example of `docs/adding-a-game.md`: every
//! file a game crate has, each as short as it can be.
//!
//! **Rules in brief.** Two players; some piles of objects (by default three piles of 1 to 7,
//! dealt from the seed). On a turn a player takes one or more objects from one pile. Whoever
//! takes the last object wins (normal play) and scores 1; the other scores 0.
//!
//! **Actions** ([`NimAction`]) are written `pile:count`: `2:3` takes three objects from pile 2.
//! The legal actions list every pile and count, pile by pile.
//!
//! **Types and data flow.** [`Nim`] (with [`NimOptions`]) deals a [`NimState`] from a seed or
//! builds one from a [`NimSetup`]; a seat sees a [`NimObservation`] (everything: there is
//! nothing hidden, so [`sampler`] rebuilds the one state it describes). [`text`] is the
//! terminal's; [`encode`] turns an observation into numbers and an action into one token, for
//! learning agents; `ai` has the perfect-play bot (behind the default feature `ai`).
//!
//! ```
//! use parlour_core::{Game, State};
//! use parlour_nim::{Nim, NimSetup, NimState};
//!
//! let game = Nim::standard();
//! let mut state = NimState::from_setup(&game, &NimSetup { piles: vec![1, 0, 2], current: 0 }).unwrap();
//! assert_eq!(state.legal_action_vec().len(), 3);
//! state.apply("2:2".parse().unwrap()).unwrap();
//! state.apply("0:1".parse().unwrap()).unwrap();
//! assert!(state.is_terminal());
//! assert_eq!(state.returns(), vec![0.0, 1.0]);
//! ```

pub mod action;
#[cfg(feature = "ai")]
pub mod ai;
pub mod encode;
pub mod observation;
pub mod sampler;
pub mod setup;
pub mod state;
pub mod text;

pub use action::NimAction;
#[cfg(feature = "ai")]
pub use ai::PerfectBot;
pub use observation::NimObservation;
pub use setup::{NimSetup, SetupError};
pub use state::{Nim, NimOptions, NimState};

use parlour_core::rng::GameRng;
use parlour_core::{
    Bounds, Chance, Game, GameInfo, Information, Moves, OptionsError, ResampleError, ScoreInfo,
    Seat,
};

impl Game for Nim {
    type Options = NimOptions;
    type Action = NimAction;
    type Observation = NimObservation;
    type State = NimState;

    const INFO: GameInfo = GameInfo {
        name: "nim",
        title: "Nim",
        about: "take objects from piles; whoever takes the last one wins (the worked example of a game crate)",
        min_players: 2,
        max_players: 2,
        chance: Chance::Shuffled,
        information: Information::Perfect,
        moves: Moves::Sequential,
        variants: &[],
        score: ScoreInfo {
            unit: "wins",
            meaning: "1 for a win, 0 for a loss",
        },
        tournament_games: 1000,
        strength_deals: 100,
        private: &["seat"],
    };

    fn return_bounds(&self) -> Bounds {
        Bounds::between(0.0, 1.0)
    }

    fn new(options: NimOptions) -> Result<Nim, OptionsError> {
        state::check_options(&options)?;
        Ok(Nim { options })
    }

    fn options(&self) -> &NimOptions {
        &self.options
    }

    fn num_players(&self) -> usize {
        2
    }

    fn max_decisions(&self) -> Option<u64> {
        Some(self.longest())
    }

    fn new_game(&self, seed: u64) -> NimState {
        NimState::deal(self, seed)
    }

    fn resample(
        &self,
        obs: &NimObservation,
        _rng: &mut GameRng,
    ) -> Result<NimState, ResampleError> {
        sampler::resample(self, obs)
    }

    fn observer(obs: &NimObservation) -> Seat {
        obs.seat
    }
}
