//! # parlour-learn
//!
//! Learned bots: a Q-network over a game's tensor encoding, read from a model file and run in
//! plain Rust — no Python, no threads, the same moves on every machine.
//!
//! - [`model::Model`]: a multilayer perceptron `Q(s, a)` over a seat's observation vector `s`
//!   (the game's [`Encode`](parlour_core::encode::Encode) layout) and an action's tokens `a`,
//!   loaded from a safetensors file whose metadata says which game, options and sizes it was
//!   trained for. Every check is made on load and against the game, and a bad file is a
//!   [`model::ModelError`] that names it, never a panic.
//! - [`bot::LearnedBot`]: plays the legal action its model values most. [`bot::entry`] is the
//!   `learned` bot every game lists (`learned:model=FILE`, or the model parlour ships).
//! - [`shipped`]: the models built into the binary.
//!
//! Training lives in `parlour-train` (`parlour train GAME`), which writes these files.
//!
//! ```
//! use std::sync::Arc;
//! use parlour_core::encode::Encode;
//! use parlour_core::toy::HighCard;
//! use parlour_core::{Bot, Decision, Game, State};
//! use parlour_learn::bot::LearnedBot;
//! use parlour_learn::model::{Layer, Meta, Model};
//!
//! let game = HighCard::new(Default::default()).unwrap();
//! let meta = Meta {
//!     game: "highcard".into(),
//!     options: serde_json::to_value(game.options()).unwrap(),
//!     observation_len: game.observation_layout().len(),
//!     action_space: game.action_layout().len(),
//!     hidden: vec![4],
//!     return_scale: 1.0,
//!     provenance: "made by hand for this example".into(),
//!     prior: None,
//! };
//! // One hidden layer of 4, every weight a small number: a model of the right shape.
//! let layers = meta
//!     .shapes()
//!     .into_iter()
//!     .map(|(inputs, outputs)| Layer {
//!         inputs,
//!         outputs,
//!         weight: (0..inputs * outputs).map(|k| (k % 7) as f32 / 10.0).collect(),
//!         bias: vec![0.0; outputs],
//!     })
//!     .collect();
//! let model = Model::new(meta, layers, "example").unwrap();
//! // A model file round-trips through its bytes.
//! assert_eq!(Model::from_bytes(&model.to_bytes(), "example").unwrap(), model);
//!
//! let mut bot = LearnedBot::new(Arc::new(model), "example", 1).unwrap();
//! let mut state = game.new_game(7);
//! while let Some(seat) = state.current_player() {
//!     let legal = state.legal_action_vec();
//!     let observation = state.observation(seat);
//!     let action = bot.act(&Decision::new(&game, seat, &observation, &legal));
//!     assert!(legal.contains(&action));
//!     state.apply(action).unwrap();
//! }
//! ```

pub mod bot;
pub mod model;
pub mod shipped;
