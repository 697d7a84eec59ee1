//! The engine's criterion benches (`cargo bench -p parlour-chexers`): the shared suite of
//! `parlour_test_support::bench`, which `parlour bench chexers` times the same units of.

use parlour_test_support::bench as suite;

use criterion::{criterion_group, criterion_main, Criterion};
use parlour_chexers::Chexers;
use parlour_core::Bot;

fn random(seed: u64) -> Box<dyn Bot<Chexers>> {
    Box::new(parlour_bots::RandomBot::new(seed))
}

fn benches(c: &mut Criterion) {
    suite::engine(c, "chexers", &Chexers::standard(), random);
}

criterion_group!(engine, benches);
criterion_main!(engine);
