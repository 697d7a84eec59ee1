//! Fuzz targets for everything Chexers reads from outside: action and hex text (typed, or in a
//! bot's answer) and the JSON form of actions, the position notation, game options,
//! observations given to `resample` (from a file or a protocol message), a person's typed
//! move, traces, and bot specs. Each target is proptest over structured mutations of valid
//! inputs taken from random play (see `parlour_test_support::fuzz`) and over arbitrary
//! text; the contract is that nothing panics, a rejected input is an `Err` with a message, and
//! an accepted one round-trips (text, JSON, a resampled state's view).
//!
//! Each target runs a bounded number of cases (the file takes well under 20 s); set
//! `PARLOUR_FUZZ_CASES=N` to run at least N cases of each, e.g.
//! `PARLOUR_FUZZ_CASES=100000 cargo test -p parlour-chexers --test it fuzz::`.

use parlour_test_support::fuzz as fuzz_support;

use std::sync::LazyLock;

use fuzz_support::*;
use parlour_chexers::{Chexers, Hex, Position};
use parlour_core::State;
use proptest::prelude::*;

static CORPUS: LazyLock<Corpus<Chexers>> =
    LazyLock::new(|| Corpus::new(vec![Chexers::standard()], 4, 9, 2));

/// Positions seen in play, in their notation.
static POSITIONS: LazyLock<Vec<String>> = LazyLock::new(|| {
    let mut v: Vec<String> = CORPUS
        .states
        .iter()
        .map(|(_, s)| s.observation(0).position.to_string())
        .collect();
    v.sort();
    v.dedup();
    v
});

fn hex_texts() -> Vec<String> {
    Hex::all()
        .flat_map(|h| [h.to_string(), format!("{},{}", h.q(), h.r())])
        .collect()
}

proptest! {
    #![proptest_config(config(20_000))]

    #[test]
    fn fuzz_hex_text(text in text_input(hex_texts(), &CORPUS.words)) {
        match Hex::parse(&text) {
            Ok(h) => {
                prop_assert_eq!(Hex::parse(&h.to_string()).ok(), Some(h));
                let json = serde_json::to_string(&h).unwrap();
                prop_assert_eq!(serde_json::from_str::<Hex>(&json).ok(), Some(h));
            }
            Err(e) => prop_assert!(!e.to_string().trim().is_empty()),
        }
    }

    /// The position notation: refused with a reason, or a position whose notation reads back
    /// as the same position.
    #[test]
    fn fuzz_position_text(text in text_input(POSITIONS.clone(), &CORPUS.words)) {
        match text.parse::<Position>() {
            Ok(p) => {
                let shown = p.to_string();
                let back: Position = shown.parse().map_err(|e| TestCaseError::fail(format!("{shown:?}: {e}")))?;
                prop_assert_eq!(back, p);
            }
            Err(e) => prop_assert!(!e.to_string().trim().is_empty()),
        }
    }

}

parlour_test_support::game_fuzz_targets!(
    Chexers,
    CORPUS,
    text_cases = 20_000,
    cases = 3_000,
    trace_cases = 120,
    observation_edits = 4,
    human_words = CORPUS
        .human_words()
        .into_iter()
        .chain(hex_texts())
        .collect()
);
