//! Property tests: notation round trips, `check` agreeing with the legal-action list, and
//! resampling never panicking on a malformed observation.

use parlour_core::rng::seeded;
use parlour_core::{Game, State};
use parlour_uno::{
    action_universe, Card, Color, Direction, RoundOutcome, Uno, UnoAction, UnoObservation,
    UnoOptions,
};
use proptest::prelude::*;
use rand::RngExt;

proptest! {
    #[test]
    fn any_action_round_trips_through_text_and_json(i in 0usize..62) {
        let a = action_universe()[i];
        prop_assert_eq!(a.to_string().parse::<UnoAction>().unwrap(), a);
        let json = serde_json::to_string(&a).unwrap();
        prop_assert_eq!(serde_json::from_str::<UnoAction>(&json).unwrap(), a);
    }

    #[test]
    fn any_text_is_an_error_or_round_trips(s in "\\PC{0,6}") {
        if let Ok(a) = s.parse::<UnoAction>() {
            prop_assert_eq!(a.to_string(), s.clone());
        }
        if let Ok(c) = s.parse::<Card>() {
            prop_assert_eq!(c.to_string(), s);
        }
    }

    #[test]
    fn check_agrees_with_legal_actions(seed in any::<u64>(), players in 2usize..=10, steps in 0usize..300) {
        let game = Uno::with_players(players).unwrap();
        let mut state = game.new_game(seed);
        let mut rng = seeded(seed ^ 0xABCD);
        for _ in 0..steps {
            if state.is_terminal() {
                break;
            }
            let legal = state.legal_action_vec();
            state.apply(legal[rng.random_range(0..legal.len())]).unwrap();
        }
        let legal = state.legal_action_vec();
        for a in action_universe() {
            prop_assert_eq!(state.check(a).is_ok(), legal.contains(&a), "{}", a);
        }
    }
}

/// A size that is often at an edge: 0, the deck, one past it, huge, or small.
fn odd_size(v: u64) -> usize {
    match v % 7 {
        0 => 0,
        1 => 108,
        2 => 109,
        3 => usize::MAX,
        4 => usize::MAX - (v >> 8) as usize % 4,
        _ => (v >> 8) as usize % 120,
    }
}

fn odd_card(v: u64) -> Card {
    Card::from_index((v % 54) as usize).unwrap()
}

fn odd_color(v: u64) -> Option<Color> {
    [
        None,
        Some(Color::Red),
        Some(Color::Green),
        Some(Color::Blue),
        Some(Color::Yellow),
    ][(v % 5) as usize]
}

/// Changes one field of `obs` at random (`op` picks the field, `v` the new value).
fn mutate(obs: &mut UnoObservation, op: u8, v: u64) {
    let n = obs.hand_sizes.len().max(1);
    let i = (v >> 32) as usize % n;
    match op {
        0 => {
            if let Some(h) = obs.hand_sizes.get_mut(i) {
                *h = odd_size(v);
            }
        }
        1 => {
            if let Some(h) = obs.hand_sizes.get_mut(i) {
                *h = h.wrapping_add(1);
            }
        }
        2 => {
            if let Some(h) = obs.hand_sizes.get_mut(i) {
                *h = h.saturating_sub(1);
            }
        }
        3 => {
            obs.drawn = match v % 3 {
                0 => None,
                1 => Some(odd_card(v >> 2)),
                _ => obs
                    .hand
                    .get((v >> 2) as usize % obs.hand.len().max(1))
                    .copied(),
            }
        }
        4 => obs.deciding_after_draw = !obs.deciding_after_draw,
        5 => obs.current_player = (v % 4 != 0).then_some((v >> 2) as usize % 12),
        6 => obs.called_color = odd_color(v),
        7 => obs.draw_pile = odd_size(v),
        8 => {
            if let Some(x) = obs.scores.get_mut(i) {
                *x = [0, v, u64::MAX, 149, 150][(v % 5) as usize];
            }
        }
        9 => obs.rounds_completed = [0, 1, 2, 3, u32::MAX, v as u32][(v % 6) as usize],
        10 => obs.decisions = [0, v, u64::MAX][(v % 3) as usize],
        11 => {
            obs.last_round = (v % 3 != 0).then_some(RoundOutcome {
                round: (v >> 4) as u32 % 5,
                winner: (v % 2 == 0).then_some((v >> 8) as usize % 12),
                points: v >> 16,
            })
        }
        12 => match v % 3 {
            0 => {
                obs.discard.pop();
            }
            1 => obs.discard.clear(),
            // An observation holds at most the deck's 108 cards in one place (more is refused
            // when it is read).
            _ => {
                let _ = obs.discard.try_push(odd_card(v >> 2));
            }
        },
        13 => obs.up_card = odd_card(v),
        14 => match v % 3 {
            0 => {
                obs.hand.pop();
            }
            1 => {
                let _ = obs.hand.try_push(odd_card(v >> 2));
            }
            _ => {
                obs.hand = std::iter::repeat_n(odd_card(v >> 2), (v >> 8) as usize % 109).collect()
            }
        },
        15 => obs.seat = (v % 12) as usize,
        16 => match v % 3 {
            0 => obs.reshuffled.clear(),
            1 => {
                let _ = obs.reshuffled.try_push(odd_card(v >> 2));
            }
            _ => {
                obs.reshuffled =
                    std::iter::repeat_n(odd_card(v >> 2), (v >> 8) as usize % 109).collect()
            }
        },
        17 => {
            obs.direction = match obs.direction {
                Direction::Clockwise => Direction::Counterclockwise,
                Direction::Counterclockwise => Direction::Clockwise,
            }
        }
        18 => match v % 3 {
            0 => {
                obs.last_called.pop();
            }
            1 => {
                let _ = obs.last_called.try_push(odd_color(v >> 2));
            }
            _ => {
                obs.scores.pop();
            }
        },
        _ => obs.players = (v % 12) as usize,
    }
}

/// A game of `players` seats with one of four option sets.
fn game_for(players: usize, options: u8) -> Uno {
    let (target, rounds) = [
        (None, None),
        (None, Some(3)),
        (Some(150), None),
        (Some(300), Some(4)),
    ][options as usize % 4];
    Uno::new(UnoOptions {
        players,
        target,
        rounds,
    })
    .unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    /// Malformed observations (sizes, drawn cards, flags, players, colours, scores, rounds, piles
    /// changed at random) give `Ok` or `Err` from `resample`, never a panic; and a state it returns
    /// can be played on. A panic anywhere fails the test.
    #[test]
    fn resample_never_panics_on_mutated_observations(
        seed in any::<u64>(),
        players in 2usize..=10,
        options in 0u8..4,
        steps in 0usize..400,
        seat in 0usize..10,
        mutations in prop::collection::vec((0u8..20, any::<u64>()), 0..5),
    ) {
        let game = game_for(players, options);
        let mut state = game.new_game(seed);
        let mut rng = seeded(seed ^ 0x5EED);
        for _ in 0..steps {
            if state.is_terminal() {
                break;
            }
            let legal = state.legal_action_vec();
            state.apply(legal[rng.random_range(0..legal.len())]).unwrap();
        }
        let mut obs = state.observation(seat % players);
        // The real observation always resamples.
        prop_assert!(game.resample(&obs, &mut rng).is_ok());
        for &(op, v) in &mutations {
            mutate(&mut obs, op, v);
        }
        // Through JSON, as a deserialised observation would arrive.
        let obs: UnoObservation = serde_json::from_str(&serde_json::to_string(&obs).unwrap()).unwrap();
        if let Ok(mut r) = game.resample(&obs, &mut rng) {
            for _ in 0..20 {
                for s in 0..players {
                    let _ = r.observation(s);
                }
                let _ = (r.returns(), r.last_round(), r.rounds_completed());
                if r.is_terminal() {
                    break;
                }
                let legal = r.legal_action_vec();
                prop_assert!(!legal.is_empty());
                r.apply(legal[rng.random_range(0..legal.len())]).unwrap();
            }
        }
    }
}
