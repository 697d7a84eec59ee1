//! # parlour-protocol
//!
//! Bots written in any language play in parlour as programs that speak JSON lines on standard
//! input and output (the protocol, version [`PROTOCOL_VERSION`], is specified in
//! `docs/protocol.md`).
//!
//! - [`Process`](process::Process) runs one program in a sandbox: its own process group (and
//!   PID namespace, where it may have one, so that everything it starts dies with it), an
//!   address-space limit, an emptied environment, no inherited descriptors, standard error to
//!   a capped [`Log`](process::Log), and line reads with deadlines.
//! - What a tournament seats is an [`EntrySpec`]: a built-in bot or a [`ProgramSpec`] (the
//!   command, its directory, environment, [`Limits`] and Unix user). Who sits at one seat of
//!   a single game is a [`SeatSpec`]: a person or an entry.
//! - A [`Pool`] holds one entry's programs, greeted once and reused from game to game, and
//!   counts the entry's faults; [`ExternalBot`] is the [`Program`] (a
//!   [`Bot`](parlour_core::Bot) that is also told the other seats' moves and the result) that
//!   plays a seat through one of them. A late, malformed or illegal answer, or a program that
//!   dies, is a [`Fault`]: the decision is replaced by a uniformly random legal action and play
//!   goes on; after the entry's `max_faults` it forfeits.
//! - A [`Table`] of [`Player`]s (built-in bots and programs) is what a
//!   [`Runner`](parlour_core::play::Runner) plays when programs sit at it; afterwards
//!   [`Table::reports`] gives each seat's [`BotReport`].
//! - [`check_program`] is the bot checker; [`serve`](fn@serve) is the other end of the protocol, serving
//!   any in-process bot as a program.
//!
//! Data flows: `ProgramSpec` → `Pool::new` (→ `Process::spawn`, `hello`/`ready`) →
//! `ExternalBot::new` per game and seat → (`start`, `act`/`action`, `event`, `result`)* →
//! `Table::reports` (faults) → the tournament's record.
//!
//! ```
//! use parlour_core::{play::Runner, Game};
//! use parlour_protocol::{ExternalBot, Mode, Player, Pool, ProgramSpec, Table};
//! use parlour_uno::Uno;
//!
//! // A bot, in the POSIX shell, that always plays the first legal action.
//! let script = r#"
//! while IFS= read -r line; do
//!     case "$line" in
//!         *'"type":"hello"'*) echo '{"type":"ready","protocol":1}' ;;
//!         *'"type":"act"'*)
//!             id=${line#*'"id":'}; id=${id%%[,\}]*}
//!             echo "{\"type\":\"action\",\"id\":$id,\"index\":0}" ;;
//!         *'"type":"bye"'*) break ;;
//!     esac
//! done
//! "#;
//! let game = Uno::new(Default::default()).unwrap();
//! let spec = ProgramSpec {
//!     name: "first".into(),
//!     command: vec!["sh".into(), "-c".into(), script.into()],
//!     dir: None,
//!     env: Default::default(),
//!     limits: Default::default(),
//!     max_faults: 10,
//!     user: None,
//!     files: Vec::new(),
//! };
//! let pool = Pool::new(&game, spec, None, Mode::Tournament).unwrap();
//! pool.preflight().unwrap();
//! let mut table = Table::new(vec![
//!     Player::Program(Box::new(ExternalBot::<Uno>::new(pool.clone(), 1))),
//!     Player::BuiltIn(Box::new(parlour_bots::RandomBot::new(2))),
//!     Player::BuiltIn(Box::new(parlour_bots::RandomBot::new(3))),
//!     Player::BuiltIn(Box::new(parlour_bots::RandomBot::new(4))),
//! ]);
//! let end = Runner::new(&game).play(game.new_game(7), &mut table).unwrap();
//! assert_eq!(end.returns().len(), 4);
//! assert!(table.reports()[0].faults.is_empty());
//! assert!(pool.asked() > 0);
//! # use parlour_core::State;
//! ```

// Running programs (a sandbox of processes, pipes and signals) is Unix's; entries, tables and
// serving a bot over standard input and output build everywhere.
#[cfg(target_os = "linux")]
pub mod cgroup;
#[cfg(unix)]
pub mod check;
pub mod entries;
pub mod entry;
#[cfg(unix)]
pub mod external;
#[cfg(target_os = "linux")]
pub mod jail;
#[cfg(unix)]
pub mod process;
#[cfg(unix)]
pub mod programs;
pub mod seat;
pub mod serve;
pub mod table;

#[cfg(unix)]
pub use check::{check_program, CheckMode, CheckReport};
pub use entries::{
    course_bots, course_limits, course_program, entry_from_text, file_stem, number_programs,
    program_from_cmd, read_bots_file, split_entries, working_directory, EntryError,
};
pub use entry::{
    make_builtin, shell_text, BotReport, EntrySpec, Fault, FaultKind, LimitOverrides, Limits,
    ProgramSpec, DEFAULT_MAX_FAULTS,
};
#[cfg(unix)]
pub use external::{ExternalBot, Mode, Pool, Position, Timing};
#[cfg(unix)]
pub use programs::Programs;
pub use seat::SeatSpec;
pub use serve::{serve, ServeError};
pub use table::{Outcome, Player, Program, Table};

/// The protocol's version, sent in `hello` and expected in `ready`.
pub const PROTOCOL_VERSION: u64 = 1;
