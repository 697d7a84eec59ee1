//! Command-line arguments: one typed `clap` struct per subcommand. Numbers and enums are parsed
//! and range-checked here; the lists of games and the defaults in the help come from the game
//! registry and from the defaults themselves.

use std::net::SocketAddr;
use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};
use parlour_arena::shard::Shard;
use parlour_arena::MAX_GAMES;
use parlour_core::GameInfo;
use parlour_protocol::{LimitOverrides, Limits, DEFAULT_MAX_FAULTS};
use parlour_web::{BotCaps, Settings};
use serde_json::Value;

/// parlour: exact engines for five card and board games, bots from random to strong, and fair,
/// fast tournaments between them.
#[derive(Debug, Parser)]
#[command(name = "parlour", version, about, long_about = None)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
    /// How programs (external bots) are contained: `jail` (the default where this machine
    /// has one: namespaces, a root of their own, control groups; see docs/protocol.md) or
    /// `group` (a process group: a guard, not a jail; programs see your files). Where there is
    /// no jail, programs run only with `--containment group`
    #[arg(long, global = true, value_name = "KIND")]
    pub containment: Option<ContainmentArg>,
}

/// `--containment`'s values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ContainmentArg {
    /// The jail (refuse to run programs without it).
    Jail,
    /// A process group (no jail), by choice.
    Group,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Play one game in the terminal: people against bots, or bots alone (the game is printed).
    Play(PlayArgs),
    /// Run a tournament between bots and print the standings; every game is recorded in a
    /// database as it finishes, so an interrupted run can be resumed.
    Tournament(TournamentArgs),
    /// Compare bots: every pair of a line-up plays a duplicate-deal match (alternate seats,
    /// every deal under every seat rotation), and a table gives each pair's share of the wins
    /// with its 95% interval (see docs/strength.md).
    Strength(StrengthArgs),
    /// Train a learned bot by self-play (Deep Monte-Carlo on parlour's own engine): writes
    /// DIR/model.safetensors (play it with learned:model=DIR/model.safetensors), a checkpoint
    /// to resume from, and the loss and strength curve as DIR/curve.svg and DIR/curve.csv
    /// (see docs/learned.md).
    Train(TrainArgs),
    /// Merge the databases of a tournament's shards (`parlour tournament --shard I/N`) into a
    /// new database, and print its standings: those of a one-machine run with the same seed.
    /// Refuses files of another tournament or split, names missing shards, and counts a shard
    /// given twice once.
    Merge(MergeArgs),
    /// Re-print a tournament's standings from its database, and chart its ratings.
    Report(ReportArgs),
    /// Measure random-playout throughput on one core (games/s and player actions/s).
    Bench(BenchArgs),
    /// Check an external bot: play it through many decisions from random positions (or whole
    /// games) and report every illegal, malformed or late answer with its position
    CheckBot(CheckBotArgs),
    /// List the games this build plays, with their players, variants and what their score
    /// means.
    Games,
    /// Serve a built-in bot over the bot protocol on standard input and output (a reference
    /// client, and a way to run parlour's bots where a program is expected)
    ServeBot(ServeBotArgs),
    /// Serve the web front end: play against bots or each other, watch tables, replay games
    /// (see docs/web.md). Prints the address to open.
    Serve(ServeArgs),
    /// Run a class league: people submit bots, a ladder plays them, a final decides.
    League(parlour_league::command::LeagueArgs),
    /// Re-simulate a trace written by `play --trace`: check every action and the result.
    Replay {
        /// The trace file.
        file: PathBuf,
    },
    /// List a game's bots.
    Bots {
        #[arg(help = game_help())]
        game: String,
    },
    /// Comp10001-Go tools: score a set of cards.
    Go {
        #[command(subcommand)]
        command: GoCommand,
    },
}

/// "The game: uno, go, ...", from the registry.
fn game_help() -> String {
    format!("The game: {}", parlour_games::names().join(", "))
}

/// One figure per registered game, as `uno 600, go 100, ...`.
fn per_game(figure: impl Fn(&GameInfo) -> u64) -> String {
    parlour_games::GAMES
        .iter()
        .map(|g| format!("{} {}", g.name, figure(g)))
        .collect::<Vec<_>>()
        .join(", ")
}

/// A number parser for clap: a whole number from `lo` to `hi`.
fn from_to<T>(lo: T, hi: T) -> impl Fn(&str) -> Result<T, String> + Clone + Send + Sync
where
    T: std::str::FromStr + PartialOrd + std::fmt::Display + Copy + Send + Sync + 'static,
{
    move |text| {
        text.trim()
            .parse()
            .ok()
            .filter(|v| (lo..=hi).contains(v))
            .ok_or_else(|| format!("must be from {lo} to {hi}"))
    }
}

/// A limit: a positive whole number, at most [`LIMIT_MAX`].
fn positive(text: &str) -> Result<u64, String> {
    from_to(1, LIMIT_MAX)(text)
        .map_err(|_| format!("must be a positive number (at most {LIMIT_MAX})"))
}

/// A number of seconds to measure for, from 0.001 to an hour.
fn seconds(text: &str) -> Result<f64, String> {
    from_to(0.001, 3600.0)(text)
}

/// An early stop's error rate, strictly between 0 and 0.5.
fn alpha(text: &str) -> Result<f64, String> {
    text.trim()
        .parse()
        .ok()
        .filter(|a: &f64| *a > 0.0 && *a < 0.5)
        .ok_or_else(|| "must be between 0 and 0.5".to_string())
}

/// The rules a game is played by: `-o key=value` options and `--variant`.
#[derive(Debug, Clone, Default, Args)]
pub struct RulesArgs {
    /// A game option as key=value (e.g. `-o target=500`); repeatable.
    #[arg(short = 'o', long = "option", value_name = "KEY=VALUE", value_parser = parlour_games::options::parse_pair)]
    pub options: Vec<(String, Value)>,
    /// The rules variant, for games that have one (e.g. `--variant bonus`).
    #[arg(long)]
    pub variant: Option<String>,
}

impl RulesArgs {
    /// The options, `--variant` last, as the game's constructor reads them.
    pub fn pairs(&self) -> Vec<(String, Value)> {
        let mut pairs = self.options.clone();
        pairs.extend(
            self.variant
                .iter()
                .map(|v| ("variant".to_string(), Value::from(v.as_str()))),
        );
        pairs
    }
}

/// `parlour play`.
#[derive(Debug, Args)]
pub struct PlayArgs {
    #[arg(help = game_help())]
    pub game: String,
    /// Who sits at each seat, comma-separated: `human` or a bot name (see `parlour bots GAME`).
    /// Default: a human, then the game's strongest bot in every other seat.
    #[arg(long)]
    pub seats: Option<String>,
    /// Seed for the deal and the bots (default: from the clock, printed).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Write the game as JSON lines to FILE (see `parlour replay`).
    #[arg(long, value_name = "FILE")]
    pub trace: Option<PathBuf>,
    #[command(flatten)]
    pub rules: RulesArgs,
}

/// `parlour tournament`.
#[derive(Debug, Args)]
pub struct TournamentArgs {
    /// The game (see `parlour games`); not needed with --resume.
    #[arg(required_unless_present = "resume")]
    pub game: Option<String>,
    /// The entries, comma-separated: bot names with options (`search:nodes=50000`); name a
    /// bot twice to enter it twice. Default: the game's own bots, then random bots to fill
    /// a table. With --resume: the programs named again (see --trust-programs)
    #[arg(long)]
    pub bots: Option<String>,
    /// A bots file (TOML) naming each entry: `[[bot]]` tables with `builtin = "heuristic"`,
    /// or `name = "mine"` and `command = ["python3", "mybot.py"]` (see docs/protocol.md);
    /// its entries follow any given by --bots
    #[arg(long, value_name = "FILE")]
    pub bots_file: Option<PathBuf>,
    /// A folder of students' bots written against the course's own interface: every `*.py`
    /// file in it is an entry named after the file, run by the Python kit's course adapter
    /// (`python3 -m parlour_bot.course GAME FILE`; see docs/course-bots.md). Its entries
    /// follow those of --bots and --bots-file
    #[arg(long, value_name = "DIR")]
    pub course_bots: Option<PathBuf>,
    #[command(flatten)]
    pub limits: LimitArgs,
    /// Where external bots' standard error is logged (default: beside the database, or
    /// parlour-runs/bot-logs with --no-db)
    #[arg(long, value_name = "DIR")]
    pub bot_logs: Option<PathBuf>,
    /// Watch the run in a browser, served at this address (e.g. 127.0.0.1:8080): the
    /// standings as games finish, games/s, and any game between built-in bots replayed.
    /// The page stays up after the run until Ctrl-C.
    #[arg(long, value_name = "ADDR")]
    pub serve: Option<SocketAddr>,
    #[arg(
        long,
        visible_alias = "rounds",
        value_name = "N",
        allow_hyphen_values = true,
        value_parser = from_to(1, MAX_GAMES),
        help = format!("Games to play, rounded up to a whole number of seat rotations \
            [default: the game's: {}]", per_game(|g| g.tournament_games)),
    )]
    pub games: Option<u64>,
    /// Seats at the table (default: the game's standard table).
    #[arg(long, value_name = "N", allow_hyphen_values = true, value_parser = from_to(1usize, 64))]
    pub players: Option<usize>,
    /// Tournament seed: every deal, seating and bot seed derives from it [default: 1, or a
    /// random seed, printed, when external programs play]
    #[arg(long)]
    pub seed: Option<u64>,
    #[command(flatten)]
    pub jobs: JobsArg,
    /// Output format.
    #[arg(long, value_enum, default_value_t = StandingsFormat::Table)]
    pub format: StandingsFormat,
    #[command(flatten)]
    pub rules: RulesArgs,
    /// Record games in this new SQLite file (default: parlour-runs/GAME-DATE-seedN.sqlite
    /// under the working directory).
    #[arg(long, value_name = "FILE", conflicts_with = "no_db")]
    pub db: Option<PathBuf>,
    /// Do not record games.
    #[arg(long)]
    pub no_db: bool,
    /// Continue the interrupted tournament (or shard) recorded in FILE.
    #[arg(long, value_name = "FILE", conflicts_with_all = [
        "games", "players", "seed", "options", "variant", "db", "no_db", "shard", "duplicate",
        "no_duplicate", "schedule", "early_stop",
    ])]
    pub resume: Option<PathBuf>,
    /// With --resume: start the programs the database names. Without it, a database that
    /// names programs is refused with a list of their commands (a database from elsewhere
    /// would otherwise be a script that runs on resuming), unless --bots, --bots-file and
    /// --course-bots name the same programs again.
    #[arg(long, requires = "resume")]
    pub trust_programs: bool,
    /// Play only shard I of N (numbered from 1; e.g. 3/16) into its own database, for
    /// `parlour merge` to join with the others: the groups of games are cut into N
    /// consecutive runs, whole deals each (see docs/cluster.md).
    #[arg(long, value_name = "I/N", conflicts_with = "no_db")]
    pub shard: Option<Shard>,
    /// Play each deal under every seat rotation (the default for games with chance).
    #[arg(long, overrides_with = "no_duplicate")]
    pub duplicate: bool,
    /// Give every game its own deal.
    #[arg(long)]
    pub no_duplicate: bool,
    /// How tables are chosen when there are more bots than seats.
    #[arg(long, value_enum, default_value_t = ScheduleArg::Auto)]
    pub schedule: ScheduleArg,
    /// Stop early once the leader is significantly ahead of every other entry (see the book's
    /// "Tournament statistics").
    #[arg(long)]
    pub early_stop: bool,
    /// The early stop's error rate: the chance of stopping with a leader that is not ahead.
    #[arg(
        long,
        default_value = "0.05",
        allow_hyphen_values = true,
        requires = "early_stop",
        value_parser = alpha
    )]
    pub alpha: f64,
}

/// `--jobs`: worker threads.
#[derive(Debug, Clone, Copy, Args)]
pub struct JobsArg {
    /// Worker threads (default: all cores). Results do not depend on it.
    #[arg(long = "jobs", value_name = "N", allow_hyphen_values = true, value_parser = from_to(1usize, 1024))]
    pub given: Option<usize>,
}

impl JobsArg {
    /// The threads to use: as given, or one per core.
    pub fn get(self) -> usize {
        self.given
            .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
    }
}

/// `parlour strength`.
#[derive(Debug, Args)]
pub struct StrengthArgs {
    #[arg(help = game_help())]
    pub game: String,
    /// The line-up, comma-separated: bot names with options, or programs (`cmd:COMMAND` or
    /// `NAME=cmd:COMMAND`, a course submission through its adapter, say) (default: random, the
    /// game's own bots, ismcts, and the game's strongest bot where that is another).
    #[arg(long)]
    pub bots: Option<String>,
    /// Where programs' standard error is logged (default: parlour-runs/bot-logs).
    #[arg(long, value_name = "DIR")]
    pub bot_logs: Option<PathBuf>,
    #[arg(
        long,
        value_name = "N",
        allow_hyphen_values = true,
        value_parser = from_to(1, parlour_arena::strength::MAX_DEALS),
        help = format!("Deals per match, each played under every seat rotation [default: the \
            game's, enough to separate its bots: {}]", per_game(|g| g.strength_deals)),
    )]
    pub deals: Option<u64>,
    /// Seed: every deal and bot seed derives from it.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    #[command(flatten)]
    pub jobs: JobsArg,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Table)]
    pub format: Format,
    #[command(flatten)]
    pub rules: RulesArgs,
}

/// `parlour merge`.
#[derive(Debug, Args)]
pub struct MergeArgs {
    /// The new database to write.
    pub out: PathBuf,
    /// The shards' databases.
    #[arg(required = true)]
    pub shards: Vec<PathBuf>,
    /// Write the merge even when shards (or games of them) are missing; the result
    /// resumes on one machine with `parlour tournament --resume OUT`.
    #[arg(long)]
    pub partial: bool,
    /// Output format.
    #[arg(long, value_enum, default_value_t = StandingsFormat::Table)]
    pub format: StandingsFormat,
}

/// `parlour report`.
#[derive(Debug, Args)]
pub struct ReportArgs {
    /// The database written by `parlour tournament`.
    pub file: PathBuf,
    /// Output format.
    #[arg(long, value_enum, default_value_t = StandingsFormat::Table)]
    pub format: StandingsFormat,
    /// Write an SVG chart of the ratings with their intervals to FILE.
    #[arg(long, value_name = "FILE")]
    pub svg: Option<PathBuf>,
}

/// `parlour bench`.
#[derive(Debug, Args)]
pub struct BenchArgs {
    #[arg(help = game_help())]
    pub game: String,
    /// How long to measure, in seconds.
    #[arg(long, default_value = "5", allow_hyphen_values = true, value_parser = seconds)]
    pub seconds: f64,
    /// Seed for the deals and choices.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Table)]
    pub format: Format,
    /// Measure this bot instead of random playouts: it takes every seat, and its decisions
    /// per second and work counters (e.g. search nodes per second) are reported.
    #[arg(long, conflicts_with = "tournament")]
    pub bot: Option<String>,
    /// Measure tournaments instead: games/s on 1 and on 2 cores (the process held to them),
    /// with and without recording to a database (each run repeated, interleaved; the fastest
    /// and median reported).
    #[arg(long)]
    pub tournament: bool,
    /// With --tournament: games in each run [default: 50000]; with --external: games in
    /// the tournament [default: 2000]
    #[arg(long, allow_hyphen_values = true, value_parser = from_to(1, MAX_GAMES))]
    pub games: Option<u64>,
    /// With --tournament: runs of each kind.
    #[arg(
        long,
        default_value = "3",
        allow_hyphen_values = true,
        requires = "tournament",
        value_parser = from_to(1usize, 100)
    )]
    pub repeat: usize,
    /// With --tournament: the entries (default: the game's own bots, then random bots).
    #[arg(long, requires = "tournament")]
    pub bots: Option<String>,
    /// Measure an external bot instead: the protocol's round trip per decision with this
    /// command (e.g. "python3 sdk/python/examples/trivial_uno.py"), and the games/s of a
    /// tournament with it at the table
    #[arg(long, value_name = "COMMAND", conflicts_with_all = ["tournament", "bot"])]
    pub external: Option<String>,
    #[command(flatten)]
    pub rules: RulesArgs,
}

/// `parlour check-bot`.
#[derive(Debug, Args)]
pub struct CheckBotArgs {
    #[arg(help = game_help())]
    pub game: String,
    /// The bot's command, after `--` (e.g. `-- python3 mybot.py`)
    #[arg(last = true, required = true, value_name = "COMMAND")]
    pub command: Vec<String>,
    /// Decisions to put to the bot, each game joined after 0-40 random moves against
    /// random bots [default: 10000, unless the command runs a course adapter]
    #[arg(
        long,
        allow_hyphen_values = true,
        conflicts_with = "games",
        value_parser = from_to(1u64, 100_000_000)
    )]
    pub decisions: Option<u64>,
    /// Play N whole games from the deal instead, the bot in each seat in turn, against
    /// built-in bots (--against) [default: 40 for a course adapter, `python3 -m
    /// parlour_bot.course`]
    #[arg(long, value_name = "N", allow_hyphen_values = true, value_parser = from_to(1u64, 10_000_000))]
    pub games: Option<u64>,
    /// The built-in bot in the other seats of whole games [default: the game's heuristic
    /// (greedy at Chexers)]
    #[arg(long, value_name = "BOT")]
    pub against: Option<String>,
    /// Seed for the positions
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// How many faults to print in full
    #[arg(long, default_value = "20", allow_hyphen_values = true, value_parser = from_to(0usize, usize::MAX))]
    pub show: usize,
    /// Where the bot's standard error is logged [default: parlour-runs/check-bot/NAME.stderr.log]
    #[arg(long, value_name = "FILE")]
    pub log: Option<PathBuf>,
    /// Also write every fault, with its position, to FILE as JSON lines
    #[arg(long, value_name = "FILE")]
    pub faults_file: Option<PathBuf>,
    #[command(flatten)]
    pub limits: LimitArgs,
    #[command(flatten)]
    pub rules: RulesArgs,
}

/// `parlour serve-bot`.
#[derive(Debug, Args)]
pub struct ServeBotArgs {
    #[arg(help = game_help())]
    pub game: String,
    /// The bot, with options (e.g. heuristic, search:nodes=5000)
    pub bot: String,
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
        /// How long to measure, in seconds.
        #[arg(long, default_value = "3", allow_hyphen_values = true, value_parser = seconds)]
        seconds: f64,
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

/// How standings are printed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum StandingsFormat {
    /// Tables for people.
    Table,
    /// One JSON object for programs.
    Json,
    /// One CSV row per entry.
    Csv,
}

/// How tables are chosen.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ScheduleArg {
    /// Round-robin when the games make whole cycles (or there are as many bots as seats),
    /// balanced random otherwise.
    Auto,
    /// Every subset of bots in every seating order, cycle after cycle.
    RoundRobin,
    /// Balanced random tables.
    Random,
}

impl From<ScheduleArg> for parlour_arena::schedule::ScheduleKind {
    fn from(s: ScheduleArg) -> Self {
        match s {
            ScheduleArg::Auto => Self::Auto,
            ScheduleArg::RoundRobin => Self::RoundRobin,
            ScheduleArg::Random => Self::Random,
        }
    }
}

/// The most a limit flag may be (about 35 years in ms, a TiB in MiB).
const LIMIT_MAX: u64 = 1 << 40;

/// Limits for external bots (see docs/protocol.md); the defaults are
/// [`Limits::default`]'s.
#[derive(Debug, Clone, Default, Args)]
pub struct LimitArgs {
    #[arg(long, value_name = "MS", allow_hyphen_values = true, value_parser = positive,
        help = format!("External bots: the most one answer may take, in ms [default: {}]",
            Limits::default().decision_ms))]
    pub time_limit_ms: Option<u64>,
    #[arg(long, value_name = "MS", allow_hyphen_values = true, value_parser = positive,
        help = format!("External bots: the most all of one game's answers may take, in ms \
            [default: {}]", Limits::default().bank_ms))]
    pub time_bank_ms: Option<u64>,
    #[arg(long, value_name = "MS", allow_hyphen_values = true, value_parser = positive,
        help = format!("External bots: the most a program may take to start and greet, in ms \
            [default: {}]", Limits::default().startup_ms))]
    pub startup_ms: Option<u64>,
    #[arg(long, value_name = "MIB", allow_hyphen_values = true, value_parser = positive,
        help = format!("External bots: the address-space limit, in MiB [default: {}]",
            Limits::default().memory_mb))]
    pub memory_mb: Option<u64>,
    #[arg(long, value_name = "MIB", allow_hyphen_values = true, value_parser = positive,
        help = format!("External bots: the size of a contained bot's private /tmp, in MiB \
            [default: {}]", Limits::default().tmp_mb))]
    pub tmp_mb: Option<u64>,
    #[arg(long, value_name = "N", allow_hyphen_values = true, value_parser = positive,
        help = format!("External bots: the most processes and threads a contained bot may run \
            at once [default: {}]", Limits::default().processes))]
    pub processes: Option<u64>,
    #[arg(long, value_name = "N", allow_hyphen_values = true, value_parser = from_to(1, u32::MAX),
        help = format!("External bots: faults after which an entry forfeits its remaining \
            games [default: {DEFAULT_MAX_FAULTS}]; check-bot stops after this many [default: \
            {}]", parlour_protocol::check::MAX_FAULTS))]
    pub max_faults: Option<u32>,
    /// External bots: run them as this user (parlour must run as root), e.g. nobody
    #[arg(long, value_name = "USER")]
    pub bot_user: Option<String>,
}

impl From<LimitArgs> for LimitOverrides {
    fn from(a: LimitArgs) -> Self {
        LimitOverrides {
            decision_ms: a.time_limit_ms,
            bank_ms: a.time_bank_ms,
            startup_ms: a.startup_ms,
            memory_mb: a.memory_mb,
            tmp_mb: a.tmp_mb,
            processes: a.processes,
            max_faults: a.max_faults,
            user: a.bot_user,
        }
    }
}

/// `parlour train`'s arguments.
#[derive(Debug, Args)]
pub struct TrainArgs {
    #[arg(help = game_help())]
    pub game: String,
    /// The run's directory.
    #[arg(long)]
    pub out: PathBuf,
    /// Continue the run in --out from its checkpoint (the settings must match; --iterations
    /// may grow).
    #[arg(long)]
    pub resume: bool,
    #[command(flatten)]
    pub config: parlour_train::Config,
    #[command(flatten)]
    pub rules: RulesArgs,
}

/// The server's defaults, which `parlour serve`'s flags start from: made once (they ask the
/// system for its cores), however many flags read them.
static WEB: std::sync::LazyLock<Settings> = std::sync::LazyLock::new(Settings::default);

/// `parlour serve`: where it listens, what it shows, and what it promises strangers (every
/// limit below has the default shown; docs/web.md, "Running it for others", explains each).
#[derive(Debug, Args)]
pub struct ServeArgs {
    /// The address to listen on (another host's browsers reach it only if you choose an
    /// outside address, such as 0.0.0.0:8080).
    #[arg(long, default_value = "127.0.0.1:8080")]
    pub bind: SocketAddr,
    /// Seconds a person's seat waits for them (a closed tab, a lost connection) at their
    /// turn before the game's heuristic bot plays for them until they return.
    #[arg(long, default_value_t = WEB.seat_timeout.as_secs())]
    pub seat_timeout: u64,
    /// A tournament database to show (its standings, and any game between built-in bots
    /// replayed); repeatable.
    #[arg(long, value_name = "FILE")]
    pub tournament: Vec<PathBuf>,
    /// A bots file (as `parlour tournament --bots-file` reads): its entries are offered as
    /// seats in the lobby, external programs among them (standard error logged in
    /// parlour-runs/bot-logs).
    #[arg(long, value_name = "FILE")]
    pub bots_file: Option<PathBuf>,
    /// The SQLite file that keeps tables, finished games and replays across a restart (it
    /// holds seat tokens: it is made readable by its owner only).
    #[arg(long, value_name = "FILE", default_value = "parlour-runs/serve.sqlite")]
    pub store: PathBuf,
    /// Keep nothing across a restart (no store file).
    #[arg(long, conflicts_with = "store")]
    pub no_store: bool,
    /// A host name this server answers to, besides IP addresses and localhost (the name a
    /// reverse proxy passes on); repeatable. Other names are refused (DNS rebinding).
    #[arg(long, value_name = "NAME")]
    pub allow_host: Vec<String>,
    /// An origin whose pages may open sockets and make tables here, besides the server's own
    /// (`https://games.example.org`); repeatable.
    #[arg(long, value_name = "ORIGIN")]
    pub allow_origin: Vec<String>,
    /// Know clients by the last address in X-Forwarded-For (only behind a reverse proxy that
    /// sets it; otherwise anyone could claim any address).
    #[arg(long)]
    pub forwarded_for: bool,
    /// Connections open at once, in all (default: as many as the open-file limit leaves room
    /// for, at most 4096; the soft limit is raised to the hard one at start).
    #[arg(long)]
    pub max_connections: Option<usize>,
    /// Connections (HTTP and WebSocket) one client may hold at once.
    #[arg(long, default_value_t = WEB.share.connections)]
    pub client_connections: usize,
    /// Tables in play one client may have made.
    #[arg(long, default_value_t = WEB.share.tables)]
    pub client_tables: usize,
    /// Replays one client's uploads may keep.
    #[arg(long, default_value_t = WEB.share.replays)]
    pub client_replays: usize,
    /// Program seats (external processes) at one client's tables.
    #[arg(long, default_value_t = WEB.share.programs)]
    pub client_programs: usize,
    /// Tables kept in memory at once, in all.
    #[arg(long, default_value_t = WEB.max_tables)]
    pub max_tables: usize,
    /// Program seats running at once, in all.
    #[arg(long, default_value_t = WEB.max_programs)]
    pub max_programs: usize,
    /// Replays kept, in all.
    #[arg(long, default_value_t = WEB.max_replays)]
    pub max_replays: usize,
    /// Megabytes replays may take in memory, in all.
    #[arg(long, default_value_t = WEB.replay_budget >> 20)]
    pub replay_mb: usize,
    /// Seconds a table nobody is connected to is kept before it closes.
    #[arg(long, default_value_t = WEB.idle_table.as_secs())]
    pub idle_table: u64,
    /// Seconds a request's headers may take, and a kept-alive connection may sit idle.
    #[arg(long, default_value_t = WEB.header_timeout.as_secs(), value_parser = from_to(1u64, 3600))]
    pub header_timeout: u64,
    /// Seconds a WebSocket may stay silent (its browser answers pings every third of it).
    #[arg(long, default_value_t = WEB.socket_idle.as_secs(), value_parser = from_to(3u64, 86_400))]
    pub socket_idle: u64,
    /// The fewest milliseconds between two bots' moves at any table.
    #[arg(long, default_value_t = WEB.min_pace_ms)]
    pub min_pace_ms: u64,
    /// The most decisions a table plays before it is closed.
    #[arg(long, default_value_t = WEB.max_decisions)]
    pub max_decisions: u64,
    /// Bots thinking at once, in all (default: one per core).
    #[arg(long, value_parser = from_to(1usize, 4096))]
    pub thinkers: Option<usize>,
    #[arg(long, value_name = "OPTION=MAX", value_parser = parse_cap, help = format!(
        "The most a visitor may set a bot budget to, as OPTION=MAX (defaults: {}); repeatable.",
        BotCaps::default().0.iter().map(|(k, v)| format!("{k}={v}")).collect::<Vec<_>>().join(", ")
    ))]
    pub bot_cap: Vec<(String, u64)>,
    /// A folder of learned models visitors may name by file name (`learned:model=NAME`);
    /// without it only the shipped models are used.
    #[arg(long, value_name = "DIR")]
    pub models: Option<PathBuf>,
}

fn parse_cap(text: &str) -> Result<(String, u64), String> {
    let (key, max) = text
        .split_once('=')
        .ok_or_else(|| format!("{text:?} is not OPTION=MAX (e.g. iters=20000)"))?;
    let max = max
        .trim()
        .parse()
        .map_err(|_| format!("{max:?} is not a whole number"))?;
    Ok((key.trim().to_string(), max))
}

#[cfg(test)]
mod tests {
    use clap::CommandFactory;

    use super::*;

    /// The arguments are well formed, and typed flags read back as their fields' types (clap
    /// checks that on access; a mismatch panics).
    #[test]
    fn the_arguments_are_well_formed_and_typed() {
        Cli::command().debug_assert();
        let line = "parlour serve --header-timeout 5 --socket-idle 9 --thinkers 2 --max-tables 3";
        match Cli::try_parse_from(line.split_whitespace()).map(|c| c.command) {
            Ok(Command::Serve(a)) => assert_eq!((a.header_timeout, a.thinkers), (5, Some(2))),
            other => panic!("{other:?}"),
        }
        let line = "parlour check-bot uno --decisions 7 --games 2 --show 1 -- x";
        assert!(
            Cli::try_parse_from(line.split_whitespace()).is_err(),
            "conflict"
        );
    }
}
