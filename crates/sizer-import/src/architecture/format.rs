//! The weights' format: from the configuration's quantisation (`quantization_config` or
//! `hf_quant_config.json`), else the server's profile (`bf16`, `fp8`, `nvfp4`, `mxfp4`), and
//! which modules stay unquantised.

use serde_json::Value;
use sizer_core::architecture::WeightBytes;

/// A weight format and its bytes per weight.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WeightFormat {
    Bf16,
    Fp8,
    /// 4-bit with an FP8 scale per 16 weights: 4.5 bits.
    Nvfp4,
    /// 4-bit with an 8-bit scale per 32 weights: 4.25 bits.
    Mxfp4,
}

impl WeightFormat {
    /// Bytes per weight, scales included (NVIDIA's NVFP4: E2M1 values, one E4M3 scale per 16;
    /// OCP MX v1.0 MXFP4: one E8M0 scale per 32).
    pub fn bytes(self) -> f64 {
        match self {
            WeightFormat::Bf16 => 2.0,
            WeightFormat::Fp8 => 1.0,
            WeightFormat::Nvfp4 => 4.5 / 8.0,
            WeightFormat::Mxfp4 => 4.25 / 8.0,
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            WeightFormat::Bf16 => "BF16",
            WeightFormat::Fp8 => "FP8",
            WeightFormat::Nvfp4 => "NVFP4",
            WeightFormat::Mxfp4 => "MXFP4",
        }
    }

    /// The format a name starts with (`bf16-v23`, `NVFP4`, `W4A16_NVFP4`, `fp8_e4m3`); `None`
    /// for another.
    pub fn from_name(name: &str) -> Option<WeightFormat> {
        let n = name.to_ascii_lowercase();
        if n.contains("nvfp4") {
            Some(WeightFormat::Nvfp4)
        } else if n.contains("mxfp4") {
            Some(WeightFormat::Mxfp4)
        } else if n.starts_with("fp8") || n.contains("_fp8") || n == "w8a8" {
            Some(WeightFormat::Fp8)
        } else if n.starts_with("bf16")
            || n.starts_with("bfloat16")
            || n.starts_with("fp16")
            || n.starts_with("float16")
        {
            Some(WeightFormat::Bf16)
        } else {
            None
        }
    }
}

/// The bytes per weight of each group, and what was read or assumed.
pub struct FormatReading {
    pub bytes: WeightBytes,
    /// The bulk format (routed experts, else dense blocks).
    pub format: WeightFormat,
    pub notes: Vec<String>,
}

/// The quantisation block: `quantization_config` of the config, or `hf_quant_config.json`'s
/// `quantization`.
pub fn quant_block<'a>(config: &'a Value, quant: Option<&'a Value>) -> Option<&'a Value> {
    quant.map(|q| q.get("quantization").unwrap_or(q)).or_else(|| config.get("quantization_config"))
}

/// The weights' bytes by group from the quantisation block, else `profile`, else BF16.
/// `layers` counts the decoder layers (for a list that leaves some layers' attention
/// unquantised).
pub fn read_format(block: Option<&Value>, profile: Option<&str>, layers: u32) -> FormatReading {
    let mut notes = Vec::new();
    let from_profile = profile.and_then(WeightFormat::from_name);
    let Some(q) = block else {
        let format = from_profile.unwrap_or_else(|| {
            notes.push("No quantisation and no server profile give the weights' format: BF16 is assumed.".to_owned());
            WeightFormat::Bf16
        });
        if format != WeightFormat::Bf16 {
            notes.push(format!(
                "The weights' format ({}) comes from the server's profile; which modules stay unquantised is not given, so every layer's weights are taken as {} and the embeddings and output projection as BF16.",
                format.label(),
                format.label()
            ));
        }
        return FormatReading { bytes: body(format, WeightFormat::Bf16.bytes()), format, notes };
    };
    let method = q.get("quant_method").and_then(Value::as_str).unwrap_or("");
    let algo = q.get("quant_algo").and_then(Value::as_str).unwrap_or("");
    let mut format = WeightFormat::from_name(method).or_else(|| WeightFormat::from_name(algo));
    let mut mixers = None;
    if algo.eq_ignore_ascii_case("MIXED_PRECISION") {
        let (bulk, mix) = mixed_precision(q);
        format = bulk;
        mixers = mix;
        notes.push("Mixed precision: each group takes the format most of its listed layers use.".to_owned());
    }
    let Some(format) = format else {
        let fallback = from_profile.unwrap_or(WeightFormat::Bf16);
        notes.push(format!(
            "The quantisation method \"{}\" is not one this reads; the weights are taken as {}.",
            super::config::shown(if method.is_empty() { algo } else { method }),
            fallback.label()
        ));
        return FormatReading { bytes: body(fallback, 2.0), format: fallback, notes };
    };
    if let Some(p) = from_profile.filter(|p| *p != format) {
        notes.push(format!(
            "The server's profile says {} but the configuration's quantisation says {}; the configuration's is used.",
            p.label(),
            format.label()
        ));
    }
    let excluded = exclusions(q);
    let mut bytes = body(format, 2.0);
    if let Some(m) = mixers {
        bytes.mixers = m.bytes();
    }
    let attention = excluded.iter().filter(|m| is_mixer(m)).collect::<Vec<_>>();
    if attention.iter().any(|m| m.contains(".*.") || m.starts_with("*")) {
        bytes.mixers = 2.0;
    } else if !attention.is_empty() && layers > 0 {
        let mut indices: Vec<u32> = attention.iter().filter_map(|m| layer_index(m)).collect();
        indices.sort_unstable();
        indices.dedup();
        let share = (indices.len() as f64 / f64::from(layers)).min(1.0);
        bytes.mixers = share * 2.0 + (1.0 - share) * bytes.mixers;
    }
    FormatReading { bytes, format, notes }
}

/// Every group at `format` but the embeddings and output projection at `table_bytes`.
fn body(format: WeightFormat, table_bytes: f64) -> WeightBytes {
    let b = format.bytes();
    WeightBytes { embedding: table_bytes, lm_head: table_bytes, mixers: b, dense_mlp: b, experts: b }
}

/// The module patterns left unquantised (`modules_to_not_convert`, `ignore`, `exclude_modules`).
fn exclusions(q: &Value) -> Vec<String> {
    ["modules_to_not_convert", "ignore", "exclude_modules"]
        .iter()
        .filter_map(|k| q.get(*k).and_then(Value::as_array))
        .flatten()
        .filter_map(Value::as_str)
        .map(str::to_owned)
        .collect()
}

fn is_mixer(module: &str) -> bool {
    module.contains("self_attn") || module.contains("linear_attn") || module.contains("mixer")
}

/// The layer number in `model.layers.3.self_attn*`.
fn layer_index(module: &str) -> Option<u32> {
    let after = module.split("layers.").nth(1)?;
    after.split('.').next()?.parse().ok()
}

/// The majority format of the expert/MLP layers and of the mixers in a `quantized_layers` map.
fn mixed_precision(q: &Value) -> (Option<WeightFormat>, Option<WeightFormat>) {
    let Some(map) = q.get("quantized_layers").and_then(Value::as_object) else { return (None, None) };
    let majority = |pick: &dyn Fn(&str) -> bool| {
        let mut counts = [0usize; 4];
        for (_, v) in map.iter().filter(|(n, _)| pick(n)) {
            if let Some(f) = v.get("quant_algo").and_then(Value::as_str).and_then(WeightFormat::from_name) {
                counts[f as usize] += 1;
            }
        }
        let (i, n) = counts.iter().enumerate().max_by_key(|(_, n)| **n)?;
        (*n > 0).then(|| [WeightFormat::Bf16, WeightFormat::Fp8, WeightFormat::Nvfp4, WeightFormat::Mxfp4][i])
    };
    (majority(&|n: &str| n.contains("mlp") || n.contains("experts")), majority(&|n: &str| is_mixer(n)))
}
