//! Load on `parlour serve`'s server: many tables of bots streamed to spectators, and one
//! person's moves at a table of their own, all over real WebSockets on loopback.
//!
//!     cargo bench -p parlour-web --bench serve -- [--game uno] [--seconds 10]
//!         [--tables 16,64,256] [--spectators 2] [--pace 0,100]
//!
//! For each (pace, tables): the server runs on a 2-thread runtime (the machine's cores) and
//! the clients on another 2 threads of the same process, so the figures are for the whole
//! loop on 2 cores. Each table of bots is watched by `--spectators` spectators; when its game
//! ends the next deal is started at a new table and all move to it. Reported: messages/s
//! received by spectators, decisions/s, and the latency from a person's move being sent to
//! its view coming back (p50, p99, max), over the moves made in the run.

use std::net::SocketAddr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use parlour_core::BotSpec;
use parlour_web::{Hub, SeatSpec, TableSetup};
use serde_json::{json, Value};
use tokio_tungstenite::tungstenite::Message;

struct Args {
    game: String,
    seconds: u64,
    tables: Vec<usize>,
    spectators: usize,
    paces: Vec<u64>,
}

fn args() -> Args {
    let mut a = Args {
        game: "uno".into(),
        seconds: 10,
        tables: vec![16, 64, 256],
        spectators: 2,
        paces: vec![0, 100],
    };
    fn list<T: std::str::FromStr>(s: &str) -> Vec<T> {
        s.split(',')
            .map(|x| x.trim().parse().ok().expect("a number"))
            .collect()
    }
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        let mut value = || it.next().expect("a value after the flag");
        match flag.as_str() {
            "--game" => a.game = value(),
            "--seconds" => a.seconds = value().parse().expect("seconds"),
            "--tables" => a.tables = list(&value()),
            "--spectators" => a.spectators = value().parse().expect("spectators"),
            "--pace" => a.paces = list(&value()),
            // cargo bench passes --bench.
            _ => {}
        }
    }
    a
}

fn setup(game: &str, seats: Vec<SeatSpec>, seed: u64, pace_ms: u64) -> TableSetup {
    TableSetup {
        game: game.into(),
        options: Vec::new(),
        seats,
        seed,
        pace_ms,
    }
}

fn players(game: &str) -> usize {
    parlour_dynamic::open(game, &[]).unwrap().num_players()
}

async fn connect(
    addr: SocketAddr,
    table: &str,
    token: Option<&str>,
) -> tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>> {
    let q = token.map(|t| format!("?token={t}")).unwrap_or_default();
    tokio_tungstenite::connect_async(format!("ws://{addr}/ws/{table}{q}"))
        .await
        .unwrap()
        .0
}

/// Where a table of bots is dealt again: the hub on the server's runtime, the game, its pace.
#[derive(Clone)]
struct Dealer {
    hub: Hub,
    server: tokio::runtime::Handle,
    game: String,
    players: usize,
    pace: u64,
}

impl Dealer {
    fn deal(&self, seed: u64) -> String {
        let seats = (0..self.players)
            .map(|_| SeatSpec::from(BotSpec::named("random")))
            .collect();
        let _guard = self.server.enter();
        self.hub
            .create(setup(&self.game, seats, seed, self.pace))
            .unwrap()
    }
}

/// A spectator group of one table of bots, following it deal after deal until `end`.
async fn watch(
    addr: SocketAddr,
    first: String,
    spectators: usize,
    end: Instant,
    messages: Arc<AtomicU64>,
    decisions: Arc<AtomicU64>,
    dealer: Dealer,
) {
    let mut table = first;
    let mut seed = 1u64 << 32;
    while Instant::now() < end {
        let mut sockets = Vec::new();
        for _ in 0..spectators {
            sockets.push(connect(addr, &table, None).await);
        }
        let mut next_table = None;
        // The first spectator deals again; the others just read.
        let mut readers = Vec::new();
        let lead = sockets.remove(0);
        for mut ws in sockets {
            let messages = messages.clone();
            readers.push(tokio::spawn(async move {
                while let Ok(Some(Ok(m))) = tokio::time::timeout_at(end.into(), ws.next()).await {
                    messages.fetch_add(1, Ordering::Relaxed);
                    if let Message::Text(t) = m {
                        if t.contains("\"to_act\":null") {
                            break;
                        }
                    }
                }
            }));
        }
        let mut ws = lead;
        while let Ok(Some(Ok(m))) = tokio::time::timeout_at(end.into(), ws.next()).await {
            messages.fetch_add(1, Ordering::Relaxed);
            let Message::Text(t) = m else { continue };
            let v: Value = serde_json::from_str(t.as_str()).unwrap();
            if v["type"] == "view" && !v["full_log"].as_bool().unwrap_or(true) {
                decisions.fetch_add(1, Ordering::Relaxed);
            }
            if v["type"] == "view" && v["to_act"].is_null() {
                seed += 1;
                next_table = Some(dealer.deal(seed));
                break;
            }
        }
        for r in readers {
            let _ = r.await;
        }
        match next_table {
            Some(t) => table = t,
            None => break,
        }
    }
}

/// A person playing Uno against random bots, table after table, until `end`: the latency of
/// each move's echo.
async fn person(
    addr: SocketAddr,
    hub: Hub,
    server: tokio::runtime::Handle,
    game: String,
    end: Instant,
) -> Vec<Duration> {
    let mut latencies = Vec::new();
    let mut seed = 1000;
    while Instant::now() < end {
        seed += 1;
        let mut seats = vec![SeatSpec::Human {
            name: "me".into(),
            token: Some(format!("bench-{seed}")),
        }];
        while seats.len() < players(&game) {
            seats.push(SeatSpec::from(BotSpec::named("random")));
        }
        // The table runs on the server's runtime.
        let id = {
            let _on_server = server.enter();
            hub.create(setup(&game, seats, seed, 0)).unwrap()
        };
        let mut ws = connect(addr, &id, Some(&format!("bench-{seed}"))).await;
        let mut sent: Option<(u64, Instant)> = None;
        while let Ok(Some(Ok(m))) = tokio::time::timeout_at(end.into(), ws.next()).await {
            let Message::Text(t) = m else { continue };
            let v: Value = serde_json::from_str(t.as_str()).unwrap();
            if v["type"] != "view" {
                continue;
            }
            let decision = v["decision"].as_u64().unwrap();
            if let Some((d, at)) = sent {
                if decision > d {
                    latencies.push(at.elapsed());
                    sent = None;
                }
            }
            if v["to_act"].is_null() {
                break;
            }
            let legal = v["legal"].as_array().unwrap();
            if v["to_act"] == json!(0) && !legal.is_empty() && sent.is_none() {
                let a = &legal[0];
                sent = Some((decision, Instant::now()));
                ws.send(Message::Text(
                    json!({"type":"act","decision": decision,"action": a})
                        .to_string()
                        .into(),
                ))
                .await
                .unwrap();
            }
        }
    }
    latencies
}

fn percentile(sorted: &[Duration], p: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    let i = ((sorted.len() - 1) as f64 * p).round() as usize;
    sorted[i].as_secs_f64() * 1000.0
}

fn main() {
    let a = args();
    println!(
        "parlour serve under load: {} tables of bots (random), {} spectators each, one person's moves; {} s a run, server on 2 threads, clients on 2 more (2 cores in all)",
        a.game, a.spectators, a.seconds
    );
    println!("| pace ms | tables | spectators | messages/s | decisions/s | echo p50 ms | echo p99 ms | echo max ms | moves |");
    println!("|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    for &pace in &a.paces {
        for &tables in &a.tables {
            let server = tokio::runtime::Builder::new_multi_thread()
                .worker_threads(2)
                .enable_all()
                .build()
                .unwrap();
            // Every client is on 127.0.0.1: the load, not an attack, so no client's share
            // applies; and bots as fast as a table asks (pace 0 is measured too).
            let hub = Hub::with(
                parlour_web::Settings {
                    seat_timeout: Duration::from_secs(600),
                    min_pace_ms: 0,
                    max_connections: 100_000,
                    share: parlour_web::Share {
                        connections: 100_000,
                        ..parlour_web::Share::default()
                    },
                    ..parlour_web::Settings::default()
                },
                None,
            );
            let listener = server
                .block_on(tokio::net::TcpListener::bind("127.0.0.1:0"))
                .unwrap();
            let addr = listener.local_addr().unwrap();
            server.spawn(parlour_web::serve(listener, hub.clone()));
            let clients = tokio::runtime::Builder::new_multi_thread()
                .worker_threads(2)
                .enable_all()
                .build()
                .unwrap();
            let dealer = Dealer {
                hub: hub.clone(),
                server: server.handle().clone(),
                game: a.game.clone(),
                players: players(&a.game),
                pace,
            };
            let ids: Vec<String> = (0..tables).map(|t| dealer.deal(t as u64)).collect();
            let messages = Arc::new(AtomicU64::new(0));
            let decided = Arc::new(AtomicU64::new(0));
            let start = Instant::now();
            let end = start + Duration::from_secs(a.seconds);
            let handle = server.handle().clone();
            let latencies = clients.block_on(async {
                let mut watchers = Vec::new();
                for id in ids {
                    watchers.push(tokio::spawn(watch(
                        addr,
                        id,
                        a.spectators,
                        end,
                        messages.clone(),
                        decided.clone(),
                        dealer.clone(),
                    )));
                }
                let person = tokio::spawn(person(addr, hub.clone(), handle, a.game.clone(), end));
                let lat = person.await.unwrap();
                for w in watchers {
                    let _ = w.await;
                }
                lat
            });
            let secs = start.elapsed().as_secs_f64();
            let decisions = decided.load(Ordering::Relaxed);
            let mut sorted = latencies.clone();
            sorted.sort();
            println!(
                "| {pace} | {tables} | {} | {:.0} | {:.0} | {:.2} | {:.2} | {:.2} | {} |",
                tables * a.spectators,
                messages.load(Ordering::Relaxed) as f64 / secs,
                decisions as f64 / secs,
                percentile(&sorted, 0.5),
                percentile(&sorted, 0.99),
                sorted
                    .last()
                    .map(|d| d.as_secs_f64() * 1000.0)
                    .unwrap_or(f64::NAN),
                sorted.len(),
            );
            drop(clients);
            server.shutdown_background();
        }
    }
}
