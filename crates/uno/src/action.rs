//! Uno's action: a coloured card (`R5`), a wild with its called colour (`W:B`, `W+4:G`), `draw`
//! or `pass`. JSON uses the same strings.

use std::fmt;
use std::str::FromStr;

use parlour_core::ParseActionError;
use serde_with::{DeserializeFromStr, SerializeDisplay};

use crate::card::{Card, Color, ParseCardError};

/// An Uno decision. Its JSON form is its text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, SerializeDisplay, DeserializeFromStr)]
pub enum UnoAction {
    /// Play a coloured card from the hand (`R5`).
    Play(Card),
    /// Play a wild (`W` or `W+4`) and call a colour (`W:B`).
    Wild(Card, Color),
    /// Draw a card: legal only when no card in hand is playable (`draw`).
    Draw,
    /// Keep the card just drawn and end the turn (`pass`).
    Pass,
}

impl UnoAction {
    /// The card played, if any.
    pub fn card(self) -> Option<Card> {
        match self {
            UnoAction::Play(c) | UnoAction::Wild(c, _) => Some(c),
            _ => None,
        }
    }

    /// The action that plays `card`, calling `call` if it is a wild.
    pub fn play(card: Card, call: Color) -> UnoAction {
        if card.is_wild() {
            UnoAction::Wild(card, call)
        } else {
            UnoAction::Play(card)
        }
    }
}

impl fmt::Display for UnoAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            UnoAction::Play(c) => write!(f, "{c}"),
            UnoAction::Wild(c, color) => write!(f, "{c}:{}", color.letter()),
            UnoAction::Draw => f.write_str("draw"),
            UnoAction::Pass => f.write_str("pass"),
        }
    }
}

impl FromStr for UnoAction {
    type Err = ParseActionError;
    fn from_str(s: &str) -> Result<UnoAction, ParseActionError> {
        match s {
            "draw" => return Ok(UnoAction::Draw),
            "pass" => return Ok(UnoAction::Pass),
            _ => {}
        }
        let (card_text, call) = match s.split_once(':') {
            Some((c, col)) => (c, Some(col)),
            None => (s, None),
        };
        let card: Card = card_text
            .parse()
            .map_err(|e: ParseCardError| ParseActionError::new(s, format!("{e}; or draw, pass")))?;
        match (card.is_wild(), call) {
            (true, Some(col)) => {
                let color = match col {
                    "R" => Color::Red,
                    "G" => Color::Green,
                    "B" => Color::Blue,
                    "Y" => Color::Yellow,
                    _ => {
                        return Err(ParseActionError::new(
                            s,
                            format!("bad called colour {col:?}: expected R, G, B or Y"),
                        ))
                    }
                };
                Ok(UnoAction::Wild(card, color))
            }
            (true, None) => Err(ParseActionError::new(
                s,
                format!("a wild must call a colour, e.g. {card}:R"),
            )),
            (false, Some(_)) => Err(ParseActionError::new(s, "only a wild calls a colour")),
            (false, None) => Ok(UnoAction::Play(card)),
        }
    }
}

/// Every well-formed action: each coloured card, each wild with each colour, `draw` and `pass`.
pub fn action_universe() -> Vec<UnoAction> {
    let mut v: Vec<UnoAction> = Card::all_kinds()
        .flat_map(|c| -> Vec<UnoAction> {
            if c.is_wild() {
                Color::ALL
                    .iter()
                    .map(|&col| UnoAction::Wild(c, col))
                    .collect()
            } else {
                vec![UnoAction::Play(c)]
            }
        })
        .collect();
    v.push(UnoAction::Draw);
    v.push(UnoAction::Pass);
    v
}
