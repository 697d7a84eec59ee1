//! The engine: [`Chexers`] (the game and its options) and [`ChexersState`] (a position with
//! its history): the start or a scripted setup, legal actions, check and apply, undo for
//! search, returns, and each seat's observation.
//!
//! Moves are generated for all of the mover's pieces at once, one direction at a time, as bit
//! sets over the board's grid (see [`board`](crate::board)); repetitions are counted exactly.

use std::fmt;

use parlour_core::rng::GameRng;
use parlour_core::{IllegalAction, RoundResult, Seat, State};
use rand::RngExt;
use serde::{Deserialize, Serialize};

use crate::action::ChexersAction;
use crate::board::{step, Colour, Hex, HexMask, BOARD_MASK, EXIT_MASK, NEIGHBOURS, SHIFTS};
use crate::observation::{ChexersObservation, DrawReason, Outcome};
use crate::setup::{Position, SetupError, EXITS_TO_WIN, MAX_DECISIONS};

/// Chexers has no options: the rules are fixed. (An unknown option is an error.)
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ChexersOptions {}

/// The game of Chexers.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Chexers {
    pub(crate) options: ChexersOptions,
}

impl Chexers {
    /// The game.
    pub fn standard() -> Chexers {
        Chexers::default()
    }
}

/// Position keys are exact: two bits per hex (0 empty, 1 Red, 2 Green, 3 Blue; 56 grid places,
/// of which 37 are hexes) and the seat to move above them. Equal keys are equal positions, so
/// repetition counting can never be fooled by a hash collision.
pub(crate) type Key = u128;
const MOVER_SHIFT: u32 = 2 * 56;

#[inline]
fn code(colour: usize, hex: u8) -> Key {
    ((colour as Key) + 1) << (2 * hex as u32)
}

fn key_of(pieces: &[HexMask; 3], mover: usize) -> Key {
    let mut key = (mover as Key) << MOVER_SHIFT;
    for (c, &m) in pieces.iter().enumerate() {
        for h in Hex::iter_mask(m) {
            key |= code(c, h.raw());
        }
    }
    key
}

const BLOOM_WORDS: usize = 64;

/// The most legal actions a position can have: 12 pieces with a move or jump in each of six
/// directions and an exit.
const MAX_ACTIONS: usize = 12 * 7;

/// Which of the Bloom filter's bits a key sets.
#[inline]
fn bloom_bit(key: Key) -> (usize, u64) {
    let mixed = ((key as u64) ^ ((key >> 64) as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15))
        .wrapping_mul(0xD6E8_FEB8_6659_FD93);
    let bit = (mixed >> (64 - 12)) as usize; // 0..4096
    (bit >> 6, 1 << (bit & 63))
}

/// A position with its history.
///
/// The pieces are three bit sets over the board's 7×8 grid. Repetitions are counted exactly
/// against the keys of every position since the last exit (an exit removes a piece for good,
/// so no earlier position can come back); a small Bloom filter skips the count when the
/// position is new.
#[derive(Clone)]
pub struct ChexersState {
    pieces: [HexMask; 3],
    exits: [u8; 3],
    turn: u16,
    outcome: Option<Outcome>,
    /// The exact key of the position now (the search's transposition table hashes it).
    pub(crate) key: Key,
    /// The key of every position since the start: `history[i]` is the position after `i`
    /// actions.
    history: Vec<Key>,
    /// Index in `history` of the first position after the last exit.
    since_exit: u32,
    /// A filter over the keys in `history[since_exit..]` (it may hold stale bits after an
    /// undo, which only costs a count; it never misses a key).
    bloom: [u64; BLOOM_WORDS],
    start: Position,
    actions: Vec<ChexersAction>,
}

impl PartialEq for ChexersState {
    /// Equal positions with equal histories (the Bloom filter is a cache and is not compared).
    fn eq(&self, other: &Self) -> bool {
        self.pieces == other.pieces
            && self.key == other.key
            && self.exits == other.exits
            && self.turn == other.turn
            && self.outcome == other.outcome
            && self.history == other.history
            && self.since_exit == other.since_exit
            && self.start == other.start
            && self.actions == other.actions
    }
}

impl fmt::Debug for ChexersState {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ChexersState")
            .field("position", &self.position().to_string())
            .field("outcome", &self.outcome)
            .field("actions", &self.actions.len())
            .finish()
    }
}

/// What an undoable action changed, for search.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Undo {
    /// The colour of the jumped piece before the jump (for a jump).
    jumped: u8,
    since_exit: u32,
}

/// A history that cannot be replayed: its start is not a position to play from, or one of its
/// actions is illegal where it is played.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum HistoryError {
    /// The start position cannot be played from.
    #[error("start position: {0}")]
    Start(#[from] SetupError),
    /// An action the rules forbid where it comes.
    #[error("action {number} ({action}): {source}")]
    Illegal {
        /// Its place in the history, from 1.
        number: usize,
        /// The action.
        action: ChexersAction,
        /// The rule that forbids it.
        source: IllegalAction,
    },
}

impl ChexersState {
    /// The game at the start: Red to move.
    pub fn new() -> ChexersState {
        Self::from_setup(&Position::start()).expect("the start position is valid")
    }

    /// A game starting from a scripted position, which counts as occurring once.
    pub fn from_setup(position: &Position) -> Result<ChexersState, SetupError> {
        let pieces = position.validate()?;
        let mut start = position.clone();
        start.normalise();
        let key = key_of(&pieces, usize::from(position.turn % 3));
        let mut state = ChexersState {
            pieces,
            exits: position.exits,
            turn: position.turn,
            outcome: None,
            key,
            history: Vec::with_capacity(64),
            since_exit: 0,
            bloom: [0; BLOOM_WORDS],
            start,
            actions: Vec::with_capacity(64),
        };
        state.history.push(key);
        let (w, b) = bloom_bit(key);
        state.bloom[w] |= b;
        Ok(state)
    }

    /// A game from a scripted position and the actions played since; each must be legal.
    pub fn from_history(
        start: &Position,
        actions: &[ChexersAction],
    ) -> Result<ChexersState, HistoryError> {
        let mut s = ChexersState::from_setup(start)?;
        for (i, &action) in actions.iter().enumerate() {
            s.apply(action).map_err(|source| HistoryError::Illegal {
                number: i + 1,
                action,
                source,
            })?;
        }
        Ok(s)
    }

    /// The position now.
    pub fn position(&self) -> Position {
        Position::from_masks(self.pieces, self.exits, self.turn)
    }

    /// The position the game started from.
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// The actions played since the start.
    pub fn actions(&self) -> &[ChexersAction] {
        &self.actions
    }

    /// How the game ended, if it has.
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// The colour to move (also while the game is over: the seat that would be next).
    pub fn to_move(&self) -> Colour {
        Colour::ALL[usize::from(self.turn % 3)]
    }

    /// Decisions made so far (the position's `turn`).
    pub fn turn(&self) -> u16 {
        self.turn
    }

    /// Exits each colour has made.
    pub fn exits(&self) -> [u8; 3] {
        self.exits
    }

    /// The hexes holding `colour`'s pieces, as a bit set in the board's internal 7×8 grid
    /// layout (bit `(r + 3) * 8 + (q + 3)`), not by hex index.
    pub fn pieces_mask(&self, colour: Colour) -> u64 {
        self.pieces[colour.seat()]
    }

    /// The colour on `hex`, if any.
    pub fn at(&self, hex: Hex) -> Option<Colour> {
        Colour::ALL
            .into_iter()
            .find(|&c| self.pieces[c.seat()] & hex.bit() != 0)
    }

    /// How many times the current position has occurred (this time included).
    pub fn occurrences(&self) -> u32 {
        self.count_current()
    }

    /// Counts the current position's key among the positions since the last exit with the same
    /// seat to move: every third entry back from the newest.
    fn count_current(&self) -> u32 {
        let key = self.key;
        let lo = self.since_exit as usize;
        let mut n = 0;
        let mut i = self.history.len();
        while i > lo {
            i -= 1;
            n += u32::from(self.history[i] == key);
            i = i.saturating_sub(2);
        }
        n
    }

    #[inline]
    fn occupied(&self) -> HexMask {
        self.pieces[0] | self.pieces[1] | self.pieces[2]
    }

    /// Applies a legal action and returns what undoing it needs.
    #[inline]
    pub(crate) fn apply_undoable(&mut self, action: ChexersAction) -> Undo {
        let me = usize::from(self.turn % 3);
        let mut undo = Undo {
            jumped: u8::MAX,
            since_exit: self.since_exit,
        };
        let mut exited = false;
        match action {
            ChexersAction::Move { from, to } => {
                self.pieces[me] ^= from.bit() | to.bit();
                self.key ^= code(me, from.raw()) ^ code(me, to.raw());
            }
            ChexersAction::Jump { from, to } => {
                let mid = from.jumped_over(to).raw();
                self.pieces[me] ^= from.bit() | to.bit();
                self.key ^= code(me, from.raw()) ^ code(me, to.raw());
                if let Some(c) = (0..3).find(|&c| c != me && self.pieces[c] >> mid & 1 == 1) {
                    self.pieces[c] ^= 1 << mid;
                    self.pieces[me] |= 1 << mid;
                    self.key ^= code(c, mid) ^ code(me, mid);
                    undo.jumped = c as u8;
                } else {
                    undo.jumped = me as u8;
                }
            }
            ChexersAction::Exit { from } => {
                self.pieces[me] ^= from.bit();
                self.key ^= code(me, from.raw());
                self.exits[me] += 1;
                exited = true;
            }
            ChexersAction::Pass => {}
        }
        self.turn += 1;
        let next = usize::from(self.turn % 3);
        self.key ^= ((me as Key) << MOVER_SHIFT) ^ ((next as Key) << MOVER_SHIFT);
        self.actions.push(action);
        self.history.push(self.key);
        if exited {
            self.since_exit = (self.history.len() - 1) as u32;
            self.bloom = [0; BLOOM_WORDS];
        }
        let (w, b) = bloom_bit(self.key);
        let seen = self.bloom[w] & b != 0;
        self.bloom[w] |= b;
        // The draws stand over a win on the same action (the rulings).
        self.outcome = if seen && self.count_current() >= 4 {
            Some(Outcome::Draw(DrawReason::Repetition))
        } else if self.turn >= MAX_DECISIONS {
            Some(Outcome::Draw(DrawReason::TurnLimit))
        } else if self.exits[me] >= EXITS_TO_WIN {
            Some(Outcome::Win(me))
        } else {
            None
        };
        undo
    }

    /// Takes back the last action, given what [`apply_undoable`](Self::apply_undoable)
    /// returned for it.
    pub(crate) fn undo(&mut self, undo: Undo) {
        let action = self.actions.pop().expect("an action to undo");
        self.history.pop();
        self.outcome = None;
        self.turn -= 1;
        let me = usize::from(self.turn % 3);
        self.key = *self.history.last().expect("the start position stays");
        match action {
            ChexersAction::Move { from, to } => self.pieces[me] ^= from.bit() | to.bit(),
            ChexersAction::Jump { from, to } => {
                self.pieces[me] ^= from.bit() | to.bit();
                let c = usize::from(undo.jumped);
                if c != me {
                    let mid = from.jumped_over(to).bit();
                    self.pieces[me] ^= mid;
                    self.pieces[c] |= mid;
                }
            }
            ChexersAction::Exit { from } => {
                self.pieces[me] |= from.bit();
                self.exits[me] -= 1;
                self.since_exit = undo.since_exit;
                self.bloom = [0; BLOOM_WORDS];
                for &k in &self.history[self.since_exit as usize..] {
                    let (w, b) = bloom_bit(k);
                    self.bloom[w] |= b;
                }
            }
            ChexersAction::Pass => {}
        }
    }

    /// The legal actions as 13 sets of destination hexes: moves in each of the six directions
    /// (in [`STEPS`] order), jumps in each direction, and exits. Each legal action except
    /// `PASS` is exactly one bit of one set; all empty means the mover must pass.
    ///
    /// [`STEPS`]: crate::board::STEPS
    #[inline]
    fn action_masks(&self) -> [HexMask; 13] {
        let me = usize::from(self.turn % 3);
        let occ = self.occupied();
        let empty = !occ & BOARD_MASK;
        let mine = self.pieces[me];
        let mut masks = [0; 13];
        for d in 0..6 {
            let one = step(mine, d);
            masks[d] = one & empty;
            masks[6 + d] = step(one & occ, d) & empty;
        }
        masks[12] = mine & EXIT_MASK[me];
        masks
    }

    /// The action of bit `to` in set `set` of [`action_masks`](Self::action_masks).
    #[inline]
    fn action_at(set: usize, to: u8) -> ChexersAction {
        let to_hex = Hex::from_raw(to);
        match set {
            0..=5 => ChexersAction::Move {
                from: Hex::from_raw((i32::from(to) - SHIFTS[set]) as u8),
                to: to_hex,
            },
            6..=11 => ChexersAction::Jump {
                from: Hex::from_raw((i32::from(to) - 2 * SHIFTS[set - 6]) as u8),
                to: to_hex,
            },
            _ => ChexersAction::Exit { from: to_hex },
        }
    }

    /// Calls `f` with each legal action, in a fixed order: moves by direction (in [`STEPS`]
    /// order) and then by destination, jumps likewise, then exits by hex; `PASS` only when
    /// there is nothing else. Each direction is handled for all the mover's pieces at once.
    ///
    /// [`STEPS`]: crate::board::STEPS
    #[inline]
    pub(crate) fn for_each_legal(&self, mut f: impl FnMut(ChexersAction)) {
        if self.outcome.is_some() {
            return;
        }
        let masks = self.action_masks();
        let mut any = 0;
        for (set, &mask) in masks.iter().enumerate() {
            any |= mask;
            let mut m = mask;
            while m != 0 {
                let to = m.trailing_zeros() as u8;
                m &= m - 1;
                f(Self::action_at(set, to));
            }
        }
        if any == 0 {
            f(ChexersAction::Pass);
        }
    }

    /// Why `action` is illegal now, if it is.
    fn illegal_reason(&self, action: ChexersAction) -> Option<String> {
        if let Some(o) = self.outcome {
            return Some(format!("the game is over ({o})"));
        }
        let me = usize::from(self.turn % 3);
        let colour = Colour::ALL[me];
        let own = |from: Hex| -> Option<String> {
            match self.at(from) {
                Some(c) if c == colour => None,
                Some(c) => Some(format!(
                    "{from} holds a {} piece, and it is {}'s turn",
                    c.name(),
                    colour.name()
                )),
                None => Some(format!("there is no piece on {from}")),
            }
        };
        let occ = self.occupied();
        match action {
            ChexersAction::Move { from, to } => own(from).or_else(|| {
                if NEIGHBOURS[usize::from(from.raw())] & to.bit() == 0 {
                    Some(format!("{to} is not next to {from}: a move goes one step"))
                } else if occ & to.bit() != 0 {
                    Some(format!("{to} is occupied"))
                } else {
                    None
                }
            }),
            ChexersAction::Jump { from, to } => own(from).or_else(|| match from.between(to) {
                None => Some(format!(
                    "{to} is not two steps from {from} in a straight line: a jump goes over one \
                     neighbouring hex to the hex directly beyond"
                )),
                Some(mid) if occ & mid.bit() == 0 => {
                    Some(format!("there is no piece on {mid} to jump over"))
                }
                Some(_) if occ & to.bit() != 0 => Some(format!("{to} is occupied")),
                Some(_) => None,
            }),
            ChexersAction::Exit { from } => own(from).or_else(|| {
                (!from.is_exit_for(colour)).then(|| {
                    let exits: Vec<String> = Hex::iter_mask(EXIT_MASK[me])
                        .map(|h| h.to_string())
                        .collect();
                    format!(
                        "{from} is not one of {}'s exit hexes ({})",
                        colour.name(),
                        exits.join(" ")
                    )
                })
            }),
            ChexersAction::Pass => {
                let mut first = None;
                self.for_each_legal(|a| {
                    if first.is_none() && a != ChexersAction::Pass {
                        first = Some(a);
                    }
                });
                first.map(|a| {
                    format!("a player may pass only when no other action is possible ({a} is)")
                })
            }
        }
    }
}

impl Default for ChexersState {
    fn default() -> Self {
        ChexersState::new()
    }
}

impl State<Chexers> for ChexersState {
    /// `exits`: pieces each seat has moved off the board.
    fn result_figures(&self) -> Vec<(&'static str, Vec<f64>)> {
        vec![("exits", self.exits.iter().map(|&e| f64::from(e)).collect())]
    }

    fn current_player(&self) -> Option<Seat> {
        match self.outcome {
            Some(_) => None,
            None => Some(usize::from(self.turn % 3)),
        }
    }

    fn is_terminal(&self) -> bool {
        self.outcome.is_some()
    }

    fn legal_actions(&self, out: &mut Vec<ChexersAction>) {
        out.clear();
        out.reserve(MAX_ACTIONS);
        self.for_each_legal(|a| out.push(a));
    }

    fn check(&self, action: ChexersAction) -> Result<(), IllegalAction> {
        match self.illegal_reason(action) {
            None => Ok(()),
            Some(reason) => Err(IllegalAction::new(action, reason)),
        }
    }

    /// Draws uniformly without listing the actions: it counts the bits of the 13 destination
    /// sets, draws an index below the total, and finds that bit.
    fn random_action(
        &self,
        rng: &mut GameRng,
        _scratch: &mut Vec<ChexersAction>,
    ) -> Option<ChexersAction> {
        if self.outcome.is_some() {
            return None;
        }
        let masks = self.action_masks();
        let counts = masks.map(|m| m.count_ones());
        let total: u32 = counts.iter().sum();
        if total == 0 {
            return Some(ChexersAction::Pass);
        }
        let mut k = rng.random_range(0..total);
        for (set, (&mask, &n)) in masks.iter().zip(&counts).enumerate() {
            if k < n {
                let mut m = mask;
                for _ in 0..k {
                    m &= m - 1;
                }
                return Some(Self::action_at(set, m.trailing_zeros() as u8));
            }
            k -= n;
        }
        None
    }

    fn apply_unchecked(&mut self, action: ChexersAction) {
        if self.outcome.is_none() {
            self.apply_undoable(action);
        }
    }

    /// A win is worth 1 and a loss 0; in a draw each player gets 1/3 (the returns always sum
    /// to 1 at the end). Before the end every seat has 0.
    fn returns(&self) -> Vec<f64> {
        match self.outcome {
            None => vec![0.0; 3],
            Some(Outcome::Win(w)) => (0..3).map(|s| f64::from(u8::from(s == w))).collect(),
            Some(Outcome::Draw(_)) => vec![1.0 / 3.0; 3],
        }
    }

    fn observation(&self, seat: Seat) -> ChexersObservation {
        ChexersObservation {
            seat,
            position: self.position(),
            outcome: self.outcome,
            occurrences: self.occurrences(),
            start: self.start.clone(),
            actions: self.actions.clone(),
        }
    }

    fn decisions(&self) -> u64 {
        self.actions.len() as u64
    }

    fn last_round(&self) -> Option<RoundResult> {
        let outcome = self.outcome?;
        Some(RoundResult {
            round: 0,
            points: self.returns(),
            winners: match outcome {
                Outcome::Win(w) => vec![w],
                Outcome::Draw(_) => vec![],
            },
        })
    }
}

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

#[cfg(test)]
mod tests {
    use super::*;

    fn act(text: &str) -> ChexersAction {
        text.parse().unwrap()
    }

    /// Undoing an exit rebuilds the repetition filter: positions from before the exit are
    /// found again, and a fourth occurrence after the undo still draws.
    #[test]
    fn undoing_an_exit_keeps_earlier_positions_countable() {
        let start: Position = "R:3,-3 -3,0/G:0,-3/B:0,3/X:0,0,0/T:0".parse().unwrap();
        let mut s = ChexersState::from_setup(&start).unwrap();
        let shuffle = [
            "MOVE (-3,0) (-2,0)",
            "MOVE (0,-3) (0,-2)",
            "MOVE (0,3) (0,2)",
            "MOVE (-2,0) (-3,0)",
            "MOVE (0,-2) (0,-3)",
            "MOVE (0,2) (0,3)",
        ];
        for _ in 0..2 {
            for a in shuffle {
                s.apply(act(a)).unwrap();
            }
        }
        assert_eq!(s.occurrences(), 3);
        let before = s.clone();
        let undo = s.apply_undoable(act("EXIT (3,-3)"));
        assert_eq!(s.occurrences(), 1, "a new position after the exit");
        s.undo(undo);
        assert_eq!(s, before);
        assert_eq!(s.occurrences(), 3);
        for a in &shuffle[..5] {
            s.apply(act(a)).unwrap();
            assert!(!s.is_terminal());
        }
        s.apply(act(shuffle[5])).unwrap();
        assert_eq!(s.occurrences(), 4);
        assert_eq!(s.outcome(), Some(Outcome::Draw(DrawReason::Repetition)));
    }
}
