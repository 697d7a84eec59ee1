//! Command-line arguments.

use std::path::PathBuf;

use clap::{Parser, Subcommand, ValueEnum};

/// parlour: exact engines for five card and board games, bots from random to strong, and fair,
/// fast tournaments between them.
#[derive(Debug, Parser)]
#[command(name = "parlour", version, about, long_about = None)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Play one game in the terminal: people against bots, or bots alone (the game is printed).
    Play {
        /// The game (uno, go, phased, bo, chexers).
        game: String,
        /// Who sits at each seat, comma-separated: `human` or a bot name (see `parlour bots GAME`).
        /// Default: a human, then the game's strongest bot in every other seat.
        #[arg(long)]
        seats: Option<String>,
        /// Seed for the deal and the bots (default: from the clock, printed).
        #[arg(long)]
        seed: Option<u64>,
        /// Write the game as JSON lines to FILE (see `parlour replay`).
        #[arg(long, value_name = "FILE")]
        trace: Option<PathBuf>,
        /// A game option as key=value (e.g. `-o target=500`); repeatable.
        #[arg(short = 'o', long = "option", value_name = "KEY=VALUE")]
        options: Vec<String>,
        /// The rules variant, for games that have one (e.g. `--variant bonus`).
        #[arg(long)]
        variant: Option<String>,
    },
    /// Run a tournament at one table, rotating seats, and print the standings.
    Tournament {
        /// The game (uno, go, phased, bo, chexers).
        game: String,
        /// The bots at the table, comma-separated; repeated cyclically to fill the table.
        #[arg(long, default_value = "heuristic,random,random,random")]
        bots: String,
        /// Rounds to play (the seed's tournament: 50,000).
        #[arg(long, default_value = "50000", allow_hyphen_values = true)]
        rounds: String,
        /// Seats at the table (default: the game's standard table).
        #[arg(long, allow_hyphen_values = true)]
        players: Option<String>,
        /// Tournament seed.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Worker threads (default: all cores).
        #[arg(long, allow_hyphen_values = true)]
        jobs: Option<String>,
        /// Output format.
        #[arg(long, value_enum, default_value_t = Format::Table)]
        format: Format,
        /// A game option as key=value; repeatable.
        #[arg(short = 'o', long = "option", value_name = "KEY=VALUE")]
        options: Vec<String>,
        /// The rules variant, for games that have one (e.g. `--variant bonus`).
        #[arg(long)]
        variant: Option<String>,
    },
    /// Measure random-playout throughput on one core (games/s and player actions/s).
    Bench {
        /// The game (uno, go, phased, bo, chexers).
        game: String,
        /// How long to measure.
        #[arg(long, default_value = "5", allow_hyphen_values = true)]
        seconds: String,
        /// Seed for the deals and choices.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Output format.
        #[arg(long, value_enum, default_value_t = Format::Table)]
        format: Format,
        /// Measure this bot instead of random playouts: it takes every seat, and its decisions
        /// per second and work counters (e.g. search nodes per second) are reported.
        #[arg(long)]
        bot: Option<String>,
        /// A game option as key=value; repeatable.
        #[arg(short = 'o', long = "option", value_name = "KEY=VALUE")]
        options: Vec<String>,
        /// The rules variant, for games that have one (e.g. `--variant bonus`).
        #[arg(long)]
        variant: Option<String>,
    },
    /// Re-simulate a trace written by `play --trace`: check every action and the result.
    Replay {
        /// The trace file.
        file: PathBuf,
    },
    /// List a game's bots.
    Bots {
        /// The game (uno, go, phased, bo, chexers).
        game: String,
    },
    /// Comp10001-Go tools: score a set of cards.
    Go {
        #[command(subcommand)]
        command: GoCommand,
    },
}

#[derive(Debug, Subcommand)]
pub enum GoCommand {
    /// Print the best partition of a player's cards into groups, and its score.
    Score {
        /// The cards in the course's notation, e.g. `7C 7S 4C AH AS QS 9H 7H AC JH`.
        #[arg(required = true, num_args = 1.., allow_hyphen_values = true)]
        cards: Vec<String>,
    },
    /// Measure optimal scoring alone: microseconds per random 10-card set, on one core.
    ScoreBench {
        /// How long to measure.
        #[arg(long, default_value = "3", allow_hyphen_values = true)]
        seconds: String,
        /// Seed for the random sets.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Output format.
        #[arg(long, value_enum, default_value_t = Format::Table)]
        format: Format,
    },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// A table for people.
    Table,
    /// One JSON object for programs.
    Json,
}
