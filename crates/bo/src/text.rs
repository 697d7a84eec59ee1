//! What a person types: `<source> <target>` with the card filled in from the table, and help.

use crate::game::{BoObservation, Variant};
use crate::rules::{parse_pile, validate, BoAction, Source, Target, View};

/// `n` and a noun, singular for one: `1 card`, `7 cards`.
pub(crate) fn count(n: usize, noun: &str) -> String {
    match n {
        1 => format!("1 {noun}"),
        n => format!("{n} {noun}s"),
    }
}

/// The help a person gets for `help`.
pub fn help(variant: Variant) -> String {
    let mut h = String::from(
        "Type the number of an action in the Legal list (`0` plays [0]), or the play itself.\n\
         A play is `<source> <target>`:\n\
         \x20 source: a card in your hand (9D), `s` for the top of your stockpile, or\n\
         \x20         `d<player>.<pile>` for the top of a discard pile (d2.1 = player 2's pile 1)\n\
         \x20 target: `b0`-`b3` for a build pile, or `d<player>.<pile>` for a discard pile\n\
         \x20 e.g. `9D b0`, `s d1.2`, `d0.3 b1`; `pass` when no play is possible.\n\
         Build piles start with a 2 or King and go up or down one at a time in one colour\n\
         (no King-2 wrap); a 2, King or Ace on a started pile completes it.\n\
         Discard piles alternate colour, one value up or down (King-2 wraps), never an Ace.\n\
         Starting your own empty discard pile, or breaking a pile's sequence from your hand\n\
         (a restart), ends your turn; a turn is at most five plays.",
    );
    if variant == Variant::Bonus {
        h.push_str(
            "\nBonus: `embargo <player>` plays your embargo card on a player with at most 3\n\
             stockpile cards; an embargoed player plays only from the stockpile until they\n\
             `clear` it. Both end the turn. Jokers (ZZ) read as whatever their neighbours allow.",
        );
    }
    h
}

/// Reads a person's play: the number of a legal action as [`format_legal`] shows them, the
/// action's own text, or `<source> <target>` with the card of a stockpile or discard source left
/// out (`s b0`, `d1.0 b2`). A play that is not valid gets the rule that forbids it.
pub fn parse_human(
    obs: &BoObservation,
    legal: &[BoAction],
    input: &str,
) -> Result<BoAction, String> {
    let input = input.trim();
    if parlour_core::asks_help(input) {
        return Err(help(obs.variant));
    }
    if let Some(n) = parlour_core::action_number(input, legal.len()) {
        // Numbered in the order the Legal line groups them.
        return n.map(|n| human_order(legal)[n]);
    }
    let action = match input.parse::<BoAction>() {
        Ok(a) => a,
        Err(e) => short_form(obs, input)
            .ok_or_else(|| format!("{} (type `help` for how to write a play)", e))?,
    };
    if legal.contains(&action) {
        return Ok(action);
    }
    match validate(obs, obs.seat, action) {
        Err(why) => Err(format!("{action}: {why}")),
        Ok(_) => Err(format!("{action} is not possible now")),
    }
}

/// The legal plays grouped by source (a hand card `8S`, `s:5C`, `d1.2:9H`), sources in the order
/// they first come, then the actions that are no play (pass, an embargo, clearing).
fn grouped(legal: &[BoAction]) -> (Vec<(String, Vec<BoAction>)>, Vec<BoAction>) {
    let mut groups: Vec<(String, Vec<BoAction>)> = Vec::new();
    let mut others = Vec::new();
    for &a in legal {
        let BoAction::Play { card, from, .. } = a else {
            others.push(a);
            continue;
        };
        let source = match from {
            Source::Hand => card.to_string(),
            Source::Stock => format!("s:{card}"),
            Source::Discard { owner, pile } => format!("d{owner}.{pile}:{card}"),
        };
        match groups.iter_mut().find(|(s, _)| *s == source) {
            Some((_, g)) => g.push(a),
            None => groups.push((source, vec![a])),
        }
    }
    (groups, others)
}

/// The legal actions in the order [`format_legal`] numbers them.
fn human_order(legal: &[BoAction]) -> Vec<BoAction> {
    let (groups, others) = grouped(legal);
    groups
        .into_iter()
        .flat_map(|(_, g)| g)
        .chain(others)
        .collect()
}

/// The legal actions grouped by source, each numbered from 0 (`8S → [0] b0 [1] d0.0*`), the
/// turn-ending ones starred.
pub fn format_legal(obs: &BoObservation, legal: &[BoAction]) -> String {
    let (groups, others) = grouped(legal);
    let mut number = 0;
    let mut any_ending = false;
    let mut numbered = |text: String, ends: bool| {
        any_ending |= ends;
        let s = format!("[{number}] {text}{}", if ends { "*" } else { "" });
        number += 1;
        s
    };
    let mut parts: Vec<String> = Vec::new();
    for (source, group) in groups {
        let targets: Vec<String> = group
            .into_iter()
            .map(|a| {
                let ends = validate(obs, obs.seat, a) == Ok(crate::rules::Validity::EndsTurn);
                let to = match a {
                    BoAction::Play { to, .. } => to.to_string(),
                    other => other.to_string(),
                };
                numbered(to, ends)
            })
            .collect();
        parts.push(format!("{source} → {}", targets.join(" ")));
    }
    // "pass", an embargo and clearing all end the turn.
    parts.extend(others.into_iter().map(|a| numbered(a.to_string(), true)));
    let mut line = parts.join(" · ");
    if any_ending {
        line.push_str("   (* ends your turn)");
    }
    line
}

/// `s b0` or `d1.0 b2`: the source's top card filled in.
fn short_form(obs: &BoObservation, input: &str) -> Option<BoAction> {
    let (source, target) = input.split_once(char::is_whitespace)?;
    let to = parse_pile(target.trim()).ok()?;
    let (from, card) = if source == "s" {
        (Source::Stock, obs.stock_top(obs.seat)?)
    } else {
        match parse_pile(source).ok()? {
            Target::Discard { owner, pile } => (
                Source::Discard { owner, pile },
                obs.discard(owner as usize, pile as usize).top()?,
            ),
            Target::Build(_) => return None,
        }
    };
    Some(BoAction::Play { card, from, to })
}
