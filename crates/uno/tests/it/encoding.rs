//! Uno's tensor encoding: the conformance harness's encoding checks at every table size and for
//! matches, and hand-made checks of the layout against known positions.

use parlour_core::conformance::{check_encoding, Config};
use parlour_core::encode::{Encode, Encoder, Layout, Token};
use parlour_core::{Game, State};
use parlour_uno::encode::{token, ACTIONS};
use parlour_uno::{action_universe, Color, Direction, Uno, UnoOptions, UnoState};

use crate::common;
use common::*;

fn slice<'a>(layout: &Layout, v: &'a [f32], name: &str) -> &'a [f32] {
    let f = layout
        .get(name)
        .unwrap_or_else(|| panic!("no slice {name}"));
    &v[f.start..f.start + f.len]
}

fn encode(game: &Uno, state: &UnoState, seat: usize) -> Vec<f32> {
    let encoder = Encoder::new(game.clone());
    let mut v = vec![0.0; encoder.observation_len()];
    encoder.encode(&state.observation(seat), &[], &mut v);
    v
}

#[test]
fn encoding_conforms_at_every_table_size() {
    for players in 2..=10 {
        let game = Uno::with_players(players).unwrap();
        let config = Config::new(200, 100 + players as u64).with_check_every(2);
        let summary = check_encoding(&game, &config).unwrap_or_else(|e| panic!("{players}: {e}"));
        assert_eq!(summary.games, 200);
        assert_eq!(summary.longest_action, 1);
    }
}

#[test]
fn encoding_conforms_in_matches() {
    let to_target = Uno::new(UnoOptions {
        players: 4,
        target: Some(150),
        rounds: None,
    })
    .unwrap();
    check_encoding(&to_target, &Config::new(30, 7).with_check_every(2)).unwrap();
    let rounds = Uno::new(UnoOptions {
        players: 3,
        target: Some(300),
        rounds: Some(4),
    })
    .unwrap();
    check_encoding(&rounds, &Config::new(30, 8).with_check_every(2)).unwrap();
}

#[test]
fn observation_length_grows_with_the_table() {
    // 54 × 5 card slices, 4 + 4 colours, 3 scalars, 3 numbers in `match`, and per seat 1 + 1
    // + 12 + 4 + 1 + 1 + 1 = 21 numbers.
    for players in 2..=10 {
        let game = Uno::with_players(players).unwrap();
        assert_eq!(game.observation_layout().len(), 284 + 21 * players);
    }
    assert_eq!(Uno::standard().observation_layout().len(), 368);
}

#[test]
fn the_hand_slice_holds_the_dealt_cards_over_their_copies() {
    let game = Uno::standard();
    let s = setup(&["R0 R5 R5 W GS", "G1", "G2", "G3"], "B7", "R9");
    let state = build(&game, &s);
    let layout = game.observation_layout();
    let v = encode(&game, &state, 0);
    let hand = slice(&layout, &v, "hand");
    let mut expected = [0.0f32; 54];
    expected[card("R0").index()] = 1.0; // the only red 0
    expected[card("R5").index()] = 1.0; // both red 5s
    expected[card("W").index()] = 0.25; // one wild of four
    expected[card("GS").index()] = 0.5; // one green skip of two
    assert_eq!(hand, expected);
    assert_eq!(slice(&layout, &v, "up_card")[card("R9").index()], 1.0);
    assert_eq!(slice(&layout, &v, "color_to_match"), [1.0, 0.0, 0.0, 0.0]);
    assert_eq!(slice(&layout, &v, "discard")[card("R9").index()], 0.5);
    assert_eq!(slice(&layout, &v, "to_act"), [1.0, 0.0, 0.0, 0.0]);
    // Seat 1's view: the observer is slot 0, seat 0 (to act) is the last slot clockwise.
    let v1 = encode(&game, &state, 1);
    assert_eq!(slice(&layout, &v1, "to_act"), [0.0, 0.0, 0.0, 1.0]);
    let sizes = slice(&layout, &v1, "hand_sizes");
    assert_eq!(sizes, [1.0 / 108.0, 1.0 / 108.0, 1.0 / 108.0, 5.0 / 108.0]);
    let onehot = slice(&layout, &v1, "hand_size_onehot");
    assert_eq!(onehot[3 * 12 + 5], 1.0);
    assert_eq!(onehot[1], 1.0);
}

#[test]
fn relative_seats_follow_the_direction_of_play() {
    let game = Uno::standard();
    let mut s = setup(&["R1", "R2 R3", "G1 G2 G3", "B1 B2 B3 B4"], "Y1", "Y9");
    s.direction = Direction::Counterclockwise;
    s.current = 3;
    s.last_called = vec![None, Some(Color::Blue), None, None];
    let state = build(&game, &s);
    let layout = game.observation_layout();
    let v = encode(&game, &state, 0);
    // Counterclockwise from seat 0: seats 0, 3, 2, 1.
    let sizes: Vec<f32> = slice(&layout, &v, "hand_sizes")
        .iter()
        .map(|x| x * 108.0)
        .collect();
    assert_eq!(sizes, [1.0, 4.0, 3.0, 2.0]);
    assert_eq!(slice(&layout, &v, "to_act"), [0.0, 1.0, 0.0, 0.0]);
    assert_eq!(slice(&layout, &v, "direction"), [1.0]);
    assert_eq!(slice(&layout, &v, "last_called")[3 * 4 + 2], 1.0);
}

#[test]
fn a_drawn_card_is_shown_to_its_drawer_only() {
    let game = Uno::standard();
    let mut state = build(&game, &setup(&["G5", "G1", "G2", "G3"], "R4", "R9"));
    state.apply(act("draw")).unwrap();
    let layout = game.observation_layout();
    let v0 = encode(&game, &state, 0);
    assert_eq!(slice(&layout, &v0, "drawn")[card("R4").index()], 1.0);
    assert_eq!(slice(&layout, &v0, "after_draw"), [1.0]);
    let v1 = encode(&game, &state, 1);
    assert!(slice(&layout, &v1, "drawn").iter().all(|&x| x == 0.0));
    assert_eq!(slice(&layout, &v1, "after_draw"), [1.0]);
}

#[test]
fn known_actions_have_their_documented_tokens() {
    let game = Uno::standard();
    let mut out: Vec<Token> = Vec::new();
    for (text, t) in [
        ("R0", 0),
        ("R5", 5),
        ("RS", 10),
        ("R+2", 12),
        ("G0", 13),
        ("Y+2", 51),
        ("W:R", 52),
        ("W:Y", 55),
        ("W+4:R", 56),
        ("W+4:B", 58),
        ("draw", 60),
        ("pass", 61),
    ] {
        out.clear();
        game.action_tokens(0, &act(text), &mut out);
        assert_eq!(out, [t], "{text}");
    }
}

#[test]
fn the_token_space_is_exactly_the_action_universe() {
    // Every action the game can express (52 coloured cards, 2 wilds × 4 colours, draw, pass:
    // 62) has its own token, so the space bounds every action and any decision's tokens are
    // distinct.
    let universe = action_universe();
    assert_eq!(universe.len(), ACTIONS);
    let mut tokens: Vec<Token> = universe.iter().map(|&a| token(a)).collect();
    tokens.sort_unstable();
    assert_eq!(tokens, (0..ACTIONS as Token).collect::<Vec<_>>());
    assert_eq!(Uno::standard().action_layout().len(), ACTIONS);
}

#[test]
fn match_slices_show_scores_and_progress() {
    let game = Uno::new(UnoOptions {
        players: 4,
        target: Some(200),
        rounds: Some(10),
    })
    .unwrap();
    let mut s = setup(&["R1", "R2", "G1", "B1"], "Y1", "Y9");
    s.scores = vec![50, 100, 0, 0];
    s.rounds_completed = 3;
    let state = build(&game, &s);
    let layout = game.observation_layout();
    let v = encode(&game, &state, 0);
    assert_eq!(slice(&layout, &v, "scores"), [0.5, 1.0, 0.0, 0.0]);
    assert_eq!(slice(&layout, &v, "target_progress"), [0.25, 0.5, 0.0, 0.0]);
    assert_eq!(slice(&layout, &v, "match"), [1.0, 1.0, 0.3]);
}
