//! The scoring rules of Comp10001-Go: every example in the seed, named after it, and the optimiser
//! checked against brute force over all partitions.

use parlour_cards::{parse_cards, standard_deck, Card, Colour};
use parlour_go::scoring::{
    best_partition, best_score, score_group, score_partition, GroupError, GroupKind, PartitionError,
};
use proptest::prelude::*;

fn cards(s: &str) -> Vec<Card> {
    parse_cards(s).unwrap()
}

fn score(s: &str) -> Result<i32, GroupError> {
    score_group(&cards(s)).map(|g| g.score)
}

/// Every partition of `cards` into groups (Bell-number many), scored where valid; the maximum.
fn brute_force(cards: &[Card]) -> i32 {
    fn go(rest: &[Card], groups: &mut Vec<Vec<Card>>, best: &mut i32, all: &[Card]) {
        match rest.split_first() {
            None => {
                if let Ok(p) = score_partition(all, groups) {
                    *best = (*best).max(p.score);
                }
            }
            Some((&c, tail)) => {
                for i in 0..groups.len() {
                    groups[i].push(c);
                    go(tail, groups, best, all);
                    groups[i].pop();
                }
                groups.push(vec![c]);
                go(tail, groups, best, all);
                groups.pop();
            }
        }
    }
    let mut best = i32::MIN;
    go(cards, &mut Vec::new(), &mut best, cards);
    best
}

// --- N-of-a-kind -------------------------------------------------------------------------------

#[test]
fn go_three_of_a_kind_fours_scores_24() {
    assert_eq!(score("4S 4H 4D"), Ok(24));
    assert_eq!(
        score_group(&cards("4S 4H 4D")).unwrap().kind,
        GroupKind::NOfAKind { value: 4, n: 3 }
    );
}

#[test]
fn go_pair_of_jacks_scores_22() {
    assert_eq!(score("JS JH"), Ok(22));
}

#[test]
fn go_four_of_a_kind_scores_value_times_24() {
    assert_eq!(score("KS KH KD KC"), Ok(13 * 24));
}

#[test]
fn go_aces_cannot_form_an_n_of_a_kind() {
    assert_eq!(score("AS AH"), Err(GroupError::AceNOfAKind));
    assert_eq!(score("AS AH AD"), Err(GroupError::AceNOfAKind));
}

// --- Runs --------------------------------------------------------------------------------------

#[test]
fn go_run_of_three_2s_3d_4c() {
    assert_eq!(score("2S 3D 4C"), Ok(9));
}

#[test]
fn go_run_of_four_0c_jd_qs_kh() {
    assert_eq!(score("0C JD QS KH"), Ok(10 + 11 + 12 + 13));
}

#[test]
fn go_run_in_any_order_is_laid_in_value_order() {
    assert_eq!(score("4C 2S 3D"), Ok(9));
}

#[test]
fn go_runs_cannot_wrap_from_king_to_two() {
    assert!(score("KD 2S 3D").is_err());
}

#[test]
fn go_ace_fills_a_gap_2s_ad_4c() {
    assert_eq!(score("2S AD 4C"), Ok(9));
}

#[test]
fn go_aces_fill_gaps_0c_ah_ac_kh() {
    assert_eq!(score("0C AH AC KH"), Ok(10 + 11 + 12 + 13));
    assert_eq!(score("0C AD AC KH"), Ok(10 + 11 + 12 + 13));
}

#[test]
fn go_run_needs_two_non_aces_2s_ad_ac() {
    assert_eq!(score("2S AD AC"), Err(GroupError::TooFewNonAces(1)));
}

#[test]
fn go_ace_colour_must_match_the_alternation_0c_ad_ah_ks() {
    // 0C is black, so the gap at J needs red (AD fits) and Q needs black: AH does not match.
    assert_eq!(
        score("0C AD AH KS"),
        Err(GroupError::AceColour {
            value: 12,
            expected: Colour::Black
        })
    );
}

#[test]
fn go_ace_cannot_end_a_run_2s_3h_ac() {
    assert_eq!(
        score("2S 3H AC"),
        Err(GroupError::AceOutsideGap { gaps: 0, aces: 1 })
    );
}

#[test]
fn go_aces_only_fill_gaps_and_only_one_gap_ac_jd_ah_ks() {
    assert_eq!(
        score("AC JD AH KS"),
        Err(GroupError::AceOutsideGap { gaps: 1, aces: 2 })
    );
}

#[test]
fn go_run_colours_must_alternate() {
    assert_eq!(
        score("2S 3S 4D"),
        Err(GroupError::ColoursNotAlternating {
            card: cards("3S")[0],
            expected: Colour::Red
        })
    );
}

#[test]
fn go_run_values_must_be_distinct() {
    assert_eq!(score("2S 3D 3H 4C"), Err(GroupError::DuplicateValue(3)));
}

#[test]
fn go_run_gaps_must_be_filled() {
    assert_eq!(
        score("2S 5D 6C"),
        Err(GroupError::GapsNotFilled {
            low: 2,
            high: 6,
            gaps: 2,
            aces: 0
        })
    );
}

#[test]
fn go_two_cards_of_different_values_are_no_group() {
    assert_eq!(score("2S 3D"), Err(GroupError::TooShortForRun));
}

#[test]
fn go_ace_stands_for_three_to_queen_only_inside_a_run() {
    // 2 _ 4: the Ace is a 3; J _ K: the Ace is a Queen. Both score the value covered.
    assert_eq!(score("2S AD 4C"), Ok(2 + 3 + 4));
    assert_eq!(score("JD AC KH"), Ok(11 + 12 + 13));
}

// --- Orphans (singletons) ----------------------------------------------------------------------

#[test]
fn go_orphans_9s_ad_score_minus_29() {
    let p = score_partition(&cards("9S AD"), &[cards("9S"), cards("AD")]).unwrap();
    assert_eq!(p.score, -9 - 20);
}

#[test]
fn go_orphans_2c_3s_9h_js_score_minus_25() {
    let c = cards("2C 3S 9H JS");
    let groups: Vec<Vec<Card>> = c.iter().map(|&x| vec![x]).collect();
    assert_eq!(score_partition(&c, &groups).unwrap().score, -25);
}

// --- Partitions --------------------------------------------------------------------------------

#[test]
fn go_seed_grouping_scores_56() {
    let all = cards("AH AS 7C 7S QS 9H 7H 4C AC JH");
    let groups = vec![
        cards("7C 7S"),
        cards("4C"),
        cards("AH AS QS 9H 7H AC"),
        cards("JH"),
    ];
    let p = score_partition(&all, &groups).unwrap();
    assert_eq!(p.score, 56);
    assert_eq!(p.groups[2].1.kind, GroupKind::Run { low: 7, high: 12 });
}

#[test]
fn go_best_partition_of_the_seed_hand_matches_brute_force() {
    let all = cards("AH AS 7C 7S QS 9H 7H 4C AC JH");
    let best = best_partition(&all).unwrap();
    assert_eq!(best.score, brute_force(&all));
    assert!(
        best.score > 56,
        "the optimum beats the seed's example grouping"
    );
    // The partition it returns is itself valid and scores what it says.
    let groups: Vec<Vec<Card>> = best.groups.iter().map(|(g, _)| g.clone()).collect();
    assert_eq!(score_partition(&all, &groups).unwrap().score, best.score);
}

#[test]
fn go_partition_errors_say_what_is_wrong() {
    let all = cards("2S 3D 4C 9H");
    assert_eq!(
        score_partition(&all, &[cards("2S 3D 4C")]),
        Err(PartitionError::Missing(cards("9H")[0]))
    );
    assert_eq!(
        score_partition(&all, &[cards("2S 3D 4C 9H"), cards("9H")]).unwrap_err().to_string(),
        "group 0 (2S 3D 4C 9H): the values 2 to 9 leave 4 gap(s) but there are only 0 Ace(s) to fill them"
    );
    assert_eq!(
        score_partition(&all, &[cards("2S 3D 4C"), cards("KH")]),
        Err(PartitionError::NotInHand(cards("KH")[0]))
    );
    assert_eq!(
        best_partition(&cards("2S 2S")),
        Err(PartitionError::Cards(GroupError::DuplicateCard(
            cards("2S")[0]
        )))
    );
    assert_eq!(
        best_partition(&cards("2S ZZ")),
        Err(PartitionError::Cards(GroupError::Joker(cards("ZZ")[0])))
    );
    let many = &standard_deck()[..21];
    assert_eq!(
        best_score(many),
        Err(PartitionError::TooManyCards { count: 21, max: 20 })
    );
    assert_eq!(
        best_score(many).unwrap_err().to_string(),
        "21 cards; at most 20 can be scored"
    );
    assert_eq!(
        score_partition(&cards("2S 2S"), &[])
            .unwrap_err()
            .to_string(),
        "2S appears more than once"
    );
}

#[test]
fn go_empty_and_single_sets() {
    assert_eq!(best_score(&[]).unwrap(), 0);
    assert_eq!(best_score(&cards("AS")).unwrap(), -20);
    assert_eq!(best_score(&cards("KS")).unwrap(), -13);
}

fn card_set(max: usize) -> impl Strategy<Value = Vec<Card>> {
    proptest::sample::subsequence(standard_deck(), 0..=max).prop_shuffle()
}

/// Sets rich in near-runs and pairs: cards from a narrow value band, plus Aces.
fn dense_set(max: usize) -> impl Strategy<Value = Vec<Card>> {
    let band: Vec<Card> = standard_deck()
        .into_iter()
        .filter(|c| matches!(c.value(), Some(1) | Some(5..=9)))
        .collect();
    proptest::sample::subsequence(band, 0..=max).prop_shuffle()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn optimiser_equals_brute_force_on_random_sets(set in card_set(8)) {
        prop_assert_eq!(best_score(&set).unwrap(), brute_force(&set));
    }

    #[test]
    fn optimiser_equals_brute_force_on_dense_sets(set in dense_set(9)) {
        prop_assert_eq!(best_score(&set).unwrap(), brute_force(&set));
    }

    #[test]
    fn best_partition_is_a_valid_partition_scoring_its_total(set in card_set(10)) {
        let best = best_partition(&set).unwrap();
        let groups: Vec<Vec<Card>> = best.groups.iter().map(|(g, _)| g.clone()).collect();
        prop_assert_eq!(score_partition(&set, &groups).unwrap().score, best.score);
    }
}
