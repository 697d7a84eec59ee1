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
use parlour_chexers::{Chexers, ChexersObservation, Hex, Position};
use parlour_core::rng::seeded;
use parlour_core::{Game, State};
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

#[test]
fn fuzz_corpus_is_valid() {
    let c = &*CORPUS;
    assert!(c.observations.len() > 50 && c.actions.len() > 40);
    for t in &c.traces {
        let lines: Vec<&str> = t.iter().map(String::as_str).collect();
        parlour_core::trace::replay::<Chexers>(&lines).unwrap();
    }
    for (g, obs) in &c.observations {
        let obs: ChexersObservation = serde_json::from_value(obs.clone()).unwrap();
        let s = c.games[*g].resample(&obs, &mut seeded(1)).unwrap();
        assert_eq!(s.observation(obs.seat), obs);
    }
}

proptest! {
    #![proptest_config(config(20_000))]

    #[test]
    fn fuzz_action_text(text in text_input(CORPUS.action_texts.clone(), &CORPUS.words)) {
        check_action_text::<Chexers>(&text)?;
    }

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

    #[test]
    fn fuzz_action_json(which in any::<usize>(), json in ops(1, 4, &CORPUS.words), bytes in maybe_bytes(&CORPUS.words)) {
        run_action_json(&CORPUS, which, &json, &bytes)?;
    }

    #[test]
    fn fuzz_human_input(which in any::<usize>(), input in text_input(
        CORPUS.human_words().into_iter().chain(hex_texts()).collect(), &CORPUS.words)) {
        run_human(&CORPUS, which, &input)?;
    }
}

parlour_test_support::game_fuzz_targets!(Chexers, CORPUS, cases = 3_000, trace_cases = 120);
