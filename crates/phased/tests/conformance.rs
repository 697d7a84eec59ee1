//! The core conformance harness over 2,000 seeded full games of each variant, with card
//! conservation (104 or 108 cards always accounted for) and the resample check.

use parlour_core::conformance::{random_sim_test, Config};
use parlour_phased::{Phased, PhasedState};

#[test]
fn conformance_standard_2000_games() {
    let config = Config::new(2000, 17)
        .with_check_every(20)
        .with_resample_every(40);
    let summary = random_sim_test(
        &Phased::standard(),
        &config,
        PhasedState::check_conservation,
    )
    .unwrap();
    assert_eq!(summary.games, 2000);
}

#[test]
fn conformance_bonus_2000_games() {
    let config = Config::new(2000, 18)
        .with_check_every(20)
        .with_resample_every(40);
    let summary =
        random_sim_test(&Phased::bonus(), &config, PhasedState::check_conservation).unwrap();
    assert_eq!(summary.games, 2000);
}
