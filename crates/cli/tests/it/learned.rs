//! `parlour train` and the `learned` bot through the built binary: a short run writes its
//! model, checkpoint and curve and resumes; every game trains, and its model plays whole games
//! of legal moves; the shipped models play whole games of legal moves in tournaments; and a
//! model of another game, a corrupt file or a table size the model was not trained for is one
//! clear line naming the file, exit code 2.

use crate::common;

use common::{assert_bad_input_in, parlour_in, stderr, stdout};

fn tmp(name: &str) -> std::path::PathBuf {
    let d = std::env::temp_dir().join(format!("parlour-learned-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

#[test]
fn train_writes_a_model_a_checkpoint_and_a_curve_and_resumes() {
    let d = tmp("train");
    let args = [
        "train",
        "nim",
        "--out",
        "run",
        "--iterations",
        "3",
        "--games",
        "40",
        "--hidden",
        "16",
        "--eval-every",
        "3",
        "--eval-deals",
        "10",
    ];
    let o = parlour_in(&d, &args);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(
        stdout(&o).contains("learned:model=run/model.safetensors"),
        "{}",
        stdout(&o)
    );
    for f in [
        "model.safetensors",
        "checkpoint.safetensors",
        "curve.svg",
        "curve.csv",
    ] {
        assert!(d.join("run").join(f).exists(), "{f}");
    }
    // Again without --resume: refused, nothing overwritten.
    let before = std::fs::read(d.join("run/checkpoint.safetensors")).unwrap();
    assert_bad_input_in(&d, &args, "--resume");
    assert_eq!(
        std::fs::read(d.join("run/checkpoint.safetensors")).unwrap(),
        before
    );
    // Resumed to a fourth iteration.
    let mut more = args.to_vec();
    more[5] = "4";
    more.push("--resume");
    let o = parlour_in(&d, &more);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("resuming run at iteration 3 of 4"),
        "{}",
        stderr(&o)
    );
    assert_eq!(
        std::fs::read_to_string(d.join("run/curve.csv"))
            .unwrap()
            .lines()
            .count(),
        5
    );
    // The model plays: a nim tournament with it.
    let o = parlour_in(
        &d,
        &[
            "tournament",
            "nim",
            "--bots",
            "learned:model=run/model.safetensors,random",
            "--games",
            "20",
            "--no-db",
        ],
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    // Bad values.
    assert_bad_input_in(
        &d,
        &["train", "nim", "--out", "x", "--hidden", "0"],
        "--hidden",
    );
    assert_bad_input_in(
        &d,
        &["train", "nim", "--out", "x", "--hidden", "a,b"],
        "--hidden",
    );
    assert_bad_input_in(
        &d,
        &["train", "nim", "--out", "x", "--against", "nosuch"],
        "nosuch",
    );
    assert_bad_input_in(
        &d,
        &["train", "nim", "--out", "x", "--games", "0"],
        "--games",
    );
    std::fs::remove_dir_all(&d).unwrap();
}

/// Plays a JSON tournament of `games` games of `game` between `bots` in `dir`, and checks that
/// it exited 0 and counted every game, with every entry in every one and no faults (an illegal
/// move would be a fault of its entry).
fn tournament_counts_every_game(dir: &std::path::Path, game: &str, bots: &str, games: u64) {
    let n = games.to_string();
    let o = parlour_in(
        dir,
        &[
            "tournament",
            game,
            "--bots",
            bots,
            "--games",
            &n,
            "--no-db",
            "--format",
            "json",
        ],
    );
    assert_eq!(o.status.code(), Some(0), "{game}: {}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert_eq!(v["games_counted"], games, "{v}");
    for e in v["standings"]["entries"].as_array().unwrap() {
        assert_eq!(e["faults"], 0, "{e}");
        assert_eq!(e["games"], games, "{e}");
    }
}

#[test]
fn every_game_trains_and_its_model_plays_whole_games_of_legal_moves() {
    // One short iteration a game (the heuristic plays the self-play, as a warm start, so the
    // untrained network's near-random play cannot drag a Phased Out game on), then a
    // tournament of the model against the game's heuristic (greedy at Chexers), random play
    // and a small search, one seat each.
    let d = tmp("every");
    for (game, against) in [
        ("uno", "heuristic"),
        ("go", "heuristic"),
        ("phased", "heuristic"),
        ("bo", "heuristic"),
        ("chexers", "greedy"),
    ] {
        let out = format!("run-{game}");
        let o = parlour_in(
            &d,
            &[
                "train",
                game,
                "--out",
                &out,
                "--iterations",
                "1",
                "--games",
                "2",
                "--hidden",
                "16",
                "--eval-every",
                "0",
                "--warm-start",
                against,
                "--warm-iterations",
                "1",
            ],
        );
        assert_eq!(o.status.code(), Some(0), "{game}: {}", stderr(&o));
        let bots = format!("learned:model={out}/model.safetensors,{against},random");
        // Chexers seats three, and counts games in sixes (every seat order).
        let (bots, games) = if game == "chexers" {
            (bots, 6)
        } else {
            (bots + ",ismcts:iters=10", 4)
        };
        tournament_counts_every_game(&d, game, &bots, games);
    }
    std::fs::remove_dir_all(&d).unwrap();
}

#[test]
fn shipped_models_play_whole_tournaments_of_legal_moves() {
    let d = tmp("shipped");
    for (game, bots, games) in [
        (
            "uno",
            "learned,heuristic,ismcts:anchor=learned:iters=50,random",
            200,
        ),
        (
            "go",
            "learned,heuristic,ismcts:anchor=learned:z=1:iters=50,random",
            40,
        ),
        (
            "chexers",
            "learned,greedy,ismcts:anchor=learned:iters=50",
            12,
        ),
    ] {
        tournament_counts_every_game(&d, game, bots, games);
    }
    std::fs::remove_dir_all(&d).unwrap();
}

#[test]
fn bad_or_mismatched_model_files_are_one_line_naming_the_file() {
    let d = tmp("bad");
    std::fs::write(d.join("junk.safetensors"), b"not a model").unwrap();
    assert_bad_input_in(
        &d,
        &[
            "strength",
            "uno",
            "--bots",
            "learned:model=junk.safetensors,random",
            "--deals",
            "1",
        ],
        "junk.safetensors",
    );
    assert_bad_input_in(
        &d,
        &[
            "tournament",
            "uno",
            "--bots",
            "learned:model=missing.safetensors,random",
            "--no-db",
        ],
        "missing.safetensors",
    );
    // A nim model asked to play Uno.
    let o = parlour_in(
        &d,
        &[
            "train",
            "nim",
            "--out",
            "nim",
            "--iterations",
            "1",
            "--games",
            "5",
            "--hidden",
            "4",
            "--eval-every",
            "0",
        ],
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_bad_input_in(
        &d,
        &[
            "tournament",
            "uno",
            "--bots",
            "learned:model=nim/model.safetensors,random",
            "--no-db",
        ],
        "trained for nim, not uno",
    );
    // The shipped Uno model was trained at four seats; three is another observation.
    assert_bad_input_in(
        &d,
        &[
            "strength",
            "uno",
            "-o",
            "players=3",
            "--bots",
            "learned,random",
            "--deals",
            "1",
        ],
        "observation length",
    );
    // The same checks when the model anchors a search.
    assert_bad_input_in(
        &d,
        &[
            "strength",
            "uno",
            "-o",
            "players=3",
            "--bots",
            "ismcts:anchor=learned,random",
            "--deals",
            "1",
        ],
        "observation length",
    );
    assert_bad_input_in(
        &d,
        &[
            "tournament",
            "uno",
            "--bots",
            "ismcts:anchor=learned:model=junk.safetensors,random",
            "--no-db",
        ],
        "junk.safetensors",
    );
    assert_bad_input_in(
        &d,
        &[
            "tournament",
            "phased",
            "--bots",
            "ismcts:anchor=learned,random",
            "--no-db",
        ],
        "ships no model for phased",
    );
    assert_bad_input_in(
        &d,
        &[
            "tournament",
            "uno",
            "--bots",
            "ismcts:model=nim/model.safetensors,random",
            "--no-db",
        ],
        "anchor=learned",
    );
    assert_bad_input_in(
        &d,
        &[
            "tournament",
            "uno",
            "--bots",
            "ismcts:anchor=sometimes,random",
            "--no-db",
        ],
        "tuned, none or learned",
    );
    // A prior must be one of the game's own bots: Nim's is "perfect".
    assert_bad_input_in(
        &d,
        &[
            "train",
            "nim",
            "--out",
            "prior",
            "--iterations",
            "1",
            "--prior",
            "heuristic",
        ],
        "--prior heuristic: not one of nim's own bots (perfect)",
    );
    assert!(!d.join("prior").exists());
    std::fs::remove_dir_all(&d).unwrap();
}

#[test]
fn a_model_with_a_prior_plays_from_its_file() {
    let d = tmp("prior");
    let o = parlour_in(
        &d,
        &[
            "train",
            "nim",
            "--out",
            "run",
            "--iterations",
            "2",
            "--games",
            "40",
            "--hidden",
            "8",
            "--eval-every",
            "0",
            "--prior",
            "perfect",
        ],
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    tournament_counts_every_game(&d, "nim", "learned:model=run/model.safetensors,random", 50);
    std::fs::remove_dir_all(&d).unwrap();
}
