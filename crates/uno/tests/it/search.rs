//! What Uno lends information-set search: its playout policies play only legal moves, the
//! state-based heuristic playout makes the `heuristic` bot's choices, and the sampler's
//! determinizations keep the observation.

use std::collections::BTreeSet;

use parlour_core::rng::{derive_seed, seeded};
use parlour_core::search::Rollout;
use parlour_core::{Bot, Decision, Game, GameAi, State};
use parlour_uno::ai::{GreedyRollout, HeuristicRollout};
use parlour_uno::{HeuristicBot, Uno, UnoAction, UnoState};
use rand::RngExt;

/// Every position of `games` random rounds.
fn positions(games: u64) -> Vec<UnoState> {
    let game = Uno::standard();
    let mut out = Vec::new();
    let mut legal = Vec::new();
    for g in 0..games {
        let mut rng = seeded(derive_seed(3, g));
        let mut s = game.new_game(derive_seed(4, g));
        while !s.is_terminal() {
            out.push(s.clone());
            s.legal_actions(&mut legal);
            s.apply_unchecked(legal[rng.random_range(0..legal.len())]);
        }
    }
    out
}

#[test]
fn uno_playout_policies_play_legal_moves() {
    let mut rng = seeded(1);
    let mut scratch = Vec::new();
    let mut legal = Vec::new();
    let all = positions(20);
    assert!(all.len() > 500);
    for explore in [0.0, 0.5] {
        let mut greedy = GreedyRollout { explore };
        let mut heuristic = HeuristicRollout { explore };
        for s in &all {
            s.legal_actions(&mut legal);
            let g = greedy.action(s, &mut rng, &mut scratch);
            assert!(legal.contains(&g), "greedy {g} in {legal:?}");
            let h = heuristic.action(s, &mut rng, &mut scratch);
            assert!(legal.contains(&h), "heuristic {h} in {legal:?}");
        }
    }
}

/// The heuristic playout reads the state, the bot its observation: over many tie-breaking
/// seeds each makes the same set of choices.
#[test]
fn uno_heuristic_playout_chooses_as_the_heuristic_bot() {
    let game = Uno::standard();
    let mut scratch = Vec::new();
    let mut differ = 0;
    for (i, s) in positions(10).iter().enumerate() {
        let seat = s.current_player().expect("a live position");
        let observation = s.observation(seat);
        let legal = s.legal_action_vec();
        let decision = Decision::new(&game, seat, &observation, &legal);
        let mut by_bot = BTreeSet::new();
        let mut by_playout = BTreeSet::new();
        let mut playout = HeuristicRollout { explore: 0.0 };
        for k in 0..64 {
            let seed = derive_seed(i as u64, k);
            by_bot.insert(HeuristicBot::new(seed).act(&decision).to_string());
            let a: UnoAction = playout.action(s, &mut seeded(seed), &mut scratch);
            by_playout.insert(a.to_string());
        }
        assert_eq!(by_bot, by_playout, "position {i}: {observation:?}");
        differ += usize::from(legal.len() > 1);
    }
    assert!(differ > 50, "{differ} positions with a choice");
}

#[test]
fn uno_sampler_keeps_the_observation() {
    let game = Uno::standard();
    let mut rng = seeded(9);
    for s in positions(5).iter().step_by(3) {
        for seat in 0..4 {
            let observation = s.observation(seat);
            let mut sampler = game
                .sampler(&observation, &mut rng)
                .expect("a valid observation");
            for _ in 0..3 {
                let d = sampler.sample(&mut rng).expect("a determinization");
                assert_eq!(d.observation(seat), observation);
            }
        }
    }
}
