//! The engine of `parlour.pettingzoo`'s AEC environment: one native call a step and one an
//! observation, with PettingZoo's reward, termination and info dicts updated in place, so an
//! AEC loop pays for Python only in the loop itself.

use numpy::PyArray1;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString, PyTuple};

use crate::{err, ParlourError, PyGame, PyState};

/// Rewards at the end of a game.
#[derive(Clone, Copy, PartialEq)]
enum Reward {
    /// Each seat's return.
    Returns,
    /// +1 a winner, -1 the others, 0 everyone in a draw.
    Win,
}

/// PettingZoo's per-agent dicts, as the environment made them at its last reset.
struct Dicts {
    rewards: Py<PyDict>,
    cumulative: Py<PyDict>,
    terminations: Py<PyDict>,
    infos: Py<PyDict>,
}

/// The native half of an AEC environment (see `parlour.pettingzoo`).
#[pyclass(module = "parlour._parlour", name = "AecCore")]
pub(crate) struct PyAec {
    game: Py<PyGame>,
    /// The state, shared with the environment's `state` attribute.
    state: Option<Py<PyState>>,
    agents: Vec<Py<PyString>>,
    dicts: Option<Dicts>,
    reward: Reward,
    illegal_reward: f64,
    /// Whether the last step gave a reward (the dicts then need clearing at the next step).
    rewarded: bool,
    /// Whether the episode has ended (by the game's end or an illegal action).
    ended: bool,
    mask: Vec<bool>,
    zero: Vec<f32>,
}

impl PyAec {
    fn dicts(&self) -> PyResult<&Dicts> {
        self.dicts
            .as_ref()
            .ok_or_else(|| ParlourError::new_err("reset() the environment first"))
    }

    fn state<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyState>> {
        self.state
            .as_ref()
            .map(|s| s.bind(py).clone())
            .ok_or_else(|| ParlourError::new_err("reset() the environment first"))
    }
}

#[pymethods]
impl PyAec {
    #[new]
    fn new(
        game: Py<PyGame>,
        agents: Vec<Py<PyString>>,
        reward: &str,
        illegal_reward: f64,
    ) -> PyResult<PyAec> {
        let reward = match reward {
            "returns" => Reward::Returns,
            "win" => Reward::Win,
            other => {
                return Err(crate::OptionsError::new_err(format!(
                    "reward {other:?} is not \"returns\" or \"win\""
                )))
            }
        };
        Ok(PyAec {
            game,
            state: None,
            agents,
            dicts: None,
            reward,
            illegal_reward,
            rewarded: false,
            ended: false,
            mask: Vec::new(),
            zero: Vec::new(),
        })
    }

    /// Deals a new game from `seed` and binds the environment's new dicts; returns the state
    /// (shared: it moves as the environment steps).
    fn reset(
        &mut self,
        py: Python<'_>,
        seed: u64,
        rewards: Py<PyDict>,
        cumulative: Py<PyDict>,
        terminations: Py<PyDict>,
        infos: Py<PyDict>,
    ) -> PyResult<Py<PyState>> {
        let game = self.game.bind(py).get();
        let state = Py::new(py, game.new_state(seed))?;
        self.mask = vec![false; game.action_space()];
        self.zero = vec![0.0; game.observation_size()];
        self.state = Some(state.clone_ref(py));
        self.rewarded = false;
        self.ended = false;
        self.dicts = Some(Dicts {
            rewards,
            cumulative,
            terminations,
            infos,
        });
        Ok(state)
    }

    /// The seat to act (None once the game is over).
    fn current_player(&self, py: Python<'_>) -> PyResult<Option<usize>> {
        Ok(self.state(py)?.borrow().state.current_player())
    }

    /// Takes the acting agent's action (a token); returns the seat to act next (the same seat
    /// while an action's tokens are pending, and when this step ends the episode), or -1 when
    /// the episode had already ended (the environment then makes PettingZoo's step of a
    /// finished agent). An action that is not a legal token ends the episode with the
    /// illegal-move penalty; it never raises.
    fn step(&mut self, py: Python<'_>, action: &Bound<'_, PyAny>) -> PyResult<i64> {
        let state = self.state(py)?;
        let mut s = state.borrow_mut();
        let seat = match s.state.current_player() {
            Some(seat) if !self.ended => seat,
            _ => return Ok(-1),
        };
        let d = self
            .dicts
            .as_ref()
            .ok_or_else(|| ParlourError::new_err("reset() the environment first"))?;
        let (rewards, cumulative) = (d.rewards.bind(py), d.cumulative.bind(py));
        let agent = self.agents[seat].bind(py);
        // Rewards are 0 until a game ends, so in play there is nothing to clear or add up
        // (PettingZoo's _clear_rewards and _accumulate_rewards would change nothing).
        if self.rewarded {
            for a in &self.agents {
                rewards.set_item(a.bind(py), 0.0)?;
            }
            cumulative.set_item(agent, 0.0)?;
            self.rewarded = false;
        }
        let token = action
            .extract::<i64>()
            .ok()
            .and_then(|t| u32::try_from(t).ok());
        let outcome = token.map(|t| s.state.apply_token(t));
        let mut over = false;
        match outcome {
            None | Some(Err(_)) => {
                // As PettingZoo's TerminateIllegalWrapper: the episode ends, the agent pays.
                rewards.set_item(agent, self.illegal_reward)?;
                over = true;
                let info = d.infos.bind(py).get_item(agent)?;
                if let Some(info) = info {
                    info.set_item("illegal_move", true)?;
                }
            }
            Some(Ok(Some(_))) if s.state.is_terminal() => {
                over = true;
                let returns = s.state.returns();
                let winners = s.state.winners();
                for (i, a) in self.agents.iter().enumerate() {
                    let r = match self.reward {
                        Reward::Returns => returns[i],
                        Reward::Win if winners.is_empty() => 0.0,
                        Reward::Win if winners.contains(&i) => 1.0,
                        Reward::Win => -1.0,
                    };
                    rewards.set_item(a.bind(py), r)?;
                }
            }
            Some(Ok(_)) => {}
        }
        if !over {
            return Ok(s.state.current_player().unwrap_or(seat) as i64);
        }
        self.rewarded = true;
        self.ended = true;
        let terminations = d.terminations.bind(py);
        for a in &self.agents {
            terminations.set_item(a.bind(py), true)?;
        }
        // PettingZoo's _accumulate_rewards.
        for a in &self.agents {
            let a = a.bind(py);
            let r: f64 = rewards.get_item(a)?.map_or(Ok(0.0), |r| r.extract())?;
            if r != 0.0 {
                let c: f64 = cumulative.get_item(a)?.map_or(Ok(0.0), |c| c.extract())?;
                cumulative.set_item(a, c + r)?;
            }
        }
        Ok(seat as i64)
    }

    /// `seat`'s observation dict: its vector and its legal mask (all 0 when it is not to act).
    fn observe<'py>(&mut self, py: Python<'py>, seat: usize) -> PyResult<Bound<'py, PyDict>> {
        let state = self.state(py)?;
        let mut s = state.borrow_mut();
        let mut vector = self.zero.clone();
        s.state.encode(seat, &mut vector).map_err(err)?;
        let mask: Vec<i8> = if s.state.current_player() == Some(seat) {
            s.state.legal_mask(&mut self.mask).map_err(err)?;
            self.mask.iter().map(|&m| i8::from(m)).collect()
        } else {
            vec![0; self.mask.len()]
        };
        let out = PyDict::new(py);
        out.set_item(
            pyo3::intern!(py, "observation"),
            PyArray1::from_vec(py, vector),
        )?;
        out.set_item(
            pyo3::intern!(py, "action_mask"),
            PyArray1::from_vec(py, mask),
        )?;
        Ok(out)
    }

    /// PettingZoo's `last()` for the agent at `seat`: (observation, cumulative reward,
    /// termination, truncation, info).
    #[pyo3(signature = (seat, observe = true, truncations = None))]
    fn last<'py>(
        &mut self,
        py: Python<'py>,
        seat: usize,
        observe: bool,
        truncations: Option<Bound<'py, PyDict>>,
    ) -> PyResult<Bound<'py, PyTuple>> {
        let obs = if observe {
            self.observe(py, seat)?.into_any()
        } else {
            py.None().into_bound(py)
        };
        let d = self.dicts()?;
        let agent = self.agents[seat].bind(py);
        let get = |dict: &Bound<'py, PyDict>| -> PyResult<Bound<'py, PyAny>> {
            dict.get_item(agent)?
                .ok_or_else(|| ParlourError::new_err("the agent is no longer in the game"))
        };
        let truncated = match &truncations {
            Some(t) => get(t)?,
            None => false.into_pyobject(py)?.to_owned().into_any(),
        };
        PyTuple::new(
            py,
            [
                obs,
                get(d.cumulative.bind(py))?,
                get(d.terminations.bind(py))?,
                truncated,
                get(d.infos.bind(py))?,
            ],
        )
    }
}
