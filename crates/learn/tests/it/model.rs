//! Model files: a good one round-trips and plays legal moves only; every kind of bad file —
//! not safetensors, cut short, another format, a missing, misshapen, non-finite or extra
//! tensor, another game, another table size, an unknown prior bot — is an error that names the
//! file, never a panic. A model with a prior bot reads that bot's choice as an input.

use std::collections::HashMap;
use std::sync::Arc;

use parlour_core::encode::Encode;
use parlour_core::{Bot, Decision, Game, State};
use parlour_learn::bot::LearnedBot;
use parlour_learn::model::{Meta, Model, Problem};
use parlour_uno::{Uno, UnoOptions};
use proptest::prelude::*;
use safetensors::tensor::{Dtype, SafeTensors, TensorView};

fn uno(players: usize) -> Uno {
    let options: UnoOptions =
        serde_json::from_value(serde_json::json!({ "players": players })).unwrap();
    Uno::new(options).unwrap()
}

/// A small model of the right shape for `game`, its weights a fixed pattern.
fn model_for(game: &Uno) -> Model {
    model_with_prior(game, None)
}

/// The same, with a prior bot.
fn model_with_prior(game: &Uno, prior: Option<&str>) -> Model {
    let meta = Meta {
        game: "uno".into(),
        options: serde_json::to_value(game.options()).unwrap(),
        observation_len: game.observation_layout().len(),
        action_space: game.action_layout().len(),
        hidden: vec![8, 4],
        return_scale: 30.0,
        provenance: "a test".into(),
        prior: prior.map(String::from),
    };
    Model::patterned(meta)
}

/// One game of `game` with the bot playing `model` (bot seed 1) in every seat, from deal
/// `seed`, checking every move is legal; the moves.
fn play_game(game: &Uno, model: &Arc<Model>, seed: u64) -> Vec<String> {
    let mut bot = LearnedBot::<Uno>::new(model.clone(), "test", 1).unwrap();
    let mut state = game.new_game(seed);
    let mut moves = Vec::new();
    while let Some(seat) = state.current_player() {
        let legal = state.legal_action_vec();
        let observation = state.observation(seat);
        let a = bot.act(&Decision::new(game, seat, &observation, &legal));
        assert!(legal.contains(&a), "{a} is not legal");
        moves.push(a.to_string());
        state.apply(a).unwrap();
    }
    moves
}

/// A tensor's name, shape and bytes.
type Raw = (String, Vec<usize>, Vec<u8>);

/// The file's tensors and metadata, to rebuild with a change.
fn parts(bytes: &[u8]) -> (Vec<Raw>, HashMap<String, String>) {
    let file = SafeTensors::deserialize(bytes).unwrap();
    let (_, header) = SafeTensors::read_metadata(bytes).unwrap();
    let tensors = file
        .tensors()
        .into_iter()
        .map(|(n, v)| (n, v.shape().to_vec(), v.data().to_vec()))
        .collect();
    (tensors, header.metadata().clone().unwrap())
}

fn build(tensors: &[Raw], meta: HashMap<String, String>) -> Vec<u8> {
    let views: Vec<(String, TensorView<'_>)> = tensors
        .iter()
        .map(|(n, s, d)| {
            (
                n.clone(),
                TensorView::new(Dtype::F32, s.clone(), d).unwrap(),
            )
        })
        .collect();
    safetensors::tensor::serialize(views, Some(meta)).unwrap()
}

fn problem(bytes: &[u8]) -> Problem {
    let e = Model::from_bytes(bytes, "models/broken.safetensors").unwrap_err();
    assert_eq!(e.file, "models/broken.safetensors");
    assert!(
        e.to_string()
            .starts_with("model models/broken.safetensors: "),
        "{e}"
    );
    e.problem
}

#[test]
fn a_model_file_round_trips_and_loads_from_disk() {
    let game = uno(4);
    let m = model_for(&game);
    let dir = std::env::temp_dir().join(format!("parlour-learn-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("m.safetensors");
    m.save(&path).unwrap();
    assert_eq!(Model::load(&path).unwrap(), m);
    assert_eq!(
        Model::from_bytes(&m.to_bytes(), "x").unwrap().layers(),
        m.layers()
    );
    m.check_game(&game, "x").unwrap();
    let missing = Model::load(&dir.join("nothing.safetensors")).unwrap_err();
    assert!(
        missing.to_string().contains("nothing.safetensors"),
        "{missing}"
    );
    assert!(matches!(missing.problem, Problem::Read(_)));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_learned_bot_plays_legal_moves_only_and_replays_exactly() {
    let game = uno(4);
    let model = Arc::new(model_for(&game));
    let play = |seed: u64| play_game(&game, &model, seed);
    for seed in 0..20 {
        assert_eq!(play(seed), play(seed));
    }
}

#[test]
fn bad_files_are_errors_that_name_the_file() {
    let game = uno(4);
    let good = model_for(&game).to_bytes();
    // Not safetensors at all, and cut short.
    assert!(matches!(
        problem(b"hello, world"),
        Problem::NotSafetensors(_)
    ));
    assert!(matches!(
        problem(&good[..good.len() - 9]),
        Problem::NotSafetensors(_)
    ));
    assert!(matches!(problem(&[]), Problem::NotSafetensors(_)));
    let (tensors, meta) = parts(&good);
    // Safetensors, but not a parlour model.
    let mut other = meta.clone();
    other.insert("format".into(), "pytorch".into());
    assert!(matches!(
        problem(&build(&tensors, other)),
        Problem::NotParlour(_)
    ));
    let mut other = meta.clone();
    other.remove("format");
    assert!(matches!(
        problem(&build(&tensors, other)),
        Problem::NotParlour(_)
    ));
    // Malformed metadata.
    for (key, value) in [
        ("hidden", "[8"),
        ("hidden", "[]"),
        ("hidden", "[8, 100000]"),
        ("observation_len", "-3"),
        ("return_scale", "0"),
        ("options", "{"),
    ] {
        let mut other = meta.clone();
        other.insert(key.into(), value.into());
        assert!(
            matches!(problem(&build(&tensors, other)), Problem::BadMeta { .. }),
            "{key}={value}"
        );
    }
    // A missing tensor.
    let fewer: Vec<_> = tensors
        .iter()
        .filter(|t| t.0 != "layers.1.bias")
        .cloned()
        .collect();
    match problem(&build(&fewer, meta.clone())) {
        Problem::BadTensor { name, reason } => {
            assert_eq!(name, "layers.1.bias");
            assert!(reason.contains("missing"));
        }
        p => panic!("{p:?}"),
    }
    // A tensor of the wrong shape (the metadata says 8 and 4 wide; the file is 4 and 8).
    let mut other = meta.clone();
    other.insert("hidden".into(), "[4, 8]".into());
    assert!(matches!(
        problem(&build(&tensors, other)),
        Problem::BadTensor { .. }
    ));
    // A value that is not finite.
    let mut nan = tensors.clone();
    let w = nan.iter_mut().find(|t| t.0 == "layers.0.weight").unwrap();
    w.2[4..8].copy_from_slice(&f32::NAN.to_le_bytes());
    match problem(&build(&nan, meta.clone())) {
        Problem::BadTensor { name, reason } => {
            assert_eq!(name, "layers.0.weight");
            assert!(reason.contains("not finite"), "{reason}");
        }
        p => panic!("{p:?}"),
    }
    // A tensor the architecture has no place for.
    let mut extra = tensors.clone();
    extra.push((
        "layers.9.weight".into(),
        vec![1],
        1f32.to_le_bytes().to_vec(),
    ));
    assert!(matches!(
        problem(&build(&extra, meta.clone())),
        Problem::ExtraTensor(_)
    ));
}

#[test]
fn a_model_for_another_game_or_table_size_is_refused() {
    let four = model_for(&uno(4));
    let e = four.check_game(&uno(3), "uno4.safetensors").unwrap_err();
    assert!(
        matches!(
            e.problem,
            Problem::Mismatch {
                what: "observation length",
                ..
            }
        ),
        "{e}"
    );
    assert!(
        e.to_string()
            .starts_with("model uno4.safetensors: its observation length"),
        "{e}"
    );
    let nim = parlour_core::toy::HighCard::new(Default::default()).unwrap();
    let e = four.check_game(&nim, "uno4.safetensors").unwrap_err();
    assert!(matches!(e.problem, Problem::WrongGame { .. }), "{e}");
    // A bot that was never checked plays on without panicking: its first legal action.
    let three = uno(3);
    let mut bot = LearnedBot::new(Arc::new(four), "uno4.safetensors", 1).unwrap();
    assert!(Bot::<Uno>::fits(&bot, &three).is_err());
    let state = three.new_game(1);
    let seat = state.current_player().unwrap();
    let legal = state.legal_action_vec();
    let observation = state.observation(seat);
    assert_eq!(
        bot.act(&Decision::new(&three, seat, &observation, &legal)),
        legal[0]
    );
}

#[test]
fn a_model_with_a_prior_reads_the_prior_bots_choice() {
    let game = uno(4);
    let with = model_with_prior(&game, Some("heuristic"));
    assert_eq!(with.meta().inputs(), model_for(&game).meta().inputs() + 1);
    // The prior is in the file and survives a round trip.
    let back = Model::from_bytes(&with.to_bytes(), "prior.safetensors").unwrap();
    assert_eq!(back.meta().prior.as_deref(), Some("heuristic"));
    assert_eq!(back, with);
    // The flagged action (and only it) gets the prior's input.
    let state = game.new_game(3);
    let seat = state.current_player().unwrap();
    let legal = state.legal_action_vec();
    let observation = state.observation(seat);
    let mut features = parlour_learn::bot::Features::default();
    let len = game.observation_layout().len();
    features.fill(&game, len, seat, &observation, &legal);
    let (mut plain, mut flagged) = (Vec::new(), Vec::new());
    let mut scratch = parlour_learn::model::Scratch::default();
    let (s, t, e) = (&features.state, &features.tokens, &features.ends);
    with.q_values(s, t, e, None, &mut plain, &mut scratch);
    with.q_values(s, t, e, Some(0), &mut flagged, &mut scratch);
    assert_ne!(plain[0], flagged[0]);
    assert_eq!(plain[1..], flagged[1..]);
    // The bot asks the prior at every decision and plays legal moves only, replaying exactly.
    let model = Arc::new(with);
    let play = |seed: u64| play_game(&game, &model, seed);
    assert_eq!(play(5), play(5));
}

#[test]
fn an_unknown_or_malformed_prior_is_an_error_naming_the_file() {
    let game = uno(4);
    let e = LearnedBot::<Uno>::new(
        Arc::new(model_with_prior(&game, Some("nosuch"))),
        "odd.safetensors",
        1,
    )
    .unwrap_err();
    let text = e.to_string();
    assert!(text.starts_with("model odd.safetensors: "), "{text}");
    assert!(
        text.contains("\"nosuch\"") && text.contains("heuristic"),
        "{text}"
    );
    let (tensors, mut meta) = parts(&model_with_prior(&game, Some("heuristic")).to_bytes());
    meta.insert("prior".into(), "heuristic; rm -rf".into());
    let e = Model::from_bytes(&build(&tensors, meta), "bad.safetensors").unwrap_err();
    assert!(
        matches!(e.problem, Problem::BadMeta { key: "prior", .. }),
        "{e}"
    );
    assert!(e.to_string().contains("bad.safetensors"), "{e}");
    // A file whose prior was removed no longer matches its first layer's shape.
    let (tensors, mut meta) = parts(&model_with_prior(&game, Some("heuristic")).to_bytes());
    meta.remove("prior");
    let e = Model::from_bytes(&build(&tensors, meta), "cut.safetensors").unwrap_err();
    assert!(matches!(e.problem, Problem::BadTensor { .. }), "{e}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Damaged files — bytes flipped, cut or appended anywhere — never panic the loader.
    #[test]
    fn damaged_files_never_panic(cut in 0usize..20_000, flips in proptest::collection::vec((0usize..20_000, any::<u8>()), 0..6), tail in proptest::collection::vec(any::<u8>(), 0..8)) {
        let mut bytes = model_for(&uno(4)).to_bytes();
        for (at, b) in flips {
            let i = at % bytes.len();
            bytes[i] ^= b;
        }
        bytes.truncate(bytes.len() - cut.min(bytes.len()) / 50);
        bytes.extend(tail);
        let _ = Model::from_bytes(&bytes, "fuzzed");
    }
}
