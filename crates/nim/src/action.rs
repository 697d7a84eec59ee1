//! Nim's action: take `count` objects from pile `pile`, written `pile:count` (`2:3` takes three
//! from pile 2). JSON uses the same string.

use std::fmt;
use std::str::FromStr;

use parlour_core::ParseActionError;
use serde_with::{DeserializeFromStr, SerializeDisplay};

/// A Nim move: take `count` (at least 1) objects from pile `pile` (from 0).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, SerializeDisplay, DeserializeFromStr)]
pub struct NimAction {
    /// The pile, from 0.
    pub pile: u8,
    /// How many objects to take, at least 1.
    pub count: u8,
}

impl fmt::Display for NimAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.pile, self.count)
    }
}

impl FromStr for NimAction {
    type Err = ParseActionError;

    fn from_str(s: &str) -> Result<NimAction, ParseActionError> {
        let bad = |why: &str| ParseActionError::new(s, why);
        let (pile, count) = s
            .split_once(':')
            .ok_or_else(|| bad("expected pile:count, e.g. 2:3"))?;
        let pile: u8 = pile
            .parse()
            .map_err(|_| bad("the pile is a number from 0"))?;
        let count: u8 = count
            .parse()
            .map_err(|_| bad("the count is a number from 1"))?;
        if count == 0 {
            return Err(bad("take at least one"));
        }
        Ok(NimAction { pile, count })
    }
}
