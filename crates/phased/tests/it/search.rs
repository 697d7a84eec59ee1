//! What Phased Out lends the search: the greedy rollout plays only legal moves and stops
//! changing the position once its hand is over, the evaluator's values are chances (terminal
//! ones following the winners), the fast sampler draws as resampling does, and ISMCTS with the
//! tuning plays legal moves in both variants and both tree modes.

use std::sync::Arc;

use parlour_bots::ismcts::{Budget, Config, IsmctsBot, Variant as TreeVariant};
use parlour_core::play::play;
use parlour_core::rng::{derive_seed, seeded};
use parlour_core::search::{playout, win_values, Evaluator, Rollout};
use parlour_core::{Bot, Game, GameAi, State};
use parlour_phased::ai::{tuning, GreedyRollout, Horizon, PhaseEvaluator, MAX_PLAYOUT};
use parlour_phased::{FastSampler, HeuristicBot, Phased, PhasedAction, PhasedState};
use rand::RngExt;

fn games() -> [Phased; 2] {
    [Phased::standard(), Phased::bonus()]
}

fn assert_legal(state: &PhasedState, a: PhasedAction, what: &str) {
    let legal = state.legal_action_vec();
    assert!(
        legal.contains(&a),
        "{what}: {a} is not legal in\n{:?}\nlegal: {legal:?}",
        state.observation(state.current_player().unwrap())
    );
}

/// Plays whole games with the greedy policy (a share of them with random moves mixed in),
/// checking every move it picks; returns the final states.
fn greedy_games(game: &Phased, games: u64, seed: u64, explore: f64) -> Vec<PhasedState> {
    let mut out = Vec::new();
    let mut scratch = Vec::new();
    for g in 0..games {
        let mut rng = seeded(derive_seed(seed, g));
        let mut state = game.new_game(derive_seed(seed, 1000 + g));
        let mut rollout = GreedyRollout::new(Arc::new(Horizon::default()));
        while !state.is_terminal() {
            let a = if rng.random_bool(explore) {
                state.random_action(&mut rng, &mut scratch).unwrap()
            } else {
                rollout.greedy(&state)
            };
            assert_legal(&state, a, "greedy");
            state.apply(a).unwrap();
        }
        state.check_conservation().unwrap();
        out.push(state);
    }
    out
}

#[test]
fn greedy_rollout_plays_only_legal_moves_in_whole_games() {
    for (k, game) in games().iter().enumerate() {
        let pure = greedy_games(game, 60, 10 + k as u64, 0.0);
        // Greedy play completes phases: the games mostly end by someone finishing.
        let finished = pure
            .iter()
            .filter(|s| (0..4).any(|p| s.finished(p)))
            .count();
        assert!(finished >= 30, "{finished} of 60 greedy games finished");
        greedy_games(game, 60, 20 + k as u64, 0.3);
    }
}

#[test]
fn rollout_moves_are_legal_in_sampled_positions_and_hold_after_the_hand() {
    for (k, game) in games().iter().enumerate() {
        let mut rng = seeded(30 + k as u64);
        let mut scratch = Vec::new();
        for g in 0..40u64 {
            // A position partway through a game between heuristic bots.
            let mut state = game.new_game(derive_seed(40 + k as u64, g));
            let mut bots: Vec<HeuristicBot> =
                (0..4).map(|s| HeuristicBot::new(g * 4 + s)).collect();
            let stop = rng.random_range(0..400u64);
            while !state.is_terminal() && state.decisions() < stop {
                let seat = state.current_player().unwrap();
                let obs = state.observation(seat);
                let legal = state.legal_action_vec();
                let a = bots[seat].act(&parlour_core::Decision::new(game, seat, &obs, &legal));
                state.apply(a).unwrap();
            }
            if state.is_terminal() {
                continue;
            }
            // Play out a determinization as the search does, through the Rollout trait.
            let seat = state.current_player().unwrap();
            let obs = state.observation(seat);
            let mut sampled = game.resample(&obs, &mut rng).unwrap();
            let horizon = Arc::new(Horizon::default());
            let mut rollout = GreedyRollout::new(horizon.clone());
            rollout.explore = 0.1;
            let start_hand = sampled.hands_completed();
            let mut at_hand_end: Option<PhasedState> = None;
            for _ in 0..MAX_PLAYOUT {
                if sampled.is_terminal() {
                    break;
                }
                let a = rollout.action(&sampled, &mut rng, &mut scratch);
                assert_legal(&sampled, a, "rollout");
                sampled.apply(a).unwrap();
                if at_hand_end.is_none() && sampled.hands_completed() > start_hand {
                    at_hand_end = Some(sampled.clone());
                }
            }
            sampled.check_conservation().unwrap();
            // After the hand the position stays as the hand left it.
            if let Some(end) = at_hand_end {
                assert_eq!(sampled.scores(), end.scores());
                assert_eq!(sampled.hands_completed(), end.hands_completed());
                for p in 0..4 {
                    assert_eq!(sampled.phases_completed(p), end.phases_completed(p));
                    // The mover may be holding the discard it took.
                    let held = usize::from(
                        sampled.current_player() == Some(p)
                            && sampled.step() == parlour_phased::Step::Play,
                    );
                    assert_eq!(sampled.hand(p).len(), end.hand(p).len() + held);
                }
            }
            // The evaluator reads the same horizon.
            let mut eval = PhaseEvaluator::new(horizon);
            let mut values = [0.0; 4];
            eval.values(&sampled, &mut values);
            assert!(values.iter().all(|v| (0.0..=1.0).contains(v)));
        }
    }
}

#[test]
fn evaluator_values_are_chances_and_terminal_values_follow_the_winners() {
    for (k, game) in games().iter().enumerate() {
        let mut eval = PhaseEvaluator::new(Arc::new(Horizon::default()));
        let mut values = [0.0; 4];
        let mut expected = [0.0; 4];
        let mut rollout = GreedyRollout::new(Arc::new(Horizon::default()));
        for g in 0..30u64 {
            let mut state = game.new_game(derive_seed(50 + k as u64, g));
            while !state.is_terminal() {
                for in_hand in [false, true] {
                    eval.judge(&state, in_hand, &mut values);
                    assert!(values.iter().all(|v| (0.0..=1.0).contains(v)), "{values:?}");
                    assert!((values.iter().sum::<f64>() - 1.0).abs() < 1e-9);
                }
                let a = rollout.greedy(&state);
                state.apply(a).unwrap();
            }
            eval.values(&state, &mut values);
            win_values(&state.winners(), &mut expected);
            assert_eq!(values, expected);
            assert!(state.winners().iter().all(|&w| values[w] > 0.0));
        }
    }
}

#[test]
fn evaluator_prefers_phases_then_fewer_penalty_points() {
    use parlour_cards::parse_cards;
    use parlour_phased::PhasedSetup;
    let game = Phased::standard();
    let hands: Vec<Vec<_>> = ["2S 3S", "2H 3H", "2D 3D", "2C 3C"]
        .iter()
        .map(|h| parse_cards(h).unwrap())
        .collect();
    let setup = PhasedSetup {
        hands,
        deck: parse_cards("9S 9H 9D").unwrap(),
        discard: parse_cards("5C").unwrap(),
        phases_done: vec![vec![1, 2], vec![1], vec![1], vec![]],
        laid: vec![false; 4],
        scores: vec![100, 20, 80, 0],
        turns: vec![0; 4],
        ..PhasedSetup::default()
    };
    let state = PhasedState::from_setup(&game, &setup).unwrap();
    let eval = PhaseEvaluator::new(Arc::new(Horizon::default()));
    let mut v = [0.0; 4];
    eval.judge(&state, false, &mut v);
    assert!(v[0] > v[1] && v[1] > v[2] && v[2] > v[3], "{v:?}");
}

#[test]
fn fast_sampler_draws_as_resample_and_keeps_the_observation() {
    use parlour_core::search::Sampler;
    for (k, game) in games().iter().enumerate() {
        for g in 0..20u64 {
            let mut state = game.new_game(derive_seed(60 + k as u64, g));
            let mut rng = seeded(g);
            let mut scratch = Vec::new();
            let stop = rng.random_range(0..300u64);
            while !state.is_terminal() && state.decisions() < stop {
                let a = state.random_action(&mut rng, &mut scratch).unwrap();
                state.apply(a).unwrap();
            }
            for seat in 0..4 {
                let obs = state.observation(seat);
                let mut sampler = FastSampler::new(game, &obs).unwrap();
                for _ in 0..5 {
                    let mut a = rng.clone();
                    let mut b = rng.clone();
                    let sampled = sampler.sample(&mut a).unwrap();
                    // The same draws as resampling from the same generator.
                    assert_eq!(sampled, game.resample(&obs, &mut b).unwrap());
                    assert_eq!(sampled.observation(seat), obs);
                    sampled.check_conservation().unwrap();
                    rng = a;
                }
                // Through the game's hook too.
                let mut hooked = game.sampler(&obs, &mut rng).unwrap();
                assert_eq!(hooked.sample(&mut rng).unwrap().observation(seat), obs);
            }
        }
    }
}

#[test]
fn fast_sampler_rejects_what_resample_rejects() {
    let game = Phased::standard();
    let state = game.new_game(3);
    let mut obs = state.observation(1);
    obs.hand.pop();
    let mut rng = seeded(1);
    let want = game.resample(&obs, &mut rng).unwrap_err();
    assert_eq!(FastSampler::new(&game, &obs).unwrap_err(), want);
    assert!(game.sampler(&obs, &mut rng).is_err());
    let mut obs = state.observation(1);
    obs.hand_sizes[2] += 60;
    let want = game.resample(&obs, &mut rng).unwrap_err();
    assert_eq!(FastSampler::new(&game, &obs).unwrap_err(), want);
}

#[test]
fn tuning_is_heuristic_playouts_to_the_hand_end() {
    let t = Phased::standard().search_tuning();
    assert_eq!(t.max_playout, MAX_PLAYOUT);
    assert!(!t.tree_per_seat);
    assert_eq!(t.about, tuning().about);
}

#[test]
fn ismcts_with_the_tuning_plays_legal_moves_in_both_variants_and_tree_modes() {
    for (k, game) in games().iter().enumerate() {
        for variant in [TreeVariant::SingleObserver, TreeVariant::MultipleObserver] {
            let config = Config {
                budget: Some(Budget::Iterations(60)),
                variant: Some(variant),
                ..Config::default()
            };
            let seed = 70 + k as u64;
            let mut bots: Vec<Box<dyn Bot<Phased>>> = vec![
                Box::new(IsmctsBot::<Phased>::new(config, seed)),
                Box::new(HeuristicBot::new(seed + 1)),
                Box::new(IsmctsBot::<Phased>::new(config, seed + 2)),
                Box::new(HeuristicBot::new(seed + 3)),
            ];
            // `play` checks every move is legal.
            let end = play(game, game.new_game(seed), &mut bots, |_| Ok(())).unwrap();
            assert!(end.is_terminal());
            end.check_conservation().unwrap();
        }
    }
}

#[test]
fn one_playout_through_the_core_stops_changing_the_position_after_its_hand() {
    let game = Phased::standard();
    let tuning = game.search_tuning();
    let mut rollout = tuning.rollout;
    let mut evaluator = tuning.evaluator;
    let mut rng = seeded(5);
    let mut scratch = Vec::new();
    let mut values = [0.0; 4];
    for g in 0..30u64 {
        let start = game.new_game(derive_seed(80, g));
        let mut a = start.clone();
        let moves = playout::<Phased>(
            &mut a,
            rollout.as_mut(),
            &mut rng,
            &mut scratch,
            MAX_PLAYOUT,
        );
        evaluator.values(&a, &mut values);
        assert!(moves > 0);
        assert!(a.is_terminal() || a.hands_completed() == 1, "one hand");
        assert!(values.iter().all(|v| (0.0..=1.0).contains(v)));
    }
}

#[test]
fn table_groups_accept_exactly_what_check_add_allows() {
    use parlour_cards::Card;
    let mut checked = 0;
    for (k, game) in games().iter().enumerate() {
        for state in greedy_games(game, 20, 90 + k as u64, 0.2) {
            let obs = state.observation(0);
            for group in obs.table.iter().flatten() {
                for card in Card::all() {
                    for index in 0..=group.cards.len() + 1 {
                        assert_eq!(
                            group.accepts(card, index),
                            group.check_add(card, index).is_ok(),
                            "{card} at {index} on {:?}",
                            group.cards
                        );
                        checked += 1;
                    }
                }
            }
        }
    }
    assert!(checked > 10_000, "{checked}");
}
