//! The engine's criterion benches (`cargo bench -p parlour-uno`): the shared suite of
//! `parlour_test_support::bench`, which `parlour bench uno` times the same units of.

use parlour_test_support::bench as suite;

use criterion::{criterion_group, criterion_main, Criterion};
use parlour_core::Bot;
use parlour_uno::Uno;

fn random(seed: u64) -> Box<dyn Bot<Uno>> {
    Box::new(parlour_bots::RandomBot::new(seed))
}

fn benches(c: &mut Criterion) {
    suite::engine(c, "uno", &Uno::standard(), random);
}

criterion_group!(engine, benches);
criterion_main!(engine);
