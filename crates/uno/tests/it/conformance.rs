//! The core conformance harness over thousands of seeded random Uno games, for several table sizes
//! and for matches, with card conservation (all 108 cards accounted for) as the game invariant.

use parlour_core::conformance::{random_sim_test, Config};
use parlour_core::{Game, GameAi};
use parlour_uno::{action_universe, Uno, UnoOptions, UnoState};

fn conservation(state: &UnoState) -> Result<(), String> {
    state.check_conservation()
}

#[test]
fn conformance_four_players_3000_rounds() {
    let game = Uno::standard();
    let config = Config::new(3000, 2026)
        .with_universe(action_universe())
        .with_sampler(<Uno as GameAi>::sampler);
    let summary = random_sim_test(&game, &config, conservation).unwrap();
    assert_eq!(summary.games, 3000);
    assert!(summary.resamples > 3000 * 4);
}

#[test]
fn conformance_every_table_size() {
    for players in 2..=10 {
        let game = Uno::with_players(players).unwrap();
        let config = Config::new(300, players as u64)
            .with_universe(action_universe())
            .with_sampler(<Uno as GameAi>::sampler);
        random_sim_test(&game, &config, conservation)
            .unwrap_or_else(|e| panic!("{players} players: {e}"));
    }
}

#[test]
fn conformance_matches_to_a_target() {
    let game = Uno::new(UnoOptions {
        players: 4,
        target: Some(200),
        rounds: None,
    })
    .unwrap();
    let config = Config::new(40, 5).with_resample_every(7);
    let summary = random_sim_test(&game, &config, conservation).unwrap();
    assert_eq!(summary.games, 40);
}

#[test]
fn conformance_fixed_round_count() {
    let game = Uno::new(UnoOptions {
        players: 3,
        target: None,
        rounds: Some(5),
    })
    .unwrap();
    let config = Config::new(60, 6).with_resample_every(3);
    random_sim_test(&game, &config, conservation).unwrap();
}
