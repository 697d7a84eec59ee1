//! The rules of Chexers (seed `shared/seeds/chexers.txt`) and the Chexers rulings
//! (`shared/RULINGS.md`), each a named scenario.
//!
//! Positions are written in the position notation `R:.../G:.../B:.../X:r,g,b/T:n` (pieces as
//! `q,r`, exits so far, decisions so far; the player to move is `T % 3`). Hexes are axial
//! `(q, r)`: on the seed's pictures `r` is the row (top row `r = -3`) and `q` grows to the right,
//! so `(q±1, r)` are the horizontal neighbours, `(q+1, r-1)` / `(q, r-1)` the upper right / left
//! and `(q, r+1)` / `(q-1, r+1)` the lower right / left.

use crate::common;

use std::collections::{BTreeSet, HashMap, HashSet};

use common::*;
use parlour_chexers::board::{EXIT_HEXES, START_HEXES, STEPS as ENGINE_STEPS};
use parlour_chexers::{
    Chexers, ChexersAction, ChexersState, Colour, DrawReason, Hex, Outcome, Position,
};
use parlour_core::rng::seeded;
use parlour_core::{Game, State};

// ---------------------------------------------------------------------------------------------
// Setup: the board, the players, the pieces.
// ---------------------------------------------------------------------------------------------

/// Seed: "Chexers plays on a hexagonal board of 37 hexes". Ruling: axial `(q, r)` with
/// `-3 <= q, r, -q-r <= 3`.
#[test]
fn axial_coordinates_cover_exactly_37_hexes() {
    let mut n = 0;
    for q in -6i8..=6 {
        for r in -6i8..=6 {
            let on = on_board(q, r);
            assert_eq!(Hex::new(q, r).is_some(), on, "({q},{r})");
            assert_eq!(
                Hex::try_new(i64::from(q), i64::from(r)).is_ok(),
                on,
                "({q},{r})"
            );
            if on {
                n += 1;
                let h = hex(q, r);
                assert_eq!((h.q(), h.r(), h.s()), (q, r, -q - r));
                assert_eq!(h.to_string(), format!("({q},{r})"));
            }
        }
    }
    assert_eq!(n, 37);
    assert_eq!(Hex::all().count(), 37);
    let distinct: BTreeSet<(i8, i8)> = Hex::all().map(|h| (h.q(), h.r())).collect();
    assert_eq!(distinct.len(), 37);
    assert!(distinct.iter().all(|&(q, r)| on_board(q, r)));
}

/// Ruling: neighbour steps `(-1,0) (0,-1) (1,-1) (1,0) (0,1) (-1,1)`, in that order.
#[test]
fn neighbour_steps_are_the_courses_six_in_the_courses_order() {
    assert_eq!(ENGINE_STEPS, STEPS);
    let centre = hex(0, 0);
    let got: Vec<(i8, i8)> = centre.neighbours().map(|h| (h.q(), h.r())).collect();
    assert_eq!(got, STEPS.to_vec());
    for h in Hex::all() {
        // Each hex's neighbours are exactly its on-board steps, in step order.
        let expect: Vec<(i8, i8)> = STEPS
            .iter()
            .map(|&(dq, dr)| (h.q() + dq, h.r() + dr))
            .filter(|&(q, r)| on_board(q, r))
            .collect();
        let got: Vec<(i8, i8)> = h.neighbours().map(|n| (n.q(), n.r())).collect();
        assert_eq!(got, expect, "neighbours of {h}");
        for (d, &(dq, dr)) in STEPS.iter().enumerate() {
            assert_eq!(h.neighbour(d), Hex::new(h.q() + dq, h.r() + dr));
        }
    }
}

/// The engine lists a lone piece's moves in the rulings' neighbour order.
#[test]
fn a_lone_pieces_moves_are_listed_in_neighbour_order() {
    let s = state("R:0,0/G:/B:/X:0,0,0/T:0");
    let got: Vec<String> = s.legal_action_vec().iter().map(|a| a.to_string()).collect();
    let expect: Vec<String> = STEPS
        .iter()
        .map(|&(dq, dr)| format!("MOVE (0,0) ({dq},{dr})"))
        .collect();
    assert_eq!(got, expect);
}

/// Seed: "Three players (Red, Green, and Blue) play the game." Common ruling: players are
/// numbered `0..n`.
#[test]
fn three_players_red_green_blue_are_seats_0_1_2() {
    let game = Chexers::standard();
    assert_eq!(game.num_players(), 3);
    assert_eq!(Chexers::INFO.player_range(), 3..=3);
    assert_eq!(Colour::ALL, [Colour::Red, Colour::Green, Colour::Blue]);
    for (seat, name) in ["Red", "Green", "Blue"].iter().enumerate() {
        assert_eq!(Colour::ALL[seat].seat(), seat);
        assert_eq!(Colour::of_seat(seat).unwrap().name(), *name);
    }
    assert_eq!(Colour::of_seat(3), None);
}

/// Seed: "Each player initially controls 4 pieces of their colour." Ruling: the start hexes.
#[test]
fn start_hexes_are_the_rulings_four_per_colour() {
    let s = ChexersState::new();
    let p = s.position();
    for (c, colour) in Colour::ALL.into_iter().enumerate() {
        let got: BTreeSet<(i8, i8)> = p.pieces(colour).iter().map(|h| (h.q(), h.r())).collect();
        let expect: BTreeSet<(i8, i8)> = STARTS[c].iter().copied().collect();
        assert_eq!(got, expect, "{colour}");
        assert_eq!(p.pieces(colour).len(), 4);
        assert_eq!(START_HEXES[c], STARTS[c]);
    }
    assert_eq!(p.exits, [0, 0, 0]);
    assert_eq!(p.turn, 0);
    assert_eq!(p, Position::start());
}

/// Seed: the pieces begin "occupying hexes along three edges of the board" (Figure 1): each
/// colour's four start hexes lie on one edge (Red `q = -3`, Green `r = -3`, Blue `q + r = 3`),
/// and the three edges are different.
#[test]
fn each_colour_starts_along_its_own_edge() {
    let p = Position::start();
    let red: Vec<Hex> = p.pieces(Colour::Red).to_vec();
    let green: Vec<Hex> = p.pieces(Colour::Green).to_vec();
    let blue: Vec<Hex> = p.pieces(Colour::Blue).to_vec();
    assert!(red.iter().all(|h| h.q() == -3));
    assert!(green.iter().all(|h| h.r() == -3));
    assert!(blue.iter().all(|h| h.q() + h.r() == 3));
    for h in red.iter().chain(&green).chain(&blue) {
        assert!(h.neighbours().count() < 6, "{h} is not on the edge");
    }
}

// ---------------------------------------------------------------------------------------------
// Gameplay: turn order, one action, pass.
// ---------------------------------------------------------------------------------------------

/// Seed: "Players take turns, starting with Red, followed by Green, followed by Blue. This cycle
/// repeats until the game ends." Ruling: order Red, Green, Blue; next is `(i + 1) % 3`.
#[test]
fn turns_go_red_green_blue_and_repeat() {
    let mut s = ChexersState::new();
    let mut seen = Vec::new();
    for _ in 0..12 {
        let seat = s.current_player().unwrap();
        seen.push(seat);
        assert_eq!(s.to_move(), Colour::ALL[seat]);
        let a = s.legal_action_vec()[0];
        s.apply(a).unwrap();
    }
    assert_eq!(seen, vec![0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2]);
    assert_eq!(s.turn(), 12);
}

/// The player to move in a scripted position is `T % 3`, passes included.
#[test]
fn the_player_to_move_is_decisions_so_far_mod_3() {
    for t in 0..9u16 {
        let s = state(&format!("R:0,0/G:1,1/B:-1,-1/X:0,0,0/T:{t}"));
        assert_eq!(s.current_player(), Some(usize::from(t % 3)));
    }
    // Passes are turns: with only Blue able to act, Red and Green pass and play comes back to
    // Red after Blue's move.
    let mut s = state("R:/G:/B:0,0/X:0,0,0/T:0");
    play(&mut s, &["PASS", "PASS", "MOVE (0,0) (1,0)"]);
    assert_eq!(s.current_player(), Some(0));
}

/// Seed: "the current player must take a single action involving a piece in their colour".
#[test]
fn an_action_must_use_a_piece_of_the_movers_colour() {
    let s = ChexersState::new();
    let why = reason(&s, "MOVE (0,-3) (0,-2)");
    assert!(
        why.contains("Green piece") && why.contains("Red's turn"),
        "{why}"
    );
    let why = reason(&s, "JUMP (1,2) (-1,2)");
    assert!(why.contains("Blue piece"), "{why}");
    // Every legal action in many positions starts from a piece of the mover's colour.
    for s in sample_states(12, 60) {
        let mover = s.to_move();
        for a in s.legal_action_vec() {
            let from = match a {
                ChexersAction::Move { from, .. }
                | ChexersAction::Jump { from, .. }
                | ChexersAction::Exit { from } => from,
                ChexersAction::Pass => continue,
            };
            assert_eq!(s.at(from), Some(mover), "{a} in {}", s.position());
        }
    }
}

/// Seed: "This action may be a move action, a jump action, or an exit action. If no such
/// actions are possible the player must pass". The engine's legal actions equal, in every
/// sampled position, an independent reading of the rules written in `common`.
#[test]
fn legal_actions_are_exactly_the_moves_jumps_and_exits_or_else_pass() {
    let states = sample_states(30, 120);
    assert!(states.len() > 1000);
    let (mut jumps, mut exits, mut passes) = (0, 0, 0);
    for s in &states {
        if s.is_terminal() {
            assert!(s.legal_action_vec().is_empty());
            continue;
        }
        let expect = reference_legal(&s.position());
        assert_eq!(legal(s), expect, "{}", s.position());
        assert_eq!(s.legal_action_vec().len(), expect.len(), "no duplicates");
        jumps += expect.iter().filter(|a| a.starts_with("JUMP")).count();
        exits += expect.iter().filter(|a| a.starts_with("EXIT")).count();
        passes += usize::from(expect.contains("PASS"));
    }
    // The sample really exercises every kind of action.
    assert!(
        jumps > 0 && exits > 0 && passes > 0,
        "{jumps} {exits} {passes}"
    );
}

/// `check` accepts exactly the legal actions: every action that can be written down is
/// accepted if and only if it is in the legal list.
#[test]
fn check_accepts_exactly_the_legal_actions() {
    let all = every_action();
    for s in sample_states(6, 40) {
        let legal: HashSet<ChexersAction> = s.legal_action_vec().into_iter().collect();
        for &a in &all {
            assert_eq!(
                s.check(a).is_ok(),
                legal.contains(&a),
                "{a} in {}",
                s.position()
            );
        }
    }
}

/// Seed: "If no such actions are possible the player must pass instead, taking no action ...
/// for example if the player has no remaining pieces".
#[test]
fn a_player_with_no_pieces_must_pass() {
    let mut s = state("R:/G:0,0/B:1,1/X:0,0,0/T:0");
    assert_eq!(legal(&s), set(&["PASS"]));
    let before = s.position();
    s.apply(ChexersAction::Pass).unwrap();
    // Passing takes no action: the pieces stay, only the turn moves on.
    let after = s.position();
    assert_eq!(
        (after.red, after.green, after.blue, after.exits),
        (before.red, before.green, before.blue, before.exits)
    );
    assert_eq!(after.turn, 1);
    assert_eq!(s.current_player(), Some(1));
}

/// Seed: "... or their remaining pieces are 'blocked' by other pieces". Red's only piece is on
/// the corner (-3,0) (a Blue exit hex, not Red's): its three neighbours are occupied and so is
/// each hex beyond them, so it can neither move, jump nor exit.
#[test]
fn a_player_whose_pieces_are_all_blocked_must_pass() {
    let mut s = state("R:-3,0/G:-2,-1 -2,0 -3,1/B:-1,-2 -1,0 -3,2/X:0,0,0/T:0");
    assert_eq!(legal(&s), set(&["PASS"]));
    s.apply(act("PASS")).unwrap();
    assert_eq!(s.current_player(), Some(1));
    // Free one jump landing and Red may no longer pass.
    let s = state("R:-3,0/G:-2,-1 -2,0 -3,1/B:-1,-2 -3,2/X:0,0,0/T:0");
    assert_eq!(legal(&s), set(&["JUMP (-3,0) (-1,0)"]));
    assert!(reason(&s, "PASS").contains("pass only when"));
}

/// Seed: "a player can only pass if they have no available actions". Ruling: PASS only when
/// nothing else is legal.
#[test]
fn pass_only_when_nothing_else_is_legal() {
    let s = ChexersState::new();
    assert!(!legal(&s).contains("PASS"));
    let why = reason(&s, "PASS");
    assert!(why.contains("pass only when no other action"), "{why}");
    // A single available exit is enough to forbid passing.
    let s = state("R:3,0/G:2,0 3,-1 2,1/B:1,0 3,-2 1,2/X:0,0,0/T:0");
    assert_eq!(legal(&s), set(&["EXIT (3,0)"]));
    assert!(reason(&s, "PASS").contains("EXIT (3,0)"));
    // Everywhere: PASS is legal exactly when it is the only legal action.
    for s in sample_states(20, 80) {
        let l = legal(&s);
        if l.contains("PASS") {
            assert_eq!(l.len(), 1, "{}", s.position());
        }
        assert_eq!(s.check(ChexersAction::Pass).is_ok(), l == set(&["PASS"]));
    }
}

// ---------------------------------------------------------------------------------------------
// Move actions.
// ---------------------------------------------------------------------------------------------

/// Seed: a move goes "to an adjacent hex (one of the at-most-six hexes in direct contact with
/// the current hex on the board)".
#[test]
fn move_goes_to_any_empty_adjacent_hex() {
    let mut s = state("R:0,0/G:/B:/X:0,0,0/T:0");
    let moves: BTreeSet<String> = STEPS
        .iter()
        .map(|&(dq, dr)| format!("MOVE (0,0) ({dq},{dr})"))
        .collect();
    assert_eq!(legal(&s), moves);
    s.apply(act("MOVE (0,0) (1,-1)")).unwrap();
    assert_eq!(s.at(hex(0, 0)), None);
    assert_eq!(s.at(hex(1, -1)), Some(Colour::Red));
    assert_eq!(s.position().red, vec![hex(1, -1)]);
}

/// Seed: "at-most-six": a lone piece has a move to each on-board neighbour, so 6 in the
/// middle, 4 on an edge and 3 on a corner.
#[test]
fn edge_hexes_have_four_neighbours_and_corners_three() {
    let mut by_count = [0usize; 7];
    for h in Hex::all() {
        let s = state(&format!("R:{},{}/G:/B:/X:0,0,0/T:0", h.q(), h.r()));
        let moves = s
            .legal_action_vec()
            .iter()
            .filter(|a| matches!(a, ChexersAction::Move { .. }))
            .count();
        let expect = STEPS
            .iter()
            .filter(|&&(dq, dr)| on_board(h.q() + dq, h.r() + dr))
            .count();
        assert_eq!(moves, expect, "{h}");
        by_count[moves] += 1;
    }
    assert_eq!(by_count, [0, 0, 0, 6, 12, 0, 19]);
    let corner = state("R:0,-3/G:/B:/X:0,0,0/T:0");
    assert_eq!(
        legal(&corner),
        set(&[
            "MOVE (0,-3) (-1,-2)",
            "MOVE (0,-3) (1,-3)",
            "MOVE (0,-3) (0,-2)"
        ])
    );
}

/// Seed: "the adjacent hex must not be occupied by another piece" (of any colour).
#[test]
fn move_to_an_occupied_hex_is_illegal() {
    let s = state("R:0,0 1,0/G:0,1/B:-1,0/X:0,0,0/T:0");
    for to in ["(1,0)", "(0,1)", "(-1,0)"] {
        let why = reason(&s, &format!("MOVE (0,0) {to}"));
        assert!(why.contains(&format!("{to} is occupied")), "{why}");
    }
    assert!(s.check(act("MOVE (0,0) (1,-1)")).is_ok());
}

/// A move goes one step: not two, not to itself, not to a hex at distance 2 off the line.
#[test]
fn move_must_be_to_an_adjacent_hex() {
    let s = state("R:0,0/G:/B:/X:0,0,0/T:0");
    for to in ["(2,0)", "(0,0)", "(1,1)", "(3,-3)"] {
        let why = reason(&s, &format!("MOVE (0,0) {to}"));
        assert!(why.contains("is not next to (0,0)"), "{to}: {why}");
    }
}

/// Figure 2a caption. The hexes: R1 = (1,-2), with its six neighbours d = (0,-2) (left),
/// G = (1,-3) (upper left), a = (2,-3) (upper right), b = (2,-2) (right), c = (1,-1) (lower
/// right) and R2 = (0,-1) (lower left). G = (1,-3) is on the top edge and has only the four
/// neighbours B = (0,-3), a, R1 and d. B is not next to R1. "R1 has an available move action to
/// each of the hexes marked a, b, c and d ... moves to [G's and R2's] hexes are not available".
#[test]
fn figure_2a_r1_moves_to_a_b_c_d_only() {
    let s = state("R:1,-2 0,-1/G:1,-3/B:0,-3/X:0,0,0/T:0");
    let r1 = hex(1, -2);
    let moves: BTreeSet<String> = legal_from(&s, r1)
        .into_iter()
        .filter(|a| a.starts_with("MOVE"))
        .collect();
    assert_eq!(
        moves,
        set(&[
            "MOVE (1,-2) (2,-3)", // a
            "MOVE (1,-2) (2,-2)", // b
            "MOVE (1,-2) (1,-1)", // c
            "MOVE (1,-2) (0,-2)", // d
        ])
    );
    assert!(reason(&s, "MOVE (1,-2) (1,-3)").contains("occupied")); // G's hex
    assert!(reason(&s, "MOVE (1,-2) (0,-1)").contains("occupied")); // R2's hex
    assert_eq!(r1.neighbours().count(), 6);
}

/// Figure 2a caption, second half (same hexes as above, Green to move): "G ... has only 4
/// adjacent hexes to begin with; since 2 of them are occupied (by B and R1), G can only move to
/// hex a or hex d."
#[test]
fn figure_2a_g_on_the_edge_moves_only_to_a_and_d() {
    let s = state("R:1,-2 0,-1/G:1,-3/B:0,-3/X:0,0,0/T:1");
    let g = hex(1, -3);
    assert_eq!(g.neighbours().count(), 4);
    let moves: BTreeSet<String> = legal_from(&s, g)
        .into_iter()
        .filter(|a| a.starts_with("MOVE"))
        .collect();
    assert_eq!(moves, set(&["MOVE (1,-3) (2,-3)", "MOVE (1,-3) (0,-2)"]));
    assert!(reason(&s, "MOVE (1,-3) (0,-3)").contains("occupied")); // B
    assert!(reason(&s, "MOVE (1,-3) (1,-2)").contains("occupied")); // R1
}

// ---------------------------------------------------------------------------------------------
// Jump actions.
// ---------------------------------------------------------------------------------------------

/// Seed: a jump goes "to an unoccupied hex opposite some occupied adjacent hex ... onto the hex
/// directly on the other side". A piece at (0,0) ringed by six pieces jumps to each hex two
/// steps away in a straight line, and nowhere else.
#[test]
fn jump_lands_on_the_hex_directly_beyond() {
    let s = state("R:0,0/G:-1,0 0,-1 1,-1/B:1,0 0,1 -1,1/X:0,0,0/T:0");
    let jumps: BTreeSet<String> = STEPS
        .iter()
        .map(|&(dq, dr)| format!("JUMP (0,0) ({},{})", 2 * dq, 2 * dr))
        .collect();
    assert_eq!(legal(&s), jumps);
    let mut s2 = s.clone();
    s2.apply(act("JUMP (0,0) (2,-2)")).unwrap();
    assert_eq!(s2.at(hex(0, 0)), None, "the jumper left its hex");
    assert_eq!(s2.at(hex(2, -2)), Some(Colour::Red), "and landed beyond");
    assert_eq!(
        s2.at(hex(1, -1)),
        Some(Colour::Red),
        "the jumped piece stays"
    );
    assert_eq!(s2.position().red.len(), 2);
    assert_eq!(s2.position().green.len(), 2);
}

/// A jump needs a piece on the hex it passes over.
#[test]
fn jump_with_nothing_to_jump_over_is_illegal() {
    let s = state("R:0,0/G:2,0/B:/X:0,0,0/T:0");
    let why = reason(&s, "JUMP (0,0) (2,-2)");
    assert!(why.contains("no piece on (1,-1) to jump over"), "{why}");
    assert!(!legal(&s).iter().any(|a| a.starts_with("JUMP")));
}

/// The landing hex must be unoccupied, whatever its colour.
#[test]
fn jump_landing_on_an_occupied_hex_is_illegal() {
    let s = state("R:0,0 2,0/G:1,0 0,1/B:0,2/X:0,0,0/T:0");
    assert!(reason(&s, "JUMP (0,0) (2,0)").contains("(2,0) is occupied"));
    assert!(reason(&s, "JUMP (0,0) (0,2)").contains("(0,2) is occupied"));
}

/// A jump goes over exactly one neighbouring hex in a straight line: not to a hex two steps
/// away off the line, and not over two hexes.
#[test]
fn jump_goes_over_one_hex_in_a_straight_line() {
    let s = state("R:0,0/G:1,0 2,0 0,1/B:/X:0,0,0/T:0");
    for to in ["(1,1)", "(3,0)", "(1,0)", "(0,0)"] {
        let why = reason(&s, &format!("JUMP (0,0) {to}"));
        assert!(why.contains("straight line"), "{to}: {why}");
    }
}

/// Seed: "The adjacent piece (the one to be 'jumped over') may have any colour." Ruling: any
/// colour, own included.
#[test]
fn jump_may_go_over_a_piece_of_any_colour() {
    let s = state("R:0,0 -1,0/G:1,0/B:0,1/X:0,0,0/T:0");
    let l = legal(&s);
    for j in ["JUMP (0,0) (2,0)", "JUMP (0,0) (0,2)", "JUMP (0,0) (-2,0)"] {
        assert!(l.contains(j), "{j}: {l:?}");
    }
    // Green and Blue may jump Red pieces, and each other's, too.
    let s = state("R:0,0/G:1,0/B:0,2 -1,-1/X:0,0,0/T:1");
    assert!(legal(&s).contains("JUMP (1,0) (-1,0)"));
    let s = state("R:0,0/G:1,0/B:0,1 1,1/X:0,0,0/T:2");
    let l = legal(&s);
    assert!(l.contains("JUMP (0,1) (0,-1)"), "{l:?}"); // over Red
    assert!(l.contains("JUMP (1,1) (1,-1)"), "{l:?}"); // over Green
}

/// Seed: "If this piece is a different colour from the jumping piece, then it will be
/// converted—its colour will change to the colour of the jumping piece". Ruling: converting the
/// jumped piece to the jumper's colour.
#[test]
fn jump_converts_the_jumped_piece() {
    let mut s = state("R:0,0/G:1,0/B:0,1/X:0,0,0/T:0");
    play(&mut s, &["JUMP (0,0) (2,0)"]);
    assert_eq!(s.at(hex(1, 0)), Some(Colour::Red));
    assert_eq!(s.position().to_string(), "R:1,0 2,0/G:/B:0,1/X:0,0,0/T:1");
    // Blue converts Green.
    let mut s = state("R:/G:0,0/B:0,1/X:0,0,0/T:2");
    play(&mut s, &["JUMP (0,1) (0,-1)"]);
    assert_eq!(s.at(hex(0, 0)), Some(Colour::Blue));
    assert_eq!(s.position().to_string(), "R:/G:/B:0,-1 0,0/X:0,0,0/T:3");
    // Green converts Red.
    let mut s = state("R:0,0/G:1,-1/B:/X:0,0,0/T:1");
    play(&mut s, &["JUMP (1,-1) (-1,1)"]);
    assert_eq!(s.position().to_string(), "R:/G:0,0 -1,1/B:/X:0,0,0/T:2");
}

/// Ruling: jumping over one's own piece is allowed and converts nothing.
#[test]
fn jump_over_own_piece_converts_nothing() {
    let mut s = state("R:0,0 1,0/G:0,1/B:-1,0/X:0,0,0/T:0");
    play(&mut s, &["JUMP (0,0) (2,0)"]);
    let p = s.position();
    assert_eq!(p.red, vec![hex(1, 0), hex(2, 0)]);
    assert_eq!(p.green, vec![hex(0, 1)]);
    assert_eq!(p.blue, vec![hex(-1, 0)]);
}

/// Seed: "In this way, jump actions enable a player to 'gain control' of additional pieces":
/// the converted piece is now the jumper's to move, and no longer its old owner's.
#[test]
fn a_converted_piece_is_controlled_by_its_new_colour() {
    let mut s = state("R:0,0/G:1,0 0,-3/B:-3,3/X:0,0,0/T:0");
    play(&mut s, &["JUMP (0,0) (2,0)"]);
    // Green may not move the piece it lost.
    let why = reason(&s, "MOVE (1,0) (1,1)");
    assert!(why.contains("Red piece"), "{why}");
    play(&mut s, &["MOVE (0,-3) (0,-2)", "MOVE (-3,3) (-2,3)"]);
    // Red may.
    assert!(legal_from(&s, hex(1, 0)).contains("MOVE (1,0) (1,1)"));
    play(&mut s, &["MOVE (1,0) (1,1)"]);
    assert_eq!(s.at(hex(1, 1)), Some(Colour::Red));
}

/// A converted piece that exits counts as an exit for its new colour.
#[test]
fn a_converted_piece_exits_for_its_new_colour() {
    // Red at (1,-1) jumps Green at (2,-2) to land on (3,-3); the converted piece on (2,-2) can
    // then move to (3,-2) and exit for Red.
    let mut s = state("R:1,-1/G:2,-2/B:-3,3/X:0,0,0/T:0");
    play(
        &mut s,
        &[
            "JUMP (1,-1) (3,-3)",
            "PASS",
            "MOVE (-3,3) (-2,3)",
            "MOVE (2,-2) (3,-2)",
            "PASS",
            "MOVE (-2,3) (-1,3)",
            "EXIT (3,-2)",
        ],
    );
    assert_eq!(s.exits(), [1, 0, 0]);
}

/// Seed (Figure 2b caption): "'jump sequences' are not allowed". Ruling: one jump per action.
/// After a jump the turn passes to the next player, and a jump cannot be written as two hops.
#[test]
fn no_jump_sequences_in_one_action() {
    // Red on (-2,0) could jump (-1,0) to (0,0) and then (1,0) to (2,0); the second hop is never
    // part of the same action.
    let mut s = state("R:-2,0/G:-1,0 1,0/B:3,-3/X:0,0,0/T:0");
    assert!(reason(&s, "JUMP (-2,0) (2,0)").contains("straight line"));
    play(&mut s, &["JUMP (-2,0) (0,0)"]);
    assert_eq!(s.current_player(), Some(1), "the jump ended Red's turn");
    // It is Green's turn, so Red's piece cannot hop on.
    assert!(reason(&s, "JUMP (0,0) (2,0)").contains("Green's turn"));
    assert_eq!(
        s.at(hex(1, 0)),
        Some(Colour::Green),
        "the second piece is untouched"
    );
}

/// Ruling/seed (Figure 3b caption): "it is not possible to 'jump off the board'". A Red piece
/// next to a piece on Red's exit edge has no jump past it and no exit; such a jump cannot even be
/// written.
#[test]
fn cannot_jump_off_the_board() {
    let s = state("R:2,-1/G:3,-1/B:3,-2/X:0,0,0/T:0");
    let actions = legal_from(&s, hex(2, -1));
    assert!(
        !actions.iter().any(|a| a.starts_with("EXIT")),
        "{actions:?}"
    );
    // Its jumps over (3,-1) and (3,-2) would land on (4,-1) and (4,-3): off the board.
    assert!(
        !actions.iter().any(|a| a.starts_with("JUMP")),
        "{actions:?}"
    );
    assert!(Hex::new(4, -1).is_none() && Hex::new(4, -3).is_none());
    let err = "JUMP (2,-1) (4,-1)".parse::<ChexersAction>().unwrap_err();
    assert!(err.reason.contains("not on the board"), "{}", err.reason);
    // The same everywhere: no legal jump from any edge piece lands anywhere but on the board
    // two steps away.
    for s in sample_states(10, 60) {
        for a in s.legal_action_vec() {
            if let ChexersAction::Jump { from, to } = a {
                let d = (to.q() - from.q(), to.r() - from.r());
                assert!(STEPS.iter().any(|&(dq, dr)| (2 * dq, 2 * dr) == d), "{a}");
            }
        }
    }
}

/// Figure 2b caption. The hexes: G1 = (-3,1) on the lower-left edge, G2 = (-2,1) horizontally to
/// its right, b = (-1,1) beyond G2; R = (-2,0) (upper right of G1, upper left of G2); B = (-1,-1)
/// directly beyond R from G1, and d = (0,-2) beyond B on the same line; e = (-2,-1) directly
/// beyond R from G2; c = (0,-1) directly beyond B from e; x = (-4,1), left of G1, is off the
/// board. Green to move.
const FIGURE_2B: &str = "R:-2,0/G:-3,1 -2,1/B:-1,-1/X:0,0,0/T:1";

/// Figure 2b: "G1 has a jump action available over G2 to the horizontally opposite hex marked b.
/// G1 cannot jump over R because the hex opposite R is occupied (by B)."
#[test]
fn figure_2b_g1_jumps_over_g2_to_b_but_not_over_r_onto_b() {
    let s = state(FIGURE_2B);
    let g1 = hex(-3, 1);
    let jumps: BTreeSet<String> = legal_from(&s, g1)
        .into_iter()
        .filter(|a| a.starts_with("JUMP"))
        .collect();
    assert_eq!(jumps, set(&["JUMP (-3,1) (-1,1)"]));
    assert!(reason(&s, "JUMP (-3,1) (-1,-1)").contains("(-1,-1) is occupied"));
    let mut s2 = s.clone();
    play(&mut s2, &["JUMP (-3,1) (-1,1)"]);
    // Jumping its own G2 converts nothing.
    assert_eq!(
        s2.position().to_string(),
        "R:-2,0/G:-2,1 -1,1/B:-1,-1/X:0,0,0/T:2"
    );
}

/// Figure 2b: "G1 cannot jump all the way to the hex marked d either: a jumping piece may only go
/// over a single hex."
#[test]
fn figure_2b_g1_cannot_jump_over_two_hexes_to_d() {
    let s = state(FIGURE_2B);
    let why = reason(&s, "JUMP (-3,1) (0,-2)");
    assert!(why.contains("straight line"), "{why}");
    assert!(!legal(&s).contains("JUMP (-3,1) (0,-2)"));
}

/// Figure 2b: "G2 can jump over R because the opposite hex from G2's perspective, e, is
/// unoccupied (this jump action will result in the conversion of R to a Green piece)."
#[test]
fn figure_2b_g2_jumps_over_r_to_e_converting_r() {
    let mut s = state(FIGURE_2B);
    assert!(legal(&s).contains("JUMP (-2,1) (-2,-1)"));
    play(&mut s, &["JUMP (-2,1) (-2,-1)"]);
    assert_eq!(s.at(hex(-2, 0)), Some(Colour::Green));
    assert_eq!(
        s.position().to_string(),
        "R:/G:-2,-1 -2,0 -3,1/B:-1,-1/X:0,0,0/T:2"
    );
}

/// Figure 2b: "G2 cannot jump over G1 because there is no hex opposite G1 from G2's perspective
/// (such a hex would have to be at the position marked x)."
#[test]
fn figure_2b_g2_cannot_jump_over_g1_off_the_board() {
    let s = state(FIGURE_2B);
    assert!(Hex::new(-4, 1).is_none(), "x is off the board");
    let jumps: BTreeSet<String> = legal_from(&s, hex(-2, 1))
        .into_iter()
        .filter(|a| a.starts_with("JUMP"))
        .collect();
    assert_eq!(jumps, set(&["JUMP (-2,1) (-2,-1)"]));
    assert!("JUMP (-2,1) (-4,1)".parse::<ChexersAction>().is_err());
}

/// Figure 2b: "'jump sequences' are not allowed: G2 cannot jump over R to e and then over B to c
/// in one action".
#[test]
fn figure_2b_g2_cannot_jump_to_e_and_on_to_c_in_one_action() {
    let mut s = state(FIGURE_2B);
    assert!(!legal(&s).contains("JUMP (-2,1) (0,-1)"));
    // c happens to lie two steps from G2 in a straight line, over the empty (-1,0): as one
    // action it is a jump over nothing, not the two jumps via e.
    assert!(reason(&s, "JUMP (-2,1) (0,-1)").contains("no piece on (-1,0) to jump over"));
    play(&mut s, &["JUMP (-2,1) (-2,-1)"]);
    // Now it is Blue's turn; the Green piece on e cannot go on to c.
    assert_eq!(s.current_player(), Some(2));
    assert!(reason(&s, "JUMP (-2,-1) (0,-1)").contains("Blue's turn"));
    assert_eq!(s.at(hex(-1, -1)), Some(Colour::Blue), "B is not converted");
}

// ---------------------------------------------------------------------------------------------
// Exit actions.
// ---------------------------------------------------------------------------------------------

/// Ruling: exit hexes Red `(3,-3) (3,-2) (3,-1) (3,0)`; Green `(-3,3) (-2,3) (-1,3) (0,3)`;
/// Blue `(-3,0) (-2,-1) (-1,-2) (0,-3)`. Seed: "only possible when a piece occupies some hex on
/// the edge of the board directly opposite the edge where the controlling player's pieces
/// started". A lone piece of each colour on each hex has an exit exactly on those hexes.
#[test]
fn exit_only_from_own_exit_hexes() {
    for (c, colour) in Colour::ALL.into_iter().enumerate() {
        assert_eq!(EXIT_HEXES[c], EXITS[c]);
        let mut exits = BTreeSet::new();
        for h in Hex::all() {
            let mut fields = ["", "", ""].map(String::from);
            fields[c] = format!("{},{}", h.q(), h.r());
            let s = state(&format!(
                "R:{}/G:{}/B:{}/X:0,0,0/T:{c}",
                fields[0], fields[1], fields[2]
            ));
            let exit = format!("EXIT ({},{})", h.q(), h.r());
            if legal(&s).contains(&exit) {
                exits.insert((h.q(), h.r()));
                assert!(h.is_exit_for(colour));
            } else {
                let why = reason(&s, &exit);
                assert!(
                    why.contains(&format!("not one of {}'s exit hexes", colour.name())),
                    "{why}"
                );
            }
        }
        let expect: BTreeSet<(i8, i8)> = EXITS[c].iter().copied().collect();
        assert_eq!(exits, expect, "{colour}");
    }
}

/// Figure 3a caption: "Each marked hex is on the opposite edge of the board from its player's
/// starting position": Red exits on `q = 3` (starts on `q = -3`), Green on `r = 3` (starts
/// `r = -3`), Blue on `q + r = -3` (starts `q + r = 3`); each exit edge has the four hexes of
/// that line, corners included.
#[test]
fn figure_3a_exit_hexes_are_the_edge_opposite_the_start() {
    let line = |f: fn(Hex) -> bool| -> BTreeSet<(i8, i8)> {
        Hex::all()
            .filter(|&h| f(h))
            .map(|h| (h.q(), h.r()))
            .collect()
    };
    let starts: [fn(Hex) -> bool; 3] = [|h| h.q() == -3, |h| h.r() == -3, |h| h.s() == -3];
    let exits: [fn(Hex) -> bool; 3] = [|h| h.q() == 3, |h| h.r() == 3, |h| h.s() == 3];
    for c in 0..3 {
        let start_set: BTreeSet<(i8, i8)> = STARTS[c].iter().copied().collect();
        assert_eq!(line(starts[c]), start_set, "start edge of {c}");
        let exit_set: BTreeSet<(i8, i8)> = EXITS[c].iter().copied().collect();
        assert_eq!(line(exits[c]), exit_set, "exit edge of {c}");
        // Opposite: each exit hex is the point reflection of a start hex.
        let reflected: BTreeSet<(i8, i8)> = STARTS[c].iter().map(|&(q, r)| (-q, -r)).collect();
        assert_eq!(reflected, exit_set);
        for &(q, r) in &EXITS[c] {
            assert!(hex(q, r).is_exit_for(Colour::ALL[c]));
        }
    }
}

/// Seed: "The exiting piece is removed from the board (leaving its hex unoccupied)".
#[test]
fn exit_removes_the_piece_and_frees_its_hex() {
    let mut s = state("R:3,-1 2,-1/G:0,0/B:1,1/X:0,0,0/T:0");
    play(&mut s, &["EXIT (3,-1)"]);
    assert_eq!(s.at(hex(3, -1)), None);
    assert_eq!(s.position().red, vec![hex(2, -1)]);
    assert_eq!(s.exits(), [1, 0, 0]);
    assert_eq!(s.position().to_string(), "R:2,-1/G:0,0/B:1,1/X:1,0,0/T:1");
    play(
        &mut s,
        &["MOVE (0,0) (1,0)", "MOVE (1,1) (2,0)", "MOVE (2,-1) (3,-1)"],
    );
    assert_eq!(s.at(hex(3, -1)), Some(Colour::Red));
}

/// Figure 3b caption. The hexes: R1 = (3,-2) and G2 = (-2,3) stand on exit hexes of their own
/// colour; R2 = (-3,2) (left edge, Red's own start edge), B1 = (2,1) (lower-right edge, Blue's
/// start edge) and B2 = (1,-3) (top edge) are on edges but not their exit edges; G1 = (-1,2) is
/// one row above the bottom edge with G2, an adjacent piece, between it and the bottom edge.
const FIGURE_3B: &str = "R:3,-2 -3,2/G:-1,2 -2,3/B:2,1 1,-3/X:0,0,0/T:0";

/// Figure 3b: "only R1 and G2 have available exit actions".
#[test]
fn figure_3b_only_r1_and_g2_can_exit() {
    let mut all_exits = BTreeSet::new();
    for t in 0..3 {
        let s = state(&FIGURE_3B.replace("T:0", &format!("T:{t}")));
        all_exits.extend(legal(&s).into_iter().filter(|a| a.starts_with("EXIT")));
    }
    assert_eq!(all_exits, set(&["EXIT (3,-2)", "EXIT (-2,3)"]));
    let mut s = state(FIGURE_3B);
    play(&mut s, &["EXIT (3,-2)", "EXIT (-2,3)"]);
    assert_eq!(s.exits(), [1, 1, 0]);
}

/// Figure 3b: "B1, B2 and R2 also occupy hexes on edges of the board, but they are not on the
/// correct edges to exit for their respective colours."
#[test]
fn figure_3b_b1_b2_and_r2_on_wrong_edges_cannot_exit() {
    let red = state(FIGURE_3B);
    assert!(reason(&red, "EXIT (-3,2)").contains("not one of Red's exit hexes"));
    let blue = state(&FIGURE_3B.replace("T:0", "T:2"));
    assert!(reason(&blue, "EXIT (2,1)").contains("not one of Blue's exit hexes"));
    assert!(reason(&blue, "EXIT (1,-3)").contains("not one of Blue's exit hexes"));
    for h in [hex(-3, 2), hex(2, 1), hex(1, -3)] {
        assert!(h.neighbours().count() < 6, "{h} is on an edge");
    }
}

/// Figure 3b: "even though G1 has an adjacent piece between it and the edge of the board
/// opposite Green's starting position, G1 does not occupy a hex marked g ..., so it has no
/// available exiting action" (and no jump off the board over G2).
#[test]
fn figure_3b_g1_cannot_jump_off_the_board_or_exit() {
    let s = state(&FIGURE_3B.replace("T:0", "T:1"));
    let g1 = legal_from(&s, hex(-1, 2));
    assert!(!g1.iter().any(|a| a.starts_with("EXIT")), "{g1:?}");
    assert!(!g1.iter().any(|a| a.starts_with("JUMP")), "{g1:?}");
    assert!(reason(&s, "EXIT (-1,2)").contains("not one of Green's exit hexes"));
    assert!(Hex::new(-3, 4).is_none(), "beyond G2 is off the board");
    assert!("JUMP (-1,2) (-3,4)".parse::<ChexersAction>().is_err());
}

// ---------------------------------------------------------------------------------------------
// Ending the game: the win.
// ---------------------------------------------------------------------------------------------

/// Seed: "The game ends as soon as any player has taken 4 exiting actions ... That player wins
/// the game, and the other two players lose the game." Ruling: a player wins on their 4th exit.
#[test]
fn the_fourth_exit_wins_and_the_others_lose() {
    let mut s = state("R:3,0 3,-1/G:0,0/B:1,1/X:3,0,0/T:0");
    play(&mut s, &["EXIT (3,0)"]);
    assert_eq!(s.outcome(), Some(Outcome::Win(0)));
    assert!(s.is_terminal());
    assert_eq!(s.returns(), vec![1.0, 0.0, 0.0]);
    let round = s.last_round().unwrap();
    assert_eq!(round.winners, vec![0]);
    // Blue's fourth exit, too.
    let mut s = state("R:0,0/G:1,1/B:-2,-1/X:0,0,3/T:2");
    play(&mut s, &["EXIT (-2,-1)"]);
    assert_eq!(s.outcome(), Some(Outcome::Win(2)));
    assert_eq!(s.returns(), vec![0.0, 0.0, 1.0]);
    // A third exit is not yet a win.
    let mut s = state("R:3,0 3,-1/G:0,0/B:1,1/X:2,0,0/T:0");
    play(&mut s, &["EXIT (3,0)"]);
    assert_eq!(s.outcome(), None);
    assert_eq!(s.returns(), vec![0.0, 0.0, 0.0]);
}

/// Seed: "The game ends as soon as any player has taken 4 exiting actions": nothing more is
/// played, by anyone, even though the others still have pieces and moves.
#[test]
fn the_game_ends_immediately_on_the_fourth_exit() {
    let mut s = state("R:0,0/G:0,3 1,1/B:-1,0/X:0,3,0/T:1");
    play(&mut s, &["EXIT (0,3)"]);
    assert_eq!(s.outcome(), Some(Outcome::Win(1)));
    assert_eq!(s.returns(), vec![0.0, 1.0, 0.0]);
    assert_eq!(s.current_player(), None);
    assert!(s.legal_action_vec().is_empty());
    // Blue's move and Green's would-be move are both refused.
    for a in ["MOVE (-1,0) (-2,0)", "MOVE (1,1) (1,2)", "PASS"] {
        let why = reason(&s, a);
        assert!(why.contains("game is over"), "{a}: {why}");
    }
    let mut rng = seeded(1);
    assert_eq!(s.random_action(&mut rng, &mut Vec::new()), None);
}

/// Seed: "it is not enough simply to have 4 pieces 'in position' for exit actions: a turn must
/// be taken to carry out each of the 4 exit actions to win."
#[test]
fn four_pieces_in_position_is_not_a_win() {
    let mut s = state("R:3,-3 3,-2 3,-1 3,0/G:/B:/X:0,0,0/T:0");
    assert_eq!(s.outcome(), None);
    assert!(!s.is_terminal());
    let exits = ["EXIT (3,-3)", "EXIT (3,-2)", "EXIT (3,-1)", "EXIT (3,0)"];
    for (i, e) in exits.iter().enumerate() {
        assert_eq!(s.outcome(), None, "before exit {}", i + 1);
        play(&mut s, &[e]);
        if i < 3 {
            assert_eq!(s.outcome(), None, "after exit {}", i + 1);
            play(&mut s, &["PASS", "PASS"]);
        }
    }
    assert_eq!(s.outcome(), Some(Outcome::Win(0)));
    assert_eq!(s.turn(), 10);
}

// ---------------------------------------------------------------------------------------------
// Ending the game: draws.
// ---------------------------------------------------------------------------------------------

/// Six moves that take Red, Green and Blue one step away and back, restoring the position with
/// Red to move.
const ROUND_TRIP: [&str; 6] = [
    "MOVE (-3,0) (-2,0)",
    "MOVE (0,-3) (0,-2)",
    "MOVE (0,3) (0,2)",
    "MOVE (-2,0) (-3,0)",
    "MOVE (0,-2) (0,-3)",
    "MOVE (0,2) (0,3)",
];

/// Seed: "A draw is declared if ... One board configuration ... occurs for a fourth time since
/// the start of the game." Not on the third. Seed: "the game may end in a draw with no players
/// winning".
#[test]
fn the_fourth_occurrence_of_a_position_is_a_draw() {
    let mut s = state("R:-3,0/G:0,-3/B:0,3/X:0,0,0/T:0");
    for round in 1..=3 {
        for (i, a) in ROUND_TRIP.iter().enumerate() {
            assert_eq!(s.outcome(), None, "round {round}, before action {}", i + 1);
            play(&mut s, &[a]);
        }
        assert_eq!(s.occurrences(), round + 1);
    }
    assert_eq!(s.outcome(), Some(Outcome::Draw(DrawReason::Repetition)));
    assert_eq!(s.turn(), 18);
    assert_eq!(s.returns(), vec![1.0 / 3.0; 3]);
    assert!(s.last_round().unwrap().winners.is_empty());
    assert!(s.legal_action_vec().is_empty());
}

/// Ruling: "the initial position counting once". From the start of a game, three returns make
/// the fourth occurrence (18 decisions, not 24); and a scripted position counts once too.
#[test]
fn initial_position_counts_once_for_repetition() {
    let mut s = ChexersState::new();
    assert_eq!(s.occurrences(), 1);
    for i in 0..18 {
        assert_eq!(s.outcome(), None, "after {i} actions");
        play(&mut s, &[ROUND_TRIP[i % 6]]);
    }
    assert_eq!(s.outcome(), Some(Outcome::Draw(DrawReason::Repetition)));
    // A scripted start, mid-game (turn 300, Red to move), counts once as well.
    let mut s = state("R:-3,0/G:0,-3/B:0,3/X:1,2,3/T:300");
    assert_eq!(s.occurrences(), 1);
    for i in 0..18 {
        assert_eq!(s.outcome(), None);
        play(&mut s, &[ROUND_TRIP[i % 6]]);
    }
    assert_eq!(s.outcome(), Some(Outcome::Draw(DrawReason::Repetition)));
}

/// Seed: "These repeated board configurations do not need to occur in succession." Red's piece
/// on (0,0) makes round trips of different lengths through different neighbours (Green and Blue
/// have no pieces and pass); other positions come between, and the position with Red on (0,0)
/// and Red to move returns after 9, 6 and 9 more decisions: its fourth occurrence, at decision
/// 24, draws.
#[test]
fn repetitions_need_not_be_consecutive() {
    let mut s = state("R:0,0/G:/B:/X:0,0,0/T:0");
    let trips: [&[&str]; 3] = [
        // (0,0) -> (1,0) -> (1,-1) -> (0,0): a triangle, 9 decisions.
        &[
            "MOVE (0,0) (1,0)",
            "PASS",
            "PASS",
            "MOVE (1,0) (1,-1)",
            "PASS",
            "PASS",
            "MOVE (1,-1) (0,0)",
            "PASS",
            "PASS",
        ],
        // (0,0) -> (-1,0) -> (0,0): 6 decisions.
        &[
            "MOVE (0,0) (-1,0)",
            "PASS",
            "PASS",
            "MOVE (-1,0) (0,0)",
            "PASS",
            "PASS",
        ],
        // (0,0) -> (0,1) -> (-1,1) -> (0,0): 9 decisions.
        &[
            "MOVE (0,0) (0,1)",
            "PASS",
            "PASS",
            "MOVE (0,1) (-1,1)",
            "PASS",
            "PASS",
            "MOVE (-1,1) (0,0)",
            "PASS",
            "PASS",
        ],
    ];
    for (i, trip) in trips.iter().enumerate() {
        for a in trip.iter() {
            assert_eq!(s.outcome(), None);
            play(&mut s, &[a]);
        }
        assert_eq!(s.occurrences(), i as u32 + 2);
    }
    assert_eq!(s.turn(), 24);
    assert_eq!(s.outcome(), Some(Outcome::Draw(DrawReason::Repetition)));
}

/// Seed: "with the same pieces occupying the same hexes on the same player's turn". Ruling: the
/// position includes whose turn it is. Red's lone piece goes (0,0) -> (1,0) -> (0,0) while Green
/// and Blue pass: the board "Red on (0,0)" comes back with Green and with Blue to move as well,
/// which does not count; only Red-to-move returns do, so the draw comes at decision 18.
#[test]
fn repetition_needs_same_player_to_move() {
    let mut s = state("R:0,0/G:/B:/X:0,0,0/T:0");
    let trip = [
        "MOVE (0,0) (1,0)",
        "PASS",
        "PASS",
        "MOVE (1,0) (0,0)",
        "PASS",
        "PASS",
    ];
    for i in 0..18 {
        assert_eq!(s.outcome(), None, "after {i} actions");
        play(&mut s, &[trip[i % 6]]);
        if i == 3 || i == 4 {
            // The board as at the start, but Green (then Blue) to move: a first occurrence.
            assert_eq!(s.position().red, vec![hex(0, 0)]);
            assert_eq!(s.occurrences(), 1);
        }
    }
    assert_eq!(s.outcome(), Some(Outcome::Draw(DrawReason::Repetition)));
}

/// Seed: "ignoring rearrangements of same-coloured pieces". Red's two pieces on (0,0) and (1,0)
/// swap places in nine decisions: the piece on (0,0) jumps its partner to (2,0), the partner
/// steps back to (0,0), the jumper steps to (1,0). The same colours stand on the same hexes, so
/// it is the same position: the fourth occurrence comes at decision 27.
#[test]
fn repetition_ignores_rearranged_same_colour_pieces() {
    let mut s = state("R:0,0 1,0/G:/B:/X:0,0,0/T:0");
    let swap = [
        "JUMP (0,0) (2,0)",
        "PASS",
        "PASS",
        "MOVE (1,0) (0,0)",
        "PASS",
        "PASS",
        "MOVE (2,0) (1,0)",
        "PASS",
        "PASS",
    ];
    for i in 0..27 {
        assert_eq!(s.outcome(), None, "after {i} actions");
        play(&mut s, &[swap[i % 9]]);
    }
    assert_eq!(s.outcome(), Some(Outcome::Draw(DrawReason::Repetition)));
}

/// Ruling: a position is "pieces and their colours on hexes": the same hexes occupied with the
/// colours swapped is a different position. Red and Green chase each other round the rhombus
/// a = (0,0), b = (1,-1), c = (2,-1), d = (1,0) (Blue passes): after 6 decisions Red is on c and
/// Green on a, Red to move — the starting hexes with the colours swapped. Counting that as a
/// repeat would draw at decision 18; the true fourth occurrence is at 36.
#[test]
fn repetition_counts_the_colours_on_the_hexes() {
    let mut s = state("R:0,0/G:2,-1/B:/X:0,0,0/T:0");
    let lap = [
        "MOVE (0,0) (1,-1)",
        "MOVE (2,-1) (1,0)",
        "PASS",
        "MOVE (1,-1) (2,-1)",
        "MOVE (1,0) (0,0)",
        "PASS",
        "MOVE (2,-1) (1,0)",
        "MOVE (0,0) (1,-1)",
        "PASS",
        "MOVE (1,0) (0,0)",
        "MOVE (1,-1) (2,-1)",
        "PASS",
    ];
    for i in 0..36 {
        assert_eq!(s.outcome(), None, "after {i} actions");
        play(&mut s, &[lap[i % 12]]);
        if i == 5 {
            assert_eq!(s.position().to_string(), "R:2,-1/G:0,0/B:/X:0,0,0/T:6");
            assert_eq!(s.occurrences(), 1);
        }
    }
    assert_eq!(s.outcome(), Some(Outcome::Draw(DrawReason::Repetition)));
}

/// Seed: "Each player has had their 256th turn (including turns where the player must pass) and
/// no winner has been declared." Ruling: 256 turns each. From turn 762, Red and Green can only
/// pass: their passes count, and the draw comes exactly on decision 768, Blue's 256th turn.
#[test]
fn turn_limit_draw_after_256_turns_each_passes_included() {
    let mut s = state("R:/G:/B:0,0/X:0,0,0/T:762");
    play(
        &mut s,
        &["PASS", "PASS", "MOVE (0,0) (1,0)", "PASS", "PASS"],
    );
    assert_eq!(s.turn(), 767);
    assert_eq!(s.outcome(), None, "Blue has had only 255 turns");
    assert_eq!(s.current_player(), Some(2));
    play(&mut s, &["MOVE (1,0) (2,0)"]);
    assert_eq!(s.outcome(), Some(Outcome::Draw(DrawReason::TurnLimit)));
    assert_eq!(s.returns(), vec![1.0 / 3.0; 3]);
    assert!(s.last_round().unwrap().winners.is_empty());
    assert_eq!(
        Chexers::standard().max_decisions(),
        Some(768),
        "3 players x 256 turns"
    );
}

/// The turn limit counted from the real start of a game: Red and Green have no pieces and pass
/// every turn while Blue's two pieces wander without repeating a position four times; the game
/// is drawn on decision 768 and not before.
#[test]
fn turn_limit_counts_every_turn_from_the_start() {
    let mut s = state("R:/G:/B:0,0 1,1/X:0,0,0/T:0");
    for i in 0..768 {
        assert_eq!(s.outcome(), None, "after {i} decisions");
        let a = if s.to_move() == Colour::Blue {
            // The move (never an exit) leading to the least-seen position.
            s.legal_action_vec()
                .into_iter()
                .filter(|a| !matches!(a, ChexersAction::Exit { .. }))
                .min_by_key(|&a| {
                    let mut next = s.clone();
                    next.apply(a).unwrap();
                    next.occurrences()
                })
                .unwrap()
        } else {
            assert_eq!(legal(&s), set(&["PASS"]));
            ChexersAction::Pass
        };
        s.apply(a).unwrap();
    }
    assert_eq!(s.outcome(), Some(Outcome::Draw(DrawReason::TurnLimit)));
}

/// Ruling: "When a draw and a 4th exit come on the same action, the draw stands". Blue's 4th
/// exit is the game's 768th decision, Blue's 256th turn.
#[test]
fn draw_and_fourth_exit_on_the_same_action_is_a_draw() {
    let mut s = state("R:0,0/G:1,1/B:-3,0/X:0,0,3/T:767");
    assert_eq!(s.current_player(), Some(2));
    play(&mut s, &["EXIT (-3,0)"]);
    assert_eq!(s.exits(), [0, 0, 4]);
    assert_eq!(s.outcome(), Some(Outcome::Draw(DrawReason::TurnLimit)));
    assert_eq!(s.returns(), vec![1.0 / 3.0; 3]);
    // One round earlier the same exit wins.
    let mut s = state("R:0,0/G:1,1/B:-3,0/X:0,0,3/T:764");
    play(&mut s, &["EXIT (-3,0)"]);
    assert_eq!(s.outcome(), Some(Outcome::Win(2)));
}

// ---------------------------------------------------------------------------------------------
// check / apply errors.
// ---------------------------------------------------------------------------------------------

/// Each kind of illegal action is refused by `check` and `apply` with a reason naming the
/// problem.
#[test]
fn illegal_actions_are_refused_with_a_reason_that_names_the_problem() {
    let s = ChexersState::new();
    let cases = [
        ("MOVE (-3,0) (-3,1)", "(-3,1) is occupied"),
        ("MOVE (-3,0) (-1,0)", "(-1,0) is not next to (-3,0)"),
        (
            "MOVE (0,-3) (0,-2)",
            "(0,-3) holds a Green piece, and it is Red's turn",
        ),
        ("MOVE (0,0) (1,0)", "there is no piece on (0,0)"),
        ("JUMP (-3,0) (-1,0)", "no piece on (-2,0) to jump over"),
        ("JUMP (-3,0) (-3,2)", "(-3,2) is occupied"),
        ("JUMP (-3,0) (-1,1)", "straight line"),
        ("JUMP (1,2) (-1,2)", "holds a Blue piece"),
        ("EXIT (-3,0)", "(-3,0) is not one of Red's exit hexes"),
        ("EXIT (3,0)", "holds a Blue piece"),
        ("EXIT (0,0)", "there is no piece on (0,0)"),
        ("PASS", "may pass only when no other action is possible"),
    ];
    for (action, expect) in cases {
        let err = s.check(act(action)).unwrap_err();
        assert!(err.reason.contains(expect), "{action}: {}", err.reason);
        assert_eq!(err.action, action);
        let mut t = s.clone();
        let err2 = t.apply(act(action)).unwrap_err();
        assert_eq!(err2, err);
    }
    // After the end of the game.
    let mut over = state("R:3,0/G:0,0/B:1,1/X:3,0,0/T:0");
    play(&mut over, &["EXIT (3,0)"]);
    for action in ["MOVE (0,0) (1,0)", "PASS", "EXIT (3,0)"] {
        let err = over.check(act(action)).unwrap_err();
        assert!(err.reason.contains("the game is over"), "{}", err.reason);
        assert!(err.reason.contains("Red wins"), "{}", err.reason);
    }
}

/// `apply` on an illegal action leaves the state exactly as it was (pieces, turn, history).
#[test]
fn apply_on_error_leaves_the_state_unchanged() {
    let mut s = ChexersState::new();
    play(&mut s, &["MOVE (-3,0) (-2,0)", "MOVE (0,-3) (0,-2)"]);
    let illegal = [
        "MOVE (1,2) (2,1)",   // occupied
        "MOVE (1,2) (1,0)",   // not adjacent
        "MOVE (-2,0) (-1,0)", // Red's piece on Blue's turn
        "MOVE (0,0) (0,1)",   // empty hex
        "JUMP (1,2) (1,0)",   // nothing to jump over
        "JUMP (2,1) (0,3)",   // landing occupied
        "EXIT (0,3)",         // Blue's piece, not a Blue exit hex
        "PASS",               // Blue can move
    ];
    for a in illegal {
        let action = act(a);
        let before = s.clone();
        let before_text = s.position().to_string();
        assert!(s.apply(action).is_err());
        assert_eq!(s, before, "{a}");
        assert_eq!(s.position().to_string(), before_text);
        assert_eq!(s.actions().len(), 2);
        assert_eq!(s.occurrences(), before.occurrences());
    }
    // After the end, too.
    let mut over = state("R:3,0/G:0,0/B:1,1/X:3,0,0/T:0");
    play(&mut over, &["EXIT (3,0)"]);
    let before = over.clone();
    assert!(over.apply(act("MOVE (0,0) (1,0)")).is_err());
    assert_eq!(over, before);
}

// ---------------------------------------------------------------------------------------------
// Common rulings: determinism, observations, the random sampler.
// ---------------------------------------------------------------------------------------------

/// Common ruling: "A game is a pure function of (game, variant, options, seed, actions)".
/// Chexers has no chance: every seed deals the start position; the same actions replay to the
/// same state.
#[test]
fn a_game_is_a_pure_function_of_its_actions() {
    let game = Chexers::standard();
    for seed in [0, 1, 42, u64::MAX] {
        assert_eq!(game.new_game(seed), ChexersState::new());
    }
    for s in sample_states(5, 100).into_iter().filter(|s| s.turn() > 50) {
        let replay = ChexersState::from_history(s.start(), s.actions()).unwrap();
        assert_eq!(replay, s);
        assert_eq!(replay.outcome(), s.outcome());
        assert_eq!(replay.occurrences(), s.occurrences());
    }
}

/// Common ruling: an observation holds nothing a seat could not see — in Chexers, a game of
/// perfect information, every seat sees the whole position and history, and the state can be
/// rebuilt from any seat's observation.
#[test]
fn every_seat_observes_the_whole_game() {
    let game = Chexers::standard();
    let mut rng = seeded(3);
    for s in sample_states(4, 50) {
        let o0 = s.observation(0);
        assert_eq!(o0.position, s.position());
        assert_eq!(o0.actions, s.actions());
        assert_eq!(o0.outcome, s.outcome());
        assert_eq!(o0.occurrences, s.occurrences());
        for seat in 0..3 {
            let o = s.observation(seat);
            assert_eq!(o.seat, seat);
            assert_eq!(Chexers::observer(&o), seat);
            assert_eq!(o.position, o0.position);
            assert_eq!(game.resample(&o, &mut rng).unwrap(), s);
        }
    }
}

/// Positions for the sampler tests: the start; a position with moves, jumps and exits; Red ringed
/// by Green with a single jump out; and a position where Red must pass.
const SAMPLER_POSITIONS: [&str; 4] = [
    "R:-3,0 -3,1 -3,2 -3,3/G:0,-3 1,-3 2,-3 3,-3/B:0,3 1,2 2,1 3,0/X:0,0,0/T:0",
    "R:-1,0 0,0 1,0 3,-1/G:0,1 1,-1 -1,3/B:-1,1 -2,-1/X:1,1,1/T:0",
    "R:0,0/G:1,0 1,-1 0,-1 -1,0 -1,1 0,1/B:2,-2 2,0 -2,2 -2,0 0,2/X:0,0,0/T:0",
    "R:-3,0/G:-2,-1 -2,0 -3,1/B:-1,-2 -1,0 -3,2/X:0,0,0/T:0",
];

/// `random_action` (Chexers overrides the State trait's sampler) only returns legal actions.
#[test]
fn random_action_returns_only_legal_actions() {
    let mut rng = seeded(11);
    let mut scratch = Vec::new();
    for text in SAMPLER_POSITIONS {
        let s = state(text);
        let legal: HashSet<ChexersAction> = s.legal_action_vec().into_iter().collect();
        for _ in 0..2000 {
            let a = s.random_action(&mut rng, &mut scratch).unwrap();
            assert!(legal.contains(&a), "{a} in {text}");
        }
    }
    for s in sample_states(10, 150) {
        let a = s.random_action(&mut rng, &mut scratch);
        match a {
            None => assert!(s.is_terminal()),
            Some(a) => assert!(s.check(a).is_ok(), "{a} in {}", s.position()),
        }
    }
}

/// `random_action` is uniform over the legal actions: drawn 4,000 times per legal action with a
/// fixed seed, every action appears and each frequency is within 15% of the mean (about ten
/// standard deviations).
#[test]
fn random_action_is_uniform_over_the_legal_actions() {
    let mut rng = seeded(2024);
    let mut scratch = Vec::new();
    for text in SAMPLER_POSITIONS {
        let s = state(text);
        let legal = s.legal_action_vec();
        let per = 4000usize;
        let draws = per * legal.len();
        let mut counts = HashMap::new();
        for _ in 0..draws {
            let a = s.random_action(&mut rng, &mut scratch).unwrap();
            *counts.entry(a).or_insert(0usize) += 1;
        }
        assert_eq!(
            counts.len(),
            legal.len(),
            "every legal action appears in {text}"
        );
        for a in &legal {
            let n = counts[a];
            assert!(
                n * 100 >= per * 85 && n * 100 <= per * 115,
                "{a}: {n} of {draws} draws in {text} (mean {per})"
            );
        }
    }
    // The ringed position really has a single jump among its actions (so the test covers jumps),
    // and the blocked one only PASS.
    assert!(legal(&state(SAMPLER_POSITIONS[2])).contains("JUMP (0,0) (0,-2)"));
    assert_eq!(legal(&state(SAMPLER_POSITIONS[3])), set(&["PASS"]));
}
