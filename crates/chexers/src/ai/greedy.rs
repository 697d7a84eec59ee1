//! The greedy bot: one ply, judged by the race ([`score`](super::score)).

use parlour_core::choose::best_ranked;
use parlour_core::rng::{seeded, GameRng};
use parlour_core::{Bot, Decision};

use super::heuristic::scores;
use crate::action::ChexersAction;
use crate::observation::Outcome;
use crate::state::Chexers;

/// Plays the action after which its own [`score`](super::score) is highest (a winning exit
/// first); ties go to the action that leaves the best opponent lowest, then to a seeded random
/// choice.
#[derive(Debug, Clone)]
pub struct GreedyBot {
    rng: GameRng,
}

impl GreedyBot {
    /// A greedy bot with its seed (for breaking ties).
    pub fn new(seed: u64) -> GreedyBot {
        GreedyBot { rng: seeded(seed) }
    }
}

impl Bot<Chexers> for GreedyBot {
    fn act(&mut self, d: &Decision<'_, Chexers>) -> ChexersAction {
        let Ok(mut state) = d.observation().state() else {
            return d.legal[0];
        };
        let me = d.seat;
        let mut ranked = Vec::with_capacity(d.legal.len());
        for &a in d.legal {
            let undo = state.apply_undoable(a);
            let value = match state.outcome() {
                Some(Outcome::Win(w)) if w == me => (i32::MAX, 0),
                Some(Outcome::Win(_)) => (i32::MIN + 1, 0),
                Some(Outcome::Draw(_)) => (-1000, 0),
                None => {
                    let s = scores(&state);
                    let opp = (0..3).filter(|&c| c != me).map(|c| s[c]).max().unwrap_or(0);
                    (s[me], -opp)
                }
            };
            state.undo(undo);
            ranked.push((a, value));
        }
        best_ranked(&ranked, &mut self.rng).unwrap_or(d.legal[0])
    }
}
