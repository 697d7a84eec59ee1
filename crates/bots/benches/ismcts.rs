//! Information-set MCTS (`cargo bench -p parlour-bots`): one decision at a fixed budget, from
//! the first position of a seeded deal, for each game — what `parlour bench GAME --bot ismcts`
//! measures per decision.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};
use parlour_bots::make_bot;
use parlour_core::rng::seeded;
use parlour_core::{Decision, GameAi, State};

fn decide<G: GameAi + parlour_core::encode::Encode>(
    c: &mut Criterion,
    name: &str,
    game: &G,
    iters: u64,
) {
    // The first position of a seeded game, after a few random moves, with a real choice (a
    // forced move is answered at once).
    let mut rng = seeded(5);
    let mut scratch = Vec::new();
    let mut state = game.new_game(3);
    for _ in 0..8 {
        if let Some(a) = state.random_action(&mut rng, &mut scratch) {
            state.apply_unchecked(a);
        }
    }
    while state.legal_action_vec().len() < 2 {
        let a = state.random_action(&mut rng, &mut scratch).unwrap();
        state.apply_unchecked(a);
    }
    let seat = state.current_player().unwrap();
    let observation = state.observation(seat);
    let legal = state.legal_action_vec();
    let spec = format!("ismcts:iters={iters}").parse().unwrap();
    let mut bot = make_bot::<G>(&spec, 1).unwrap();
    let mut group = c.benchmark_group("ismcts");
    group.sample_size(10);
    group.bench_function(format!("{name}/{iters}"), |b| {
        b.iter(|| black_box(bot.act(&Decision::new(game, seat, &observation, &legal))))
    });
}

fn benches(c: &mut Criterion) {
    decide(c, "uno", &parlour_uno::Uno::standard(), 1000);
    decide(c, "go", &parlour_go::Go::standard(), 1000);
    decide(c, "phased", &parlour_phased::Phased::standard(), 100);
    decide(c, "bo", &parlour_bo::Bo::standard(), 100);
    decide(c, "chexers", &parlour_chexers::Chexers::standard(), 1000);
}

criterion_group!(ismcts, benches);
criterion_main!(ismcts);
