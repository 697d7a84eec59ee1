//! The criterion benches every game runs (each game's `benches/engine.rs` calls them): the units of work `parlour bench` times
//! (`parlour_core::bench`), plus the pieces a tournament worker spends its time in.
//!
//! - `random_playout`: one uniformly random game, through `State::random_action` (`parlour
//!   bench GAME`);
//! - `random_bots`: one game between random bots through the `Bot` interface, observations
//!   built at every decision (`parlour bench GAME --bot random`);
//! - `observation`: every seat's observation at a set of positions from random games;
//! - `legal_actions`: the legal actions at the same positions;
//! - `resample`: one determinization of each seat's view at the same positions, through the
//!   game's sampler for search.

use std::hint::black_box;

use criterion::{BatchSize, Criterion};
use parlour_core::bench::{bot_game, random_playout};
use parlour_core::rng::{derive_seed, seeded};
use parlour_core::{Bot, Game, GameAi, State};

/// Positions of `games` random games of `game`, every `every`-th decision.
pub fn positions<G: Game>(game: &G, games: u64, every: u64) -> Vec<G::State> {
    let mut rng = seeded(7);
    let mut legal = Vec::new();
    let mut out = Vec::new();
    for g in 0..games {
        let mut state = game.new_game(derive_seed(11, g));
        let mut k = 0u64;
        while let Some(a) = state.random_action(&mut rng, &mut legal) {
            if k % every == 0 {
                out.push(state.clone());
            }
            state.apply_unchecked(a);
            k += 1;
        }
    }
    out
}

/// The engine benches of `game`, named `name/...`; `make_random` makes a random bot from a
/// seed.
pub fn engine<G: GameAi>(
    c: &mut Criterion,
    name: &str,
    game: &G,
    make_random: fn(u64) -> Box<dyn Bot<G>>,
) {
    let mut group = c.benchmark_group(name);
    let mut rng = seeded(1);
    let mut legal = Vec::with_capacity(256);
    let mut seed = 0u64;
    group.bench_function("random_playout", |b| {
        b.iter(|| {
            seed += 1;
            black_box(random_playout(game, seed, &mut rng, &mut legal))
        })
    });
    let mut seed = 0u64;
    group.bench_function("random_bots", |b| {
        b.iter_batched(
            || {
                seed += 1;
                let bots: Vec<Box<dyn Bot<G>>> = (0..game.num_players())
                    .map(|s| make_random(derive_seed(seed, s as u64)))
                    .collect();
                (seed, bots)
            },
            |(seed, mut bots)| black_box(bot_game(game, seed, &mut bots).decisions()),
            BatchSize::SmallInput,
        )
    });
    let states = positions(game, 20, 3);
    group.bench_function("observation", |b| {
        b.iter(|| {
            for s in &states {
                for seat in 0..game.num_players() {
                    black_box(s.observation(seat));
                }
            }
        })
    });
    group.bench_function("legal_actions", |b| {
        b.iter(|| {
            for s in &states {
                s.legal_actions(&mut legal);
                black_box(legal.len());
            }
        })
    });
    let views: Vec<G::Observation> = states
        .iter()
        .filter_map(|s| s.current_player().map(|seat| s.observation(seat)))
        .take(200)
        .collect();
    group.bench_function("resample", |b| {
        b.iter(|| {
            for v in &views {
                let mut sampler = game.sampler(v, &mut rng).expect("a true view resamples");
                black_box(sampler.sample(&mut rng).expect("a true view resamples"));
            }
        })
    });
    group.finish();
}
