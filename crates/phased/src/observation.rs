//! What one seat sees, [`PhasedObservation`], with the two small types it shares with the engine
//! ([`Variant`], [`Step`]), and [`check_lay`], which checks a proposed phase against a seat's view
//! alone (so a person may type any valid phase, listed or not).

use parlour_cards::{Card, CardCounts};
use parlour_core::Seat;
use serde::{Deserialize, Serialize};

use crate::action::PhasePlay;
use crate::groups::{phase_type, PhaseError, PhaseType, TableGroup};

/// Which rules.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Variant {
    /// The five phases in order; 104 cards.
    #[default]
    Standard,
    /// Phases in any order, each once; four Jokers as Skip cards (108 cards).
    Bonus,
}

/// Where a turn stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Step {
    /// The player to act draws or takes the discard.
    Draw,
    /// The player to act lays, adds, and discards.
    Play,
    /// The game is over.
    Over,
}

/// What one seat sees: its hand, the table, the whole discard pile, which cards each other seat
/// is known to hold (taken from the discard pile), and public counts; never the deck's order or
/// the rest of the other hands.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PhasedObservation {
    /// The observer.
    pub seat: Seat,
    /// The rules variant.
    pub variant: Variant,
    /// The observer's hand, sorted.
    pub hand: Vec<Card>,
    /// Every seat's hand size.
    pub hand_sizes: Vec<usize>,
    /// Per seat, the cards it took from the discard pile this hand and still holds.
    pub known: Vec<Vec<Card>>,
    /// The discard pile, bottom first (the last card is the top).
    pub discard: Vec<Card>,
    /// Cards left in the deck.
    pub deck: usize,
    /// Each seat's groups on the table.
    pub table: Vec<Vec<TableGroup>>,
    /// Each seat's completed phases (1–5).
    pub phases_done: Vec<Vec<u8>>,
    /// Whether each seat has laid its phase this hand.
    pub laid: Vec<bool>,
    /// Seats nominated to miss their next turn.
    pub skip_next: Vec<bool>,
    /// Turns each seat has played this hand.
    pub turns: Vec<u16>,
    /// Each seat's penalty total.
    pub scores: Vec<u32>,
    /// The dealer of this hand.
    pub dealer: Seat,
    /// The seat to act (`None` once the game is over).
    pub current_player: Option<Seat>,
    /// Where the turn stands.
    pub step: Step,
    /// Hands completed.
    pub hands_completed: u8,
    /// The player to act drew the deck's last card: the hand ends with its discard.
    pub last_card_drawn: bool,
    /// Someone has completed the last phase: the game ends with this hand.
    pub game_ends_after_hand: bool,
    /// Decisions made so far.
    pub decisions: u64,
}

/// Why a seat may not lay a proposed phase ([`check_lay`]).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum LayError {
    /// It is not the seat's turn, or it has not drawn yet.
    #[error("you may lay a phase only on your turn, after drawing")]
    NotInPlayStep,
    /// The observation's per-seat lists stop short of its own seat (a malformed observation).
    #[error("the observation has no entry for its own seat")]
    NoOwnEntry,
    /// The seat has laid its phase this hand already.
    #[error("only one phase can be laid in a hand")]
    AlreadyLaid,
    /// A hand larger than both packs (a malformed observation).
    #[error("a hand of {cards} cards is more than the packs hold")]
    HandTooLarge {
        /// The hand's size.
        cards: usize,
    },
    /// A card of the play the hand does not hold (as often as the play uses it).
    #[error("{card} is not in your hand (or is used twice)")]
    NotInHand {
        /// The first card missing.
        card: Card,
    },
    /// The groups are not a phase.
    #[error(transparent)]
    NotAPhase(#[from] PhaseError),
    /// The groups make a phase the seat may not lay now.
    #[error("these groups make {made}, but you need phase {}", phase_list(.needed))]
    WrongPhase {
        /// The phase the groups make.
        made: PhaseType,
        /// The phases the seat may lay (none once it has completed every phase).
        needed: Vec<PhaseType>,
    },
}

/// `1 or 3 or 4`.
fn phase_list(phases: &[PhaseType]) -> String {
    let numbers: Vec<String> = phases.iter().map(|p| p.0.to_string()).collect();
    numbers.join(" or ")
}

/// Checks a proposed phase against what the seat sees: `Ok` when it may lay it now, or the
/// precise reason why not. An observation read from outside may be malformed: that is an
/// error too, never a panic.
pub fn check_lay(obs: &PhasedObservation, play: &PhasePlay) -> Result<(), LayError> {
    if obs.current_player != Some(obs.seat) || obs.step != Step::Play {
        return Err(LayError::NotInPlayStep);
    }
    let (Some(&laid), Some(done)) = (obs.laid.get(obs.seat), obs.phases_done.get(obs.seat)) else {
        return Err(LayError::NoOwnEntry);
    };
    if laid {
        return Err(LayError::AlreadyLaid);
    }
    // Per-card counts hold at most 255 copies; no real hand comes near.
    if obs.hand.len() > 108 {
        return Err(LayError::HandTooLarge {
            cards: obs.hand.len(),
        });
    }
    let mut hand: CardCounts = obs.hand.iter().copied().collect();
    if let Some(card) = play.all_cards().into_iter().find(|&c| !hand.remove(c)) {
        return Err(LayError::NotInHand { card });
    }
    let made = phase_type(&play.groups())?;
    let needed: Vec<PhaseType> = match obs.variant {
        Variant::Bonus => (1..=5)
            .filter(|ph| !done.contains(ph))
            .map(PhaseType)
            .collect(),
        Variant::Standard => (1..=5)
            .find(|ph| !done.contains(ph))
            .map(PhaseType)
            .into_iter()
            .collect(),
    };
    if needed.contains(&made) {
        Ok(())
    } else {
        Err(LayError::WrongPhase { made, needed })
    }
}
