//! Training: a few seconds of self-play improve a fixed metric at Nim (the loss falls and the
//! greedy network beats random clearly, where the untrained one does not); a run resumed from
//! its checkpoint ends exactly where an uninterrupted one does; and a checkpoint of other
//! settings, a damaged one or a directory already in use is refused by name.

use parlour_core::Game;
use parlour_nim::Nim;
use parlour_train::{Config, TrainError, Trainer};

fn dir(name: &str) -> std::path::PathBuf {
    let d = std::env::temp_dir().join(format!("parlour-train-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    d
}

fn nim() -> Nim {
    Nim::new(Default::default()).unwrap()
}

fn small() -> Config {
    Config {
        seed: 5,
        iterations: 30,
        games: 300,
        hidden: vec![64],
        learning_rate: 3e-3,
        eval_every: 30,
        eval_deals: 100,
        ..Config::default()
    }
}

#[test]
fn a_few_seconds_of_self_play_improve_the_loss_and_beat_random() {
    let d = dir("improves");
    let mut t = Trainer::new(nim(), small(), &d, "test").unwrap();
    let (before, _) = t.evaluate(&t.model()).unwrap();
    while t.iteration() < 30 {
        t.step().unwrap();
    }
    let rows = t.rows();
    let first = rows[0].loss;
    let last: f64 = rows[25..].iter().map(|r| r.loss).sum::<f64>() / 5.0;
    assert!(last < 0.9 * first, "loss {first} → {last}");
    let after = rows.last().unwrap().eval_share.unwrap();
    assert!(
        after > 0.6 && after > before + 0.1,
        "share of wins against random: {before} → {after}"
    );
    // The files a run leaves.
    for f in [
        "checkpoint.safetensors",
        "model.safetensors",
        "models/iteration-00030.safetensors",
        "curve.csv",
        "curve.svg",
    ] {
        assert!(d.join(f).exists(), "{f}");
    }
    let svg = std::fs::read_to_string(d.join("curve.svg")).unwrap();
    assert!(
        svg.starts_with("<svg") && svg.matches("<polyline").count() == 3,
        "{svg}"
    );
    let csv = std::fs::read_to_string(d.join("curve.csv")).unwrap();
    assert_eq!(csv.lines().count(), 31);
    std::fs::remove_dir_all(&d).unwrap();
}

#[test]
fn a_resumed_run_ends_exactly_where_an_uninterrupted_one_does() {
    let config = Config {
        iterations: 4,
        games: 60,
        hidden: vec![16, 8],
        eval_every: 2,
        eval_deals: 10,
        ..small()
    };
    let straight = dir("straight");
    let mut a = Trainer::new(nim(), config.clone(), &straight, "test").unwrap();
    while a.iteration() < 4 {
        a.step().unwrap();
    }
    let cut = dir("cut");
    let mut b = Trainer::new(
        nim(),
        Config {
            iterations: 2,
            ..config.clone()
        },
        &cut,
        "test",
    )
    .unwrap();
    while b.iteration() < 2 {
        b.step().unwrap();
    }
    drop(b);
    let mut b = Trainer::resume(nim(), config.clone(), &cut, "test").unwrap();
    assert_eq!(b.iteration(), 2);
    while b.iteration() < 4 {
        b.step().unwrap();
    }
    assert_eq!(a.model().layers(), b.model().layers());
    let strip = |t: &Trainer<Nim>| {
        t.rows()
            .iter()
            .map(|r| (r.iteration, r.samples, r.loss, r.eval_share, r.eval_lead))
            .collect::<Vec<_>>()
    };
    assert_eq!(strip(&a), strip(&b));
    for d in [straight, cut] {
        std::fs::remove_dir_all(d).unwrap();
    }
}

#[test]
fn other_settings_a_damaged_checkpoint_and_a_used_directory_are_refused() {
    let config = Config {
        iterations: 1,
        games: 10,
        hidden: vec![4],
        eval_every: 0,
        ..small()
    };
    let d = dir("refused");
    let mut t = Trainer::new(nim(), config.clone(), &d, "test").unwrap();
    t.step().unwrap();
    drop(t);
    let e = Trainer::new(nim(), config.clone(), &d, "test")
        .err()
        .unwrap();
    assert!(
        matches!(e, TrainError::Config(ref m) if m.contains("--resume")),
        "{e}"
    );
    let e = Trainer::resume(
        nim(),
        Config {
            learning_rate: 0.5,
            ..config.clone()
        },
        &d,
        "test",
    )
    .err()
    .unwrap();
    assert!(e.to_string().contains("learning_rate"), "{e}");
    assert!(e.to_string().contains("checkpoint.safetensors"), "{e}");
    let path = d.join("checkpoint.safetensors");
    let bytes = std::fs::read(&path).unwrap();
    std::fs::write(&path, &bytes[..bytes.len() / 2]).unwrap();
    let e = Trainer::resume(nim(), config.clone(), &d, "test")
        .err()
        .unwrap();
    assert!(matches!(e, TrainError::Checkpoint { .. }), "{e}");
    assert!(e.to_string().contains("checkpoint.safetensors"), "{e}");
    let e = Trainer::new(
        nim(),
        Config {
            hidden: vec![],
            ..config
        },
        &dir("bad"),
        "test",
    )
    .err()
    .unwrap();
    assert!(matches!(e, TrainError::Config(_)), "{e}");
    std::fs::remove_dir_all(&d).unwrap();
}

#[test]
fn paired_playout_targets_and_a_warm_start_train_too() {
    let d = dir("rollout");
    let config = Config {
        iterations: 12,
        games: 100,
        rollout: "random".into(),
        warm_start: "random".into(),
        warm_iterations: 2,
        eval_every: 12,
        ..small()
    };
    let mut t = Trainer::new(nim(), config, &d, "test").unwrap();
    let (before, _) = t.evaluate(&t.model()).unwrap();
    while t.iteration() < 12 {
        t.step().unwrap();
    }
    let after = t.rows().last().unwrap().eval_share.unwrap();
    assert!(
        after > 0.6 && after > before + 0.1,
        "share of wins against random: {before} → {after}"
    );
    std::fs::remove_dir_all(&d).unwrap();
}

#[test]
fn a_prior_bot_is_an_input_the_network_learns_to_follow() {
    let d = dir("prior");
    let config = Config {
        iterations: 8,
        games: 200,
        prior: "perfect".into(),
        eval_every: 8,
        ..small()
    };
    let mut t = Trainer::new(nim(), config.clone(), &d, "test").unwrap();
    while t.iteration() < 8 {
        t.step().unwrap();
    }
    let model = t.model();
    assert_eq!(model.meta().prior.as_deref(), Some("perfect"));
    let with_prior = t.rows().last().unwrap().eval_share.unwrap();
    // The same training without the prior, for comparison.
    let plain = dir("no-prior");
    let mut u = Trainer::new(
        nim(),
        Config {
            prior: String::new(),
            ..config.clone()
        },
        &plain,
        "test",
    )
    .unwrap();
    while u.iteration() < 8 {
        u.step().unwrap();
    }
    let without = u.rows().last().unwrap().eval_share.unwrap();
    assert!(
        with_prior > 0.85 && with_prior > without + 0.05,
        "share of wins against random: {with_prior} with the prior, {without} without"
    );
    // The model file names its prior, and the learned bot plays it from the file.
    let saved = parlour_learn::model::Model::load(&d.join("model.safetensors")).unwrap();
    assert_eq!(saved, model);
    // A prior that is not one of the game's own bots is refused by name.
    let e = Trainer::new(
        nim(),
        Config {
            prior: "heuristic".into(),
            ..config
        },
        &dir("bad-prior"),
        "test",
    )
    .err()
    .unwrap();
    assert!(
        matches!(e, TrainError::Config(ref m) if m.contains("--prior heuristic") && m.contains("perfect")),
        "{e}"
    );
    for x in [d, plain] {
        std::fs::remove_dir_all(x).unwrap();
    }
}
