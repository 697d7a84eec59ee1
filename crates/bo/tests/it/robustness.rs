//! Bad input gets a clear error, never a panic: strict action text, impossible setups, odd
//! observations read from JSON.

use parlour_bo::{Bo, BoAction, BoObservation, BoSetup, BoState};
use parlour_cards::parse_cards;
use parlour_core::{Game, GameText, State};

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
    let text = Bo::standard().describe(&obs);
    assert!(text.contains("Build piles:"), "{text}");
}

/// At the terminal every legal action is numbered from 0, grouped by source, and a bare number
/// is that action; `help` explains; the short `<source> <target>` form still works.
#[test]
fn a_person_types_an_action_number() {
    let game = Bo::standard();
    let state = game.new_game(3);
    let seat = state.current_player().unwrap();
    let obs = state.observation(seat);
    let legal = state.legal_action_vec();
    let shown = game.format_legal(&obs, &legal);
    let mut seen = Vec::new();
    for i in 0..legal.len() {
        let a = game.parse_human(&obs, &legal, &i.to_string()).unwrap();
        assert!(legal.contains(&a) && !seen.contains(&a), "{i}: {a}");
        seen.push(a);
        // The number stands right before the action's target (or the whole action).
        let after = shown
            .split(&format!("[{i}] "))
            .nth(1)
            .unwrap_or_else(|| panic!("[{i}] in {shown}"));
        let word = after
            .split_whitespace()
            .next()
            .unwrap()
            .trim_end_matches('*');
        match a {
            BoAction::Play { to, .. } => assert_eq!(word, to.to_string(), "{shown}"),
            other => assert!(other.to_string().starts_with(word), "{shown}"),
        }
    }
    let e = game
        .parse_human(&obs, &legal, &legal.len().to_string())
        .unwrap_err();
    assert!(e.to_string().contains("there is no action"), "{e}");
    let e = game.parse_human(&obs, &legal, "help").unwrap_err();
    let e = e.to_string();
    assert!(e.contains("number of an action"), "{e}");
    assert!(e.contains("<source> <target>"), "{e}");
}

/// One card is "1 card" on the table drawn for a person.
#[test]
fn one_card_reads_in_the_singular() {
    let game = Bo::standard();
    let state = BoState::from_setup(&game, &setup()).unwrap();
    let text = game.describe(&state.observation(0));
    assert!(text.contains("stock 9C (1 card) · hand 0 cards"), "{text}");
    assert!(!text.contains("1 cards"), "{text}");
}
