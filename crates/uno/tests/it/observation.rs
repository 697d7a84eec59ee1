//! Seat-view tests for Uno: the seed's `GameState` queries (upcoming players from the seat that
//! plays next in the current direction, on in that direction; cards played since the last
//! reshuffle) and the common
//! ruling that an observation never contains anything its seat could not see at the table.

use parlour_core::rng::seeded;
use parlour_core::{Game, GameText, State};
use parlour_uno::{
    Card, Color, Direction, Uno, UnoAction, UnoObservation, UnoOptions, UnoSetup, UnoState,
};
use rand::RngExt;

use crate::common;
use common::*;

/// `s` with every card it does not mention put at the bottom of the draw pile, so that the
/// position uses the whole 108-card deck (as a dealt game does, and as resampling assumes).
fn full_deck(mut s: UnoSetup) -> UnoSetup {
    let mut rest = Card::deck();
    for c in s
        .hands
        .iter()
        .flatten()
        .chain(&s.draw_pile)
        .chain(&s.discard)
    {
        let i = rest
            .iter()
            .position(|x| x == c)
            .expect("a card the deck holds");
        rest.remove(i);
    }
    rest.extend_from_slice(&s.draw_pile);
    s.draw_pile = rest;
    s
}

/// Four seats holding 1, 2, 3 and 4 cards; seat 0 to act on a yellow 9.
fn sized_setup() -> UnoSetup {
    setup(&["R1", "R2 R3", "G1 G2 G3", "B1 B2 B3 B4"], "Y1 Y2", "Y9")
}

/// Resamples `seat`'s view of `state` under many seeds: each must show `seat` exactly the same
/// observation. Returns how many resamples changed some hidden card (so the check had teeth).
fn assert_resampling_keeps_view(game: &Uno, state: &UnoState, seat: usize) -> usize {
    let obs = state.observation(seat);
    let mut changed = 0;
    for k in 0..40 {
        let mut rng = seeded(k);
        let other = Game::resample(game, &obs, &mut rng)
            .unwrap_or_else(|e| panic!("seat {seat}, k {k}: {e}"));
        assert_eq!(other.observation(seat), obs, "seat {seat}, k {k}");
        assert_eq!(other.hand(seat), state.hand(seat));
        other.check_conservation().unwrap();
        let hidden_differs = (0..game.num_players())
            .any(|s| s != seat && other.hand(s) != state.hand(s))
            || other.draw_pile() != state.draw_pile();
        if hidden_differs {
            changed += 1;
        }
        // The seat to move has the same choices in every resampled world, when it is the observer.
        if state.current_player() == Some(seat) {
            assert_eq!(other.legal_action_vec(), state.legal_action_vec());
        }
    }
    changed
}

#[test]
fn uno_seat_view_num_cards_in_hand_of_upcoming_players() {
    let game = Uno::standard();
    let state = build(&game, &sized_setup());
    assert_eq!(
        state.observation(0).num_cards_in_hand_of_upcoming_players(),
        vec![2, 3, 4]
    );
    assert_eq!(
        state.observation(1).num_cards_in_hand_of_upcoming_players(),
        vec![3, 4, 1]
    );
    assert_eq!(
        state.observation(3).num_cards_in_hand_of_upcoming_players(),
        vec![1, 2, 3]
    );

    // Counterclockwise the lists run counterclockwise (see the ruling's own test below).
    let mut s = sized_setup();
    s.direction = Direction::Counterclockwise;
    let ccw = build(&game, &s);
    assert_eq!(
        ccw.observation(1).num_cards_in_hand_of_upcoming_players(),
        vec![1, 4, 3]
    );

    // Length is the number of players minus one.
    let three = Uno::with_players(3).unwrap();
    let state = build(&three, &setup(&["R1", "R2 R3", "G1 G2 G3"], "", "Y9"));
    assert_eq!(
        state.observation(2).num_cards_in_hand_of_upcoming_players(),
        vec![1, 2]
    );
}

/// Ruling (course): the seed's `GameState` lists start from the seat that plays next in the
/// current direction of play and go on in that direction; "assume that there was no skip or
/// reverse played" leaves out only the card about to be played, not the direction.
#[test]
fn uno_upcoming_players_follow_current_direction_of_play() {
    let game = Uno::standard();
    let mut s = sized_setup();
    s.scores = vec![10, 20, 30, 40];
    s.last_called = vec![
        Some(Color::Red),
        None,
        Some(Color::Blue),
        Some(Color::Yellow),
    ];
    s.direction = Direction::Counterclockwise;
    let ccw = build(&game, &s);
    for seat in 0..4 {
        let obs = ccw.observation(seat);
        assert_eq!(obs.direction, Direction::Counterclockwise);
        let upcoming: Vec<usize> = obs.upcoming_players().collect();
        assert_eq!(
            upcoming[0],
            obs.next_player(),
            "seat {seat}: the list starts with the next player"
        );
    }
    let obs = ccw.observation(2);
    assert_eq!(obs.upcoming_players().collect::<Vec<_>>(), vec![1, 0, 3]);
    assert_eq!(obs.num_cards_in_hand_of_upcoming_players(), vec![2, 1, 4]);
    assert_eq!(obs.total_score_of_upcoming_players(), vec![20, 10, 40]);
    assert_eq!(
        obs.most_recent_color_called_by_upcoming_players(),
        vec![None, Some(Color::Red), Some(Color::Yellow)]
    );

    // A Reverse played turns the lists round for every seat; a second one turns them back.
    let game = Uno::new(UnoOptions {
        players: 4,
        target: Some(500),
        rounds: None,
    })
    .unwrap();
    let mut state = build(
        &game,
        &setup(&["RR G1 G7", "G2", "G3 B1", "GR Y5 B5"], "Y1", "R9"),
    );
    assert_eq!(
        state.observation(2).num_cards_in_hand_of_upcoming_players(),
        vec![3, 3, 1]
    );
    play(&mut state, "RR");
    assert_eq!(state.current_player(), Some(3));
    assert_eq!(
        state.observation(3).num_cards_in_hand_of_upcoming_players(),
        vec![2, 1, 2],
        "seat 3 is followed by seat 2, then 1, then 0"
    );
    assert_eq!(
        state.observation(2).num_cards_in_hand_of_upcoming_players(),
        vec![1, 2, 3]
    );
    play(&mut state, "GR");
    assert_eq!(state.current_player(), Some(0));
    assert_eq!(
        state.observation(2).num_cards_in_hand_of_upcoming_players(),
        vec![2, 2, 1]
    );

    // With two players the only other seat is first either way.
    let two = Uno::with_players(2).unwrap();
    let mut s = setup(&["R1", "R2 R3"], "Y1", "Y9");
    s.direction = Direction::Counterclockwise;
    let state = build(&two, &s);
    assert_eq!(
        state.observation(0).num_cards_in_hand_of_upcoming_players(),
        vec![2]
    );
}

#[test]
fn uno_seat_view_most_recent_color_called_by_upcoming_players() {
    let game = Uno::new(UnoOptions {
        players: 4,
        target: Some(500),
        rounds: None,
    })
    .unwrap();
    let mut s = setup(&["W G1", "G2", "G3", "R1 G4"], "Y1", "R9");
    s.last_called = vec![
        Some(Color::Red),
        None,
        Some(Color::Blue),
        Some(Color::Yellow),
    ];
    let mut state = build(&game, &s);
    assert_eq!(
        state
            .observation(0)
            .most_recent_color_called_by_upcoming_players(),
        vec![None, Some(Color::Blue), Some(Color::Yellow)]
    );
    assert_eq!(
        state
            .observation(2)
            .most_recent_color_called_by_upcoming_players(),
        vec![Some(Color::Yellow), Some(Color::Red), None]
    );
    // Seat 0's new call replaces its old one.
    play(&mut state, "W:G");
    assert_eq!(
        state
            .observation(3)
            .most_recent_color_called_by_upcoming_players(),
        vec![Some(Color::Green), None, Some(Color::Blue)]
    );
    // Calls are per round ("if a player has not yet played a wild card this round ... 'none'").
    let mut s = setup(&["W", "G2", "G3", "G4"], "Y1", "R9");
    s.last_called = vec![
        Some(Color::Red),
        Some(Color::Red),
        Some(Color::Blue),
        Some(Color::Yellow),
    ];
    let mut end = build(&game, &s);
    play(&mut end, "W:B");
    assert!(!end.is_terminal());
    assert_eq!(
        end.observation(0)
            .most_recent_color_called_by_upcoming_players(),
        vec![None; 3]
    );
    assert_eq!(
        Uno::standard()
            .new_game(4)
            .observation(1)
            .last_called
            .to_vec(),
        vec![None; 4]
    );
}

#[test]
fn uno_seat_view_total_score_of_upcoming_players() {
    let game = Uno::standard();
    let mut s = sized_setup();
    s.scores = vec![10, 20, 30, 40];
    let state = build(&game, &s);
    assert_eq!(
        state.observation(0).total_score_of_upcoming_players(),
        vec![20, 30, 40]
    );
    assert_eq!(
        state.observation(1).total_score_of_upcoming_players(),
        vec![30, 40, 10]
    );
    assert_eq!(
        state.observation(3).total_score_of_upcoming_players(),
        vec![10, 20, 30]
    );
    assert_eq!(state.observation(2).scores.to_vec(), vec![10, 20, 30, 40]);
}

#[test]
fn uno_seat_view_played_cards_since_last_reshuffle() {
    let game = Uno::standard();
    // At the deal nothing has been played yet (the turned-up card was not played).
    let fresh = game.new_game(9);
    assert!(fresh.observation(0).played_cards().is_empty());

    let mut state = build(
        &game,
        &setup(&["R5 G1", "G2", "G3", "G4"], "Y1", "G1 G2 R9"),
    );
    assert_eq!(state.observation(0).played_cards(), &cards("G2 R9")[..]);
    play(&mut state, "R5");
    // In order of play, the same for every seat.
    for seat in 0..4 {
        assert_eq!(
            state.observation(seat).played_cards(),
            &cards("G2 R9 R5")[..],
            "seat {seat}"
        );
    }
}

#[test]
fn uno_seat_view_shows_what_the_seat_sees() {
    let game = Uno::standard();
    let mut s = setup(&["R1", "R2 R3", "G1 G2 G3", "B1 B2 B3 B4"], "Y1 Y2", "Y9 W");
    s.called_color = Some(Color::Blue);
    s.current = 2;
    s.direction = Direction::Counterclockwise;
    s.scores = vec![1, 2, 3, 4];
    s.last_called = vec![None, None, None, Some(Color::Blue)];
    let state = build(&game, &s);
    let obs: UnoObservation = state.observation(1);
    assert_eq!(obs.seat, 1);
    assert_eq!(obs.players, 4);
    assert_eq!(obs.hand.to_vec(), sorted("R2 R3"));
    assert_eq!(obs.up_card, Card::WILD);
    assert_eq!(obs.called_color, Some(Color::Blue));
    assert_eq!(obs.direction, Direction::Counterclockwise);
    assert_eq!(obs.current_player, Some(2));
    assert_eq!(obs.hand_sizes.to_vec(), vec![1, 2, 3, 4]);
    assert_eq!(obs.scores.to_vec(), vec![1, 2, 3, 4]);
    assert_eq!(
        obs.last_called.to_vec(),
        vec![None, None, None, Some(Color::Blue)]
    );
    assert_eq!(obs.discard.to_vec(), cards("Y9 W"));
    assert_eq!(obs.draw_pile, 2);
    assert_eq!(obs.drawn, None);
    // The view survives JSON.
    let json = serde_json::to_string(&obs).unwrap();
    assert_eq!(serde_json::from_str::<UnoObservation>(&json).unwrap(), obs);
}

#[test]
fn uno_seat_view_hides_other_hands_and_draw_pile() {
    let game = Uno::standard();
    // The two positions differ only in seat 2's and seat 1's cards and the draw pile's order and
    // contents (same sizes everywhere).
    let a = build(
        &game,
        &setup(&["R5 G7", "B1 B2", "Y3 Y4 W", "G1"], "G2 G3 R8", "R9"),
    );
    let b = build(
        &game,
        &setup(&["R5 G7", "R6 B2", "G2 R8 W+4", "G1"], "Y3 B1 Y4", "R9"),
    );
    assert_ne!(a, b);
    assert_eq!(a.observation(0), b.observation(0));
    assert_eq!(a.observation(3), b.observation(3));
    assert_ne!(
        a.observation(2),
        b.observation(2),
        "seat 2 does see its own hand"
    );
    // And they stay equal after the same public play.
    let (mut a, mut b) = (a, b);
    play(&mut a, "R5");
    play(&mut b, "R5");
    assert_eq!(a.observation(0), b.observation(0));
    // Seat 1 holds a different hand in each, so its legal actions differ, but seat 0 cannot tell.
    assert_ne!(a.legal_action_vec(), b.legal_action_vec());
}

#[test]
fn uno_seat_view_hides_another_seats_drawn_card() {
    let game = Uno::standard();
    let mut sa = setup(&["G5", "B1 R2", "G3", "G4"], "Y1", "R9");
    sa.current = 1;
    sa.drawn = Some(card("R2"));
    let mut sb = setup(&["G5", "B1 R3", "G3", "G4"], "Y1", "R9");
    sb.current = 1;
    sb.drawn = Some(card("R3"));
    let (a, b) = (build(&game, &sa), build(&game, &sb));
    assert_eq!(a.observation(0), b.observation(0));
    assert_eq!(a.observation(0).drawn, None);
    // The drawer sees its own drawn card.
    assert_eq!(a.observation(1).drawn, Some(card("R2")));
    assert_eq!(b.observation(1).drawn, Some(card("R3")));
}

#[test]
fn uno_seat_view_unchanged_by_resampling_hidden_cards() {
    // Dealt games, part-way through, from every seat.
    let game = Uno::standard();
    for seed in 0..6 {
        let mut state = game.new_game(seed);
        let mut rng = seeded(seed + 1000);
        for _ in 0..(5 + seed * 3) {
            if state.is_terminal() {
                break;
            }
            let legal = state.legal_action_vec();
            state
                .apply(legal[rng.random_range(0..legal.len())])
                .unwrap();
        }
        for seat in 0..4 {
            let changed = assert_resampling_keeps_view(&game, &state, seat);
            if !state.is_terminal() {
                assert!(
                    changed > 30,
                    "seed {seed}, seat {seat}: only {changed} of 40 resamples redrew hidden cards"
                );
            }
        }
    }

    // Scripted: another seat is deciding after drawing a playable card; and the observer is.
    let mut s = setup(&["G5 B7", "B1 R2", "G3 Y5", "G4 Y6"], "Y1 Y2 Y3", "R9");
    s.current = 1;
    s.drawn = Some(card("R2"));
    s.last_called = vec![Some(Color::Green), None, None, Some(Color::Red)];
    s.scores = vec![3, 40, 0, 12];
    let state = build(&game, &full_deck(s));
    state.check_conservation().unwrap();
    for seat in 0..4 {
        let changed = assert_resampling_keeps_view(&game, &state, seat);
        assert!(
            changed > 30,
            "seat {seat}: only {changed} of 40 resamples redrew hidden cards"
        );
    }
}

#[test]
fn uno_seat_view_does_not_reveal_whether_a_kept_card_was_playable() {
    // Seat 1 draws and keeps a card. At the table seat 0 sees the same thing whether that card was
    // playable (seat 1 chose to keep it) or not (seat 1 had to keep it): a draw, then the turn
    // passes. Seat 0's views must therefore be equal.
    let game = Uno::standard();
    let mut unplayable = setup(&["G5", "B1 B2", "G3", "G4"], "Y1 B7", "R9");
    unplayable.current = 1;
    let mut playable = setup(&["G5", "B1 B2", "G3", "G4"], "Y1 R3", "R9");
    playable.current = 1;
    let (mut a, mut b) = (build(&game, &unplayable), build(&game, &playable));
    assert_eq!(a.observation(0), b.observation(0));
    play(&mut a, "draw");
    play(&mut b, "draw");
    // Both drawers decide after the draw (`pass` is all seat 1 may do with B7), and while they
    // decide seat 0 sees the same thing.
    assert_eq!(a.legal_action_vec(), acts("pass"));
    assert_eq!(b.legal_action_vec(), acts("R3 pass"));
    assert_eq!(a.observation(0), b.observation(0));
    play(&mut a, "pass");
    play(&mut b, "pass");
    assert_eq!(a.current_player(), Some(2));
    assert_eq!(b.current_player(), Some(2));
    assert_eq!(a.hand(1), sorted("B1 B2 B7"));
    assert_eq!(b.hand(1), sorted("B1 B2 R3"));
    assert_eq!(a.observation(0), b.observation(0));
}

/// Two seats; seat 0 holds one copy each of G1, G2 and B3, seat 1 the other copies (and more),
/// and every other card lies in the discard pile under the up card R9, with the draw pile empty.
/// So when seat 0 draws, all those discards are reshuffled into a new draw pile, and none of them
/// is a G1, G2 or B3.
fn reshuffle_setup() -> UnoSetup {
    let hands = [cards("G1 G2 B3"), cards("G1 G2 B3 Y4 Y5 Y6 Y7 Y8 YS YR")];
    let mut rest = Card::deck();
    for c in hands.iter().flatten().chain(&[card("R9")]) {
        let i = rest.iter().position(|x| x == c).unwrap();
        rest.remove(i);
    }
    rest.push(card("R9"));
    UnoSetup::new(hands.to_vec(), Vec::new(), rest)
}

/// Whether every card of `part` is in `whole`, counting copies.
fn is_sub_multiset(part: &[Card], whole: &[Card]) -> bool {
    let mut counts = [0i32; 54];
    for c in whole {
        counts[c.index()] += 1;
    }
    for c in part {
        counts[c.index()] -= 1;
    }
    counts.iter().all(|&k| k >= 0)
}

#[test]
fn uno_seat_view_reshuffled_cards_seen_by_every_seat_until_next_deal() {
    let game = Uno::new(UnoOptions {
        players: 4,
        target: None,
        rounds: Some(2),
    })
    .unwrap();
    let mut state = build(
        &game,
        &setup(&["Y5 Y6", "R4 G9", "G2", "G3"], "", "B1 B2 B3 R9"),
    );
    assert!(state.observation(0).reshuffled.is_empty());
    // Seat 0 has nothing for R9 and draws from an empty pile: B1 B2 B3 are turned over.
    play(&mut state, "draw");
    for seat in 0..4 {
        assert_eq!(
            state.observation(seat).reshuffled.to_vec(),
            sorted("B3 B1 B2"),
            "seat {seat}"
        );
    }
    assert_eq!(state.reshuffled_cards().to_vec(), sorted("B1 B2 B3"));
    // Drawing from the new pile does not change what was reshuffled.
    play(&mut state, "pass");
    play(&mut state, "R4");
    play(&mut state, "draw");
    play(&mut state, "pass");
    play(&mut state, "draw");
    play(&mut state, "pass");
    assert!(state.draw_pile().is_empty());
    assert_eq!(state.observation(2).reshuffled.to_vec(), sorted("B1 B2 B3"));
    // A second reshuffle replaces the first: only R9 lay under the up card R4.
    play(&mut state, "draw");
    assert_eq!(state.hand(0).len(), 4, "seat 0 drew the R9");
    for seat in 0..4 {
        assert_eq!(
            state.observation(seat).reshuffled.to_vec(),
            cards("R9"),
            "seat {seat}"
        );
    }
    // The next round's deal forgets it.
    play(&mut state, "R9");
    play(&mut state, "G9");
    assert_eq!(state.rounds_completed(), 1);
    assert!(!state.is_terminal());
    for seat in 0..4 {
        assert!(state.observation(seat).reshuffled.is_empty(), "seat {seat}");
    }
}

#[test]
fn uno_resample_after_reshuffle_draws_pile_only_from_reshuffled_cards() {
    let game = Uno::with_players(2).unwrap();
    let mut state = build(&game, &reshuffle_setup());
    state.check_conservation().unwrap();
    play(&mut state, "draw");
    let reshuffled = state.reshuffled_cards();
    assert_eq!(reshuffled.len(), 94);
    assert_eq!(state.draw_pile().len(), 93);
    let mut rng = seeded(77);
    for step in 0..30 {
        if state.is_terminal() {
            break;
        }
        for seat in 0..2 {
            let obs = state.observation(seat);
            assert_eq!(obs.reshuffled, reshuffled);
            for k in 0..30 {
                let mut r = seeded(k);
                let other = Game::resample(&game, &obs, &mut r)
                    .unwrap_or_else(|e| panic!("step {step}, seat {seat}, k {k}: {e}"));
                assert_eq!(
                    other.observation(seat),
                    obs,
                    "step {step}, seat {seat}, k {k}"
                );
                other.check_conservation().unwrap();
                assert!(
                    is_sub_multiset(other.draw_pile(), &reshuffled),
                    "step {step}, seat {seat}, k {k}: draw pile {:?} is not from the reshuffle",
                    other.draw_pile()
                );
                if seat == 1 {
                    // No G1, G2 or B3 was reshuffled, so the copies seat 1 does not see (not in
                    // its hand or the discards) can only be in seat 0's hand.
                    let count = |h: &[Card], c: Card| h.iter().filter(|&&x| x == c).count();
                    for c in cards("G1 G2 B3") {
                        assert_eq!(
                            count(&other.hand(0), c),
                            count(&state.hand(0), c),
                            "step {step}, k {k}: {c}"
                        );
                    }
                }
                if state.current_player() == Some(seat) {
                    assert_eq!(other.legal_action_vec(), state.legal_action_vec());
                }
            }
        }
        let legal = state.legal_action_vec();
        state
            .apply(legal[rng.random_range(0..legal.len())])
            .unwrap();
    }
}

#[test]
fn uno_resample_rejects_draw_pile_larger_than_unseen_reshuffled_cards() {
    let game = Uno::with_players(2).unwrap();
    let mut state = build(&game, &reshuffle_setup());
    play(&mut state, "draw");
    let mut obs = state.observation(1);
    // Claim that only three cards were reshuffled: 93 cannot have come from them.
    obs.reshuffled = sorted("R1 R2 R3").into_iter().collect();
    let e = Game::resample(&game, &obs, &mut seeded(1)).unwrap_err();
    assert!(e.to_string().contains("reshuffle"), "{e}");
    // Copies beyond the deck are malformed.
    obs.reshuffled = cards("R0 R0").into_iter().collect();
    assert!(Game::resample(&game, &obs, &mut seeded(1)).is_err());
}

#[test]
fn uno_human_input_rejects_text_after_the_colour() {
    let game = Uno::standard();
    let state = build(&game, &setup(&["W B2 G1 R5", "G2", "G3", "G4"], "Y1", "R9"));
    let obs = state.observation(0);
    let legal = state.legal_action_vec();
    let parse = |text: &str| game.parse_human(&obs, &legal, text);
    let err = |text: &str| parse(text).unwrap_err().to_string();
    // A bare number is the action with that number in the list, never a hand index.
    let shown = game.format_legal(&obs, &legal);
    for (i, &a) in legal.iter().enumerate() {
        assert!(shown.contains(&format!("[{i}] {a}")), "{shown}");
        assert_eq!(parse(&format!(" {i} ")), Ok(a));
    }
    let e = err(&legal.len().to_string());
    assert!(e.contains("there is no action"), "{e}");
    assert_eq!(
        parse("W blue"),
        Ok(UnoAction::Wild(Card::WILD, Color::Blue))
    );
    assert_eq!(
        parse(" w  b "),
        Ok(UnoAction::Wild(Card::WILD, Color::Blue))
    );
    assert_eq!(parse("W:G"), Ok(act("W:G")));
    assert_eq!(parse("w:g"), Ok(act("W:G")));
    let e = err("W blue junk");
    assert!(
        e.contains("unexpected text \"junk\" after the colour in `W blue`"),
        "{e}"
    );
    let e = err("W blue red");
    assert!(e.contains("unexpected text \"red\""), "{e}");
    for text in ["0 junk", "R5 now", "W:G x y", "draw please", "p ass"] {
        let e = err(text);
        assert!(e.contains("unexpected text"), "{text}: {e}");
    }
    assert!(err("W").contains("add the colour"));
    assert!(err("W purple").contains("not a colour"));
    for text in ["help", "HELP", "?"] {
        let e = err(text);
        assert!(e.contains("number of an action"), "{text}: {e}");
    }
}

/// The table for a person: one card is "1 card", and the hand carries no numbers of its own (a
/// number typed is always a legal action's).
#[test]
fn uno_seat_view_text_counts_cards_in_words() {
    let game = Uno::standard();
    let state = build(&game, &sized_setup());
    let text = game.describe(&state.observation(0));
    assert!(text.contains("seat 0 (you): 1 card, 0 points"), "{text}");
    assert!(text.contains("seat 1: 2 cards"), "{text}");
    assert!(!text.contains("1 cards"), "{text}");
    assert!(text.contains("Your hand: R1"), "{text}");
    assert!(!text.contains("[0]"), "{text}");
}
