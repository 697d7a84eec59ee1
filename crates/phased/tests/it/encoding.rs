//! The tensor encoding ([`parlour_phased::encode`]): the core harness over seeded games of both
//! variants, and the layout checked by hand on known positions.

use parlour_cards::{parse_cards, Card};
use parlour_core::conformance::{check_encoding, check_seat_symmetry, Config};
use parlour_core::encode::{Choice, Encode, Encoder, Step as TokenStep, Token};
use parlour_core::{Game, State};
use parlour_phased::encode::{
    ADD_POSITIONS, T_ADD_CARD, T_ADD_POSITION, T_ADD_TARGET, T_DISCARD, T_DRAW, T_LAY_END,
    T_LAY_FIRST, T_LAY_SECOND, T_SKIP, T_TAKE,
};
use parlour_phased::{Phased, PhasedAction, PhasedSetup, PhasedState};
use rand::seq::IndexedRandom;

fn cards(s: &str) -> Vec<Card> {
    parse_cards(s).unwrap()
}

/// The tokens of `text` played by seat 0 (for whom relative seats are the absolute ones).
fn tokens(game: &Phased, text: &str) -> Vec<Token> {
    tokens_by(game, 0, text)
}

fn tokens_by(game: &Phased, seat: usize, text: &str) -> Vec<Token> {
    let action: PhasedAction = text.parse().unwrap();
    let mut out = Vec::new();
    game.action_tokens(seat, &action, &mut out);
    out
}

fn index(card: &str) -> Token {
    Token::from(card.parse::<Card>().unwrap().index())
}

#[test]
fn encoding_conforms_standard() {
    let summary = check_encoding(
        &Phased::standard(),
        &Config::new(200, 5).with_check_every(10),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    assert!(summary.longest_action >= 3, "{summary:?}");
}

#[test]
fn encoding_conforms_bonus() {
    let summary = check_encoding(&Phased::bonus(), &Config::new(200, 6).with_check_every(10))
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(summary.longest_action >= 3, "{summary:?}");
}

#[test]
fn sizes_of_the_two_variants() {
    let (standard, bonus) = (
        Encoder::new(Phased::standard()),
        Encoder::new(Phased::bonus()),
    );
    assert_eq!(standard.action_space(), 251);
    assert_eq!(bonus.action_space(), 255);
    assert_eq!(Phased::standard().observation_layout().len(), 1040);
    assert_eq!(Phased::standard().pending_layout().len(), 892);
    assert_eq!(standard.observation_len(), bonus.observation_len());
    assert_eq!(Phased::bonus().max_tokens(), 17);
}

#[test]
fn known_actions_have_their_documented_tokens() {
    let game = Phased::bonus();
    assert_eq!(tokens(&game, "draw"), [T_DRAW]);
    assert_eq!(tokens(&game, "take"), [T_TAKE]);
    assert_eq!(tokens(&game, "discard 7C"), [T_DISCARD + index("7C")]);
    assert_eq!(tokens(&game, "skip 2"), [T_SKIP + 2]);
    assert_eq!(
        tokens(&game, "add 5D 1 0 8"),
        [
            T_ADD_CARD + index("5D"),
            T_ADD_TARGET + 2,
            T_ADD_POSITION + 8
        ]
    );
    let lay = tokens(&game, "lay 2S 2S AH / 7H 7S 7D");
    let mut expected: Vec<Token> = ["2S", "2S", "AH"].map(|c| T_LAY_FIRST + index(c)).to_vec();
    expected.extend(["7H", "7S", "7D"].map(|c| T_LAY_SECOND + index(c)));
    expected.push(T_LAY_END);
    assert_eq!(lay, expected);
    // A one-group phase goes straight from its cards to the end.
    let run = tokens(&game, "lay 2S 3D 4C AD 6C 7D 8H 9S");
    assert_eq!(run.len(), 9);
    assert_eq!(run[8], T_LAY_END);
    let layout = game.action_layout();
    assert_eq!(layout.get("skip").unwrap().start, T_SKIP as usize);
    assert_eq!(
        layout.get("add_position").unwrap().start,
        T_ADD_POSITION as usize
    );
    assert_eq!(layout.get("add_position").unwrap().len, ADD_POSITIONS);
    assert!(Phased::standard().action_layout().get("skip").is_none());
}

#[test]
fn the_hand_slice_of_a_known_deal_holds_the_dealt_cards() {
    let game = Phased::standard();
    let setup = PhasedSetup {
        hands: ["3S", "2S 2S AH 7H 7S 7D 9C", "2D", "2C"]
            .iter()
            .map(|h| cards(h))
            .collect(),
        deck: cards("9S 8S KD"),
        discard: cards("5H 6D"),
        dealer: 0,
        current: 1,
        ..PhasedSetup::default()
    };
    let state = PhasedState::from_setup(&game, &setup).unwrap();
    let layout = game.observation_layout();
    let mut out = vec![0.0; layout.len()];
    game.encode_observation(&state.observation(1), &mut out);
    let hand = layout.get("hand").unwrap();
    let mut expected = vec![0.0; hand.len];
    for c in cards("2S 2S AH 7H 7S 7D 9C") {
        expected[c.index() as usize] += 0.5;
    }
    assert_eq!(&out[hand.start..hand.start + hand.len], &expected[..]);
    // Seat 1 sees itself first, and the hand sizes from there: 7, 1, 1, 1. No slice names an
    // absolute seat.
    assert!(layout.get("seat").is_none());
    let sizes = layout.get("hand_sizes").unwrap();
    let per = |n: f32| n / 11.0;
    assert_eq!(
        &out[sizes.start..sizes.start + 4],
        &[per(7.0), per(1.0), per(1.0), per(1.0)]
    );
    // The discard pile's top card (6D) comes first.
    let top = layout.get("discard_top").unwrap();
    assert_eq!(out[top.start + index("6D") as usize], 1.0);
    assert_eq!(out[top.start + 53 + index("5H") as usize], 1.0);
    // It is seat 1's turn, to draw.
    let to_act = layout.get("to_act").unwrap();
    assert_eq!(&out[to_act.start..to_act.start + 4], &[1.0, 0.0, 0.0, 0.0]);
}

/// The longest table group before an add is a suit set of 31 cards (every natural of its suit
/// and seven of the eight Aces): the eighth Ace goes at index 31 at most, the last position.
#[test]
fn the_add_position_bound_covers_the_longest_group() {
    let game = Phased::standard();
    let spades = "2S 3S 4S 5S 6S 7S 8S 9S 0S JS QS KS";
    let aces = "AS AS AH AH AD AD AC AC";
    let laid = cards("2S 3S 4S 5S 6S 7S 8S");
    let mut hand = cards(&format!("{spades} {spades} {aces} 2H"));
    for c in &laid {
        let i = hand.iter().position(|h| h == c).unwrap();
        hand.remove(i);
    }
    let setup = PhasedSetup {
        hands: vec![hand, cards("3D"), cards("3H"), cards("3C")],
        deck: cards("9D 8D"),
        discard: cards("5H"),
        table: vec![vec![laid], vec![], vec![], vec![]],
        phases_done: vec![vec![1, 2], vec![], vec![], vec![]],
        laid: vec![true, false, false, false],
        dealer: 3,
        current: 0,
        drawn: true,
        ..PhasedSetup::default()
    };
    let mut state = PhasedState::from_setup(&game, &setup).unwrap();
    // Add every spade and seven Aces on top of the group.
    for len in 7..31 {
        let legal = state.legal_action_vec();
        let add = legal
            .iter()
            .copied()
            .find(|a| {
                matches!(a, PhasedAction::Add { card, index, .. }
                    if *index as usize == len && card.to_string() != "2H")
            })
            .unwrap_or_else(|| panic!("no add at {len}: {legal:?}"));
        state.apply(add).unwrap();
    }
    let legal = state.legal_action_vec();
    let top = legal
        .iter()
        .filter_map(|a| match a {
            PhasedAction::Add { index, .. } => Some(*index as usize),
            _ => None,
        })
        .max()
        .unwrap();
    assert_eq!(top, 31);
    assert_eq!(top, ADD_POSITIONS - 1);
    let mut choice = Choice::new();
    choice.reset(&game, &state);
    let space = game.action_layout().len() as Token;
    for i in 0..choice.legal().len() {
        assert!(choice.tokens_of(i).iter().all(|&t| t < space));
    }
}

/// Over random games, every listed insertion index is below the bound and the pending slice
/// shows a chosen lay card by card.
#[test]
fn listed_add_positions_stay_below_the_bound() {
    let game = Phased::bonus();
    let mut rng = parlour_core::rng::seeded(9);
    let mut seen_add = false;
    for seed in 0..4 {
        let mut state = game.new_game(seed);
        while !state.is_terminal() {
            let legal = state.legal_action_vec();
            for a in &legal {
                if let PhasedAction::Add { index, .. } = a {
                    seen_add = true;
                    assert!((*index as usize) < ADD_POSITIONS, "{a}");
                }
            }
            // Prefer lays and adds so tables grow.
            let pick = legal
                .iter()
                .find(|a| matches!(a, PhasedAction::Lay(_) | PhasedAction::Add { .. }))
                .copied()
                .unwrap_or_else(|| *legal.choose(&mut rng).unwrap());
            state.apply(pick).unwrap();
        }
    }
    assert!(seen_add);
}

#[test]
fn the_pending_slice_shows_a_lay_position_by_position() {
    let game = Phased::standard();
    let encoder = Encoder::new(game.clone());
    let setup = PhasedSetup {
        hands: ["3S", "2S 2S AH 7H 7S 7D 9C", "2D", "2C"]
            .iter()
            .map(|h| cards(h))
            .collect(),
        deck: cards("9S 8S KD"),
        discard: cards("5H"),
        dealer: 0,
        current: 1,
        drawn: true,
        ..PhasedSetup::default()
    };
    let state = PhasedState::from_setup(&game, &setup).unwrap();
    let mut choice = Choice::new();
    choice.reset(&game, &state);
    let lay = tokens(&game, "lay 2S 2S AH / 7S 7H 7D");
    let layout = encoder.layout();
    let first = layout.get("pending_lay_first").unwrap().start;
    let second = layout.get("pending_lay_second").unwrap().start;
    let mut out = vec![0.0; encoder.observation_len()];
    for (k, &t) in lay.iter().enumerate() {
        match choice.push(t).unwrap() {
            TokenStep::Pending => {}
            TokenStep::Action(a) => {
                assert_eq!(k, lay.len() - 1);
                assert_eq!(a.to_string(), "lay 2S 2S AH / 7S 7H 7D");
            }
        }
    }
    encoder.encode(&state.observation(1), &lay[..5], &mut out);
    assert_eq!(out[first + index("2S") as usize], 1.0);
    assert_eq!(out[first + 52 + index("2S") as usize], 1.0);
    assert_eq!(out[first + 104 + index("AH") as usize], 1.0);
    assert_eq!(out[second + index("7S") as usize], 1.0);
    assert_eq!(out[second + 52 + index("7H") as usize], 1.0);
    let pending: f32 = out[first..].iter().sum();
    assert_eq!(pending, 5.0);
}

#[test]
fn the_same_relative_action_by_two_seats_has_the_same_tokens() {
    let game = Phased::bonus();
    // Seat 0 adds to seat 1's first group and skips seat 3; seat 2 does the same to seats 3
    // and 1, each the seat after it and the seat before it.
    assert_eq!(
        tokens_by(&game, 0, "add 5D 1 0 8"),
        tokens_by(&game, 2, "add 5D 3 0 8")
    );
    assert_eq!(
        tokens_by(&game, 2, "add 5D 3 0 8"),
        [
            T_ADD_CARD + index("5D"),
            T_ADD_TARGET + 2,
            T_ADD_POSITION + 8
        ]
    );
    assert_eq!(tokens_by(&game, 0, "skip 3"), [T_SKIP + 3]);
    assert_eq!(tokens_by(&game, 2, "skip 1"), [T_SKIP + 3]);
    // Its own group is always owner 0.
    for seat in 0..4 {
        assert_eq!(
            tokens_by(&game, seat, &format!("add 5D {seat} 1 0"))[1],
            T_ADD_TARGET + 1
        );
    }
    // The same absolute action by two seats names different relative seats.
    assert_ne!(tokens_by(&game, 0, "skip 2"), tokens_by(&game, 1, "skip 2"));
}

/// A position with adds on another seat's groups and Skips open to the actor.
fn add_and_skip_position() -> PhasedSetup {
    PhasedSetup {
        hands: ["ZZ 5S 9H 3C KD", "4D 4C", "JH", "QS QD QC"]
            .iter()
            .map(|h| cards(h))
            .collect(),
        deck: cards("9S 8S KS"),
        discard: cards("5H 6D"),
        table: vec![
            vec![cards("2S 2S AH"), cards("7H 7S 7D")],
            vec![cards("5C 5D 5H"), cards("9S 9C 9D")],
            vec![],
            vec![],
        ],
        phases_done: vec![vec![1], vec![1], vec![], vec![2]],
        laid: vec![true, true, false, false],
        scores: vec![10, 55, 0, 120],
        turns: vec![3, 3, 2, 2],
        dealer: 3,
        current: 0,
        drawn: true,
        ..PhasedSetup::default()
    }
}

/// `setup` with every seat moved `k` seats on.
fn rotated(setup: &PhasedSetup, k: usize) -> PhasedSetup {
    fn turn<T: Clone>(list: &[T], k: usize) -> Vec<T> {
        let mut out = list.to_vec();
        out.rotate_right(k % list.len().max(1));
        out
    }
    PhasedSetup {
        hands: turn(&setup.hands, k),
        table: turn(&setup.table, k),
        phases_done: turn(&setup.phases_done, k),
        laid: turn(&setup.laid, k),
        scores: turn(&setup.scores, k),
        turns: turn(&setup.turns, k),
        dealer: (setup.dealer + k) % 4,
        current: (setup.current + k) % 4,
        ..setup.clone()
    }
}

/// An action with every seat it names moved `k` seats on.
fn rotate_action(action: PhasedAction, k: usize) -> PhasedAction {
    let on = |s: u8| ((usize::from(s) + k) % 4) as u8;
    match action {
        PhasedAction::Add {
            card,
            owner,
            group,
            index,
        } => PhasedAction::Add {
            card,
            owner: on(owner),
            group,
            index,
        },
        PhasedAction::Skip(t) => PhasedAction::Skip(on(t)),
        other => other,
    }
}

/// The encoding is seat-symmetric: the same position seen from another seat (every seat moved
/// on) gives the actor the same vector, and each action the same tokens as its rotation.
#[test]
fn a_rotated_position_has_the_same_vector_and_tokens() {
    let game = Phased::bonus();
    let base = add_and_skip_position();
    let state = PhasedState::from_setup(&game, &base).unwrap();
    let legal = state.legal_action_vec();
    assert!(legal
        .iter()
        .any(|a| matches!(a, PhasedAction::Add { owner: 1, .. })));
    assert!(legal.iter().any(|a| matches!(a, PhasedAction::Skip(_))));
    let rotated: Vec<_> = (1..4)
        .map(|k| {
            (
                k,
                PhasedState::from_setup(&game, &rotated(&base, k)).unwrap(),
            )
        })
        .collect();
    check_seat_symmetry(&game, &state, &rotated, rotate_action).unwrap();
}

/// Over random games, an add's target token points at a group the actor's own vector shows
/// (the `table` slice at that relative owner and group), and a Skip never names the actor.
#[test]
fn add_targets_name_groups_as_the_actor_sees_them() {
    let game = Phased::bonus();
    let encoder = Encoder::new(game.clone());
    let layout = encoder.layout();
    let table = layout.get("table").unwrap();
    let per_group = table.len / 8;
    let mut rng = parlour_core::rng::seeded(11);
    let mut vector = vec![0.0; encoder.observation_len()];
    let mut choice = Choice::new();
    let (mut adds, mut foreign) = (0, 0);
    for seed in 0..3 {
        let mut state = game.new_game(seed);
        while let Some(seat) = state.current_player() {
            encoder.encode(&state.observation(seat), &[], &mut vector);
            choice.reset(&game, &state);
            for (i, a) in choice.legal().iter().enumerate() {
                let t = choice.tokens_of(i);
                match a {
                    PhasedAction::Add { owner, .. } => {
                        adds += 1;
                        foreign += usize::from(usize::from(*owner) != seat);
                        let g = (t[1] - T_ADD_TARGET) as usize;
                        assert_eq!(vector[table.start + g * per_group], 1.0, "{a} by {seat}");
                    }
                    PhasedAction::Skip(_) => assert_ne!(t[0], T_SKIP, "{a} by {seat}"),
                    _ => {}
                }
            }
            let legal = state.legal_action_vec();
            let pick = legal
                .iter()
                .find(|a| matches!(a, PhasedAction::Lay(_) | PhasedAction::Add { .. }))
                .copied()
                .unwrap_or_else(|| *legal.choose(&mut rng).unwrap());
            state.apply(pick).unwrap();
        }
    }
    assert!(foreign > 0, "{adds} adds, none to another seat");
}
