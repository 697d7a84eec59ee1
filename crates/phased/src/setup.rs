//! Scripted positions (after shakmaty's `Setup`): [`PhasedSetup`] describes hands, piles, table
//! and progress, [`PhasedState::from_setup`] checks it and builds the position, and
//! [`SetupError`] says what is wrong with one that cannot be played.

use std::fmt;

use parlour_cards::{decks, Card, CardCounts};
use parlour_core::Seat;
use serde::{Deserialize, Serialize};

use crate::groups::{group_type, GroupError, TableGroup};
use crate::observation::{Step, Variant};
use crate::state::{Phased, PhasedState, MAX_HANDS, MAX_SCORE, MAX_TURNS, PLAYERS};

/// An exact position for tests (after shakmaty's `Setup`): hands, piles, table and progress.
/// Cards mentioned nowhere are out of play, so a setup may use part of the packs.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct PhasedSetup {
    /// Each seat's hand.
    pub hands: Vec<Vec<Card>>,
    /// The deck, bottom first (the last card is drawn next).
    pub deck: Vec<Card>,
    /// The discard pile, bottom first (the last card is the top).
    pub discard: Vec<Card>,
    /// Each seat's groups on the table (each a valid group, laid as its type).
    pub table: Vec<Vec<Vec<Card>>>,
    /// Each seat's completed phases.
    pub phases_done: Vec<Vec<u8>>,
    /// Whether each seat has laid its phase this hand.
    pub laid: Vec<bool>,
    /// Each seat's penalty total.
    pub scores: Vec<u32>,
    /// Turns each seat has played this hand.
    pub turns: Vec<u16>,
    /// The dealer.
    pub dealer: Seat,
    /// The seat to act.
    pub current: Seat,
    /// Whether that seat has already drawn (it is in its play step).
    pub drawn: bool,
    /// Hands completed.
    pub hands_completed: u8,
    /// Seed for later deals.
    pub seed: u64,
}

/// One of a setup's per-seat lists.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum SeatList {
    /// [`PhasedSetup::hands`] (one per seat, always).
    Hands,
    /// [`PhasedSetup::table`].
    Tables,
    /// [`PhasedSetup::phases_done`].
    PhaseLists,
    /// [`PhasedSetup::laid`].
    LaidFlags,
    /// [`PhasedSetup::scores`].
    Scores,
    /// [`PhasedSetup::turns`].
    TurnCounts,
}

impl fmt::Display for SeatList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            SeatList::Hands => "hands",
            SeatList::Tables => "tables",
            SeatList::PhaseLists => "phase lists",
            SeatList::LaidFlags => "laid flags",
            SeatList::Scores => "scores",
            SeatList::TurnCounts => "turn counts",
        })
    }
}

/// Why a setup is not a valid position.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SetupError {
    /// A per-seat list of the wrong length (the lists other than the hands may also be empty,
    /// meaning none laid, nothing done, nothing scored).
    #[error("invalid Phased Out setup: {len} {list} for {PLAYERS} seats")]
    SeatCount {
        /// Which list.
        list: SeatList,
        /// Its length.
        len: usize,
    },
    /// The dealer or the seat to act is not a seat.
    #[error("invalid Phased Out setup: dealer and current must be seats 0 to 3")]
    NoSuchSeat {
        /// The dealer given.
        dealer: Seat,
        /// The seat to act given.
        current: Seat,
    },
    /// As many hands completed as a game has, or more.
    #[error("invalid Phased Out setup: {completed} hands completed: a game has {MAX_HANDS}")]
    HandsCompleted {
        /// The count given.
        completed: u8,
    },
    /// A seat with more turns played than a hand allows.
    #[error("invalid Phased Out setup: a seat has played more than {MAX_TURNS} turns")]
    TooManyTurns {
        /// The first such seat.
        seat: Seat,
        /// Its turns.
        turns: u16,
    },
    /// A penalty total no game can reach.
    #[error("invalid Phased Out setup: a penalty total above {MAX_SCORE} cannot be reached")]
    ScoreTooHigh {
        /// The first such seat.
        seat: Seat,
        /// Its total.
        score: u32,
    },
    /// Standard phases that are not 1, 2, … in order.
    #[error("invalid Phased Out setup: seat {seat}'s phases {phases:?}: standard phases are done in order")]
    PhasesOutOfOrder {
        /// The seat.
        seat: Seat,
        /// Its phases as given.
        phases: Vec<u8>,
    },
    /// More copies of a card in the setup than the packs hold.
    #[error("invalid Phased Out setup: more copies of {card} than the packs hold")]
    TooManyCopies {
        /// The card.
        card: Card,
    },
    /// A group on the table that is no group.
    #[error("invalid Phased Out setup: seat {seat}'s group: {error}")]
    BadGroup {
        /// The seat it belongs to.
        seat: Seat,
        /// Which of its groups, from 0.
        group: usize,
        /// Why it is no group.
        error: GroupError,
    },
    /// A completed phase outside 1 to 5.
    #[error("invalid Phased Out setup: no phase {phase}")]
    NoSuchPhase {
        /// The seat.
        seat: Seat,
        /// The phase given.
        phase: u8,
    },
    /// A seat still to draw with nothing in the deck: the hand would already be over.
    #[error(
        "invalid Phased Out setup: the deck is empty before the draw: the hand would already be over"
    )]
    EmptyDeck,
}

impl PhasedState {
    /// Builds the position `setup` describes, for `game`.
    pub fn from_setup(game: &Phased, setup: &PhasedSetup) -> Result<PhasedState, SetupError> {
        let bonus = game.options.variant == Variant::Bonus;
        let per_seat = |list: SeatList, len: usize| -> Result<(), SetupError> {
            if len != 0 && len != PLAYERS {
                return Err(SetupError::SeatCount { list, len });
            }
            Ok(())
        };
        if setup.hands.len() != PLAYERS {
            return Err(SetupError::SeatCount {
                list: SeatList::Hands,
                len: setup.hands.len(),
            });
        }
        per_seat(SeatList::Tables, setup.table.len())?;
        per_seat(SeatList::PhaseLists, setup.phases_done.len())?;
        per_seat(SeatList::LaidFlags, setup.laid.len())?;
        per_seat(SeatList::Scores, setup.scores.len())?;
        per_seat(SeatList::TurnCounts, setup.turns.len())?;
        if setup.dealer >= PLAYERS || setup.current >= PLAYERS {
            return Err(SetupError::NoSuchSeat {
                dealer: setup.dealer,
                current: setup.current,
            });
        }
        if setup.hands_completed >= MAX_HANDS {
            return Err(SetupError::HandsCompleted {
                completed: setup.hands_completed,
            });
        }
        if let Some((seat, &turns)) = setup
            .turns
            .iter()
            .enumerate()
            .find(|&(_, &t)| t > MAX_TURNS)
        {
            return Err(SetupError::TooManyTurns { seat, turns });
        }
        if let Some((seat, &score)) = setup
            .scores
            .iter()
            .enumerate()
            .find(|&(_, &x)| x > MAX_SCORE)
        {
            return Err(SetupError::ScoreTooHigh { seat, score });
        }
        if !bonus {
            for (seat, done) in setup.phases_done.iter().enumerate() {
                let mut sorted = done.clone();
                sorted.sort();
                if sorted != (1..=done.len() as u8).collect::<Vec<_>>() {
                    return Err(SetupError::PhasesOutOfOrder {
                        seat,
                        phases: done.clone(),
                    });
                }
            }
        }
        let mut left: CardCounts = decks(2, if bonus { 4 } else { 0 }).into_iter().collect();
        let everything = setup
            .hands
            .iter()
            .flatten()
            .chain(&setup.deck)
            .chain(&setup.discard)
            .chain(setup.table.iter().flatten().flatten());
        for &card in everything {
            if !left.remove(card) {
                return Err(SetupError::TooManyCopies { card });
            }
        }
        let mut s = PhasedState::dealt(game, setup.seed);
        for p in 0..PLAYERS {
            s.hands[p] = setup.hands[p].iter().copied().collect();
            s.known[p].clear();
            s.table[p].clear();
            if let Some(groups) = setup.table.get(p) {
                for (group, g) in groups.iter().enumerate() {
                    let ty = group_type(g).map_err(|error| SetupError::BadGroup {
                        seat: p,
                        group,
                        error,
                    })?;
                    s.table[p].push(TableGroup::laid(g, ty));
                }
            }
            s.done[p] = 0;
            if let Some(done) = setup.phases_done.get(p) {
                for &phase in done {
                    if !(1..=5).contains(&phase) {
                        return Err(SetupError::NoSuchPhase { seat: p, phase });
                    }
                    s.done[p] |= 1 << (phase - 1);
                }
            }
            s.laid[p] = setup.laid.get(p).copied().unwrap_or(false);
            s.scores[p] = setup.scores.get(p).copied().unwrap_or(0);
            s.turns[p] = setup.turns.get(p).copied().unwrap_or(0);
            s.skip[p] = false;
        }
        s.deck = setup.deck.clone();
        s.discard = setup.discard.clone();
        s.dealer = setup.dealer as u8;
        s.current = setup.current as u8;
        s.step = if setup.drawn { Step::Play } else { Step::Draw };
        s.hands_completed = setup.hands_completed;
        s.last_card_drawn = setup.drawn && s.deck.is_empty();
        if !setup.drawn && s.deck.is_empty() {
            return Err(SetupError::EmptyDeck);
        }
        let all = s.all_phases();
        s.game_ends_after_hand = s.done.iter().any(|&d| d & all == all);
        s.decisions = 0;
        Ok(s)
    }
}
