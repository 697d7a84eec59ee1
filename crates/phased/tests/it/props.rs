//! Resampling never panics on malformed observations, and what it accepts plays on safely.

use parlour_core::rng::seeded;
use parlour_core::{Game, GameText, State};
use parlour_phased::groups::TableKind;
use parlour_phased::{Phased, PhasedObservation};
use proptest::prelude::*;
use rand::RngExt;

fn observation_after(game: &Phased, seed: u64, steps: usize, seat: usize) -> PhasedObservation {
    let mut s = game.new_game(seed);
    let mut rng = seeded(seed);
    for _ in 0..steps {
        if s.is_terminal() {
            break;
        }
        let legal = s.legal_action_vec();
        s.apply(legal[rng.random_range(0..legal.len())]).unwrap();
    }
    s.observation(seat)
}

fn set<T>(v: &mut [T], i: usize, x: T) {
    if let Some(slot) = v.get_mut(i % 4) {
        *slot = x;
    }
}

fn mutate(obs: &mut PhasedObservation, which: u8, k: u64) {
    let n = (k % 7) as usize;
    match which % 12 {
        0 => set(&mut obs.hand_sizes, n, (k % 300) as usize),
        1 => set(&mut obs.turns, n, (k % 70_000) as u16),
        2 => obs.hands_completed = (k % 256) as u8,
        3 => set(&mut obs.scores, n, k as u32),
        4 => obs.decisions = k,
        5 => obs.deck = (k % 200) as usize,
        6 => obs.discard.clear(),
        7 => {
            if let Some(known) = obs.known.get_mut(n % 4) {
                known.extend(parlour_cards::Card::from_index((k % 53) as u8));
            }
        }
        8 => {
            if let Some(g) = obs.table.iter_mut().flatten().next() {
                g.kind = TableKind::Run {
                    low: (k % 16) as u8,
                    high: (k % 256) as u8,
                    colour: None,
                };
            }
        }
        9 => obs.current_player = Some(n),
        10 => obs.hand_sizes.truncate(n % 4),
        _ => {
            if let Some(done) = obs.phases_done.get_mut(n % 4) {
                done.push((k % 9) as u8);
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    #[test]
    fn resample_never_panics_on_mutated_observations(
        seed in any::<u64>(),
        bonus in any::<bool>(),
        steps in 0usize..400,
        seat in 0usize..4,
        edits in proptest::collection::vec((any::<u8>(), any::<u64>()), 0..4),
    ) {
        let game = if bonus { Phased::bonus() } else { Phased::standard() };
        let mut obs = observation_after(&game, seed, steps, seat);
        for (which, k) in edits {
            mutate(&mut obs, which, k);
        }
        let _ = game.describe(&obs);
        let mut rng = seeded(seed ^ 1);
        if let Ok(mut s) = game.resample(&obs, &mut rng) {
            for _ in 0..20 {
                if s.is_terminal() {
                    break;
                }
                let legal = s.legal_action_vec();
                prop_assert!(!legal.is_empty(), "a live state with no legal action");
                s.apply(legal[rng.random_range(0..legal.len())]).unwrap();
            }
        }
    }
}
