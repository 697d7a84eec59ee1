//! What one seat sees: everything (Nim has no hidden information).

use parlour_core::Seat;
use serde::{Deserialize, Serialize};

/// A seat's view of the table: the piles, whose turn it is, and the winner once there is one.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NimObservation {
    /// The observing seat.
    pub seat: Seat,
    /// The objects left in each pile.
    pub piles: Vec<u8>,
    /// The seat to move (`None` once the game is over).
    pub current_player: Option<Seat>,
    /// Decisions made so far.
    pub decisions: u64,
    /// The seat that took the last object, once the game is over.
    pub winner: Option<Seat>,
}
