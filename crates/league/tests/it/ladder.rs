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
        .start_match(4, 77, &["house:0".into(), "house:1".into()], 5)
        .unwrap();
    let dir = l.dir().to_path_buf();
    drop(l);
    let again = League::open(&dir).unwrap();
    // Opening the league (for its standings, say) leaves matches in play alone: another
    // process's ladder may be playing them.
    assert_eq!(again.store().next_match().unwrap(), 5);
    assert_eq!(again.store().matches().unwrap().len(), 3);
    // The ladder that runs next forgets them: it holds the league's lock, so no other runs.
    run(&again, 2);
    let ids: Vec<i64> = again
        .store()
        .matches()
        .unwrap()
        .iter()
        .map(|m| m.id)
        .collect();
    assert_eq!(ids, [1, 2, 3, 4, 5]);
    let copy = dir.join("copy.db");
    Store::backup(&dir.join("league.db"), &copy).unwrap();
    let copied = Store::open(&copy).unwrap();
    assert_eq!(copied.matches().unwrap(), again.store().matches().unwrap());
    let e = Store::backup(&dir.join("league.db"), &copy).unwrap_err();
    assert!(e.to_string().contains("will not write over"), "{e}");
    remove(&dir);
}

/// One ladder a league: while one runs, another is refused (the lock), and is let run once the
/// first has stopped.
#[test]
fn one_ladder_runs_a_league_at_a_time() {
    let l = league("lock", "nim", &["perfect", "random"], 3);
    let dir = l.dir().to_path_buf();
    let stop = AtomicBool::new(false);
    std::thread::scope(|s| {
        let first = s.spawn(|| l.run(1, &stop, None, &|e| panic!("{e}")));
        // Wait until the first ladder has played a match (it holds the lock by then).
        while l.store().matches().unwrap().is_empty() {
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
        let other = League::open(&dir).unwrap();
        let e = other
            .run(1, &AtomicBool::new(false), Some(1), &|e| panic!("{e}"))
            .unwrap_err();
        assert!(e.to_string().contains("is already running"), "{e}");
        stop.store(true, std::sync::atomic::Ordering::Relaxed);
        assert!(first.join().unwrap().unwrap() > 0);
    });
    let other = League::open(&dir).unwrap();
    assert_eq!(run(&other, 1), 1);
    remove(&dir);
}

/// A lone house bot does not play itself: the ladder waits for a submission.
#[test]
fn a_lone_house_bot_waits_for_a_submission() {
    let l = league("lone", "nim", &["perfect"], 1);
    assert_eq!(l.play_one(0).unwrap(), None);
    assert!(l.store().matches().unwrap().is_empty());
    remove(l.dir());
}

/// Each finished match keeps its games' traces (a replay's source) for the newest
/// `keep_replays` matches only: older matches keep their records, so the standings are the
/// same, and a store that runs for weeks stays bounded.
#[test]
fn only_the_newest_matches_keep_their_traces() {
    let dir = crate::support::folder("keep");
    let mut config = parlour_league::LeagueConfig::new(
        "test",
        "nim",
        Default::default(),
        vec![
            parlour_core::BotSpec::named("perfect"),
            parlour_core::BotSpec::named("random"),
        ],
        4,
    )
    .unwrap();
    config.keep_replays = 2;
    parlour_league::create(&dir, &config).unwrap();
    let l = League::open(&dir).unwrap();
    assert_eq!(run(&l, 5), 5);
    let matches = l.store().matches().unwrap();
    assert_eq!(matches.len(), 5);
    for m in &matches {
        assert_eq!(m.records.len(), 2);
        for r in &m.records {
            let kept = l.store().trace(m.id, r.index).unwrap();
            assert_eq!(kept.is_some(), m.id > 3, "match {} game {}", m.id, r.index);
            if let Some(trace) = kept {
                assert!(trace.starts_with('{') && trace.contains("parlour-trace"));
            }
        }
    }
    assert_eq!(l.leaderboard(0).unwrap().games, 10);
    remove(&dir);
}
