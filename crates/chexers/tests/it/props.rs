//! Property tests: notation round-trips for any hex, action and reachable position; `check`
//! agrees with the legal list for any action in any reachable position; apply and undo (through
//! perft) restore the state.

use parlour_chexers::{perft, ChexersAction, ChexersState, Hex, Position};
use parlour_core::State;
use proptest::prelude::*;

fn hex() -> impl Strategy<Value = Hex> {
    (0usize..37).prop_map(|i| Hex::from_index(i).unwrap())
}

fn action() -> impl Strategy<Value = ChexersAction> {
    prop_oneof![
        (hex(), hex()).prop_map(|(from, to)| ChexersAction::Move { from, to }),
        (hex(), hex()).prop_map(|(from, to)| ChexersAction::Jump { from, to }),
        hex().prop_map(|from| ChexersAction::Exit { from }),
        Just(ChexersAction::Pass),
    ]
}

/// A position reached by playing the given choices (indices into each legal list).
fn reached(choices: &[usize]) -> ChexersState {
    let mut s = ChexersState::new();
    for &c in choices {
        let legal = s.legal_action_vec();
        if legal.is_empty() {
            break;
        }
        s.apply(legal[c % legal.len()]).unwrap();
    }
    s
}

proptest! {
    #[test]
    fn action_text_and_json_round_trip(a in action()) {
        let text = a.to_string();
        prop_assert_eq!(text.parse::<ChexersAction>().unwrap(), a);
        let json = serde_json::to_string(&a).unwrap();
        prop_assert_eq!(serde_json::from_str::<ChexersAction>(&json).unwrap(), a);
    }

    #[test]
    fn any_text_parses_or_errs_without_panicking(text in "\\PC{0,30}") {
        let _ = text.parse::<ChexersAction>();
        let _ = text.parse::<Position>();
        let _ = Hex::parse(&text);
    }

    #[test]
    fn position_notation_round_trips(choices in prop::collection::vec(0usize..100, 0..200)) {
        let s = reached(&choices);
        // The notation is for setups, positions to play from: a finished game's is refused.
        prop_assume!(!s.is_terminal());
        let p = s.position();
        prop_assert_eq!(p.to_string().parse::<Position>().unwrap(), p);
    }

    #[test]
    fn check_agrees_with_the_legal_list(
        choices in prop::collection::vec(0usize..100, 0..300),
        a in action(),
    ) {
        let s = reached(&choices);
        let legal = s.legal_action_vec();
        prop_assert_eq!(s.check(a).is_ok(), legal.contains(&a), "{}", a);
    }

    #[test]
    fn perft_restores_the_state(choices in prop::collection::vec(0usize..100, 0..300)) {
        let mut s = reached(&choices);
        let before = s.clone();
        perft(&mut s, 3);
        prop_assert_eq!(s, before);
    }
}
