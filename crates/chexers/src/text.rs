//! Text for people at a terminal ([`GameText`] for [`Chexers`]): the board as a hex grid with
//! coloured pieces and coordinates, the legal actions numbered, and friendly input (a number or
//! an action's text, in any case).

use std::fmt::Write;

use parlour_core::{action_number, asks_help, numbered_actions, GameText, InputError, State};

use crate::action::ChexersAction;
use crate::board::{Colour, Hex, RADIUS};
use crate::observation::ChexersObservation;
use crate::setup::{Position, EXITS_TO_WIN, TURNS_EACH};
use crate::state::Chexers;

const ANSI: [&str; 3] = ["\x1b[1;31m", "\x1b[1;32m", "\x1b[1;34m"];
const DIM: &str = "\x1b[2m";
const RESET: &str = "\x1b[0m";

/// Draws the board as a hex grid, one row per `r`. Each hex shows its occupant (`R`, `G`, `B`,
/// or `.` when empty) and its coordinates `q,r`. With `colour`, pieces are drawn in ANSI
/// colours and empty hexes dimmed.
pub fn draw_board(position: &Position, colour: bool) -> String {
    let mut out = String::new();
    for r in -RADIUS..=RADIUS {
        let _ = write!(out, "r={r:<3}");
        // A hex's column is 2q + r half-steps from the centre; each half-step is 4 characters.
        let hexes: Vec<Hex> = Hex::all().filter(|h| h.r() == r).collect();
        let first = 2 * i32::from(hexes[0].q()) + i32::from(r);
        out.push_str(&" ".repeat(((first + 6) * 4) as usize));
        for (i, h) in hexes.iter().enumerate() {
            if i > 0 {
                out.push_str("  ");
            }
            let coords = format!("{:>2},{:>2}", h.q(), h.r());
            match position.at(*h) {
                Some(c) if colour => {
                    let _ = write!(out, "{}{}{coords}{RESET}", ANSI[c.seat()], c.letter());
                }
                Some(c) => {
                    let _ = write!(out, "{}{coords}", c.letter());
                }
                None if colour => {
                    let _ = write!(out, "{DIM}.{coords}{RESET}");
                }
                None => {
                    let _ = write!(out, ".{coords}");
                }
            }
        }
        out.push('\n');
    }
    out
}

/// The status line: whose turn, turn numbers and exits.
pub fn status(position: &Position) -> String {
    let mover = position.to_move();
    format!(
        "{} to move · turn {} of {TURNS_EACH} each · exits: Red {}, Green {}, Blue {} ({EXITS_TO_WIN} wins)",
        mover.name(),
        position.turn / 3 + 1,
        position.exits[0],
        position.exits[1],
        position.exits[2],
    )
}

const LEGEND: &str =
    "Red exits off the right edge (q=3), Green off the bottom (r=3), Blue off the \
                      top left (q+r=-3). Jumping over a piece converts it.";

/// What a seat sees, for a person: who they are, the board as a hex grid, the legend, how many
/// times a repeated position has occurred, and the status or the result. With `colour`, the
/// pieces are drawn in ANSI colours ([`GameText::describe`] is this without colour).
pub fn render(observation: &ChexersObservation, colour: bool) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "You are {} (seat {}).",
        Colour::of_seat(observation.seat).map_or("?", |c| c.name()),
        observation.seat
    );
    out.push_str(&draw_board(&observation.position, colour));
    let _ = writeln!(out, "{LEGEND}");
    if observation.occurrences > 1 {
        let _ = writeln!(
            out,
            "This position has occurred {} times; a 4th time draws the game.",
            observation.occurrences
        );
    }
    match observation.outcome {
        Some(o) => {
            let _ = write!(out, "Game over: {o}.");
        }
        None => out.push_str(&status(&observation.position)),
    }
    out
}

/// The legal actions in the order people read them: by the piece's hex, then moves, jumps
/// and the exit, each by destination.
pub fn human_order(legal: &[ChexersAction]) -> Vec<ChexersAction> {
    let mut v = legal.to_vec();
    v.sort_by_key(|a| match *a {
        ChexersAction::Move { from, to } => (from.index(), 0, to.index()),
        ChexersAction::Jump { from, to } => (from.index(), 1, to.index()),
        ChexersAction::Exit { from } => (from.index(), 2, 0),
        ChexersAction::Pass => (0, 3, 0),
    });
    v
}

/// What `help` answers at the terminal.
pub fn help() -> String {
    format!(
        "Type the number of an action in the Legal list (`0` plays [0]), or the action itself in any\n\
         case: `move (q,r) (q,r)` to a neighbouring empty hex, `jump (q,r) (q,r)` over a neighbouring\n\
         piece (any colour) to the empty hex beyond it, `exit (q,r)` from one of your exit hexes, or\n\
         `pass` when nothing else is possible. Hexes are written (q,r) as the board labels them.\n\
         {LEGEND}\n\
         The first to exit {EXITS_TO_WIN} pieces wins; a position's 4th occurrence, or {TURNS_EACH} turns\n\
         each, draws the game."
    )
}

impl GameText for Chexers {
    /// The board without colour (see [`render`]).
    fn describe(&self, observation: &ChexersObservation) -> String {
        render(observation, false)
    }

    /// The board with the pieces in colour (see [`render`]).
    fn describe_in_colour(&self, observation: &ChexersObservation) -> String {
        render(observation, true)
    }

    /// The legal actions in [`human_order`], each after its number from 0, so a person can
    /// type the number: `[0] MOVE (-3,0) (-2,0)  [1] JUMP (-3,0) (-1,0)`.
    fn format_legal(&self, _observation: &ChexersObservation, legal: &[ChexersAction]) -> String {
        numbered_actions(&human_order(legal))
    }

    /// Reads a person's input: the number of a legal action (as
    /// [`format_legal`](GameText::format_legal) numbers them, from 0), `help`, or an action's
    /// text in any case (`move (-3,0) (-2,0)`). An illegal action is answered with the rule
    /// that forbids it.
    ///
    /// `help`, unreadable text and an illegal action are [`InputError::Unclear`], whose text is
    /// the whole answer (the help itself; the syntax problem and where help is; the action and
    /// the rule that forbids it), as a person has always been shown it.
    fn parse_human(
        &self,
        observation: &ChexersObservation,
        legal: &[ChexersAction],
        input: &str,
    ) -> Result<ChexersAction, InputError> {
        let text = input.trim();
        if asks_help(text) {
            return Err(InputError::Unclear(help()));
        }
        if let Some(n) = action_number(text, legal.len()) {
            // Numbered in the order the Legal line lists them.
            return n.map(|n| human_order(legal)[n]);
        }
        let action = text
            .to_ascii_uppercase()
            .parse::<ChexersAction>()
            .map_err(|e| InputError::Unclear(format!("{} (`help` explains)", e.reason)))?;
        if legal.contains(&action) {
            return Ok(action);
        }
        let reason = observation
            .state()
            .ok()
            .and_then(|s| s.check(action).err())
            .map_or_else(|| "it is not legal now".to_string(), |e| e.reason.into());
        Err(InputError::Unclear(format!(
            "{action} is illegal: {reason}"
        )))
    }
}
