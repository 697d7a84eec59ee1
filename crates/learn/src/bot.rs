//! The `learned` bot: the legal action its model values most.

use std::collections::HashMap;
use std::path::Path;
use std::sync::{Arc, Mutex, OnceLock};

use parlour_core::encode::{Encode, Token};
use parlour_core::{Bot, BotEntry, BotError, BotOption, BotOptions, Decision, Game, Seat};

use crate::model::{Model, ModelError, Scratch};
use crate::shipped;

/// A seat's observation vector and its legal actions' tokens, as a model reads them.
#[derive(Debug, Clone, Default)]
pub struct Features {
    /// The observation vector.
    pub state: Vec<f32>,
    /// Every legal action's tokens, one after another.
    pub tokens: Vec<Token>,
    /// Where each action's tokens end in `tokens`.
    pub ends: Vec<usize>,
}

impl Features {
    /// Fills in the features of a decision: `observation` seen by `seat`, choosing among
    /// `legal`.
    pub fn fill<G: Encode>(
        &mut self,
        game: &G,
        observation_len: usize,
        seat: Seat,
        observation: &G::Observation,
        legal: &[G::Action],
    ) {
        self.state.clear();
        self.state.resize(observation_len, 0.0);
        game.encode_observation(observation, &mut self.state);
        self.tokens.clear();
        self.ends.clear();
        for a in legal {
            game.action_tokens(seat, a, &mut self.tokens);
            self.ends.push(self.tokens.len());
        }
    }
}

/// Plays the legal action with the highest value under its model (the first of equals), so
/// it is deterministic: its seed is not used.
#[derive(Debug, Clone)]
pub struct LearnedBot {
    model: Arc<Model>,
    name: String,
    features: Features,
    q: Vec<f32>,
    scratch: Scratch,
    /// Whether the model fits the game, once checked.
    checked: Option<Result<(), String>>,
    warned: bool,
}

impl LearnedBot {
    /// A bot playing `model`, which `name` names in messages.
    pub fn new(model: Arc<Model>, name: &str) -> LearnedBot {
        LearnedBot {
            model,
            name: name.to_string(),
            features: Features::default(),
            q: Vec::new(),
            scratch: Scratch::default(),
            checked: None,
            warned: false,
        }
    }

    /// The model.
    pub fn model(&self) -> &Model {
        &self.model
    }

    /// Every legal action's value in `d`, in `legal`'s order.
    ///
    /// # Panics
    /// If the model does not fit `d`'s game (see [`Model::check_game`]).
    pub fn values<G: Encode>(&mut self, d: &Decision<'_, G>) -> &[f32] {
        let len = self.model.meta().observation_len;
        self.features
            .fill(d.game, len, d.seat, d.observation(), d.legal);
        self.model.q_values(
            &self.features.state,
            &self.features.tokens,
            &self.features.ends,
            &mut self.q,
            &mut self.scratch,
        );
        &self.q
    }

    fn check<G: Encode>(&mut self, game: &G) -> &Result<(), String> {
        self.checked.get_or_insert_with(|| {
            self.model
                .check_game(game, &self.name)
                .map_err(|e| e.to_string())
        })
    }
}

/// The index of the greatest value, the first of equals.
pub fn argmax(values: &[f32]) -> usize {
    let mut best = 0;
    for (i, &v) in values.iter().enumerate() {
        if v > values[best] {
            best = i;
        }
    }
    best
}

impl<G: Encode> Bot<G> for LearnedBot {
    fn act(&mut self, d: &Decision<'_, G>) -> G::Action {
        if d.legal.len() == 1 {
            return d.legal[0];
        }
        if let Err(e) = self.check(d.game).clone() {
            // Callers check a model against the game before play (`Bot::fits`); one that did
            // not gets a warning, once, and the first legal action, never a panic.
            if !self.warned {
                eprintln!("parlour: the learned bot cannot play this game, so it plays its first legal action: {e}");
                self.warned = true;
            }
            return d.legal[0];
        }
        let values = self.values(d);
        d.legal[argmax(values)]
    }

    fn start(&mut self, game: &G, _seating: parlour_core::Seating) {
        self.check(game);
    }

    fn fits(&self, game: &G) -> Result<(), String> {
        self.model
            .check_game(game, &self.name)
            .map_err(|e| e.to_string())
    }
}

const OPTIONS: &[BotOption] = &[BotOption {
    name: "model",
    about: "a model file (parlour train GAME writes one); default: the model parlour ships for the game",
    uses_clock: false,
}];

/// Every model loaded so far, by file (a tournament makes a bot a game; each file is read and
/// checked once).
fn cache() -> &'static Mutex<HashMap<String, Arc<Model>>> {
    static CACHE: OnceLock<Mutex<HashMap<String, Arc<Model>>>> = OnceLock::new();
    CACHE.get_or_init(Default::default)
}

/// The model `options` name (`model=FILE`), or the one shipped for game `G`, loaded once and
/// kept; its name for messages comes with it.
pub fn model_for<G: Game>(options: &BotOptions<'_>) -> Result<(Arc<Model>, String), BotError> {
    let path = options.get::<String>("model")?;
    let key = match &path {
        Some(p) => format!("file:{p}"),
        None => format!("shipped:{}", G::INFO.name),
    };
    let mut cache = cache().lock().unwrap_or_else(|e| e.into_inner());
    let name = path.clone().unwrap_or_else(|| shipped::name(G::INFO.name));
    if let Some(m) = cache.get(&key) {
        return Ok((m.clone(), name));
    }
    let loaded: Result<Model, ModelError> = match &path {
        Some(p) => Model::load(Path::new(p)),
        None => match shipped::bytes(G::INFO.name) {
            Some(bytes) => Model::from_bytes(bytes, &name),
            None => {
                return Err(options.bad_value(
                    "model",
                    &format!(
                        "parlour ships no model for {} (models ship for: {}); train one with `parlour train {}` and pass learned:model=FILE",
                        G::INFO.name,
                        shipped::games().join(", "),
                        G::INFO.name
                    ),
                ))
            }
        },
    };
    let model = Arc::new(loaded.map_err(|e| options.bad_value("model", &e.to_string()))?);
    if model.meta().game != G::INFO.name {
        return Err(options.bad_value(
            "model",
            &format!(
                "model {name}: it was trained for {}, not {}",
                model.meta().game,
                G::INFO.name
            ),
        ));
    }
    cache.insert(key, model.clone());
    Ok((model, name))
}

fn make<G: Encode + 'static>(
    _seed: u64,
    options: &BotOptions<'_>,
) -> Result<Box<dyn Bot<G>>, BotError> {
    let (model, name) = model_for::<G>(options)?;
    Ok(Box::new(LearnedBot::new(model, &name)))
}

/// The `learned` bot's entry for game `G`.
pub fn entry<G: Encode + 'static>() -> BotEntry<G> {
    BotEntry {
        name: "learned",
        about: "a Q-network trained by self-play (parlour train): the legal action it values most",
        options: OPTIONS,
        make: make::<G>,
    }
}
