//! Comp10001-Bo at the terminal: the table drawn for a person, the legal actions grouped by
//! source, and what a person types (`<source> <target>` with the card filled in from the
//! table, or `help`).

use std::fmt;

use parlour_cards::Card;
use parlour_core::{GameText, InputError, ParseActionError};

use crate::action::{parse_pile, BoAction, Source, Target};
use crate::observation::BoObservation;
use crate::rules::{validate, Outcome, Validity, Variant, View};
use crate::state::{Bo, MAX_PLAYS, MAX_TURNS};

impl GameText for Bo {
    fn describe(&self, observation: &BoObservation) -> String {
        Table(observation).to_string()
    }

    fn format_legal(&self, observation: &BoObservation, legal: &[BoAction]) -> String {
        format_legal(observation, legal)
    }

    fn parse_human(
        &self,
        observation: &BoObservation,
        legal: &[BoAction],
        input: &str,
    ) -> Result<BoAction, InputError> {
        parse_human(observation, legal, input)
    }
}

fn cards_text(cards: impl Iterator<Item = Card>) -> String {
    cards.map(|c| c.to_string()).collect::<Vec<_>>().join(" ")
}

/// The table drawn for a person: build piles, every seat's stockpile and discard piles (the top
/// card last, marked), the hand.
struct Table<'a>(&'a BoObservation);

impl fmt::Display for Table<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let obs = self.0;
        let seats = obs
            .stock_sizes
            .len()
            .min(obs.stock_tops.len())
            .min(obs.discards.len())
            .min(obs.hand_sizes.len())
            .min(obs.turns.len());
        let turn = obs.current_player.map_or(String::new(), |p| {
            format!(
                " · seat {p}'s turn {} of {MAX_TURNS}, play {} of {MAX_PLAYS}",
                obs.turns.get(p).copied().unwrap_or(0).saturating_add(1),
                obs.plays.saturating_add(1)
            )
        });
        writeln!(f, "Draw pile {}{turn}", count(obs.draw, "card"))?;
        if let Some(o) = obs.outcome {
            writeln!(
                f,
                "Game over: {}",
                match o {
                    Outcome::Won(p) => format!("seat {p} emptied their stockpile and wins"),
                    Outcome::Blocked => "the draw pile is empty and nobody can play".into(),
                    Outcome::TurnLimit => "every player has had 20 turns".into(),
                }
            )?;
        }
        write!(f, "Build piles:")?;
        for (i, b) in obs.build.iter().enumerate() {
            if b.is_empty() {
                write!(f, "  b{i}: —")?;
            } else {
                write!(f, "  b{i}: {}", cards_text(b.cards().iter().copied()))?;
            }
        }
        writeln!(f)?;
        for s in 0..seats {
            let me = if s == obs.seat { " (you)" } else { "" };
            let arrow = if obs.current_player == Some(s) {
                "→"
            } else {
                " "
            };
            let top = obs.stock_tops[s].map_or("—".to_string(), |c| c.to_string());
            write!(
                f,
                "{arrow} seat {s}{me}: stock {top} ({}) · hand {}",
                count(obs.stock_sizes[s], "card"),
                count(obs.hand_sizes[s], "card")
            )?;
            if obs.variant == Variant::Bonus {
                if obs.holds_embargo.get(s) == Some(&true) {
                    write!(f, " · holds embargo")?;
                }
                if let Some(Some(by)) = obs.embargoed_by.get(s) {
                    write!(f, " · EMBARGOED by seat {by}")?;
                }
            }
            writeln!(f)?;
            write!(f, "   ")?;
            for (i, pile) in obs.discards[s].iter().enumerate() {
                match pile.len() {
                    0 => write!(f, "  d{s}.{i}: —")?,
                    n => {
                        let shown = n.min(4);
                        let more = if n > shown { "… " } else { "" };
                        let cards: Vec<Card> = pile.cards().skip(n - shown).collect();
                        write!(f, "  d{s}.{i}: {more}{}", cards_text(cards.into_iter()))?;
                        if pile.top() == Some(Card::JOKER) {
                            if let Some(r) = pile.top_reading() {
                                write!(f, " (ZZ as {r})")?;
                            }
                        }
                    }
                }
            }
            writeln!(f)?;
        }
        write!(f, "Your hand: {}", cards_text(obs.hand.iter().copied()))?;
        if obs.current_player == Some(obs.seat) {
            write!(
                f,
                "\nPlay a number from the Legal list, or `<source> <target>`: source a hand card (9D), s (your stockpile) or d<player>.<pile>; target b0-b3 or d<player>.<pile>; `pass` when nothing is possible{}; `help` for more",
                if obs.variant == Variant::Bonus {
                    "; `embargo <player>`, `clear`"
                } else {
                    ""
                }
            )?;
        }
        Ok(())
    }
}

/// `n` and a noun, singular for one: `1 card`, `7 cards`.
fn count(n: usize, noun: &str) -> String {
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
/// out (`s b0`, `d1.0 b2`). A play that is not valid gets the rule that forbids it; `help` gets
/// the help.
fn parse_human(
    obs: &BoObservation,
    legal: &[BoAction],
    input: &str,
) -> Result<BoAction, InputError> {
    let input = input.trim();
    if parlour_core::asks_help(input) {
        return Err(InputError::Unclear(help(obs.variant)));
    }
    if let Some(n) = parlour_core::action_number(input, legal.len()) {
        // Numbered in the order the Legal line groups them.
        return n.map(|n| human_order(legal)[n]);
    }
    let action = match input.parse::<BoAction>() {
        Ok(a) => a,
        Err(e) => short_form(obs, input).ok_or_else(|| {
            InputError::Unreadable(ParseActionError::new(
                e.input,
                format!("{} (type `help` for how to write a play)", e.reason),
            ))
        })?,
    };
    if legal.contains(&action) {
        return Ok(action);
    }
    Err(InputError::Unclear(match validate(obs, obs.seat, action) {
        Err(why) => format!("{action}: {why}"),
        Ok(_) => format!("{action} is not possible now"),
    }))
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
fn format_legal(obs: &BoObservation, legal: &[BoAction]) -> String {
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
                let ends = validate(obs, obs.seat, a) == Ok(Validity::EndsTurn);
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
