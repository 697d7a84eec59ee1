//! How well the greedy playout policy plays, as a model of the opponents ISMCTS meets: two seats
//! play [`GreedyRollout::greedy`] on a determinization of their observation (it reads only the
//! mover's hand and the public table), two play the heuristic bot, on duplicate deals.
//!
//! `cargo run --release -p parlour-phased --example greedy_vs_heuristic -- [GAMES] [POLICY]`
//! (POLICY `usefulness`, the default, or `distance`: see [`Policy`]).

use std::sync::Arc;

use parlour_core::rng::{derive_seed, seeded};
use parlour_core::{Bot, Decision, Game, State};
use parlour_phased::ai::{GreedyRollout, Horizon, Policy};
use parlour_phased::{HeuristicBot, Phased};

fn main() {
    let game = Phased::standard();
    let games: u64 = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(400);
    let policy = match std::env::args().nth(2).as_deref() {
        Some("distance") => Policy::Distance,
        _ => Policy::Usefulness,
    };
    let mut wins = [0.0f64; 2];
    let mut rng = seeded(1);
    for g in 0..games {
        // Each deal twice, the greedy seats swapped.
        let seed = derive_seed(7, g / 2);
        let greedy_even = g % 2 == 0;
        let mut greedy = GreedyRollout::new(Arc::new(Horizon::default()));
        greedy.policy = policy;
        let mut heuristic: Vec<HeuristicBot> =
            (0..4).map(|s| HeuristicBot::new(seed + s)).collect();
        let mut state = game.new_game(seed);
        while let Some(seat) = state.current_player() {
            let obs = state.observation(seat);
            let legal = state.legal_action_vec();
            let a = if (seat % 2 == 0) == greedy_even {
                greedy.greedy(
                    &game
                        .resample(&obs, &mut rng)
                        .expect("a dealt game resamples"),
                )
            } else {
                heuristic[seat].act(&Decision::new(&game, seat, &obs, &legal))
            };
            state.apply(a).expect("both play legal moves");
        }
        let winners = state.winners();
        for &s in &winners {
            wins[usize::from((s % 2 == 0) == greedy_even)] += 1.0 / winners.len() as f64;
        }
    }
    println!(
        "of {games} games: greedy seats ({policy:?}) won {:.1}, heuristic seats {:.1}",
        wins[1], wins[0]
    );
}
