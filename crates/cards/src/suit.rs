//! Suits and their colours.

use std::fmt;

/// The colour of a suit: Spades and Clubs are black, Hearts and Diamonds are red.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize,
)]
pub enum Colour {
    /// Spades and Clubs.
    Black,
    /// Hearts and Diamonds.
    Red,
}

impl Colour {
    /// The other colour.
    ///
    /// ```
    /// use parlour_cards::Colour;
    /// assert_eq!(Colour::Black.other(), Colour::Red);
    /// assert_eq!(Colour::Red.other(), Colour::Black);
    /// ```
    #[inline]
    pub const fn other(self) -> Colour {
        match self {
            Colour::Black => Colour::Red,
            Colour::Red => Colour::Black,
        }
    }
}

impl fmt::Display for Colour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Colour::Black => "black",
            Colour::Red => "red",
        })
    }
}

/// One of the four suits, written `S`, `H`, `D` and `C`.
///
/// Suits are ordered Spades < Hearts < Diamonds < Clubs, the order of [`Suit::ALL`] (and the
/// order in which suits appear in [`standard_deck`](crate::standard_deck)).
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize,
)]
#[repr(u8)]
pub enum Suit {
    /// Spades, `S` (black).
    Spades = 0,
    /// Hearts, `H` (red).
    Hearts = 1,
    /// Diamonds, `D` (red).
    Diamonds = 2,
    /// Clubs, `C` (black).
    Clubs = 3,
}

impl Suit {
    /// All four suits, in order: Spades, Hearts, Diamonds, Clubs.
    pub const ALL: [Suit; 4] = [Suit::Spades, Suit::Hearts, Suit::Diamonds, Suit::Clubs];

    /// The suit's letter: `S`, `H`, `D` or `C`.
    #[inline]
    pub const fn to_char(self) -> char {
        match self {
            Suit::Spades => 'S',
            Suit::Hearts => 'H',
            Suit::Diamonds => 'D',
            Suit::Clubs => 'C',
        }
    }

    /// The suit written by `c` (exactly one of `S H D C`, upper case), or `None`.
    ///
    /// ```
    /// use parlour_cards::Suit;
    /// assert_eq!(Suit::from_char('D'), Some(Suit::Diamonds));
    /// assert_eq!(Suit::from_char('d'), None);
    /// ```
    #[inline]
    pub const fn from_char(c: char) -> Option<Suit> {
        match c {
            'S' => Some(Suit::Spades),
            'H' => Some(Suit::Hearts),
            'D' => Some(Suit::Diamonds),
            'C' => Some(Suit::Clubs),
            _ => None,
        }
    }

    /// The suit's colour: black for Spades and Clubs, red for Hearts and Diamonds.
    #[inline]
    pub const fn colour(self) -> Colour {
        match self {
            Suit::Spades | Suit::Clubs => Colour::Black,
            Suit::Hearts | Suit::Diamonds => Colour::Red,
        }
    }

    /// The suit's position in [`Suit::ALL`] (0..4).
    #[inline]
    pub const fn index(self) -> u8 {
        self as u8
    }

    /// The suit at position `index` of [`Suit::ALL`], or `None` if `index >= 4`.
    #[inline]
    pub const fn from_index(index: u8) -> Option<Suit> {
        match index {
            0 => Some(Suit::Spades),
            1 => Some(Suit::Hearts),
            2 => Some(Suit::Diamonds),
            3 => Some(Suit::Clubs),
            _ => None,
        }
    }
}

impl fmt::Display for Suit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut buf = [0u8; 4];
        f.write_str(self.to_char().encode_utf8(&mut buf))
    }
}
