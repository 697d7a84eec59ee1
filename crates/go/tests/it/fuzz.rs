//! Fuzz targets for everything Comp10001-Go reads from outside: pick text (typed, or in a bot's
//! answer) and its JSON form, card lists given to the scorer (`parlour go score CARDS...`),
//! game options, observations given to `resample` (from a file or a protocol message), a
//! person's typed pick, traces, and bot specs. Each target is proptest over structured
//! mutations of valid inputs taken from random play (see `parlour_test_support::fuzz`) and
//! over arbitrary text; the contract is that nothing panics, a rejected input is an `Err` with
//! a message, and an accepted one round-trips (text, JSON, a resampled state's view).
//!
//! Each target runs a bounded number of cases (the file takes well under 20 s); set
//! `PARLOUR_FUZZ_CASES=N` to run at least N cases of each, e.g.
//! `PARLOUR_FUZZ_CASES=100000 cargo test -p parlour-go --test it fuzz::`.

use parlour_test_support::fuzz as fuzz_support;

use std::sync::LazyLock;

use fuzz_support::*;
use parlour_cards::{format_cards, parse_cards, Card};
use parlour_core::State;
use parlour_go::scoring::{best_partition, best_score, score_group, score_partition};
use parlour_go::Go;
use proptest::prelude::*;

static CORPUS: LazyLock<Corpus<Go>> = LazyLock::new(|| Corpus::new(vec![Go::standard()], 8, 3, 4));

/// Card lists: hands and discards seen in play, and the whole deck.
fn card_lists() -> Vec<String> {
    let mut v: Vec<String> = CORPUS
        .states
        .iter()
        .flat_map(|(_, s)| {
            let o = s.observation(0);
            let mut lists = vec![format_cards(&o.hand)];
            lists.extend(o.discards.iter().map(|d| format_cards(d)));
            lists
        })
        .filter(|l| !l.is_empty())
        .collect();
    v.push(format_cards(&parlour_cards::standard_deck()[..20]));
    v.push("7C 7S 4C AH AS QS 9H 7H AC JH".into());
    v.push("AS 2H 3S 4H".into());
    v.sort();
    v.dedup();
    v
}

proptest! {
    #![proptest_config(config(20_000))]

    /// `parlour go score CARDS...`: an error, or the best partition, which is a valid partition
    /// of exactly those cards scoring what `best_score` says; each group scores alone.
    #[test]
    fn fuzz_score_cards(text in text_input(card_lists(), &CORPUS.words)) {
        let cards = match parse_cards(&text) {
            Ok(c) => c,
            Err(e) => {
                prop_assert!(!e.to_string().trim().is_empty());
                return Ok(());
            }
        };
        prop_assert_eq!(parse_cards(&format_cards(&cards)).ok(), Some(cards.clone()));
        match best_partition(&cards) {
            Ok(p) => {
                prop_assert_eq!(best_score(&cards).ok(), Some(p.score));
                let groups: Vec<Vec<Card>> = p.groups.iter().map(|(g, _)| g.clone()).collect();
                let again = score_partition(&cards, &groups)
                    .map_err(|e| TestCaseError::fail(format!("best partition refused: {e}")))?;
                prop_assert_eq!(again.score, p.score);
                let _ = p.to_string();
            }
            Err(e) => {
                prop_assert!(!e.to_string().trim().is_empty());
                prop_assert!(best_score(&cards).is_err());
            }
        }
        match score_group(&cards) {
            Ok(g) => prop_assert_eq!(score_partition(&cards, std::slice::from_ref(&cards)).map(|p| p.score).ok(), Some(g.score)),
            Err(e) => prop_assert!(!e.to_string().trim().is_empty()),
        }
    }
}

parlour_test_support::game_fuzz_targets!(
    Go,
    CORPUS,
    text_cases = 20_000,
    cases = 12_000,
    trace_cases = 5000,
    observation_edits = 4,
    human_words = CORPUS.human_words()
);
