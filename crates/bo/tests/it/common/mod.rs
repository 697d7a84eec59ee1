//! Helpers shared by the rule tests (`rules.rs`, `bonus.rs`).
#![allow(dead_code)]

use parlour_bo::{
    validate, Bo, BoAction, BoSetup, BoState, BuildMiss, InvalidPlay, Validity, View,
};
use parlour_cards::{parse_cards, Card, Colour};
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

/// Every card in `s` that is on the table, in a hand, a stockpile or the draw pile, sorted.
pub fn all_cards(s: &BoState) -> Vec<Card> {
    let mut all: Vec<Card> = s.draw_pile().to_vec();
    for p in 0..4 {
        all.extend(s.hand(p));
        all.extend(s.stock(p).iter().copied());
        for i in 0..4 {
            all.extend(s.discard(p, i).cards());
        }
    }
    for i in 0..4 {
        all.extend(s.build(i).cards().iter().copied());
    }
    all.sort();
    all
}

/// The error for card `c` of the wrong colour on build pile `pile` of colour `colour`.
pub fn colour_miss(pile: u8, c: &str, colour: Colour) -> Result<Validity, InvalidPlay> {
    Err(InvalidPlay::Build {
        pile,
        miss: BuildMiss::Colour {
            card: card(c),
            pile: colour,
        },
    })
}

/// The position `setup` describes for `game`, checked for card conservation.
pub fn state_in(game: &Bo, setup: &BoSetup) -> BoState {
    let s = BoState::from_setup(game, setup).unwrap_or_else(|e| panic!("{e}"));
    s.check_conservation().unwrap();
    s
}
