//! The search tuning: [`tuning`] puts together a flat root by sequential halving anchored on
//! the careful greedy player's move ([`GreedyBot`] with [`Policy::Careful`]), the greedy
//! playouts ([`Policy::Distance`]) to the end of the hand and [`PhaseEvaluator`], which judges
//! where a playout stopped by phases completed and penalty points.

use std::sync::atomic::Ordering;
use std::sync::Arc;

use parlour_core::search::{win_values, Evaluator, Root, SearchTuning};
use parlour_core::State;

use crate::groups::penalty;
use crate::state::{Phased, PhasedState, PLAYERS};

use super::rollout::{GreedyBot, GreedyRollout, Horizon, Policy};

/// Moves a playout makes at most: enough for nearly every hand to end (the deck of 63 or 67
/// cards runs out within about 150 moves unless the discard is taken again and again; a hand
/// still going is then judged as it stands), and too few for the position-keeping moves that
/// follow a hand's end to end the next hand by the 50-turn rule (200 turns, 400 moves).
pub const MAX_PLAYOUT: u32 = 400;

/// The tuning [`Phased`] gives ISMCTS: every legal move played out from the same
/// determinizations with the same luck, the worse half of the moves dropped round by round
/// (sequential halving), the careful greedy player's own move kept unless another is ahead of
/// it by a standard error; greedy playouts by the distance to the phase to the end of the hand,
/// judged by phase progress and penalty points; 400 playouts a move (less time than 500
/// iterations of the earlier tree took).
pub fn tuning() -> SearchTuning<Phased> {
    let horizon = Arc::new(Horizon::default());
    let mut rollout = GreedyRollout::new(horizon.clone());
    rollout.policy = Policy::Distance;
    SearchTuning {
        about: "a flat root by sequential halving anchored on the careful greedy player's move; greedy playouts (toward the phase by the fewest cards still needed, lay at once, shed onto the table) to the end of the hand, judged by phases completed and penalty points",
        rollout: Box::new(rollout),
        evaluator: Box::new(PhaseEvaluator::new(horizon)),
        iterations: 400,
        exploration: 0.7,
        max_playout: MAX_PLAYOUT,
        tree_per_seat: false,
        anchor: Some(Box::new(GreedyBot::new(0, Policy::Careful))),
        anchor_z: 1.0,
        root: Root::Halving,
    }
}

/// Values a position for every seat as an estimated chance of winning: a finished game by its
/// winners; otherwise a softmax over each seat's strength,
/// `phase_weight × phases completed − penalty total / penalty_scale`, where a playout stopped
/// inside its hand (rather than at its end) also charges each seat `hand_share` of the penalty
/// it holds.
#[derive(Debug)]
pub struct PhaseEvaluator {
    /// What a completed phase is worth.
    pub phase_weight: f64,
    /// Penalty points worth one unit of strength.
    pub penalty_scale: f64,
    /// The share of the penalty in hand charged when a playout stops inside its hand.
    pub hand_share: f64,
    horizon: Arc<Horizon>,
}

impl PhaseEvaluator {
    /// An evaluator sharing `horizon` with its rollout.
    pub fn new(horizon: Arc<Horizon>) -> PhaseEvaluator {
        PhaseEvaluator {
            phase_weight: 1.5,
            penalty_scale: 100.0,
            hand_share: 0.5,
            horizon,
        }
    }

    /// The values of `state` as it stands (`in_hand`: charge the penalty in hand).
    pub fn judge(&self, state: &PhasedState, in_hand: bool, out: &mut [f64]) {
        if state.is_terminal() {
            win_values(&state.winners(), out);
            return;
        }
        let scores = state.scores();
        let mut strength = [0.0f64; PLAYERS];
        for (p, s) in strength.iter_mut().enumerate() {
            let mut pen = f64::from(scores[p]);
            if in_hand {
                pen +=
                    self.hand_share * f64::from(state.hands[p].cards().map(penalty).sum::<u32>());
            }
            *s =
                self.phase_weight * f64::from(state.phases_completed(p)) - pen / self.penalty_scale;
        }
        softmax(&strength, out);
    }
}

/// `out[i] = exp(x[i]) / Σ exp(x[j])`.
fn softmax(x: &[f64], out: &mut [f64]) {
    let hi = x.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let mut sum = 0.0;
    for (o, &v) in out.iter_mut().zip(x) {
        *o = (v - hi).exp();
        sum += *o;
    }
    for o in out.iter_mut() {
        *o /= sum;
    }
}

impl Evaluator<Phased> for PhaseEvaluator {
    fn values(&mut self, state: &PhasedState, out: &mut [f64]) {
        let start = self
            .horizon
            .start_hand
            .swap(Horizon::NONE, Ordering::Relaxed);
        self.horizon.epoch.fetch_add(1, Ordering::Relaxed);
        // Past the horizon the position was kept as the hand left it: only the totals count.
        let in_hand = start == Horizon::NONE || state.hands_completed() <= start;
        self.judge(state, in_hand, out);
    }
}
