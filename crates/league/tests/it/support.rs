//! A league in a fresh folder for each test.

use std::path::PathBuf;

use parlour_core::BotSpec;
use parlour_league::{create, League, LeagueConfig};

/// A folder of its own for test `name`, emptied.
pub fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("parlour-league-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// A new league of `game` with these house bots, in `folder(name)`.
pub fn league(name: &str, game: &str, house: &[&str], seed: u64) -> League {
    let dir = folder(name);
    let config = LeagueConfig::new(
        "test",
        game,
        Default::default(),
        house.iter().map(|b| BotSpec::named(b)).collect(),
        seed,
    )
    .unwrap();
    create(&dir, &config).unwrap();
    League::open(&dir).unwrap()
}

/// The Python kit's examples.
pub fn example(path: &str) -> Vec<u8> {
    let p = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../sdk/python/examples")
        .join(path);
    std::fs::read(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

/// Removes a league's folder, its read-only submissions too.
pub fn remove(dir: &std::path::Path) {
    let _ = std::process::Command::new("chmod")
        .args(["-R", "u+w"])
        .arg(dir)
        .status();
    let _ = std::fs::remove_dir_all(dir);
}

/// The Python kit's folder (its `parlour_bot` package holds the course adapters).
pub fn kit() -> PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../sdk/python")
        .canonicalize()
        .unwrap()
}
