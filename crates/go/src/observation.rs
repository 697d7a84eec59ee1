//! What one seat sees ([`GoObservation`]): the only thing a bot receives, and what external bots,
//! traces and the web are sent as JSON. The state builds it
//! ([`State::observation`](parlour_core::State::observation)); [`Game::resample`] turns it back
//! into a full position; its text for people is [`GameText::describe`].
//!
//! [`Game::resample`]: parlour_core::Game::resample
//! [`GameText::describe`]: parlour_core::GameText::describe

use parlour_cards::Card;
use parlour_core::Seat;

use crate::action::Grouping;
use serde::{Deserialize, Serialize};

/// What one seat sees: its hand, its own unrevealed pick, every revealed discard, the turn, and
/// every hand it has held (cards seen once and passed on), and nothing else.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GoObservation {
    /// The observing seat.
    pub seat: Seat,
    /// Turns completed (0–10).
    pub turn: usize,
    /// The observer's hand now (without its own pick this turn).
    pub hand: Vec<Card>,
    /// The observer's pick this turn, if it has picked (not yet revealed to the others).
    pub picked: Option<Card>,
    /// Every seat's revealed discards, in turn order.
    pub discards: Vec<Vec<Card>>,
    /// The hand the observer held at the start of each turn so far.
    pub held: Vec<Vec<Card>>,
    /// The seat to pick (`None` when the game is over).
    pub current_player: Option<Seat>,
    /// Final scores, once the game is over.
    pub scores: Option<Vec<i32>>,
    /// Under the course's scoring (`scoring: proposed`) only: each seat's grouping of its
    /// discards once made (after the last turn, seats group in seat order). Absent otherwise.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub groupings: Option<Vec<Option<Grouping>>>,
}
