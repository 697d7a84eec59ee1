//! The `search` bot ([`SearchBot`]): paranoid alpha-beta with iterative deepening, move
//! ordering and a transposition table, under a node, depth or time budget. (Its command-line
//! name, `search`, predates the game-agnostic Monte Carlo search; the tuning for that one is in
//! `tuning.rs`.)
//!
//! It plays by the engine's exact rules, repetition and turn-limit draws included: the search
//! walks the real [`ChexersState`] with apply and undo.

use std::time::{Duration, Instant};

use parlour_core::rng::{seeded, GameRng};
use parlour_core::{Bot, BotError, BotOption, BotOptions, Decision, State};
use rand::seq::SliceRandom;

use super::heuristic::scores;
use crate::action::ChexersAction;
use crate::board::{Colour, Hex};
use crate::observation::Outcome;
use crate::state::{Chexers, ChexersState};

/// A [`SearchBot`]'s budget for each move. The search deepens one ply at a time and stops at
/// whichever limit comes first, playing the best move of the deepest finished iteration.
/// Node and depth limits are deterministic; a time limit is not (the same seed may then play
/// differently on a busier machine).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SearchConfig {
    /// Deepest iteration, in plies (one ply is one player's action).
    pub max_depth: u8,
    /// Nodes a move (positions visited).
    pub max_nodes: u64,
    /// Wall-clock time a move.
    pub time_limit: Option<Duration>,
    /// log2 of the transposition table's entries.
    pub table_bits: u8,
}

impl Default for SearchConfig {
    fn default() -> Self {
        SearchConfig {
            max_depth: 24,
            max_nodes: 200_000,
            time_limit: None,
            table_bits: 17,
        }
    }
}

/// The options `search` takes on the command line (`search:nodes=50000:ms=100`).
pub const SEARCH_OPTIONS: &[BotOption] = &[
    BotOption {
        name: "nodes",
        about: "positions visited a move, at least 1 (default 200000)",
        uses_clock: false,
    },
    BotOption {
        name: "depth",
        about: "deepest iteration in plies, 1 to 64 (default 24)",
        uses_clock: false,
    },
    BotOption {
        name: "ms",
        about: "wall-clock milliseconds a move (default: none); makes play depend on timing",
        uses_clock: true,
    },
    BotOption {
        name: "table_bits",
        about: "log2 of the transposition table's entries, 10 to 26 (default 17)",
        uses_clock: false,
    },
];

impl SearchConfig {
    /// The default configuration with the given command-line options applied
    /// (see [`SEARCH_OPTIONS`]).
    pub fn from_options(options: &BotOptions<'_>) -> Result<SearchConfig, BotError> {
        let mut config = SearchConfig::default();
        if let Some(n) = options.get::<u64>("nodes")? {
            if n == 0 {
                return Err(options.bad_value("nodes", "must be at least 1"));
            }
            config.max_nodes = n;
        }
        if let Some(d) = options.get::<u8>("depth")? {
            if !(1..=64).contains(&d) {
                return Err(options.bad_value("depth", "must be from 1 to 64"));
            }
            config.max_depth = d;
        }
        if let Some(ms) = options.get::<u64>("ms")? {
            if ms == 0 {
                return Err(options.bad_value("ms", "must be at least 1"));
            }
            config.time_limit = Some(Duration::from_millis(ms));
        }
        if let Some(b) = options.get::<u8>("table_bits")? {
            if !(10..=26).contains(&b) {
                return Err(options.bad_value("table_bits", "must be from 10 to 26"));
            }
            config.table_bits = b;
        }
        Ok(config)
    }
}

/// Counters of a search, summed over the moves a bot has made.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SearchStats {
    /// Moves searched.
    pub moves: u64,
    /// Nodes visited.
    pub nodes: u64,
    /// Sum of the deepest finished iteration of each move.
    pub depth_sum: u64,
    /// Time spent searching.
    pub time: Duration,
}

#[derive(Debug, Clone, Copy, Default)]
struct Entry {
    check: u64,
    best: Option<ChexersAction>,
    value: i32,
    depth: u8,
    bound: Bound,
}

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
enum Bound {
    #[default]
    Exact,
    Lower,
    Upper,
}

/// A win's value (less the plies to reach it).
pub const WIN: i32 = 1_000_000;
/// What a draw costs the searching side, in half-steps: the paranoid view makes most positions
/// look worse than they are, and without this the bot settles for draws it need not accept.
const DRAW_PENALTY: i32 = 30;

/// Paranoid alpha-beta: the bot's seat maximises its evaluation while the two other seats are
/// assumed to minimise it together. The evaluation is the bot's [`score`](super::score) minus
/// the best opponent's; a win is worth [`WIN`] less the plies to reach it, a loss the negative,
/// a draw `-DRAW_PENALTY` (30 half-steps). Iterative deepening with a transposition table
/// (keyed by the exact position and exits) orders the moves: the table's move first, then
/// exits, converting jumps, other jumps, and moves toward the exit edge.
pub struct SearchBot {
    config: SearchConfig,
    rng: GameRng,
    table: Vec<Entry>,
    stats: SearchStats,
    // Per-search scratch.
    root: usize,
    nodes: u64,
    started: Instant,
    stopped: bool,
    buffers: Vec<Vec<(i32, ChexersAction)>>,
}

impl std::fmt::Debug for SearchBot {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SearchBot")
            .field("config", &self.config)
            .field("stats", &self.stats)
            .finish()
    }
}

fn hash(state: &ChexersState) -> u64 {
    let key = state.key;
    let e = state.exits();
    let lo = key as u64;
    let hi =
        (key >> 64) as u64 | u64::from(e[0]) << 20 | u64::from(e[1]) << 24 | u64::from(e[2]) << 28;
    (lo ^ hi.wrapping_mul(0x9E37_79B9_7F4A_7C15))
        .wrapping_mul(0xBF58_476D_1CE4_E5B9)
        .rotate_left(29)
}

impl SearchBot {
    /// A search bot with its budget and seed (the seed shuffles the root's moves, so equal
    /// moves are chosen among at random).
    pub fn new(config: SearchConfig, seed: u64) -> SearchBot {
        let bits = config.table_bits.clamp(4, 28);
        SearchBot {
            config,
            rng: seeded(seed),
            table: vec![Entry::default(); 1 << bits],
            stats: SearchStats::default(),
            root: 0,
            nodes: 0,
            started: Instant::now(),
            stopped: false,
            buffers: Vec::new(),
        }
    }

    /// What its searches have done so far.
    pub fn stats(&self) -> SearchStats {
        self.stats
    }

    /// The best action for the player to move in `state`, with the search's value (from that
    /// player's side: above `WIN / 2` a forced win, below `-WIN / 2` a forced loss).
    ///
    /// # Panics
    /// If the game in `state` is over (there is nothing to choose).
    pub fn choose(&mut self, state: &ChexersState) -> (ChexersAction, i32) {
        let mut state = state.clone();
        // Values are from the root player's side and ignore history: start each move afresh.
        self.table.fill(Entry::default());
        self.root = state.current_player().unwrap_or(0);
        self.nodes = 0;
        self.started = Instant::now();
        self.stopped = false;
        let mut moves: Vec<ChexersAction> = state.legal_action_vec();
        assert!(!moves.is_empty(), "choose needs a position with a move");
        moves.shuffle(&mut self.rng);
        let mut best = (moves[0], 0);
        let mut finished_depth = 0;
        if moves.len() > 1 {
            for depth in 1..=self.config.max_depth.max(1) {
                let Some((a, v)) = self.root_search(&mut state, &mut moves, depth) else {
                    break;
                };
                best = (a, v);
                finished_depth = depth;
                // A forced result needs no deeper look.
                if v.abs() > WIN / 2 {
                    break;
                }
            }
        }
        self.stats.moves += 1;
        self.stats.nodes += self.nodes;
        self.stats.depth_sum += u64::from(finished_depth);
        self.stats.time += self.started.elapsed();
        best
    }

    fn out_of_budget(&mut self) -> bool {
        if self.nodes >= self.config.max_nodes {
            self.stopped = true;
        } else if let Some(limit) = self.config.time_limit {
            if self.nodes % 1024 == 0 && self.started.elapsed() >= limit {
                self.stopped = true;
            }
        }
        self.stopped
    }

    /// One iteration at the root; `None` if the budget ran out before it finished. The root's
    /// moves are re-ordered best first for the next iteration.
    fn root_search(
        &mut self,
        state: &mut ChexersState,
        moves: &mut [ChexersAction],
        depth: u8,
    ) -> Option<(ChexersAction, i32)> {
        let mut alpha = -WIN - 1;
        let beta = WIN + 1;
        let mut best_index = 0;
        for (i, &m) in moves.iter().enumerate() {
            let undo = state.apply_undoable(m);
            let v = self.search(state, depth - 1, alpha, beta, 1);
            state.undo(undo);
            if self.stopped {
                return None;
            }
            if v > alpha {
                alpha = v;
                best_index = i;
            }
        }
        moves[..=best_index].rotate_right(1);
        Some((moves[0], alpha))
    }

    fn evaluate(&self, state: &ChexersState, ply: u32) -> i32 {
        match state.outcome() {
            Some(Outcome::Win(w)) if w == self.root => WIN - ply as i32,
            Some(Outcome::Win(_)) => -WIN + ply as i32,
            Some(Outcome::Draw(_)) => -DRAW_PENALTY,
            None => {
                let s = scores(state);
                let opp = (0..3)
                    .filter(|&c| c != self.root)
                    .map(|c| s[c])
                    .max()
                    .unwrap_or(0);
                s[self.root] - opp
            }
        }
    }

    fn search(
        &mut self,
        state: &mut ChexersState,
        depth: u8,
        mut alpha: i32,
        mut beta: i32,
        ply: u32,
    ) -> i32 {
        if self.out_of_budget() {
            return 0;
        }
        self.nodes += 1;
        if state.is_terminal() || depth == 0 {
            return self.evaluate(state, ply);
        }
        let h = hash(state);
        let slot = (h as usize) & (self.table.len() - 1);
        let entry = self.table[slot];
        let mut table_move = None;
        if entry.check == h {
            table_move = entry.best;
            if entry.depth >= depth {
                let value = from_table(entry.value, ply);
                match entry.bound {
                    Bound::Exact => return value,
                    Bound::Lower => alpha = alpha.max(value),
                    Bound::Upper => beta = beta.min(value),
                }
                if alpha >= beta {
                    return value;
                }
            }
        }
        let mover = state.current_player().unwrap_or(0);
        let maximising = mover == self.root;
        let mut moves = self.buffers.pop().unwrap_or_default();
        order_moves(state, mover, table_move, &mut moves);
        let (alpha0, beta0) = (alpha, beta);
        let mut best_value = if maximising { -WIN - 1 } else { WIN + 1 };
        let mut best_move = None;
        for &(_, a) in moves.iter() {
            let undo = state.apply_undoable(a);
            let v = self.search(state, depth - 1, alpha, beta, ply + 1);
            state.undo(undo);
            if self.stopped {
                break;
            }
            if maximising {
                if v > best_value {
                    best_value = v;
                    best_move = Some(a);
                }
                alpha = alpha.max(v);
            } else {
                if v < best_value {
                    best_value = v;
                    best_move = Some(a);
                }
                beta = beta.min(v);
            }
            if alpha >= beta {
                break;
            }
        }
        moves.clear();
        self.buffers.push(moves);
        if self.stopped {
            return 0;
        }
        let bound = if best_value <= alpha0 {
            Bound::Upper
        } else if best_value >= beta0 {
            Bound::Lower
        } else {
            Bound::Exact
        };
        self.table[slot] = Entry {
            check: h,
            best: best_move,
            value: to_table(best_value, ply),
            depth,
            bound,
        };
        best_value
    }
}

/// A win or loss is scored by its distance from the root; the table stores it by its distance
/// from the stored position, so it reads true wherever the position comes back.
fn to_table(value: i32, ply: u32) -> i32 {
    if value > WIN / 2 {
        value + ply as i32
    } else if value < -WIN / 2 {
        value - ply as i32
    } else {
        value
    }
}

fn from_table(value: i32, ply: u32) -> i32 {
    if value > WIN / 2 {
        value - ply as i32
    } else if value < -WIN / 2 {
        value + ply as i32
    } else {
        value
    }
}

/// The moves of `state`, best-looking first: the table's move, exits, jumps that convert,
/// other jumps, then moves by how much nearer the exit edge they go.
fn order_moves(
    state: &ChexersState,
    mover: usize,
    table_move: Option<ChexersAction>,
    out: &mut Vec<(i32, ChexersAction)>,
) {
    out.clear();
    let colour = Colour::ALL[mover];
    let mine = state.pieces_mask(colour);
    // Steps a piece gains toward its exit edge.
    let progress = |from: Hex, to: Hex| {
        i32::from(from.distance_to_exit(colour)) - i32::from(to.distance_to_exit(colour))
    };
    state.for_each_legal(|a| {
        let key = if Some(a) == table_move {
            1_000
        } else {
            match a {
                ChexersAction::Exit { .. } => 500,
                ChexersAction::Jump { from, to } => {
                    let converts = from.jumped_over(to).bit() & mine == 0;
                    (if converts { 300 } else { 100 }) + progress(from, to)
                }
                ChexersAction::Move { from, to } => progress(from, to),
                ChexersAction::Pass => 0,
            }
        };
        out.push((key, a));
    });
    // Stable, so equal keys keep the generator's order.
    out.sort_by_key(|b| std::cmp::Reverse(b.0));
}

impl Bot<Chexers> for SearchBot {
    fn act(&mut self, d: &Decision<'_, Chexers>) -> ChexersAction {
        if d.legal.len() == 1 {
            return d.legal[0];
        }
        match d.observation().state() {
            Ok(state) if !state.is_terminal() => {
                let (a, _) = self.choose(&state);
                if d.legal.contains(&a) {
                    a
                } else {
                    d.legal[0]
                }
            }
            _ => d.legal[0],
        }
    }

    /// `nodes` (positions visited) and `moves` searched.
    fn counters(&self) -> Vec<(&'static str, u64)> {
        vec![("nodes", self.stats.nodes), ("searches", self.stats.moves)]
    }
}
