//! What one seat sees: [`ChexersObservation`] — everything, since Chexers has perfect
//! information, with the game's history so that the repetition rule can be followed — and how
//! a game ended ([`Outcome`]).
//!
//! The state builds an observation (`State::observation`); rebuilding the state from one is
//! the sampler's business (`ChexersObservation::state`, in `sampler.rs`).

use std::fmt;

use parlour_core::Seat;
use serde::{Deserialize, Serialize};

use crate::action::ChexersAction;
use crate::board::Colour;
use crate::setup::Position;

/// Why a game was drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DrawReason {
    /// A position occurred for the fourth time.
    Repetition,
    /// Every player had their 256th turn.
    TurnLimit,
}

/// How a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    /// The seat that made its fourth exit.
    Win(Seat),
    /// No winner.
    Draw(DrawReason),
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Win(s) => write!(f, "{} wins", Colour::ALL[*s].name()),
            Outcome::Draw(DrawReason::Repetition) => {
                f.write_str("drawn: a position occurred for the 4th time")
            }
            Outcome::Draw(DrawReason::TurnLimit) => {
                f.write_str("drawn: every player has had 256 turns")
            }
        }
    }
}

/// What a seat sees: everything (Chexers has perfect information), with the game's history so
/// the repetition rule can be followed.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ChexersObservation {
    /// The seat (0 Red, 1 Green, 2 Blue) this observation is for.
    pub seat: Seat,
    /// The position now.
    pub position: Position,
    /// How the game ended, if it has.
    pub outcome: Option<Outcome>,
    /// How many times the current position has occurred (a 4th occurrence is a draw).
    pub occurrences: u32,
    /// The position the game started from.
    pub start: Position,
    /// Every action since the start.
    pub actions: Vec<ChexersAction>,
}
