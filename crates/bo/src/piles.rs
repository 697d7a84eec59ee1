//! Build piles and discard piles, with the bonus variant's Jokers read from their neighbours.
//!
//! A Joker's value and colour are never stored: each pile keeps, for every card, the set of
//! (value, colour) readings its top could have given the cards beneath it, and that set is
//! recomputed as cards come and go. So when a card above a Joker moves away, the Joker is read
//! afresh (the seed's 4C, Joker, 6S example), and a placement is legal exactly when some reading
//! of every Joker makes the whole sequence follow the pile's rule.

use std::fmt;

use parlour_cards::{Card, Colour};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// Bits 2..=13: the values a card on a pile can read as (Aces, value 1, never stay on a pile).
const VALUES: u32 = 0b0011_1111_1111_1100;
const TWO: u32 = 1 << 2;
const KING: u32 = 1 << 13;
/// Every (value, colour) reading: black values in bits 2..=13, red values in bits 18..=29.
const ALL_READINGS: u32 = VALUES | (VALUES << 16);

fn colour_shift(colour: Colour) -> u32 {
    match colour {
        Colour::Black => 0,
        Colour::Red => 16,
    }
}

/// Values one step from any value in `values`, wrapping King↔2 (discard piles).
fn cyclic_neighbours(values: u32) -> u32 {
    let mut n = ((values << 1) | (values >> 1)) & VALUES;
    if values & KING != 0 {
        n |= TWO;
    }
    if values & TWO != 0 {
        n |= KING;
    }
    n
}

/// Values one step from any value in `values`, without wrapping (build piles).
fn straight_neighbours(values: u32) -> u32 {
    ((values << 1) | (values >> 1)) & VALUES
}

/// The readings a card may have on a discard pile whose top has readings `top`: the other
/// colour and an adjacent value, King↔2 wrapping.
fn discard_followers(top: u32) -> u32 {
    let black = cyclic_neighbours(top & VALUES);
    let red = cyclic_neighbours((top >> 16) & VALUES);
    (black << 16) | red
}

/// A natural card's one reading (`None` for an Ace or a Joker).
pub(crate) fn reading(card: Card) -> Option<u32> {
    let v = u32::from(card.value()?);
    let shift = colour_shift(card.colour()?);
    (v >= 2).then_some(1 << (v + shift))
}

fn values_text(values: u32) -> String {
    let names: Vec<&str> = (2..=13)
        .filter(|v| values & (1 << v) != 0)
        .map(|v| match v {
            10 => "10",
            11 => "J",
            12 => "Q",
            13 => "K",
            _ => ["", "", "2", "3", "4", "5", "6", "7", "8", "9"][v as usize],
        })
        .collect();
    names.join("/")
}

/// How a card fits on a discard pile.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DiscardFit {
    /// The pile is empty: the card would start it (only its owner, only from the hand).
    Start,
    /// The card alternates colour and is adjacent in value (King↔2 wrapping) to some reading of
    /// the top: a legal placement.
    Follows,
    /// The card breaks the sequence: only a "restart" from the hand may place it.
    Breaks,
}

/// One of the sixteen discard piles: face up, bottom first.
#[derive(Clone, Default, PartialEq, Eq, Hash)]
pub struct DiscardPile {
    /// Each card with the readings of the pile's top once it was placed.
    cards: Vec<(Card, u32)>,
}

impl DiscardPile {
    /// An empty pile, as a constant.
    pub const EMPTY: DiscardPile = DiscardPile { cards: Vec::new() };

    /// An empty pile.
    pub fn new() -> DiscardPile {
        DiscardPile::default()
    }

    /// A pile holding `cards` (bottom first), placed in order; a card that breaks the sequence
    /// is a restart. `None` if a card is an Ace, which no discard pile takes.
    pub fn from_cards(cards: &[Card]) -> Option<DiscardPile> {
        let mut pile = DiscardPile::new();
        for &c in cards {
            if c.value() == Some(1) {
                return None;
            }
            pile.push(c);
        }
        Some(pile)
    }

    /// The cards, bottom first.
    pub fn cards(&self) -> impl DoubleEndedIterator<Item = Card> + ExactSizeIterator + '_ {
        self.cards.iter().map(|&(c, _)| c)
    }

    /// The top card.
    pub fn top(&self) -> Option<Card> {
        self.cards.last().map(|&(c, _)| c)
    }

    /// Number of cards.
    pub fn len(&self) -> usize {
        self.cards.len()
    }

    /// Whether the pile is empty.
    pub fn is_empty(&self) -> bool {
        self.cards.is_empty()
    }

    /// How `card` (not an Ace: the caller rules Aces out) would fit on this pile. A Joker always
    /// follows a non-empty pile: it reads as whatever the card beneath allows.
    pub fn fit(&self, card: Card) -> DiscardFit {
        match self.cards.last() {
            None => DiscardFit::Start,
            Some(_) if card.is_joker() => DiscardFit::Follows,
            Some(&(_, top)) => match reading(card) {
                Some(r) if discard_followers(top) & r != 0 => DiscardFit::Follows,
                _ => DiscardFit::Breaks,
            },
        }
    }

    /// The readings a card must have to follow this pile's top (0 for an empty pile).
    pub(crate) fn followers(&self) -> u32 {
        self.cards
            .last()
            .map_or(0, |&(_, top)| discard_followers(top))
    }

    /// Places `card` on top (a start, a legal placement or a restart).
    pub fn push(&mut self, card: Card) {
        let readings = if card.is_joker() {
            match self.cards.last() {
                None => ALL_READINGS,
                Some(&(_, top)) => discard_followers(top),
            }
        } else {
            reading(card).unwrap_or(0)
        };
        self.cards.push((card, readings));
    }

    /// Takes the top card off.
    pub fn pop(&mut self) -> Option<Card> {
        self.cards.pop().map(|(c, _)| c)
    }

    /// The readings the top card can take, as text (`red 3/5`), for a Joker on top; `None`
    /// for an empty pile.
    pub fn top_reading(&self) -> Option<String> {
        let &(_, r) = self.cards.last()?;
        let black = r & VALUES;
        let red = (r >> 16) & VALUES;
        Some(match (black != 0, red != 0) {
            (true, true) if black == red => format!("any colour {}", values_text(black)),
            (true, true) => format!("black {} or red {}", values_text(black), values_text(red)),
            (true, false) => format!("black {}", values_text(black)),
            _ => format!("red {}", values_text(red)),
        })
    }
}

impl fmt::Debug for DiscardPile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.cards()).finish()
    }
}

impl Serialize for DiscardPile {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.cards())
    }
}

impl<'de> Deserialize<'de> for DiscardPile {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<DiscardPile, D::Error> {
        let cards = Vec::<Card>::deserialize(d)?;
        DiscardPile::from_cards(&cards)
            .ok_or_else(|| serde::de::Error::custom("an Ace cannot be on a discard pile"))
    }
}

/// How a card goes on a build pile.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BuildFit {
    /// Starts the empty pile (a 2, a King, or a Joker reading as either).
    Starts,
    /// Continues the pile.
    Extends,
    /// Completes the pile (a 2, King or Ace on a non-empty pile, or a Joker that can read as a
    /// 2 or King): the pile goes into the draw pile, which is shuffled.
    Completes,
}

/// Why a card cannot go on a build pile.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum BuildMiss {
    /// Only a 2 or a King (or a Joker) starts a build pile.
    #[error("only a 2 or a King (or a Joker) can start a build pile, not {0}")]
    BadStart(Card),
    /// Every card on a build pile has the pile's colour.
    #[error("{card} is {}, but the build pile is {pile}", card.colour().map_or("no colour", |c| if c == Colour::Red { "red" } else { "black" }))]
    Colour {
        /// The card.
        card: Card,
        /// The pile's colour.
        pile: Colour,
    },
    /// A card on a build pile is one above or below the top (no King↔2 wrap), unless it is an
    /// Ace completing the pile.
    #[error("{card} is not adjacent in value to the top of the build pile ({}), and build piles do not wrap from King to 2", values_text(*top))]
    NotAdjacent {
        /// The card.
        card: Card,
        /// The values the top can read as (a bit per value).
        top: u32,
    },
}

/// Why a list of cards is not a build pile ([`BuildPile::from_cards`]): the first card that
/// could not be placed, counting from the bottom (0).
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum BuildPileError {
    /// The card would complete the pile, which then leaves the table: a pile on the table is
    /// never complete.
    #[error("{card} (card {index}) would complete the build pile")]
    Completes {
        /// The card.
        card: Card,
        /// Its place in the list.
        index: usize,
    },
    /// The card does not go on the cards beneath it.
    #[error("card {index}: {miss}")]
    Misfit {
        /// Its place in the list.
        index: usize,
        /// Why not.
        miss: BuildMiss,
    },
}

/// One of the four shared build piles: face up, bottom first, all one colour.
#[derive(Clone, Default, PartialEq, Eq, Hash)]
pub struct BuildPile {
    cards: Vec<Card>,
    /// The values the top can read as.
    top: u32,
    /// The pile's colour: set by its first natural card (a pile of Jokers has none yet).
    colour: Option<Colour>,
}

impl BuildPile {
    /// An empty pile, as a constant.
    pub const EMPTY: BuildPile = BuildPile {
        cards: Vec::new(),
        top: 0,
        colour: None,
    };

    /// An empty pile.
    pub fn new() -> BuildPile {
        BuildPile::default()
    }

    /// A pile holding `cards` (bottom first), each placed legally in turn without completing
    /// it; `Err` names the first card that could not be placed so.
    pub fn from_cards(cards: &[Card]) -> Result<BuildPile, BuildPileError> {
        let mut pile = BuildPile::new();
        for (index, &card) in cards.iter().enumerate() {
            match pile.fit(card) {
                Ok(BuildFit::Completes) => return Err(BuildPileError::Completes { card, index }),
                Ok(_) => pile.push(card),
                Err(miss) => return Err(BuildPileError::Misfit { index, miss }),
            }
        }
        Ok(pile)
    }

    /// The cards, bottom first.
    pub fn cards(&self) -> &[Card] {
        &self.cards
    }

    /// The top card.
    pub fn top(&self) -> Option<Card> {
        self.cards.last().copied()
    }

    /// Number of cards.
    pub fn len(&self) -> usize {
        self.cards.len()
    }

    /// Whether the pile is empty.
    pub fn is_empty(&self) -> bool {
        self.cards.is_empty()
    }

    /// The pile's colour, once a natural card has set it.
    pub fn colour(&self) -> Option<Colour> {
        self.colour
    }

    /// The values the top card can read as (a bit per value 2..=13); 0 when empty.
    pub fn top_values(&self) -> u32 {
        self.top
    }

    /// How `card` would go on this pile, or why it cannot.
    pub fn fit(&self, card: Card) -> Result<BuildFit, BuildMiss> {
        if self.cards.is_empty() {
            return match card.value() {
                None => Ok(BuildFit::Starts),
                Some(2 | 13) => Ok(BuildFit::Starts),
                Some(_) => Err(BuildMiss::BadStart(card)),
            };
        }
        if card.is_joker() {
            // A Joker reads as any value next to the top; it completes the pile when one of
            // those readings is a 2 or a King (never as an Ace).
            let next = straight_neighbours(self.top);
            return Ok(if next & (TWO | KING) != 0 {
                BuildFit::Completes
            } else {
                BuildFit::Extends
            });
        }
        let colour = card.colour().expect("a natural card has a colour");
        if let Some(pile) = self.colour {
            if pile != colour {
                return Err(BuildMiss::Colour { card, pile });
            }
        }
        let v = card.value().expect("a natural card has a value");
        if v == 1 {
            return Ok(BuildFit::Completes);
        }
        if straight_neighbours(self.top) & (1 << v) == 0 {
            return Err(BuildMiss::NotAdjacent {
                card,
                top: self.top,
            });
        }
        Ok(if v == 2 || v == 13 {
            BuildFit::Completes
        } else {
            BuildFit::Extends
        })
    }

    /// The values a natural card may have to go on this pile (0 for an empty pile), the
    /// completing Ace aside.
    pub(crate) fn next_values(&self) -> u32 {
        straight_neighbours(self.top)
    }

    /// Places `card` (already checked with [`BuildPile::fit`]) without completing the pile.
    pub fn push(&mut self, card: Card) {
        self.top = if self.cards.is_empty() {
            match card.value() {
                None => TWO | KING,
                Some(v) => 1 << v,
            }
        } else {
            match card.value() {
                None => straight_neighbours(self.top),
                Some(v) => 1 << v,
            }
        };
        if self.colour.is_none() {
            self.colour = card.colour();
        }
        self.cards.push(card);
    }

    /// Clears the pile, returning its cards.
    pub fn take(&mut self) -> Vec<Card> {
        self.top = 0;
        self.colour = None;
        std::mem::take(&mut self.cards)
    }
}

impl fmt::Debug for BuildPile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(&self.cards).finish()
    }
}

impl Serialize for BuildPile {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.cards.serialize(s)
    }
}

impl<'de> Deserialize<'de> for BuildPile {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<BuildPile, D::Error> {
        let cards = Vec::<Card>::deserialize(d)?;
        BuildPile::from_cards(&cards).map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn neighbour_masks_wrap_only_on_discard_piles() {
        assert_eq!(cyclic_neighbours(KING), TWO | (1 << 12));
        assert_eq!(cyclic_neighbours(TWO), KING | (1 << 3));
        assert_eq!(straight_neighbours(KING), 1 << 12);
        assert_eq!(straight_neighbours(TWO), 1 << 3);
        assert_eq!(discard_followers(1 << 4), (1 << 3 | 1 << 5) << 16);
    }
}
