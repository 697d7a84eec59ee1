//! What a person at the terminal sees and types ([`GameText`] for [`Phased`]): the table as a
//! few lines with each seat's next phase, the legal actions numbered, friendly input (any case,
//! a bare card list as a phase, any valid phase listed or not) and `help`.

use std::fmt::Write;

use parlour_core::{action_number, asks_help, GameText, InputError, ParseActionError};

use crate::action::PhasedAction;
use crate::observation::{check_lay, PhasedObservation, Variant};
use crate::state::Phased;

/// `n` and a noun, singular for one: `1 card`, `7 cards`.
fn count(n: usize, noun: &str) -> String {
    match n {
        1 => format!("1 {noun}"),
        n => format!("{n} {noun}s"),
    }
}

/// What a phase is made of, for people.
fn phase_shape(phase: u8) -> &'static str {
    match phase {
        1 => "two sets of 3 cards of one value",
        2 => "a set of 7 cards of one suit",
        3 => "two sets of 4 cards of one value",
        4 => "a run of 8 cards",
        _ => "a run of 4 cards of one colour, then a set of 4 cards of one value",
    }
}

/// The phases a seat may lay next: in the standard game the lowest it has not completed, in the
/// bonus variant every one it has not completed. Empty once all five are done.
fn phases_needed(variant: Variant, done: &[u8]) -> Vec<u8> {
    let open = (1..=5u8).filter(|p| !done.contains(p));
    match variant {
        Variant::Standard => open.take(1).collect(),
        Variant::Bonus => open.collect(),
    }
}

/// A seat's next phase(s) for its line of the table: `next phase 2`, `needs phases 1 3 4`.
fn needed_text(variant: Variant, done: &[u8]) -> String {
    let needed = phases_needed(variant, done);
    let list: Vec<String> = needed.iter().map(u8::to_string).collect();
    match (variant, needed.len()) {
        (_, 0) => "all phases done".to_string(),
        (Variant::Standard, _) => format!("next phase {}", list[0]),
        (Variant::Bonus, 1) => format!("needs phase {}", list[0]),
        (Variant::Bonus, _) => format!("needs phases {}", list.join(" ")),
    }
}

/// The observer's own next phase(s), spelled out: `Your next phase: 2 (a set of 7 cards of one
/// suit)`, or in the bonus variant every phase still needed.
fn own_needs(variant: Variant, done: &[u8]) -> String {
    let needed = phases_needed(variant, done);
    let spelled: Vec<String> = needed
        .iter()
        .map(|&p| format!("{p} ({})", phase_shape(p)))
        .collect();
    match (variant, needed.len()) {
        (_, 0) => "You have completed every phase.".to_string(),
        (Variant::Standard, _) => format!("Your next phase: {}", spelled[0]),
        (Variant::Bonus, 1) => format!("You still need phase {}", spelled[0]),
        (Variant::Bonus, _) => format!("You still need phases {}", spelled.join(", ")),
    }
}

/// What `help` answers at the terminal.
fn help(variant: Variant) -> String {
    let mut h = String::from(
        "Type the number of an action in the Legal list (`0` plays [0]), or the action itself:\n\
         \x20 `draw` (the deck's top card) or `take` (the discard pile's top card), then\n\
         \x20 `lay 2S 2S AH / 7H 7S 7D` (or just the cards): your phase, groups separated by /,\n\
         \x20   runs in ascending order; any valid way of writing it is accepted, listed or not;\n\
         \x20 `add 5D 1 0 3`: once your phase is down, a card onto seat 1's group 0 at place 3\n\
         \x20   (0 to the group's length for a set; 0 or the length, below or above, for a run);\n\
         \x20 `discard 7C` ends your turn.\n\
         Aces are wild. Phases: 1 two sets of 3 of one value; 2 a set of 7 of one suit; 3 two sets\n\
         of 4 of one value; 4 a run of 8; 5 a run of 4 of one colour, then a set of 4 of one value.",
    );
    match variant {
        Variant::Standard => h.push_str("\nThe phases are completed in order, one a hand at most."),
        Variant::Bonus => h.push_str(
            "\nBonus: the phases in any order, each once, one a hand at most; `skip 2` plays a\n\
             Joker instead of a discard, and seat 2 misses its next turn.",
        ),
    }
    h
}

impl GameText for Phased {
    /// The hand's header (dealer, deck, discard top), a line per seat (cards held, phases done
    /// and still needed, penalty total, a pending Skip) with its groups on the table, the
    /// observer's next phase spelled out, and its hand.
    fn describe(&self, obs: &PhasedObservation) -> String {
        let mut f = String::new();
        // Writing to a String cannot fail.
        let _ = write_view(&mut f, obs);
        f
    }

    /// Reads a person's decision: the number of a legal action as the `Legal:` line shows
    /// them, `help`, a bare card list as a phase (`2S 2S AH / 7H 7S 7D`), or an action's text.
    /// Any valid phase is accepted, not only the canonical lays listed; a phase that cannot be
    /// laid is refused with [`check_lay`]'s reason, and `help` answers with the typing guide
    /// (both as [`InputError::Unclear`]).
    fn parse_human(
        &self,
        obs: &PhasedObservation,
        legal: &[PhasedAction],
        input: &str,
    ) -> Result<PhasedAction, InputError> {
        let input = input.trim();
        if asks_help(input) {
            return Err(InputError::Unclear(help(obs.variant)));
        }
        if let Some(n) = action_number(input, legal.len()) {
            return n.map(|n| legal[n]);
        }
        // Verbs and cards in any case; a bare card list is a phase: `2S 2S AH / 7H 7S 7D`.
        let (word, rest) = input.split_once(char::is_whitespace).unwrap_or((input, ""));
        let verb = word.to_ascii_lowercase();
        let text = if ["draw", "take", "lay", "add", "discard", "skip"].contains(&verb.as_str()) {
            format!("{verb} {}", rest.trim().to_ascii_uppercase())
                .trim_end()
                .to_string()
        } else if input.starts_with(|c: char| c.is_ascii_digit() || c.is_ascii_uppercase()) {
            format!("lay {}", input.to_ascii_uppercase())
        } else {
            input.to_string()
        };
        let action: PhasedAction = text.parse().map_err(|e: ParseActionError| {
            ParseActionError::new(e.input, format!("{} (`help` explains)", e.reason))
        })?;
        match action {
            PhasedAction::Lay(play) => check_lay(obs, &play)
                .map(|()| action)
                .map_err(|e| InputError::Unclear(e.to_string())),
            _ if legal.contains(&action) => Ok(action),
            _ => Err(InputError::NotLegal {
                action: action.to_string(),
            }),
        }
    }
}

/// [`GameText::describe`]'s text, written into `f`.
fn write_view(f: &mut String, obs: &PhasedObservation) -> std::fmt::Result {
    writeln!(
        f,
        "Hand {} · dealer seat {} · deck {} · discard top {}",
        obs.hands_completed.saturating_add(1),
        obs.dealer,
        obs.deck,
        obs.discard
            .last()
            .map_or("(empty)".to_string(), |c| c.to_string())
    )?;
    let seats = [
        obs.hand_sizes.len(),
        obs.phases_done.len(),
        obs.scores.len(),
        obs.skip_next.len(),
        obs.table.len(),
    ]
    .into_iter()
    .min()
    .unwrap_or(0);
    for s in 0..seats {
        let me = if s == obs.seat { " (you)" } else { "" };
        let turn = if obs.current_player == Some(s) {
            "→"
        } else {
            " "
        };
        write!(
            f,
            "{turn} seat {s}{me}: {} · phases done {:?} · {} · penalty {}",
            count(obs.hand_sizes[s], "card"),
            obs.phases_done[s],
            needed_text(obs.variant, &obs.phases_done[s]),
            obs.scores[s]
        )?;
        if obs.skip_next[s] {
            write!(f, " · skips next turn")?;
        }
        writeln!(f)?;
        for (g, group) in obs.table[s].iter().enumerate() {
            let cards: Vec<String> = group.cards.iter().map(|c| c.to_string()).collect();
            writeln!(f, "      group {s} {g}: {}", cards.join(" "))?;
        }
    }
    if let Some(done) = obs.phases_done.get(obs.seat) {
        writeln!(f, "{}", own_needs(obs.variant, done))?;
    }
    let hand: Vec<String> = obs.hand.iter().map(|c| c.to_string()).collect();
    write!(f, "Your hand: {}", hand.join(" "))
}
