//! Traces: a played game as JSON lines, and their replay.
//!
//! A trace is one JSON object per line:
//!
//! 1. a header: `{"kind":"header","format":"parlour-trace","version":1,"game":"uno",
//!    "options":{...},"seed":7,"seats":["human","random",...]}`;
//! 2. one line per decision: `{"kind":"decision","index":0,"seat":2,"observation":{...},
//!    "legal":["R5","draw"],"action":"R5"}` — the observation is the deciding seat's own, so a
//!    trace never shows a seat more than it saw when it decided;
//! 3. a result: `{"kind":"result","decisions":57,"rounds":1,"returns":[0.0,112.0,0.0,0.0]}`.
//!
//! [`replay`] re-simulates a trace from its header (game, options, seed) and checks every line:
//! the seat to act, its observation and legal actions, that the action is legal, and that the
//! recorded result is reproduced. Any difference is an error naming the line.

use std::io::Write;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::game::{Game, Seat, State};
use crate::play::Step;

/// The trace format's version; readers reject other versions.
pub const TRACE_VERSION: u32 = 1;

/// The first line of a trace.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Header {
    /// Always `"header"`.
    pub kind: String,
    /// Always `"parlour-trace"`.
    pub format: String,
    /// [`TRACE_VERSION`] when written.
    pub version: u32,
    /// The game's name, e.g. `uno`.
    pub game: String,
    /// The game's options as JSON.
    pub options: Value,
    /// The seed the game was dealt from.
    pub seed: u64,
    /// Who sat at each seat (bot names), for the reader.
    pub seats: Vec<String>,
}

#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct DecisionLine {
    kind: String,
    index: u64,
    seat: Seat,
    observation: Value,
    legal: Vec<Value>,
    action: Value,
}

#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct ResultLine {
    kind: String,
    decisions: u64,
    rounds: u32,
    returns: Vec<f64>,
}

/// Writes a trace as a game is played.
#[derive(Debug)]
pub struct TraceWriter<W: Write> {
    out: W,
    index: u64,
}

impl<W: Write> TraceWriter<W> {
    /// Starts a trace on `out` by writing its header.
    pub fn new<G: Game>(
        mut out: W,
        game: &G,
        seed: u64,
        seats: &[String],
    ) -> std::io::Result<Self> {
        let header = Header {
            kind: "header".into(),
            format: "parlour-trace".into(),
            version: TRACE_VERSION,
            game: G::INFO.name.into(),
            options: serde_json::to_value(game.options()).map_err(std::io::Error::other)?,
            seed,
            seats: seats.to_vec(),
        };
        write_line(&mut out, &header)?;
        Ok(TraceWriter { out, index: 0 })
    }

    /// Records one decision.
    pub fn step<G: Game>(&mut self, step: &Step<'_, G>) -> std::io::Result<()> {
        let line = DecisionLine {
            kind: "decision".into(),
            index: self.index,
            seat: step.seat,
            observation: serde_json::to_value(step.observation).map_err(std::io::Error::other)?,
            legal: step
                .legal
                .iter()
                .map(serde_json::to_value)
                .collect::<Result<_, _>>()
                .map_err(std::io::Error::other)?,
            action: serde_json::to_value(step.action).map_err(std::io::Error::other)?,
        };
        self.index += 1;
        write_line(&mut self.out, &line)
    }

    /// Records the result, flushes, and hands back the writer.
    pub fn finish<G: Game>(mut self, state: &G::State) -> std::io::Result<W> {
        let line = ResultLine {
            kind: "result".into(),
            decisions: state.decisions(),
            rounds: state.rounds_completed(),
            returns: state.returns(),
        };
        write_line(&mut self.out, &line)?;
        self.out.flush()?;
        Ok(self.out)
    }

    /// The writer, with everything recorded so far (for a game that stopped early).
    pub fn into_inner(self) -> W {
        self.out
    }
}

fn write_line<W: Write, T: Serialize>(out: &mut W, value: &T) -> std::io::Result<()> {
    serde_json::to_writer(&mut *out, value).map_err(std::io::Error::other)?;
    out.write_all(b"\n")?;
    // Flushing each line means a crash loses nothing already recorded.
    out.flush()
}

/// Why a trace does not replay.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {message}")]
pub struct ReplayError {
    /// 1-based line number in the trace.
    pub line: usize,
    /// What is wrong there.
    pub message: String,
}

impl ReplayError {
    fn new(line: usize, message: impl Into<String>) -> Self {
        ReplayError {
            line,
            message: message.into(),
        }
    }
}

/// What a successful replay confirmed.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ReplayReport {
    /// The game's name.
    pub game: String,
    /// Decisions replayed, each legal.
    pub decisions: u64,
    /// Rounds completed.
    pub rounds: u32,
    /// The reproduced returns (equal to the recorded ones).
    pub returns: Vec<f64>,
}

/// Reads a trace's header from its first line.
pub fn read_header(first_line: &str) -> Result<Header, ReplayError> {
    let header: Header = serde_json::from_str(first_line)
        .map_err(|e| ReplayError::new(1, format!("not a trace header: {e}")))?;
    if header.kind != "header" || header.format != "parlour-trace" {
        return Err(ReplayError::new(1, "not a parlour trace header"));
    }
    if header.version != TRACE_VERSION {
        return Err(ReplayError::new(
            1,
            format!(
                "trace format version {} is not supported (this build reads version {TRACE_VERSION})",
                header.version
            ),
        ));
    }
    Ok(header)
}

/// Replays the trace whose lines (header first) are `lines`, for game `G`.
pub fn replay<G: Game>(lines: &[&str]) -> Result<ReplayReport, ReplayError> {
    let first = lines
        .first()
        .ok_or_else(|| ReplayError::new(1, "the trace is empty"))?;
    let header = read_header(first)?;
    if header.game != G::INFO.name {
        return Err(ReplayError::new(
            1,
            format!(
                "trace is for game {:?}, not {:?}",
                header.game,
                G::INFO.name
            ),
        ));
    }
    let options: G::Options = serde_json::from_value(header.options.clone())
        .map_err(|e| ReplayError::new(1, format!("bad options: {e}")))?;
    let game = G::new(options).map_err(|e| ReplayError::new(1, e.to_string()))?;
    if header.seats.len() != game.num_players() {
        return Err(ReplayError::new(
            1,
            format!(
                "the header names {} seats but the game has {}",
                header.seats.len(),
                game.num_players()
            ),
        ));
    }
    let mut state = game.new_game(header.seed);
    let mut legal = Vec::new();
    let mut decisions = 0u64;
    for (i, text) in lines.iter().enumerate().skip(1) {
        let line = i + 1;
        if text.trim().is_empty() {
            return Err(ReplayError::new(line, "empty line"));
        }
        let value: Value = serde_json::from_str(text)
            .map_err(|e| ReplayError::new(line, format!("not JSON: {e}")))?;
        match value.get("kind").and_then(Value::as_str) {
            Some("decision") => {
                let d: DecisionLine = serde_json::from_value(value)
                    .map_err(|e| ReplayError::new(line, format!("malformed decision: {e}")))?;
                if d.index != decisions {
                    return Err(ReplayError::new(
                        line,
                        format!("decision index {} where {decisions} was expected", d.index),
                    ));
                }
                let Some(seat) = state.current_player() else {
                    return Err(ReplayError::new(line, "a decision after the game ended"));
                };
                if d.seat != seat {
                    return Err(ReplayError::new(
                        line,
                        format!("recorded seat {} but seat {seat} is to act", d.seat),
                    ));
                }
                let observation = to_value(&state.observation(seat), line)?;
                if observation != d.observation {
                    return Err(ReplayError::new(
                        line,
                        "the recorded observation differs from the replayed one",
                    ));
                }
                state.legal_actions(&mut legal);
                let replayed_legal = legal
                    .iter()
                    .map(|a| to_value(a, line))
                    .collect::<Result<Vec<_>, _>>()?;
                if replayed_legal != d.legal {
                    return Err(ReplayError::new(
                        line,
                        "the recorded legal actions differ from the replayed ones",
                    ));
                }
                let action: G::Action = serde_json::from_value(d.action.clone())
                    .map_err(|e| ReplayError::new(line, format!("bad action {}: {e}", d.action)))?;
                state
                    .apply(action)
                    .map_err(|e| ReplayError::new(line, e.to_string()))?;
                decisions += 1;
            }
            Some("result") => {
                let r: ResultLine = serde_json::from_value(value)
                    .map_err(|e| ReplayError::new(line, format!("malformed result: {e}")))?;
                if !state.is_terminal() {
                    return Err(ReplayError::new(
                        line,
                        "the trace ends but the replayed game is not over",
                    ));
                }
                let returns = state.returns();
                if r.returns != returns
                    || r.decisions != state.decisions()
                    || r.rounds != state.rounds_completed()
                {
                    return Err(ReplayError::new(
                        line,
                        format!(
                            "recorded result (returns {:?}, {} decisions, {} rounds) is not reproduced: \
                             replay gives returns {:?}, {} decisions, {} rounds",
                            r.returns,
                            r.decisions,
                            r.rounds,
                            returns,
                            state.decisions(),
                            state.rounds_completed()
                        ),
                    ));
                }
                if let Some(extra) = lines.get(i + 1) {
                    if !extra.trim().is_empty() || lines.len() > i + 2 {
                        return Err(ReplayError::new(line + 1, "text after the result line"));
                    }
                }
                return Ok(ReplayReport {
                    game: G::INFO.name.into(),
                    decisions,
                    rounds: state.rounds_completed(),
                    returns,
                });
            }
            _ => {
                return Err(ReplayError::new(
                    line,
                    "expected a line with \"kind\": \"decision\" or \"result\"",
                ))
            }
        }
    }
    Err(ReplayError::new(
        lines.len() + 1,
        "the trace ends without a result line (truncated?)",
    ))
}

/// Replays the trace in the file at `path` (for data-file regression tests).
pub fn replay_path<G: Game>(path: &std::path::Path) -> Result<ReplayReport, ReplayError> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| ReplayError::new(1, format!("cannot read {}: {e}", path.display())))?;
    let lines: Vec<&str> = text.lines().collect();
    replay::<G>(&lines)
}

fn to_value<T: Serialize>(value: &T, line: usize) -> Result<Value, ReplayError> {
    serde_json::to_value(value).map_err(|e| ReplayError::new(line, e.to_string()))
}

/// Where a trace goes: straight to its file, or held in memory (while a person plays, the
/// trace would show them every seat's hand) and written to its already-open file by
/// [`TraceFile::save`].
#[derive(Debug)]
pub enum TraceFile {
    /// Written as it goes.
    File(std::io::BufWriter<std::fs::File>),
    /// Held until [`TraceFile::save`].
    Held(Vec<u8>, std::io::BufWriter<std::fs::File>),
}

impl TraceFile {
    /// Creates the file at `path` now (so a bad path is known before play), to be written as
    /// the trace goes, or held until [`TraceFile::save`] when `held`.
    pub fn create(path: &std::path::Path, held: bool) -> std::io::Result<TraceFile> {
        let file = std::io::BufWriter::new(std::fs::File::create(path)?);
        Ok(if held {
            TraceFile::Held(Vec::new(), file)
        } else {
            TraceFile::File(file)
        })
    }

    /// Writes what is held, and flushes.
    pub fn save(self) -> std::io::Result<()> {
        match self {
            TraceFile::File(mut f) => f.flush(),
            TraceFile::Held(v, mut f) => f.write_all(&v).and_then(|()| f.flush()),
        }
    }
}

impl Write for TraceFile {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        match self {
            TraceFile::File(f) => f.write(buf),
            TraceFile::Held(v, _) => v.write(buf),
        }
    }

    fn flush(&mut self) -> std::io::Result<()> {
        match self {
            TraceFile::File(f) => f.flush(),
            TraceFile::Held(..) => Ok(()),
        }
    }
}
