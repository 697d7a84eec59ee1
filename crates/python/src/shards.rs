//! Tournaments split into shards, for the Ray driver (`python -m parlour.ray`): plan a
//! tournament from the command line's arguments, play one shard into its own database (or
//! resume it), check a node's programs, read a shard's status, merge the shards, and print a
//! database's standings. Configurations travel as the JSON text a database stores.

use std::path::{Path, PathBuf};

use parlour_arena::schedule::ScheduleKind;
use parlour_arena::shard::{config_hash as hash_of, Shard};
use parlour_arena::TournamentConfig;
use parlour_dynamic::shards::{self, Plan};
use pyo3::prelude::*;

use crate::{err, option_pairs, read_json, to_py, TournamentError};

fn config(text: &str) -> PyResult<TournamentConfig> {
    serde_json::from_str(text)
        .map_err(|e| TournamentError::new_err(format!("not a tournament configuration: {e}")))
}

fn shard(text: &str) -> PyResult<Shard> {
    text.parse()
        .map_err(|e: parlour_arena::shard::ShardError| TournamentError::new_err(e.to_string()))
}

/// The configuration (JSON text) `parlour tournament GAME ...` plays with these arguments.
#[pyfunction]
#[pyo3(signature = (game, options_json, bots=None, bots_file=None, course_bots=None, games=None, seed=None, duplicate=None, schedule="auto", early_stop=None))]
#[allow(clippy::too_many_arguments)]
fn plan_tournament(
    game: &str,
    options_json: &str,
    bots: Option<String>,
    bots_file: Option<PathBuf>,
    course_bots: Option<PathBuf>,
    games: Option<u64>,
    seed: Option<u64>,
    duplicate: Option<bool>,
    schedule: &str,
    early_stop: Option<f64>,
) -> PyResult<String> {
    let schedule = match schedule {
        "auto" => ScheduleKind::Auto,
        "round-robin" => ScheduleKind::RoundRobin,
        "random" => ScheduleKind::Random,
        other => {
            return Err(TournamentError::new_err(format!(
                "schedule {other:?} is not one of auto, round-robin, random"
            )))
        }
    };
    let plan = Plan {
        options: option_pairs(&read_json(options_json, "options")?)?,
        entries: parlour_dynamic::plan::Entries {
            bots,
            bots_file,
            course_bots,
        },
        limits: Default::default(),
        games,
        seed,
        duplicate,
        schedule,
        early_stop,
    };
    let c = shards::plan(game, &plan).map_err(err)?;
    serde_json::to_string(&c).map_err(|e| TournamentError::new_err(e.to_string()))
}

/// The configuration's hash (hex SHA-256), as shard files store it.
#[pyfunction]
fn config_hash(config_json: &str) -> PyResult<String> {
    Ok(hash_of(&config(config_json)?))
}

/// Plays shard `shard` ("i/n") into `db` (resuming it when it holds this shard already) on
/// `jobs` threads, with the GIL released; `progress(done, total)` is called as games are
/// recorded. Returns {shard, played, recorded, games, complete}.
#[pyfunction]
#[pyo3(signature = (config_json, shard, db, jobs=1, logs=None, progress=None))]
fn run_shard<'py>(
    py: Python<'py>,
    config_json: &str,
    shard: &str,
    db: PathBuf,
    jobs: usize,
    logs: Option<PathBuf>,
    progress: Option<Py<PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let logs = logs.unwrap_or_else(|| PathBuf::from("."));
    let c = config(config_json)?;
    let s = self::shard(shard)?;
    let run = py
        .detach(|| {
            shards::run_shard(&c, s, &db, jobs, &logs, &mut |done, total| {
                if let Some(f) = &progress {
                    Python::attach(|py| {
                        if let Err(e) = f.call1(py, (done, total)) {
                            e.print(py);
                        }
                    });
                }
            })
        })
        .map_err(err)?;
    to_py(
        py,
        &serde_json::json!({
            "shard": run.shard.to_string(),
            "played": run.played,
            "recorded": run.recorded,
            "games": run.games,
            "complete": run.complete,
        }),
    )
}

/// Plays every game of a small tournament (a league's ladder match) one after another, each
/// written down move by move as it is played, with the GIL released: a JSON list of
/// {record, trace}, in index order. What a league's Ray task runs.
#[pyfunction]
#[pyo3(signature = (config_json, logs=None))]
fn play_match(py: Python<'_>, config_json: &str, logs: Option<PathBuf>) -> PyResult<String> {
    let logs = logs.unwrap_or_else(|| PathBuf::from("."));
    let c = config(config_json)?;
    let games = py
        .detach(|| shards::play_traced(&c, &logs, &|_| {}))
        .map_err(err)?;
    let listed: Vec<serde_json::Value> = games
        .into_iter()
        .map(|(record, trace)| serde_json::json!({"record": record, "trace": trace}))
        .collect();
    serde_json::to_string(&listed).map_err(|e| TournamentError::new_err(e.to_string()))
}

/// Starts and greets the configuration's external programs here (then stops them): the labels
/// of the programs checked; a program that cannot start is a TournamentError naming it.
#[pyfunction]
#[pyo3(signature = (config_json, logs=None))]
fn check_programs(
    py: Python<'_>,
    config_json: &str,
    logs: Option<PathBuf>,
) -> PyResult<Vec<String>> {
    let logs = logs.unwrap_or_else(|| PathBuf::from("."));
    let c = config(config_json)?;
    py.detach(|| shards::check_programs(&c, &logs)).map_err(err)
}

/// What a shard file holds: {shard, index, count, hash, recorded, games, complete}.
#[pyfunction]
fn shard_status<'py>(py: Python<'py>, path: PathBuf) -> PyResult<Bound<'py, PyAny>> {
    let v = py.detach(|| shards::shard_status(&path)).map_err(err)?;
    to_py(py, &v)
}

/// Merges shard files into the new database `out` (as `parlour merge` does); returns the
/// report with the standings.
#[pyfunction]
#[pyo3(signature = (out, inputs, partial=false))]
fn merge_shards<'py>(
    py: Python<'py>,
    out: PathBuf,
    inputs: Vec<PathBuf>,
    partial: bool,
) -> PyResult<Bound<'py, PyAny>> {
    let v = py
        .detach(|| shards::merge_shards(&out, &inputs, partial))
        .map_err(err)?;
    to_py(py, &v)
}

/// A tournament database's standings as `parlour report --format FORMAT` prints them.
#[pyfunction]
#[pyo3(signature = (path, format="table"))]
fn report(py: Python<'_>, path: PathBuf, format: &str) -> PyResult<String> {
    let p: &Path = &path;
    py.detach(|| shards::report(p, format)).map_err(err)
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(plan_tournament, m)?)?;
    m.add_function(wrap_pyfunction!(config_hash, m)?)?;
    m.add_function(wrap_pyfunction!(run_shard, m)?)?;
    m.add_function(wrap_pyfunction!(play_match, m)?)?;
    m.add_function(wrap_pyfunction!(check_programs, m)?)?;
    m.add_function(wrap_pyfunction!(shard_status, m)?)?;
    m.add_function(wrap_pyfunction!(merge_shards, m)?)?;
    m.add_function(wrap_pyfunction!(report, m)?)?;
    Ok(())
}
