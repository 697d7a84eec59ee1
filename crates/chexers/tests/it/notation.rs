//! Chexers notation: the action text (`MOVE (-3,0) (-2,0)`, `JUMP (q,r) (q,r)`, `EXIT (q,r)`,
//! `PASS`), the position notation (`R:.../G:.../B:.../X:r,g,b/T:n`), and the JSON forms of
//! actions, positions and observations.

use crate::common;

use common::*;
use parlour_chexers::{
    ChexersAction, ChexersObservation, ChexersState, Colour, DrawReason, HistoryError, Outcome,
    Position, SetupError,
};
use parlour_core::{ParseActionError, ResampleError, State};
use serde_json::json;

fn parse_err(text: &str) -> ParseActionError {
    match text.parse::<ChexersAction>() {
        Ok(a) => panic!("{text:?} parsed as {a}"),
        Err(e) => e,
    }
}

fn setup_err(text: &str) -> SetupError {
    match text.parse::<Position>() {
        Ok(p) => panic!("{text:?} parsed as {p}"),
        Err(e) => e,
    }
}

// ---------------------------------------------------------------------------------------------
// Action text.
// ---------------------------------------------------------------------------------------------

#[test]
fn actions_parse_from_their_text_form() {
    assert_eq!(
        act("MOVE (-3,0) (-2,0)"),
        ChexersAction::Move {
            from: hex(-3, 0),
            to: hex(-2, 0)
        }
    );
    // A jump names where it starts and where it lands.
    assert_eq!(
        act("JUMP (-3,0) (-1,0)"),
        ChexersAction::Jump {
            from: hex(-3, 0),
            to: hex(-1, 0)
        }
    );
    assert_eq!(act("EXIT (3,-3)"), ChexersAction::Exit { from: hex(3, -3) });
    assert_eq!(act("PASS"), ChexersAction::Pass);
    // Spaces inside the parentheses and around the text are allowed.
    assert_eq!(act("  MOVE ( -3, 0 ) (-2, 0)  "), act("MOVE (-3,0) (-2,0)"));
}

#[test]
fn action_text_round_trips() {
    for text in [
        "MOVE (-3,0) (-2,0)",
        "JUMP (0,0) (2,-2)",
        "EXIT (0,-3)",
        "PASS",
    ] {
        assert_eq!(act(text).to_string(), text);
    }
    let mut n = 0;
    for s in sample_states(8, 60) {
        for a in s.legal_action_vec() {
            let text = a.to_string();
            assert_eq!(act(&text), a, "{text}");
            n += 1;
        }
    }
    assert!(n > 500);
}

#[test]
fn off_board_hexes_are_a_parse_error_naming_the_hex() {
    for (text, bad) in [
        ("MOVE (4,0) (3,0)", "(4,0)"),
        ("EXIT (2,2)", "(2,2)"),
        ("JUMP (2,-1) (4,-1)", "(4,-1)"),
        ("MOVE (0,0) (0,-4)", "(0,-4)"),
        ("EXIT (99999999999,0)", "(99999999999,0)"),
    ] {
        let e = parse_err(text);
        assert!(
            e.reason.contains(&format!("{bad} is not on the board")),
            "{text}: {}",
            e.reason
        );
        assert_eq!(e.input, text);
    }
}

#[test]
fn hexes_without_parentheses_are_a_parse_error() {
    for text in [
        "MOVE -3,0 -2,0",
        "EXIT 3,-3",
        "MOVE (-3,0) (-2,0",
        "MOVE (-3,0) -2,0)",
    ] {
        let e = parse_err(text);
        assert!(e.reason.contains("written (q,r)"), "{text}: {}", e.reason);
    }
    // A group that is not two whole numbers.
    for text in ["EXIT (a,b)", "EXIT (1)", "MOVE (0,0) (1.0,0)", "EXIT ()"] {
        let e = parse_err(text);
        assert!(e.reason.contains("is not a hex"), "{text}: {}", e.reason);
    }
}

#[test]
fn an_unknown_keyword_is_a_parse_error() {
    for text in [
        "STEP (-3,0) (-2,0)",
        "move (-3,0) (-2,0)",
        "Pass",
        "",
        "(-3,0) (-2,0)",
        "HOP (0,0) (2,0)",
    ] {
        let e = parse_err(text);
        assert!(
            e.reason
                .contains("expected MOVE (q,r) (q,r), JUMP (q,r) (q,r), EXIT (q,r) or PASS"),
            "{text:?}: {}",
            e.reason
        );
        assert!(e.to_string().contains(&format!("{text:?}")), "{e}");
    }
}

#[test]
fn the_wrong_number_of_hexes_is_a_parse_error() {
    for (text, expect) in [
        ("MOVE (-3,0) (-2,0) (-1,0)", "MOVE takes 2 hexes, found 3"),
        ("JUMP (-3,0)", "JUMP takes 2 hexes, found 1"),
        ("MOVE", "MOVE takes 2 hexes, found 0"),
        ("EXIT (3,-3) (3,-2)", "EXIT takes 1 hex, found 2"),
        ("EXIT", "EXIT takes 1 hex, found 0"),
        ("PASS (0,0)", "PASS takes nothing after it"),
    ] {
        let e = parse_err(text);
        assert!(e.reason.contains(expect), "{text}: {}", e.reason);
    }
}

// ---------------------------------------------------------------------------------------------
// Position notation.
// ---------------------------------------------------------------------------------------------

#[test]
fn the_start_position_in_notation() {
    let p = pos("R:-3,0 -3,1 -3,2 -3,3/G:0,-3 1,-3 2,-3 3,-3/B:0,3 1,2 2,1 3,0/X:0,0,0/T:0");
    assert_eq!(p, Position::start());
    assert_eq!(p.to_string().parse::<Position>().unwrap(), p);
    assert_eq!(ChexersState::new().position(), p);
}

#[test]
fn position_notation_round_trips_and_ignores_the_order_pieces_are_listed_in() {
    let a = pos("R:1,0 -1,0 0,0/G:0,1/B:/X:1,0,2/T:5");
    let b = pos("R:0,0 1,0 -1,0/G:(0,1)/B:/X:1,0,2/T:5");
    assert_eq!(a, b);
    assert_eq!(a.to_string(), b.to_string());
    assert_eq!(a.exits, [1, 0, 2]);
    assert_eq!(a.turn, 5);
    assert_eq!(a.to_move(), Colour::Blue);
    for s in sample_states(6, 60) {
        let p = s.position();
        assert_eq!(pos(&p.to_string()), p);
    }
}

#[test]
fn two_pieces_on_one_hex_is_a_position_error() {
    let e = setup_err("R:0,0/G:0,0/B:/X:0,0,0/T:0");
    assert_eq!(e, SetupError::Overlap { hex: hex(0, 0) });
    assert!(e.to_string().contains("two pieces on (0,0)"), "{e}");
    let e = setup_err("R:1,-1 1,-1/G:/B:/X:0,0,0/T:0");
    assert_eq!(e, SetupError::Overlap { hex: hex(1, -1) });
    // The same through from_setup.
    let p = Position {
        red: vec![hex(0, 0)],
        green: vec![],
        blue: vec![hex(0, 0)],
        exits: [0; 3],
        turn: 0,
    };
    assert_eq!(
        ChexersState::from_setup(&p).unwrap_err(),
        SetupError::Overlap { hex: hex(0, 0) }
    );
}

#[test]
fn four_or_more_exits_is_a_position_error() {
    let e = setup_err("R:/G:/B:/X:4,0,0/T:0");
    assert_eq!(
        e,
        SetupError::TooManyExits {
            colour: Colour::Red,
            exits: 4
        }
    );
    assert!(e.to_string().contains("Red has 4 exits"), "{e}");
    let e = setup_err("R:/G:/B:/X:0,0,7/T:0");
    assert_eq!(
        e,
        SetupError::TooManyExits {
            colour: Colour::Blue,
            exits: 7
        }
    );
    assert!(pos("R:/G:/B:/X:3,3,3/T:0").exits == [3, 3, 3]);
}

#[test]
fn more_than_twelve_pieces_and_exits_is_a_position_error() {
    let e = setup_err("R:-3,0 -3,1 -3,2 -3,3/G:0,-3 1,-3 2,-3 3,-3/B:0,3 1,2 2,1 3,0/X:1,0,0/T:0");
    assert_eq!(
        e,
        SetupError::TooManyPieces {
            on_board: 12,
            exits: 1
        }
    );
    assert!(e.to_string().contains("13 pieces"), "{e}");
    let e =
        setup_err("R:-3,0 -3,1 -3,2 -3,3 0,0/G:0,-3 1,-3 2,-3 3,-3/B:0,3 1,2 2,1 3,0/X:0,0,0/T:0");
    assert_eq!(
        e,
        SetupError::TooManyPieces {
            on_board: 13,
            exits: 0
        }
    );
    // Twelve is fine, however they are split between colours and exits.
    pos("R:-3,0 -3,1 -3,2 -3,3 0,0 1,0/G:0,-3 1,-3 2,-3/B:/X:1,1,1/T:0");
}

#[test]
fn a_turn_at_or_past_768_is_a_position_error() {
    assert_eq!(pos("R:/G:/B:/X:0,0,0/T:767").turn, 767);
    let e = setup_err("R:/G:/B:/X:0,0,0/T:768");
    assert_eq!(e, SetupError::TurnOutOfRange { turn: 768 });
    assert!(e.to_string().contains("turn 768"), "{e}");
    assert_eq!(
        setup_err("R:/G:/B:/X:0,0,0/T:1000"),
        SetupError::TurnOutOfRange { turn: 1000 }
    );
    match setup_err("R:/G:/B:/X:0,0,0/T:70000") {
        SetupError::Notation { reason, .. } => assert!(reason.contains("not a number"), "{reason}"),
        e => panic!("{e}"),
    }
}

#[test]
fn malformed_position_notation_is_an_error_naming_the_problem() {
    for (text, expect) in [
        ("R:4,0/G:/B:/X:0,0,0/T:0", "(4,0) is not on the board"),
        ("R:/G:2,2/B:/X:0,0,0/T:0", "(2,2) is not on the board"),
        ("R:/G:/B:/X:0,0,0", "expected 5 fields"),
        ("G:/R:/B:/X:0,0,0/T:0", "field 1 must start with R:"),
        ("R:/G:/B:/X:0,0/T:0", "X: takes three exit counts"),
        ("R:/G:/B:/X:0,0,a/T:0", "exit count \"a\""),
        ("R:/G:/B:/X:0,0,0/T:x", "turn \"x\" is not a number"),
        ("R:/G:/B:/0,0,0/T:0", "field 4 must start with X:"),
        ("R:/G:/zz/X:0,0,0/T:0", "field 3 must start with B:"),
        ("R:/G:/B:zz/X:0,0,0/T:0", "Blue: \"zz\" is not a hex"),
    ] {
        match setup_err(text) {
            SetupError::Notation { text: t, reason } => {
                assert_eq!(t, text);
                assert!(reason.contains(expect), "{text}: {reason}");
            }
            e => panic!("{text}: {e}"),
        }
    }
}

// ---------------------------------------------------------------------------------------------
// JSON.
// ---------------------------------------------------------------------------------------------

#[test]
fn actions_round_trip_through_json() {
    for text in [
        "MOVE (-3,0) (-2,0)",
        "JUMP (-3,0) (-1,0)",
        "EXIT (3,-3)",
        "PASS",
    ] {
        let a = act(text);
        let j = serde_json::to_string(&a).unwrap();
        assert_eq!(serde_json::from_str::<ChexersAction>(&j).unwrap(), a, "{j}");
    }
    let mut n = 0;
    for s in sample_states(6, 60) {
        for a in s.legal_action_vec() {
            let j = serde_json::to_string(&a).unwrap();
            assert_eq!(serde_json::from_str::<ChexersAction>(&j).unwrap(), a, "{j}");
            n += 1;
        }
    }
    assert!(n > 300);
}

/// The JSON form of an action is its text form as a JSON string (the engine's documented form).
#[test]
fn action_json_is_the_text_form_as_a_string() {
    for (text, json) in [
        ("MOVE (-3,0) (-2,0)", r#""MOVE (-3,0) (-2,0)""#),
        ("JUMP (-3,0) (-1,0)", r#""JUMP (-3,0) (-1,0)""#),
        ("EXIT (3,-3)", r#""EXIT (3,-3)""#),
        ("PASS", r#""PASS""#),
    ] {
        let a = act(text);
        assert_eq!(serde_json::to_string(&a).unwrap(), json);
        assert_eq!(serde_json::from_str::<ChexersAction>(json).unwrap(), a);
    }
}

#[test]
fn bad_action_json_is_refused_naming_the_problem() {
    let e = serde_json::from_str::<ChexersAction>(r#""MOVE (4,0) (3,0)""#).unwrap_err();
    assert!(e.to_string().contains("(4,0) is not on the board"), "{e}");
    let e = serde_json::from_str::<ChexersAction>(r#""STEP (0,0) (1,0)""#).unwrap_err();
    assert!(e.to_string().contains("expected MOVE"), "{e}");
    let e = serde_json::from_str::<ChexersAction>(r#""EXIT (3,-3) (3,-2)""#).unwrap_err();
    assert!(e.to_string().contains("EXIT takes 1 hex, found 2"), "{e}");
    for bad in [
        r#""MOVE (0,0)""#,
        r#""PASS (0,0)""#,
        r#""""#,
        r#"7"#,
        r#"null"#,
        r#"["MOVE", [0, 0], [1, 0]]"#,
    ] {
        assert!(serde_json::from_str::<ChexersAction>(bad).is_err(), "{bad}");
    }
}

#[test]
fn positions_round_trip_through_json() {
    let p = Position::start();
    let v = serde_json::to_value(&p).unwrap();
    assert_eq!(v["red"], json!([[-3, 0], [-3, 1], [-3, 2], [-3, 3]]));
    assert_eq!(v["exits"], json!([0, 0, 0]));
    assert_eq!(v["turn"], json!(0));
    assert_eq!(serde_json::from_value::<Position>(v).unwrap(), p);
}

#[test]
fn observations_round_trip_through_json() {
    let mut checked = 0;
    for s in sample_states(6, 80) {
        for seat in 0..3 {
            let o = s.observation(seat);
            let j = serde_json::to_string(&o).unwrap();
            let back: ChexersObservation = serde_json::from_str(&j).unwrap();
            assert_eq!(back, o);
            assert_eq!(back.state().unwrap(), s);
            checked += 1;
        }
    }
    assert!(checked > 100);
    // The shape of one observation: actions in their JSON form, the outcome when there is one.
    let mut s = state("R:3,0/G:0,0/B:1,1/X:3,0,0/T:0");
    play(&mut s, &["EXIT (3,0)"]);
    let v = serde_json::to_value(s.observation(1)).unwrap();
    assert_eq!(v["seat"], json!(1));
    assert_eq!(
        v["actions"],
        json!([serde_json::to_value(act("EXIT (3,0)")).unwrap()])
    );
    assert_eq!(v["outcome"], json!({"win": 0}));
    assert_eq!(v["position"]["exits"], json!([4, 0, 0]));
    let back: ChexersObservation = serde_json::from_value(v).unwrap();
    assert_eq!(back.outcome, Some(Outcome::Win(0)));
    // A drawn game's outcome too.
    let mut s = state("R:/G:/B:0,0/X:0,0,0/T:765");
    play(&mut s, &["PASS", "PASS", "MOVE (0,0) (1,0)"]);
    let o = s.observation(0);
    assert_eq!(o.outcome, Some(Outcome::Draw(DrawReason::TurnLimit)));
    let back: ChexersObservation =
        serde_json::from_str(&serde_json::to_string(&o).unwrap()).unwrap();
    assert_eq!(back, o);
}

#[test]
fn an_inconsistent_observation_is_refused() {
    let mut s = ChexersState::new();
    play(&mut s, &["MOVE (-3,0) (-2,0)"]);
    let mut o = s.observation(0);
    o.position = Position::start();
    assert!(o
        .state()
        .unwrap_err()
        .to_string()
        .contains("not to the position given"));
    let mut o = s.observation(0);
    o.actions = vec![act("MOVE (0,-3) (0,-2)")];
    assert!(o.state().unwrap_err().to_string().contains("action 1"));
    let mut o = s.observation(0);
    o.seat = 3;
    assert_eq!(
        o.state().unwrap_err(),
        ResampleError::NoSuchSeat {
            seat: 3,
            players: 3
        }
    );
}

/// Replaying a history says which action is illegal and why, or what is wrong with its start.
#[test]
fn a_history_that_cannot_be_replayed_says_where() {
    let start = Position::start();
    let actions = [act("MOVE (-3,0) (-2,0)"), act("MOVE (-2,0) (-1,0)")];
    match ChexersState::from_history(&start, &actions).unwrap_err() {
        HistoryError::Illegal {
            number,
            action,
            source,
        } => {
            assert_eq!((number, action), (2, actions[1]));
            assert!(source.reason.contains("Red piece"), "{source}");
        }
        e => panic!("{e}"),
    }
    let mut bad = start.clone();
    bad.exits = [4, 0, 0];
    assert_eq!(
        ChexersState::from_history(&bad, &[]).unwrap_err(),
        HistoryError::Start(SetupError::TooManyExits {
            colour: Colour::Red,
            exits: 4
        })
    );
}

// ---------------------------------------------------------------------------------------------
// What a person types.

/// At the terminal the legal actions are numbered from 0, as in every game, and a bare number is
/// that action; `help` explains; an action's text in any case still works.
#[test]
fn a_person_types_an_action_number_from_0() {
    use parlour_core::{Game, GameText};
    let game = parlour_chexers::Chexers::default();
    let s = game.new_game(0);
    let obs = s.observation(0);
    let legal = s.legal_action_vec();
    let shown = game.format_legal(&obs, &legal);
    assert!(
        shown.starts_with("[0] MOVE (-3,0) (-2,-1)  [1] "),
        "{shown}"
    );
    let mut seen = Vec::new();
    for i in 0..legal.len() {
        let a = game.parse_human(&obs, &legal, &i.to_string()).unwrap();
        assert!(shown.contains(&format!("[{i}] {a}")), "{shown}");
        assert!(!seen.contains(&a));
        seen.push(a);
    }
    let n = legal.len();
    let e = game.parse_human(&obs, &legal, &n.to_string()).unwrap_err();
    assert_eq!(
        e.to_string(),
        format!(
            "there is no action [{n}]: the legal actions are numbered 0 to {}",
            n - 1
        )
    );
    assert_eq!(
        game.parse_human(&obs, &legal, "move (-3,0) (-2,0)"),
        Ok(act("MOVE (-3,0) (-2,0)"))
    );
    let e = game
        .parse_human(&obs, &legal, "help")
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("number of an action") && e.contains("jump"),
        "{e}"
    );
}

/// What a seat is shown at the terminal, exactly: who they are, the board as a hex grid (each
/// hex's occupant and coordinates), the legend and the status; then, as play goes on, how many
/// times a repeated position has occurred, and the result at the end.
#[test]
fn a_seat_is_shown_the_board_as_a_hex_grid() {
    use parlour_core::{Game, GameText};
    let game = parlour_chexers::Chexers::default();
    let s = game.new_game(0);
    let legend = "Red exits off the right edge (q=3), Green off the bottom (r=3), Blue off the \
                  top left (q+r=-3). Jumping over a piece converts it.";
    let expected = [
        "You are Red (seat 0).",
        "r=-3             G 0,-3  G 1,-3  G 2,-3  G 3,-3",
        "r=-2         .-1,-2  . 0,-2  . 1,-2  . 2,-2  . 3,-2",
        "r=-1     .-2,-1  .-1,-1  . 0,-1  . 1,-1  . 2,-1  . 3,-1",
        "r=0  R-3, 0  .-2, 0  .-1, 0  . 0, 0  . 1, 0  . 2, 0  B 3, 0",
        "r=1      R-3, 1  .-2, 1  .-1, 1  . 0, 1  . 1, 1  B 2, 1",
        "r=2          R-3, 2  .-2, 2  .-1, 2  . 0, 2  B 1, 2",
        "r=3              R-3, 3  .-2, 3  .-1, 3  B 0, 3",
        legend,
        "Red to move · turn 1 of 256 each · exits: Red 0, Green 0, Blue 0 (4 wins)",
    ]
    .join("\n");
    assert_eq!(game.describe(&s.observation(0)), expected);
    assert!(game
        .describe(&s.observation(2))
        .starts_with("You are Blue (seat 2).\n"));
    // In colour, the same text with ANSI colours around each hex.
    let coloured = parlour_chexers::text::render(&s.observation(0), true);
    assert!(coloured.contains("\x1b[1;31mR-3, 0\x1b[0m"), "{coloured}");
    let mut plain = String::new();
    let mut rest = coloured.as_str();
    while let Some(i) = rest.find('\x1b') {
        plain.push_str(&rest[..i]);
        rest = &rest[i + rest[i..].find('m').unwrap() + 1..];
    }
    plain.push_str(rest);
    assert_eq!(plain, expected);

    // A repeated position says how often it has occurred; a finished game says how it ended.
    let mut s = state("R:-3,0/G:0,-3/B:0,3/X:0,0,0/T:0");
    let shuffle = [
        "MOVE (-3,0) (-2,0)",
        "MOVE (0,-3) (0,-2)",
        "MOVE (0,3) (0,2)",
        "MOVE (-2,0) (-3,0)",
        "MOVE (0,-2) (0,-3)",
        "MOVE (0,2) (0,3)",
    ];
    play(&mut s, &shuffle);
    let shown = game.describe(&s.observation(0));
    assert!(
        shown.ends_with(&format!(
            "{legend}\nThis position has occurred 2 times; a 4th time draws the game.\n\
             Red to move · turn 3 of 256 each · exits: Red 0, Green 0, Blue 0 (4 wins)"
        )),
        "{shown}"
    );
    let mut s = state("R:3,0/G:0,0/B:1,1/X:3,0,0/T:0");
    play(&mut s, &["EXIT (3,0)"]);
    let shown = game.describe(&s.observation(1));
    assert!(
        shown.ends_with(&format!("{legend}\nGame over: Red wins.")),
        "{shown}"
    );
}
