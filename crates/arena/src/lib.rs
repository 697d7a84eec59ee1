//! # parlour-arena
//!
//! Fair, resumable, parallel tournaments between bots, for any parlour game.
//!
//! - A [`TournamentConfig`] names the game, the entries (built-in bots with options, or
//!   external programs: [`EntrySpec`](parlour_protocol::EntrySpec)s), the number of games, the seed, duplicate deals, the
//!   schedule and an optional early stop. It is all a tournament is: stored with the results,
//!   it is enough to resume one.
//! - [`schedule`] seats the entries: groups of `k` games, one table rotated through every seat,
//!   the tables chosen round-robin or balanced at random.
//! - [`Tournament::run`] plays the games on a thread pool, each at a
//!   [`Table`](parlour_protocol::Table) of the players its [`MakeBot`] makes. Game `i`'s deal, seating and bot seeds
//!   derive from the tournament seed and `i` alone, so the results do not depend on the number
//!   of threads, on timing, or on where a run was interrupted and resumed.
//! - Each finished game becomes a [`GameRecord`] (returns, winners, the game's own figures),
//!   handed to the caller as it finishes, for [`store::Store`] to write to SQLite.
//! - [`stats::standings`] turns the records into standings: wins, mean placement and mean score
//!   with 95% intervals clustered by deal, a Weng-Lin rating, and a pairwise table; [`render`]
//!   shows them as JSON, CSV or the terminal's tables;
//!   [`stats::leader_significant`] is the sequential test behind the early stop;
//!   [`svg::ratings_svg`] charts the ratings.
//! - [`shard`] splits a tournament across processes or machines (`--shard i/n`, whole deal
//!   groups in consecutive runs), and [`merge::merge`] joins the shards' databases into one
//!   whose standings are a one-machine run's.
//!
//! ```
//! use parlour_arena::{Tournament, TournamentConfig};
//! use parlour_core::{toy::HighCard, BotSpec, Game};
//!
//! let game = HighCard::new(Default::default()).unwrap();
//! let entries = vec![BotSpec::named("random").into(), BotSpec::named("random").into()];
//! let config = TournamentConfig::new(&game, entries, 200, 7);
//! let make = |entry: &_, seed| parlour_protocol::Player::<HighCard>::built_in(entry, seed);
//! let tournament = Tournament::new(game, config, &make).unwrap();
//! let result = tournament.run(2, Vec::new(), &make, &mut |_| Ok(()), &mut |_| {}).unwrap();
//! assert_eq!(result.summary.counted, 200);
//! assert_eq!(result.summary.standings.entries.iter().map(|e| e.games).sum::<u64>(), 400);
//! ```

pub mod bench;
pub mod merge;
pub mod record;
pub mod render;
pub mod schedule;
pub mod shard;
pub mod stats;
pub mod store;
pub mod strength;
pub mod svg;
mod tournament;

pub use record::{Figure, GameRecord, SeatFault};
pub use tournament::{
    entry_labels, numbered, summarize, summarize_stored, ArenaError, EarlyStopped, MakeBot,
    Progress, RunResult, Stored, Summary, Tournament, TournamentConfig, MAX_ENTRIES, MAX_GAMES,
};
