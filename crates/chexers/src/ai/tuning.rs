//! What Chexers lends the game-agnostic Monte Carlo tree search of `parlour-bots` (`ismcts`;
//! information-set search on a game with nothing hidden is plain MCTS): random playouts cut
//! short, and an evaluator of the race by [`score`](super::score). Not to be confused with the
//! `search` bot, which is alpha-beta (`alphabeta.rs`).

use parlour_core::search::{Evaluator, RandomRollout, Root, SearchTuning, WinEvaluator};
use parlour_core::State;

use super::heuristic::score;
use crate::board::Colour;
use crate::state::{Chexers, ChexersState};

/// Half-steps of the race that multiply a colour's weight by e.
const TEMPERATURE: f64 = 6.0;

/// The tuning [`Chexers`] gives the search: random playouts of at most 24 moves, then the race
/// evaluator.
pub fn tuning() -> SearchTuning<Chexers> {
    SearchTuning {
        about: "random playouts of at most 24 moves, then each colour valued by its distance to finishing",
        rollout: Box::new(RandomRollout),
        evaluator: Box::new(RaceEvaluator),
        iterations: 2000,
        exploration: 0.7,
        max_playout: 24,
        tree_per_seat: false,
        anchor: None,
        anchor_z: 0.0,
        root: Root::Tree,
    }
}

/// Values an unfinished game by the race: each colour's weight is `exp(score / 6)`, with
/// [`score`](super::score) in half-steps (its nearest pieces' walk to the exit, pieces it
/// lacks), normalised over the colours; a finished game is win, lose or draw.
#[derive(Debug, Clone, Copy, Default)]
pub struct RaceEvaluator;

impl Evaluator<Chexers> for RaceEvaluator {
    fn values(&mut self, state: &ChexersState, out: &mut [f64]) {
        if state.is_terminal() {
            return Evaluator::<Chexers>::values(&mut WinEvaluator, state, out);
        }
        let exits = state.exits();
        let scores =
            Colour::ALL.map(|c| f64::from(score(state.pieces_mask(c), exits[c.seat()], c)));
        let top = scores.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let mut total = 0.0;
        for (v, s) in out.iter_mut().zip(scores) {
            *v = ((s - top) / TEMPERATURE).exp();
            total += *v;
        }
        out.iter_mut().for_each(|v| *v /= total);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn race_values_are_shares_that_favour_the_leader() {
        let mut state = ChexersState::new();
        let mut out = [0.0; 3];
        RaceEvaluator.values(&state, &mut out);
        // The start is symmetric.
        assert!((out[0] - out[1]).abs() < 1e-12 && (out[1] - out[2]).abs() < 1e-12);
        // Red steps forward: it leads.
        let mut legal = Vec::new();
        state.legal_actions(&mut legal);
        let mut best = None;
        for &a in &legal {
            let mut s = state.clone();
            s.apply(a).unwrap();
            RaceEvaluator.values(&s, &mut out);
            if best.is_none_or(|(v, _)| out[0] > v) {
                best = Some((out[0], a));
            }
        }
        state.apply(best.unwrap().1).unwrap();
        RaceEvaluator.values(&state, &mut out);
        assert!((out.iter().sum::<f64>() - 1.0).abs() < 1e-9);
        assert!(out[0] > out[1] && out[0] > out[2], "{out:?}");
    }
}
