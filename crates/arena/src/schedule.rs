//! Who sits where: a schedule of tables, each played under every seat rotation.
//!
//! A tournament is a sequence of *groups*. Group `g` has a table: `k` distinct entries in a
//! cyclic order. It is played as `k` games, one per rotation: in rotation `r`, seat `s` holds
//! `table[(s + r) % k]`, so within a group every entry takes every seat once and always has the
//! same neighbours. Game `i` is rotation `i % k` of group `i / k`.
//!
//! - **Round-robin**: the tables are every `k`-subset of the entries in every cyclic order
//!   (`C(N, k) · (k − 1)!` tables; with `N = k` that is the `(k − 1)!` orders, so every seat
//!   permutation is played), each cycle through them in a seeded shuffled order.
//! - **Balanced random**: for when a round-robin does not fit the number of games. Entries are
//!   dealt from seeded random permutations into tables of `k`, so by the end of each pass every
//!   entry has sat at the same number of tables, give or take one.
//! - **Auto** (the default) picks round-robin when `N = k`, or when the groups make whole
//!   round-robin cycles; balanced random otherwise.

use rand::seq::SliceRandom;
use serde::{Deserialize, Serialize};

use parlour_core::rng::{derive_seed, seeded};

/// The most tables a round-robin cycle may have (beyond it, balanced random is used).
pub const MAX_ROUND_ROBIN: u64 = 100_000;

/// How tables are chosen.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ScheduleKind {
    /// Round-robin when it fits, balanced random otherwise.
    #[default]
    Auto,
    /// Every table of every subset and cyclic order, cycle after cycle.
    RoundRobin,
    /// Balanced random tables.
    Random,
}

/// A schedule that cannot be made.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ScheduleError {
    /// Fewer entries than seats.
    #[error("a table of {seats} needs at least {seats} bots; {entries} given (name a bot more than once to seat it twice, e.g. heuristic,random,random,random)")]
    TooFewEntries {
        /// Entries given.
        entries: usize,
        /// Seats at the table.
        seats: usize,
    },
    /// More entries than a schedule can name.
    #[error("{entries} entries are more than a schedule can seat ({max})", max = u16::MAX)]
    TooManyEntries {
        /// Entries given.
        entries: usize,
    },
    /// A round-robin was asked for but has too many tables.
    #[error("a round-robin of {entries} bots at tables of {seats} has {tables} tables a cycle, more than {MAX_ROUND_ROBIN}; use --schedule random")]
    RoundRobinTooBig {
        /// Entries given.
        entries: usize,
        /// Seats at the table.
        seats: usize,
        /// Tables in one cycle.
        tables: u64,
    },
}

/// The tables of a tournament, one per group.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Schedule {
    /// Seats at each table.
    pub seats: usize,
    /// What was chosen (never `Auto`).
    pub kind: ScheduleKind,
    /// Tables in one round-robin cycle (`C(N, k) · (k − 1)!`), however the schedule was made.
    pub cycle: u64,
    /// The tables, `seats` entries to a table, in cyclic order, two bytes a seat (entries are
    /// at most [`crate::MAX_ENTRIES`]).
    tables: Tables,
}

/// Where each group's table comes from.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Tables {
    /// Round-robin: the tables of one cycle, in a fixed order; group `g` plays the
    /// `g % cycle`-th table of cycle `g / cycle`'s shuffle, made when asked for. So the
    /// schedule takes no memory per game.
    RoundRobin {
        all: Vec<u16>,
        groups: u64,
        seed: u64,
    },
    /// Balanced random: each group's table, made in order (each pass depends on the last).
    Listed(Vec<u16>),
}

impl Schedule {
    /// The schedule for `entries` bots at tables of `seats`, for `groups` groups, from `seed`.
    pub fn new(
        entries: usize,
        seats: usize,
        groups: u64,
        kind: ScheduleKind,
        seed: u64,
    ) -> Result<Schedule, ScheduleError> {
        if entries < seats || seats == 0 {
            return Err(ScheduleError::TooFewEntries { entries, seats });
        }
        let cycle = round_robin_size(entries, seats);
        let fits = cycle <= MAX_ROUND_ROBIN;
        let kind = match kind {
            ScheduleKind::Auto if fits && (entries == seats || groups % cycle == 0) => {
                ScheduleKind::RoundRobin
            }
            ScheduleKind::Auto => ScheduleKind::Random,
            ScheduleKind::RoundRobin if !fits => {
                return Err(ScheduleError::RoundRobinTooBig {
                    entries,
                    seats,
                    tables: cycle,
                })
            }
            k => k,
        };
        if entries > usize::from(u16::MAX) {
            return Err(ScheduleError::TooManyEntries { entries });
        }
        let tables = match kind {
            ScheduleKind::RoundRobin => Tables::RoundRobin {
                all: all_tables(entries, seats)
                    .into_iter()
                    .flatten()
                    .map(|e| e as u16)
                    .collect(),
                groups,
                seed,
            },
            _ => Tables::Listed(balanced_random(entries, seats, groups, seed)),
        };
        Ok(Schedule {
            seats,
            kind,
            cycle,
            tables,
        })
    }

    /// The entry at each seat of game `index`.
    ///
    /// # Panics
    /// If `index` is beyond the schedule (a programming error).
    pub fn seating(&self, index: u64) -> Vec<usize> {
        let k = self.seats;
        let table = self.group(index / k as u64);
        let r = (index % k as u64) as usize;
        (0..k).map(|s| usize::from(table[(s + r) % k])).collect()
    }

    fn group(&self, group: u64) -> Vec<u16> {
        let k = self.seats;
        match &self.tables {
            Tables::Listed(tables) => tables[group as usize * k..(group as usize + 1) * k].to_vec(),
            Tables::RoundRobin { all, groups, seed } => {
                assert!(group < *groups, "group {group} is beyond the schedule");
                let t = cycle_order(*seed, self.cycle, group / self.cycle)
                    [(group % self.cycle) as usize];
                all[t * k..(t + 1) * k].to_vec()
            }
        }
    }

    /// Group `group`'s table: entry indices in cyclic order.
    ///
    /// # Panics
    /// If `group` is beyond the schedule (a programming error).
    pub fn table(&self, group: u64) -> Vec<usize> {
        self.group(group).iter().map(|&e| usize::from(e)).collect()
    }

    /// Groups in all.
    pub fn groups(&self) -> u64 {
        match &self.tables {
            Tables::Listed(tables) => (tables.len() / self.seats) as u64,
            Tables::RoundRobin { groups, .. } => *groups,
        }
    }

    /// Games in all (`groups · k`).
    pub fn games(&self) -> u64 {
        self.groups() * self.seats as u64
    }
}

/// `C(n, k) · (k − 1)!`, saturating.
pub fn round_robin_size(n: usize, k: usize) -> u64 {
    let mut c: u128 = 1;
    for i in 0..k as u128 {
        c = c * (n as u128 - i) / (i + 1);
    }
    let orders: u128 = (1..k.max(1) as u128).product();
    u64::try_from(c.saturating_mul(orders)).unwrap_or(u64::MAX)
}

/// Every table of one cycle, in a fixed order: each `k`-subset (lexicographic), each cyclic
/// order of it (its smallest entry first, the others permuted lexicographically).
fn all_tables(n: usize, k: usize) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    let mut subset: Vec<usize> = (0..k).collect();
    loop {
        let mut rest: Vec<usize> = subset[1..].to_vec();
        loop {
            let mut t = vec![subset[0]];
            t.extend_from_slice(&rest);
            out.push(t);
            if !next_permutation(&mut rest) {
                break;
            }
        }
        // Next subset in lexicographic order.
        let Some(i) = (0..k).rev().find(|&i| subset[i] < n - k + i) else {
            return out;
        };
        subset[i] += 1;
        for j in i + 1..k {
            subset[j] = subset[j - 1] + 1;
        }
    }
}

/// Advances to the next lexicographic permutation; false when `v` was the last.
fn next_permutation(v: &mut [usize]) -> bool {
    let Some(i) = (1..v.len()).rev().find(|&i| v[i - 1] < v[i]) else {
        return false;
    };
    let j = (i..v.len()).rev().find(|&j| v[j] > v[i - 1]).unwrap_or(i);
    v.swap(i - 1, j);
    v[i..].reverse();
    true
}

/// The order of the tables in round-robin cycle `cycle` (a shuffle of `0..len` seeded from the
/// schedule's seed and the cycle), kept per thread for the cycle asked for last: games are
/// taken in index order, so a cycle's shuffle is made about once per thread.
fn cycle_order(seed: u64, len: u64, cycle: u64) -> std::rc::Rc<Vec<usize>> {
    type Cached = Option<((u64, u64, u64), std::rc::Rc<Vec<usize>>)>;
    thread_local! {
        static LAST: std::cell::RefCell<Cached> = const { std::cell::RefCell::new(None) };
    }
    LAST.with(|last| {
        let mut last = last.borrow_mut();
        let key = (seed, len, cycle);
        if let Some((k, order)) = last.as_ref() {
            if *k == key {
                return order.clone();
            }
        }
        let mut order: Vec<usize> = (0..len as usize).collect();
        order.shuffle(&mut seeded(derive_seed(seed, cycle)));
        let order = std::rc::Rc::new(order);
        *last = Some((key, order.clone()));
        order
    })
}

fn balanced_random(n: usize, k: usize, groups: u64, seed: u64) -> Vec<u16> {
    let mut rng = seeded(seed);
    let mut pool: Vec<usize> = Vec::new();
    let mut out = Vec::with_capacity(groups as usize * k);
    for _ in 0..groups {
        let mut table = Vec::with_capacity(k);
        while table.len() < k {
            // Take the next entry of the current pass not already at this table; start a new
            // pass when none is left (a new pass holds all n > table.len() entries).
            match pool.iter().position(|e| !table.contains(e)) {
                Some(p) => table.push(pool.remove(p)),
                None => {
                    let mut pass: Vec<usize> = (0..n).collect();
                    pass.shuffle(&mut rng);
                    pool.extend(pass);
                }
            }
        }
        out.extend(table.iter().map(|&e| e as u16));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;

    fn seat_counts(s: &Schedule, n: usize) -> Vec<Vec<u64>> {
        let mut c = vec![vec![0u64; s.seats]; n];
        for i in 0..s.games() {
            for (seat, e) in s.seating(i).into_iter().enumerate() {
                c[e][seat] += 1;
            }
        }
        c
    }

    #[test]
    fn round_robin_size_counts_subsets_and_cyclic_orders() {
        assert_eq!(round_robin_size(4, 4), 6);
        assert_eq!(round_robin_size(3, 3), 2);
        assert_eq!(round_robin_size(5, 4), 30);
        assert_eq!(round_robin_size(6, 3), 40);
        assert_eq!(round_robin_size(2, 2), 1);
        assert_eq!(all_tables(5, 4).len(), 30);
        assert_eq!(all_tables(6, 3).len(), 40);
    }

    #[test]
    fn n_equals_k_plays_every_seat_permutation_once_per_cycle() {
        let s = Schedule::new(4, 4, 6, ScheduleKind::Auto, 7).unwrap();
        assert_eq!(s.kind, ScheduleKind::RoundRobin);
        let perms: BTreeSet<Vec<usize>> = (0..s.games()).map(|i| s.seating(i)).collect();
        assert_eq!(perms.len(), 24, "all 4! seatings, each once");
        for row in seat_counts(&s, 4) {
            assert_eq!(row, vec![6; 4]);
        }
    }

    #[test]
    fn a_group_rotates_one_table_through_every_seat() {
        let s = Schedule::new(3, 3, 1, ScheduleKind::Auto, 1).unwrap();
        let t = s.table(0);
        assert_eq!(s.seating(0), t);
        assert_eq!(s.seating(1), vec![t[1], t[2], t[0]]);
        assert_eq!(s.seating(2), vec![t[2], t[0], t[1]]);
    }

    #[test]
    fn round_robin_over_subsets_is_exactly_balanced() {
        // 5 bots at tables of 4: 30 tables a cycle, two cycles.
        let s = Schedule::new(5, 4, 60, ScheduleKind::Auto, 3).unwrap();
        assert_eq!(s.kind, ScheduleKind::RoundRobin);
        for row in seat_counts(&s, 5) {
            assert_eq!(
                row,
                vec![48; 4],
                "each bot: 4 of 5 subsets × 6 orders × 2 cycles per seat"
            );
        }
        // Every pair of bots meets equally often.
        let mut meet = [[0u32; 5]; 5];
        for g in 0..s.groups() {
            let t = s.table(g);
            for &a in &t {
                for &b in &t {
                    meet[a][b] += 1;
                }
            }
        }
        for (a, row) in meet.iter().enumerate() {
            for (b, &m) in row.iter().enumerate() {
                if a != b {
                    assert_eq!(m, 36, "3 subsets hold both × 6 orders × 2 cycles");
                }
            }
        }
    }

    #[test]
    fn auto_falls_back_to_balanced_random_when_cycles_do_not_fit() {
        let s = Schedule::new(7, 4, 101, ScheduleKind::Auto, 5).unwrap();
        assert_eq!(s.kind, ScheduleKind::Random);
        let counts: Vec<u64> = seat_counts(&s, 7)
            .iter()
            .map(|r| r.iter().sum::<u64>() / 4)
            .collect();
        let (lo, hi) = (counts.iter().min().unwrap(), counts.iter().max().unwrap());
        assert!(hi - lo <= 2, "tables per bot {counts:?}");
        for g in 0..s.groups() {
            let t = s.table(g);
            let set: BTreeSet<_> = t.iter().collect();
            assert_eq!(set.len(), 4, "a table never seats a bot twice: {t:?}");
        }
    }

    #[test]
    fn round_robin_tables_made_on_demand_are_the_cycles_shuffles_in_order() {
        // The schedule as it was once made eagerly: each cycle's tables in a seeded shuffle,
        // cycle after cycle. Asking for groups in any order gives the same tables.
        let (n, k, groups, seed) = (5, 3, 95, 7);
        let s = Schedule::new(n, k, groups, ScheduleKind::RoundRobin, seed).unwrap();
        let all = all_tables(n, k);
        let mut eager = Vec::new();
        let mut cycle = 0;
        while (eager.len() as u64) < groups {
            let mut order: Vec<usize> = (0..all.len()).collect();
            order.shuffle(&mut seeded(derive_seed(seed, cycle)));
            eager.extend(order.into_iter().map(|t| all[t].clone()));
            cycle += 1;
        }
        for g in (0..groups).rev().chain(0..groups) {
            assert_eq!(s.table(g), eager[g as usize], "group {g}");
        }
    }

    #[test]
    fn too_few_entries_and_oversized_round_robins_are_errors() {
        assert_eq!(
            Schedule::new(3, 4, 1, ScheduleKind::Auto, 0),
            Err(ScheduleError::TooFewEntries {
                entries: 3,
                seats: 4
            })
        );
        assert!(matches!(
            Schedule::new(60, 4, 1, ScheduleKind::RoundRobin, 0),
            Err(ScheduleError::RoundRobinTooBig { .. })
        ));
        assert_eq!(
            Schedule::new(60, 4, 10, ScheduleKind::Auto, 0)
                .unwrap()
                .kind,
            ScheduleKind::Random
        );
    }

    #[test]
    fn the_same_seed_makes_the_same_schedule() {
        let a = Schedule::new(6, 4, 50, ScheduleKind::Random, 9).unwrap();
        let b = Schedule::new(6, 4, 50, ScheduleKind::Random, 9).unwrap();
        let c = Schedule::new(6, 4, 50, ScheduleKind::Random, 10).unwrap();
        assert_eq!(a, b);
        assert_ne!(a.tables, c.tables);
    }
}
