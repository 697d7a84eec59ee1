//! What a person at the terminal sees and types ([`GameText`] for [`Go`]): a seat's view, the
//! legal picks numbered, friendly input, `help`, and at the end each seat's score with its best
//! partition.

use std::fmt::Write as _;

use parlour_cards::Card;
use parlour_core::{action_number, asks_help, GameText, InputError, ParseActionError};

use crate::action::GoAction;
use crate::observation::GoObservation;
use crate::scoring::{best_partition, GroupKind, Partition};
use crate::state::{Go, TURNS};

impl GameText for Go {
    /// The turn, every seat's revealed discards, and the observer's pick and hand; once the game
    /// is over, every seat's score and best partition instead of the hand.
    fn describe(&self, obs: &GoObservation) -> String {
        let mut out = format!(
            "Turn {} of {TURNS} · you are seat {}\n",
            (obs.turn + 1).min(TURNS),
            obs.seat
        );
        for (s, d) in obs.discards.iter().enumerate() {
            let me = if s == obs.seat { " (you)" } else { "" };
            let names: Vec<String> = d.iter().map(|c| c.to_string()).collect();
            let _ = writeln!(out, "  seat {s}{me} discards: {}", names.join(" "));
        }
        if let Some(scores) = &obs.scores {
            // The game is over: no hand is left, and everything may be shown.
            out.push_str(&final_scores(obs.seat, &obs.discards, scores));
            return out;
        }
        if let Some(p) = obs.picked {
            let _ = writeln!(out, "You picked {p} (hidden until all have picked)");
        }
        out.push_str("Your hand:");
        for c in &obs.hand {
            let _ = write!(out, " {c}");
        }
        out
    }

    /// Reads a person's pick: the number of a legal action as `Legal:` shows them, `help`, or a
    /// card's text in any case.
    fn parse_human(
        &self,
        _obs: &GoObservation,
        legal: &[GoAction],
        input: &str,
    ) -> Result<GoAction, InputError> {
        let input = input.trim();
        if asks_help(input) {
            return Err(InputError::Unclear(help()));
        }
        let action = match action_number(input, legal.len()) {
            Some(n) => legal[n?],
            // Any case is read, and an error names the text as typed.
            None => input.parse::<GoAction>().or_else(|e| {
                input.to_ascii_uppercase().parse::<GoAction>().map_err(|_| {
                    InputError::Unreadable(ParseActionError::new(
                        e.input,
                        format!("{} (`help` explains)", e.reason),
                    ))
                })
            })?,
        };
        if legal.contains(&action) {
            Ok(action)
        } else {
            // Said as the rule a person broke, which "not legal now" would not say.
            Err(InputError::Unclear(format!("{action} is not in your hand")))
        }
    }
}

/// What `help` answers at the terminal.
fn help() -> String {
    "Type the number of an action in the Legal list (`0` picks [0]), or the card itself (7C, 0H, AS;\n\
     0 is the ten). Every player picks a card at once; the picks are revealed together and the rest\n\
     of each hand passes to the next seat. After ten turns your discards score their best partition:\n\
     N of a kind (value x N!), runs of alternating colour of 3 or more (the sum of their values;\n\
     Aces fill inner gaps), and singletons (minus the value, an Ace -20)."
        .to_string()
}

/// The final scores: each seat's total and its best partition of its discards on one line
/// (`seat 1: 143 · wins = [6S 6H 6D 6C] 4-of-a-kind +144 · [QS QC] 2-of-a-kind +24 · singletons
/// 0D 3C 8D 4D -25`), the observer marked. Every discard is public once the game is over.
fn final_scores(me: usize, discards: &[Vec<Card>], scores: &[i32]) -> String {
    let best = scores.iter().copied().max();
    let mut out = String::from("Final scores (each seat's best partition of its discards):");
    for (s, &score) in scores.iter().enumerate() {
        let you = if s == me { " (you)" } else { "" };
        let wins = if Some(score) == best { " · wins" } else { "" };
        let _ = write!(out, "\n  seat {s}{you}: {score}{wins}");
        if let Some(partition) = discards.get(s).and_then(|d| best_partition(d).ok()) {
            let _ = write!(out, " = {}", partition_text(&partition));
        }
    }
    out
}

/// A partition on one line: each group with its kind and score, the singletons together last.
fn partition_text(partition: &Partition) -> String {
    let names = |cards: &[Card]| {
        cards
            .iter()
            .map(|c| c.to_string())
            .collect::<Vec<_>>()
            .join(" ")
    };
    let mut parts = Vec::new();
    let (mut singles, mut single_score) = (Vec::new(), 0);
    for (cards, g) in &partition.groups {
        let kind = match g.kind {
            GroupKind::Singleton => {
                singles.extend_from_slice(cards);
                single_score += g.score;
                continue;
            }
            GroupKind::NOfAKind { n, .. } => format!("{n}-of-a-kind"),
            GroupKind::Run { low, high } => format!("run {low}..{high}"),
        };
        parts.push(format!("[{}] {kind} {:+}", names(cards), g.score));
    }
    if !singles.is_empty() {
        let noun = if singles.len() == 1 {
            "singleton"
        } else {
            "singletons"
        };
        parts.push(format!("{noun} {} {single_score:+}", names(&singles)));
    }
    parts.join(" · ")
}
