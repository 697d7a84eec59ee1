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
//! - [`replay`] steps through a trace or a saved state; [`server`] has the routes.
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
//!     let bot = |b: &str| SeatSpec::Bot { bot: b.to_string() };
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

pub mod assets;
pub mod hub;
pub mod message;
pub mod replay;
pub mod server;
pub mod table;
pub mod watch;

pub use hub::Hub;
pub use table::{SeatSpec, TableSetup};
pub use watch::{LiveTournament, Watched};

/// Serves `hub` on `listener` until the process ends.
pub async fn serve(listener: tokio::net::TcpListener, hub: Hub) -> std::io::Result<()> {
    axum::serve(listener, server::router(hub)).await
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
