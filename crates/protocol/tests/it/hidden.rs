//! What an external bot is sent is exactly its seat's view: every observation it receives is
//! unchanged when everything hidden from that seat is resampled, and other seats' hidden
//! actions (Comp10001-Go's picks) reach it as `null`.

use std::path::PathBuf;

use parlour_core::play::Runner;
use parlour_core::rng::seeded;
use parlour_core::Game;
use parlour_protocol::{ExternalBot, Limits, Mode, Player, Pool, ProgramSpec, Table};
use serde_json::Value;

/// Plays `games` games of `game` with a recording program at seat `index % n`, returning the
/// lines it received, per game (from its `start` to its `result`).
fn record<G: Game>(game: &G, games: u64) -> Vec<Vec<Value>> {
    let dir = tempfile::tempdir().unwrap();
    // The lines come back in its log: a jailed program writes no file of the host's.
    let file = dir.path().join("recorder.log");
    let script = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/bots/misbehave.py");
    let spec = ProgramSpec {
        name: "recorder".into(),
        command: vec![
            "python3".into(),
            script.display().to_string(),
            "record".into(),
            "-".into(),
        ],
        dir: None,
        env: Default::default(),
        limits: Limits::default(),
        files: Vec::new(),
        max_faults: 10,
        user: None,
    };
    let log = parlour_protocol::process::Log::open(&file).unwrap();
    let pool = Pool::new(game, spec, Some(log), Mode::Tournament).unwrap();
    pool.preflight().unwrap();
    let n = game.num_players();
    for index in 0..games {
        let seat = (index % n as u64) as usize;
        let mut table = Table::new(
            (0..n)
                .map(|s| {
                    if s == seat {
                        Player::Program(Box::new(ExternalBot::<G>::new(pool.clone(), index)))
                    } else {
                        Player::BuiltIn(Box::new(parlour_bots::RandomBot::new(
                            index * 7 + s as u64,
                        )))
                    }
                })
                .collect(),
        );
        Runner::new(game)
            .numbered(index, index)
            .play(game.new_game(index), &mut table)
            .unwrap();
        assert!(table.reports()[seat].faults.is_empty());
    }
    pool.shutdown();
    let text = std::fs::read_to_string(&file).unwrap();
    let mut out: Vec<Vec<Value>> = Vec::new();
    // parlour's own notes in the log are in brackets.
    for line in text.lines().filter(|l| l.starts_with('{')) {
        let v: Value = serde_json::from_str(line).unwrap();
        match v["type"].as_str() {
            Some("start") => out.push(vec![v]),
            Some("hello") | Some("bye") => {}
            _ => out.last_mut().unwrap().push(v),
        }
    }
    assert_eq!(out.len() as u64, games);
    out
}

/// Checks every observation a game's lines carry against resampling, and returns the events.
fn check_views<G: Game>(game: &G, lines: &[Value]) -> Vec<Value> {
    let seat = lines[0]["seat"].as_u64().unwrap() as usize;
    let mut rng = seeded(9);
    let mut events = Vec::new();
    let mut acts = 0;
    for m in lines {
        let observation = match m["type"].as_str().unwrap() {
            "act" => {
                acts += 1;
                &m["observation"]
            }
            "result" => &m["observation"],
            "event" => {
                assert_ne!(
                    m["seat"].as_u64().unwrap() as usize,
                    seat,
                    "own action echoed"
                );
                events.push(m.clone());
                continue;
            }
            _ => continue,
        };
        let obs: G::Observation = serde_json::from_value(observation.clone()).unwrap();
        assert_eq!(
            G::observer(&obs),
            seat,
            "another seat's observation was sent"
        );
        for _ in 0..3 {
            let other = game.resample(&obs, &mut rng).unwrap();
            let view =
                serde_json::to_value(parlour_core::State::observation(&other, seat)).unwrap();
            assert_eq!(
                &view, observation,
                "the message held more than the seat's view"
            );
        }
    }
    assert!(acts > 0);
    assert_eq!(lines.last().unwrap()["type"], "result");
    events
}

#[test]
#[ignore = "needs python3: cargo xtask test"]
fn uno_messages_are_the_seats_view_and_plays_are_public() {
    let game = parlour_uno::Uno::new(Default::default()).unwrap();
    for lines in record(&game, 4) {
        let events = check_views(&game, &lines);
        assert!(!events.is_empty());
        // Every Uno action is seen by all: each event names it, and needs no detail.
        assert!(events.iter().all(|e| e["action"].is_string()), "{events:?}");
        assert!(
            events.iter().all(|e| e.get("detail").is_none()),
            "{events:?}"
        );
    }
}

#[test]
#[ignore = "needs python3: cargo xtask test"]
fn go_picks_of_other_seats_arrive_hidden() {
    let game = parlour_go::Go::new(Default::default()).unwrap();
    for lines in record(&game, 4) {
        let events = check_views(&game, &lines);
        // 10 turns × 3 other seats.
        assert_eq!(events.len(), 30);
        assert!(events.iter().all(|e| e["action"].is_null()), "{events:?}");
    }
}

#[test]
#[ignore = "needs python3: cargo xtask test"]
fn phased_bo_and_chexers_messages_are_the_seats_view() {
    let phased = parlour_phased::Phased::new(Default::default()).unwrap();
    let mut takes = 0;
    for lines in record(&phased, 4) {
        let events = check_views(&phased, &lines);
        // Every event says the hand it belongs to, and a take the card it took (public by a
        // ruling; `Game::action_detail`'s own test checks it against resampling).
        for e in &events {
            assert!(e["detail"]["hand"].is_u64(), "{e}");
            let take = e["action"] == "take";
            takes += usize::from(take);
            assert_eq!(e["detail"]["card"].is_string(), take, "{e}");
        }
    }
    assert!(takes > 0);
    let bo = parlour_bo::Bo::new(Default::default()).unwrap();
    for lines in record(&bo, 2) {
        check_views(&bo, &lines);
    }
    let chexers = parlour_chexers::Chexers::new(Default::default()).unwrap();
    for lines in record(&chexers, 2) {
        check_views(&chexers, &lines);
    }
}
