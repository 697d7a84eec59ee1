//! The game rules of Comp10001-Go and its rulings, each a named scenario; and the seat view.

use parlour_cards::{parse_cards, standard_deck, Card};
use parlour_core::rng::seeded;
use parlour_core::{Game, GameText, InputError, State};
use parlour_go::{Go, GoAction, GoSetup, GoState, SetupError, PLAYERS, TURNS};
use rand::RngExt;

fn cards(s: &str) -> Vec<Card> {
    parse_cards(s).unwrap()
}

fn pick(state: &mut GoState, card: &str) {
    state
        .apply(card.parse().unwrap())
        .unwrap_or_else(|e| panic!("{e}"));
}

#[test]
fn go_one_pack_four_players_ten_cards_each_twelve_set_aside() {
    let game = Go::standard();
    assert_eq!(game.num_players(), 4);
    assert_eq!(Go::INFO.player_range(), 4..=4);
    for seed in 0..200 {
        let s = game.new_game(seed);
        for seat in 0..PLAYERS {
            assert_eq!(s.hand(seat).len(), 10);
        }
        assert_eq!(s.set_aside().len(), 12);
        s.check_conservation().unwrap();
        // Nobody sees the set-aside cards.
        for seat in 0..PLAYERS {
            let obs = s.observation(seat);
            assert!(s.set_aside().iter().all(|c| !obs.hand.contains(c)));
        }
    }
}

#[test]
fn go_deal_depends_on_the_seed_only() {
    let game = Go::standard();
    assert_eq!(game.new_game(5), game.new_game(5));
    assert_ne!(game.new_game(5), game.new_game(6));
}

fn setup_turn0() -> GoState {
    GoState::from_setup(&GoSetup {
        hands: vec![
            cards("2S 3S 4S 5S 6S 7S 8S 9S 0S JS"),
            cards("2H 3H 4H 5H 6H 7H 8H 9H 0H JH"),
            cards("2D 3D 4D 5D 6D 7D 8D 9D 0D JD"),
            cards("2C 3C 4C 5C 6C 7C 8C 9C 0C JC"),
        ],
        discards: vec![vec![]; 4],
        scoring: Default::default(),
    })
    .unwrap()
}

#[test]
fn go_every_player_picks_then_hands_pass_to_the_next_player() {
    let mut s = setup_turn0();
    assert_eq!(s.current_player(), Some(0));
    pick(&mut s, "2S");
    pick(&mut s, "2H");
    pick(&mut s, "2D");
    // Nothing is revealed or passed until the fourth pick.
    assert!(s.discards(0).is_empty());
    assert_eq!(s.hand(1).len(), 9);
    pick(&mut s, "2C");
    assert_eq!(s.turn(), 1);
    for (seat, c) in ["2S", "2H", "2D", "2C"].iter().enumerate() {
        assert_eq!(s.discards(seat), cards(c));
    }
    // Seat i's remaining hand went to seat (i + 1) % 4.
    assert_eq!(s.hand(1), cards("3S 4S 5S 6S 7S 8S 9S 0S JS"));
    assert_eq!(s.hand(2), cards("3H 4H 5H 6H 7H 8H 9H 0H JH"));
    assert_eq!(s.hand(3), cards("3D 4D 5D 6D 7D 8D 9D 0D JD"));
    assert_eq!(s.hand(0), cards("3C 4C 5C 6C 7C 8C 9C 0C JC"));
}

#[test]
fn go_a_pick_must_come_from_the_hand() {
    let mut s = setup_turn0();
    let before = s.clone();
    let err = s.apply("2H".parse().unwrap()).unwrap_err();
    assert_eq!(err.reason, "2H is not in seat 0's hand");
    assert_eq!(s, before);
    assert!("ZZ".parse::<GoAction>().is_err());
    assert!("10S".parse::<GoAction>().is_err());
}

#[test]
fn go_no_pick_depends_on_another_pick_of_the_same_turn() {
    // Seat 2's view (and so any bot's decision at seat 2) is the same whatever seats 0 and 1 picked.
    let mut a = setup_turn0();
    let mut b = setup_turn0();
    pick(&mut a, "2S");
    pick(&mut a, "2H");
    pick(&mut b, "JS");
    pick(&mut b, "9H");
    assert_eq!(a.observation(2), b.observation(2));
    assert_eq!(a.observation(3), b.observation(3));
    // Seat 0 sees its own pick, and nobody else's.
    assert_eq!(a.observation(0).picked, Some(cards("2S")[0]));
    assert_eq!(a.observation(1).picked, Some(cards("2H")[0]));
    assert_eq!(a.observation(2).picked, None);
    assert_ne!(a.observation(0), b.observation(0));
}

#[test]
fn go_ten_turns_then_scoring_and_the_highest_scores_win() {
    let game = Go::standard();
    let mut rng = seeded(1);
    for seed in 0..100 {
        let mut s = game.new_game(seed);
        let mut turns = 0;
        while !s.is_terminal() {
            let legal = s.legal_action_vec();
            s.apply(legal[rng.random_range(0..legal.len())]).unwrap();
            turns += 1;
        }
        assert_eq!(turns, TURNS * PLAYERS);
        let scores = s.scores();
        let top = *scores.iter().max().unwrap();
        let winners: Vec<usize> = (0..4).filter(|&i| scores[i] == top).collect();
        assert_eq!(s.winners(), winners);
        assert_eq!(s.last_round().unwrap().winners, winners);
        for (seat, &score) in scores.iter().enumerate() {
            let d = s.discards(seat);
            assert_eq!(d.len(), 10);
            assert_eq!(score, parlour_go::scoring::best_score(&d).unwrap());
        }
        assert_eq!(
            s.returns(),
            scores.iter().map(|&x| f64::from(x)).collect::<Vec<_>>()
        );
    }
}

#[test]
fn go_ties_all_win() {
    // Two seats end with identical-scoring discards (mirror-image suits).
    let mut s = GoState::from_setup(&GoSetup {
        hands: vec![cards("KS"), cards("KH"), cards("2D"), cards("2C")],
        discards: vec![
            cards("2S 3H 4S 5H 6S 7H 8S 9H 0S"),
            cards("2H 3S 4H 5S 6H 7S 8H 9S 0H"),
            cards("3D 4D 5D 6D 7D 8D 9D 0D JD"),
            cards("3C 4C 5C 6C 7C 8C 9C 0C JC"),
        ],
        scoring: Default::default(),
    })
    .unwrap();
    for c in ["KS", "KH", "2D", "2C"] {
        pick(&mut s, c);
    }
    assert!(s.is_terminal());
    let scores = s.scores();
    assert_eq!(scores[0], scores[1]);
    assert!(scores[0] > scores[2] && scores[0] > scores[3]);
    assert_eq!(s.winners(), vec![0, 1]);
}

#[test]
fn go_seat_view_holds_hand_discards_turn_and_hands_seen() {
    let mut s = setup_turn0();
    for c in ["2S", "2H", "2D", "2C"] {
        pick(&mut s, c);
    }
    let obs = s.observation(1);
    assert_eq!(obs.turn, 1);
    assert_eq!(obs.hand, cards("3S 4S 5S 6S 7S 8S 9S 0S JS"));
    assert_eq!(obs.discards[3], cards("2C"));
    // Perfect recall: the hand it held at turn 0, and the one it holds now.
    assert_eq!(
        obs.held,
        vec![cards("2H 3H 4H 5H 6H 7H 8H 9H 0H JH"), obs.hand.clone()]
    );
    // Nothing about hands it has not held.
    let json = serde_json::to_string(&obs).unwrap();
    assert!(
        !json.contains("\"3D\""),
        "seat 1 has not seen seat 2's hand"
    );
}

#[test]
fn go_resampling_keeps_the_view_and_what_the_seat_remembers() {
    let game = Go::standard();
    let mut rng = seeded(9);
    for seed in 0..100 {
        let mut s = game.new_game(seed);
        while !s.is_terminal() {
            for seat in 0..PLAYERS {
                let obs = s.observation(seat);
                let r = game.resample(&obs, &mut rng).unwrap();
                assert_eq!(r.observation(seat), obs);
                r.check_conservation().unwrap();
                // From turn 3 on, the seat has held every hand in play: it knows them all.
                if s.turn() >= 3 {
                    for other in 0..PLAYERS {
                        let mut now: Vec<Card> = s.hand(other);
                        let mut then: Vec<Card> = r.hand(other);
                        if other < s.current_player().unwrap_or(0) && other != seat {
                            // Unrevealed picks are unknown; compare whole hands with the pick.
                            now = s.observation(other).held.last().unwrap().clone();
                            then = r.observation(other).held.last().unwrap().clone();
                        }
                        now.sort();
                        then.sort();
                        assert_eq!(
                            now,
                            then,
                            "seat {seat} knows seat {other}'s hand at turn {}",
                            s.turn()
                        );
                    }
                }
            }
            let legal = s.legal_action_vec();
            s.apply(legal[rng.random_range(0..legal.len())]).unwrap();
        }
    }
}

#[test]
fn go_setup_validation() {
    let bad = GoSetup {
        hands: vec![cards("2S"), cards("2S"), cards("3S"), cards("4S")],
        discards: vec![cards("5S 6S 7S 8S 9S 0S JS QS KS"), vec![], vec![], vec![]],
        scoring: Default::default(),
    };
    assert_eq!(
        GoState::from_setup(&bad),
        Err(SetupError::UnevenDiscards {
            seat: 1,
            discards: 0,
            turn: 9
        })
    );
    let dup = GoSetup {
        hands: vec![cards("2S"), cards("2S"), cards("3S"), cards("4S")],
        discards: vec![
            cards("5S 6S 7S 8S 9S 0S JS QS KS"),
            cards("5H 6H 7H 8H 9H 0H JH QH KH"),
            cards("5D 6D 7D 8D 9D 0D JD QD KD"),
            cards("5C 6C 7C 8C 9C 0C JC QC KC"),
        ],
        scoring: Default::default(),
    };
    let err = GoState::from_setup(&dup).unwrap_err();
    assert_eq!(
        err,
        SetupError::Duplicate {
            seat: 1,
            card: cards("2S")[0]
        }
    );
    assert_eq!(
        err.to_string(),
        "invalid Comp10001-Go setup: 2S appears twice"
    );
    assert_eq!(standard_deck().len(), 52);
}

#[test]
fn go_resample_rejects_malformed_observations_and_the_bot_survives_them() {
    let game = Go::standard();
    let mut s = game.new_game(3);
    let mut rng = seeded(3);
    for _ in 0..22 {
        let legal = s.legal_action_vec();
        s.apply(legal[rng.random_range(0..legal.len())]).unwrap();
    }
    let obs = s.observation(1);
    let mut bad = Vec::new();
    let mut o = obs.clone();
    o.held[0] = cards("ZZ");
    bad.push(o);
    let mut o = obs.clone();
    let first = o.held[1][0];
    o.held[1].push(first);
    bad.push(o);
    let mut o = obs.clone();
    o.scores = Some(vec![999, 0, 0, 0]);
    bad.push(o);
    let mut o = obs.clone();
    o.held[4] = o.held[0][..6].to_vec();
    bad.push(o);
    for o in &bad {
        assert!(game.resample(o, &mut rng).is_err(), "{o:?}");
    }
    // The bot answers a malformed view with a legal pick instead of panicking.
    #[cfg(feature = "ai")]
    {
        use parlour_core::{Bot, Decision};
        let legal = s.legal_action_vec();
        let mut o = s.observation(s.current_player().unwrap());
        o.turn = 11;
        o.hand.push(Card::JOKER);
        let a = parlour_go::HeuristicBot::new(1).act(&Decision::new(&game, o.seat, &o, &legal));
        assert!(legal.contains(&a));
    }
}

/// At the terminal the picks are numbered from 0 and a bare number is that pick; `help`
/// explains; a card's text still works.
#[test]
fn go_a_person_types_a_pick_number_or_a_card() {
    let game = Go::standard();
    let s = game.new_game(3);
    let obs = s.observation(0);
    let legal = s.legal_action_vec();
    let shown = game.format_legal(&obs, &legal);
    for (i, a) in legal.iter().enumerate() {
        assert!(shown.contains(&format!("[{i}] {a}")), "{shown}");
        assert_eq!(game.parse_human(&obs, &legal, &i.to_string()), Ok(*a));
    }
    let e = game.parse_human(&obs, &legal, "10").unwrap_err();
    assert_eq!(
        e,
        InputError::NoSuchNumber {
            number: 10,
            last: 9
        }
    );
    let e = e.to_string();
    assert!(
        e.contains("there is no action [10]: the legal actions are numbered 0 to 9"),
        "{e}"
    );
    let card = legal[3].to_string();
    assert_eq!(
        game.parse_human(&obs, &legal, &card.to_ascii_lowercase()),
        Ok(legal[3])
    );
    let e = game
        .parse_human(&obs, &legal, "help")
        .unwrap_err()
        .to_string();
    assert!(e.contains("number of an action"), "{e}");
    // Text that is no card says so (and points to `help`); a card not held is named.
    let e = game.parse_human(&obs, &legal, "zz").unwrap_err();
    assert!(matches!(e, InputError::Unreadable(_)), "{e:?}");
    assert!(e.to_string().ends_with("(`help` explains)"), "{e}");
    let elsewhere = standard_deck()
        .into_iter()
        .find(|c| !obs.hand.contains(c))
        .unwrap();
    assert_eq!(
        game.parse_human(&obs, &legal, &elsewhere.to_string())
            .unwrap_err()
            .to_string(),
        format!("{elsewhere} is not in your hand")
    );
    assert!(
        !game.describe(&obs).contains("[0]"),
        "the hand has no numbers of its own"
    );
}

/// The final view shows every seat's best partition and score.
#[test]
fn go_the_final_view_shows_each_best_partition() {
    let game = Go::standard();
    let mut s = game.new_game(3);
    while !s.is_terminal() {
        let a = s.legal_action_vec()[0];
        s.apply(a).unwrap();
    }
    let obs = s.observation(2);
    let text = game.describe(&obs);
    let scores = obs.scores.clone().unwrap();
    assert!(text.contains("best partition"), "{text}");
    for (seat, discards) in obs.discards.iter().enumerate() {
        let best = parlour_go::scoring::best_partition(discards).unwrap();
        assert_eq!(best.score, scores[seat]);
        let you = if seat == 2 { " (you)" } else { "" };
        let line = text
            .lines()
            .find(|l| l.starts_with(&format!("  seat {seat}{you}: {} ", scores[seat])))
            .unwrap_or_else(|| panic!("seat {seat}'s score: {text}"));
        for (cards, g) in &best.groups {
            for c in cards {
                assert!(line.contains(&c.to_string()), "{line}");
            }
            assert!(line.contains(&format!("{:+}", g.score)) || cards.len() == 1);
        }
    }
    assert!(!text.contains("Your hand"), "{text}");
}
