//! The model file: a Q-network's weights and what they were trained for, as safetensors.
//!
//! A model is a multilayer perceptron `Q(s, a)`: its input is a seat's observation vector `s`
//! (the game's [`Encode`] observation layout) followed by the action's features `a` (a count
//! per token of the action space: how often the action's spelling uses each token) and, if the
//! model names a *prior* bot, one more input that is 1 for the action that bot would play (so
//! the network learns how much better than the prior's choice another action is), then
//! hidden layers with ReLU, and one output, the action's value to the seat (its return, less
//! the other seats' mean, over [`Meta::return_scale`]).
//!
//! The file is safetensors (the `safetensors` crate's format) with tensors `layers.K.weight`
//! (`[outputs, inputs]`, row-major, little-endian `f32`) and `layers.K.bias` (`[outputs]`),
//! and string metadata: `format` (`parlour-dmc/1`), `game`, `options` (the game's options as
//! JSON), `observation_len`, `action_space`, `hidden` (a JSON list), `return_scale`,
//! `provenance` (how it was made) and, only if it has one, `prior` (one of the game's own bots,
//! by name). Loading checks everything against the metadata — names,
//! types, shapes, finite values, nothing extra — and a model is checked against the game it is
//! asked to play; each failure is a [`ModelError`] naming the file.
//!
//! Inference ([`Model::q_values`]) is plain single-threaded Rust in a fixed order of
//! operations, so a model plays the same moves on every machine.

use std::collections::HashMap;
use std::fmt;
use std::path::Path;

use parlour_core::encode::{Encode, Token};
use safetensors::tensor::{Dtype, SafeTensors, TensorView};

/// The format this crate reads and writes.
pub const FORMAT: &str = "parlour-dmc/1";

/// The widest layer a model may have, and the longest input: generous, but it keeps a corrupt
/// header from asking for gigabytes.
const MAX_WIDTH: usize = 1 << 16;

/// The most hidden layers.
const MAX_LAYERS: usize = 8;

/// What a model was trained for, from its file's metadata.
#[derive(Debug, Clone, PartialEq)]
pub struct Meta {
    /// The game's name (`uno`).
    pub game: String,
    /// The game's options it was trained under, as JSON.
    pub options: serde_json::Value,
    /// The observation vector's length.
    pub observation_len: usize,
    /// The number of tokens in the action space.
    pub action_space: usize,
    /// The hidden layers' widths.
    pub hidden: Vec<usize>,
    /// Returns were divided by this before training (the outputs are in these units).
    pub return_scale: f64,
    /// How the model was made: the command, its seed, the CPU time.
    pub provenance: String,
    /// The game's own bot (by name, e.g. `heuristic`) whose choice is an input, if any.
    pub prior: Option<String>,
}

impl Meta {
    /// The input length: observation, then one count per token, then the prior's bit if the
    /// model has a prior.
    pub fn inputs(&self) -> usize {
        self.observation_len + self.action_space + usize::from(self.prior.is_some())
    }

    /// Each layer's `(inputs, outputs)`, input layer first, the single output last.
    pub fn shapes(&self) -> Vec<(usize, usize)> {
        let mut widths = vec![self.inputs()];
        widths.extend(&self.hidden);
        widths.push(1);
        widths.windows(2).map(|w| (w[0], w[1])).collect()
    }
}

/// One dense layer: `outputs × inputs` weights, row-major, and a bias per output.
#[derive(Debug, Clone, PartialEq)]
pub struct Layer {
    /// Inputs.
    pub inputs: usize,
    /// Outputs.
    pub outputs: usize,
    /// `weight[o * inputs + i]`.
    pub weight: Vec<f32>,
    /// `bias[o]`.
    pub bias: Vec<f32>,
}

/// What is wrong with a model file.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum Problem {
    /// It could not be read.
    #[error("cannot read it: {0}")]
    Read(String),
    /// It is not a safetensors file.
    #[error("not a safetensors model file: {0}")]
    NotSafetensors(String),
    /// It is safetensors, but not a parlour model of this format.
    #[error("not a parlour model ({0})")]
    NotParlour(String),
    /// A metadata entry is missing or malformed.
    #[error("metadata {key:?} {reason}")]
    BadMeta {
        /// The key.
        key: &'static str,
        /// What is wrong.
        reason: String,
    },
    /// A tensor is missing, of the wrong type or shape, or not finite.
    #[error("tensor {name:?} {reason}")]
    BadTensor {
        /// The tensor's name.
        name: String,
        /// What is wrong.
        reason: String,
    },
    /// The file holds a tensor the architecture has no place for.
    #[error("unexpected tensor {0:?} (the metadata's layers do not have it)")]
    ExtraTensor(String),
    /// It was trained for another game.
    #[error("it was trained for {model}, not {game}")]
    WrongGame {
        /// The model's game.
        model: String,
        /// The game asked for.
        game: String,
    },
    /// It was trained for other options of this game (another table size, say).
    #[error("its {what} is {model} but this game's is {game} (the model was trained under options {options})")]
    Mismatch {
        /// What differs.
        what: &'static str,
        /// The model's value.
        model: String,
        /// The game's value.
        game: String,
        /// The model's options.
        options: String,
    },
}

/// A model file that cannot be used, and why.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("model {file}: {problem}")]
pub struct ModelError {
    /// The file (or the shipped model's name).
    pub file: String,
    /// What is wrong.
    pub problem: Problem,
}

/// A loaded, checked Q-network.
#[derive(Clone, PartialEq)]
pub struct Model {
    meta: Meta,
    /// The first layer transposed, `[input][output]`, so an input adds one contiguous row.
    first: Vec<f32>,
    first_bias: Vec<f32>,
    /// The other layers, row-major.
    rest: Vec<Layer>,
}

impl fmt::Debug for Model {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Model").field("meta", &self.meta).finish()
    }
}

/// Scratch space for [`Model::q_values`], kept between calls so inference allocates nothing.
#[derive(Debug, Clone, Default)]
pub struct Scratch {
    base: Vec<f32>,
    a: Vec<f32>,
    b: Vec<f32>,
}

impl Model {
    /// A model from its metadata and layers (input layer first), checked as a file would be.
    pub fn new(meta: Meta, layers: Vec<Layer>, name: &str) -> Result<Model, ModelError> {
        let err = |problem| ModelError {
            file: name.to_string(),
            problem,
        };
        check_meta(&meta).map_err(err)?;
        let shapes = meta.shapes();
        if layers.len() != shapes.len() {
            return Err(err(Problem::ExtraTensor(format!(
                "layers.{}",
                layers.len().min(shapes.len())
            ))));
        }
        for (k, (layer, &(inputs, outputs))) in layers.iter().zip(&shapes).enumerate() {
            let bad = |reason: String| {
                err(Problem::BadTensor {
                    name: format!("layers.{k}.weight"),
                    reason,
                })
            };
            if (layer.inputs, layer.outputs) != (inputs, outputs)
                || layer.weight.len() != inputs * outputs
                || layer.bias.len() != outputs
            {
                return Err(bad(format!(
                    "has shape [{}, {}], the metadata says [{outputs}, {inputs}]",
                    layer.outputs, layer.inputs
                )));
            }
            if !layer
                .weight
                .iter()
                .chain(&layer.bias)
                .all(|x| x.is_finite())
            {
                return Err(bad("holds a value that is not finite".into()));
            }
        }
        let mut layers = layers.into_iter();
        let l0 = layers
            .next()
            .expect("a model has at least its output layer");
        let mut first = vec![0.0; l0.inputs * l0.outputs];
        for o in 0..l0.outputs {
            for i in 0..l0.inputs {
                first[i * l0.outputs + o] = l0.weight[o * l0.inputs + i];
            }
        }
        Ok(Model {
            meta,
            first,
            first_bias: l0.bias,
            rest: layers.collect(),
        })
    }

    /// A model of `meta`'s shape whose weights are a fixed pattern, not trained: for tests,
    /// examples and benchmarks, where only the shape (and so the cost) matters.
    ///
    /// # Panics
    /// If `meta` is not valid (see [`Model::new`]).
    pub fn patterned(meta: Meta) -> Model {
        let layers = meta
            .shapes()
            .into_iter()
            .map(|(inputs, outputs)| Layer {
                inputs,
                outputs,
                weight: (0..inputs * outputs)
                    .map(|k| ((k * 37 % 101) as f32 - 50.0) / 200.0)
                    .collect(),
                bias: (0..outputs).map(|k| k as f32 / 10.0).collect(),
            })
            .collect();
        Model::new(meta, layers, "a patterned model").expect("valid metadata")
    }

    /// Reads and checks the model file at `path`.
    pub fn load(path: &Path) -> Result<Model, ModelError> {
        let name = path.display().to_string();
        let bytes = std::fs::read(path).map_err(|e| ModelError {
            file: name.clone(),
            problem: Problem::Read(e.to_string()),
        })?;
        Model::from_bytes(&bytes, &name)
    }

    /// Checks and loads a model file's bytes; `name` names it in errors.
    pub fn from_bytes(bytes: &[u8], name: &str) -> Result<Model, ModelError> {
        let err = |problem| ModelError {
            file: name.to_string(),
            problem,
        };
        let file = SafeTensors::deserialize(bytes)
            .map_err(|e| err(Problem::NotSafetensors(e.to_string())))?;
        let (_, header) = SafeTensors::read_metadata(bytes)
            .map_err(|e| err(Problem::NotSafetensors(e.to_string())))?;
        let meta = header
            .metadata()
            .as_ref()
            .ok_or_else(|| err(Problem::NotParlour("it has no metadata".into())))?;
        let meta = parse_meta(meta).map_err(err)?;
        check_meta(&meta).map_err(err)?;
        let shapes = meta.shapes();
        let mut expected: Vec<String> = Vec::new();
        let mut layers = Vec::new();
        for (k, &(inputs, outputs)) in shapes.iter().enumerate() {
            let weight = format!("layers.{k}.weight");
            let bias = format!("layers.{k}.bias");
            let w = read_tensor(&file, &weight, &[outputs, inputs]).map_err(err)?;
            let b = read_tensor(&file, &bias, &[outputs]).map_err(err)?;
            expected.push(weight);
            expected.push(bias);
            layers.push(Layer {
                inputs,
                outputs,
                weight: w,
                bias: b,
            });
        }
        let mut names = file.names();
        names.sort_unstable();
        if let Some(extra) = names.into_iter().find(|n| !expected.iter().any(|e| e == n)) {
            return Err(err(Problem::ExtraTensor(extra.to_string())));
        }
        Model::new(meta, layers, name)
    }

    /// The model file's bytes.
    pub fn to_bytes(&self) -> Vec<u8> {
        let layers = self.layers();
        let mut data: Vec<(String, Vec<u8>, Vec<usize>)> = Vec::new();
        for (k, l) in layers.iter().enumerate() {
            data.push((
                format!("layers.{k}.weight"),
                le_bytes(&l.weight),
                vec![l.outputs, l.inputs],
            ));
            data.push((
                format!("layers.{k}.bias"),
                le_bytes(&l.bias),
                vec![l.outputs],
            ));
        }
        let views: Vec<(String, TensorView<'_>)> = data
            .iter()
            .map(|(n, bytes, shape)| {
                let view = TensorView::new(Dtype::F32, shape.clone(), bytes)
                    .expect("a layer's bytes match its shape");
                (n.clone(), view)
            })
            .collect();
        safetensors::tensor::serialize(views, Some(meta_map(&self.meta)))
            .expect("a model's tensors serialise")
    }

    /// Writes the model file to `path` (through a temporary file, so a reader never sees half
    /// of it).
    pub fn save(&self, path: &Path) -> std::io::Result<()> {
        let tmp = path.with_extension("safetensors.tmp");
        std::fs::write(&tmp, self.to_bytes())?;
        std::fs::rename(&tmp, path)
    }

    /// What the model was trained for.
    pub fn meta(&self) -> &Meta {
        &self.meta
    }

    /// The layers, input layer first (as stored in the file).
    pub fn layers(&self) -> Vec<Layer> {
        let (inputs, outputs) = (self.meta.inputs(), self.first_bias.len());
        let mut weight = vec![0.0; inputs * outputs];
        for i in 0..inputs {
            for o in 0..outputs {
                weight[o * inputs + i] = self.first[i * outputs + o];
            }
        }
        let mut all = vec![Layer {
            inputs,
            outputs,
            weight,
            bias: self.first_bias.clone(),
        }];
        all.extend(self.rest.iter().cloned());
        all
    }

    /// Whether the model can play `game` under its options: the same game, and the same
    /// observation and action sizes (so the same table size, say). `name` names the file.
    pub fn check_game<G: Encode>(&self, game: &G, name: &str) -> Result<(), ModelError> {
        let err = |problem| ModelError {
            file: name.to_string(),
            problem,
        };
        if self.meta.game != G::INFO.name {
            return Err(err(Problem::WrongGame {
                model: self.meta.game.clone(),
                game: G::INFO.name.to_string(),
            }));
        }
        let options = self.meta.options.to_string();
        let mismatch = |what, model: usize, game: usize| {
            err(Problem::Mismatch {
                what,
                model: model.to_string(),
                game: game.to_string(),
                options: options.clone(),
            })
        };
        let observation = game.observation_layout().len();
        if observation != self.meta.observation_len {
            return Err(mismatch(
                "observation length",
                self.meta.observation_len,
                observation,
            ));
        }
        let actions = game.action_layout().len();
        if actions != self.meta.action_space {
            return Err(mismatch("action space", self.meta.action_space, actions));
        }
        let variant = |v: &serde_json::Value| v.get("variant").cloned();
        let ours = serde_json::to_value(game.options()).unwrap_or_default();
        if variant(&self.meta.options) != variant(&ours) {
            return Err(err(Problem::Mismatch {
                what: "variant",
                model: format!("{}", variant(&self.meta.options).unwrap_or_default()),
                game: format!("{}", variant(&ours).unwrap_or_default()),
                options,
            }));
        }
        Ok(())
    }

    /// The value of each action to the seat whose observation vector is `state`: action `k`
    /// is spelled by `tokens[ends[k-1]..ends[k]]` (`ends[-1]` = 0), and `prior` is the action
    /// the model's prior bot would play (ignored by a model without a prior). Writes one value
    /// an action into `out`.
    ///
    /// # Panics
    /// If `state` is not [`Meta::observation_len`] long or a token is outside the action space
    /// (callers check the model against the game first, with [`Model::check_game`]).
    pub fn q_values(
        &self,
        state: &[f32],
        tokens: &[Token],
        ends: &[usize],
        prior: Option<usize>,
        out: &mut Vec<f32>,
        scratch: &mut Scratch,
    ) {
        let obs = self.meta.observation_len;
        let prior_row = self
            .meta
            .prior
            .as_ref()
            .and(prior)
            .map(|k| (k, obs + self.meta.action_space));
        assert_eq!(state.len(), obs, "an observation of the wrong length");
        let width = self.first_bias.len();
        // The state's part of the first layer, once for every action: observations are sparse,
        // so only the non-zero inputs add their row.
        scratch.base.clear();
        scratch.base.extend_from_slice(&self.first_bias);
        for (i, &x) in state.iter().enumerate() {
            if x != 0.0 {
                let row = &self.first[i * width..(i + 1) * width];
                for (b, &w) in scratch.base.iter_mut().zip(row) {
                    *b += w * x;
                }
            }
        }
        out.clear();
        let mut start = 0;
        for (k, &end) in ends.iter().enumerate() {
            scratch.a.clear();
            scratch.a.extend_from_slice(&scratch.base);
            let inputs = tokens[start..end].iter().map(|&t| obs + t as usize);
            let flagged = prior_row.filter(|&(p, _)| p == k).map(|(_, i)| i);
            for i in inputs.chain(flagged) {
                let row = &self.first[i * width..(i + 1) * width];
                for (a, &w) in scratch.a.iter_mut().zip(row) {
                    *a += w;
                }
            }
            start = end;
            for layer in &self.rest {
                for a in scratch.a.iter_mut() {
                    *a = a.max(0.0);
                }
                scratch.b.clear();
                for o in 0..layer.outputs {
                    let row = &layer.weight[o * layer.inputs..(o + 1) * layer.inputs];
                    scratch.b.push(layer.bias[o] + dot(row, &scratch.a));
                }
                std::mem::swap(&mut scratch.a, &mut scratch.b);
            }
            out.push(scratch.a[0]);
        }
    }
}

/// A dot product in a fixed order: four running sums, combined at the end, so it is the same
/// number on every machine (Rust never fuses or reorders float operations by itself).
fn dot(a: &[f32], b: &[f32]) -> f32 {
    let mut s = [0.0f32; 4];
    let chunks = a.len() / 4;
    for c in 0..chunks {
        for k in 0..4 {
            s[k] += a[4 * c + k] * b[4 * c + k];
        }
    }
    let mut tail = 0.0;
    for i in 4 * chunks..a.len() {
        tail += a[i] * b[i];
    }
    (s[0] + s[1]) + (s[2] + s[3]) + tail
}

fn le_bytes(xs: &[f32]) -> Vec<u8> {
    xs.iter().flat_map(|x| x.to_le_bytes()).collect()
}

fn read_tensor(file: &SafeTensors<'_>, name: &str, shape: &[usize]) -> Result<Vec<f32>, Problem> {
    let bad = |reason: String| Problem::BadTensor {
        name: name.to_string(),
        reason,
    };
    let view = file.tensor(name).map_err(|_| bad("is missing".into()))?;
    if view.dtype() != Dtype::F32 {
        return Err(bad(format!("is {:?}, not F32", view.dtype())));
    }
    if view.shape() != shape {
        return Err(bad(format!(
            "has shape {:?}, the metadata says {shape:?}",
            view.shape()
        )));
    }
    let values: Vec<f32> = view
        .data()
        .chunks_exact(4)
        .map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]]))
        .collect();
    if values.len() != shape.iter().product::<usize>() {
        return Err(bad("has the wrong number of bytes".into()));
    }
    if let Some(i) = values.iter().position(|x| !x.is_finite()) {
        return Err(bad(format!("holds a value that is not finite (at {i})")));
    }
    Ok(values)
}

fn meta_map(meta: &Meta) -> HashMap<String, String> {
    let mut map = HashMap::from([
        ("format".to_string(), FORMAT.to_string()),
        ("game".to_string(), meta.game.clone()),
        ("options".to_string(), meta.options.to_string()),
        (
            "observation_len".to_string(),
            meta.observation_len.to_string(),
        ),
        ("action_space".to_string(), meta.action_space.to_string()),
        (
            "hidden".to_string(),
            serde_json::to_string(&meta.hidden).unwrap_or_default(),
        ),
        ("return_scale".to_string(), meta.return_scale.to_string()),
        ("provenance".to_string(), meta.provenance.clone()),
    ]);
    if let Some(prior) = &meta.prior {
        map.insert("prior".to_string(), prior.clone());
    }
    map
}

fn parse_meta(map: &HashMap<String, String>) -> Result<Meta, Problem> {
    let get = |key: &'static str| {
        map.get(key).ok_or(Problem::BadMeta {
            key,
            reason: "is missing".into(),
        })
    };
    let bad = |key: &'static str, reason: String| Problem::BadMeta { key, reason };
    match map.get("format") {
        Some(f) if f == FORMAT => {}
        Some(f) => {
            return Err(Problem::NotParlour(format!(
                "format {f:?}, expected {FORMAT:?}"
            )))
        }
        None => return Err(Problem::NotParlour("it has no \"format\" entry".into())),
    }
    let number = |key: &'static str| -> Result<usize, Problem> {
        get(key)?
            .parse::<usize>()
            .map_err(|e| bad(key, format!("is not a count: {e}")))
    };
    let options: serde_json::Value = serde_json::from_str(get("options")?)
        .map_err(|e| bad("options", format!("is not JSON: {e}")))?;
    let hidden: Vec<usize> = serde_json::from_str(get("hidden")?)
        .map_err(|e| bad("hidden", format!("is not a list of widths: {e}")))?;
    let return_scale: f64 = get("return_scale")?
        .parse()
        .map_err(|e| bad("return_scale", format!("is not a number: {e}")))?;
    Ok(Meta {
        game: get("game")?.clone(),
        options,
        observation_len: number("observation_len")?,
        action_space: number("action_space")?,
        hidden,
        return_scale,
        provenance: map.get("provenance").cloned().unwrap_or_default(),
        prior: map.get("prior").cloned(),
    })
}

fn check_meta(meta: &Meta) -> Result<(), Problem> {
    let bad = |key: &'static str, reason: &str| {
        Err(Problem::BadMeta {
            key,
            reason: reason.to_string(),
        })
    };
    if !(1..=MAX_WIDTH).contains(&meta.observation_len) {
        return bad("observation_len", "must be from 1 to 65536");
    }
    if !(1..=MAX_WIDTH).contains(&meta.action_space) {
        return bad("action_space", "must be from 1 to 65536");
    }
    if meta.hidden.is_empty() || meta.hidden.len() > MAX_LAYERS {
        return bad("hidden", "must list 1 to 8 widths");
    }
    if meta.hidden.iter().any(|w| !(1..=4096).contains(w)) {
        return bad("hidden", "widths must be from 1 to 4096");
    }
    if !(meta.return_scale.is_finite() && meta.return_scale > 0.0) {
        return bad("return_scale", "must be a positive number");
    }
    if let Some(prior) = &meta.prior {
        if prior.is_empty()
            || prior.len() > 64
            || !prior
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
        {
            return bad("prior", "must be a bot's name (letters, digits, - and _)");
        }
    }
    Ok(())
}
