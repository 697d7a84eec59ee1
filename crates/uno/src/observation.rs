//! What one seat sees: [`UnoObservation`], the seed's `GameState`.

use arrayvec::ArrayVec;
use parlour_core::Seat;
use serde::{Deserialize, Serialize};

use crate::card::{Card, Color, DECK_SIZE};

/// The most seats an Uno table has.
pub const MAX_PLAYERS: usize = 10;

/// Cards of one place (a hand, the discard pile), held inline: at most the deck's 108, so an
/// observation is built at every decision without allocating.
pub type Cards = ArrayVec<Card, DECK_SIZE>;

/// One value for each seat, held inline (at most ten seats).
pub type PerSeat<T> = ArrayVec<T, MAX_PLAYERS>;

/// The direction of play.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Direction {
    /// Seat `i` is followed by `i + 1`.
    Clockwise,
    /// Seat `i` is followed by `i - 1`.
    Counterclockwise,
}

/// How a completed round ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundOutcome {
    /// The round's index, from 0.
    pub round: u32,
    /// The seat that emptied its hand, or `None` when the round was drawn (no cards left to draw).
    pub winner: Option<Seat>,
    /// Points the winner scored: the cards left in all other hands.
    pub points: u64,
}

/// Exactly what one seat sees at the table (the seed's `GameState`, and more that is public).
///
/// Other seats' hands and the order of the draw pile are never here. The seed's four `GameState`
/// queries are methods: [`num_cards_in_hand_of_upcoming_players`](Self::num_cards_in_hand_of_upcoming_players),
/// [`most_recent_color_called_by_upcoming_players`](Self::most_recent_color_called_by_upcoming_players),
/// [`total_score_of_upcoming_players`](Self::total_score_of_upcoming_players) and
/// [`played_cards`](Self::played_cards).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UnoObservation {
    /// The observing seat.
    pub seat: Seat,
    /// Seats at the table.
    pub players: usize,
    /// The observer's hand, sorted by kind.
    pub hand: Cards,
    /// The card the observer has just drawn and may now play (if it fits) or keep (only while it
    /// decides).
    pub drawn: Option<Card>,
    /// Whether the player to act has just drawn and is deciding whether to play that card. This is
    /// a decision even when `pass` is the only choice, so nobody learns whether a kept card fits.
    pub deciding_after_draw: bool,
    /// The up card.
    pub up_card: Card,
    /// The called colour, when the up card is a wild.
    pub called_color: Option<Color>,
    /// The direction of play.
    pub direction: Direction,
    /// The seat to act (`None` once the game is over).
    pub current_player: Option<Seat>,
    /// Every seat's hand size, by seat.
    pub hand_sizes: PerSeat<usize>,
    /// Every seat's total score, by seat.
    pub scores: PerSeat<u64>,
    /// The colour each seat last called this round, by seat.
    pub last_called: PerSeat<Option<Color>>,
    /// The discard pile, bottom first; the last card is the up card. Everything above the bottom
    /// card was played since the last reshuffle (or the round's start).
    pub discard: Cards,
    /// Cards in the draw pile.
    pub draw_pile: usize,
    /// The cards that went into the draw pile at the last reshuffle this round (when the draw
    /// pile ran out and the discards but the up card were turned over to refill it), sorted by
    /// kind; empty when there has been no reshuffle since this round's deal. Every seat saw them,
    /// so the draw pile now holds only cards of this multiset (those not drawn since), and
    /// [resampling](parlour_core::Game::resample) respects that.
    pub reshuffled: Cards,
    /// Rounds completed in this game.
    pub rounds_completed: u32,
    /// Player decisions made so far in this game.
    pub decisions: u64,
    /// How the previous round ended.
    pub last_round: Option<RoundOutcome>,
}

impl UnoObservation {
    /// The other seats in the order of the seed's "upcoming players": from the seat that plays
    /// after the observer in the current direction of play, on round the table in that direction
    /// (the course's `GameState` orders them by the current direction; "assume that there was no
    /// skip or reverse played" only leaves out the card about to be played).
    pub fn upcoming_players(&self) -> impl Iterator<Item = Seat> + '_ {
        let n = self.players;
        let step = match self.direction {
            Direction::Clockwise => 1,
            Direction::Counterclockwise => n.saturating_sub(1),
        };
        (1..n).map(move |k| (self.seat + k * step) % n)
    }

    /// The seed's `get_num_cards_in_hand_of_upcoming_players()`.
    pub fn num_cards_in_hand_of_upcoming_players(&self) -> Vec<usize> {
        self.upcoming_players()
            .map(|s| self.hand_sizes[s])
            .collect()
    }

    /// The seed's `get_most_recent_color_called_by_upcoming_players()` (`None` is the seed's `'none'`).
    pub fn most_recent_color_called_by_upcoming_players(&self) -> Vec<Option<Color>> {
        self.upcoming_players()
            .map(|s| self.last_called[s])
            .collect()
    }

    /// The seed's `get_total_score_of_upcoming_players()`.
    pub fn total_score_of_upcoming_players(&self) -> Vec<u64> {
        self.upcoming_players().map(|s| self.scores[s]).collect()
    }

    /// The seed's `get_played_cards()`: cards played, in order, since the last reshuffle (or the
    /// start of the round; the card turned up at the start is not a played card).
    pub fn played_cards(&self) -> &[Card] {
        self.discard.get(1..).unwrap_or(&[])
    }

    /// The seat that plays after the observer in the current direction.
    pub fn next_player(&self) -> Seat {
        match self.direction {
            Direction::Clockwise => (self.seat + 1) % self.players,
            Direction::Counterclockwise => (self.seat + self.players - 1) % self.players,
        }
    }
}
