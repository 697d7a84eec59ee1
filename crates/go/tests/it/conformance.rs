//! The core conformance harness over 5,000 seeded random games, with card conservation (all 52
//! cards accounted for: hands, unrevealed picks, discards, the twelve set aside), and, with the
//! `ai` feature, the search sampler held to the same promises as resampling.

use parlour_cards::standard_deck;
use parlour_core::conformance::{random_sim_test, Config};
use parlour_core::Game;
use parlour_go::{Go, GoAction, GoOptions, GoState, Scoring};

#[test]
fn conformance_5000_games_with_card_conservation() {
    let universe: Vec<GoAction> = standard_deck().into_iter().map(GoAction::Pick).collect();
    let config = Config::new(5000, 10001).with_universe(universe);
    #[cfg(feature = "ai")]
    let config = config.with_sampler(<Go as parlour_core::GameAi>::sampler);
    let summary = random_sim_test(&Go::standard(), &config, GoState::check_conservation).unwrap();
    assert_eq!(summary.games, 5000);
    assert_eq!(summary.longest, 40);
    assert_eq!(summary.states, 5000 * 41);
}

/// The course's scoring (`scoring: proposed`): after the forty picks every seat groups its
/// discards, so a game is 44 decisions; the harness checks every grouping decision as it does a
/// pick (legal actions, check, resampling, the sampler).
#[test]
fn conformance_proposed_scoring_2000_games() {
    let mut universe: Vec<GoAction> = standard_deck().into_iter().map(GoAction::Pick).collect();
    // Groupings that are never legal: a seat's discards are ten cards, these are one or two.
    universe.push("group 7C 7S".parse().unwrap());
    universe.push("group 7C / 7S".parse().unwrap());
    universe.push("group AS".parse().unwrap());
    let config = Config::new(2000, 10002).with_universe(universe);
    #[cfg(feature = "ai")]
    let config = config.with_sampler(<Go as parlour_core::GameAi>::sampler);
    let game = Go::new(GoOptions {
        scoring: Scoring::Proposed,
    })
    .unwrap();
    let summary = random_sim_test(&game, &config, GoState::check_conservation).unwrap();
    assert_eq!(summary.games, 2000);
    assert_eq!(summary.longest, 44);
    assert_eq!(summary.states, 2000 * 45);
}
