//! The league's HTTP server, attacked over real sockets on loopback: another person's reports,
//! logs and choices are out of reach, a session is a cookie the page cannot read whose hash
//! alone is stored, a page of another site or a request for another host is refused, and an
//! upload over the limit is refused before it is kept.

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::sync::Arc;

use parlour_league::people::{admit, read_roster, Admitted};
use parlour_league::server::{serve as serve_league, Served};
use parlour_league::store::Status;
use parlour_league::submission::submit;
use parlour_league::League;
use serde_json::Value;

use crate::support::{league, remove};

/// A server for `league` on a loopback port, on a runtime of its own.
fn serve(league: Arc<League>) -> (SocketAddr, tokio::runtime::Runtime) {
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let listener = runtime
        .block_on(tokio::net::TcpListener::bind("127.0.0.1:0"))
        .unwrap();
    let addr = listener.local_addr().unwrap();
    runtime.spawn(serve_league(
        listener,
        Served::new(league, parlour_web::Settings::default()),
    ));
    (addr, runtime)
}

struct Answer {
    status: u16,
    head: String,
    body: String,
}

impl Answer {
    fn json(&self) -> Value {
        serde_json::from_str(&self.body).unwrap_or(Value::Null)
    }
}

/// One HTTP/1.1 request with exactly these headers (Host included), the answer read whole.
fn http(
    addr: SocketAddr,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: &[u8],
) -> Answer {
    let mut s = TcpStream::connect(addr).unwrap();
    let mut req = format!(
        "{method} {path} HTTP/1.1\r\nConnection: close\r\nContent-Length: {}\r\n",
        body.len()
    );
    for (k, v) in headers {
        req.push_str(&format!("{k}: {v}\r\n"));
    }
    req.push_str("\r\n");
    s.write_all(req.as_bytes()).unwrap();
    let _ = s.write_all(body);
    let mut raw = Vec::new();
    let _ = s.read_to_end(&mut raw);
    let text = String::from_utf8_lossy(&raw).into_owned();
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    let status = head
        .split(' ')
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or(0);
    Answer {
        status,
        head: head.to_string(),
        body: body.to_string(),
    }
}

fn people(league: &League) -> Vec<Admitted> {
    let rows = read_roster("name,id\nAda,s1\nAlan,s2\n").unwrap();
    admit(league.store(), &rows, false, 0).unwrap()
}

#[test]
fn a_person_reaches_only_their_own_submissions() {
    let league = Arc::new(league("server", "nim", &["perfect"], 3));
    let p = people(&league);
    let (ada, alan) = (&p[0], &p[1]);
    let (dir, config, store) = (league.dir(), league.config(), league.store());
    let alans = submit(
        dir,
        config,
        store,
        alan.person,
        "alan.py",
        b"print('alan')\n",
        10,
    )
    .unwrap();
    store
        .set_checked(alans, Status::Failed, "game 0: a secret fault of Alan's\n")
        .unwrap();
    std::fs::create_dir_all(dir.join("logs")).unwrap();
    std::fs::write(
        parlour_league::submission::check_log(dir, alans),
        "alan's stderr: s3cr3t\n",
    )
    .unwrap();
    std::fs::write(
        parlour_league::submission::ladder_log(dir, alans),
        "alan's ladder stderr: l4dd3r\n",
    )
    .unwrap();
    let adas = submit(
        dir,
        config,
        store,
        ada.person,
        "ada.py",
        b"print('ada')\n",
        10,
    )
    .unwrap();
    store.set_checked(adas, Status::Passed, "passed\n").unwrap();
    let (addr, _rt) = serve(league.clone());
    let host = addr.to_string();
    let h = |extra: &[(&'static str, String)]| -> Vec<(&'static str, String)> {
        let mut v = vec![("Host", host.clone())];
        v.extend_from_slice(extra);
        v
    };
    let get = |path: &str, headers: &[(&'static str, String)]| {
        let hs: Vec<(&str, &str)> = headers.iter().map(|(k, v)| (*k, v.as_str())).collect();
        http(addr, "GET", path, &hs, b"")
    };
    let post = |path: &str, headers: &[(&'static str, String)], body: &[u8]| {
        let hs: Vec<(&str, &str)> = headers.iter().map(|(k, v)| (*k, v.as_str())).collect();
        http(addr, "POST", path, &hs, body)
    };
    // Everyone sees the standings; no one sees a person's page without their token.
    assert_eq!(get("/api/league", &h(&[])).status, 200);
    assert_eq!(get("/api/league/me", &h(&[])).status, 401);
    let wrong = h(&[(
        "Authorization",
        "Bearer 0123456789abcdef0123456789abcdef".into(),
    )]);
    assert_eq!(get("/api/league/me", &wrong).status, 401);
    // Ada's token buys a session cookie the page's scripts cannot read, sent to this site only.
    let login = post(
        "/api/league/login",
        &h(&[("Content-Type", "application/json".into())]),
        format!("{{\"token\":\"{}\"}}", ada.token).as_bytes(),
    );
    assert_eq!(login.status, 200, "{}", login.body);
    let set = login
        .head
        .lines()
        .find(|l| l.to_ascii_lowercase().starts_with("set-cookie:"))
        .expect("a cookie")
        .to_string();
    assert!(
        set.contains("HttpOnly") && set.contains("SameSite=Strict"),
        "{set}"
    );
    let cookie = set
        .split_once(':')
        .unwrap()
        .1
        .trim()
        .split(';')
        .next()
        .unwrap()
        .to_string();
    let session = cookie.split_once('=').unwrap().1.to_string();
    let db = std::fs::read(dir.join("league.db")).unwrap();
    let wal = std::fs::read(dir.join("league.db-wal")).unwrap_or_default();
    let stored = |b: &[u8]| b.windows(session.len()).any(|w| w == session.as_bytes());
    assert!(
        !stored(&db) && !stored(&wal),
        "the session itself is in the store"
    );
    let as_ada = h(&[("Cookie", cookie.clone())]);
    let me = get("/api/league/me", &as_ada).json();
    assert_eq!(me["name"], "Ada");
    assert_eq!(me["active"], adas);
    assert_eq!(me["submissions"].as_array().unwrap().len(), 1);
    // Alan's submission: Ada sees whose it is and how it stands, never its report or log.
    let theirs = get(&format!("/api/league/submissions/{alans}"), &as_ada);
    assert_eq!(theirs.status, 200);
    assert!(
        !theirs.body.contains("secret fault")
            && !theirs.body.contains("s3cr3t")
            && !theirs.body.contains("l4dd3r"),
        "{}",
        theirs.body
    );
    assert!(theirs.json().get("report").is_none() && theirs.json().get("log").is_none());
    let as_alan = h(&[("Authorization", format!("Bearer {}", alan.token))]);
    let own = get(&format!("/api/league/submissions/{alans}"), &as_alan).json();
    assert!(own["report"].as_str().unwrap().contains("secret fault"));
    assert!(own["log"].as_str().unwrap().contains("s3cr3t"));
    assert!(own["ladder_log"].as_str().unwrap().contains("l4dd3r"));
    // Ada cannot make Alan's submission hers, nor change his choice: a choice is the
    // chooser's own.
    let json = ("Content-Type", "application/json".to_string());
    let steal = post(
        "/api/league/active",
        &h(&[("Cookie", cookie.clone()), json.clone()]),
        format!("{{\"submission\":{alans}}}").as_bytes(),
    );
    assert_eq!(steal.status, 400, "{}", steal.body);
    assert!(
        steal.body.contains("you have no submission"),
        "{}",
        steal.body
    );
    // A page of another site cannot act with Ada's cookie; a request for another host (a DNS
    // rebinding page's) is not answered.
    let evil = post(
        "/api/league/active",
        &h(&[
            ("Cookie", cookie.clone()),
            json.clone(),
            ("Origin", "http://evil.example".into()),
        ]),
        format!("{{\"submission\":{adas}}}").as_bytes(),
    );
    assert_eq!(evil.status, 403, "{}", evil.body);
    let rebound = http(
        addr,
        "GET",
        "/api/league/me",
        &[("Host", "evil.example"), ("Cookie", &cookie)],
        b"",
    );
    assert_eq!(rebound.status, 421);
    // Only the organiser runs the final or reads its CSV.
    let run = post(
        "/api/league/final",
        &h(&[("Cookie", cookie.clone()), json.clone()]),
        b"{\"deadline\":\"now\"}",
    );
    assert_eq!(run.status, 403, "{}", run.body);
    assert_eq!(get("/api/league/final.csv", &as_ada).status, 403);
    assert_eq!(get("/api/league/final", &as_alan).status, 403);
    assert!(!dir.join("final").exists());
    // An upload over the league's limit is refused, and nothing is kept.
    let big = vec![b'#'; config.quota.max_bytes as usize + 10];
    let upload = post("/api/league/submissions?file=big.py", &as_ada, &big);
    assert_eq!(upload.status, 413, "{}", upload.body);
    assert_eq!(store.submissions(Some(ada.person)).unwrap().len(), 1);
    // A session outlives the server: another server on the same league knows the cookie.
    drop(_rt);
    let again = Arc::new(League::open(dir).unwrap());
    let (addr2, _rt2) = serve(again);
    let me = http(
        addr2,
        "GET",
        "/api/league/me",
        &[("Host", &addr2.to_string()), ("Cookie", &cookie)],
        b"",
    );
    assert_eq!(me.json()["name"], "Ada", "{}", me.body);
    remove(dir);
}

/// Submitting from the terminal, as a person, through the server: the check's report comes
/// back, and the submission is the sender's.
#[test]
#[ignore = "needs python3: cargo xtask test"]
fn a_person_submits_from_the_terminal() {
    std::env::set_var("PYTHONPATH", crate::support::kit());
    let league = Arc::new(league("send", "go", &["random"], 3));
    let p = people(&league);
    let (addr, _rt) = serve(league.clone());
    let file = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../sdk/python/examples/course/go_first.py");
    let link = format!("http://{addr}/#token={}", p[1].token);
    let answer = parlour_league::server::send(&link, None, &file).unwrap();
    assert_eq!(answer["passed"], true, "{answer}");
    let id = answer["submission"].as_i64().unwrap();
    assert_eq!(
        league.store().submission(id).unwrap().unwrap().person,
        p[1].person
    );
    let e = parlour_league::server::send(&format!("http://{addr}/"), Some("not-a-token"), &file)
        .unwrap_err();
    assert!(e.to_string().contains("401"), "{e}");
    remove(league.dir());
}

/// The pages are served, and the standings are pushed to a page as they change: one event at
/// once, another after the next match.
#[test]
fn standings_are_pushed_to_pages_as_they_change() {
    use std::io::{BufRead, BufReader};
    let league = Arc::new(league("events", "nim", &["perfect", "random"], 8));
    let (addr, _rt) = serve(league.clone());
    let host = addr.to_string();
    let page = http(addr, "GET", "/", &[("Host", &host)], b"");
    assert_eq!(page.status, 200);
    assert!(page
        .head
        .to_ascii_lowercase()
        .contains("content-type: text/html"));
    assert!(page.body.contains("/league.js"));
    assert_eq!(
        http(addr, "GET", "/league.js", &[("Host", &host)], b"").status,
        200
    );
    let mut s = TcpStream::connect(addr).unwrap();
    s.set_read_timeout(Some(std::time::Duration::from_secs(20)))
        .unwrap();
    write!(s, "GET /api/league/events HTTP/1.1\r\nHost: {host}\r\n\r\n").unwrap();
    let mut lines = BufReader::new(s);
    let mut next_standings = || -> Value {
        let mut line = String::new();
        loop {
            line.clear();
            assert!(lines.read_line(&mut line).unwrap() > 0, "the stream ended");
            if let Some(data) = line.trim_end().strip_prefix("data: ") {
                return serde_json::from_str(data).unwrap();
            }
        }
    };
    let first = next_standings();
    assert_eq!(first["matches"], 0);
    league.play_one(0).unwrap();
    let second = next_standings();
    assert_eq!(second["matches"], 1);
    assert_eq!(second["leaderboard"][0]["games"], 2);
    remove(league.dir());
}

/// One client cannot hold the league's server: past its share of connections it is answered
/// 503 and closed (another client still gets in), and a connection that sends nothing is closed
/// after the header timeout (the attack: open idle connections until the server has none left).
#[test]
fn a_flood_of_idle_connections_is_bounded() {
    use std::time::Duration;
    let league = Arc::new(league("flood", "nim", &["perfect"], 1));
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let listener = runtime
        .block_on(tokio::net::TcpListener::bind("127.0.0.1:0"))
        .unwrap();
    let addr = listener.local_addr().unwrap();
    let mut settings = parlour_web::Settings::default();
    settings.share.connections = 4;
    settings.header_timeout = Duration::from_secs(1);
    runtime.spawn(serve_league(
        listener,
        Served::new(league.clone(), settings),
    ));
    let idle: Vec<TcpStream> = (0..4).map(|_| TcpStream::connect(addr).unwrap()).collect();
    std::thread::sleep(Duration::from_millis(200));
    let mut over = TcpStream::connect(addr).unwrap();
    over.set_read_timeout(Some(Duration::from_secs(5))).unwrap();
    let mut answer = String::new();
    let _ = over.read_to_string(&mut answer);
    assert!(answer.starts_with("HTTP/1.1 503"), "{answer:?}");
    // Another client (another loopback address) still gets its pages.
    let other = SocketAddr::from(([127, 0, 0, 2], 0));
    let socket = tokio::net::TcpSocket::new_v4().unwrap();
    socket.bind(other).unwrap();
    let stream = runtime.block_on(socket.connect(addr)).unwrap();
    let mut stream = stream.into_std().unwrap();
    stream.set_nonblocking(false).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(5)))
        .unwrap();
    write!(
        stream,
        "GET /api/league HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut page = String::new();
    let _ = stream.read_to_string(&mut page);
    assert!(page.starts_with("HTTP/1.1 200"), "{page:?}");
    // The idle ones are closed by the header timeout, and the client is let in again.
    for mut c in idle {
        c.set_read_timeout(Some(Duration::from_secs(5))).unwrap();
        let mut rest = Vec::new();
        // To its end (the server closed it), not to the read timeout (it is still open).
        let timed_out = c.read_to_end(&mut rest).is_err_and(|e| {
            matches!(
                e.kind(),
                std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
            )
        });
        assert!(
            !timed_out,
            "an idle connection stayed open past the header timeout"
        );
    }
    let back = http(
        addr,
        "GET",
        "/api/league",
        &[("Host", &addr.to_string())],
        b"",
    );
    assert_eq!(back.status, 200);
    remove(league.dir());
}

/// Every finished game can be replayed in the browser with every hand: an entrant's page lists
/// its games (everyone may see it), each with a replay whose seats are named as the standings
/// name them and whose end is the recorded game's; the viewer's own page and files are served.
/// A game of a match not finished, or no game at all, has no replay.
#[test]
fn finished_games_are_listed_and_replayed_with_every_hand() {
    let league = Arc::new(league("replays", "uno", &["random", "heuristic"], 12));
    for _ in 0..3 {
        league.play_one(0).unwrap();
    }
    // A match started and not finished (as when it is in play).
    let unfinished = league.store().next_match().unwrap();
    league
        .store()
        .start_match(unfinished, 5, &["house:0".into(), "house:1".into()], 0)
        .unwrap();
    let (addr, _rt) = serve(league.clone());
    let host = addr.to_string();
    let get = |path: &str| http(addr, "GET", path, &[("Host", &host)], b"");
    let page = get("/api/league/entrants/house:1?games=100");
    assert_eq!(page.status, 200, "{}", page.body);
    let page = page.json();
    assert_eq!(page["label"], "heuristic");
    let played = page["played"].as_array().unwrap();
    // Three matches of four rotations; a house bot fills two seats of each table.
    assert_eq!(played.len(), 12, "{page}");
    let matches = league.store().matches().unwrap();
    for g in played {
        let id = g["replay"].as_str().unwrap();
        let summary = get(&format!("/api/replays/{id}"));
        assert_eq!(summary.status, 200, "{id}: {}", summary.body);
        let summary = summary.json();
        let m = matches
            .iter()
            .find(|m| Some(m.id) == g["match"].as_i64())
            .unwrap();
        let record = &m.records[g["game"].as_u64().unwrap() as usize];
        let names: Vec<&str> = record
            .seats
            .iter()
            .map(|&e| {
                if m.entrants[e] == "house:0" {
                    "random"
                } else {
                    "heuristic"
                }
            })
            .collect();
        assert_eq!(summary["seats"], serde_json::json!(names), "{id}");
        assert_eq!(summary["decisions"], record.decisions, "{id}");
        assert_eq!(g["table"], serde_json::json!(names), "{id}");
        // The first position shows every hand; the last, the recorded returns.
        let first = get(&format!("/api/replays/{id}/0")).json();
        let hands: Vec<&Value> = first["observations"].as_array().unwrap().iter().collect();
        assert_eq!(hands.len(), 4, "{id}");
        let end = get(&format!("/api/replays/{id}/{}", record.decisions)).json();
        assert_eq!(end["returns"], serde_json::json!(record.returns), "{id}");
    }
    for missing in [
        format!("m{unfinished}-g0"),
        "m999-g0".into(),
        "m1-g9".into(),
        "nonsense".into(),
    ] {
        assert_eq!(
            get(&format!("/api/replays/{missing}")).status,
            404,
            "{missing}"
        );
    }
    assert_eq!(get("/api/league/entrants/sub:77").status, 404);
    let viewer = get("/view");
    assert_eq!(viewer.status, 200);
    assert!(viewer.body.contains("/assets/app.js"));
    for file in ["app.js", "cards.js", "games.js", "style.css"] {
        assert_eq!(get(&format!("/assets/{file}")).status, 200, "{file}");
    }
    assert_eq!(get("/assets/secret.txt").status, 404);
    remove(league.dir());
}

/// Registration with the invite code: closed without one; with one, a wrong code or a bad
/// name is refused, and the right code makes a person whose token (their link) and session
/// cookie both let them in. A flood of registrations is stopped at the minute's limit, and a
/// roster cannot take the ids registration gives.
#[test]
fn strangers_join_with_the_invite_code_and_only_with_it() {
    let closed = Arc::new(league("closed", "nim", &["perfect"], 3));
    let (addr, _rt) = serve(closed.clone());
    let host = addr.to_string();
    let post = |addr: SocketAddr, body: &str| {
        http(
            addr,
            "POST",
            "/api/league/register",
            &[
                ("Host", &addr.to_string()),
                ("Content-Type", "application/json"),
            ],
            body.as_bytes(),
        )
    };
    let refused = post(addr, r#"{"invite": "anything-at-all", "name": "Eve"}"#);
    assert_eq!(refused.status, 403, "{}", refused.body);
    assert!(refused.body.contains("registration is closed"));
    assert_eq!(
        http(addr, "GET", "/api/league", &[("Host", &host)], b"").json()["registration"],
        false
    );
    remove(closed.dir());

    let dir = crate::support::folder("open");
    let mut config = parlour_league::LeagueConfig::new(
        "test",
        "nim",
        Default::default(),
        vec![parlour_core::BotSpec::named("perfect")],
        3,
    )
    .unwrap();
    config.invite = Some("short".into());
    assert!(config.check().is_err(), "a code of 5 characters");
    config.invite = Some("comp10001-2026".into());
    parlour_league::create(&dir, &config).unwrap();
    let open = Arc::new(League::open(&dir).unwrap());
    let (addr, _rt2) = serve(open.clone());
    let host = addr.to_string();
    assert_eq!(
        http(addr, "GET", "/api/league", &[("Host", &host)], b"").json()["registration"],
        true
    );
    let wrong = post(addr, r#"{"invite": "comp10001-2025", "name": "Eve"}"#);
    assert_eq!(wrong.status, 403, "{}", wrong.body);
    let nameless = post(addr, r#"{"invite": "comp10001-2026", "name": "  "}"#);
    assert_eq!(nameless.status, 400, "{}", nameless.body);
    assert!(open.store().people().unwrap().is_empty());
    let joined = post(addr, r#"{"invite": "comp10001-2026", "name": "Grace"}"#);
    assert_eq!(joined.status, 200, "{}", joined.body);
    let token = joined.json()["token"].as_str().unwrap().to_string();
    let cookie = joined
        .head
        .lines()
        .find_map(|l| {
            l.strip_prefix("set-cookie: ")
                .or_else(|| l.strip_prefix("Set-Cookie: "))
        })
        .unwrap()
        .split(';')
        .next()
        .unwrap()
        .to_string();
    for (k, v) in [
        ("Authorization", format!("Bearer {token}")),
        ("Cookie", cookie),
    ] {
        let me = http(
            addr,
            "GET",
            "/api/league/me",
            &[("Host", &host), (k, &v)],
            b"",
        );
        assert_eq!(me.json()["name"], "Grace", "{k}: {}", me.body);
    }
    // The minute's limit, counted from the store (Grace is the first).
    for i in 1..parlour_league::people::REGISTRATIONS_PER_MINUTE {
        parlour_league::people::register(open.store(), &format!("p{i}"), now()).unwrap();
    }
    let flood = post(addr, r#"{"invite": "comp10001-2026", "name": "Mallory"}"#);
    assert_eq!(flood.status, 400, "{}", flood.body);
    assert!(
        flood.body.contains("too many people registered"),
        "{}",
        flood.body
    );
    assert!(read_roster("name,id\nMallory,reg-123\n").is_err());
    remove(open.dir());
}

fn now() -> i64 {
    parlour_league::ladder::now_ms()
}

/// A match in play can be watched as every seat sees it: the standings list it, and its page
/// shows the game's public view (none of a seat's own fields: its hand, its draw), who sits
/// where and whose turn it is; its games are not replays until it ends, and then it is no
/// longer in play.
#[test]
fn a_match_in_play_is_watched_with_no_hidden_card() {
    let league = Arc::new(league("live", "uno", &["random", "ismcts"], 5));
    let (addr, _rt) = serve(league.clone());
    let host = addr.to_string();
    let get = |path: &str| http(addr, "GET", path, &[("Host", &host)], b"");
    assert_eq!(get("/api/live/1").status, 404);
    let playing = {
        let league = league.clone();
        std::thread::spawn(move || league.play_one(0).unwrap())
    };
    let mut seen = Vec::new();
    let started = std::time::Instant::now();
    while !playing.is_finished() && started.elapsed() < std::time::Duration::from_secs(120) {
        // The replay and the standings first: if the match is still in play after them, it was
        // in play when they were asked for.
        let (replay, overview) = (get("/api/replays/m1-g0"), get("/api/league").json());
        let live = get("/api/live/1");
        if live.status == 200 && live.json()["started"] == true {
            seen.push((live.json(), overview, replay));
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    assert_eq!(playing.join().unwrap(), Some(1));
    assert!(!seen.is_empty(), "the match was never seen in play");
    let private = parlour_games::info("uno").unwrap().private;
    for (live, _, replay) in &seen {
        assert_eq!(live["game"], "uno");
        assert_eq!(live["players"], 4);
        let seats: Vec<&str> = live["seats"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s.as_str().unwrap())
            .collect();
        assert!(
            seats.iter().all(|s| ["random", "ismcts"].contains(s)),
            "{seats:?}"
        );
        let public = live["public"].as_object().unwrap();
        assert!(!public.is_empty());
        for field in private {
            assert!(!public.contains_key(*field), "{field} shown: {live}");
        }
        assert_eq!(replay.status, 404, "a game of a match in play replayed");
    }
    assert!(
        seen.iter()
            .any(|(_, overview, _)| overview["in_play"][0]["match"] == 1),
        "the standings never listed the match in play"
    );
    assert_eq!(get("/api/live/1").status, 404);
    assert_eq!(get("/api/league").json()["in_play"], serde_json::json!([]));
    assert_eq!(get("/api/replays/m1-g0").status, 200);
    remove(league.dir());
}
