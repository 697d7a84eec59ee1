//! Groups and phases: what a set of cards is (or exactly why it is nothing), and cards added to
//! groups on the table.
//!
//! Aces are wild; Jokers (bonus variant) are Skip cards and belong to no group. A group has at
//! least two natural (non-wild) cards. Group types:
//!
//! | type | group |
//! |---|---|
//! | 1 | a set of 3 cards of one value |
//! | 2 | a set of 7 cards of one suit |
//! | 3 | a set of 4 cards of one value |
//! | 4 | a run of 8 cards |
//! | 5 | a run of 4 cards of one colour |
//!
//! A run is read in the order given, ascending, consecutive, no wrap; a wild stands for the value
//! its position needs, which must be 2..=13 (never 1 or 14). Phases: P1 = two type-1 groups,
//! P2 = one type 2, P3 = two type 3, P4 = one type 4, P5 = type 5 then type 3, in that order.

use std::fmt;

use parlour_cards::{Card, Colour, Suit};
use serde::{Deserialize, Serialize};

/// Whether a card is wild (an Ace).
pub fn is_wild(c: Card) -> bool {
    c.value() == Some(1)
}

/// Whether a card is natural: neither wild nor a Joker.
pub fn is_natural(c: Card) -> bool {
    !c.is_joker() && !is_wild(c)
}

/// Penalty points for a card left in hand: 2–10 face value, J/Q/K 11/12/13, Ace 25; a Joker
/// (bonus variant) 25, like the other special card *(ours)*.
pub fn penalty(c: Card) -> u32 {
    match c.value() {
        Some(1) | None => 25,
        Some(v) => u32::from(v),
    }
}

/// The five group types.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum GroupType {
    /// Type 1: a set of 3 cards of one value.
    ValueSet3 = 1,
    /// Type 2: a set of 7 cards of one suit.
    SuitSet7 = 2,
    /// Type 3: a set of 4 cards of one value.
    ValueSet4 = 3,
    /// Type 4: a run of 8 cards.
    Run8 = 4,
    /// Type 5: a run of 4 cards of one colour.
    ColourRun4 = 5,
}

/// The five phases, numbered 1 to 5.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct PhaseType(pub u8);

impl PhaseType {
    /// All five, in order.
    pub const ALL: [PhaseType; 5] = [
        PhaseType(1),
        PhaseType(2),
        PhaseType(3),
        PhaseType(4),
        PhaseType(5),
    ];

    /// The group types the phase lays, in order.
    pub fn groups(self) -> &'static [GroupType] {
        use GroupType::*;
        match self.0 {
            1 => &[ValueSet3, ValueSet3],
            2 => &[SuitSet7],
            3 => &[ValueSet4, ValueSet4],
            4 => &[Run8],
            _ => &[ColourRun4, ValueSet4],
        }
    }
}

impl fmt::Display for PhaseType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "phase {}", self.0)
    }
}

/// Why cards are not a group.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum GroupError {
    /// No cards.
    #[error("the group is empty")]
    Empty,
    /// A Joker: Skip cards belong to no group.
    #[error("a Joker is a Skip card and cannot be part of a group")]
    Joker,
    /// Fewer than two natural cards.
    #[error("a group needs at least two natural (non-wild) cards, and this one has {0}")]
    FewNaturals(usize),
    /// Same-value cards, but not 3 or 4 of them.
    #[error("{0} cards of one value is no group type (a set of one value has 3 or 4 cards)")]
    ValueSetSize(usize),
    /// Same-suit cards that are not a run, but not 7 of them.
    #[error("{0} cards of one suit is no group type (a set of one suit has 7 cards)")]
    SuitSetSize(usize),
    /// A run whose first card would need a wild to stand for 1.
    #[error("a wild would have to stand for {0}, but wilds stand only for 2 to King")]
    WildOutOfRange(i32),
    /// A run that would go past King.
    #[error("the run would pass King (runs do not wrap)")]
    PastKing,
    /// A card out of sequence in a run.
    #[error("{card} is out of sequence: the run needs a {expected} there")]
    OutOfSequence {
        /// The card.
        card: Card,
        /// The value its position needs.
        expected: u8,
    },
    /// A run of a length that is no group type.
    #[error("a run of {0} cards is no group type (runs have 8 cards, or 4 of one colour)")]
    RunSize(usize),
    /// A run of 4 whose natural cards are not all one colour.
    #[error("a run of 4 must be of one colour, but {0} breaks it")]
    RunColour(Card),
}

/// Why groups are not a phase.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PhaseError {
    /// A group is invalid.
    #[error("group {index} ({cards}): {error}")]
    Group {
        /// Its position, from 0.
        index: usize,
        /// Its cards as text.
        cards: String,
        /// Why.
        error: GroupError,
    },
    /// Valid groups that make no phase.
    #[error("{0} is no phase (P1: two sets of 3 of one value; P2: a set of 7 of one suit; P3: two sets of 4 of one value; P4: a run of 8; P5: a run of 4 of one colour, then a set of 4 of one value)")]
    NoPhase(String),
    /// Phase 5's groups in the wrong order.
    #[error("phase 5 lays its run of 4 before its set of 4")]
    Phase5Order,
    /// A different phase from the one required.
    #[error("these groups make {found}, but the player needs {needed}")]
    WrongPhase {
        /// The phase the cards make.
        found: PhaseType,
        /// The phase the player needs.
        needed: String,
    },
}

fn cards_text(cards: &[Card]) -> String {
    cards
        .iter()
        .map(|c| c.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// The type of a group, or exactly why it is none.
pub fn group_type(cards: &[Card]) -> Result<GroupType, GroupError> {
    if cards.is_empty() {
        return Err(GroupError::Empty);
    }
    if cards.iter().any(|c| c.is_joker()) {
        return Err(GroupError::Joker);
    }
    let naturals: Vec<Card> = cards.iter().copied().filter(|&c| is_natural(c)).collect();
    if naturals.len() < 2 {
        return Err(GroupError::FewNaturals(naturals.len()));
    }
    let n = cards.len();
    let v0 = naturals[0].value();
    let one_suit = naturals.iter().all(|c| c.suit() == naturals[0].suit());
    if naturals.iter().all(|c| c.value() == v0) {
        return match n {
            // A suit set is seven cards of one suit "of any values": the wilds fill the rest.
            7 if one_suit => Ok(GroupType::SuitSet7),
            3 => Ok(GroupType::ValueSet3),
            4 => Ok(GroupType::ValueSet4),
            _ => Err(GroupError::ValueSetSize(n)),
        };
    }
    match run_low(cards) {
        Ok(_) => match n {
            8 => Ok(GroupType::Run8),
            4 => match naturals.iter().find(|c| c.colour() != naturals[0].colour()) {
                None => Ok(GroupType::ColourRun4),
                Some(&c) => Err(GroupError::RunColour(c)),
            },
            7 if one_suit => Ok(GroupType::SuitSet7),
            _ => Err(GroupError::RunSize(n)),
        },
        Err(e) => {
            if one_suit && n == 7 {
                Ok(GroupType::SuitSet7)
            } else if one_suit && n != 4 && n != 8 {
                Err(GroupError::SuitSetSize(n))
            } else {
                Err(e)
            }
        }
    }
}

/// The value of a run's first card, if `cards` (in order) are consecutive from it within 2..=13.
fn run_low(cards: &[Card]) -> Result<u8, GroupError> {
    let (i, first) = cards
        .iter()
        .enumerate()
        .find(|(_, &c)| is_natural(c))
        .ok_or(GroupError::FewNaturals(0))?;
    let low = i32::from(first.value().unwrap_or(0)) - i as i32;
    if low < 2 {
        return Err(GroupError::WildOutOfRange(low));
    }
    if low + cards.len() as i32 - 1 > 13 {
        return Err(GroupError::PastKing);
    }
    for (j, &c) in cards.iter().enumerate() {
        let expected = (low + j as i32) as u8;
        if is_natural(c) && c.value() != Some(expected) {
            return Err(GroupError::OutOfSequence { card: c, expected });
        }
    }
    Ok(low as u8)
}

/// The phase that `groups` make, or exactly why they make none.
pub fn phase_type(groups: &[Vec<Card>]) -> Result<PhaseType, PhaseError> {
    let types = groups
        .iter()
        .enumerate()
        .map(|(index, g)| {
            group_type(g).map_err(|error| PhaseError::Group {
                index,
                cards: cards_text(g),
                error,
            })
        })
        .collect::<Result<Vec<_>, _>>()?;
    use GroupType::*;
    match types.as_slice() {
        [ValueSet3, ValueSet3] => Ok(PhaseType(1)),
        [SuitSet7] => Ok(PhaseType(2)),
        [ValueSet4, ValueSet4] => Ok(PhaseType(3)),
        [Run8] => Ok(PhaseType(4)),
        [ColourRun4, ValueSet4] => Ok(PhaseType(5)),
        [ValueSet4, ColourRun4] => Err(PhaseError::Phase5Order),
        _ => Err(PhaseError::NoPhase(
            groups
                .iter()
                .map(|g| format!("[{}]", cards_text(g)))
                .collect::<Vec<_>>()
                .join(" "),
        )),
    }
}

/// What a group on the table accepts, fixed when it was laid (so a wild's role never changes).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum TableKind {
    /// Cards of one value.
    ValueSet {
        /// The value.
        value: u8,
    },
    /// Cards of one suit.
    SuitSet {
        /// The suit.
        suit: Suit,
    },
    /// A run covering `low..=high`, of one colour if `colour` is set.
    Run {
        /// The lowest value.
        low: u8,
        /// The highest value.
        high: u8,
        /// The colour every card stands for (runs of 4 of one colour).
        colour: Option<Colour>,
    },
}

/// A group on the table.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct TableGroup {
    /// What it accepts.
    pub kind: TableKind,
    /// Its cards, in order (a run ascending).
    pub cards: Vec<Card>,
}

/// Why a card cannot be added to a group on the table.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum AddError {
    /// A Joker belongs to no group.
    #[error("a Joker cannot be added to a group")]
    Joker,
    /// Not an insertion point.
    #[error("index {index} is not an insertion point: {allowed}")]
    BadIndex {
        /// The index given.
        index: usize,
        /// Which are.
        allowed: String,
    },
    /// The card does not fit the group.
    #[error("{card} does not fit: {why}")]
    DoesNotFit {
        /// The card.
        card: Card,
        /// Why.
        why: String,
    },
}

impl TableGroup {
    /// The group laid as `cards` (which must be a valid group).
    pub fn laid(cards: &[Card], ty: GroupType) -> TableGroup {
        let naturals: Vec<Card> = cards.iter().copied().filter(|&c| is_natural(c)).collect();
        let kind = match ty {
            GroupType::ValueSet3 | GroupType::ValueSet4 => TableKind::ValueSet {
                value: naturals[0].value().unwrap_or(0),
            },
            GroupType::SuitSet7 => TableKind::SuitSet {
                suit: naturals[0].suit().unwrap_or(Suit::Spades),
            },
            GroupType::Run8 | GroupType::ColourRun4 => {
                let low = run_low(cards).unwrap_or(2);
                TableKind::Run {
                    low,
                    high: low + cards.len() as u8 - 1,
                    colour: (ty == GroupType::ColourRun4)
                        .then(|| naturals[0].colour())
                        .flatten(),
                }
            }
        };
        TableGroup {
            kind,
            cards: cards.to_vec(),
        }
    }

    /// Checks adding `card` at insertion point `index`: 0..=len for sets; 0 (below) or len
    /// (above) for runs.
    pub fn check_add(&self, card: Card, index: usize) -> Result<(), AddError> {
        if card.is_joker() {
            return Err(AddError::Joker);
        }
        let len = self.cards.len();
        let no_fit = |why: String| Err(AddError::DoesNotFit { card, why });
        match self.kind {
            TableKind::ValueSet { value } => {
                if index > len {
                    return Err(AddError::BadIndex {
                        index,
                        allowed: format!("0 to {len} for this set"),
                    });
                }
                if is_natural(card) && card.value() != Some(value) {
                    return no_fit(format!("this set takes cards of value {value} (or a wild)"));
                }
                Ok(())
            }
            TableKind::SuitSet { suit } => {
                if index > len {
                    return Err(AddError::BadIndex {
                        index,
                        allowed: format!("0 to {len} for this set"),
                    });
                }
                if is_natural(card) && card.suit() != Some(suit) {
                    return no_fit(format!("this set takes {suit} (or a wild)"));
                }
                Ok(())
            }
            TableKind::Run { low, high, colour } => {
                let value = if index == 0 {
                    low.saturating_sub(1)
                } else if index == len {
                    high.saturating_add(1)
                } else {
                    return Err(AddError::BadIndex {
                        index,
                        allowed: format!("0 (below) or {len} (above) for this run"),
                    });
                };
                if !(2..=13).contains(&value) {
                    return no_fit(format!("the run would need a {value}, outside 2 to King"));
                }
                if is_natural(card) {
                    if card.value() != Some(value) {
                        return no_fit(format!("the run needs a {value} there"));
                    }
                    if let Some(col) = colour {
                        if card.colour() != Some(col) {
                            return no_fit(format!("this run is {col}"));
                        }
                    }
                }
                Ok(())
            }
        }
    }

    /// Whether `card` can be added at insertion point `index`: the same answer as
    /// [`TableGroup::check_add`]`(..).is_ok()`, without building the reason (legal move
    /// generation and playouts ask this often, and mostly get no).
    pub fn accepts(&self, card: Card, index: usize) -> bool {
        if card.is_joker() {
            return false;
        }
        let len = self.cards.len();
        match self.kind {
            TableKind::ValueSet { value } => {
                index <= len && (!is_natural(card) || card.value() == Some(value))
            }
            TableKind::SuitSet { suit } => {
                index <= len && (!is_natural(card) || card.suit() == Some(suit))
            }
            TableKind::Run { low, high, colour } => {
                let value = if index == 0 {
                    low.saturating_sub(1)
                } else if index == len {
                    high.saturating_add(1)
                } else {
                    return false;
                };
                (2..=13).contains(&value)
                    && (!is_natural(card)
                        || (card.value() == Some(value)
                            && colour.is_none_or(|col| card.colour() == Some(col))))
            }
        }
    }

    /// Adds `card` at `index` (checked with [`TableGroup::check_add`] first; an index past the
    /// end appends).
    pub fn add(&mut self, card: Card, index: usize) {
        let index = index.min(self.cards.len());
        self.cards.insert(index, card);
        if let TableKind::Run { low, high, .. } = &mut self.kind {
            if index == 0 {
                *low = low.saturating_sub(1);
            } else {
                *high = high.saturating_add(1);
            }
        }
    }

    /// Whether the group is consistent with its kind (for groups read from outside, e.g. a
    /// deserialised observation): at least two naturals, every natural fitting the kind, and a
    /// run's bounds within 2..=13 matching its length.
    pub fn is_consistent(&self) -> bool {
        let naturals = self.cards.iter().filter(|&&c| is_natural(c)).count();
        if naturals < 2 || self.cards.iter().any(|c| c.is_joker()) {
            return false;
        }
        match self.kind {
            TableKind::ValueSet { value } => self
                .cards
                .iter()
                .all(|&c| !is_natural(c) || c.value() == Some(value)),
            TableKind::SuitSet { suit } => self
                .cards
                .iter()
                .all(|&c| !is_natural(c) || c.suit() == Some(suit)),
            TableKind::Run { low, high, colour } => {
                (2..=13).contains(&low)
                    && (low..=13).contains(&high)
                    && usize::from(high - low) + 1 == self.cards.len()
                    && self.cards.iter().enumerate().all(|(i, &c)| {
                        !is_natural(c)
                            || (c.value() == Some(low + i as u8)
                                && colour.is_none_or(|col| c.colour() == Some(col)))
                    })
            }
        }
    }
}
