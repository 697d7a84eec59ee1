//! The HTTP routes: the front end, a small JSON API, and each table's WebSocket.
//!
//! | route | what |
//! |---|---|
//! | `GET /` and `GET /assets/FILE` | the front end, built into the binary |
//! | `GET /api/games` | every game: title, seats, variants, built-in bots |
//! | `GET /api/tables` | every table, newest first |
//! | `POST /api/tables` | a new table (see [`NewTable`]); its id and the people's seat tokens |
//! | `GET /api/tables/ID/trace` | a table's game as a trace, once it may be shown whole |
//! | `POST /api/replays` | a trace or saved state to step through; its id and summary |
//! | `GET /api/replays/ID` | a replay's summary: game, seats, every action |
//! | `GET /api/replays/ID/STEP` | the position before decision STEP, every seat's view |
//! | `GET /api/tournaments` | the tournaments shown (a database, or the run in progress) |
//! | `GET /api/tournaments/ID` | standings, games recorded, games/s, the latest games |
//! | `GET /api/tournaments/ID/games/N` | game N played again as a replay (built-in bots only) |
//! | `GET /ws/ID[?token=T]` | a table's WebSocket: a seat with its token, else a spectator |

use std::net::{IpAddr, SocketAddr};
use std::time::Duration;

use axum::body::Bytes;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{ConnectInfo, DefaultBodyLimit, FromRequestParts, Path, Query, Request, State};
use axum::http::request::Parts;
use axum::http::{header, HeaderMap, HeaderName, HeaderValue, Method, StatusCode};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use futures_util::{SinkExt, StreamExt};
use serde::Deserialize;
use serde_json::{json, Value};
use tokio::sync::oneshot;
use tower_http::set_header::SetResponseHeaderLayer;

use crate::assets;
use crate::hub::{new_token, ConnectionSlot, Hub, Refusal};
use crate::message::{self, ServerMessage};
use crate::replay::{Replay, MAX_RECORDING};
use crate::table::{self, Command, SeatSpec, TableSetup};

/// The page's content security policy: scripts, styles, images and sockets from this server
/// only (styles may be set inline by the page's own scripts), and no framing.
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; script-src 'self'; \
    style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; \
    frame-ancestors 'none'; base-uri 'none'; form-action 'self'; object-src 'none'";

/// The router of a server over `hub`.
pub fn router(hub: Hub) -> Router {
    let headers = [
        (header::CONTENT_SECURITY_POLICY, CONTENT_SECURITY_POLICY),
        (header::X_FRAME_OPTIONS, "DENY"),
        (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
        (header::REFERRER_POLICY, "no-referrer"),
        (
            HeaderName::from_static("cross-origin-opener-policy"),
            "same-origin",
        ),
        (
            HeaderName::from_static("cross-origin-resource-policy"),
            "same-origin",
        ),
    ];
    let mut routes = Router::new()
        .route("/", get(index))
        .route("/assets/{file}", get(asset))
        .route("/api/games", get(games))
        .route("/api/tables", get(list_tables).post(new_table))
        .route("/api/tables/{id}/trace", get(table_trace))
        .route(
            "/api/replays",
            post(new_replay).layer(DefaultBodyLimit::max(MAX_RECORDING)),
        )
        .route("/api/replays/{id}", get(replay_summary))
        .route("/api/replays/{id}/{step}", get(replay_step))
        .route("/api/tournaments", get(list_tournaments))
        .route("/api/tournaments/{id}", get(tournament))
        .route("/api/tournaments/{id}/games/{index}", get(tournament_game))
        .route("/ws/{id}", get(socket))
        .layer(DefaultBodyLimit::max(64 * 1024))
        .layer(middleware::from_fn_with_state(hub.clone(), guard));
    for (name, value) in headers {
        routes = routes.layer(SetResponseHeaderLayer::if_not_present(
            name,
            HeaderValue::from_static(value),
        ));
    }
    routes.with_state(hub)
}

/// The client making a request: its address (or, behind a proxy the operator trusts, the
/// last address in `X-Forwarded-For`); `None` when the server is driven without a socket.
#[derive(Debug, Clone, Copy)]
pub struct Client(pub Option<IpAddr>);

impl FromRequestParts<Hub> for Client {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, hub: &Hub) -> Result<Client, Self::Rejection> {
        Ok(Client(client_of(parts, hub)))
    }
}

fn client_of(parts: &Parts, hub: &Hub) -> Option<IpAddr> {
    if hub.settings().forwarded {
        let last = parts
            .headers
            .get_all("x-forwarded-for")
            .iter()
            .filter_map(|v| v.to_str().ok())
            .flat_map(|v| v.split(','))
            .next_back()
            .and_then(|a| a.trim().parse().ok());
        if last.is_some() {
            return last;
        }
    }
    parts
        .extensions
        .get::<ConnectInfo<SocketAddr>>()
        .map(|c| c.0.ip())
}

/// Every request passes here first: its `Host` must be this server (an IP address,
/// `localhost`, or a name the operator allows: a DNS-rebinding page names its own), and a
/// request that changes something or opens a socket from a page must come from this server's
/// own origin or one the operator allows.
async fn guard(State(hub): State<Hub>, request: Request, next: Next) -> Response {
    let headers = request.headers();
    let host = match headers.get(header::HOST).map(HeaderValue::to_str) {
        Some(Ok(h)) => h.to_string(),
        _ => {
            return refuse(StatusCode::BAD_REQUEST, "a request must name its Host").into_response()
        }
    };
    if !host_allowed(&host, &hub.settings().hosts) {
        return refuse(
            StatusCode::MISDIRECTED_REQUEST,
            format!(
                "this server does not answer to the host {host:?} (its operator can allow it \
                 with --allow-host)"
            ),
        )
        .into_response();
    }
    let upgrade = headers.contains_key(header::UPGRADE);
    let changes = !matches!(
        *request.method(),
        Method::GET | Method::HEAD | Method::OPTIONS
    );
    if upgrade || changes {
        if let Err(why) = origin_allowed(headers, &host, &hub.settings().origins) {
            return refuse(StatusCode::FORBIDDEN, why).into_response();
        }
    }
    next.run(request).await
}

/// Whether `host` (a `Host` header) is this server: an IP address, `localhost`, or one of
/// `allowed` (compared without the port, case-insensitively).
pub fn host_allowed(host: &str, allowed: &[String]) -> bool {
    let name = match host.strip_prefix('[') {
        Some(rest) => {
            return rest
                .split(']')
                .next()
                .is_some_and(|a| a.parse::<IpAddr>().is_ok())
        }
        None => host.rsplit_once(':').map_or(host, |(n, port)| {
            if port.chars().all(|c| c.is_ascii_digit()) {
                n
            } else {
                host
            }
        }),
    };
    let name = name.trim_end_matches('.').to_ascii_lowercase();
    name.parse::<IpAddr>().is_ok()
        || name == "localhost"
        || allowed
            .iter()
            .any(|a| a.trim_end_matches('.').eq_ignore_ascii_case(&name))
}

/// Whether a request's `Origin` (when a browser sent one) is the server's own (`host`) or one
/// of `allowed`; `Err` says why not.
pub fn origin_allowed(headers: &HeaderMap, host: &str, allowed: &[String]) -> Result<(), String> {
    let Some(origin) = headers.get(header::ORIGIN) else {
        // Not a browser's page (a script, curl): nothing cross-site to guard against.
        return Ok(());
    };
    let origin = origin.to_str().unwrap_or("").trim();
    let authority = origin
        .split_once("://")
        .map(|(_, rest)| rest.trim_end_matches('/'))
        .unwrap_or("");
    let same = !authority.is_empty() && authority.eq_ignore_ascii_case(host);
    let listed = allowed
        .iter()
        .any(|a| a.trim_end_matches('/').eq_ignore_ascii_case(origin));
    if same || listed {
        Ok(())
    } else {
        Err(format!(
            "a page from {origin:?} may not do this here: only this server's own pages (or \
             origins its operator allows with --allow-origin)"
        ))
    }
}

type ApiError = (StatusCode, Json<Value>);

fn refuse(status: StatusCode, message: impl Into<String>) -> ApiError {
    (status, Json(json!({ "error": message.into() })))
}

fn refused(refusal: Refusal) -> ApiError {
    let status = match &refusal {
        Refusal::Share(_) => StatusCode::TOO_MANY_REQUESTS,
        Refusal::Full(_) => StatusCode::SERVICE_UNAVAILABLE,
        Refusal::Bad(_) => StatusCode::BAD_REQUEST,
    };
    refuse(status, refusal.to_string())
}

async fn index() -> Response {
    asset(Path("index.html".to_string())).await
}

async fn asset(Path(file): Path<String>) -> Response {
    match assets::get(&file) {
        Some((body, kind)) => (
            [
                (header::CONTENT_TYPE, kind),
                (header::CACHE_CONTROL, "no-cache"),
            ],
            body,
        )
            .into_response(),
        None => refuse(StatusCode::NOT_FOUND, format!("no file {file}")).into_response(),
    }
}

async fn games(State(hub): State<Hub>) -> Json<Value> {
    let entries: Vec<String> = hub.entries().iter().map(|e| e.label()).collect();
    let mut list = Vec::new();
    for name in parlour_games::names() {
        let Ok(game) = parlour_dynamic::open(name, &[]) else {
            continue;
        };
        let info = game.info();
        list.push(json!({
            "name": info.name,
            "title": info.title,
            "about": info.about,
            "min_players": info.min_players,
            "max_players": info.max_players,
            "players": game.num_players(),
            "variants": info.variants,
            "bots": game.bot_names().iter().map(|(n, about)| json!({"name": n, "about": about})).collect::<Vec<_>>(),
            "strongest": game.strongest_bot(),
            "entries": entries,
        }));
    }
    Json(Value::Array(list))
}

async fn list_tables(State(hub): State<Hub>) -> Json<Value> {
    Json(serde_json::to_value(hub.tables()).unwrap_or_default())
}

/// A request for a new table (`POST /api/tables`).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewTable {
    /// The game's name.
    pub game: String,
    /// Options as `name: value` (`players`, `variant`, ...).
    #[serde(default)]
    pub options: serde_json::Map<String, Value>,
    /// Who sits where, in seat order.
    pub seats: Vec<NewSeat>,
    /// The deal's seed (random when absent; refused for a table with more than one person).
    pub seed: Option<u64>,
    /// Milliseconds between bots' moves (default 600).
    pub pace_ms: Option<u64>,
}

/// One seat of a [`NewTable`].
#[derive(Debug, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum NewSeat {
    /// A person (the maker, or someone given the seat's link).
    Human {
        /// The name shown (default `player N`).
        name: Option<String>,
    },
    /// A built-in bot by its command-line name (`ismcts:iters=400`).
    Bot {
        /// The bot.
        bot: String,
    },
    /// An entry of the server's bots file, by its name.
    Entry {
        /// The entry's name.
        name: String,
    },
}

/// The longest name a person's seat may have.
const MAX_NAME: usize = 40;

async fn new_table(
    State(hub): State<Hub>,
    Client(client): Client,
    body: Result<Json<NewTable>, axum::extract::rejection::JsonRejection>,
) -> Result<Json<Value>, ApiError> {
    let Json(request) = body.map_err(|e| refuse(e.status(), e.body_text()))?;
    if request.seats.len() > 16 {
        return Err(refuse(StatusCode::BAD_REQUEST, "too many seats"));
    }
    let mut seats = Vec::new();
    let mut tokens = Vec::new();
    for (i, s) in request.seats.iter().enumerate() {
        seats.push(match s {
            NewSeat::Human { name } => {
                let name = name
                    .as_deref()
                    .map(str::trim)
                    .filter(|n| !n.is_empty())
                    .map(str::to_string)
                    .unwrap_or_else(|| format!("player {}", i + 1));
                if name.chars().count() > MAX_NAME || name.chars().any(char::is_control) {
                    return Err(refuse(
                        StatusCode::BAD_REQUEST,
                        format!("seat {i}: a name is at most {MAX_NAME} printable characters"),
                    ));
                }
                let token = new_token();
                tokens.push(json!({"seat": i, "name": name, "token": token}));
                SeatSpec::Human {
                    name,
                    token: Some(token),
                }
            }
            NewSeat::Bot { bot } => SeatSpec::from(
                hub.settings()
                    .admit_bot(bot)
                    .map_err(|e| refuse(StatusCode::BAD_REQUEST, format!("seat {i}: {e}")))?,
            ),
            NewSeat::Entry { name } => {
                let entry = hub
                    .entries()
                    .into_iter()
                    .find(|e| &e.label() == name)
                    .ok_or_else(|| {
                        refuse(
                            StatusCode::BAD_REQUEST,
                            format!("seat {i}: the bots file has no entry {name:?}"),
                        )
                    })?;
                SeatSpec::Entry(entry)
            }
        });
    }
    // Whoever chose the seed of a table with other people could deal themselves their hands.
    let people = request
        .seats
        .iter()
        .filter(|s| matches!(s, NewSeat::Human { .. }))
        .count();
    if request.seed.is_some() && people > 1 {
        return Err(refuse(
            StatusCode::BAD_REQUEST,
            "a table with more than one person is dealt from a random seed: whoever chose it \
             would know the others' hands"
                .to_string(),
        ));
    }
    let pace_ms = request.pace_ms.unwrap_or(600);
    if pace_ms > message::MAX_PACE_MS {
        return Err(refuse(
            StatusCode::BAD_REQUEST,
            format!("a pace over {} ms", message::MAX_PACE_MS),
        ));
    }
    let setup = TableSetup {
        game: request.game.trim().to_string(),
        options: request.options.into_iter().collect(),
        seats,
        seed: request.seed.unwrap_or_else(rand::random),
        pace_ms,
    };
    let id = hub.create_for(setup, client).map_err(refused)?;
    Ok(Json(json!({ "table": id, "seats": tokens })))
}

async fn table_trace(State(hub): State<Hub>, Path(id): Path<String>) -> Response {
    let Some(table) = hub.table(&id) else {
        return match hub.stored(&id) {
            Some(t) if t.status == crate::store::Status::Over => match table::stored_trace(&t) {
                Ok(trace) => {
                    ([(header::CONTENT_TYPE, "application/x-ndjson")], trace).into_response()
                }
                Err(e) => refuse(StatusCode::INTERNAL_SERVER_ERROR, e).into_response(),
            },
            Some(t) => refuse(
                StatusCode::GONE,
                t.why.unwrap_or_else(|| format!("table {id} has closed")),
            )
            .into_response(),
            None => refuse(StatusCode::NOT_FOUND, format!("no table {id}")).into_response(),
        };
    };
    let (reply, answer) = oneshot::channel();
    if table.commands.send(Command::Trace { reply }).is_err() {
        return refuse(StatusCode::GONE, format!("table {id} has closed")).into_response();
    }
    match answer.await {
        Ok(Ok(trace)) => ([(header::CONTENT_TYPE, "application/x-ndjson")], trace).into_response(),
        Ok(Err(why)) => refuse(StatusCode::FORBIDDEN, why).into_response(),
        Err(_) => refuse(StatusCode::GONE, format!("table {id} has closed")).into_response(),
    }
}

/// How long an upload may take to arrive.
const UPLOAD_TIME: Duration = Duration::from_secs(60);

async fn new_replay(
    State(hub): State<Hub>,
    Client(client): Client,
    body: axum::body::Body,
) -> Result<Response, ApiError> {
    // A few uploads are read at a time (one per client), so that many at once cannot hold
    // many recordings, nor one client every turn.
    let _turn = hub
        .upload(client, Duration::from_secs(20))
        .await
        .map_err(refused)?;
    // An upload trickled in slowly would hold its turn: it has a minute.
    let body = tokio::time::timeout(UPLOAD_TIME, axum::body::to_bytes(body, MAX_RECORDING))
        .await
        .map_err(|_| {
            refuse(
                StatusCode::REQUEST_TIMEOUT,
                format!(
                    "a recording must arrive within {} seconds",
                    UPLOAD_TIME.as_secs()
                ),
            )
        })?
        .map_err(|_| {
            refuse(
                StatusCode::PAYLOAD_TOO_LARGE,
                format!("a recording is at most {MAX_RECORDING} bytes"),
            )
        })?;
    let text = String::from_utf8(body.into())
        .map_err(|e| refuse(StatusCode::BAD_REQUEST, format!("not UTF-8 text: {e}")))?;
    // Replaying checks every action: off the async threads.
    let kept = hub.clone();
    let summary = tokio::task::spawn_blocking(move || {
        let replay = Replay::read(&text).map_err(|e| refuse(StatusCode::BAD_REQUEST, e))?;
        let (id, replay) = kept
            .keep_replay(replay, client, Some(&text))
            .map_err(refused)?;
        Ok::<_, ApiError>(replay.summary(&id))
    })
    .await
    .map_err(|e| refuse(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))??;
    Ok(json_text(summary))
}

async fn replay_summary(
    State(hub): State<Hub>,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let replay = hub
        .replay_loaded(&id)
        .await
        .ok_or_else(|| refuse(StatusCode::NOT_FOUND, format!("no replay {id}")))?;
    Ok(json_text(replay.summary(&id)))
}

async fn replay_step(
    State(hub): State<Hub>,
    Path((id, step)): Path<(String, String)>,
) -> Result<Json<Value>, ApiError> {
    let replay = hub
        .replay_loaded(&id)
        .await
        .ok_or_else(|| refuse(StatusCode::NOT_FOUND, format!("no replay {id}")))?;
    let step: usize = step.parse().map_err(|_| {
        refuse(
            StatusCode::BAD_REQUEST,
            format!("{step:?} is not a decision number"),
        )
    })?;
    // Reaching a position plays up to a sixteenth of the recording again: off the async
    // threads.
    tokio::task::spawn_blocking(move || {
        replay.step(step).map(Json).ok_or_else(|| {
            refuse(
                StatusCode::NOT_FOUND,
                format!("the replay has decisions 0 to {}", replay.len()),
            )
        })
    })
    .await
    .map_err(|e| refuse(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))?
}

async fn list_tournaments(State(hub): State<Hub>) -> Json<Value> {
    Json(Value::Array(
        hub.tournaments()
            .into_iter()
            .map(|(id, name)| json!({"tournament": id, "name": name}))
            .collect(),
    ))
}

async fn tournament(
    State(hub): State<Hub>,
    Path(id): Path<String>,
) -> Result<Json<Value>, ApiError> {
    let watched = hub
        .watched(&id)
        .ok_or_else(|| refuse(StatusCode::NOT_FOUND, format!("no tournament {id}")))?;
    let snapshot = tokio::task::spawn_blocking(move || watched.snapshot(&id))
        .await
        .map_err(|e| refuse(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))?
        .map_err(|e| refuse(StatusCode::INTERNAL_SERVER_ERROR, e))?;
    Ok(Json(snapshot))
}

async fn tournament_game(
    State(hub): State<Hub>,
    Client(client): Client,
    Path((id, index)): Path<(String, String)>,
) -> Result<Response, ApiError> {
    let watched = hub
        .watched(&id)
        .ok_or_else(|| refuse(StatusCode::NOT_FOUND, format!("no tournament {id}")))?;
    let index: u64 = index.parse().map_err(|_| {
        refuse(
            StatusCode::BAD_REQUEST,
            format!("{index:?} is not a game number"),
        )
    })?;
    // Playing a game again costs what reading an upload does: an upload's turn.
    let _turn = hub
        .upload(client, Duration::from_secs(20))
        .await
        .map_err(refused)?;
    let replay = tokio::task::spawn_blocking(move || -> Result<Replay, (StatusCode, String)> {
        let bad = |e: String| (StatusCode::BAD_REQUEST, e);
        let config = watched.config().map_err(bad)?;
        if !watched.over() {
            // Its deal is a secret until then: with duplicate deals, other rotations of it
            // are still to be played; without, a game not played yet is still to be dealt.
            if config.duplicate {
                return Err((
                    StatusCode::FORBIDDEN,
                    "games are replayed once the tournament is over: each deal is played \
                     again in other seat rotations"
                        .into(),
                ));
            }
            if watched.record(index).map_err(bad)?.is_none() {
                return Err((
                    StatusCode::NOT_FOUND,
                    format!("game {index} has not been played yet"),
                ));
            }
        }
        let trace = parlour_dynamic::tournament::trace_game(&config, index)
            .map_err(|e| bad(e.to_string()))?;
        let replay = Replay::read(&trace).map_err(bad)?;
        // The game played again must be the game recorded.
        if let Some(record) = watched.record(index).map_err(bad)? {
            if replay.returns() != record.returns {
                return Err((
                    StatusCode::CONFLICT,
                    format!(
                        "game {index} played again ends with {:?}, but its record says {:?}",
                        replay.returns(),
                        record.returns
                    ),
                ));
            }
        }
        Ok(replay)
    })
    .await
    .map_err(|e| refuse(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))?
    .map_err(|(status, e)| refuse(status, e))?;
    let (id, replay) = hub.keep_replay(replay, client, None).map_err(refused)?;
    Ok(json_text(replay.summary(&id)))
}

/// A response of JSON already written.
fn json_text(text: String) -> Response {
    ([(header::CONTENT_TYPE, "application/json")], text).into_response()
}

/// The most messages of one browser read in a second (a person clicks far fewer).
pub const MESSAGES_PER_SECOND: u32 = 50;

/// How a `closed` message starts, as written.
const CLOSED: &str = "{\"type\":\"closed\"";

#[derive(Debug, Deserialize)]
struct SocketQuery {
    token: Option<String>,
}

async fn socket(
    State(hub): State<Hub>,
    Client(client): Client,
    accepted: Option<axum::Extension<crate::hub::AcceptSlot>>,
    Path(id): Path<String>,
    Query(query): Query<SocketQuery>,
    upgrade: WebSocketUpgrade,
) -> Response {
    // A socket outlives its HTTP connection: it takes over the connection's place in the
    // client's share (behind a proxy, or driven without one, it takes a place of its own).
    let handed = accepted
        .filter(|_| !hub.settings().forwarded)
        .and_then(|a| a.0.take());
    let slot = match (handed, client) {
        (Some(slot), _) => Some(slot),
        (None, Some(ip)) => match hub.connect(ip) {
            Some(slot) => Some(slot),
            None => {
                return refuse(
                    StatusCode::TOO_MANY_REQUESTS,
                    "you have as many connections open as this server gives one client",
                )
                .into_response()
            }
        },
        (None, None) => None,
    };
    upgrade
        .max_message_size(table::MAX_CLIENT_MESSAGE * 4)
        .on_upgrade(move |socket| connection(hub, id, query.token, socket, slot))
}

/// One browser's connection to a table, until either side closes it (or it stays silent past
/// the server's idle time, not even answering pings).
async fn connection(
    hub: Hub,
    id: String,
    token: Option<String>,
    socket: WebSocket,
    slot: Option<ConnectionSlot>,
) {
    let _slot = slot;
    let (mut sink, mut stream) = socket.split();
    let refuse_with = |message: String| {
        serde_json::to_string(&ServerMessage::Error { message }).unwrap_or_default()
    };
    let Some(table) = hub.table(&id) else {
        let message = match hub.stored(&id) {
            Some(t) => serde_json::to_string(&ServerMessage::Closed {
                reason: t.why.unwrap_or_else(|| "the game is over".into()),
            })
            .unwrap_or_default(),
            None => refuse_with(format!("there is no table {id}")),
        };
        let _ = sink.send(Message::Text(message.into())).await;
        let _ = sink.close().await;
        return;
    };
    let (out, mut outbox) = table::outbox();
    let (reply, answer) = oneshot::channel();
    let _ = table.commands.send(Command::Connect {
        token,
        out: out.clone(),
        reply,
    });
    let conn = match answer.await {
        Ok(Ok(conn)) => conn,
        Ok(Err(why)) => {
            let _ = sink.send(Message::Text(refuse_with(why).into())).await;
            let _ = sink.close().await;
            return;
        }
        Err(_) => return,
    };
    let idle = hub.settings().socket_idle.max(Duration::from_secs(3));
    let writer = tokio::spawn(async move {
        // Pings keep a quiet browser's connection known to be alive.
        let mut ping = tokio::time::interval(idle / 3);
        ping.tick().await;
        loop {
            let sent = tokio::select! {
                text = outbox.recv() => match text {
                    Some(text) => {
                        let last = text.starts_with(CLOSED);
                        let sent = sink.send(Message::Text(text.into())).await;
                        if last {
                            // The table has closed: so does its socket.
                            break;
                        }
                        sent
                    }
                    None => break,
                },
                _ = ping.tick() => sink.send(Message::Ping(Bytes::new())).await,
            };
            if sent.is_err() {
                break;
            }
        }
        let _ = sink.close().await;
    });
    // A person may think for a long time, but their browser answers pings meanwhile. Past
    // so many messages a second, the socket is not read until the second is out: a flood
    // slows itself (its sender's writes wait), and the table never hears more.
    let mut window = (tokio::time::Instant::now(), 0u32);
    while let Ok(Some(Ok(frame))) = tokio::time::timeout(idle, stream.next()).await {
        if window.0.elapsed() >= Duration::from_secs(1) {
            window = (tokio::time::Instant::now(), 0);
        }
        window.1 += 1;
        if window.1 > MESSAGES_PER_SECOND {
            tokio::time::sleep_until(window.0 + Duration::from_secs(1)).await;
            window = (tokio::time::Instant::now(), 1);
        }
        let parsed = match frame {
            Message::Text(text) => message::parse(text.as_str()),
            Message::Binary(_) => Err(message::MessageError::Binary),
            Message::Close(_) => break,
            Message::Ping(_) | Message::Pong(_) => continue,
        };
        match parsed {
            Ok(message) => {
                if table
                    .commands
                    .send(Command::Message { conn, message })
                    .is_err()
                {
                    break;
                }
            }
            Err(e) => {
                // To this browser only; the table never hears of it.
                if out.try_send(refuse_with(e.to_string())).is_err() {
                    break;
                }
            }
        }
    }
    let _ = table.commands.send(Command::Disconnect { conn });
    drop(out);
    // The table drops its sender on Disconnect; give the writer a moment to flush.
    let _ = tokio::time::timeout(Duration::from_secs(1), writer).await;
}
