//! The game rules of Phased Out and its rulings, each a named scenario.

use crate::common::{act, build, cards, rejected, setup, sorted};
use parlour_core::rng::seeded;
use parlour_core::{Game, GameText, State};
use parlour_phased::groups::PhaseType;
use parlour_phased::{
    check_lay, LayError, Phased, PhasedAction, PhasedSetup, PhasedState, SeatList, SetupError, Step,
};
use rand::RngExt;

#[test]
fn phased_two_packs_aces_wild_and_bonus_jokers() {
    let s = Phased::standard().new_game(1);
    s.check_conservation().unwrap();
    let b = Phased::bonus().new_game(1);
    b.check_conservation().unwrap();
    let total = |st: &PhasedState| {
        let o = st.observation(0);
        o.hand_sizes.iter().sum::<usize>() + o.deck + o.discard.len()
    };
    assert_eq!(total(&s), 104);
    assert_eq!(total(&b), 108);
}

#[test]
fn phased_player_0_deals_first_hand_so_player_1_leads_and_the_first_discard_is_turned_up() {
    let s = Phased::standard().new_game(3);
    let o = s.observation(1);
    assert_eq!(o.dealer, 0);
    assert_eq!(s.current_player(), Some(1));
    assert_eq!(o.hand_sizes, vec![10, 10, 10, 10]);
    assert_eq!(o.discard.len(), 1);
    assert_eq!(o.deck, 104 - 41);
    assert_eq!(o.step, Step::Draw);
}

#[test]
fn phased_dealer_rotates_and_the_player_after_the_dealer_leads() {
    let game = Phased::standard();
    let mut s = game.new_game(4);
    let mut rng = seeded(4);
    let mut dealers = vec![0];
    while !s.is_terminal() && dealers.len() < 5 {
        let before = s.observation(0).hands_completed;
        let legal = s.legal_action_vec();
        s.apply(legal[rng.random_range(0..legal.len())]).unwrap();
        let o = s.observation(0);
        if o.hands_completed > before && !s.is_terminal() {
            dealers.push(o.dealer);
            assert_eq!(
                s.current_player(),
                Some((o.dealer + 1) % 4),
                "the player left of the dealer leads"
            );
            assert_eq!(o.hand_sizes, vec![10, 10, 10, 10]);
        }
    }
    assert_eq!(dealers, vec![0, 1, 2, 3, 0]);
}

#[test]
fn phased_a_turn_starts_by_drawing_or_taking_the_discard() {
    let game = Phased::standard();
    let s = build(&game, &setup(["2S", "2H 3H", "2D", "2C"], "9S 8S", "5H"));
    assert_eq!(
        s.legal_action_vec(),
        vec![PhasedAction::Draw, PhasedAction::Take]
    );
    assert!(rejected(&s, "discard 2H").contains("first draw"));
    let mut t = s.clone();
    act(&mut t, "take");
    assert_eq!(t.hand(1), sorted("2H 3H 5H"));
    // Everyone saw seat 1 take the 5H: it is known to be in seat 1's hand.
    assert_eq!(t.observation(0).known[1], cards("5H"));
    assert!(rejected(&t, "draw").contains("already drawn"));
    let mut d = s.clone();
    act(&mut d, "draw");
    assert_eq!(d.hand(1), sorted("2H 3H 8S"));
    assert!(d.observation(0).known[1].is_empty());
}

#[test]
fn phased_the_next_phase_only_whole_and_once_per_hand() {
    let game = Phased::standard();
    let mut s = build(
        &game,
        &setup(["3S", "2S 2S 2H 7H 7S 7D 9C", "2D", "2C"], "9S 8S KD", "5H"),
    );
    act(&mut s, "draw");
    // Seven mixed cards are no group; phase 2 (seven of a suit) would not be next anyway.
    assert!(rejected(&s, "lay 2S 2S 2H 7H 7S 7D 9C").starts_with("group 0"));
    // Part of a phase is not a phase.
    assert!(rejected(&s, "lay 2S 2S 2H").contains("no phase"));
    // The rules' own error stays typed in the illegal action, to wherever it goes.
    let lay: PhasedAction = "lay 2S 2S 2H".parse().unwrap();
    let e = s.check(lay).unwrap_err();
    let typed = e.reason.get::<parlour_phased::groups::PhaseError>();
    assert_eq!(typed.map(ToString::to_string).as_deref(), Some(&*e.reason));
    act(&mut s, "lay 2S 2S 2H / 7H 7S 7D");
    assert_eq!(s.observation(0).phases_done[1], vec![1]);
    assert!(rejected(&s, "lay 2S 2S 2H / 7H 7S 7D").contains("only one phase"));
}

#[test]
fn phased_cards_go_on_table_groups_only_once_the_players_phase_is_down() {
    let game = Phased::standard();
    let mut s = build(
        &game,
        &PhasedSetup {
            table: vec![
                vec![cards("4S 4H 4D"), cards("5S 5H 5D")],
                vec![],
                vec![],
                vec![],
            ],
            phases_done: vec![vec![1], vec![], vec![], vec![]],
            laid: vec![true, false, false, false],
            ..setup(["2S", "4C 2H 2D 2C 9S 9H 9D", "2D", "2C"], "9S 8S KD", "5H")
        },
    );
    act(&mut s, "draw");
    assert!(rejected(&s, "add 4C 0 0 3").contains("only once your phase is down"));
    act(&mut s, "lay 2H 2D 2C / 9S 9H 9D");
    act(&mut s, "add 4C 0 0 3");
    assert_eq!(s.observation(2).table[0][0].cards, cards("4S 4H 4D 4C"));
}

#[test]
fn phased_a_hand_ends_when_a_player_has_no_cards_and_penalties_are_scored() {
    let game = Phased::standard();
    let mut s = build(
        &game,
        &PhasedSetup {
            laid: vec![false, true, false, false],
            phases_done: vec![vec![], vec![1], vec![], vec![]],
            table: vec![
                vec![],
                vec![cards("4S 4H 4D"), cards("5S 5H 5D")],
                vec![],
                vec![],
            ],
            ..setup(["3D JC AS", "4C", "2D 0D", "KH"], "9S 8S KD", "5H")
        },
    );
    act(&mut s, "draw");
    act(&mut s, "add 4C 1 0 3");
    act(&mut s, "discard KD");
    // Seat 1 emptied its hand by discarding: the hand is over and penalties counted.
    let o = s.observation(0);
    assert_eq!(o.hands_completed, 1);
    // The seed's example: 3D + JC + AS = 39.
    assert_eq!(o.scores, vec![39, 0, 12, 13]);
}

#[test]
fn phased_a_hand_ends_after_the_player_who_drew_the_last_card_discards() {
    let game = Phased::standard();
    let mut s = build(&game, &setup(["2S", "4C 7H", "2D", "2C"], "9S", "5H"));
    act(&mut s, "draw");
    assert_eq!(s.observation(0).deck, 0);
    assert!(s.observation(0).last_card_drawn);
    act(&mut s, "discard 7H");
    let o = s.observation(0);
    assert_eq!(o.hands_completed, 1);
    assert_eq!(o.scores, vec![2, 4 + 9, 2, 2]);
}

#[test]
fn phased_a_hand_ends_once_every_player_has_played_50_turns() {
    let game = Phased::standard();
    let mut s = build(
        &game,
        &PhasedSetup {
            turns: vec![50, 49, 50, 50],
            ..setup(["2S", "4C 7H", "2D", "2C"], "9S 8S 7S", "5H")
        },
    );
    act(&mut s, "draw");
    act(&mut s, "discard 7H");
    assert_eq!(s.observation(0).hands_completed, 1);
}

#[test]
fn phased_game_ends_at_the_end_of_the_hand_in_which_phase_5_is_laid() {
    let game = Phased::standard();
    let mut s = build(
        &game,
        &PhasedSetup {
            phases_done: vec![vec![], vec![1, 2, 3, 4], vec![], vec![]],
            scores: vec![10, 90, 20, 5],
            ..setup(
                ["2S", "2S 3C 4C 5S 7C 7S 7D 7D 9H", "3D", "2C"],
                "9S 8S KD",
                "5H",
            )
        },
    );
    act(&mut s, "draw");
    act(&mut s, "lay 2S 3C 4C 5S / 7C 7S 7D 7D");
    assert!(s.observation(0).game_ends_after_hand);
    assert!(!s.is_terminal(), "the hand goes on");
    act(&mut s, "discard 9H");
    act(&mut s, "draw");
    act(&mut s, "discard 3D");
    act(&mut s, "draw");
    act(&mut s, "discard 2C");
    // Seat 2 and 3 emptied... the hand ends when someone has no cards: seat 2 discarded its last.
    assert!(s.is_terminal());
    // Only seat 1 completed phase 5, so it wins despite the highest total.
    assert_eq!(s.winners(), vec![1]);
}

#[test]
fn phased_after_12_hands_the_lowest_total_wins_and_ties_all_win() {
    let game = Phased::standard();
    let last_hand = |scores: Vec<u32>| {
        let mut s = build(
            &game,
            &PhasedSetup {
                hands_completed: 11,
                scores,
                ..setup(["2S", "7H", "2D", "4C"], "9S", "5H")
            },
        );
        // Seat 1 draws the deck's last card and discards: the twelfth hand ends.
        act(&mut s, "draw");
        act(&mut s, "discard 7H");
        assert!(s.is_terminal());
        s
    };
    // Penalties 2, 9, 2, 4.
    let s = last_hand(vec![30, 40, 35, 30]);
    assert_eq!(s.scores(), [32, 49, 37, 34]);
    assert_eq!(s.winners(), vec![0]);
    let t = last_hand(vec![30, 40, 35, 28]);
    assert_eq!(t.scores(), [32, 49, 37, 32]);
    assert_eq!(t.winners(), vec![0, 3]);
}

#[test]
fn phased_bonus_phases_in_any_order_each_once() {
    let game = Phased::bonus();
    let mut s = build(
        &game,
        &PhasedSetup {
            phases_done: vec![vec![], vec![1, 4], vec![], vec![]],
            ..setup(
                ["2S", "2C 7C 7C 8C JC QC KC 9H", "3D", "2C"],
                "9S 8S KD",
                "5H",
            )
        },
    );
    act(&mut s, "draw");
    act(&mut s, "lay 2C 7C 7C 8C JC QC KC");
    assert_eq!(s.observation(0).phases_done[1], vec![1, 2, 4]);
    let mut t = build(
        &game,
        &PhasedSetup {
            phases_done: vec![vec![], vec![1], vec![], vec![]],
            ..setup(["2S", "2S 2H 2D 7H 7S 7D 9H", "3D", "2C"], "9S 8S KD", "5H")
        },
    );
    act(&mut t, "draw");
    assert!(
        rejected(&t, "lay 2S 2H 2D / 7H 7S 7D").contains("phase 1"),
        "each phase once"
    );
}

#[test]
fn phased_bonus_joker_skips_a_nominated_player_once() {
    let game = Phased::bonus();
    let mut s = build(
        &game,
        &setup(
            ["2S 3S", "ZZ ZZ 9H 9C", "3D 4D", "2C 4C"],
            "5C 6C 7C 9S 8S KD QD JD",
            "5H",
        ),
    );
    act(&mut s, "draw");
    assert!(rejected(&s, "discard ZZ").contains("Skip"));
    assert!(rejected(&s, "skip 1").contains("cannot be nominated"));
    act(&mut s, "skip 2");
    // Seat 2 misses its turn: seat 3 plays next.
    assert_eq!(s.current_player(), Some(3));
    act(&mut s, "draw");
    act(&mut s, "discard 2C");
    act(&mut s, "draw");
    act(&mut s, "discard 2S");
    act(&mut s, "draw");
    act(&mut s, "skip 3");
    assert!(s.observation(0).skip_next[3]);
    assert_eq!(s.current_player(), Some(2));
    act(&mut s, "draw");
    act(&mut s, "discard 3D");
    assert_eq!(s.current_player(), Some(0), "seat 3 skipped");
    assert!(!s.observation(0).skip_next[3], "the skip is used up");
}

#[test]
fn phased_bonus_a_second_skip_on_a_nominated_player_has_no_effect() {
    let game = Phased::bonus();
    let mut s = build(
        &game,
        &PhasedSetup {
            current: 0,
            ..setup(
                ["ZZ 5S", "ZZ 9H 9C", "3D 4D", "2C 4C"],
                "5C 6C 7C 9S 8S KD QD JD",
                "5H",
            )
        },
    );
    act(&mut s, "draw");
    act(&mut s, "skip 2");
    act(&mut s, "draw");
    // Seat 2 is nominated already: this Skip changes nothing.
    act(&mut s, "skip 2");
    assert_eq!(s.current_player(), Some(3), "seat 2 misses one turn");
    act(&mut s, "draw");
    act(&mut s, "discard 2C");
    act(&mut s, "draw");
    act(&mut s, "discard 5S");
    act(&mut s, "draw");
    act(&mut s, "discard 9H");
    assert_eq!(s.current_player(), Some(2), "and only one");
}

#[test]
fn phased_bonus_a_joker_on_the_discard_pile_cannot_be_taken() {
    let game = Phased::bonus();
    let s = build(&game, &setup(["2S", "9H 9C", "3D", "2C"], "9S 8S KD", "ZZ"));
    assert_eq!(s.legal_action_vec(), vec![PhasedAction::Draw]);
    assert!(rejected(&s, "take").contains("Joker"));
}

#[test]
fn phased_action_text_round_trips_and_bad_text_is_named() {
    for text in [
        "draw",
        "take",
        "lay 2S 2S AH / 7H 7S 7D",
        "add 5D 1 0 8",
        "discard 7C",
        "skip 2",
    ] {
        let a: PhasedAction = text.parse().unwrap();
        assert_eq!(a.to_string(), text);
    }
    let e = "lay 2S 10S".parse::<PhasedAction>().unwrap_err();
    assert!(e.to_string().contains("\"10S\""), "{e}");
    assert!("add 5D 1 0".parse::<PhasedAction>().is_err());
    assert!("jump".parse::<PhasedAction>().is_err());
}

#[test]
fn phased_resampling_keeps_the_view_and_cards_known_taken() {
    let game = Phased::standard();
    let mut s = build(
        &game,
        &setup(
            ["2S 3S", "9H 9C", "3D 4D", "2C 4C"],
            "9S 8S KD QD JD 5C 6C",
            "KH",
        ),
    );
    act(&mut s, "take");
    act(&mut s, "discard 9C");
    let mut rng = seeded(1);
    for seat in [0, 2, 3] {
        let obs = s.observation(seat);
        for _ in 0..20 {
            let r = game.resample(&obs, &mut rng).unwrap();
            assert_eq!(r.observation(seat), obs);
            assert!(
                r.hand(1).contains(&cards("KH")[0]),
                "everyone saw seat 1 take KH"
            );
        }
    }
}

#[test]
fn phased_standard_phases_are_laid_in_order() {
    let game = Phased::standard();
    let mut s = build(
        &game,
        &setup(
            ["3S", "2C 7C 7C 8C JC QC KC 9H", "2D", "2H"],
            "9S 8S KD",
            "5H",
        ),
    );
    act(&mut s, "draw");
    assert_eq!(
        rejected(&s, "lay 2C 7C 7C 8C JC QC KC"),
        "these groups make phase 2, but you need phase 1"
    );
    // The check against the seat's view alone says the same, typed.
    let PhasedAction::Lay(play) = "lay 2C 7C 7C 8C JC QC KC".parse().unwrap() else {
        unreachable!()
    };
    let e = check_lay(&s.observation(1), &play).unwrap_err();
    assert_eq!(
        e,
        LayError::WrongPhase {
            made: PhaseType(2),
            needed: vec![PhaseType(1)]
        }
    );
    assert_eq!(
        e.to_string(),
        "these groups make phase 2, but you need phase 1"
    );
}

#[test]
fn phased_a_person_lays_a_phase_by_typing_its_groups_and_hears_why_not() {
    let game = Phased::standard();
    let mut s = build(
        &game,
        &setup(["3S", "2S 2S AH 7H 7S 7D 9C", "2D", "2C"], "9S 8S KD", "5H"),
    );
    act(&mut s, "draw");
    let obs = s.observation(1);
    let legal = s.legal_action_vec();
    let typed = game
        .parse_human(&obs, &legal, "2S 2S AH / 7H 7S 7D")
        .unwrap();
    assert_eq!(typed.to_string(), "lay 2S 2S AH / 7H 7S 7D");
    s.apply(typed).unwrap();
    let mut t = build(
        &game,
        &setup(["3S", "2S 2S AH 7H 7S 7D 9C", "2D", "2C"], "9S 8S KD", "5H"),
    );
    act(&mut t, "draw");
    let obs = t.observation(1);
    let legal = t.legal_action_vec();
    let why = |input: &str| game.parse_human(&obs, &legal, input).unwrap_err();
    assert_eq!(
        why("2S AH AH / 7H 7S 7D").to_string(),
        "AH is not in your hand (or is used twice)"
    );
    assert_eq!(
        why("2S 9C AH / 7H 7S 7D").to_string(),
        "group 0 (2S 9C AH): 9C is out of sequence: the run needs a 3 there"
    );
    assert!(why("2S 10S").to_string().contains("\"10S\""));
}

#[test]
fn phased_returns_rank_seats_as_the_winners_rule_does() {
    // Seat 1 completes phase 5 with the highest penalty total: it wins, and its return is highest.
    let game = Phased::standard();
    let mut s = build(
        &game,
        &PhasedSetup {
            phases_done: vec![vec![], vec![1, 2, 3, 4], vec![], vec![]],
            scores: vec![10, 90, 20, 5],
            ..setup(["2S", "2S 3C 4C 5S 7C 7S 7D 7D 9H", "3D", "2C"], "9S", "5H")
        },
    );
    act(&mut s, "draw");
    act(&mut s, "lay 2S 3C 4C 5S / 7C 7S 7D 7D");
    act(&mut s, "discard 9H");
    assert!(s.is_terminal());
    assert_eq!(s.winners(), vec![1]);
    let r = s.returns();
    assert!(r[1] > r[0] && r[1] > r[2] && r[1] > r[3], "{r:?}");
    // The round's points stay the penalty totals.
    assert_eq!(s.last_round().unwrap().points[1], -(90.0 + 9.0));
}

#[test]
fn phased_skipped_turns_do_not_count_toward_the_50() {
    // Seat 2 has played 49 turns and is skipped: the hand goes on until it has played its 50th.
    let game = Phased::bonus();
    let mut s = build(
        &game,
        &PhasedSetup {
            turns: vec![50, 49, 49, 50],
            ..setup(
                ["2S 3S", "ZZ 9H", "3D 4D", "2C 4C"],
                "5C 6C 7C 9S 8S KD QD JD",
                "5H",
            )
        },
    );
    act(&mut s, "draw");
    act(&mut s, "skip 2");
    assert_eq!(s.observation(0).hands_completed, 0);
    assert_eq!(s.current_player(), Some(3));
    act(&mut s, "draw");
    act(&mut s, "discard 2C");
    act(&mut s, "draw");
    act(&mut s, "discard 2S");
    act(&mut s, "draw");
    act(&mut s, "discard 9H");
    assert_eq!(
        s.observation(0).hands_completed,
        0,
        "seat 2 has not played its 50th turn"
    );
    act(&mut s, "draw");
    act(&mut s, "discard 3D");
    assert_eq!(s.observation(0).hands_completed, 1);
}

#[test]
fn phased_bonus_a_pending_skip_ends_with_the_hand_and_a_joker_turned_up_stays() {
    let game = Phased::bonus();
    // A Skip nominated just before the hand ends is not carried into the next hand.
    let mut s = build(&game, &setup(["2S", "ZZ 9H", "3D", "2C"], "9S", "5H"));
    act(&mut s, "draw");
    act(&mut s, "skip 3");
    let o = s.observation(0);
    assert_eq!(o.hands_completed, 1);
    assert_eq!(o.skip_next, vec![false; 4]);
    // A Joker turned up as the first discard cannot be taken and skips nobody.
    let t = build(&game, &setup(["2S", "9H", "3D", "2C"], "9S 8S", "ZZ"));
    assert_eq!(t.legal_action_vec(), vec![PhasedAction::Draw]);
    assert_eq!(t.observation(0).skip_next, vec![false; 4]);
}

#[test]
fn phased_a_joker_left_in_hand_scores_25() {
    let game = Phased::bonus();
    let mut s = build(&game, &setup(["ZZ", "4C 7H", "2D", "2C"], "9S", "5H"));
    act(&mut s, "draw");
    act(&mut s, "discard 7H");
    assert_eq!(s.scores(), [25, 4 + 9, 2, 2]);
}

#[test]
fn phased_setups_out_of_range_are_rejected() {
    let game = Phased::standard();
    let base = setup(["2S", "4C", "2D", "2C"], "9S", "5H");
    for bad in [
        PhasedSetup {
            hands_completed: 12,
            ..base.clone()
        },
        PhasedSetup {
            turns: vec![51, 0, 0, 0],
            ..base.clone()
        },
        PhasedSetup {
            scores: vec![u32::MAX, 0, 0, 0],
            ..base.clone()
        },
        PhasedSetup {
            phases_done: vec![vec![2], vec![], vec![], vec![]],
            ..base.clone()
        },
    ] {
        assert!(PhasedState::from_setup(&game, &bad).is_err(), "{bad:?}");
    }
}

/// A setup that cannot be played says what is wrong and where, in its fields and its text.
#[test]
fn phased_setup_errors_name_the_seat_card_and_list() {
    let game = Phased::standard();
    let base = setup(["2S", "4C", "2D", "2C"], "9S", "5H");
    let error = |s: PhasedSetup| PhasedState::from_setup(&game, &s).unwrap_err();
    let e = error(PhasedSetup {
        scores: vec![0; 3],
        ..base.clone()
    });
    assert_eq!(
        e,
        SetupError::SeatCount {
            list: SeatList::Scores,
            len: 3
        }
    );
    assert_eq!(
        e.to_string(),
        "invalid Phased Out setup: 3 scores for 4 seats"
    );
    let e = error(PhasedSetup {
        turns: vec![0, 0, 51, 0],
        ..base.clone()
    });
    assert_eq!(e, SetupError::TooManyTurns { seat: 2, turns: 51 });
    let e = error(PhasedSetup {
        phases_done: vec![vec![], vec![1, 3], vec![], vec![]],
        ..base.clone()
    });
    assert_eq!(
        e.to_string(),
        "invalid Phased Out setup: seat 1's phases [1, 3]: standard phases are done in order"
    );
    let e = error(PhasedSetup {
        deck: cards("9S 9S 9S"),
        ..base.clone()
    });
    assert_eq!(
        e,
        SetupError::TooManyCopies {
            card: cards("9S")[0]
        }
    );
    let e = error(PhasedSetup {
        table: vec![
            vec![],
            vec![],
            vec![cards("2S 2H 2D"), cards("3S 4C")],
            vec![],
        ],
        ..base.clone()
    });
    assert!(
        matches!(
            e,
            SetupError::BadGroup {
                seat: 2,
                group: 1,
                ..
            }
        ),
        "{e:?}"
    );
    assert!(
        e.to_string()
            .starts_with("invalid Phased Out setup: seat 2's group: "),
        "{e}"
    );
    let e = error(PhasedSetup {
        deck: vec![],
        ..base.clone()
    });
    assert_eq!(e, SetupError::EmptyDeck);
}

/// An action's JSON form is its text as a string, and a string that is no action is a
/// deserialization error that names it.
#[test]
fn phased_action_json_is_its_text() {
    for text in ["draw", "lay 2S 2S AH / 7H 7S 7D", "add 5D 1 0 8", "skip 2"] {
        let a: PhasedAction = text.parse().unwrap();
        let json = serde_json::to_string(&a).unwrap();
        assert_eq!(json, format!("\"{text}\""));
        assert_eq!(serde_json::from_str::<PhasedAction>(&json).unwrap(), a);
    }
    let e = serde_json::from_value::<PhasedAction>(serde_json::json!("jump")).unwrap_err();
    assert_eq!(
        e.to_string(),
        "cannot read \"jump\" as an action: expected draw, take, lay, add, discard or skip"
    );
    assert!(serde_json::from_value::<PhasedAction>(serde_json::json!(3)).is_err());
}

/// At the terminal a bare number is the action with that number in the legal list (even where a
/// card's value would read as a number), `help` explains, and other input is read as before.
#[test]
fn phased_a_person_types_an_action_number() {
    let game = Phased::standard();
    let mut s = build(
        &game,
        &setup(["3S", "2S 2S AH 7H 7S 7D 9C", "2D", "2C"], "9S 8S KD", "5H"),
    );
    let obs = s.observation(1);
    let legal = s.legal_action_vec();
    let shown = game.format_legal(&obs, &legal);
    assert_eq!(shown, "[0] draw  [1] take");
    assert_eq!(game.parse_human(&obs, &legal, "1"), Ok(PhasedAction::Take));
    assert_eq!(
        game.parse_human(&obs, &legal, " 0 "),
        Ok(PhasedAction::Draw)
    );
    let e = game.parse_human(&obs, &legal, "2").unwrap_err().to_string();
    assert!(e.contains("there is no action [2]"), "{e}");
    for text in ["help", "?"] {
        let e = game
            .parse_human(&obs, &legal, text)
            .unwrap_err()
            .to_string();
        assert!(e.contains("number of an action"), "{e}");
        assert!(e.contains("lay 2S 2S AH / 7H 7S 7D"), "{e}");
    }
    act(&mut s, "draw");
    let obs = s.observation(1);
    let legal = s.legal_action_vec();
    let shown = game.format_legal(&obs, &legal);
    for (i, a) in legal.iter().enumerate() {
        assert!(shown.contains(&format!("[{i}] {a}")), "{shown}");
        assert_eq!(game.parse_human(&obs, &legal, &i.to_string()), Ok(*a));
    }
    // A card list is still a phase.
    let typed = game
        .parse_human(&obs, &legal, "2S 2S AH / 7H 7S 7D")
        .unwrap();
    assert_eq!(typed.to_string(), "lay 2S 2S AH / 7H 7S 7D");
}

/// The table for a person shows each seat's next phase (every phase still needed in the bonus
/// variant), the observer's spelled out, and counts cards in words.
#[test]
fn phased_the_terminal_view_shows_next_phases() {
    let base = PhasedSetup {
        phases_done: vec![vec![], vec![1, 2], vec![1, 2, 3, 4, 5], vec![1]],
        ..setup(
            ["3S", "2S 2S AH 7H 7S 7D 9C", "2D 4D", "2C"],
            "9S 8S KD",
            "5H",
        )
    };
    let s = build(&Phased::standard(), &base);
    let text = Phased::standard().describe(&s.observation(1));
    assert!(
        text.contains("seat 0: 1 card · phases done [] · next phase 1 ·"),
        "{text}"
    );
    assert!(
        text.contains("seat 1 (you): 7 cards · phases done [1, 2] · next phase 3 ·"),
        "{text}"
    );
    assert!(text.contains("seat 2: 2 cards · phases done [1, 2, 3, 4, 5] · all phases done"));
    assert!(text.contains("Your next phase: 3 (two sets of 4 cards of one value)"));
    assert!(!text.contains("1 cards"), "{text}");
    let bonus = PhasedSetup {
        phases_done: vec![vec![], vec![2, 4], vec![1, 2, 3, 5], vec![3]],
        ..base
    };
    let s = build(&Phased::bonus(), &bonus);
    let text = Phased::bonus().describe(&s.observation(1));
    assert!(
        text.contains("seat 0: 1 card · phases done [] · needs phases 1 2 3 4 5 ·"),
        "{text}"
    );
    assert!(
        text.contains("phases done [2, 4] · needs phases 1 3 5 ·"),
        "{text}"
    );
    assert!(
        text.contains("phases done [1, 2, 3, 5] · needs phase 4 ·"),
        "{text}"
    );
    assert!(
        text.contains("phases done [3] · needs phases 1 2 4 5 ·"),
        "{text}"
    );
    assert!(
        text.contains("You still need phases 1 (two sets of 3 cards of one value), 3 ("),
        "{text}"
    );
}

/// Typed actions are read in any case.
#[test]
fn phased_a_person_types_in_any_case() {
    let game = Phased::standard();
    let mut s = build(
        &game,
        &setup(["3S", "2S 2S AH 7H 7S 7D 9C", "2D", "2C"], "9S 8S KD", "5H"),
    );
    let obs = s.observation(1);
    let legal = s.legal_action_vec();
    assert_eq!(
        game.parse_human(&obs, &legal, "DRAW"),
        Ok(PhasedAction::Draw)
    );
    act(&mut s, "draw");
    let obs = s.observation(1);
    let legal = s.legal_action_vec();
    assert_eq!(
        game.parse_human(&obs, &legal, "Discard 9c")
            .map(|a| a.to_string()),
        Ok("discard 9C".to_string())
    );
    assert_eq!(
        game.parse_human(&obs, &legal, "2s 2s ah / 7h 7s 7d")
            .map(|a| a.to_string()),
        Ok("lay 2S 2S AH / 7H 7S 7D".to_string())
    );
    let e = game
        .parse_human(&obs, &legal, "junk")
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("expected draw, take, lay, add, discard or skip"),
        "{e}"
    );
}

/// Ruling: "What is public: the turned-up first discard and every card taken from the discard
/// pile are seen by every seat, including a take made before a seat's first decision of the
/// hand". A seat told of another's `take` is told the card (`Game::action_detail`, read from
/// the actor's view before it), and the hand it was made in; the detail is the same in every
/// state that seat cannot tell apart from the true one, so it tells no seat more than the rules.
#[test]
fn phased_taken_cards_are_public_including_a_take_before_a_seats_first_decision() {
    let game = Phased::standard();
    // Seat 1 leads hand 0 and takes the card turned up at the deal, before seats 2, 3 and 0
    // have made a decision.
    let s = build(&game, &setup(["2S", "9H 9C", "3D", "2C"], "9S 8S", "KH"));
    let take = "take".parse::<PhasedAction>().unwrap();
    let detail = game.action_detail(&s.observation(1), &take).unwrap();
    assert_eq!(detail, serde_json::json!({"hand": 0, "card": "KH"}));
    let draw = "draw".parse::<PhasedAction>().unwrap();
    assert_eq!(
        game.action_detail(&s.observation(1), &draw).unwrap(),
        serde_json::json!({"hand": 0}),
        "a draw from the deck names no card"
    );
    // Over whole random games: every take's detail names the discard pile's top, every
    // action's the hands completed, and resampling any other seat's view changes neither.
    let mut rng = seeded(11);
    let mut takes = 0;
    for seed in 0..4 {
        let mut s = game.new_game(seed);
        let mut scratch = Vec::new();
        while let Some(actor) = s.current_player() {
            let action = s.random_action(&mut rng, &mut scratch).unwrap();
            let view = s.observation(actor);
            let detail = game.action_detail(&view, &action).unwrap();
            assert_eq!(detail["hand"], u64::from(view.hands_completed));
            if action == take {
                takes += 1;
                assert_eq!(detail["card"], view.discard.last().unwrap().to_string());
            } else {
                assert!(detail.get("card").is_none(), "{action}: {detail}");
            }
            for viewer in (0..4).filter(|&v| v != actor) {
                let other = game.resample(&s.observation(viewer), &mut rng).unwrap();
                assert_eq!(
                    game.action_detail(&other.observation(actor), &action),
                    Some(detail.clone()),
                    "seat {viewer} would learn more than it sees"
                );
            }
            s.apply(action).unwrap();
        }
    }
    assert!(takes > 20, "{takes} takes");
}

/// Ruling: "Phase 1 and Phase 3 name two groups of the same type, so their order is free, and
/// a wild may sit in either group: any proposal of the right groups with the same cards is the
/// same lay. Phase 5's order is fixed (the run, then the set)."
#[test]
fn phased_phase_1_and_3_sets_in_either_order_with_wilds_in_either_group_are_one_lay() {
    let game = Phased::standard();
    let play = |hand: &str, done: Vec<u8>| {
        let mut st = setup(["2S", hand, "3D", "2C"], "9S 8S", "KH");
        st.phases_done = vec![vec![], done, vec![], vec![]];
        st.drawn = true;
        build(&game, &st)
    };
    let lays = |s: &PhasedState| -> Vec<String> {
        s.legal_action_vec()
            .iter()
            .map(ToString::to_string)
            .filter(|t| t.starts_with("lay "))
            .collect()
    };
    // Phase 1: listed once, the sets in ascending order; either order is accepted.
    let s = play("3H 3D 3C 4D 4D 4C KS", vec![]);
    assert_eq!(lays(&s), vec!["lay 3H 3D 3C / 4D 4D 4C"]);
    for text in ["lay 4D 4D 4C / 3H 3D 3C", "lay 3C 3D 3H / 4C 4D 4D"] {
        s.check(text.parse().unwrap())
            .unwrap_or_else(|e| panic!("{text}: {e}"));
    }
    // Phase 3: the Aces in either group, in any order within it.
    let s = play("7S 7C 7C 5H 5D AS AH AD", vec![1, 2]);
    assert_eq!(lays(&s), vec!["lay 7S 7C 7C AS / 5H 5D AH AD"]);
    for text in [
        "lay 7S 7C 7C AD / 5H 5D AS AH",
        "lay 5H AS 5D AH / AD 7C 7S 7C",
    ] {
        s.check(text.parse().unwrap())
            .unwrap_or_else(|e| panic!("{text}: {e}"));
    }
    // Phase 5: the run of one colour, then the set; the other order is not phase 5.
    let s = play("5H 6D 8H 9S 9C 9D AS AH", vec![1, 2, 3, 4]);
    assert!(s
        .check("lay 5H 6D AS 8H / 9S 9C 9D AH".parse().unwrap())
        .is_ok());
    assert!(rejected(&s, "lay 9S 9C 9D AH / 5H 6D AS 8H").contains("phase"));
}
