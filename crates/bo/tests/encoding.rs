//! The tensor encoding ([`parlour_bo::encode`]): the core harness over seeded games of both
//! variants, and the layout checked by hand on known positions.

use parlour_bo::encode::{TARGETS, T_CLEAR, T_DISCARD, T_EMBARGO, T_HAND, T_PASS, T_STOCK};
use parlour_bo::{Bo, BoAction, BoSetup, BoState};
use parlour_cards::{parse_cards, Card};
use parlour_core::conformance::{check_encoding, Config};
use parlour_core::encode::{Choice, Encode, Encoder, Token};
use parlour_core::State;

fn cards(s: &str) -> Vec<Card> {
    parse_cards(s).unwrap()
}

fn token(game: &Bo, text: &str) -> Token {
    let action: BoAction = text.parse().unwrap();
    let mut out = Vec::new();
    game.action_tokens(0, &action, &mut out);
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
    assert_eq!(standard.observation_len(), 1789);
    assert_eq!(bonus.observation_len(), 1789);
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
    assert_eq!(slice("seat"), [0.0, 1.0, 0.0, 0.0]);
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
