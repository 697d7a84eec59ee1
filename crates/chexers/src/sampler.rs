//! Resampling, for a game with nothing hidden: the full state is the observation's history
//! replayed from its start ([`ChexersObservation::state`], the body of `Game::resample`), and
//! the sampler search uses ([`ChexersSampler`]) replays it once and hands out copies.
//!
//! Replaying is also how an observation is checked: an observation whose history does not lead
//! to the position, outcome and repetition count it shows is refused.

use parlour_core::rng::GameRng;
use parlour_core::search::Sampler;
use parlour_core::ResampleError;

use crate::observation::ChexersObservation;
use crate::state::{Chexers, ChexersState};

impl ChexersObservation {
    /// The full state (the game's history replayed from its start), or why the observation is
    /// inconsistent.
    pub fn state(&self) -> Result<ChexersState, ResampleError> {
        if self.seat > 2 {
            return Err(ResampleError::NoSuchSeat {
                seat: self.seat,
                players: 3,
            });
        }
        let state = ChexersState::from_history(&self.start, &self.actions)
            .map_err(|e| ResampleError::inconsistent(e.to_string()))?;
        let mut position = self.position.clone();
        position.normalise();
        if state.position() != position {
            return Err(ResampleError::inconsistent(format!(
                "the actions lead to {}, not to the position given ({})",
                state.position(),
                position
            )));
        }
        if state.outcome() != self.outcome {
            return Err(ResampleError::inconsistent(format!(
                "the actions end in {:?}, not {:?}",
                state.outcome(),
                self.outcome
            )));
        }
        if state.occurrences() != self.occurrences {
            return Err(ResampleError::inconsistent(format!(
                "the position has occurred {} times, not {}",
                state.occurrences(),
                self.occurrences
            )));
        }
        Ok(state)
    }
}

/// The sampler for search: every sample is the one state the observation allows, replayed
/// once when the sampler is made rather than once a sample.
#[derive(Debug, Clone)]
pub struct ChexersSampler {
    state: ChexersState,
}

impl ChexersSampler {
    /// The sampler for `observation`, or why it is inconsistent (as `Game::resample` says).
    pub fn new(observation: &ChexersObservation) -> Result<ChexersSampler, ResampleError> {
        Ok(ChexersSampler {
            state: observation.state()?,
        })
    }
}

impl Sampler<Chexers> for ChexersSampler {
    /// A copy of the state; nothing is drawn from `rng`, as there is nothing hidden to draw.
    fn sample(&mut self, _rng: &mut GameRng) -> Result<ChexersState, ResampleError> {
        Ok(self.state.clone())
    }
}
