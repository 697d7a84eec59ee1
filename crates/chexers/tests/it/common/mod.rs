//! Helpers shared by the Chexers rule tests (`rules.rs`, `notation.rs`).
#![allow(dead_code)]

use std::collections::BTreeSet;

use parlour_chexers::{ChexersAction, ChexersState, Colour, Hex, Position};
use parlour_core::State;

/// The rulings' neighbour steps, written out here independently of the engine.
pub const STEPS: [(i8, i8); 6] = [(-1, 0), (0, -1), (1, -1), (1, 0), (0, 1), (-1, 1)];

/// The rulings' exit hexes (Red, Green, Blue), written out independently of the engine.
pub const EXITS: [[(i8, i8); 4]; 3] = [
    [(3, -3), (3, -2), (3, -1), (3, 0)],
    [(-3, 3), (-2, 3), (-1, 3), (0, 3)],
    [(-3, 0), (-2, -1), (-1, -2), (0, -3)],
];

/// The rulings' start hexes (Red, Green, Blue).
pub const STARTS: [[(i8, i8); 4]; 3] = [
    [(-3, 0), (-3, 1), (-3, 2), (-3, 3)],
    [(0, -3), (1, -3), (2, -3), (3, -3)],
    [(0, 3), (1, 2), (2, 1), (3, 0)],
];

/// Whether `(q, r)` is on the 37-hex board (the rulings' axial constraint).
pub fn on_board(q: i8, r: i8) -> bool {
    (-3..=3).contains(&q) && (-3..=3).contains(&r) && (-3..=3).contains(&(-q - r))
}

pub fn hex(q: i8, r: i8) -> Hex {
    Hex::new(q, r).unwrap_or_else(|| panic!("({q},{r}) is not on the board"))
}

pub fn pos(text: &str) -> Position {
    text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
}

pub fn state(text: &str) -> ChexersState {
    ChexersState::from_setup(&pos(text)).unwrap_or_else(|e| panic!("{text}: {e}"))
}

pub fn act(text: &str) -> ChexersAction {
    text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// Applies each action (text form), panicking with the reason if one is illegal.
pub fn play(state: &mut ChexersState, actions: &[&str]) {
    for a in actions {
        state
            .apply(act(a))
            .unwrap_or_else(|e| panic!("{a} in {}: {e}", state.position()));
    }
}

/// The legal actions as text, sorted.
pub fn legal(state: &ChexersState) -> BTreeSet<String> {
    state
        .legal_action_vec()
        .iter()
        .map(|a| a.to_string())
        .collect()
}

/// The legal actions (as text) that start from `from`.
pub fn legal_from(state: &ChexersState, from: Hex) -> BTreeSet<String> {
    state
        .legal_action_vec()
        .into_iter()
        .filter(|a| match *a {
            ChexersAction::Move { from: f, .. }
            | ChexersAction::Jump { from: f, .. }
            | ChexersAction::Exit { from: f } => f == from,
            ChexersAction::Pass => false,
        })
        .map(|a| a.to_string())
        .collect()
}

pub fn set(items: &[&str]) -> BTreeSet<String> {
    items.iter().map(|s| s.to_string()).collect()
}

/// Why `action` is illegal in `state`; panics if it is legal.
pub fn reason(state: &ChexersState, action: &str) -> String {
    match state.check(act(action)) {
        Ok(()) => panic!("{action} is legal in {}", state.position()),
        Err(e) => e.reason.into(),
    }
}

/// The legal actions, worked out from the seed's rules alone with plain coordinate arithmetic
/// (not the engine's move generator): a move to each empty neighbour, a jump over each occupied
/// neighbour to an empty hex directly beyond, an exit from each own exit hex, and PASS only
/// when there is none of these.
pub fn reference_legal(position: &Position) -> BTreeSet<String> {
    let mover = position.to_move();
    let at = |q: i8, r: i8| -> Option<Colour> { Hex::new(q, r).and_then(|h| position.at(h)) };
    let mut out = BTreeSet::new();
    for h in position.pieces(mover) {
        let (q, r) = (h.q(), h.r());
        for (dq, dr) in STEPS {
            let (q1, r1) = (q + dq, r + dr);
            if !on_board(q1, r1) {
                continue;
            }
            if at(q1, r1).is_none() {
                out.insert(format!("MOVE ({q},{r}) ({q1},{r1})"));
            } else {
                let (q2, r2) = (q1 + dq, r1 + dr);
                if on_board(q2, r2) && at(q2, r2).is_none() {
                    out.insert(format!("JUMP ({q},{r}) ({q2},{r2})"));
                }
            }
        }
        if EXITS[mover as usize].contains(&(q, r)) {
            out.insert(format!("EXIT ({q},{r})"));
        }
    }
    if out.is_empty() {
        out.insert("PASS".to_string());
    }
    out
}

/// Every action that can be written down: all moves and jumps between two hexes, all exits,
/// and PASS.
pub fn every_action() -> Vec<ChexersAction> {
    let mut all = vec![ChexersAction::Pass];
    for from in Hex::all() {
        all.push(ChexersAction::Exit { from });
        for to in Hex::all() {
            all.push(ChexersAction::Move { from, to });
            all.push(ChexersAction::Jump { from, to });
        }
    }
    all
}

/// States met along seeded random playouts from the start and from a few scripted positions
/// (the engine's own `random_action` chooses; the tests judge each state independently).
pub fn sample_states(games: u64, max_len: usize) -> Vec<ChexersState> {
    let starts = [
        Position::start(),
        pos("R:-1,0 0,0 1,0 3,-1/G:0,1 1,-1 -1,3/B:-1,1 -2,-1/X:1,1,1/T:0"),
        pos("R:0,0/G:1,0 1,-1 0,-1 -1,0 -1,1 0,1/B:2,-2 2,0 -2,2 -2,0 0,2/X:0,0,0/T:0"),
    ];
    let mut out = Vec::new();
    for g in 0..games {
        let mut rng = parlour_core::rng::seeded(1000 + g);
        let mut s = ChexersState::from_setup(&starts[(g as usize) % starts.len()]).unwrap();
        let mut scratch = Vec::new();
        for _ in 0..max_len {
            out.push(s.clone());
            let Some(a) = s.random_action(&mut rng, &mut scratch) else {
                break;
            };
            s.apply(a).unwrap();
        }
        out.push(s);
    }
    out
}
