//! What a person at the terminal sees and types ([`GameText`] for [`Go`]): a seat's view, the
//! legal picks numbered, friendly input, `help`, and at the end each seat's score with its best
//! partition.

use std::fmt::Write as _;

use parlour_cards::Card;
use parlour_core::{action_number, asks_help, GameText, InputError, ParseActionError};

use crate::action::{GoAction, Grouping};
use crate::observation::GoObservation;
use crate::scoring::{best_partition, score_partition, GroupKind, Partition};
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
            out.push_str(&final_scores(
                obs.seat,
                &obs.discards,
                scores,
                obs.groupings.as_deref(),
            ));
            return out;
        }
        if obs.turn >= TURNS {
            let _ = write!(
                out,
                "Group your discards for scoring (the course's scoring): type the number of a \
                 grouping, or the groups, e.g. 7C 7S / 4C / 9H 0S JH"
            );
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
        obs: &GoObservation,
        legal: &[GoAction],
        input: &str,
    ) -> Result<GoAction, InputError> {
        let input = input.trim();
        if asks_help(input) {
            return Err(InputError::Unclear(help()));
        }
        let grouping = matches!(legal.first(), Some(GoAction::Group(_)));
        let action = match action_number(input, legal.len()) {
            Some(n) => legal[n?],
            // Groups typed without the word `group`.
            None if grouping && !input.to_ascii_lowercase().starts_with("group") => {
                format!("group {}", input.to_ascii_uppercase())
                    .parse::<GoAction>()
                    .map_err(|e| {
                        InputError::Unreadable(ParseActionError::new(
                            input,
                            format!("{} (`help` explains)", e.reason),
                        ))
                    })?
            }
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
            return Ok(action);
        }
        // Said as the rule a person broke, which "not legal now" would not say.
        Err(InputError::Unclear(match action {
            GoAction::Pick(_) if grouping => {
                "group your discards now: type the groups, e.g. 7C 7S / 4C / 9H".to_string()
            }
            GoAction::Pick(_) => format!("{action} is not in your hand"),
            GoAction::Group(_) if !grouping => "you group your discards after the last turn".into(),
            GoAction::Group(g) => {
                grouping_problem(&g, obs.discards.get(obs.seat).map_or(&[], |d| d))
            }
        }))
    }
}

/// What `help` answers at the terminal.
fn help() -> String {
    "Type the number of an action in the Legal list (`0` picks [0]), or the card itself (7C, 0H, AS;\n\
     0 is the ten). Every player picks a card at once; the picks are revealed together and the rest\n\
     of each hand passes to the next seat. After ten turns your discards score their best partition:\n\
     N of a kind (value x N!), runs of alternating colour of 3 or more (the sum of their values;\n\
     Aces fill inner gaps), and singletons (minus the value, an Ace -20).\n\
     Under the course's scoring (-o scoring=proposed) each player then groups their discards and\n\
     scores that grouping: type its number, or the groups, e.g. 7C 7S / 4C / 9H 0S JH."
        .to_string()
}

/// Why a grouping typed at the terminal is not one of the legal ones.
fn grouping_problem(g: &Grouping, discards: &[Card]) -> String {
    match score_partition(discards, &g.groups()) {
        Err(e) => format!("that grouping will not do: {e}"),
        Ok(_) => "that grouping is not one of the legal ones".into(),
    }
}

/// The final scores: each seat's total and its best partition of its discards on one line
/// (`seat 1: 143 · wins = [6S 6H 6D 6C] 4-of-a-kind +144 · [QS QC] 2-of-a-kind +24 · singletons
/// 0D 3C 8D 4D -25`), the observer marked. Every discard is public once the game is over.
fn final_scores(
    me: usize,
    discards: &[Vec<Card>],
    scores: &[i32],
    groupings: Option<&[Option<Grouping>]>,
) -> String {
    let best = scores.iter().copied().max();
    let mut out = String::from(match groupings {
        None => "Final scores (each seat's best partition of its discards):",
        Some(_) => "Final scores (each seat's own grouping of its discards):",
    });
    for (s, &score) in scores.iter().enumerate() {
        let you = if s == me { " (you)" } else { "" };
        let wins = if Some(score) == best { " · wins" } else { "" };
        let _ = write!(out, "\n  seat {s}{you}: {score}{wins}");
        let Some(d) = discards.get(s) else {
            continue;
        };
        let partition = match groupings {
            None => best_partition(d).ok(),
            Some(g) => g
                .get(s)
                .copied()
                .flatten()
                .and_then(|g| score_partition(d, &g.groups()).ok()),
        };
        if let Some(partition) = partition {
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
