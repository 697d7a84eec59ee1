//! The core conformance harness over 5,000 seeded full games of each variant, with card
//! conservation (104 or 108 cards always accounted for, every seat's recycled cards really in the
//! draw pile or another hand) and the resample check (stockpiles below the top and the draw pile
//! hidden, hands private).

use parlour_bo::{Bo, BoState};
use parlour_core::conformance::{random_sim_test, Config};

#[test]
fn conformance_standard_5000_games() {
    let config = Config::new(5000, 31)
        .with_check_every(10)
        .with_resample_every(25);
    let summary = random_sim_test(&Bo::standard(), &config, BoState::check_conservation).unwrap();
    assert_eq!(summary.games, 5000);
}

#[test]
fn conformance_bonus_5000_games() {
    let config = Config::new(5000, 32)
        .with_check_every(10)
        .with_resample_every(25);
    let summary = random_sim_test(&Bo::bonus(), &config, BoState::check_conservation).unwrap();
    assert_eq!(summary.games, 5000);
}
