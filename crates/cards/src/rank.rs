//! Ranks (card values).

use std::fmt;

/// The rank of a standard card, written with one character from `234567890JQKA` (`0` is Ten).
///
/// Ranks are ordered by [`Rank::value`], Ace low: Ace (1) < Two (2) < … < King (13).
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize,
)]
#[repr(u8)]
pub enum Rank {
    /// Ace, `A`, value 1.
    Ace = 1,
    /// Two, `2`.
    Two = 2,
    /// Three, `3`.
    Three = 3,
    /// Four, `4`.
    Four = 4,
    /// Five, `5`.
    Five = 5,
    /// Six, `6`.
    Six = 6,
    /// Seven, `7`.
    Seven = 7,
    /// Eight, `8`.
    Eight = 8,
    /// Nine, `9`.
    Nine = 9,
    /// Ten, `0`.
    Ten = 10,
    /// Jack, `J`, value 11.
    Jack = 11,
    /// Queen, `Q`, value 12.
    Queen = 12,
    /// King, `K`, value 13.
    King = 13,
}

impl Rank {
    /// All thirteen ranks in order of value: Ace, Two, …, Ten, Jack, Queen, King.
    pub const ALL: [Rank; 13] = [
        Rank::Ace,
        Rank::Two,
        Rank::Three,
        Rank::Four,
        Rank::Five,
        Rank::Six,
        Rank::Seven,
        Rank::Eight,
        Rank::Nine,
        Rank::Ten,
        Rank::Jack,
        Rank::Queen,
        Rank::King,
    ];

    /// The numeric value: Ace = 1, Two to Ten = 2 to 10, Jack = 11, Queen = 12, King = 13.
    ///
    /// ```
    /// use parlour_cards::Rank;
    /// assert_eq!(Rank::Ace.value(), 1);
    /// assert_eq!(Rank::Ten.value(), 10);
    /// assert_eq!(Rank::King.value(), 13);
    /// ```
    #[inline]
    pub const fn value(self) -> u8 {
        self as u8
    }

    /// The rank with numeric value `value` (1..=13), or `None`.
    #[inline]
    pub const fn from_value(value: u8) -> Option<Rank> {
        if value >= 1 && value <= 13 {
            Some(Rank::ALL[(value - 1) as usize])
        } else {
            None
        }
    }

    /// The rank's character: one of `234567890JQKA` (`0` for Ten).
    #[inline]
    pub const fn to_char(self) -> char {
        match self {
            Rank::Ace => 'A',
            Rank::Two => '2',
            Rank::Three => '3',
            Rank::Four => '4',
            Rank::Five => '5',
            Rank::Six => '6',
            Rank::Seven => '7',
            Rank::Eight => '8',
            Rank::Nine => '9',
            Rank::Ten => '0',
            Rank::Jack => 'J',
            Rank::Queen => 'Q',
            Rank::King => 'K',
        }
    }

    /// The rank written by `c` (exactly one of `234567890JQKA`, upper case), or `None`.
    ///
    /// ```
    /// use parlour_cards::Rank;
    /// assert_eq!(Rank::from_char('0'), Some(Rank::Ten));
    /// assert_eq!(Rank::from_char('1'), None);
    /// assert_eq!(Rank::from_char('k'), None);
    /// ```
    #[inline]
    pub const fn from_char(c: char) -> Option<Rank> {
        match c {
            'A' => Some(Rank::Ace),
            '2' => Some(Rank::Two),
            '3' => Some(Rank::Three),
            '4' => Some(Rank::Four),
            '5' => Some(Rank::Five),
            '6' => Some(Rank::Six),
            '7' => Some(Rank::Seven),
            '8' => Some(Rank::Eight),
            '9' => Some(Rank::Nine),
            '0' => Some(Rank::Ten),
            'J' => Some(Rank::Jack),
            'Q' => Some(Rank::Queen),
            'K' => Some(Rank::King),
            _ => None,
        }
    }
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut buf = [0u8; 4];
        f.write_str(self.to_char().encode_utf8(&mut buf))
    }
}
