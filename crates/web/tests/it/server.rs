//! `parlour serve`'s server over real sockets: what goes over the wire to each seat (checked by
//! resampling what the seat cannot see), bad messages, reconnection, the seat timeout, replays
//! and the HTTP API's refusals.

use crate::support;

use std::collections::BTreeMap;
use std::time::Duration;

use futures_util::SinkExt;
use serde_json::{json, Value};
use support::*;
use tokio_tungstenite::tungstenite::Message;

/// Every message each connection received while two people played a whole game against bots
/// (random legal moves), a spectator watching.
struct Played {
    game: Box<dyn parlour_dynamic::AnyGame>,
    frames: BTreeMap<&'static str, Vec<Value>>,
}

async fn play_with_two_people(game: &str, options: &[(&str, Value)], seed: u64) -> Played {
    let (addr, hub) = server(Duration::from_secs(600)).await;
    let g = parlour_dynamic::open(
        game,
        &options
            .iter()
            .map(|(k, v)| (k.to_string(), v.clone()))
            .collect::<Vec<_>>(),
    )
    .unwrap();
    let mut seats = vec![human("a", "tok-a"), human("b", "tok-b")];
    while seats.len() < g.num_players() {
        seats.push(bot("random"));
    }
    let id = hub.create(setup(game, options, seats, seed)).unwrap();
    let mut people = [
        ("a", 0usize, connect(addr, &id, Some("tok-a")).await),
        ("b", 1usize, connect(addr, &id, Some("tok-b")).await),
    ];
    let mut spectator = connect(addr, &id, None).await;
    let mut frames: BTreeMap<&'static str, Vec<Value>> = BTreeMap::new();
    let mut choice = seed;
    let mut over = false;
    let mut idle = 0;
    while !over {
        let mut any = false;
        for (name, seat, ws) in people.iter_mut() {
            while let Some(m) = next(ws, Duration::from_millis(5)).await {
                any = true;
                frames.entry(name).or_default().push(m.clone());
                if m["type"] == "view" {
                    if m["to_act"].is_null() {
                        over = true;
                    }
                    let legal = m["legal"].as_array().unwrap();
                    if m["to_act"] == json!(*seat) && !legal.is_empty() {
                        choice = choice
                            .wrapping_mul(6364136223846793005)
                            .wrapping_add(1442695040888963407);
                        let a = &legal[(choice >> 33) as usize % legal.len()];
                        send(
                            ws,
                            json!({"type": "act", "decision": m["decision"], "action": a}),
                        )
                        .await;
                    }
                }
            }
        }
        while let Some(m) = next(&mut spectator, Duration::from_millis(1)).await {
            any = true;
            frames.entry("spectator").or_default().push(m);
        }
        idle = if any { 0 } else { idle + 1 };
        assert!(idle < 2000, "{game}: the table stalled");
    }
    // The last views after the end.
    for (name, _, ws) in people.iter_mut() {
        while let Some(m) = next(ws, Duration::from_millis(50)).await {
            frames.entry(name).or_default().push(m);
        }
    }
    while let Some(m) = next(&mut spectator, Duration::from_millis(50)).await {
        frames.entry("spectator").or_default().push(m);
    }
    Played { game: g, frames }
}

fn views(frames: &[Value]) -> impl Iterator<Item = &Value> {
    frames.iter().filter(|m| m["type"] == "view")
}

const CASES: &[(&str, &[(&str, &str)])] = &[
    ("uno", &[]),
    ("go", &[]),
    ("go", &[("scoring", "proposed")]),
    ("phased", &[]),
    ("phased", &[("variant", "bonus")]),
    ("bo", &[]),
    ("bo", &[("variant", "bonus")]),
    ("chexers", &[]),
];

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_seat_is_sent_only_what_it_may_see_checked_by_resampling() {
    for (i, (game, opts)) in CASES.iter().enumerate() {
        let options: Vec<(&str, Value)> = opts.iter().map(|(k, v)| (*k, json!(v))).collect();
        let played = play_with_two_people(game, &options, 40 + i as u64).await;
        let g = &played.game;
        let mut checked = 0;
        for (name, seat) in [("a", 0usize), ("b", 1usize)] {
            let frames = &played.frames[name];
            assert_eq!(frames[0]["type"], "welcome", "{game}");
            assert_eq!(frames[0]["seat"], json!(seat));
            let mut first = true;
            for v in views(frames) {
                if v["to_act"].is_null() {
                    // Over: every hand may be shown now, and the whole log is sent again.
                    assert_eq!(v["observations"].as_array().unwrap().len(), g.num_players());
                    continue;
                }
                assert_eq!(
                    v["full_log"],
                    json!(first),
                    "{game}: only the first view has the whole log"
                );
                first = false;
                assert!(
                    v["observations"].is_null(),
                    "{game}: {name} was sent every hand"
                );
                let obs = &v["observation"];
                assert_eq!(obs["seat"], json!(seat));
                // Everything in the frame follows from the seat's own observation: any state
                // consistent with it gives the same observation, public view and legal actions.
                for k in 0..3 {
                    let other = g.resample(obs, 1000 * k + checked as u64).unwrap();
                    assert_eq!(&other.observation(seat).unwrap(), obs, "{game}");
                    assert_eq!(
                        other.public_view(),
                        v["public"],
                        "{game}: the public view says more than {name} knows"
                    );
                    let legal: Vec<String> = serde_json::from_value(v["legal"].clone()).unwrap();
                    if v["to_act"] == json!(seat) {
                        assert_eq!(other.legal_actions(), legal, "{game}");
                    } else {
                        assert!(
                            legal.is_empty(),
                            "{game}: {name} was sent another seat's legal actions"
                        );
                    }
                }
                for e in v["log"].as_array().unwrap() {
                    let actor = e["seat"].as_u64().unwrap() as usize;
                    if let Some(a) = e["action"].as_str() {
                        assert!(
                            actor == seat || g.action_visible(actor, a, seat).unwrap(),
                            "{game}: {name} saw seat {actor}'s hidden {a}"
                        );
                    }
                }
                checked += 1;
            }
        }
        // The spectator of a table with people at it sees only the public view, the same as
        // each seat's; and every action it sees, every seat sees.
        let mut spectated = 0;
        for v in views(&played.frames["spectator"]) {
            if v["to_act"].is_null() {
                continue;
            }
            assert!(
                v["observation"].is_null() && v["observations"].is_null(),
                "{game}"
            );
            assert!(v["legal"].as_array().unwrap().is_empty());
            for e in v["log"].as_array().unwrap() {
                if let Some(a) = e["action"].as_str() {
                    let actor = e["seat"].as_u64().unwrap() as usize;
                    for viewer in 0..g.num_players() {
                        assert!(viewer == actor || g.action_visible(actor, a, viewer).unwrap());
                    }
                }
            }
            let same = views(&played.frames["a"]).find(|a| a["decision"] == v["decision"]);
            if let Some(a) = same {
                assert_eq!(a["public"], v["public"], "{game}");
            }
            spectated += 1;
        }
        assert!(
            checked > 4 && spectated > 2,
            "{game}: {checked} seat views, {spectated} spectator views"
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_messages_get_an_error_to_their_sender_only_and_the_table_plays_on() {
    let (addr, hub) = server(Duration::from_secs(600)).await;
    let id = hub
        .create(setup(
            "uno",
            &[("players", json!(2))],
            vec![human("a", "tok-a"), human("b", "tok-b")],
            5,
        ))
        .unwrap();
    let mut a = connect(addr, &id, Some("tok-a")).await;
    let mut b = connect(addr, &id, Some("tok-b")).await;
    let mut watcher = connect(addr, &id, None).await;
    let last_view = async |ws: &mut Socket| {
        let mut last = None;
        while let Some(m) = next(ws, Duration::from_millis(200)).await {
            if m["type"] == "view" {
                last = Some(m);
            }
        }
        last.unwrap()
    };
    let va = last_view(&mut a).await;
    let vb = last_view(&mut b).await;
    while next(&mut watcher, Duration::from_millis(50))
        .await
        .is_some()
    {}
    let to_act = va["to_act"].as_u64().unwrap() as usize;
    let decision = va["decision"].as_u64().unwrap();
    let (mover, waiter, view) = if to_act == 0 {
        (&mut a, &mut b, va)
    } else {
        (&mut b, &mut a, vb)
    };
    let bad: Vec<(Message, &str)> = vec![
        (Message::Text("{not json".into()), "not a message"),
        (Message::Text("x".repeat(5000).into()), "over the limit"),
        (Message::Binary(vec![1, 2, 3].into()), "binary"),
        (
            Message::Text(r#"{"type":"sit","seat":1}"#.into()),
            "not a message",
        ),
        (
            Message::Text(
                json!({"type":"act","decision": decision + 7,"action":"draw"})
                    .to_string()
                    .into(),
            ),
            "table is at decision",
        ),
        (
            Message::Text(
                json!({"type":"act","decision": decision,"action":"R99"})
                    .to_string()
                    .into(),
            ),
            "",
        ),
        (
            Message::Text(
                json!({"type":"act","decision": decision,"action":"W+4:Q"})
                    .to_string()
                    .into(),
            ),
            "",
        ),
        (
            Message::Text(json!({"type":"pace","ms": 100}).to_string().into()),
            "tables of bots only",
        ),
    ];
    for (m, says) in bad {
        mover.send(m).await.unwrap();
        let reply = next(mover, Duration::from_secs(5))
            .await
            .expect("an error comes back");
        assert_eq!(reply["type"], "error", "{reply}");
        assert!(reply["message"].as_str().unwrap().contains(says), "{reply}");
    }
    // Out of turn: the waiting seat acts.
    send(
        waiter,
        json!({"type":"act","decision": decision,"action":"draw"}),
    )
    .await;
    let reply = next(waiter, Duration::from_secs(5)).await.unwrap();
    assert_eq!(reply["message"], "it is not your turn");
    // A spectator acts.
    send(
        &mut watcher,
        json!({"type":"act","decision": decision,"action":"draw"}),
    )
    .await;
    let reply = next(&mut watcher, Duration::from_secs(5)).await.unwrap();
    assert_eq!(reply["message"], "a spectator cannot play");
    // None of it reached anyone else, and nothing changed.
    assert!(next(waiter, Duration::from_millis(300)).await.is_none());
    assert!(next(mover, Duration::from_millis(100)).await.is_none());
    // A legal move still plays, and is replayed only once.
    let action = view["legal"][0].clone();
    assert!(action.is_string(), "{view}");
    let act = json!({"type":"act","decision": decision,"action": action});
    send(mover, act.clone()).await;
    let moved = next(mover, Duration::from_secs(5)).await.unwrap();
    assert_eq!(moved["type"], "view", "{moved}");
    assert_eq!(moved["decision"], json!(decision + 1));
    assert_eq!(
        next(waiter, Duration::from_secs(5)).await.unwrap()["decision"],
        json!(decision + 1)
    );
    send(mover, act).await;
    let again = next(mover, Duration::from_secs(5)).await.unwrap();
    assert_eq!(
        again["type"], "error",
        "a replayed move is refused: {again}"
    );
    // Wrong token, unknown table: an error, then the socket closes.
    let mut stranger = connect(addr, &id, Some("tok-zzz")).await;
    let m = next(&mut stranger, Duration::from_secs(5)).await.unwrap();
    assert_eq!(m["message"], "that seat token is not for this table");
    assert!(next(&mut stranger, Duration::from_secs(5)).await.is_none());
    let mut lost = connect(addr, "t999", None).await;
    let m = next(&mut lost, Duration::from_secs(5)).await.unwrap();
    assert_eq!(m["message"], "there is no table t999");
    // The server still serves.
    let (status, _) = http(addr, "GET", "/api/tables", b"").await;
    assert_eq!(status, 200);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_reconnection_keeps_the_seat_and_gets_the_whole_log() {
    let (addr, hub) = server(Duration::from_secs(600)).await;
    let id = hub
        .create(setup(
            "chexers",
            &[],
            vec![human("a", "tok-a"), bot("random"), bot("random")],
            9,
        ))
        .unwrap();
    let mut a = connect(addr, &id, Some("tok-a")).await;
    let mut decision = 0;
    let mut moves = 0;
    while moves < 3 {
        let m = next(&mut a, Duration::from_secs(10)).await.unwrap();
        if m["type"] == "view"
            && m["to_act"] == json!(0)
            && !m["legal"].as_array().unwrap().is_empty()
        {
            send(
                &mut a,
                json!({"type":"act","decision": m["decision"],"action": m["legal"][0]}),
            )
            .await;
            moves += 1;
            decision = m["decision"].as_u64().unwrap() + 1;
        }
    }
    a.close(None).await.unwrap();
    drop(a);
    // While away (within the timeout) the table waits at this seat's turn.
    tokio::time::sleep(Duration::from_millis(300)).await;
    let mut again = connect(addr, &id, Some("tok-a")).await;
    let welcome = next(&mut again, Duration::from_secs(5)).await.unwrap();
    assert_eq!(welcome["seat"], json!(0));
    let view = loop {
        let m = next(&mut again, Duration::from_secs(5)).await.unwrap();
        if m["type"] == "view" {
            break m;
        }
    };
    assert_eq!(view["full_log"], json!(true));
    let log = view["log"].as_array().unwrap();
    assert_eq!(
        log.len() as u64,
        view["decision"].as_u64().unwrap(),
        "the whole log"
    );
    assert!(view["decision"].as_u64().unwrap() >= decision);
    assert_eq!(view["to_act"], json!(0), "the table waited for the person");
    assert_eq!(view["seats"][0]["connected"], json!(true));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_person_away_past_the_timeout_is_played_for_and_the_game_ends() {
    let (addr, hub) = server(Duration::from_millis(200)).await;
    let id = hub
        .create(setup(
            "uno",
            &[("players", json!(3))],
            vec![human("gone", "tok-gone"), bot("random"), bot("random")],
            3,
        ))
        .unwrap();
    let mut watcher = connect(addr, &id, None).await;
    let mut saw_away = false;
    loop {
        let m = next(&mut watcher, Duration::from_secs(20))
            .await
            .expect("the table never stalls");
        if m["type"] != "view" {
            continue;
        }
        saw_away |= m["seats"][0]["away"] == json!(true);
        if m["to_act"].is_null() {
            break;
        }
    }
    assert!(saw_away, "the seat was shown as away");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn replays_step_through_traces_and_refuse_corrupt_ones() {
    let (addr, hub) = server(Duration::from_secs(600)).await;
    let id = hub
        .create(setup(
            "go",
            &[],
            vec![bot("random"), bot("random"), bot("random"), bot("random")],
            4,
        ))
        .unwrap();
    // A table of bots may be replayed whole at any time; once over, its trace is complete.
    let mut watcher = connect(addr, &id, None).await;
    while let Some(m) = next(&mut watcher, Duration::from_secs(10)).await {
        if m["type"] == "view" && m["to_act"].is_null() {
            break;
        }
    }
    let (status, trace) = http(addr, "GET", &format!("/api/tables/{id}/trace"), b"").await;
    assert_eq!(status, 200, "{trace}");
    assert!(trace.lines().last().unwrap().contains("\"result\""));
    let (status, body) = http(addr, "POST", "/api/replays", trace.as_bytes()).await;
    assert_eq!(status, 200, "{body}");
    let summary: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(summary["decisions"], json!(40));
    let rid = summary["replay"].as_str().unwrap();
    let (status, body) = http(addr, "GET", &format!("/api/replays/{rid}/40"), b"").await;
    assert_eq!(status, 200);
    let end: Value = serde_json::from_str(&body).unwrap();
    assert!(end["to_act"].is_null() && end["returns"].is_array());
    let (status, body) = http(addr, "GET", &format!("/api/replays/{rid}/12"), b"").await;
    assert_eq!(status, 200);
    let mid: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(mid["observations"].as_array().unwrap().len(), 4);
    assert_eq!(mid["action"], summary["actions"][12]["action"]);
    let (status, body) = http(addr, "GET", &format!("/api/replays/{rid}/41"), b"").await;
    assert_eq!(status, 404, "{body}");
    // A corrupt trace: an action changed to one that is not legal there.
    let mut lines: Vec<String> = trace.lines().map(str::to_string).collect();
    let mut d: Value = serde_json::from_str(&lines[5]).unwrap();
    d["action"] = json!("ZZ");
    lines[5] = d.to_string();
    let (status, body) = http(addr, "POST", "/api/replays", lines.join("\n").as_bytes()).await;
    assert_eq!(status, 400);
    assert!(body.contains("line 6"), "{body}");
    let (status, body) = http(addr, "POST", "/api/replays", b"hello").await;
    assert_eq!(status, 400);
    assert!(body.contains("not JSON"), "{body}");
    let (status, body) = http(addr, "POST", "/api/replays", &[0xff, 0xfe]).await;
    assert_eq!(status, 400);
    assert!(body.contains("UTF-8"), "{body}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_api_refuses_bad_tables_with_a_reason_and_hides_unfinished_games() {
    let (addr, hub) = server(Duration::from_secs(600)).await;
    for (body, says) in [
        ("{", "EOF"),
        (r#"{"game":"uno","seats":[]}"#, "0 seats"),
        (r#"{"game":"poker","seats":[{"kind":"human"}]}"#, "poker"),
        (
            r#"{"game":"uno","seats":[{"kind":"bot","bot":"random"},{"kind":"bot","bot":"random"},{"kind":"bot","bot":"random"},{"kind":"bot","bot":"wat"}]}"#,
            "wat",
        ),
        (
            r#"{"game":"uno","options":{"players":11},"seats":[{"kind":"human"}]}"#,
            "players",
        ),
        (r#"{"game":"uno","seats":[{"kind":"robot"}]}"#, "robot"),
        (
            r#"{"game":"uno","seats":[{"kind":"human","name":"a\u0007b"}],"seed":1}"#,
            "printable",
        ),
        (
            r#"{"game":"uno","seats":[{"kind":"human"}],"pace_ms":99999999}"#,
            "pace",
        ),
    ] {
        let (status, reply) = http(addr, "POST", "/api/tables", body.as_bytes()).await;
        // 422 for JSON of the wrong shape, 400 for the rest.
        assert!(status == 400 || status == 422, "{status} {body}: {reply}");
        assert!(reply.contains(says), "{body}: {reply}");
    }
    let huge = vec![b' '; 200_000];
    let (status, _) = http(addr, "POST", "/api/tables", &huge).await;
    assert_eq!(status, 413);
    // A table with a person: its trace waits until the game is over.
    let (status, reply) = http(
        addr,
        "POST",
        "/api/tables",
        br#"{"game":"uno","seats":[{"kind":"human","name":"me"},{"kind":"bot","bot":"random"},{"kind":"bot","bot":"random"},{"kind":"bot","bot":"random"}],"seed":2}"#,
    )
    .await;
    assert_eq!(status, 200, "{reply}");
    let made: Value = serde_json::from_str(&reply).unwrap();
    assert_eq!(made["seats"][0]["token"].as_str().unwrap().len(), 32);
    let id = made["table"].as_str().unwrap();
    let (status, reply) = http(addr, "GET", &format!("/api/tables/{id}/trace"), b"").await;
    assert_eq!(status, 403, "{reply}");
    assert_eq!(hub.tables().len(), 1);
    let (status, _) = http(addr, "GET", "/api/tables/t77/trace", b"").await;
    assert_eq!(status, 404);
    let (status, page) = http(addr, "GET", "/", b"").await;
    assert_eq!(status, 200);
    assert!(page.contains("/assets/app.js"));
    for file in parlour_web::assets::names() {
        let (status, _) = http(addr, "GET", &format!("/assets/{file}"), b"").await;
        assert_eq!(status, 200, "{file}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs python3: cargo xtask test"]
async fn a_program_from_the_bots_file_takes_a_seat_and_is_told_the_game() {
    let (addr, hub) = server(Duration::from_secs(600)).await;
    let dir = std::env::temp_dir().join(format!("parlour-web-program-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // What the program was told comes back in its log: a jailed program writes no file of the
    // host's (the only log in `logs/` is its own).
    let _ = std::fs::remove_dir_all(dir.join("logs"));
    let name = offer_program(&hub, &misbehave(), dir.join("logs"));
    // The lobby lists it, and a table seats it by name.
    let (status, games) = http(addr, "GET", "/api/games", b"").await;
    assert_eq!(status, 200);
    assert!(games.contains(&name.replace('"', "\\\"")), "{games}");
    let body = json!({
        "game": "uno",
        "options": {"players": 3},
        "seats": [{"kind": "human", "name": "me"}, {"kind": "entry", "name": name}, {"kind": "bot", "bot": "random"}],
        "seed": 8,
        "pace_ms": 0,
    });
    let (status, made) = http(addr, "POST", "/api/tables", body.to_string().as_bytes()).await;
    assert_eq!(status, 200, "{made}");
    let made: Value = serde_json::from_str(&made).unwrap();
    let id = made["table"].as_str().unwrap();
    let token = made["seats"][0]["token"].as_str().unwrap();
    let mut me = connect(addr, id, Some(token)).await;
    let (end, _) = play_out(&mut me).await;
    assert_eq!(end["seats"][1]["name"], json!(name));
    // The program was started, asked, told the others' moves and the result, as in a tournament.
    let mut lines = String::new();
    for _ in 0..50 {
        let log = std::fs::read_dir(dir.join("logs"))
            .ok()
            .and_then(|mut d| d.next())
            .and_then(|e| e.ok());
        lines = log
            .and_then(|e| std::fs::read_to_string(e.path()).ok())
            .unwrap_or_default()
            .lines()
            .filter(|l| l.starts_with('{'))
            .collect::<Vec<_>>()
            .join("\n");
        if lines.contains("\"result\"") {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let kinds: Vec<String> = lines
        .lines()
        .map(|l| {
            serde_json::from_str::<Value>(l).unwrap()["type"]
                .as_str()
                .unwrap()
                .to_string()
        })
        .collect();
    for kind in ["hello", "start", "act", "event", "result"] {
        assert!(kinds.iter().any(|k| k == kind), "no {kind} in {kinds:?}");
    }
    // Everything it was asked about was its own seat's view.
    for l in lines.lines() {
        let m: Value = serde_json::from_str(l).unwrap();
        if m["type"] == "act" {
            assert_eq!(m["observation"]["seat"], json!(1));
        }
    }
    // An entry the bots file does not have is refused.
    let body = json!({"game": "uno", "options": {"players": 3}, "seats": [{"kind": "entry", "name": "nobody"}, {"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}]});
    let (status, reply) = http(addr, "POST", "/api/tables", body.to_string().as_bytes()).await;
    assert_eq!(status, 400);
    assert!(reply.contains("no entry \\\"nobody\\\""), "{reply}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The seed of a table with a person is a secret until its game is over (issue 37, item 1): it
/// deals every hand, so a table of bots started with it would show them. Tried as the attack
/// was: the lobby's list and the socket's welcome name no seed while the game is on; a seed
/// cannot be chosen for a table with two people (the chooser would know the other's hands);
/// once the game is over, the seed is shown, and the rematch is dealt afresh.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_tables_seed_is_a_secret_until_its_game_is_over() {
    let (addr, _hub) = server(Duration::from_secs(600)).await;
    let body = json!({
        "game": "uno",
        "options": {"players": 2},
        "seats": [{"kind": "human", "name": "me"}, {"kind": "bot", "bot": "random"}],
        "pace_ms": 0,
    });
    let (status, made) = http(addr, "POST", "/api/tables", body.to_string().as_bytes()).await;
    assert_eq!(status, 200, "{made}");
    let made: Value = serde_json::from_str(&made).unwrap();
    let id = made["table"].as_str().unwrap().to_string();
    let token = made["seats"][0]["token"].as_str().unwrap().to_string();
    let (_, tables) = http(addr, "GET", "/api/tables", b"").await;
    assert_eq!(listed(&tables, &id)["seed"], Value::Null, "{tables}");
    // Neither the player nor a spectator is told it.
    let mut spectator = connect(addr, &id, None).await;
    let welcome = next(&mut spectator, Duration::from_secs(5)).await.unwrap();
    assert_eq!(welcome["type"], "welcome");
    assert_eq!(welcome["seed"], Value::Null, "{welcome}");
    let mut me = connect(addr, &id, Some(&token)).await;
    let welcome = next(&mut me, Duration::from_secs(5)).await.unwrap();
    assert_eq!(welcome["seed"], Value::Null, "{welcome}");
    // No seed of one's choosing for a table with two people.
    let two = json!({
        "game": "uno",
        "options": {"players": 2},
        "seats": [{"kind": "human", "name": "a"}, {"kind": "human", "name": "b"}],
        "seed": 5,
    });
    let (status, why) = http(addr, "POST", "/api/tables", two.to_string().as_bytes()).await;
    assert_eq!(status, 400, "{why}");
    assert!(why.contains("more than one person"), "{why}");
    // Played to the end: then it is shown.
    play_out(&mut me).await;
    let (_, tables) = http(addr, "GET", "/api/tables", b"").await;
    let seed = listed(&tables, &id)["seed"]
        .as_u64()
        .expect("shown once over");
    let mut late = connect(addr, &id, None).await;
    let welcome = next(&mut late, Duration::from_secs(5)).await.unwrap();
    assert_eq!(welcome["seed"], json!(seed), "{welcome}");
    // The rematch is not the next seed, which anyone could work out now.
    send(&mut me, json!({"type": "rematch"})).await;
    let rematch = loop {
        let m = next(&mut me, Duration::from_secs(5))
            .await
            .expect("a rematch");
        if m["type"] == "rematch" {
            break m["table"].as_str().unwrap().to_string();
        }
    };
    let mut again = connect(addr, &rematch, Some(&token)).await;
    let welcome = next(&mut again, Duration::from_secs(5)).await.unwrap();
    assert_eq!(welcome["seed"], Value::Null, "{welcome}");
    play_out(&mut again).await;
    let (_, tables) = http(addr, "GET", "/api/tables", b"").await;
    let dealt = listed(&tables, &rematch)["seed"]
        .as_u64()
        .expect("the rematch's seed, shown once over");
    assert_ne!(dealt, seed.wrapping_add(1));
}

/// The messages in a program's log, without their clocks (`act`'s `time`), once it has been
/// told the result.
async fn told(log: &std::path::Path) -> Vec<Value> {
    for _ in 0..100 {
        let text = std::fs::read_to_string(log).unwrap_or_default();
        if text.contains("\"result\"") {
            return text
                .lines()
                .filter(|l| l.starts_with('{'))
                .map(|l| {
                    let mut m: Value = serde_json::from_str(l).unwrap();
                    m.as_object_mut().unwrap().remove("time");
                    m
                })
                .collect();
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("{} has no result", log.display());
}

/// The first legal action, every time: what the person below plays.
struct First;

impl<G: parlour_core::Game> parlour_core::Bot<G> for First {
    fn act(&mut self, d: &parlour_core::Decision<'_, G>) -> G::Action {
        d.legal[0]
    }
}

/// A browser's table tells a program the game exactly as the runner's step loop tells it at
/// a table of the same seats and seed (issue 38, item 2): the same messages in the same order,
/// a person's moves among them (with what the rules show of each), and the result.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_program_at_a_table_is_told_the_game_as_the_runner_tells_it() {
    use parlour_core::play::Runner;
    use parlour_core::rng::seat_seed;
    use parlour_protocol::{EntrySpec, ExternalBot, Mode, Player, Pool, ProgramSpec, SeatSpec};
    use parlour_web::TableSetup;

    let dir = std::env::temp_dir().join(format!("parlour-web-told-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let program = ProgramSpec {
        name: "echoing".into(),
        command: vec![
            "sh".into(),
            "-c".into(),
            parlour_test_support::programs::first_legal(true),
        ],
        dir: None,
        env: Default::default(),
        limits: Default::default(),
        max_faults: 10,
        user: None,
        files: Vec::new(),
    };
    let seed = 8;
    // At a browser's table: a person (who plays the first legal action), the program, a bot.
    let (addr, hub) = server(Duration::from_secs(600)).await;
    hub.offer(vec![EntrySpec::Program(program.clone())], dir.join("web"));
    let id = hub
        .create(TableSetup {
            game: "uno".into(),
            options: vec![("players".into(), json!(3))],
            seats: vec![
                human("me", "my-token"),
                SeatSpec::Entry(EntrySpec::Program(program.clone())),
                bot("random"),
            ],
            seed,
            pace_ms: 0,
        })
        .unwrap();
    let mut me = connect(addr, &id, Some("my-token")).await;
    let (_, moves) = play_out(&mut me).await;
    assert!(moves > 0, "the person never moved");
    let at_the_table = told(&dir.join("web").join("echoing.stderr.log")).await;
    // The runner's table of the same seats, each seeded as the table seeds it.
    let log = dir.join("runner.log");
    let at_the_runner = {
        let path = log.clone();
        tokio::task::spawn_blocking(move || {
            let game: parlour_uno::Uno =
                parlour_games::options::make_game(vec![("players".to_string(), json!(3))]).unwrap();
            let log = parlour_protocol::process::Log::open(&path).unwrap();
            let pool = Pool::new(&game, program, Some(log), Mode::Tournament).unwrap();
            pool.preflight().unwrap();
            let random = parlour_core::BotSpec::named("random");
            let mut table = parlour_protocol::Table::new(vec![
                Player::BuiltIn(Box::new(First)),
                Player::Program(Box::new(ExternalBot::new(pool.clone(), seat_seed(seed, 1)))),
                Player::BuiltIn(
                    parlour_bots::make_bot_for(&game, &random, seat_seed(seed, 2)).unwrap(),
                ),
            ]);
            Runner::new(&game)
                .play(parlour_core::Game::new_game(&game, seed), &mut table)
                .unwrap();
            pool.shutdown();
        })
        .await
        .unwrap();
        told(&log).await
    };
    let kinds = |m: &[Value]| m.iter().map(|m| m["type"].clone()).collect::<Vec<_>>();
    for kind in ["hello", "start", "act", "event", "result"] {
        assert!(kinds(&at_the_table).contains(&json!(kind)), "no {kind}");
    }
    // Some of the person's moves show the program more than their text (a drawn card's count).
    assert!(
        at_the_table
            .iter()
            .any(|m| m["type"] == "event" && m["seat"] == json!(0)),
        "the program was never told the person's moves"
    );
    assert_eq!(at_the_table.len(), at_the_runner.len());
    for (i, (a, b)) in at_the_table.iter().zip(&at_the_runner).enumerate() {
        assert_eq!(a, b, "message {i}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
