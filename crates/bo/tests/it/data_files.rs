//! Data-file regression tests: recorded games under `tests/data/` must replay exactly, line by
//! line (the deal, every seat's view, every legal-action list, completed build piles shuffled
//! into the draw pile, the result).

use parlour_bo::Bo;
use parlour_core::trace::{replay_path, ReplayReport};

fn replay_file(name: &str) -> ReplayReport {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name);
    replay_path::<Bo>(&path).unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// Four heuristic bots, standard game: seat 1 empties its stockpile.
#[test]
fn standard_heuristics_seed_1_replays() {
    let r = replay_file("standard-heuristics-seed1.jsonl");
    assert_eq!(r.decisions, 181);
    assert_eq!(r.returns, vec![0.0, 1.0, 0.0, 0.0]);
}

/// Heuristic and random bots, bonus game.
#[test]
fn bonus_mixed_seed_2_replays() {
    let r = replay_file("bonus-mixed-seed2.jsonl");
    assert_eq!(r.decisions, 74);
    assert_eq!(r.returns, vec![0.0, 0.0, 1.0, 0.0]);
}

/// Four heuristic bots, bonus game with four embargoes, four clears and Jokers played.
#[test]
fn bonus_heuristics_seed_3_replays() {
    let name = "bonus-heuristics-seed3.jsonl";
    let text = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/data")
            .join(name),
    )
    .unwrap();
    assert_eq!(text.matches("\"action\":\"embargo").count(), 4);
    assert_eq!(text.matches("\"action\":\"clear\"").count(), 4);
    let r = replay_file(name);
    assert_eq!(r.decisions, 97);
    assert_eq!(r.returns, vec![0.0, 0.0, 1.0, 0.0]);
}
