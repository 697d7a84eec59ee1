//! A multiset of cards.

use std::fmt;

use crate::Card;

/// Cards that are not the whole decks they should be ([`CardCounts::check_decks`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("{cards} cards in play, expected {expected}")]
pub struct NotDecks {
    /// Cards counted.
    pub cards: usize,
    /// Cards the decks hold.
    pub expected: usize,
}

/// A multiset of cards: how many copies of each of the 53 distinct cards it holds.
///
/// Stored as one `u8` count per [`Card::index`] plus a running total, so adding, removing and
/// counting are constant time and two multisets compare equal exactly when they hold the same
/// cards, whatever the order they were added in. Useful for card-conservation checks (hands plus
/// piles equal the deck) and for resampling hidden cards (the unseen cards are the deck minus the
/// seen ones).
///
/// ```
/// use parlour_cards::{decks, CardCounts, Card};
///
/// let mut unseen: CardCounts = decks(2, 0).into_iter().collect();
/// let ace: Card = "AS".parse()?;
/// assert_eq!(unseen.count(ace), 2);
/// assert!(unseen.remove(ace));
/// assert_eq!(unseen.count(ace), 1);
/// assert_eq!(unseen.len(), 103);
/// assert!(!unseen.contains(Card::JOKER));
/// # Ok::<(), parlour_cards::ParseCardError>(())
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct CardCounts {
    counts: [u8; Card::DISTINCT],
    len: u32,
}

impl Default for CardCounts {
    fn default() -> Self {
        CardCounts::new()
    }
}

impl CardCounts {
    /// An empty multiset.
    #[inline]
    pub const fn new() -> CardCounts {
        CardCounts {
            counts: [0; Card::DISTINCT],
            len: 0,
        }
    }

    /// Adds one copy of `card`.
    ///
    /// # Panics
    ///
    /// If the multiset already holds 255 copies of `card` (a programming error: no game has that
    /// many).
    #[inline]
    pub fn add(&mut self, card: Card) {
        self.add_n(card, 1);
    }

    /// Adds `n` copies of `card`.
    ///
    /// # Panics
    ///
    /// If that would make more than 255 copies of `card` (a programming error: no game has that
    /// many).
    #[inline]
    pub fn add_n(&mut self, card: Card, n: u8) {
        let slot = &mut self.counts[card.index() as usize];
        *slot = match slot.checked_add(n) {
            Some(count) => count,
            None => panic!("CardCounts: more than 255 copies of {card}"),
        };
        self.len += u32::from(n);
    }

    /// Removes one copy of `card`, returning whether there was one to remove (if not, the
    /// multiset is unchanged).
    #[inline]
    pub fn remove(&mut self, card: Card) -> bool {
        let slot = &mut self.counts[card.index() as usize];
        if *slot == 0 {
            false
        } else {
            *slot -= 1;
            self.len -= 1;
            true
        }
    }

    /// Removes one copy of each card of `cards` (a card listed twice removes two copies), if the
    /// multiset holds them all; otherwise changes nothing. Returns whether the cards were removed.
    ///
    /// ```
    /// use parlour_cards::{parse_cards, CardCounts};
    ///
    /// let mut hand: CardCounts = parse_cards("AS AS 2H")?.into_iter().collect();
    /// assert!(!hand.remove_all(&parse_cards("2H 2H")?));
    /// assert_eq!(hand.len(), 3);
    /// assert!(hand.remove_all(&parse_cards("AS 2H")?));
    /// assert_eq!(hand.len(), 1);
    /// # Ok::<(), parlour_cards::ParseCardError>(())
    /// ```
    pub fn remove_all(&mut self, cards: &[Card]) -> bool {
        let needed: CardCounts = cards.iter().copied().collect();
        if !self.contains_all(&needed) {
            return false;
        }
        for (slot, n) in self.counts.iter_mut().zip(needed.counts) {
            *slot -= n;
        }
        self.len -= needed.len;
        true
    }

    /// How many copies of `card` the multiset holds.
    #[inline]
    pub fn count(&self, card: Card) -> u8 {
        self.counts[card.index() as usize]
    }

    /// Whether the multiset holds at least one copy of `card`.
    #[inline]
    pub fn contains(&self, card: Card) -> bool {
        self.count(card) > 0
    }

    /// Whether the multiset holds every card of `other` at least as many times as `other` does
    /// (that is, `other` is a sub-multiset of `self`).
    pub fn contains_all(&self, other: &CardCounts) -> bool {
        self.len >= other.len && self.counts.iter().zip(&other.counts).all(|(a, b)| a >= b)
    }

    /// Checks that the multiset is exactly `n` standard decks and `jokers` Jokers (see
    /// [`decks`](crate::decks)): the card-conservation invariant of a game played with them.
    pub fn check_decks(&self, n: usize, jokers: usize) -> Result<(), NotDecks> {
        let expected: CardCounts = crate::decks(n, jokers).into_iter().collect();
        if *self == expected {
            Ok(())
        } else {
            Err(NotDecks {
                cards: self.len(),
                expected: expected.len(),
            })
        }
    }

    /// The total number of cards, counting copies.
    #[inline]
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// Whether the multiset holds no cards.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The count of every card, by [`Card::index`].
    #[inline]
    pub fn counts(&self) -> &[u8; Card::DISTINCT] {
        &self.counts
    }

    /// Each distinct card held, with its count (never 0), in index order.
    pub fn iter(&self) -> impl Iterator<Item = (Card, u8)> + '_ {
        Card::all().zip(self.counts).filter(|&(_, count)| count > 0)
    }

    /// Every card held, each repeated as many times as its count, in index order (so the result
    /// is sorted).
    pub fn cards(&self) -> impl Iterator<Item = Card> + '_ {
        self.iter()
            .flat_map(|(card, count)| std::iter::repeat_n(card, usize::from(count)))
    }

    /// The cards of [`cards`](CardCounts::cards) collected into a sorted vector.
    pub fn to_vec(&self) -> Vec<Card> {
        let mut out = Vec::with_capacity(self.len());
        out.extend(self.cards());
        out
    }
}

/// Adds every card of the iterator.
///
/// # Panics
///
/// As [`CardCounts::add`], if a card would have more than 255 copies.
impl Extend<Card> for CardCounts {
    fn extend<I: IntoIterator<Item = Card>>(&mut self, iter: I) {
        for card in iter {
            self.add(card);
        }
    }
}

/// Collects cards into a multiset.
///
/// # Panics
///
/// As [`CardCounts::add`], if a card would have more than 255 copies.
impl FromIterator<Card> for CardCounts {
    fn from_iter<I: IntoIterator<Item = Card>>(iter: I) -> CardCounts {
        let mut counts = CardCounts::new();
        counts.extend(iter);
        counts
    }
}

/// Writes the held cards and their counts as a map, such as `{AS: 2, ZZ: 1}`.
impl fmt::Debug for CardCounts {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_map().entries(self.iter()).finish()
    }
}
