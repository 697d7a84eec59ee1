//! # parlour-python
//!
//! The native half of the Python package `parlour` (module `parlour._parlour`), built by maturin
//! as one abi3 extension for CPython 3.10 and later. It binds [`parlour_dynamic`]: every game by
//! name, states with JSON observations and tensor encodings, built-in bots, batches of games
//! stepped in parallel with the GIL released (numpy arrays in and out), tournaments, and the
//! games' rule libraries. The Python half (`python/parlour/`) adds the PettingZoo and Gymnasium
//! environments, the benchmark and the typed wrappers.
//!
//! Errors are Python exceptions, `ValueError` subclasses rooted at `parlour.ParlourError`, with
//! the messages the command line gives; a Rust panic becomes `pyo3_runtime.PanicException`
//! and never crosses the FFI boundary. The example runs in the package's tests:
//!
//! ```python
//! import parlour
//!
//! game = parlour.game("uno", players=4)
//! state = game.new_state(seed=7)
//! bot = parlour.bot("uno", "heuristic", seed=1)
//! while not state.is_terminal:
//!     state.apply(bot.act(state))
//! print(state.returns())
//! ```

use std::sync::Mutex;

use numpy::{PyArray1, PyArray2, PyArrayMethods, PyReadonlyArray1};
use parlour_dynamic::{
    AnyBatch, AnyBot, AnyGame, AnyState, DynError, Entry, ForeignAnswer, ForeignBot, Outputs,
    TournamentRequest,
};
use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use serde_json::Value;

mod aec;
mod rules;
mod shards;

create_exception!(
    parlour,
    ParlourError,
    PyValueError,
    "Every error parlour raises."
);
create_exception!(
    parlour,
    UnknownGameError,
    ParlourError,
    "No game has this name."
);
create_exception!(
    parlour,
    OptionsError,
    ParlourError,
    "Options that make no game."
);
create_exception!(
    parlour,
    ActionError,
    ParlourError,
    "Text that is not an action."
);
create_exception!(
    parlour,
    IllegalActionError,
    ParlourError,
    "An action or token the rules do not allow now."
);
create_exception!(
    parlour,
    ObservationError,
    ParlourError,
    "An observation that is not the game's, or that no state fits."
);
create_exception!(
    parlour,
    StateError,
    ParlourError,
    "A saved state that does not load."
);
create_exception!(
    parlour,
    TraceError,
    ParlourError,
    "A trace that does not replay."
);
create_exception!(
    parlour,
    BotError,
    ParlourError,
    "A bot that cannot be made or failed."
);
create_exception!(
    parlour,
    SeatError,
    ParlourError,
    "A seat the table does not have."
);
create_exception!(
    parlour,
    GameOverError,
    ParlourError,
    "A decision asked of a finished game."
);
create_exception!(
    parlour,
    TournamentError,
    ParlourError,
    "A tournament that cannot run."
);
create_exception!(
    parlour,
    ShapeError,
    ParlourError,
    "An array of the wrong shape."
);
create_exception!(parlour, CardError, ParlourError, "Text that is not a card.");
create_exception!(
    parlour,
    RuleError,
    ParlourError,
    "Cards that break a rule (a rule library's answer)."
);

/// The Python exception for a dynamic-API error.
fn err(e: DynError) -> PyErr {
    let m = e.to_string();
    match e {
        DynError::UnknownGame(_) => UnknownGameError::new_err(m),
        DynError::Options(_) => OptionsError::new_err(m),
        DynError::Action(_) => ActionError::new_err(m),
        DynError::Illegal(_) => IllegalActionError::new_err(m),
        DynError::Observation(_) => ObservationError::new_err(m),
        DynError::State(_) => StateError::new_err(m),
        DynError::Trace(_) => TraceError::new_err(m),
        DynError::Bot(_) => BotError::new_err(m),
        DynError::Seat(_) => SeatError::new_err(m),
        DynError::GameOver(_) => GameOverError::new_err(m),
        DynError::Tournament(_) => TournamentError::new_err(m),
        DynError::Shape(_) => ShapeError::new_err(m),
        _ => ParlourError::new_err(m),
    }
}

/// JSON text from Python's `json.dumps`, read into a value.
fn read_json(text: &str, what: &str) -> PyResult<Value> {
    serde_json::from_str(text).map_err(|e| ParlourError::new_err(format!("{what}: {e}")))
}

/// A value as a Python object, through `json.loads`.
fn to_py<'py>(py: Python<'py>, value: &Value) -> PyResult<Bound<'py, PyAny>> {
    py.import("json")?
        .call_method1("loads", (value.to_string(),))
}

/// A Python object as a value, through `json.dumps`.
fn from_py(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<Value> {
    let text: String = obj
        .py()
        .import("json")?
        .call_method1("dumps", (obj,))?
        .extract()?;
    read_json(&text, what)
}

fn option_pairs(options: &Value) -> PyResult<Vec<(String, Value)>> {
    match options {
        Value::Object(m) => Ok(m.iter().map(|(k, v)| (k.clone(), v.clone())).collect()),
        Value::Null => Ok(Vec::new()),
        other => Err(OptionsError::new_err(format!(
            "options must be a mapping, not {other}"
        ))),
    }
}

fn layout_list<'py>(
    py: Python<'py>,
    layout: &parlour_core::encode::Layout,
) -> PyResult<Bound<'py, PyList>> {
    let list = PyList::empty(py);
    for f in layout.fields() {
        let d = PyDict::new(py);
        d.set_item("name", f.name)?;
        d.set_item("start", f.start)?;
        d.set_item("len", f.len)?;
        d.set_item("meaning", f.meaning)?;
        list.append(d)?;
    }
    Ok(list)
}

/// A game with its options set (made by `parlour.game`).
#[pyclass(module = "parlour._parlour", name = "Game", frozen)]
struct PyGame {
    game: Box<dyn AnyGame>,
}

#[pymethods]
impl PyGame {
    /// The game named `name` with options given as JSON text (an object).
    #[new]
    #[pyo3(signature = (name, options_json = "{}"))]
    fn new(name: &str, options_json: &str) -> PyResult<Self> {
        let options = read_json(options_json, "options")?;
        let game = parlour_dynamic::open(name, &option_pairs(&options)?).map_err(err)?;
        Ok(PyGame { game })
    }

    /// The game's name (`uno`).
    #[getter]
    fn name(&self) -> &'static str {
        self.game.info().name
    }

    /// The game's fixed facts as a dict (title, players, variants, score unit, ...).
    #[getter]
    fn info<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_py(
            py,
            &serde_json::to_value(self.game.info()).unwrap_or(Value::Null),
        )
    }

    /// The options as a dict.
    #[getter]
    fn options<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_py(py, &self.game.options())
    }

    /// Seats at the table.
    #[getter]
    fn num_players(&self) -> usize {
        self.game.num_players()
    }

    /// A bound on decisions in one game, or None.
    #[getter]
    fn max_decisions(&self) -> Option<u64> {
        self.game.max_decisions()
    }

    /// The length of a seat's observation vector.
    #[getter]
    fn observation_size(&self) -> usize {
        self.game.observation_len()
    }

    /// The number of action tokens.
    #[getter]
    fn action_space(&self) -> usize {
        self.game.action_space()
    }

    /// The most tokens one action takes (1 for most games).
    #[getter]
    fn max_tokens(&self) -> usize {
        self.game.max_tokens()
    }

    /// The observation vector's slices: dicts of name, start, len, meaning.
    fn observation_layout<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        layout_list(py, &self.game.observation_layout())
    }

    /// The action space's token ranges: dicts of name, start, len, meaning.
    fn action_layout<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        layout_list(py, &self.game.action_layout())
    }

    /// A new game dealt from `seed`.
    #[pyo3(signature = (seed = 0))]
    fn new_state(&self, seed: u64) -> PyState {
        PyState {
            state: self.game.new_state(seed),
        }
    }

    /// A state consistent with an observation dict, everything hidden drawn from `seed`.
    #[pyo3(signature = (observation, seed = 0))]
    fn resample(&self, observation: &Bound<'_, PyAny>, seed: u64) -> PyResult<PyState> {
        let obs = from_py(observation, "observation")?;
        Ok(PyState {
            state: self.game.resample(&obs, seed).map_err(err)?,
        })
    }

    /// The vector of an observation dict.
    fn encode_observation<'py>(
        &self,
        py: Python<'py>,
        observation: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyArray1<f32>>> {
        let obs = from_py(observation, "observation")?;
        let mut out = vec![0.0; self.game.observation_len()];
        self.game.encode_observation(&obs, &mut out).map_err(err)?;
        Ok(PyArray1::from_vec(py, out))
    }

    /// An observation dict as the terminal shows it.
    fn describe(&self, observation: &Bound<'_, PyAny>) -> PyResult<String> {
        let obs = from_py(observation, "observation")?;
        self.game.describe(&obs).map_err(err)
    }

    /// Whether seat `viewer` sees `action` (text) when `actor` makes it.
    fn action_visible(&self, actor: usize, action: &str, viewer: usize) -> PyResult<bool> {
        self.game.action_visible(actor, action, viewer).map_err(err)
    }

    /// The built-in bots: (name, what it is) pairs.
    fn bots(&self) -> Vec<(&'static str, &'static str)> {
        self.game.bot_names()
    }

    /// A built-in bot by its command-line name (`heuristic`, `ismcts:iters=400`).
    #[pyo3(signature = (spec, seed = 0))]
    fn bot(&self, spec: &str, seed: u64) -> PyResult<PyBot> {
        Ok(PyBot {
            bot: Mutex::new(self.game.bot(spec, seed).map_err(err)?),
        })
    }

    /// `games` games stepped together, dealt from `seed`, on `threads` threads (all cores
    /// when None).
    #[pyo3(signature = (games, seed = 0, threads = None))]
    fn batch(
        &self,
        py: Python<'_>,
        games: usize,
        seed: u64,
        threads: Option<usize>,
    ) -> PyResult<PyBatch> {
        PyBatch::make(py, self.game.batch(games, seed), seed, threads)
    }

    /// Runs a tournament; returns the standings dict `parlour tournament --format json` prints.
    /// `entries` are bot names (str) or factories of Python bots ((label, callable) pairs).
    #[pyo3(signature = (entries, games = None, seed = 1, jobs = 1, duplicate = None))]
    fn tournament<'py>(
        &self,
        py: Python<'py>,
        entries: Vec<Bound<'py, PyAny>>,
        games: Option<u64>,
        seed: u64,
        jobs: usize,
        duplicate: Option<bool>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let request = TournamentRequest {
            entries: read_entries(entries, TournamentError::new_err, TournamentError::new_err)?,
            games,
            seed,
            jobs,
            duplicate,
        };
        let game = &self.game;
        let standings = py.detach(|| game.tournament(&request)).map_err(err)?;
        to_py(py, &standings)
    }

    /// Plays one game dealt from `seed` between `seats` (bot names or (label, factory) pairs)
    /// as `parlour play --seats ... --seed` plays it; returns the final state.
    #[pyo3(signature = (seats, seed = 0))]
    fn play(&self, py: Python<'_>, seats: Vec<Bound<'_, PyAny>>, seed: u64) -> PyResult<PyState> {
        let seats = read_entries(seats, BotError::new_err, SeatError::new_err)?;
        let game = &self.game;
        Ok(PyState {
            state: py.detach(|| game.play(&seats, seed)).map_err(err)?,
        })
    }

    fn __repr__(&self) -> String {
        format!(
            "parlour.game({:?}, {})",
            self.game.info().name,
            self.game.options()
        )
    }
}

/// Entries as Python gives them: bot names, or (label, factory) pairs whose factory makes an
/// in-process adapter (see `parlour._inprocess`). A bad name is a `bad_name` error, anything
/// else a `bad_shape` one.
fn read_entries(
    entries: Vec<Bound<'_, PyAny>>,
    bad_name: fn(String) -> PyErr,
    bad_shape: fn(String) -> PyErr,
) -> PyResult<Vec<Entry>> {
    let mut list = Vec::new();
    for e in entries {
        if let Ok(name) = e.extract::<String>() {
            list.push(Entry::named(&name).map_err(|e| bad_name(e.to_string()))?);
            continue;
        }
        let (label, make): (String, Py<PyAny>) = e.extract().map_err(|_| {
            bad_shape("an entry is a bot name or a (label, factory) pair".to_string())
        })?;
        let make = std::sync::Arc::new(move || -> Result<Box<dyn ForeignBot>, String> {
            Python::attach(|py| {
                make.bind(py)
                    .call0()
                    .map(|bot| Box::new(PyForeign { bot: bot.unbind() }) as Box<dyn ForeignBot>)
                    .map_err(|e| python_error(py, &e))
            })
        });
        list.push(Entry::Foreign { label, make });
    }
    Ok(list)
}

/// A Python exception as text, with its traceback, for a fault's detail.
fn python_error(py: Python<'_>, e: &PyErr) -> String {
    let trace = e
        .traceback(py)
        .and_then(|t| t.format().ok())
        .unwrap_or_default();
    format!("{trace}{e}")
}

/// A Python bot at a tournament table, through the package's in-process adapter
/// (`parlour._inprocess.Adapter`): `start(seat, seed, index)`, `act(observation, legal)`,
/// `event(seat, action)` and `finish(returns, winners, observation, faults)`; the adapter calls
/// the bot's own hooks.
struct PyForeign {
    bot: Py<PyAny>,
}

impl ForeignBot for PyForeign {
    fn start(&mut self, seat: usize, seed: u64, index: u64) -> Result<(), String> {
        Python::attach(|py| {
            self.bot
                .bind(py)
                .call_method1("start", (seat, seed, index))
                .map(drop)
                .map_err(|e| python_error(py, &e))
        })
    }

    fn act(&mut self, observation: &Value, legal: &[String]) -> Result<ForeignAnswer, String> {
        Python::attach(|py| {
            let run = || -> PyResult<ForeignAnswer> {
                let obs = to_py(py, observation)?;
                let answer = self
                    .bot
                    .bind(py)
                    .call_method1("act", (obs, legal.to_vec()))?;
                let plain = |a: &Bound<'_, PyAny>| -> PyResult<ForeignAnswer> {
                    if let Ok(i) = a.extract::<i64>() {
                        return Ok(ForeignAnswer::Index(i));
                    }
                    Ok(ForeignAnswer::Text(a.extract::<String>()?))
                };
                // `(answer, why)`: the kit's `Faulted`, as the adapter passes it on.
                if let Ok((inner, why)) = answer.extract::<(Bound<'_, PyAny>, String)>() {
                    return Ok(ForeignAnswer::Reported(Box::new(plain(&inner)?), why));
                }
                plain(&answer)
            };
            run().map_err(|e| python_error(py, &e))
        })
    }

    fn event(&mut self, seat: usize, action: Option<String>) -> Result<(), String> {
        Python::attach(|py| {
            self.bot
                .bind(py)
                .call_method1("event", (seat, action))
                .map(drop)
                .map_err(|e| python_error(py, &e))
        })
    }

    fn finish(&mut self, returns: &[f64], winners: &[usize], observation: &Value, faults: usize) {
        Python::attach(|py| {
            // A failing hook at the end changes nothing that was played.
            if let Ok(obs) = to_py(py, observation) {
                let _ = self
                    .bot
                    .bind(py)
                    .call_method1("finish", (returns.to_vec(), winners.to_vec(), obs, faults));
            }
        })
    }
}

/// A position (made by `Game.new_state`, `Game.resample`, `parlour.load_state`).
#[pyclass(module = "parlour._parlour", name = "State")]
struct PyState {
    state: Box<dyn AnyState>,
}

#[pymethods]
impl PyState {
    /// The game.
    #[getter]
    fn game(&self) -> PyGame {
        PyGame {
            game: self.state.game(),
        }
    }

    /// The seat to act, or None when the game is over.
    #[getter]
    fn current_player(&self) -> Option<usize> {
        self.state.current_player()
    }

    /// Whether the game is over.
    #[getter]
    fn is_terminal(&self) -> bool {
        self.state.is_terminal()
    }

    /// Decisions made so far.
    #[getter]
    fn decisions(&self) -> u64 {
        self.state.decisions()
    }

    /// Rounds (hands) completed.
    #[getter]
    fn rounds_completed(&self) -> u32 {
        self.state.rounds_completed()
    }

    /// The actions played since the state began, as text.
    #[getter]
    fn history(&self) -> Vec<String> {
        self.state.history()
    }

    /// The legal actions, as text, in the game's order.
    fn legal_actions(&self) -> Vec<String> {
        self.state.legal_actions()
    }

    /// Raises unless `action` (text) is legal now.
    fn check(&self, action: &str) -> PyResult<()> {
        self.state.check(action).map_err(err)
    }

    /// Plays `action` (its text form); on error nothing changes.
    fn apply(&mut self, action: &str) -> PyResult<()> {
        self.state.apply(action).map_err(err)
    }

    /// The mask of the tokens that may come next (bool array of `action_space`).
    fn legal_mask<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyArray1<bool>>> {
        let mut out = vec![false; self.state.game().action_space()];
        self.state.legal_mask(&mut out).map_err(err)?;
        Ok(PyArray1::from_vec(py, out))
    }

    /// Takes one token; when it completes an action, plays it and returns its text (None
    /// while the action needs more tokens).
    fn apply_token(&mut self, token: i64) -> PyResult<Option<String>> {
        let t = u32::try_from(token)
            .map_err(|_| IllegalActionError::new_err(format!("token {token} is not a token")))?;
        self.state.apply_token(t).map_err(err)
    }

    /// The tokens chosen so far towards the next action.
    #[getter]
    fn pending(&self) -> Vec<u32> {
        self.state.pending()
    }

    /// Forgets the pending tokens.
    fn clear_pending(&mut self) {
        self.state.clear_pending()
    }

    /// The tokens that spell `action` (text).
    fn action_tokens(&self, action: &str) -> PyResult<Vec<u32>> {
        self.state.action_tokens(action).map_err(err)
    }

    /// Each seat's return so far (final when the game is over).
    fn returns(&self) -> Vec<f64> {
        self.state.returns()
    }

    /// The winners of a finished game.
    fn winners(&self) -> Vec<usize> {
        self.state.winners()
    }

    /// What `seat` sees, as the dict the protocol sends.
    fn observation<'py>(&self, py: Python<'py>, seat: usize) -> PyResult<Bound<'py, PyAny>> {
        to_py(py, &self.state.observation(seat).map_err(err)?)
    }

    /// What `seat` sees, as a float32 vector (with the pending tokens when it is to act).
    fn observation_tensor<'py>(
        &self,
        py: Python<'py>,
        seat: usize,
    ) -> PyResult<Bound<'py, PyArray1<f32>>> {
        let mut out = vec![0.0; self.state.game().observation_len()];
        self.state.encode(seat, &mut out).map_err(err)?;
        Ok(PyArray1::from_vec(py, out))
    }

    /// What `seat` sees, as the terminal shows it.
    fn describe(&self, seat: usize) -> PyResult<String> {
        self.state.describe(seat).map_err(err)
    }

    /// A state consistent with what `seat` sees, everything hidden from it drawn from `seed`.
    #[pyo3(signature = (seat, seed = 0))]
    fn resample(&self, seat: usize, seed: u64) -> PyResult<PyState> {
        Ok(PyState {
            state: self.state.resample(seat, seed).map_err(err)?,
        })
    }

    /// A copy.
    fn clone(&self) -> PyState {
        PyState {
            state: self.state.clone_box(),
        }
    }

    fn __copy__(&self) -> PyState {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> PyState {
        self.clone()
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<PyState>()
            .is_ok_and(|o| o.borrow().state.same(self.state.as_ref()))
    }

    /// The saved form as JSON text: game, options, how the state began, the actions since.
    fn to_json(&self) -> String {
        self.state.record().to_string()
    }

    /// The state saved by `to_json`.
    #[staticmethod]
    fn from_json(text: &str) -> PyResult<PyState> {
        let record: Value = serde_json::from_str(text)
            .map_err(|e| StateError::new_err(format!("cannot load the state: {e}")))?;
        Ok(PyState {
            state: parlour_dynamic::load_state(&record).map_err(err)?,
        })
    }

    fn __repr__(&self) -> String {
        format!(
            "<parlour.State {} after {} decisions{}>",
            self.state.game().info().name,
            self.state.decisions(),
            if self.state.is_terminal() {
                ", over"
            } else {
                ""
            }
        )
    }
}

/// A built-in bot (made by `Game.bot` / `parlour.bot`).
#[pyclass(module = "parlour._parlour", name = "Bot", frozen)]
struct PyBot {
    bot: Mutex<Box<dyn AnyBot>>,
}

#[pymethods]
impl PyBot {
    /// Its name with options.
    #[getter]
    fn name(&self) -> String {
        self.bot
            .lock()
            .map(|b| b.name().to_string())
            .unwrap_or_default()
    }

    /// Its action (text) for the seat to act in `state`.
    fn act(&self, py: Python<'_>, state: &Bound<'_, PyState>) -> PyResult<String> {
        let state = state.borrow();
        let state = state.state.as_ref();
        let bot = &self.bot;
        py.detach(|| {
            bot.lock()
                .map_err(|_| DynError::Bot("the bot failed earlier".into()))?
                .act(state)
        })
        .map_err(err)
    }

    /// Its action (text) from an observation dict and the legal actions (texts), as an
    /// external bot would be asked.
    fn act_on(&self, observation: &Bound<'_, PyAny>, legal: Vec<String>) -> PyResult<String> {
        let obs = from_py(observation, "observation")?;
        let mut bot = self
            .bot
            .lock()
            .map_err(|_| BotError::new_err("the bot failed earlier"))?;
        bot.act_on(&obs, &legal).map_err(err)
    }
}

/// Games stepped together (made by `Game.batch`); its arrays are updated in place.
#[pyclass(module = "parlour._parlour", name = "Batch")]
struct PyBatch {
    batch: Box<dyn AnyBatch>,
    pool: Option<rayon::ThreadPool>,
    observations: Py<PyArray2<f32>>,
    masks: Py<PyArray2<bool>>,
    players: Py<PyArray1<i64>>,
    rewards: Py<PyArray2<f32>>,
    dones: Py<PyArray1<bool>>,
}

impl PyBatch {
    fn make(
        py: Python<'_>,
        batch: Box<dyn AnyBatch>,
        seed: u64,
        threads: Option<usize>,
    ) -> PyResult<PyBatch> {
        let n = batch.len();
        let pool = match threads {
            None => None,
            Some(t) => Some(
                rayon::ThreadPoolBuilder::new()
                    .num_threads(t.max(1))
                    .build()
                    .map_err(|e| ParlourError::new_err(format!("cannot start {t} threads: {e}")))?,
            ),
        };
        let mut b = PyBatch {
            observations: PyArray2::zeros(py, [n, batch.observation_len()], false).unbind(),
            masks: PyArray2::zeros(py, [n, batch.action_space()], false).unbind(),
            players: PyArray1::zeros(py, n, false).unbind(),
            rewards: PyArray2::zeros(py, [n, batch.num_players()], false).unbind(),
            dones: PyArray1::zeros(py, n, false).unbind(),
            batch,
            pool,
        };
        b.run(py, None, seed)?;
        Ok(b)
    }

    /// Resets (no tokens) or steps (tokens) the games, writing into the arrays.
    fn run(&mut self, py: Python<'_>, tokens: Option<&[i64]>, seed: u64) -> PyResult<()> {
        let mut obs = self.observations.bind(py).readwrite();
        let mut masks = self.masks.bind(py).readwrite();
        let mut players = self.players.bind(py).readwrite();
        let mut rewards = self.rewards.bind(py).readwrite();
        let mut dones = self.dones.bind(py).readwrite();
        let contiguous = |e| ShapeError::new_err(format!("a batch array is not contiguous: {e}"));
        let out = Outputs {
            observations: obs.as_slice_mut().map_err(contiguous)?,
            masks: masks.as_slice_mut().map_err(contiguous)?,
            players: players.as_slice_mut().map_err(contiguous)?,
            rewards: rewards.as_slice_mut().map_err(contiguous)?,
            dones: dones.as_slice_mut().map_err(contiguous)?,
        };
        let batch = &mut self.batch;
        let pool = self.pool.as_ref();
        py.detach(|| {
            let work = move || match tokens {
                None => batch.reset(seed, out),
                Some(t) => batch.step(t, out),
            };
            match pool {
                Some(p) => p.install(work),
                None => work(),
            }
        })
        .map_err(err)
    }

    fn arrays<'py>(&self, py: Python<'py>) -> Bound<'py, pyo3::types::PyTuple> {
        pyo3::types::PyTuple::new(
            py,
            [
                self.observations.bind(py).clone().into_any(),
                self.masks.bind(py).clone().into_any(),
                self.players.bind(py).clone().into_any(),
                self.rewards.bind(py).clone().into_any(),
                self.dones.bind(py).clone().into_any(),
            ],
        )
        .expect("a tuple of five arrays")
    }
}

#[pymethods]
impl PyBatch {
    /// The number of games.
    fn __len__(&self) -> usize {
        self.batch.len()
    }

    /// Games finished so far.
    #[getter]
    fn finished(&self) -> u64 {
        self.batch.finished()
    }

    /// The seed each game in play was dealt from: `game.new_state(seed)` is that deal.
    #[getter]
    fn seeds(&self) -> Vec<u64> {
        self.batch.deal_seeds()
    }

    /// `games x observation_size` float32: each game's vector for its seat to act.
    #[getter]
    fn observations<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray2<f32>> {
        self.observations.bind(py).clone()
    }

    /// `games x action_space` bool: the tokens each game's seat to act may choose.
    #[getter]
    fn masks<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray2<bool>> {
        self.masks.bind(py).clone()
    }

    /// `games` int64: each game's seat to act.
    #[getter]
    fn players<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<i64>> {
        self.players.bind(py).clone()
    }

    /// `games x players` float32: returns of the games the last step ended (0 elsewhere).
    #[getter]
    fn rewards<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray2<f32>> {
        self.rewards.bind(py).clone()
    }

    /// `games` bool: whether the last step ended each game (the next is dealt already).
    #[getter]
    fn dones<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<bool>> {
        self.dones.bind(py).clone()
    }

    /// Deals every game anew from `seed`; returns (observations, masks, players, rewards,
    /// dones), the batch's own arrays.
    #[pyo3(signature = (seed = 0))]
    fn reset<'py>(
        &mut self,
        py: Python<'py>,
        seed: u64,
    ) -> PyResult<Bound<'py, pyo3::types::PyTuple>> {
        self.run(py, None, seed)?;
        Ok(self.arrays(py))
    }

    /// One token per game (int array); returns (observations, masks, players, rewards,
    /// dones), the batch's own arrays, overwritten by the next step (copy what you keep).
    fn step<'py>(
        &mut self,
        py: Python<'py>,
        tokens: PyReadonlyArray1<'py, i64>,
    ) -> PyResult<Bound<'py, pyo3::types::PyTuple>> {
        let tokens = tokens
            .as_slice()
            .map_err(|e| ShapeError::new_err(format!("tokens: {e}")))?
            .to_vec();
        self.run(py, Some(&tokens), 0)?;
        Ok(self.arrays(py))
    }
}

/// The registered games' facts, as dicts.
#[pyfunction]
fn games<'py>(py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
    to_py(
        py,
        &serde_json::to_value(parlour_games::GAMES).unwrap_or(Value::Null),
    )
}

/// A trace (text, as `parlour play --trace` writes it) checked and replayed: (game, states,
/// actions), the states from the deal to the end.
#[pyfunction]
fn replay(trace: &str) -> PyResult<(PyGame, Vec<PyState>, Vec<String>)> {
    let r = parlour_dynamic::replay(trace).map_err(err)?;
    // Every state, as asked for: dealt again and played on (the actions were checked).
    let mut state = r.game.new_state(r.seed);
    let mut states = vec![PyState {
        state: state.clone_box(),
    }];
    for action in &r.actions {
        state.apply(action).map_err(err)?;
        states.push(PyState {
            state: state.clone_box(),
        });
    }
    Ok((PyGame { game: r.game }, states, r.actions))
}

/// Panics inside Rust, to show that a panic becomes a Python exception.
#[pyfunction]
fn _panic_for_test() {
    panic!("a deliberate panic inside parlour's extension");
}

#[pymodule]
fn _parlour(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add_class::<PyGame>()?;
    m.add_class::<PyState>()?;
    m.add_class::<PyBot>()?;
    m.add_class::<PyBatch>()?;
    m.add_class::<aec::PyAec>()?;
    m.add_function(wrap_pyfunction!(games, m)?)?;
    m.add_function(wrap_pyfunction!(replay, m)?)?;
    m.add_function(wrap_pyfunction!(_panic_for_test, m)?)?;
    for (name, ty) in [
        ("ParlourError", py.get_type::<ParlourError>()),
        ("UnknownGameError", py.get_type::<UnknownGameError>()),
        ("OptionsError", py.get_type::<OptionsError>()),
        ("ActionError", py.get_type::<ActionError>()),
        ("IllegalActionError", py.get_type::<IllegalActionError>()),
        ("ObservationError", py.get_type::<ObservationError>()),
        ("StateError", py.get_type::<StateError>()),
        ("TraceError", py.get_type::<TraceError>()),
        ("BotError", py.get_type::<BotError>()),
        ("SeatError", py.get_type::<SeatError>()),
        ("GameOverError", py.get_type::<GameOverError>()),
        ("TournamentError", py.get_type::<TournamentError>()),
        ("ShapeError", py.get_type::<ShapeError>()),
        ("CardError", py.get_type::<CardError>()),
        ("RuleError", py.get_type::<RuleError>()),
    ] {
        m.add(name, ty)?;
    }
    rules::register(m)?;
    shards::register(m)?;
    Ok(())
}
