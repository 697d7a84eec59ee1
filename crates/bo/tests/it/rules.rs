//! The rules of Comp10001-Bo (the seed's sections 1 to 2.3) and parlour's Bo rulings
//! (`shared/RULINGS.md`), each a named scenario; then the course's own test cases for
//! `match_build`, `match_discard`, `is_valid_play` and its worked play examples.
//!
//! Every validation is asked twice, of the full state and of the acting seat's observation
//! (both implement `View`), and the answers must agree.

use crate::common;
use common::*;

fn state(setup: &BoSetup) -> BoState {
    state_in(&Bo::standard(), setup)
}

use parlour_bo::{
    validate, validate_turn, Bo, BoAction, BoSetup, BoState, BuildMiss, InvalidPlay, Outcome,
    Source, Target, Validity, View,
};
use parlour_cards::{decks, Card, Colour};
use parlour_core::rng::seeded;
use parlour_core::{Game, State};
use rand::RngExt;

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

/// Cards sorted as hands are.
fn sorted(s: &str) -> Vec<Card> {
    let mut v = cards(s);
    v.sort();
    v
}

/// The course's table: player 0 to act; one-card stockpiles 9C, 0D, 3H, KD (the tops of the
/// course's `(('9C', 8), ('0D', 8), ('3H', 8), ('KD', 8))`); empty hands, piles and draw pile.
fn course() -> BoSetup {
    BoSetup {
        hands: vec![vec![]; 4],
        stocks: ["9C", "0D", "3H", "KD"].iter().map(|s| cards(s)).collect(),
        ..BoSetup::default()
    }
}

/// Applies a play that must be rejected, checking that the state does not change.
fn rejected(state: &BoState, text: &str) -> String {
    let mut copy = state.clone();
    let e = copy.apply(action(text)).unwrap_err();
    assert_eq!(copy, *state, "a rejected action changes nothing");
    e.reason.into()
}

/// Player 0 holds `hand_card`, build pile 0 is `pile`: the answer for `<hand_card> b0`.
fn on_build(pile: &str, hand_card: &str) -> Result<Validity, InvalidPlay> {
    let s = state(&BoSetup {
        hands: vec![cards(hand_card), vec![], vec![], vec![]],
        build: builds(&[pile]),
        // Stockpiles clear of the cards these cases use.
        stocks: vec![cards("8C"), cards("8S"), cards("8H"), cards("8D")],
        ..course()
    });
    judge(&s, 0, &format!("{hand_card} b0"))
}

/// Player 0's one-card stockpile is `stock_card`, player 1's discard pile 0 is `pile`: the
/// answer for `s:<stock_card> d1.0`.
fn stock_on_discard(pile: &str, stock_card: &str) -> Result<Validity, InvalidPlay> {
    let s = state(&BoSetup {
        stocks: ["", "0D", "3H", "KD"]
            .iter()
            .map(|c| {
                if c.is_empty() {
                    cards(stock_card)
                } else {
                    cards(c)
                }
            })
            .collect(),
        discards: discards(&[(1, 0, pile)]),
        ..course()
    });
    judge(&s, 0, &format!("s:{stock_card} d1.0"))
}

fn is_bad_start(r: &Result<Validity, InvalidPlay>, c: &str) -> bool {
    matches!(r, Err(InvalidPlay::Build { miss: BuildMiss::BadStart(x), .. }) if *x == card(c))
}

fn is_not_top(r: &Result<Validity, InvalidPlay>, c: &str, top: &str) -> bool {
    matches!(r, Err(InvalidPlay::NotTopCard { card: x, top: t, .. }) if *x == card(c) && *t == card(top))
}

fn build_cards(s: &BoState, i: usize) -> Vec<Card> {
    s.build(i).cards().to_vec()
}

fn discard_cards(s: &BoState, owner: usize, pile: usize) -> Vec<Card> {
    s.discard(owner, pile).cards().collect()
}

// ---------------------------------------------------------------------------------------------
// Section 1: the cards
// ---------------------------------------------------------------------------------------------

/// "two standard decks of 52 cards each (i.e. 104 cards in total)".
#[test]
fn bo_two_standard_decks_make_104_cards() {
    let s = Bo::standard().new_game(11);
    let mut expected = decks(2, 0);
    expected.sort();
    assert_eq!(all_cards(&s).len(), 104);
    assert_eq!(all_cards(&s), expected);
    assert!(!all_cards(&s).contains(&Card::JOKER));
    s.check_conservation().unwrap();
}

/// "Aces are considered to have value 1, Jacks 11, Queens 12 and Kings 13".
#[test]
fn bo_values_ace_1_jack_11_queen_12_king_13() {
    // Build piles go K (13), Q (12), J (11), 10 one step at a time.
    assert_eq!(on_build("KS", "QS"), Ok(Validity::Continues));
    assert_eq!(on_build("KS QS", "JS"), Ok(Validity::Continues));
    assert_eq!(on_build("KS QS JS", "0S"), Ok(Validity::Continues));
    assert!(is_not_adjacent(&on_build("KS QS", "0S")));
    // Discard piles: Q (12) is next to J (11) and K (13); K (13) wraps to 2.
    assert_eq!(stock_on_discard("JC", "QH"), Ok(Validity::Continues));
    assert_eq!(stock_on_discard("QH", "KS"), Ok(Validity::Continues));
    assert_eq!(stock_on_discard("QH", "JS"), Ok(Validity::Continues));
    assert_eq!(stock_on_discard("QH", "0S"), breaks("0S", "QH", 1, 0));
}

/// "Spades and Clubs are black, and Hearts and Diamonds are red".
#[test]
fn bo_spades_clubs_black_hearts_diamonds_red() {
    assert_eq!(on_build("2S", "3C"), Ok(Validity::Continues));
    assert_eq!(on_build("2S", "3H"), colour_miss(0, "3H", Colour::Black));
    assert_eq!(on_build("2S", "3D"), colour_miss(0, "3D", Colour::Black));
    assert_eq!(on_build("2H", "3D"), Ok(Validity::Continues));
    assert_eq!(on_build("2H", "3S"), colour_miss(0, "3S", Colour::Red));
    assert_eq!(on_build("2D", "3C"), colour_miss(0, "3C", Colour::Red));
    // Discard piles alternate: black on red, red on black.
    assert_eq!(stock_on_discard("4H", "3C"), Ok(Validity::Continues));
    assert_eq!(stock_on_discard("4D", "3S"), Ok(Validity::Continues));
    assert_eq!(stock_on_discard("4C", "3H"), Ok(Validity::Continues));
    assert_eq!(stock_on_discard("4S", "3D"), Ok(Validity::Continues));
    assert_eq!(stock_on_discard("4S", "3C"), breaks("3C", "4S", 1, 0));
}

// ---------------------------------------------------------------------------------------------
// Section 2.1: the table
// ---------------------------------------------------------------------------------------------

/// "Comp10001-Bo is a 4-player game".
#[test]
fn bo_is_a_four_player_game() {
    assert_eq!(Bo::INFO.player_range(), 4..=4);
    assert_eq!(Bo::standard().num_players(), 4);
    let s = Bo::standard().new_game(1);
    assert_eq!(s.returns().len(), 4);
    assert_eq!(s.observation(0).stock_sizes.len(), 4);
}

/// "four build piles, shared between the four players (face up), that are initially empty".
#[test]
fn bo_four_build_piles_start_empty() {
    let o = Bo::standard().new_game(2).observation(3);
    assert_eq!(o.build.len(), 4);
    assert!(o.build.iter().all(|b| b.is_empty()));
}

/// "four discard piles per player (16 in total; face up) that are initially empty".
#[test]
fn bo_sixteen_discard_piles_start_empty() {
    let o = Bo::standard().new_game(3).observation(2);
    assert_eq!(o.discards.len(), 4);
    assert!(o.discards.iter().all(|d| d.len() == 4));
    assert!(o.discards.iter().flatten().all(|d| d.is_empty()));
}

/// "The only cards that can be used to start build piles are 2s and Kings (of any colour)".
#[test]
fn bo_build_pile_starts_with_a_2_or_king_of_any_colour() {
    for c in ["2S", "2C", "2H", "2D", "KS", "KC", "KH", "KD"] {
        assert_eq!(on_build("", c), Ok(Validity::Continues), "{c}");
    }
    let mut s = state(&BoSetup {
        hands: vec![cards("KD 9C"), vec![], vec![], vec![]],
        ..course()
    });
    act(&mut s, "KD b2");
    assert_eq!(build_cards(&s, 2), cards("KD"));
    assert_eq!(s.current_player(), Some(0));
}

/// Build piles start "only" with 2s and Kings (ruling: "an empty one takes only a 2 or a King,
/// never an Ace").
#[test]
fn bo_build_pile_never_starts_with_an_ace_or_any_other_card() {
    for c in [
        "AS", "AH", "AD", "AC", "3C", "4H", "5S", "6D", "7C", "8H", "9S", "0D", "JC", "QH",
    ] {
        let r = on_build("", c);
        assert!(is_bad_start(&r, c), "{c}: {r:?}");
    }
}

/// "Cards on build piles must all be of the same colour (... based on the colour of the
/// starting card for that pile)".
#[test]
fn bo_build_pile_cards_are_all_the_starting_colour() {
    assert_eq!(on_build("2H 3H", "4D"), Ok(Validity::Continues));
    assert_eq!(on_build("2H 3D", "4H"), Ok(Validity::Continues));
    assert_eq!(on_build("2H 3H", "4S"), colour_miss(0, "4S", Colour::Red));
    assert_eq!(on_build("2H 3H", "4C"), colour_miss(0, "4C", Colour::Red));
    assert_eq!(on_build("KC", "QS"), Ok(Validity::Continues));
    assert_eq!(on_build("KC", "QH"), colour_miss(0, "QH", Colour::Black));
}

/// "if the top card of a build pile was a 4 of Hearts, cards that could be placed on it are a
/// 3 of Hearts or Diamonds, a 5 of Hearts or Diamonds, or an Ace of Hearts or Diamonds".
#[test]
fn bo_build_pile_example_4h_takes_a_red_3_5_or_ace() {
    for c in ["3H", "3D", "5H", "5D", "AH", "AD"] {
        assert_eq!(on_build("2H 3H 4H", c), Ok(Validity::Continues), "{c}");
    }
    for c in ["3S", "3C", "5S", "5C", "AS", "AC"] {
        assert_eq!(
            on_build("2H 3H 4H", c),
            colour_miss(0, c, Colour::Red),
            "{c}"
        );
    }
    for c in ["4D", "6H", "2H", "KD"] {
        let r = on_build("2H 3H 4H", c);
        assert!(is_not_adjacent(&r), "{c}: {r:?}");
    }
}

/// "It is not possible to loop around from a King to a 2 (or vice versa) in the case of build
/// piles".
#[test]
fn bo_build_piles_do_not_wrap_from_king_to_2() {
    let r = on_build("KH", "2H");
    assert!(is_not_adjacent(&r), "{r:?}");
    let r = on_build("2C", "KC");
    assert!(is_not_adjacent(&r), "{r:?}");
    let r = on_build("KS QS", "2S");
    assert!(is_not_adjacent(&r), "{r:?}");
}

/// "the values of cards within either a discard pile or a build pile may alternate in
/// direction" (build piles: up, up, down).
#[test]
fn bo_build_pile_values_may_go_up_then_down() {
    let mut s = state(&BoSetup {
        hands: vec![cards("2C 3C 4C 3S 9H"), vec![], vec![], vec![]],
        ..course()
    });
    for p in ["2C b0", "3C b0", "4C b0", "3S b0"] {
        assert_eq!(judge(&s, 0, p), Ok(Validity::Continues), "{p}");
        act(&mut s, p);
    }
    assert_eq!(build_cards(&s, 0), cards("2C 3C 4C 3S"));
    assert_eq!(s.plays(), 4);
    assert_eq!(s.current_player(), Some(0));
}

/// "if a 3 is placed on a 2, a 2 can then be placed on the 3" — on a build pile (where the 2
/// completes it) and on a discard pile.
#[test]
fn bo_seed_example_2_on_3_on_2() {
    let mut s = state(&BoSetup {
        hands: vec![cards("2C 3C 2S 9H"), vec![], vec![], vec![]],
        draw: cards("7D 8D"),
        ..course()
    });
    act(&mut s, "2C b0");
    act(&mut s, "3C b0");
    assert_eq!(judge(&s, 0, "2S b0"), Ok(Validity::Continues));
    act(&mut s, "2S b0");
    assert!(s.build(0).is_empty(), "the 2 on the 3 completed the pile");

    let s = state(&BoSetup {
        discards: discards(&[(1, 0, "2C 3H")]),
        ..course()
    });
    assert_eq!(stock_on_discard("2C 3H", "2S"), Ok(Validity::Continues));
    assert_eq!(judge(&s, 0, "s:9C d1.0"), breaks("9C", "3H", 1, 0));
}

/// "A non-empty build pile can be 'completed' by placing a 2, King or Ace of the appropriate
/// colour on it. In the case of an Ace, the card does not have to be adjacent in value".
#[test]
fn bo_an_ace_of_the_pile_colour_completes_any_non_empty_pile() {
    for pile in ["2C", "2C 3C 4C 5C 6C 7C", "KS QS JS 0S 9S", "KC QS JC"] {
        for ace in ["AS", "AC"] {
            assert_eq!(
                on_build(pile, ace),
                Ok(Validity::Continues),
                "{ace} on {pile}"
            );
        }
        assert_eq!(
            on_build(pile, "AH"),
            colour_miss(0, "AH", Colour::Black),
            "AH on {pile}"
        );
        let mut s = state(&BoSetup {
            hands: vec![cards("AC 9H"), vec![], vec![], vec![]],
            build: builds(&[pile]),
            ..course()
        });
        act(&mut s, "AC b0");
        assert!(s.build(0).is_empty(), "AC completes {pile}");
        assert_eq!(s.draw_pile().len(), cards(pile).len() + 1);
    }
}

/// "A non-empty build pile can be 'completed' by placing a 2, King or Ace ... Immediately on
/// completion, build piles are cleared from the table and shuffled into the draw pile".
#[test]
fn bo_2_king_or_ace_on_a_non_empty_pile_completes_it_into_the_draw_pile() {
    let mut s = state(&BoSetup {
        hands: vec![cards("2H KC AH 9D"), vec![], vec![], vec![]],
        build: builds(&["2D 3D", "KS QS", "2H 3H 4H 5H"]),
        draw: cards("7S 8S 9S"),
        ..course()
    });
    let before = all_cards(&s);
    act(&mut s, "2H b0");
    assert!(s.build(0).is_empty());
    assert_eq!(s.draw_pile().len(), 3 + 3);
    for c in cards("2D 3D 2H 7S 8S 9S") {
        assert!(s.draw_pile().contains(&c), "{c} is in the draw pile");
    }
    act(&mut s, "KC b1");
    assert!(s.build(1).is_empty());
    assert_eq!(s.draw_pile().len(), 6 + 3);
    act(&mut s, "AH b2");
    assert!(s.build(2).is_empty());
    assert_eq!(s.draw_pile().len(), 9 + 5);
    // Nothing was lost or made: the same cards, three plays, the turn going on.
    assert_eq!(all_cards(&s), before);
    assert_eq!(s.plays(), 3);
    assert_eq!(s.current_player(), Some(0));
    assert_eq!(s.hand(0), cards("9D"));
    assert_eq!(s.observation(1).draw, 14);
}

/// Ruling: "the pile goes into the draw pile, which is then shuffled".
#[test]
fn bo_completed_build_pile_is_shuffled_into_the_draw_pile() {
    let draw = cards("8S 9S 0S JS QS KS 8C 9C");
    let mut appended = draw.clone();
    appended.extend(cards("2D 3D 4D 5D 6D 7D AD"));
    let mut expected = appended.clone();
    expected.sort();
    let mut orders = Vec::new();
    for seed in 0..16 {
        let mut s = state(&BoSetup {
            hands: vec![cards("AD 9H"), vec![], vec![], vec![]],
            build: builds(&["2D 3D 4D 5D 6D 7D"]),
            draw: draw.clone(),
            seed,
            ..course()
        });
        act(&mut s, "AD b0");
        let mut got = s.draw_pile().to_vec();
        orders.push(got.clone());
        got.sort();
        assert_eq!(
            got, expected,
            "the draw pile holds its cards and the pile's"
        );
    }
    assert!(
        orders.iter().any(|o| *o != appended),
        "the draw pile is shuffled, not appended to"
    );
    orders.sort();
    orders.dedup();
    assert!(orders.len() > 1, "different seeds shuffle differently");
}

/// "A discard pile can be started with any card other than an Ace by the owning player ... by
/// playing any card from the player's hand onto the empty discard pile".
#[test]
fn bo_discard_pile_is_started_by_its_owner_from_the_hand_with_any_non_ace() {
    let s = state(&BoSetup {
        hands: vec![cards("2C 7H KD QS 0D"), vec![], vec![], vec![]],
        ..course()
    });
    for c in ["2C", "7H", "KD", "QS", "0D"] {
        for pile in 0..4 {
            assert_eq!(
                judge(&s, 0, &format!("{c} d0.{pile}")),
                Ok(Validity::EndsTurn),
                "{c} d0.{pile}"
            );
        }
    }
    let s = state(&BoSetup {
        hands: vec![cards("AS AH"), vec![], vec![], vec![]],
        ..course()
    });
    assert_eq!(judge(&s, 0, "AS d0.0"), Err(InvalidPlay::AceOnDiscard));
}

/// "it is not possible for a player to start the discard pile of another player".
#[test]
fn bo_discard_pile_of_another_player_cannot_be_started() {
    let s = state(&BoSetup {
        hands: vec![cards("4S"), vec![], vec![], vec![]],
        ..course()
    });
    for owner in 1..4u8 {
        assert_eq!(
            judge(&s, 0, &format!("4S d{owner}.2")),
            Err(InvalidPlay::StartOthersPile(owner))
        );
    }
}

/// "it is not possible to start a discard pile from the stockpile or another discard pile".
#[test]
fn bo_discard_pile_cannot_be_started_from_the_stockpile_or_a_discard_pile() {
    let s = state(&BoSetup {
        discards: discards(&[(1, 0, "3C 2C"), (0, 1, "5S")]),
        ..course()
    });
    assert_eq!(
        judge(&s, 0, "s:9C d0.0"),
        Err(InvalidPlay::StartNotFromHand)
    );
    assert_eq!(
        judge(&s, 0, "d1.0:2C d0.0"),
        Err(InvalidPlay::StartNotFromHand)
    );
    assert_eq!(
        judge(&s, 0, "d0.1:5S d0.2"),
        Err(InvalidPlay::StartNotFromHand)
    );
}

/// "Starting a new discard pile automatically ends the player's turn".
#[test]
fn bo_starting_a_discard_pile_ends_the_turn() {
    let mut s = state(&BoSetup {
        hands: vec![cards("4S 2C 9H"), vec![], vec![], vec![]],
        draw: cards("5D 6D 7D 8D 9D 0D"),
        ..course()
    });
    act(&mut s, "4S d0.3");
    assert_eq!(discard_cards(&s, 0, 3), cards("4S"));
    assert_eq!(s.current_player(), Some(1));
    assert_eq!(s.turns(), [1, 0, 0, 0]);
    assert_eq!(s.plays(), 0);
    assert_eq!(
        s.hand(0),
        sorted("2C 9H"),
        "a turn-ending play does not refill"
    );
}

/// "Cards on discard piles must alternate in colour ... if the top card is a Jack of Clubs,
/// cards that can be placed on it are the 10 of Hearts or Diamonds, or Queen of Hearts or
/// Diamonds".
#[test]
fn bo_discard_pile_example_jack_of_clubs_takes_a_red_10_or_queen() {
    for c in ["0H", "0D", "QH", "QD"] {
        assert_eq!(stock_on_discard("JC", c), Ok(Validity::Continues), "{c}");
    }
    for c in ["0S", "0C", "QS", "QC", "9H", "KD", "JH", "JS", "2D"] {
        assert_eq!(stock_on_discard("JC", c), breaks(c, "JC", 1, 0), "{c}");
    }
}

/// "including the possibility of looping around from a King to a 2 or vice versa (unlike
/// build piles)".
#[test]
fn bo_discard_piles_wrap_from_king_to_2_and_back() {
    assert_eq!(stock_on_discard("KS", "2H"), Ok(Validity::Continues));
    assert_eq!(stock_on_discard("KC", "2D"), Ok(Validity::Continues));
    assert_eq!(stock_on_discard("2S", "KH"), Ok(Validity::Continues));
    assert_eq!(stock_on_discard("2D", "KC"), Ok(Validity::Continues));
    assert_eq!(stock_on_discard("KS", "2S"), breaks("2S", "KS", 1, 0));
    assert_eq!(stock_on_discard("KS", "3H"), breaks("3H", "KS", 1, 0));
}

/// "the values of cards within either a discard pile or a build pile may alternate in
/// direction" (discard piles: up, down, up).
#[test]
fn bo_discard_pile_values_may_go_up_then_down() {
    let mut s = state(&BoSetup {
        hands: vec![cards("3H 2S 3D 9H"), vec![], vec![], vec![]],
        discards: discards(&[(1, 0, "2C")]),
        ..course()
    });
    for p in ["3H d1.0", "2S d1.0", "3D d1.0"] {
        assert_eq!(judge(&s, 0, p), Ok(Validity::Continues), "{p}");
        act(&mut s, p);
    }
    assert_eq!(discard_cards(&s, 1, 0), cards("2C 3H 2S 3D"));
    assert_eq!(s.current_player(), Some(0));
}

/// "Once a discard pile has been started any player may discard cards onto it, from their
/// hand, stockpile or the top card from other discard piles".
#[test]
fn bo_any_player_may_discard_onto_a_started_pile_from_hand_stock_or_discard() {
    let s = state(&BoSetup {
        hands: vec![cards("4S"), vec![], vec![], vec![]],
        stocks: vec![cards("4C"), cards("0D"), cards("3H"), cards("KD")],
        discards: discards(&[(3, 0, "3H"), (2, 1, "4S"), (0, 2, "5D 4C")]),
        ..course()
    });
    assert_eq!(judge(&s, 0, "4S d3.0"), Ok(Validity::Continues));
    assert_eq!(judge(&s, 0, "s:4C d3.0"), Ok(Validity::Continues));
    assert_eq!(judge(&s, 0, "d2.1:4S d3.0"), Ok(Validity::Continues));
    assert_eq!(judge(&s, 0, "d0.2:4C d3.0"), Ok(Validity::Continues));
}

/// "places a card from their hand, stockpile or another discard pile ... onto a non-empty
/// discard pile counts as a single play but does not automatically end the player's turn".
#[test]
fn bo_legal_discard_plays_do_not_end_the_turn() {
    let mut s = state(&BoSetup {
        hands: vec![cards("4S 9H"), vec![], vec![], vec![]],
        stocks: vec![cards("8C 5D"), cards("0D"), cards("3H"), cards("KD")],
        discards: discards(&[(3, 0, "3H"), (2, 1, "6C")]),
        ..course()
    });
    act(&mut s, "4S d3.0");
    assert_eq!((s.current_player(), s.plays()), (Some(0), 1));
    act(&mut s, "s:5D d3.0");
    assert_eq!((s.current_player(), s.plays()), (Some(0), 2));
    act(&mut s, "d2.1:6C d3.0");
    assert_eq!((s.current_player(), s.plays()), (Some(0), 3));
    assert_eq!(discard_cards(&s, 3, 0), cards("3H 4S 5D 6C"));
    assert!(s.discard(2, 1).is_empty());
    assert_eq!(s.stock(0), &cards("8C")[..]);
    assert_eq!(s.turns(), [0, 0, 0, 0]);
}

/// "Note that Aces cannot be played on discard piles under any circumstances".
#[test]
fn bo_aces_never_go_on_discard_piles() {
    let s = state(&BoSetup {
        hands: vec![cards("AH AS"), vec![], vec![], vec![]],
        stocks: vec![cards("AD"), cards("0D"), cards("3H"), cards("KD")],
        discards: discards(&[(1, 0, "KS"), (0, 1, "2S"), (2, 0, "2C")]),
        ..course()
    });
    for p in [
        "AH d1.0",
        "AH d0.1",
        "AH d0.0",
        "AS d2.0",
        "s:AD d1.0",
        "s:AD d0.1",
        "s:AD d0.0",
    ] {
        assert_eq!(judge(&s, 0, p), Err(InvalidPlay::AceOnDiscard), "{p}");
    }
}

/// "illegally discarding a card from their hand onto any non-empty discard pile ... e.g. by
/// placing a 2 of Spades onto a discard pile with a top card of 4 of Hearts (sequence not
/// followed) or 3 of Clubs (alternating colour not followed)" ends the turn.
#[test]
fn bo_restart_example_2s_on_4h_or_3c_ends_the_turn() {
    let s = state(&BoSetup {
        hands: vec![cards("2S 9H"), vec![], vec![], vec![]],
        discards: discards(&[(1, 0, "4H"), (2, 3, "3C")]),
        ..course()
    });
    assert_eq!(judge(&s, 0, "2S d1.0"), Ok(Validity::EndsTurn));
    assert_eq!(judge(&s, 0, "2S d2.3"), Ok(Validity::EndsTurn));
    let mut t = s.clone();
    act(&mut t, "2S d2.3");
    assert_eq!(t.current_player(), Some(1));
    assert_eq!(t.turns(), [1, 0, 0, 0]);
}

/// "it is possible to 'restart' a non-empty discard pile of any player by illegally placing a
/// (non-Ace) card on top of the discard pile from the hand".
#[test]
fn bo_restart_is_allowed_on_any_players_non_empty_pile() {
    let s = state(&BoSetup {
        hands: vec![cards("9D AC"), vec![], vec![], vec![]],
        discards: discards(&[(0, 0, "5S"), (1, 1, "5S"), (2, 2, "5C"), (3, 3, "9H")]),
        ..course()
    });
    for p in ["9D d0.0", "9D d1.1", "9D d2.2", "9D d3.3"] {
        assert_eq!(judge(&s, 0, p), Ok(Validity::EndsTurn), "{p}");
    }
    // Never with an Ace.
    assert_eq!(judge(&s, 0, "AC d1.1"), Err(InvalidPlay::AceOnDiscard));
}

/// Ruling: a restart "ends the turn and the cards beneath stay".
#[test]
fn bo_restart_keeps_cards_beneath() {
    let mut s = state(&BoSetup {
        hands: vec![cards("9C 7D"), cards("3S 8H 6S 6D 2D"), vec![], vec![]],
        discards: discards(&[(1, 0, "5S 4H"), (2, 0, "0H")]),
        draw: cards("5D 6D 7D"),
        ..course()
    });
    act(&mut s, "9C d1.0");
    assert_eq!(discard_cards(&s, 1, 0), cards("5S 4H 9C"));
    assert_eq!(s.current_player(), Some(1));
    // The restarted pile goes on from its new top ...
    assert_eq!(judge(&s, 1, "8H d1.0"), Ok(Validity::Continues));
    // ... and once that card moves away, the cards beneath are the pile again.
    act(&mut s, "d1.0:9C d2.0");
    assert_eq!(discard_cards(&s, 1, 0), cards("5S 4H"));
    assert_eq!(judge(&s, 1, "3S d1.0"), Ok(Validity::Continues));
    act(&mut s, "3S d1.0");
    assert_eq!(discard_cards(&s, 1, 0), cards("5S 4H 3S"));
    assert_eq!(discard_cards(&s, 2, 0), cards("0H 9C"));
}

/// "illegally placing a (non-Ace) card on top of the discard pile from the hand (and only the
/// hand)": never from the stockpile or a discard pile.
#[test]
fn bo_restart_is_only_from_the_hand() {
    let s = state(&BoSetup {
        discards: discards(&[(0, 0, "5S"), (1, 0, "3C 2C")]),
        ..course()
    });
    assert_eq!(judge(&s, 0, "s:9C d0.0"), breaks("9C", "5S", 0, 0));
    assert_eq!(judge(&s, 0, "d1.0:2C d0.0"), breaks("2C", "5S", 0, 0));
    assert_eq!(judge(&s, 0, "d0.0:5S d1.0"), breaks("5S", "2C", 1, 0));
}

/// Ruling: "A card may not move from a discard pile onto that same pile" (seed: "the
/// destination cannot be the original discard pile").
#[test]
fn bo_card_cannot_move_from_a_discard_pile_onto_itself() {
    let s = state(&BoSetup {
        discards: discards(&[(1, 0, "3C 2C"), (1, 1, "3H")]),
        ..course()
    });
    assert_eq!(judge(&s, 0, "d1.0:2C d1.0"), Err(InvalidPlay::SamePile));
    assert_eq!(judge(&s, 0, "d1.1:3H d1.1"), Err(InvalidPlay::SamePile));
    // Between two piles of the same owner is a move.
    assert_eq!(judge(&s, 0, "d1.0:2C d1.1"), Ok(Validity::Continues));
}

/// "the top card from their stockpile (players can only play from their own stockpile)".
#[test]
fn bo_stockpile_plays_come_only_from_ones_own_stockpile() {
    let s = state(&BoSetup {
        stocks: vec![cards("9C"), cards("2H"), cards("3H"), cards("KD")],
        ..course()
    });
    let r = judge(&s, 0, "s:2H b0");
    assert!(is_not_top(&r, "2H", "9C"), "{r:?}");
    assert_eq!(judge(&s, 1, "s:2H b0"), Ok(Validity::Continues));
}

/// "a 'stockpile' of cards (face down, except for the top card that is revealed)": only the
/// top card is played.
#[test]
fn bo_stockpile_plays_only_its_top_card() {
    let s = state(&BoSetup {
        stocks: vec![cards("2C 5H"), cards("0D"), cards("3H"), cards("KD")],
        ..course()
    });
    let r = judge(&s, 0, "s:2C b0");
    assert!(is_not_top(&r, "2C", "5H"), "{r:?}");
}

/// "the top card from a discard pile of any player": only the top, and not from an empty pile.
#[test]
fn bo_discard_sources_give_only_their_top_card() {
    let s = state(&BoSetup {
        discards: discards(&[(1, 0, "3C 2C")]),
        build: builds(&["2S"]),
        ..course()
    });
    let r = judge(&s, 0, "d1.0:3C b0");
    assert!(is_not_top(&r, "3C", "2C"), "{r:?}");
    assert_eq!(
        judge(&s, 0, "d1.1:3C b0"),
        Err(InvalidPlay::EmptySource { owner: 1, pile: 1 })
    );
    assert_eq!(judge(&s, 0, "d1.0:2C b1"), Ok(Validity::Continues));
}

/// The seed's plays take cards from the hand, a discard pile or the stockpile, never from a
/// build pile.
#[test]
fn bo_cards_cannot_be_taken_from_a_build_pile() {
    assert!("b0:2C b1".parse::<BoAction>().is_err());
    assert!("b0:2C d0.0".parse::<BoAction>().is_err());
}

/// A card named from the hand must be in the hand.
#[test]
fn bo_a_card_not_in_hand_cannot_be_played() {
    let s = state(&BoSetup {
        hands: vec![cards("3C AS"), cards("2C"), vec![], vec![]],
        ..course()
    });
    assert_eq!(
        judge(&s, 0, "2C b0"),
        Err(InvalidPlay::NotInHand(card("2C")))
    );
    assert_eq!(judge(&s, 1, "2C b0"), Ok(Validity::Continues));
}

/// Ruling: "A play has a source (hand card; top of any player's discard pile; top of own
/// stockpile) and a target (build pile `i`; discard pile `j` of player `p`), or is 'no play'".
#[test]
fn bo_a_play_has_a_source_and_a_target_or_is_no_play() {
    let c = card("9D");
    let cases = [
        (
            "9D b0",
            BoAction::Play {
                card: c,
                from: Source::Hand,
                to: Target::Build(0),
            },
        ),
        (
            "s:9D d2.1",
            BoAction::Play {
                card: c,
                from: Source::Stock,
                to: Target::Discard { owner: 2, pile: 1 },
            },
        ),
        (
            "d1.0:9D b3",
            BoAction::Play {
                card: c,
                from: Source::Discard { owner: 1, pile: 0 },
                to: Target::Build(3),
            },
        ),
        ("pass", BoAction::NoPlay),
    ];
    for (text, a) in cases {
        assert_eq!(action(text), a, "{text}");
        assert_eq!(a.to_string(), text);
    }
    for bad in ["9D", "9D b0 b1", "s b0", "", "9D x0"] {
        assert!(bad.parse::<BoAction>().is_err(), "{bad:?}");
    }
}

/// There are four build piles (b0–b3), four players and four discard piles each: no others.
#[test]
fn bo_there_is_no_fifth_build_or_discard_pile() {
    for bad in ["3C b4", "3C d4.0", "3C d0.4", "d4.0:3C b0", "d0.4:3C b0"] {
        assert!(bad.parse::<BoAction>().is_err(), "{bad}");
    }
    let s = state(&BoSetup {
        hands: vec![cards("3C"), vec![], vec![], vec![]],
        ..course()
    });
    let to_b4 = BoAction::Play {
        card: card("3C"),
        from: Source::Hand,
        to: Target::Build(4),
    };
    assert!(matches!(
        validate(&s, 0, to_b4),
        Err(InvalidPlay::NoSuchPile(_))
    ));
    let to_d4 = BoAction::Play {
        card: card("3C"),
        from: Source::Hand,
        to: Target::Discard { owner: 4, pile: 0 },
    };
    assert!(matches!(
        validate(&s.observation(0), 0, to_d4),
        Err(InvalidPlay::NoSuchPile(_))
    ));
}

// ---------------------------------------------------------------------------------------------
// Section 2.1: a turn
// ---------------------------------------------------------------------------------------------

/// "First, the player draws cards from the draw pile to make their hand up to 5 cards".
#[test]
fn bo_turn_starts_by_drawing_up_to_five_cards() {
    let mut s = state(&BoSetup {
        hands: vec![cards("5H"), cards("2D 3D"), vec![], vec![]],
        draw: cards("7S 8S 9S 0S JS QS"),
        ..course()
    });
    act(&mut s, "5H d0.0");
    assert_eq!(s.current_player(), Some(1));
    // The draw pile's last card is drawn first.
    assert_eq!(s.hand(1), sorted("2D 3D QS JS 0S"));
    assert_eq!(s.draw_pile(), &cards("7S 8S 9S")[..]);
    assert_eq!(s.observation(0).hand_sizes, vec![0, 5, 0, 0]);
}

/// "a 'hand' of 1–5 cards, that is replenished at the start of each turn": a short draw pile
/// gives what it has.
#[test]
fn bo_turn_draws_what_is_left_when_the_draw_pile_runs_short() {
    let mut s = state(&BoSetup {
        hands: vec![cards("5H"), cards("2D"), vec![], vec![]],
        draw: cards("7S 8S"),
        ..course()
    });
    act(&mut s, "5H d0.0");
    assert_eq!(s.hand(1), sorted("2D 7S 8S"));
    assert!(s.draw_pile().is_empty());
    assert_eq!(s.current_player(), Some(1));
    assert_eq!(s.outcome(), None);
}

/// Ruling: "When the hand empties mid-turn and the turn goes on, draw up to 5 again" (seed: the
/// hand "is replenished ... when the hand is exhausted during a turn").
#[test]
fn bo_hand_refills_when_emptied_mid_turn() {
    let mut s = state(&BoSetup {
        hands: vec![cards("2C"), vec![], vec![], vec![]],
        draw: cards("7S 8S 9S 0S JS QS"),
        ..course()
    });
    act(&mut s, "2C b0");
    assert_eq!(s.current_player(), Some(0));
    assert_eq!(s.plays(), 1);
    assert_eq!(s.hand(0), sorted("8S 9S 0S JS QS"));
    assert_eq!(s.draw_pile(), &cards("7S")[..]);
    // A refill during the turn is not a new turn.
    assert_eq!(s.turns(), [0, 0, 0, 0]);
}

/// The hand is replenished only at a turn's start or "when the hand is exhausted".
#[test]
fn bo_hand_is_not_refilled_while_it_holds_cards() {
    let mut s = state(&BoSetup {
        hands: vec![cards("2C 3C"), vec![], vec![], vec![]],
        draw: cards("7S 8S 9S 0S JS QS"),
        ..course()
    });
    act(&mut s, "2C b0");
    assert_eq!(s.hand(0), cards("3C"));
    assert_eq!(s.draw_pile().len(), 6);
    // An empty hand with an empty draw pile stays empty and the turn goes on.
    let mut t = state(&BoSetup {
        hands: vec![cards("2C"), vec![], vec![], vec![]],
        stocks: vec![cards("9C 3C"), cards("0D"), cards("3H"), cards("KD")],
        ..course()
    });
    act(&mut t, "2C b0");
    assert!(t.hand(0).is_empty());
    assert_eq!(t.current_player(), Some(0));
    act(&mut t, "s:3C b0");
}

/// "with up to 5 plays allowed within a single turn" / "completing 5 (legal) plays"
/// terminates a turn.
#[test]
fn bo_turn_ends_after_five_plays() {
    let mut s = state(&BoSetup {
        hands: vec![cards("2C 3C 4C 5C 6C"), vec![], vec![], vec![]],
        draw: cards("7S 8S 9S 0S JS QS 7D"),
        ..course()
    });
    for (i, p) in ["2C b0", "3C b0", "4C b0", "5C b0"].iter().enumerate() {
        act(&mut s, p);
        assert_eq!(s.current_player(), Some(0));
        assert_eq!(s.plays() as usize, i + 1);
    }
    assert_eq!(judge(&s, 0, "6C b0"), Ok(Validity::Continues));
    act(&mut s, "6C b0");
    assert_eq!(build_cards(&s, 0), cards("2C 3C 4C 5C 6C"));
    assert_eq!(s.current_player(), Some(1));
    assert_eq!(s.plays(), 0);
    assert_eq!(s.turns(), [1, 0, 0, 0]);
    assert_eq!(s.hand(1).len(), 5, "seat 1 drew for its turn");

    // From a set-up position with four plays made, the next play ends the turn.
    let mut t = state(&BoSetup {
        hands: vec![cards("2C 9H"), vec![], vec![], vec![]],
        draw: cards("7S 8S 9S 0S JS QS"),
        plays: 4,
        ..course()
    });
    act(&mut t, "2C b0");
    assert_eq!(t.current_player(), Some(1));
    assert_eq!(t.turns(), [1, 0, 0, 0]);
}

/// Ruling: "'No play' is valid only when no valid play exists" (seed: "a player must complete
/// at least one play per turn if there is a legal play they can make").
#[test]
fn bo_no_play_only_when_nothing_is_valid() {
    // Something in the hand can start an own discard pile: no play is invalid.
    let s = state(&BoSetup {
        hands: vec![cards("AS 9D 0S"), vec![], vec![], vec![]],
        ..course()
    });
    assert!(matches!(
        judge(&s, 0, "pass"),
        Err(InvalidPlay::PlayExists(_))
    ));
    assert!(!s.legal_action_vec().contains(&BoAction::NoPlay));
    // The stockpile can start a build pile: no play is invalid.
    let s = state(&BoSetup {
        stocks: vec![cards("KC"), cards("0D"), cards("3H"), cards("KD")],
        ..course()
    });
    assert_eq!(
        judge(&s, 0, "pass"),
        Err(InvalidPlay::PlayExists(action("s:KC b0")))
    );
    // A discard pile's top can move onto a build pile: no play is invalid.
    let s = state(&BoSetup {
        discards: discards(&[(3, 2, "2H")]),
        ..course()
    });
    assert!(matches!(
        judge(&s, 0, "pass"),
        Err(InvalidPlay::PlayExists(_))
    ));
    // Nothing at all: no play is valid, and the only legal action.
    let s = state(&course());
    assert_eq!(judge(&s, 0, "pass"), Ok(Validity::NoPlay));
    assert_eq!(s.legal_action_vec(), vec![BoAction::NoPlay]);
}

/// Ruling: no play is valid when no valid play exists — as with a hand of Aces and no started
/// build pile (Aces neither start build piles nor go on discard piles).
#[test]
fn bo_all_aces_hand_with_no_started_build_pile_is_no_play() {
    let s = state(&BoSetup {
        discards: discards(&[(0, 0, "5S"), (1, 0, "7H")]),
        ..all_aces()
    });
    assert_eq!(judge(&s, 0, "pass"), Ok(Validity::NoPlay));
    assert_eq!(s.legal_action_vec(), vec![BoAction::NoPlay]);
    // Once a build pile is started, an Ace of its colour completes it.
    let t = state(&BoSetup {
        build: builds(&["KS"]),
        ..all_aces()
    });
    assert_eq!(judge(&t, 0, "AS b0"), Ok(Validity::Continues));
    assert!(matches!(
        judge(&t, 0, "pass"),
        Err(InvalidPlay::PlayExists(_))
    ));
}

/// Player 0 holds five Aces.
fn all_aces() -> BoSetup {
    BoSetup {
        hands: vec![cards("AS AH AD AC AS"), vec![], vec![], vec![]],
        ..course()
    }
}

/// Ruling: "a player cannot stop early" — no play is invalid mid-turn while a play exists.
#[test]
fn bo_player_cannot_stop_early() {
    let mut s = state(&BoSetup {
        hands: vec![cards("2C 7H 9S"), vec![], vec![], vec![]],
        draw: cards("5D 6D 7D 8D 9D"),
        ..course()
    });
    act(&mut s, "2C b0");
    assert_eq!(s.plays(), 1);
    assert!(matches!(
        judge(&s, 0, "pass"),
        Err(InvalidPlay::PlayExists(_))
    ));
    rejected(&s, "pass");
    // The rules' own error stays typed in the illegal action, and through the game runner
    // (the boundary a bot's answer crosses).
    let e = s.check(action("pass")).unwrap_err();
    assert!(matches!(
        e.reason.get::<InvalidPlay>(),
        Some(InvalidPlay::PlayExists(_))
    ));
    let game = Bo::standard();
    let mut seats: Vec<Box<dyn parlour_core::Bot<Bo>>> = (0..4)
        .map(|_| Box::new(Passer) as Box<dyn parlour_core::Bot<Bo>>)
        .collect();
    match parlour_core::play::Runner::new(&game).play(s.clone(), &mut seats[..]) {
        Err(parlour_core::play::PlayError::IllegalFromBot { reason, .. }) => {
            assert!(matches!(
                reason.get::<InvalidPlay>(),
                Some(InvalidPlay::PlayExists(_))
            ));
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(s.current_player(), Some(0));
}

/// A bot that always passes.
struct Passer;

impl parlour_core::Bot<Bo> for Passer {
    fn act(&mut self, _: &parlour_core::Decision<'_, Bo>) -> BoAction {
        action("pass")
    }
}

/// "being unable to make any more plays" terminates a turn: no play ends it.
#[test]
fn bo_no_play_ends_the_turn() {
    let mut s = state(&BoSetup {
        hands: vec![vec![], cards("3D 4D"), vec![], vec![]],
        draw: cards("5D 6D 7D"),
        ..course()
    });
    act(&mut s, "pass");
    assert_eq!(s.current_player(), Some(1));
    assert_eq!(s.turns(), [1, 0, 0, 0]);
    assert_eq!(s.plays(), 0);
    assert_eq!(s.hand(1), sorted("3D 4D 7D 6D 5D"));
}

/// "In the instance that the draw pile is exhausted, play continues based on the current
/// composition of cards in each player's hand".
#[test]
fn bo_play_continues_from_hands_once_the_draw_pile_is_exhausted() {
    let mut s = state(&BoSetup {
        hands: vec![vec![], cards("3D 4D"), vec![], vec![]],
        stocks: vec![cards("5S"), cards("6S"), cards("7S"), cards("8S")],
        ..course()
    });
    assert_eq!(judge(&s, 0, "pass"), Ok(Validity::NoPlay));
    act(&mut s, "pass");
    assert_eq!(s.outcome(), None);
    assert_eq!(s.current_player(), Some(1));
    assert_eq!(s.hand(1), sorted("3D 4D"));
    act(&mut s, "3D d1.0");
    assert_eq!(s.current_player(), Some(2));
}

// ---------------------------------------------------------------------------------------------
// Section 2.2: sequence of play
// ---------------------------------------------------------------------------------------------

/// Ruling: "Player 0 starts".
#[test]
fn bo_player_0_starts() {
    for seed in 0..20 {
        let s = Bo::standard().new_game(seed);
        assert_eq!(s.current_player(), Some(0), "seed {seed}");
        assert_eq!(s.turns(), [0, 0, 0, 0]);
        assert_eq!(s.plays(), 0);
        assert_eq!(s.observation(2).hand_sizes, vec![5, 0, 0, 0]);
    }
}

/// "deals out 8 cards to each of the 4 players face down to make up their stockpile, and turns
/// up the top card (the 8th card). The remainder of the cards are placed face down in the
/// middle of the table to form the draw pile."
#[test]
fn bo_deal_gives_8_card_stockpiles_with_the_top_face_up_and_the_rest_to_the_draw_pile() {
    let s = Bo::standard().new_game(5);
    let o = s.observation(1);
    for p in 0..4 {
        assert_eq!(s.stock(p).len(), 8);
        assert_eq!(o.stock_sizes[p], 8);
        assert_eq!(o.stock_tops[p], s.stock(p).last().copied());
    }
    // Seat 0 has drawn its first hand from the rest.
    assert_eq!(s.hand(0).len(), 5);
    assert_eq!(s.draw_pile().len(), 104 - 32 - 5);
    assert_eq!(o.draw, 104 - 32 - 5);
    assert!(o.hand.is_empty());
    s.check_conservation().unwrap();
}

/// "The dealer shuffles the combined deck".
#[test]
fn bo_deal_is_shuffled() {
    let deals: Vec<Vec<Card>> = (0..8)
        .map(|seed| Bo::standard().new_game(seed).stock(0).to_vec())
        .collect();
    let mut distinct = deals.clone();
    distinct.sort();
    distinct.dedup();
    assert!(distinct.len() > 1, "different seeds deal differently");
    assert_eq!(
        Bo::standard().new_game(3),
        Bo::standard().new_game(3),
        "a seed deals the same game"
    );
}

/// "Players take it in turns to play, rotating play clockwise around the table".
#[test]
fn bo_play_rotates_clockwise() {
    for seed in 0..4 {
        let mut s = Bo::standard().new_game(seed);
        let mut rng = seeded(seed);
        let mut order = vec![0];
        while let Some(p) = s.current_player() {
            let before = s.turns();
            let legal = s.legal_action_vec();
            s.apply(legal[rng.random_range(0..legal.len())]).unwrap();
            let after = s.turns();
            if after != before {
                assert_eq!(after[p], before[p] + 1);
                if let Some(next) = s.current_player() {
                    assert_eq!(next, (p + 1) % 4, "seed {seed}");
                    order.push(next);
                }
            } else if !s.is_terminal() {
                assert_eq!(s.current_player(), Some(p), "a turn goes on");
            }
        }
        assert!(order.len() > 4);
        assert!(order.windows(2).all(|w| w[1] == (w[0] + 1) % 4));
        s.check_conservation().unwrap();
    }
}

// ---------------------------------------------------------------------------------------------
// Section 2.3: the end of the game
// ---------------------------------------------------------------------------------------------

/// "A game ends when: (a) a player has exhausted their stockpile ... the player who has
/// exhausted their pile is declared the winner".
#[test]
fn bo_emptying_the_stockpile_wins() {
    let mut s = state(&BoSetup {
        hands: vec![cards("2C 9H"), vec![], vec![], vec![]],
        stocks: vec![cards("4C 3C"), cards("0D"), cards("3H"), cards("KD")],
        draw: cards("5D 6D"),
        ..course()
    });
    act(&mut s, "2C b0");
    act(&mut s, "s:3C b0");
    assert_eq!(s.outcome(), None);
    act(&mut s, "s:4C b0");
    assert_eq!(s.outcome(), Some(Outcome::Won(0)));
    assert_eq!(s.current_player(), None);
    assert!(s.legal_action_vec().is_empty());
    // Mid-turn, with cards still in the hand: the game is over at once.
    assert_eq!(s.hand(0), cards("9H"));
    assert_eq!(s.observation(2).outcome, Some(Outcome::Won(0)));

    // Emptying it onto a discard pile wins too, for any seat.
    let mut t = state(&BoSetup {
        stocks: vec![cards("9C"), cards("0D"), cards("4S"), cards("KD")],
        discards: discards(&[(1, 0, "3H")]),
        current: 2,
        ..course()
    });
    act(&mut t, "s:4S d1.0");
    assert_eq!(t.outcome(), Some(Outcome::Won(2)));
}

/// A turn's fifth play can win the game. The final position then shows five plays made,
/// which a live game never does, and every seat's observation of it must still resample.
/// (A regression: `resample` once rejected the count, found by the conformance run.)
#[test]
fn bo_game_won_on_a_turns_fifth_play_resamples() {
    let game = Bo::standard();
    let mut s = state(&BoSetup {
        hands: vec![cards("9H"), vec![], vec![], vec![]],
        stocks: vec![cards("2C"), cards("0D"), cards("3H"), cards("KD")],
        draw: cards("5D 6D"),
        plays: 4,
        ..course()
    });
    assert_eq!(s.outcome(), None);
    act(&mut s, "s:2C b0");
    assert_eq!(s.outcome(), Some(Outcome::Won(0)));
    assert_eq!(s.plays(), 5);
    let mut rng = seeded(5);
    for seat in 0..4 {
        let obs = s.observation(seat);
        assert_eq!(obs.plays, 5);
        let r = game
            .resample(&obs, &mut rng)
            .unwrap_or_else(|e| panic!("seat {seat}: {e}"));
        assert_eq!(r.observation(seat), obs, "seat {seat}");
        assert_eq!(r.outcome(), Some(Outcome::Won(0)));
    }
    // A live position showing five plays is still malformed.
    let mut obs = s.observation(1);
    obs.outcome = None;
    assert!(game.resample(&obs, &mut rng).is_err());
}

/// "the player who has exhausted their pile is declared the winner, and all other players are
/// equal losers": returns are 1 for the winner and 0 for the rest.
#[test]
fn bo_returns_1_for_the_winner_and_0_for_the_rest() {
    let mut s = state(&BoSetup {
        stocks: vec![cards("9C"), cards("0D"), cards("3H"), cards("KD")],
        current: 3,
        ..course()
    });
    assert_eq!(s.returns(), vec![0.0; 4]);
    act(&mut s, "s:KD b1");
    assert_eq!(s.outcome(), Some(Outcome::Won(3)));
    assert_eq!(s.returns(), vec![0.0, 0.0, 0.0, 1.0]);
    assert_eq!(s.last_round().unwrap().winners, vec![3]);
}

/// "(b) the draw pile has been exhausted, and no player can play any card ... all players are
/// equal losers".
#[test]
fn bo_draw_pile_empty_and_nobody_can_play_is_blocked() {
    let mut s = state(&BoSetup {
        stocks: vec![cards("5S"), cards("6S"), cards("7S"), cards("8S")],
        ..course()
    });
    assert_eq!(judge(&s, 0, "pass"), Ok(Validity::NoPlay));
    act(&mut s, "pass");
    assert_eq!(s.outcome(), Some(Outcome::Blocked));
    assert_eq!(s.current_player(), None);
    assert_eq!(s.returns(), vec![0.0; 4]);
    assert!(s.last_round().unwrap().winners.is_empty());
}

/// Case (b) needs the draw pile exhausted: while it has cards, a game where nobody can play
/// goes on.
#[test]
fn bo_not_blocked_while_the_draw_pile_has_cards() {
    let mut s = state(&BoSetup {
        stocks: vec![cards("5S"), cards("6S"), cards("7S"), cards("8S")],
        draw: cards("AS AH AD AC AS AH"),
        ..course()
    });
    act(&mut s, "pass");
    // Seat 1 draws five Aces (nothing to play), but one card is left to draw.
    assert_eq!(s.outcome(), None);
    assert_eq!(s.current_player(), Some(1));
    assert_eq!(s.draw_pile().len(), 1);
    assert_eq!(judge(&s, 1, "pass"), Ok(Validity::NoPlay));
    act(&mut s, "pass");
    // Seat 2 draws the last card: now nobody can play.
    assert_eq!(s.outcome(), Some(Outcome::Blocked));
}

/// Case (b) needs that "no player can play any card": while one can, the game goes on.
#[test]
fn bo_not_blocked_while_some_player_can_play() {
    let mut s = state(&BoSetup {
        stocks: vec![cards("5S"), cards("6S"), cards("2S"), cards("8S")],
        ..course()
    });
    act(&mut s, "pass");
    assert_eq!(s.outcome(), None);
    assert_eq!(s.current_player(), Some(1));
    act(&mut s, "pass");
    assert_eq!(s.current_player(), Some(2));
    act(&mut s, "s:2S b0");
    assert_eq!(s.outcome(), Some(Outcome::Won(2)));
}

/// "(c) each player has completed a total of 20 turns, with no winner ... all players are
/// equal losers".
#[test]
fn bo_twenty_turns_each_end_the_game() {
    let mut s = state(&BoSetup {
        hands: vec![cards("5H"), vec![], vec![], vec![]],
        stocks: vec![cards("9C"), cards("0C"), cards("3H"), cards("4H")],
        draw: cards("5D 6D 7D 8D 9D 0D JD QD 5S 6S 7S 8S 9S 0S JS QS"),
        turns: vec![19, 19, 19, 19],
        ..course()
    });
    for seat in 0..4 {
        assert_eq!(s.current_player(), Some(seat));
        assert_eq!(s.outcome(), None);
        // End the turn by starting an own discard pile from the hand.
        let end = s
            .legal_action_vec()
            .into_iter()
            .find(|&a| validate(&s, seat, a) == Ok(Validity::EndsTurn))
            .expect("a turn-ending play");
        s.apply(end).unwrap();
    }
    assert_eq!(s.turns(), [20, 20, 20, 20]);
    assert_eq!(s.outcome(), Some(Outcome::TurnLimit));
    assert_eq!(s.current_player(), None);
    assert_eq!(s.returns(), vec![0.0; 4]);
    s.check_conservation().unwrap();
}

/// Every game ends by one of the three endings, within 20 turns each.
#[test]
fn bo_every_game_ends_by_one_of_the_three_endings() {
    let game = Bo::standard();
    for seed in 0..30 {
        let mut s = game.new_game(seed);
        let mut rng = seeded(seed + 100);
        while !s.is_terminal() {
            assert!(s.turns().iter().all(|&t| t <= 20));
            assert!(s.turns().iter().any(|&t| t < 20));
            let legal = s.legal_action_vec();
            s.apply(legal[rng.random_range(0..legal.len())]).unwrap();
        }
        let returns = s.returns();
        match s.outcome() {
            Some(Outcome::Won(p)) => {
                assert!(s.stock(p).is_empty());
                assert_eq!(returns.iter().sum::<f64>(), 1.0);
                assert_eq!(returns[p], 1.0);
            }
            Some(Outcome::Blocked) => {
                assert!(s.draw_pile().is_empty());
                assert!((0..4).all(|p| !s.can_play(p)));
                assert_eq!(returns, vec![0.0; 4]);
            }
            Some(Outcome::TurnLimit) => {
                assert_eq!(s.turns(), [20; 4]);
                assert_eq!(returns, vec![0.0; 4]);
            }
            None => panic!("a terminal state has an outcome"),
        }
        s.check_conservation().unwrap();
    }
}

/// Once the game is over nobody plays; and only the seat to act plays.
#[test]
fn bo_only_the_seat_to_act_plays_and_nobody_after_the_end() {
    let mut s = state(&BoSetup {
        hands: vec![cards("2C"), cards("2D"), vec![], vec![]],
        ..course()
    });
    assert_eq!(
        validate_turn(&s, 1, action("2D b0")),
        Err(InvalidPlay::NotYourTurn(0))
    );
    assert_eq!(
        validate_turn(&s, 0, action("2C b0")),
        Ok(Validity::Continues)
    );
    act(&mut s, "2C d0.0");
    assert_eq!(s.current_player(), Some(1));
    assert_eq!(
        validate_turn(&s.observation(1), 1, action("2D b0")),
        Ok(Validity::Continues)
    );
    let mut w = state(&BoSetup {
        stocks: vec![cards("2H"), cards("0D"), cards("3H"), cards("KD")],
        ..course()
    });
    act(&mut w, "s:2H b0");
    assert_eq!(
        validate_turn(&w, 0, action("pass")),
        Err(InvalidPlay::GameOver)
    );
    rejected(&w, "pass");
}

// ---------------------------------------------------------------------------------------------
// The course's match_build(card, pile) cases
// ---------------------------------------------------------------------------------------------

/// Course: `match_build('2S', [])` is True.
#[test]
fn course_match_build_2s_on_empty() {
    assert_eq!(on_build("", "2S"), Ok(Validity::Continues));
}

/// Course: `match_build('KH', [])` is True.
#[test]
fn course_match_build_kh_on_empty() {
    assert_eq!(on_build("", "KH"), Ok(Validity::Continues));
}

/// Course: `match_build('AH', [])` is False.
#[test]
fn course_match_build_ah_on_empty() {
    assert!(is_bad_start(&on_build("", "AH"), "AH"));
}

/// Course: `match_build('3C', ['2C'])` is True.
#[test]
fn course_match_build_3c_on_2c() {
    assert_eq!(on_build("2C", "3C"), Ok(Validity::Continues));
}

/// Course: `match_build('4H', ['2D', '3H'])` is True.
#[test]
fn course_match_build_4h_on_2d_3h() {
    assert_eq!(on_build("2D 3H", "4H"), Ok(Validity::Continues));
}

/// Course: `match_build('2H', ['2D', '3H'])` is True (it completes the pile).
#[test]
fn course_match_build_2h_on_2d_3h() {
    assert_eq!(on_build("2D 3H", "2H"), Ok(Validity::Continues));
}

/// Course: `match_build('AH', ['2D', '3H'])` is True (it completes the pile).
#[test]
fn course_match_build_ah_on_2d_3h() {
    assert_eq!(on_build("2D 3H", "AH"), Ok(Validity::Continues));
}

/// Course: `match_build('AS', ['2D', '3H'])` is False (wrong colour).
#[test]
fn course_match_build_as_on_2d_3h() {
    assert_eq!(on_build("2D 3H", "AS"), colour_miss(0, "AS", Colour::Red));
}

/// Course: `match_build('5S', [])` is False.
#[test]
fn course_match_build_5s_on_empty() {
    assert!(is_bad_start(&on_build("", "5S"), "5S"));
}

/// Course: `match_build('3H', ['2D', '3H'])` is False (not adjacent).
#[test]
fn course_match_build_3h_on_2d_3h() {
    assert!(is_not_adjacent(&on_build("2D 3H", "3H")));
}

/// Course: `match_build('4C', ['2D', '3H'])` is False (wrong colour).
#[test]
fn course_match_build_4c_on_2d_3h() {
    assert_eq!(on_build("2D 3H", "4C"), colour_miss(0, "4C", Colour::Red));
}

// ---------------------------------------------------------------------------------------------
// The course's match_discard(card, pile, player_no, to_player_no, from_hand=True) cases:
// 0 invalid, 1 valid and the turn goes on, 2 valid and turn-ending. "Not from the hand" is
// played from the stockpile.
// ---------------------------------------------------------------------------------------------

/// `match_discard(card, pile, player, to_player, from_hand)` as a play by `player` onto
/// `d<to_player>.0`.
fn match_discard(
    c: &str,
    pile: &str,
    player: usize,
    to: usize,
    from_hand: bool,
) -> Result<Validity, InvalidPlay> {
    let mut setup = BoSetup {
        discards: discards(&[(to, 0, pile)]),
        current: player,
        ..course()
    };
    let text = if from_hand {
        setup.hands[player] = cards(c);
        format!("{c} d{to}.0")
    } else {
        setup.stocks[player] = cards(c);
        format!("s:{c} d{to}.0")
    };
    judge(&state(&setup), player, &text)
}

/// Course: `match_discard('4S', [], 2, 2)` is 2 (starting one's own pile ends the turn).
#[test]
fn course_match_discard_4s_starts_own_empty_pile() {
    assert_eq!(match_discard("4S", "", 2, 2, true), Ok(Validity::EndsTurn));
}

/// Course: `match_discard('4S', [], 2, 0)` is 0 (another player's empty pile).
#[test]
fn course_match_discard_4s_cannot_start_player_0s_pile() {
    assert_eq!(
        match_discard("4S", "", 2, 0, true),
        Err(InvalidPlay::StartOthersPile(0))
    );
}

/// Course: `match_discard('4S', [], 2, 2, False)` is 0 (not from the hand).
#[test]
fn course_match_discard_4s_cannot_start_own_pile_from_stock() {
    assert_eq!(
        match_discard("4S", "", 2, 2, false),
        Err(InvalidPlay::StartNotFromHand)
    );
}

/// Course: `match_discard('4S', ['3H'], 2, 2)` is 1.
#[test]
fn course_match_discard_4s_on_3h_own_pile() {
    assert_eq!(
        match_discard("4S", "3H", 2, 2, true),
        Ok(Validity::Continues)
    );
}

/// Course: `match_discard('4S', ['3H'], 2, 3)` is 1.
#[test]
fn course_match_discard_4s_on_3h_other_players_pile() {
    assert_eq!(
        match_discard("4S", "3H", 2, 3, true),
        Ok(Validity::Continues)
    );
}

/// Course: `match_discard('4S', ['3H'], 2, 3, False)` is 1.
#[test]
fn course_match_discard_4s_on_3h_other_players_pile_from_stock() {
    assert_eq!(
        match_discard("4S", "3H", 2, 3, false),
        Ok(Validity::Continues)
    );
}

/// Course: `match_discard('AH', ['KS'], 2, 3)` is 0.
#[test]
fn course_match_discard_ah_on_ks() {
    assert_eq!(
        match_discard("AH", "KS", 2, 3, true),
        Err(InvalidPlay::AceOnDiscard)
    );
}

/// Course: `match_discard('2H', ['KS'], 2, 3)` is 1 (King wraps to 2).
#[test]
fn course_match_discard_2h_on_ks_wraps() {
    assert_eq!(
        match_discard("2H", "KS", 2, 3, true),
        Ok(Validity::Continues)
    );
}

/// Course: `match_discard('2H', ['QS'], 2, 3)` is 2 (a restart).
#[test]
fn course_match_discard_2h_on_qs_restarts() {
    assert_eq!(
        match_discard("2H", "QS", 2, 3, true),
        Ok(Validity::EndsTurn)
    );
}

/// Course: `match_discard('2H', ['4S'], 2, 3)` is 2 (a restart).
#[test]
fn course_match_discard_2h_on_4s_restarts() {
    assert_eq!(
        match_discard("2H", "4S", 2, 3, true),
        Ok(Validity::EndsTurn)
    );
}

/// Course: `match_discard('4H', ['3H'], 2, 3)` is 2 (same colour: a restart).
#[test]
fn course_match_discard_4h_on_3h_restarts() {
    assert_eq!(
        match_discard("4H", "3H", 2, 3, true),
        Ok(Validity::EndsTurn)
    );
}

/// Course: `match_discard('4H', ['3H'], 2, 2, False)` is 0 (a restart not from the hand).
#[test]
fn course_match_discard_4h_on_3h_from_stock_is_invalid() {
    assert_eq!(
        match_discard("4H", "3H", 2, 2, false),
        breaks("4H", "3H", 2, 0)
    );
}

// ---------------------------------------------------------------------------------------------
// The course's is_valid_play cases: player 0, stockpiles (('9C', 8), ('0D', 8), ('3H', 8),
// ('KD', 8)) unless said, empty discard and build piles unless said.
// ---------------------------------------------------------------------------------------------

fn with_hand(hand: &str) -> BoSetup {
    BoSetup {
        hands: vec![cards(hand), vec![], vec![], vec![]],
        ..course()
    }
}

/// Course: `(0, '2C', (0, 0))` with hand `['2C', 'AS', '9D', '0D', '0S']` is 1.
#[test]
fn course_is_valid_play_2c_from_hand_starts_build_pile_0() {
    let s = state(&with_hand("2C AS 9D 0D 0S"));
    assert_eq!(judge(&s, 0, "2C b0"), Ok(Validity::Continues));
}

/// Course: the same play with hand `['3C', 'AS', '9D', '0D', '0S']` is 0 (2C not in hand).
#[test]
fn course_is_valid_play_2c_not_in_hand() {
    let s = state(&with_hand("3C AS 9D 0D 0S"));
    assert_eq!(
        judge(&s, 0, "2C b0"),
        Err(InvalidPlay::NotInHand(card("2C")))
    );
}

/// Course: `(0, '3C', (0, 4))` is 0 (there is no build pile 4).
#[test]
fn course_is_valid_play_build_pile_4_does_not_exist() {
    assert!("3C b4".parse::<BoAction>().is_err());
    let s = state(&with_hand("3C AS 9D 0D 0S"));
    let a = BoAction::Play {
        card: card("3C"),
        from: Source::Hand,
        to: Target::Build(4),
    };
    assert!(matches!(
        validate(&s, 0, a),
        Err(InvalidPlay::NoSuchPile(_))
    ));
}

/// Course: `(0, '3C', (0, 0))` with hand `['3C', ...]` is 0 (3 cannot start a build pile).
#[test]
fn course_is_valid_play_3c_cannot_start_build_pile() {
    let s = state(&with_hand("3C AS 9D 0D 0S"));
    assert!(is_bad_start(&judge(&s, 0, "3C b0"), "3C"));
}

/// Course: the same with build pile 0 = `['2S']` is 1.
#[test]
fn course_is_valid_play_3c_on_2s() {
    let s = state(&BoSetup {
        build: builds(&["2S"]),
        ..with_hand("3C AS 9D 0D 0S")
    });
    assert_eq!(judge(&s, 0, "3C b0"), Ok(Validity::Continues));
}

/// Course: `(2, '2C', (0, 1))` with stockpile tops `('2C', 8)` and build pile 0 = `['2S']` is 1.
#[test]
fn course_is_valid_play_stock_2c_starts_build_pile_1() {
    let s = state(&BoSetup {
        stocks: vec![cards("2C"), cards("0D"), cards("3H"), cards("KD")],
        build: builds(&["2S"]),
        ..with_hand("3C AS 9D 0D 0S")
    });
    assert_eq!(judge(&s, 0, "s:2C b1"), Ok(Validity::Continues));
}

/// Course: `(2, '2H', (0, 1))` in the same position is 0 (2H is not the stockpile's top).
#[test]
fn course_is_valid_play_stock_2h_is_not_the_top() {
    let s = state(&BoSetup {
        stocks: vec![cards("2C"), cards("0D"), cards("3H"), cards("KD")],
        build: builds(&["2S"]),
        ..with_hand("3C AS 9D 0D 0S")
    });
    assert!(is_not_top(&judge(&s, 0, "s:2H b1"), "2H", "2C"));
}

/// Course: `(2, '2H', (0, 1))` with player 1's stockpile top `'2H'` is 0 (not one's own).
#[test]
fn course_is_valid_play_stock_of_another_player() {
    let s = state(&BoSetup {
        stocks: vec![cards("9C"), cards("2H"), cards("3H"), cards("KD")],
        build: builds(&["2S"]),
        ..with_hand("3C AS 9D 0D 0S")
    });
    assert!(is_not_top(&judge(&s, 0, "s:2H b1"), "2H", "9C"));
}

/// Course: `(2, 'QC', (0, 1))` with stockpile top `'QC'` and build pile 1 = `['KS']` is 1.
#[test]
fn course_is_valid_play_stock_qc_on_ks() {
    let s = state(&BoSetup {
        stocks: vec![cards("QC"), cards("0D"), cards("3H"), cards("KD")],
        build: builds(&["", "KS"]),
        ..with_hand("3C AS 9D 0D 0S")
    });
    assert_eq!(judge(&s, 0, "s:QC b1"), Ok(Validity::Continues));
}

/// Course: `(2, 'KC', (1, (0, 0)))` with stockpile top `'KC'` onto one's own empty discard pile
/// is 0.
#[test]
fn course_is_valid_play_stock_kc_cannot_start_own_discard_pile() {
    let s = state(&BoSetup {
        stocks: vec![cards("KC"), cards("0D"), cards("3H"), cards("KD")],
        ..with_hand("3C AS 9D 0D 0S")
    });
    assert_eq!(
        judge(&s, 0, "s:KC d0.0"),
        Err(InvalidPlay::StartNotFromHand)
    );
}

fn course_discard_setup() -> BoSetup {
    BoSetup {
        discards: discards(&[(1, 0, "3C 2C")]),
        build: builds(&["2S"]),
        ..with_hand("3C AS 9D 0D 0S")
    }
}

/// Course: `(1, ('2C', (1, 0)), (0, 1))` with player 1's discard pile 0 = `['3C', '2C']` and
/// build pile 0 = `['2S']` is 1.
#[test]
fn course_is_valid_play_discard_top_2c_starts_build_pile_1() {
    let s = state(&course_discard_setup());
    assert_eq!(judge(&s, 0, "d1.0:2C b1"), Ok(Validity::Continues));
}

/// Course: `(1, ('3C', (1, 0)), (0, 1))` is 0 (3C is not the top).
#[test]
fn course_is_valid_play_discard_3c_is_not_the_top() {
    let s = state(&course_discard_setup());
    assert!(is_not_top(&judge(&s, 0, "d1.0:3C b1"), "3C", "2C"));
}

/// Course: `(1, ('2C', (1, 0)), (0, 0))` is 0 (2C on 2S).
#[test]
fn course_is_valid_play_discard_2c_on_2s() {
    let s = state(&course_discard_setup());
    assert!(is_not_adjacent(&judge(&s, 0, "d1.0:2C b0")));
}

/// Course: `(0, '9D', (1, (0, 0)))` with hand `['AS', '9D', '0D', '0S']` and own discard pile 0 =
/// `['5S']` is 2 (a restart).
#[test]
fn course_is_valid_play_9d_restarts_own_discard_pile() {
    let s = state(&BoSetup {
        discards: discards(&[(0, 0, "5S")]),
        ..with_hand("AS 9D 0D 0S")
    });
    assert_eq!(judge(&s, 0, "9D d0.0"), Ok(Validity::EndsTurn));
}

/// Course: `(3, None, None)` with hand `['AS', '9D', '0S']` and `d0.0 = ['5S']` is 0.
#[test]
fn course_is_valid_play_no_play_with_playable_hand() {
    let s = state(&BoSetup {
        discards: discards(&[(0, 0, "5S")]),
        ..with_hand("AS 9D 0S")
    });
    assert!(matches!(
        judge(&s, 0, "pass"),
        Err(InvalidPlay::PlayExists(_))
    ));
}

/// Course: `(3, None, None)` with an empty hand and `d0.0 = ['5S']` is 3.
#[test]
fn course_is_valid_play_no_play_with_empty_hand() {
    let s = state(&BoSetup {
        discards: discards(&[(0, 0, "5S")]),
        ..course()
    });
    assert_eq!(judge(&s, 0, "pass"), Ok(Validity::NoPlay));
}

/// Course: moving the top of `d1.0 = ['3C', '2C']` onto `d1.0` itself is 0.
#[test]
fn course_is_valid_play_discard_onto_itself() {
    let s = state(&course_discard_setup());
    assert_eq!(judge(&s, 0, "d1.0:2C d1.0"), Err(InvalidPlay::SamePile));
}

// ---------------------------------------------------------------------------------------------
// The course's worked play examples: player 1, empty hands, the draw pile empty.
// ---------------------------------------------------------------------------------------------

/// Player 1 to act with stockpile `stock` (bottom first) and build pile 0 = `b0`.
fn player_1(stock: &str, b0: &str) -> BoState {
    state(&BoSetup {
        stocks: vec![cards("9C"), cards(stock), cards("3H"), cards("KD")],
        build: builds(&[b0]),
        current: 1,
        ..course()
    })
}

/// Course: player 1 with stockpile `('3C', 8)` and build pile 0 = `['2C']` may play `3C` there.
#[test]
fn course_play_example_stock_3c_on_2c() {
    let s = player_1("5H 6H 7H 8H 0D 3S 4S 3C", "2C");
    assert_eq!(judge(&s, 1, "s:3C b0"), Ok(Validity::Continues));
}

/// Course: stockpile `('4S', 7)` on build pile `['2C', '3C']` is valid.
#[test]
fn course_play_example_stock_4s_on_2c_3c() {
    let s = player_1("5H 6H 7H 8H 0D 3S 4S", "2C 3C");
    assert_eq!(judge(&s, 1, "s:4S b0"), Ok(Validity::Continues));
}

/// Course: stockpile `('3S', 6)` on build pile `['2C', '3C', '4S']` is valid.
#[test]
fn course_play_example_stock_3s_on_2c_3c_4s() {
    let s = player_1("5H 6H 7H 8H 0D 3S", "2C 3C 4S");
    assert_eq!(judge(&s, 1, "s:3S b0"), Ok(Validity::Continues));
}

/// Course: stockpile `('0D', 5)` on build pile `['2C', '3C', '4S', '3S']`: only "no play".
#[test]
fn course_play_example_0d_leaves_only_no_play() {
    let s = player_1("5H 6H 7H 8H 0D", "2C 3C 4S 3S");
    assert_eq!(judge(&s, 1, "s:0D b0"), colour_miss(0, "0D", Colour::Black));
    assert_eq!(judge(&s, 1, "pass"), Ok(Validity::NoPlay));
    assert_eq!(s.legal_action_vec(), vec![BoAction::NoPlay]);
}

/// Course: the four examples as one turn of the engine.
#[test]
fn course_play_examples_as_one_turn() {
    let mut s = player_1("5H 6H 7H 8H 0D 3S 4S 3C", "2C");
    act(&mut s, "s:3C b0");
    assert_eq!(s.stock(1).len(), 7);
    act(&mut s, "s:4S b0");
    assert_eq!(s.stock(1).len(), 6);
    act(&mut s, "s:3S b0");
    assert_eq!(s.stock(1).len(), 5);
    assert_eq!(build_cards(&s, 0), cards("2C 3C 4S 3S"));
    assert_eq!(s.legal_action_vec(), vec![BoAction::NoPlay]);
    assert_eq!(s.current_player(), Some(1));
    assert_eq!(s.plays(), 3);
    act(&mut s, "pass");
    assert_eq!(s.turns(), [0, 1, 0, 0]);
    assert_ne!(s.current_player(), Some(1));
}
