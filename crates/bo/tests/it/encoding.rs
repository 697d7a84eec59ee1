//! The tensor encoding ([`parlour_bo::encode`]): the core harness over seeded games of both
//! variants, and the layout checked by hand on known positions.

use parlour_bo::encode::{TARGETS, T_CLEAR, T_DISCARD, T_EMBARGO, T_HAND, T_PASS, T_STOCK};
use parlour_bo::{Bo, BoAction, BoSetup, BoState, Source, Target};
use parlour_cards::{parse_cards, Card};
use parlour_core::conformance::{check_encoding, check_seat_symmetry, Config};
use parlour_core::encode::{Choice, Encode, Encoder, Token};
use parlour_core::{Game, State};
use rand::seq::IndexedRandom;

fn cards(s: &str) -> Vec<Card> {
    parse_cards(s).unwrap()
}

/// The token of `text` played by seat 0 (for whom relative seats are the absolute ones).
fn token(game: &Bo, text: &str) -> Token {
    token_by(game, 0, text)
}

fn token_by(game: &Bo, seat: usize, text: &str) -> Token {
    let action: BoAction = text.parse().unwrap();
    let mut out = Vec::new();
    game.action_tokens(seat, &action, &mut out);
    assert_eq!(out.len(), 1, "{text}");
    out[0]
}

fn index(card: &str) -> Token {
    Token::from(card.parse::<Card>().unwrap().index())
}

#[test]
fn encoding_conforms_standard() {
    check_encoding(&Bo::standard(), &Config::new(300, 41).with_check_every(3))
        .unwrap_or_else(|e| panic!("{e}"));
}

#[test]
fn encoding_conforms_bonus() {
    check_encoding(&Bo::bonus(), &Config::new(300, 42).with_check_every(3))
        .unwrap_or_else(|e| panic!("{e}"));
}

#[test]
fn sizes_of_the_two_variants() {
    let (standard, bonus) = (Encoder::new(Bo::standard()), Encoder::new(Bo::bonus()));
    assert_eq!(standard.action_space(), 1401);
    assert_eq!(bonus.action_space(), 1406);
    assert_eq!(standard.observation_len(), 1785);
    assert_eq!(bonus.observation_len(), 1785);
    assert_eq!(Bo::bonus().max_tokens(), 1);
    assert!(Bo::bonus().pending_layout().is_empty());
}

#[test]
fn known_actions_have_their_documented_tokens() {
    let game = Bo::bonus();
    let t = TARGETS as Token;
    assert_eq!(token(&game, "9D b0"), T_HAND + index("9D") * t);
    assert_eq!(
        token(&game, "9D d2.1"),
        T_HAND + index("9D") * t + 4 + 2 * 4 + 1
    );
    assert_eq!(token(&game, "ZZ b3"), T_HAND + 52 * t + 3);
    assert_eq!(token(&game, "s:2C b1"), T_STOCK + 1);
    assert_eq!(token(&game, "s:2C d0.0"), T_STOCK + 4);
    assert_eq!(token(&game, "d1.0:2C b0"), T_DISCARD + 4 * t);
    assert_eq!(token(&game, "d3.3:2C d0.1"), T_DISCARD + 15 * t + 5);
    assert_eq!(token(&game, "pass"), T_PASS);
    assert_eq!(token(&game, "embargo 2"), T_EMBARGO + 2);
    assert_eq!(token(&game, "clear"), T_CLEAR);
    // The stockpile and discard-pile plays name no card: the pile's top is the only one.
    assert_eq!(token(&game, "s:2C b1"), token(&game, "s:KD b1"));
    let layout = game.action_layout();
    assert_eq!(layout.get("play_stock").unwrap().start, T_STOCK as usize);
    assert_eq!(
        layout.get("play_discard").unwrap().start,
        T_DISCARD as usize
    );
    assert_eq!(layout.get("clear").unwrap().start, T_CLEAR as usize);
    assert_eq!(layout.len(), T_CLEAR as usize + 1);
    assert!(Bo::standard().action_layout().get("embargo").is_none());
}

/// The same card (a Joker) in the hand, on top of the stockpile and on top of a discard pile:
/// three plays of it to one build pile, three tokens.
#[test]
fn one_card_from_three_sources_has_three_tokens() {
    let game = Bo::bonus();
    let setup = BoSetup {
        hands: vec![cards("ZZ 9D"), vec![], vec![], vec![]],
        stocks: ["3S ZZ", "0D", "3H", "KD"]
            .iter()
            .map(|c| cards(c))
            .collect(),
        discards: vec![vec![], vec![cards("5C ZZ")], vec![], vec![]],
        ..BoSetup::default()
    };
    let state = BoState::from_setup(&game, &setup).unwrap();
    let legal = state.legal_action_vec();
    for text in ["ZZ b0", "s:ZZ b0", "d1.0:ZZ b0"] {
        assert!(
            legal.contains(&text.parse().unwrap()),
            "{text} in {legal:?}"
        );
    }
    let mut choice = Choice::new();
    choice.reset(&game, &state);
    let mut all: Vec<Token> = (0..legal.len())
        .map(|i| {
            assert_eq!(choice.tokens_of(i).len(), 1);
            choice.tokens_of(i)[0]
        })
        .collect();
    all.sort_unstable();
    all.dedup();
    assert_eq!(all.len(), legal.len());
}

#[test]
fn the_slices_of_a_known_deal() {
    let game = Bo::bonus();
    let setup = BoSetup {
        hands: vec![cards("2C 9D"), cards("0S 0S ZZ"), vec![], vec![]],
        stocks: ["3S 2C", "4D 0D", "3H", "KD"]
            .iter()
            .map(|c| cards(c))
            .collect(),
        discards: vec![vec![], vec![cards("5C 4H")], vec![], vec![]],
        current: 1,
        ..BoSetup::default()
    };
    let state = BoState::from_setup(&game, &setup).unwrap();
    let layout = game.observation_layout();
    let mut out = vec![0.0; layout.len()];
    game.encode_observation(&state.observation(1), &mut out);
    let slice = |name: &str| {
        let f = layout.get(name).unwrap();
        out[f.start..f.start + f.len].to_vec()
    };
    let mut hand = vec![0.0; 53];
    hand[index("0S") as usize] = 1.0;
    hand[52] = 0.25;
    assert_eq!(slice("hand"), hand);
    // No slice names an absolute seat.
    assert!(layout.get("seat").is_none());
    assert_eq!(slice("to_act"), [1.0, 0.0, 0.0, 0.0]);
    // Seat 1's view: itself first (3 cards), then seats 2, 3 and 0 (2 cards).
    assert_eq!(slice("hand_sizes"), [0.6, 0.0, 0.0, 0.4]);
    assert_eq!(slice("stock_sizes"), [0.25, 0.125, 0.125, 0.25]);
    let tops = slice("stock_tops");
    assert_eq!(tops[index("0D") as usize], 1.0);
    assert_eq!(tops[3 * 53 + index("2C") as usize], 1.0);
    // Its own discard pile 0 comes first: 4H on top, followed by a black 3 or 5.
    let discards = slice("discards");
    assert_eq!(discards[index("4H") as usize], 1.0);
    let follow = &discards[53..77];
    let black: Vec<usize> = (0..12)
        .filter(|&v| follow[v] == 1.0)
        .map(|v| v + 2)
        .collect();
    assert_eq!(black, [3, 5]);
    assert!(follow[12..].iter().all(|&x| x == 0.0));
    assert_eq!(discards[77], 2.0 / 20.0);
    assert!(discards[78..].iter().all(|&x| x == 0.0));
    assert_eq!(slice("holds_embargo"), [1.0; 4]);
    assert_eq!(slice("variant"), [1.0]);
}

#[test]
fn the_same_relative_action_by_two_seats_has_the_same_token() {
    let game = Bo::bonus();
    let t = TARGETS as Token;
    // Seat 0 plays from the next seat's pile 0 to the seat after that's pile 1; seat 1 does the
    // same with seats 2 and 3.
    assert_eq!(
        token_by(&game, 0, "d1.0:2C d2.1"),
        token_by(&game, 1, "d2.0:2C d3.1")
    );
    assert_eq!(
        token_by(&game, 1, "d2.0:2C d3.1"),
        T_DISCARD + 4 * t + 4 + 2 * 4 + 1
    );
    // From the hand to the seat before it, pile 3.
    assert_eq!(token_by(&game, 0, "9D d3.3"), token_by(&game, 2, "9D d1.3"));
    // Its own piles are always owner 0; build piles are shared and keep their numbers.
    for seat in 0..4 {
        assert_eq!(
            token_by(&game, seat, &format!("s:2C d{seat}.2")),
            T_STOCK + 4 + 2
        );
        assert_eq!(
            token_by(&game, seat, &format!("d{seat}.1:2C b3")),
            T_DISCARD + t + 3
        );
        assert_eq!(token_by(&game, seat, "9D b2"), T_HAND + index("9D") * t + 2);
    }
    assert_eq!(token_by(&game, 0, "embargo 2"), T_EMBARGO + 2);
    assert_eq!(token_by(&game, 3, "embargo 1"), T_EMBARGO + 2);
    // The same absolute action by two seats names different relative seats.
    assert_ne!(
        token_by(&game, 0, "embargo 2"),
        token_by(&game, 1, "embargo 2")
    );
}

/// A position with plays from and to other seats' discard piles and embargoes open to seat 0.
fn discard_position() -> BoSetup {
    BoSetup {
        hands: vec![cards("5S 9D 3C 2H"), cards("4D"), cards("JH"), vec![]],
        stocks: ["KD 6H", "0D 5C", "3H", "JS KS 4C"]
            .iter()
            .map(|c| cards(c))
            .collect(),
        draw: cards("9S 8S 7S"),
        discards: vec![
            vec![cards("6C")],
            vec![cards("5C 4H")],
            vec![vec![], cards("8S")],
            vec![],
        ],
        ..BoSetup::default()
    }
}

/// `setup` with every seat moved `k` seats on.
fn rotated(setup: &BoSetup, k: usize) -> BoSetup {
    fn turn<T: Clone>(list: &[T], k: usize) -> Vec<T> {
        let mut out = list.to_vec();
        out.rotate_right(k % list.len().max(1));
        out
    }
    BoSetup {
        hands: turn(&setup.hands, k),
        stocks: turn(&setup.stocks, k),
        discards: turn(&setup.discards, k),
        current: (setup.current + k) % 4,
        ..setup.clone()
    }
}

/// An action with every seat it names moved `k` seats on.
fn rotate_action(action: BoAction, k: usize) -> BoAction {
    let on = |s: u8| ((usize::from(s) + k) % 4) as u8;
    match action {
        BoAction::Play { card, from, to } => BoAction::Play {
            card,
            from: match from {
                Source::Discard { owner, pile } => Source::Discard {
                    owner: on(owner),
                    pile,
                },
                other => other,
            },
            to: match to {
                Target::Discard { owner, pile } => Target::Discard {
                    owner: on(owner),
                    pile,
                },
                other => other,
            },
        },
        BoAction::Embargo(t) => BoAction::Embargo(on(t)),
        other => other,
    }
}

/// The encoding is seat-symmetric: the same position seen from another seat (every seat moved
/// on) gives the actor the same vector, and each action the same token as its rotation.
#[test]
fn a_rotated_position_has_the_same_vector_and_tokens() {
    let game = Bo::bonus();
    let base = discard_position();
    let state = BoState::from_setup(&game, &base).unwrap();
    let legal = state.legal_action_vec();
    let foreign = |a: &BoAction| {
        matches!(
            a,
            BoAction::Play {
                from: Source::Discard { owner: 1.., .. },
                ..
            } | BoAction::Play {
                to: Target::Discard { owner: 1.., .. },
                ..
            }
        )
    };
    assert!(legal.iter().any(foreign), "{legal:?}");
    assert!(
        legal.iter().any(|a| matches!(a, BoAction::Embargo(_))),
        "{legal:?}"
    );
    let rotated: Vec<_> = (1..4)
        .map(|k| (k, BoState::from_setup(&game, &rotated(&base, k)).unwrap()))
        .collect();
    check_seat_symmetry(&game, &state, &rotated, rotate_action).unwrap();
}

/// Over random games, a play from a discard pile names, in its token, the pile whose top the
/// actor's own vector shows as that card (the `discards` slice, by relative owner then pile).
#[test]
fn discard_sources_name_piles_as_the_actor_sees_them() {
    let game = Bo::bonus();
    let encoder = Encoder::new(game.clone());
    let layout = encoder.layout();
    let discards = layout.get("discards").unwrap();
    let per_pile = discards.len / 16;
    let mut rng = parlour_core::rng::seeded(5);
    let mut vector = vec![0.0; encoder.observation_len()];
    let mut choice = Choice::new();
    let mut foreign = 0;
    for seed in 0..6 {
        let mut state = game.new_game(seed);
        while let Some(seat) = state.current_player() {
            encoder.encode(&state.observation(seat), &[], &mut vector);
            choice.reset(&game, &state);
            for (i, a) in choice.legal().iter().enumerate() {
                let t = choice.tokens_of(i)[0];
                match a {
                    BoAction::Play {
                        card,
                        from: Source::Discard { owner, .. },
                        ..
                    } => {
                        foreign += usize::from(usize::from(*owner) != seat);
                        let pile = ((t - T_DISCARD) / TARGETS as Token) as usize;
                        let top = discards.start + pile * per_pile + card.index() as usize;
                        assert_eq!(vector[top], 1.0, "{a} by {seat}");
                    }
                    BoAction::Embargo(_) => assert_ne!(t, T_EMBARGO, "{a} by {seat}"),
                    _ => {}
                }
            }
            let legal = state.legal_action_vec();
            state.apply(*legal.choose(&mut rng).unwrap()).unwrap();
        }
    }
    assert!(foreign > 0, "no play from another seat's discard pile");
}
