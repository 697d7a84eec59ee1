//! What a game lends its bots, kept apart from the rules: [`GameAi`] names the game's own bots,
//! the search tuning (a playout policy and a position evaluator) and a fast sampler of
//! determinizations.
//!
//! The search itself (information-set MCTS) is game-agnostic and lives in `parlour-bots`; a game
//! tunes it through [`GameAi::search_tuning`] and speeds it up through [`GameAi::sampler`],
//! without depending on the searcher. A game implements [`GameAi`] in its `ai/` module, behind a
//! default Cargo feature, so that a rules-only build compiles none of it. Every piece works from what the searching seat may know: the
//! sampler redraws everything hidden from it, and the rollout and evaluator only ever see
//! sampled states.

use rand::RngExt;

use crate::bot::{Bot, BotEntry, Decision};
use crate::game::{Game, ResampleError, State};
use crate::rng::GameRng;

/// What a game lends its bots: its own bots by name, the search tuning, and a sampler.
pub trait GameAi: Game {
    /// The bot a person plays against when not told (`parlour play`, the seats `parlour serve`'s
    /// page offers first, and a line-up of `parlour strength`): the strongest this game offers,
    /// as `parlour strength` measures it (`docs/strength.md`), a bot's name with its options
    /// (`ismcts:anchor=learned:z=1`).
    const STRONGEST_BOT: &'static str;

    /// This game's own bots (e.g. a heuristic), by name, strongest first. Game-agnostic bots
    /// (random, ismcts) live in `parlour-bots`.
    fn bots() -> &'static [BotEntry<Self>] {
        &[]
    }

    /// A sampler of states consistent with `observation`, for search: it checks the observation
    /// once (the error [`Game::resample`] would give) and then draws as many determinizations
    /// as asked. The default resamples each time; a game may share the checking and counting
    /// between samples.
    fn sampler<'a>(
        &'a self,
        observation: &'a Self::Observation,
        rng: &mut GameRng,
    ) -> Result<Box<dyn Sampler<Self> + 'a>, ResampleError> {
        Ok(Box::new(ResampleEach::new(self, observation, rng)?))
    }

    /// How this game tunes information-set search (its playout policy, evaluator, exploration
    /// constant and playout length). The default is [`SearchTuning::plain`]: random playouts to
    /// the end, win or lose.
    fn search_tuning(&self) -> SearchTuning<Self> {
        SearchTuning::plain()
    }

    /// The answer to `decision` when the rules settle it without search: one legal action
    /// known to be at least as good as every other whatever anyone holds or does (Comp10001-Go's
    /// best-scoring grouping under the course's scoring, say). Search bots play it at once.
    /// `None`, the default, leaves the decision to search.
    fn settled(&self, decision: &Decision<'_, Self>) -> Option<Self::Action> {
        let _ = decision;
        None
    }
}

/// Makes a sampler for a game's observation ([`GameAi::sampler`] as a function), for the
/// conformance harness.
pub type MakeSampler<G> = for<'a> fn(
    &'a G,
    &'a <G as Game>::Observation,
    &mut GameRng,
) -> Result<Box<dyn Sampler<G> + 'a>, ResampleError>;

/// Draws full states consistent with one observation, many times.
///
/// Made once per decision by [`GameAi::sampler`], which checks the observation then; each
/// [`Sampler::sample`] must be distributed as [`Game::resample`] would be (a game may share the
/// work of checking the observation and counting the unseen cards between samples).
pub trait Sampler<G: Game>: Send {
    /// A full state consistent with the observation, hidden parts and the future drawn from
    /// `rng` (an error only where the game's resampling can fail on a checked observation).
    fn sample(&mut self, rng: &mut GameRng) -> Result<G::State, ResampleError>;
}

/// The default sampler: [`Game::resample`] each time, on an observation already checked.
#[derive(Debug)]
pub struct ResampleEach<'a, G: Game> {
    game: &'a G,
    observation: &'a G::Observation,
    /// The state drawn while checking, handed out first.
    first: Option<G::State>,
}

impl<'a, G: Game> ResampleEach<'a, G> {
    /// Checks `observation` by resampling it once (that state is the first sample).
    pub fn new(
        game: &'a G,
        observation: &'a G::Observation,
        rng: &mut GameRng,
    ) -> Result<ResampleEach<'a, G>, ResampleError> {
        let first = game.resample(observation, rng)?;
        Ok(ResampleEach {
            game,
            observation,
            first: Some(first),
        })
    }
}

impl<G: Game> Sampler<G> for ResampleEach<'_, G> {
    fn sample(&mut self, rng: &mut GameRng) -> Result<G::State, ResampleError> {
        match self.first.take() {
            Some(first) => Ok(first),
            None => self.game.resample(self.observation, rng),
        }
    }
}

/// Chooses the moves of a playout (for every seat).
pub trait Rollout<G: Game>: Send {
    /// The move to make in `state`, which is not terminal. `scratch` is a buffer to reuse.
    fn action(
        &mut self,
        state: &G::State,
        rng: &mut GameRng,
        scratch: &mut Vec<G::Action>,
    ) -> G::Action;
}

/// Uniformly random playouts, through [`State::random_action`].
#[derive(Debug, Clone, Copy, Default)]
pub struct RandomRollout;

impl<G: Game> Rollout<G> for RandomRollout {
    fn action(
        &mut self,
        state: &G::State,
        rng: &mut GameRng,
        scratch: &mut Vec<G::Action>,
    ) -> G::Action {
        match state.random_action(rng, scratch) {
            Some(a) => a,
            None => {
                state.legal_actions(scratch);
                scratch[rng.random_range(0..scratch.len())]
            }
        }
    }
}

/// Values a position for every seat, each in `[0, 1]` (higher is better for that seat).
pub trait Evaluator<G: Game>: Send {
    /// Writes each seat's value of `state` (finished, or where a playout stopped) into `out`,
    /// which has one entry per seat.
    fn values(&mut self, state: &G::State, out: &mut [f64]);
}

/// Win or lose: a finished game gives each winner an equal share of 1 (a draw shares 1 among all
/// seats); a game stopped early values each seat by its return so far, scaled so the best has 1
/// and the worst 0 (all 1/n when they are level).
#[derive(Debug, Clone, Copy, Default)]
pub struct WinEvaluator;

impl<G: Game> Evaluator<G> for WinEvaluator {
    fn values(&mut self, state: &G::State, out: &mut [f64]) {
        if state.is_terminal() {
            win_values(&state.winners(), out);
        } else {
            scaled_values(&state.returns(), out);
        }
    }
}

/// Points, not wins: each seat's return less the mean of the others', mapped linearly to
/// `[0, 1]` (0.5 for level) by the largest such margin this evaluator has met so far, for
/// games judged by points (Uno's seed ranks its bots by total points). A finished game and a
/// game stopped early are both valued by their returns. The scale only ever grows, and it is
/// the same for every seat and every position it judges at the same time, so on a flat,
/// paired root (where moves are compared by their mean difference) a move's lead is in
/// points; it starts at 1.
#[derive(Debug, Clone, Copy)]
pub struct PointsEvaluator {
    scale: f64,
}

impl Default for PointsEvaluator {
    fn default() -> PointsEvaluator {
        PointsEvaluator { scale: 1.0 }
    }
}

impl<G: Game> Evaluator<G> for PointsEvaluator {
    fn values(&mut self, state: &G::State, out: &mut [f64]) {
        let returns = state.returns();
        let n = returns.len();
        if n < 2 {
            out.iter_mut().for_each(|v| *v = 0.5);
            return;
        }
        for (seat, v) in out.iter_mut().enumerate() {
            *v = margin(&returns, seat);
        }
        let widest = out.iter().fold(0.0f64, |m, v| m.max(v.abs()));
        if widest.is_finite() {
            self.scale = self.scale.max(widest);
        }
        for v in out.iter_mut() {
            *v = (0.5 + *v / (2.0 * self.scale)).clamp(0.0, 1.0);
        }
    }
}

/// Seat `seat`'s return less the mean of the other seats' (its whole return when it is alone):
/// what [`PointsEvaluator`] values and what learned bots are trained to predict.
pub fn margin(returns: &[f64], seat: usize) -> f64 {
    let n = returns.len();
    let total: f64 = returns.iter().sum();
    let others = if n > 1 {
        (total - returns[seat]) / (n - 1) as f64
    } else {
        0.0
    };
    returns[seat] - others
}

/// Each winner's equal share of 1 (all seats share it when `winners` is empty: a draw).
pub fn win_values(winners: &[usize], out: &mut [f64]) {
    if winners.is_empty() {
        let share = 1.0 / out.len() as f64;
        out.iter_mut().for_each(|v| *v = share);
        return;
    }
    out.iter_mut().for_each(|v| *v = 0.0);
    for &w in winners {
        out[w] = 1.0 / winners.len() as f64;
    }
}

/// `scores` scaled to `[0, 1]`: the highest 1, the lowest 0 (each 1/n when all are equal).
pub fn scaled_values(scores: &[f64], out: &mut [f64]) {
    let lo = scores.iter().copied().fold(f64::INFINITY, f64::min);
    let hi = scores.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    for (v, s) in out.iter_mut().zip(scores) {
        *v = if hi > lo {
            (s - lo) / (hi - lo)
        } else {
            1.0 / scores.len() as f64
        };
    }
}

/// How the search treats the root.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Root {
    /// Grow a tree (ISMCTS proper).
    #[default]
    Tree,
    /// Search the root flat and paired: each iteration draws one determinization and one
    /// playout seed, and plays every legal move out from it (common random numbers), so the
    /// moves are compared on the same deal and the same luck. An iteration is then one playout
    /// per legal move, and the anchor's test is paired too. This is rollout-based policy
    /// improvement: with the playout policy a model of the table, it finds the moves that do
    /// better than the policy's own, where a tree's early, near-random choices would mostly add
    /// noise.
    Paired,
    /// Flat and paired as [`Root::Paired`], with the rounds spent by *sequential halving*
    /// (Karnin, Koren and Somekh, 2013): the budget is split into phases, and each phase drops
    /// the worse half of the moves (by their mean paired difference from the anchor's move, or
    /// without an anchor the first legal move, which is played every round), so the last phases
    /// spend their rounds on the few moves still in contention. It suits expensive playouts and
    /// wide roots, where playing every move every round leaves too few rounds to tell the best
    /// apart. Every phase plays at least one round, so a budget smaller than one round a phase
    /// is overspent.
    Halving,
}

/// How a game tunes the search: its playout policy, its evaluator, the exploration constant and
/// how far a playout goes.
pub struct SearchTuning<G: Game> {
    /// What the tuning is, in a few words (for `parlour bots` and reports).
    pub about: &'static str,
    /// The playout policy.
    pub rollout: Box<dyn Rollout<G>>,
    /// The values backed up at the end of a playout.
    pub evaluator: Box<dyn Evaluator<G>>,
    /// Iterations per move when the bot is given no budget: what the game's strength report
    /// uses, within 100 ms a move on one core.
    pub iterations: u64,
    /// UCB1's exploration constant, for values in `[0, 1]`.
    pub exploration: f64,
    /// The most moves a playout makes before the evaluator judges the position.
    pub max_playout: u32,
    /// Whether to keep a tree per seat (MO-ISMCTS): games whose moves are hidden from other
    /// seats (simultaneous picks) want it.
    pub tree_per_seat: bool,
    /// A bot whose move the search keeps unless its own best move is clearly better (the game's
    /// heuristic, say): the search then only ever improves on it. It is asked with the same
    /// decision the search is given, so it sees nothing more.
    pub anchor: Option<Box<dyn Bot<G>>>,
    /// How clearly: the search's best move replaces the anchor's when its mean value is ahead by
    /// more than this many standard errors of the difference.
    pub anchor_z: f64,
    /// How the root is searched: a tree, or flat and paired (see [`Root`]).
    pub root: Root,
}

impl<G: Game> SearchTuning<G> {
    /// Random playouts to the end, win-or-lose values, 1,000 iterations, exploration 0.7, one
    /// tree.
    pub fn plain() -> SearchTuning<G> {
        SearchTuning {
            about: "random playouts to the end, win or lose",
            rollout: Box::new(RandomRollout),
            evaluator: Box::new(WinEvaluator),
            iterations: 1000,
            exploration: 0.7,
            max_playout: u32::MAX,
            tree_per_seat: false,
            anchor: None,
            anchor_z: 0.0,
            root: Root::Tree,
        }
    }
}

impl<G: Game> std::fmt::Debug for SearchTuning<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SearchTuning")
            .field("about", &self.about)
            .field("iterations", &self.iterations)
            .field("exploration", &self.exploration)
            .field("max_playout", &self.max_playout)
            .field("tree_per_seat", &self.tree_per_seat)
            .field("anchor", &self.anchor.is_some())
            .field("anchor_z", &self.anchor_z)
            .field("root", &self.root)
            .finish()
    }
}

/// With probability `explore` a uniformly random legal move of `state`, otherwise `policy`'s:
/// the usual way to keep the playouts of a deterministic policy from all following one line.
pub fn explore_or<G: Game>(
    state: &G::State,
    explore: f64,
    rng: &mut GameRng,
    scratch: &mut Vec<G::Action>,
    policy: impl FnOnce(&mut GameRng) -> G::Action,
) -> G::Action {
    if explore > 0.0 && rng.random_bool(explore) {
        state.legal_actions(scratch);
        if !scratch.is_empty() {
            return scratch[rng.random_range(0..scratch.len())];
        }
    }
    policy(rng)
}

/// Plays `state` forward with `rollout` until it ends or `max_moves` moves are made; returns the
/// moves made.
pub fn playout<G: Game>(
    state: &mut G::State,
    rollout: &mut dyn Rollout<G>,
    rng: &mut GameRng,
    scratch: &mut Vec<G::Action>,
    max_moves: u32,
) -> u32 {
    let mut moves = 0;
    while moves < max_moves && !state.is_terminal() {
        let a = rollout.action(state, rng, scratch);
        state.apply_unchecked(a);
        moves += 1;
    }
    moves
}
