//! What Comp10001-Bo lends information-set search: the greedy playout policy plays only legal
//! moves, the evaluator's values are in range (and a finished game's are win or lose), and
//! finishing the turn in progress leaves the position it was given unchanged, the later turns it
//! plays are exactly as many as asked, and values against the leading opponent put the leader at
//! a half or above and everyone else at a half or below.

use parlour_bo::ai::{greedy_action, tuning, turn_values, Finish, TurnEvaluator, Weights};
use parlour_bo::{Bo, BoState};
use parlour_core::rng::{derive_seed, seeded};
use parlour_core::{Game, State};
use rand::RngExt;

/// Positions from random games of both variants (every 7th decision, and the final one).
fn positions(games: u64) -> Vec<BoState> {
    let mut out = Vec::new();
    for (v, game) in [Bo::standard(), Bo::bonus()].into_iter().enumerate() {
        for g in 0..games {
            let mut rng = seeded(derive_seed(v as u64, g));
            let mut s = game.new_game(derive_seed(100 + v as u64, g));
            let mut legal = Vec::new();
            let mut k = 0;
            while !s.is_terminal() {
                if k % 7 == 0 {
                    out.push(s.clone());
                }
                s.legal_actions(&mut legal);
                s.apply_unchecked(legal[rng.random_range(0..legal.len())]);
                k += 1;
            }
            out.push(s);
        }
    }
    out
}

#[test]
fn bo_greedy_playout_moves_are_legal() {
    let mut legal = Vec::new();
    let mut checked = 0;
    for s in positions(6) {
        if s.is_terminal() {
            continue;
        }
        s.legal_actions(&mut legal);
        let a = greedy_action(&s);
        assert!(legal.contains(&a), "{a:?} is not legal in {s:?}");
        checked += 1;
    }
    assert!(checked > 100);
}

#[test]
fn bo_turn_values_are_in_range_and_a_finished_game_is_win_or_lose() {
    let mut finished = 0;
    let mut out = [0.0; 4];
    for s in positions(6) {
        turn_values(&s, &Weights::default(), &mut out);
        assert!(out.iter().all(|v| (0.0..=1.0).contains(v)), "{out:?}");
        if s.is_terminal() {
            finished += 1;
            let winners = s.winners();
            for (p, v) in out.iter().enumerate() {
                let expected = if winners.is_empty() {
                    0.25
                } else if winners.contains(&p) {
                    1.0 / winners.len() as f64
                } else {
                    0.0
                };
                assert!((v - expected).abs() < 1e-12, "seat {p}: {v} in {out:?}");
            }
        }
    }
    assert!(finished >= 12);
}

#[test]
fn bo_search_evaluator_leaves_the_position_unchanged_and_stays_in_range() {
    let mut t = tuning();
    let mut out = [0.0; 4];
    let mut mid_turn = 0;
    for s in positions(3) {
        let before = s.clone();
        mid_turn += usize::from(s.plays() > 0 && !s.is_terminal());
        t.evaluator.values(&s, &mut out);
        assert_eq!(s, before);
        assert!(out.iter().all(|v| (0.0..=1.0).contains(v)), "{out:?}");
    }
    assert!(mid_turn > 10, "{mid_turn} positions in mid-turn");
}

#[test]
fn bo_evaluator_plays_the_turn_in_progress_and_then_exactly_the_later_turns_asked() {
    let total = |s: &BoState| s.turns().iter().map(|&t| u32::from(t)).sum::<u32>();
    for later in [Finish::Greedy, Finish::Heuristic(20)] {
        for horizon in [0, 1, 4] {
            let mut e = TurnEvaluator::new(Weights::default(), Finish::Heuristic(20))
                .horizon(horizon, later);
            let (mut checked, mut fresh) = (0, 0);
            for s in positions(2) {
                if s.is_terminal() {
                    continue;
                }
                let turns = horizon + u32::from(s.plays() > 0);
                match e.played_out(&s) {
                    None => assert_eq!(turns, 0, "nothing played in {s:?}"),
                    Some(end) if !end.is_terminal() => {
                        assert_eq!(total(&end), total(&s) + turns, "{later:?}, {horizon}");
                        assert_eq!(end.plays(), 0, "a later turn was left unfinished");
                        checked += 1;
                        fresh += usize::from(s.plays() == 0);
                    }
                    Some(_) => {}
                }
            }
            assert!(
                checked > 20 && (horizon == 0 || fresh > 5),
                "{checked}, {fresh}"
            );
        }
    }
}

#[test]
fn bo_values_against_the_leader_put_the_leader_at_a_half_or_above() {
    let w = Weights {
        rival: 1.0,
        ..Weights::default()
    };
    let mut out = [0.0; 4];
    let mut checked = 0;
    for s in positions(3) {
        if s.is_terminal() {
            continue;
        }
        turn_values(&s, &w, &mut out);
        let leaders = out.iter().filter(|&&v| v >= 0.5).count();
        let below = out.iter().filter(|&&v| v <= 0.5).count();
        // One leader above a half (or several level at exactly a half), the rest at or below it.
        assert!(leaders >= 1 && below >= 3, "{out:?}");
        assert!(out.iter().all(|v| (0.0..=1.0).contains(v)), "{out:?}");
        checked += 1;
    }
    assert!(checked > 50);
}
