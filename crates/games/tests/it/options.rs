//! Fuzz targets for game options as every door gives them (`-o key=value` and `--variant` on
//! the command line, keyword arguments in Python), for every game: proptest over pairs made of
//! likely keys and values and of arbitrary text. The contract: nothing panics, a rejected
//! input is an error with a message, and an accepted one makes a game whose options round-trip
//! through JSON and which deals and plays. `PARLOUR_FUZZ_CASES=N` runs at least N cases.

use parlour_core::Game;
use parlour_games::options::{make_game, parse_pair};
use parlour_games::{Bo, Chexers, Go, Nim, Phased, Uno};
use parlour_test_support::fuzz::{config, play_on};
use proptest::prelude::*;
use serde_json::Value;

/// Options from `key=value` texts, a variant and a `--players` count: an error with a message,
/// or a game that deals and plays.
fn check_options<G: Game>(
    texts: &[String],
    variant: &Option<String>,
    players: &Option<Value>,
    seed: u64,
) -> Result<(), TestCaseError> {
    let mut pairs = Vec::new();
    for text in texts {
        match parse_pair(text) {
            Ok(pair) => pairs.push(pair),
            Err(e) => {
                prop_assert!(!e.to_string().trim().is_empty());
                return Ok(());
            }
        }
    }
    pairs.extend(
        variant
            .iter()
            .map(|v| ("variant".to_string(), Value::from(v.as_str()))),
    );
    pairs.extend(players.iter().map(|p| ("players".to_string(), p.clone())));
    match make_game::<G>(pairs) {
        Ok(game) => {
            let json = serde_json::to_value(game.options()).unwrap();
            let back: G::Options = serde_json::from_value(json).unwrap();
            prop_assert_eq!(&back, game.options());
            let mut state = game.new_game(seed);
            play_on::<G>(&mut state, 200, seed)?;
        }
        Err(e) => prop_assert!(!e.to_string().trim().is_empty()),
    }
    Ok(())
}

fn option_text() -> impl Strategy<Value = String> {
    let keys = prop_oneof![
        4 => prop::sample::select(vec!["players", "target", "rounds", "variant", " players ", "", "x", "leak_all"]).prop_map(str::to_string),
        1 => "\\PC{0,6}",
    ];
    let values = prop_oneof![
        4 => prop::sample::select(vec![
            "4", "2", "10", "11", "1", "0", "-1", "500", "null", "true", "\"4\"", "[4]", "{}",
            "bonus", "standard", "\"bonus\"", "Bonus", "2.5", "1e3", "4294967296",
            "18446744073709551615", "18446744073709551616", "1e999", " 3 ", "",
        ]).prop_map(str::to_string),
        1 => "\\PC{0,8}",
    ];
    (
        keys,
        values,
        prop::sample::select(vec!["=", "==", " = ", ""]),
    )
        .prop_map(|(k, v, eq)| format!("{k}{eq}{v}"))
}

proptest! {
    #![proptest_config(config(10_000))]

    #[test]
    fn fuzz_game_options(
        texts in prop::collection::vec(option_text(), 0..4),
        variant in prop::option::of(prop::sample::select(vec!["bonus", "standard", "", "x", "Bonus"]).prop_map(str::to_string)),
        players in prop::option::of(prop::sample::select(vec![
            Value::from(2), Value::from(3), Value::from(4), Value::from(10), Value::from(11),
            Value::from(0), Value::from(u64::MAX), Value::from(-1), Value::from(2.5),
        ])),
        seed in any::<u64>(),
    ) {
        check_options::<Uno>(&texts, &variant, &players, seed)?;
        check_options::<Go>(&texts, &variant, &players, seed)?;
        check_options::<Phased>(&texts, &variant, &players, seed)?;
        check_options::<Bo>(&texts, &variant, &players, seed)?;
        check_options::<Chexers>(&texts, &variant, &players, seed)?;
        check_options::<Nim>(&texts, &variant, &players, seed)?;
    }
}
