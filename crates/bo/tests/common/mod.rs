//! Helpers shared by the rule tests (`rules.rs`, `bonus.rs`).
#![allow(dead_code)]

use parlour_bo::{validate, BoAction, BoState, BuildMiss, InvalidPlay, Validity};
use parlour_cards::{parse_cards, Card};
use parlour_core::State;

pub fn cards(s: &str) -> Vec<Card> {
    parse_cards(s).unwrap_or_else(|e| panic!("{s}: {e}"))
}

pub fn card(s: &str) -> Card {
    s.parse().unwrap_or_else(|e| panic!("{s}: {e}"))
}

pub fn action(text: &str) -> BoAction {
    text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// Sixteen discard piles, empty but for `(owner, pile, cards bottom first)`.
pub fn discards(piles: &[(usize, usize, &str)]) -> Vec<Vec<Vec<Card>>> {
    let mut d = vec![vec![vec![]; 4]; 4];
    for &(owner, pile, c) in piles {
        d[owner][pile] = cards(c);
    }
    d
}

/// Build piles b0, b1, ... (bottom first).
pub fn builds(piles: &[&str]) -> Vec<Vec<Card>> {
    piles.iter().map(|p| cards(p)).collect()
}

/// `validate` for `seat`, asked of the full state and of `seat`'s observation, which must agree.
pub fn judge(state: &BoState, seat: usize, text: &str) -> Result<Validity, InvalidPlay> {
    let a = action(text);
    let full = validate(state, seat, a);
    let seen = validate(&state.observation(seat), seat, a);
    assert_eq!(full, seen, "{text}: the observation and the state disagree");
    full
}

/// Applies a play that must be legal, then checks card conservation.
pub fn act(state: &mut BoState, text: &str) {
    state
        .apply(action(text))
        .unwrap_or_else(|e| panic!("{text}: {e}"));
    state.check_conservation().unwrap();
}

pub fn is_not_adjacent(r: &Result<Validity, InvalidPlay>) -> bool {
    matches!(
        r,
        Err(InvalidPlay::Build {
            miss: BuildMiss::NotAdjacent { .. },
            ..
        })
    )
}

pub fn breaks(c: &str, top: &str, owner: u8, pile: u8) -> Result<Validity, InvalidPlay> {
    Err(InvalidPlay::BreaksSequence {
        card: card(c),
        top: card(top),
        owner,
        pile,
    })
}
