//! The engine's criterion benches (`cargo bench -p parlour-nim`): the shared suite of
//! `parlour_test_support::bench`, which `parlour bench nim` times the same units of.

use parlour_test_support::bench as suite;

use criterion::{criterion_group, criterion_main, Criterion};
use parlour_core::Bot;
use parlour_nim::Nim;

fn random(seed: u64) -> Box<dyn Bot<Nim>> {
    Box::new(parlour_bots::RandomBot::new(seed))
}

fn benches(c: &mut Criterion) {
    suite::engine(c, "nim", &Nim::standard(), random);
}

criterion_group!(engine, benches);
criterion_main!(engine);
