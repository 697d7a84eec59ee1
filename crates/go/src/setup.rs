//! Scripted positions for tests (after shakmaty's `Setup`): a [`GoSetup`] names every hand and
//! every discard pile at the start of a turn, and [`GoState::from_setup`] checks it and builds
//! that exact position, or says what is wrong with it ([`SetupError`]).

use parlour_cards::{standard_deck, Card};
use parlour_core::Seat;
use serde::{Deserialize, Serialize};

use crate::state::{bit, mask_of, GoState, Mask, Scoring, PLAYERS, TURNS};

/// An exact position at the start of a turn, for tests. Cards in no hand or discard pile are the
/// set-aside cards. Each seat's history of held hands follows from the hands and discards, since
/// hands pass one seat on each turn.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GoSetup {
    /// Each seat's hand: all the same size, `10 - turn`.
    pub hands: Vec<Vec<Card>>,
    /// Each seat's discards so far, in turn order: all of length `turn`.
    pub discards: Vec<Vec<Card>>,
    /// How the game is scored (after ten turns under `proposed`, the seats are to group).
    #[serde(default)]
    pub scoring: Scoring,
}

/// Why a [`GoSetup`] is not a valid position.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SetupError {
    /// Not one hand and one discard list for each of the four seats.
    #[error(
        "invalid Comp10001-Go setup: {n} hands and {n} discard lists are needed",
        n = PLAYERS
    )]
    Seats {
        /// Hands given.
        hands: usize,
        /// Discard lists given.
        discards: usize,
    },
    /// More discards each than a game has turns.
    #[error(
        "invalid Comp10001-Go setup: {turn} discards each; a game has {turns} turns",
        turns = TURNS
    )]
    TooManyTurns {
        /// Discards each (seat 0's count, which sets the turn).
        turn: usize,
    },
    /// A seat with a different number of discards from seat 0.
    #[error("invalid Comp10001-Go setup: seat {seat} has {discards} discards, seat 0 has {turn}")]
    UnevenDiscards {
        /// The seat.
        seat: Seat,
        /// Its discards.
        discards: usize,
        /// Seat 0's discards (the turn).
        turn: usize,
    },
    /// A hand of the wrong size for the turn.
    #[error(
        "invalid Comp10001-Go setup: seat {seat} holds {held} cards; after {turn} turns each hand holds {expected}"
    )]
    HandSize {
        /// The seat.
        seat: Seat,
        /// The cards in its hand.
        held: usize,
        /// Turns completed.
        turn: usize,
        /// The cards each hand holds after that many turns.
        expected: usize,
    },
    /// A Joker in a hand or discard pile.
    #[error("invalid Comp10001-Go setup: {card} is a Joker; the game uses one standard pack")]
    Joker {
        /// The seat whose hand or discards hold it.
        seat: Seat,
        /// The Joker.
        card: Card,
    },
    /// A card named twice (in one place or in two).
    #[error("invalid Comp10001-Go setup: {card} appears twice")]
    Duplicate {
        /// The seat where it is named the second time.
        seat: Seat,
        /// The card.
        card: Card,
    },
}

impl GoState {
    /// Builds the position `setup` describes: seat 0 to pick, no picks made this turn, and the
    /// final scores if all ten turns are done.
    pub fn from_setup(setup: &GoSetup) -> Result<GoState, SetupError> {
        if setup.hands.len() != PLAYERS || setup.discards.len() != PLAYERS {
            return Err(SetupError::Seats {
                hands: setup.hands.len(),
                discards: setup.discards.len(),
            });
        }
        let turn = setup.discards[0].len();
        if turn > TURNS {
            return Err(SetupError::TooManyTurns { turn });
        }
        let mut used: Mask = 0;
        for seat in 0..PLAYERS {
            if setup.discards[seat].len() != turn {
                return Err(SetupError::UnevenDiscards {
                    seat,
                    discards: setup.discards[seat].len(),
                    turn,
                });
            }
            if setup.hands[seat].len() != TURNS - turn {
                return Err(SetupError::HandSize {
                    seat,
                    held: setup.hands[seat].len(),
                    turn,
                    expected: TURNS - turn,
                });
            }
            for &card in setup.hands[seat].iter().chain(&setup.discards[seat]) {
                if card.is_joker() {
                    return Err(SetupError::Joker { seat, card });
                }
                if used & bit(card) != 0 {
                    return Err(SetupError::Duplicate { seat, card });
                }
                used |= bit(card);
            }
        }
        let all = mask_of(&standard_deck());
        let mut state = GoState {
            hands: [0; PLAYERS],
            pending: [None; PLAYERS],
            discards: [[None; TURNS]; PLAYERS],
            held: [[0; TURNS]; PLAYERS],
            set_aside: all & !used,
            turn: turn as u8,
            current: 0,
            scores: [0; PLAYERS],
            decisions: (turn * PLAYERS) as u64,
            scoring: setup.scoring,
            groupings: [None; PLAYERS],
        };
        for s in 0..PLAYERS {
            state.hands[s] = mask_of(&setup.hands[s]);
            for (t, &c) in setup.discards[s].iter().enumerate() {
                state.discards[s][t] = Some(c);
            }
        }
        for s in 0..PLAYERS {
            state.rebuild_history(s);
        }
        if state.is_over() {
            state.score_all();
        }
        Ok(state)
    }
}
