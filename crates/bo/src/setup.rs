//! Scripted positions for tests (after shakmaty's `Setup`): [`BoSetup`] describes an exact
//! table in the middle of a turn, and [`BoState::from_setup`] checks it and builds it, or says
//! with a [`SetupError`] what is wrong and where.

use parlour_cards::{Card, CardCounts};
use parlour_core::Seat;
use serde::{Deserialize, Serialize};

use crate::action::{BUILD_PILES, DISCARD_PILES, PLAYERS};
use crate::piles::{BuildPile, BuildPileError, DiscardPile};
use crate::rules::EMBARGO_STOCK;
use crate::state::{Bo, BoState, HAND_SIZE, MAX_PLAYS, MAX_TURNS};

/// An exact position for tests (after shakmaty's `Setup`), in the middle of a turn: the seat to
/// act has drawn. Cards mentioned nowhere are out of play, so a setup may use part of the packs.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct BoSetup {
    /// Each seat's hand (at most five cards).
    pub hands: Vec<Vec<Card>>,
    /// Each seat's stockpile, bottom first (the last card is the face-up top); empty lists
    /// are allowed only for a seat that has won.
    pub stocks: Vec<Vec<Card>>,
    /// The draw pile, bottom first (the last card is drawn next).
    pub draw: Vec<Card>,
    /// The build piles (up to four), each bottom first, each placed legally.
    pub build: Vec<Vec<Card>>,
    /// Each seat's discard piles (up to four per seat), each bottom first.
    pub discards: Vec<Vec<Vec<Card>>>,
    /// Whether each seat still holds its embargo card (bonus; default: all do).
    pub holds_embargo: Vec<bool>,
    /// Who embargoed each seat (bonus).
    pub embargoed_by: Vec<Option<Seat>>,
    /// The seat to act.
    pub current: Seat,
    /// Plays already made this turn (0 to 4).
    pub plays: u8,
    /// Turns each seat has completed.
    pub turns: Vec<u8>,
    /// Seed for later shuffles.
    pub seed: u64,
}

/// Why a setup is not a valid position.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SetupError {
    /// Not one hand and one stockpile per seat.
    #[error("invalid Comp10001-Bo setup: {hands} hands and {stocks} stockpiles: give one of each per seat ({PLAYERS})")]
    Seats {
        /// Hands given.
        hands: usize,
        /// Stockpiles given.
        stocks: usize,
    },
    /// A per-seat list that is neither empty (the default for every seat) nor one per seat.
    #[error("invalid Comp10001-Bo setup: {len} {list} for {PLAYERS} seats")]
    ListLength {
        /// Which list: `embargo flags`, `embargo entries`, `turn counts` or `discard lists`.
        list: &'static str,
        /// Its length.
        len: usize,
    },
    /// More build piles than the table has.
    #[error("invalid Comp10001-Bo setup: {piles} build piles: there are {BUILD_PILES}")]
    BuildPiles {
        /// Build piles given.
        piles: usize,
    },
    /// More discard piles for a seat than it has.
    #[error("invalid Comp10001-Bo setup: seat {seat} has more than {DISCARD_PILES} discard piles")]
    DiscardPiles {
        /// The seat.
        seat: Seat,
        /// Its discard piles given.
        piles: usize,
    },
    /// The seat to act is not at the table.
    #[error("invalid Comp10001-Bo setup: seat {seat} does not exist")]
    NoSuchSeat {
        /// The seat given.
        seat: Seat,
    },
    /// A turn already over: it has had all its plays.
    #[error("invalid Comp10001-Bo setup: {plays} plays made: a turn has {MAX_PLAYS}")]
    Plays {
        /// Plays given.
        plays: u8,
    },
    /// A seat past the turn limit, or every seat at it (the game would be over).
    #[error("invalid Comp10001-Bo setup: turn counts {turns:?}: a seat plays at most {MAX_TURNS} turns, and the game ends once all have")]
    TurnLimit {
        /// The turn counts given.
        turns: Vec<u8>,
    },
    /// Turn counts that do not fit the seat to act: seats before it have played one turn more
    /// than the rest.
    #[error("invalid Comp10001-Bo setup: turn counts {turns:?} do not fit seat {current} to act: seats before it have played one turn more than the rest")]
    TurnOrder {
        /// The turn counts given.
        turns: Vec<u8>,
        /// The seat to act.
        current: Seat,
    },
    /// A hand over the hand size.
    #[error(
        "invalid Comp10001-Bo setup: seat {seat}'s hand holds {cards} cards, more than {HAND_SIZE}"
    )]
    HandSize {
        /// The seat.
        seat: Seat,
        /// Its cards.
        cards: usize,
    },
    /// An empty stockpile: that seat would have won.
    #[error("invalid Comp10001-Bo setup: seat {seat}'s stockpile is empty: an empty stockpile means the game is won")]
    EmptyStock {
        /// The seat.
        seat: Seat,
    },
    /// Embargoes in the standard game.
    #[error("invalid Comp10001-Bo setup: embargo cards are only in the bonus variant")]
    NotBonus,
    /// An embargo by a seat that does not exist, or by the embargoed seat itself.
    #[error("invalid Comp10001-Bo setup: seat {seat} cannot be embargoed by seat {by}")]
    EmbargoedBy {
        /// The embargoed seat.
        seat: Seat,
        /// The seat given as embargoing it.
        by: Seat,
    },
    /// One seat embargoing several.
    #[error("invalid Comp10001-Bo setup: seat {by} has one embargo card, not several")]
    EmbargoTwice {
        /// The seat.
        by: Seat,
    },
    /// An embargo on a stockpile too big to embargo.
    #[error("invalid Comp10001-Bo setup: seat {seat} is embargoed with more than {EMBARGO_STOCK} stockpile cards")]
    EmbargoStock {
        /// The embargoed seat.
        seat: Seat,
        /// Its stockpile's size.
        size: usize,
    },
    /// A seat that has played its embargo card, still holding it.
    #[error("invalid Comp10001-Bo setup: seat {by} embargoed seat {seat}, so no longer holds its embargo card")]
    EmbargoHeld {
        /// The embargoing seat.
        by: Seat,
        /// The embargoed seat.
        seat: Seat,
    },
    /// More copies of a card than the packs hold.
    #[error("invalid Comp10001-Bo setup: more copies of {card} than the packs hold")]
    Copies {
        /// The card.
        card: Card,
    },
    /// An Ace on a discard pile.
    #[error("invalid Comp10001-Bo setup: discard pile d{owner}.{pile} holds an Ace")]
    AceOnDiscard {
        /// The pile's owner.
        owner: Seat,
        /// Which of its piles.
        pile: usize,
    },
    /// A build pile whose cards could not have been played in turn.
    #[error("invalid Comp10001-Bo setup: build pile b{pile}: {error}")]
    BuildPile {
        /// The pile.
        pile: usize,
        /// The first card that does not fit.
        error: BuildPileError,
    },
}

impl BoState {
    /// Builds the position `setup` describes, for `game`.
    pub fn from_setup(game: &Bo, setup: &BoSetup) -> Result<BoState, SetupError> {
        let bonus = game.is_bonus();
        if setup.hands.len() != PLAYERS || setup.stocks.len() != PLAYERS {
            return Err(SetupError::Seats {
                hands: setup.hands.len(),
                stocks: setup.stocks.len(),
            });
        }
        for (list, len) in [
            ("embargo flags", setup.holds_embargo.len()),
            ("embargo entries", setup.embargoed_by.len()),
            ("turn counts", setup.turns.len()),
            ("discard lists", setup.discards.len()),
        ] {
            if len != 0 && len != PLAYERS {
                return Err(SetupError::ListLength { list, len });
            }
        }
        if setup.build.len() > BUILD_PILES {
            return Err(SetupError::BuildPiles {
                piles: setup.build.len(),
            });
        }
        if let Some((seat, d)) = setup
            .discards
            .iter()
            .enumerate()
            .find(|(_, d)| d.len() > DISCARD_PILES)
        {
            return Err(SetupError::DiscardPiles {
                seat,
                piles: d.len(),
            });
        }
        if setup.current >= PLAYERS {
            return Err(SetupError::NoSuchSeat {
                seat: setup.current,
            });
        }
        if setup.plays >= MAX_PLAYS {
            return Err(SetupError::Plays { plays: setup.plays });
        }
        if setup.turns.iter().any(|&t| t > MAX_TURNS)
            || (setup.turns.len() == PLAYERS && setup.turns.iter().all(|&t| t == MAX_TURNS))
        {
            return Err(SetupError::TurnLimit {
                turns: setup.turns.clone(),
            });
        }
        if setup.turns.len() == PLAYERS {
            // Seats before the one to act have played one turn more than the rest.
            let t = setup.turns[setup.current];
            let fits =
                (0..PLAYERS).all(|p| setup.turns[p] == if p < setup.current { t + 1 } else { t });
            if !fits {
                return Err(SetupError::TurnOrder {
                    turns: setup.turns.clone(),
                    current: setup.current,
                });
            }
        }
        if let Some((seat, h)) = setup
            .hands
            .iter()
            .enumerate()
            .find(|(_, h)| h.len() > HAND_SIZE)
        {
            return Err(SetupError::HandSize {
                seat,
                cards: h.len(),
            });
        }
        if let Some(seat) = setup.stocks.iter().position(Vec::is_empty) {
            return Err(SetupError::EmptyStock { seat });
        }
        if !bonus
            && (setup.holds_embargo.iter().any(|&h| h)
                || setup.embargoed_by.iter().any(Option::is_some))
        {
            return Err(SetupError::NotBonus);
        }
        for (seat, by) in setup.embargoed_by.iter().enumerate() {
            if let Some(by) = *by {
                if by >= PLAYERS || by == seat {
                    return Err(SetupError::EmbargoedBy { seat, by });
                }
                if setup
                    .embargoed_by
                    .iter()
                    .filter(|&&e| e == Some(by))
                    .count()
                    > 1
                {
                    return Err(SetupError::EmbargoTwice { by });
                }
                if let Some(size) = setup
                    .stocks
                    .get(seat)
                    .map(Vec::len)
                    .filter(|&size| size > EMBARGO_STOCK)
                {
                    return Err(SetupError::EmbargoStock { seat, size });
                }
                if setup.holds_embargo.get(by) == Some(&true) || setup.holds_embargo.is_empty() {
                    return Err(SetupError::EmbargoHeld { by, seat });
                }
            }
        }
        let mut left: CardCounts = game.pack().into_iter().collect();
        let everything = setup
            .hands
            .iter()
            .chain(&setup.stocks)
            .chain(&setup.build)
            .chain(setup.discards.iter().flatten())
            .flatten()
            .chain(&setup.draw);
        for &card in everything {
            if !left.remove(card) {
                return Err(SetupError::Copies { card });
            }
        }
        let mut s = BoState::deal(game, setup.seed);
        for p in 0..PLAYERS {
            s.hands[p] = setup.hands[p].iter().copied().collect();
            s.stocks[p] = setup.stocks[p].clone();
            s.recycled[p] = CardCounts::new();
            s.holds_embargo[p] = bonus && setup.holds_embargo.get(p).copied().unwrap_or(true);
            s.embargoed_by[p] = setup
                .embargoed_by
                .get(p)
                .copied()
                .flatten()
                .map(|b| b as u8);
            s.turns[p] = setup.turns.get(p).copied().unwrap_or(0);
            for i in 0..DISCARD_PILES {
                let cards = setup
                    .discards
                    .get(p)
                    .and_then(|d| d.get(i))
                    .map_or(&[][..], Vec::as_slice);
                s.discards[p][i] = DiscardPile::from_cards(cards)
                    .ok_or(SetupError::AceOnDiscard { owner: p, pile: i })?;
            }
        }
        for i in 0..BUILD_PILES {
            let cards = setup.build.get(i).map_or(&[][..], Vec::as_slice);
            s.build[i] = BuildPile::from_cards(cards)
                .map_err(|error| SetupError::BuildPile { pile: i, error })?;
        }
        s.draw = setup.draw.clone();
        s.out = left.to_vec();
        s.current = setup.current as u8;
        s.plays = setup.plays;
        s.outcome = None;
        s.decisions = 0;
        Ok(s)
    }
}
