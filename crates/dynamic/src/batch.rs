//! Many games stepped at once: one token per game in, observation vectors, masks, rewards and
//! ends out, in flat buffers (numpy arrays in the Python package), in parallel with rayon.
//!
//! Every game is independent and draws its deals from its own seeds, so a batch gives the
//! same trajectories whatever the number of threads. A finished game is dealt anew at once (its
//! step reports `done` and the finished game's returns as rewards; the observation is the new
//! game's first), after the convention of vectorised RL environments.

use std::sync::Arc;

use parlour_core::encode::{Choice, Step, Token};
use parlour_core::rng::derive_seed;
use parlour_core::State;
use parlour_games::Playable;
use rayon::prelude::*;

use crate::error::DynError;
use crate::inner::{check_len, Inner};

/// Where a batch writes what its games show after a step: flat, game by game.
#[derive(Debug)]
pub struct Outputs<'a> {
    /// `games x observation_len`: the vector of the seat to act next (with its pending prefix).
    pub observations: &'a mut [f32],
    /// `games x action_space`: the tokens that seat may choose next.
    pub masks: &'a mut [bool],
    /// `games`: the seat to act next.
    pub players: &'a mut [i64],
    /// `games x players`: each seat's return, in the step that ends a game; 0 otherwise.
    pub rewards: &'a mut [f32],
    /// `games`: whether the step ended the game (the next game is dealt already).
    pub dones: &'a mut [bool],
}

/// A batch of games of one kind (see the [module docs](self)).
pub trait AnyBatch: Send + Sync {
    /// The number of games.
    fn len(&self) -> usize;
    /// Whether the batch has no games.
    fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// Seats at each table.
    fn num_players(&self) -> usize;
    /// The observation vector's length.
    fn observation_len(&self) -> usize;
    /// The number of tokens.
    fn action_space(&self) -> usize;
    /// Deals every game anew from `seed` and writes their first observations (rewards and
    /// dones are cleared).
    fn reset(&mut self, seed: u64, out: Outputs<'_>) -> Result<(), DynError>;
    /// Takes one token for each game (for its seat to act) and writes what follows. Every
    /// token is checked against its game's mask first: if one is not legal, nothing changes.
    fn step(&mut self, tokens: &[i64], out: Outputs<'_>) -> Result<(), DynError>;
    /// Games finished so far, over all tables.
    fn finished(&self) -> u64;
    /// The seed each table's game in play was dealt from: `new_state(seed)` of the game is
    /// that deal, so a batch game can be replayed or inspected on its own.
    fn deal_seeds(&self) -> Vec<u64>;
}

struct Env<G: Playable> {
    state: G::State,
    choice: Choice<G>,
    /// This table's seed and how many games it has begun.
    seed: u64,
    episode: u64,
}

pub(crate) struct Batch<G: Playable> {
    inner: Arc<Inner<G>>,
    envs: Vec<Env<G>>,
    finished: u64,
}

impl<G: Playable> Batch<G> {
    pub(crate) fn new(inner: Arc<Inner<G>>, games: usize, seed: u64) -> Batch<G> {
        let mut batch = Batch {
            envs: (0..games)
                .map(|i| Env {
                    state: inner.game().new_game(0),
                    choice: Choice::new(),
                    seed: derive_seed(seed, i as u64),
                    episode: 0,
                })
                .collect(),
            inner,
            finished: 0,
        };
        batch.deal_all(seed);
        batch
    }

    fn deal_all(&mut self, seed: u64) {
        let game = self.inner.game();
        for (i, env) in self.envs.iter_mut().enumerate() {
            env.seed = derive_seed(seed, i as u64);
            env.episode = 0;
            deal(game, env);
        }
        self.finished = 0;
    }

    fn check(&self, out: &Outputs<'_>) -> Result<(), DynError> {
        let n = self.envs.len();
        check_len(
            out.observations.len(),
            n * self.inner.encoder.observation_len(),
        )?;
        check_len(out.masks.len(), n * self.inner.encoder.action_space())?;
        check_len(out.players.len(), n)?;
        check_len(out.rewards.len(), n * self.inner.game().num_players())?;
        check_len(out.dones.len(), n)
    }
}

/// Deals `env`'s next game (its seed is the table's seed and the game's number).
fn deal<G: Playable>(game: &G, env: &mut Env<G>) {
    env.state = game.new_game(derive_seed(env.seed, env.episode));
    env.episode += 1;
    env.choice.reset(game, &env.state);
}

/// Writes one game's observation and mask.
fn show<G: Playable>(inner: &Inner<G>, env: &Env<G>, obs: &mut [f32], mask: &mut [bool]) -> i64 {
    let seat = env
        .state
        .current_player()
        .expect("a batch's games are dealt anew when they end");
    inner
        .encoder
        .encode(&env.state.observation(seat), env.choice.prefix(), obs);
    env.choice.mask(mask);
    seat as i64
}

/// Games per rayon task: enough to outweigh the scheduling.
const CHUNK: usize = 16;

impl<G: Playable> AnyBatch for Batch<G> {
    fn len(&self) -> usize {
        self.envs.len()
    }

    fn num_players(&self) -> usize {
        self.inner.game().num_players()
    }

    fn observation_len(&self) -> usize {
        self.inner.encoder.observation_len()
    }

    fn action_space(&self) -> usize {
        self.inner.encoder.action_space()
    }

    fn reset(&mut self, seed: u64, out: Outputs<'_>) -> Result<(), DynError> {
        self.check(&out)?;
        self.deal_all(seed);
        let (l, a) = (self.observation_len(), self.action_space());
        let inner = &*self.inner;
        self.envs
            .par_iter()
            .zip(out.observations.par_chunks_mut(l.max(1)))
            .zip(out.masks.par_chunks_mut(a.max(1)))
            .zip(out.players.par_iter_mut())
            .with_min_len(CHUNK)
            .for_each(|(((env, obs), mask), player)| *player = show(inner, env, obs, mask));
        out.rewards.fill(0.0);
        out.dones.fill(false);
        Ok(())
    }

    fn step(&mut self, tokens: &[i64], out: Outputs<'_>) -> Result<(), DynError> {
        self.check(&out)?;
        check_len(tokens.len(), self.envs.len()).map_err(|_| {
            DynError::Shape(format!(
                "{} tokens for {} games",
                tokens.len(),
                self.envs.len()
            ))
        })?;
        if let Some((i, &t)) = self
            .envs
            .iter()
            .zip(tokens)
            .enumerate()
            .find_map(|(i, (env, t))| {
                let ok = Token::try_from(*t).is_ok_and(|t| env.choice.allows(t));
                (!ok).then_some((i, t))
            })
        {
            return Err(DynError::Illegal(format!(
                "game {i}: token {t} is not legal now (see its mask); no game was stepped"
            )));
        }
        let (l, a, p) = (
            self.observation_len(),
            self.action_space(),
            self.num_players(),
        );
        let inner = &*self.inner;
        let finished: u64 = self
            .envs
            .par_iter_mut()
            .zip(tokens.par_iter())
            .zip(out.observations.par_chunks_mut(l.max(1)))
            .zip(out.masks.par_chunks_mut(a.max(1)))
            .zip(out.players.par_iter_mut())
            .zip(out.rewards.par_chunks_mut(p))
            .zip(out.dones.par_iter_mut())
            .with_min_len(CHUNK)
            .map(|((((((env, &t), obs), mask), player), rewards), done)| {
                let game = inner.game();
                let mut ended = false;
                match env.choice.push(t as Token) {
                    Ok(Step::Pending) => {}
                    Ok(Step::Action(action)) => {
                        env.state.apply_unchecked(action);
                        if env.state.is_terminal() {
                            for (r, x) in rewards.iter_mut().zip(env.state.returns()) {
                                *r = x as f32;
                            }
                            ended = true;
                            deal(game, env);
                        } else {
                            env.choice.reset(game, &env.state);
                        }
                    }
                    Err(e) => unreachable!("a token checked legal was refused: {e}"),
                }
                if !ended {
                    rewards.fill(0.0);
                }
                *done = ended;
                *player = show(inner, env, obs, mask);
                u64::from(ended)
            })
            .sum();
        self.finished += finished;
        Ok(())
    }

    fn finished(&self) -> u64 {
        self.finished
    }

    fn deal_seeds(&self) -> Vec<u64> {
        // `deal` numbers a table's games from 0 and counts the one it dealt.
        self.envs
            .iter()
            .map(|env| derive_seed(env.seed, env.episode.saturating_sub(1)))
            .collect()
    }
}
