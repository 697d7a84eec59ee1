//! Tuning aid: the cost of the pieces of one search iteration on positions from heuristic games.
use std::time::Instant;

use parlour_bo::{Bo, BoState, HeuristicBot};
use parlour_core::play::play;
use parlour_core::rng::{derive_seed, seeded};
use parlour_core::{Bot, Game, GameAi, State};

fn main() {
    let game = Bo::standard();
    let mut states: Vec<BoState> = Vec::new();
    for g in 0..20 {
        let seed = derive_seed(9, g);
        let mut bots: Vec<Box<dyn Bot<Bo>>> = (0..4)
            .map(|k| -> Box<dyn Bot<Bo>> { Box::new(HeuristicBot::new(derive_seed(seed, k))) })
            .collect();
        play(&game, game.new_game(seed), &mut bots, |s| {
            if s.after.current_player().is_some() {
                states.push(s.after.clone());
            }
            Ok(())
        })
        .unwrap();
    }
    let obs: Vec<_> = states
        .iter()
        .map(|s| s.observation(s.current_player().unwrap()))
        .collect();
    let mut rng = seeded(1);
    let n = states.len();
    let reps = 20;
    let t = Instant::now();
    let mut k = 0usize;
    for _ in 0..reps {
        for o in &obs {
            let s = game.resample(o, &mut rng).unwrap();
            k += s.plays() as usize;
        }
    }
    let per = t.elapsed().as_nanos() as f64 / (n * reps) as f64;
    println!("resample {per:.0} ns ({k})");
    let t = Instant::now();
    for o in &obs {
        let mut sampler = game.sampler(o, &mut rng).unwrap();
        for _ in 0..reps {
            let s = sampler.sample(&mut rng).unwrap();
            k += s.plays() as usize;
        }
    }
    println!(
        "sampler {:.0} ns",
        t.elapsed().as_nanos() as f64 / (n * reps) as f64
    );
    let t = Instant::now();
    for _ in 0..reps {
        for s in &states {
            let c = s.clone();
            k += c.plays() as usize;
        }
    }
    println!(
        "clone {:.0} ns",
        t.elapsed().as_nanos() as f64 / (n * reps) as f64
    );
    let mut legal = Vec::new();
    let t = Instant::now();
    for _ in 0..reps {
        for s in &states {
            s.legal_actions(&mut legal);
            k += legal.len();
        }
    }
    println!(
        "legal_actions {:.0} ns",
        t.elapsed().as_nanos() as f64 / (n * reps) as f64
    );
    let t = Instant::now();
    for _ in 0..reps {
        for s in &states {
            k += parlour_bo::ai::greedy_action(s).to_string().len();
        }
    }
    println!(
        "greedy_action {:.0} ns",
        t.elapsed().as_nanos() as f64 / (n * reps) as f64
    );
    let mut out = [0.0; 4];
    let t = Instant::now();
    for _ in 0..reps {
        for s in &states {
            parlour_bo::ai::turn_values(s, &Default::default(), &mut out);
        }
    }
    println!(
        "model_values {:.0} ns",
        t.elapsed().as_nanos() as f64 / (n * reps) as f64
    );
    let t = Instant::now();
    for _ in 0..reps {
        for s in &states {
            let mut c = s.clone();
            c.legal_actions(&mut legal);
            c.apply_unchecked(legal[0]);
        }
    }
    println!(
        "clone+legal+apply {:.0} ns",
        t.elapsed().as_nanos() as f64 / (n * reps) as f64
    );
    println!("{n} states {k}");
}
