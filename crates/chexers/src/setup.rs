//! Scripted positions: [`Position`] (where the pieces stand, the exits so far and the turn) is
//! Chexers' setup type — the form of a scripted start, of an observation's board, and of the
//! position notation `R:-3,0 -3,1 -3,2 -3,3/G:0,-3 1,-3 2,-3 3,-3/B:0,3 1,2 2,1 3,0/X:0,0,0/T:0`
//! — with [`SetupError`] for a position no game can reach, and the rules' numbers a setup is
//! checked against.
//!
//! A position sits below the engine rather than beside it: the state keeps the one it started
//! from and an observation shows one, so `ChexersState::from_setup` (the state's constructor,
//! in `state.rs`) calls [`Position::validate`] here rather than living here itself.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::board::{Colour, Hex, HexMask, START_HEXES};

/// Pieces each colour starts with; a game never has more pieces plus exits than 3 × this.
pub const PIECES_EACH: usize = 4;
/// Exits that win.
pub const EXITS_TO_WIN: u8 = 4;
/// Turns each player has before the game is drawn.
pub const TURNS_EACH: u16 = 256;
/// Decisions (turns of all three players) before the game is drawn: 3 × 256.
pub const MAX_DECISIONS: u16 = 3 * TURNS_EACH;

/// A position: each colour's pieces, each colour's exits so far, and the decisions made so far
/// (`turn`; the player to move is `turn % 3`, Red first).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Position {
    /// Red's pieces, by hex index.
    pub red: Vec<Hex>,
    /// Green's pieces, by hex index.
    pub green: Vec<Hex>,
    /// Blue's pieces, by hex index.
    pub blue: Vec<Hex>,
    /// Exits so far: Red, Green, Blue.
    pub exits: [u8; 3],
    /// Decisions made so far (passes included); `turn % 3` is the seat to move.
    pub turn: u16,
}

/// A position that cannot occur in a game, or notation that is not a position.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SetupError {
    /// Two pieces on one hex.
    #[error("two pieces on {hex}")]
    Overlap {
        /// The hex listed twice (for one colour or two).
        hex: Hex,
    },
    /// More pieces on the board plus exits than the twelve the game has.
    #[error("{} pieces on the board plus exits: the game has only 12 pieces", .on_board + .exits)]
    TooManyPieces {
        /// Pieces on the board, of every colour.
        on_board: usize,
        /// Exits made, by every colour.
        exits: usize,
    },
    /// A colour with four exits has already won: there is no position to play.
    #[error("{colour} has {exits} exits: a game ends on the 4th exit")]
    TooManyExits {
        /// The colour.
        colour: Colour,
        /// Its exits.
        exits: u8,
    },
    /// A turn at or past the turn limit.
    #[error("turn {turn} is past the game's end: a game is drawn after {MAX_DECISIONS} decisions")]
    TurnOutOfRange {
        /// The turn given (decisions made so far).
        turn: u16,
    },
    /// Notation that cannot be read.
    #[error("cannot read position {text:?}: {reason}")]
    Notation {
        /// The text.
        text: String,
        /// What is wrong.
        reason: String,
    },
}

impl Position {
    /// The starting position: four pieces each on their start edge, Red to move.
    pub fn start() -> Position {
        let hexes = |c: usize| {
            START_HEXES[c]
                .iter()
                .map(|&(q, r)| Hex::new(q, r).expect("start hexes are on the board"))
                .collect::<Vec<_>>()
        };
        let mut p = Position {
            red: hexes(0),
            green: hexes(1),
            blue: hexes(2),
            exits: [0; 3],
            turn: 0,
        };
        p.normalise();
        p
    }

    /// The pieces of `colour`.
    pub fn pieces(&self, colour: Colour) -> &[Hex] {
        match colour {
            Colour::Red => &self.red,
            Colour::Green => &self.green,
            Colour::Blue => &self.blue,
        }
    }

    /// The pieces of `colour`, mutably.
    pub fn pieces_mut(&mut self, colour: Colour) -> &mut Vec<Hex> {
        match colour {
            Colour::Red => &mut self.red,
            Colour::Green => &mut self.green,
            Colour::Blue => &mut self.blue,
        }
    }

    /// The colour to move.
    pub fn to_move(&self) -> Colour {
        Colour::ALL[usize::from(self.turn % 3)]
    }

    /// The colour on `hex`, if any.
    pub fn at(&self, hex: Hex) -> Option<Colour> {
        Colour::ALL
            .into_iter()
            .find(|&c| self.pieces(c).contains(&hex))
    }

    /// Sorts each colour's pieces by hex index (the order positions are compared in).
    pub fn normalise(&mut self) {
        for c in Colour::ALL {
            self.pieces_mut(c).sort();
        }
    }

    /// Checks the position could occur in a game and returns each colour's pieces as masks.
    pub fn validate(&self) -> Result<[HexMask; 3], SetupError> {
        let mut masks = [0u64; 3];
        let mut all = 0u64;
        for c in Colour::ALL {
            for &h in self.pieces(c) {
                if all & h.bit() != 0 {
                    return Err(SetupError::Overlap { hex: h });
                }
                all |= h.bit();
                masks[c.seat()] |= h.bit();
            }
        }
        for c in Colour::ALL {
            let exits = self.exits[c.seat()];
            if exits >= EXITS_TO_WIN {
                return Err(SetupError::TooManyExits { colour: c, exits });
            }
        }
        let on_board = all.count_ones() as usize;
        let exits = self.exits.iter().map(|&e| e as usize).sum::<usize>();
        if on_board + exits > 3 * PIECES_EACH {
            return Err(SetupError::TooManyPieces { on_board, exits });
        }
        if self.turn >= MAX_DECISIONS {
            return Err(SetupError::TurnOutOfRange { turn: self.turn });
        }
        Ok(masks)
    }

    pub(crate) fn from_masks(masks: [HexMask; 3], exits: [u8; 3], turn: u16) -> Position {
        let list = |m: HexMask| Hex::iter_mask(m).collect::<Vec<_>>();
        Position {
            red: list(masks[0]),
            green: list(masks[1]),
            blue: list(masks[2]),
            exits,
            turn,
        }
    }
}

impl fmt::Display for Position {
    /// The position notation, pieces in hex-index order.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for c in Colour::ALL {
            write!(f, "{}:", c.letter())?;
            let mut hexes = self.pieces(c).to_vec();
            hexes.sort();
            for (i, h) in hexes.iter().enumerate() {
                if i > 0 {
                    f.write_str(" ")?;
                }
                write!(f, "{},{}", h.q(), h.r())?;
            }
            f.write_str("/")?;
        }
        write!(
            f,
            "X:{},{},{}/T:{}",
            self.exits[0], self.exits[1], self.exits[2], self.turn
        )
    }
}

impl FromStr for Position {
    type Err = SetupError;

    /// Reads the position notation and validates it as a setup: a position a game can be
    /// played from (so not one already won or at the turn limit).
    fn from_str(text: &str) -> Result<Position, SetupError> {
        let bad = |reason: String| SetupError::Notation {
            text: text.to_string(),
            reason,
        };
        let fields: Vec<&str> = text.trim().split('/').collect();
        if fields.len() != 5 {
            return Err(bad(format!(
                "expected 5 fields separated by '/' (R:, G:, B:, X:, T:), found {}",
                fields.len()
            )));
        }
        let mut p = Position {
            red: vec![],
            green: vec![],
            blue: vec![],
            exits: [0; 3],
            turn: 0,
        };
        for (i, c) in Colour::ALL.into_iter().enumerate() {
            let prefix = format!("{}:", c.letter());
            let body = fields[i]
                .strip_prefix(prefix.as_str())
                .ok_or_else(|| bad(format!("field {} must start with {prefix}", i + 1)))?;
            for token in body.split_whitespace() {
                let hex = Hex::parse(token).map_err(|e| bad(format!("{}: {e}", c.name())))?;
                p.pieces_mut(c).push(hex);
            }
        }
        let exits = fields[3]
            .strip_prefix("X:")
            .ok_or_else(|| bad("field 4 must start with X: (exits of Red, Green, Blue)".into()))?;
        let exits: Vec<&str> = exits.split(',').collect();
        if exits.len() != 3 {
            return Err(bad("X: takes three exit counts, e.g. X:0,1,0".into()));
        }
        for (i, e) in exits.iter().enumerate() {
            p.exits[i] = e
                .trim()
                .parse()
                .map_err(|_| bad(format!("exit count {e:?} is not a number from 0 to 3")))?;
        }
        let turn = fields[4]
            .strip_prefix("T:")
            .ok_or_else(|| bad("field 5 must start with T: (decisions so far)".into()))?;
        p.turn = turn
            .trim()
            .parse()
            .map_err(|_| bad(format!("turn {turn:?} is not a number")))?;
        p.normalise();
        p.validate()?;
        Ok(p)
    }
}
