//! Fuzz targets for what parlour-core reads from outside: traces (`parlour replay` reads them
//! from a file) and their header line, bot specs (`--bots`, bots files) and stored entry specs
//! (JSON, as a tournament database keeps them). Each target is proptest over arbitrary text and
//! over structured mutations of valid inputs (see `fuzz_support`); the contract is that nothing
//! panics, a rejected input is an `Err` with a message, and an accepted one round-trips.
//!
//! Each target runs a bounded number of cases (the whole file takes a few seconds); set
//! `PARLOUR_FUZZ_CASES=N` to run at least N cases of each, e.g.
//! `PARLOUR_FUZZ_CASES=200000 cargo test -p parlour-core --test it fuzz::`.

use parlour_test_support::fuzz as fuzz_support;

use fuzz_support::{
    apply_lines, check_replay, config, json_input, lines_mutation, text_input, trace_lines,
};
use parlour_core::toy::{HighCard, HighCardOptions};
use parlour_core::trace::read_header;
use parlour_core::{BotSpec, Game};
use proptest::prelude::*;
use serde_json::Value;

fn traces() -> Vec<Vec<String>> {
    let plain = HighCard::new(HighCardOptions::default()).unwrap();
    let leaky = HighCard::new(HighCardOptions {
        leak_top_card: true,
        ..HighCardOptions::default()
    })
    .unwrap();
    (0..6)
        .map(|seed| trace_lines(&plain, seed))
        .chain((0..2).map(|seed| trace_lines(&leaky, seed)))
        .collect()
}

fn words() -> Vec<String> {
    [
        "header",
        "decision",
        "result",
        "parlour-trace",
        "highcard",
        "uno",
        "stay",
        "swap",
        "kind",
        "format",
        "version",
        "game",
        "seed",
        "seats",
        "index",
        "observation",
        "legal",
        "action",
        "decisions",
        "rounds",
        "returns",
        "leak_top_card",
        "leak_all",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect()
}

const SPECS: &[&str] = &[
    "random",
    "heuristic",
    "search:nodes=50000",
    "ismcts:iters=2000:c=0.7",
    "search:nodes=5:depth=3:ms=10:table_bits=12",
    "a_b-c.d",
];

#[test]
fn fuzz_valid_traces_replay() {
    for t in traces() {
        let lines: Vec<&str> = t.iter().map(String::as_str).collect();
        parlour_core::trace::replay::<HighCard>(&lines).unwrap();
    }
}

proptest! {
    #![proptest_config(config(20_000))]

    /// A trace mutated by line, by JSON edit and by byte: replay never panics, and every error
    /// names a line and says what is wrong.
    #[test]
    fn fuzz_trace_replay(
        which in 0usize..8,
        m in lines_mutation(&words()),
    ) {
        let traces = traces();
        let text = apply_lines(&traces[which], &m);
        check_replay::<HighCard>(&text)?;
    }

    /// The header line alone.
    #[test]
    fn fuzz_trace_header(text in json_input(
        traces().iter().map(|t| serde_json::from_str::<Value>(&t[0]).unwrap()).collect(),
        &words(),
    )) {
        match read_header(&text) {
            Ok(h) => {
                prop_assert_eq!(h.kind.as_str(), "header");
                prop_assert_eq!(h.format.as_str(), "parlour-trace");
                prop_assert_eq!(h.version, parlour_core::trace::TRACE_VERSION);
            }
            Err(e) => {
                prop_assert_eq!(e.line, 1);
                prop_assert!(!e.message.trim().is_empty());
            }
        }
    }

    /// Arbitrary trace text (no valid structure at all).
    #[test]
    fn fuzz_trace_arbitrary_text(text in "(\\PC{0,40}\n){0,4}") {
        check_replay::<HighCard>(&text)?;
    }

    /// Bot specs as typed on the command line: an error says what is wrong; an accepted spec
    /// round-trips through its text and JSON forms.
    #[test]
    fn fuzz_bot_spec_text(text in text_input(
        SPECS.iter().map(|s| s.to_string()).collect(),
        &["nodes", "iters", "ms", "c", "=", ":", "depth"].iter().map(|s| s.to_string()).collect::<Vec<_>>(),
    )) {
        match text.parse::<BotSpec>() {
            Ok(spec) => {
                let shown = spec.to_string();
                let back: BotSpec = shown.parse().map_err(|e| TestCaseError::fail(format!("{shown:?}: {e}")))?;
                prop_assert_eq!(&back, &spec);
                let json = serde_json::to_string(&spec).unwrap();
                prop_assert_eq!(serde_json::from_str::<BotSpec>(&json).unwrap(), spec);
            }
            Err(e) => prop_assert!(!e.to_string().trim().is_empty()),
        }
    }
}
