//! What a player does: [`BoAction`] (a play from a [`Source`] to a [`Target`], "no play", an
//! embargo, clearing one), its text form (`Display`/`FromStr`) and its JSON form (that text as
//! a string), and the table's shape that the text names: seats, build piles, discard piles.

use std::fmt;
use std::str::FromStr;

use parlour_cards::Card;
use parlour_core::ParseActionError;
use serde_with::{DeserializeFromStr, SerializeDisplay};

/// Seats at the table.
pub const PLAYERS: usize = 4;
/// Build piles (shared).
pub const BUILD_PILES: usize = 4;
/// Discard piles per player.
pub const DISCARD_PILES: usize = 4;

/// Where a played card comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Source {
    /// The player's hand.
    Hand,
    /// The top of the player's own stockpile.
    Stock,
    /// The top of discard pile `pile` of player `owner`.
    Discard {
        /// The pile's owner.
        owner: u8,
        /// Which of the owner's four piles.
        pile: u8,
    },
}

/// Where a played card goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Target {
    /// Build pile `0..4`.
    Build(u8),
    /// Discard pile `pile` of player `owner`.
    Discard {
        /// The pile's owner.
        owner: u8,
        /// Which of the owner's four piles.
        pile: u8,
    },
}

/// A Comp10001-Bo decision.
///
/// Text forms (`Display`/`FromStr`), one play per line:
/// - `9D b0`: card 9D from the hand to build pile 0;
/// - `9D d2.1`: from the hand to player 2's discard pile 1;
/// - `s:2C b1`: the top of your stockpile (2C) to build pile 1;
/// - `d1.0:2C b0`: the top of player 1's discard pile 0 (2C) to build pile 0;
/// - `pass`: "no play" (valid only when no play is possible);
/// - `embargo 2` (bonus): play your embargo card on player 2;
/// - `clear` (bonus): clear the embargo on you (see the crate docs for where the card goes).
///
/// A play names its card even when the source fixes it, as the course's plays did: a play
/// whose card is not the source's top is invalid.
///
/// Its JSON form is its text form as a string (`"s:2C b1"`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, SerializeDisplay, DeserializeFromStr)]
pub enum BoAction {
    /// Move a card.
    Play {
        /// The card played.
        card: Card,
        /// Where it comes from.
        from: Source,
        /// Where it goes.
        to: Target,
    },
    /// No play is possible: the turn ends.
    NoPlay,
    /// Play your embargo card on this player (bonus variant).
    Embargo(u8),
    /// Clear the embargo on you (bonus variant).
    Clear,
}

impl fmt::Display for Target {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Target::Build(i) => write!(f, "b{i}"),
            Target::Discard { owner, pile } => write!(f, "d{owner}.{pile}"),
        }
    }
}

impl fmt::Display for BoAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BoAction::Play { card, from, to } => match from {
                Source::Hand => write!(f, "{card} {to}"),
                Source::Stock => write!(f, "s:{card} {to}"),
                Source::Discard { owner, pile } => write!(f, "d{owner}.{pile}:{card} {to}"),
            },
            BoAction::NoPlay => f.write_str("pass"),
            BoAction::Embargo(t) => write!(f, "embargo {t}"),
            BoAction::Clear => f.write_str("clear"),
        }
    }
}

/// A pile name that is not `b0`–`b3` or `d<owner>.<pile>` ([`parse_pile`]).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParsePileError {
    /// A pile or player number that is not one digit in range.
    #[error("{what} {given:?} is not 0 to {last}")]
    OutOfRange {
        /// What the number names: `build pile`, `player` or `discard pile`.
        what: &'static str,
        /// The text given for it.
        given: String,
        /// The largest number allowed.
        last: usize,
    },
    /// A discard pile without the `.` between owner and pile.
    #[error("{given:?}: a discard pile is d<player>.<pile>, e.g. d2.1")]
    NoDot {
        /// The text given.
        given: String,
    },
    /// Neither `b` nor `d` first.
    #[error(
        "{given:?} is not a pile: build piles are b0-b3, discard piles d<player>.<pile> (d2.1)"
    )]
    NotAPile {
        /// The text given.
        given: String,
    },
}

/// Reads a pile name: `b0`–`b3` or `d<owner>.<pile>`.
pub fn parse_pile(s: &str) -> Result<Target, ParsePileError> {
    // One digit exactly: no sign, no leading zero, no spare digits.
    let digit = |c: &str, what: &'static str, max: usize| -> Result<u8, ParsePileError> {
        match c.parse::<u8>() {
            Ok(n) if (n as usize) < max && c.len() == 1 => Ok(n),
            _ => Err(ParsePileError::OutOfRange {
                what,
                given: c.to_string(),
                last: max - 1,
            }),
        }
    };
    if let Some(i) = s.strip_prefix('b') {
        return Ok(Target::Build(digit(i, "build pile", BUILD_PILES)?));
    }
    if let Some(rest) = s.strip_prefix('d') {
        let (owner, pile) = rest.split_once('.').ok_or_else(|| ParsePileError::NoDot {
            given: s.to_string(),
        })?;
        return Ok(Target::Discard {
            owner: digit(owner, "player", PLAYERS)?,
            pile: digit(pile, "discard pile", DISCARD_PILES)?,
        });
    }
    Err(ParsePileError::NotAPile {
        given: s.to_string(),
    })
}

impl FromStr for BoAction {
    type Err = ParseActionError;
    fn from_str(s: &str) -> Result<BoAction, ParseActionError> {
        let bad = |why: String| ParseActionError::new(s, why);
        let words: Vec<&str> = s.split_whitespace().collect();
        match words.as_slice() {
            ["pass"] => Ok(BoAction::NoPlay),
            ["clear"] => Ok(BoAction::Clear),
            ["embargo", t] => match t.parse::<u8>() {
                Ok(n) if (n as usize) < PLAYERS && t.len() == 1 => Ok(BoAction::Embargo(n)),
                _ => Err(bad(format!("player {t:?} is not 0 to 3"))),
            },
            [source, target] => {
                let to = parse_pile(target).map_err(|e| bad(e.to_string()))?;
                let card_of = |c: &str| {
                    c.parse::<Card>()
                        .map_err(|e: parlour_cards::ParseCardError| bad(e.to_string()))
                };
                let (from, card) = match source.split_once(':') {
                    None => (Source::Hand, card_of(source)?),
                    Some(("s", c)) => (Source::Stock, card_of(c)?),
                    Some((pile, c)) => match parse_pile(pile).map_err(|e| bad(e.to_string()))? {
                        Target::Discard { owner, pile } => {
                            (Source::Discard { owner, pile }, card_of(c)?)
                        }
                        Target::Build(_) => {
                            return Err(bad("cards cannot be taken from a build pile".into()))
                        }
                    },
                };
                Ok(BoAction::Play { card, from, to })
            }
            _ => Err(bad(
                "expected `<source> <target>` (9D b0, s:2C d1.0, d1.0:2C b0), pass, embargo <player> or clear"
                    .into(),
            )),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Actions are copied into every legal list and search node: keep them small.
    #[test]
    fn an_action_fits_in_eight_bytes() {
        assert!(size_of::<BoAction>() <= 8);
    }
}
