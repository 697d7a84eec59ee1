//! A pick ([`GoAction`]): the card a seat discards this turn, written in the course's notation
//! (`7C`, `0H` for the ten, `AS`). Its JSON form is the same text as a string (`"7C"`).

use std::fmt;
use std::str::FromStr;

use parlour_cards::{Card, ParseCardError};
use parlour_core::ParseActionError;
use serde_with::{DeserializeFromStr, SerializeDisplay};

/// A pick: the card a seat discards this turn (text: the card, e.g. `7C`).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, SerializeDisplay, DeserializeFromStr,
)]
pub struct GoAction(pub Card);

impl fmt::Display for GoAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl FromStr for GoAction {
    type Err = ParseActionError;
    fn from_str(s: &str) -> Result<GoAction, ParseActionError> {
        let card: Card = s
            .parse()
            .map_err(|e: ParseCardError| ParseActionError::new(s, e.to_string()))?;
        if card.is_joker() {
            return Err(ParseActionError::new(s, "Comp10001-Go uses no Jokers"));
        }
        Ok(GoAction(card))
    }
}
