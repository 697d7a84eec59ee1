//! Nim's tensor encoding: the core's check over seeded random games, and the layout by hand.

use parlour_core::conformance::{check_encoding, Config};
use parlour_core::encode::{Encode, Encoder};
use parlour_core::{Game, State};
use parlour_nim::{Nim, NimAction, NimOptions, NimSetup, NimState};

#[test]
fn check_encoding_for_every_size() {
    for (piles, most) in [(3, 7), (1, 1), (1, 15), (2, 4), (8, 15)] {
        let game = Nim::new(NimOptions { piles, most }).unwrap();
        let mut config = Config::new(200, 11);
        config.expect_hidden = false;
        let summary = check_encoding(&game, &config).unwrap();
        assert_eq!(summary.games, 200);
        assert_eq!(summary.longest_action, 1);
    }
}

#[test]
fn piles_are_one_hot_and_seats_relative() {
    let game = Nim::standard();
    let state = NimState::from_setup(
        &game,
        &NimSetup {
            piles: vec![3, 0, 15],
            current: 1,
        },
    )
    .unwrap();
    let encoder = Encoder::new(game.clone());
    assert_eq!(encoder.observation_len(), 3 * 16 + 2 + 2);
    let mut v = vec![0.0; encoder.observation_len()];
    encoder.encode(&state.observation(0), &[], &mut v);
    let ones: Vec<usize> = (0..v.len()).filter(|&i| v[i] == 1.0).collect();
    // Pile 0 holds 3, pile 1 none, pile 2 fifteen; seat 1 (the opponent of seat 0) moves.
    assert_eq!(ones, vec![3, 16, 32 + 15, 48 + 1]);
    assert_eq!(v.iter().sum::<f32>(), 4.0);
    encoder.encode(&state.observation(1), &[], &mut v);
    assert_eq!(v[48], 1.0, "seat 1 sees itself to move");
}

/// The bound: a pile is below `piles` and a count from 1 to 15 (no pile ever holds more), so
/// `15 × pile + count − 1` is below `15 × piles`.
#[test]
fn actions_are_15_pile_plus_count_minus_1_within_the_space() {
    let game = Nim::new(NimOptions { piles: 8, most: 15 }).unwrap();
    assert_eq!(game.action_layout().len(), 120);
    let token = |pile, count| {
        let mut out = Vec::new();
        game.action_tokens(0, &NimAction { pile, count }, &mut out);
        out
    };
    assert_eq!(token(0, 1), vec![0]);
    assert_eq!(token(2, 3), vec![32]);
    assert_eq!(token(7, 15), vec![119]);
    let all: std::collections::BTreeSet<u32> = (0..8)
        .flat_map(|p| (1..=15).map(move |c| (p, c)))
        .map(|(p, c)| token(p, c)[0])
        .collect();
    assert_eq!(all.len(), 120);
    assert_eq!(Nim::standard().action_layout().len(), 45);
}
