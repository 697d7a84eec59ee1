//! What the rules' and rulings' tests share: cards and actions from text, scripted positions,
//! and playing or refusing an action.

use parlour_cards::{parse_cards, Card};
use parlour_core::State;
use parlour_phased::{Phased, PhasedAction, PhasedSetup, PhasedState};

pub fn cards(s: &str) -> Vec<Card> {
    parse_cards(s).unwrap()
}

/// Cards sorted as hands are (by card index).
pub fn sorted(s: &str) -> Vec<Card> {
    let mut v = cards(s);
    v.sort();
    v
}

/// The action `text` names.
pub fn a(text: &str) -> PhasedAction {
    text.parse().unwrap_or_else(|e| panic!("{e}"))
}

/// Plays the action `text` names, which must be legal.
pub fn act(state: &mut PhasedState, text: &str) {
    state
        .apply(a(text))
        .unwrap_or_else(|e| panic!("{text}: {e}"));
}

/// The reason `text` is refused; the state is left as it was.
pub fn rejected(state: &PhasedState, text: &str) -> String {
    let mut copy = state.clone();
    let e = copy.apply(a(text)).unwrap_err();
    assert_eq!(copy, *state, "a rejected action changes nothing");
    e.reason.into()
}

/// Seat 1 to act (seat 0 dealt), with these hands, deck and discard pile (bottom first: the last
/// card is drawn next / is the top of the pile).
pub fn setup(hands: [&str; 4], deck: &str, discard: &str) -> PhasedSetup {
    PhasedSetup {
        hands: hands.iter().map(|h| cards(h)).collect(),
        deck: cards(deck),
        discard: cards(discard),
        dealer: 0,
        current: 1,
        ..PhasedSetup::default()
    }
}

/// The state `s` sets up for `game`.
pub fn build(game: &Phased, s: &PhasedSetup) -> PhasedState {
    PhasedState::from_setup(game, s).unwrap_or_else(|e| panic!("{e}"))
}
