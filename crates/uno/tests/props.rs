//! Property tests: notation round trips, and `check` agreeing with the legal-action list.

use parlour_core::rng::seeded;
use parlour_core::{Game, State};
use parlour_uno::{action_universe, Card, Uno, UnoAction};
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
