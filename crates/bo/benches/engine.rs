//! The engine's criterion benches (`cargo bench -p parlour-bo`): the shared suite of
//! `parlour_test_support::bench`, which `parlour bench bo` times the same units of.

use parlour_test_support::bench as suite;

use criterion::{criterion_group, criterion_main, Criterion};
use parlour_bo::Bo;
use parlour_core::Bot;

fn random(seed: u64) -> Box<dyn Bot<Bo>> {
    Box::new(parlour_bots::RandomBot::new(seed))
}

fn benches(c: &mut Criterion) {
    suite::engine(c, "bo", &Bo::standard(), random);
    suite::engine(c, "bo-bonus", &Bo::bonus(), random);
}

criterion_group!(engine, benches);
criterion_main!(engine);
