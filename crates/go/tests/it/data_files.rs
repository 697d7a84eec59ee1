//! Data-file regression tests: recorded games under `tests/data/` must replay exactly, line by
//! line (deal, hidden picks, hand passing, every seat's view, and the optimal final scores).

use parlour_core::trace::replay_path;
use parlour_go::Go;

fn replay_file(name: &str) -> parlour_core::trace::ReplayReport {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name);
    replay_path::<Go>(&path).unwrap_or_else(|e| panic!("{name}: {e}"))
}

#[test]
fn random_seed_1_replays() {
    let r = replay_file("random-seed1.jsonl");
    assert_eq!(r.decisions, 40);
    assert_eq!(r.returns, vec![16.0, 10.0, 28.0, -39.0]);
}

#[test]
fn mixed_seed_2_replays() {
    let r = replay_file("mixed-seed2.jsonl");
    assert_eq!(r.decisions, 40);
    assert_eq!(r.returns, vec![63.0, 7.0, 91.0, 18.0]);
}
