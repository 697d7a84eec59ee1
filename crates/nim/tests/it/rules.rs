//! Nim's rules, each by a scripted position, and its conformance over seeded random games.

use parlour_core::conformance::{random_sim_test, Config};
use parlour_core::rng::seeded;
use parlour_core::{Game, GameAi, GameText, OptionsError, State};
use parlour_nim::{Nim, NimAction, NimOptions, NimSetup, NimState, SetupError};
use proptest::prelude::*;

fn at(piles: &[u8], current: usize) -> NimState {
    NimState::from_setup(
        &Nim::standard(),
        &NimSetup {
            piles: piles.to_vec(),
            current,
        },
    )
    .unwrap()
}

fn act(text: &str) -> NimAction {
    text.parse().unwrap()
}

#[test]
fn a_move_takes_one_or_more_from_one_pile() {
    let state = at(&[2, 0, 1], 0);
    let legal: Vec<String> = state
        .legal_action_vec()
        .iter()
        .map(|a| a.to_string())
        .collect();
    assert_eq!(legal, ["0:1", "0:2", "2:1"]);
    assert!(
        state.check(act("1:1")).is_err(),
        "an empty pile gives nothing"
    );
    assert!(
        state.check(act("0:3")).is_err(),
        "no more than the pile holds"
    );
    assert!(state.check(act("5:1")).is_err(), "no such pile");
    assert!("0:0".parse::<NimAction>().is_err(), "take at least one");
}

#[test]
fn whoever_takes_the_last_object_wins() {
    let mut state = at(&[1, 0, 1], 0);
    state.apply(act("0:1")).unwrap();
    assert_eq!(state.current_player(), Some(1));
    state.apply(act("2:1")).unwrap();
    assert!(state.is_terminal());
    assert_eq!(state.returns(), vec![0.0, 1.0]);
    assert_eq!(state.winners(), vec![1]);
    assert!(state.apply(act("0:1")).is_err(), "nothing after the end");
}

#[test]
fn options_and_setups_out_of_range_say_what_is_wrong() {
    assert!(matches!(
        Nim::new(NimOptions { piles: 0, most: 7 }),
        Err(OptionsError::Invalid {
            option: "piles",
            ..
        })
    ));
    assert!(Nim::new(NimOptions { piles: 3, most: 16 }).is_err());
    let game = Nim::standard();
    let setup = |piles: Vec<u8>, current| NimState::from_setup(&game, &NimSetup { piles, current });
    assert_eq!(
        setup(vec![1, 1], 0).unwrap_err(),
        SetupError::PileCount { given: 2, piles: 3 }
    );
    assert_eq!(setup(vec![0, 0, 0], 0).unwrap_err(), SetupError::Empty);
    assert_eq!(
        setup(vec![1, 16, 0], 0).unwrap_err(),
        SetupError::PileTooLarge {
            pile: 1,
            objects: 16
        }
    );
    assert_eq!(
        setup(vec![1, 1, 1], 2).unwrap_err(),
        SetupError::NoSuchSeat { seat: 2 }
    );
}

#[test]
fn conformance_over_seeded_random_games() {
    for options in [NimOptions::default(), NimOptions { piles: 8, most: 15 }] {
        let game = Nim::new(options).unwrap();
        let mut config = Config::new(500, 9).with_sampler(<Nim as GameAi>::sampler);
        config.expect_hidden = false;
        let summary = random_sim_test(&game, &config, |_| Ok(())).unwrap();
        assert_eq!(summary.games, 500);
        assert_eq!(summary.resamples_changed, 0, "nothing is hidden");
    }
}

#[test]
fn the_view_names_the_piles_and_whose_move_it_is() {
    let game = Nim::standard();
    let state = at(&[3, 0, 2], 1);
    assert_eq!(
        game.describe(&state.observation(0)),
        "pile 0: 3  pile 1: 0  pile 2: 2 · seat 1 to move"
    );
    assert!(game.describe(&state.observation(1)).contains("your move"));
    let obs = state.observation(0);
    assert_eq!(game.resample(&obs, &mut seeded(1)).unwrap(), state);
}

proptest! {
    /// Any text is an action that round-trips through its text and JSON forms, or an error.
    #[test]
    fn action_text_round_trips(text in "[0-9:]{0,6}") {
        if let Ok(a) = text.parse::<NimAction>() {
            prop_assert_eq!(a.to_string().parse::<NimAction>().unwrap(), a);
            let json = serde_json::to_string(&a).unwrap();
            prop_assert_eq!(serde_json::from_str::<NimAction>(&json).unwrap(), a);
        }
    }
}
