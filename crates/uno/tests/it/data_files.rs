//! Data-file regression tests: recorded games under `tests/data/` (header with seed and options,
//! every decision with the seat's observation and legal actions, and the result) must replay
//! exactly. A change to the deal, the shuffle, the rules, the observation or the text forms shows
//! up here as a named line.
//!
//! The files are `parlour play --trace` games with `random` seats, each seeded (as the command
//! seeded them when they were recorded) `RandomBot::new(derive_seed(seed, 1 + seat))`; the command
//! now passes bot seeds through `bot_seed`, so it records other games from the same seeds.

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

/// Re-recorded when a Reverse with two players stopped acting as a Skip (the ruling
/// `uno_reverse_with_two_players_passes_turn_to_other_player_not_a_skip`): the same seats and
/// seeds, so the game is the same up to decision 40 (seat 0 plays `GR`) and differs after it.
#[test]
fn two_players_seed_2_replays() {
    let r = replay_file("two-players-seed2.jsonl");
    assert_eq!(r.decisions, 140);
    assert_eq!(r.returns, vec![0.0, 30.0]);
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
