//! The shared engine benches on core's toy game (`cargo bench -p parlour-core`).

use parlour_test_support::bench as suite;

use criterion::{criterion_group, criterion_main, Criterion};
use parlour_core::rng::seeded;
use parlour_core::toy::HighCard;
use parlour_core::{Bot, Decision, Game};
use rand::RngExt;

/// Uniformly random, as parlour-bots' random bot (which core cannot depend on).
struct Random(parlour_core::rng::GameRng);

impl Bot<HighCard> for Random {
    fn act(&mut self, d: &Decision<'_, HighCard>) -> parlour_core::toy::HighCardAction {
        d.legal[self.0.random_range(0..d.legal.len())]
    }
}

fn benches(c: &mut Criterion) {
    let game = HighCard::new(Default::default()).unwrap();
    suite::engine(c, "highcard", &game, |seed| Box::new(Random(seeded(seed))));
}

criterion_group!(engine, benches);
criterion_main!(engine);
