//! Tuning aid: ISMCTS with Comp10001-Bo's search tuning (numbers overridable as `key=value`
//! arguments) against the `heuristic` bot, two of each at the table, each deal played in both
//! seatings; `iters` is the tuning's unless given (0: the greedy policy instead of ISMCTS).
//! `cargo run --release -p parlour-bo --example search_duel -- deals=50 horizon=8`.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use parlour_bo::ai::{tuning_with, Finish, SearchParams};
use parlour_bo::{Bo, BoAction, HeuristicBot, Outcome};
use parlour_bots::ismcts::{Budget, Config, IsmctsBot};
use parlour_core::play::play;
use parlour_core::rng::derive_seed;
use parlour_core::search::Root;
use parlour_core::{Bot, Decision, Game};

/// Times the searched decisions (more than one legal action) of a bot.
struct Timed {
    bot: Box<dyn Bot<Bo>>,
    searched: Arc<[AtomicU64; 2]>,
}

impl Bot<Bo> for Timed {
    fn act(&mut self, d: &Decision<'_, Bo>) -> BoAction {
        let start = cpu_nanos();
        let a = self.bot.act(d);
        if d.legal.len() > 1 {
            self.searched[0].fetch_add(1, Ordering::Relaxed);
            self.searched[1].fetch_add(cpu_nanos() - start, Ordering::Relaxed);
        }
        a
    }
}

/// This thread's time on a CPU so far, in nanoseconds (Linux).
fn cpu_nanos() -> u64 {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|s| s.split_whitespace().next()?.parse().ok())
        .unwrap_or(0)
}

/// The greedy playout policy as a bot (it reads only what the seat sees).
struct Greedy(parlour_core::rng::GameRng);

impl Bot<Bo> for Greedy {
    fn act(&mut self, d: &Decision<'_, Bo>) -> BoAction {
        let s = d.game.resample(d.observation(), &mut self.0).unwrap();
        parlour_bo::ai::greedy_action(&s)
    }
}

fn main() {
    let mut p = SearchParams::default();
    let mut deals = 20u64;
    let mut iters = p.iterations;
    let mut seed = 1u64;
    let mut bonus = false;
    for arg in std::env::args().skip(1) {
        let (k, v) = arg.split_once('=').expect("key=value");
        let f: f64 = v.parse().expect("a number");
        match k {
            "deals" => deals = f as u64,
            "iters" => iters = f as u64,
            "seed" => seed = f as u64,
            "bonus" => bonus = f != 0.0,
            "c" => p.exploration = f,
            "playout" => p.max_playout = f as u32,
            "explore" => p.explore = f,
            // 0 nobody, 1 the greedy policy, more: the heuristic's planner with that budget.
            "finish" => {
                p.finish = match f as u32 {
                    0 => Finish::Nobody,
                    1 => Finish::Greedy,
                    b => Finish::Heuristic(b),
                }
            }
            "scale" => p.weights.scale = f,
            "land" => {
                let base = [0.0, 330.0, 480.0, 560.0, 600.0];
                p.weights.land = base.map(|x| x * f);
            }
            "bridge" => p.weights.bridge = [140.0 * f, 40.0 * f],
            "feed" => p.weights.feed = [15.0 * f, 5.0 * f],
            "danger" => p.weights.danger = [f, f / 10.0],
            "open" => p.weights.open = [30.0 * f, -150.0 * f],
            "hand" => p.weights.hand = f,
            "rival" => p.weights.rival = f,
            // A negative z: no anchor.
            "anchor" => p.anchor_z = (f >= 0.0).then_some(f),
            // 0 a tree, 1 a paired root, 2 a paired root by sequential halving.
            "root" => {
                p.root = match f as u32 {
                    0 => Root::Tree,
                    1 => Root::Paired,
                    _ => Root::Halving,
                }
            }
            "horizon" => p.horizon = f as u32,
            // Who plays the later turns, as `finish`.
            "later" => {
                p.later = match f as u32 {
                    0 => Finish::Nobody,
                    1 => Finish::Greedy,
                    b => Finish::Heuristic(b),
                }
            }
            _ => panic!("unknown key {k}"),
        }
    }
    let game = if bonus { Bo::bonus() } else { Bo::standard() };
    eprintln!("{p:?} iters={iters} deals={deals}");
    let searched = Arc::new([AtomicU64::new(0), AtomicU64::new(0)]);
    let (mut ism, mut heu, mut none, mut games) = (0u64, 0u64, 0u64, 0u64);
    // Per deal: ISMCTS wins minus heuristic wins over the two seatings (for a clustered error).
    let mut per_deal = Vec::new();
    // Per deal: the heuristic seats' stockpile cards left minus the ISMCTS seats', per game.
    let mut stock_deal: Vec<f64> = Vec::new();
    let started = Instant::now();
    for deal in 0..deals {
        let s = derive_seed(seed, deal);
        let mut diff = 0.0;
        let mut sdiff = 0.0;
        for arrangement in 0..2u64 {
            let mut bots: Vec<Box<dyn Bot<Bo>>> = (0..4)
                .map(|k| -> Box<dyn Bot<Bo>> {
                    let bs = derive_seed(s, 100 * arrangement + k as u64);
                    if (k as u64 + arrangement) % 2 == 0 && iters == 0 {
                        Box::new(Greedy(parlour_core::rng::seeded(bs)))
                    } else if (k as u64 + arrangement) % 2 == 0 {
                        let config = Config {
                            budget: Some(Budget::Iterations(iters)),
                            ..Config::default()
                        };
                        Box::new(Timed {
                            bot: Box::new(IsmctsBot::with_tuning(config, bs, tuning_with(p))),
                            searched: searched.clone(),
                        })
                    } else {
                        Box::new(HeuristicBot::new(bs))
                    }
                })
                .collect();
            let end = play(&game, game.new_game(s), &mut bots, |_| Ok(())).unwrap();
            games += 1;
            for p in 0..4 {
                let left = end.stock(p).len() as f64 / 2.0;
                sdiff += if (p as u64 + arrangement) % 2 == 0 {
                    -left
                } else {
                    left
                };
            }
            match end.outcome() {
                Some(Outcome::Won(w)) if (w as u64 + arrangement) % 2 == 0 => {
                    ism += 1;
                    diff += 1.0;
                }
                Some(Outcome::Won(_)) => {
                    heu += 1;
                    diff -= 1.0;
                }
                _ => none += 1,
            }
        }
        per_deal.push(diff);
        stock_deal.push(sdiff);
    }
    let n = per_deal.len() as f64;
    let mean = per_deal.iter().sum::<f64>() / n;
    let var = per_deal.iter().map(|d| (d - mean).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
    let se = (var / n).sqrt();
    let sm = stock_deal.iter().sum::<f64>() / n;
    let sv = stock_deal.iter().map(|d| (d - sm).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
    println!(
        "stock lead {:.3} ± {:.3} (z {:.2})",
        sm / 2.0,
        1.96 * (sv / n).sqrt() / 2.0,
        sm / (sv / n).sqrt().max(1e-9)
    );
    let k = searched[0].load(Ordering::Relaxed);
    let t = Duration::from_nanos(searched[1].load(Ordering::Relaxed));
    println!(
        "games {games}: ismcts {ism} ({:.1}%), heuristic {heu} ({:.1}%), none {none}; (I-H)/deal {:.3} ± {:.3} (z {:.2}); {:.2} cpu ms/search over {k} searches; {:.0}s",
        100.0 * ism as f64 / games as f64,
        100.0 * heu as f64 / games as f64,
        mean,
        1.96 * se,
        mean / se.max(1e-9),
        t.as_secs_f64() * 1000.0 / k.max(1) as f64,
        started.elapsed().as_secs_f64()
    );
}
