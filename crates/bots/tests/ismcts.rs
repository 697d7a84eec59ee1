//! ISMCTS: it decides from the observation alone, and it beats random play.

use parlour_bots::ismcts::{Budget, Config, IsmctsBot, Variant};
use parlour_bots::RandomBot;
use parlour_core::play::play_to_end;
use parlour_core::rng::seeded;
use parlour_core::{Bot, Decision, Game, State};
use parlour_uno::Uno;

fn config(iterations: u64, variant: Variant) -> Config {
    Config {
        budget: Some(Budget::Iterations(iterations)),
        variant: Some(variant),
        ..Config::default()
    }
}

#[test]
fn its_choice_is_the_same_from_the_true_state_as_from_a_resampled_one() {
    // The bot receives an observation; a resampled state gives the same observation, so the
    // same seed must give the same choice (nothing hidden can leak into the search).
    let game = Uno::new(Default::default()).unwrap();
    let mut rng = seeded(5);
    for seed in 0..20 {
        let state = game.new_game(seed);
        let seat = state.current_player().unwrap();
        let obs = state.observation(seat);
        let other = game.resample(&obs, &mut rng).unwrap();
        assert_eq!(other.observation(seat), obs);
        for variant in [Variant::SingleObserver, Variant::MultipleObserver] {
            let choose = |s: &<Uno as Game>::State| {
                let legal = s.legal_action_vec();
                let o = s.observation(seat);
                IsmctsBot::<Uno>::new(config(200, variant), 9).act(&Decision {
                    game: &game,
                    seat,
                    observation: &o,
                    legal: &legal,
                })
            };
            assert_eq!(choose(&state), choose(&other));
        }
    }
}

#[test]
fn ismcts_beats_random_at_uno() {
    let game = Uno::new(Default::default()).unwrap();
    let mut wins = 0;
    let games = 200;
    for g in 0..games {
        let seat = (g % 4) as usize;
        let mut bots: Vec<Box<dyn Bot<Uno>>> = (0..4)
            .map(|s| -> Box<dyn Bot<Uno>> {
                if s == seat {
                    Box::new(IsmctsBot::new(config(300, Variant::SingleObserver), g))
                } else {
                    Box::new(RandomBot::new(g * 10 + s as u64))
                }
            })
            .collect();
        let end = play_to_end(&game, game.new_game(1000 + g), &mut bots).unwrap();
        wins += u32::from(end.winners().contains(&seat));
    }
    // A random seat wins about a quarter of rounds (50 of 200).
    assert!(wins >= 62, "{wins} wins of {games}");
}
