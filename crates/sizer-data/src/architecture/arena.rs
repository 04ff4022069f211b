//! Where each arena run's architecture comes from: a configuration in
//! `tests/fixtures/model-configs/` (the run's own checkpoint, or a relative of it, said so), a
//! short form from the model's name, or nothing known.

/// How a run's architecture is known.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum ArenaArchitecture {
    /// A configuration file (and its quantisation file) of `tests/fixtures/model-configs/`.
    Config {
        file: &'static str,
        quant_file: Option<&'static str>,
        /// Leave the file's quantisation out: the run served another precision of the same
        /// architecture (its format then comes from the run's profile).
        drop_quantisation: bool,
        /// How the file relates to the run's model.
        relation: &'static str,
    },
    /// Total and active parameters from the model's name.
    Size { total_params_b: f64, active_params_b: f64, relation: &'static str },
    /// Nothing published gives the size.
    Unknown { why: &'static str },
}

/// A run's model for leave-one-model-out: the folder's model part (both Gemma-4-26B runs, both
/// Nemotron-3-Nano-30B runs are one model each).
pub fn model_of(folder: &str) -> &str {
    folder.split('/').nth(1).unwrap_or(folder)
}

/// The architecture of every arena run, by folder.
pub fn arena_architecture(folder: &str) -> ArenaArchitecture {
    use ArenaArchitecture::{Config, Size, Unknown};
    let config = |file, relation| Config { file, quant_file: None, drop_quantisation: false, relation };
    let other_precision = |file, relation| Config { file, quant_file: None, drop_quantisation: true, relation };
    match model_of(folder) {
        "gemma-4-26b-a4b-it" => {
            config("google__gemma-4-26B-A4B.json", "the model's configuration (bundled under the name without -it)")
        }
        "gemma-4-31b-it" => other_precision(
            "nvidia__Gemma-4-31B-IT-NVFP4.json",
            "NVIDIA's NVFP4 quantisation of the same model, read as BF16",
        ),
        "gemma-4-e2b-it" => Size {
            total_params_b: 2.0,
            active_params_b: 2.0,
            relation: "effective 2B from the name (E2B); per-layer embeddings not counted",
        },
        "gpt-oss-20b" => config("openai__gpt-oss-20b.json", "the run's own checkpoint"),
        "ministral-3-3b-instruct" => {
            Size { total_params_b: 3.0, active_params_b: 3.0, relation: "3B dense from the name" }
        }
        "ministral-3-8b-instruct" => {
            Size { total_params_b: 8.0, active_params_b: 8.0, relation: "8B dense from the name" }
        }
        "muse-glimmer-30b" => config("meta-models__Muse-Glimmer-30B.json", "the run's own checkpoint"),
        "nemotron-3-nano-30b-a3b" => config(
            "nvidia__NVIDIA-Nemotron-3-Nano-30B-A3B-BF16.json",
            "the run's own checkpoint (BF16; the NVFP4 run's format from its profile)",
        ),
        "nemotron-3-nano-4b" => Size { total_params_b: 4.0, active_params_b: 4.0, relation: "4B dense from the name" },
        "nemotron-3-nano-omni-30b-a3b-reasoning" => config(
            "nvidia__NVIDIA-Nemotron-3-Nano-30B-A3B-BF16.json",
            "assumed: Nemotron-3-Nano-30B-A3B's language model (same name and size; unverified)",
        ),
        "nemotron-cascade-2-30b-a3b" => config(
            "nvidia__NVIDIA-Nemotron-3-Nano-30B-A3B-BF16.json",
            "assumed: Nemotron-3-Nano-30B-A3B's architecture (same size; unverified)",
        ),
        "qwen-3.5-0.8b" => config(
            "assembled__Qwen3.5-0.8B.json",
            "assembled from the model's Megatron arguments (THUDM/slime), its linear-attention heads assumed",
        ),
        "qwen-3.5-4b" => config(
            "assembled__Qwen3.5-4B.json",
            "assembled from the model's Megatron arguments (radixark/miles), its linear-attention heads assumed",
        ),
        "qwen-3.6-27b" => other_precision(
            "nvidia__Qwen3.6-27B-NVFP4.json",
            "NVIDIA's NVFP4 quantisation of the same model, read as BF16",
        ),
        "qwen-3.6-35b-a3b" => config(
            "Qwen__Qwen3.6-35B-A3B.json",
            "the BF16 original of the run's FP8 checkpoint (format from the profile)",
        ),
        "qwen-3.8-27b" => other_precision(
            "nvidia__Qwen3.6-27B-NVFP4.json",
            "a relative's configuration, assumed: Qwen3.6-27B's (same size, read as BF16; unverified)",
        ),
        _ => Unknown { why: "no configuration and no size in the model's name (KAT-Coder-V2.5-Dev)" },
    }
}
