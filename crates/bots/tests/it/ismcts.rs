//! ISMCTS in every game: it decides from the observation alone (its choices are the same from
//! the true state's observation as from a resampled state's), and at a small fixed budget it
//! beats random play by a clear margin.

use parlour_bo::Bo;
use parlour_bots::ismcts::{Budget, Config, IsmctsBot, Variant};
use parlour_bots::RandomBot;
use parlour_chexers::Chexers;
use parlour_core::conformance::check_bot_is_blind_to_hidden_information;
use parlour_core::play::play_to_end;
use parlour_core::rng::derive_seed;
use parlour_core::{Bot, GameAi, State};
use parlour_go::Go;
use parlour_phased::Phased;
use parlour_uno::Uno;

fn config(iterations: u64, variant: Option<Variant>) -> Config {
    Config {
        budget: Some(Budget::Iterations(iterations)),
        variant,
        ..Config::default()
    }
}

/// The same choice from the true state's observation as from a resampled one's, at every
/// decision of `games` games, in both variants.
fn blind<G: GameAi>(games: u64, iterations: u64) {
    let game = G::new(Default::default()).unwrap();
    for variant in [Variant::SingleObserver, Variant::MultipleObserver] {
        let checked = check_bot_is_blind_to_hidden_information(&game, games, 3, |seed| {
            Box::new(IsmctsBot::<G>::new(config(iterations, Some(variant)), seed))
        })
        .unwrap_or_else(|f| panic!("{} ({variant:?}): {f:?}", G::INFO.name));
        assert!(checked > 0);
    }
}

/// One ISMCTS seat (the game's tuning, `iterations` a move) against random bots in the others,
/// seats rotating over `games` games: returns its wins and the random seats' wins.
fn wins_against_random<G: GameAi>(games: u64, iterations: u64) -> (u64, u64) {
    let game = G::new(Default::default()).unwrap();
    let n = game.num_players();
    let (mut wins, mut others) = (0, 0);
    for g in 0..games {
        let seat = (g % n as u64) as usize;
        let mut bots: Vec<Box<dyn Bot<G>>> = (0..n)
            .map(|s| -> Box<dyn Bot<G>> {
                let seed = derive_seed(g, s as u64);
                if s == seat {
                    Box::new(IsmctsBot::new(config(iterations, None), seed))
                } else {
                    Box::new(RandomBot::new(seed))
                }
            })
            .collect();
        let end = play_to_end(&game, game.new_game(derive_seed(1000, g)), &mut bots).unwrap();
        let winners = end.winners();
        wins += u64::from(winners == [seat]);
        others += u64::from(!winners.is_empty() && !winners.contains(&seat));
    }
    (wins, others)
}

#[test]
fn uno_ismcts_is_blind_to_hidden_cards() {
    blind::<Uno>(3, 30);
}

#[test]
fn go_ismcts_is_blind_to_hidden_cards() {
    blind::<Go>(2, 20);
}

#[test]
fn bo_ismcts_is_blind_to_hidden_cards() {
    blind::<Bo>(1, 10);
}

#[test]
fn phased_ismcts_is_blind_to_hidden_cards() {
    blind::<Phased>(1, 5);
}

#[test]
fn chexers_ismcts_is_deterministic_from_the_observation() {
    blind::<Chexers>(1, 20);
}

#[test]
fn uno_ismcts_beats_random() {
    // A random seat wins about a quarter of the rounds (50 of 200, give or take 6); Uno is
    // mostly luck, so even the heuristic wins only about 40%.
    let (wins, _) = wins_against_random::<Uno>(200, 300);
    assert!(wins >= 65, "{wins} of 200");
}

#[test]
fn go_ismcts_beats_random() {
    let (wins, _) = wins_against_random::<Go>(40, 200);
    assert!(wins >= 24, "{wins} of 40");
}

#[test]
fn bo_ismcts_beats_random() {
    let (wins, _) = wins_against_random::<Bo>(20, 100);
    assert!(wins >= 12, "{wins} of 20");
}

#[test]
fn phased_ismcts_beats_random() {
    let (wins, _) = wins_against_random::<Phased>(8, 50);
    assert!(wins >= 6, "{wins} of 8");
}

#[test]
fn chexers_ismcts_beats_random() {
    // Three seats: a random seat wins about a third.
    // Three seats. Random play rarely finishes a race, so many games reach the turn limit
    // undecided: the search must win often and the random seats (nearly) never.
    let (wins, others) = wins_against_random::<Chexers>(12, 300);
    assert!(wins >= 6 && others <= 1, "{wins} of 12 won, {others} lost");
}
