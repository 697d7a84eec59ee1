//! `parlour check-bot` (an external bot through many decisions or whole games, every fault
//! with its position) and `parlour serve-bot` (a built-in bot as a program).

use std::collections::BTreeMap;
use std::path::PathBuf;

use parlour_games::Playable;
use parlour_protocol::check::MAX_PREFIX;
use parlour_protocol::process::Log;
use parlour_protocol::{
    check_program, file_stem, shell_text, working_directory, CheckMode, LimitOverrides, Limits,
    Mode, Pool, ProgramSpec,
};

use crate::args::{CheckBotArgs, ServeBotArgs};
use crate::common::{bot_spec, checked_bot, failed, game_of, usage, Failure, GameCommand};

impl GameCommand for CheckBotArgs {
    fn run<G: Playable>(self) -> Result<(), Failure> {
        let mode = self.mode()?;
        let show = self.show;
        let mut limits = LimitOverrides::from(self.limits.clone());
        limits
            .max_faults
            .get_or_insert(parlour_protocol::check::MAX_FAULTS);
        let game: G = game_of(self.rules.pairs())?;
        if self.command.is_empty() || self.command[0].is_empty() {
            return Err(usage("check-bot needs a command after --, e.g. parlour check-bot uno -- python3 mybot.py"));
        }
        let spec = ProgramSpec {
            name: shell_text(&self.command),
            command: self.command.clone(),
            dir: Some(working_directory()?),
            env: BTreeMap::new(),
            limits: limits.over(Limits::default()),
            max_faults: limits.max_faults(),
            user: limits.user.clone(),
            files: Vec::new(),
        };
        // By default under parlour-runs/check-bot/, named after the program, never loose in
        // the working directory.
        let log_path = self.log.unwrap_or_else(|| {
            PathBuf::from("parlour-runs")
                .join("check-bot")
                .join(format!("{}.stderr.log", file_stem(&spec.name)))
        });
        let log = Log::open(&log_path).map_err(|e| {
            usage(format!(
                "cannot write the bot log {}: {e}",
                log_path.display()
            ))
        })?;
        let budget = match mode {
            CheckMode::Positions { budget } => budget,
            CheckMode::Games { .. } => u64::MAX,
        };
        let against = match mode {
            CheckMode::Games { .. } => {
                let name = self
                    .against
                    .as_deref()
                    .unwrap_or(parlour_protocol::check::default_opponent::<G>());
                Some(checked_bot(&game, name).map_err(|f| f.context("--against"))?)
            }
            CheckMode::Positions { .. } => None,
        };
        let pool = Pool::new(&game, spec.clone(), Some(log), Mode::Check { budget })
            .map_err(|e| failed(format!("cannot start a thread: {e}")))?;
        pool.preflight().map_err(|why| {
            usage(format!(
                "{} cannot play: {why} (its standard error is in {})",
                spec.name,
                log_path.display()
            ))
        })?;
        let what = match (mode, &against) {
            (CheckMode::Games { games }, Some(a)) => format!(
                "{games} whole games from the deal, the bot in each seat in turn, {a} in the others"
            ),
            _ => format!(
                "{budget} decisions, each game joined after 0 to {MAX_PREFIX} random moves, random bots in the other seats"
            ),
        };
        errln!(
            "parlour: checking {} on {}: {what} (seed {}; the bot's standard error is in {})",
            spec.name,
            G::INFO.name,
            self.seed,
            log_path.display()
        );
        let opponent = |seed: u64| -> Box<dyn parlour_core::Bot<G>> {
            match &against {
                Some(a) => parlour_bots::make_bot_for::<G>(&game, a, seed)
                    .unwrap_or_else(|_| Box::new(parlour_bots::RandomBot::new(seed))),
                None => Box::new(parlour_bots::RandomBot::new(seed)),
            }
        };
        let mut last = std::time::Instant::now();
        let report = check_program(
            &game,
            &pool,
            mode,
            &opponent,
            u64::from(limits.max_faults()),
            self.seed,
            &mut |asked| {
                if last.elapsed().as_secs() >= 2 {
                    last = std::time::Instant::now();
                    errln!("parlour: {asked} decisions checked");
                }
            },
        )
        .map_err(failed)?;
        pool.shutdown();
        if let Some(path) = &self.faults_file {
            report
                .write_faults(path, self.seed)
                .map_err(|e| usage(format!("cannot write {}: {e}", path.display())))?;
        }
        crate::output::out(format_args!(
            "{}",
            report.text(G::INFO.name, mode, self.seed, show)
        ));
        if report.passed() {
            Ok(())
        } else {
            Err(failed(format!("{} failed the check", spec.name)))
        }
    }
}

impl CheckBotArgs {
    /// The checking mode the flags ask for: `--games`, `--decisions`, or by default whole games
    /// for a course adapter (whose students' code follows the game by its own moves, so games
    /// joined part-way would fault it for moves it never made) and positions for anything else.
    fn mode(&self) -> Result<CheckMode, Failure> {
        let course = self
            .command
            .windows(2)
            .any(|w| w[0] == "-m" && w[1] == "parlour_bot.course");
        match (self.games, self.decisions) {
            (Some(games), _) => Ok(CheckMode::Games { games }),
            (None, Some(_)) if self.against.is_some() => {
                Err(usage("--against is for whole games (--games N)"))
            }
            (None, Some(budget)) => Ok(CheckMode::Positions { budget }),
            (None, None) if course || self.against.is_some() => Ok(CheckMode::Games {
                games: COURSE_CHECK_GAMES,
            }),
            (None, None) => Ok(CheckMode::Positions { budget: 10_000 }),
        }
    }
}

/// Whole games `check-bot` plays by default for a course adapter: ten in each of four seats.
const COURSE_CHECK_GAMES: u64 = 40;

/// `parlour serve-bot GAME BOT`: a built-in bot served over the protocol on stdin/stdout.
impl GameCommand for ServeBotArgs {
    fn run<G: Playable>(self) -> Result<(), Failure> {
        let spec = bot_spec(&self.bot)?;
        // Checked now, so that a bad name is an error before the handshake.
        parlour_bots::make_bot::<G>(&spec, 0)?;
        let make = |seed: u64| parlour_bots::make_bot::<G>(&spec, seed).map_err(|e| e.to_string());
        let stdin = std::io::stdin().lock();
        let stdout = std::io::BufWriter::new(std::io::stdout().lock());
        parlour_protocol::serve::<G>(&make, &spec.to_string(), stdin, stdout)
            .map_err(|e| failed(format!("serve-bot: {e}")))
    }
}
