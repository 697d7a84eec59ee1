//! The matchmaker: whom each ladder match seats.

use parlour_league::ladder::{choose, Candidate};
use proptest::prelude::*;

fn candidate(games: u64, mu: f64, sigma: f64) -> Candidate {
    Candidate { games, mu, sigma }
}

proptest! {
    /// A table has as many seats as asked, every one a candidate; with enough candidates no
    /// one sits twice; the one with the fewest games always sits; and the same seed seats the
    /// same table.
    #[test]
    fn a_table_is_full_fair_and_seeded(
        players in proptest::collection::vec((0u64..50, 0.0f64..50.0, 0.5f64..9.0), 1..12),
        seats in 1usize..7,
        seed in any::<u64>(),
    ) {
        let c: Vec<Candidate> = players.iter().map(|&(g, m, s)| candidate(g, m, s)).collect();
        let table = choose(&c, seats, seed);
        prop_assert_eq!(table.len(), seats);
        prop_assert!(table.iter().all(|&i| i < c.len()));
        if c.len() >= seats {
            let mut sorted = table.clone();
            sorted.sort_unstable();
            sorted.dedup();
            prop_assert_eq!(sorted.len(), seats, "someone sits twice: {:?}", table);
        }
        let fewest = c.iter().map(|x| x.games).min().unwrap();
        prop_assert!(table.iter().any(|&i| c[i].games == fewest));
        prop_assert_eq!(choose(&c, seats, seed), table);
    }

    /// Every candidate's minimum share: over any run of matches, each one plays at least one
    /// match in every `n` (the number of candidates), whatever the ratings.
    #[test]
    fn no_one_is_starved(
        players in proptest::collection::vec((0.0f64..50.0, 0.5f64..9.0), 2..10),
        seats in 2usize..5,
        rounds in 1u64..200,
        seed in any::<u64>(),
    ) {
        let mut c: Vec<Candidate> = players.iter().map(|&(m, s)| candidate(0, m, s)).collect();
        for r in 0..rounds {
            for i in choose(&c, seats, seed ^ r) {
                c[i].games += 1;
            }
        }
        let n = c.len() as u64;
        let least = c.iter().map(|x| x.games).min().unwrap();
        prop_assert!(least >= rounds / n, "{least} games in {rounds} rounds of {n}");
    }
}

/// A new submission (no games) among rated ones is seated in the very next match.
#[test]
fn a_new_submission_plays_next() {
    let mut c: Vec<Candidate> = (0..8)
        .map(|i| candidate(40 + i, 20.0 + i as f64, 2.0))
        .collect();
    c.push(candidate(0, 25.0, 25.0 / 3.0));
    for seed in 0..50 {
        assert!(choose(&c, 4, seed).contains(&8));
    }
    assert!(choose(&[], 4, 1).is_empty());
}

/// The rest of the table leans to close ratings: a candidate far below the first is seated
/// less often than one beside it.
#[test]
fn close_ratings_meet_more_often() {
    let c = [
        candidate(0, 25.0, 1.0),
        candidate(5, 25.5, 1.0),
        candidate(5, 5.0, 1.0),
    ];
    let (mut near, mut far) = (0, 0);
    for seed in 0..400 {
        let t = choose(&c, 2, seed);
        near += usize::from(t.contains(&1));
        far += usize::from(t.contains(&2));
    }
    assert!(near > 4 * far, "near {near}, far {far}");
}
