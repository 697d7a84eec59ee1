//! Data-file regression tests: recorded games under `tests/data/` (header with seed and options,
//! every decision with the seat's observation and legal actions, and the result) must replay
//! exactly. A change to the deal, the shuffle, the rules, the observation or the text forms shows
//! up here as a named line.

use parlour_core::trace::replay_path;
use parlour_uno::Uno;

fn replay_file(name: &str) -> parlour_core::trace::ReplayReport {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name);
    replay_path::<Uno>(&path).unwrap_or_else(|e| panic!("{name}: {e}"))
}

#[test]
fn four_players_seed_1_replays() {
    let r = replay_file("four-players-seed1.jsonl");
    assert_eq!(r.decisions, 48);
    assert_eq!(r.returns, vec![193.0, 0.0, 0.0, 0.0]);
}

#[test]
fn two_players_seed_2_replays() {
    let r = replay_file("two-players-seed2.jsonl");
    assert_eq!(r.decisions, 84);
    assert_eq!(r.returns, vec![0.0, 13.0]);
}

#[test]
fn three_rounds_seed_3_replays() {
    let r = replay_file("three-rounds-seed3.jsonl");
    assert_eq!((r.decisions, r.rounds), (199, 3));
    assert_eq!(r.returns, vec![46.0, 164.0, 0.0]);
}

#[test]
fn ten_players_seed_4_replays() {
    let r = replay_file("ten-players-seed4.jsonl");
    assert_eq!(r.decisions, 42);
    assert_eq!(r.returns[3], 566.0);
}
