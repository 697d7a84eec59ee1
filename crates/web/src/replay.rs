//! Recorded games to step through: a trace (`parlour play --trace`, or a finished table's), or
//! a saved state (the Python package's `State.save`).

use std::sync::Mutex;

use parlour_dynamic::{AnyGame, AnyState};
use serde_json::{json, Value};

/// The largest recording the server reads, in bytes.
pub const MAX_RECORDING: usize = 32 << 20;

/// The largest saved state the server reads (it is read whole as JSON), in bytes.
pub const MAX_SAVED_STATE: usize = 4 << 20;

/// What a recording's first line (or a saved state) says it is.
#[derive(serde::Deserialize)]
struct Head {
    format: Option<String>,
    seats: Option<Vec<Value>>,
    seed: Option<u64>,
}

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
    seats: Vec<String>,
    seed: Option<u64>,
    end: Box<dyn AnyState>,
    /// The state before decision `i * spacing`, for each `i`.
    checkpoints: Vec<Box<dyn AnyState>>,
    spacing: usize,
    /// The position last shown, and its decision.
    cursor: Mutex<Option<(usize, Box<dyn AnyState>)>>,
    /// Every action with its seat, as the summary's JSON (written once).
    listed: String,
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
        // Only the fields wanted are read: the rest of a large document is skipped, not held.
        let head: Head = serde_json::from_str(first)
            .or_else(|_| serde_json::from_str(text))
            .map_err(|e| format!("line 1 is not JSON, or not a recording's head: {e}"))?;
        match head.format.as_deref() {
            Some("parlour-trace") => {
                let seats = head
                    .seats
                    .unwrap_or_default()
                    .iter()
                    .map(|v| v.as_str().unwrap_or("?").to_string())
                    .collect();
                let r = parlour_dynamic::replay(text).map_err(|e| e.to_string())?;
                Replay::new(r.game, r.seed, r.actions, seats, head.seed)
            }
            Some(parlour_dynamic::STATE_FORMAT) => {
                if text.len() > MAX_SAVED_STATE {
                    return Err(format!(
                        "a saved state of {} bytes is over the limit of {MAX_SAVED_STATE}",
                        text.len()
                    ));
                }
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
        let listed = serde_json::to_string(
            &actions
                .iter()
                .zip(&actors)
                .map(|(a, s)| json!({"seat": s, "action": a}))
                .collect::<Vec<_>>(),
        )
        .map_err(|e| e.to_string())?;
        Ok(Replay {
            listed,
            game,
            actions,
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
        text + self.listed.len() + n * 24 + (self.checkpoints.len() + 2) * state
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
    /// As JSON text: the list of actions is written once, when the replay is read.
    pub fn summary(&self, id: &str) -> String {
        let info = self.game.info();
        let mut text = json!({
            "replay": id,
            "game": info.name,
            "title": info.title,
            "options": self.game.options(),
            "seed": self.seed,
            "players": self.game.num_players(),
            "seats": self.seats,
            "decisions": self.actions.len(),
        })
        .to_string();
        text.pop();
        text.push_str(",\"actions\":");
        text.push_str(&self.listed);
        text.push('}');
        text
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Every position a replay shows, reached forwards, backwards and by jumps (from its
    /// checkpoints and its cursor), is the position a fresh deal reaches by playing the actions.
    #[test]
    fn every_step_is_the_position_the_actions_reach() {
        let game = parlour_dynamic::open("uno", &[("rounds".to_string(), json!(3))]).unwrap();
        let mut state = game.new_state(11);
        // The built-in random bot plays every seat.
        let mut random = game.bot("random", 5).unwrap();
        while !state.is_terminal() {
            let action = random.act(state.as_ref()).unwrap();
            state.apply(&action).unwrap();
        }
        let names: Vec<String> = (0..4).map(|i| format!("seat {i}")).collect();
        let replay = Replay::read(&state.trace(&names).unwrap()).unwrap();
        let n = replay.len();
        assert!(n > 100, "{n} decisions");
        let actions = state.history();
        let fresh = |k: usize| {
            let mut s = game.new_state(11);
            for a in &actions[..k] {
                s.apply(a).unwrap();
            }
            s
        };
        let mut order: Vec<usize> = (0..=n).collect();
        order.extend((0..=n).rev());
        order.extend([n / 2, 3, n, 0, n - 1, n / 3 + 1, n / 3]);
        for k in order {
            let shown = replay.step(k).unwrap();
            let s = fresh(k);
            assert_eq!(shown["decision"], json!(k));
            assert_eq!(shown["to_act"], json!(s.current_player()), "step {k}");
            assert_eq!(shown["public"], s.public_view(), "step {k}");
            let seen: Vec<Value> = (0..4).map(|p| s.observation(p).unwrap()).collect();
            assert_eq!(shown["observations"], json!(seen), "step {k}");
            assert_eq!(shown["action"], json!(actions.get(k)), "step {k}");
        }
        assert!(replay.step(n + 1).is_none());
        // The summary lists every action, with who made it.
        let summary: Value = serde_json::from_str(&replay.summary("r1")).unwrap();
        assert_eq!(summary["replay"], "r1");
        assert_eq!(summary["actions"].as_array().unwrap().len(), n);
        assert_eq!(summary["decisions"], json!(n));
    }

    #[test]
    fn a_large_document_that_is_not_a_recording_is_refused_without_reading_it_whole() {
        let numbers = format!("[{}0]", "0,".repeat(1 << 20));
        assert!(Replay::read(&numbers).unwrap_err().contains("head"));
        let object = format!("{{\"x\":[{}0]}}", "0,".repeat(1 << 20));
        assert!(Replay::read(&object)
            .unwrap_err()
            .contains("not a recording"));
        let state = format!(
            "{{\"format\":\"{}\",\"x\":\"{}\"}}",
            parlour_dynamic::STATE_FORMAT,
            "y".repeat(MAX_SAVED_STATE)
        );
        assert!(Replay::read(&state).unwrap_err().contains("over the limit"));
    }
}
