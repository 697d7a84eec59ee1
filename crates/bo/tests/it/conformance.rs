//! The core conformance harness over 5,000 seeded full games of each variant, with card
//! conservation (104 or 108 cards always accounted for, every seat's recycled cards really in the
//! draw pile or another hand) and the resample check (stockpiles below the top and the draw pile
//! hidden, hands private), which the search's sampler must pass too when the bots are built.

use parlour_bo::{Bo, BoState};
use parlour_core::conformance::{random_sim_test, Config};

/// The harness's settings for `games` games from `seed`, the sampler included with `ai`.
fn config(games: u64, seed: u64) -> Config<Bo> {
    let config = Config::new(games, seed)
        .with_check_every(10)
        .with_resample_every(25);
    #[cfg(feature = "ai")]
    let config = config.with_sampler(<Bo as parlour_core::GameAi>::sampler);
    config
}

#[test]
fn conformance_standard_5000_games() {
    let summary = random_sim_test(
        &Bo::standard(),
        &config(5000, 31),
        BoState::check_conservation,
    )
    .unwrap();
    assert_eq!(summary.games, 5000);
}

#[test]
fn conformance_bonus_5000_games() {
    let summary =
        random_sim_test(&Bo::bonus(), &config(5000, 32), BoState::check_conservation).unwrap();
    assert_eq!(summary.games, 5000);
}
