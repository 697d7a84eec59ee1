//! What the web crate's server tests share: a server on loopback, sockets and raw HTTP
//! requests from a chosen loopback address (so one test can be an attacker on 127.0.0.2 and an
//! honest client on 127.0.0.1 at once).

#![allow(dead_code)]

use std::net::{IpAddr, SocketAddr};
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use parlour_web::{Hub, SeatSpec, Settings, TableSetup};
use serde_json::{json, Value};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream};
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::Message;

pub type Socket = tokio_tungstenite::WebSocketStream<TcpStream>;

/// A server on loopback with `settings`.
pub async fn server_with(settings: Settings) -> (SocketAddr, Hub) {
    let hub = Hub::with(settings, None);
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(parlour_web::serve(listener, hub.clone()));
    (addr, hub)
}

/// A server whose bots play at full speed (these tests play whole games).
pub async fn server(seat_timeout: Duration) -> (SocketAddr, Hub) {
    server_with(Settings {
        seat_timeout,
        min_pace_ms: 0,
        ..Settings::default()
    })
    .await
}

pub fn human(name: &str, token: &str) -> SeatSpec {
    SeatSpec::Human {
        name: name.into(),
        token: Some(token.into()),
    }
}

pub fn bot(name: &str) -> SeatSpec {
    SeatSpec::from(name.parse::<parlour_core::BotSpec>().unwrap())
}

pub fn setup(game: &str, options: &[(&str, Value)], seats: Vec<SeatSpec>, seed: u64) -> TableSetup {
    TableSetup {
        game: game.into(),
        options: options
            .iter()
            .map(|(k, v)| (k.to_string(), v.clone()))
            .collect(),
        seats,
        seed,
        pace_ms: 0,
    }
}

/// A TCP connection to `addr` from loopback address `from`.
pub async fn tcp_from(from: IpAddr, addr: SocketAddr) -> std::io::Result<TcpStream> {
    let socket = TcpSocket::new_v4()?;
    socket.bind(SocketAddr::new(from, 0))?;
    socket.connect(addr).await
}

pub const HONEST: IpAddr = IpAddr::V4(std::net::Ipv4Addr::new(127, 0, 0, 1));
pub const ATTACKER: IpAddr = IpAddr::V4(std::net::Ipv4Addr::new(127, 0, 0, 2));

/// A table's WebSocket from 127.0.0.1, with the server's own origin.
pub async fn connect(addr: SocketAddr, table: &str, token: Option<&str>) -> Socket {
    connect_from(HONEST, addr, table, token, Some(&format!("http://{addr}")))
        .await
        .unwrap()
}

/// A table's WebSocket from loopback address `from`, sending `origin` if given.
pub async fn connect_from(
    from: IpAddr,
    addr: SocketAddr,
    table: &str,
    token: Option<&str>,
    origin: Option<&str>,
) -> Result<Socket, tokio_tungstenite::tungstenite::Error> {
    let query = token.map(|t| format!("?token={t}")).unwrap_or_default();
    let mut request = format!("ws://{addr}/ws/{table}{query}")
        .into_client_request()
        .unwrap();
    if let Some(origin) = origin {
        request
            .headers_mut()
            .insert("origin", origin.parse().unwrap());
    }
    let stream = tcp_from(from, addr).await?;
    let (ws, _) = tokio_tungstenite::client_async(request, stream).await?;
    Ok(ws)
}

/// The next JSON message, or `None` if none comes within `wait`.
pub async fn next(ws: &mut Socket, wait: Duration) -> Option<Value> {
    loop {
        match tokio::time::timeout(wait, ws.next()).await {
            Ok(Some(Ok(Message::Text(t)))) => {
                return Some(serde_json::from_str(t.as_str()).unwrap())
            }
            Ok(Some(Ok(Message::Close(_)))) | Ok(None) | Err(_) => return None,
            Ok(Some(Ok(_))) => continue,
            Ok(Some(Err(e))) => panic!("socket error: {e}"),
        }
    }
}

pub async fn send(ws: &mut Socket, v: Value) {
    ws.send(Message::Text(v.to_string().into())).await.unwrap();
}

/// What a raw HTTP/1.1 request got back.
#[derive(Debug)]
pub struct Answer {
    pub status: u16,
    /// The head, lower-cased.
    pub head: String,
    pub body: String,
}

/// A raw HTTP/1.1 request from 127.0.0.1: the status and the body.
pub async fn http(addr: SocketAddr, method: &str, path: &str, body: &[u8]) -> (u16, String) {
    let a = request(HONEST, addr, method, path, &[], body).await;
    (a.status, a.body)
}

/// A raw HTTP/1.1 request from loopback address `from` with extra `headers` (a `host` among
/// them replaces the usual one).
pub async fn request(
    from: IpAddr,
    addr: SocketAddr,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: &[u8],
) -> Answer {
    let mut s = tcp_from(from, addr).await.unwrap();
    let mut head = format!("{method} {path} HTTP/1.1\r\n");
    if !headers.iter().any(|(k, _)| k.eq_ignore_ascii_case("host")) {
        head.push_str(&format!("host: {addr}\r\n"));
    }
    if !headers
        .iter()
        .any(|(k, _)| k.eq_ignore_ascii_case("content-type"))
    {
        head.push_str("content-type: application/json\r\n");
    }
    for (k, v) in headers {
        head.push_str(&format!("{k}: {v}\r\n"));
    }
    head.push_str(&format!(
        "connection: close\r\ncontent-length: {}\r\n\r\n",
        body.len()
    ));
    let _ = s.write_all(head.as_bytes()).await;
    let _ = s.write_all(body).await;
    let mut out = Vec::new();
    let _ = s.read_to_end(&mut out).await;
    let text = String::from_utf8_lossy(&out).to_string();
    let status: u16 = text.get(9..12).and_then(|t| t.parse().ok()).unwrap_or(0);
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    let head = head.to_ascii_lowercase();
    // Chunked bodies (axum streams some): keep the JSON or text between the chunk sizes.
    let body = if head.contains("transfer-encoding: chunked") {
        let mut joined = String::new();
        let mut rest = body;
        while let Some((size, after)) = rest.split_once("\r\n") {
            let n = usize::from_str_radix(size.trim(), 16).unwrap_or(0);
            if n == 0 || after.len() < n {
                break;
            }
            joined.push_str(&after[..n]);
            rest = after.get(n + 2..).unwrap_or("");
        }
        joined
    } else {
        body.to_string()
    };
    Answer { status, head, body }
}

/// Offers the protocol test program `script` (a copy of misbehave.py, recording what it is
/// told to its standard error) as the hub's one bots-file entry, logging in `logs`; its name.
pub fn offer_program(hub: &Hub, script: &std::path::Path, logs: std::path::PathBuf) -> String {
    let text = format!("cmd:python3 {} record -", script.display());
    let entry =
        parlour_protocol::entry_from_text(&text, parlour_protocol::Limits::default(), 10).unwrap();
    let name = entry.label();
    hub.offer(vec![entry], logs);
    name
}

/// The protocol crate's misbehaving test program.
pub fn misbehave() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../protocol/tests/bots/misbehave.py")
        .canonicalize()
        .unwrap()
}

/// Makes a table through the API from `from`: its id and the people's tokens, or the status
/// and body of the refusal.
pub async fn make_table(
    from: IpAddr,
    addr: SocketAddr,
    body: &Value,
) -> Result<(String, Vec<String>), (u16, String)> {
    let origin = format!("http://{addr}");
    let a = request(
        from,
        addr,
        "POST",
        "/api/tables",
        &[("origin", &origin)],
        body.to_string().as_bytes(),
    )
    .await;
    if a.status != 200 {
        return Err((a.status, a.body));
    }
    let made: Value = serde_json::from_str(&a.body).unwrap();
    let tokens = made["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["token"].as_str().unwrap().to_string())
        .collect();
    Ok((made["table"].as_str().unwrap().to_string(), tokens))
}

/// Table `id` in the lobby's list (`GET /api/tables`).
pub fn listed(tables: &str, id: &str) -> Value {
    let tables: Value = serde_json::from_str(tables).unwrap();
    tables
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["id"] == json!(id))
        .cloned()
        .unwrap_or_else(|| panic!("no table {id} in {tables}"))
}

/// Plays seat 0's first legal action at each of its turns until the game is over: the last
/// view, and how many moves seat 0 made.
pub async fn play_out(ws: &mut Socket) -> (Value, usize) {
    let mut moves = 0;
    loop {
        let m = next(ws, Duration::from_secs(20))
            .await
            .expect("the game goes on");
        if m["type"] != "view" {
            continue;
        }
        if m["to_act"].is_null() {
            return (m, moves);
        }
        if m["to_act"] == json!(0) && !m["legal"].as_array().unwrap().is_empty() {
            moves += 1;
            send(
                ws,
                json!({"type":"act","decision": m["decision"],"action": m["legal"][0]}),
            )
            .await;
        }
    }
}
