//! Recorded games under `tests/data/` must replay exactly, line by line: every observation and
//! action, and the result.

use parlour_chexers::Chexers;
use parlour_core::trace::replay_path;

fn replay_file(name: &str) -> parlour_core::trace::ReplayReport {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name);
    replay_path::<Chexers>(&path).unwrap_or_else(|e| panic!("{name}: {e}"))
}

#[test]
fn search_greedy_random_seed_1_replays() {
    let r = replay_file("search-greedy-random-seed1.jsonl");
    assert_eq!(r.decisions, 97);
    assert_eq!(r.returns, vec![1.0, 0.0, 0.0]);
}

#[test]
fn three_greedy_seed_4_replays() {
    let r = replay_file("greedy-x3-seed4.jsonl");
    assert_eq!(r.decisions, 57);
    assert_eq!(r.returns, vec![0.0, 0.0, 1.0]);
}
