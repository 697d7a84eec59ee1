//! Uno cards, with their text forms.
//!
//! Cards are written colour letter then rank: `R5` (red five), `GS` (green skip), `BR` (blue
//! reverse), `Y+2` (yellow draw two), `W` (wild), `W+4` (wild draw four). Colours are `R G B Y`.
//! JSON uses the same strings.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};
use serde_with::{DeserializeFromStr, SerializeDisplay};

/// A card colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Color {
    /// Red, `R`.
    Red,
    /// Green, `G`.
    Green,
    /// Blue, `B`.
    Blue,
    /// Yellow, `Y`.
    Yellow,
}

impl Color {
    /// All four, in index order.
    pub const ALL: [Color; 4] = [Color::Red, Color::Green, Color::Blue, Color::Yellow];

    /// 0..4.
    pub fn index(self) -> usize {
        self as usize
    }

    /// The one-letter form.
    pub fn letter(self) -> char {
        ['R', 'G', 'B', 'Y'][self.index()]
    }

    /// The seed's name: `red`, `green`, `blue` or `yellow`.
    pub fn name(self) -> &'static str {
        ["red", "green", "blue", "yellow"][self.index()]
    }

    /// Reads a letter or a name, either case (`b`, `B`, `blue`).
    pub fn parse_loose(s: &str) -> Option<Color> {
        let lower = s.trim().to_ascii_lowercase();
        Color::ALL
            .into_iter()
            .find(|c| lower == c.name() || lower == c.letter().to_ascii_lowercase().to_string())
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A card's rank.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Rank {
    /// A number card, 0–9.
    Number(u8),
    /// Skip: the next player loses their turn.
    Skip,
    /// Reverse: the direction of play flips.
    Reverse,
    /// Draw Two: the next player draws 2 and loses their turn.
    DrawTwo,
    /// Wild: calls a colour.
    Wild,
    /// Wild Draw Four: calls a colour; the next player draws 4 and loses their turn.
    WildDrawFour,
}

/// Number of distinct card kinds: 4 colours × 13 ranks, plus the two wilds.
pub const KINDS: usize = 54;

/// Cards in the deck.
pub const DECK_SIZE: usize = 108;

/// An Uno card: one of 54 kinds (the deck has 1 to 4 copies of each). Its JSON form is its
/// text.
#[derive(
    Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, SerializeDisplay, DeserializeFromStr,
)]
pub struct Card(u8);

impl Card {
    /// The wild card.
    pub const WILD: Card = Card(52);
    /// The wild draw four card.
    pub const WILD_DRAW_FOUR: Card = Card(53);

    /// The coloured card of `color` and `rank`, or `None` for a wild rank or a number above 9.
    pub fn colored(color: Color, rank: Rank) -> Option<Card> {
        let r = match rank {
            Rank::Number(n) if n <= 9 => n,
            Rank::Skip => 10,
            Rank::Reverse => 11,
            Rank::DrawTwo => 12,
            _ => return None,
        };
        Some(Card(color as u8 * 13 + r))
    }

    /// The number card `n` (0–9) of `color`.
    ///
    /// # Panics
    /// If `n > 9` (a programmer error).
    pub fn number(color: Color, n: u8) -> Card {
        assert!(n <= 9, "Uno numbers are 0-9");
        Card(color as u8 * 13 + n)
    }

    /// The kind's index, 0..54: `colour * 13 + rank` (ranks 0–9, Skip 10, Reverse 11, Draw Two
    /// 12), then Wild 52 and Wild Draw Four 53.
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// The card of kind `index`, if `index < 54`.
    pub fn from_index(index: usize) -> Option<Card> {
        (index < KINDS).then_some(Card(index as u8))
    }

    /// The card's colour (`None` for wilds).
    pub fn color(self) -> Option<Color> {
        (self.0 < 52).then(|| Color::ALL[(self.0 / 13) as usize])
    }

    /// The card's rank.
    pub fn rank(self) -> Rank {
        match self.0 {
            52 => Rank::Wild,
            53 => Rank::WildDrawFour,
            k => match k % 13 {
                10 => Rank::Skip,
                11 => Rank::Reverse,
                12 => Rank::DrawTwo,
                n => Rank::Number(n),
            },
        }
    }

    /// Whether this is a Wild or a Wild Draw Four.
    pub fn is_wild(self) -> bool {
        self.0 >= 52
    }

    /// Points it is worth in a loser's hand: its number, 20 for Skip/Reverse/Draw Two, 50 for wilds.
    pub fn points(self) -> u32 {
        match self.rank() {
            Rank::Number(n) => u32::from(n),
            Rank::Skip | Rank::Reverse | Rank::DrawTwo => 20,
            Rank::Wild | Rank::WildDrawFour => 50,
        }
    }

    /// Copies in the 108-card deck: one 0 per colour, four of each wild, two of everything else.
    pub fn copies_in_deck(self) -> u8 {
        match self.rank() {
            Rank::Number(0) => 1,
            Rank::Wild | Rank::WildDrawFour => 4,
            _ => 2,
        }
    }

    /// Every kind, in index order.
    pub fn all_kinds() -> impl Iterator<Item = Card> {
        (0..KINDS as u8).map(Card)
    }

    /// The full 108-card deck in index order.
    pub fn deck() -> Vec<Card> {
        Card::all_kinds()
            .flat_map(|c| std::iter::repeat_n(c, c.copies_in_deck() as usize))
            .collect()
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.color(), self.rank()) {
            (_, Rank::Wild) => f.write_str("W"),
            (_, Rank::WildDrawFour) => f.write_str("W+4"),
            (Some(c), r) => {
                let rank = match r {
                    Rank::Number(n) => return write!(f, "{}{n}", c.letter()),
                    Rank::Skip => "S",
                    Rank::Reverse => "R",
                    _ => "+2",
                };
                write!(f, "{}{rank}", c.letter())
            }
            (None, _) => f.write_str("?"),
        }
    }
}

impl fmt::Debug for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// Text that is not an Uno card.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("bad Uno card {token:?}: expected a colour R/G/B/Y then 0-9, S, R or +2 (e.g. R5, GS, Y+2), or W, W+4")]
pub struct ParseCardError {
    /// The bad text.
    pub token: String,
}

impl FromStr for Card {
    type Err = ParseCardError;
    fn from_str(s: &str) -> Result<Card, ParseCardError> {
        let err = || ParseCardError {
            token: s.to_string(),
        };
        match s {
            "W" => return Ok(Card::WILD),
            "W+4" => return Ok(Card::WILD_DRAW_FOUR),
            _ => {}
        }
        let mut chars = s.chars();
        let color = match chars.next() {
            Some('R') => Color::Red,
            Some('G') => Color::Green,
            Some('B') => Color::Blue,
            Some('Y') => Color::Yellow,
            _ => return Err(err()),
        };
        let rank = match chars.as_str() {
            "S" => Rank::Skip,
            "R" => Rank::Reverse,
            "+2" => Rank::DrawTwo,
            d if d.len() == 1 && d.as_bytes()[0].is_ascii_digit() => {
                Rank::Number(d.as_bytes()[0] - b'0')
            }
            _ => return Err(err()),
        };
        Card::colored(color, rank).ok_or_else(err)
    }
}
