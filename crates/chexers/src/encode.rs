//! Tensors for learning agents ([`Encode`]): an observation vector of hex planes and counts,
//! and a flat action space of 482 tokens, one per action, both in the frame of the seat they
//! are for.
//!
//! **The seat's frame.** The board is turned by the thirds of a turn ([`Hex::turned`]) that
//! take the seat's colour onto Red ([`Colour::thirds_to_red`]), so every seat sees itself as
//! Red, starting on the left edge (`q = -3`) and exiting off the right (`q = 3`), with the seat
//! that moves after it on Green's edges and the one after that on Blue's. The observation is in
//! the observer's frame and an action's token in the actor's, so the same move relative to the
//! mover has the same token whichever colour makes it, and one network can serve every seat.
//! Nothing in the rules depends on a colour beyond its edges and its place in the turn order,
//! and the relative seats and the decision count already show that place (the turn limit falls
//! after a fixed number of decisions, whoever makes them), so the vector does not name the
//! observer's colour: a network that could tell the colours apart could only learn to treat
//! equal positions differently.
//!
//! **Hexes** are numbered by [`Hex::index`] of the turned hex: `0..37` row by row, `r` from -3
//! to 3 and `q` ascending within a row, so `0` is `(0,-3)` and `36` is `(0,3)`.
//!
//! **Seats** are relative: plane or slot 0 is the observer, 1 the seat that moves after it, 2
//! the one after that (Red → Green → Blue → Red).
//!
//! **Actions** are one token each, from the turned action: `MOVE` from hex `h` in direction `d`
//! (an index into [`STEPS`]) is `6h + d`; `JUMP` from `h` in direction `d` is `222 + 6h + d`;
//! `EXIT` from `h` is `444 + h`; `PASS` is `481`. Turning is one-to-one, so one seat's distinct
//! actions have distinct tokens and one decision's spellings are prefix-free. Bound: a hex index
//! is below 37 and a direction below 6, so a move is below `6 × 37 = 222`, a jump below `444`,
//! an exit below `481`: 482 tokens cover every action (most `MOVE`/`JUMP` tokens from edge
//! hexes, and the `EXIT` tokens of all but Red's four exit hexes, are never legal).
//!
//! [`STEPS`]: crate::board::STEPS

use parlour_core::encode::{Encode, Layout, Token};
use parlour_core::Seat;

use crate::action::ChexersAction;
use crate::board::{Colour, Hex, EXIT_HEXES, HEXES, SHIFTS};
use crate::observation::{ChexersObservation, DrawReason, Outcome};
use crate::setup::{EXITS_TO_WIN, MAX_DECISIONS, PIECES_EACH};
use crate::state::Chexers;

/// The first `MOVE` token: `MOVE` from hex `h` in direction `d` is `6h + d`.
pub const MOVE_TOKENS: Token = 0;
/// The first `JUMP` token: `JUMP` from hex `h` in direction `d` is `222 + 6h + d`.
pub const JUMP_TOKENS: Token = MOVE_TOKENS + 6 * HEXES as Token;
/// The first `EXIT` token: `EXIT` from hex `h` is `444 + h`.
pub const EXIT_TOKENS: Token = JUMP_TOKENS + 6 * HEXES as Token;
/// The `PASS` token.
pub const PASS_TOKEN: Token = EXIT_TOKENS + HEXES as Token;
/// The number of tokens: 482.
pub const ACTION_SPACE: usize = PASS_TOKEN as usize + 1;

/// The per-seat record of its latest action: kind one-hot, from-hex one-hot, to-hex one-hot.
const LAST_ACTION: usize = 4 + 2 * HEXES;

// Observation offsets, in layout order (a test checks them against the layout).
const PIECES: usize = 0;
const EXIT_HEX_PLANES: usize = PIECES + 3 * HEXES;
const TO_MOVE: usize = EXIT_HEX_PLANES + 3 * HEXES;
const EXITS: usize = TO_MOVE + 3;
const ON_BOARD: usize = EXITS + 3 * (EXITS_TO_WIN as usize + 1);
const TURN: usize = ON_BOARD + 3;
const OCCURRENCES: usize = TURN + 1;
const LAST_ACTIONS: usize = OCCURRENCES + 4;
const OUTCOME: usize = LAST_ACTIONS + 3 * LAST_ACTION;
/// The observation vector's length.
pub const OBSERVATION_LEN: usize = OUTCOME + 5;

/// The direction (an index into [`STEPS`](crate::board::STEPS)) of a step of `steps` (1 or 2)
/// from `from` to `to`, if `to` is that far in a straight line.
fn direction(from: Hex, to: Hex, steps: i32) -> Option<usize> {
    let delta = i32::from(to.raw()) - i32::from(from.raw());
    // The grid's unused eighth column keeps these shifts unambiguous between on-board hexes.
    SHIFTS.iter().position(|&s| s * steps == delta)
}

/// The thirds of a turn that take `seat`'s board to its own frame (its colour onto Red).
fn frame(seat: Seat) -> usize {
    Colour::ALL[seat % 3].thirds_to_red()
}

/// The token of `action` made by `seat`, worked out in that seat's frame (see the
/// [module docs](self)): Red's tokens are those of the board as it is, and another colour's
/// move has the token of the move Red would make on the board turned to put it in Red's place.
/// A `MOVE` or `JUMP` whose hexes are not one or two steps apart in a line (never a legal
/// action) is given direction 0.
pub fn token(seat: Seat, action: ChexersAction) -> Token {
    let at = |from: Hex, to: Hex, steps: i32| {
        (6 * from.index() + direction(from, to, steps).unwrap_or(0)) as Token
    };
    match action.turned(frame(seat)) {
        ChexersAction::Move { from, to } => MOVE_TOKENS + at(from, to, 1),
        ChexersAction::Jump { from, to } => JUMP_TOKENS + at(from, to, 2),
        ChexersAction::Exit { from } => EXIT_TOKENS + from.index() as Token,
        ChexersAction::Pass => PASS_TOKEN,
    }
}

/// The action a token spells for `seat`, back on the board as it is (the inverse of
/// [`token`]), or `None` for a `MOVE` or `JUMP` off the board (and for a token outside the
/// space). `EXIT` tokens decode from every hex, exit or not.
pub fn action(seat: Seat, token: Token) -> Option<ChexersAction> {
    let (t, hexes) = (token as usize, HEXES);
    let along = |base: usize, steps: usize| {
        let from = Hex::from_index((t - base) / 6)?;
        let d = (t - base) % 6;
        let mut to = from;
        for _ in 0..steps {
            to = to.neighbour(d)?;
        }
        Some((from, to))
    };
    let in_frame = if t < 6 * hexes {
        along(0, 1).map(|(from, to)| ChexersAction::Move { from, to })
    } else if t < 12 * hexes {
        along(6 * hexes, 2).map(|(from, to)| ChexersAction::Jump { from, to })
    } else if t < 13 * hexes {
        Hex::from_index(t - 12 * hexes).map(|from| ChexersAction::Exit { from })
    } else if token == PASS_TOKEN {
        Some(ChexersAction::Pass)
    } else {
        None
    };
    in_frame.map(|a| a.turned(3 - frame(seat)))
}

impl Encode for Chexers {
    fn observation_layout(&self) -> Layout {
        Layout::new()
            .field(
                "pieces",
                3 * HEXES,
                "three planes of 37 hexes (hex index order, the board turned to put the observer \
                 in Red's place): 1 where a piece of the observer, of the next seat, of the seat \
                 after that stands",
            )
            .field(
                "exit_hexes",
                3 * HEXES,
                "three planes of 37 hexes, the same in every observation: 1 on the 4 hexes the \
                 observer, the next seat, the seat after that exit from (Red's, Green's, Blue's \
                 in the observer's frame), a fixed cue for convolutional networks",
            )
            .field(
                "to_move",
                3,
                "one-hot: the seat to move, observer, next, after (all 0 once the game is over)",
            )
            .field(
                "exits",
                3 * (EXITS_TO_WIN as usize + 1),
                "one-hot per seat (observer, next, after): its exits so far, 0 to 4",
            )
            .field(
                "on_board",
                3,
                "per seat (observer, next, after): its pieces on the board, over 12",
            )
            .field(
                "turn",
                1,
                "decisions made so far over 768 (every seat has had 256 turns at 1: a draw)",
            )
            .field(
                "occurrences",
                4,
                "one-hot: how many times the current position (pieces and seat to move) has \
                 occurred, 1 to 4 (a 4th is a draw)",
            )
            .field(
                "last_actions",
                3 * LAST_ACTION,
                "per seat (observer, next, after), its latest action (all 0 before it has acted): \
                 kind one-hot (move, jump, exit, pass), then 37 hexes one-hot where it started, \
                 then 37 hexes one-hot where it landed (0 for an exit or pass), in the \
                 observer's frame",
            )
            .field(
                "outcome",
                5,
                "one-hot once the game is over: won by the observer, by the next seat, by the \
                 seat after; drawn by repetition, by the turn limit",
            )
    }

    fn encode_observation(&self, obs: &ChexersObservation, out: &mut [f32]) {
        let me = obs.seat % 3;
        let relative = |seat: usize| (seat + 3 - me) % 3;
        let thirds = frame(me);
        let seen = |h: Hex| h.turned(thirds).index();
        let p = &obs.position;
        for colour in Colour::ALL {
            let k = relative(colour.seat());
            for &h in p.pieces(colour) {
                out[PIECES + k * HEXES + seen(h)] = 1.0;
            }
            for &(q, r) in &EXIT_HEXES[colour.seat()] {
                if let Some(h) = Hex::new(q, r) {
                    out[EXIT_HEX_PLANES + k * HEXES + seen(h)] = 1.0;
                }
            }
            let exits = usize::from(p.exits[colour.seat()].min(EXITS_TO_WIN));
            out[EXITS + k * (EXITS_TO_WIN as usize + 1) + exits] = 1.0;
            out[ON_BOARD + k] = p.pieces(colour).len() as f32 / (3 * PIECES_EACH) as f32;
        }
        if obs.outcome.is_none() {
            out[TO_MOVE + relative(p.to_move().seat())] = 1.0;
        }
        out[TURN] = f32::from(p.turn) / f32::from(MAX_DECISIONS);
        out[OCCURRENCES + (obs.occurrences.clamp(1, 4) - 1) as usize] = 1.0;
        // The last three actions were made by the three seats in turn, the latest by the seat
        // before the one to move (a pass included, so the order never skips a seat).
        for (back, &action) in obs.actions.iter().rev().take(3).enumerate() {
            let mover = (usize::from(p.turn) + 8 - back) % 3;
            let at = LAST_ACTIONS + relative(mover) * LAST_ACTION;
            let (kind, from, to) = match action {
                ChexersAction::Move { from, to } => (0, Some(from), Some(to)),
                ChexersAction::Jump { from, to } => (1, Some(from), Some(to)),
                ChexersAction::Exit { from } => (2, Some(from), None),
                ChexersAction::Pass => (3, None, None),
            };
            out[at + kind] = 1.0;
            if let Some(h) = from {
                out[at + 4 + seen(h)] = 1.0;
            }
            if let Some(h) = to {
                out[at + 4 + HEXES + seen(h)] = 1.0;
            }
        }
        if let Some(outcome) = obs.outcome {
            out[OUTCOME
                + match outcome {
                    Outcome::Win(seat) => relative(seat % 3),
                    Outcome::Draw(DrawReason::Repetition) => 3,
                    Outcome::Draw(DrawReason::TurnLimit) => 4,
                }] = 1.0;
        }
    }

    fn action_layout(&self) -> Layout {
        Layout::new()
            .field(
                "move",
                6 * HEXES,
                "MOVE from hex h in direction d (0..6: (-1,0) (0,-1) (1,-1) (1,0) (0,1) (-1,1) in \
                 (dq,dr)), both in the actor's frame (the board turned to put it in Red's \
                 place): token 6h + d",
            )
            .field(
                "jump",
                6 * HEXES,
                "JUMP from hex h over its neighbour in direction d to the hex beyond, in the \
                 actor's frame: 222 + 6h + d",
            )
            .field(
                "exit",
                HEXES,
                "EXIT from hex h in the actor's frame (legal only from Red's exit hexes, q = 3): \
                 444 + h",
            )
            .field("pass", 1, "PASS (legal only when nothing else is): 481")
    }

    fn action_tokens(&self, seat: Seat, action: &ChexersAction, out: &mut Vec<Token>) {
        out.push(token(seat, *action));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_offsets_are_the_layouts() {
        let game = Chexers::standard();
        let layout = game.observation_layout();
        assert_eq!(layout.len(), OBSERVATION_LEN);
        for (name, start) in [
            ("pieces", PIECES),
            ("exit_hexes", EXIT_HEX_PLANES),
            ("to_move", TO_MOVE),
            ("exits", EXITS),
            ("on_board", ON_BOARD),
            ("turn", TURN),
            ("occurrences", OCCURRENCES),
            ("last_actions", LAST_ACTIONS),
            ("outcome", OUTCOME),
        ] {
            assert_eq!(layout.get(name).map(|f| f.start), Some(start), "{name}");
        }
        let actions = game.action_layout();
        assert_eq!(actions.len(), ACTION_SPACE);
        assert_eq!(
            actions.get("jump").map(|f| f.start),
            Some(JUMP_TOKENS as usize)
        );
        assert_eq!(
            actions.get("exit").map(|f| f.start),
            Some(EXIT_TOKENS as usize)
        );
        assert_eq!(
            actions.get("pass").map(|f| f.start),
            Some(PASS_TOKEN as usize)
        );
    }
}
