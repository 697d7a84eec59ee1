//! # parlour-web
//!
//! parlour in a browser: `parlour serve` starts this server, and its front end (plain ES
//! modules and SVG, built into the binary) lets people play any game against built-in bots or
//! each other, watch tables live, and step through recorded games.
//!
//! - A **table** ([`table`]) is a task that owns one game: seats for people (each taken with a
//!   secret token, kept across a page reload) and built-in bots, the browsers connected, and a
//!   pace for bots' moves. Every message to a browser is built for that connection alone: a
//!   seat's own observation (the protocol's JSON), or for a spectator of a table with people at
//!   it only what every seat sees ([`parlour_core::Game::public_view`]); all hands only at a
//!   table of bots or once the game is over.
//! - [`message`] is the WebSocket's wire format and its parser: anything malformed, oversized,
//!   late or out of turn is an error to that browser only.
//! - [`replay`] steps through a trace or a saved state; [`server`] has the routes, and checks
//!   every request's `Host` and a page's `Origin` before it reaches them.
//! - [`settings`] is what the server promises strangers as numbers: each client's share of
//!   connections, tables, replays and program seats, the timeouts, the caps on visitors' bot
//!   budgets; [`serve`] counts connections against them. [`store`] keeps tables (their
//!   [`setup`] and moves) and replays in SQLite, so a restarted server resumes them.
//! - A person away past the seat timeout (a closed tab) is played for by a stand-in (the game's
//!   heuristic bot) until they return, so a table never stalls for good.
//!
//! ```
//! use std::time::Duration;
//! use parlour_web::{Hub, SeatSpec, TableSetup};
//!
//! let runtime = tokio::runtime::Runtime::new().unwrap();
//! runtime.block_on(async {
//!     let hub = Hub::new(Duration::from_secs(120));
//!     let bot = |b: &str| SeatSpec::from(parlour_core::BotSpec::named(b));
//!     let id = hub
//!         .create(TableSetup {
//!             game: "chexers".into(),
//!             options: Vec::new(),
//!             seats: vec![bot("random"), bot("greedy"), bot("random")],
//!             seed: 7,
//!             pace_ms: 0,
//!         })
//!         .unwrap();
//!     assert_eq!(hub.tables()[0].id, id);
//!     assert!(hub.tables()[0].bots_only);
//!     // A bad setup is an error that says what is wrong.
//!     let wrong = hub.create(TableSetup {
//!         game: "chexers".into(),
//!         options: Vec::new(),
//!         seats: vec![bot("random")],
//!         seed: 7,
//!         pace_ms: 0,
//!     });
//!     assert!(wrong.unwrap_err().contains("1 seats for a 3-player table"));
//!     // To serve it: parlour_web::serve(tokio::net::TcpListener::bind(...).await?, hub).
//! });
//! ```

use std::net::SocketAddr;
use std::time::Duration;

pub mod assets;
pub mod hub;
pub mod message;
pub mod replay;
pub mod server;
pub mod settings;
pub mod setup;
pub mod store;
pub mod table;
pub mod watch;

pub use hub::Hub;
pub use settings::{BotCaps, Settings, Share};
pub use store::Store;
pub use table::{SeatSpec, TableSetup};
pub use watch::{LiveTournament, Watched};

/// Serves `hub` on `listener` until the process ends: each connection is counted against its
/// client's share and the server's cap (past either it is answered 503 and closed), and read
/// with the hub's header timeout, which also ends a kept-alive connection left idle.
pub async fn serve(listener: tokio::net::TcpListener, hub: Hub) -> std::io::Result<()> {
    serve_app(listener, server::router(hub.clone()), hub).await
}

/// Serves `app` on `listener` as [`serve`] serves a hub's pages: each connection counted
/// against its client's share and the cap of `hub`'s settings (past either it is answered 503
/// and closed), and read with their header timeout. Another server (a league's) keeps the same
/// promises to strangers this way.
pub async fn serve_app(
    listener: tokio::net::TcpListener,
    app: axum::Router,
    hub: Hub,
) -> std::io::Result<()> {
    use hyper_util::rt::{TokioIo, TokioTimer};
    use tower::ServiceExt;

    let header_timeout = hub.settings().header_timeout;
    let forwarded = hub.settings().forwarded;
    loop {
        let (stream, peer) = match listener.accept().await {
            Ok(accepted) => accepted,
            Err(_) => {
                // Out of open files, or a connection gone before it was taken: the ones in
                // use close in time.
                tokio::time::sleep(Duration::from_millis(20)).await;
                continue;
            }
        };
        // Behind a proxy every connection comes from it: its clients' shares are counted
        // per request instead.
        let counted = if forwarded {
            std::net::IpAddr::from([0, 0, 0, 0])
        } else {
            peer.ip()
        };
        let Some(slot) = hub.connect_as(counted, !forwarded) else {
            let _ = stream.try_write(BUSY);
            continue;
        };
        let app = app.clone();
        let slot = hub::AcceptSlot(std::sync::Arc::new(std::sync::Mutex::new(Some(slot))));
        tokio::spawn(async move {
            let held = slot.clone();
            let service = hyper::service::service_fn(move |mut request| {
                request
                    .extensions_mut()
                    .insert(axum::extract::ConnectInfo(peer));
                request.extensions_mut().insert(held.clone());
                app.clone().oneshot(request)
            });
            let mut http = hyper::server::conn::http1::Builder::new();
            http.timer(TokioTimer::new())
                .header_read_timeout(header_timeout);
            let _ = http
                .serve_connection(TokioIo::new(stream), service)
                .with_upgrades()
                .await;
        });
    }
}

/// What a connection past the caps is told before it is closed.
const BUSY: &[u8] = b"HTTP/1.1 503 Service Unavailable\r\ncontent-type: text/plain\r\n\
content-length: 48\r\nconnection: close\r\n\r\ntoo many connections from one client, or in all\n";

/// Raises this process's soft limit of open files to its hard limit (a server's connections
/// are files); the limit now. (The protocol's, which programs need too.)
pub fn raise_open_files() -> u64 {
    #[cfg(unix)]
    return parlour_protocol::process::raise_open_files();
    #[cfg(not(unix))]
    1024
}

/// Binds `address`, calls `ready` with the address bound (the port, when 0 was asked for), and
/// serves `hub` until the process ends, on a runtime of its own.
pub fn run(
    address: SocketAddr,
    hub_of: impl FnOnce() -> Hub,
    ready: impl FnOnce(SocketAddr),
) -> std::io::Result<()> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    runtime.block_on(async move {
        let listener = tokio::net::TcpListener::bind(address).await?;
        ready(listener.local_addr()?);
        serve(listener, hub_of()).await
    })
}

/// Serves a running tournament's page at `address` from a thread of its own: the standings as
/// games are recorded (and `recorded` before, for a resumed run), the game named but not its
/// seed (a secret until it ends). The tournament to push games to, and the address bound.
pub fn serve_live(
    address: SocketAddr,
    config: &parlour_arena::TournamentConfig,
    recorded: Vec<parlour_arena::GameRecord>,
) -> std::io::Result<(std::sync::Arc<LiveTournament>, SocketAddr)> {
    let live = std::sync::Arc::new(LiveTournament::new(config.clone(), recorded));
    let name = format!("{} tournament", config.game);
    let (ready, listening) = std::sync::mpsc::channel();
    let shown = live.clone();
    let on_error = ready.clone();
    std::thread::spawn(move || {
        let hub = Hub::new(Duration::from_secs(120));
        let result = run(
            address,
            move || {
                hub.watch(Watched::live(name, shown));
                hub
            },
            |bound| {
                let _ = ready.send(Ok(bound));
            },
        );
        if let Err(e) = result {
            let _ = on_error.send(Err(e));
        }
    });
    match listening.recv() {
        Ok(Ok(bound)) => Ok((live, bound)),
        Ok(Err(e)) => Err(e),
        Err(_) => Err(std::io::Error::other("the server's thread ended")),
    }
}

/// The cap on open connections: `requested`, or as many as the open-file limit leaves room for
/// (raised to its hard limit first), at most 4096; with a warning when `requested` is over it.
pub fn connection_cap(requested: Option<usize>) -> (usize, Option<String>) {
    let files = raise_open_files();
    let room = usize::try_from(files.saturating_sub(128)).unwrap_or(usize::MAX);
    match requested {
        Some(n) if n > room => (
            room,
            Some(format!(
                "--max-connections {n} is over what {files} open files allow; {room} it is"
            )),
        ),
        Some(n) => (n, None),
        None => (room.min(4096), None),
    }
}

/// The address to open in a browser: an unspecified bind (`0.0.0.0`) is reached at
/// `127.0.0.1` from this machine.
pub fn shown_address(address: SocketAddr) -> String {
    let mut reachable = address;
    if address.ip().is_unspecified() {
        reachable.set_ip(match address {
            SocketAddr::V4(_) => std::net::Ipv4Addr::LOCALHOST.into(),
            SocketAddr::V6(_) => std::net::Ipv6Addr::LOCALHOST.into(),
        });
    }
    format!("http://{reachable}/")
}
