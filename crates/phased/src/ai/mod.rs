//! What Phased Out lends its bots ([`GameAi`]), behind the default feature `ai`: the
//! [`HeuristicBot`] by name, a sampler that checks an observation once and then deals many
//! determinizations ([`FastSampler`]), and the tuning of information-set search
//! ([`parlour_core::search`]): a cheap greedy playout policy and an evaluator that judges a
//! position by phase progress and penalty points.
//!
//! A Phased Out game is up to twelve hands, far too long to play out at random many times a
//! move (random play rarely completes a phase anyway). The tuning plays each playout **to the
//! end of the hand it starts in** with [`GreedyRollout`], a stripped-down version of the
//! [`heuristic`](HeuristicBot) bot that reads the sampled state directly, and then lets
//! [`PhaseEvaluator`] estimate each seat's chance of winning from the phases completed and the
//! penalty totals.
//!
//! The search stops a playout only after [`SearchTuning::max_playout`] moves or at the end of
//! the game, so the rollout and the evaluator share a small [`Horizon`]: the rollout notes the
//! hand each playout starts in, and once that hand is over it makes only moves that leave the
//! position as it is (take the discard and discard it again), which the evaluator then judges as
//! it stood when the hand ended. Nothing here ever sees more than the sampled state: the rules
//! (and so every terminal value) are the engine's, only non-terminal positions are estimated.
//!
//! # Measured
//!
//! `parlour tournament phased --bots ismcts:iters=N,heuristic,ismcts:iters=N,heuristic
//! --games 200 --jobs 1` (seed 1, 50 deals in all four rotations), the share of the games won
//! by the two ISMCTS seats together, with a 95% interval over deals:
//!
//! | iterations a move | ms a searched move (one core) | ISMCTS share of wins |
//! |---|---|---|
//! | 200 | 8 | 60.5% (54–67%) |
//! | 500 (the recommended budget) | 21 | 68.5% (62–75%) |
//!
//! About 23,000 iterations a second on one core (`examples/phased_search_speed.rs`); the greedy
//! policy alone plays about as well as the heuristic bot (52% of 1,000 games,
//! `examples/greedy_vs_heuristic.rs`). Phased Out hides no moves, so MO-ISMCTS
//! (`variant=mo`) searches exactly as SO-ISMCTS does, a little slower.
//!
//! That was the tuning until 2026-12-06. Since then the greedy player measures its hand by the
//! [`distance`] to its phase ([`Policy::Distance`]: alone, 315 of 400 games against the
//! heuristic), and the search is a flat root anchored on the move of the careful greedy player
//! ([`GreedyBot`] with [`Policy::Careful`], the bot `greedy`), by sequential halving, 400
//! playouts a move (`docs/strength.md`, "Sparring partners", has every match).

use parlour_core::rng::GameRng;
use parlour_core::search::{Sampler, SearchTuning};
use parlour_core::{BotEntry, GameAi, ResampleError};

use crate::observation::PhasedObservation;
use crate::sampler::FastSampler;
use crate::state::Phased;

mod heuristic;
mod rollout;
mod tuning;

pub use heuristic::{HeuristicBot, BOTS};
pub use rollout::{distance, GreedyBot, GreedyRollout, Horizon, Policy};
pub use tuning::{tuning, PhaseEvaluator, MAX_PLAYOUT};

impl GameAi for Phased {
    /// ISMCTS with this tuning beats the heuristic bot and the earlier tuning (see above).
    const STRONGEST_BOT: &'static str = "ismcts";

    fn bots() -> &'static [BotEntry<Phased>] {
        BOTS
    }

    /// Checks the observation once, then deals each determinization from the unseen cards
    /// counted then: the same draws as [`Game::resample`](parlour_core::Game::resample),
    /// without recounting.
    fn sampler<'a>(
        &'a self,
        observation: &'a PhasedObservation,
        _rng: &mut GameRng,
    ) -> Result<Box<dyn Sampler<Phased> + 'a>, ResampleError> {
        Ok(Box::new(FastSampler::new(self, observation)?))
    }

    /// Greedy playouts to the end of the hand, judged by phase progress and penalty points
    /// (see the [module documentation](self)).
    fn search_tuning(&self) -> SearchTuning<Phased> {
        tuning()
    }
}
