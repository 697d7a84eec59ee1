//! What Comp10001-Go lends its bots ([`GameAi`] for [`Go`]), behind the default `ai` feature:
//! its own [`HeuristicBot`], the [`tuning`](tuning()) of information-set search (one tree per seat,
//! [`SetRollout`] playouts, [`GoEvaluator`] values), and the fast [`GoSampler`] of
//! determinizations. The rules modules know none of it.

mod heuristic;
pub mod tuning;

use parlour_core::rng::GameRng;
use parlour_core::search::{Sampler, SearchTuning};
use parlour_core::{BotEntry, Decision, GameAi, ResampleError};

use crate::action::GoAction;

use crate::observation::GoObservation;
use crate::sampler::GoSampler;
use crate::state::Go;

pub use heuristic::HeuristicBot;
pub use tuning::{tuning, GoEvaluator, SetRollout};

/// The bots Comp10001-Go offers by name (`random` and `ismcts` live in `parlour-bots`).
pub static BOTS: &[BotEntry<Go>] = &[BotEntry {
    name: "heuristic",
    about: "picks the card that most raises its expected final score, counting cards still in circulation and what the next player would collect",
    options: &[],
    make: |seed, _| Ok(Box::new(HeuristicBot::new(seed))),
}];

impl GameAi for Go {
    /// The search anchored on the shipped network, whose move stands unless the search's is
    /// ahead by a standard error: +1.8 points a game (1.1 to 2.6) over `ismcts` at 15 ms a move
    /// each (`docs/learned.md`).
    const STRONGEST_BOT: &'static str = "ismcts:anchor=learned:z=1";

    fn bots() -> &'static [BotEntry<Go>] {
        BOTS
    }

    /// A [`GoSampler`]: the observation is checked once, and each sample redeals only the
    /// cards the observer has not seen.
    fn sampler<'a>(
        &'a self,
        observation: &'a GoObservation,
        rng: &mut GameRng,
    ) -> Result<Box<dyn Sampler<Go> + 'a>, ResampleError> {
        Ok(Box::new(GoSampler::new(observation, rng)?))
    }

    /// [`tuning()`]: one tree per seat, [`SetRollout`] playouts, [`GoEvaluator`] values.
    fn search_tuning(&self) -> SearchTuning<Go> {
        tuning()
    }

    /// A grouping under the course's scoring: the best-scoring one, listed first. A seat's
    /// grouping changes only its own score, so no other can do better.
    fn settled(&self, decision: &Decision<'_, Go>) -> Option<GoAction> {
        match decision.legal.first() {
            Some(&a @ GoAction::Group(_)) => Some(a),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use parlour_core::rng::{derive_seed, seeded};
    use parlour_core::search::Rollout;
    use parlour_core::{Game, State};

    use crate::ai::tuning::MATCH_RATE;
    use crate::state::{GoState, PLAYERS};

    /// Every sample keeps the observer's observation, the player to move and card conservation,
    /// at every decision of many games, for every seat.
    #[test]
    fn the_sampler_keeps_the_observation() {
        let game = Go::standard();
        let mut rng = seeded(11);
        let mut scratch = Vec::new();
        let mut rollout = SetRollout {
            match_rate: MATCH_RATE,
        };
        for g in 0..200 {
            let mut state = game.new_game(derive_seed(12, g));
            loop {
                for seat in 0..PLAYERS {
                    let obs = state.observation(seat);
                    let mut sampler = game.sampler(&obs, &mut rng).unwrap();
                    for _ in 0..3 {
                        let s = sampler.sample(&mut rng).unwrap();
                        s.check_conservation().unwrap();
                        assert_eq!(s.observation(seat), obs);
                        assert_eq!(s.current_player(), state.current_player());
                    }
                }
                if state.is_terminal() {
                    break;
                }
                let a = rollout.action(&state, &mut rng, &mut scratch);
                state.apply_unchecked(a);
            }
        }
    }

    /// The sampler and `resample` agree on how often each card lands in each seat's hand (pick
    /// included), and on each seat's pick, well within sampling error; and the sampler does
    /// redraw (its samples are not all one state).
    #[test]
    fn the_sampler_draws_as_resample_does() {
        let game = Go::standard();
        let mut rng = seeded(21);
        let mut scratch = Vec::new();
        let mut rollout = SetRollout {
            match_rate: MATCH_RATE,
        };
        // Seat 3 to pick in the first and in the second turn: three hidden picks, and hands it
        // has not seen.
        for moves in [3, 7] {
            let mut state = game.new_game(5);
            for _ in 0..moves {
                let a = rollout.action(&state, &mut rng, &mut scratch);
                state.apply_unchecked(a);
            }
            let obs = state.observation(3);
            const N: usize = 20_000;
            // How often each seat holds (or has picked) each card, and has picked each card.
            let tally = |draw: &mut dyn FnMut() -> GoState| {
                let mut held = vec![0u32; PLAYERS * 52];
                let mut picked = vec![0u32; PLAYERS * 52];
                for _ in 0..N {
                    let s = draw();
                    for j in 0..PLAYERS {
                        let pick = s.pending[j].map_or(0, |c| 1 << c.index());
                        let mut m = s.hands[j] | pick;
                        while m != 0 {
                            let i = m.trailing_zeros() as usize;
                            m &= m - 1;
                            held[j * 52 + i] += 1;
                        }
                        if pick != 0 {
                            picked[j * 52 + pick.trailing_zeros() as usize] += 1;
                        }
                    }
                }
                (held, picked)
            };
            let mut r2 = seeded(22);
            let a = tally(&mut || game.resample(&obs, &mut r2).unwrap());
            let mut sampler = game.sampler(&obs, &mut r2).unwrap();
            let b = tally(&mut || sampler.sample(&mut r2).unwrap());
            let mut uncertain = 0;
            for (x, y) in a.0.iter().zip(&b.0).chain(a.1.iter().zip(&b.1)) {
                let p = f64::from(x + y) / (2 * N) as f64;
                let sd = (2.0 * p * (1.0 - p) / N as f64).sqrt() * N as f64;
                assert!(
                    (f64::from(*x) - f64::from(*y)).abs() <= 5.0 * sd + 1.0,
                    "{x} against {y}"
                );
                if p > 0.0 && p < 1.0 {
                    uncertain += 1;
                }
            }
            assert!(uncertain > 100, "only {uncertain} uncertain placements");
        }
    }
}
