//! The harness itself must be able to fail: a leaky observation is caught.

use parlour_core::conformance::{random_sim_test, Config};
use parlour_core::toy::{HighCard, HighCardOptions};
use parlour_core::Game;

#[test]
fn harness_passes_a_sound_game() {
    let game = HighCard::new(HighCardOptions::default()).unwrap();
    let summary = random_sim_test(&game, &Config::new(2000, 1), |_| Ok(())).unwrap();
    assert_eq!(summary.games, 2000);
    assert!(summary.resamples >= 2000 * 2 * 3);
}

#[test]
fn harness_catches_a_leaked_deck_card() {
    let game = HighCard::new(HighCardOptions {
        leak_top_card: true,
    })
    .unwrap();
    let err = random_sim_test(&game, &Config::new(200, 1), |_| Ok(())).unwrap_err();
    assert!(err.message.contains("changed its observation"), "{err}");
}

#[test]
fn harness_runs_the_game_invariant() {
    let game = HighCard::new(HighCardOptions::default()).unwrap();
    let err = random_sim_test(&game, &Config::new(10, 1), |_| Err("boom".to_string())).unwrap_err();
    assert_eq!(err.message, "boom");
}
