//! The batch API's speed: games stepped per second with random legal tokens, on one thread and
//! on all, for Uno (the target: 5M steps a second on 2 cores) and every other game.
//! Tokens are drawn in Rust from the masks, so the figure is the batch's own cost.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use parlour_dynamic::{open, AnyBatch, Outputs};
use serde_json::json;

const GAMES: usize = 4096;

struct Buffers {
    obs: Vec<f32>,
    masks: Vec<bool>,
    players: Vec<i64>,
    rewards: Vec<f32>,
    dones: Vec<bool>,
    tokens: Vec<i64>,
}

impl Buffers {
    fn new(b: &dyn AnyBatch) -> Buffers {
        let n = b.len();
        Buffers {
            obs: vec![0.0; n * b.observation_len()],
            masks: vec![false; n * b.action_space()],
            players: vec![0; n],
            rewards: vec![0.0; n * b.num_players()],
            dones: vec![false; n],
            tokens: vec![0; n],
        }
    }

    fn outputs(&mut self) -> (Outputs<'_>, &mut Vec<i64>) {
        (
            Outputs {
                observations: &mut self.obs,
                masks: &mut self.masks,
                players: &mut self.players,
                rewards: &mut self.rewards,
                dones: &mut self.dones,
            },
            &mut self.tokens,
        )
    }

    /// A random legal token per game (a cheap generator: the bench measures the batch).
    fn choose(&mut self, space: usize, state: &mut u64) {
        for (g, t) in self.tokens.iter_mut().enumerate() {
            let mask = &self.masks[g * space..(g + 1) * space];
            let legal = mask.iter().filter(|&&m| m).count();
            *state ^= *state << 13;
            *state ^= *state >> 7;
            *state ^= *state << 17;
            let mut k = (*state % legal as u64) as usize;
            for (i, &m) in mask.iter().enumerate() {
                if m {
                    if k == 0 {
                        *t = i as i64;
                        break;
                    }
                    k -= 1;
                }
            }
        }
    }
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("batch");
    group.throughput(Throughput::Elements(GAMES as u64));
    let cases: Vec<(&str, Vec<(String, serde_json::Value)>)> = vec![
        ("uno-2", vec![("players".into(), json!(2))]),
        ("uno-4", vec![]),
        ("go", vec![]),
        ("phased", vec![]),
        ("bo", vec![]),
        ("chexers", vec![]),
    ];
    for (label, options) in cases {
        let name = label.split('-').next().unwrap_or(label);
        let game = open(name, &options).unwrap();
        for threads in [1usize, 2] {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .unwrap();
            let mut batch = game.batch(GAMES, 1);
            let mut buf = Buffers::new(batch.as_ref());
            let space = batch.action_space();
            {
                let (out, _) = buf.outputs();
                pool.install(|| batch.reset(1, out)).unwrap();
            }
            let mut rng = 0x9e37_79b9_7f4a_7c15u64;
            group.bench_function(BenchmarkId::new(label, format!("{threads} threads")), |b| {
                // Only the step is timed, not the drawing of the tokens.
                b.iter_custom(|iters| {
                    let mut spent = std::time::Duration::ZERO;
                    for _ in 0..iters {
                        buf.choose(space, &mut rng);
                        let tokens = buf.tokens.clone();
                        let (out, _) = buf.outputs();
                        let start = std::time::Instant::now();
                        pool.install(|| batch.step(black_box(&tokens), out))
                            .unwrap();
                        spent += start.elapsed();
                    }
                    spent
                })
            });
        }
    }
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10);
    targets = bench
}
criterion_main!(benches);
