//! Chexers notation: the action text (`MOVE (-3,0) (-2,0)`, `JUMP (q,r) (q,r)`, `EXIT (q,r)`,
//! `PASS`), the position notation (`R:.../G:.../B:.../X:r,g,b/T:n`), and the JSON forms of
//! actions, positions and observations.

mod common;

use common::*;
use parlour_chexers::{
    ChexersAction, ChexersObservation, ChexersState, Colour, DrawReason, Outcome, Position,
    SetupError,
};
use parlour_core::{ParseActionError, State};
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
    assert_eq!(e, SetupError::Overlap(hex(0, 0)));
    assert!(e.to_string().contains("two pieces on (0,0)"), "{e}");
    let e = setup_err("R:1,-1 1,-1/G:/B:/X:0,0,0/T:0");
    assert_eq!(e, SetupError::Overlap(hex(1, -1)));
    // The same through from_position.
    let p = Position {
        red: vec![hex(0, 0)],
        green: vec![],
        blue: vec![hex(0, 0)],
        exits: [0; 3],
        turn: 0,
    };
    assert_eq!(
        ChexersState::from_position(&p).unwrap_err(),
        SetupError::Overlap(hex(0, 0))
    );
}

#[test]
fn four_or_more_exits_is_a_position_error() {
    let e = setup_err("R:/G:/B:/X:4,0,0/T:0");
    assert_eq!(e, SetupError::TooManyExits(Colour::Red, 4));
    assert!(e.to_string().contains("Red has 4 exits"), "{e}");
    let e = setup_err("R:/G:/B:/X:0,0,7/T:0");
    assert_eq!(e, SetupError::TooManyExits(Colour::Blue, 7));
    assert!(pos("R:/G:/B:/X:3,3,3/T:0").exits == [3, 3, 3]);
}

#[test]
fn more_than_twelve_pieces_and_exits_is_a_position_error() {
    let e = setup_err("R:-3,0 -3,1 -3,2 -3,3/G:0,-3 1,-3 2,-3 3,-3/B:0,3 1,2 2,1 3,0/X:1,0,0/T:0");
    assert_eq!(e, SetupError::TooManyPieces(13));
    assert!(e.to_string().contains("13 pieces"), "{e}");
    let e =
        setup_err("R:-3,0 -3,1 -3,2 -3,3 0,0/G:0,-3 1,-3 2,-3 3,-3/B:0,3 1,2 2,1 3,0/X:0,0,0/T:0");
    assert_eq!(e, SetupError::TooManyPieces(13));
    // Twelve is fine, however they are split between colours and exits.
    pos("R:-3,0 -3,1 -3,2 -3,3 0,0 1,0/G:0,-3 1,-3 2,-3/B:/X:1,1,1/T:0");
}

#[test]
fn a_turn_at_or_past_768_is_a_position_error() {
    assert_eq!(pos("R:/G:/B:/X:0,0,0/T:767").turn, 767);
    let e = setup_err("R:/G:/B:/X:0,0,0/T:768");
    assert_eq!(e, SetupError::TurnOutOfRange(768));
    assert!(e.to_string().contains("turn 768"), "{e}");
    assert_eq!(
        setup_err("R:/G:/B:/X:0,0,0/T:1000"),
        SetupError::TurnOutOfRange(1000)
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
        .0
        .contains("not to the position given"));
    let mut o = s.observation(0);
    o.actions = vec![act("MOVE (0,-3) (0,-2)")];
    assert!(o.state().unwrap_err().0.contains("action 1"));
}

// ---------------------------------------------------------------------------------------------
// What a person types.

/// At the terminal the legal actions are numbered from 0, as in every game, and a bare number is
/// that action; `help` explains; an action's text in any case still works.
#[test]
fn a_person_types_an_action_number_from_0() {
    use parlour_core::Game;
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
        e,
        format!(
            "there is no action [{n}]: the legal actions are numbered 0 to {}",
            n - 1
        )
    );
    assert_eq!(
        game.parse_human(&obs, &legal, "move (-3,0) (-2,0)"),
        Ok(act("MOVE (-3,0) (-2,0)"))
    );
    let e = game.parse_human(&obs, &legal, "help").unwrap_err();
    assert!(
        e.contains("number of an action") && e.contains("jump"),
        "{e}"
    );
}
