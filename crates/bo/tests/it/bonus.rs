//! The bonus version of Comp10001-Bo (the seed's section 3) on `Bo::bonus()`: the embargo card
//! and the four Jokers, each rule and example a named scenario; with the course's bonus play
//! examples.
//!
//! Every validation is asked twice, of the full state and of the acting seat's observation
//! (both implement `View`), and the answers must agree.

use crate::common;
use common::*;

fn state(setup: &BoSetup) -> BoState {
    state_in(&Bo::bonus(), setup)
}

use parlour_bo::{validate, Bo, BoAction, BoSetup, BoState, InvalidPlay, Outcome, Validity, View};
use parlour_cards::{decks, Card, Colour};
use parlour_core::{Game, State};

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

/// A bonus table: player 0 to act, every player holding an embargo card, four-card stockpiles
/// (too big to embargo) with tops 9C, 0D, 3H, KD; empty hands, piles and draw pile. The
/// stockpiles use all eight 8s, so no scenario uses an 8.
fn table() -> BoSetup {
    BoSetup {
        hands: vec![vec![]; 4],
        stocks: stocks(["8H 8D 8S 9C", "8C 8H 8D 0D", "8S 8C QD 3H", "QH QS QC KD"]),
        ..BoSetup::default()
    }
}

fn stocks(s: [&str; 4]) -> Vec<Vec<Card>> {
    s.iter().map(|p| cards(p)).collect()
}

fn hands(h: [&str; 4]) -> Vec<Vec<Card>> {
    h.iter().map(|p| cards(p)).collect()
}

/// Seat 1 embargoed by seat 0 (who no longer holds its card), seat 1 to act.
fn seat_1_embargoed(setup: BoSetup) -> BoSetup {
    BoSetup {
        holds_embargo: vec![false, true, true, true],
        embargoed_by: vec![None, Some(0), None, None],
        current: 1,
        ..setup
    }
}

/// Player 0 holds `hand_card`, build pile 0 is `pile`: the answer for `<hand_card> b0`.
fn on_build(pile: &str, hand_card: &str) -> Result<Validity, InvalidPlay> {
    let s = state(&BoSetup {
        hands: hands([hand_card, "", "", ""]),
        build: builds(&[pile]),
        ..table()
    });
    judge(&s, 0, &format!("{hand_card} b0"))
}

/// Player 0's stockpile top is `stock_card`, player 1's discard pile 0 is `pile`: the answer
/// for `s:<stock_card> d1.0`.
fn stock_on_discard(pile: &str, stock_card: &str) -> Result<Validity, InvalidPlay> {
    let s = state(&BoSetup {
        stocks: stocks([
            &format!("8H 8D 8S {stock_card}"),
            "8C 8H 8D 0D",
            "8S 8C QD 3H",
            "QH QS QC KD",
        ]),
        discards: discards(&[(1, 0, pile)]),
        ..table()
    });
    judge(&s, 0, &format!("s:{stock_card} d1.0"))
}

// ---------------------------------------------------------------------------------------------
// The deal
// ---------------------------------------------------------------------------------------------

/// "Four Jokers are included in the pack": two decks and four Jokers, 108 cards.
#[test]
fn bonus_pack_is_two_decks_and_four_jokers() {
    let s = Bo::bonus().new_game(9);
    let mut expected = decks(2, 4);
    expected.sort();
    assert_eq!(all_cards(&s), expected);
    assert_eq!(all_cards(&s).len(), 108);
    assert_eq!(all_cards(&s).iter().filter(|c| c.is_joker()).count(), 4);
    assert_eq!(s.draw_pile().len(), 108 - 32 - 5);
    for p in 0..4 {
        assert_eq!(s.stock(p).len(), 8);
    }
    s.check_conservation().unwrap();
}

/// "Each player is additionally dealt a single 'embargo' card at the time of the deal".
#[test]
fn bonus_each_player_is_dealt_one_embargo_card() {
    let o = Bo::bonus().new_game(4).observation(2);
    assert_eq!(o.holds_embargo, vec![true; 4]);
    assert_eq!(o.embargoed_by, vec![None; 4]);
    let o = Bo::standard().new_game(4).observation(2);
    assert_eq!(o.holds_embargo, vec![false; 4]);
}

// ---------------------------------------------------------------------------------------------
// The embargo card
// ---------------------------------------------------------------------------------------------

/// "This embargo card can be played against any of the other players ... once the stockpile of
/// the target player has been reduced to 3 cards or less (including the top card)".
#[test]
fn bonus_embargo_needs_the_targets_stockpile_at_most_3_cards() {
    let s = state(&BoSetup {
        stocks: stocks(["8H 8D 8S 9C", "8C 8H 0D", "QD 3H", "QH QS QC KD"]),
        ..table()
    });
    assert_eq!(judge(&s, 0, "embargo 1"), Ok(Validity::EndsTurn));
    assert_eq!(judge(&s, 0, "embargo 2"), Ok(Validity::EndsTurn));
    assert_eq!(
        judge(&s, 0, "embargo 3"),
        Err(InvalidPlay::StockTooBig { target: 3, size: 4 })
    );
    let s = state(&BoSetup {
        stocks: stocks(["8H 8D 8S 9C", "0D", "QD 3H", "QH QS QC KD"]),
        ..table()
    });
    assert_eq!(judge(&s, 0, "embargo 1"), Ok(Validity::EndsTurn));
    // At the deal (8 cards each) nobody can be embargoed.
    let s = Bo::bonus().new_game(1);
    for t in 1..4u8 {
        assert_eq!(
            judge(&s, 0, &format!("embargo {t}")),
            Err(InvalidPlay::StockTooBig { target: t, size: 8 })
        );
    }
}

/// The embargo card is played "against any of the other players (not against the player
/// themself)".
#[test]
fn bonus_embargo_cannot_target_oneself() {
    let s = state(&BoSetup {
        stocks: stocks(["9C", "0D", "3H", "KD"]),
        ..table()
    });
    assert_eq!(judge(&s, 0, "embargo 0"), Err(InvalidPlay::EmbargoSelf));
    assert_eq!(judge(&s, 2, "embargo 2"), Err(InvalidPlay::EmbargoSelf));
    assert_eq!(judge(&s, 2, "embargo 0"), Ok(Validity::EndsTurn));
}

/// "Playing an embargo card on another player ... [is a] valid turn-ending play", even after
/// other plays in the turn.
#[test]
fn bonus_embargo_ends_the_turn() {
    let mut s = state(&BoSetup {
        hands: hands(["2C 9H", "", "", ""]),
        stocks: stocks(["8H 8D 8S 9C", "8C 0D", "QD 3H", "QH QS QC KD"]),
        draw: cards("5D 6D 7D 9D 0D 5S 6S"),
        ..table()
    });
    act(&mut s, "2C b0");
    assert_eq!(s.plays(), 1);
    act(&mut s, "embargo 1");
    assert_eq!(s.current_player(), Some(1));
    assert_eq!(s.turns(), [1, 0, 0, 0]);
    assert_eq!(s.plays(), 0);
    let o = s.observation(3);
    assert_eq!(o.holds_embargo, vec![false, true, true, true]);
    assert_eq!(o.embargoed_by, vec![None, Some(0), None, None]);
    // The embargo card is no card of the pack: nothing moved but the turn.
    assert_eq!(s.hand(0), cards("9H"));
}

/// "Each player has access to a single embargo card per game".
#[test]
fn bonus_one_embargo_card_per_player() {
    let mut s = state(&BoSetup {
        stocks: stocks(["8H 8D 8S 9C", "8C 0D", "QD 3H", "QH QS QC KD"]),
        hands: hands(["", "5H 6H", "", ""]),
        ..table()
    });
    act(&mut s, "embargo 1");
    act(&mut s, "clear");
    assert_eq!(judge(&s, 0, "embargo 2"), Err(InvalidPlay::NoEmbargoCard));
    assert_eq!(judge(&s, 0, "embargo 1"), Err(InvalidPlay::NoEmbargoCard));
    let s = state(&BoSetup {
        stocks: stocks(["8H 8D 8S 9C", "8C 0D", "QD 3H", "QH QS QC KD"]),
        holds_embargo: vec![false, true, true, true],
        ..table()
    });
    assert_eq!(judge(&s, 0, "embargo 1"), Err(InvalidPlay::NoEmbargoCard));
}

/// "it is not possible to embargo a player who has already been embargoed by another player".
#[test]
fn bonus_cannot_embargo_a_player_already_embargoed() {
    let s = state(&seat_1_embargoed(BoSetup {
        stocks: stocks(["8H 8D 8S 9C", "8C 0D", "QD 3H", "QH QS QC KD"]),
        ..table()
    }));
    assert_eq!(
        judge(&s, 2, "embargo 1"),
        Err(InvalidPlay::AlreadyEmbargoed { target: 1, by: 0 })
    );
    assert_eq!(
        judge(&s, 3, "embargo 1"),
        Err(InvalidPlay::AlreadyEmbargoed { target: 1, by: 0 })
    );
    assert_eq!(judge(&s, 2, "embargo 2"), Err(InvalidPlay::EmbargoSelf));
}

/// "but it is possible to re-embargo a player who was previously embargoed by another player
/// and cleared that embargo".
#[test]
fn bonus_re_embargo_after_clearing_is_allowed() {
    let mut s = state(&BoSetup {
        stocks: stocks(["8H 8D 8S 9C", "8C 0D", "QD 3H", "QH QS QC KD"]),
        ..table()
    });
    act(&mut s, "embargo 1");
    assert_eq!(s.current_player(), Some(1));
    act(&mut s, "clear");
    assert_eq!(s.observation(0).embargoed_by, vec![None; 4]);
    assert_eq!(s.current_player(), Some(2));
    assert_eq!(judge(&s, 2, "embargo 1"), Ok(Validity::EndsTurn));
    act(&mut s, "embargo 1");
    assert_eq!(
        s.observation(0).embargoed_by,
        vec![None, Some(2), None, None]
    );
    assert_eq!(
        s.observation(0).holds_embargo,
        vec![false, true, false, true]
    );
}

/// "An 'embargoed' player cannot play any card form their hand or from a discard pile (but can
/// still play from the stockpile)".
#[test]
fn bonus_embargoed_player_plays_only_from_the_stockpile() {
    let s = state(&seat_1_embargoed(BoSetup {
        hands: hands(["", "2C 5H 4S", "", ""]),
        stocks: stocks(["8H 8D 8S 9C", "8C 0D 2S", "8S 8C QD 3H", "QH QS QC KD"]),
        discards: discards(&[(1, 0, "3H"), (2, 0, "2D"), (1, 1, "7C")]),
        ..table()
    }));
    for p in [
        "2C b0",
        "5H d1.2",
        "4S d1.0",
        "5H d1.1",
        "d2.0:2D b0",
        "d1.0:3H d2.0",
        "d1.1:7C d2.0",
    ] {
        assert_eq!(judge(&s, 1, p), Err(InvalidPlay::Embargoed(0)), "{p}");
    }
    assert_eq!(judge(&s, 1, "s:2S b0"), Ok(Validity::Continues));
    assert_eq!(judge(&s, 1, "s:2S d1.0"), Ok(Validity::Continues));
    // Other players are not embargoed.
    let mut t = s.clone();
    act(&mut t, "s:2S b0");
    assert_eq!(t.current_player(), Some(1));
    assert_eq!(judge(&t, 2, "d2.0:2D b1"), Ok(Validity::Continues));
}

/// "until the embargo has been lifted, by way of playing the embargo card to a discard or build
/// pile": `clear`, a valid turn-ending play, after which the hand plays again.
#[test]
fn bonus_clear_lifts_the_embargo_and_ends_the_turn() {
    let mut s = state(&seat_1_embargoed(BoSetup {
        hands: hands(["2D 9H", "2C 5H 4S", "", ""]),
        stocks: stocks(["8H 8D 8S 9C", "8C 0D 2S", "8S 8C QD 3H", "QH QS QC KD"]),
        draw: cards("5D 6D 7D 9D 0D 5S 6S JC JD JH JS QC QS KC KS"),
        ..table()
    }));
    assert_eq!(judge(&s, 1, "clear"), Ok(Validity::EndsTurn));
    act(&mut s, "s:2S b0");
    act(&mut s, "clear");
    assert_eq!(s.current_player(), Some(2));
    assert_eq!(s.turns(), [0, 1, 0, 0]);
    assert_eq!(s.observation(1).embargoed_by, vec![None; 4]);
    assert_eq!(judge(&s, 1, "2C b1"), Ok(Validity::Continues));
    assert_eq!(judge(&s, 1, "clear"), Err(InvalidPlay::NotEmbargoed));
}

/// Clearing needs an embargo to clear.
#[test]
fn bonus_clear_needs_an_embargo() {
    let s = state(&table());
    assert_eq!(judge(&s, 0, "clear"), Err(InvalidPlay::NotEmbargoed));
}

/// Embargo cards belong to the bonus version only.
#[test]
fn bonus_embargo_and_clear_are_not_in_the_standard_game() {
    let s = BoState::from_setup(
        &Bo::standard(),
        &BoSetup {
            stocks: stocks(["9C", "0D", "3H", "KD"]),
            ..table()
        },
    )
    .unwrap();
    assert_eq!(
        validate(&s, 0, action("embargo 1")),
        Err(InvalidPlay::BonusOnly)
    );
    assert_eq!(
        validate(&s, 0, action("clear")),
        Err(InvalidPlay::BonusOnly)
    );
    assert_eq!(validate(&s, 0, action("pass")), Ok(Validity::NoPlay));
}

/// "if no other play is possible and the turn has not ended, one of these plays must be
/// employed to end the turn": no play is invalid while an embargo is possible.
#[test]
fn bonus_no_play_is_invalid_while_an_embargo_is_possible() {
    let s = state(&BoSetup {
        stocks: stocks(["8H 8D 8S 9C", "8C 8H 8D 0D", "QD 3H", "QH QS QC KD"]),
        ..table()
    });
    assert_eq!(
        judge(&s, 0, "pass"),
        Err(InvalidPlay::PlayExists(BoAction::Embargo(2)))
    );
    assert_eq!(s.legal_action_vec(), vec![BoAction::Embargo(2)]);
    // Without the card, no play it is.
    let t = state(&BoSetup {
        holds_embargo: vec![false, true, true, true],
        stocks: stocks(["8H 8D 8S 9C", "8C 8H 8D 0D", "QD 3H", "QH QS QC KD"]),
        ..table()
    });
    assert_eq!(judge(&t, 0, "pass"), Ok(Validity::NoPlay));
}

/// "one of these plays must be employed to end the turn": an embargoed player with nothing
/// else to play must clear.
#[test]
fn bonus_no_play_is_invalid_while_a_clear_is_possible() {
    let mut s = state(&seat_1_embargoed(BoSetup {
        hands: hands(["", "2C 5H 4S", "", ""]),
        stocks: stocks(["8H 8D 8S 9C", "8C 0D 2S", "8S 8C QD 3H", "QH QS QC KD"]),
        ..table()
    }));
    act(&mut s, "s:2S b0");
    // The hand is embargoed and 0D goes nowhere: only clearing is left.
    assert_eq!(
        judge(&s, 1, "pass"),
        Err(InvalidPlay::PlayExists(BoAction::Clear))
    );
    assert_eq!(s.legal_action_vec(), vec![BoAction::Clear]);
    act(&mut s, "clear");
    assert_eq!(s.current_player(), Some(2));
}

/// The seed's must-use rule counts embargo plays as plays: a game whose draw pile is empty is
/// not blocked while someone can still embargo.
#[test]
fn bonus_an_embargo_still_possible_means_the_game_is_not_blocked() {
    let mut s = state(&BoSetup {
        stocks: stocks(["8H 8D 8S 9C", "8C 8H 8D 0D", "QD 3H", "QH QS QC KD"]),
        holds_embargo: vec![false, true, false, false],
        ..table()
    });
    assert_eq!(judge(&s, 0, "pass"), Ok(Validity::NoPlay));
    act(&mut s, "pass");
    assert_eq!(s.outcome(), None);
    assert_eq!(s.current_player(), Some(1));
    assert_eq!(s.legal_action_vec(), vec![BoAction::Embargo(2)]);
}

/// "they do not have to play the embargo card to win the game (i.e. it does not count towards
/// their stockpile card total)".
#[test]
fn bonus_embargo_card_is_not_part_of_the_stockpile() {
    let mut s = state(&BoSetup {
        stocks: stocks(["2C", "8C 8H 8D 0D", "8S 8C QD 3H", "QH QS QC KD"]),
        ..table()
    });
    assert!(s.observation(1).holds_embargo[0]);
    assert_eq!(s.observation(1).stock_sizes[0], 1);
    act(&mut s, "s:2C b0");
    assert_eq!(s.outcome(), Some(Outcome::Won(0)));
    assert_eq!(s.returns(), vec![1.0, 0.0, 0.0, 0.0]);
}

// ---------------------------------------------------------------------------------------------
// Jokers
// ---------------------------------------------------------------------------------------------

/// Jokers "can be played to any discard or build pile, including to start a build pile".
#[test]
fn bonus_joker_starts_a_build_pile() {
    let mut s = state(&BoSetup {
        hands: hands(["ZZ 9H", "", "", ""]),
        ..table()
    });
    assert_eq!(judge(&s, 0, "ZZ b0"), Ok(Validity::Continues));
    act(&mut s, "ZZ b0");
    assert_eq!(s.build(0).cards(), &[Card::JOKER][..]);
    assert_eq!(s.build(0).colour(), None);
    assert_eq!(s.current_player(), Some(0));
}

/// "if a Joker is used to start a build pile, the value is ambiguous between a 2 and a King
/// and their colour is indeterminate, meaning that any coloured 3 or Queen can be played on a
/// Joker".
#[test]
fn bonus_any_coloured_3_or_queen_follows_a_starting_joker() {
    for c in ["3H", "3S", "3D", "3C", "QH", "QS", "QD", "QC"] {
        assert_eq!(on_build("ZZ", c), Ok(Validity::Continues), "{c}");
    }
    for c in ["4H", "JS", "KC", "2D", "5S"] {
        let r = on_build("ZZ", c);
        assert!(is_not_adjacent(&r), "{c}: {r:?}");
    }
    // The first natural card gives the pile its colour.
    assert_eq!(on_build("ZZ 3H", "4D"), Ok(Validity::Continues));
    assert_eq!(on_build("ZZ 3H", "4S"), colour_miss(0, "4S", Colour::Red));
    assert_eq!(on_build("ZZ QC", "JS"), Ok(Validity::Continues));
    assert_eq!(on_build("ZZ QC", "JD"), colour_miss(0, "JD", Colour::Black));
}

/// A Joker on a build pile reads as a value next to the card beneath, in the pile's colour.
#[test]
fn bonus_joker_on_a_build_pile_reads_next_to_the_card_beneath() {
    // On 2C the Joker is a black 3: 4S follows, 4H does not, 3S is not next to a 3.
    assert_eq!(on_build("2C ZZ", "4S"), Ok(Validity::Continues));
    assert_eq!(on_build("2C ZZ", "4H"), colour_miss(0, "4H", Colour::Black));
    assert!(is_not_adjacent(&on_build("2C ZZ", "3S")));
    assert!(is_not_adjacent(&on_build("2C ZZ", "5S")));
    // An Ace of the pile's colour still completes it.
    assert_eq!(on_build("2C ZZ", "AS"), Ok(Validity::Continues));
    assert_eq!(on_build("2C ZZ", "AH"), colour_miss(0, "AH", Colour::Black));
}

/// "if a Joker is played on a 4 of Clubs on a discard pile, it could represent either a red 3
/// or a red 5": a black 2, 4 or 6 follows it; a red 6 does not (from the hand it is a restart).
#[test]
fn bonus_joker_on_4c_on_a_discard_pile_reads_red_3_or_5() {
    let mut s = state(&BoSetup {
        hands: hands(["ZZ 9H", "", "", ""]),
        discards: discards(&[(1, 0, "4C")]),
        ..table()
    });
    assert_eq!(judge(&s, 0, "ZZ d1.0"), Ok(Validity::Continues));
    act(&mut s, "ZZ d1.0");
    assert_eq!(s.discard(1, 0).top_reading().as_deref(), Some("red 3/5"));
    for c in ["6S", "6C", "2S", "2C", "4S"] {
        assert_eq!(stock_on_discard("4C ZZ", c), Ok(Validity::Continues), "{c}");
    }
    for c in ["6H", "6D", "2H", "3S", "5S", "7S"] {
        assert_eq!(stock_on_discard("4C ZZ", c), breaks(c, "ZZ", 1, 0), "{c}");
    }
    let t = state(&BoSetup {
        hands: hands(["6H 6S 2C", "", "", ""]),
        discards: discards(&[(1, 0, "4C ZZ")]),
        ..table()
    });
    assert_eq!(judge(&t, 0, "6S d1.0"), Ok(Validity::Continues));
    assert_eq!(judge(&t, 0, "2C d1.0"), Ok(Validity::Continues));
    assert_eq!(judge(&t, 0, "6H d1.0"), Ok(Validity::EndsTurn));
}

/// "if a 6 of Spades is played on the Joker and subsequently played to a build pile, the Joker
/// goes back to being ambiguous in value between a 3 or 5".
#[test]
fn bonus_joker_is_read_afresh_when_the_card_above_moves_away() {
    let mut s = state(&BoSetup {
        hands: hands(["6S 9H", "", "", ""]),
        stocks: stocks(["8H 8D 8S 2S", "8C 8H 8D 0D", "8S 8C QD 3H", "QH QS QC KD"]),
        build: builds(&["2C 3S 4S 5C"]),
        discards: discards(&[(1, 0, "4C ZZ")]),
        ..table()
    });
    act(&mut s, "6S d1.0");
    assert_eq!(
        s.discard(1, 0).cards().collect::<Vec<_>>(),
        cards("4C ZZ 6S")
    );
    act(&mut s, "d1.0:6S b0");
    assert_eq!(s.build(0).cards(), &cards("2C 3S 4S 5C 6S")[..]);
    assert_eq!(s.discard(1, 0).cards().collect::<Vec<_>>(), cards("4C ZZ"));
    assert_eq!(s.discard(1, 0).top_reading().as_deref(), Some("red 3/5"));
    // A black 2 follows a red 3 only: the Joker is no longer held to the 5 the 6S needed.
    assert_eq!(judge(&s, 0, "s:2S d1.0"), Ok(Validity::Continues));
    act(&mut s, "s:2S d1.0");
    assert_eq!(s.current_player(), Some(0));
}

/// "if a Joker was played on a 5 of Clubs, and a 10 of Spades was placed on that, the 10 of
/// Spades would be an illegal move": a restart from the hand, invalid from anywhere else.
#[test]
fn bonus_ten_of_spades_on_a_joker_on_5c_is_illegal() {
    let mut s = state(&BoSetup {
        hands: hands(["0S 9H", "", "", ""]),
        stocks: stocks(["8H 8D 8S 0S", "8C 8H 8D 0D", "8S 8C QD 3H", "QH QS QC KD"]),
        discards: discards(&[(1, 0, "5C ZZ"), (2, 0, "JH 0C")]),
        ..table()
    });
    assert_eq!(judge(&s, 0, "0S d1.0"), Ok(Validity::EndsTurn));
    assert_eq!(judge(&s, 0, "s:0S d1.0"), breaks("0S", "ZZ", 1, 0));
    assert_eq!(judge(&s, 0, "d2.0:0C d1.0"), breaks("0C", "ZZ", 1, 0));
    // What does follow: a black 3, 5 or 7 (the Joker is a red 4 or 6).
    assert_eq!(stock_on_discard("5C ZZ", "7S"), Ok(Validity::Continues));
    assert_eq!(stock_on_discard("5C ZZ", "3C"), Ok(Validity::Continues));
    assert_eq!(stock_on_discard("5C ZZ", "5S"), Ok(Validity::Continues));
    act(&mut s, "0S d1.0");
    assert_eq!(s.current_player(), Some(1));
    assert_eq!(
        s.discard(1, 0).cards().collect::<Vec<_>>(),
        cards("5C ZZ 0S")
    );
}

/// "Note that all plays of Jokers to discard piles are legal plays": a Joker on any non-empty
/// discard pile, from the hand, stockpile or another discard pile, goes on without ending the
/// turn.
#[test]
fn bonus_joker_on_any_non_empty_discard_pile_is_a_legal_play() {
    let piles = [
        (1, 0, "KS"),
        (1, 1, "2H"),
        (2, 0, "5C ZZ"),
        (3, 0, "JD 0S"),
        (0, 0, "7H"),
    ];
    let s = state(&BoSetup {
        hands: hands(["ZZ", "", "", ""]),
        stocks: stocks(["8H 8D 8S ZZ", "8C 8H 8D 0D", "8S 8C QD 3H", "QH QS QC KD"]),
        discards: discards(&piles),
        ..table()
    });
    for (owner, pile, _) in piles {
        let to = format!("d{owner}.{pile}");
        assert_eq!(
            judge(&s, 0, &format!("ZZ {to}")),
            Ok(Validity::Continues),
            "{to}"
        );
        assert_eq!(
            judge(&s, 0, &format!("s:ZZ {to}")),
            Ok(Validity::Continues),
            "{to}"
        );
        if (owner, pile) != (2, 0) {
            assert_eq!(
                judge(&s, 0, &format!("d2.0:ZZ {to}")),
                Ok(Validity::Continues),
                "{to}"
            );
        }
    }
    let mut t = s.clone();
    act(&mut t, "ZZ d1.0");
    act(&mut t, "s:ZZ d1.0");
    act(&mut t, "d2.0:ZZ d1.0");
    assert_eq!(t.current_player(), Some(0));
    assert_eq!(t.plays(), 3);
    assert_eq!(
        t.discard(1, 0).cards().collect::<Vec<_>>(),
        cards("KS ZZ ZZ ZZ")
    );
}

/// A Joker on a discard pile reads through the King–2 wrap: on a 2C it may be a red 3 or a red
/// King, so a black Queen follows.
#[test]
fn bonus_joker_on_a_discard_pile_reads_through_the_king_2_wrap() {
    assert_eq!(stock_on_discard("2C ZZ", "QS"), Ok(Validity::Continues));
    assert_eq!(stock_on_discard("2C ZZ", "2S"), Ok(Validity::Continues));
    assert_eq!(stock_on_discard("2C ZZ", "4S"), Ok(Validity::Continues));
    assert_eq!(stock_on_discard("2C ZZ", "JS"), breaks("JS", "ZZ", 1, 0));
}

/// A Joker goes on "any discard ... pile": it can start its owner's empty discard pile from the
/// hand (ending the turn), like any non-Ace card, and a lone Joker takes any card after it.
#[test]
fn bonus_joker_starts_its_owners_discard_pile_from_the_hand() {
    let mut s = state(&BoSetup {
        hands: hands(["ZZ 9H", "", "", ""]),
        stocks: stocks(["8H 8D 8S ZZ", "8C 8H 8D 0D", "8S 8C QD 3H", "QH QS QC KD"]),
        draw: cards("5D 6D 7D 9D 0D"),
        ..table()
    });
    assert_eq!(judge(&s, 0, "ZZ d0.0"), Ok(Validity::EndsTurn));
    assert_eq!(
        judge(&s, 0, "ZZ d1.0"),
        Err(InvalidPlay::StartOthersPile(1))
    );
    assert_eq!(
        judge(&s, 0, "s:ZZ d0.0"),
        Err(InvalidPlay::StartNotFromHand)
    );
    act(&mut s, "ZZ d0.0");
    assert_eq!(s.current_player(), Some(1));
    assert_eq!(s.turns(), [1, 0, 0, 0]);
    for c in ["7H", "7S", "KD", "2C"] {
        let t = state(&BoSetup {
            hands: hands(["", c, "", ""]),
            discards: discards(&[(0, 0, "ZZ")]),
            current: 1,
            ..table()
        });
        assert_eq!(
            judge(&t, 1, &format!("{c} d0.0")),
            Ok(Validity::Continues),
            "{c}"
        );
    }
}

/// Jokers "can only complete a build pile if they could take the value of 2 or King": on a 3
/// (reading 2) or a Queen (reading King) a Joker completes the pile.
#[test]
fn bonus_joker_completes_a_build_pile_as_a_2_or_king() {
    for pile in ["2D 3D", "KH QH", "2S 3S 4S 3C", "KC QC JS QS"] {
        let mut s = state(&BoSetup {
            hands: hands(["ZZ 9H", "", "", ""]),
            build: builds(&[pile]),
            draw: cards("5D 6D"),
            ..table()
        });
        assert_eq!(judge(&s, 0, "ZZ b0"), Ok(Validity::Continues));
        act(&mut s, "ZZ b0");
        assert!(s.build(0).is_empty(), "ZZ completes {pile}");
        assert_eq!(s.draw_pile().len(), 2 + cards(pile).len() + 1);
        assert!(s.draw_pile().contains(&Card::JOKER));
    }
}

/// Jokers complete build piles "only in the role of a 2 or a King (not an Ace)": a Joker on a 7
/// goes on the pile.
#[test]
fn bonus_joker_never_completes_a_build_pile_as_an_ace() {
    for pile in [
        "2C 3C 4C 5C 6C 7C",
        "KH QH JH 0H 9H",
        "2S 3S 4S",
        "KD QD JD",
    ] {
        let mut s = state(&BoSetup {
            hands: hands(["ZZ 9D", "", "", ""]),
            build: builds(&[pile]),
            draw: cards("5D 6D"),
            ..table()
        });
        let before = s.build(0).len();
        act(&mut s, "ZZ b0");
        assert_eq!(s.build(0).len(), before + 1, "ZZ extends {pile}");
        assert_eq!(s.build(0).top(), Some(Card::JOKER));
        assert_eq!(s.draw_pile().len(), 2);
    }
}

/// "if two Jokers are played on a Jack, the pile is cleared, as the top card can be
/// interpreted as a King".
#[test]
fn bonus_two_jokers_on_a_jack_clear_the_pile() {
    let mut s = state(&BoSetup {
        hands: hands(["ZZ ZZ 9H", "", "", ""]),
        build: builds(&["KH QH JH"]),
        ..table()
    });
    act(&mut s, "ZZ b0");
    assert_eq!(s.build(0).cards(), &cards("KH QH JH ZZ")[..]);
    assert_eq!(judge(&s, 0, "ZZ b0"), Ok(Validity::Continues));
    act(&mut s, "ZZ b0");
    assert!(s.build(0).is_empty());
    assert_eq!(s.draw_pile().len(), 5);
    assert_eq!(s.plays(), 2);
}

/// "if there is an interpretation of a Joker on top of the pile as a 2 or King, the pile is
/// automatically cleared": a Joker on a 3 reads as a 2.
#[test]
fn bonus_a_joker_on_a_3_clears_the_pile() {
    let mut s = state(&BoSetup {
        hands: hands(["ZZ 9H", "", "", ""]),
        stocks: stocks(["8H 8D 8S ZZ", "8C 8H 8D 0D", "8S 8C QD 3H", "QH QS QC KD"]),
        build: builds(&["2H 3H", "2S 3S"]),
        ..table()
    });
    act(&mut s, "ZZ b0");
    assert!(s.build(0).is_empty());
    act(&mut s, "s:ZZ b1");
    assert!(s.build(1).is_empty());
    assert_eq!(s.draw_pile().len(), 6);
    assert_eq!(s.draw_pile().iter().filter(|c| c.is_joker()).count(), 2);
}

// ---------------------------------------------------------------------------------------------
// The course's bonus play examples: player 1, empty hands, the draw pile empty, build pile 0
// started with 2C and a Joker.
// ---------------------------------------------------------------------------------------------

/// Player 1 to act with stockpile `stock` (bottom first), build pile 0 = `b0`, and the other
/// stockpiles too big to embargo.
fn player_1(stock: &str, b0: &str) -> BoState {
    state(&BoSetup {
        stocks: stocks(["8H 8D 8S 9C", stock, "8C 8H 8D 3H", "8S 8C QH KD"]),
        build: builds(&[b0]),
        current: 1,
        ..table()
    })
}

/// Course (bonus): stockpile `'4S'` on build pile `['2C', 'ZZ']` is valid.
#[test]
fn course_bonus_stock_4s_on_2c_joker() {
    let s = player_1("5H 6H 7H 0D 3S 4S", "2C ZZ");
    assert_eq!(judge(&s, 1, "s:4S b0"), Ok(Validity::Continues));
}

/// Course (bonus): stockpile `'3S'` on build pile `['2C', 'ZZ', '4S']` is valid.
#[test]
fn course_bonus_stock_3s_on_2c_joker_4s() {
    let s = player_1("5H 6H 7H 0D 3S", "2C ZZ 4S");
    assert_eq!(judge(&s, 1, "s:3S b0"), Ok(Validity::Continues));
}

/// Course (bonus): stockpile `'0D'` on build pile `['2C', 'ZZ', '4S', '3S']`: only "no play".
#[test]
fn course_bonus_0d_leaves_only_no_play() {
    let s = player_1("5H 6H 7H 0D", "2C ZZ 4S 3S");
    assert_eq!(judge(&s, 1, "s:0D b0"), colour_miss(0, "0D", Colour::Black));
    assert_eq!(judge(&s, 1, "pass"), Ok(Validity::NoPlay));
    assert_eq!(s.legal_action_vec(), vec![BoAction::NoPlay]);
}

/// Course (bonus): the three examples as one turn of the engine.
#[test]
fn course_bonus_play_examples_as_one_turn() {
    let mut s = player_1("5H 6H 7H 0D 3S 4S", "2C ZZ");
    act(&mut s, "s:4S b0");
    act(&mut s, "s:3S b0");
    assert_eq!(s.build(0).cards(), &cards("2C ZZ 4S 3S")[..]);
    assert_eq!(s.stock(1), &cards("5H 6H 7H 0D")[..]);
    assert_eq!(s.legal_action_vec(), vec![BoAction::NoPlay]);
    act(&mut s, "pass");
    assert_eq!(s.turns(), [0, 1, 0, 0]);
}

/// Our reading: the embargoed player is barred from "any card form their hand or from a discard
/// pile", and an embargo card is neither, so they may still play their own embargo card on
/// another player (here player 3, whose stockpile has two cards); it ends the turn.
#[test]
fn bonus_embargoed_player_may_still_play_their_own_embargo_card() {
    let mut s = state(&seat_1_embargoed(BoSetup {
        hands: hands(["", "2C 5H 4S", "", ""]),
        stocks: stocks(["8H 8D 8S 9C", "8C 0D 2S", "8S 8C QD 3H", "QC KD"]),
        ..table()
    }));
    assert_eq!(judge(&s, 1, "embargo 3"), Ok(Validity::EndsTurn));
    assert!(s.legal_action_vec().contains(&action("embargo 3")));
    act(&mut s, "embargo 3");
    let obs = s.observation(0);
    assert_eq!(obs.embargoed_by, vec![None, Some(0), None, Some(1)]);
    assert_eq!(obs.holds_embargo, vec![false, false, true, true]);
    assert_eq!(s.current_player(), Some(2));
}
