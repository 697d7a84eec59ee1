//! What a person at the terminal sees and types: the legal picks numbered, friendly input, `help`,
//! and the final scores with each seat's best partition.

use parlour_cards::Card;

use crate::game::{GoAction, GoObservation};
use crate::scoring::{best_partition, GroupKind, Partition};

/// What `help` answers at the terminal.
pub(crate) fn help() -> String {
    "Type the number of an action in the Legal list (`0` picks [0]), or the card itself (7C, 0H, AS;\n\
     0 is the ten). Every player picks a card at once; the picks are revealed together and the rest\n\
     of each hand passes to the next seat. After ten turns your discards score their best partition:\n\
     N of a kind (value x N!), runs of alternating colour of 3 or more (the sum of their values;\n\
     Aces fill inner gaps), and singletons (minus the value, an Ace -20)."
        .to_string()
}

/// Reads a person's pick: the number of a legal action as `Legal:` shows them, `help`,
/// or a card's text in any case.
pub(crate) fn parse_human(
    _obs: &GoObservation,
    legal: &[GoAction],
    input: &str,
) -> Result<GoAction, String> {
    let input = input.trim();
    if parlour_core::asks_help(input) {
        return Err(help());
    }
    let action = match parlour_core::action_number(input, legal.len()) {
        Some(n) => legal[n?],
        // Any case is read, and an error names the text as typed.
        None => input.parse::<GoAction>().or_else(|e| {
            input
                .to_ascii_uppercase()
                .parse::<GoAction>()
                .map_err(|_| format!("{e} (`help` explains)"))
        })?,
    };
    if legal.contains(&action) {
        Ok(action)
    } else {
        Err(format!("{action} is not in your hand"))
    }
}

/// The final scores: each seat's total and its best partition of its discards on one line
/// (`seat 1: 143 · wins = [6S 6H 6D 6C] 4-of-a-kind +144 · [QS QC] 2-of-a-kind +24 · singletons
/// 0D 3C 8D 4D -25`), the observer marked. Every discard is public once the game is over.
pub(crate) fn final_scores(me: usize, discards: &[Vec<Card>], scores: &[i32]) -> String {
    let best = scores.iter().copied().max();
    let mut out = String::from("Final scores (each seat's best partition of its discards):");
    for (s, &score) in scores.iter().enumerate() {
        let you = if s == me { " (you)" } else { "" };
        let wins = if Some(score) == best { " · wins" } else { "" };
        out.push_str(&format!("\n  seat {s}{you}: {score}{wins}"));
        if let Some(partition) = discards.get(s).and_then(|d| best_partition(d).ok()) {
            out.push_str(&format!(" = {}", partition_text(&partition)));
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
