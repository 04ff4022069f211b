//! Bandwidth roofline: decode reads every active weight (and the KV cache) once per token, so
//! memory bandwidth bounds single-stream speed (English seed: "starting speed ... is set by
//! bytes read per token").

/// Gigabytes read to generate one token of one stream.
///
/// # Formula
/// `GB = active_params_billion x bytes_per_param + kv_bytes_per_token x context_tokens / 1e9`
/// (each decode step reads the active weights and the KV cache of the tokens so far).
///
/// Bad input: IEEE arithmetic (a zero divisor gives ±inf, NaN propagates).
pub fn gb_read_per_token(
    active_params_billion: f64,
    bytes_per_param: f64,
    kv_bytes_per_token: f64,
    context_tokens: f64,
) -> f64 {
    active_params_billion * bytes_per_param + kv_bytes_per_token * context_tokens / 1e9
}

/// Upper bound on single-stream decode tok/s.
///
/// # Formula
/// `ceiling = bandwidth_GB_s / GB_read_per_token` (roofline model, Williams, Waterman & Patterson,
/// CACM 52(4), 2009). The Spark's 273 GB/s over 37 GB of Llama 3.3 70B AWQ weights gives 7.38.
///
/// Bad input: IEEE arithmetic (a zero divisor gives ±inf, NaN propagates).
pub fn decode_ceiling_tok_s(bandwidth_gb_s: f64, gb_read_per_token: f64) -> f64 {
    bandwidth_gb_s / gb_read_per_token
}

/// The fraction of the roofline a measured speed reaches.
///
/// # Formula
/// `efficiency = measured / ceiling` (6.0 measured / 7.38 = 0.81 for Llama 3.3 70B).
///
/// Bad input: IEEE arithmetic (a zero divisor gives ±inf, NaN propagates).
pub fn efficiency(measured_tok_s: f64, ceiling_tok_s: f64) -> f64 {
    measured_tok_s / ceiling_tok_s
}
