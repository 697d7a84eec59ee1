//! Tournament statistics: per-entry standings with clustered confidence intervals, a pairwise
//! head-to-head table, Weng-Lin ratings and a sequential early-stop test.
//!
//! Every output is a deterministic function of the inputs: records are read in the order given
//! (index order), and all per-cluster sums live in ordered maps, so float sums are always added
//! in the same order.
//!
//! # Which records are read
//!
//! A record is used only when it has one return per seat, every return is finite and every seat
//! names an existing entry. Anything else cannot be scored honestly, so it is skipped rather than
//! allowed to panic or to put NaN into the output. [`Standings::games`] counts the records used.
//!
//! An entry normally sits at most once per game. If a tournament does seat it twice, each seat is
//! one observation: its games, wins, means and pairwise cells count every seat.
//!
//! # Confidence intervals
//!
//! Games are grouped into clusters: with duplicate deals a cluster is one deal (`record.deal`),
//! otherwise every game is its own cluster (`record.index`). The `k` games of one duplicate deal
//! are not independent — they share the cards, so a lucky deal lifts (or sinks) an entry in all
//! of them at once. Treating them as `k` independent games would understate the uncertainty.
//!
//! For one entry and a per-game quantity `x` (win indicator, placement, return or a figure), let
//! the entry play `n_c` games in cluster `c = 1..C` with sum `S_c`, `N = Σ n_c` and mean
//! `m = Σ S_c / N`. The mean is a ratio of two sums over clusters, and the clusters — not the
//! games — are the independent draws. Linearising the ratio around `m` (the sandwich, or
//! cluster-robust, estimator) gives
//!
//! ```text
//! V = C / (C − 1) · Σ_c (S_c − m·n_c)² / N²
//! ```
//!
//! where `C / (C − 1)` is the usual small-sample correction. The 95 % interval is
//! `m ± 1.959964·√V`. When every cluster holds one game (`n_c = 1`, `C = N`) this is exactly
//! `s² / N` with the sample variance `s²`, i.e. the classic `m ± 1.96·s/√N`.
//!
//! The win rate is a share, and near 0 or 1 the normal interval misleads (an entry that won every
//! game would get `[1, 1]`). Its interval is Wilson's score interval instead, at the *effective*
//! number of games `n_eff = p(1 − p) / V` that the clustered variance implies (at most the games
//! played, at least the clusters, so with every game its own cluster it is the textbook Wilson
//! interval); when `V` is 0 (every cluster alike, e.g. always winning) it is taken at one game
//! per cluster, which is conservative.
//!
//! # Bounds
//!
//! Every quantity has a range, and no interval leaves it: placement lies in `1..=k` at a table
//! of `k`; a game declares its returns' range and each figure's
//! ([`parlour_core::Game::return_bounds`], [`parlour_core::Game::figure_bounds`]; a
//! tournament stores them as [`ResultBounds`]). With both ends closed, the mean is rescaled to
//! `p` in `[0, 1]` and its interval is Wilson's at the effective number of observations
//! `p(1 − p) / V'` (`V'` the rescaled clustered variance, and one observation per cluster when
//! it is 0) — far from the ends this is the normal interval, near them it bends inside. With
//! one end closed the normal interval is cut at it, which never lowers its coverage (the true
//! mean lies inside too). The means and variances are those of the clustered estimator above.
//!
//! # Forfeits
//!
//! A seat whose entry has forfeited (an external bot past its fault limit), or whose program
//! was lost mid-game (it crashed, say), is played by a random stand-in so the others' game
//! completes, and the seat has forfeited that game. In the standings that seat never wins, places
//! last, scores the lowest return at its table whatever its stand-in scored, and its figures are
//! left out; the other seats keep what they scored. So an entry that forfeits is ranked by what
//! it earned, never by its stand-in's luck. The record keeps what happened at the table (the
//! stand-in's returns, and which seats forfeited).
//!
//! With fewer than two clusters there is no spread to measure, so the interval has
//! `low = high = mean` and [`Interval::n`] below 2: such an interval carries no information and
//! should be shown as "n/a". (Infinite or NaN bounds would be more literal, but JSON cannot carry
//! them.)
//!
//! # Ratings
//!
//! Each entry also gets a Weng-Lin rating (the Bayesian approximation behind OpenSkill), with the
//! default configuration. Every entry starts at μ = 25, σ = 25/3; each game, in order, is a
//! free-for-all in which every seat is a one-player team ranked by its placement (tied seats share
//! a rank), and all entries at the table are updated at once. σ is the rating's uncertainty as the
//! model sees it: it shrinks with every game an entry plays, however the games go, so it says how
//! settled the rating is, not how consistent the entry is.
//!
//! # Early stop
//!
//! [`leader_significant`] lets an organiser stop a long tournament early once the entry in front
//! is clearly ahead of every other entry. It is meant to be asked at planned looks (for instance
//! after every deal), at most [`EarlyStop::looks`] times.
//!
//! **What is tested.** The leader is the entry with the highest mean return so far. For every
//! other entry `b`, take the clusters (deals, or games) in which both the leader and `b` played,
//! and in each the paired difference `d_c` = leader's mean return in `c` − `b`'s mean return in
//! `c`. Pairing within a cluster removes the luck of the deal both faced. Over the `D` such
//! clusters, `z_b = mean(d) / (sd(d) / √D)` (sample standard deviation); under the hypothesis that
//! the leader is not truly ahead of `b` (true mean difference ≤ 0), `z_b` is approximately a
//! standard normal or smaller once `D` is large. The test stops only when *every* opponent has
//! `D ≥ min_clusters` and `z_b > threshold`; an opponent that never met the leader, or too few
//! shared clusters, blocks the stop.
//!
//! **Why Bonferroni.** An organiser who checks after every deal and stops at the first "yes"
//! takes many chances to be fooled by noise; and the leader is picked from the data, so any of
//! the `E` entries could be the one falsely declared. A false stop declaring entry `a` needs `a`
//! to beat, among others, its truly best rival `b(a)`: one comparison per entry per look. The
//! threshold is therefore the one-sided normal quantile for `alpha / (looks · E)`: each of the at
//! most `looks · E` such comparisons fires falsely with chance at most that much, and by the
//! union bound the chance that *any* of them does is at most `alpha`. The correction is
//! conservative (the looks are strongly correlated), which costs some games but never validity.
//!
//! **What alpha means.** `alpha` (default 0.05) bounds the probability that the procedure ever
//! stops — at any of the planned looks — declaring a leader that is in truth not ahead of every
//! other entry in expected return. The bound rests on the normal approximation for `z`, which is
//! why at least `min_clusters` (default 200) shared clusters are required per opponent: at the
//! small tail levels used, a Student t with fewer degrees of freedom would put noticeably more
//! mass beyond the threshold than the normal does. If more
//! than `looks` looks are taken the bound no longer holds.

use std::cmp::Ordering;
use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use skillratings::weng_lin::{weng_lin_multi_team, WengLinConfig, WengLinRating};
use skillratings::MultiTeamOutcome;

use parlour_core::Bounds;

use crate::record::GameRecord;

/// The two-sided 95 % standard-normal quantile.
const Z95: f64 = 1.959963984540054;

/// Where a z statistic is capped when the paired differences have no spread at all, so that the
/// returned value stays finite (and JSON-safe).
const Z_CAP: f64 = 1e9;

/// A mean with its 95 % cluster-robust confidence interval.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Interval {
    /// The mean.
    pub mean: f64,
    /// Lower bound of the 95 % interval (equal to `mean` when `n < 2`).
    pub low: f64,
    /// Upper bound of the 95 % interval (equal to `mean` when `n < 2`).
    pub high: f64,
    /// Number of clusters the mean rests on; below 2 the interval carries no information and
    /// should be shown as "n/a".
    pub n: u64,
}

impl Interval {
    /// The interval of a quantity never observed: mean 0, no clusters.
    const EMPTY: Self = Self {
        mean: 0.0,
        low: 0.0,
        high: 0.0,
        n: 0,
    };
}

/// A Weng-Lin rating.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Rating {
    /// The skill estimate μ (25 for an entry that has not played).
    pub mu: f64,
    /// The model's uncertainty σ about μ; it shrinks with every game played.
    pub sigma: f64,
}

/// One entry's results over a tournament.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct EntryStats {
    /// Index into the tournament's labels.
    pub entry: usize,
    /// The entry's label.
    pub label: String,
    /// Games played (seats filled).
    pub games: u64,
    /// Games won; a shared win counts for each winner.
    pub wins: u64,
    /// Games played whose winners list is empty (drawn games).
    pub draws: u64,
    /// Share of its games won, clamped to `[0, 1]`.
    pub win_rate: Interval,
    /// Mean placement, 1 = best.
    pub placement: Interval,
    /// Mean return per game.
    pub score: Interval,
    /// Mean of each extra figure, in the order the first record lists them.
    pub figures: Vec<(String, Interval)>,
    /// Weng-Lin rating after all games.
    pub rating: Rating,
    /// Faults its bot made (external bots; see `docs/protocol.md`).
    #[serde(default)]
    pub faults: u64,
    /// Games it forfeited.
    #[serde(default)]
    pub forfeits: u64,
}

/// Head-to-head result of one entry against another.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PairCell {
    /// Games in which both sat.
    pub games: u64,
    /// Games in which the row entry placed strictly better than the column entry.
    pub ahead: u64,
    /// Games in which both placed the same.
    pub ties: u64,
    /// `(ahead + ties / 2) / games`.
    pub share: f64,
}

/// The standings of a tournament.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Standings {
    /// Records used (see the module docs for which are skipped).
    pub games: u64,
    /// Number of distinct clusters among those records.
    pub clusters: u64,
    /// Whether clusters are deals (`true`) or single games (`false`).
    pub cluster_by_deal: bool,
    /// Entries sorted by mean score (descending), then mean placement (ascending), then label;
    /// entries that never played come last.
    pub entries: Vec<EntryStats>,
    /// `pairwise[a][b]` is entry `a` against entry `b`, by entry index (not sorted order);
    /// `None` on the diagonal and for pairs that never met.
    pub pairwise: Vec<Vec<Option<PairCell>>>,
}

/// Settings of the sequential early-stop test (see the module docs, "Early stop").
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct EarlyStop {
    /// Bound on the chance of ever stopping with a leader that is not truly ahead of all others.
    pub alpha: f64,
    /// Planned number of looks (calls of [`leader_significant`]) over the tournament.
    pub looks: u32,
    /// Shared clusters needed with every opponent before a stop is possible.
    pub min_clusters: u64,
}

impl Default for EarlyStop {
    fn default() -> Self {
        Self {
            alpha: 0.05,
            looks: 100,
            min_clusters: 200,
        }
    }
}

/// A positive early-stop verdict.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct StopDecision {
    /// Entry with the highest mean return.
    pub leader: usize,
    /// The opponent the leader is least clearly ahead of (smallest z).
    pub runner_up: usize,
    /// The leader's z statistic against `runner_up` (capped at 1e9).
    pub z: f64,
    /// The threshold every opponent's z exceeded.
    pub threshold: f64,
}

/// The sums of one quantity for one entry, cluster by cluster, kept in constant memory.
///
/// Records arrive in index order, so an entry's clusters arrive in order too: only the cluster
/// being filled is kept whole. A finished cluster with sum `S` over `n` games is folded into
/// running sums — `C`, `Σn`, `ΣS`, and about a shift `K` (the first cluster's mean, so that the
/// squares stay small and precise) `Σy²`, `Σy·n` and `Σn²` with `y = S − K·n` — from which
/// the cluster-robust variance is exact: `Σ(S − m·n)² = Σy² − 2d·Σy·n + d²·Σn²` with
/// `d = m − K`.
#[derive(Debug, Clone, Copy, Default)]
struct ClusterSums {
    /// The cluster being filled: its id, sum and count.
    open: Option<(u64, f64, u64)>,
    clusters: u64,
    count: u64,
    sum: f64,
    shift: f64,
    yy: f64,
    yn: f64,
    nn: f64,
}

impl ClusterSums {
    /// Adds one observation of `cluster`, which is the open cluster or a later one.
    fn add(&mut self, cluster: u64, x: f64) {
        match &mut self.open {
            Some((c, sum, n)) if *c == cluster => {
                *sum += x;
                *n += 1;
            }
            open => {
                if let Some(done) = open.replace((cluster, x, 1)) {
                    self.close(done);
                }
            }
        }
    }

    fn close(&mut self, (_, sum, n): (u64, f64, u64)) {
        let nf = n as f64;
        if self.clusters == 0 {
            self.shift = sum / nf;
        }
        let y = sum - self.shift * nf;
        self.clusters += 1;
        self.count += n;
        self.sum += sum;
        self.yy += y * y;
        self.yn += y * nf;
        self.nn += nf * nf;
    }

    /// These sums with the open cluster folded in.
    fn total(&self) -> ClusterSums {
        let mut t = *self;
        if let Some(open) = t.open.take() {
            t.close(open);
        }
        t
    }

    /// The mean and its cluster-robust variance (see the module docs), with the clusters.
    fn moments(&self) -> Option<(f64, f64, u64)> {
        let t = self.total();
        if t.count == 0 {
            return None;
        }
        let count = t.count as f64;
        let mean = saturate(t.sum / count);
        if t.clusters < 2 {
            return Some((mean, 0.0, t.clusters));
        }
        let c = t.clusters as f64;
        let d = mean - t.shift;
        let squares = (t.yy - 2.0 * d * t.yn + d * d * t.nn).max(0.0);
        Some((mean, c / (c - 1.0) * squares / (count * count), t.clusters))
    }

    /// The cluster-robust 95 % interval (see the module docs), kept inside `bounds`.
    fn interval(&self, bounds: Bounds) -> Interval {
        let Some((mean, variance, clusters)) = self.moments() else {
            return Interval::EMPTY;
        };
        if clusters < 2 {
            return Interval {
                mean,
                low: mean,
                high: mean,
                n: clusters,
            };
        }
        let (low, high) = bounded_interval(mean, variance, clusters, bounds);
        Interval {
            mean,
            low,
            high,
            n: clusters,
        }
    }
}

/// The 95 % interval of a mean with the given variance, inside `bounds` (see the module docs,
/// "Bounds"): with both ends closed, Wilson's score interval on the rescaled mean at the
/// effective number of observations the variance implies; with one, the normal interval cut
/// at it; with none, the normal interval.
fn bounded_interval(mean: f64, variance: f64, clusters: u64, bounds: Bounds) -> (f64, f64) {
    match (bounds.low, bounds.high) {
        (Some(a), Some(b)) if b > a => {
            let width = b - a;
            let p = ((mean - a) / width).clamp(0.0, 1.0);
            let v = variance / (width * width);
            let n = if v > 0.0 {
                (p * (1.0 - p) / v).max(1.0)
            } else {
                // Every cluster alike: as if each cluster were one observation.
                clusters as f64
            };
            let (low, high) = wilson(p, n);
            (a + low * width, a + high * width)
        }
        (low, high) => {
            let half = Z95 * variance.sqrt();
            let cut = |x: f64| {
                let x = saturate(x);
                let x = low.map_or(x, |l| x.max(l));
                high.map_or(x, |h| x.min(h))
            };
            (cut(mean - half), cut(mean + half))
        }
    }
}

/// The mean of a share `x` in `[0, 1]` observed once per game, as `(cluster, x)` pairs, with
/// its 95 % interval clustered by `cluster` and taken as for win rates (Wilson's, at the
/// effective number of games; see the module docs). `parlour strength` reports a bot's share
/// of the wins against another with it.
pub fn clustered_share(observations: &[(u64, f64)]) -> Interval {
    share_interval(
        clustered_mean(observations, Bounds::NONE),
        observations.len() as u64,
    )
}

/// The mean of a per-game quantity `x` observed as `(cluster, x)` pairs (each cluster's
/// observations together, clusters in any order of first appearance), with its cluster-robust
/// 95 % interval kept inside `bounds` (see the module docs). `parlour strength` reports points
/// per game, and the points difference between two bots, with it.
pub fn clustered_mean(observations: &[(u64, f64)], bounds: Bounds) -> Interval {
    let mut sums = ClusterSums::default();
    for &(cluster, x) in observations {
        sums.add(cluster, x);
    }
    sums.interval(bounds)
}

/// The interval for a share (the win rate): Wilson's score interval, which stays inside [0, 1]
/// and does not collapse to a point when an entry always (or never) wins, taken at the
/// *effective* number of games the clustered variance implies (see the module docs).
fn share_interval(clustered: Interval, games: u64) -> Interval {
    if clustered.n < 2 || games == 0 {
        return clustered;
    }
    let p = clustered.mean.clamp(0.0, 1.0);
    let variance = ((clustered.high - clustered.mean) / Z95).powi(2);
    let clusters = clustered.n as f64;
    let n = if variance > 0.0 {
        (p * (1.0 - p) / variance).clamp(clusters.min(games as f64), games as f64)
    } else {
        // Every cluster alike (always or never winning): as if each cluster were one game.
        clusters
    };
    let (low, high) = wilson(p, n);
    Interval {
        mean: p,
        low,
        high,
        n: clustered.n,
    }
}

/// The 95% Wilson score interval for a share `p` of `n` trials.
fn wilson(p: f64, n: f64) -> (f64, f64) {
    let z2 = Z95 * Z95;
    let denominator = 1.0 + z2 / n;
    let centre = (p + z2 / (2.0 * n)) / denominator;
    let half = Z95 * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt() / denominator;
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// Keeps output finite for absurdly large returns whose sums overflow: infinities saturate to
/// the largest finite value, and NaN (only reachable as ∞ − ∞) becomes 0.
fn saturate(x: f64) -> f64 {
    if x.is_nan() {
        0.0
    } else {
        x.clamp(f64::MIN, f64::MAX)
    }
}

/// Whether a record can be scored (see the module docs).
fn usable(record: &GameRecord, entries: usize) -> bool {
    record.returns.len() == record.seats.len()
        && record.returns.iter().all(|r| r.is_finite())
        && record.seats.iter().all(|&e| e < entries)
}

fn cluster_of(record: &GameRecord, cluster_by_deal: bool) -> u64 {
    if cluster_by_deal {
        record.deal
    } else {
        record.index
    }
}

/// Each seat's competition rank (1 + seats strictly better), consistent with
/// [`GameRecord::placements`]: a seat strictly better in (winner, return) always has a strictly
/// lower placement, and tied seats have equal placements, so comparing placements suffices.
fn ranks(placements: &[f64]) -> Vec<usize> {
    placements
        .iter()
        .map(|p| 1 + placements.iter().filter(|o| *o < p).count())
        .collect()
}

/// Per-entry accumulators while reading the records.
#[derive(Debug, Clone, Default)]
struct Tally {
    games: u64,
    wins: u64,
    draws: u64,
    faults: u64,
    forfeits: u64,
    win: ClusterSums,
    placement: ClusterSums,
    score: ClusterSums,
    figures: Vec<ClusterSums>,
}

/// Head-to-head counts of one ordered pair.
#[derive(Debug, Clone, Copy, Default)]
struct PairCount {
    games: u64,
    ahead: u64,
    ties: u64,
}

/// Running mean and sum of squared deviations (Welford) of one ordered pair's paired
/// differences, one per shared cluster, for the early stop.
#[derive(Debug, Clone, Copy, Default)]
struct PairedDiffs {
    n: u64,
    mean: f64,
    m2: f64,
}

impl PairedDiffs {
    fn add(&mut self, d: f64) {
        self.n += 1;
        let delta = d - self.mean;
        self.mean += delta / self.n as f64;
        self.m2 += delta * (d - self.mean);
    }

    /// The one-sample z statistic `mean / (sd / √D)`, capped at [`Z_CAP`]. `None` when it
    /// cannot support a stop: fewer than two differences, or no spread and a mean that is not
    /// positive.
    fn z(&self) -> Option<f64> {
        if self.n < 2 {
            return None;
        }
        let d = self.n as f64;
        let sd = (self.m2.max(0.0) / (d - 1.0)).sqrt();
        if sd > 0.0 {
            let z = self.mean / (sd / d.sqrt());
            (!z.is_nan()).then_some(z.min(Z_CAP))
        } else if self.mean > 0.0 {
            // Every cluster favoured the leader by the same margin: infinitely significant.
            Some(Z_CAP)
        } else {
            None
        }
    }
}

/// The range of each quantity the standings report, so that no interval leaves it (see the
/// module docs, "Bounds"). Placement's range is known from the table size.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct ResultBounds {
    /// The range of a seat's return.
    #[serde(default)]
    pub score: Bounds,
    /// The range of each figure, by name (a figure not listed is unbounded).
    #[serde(default)]
    pub figures: Vec<(String, Bounds)>,
}

impl ResultBounds {
    /// The bounds a game declares.
    pub fn of<G: parlour_core::Game>(game: &G) -> ResultBounds {
        ResultBounds {
            score: game.return_bounds(),
            figures: game
                .figure_bounds()
                .into_iter()
                .map(|(name, b)| (name.to_string(), b))
                .collect(),
        }
    }

    fn figure(&self, name: &str) -> Bounds {
        self.figures
            .iter()
            .find(|(n, _)| n == name)
            .map_or(Bounds::NONE, |(_, b)| *b)
    }
}

/// What a seat counts for in the standings (see the module docs, "Forfeits"): a forfeited
/// seat never wins and scores the lowest return at its table, whatever its stand-in scored.
fn seat_score(record: &GameRecord, seat: usize) -> f64 {
    if record.forfeited.contains(&seat) {
        record.returns.iter().copied().fold(f64::INFINITY, f64::min)
    } else {
        record.returns[seat]
    }
}

/// Computes the standings of a tournament from its records (sorted into index order here).
///
/// `labels` names the entries; `cluster_by_deal` chooses deals rather than single games as the
/// independent clusters of the confidence intervals (see the module docs). Placement's interval
/// stays within the table's places; for the score's and figures' bounds use
/// [`StandingsBuilder::with_bounds`].
pub fn standings(labels: &[String], cluster_by_deal: bool, records: &[GameRecord]) -> Standings {
    let mut builder = StandingsBuilder::new(labels, cluster_by_deal);
    for record in in_index_order(records) {
        builder.push(record);
    }
    builder.finish()
}

fn in_index_order(records: &[GameRecord]) -> Vec<&GameRecord> {
    let mut sorted: Vec<&GameRecord> = records.iter().collect();
    sorted.sort_by_key(|r| r.index);
    sorted
}

/// [`standings`] one record at a time, so a tournament can fold in its games as they come (in
/// index order) and have little left to do when the last one finishes. Pushing the same
/// records in the same order gives bit-for-bit the same standings. Its memory does not grow
/// with the number of games: per entry it keeps running sums and the cluster being filled,
/// and per pair of entries a few counts.
#[derive(Debug, Clone)]
pub struct StandingsBuilder {
    labels: Vec<String>,
    cluster_by_deal: bool,
    bounds: ResultBounds,
    /// The figures' names, from the first usable record.
    figure_names: Option<Vec<String>>,
    tallies: Vec<Tally>,
    pairs: Vec<Vec<PairCount>>,
    ratings: Vec<WengLinRating>,
    /// Distinct clusters seen, and the last one.
    clusters: u64,
    last_cluster: Option<u64>,
    /// The most seats at a table so far (placement lies in `1..=seats`).
    seats: usize,
    games: u64,
    config: WengLinConfig,
    /// With an early stop: each ordered pair's paired differences over finished clusters.
    paired: Option<Vec<Vec<PairedDiffs>>>,
    /// The scores of the cluster being filled, by entry: sum and count.
    open_scores: Vec<(usize, f64, u64)>,
}

impl StandingsBuilder {
    /// No games yet.
    pub fn new(labels: &[String], cluster_by_deal: bool) -> StandingsBuilder {
        let n = labels.len();
        StandingsBuilder {
            labels: labels.to_vec(),
            cluster_by_deal,
            bounds: ResultBounds::default(),
            figure_names: None,
            tallies: vec![Tally::default(); n],
            pairs: vec![vec![PairCount::default(); n]; n],
            ratings: vec![WengLinRating::new(); n],
            clusters: 0,
            last_cluster: None,
            seats: 0,
            games: 0,
            config: WengLinConfig::new(),
            paired: None,
            open_scores: Vec::new(),
        }
    }

    /// Keeps the score's and each figure's interval inside `bounds`.
    pub fn with_bounds(mut self, bounds: ResultBounds) -> StandingsBuilder {
        self.bounds = bounds;
        self
    }

    /// Also keeps what [`StandingsBuilder::early_stop`] needs.
    pub fn tracking_pairs(mut self) -> StandingsBuilder {
        let n = self.labels.len();
        self.paired = Some(vec![vec![PairedDiffs::default(); n]; n]);
        self
    }

    /// Games pushed so far (usable records only).
    pub fn games(&self) -> u64 {
        self.games
    }

    /// Adds the next game in index order (a record that cannot be scored is skipped; see the
    /// module docs).
    pub fn push(&mut self, record: &GameRecord) {
        let n = self.labels.len();
        if !usable(record, n) {
            return;
        }
        let cluster = cluster_of(record, self.cluster_by_deal);
        if self.last_cluster != Some(cluster) {
            self.clusters += 1;
            self.last_cluster = Some(cluster);
            self.close_scores();
        }
        let figure_names = self
            .figure_names
            .get_or_insert_with(|| record.figures.iter().map(|f| f.name.clone()).collect());
        if self.games == 0 {
            for t in &mut self.tallies {
                t.figures = vec![ClusterSums::default(); figure_names.len()];
            }
        }
        self.games += 1;
        self.seats = self.seats.max(record.seats.len());
        let placements = record.placements();
        // Names are matched per record, so a record listing its figures in another order still
        // lands each value under the right name.
        let figures: Vec<Option<&[f64]>> = figure_names
            .iter()
            .map(|name| {
                record
                    .figures
                    .iter()
                    .find(|f| &f.name == name)
                    .map(|f| f.values.as_slice())
            })
            .collect();

        for (seat, &entry) in record.seats.iter().enumerate() {
            let tally = &mut self.tallies[entry];
            let forfeited = record.forfeited.contains(&seat);
            // A forfeited seat is never credited with a win (its moves were random).
            let won = record.winners.contains(&seat) && !forfeited;
            let score = seat_score(record, seat);
            tally.games += 1;
            tally.wins += u64::from(won);
            tally.draws += u64::from(record.winners.is_empty());
            tally.faults += record.faults.iter().filter(|f| f.seat == seat).count() as u64;
            tally.forfeits += u64::from(forfeited);
            tally.win.add(cluster, if won { 1.0 } else { 0.0 });
            tally.placement.add(cluster, placements[seat]);
            tally.score.add(cluster, score);
            match self.open_scores.iter_mut().find(|(e, _, _)| *e == entry) {
                Some((_, sum, count)) => {
                    *sum += score;
                    *count += 1;
                }
                None => self.open_scores.push((entry, score, 1)),
            }
            // What a stand-in did is not the entry's play: its figures are left out.
            if !forfeited {
                for (sums, values) in tally.figures.iter_mut().zip(&figures) {
                    // A missing or non-finite value is left out of that figure's mean only.
                    if let Some(&v) = values.and_then(|vs| vs.get(seat)) {
                        if v.is_finite() {
                            sums.add(cluster, v);
                        }
                    }
                }
            }
            for (other, &rival) in record.seats.iter().enumerate() {
                if other == seat || rival == entry {
                    continue;
                }
                let cell = &mut self.pairs[entry][rival];
                cell.games += 1;
                match placements[seat].total_cmp(&placements[other]) {
                    Ordering::Less => cell.ahead += 1,
                    Ordering::Equal => cell.ties += 1,
                    Ordering::Greater => {}
                }
            }
        }

        update_ratings(&mut self.ratings, record, &placements, &self.config);
    }

    /// Folds the finished cluster's scores into the pairs' differences.
    fn close_scores(&mut self) {
        if let Some(paired) = self.paired.as_mut() {
            add_differences(paired, &self.open_scores);
        }
        self.open_scores.clear();
    }

    /// The standings of the games pushed so far.
    pub fn finish(&self) -> Standings {
        let figure_names = self.figure_names.clone().unwrap_or_default();
        let placement_bounds = Bounds::between(1.0, self.seats.max(1) as f64);
        let mut entries: Vec<EntryStats> = self
            .tallies
            .iter()
            .zip(&self.ratings)
            .enumerate()
            .map(|(entry, (tally, rating))| {
                let win_rate = share_interval(tally.win.interval(Bounds::NONE), tally.games);
                EntryStats {
                    entry,
                    label: self.labels[entry].clone(),
                    games: tally.games,
                    wins: tally.wins,
                    draws: tally.draws,
                    win_rate,
                    placement: tally.placement.interval(placement_bounds),
                    score: tally.score.interval(self.bounds.score),
                    figures: figure_names
                        .iter()
                        .zip(&tally.figures)
                        .map(|(name, sums)| (name.clone(), sums.interval(self.bounds.figure(name))))
                        .collect(),
                    rating: Rating {
                        mu: rating.rating,
                        sigma: rating.uncertainty,
                    },
                    faults: tally.faults,
                    forfeits: tally.forfeits,
                }
            })
            .collect();
        // Entries that never played have mean 0 everywhere, which says nothing; they go last
        // instead of ranking by those zeros. The entry index makes the order total.
        entries.sort_by(|a, b| {
            (a.games == 0)
                .cmp(&(b.games == 0))
                .then(b.score.mean.total_cmp(&a.score.mean))
                .then(a.placement.mean.total_cmp(&b.placement.mean))
                .then_with(|| a.label.cmp(&b.label))
                .then(a.entry.cmp(&b.entry))
        });

        let pairwise = self
            .pairs
            .iter()
            .map(|row| {
                row.iter()
                    .map(|c| {
                        (c.games > 0).then(|| PairCell {
                            games: c.games,
                            ahead: c.ahead,
                            ties: c.ties,
                            share: (c.ahead as f64 + c.ties as f64 / 2.0) / c.games as f64,
                        })
                    })
                    .collect()
            })
            .collect();

        Standings {
            games: self.games,
            clusters: self.clusters,
            cluster_by_deal: self.cluster_by_deal,
            entries,
            pairwise,
        }
    }

    /// Whether the entry with the highest mean score is significantly ahead of every other
    /// entry over the games pushed so far (see the module docs, "Early stop"); `None` unless
    /// the builder was made [`tracking_pairs`](StandingsBuilder::tracking_pairs) and the stop
    /// is justified.
    pub fn early_stop(&self, rule: &EarlyStop) -> Option<StopDecision> {
        let n = self.labels.len();
        let paired = self.paired.as_ref()?;
        if n < 2 || !(rule.alpha > 0.0 && rule.alpha < 1.0) {
            return None;
        }
        let mut leader: Option<(usize, f64)> = None;
        for (entry, tally) in self.tallies.iter().enumerate() {
            let Some((mean, _, _)) = tally.score.moments() else {
                continue;
            };
            // Strictly greater, so ties keep the lowest index.
            if leader.is_none_or(|(_, best)| mean > best) {
                leader = Some((entry, mean));
            }
        }
        let (leader, _) = leader?;

        // The per-comparison level; the quantile is taken of the small tail directly so that
        // tiny levels keep their precision (1 − p would round to 1). Any of the n entries may
        // turn out the leader (it is chosen from the data), and a false stop by entry a needs
        // a false "ahead" against its truly best rival: n comparisons a look.
        let comparisons = f64::from(rule.looks.max(1)) * n as f64;
        let threshold = -normal_quantile(rule.alpha / comparisons);
        if !threshold.is_finite() {
            return None;
        }
        // The cluster being filled counts as finished: looks fall on whole groups.
        let mut row = paired[leader].clone();
        add_differences_from(&mut row, leader, &self.open_scores);

        let mut weakest: Option<(usize, f64)> = None;
        for (rival, diffs) in row.iter().enumerate() {
            if rival == leader {
                continue;
            }
            let z = diffs.z()?;
            // `z` is never NaN, so `<=` is the exact negation of `>` here.
            if diffs.n < rule.min_clusters || z <= threshold {
                return None;
            }
            if weakest.is_none_or(|(_, w)| z < w) {
                weakest = Some((rival, z));
            }
        }
        let (runner_up, z) = weakest?;
        Some(StopDecision {
            leader,
            runner_up,
            z,
            threshold,
        })
    }
}

/// Adds one cluster's paired differences (each entry's mean score in it) to every ordered pair.
fn add_differences(paired: &mut [Vec<PairedDiffs>], scores: &[(usize, f64, u64)]) {
    for &(a, _, _) in scores {
        add_differences_from(&mut paired[a], a, scores);
    }
}

/// Adds one cluster's paired differences of entry `a` against every other entry in it.
fn add_differences_from(row: &mut [PairedDiffs], a: usize, scores: &[(usize, f64, u64)]) {
    let Some(&(_, sa, na)) = scores.iter().find(|(e, _, _)| *e == a) else {
        return;
    };
    for &(b, sb, nb) in scores {
        if b != a {
            row[b].add(sa / na as f64 - sb / nb as f64);
        }
    }
}

/// Applies one game to the ratings: every seat is a one-player team ranked by placement.
fn update_ratings(
    ratings: &mut [WengLinRating],
    record: &GameRecord,
    placements: &[f64],
    config: &WengLinConfig,
) {
    // A game with one seat has no opponent to learn from.
    if record.seats.len() < 2 {
        return;
    }
    let teams: Vec<[WengLinRating; 1]> = record.seats.iter().map(|&e| [ratings[e]]).collect();
    let outcomes: Vec<(&[WengLinRating], MultiTeamOutcome)> = teams
        .iter()
        .zip(ranks(placements))
        .map(|(team, rank)| (&team[..], MultiTeamOutcome::new(rank)))
        .collect();
    let updated = weng_lin_multi_team(&outcomes, config);

    // An entry normally fills one seat; if it fills several, it takes the mean of its seats'
    // updated ratings so that no seat order decides.
    let mut sums: BTreeMap<usize, (f64, f64, u32)> = BTreeMap::new();
    for (&entry, team) in record.seats.iter().zip(&updated) {
        if let Some(r) = team.first() {
            let sum = sums.entry(entry).or_insert((0.0, 0.0, 0));
            sum.0 += r.rating;
            sum.1 += r.uncertainty;
            sum.2 += 1;
        }
    }
    for (entry, (mu, sigma, count)) in sums {
        let count = f64::from(count);
        ratings[entry] = WengLinRating {
            rating: mu / count,
            uncertainty: sigma / count,
        };
    }
}

/// Tests whether the entry with the highest mean score is significantly ahead of every other
/// entry, for a sequential early stop (see the module docs, "Early stop"), over `records`
/// (sorted into index order here).
///
/// Returns `None` (keep playing) unless the stop is justified; also when there are fewer than
/// two entries, nobody has played, or `rule.alpha` is not strictly between 0 and 1. A `looks`
/// of 0 is read as 1.
pub fn leader_significant(
    labels: &[String],
    cluster_by_deal: bool,
    records: &[GameRecord],
    rule: &EarlyStop,
) -> Option<StopDecision> {
    let mut builder = StandingsBuilder::new(labels, cluster_by_deal).tracking_pairs();
    for record in in_index_order(records) {
        builder.push(record);
    }
    builder.early_stop(rule)
}

/// The standard-normal quantile (inverse CDF) by Acklam's rational approximation, relative error
/// below 1.2e-9 over `(0, 1)`. Returns ∓∞ at or beyond 0 and 1, and NaN for NaN.
fn normal_quantile(p: f64) -> f64 {
    const A: [f64; 6] = [
        -3.969_683_028_665_376e1,
        2.209_460_984_245_205e2,
        -2.759_285_104_469_687e2,
        1.383_577_518_672_69e2,
        -3.066_479_806_614_716e1,
        2.506_628_277_459_239,
    ];
    const B: [f64; 5] = [
        -5.447_609_879_822_406e1,
        1.615_858_368_580_409e2,
        -1.556_989_798_598_866e2,
        6.680_131_188_771_972e1,
        -1.328_068_155_288_572e1,
    ];
    const C: [f64; 6] = [
        -7.784_894_002_430_293e-3,
        -3.223_964_580_411_365e-1,
        -2.400_758_277_161_838,
        -2.549_732_539_343_734,
        4.374_664_141_464_968,
        2.938_163_982_698_783,
    ];
    const D: [f64; 4] = [
        7.784_695_709_041_462e-3,
        3.224_671_290_700_398e-1,
        2.445_134_137_142_996,
        3.754_408_661_907_416,
    ];
    // Below this the central rational function loses accuracy and the tail form takes over.
    const P_LOW: f64 = 0.02425;

    // Horner evaluation; the tail denominator and the central one both end in an implicit 1.
    let poly = |coeffs: &[f64], x: f64| coeffs.iter().fold(0.0, |acc, &c| acc * x + c);
    let tail = |q: f64| poly(&C, q) / (poly(&D, q) * q + 1.0);

    if p.is_nan() {
        f64::NAN
    } else if p <= 0.0 {
        f64::NEG_INFINITY
    } else if p >= 1.0 {
        f64::INFINITY
    } else if p < P_LOW {
        tail((-2.0 * p.ln()).sqrt())
    } else if p <= 1.0 - P_LOW {
        let q = p - 0.5;
        let r = q * q;
        poly(&A, r) * q / (poly(&B, r) * r + 1.0)
    } else {
        -tail((-2.0 * (1.0 - p).ln()).sqrt())
    }
}

#[cfg(test)]
mod tests {

    /// The default rule with 30 shared clusters required, so small hand-made examples reach it.
    fn rule30() -> EarlyStop {
        EarlyStop {
            min_clusters: 30,
            ..EarlyStop::default()
        }
    }
    use super::*;
    use crate::record::Figure;

    fn labels(names: &[&str]) -> Vec<String> {
        names.iter().map(|s| s.to_string()).collect()
    }

    fn rec(
        index: u64,
        deal: u64,
        seats: &[usize],
        returns: &[f64],
        winners: &[usize],
    ) -> GameRecord {
        GameRecord {
            index,
            deal,
            seats: seats.to_vec(),
            returns: returns.to_vec(),
            winners: winners.to_vec(),
            figures: Vec::new(),
            decisions: 0,
            faults: Vec::new(),
            forfeited: Vec::new(),
        }
    }

    fn entry(s: &Standings, e: usize) -> &EntryStats {
        s.entries.iter().find(|x| x.entry == e).unwrap()
    }

    fn close(a: f64, b: f64, tol: f64) -> bool {
        (a - b).abs() <= tol
    }

    #[test]
    fn quantile_matches_known_values() {
        let known = [
            (0.5, 0.0),
            (0.975, 1.959_963_984_540_054),
            (0.025, -1.959_963_984_540_054),
            (0.999, 3.090_232_306_167_814),
            (0.9995, 3.290_526_731_491_926),
            (0.01, -2.326_347_874_040_841),
            (0.8, 0.841_621_233_572_914),
            (1e-6, -4.753_424_308_822_899),
            (1e-10, -6.361_340_902_404_056),
        ];
        for (p, q) in known {
            let got = normal_quantile(p);
            assert!(close(got, q, 1e-6), "q({p}) = {got}, expected {q}");
            // Symmetry checks the upper tail branch against the lower one.
            assert!(close(normal_quantile(1.0 - p), -q, 1e-6), "q(1 - {p})");
        }
        assert_eq!(normal_quantile(0.0), f64::NEG_INFINITY);
        assert_eq!(normal_quantile(1.0), f64::INFINITY);
    }

    #[test]
    fn unclustered_interval_is_the_classic_one() {
        // Entry 0 returns 1, 2, 3, 6 in four separate games.
        let rs = [1.0, 2.0, 3.0, 6.0];
        let records: Vec<_> = rs
            .iter()
            .enumerate()
            .map(|(i, &r)| rec(i as u64, i as u64, &[0, 1], &[r, 0.0], &[]))
            .collect();
        let s = standings(&labels(&["a", "b"]), false, &records);
        let score = entry(&s, 0).score;
        // By hand: m = 3, Σ(x − m)² = 4 + 1 + 0 + 9 = 14, s² = 14/3, s²/n = 7/6; the sandwich
        // gives 4/3 · 14/16 = 7/6 too.
        let classic_half = 1.959_963_984_540_054 * (14.0_f64 / 3.0 / 4.0).sqrt();
        assert!(close(classic_half, 2.117_003_060, 1e-8));
        assert_eq!(score.mean, 3.0);
        assert_eq!(score.n, 4);
        assert!(close(score.low, 3.0 - classic_half, 1e-12));
        assert!(close(score.high, 3.0 + classic_half, 1e-12));
    }

    #[test]
    fn clustering_by_deal_widens_correlated_games() {
        // Three deals of two games; within a deal the entry scores the same (perfect positive
        // correlation), so there are really only three independent draws.
        let rs = [1.0, 1.0, 3.0, 3.0, 5.0, 5.0];
        let records: Vec<_> = rs
            .iter()
            .enumerate()
            .map(|(i, &r)| rec(i as u64, i as u64 / 2, &[0, 1], &[r, 0.0], &[]))
            .collect();
        let names = labels(&["a", "b"]);
        let plain = entry(&standings(&names, false, &records), 0).score;
        let by_deal = entry(&standings(&names, true, &records), 0).score;
        // Unclustered: s² = 16/5, V = 16/30. Clustered: S_c − 2m = −4, 0, 4, V = 3/2 · 32/36.
        let plain_half = Z95 * (16.0_f64 / 30.0).sqrt();
        let deal_half = Z95 * (1.5_f64 * 32.0 / 36.0).sqrt();
        assert_eq!((plain.mean, by_deal.mean), (3.0, 3.0));
        assert_eq!((plain.n, by_deal.n), (6, 3));
        assert!(close(plain.high - plain.mean, plain_half, 1e-12));
        assert!(close(by_deal.high - by_deal.mean, deal_half, 1e-12));
        assert!(by_deal.high - by_deal.low > plain.high - plain.low);
    }

    #[test]
    fn single_cluster_interval_is_degenerate() {
        let records = [rec(0, 0, &[0, 1], &[2.0, 1.0], &[0])];
        let s = standings(&labels(&["a", "b"]), false, &records);
        let score = entry(&s, 0).score;
        assert_eq!(
            score,
            Interval {
                mean: 2.0,
                low: 2.0,
                high: 2.0,
                n: 1
            }
        );
    }

    #[test]
    fn wins_and_draws_are_counted() {
        let records = [
            rec(0, 0, &[0, 1, 2], &[3.0, 2.0, 1.0], &[0]),
            rec(1, 1, &[0, 1, 2], &[2.0, 2.0, 1.0], &[0, 1]),
            rec(2, 2, &[0, 1, 2], &[1.0, 1.0, 1.0], &[]),
            rec(3, 3, &[1, 2], &[0.0, 5.0], &[0]),
        ];
        let s = standings(&labels(&["a", "b", "c"]), false, &records);
        let counts: Vec<_> = (0..3)
            .map(|e| {
                let x = entry(&s, e);
                (x.games, x.wins, x.draws)
            })
            .collect();
        // Entry 1 wins the shared game and game 3 (a winner despite the lower return).
        assert_eq!(counts, [(3, 2, 1), (4, 2, 1), (4, 0, 1)]);
        assert!(close(entry(&s, 1).win_rate.mean, 0.5, 1e-15));
        assert_eq!(s.games, 4);
        assert_eq!(s.clusters, 4);
        for e in &s.entries {
            assert!(e.win_rate.low >= 0.0 && e.win_rate.high <= 1.0);
        }
    }

    #[test]
    fn pairwise_uses_placements_and_halves_ties() {
        let records = [
            // 0 wins; 1 and 2 tie on return.
            rec(0, 0, &[0, 1, 2], &[5.0, 1.0, 1.0], &[0]),
            // 2 beats 1, 0 last.
            rec(1, 1, &[0, 1, 2], &[0.0, 1.0, 2.0], &[2]),
        ];
        let s = standings(&labels(&["a", "b", "c"]), false, &records);
        let cell = |a: usize, b: usize| s.pairwise[a][b].clone().unwrap();
        let one_two = cell(1, 2);
        assert_eq!((one_two.games, one_two.ahead, one_two.ties), (2, 0, 1));
        assert_eq!(one_two.share, 0.25);
        let two_one = cell(2, 1);
        assert_eq!((two_one.games, two_one.ahead, two_one.ties), (2, 1, 1));
        assert_eq!(two_one.share, 0.75);
        let zero_one = cell(0, 1);
        assert_eq!((zero_one.ahead, zero_one.ties, zero_one.share), (1, 0, 0.5));
        // Placement means: entry 1 was 2.5 then 2; entry 2 was 2.5 then 1.
        assert_eq!(entry(&s, 1).placement.mean, 2.25);
        assert_eq!(entry(&s, 2).placement.mean, 1.75);
    }

    #[test]
    fn pairwise_none_on_diagonal_and_for_strangers() {
        let records = [rec(0, 0, &[0, 1], &[1.0, 0.0], &[0])];
        let s = standings(&labels(&["a", "b", "c"]), false, &records);
        for a in 0..3 {
            assert!(s.pairwise[a][a].is_none());
        }
        assert!(s.pairwise[0][2].is_none() && s.pairwise[2][0].is_none());
        assert!(s.pairwise[1][2].is_none() && s.pairwise[2][1].is_none());
        assert!(s.pairwise[0][1].is_some() && s.pairwise[1][0].is_some());
    }

    #[test]
    fn entries_sort_by_score_placement_label() {
        let records = [
            // "y" and "x" tie on score 1; "y" wins so places better. "w" scores 2.
            rec(0, 0, &[0, 1, 3], &[1.0, 1.0, 2.0], &[1]),
            // "z" and "v" both score 0 with identical placements: label decides.
            rec(1, 1, &[2, 4], &[0.0, 0.0], &[]),
        ];
        let names = labels(&["x", "y", "z", "w", "v", "never"]);
        let s = standings(&names, false, &records);
        let order: Vec<_> = s.entries.iter().map(|e| e.label.as_str()).collect();
        assert_eq!(order, ["w", "y", "x", "v", "z", "never"]);
    }

    #[test]
    fn figures_follow_first_record_order() {
        let mut a = rec(0, 0, &[0, 1], &[1.0, 0.0], &[0]);
        a.figures = vec![
            Figure {
                name: "penalty".into(),
                values: vec![10.0, 20.0],
            },
            Figure {
                name: "phases".into(),
                values: vec![3.0, 1.0],
            },
        ];
        let mut b = rec(1, 1, &[1, 0], &[1.0, 0.0], &[0]);
        b.figures = vec![
            Figure {
                name: "phases".into(),
                values: vec![2.0, 5.0],
            },
            Figure {
                name: "penalty".into(),
                values: vec![0.0, 30.0],
            },
        ];
        let s = standings(&labels(&["a", "b"]), false, &[a, b]);
        let figs = &entry(&s, 0).figures;
        assert_eq!(figs[0].0, "penalty");
        assert_eq!(figs[0].1.mean, 20.0);
        assert_eq!(figs[1].0, "phases");
        assert_eq!(figs[1].1.mean, 4.0);
    }

    #[test]
    fn ratings_order_and_sigma_shrinks() {
        let game = |i: u64| rec(i, i, &[0, 1, 2], &[3.0, 2.0, 1.0], &[0]);
        let names = labels(&["first", "middle", "last"]);
        let few: Vec<_> = (0..3).map(game).collect();
        let many: Vec<_> = (0..20).map(game).collect();
        let s_few = standings(&names, false, &few);
        let s_many = standings(&names, false, &many);
        let mu = |s: &Standings, e| entry(s, e).rating.mu;
        let sigma = |s: &Standings, e| entry(s, e).rating.sigma;
        assert!(mu(&s_many, 0) > mu(&s_many, 1) && mu(&s_many, 1) > mu(&s_many, 2));
        for e in 0..3 {
            assert!(sigma(&s_few, e) < 25.0 / 3.0);
            assert!(sigma(&s_many, e) < sigma(&s_few, e));
        }
    }

    #[test]
    fn tied_seats_share_a_rank() {
        assert_eq!(ranks(&[2.5, 1.0, 2.5, 4.0]), [2, 1, 2, 4]);
        // Two identical bots tying every game keep identical ratings.
        let records: Vec<_> = (0..5)
            .map(|i| rec(i, i, &[0, 1], &[1.0, 1.0], &[]))
            .collect();
        let s = standings(&labels(&["a", "b"]), false, &records);
        assert_eq!(entry(&s, 0).rating, entry(&s, 1).rating);
    }

    fn mixed_records() -> Vec<GameRecord> {
        (0..40)
            .map(|i| {
                let r = [(i * 7 % 5) as f64, (i * 3 % 4) as f64, (i % 3) as f64 * 0.1];
                rec(i, i / 4, &[0, 1, 2], &r, &[(i % 3) as usize])
            })
            .collect()
    }

    #[test]
    fn output_is_deterministic() {
        let names = labels(&["a", "b", "c"]);
        let records = mixed_records();
        let one = standings(&names, true, &records);
        let two = standings(&names, true, &records);
        assert_eq!(one, two);
        assert_eq!(
            serde_json::to_string(&one).unwrap(),
            serde_json::to_string(&two).unwrap()
        );
        let rule = rule30();
        assert_eq!(
            leader_significant(&names, true, &records, &rule),
            leader_significant(&names, true, &records, &rule)
        );
    }

    /// Two entries over `deals` deals of two games; the leader's margin varies by deal.
    fn dominant(deals: u64) -> Vec<GameRecord> {
        (0..deals * 2)
            .map(|i| {
                let margin = 1.0 + (i / 2 % 3) as f64;
                rec(i, i / 2, &[0, 1], &[margin, 0.0], &[0])
            })
            .collect()
    }

    #[test]
    fn dominant_leader_stops() {
        let names = labels(&["weak", "strong"]);
        let records: Vec<_> = dominant(40)
            .into_iter()
            .map(|mut r| {
                // Put the strong bot at entry 1 so the leader is not just the first entry.
                r.seats = vec![1, 0];
                r
            })
            .collect();
        let rule = rule30();
        let stop = leader_significant(&names, true, &records, &rule).unwrap();
        assert_eq!((stop.leader, stop.runner_up), (1, 0));
        // Two entries, 100 looks: one-sided quantile for 0.05 / 200.
        assert!(close(stop.threshold, 3.480_756_404_346_242, 1e-6));
        // Differences 1, 2, 3 repeating over 40 deals: mean 79/40, sd from the data.
        let d: Vec<f64> = (0..40).map(|c| 1.0 + (c % 3) as f64).collect();
        let m = d.iter().sum::<f64>() / 40.0;
        let sd = (d.iter().map(|x| (x - m).powi(2)).sum::<f64>() / 39.0).sqrt();
        assert!(close(stop.z, m / (sd / 40.0_f64.sqrt()), 1e-9));
    }

    #[test]
    fn constant_margin_caps_z() {
        let records: Vec<_> = (0..30)
            .map(|i| rec(i, i, &[0, 1], &[1.0, 0.0], &[0]))
            .collect();
        let stop = leader_significant(&labels(&["a", "b"]), false, &records, &rule30()).unwrap();
        assert_eq!(stop.z, 1e9);
    }

    #[test]
    fn equal_bots_do_not_stop() {
        let records: Vec<_> = (0..200)
            .map(|i| {
                let w = (i % 2) as usize;
                let mut r = [0.0, 0.0];
                r[w] = 1.0;
                rec(i, i, &[0, 1], &r, &[w])
            })
            .collect();
        let rule = rule30();
        assert!(leader_significant(&labels(&["a", "b"]), false, &records, &rule).is_none());
    }

    #[test]
    fn too_few_clusters_do_not_stop() {
        let names = labels(&["a", "b"]);
        let rule = rule30();
        // 29 deals (58 games) are not enough when clustering by deal, 30 are.
        assert!(leader_significant(&names, true, &dominant(29), &rule).is_none());
        assert!(leader_significant(&names, true, &dominant(30), &rule).is_some());
        // The same 58 games, each its own cluster, pass.
        assert!(leader_significant(&names, false, &dominant(29), &rule).is_some());
    }

    #[test]
    fn stranger_blocks_the_stop() {
        let mut records = dominant(40);
        // Entry 2 only ever plays entry 1, and loses; it never meets the leader.
        let extra = records.len() as u64;
        records.extend((0..40).map(|i| rec(extra + i, 100 + i, &[1, 2], &[1.0, -1.0], &[0])));
        let names = labels(&["a", "b", "c"]);
        let rule = rule30();
        assert!(leader_significant(&names, true, &records, &rule).is_none());
        // Once entry 2 has met the leader in enough deals, the stop goes through with the
        // threshold for three entries.
        let more = records.len() as u64;
        records.extend((0..40).map(|i| {
            rec(
                more + i,
                200 + i,
                &[0, 2],
                &[2.0 + (i % 2) as f64, 0.0],
                &[0],
            )
        }));
        let stop = leader_significant(&names, true, &records, &rule).unwrap();
        assert_eq!(stop.leader, 0);
        assert!(close(stop.threshold, -normal_quantile(0.05 / 300.0), 1e-12));
        assert!(stop.threshold > 3.480_756_404_346_242);
    }

    #[test]
    fn empty_and_malformed_inputs_do_not_panic() {
        let names = labels(&["a", "b"]);
        let s = standings(&names, true, &[]);
        assert_eq!((s.games, s.clusters), (0, 0));
        for e in &s.entries {
            assert_eq!(e.games, 0);
            assert_eq!(e.score, Interval::EMPTY);
            assert_eq!(e.rating.mu, 25.0);
        }
        assert!(s.pairwise.iter().flatten().all(Option::is_none));
        assert!(serde_json::to_string(&s).is_ok());
        assert!(leader_significant(&names, true, &[], &rule30()).is_none());

        let none = standings(&[], false, &[]);
        assert!(none.entries.is_empty() && none.pairwise.is_empty());

        let bad = [
            rec(0, 0, &[0, 1], &[1.0], &[0]),
            rec(1, 0, &[0, 5], &[1.0, 2.0], &[0]),
            rec(2, 0, &[0, 1], &[f64::NAN, 2.0], &[9]),
            rec(3, 0, &[0, 1], &[1.0, 2.0], &[9]),
            rec(4, 0, &[0], &[1.0], &[0]),
        ];
        let s = standings(&names, false, &bad);
        assert_eq!(s.games, 2);
        assert_eq!(entry(&s, 0).games, 2);
        // serde_json writes NaN and infinities as null, which does not read back into an f64:
        // an exact round trip shows every number is finite.
        let json = serde_json::to_string(&s).unwrap();
        assert_eq!(serde_json::from_str::<Standings>(&json).unwrap(), s);
        let rule = EarlyStop {
            alpha: f64::NAN,
            looks: 0,
            min_clusters: 0,
        };
        assert!(leader_significant(&names, false, &bad, &rule).is_none());
    }
}

#[cfg(test)]
mod share_tests {
    use super::*;

    #[test]
    fn wilson_matches_known_values() {
        let (lo, hi) = wilson(0.5, 100.0);
        assert!(
            (lo - 0.4038).abs() < 1e-3 && (hi - 0.5962).abs() < 1e-3,
            "{lo} {hi}"
        );
        let (lo, hi) = wilson(0.0, 10.0);
        assert_eq!(lo, 0.0);
        assert!((hi - 0.2775).abs() < 1e-3, "{hi}");
    }

    #[test]
    fn a_perfect_record_gets_an_interval_below_one() {
        // Won all 200 games of 50 deals: Wilson at one game per deal.
        let clustered = Interval {
            mean: 1.0,
            low: 1.0,
            high: 1.0,
            n: 50,
        };
        let i = share_interval(clustered, 200);
        assert_eq!(i.mean, 1.0);
        assert_eq!(i.high, 1.0);
        let (lo, _) = wilson(1.0, 50.0);
        assert_eq!(i.low, lo);
        assert!(i.low > 0.9 && i.low < 0.95, "{}", i.low);
    }

    #[test]
    fn with_independent_games_it_is_the_plain_wilson_interval() {
        // 30 wins in 100 games, each its own cluster: n_eff is held to at least the 100
        // clusters (the small-sample factor C/(C−1) alone would make it 99).
        let wins: Vec<GameRecord> = (0..100u64)
            .map(|i| GameRecord {
                index: i,
                deal: i,
                seats: vec![0, 1],
                returns: if i < 30 {
                    vec![1.0, 0.0]
                } else {
                    vec![0.0, 1.0]
                },
                winners: vec![usize::from(i >= 30)],
                figures: Vec::new(),
                decisions: 1,
                faults: Vec::new(),
                forfeited: Vec::new(),
            })
            .collect();
        let s = standings(&["a".into(), "b".into()], false, &wins);
        let a = s.entries.iter().find(|e| e.entry == 0).unwrap();
        let (lo, hi) = wilson(0.3, 100.0);
        assert!((a.win_rate.low - lo).abs() < 1e-9 && (a.win_rate.high - hi).abs() < 1e-9);
    }
}
