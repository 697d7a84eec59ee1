//! The results database: round trips, and files it must refuse without touching them.

use std::path::Path;

use parlour_arena::store::{Store, StoreError};
use parlour_arena::{summarize, GameRecord, Tournament, TournamentConfig};
use parlour_core::{BotError, BotSpec, Game};
use parlour_protocol::{EntrySpec, Player};
use parlour_uno::Uno;

fn make(entry: &EntrySpec, seed: u64) -> Result<Player<Uno>, BotError> {
    Player::built_in(entry, seed)
}

fn tournament(games: u64, seed: u64) -> Tournament<Uno> {
    let game = Uno::new(Default::default()).unwrap();
    let entries = ["heuristic", "random", "random", "random"]
        .map(|name| EntrySpec::Bot(BotSpec::named(name)))
        .to_vec();
    let config = TournamentConfig::new(&game, entries, games, seed);
    Tournament::new(game, config, &make).unwrap()
}

/// Creates `path` for `t` and records all of `t`'s games in it.
fn played_file(t: &Tournament<Uno>, path: &Path) {
    let mut store = Store::create(path, t.config()).unwrap();
    assert_eq!(play_into(t, &mut store, Vec::new()), t.config().games);
}

/// Plays `t` recording into `store`; returns the games played.
fn play_into(t: &Tournament<Uno>, store: &mut Store, done: Vec<GameRecord>) -> u64 {
    t.run(2, done, &make, &mut |b| store.record(b), &mut |_| {})
        .unwrap()
        .played
}

/// Plays all of `t` without a database: the summary, and the games in index order.
fn play_all(t: &Tournament<Uno>) -> (parlour_arena::Summary, Vec<GameRecord>) {
    let mut kept = Vec::new();
    let summary = t
        .run(
            1,
            Vec::new(),
            &make,
            &mut |b| {
                kept.extend_from_slice(b);
                Ok(())
            },
            &mut |_| {},
        )
        .unwrap()
        .summary;
    kept.sort_by_key(|r| r.index);
    (summary, kept)
}

fn bytes(path: &Path) -> Vec<u8> {
    std::fs::read(path).unwrap()
}

#[test]
fn games_round_trip_through_the_file_bit_for_bit() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("t.sqlite");
    let t = tournament(200, 1);
    played_file(&t, &path);
    let (config, games) = Store::read(&path).unwrap();
    assert_eq!(&config, t.config());
    let (direct, records) = play_all(&t);
    assert_eq!(games, records, "every field, floats included");
    assert_eq!(summarize(&config, games), direct);
}

#[test]
fn resume_continues_a_partial_file_to_the_same_standings() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("t.sqlite");
    let t = tournament(400, 2);
    let (all, records) = play_all(&t);
    let mut store = Store::create(&path, t.config()).unwrap();
    // Record only a scattered part, as parallel workers leave it.
    let part: Vec<GameRecord> = records
        .iter()
        .filter(|r| r.index % 3 != 1 && r.index < 300)
        .cloned()
        .collect();
    store.record(&part).unwrap();
    drop(store);
    let (mut store, config, done) = Store::resume(&path).unwrap();
    assert_eq!(done.len(), part.len());
    assert_eq!(&config, t.config());
    let played = play_into(&t, &mut store, done);
    assert_eq!(played, 400 - part.len() as u64);
    drop(store);
    let (config, games) = Store::read(&path).unwrap();
    assert_eq!(summarize(&config, games), all);
}

#[test]
fn an_existing_file_is_never_overwritten_by_a_new_tournament() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("t.sqlite");
    let t = tournament(8, 1);
    drop(Store::create(&path, t.config()).unwrap());
    let before = bytes(&path);
    let err = Store::create(&path, tournament(8, 2).config()).unwrap_err();
    assert!(matches!(err, StoreError::Exists { .. }), "{err}");
    assert!(
        err.to_string().contains("a uno tournament, seed 1"),
        "{err}"
    );
    assert!(err.to_string().contains("--resume"), "{err}");
    assert_eq!(bytes(&path), before);
}

#[test]
fn a_corrupt_file_is_refused_and_left_as_it_was() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("junk.sqlite");
    let junk: Vec<u8> = (0..5000u32).map(|i| (i * 7919 % 251) as u8).collect();
    std::fs::write(&path, &junk).unwrap();
    for err in [
        Store::resume(&path).unwrap_err(),
        Store::read(&path).unwrap_err(),
    ] {
        assert!(matches!(err, StoreError::NotATournament { .. }), "{err}");
        assert!(err.to_string().contains("not modified"), "{err}");
    }
    assert_eq!(bytes(&path), junk);
    // A file cut short mid-way (a copy interrupted, say) is refused too.
    let good = dir.path().join("good.sqlite");
    let t = tournament(40, 1);
    played_file(&t, &good);
    let cut = dir.path().join("cut.sqlite");
    let whole = bytes(&good);
    std::fs::write(&cut, &whole[..whole.len() / 3]).unwrap();
    let before = bytes(&cut);
    assert!(Store::resume(&cut).is_err());
    assert_eq!(bytes(&cut), before);
}

#[test]
fn another_programs_database_is_refused_and_left_as_it_was() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("other.sqlite");
    {
        let conn = rusqlite::Connection::open(&path).unwrap();
        conn.execute_batch("CREATE TABLE people (name TEXT); INSERT INTO people VALUES ('ada');")
            .unwrap();
    }
    let before = bytes(&path);
    let err = Store::resume(&path).unwrap_err();
    assert!(matches!(err, StoreError::NotATournament { .. }), "{err}");
    assert!(err.to_string().contains("no parlour meta table"), "{err}");
    assert_eq!(bytes(&path), before);
}

#[test]
fn a_row_that_does_not_fit_its_tournament_is_reported_by_index() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("t.sqlite");
    let t = tournament(8, 1);
    played_file(&t, &path);
    {
        let conn = rusqlite::Connection::open(&path).unwrap();
        conn.execute("UPDATE games SET seats = '[0,1,2,9]' WHERE idx = 5", [])
            .unwrap();
        conn.execute("UPDATE games SET returns = 'oops' WHERE idx = 6", [])
            .unwrap();
    }
    let before = bytes(&path);
    let err = Store::resume(&path).unwrap_err();
    assert!(
        err.to_string().contains("game 5: seating [0, 1, 2, 9]"),
        "{err}"
    );
    assert_eq!(bytes(&path), before);
}

#[test]
fn a_file_in_use_is_reported_as_locked() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("t.sqlite");
    let t = tournament(8, 1);
    // The first store holds the file's exclusive lock while it is open, as a running
    // tournament does.
    let _running = Store::create(&path, t.config()).unwrap();
    let err = Store::resume(&path).unwrap_err();
    assert!(matches!(err, StoreError::Locked { .. }), "{err}");
    assert!(err.is_bad_input());
}

#[test]
fn a_read_only_file_can_be_read_but_not_resumed() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("t.sqlite");
    let t = tournament(8, 1);
    played_file(&t, &path);
    let mut perms = std::fs::metadata(&path).unwrap().permissions();
    perms.set_readonly(true);
    std::fs::set_permissions(&path, perms).unwrap();
    let before = bytes(&path);
    let err = Store::resume(&path).unwrap_err();
    assert!(matches!(err, StoreError::ReadOnly { .. }), "{err}");
    assert_eq!(Store::read(&path).unwrap().1.len(), 8);
    assert_eq!(bytes(&path), before);
}

#[test]
fn a_missing_file_is_reported() {
    let err = Store::read(Path::new("/nonexistent/t.sqlite")).unwrap_err();
    assert!(matches!(err, StoreError::Missing { .. }), "{err}");
}

#[test]
fn a_damaged_configuration_is_refused_without_panicking() {
    let dir = tempfile::tempdir().unwrap();
    let t = tournament(8, 1);
    for (name, edit) in [
        ("zero-seats", r#"{"seats":0}"#),
        ("huge", r#"{"games":900000000000}"#),
        ("labels", r#"{"labels":["a","b","c","d"]}"#),
        ("ragged", r#"{"games":10}"#),
    ] {
        let path = dir.path().join(format!("{name}.sqlite"));
        played_file(&t, &path);
        {
            let conn = rusqlite::Connection::open(&path).unwrap();
            let mut config: serde_json::Value = serde_json::to_value(t.config()).unwrap();
            let patch: serde_json::Value = serde_json::from_str(edit).unwrap();
            for (k, v) in patch.as_object().unwrap() {
                config[k] = v.clone();
            }
            conn.execute(
                "UPDATE meta SET value = ?1 WHERE key = 'config'",
                [config.to_string()],
            )
            .unwrap();
        }
        let before = bytes(&path);
        let err = Store::resume(&path).unwrap_err();
        assert!(
            err.to_string().contains("its configuration is damaged"),
            "{name}: {err}"
        );
        assert_eq!(bytes(&path), before, "{name}");
    }
}

#[test]
fn returns_that_are_not_short_decimals_round_trip_exactly() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("t.sqlite");
    let t = tournament(8, 1);
    let mut game = t.play_game(0, &make).unwrap();
    game.returns = vec![0.1 + 0.7, 120.889_959_805_806_41, 1.0 / 3.0, -2.0e-300];
    game.figures = vec![parlour_arena::Figure {
        name: "odd".into(),
        values: vec![f64::MIN_POSITIVE, 1e300, 0.1 + 0.2, 7.0],
    }];
    let mut store = Store::create(&path, t.config()).unwrap();
    store.record(std::slice::from_ref(&game)).unwrap();
    drop(store);
    let (_, games) = Store::read(&path).unwrap();
    assert_eq!(games.len(), 1);
    for (a, b) in games[0].returns.iter().zip(&game.returns) {
        assert_eq!(a.to_bits(), b.to_bits());
    }
    for (a, b) in games[0].figures[0]
        .values
        .iter()
        .zip(&game.figures[0].values)
    {
        assert_eq!(a.to_bits(), b.to_bits());
    }
}

#[test]
fn a_file_that_cannot_be_created_is_reported_as_bad_input() {
    let err = Store::create(
        Path::new("/nonexistent-dir/t.sqlite"),
        tournament(8, 1).config(),
    )
    .unwrap_err();
    assert!(matches!(err, StoreError::CannotCreate { .. }), "{err}");
    assert!(err.is_bad_input());
}

#[test]
fn a_file_that_changed_after_it_was_read_is_not_reopened() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("t.sqlite");
    let t = tournament(8, 1);
    let mut store = Store::create(&path, t.config()).unwrap();
    let first = t.play_game(0, &make).unwrap();
    store.record(std::slice::from_ref(&first)).unwrap();
    drop(store);
    let (config, done) = Store::read(&path).unwrap();
    // Another run resumes it and records more in between.
    let (mut other, _, _) = Store::resume(&path).unwrap();
    other.record(&[t.play_game(1, &make).unwrap()]).unwrap();
    drop(other);
    let err = Store::reopen(&path, &config, done.len()).unwrap_err();
    assert!(matches!(err, StoreError::Changed { .. }), "{err}");
    // Read again, it reopens.
    let (config, done) = Store::read(&path).unwrap();
    assert_eq!(done.len(), 2);
    assert!(Store::reopen(&path, &config, done.len()).is_ok());
}
