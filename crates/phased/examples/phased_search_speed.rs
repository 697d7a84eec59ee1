//! How fast ISMCTS with Phased Out's tuning searches: plays games of two ISMCTS seats against two
//! heuristic seats and reports iterations per second and milliseconds per searched move (thread
//! CPU time where Linux reports it, so other processes sharing the cores do not count).
//!
//! `cargo run --release -p parlour-phased --example phased_search_speed -- [ITERS] [GAMES] [mo]`

use std::time::Instant;

use parlour_bots::ismcts::{Budget, Config, IsmctsBot, Variant};
use parlour_core::rng::derive_seed;
use parlour_core::{Bot, Decision, Game, State};
use parlour_phased::{HeuristicBot, Phased};

/// This thread's CPU time in seconds (wall-clock time where Linux's schedstat is missing).
fn cpu_seconds(wall: &Instant) -> f64 {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|s| s.split_whitespace().next()?.parse::<f64>().ok())
        .map_or_else(|| wall.elapsed().as_secs_f64(), |ns| ns / 1e9)
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let iters: u64 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(500);
    let games: u64 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(2);
    let variant = match args.get(3).map(String::as_str) {
        Some("mo") => Variant::MultipleObserver,
        _ => Variant::SingleObserver,
    };
    let game = Phased::standard();
    let config = Config {
        budget: Some(Budget::Iterations(iters)),
        variant: Some(variant),
        ..Config::default()
    };
    let wall = Instant::now();
    let (mut searched, mut forced, mut cpu, mut iterations) = (0u64, 0u64, 0.0f64, 0u64);
    for g in 0..games {
        let seed = derive_seed(99, g);
        let mut ismcts = [
            IsmctsBot::<Phased>::new(config, seed),
            IsmctsBot::<Phased>::new(config, seed + 1),
        ];
        let mut heuristic = [HeuristicBot::new(seed + 2), HeuristicBot::new(seed + 3)];
        let mut state = game.new_game(seed);
        while let Some(seat) = state.current_player() {
            let obs = state.observation(seat);
            let legal = state.legal_action_vec();
            let d = Decision::new(&game, seat, &obs, &legal);
            let a = if seat % 2 == 0 {
                let before = cpu_seconds(&wall);
                let a = ismcts[seat / 2].act(&d);
                if legal.len() > 1 {
                    cpu += cpu_seconds(&wall) - before;
                    searched += 1;
                } else {
                    forced += 1;
                }
                a
            } else {
                heuristic[seat / 2].act(&d)
            };
            state.apply(a).expect("bots play legal moves");
        }
        iterations += ismcts.iter().map(IsmctsBot::iterations).sum::<u64>();
    }
    println!(
        "{iters} iterations ({variant:?}): {searched} searched moves ({forced} forced), {:.1} ms per searched move, {:.0} iterations/s (CPU)",
        1000.0 * cpu / searched as f64,
        iterations as f64 / cpu
    );
}
