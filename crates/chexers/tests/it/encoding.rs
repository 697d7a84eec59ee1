//! The tensor encoding ([`parlour_chexers::encode`]): the core's encoding check over seeded
//! random games, and the layout by hand on known positions and actions.

use parlour_chexers::board::{EXIT_HEXES, START_HEXES};
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

/// The sorted indices of `hexes`.
fn indices(hexes: &[(i8, i8)]) -> Vec<usize> {
    let mut v: Vec<usize> = hexes.iter().map(|&(q, r)| hex(q, r)).collect();
    v.sort();
    v
}

/// Every action the notation can express between neighbours or hexes in line.
fn universe() -> Vec<ChexersAction> {
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
    universe
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
                // One exit count per seat, one occurrence count, and the exit planes the same
                // for everyone: Red's, Green's and Blue's exits in the observer's frame.
                assert_eq!(ones(slice(&v, "exits")).len(), 3);
                let exits = slice(&v, "exit_hexes");
                for (k, hexes) in EXIT_HEXES.iter().enumerate() {
                    assert_eq!(ones(&exits[37 * k..37 * (k + 1)]), indices(hexes));
                }
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

/// Each seat, turned into Red's place, sees the start as Red does: its own pieces on Red's
/// start edge, the next seat's on Green's, the one after's on Blue's. Only whose turn it is
/// differs.
#[test]
fn the_start_looks_the_same_to_every_seat_in_its_own_frame() {
    let start = ChexersState::new();
    let layout = Chexers::standard().observation_layout();
    let red = vector(&start, 0);
    let pieces = slice(&red, "pieces");
    for (k, hexes) in START_HEXES.iter().enumerate() {
        assert_eq!(ones(&pieces[37 * k..37 * (k + 1)]), indices(hexes));
    }
    assert_eq!(ones(slice(&red, "exits")), vec![0, 5, 10]);
    assert_eq!(slice(&red, "on_board"), &[4.0 / 12.0; 3]);
    assert_eq!(slice(&red, "turn"), &[0.0]);
    assert_eq!(ones(slice(&red, "occurrences")), vec![0]);
    assert!(ones(slice(&red, "last_actions")).is_empty());
    assert!(ones(slice(&red, "outcome")).is_empty());
    for seat in 0..3 {
        let v = vector(&start, seat);
        for f in layout.fields() {
            let (mine, reds) = (slice(&v, f.name), slice(&red, f.name));
            if f.name == "to_move" {
                // Red moves first: the observer, the seat after next, the next seat.
                assert_eq!(ones(mine), vec![[0, 2, 1][seat]], "seat {seat}");
            } else {
                assert_eq!(mine, reds, "{} seen by seat {seat}", f.name);
            }
        }
    }
}

/// The next seat's frame is this seat's turned back by a third: what the next seat sees on `h`
/// in its plane 0, this seat sees on `h` turned by a third in its plane 1.
#[test]
fn each_seat_sees_the_same_planes_turned_to_itself() {
    let mut state = ChexersState::new();
    for a in [
        "MOVE (-3,0) (-2,0)",
        "MOVE (0,-3) (0,-2)",
        "MOVE (1,2) (0,2)",
        "JUMP (-3,1) (-1,-1)",
        "MOVE (0,-2) (0,-1)",
    ] {
        state.apply(act(a)).unwrap();
    }
    let of = |seat: usize, name: &str| slice(&vector(&state, seat), name).to_vec();
    for seat in 0..3 {
        let next = (seat + 1) % 3;
        for name in ["pieces", "exit_hexes"] {
            let (mine, theirs) = (of(seat, name), of(next, name));
            for h in Hex::all() {
                for k in 0..3 {
                    assert_eq!(
                        mine[37 * ((k + 1) % 3) + h.turned(1).index()],
                        theirs[37 * k + h.index()],
                        "{name} seen by {seat}: plane {k} of {next} at {h}"
                    );
                }
            }
        }
        let (mine, theirs) = (of(seat, "last_actions"), of(next, "last_actions"));
        for k in 0..3 {
            let (m, t) = (78 * ((k + 1) % 3), 78 * k);
            assert_eq!(mine[m..m + 4], theirs[t..t + 4], "kinds");
            for h in Hex::all() {
                for at in [4, 4 + 37] {
                    assert_eq!(
                        mine[m + at + h.turned(1).index()],
                        theirs[t + at + h.index()]
                    );
                }
            }
        }
    }
}

#[test]
fn the_last_actions_are_each_seats_latest_in_the_observers_frame() {
    let mut state = ChexersState::new();
    state.apply(act("MOVE (-3,0) (-2,0)")).unwrap();
    state.apply(act("MOVE (0,-3) (0,-2)")).unwrap();
    let v = vector(&state, 2);
    let last = slice(&v, "last_actions");
    let seat = |k: usize| ones(&last[78 * k..78 * (k + 1)]);
    // Blue has not acted. Blue's frame is the board turned by a third, (q,r) -> (-q-r,q): Red
    // (next) moved (-3,0) to (-2,0), seen as (3,-3) to (2,-2) on Green's edge; Green (after)
    // moved (0,-3) to (0,-2), seen as (3,0) to (2,0) on Blue's.
    assert!(seat(0).is_empty());
    assert_eq!(seat(1), vec![0, 4 + hex(3, -3), 4 + 37 + hex(2, -2)]);
    assert_eq!(seat(2), vec![0, 4 + hex(3, 0), 4 + 37 + hex(2, 0)]);
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
    // Green's frame is the board turned by two thirds: Red's exit (3,0) is seen as (0,-3), the
    // end of the edge the seat after next (shown on Blue's edges) exits from.
    assert_eq!(
        ones(slice(&v, "last_actions")),
        vec![78 * 2 + 2, 78 * 2 + 4 + hex(0, -3)]
    );
}

#[test]
fn known_actions_have_the_documented_tokens() {
    // (-3,0) is hex 15 (rows of 4, 5 and 6 hexes come before it); (1,0) is direction 3. Red's
    // frame is the board as it is.
    assert_eq!(hex(-3, 0), 15);
    assert_eq!(encode::token(0, act("MOVE (-3,0) (-2,0)")), 6 * 15 + 3);
    assert_eq!(
        encode::token(0, act("JUMP (-3,0) (-1,0)")),
        222 + 6 * 15 + 3
    );
    assert_eq!(encode::token(0, act("EXIT (3,-3)")), 444 + 3);
    for seat in 0..3 {
        assert_eq!(encode::token(seat, ChexersAction::Pass), 481);
    }
    let mut tokens = Vec::new();
    Chexers::standard().action_tokens(0, &act("MOVE (0,3) (-1,3)"), &mut tokens);
    assert_eq!(tokens, vec![6 * 36]);
    // Green's frame is the board turned by two thirds: (0,3) is seen as (3,-3) (hex 3), and the
    // step (-1,0) as (0,1) (direction 4).
    tokens.clear();
    Chexers::standard().action_tokens(1, &act("MOVE (0,3) (-1,3)"), &mut tokens);
    assert_eq!(tokens, vec![6 * 3 + 4]);
}

/// Each colour stepping the piece on the first hex of its start edge straight towards its exit
/// edge is one relative move, with one token; so is each colour's exit from the same end of its
/// exit edge, and so is every action turned along with its colour.
#[test]
fn the_same_relative_move_by_red_and_by_green_has_the_same_token() {
    let game = Chexers::standard();
    let spell = |seat: usize, a: &str| {
        let mut tokens = Vec::new();
        game.action_tokens(seat, &act(a), &mut tokens);
        tokens
    };
    assert_eq!(spell(0, "MOVE (-3,0) (-2,0)"), vec![6 * 15 + 3]);
    assert_eq!(spell(1, "MOVE (3,-3) (2,-2)"), vec![6 * 15 + 3]);
    assert_eq!(spell(2, "MOVE (0,3) (0,2)"), vec![6 * 15 + 3]);
    assert_eq!(
        spell(0, "JUMP (-3,1) (-1,-1)"),
        spell(1, "JUMP (2,-3) (2,-1)")
    );
    assert_eq!(spell(0, "EXIT (3,-3)"), spell(1, "EXIT (0,3)"));
    assert_eq!(spell(0, "EXIT (3,-3)"), spell(2, "EXIT (-3,0)"));

    // And in play: Green's moves at the start are Red's turned a third, with Red's tokens.
    let red = ChexersState::new().legal_action_vec();
    let state = ChexersState::from_setup(
        &"R:-3,0 -3,1 -3,2 -3,3/G:0,-3 1,-3 2,-3 3,-3/B:0,3 1,2 2,1 3,0/X:0,0,0/T:1"
            .parse()
            .unwrap(),
    )
    .unwrap();
    let green = state.legal_action_vec();
    assert_eq!(red.len(), green.len());
    for &a in &red {
        let b = a.turned(1);
        assert!(green.contains(&b), "{a} turned is {b}");
        assert_eq!(encode::token(0, a), encode::token(1, b), "{a} and {b}");
    }

    // Every action of every colour has the token of the same action turned to the next colour.
    for a in universe() {
        for seat in 0..3 {
            assert_eq!(
                encode::token(seat, a),
                encode::token((seat + 1) % 3, a.turned(1)),
                "{a} by seat {seat}"
            );
        }
    }
}

/// The bound: a hex index is below 37 and a direction below 6, so the 482 tokens cover every
/// action the notation can express between neighbours or hexes in line; for each seat each
/// such action has its own token, and the token reads back as the action (turning into the
/// seat's frame and back round-trips).
#[test]
fn every_expressible_action_has_its_own_token_in_the_space() {
    let universe = universe();
    // 180 ordered neighbour pairs and 138 jumps (the conformance test counts them), 37 exits.
    assert_eq!(universe.len(), 1 + 37 + 180 + 138);
    for seat in 0..3 {
        let mut seen = vec![false; ACTION_SPACE];
        for &a in &universe {
            let t = encode::token(seat, a);
            assert!((t as usize) < ACTION_SPACE, "{a}: {t}");
            assert!(!seen[t as usize], "{a}: token {t} twice");
            seen[t as usize] = true;
            assert_eq!(encode::action(seat, t), Some(a));
        }
        // And every token that names an action names one of these.
        for t in 0..ACTION_SPACE as u32 + 5 {
            assert_eq!(
                encode::action(seat, t).is_some(),
                seen.get(t as usize) == Some(&true)
            );
        }
    }
}

/// Turning a hex or an action into a seat's frame and back gives it back.
#[test]
fn turning_into_a_frame_and_back_round_trips() {
    for h in Hex::all() {
        for k in 0..3 {
            assert_eq!(h.turned(k).turned(3 - k), h, "{h} by {k}");
        }
        assert_eq!(h.turned(1).turned(1).turned(1), h);
    }
    for a in universe() {
        for k in 0..3 {
            assert_eq!(a.turned(k).turned(3 - k), a);
        }
        for seat in 0..3 {
            assert_eq!(encode::action(seat, encode::token(seat, a)), Some(a));
        }
    }
}

/// A colour's legal exits are from its own exit hexes, which its frame puts on Red's: only
/// four `EXIT` tokens are ever legal, for every seat.
#[test]
fn every_seats_exits_are_reds_exit_tokens() {
    let reds: Vec<u32> = EXIT_HEXES[0]
        .iter()
        .map(|&(q, r)| 444 + hex(q, r) as u32)
        .collect();
    for (seat, hexes) in EXIT_HEXES.iter().enumerate() {
        let mut tokens: Vec<u32> = hexes
            .iter()
            .map(|&(q, r)| {
                encode::token(
                    seat,
                    ChexersAction::Exit {
                        from: Hex::new(q, r).unwrap(),
                    },
                )
            })
            .collect();
        tokens.sort();
        assert_eq!(tokens, reds, "seat {seat}");
    }
}
