//! Fuzz targets for everything Uno reads from outside: action and card text (typed, or in a
//! bot's answer), the JSON form of actions, game options (`-o key=value`, a trace header, a
//! `hello`), observations given to `resample` (from a file or a protocol message), a person's
//! typed decision, traces, and bot specs. Each target is proptest over structured mutations of
//! valid inputs taken from random play (see `parlour_test_support::fuzz`) and over
//! arbitrary text; the contract is that nothing panics, a rejected input is an `Err` with a
//! message, and an accepted one round-trips (text, JSON, and a resampled state's view).
//!
//! Each target runs a bounded number of cases (the file takes well under 20 s); set
//! `PARLOUR_FUZZ_CASES=N` to run at least N cases of each, e.g.
//! `PARLOUR_FUZZ_CASES=100000 cargo test -p parlour-uno --test it fuzz::`.

use parlour_test_support::fuzz as fuzz_support;

use std::sync::LazyLock;

use fuzz_support::*;
use parlour_core::rng::seeded;
use parlour_core::{Game, State};
use parlour_uno::{Card, Uno, UnoOptions};
use proptest::prelude::*;

static CORPUS: LazyLock<Corpus<Uno>> = LazyLock::new(|| {
    let games = vec![
        Uno::standard(),
        Uno::with_players(2).unwrap(),
        Uno::with_players(10).unwrap(),
        Uno::new(UnoOptions {
            players: 3,
            target: Some(200),
            rounds: Some(3),
        })
        .unwrap(),
    ];
    Corpus::new(games, 3, 7, 2)
});

fn card_texts() -> Vec<String> {
    Card::all_kinds().map(|c| c.to_string()).collect()
}

proptest! {
    #![proptest_config(config(20_000))]

    #[test]
    fn fuzz_card_text(text in text_input(card_texts(), &CORPUS.words)) {
        match text.parse::<Card>() {
            Ok(c) => {
                prop_assert_eq!(c.to_string().parse::<Card>().ok(), Some(c));
                let json = serde_json::to_string(&c).unwrap();
                prop_assert_eq!(serde_json::from_str::<Card>(&json).ok(), Some(c));
            }
            Err(e) => prop_assert!(!e.to_string().trim().is_empty()),
        }
    }

}

/// Resampling an unmutated observation reproduces it (the corpus is sound).
#[test]
fn fuzz_unmutated_observations_resample() {
    let c = &*CORPUS;
    for (g, obs) in &c.observations {
        let obs: parlour_uno::UnoObservation = serde_json::from_value(obs.clone()).unwrap();
        let s = c.games[*g].resample(&obs, &mut seeded(1)).unwrap();
        assert_eq!(s.observation(obs.seat), obs);
    }
}

parlour_test_support::game_fuzz_targets!(
    Uno,
    CORPUS,
    text_cases = 20_000,
    cases = 10_000,
    trace_cases = 3000,
    observation_edits = 5,
    human_words = CORPUS.human_words()
);
