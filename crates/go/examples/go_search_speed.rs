//! How fast the tuned ISMCTS searches Comp10001-Go: plays games with the searcher in seat 0 and
//! the `heuristic` bot in the others, and prints iterations per second and time per searched
//! move: wall clock, and (on Linux) the thread's own CPU time, which other processes on a busy
//! machine do not inflate.
//!
//! `cargo run --release -p parlour-go --example go_search_speed -- [ITERATIONS] [GAMES]` (defaults
//! 2000 and 20).

use std::time::{Duration, Instant};

use parlour_bots::ismcts::{Budget, Config, IsmctsBot};
use parlour_core::{Bot, Decision, Game, State};
use parlour_go::{Go, HeuristicBot};

fn main() {
    let mut args = std::env::args()
        .skip(1)
        .map(|a| a.parse::<u64>().expect("a number"));
    let iterations = args.next().unwrap_or(2000);
    let games = args.next().unwrap_or(20);
    let game = Go::standard();
    let config = Config {
        budget: Some(Budget::Iterations(iterations)),
        ..Config::default()
    };
    let mut searched = 0u64;
    let mut searching = Duration::ZERO;
    let mut cpu = Duration::ZERO;
    let mut legal = Vec::new();
    for g in 0..games {
        let mut search = IsmctsBot::<Go>::new(config, 1000 + g);
        let mut others: Vec<HeuristicBot> = (0..3).map(|s| HeuristicBot::new(g * 4 + s)).collect();
        let mut state = game.new_game(g);
        while let Some(seat) = state.current_player() {
            state.legal_actions(&mut legal);
            let obs = state.observation(seat);
            let d = Decision::new(&game, seat, &obs, &legal);
            let action = if seat == 0 {
                let (started, cpu_started) = (Instant::now(), thread_cpu());
                let a = search.act(&d);
                if legal.len() > 1 {
                    searching += started.elapsed();
                    cpu += thread_cpu().saturating_sub(cpu_started);
                    searched += 1;
                }
                a
            } else {
                others[seat - 1].act(&d)
            };
            state.apply(action).expect("a legal pick");
        }
    }
    let per_move = |t: Duration| 1000.0 * t.as_secs_f64() / searched as f64;
    let rate = |t: Duration| (iterations * searched) as f64 / t.as_secs_f64();
    println!(
        "{iterations} iterations, {searched} moves searched: wall {:.1} ms per move ({:.0} iterations/s)",
        per_move(searching),
        rate(searching)
    );
    if cpu > Duration::ZERO {
        println!(
            "thread CPU {:.1} ms per move ({:.0} iterations/s)",
            per_move(cpu),
            rate(cpu)
        );
    }
}

/// This thread's CPU time so far (zero where `/proc/thread-self/schedstat` is missing).
fn thread_cpu() -> Duration {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|s| s.split_whitespace().next()?.parse().ok())
        .map_or(Duration::ZERO, Duration::from_nanos)
}
