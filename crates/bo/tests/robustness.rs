//! Bad input gets a clear error, never a panic: strict action text, impossible setups, odd
//! observations read from JSON.

use parlour_bo::{Bo, BoAction, BoObservation, BoSetup, BoState};
use parlour_cards::parse_cards;
use parlour_core::{Game, State};

fn setup() -> BoSetup {
    BoSetup {
        hands: vec![vec![]; 4],
        stocks: ["9C", "0D 3H", "3H", "KD"]
            .iter()
            .map(|c| parse_cards(c).unwrap())
            .collect(),
        ..BoSetup::default()
    }
}

/// Card notation and pile names are strict: no signs, no leading zeros, no spare digits.
#[test]
fn action_text_is_strict() {
    for bad in [
        "d+1.0:2C b0",
        "2C b+0",
        "embargo +2",
        "2C d0.00",
        "2C b01",
        "embargo 02",
    ] {
        assert!(bad.parse::<BoAction>().is_err(), "{bad} should not parse");
    }
    assert_eq!(
        "d1.0:2C b0".parse::<BoAction>().unwrap().to_string(),
        "d1.0:2C b0"
    );
}

/// Turn counts must fit the seat to act (seats before it have played one turn more).
#[test]
fn setup_turn_counts_must_fit_the_rotation() {
    let game = Bo::standard();
    let bad = BoSetup {
        turns: vec![20, 0, 0, 0],
        ..setup()
    };
    let e = BoState::from_setup(&game, &bad).unwrap_err();
    assert!(e.to_string().contains("do not fit seat 0 to act"), "{e}");
    let good = BoSetup {
        turns: vec![5, 5, 4, 4],
        current: 2,
        ..setup()
    };
    assert!(BoState::from_setup(&game, &good).is_ok());
}

/// One embargo card per player, and only a stockpile of three or fewer can be embargoed.
#[test]
fn setup_embargoes_must_be_possible() {
    let game = Bo::bonus();
    let twice = BoSetup {
        holds_embargo: vec![false, true, true, true],
        embargoed_by: vec![None, Some(0), Some(0), None],
        ..setup()
    };
    let e = BoState::from_setup(&game, &twice).unwrap_err();
    assert!(e.to_string().contains("one embargo card"), "{e}");
    let mut big = setup();
    big.stocks[1] = parse_cards("2S 3S 4S 5S").unwrap();
    let big = BoSetup {
        holds_embargo: vec![false, true, true, true],
        embargoed_by: vec![None, Some(0), None, None],
        ..big
    };
    let e = BoState::from_setup(&game, &big).unwrap_err();
    assert!(e.to_string().contains("more than 3 stockpile cards"), "{e}");
}

/// An observation read from JSON with counters at their limits still draws without panicking.
#[test]
fn an_odd_observation_still_displays() {
    let state = Bo::standard().new_game(1);
    let mut json = serde_json::to_value(state.observation(0)).unwrap();
    json["plays"] = 255.into();
    json["turns"] = serde_json::json!([255, 0, 0, 0]);
    let obs: BoObservation = serde_json::from_value(json).unwrap();
    let text = obs.to_string();
    assert!(text.contains("Build piles:"), "{text}");
}
