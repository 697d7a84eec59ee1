//! The tensor encoding ([`parlour_chexers::encode`]): the core's encoding check over seeded
//! random games, and the layout by hand on known positions and actions.

use parlour_chexers::encode::{self, ACTION_SPACE, OBSERVATION_LEN};
use parlour_chexers::{Chexers, ChexersAction, ChexersState, Hex, Position};
use parlour_core::conformance::{check_encoding, Config};
use parlour_core::encode::{Encode, Encoder};
use parlour_core::rng::seeded;
use parlour_core::State;
use rand::RngExt;

fn act(text: &str) -> ChexersAction {
    text.parse().unwrap()
}

fn hex(q: i8, r: i8) -> usize {
    Hex::new(q, r).unwrap().index()
}

/// Seat `seat`'s vector of `state`.
fn vector(state: &ChexersState, seat: usize) -> Vec<f32> {
    let encoder = Encoder::new(Chexers::standard());
    let mut out = vec![0.0; encoder.observation_len()];
    encoder.encode(&state.observation(seat), &[], &mut out);
    out
}

/// The numbers of slice `name` of `v`.
fn slice<'a>(v: &'a [f32], name: &str) -> &'a [f32] {
    let layout = Chexers::standard().observation_layout();
    let f = layout.get(name).unwrap();
    &v[f.start..f.start + f.len]
}

/// The indices of the ones in `v` (which holds only 0s and 1s).
fn ones(v: &[f32]) -> Vec<usize> {
    assert!(v.iter().all(|&x| x == 0.0 || x == 1.0), "{v:?}");
    (0..v.len()).filter(|&i| v[i] == 1.0).collect()
}

/// Observations carry the history, so each checked state costs time in proportion to the game
/// so far: 300 games (many run to the 768-decision limit) checked at every 3rd state.
#[test]
fn check_encoding_over_300_random_games() {
    let mut config = Config::new(300, 2019).with_check_every(3);
    config.expect_hidden = false;
    let summary = check_encoding(&Chexers::standard(), &config).unwrap();
    assert_eq!(summary.games, 300);
    assert_eq!(summary.longest_action, 1);
    assert!(summary.actions_reached > 300 * 100, "{summary:?}");
}

#[test]
fn every_number_is_between_0_and_1_over_random_games() {
    let game = Chexers::standard();
    let mut rng = seeded(5);
    for _ in 0..20 {
        let mut state = ChexersState::new();
        loop {
            for seat in 0..3 {
                let v = vector(&state, seat);
                assert_eq!(v.len(), OBSERVATION_LEN);
                assert!(v.iter().all(|x| (0.0..=1.0).contains(x)), "{state:?}");
                // Exactly one colour, one exit count per seat, one occurrence count.
                assert_eq!(ones(slice(&v, "colour")), vec![seat]);
                assert_eq!(ones(slice(&v, "exits")).len(), 3);
                assert_eq!(ones(slice(&v, "occurrences")).len(), 1);
            }
            if state.is_terminal() {
                assert_eq!(ones(slice(&vector(&state, 0), "outcome")).len(), 1);
                break;
            }
            let legal = state.legal_action_vec();
            state
                .apply(legal[rng.random_range(0..legal.len())])
                .unwrap();
        }
    }
    assert_eq!(game.action_layout().len(), ACTION_SPACE);
}

#[test]
fn the_start_seen_by_green_puts_green_first_then_blue_then_red() {
    let v = vector(&ChexersState::new(), 1);
    let pieces = slice(&v, "pieces");
    let plane = |k: usize| ones(&pieces[37 * k..37 * (k + 1)]);
    let sorted = |mut v: Vec<usize>| {
        v.sort();
        v
    };
    assert_eq!(
        plane(0),
        sorted(vec![hex(0, -3), hex(1, -3), hex(2, -3), hex(3, -3)])
    );
    assert_eq!(
        plane(1),
        sorted(vec![hex(0, 3), hex(1, 2), hex(2, 1), hex(3, 0)])
    );
    assert_eq!(
        plane(2),
        sorted(vec![hex(-3, 0), hex(-3, 1), hex(-3, 2), hex(-3, 3)])
    );
    let exits = slice(&v, "exit_hexes");
    assert_eq!(
        ones(&exits[..37]),
        sorted(vec![hex(-3, 3), hex(-2, 3), hex(-1, 3), hex(0, 3)])
    );
    assert_eq!(ones(slice(&v, "colour")), vec![1]);
    // Red moves first: for Green that is the seat after next.
    assert_eq!(ones(slice(&v, "to_move")), vec![2]);
    assert_eq!(ones(slice(&v, "exits")), vec![0, 5, 10]);
    assert_eq!(slice(&v, "on_board"), &[4.0 / 12.0; 3]);
    assert_eq!(slice(&v, "turn"), &[0.0]);
    assert_eq!(ones(slice(&v, "occurrences")), vec![0]);
    assert!(ones(slice(&v, "last_actions")).is_empty());
    assert!(ones(slice(&v, "outcome")).is_empty());
}

#[test]
fn each_seat_sees_the_same_planes_turned_to_itself() {
    let mut state = ChexersState::new();
    for a in [
        "MOVE (-3,0) (-2,0)",
        "MOVE (0,-3) (0,-2)",
        "MOVE (0,3) (0,2)",
    ] {
        state.apply(act(a)).unwrap();
    }
    let of = |seat: usize, name: &str| slice(&vector(&state, seat), name).to_vec();
    for seat in 0..3 {
        for name in ["pieces", "exit_hexes", "last_actions"] {
            let (mine, next) = (of(seat, name), of((seat + 1) % 3, name));
            let n = mine.len() / 3;
            // The next seat's plane 0 is this seat's plane 1.
            assert_eq!(mine[n..2 * n], next[..n], "{name} seen by {seat}");
        }
    }
}

#[test]
fn the_last_actions_are_each_seats_latest() {
    let mut state = ChexersState::new();
    state.apply(act("MOVE (-3,0) (-2,0)")).unwrap();
    state.apply(act("MOVE (0,-3) (0,-2)")).unwrap();
    let v = vector(&state, 2);
    let last = slice(&v, "last_actions");
    let seat = |k: usize| ones(&last[78 * k..78 * (k + 1)]);
    // Blue has not acted; Red (next) moved (-3,0) to (-2,0); Green (after) (0,-3) to (0,-2).
    assert!(seat(0).is_empty());
    assert_eq!(seat(1), vec![0, 4 + hex(-3, 0), 4 + 37 + hex(-2, 0)]);
    assert_eq!(seat(2), vec![0, 4 + hex(0, -3), 4 + 37 + hex(0, -2)]);
    assert_eq!(ones(slice(&v, "to_move")), vec![0]);
    assert_eq!(slice(&v, "turn"), &[2.0 / 768.0]);
}

#[test]
fn a_fourth_exit_shows_as_the_winner_relative_to_the_observer() {
    let setup: Position = "R:3,0/G:0,-3/B:0,3/X:3,0,0/T:0".parse().unwrap();
    let mut state = ChexersState::from_setup(&setup).unwrap();
    state.apply(act("EXIT (3,0)")).unwrap();
    assert!(state.is_terminal());
    let v = vector(&state, 1);
    // Red won: for Green, the seat after next.
    assert_eq!(ones(slice(&v, "outcome")), vec![2]);
    assert!(ones(slice(&v, "to_move")).is_empty());
    assert_eq!(ones(slice(&v, "exits")), vec![0, 5, 10 + 4]);
    assert_eq!(
        ones(slice(&v, "last_actions")),
        vec![78 * 2 + 2, 78 * 2 + 4 + hex(3, 0)]
    );
}

#[test]
fn known_actions_have_the_documented_tokens() {
    // (-3,0) is hex 15 (rows of 4, 5 and 6 hexes come before it); (1,0) is direction 3.
    assert_eq!(hex(-3, 0), 15);
    assert_eq!(encode::token(act("MOVE (-3,0) (-2,0)")), 6 * 15 + 3);
    assert_eq!(encode::token(act("JUMP (-3,0) (-1,0)")), 222 + 6 * 15 + 3);
    assert_eq!(encode::token(act("EXIT (3,-3)")), 444 + 3);
    assert_eq!(encode::token(ChexersAction::Pass), 481);
    let mut tokens = Vec::new();
    Chexers::standard().action_tokens(0, &act("MOVE (0,3) (-1,3)"), &mut tokens);
    assert_eq!(tokens, vec![6 * 36]);
}

/// The bound: a hex index is below 37 and a direction below 6, so the 482 tokens cover every
/// action the notation can express between neighbours or hexes in line; each such action has
/// its own token, and the token reads back as the action.
#[test]
fn every_expressible_action_has_its_own_token_in_the_space() {
    let mut universe = vec![ChexersAction::Pass];
    for from in Hex::all() {
        universe.push(ChexersAction::Exit { from });
        for to in Hex::all() {
            if from.neighbours().any(|n| n == to) {
                universe.push(ChexersAction::Move { from, to });
            }
            if from.between(to).is_some() {
                universe.push(ChexersAction::Jump { from, to });
            }
        }
    }
    // 180 ordered neighbour pairs and 138 jumps (the conformance test counts them), 37 exits.
    assert_eq!(universe.len(), 1 + 37 + 180 + 138);
    let mut seen = vec![false; ACTION_SPACE];
    for &a in &universe {
        let t = encode::token(a);
        assert!((t as usize) < ACTION_SPACE, "{a}: {t}");
        assert!(!seen[t as usize], "{a}: token {t} twice");
        seen[t as usize] = true;
        assert_eq!(encode::action(t), Some(a));
    }
    // And every token that names an action names one of these.
    for t in 0..ACTION_SPACE as u32 + 5 {
        assert_eq!(
            encode::action(t).is_some(),
            seen.get(t as usize) == Some(&true)
        );
    }
}

/// The docs' claim: turning the board by `(q,r,s) -> (s,q,r)` takes each colour's start and
/// exit edges to the next colour's, so an agent may rotate everything to one frame.
#[test]
fn a_third_of_a_turn_takes_each_colour_to_the_next() {
    use parlour_chexers::board::{EXIT_HEXES, START_HEXES};
    let turn = |hexes: [(i8, i8); 4]| {
        let mut v: Vec<(i8, i8)> = hexes.iter().map(|&(q, r)| (-q - r, q)).collect();
        v.sort();
        v
    };
    let sorted = |hexes: [(i8, i8); 4]| {
        let mut v = hexes.to_vec();
        v.sort();
        v
    };
    for c in 0..3 {
        assert_eq!(turn(START_HEXES[c]), sorted(START_HEXES[(c + 1) % 3]));
        assert_eq!(turn(EXIT_HEXES[c]), sorted(EXIT_HEXES[(c + 1) % 3]));
    }
}
