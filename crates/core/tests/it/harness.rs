//! The harness itself must be able to fail: a leaky observation is caught.

use parlour_core::conformance::{check_encoding, random_sim_test, Config};
use parlour_core::toy::{HighCard, HighCardOptions};
use parlour_core::{Game, State};

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
        ..HighCardOptions::default()
    })
    .unwrap();
    let err = random_sim_test(&game, &Config::new(200, 1), |_| Ok(())).unwrap_err();
    assert!(err.message.contains("its observation changed"), "{err}");
}

#[test]
fn harness_catches_a_private_field_left_in_the_public_view() {
    let game = HighCard::new(HighCardOptions {
        misfile_card: true,
        ..HighCardOptions::default()
    })
    .unwrap();
    let err = random_sim_test(&game, &Config::new(200, 1), |_| Ok(())).unwrap_err();
    assert!(err.message.contains("public view differs"), "{err}");
    // Without the misfiled field the same game passes.
    let sound = HighCard::new(HighCardOptions::default()).unwrap();
    let obs = sound.new_game(3).observation(0);
    assert_eq!(HighCard::public_view(&obs).get("card"), None);
    assert_eq!(HighCard::public_view(&obs).get("seat"), None);
    assert!(HighCard::public_view(&obs).get("discards").is_some());
}

#[test]
fn harness_runs_the_game_invariant() {
    let game = HighCard::new(HighCardOptions::default()).unwrap();
    let err = random_sim_test(&game, &Config::new(10, 1), |_| Err("boom".to_string())).unwrap_err();
    assert_eq!(err.message, "boom");
}

mod blind {
    use std::sync::atomic::{AtomicU64, Ordering};

    use parlour_core::conformance::check_bot_is_blind_to_hidden_information;
    use parlour_core::toy::{HighCard, HighCardAction};
    use parlour_core::{Bot, Decision, Game};

    /// Decides by its card: a fair bot, whose choice follows from its observation.
    struct ByCard;
    impl Bot<HighCard> for ByCard {
        fn act(&mut self, d: &Decision<'_, HighCard>) -> HighCardAction {
            if d.observation().card >= 4 {
                HighCardAction::Stay
            } else {
                HighCardAction::Swap
            }
        }
    }

    static CALLS: AtomicU64 = AtomicU64::new(0);

    /// Decides by something outside its observation (a global counter): must be caught.
    struct Outside;
    impl Bot<HighCard> for Outside {
        fn act(&mut self, _: &Decision<'_, HighCard>) -> HighCardAction {
            if CALLS.fetch_add(1, Ordering::SeqCst) % 2 == 0 {
                HighCardAction::Stay
            } else {
                HighCardAction::Swap
            }
        }
    }

    #[test]
    fn a_bot_deciding_from_its_observation_passes() {
        let game = HighCard::new(Default::default()).unwrap();
        let n =
            check_bot_is_blind_to_hidden_information(&game, 100, 1, |_| Box::new(ByCard)).unwrap();
        assert_eq!(n, 200);
    }

    #[test]
    fn a_bot_deciding_from_outside_its_observation_is_caught() {
        let game = HighCard::new(Default::default()).unwrap();
        let err = check_bot_is_blind_to_hidden_information(&game, 100, 1, |_| Box::new(Outside))
            .unwrap_err();
        assert!(err.message.contains("from a resampled one"), "{err}");
    }
}

#[test]
fn harness_catches_a_resampler_that_returns_the_true_state() {
    // Every view holds the whole deal and resampling copies it back: observations survive
    // resampling, so only the "something hidden must change" check can catch this.
    let game = HighCard::new(HighCardOptions {
        leak_all: true,
        ..HighCardOptions::default()
    })
    .unwrap();
    let err = random_sim_test(&game, &Config::new(50, 3), |_| Ok(())).unwrap_err();
    assert!(
        err.message.contains("nothing hidden is ever redrawn"),
        "{err}"
    );
    let sound = HighCard::new(HighCardOptions::default()).unwrap();
    assert!(
        random_sim_test(&sound, &Config::new(50, 3), |_| Ok(()))
            .unwrap()
            .resamples_changed
            > 0
    );
}

#[test]
fn high_card_encoding_passes_the_encoding_check() {
    let game = HighCard::new(Default::default()).unwrap();
    let summary = check_encoding(&game, &Config::new(50, 9)).unwrap();
    assert_eq!(summary.games, 50);
    assert!(summary.actions_reached > 50, "{summary:?}");
    assert_eq!(summary.longest_action, 1);
    assert!(summary.resamples > 100);
}

#[test]
fn the_encoding_check_catches_two_actions_spelled_alike() {
    let game = HighCard::new(HighCardOptions {
        misspell: true,
        ..HighCardOptions::default()
    })
    .unwrap();
    let err = check_encoding(&game, &Config::new(5, 9)).unwrap_err();
    assert!(
        err.message.contains("one spelling begins the other"),
        "{err}"
    );
}

#[test]
fn the_seat_symmetry_check_catches_a_view_that_differs() {
    use parlour_core::conformance::check_seat_symmetry;
    use parlour_core::toy::HighCardAction;
    use parlour_core::State;
    let game = HighCard::new(HighCardOptions::default()).unwrap();
    let base = game.new_game(1);
    // Not the same position moved on: seat 1 to act after seat 0 has kept its card.
    let mut later = base.clone();
    later.apply(HighCardAction::Stay).unwrap();
    let err = check_seat_symmetry(&game, &base, &[(1, later)], |a, _| a).unwrap_err();
    assert!(err.contains("differs"), "{err}");
    // Nothing moved on: trivially symmetric.
    assert_eq!(check_seat_symmetry(&game, &base, &[], |a, _| a), Ok(()));
}
