//! Comp10001-Go's tensor encoding: the conformance harness's encoding checks, and hand-made
//! checks of the layout against known positions.

use parlour_cards::{parse_cards, standard_deck, Card};
use parlour_core::conformance::{check_encoding, Config};
use parlour_core::encode::{Encode, Encoder, Layout, Token};
use parlour_core::{Game, State};
use parlour_go::encode::token;
use parlour_go::{Go, GoAction, GoSetup, GoState, PLAYERS};

fn cards(s: &str) -> Vec<Card> {
    parse_cards(s).unwrap()
}

fn slice<'a>(layout: &Layout, v: &'a [f32], name: &str) -> &'a [f32] {
    let f = layout
        .get(name)
        .unwrap_or_else(|| panic!("no slice {name}"));
    &v[f.start..f.start + f.len]
}

fn encode(state: &GoState, seat: usize) -> Vec<f32> {
    let encoder = Encoder::new(Go::standard());
    let mut v = vec![0.0; encoder.observation_len()];
    encoder.encode(&state.observation(seat), &[], &mut v);
    v
}

/// The multi-hot of `cards` over the 52 card indices.
fn multi_hot(cards: &[Card]) -> Vec<f32> {
    let mut v = vec![0.0; 52];
    for c in cards {
        v[usize::from(c.index())] = 1.0;
    }
    v
}

#[test]
fn encoding_conforms() {
    let summary = check_encoding(&Go::standard(), &Config::new(1000, 10001)).unwrap();
    assert_eq!(summary.games, 1000);
    assert_eq!(summary.decisions, 1000 * 40);
    assert_eq!(summary.longest_action, 1);
}

#[test]
fn layout_lengths() {
    // hand, pick, 4 discard piles, 3 known hands, unseen: 10 × 52; turn 11; 4 × 4 per seat.
    assert_eq!(Go::standard().observation_layout().len(), 547);
    assert_eq!(Go::standard().action_layout().len(), 52);
}

#[test]
fn the_hand_slice_holds_the_dealt_cards() {
    let game = Go::standard();
    let state = game.new_game(5);
    let layout = game.observation_layout();
    for seat in 0..PLAYERS {
        let v = encode(&state, seat);
        assert_eq!(slice(&layout, &v, "hand"), multi_hot(&state.hand(seat)));
        assert_eq!(slice(&layout, &v, "turn")[0], 1.0);
        assert_eq!(slice(&layout, &v, "seat")[seat], 1.0);
        // Before anyone passes, the observer has seen only its own hand.
        let mut unseen: Vec<Card> = standard_deck();
        unseen.retain(|c| !state.hand(seat).contains(c));
        assert_eq!(slice(&layout, &v, "unseen"), multi_hot(&unseen));
        assert!(slice(&layout, &v, "known_hands").iter().all(|&x| x == 0.0));
    }
}

#[test]
fn a_pick_shows_in_its_seat_only_and_the_others_see_that_it_was_made() {
    let game = Go::standard();
    let mut state = game.new_game(9);
    let first = state.hand(0)[3];
    state.apply(GoAction::Pick(first)).unwrap();
    let layout = game.observation_layout();
    let v0 = encode(&state, 0);
    assert_eq!(slice(&layout, &v0, "picked"), multi_hot(&[first]));
    assert_eq!(slice(&layout, &v0, "hand"), multi_hot(&state.hand(0)));
    let v2 = encode(&state, 2);
    assert!(slice(&layout, &v2, "picked").iter().all(|&x| x == 0.0));
    // Seat 2's view: seat 0 (relative 2) has picked, seat 1 (relative 3) is to pick.
    assert_eq!(
        slice(&layout, &v2, "picked_this_turn"),
        [0.0, 0.0, 1.0, 0.0]
    );
    assert_eq!(slice(&layout, &v2, "to_act"), [0.0, 0.0, 0.0, 1.0]);
}

#[test]
fn known_hands_are_the_hands_seen_less_the_picks_since() {
    let game = Go::standard();
    let mut state = game.new_game(3);
    let layout = game.observation_layout();
    for turn in 0..9 {
        for seat in 0..PLAYERS {
            let v = encode(&state, seat);
            let known = slice(&layout, &v, "known_hands");
            for d in 1..PLAYERS {
                let got = &known[(d - 1) * 52..d * 52];
                if d <= turn {
                    let other = (seat + d) % PLAYERS;
                    assert_eq!(
                        got,
                        multi_hot(&state.hand(other)),
                        "turn {turn} seat {seat}"
                    );
                } else {
                    assert!(got.iter().all(|&x| x == 0.0));
                }
            }
            if turn >= 3 {
                // Every hand has passed through this seat's: only the set-aside is unseen.
                let unseen = slice(&layout, &v, "unseen");
                assert_eq!(unseen, multi_hot(&state.set_aside()), "turn {turn}");
            }
        }
        for s in 0..PLAYERS {
            let legal = state.legal_action_vec();
            let pick = legal[turn % legal.len()];
            state.apply(pick).unwrap();
            if s == 0 && turn >= 1 {
                // Seat 0's pick is face down, but seat 3 knows it is among seat 0's cards.
                let v = encode(&state, 3);
                let mut with_pick = state.hand(0);
                with_pick.push(pick.card().unwrap());
                let known = slice(&layout, &v, "known_hands");
                assert_eq!(&known[..52], multi_hot(&with_pick));
            }
        }
    }
}

#[test]
fn discards_are_by_relative_seat_and_scores_show_at_the_end() {
    let game = Go::standard();
    let all = standard_deck();
    let hands: Vec<Vec<Card>> = (0..PLAYERS).map(|s| vec![all[s]]).collect();
    let discards: Vec<Vec<Card>> = (0..PLAYERS)
        .map(|s| all[4 + 9 * s..4 + 9 * (s + 1)].to_vec())
        .collect();
    let mut state = GoState::from_setup(&GoSetup {
        hands,
        discards: discards.clone(),
        scoring: Default::default(),
    })
    .unwrap();
    let layout = game.observation_layout();
    let v = encode(&state, 1);
    let d = slice(&layout, &v, "discards");
    // Seat 1 observes: slot 0 is seat 1, slot 3 is seat 0.
    assert_eq!(&d[..52], multi_hot(&discards[1]));
    assert_eq!(&d[3 * 52..], multi_hot(&discards[0]));
    assert_eq!(slice(&layout, &v, "turn")[9], 1.0);
    while !state.is_terminal() {
        let pick = state.legal_action_vec()[0];
        state.apply(pick).unwrap();
    }
    let v = encode(&state, 1);
    let scores = state.scores();
    let expected: Vec<f32> = (0..PLAYERS)
        .map(|r| (scores[(1 + r) % PLAYERS] as f32 + 200.0) / 822.0)
        .collect();
    assert_eq!(slice(&layout, &v, "scores"), expected);
    assert_eq!(slice(&layout, &v, "turn")[10], 1.0);
    assert!(slice(&layout, &v, "to_act").iter().all(|&x| x == 0.0));
}

#[test]
fn a_pick_is_the_token_of_its_card() {
    let game = Go::standard();
    let mut out: Vec<Token> = Vec::new();
    for (text, t) in [("AS", 0), ("KS", 12), ("0H", 22), ("7C", 45), ("KC", 51)] {
        out.clear();
        game.action_tokens(0, &text.parse().unwrap(), &mut out);
        assert_eq!(out, [t], "{text}");
    }
    // The 52 cards are the 52 tokens, one each: the space bounds every pick.
    let mut tokens: Vec<Token> = standard_deck()
        .into_iter()
        .map(|c| token(GoAction::Pick(c)))
        .collect();
    tokens.sort_unstable();
    assert_eq!(tokens, (0..52).collect::<Vec<Token>>());
    assert_eq!(cards("7C")[0].index(), 45);
}

/// Under the course's scoring every grouping is reachable token by token through the mask
/// (cards, then end_group, group after group), and the pending prefix shows the groups built.
#[test]
fn encoding_conforms_under_proposed_scoring() {
    let game = Go::new(parlour_go::GoOptions {
        scoring: parlour_go::Scoring::Proposed,
    })
    .unwrap();
    let summary = check_encoding(&game, &Config::new(300, 10003)).unwrap();
    assert_eq!(summary.decisions, 300 * 44);
    assert!(summary.longest_action > 1 && summary.longest_action <= 20);
    assert_eq!(game.action_layout().len(), 53);
    assert_eq!(game.pending_layout().len(), 104);
    // The pending prefix: 7C placed in a closed group, then 7S in the open one.
    let (c7, s7) = (
        Token::from(cards("7C")[0].index()),
        Token::from(cards("7S")[0].index()),
    );
    let mut out = vec![0.0; 104];
    game.encode_pending(&[c7, parlour_go::encode::END_GROUP, s7], &mut out);
    assert_eq!(out[c7 as usize], 1.0);
    assert_eq!(out[52 + s7 as usize], 1.0);
    assert_eq!(out.iter().filter(|&&x| x > 0.0).count(), 2);
}
