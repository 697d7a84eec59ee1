//! The core conformance harness over 5,000 seeded random games, with card conservation (all 52
//! cards accounted for: hands, unrevealed picks, discards, the twelve set aside), and, with the
//! `ai` feature, the search sampler held to the same promises as resampling.

use parlour_cards::standard_deck;
use parlour_core::conformance::{random_sim_test, Config};
use parlour_go::{Go, GoAction, GoState};

#[test]
fn conformance_5000_games_with_card_conservation() {
    let universe: Vec<GoAction> = standard_deck().into_iter().map(GoAction).collect();
    let config = Config::new(5000, 10001).with_universe(universe);
    #[cfg(feature = "ai")]
    let config = config.with_sampler(<Go as parlour_core::GameAi>::sampler);
    let summary = random_sim_test(&Go::standard(), &config, GoState::check_conservation).unwrap();
    assert_eq!(summary.games, 5000);
    assert_eq!(summary.longest, 40);
    assert_eq!(summary.states, 5000 * 41);
}
