//! The heuristic bot against uniform random bots, and its blindness to hidden information.

use parlour_bots::RandomBot;
use parlour_core::conformance::check_bot_is_blind_to_hidden_information;
use parlour_core::play::play;
use parlour_core::rng::derive_seed;
use parlour_core::{Bot, Game, State};
use parlour_go::{Go, HeuristicBot};

const GAMES: u64 = 2000;
const SEED: u64 = 10001;

#[test]
fn heuristic_beats_random_by_a_clear_margin() {
    let game = Go::standard();
    let mut diffs = Vec::new();
    let mut wins = 0;
    for g in 0..GAMES {
        let seed = derive_seed(SEED, g);
        let hseat = (g % 4) as usize;
        let mut bots: Vec<Box<dyn Bot<Go>>> = (0..4)
            .map(|s| -> Box<dyn Bot<Go>> {
                let bot_seed = derive_seed(seed, 10 + s as u64);
                if s == hseat {
                    Box::new(HeuristicBot::new(bot_seed))
                } else {
                    Box::new(RandomBot::new(bot_seed))
                }
            })
            .collect();
        let end = play(&game, game.new_game(seed), &mut bots, |_| Ok(())).unwrap();
        let scores = end.returns();
        let others = (scores.iter().sum::<f64>() - scores[hseat]) / 3.0;
        diffs.push(scores[hseat] - others);
        if end.winners().contains(&hseat) {
            wins += 1;
        }
    }
    let n = diffs.len() as f64;
    let mean = diffs.iter().sum::<f64>() / n;
    let var = diffs.iter().map(|d| (d - mean).powi(2)).sum::<f64>() / (n - 1.0);
    let half = 1.96 * (var / n).sqrt();
    println!(
        "heuristic vs random: mean score advantage {mean:.1} (95% CI {:.1} to {:.1}), won {wins}/{GAMES}",
        mean - half,
        mean + half
    );
    assert!(mean - half > 0.0, "the 95% interval must exclude zero");
    assert!(
        mean > 20.0,
        "advantage {mean:.1} points is not a clear margin"
    );
    assert!(wins as f64 / n > 0.5, "won only {wins} of {GAMES}");
}

#[test]
fn heuristic_decisions_do_not_depend_on_hidden_cards() {
    let checked = check_bot_is_blind_to_hidden_information(&Go::standard(), 200, 5, |seed| {
        Box::new(HeuristicBot::new(seed))
    })
    .unwrap();
    assert!(checked > 5000, "{checked}");
}
