//! Recorded games to step through: a trace (`parlour play --trace`, or a finished table's), or
//! a saved state (the Python package's `State.save`).

use parlour_dynamic::{AnyGame, AnyState};
use serde_json::{json, Value};

/// The largest recording the server reads, in bytes.
pub const MAX_RECORDING: usize = 32 << 20;

/// A recorded game, checked action by action, with every state it passed through.
#[derive(Debug)]
pub struct Replay {
    game: Box<dyn AnyGame>,
    states: Vec<Box<dyn AnyState>>,
    actions: Vec<String>,
    seats: Vec<String>,
    seed: Option<u64>,
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
                Ok(Replay {
                    game: r.game,
                    states: r.states,
                    actions: r.actions,
                    seats,
                    seed,
                })
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
                let mut state = game.new_state(seed);
                let mut states = vec![state.clone_box()];
                let actions = end.history();
                for a in &actions {
                    state.apply(a).map_err(|e| e.to_string())?;
                    states.push(state.clone_box());
                }
                let seats = (0..game.num_players())
                    .map(|s| format!("seat {s}"))
                    .collect();
                Ok(Replay {
                    game,
                    states,
                    actions,
                    seats,
                    seed: Some(seed),
                })
            }
            _ => Err(
                "not a recording: expected a trace (format \"parlour-trace\") or a saved state \
                 (format \"parlour-state\")"
                    .into(),
            ),
        }
    }

    /// Each seat's return where the recording ends.
    pub fn returns(&self) -> Vec<f64> {
        self.states.last().map(|s| s.returns()).unwrap_or_default()
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
        let actors: Vec<Option<usize>> = self.states.iter().map(|s| s.current_player()).collect();
        json!({
            "replay": id,
            "game": info.name,
            "title": info.title,
            "options": self.game.options(),
            "seed": self.seed,
            "players": self.game.num_players(),
            "seats": self.seats,
            "decisions": self.actions.len(),
            "actions": self.actions.iter().zip(&actors).map(|(a, s)| json!({"seat": s, "action": a})).collect::<Vec<_>>(),
        })
    }

    /// The position before decision `step` (`step == len()` is the end): every seat's view,
    /// the public view, the seat to act and what it did.
    pub fn step(&self, step: usize) -> Option<Value> {
        let state = self.states.get(step)?;
        let over = state.is_terminal();
        Some(json!({
            "decision": step,
            "to_act": state.current_player(),
            "observations": (0..self.game.num_players()).filter_map(|s| state.observation(s).ok()).collect::<Vec<_>>(),
            "public": state.public_view(),
            "action": self.actions.get(step),
            "returns": over.then(|| state.returns()),
            "winners": over.then(|| state.winners()),
        }))
    }
}
