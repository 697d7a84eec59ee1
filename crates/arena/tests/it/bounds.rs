//! Statistics at their edges: every interval stays inside its quantity's range (placement,
//! a game's declared score and figure bounds, the win rate), the constant-memory running sums
//! agree with the textbook cluster-robust formula, and a forfeiting entry never outranks an
//! honest one on what its stand-in scored.

use parlour_arena::record::{Figure, GameRecord};
use parlour_arena::stats::{clustered_mean, standings, ResultBounds, StandingsBuilder};
use parlour_core::Bounds;
use proptest::prelude::*;

fn labels(n: usize) -> Vec<String> {
    (0..n).map(|i| format!("e{i}")).collect()
}

/// Games at tables of `k` from `entries` entries, a deal per `k` games, with returns in
/// `score`'s range (both ends closed), a figure in `0..=5` and some seats forfeited.
fn games(k: usize, entries: usize) -> impl Strategy<Value = Vec<GameRecord>> {
    let game = (
        proptest::collection::vec(0..entries, k),
        proptest::collection::vec(prop_oneof![Just(0.0), Just(1.0), 0.0..=1.0f64], k),
        proptest::collection::vec(0u8..=5, k),
        proptest::collection::vec(proptest::bool::weighted(0.1), k),
    );
    proptest::collection::vec(game, 1..120).prop_map(move |gs| {
        gs.into_iter()
            .enumerate()
            .map(|(i, (seats, returns, phases, forfeit))| {
                let best = returns.iter().copied().fold(f64::MIN, f64::max);
                GameRecord {
                    index: i as u64,
                    deal: (i / k) as u64,
                    winners: (0..k).filter(|&s| returns[s] == best).collect(),
                    seats,
                    figures: vec![Figure {
                        name: "phases".into(),
                        values: phases.iter().map(|&p| f64::from(p)).collect(),
                    }],
                    returns,
                    decisions: 1,
                    faults: Vec::new(),
                    forfeited: (0..k).filter(|&s| forfeit[s]).collect(),
                }
            })
            .collect()
    })
}

fn inside(i: &parlour_arena::stats::Interval, low: f64, high: f64) -> bool {
    low <= i.low && i.low <= i.mean + 1e-12 && i.mean <= i.high + 1e-12 && i.high <= high
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn every_interval_stays_inside_its_quantitys_range(
        k in 2usize..5,
        entries in 2usize..7,
        seed_games in games(4, 6),
        by_deal in any::<bool>(),
    ) {
        // Re-seat the generated games at tables of k from `entries` entries.
        let records: Vec<GameRecord> = seed_games
            .into_iter()
            .map(|mut r| {
                r.seats.truncate(k);
                r.returns.truncate(k);
                r.figures[0].values.truncate(k);
                for e in &mut r.seats {
                    *e %= entries;
                }
                r.winners.retain(|&s| s < k);
                r.forfeited.retain(|&s| s < k);
                r.deal = r.index / k as u64;
                r
            })
            .collect();
        let bounds = ResultBounds {
            score: Bounds::between(0.0, 1.0),
            figures: vec![("phases".into(), Bounds::between(0.0, 5.0))],
        };
        let mut b = StandingsBuilder::new(&labels(entries), by_deal).with_bounds(bounds);
        for r in &records {
            b.push(r);
        }
        let s = b.finish();
        for e in &s.entries {
            if e.games == 0 {
                continue;
            }
            prop_assert!(inside(&e.placement, 1.0, k as f64), "placement {:?}", e.placement);
            prop_assert!(inside(&e.score, 0.0, 1.0), "score {:?}", e.score);
            prop_assert!(inside(&e.win_rate, 0.0, 1.0), "win rate {:?}", e.win_rate);
            for (_, f) in &e.figures {
                if f.n > 0 {
                    prop_assert!(inside(f, 0.0, 5.0), "phases {:?}", f);
                }
            }
        }
    }

    #[test]
    fn a_one_sided_bound_cuts_the_interval_and_an_open_one_does_not(
        records in games(4, 5),
    ) {
        let below = ResultBounds { score: Bounds::at_least(0.0), figures: Vec::new() };
        let mut cut = StandingsBuilder::new(&labels(5), true).with_bounds(below);
        let mut open = StandingsBuilder::new(&labels(5), true);
        for r in &records {
            cut.push(r);
            open.push(r);
        }
        let (cut, open) = (cut.finish(), open.finish());
        for (c, o) in cut.entries.iter().zip(&open.entries) {
            prop_assert_eq!(c.entry, o.entry);
            prop_assert!(c.score.low >= 0.0);
            prop_assert_eq!(c.score.low, o.score.low.max(0.0));
            prop_assert_eq!(c.score.high, o.score.high);
            prop_assert_eq!(c.score.mean, o.score.mean);
        }
    }

    #[test]
    fn running_sums_agree_with_the_cluster_robust_formula(records in games(4, 5)) {
        let s = standings(&labels(5), true, &records);
        for e in s.entries.iter().filter(|e| e.score.n >= 2) {
            // The textbook formula over per-deal sums of each seat's score, as the docs give
            // it (a forfeited seat scores its table's lowest return).
            let mut per_deal: std::collections::BTreeMap<u64, (f64, f64)> = Default::default();
            for r in &records {
                for (seat, &entry) in r.seats.iter().enumerate() {
                    if entry != e.entry {
                        continue;
                    }
                    let x = if r.forfeited.contains(&seat) {
                        r.returns.iter().copied().fold(f64::INFINITY, f64::min)
                    } else {
                        r.returns[seat]
                    };
                    let c = per_deal.entry(r.deal).or_default();
                    c.0 += x;
                    c.1 += 1.0;
                }
            }
            let n: f64 = per_deal.values().map(|c| c.1).sum();
            let mean = per_deal.values().map(|c| c.0).sum::<f64>() / n;
            let clusters = per_deal.len() as f64;
            let v = clusters / (clusters - 1.0)
                * per_deal.values().map(|c| (c.0 - mean * c.1).powi(2)).sum::<f64>()
                / (n * n);
            let half = 1.959963984540054 * v.sqrt();
            prop_assert!((e.score.mean - mean).abs() < 1e-9);
            prop_assert!((e.score.low - (mean - half)).abs() < 1e-9, "{} vs {}", e.score.low, mean - half);
            prop_assert!((e.score.high - (mean + half)).abs() < 1e-9);
        }
    }

    #[test]
    fn clustered_mean_is_the_mean_with_the_cluster_robust_interval_inside_its_bounds(
        sizes in proptest::collection::vec(1usize..5, 1..60),
        xs in proptest::collection::vec(-40.0..=500.0f64, 240),
        floor in prop_oneof![Just(None), Just(Some(-40.0))],
    ) {
        // Clusters of 1 to 4 observations each, as a strength match's deals are.
        let mut obs = Vec::new();
        for (c, &n) in sizes.iter().enumerate() {
            for _ in 0..n {
                obs.push((c as u64, xs[obs.len()]));
            }
        }
        let bounds = Bounds { low: floor, high: None };
        let i = clustered_mean(&obs, bounds);
        let n = obs.len() as f64;
        let mean = obs.iter().map(|o| o.1).sum::<f64>() / n;
        prop_assert!((i.mean - mean).abs() < 1e-9);
        prop_assert_eq!(i.n, sizes.len() as u64);
        prop_assert!(inside(&i, floor.unwrap_or(f64::NEG_INFINITY), f64::INFINITY));
        if sizes.len() >= 2 {
            let clusters = sizes.len() as f64;
            let mut per: std::collections::BTreeMap<u64, (f64, f64)> = Default::default();
            for &(c, x) in &obs {
                let e = per.entry(c).or_default();
                e.0 += x;
                e.1 += 1.0;
            }
            let v = clusters / (clusters - 1.0)
                * per.values().map(|c| (c.0 - mean * c.1).powi(2)).sum::<f64>()
                / (n * n);
            let half = 1.959963984540054 * v.sqrt();
            let low = floor.map_or(mean - half, |f| (mean - half).max(f));
            prop_assert!((i.low - low).abs() < 1e-6, "{} vs {}", i.low, low);
            prop_assert!((i.high - (mean + half)).abs() < 1e-6);
        } else {
            prop_assert_eq!((i.low, i.high), (i.mean, i.mean));
        }
    }
}

/// A four-seat game: `winner` takes `points`, the others nothing.
fn uno_like(
    index: u64,
    seats: [usize; 4],
    winner: usize,
    points: f64,
    forfeited: &[usize],
) -> GameRecord {
    let mut returns = vec![0.0; 4];
    returns[winner] = points;
    GameRecord {
        index,
        deal: index / 4,
        seats: seats.to_vec(),
        returns,
        winners: vec![winner],
        figures: Vec::new(),
        decisions: 10,
        faults: Vec::new(),
        forfeited: forfeited.to_vec(),
    }
}

#[test]
fn a_forfeited_seat_never_wins_nor_scores_its_stand_ins_points_and_ranks_last() {
    // Entry 3 forfeited every game, and its stand-in won them all with big hands; the honest
    // entries 0..3 scored nothing in those games but share the other points.
    let mut records = Vec::new();
    for i in 0..80u64 {
        let rot = (i % 4) as usize;
        let seats = [(rot) % 4, (rot + 1) % 4, (rot + 2) % 4, (rot + 3) % 4];
        let seat_of_3 = seats.iter().position(|&e| e == 3).unwrap();
        records.push(uno_like(i, seats, seat_of_3, 200.0, &[seat_of_3]));
    }
    let s = standings(&labels(4), true, &records);
    let last = s.entries.last().unwrap();
    assert_eq!(last.entry, 3, "the forfeiting entry ranks last");
    assert_eq!(last.wins, 0);
    assert_eq!(last.forfeits, 80);
    assert_eq!(
        last.score.mean, 0.0,
        "it scores the table's lowest return, not 200"
    );
    assert_eq!(last.placement.mean, 4.0);
    for e in &s.entries[..3] {
        assert_eq!(e.forfeits, 0);
        assert!(e.placement.mean < 4.0);
    }
}

#[test]
fn a_forfeit_scores_the_tables_lowest_return_where_returns_can_be_negative() {
    // Phased-Out-like returns: minus penalty points. The forfeited seat's stand-in did best
    // (-5), yet it counts as the worst at its table (-90).
    let r = GameRecord {
        index: 0,
        deal: 0,
        seats: vec![0, 1, 2, 3],
        returns: vec![-5.0, -40.0, -90.0, -60.0],
        winners: vec![0],
        figures: Vec::new(),
        decisions: 10,
        faults: Vec::new(),
        forfeited: vec![0],
    };
    let s = standings(&labels(4), true, &[r]);
    let forfeiter = s.entries.iter().find(|e| e.entry == 0).unwrap();
    assert_eq!(forfeiter.score.mean, -90.0);
    assert_eq!(forfeiter.wins, 0);
    assert_eq!(s.entries[0].entry, 1, "the best honest seat leads");
    assert_eq!(s.entries.last().unwrap().entry, 0);
}
