//! The engine's criterion benches (`cargo bench -p parlour-phased`): the shared suite of
//! `crates/core/benches/suite`, which `parlour bench phased` times the same units of.

#[path = "../../core/benches/suite/mod.rs"]
mod suite;

use criterion::{criterion_group, criterion_main, Criterion};
use parlour_core::Bot;
use parlour_phased::Phased;

fn random(seed: u64) -> Box<dyn Bot<Phased>> {
    Box::new(parlour_bots::RandomBot::new(seed))
}

fn benches(c: &mut Criterion) {
    suite::engine(c, "phased", &Phased::standard(), random);
    suite::engine(c, "phased-bonus", &Phased::bonus(), random);
}

criterion_group!(engine, benches);
criterion_main!(engine);
