//! `parlour serve` end to end in a real headless browser: Debian's Chromium driven by
//! playwright-core (crates/web/e2e/play.mjs). Every game is played to the end by clicking
//! against bots, with a screenshot of each; two browsers share a table; a reload keeps its
//! seat; a replay is stepped back and forth; and every WebSocket frame a seat received is
//! checked against the game's record. `cargo xtask test` installs the browser and the npm
//! package and runs these tests; plain `cargo test` ignores them.

use crate::common;

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};

use common::{root, served_address, stderr, stdout};

/// The Chromium to drive: `$CHROMIUM`, or Debian's, which `cargo xtask test` installs.
fn chromium() -> PathBuf {
    if let Some(p) = std::env::var_os("CHROMIUM") {
        return PathBuf::from(p);
    }
    let debian = PathBuf::from("/usr/bin/chromium");
    assert!(
        debian.exists(),
        "the browser tests need Chromium: `cargo xtask test` installs Debian's `chromium` \
         package (as root), or set CHROMIUM to a Chromium binary"
    );
    debian
}

/// The e2e folder with playwright-core, which `cargo xtask test` installs from its lock file.
fn e2e(root: &Path) -> PathBuf {
    let dir = root.join("crates/web/e2e");
    assert!(
        dir.join("node_modules/playwright-core").exists(),
        "the browser tests need playwright-core: `cargo xtask test` installs it (npm ci in {})",
        dir.display()
    );
    dir
}

struct Server(Child);

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// `parlour serve` on a free port; its base URL.
fn serve() -> (Server, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_parlour"))
        // Bots at full speed (the games are played to the end), nothing kept on disk.
        .args([
            "serve",
            "--bind",
            "127.0.0.1:0",
            "--no-store",
            "--min-pace-ms",
            "0",
        ])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("parlour serve starts");
    let stdout = child.stdout.take().unwrap();
    // Held first, so that the server is stopped if it prints no address.
    let server = Server(child);
    (server, format!("http://{}", served_address(stdout)))
}

/// A short Chexers tournament run with `--serve` on a free port; the page's base URL. The run
/// ends quickly and its page stays up until the process is killed.
fn tournament() -> (Server, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_parlour"))
        .args([
            "tournament",
            "chexers",
            "--bots",
            "greedy,random,random",
            "--games",
            "12",
            "--no-db",
            "--serve",
            "127.0.0.1:0",
        ])
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("parlour tournament starts");
    let stderr = child.stderr.take().unwrap();
    // Held first, so that the run is stopped if it prints no address.
    let server = Server(child);
    (server, format!("http://{}", served_address(stderr)))
}

#[test]
#[ignore = "needs Node.js and Chromium: cargo xtask test"]
fn every_game_is_played_by_clicking_in_a_headless_browser() {
    let _heavy = common::exclusive();
    let root = root();
    let chromium = chromium();
    let dir = e2e(&root);
    let shots = root.join("target/browser-shots");
    std::fs::create_dir_all(&shots).unwrap();
    for old in std::fs::read_dir(&shots).unwrap() {
        let _ = std::fs::remove_file(old.unwrap().path());
    }
    let (_server, url) = serve();
    let (_tournament, watched) = tournament();
    let o = Command::new("node")
        .arg("play.mjs")
        .arg(&url)
        .arg(&shots)
        .env("CHROMIUM", &chromium)
        .env("TOURNAMENT_URL", &watched)
        .current_dir(&dir)
        .output()
        .expect("node runs");
    println!("{}", stdout(&o));
    assert!(
        o.status.success(),
        "the browser test failed:\n{}{}",
        stdout(&o),
        stderr(&o)
    );
    // Every game was reported, and its screenshots are real pictures.
    let report = stdout(&o);
    for game in [
        "uno",
        "go",
        "phased",
        "bo",
        "chexers",
        "replay",
        "two browsers",
    ] {
        assert!(report.contains(game), "{game} missing from:\n{report}");
    }
    for shot in [
        "uno",
        "uno-end",
        "go",
        "phased",
        "bo",
        "chexers",
        "replay",
        "two-browsers",
    ] {
        let bytes = std::fs::read(shots.join(format!("{shot}.png"))).unwrap();
        assert!(
            bytes.starts_with(b"\x89PNG") && bytes.len() > 5_000,
            "{shot}.png"
        );
    }
}

/// A class league in a real browser, at a phone's size: a person opens their link, uploads a
/// course bot, sees its check pass and its first games on the live standings; the organiser
/// runs the final from the page and downloads its CSV.
#[test]
#[ignore = "needs Node.js and Chromium: cargo xtask test"]
fn a_person_uploads_a_course_bot_to_a_league_in_a_headless_browser() {
    let _heavy = common::exclusive();
    let root = root();
    let chromium = chromium();
    let e2e = e2e(&root);
    let shots = root.join("target/browser-shots");
    std::fs::create_dir_all(&shots).unwrap();
    let dir = std::env::temp_dir().join(format!("parlour-browser-league-{}", std::process::id()));
    let _ = Command::new("chmod").args(["-R", "u+w"]).arg(&dir).status();
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let parlour = |args: &[&str]| {
        let o = Command::new(env!("CARGO_BIN_EXE_parlour"))
            .args(args)
            .current_dir(&dir)
            .output()
            .unwrap();
        assert!(o.status.success(), "{args:?}: {}", stderr(&o));
    };
    parlour(&[
        "league",
        "new",
        "L",
        "--game",
        "go",
        // A house bot that thinks 40 ms a move: a match lasts seconds, long enough to watch.
        "--house",
        "ismcts:ms=40",
        "--seed",
        "6",
        "--invite",
        "class-of-2026",
    ]);
    std::fs::write(dir.join("r.csv"), "name,id\nAda,s1\n").unwrap();
    parlour(&["league", "roster", "L", "r.csv"]);
    let token = common::first_token(&dir.join("L"));
    let (child, address) = common::serve_league(&dir, Stdio::inherit());
    let _server = Server(child);
    let url = format!("http://{address}");
    let bot = root.join("sdk/python/examples/course/go_first.py");
    let organiser = std::fs::read_to_string(dir.join("L/organiser-token")).unwrap();
    let o = Command::new("node")
        .arg("league.mjs")
        .arg(&url)
        .arg(&token)
        .arg(&bot)
        .arg(&shots)
        .arg(organiser.trim())
        .arg("class-of-2026")
        .env("CHROMIUM", &chromium)
        .current_dir(&e2e)
        .output()
        .expect("node runs");
    assert!(
        o.status.success(),
        "the browser test failed:\n{}{}",
        stdout(&o),
        stderr(&o)
    );
    for said in [
        "rated on the live standings",
        "one replays to its end",
        "a match in play was watched",
        "joined with the invite code",
        "downloaded its CSV",
    ] {
        assert!(stdout(&o).contains(said), "{said:?}: {}", stdout(&o));
    }
    let shot = std::fs::read(shots.join("league.png")).unwrap();
    assert!(shot.starts_with(b"\x89PNG") && shot.len() > 5_000);
    let _ = Command::new("chmod").args(["-R", "u+w"]).arg(&dir).status();
    let _ = std::fs::remove_dir_all(&dir);
}
