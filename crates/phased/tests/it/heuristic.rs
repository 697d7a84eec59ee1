//! The heuristic bot against uniform random bots, and its blindness to hidden information.

use parlour_bots::RandomBot;
use parlour_core::conformance::check_bot_is_blind_to_hidden_information;
use parlour_core::play::play;
use parlour_core::rng::derive_seed;
use parlour_core::{Bot, Decision, Game, State};
use parlour_phased::ai::{GreedyBot, Policy};
use parlour_phased::{HeuristicBot, Phased, PhasedAction, PhasedSetup, PhasedState};

use crate::common::{a, act, build, cards, setup};

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
    // The careful player also counts the cards it has not seen (the deck and the other hands,
    // less what they took from the discard pile): the same count in every determinization.
    for policy in [Policy::Distance, Policy::Careful] {
        for game in [Phased::standard(), Phased::bonus()] {
            let checked = check_bot_is_blind_to_hidden_information(&game, 3, 5, |seed| {
                Box::new(GreedyBot::new(seed, policy))
            })
            .unwrap();
            assert!(checked > 1000, "{policy:?}: {checked}");
        }
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

/// The move `policy`'s greedy bot makes for the seat to act in `state`.
fn greedy_move(game: &Phased, state: &PhasedState, policy: Policy) -> PhasedAction {
    let seat = state.current_player().unwrap();
    let obs = state.observation(seat);
    let legal = state.legal_action_vec();
    GreedyBot::new(1, policy).act(&Decision::new(game, seat, &obs, &legal))
}

/// The careful player does not discard what the next seat can use: here the next seat has laid
/// a set of Kings, and both candidates leave the hand as far from its two sets (3s and 5s, a
/// card short each), so the distance player sheds the heavier King and the careful one keeps
/// it.
#[test]
fn the_careful_player_does_not_feed_the_next_seat() {
    let game = Phased::standard();
    let mut state = build(
        &game,
        &PhasedSetup {
            table: vec![
                vec![],
                vec![],
                vec![cards("KS KH KD"), cards("4S 4H 4D")],
                vec![],
            ],
            phases_done: vec![vec![], vec![], vec![1], vec![]],
            laid: vec![false, false, true, false],
            ..setup(
                ["2S 8D", "3S 3H 5C 5D 7H", "6C 6D", "8C 9C"],
                "9S 8S KC",
                "0H",
            )
        },
    );
    act(&mut state, "draw");
    assert_eq!(
        greedy_move(&game, &state, Policy::Distance),
        a("discard KC")
    );
    assert_eq!(greedy_move(&game, &state, Policy::Careful), a("discard 7H"));
}

/// With the hand's end imminent (4 cards left to draw) and its phase two cards away, the
/// careful player takes a low discard it does not need, to shed a heavy card in its place; the
/// distance player takes only what shortens the distance.
#[test]
fn the_careful_player_swaps_for_a_low_card_when_the_end_is_near() {
    let game = Phased::standard();
    let state = build(
        &game,
        &setup(
            ["2S 8D", "3S 3H 5C 5D KC", "6C 6D", "8C 9C"],
            "9S 8S 9D 0D",
            "2C",
        ),
    );
    assert_eq!(greedy_move(&game, &state, Policy::Distance), a("draw"));
    assert_eq!(greedy_move(&game, &state, Policy::Careful), a("take"));
}
