//! Who sits at a seat ([`SeatSpec`]): one notion for `parlour play --seats`, the browser's
//! tables and the Python package (issue 38, item 2). Its text form is `--seats`'s, and its
//! JSON form is the one the browser's tables were stored in before it existed, so a server's
//! store from then reads unchanged.

use parlour_core::BotSpec;
use parlour_protocol::{EntrySpec, Limits, SeatSpec};
use proptest::prelude::*;
use serde_json::json;

fn seat(text: &str) -> SeatSpec {
    SeatSpec::from_text(text, Limits::default(), 3).unwrap()
}

#[test]
fn a_seat_is_a_person_a_bot_or_a_program() {
    let human = seat("human");
    assert!(human.is_human() && human.entry().is_none() && human.program().is_none());
    assert_eq!(human.label(), "human");
    let bot = seat("ismcts:iters=400");
    assert_eq!(
        bot,
        SeatSpec::from(BotSpec {
            name: "ismcts".into(),
            options: vec![("iters".into(), "400".into())],
        })
    );
    assert_eq!(bot.label(), "ismcts:iters=400");
    assert!(!bot.is_human() && bot.program().is_none());
    let program = seat("cmd:python3 bot.py");
    assert_eq!(program.program().unwrap().command, ["python3", "bot.py"]);
    // A program entered under a short name is shown under it, as in a tournament.
    let named = seat("mine=cmd:python3 bot.py");
    assert_eq!(named.label(), "mine");
    assert_eq!(
        named.entry(),
        Some(
            &parlour_protocol::entry_from_text("mine=cmd:python3 bot.py", Limits::default(), 3)
                .unwrap()
        )
    );
    // What is not a seat says why.
    for bad in ["", "cmd:", "ismcts:iters", "a b", "cmd:\"unclosed"] {
        let e = SeatSpec::from_text(bad, Limits::default(), 3).unwrap_err();
        assert!(!e.to_string().is_empty(), "{bad:?}");
    }
}

/// The JSON the browser's tables were stored in (`crates/web`'s `SeatSpec` before it was this
/// one): each form reads into the seat it described, and is written back byte for byte.
#[test]
fn stored_tables_read_as_they_were_written() {
    let program = json!({
        "name": "mine",
        "command": ["python3", "bot.py"],
        "dir": "/srv/bots",
        "env": {},
        "limits": {"decision_ms": 1000, "bank_ms": 60000, "startup_ms": 10000, "memory_mb": 1024},
        "max_faults": 10,
    });
    let stored = [
        json!({"kind": "human", "name": "Ann", "token": "s3cret"}),
        json!({"kind": "bot", "bot": "ismcts:iters=400"}),
        json!({"kind": "bot", "bot": "random"}),
        json!({"kind": "program", "spec": program}),
    ];
    let seats: Vec<SeatSpec> = stored
        .iter()
        .map(|v| serde_json::from_value(v.clone()).unwrap())
        .collect();
    assert_eq!(
        seats[0],
        SeatSpec::Human {
            name: "Ann".into(),
            token: Some("s3cret".into())
        }
    );
    assert_eq!(seats[1], seat("ismcts:iters=400"));
    assert_eq!(seats[2], SeatSpec::from(BotSpec::named("random")));
    let EntrySpec::Program(p) = seats[3].entry().unwrap() else {
        panic!("{:?}", seats[3]);
    };
    assert_eq!((p.name.as_str(), p.limits.decision_ms), ("mine", 1000));
    for (seat, json) in seats.iter().zip(&stored) {
        assert_eq!(&serde_json::to_value(seat).unwrap(), json);
    }
    // A person at a terminal has no token, and is written without one.
    assert_eq!(
        serde_json::to_value(seat("human")).unwrap(),
        json!({"kind": "human", "name": "human"})
    );
    // What is not a seat is an error, not a panic.
    for bad in [
        json!({"kind": "robot"}),
        json!({"kind": "bot", "bot": "ismcts:iters"}),
        json!({"kind": "bot"}),
        json!({"kind": "program", "spec": {"name": "x"}}),
        json!("heuristic"),
    ] {
        assert!(
            serde_json::from_value::<SeatSpec>(bad.clone()).is_err(),
            "{bad}"
        );
    }
}

proptest! {
    /// Any seat written as JSON reads back as itself.
    #[test]
    fn a_seat_round_trips_through_json(
        name in "[a-z]{1,8}",
        // Distinct option names: a bot given one option twice is refused, as it should be.
        options in proptest::collection::btree_map("[a-z]{1,6}", "[0-9]{1,4}", 0..3),
        token in proptest::option::of("[A-Za-z0-9]{1,12}"),
        command in "[a-z]{1,8}( [a-z.]{1,8}){0,2}",
    ) {
        let seats = [
            SeatSpec::Human { name: name.clone(), token },
            SeatSpec::from(BotSpec { name: name.clone(), options: options.into_iter().collect() }),
            seat(&format!("cmd:{command}")),
        ];
        for s in seats {
            let text = serde_json::to_string(&s).unwrap();
            prop_assert_eq!(serde_json::from_str::<SeatSpec>(&text).unwrap(), s);
        }
    }
}
