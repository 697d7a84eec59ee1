//! Resampling: with nothing hidden, the only state consistent with a seat's view is the one it
//! describes, rebuilt after checking it.

use parlour_core::ResampleError;

use crate::observation::NimObservation;
use crate::state::{Nim, NimState, MAX_OBJECTS};

/// The state `obs` describes, or why none fits it ([`Game::resample`](parlour_core::Game::resample)).
pub(crate) fn resample(game: &Nim, obs: &NimObservation) -> Result<NimState, ResampleError> {
    let bad = |why: &str| ResampleError::inconsistent(why);
    if obs.seat > 1 {
        return Err(ResampleError::NoSuchSeat {
            seat: obs.seat,
            players: 2,
        });
    }
    if obs.piles.len() != game.options.piles {
        return Err(ResampleError::inconsistent(format!(
            "{} piles for a game of {}",
            obs.piles.len(),
            game.options.piles
        )));
    }
    if obs.piles.iter().any(|&p| p > MAX_OBJECTS) {
        return Err(bad("a pile larger than any can be"));
    }
    let empty = obs.piles.iter().all(|&p| p == 0);
    match (obs.current_player, obs.winner) {
        (Some(c), None) if c <= 1 && !empty => Ok(NimState {
            piles: obs.piles.clone(),
            current: c,
            decisions: obs.decisions,
            winner: None,
        }),
        (None, Some(w)) if w <= 1 && empty => Ok(NimState {
            piles: obs.piles.clone(),
            current: w,
            decisions: obs.decisions,
            winner: Some(w),
        }),
        _ => Err(bad(
            "the seat to move, the winner and the piles do not fit together",
        )),
    }
}
