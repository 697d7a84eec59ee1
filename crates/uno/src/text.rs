//! Uno at the terminal: what a seat sees as text, and reading what a person types.

use std::fmt;

use parlour_core::{GameText, InputError};

use crate::action::UnoAction;
use crate::card::{Card, Color};
use crate::observation::{Direction, UnoObservation};
use crate::state::Uno;

impl GameText for Uno {
    fn describe(&self, observation: &UnoObservation) -> String {
        View(observation).to_string()
    }

    fn parse_human(
        &self,
        observation: &UnoObservation,
        legal: &[UnoAction],
        input: &str,
    ) -> Result<UnoAction, InputError> {
        parse_human(observation, legal, input)
    }
}

/// A seat's view as the terminal shows it.
struct View<'a>(&'a UnoObservation);

impl fmt::Display for View<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let obs = self.0;
        write!(f, "Up card: {}", obs.up_card)?;
        if let Some(c) = obs.called_color {
            write!(f, " (called {c})")?;
        }
        writeln!(
            f,
            "   direction: {}   draw pile: {}   round {}",
            match obs.direction {
                Direction::Clockwise => "clockwise",
                Direction::Counterclockwise => "counterclockwise",
            },
            obs.draw_pile,
            obs.rounds_completed + 1
        )?;
        for s in 0..obs.players {
            let me = if s == obs.seat { " (you)" } else { "" };
            let turn = if obs.current_player == Some(s) {
                "→"
            } else {
                " "
            };
            write!(
                f,
                "{turn} seat {s}{me}: {}, {}",
                count(obs.hand_sizes[s] as u64, "card"),
                count(obs.scores[s], "point")
            )?;
            if let Some(c) = obs.last_called[s] {
                write!(f, ", last called {c}")?;
            }
            writeln!(f)?;
        }
        write!(f, "Your hand:")?;
        for c in &obs.hand {
            write!(f, " {c}")?;
        }
        if let Some(c) = obs.drawn {
            write!(f, "\nYou drew {c}: play it if it fits, or pass.")?;
        }
        Ok(())
    }
}

/// `n` and a noun, singular for one: `1 card`, `7 cards`.
fn count(n: u64, noun: &str) -> String {
    match n {
        1 => format!("1 {noun}"),
        n => format!("{n} {noun}s"),
    }
}

/// What `help` answers at the terminal.
fn help() -> String {
    "Type the number of an action in the Legal list (`0` plays [0]), or the action itself:\n\
     \x20 a card (R5, GS, Y+2), a wild with the colour it calls (W:B, W+4:G, or `W blue`),\n\
     \x20 `draw` (or `d`) when nothing in your hand fits, `pass` (or `p`) to keep a card just drawn.\n\
     A card plays on the up card if it matches its colour (or the colour called) or its symbol;\n\
     a wild plays on anything. The first to empty their hand scores the cards left in the others."
        .to_string()
}

/// Reads a person's decision: the number of a legal action as
/// [`numbered_actions`](parlour_core::numbered_actions) shows them (`3`),
/// `d`/`draw`, `p`/`pass`, `help`, or an action's text in any case (`R5`, `W:B`, or a wild and a
/// colour word, `W blue`). Nothing may follow.
fn parse_human(
    _obs: &UnoObservation,
    legal: &[UnoAction],
    input: &str,
) -> Result<UnoAction, InputError> {
    let unclear = InputError::Unclear;
    let input = input.trim();
    if parlour_core::asks_help(input) {
        return Err(unclear(help()));
    }
    let mut words = input.split_whitespace();
    let first = words.next().ok_or_else(|| {
        unclear("type an action's number, `draw` or `pass` (`help` explains)".into())
    })?;
    // What the decision was read from, to name it if more text follows.
    let mut read = format!("`{first}`");
    let action = if let Some(n) = parlour_core::action_number(first, legal.len()) {
        legal[n?]
    } else {
        match first.to_ascii_lowercase().as_str() {
            "d" | "draw" => UnoAction::Draw,
            "p" | "pass" => UnoAction::Pass,
            _ => {
                let upper = first.to_ascii_uppercase();
                match upper.parse::<Card>() {
                    // A wild and a colour word: `W blue`, `W+4 g`.
                    Ok(card) if card.is_wild() => {
                        let word = words.next().ok_or_else(|| {
                            unclear(format!("{card} is a wild: add the colour to call, e.g. `{card}:R` or `{card} red`"))
                        })?;
                        let color = Color::parse_loose(word).ok_or_else(|| {
                            unclear(format!(
                                "{word:?} is not a colour (red, green, blue, yellow)"
                            ))
                        })?;
                        read = format!("the colour in `{first} {word}`");
                        UnoAction::Wild(card, color)
                    }
                    // Any case is read, and an error names the text as typed.
                    _ => first.parse::<UnoAction>().or_else(|e| {
                        upper
                            .parse::<UnoAction>()
                            .map_err(|_| InputError::Unreadable(e))
                    })?,
                }
            }
        }
    };
    let rest: Vec<&str> = words.collect();
    if !rest.is_empty() {
        return Err(unclear(format!(
            "unexpected text {:?} after {read}: type one decision, e.g. `3`, `R5`, `W:B`, `draw` or `pass`",
            rest.join(" ")
        )));
    }
    if legal.contains(&action) {
        Ok(action)
    } else {
        Err(unclear(format!(
            "{action} is not legal now; legal: {}",
            parlour_core::numbered_actions(legal)
        )))
    }
}
