//! Helpers shared by the Uno scenario tests: cards and actions from text, scripted setups.
#![allow(dead_code)]

use parlour_core::State;
use parlour_uno::{Card, Uno, UnoAction, UnoSetup, UnoState};

pub fn card(s: &str) -> Card {
    s.parse().unwrap_or_else(|e| panic!("{e}"))
}

/// Cards from space-separated text, in the order given.
pub fn cards(s: &str) -> Vec<Card> {
    s.split_whitespace().map(card).collect()
}

/// Cards from space-separated text, sorted by kind (the order `UnoState::hand` returns).
pub fn sorted(s: &str) -> Vec<Card> {
    let mut v = cards(s);
    v.sort();
    v
}

pub fn act(s: &str) -> UnoAction {
    s.parse().unwrap_or_else(|e| panic!("{e}"))
}

pub fn acts(s: &str) -> Vec<UnoAction> {
    s.split_whitespace().map(act).collect()
}

pub fn setup(hands: &[&str], draw: &str, discard: &str) -> UnoSetup {
    UnoSetup::new(
        hands.iter().map(|h| cards(h)).collect(),
        cards(draw),
        cards(discard),
    )
}

pub fn build(game: &Uno, s: &UnoSetup) -> UnoState {
    UnoState::from_setup(game, s).unwrap_or_else(|e| panic!("{e}"))
}

/// Applies `text`, panicking with the engine's reason if it is illegal.
pub fn play(state: &mut UnoState, text: &str) {
    state
        .apply(act(text))
        .unwrap_or_else(|e| panic!("{text} should be legal: {e}\n{state:?}"));
}
