//! What a person types: `<source> <target>` with the card filled in from the table, and help.

use crate::game::{BoObservation, Variant};
use crate::rules::{parse_pile, validate, BoAction, Source, Target, View};

/// The help a person gets for `help` (or a line that cannot be read).
pub fn help(variant: Variant) -> String {
    let mut h = String::from(
        "A play is `<source> <target>`:\n\
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

/// Reads a person's play: the action's own text, or `<source> <target>` with the card of a
/// stockpile or discard source left out (`s b0`, `d1.0 b2`). A play that is not valid gets the
/// rule that forbids it.
pub fn parse_human(
    obs: &BoObservation,
    legal: &[BoAction],
    input: &str,
) -> Result<BoAction, String> {
    let input = input.trim();
    if input == "help" || input == "?" {
        return Err(help(obs.variant));
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

/// The legal actions grouped by source (`8S → b0 d0.0* d1.2`), turn-ending plays starred.
pub fn format_legal(obs: &BoObservation, legal: &[BoAction]) -> String {
    let mut groups: Vec<(String, Vec<String>)> = Vec::new();
    let mut others = Vec::new();
    let mut any_ending = false;
    for &a in legal {
        let BoAction::Play { card, from, to } = a else {
            // "pass", an embargo and clearing all end the turn.
            others.push(format!("{a}*"));
            any_ending = true;
            continue;
        };
        let source = match from {
            Source::Hand => card.to_string(),
            Source::Stock => format!("s:{card}"),
            Source::Discard { owner, pile } => format!("d{owner}.{pile}:{card}"),
        };
        let ends = validate(obs, obs.seat, a) == Ok(crate::rules::Validity::EndsTurn);
        any_ending |= ends;
        let target = format!("{to}{}", if ends { "*" } else { "" });
        match groups.iter_mut().find(|(s, _)| *s == source) {
            Some((_, t)) => t.push(target),
            None => groups.push((source, vec![target])),
        }
    }
    let mut parts: Vec<String> = groups
        .into_iter()
        .map(|(s, t)| format!("{s} → {}", t.join(" ")))
        .collect();
    parts.extend(others);
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
