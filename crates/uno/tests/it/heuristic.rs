//! The heuristic bot against uniform random bots, and its blindness to hidden information.

use parlour_bots::RandomBot;
use parlour_core::conformance::check_bot_is_blind_to_hidden_information;
use parlour_core::play::play;
use parlour_core::rng::derive_seed;
use parlour_core::{Bot, Game, State};
use parlour_uno::{HeuristicBot, Uno};

const ROUNDS: u64 = 20_000;
/// The fixed seed set: round `i` is dealt from `derive_seed(SEED, i)`.
const SEED: u64 = 2026;

#[test]
fn heuristic_beats_three_random_bots() {
    let game = Uno::standard();
    let (mut wins, mut heuristic_points, mut best_random_points) = (0u64, 0.0, [0.0f64; 3]);
    for i in 0..ROUNDS {
        let seed = derive_seed(SEED, i);
        let hseat = (i % 4) as usize; // every seat in turn
        let mut bots: Vec<Box<dyn Bot<Uno>>> = (0..4)
            .map(|s| -> Box<dyn Bot<Uno>> {
                if s == hseat {
                    Box::new(HeuristicBot::new(derive_seed(seed, 10 + s as u64)))
                } else {
                    Box::new(RandomBot::new(derive_seed(seed, 10 + s as u64)))
                }
            })
            .collect();
        let end = play(&game, game.new_game(seed), &mut bots, |_| Ok(())).unwrap();
        let round = end.last_round().unwrap();
        if round.winners == vec![hseat] {
            wins += 1;
        }
        heuristic_points += round.points[hseat];
        for (k, s) in (0..4).filter(|&s| s != hseat).enumerate() {
            best_random_points[k] += round.points[s];
        }
    }
    let share = wins as f64 / ROUNDS as f64;
    // 95% Wilson lower bound: the margin over the 25% a random bot gets must be clear.
    let z: f64 = 1.96;
    let n = ROUNDS as f64;
    let lower = (share + z * z / (2.0 * n)
        - z * (share * (1.0 - share) / n + z * z / (4.0 * n * n)).sqrt())
        / (1.0 + z * z / n);
    println!(
        "heuristic won {wins}/{ROUNDS} rounds ({:.1}%, 95% lower bound {:.1}%)",
        100.0 * share,
        100.0 * lower
    );
    assert!(
        share >= 0.36,
        "heuristic won only {:.1}% of rounds",
        100.0 * share
    );
    assert!(lower > 0.33, "95% lower bound {lower:.3}");
    for p in best_random_points {
        assert!(
            heuristic_points > 1.5 * p,
            "heuristic {heuristic_points} vs random seat {p}"
        );
    }
}

#[test]
fn heuristic_decisions_do_not_depend_on_hidden_cards() {
    let checked = check_bot_is_blind_to_hidden_information(&Uno::standard(), 200, 5, |seed| {
        Box::new(HeuristicBot::new(seed))
    })
    .unwrap();
    assert!(checked > 5000, "{checked}");
}
