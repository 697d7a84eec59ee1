//! What one seat sees: [`BoObservation`], the only thing a bot is given, and a complete
//! [`View`] of the table for validating that seat's plays. The engine builds it
//! ([`State::observation`](parlour_core::State::observation)); its text for a person is the
//! game's [`GameText::describe`](parlour_core::GameText::describe).

use parlour_cards::Card;
use parlour_core::Seat;
use serde::{Deserialize, Serialize};

use crate::piles::{BuildPile, DiscardPile};
use crate::rules::{Outcome, Variant, View};

/// What one seat sees: its hand, every stockpile's top and size, every build and discard pile
/// card by card, the size of the draw pile and of each hand, the embargoes, and the cards it saw
/// recycled into the draw pile; never another hand, a face-down stockpile card or the draw
/// pile's order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BoObservation {
    /// The observer.
    pub seat: Seat,
    /// The rules variant.
    pub variant: Variant,
    /// The observer's hand, sorted.
    pub hand: Vec<Card>,
    /// Every seat's hand size.
    pub hand_sizes: Vec<usize>,
    /// Every seat's stockpile top (`None` once empty).
    pub stock_tops: Vec<Option<Card>>,
    /// Every seat's stockpile size, top card included.
    pub stock_sizes: Vec<usize>,
    /// The four build piles, each bottom first.
    pub build: Vec<BuildPile>,
    /// Each seat's four discard piles, each bottom first.
    pub discards: Vec<Vec<DiscardPile>>,
    /// Cards left in the draw pile.
    pub draw: usize,
    /// Cards the observer saw go into the draw pile with a completed build pile and has not
    /// seen come out since: they are in the draw pile or another seat's hand, never in a
    /// stockpile.
    pub recycled: Vec<Card>,
    /// Whether each seat still holds its embargo card (bonus variant).
    pub holds_embargo: Vec<bool>,
    /// Who embargoed each seat, if anyone (bonus variant).
    pub embargoed_by: Vec<Option<Seat>>,
    /// The seat to act (`None` once the game is over).
    pub current_player: Option<Seat>,
    /// Plays made so far in this turn.
    pub plays: u8,
    /// Turns each seat has completed.
    pub turns: Vec<u8>,
    /// How the game ended, once it has.
    pub outcome: Option<Outcome>,
    /// Decisions made so far.
    pub decisions: u64,
}

/// An observation is a complete view of the table for its own seat; other seats' hands read as
/// empty.
impl View for BoObservation {
    fn bonus(&self) -> bool {
        self.variant == Variant::Bonus
    }
    fn to_act(&self) -> Option<Seat> {
        self.current_player
    }
    fn hand_count(&self, seat: Seat, card: Card) -> u8 {
        if seat == self.seat {
            self.hand.iter().filter(|&&c| c == card).count() as u8
        } else {
            0
        }
    }
    fn stock_top(&self, seat: Seat) -> Option<Card> {
        self.stock_tops.get(seat).copied().flatten()
    }
    fn stock_len(&self, seat: Seat) -> usize {
        self.stock_sizes.get(seat).copied().unwrap_or(0)
    }
    fn discard(&self, owner: usize, pile: usize) -> &DiscardPile {
        static EMPTY: DiscardPile = DiscardPile::EMPTY;
        self.discards
            .get(owner)
            .and_then(|p| p.get(pile))
            .unwrap_or(&EMPTY)
    }
    fn build(&self, pile: usize) -> &BuildPile {
        static EMPTY: BuildPile = BuildPile::EMPTY;
        self.build.get(pile).unwrap_or(&EMPTY)
    }
    fn holds_embargo(&self, seat: Seat) -> bool {
        self.holds_embargo.get(seat).copied().unwrap_or(false)
    }
    fn embargoed_by(&self, seat: Seat) -> Option<Seat> {
        self.embargoed_by.get(seat).copied().flatten()
    }
}
