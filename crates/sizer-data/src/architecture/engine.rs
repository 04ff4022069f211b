//! The engine an architecture gives on a server: step coefficients from its physics and the
//! global constants, the scheduler from the server's flags, the KV pool from the memory budget,
//! the KV cache's bytes from `kv_cache_dtype`. Speculative decoding is refused.

use super::ReadArchitecture;
use super::spark::{SPARK, SPARK_MEMORY_BYTES, SPARK_RUNTIME_OVERHEAD_BYTES};
use crate::suite::SuiteSetup;
use crate::suite::engine_inputs::{CALIBRATED, setup_from};
use sizer_core::architecture::{
    ArchitectureCoefficients, ComputeFormat, Efficiency, StepPhysics, architecture_coefficients, kv_pool_tokens,
};
use sizer_core::sim::open_loop::{EngineModel, EngineSetup};

/// vLLM's default `--gpu-memory-utilization`, for a server that does not state it.
pub const DEFAULT_GPU_MEMORY_UTILIZATION: f64 = 0.9;

/// An engine from an architecture, with everything it assumed.
#[derive(Clone, Debug, PartialEq)]
pub struct ArchitectureEngine {
    pub engine: EngineModel,
    pub physics: StepPhysics,
    pub coefficients: ArchitectureCoefficients,
    pub setup: EngineSetup,
    /// Bytes per KV-cache element (1 for FP8, 2 for BF16).
    pub kv_bytes_per_element: f64,
    pub gpu_memory_utilization: f64,
    /// Seconds added to every time to first token ([`Efficiency::request_s`]).
    pub request_s: f64,
    /// The server's flags ask for Marlin kernels (weight-only quantised matrices; named in the
    /// calibration's misses, not modelled).
    pub setup_flags_marlin: bool,
    /// One sentence per assumption (the architecture's and the server's).
    pub notes: Vec<String>,
}

/// Bytes per KV element from `kv_cache_dtype`: FP8 kinds 1, `auto` (the model's BF16) or
/// none 2.
pub fn kv_element_bytes(dtype: Option<&str>) -> f64 {
    match dtype.map(str::to_ascii_lowercase) {
        Some(d) if d.starts_with("fp8") => 1.0,
        _ => 2.0,
    }
}

/// The physics of `read` as `server` runs it: the KV cache at its `kv_cache_dtype`, and a server
/// started with Marlin kernels (`--moe-backend marlin`, `--linear-backend marlin`, the arena's
/// way round missing FP8/FP4 kernels on the GB10) multiplying quantised weights by weight-only
/// kernels ([`ComputeFormat::WeightOnly`]).
pub fn server_physics(read: &ReadArchitecture, server: Option<&SuiteSetup>) -> StepPhysics {
    let dtype = server.and_then(|s| s.kv_cache_dtype.as_deref());
    let mut physics = read.architecture.physics(kv_element_bytes(dtype));
    let flags = server.and_then(|s| s.extra_flags.as_deref()).unwrap_or("");
    if flags.contains("marlin") {
        // Every quantised matrix runs on the weight-only kernels; BF16 ones stay.
        let weight_only = ComputeFormat::WeightOnly.index();
        for by in [&mut physics.prompt_flops_by_format, &mut physics.decode_flops_by_format] {
            for format in [ComputeFormat::Fp8, ComputeFormat::Fp4] {
                by[weight_only] += by[format.index()];
                by[format.index()] = 0.0;
            }
        }
        if physics.format != ComputeFormat::Bf16 {
            physics.format = ComputeFormat::WeightOnly;
        }
    }
    physics
}

/// The sentence refusing a server that decodes speculatively; `None` for plain decoding.
pub fn speculative_refusal(flags: &str) -> Option<String> {
    let spec = ["--speculative-config", "--speculative_config", "num_speculative_tokens", "--speculative-model"];
    spec.iter().any(|s| flags.contains(s)).then(|| {
        "The server decodes speculatively (MTP or a draft model), which the engine from the architecture does not model: remove the speculative flags to predict plain decoding.".to_owned()
    })
}

/// The engine of `read` on `server` with the constants `efficiency`.
///
/// # Errors
/// One sentence: speculative decoding, weights that do not fit the memory budget, or
/// coefficients the engine refuses.
pub fn architecture_engine(
    read: &ReadArchitecture,
    server: Option<&SuiteSetup>,
    efficiency: &Efficiency,
) -> Result<ArchitectureEngine, String> {
    let mut notes = read.notes.clone();
    let flags = server.and_then(|s| s.extra_flags.as_deref()).unwrap_or("");
    if let Some(refusal) = speculative_refusal(flags) {
        return Err(refusal);
    }
    let dtype = server.and_then(|s| s.kv_cache_dtype.as_deref());
    if dtype.is_none() {
        notes.push("No kv_cache_dtype: the KV cache is taken as BF16 (vLLM's auto for a BF16 model).".to_owned());
    }
    let kv_bytes = kv_element_bytes(dtype);
    let physics = server_physics(read, server);
    let utilisation = server.and_then(|s| s.gpu_memory_utilization).unwrap_or_else(|| {
        notes.push("No gpu_memory_utilization: vLLM's default 0.9 is used.".to_owned());
        DEFAULT_GPU_MEMORY_UTILIZATION
    });
    let mut setup = setup_from(flags, server.and_then(|s| s.max_model_len), &CALIBRATED);
    let pool = kv_pool_tokens(&physics, SPARK_MEMORY_BYTES, utilisation, SPARK_RUNTIME_OVERHEAD_BYTES, setup.max_batch);
    if pool < 1.0 {
        return Err(format!(
            "The weights ({:.1} GB) leave no room for a KV cache in {:.0} % of the Spark's 128 GB.",
            physics.weight_bytes / 1e9,
            utilisation * 100.0
        ));
    }
    setup.kv_pool_tokens = pool;
    let coefficients = architecture_coefficients(&physics, &SPARK, efficiency);
    let engine = EngineModel::new(coefficients.coefficients, setup, 0.0, 0.0)
        .map_err(|e| format!("The architecture gives no engine: {e}."))?;
    Ok(ArchitectureEngine {
        engine,
        physics,
        coefficients,
        setup,
        kv_bytes_per_element: kv_bytes,
        gpu_memory_utilization: utilisation,
        request_s: efficiency.request_s,
        setup_flags_marlin: physics.format == ComputeFormat::WeightOnly,
        notes,
    })
}
