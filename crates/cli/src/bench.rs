//! `parlour bench GAME --tournament` (a tournament's games/s on 1 and 2 cores, with and
//! without a database) and `--external COMMAND` (the protocol's and the jail's cost with a
//! real program).

use parlour_dynamic::plan::{plan_for, Entries, Plan};
use parlour_games::Playable;
use parlour_protocol::{Limits, Player};

use crate::args::{BenchArgs, Format};
use crate::common::{failed, game_of, usage, Failure};

/// `parlour bench GAME --tournament`: games/s on 1 and 2 cores, with and without a database.
pub fn tournament<G: Playable>(args: BenchArgs) -> Result<(), Failure> {
    let plan = Plan {
        options: args.rules.pairs(),
        entries: Entries {
            bots: args.bots.clone(),
            ..Entries::default()
        },
        games: Some(args.games.unwrap_or(50_000)),
        seed: Some(args.seed),
        ..Plan::default()
    };
    let t = plan_for::<G>(&plan)?;
    if t.config().has_programs() {
        return Err(usage(
            "bench --tournament measures built-in bots; use bench --external for a program",
        ));
    }
    let repeat = args.repeat;
    // Removed with everything in it however this ends.
    let dir = tempfile::Builder::new()
        .prefix("parlour-bench-")
        .tempdir()
        .map_err(|e| failed(format!("cannot create a temporary directory: {e}")))?;
    let times =
        parlour_arena::bench::time_tournament(&t, &Player::<G>::built_in, repeat, dir.path())?;
    let (game, entries) = (G::INFO.name, t.config().labels.join(","));
    match args.format {
        Format::Json => outln!("{}", times.json(game, &entries, repeat)),
        Format::Table => crate::output::out(format_args!(
            "{}",
            times.text(game, &entries, repeat, args.seed)
        )),
    }
    Ok(())
}

/// `parlour bench GAME --external COMMAND`: the protocol's cost with a real program, jailed
/// and unjailed, and a tournament's games/s with it at the table.
pub fn external<G: Playable>(args: BenchArgs) -> Result<(), Failure> {
    let games = args.games.unwrap_or(2000);
    let game: G = game_of::<G>(args.rules.pairs())?.tournament_unit();
    let command = args.external.as_deref().unwrap_or_default();
    let program = parlour_protocol::program_from_cmd(
        command,
        Limits::default(),
        parlour_protocol::DEFAULT_MAX_FAULTS,
    )?;
    let logs = tempfile::Builder::new()
        .prefix("parlour-bench-")
        .tempdir()
        .map_err(|e| failed(format!("cannot create a temporary directory: {e}")))?;
    let bench = parlour_dynamic::bench::external(&game, &program, games, args.seed, logs.path())?;
    match args.format {
        Format::Json => outln!("{}", bench.json()),
        Format::Table => crate::output::out(format_args!("{}", bench.text())),
    }
    Ok(())
}
