//! `parlour serve` as a process (issue 37): killed with SIGKILL mid-game and started again on
//! its store, it resumes every table where it was; at the usual open-file limit, a flood of idle
//! connections, tables, sockets and uploads from one address leaves the honest client's page
//! and moves fast and the server's memory within its budget; a port in use is bad input, and
//! an address open to every network is said so.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{IpAddr, Ipv4Addr, SocketAddr, TcpStream};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{json, Value};

use crate::common;

struct Server {
    child: Child,
    addr: SocketAddr,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// `parlour serve` on a free port with `args`, run under `files` open files if given.
fn serve(args: &[&str], files: Option<u64>) -> Server {
    let mut command = Command::new(env!("CARGO_BIN_EXE_parlour"));
    command
        .args(["serve", "--bind", "127.0.0.1:0"])
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit());
    if let Some(n) = files {
        use std::os::unix::process::CommandExt;
        // SAFETY: setrlimit is async-signal-safe; nothing else runs between fork and exec.
        unsafe {
            command.pre_exec(move || {
                nix::sys::resource::setrlimit(nix::sys::resource::Resource::RLIMIT_NOFILE, n, n)
                    .map_err(std::io::Error::from)
            });
        }
    }
    let mut child = command.spawn().expect("parlour serve starts");
    let addr = common::served_address(child.stdout.take().unwrap())
        .parse()
        .unwrap();
    Server { child, addr }
}

const HONEST: IpAddr = IpAddr::V4(Ipv4Addr::new(127, 0, 0, 1));
const ATTACKER: IpAddr = IpAddr::V4(Ipv4Addr::new(127, 0, 0, 2));

fn tcp_from(from: IpAddr, addr: SocketAddr) -> std::io::Result<TcpStream> {
    let socket = nix::sys::socket::socket(
        nix::sys::socket::AddressFamily::Inet,
        nix::sys::socket::SockType::Stream,
        nix::sys::socket::SockFlag::SOCK_CLOEXEC,
        None,
    )
    .map_err(std::io::Error::from)?;
    let local = nix::sys::socket::SockaddrIn::from(match SocketAddr::new(from, 0) {
        SocketAddr::V4(v4) => v4,
        SocketAddr::V6(_) => unreachable!("loopback v4"),
    });
    nix::sys::socket::bind(std::os::fd::AsRawFd::as_raw_fd(&socket), &local)
        .map_err(std::io::Error::from)?;
    let remote = nix::sys::socket::SockaddrIn::from(match addr {
        SocketAddr::V4(v4) => v4,
        SocketAddr::V6(_) => unreachable!("loopback v4"),
    });
    nix::sys::socket::connect(std::os::fd::AsRawFd::as_raw_fd(&socket), &remote)
        .map_err(std::io::Error::from)?;
    Ok(TcpStream::from(socket))
}

/// A request from `from`: the status and body.
fn http(from: IpAddr, addr: SocketAddr, method: &str, path: &str, body: &str) -> (u16, String) {
    let Ok(mut s) = tcp_from(from, addr) else {
        return (0, String::new());
    };
    s.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
    // A server that turns the connection away may close it before the request is written.
    let _ = write!(
        s,
        "{method} {path} HTTP/1.1\r\nhost: {addr}\r\norigin: http://{addr}\r\n\
         content-type: application/json\r\nconnection: close\r\ncontent-length: {}\r\n\r\n{body}",
        body.len()
    );
    let mut text = String::new();
    let _ = s.read_to_string(&mut text);
    let status = text.get(9..12).and_then(|t| t.parse().ok()).unwrap_or(0);
    let body = text.split_once("\r\n\r\n").map(|x| x.1).unwrap_or("");
    (status, body.to_string())
}

type Ws = tungstenite::WebSocket<TcpStream>;

fn socket(from: IpAddr, addr: SocketAddr, table: &str, token: Option<&str>) -> Ws {
    let query = token.map(|t| format!("?token={t}")).unwrap_or_default();
    let stream = tcp_from(from, addr).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(20)))
        .unwrap();
    let request = tungstenite::ClientRequestBuilder::new(
        format!("ws://{addr}/ws/{table}{query}").parse().unwrap(),
    )
    .with_header("origin", format!("http://{addr}"));
    tungstenite::client::client(request, stream).unwrap().0
}

/// The next JSON message.
fn next(ws: &mut Ws) -> Value {
    loop {
        match ws.read().expect("a message") {
            tungstenite::Message::Text(t) => return serde_json::from_str(t.as_str()).unwrap(),
            tungstenite::Message::Close(_) => panic!("closed"),
            _ => continue,
        }
    }
}

/// Reads views until it is `seat`'s turn; that view.
fn my_turn(ws: &mut Ws, seat: usize) -> Value {
    loop {
        let m = next(ws);
        if m["type"] == "view" && m["to_act"] == json!(seat) {
            return m;
        }
        assert!(
            m["type"] != "view" || !m["to_act"].is_null(),
            "the game ended"
        );
    }
}

fn act(ws: &mut Ws, view: &Value) {
    let m = json!({"type": "act", "decision": view["decision"], "action": view["legal"][0]});
    ws.send(tungstenite::Message::Text(m.to_string().into()))
        .unwrap();
}

fn person_and_bots() -> String {
    json!({
        "game": "phased",
        "options": {"players": 4},
        "seats": [{"kind": "human", "name": "me"}, {"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "heuristic"}, {"kind": "bot", "bot": "random"}],
    })
    .to_string()
}

/// Killed with SIGKILL mid-game, the server started again on its store resumes the table: the
/// person's token still takes the seat, at the same decision with the same hand and log, and
/// table ids go on from where they were.
#[test]
fn a_killed_server_resumes_its_tables_where_they_were() {
    let dir = std::env::temp_dir().join(format!("parlour-serve-restart-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let store = dir.join("serve.sqlite");
    let args = ["--store", store.to_str().unwrap(), "--min-pace-ms", "0"];
    let first = serve(&args, None);
    let (status, made) = http(
        HONEST,
        first.addr,
        "POST",
        "/api/tables",
        &person_and_bots(),
    );
    assert_eq!(status, 200, "{made}");
    let made: Value = serde_json::from_str(&made).unwrap();
    let id = made["table"].as_str().unwrap().to_string();
    let token = made["seats"][0]["token"].as_str().unwrap().to_string();
    let mut me = socket(HONEST, first.addr, &id, Some(&token));
    for _ in 0..4 {
        let view = my_turn(&mut me, 0);
        act(&mut me, &view);
    }
    let before = my_turn(&mut me, 0);
    drop(me);
    // kill -9.
    drop(first);
    let again = serve(&args, None);
    let mut me = socket(HONEST, again.addr, &id, Some(&token));
    let welcome = next(&mut me);
    assert_eq!(welcome["type"], "welcome", "{welcome}");
    assert_eq!(welcome["seat"], json!(0));
    let after = my_turn(&mut me, 0);
    for key in ["decision", "observation", "legal", "seats"] {
        assert_eq!(after[key], before[key], "{key} differs after the restart");
    }
    // The first view after a restart has the whole log; it ends where the last one did.
    let log = after["log"].as_array().unwrap();
    assert_eq!(after["full_log"], json!(true));
    assert_eq!(log.len() as u64, after["decision"].as_u64().unwrap());
    assert_eq!(log.last(), before["log"].as_array().unwrap().last());
    // The game goes on from there.
    act(&mut me, &after);
    let later = my_turn(&mut me, 0);
    assert!(later["decision"].as_u64() > after["decision"].as_u64());
    // A new table is not given the old one's id.
    let (_, made) = http(
        HONEST,
        again.addr,
        "POST",
        "/api/tables",
        &person_and_bots(),
    );
    let made: Value = serde_json::from_str(&made).unwrap();
    assert_ne!(made["table"], json!(id), "an id was given twice");
    assert_eq!(made["table"], json!("t2"));
    // The store holds seat tokens: only its owner may read it.
    use std::os::unix::fs::PermissionsExt;
    let mode = std::fs::metadata(&store).unwrap().permissions().mode();
    assert_eq!(mode & 0o077, 0, "the store is readable by others: {mode:o}");
    drop(again);
    let _ = std::fs::remove_dir_all(&dir);
}

/// The server at the usual 1,024 open files, flooded at once: 1,100 idle connections opened
/// from one address (its share held, the rest turned away), a thousand table requests from it,
/// and recordings uploaded from it and a second address. Meanwhile the
/// honest client loads the page and plays moves; its page load and a move's echo stay fast
/// (p50 and p99 printed), and the server's peak memory stays within its budget.
#[test]
fn an_honest_client_gets_through_a_flood_at_the_open_file_limit() {
    // This process holds the attacker's end of every connection.
    let (_, hard) =
        nix::sys::resource::getrlimit(nix::sys::resource::Resource::RLIMIT_NOFILE).unwrap();
    let want = hard.min(8192);
    nix::sys::resource::setrlimit(nix::sys::resource::Resource::RLIMIT_NOFILE, want, hard).unwrap();
    let server = serve(
        &["--no-store", "--replay-mb", "64", "--min-pace-ms", "0"],
        Some(1024),
    );
    let addr = server.addr;
    let pid = server.child.id();
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let mut floods = Vec::new();
    // 1,100 idle connections opened; the ones the server keeps are held.
    let held = std::thread::spawn(move || {
        let mut held = Vec::new();
        for _ in 0..1100 {
            if let Ok(s) = tcp_from(ATTACKER, addr) {
                held.push(s);
            }
        }
        held
    });
    // A thousand tables asked for.
    floods.push(std::thread::spawn(move || {
        let body = json!({"game": "uno", "options": {"players": 4},
            "seats": [{"kind":"bot","bot":"random"},{"kind":"bot","bot":"random"},{"kind":"bot","bot":"random"},{"kind":"bot","bot":"random"}],
            "pace_ms": 10000})
        .to_string();
        let mut refused = 0;
        for _ in 0..1000 {
            let (status, _) = http(ATTACKER, addr, "POST", "/api/tables", &body);
            if status != 200 {
                refused += 1;
            }
        }
        assert!(refused >= 1000 - 12, "only {refused} refused");
    }));
    // Recordings uploaded, over and over.
    let trace_file =
        std::env::temp_dir().join(format!("parlour-flood-{}.jsonl", std::process::id()));
    let o = common::parlour_in(
        Path::new("."),
        &[
            "play",
            "uno",
            "--seats",
            "random,random,random,random",
            "--seed",
            "3",
            "-o",
            "rounds=60",
            "--trace",
            trace_file.to_str().unwrap(),
        ],
    );
    assert!(o.status.success());
    let trace = std::fs::read_to_string(&trace_file).unwrap();
    let _ = std::fs::remove_file(&trace_file);
    // From two addresses at once (one upload at a time each): both of the server's turns.
    for from in [ATTACKER, IpAddr::V4(Ipv4Addr::new(127, 0, 0, 3))] {
        let uploading = stop.clone();
        let trace = trace.clone();
        floods.push(std::thread::spawn(move || {
            let mut n = 0;
            while !uploading.load(std::sync::atomic::Ordering::Relaxed) && n < 20 {
                let _ = http(from, addr, "POST", "/api/replays", &trace);
                n += 1;
            }
        }));
    }
    let held = held.join().unwrap();
    // The honest client: page loads, and moves at a table of its own.
    let mut loads = Vec::new();
    let mut echoes = Vec::new();
    let (status, made) = http(HONEST, addr, "POST", "/api/tables", &person_and_bots());
    assert_eq!(status, 200, "{made}");
    let made: Value = serde_json::from_str(&made).unwrap();
    let mut me = socket(
        HONEST,
        addr,
        made["table"].as_str().unwrap(),
        Some(made["seats"][0]["token"].as_str().unwrap()),
    );
    let mut view = my_turn(&mut me, 0);
    for _ in 0..30 {
        let started = Instant::now();
        let (status, page) = http(HONEST, addr, "GET", "/", "");
        assert_eq!(status, 200, "{page}");
        loads.push(started.elapsed());
        let started = Instant::now();
        act(&mut me, &view);
        // The echo: the view after the move.
        let echo = loop {
            let m = next(&mut me);
            if m["type"] == "view" && m["decision"].as_u64() > view["decision"].as_u64() {
                break m;
            }
        };
        echoes.push(started.elapsed());
        view = if echo["to_act"] == json!(0) {
            echo
        } else {
            my_turn(&mut me, 0)
        };
    }
    stop.store(true, std::sync::atomic::Ordering::Relaxed);
    for f in floods {
        f.join().unwrap();
    }
    let peak = peak_rss(pid);
    drop(held);
    let (p50, p99) = percentiles(&mut loads);
    let (e50, e99) = percentiles(&mut echoes);
    eprintln!(
        "under the flood: page load p50 {p50:?} p99 {p99:?}; move echo p50 {e50:?} p99 {e99:?}; \
         server peak RSS {} MB (replay budget 64 MB)",
        peak >> 20
    );
    assert!(p99 < Duration::from_secs(3), "page load p99 {p99:?}");
    assert!(e99 < Duration::from_secs(3), "move echo p99 {e99:?}");
    // The replay budget, plus the server's own code and tables.
    assert!(peak < (64 + 200) << 20, "peak RSS {} MB", peak >> 20);
}

fn percentiles(times: &mut [Duration]) -> (Duration, Duration) {
    times.sort();
    let at = |q: f64| times[((times.len() - 1) as f64 * q).round() as usize];
    (at(0.5), at(0.99))
}

/// A process's peak resident memory, in bytes.
fn peak_rss(pid: u32) -> usize {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<usize>().ok())
        .map(|kb| kb << 10)
        .unwrap_or(0)
}

/// A port in use is bad input (exit 2, one line), like any other address the caller must
/// change.
#[test]
fn a_port_in_use_is_bad_input() {
    let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = taken.local_addr().unwrap().port();
    common::assert_bad_input_in(
        Path::new("."),
        &[
            "serve",
            "--no-store",
            "--bind",
            &format!("127.0.0.1:{port}"),
        ],
        "cannot serve on",
    );
}

/// Listening on every network prints an address a browser on this machine can open, and says
/// what is exposed. (Nothing is sent to it: the server is stopped at once.)
#[test]
fn an_address_open_to_every_network_is_said_so() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_parlour"))
        .args(["serve", "--no-store", "--bind", "0.0.0.0:0"])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let _ = child.kill();
    let mut err = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    let _ = child.wait();
    assert!(line.contains("http://127.0.0.1:"), "{line}");
    assert!(!line.contains("0.0.0.0"), "{line}");
    assert!(err.contains("every network"), "{err}");
    assert!(err.contains("Running it for others"), "{err}");
}
