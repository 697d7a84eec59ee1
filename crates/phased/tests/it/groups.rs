//! Phased Out groups, phases, penalties and additions to groups on the table, one test per rule
//! sentence or example of `shared/seeds/phased-out.txt` and the "Phased Out" and "Common to all
//! games" sections of `shared/RULINGS.md`.

use parlour_cards::{parse_cards, Card, Colour, Suit};
use parlour_phased::groups::{
    group_type, is_natural, is_wild, penalty, phase_type, AddError, GroupError, GroupType,
    PhaseError, PhaseType, TableGroup, TableKind,
};

/// Cards from strict notation.
fn cards(s: &str) -> Vec<Card> {
    parse_cards(s).unwrap_or_else(|e| panic!("bad test cards {s:?}: {e}"))
}

/// One card from strict notation.
fn card(s: &str) -> Card {
    s.parse()
        .unwrap_or_else(|e| panic!("bad test card {s:?}: {e}"))
}

/// The group `s`, laid on the table (it must be a valid group).
fn laid(s: &str) -> TableGroup {
    let cs = cards(s);
    let ty = group_type(&cs).unwrap_or_else(|e| panic!("{s} is not a group: {e}"));
    TableGroup::laid(&cs, ty)
}

fn run(low: u8, high: u8, colour: Option<Colour>) -> TableKind {
    TableKind::Run { low, high, colour }
}

fn oos(c: &str, expected: u8) -> GroupError {
    GroupError::OutOfSequence {
        card: card(c),
        expected,
    }
}

/// Asserts `r` is `DoesNotFit` for `c`, with a reason mentioning `needle`.
fn assert_no_fit(r: Result<(), AddError>, c: &str, needle: &str) {
    match r {
        Err(AddError::DoesNotFit { card: got, why }) => {
            assert_eq!(got, card(c));
            assert!(why.contains(needle), "reason {why:?} lacks {needle:?}");
        }
        other => panic!("expected DoesNotFit for {c}, got {other:?}"),
    }
}

fn bad_index(index: usize, allowed: &str) -> Result<(), AddError> {
    Err(AddError::BadIndex {
        index,
        allowed: allowed.to_string(),
    })
}

// ---------------------------------------------------------------------------------------------
// Common to all games: notation.

#[test]
fn phased_card_notation_is_strict_and_names_the_bad_token() {
    let e = parse_cards("2S 10S").unwrap_err();
    assert_eq!(e.token(), "10S");
    assert_eq!(e.position(), Some(1));
    assert!(e.to_string().contains("\"10S\""));

    let e = parse_cards("as").unwrap_err();
    assert_eq!(e.token(), "as");
    assert_eq!(e.position(), Some(0));

    // `0` is Ten; `ZZ` is the Joker.
    assert_eq!(card("0S").value(), Some(10));
    assert!(card("ZZ").is_joker());
}

#[test]
fn phased_spades_and_clubs_black_hearts_and_diamonds_red() {
    assert_eq!(card("2S").colour(), Some(Colour::Black));
    assert_eq!(card("2C").colour(), Some(Colour::Black));
    assert_eq!(card("2H").colour(), Some(Colour::Red));
    assert_eq!(card("2D").colour(), Some(Colour::Red));
}

// ---------------------------------------------------------------------------------------------
// Special cards.

#[test]
fn phased_any_ace_is_wild() {
    for s in ["AS", "AH", "AD", "AC"] {
        assert!(is_wild(card(s)), "{s}");
        assert!(!is_natural(card(s)), "{s}");
    }
    for s in ["2S", "0H", "JD", "QC", "KS"] {
        assert!(!is_wild(card(s)), "{s}");
        assert!(is_natural(card(s)), "{s}");
    }
    // A Joker is a Skip card: neither wild nor natural.
    assert!(!is_wild(Card::JOKER));
    assert!(!is_natural(Card::JOKER));
}

// ---------------------------------------------------------------------------------------------
// Group types.

#[test]
fn phased_group_types_are_numbered_1_to_5() {
    assert_eq!(GroupType::ValueSet3 as u8, 1);
    assert_eq!(GroupType::SuitSet7 as u8, 2);
    assert_eq!(GroupType::ValueSet4 as u8, 3);
    assert_eq!(GroupType::Run8 as u8, 4);
    assert_eq!(GroupType::ColourRun4 as u8, 5);
}

#[test]
fn phased_set_of_3_same_value_seed_example_2s_2s_2h() {
    let g = cards("2S 2S 2H");
    assert_eq!(group_type(&g), Ok(GroupType::ValueSet3));
    assert_eq!(group_type(&g).unwrap() as u8, 1);
}

#[test]
fn phased_set_of_7_clubs_seed_example() {
    let g = cards("2C 7C 7C 8C JC QC KC");
    assert_eq!(group_type(&g), Ok(GroupType::SuitSet7));
    assert_eq!(group_type(&g).unwrap() as u8, 2);
}

#[test]
fn phased_set_of_7_one_suit_that_is_also_a_run_is_a_suit_set() {
    assert_eq!(
        group_type(&cards("2C 3C 4C 5C 6C 7C 8C")),
        Ok(GroupType::SuitSet7)
    );
}

#[test]
fn phased_set_of_4_same_value_is_type_3() {
    assert_eq!(group_type(&cards("2S 2S 2H 2D")), Ok(GroupType::ValueSet4));
    assert_eq!(group_type(&cards("7H 7S 7D 7D")), Ok(GroupType::ValueSet4));
    assert_eq!(GroupType::ValueSet4 as u8, 3);
}

#[test]
fn phased_value_sets_of_other_sizes_are_no_group_type() {
    assert_eq!(
        group_type(&cards("2S 2H")),
        Err(GroupError::ValueSetSize(2))
    );
    assert_eq!(
        group_type(&cards("7S 7H 7D 7C 7S")),
        Err(GroupError::ValueSetSize(5))
    );
}

#[test]
fn phased_suit_sets_of_other_sizes_are_no_group_type() {
    assert_eq!(
        group_type(&cards("2C 7C 9C JC KC 5C")),
        Err(GroupError::SuitSetSize(6))
    );
    assert_eq!(
        group_type(&cards("2C 7C 9C JC KC")),
        Err(GroupError::SuitSetSize(5))
    );
}

#[test]
fn phased_run_of_7_seed_example_is_a_run_but_no_group_type() {
    let g = cards("2S 3D 4C 5D 6C 7D 8H");
    assert_eq!(group_type(&g), Err(GroupError::RunSize(7)));
    assert_eq!(
        GroupError::RunSize(7).to_string(),
        "a run of 7 cards is no group type (runs have 8 cards, or 4 of one colour)"
    );
}

#[test]
fn phased_run_of_8_is_type_4() {
    let g = cards("2S 3D 4C 5D 6C 7D 8H 9S");
    assert_eq!(group_type(&g), Ok(GroupType::Run8));
    assert_eq!(
        group_type(&cards("6S 7D 8C 9D 0C JD QC KH")),
        Ok(GroupType::Run8)
    );
}

#[test]
fn phased_run_of_4_black_seed_example_is_type_5() {
    let g = cards("2S 3C 4C 5S");
    assert_eq!(group_type(&g), Ok(GroupType::ColourRun4));
    assert_eq!(group_type(&g).unwrap() as u8, 5);
}

#[test]
fn phased_run_of_4_red_is_type_5() {
    assert_eq!(group_type(&cards("0H JD QD KH")), Ok(GroupType::ColourRun4));
}

#[test]
fn phased_run_of_4_of_mixed_colours_is_rejected() {
    assert_eq!(
        group_type(&cards("2S 3H 4C 5S")),
        Err(GroupError::RunColour(card("3H")))
    );
    // The colour is set by the first natural card, even after a wild.
    assert_eq!(
        group_type(&cards("AH 3S 4S 5H")),
        Err(GroupError::RunColour(card("5H")))
    );
}

#[test]
fn phased_runs_of_other_lengths_are_no_group_type() {
    assert_eq!(
        group_type(&cards("2S 3D 4C 5D 6C")),
        Err(GroupError::RunSize(5))
    );
    assert_eq!(
        group_type(&cards("2S 3D 4C 5D 6C 7D 8H 9S 0C")),
        Err(GroupError::RunSize(9))
    );
}

#[test]
fn phased_empty_group_is_rejected() {
    assert_eq!(group_type(&[]), Err(GroupError::Empty));
}

// ---------------------------------------------------------------------------------------------
// Runs: values, order, no wrap, wilds.

#[test]
fn phased_runs_are_read_in_order_as_given() {
    assert_eq!(group_type(&cards("3S 2C 4S 5C")), Err(oos("2C", 4)));
    // Descending is out of order too.
    assert_eq!(group_type(&cards("5C 4S 3C 2S")), Err(oos("4S", 6)));
    assert_eq!(
        group_type(&cards("2S 3D 4C 5D 7C 6D 8H 9S")),
        Err(oos("7C", 6))
    );
    // The same cards in order are a run.
    assert_eq!(group_type(&cards("2C 3S 4C 5S")), Ok(GroupType::ColourRun4));
}

#[test]
fn phased_run_must_be_consecutive() {
    assert_eq!(
        group_type(&cards("2S 3D 4C 6D 7C 8D 9H 0S")),
        Err(oos("6D", 5))
    );
}

#[test]
fn phased_jack_queen_king_are_11_12_13_in_runs() {
    let g = laid("6S 7D 8C 9D 0C JD QC KH");
    assert_eq!(g.kind, run(6, 13, None));
    let g = laid("0H JD QD KH");
    assert_eq!(g.kind, run(10, 13, Some(Colour::Red)));
}

#[test]
fn phased_runs_cannot_wrap_from_king_to_2() {
    assert_eq!(group_type(&cards("QS KC 2S 3C")), Err(GroupError::PastKing));
    assert_eq!(group_type(&cards("KS 2C 3S 4C")), Err(GroupError::PastKing));
    assert_eq!(
        group_type(&cards("0S JC QS KC 2S 3C 4S 5C")),
        Err(GroupError::PastKing)
    );
}

#[test]
fn phased_wild_example_run_of_7_with_ad_as_five_is_no_group_type() {
    assert_eq!(
        group_type(&cards("2S 3D 4C AD 6C 7D 8H")),
        Err(GroupError::RunSize(7))
    );
}

#[test]
fn phased_wild_example_with_9s_appended_is_run_of_8_with_ad_as_five() {
    let cs = cards("2S 3D 4C AD 6C 7D 8H 9S");
    assert_eq!(group_type(&cs), Ok(GroupType::Run8));
    let g = TableGroup::laid(&cs, GroupType::Run8);
    assert_eq!(g.kind, run(2, 9, None));
    // AD is the fourth card of a run from 2: it stands for 5.
    assert_eq!(g.cards[3], card("AD"));
    assert_eq!(g.cards, cs);
}

#[test]
fn phased_wild_cannot_stand_for_1() {
    assert_eq!(
        group_type(&cards("AS 2C 3D 4H 5S 6C 7D 8H")),
        Err(GroupError::WildOutOfRange(1))
    );
    assert_eq!(
        group_type(&cards("AS 2C 3C 4S")),
        Err(GroupError::WildOutOfRange(1))
    );
}

#[test]
fn phased_wild_cannot_stand_for_14() {
    assert_eq!(
        group_type(&cards("7S 8C 9S 0C JS QC KS AS")),
        Err(GroupError::PastKing)
    );
    assert_eq!(group_type(&cards("JS QC KS AC")), Err(GroupError::PastKing));
}

#[test]
fn phased_wild_can_stand_for_2_and_for_king() {
    assert_eq!(group_type(&cards("AS 3C 4C 5S")), Ok(GroupType::ColourRun4));
    assert_eq!(laid("AS 3C 4C 5S").kind, run(2, 5, Some(Colour::Black)));
    assert_eq!(
        group_type(&cards("6S 7D 8C 9D 0C JD QC AH")),
        Ok(GroupType::Run8)
    );
    assert_eq!(laid("6S 7D 8C 9D 0C JD QC AH").kind, run(6, 13, None));
}

#[test]
fn phased_wild_takes_the_colour_of_a_colour_run() {
    // The wilds AH/AD are red cards, but in a black run they stand for black cards.
    assert_eq!(group_type(&cards("2S AH AD 5S")), Ok(GroupType::ColourRun4));
    assert_eq!(laid("2S AH AD 5S").kind, run(2, 5, Some(Colour::Black)));
}

// ---------------------------------------------------------------------------------------------
// At least two natural cards.

#[test]
fn phased_2c_2s_ac_is_a_valid_set_of_three() {
    assert_eq!(group_type(&cards("2C 2S AC")), Ok(GroupType::ValueSet3));
    assert_eq!(laid("2C 2S AC").kind, TableKind::ValueSet { value: 2 });
}

#[test]
fn phased_2c_as_ac_is_invalid_one_natural_card() {
    assert_eq!(
        group_type(&cards("2C AS AC")),
        Err(GroupError::FewNaturals(1))
    );
    assert_eq!(
        group_type(&cards("AS AC AH")),
        Err(GroupError::FewNaturals(0))
    );
    assert_eq!(
        group_type(&cards("2S AS AS AS")),
        Err(GroupError::FewNaturals(1))
    );
}

#[test]
fn phased_two_natural_cards_are_enough_for_any_group() {
    assert_eq!(
        group_type(&cards("2S AS AH AD AC AS AH 9S")),
        Ok(GroupType::Run8)
    );
    assert_eq!(group_type(&cards("7H AS AC 7D")), Ok(GroupType::ValueSet4));
    assert_eq!(
        group_type(&cards("AH 2C AS AD 9C AC AH")),
        Ok(GroupType::SuitSet7)
    );
}

// ---------------------------------------------------------------------------------------------
// Jokers (bonus variant).

#[test]
fn phased_jokers_belong_to_no_group() {
    assert_eq!(group_type(&cards("2S 2S ZZ")), Err(GroupError::Joker));
    assert_eq!(group_type(&cards("ZZ ZZ ZZ")), Err(GroupError::Joker));
    assert_eq!(
        phase_type(&[cards("2S 2S ZZ"), cards("7H 7S 7D")]),
        Err(PhaseError::Group {
            index: 0,
            cards: "2S 2S ZZ".to_string(),
            error: GroupError::Joker,
        })
    );
    let g = laid("2S 2S 2H");
    assert_eq!(g.check_add(Card::JOKER, 0), Err(AddError::Joker));
}

// ---------------------------------------------------------------------------------------------
// Phases.

#[test]
fn phased_phase_1_seed_example_two_sets_of_three() {
    assert_eq!(
        phase_type(&[cards("2S 2S 2H"), cards("7H 7S 7D")]),
        Ok(PhaseType(1))
    );
}

#[test]
fn phased_phase_2_seed_example_set_of_seven_clubs() {
    assert_eq!(
        phase_type(&[cards("2C 7C 7C 8C JC QC KC")]),
        Ok(PhaseType(2))
    );
}

#[test]
fn phased_phase_3_seed_example_two_sets_of_four() {
    assert_eq!(
        phase_type(&[cards("2S 2S 2H 2D"), cards("7H 7S 7D 7D")]),
        Ok(PhaseType(3))
    );
}

#[test]
fn phased_phase_4_seed_example_run_of_eight() {
    assert_eq!(
        phase_type(&[cards("2S 3D 4C 5D 6C 7D 8H 9S")]),
        Ok(PhaseType(4))
    );
}

#[test]
fn phased_phase_5_seed_example_colour_run_of_four_then_set_of_four() {
    assert_eq!(
        phase_type(&[cards("2S 3C 4C 5S"), cards("7C 7S 7D 7D")]),
        Ok(PhaseType(5))
    );
}

#[test]
fn phased_phase_5_set_before_run_is_rejected() {
    assert_eq!(
        phase_type(&[cards("7C 7S 7D 7D"), cards("2S 3C 4C 5S")]),
        Err(PhaseError::Phase5Order)
    );
}

#[test]
fn phased_phase_groups_in_order() {
    use GroupType::*;
    assert_eq!(PhaseType(1).groups(), &[ValueSet3, ValueSet3]);
    assert_eq!(PhaseType(2).groups(), &[SuitSet7]);
    assert_eq!(PhaseType(3).groups(), &[ValueSet4, ValueSet4]);
    assert_eq!(PhaseType(4).groups(), &[Run8]);
    assert_eq!(PhaseType(5).groups(), &[ColourRun4, ValueSet4]);
    assert_eq!(
        PhaseType::ALL,
        [
            PhaseType(1),
            PhaseType(2),
            PhaseType(3),
            PhaseType(4),
            PhaseType(5)
        ]
    );
    assert_eq!(PhaseType(3).to_string(), "phase 3");
}

#[test]
fn phased_valid_groups_that_make_no_phase() {
    assert_eq!(
        phase_type(&[cards("2S 2S 2H")]),
        Err(PhaseError::NoPhase("[2S 2S 2H]".to_string()))
    );
    assert_eq!(
        phase_type(&[cards("2S 2S 2H"), cards("7H 7S 7D 7D")]),
        Err(PhaseError::NoPhase("[2S 2S 2H] [7H 7S 7D 7D]".to_string()))
    );
    assert_eq!(
        phase_type(&[cards("2S 2S 2H"), cards("7H 7S 7D"), cards("9H 9S 9D")]),
        Err(PhaseError::NoPhase(
            "[2S 2S 2H] [7H 7S 7D] [9H 9S 9D]".to_string()
        ))
    );
    assert_eq!(phase_type(&[]), Err(PhaseError::NoPhase(String::new())));
    // A colour run of 4 with a set of 3 is not phase 5.
    assert_eq!(
        phase_type(&[cards("2S 3C 4C 5S"), cards("7C 7S 7D")]),
        Err(PhaseError::NoPhase("[2S 3C 4C 5S] [7C 7S 7D]".to_string()))
    );
}

#[test]
fn phased_phase_with_an_invalid_group_names_it() {
    assert_eq!(
        phase_type(&[cards("2S 2S 2H"), cards("7H AS AC")]),
        Err(PhaseError::Group {
            index: 1,
            cards: "7H AS AC".to_string(),
            error: GroupError::FewNaturals(1),
        })
    );
    assert_eq!(
        phase_type(&[cards("2S 3D 4C 5D 6C 7D 8H")]),
        Err(PhaseError::Group {
            index: 0,
            cards: "2S 3D 4C 5D 6C 7D 8H".to_string(),
            error: GroupError::RunSize(7),
        })
    );
}

#[test]
fn phased_bonus_phase_type_is_determined_by_composition() {
    // Two sets of four are phase 3, never phase 1.
    assert_eq!(
        phase_type(&[cards("2S 2S 2H 2D"), cards("7H 7S 7D 7D")]),
        Ok(PhaseType(3))
    );
    // To play them as phase 1: two sets of three, then the other two cards one by one.
    let set_a = cards("2S 2S 2H");
    let set_b = cards("7H 7S 7D");
    assert_eq!(
        phase_type(&[set_a.clone(), set_b.clone()]),
        Ok(PhaseType(1))
    );
    let mut a = TableGroup::laid(&set_a, GroupType::ValueSet3);
    let mut b = TableGroup::laid(&set_b, GroupType::ValueSet3);
    assert_eq!(a.check_add(card("2D"), 3), Ok(()));
    a.add(card("2D"), 3);
    assert_eq!(b.check_add(card("7D"), 3), Ok(()));
    b.add(card("7D"), 3);
    assert_eq!(a.cards, cards("2S 2S 2H 2D"));
    assert_eq!(b.cards, cards("7H 7S 7D 7D"));
}

// ---------------------------------------------------------------------------------------------
// Scoring a hand.

#[test]
fn phased_penalty_two_to_ten_is_face_value() {
    for (s, v) in [
        ("2S", 2),
        ("3H", 3),
        ("4D", 4),
        ("5C", 5),
        ("6S", 6),
        ("7H", 7),
        ("8D", 8),
        ("9C", 9),
        ("0S", 10),
    ] {
        assert_eq!(penalty(card(s)), v, "{s}");
    }
}

#[test]
fn phased_penalty_jack_queen_king_are_11_12_13() {
    assert_eq!(penalty(card("JS")), 11);
    assert_eq!(penalty(card("QH")), 12);
    assert_eq!(penalty(card("KD")), 13);
}

#[test]
fn phased_penalty_ace_is_25() {
    for s in ["AS", "AH", "AD", "AC"] {
        assert_eq!(penalty(card(s)), 25, "{s}");
    }
}

#[test]
fn phased_penalty_seed_example_3d_jc_as_is_39() {
    let total: u32 = cards("3D JC AS").into_iter().map(penalty).sum();
    assert_eq!(total, 39);
}

#[test]
fn phased_penalty_joker_is_25() {
    assert_eq!(penalty(Card::JOKER), 25);
}

// ---------------------------------------------------------------------------------------------
// Laid groups: what they accept.

#[test]
fn phased_laid_kinds_for_each_group_type() {
    assert_eq!(laid("2S 2S 2H").kind, TableKind::ValueSet { value: 2 });
    assert_eq!(laid("AS 7H 7S").kind, TableKind::ValueSet { value: 7 });
    assert_eq!(laid("7H 7S 7D 7D").kind, TableKind::ValueSet { value: 7 });
    assert_eq!(
        laid("2C 7C 7C 8C JC QC KC").kind,
        TableKind::SuitSet { suit: Suit::Clubs }
    );
    assert_eq!(
        laid("AH 2C 7C 7C 8C JC QC").kind,
        TableKind::SuitSet { suit: Suit::Clubs }
    );
    assert_eq!(laid("2S 3D 4C 5D 6C 7D 8H 9S").kind, run(2, 9, None));
    assert_eq!(laid("AS AC 4C 5D 6C 7D 8H 9S").kind, run(2, 9, None));
    assert_eq!(laid("2S 3C 4C 5S").kind, run(2, 5, Some(Colour::Black)));
    assert_eq!(laid("AH 3H 4D 5H").kind, run(2, 5, Some(Colour::Red)));
    // The cards are kept as laid, in order.
    assert_eq!(laid("AH 3H 4D 5H").cards, cards("AH 3H 4D 5H"));
}

// ---------------------------------------------------------------------------------------------
// Playing cards on sets.

#[test]
fn phased_add_2c_on_set_of_2s_seed_example() {
    let g = laid("2S 2S 2H");
    for i in 0..=3 {
        assert_eq!(g.check_add(card("2C"), i), Ok(()), "index {i}");
    }
    assert_eq!(
        g.check_add(card("2C"), 4),
        bad_index(4, "0 to 3 for this set")
    );
    let mut g2 = g.clone();
    g2.add(card("2C"), 1);
    assert_eq!(g2.cards, cards("2S 2C 2S 2H"));
    assert_eq!(g2.kind, TableKind::ValueSet { value: 2 });
}

#[test]
fn phased_add_other_value_to_value_set_is_rejected() {
    let g = laid("2S 2S 2H");
    assert_no_fit(g.check_add(card("3C"), 3), "3C", "2");
}

#[test]
fn phased_add_9d_continues_run_seed_example() {
    // The seed's run [2S 3D 4C 5D 6C 7D 8H] cannot be laid as a group (a run of 7 is no group
    // type), but a red run of 4 grows to the same span on the table, and then 9D continues it.
    let mut g = laid("2H 3D 4H 5D");
    for s in ["6H", "7D", "8H"] {
        let len = g.cards.len();
        assert_eq!(g.check_add(card(s), len), Ok(()), "{s}");
        g.add(card(s), len);
    }
    assert_eq!(g.kind, run(2, 8, Some(Colour::Red)));
    assert_eq!(g.check_add(card("9D"), 7), Ok(()));
    g.add(card("9D"), 7);
    assert_eq!(g.cards, cards("2H 3D 4H 5D 6H 7D 8H 9D"));
    assert_eq!(g.kind, run(2, 9, Some(Colour::Red)));

    // The seed's run itself, as a table group spanning 2..8 of any colour, takes 9D on top.
    let seed = TableGroup {
        kind: run(2, 8, None),
        cards: cards("2S 3D 4C 5D 6C 7D 8H"),
    };
    assert_eq!(seed.check_add(card("9D"), 7), Ok(()));
}

#[test]
fn phased_add_to_run_of_8_on_top_needs_the_next_value() {
    let g = laid("2S 3D 4C 5D 6C 7D 8H 9S");
    // 9D does not continue a run that already ends at 9.
    assert_no_fit(g.check_add(card("9D"), 8), "9D", "10");
    assert_eq!(g.check_add(card("0D"), 8), Ok(()));
}

#[test]
fn phased_run_extends_at_either_end_and_nowhere_else() {
    let mut g = laid("3S 4D 5C 6D 7C 8D 9H 0S");
    assert_eq!(g.kind, run(3, 10, None));
    assert_eq!(g.check_add(card("2C"), 0), Ok(()));
    assert_eq!(g.check_add(card("JC"), 8), Ok(()));
    for i in 1..=7 {
        assert_eq!(
            g.check_add(card("2C"), i),
            bad_index(i, "0 (below) or 8 (above) for this run"),
            "index {i}"
        );
    }
    assert_eq!(
        g.check_add(card("JC"), 9),
        bad_index(9, "0 (below) or 8 (above) for this run")
    );
    // The wrong value at an end does not fit.
    assert_no_fit(g.check_add(card("JC"), 0), "JC", "2");
    assert_no_fit(g.check_add(card("2C"), 8), "2C", "11");

    g.add(card("2C"), 0);
    assert_eq!(g.kind, run(2, 10, None));
    assert_eq!(g.cards[0], card("2C"));
    g.add(card("JC"), 9);
    assert_eq!(g.kind, run(2, 11, None));
    assert_eq!(g.cards, cards("2C 3S 4D 5C 6D 7C 8D 9H 0S JC"));
}

#[test]
fn phased_run_cannot_extend_below_2() {
    let g = laid("2S 3D 4C 5D 6C 7D 8H 9S");
    // Nothing, not even a wild, goes below 2.
    assert_no_fit(g.check_add(card("AS"), 0), "AS", "1");
    assert_no_fit(g.check_add(card("KS"), 0), "KS", "1");
}

#[test]
fn phased_run_cannot_extend_past_king() {
    let g = laid("6S 7D 8C 9D 0C JD QC KH");
    assert_no_fit(g.check_add(card("AS"), 8), "AS", "14");
    assert_no_fit(g.check_add(card("2S"), 8), "2S", "14");
    assert_eq!(g.check_add(card("5S"), 0), Ok(()));
}

#[test]
fn phased_add_4c_on_clubs_set_seed_example() {
    let g = laid("2C 7C 7C 8C JC QC KC");
    for i in 0..=7 {
        assert_eq!(g.check_add(card("4C"), i), Ok(()), "index {i}");
    }
    assert_eq!(
        g.check_add(card("4C"), 8),
        bad_index(8, "0 to 7 for this set")
    );
    assert_no_fit(g.check_add(card("4H"), 7), "4H", "C");
    let mut g2 = g.clone();
    g2.add(card("4C"), 7);
    assert_eq!(g2.cards, cards("2C 7C 7C 8C JC QC KC 4C"));
    assert_eq!(g2.kind, TableKind::SuitSet { suit: Suit::Clubs });
}

#[test]
fn phased_add_6s_on_black_run_seed_example_keeps_colour() {
    let mut g = laid("2S 3C 4C 5S");
    assert_eq!(g.check_add(card("6S"), 4), Ok(()));
    assert_eq!(g.check_add(card("6C"), 4), Ok(()));
    assert_no_fit(g.check_add(card("6H"), 4), "6H", "black");
    assert_no_fit(g.check_add(card("6D"), 4), "6D", "black");
    g.add(card("6S"), 4);
    assert_eq!(g.cards, cards("2S 3C 4C 5S 6S"));
    assert_eq!(g.kind, run(2, 6, Some(Colour::Black)));
}

#[test]
fn phased_colour_run_extends_below_in_its_colour() {
    let g = laid("3S 4C 5C 6S");
    assert_eq!(g.check_add(card("2C"), 0), Ok(()));
    assert_no_fit(g.check_add(card("2D"), 0), "2D", "black");
}

#[test]
fn phased_wild_value_is_fixed_once_played() {
    let mut g = laid("2S 3D 4C AD 6C 7D 8H 9S");
    let before = g.clone();
    // 5D cannot go anywhere: AD stays a 5, and the run needs a 1 below or a 10 above.
    assert_no_fit(g.check_add(card("5D"), 0), "5D", "1");
    assert_no_fit(g.check_add(card("5D"), 8), "5D", "10");
    for i in 1..=7 {
        assert_eq!(
            g.check_add(card("5D"), i),
            bad_index(i, "0 (below) or 8 (above) for this run"),
            "index {i}"
        );
    }
    assert_eq!(g, before);
    assert_eq!(g.kind, run(2, 9, None));

    assert_eq!(g.check_add(card("0S"), 8), Ok(()));
    g.add(card("0S"), 8);
    assert_eq!(g.kind, run(2, 10, None));
    assert_eq!(g.cards, cards("2S 3D 4C AD 6C 7D 8H 9S 0S"));
}

#[test]
fn phased_wild_can_be_added_to_any_group() {
    let value_set = laid("2S 2S 2H");
    for i in 0..=3 {
        assert_eq!(value_set.check_add(card("AS"), i), Ok(()), "index {i}");
    }
    let suit_set = laid("2C 7C 7C 8C JC QC KC");
    assert_eq!(suit_set.check_add(card("AH"), 0), Ok(()));
    assert_eq!(suit_set.check_add(card("AH"), 7), Ok(()));
    let run8 = laid("3S 4D 5C 6D 7C 8D 9H 0S");
    assert_eq!(run8.check_add(card("AD"), 0), Ok(()));
    assert_eq!(run8.check_add(card("AD"), 8), Ok(()));
    let colour_run = laid("3S 4C 5C 6S");
    // A red Ace stands for a black card.
    assert_eq!(colour_run.check_add(card("AH"), 0), Ok(()));
    assert_eq!(colour_run.check_add(card("AD"), 4), Ok(()));

    // Once added at the top of a run, the wild stands for the next value.
    let mut r = run8.clone();
    r.add(card("AD"), 8);
    assert_eq!(r.kind, run(3, 11, None));
    assert_eq!(r.check_add(card("QS"), 9), Ok(()));
    assert_no_fit(r.check_add(card("JS"), 9), "JS", "12");
}

#[test]
fn phased_value_set_grows_beyond_four_after_laid() {
    let mut g = laid("7H 7S 7D 7D");
    for s in ["7C", "7S", "AD", "7C"] {
        let len = g.cards.len();
        assert_eq!(g.check_add(card(s), len), Ok(()), "{s}");
        g.add(card(s), len);
    }
    assert_eq!(g.cards, cards("7H 7S 7D 7D 7C 7S AD 7C"));
    assert_eq!(g.kind, TableKind::ValueSet { value: 7 });
    // Eight cards of one value are no group type to lay, but the laid set keeps taking them.
    assert_eq!(group_type(&g.cards), Err(GroupError::ValueSetSize(8)));
    assert_eq!(g.check_add(card("7H"), 0), Ok(()));
}

#[test]
fn phased_suit_set_grows_beyond_seven_after_laid() {
    let mut g = laid("2C 7C 7C 8C JC QC KC");
    g.add(card("4C"), 0);
    g.add(card("AS"), 8);
    assert_eq!(g.cards, cards("4C 2C 7C 7C 8C JC QC KC AS"));
    assert_eq!(g.check_add(card("9C"), 9), Ok(()));
    assert_no_fit(g.check_add(card("9S"), 9), "9S", "C");
}
