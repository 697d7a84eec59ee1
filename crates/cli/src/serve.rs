//! `parlour serve`: the web front end, with the limits it promises strangers.

use std::path::PathBuf;
use std::time::Duration;

use crate::args::ServeArgs;
use crate::common::{failed, usage, Failure};

/// `parlour serve`.
pub fn serve(args: ServeArgs) -> Result<(), Failure> {
    let mut caps = parlour_web::BotCaps::default();
    for (key, max) in &args.bot_cap {
        caps.set(key, *max);
    }
    if let Some(dir) = &args.models {
        if !dir.is_dir() {
            return Err(usage(format!("--models {}: not a folder", dir.display())));
        }
    }
    let (max_connections, warning) = parlour_web::connection_cap(args.max_connections);
    if let Some(warning) = warning {
        errln!("parlour: warning: {warning}");
    }
    let settings = parlour_web::Settings {
        seat_timeout: Duration::from_secs(args.seat_timeout),
        max_connections,
        header_timeout: Duration::from_secs(args.header_timeout),
        socket_idle: Duration::from_secs(args.socket_idle),
        share: parlour_web::Share {
            connections: args.client_connections,
            tables: args.client_tables,
            replays: args.client_replays,
            programs: args.client_programs,
        },
        max_tables: args.max_tables,
        max_programs: args.max_programs,
        max_replays: args.max_replays,
        replay_budget: args.replay_mb << 20,
        idle_table: Duration::from_secs(args.idle_table),
        min_pace_ms: args.min_pace_ms,
        max_decisions: args.max_decisions,
        thinkers: args
            .thinkers
            .unwrap_or(parlour_web::Settings::default().thinkers),
        caps,
        models: args.models.clone(),
        hosts: args.allow_host.clone(),
        origins: args.allow_origin.clone(),
        forwarded: args.forwarded_for,
    };
    let store = if args.no_store {
        None
    } else {
        Some(parlour_web::Store::open(&args.store).map_err(usage)?)
    };
    let hub = parlour_web::Hub::with(settings, store);
    if let Some(file) = &args.bots_file {
        let entries = parlour_protocol::read_bots_file(
            file,
            parlour_protocol::Limits::default(),
            parlour_protocol::DEFAULT_MAX_FAULTS,
        )?;
        hub.offer(entries, PathBuf::from("parlour-runs/bot-logs"));
    }
    for file in &args.tournament {
        let watched = parlour_web::Watched::file(file.clone()).map_err(usage)?;
        hub.watch(watched);
    }
    let bind = args.bind;
    parlour_web::run(
        bind,
        move || {
            for (table, why) in hub.restore() {
                errln!("parlour: table {table}: {why}");
            }
            hub
        },
        |address| {
            if address.ip().is_unspecified() {
                errln!(
                    "parlour: warning: listening on every network this machine is on \
                     ({address}): anyone who can reach it may play, watch and upload here. \
                     docs/web.md, \"Running it for others\", says what the server promises \
                     and how to put it behind a TLS proxy"
                );
            }
            println!(
                "parlour is serving at {} (Ctrl-C stops it)",
                parlour_web::shown_address(address)
            );
            // Tests and scripts read the address from the first line.
            let _ = std::io::Write::flush(&mut std::io::stdout());
        },
    )
    .map_err(|e| {
        let text = format!("cannot serve on {bind}: {e}");
        // A port in use (or not this machine's address) is the caller's to change.
        if matches!(
            e.kind(),
            std::io::ErrorKind::AddrInUse
                | std::io::ErrorKind::AddrNotAvailable
                | std::io::ErrorKind::PermissionDenied
        ) {
            usage(text)
        } else {
            failed(text)
        }
    })
}
