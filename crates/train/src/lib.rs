//! # parlour-train
//!
//! Self-play training for parlour's learned bots, on parlour's own engines: Deep Monte-Carlo
//! (DMC, as DouZero trains), with the `candle-core` crate for the gradients.
//!
//! Each **iteration** plays [`Config::games`] self-play games in which every seat is the
//! current network, choosing the legal action it values most (a random one with probability
//! [`Config::epsilon`]). Every decision with a choice becomes a sample: the seat's observation
//! vector, the chosen action's tokens, and as target the seat's final return less the other
//! seats' mean, over a scale fixed in the first iteration. The network `Q(s, a)` (see
//! `parlour_learn::model`) is then fitted to those targets by mean squared error with Adam,
//! for [`Config::epochs`] passes in shuffled minibatches. Every [`Config::eval_every`]
//! iterations the greedy network plays [`Config::eval_deals`] fixed deals against
//! [`Config::against`] (every seat rotation, seats alternating), which gives the strength
//! curve.
//!
//! **Reproducible.** Everything random (initial weights, deals, exploration, minibatches)
//! comes from [`Config::seed`] and the iteration number, self-play games run in parallel but
//! are gathered in order, and a checkpoint holds the weights, Adam's moments and the curve.
//! A run resumed from its checkpoint continues exactly as if never stopped. The float sums of
//! the training step come from candle's CPU matrix products, so the same build on the same
//! kind of machine gives the same bytes; across CPUs with other vector units they may differ
//! in the last bits.
//!
//! ```
//! use parlour_core::Game;
//! use parlour_nim::Nim;
//! use parlour_train::{Config, Trainer};
//!
//! let game = Nim::new(Default::default()).unwrap();
//! let config = Config { iterations: 2, games: 20, hidden: vec![8], eval_every: 0, ..Config::default() };
//! let dir = std::env::temp_dir().join(format!("parlour-train-doc-{}", std::process::id()));
//! let mut trainer = Trainer::new(game, config, &dir, "doc example").unwrap();
//! while trainer.iteration() < 2 {
//!     let row = trainer.step().unwrap();
//!     assert!(row.loss.is_finite());
//! }
//! assert_eq!(trainer.model().meta().game, "nim");
//! std::fs::remove_dir_all(&dir).unwrap();
//! ```

mod net;
pub mod svg;

use std::path::{Path, PathBuf};
use std::time::Instant;

use parlour_core::encode::{Encode, Token};
use parlour_core::rng::{derive_seed, seeded};
use parlour_core::search::margin;
use parlour_core::{Bot, BotSpec, Decision, GameAi, Seating, State};
use parlour_learn::bot::{argmax, make_prior, own_bot, Features, LearnedBot};
use parlour_learn::model::{Meta, Model, Scratch};
use rand::seq::SliceRandom;
use rand::RngExt;
use rayon::prelude::*;
use serde::{Deserialize, Serialize};

pub use net::Net;

/// A training run's settings. A checkpoint records them, and a resumed run must match (all but
/// `iterations`, which may grow).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "clap", derive(clap::Args))]
pub struct Config {
    /// Seeds everything.
    #[cfg_attr(feature = "clap", arg(long, default_value_t = 1))]
    pub seed: u64,
    /// Iterations to reach.
    #[cfg_attr(feature = "clap", arg(long, default_value_t = 100))]
    pub iterations: u64,
    /// Self-play games an iteration.
    #[cfg_attr(feature = "clap", arg(long, default_value_t = 200))]
    pub games: u64,
    /// The hidden layers' widths.
    #[cfg_attr(
        feature = "clap",
        arg(long, default_value = "256,256", value_delimiter = ',')
    )]
    pub hidden: Vec<usize>,
    /// Adam's learning rate.
    #[cfg_attr(feature = "clap", arg(long, default_value_t = 3e-4))]
    pub learning_rate: f64,
    /// Samples a minibatch.
    #[cfg_attr(feature = "clap", arg(long, default_value_t = 256))]
    pub batch: usize,
    /// Passes over an iteration's samples.
    #[cfg_attr(feature = "clap", arg(long, default_value_t = 2))]
    pub epochs: usize,
    /// The chance of a random move in self-play.
    #[cfg_attr(feature = "clap", arg(long, default_value_t = 0.05))]
    pub epsilon: f64,
    /// Evaluate every this many iterations (0: never).
    #[cfg_attr(feature = "clap", arg(long, default_value_t = 10))]
    pub eval_every: u64,
    /// Deals an evaluation plays (each under every seat rotation).
    #[cfg_attr(feature = "clap", arg(long, default_value_t = 100))]
    pub eval_deals: u64,
    /// The bot evaluations play against.
    #[cfg_attr(feature = "clap", arg(long, default_value = "random"))]
    pub against: String,
    /// A bot that plays every seat of the self-play games instead of the network for the first
    /// `warm_iterations` (empty: none). The network then learns the values of that
    /// bot's play and of the random moves that ε mixes in, so its greedy play starts as one
    /// step of policy improvement over the bot.
    #[serde(default)]
    #[cfg_attr(feature = "clap", arg(long, default_value = ""))]
    pub warm_start: String,
    /// How many iterations the warm-start bot plays.
    #[serde(default)]
    #[cfg_attr(feature = "clap", arg(long, default_value_t = 0))]
    pub warm_iterations: u64,
    /// Targets from paired playouts instead of the game's own result (empty: the result). At a
    /// sampled decision, each of up to `rollout_actions` legal actions is played and
    /// the game finished by this bot in every seat, with the same seed for every action, and
    /// each action's target is its result less the mean of the decision's: its advantage, with
    /// the luck the playouts share taken out.
    #[serde(default)]
    #[cfg_attr(feature = "clap", arg(long, default_value = ""))]
    pub rollout: String,
    /// The most actions a decision's playouts try.
    #[serde(default = "default_rollout_actions")]
    #[cfg_attr(feature = "clap", arg(long, default_value_t = 8))]
    pub rollout_actions: usize,
    /// The share of decisions given playouts.
    #[serde(default = "default_rollout_rate")]
    #[cfg_attr(feature = "clap", arg(long, default_value_t = 1.0))]
    pub rollout_rate: f64,
    /// What the network learns to predict: `return` (the game's returns, the default) or
    /// `wins` (each seat's share of the win), for games whose returns are lopsided (Phased
    /// Out's 10,000 for the last phase).
    #[serde(default = "default_target")]
    #[cfg_attr(feature = "clap", arg(long, default_value = "return"))]
    pub target: String,
    /// One of the game's own bots whose choice is an input to the network (empty: none). It is
    /// asked at every decision, so the network can start from its play and learn where
    /// another action is better (the model names it; the `learned` bot asks it too).
    #[serde(default)]
    #[cfg_attr(feature = "clap", arg(long, default_value = ""))]
    pub prior: String,
}

fn default_target() -> String {
    "return".into()
}

fn default_rollout_actions() -> usize {
    8
}

fn default_rollout_rate() -> f64 {
    1.0
}

impl Default for Config {
    fn default() -> Config {
        Config {
            seed: 1,
            iterations: 100,
            games: 200,
            hidden: vec![256, 256],
            learning_rate: 3e-4,
            batch: 256,
            epochs: 2,
            epsilon: 0.05,
            eval_every: 10,
            eval_deals: 100,
            against: "random".into(),
            warm_start: String::new(),
            warm_iterations: 0,
            rollout: String::new(),
            rollout_actions: default_rollout_actions(),
            rollout_rate: default_rollout_rate(),
            target: default_target(),
            prior: String::new(),
        }
    }
}

/// One iteration's figures: a point of the curve.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Row {
    /// The iteration (1 for the first).
    pub iteration: u64,
    /// Samples it trained on.
    pub samples: u64,
    /// Mean squared error over its minibatches.
    pub loss: f64,
    /// The greedy network's share of the wins against [`Config::against`], if evaluated.
    pub eval_share: Option<f64>,
    /// Its mean return a seat less the opponent's, if evaluated.
    pub eval_lead: Option<f64>,
    /// CPU seconds spent so far (this process and the runs it resumed).
    pub cpu_seconds: f64,
}

impl Row {
    /// The iteration in one line for people: its loss and samples, the last evaluation's
    /// share of the wins against `against` (`last_eval`, when there has been one), CPU time.
    pub fn describe(&self, last_eval: Option<f64>, against: &str) -> String {
        let mut s = format!("loss {:.4} on {} samples", self.loss, self.samples);
        if let Some(share) = last_eval {
            s += &format!(" · {:.1}% of the wins against {against}", 100.0 * share);
        }
        s + &format!(" · {:.0} CPU-s", self.cpu_seconds)
    }
}

/// Why training cannot go on.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum TrainError {
    /// A file could not be read or written.
    #[error("{path}: {error}")]
    Io {
        /// The file.
        path: PathBuf,
        /// What went wrong.
        error: std::io::Error,
    },
    /// The checkpoint is damaged or from another run.
    #[error("checkpoint {path}: {reason}")]
    Checkpoint {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        reason: String,
    },
    /// A setting is not valid.
    #[error("{0}")]
    Config(String),
    /// The tensor library failed.
    #[error("training step: {0}")]
    Candle(#[from] candle_core::Error),
}

/// The samples of one iteration's self-play.
#[derive(Debug, Default)]
struct Samples {
    states: Vec<f32>,
    tokens: Vec<Token>,
    ends: Vec<usize>,
    targets: Vec<f32>,
    /// Whether each sample's action is the prior bot's choice.
    priors: Vec<bool>,
}

impl Samples {
    fn len(&self) -> usize {
        self.targets.len()
    }
}

/// A training run in a directory: `checkpoint.safetensors` (resume from it), `model.safetensors`
/// (the latest network, for `learned:model=...`), `models/iteration-N.safetensors` (every
/// evaluated network), `curve.csv` and `curve.svg`.
pub struct Trainer<G: GameAi + Encode> {
    game: G,
    config: Config,
    dir: PathBuf,
    net: Net,
    iteration: u64,
    scale: Option<f64>,
    rows: Vec<Row>,
    cpu_before: f64,
    cpu_start: f64,
    command: String,
    observation_len: usize,
    action_space: usize,
}

impl<G: GameAi + Encode + 'static> Trainer<G> {
    /// A new run in `dir` (created), which must not hold one already; `command` is recorded
    /// in the model's provenance.
    pub fn new(
        game: G,
        config: Config,
        dir: &Path,
        command: &str,
    ) -> Result<Trainer<G>, TrainError> {
        check_config(&config)?;
        check_prior::<G>(&config)?;
        if checkpoint_path(dir).exists() {
            return Err(TrainError::Config(format!(
                "{} already holds a training run; pass --resume to continue it, or choose another directory",
                dir.display()
            )));
        }
        std::fs::create_dir_all(dir).map_err(|error| TrainError::Io {
            path: dir.to_path_buf(),
            error,
        })?;
        let observation_len = game.observation_layout().len();
        let action_space = game.action_layout().len();
        let net = Net::new(
            input_len(observation_len, action_space, &config),
            &config.hidden,
            derive_seed(config.seed, u64::MAX),
        )?;
        Ok(Trainer {
            game,
            config,
            dir: dir.to_path_buf(),
            net,
            iteration: 0,
            scale: None,
            rows: Vec::new(),
            cpu_before: 0.0,
            cpu_start: cpu_seconds(),
            command: command.to_string(),
            observation_len,
            action_space,
        })
    }

    /// Resumes the run in `dir` from its checkpoint. `config` must match the checkpoint's,
    /// except `iterations`, which may grow.
    pub fn resume(
        game: G,
        config: Config,
        dir: &Path,
        command: &str,
    ) -> Result<Trainer<G>, TrainError> {
        check_config(&config)?;
        check_prior::<G>(&config)?;
        let path = checkpoint_path(dir);
        let bytes = std::fs::read(&path).map_err(|error| TrainError::Io {
            path: path.clone(),
            error,
        })?;
        let bad = |reason: String| TrainError::Checkpoint {
            path: path.clone(),
            reason,
        };
        let saved = net::Checkpoint::from_bytes(&bytes).map_err(bad)?;
        let mut theirs: Config = serde_json::from_str(&saved.config)
            .map_err(|e| bad(format!("its settings are not readable: {e}")))?;
        if saved.game != G::INFO.name {
            return Err(bad(format!(
                "it trains {}, not {}",
                saved.game,
                G::INFO.name
            )));
        }
        let ours = serde_json::to_value(game.options()).unwrap_or_default();
        if saved.options != ours {
            return Err(bad(format!(
                "it trains under options {}, not {ours}",
                saved.options
            )));
        }
        theirs.iterations = config.iterations;
        if theirs != config {
            let a = serde_json::to_value(&theirs).unwrap_or_default();
            let b = serde_json::to_value(&config).unwrap_or_default();
            let differ: Vec<String> = a
                .as_object()
                .into_iter()
                .flatten()
                .filter(|(k, v)| b.get(k.as_str()) != Some(v))
                .map(|(k, v)| format!("{k} (it has {v}, not {})", b[k.as_str()]))
                .collect();
            return Err(bad(format!("its settings differ: {}", differ.join(", "))));
        }
        let observation_len = game.observation_layout().len();
        let action_space = game.action_layout().len();
        let inputs = input_len(observation_len, action_space, &config);
        let net = Net::restore(inputs, &config.hidden, &saved).map_err(bad)?;
        Ok(Trainer {
            game,
            config,
            dir: dir.to_path_buf(),
            net,
            iteration: saved.iteration,
            scale: Some(saved.scale),
            rows: saved.rows,
            cpu_before: saved.cpu_seconds,
            cpu_start: cpu_seconds(),
            command: command.to_string(),
            observation_len,
            action_space,
        })
    }

    /// Iterations done.
    pub fn iteration(&self) -> u64 {
        self.iteration
    }

    /// The settings.
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// The curve so far.
    pub fn rows(&self) -> &[Row] {
        &self.rows
    }

    /// The last evaluation in one line for people, if there has been one.
    pub fn last_evaluation(&self) -> Option<String> {
        let r = self.rows.iter().rev().find(|r| r.eval_share.is_some())?;
        Some(format!(
            "last evaluation (iteration {}): {:.1}% of the wins against {}, lead {:+.2} a seat per game",
            r.iteration,
            100.0 * r.eval_share.unwrap_or_default(),
            self.config.against,
            r.eval_lead.unwrap_or_default()
        ))
    }

    /// The current network as a model.
    pub fn model(&self) -> Model {
        let meta = Meta {
            game: G::INFO.name.to_string(),
            options: serde_json::to_value(self.game.options()).unwrap_or_default(),
            observation_len: self.observation_len,
            action_space: self.action_space,
            hidden: self.config.hidden.clone(),
            return_scale: self.scale.unwrap_or(1.0),
            provenance: format!(
                "{} · iteration {} · {:.2} CPU-hours",
                self.command,
                self.iteration,
                self.cpu() / 3600.0
            ),
            prior: (!self.config.prior.is_empty()).then(|| self.config.prior.clone()),
        };
        Model::new(meta, self.net.layers(), "the network in training")
            .expect("a network in training is a valid model")
    }

    fn cpu(&self) -> f64 {
        self.cpu_before + (cpu_seconds() - self.cpu_start)
    }

    /// Plays one iteration's self-play, trains on it, evaluates when due, and writes the
    /// checkpoint, the model and the curve.
    pub fn step(&mut self) -> Result<Row, TrainError> {
        let it = self.iteration;
        let model = self.model();
        let seed = derive_seed(self.config.seed, it);
        let raw = self.self_play(&model, seed);
        let scale = *self.scale.get_or_insert_with(|| {
            let n = raw.targets.len().max(1) as f64;
            let rms = (raw
                .targets
                .iter()
                .map(|&t| f64::from(t).powi(2))
                .sum::<f64>()
                / n)
                .sqrt();
            if rms > 1e-9 {
                rms
            } else {
                1.0
            }
        });
        let mut samples = raw;
        for t in &mut samples.targets {
            *t = (f64::from(*t) / scale) as f32;
        }
        let loss = self.train_on(&samples, derive_seed(seed, 1))?;
        self.iteration += 1;
        let (eval_share, eval_lead) = if self.config.eval_every > 0
            && (self.iteration % self.config.eval_every == 0
                || self.iteration == self.config.iterations)
        {
            let (share, lead) = self.evaluate(&self.model())?;
            (Some(share), Some(lead))
        } else {
            (None, None)
        };
        let row = Row {
            iteration: self.iteration,
            samples: samples.len() as u64,
            loss,
            eval_share,
            eval_lead,
            cpu_seconds: self.cpu(),
        };
        self.rows.push(row.clone());
        self.save()?;
        Ok(row)
    }

    /// Self-play: every seat the network, ε-greedy.
    fn self_play(&self, model: &Model, seed: u64) -> Samples {
        let games: Vec<Samples> = (0..self.config.games)
            .into_par_iter()
            .map(|g| self.episode(model, derive_seed(seed, g)))
            .collect();
        let mut all = Samples::default();
        for s in games {
            let base = all.tokens.len();
            all.states.extend_from_slice(&s.states);
            all.ends.extend(s.ends.iter().map(|e| e + base));
            all.tokens.extend_from_slice(&s.tokens);
            all.targets.extend_from_slice(&s.targets);
            all.priors.extend_from_slice(&s.priors);
        }
        all
    }

    fn episode(&self, model: &Model, seed: u64) -> Samples {
        let mut rng = seeded(seed);
        let mut state = self.game.new_game(rng.random());
        let rollout: Option<BotSpec> = if self.config.rollout.is_empty() {
            None
        } else {
            self.config.rollout.parse().ok()
        };
        // The warm-start bot in every seat, while it plays.
        let mut warm: Vec<Box<dyn Bot<G>>> = Vec::new();
        if self.iteration < self.config.warm_iterations {
            if let Ok(spec) = self.config.warm_start.parse::<BotSpec>() {
                for s in 0..self.game.num_players() {
                    if let Ok(bot) = parlour_bots::make_bot::<G>(&spec, derive_seed(seed, s as u64))
                    {
                        warm.push(bot);
                    }
                }
            }
        }
        // The prior bot in every seat, asked at every decision as the learned bot asks it.
        let mut priors: Vec<Box<dyn Bot<G>>> = Vec::new();
        if !self.config.prior.is_empty() {
            for s in 0..self.game.num_players() {
                let Ok(mut bot) =
                    make_prior::<G>(&self.config.prior, derive_seed(seed, 64 + s as u64), "")
                else {
                    break;
                };
                bot.start(&self.game, seating(s));
                priors.push(bot);
            }
        }
        let mut out = Samples::default();
        let mut seats = Vec::new();
        let (mut features, mut q, mut scratch) =
            (Features::default(), Vec::new(), Scratch::default());
        let mut legal = Vec::new();
        while let Some(seat) = state.current_player() {
            state.legal_actions(&mut legal);
            // The observation, once, when a prior or a choice needs it.
            let observation =
                (legal.len() > 1 || !priors.is_empty()).then(|| state.observation(seat));
            let prior = priors
                .get_mut(seat)
                .zip(observation.as_ref())
                .and_then(|(bot, o)| {
                    let a = bot.act(&Decision::new(&self.game, seat, o, &legal));
                    legal.iter().position(|&l| l == a)
                });
            if let Some(observation) = observation.filter(|_| legal.len() > 1) {
                features.fill(&self.game, self.observation_len, seat, &observation, &legal);
                features.prior = prior;
                let k = if rng.random::<f64>() < self.config.epsilon {
                    rng.random_range(0..legal.len())
                } else if let Some(bot) = warm.get_mut(seat) {
                    let a = bot.act(&Decision::new(&self.game, seat, &observation, &legal));
                    legal.iter().position(|&l| l == a).unwrap_or(0)
                } else {
                    model.q_values(
                        &features.state,
                        &features.tokens,
                        &features.ends,
                        features.prior,
                        &mut q,
                        &mut scratch,
                    );
                    argmax(&q)
                };
                if let Some(spec) = &rollout {
                    if rng.random::<f64>() < self.config.rollout_rate {
                        let mut tried: Vec<usize> = (0..legal.len()).collect();
                        if tried.len() > self.config.rollout_actions {
                            tried.shuffle(&mut rng);
                            tried.truncate(self.config.rollout_actions);
                            tried.sort_unstable();
                        }
                        let playout_seed: u64 = rng.random();
                        let first = out.targets.len();
                        for &i in &tried {
                            let mut after = state.clone();
                            if after.apply(legal[i]).is_err() {
                                continue;
                            }
                            let r = self.playout(after, spec, playout_seed);
                            let start = if i == 0 { 0 } else { features.ends[i - 1] };
                            out.states.extend_from_slice(&features.state);
                            out.tokens
                                .extend_from_slice(&features.tokens[start..features.ends[i]]);
                            out.ends.push(out.tokens.len());
                            out.priors.push(prior == Some(i));
                            out.targets.push(margin(&self.outcome(r), seat) as f32);
                        }
                        // The paired playouts share their luck: the targets are each action's
                        // result less the mean of the decision's, so what is left is the
                        // action's advantage.
                        let tried = &mut out.targets[first..];
                        let mean = tried.iter().sum::<f32>() / tried.len().max(1) as f32;
                        for t in tried {
                            *t -= mean;
                        }
                    }
                } else {
                    let start = if k == 0 { 0 } else { features.ends[k - 1] };
                    out.states.extend_from_slice(&features.state);
                    out.tokens
                        .extend_from_slice(&features.tokens[start..features.ends[k]]);
                    out.ends.push(out.tokens.len());
                    out.priors.push(prior == Some(k));
                    seats.push(seat);
                }
                if state.apply(legal[k]).is_err() {
                    break;
                }
            } else if state.apply(legal[0]).is_err() {
                break;
            }
        }
        if rollout.is_none() {
            let returns = state.returns();
            let outcome = self.outcome(returns);
            out.targets = seats.iter().map(|&s| margin(&outcome, s) as f32).collect();
        }
        out
    }

    /// What a game's `returns` are worth to each seat as training targets: the returns
    /// themselves, or under `--target wins` each seat's share of the win (the seats with the
    /// best return split it).
    fn outcome(&self, returns: Vec<f64>) -> Vec<f64> {
        if self.config.target != "wins" {
            return returns;
        }
        let best = returns.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let winners = returns.iter().filter(|&&r| r == best).count().max(1) as f64;
        returns
            .iter()
            .map(|&r| if r == best { 1.0 / winners } else { 0.0 })
            .collect()
    }

    /// Finishes the game from `state` with the bot `spec` in every seat (seeded from `seed`);
    /// the returns.
    fn playout(&self, mut state: G::State, spec: &BotSpec, seed: u64) -> Vec<f64> {
        let n = self.game.num_players();
        let mut bots: Vec<Option<Box<dyn Bot<G>>>> = (0..n).map(|_| None).collect();
        let mut legal = Vec::new();
        while let Some(seat) = state.current_player() {
            state.legal_actions(&mut legal);
            let action = if legal.len() == 1 {
                legal[0]
            } else {
                let bot = match &mut bots[seat] {
                    Some(b) => b,
                    slot => {
                        let Ok(mut b) =
                            parlour_bots::make_bot::<G>(spec, derive_seed(seed, seat as u64))
                        else {
                            break;
                        };
                        b.start(&self.game, seating(seat));
                        slot.insert(b)
                    }
                };
                let observation = state.observation(seat);
                bot.act(&Decision::new(&self.game, seat, &observation, &legal))
            };
            if state.apply(action).is_err() {
                break;
            }
        }
        state.returns()
    }

    /// Fits the network to `samples`; the mean loss.
    fn train_on(&mut self, samples: &Samples, seed: u64) -> Result<f64, TrainError> {
        let n = samples.len();
        if n == 0 {
            return Ok(0.0);
        }
        let has_prior = !self.config.prior.is_empty();
        let (obs, d) = (
            self.observation_len,
            input_len(self.observation_len, self.action_space, &self.config),
        );
        let mut rng = seeded(seed);
        let mut order: Vec<usize> = (0..n).collect();
        let (mut total, mut batches) = (0.0, 0u64);
        let mut x = Vec::new();
        let mut y = Vec::new();
        for _ in 0..self.config.epochs {
            order.shuffle(&mut rng);
            for chunk in order.chunks(self.config.batch) {
                x.clear();
                x.resize(chunk.len() * d, 0.0);
                y.clear();
                for (r, &i) in chunk.iter().enumerate() {
                    let row = &mut x[r * d..(r + 1) * d];
                    row[..obs].copy_from_slice(&samples.states[i * obs..(i + 1) * obs]);
                    let start = if i == 0 { 0 } else { samples.ends[i - 1] };
                    for &t in &samples.tokens[start..samples.ends[i]] {
                        row[obs + t as usize] += 1.0;
                    }
                    if has_prior && samples.priors[i] {
                        row[obs + self.action_space] = 1.0;
                    }
                    y.push(samples.targets[i]);
                }
                total += self
                    .net
                    .step(&x, &y, chunk.len(), self.config.learning_rate)?;
                batches += 1;
            }
        }
        Ok(total / batches.max(1) as f64)
    }

    /// The greedy network against [`Config::against`] over the fixed evaluation deals: its
    /// share of the wins and its lead in mean return a seat.
    pub fn evaluate(&self, model: &Model) -> Result<(f64, f64), TrainError> {
        evaluate(
            &self.game,
            model,
            &self.config.against,
            self.config.eval_deals,
            self.config.seed,
        )
    }

    fn save(&self) -> Result<(), TrainError> {
        let io = |path: PathBuf| move |error| TrainError::Io { path, error };
        let checkpoint = net::Checkpoint {
            game: G::INFO.name.to_string(),
            options: serde_json::to_value(self.game.options()).unwrap_or_default(),
            config: serde_json::to_string(&self.config).unwrap_or_default(),
            iteration: self.iteration,
            scale: self.scale.unwrap_or(1.0),
            rows: self.rows.clone(),
            cpu_seconds: self.cpu(),
            iteration_steps: 0,
            tensors: Vec::new(),
        };
        let path = checkpoint_path(&self.dir);
        write_atomic(&path, &self.net.checkpoint_bytes(checkpoint)?).map_err(io(path.clone()))?;
        let current = self.model();
        let model = self.dir.join("model.safetensors");
        current.save(&model).map_err(io(model.clone()))?;
        // Every evaluated network is kept, so the best of a run can be picked by its curve.
        if self.rows.last().is_some_and(|r| r.eval_share.is_some()) {
            let kept = self.dir.join("models");
            std::fs::create_dir_all(&kept).map_err(io(kept.clone()))?;
            let path = kept.join(format!("iteration-{:05}.safetensors", self.iteration));
            current.save(&path).map_err(io(path.clone()))?;
        }
        let csv = self.dir.join("curve.csv");
        write_atomic(&csv, curve_csv(&self.rows).as_bytes()).map_err(io(csv.clone()))?;
        let svg_path = self.dir.join("curve.svg");
        let title = format!(
            "{}: self-play training, against {}",
            G::INFO.title,
            self.config.against
        );
        write_atomic(&svg_path, svg::curve(&title, &self.rows).as_bytes())
            .map_err(io(svg_path.clone()))?;
        Ok(())
    }
}

/// `model` (greedy) against the bot `against` over `deals` fixed deals, each under every seat
/// rotation with the two sides alternating: its share of the wins (a shared win split) and its
/// lead in mean return a seat.
pub fn evaluate<G: GameAi + Encode + 'static>(
    game: &G,
    model: &Model,
    against: &str,
    deals: u64,
    seed: u64,
) -> Result<(f64, f64), TrainError> {
    let spec: BotSpec = against
        .parse()
        .map_err(|e| TrainError::Config(format!("--against: {e}")))?;
    let n = game.num_players();
    let eval_seed = derive_seed(seed, u64::MAX - 1);
    let results: Vec<Result<(f64, f64), TrainError>> = (0..deals * n as u64)
        .into_par_iter()
        .map(|g| {
            let (deal, rotation) = (g / n as u64, (g % n as u64) as usize);
            let is_a = |s: usize| (s + rotation) % 2 == 0;
            let mut seats: Vec<Box<dyn Bot<G>>> = Vec::new();
            for s in 0..n {
                if is_a(s) {
                    let bot = LearnedBot::<G>::new(
                        model.clone().into(),
                        "the network",
                        derive_seed(eval_seed, g * 16 + s as u64),
                    )
                    .map_err(|e| TrainError::Config(e.to_string()))?;
                    seats.push(Box::new(bot));
                } else {
                    let bot = parlour_bots::make_bot::<G>(
                        &spec,
                        derive_seed(eval_seed, g * 16 + s as u64),
                    )
                    .map_err(|e| TrainError::Config(format!("--against: {e}")))?;
                    seats.push(bot);
                }
            }
            let mut state = game.new_game(derive_seed(eval_seed, deal));
            let mut legal = Vec::new();
            while let Some(seat) = state.current_player() {
                state.legal_actions(&mut legal);
                let observation = state.observation(seat);
                let action = seats[seat].act(&Decision::new(game, seat, &observation, &legal));
                if state.apply(action).is_err() {
                    break;
                }
            }
            let r = state.returns();
            let best = r.iter().copied().fold(f64::MIN, f64::max);
            let winners: Vec<usize> = (0..n).filter(|&s| r[s] == best).collect();
            let share = winners.iter().filter(|&&s| is_a(s)).count() as f64 / winners.len() as f64;
            let mean = |side: bool| {
                let v: Vec<f64> = (0..n).filter(|&s| is_a(s) == side).map(|s| r[s]).collect();
                v.iter().sum::<f64>() / v.len().max(1) as f64
            };
            Ok((share, mean(true) - mean(false)))
        })
        .collect();
    let mut share = 0.0;
    let mut lead = 0.0;
    let count = results.len().max(1) as f64;
    for r in results {
        let (s, l) = r?;
        share += s;
        lead += l;
    }
    Ok((share / count, lead / count))
}

/// The seating a training game gives a bot.
fn seating(seat: usize) -> Seating {
    Seating {
        index: 0,
        deal: 0,
        seat,
        decisions: 0,
    }
}

/// A prior must be one of the game's own bots.
fn check_prior<G: GameAi>(config: &Config) -> Result<(), TrainError> {
    if config.prior.is_empty() {
        return Ok(());
    }
    own_bot::<G>(&config.prior)
        .map(|_| ())
        .map_err(|why| TrainError::Config(format!("--prior {}: {why}", config.prior)))
}

/// The network's input length: the observation, a count per action token, and the prior's
/// bit if `config` has a prior (as [`Meta::inputs`] reads it back).
fn input_len(observation_len: usize, action_space: usize, config: &Config) -> usize {
    observation_len + action_space + usize::from(!config.prior.is_empty())
}

fn check_config(config: &Config) -> Result<(), TrainError> {
    let bad = |m: &str| Err(TrainError::Config(m.to_string()));
    if config.games == 0 {
        return bad("--games must be at least 1");
    }
    if config.hidden.is_empty()
        || config.hidden.len() > 8
        || config.hidden.iter().any(|w| !(1..=4096).contains(w))
    {
        return bad("--hidden must list 1 to 8 widths, each from 1 to 4096");
    }
    if !(config.learning_rate > 0.0 && config.learning_rate < 1.0) {
        return bad("--learning-rate must be between 0 and 1");
    }
    if config.batch == 0 || config.epochs == 0 {
        return bad("--batch and --epochs must be at least 1");
    }
    if !(0.0..=1.0).contains(&config.epsilon) {
        return bad("--epsilon must be from 0 to 1");
    }
    if !(config.rollout_rate > 0.0 && config.rollout_rate <= 1.0) || config.rollout_actions == 0 {
        return bad(
            "--rollout-rate must be above 0 and at most 1, and --rollout-actions at least 1",
        );
    }
    if config.target != "return" && config.target != "wins" {
        return bad("--target must be return or wins");
    }
    if config.warm_iterations > 0 && config.warm_start.is_empty() {
        return bad("--warm-iterations needs --warm-start BOT");
    }
    if config.eval_every > 0 && config.eval_deals == 0 {
        return bad("--eval-deals must be at least 1 when evaluating");
    }
    Ok(())
}

fn checkpoint_path(dir: &Path) -> PathBuf {
    dir.join("checkpoint.safetensors")
}

fn write_atomic(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(".tmp");
    std::fs::write(&tmp, bytes)?;
    std::fs::rename(&tmp, path)
}

fn curve_csv(rows: &[Row]) -> String {
    let mut s = String::from("iteration,samples,loss,eval_share,eval_lead,cpu_seconds\n");
    let opt = |x: Option<f64>| x.map_or(String::new(), |v| format!("{v}"));
    for r in rows {
        s += &format!(
            "{},{},{},{},{},{:.1}\n",
            r.iteration,
            r.samples,
            r.loss,
            opt(r.eval_share),
            opt(r.eval_lead),
            r.cpu_seconds
        );
    }
    s
}

/// This process's CPU time so far, in seconds (user and system, every thread).
fn cpu_seconds() -> f64 {
    #[cfg(unix)]
    {
        use nix::sys::resource::{getrusage, UsageWho};
        if let Ok(u) = getrusage(UsageWho::RUSAGE_SELF) {
            let t = |tv: nix::sys::time::TimeVal| tv.tv_sec() as f64 + tv.tv_usec() as f64 / 1e6;
            return t(u.user_time()) + t(u.system_time());
        }
    }
    static START: std::sync::OnceLock<Instant> = std::sync::OnceLock::new();
    START.get_or_init(Instant::now).elapsed().as_secs_f64()
}
