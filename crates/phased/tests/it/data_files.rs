//! Data-file regression tests: recorded games under `tests/data/` must replay exactly, line by
//! line (deals over many hands, every seat's view, every legal-action list, the result).

use parlour_core::trace::{replay_path, ReplayReport};
use parlour_phased::Phased;

fn replay_file(name: &str) -> ReplayReport {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name);
    replay_path::<Phased>(&path).unwrap_or_else(|e| panic!("{name}: {e}"))
}

#[test]
fn standard_heuristics_seed_1_replays() {
    let r = replay_file("standard-heuristics-seed1.jsonl");
    assert_eq!(r.decisions, 245);
    assert_eq!(r.returns, vec![-244.0, 9927.0, -308.0, -265.0]);
}

#[test]
fn bonus_mixed_seed_2_replays() {
    let r = replay_file("bonus-mixed-seed2.jsonl");
    assert_eq!(r.decisions, 430);
    assert_eq!(r.returns, vec![9800.0, 9867.0, 9818.0, -518.0]);
}
