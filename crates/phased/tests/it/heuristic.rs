//! The heuristic bot against uniform random bots, and its blindness to hidden information.

use parlour_bots::RandomBot;
use parlour_core::conformance::check_bot_is_blind_to_hidden_information;
use parlour_core::play::play;
use parlour_core::rng::derive_seed;
use parlour_core::{Bot, Game, State};
use parlour_phased::ai::{GreedyBot, Policy};
use parlour_phased::{HeuristicBot, Phased};

fn table(game: &Phased, games: u64, seed: u64) -> (u64, f64) {
    let (mut wins, mut advantage) = (0, 0.0);
    for g in 0..games {
        let s = derive_seed(seed, g);
        let hseat = (g % 4) as usize;
        let mut bots: Vec<Box<dyn Bot<Phased>>> = (0..4)
            .map(|k| -> Box<dyn Bot<Phased>> {
                let bs = derive_seed(s, 10 + k as u64);
                if k == hseat {
                    Box::new(HeuristicBot::new(bs))
                } else {
                    Box::new(RandomBot::new(bs))
                }
            })
            .collect();
        let end = play(game, game.new_game(s), &mut bots, |_| Ok(())).unwrap();
        if end.winners().contains(&hseat) {
            wins += 1;
        }
        let r = end.returns();
        advantage += r[hseat] - (r.iter().sum::<f64>() - r[hseat]) / 3.0;
    }
    (wins, advantage / games as f64)
}

#[test]
fn heuristic_beats_random_in_both_variants() {
    for (game, seed) in [(Phased::standard(), 1), (Phased::bonus(), 2)] {
        let games = 200;
        let (wins, adv) = table(&game, games, seed);
        println!(
            "{:?}: heuristic won {wins}/{games}, penalty advantage {adv:.0} points a game",
            game.options()
        );
        // A random seat wins about a quarter of games.
        assert!(
            wins as f64 / games as f64 > 0.8,
            "won only {wins} of {games}"
        );
        assert!(adv > 100.0, "advantage {adv:.0}");
    }
}

/// The greedy player as a bot (the search's anchor) plays on a determinization of its
/// observation, reading only its own hand and the table: its moves never depend on the cards
/// hidden from it.
#[test]
fn greedy_decisions_do_not_depend_on_hidden_cards() {
    for game in [Phased::standard(), Phased::bonus()] {
        let checked = check_bot_is_blind_to_hidden_information(&game, 3, 5, |seed| {
            Box::new(GreedyBot::new(seed, Policy::Distance))
        })
        .unwrap();
        assert!(checked > 1000, "{checked}");
    }
}

#[test]
fn heuristic_decisions_do_not_depend_on_hidden_cards() {
    let checked = check_bot_is_blind_to_hidden_information(&Phased::standard(), 3, 5, |seed| {
        Box::new(HeuristicBot::new(seed))
    })
    .unwrap();
    assert!(checked > 1000, "{checked}");
}
