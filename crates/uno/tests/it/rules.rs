//! Scenario tests for Uno: one test per rule sentence of the seed (`shared/seeds/uno.txt`) and per
//! ruling (`shared/RULINGS.md`, sections "Uno" and "Common to all games"), each named after its
//! rule. Positions are scripted with [`UnoSetup`]; draw piles and discard piles are bottom first
//! (the last card is drawn next / is the up card).
//!
//! The seat-view rules (the seed's `GameState`, hidden information) are in `observation.rs`.

use std::collections::BTreeSet;

use parlour_bots::RandomBot;
use parlour_core::play::play as play_with_bots;
use parlour_core::rng::{derive_seed, seeded};
use parlour_core::{Bot, Game, State};
use parlour_uno::{
    action_universe, is_playable, Card, Color, Direction, HeuristicBot, Rank, RoundOutcome, Uno,
    UnoAction, UnoOptions, UnoSetup, UnoState,
};
use rand::RngExt;

use crate::common;
use common::*;

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

fn table(players: usize) -> Uno {
    Uno::with_players(players).unwrap()
}

fn match_to(target: u32) -> Uno {
    Uno::new(UnoOptions {
        players: 4,
        target: Some(target),
        rounds: None,
    })
    .unwrap()
}

fn hand_sizes(state: &UnoState) -> Vec<usize> {
    state.observation(0).hand_sizes.to_vec()
}

/// `action` is rejected with a reason containing `reason`, and the state is unchanged.
fn assert_rejected(state: &mut UnoState, action: UnoAction, reason: &str) {
    let before = state.clone();
    let err = state
        .apply(action)
        .expect_err("the action should be illegal");
    assert_eq!(err.action, action.to_string());
    assert!(
        err.reason.contains(reason),
        "reason {:?} should contain {reason:?}",
        err.reason
    );
    assert_eq!(
        *state, before,
        "a rejected action must not change the state"
    );
    assert!(!state.legal_action_vec().contains(&action));
}

/// Plays `state` to the end with random legal actions from `rng_seed`; returns the actions.
fn play_out(state: &mut UnoState, rng_seed: u64) -> Vec<UnoAction> {
    let mut rng = seeded(rng_seed);
    let mut actions = Vec::new();
    while !state.is_terminal() {
        assert!(actions.len() < 200_000, "game did not end");
        let legal = state.legal_action_vec();
        let a = legal[rng.random_range(0..legal.len())];
        state.apply(a).unwrap();
        actions.push(a);
    }
    actions
}

/// A legal move whose effect is plain (a number card, a plain wild or a draw), if any.
fn plain_move(state: &UnoState) -> Option<UnoAction> {
    state
        .legal_action_vec()
        .into_iter()
        .find(|a| match a.card() {
            None => *a == UnoAction::Draw,
            Some(c) => matches!(c.rank(), Rank::Number(_) | Rank::Wild),
        })
}

// ---------------------------------------------------------------------------------------------
// The deck and the deal
// ---------------------------------------------------------------------------------------------

#[test]
fn uno_deck_has_108_cards() {
    let deck = Card::deck();
    assert_eq!(deck.len(), 108);
    for color in Color::ALL {
        let count = |rank: Rank| {
            deck.iter()
                .filter(|c| c.color() == Some(color) && c.rank() == rank)
                .count()
        };
        assert_eq!(count(Rank::Number(0)), 1, "one {color} 0");
        for n in 1..=9 {
            assert_eq!(count(Rank::Number(n)), 2, "two {color} {n}s");
        }
        for rank in [Rank::Skip, Rank::Reverse, Rank::DrawTwo] {
            assert_eq!(count(rank), 2, "two {color} {rank:?}s");
        }
        assert_eq!(deck.iter().filter(|c| c.color() == Some(color)).count(), 25);
    }
    assert_eq!(deck.iter().filter(|c| c.rank() == Rank::Wild).count(), 4);
    assert_eq!(
        deck.iter()
            .filter(|c| c.rank() == Rank::WildDrawFour)
            .count(),
        4
    );

    // A dealt game holds exactly that deck, split between hands and piles.
    for seed in 0..20 {
        let state = Uno::standard().new_game(seed);
        let mut all: Vec<Card> = (0..4).flat_map(|s| state.hand(s)).collect();
        all.extend_from_slice(state.draw_pile());
        all.extend_from_slice(state.discard_pile());
        all.sort();
        let mut expected = Card::deck();
        expected.sort();
        assert_eq!(all, expected, "seed {seed}");
        state.check_conservation().unwrap();
    }
}

#[test]
fn uno_four_players_by_default() {
    assert_eq!(UnoOptions::default().players, 4);
    let game = Uno::standard();
    assert_eq!(game.num_players(), 4);
    assert_eq!(game.new_game(3).observation(0).hand_sizes.len(), 4);
    let from_json: UnoOptions = serde_json::from_str("{}").unwrap();
    assert_eq!(from_json, UnoOptions::default());
}

#[test]
fn uno_seven_cards_each() {
    for players in 2..=10 {
        let game = table(players);
        for seed in 0..10 {
            let state = game.new_game(seed);
            assert_eq!(
                hand_sizes(&state),
                vec![7; players],
                "{players} players, seed {seed}"
            );
            assert_eq!(state.discard_pile().len(), 1);
            assert_eq!(state.draw_pile().len(), 108 - 7 * players - 1);
        }
    }
}

#[test]
fn uno_first_up_card_wild_is_returned() {
    // With 8 wilds in 108 cards the first turned card is a wild in about 1 deal in 13, so 2000
    // deals exercise the rule many times over.
    let game = Uno::standard();
    for seed in 0..2000 {
        let state = game.new_game(seed);
        let up = state.up_card();
        assert!(!up.is_wild(), "seed {seed}: the first up card is {up}");
        assert_eq!(state.discard_pile(), &[up][..]);
        assert_eq!(state.called_color(), None);
        // The wild went back into the deck: every card is still accounted for.
        assert_eq!(state.draw_pile().len(), 79);
        state
            .check_conservation()
            .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
    }
}

#[test]
fn uno_first_up_card_action_has_no_effect() {
    let game = Uno::standard();
    let mut seen = BTreeSet::new();
    for seed in 0..2000 {
        let mut state = game.new_game(seed);
        let up = state.up_card();
        let rank = up.rank();
        if !matches!(rank, Rank::Skip | Rank::Reverse | Rank::DrawTwo) {
            continue;
        }
        // No Draw Two penalty, no reversal, nobody skipped.
        assert_eq!(hand_sizes(&state), vec![7; 4], "seed {seed}, up {up}");
        assert_eq!(state.direction(), Direction::Clockwise);
        assert_eq!(state.draw_pile().len(), 79);
        let first = state.current_player().unwrap();
        // The first player plays normally; after a plain move play passes clockwise to the next
        // seat (a Reverse up would send it to first - 1, a Skip up would have skipped `first`).
        let Some(m) = plain_move(&state) else {
            continue;
        };
        state.apply(m).unwrap();
        if state.drawn_card().is_some() {
            play(&mut state, "pass");
        }
        assert_eq!(
            state.current_player(),
            Some((first + 1) % 4),
            "seed {seed}, up {up}, move {m}"
        );
        assert_eq!(state.direction(), Direction::Clockwise);
        seen.insert(format!("{rank:?}"));
        if seen.len() == 3 {
            break;
        }
    }
    assert_eq!(
        seen.len(),
        3,
        "found deals with a Skip, a Reverse and a Draw Two up: {seen:?}"
    );
}

#[test]
fn uno_first_player_drawn_from_seed() {
    for players in [2, 4, 10] {
        let game = table(players);
        let firsts: BTreeSet<usize> = (0..300)
            .map(|s| game.new_game(s).current_player().unwrap())
            .collect();
        assert_eq!(firsts, (0..players).collect(), "{players} players");
        for seed in 0..20 {
            assert_eq!(
                game.new_game(seed).current_player(),
                game.new_game(seed).current_player()
            );
        }
    }
}

#[test]
fn uno_two_to_ten_players() {
    assert_eq!(Uno::INFO.player_range(), 2..=10);
    for bad in [0, 1, 11, 20] {
        let err = Uno::with_players(bad).unwrap_err();
        let text = err.to_string();
        assert!(text.contains("2 to 10"), "{text}");
        assert!(text.contains(&format!("not {bad}")), "{text}");
    }
    for ok in 2..=10 {
        let game = Uno::with_players(ok).unwrap();
        assert_eq!(game.num_players(), ok);
        assert_eq!(game.options().players, ok);
    }
    // The other options have to make sense too.
    let zero_target = Uno::new(UnoOptions {
        target: Some(0),
        ..UnoOptions::default()
    });
    assert!(zero_target.unwrap_err().to_string().contains("target"));
    let zero_rounds = Uno::new(UnoOptions {
        rounds: Some(0),
        ..UnoOptions::default()
    });
    assert!(zero_rounds.unwrap_err().to_string().contains("rounds"));
}

// ---------------------------------------------------------------------------------------------
// Which cards are playable
// ---------------------------------------------------------------------------------------------

#[test]
fn uno_playable_same_colour() {
    let g = table(4);
    let state = build(&g, &setup(&["R2 RS G5 B7", "G1", "G2", "G3"], "", "R9"));
    assert_eq!(state.legal_action_vec(), acts("R2 RS"));
    assert!(is_playable(card("R2"), card("R9"), None));
    assert!(is_playable(card("R+2"), card("R9"), None));
    assert!(is_playable(card("Y3"), card("YS"), None));
}

#[test]
fn uno_playable_same_number() {
    let g = table(4);
    let state = build(&g, &setup(&["G9 B7 Y1 B9", "G1", "G2", "G3"], "", "R9"));
    assert_eq!(state.legal_action_vec(), acts("G9 B9"));
    assert!(is_playable(card("Y0"), card("B0"), None));
}

#[test]
fn uno_playable_same_special_rank() {
    let g = table(4);
    for (up, hand, legal) in [
        ("RS", "GS G+2 BR Y4", "GS"),
        ("RR", "GS G+2 BR Y4", "BR"),
        ("R+2", "GS G+2 BR Y4", "G+2"),
    ] {
        let state = build(&g, &setup(&[hand, "G1", "G2", "G3"], "", up));
        assert_eq!(state.legal_action_vec(), acts(legal), "on {up}");
    }
}

#[test]
fn uno_playable_called_colour_after_wild() {
    let g = table(4);
    for up in ["W", "W+4"] {
        let mut s = setup(&["B3 R3 G+2 BS", "G1", "G2", "G3"], "", &format!("R3 {up}"));
        s.called_color = Some(Color::Blue);
        let state = build(&g, &s);
        assert_eq!(
            state.legal_action_vec(),
            acts("B3 BS"),
            "on {up} calling blue"
        );
    }
    assert!(is_playable(card("G7"), Card::WILD, Some(Color::Green)));
    assert!(!is_playable(card("G7"), Card::WILD, Some(Color::Yellow)));
}

#[test]
fn uno_wild_playable_on_anything() {
    let g = table(4);
    for (up, called) in [
        ("R9", None),
        ("GS", None),
        ("BR", None),
        ("Y+2", None),
        ("W", Some(Color::Red)),
        ("W+4", Some(Color::Green)),
    ] {
        let mut s = setup(&["W W+4 Y5", "G1", "G2", "G3"], "", up);
        s.called_color = called;
        let state = build(&g, &s);
        let mut expected = acts("W:R W:G W:B W:Y W+4:R W+4:G W+4:B W+4:Y");
        if up == "Y+2" {
            expected.insert(0, act("Y5"));
        }
        assert_eq!(state.legal_action_vec(), expected, "on {up}");
    }
    // A Wild Draw Four may be played even when the hand holds a card of the up card's colour.
    let state = build(&g, &setup(&["R5 W+4", "G1", "G2", "G3"], "", "R9"));
    assert_eq!(state.legal_action_vec(), acts("R5 W+4:R W+4:G W+4:B W+4:Y"));
}

#[test]
fn uno_different_numbers_different_colours_not_playable() {
    let g = table(4);
    let mut state = build(&g, &setup(&["G5 B7 YS", "G1", "G2", "G3"], "Y1", "R9"));
    assert_eq!(state.legal_action_vec(), acts("draw"));
    assert_rejected(&mut state, act("G5"), "does not match the up card R9");
    assert_rejected(&mut state, act("B7"), "does not match");
    // A number never matches a special rank, even the "same" position in the rank list.
    assert_rejected(&mut state, act("YS"), "does not match");
    assert!(!is_playable(card("R5"), card("GS"), None));
    assert!(!is_playable(card("GS"), card("R+2"), None));
    // On a wild only the called colour counts, not the colour under it.
    let mut s = setup(&["R3 G3", "G1", "G2", "G4"], "", "R3 W");
    s.called_color = Some(Color::Blue);
    let mut on_wild = build(&g, &s);
    assert_eq!(on_wild.legal_action_vec(), acts("draw"));
    assert_rejected(&mut on_wild, act("R3"), "called colour blue");
}

// ---------------------------------------------------------------------------------------------
// Playing or drawing
// ---------------------------------------------------------------------------------------------

#[test]
fn uno_must_play_when_holding_playable() {
    let g = table(4);
    let mut state = build(&g, &setup(&["G5 R2", "G1", "G2", "G3"], "B7", "R9"));
    assert_eq!(state.legal_action_vec(), acts("R2"));
    assert_rejected(
        &mut state,
        UnoAction::Draw,
        "you hold a playable card (R2) and must play one",
    );
    // A wild counts as playable, so it forces a play too.
    let mut wild_only = build(&g, &setup(&["G5 W", "G1", "G2", "G3"], "B7", "R9"));
    assert_eq!(wild_only.legal_action_vec(), acts("W:R W:G W:B W:Y"));
    assert_rejected(&mut wild_only, UnoAction::Draw, "must play");
}

#[test]
fn uno_draw_when_nothing_playable() {
    let g = table(4);
    let mut state = build(&g, &setup(&["G5 B2", "G1", "G2", "G3"], "Y1 B7", "R9"));
    assert_eq!(state.legal_action_vec(), vec![UnoAction::Draw]);
    play(&mut state, "draw");
    // The top card of the draw pile moved into the hand.
    assert_eq!(state.hand(0), sorted("G5 B2 B7"));
    assert_eq!(state.draw_pile(), &cards("Y1")[..]);
    assert_eq!(state.discard_pile(), &cards("R9")[..]);
    assert_eq!(state.decisions(), 1);
}

#[test]
fn uno_drawn_unplayable_card_passes_turn() {
    let g = table(4);
    let mut state = build(&g, &setup(&["G5 B2", "G1", "G2", "G3"], "Y1 B7", "R9"));
    play(&mut state, "draw");
    // B7 does not go on R9: keeping it (`pass`) is the only choice, and it is still a decision,
    // so the other seats cannot tell a kept card that fits from one that does not.
    assert_eq!(state.current_player(), Some(0));
    assert_eq!(state.drawn_card(), Some(card("B7")));
    assert_eq!(state.legal_action_vec(), acts("pass"));
    play(&mut state, "pass");
    assert_eq!(state.current_player(), Some(1));
    assert_eq!(state.drawn_card(), None);
    assert_eq!(state.legal_action_vec(), acts("draw"));
    assert_eq!(state.up_card(), card("R9"));
}

#[test]
fn uno_drawn_playable_card_may_be_played() {
    let g = table(4);
    let mut state = build(&g, &setup(&["G5 B2", "G1", "G2", "G3"], "Y1 R3", "R9"));
    play(&mut state, "draw");
    assert_eq!(state.current_player(), Some(0));
    assert_eq!(state.drawn_card(), Some(card("R3")));
    assert_eq!(state.legal_action_vec(), acts("R3 pass"));
    play(&mut state, "R3");
    assert_eq!(state.up_card(), card("R3"));
    assert_eq!(state.discard_pile(), &cards("R9 R3")[..]);
    assert_eq!(state.hand(0), sorted("G5 B2"));
    assert_eq!(state.current_player(), Some(1));
    assert_eq!(state.drawn_card(), None);

    // A drawn wild may be played, calling any colour.
    let mut wild = build(&g, &setup(&["G5 B2", "G1", "G2", "G3"], "Y1 W", "R9"));
    play(&mut wild, "draw");
    assert_eq!(wild.legal_action_vec(), acts("W:R W:G W:B W:Y pass"));
    play(&mut wild, "W:Y");
    assert_eq!(wild.called_color(), Some(Color::Yellow));
    assert_eq!(wild.current_player(), Some(1));

    // A drawn action card played keeps its effect: a drawn Draw Two makes seat 1 draw.
    let mut two = build(&g, &setup(&["G5 B2", "G1", "G2", "G3"], "Y1 Y2 R+2", "R9"));
    play(&mut two, "draw");
    play(&mut two, "R+2");
    assert_eq!(two.hand(1), sorted("G1 Y1 Y2"));
    assert_eq!(two.current_player(), Some(2));
}

#[test]
fn uno_drawn_card_may_be_kept_and_pass() {
    let g = table(4);
    let mut state = build(&g, &setup(&["G5 B2", "G1", "G2", "G3"], "Y1 R3", "R9"));
    play(&mut state, "draw");
    play(&mut state, "pass");
    assert_eq!(state.hand(0), sorted("G5 B2 R3"));
    assert_eq!(state.up_card(), card("R9"));
    assert_eq!(state.discard_pile().len(), 1);
    assert_eq!(state.current_player(), Some(1));
    assert_eq!(state.drawn_card(), None);
    assert_eq!(state.legal_action_vec(), acts("draw"));
    assert_eq!(state.decisions(), 2);
}

#[test]
fn uno_only_drawn_card_may_be_played_after_draw() {
    let g = table(4);
    let mut state = build(&g, &setup(&["G5 B2", "G1", "G2", "G3"], "Y1 R3", "R9"));
    play(&mut state, "draw");
    assert_eq!(state.legal_action_vec(), acts("R3 pass"));
    assert_rejected(
        &mut state,
        act("G5"),
        "after drawing you may only play the drawn card R3 or pass",
    );
    assert_rejected(&mut state, act("W:R"), "only play the drawn card R3");
    assert_rejected(&mut state, act("R4"), "only play the drawn card R3");
}

// ---------------------------------------------------------------------------------------------
// Special cards
// ---------------------------------------------------------------------------------------------

#[test]
fn uno_skip_skips_next_player() {
    let g = table(4);
    let mut state = build(&g, &setup(&["RS G1", "R1 R2", "G4", "G6"], "Y1", "R9"));
    play(&mut state, "RS");
    assert_eq!(state.current_player(), Some(2));
    assert_eq!(
        state.hand(1),
        sorted("R1 R2"),
        "the skipped player neither plays nor draws"
    );
    assert_eq!(state.direction(), Direction::Clockwise);

    // Counterclockwise, seat 1's Skip passes over seat 0 to seat 3.
    let mut s = setup(&["R1", "RS G1", "G4", "G6"], "Y1", "R9");
    s.current = 1;
    s.direction = Direction::Counterclockwise;
    let mut ccw = build(&g, &s);
    play(&mut ccw, "RS");
    assert_eq!(ccw.current_player(), Some(3));

    // With two players a Skip gives the same player another turn.
    let mut two = build(&table(2), &setup(&["RS G1", "R1"], "Y1", "R9"));
    play(&mut two, "RS");
    assert_eq!(two.current_player(), Some(0));
}

#[test]
fn uno_reverse_flips_direction() {
    let g = table(4);
    let mut state = build(&g, &setup(&["RR G1 G7", "G2", "G3", "GR Y5"], "Y1", "R9"));
    play(&mut state, "RR");
    assert_eq!(state.direction(), Direction::Counterclockwise);
    assert_eq!(
        state.current_player(),
        Some(3),
        "play moves on in the new direction"
    );
    play(&mut state, "GR");
    assert_eq!(
        state.direction(),
        Direction::Clockwise,
        "a second Reverse flips back"
    );
    assert_eq!(state.current_player(), Some(0));
    play(&mut state, "G1");
    assert_eq!(state.current_player(), Some(1));
    // Counterclockwise, a number card passes play to the previous seat.
    let mut s = setup(&["G2", "G3", "R1 G1", "G4"], "Y1", "R9");
    s.current = 2;
    s.direction = Direction::Counterclockwise;
    let mut ccw = build(&g, &s);
    play(&mut ccw, "R1");
    assert_eq!(ccw.current_player(), Some(1));
}

/// Ruling (course): with 2 players a Reverse flips the direction and the turn passes to the other
/// player, as the course's own game code does; it is no Skip.
#[test]
fn uno_reverse_with_two_players_passes_turn_to_other_player_not_a_skip() {
    let g = table(2);
    let mut state = build(&g, &setup(&["RR R1 G1", "G2 R5"], "Y1", "R9"));
    play(&mut state, "RR");
    assert_eq!(state.direction(), Direction::Counterclockwise);
    assert_eq!(
        state.current_player(),
        Some(1),
        "the other player plays next: a Reverse is no Skip with two players"
    );
    assert_eq!(state.hand(0), sorted("R1 G1"));
    assert_eq!(
        state.hand(1),
        sorted("G2 R5"),
        "seat 1 neither drew nor lost a turn"
    );
    assert_eq!(state.legal_action_vec(), acts("R5"));
    play(&mut state, "R5");
    assert_eq!(state.current_player(), Some(0));

    // Seat 1's Reverse, counterclockwise, flips back to clockwise and again passes the turn.
    let mut s = setup(&["R1 G1", "RR G2"], "Y1", "R9");
    s.current = 1;
    s.direction = Direction::Counterclockwise;
    let mut ccw = build(&g, &s);
    play(&mut ccw, "RR");
    assert_eq!(ccw.direction(), Direction::Clockwise);
    assert_eq!(ccw.current_player(), Some(0));

    // A Skip, by contrast, gives the same player another turn.
    let mut skip = build(&g, &setup(&["RS R1 G1", "G2 R5"], "Y1", "R9"));
    play(&mut skip, "RS");
    assert_eq!(skip.current_player(), Some(0));
}

#[test]
fn uno_draw_two_next_draws_two_and_loses_turn() {
    let g = table(4);
    let mut state = build(&g, &setup(&["R+2 G1", "G2", "G3", "G4"], "Y1 Y2 Y3", "R9"));
    play(&mut state, "R+2");
    assert_eq!(
        state.hand(1),
        sorted("G2 Y2 Y3"),
        "seat 1 drew the top two cards"
    );
    assert_eq!(state.draw_pile(), &cards("Y1")[..]);
    assert_eq!(state.current_player(), Some(2));
    assert_eq!(hand_sizes(&state), vec![1, 3, 1, 1]);

    // Counterclockwise the victim is the previous seat.
    let mut s = setup(&["R+2 G1", "G2", "G3", "G4"], "Y1 Y2 Y3", "R9");
    s.direction = Direction::Counterclockwise;
    let mut ccw = build(&g, &s);
    play(&mut ccw, "R+2");
    assert_eq!(ccw.hand(3), sorted("G4 Y2 Y3"));
    assert_eq!(ccw.current_player(), Some(2));

    // With two players the same player goes again.
    let mut two = build(&table(2), &setup(&["R+2 G1", "G2"], "Y1 Y2 Y3", "R9"));
    play(&mut two, "R+2");
    assert_eq!(two.hand(1), sorted("G2 Y2 Y3"));
    assert_eq!(two.current_player(), Some(0));
}

#[test]
fn uno_wild_draw_four_next_draws_four_and_loses_turn() {
    let g = table(4);
    let mut state = build(
        &g,
        &setup(&["W+4 G1", "G2", "G3", "G4"], "Y1 Y2 Y3 Y4 Y5", "R9"),
    );
    play(&mut state, "W+4:B");
    assert_eq!(state.hand(1), sorted("G2 Y2 Y3 Y4 Y5"));
    assert_eq!(state.draw_pile(), &cards("Y1")[..]);
    assert_eq!(state.current_player(), Some(2));
    assert_eq!(state.up_card(), Card::WILD_DRAW_FOUR);
    assert_eq!(state.called_color(), Some(Color::Blue));
    // Seat 2 must follow the called colour.
    assert_eq!(state.legal_action_vec(), acts("draw"));
}

#[test]
fn uno_wild_calls_colour() {
    let g = table(4);
    let mut state = build(&g, &setup(&["W G1", "R9 B2 G7", "G3", "G4"], "Y1", "R5"));
    // Any colour may be called, held or not.
    assert_eq!(state.legal_action_vec(), acts("W:R W:G W:B W:Y"));
    play(&mut state, "W:B");
    assert_eq!(state.up_card(), Card::WILD);
    assert_eq!(state.called_color(), Some(Color::Blue));
    assert_eq!(state.observation(2).last_called[0], Some(Color::Blue));
    assert_eq!(state.current_player(), Some(1));
    // Red was the colour before the wild; now only blue (or a wild) goes.
    assert_eq!(state.legal_action_vec(), acts("B2"));
    play(&mut state, "B2");
    assert_eq!(
        state.called_color(),
        None,
        "the call lapses once a coloured card covers the wild"
    );
    assert_eq!(state.current_player(), Some(2));
}

#[test]
fn uno_no_stacking_of_draw_cards() {
    let g = table(4);
    let mut state = build(
        &g,
        &setup(
            &["R+2 G1", "G+2 W+4 B1", "Y+2 Y1", "B2"],
            "G5 G6 G7 G8 G9",
            "R9",
        ),
    );
    play(&mut state, "R+2");
    // Seat 1 holds a Draw Two and a Wild Draw Four, yet gets no response: it draws and is skipped.
    assert_eq!(state.current_player(), Some(2));
    assert_eq!(state.hand(1), sorted("G+2 W+4 B1 G8 G9"));
    // Seat 2 may play its own Draw Two on the Draw Two (same rank), and seat 3 draws just two.
    play(&mut state, "Y+2");
    assert_eq!(state.hand(3), sorted("B2 G6 G7"));
    assert_eq!(state.draw_pile(), &cards("G5")[..]);
    assert_eq!(state.current_player(), Some(0));
    assert_eq!(hand_sizes(&state), vec![1, 5, 1, 3]);
}

// ---------------------------------------------------------------------------------------------
// The draw pile running out
// ---------------------------------------------------------------------------------------------

#[test]
fn uno_draw_pile_empty_reshuffles_discards_except_up_card() {
    let g = table(4);
    let mut orders = BTreeSet::new();
    for seed in 0..20 {
        let mut s = setup(&["Y5 Y6", "G1", "G2", "G3"], "", "B1 B2 B3 R9");
        s.seed = seed;
        let mut state = build(&g, &s);
        play(&mut state, "draw");
        assert_eq!(state.discard_pile(), &cards("R9")[..], "the up card stays");
        // The other discards became the draw pile, and seat 0 drew one of them.
        let mut hidden: Vec<Card> = state
            .hand(0)
            .into_iter()
            .filter(|c| c.color() == Some(Color::Blue))
            .collect();
        assert_eq!(hidden.len(), 1);
        assert_eq!(state.draw_pile().len(), 2);
        hidden.extend_from_slice(state.draw_pile());
        hidden.sort();
        assert_eq!(hidden, sorted("B1 B2 B3"));
        assert_eq!(
            state.legal_action_vec(),
            acts("pass"),
            "a blue card does not go on R9"
        );
        play(&mut state, "pass");
        assert_eq!(state.current_player(), Some(1));
        orders.insert(format!("{:?}", state.draw_pile()));
    }
    assert!(
        orders.len() > 1,
        "the new draw pile is shuffled: {orders:?}"
    );

    // The same happens in the middle of a Draw Two: one card from the old pile, one after.
    let mut state = build(&g, &setup(&["R+2 G1", "Y1", "Y2", "Y3"], "G9", "B1 B2 R9"));
    play(&mut state, "R+2");
    assert_eq!(state.discard_pile(), &cards("R+2")[..]);
    let seat1 = state.hand(1);
    assert_eq!(seat1.len(), 3);
    assert!(seat1.contains(&card("Y1")) && seat1.contains(&card("G9")));
    let mut rest: Vec<Card> = seat1
        .into_iter()
        .filter(|&c| c != card("Y1") && c != card("G9"))
        .collect();
    rest.extend_from_slice(state.draw_pile());
    rest.sort();
    assert_eq!(rest, sorted("B1 B2 R9"));
    assert_eq!(state.current_player(), Some(2));
}

#[test]
fn uno_reshuffle_resets_played_cards() {
    let g = table(4);
    let mut state = build(
        &g,
        &setup(&["Y5 Y6", "R4 G1", "G2", "G3"], "", "B1 B2 B3 R9"),
    );
    assert_eq!(state.observation(0).played_cards(), &cards("B2 B3 R9")[..]);
    play(&mut state, "draw");
    for seat in 0..4 {
        assert!(
            state.observation(seat).played_cards().is_empty(),
            "seat {seat}"
        );
    }
    play(&mut state, "pass");
    play(&mut state, "R4");
    assert_eq!(state.observation(2).played_cards(), &cards("R4")[..]);
}

#[test]
fn uno_round_is_drawn_when_nothing_left_to_draw() {
    let g = table(4);
    let mut state = build(&g, &setup(&["G5", "G6", "G7", "G8"], "", "R9"));
    assert_eq!(state.legal_action_vec(), acts("draw"));
    play(&mut state, "draw");
    assert!(state.is_terminal());
    assert_eq!(
        state.last_round_outcome(),
        Some(RoundOutcome {
            round: 0,
            winner: None,
            points: 0
        })
    );
    let result = state.last_round().unwrap();
    assert!(result.winners.is_empty());
    assert_eq!(result.points, vec![0.0; 4]);
    assert_eq!(state.returns(), vec![0.0; 4]);
    assert_eq!(state.rounds_completed(), 1);

    // A Draw Two that cannot be completed ends the round drawn too.
    let mut two = build(&g, &setup(&["R+2 G5", "G6", "G7", "G8"], "", "R9"));
    play(&mut two, "R+2");
    assert!(two.is_terminal());
    assert_eq!(two.last_round_outcome().unwrap().winner, None);
    assert_eq!(two.scores(), &[0, 0, 0, 0]);

    // In a match a drawn round scores nothing and the next round is dealt.
    let mut s = setup(&["G5", "G6", "G7", "G8"], "", "R9");
    s.scores = vec![10, 20, 30, 40];
    let mut in_match = build(&match_to(500), &s);
    play(&mut in_match, "draw");
    assert!(!in_match.is_terminal());
    assert_eq!(in_match.scores(), &[10, 20, 30, 40]);
    assert_eq!(in_match.rounds_completed(), 1);
    assert_eq!(hand_sizes(&in_match), vec![7; 4]);
}

// ---------------------------------------------------------------------------------------------
// The end of a round and scoring
// ---------------------------------------------------------------------------------------------

#[test]
fn uno_round_ends_when_hand_empty_and_last_card_effect_not_applied() {
    let g = table(4);
    for (last, action) in [("R+2", "R+2"), ("W+4", "W+4:G"), ("RS", "RS"), ("RR", "RR")] {
        let mut state = build(
            &g,
            &setup(&[last, "G1 G2", "G3", "G4"], "Y1 Y2 Y3 Y4 Y5", "R9"),
        );
        play(&mut state, action);
        assert!(state.is_terminal(), "{last}");
        assert_eq!(state.current_player(), None);
        assert_eq!(state.hand(1), sorted("G1 G2"), "{last}: nobody draws");
        assert_eq!(state.draw_pile(), &cards("Y1 Y2 Y3 Y4 Y5")[..]);
        assert_eq!(
            state.direction(),
            Direction::Clockwise,
            "{last}: no reversal"
        );
        assert_eq!(state.scores(), &[10, 0, 0, 0], "{last}: 1 + 2 + 3 + 4");
        assert!(state.legal_action_vec().is_empty());
    }
}

#[test]
fn uno_winner_scores_cards_in_other_hands() {
    let g = table(4);
    let mut state = build(
        &g,
        &setup(&["R5", "R1 G0 B9", "YS RR G+2", "W W+4 Y7"], "Y1", "R9"),
    );
    play(&mut state, "R5");
    // Numbers at face value (1 + 0 + 9), specials 20 each (60), wilds 50 each plus a 7 (107).
    assert_eq!(state.scores(), &[177, 0, 0, 0]);
    assert_eq!(state.returns(), vec![177.0, 0.0, 0.0, 0.0]);
    assert_eq!(
        state.last_round_outcome(),
        Some(RoundOutcome {
            round: 0,
            winner: Some(0),
            points: 177
        })
    );
    let result = state.last_round().unwrap();
    assert_eq!(result.winners, vec![0]);
    assert_eq!(result.points, vec![177.0, 0.0, 0.0, 0.0]);

    // The points are added to the winner's total; the losers' totals are unchanged.
    let mut s = setup(&["G1", "R1 G0 B9", "YS RR G+2", "W W+4 Y7"], "Y1", "G9");
    s.current = 0;
    s.scores = vec![5, 100, 0, 30];
    let mut again = build(&g, &s);
    play(&mut again, "G1");
    assert_eq!(again.scores(), &[182, 100, 0, 30]);

    for c in Card::all_kinds() {
        let expected = match c.rank() {
            Rank::Number(n) => u32::from(n),
            Rank::Skip | Rank::Reverse | Rank::DrawTwo => 20,
            Rank::Wild | Rank::WildDrawFour => 50,
        };
        assert_eq!(c.points(), expected, "{c}");
    }
}

#[test]
fn uno_match_runs_to_target() {
    let g = match_to(500);
    // Reaching the target exactly ends the match.
    let mut s = setup(&["R5", "G5 G6", "G9", "Y0"], "Y1", "R9");
    s.scores = vec![480, 100, 0, 0];
    let mut state = build(&g, &s);
    play(&mut state, "R5");
    assert!(state.is_terminal());
    assert_eq!(state.scores(), &[500, 100, 0, 0]);
    assert_eq!(state.rounds_completed(), 1);

    // A whole match from a seed stops at the first round that takes someone to the target.
    let g = match_to(200);
    for seed in 0..10 {
        let mut state = g.new_game(seed);
        play_out(&mut state, seed);
        let outcome = state.last_round_outcome().unwrap();
        let w = outcome
            .winner
            .expect("the final round of a match has a winner");
        assert!(
            state.scores()[w] >= 200,
            "seed {seed}: {:?}",
            state.scores()
        );
        assert!(
            state.scores()[w] - outcome.points < 200,
            "seed {seed}: reached the target earlier"
        );
        for (seat, &score) in state.scores().iter().enumerate() {
            if seat != w {
                assert!(score < 200, "seed {seed}");
            }
        }
        assert_eq!(state.rounds_completed(), outcome.round + 1);
    }
}

#[test]
fn uno_match_continues_below_target() {
    let g = match_to(500);
    let mut s = setup(&["W", "G5 G6", "G8", "Y0"], "Y1", "R9");
    s.scores = vec![470, 100, 0, 0];
    s.last_called = vec![None, Some(Color::Red), None, Some(Color::Green)];
    let mut state = build(&g, &s);
    play(&mut state, "W:B");
    assert!(!state.is_terminal());
    assert_eq!(state.scores(), &[489, 100, 0, 0]);
    assert_eq!(state.rounds_completed(), 1);
    // A fresh round is dealt, with a fresh start.
    assert_eq!(hand_sizes(&state), vec![7; 4]);
    assert_eq!(state.discard_pile().len(), 1);
    assert_eq!(state.draw_pile().len(), 79);
    assert_eq!(state.direction(), Direction::Clockwise);
    assert_eq!(state.called_color(), None);
    assert_eq!(state.observation(0).last_called.to_vec(), vec![None; 4]);
    state.check_conservation().unwrap();
}

#[test]
fn uno_rounds_option_ends_after_n_rounds() {
    let g = Uno::new(UnoOptions {
        players: 4,
        target: None,
        rounds: Some(2),
    })
    .unwrap();
    let mut state = build(&g, &setup(&["R5", "G5 G6", "G9", "Y0"], "Y1", "R9"));
    play(&mut state, "R5");
    assert!(!state.is_terminal(), "one round of two");
    assert_eq!(state.rounds_completed(), 1);
    assert_eq!(state.scores(), &[20, 0, 0, 0]);
    play_out(&mut state, 7);
    assert_eq!(state.rounds_completed(), 2);
    assert_eq!(state.last_round().unwrap().round, 1);

    // No target stops a tournament table early: scores pass any size.
    let g = Uno::new(UnoOptions {
        players: 4,
        target: None,
        rounds: Some(5),
    })
    .unwrap();
    for seed in 0..3 {
        let mut state = g.new_game(seed);
        play_out(&mut state, seed);
        assert_eq!(state.rounds_completed(), 5, "seed {seed}");
    }

    // With both, whichever comes first: a target of 1 ends at the first round won.
    let g = Uno::new(UnoOptions {
        players: 4,
        target: Some(1),
        rounds: Some(50),
    })
    .unwrap();
    let mut state = build(&g, &setup(&["R5", "G5 G6", "G9", "Y0"], "Y1", "R9"));
    play(&mut state, "R5");
    assert!(state.is_terminal());
    assert_eq!(state.rounds_completed(), 1);
}

#[test]
fn uno_one_round_when_no_target_or_rounds() {
    let game = Uno::standard();
    for seed in 0..10 {
        let mut state = game.new_game(seed);
        play_out(&mut state, seed + 100);
        assert_eq!(state.rounds_completed(), 1, "seed {seed}");
        assert_eq!(state.last_round().unwrap().round, 0);
    }
}

// ---------------------------------------------------------------------------------------------
// Common rulings: seats, purity
// ---------------------------------------------------------------------------------------------

#[test]
fn common_next_player_is_seat_plus_one() {
    let g = table(4);
    let mut s = setup(&["G1", "G2", "G3", "R1 G4"], "Y1", "R9");
    s.current = 3;
    let mut state = build(&g, &s);
    play(&mut state, "R1");
    assert_eq!(state.current_player(), Some(0));
}

#[test]
fn uno_game_replays_from_seed() {
    let game = Uno::new(UnoOptions {
        players: 3,
        target: None,
        rounds: Some(3),
    })
    .unwrap();
    for seed in 0..5 {
        let mut first = game.new_game(seed);
        let mut states = vec![first.clone()];
        let mut rng = seeded(seed ^ 0xABCD);
        let mut actions = Vec::new();
        while !first.is_terminal() {
            let legal = first.legal_action_vec();
            let a = legal[rng.random_range(0..legal.len())];
            first.apply(a).unwrap();
            actions.push(a);
            states.push(first.clone());
        }
        let mut again = game.new_game(seed);
        assert_eq!(again, states[0]);
        for (i, &a) in actions.iter().enumerate() {
            again.apply(a).unwrap();
            assert_eq!(again, states[i + 1], "seed {seed}, after action {i} ({a})");
        }
        assert_eq!(again.returns(), first.returns());
    }
    assert_ne!(
        game.new_game(1),
        game.new_game(2),
        "different seeds deal differently"
    );
}

// ---------------------------------------------------------------------------------------------
// Illegal actions
// ---------------------------------------------------------------------------------------------

#[test]
fn uno_illegal_wild_without_colour_rejected() {
    let g = table(4);
    let mut state = build(&g, &setup(&["W W+4 G1", "G2", "G3", "G4"], "Y1", "R9"));
    assert_rejected(
        &mut state,
        UnoAction::Play(Card::WILD),
        "a wild must call a colour",
    );
    assert_rejected(
        &mut state,
        UnoAction::Play(Card::WILD_DRAW_FOUR),
        "a wild must call a colour",
    );
    assert!("W".parse::<UnoAction>().is_err());
    assert!("W+4".parse::<UnoAction>().is_err());
}

#[test]
fn uno_illegal_colour_call_on_coloured_card_rejected() {
    let g = table(4);
    let mut state = build(&g, &setup(&["R2 G1", "G2", "G3", "G4"], "Y1", "R9"));
    assert_rejected(
        &mut state,
        UnoAction::Wild(card("R2"), Color::Blue),
        "R2 is not a wild and calls no colour",
    );
    assert!("R2:B".parse::<UnoAction>().is_err());
}

#[test]
fn uno_illegal_card_not_in_hand_rejected() {
    let g = table(4);
    let mut state = build(&g, &setup(&["R2 G5", "R7", "G3", "G4"], "Y1", "R9"));
    assert_rejected(&mut state, act("R7"), "R7 is not in your hand");
    assert_rejected(&mut state, act("W:R"), "W is not in your hand");
}

#[test]
fn uno_illegal_pass_before_drawing_rejected() {
    let g = table(4);
    let mut nothing = build(&g, &setup(&["G5", "G2", "G3", "G4"], "Y1", "R9"));
    assert_rejected(
        &mut nothing,
        UnoAction::Pass,
        "you may pass only after drawing a playable card",
    );
    let mut playable = build(&g, &setup(&["R5", "G2", "G3", "G4"], "Y1", "R9"));
    assert_rejected(&mut playable, UnoAction::Pass, "only after drawing");
}

#[test]
fn uno_illegal_draw_after_drawing_rejected() {
    let g = table(4);
    let mut state = build(&g, &setup(&["G5", "G2", "G3", "G4"], "Y1 R3", "R9"));
    play(&mut state, "draw");
    assert_rejected(
        &mut state,
        UnoAction::Draw,
        "you have already drawn this turn",
    );
}

#[test]
fn uno_no_action_after_game_over() {
    let g = table(4);
    let mut state = build(&g, &setup(&["R5", "G2", "G3", "G4"], "Y1", "R9"));
    play(&mut state, "R5");
    assert!(state.legal_action_vec().is_empty());
    for a in ["G2", "draw", "pass", "W:R"] {
        assert_rejected(&mut state, act(a), "the game is over");
    }
}

// ---------------------------------------------------------------------------------------------
// Text and JSON forms
// ---------------------------------------------------------------------------------------------

#[test]
fn uno_action_text_and_json_round_trip() {
    let universe = action_universe();
    assert_eq!(universe.len(), 52 + 2 * 4 + 2);
    for a in universe {
        let text = a.to_string();
        assert_eq!(text.parse::<UnoAction>().unwrap(), a, "{text}");
        let json = serde_json::to_string(&a).unwrap();
        assert_eq!(json, format!("\"{text}\""));
        assert_eq!(serde_json::from_str::<UnoAction>(&json).unwrap(), a);
    }
    for (a, text) in [
        (UnoAction::Play(Card::number(Color::Red, 5)), "R5"),
        (
            UnoAction::Play(Card::colored(Color::Green, Rank::Skip).unwrap()),
            "GS",
        ),
        (
            UnoAction::Play(Card::colored(Color::Blue, Rank::Reverse).unwrap()),
            "BR",
        ),
        (
            UnoAction::Play(Card::colored(Color::Yellow, Rank::DrawTwo).unwrap()),
            "Y+2",
        ),
        (UnoAction::Wild(Card::WILD, Color::Blue), "W:B"),
        (UnoAction::Wild(Card::WILD_DRAW_FOUR, Color::Green), "W+4:G"),
        (UnoAction::Draw, "draw"),
        (UnoAction::Pass, "pass"),
    ] {
        assert_eq!(a.to_string(), text);
        assert_eq!(act(text), a);
    }
    for c in Card::all_kinds() {
        assert_eq!(c.to_string().parse::<Card>().unwrap(), c);
        assert_eq!(serde_json::to_string(&c).unwrap(), format!("\"{c}\""));
    }
}

#[test]
fn common_parsing_is_case_sensitive_and_strict_naming_bad_token() {
    for bad in [
        "R10", "W:X", "r5", "", "W", "W+4", "R5:B", "Draw", "PASS", "W+4:b", " R5", "R5 ", "WD4",
        "B+4", "RS2", "R-1", "W:", ":B",
    ] {
        let err = bad
            .parse::<UnoAction>()
            .expect_err(&format!("{bad:?} should not parse"));
        assert_eq!(err.input, bad);
        assert!(
            err.to_string().contains(&format!("{bad:?}")),
            "error {err} should name {bad:?}"
        );
        assert!(!err.reason.is_empty());
        assert!(serde_json::from_str::<UnoAction>(&format!("{bad:?}")).is_err());
    }
    for bad in ["R10", "r5", "", "W:B", "w", "X5", "G+3"] {
        let err = bad
            .parse::<Card>()
            .expect_err(&format!("{bad:?} should not parse"));
        assert_eq!(err.token, bad);
        assert!(err.to_string().contains(&format!("{bad:?}")), "{err}");
    }
    let w = "W:X".parse::<UnoAction>().unwrap_err();
    assert!(w.reason.contains("\"X\""), "{}", w.reason);
}

#[test]
fn uno_action_fits_in_4_bytes() {
    assert!(size_of::<UnoAction>() <= 4, "{}", size_of::<UnoAction>());
    assert_eq!(size_of::<Card>(), 1);
}

// ---------------------------------------------------------------------------------------------
// Setup validation
// ---------------------------------------------------------------------------------------------

fn setup_error(game: &Uno, s: &UnoSetup) -> String {
    UnoState::from_setup(game, s)
        .expect_err("the setup should be rejected")
        .to_string()
}

#[test]
fn uno_setup_rejects_too_many_copies() {
    let g = table(4);
    // Two R5 in hands and one in the draw pile: the deck has two.
    let e = setup_error(&g, &setup(&["R5 G1", "R5", "G3", "G4"], "R5", "R9"));
    assert!(e.contains("3 copies of R5; the deck has 2"), "{e}");
    let e = setup_error(&g, &setup(&["R0 G1", "G2", "G3", "G4"], "", "R0"));
    assert!(e.contains("2 copies of R0; the deck has 1"), "{e}");
    let e = setup_error(&g, &setup(&["W W W", "W G2", "G3", "G4"], "", "W R9"));
    assert!(e.contains("5 copies of W; the deck has 4"), "{e}");
}

#[test]
fn uno_setup_rejects_empty_discard() {
    let e = setup_error(&table(4), &setup(&["R5", "G2", "G3", "G4"], "Y1", ""));
    assert!(e.contains("discard pile is empty"), "{e}");
}

#[test]
fn uno_setup_rejects_wild_up_card_without_called_colour() {
    let g = table(4);
    let e = setup_error(&g, &setup(&["R5", "G2", "G3", "G4"], "Y1", "R9 W+4"));
    assert!(
        e.contains("the up card W+4 is a wild but no colour is called"),
        "{e}"
    );
    let mut s = setup(&["R5", "G2", "G3", "G4"], "Y1", "R9");
    s.called_color = Some(Color::Green);
    let e = setup_error(&g, &s);
    assert!(e.contains("is not a wild"), "{e}");
}

#[test]
fn uno_setup_drawn_card_must_be_in_hand_and_may_not_fit() {
    let g = table(4);
    let mut s = setup(&["G5 B2", "G2", "G3", "G4"], "Y1", "R9");
    // A drawn card that does not fit leaves `pass` as the only choice.
    s.drawn = Some(card("G5"));
    assert_eq!(build(&g, &s).legal_action_vec(), acts("pass"));
    s.drawn = Some(card("R3"));
    let e = setup_error(&g, &s);
    assert!(
        e.contains("the drawn card R3 is not in seat 0's hand"),
        "{e}"
    );
    // A playable drawn card in the hand is accepted and starts the play-or-pass decision.
    s.hands[0] = cards("G5 R3");
    let state = build(&g, &s);
    assert_eq!(state.legal_action_vec(), acts("R3 pass"));
}

#[test]
fn uno_setup_rejects_inconsistent_tables() {
    let g = table(4);
    let e = setup_error(&g, &setup(&["R5", "G2", "G3"], "", "R9"));
    assert!(e.contains("3 hands for 4 players"), "{e}");
    let e = setup_error(&g, &setup(&["R5", "", "G3", "G4"], "", "R9"));
    assert!(e.contains("seat 1 has no cards"), "{e}");
    let mut s = setup(&["R5", "G2", "G3", "G4"], "", "R9");
    s.current = 4;
    let e = setup_error(&g, &s);
    assert!(e.contains("seat 4 to act"), "{e}");
    let mut s = setup(&["R5", "G2", "G3", "G4"], "", "R9");
    s.scores = vec![500, 0, 0, 0];
    let e = setup_error(&match_to(500), &s);
    assert!(e.contains("already has 500 points"), "{e}");
}

#[test]
fn uno_setup_rejects_oversized_hands_and_piles_before_building() {
    let g = table(4);
    // 300 red fives would overflow a hand's per-kind count: rejected, not a panic.
    let mut s = setup(&["R5", "G2", "G3", "G4"], "", "R9");
    s.hands[0] = vec![card("R5"); 300];
    let e = setup_error(&g, &s);
    assert!(
        e.contains("seat 0 holds 300 cards; the deck has 108"),
        "{e}"
    );
    // Within the deck's size but too many copies: the copy count is checked first too.
    s.hands[0] = vec![card("R5"); 100];
    let e = setup_error(&g, &s);
    assert!(e.contains("100 copies of R5; the deck has 2"), "{e}");
    // Piles longer than the deck.
    let mut s = setup(&["R5", "G2", "G3", "G4"], "", "R9");
    s.draw_pile = vec![card("Y1"); 200];
    let e = setup_error(&g, &s);
    assert!(e.contains("the draw pile holds 200 cards"), "{e}");
    let mut s = setup(&["R5", "G2", "G3", "G4"], "", "R9");
    s.discard = vec![card("Y1"); 109];
    let e = setup_error(&g, &s);
    assert!(e.contains("the discard pile holds 109 cards"), "{e}");
}

#[test]
fn uno_scores_are_totals_beyond_u32_range() {
    // A very long tournament table can pass 2^32 points: totals are 64-bit.
    let g = Uno::new(UnoOptions {
        players: 4,
        target: None,
        rounds: Some(*UnoOptions::ROUNDS.end()),
    })
    .unwrap();
    let big = u64::from(u32::MAX);
    let mut s = setup(&["R5", "G5 G6", "G9", "Y0"], "Y1", "R9");
    s.scores = vec![big, 7, 0, 0];
    s.rounds_completed = 1000;
    let mut state = build(&g, &s);
    play(&mut state, "R5");
    assert_eq!(state.scores(), &[big + 20, 7, 0, 0]);
    assert_eq!(state.returns()[0], (big + 20) as f64);
    assert_eq!(
        state.observation(2).scores.to_vec(),
        vec![big + 20, 7, 0, 0]
    );
    assert_eq!(state.last_round_outcome().unwrap().points, 20u64);
    // Totals saturate rather than overflow, whatever a scripted setup starts from.
    let mut s = setup(&["R5", "G5 G6", "G9", "Y0"], "Y1", "R9");
    s.scores = vec![u64::MAX - 1, 0, 0, 0];
    let mut state = build(&g, &s);
    play(&mut state, "R5");
    assert_eq!(state.scores()[0], u64::MAX);
}

// ---------------------------------------------------------------------------------------------
// Rulings
// ---------------------------------------------------------------------------------------------

#[test]
fn uno_no_challenges_or_uno_call_penalties() {
    let g = table(4);
    // A Wild Draw Four may be played while holding a card of the up card's colour (R3) and of
    // the colour about to be called (G5): nothing restricts it.
    let mut state = build(
        &g,
        &setup(
            &["W+4 R3 G5", "B1 B2", "Y1 Y2", "B3 G7"],
            "Y3 Y4 Y5 Y6 Y7 Y8",
            "R9",
        ),
    );
    let legal = state.legal_action_vec();
    assert!(legal.contains(&act("R3")));
    assert!(legal.contains(&act("W+4:G")));
    play(&mut state, "W+4:G");
    // The victim cannot challenge: it never gets a decision. It takes four cards and seat 2 acts.
    assert_eq!(state.current_player(), Some(2));
    assert_eq!(hand_sizes(&state), vec![2, 6, 2, 2]);
    assert_eq!(state.draw_pile().len(), 2);
    // Seat 2 (and anyone) may only play, draw or pass: there is no challenge or "Uno" action.
    assert_eq!(state.legal_action_vec(), acts("draw"));
    assert_eq!(action_universe().len(), 13 * 4 + 2 * 4 + 2);
    assert!(action_universe().iter().all(|a| matches!(
        a,
        UnoAction::Play(_) | UnoAction::Wild(..) | UnoAction::Draw | UnoAction::Pass
    )));

    // Going down to one card without "calling Uno" costs nothing: no draw, no extra decision.
    let mut state = build(
        &g,
        &setup(
            &["R3 G5", "R1 G7", "R2 B4", "R5 B6"],
            "Y1 Y2 Y3 Y4 Y5 Y6",
            "R9",
        ),
    );
    play(&mut state, "R3");
    assert_eq!(hand_sizes(&state), vec![1, 2, 2, 2]);
    assert_eq!(state.current_player(), Some(1));
    assert_eq!(state.legal_action_vec(), acts("R1"), "no catch-out action");
    play(&mut state, "R1");
    assert_eq!(state.legal_action_vec(), acts("R2"));
    play(&mut state, "R2");
    assert_eq!(state.legal_action_vec(), acts("R5"));
    play(&mut state, "R5");
    assert_eq!(hand_sizes(&state), vec![1, 1, 1, 1]);
    assert_eq!(state.draw_pile().len(), 6, "nobody was made to draw");
    // Seat 0 still holds its one card and goes out with it.
    assert_eq!(state.legal_action_vec(), acts("G5"));
    play(&mut state, "G5");
    assert!(state.is_terminal());
    assert_eq!(state.scores(), &[7 + 4 + 6, 0, 0, 0]);
}

/// The tournament ruling: a table of four plays a fixed number of rounds and seats are ranked by
/// total points. The ranking itself is the arena's; Uno provides the rounds option (the game ends
/// after exactly that many rounds, whatever the scores) and returns that are the total points.
#[test]
fn uno_tournament_fixed_rounds_table_of_four_ranked_by_total_points() {
    const ROUNDS: u32 = 12;
    let game = Uno::new(UnoOptions {
        players: 4,
        target: None,
        rounds: Some(ROUNDS),
    })
    .unwrap();
    assert_eq!(game.num_players(), 4);
    for seed in 0..4 {
        let mut bots: Vec<Box<dyn Bot<Uno>>> = (0..4)
            .map(|s| -> Box<dyn Bot<Uno>> {
                let bot_seed = derive_seed(seed, s);
                if s % 2 == 0 {
                    Box::new(HeuristicBot::new(bot_seed))
                } else {
                    Box::new(RandomBot::new(bot_seed))
                }
            })
            .collect();
        // Sum each round's points as the rounds end.
        let mut totals = [0.0f64; 4];
        let mut rounds_seen = 0;
        let end = play_with_bots(&game, game.new_game(seed), &mut bots, |step| {
            if step.after.rounds_completed() > step.before.rounds_completed() {
                let round = step.after.last_round().expect("a round just ended");
                assert_eq!(round.round, rounds_seen);
                assert_eq!(round.points.len(), 4);
                for (t, p) in totals.iter_mut().zip(&round.points) {
                    *t += p;
                }
                rounds_seen += 1;
            }
            Ok(())
        })
        .unwrap();
        assert!(end.is_terminal());
        assert_eq!(end.rounds_completed(), ROUNDS, "seed {seed}");
        assert_eq!(rounds_seen, ROUNDS, "seed {seed}");
        // The returns are the total points, which rank the table.
        let returns = end.returns();
        assert_eq!(returns, totals.to_vec(), "seed {seed}");
        let scores: Vec<f64> = end.scores().iter().map(|&s| s as f64).collect();
        assert_eq!(returns, scores, "seed {seed}");
        assert!(
            returns.iter().sum::<f64>() > 0.0,
            "seed {seed}: points were scored"
        );
    }
}
