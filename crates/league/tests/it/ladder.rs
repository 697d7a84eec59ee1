//! The ladder: matches, ratings, replays, a crash, a backup.

use std::sync::atomic::AtomicBool;

use parlour_league::store::Store;
use parlour_league::League;

use crate::support::{league, remove};

fn run(league: &League, matches: u64) -> u64 {
    league
        .run(2, &AtomicBool::new(false), Some(matches), &|e| {
            panic!("{e}")
        })
        .unwrap()
}

/// Matches are one duplicate-deal group each (every seat rotation of one deal), recorded with
/// their seed; the leaderboard is the arena's ratings over them; the same league seed makes
/// the same matches, and any match played again from its record comes out the same.
#[test]
fn the_ladder_plays_rated_replayable_matches() {
    let a = league("ladder-a", "nim", &["perfect", "random"], 9);
    assert_eq!(run(&a, 6), 6);
    let matches = a.store().matches().unwrap();
    assert_eq!(matches.len(), 6);
    for m in &matches {
        assert_eq!(m.entrants.len(), 2);
        assert_eq!(m.records.len(), 2, "one game per seat rotation");
        assert!(m.records.iter().all(|r| r.seats.len() == 2));
        assert_eq!(a.replay(m.id).unwrap(), m.records, "match {}", m.id);
    }
    let board = a.leaderboard(0).unwrap();
    assert_eq!((board.matches, board.games), (6, 12));
    assert_eq!(board.rows[0].label, "perfect");
    assert!(board.rows[0].stats.rating.mu > board.rows[1].stats.rating.mu);
    assert!(board.rows.iter().all(|r| r.active && r.stats.games > 0));
    // Another league with the same seed (one worker): the same seeds and tables, in order.
    let b = league("ladder-b", "nim", &["perfect", "random"], 9);
    b.run(1, &AtomicBool::new(false), Some(6), &|e| panic!("{e}"))
        .unwrap();
    let seeds = |l: &League| -> Vec<u64> {
        l.store()
            .matches()
            .unwrap()
            .iter()
            .map(|m| m.seed)
            .collect()
    };
    assert_eq!(seeds(&a), seeds(&b));
    remove(a.dir());
    remove(b.dir());
}

/// `kill -9` mid-match loses that match only: a match started and never finished is gone
/// when the league is opened again, and the ladder goes on from the rest. A backup taken
/// while the league runs is a consistent copy.
#[test]
fn a_crash_loses_only_the_matches_in_play_and_a_backup_copies_the_rest() {
    let l = league("crash", "nim", &["perfect", "random"], 2);
    run(&l, 3);
    // A match in play when the process died: its start is recorded, its end never.
    l.store()
        .start_match(77, &["house:0".into(), "house:1".into()], 5)
        .unwrap();
    let dir = l.dir().to_path_buf();
    drop(l);
    let again = League::open(&dir).unwrap();
    assert_eq!(again.store().matches().unwrap().len(), 3);
    assert_eq!(again.store().next_match().unwrap(), 4);
    run(&again, 2);
    let copy = dir.join("copy.db");
    Store::backup(&dir.join("league.db"), &copy).unwrap();
    let copied = Store::open(&copy).unwrap();
    assert_eq!(copied.matches().unwrap(), again.store().matches().unwrap());
    let e = Store::backup(&dir.join("league.db"), &copy).unwrap_err();
    assert!(e.to_string().contains("will not write over"), "{e}");
    remove(&dir);
}
