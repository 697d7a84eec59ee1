//! The network in training: candle variables, Adam with its moments kept (so a checkpoint
//! resumes exactly), and the checkpoint file.

use std::collections::HashMap;

use candle_core::{DType, Device, Tensor, Var};
use parlour_core::rng::seeded;
use parlour_learn::model::Layer;
use rand::RngExt;
use safetensors::tensor::{Dtype, SafeTensors, TensorView};

use crate::Row;

const BETA1: f64 = 0.9;
const BETA2: f64 = 0.999;
const EPS: f64 = 1e-8;

/// A multilayer perceptron's weights and Adam's state.
pub struct Net {
    /// `(weight [out, in], bias [out])` per layer.
    vars: Vec<(Var, Var)>,
    /// Adam's first and second moments, per variable (weight, bias, weight, ...).
    moments: Vec<(Tensor, Tensor)>,
    steps: u64,
    shapes: Vec<(usize, usize)>,
}

/// What a checkpoint holds besides the tensors.
pub(crate) struct Checkpoint {
    pub game: String,
    pub options: serde_json::Value,
    pub config: String,
    pub iteration: u64,
    pub scale: f64,
    pub rows: Vec<Row>,
    pub cpu_seconds: f64,
    /// Adam steps taken (read from a file; a checkpoint being written takes the net's own).
    pub iteration_steps: u64,
    /// Name, shape and values.
    pub tensors: Vec<(String, Vec<usize>, Vec<f32>)>,
}

fn shapes(inputs: usize, hidden: &[usize]) -> Vec<(usize, usize)> {
    let mut widths = vec![inputs];
    widths.extend(hidden);
    widths.push(1);
    widths.windows(2).map(|w| (w[0], w[1])).collect()
}

impl Net {
    /// A network with `inputs`, `hidden` widths and one output, its weights uniform in
    /// `±1/√inputs` from `seed` (biases 0).
    pub fn new(inputs: usize, hidden: &[usize], seed: u64) -> candle_core::Result<Net> {
        let mut rng = seeded(seed);
        let shapes = shapes(inputs, hidden);
        let mut values = Vec::new();
        for &(i, o) in &shapes {
            let bound = 1.0 / (i as f32).sqrt();
            let w: Vec<f32> = (0..i * o)
                .map(|_| (rng.random::<f32>() * 2.0 - 1.0) * bound)
                .collect();
            values.push((w, vec![0.0f32; o]));
        }
        Net::from_values(shapes, values, None, 0)
    }

    fn from_values(
        shapes: Vec<(usize, usize)>,
        values: Vec<(Vec<f32>, Vec<f32>)>,
        moments: Option<Vec<(Vec<f32>, Vec<f32>)>>,
        steps: u64,
    ) -> candle_core::Result<Net> {
        let dev = Device::Cpu;
        let mut vars = Vec::new();
        for (&(i, o), (w, b)) in shapes.iter().zip(values) {
            vars.push((
                Var::from_tensor(&Tensor::from_vec(w, (o, i), &dev)?)?,
                Var::from_tensor(&Tensor::from_vec(b, o, &dev)?)?,
            ));
        }
        let moments = match moments {
            Some(m) => m
                .into_iter()
                .zip(vars.iter().flat_map(|(w, b)| [w, b]))
                .map(|((m, v), var)| {
                    let shape = var.as_tensor().shape().clone();
                    Ok((
                        Tensor::from_vec(m, shape.clone(), &dev)?,
                        Tensor::from_vec(v, shape, &dev)?,
                    ))
                })
                .collect::<candle_core::Result<_>>()?,
            None => vars
                .iter()
                .flat_map(|(w, b)| [w, b])
                .map(|v| {
                    let z = v.as_tensor().zeros_like()?;
                    Ok((z.clone(), z))
                })
                .collect::<candle_core::Result<_>>()?,
        };
        Ok(Net {
            vars,
            moments,
            steps,
            shapes,
        })
    }

    fn forward(&self, x: &Tensor) -> candle_core::Result<Tensor> {
        let mut h = x.clone();
        for (k, (w, b)) in self.vars.iter().enumerate() {
            h = h
                .matmul(&w.as_tensor().t()?)?
                .broadcast_add(b.as_tensor())?;
            if k + 1 < self.vars.len() {
                h = h.relu()?;
            }
        }
        h.flatten_all()
    }

    /// One Adam step on a minibatch of `rows` inputs `x` (row-major) with targets `y`; the
    /// minibatch's mean squared error before the step.
    pub fn step(&mut self, x: &[f32], y: &[f32], rows: usize, lr: f64) -> candle_core::Result<f64> {
        let dev = Device::Cpu;
        let inputs = self.shapes[0].0;
        let x = Tensor::from_slice(x, (rows, inputs), &dev)?;
        let y = Tensor::from_slice(y, rows, &dev)?;
        let loss = (self.forward(&x)? - y)?.sqr()?.mean_all()?;
        let grads = loss.backward()?;
        self.steps += 1;
        let t = self.steps as i32;
        let (c1, c2) = (1.0 - BETA1.powi(t), 1.0 - BETA2.powi(t));
        let vars: Vec<&Var> = self.vars.iter().flat_map(|(w, b)| [w, b]).collect();
        for (var, (m, v)) in vars.into_iter().zip(self.moments.iter_mut()) {
            let Some(g) = grads.get(var.as_tensor()) else {
                continue;
            };
            *m = ((m.affine(BETA1, 0.0)? + g.affine(1.0 - BETA1, 0.0)?)?).detach();
            *v = ((v.affine(BETA2, 0.0)? + g.sqr()?.affine(1.0 - BETA2, 0.0)?)?).detach();
            let update =
                (m.affine(1.0 / c1, 0.0)? / v.affine(1.0 / c2, 0.0)?.sqrt()?.affine(1.0, EPS)?)?;
            var.set(&(var.as_tensor() - update.affine(lr, 0.0)?)?.detach())?;
        }
        loss.to_dtype(DType::F64)?.to_scalar::<f64>()
    }

    /// The layers, for a model file.
    pub fn layers(&self) -> Vec<Layer> {
        self.vars
            .iter()
            .zip(&self.shapes)
            .map(|((w, b), &(inputs, outputs))| Layer {
                inputs,
                outputs,
                weight: values(w.as_tensor()),
                bias: values(b.as_tensor()),
            })
            .collect()
    }

    /// The checkpoint file's bytes: these weights and moments with `meta`.
    pub(crate) fn checkpoint_bytes(&self, meta: Checkpoint) -> candle_core::Result<Vec<u8>> {
        let mut tensors: Vec<(String, Vec<usize>, Vec<u8>)> = Vec::new();
        let vars: Vec<&Var> = self.vars.iter().flat_map(|(w, b)| [w, b]).collect();
        for (k, (var, (m, v))) in vars.iter().zip(&self.moments).enumerate() {
            let shape = var.as_tensor().dims().to_vec();
            for (prefix, t) in [("var", var.as_tensor()), ("m", m), ("v", v)] {
                tensors.push((
                    format!("{prefix}.{k}"),
                    shape.clone(),
                    values(t).iter().flat_map(|x| x.to_le_bytes()).collect(),
                ));
            }
        }
        let views: Vec<(String, TensorView<'_>)> = tensors
            .iter()
            .map(|(n, shape, bytes)| {
                (
                    n.clone(),
                    TensorView::new(Dtype::F32, shape.clone(), bytes).expect("shapes match"),
                )
            })
            .collect();
        let info = HashMap::from([
            ("format".to_string(), "parlour-train/1".to_string()),
            ("game".to_string(), meta.game),
            ("options".to_string(), meta.options.to_string()),
            ("config".to_string(), meta.config),
            ("iteration".to_string(), meta.iteration.to_string()),
            ("steps".to_string(), self.steps.to_string()),
            ("scale".to_string(), meta.scale.to_string()),
            (
                "rows".to_string(),
                serde_json::to_string(&meta.rows).unwrap_or_default(),
            ),
            ("cpu_seconds".to_string(), meta.cpu_seconds.to_string()),
        ]);
        Ok(safetensors::tensor::serialize(views, Some(info)).expect("a checkpoint serialises"))
    }

    /// The network saved in `checkpoint`, which must have these shapes.
    pub(crate) fn restore(
        inputs: usize,
        hidden: &[usize],
        checkpoint: &Checkpoint,
    ) -> Result<Net, String> {
        let shapes = shapes(inputs, hidden);
        let find = |name: &str, shape: &[usize]| -> Result<Vec<f32>, String> {
            let (_, s, v) = checkpoint
                .tensors
                .iter()
                .find(|(n, _, _)| n == name)
                .ok_or_else(|| format!("tensor {name} is missing"))?;
            if s != shape {
                return Err(format!("tensor {name} has shape {s:?}, expected {shape:?}"));
            }
            Ok(v.clone())
        };
        let mut values = Vec::new();
        let mut moments = Vec::new();
        let mut k = 0;
        for &(i, o) in &shapes {
            let mut pair = Vec::new();
            for shape in [vec![o, i], vec![o]] {
                pair.push(find(&format!("var.{k}"), &shape)?);
                moments.push((
                    find(&format!("m.{k}"), &shape)?,
                    find(&format!("v.{k}"), &shape)?,
                ));
                k += 1;
            }
            let b = pair.pop().expect("two");
            let w = pair.pop().expect("two");
            values.push((w, b));
        }
        if checkpoint.tensors.len() != 3 * k {
            return Err(format!(
                "it holds {} tensors, the settings' network has {}",
                checkpoint.tensors.len(),
                3 * k
            ));
        }
        let steps = checkpoint.iteration_steps;
        Net::from_values(shapes, values, Some(moments), steps).map_err(|e| e.to_string())
    }
}

fn values(t: &Tensor) -> Vec<f32> {
    t.flatten_all()
        .and_then(|t| t.to_vec1::<f32>())
        .expect("a CPU f32 tensor reads back")
}

impl Checkpoint {
    /// Reads a checkpoint file's bytes.
    pub(crate) fn from_bytes(bytes: &[u8]) -> Result<Checkpoint, String> {
        let file =
            SafeTensors::deserialize(bytes).map_err(|e| format!("not a safetensors file: {e}"))?;
        let (_, header) = SafeTensors::read_metadata(bytes)
            .map_err(|e| format!("not a safetensors file: {e}"))?;
        let meta = header
            .metadata()
            .clone()
            .ok_or("it has no metadata, so it is no parlour checkpoint")?;
        let get = |k: &str| {
            meta.get(k)
                .cloned()
                .ok_or(format!("metadata {k:?} is missing"))
        };
        if get("format")? != "parlour-train/1" {
            return Err("it is no parlour-train/1 checkpoint".into());
        }
        let num = |k: &str| -> Result<f64, String> {
            get(k)?
                .parse::<f64>()
                .map_err(|e| format!("metadata {k:?}: {e}"))
        };
        let mut tensors = Vec::new();
        for (name, view) in file.tensors() {
            if view.dtype() != Dtype::F32 {
                return Err(format!("tensor {name} is not F32"));
            }
            let v: Vec<f32> = view
                .data()
                .chunks_exact(4)
                .map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]]))
                .collect();
            if v.iter().any(|x| !x.is_finite()) {
                return Err(format!("tensor {name} holds a value that is not finite"));
            }
            tensors.push((name, view.shape().to_vec(), v));
        }
        tensors.sort_by(|a, b| a.0.cmp(&b.0));
        let options = serde_json::from_str(&get("options")?)
            .map_err(|e| format!("metadata \"options\": {e}"))?;
        let rows =
            serde_json::from_str(&get("rows")?).map_err(|e| format!("metadata \"rows\": {e}"))?;
        let iteration = get("iteration")?
            .parse()
            .map_err(|e| format!("metadata \"iteration\": {e}"))?;
        let steps = get("steps")?
            .parse()
            .map_err(|e| format!("metadata \"steps\": {e}"))?;
        let scale = num("scale")?;
        if !(scale.is_finite() && scale > 0.0) {
            return Err("metadata \"scale\" must be a positive number".into());
        }
        Ok(Checkpoint {
            game: get("game")?,
            options,
            config: get("config")?,
            iteration,
            iteration_steps: steps,
            scale,
            rows,
            cpu_seconds: num("cpu_seconds")?,
            tensors,
        })
    }
}
