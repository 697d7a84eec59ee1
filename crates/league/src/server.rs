//! The league over HTTP: its standings for everyone, and for each person (known by their
//! secret token, or by the session cookie a token buys) their submissions, checks and logs,
//! a way to submit and to choose the active submission. `parlour league serve` runs it beside
//! the ladder; `parlour league submit URL FILE` is its client.
//!
//! What it promises, each tested by attack: no one sees another person's reports, logs or
//! sources, submits for another, or changes another's active submission; a cookie is
//! `HttpOnly` and `SameSite=Strict`, and only its hash is stored (a copy of the store opens no
//! session); every request must name this server as its `Host`, and one that changes
//! something from a page must come from this server's own pages (`parlour serve`'s rules); an
//! upload over the league's size limit is refused before it is read whole.

use std::sync::Arc;

use axum::body::Bytes;
use axum::extract::{DefaultBodyLimit, Path, Query, Request, State};
use axum::http::{header, HeaderMap, HeaderValue, Method, StatusCode};
use axum::middleware::{self, Next};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Deserialize;
use serde_json::{json, Value};

use parlour_web::replay::Replay;

use crate::history;
use crate::ladder::{active, now_ms, League};
use crate::people::{new_token, token_hash};
use crate::store::Person;
use crate::LeagueError;

/// The session cookie's name.
pub const COOKIE: &str = "parlour_league";

/// The most of a check's log a page shows (its end).
const LOG_TAIL: u64 = 64 << 10;

/// What the server needs: the league, and the limits and trust it serves strangers under
/// (`parlour serve`'s [`parlour_web::Settings`]: each client's share of connections, the cap,
/// the header timeout, the host names and page origins it answers beyond its own).
#[derive(Debug, Clone)]
pub struct Served {
    /// The league.
    pub league: Arc<League>,
    /// The limits and trust.
    pub settings: Arc<parlour_web::Settings>,
    /// The standings as the pages show them, refreshed by [`serve`] and pushed to every page
    /// that listens (`/api/league/events`).
    standings: Arc<tokio::sync::watch::Sender<Value>>,
    /// The final the organiser started from the page, once it has ended (`Ok`: games played;
    /// `Err`: why it stopped).
    final_run: Arc<std::sync::Mutex<Option<Result<u64, String>>>>,
    /// Whether the final is playing now.
    final_playing: Arc<std::sync::atomic::AtomicBool>,
    /// The replays read lately, newest last (at most [`REPLAYS_KEPT`]).
    replays: Arc<std::sync::Mutex<Kept>>,
}

/// The replays read lately, by id, newest last.
type Kept = Vec<(String, Arc<Replay>)>;

/// How many replays the server keeps read (each is read again from the store when wanted).
const REPLAYS_KEPT: usize = 32;

impl Served {
    /// The league served under `settings`.
    pub fn new(league: Arc<League>, settings: parlour_web::Settings) -> Served {
        Served {
            league,
            settings: Arc::new(settings),
            standings: Arc::new(tokio::sync::watch::Sender::new(Value::Null)),
            final_run: Arc::new(std::sync::Mutex::new(None)),
            final_playing: Arc::new(std::sync::atomic::AtomicBool::new(false)),
            replays: Arc::default(),
        }
    }
}

/// Serves the league on `listener` until the task is dropped: its pages and API, and the
/// standings pushed to the pages whenever they change (looked at every second).
pub async fn serve(listener: tokio::net::TcpListener, served: Served) -> std::io::Result<()> {
    let (league, standings) = (served.league.clone(), served.standings.clone());
    tokio::spawn(async move {
        loop {
            let l = league.clone();
            if let Ok(Ok(now)) = tokio::task::spawn_blocking(move || overview_of(&l)).await {
                standings.send_if_modified(|old| {
                    let changed = *old != now;
                    if changed {
                        *old = now;
                    }
                    changed
                });
            }
            tokio::time::sleep(std::time::Duration::from_secs(1)).await;
        }
    });
    // Connections are counted and timed as `parlour serve` counts them: a client's share and
    // the cap, the header timeout.
    let hub = parlour_web::Hub::with((*served.settings).clone(), None);
    parlour_web::serve_app(listener, router(served), hub).await
}

type ApiError = (StatusCode, Json<Value>);

fn refuse(status: StatusCode, message: impl Into<String>) -> ApiError {
    (status, Json(json!({ "error": message.into() })))
}

fn failed(e: LeagueError) -> ApiError {
    let status = if e.is_bad_input() {
        StatusCode::BAD_REQUEST
    } else {
        StatusCode::INTERNAL_SERVER_ERROR
    };
    refuse(status, e.to_string())
}

/// The league's routes, behind the `Host` and `Origin` guard.
pub fn router(served: Served) -> Router {
    let limit = served.league.config().quota.max_bytes as usize + 1;
    Router::new()
        .route(
            "/",
            get(|| async {
                page(
                    "text/html; charset=utf-8",
                    include_str!("../assets/league.html"),
                )
            }),
        )
        .route(
            "/league.js",
            get(|| async {
                page(
                    "text/javascript; charset=utf-8",
                    include_str!("../assets/league.js"),
                )
            }),
        )
        .route(
            "/league.css",
            get(|| async {
                page(
                    "text/css; charset=utf-8",
                    include_str!("../assets/league.css"),
                )
            }),
        )
        // The replay viewer is `parlour serve`'s page, its files and its replay API.
        .route(
            "/view",
            get(|| async { asset(Path("index.html".to_string())).await }),
        )
        .route("/assets/{name}", get(asset))
        .route("/api/replays/{id}", get(replay_summary))
        .route("/api/replays/{id}/{step}", get(replay_step))
        .route("/api/live/{id}", get(live))
        .route("/api/league/entrants/{key}", get(entrant))
        .route("/api/league/register", post(register))
        .route("/api/league/events", get(events))
        .route("/api/league", get(overview))
        .route("/api/league/login", post(login))
        .route("/api/league/me", get(me))
        .route(
            "/api/league/submissions",
            post(submit).layer(DefaultBodyLimit::max(limit)),
        )
        .route("/api/league/submissions/{id}", get(submission))
        .route("/api/league/active", post(choose))
        .route("/api/league/final", get(final_status).post(start_final))
        .route("/api/league/final.csv", get(final_csv))
        .layer(middleware::from_fn_with_state(served.clone(), guard))
        .layer(DefaultBodyLimit::max(64 << 10))
        .with_state(served)
}

/// `parlour serve`'s rules: the `Host` must be this server, and a request that changes
/// something from a page must come from one of its own.
async fn guard(State(s): State<Served>, request: Request, next: Next) -> Response {
    let headers = request.headers();
    let host = match headers.get(header::HOST).map(HeaderValue::to_str) {
        Some(Ok(h)) => h.to_string(),
        _ => {
            return refuse(StatusCode::BAD_REQUEST, "a request must name its Host").into_response()
        }
    };
    if !parlour_web::server::host_allowed(&host, &s.settings.hosts) {
        return refuse(
            StatusCode::MISDIRECTED_REQUEST,
            format!("this server does not answer to the host {host:?}"),
        )
        .into_response();
    }
    if !matches!(*request.method(), Method::GET | Method::HEAD) {
        if let Err(why) = parlour_web::server::origin_allowed(headers, &host, &s.settings.origins) {
            return refuse(StatusCode::FORBIDDEN, why).into_response();
        }
    }
    next.run(request).await
}

/// Runs `f`, which reads or writes the store (or checks a program), off the async threads.
async fn blocking<T: Send + 'static>(
    f: impl FnOnce() -> Result<T, LeagueError> + Send + 'static,
) -> Result<T, ApiError> {
    tokio::task::spawn_blocking(f)
        .await
        .map_err(|e| refuse(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))?
        .map_err(failed)
}

/// The person a request speaks for: `Authorization: Bearer TOKEN`, or the session cookie.
async fn who(s: &Served, headers: &HeaderMap) -> Result<Person, ApiError> {
    let bearer = headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "))
        .map(|t| t.trim().to_string());
    let cookie = headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|c| c.trim().split_once('='))
        .find(|(k, _)| *k == COOKIE)
        .map(|(_, v)| v.to_string());
    let league = s.league.clone();
    let found = blocking(move || match (bearer, cookie) {
        (Some(token), _) => league.store().person_by_token(&token_hash(&token)),
        (None, Some(session)) => league.store().person_by_session(&token_hash(&session)),
        (None, None) => Ok(None),
    })
    .await?;
    found.ok_or_else(|| {
        refuse(
            StatusCode::UNAUTHORIZED,
            "open your link (or give your token) first",
        )
    })
}

/// One of the pages' files.
fn page(kind: &'static str, body: &'static str) -> Response {
    ([(header::CONTENT_TYPE, kind)], body).into_response()
}

/// The standings as the pages show them.
fn overview_of(league: &League) -> Result<Value, LeagueError> {
    let board = league.leaderboard(now_ms())?;
    let c = league.config();
    let rows: Vec<Value> = board
        .rows
        .iter()
        .map(|r| {
            json!({
                "key": r.key,
                "label": r.label,
                "active": r.active,
                "games": r.stats.games,
                "mu": r.stats.rating.mu,
                "sigma": r.stats.rating.sigma,
                "score": r.stats.score,
                "win_rate": r.stats.win_rate,
                "faults": r.stats.faults,
                "forfeits": r.stats.forfeits,
            })
        })
        .collect();
    let in_play: Vec<Value> = league
        .in_play()
        .into_iter()
        .map(|(id, m)| json!({"match": id, "names": m.keys.iter().map(|k| board.names.of(k)).collect::<Vec<_>>()}))
        .collect();
    Ok(json!({
        "title": c.title,
        "game": c.game,
        "in_play": in_play,
        "house": c.house.iter().map(ToString::to_string).collect::<Vec<_>>(),
        "matches": board.matches,
        "games": board.games,
        "registration": c.invite.is_some(),
        "leaderboard": rows,
    }))
}

async fn overview(State(s): State<Served>) -> Result<Json<Value>, ApiError> {
    let league = s.league.clone();
    Ok(Json(blocking(move || overview_of(&league)).await?))
}

/// The standings, pushed as server-sent events (`standings`) whenever they change.
async fn events(
    State(s): State<Served>,
) -> Sse<impl futures_util::Stream<Item = Result<Event, std::convert::Infallible>>> {
    let rx = s.standings.subscribe();
    // The standings now, then each change (`sent`: whether the current ones went out).
    let stream = futures_util::stream::unfold((rx, false), |(mut rx, sent)| async move {
        if sent {
            rx.changed().await.ok()?;
        }
        loop {
            let now = rx.borrow_and_update().clone();
            if !now.is_null() {
                let event = Event::default().event("standings").data(now.to_string());
                return Some((Ok(event), (rx, true)));
            }
            rx.changed().await.ok()?;
        }
    });
    Sse::new(stream).keep_alive(KeepAlive::default())
}

/// One of the viewer's files (`parlour serve`'s front end): replays and games in play.
async fn asset(Path(name): Path<String>) -> Result<Response, ApiError> {
    let (body, kind) = parlour_web::assets::get(&name)
        .ok_or_else(|| refuse(StatusCode::NOT_FOUND, format!("no file {name}")))?;
    Ok(page(kind, body))
}

/// The replay `id` (`m{match}-g{game}`), read from the store unless read lately.
async fn replay_of(s: &Served, id: String) -> Result<Arc<Replay>, ApiError> {
    {
        let kept = s.replays.lock().unwrap_or_else(|e| e.into_inner());
        if let Some((_, r)) = kept.iter().find(|(k, _)| *k == id) {
            return Ok(r.clone());
        }
    }
    let missing = || refuse(StatusCode::NOT_FOUND, format!("no replay {id}"));
    let (m, g) = history::parse_replay_id(&id).ok_or_else(missing)?;
    let league = s.league.clone();
    let text = blocking(move || history::replay_text(&league, &league.names()?, m, g))
        .await?
        .ok_or_else(missing)?;
    let replay = tokio::task::spawn_blocking(move || Replay::read(&text))
        .await
        .map_err(|e| refuse(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))?
        .map_err(|e| {
            refuse(
                StatusCode::INTERNAL_SERVER_ERROR,
                format!("replay {id}: {e}"),
            )
        })?;
    let replay = Arc::new(replay);
    let mut kept = s.replays.lock().unwrap_or_else(|e| e.into_inner());
    if kept.len() >= REPLAYS_KEPT {
        kept.remove(0);
    }
    kept.push((id, replay.clone()));
    Ok(replay)
}

/// A finished game's replay: the game, the seats, every action (the viewer's first request).
async fn replay_summary(
    State(s): State<Served>,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let replay = replay_of(&s, id.clone()).await?;
    Ok((
        [(header::CONTENT_TYPE, "application/json")],
        replay.summary(&id),
    )
        .into_response())
}

/// The position before decision `step` of a finished game, with every hand.
async fn replay_step(
    State(s): State<Served>,
    Path((id, step)): Path<(String, usize)>,
) -> Result<Json<Value>, ApiError> {
    let replay = replay_of(&s, id).await?;
    let len = replay.len();
    tokio::task::spawn_blocking(move || replay.step(step))
        .await
        .map_err(|e| refuse(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))?
        .map(Json)
        .ok_or_else(|| {
            refuse(
                StatusCode::NOT_FOUND,
                format!("the replay has decisions 0 to {len}"),
            )
        })
}

/// A match in play, as a spectator sees it: the game at its table as every seat sees it (no
/// hand, no hidden card: [`parlour_core::Game::public_view`]), who sits where, and whose turn
/// it is. Polled by the viewer (`/view#/live/ID`); once the match is over, its games are
/// replays.
async fn live(State(s): State<Served>, Path(id): Path<i64>) -> Result<Json<Value>, ApiError> {
    let league = s.league.clone();
    let (m, names) = blocking(move || Ok((league.in_play().remove(&id), league.names()?))).await?;
    let over = || {
        refuse(
            StatusCode::NOT_FOUND,
            format!("match {id} is not in play (once it has ended, its games are replays)"),
        )
    };
    let m = m.ok_or_else(over)?;
    let info = parlour_games::info(&s.league.config().game);
    let Some(shown) = m.shown else {
        return Ok(Json(json!({"match": id, "started": false})));
    };
    let seats: Vec<String> = shown
        .seats
        .iter()
        .map(|&e| names.of(m.keys.get(e).map_or("?", String::as_str)))
        .collect();
    Ok(Json(json!({
        "match": id,
        "started": true,
        "game": s.league.config().game,
        "title": info.map(|i| i.title),
        "players": seats.len(),
        "seats": seats,
        "index": shown.game,
        "games": m.keys.len(),
        "decision": shown.decision,
        "to_act": shown.to_act,
        "public": shown.public,
    })))
}

#[derive(Deserialize)]
struct Listing {
    /// The most games to list.
    games: Option<u64>,
}

/// An entrant's page, for everyone: its name, its statistics on the ladder, and its newest
/// games with their replays' ids.
async fn entrant(
    State(s): State<Served>,
    Path(key): Path<String>,
    Query(q): Query<Listing>,
) -> Result<Json<Value>, ApiError> {
    // The statistics as the standings last showed them (refreshed every second), so that a
    // page costs a look-up, not a fold over every match.
    let cached = s.standings.borrow().clone();
    let league = s.league.clone();
    let k = key.clone();
    let (overview, games) = blocking(move || {
        let overview = if cached.is_null() {
            overview_of(&league)?
        } else {
            cached
        };
        let names = league.names()?;
        let games = history::games_of(&league, &names, &k, q.games.unwrap_or(50))?;
        Ok((overview, games))
    })
    .await?;
    let mut row = overview["leaderboard"]
        .as_array()
        .and_then(|rows| rows.iter().find(|r| r["key"] == key.as_str()))
        .cloned()
        .ok_or_else(|| {
            refuse(
                StatusCode::NOT_FOUND,
                format!("no entrant {key} has played or may play"),
            )
        })?;
    row["played"] = json!(games);
    Ok(Json(row))
}

#[derive(Deserialize)]
struct Registration {
    invite: String,
    name: String,
}

/// A stranger with the league's invite code becomes a person: their token (shown once: it is
/// their link) and a session cookie. Closed when the league has no invite code.
async fn register(
    State(s): State<Served>,
    Json(body): Json<Registration>,
) -> Result<Response, ApiError> {
    let Some(code) = s.league.config().invite.clone() else {
        return Err(refuse(
            StatusCode::FORBIDDEN,
            "registration is closed: ask the organiser for your link",
        ));
    };
    // The code is compared in time that does not depend on where it first differs.
    let given = token_hash(body.invite.trim());
    if given != token_hash(&code) {
        return Err(refuse(
            StatusCode::FORBIDDEN,
            "that is not this league's invite code",
        ));
    }
    let league = s.league.clone();
    let (person, token) =
        blocking(move || crate::people::register(league.store(), &body.name, now_ms())).await?;
    signed_in(&s, person, json!({"token": token})).await
}

#[derive(Deserialize)]
struct Login {
    token: String,
}

/// A person's token buys a session: a cookie the browser keeps (`HttpOnly`, `SameSite=Strict`;
/// only its hash is stored), so the token need not stay in the page.
async fn login(State(s): State<Served>, Json(body): Json<Login>) -> Result<Response, ApiError> {
    let league = s.league.clone();
    let person = blocking(move || {
        league
            .store()
            .person_by_token(&token_hash(body.token.trim()))
    })
    .await?
    .ok_or_else(|| {
        refuse(
            StatusCode::UNAUTHORIZED,
            "that is not a token of this league",
        )
    })?;
    signed_in(&s, person, json!({})).await
}

/// A new session for `person`: their name and role (with `extra`) and the cookie that holds
/// the session (`HttpOnly`, `SameSite=Strict`; only its hash is stored).
async fn signed_in(s: &Served, person: Person, extra: Value) -> Result<Response, ApiError> {
    let session = new_token();
    let stored = token_hash(&session);
    let league = s.league.clone();
    let id = person.id;
    blocking(move || league.store().add_session(&stored, id, now_ms())).await?;
    let cookie = format!("{COOKIE}={session}; HttpOnly; SameSite=Strict; Path=/");
    let mut body = json!({"person": person.id, "name": person.name, "organiser": person.organiser});
    if let (Some(b), Some(e)) = (body.as_object_mut(), extra.as_object()) {
        b.extend(e.clone());
    }
    let mut response = Json(body).into_response();
    response.headers_mut().insert(
        header::SET_COOKIE,
        HeaderValue::from_str(&cookie)
            .map_err(|e| refuse(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))?,
    );
    Ok(response)
}

/// The person's own page: their submissions with every check's report, and which is active.
async fn me(State(s): State<Served>, headers: HeaderMap) -> Result<Json<Value>, ApiError> {
    let p = who(&s, &headers).await?;
    let league = s.league.clone();
    let id = p.id;
    let (subs, now) = blocking(move || {
        Ok((
            league.store().submissions(Some(id))?,
            active(league.store(), id, now_ms())?,
        ))
    })
    .await?;
    Ok(Json(json!({
        "person": p.id,
        "name": p.name,
        "organiser": p.organiser,
        "active": now.map(|s| s.id),
        "submissions": subs.iter().map(|x| json!({
            "id": x.id,
            "file": x.file_name,
            "hash": x.hash,
            "kind": x.kind,
            "bytes": x.bytes,
            "submitted": x.submitted,
            "status": x.status.text(),
            "report": x.report,
        })).collect::<Vec<_>>(),
    })))
}

#[derive(Deserialize)]
struct Upload {
    file: String,
}

/// A submission: the file's bytes as the body, its name in `?file=`. It is checked before the
/// answer (within seconds for a program that answers promptly).
async fn submit(
    State(s): State<Served>,
    Query(q): Query<Upload>,
    headers: HeaderMap,
    body: Bytes,
) -> Result<Json<Value>, ApiError> {
    let p = who(&s, &headers).await?;
    let league = s.league.clone();
    let (id, checked) = blocking(move || league.submit(p.id, &q.file, &body, now_ms())).await?;
    Ok(Json(json!({
        "submission": id,
        "passed": checked.passed,
        "report": checked.report,
    })))
}

/// A submission: what everyone may see (whose, when, its check's outcome), and for its owner
/// (or the organiser) the check's report and the ends of its logs (its check's, and its ladder
/// matches', what it wrote to its standard error).
async fn submission(
    State(s): State<Served>,
    Path(id): Path<i64>,
    headers: HeaderMap,
) -> Result<Json<Value>, ApiError> {
    let viewer = who(&s, &headers).await.ok();
    let league = s.league.clone();
    let (sub, owner) = blocking(move || {
        let Some(sub) = league.store().submission(id)? else {
            return Ok(None);
        };
        let owner = league
            .store()
            .people()?
            .into_iter()
            .find(|p| p.id == sub.person);
        Ok(Some((sub, owner)))
    })
    .await?
    .ok_or_else(|| refuse(StatusCode::NOT_FOUND, format!("no submission {id}")))?;
    let mut out = json!({
        "id": sub.id,
        "person": owner.as_ref().map(|o| o.name.clone()),
        "submitted": sub.submitted,
        "status": sub.status.text(),
    });
    let mine = viewer.is_some_and(|v| v.id == sub.person || v.organiser);
    if mine {
        let dir = s.league.dir();
        out["report"] = json!(sub.report);
        out["log"] = json!(tail(&crate::submission::check_log(dir, sub.id)));
        out["ladder_log"] = json!(tail(&crate::submission::ladder_log(dir, sub.id)));
        out["hash"] = json!(sub.hash);
    }
    Ok(Json(out))
}

/// The end of a log, as text.
fn tail(path: &std::path::Path) -> String {
    use std::io::{Read, Seek, SeekFrom};
    let Ok(mut f) = std::fs::File::open(path) else {
        return String::new();
    };
    let len = f.metadata().map_or(0, |m| m.len());
    let _ = f.seek(SeekFrom::Start(len.saturating_sub(LOG_TAIL)));
    let mut bytes = Vec::new();
    let _ = f.read_to_end(&mut bytes);
    String::from_utf8_lossy(&bytes).into_owned()
}

#[derive(Deserialize)]
struct Choice {
    submission: i64,
}

/// Makes one of the person's own submissions (one that passed) their active one.
async fn choose(
    State(s): State<Served>,
    headers: HeaderMap,
    Json(body): Json<Choice>,
) -> Result<Json<Value>, ApiError> {
    let p = who(&s, &headers).await?;
    let league = s.league.clone();
    blocking(move || league.choose(p.id, body.submission, now_ms())).await?;
    Ok(Json(json!({"active": body.submission})))
}

/// The person a request speaks for, who must be the organiser.
async fn organiser(s: &Served, headers: &HeaderMap) -> Result<Person, ApiError> {
    let p = who(s, headers).await?;
    if p.organiser {
        Ok(p)
    } else {
        Err(refuse(
            StatusCode::FORBIDDEN,
            "only the organiser may do this",
        ))
    }
}

#[derive(Deserialize)]
struct FinalRequest {
    /// `now`, Unix seconds, or UTC as 2026-12-01T17:00:00Z.
    deadline: String,
    /// Games (the game's default when absent).
    games: Option<u64>,
}

/// The organiser makes the final (each person's active submission at the deadline) and it
/// starts playing beside the ladder.
async fn start_final(
    State(s): State<Served>,
    headers: HeaderMap,
    Json(body): Json<FinalRequest>,
) -> Result<Json<Value>, ApiError> {
    organiser(&s, &headers).await?;
    let deadline = crate::finals::parse_deadline(&body.deadline)
        .map_err(|e| refuse(StatusCode::BAD_REQUEST, e))?;
    let league = s.league.clone();
    let finalists = blocking(move || crate::finals::create(&league, deadline, body.games))
        .await?
        .1;
    let (league, run, playing) = (
        s.league.clone(),
        s.final_run.clone(),
        s.final_playing.clone(),
    );
    playing.store(true, std::sync::atomic::Ordering::SeqCst);
    std::thread::spawn(move || {
        let stop = Arc::new(std::sync::atomic::AtomicBool::new(false));
        let result = crate::finals::play(&league, 1, stop).map_err(|e| e.to_string());
        *run.lock().unwrap_or_else(|e| e.into_inner()) = Some(result);
        playing.store(false, std::sync::atomic::Ordering::SeqCst);
    });
    Ok(Json(json!({"finalists": finalists.len(), "playing": true})))
}

/// Where the final stands (for the organiser).
async fn final_status(
    State(s): State<Served>,
    headers: HeaderMap,
) -> Result<Json<Value>, ApiError> {
    organiser(&s, &headers).await?;
    let made = crate::finals::final_db(s.league.dir()).exists();
    let playing = s.final_playing.load(std::sync::atomic::Ordering::SeqCst);
    let ended = s
        .final_run
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .clone();
    Ok(Json(json!({
        "made": made,
        "playing": playing,
        "error": ended.and_then(|r| r.err()),
    })))
}

/// The final's standings as CSV, for marking (for the organiser), as a download.
async fn final_csv(State(s): State<Served>, headers: HeaderMap) -> Result<Response, ApiError> {
    organiser(&s, &headers).await?;
    let dir = s.league.dir().to_path_buf();
    let csv = blocking(move || crate::finals::csv(&dir)).await?;
    Ok((
        [
            (header::CONTENT_TYPE, "text/csv; charset=utf-8"),
            (
                header::CONTENT_DISPOSITION,
                "attachment; filename=\"final.csv\"",
            ),
        ],
        csv,
    )
        .into_response())
}

/// `parlour league submit URL FILE`: sends the file to the league at `url` as the person whose
/// token is `token` (or is in the link's `#token=...`), and returns the server's answer: the
/// submission's number, whether it passed its check, and the report.
pub fn send(url: &str, token: Option<&str>, file: &std::path::Path) -> Result<Value, LeagueError> {
    let (base, fragment) = url.split_once('#').unwrap_or((url, ""));
    let token = token
        .map(str::to_string)
        .or_else(|| fragment.strip_prefix("token=").map(str::to_string))
        .ok_or_else(|| {
            LeagueError::Refused(
                "give your token (--token, or the link with #token=... the organiser sent)".into(),
            )
        })?;
    let bytes = std::fs::read(file).map_err(|e| LeagueError::Io {
        what: format!("cannot read {}", file.display()),
        reason: e.to_string(),
    })?;
    let name = file
        .file_name()
        .and_then(|n| n.to_str())
        .unwrap_or("bot.py");
    let encoded: String = name
        .bytes()
        .map(|b| {
            if b.is_ascii_alphanumeric() || b"-_.".contains(&b) {
                (b as char).to_string()
            } else {
                format!("%{b:02X}")
            }
        })
        .collect();
    let at = format!(
        "{}/api/league/submissions?file={encoded}",
        base.trim_end_matches('/')
    );
    let agent: ureq::Agent = ureq::Agent::config_builder()
        .http_status_as_error(false)
        .build()
        .into();
    let mut response = agent
        .post(&at)
        .header("Authorization", &format!("Bearer {token}"))
        .send(&bytes[..])
        .map_err(|e| LeagueError::Io {
            what: format!("cannot reach {base}"),
            reason: e.to_string(),
        })?;
    let status = response.status();
    let text = response
        .body_mut()
        .read_to_string()
        .map_err(|e| LeagueError::Io {
            what: format!("cannot read {base}'s answer"),
            reason: e.to_string(),
        })?;
    let body: Value = serde_json::from_str(&text).map_err(|e| LeagueError::Io {
        what: format!("{base} answered {status} with no JSON"),
        reason: e.to_string(),
    })?;
    if status.is_success() {
        Ok(body)
    } else {
        Err(LeagueError::Refused(format!(
            "{base} refused it ({status}): {}",
            body["error"].as_str().unwrap_or("no reason given")
        )))
    }
}
