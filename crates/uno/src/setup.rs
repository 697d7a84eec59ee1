//! Scripted positions: [`UnoSetup`] describes an exact position (after shakmaty's `Setup`) and
//! [`UnoState::from_setup`] checks and builds it, or says with a [`SetupError`] what is wrong.

use parlour_core::rng::seeded;
use parlour_core::Seat;
use serde::{Deserialize, Serialize};

use crate::card::{Card, Color, KINDS};
use crate::observation::Direction;
use crate::state::{check_called, CalledColorError, Phase, Pile, Uno, UnoState, DECK_SIZE};

/// An exact position to start from, for tests and puzzles (after shakmaty's `Setup`).
///
/// Cards not mentioned anywhere are out of play, so a setup may use part of the deck; no card may
/// appear more often than the 108-card deck holds it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct UnoSetup {
    /// Each seat's hand.
    pub hands: Vec<Vec<Card>>,
    /// The face-down draw pile, bottom first: the last card is drawn first.
    pub draw_pile: Vec<Card>,
    /// The discard pile, bottom first: the last card is the up card.
    pub discard: Vec<Card>,
    /// The called colour, required exactly when the up card is a wild.
    pub called_color: Option<Color>,
    /// The seat to act.
    pub current: Seat,
    /// The direction of play.
    pub direction: Direction,
    /// Each seat's total score (empty for all zero).
    pub scores: Vec<u64>,
    /// The colour each seat last called this round (empty for none).
    pub last_called: Vec<Option<Color>>,
    /// If set, the current player has just drawn this card (it must be in their hand) and now
    /// plays it (if playable) or passes.
    pub drawn: Option<Card>,
    /// Rounds already completed in this game.
    pub rounds_completed: u32,
    /// Seed for later reshuffles and deals.
    pub seed: u64,
}

impl UnoSetup {
    /// A setup with these hands, draw pile and discard pile; seat 0 to act, clockwise, no scores.
    pub fn new(hands: Vec<Vec<Card>>, draw_pile: Vec<Card>, discard: Vec<Card>) -> UnoSetup {
        UnoSetup {
            hands,
            draw_pile,
            discard,
            called_color: None,
            current: 0,
            direction: Direction::Clockwise,
            scores: Vec::new(),
            last_called: Vec::new(),
            drawn: None,
            rounds_completed: 0,
            seed: 0,
        }
    }
}

/// Why a setup is not a valid position: what is wrong, and where.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SetupError {
    /// Not one hand per seat.
    #[error("invalid Uno setup: {hands} hands for {players} players")]
    HandCount {
        /// Hands given.
        hands: usize,
        /// Seats at the table.
        players: usize,
    },
    /// A seat with no cards (its round would already be over).
    #[error("invalid Uno setup: seat {seat} has no cards: the round would already be over")]
    EmptyHand {
        /// The seat.
        seat: Seat,
    },
    /// A hand holding more cards than the deck.
    #[error("invalid Uno setup: seat {seat} holds {cards} cards; the deck has {DECK_SIZE}")]
    HandTooLarge {
        /// The seat.
        seat: Seat,
        /// Its cards.
        cards: usize,
    },
    /// A pile holding more cards than the deck.
    #[error("invalid Uno setup: the {pile} pile holds {cards} cards; the deck has {DECK_SIZE}")]
    PileTooLarge {
        /// `draw` or `discard`.
        pile: &'static str,
        /// Its cards.
        cards: usize,
    },
    /// More copies of a card than the deck holds.
    #[error("invalid Uno setup: {copies} copies of {card}; the deck has {in_deck}")]
    TooManyCopies {
        /// The card.
        card: Card,
        /// Copies in the setup.
        copies: u32,
        /// Copies in the deck.
        in_deck: u8,
    },
    /// No up card.
    #[error("invalid Uno setup: the discard pile is empty: there is no up card")]
    NoUpCard,
    /// A called colour that does not fit the up card.
    #[error("invalid Uno setup: {0}")]
    CalledColor(#[from] CalledColorError),
    /// The seat to act is not at the table.
    #[error("invalid Uno setup: seat {seat} to act at a table of {players}")]
    NoSuchSeat {
        /// The seat given.
        seat: Seat,
        /// Seats at the table.
        players: usize,
    },
    /// A per-seat list (`scores`, `last_called`) of the wrong length.
    #[error("invalid Uno setup: {len} {list} for {players} players")]
    ListLength {
        /// Which list.
        list: &'static str,
        /// Its length.
        len: usize,
        /// Seats at the table.
        players: usize,
    },
    /// Every round the options allow is already played.
    #[error("invalid Uno setup: {completed} rounds completed of {rounds}")]
    RoundsDone {
        /// Rounds completed.
        completed: u32,
        /// The game's rounds.
        rounds: u32,
    },
    /// A seat has already reached the target.
    #[error("invalid Uno setup: seat {seat} already has {score} points, the target is {target}")]
    TargetReached {
        /// The seat.
        seat: Seat,
        /// Its score.
        score: u64,
        /// The target.
        target: u32,
    },
    /// The card just drawn is not in the hand of the seat to act.
    #[error("invalid Uno setup: the drawn card {card} is not in seat {seat}'s hand")]
    DrawnNotInHand {
        /// The card.
        card: Card,
        /// The seat to act.
        seat: Seat,
    },
}

impl UnoState {
    /// Builds the position `setup` describes, for `game`.
    pub fn from_setup(game: &Uno, setup: &UnoSetup) -> Result<UnoState, SetupError> {
        let n = game.options.players;
        if setup.hands.len() != n {
            return Err(SetupError::HandCount {
                hands: setup.hands.len(),
                players: n,
            });
        }
        // Sizes and copy counts are checked before anything is stored: a hand or pile holds at
        // most the 108 cards of the deck.
        for (s, hand) in setup.hands.iter().enumerate() {
            if hand.is_empty() {
                return Err(SetupError::EmptyHand { seat: s });
            }
            if hand.len() > DECK_SIZE {
                return Err(SetupError::HandTooLarge {
                    seat: s,
                    cards: hand.len(),
                });
            }
        }
        for (name, pile) in [("draw", &setup.draw_pile), ("discard", &setup.discard)] {
            if pile.len() > DECK_SIZE {
                return Err(SetupError::PileTooLarge {
                    pile: name,
                    cards: pile.len(),
                });
            }
        }
        let mut counts = [0u32; KINDS];
        for &c in setup
            .hands
            .iter()
            .flatten()
            .chain(&setup.draw_pile)
            .chain(&setup.discard)
        {
            counts[c.index()] += 1;
        }
        for c in Card::all_kinds() {
            if counts[c.index()] > u32::from(c.copies_in_deck()) {
                return Err(SetupError::TooManyCopies {
                    card: c,
                    copies: counts[c.index()],
                    in_deck: c.copies_in_deck(),
                });
            }
        }
        let Some(&up) = setup.discard.last() else {
            return Err(SetupError::NoUpCard);
        };
        let mut state = UnoState::empty(game, seeded(setup.seed));
        for (s, hand) in setup.hands.iter().enumerate() {
            for &c in hand {
                state.hands[s].add(c);
            }
        }
        check_called(up, setup.called_color)?;
        if setup.current >= n {
            return Err(SetupError::NoSuchSeat {
                seat: setup.current,
                players: n,
            });
        }
        for (name, len) in [
            ("scores", setup.scores.len()),
            ("last_called", setup.last_called.len()),
        ] {
            if len != 0 && len != n {
                return Err(SetupError::ListLength {
                    list: name,
                    len,
                    players: n,
                });
            }
        }
        if let Some(rounds) = game.options.rounds {
            if setup.rounds_completed >= rounds {
                return Err(SetupError::RoundsDone {
                    completed: setup.rounds_completed,
                    rounds,
                });
            }
        }
        state.draw = Pile::from_slice(&setup.draw_pile);
        state.discard = Pile::from_slice(&setup.discard);
        state.called = setup.called_color;
        state.current = setup.current as u8;
        state.reversed = setup.direction == Direction::Counterclockwise;
        for (s, &score) in setup.scores.iter().enumerate() {
            state.scores[s] = score;
        }
        if let Some(target) = game.options.target {
            if let Some(s) = state.scores().iter().position(|&x| x >= u64::from(target)) {
                return Err(SetupError::TargetReached {
                    seat: s,
                    score: state.scores[s],
                    target,
                });
            }
        }
        for (s, &c) in setup.last_called.iter().enumerate() {
            state.last_called[s] = c;
        }
        state.rounds_completed = setup.rounds_completed;
        if let Some(card) = setup.drawn {
            if !state.hands[setup.current].contains(card) {
                return Err(SetupError::DrawnNotInHand {
                    card,
                    seat: setup.current,
                });
            }
            state.phase = Phase::Drawn(card);
        }
        Ok(state)
    }
}
