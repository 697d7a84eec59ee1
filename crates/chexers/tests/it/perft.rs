//! Perft data files: for each position (and the actions played from it first, so repetition
//! history matters), the number of action sequences of each depth, and how many sequences of
//! at most that depth end the game in each way. The expected figures in
//! `tests/data/perft.jsonl` come from `tests/data/reference_perft.py`, an independent Python
//! implementation written from the seed and the rulings alone.

use std::collections::BTreeMap;

use parlour_chexers::{perft, ChexersAction, ChexersState, DrawReason, Outcome, Position};
use parlour_core::State;
use serde::Deserialize;

#[derive(Deserialize)]
struct Case {
    name: String,
    position: String,
    moves: Vec<String>,
    depth: u32,
    count: u64,
    terminal_outcomes: BTreeMap<String, u64>,
}

fn cases() -> Vec<Case> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/perft.jsonl");
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .enumerate()
        .map(|(i, l)| serde_json::from_str(l).unwrap_or_else(|e| panic!("line {}: {e}", i + 1)))
        .collect()
}

fn setup(case: &Case) -> ChexersState {
    let position: Position = case
        .position
        .parse()
        .unwrap_or_else(|e| panic!("{}: {e}", case.name));
    let moves: Vec<ChexersAction> = case
        .moves
        .iter()
        .map(|m| m.parse().unwrap_or_else(|e| panic!("{}: {e}", case.name)))
        .collect();
    ChexersState::from_history(&position, &moves).unwrap_or_else(|e| panic!("{}: {e}", case.name))
}

fn label(outcome: Outcome) -> String {
    match outcome {
        Outcome::Win(s) => format!("win:{s}"),
        Outcome::Draw(DrawReason::Repetition) => "draw:repetition".into(),
        Outcome::Draw(DrawReason::TurnLimit) => "draw:turns".into(),
    }
}

/// Counts how the game ends over every sequence of at most `depth` actions.
fn outcomes(state: &mut ChexersState, depth: u32, counts: &mut BTreeMap<String, u64>) {
    if depth == 0 {
        return;
    }
    for a in state.legal_action_vec() {
        let mut next = state.clone();
        next.apply(a).unwrap();
        match next.outcome() {
            Some(o) => *counts.entry(label(o)).or_default() += 1,
            None => outcomes(&mut next, depth - 1, counts),
        }
    }
}

#[test]
fn perft_counts_match_the_reference_for_every_position_and_depth() {
    let cases = cases();
    let names: std::collections::BTreeSet<&str> = cases.iter().map(|c| c.name.as_str()).collect();
    assert!(names.len() >= 5, "at least five positions");
    for case in &cases {
        let mut state = setup(case);
        assert_eq!(
            perft(&mut state, case.depth),
            case.count,
            "{} at depth {}",
            case.name,
            case.depth
        );
        // perft walks with apply and undo: the state must come back exactly.
        assert_eq!(state, setup(case), "{}: undo restores the state", case.name);
    }
}

#[test]
fn terminal_outcomes_match_the_reference() {
    for case in cases() {
        // The deepest sequences are the expensive ones: outcomes are checked up to a
        // million sequences a case.
        if case.count > 1_000_000 {
            continue;
        }
        let mut counts = BTreeMap::new();
        outcomes(&mut setup(&case), case.depth, &mut counts);
        assert_eq!(
            counts, case.terminal_outcomes,
            "{} at depth {}",
            case.name, case.depth
        );
    }
}

#[test]
fn the_start_position_has_eight_moves_each_for_three_plies() {
    let mut s = ChexersState::new();
    for (depth, want) in [(1, 8), (2, 64), (3, 512)] {
        assert_eq!(perft(&mut s, depth), want);
    }
}
