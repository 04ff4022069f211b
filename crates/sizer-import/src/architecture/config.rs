//! A Hugging Face `config.json` read into a [`ModelShape`]: the text model's settings
//! (`text_config` for a multimodal model, else the top level), its layers by kind (`layer_types`,
//! or Nemotron-H's `hybrid_override_pattern`), heads, experts and towers. A field missing where
//! a default exists is said in one sentence; a field the shape needs and cannot default is an
//! error.

use super::format::{quant_block, read_format};
use serde_json::Value;
use sizer_core::architecture::{
    AttentionLayers, LinearAttentionLayers, MambaLayers, ModelShape, MoeLayers, WeightBytes,
};

/// A configuration read: the shape, its model type and the sentences about what was assumed.
pub struct ShapeReading {
    pub shape: ModelShape,
    pub model_type: String,
    /// The bulk weights' format label (`BF16`, `NVFP4`).
    pub format: &'static str,
    pub notes: Vec<String>,
}

/// Settings looked up in the text model first, then the top level.
struct Fields<'a> {
    text: &'a Value,
    root: &'a Value,
}

impl Fields<'_> {
    fn get(&self, key: &str) -> Option<&Value> {
        self.text.get(key).filter(|v| !v.is_null()).or_else(|| self.root.get(key).filter(|v| !v.is_null()))
    }

    fn count(&self, key: &str) -> Result<Option<u32>, String> {
        match self.get(key) {
            None => Ok(None),
            Some(v) => v
                .as_u64()
                .and_then(|n| u32::try_from(n).ok())
                .map(Some)
                .ok_or_else(|| format!("The configuration's \"{key}\" is {v}, not a whole number.")),
        }
    }

    fn first(&self, keys: &[&str]) -> Result<Option<u32>, String> {
        for key in keys {
            if let Some(n) = self.count(key)? {
                return Ok(Some(n));
            }
        }
        Ok(None)
    }

    fn need(&self, key: &str) -> Result<u32, String> {
        self.count(key)?.ok_or_else(|| format!("The configuration has no \"{key}\", which the model's size needs."))
    }

    fn flag(&self, key: &str) -> Option<bool> {
        self.get(key).and_then(Value::as_bool)
    }

    fn text(&self, key: &str) -> Option<&str> {
        self.get(key).and_then(Value::as_str)
    }
}

/// What a layer does, from `layer_types` or the hybrid pattern.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Full,
    Sliding,
    Linear,
    Mamba,
    /// A feed-forward layer without a mixer (Nemotron-H's `E` or `-`).
    FeedForward,
}

/// Reads `config` (and `quant`, an `hf_quant_config.json`) with the server's `profile` and
/// whether it serves the language model only (`--language-model-only`: towers not loaded).
///
/// # Errors
/// One sentence: a field the shape needs is missing or not a whole number, layer kinds the
/// reader does not know, or a shape the core refuses.
pub fn read_shape(
    config: &Value,
    quant: Option<&Value>,
    profile: Option<&str>,
    language_only: bool,
) -> Result<ShapeReading, String> {
    if !config.is_object() {
        return Err("The configuration is not a JSON object.".to_owned());
    }
    let text = config.get("text_config").filter(|v| v.is_object()).unwrap_or(config);
    let f = Fields { text, root: config };
    let mut notes = Vec::new();
    let model_type =
        f.text("model_type").or_else(|| config.get("model_type").and_then(Value::as_str)).unwrap_or("unknown");
    let layers = f.need("num_hidden_layers")?;
    let hidden = f.need("hidden_size")?;
    let vocab = f.need("vocab_size")?;
    let kinds = layer_kinds(&f, layers, &mut notes)?;
    let count = |k: Kind| kinds.iter().filter(|x| **x == k).count() as u32;
    let heads = f.count("num_attention_heads")?;
    let attention = |kind: Kind, notes: &mut Vec<String>| -> Result<Option<AttentionLayers>, String> {
        let n = count(kind);
        if n == 0 {
            return Ok(None);
        }
        let q = heads.ok_or("The configuration has attention layers but no \"num_attention_heads\".")?;
        let global = kind == Kind::Full;
        let kv = if global {
            f.first(&["num_global_key_value_heads", "num_key_value_heads"])?
        } else {
            f.count("num_key_value_heads")?
        };
        let kv = kv.unwrap_or_else(|| {
            notes.push(
                "No \"num_key_value_heads\": every query head has its own key and value (multi-head attention)."
                    .to_owned(),
            );
            q
        });
        let dim = if global { f.first(&["global_head_dim", "head_dim"])? } else { f.count("head_dim")? };
        let dim = match dim {
            Some(d) => d,
            None => {
                notes.push("No \"head_dim\": hidden size / heads is used.".to_owned());
                hidden / q.max(1)
            }
        };
        let window = if kind == Kind::Sliding {
            Some(
                f.count("sliding_window")?
                    .ok_or("The configuration has sliding-window layers but no \"sliding_window\".")?,
            )
        } else {
            None
        };
        Ok(Some(AttentionLayers {
            layers: n,
            q_heads: q,
            kv_heads: kv,
            head_dim: dim,
            k_eq_v: global && f.flag("attention_k_eq_v").unwrap_or(false),
            window,
            output_gate: f.flag("attn_output_gate").unwrap_or(false),
        }))
    };
    let full_attention = attention(Kind::Full, &mut notes)?;
    let sliding_attention = attention(Kind::Sliding, &mut notes)?;
    if f.flag("attention_k_eq_v") == Some(true) {
        notes.push(
            "\"attention_k_eq_v\" is read as keys doubling as values in the full-attention layers only.".to_owned(),
        );
    }
    let linear_attention = match count(Kind::Linear) {
        0 => None,
        n => Some(LinearAttentionLayers {
            layers: n,
            key_heads: f.need("linear_num_key_heads")?,
            value_heads: f.need("linear_num_value_heads")?,
            key_head_dim: f.need("linear_key_head_dim")?,
            value_head_dim: f.need("linear_value_head_dim")?,
            conv_kernel: f.count("linear_conv_kernel_dim")?.unwrap_or(4),
        }),
    };
    let mamba = match count(Kind::Mamba) {
        0 => None,
        n => Some(MambaLayers {
            layers: n,
            heads: f.need("mamba_num_heads")?,
            head_dim: f.need("mamba_head_dim")?,
            state_size: f.need("ssm_state_size")?,
            groups: f.count("n_groups")?.unwrap_or(1),
            conv_kernel: f.count("conv_kernel")?.unwrap_or(4),
        }),
    };
    let experts = f.first(&["num_experts", "num_local_experts", "n_routed_experts"])?.filter(|e| *e > 0);
    let hybrid = f.get("hybrid_override_pattern").is_some();
    let act = f.text("mlp_hidden_act").or_else(|| f.text("hidden_act")).unwrap_or("silu");
    let gated_mlp = !(act == "relu2" || act == "relu" || act == "gelu_new" && model_type.contains("gpt2"));
    let intermediate = f.count("intermediate_size")?;
    let (moe, dense_mlp_layers, dense_intermediate) = match experts {
        Some(e) => {
            let per_token = f
                .first(&["num_experts_per_tok", "experts_per_token", "top_k_experts"])?
                .ok_or("The configuration has experts but no experts per token (\"num_experts_per_tok\").")?;
            let expert_intermediate = match f.first(&["moe_intermediate_size", "expert_intermediate_size"])? {
                Some(i) => i,
                None => intermediate
                    .ok_or("The configuration has experts but no expert size (\"moe_intermediate_size\").")?,
            };
            let shared_one =
                f.first(&["shared_expert_intermediate_size", "moe_shared_expert_intermediate_size"])?.unwrap_or(0);
            let shared_count = if f.get("shared_expert_intermediate_size").is_some() {
                1
            } else {
                f.count("n_shared_experts")?.unwrap_or(1)
            };
            let moe_layers = if hybrid { count(Kind::FeedForward) } else { layers - mlp_only_layers(&f) };
            let with_dense = f.flag("enable_moe_block") == Some(true);
            let dense_layers = if with_dense {
                layers
            } else if hybrid {
                0
            } else {
                mlp_only_layers(&f)
            };
            let moe = MoeLayers {
                layers: moe_layers,
                experts: e,
                per_token,
                expert_intermediate,
                shared_intermediate: shared_one * shared_count,
            };
            (Some(moe), dense_layers, intermediate.unwrap_or(0))
        }
        None => {
            let inter =
                intermediate.ok_or("The configuration has no \"intermediate_size\", which the model's size needs.")?;
            let dense_layers = if hybrid { count(Kind::FeedForward) } else { layers };
            (None, dense_layers, inter)
        }
    };
    let mtp_layers = f.first(&["mtp_num_hidden_layers", "num_nextn_predict_layers"])?.unwrap_or(0);
    let tied_embeddings = match f.flag("tie_word_embeddings") {
        Some(t) => t,
        None => {
            notes.push(
                "No \"tie_word_embeddings\": the output projection is taken as tied (the transformers default)."
                    .to_owned(),
            );
            true
        }
    };
    let tower_params = if language_only { 0.0 } else { towers(config, &mut notes) };
    let block = quant_block(config, quant);
    let reading = read_format(block, profile, layers);
    notes.extend(reading.notes);
    let shape = ModelShape {
        layers,
        hidden,
        vocab,
        tied_embeddings,
        full_attention,
        sliding_attention,
        linear_attention,
        mamba,
        dense_mlp_layers,
        dense_intermediate,
        gated_mlp,
        moe,
        mtp_layers,
        tower_params,
        bytes: WeightBytes { ..reading.bytes },
    };
    let shape = ModelShape::new(shape).map_err(|e| format!("The configuration does not describe a model: {e}."))?;
    Ok(ShapeReading { shape, model_type: model_type.to_owned(), format: reading.format.label(), notes })
}

/// A name from the file as a message shows it: at most 40 characters.
pub(crate) fn shown(name: &str) -> String {
    let mut out: String = name.chars().take(40).collect();
    if out.len() < name.len() {
        out.push('…');
    }
    out
}

/// Layers listed in `mlp_only_layers` (dense feed-forward instead of experts).
fn mlp_only_layers(f: &Fields) -> u32 {
    f.get("mlp_only_layers").and_then(Value::as_array).map_or(0, |a| a.len() as u32)
}

/// Every layer's kind: `layer_types`, else `hybrid_override_pattern`, else full attention (or
/// sliding with a `sliding_window` and `use_sliding_window`).
fn layer_kinds(f: &Fields, layers: u32, notes: &mut Vec<String>) -> Result<Vec<Kind>, String> {
    if let Some(types) = f.get("layer_types").and_then(Value::as_array) {
        let mut kinds = Vec::with_capacity(types.len());
        for t in types {
            let name = t.as_str().unwrap_or("");
            kinds.push(match name {
                "full_attention" | "attention" | "global_attention" => Kind::Full,
                "sliding_attention" | "sliding_window_attention" | "local_attention" | "chunked_attention" => {
                    Kind::Sliding
                }
                "linear_attention" => Kind::Linear,
                "mamba" | "mamba2" => Kind::Mamba,
                other => {
                    return Err(format!(
                        "The layer kind \"{}\" in \"layer_types\" is not one this reads.",
                        shown(other)
                    ));
                }
            });
        }
        if kinds.len() != layers as usize {
            return Err(format!(
                "\"layer_types\" lists {} layers but \"num_hidden_layers\" is {layers}: the configuration contradicts itself.",
                kinds.len()
            ));
        }
        return Ok(kinds);
    }
    if let Some(pattern) = f.text("hybrid_override_pattern") {
        let mut kinds = Vec::with_capacity(pattern.len());
        for c in pattern.chars() {
            kinds.push(match c {
                'M' => Kind::Mamba,
                '*' => Kind::Full,
                'E' | '-' => Kind::FeedForward,
                other => {
                    return Err(format!(
                        "The layer kind '{other}' in \"hybrid_override_pattern\" is not one this reads."
                    ));
                }
            });
        }
        if kinds.len() != layers as usize {
            return Err(format!(
                "\"hybrid_override_pattern\" has {} layers but \"num_hidden_layers\" is {layers}: the configuration contradicts itself.",
                kinds.len()
            ));
        }
        return Ok(kinds);
    }
    let sliding = f.count("sliding_window")?.is_some() && f.flag("use_sliding_window") != Some(false);
    if sliding {
        notes.push(
            "\"sliding_window\" without \"layer_types\": every layer is read as sliding-window attention.".to_owned(),
        );
    }
    Ok(vec![if sliding { Kind::Sliding } else { Kind::Full }; layers as usize])
}

/// Parameters of the vision and audio towers (held in memory, not read per text token).
///
/// # Formula
/// Per tower, `layers (4 h^2 + 2 h i)` (a transformer encoder's attention and feed-forward
/// weights; `depth` or `num_hidden_layers`, `hidden_size`, `intermediate_size`), an estimate
/// said in one sentence.
fn towers(config: &Value, notes: &mut Vec<String>) -> f64 {
    let mut total = 0.0;
    for key in ["vision_config", "audio_config"] {
        let Some(t) = config.get(key).filter(|v| v.is_object()) else { continue };
        let n = |k: &str| t.get(k).and_then(Value::as_f64);
        let layers = n("depth").or_else(|| n("num_hidden_layers")).unwrap_or(0.0);
        let h = n("hidden_size").unwrap_or(0.0);
        let i = n("intermediate_size").unwrap_or(4.0 * h);
        total += layers * (4.0 * h * h + 2.0 * h * i);
    }
    if total > 0.0 {
        notes.push(format!(
            "The vision/audio towers are estimated at {:.2} billion weights from their layers and widths (held in memory, not read per token).",
            total / 1e9
        ));
    }
    total
}
