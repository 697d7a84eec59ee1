//! Seat-view tests for Uno: the seed's `GameState` queries (upcoming players in clockwise order
//! from the observer, ignoring direction; cards played since the last reshuffle) and the common
//! ruling that an observation never contains anything its seat could not see at the table.

use parlour_core::rng::seeded;
use parlour_core::{Game, State};
use parlour_uno::{Card, Color, Direction, Uno, UnoObservation, UnoOptions, UnoSetup, UnoState};
use rand::RngExt;

mod common;
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

    // "The next person" assumes no reverse: the order is clockwise whatever the direction.
    let mut s = sized_setup();
    s.direction = Direction::Counterclockwise;
    let ccw = build(&game, &s);
    assert_eq!(
        ccw.observation(1).num_cards_in_hand_of_upcoming_players(),
        vec![3, 4, 1]
    );

    // Length is the number of players minus one.
    let three = Uno::with_players(3).unwrap();
    let state = build(&three, &setup(&["R1", "R2 R3", "G1 G2 G3"], "", "Y9"));
    assert_eq!(
        state.observation(2).num_cards_in_hand_of_upcoming_players(),
        vec![1, 2]
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
        Uno::standard().new_game(4).observation(1).last_called,
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
    assert_eq!(state.observation(2).scores, vec![10, 20, 30, 40]);
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
    assert_eq!(obs.hand, sorted("R2 R3"));
    assert_eq!(obs.up_card, Card::WILD);
    assert_eq!(obs.called_color, Some(Color::Blue));
    assert_eq!(obs.direction, Direction::Counterclockwise);
    assert_eq!(obs.current_player, Some(2));
    assert_eq!(obs.hand_sizes, vec![1, 2, 3, 4]);
    assert_eq!(obs.scores, vec![1, 2, 3, 4]);
    assert_eq!(obs.last_called, vec![None, None, None, Some(Color::Blue)]);
    assert_eq!(obs.discard, cards("Y9 W"));
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
