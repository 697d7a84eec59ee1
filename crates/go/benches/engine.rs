//! The engine's criterion benches (`cargo bench -p parlour-go`): the shared suite of
//! `parlour_test_support::bench`, which `parlour bench go` times the same units of.

use parlour_test_support::bench as suite;

use criterion::{criterion_group, criterion_main, Criterion};
use parlour_core::Bot;
use parlour_go::Go;

fn random(seed: u64) -> Box<dyn Bot<Go>> {
    Box::new(parlour_bots::RandomBot::new(seed))
}

fn benches(c: &mut Criterion) {
    suite::engine(c, "go", &Go::standard(), random);
}

criterion_group!(engine, benches);
criterion_main!(engine);
