//! What Uno lends its bots: the heuristic bot ([`HeuristicBot`]), the search tuning
//! ([`tuning`](fn@tuning): greedy playouts, a paired flat root, the heuristic as anchor) and the sampler
//! for search ([`UnoSampler`]).

pub mod heuristic;
pub mod tuning;

use parlour_core::rng::GameRng;
use parlour_core::search::{Sampler, SearchTuning};
use parlour_core::{BotEntry, GameAi, ResampleError};

pub use heuristic::HeuristicBot;
pub use tuning::{tuning, GreedyRollout, HeuristicRollout};

use crate::observation::UnoObservation;
use crate::sampler::UnoSampler;
use crate::state::Uno;

/// The bots Uno offers by name (game-agnostic bots such as `random` live in `parlour-bots`).
pub static BOTS: &[BotEntry<Uno>] = &[BotEntry {
    name: "heuristic",
    about: "follows the seed's hints: keeps colour control, steers to colours others lack, saves wilds, sheds high points, attacks with Skip/Draw Two",
    options: &[],
    make: |seed, _| Ok(Box::new(HeuristicBot::new(seed))),
}];

impl GameAi for Uno {
    /// The search anchored on the shipped network and judged by points: +1.7 points a round
    /// (0.8 to 2.6) over `ismcts` at equal iterations, +1.3 (0.0 to 2.5) at 13 ms a move each
    /// (`docs/learned.md`).
    const STRONGEST_BOT: &'static str = "ismcts:anchor=learned:eval=points";

    fn bots() -> &'static [BotEntry<Uno>] {
        BOTS
    }

    fn sampler<'a>(
        &'a self,
        observation: &'a UnoObservation,
        _rng: &mut GameRng,
    ) -> Result<Box<dyn Sampler<Uno> + 'a>, ResampleError> {
        Ok(Box::new(UnoSampler::new(self, observation)?))
    }

    fn search_tuning(&self) -> SearchTuning<Uno> {
        tuning()
    }
}
