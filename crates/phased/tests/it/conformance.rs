//! The core conformance harness over 2,000 seeded full games of each variant, with card
//! conservation (104 or 108 cards always accounted for) and the resample check (and, with the
//! `ai` feature, the same promises of the search's fast sampler).

use parlour_core::conformance::{random_sim_test, Config};
use parlour_phased::{Phased, PhasedState};

fn config(seed: u64) -> Config<Phased> {
    let config = Config::new(2000, seed)
        .with_check_every(20)
        .with_resample_every(40);
    #[cfg(feature = "ai")]
    let config = config.with_sampler(<Phased as parlour_core::GameAi>::sampler);
    config
}

#[test]
fn conformance_standard_2000_games() {
    let summary = random_sim_test(
        &Phased::standard(),
        &config(17),
        PhasedState::check_conservation,
    )
    .unwrap();
    assert_eq!(summary.games, 2000);
}

#[test]
fn conformance_bonus_2000_games() {
    let summary = random_sim_test(
        &Phased::bonus(),
        &config(18),
        PhasedState::check_conservation,
    )
    .unwrap();
    assert_eq!(summary.games, 2000);
}
