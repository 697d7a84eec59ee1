//! Fuzz targets for everything Comp10001-Bo reads from outside: play text and pile names
//! (typed, or in a bot's answer) and the JSON form of plays, build and discard piles read from
//! JSON, the play-validation library asked about any play on an observation read from JSON,
//! game options, observations given to `resample` (from a file or a protocol message), a
//! person's typed play, traces, and bot specs. Each target is proptest over structured
//! mutations of valid inputs taken from random play (see `parlour_test_support::fuzz`) and
//! over arbitrary text; the contract is that nothing panics, a rejected input is an `Err` with
//! a message, and an accepted one round-trips (text, JSON, a resampled state's view).
//!
//! Each target runs a bounded number of cases (the file takes well under 20 s); set
//! `PARLOUR_FUZZ_CASES=N` to run at least N cases of each, e.g.
//! `PARLOUR_FUZZ_CASES=100000 cargo test -p parlour-bo --test it fuzz::`.

use parlour_test_support::fuzz as fuzz_support;

use std::sync::LazyLock;

use fuzz_support::*;
use parlour_bo::{
    parse_pile, valid_actions, validate, validate_turn, Bo, BoAction, BoObservation, BuildPile,
    DiscardPile,
};
use proptest::prelude::*;
use serde_json::Value;

static CORPUS: LazyLock<Corpus<Bo>> =
    LazyLock::new(|| Corpus::new(vec![Bo::standard(), Bo::bonus()], 3, 11, 1));

fn pile_names() -> Vec<String> {
    let mut v: Vec<String> = (0..4).map(|i| format!("b{i}")).collect();
    v.extend((0..4).flat_map(|o| (0..4).map(move |p| format!("d{o}.{p}"))));
    v
}

/// Piles seen in play, as JSON: build piles, then discard piles.
static PILES: LazyLock<(Vec<Value>, Vec<Value>)> = LazyLock::new(piles);

fn piles() -> (Vec<Value>, Vec<Value>) {
    let (mut build, mut discard) = (Vec::new(), Vec::new());
    for (_, o) in &CORPUS.observations {
        build.extend(o["build"].as_array().into_iter().flatten().cloned());
        discard.extend(
            o["discards"]
                .as_array()
                .into_iter()
                .flatten()
                .flat_map(|d| d.as_array().into_iter().flatten().cloned()),
        );
    }
    for v in [&mut build, &mut discard] {
        v.sort_by_key(Value::to_string);
        v.dedup();
    }
    (build, discard)
}

#[test]
fn fuzz_piles_are_valid() {
    let (build, discard) = piles();
    assert!(build.len() > 5 && discard.len() > 5);
}

proptest! {
    #![proptest_config(config(20_000))]

    #[test]
    fn fuzz_pile_name(text in text_input(pile_names(), &CORPUS.words)) {
        match parse_pile(&text) {
            Ok(t) => prop_assert_eq!(parse_pile(&t.to_string()), Ok(t)),
            Err(e) => prop_assert!(!e.to_string().trim().is_empty()),
        }
    }

    /// Build and discard piles read from JSON: refused with a message, or read so that they
    /// write back the same.
    #[test]
    fn fuzz_piles_json(build in any::<bool>(), which in any::<usize>(), json in ops(1, 4, &CORPUS.words)) {
        let list = if build { &PILES.0 } else { &PILES.1 };
        let text = mutate_json(&list[which % list.len()], &json);
        if build {
            match serde_json::from_str::<BuildPile>(&text) {
                Ok(p) => {
                    let back: BuildPile = serde_json::from_value(serde_json::to_value(&p).unwrap()).unwrap();
                    prop_assert_eq!(back, p);
                }
                Err(e) => prop_assert!(!e.to_string().trim().is_empty()),
            }
        } else {
            match serde_json::from_str::<DiscardPile>(&text) {
                Ok(p) => {
                    let back: DiscardPile = serde_json::from_value(serde_json::to_value(&p).unwrap()).unwrap();
                    prop_assert_eq!(back, p);
                }
                Err(e) => prop_assert!(!e.to_string().trim().is_empty()),
            }
        }
    }
}

proptest! {
    #![proptest_config(config(4000))]

    /// The validation library on an observation read from JSON, for any play and seat: an
    /// answer (a reason when invalid), never a panic.
    #[test]
    fn fuzz_validate_on_observation(
        which in any::<usize>(),
        json in ops(0, 4, &CORPUS.words),
        play in text_input(CORPUS.action_texts.clone(), &CORPUS.words),
        seat in 0usize..6,
    ) {
        let (_, value) = &CORPUS.observations[which % CORPUS.observations.len()];
        let Ok(obs) = serde_json::from_str::<BoObservation>(&mutate_json(value, &json)) else {
            return Ok(());
        };
        let Ok(action) = play.parse::<BoAction>() else { return Ok(()) };
        if let Err(e) = validate(&obs, seat, action) {
            prop_assert!(!e.to_string().trim().is_empty());
        }
        if let Err(e) = validate_turn(&obs, seat, action) {
            prop_assert!(!e.to_string().trim().is_empty());
        }
        let mut out = Vec::new();
        valid_actions(&obs, seat.min(3), &mut out);
        for a in out {
            prop_assert!(validate(&obs, seat.min(3), a).is_ok(), "{a} listed as valid but refused");
        }
    }

}

parlour_test_support::game_fuzz_targets!(
    Bo,
    CORPUS,
    text_cases = 20_000,
    cases = 4_000,
    trace_cases = 1200,
    observation_edits = 4,
    human_words = CORPUS
        .human_words()
        .into_iter()
        .chain(pile_names())
        .chain(["s b0".to_string(), "d1.0 b2".to_string()])
        .collect()
);
