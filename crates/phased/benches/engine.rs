//! The engine's criterion benches (`cargo bench -p parlour-phased`): the shared suite of
//! `parlour_test_support::bench`, which `parlour bench phased` times the same units of, and
//! the phase finder on random 11-card hands (and on hands rich in wilds, the expensive case).

use parlour_test_support::bench as suite;

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};
use parlour_cards::{decks, parse_cards, Card};
use parlour_core::rng::seeded;
use parlour_core::Bot;
use parlour_phased::finder::{can_lay, find_phase, phase_plays};
use parlour_phased::groups::PhaseType;
use parlour_phased::Phased;
use rand::seq::SliceRandom;

fn random(seed: u64) -> Box<dyn Bot<Phased>> {
    Box::new(parlour_bots::RandomBot::new(seed))
}

fn benches(c: &mut Criterion) {
    suite::engine(c, "phased", &Phased::standard(), random);
    suite::engine(c, "phased-bonus", &Phased::bonus(), random);
}

/// `n` random 11-card hands from two packs.
fn random_hands(n: usize, seed: u64) -> Vec<Vec<Card>> {
    let mut rng = seeded(seed);
    (0..n)
        .map(|_| {
            let mut deck = decks(2, 0);
            deck.shuffle(&mut rng);
            deck.truncate(11);
            deck
        })
        .collect()
}

fn finder(c: &mut Criterion) {
    let hands = random_hands(256, 42);
    // Hands rich in wilds and near-phases, the expensive case.
    let aces = parse_cards("AS AH AD").unwrap_or_default();
    let rich: Vec<Vec<Card>> = hands
        .iter()
        .map(|h| h[..8].iter().chain(&aces).copied().collect())
        .collect();
    for (name, set) in [("random", &hands), ("three_aces", &rich)] {
        c.bench_function(&format!("phased/finder/{name}/phase_plays_x5"), |b| {
            b.iter(|| {
                set.iter()
                    .map(|h| {
                        PhaseType::ALL
                            .iter()
                            .map(|&p| phase_plays(h, p).len())
                            .sum::<usize>()
                    })
                    .sum::<usize>()
            })
        });
        c.bench_function(&format!("phased/finder/{name}/find_phase"), |b| {
            b.iter(|| {
                set.iter()
                    .filter(|h| find_phase(black_box(h), &PhaseType::ALL).is_some())
                    .count()
            })
        });
        c.bench_function(&format!("phased/finder/{name}/can_lay_x5"), |b| {
            b.iter(|| {
                set.iter()
                    .map(|h| PhaseType::ALL.iter().filter(|&&p| can_lay(h, p)).count())
                    .sum::<usize>()
            })
        });
    }
}

criterion_group!(engine, benches, finder);
criterion_main!(engine);
