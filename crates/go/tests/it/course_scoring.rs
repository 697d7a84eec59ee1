//! The course's scoring (`-o scoring=proposed`): after the tenth turn each seat groups its
//! discards, as the course's `comp10001go_group` did, and scores its own grouping.

use parlour_cards::{parse_cards, Card};
use parlour_core::{Game, State};
use parlour_go::scoring::{
    best_grouping, best_score, check_grouping, course_equivalent, grouping_score, valid_groupings,
};
use parlour_go::{Go, GoAction, GoOptions, GoSetup, GoState, Grouping, Scoring, PLAYERS, TURNS};

fn cards(s: &str) -> Vec<Card> {
    parse_cards(s).unwrap()
}

fn mask(cs: &[Card]) -> u64 {
    cs.iter().fold(0, |m, c| m | 1 << c.index())
}

fn proposed() -> Go {
    Go::new(GoOptions {
        scoring: Scoring::Proposed,
    })
    .unwrap()
}

/// The seed's example discards, for seat 0; the other seats hold plain sets.
fn at_the_end() -> GoState {
    GoState::from_setup(&GoSetup {
        hands: vec![vec![]; 4],
        discards: vec![
            cards("AH AS 7C 7S QS 9H 7H 4C AC JH"),
            cards("2S 3S 4S 5S 6S 7D 8S 9S 0S JS"),
            cards("2H 3H 4H 5H 6H 8H 0H QH KH KS"),
            cards("2D 3D 4D 5D 6D 8D 9D 0D JD QD"),
        ],
        scoring: Scoring::Proposed,
    })
    .unwrap()
}

#[test]
fn the_option_reads_and_the_default_stays_the_best_partition() {
    let options: GoOptions = serde_json::from_str(r#"{"scoring":"proposed"}"#).unwrap();
    let game = Go::new(options).unwrap();
    assert_eq!(game.options().scoring, Scoring::Proposed);
    assert_eq!(Go::standard().options().scoring, Scoring::Best);
    // The standard game's options still write as they always did.
    assert_eq!(
        serde_json::to_string(Go::standard().options()).unwrap(),
        "{}"
    );
    let e = serde_json::from_str::<GoOptions>(r#"{"scoring":"mine"}"#).unwrap_err();
    assert!(
        e.to_string().contains("scoring") || e.to_string().contains("mine"),
        "{e}"
    );
    assert_eq!(proposed().max_decisions(), Some(44));
}

#[test]
fn after_ten_turns_each_seat_groups_in_turn_and_scores_its_grouping() {
    let mut state = at_the_end();
    for seat in 0..PLAYERS {
        assert_eq!(state.current_player(), Some(seat));
        assert!(state.is_grouping() && !state.is_terminal());
        let legal = state.legal_action_vec();
        assert!(legal.iter().all(|a| matches!(a, GoAction::Group(_))));
        // A pick is not a grouping.
        let pick = GoAction::Pick(state.discards(seat)[0]);
        assert!(state.check(pick).is_err());
        // Seat 0 proposes the seed's 56-point grouping; the others group all singletons.
        let g = if seat == 0 {
            "group 7C 7S / 4C / AH AS QS 9H 7H AC / JH".parse().unwrap()
        } else {
            GoAction::Group(Grouping::singletons(mask(&state.discards(seat))))
        };
        state.apply(g).unwrap();
    }
    assert!(state.is_terminal());
    let scores = state.scores();
    assert_eq!(scores[0], 56);
    for (seat, &score) in scores.iter().enumerate().skip(1) {
        let all_singletons: i32 = state
            .discards(seat)
            .iter()
            .map(|&c| parlour_go::scoring::singleton_score(c))
            .sum();
        assert_eq!(score, all_singletons);
    }
    assert_eq!(state.winners(), vec![0]);
    // The groupings are in every seat's view once made, and the scores at the end.
    let obs = state.observation(2);
    assert_eq!(obs.groupings.as_ref().unwrap().len(), 4);
    assert_eq!(obs.scores.as_deref(), Some(&scores[..]));
}

#[test]
fn an_invalid_grouping_is_not_legal_and_says_why() {
    let state = at_the_end();
    for (text, why) in [
        ("group 7C 7S 4C / AH AS QS 9H 7H AC / JH", "group"),
        ("group 7C 7S / AH AS QS 9H 7H AC / JH", "4C is in no group"),
        ("group 7C 7S / 4C / AH AS QS 9H 7H AC / JH KD", "KD"),
    ] {
        let a: GoAction = text.parse().unwrap();
        assert!(!state.legal_action_vec().contains(&a));
        let e = state.check(a).unwrap_err().to_string();
        assert!(e.contains(why), "{text}: {e}");
    }
}

#[test]
fn the_legal_groupings_are_every_valid_grouping_best_first() {
    let d = cards("AH AS 7C 7S QS 9H 7H 4C AC JH");
    let all = valid_groupings(mask(&d));
    // Each is valid, covers the discards, and appears once.
    for g in &all {
        assert_eq!(check_grouping(g, mask(&d)).unwrap(), grouping_score(g));
    }
    let distinct: std::collections::HashSet<_> = all.iter().collect();
    assert_eq!(distinct.len(), all.len());
    assert_eq!(grouping_score(&all[0]), best_score(&d).unwrap());
    assert_eq!(
        grouping_score(&best_grouping(mask(&d))),
        best_score(&d).unwrap()
    );
    assert!(all
        .windows(2)
        .all(|w| grouping_score(&w[0]) >= grouping_score(&w[1])));
    // The seed's grouping and all singletons are among them.
    let seeds: Grouping = "7C 7S / 4C / AH AS QS 9H 7H AC / JH".parse().unwrap();
    assert!(all.contains(&seeds));
    assert!(all.contains(&Grouping::singletons(mask(&d))));
}

/// Counted by brute force over every set partition of small card sets: the enumeration misses
/// no valid grouping and lists no invalid one.
#[test]
fn the_legal_groupings_match_brute_force() {
    fn partitions(items: &[Card]) -> Vec<Vec<Vec<Card>>> {
        let Some((&first, rest)) = items.split_first() else {
            return vec![vec![]];
        };
        let mut out = Vec::new();
        for p in partitions(rest) {
            for i in 0..p.len() {
                let mut q = p.clone();
                q[i].push(first);
                out.push(q);
            }
            let mut q = p.clone();
            q.push(vec![first]);
            out.push(q);
        }
        out
    }
    for set in [
        "2S 2H 2D 3S 3H 4S 4H",
        "AH 2S 3H 4S 5H AC 7S",
        "7C 7S 7H 7D 8C 8H 6S",
        "AS AH AD 2S 3H 4C 5D",
    ] {
        let d = cards(set);
        let valid: std::collections::HashSet<Grouping> = partitions(&d)
            .into_iter()
            .filter(|p| {
                p.iter()
                    .all(|g| parlour_go::scoring::score_group(g).is_ok())
            })
            .map(|p| Grouping::new(&p).unwrap())
            .collect();
        let listed: std::collections::HashSet<Grouping> =
            valid_groupings(mask(&d)).into_iter().collect();
        assert_eq!(listed, valid, "{set}");
    }
}

#[test]
fn ruling_an_invalid_proposed_grouping_scores_each_invalid_groups_cards_alone() {
    let d = cards("AH AS 7C 7S QS 9H 7H 4C AC JH");
    // 7C 7S 4C is no group: it scores as three singletons, -7 -7 -4, beside the valid run.
    let groups = vec![cards("7C 7S 4C"), cards("AH AS QS 9H 7H AC"), cards("JH")];
    let (equivalent, why) = course_equivalent(&groups, mask(&d)).unwrap();
    assert!(why.contains("group 0"), "{why}");
    assert_eq!(grouping_score(&equivalent), -7 - 7 - 4 + 57 - 11);
    assert_eq!(
        grouping_score(&Grouping::new(&groups).unwrap()),
        grouping_score(&equivalent)
    );
    assert!(check_grouping(&equivalent, mask(&d)).is_ok());
    // A card left out is a singleton; a card that is not the seat's is dropped.
    let (eq2, why2) =
        course_equivalent(&[cards("7C 7S KD"), cards("AH AS QS 9H 7H AC")], mask(&d)).unwrap();
    assert!(
        why2.contains("KD is not one of") && why2.contains("in no group"),
        "{why2}"
    );
    assert!(check_grouping(&eq2, mask(&d)).is_ok());
    // A valid grouping needs nothing.
    assert!(course_equivalent(
        &[
            cards("7C 7S"),
            cards("4C"),
            cards("AH AS QS 9H 7H AC"),
            cards("JH")
        ],
        mask(&d)
    )
    .is_none());
}

#[test]
fn resampling_a_grouping_position_keeps_the_view() {
    let game = proposed();
    let mut rng = parlour_core::rng::seeded(3);
    for seed in 0..40 {
        let mut state = game.new_game(seed);
        while !state.is_terminal() {
            for seat in 0..PLAYERS {
                let obs = state.observation(seat);
                let again = game.resample(&obs, &mut rng).unwrap();
                assert_eq!(again.observation(seat), obs);
                assert_eq!(again.current_player(), state.current_player());
            }
            let legal = state.legal_action_vec();
            state.apply(legal[seed as usize % legal.len()]).unwrap();
        }
        assert_eq!(state.decisions(), (PLAYERS * TURNS + PLAYERS) as u64);
    }
    // A view from the standard game is refused by the course's, and the other way round.
    let best = Go::standard().new_game(1).observation(0);
    assert!(game.resample(&best, &mut rng).is_err());
    let course = game.new_game(1).observation(0);
    assert!(Go::standard().resample(&course, &mut rng).is_err());
}

#[test]
fn the_grouping_text_reads_back_and_a_person_may_type_groups() {
    use parlour_core::GameText;
    let state = at_the_end();
    let legal = state.legal_action_vec();
    let obs = state.observation(0);
    let typed = Go::standard()
        .parse_human(&obs, &legal, "7c 7s / 4c / ah as qs 9h 7h ac / jh")
        .unwrap();
    let expected: GoAction = "group 7C 7S / 4C / AH AS QS 9H 7H AC / JH".parse().unwrap();
    assert_eq!(typed, expected);
    let e = Go::standard()
        .parse_human(&obs, &legal, "7C 7S 4C / AH AS QS 9H 7H AC / JH")
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("(4C 7S 7C)") && e.contains("value 7 appears twice"),
        "{e}"
    );
    assert!(Go::standard()
        .describe(&obs)
        .contains("Group your discards"));
}

#[test]
fn ruling_groupings_are_made_in_seat_order_after_the_last_turn_and_are_public() {
    let game = proposed();
    let mut state = at_the_end();
    // Seat order: seat 0 first, and nobody groups before the tenth turn is over.
    assert_eq!(state.current_player(), Some(0));
    let fresh = game.new_game(1);
    assert!(fresh.legal_action_vec().iter().all(|a| a.card().is_some()));
    let g = state.legal_action_vec()[0];
    // Public: every seat is told of a grouping; a pick is seen only by its picker.
    for viewer in 0..PLAYERS {
        assert!(game.action_visible(0, &g, viewer));
        assert_eq!(
            game.action_visible(0, &GoAction::Pick(cards("7C")[0]), viewer),
            viewer == 0
        );
    }
    state.apply(g).unwrap();
    for viewer in 0..PLAYERS {
        assert_eq!(
            state.observation(viewer).groupings.unwrap()[0],
            Some(match g {
                GoAction::Group(g) => g,
                GoAction::Pick(_) => unreachable!(),
            })
        );
    }
    assert_eq!(state.current_player(), Some(1));
}

/// RULINGS.md: each player scores their best partition, found by the engine (the default, which
/// the course's scoring leaves as it was).
#[test]
fn ruling_each_player_scores_their_best_partition_found_by_the_engine() {
    let game = Go::standard();
    for seed in 0..50 {
        let mut state = game.new_game(seed);
        while !state.is_terminal() {
            let legal = state.legal_action_vec();
            state.apply(legal[(seed as usize) % legal.len()]).unwrap();
        }
        assert_eq!(state.decisions(), (PLAYERS * TURNS) as u64);
        for seat in 0..PLAYERS {
            assert_eq!(
                state.scores()[seat],
                best_score(&state.discards(seat)).unwrap(),
                "seed {seed}, seat {seat}"
            );
        }
    }
}
