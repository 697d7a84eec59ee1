//! The learned bot's cost per decision (`cargo bench -p parlour-bots --bench learned`): for each
//! game, the decision with the most legal actions met in 200 seeded random games, answered by
//! a network of the default shape (hidden layers 256 and 256), without and with a prior bot
//! (the game's strongest own bot that is not a search). The weights are a fixed pattern
//! (`Model::patterned`): the cost depends on the shape only. The budget it must fit is 100 ms
//! a move on one core.

use std::hint::black_box;
use std::sync::Arc;

use criterion::{criterion_group, criterion_main, Criterion};
use parlour_core::encode::Encode;
use parlour_core::rng::seeded;
use parlour_core::{Bot, Decision, Game, GameAi, State};
use parlour_learn::bot::LearnedBot;
use parlour_learn::model::{Meta, Model};

/// A model of the default shape for `game`, with `prior` as its prior bot.
fn model<G: Encode>(game: &G, prior: Option<&str>) -> Model {
    let meta = Meta {
        game: G::INFO.name.into(),
        options: serde_json::to_value(game.options()).unwrap(),
        observation_len: game.observation_layout().len(),
        action_space: game.action_layout().len(),
        hidden: vec![256, 256],
        return_scale: 1.0,
        provenance: "a benchmark".into(),
        prior: prior.map(String::from),
    };
    Model::patterned(meta)
}

/// The state with the most legal actions met in 200 random games.
fn widest<G: Game>(game: &G) -> G::State {
    let mut rng = seeded(11);
    let mut scratch = Vec::new();
    let mut best: Option<(usize, G::State)> = None;
    for deal in 0..200 {
        let mut state = game.new_game(deal);
        while state.current_player().is_some() {
            let n = state.legal_action_vec().len();
            if best.as_ref().is_none_or(|(m, _)| n > *m) {
                best = Some((n, state.clone()));
            }
            let Some(a) = state.random_action(&mut rng, &mut scratch) else {
                break;
            };
            state.apply_unchecked(a);
        }
    }
    best.expect("a game has a decision").1
}

fn decide<G: GameAi + Encode + 'static>(c: &mut Criterion, name: &str, game: &G, prior: &str) {
    let state = widest(game);
    let seat = state.current_player().unwrap();
    let observation = state.observation(seat);
    let legal = state.legal_action_vec();
    let mut group = c.benchmark_group("learned");
    group.sample_size(20);
    for p in [None, Some(prior)] {
        let mut bot = LearnedBot::<G>::new(Arc::new(model(game, p)), "benchmark", 1).unwrap();
        let label = match p {
            None => format!("{name}/{}-actions", legal.len()),
            Some(p) => format!("{name}/{}-actions/prior-{p}", legal.len()),
        };
        group.bench_function(label, |b| {
            b.iter(|| black_box(bot.act(&Decision::new(game, seat, &observation, &legal))))
        });
    }
    group.finish();
}

fn benches(c: &mut Criterion) {
    decide(c, "uno", &parlour_uno::Uno::standard(), "heuristic");
    decide(c, "go", &parlour_go::Go::standard(), "heuristic");
    decide(
        c,
        "phased",
        &parlour_phased::Phased::standard(),
        "heuristic",
    );
    decide(c, "bo", &parlour_bo::Bo::standard(), "heuristic");
    decide(
        c,
        "chexers",
        &parlour_chexers::Chexers::standard(),
        "greedy",
    );
}

criterion_group!(learned, benches);
criterion_main!(learned);
