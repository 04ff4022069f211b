//! The DGX Spark's own figures the architecture engine divides by: memory, bandwidth and dense
//! tensor rates per format, each with its source.

use sizer_core::architecture::MachineRates;

/// The machine's name as a run states its hardware (`Run::is_spark` reads "dgx spark").
pub const SPARK_NAME: &str = "DGX Spark (GB10)";

/// Unified memory, bytes (`facts.json` `memory-dgx-spark`: the German seed's 128 GB).
pub const SPARK_MEMORY_BYTES: f64 = 128e9;
/// Memory bandwidth, bytes/s (`facts.json` `bandwidth-dgx-spark`: "273 beim Spark", German
/// seed).
pub const SPARK_BANDWIDTH_BYTES_S: f64 = 273e9;
/// Dense FP4 tensor operations per second: NVIDIA's "up to 1 petaFLOP of FP4 AI performance"
/// (DGX Spark product page, nvidia.com/en-us/products/workstations/dgx-spark/) is with 2:4
/// sparsity, so half dense.
pub const SPARK_FP4_FLOPS: f64 = 500e12;
/// Dense FP8: half the FP4 rate, BF16 half again (Blackwell tensor cores double the rate per
/// halving of precision; NVIDIA Blackwell architecture technical brief). Derived, not published
/// for the GB10: the fitted compute factors absorb the difference.
pub const SPARK_FP8_FLOPS: f64 = SPARK_FP4_FLOPS / 2.0;
/// See [`SPARK_FP8_FLOPS`].
pub const SPARK_BF16_FLOPS: f64 = SPARK_FP8_FLOPS / 2.0;

/// Memory the engine keeps besides weights and cache (activations, CUDA graphs, the runtime),
/// bytes: an assumption (vLLM's startup log states it per run; the arena's logs are not in the
/// suite).
pub const SPARK_RUNTIME_OVERHEAD_BYTES: f64 = 6e9;

/// The Spark's rates as the core takes them.
pub const SPARK: MachineRates = MachineRates {
    bandwidth_bytes_s: SPARK_BANDWIDTH_BYTES_S,
    flops: [SPARK_BF16_FLOPS, SPARK_FP8_FLOPS, SPARK_FP4_FLOPS],
};
