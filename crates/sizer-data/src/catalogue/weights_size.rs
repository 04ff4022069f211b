//! The size of a model's weights in one format: the published size where the catalogue has one
//! (cited), else computed from the model's total parameters and the format's bytes per
//! parameter (labelled, with its known error), else why not. Also the weights of a run: its
//! model and the format it served.

use core::fmt;

use serde::Serialize;

use crate::catalogue::model_facts::{ModelCatalog, ModelFacts, Weights};
use crate::dataset::model::Run;

/// A weights format the size can be computed for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum WeightsFormat {
    /// bfloat16 or float16: 2 bytes a parameter.
    Half,
    /// 8-bit float (E4M3), per-tensor or per-channel scales.
    Fp8,
    /// NVIDIA's 4-bit float: 16 values share one FP8 scale.
    Nvfp4,
    /// OCP microscaling 4-bit float: 32 values share one 8-bit exponent.
    Mxfp4,
    /// 4-bit integers (AWQ, GPTQ) in groups of 128 with a 16-bit scale and a 4-bit zero point.
    Int4,
}

impl WeightsFormat {
    /// The format a run's or a weights entry's text names: its first word (`BF16 (fp8 KV
    /// cache)` is BF16 weights; `GPTQ-Int4 (gptq_marlin)` is 4-bit integers); `None` for a
    /// container (`GGUF`), "not stated" or anything else.
    pub fn from_text(text: &str) -> Option<WeightsFormat> {
        let word = text.split([' ', '(', ',']).next().unwrap_or_default().to_ascii_uppercase();
        match word.as_str() {
            "BF16" | "FP16" => Some(WeightsFormat::Half),
            "FP8" => Some(WeightsFormat::Fp8),
            "NVFP4" => Some(WeightsFormat::Nvfp4),
            "MXFP4" => Some(WeightsFormat::Mxfp4),
            "AWQ" | "INT4" => Some(WeightsFormat::Int4),
            _ if word.starts_with("GPTQ") => Some(WeightsFormat::Int4),
            _ => None,
        }
    }

    /// Bytes per parameter, scales included, every parameter in this format.
    ///
    /// # Formula
    /// `bits / 8` with the scales spread over their block: BF16/FP16 16 bits; FP8 8 (one scale
    /// per tensor or channel, negligible); NVFP4 `4 + 8/16 = 4.5` (NVIDIA, "Introducing NVFP4",
    /// 2025: 16-value blocks, E4M3 scale); MXFP4 `4 + 8/32 = 4.25` (OCP Microscaling Formats
    /// v1.0: 32-value blocks, E8M0 scale); AWQ/GPTQ int4 `4 + (16 + 4)/128 = 4.156` (group size
    /// 128 assumed, AutoAWQ's default, with a 16-bit scale and a 4-bit zero point a group).
    pub fn bytes_per_param(self) -> f64 {
        match self {
            WeightsFormat::Half => 2.0,
            WeightsFormat::Fp8 => 1.0,
            WeightsFormat::Nvfp4 => 4.5 / 8.0,
            WeightsFormat::Mxfp4 => 4.25 / 8.0,
            WeightsFormat::Int4 => (4.0 + 20.0 / 128.0) / 8.0,
        }
    }

    /// True for a quantised format: checkpoints keep some layers (embeddings, attention, the
    /// router) in BF16, so the size computed from parameters is a floor. Measured on the
    /// catalogue's published sizes: gpt-oss-120b MXFP4 62.2 GB computed, 65.3 published (-4.8 %;
    /// the published is 5 % larger); gpt-oss-20b 11.2 GB, 13.8 published (-19.2 %; 24 % larger).
    pub fn computed_is_floor(self) -> bool {
        !matches!(self, WeightsFormat::Half)
    }
}

/// How a size of weights is known.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum WeightsBasis {
    /// Published: the catalogue's figure and the id of its source.
    Published { source: String },
    /// Computed: total parameters (billions, with their source) times bytes per parameter; a
    /// floor when `floor` (quantised checkpoints keep some layers in BF16).
    Computed { params_b: f64, params_source: String, bytes_per_param: f64, floor: bool },
}

/// The size of one model's weights in one format.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct WeightsSize {
    /// The `model_id`.
    pub model: String,
    /// The format as the catalogue's entry or the run names it.
    pub format: String,
    /// Size, GB (10^9 bytes).
    pub gb: f64,
    pub basis: WeightsBasis,
}

/// Why a size of weights is not known.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum NoWeightsSize {
    /// The catalogue has no entry for this `model_id`.
    UnknownModel { model: String },
    /// The run does not say which weights it served.
    FormatNotStated { model: String },
    /// The format is not one whose bytes per parameter are known (a container such as GGUF).
    UnknownFormat { model: String, format: String },
    /// No published size in this format and no verified parameter count to compute one.
    NoParameterCount { model: String, format: String },
}

impl fmt::Display for NoWeightsSize {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NoWeightsSize::UnknownModel { model } => write!(f, "the catalogue has no model {model:?}"),
            NoWeightsSize::FormatNotStated { model } => {
                write!(f, "{model}: the run does not say which weights it served")
            }
            NoWeightsSize::UnknownFormat { model, format } => {
                write!(f, "{model}: the size of {format:?} weights cannot be computed (format not known)")
            }
            NoWeightsSize::NoParameterCount { model, format } => {
                write!(f, "{model}: no published size of its {format} weights and no parameter count to compute one")
            }
        }
    }
}

impl std::error::Error for NoWeightsSize {}

/// The size of `model`'s weights in `format` (a weights key or a run's format text).
///
/// # Formula
/// Published: the weights entry whose format equals `format`, or names the same
/// [`WeightsFormat`]. Else `gb = total_params_b x bytes_per_param` (billions of parameters
/// times bytes each is GB); e.g. Qwen3-Coder-30B-A3B at AWQ 4-bit: 30.5 x 0.5195 = 15.85 GB.
pub fn weights_size(model: &ModelFacts, format: &str) -> Result<WeightsSize, NoWeightsSize> {
    if let Some((weights, gb)) = published_weights(model, format) {
        let basis = WeightsBasis::Published { source: weights.gb.source.clone() };
        return Ok(WeightsSize { model: model.id.clone(), format: weights.format.clone(), gb, basis });
    }
    computed_weights(model, format)
}

/// The catalogue's published entry for `model`'s weights in `format` and its verified size, GB:
/// the first entry whose format equals it (in any case) or names the same [`WeightsFormat`];
/// `None` without one, or when its size is not verified.
pub fn published_weights<'a>(model: &'a ModelFacts, format: &str) -> Option<(&'a Weights, f64)> {
    let wanted = WeightsFormat::from_text(format);
    let published = model.weights.iter().find(|weights| {
        weights.format.eq_ignore_ascii_case(format)
            || (wanted.is_some() && WeightsFormat::from_text(&weights.format) == wanted)
    })?;
    Some((published, published.gb.verified()?))
}

/// `model`'s weights in `format` computed from its parameters ([`weights_size`]'s second half).
///
/// # Formula
/// `gb = total_params_b x bytes_per_param`.
pub fn computed_weights(model: &ModelFacts, format: &str) -> Result<WeightsSize, NoWeightsSize> {
    let wanted = WeightsFormat::from_text(format);
    let Some(wanted) = wanted else {
        return Err(NoWeightsSize::UnknownFormat { model: model.id.clone(), format: format.to_owned() });
    };
    let params = model.total_params_b.as_ref().and_then(|p| p.verified().map(|v| (v, p.source.clone())));
    let Some((params_b, params_source)) = params else {
        return Err(NoWeightsSize::NoParameterCount { model: model.id.clone(), format: short_format(format) });
    };
    let bytes_per_param = wanted.bytes_per_param();
    Ok(WeightsSize {
        model: model.id.clone(),
        format: short_format(format),
        gb: params_b * bytes_per_param,
        basis: WeightsBasis::Computed { params_b, params_source, bytes_per_param, floor: wanted.computed_is_floor() },
    })
}

/// A model's weights when no format is asked: its first published entry, else BF16 computed
/// from its parameters (the checkpoint as its publisher releases it).
pub fn default_weights(model: &ModelFacts) -> Result<WeightsSize, NoWeightsSize> {
    weights_size(model, model.weights.first().map_or("BF16", |weights| weights.format.as_str()))
}

/// The weights a run served: its model, its format (the catalogue's cache facts of the run
/// where they name it, else the run's own format text), published or computed.
pub fn run_weights(catalog: &ModelCatalog, run: &Run) -> Result<WeightsSize, NoWeightsSize> {
    let model =
        catalog.model(&run.model_id).ok_or_else(|| NoWeightsSize::UnknownModel { model: run.model_id.clone() })?;
    let named = catalog.run_cache(&run.id).and_then(|cache| cache.weights.as_deref());
    let format =
        named.or(run.format.as_deref()).ok_or_else(|| NoWeightsSize::FormatNotStated { model: model.id.clone() })?;
    weights_size(model, format)
}

/// The format's name without what follows it: `AWQ 4-bit` stays, `FP8 (35 GB checkpoint)`
/// becomes `FP8`.
fn short_format(text: &str) -> String {
    text.split(['(', ',']).next().unwrap_or(text).trim().to_owned()
}
