//! Cards, their two-character notation and its errors.

use std::fmt;
use std::str::FromStr;

use serde_with::{DeserializeFromStr, SerializeDisplay};

use crate::{Colour, Rank, Suit};

/// The notation of every card, by [`Card::index`].
const NAMES: [&str; Card::DISTINCT] = [
    "AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "0S", "JS", "QS", "KS", //
    "AH", "2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "0H", "JH", "QH", "KH", //
    "AD", "2D", "3D", "4D", "5D", "6D", "7D", "8D", "9D", "0D", "JD", "QD", "KD", //
    "AC", "2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "0C", "JC", "QC", "KC", //
    "ZZ",
];

/// A playing card: one of the 52 standard cards, or a Joker.
///
/// A `Card` is a single byte, its dense [`index`](Card::index): standard cards are
/// `suit.index() * 13 + (rank.value() - 1)` (so 0..52) and the Joker is 52. Cards compare and
/// sort by that index: Spades, then Hearts, Diamonds and Clubs, Ace low within a suit, and the
/// Joker last.
///
/// # Notation
///
/// A card is written as its value character (`234567890JQKA`, `0` being Ten) followed by its suit
/// character (`SHDC`), for example `0C` for the Ten of Clubs or `AS` for the Ace of Spades; the
/// Joker is `ZZ`. [`Display`](fmt::Display) (and [`Debug`](fmt::Debug)) write this form;
/// [`FromStr`] parses exactly it (case-sensitive, no surrounding space), and serde uses it as a
/// string.
///
/// ```
/// use parlour_cards::{Card, Rank, Suit};
///
/// let ten: Card = "0C".parse()?;
/// assert_eq!(ten, Card::new(Rank::Ten, Suit::Clubs));
/// assert_eq!(ten.value(), Some(10));
/// assert_eq!(ten.to_string(), "0C");
/// assert!("10C".parse::<Card>().is_err());
/// assert!("ZZ".parse::<Card>()?.is_joker());
/// # Ok::<(), parlour_cards::ParseCardError>(())
/// ```
#[derive(
    Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, SerializeDisplay, DeserializeFromStr,
)]
pub struct Card(u8);

impl Card {
    /// The number of distinct cards (52 standard cards and the Joker): one more than the largest
    /// [`index`](Card::index).
    pub const DISTINCT: usize = 53;

    /// The Joker, written `ZZ`. It has no rank, suit, colour or value.
    pub const JOKER: Card = Card(52);

    /// The standard card of `rank` and `suit`.
    #[inline]
    pub const fn new(rank: Rank, suit: Suit) -> Card {
        Card(suit.index() * 13 + (rank.value() - 1))
    }

    /// The card's rank, or `None` for the Joker.
    #[inline]
    pub const fn rank(self) -> Option<Rank> {
        if self.0 < 52 {
            Rank::from_value(self.0 % 13 + 1)
        } else {
            None
        }
    }

    /// The card's suit, or `None` for the Joker.
    #[inline]
    pub const fn suit(self) -> Option<Suit> {
        // The Joker's index 52 gives 52 / 13 == 4, which is not a suit.
        Suit::from_index(self.0 / 13)
    }

    /// The colour of the card's suit, or `None` for the Joker.
    #[inline]
    pub const fn colour(self) -> Option<Colour> {
        match self.suit() {
            Some(suit) => Some(suit.colour()),
            None => None,
        }
    }

    /// Whether this is the Joker.
    #[inline]
    pub const fn is_joker(self) -> bool {
        self.0 == Card::JOKER.0
    }

    /// The numeric value of the card's rank (Ace = 1, 2..=10, Jack = 11, Queen = 12, King = 13),
    /// or `None` for the Joker.
    #[inline]
    pub const fn value(self) -> Option<u8> {
        if self.0 < 52 {
            Some(self.0 % 13 + 1)
        } else {
            None
        }
    }

    /// The card's dense index in `0..=52` (see the type's documentation for the layout).
    #[inline]
    pub const fn index(self) -> u8 {
        self.0
    }

    /// The card with dense index `index`, or `None` if `index > 52`.
    #[inline]
    pub const fn from_index(index: u8) -> Option<Card> {
        if (index as usize) < Card::DISTINCT {
            Some(Card(index))
        } else {
            None
        }
    }

    /// Every distinct card once, in index order: the [standard deck](crate::standard_deck)
    /// followed by the Joker.
    pub fn all() -> impl Iterator<Item = Card> + Clone {
        (0..Card::DISTINCT as u8).map(Card)
    }

    /// The card's two-character notation, such as `"0C"` or `"ZZ"`.
    #[inline]
    pub const fn as_str(self) -> &'static str {
        NAMES[self.0 as usize]
    }

    /// Parses a card from exactly two bytes of notation, or returns `None`.
    const fn parse_bytes(bytes: &[u8]) -> Option<Card> {
        let [v, s] = bytes else {
            return None;
        };
        if *v == b'Z' && *s == b'Z' {
            return Some(Card::JOKER);
        }
        match (Rank::from_char(*v as char), Suit::from_char(*s as char)) {
            (Some(rank), Some(suit)) => Some(Card::new(rank, suit)),
            _ => None,
        }
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.as_str())
    }
}

/// Writes the card's notation (like `Display`), so that lists of cards read as `[AS, 0C, ZZ]`.
impl fmt::Debug for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The message's explanation of what a card looks like.
const EXPECTED: &str = "expected a value from 234567890JQKA then a suit from SHDC, or ZZ";

/// An error from parsing card notation: the text was not exactly one card.
///
/// Its message names the offending token, for example
/// `bad card "10C": expected a value from 234567890JQKA then a suit from SHDC, or ZZ`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseCardError {
    /// A single card (from [`str::parse`]) was not valid notation.
    #[error("bad card {token:?}: {EXPECTED}")]
    BadCard {
        /// The text that was not a card.
        token: String,
    },
    /// A token of a list (from [`parse_cards`]) was not valid notation.
    #[error("bad card {token:?} at position {position}: {EXPECTED}")]
    BadCardInList {
        /// The token's position among the list's tokens, counting from 0.
        position: usize,
        /// The token that was not a card.
        token: String,
    },
}

impl ParseCardError {
    /// The text that was not a card.
    pub fn token(&self) -> &str {
        match self {
            ParseCardError::BadCard { token } | ParseCardError::BadCardInList { token, .. } => {
                token
            }
        }
    }

    /// For an error from [`parse_cards`], the bad token's position (from 0); otherwise `None`.
    pub fn position(&self) -> Option<usize> {
        match self {
            ParseCardError::BadCard { .. } => None,
            ParseCardError::BadCardInList { position, .. } => Some(*position),
        }
    }
}

impl FromStr for Card {
    type Err = ParseCardError;

    /// Parses exactly one card's notation: `AS`, `0C`, `ZZ` and so on. Anything else, including
    /// lower case, `10` for Ten, surrounding whitespace or trailing characters, is an error.
    fn from_str(s: &str) -> Result<Card, ParseCardError> {
        Card::parse_bytes(s.as_bytes()).ok_or_else(|| ParseCardError::BadCard {
            token: s.to_owned(),
        })
    }
}

/// Parses a list of cards separated by whitespace and/or commas, such as `"AS 0C, ZZ"`.
///
/// Any run of whitespace and commas separates two tokens, and leading or trailing separators are
/// ignored, so an empty (or all-separator) string gives no cards. Each token must be exactly one
/// card's notation; the first bad token is reported with its position among the tokens.
///
/// ```
/// use parlour_cards::{parse_cards, Card};
///
/// let cards = parse_cards("AS, 0C ZZ")?;
/// assert_eq!(cards.len(), 3);
/// assert_eq!(cards[2], Card::JOKER);
///
/// let err = parse_cards("AS 10C").unwrap_err();
/// assert_eq!(err.token(), "10C");
/// assert_eq!(err.position(), Some(1));
/// # Ok::<(), parlour_cards::ParseCardError>(())
/// ```
pub fn parse_cards(s: &str) -> Result<Vec<Card>, ParseCardError> {
    s.split(|c: char| c.is_whitespace() || c == ',')
        .filter(|token| !token.is_empty())
        .enumerate()
        .map(|(position, token)| {
            Card::parse_bytes(token.as_bytes()).ok_or_else(|| ParseCardError::BadCardInList {
                position,
                token: token.to_owned(),
            })
        })
        .collect()
}

/// Writes cards in notation separated by single spaces, such as `"AS 0C ZZ"`; [`parse_cards`]
/// reads it back.
pub fn format_cards(cards: &[Card]) -> String {
    let mut out = String::with_capacity(cards.len() * 3);
    for (i, card) in cards.iter().enumerate() {
        if i > 0 {
            out.push(' ');
        }
        out.push_str(card.as_str());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_table_matches_rank_and_suit_chars() {
        for card in Card::all() {
            let expected = match (card.rank(), card.suit()) {
                (Some(rank), Some(suit)) => format!("{}{}", rank.to_char(), suit.to_char()),
                (None, None) => "ZZ".to_owned(),
                other => panic!("card {} has half a rank/suit: {other:?}", card.index()),
            };
            assert_eq!(card.as_str(), expected, "index {}", card.index());
        }
    }

    #[test]
    fn index_layout() {
        assert_eq!(Card::new(Rank::Ace, Suit::Spades).index(), 0);
        assert_eq!(Card::new(Rank::King, Suit::Spades).index(), 12);
        assert_eq!(Card::new(Rank::Ace, Suit::Hearts).index(), 13);
        assert_eq!(Card::new(Rank::King, Suit::Clubs).index(), 51);
        assert_eq!(Card::JOKER.index(), 52);
        assert_eq!(Card::from_index(53), None);
        assert_eq!(Card::from_index(u8::MAX), None);
        for i in 0..53u8 {
            assert_eq!(Card::from_index(i).map(Card::index), Some(i));
        }
    }

    #[test]
    fn display_pads_and_debug_is_notation() {
        let card = Card::new(Rank::Ten, Suit::Clubs);
        assert_eq!(format!("[{card:>4}]"), "[  0C]");
        assert_eq!(format!("{:?}", [card, Card::JOKER]), "[0C, ZZ]");
    }
}
