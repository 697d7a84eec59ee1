//! Scripted positions: [`NimSetup`] names the piles and the seat to move, and
//! [`NimState::from_setup`] checks and builds it.

use parlour_core::Seat;
use serde::{Deserialize, Serialize};

use crate::state::{Nim, NimState, MAX_OBJECTS};

/// An exact position to start from.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct NimSetup {
    /// The objects in each pile.
    pub piles: Vec<u8>,
    /// The seat to move.
    pub current: Seat,
}

/// Why a setup is not a valid position.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SetupError {
    /// Not as many piles as the game has.
    #[error("invalid Nim setup: {given} piles for a game of {piles}")]
    PileCount {
        /// Piles given.
        given: usize,
        /// The game's piles.
        piles: usize,
    },
    /// A pile larger than any pile can be.
    #[error("invalid Nim setup: pile {pile} holds {objects}; at most {MAX_OBJECTS}")]
    PileTooLarge {
        /// The pile.
        pile: usize,
        /// Its objects.
        objects: u8,
    },
    /// Every pile is empty: the game would be over with nobody having won.
    #[error("invalid Nim setup: every pile is empty")]
    Empty,
    /// No such seat.
    #[error("invalid Nim setup: seat {seat} to move at a table of 2")]
    NoSuchSeat {
        /// The seat given.
        seat: Seat,
    },
}

impl NimState {
    /// Builds the position `setup` describes, for `game`.
    pub fn from_setup(game: &Nim, setup: &NimSetup) -> Result<NimState, SetupError> {
        if setup.piles.len() != game.options.piles {
            return Err(SetupError::PileCount {
                given: setup.piles.len(),
                piles: game.options.piles,
            });
        }
        if let Some((pile, &objects)) = setup
            .piles
            .iter()
            .enumerate()
            .find(|(_, &p)| p > MAX_OBJECTS)
        {
            return Err(SetupError::PileTooLarge { pile, objects });
        }
        if setup.piles.iter().all(|&p| p == 0) {
            return Err(SetupError::Empty);
        }
        if setup.current > 1 {
            return Err(SetupError::NoSuchSeat {
                seat: setup.current,
            });
        }
        Ok(NimState {
            piles: setup.piles.clone(),
            current: setup.current,
            decisions: 0,
            winner: None,
        })
    }
}
