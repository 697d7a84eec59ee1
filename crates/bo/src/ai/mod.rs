//! What Comp10001-Bo lends its bots ([`GameAi`]), behind the default feature `ai`: the
//! `heuristic` bot ([`HeuristicBot`], which plans its whole turn), the search tuning of the
//! `ismcts` bot ([`tuning()`]: a flat, paired root anchored on the heuristic's move, judged a
//! round ahead), and the fast sampler of determinizations the rules already have.
//!
//! - [`heuristic`]: the bot, with its turn planner and simulated table (private modules).
//! - [`tuning`](mod@tuning): the search tuning and its evaluator, [`TurnEvaluator`].
//! - [`greedy`]: the greedy playout policy the evaluator plays later turns with.

pub mod greedy;
pub mod heuristic;
mod planner;
mod sim;
pub mod tuning;

pub use greedy::{greedy_action, GreedyRollout};
pub use heuristic::HeuristicBot;
pub use tuning::{
    tuning, tuning_with, turn_values, Finish, SearchParams, TurnEvaluator, Weights, FINISH_BUDGET,
};

use parlour_core::rng::GameRng;
use parlour_core::search::{Sampler, SearchTuning};
use parlour_core::{BotEntry, GameAi, ResampleError};

use crate::observation::BoObservation;
use crate::sampler::BoSampler;
use crate::state::Bo;

/// The bots Comp10001-Bo offers by name (`random` and `ismcts` live in `parlour-bots`).
pub static BOTS: &[BotEntry<Bo>] = &[BotEntry {
    name: "heuristic",
    about: "plans its whole turn: searches its remaining plays for the sequence that frees the most stockpile cards, then ends the turn leaving landing spots for its stockpile top and none for the next player's; embargoes the opponent with the shortest stockpile, clears an embargo after playing what it can",
    options: &[],
    make: |seed, _| Ok(Box::new(HeuristicBot::new(seed))),
}];

impl GameAi for Bo {
    /// ISMCTS takes 62.5% of the wins against the heuristic (`docs/strength.md`).
    const STRONGEST_BOT: &'static str = "ismcts";

    fn bots() -> &'static [BotEntry<Bo>] {
        BOTS
    }

    /// Checks the observation and counts the never-seen cards once, then draws as
    /// [`Game::resample`](parlour_core::Game::resample) does.
    fn sampler<'a>(
        &'a self,
        observation: &'a BoObservation,
        _rng: &mut GameRng,
    ) -> Result<Box<dyn Sampler<Bo> + 'a>, ResampleError> {
        Ok(Box::new(BoSampler::new(self, observation)?))
    }

    fn search_tuning(&self) -> SearchTuning<Bo> {
        tuning()
    }
}
