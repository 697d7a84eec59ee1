//! # parlour-chexers
//!
//! Chexers (COMP30024 Artificial Intelligence, 2019), with parlour's rulings
//! (`shared/RULINGS.md`).
//!
//! **Rules in brief.** Three players (Red, Green, Blue, in that order) each start with four
//! pieces on one edge of a 37-hex board. On a turn a player moves one of their pieces to an
//! empty neighbouring hex, jumps it over an adjacent piece of any colour to the empty hex
//! directly beyond (converting a jumped piece of another colour to their own), or exits it from
//! a hex on the edge opposite their start; a player passes only when they can do none of
//! these. The fourth exit wins. The game is drawn when a position (pieces and colours on hexes,
//! and the player to move) occurs for the fourth time, or when every player has had 256 turns;
//! a draw on the same action as a fourth exit stands.
//!
//! **Types.** [`board`] holds the geometry ([`Hex`] in axial `(q, r)` coordinates, neighbour
//! order, starts and exits); [`Position`] is pieces, exits and turn, with a one-line notation
//! (`R:-3,0 -3,1 -3,2 -3,3/G:0,-3 1,-3 2,-3 3,-3/B:0,3 1,2 2,1 3,0/X:0,0,0/T:0`) for
//! scripted setups and data files; [`ChexersState`] is a position with its history (three
//! bit sets over a 7×8 grid and an exact position key per ply, so repetition counting cannot be
//! fooled by a hash collision); [`ChexersObservation`] is what a seat sees — everything, since
//! the game has perfect information, including the history the repetition rule needs.
//!
//! **Actions** ([`ChexersAction`]): `MOVE (-3,0) (-2,0)`, `JUMP (-3,0) (-1,0)` (where the jump
//! starts and lands), `EXIT (3,-3)`, `PASS`.
//!
//! **Bots** ([`bots`]): `greedy` (one ply) and `search` (paranoid alpha-beta); `random` comes
//! from `parlour-bots`.
//!
//! ```
//! use parlour_chexers::{perft, Chexers, ChexersAction, ChexersState, Position};
//! use parlour_core::{Game, State};
//!
//! let game = Chexers::standard();
//! let mut state = game.new_game(0);
//! state.apply("MOVE (-3,0) (-2,0)".parse().unwrap()).unwrap();
//! // Green cannot move Red's pieces.
//! assert!(state.apply("MOVE (-2,0) (-1,0)".parse().unwrap()).is_err());
//!
//! // A jump converts: Red jumps the Green piece on (0,0) and it turns Red.
//! let setup: Position = "R:-1,0/G:0,0/B:/X:0,0,0/T:0".parse().unwrap();
//! let mut state = ChexersState::from_position(&setup).unwrap();
//! let jump: ChexersAction = "JUMP (-1,0) (1,0)".parse().unwrap();
//! state.apply(jump).unwrap();
//! assert_eq!(state.position().to_string(), "R:0,0 1,0/G:/B:/X:0,0,0/T:1");
//!
//! // Counting action sequences, as the perft data files do.
//! assert_eq!(perft(&mut ChexersState::new(), 1), ChexersState::new().legal_action_vec().len() as u64);
//! ```
#![deny(missing_docs)]

pub mod action;
pub mod board;
pub mod bots;
pub mod display;
pub mod game;
pub mod position;
pub mod search;

pub use action::ChexersAction;
pub use board::{Colour, Hex, HexError};
pub use bots::{GreedyBot, SearchBot, SearchConfig, SearchStats};
pub use game::{Chexers, ChexersObservation, ChexersOptions, ChexersState, DrawReason, Outcome};
pub use position::{Position, SetupError, EXITS_TO_WIN, MAX_DECISIONS, TURNS_EACH};

/// The number of action sequences of exactly `depth` actions from `state` (a sequence that ends
/// the game sooner counts for nothing), walking the real rules with apply and undo.
pub fn perft(state: &mut ChexersState, depth: u32) -> u64 {
    if depth == 0 {
        return u64::from(state.outcome().is_none());
    }
    let mut moves = Vec::new();
    state.for_each_legal(|a| moves.push(a));
    if depth == 1 {
        return moves.len() as u64;
    }
    let mut n = 0;
    for a in moves {
        let undo = state.apply_undoable(a);
        n += perft(state, depth - 1);
        state.undo(undo);
    }
    n
}
