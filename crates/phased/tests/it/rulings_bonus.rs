//! The bonus variant's rulings (`shared/RULINGS.md`, "Phased Out", the paragraph after "Bonus
//! variant"), one scripted position each, named after the ruling it holds the engine to.
//!
//! Positions come from [`PhasedSetup`]: seat 0 deals, seat 1 acts; decks and discard piles are
//! bottom first (the last card is drawn next / is the top of the pile).

use crate::common::{self, a, act, cards, rejected, setup, sorted};
use parlour_core::State;
use parlour_phased::{Phased, PhasedAction, PhasedSetup, PhasedState, Step};

fn build(s: &PhasedSetup) -> PhasedState {
    common::build(&Phased::bonus(), s)
}

fn acts(texts: &[&str]) -> Vec<PhasedAction> {
    texts.iter().map(|t| a(t)).collect()
}

/// Draws from the deck and discards the first card the legal list offers to discard.
fn draw_and_discard_any(state: &mut PhasedState) {
    act(state, "draw");
    let discard = state
        .legal_action_vec()
        .into_iter()
        .find(|x| matches!(x, PhasedAction::Discard(_)))
        .expect("a card to discard");
    state.apply(discard).unwrap();
}

/// Ruling (ours): playing a Skip takes the place of the turn's discard, and a Joker is never
/// discarded plainly.
#[test]
fn phased_bonus_a_skip_takes_the_place_of_the_turns_discard_and_a_joker_is_never_discarded_plainly()
{
    let mut s = build(&setup(
        ["2S 3S", "ZZ 9H 9C", "3D 4D", "2C 4C"],
        "5C 6C 7C 9S 8S KD QD JD",
        "5H",
    ));
    act(&mut s, "draw");
    assert_eq!(
        s.legal_action_vec(),
        acts(&[
            "discard 9H",
            "discard JD",
            "discard 9C",
            "skip 0",
            "skip 2",
            "skip 3"
        ]),
        "the Joker is offered only as a Skip"
    );
    assert!(rejected(&s, "discard ZZ").contains("Skip"));

    // The Skip ends the turn as a discard would: the Joker goes on the pile and nothing else
    // leaves the hand.
    act(&mut s, "skip 2");
    assert_eq!(s.hand(1), sorted("9H 9C JD"));
    assert_eq!(s.observation(1).discard, cards("5H ZZ"));
    assert_eq!(
        s.observation(1).turns,
        vec![0, 1, 0, 0],
        "seat 1's turn is over"
    );
    assert_eq!(s.current_player(), Some(3), "seat 2 is skipped");
    assert_eq!(s.step(), Step::Draw);
    assert_eq!(
        s.legal_action_vec(),
        vec![PhasedAction::Draw],
        "the Joker on the pile cannot be taken"
    );

    // A player whose last card is a Joker cannot discard it: it goes out with a Skip, and the
    // hand ends with its hand empty.
    let mut t = build(&setup(
        ["3D", "2S 2H 2D 7H 7S 7D ZZ", "4C", "5S"],
        "9S 8S 2C",
        "5H",
    ));
    act(&mut t, "draw");
    act(&mut t, "lay 2S 2H 2D / 7H 7S 7D");
    act(&mut t, "add 2C 1 0 3");
    assert_eq!(t.hand(1), cards("ZZ"));
    assert_eq!(t.legal_action_vec(), acts(&["skip 0", "skip 2", "skip 3"]));
    assert!(rejected(&t, "discard ZZ").contains("Skip"));
    act(&mut t, "skip 3");
    assert_eq!(t.hands_completed(), 1);
    assert_eq!(t.scores(), [3, 0, 4, 5]);
}

/// Ruling (ours: the seed gives it no value): a Joker left in hand scores 25 penalty points.
#[test]
fn phased_bonus_a_joker_left_in_hand_scores_25_penalty_points() {
    // Seat 1 draws the deck's last card; its discard ends the hand.
    let mut s = build(&PhasedSetup {
        scores: vec![100, 0, 0, 0],
        ..setup(["ZZ", "4C 7H", "ZZ ZZ 5D", "ZZ AC"], "9S", "5H")
    });
    act(&mut s, "draw");
    act(&mut s, "discard 7H");
    assert_eq!(s.hands_completed(), 1);
    assert_eq!(
        s.scores(),
        [100 + 25, 4 + 9, 25 + 25 + 5, 25 + 25],
        "25 per Joker, added to the total"
    );
    assert_eq!(s.observation(2).scores, vec![125, 13, 55, 50]);
}

/// Ruling (ours): a Skip still pending when a hand ends is dropped, not carried into the next
/// hand.
#[test]
fn phased_bonus_a_skip_pending_when_a_hand_ends_is_dropped_not_carried_into_the_next_hand() {
    // Seat 1 draws the deck's last card and plays a Skip on seat 3: that ends the hand before
    // seat 3 could miss a turn.
    let mut s = build(&setup(["2S", "ZZ 9H", "3D", "2C"], "9S", "5H"));
    act(&mut s, "draw");
    act(&mut s, "skip 3");
    let o = s.observation(0);
    assert_eq!(o.hands_completed, 1);
    assert_eq!(o.skip_next, vec![false; 4], "the Skip on seat 3 is dropped");
    assert_eq!(o.dealer, 1);
    assert_eq!(
        s.current_player(),
        Some(2),
        "the player after the dealer leads"
    );

    // Seat 3 then plays its first turn of the new hand.
    draw_and_discard_any(&mut s);
    assert_eq!(s.current_player(), Some(3), "seat 3 is not skipped");
    assert_eq!(s.observation(3).turns, vec![0, 0, 1, 0]);
    draw_and_discard_any(&mut s);
    assert_eq!(s.observation(3).turns, vec![0, 0, 1, 1]);
    assert_eq!(s.current_player(), Some(0));
}

/// Ruling (ours): skipped turns do not count toward the 50-turn limit ("each player has played
/// 50 times").
#[test]
fn phased_bonus_skipped_turns_do_not_count_toward_the_50_turn_limit() {
    let mut s = build(&PhasedSetup {
        turns: vec![50, 49, 49, 50],
        ..setup(
            ["2S 3S", "ZZ 9H", "3D 4D", "2C 4C"],
            "5C 6C 7C 9S 8S KD QD JD",
            "5H",
        )
    });
    act(&mut s, "draw");
    act(&mut s, "skip 2");
    // Seat 1 has played its 50th turn; seat 2's missed turn is not one of its 50.
    assert_eq!(s.observation(0).turns, vec![50, 50, 49, 50]);
    assert_eq!(s.observation(0).hands_completed, 0);
    assert_eq!(s.current_player(), Some(3));
    act(&mut s, "draw");
    act(&mut s, "discard 2C");
    act(&mut s, "draw");
    act(&mut s, "discard 2S");
    act(&mut s, "draw");
    act(&mut s, "discard 9H");
    assert_eq!(s.observation(0).turns, vec![51, 51, 49, 51]);
    assert_eq!(
        s.observation(0).hands_completed,
        0,
        "seat 2 has not played its 50th turn"
    );
    assert_eq!(s.current_player(), Some(2));
    act(&mut s, "draw");
    act(&mut s, "discard 3D");
    assert_eq!(
        s.observation(0).hands_completed,
        1,
        "every seat has now played 50 turns"
    );
}

/// Ruling (ours): a second Skip on a seat already nominated has no further effect.
#[test]
fn phased_bonus_a_second_skip_on_a_seat_already_nominated_has_no_further_effect() {
    let mut s = build(&PhasedSetup {
        current: 0,
        ..setup(
            ["ZZ 5S", "ZZ 9H 9C", "3D 4D", "2C 4C"],
            "5C 6C 7C 9S 8S KD QD JD",
            "5H",
        )
    });
    act(&mut s, "draw");
    act(&mut s, "skip 2");
    assert_eq!(s.observation(1).skip_next, vec![false, false, true, false]);
    assert_eq!(s.current_player(), Some(1));
    act(&mut s, "draw");
    act(&mut s, "skip 2");
    // The second Joker is spent and ends seat 1's turn, but seat 2 misses one turn only.
    assert_eq!(s.hand(1), sorted("9H 9C QD"));
    assert_eq!(s.observation(1).discard, cards("5H ZZ ZZ"));
    assert_eq!(s.current_player(), Some(3), "seat 2 misses its turn");
    assert_eq!(
        s.observation(1).skip_next,
        vec![false; 4],
        "nothing is left pending on seat 2"
    );
    act(&mut s, "draw");
    act(&mut s, "discard 2C");
    act(&mut s, "draw");
    act(&mut s, "discard 5S");
    act(&mut s, "draw");
    act(&mut s, "discard 9H");
    assert_eq!(
        s.current_player(),
        Some(2),
        "seat 2 plays its next turn: it missed only one"
    );
    assert_eq!(s.observation(2).turns, vec![2, 2, 0, 1]);
}
