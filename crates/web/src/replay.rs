//! Recorded games to step through: a trace (`parlour play --trace`, or a finished table's), or
//! a saved state (the Python package's `State.save`).

use std::sync::Mutex;

use parlour_dynamic::{AnyGame, AnyState};
use serde_json::{json, Value};

/// The largest recording the server reads, in bytes.
pub const MAX_RECORDING: usize = 32 << 20;

/// The most states a replay keeps besides its cursor: positions between are played again
/// from the nearest one before, so a replay's memory grows with its actions, not with the
/// square of its length (every state holds its whole history).
const CHECKPOINTS: usize = 16;

/// A recorded game, checked action by action: its actions, a few states along the way, and
/// the position last shown (stepping on from it costs one action).
#[derive(Debug)]
pub struct Replay {
    game: Box<dyn AnyGame>,
    actions: Vec<String>,
    actors: Vec<Option<usize>>,
    seats: Vec<String>,
    seed: Option<u64>,
    end: Box<dyn AnyState>,
    /// The state before decision `i * spacing`, for each `i`.
    checkpoints: Vec<Box<dyn AnyState>>,
    spacing: usize,
    /// The position last shown, and its decision.
    cursor: Mutex<Option<(usize, Box<dyn AnyState>)>>,
}

impl Replay {
    /// Reads a trace or a saved state; `Err` says what is wrong and where (a line, an action).
    pub fn read(text: &str) -> Result<Replay, String> {
        if text.len() > MAX_RECORDING {
            return Err(format!(
                "a recording of {} bytes is over the limit of {MAX_RECORDING}",
                text.len()
            ));
        }
        let first = text
            .lines()
            .find(|l| !l.trim().is_empty())
            .ok_or("the recording is empty")?;
        let head: Value = serde_json::from_str(first)
            .or_else(|_| serde_json::from_str(text))
            .map_err(|e| format!("line 1 is not JSON: {e}"))?;
        match head.get("format").and_then(Value::as_str) {
            Some("parlour-trace") => {
                let seats = head
                    .get("seats")
                    .and_then(Value::as_array)
                    .map(|a| {
                        a.iter()
                            .map(|v| v.as_str().unwrap_or("?").to_string())
                            .collect()
                    })
                    .unwrap_or_default();
                let seed = head.get("seed").and_then(Value::as_u64);
                let r = parlour_dynamic::replay(text).map_err(|e| e.to_string())?;
                Replay::new(r.game, r.seed, r.actions, seats, seed)
            }
            Some(parlour_dynamic::STATE_FORMAT) => {
                let record: Value = serde_json::from_str(text)
                    .map_err(|e| format!("the saved state is not JSON: {e}"))?;
                let end = parlour_dynamic::load_state(&record).map_err(|e| e.to_string())?;
                let game = end.game();
                let seed = record
                    .pointer("/origin/seed")
                    .and_then(Value::as_u64)
                    .ok_or("only a saved state dealt from a seed can be replayed")?;
                let actions = end.history();
                let seats = (0..game.num_players())
                    .map(|s| format!("seat {s}"))
                    .collect();
                Replay::new(game, seed, actions, seats, Some(seed))
            }
            _ => Err(
                "not a recording: expected a trace (format \"parlour-trace\") or a saved state \
                 (format \"parlour-state\")"
                    .into(),
            ),
        }
    }

    /// Deals `seed` again and plays `actions`, keeping [`CHECKPOINTS`] states on the way.
    fn new(
        game: Box<dyn AnyGame>,
        deal: u64,
        actions: Vec<String>,
        seats: Vec<String>,
        seed: Option<u64>,
    ) -> Result<Replay, String> {
        let spacing = actions.len().div_ceil(CHECKPOINTS).max(1);
        let mut state = game.new_state(deal);
        let mut checkpoints = Vec::new();
        let mut actors = Vec::with_capacity(actions.len());
        for (i, a) in actions.iter().enumerate() {
            if i % spacing == 0 {
                checkpoints.push(state.clone_box());
            }
            actors.push(state.current_player());
            state.apply(a).map_err(|e| format!("decision {i}: {e}"))?;
        }
        if checkpoints.is_empty() {
            checkpoints.push(state.clone_box());
        }
        Ok(Replay {
            game,
            actions,
            actors,
            seats,
            seed,
            end: state,
            checkpoints,
            spacing,
            cursor: Mutex::new(None),
        })
    }

    /// About how many bytes the replay holds: its actions, and its states with their
    /// histories (what the server's replay budget counts).
    pub fn footprint(&self) -> usize {
        let n = self.actions.len();
        let text: usize = self.actions.iter().map(String::len).sum();
        // A state: a few kilobytes of cards and board, and its history (an action a few words).
        let state = 8192 + 32 * n;
        text + n * (24 + 16) + (self.checkpoints.len() + 2) * state
    }

    /// Each seat's return where the recording ends.
    pub fn returns(&self) -> Vec<f64> {
        self.end.returns()
    }

    /// Decisions in the recording.
    pub fn len(&self) -> usize {
        self.actions.len()
    }

    /// Whether it has no decisions.
    pub fn is_empty(&self) -> bool {
        self.actions.is_empty()
    }

    /// What the page needs first: the game, the seats, and every action with who made it.
    pub fn summary(&self, id: &str) -> Value {
        let info = self.game.info();
        json!({
            "replay": id,
            "game": info.name,
            "title": info.title,
            "options": self.game.options(),
            "seed": self.seed,
            "players": self.game.num_players(),
            "seats": self.seats,
            "decisions": self.actions.len(),
            "actions": self.actions.iter().zip(&self.actors).map(|(a, s)| json!({"seat": s, "action": a})).collect::<Vec<_>>(),
        })
    }

    /// The position before decision `step` (`step == len()` is the end): every seat's view,
    /// the public view, the seat to act and what it did.
    pub fn step(&self, step: usize) -> Option<Value> {
        if step > self.actions.len() {
            return None;
        }
        let mut cursor = self.cursor.lock().unwrap_or_else(|e| e.into_inner());
        let base = (step / self.spacing).min(self.checkpoints.len() - 1) * self.spacing;
        let (mut at, mut state) = match cursor.take() {
            Some((at, state)) if at >= base && at <= step => (at, state),
            _ => (base, self.checkpoints[base / self.spacing].clone_box()),
        };
        while at < step {
            // Every action was checked when the recording was read.
            if state.apply(&self.actions[at]).is_err() {
                return None;
            }
            at += 1;
        }
        let over = state.is_terminal();
        let shown = Some(json!({
            "decision": step,
            "to_act": state.current_player(),
            "observations": (0..self.game.num_players()).filter_map(|s| state.observation(s).ok()).collect::<Vec<_>>(),
            "public": state.public_view(),
            "action": self.actions.get(step),
            "returns": over.then(|| state.returns()),
            "winners": over.then(|| state.winners()),
        }));
        *cursor = Some((step, state));
        shown
    }
}
