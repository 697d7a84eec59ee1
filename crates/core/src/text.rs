//! Text for people at a terminal, kept apart from the rules: a game's [`GameText`] shows a
//! seat's observation, lists the legal actions and reads what a person types.

use crate::game::{action_number, numbered_actions, Game, InputError, ParseActionError};

/// How a game talks to a person at the terminal.
pub trait GameText: Game {
    /// What a seat sees, as a few lines for a person (hands, piles, the board).
    fn describe(&self, observation: &Self::Observation) -> String;

    /// [`GameText::describe`] for a terminal that shows colour (ANSI escapes); the same text
    /// unless the game colours its pieces.
    fn describe_in_colour(&self, observation: &Self::Observation) -> String {
        self.describe(observation)
    }

    /// The legal actions as one line for a person (after `Legal: `), each after the number a
    /// person may type for it ([`numbered_actions`]); games with many actions may group them,
    /// numbering on across the groups.
    fn format_legal(&self, observation: &Self::Observation, legal: &[Self::Action]) -> String {
        let _ = observation;
        numbered_actions(legal)
    }

    /// Reads a person's typed decision. The default accepts an action's number (as
    /// [`GameText::format_legal`] shows it) or its text form; games may accept friendlier
    /// input. The result is one of `legal`.
    fn parse_human(
        &self,
        observation: &Self::Observation,
        legal: &[Self::Action],
        input: &str,
    ) -> Result<Self::Action, InputError> {
        let _ = observation;
        parse_numbered_or_text(legal, input)
    }
}

/// The default reading of a typed decision: an action's number, or its text form, which must
/// be one of `legal`.
pub fn parse_numbered_or_text<A>(legal: &[A], input: &str) -> Result<A, InputError>
where
    A: Copy + PartialEq + std::fmt::Display + std::str::FromStr<Err = ParseActionError>,
{
    if let Some(n) = action_number(input, legal.len()) {
        return n.map(|n| legal[n]);
    }
    let action: A = input.trim().parse()?;
    if legal.contains(&action) {
        Ok(action)
    } else {
        Err(InputError::NotLegal {
            action: action.to_string(),
        })
    }
}
