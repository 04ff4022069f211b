//! Prefill: reading prompts is compute-bound at a roughly fixed rate that does not grow with
//! concurrency (English seed, "Agents are different"; German seed, "Warum sich lange Prompts
//! stauen"), so prompts queue behind each other.

/// Prompt tokens per second that `agents` users demand, each sending a `prompt_tokens` prompt
/// every `interval_s` seconds.
///
/// # Formula
/// `demand = agents x prompt_tokens / interval_s` (English seed: "Ten agents each sending a
/// fresh 20,000-token prompt every 30 seconds need 6,667 prompt tok/s").
///
/// Bad input: IEEE arithmetic (a zero divisor gives ±inf, NaN propagates); [`crate::size`]
/// validates its scenario first, so no such value reaches a sizing.
pub fn prefill_demand_tok_s(agents: f64, prompt_tokens: f64, interval_s: f64) -> f64 {
    agents * prompt_tokens / interval_s
}

/// Seconds until the last of `n` simultaneous prompts of `prompt_tokens` each has been read at
/// `prefill_tok_s`: the prompts queue, so this is also the last one's wait for its first token.
///
/// # Formula
/// `t = n x prompt_tokens / prefill_tok_s` (German seed: "Acht Anfragen mit Prompts von 4.096
/// Token brauchen zusammen 13,6 Sekunden"; 8 x 4096 / 2400 = 13.65 s by this formula).
///
/// Bad input: IEEE arithmetic (a zero divisor gives ±inf, NaN propagates); [`crate::size`]
/// validates its scenario first, so no such value reaches a sizing.
pub fn burst_queue_seconds(n: f64, prompt_tokens: f64, prefill_tok_s: f64) -> f64 {
    n * prompt_tokens / prefill_tok_s
}

/// Mean seconds until a prompt of a simultaneous burst of `n` has been read (served in order).
///
/// # Formula
/// The i-th prompt (i = 1..n) finishes at `i x prompt_tokens / rate`, so the mean is
/// `(n + 1) / 2 x prompt_tokens / rate` (first-come-first-served queue, any textbook on
/// deterministic service).
///
/// Bad input: IEEE arithmetic (a zero divisor gives ±inf, NaN propagates); [`crate::size`]
/// validates its scenario first, so no such value reaches a sizing.
pub fn burst_mean_wait_seconds(n: f64, prompt_tokens: f64, prefill_tok_s: f64) -> f64 {
    0.5 * (n + 1.0) * prompt_tokens / prefill_tok_s
}

/// How many users a prefill rate sustains, each demanding `demand_per_user_tok_s` on average.
///
/// # Formula
/// `users = prefill_tok_s / demand_per_user` (the average prompt load equals the prefill rate:
/// utilisation 1, past which the prompt queue grows without bound; English seed compares
/// 6,667 demanded with 5,705 available the same way). This is an upper bound: near it, bursts
/// wait as [`burst_queue_seconds`] shows.
///
/// Bad input: IEEE arithmetic (a zero divisor gives ±inf, NaN propagates); [`crate::size`]
/// validates its scenario first, so no such value reaches a sizing.
pub fn users_by_prefill_rate(prefill_tok_s: f64, demand_per_user_tok_s: f64) -> f64 {
    prefill_tok_s / demand_per_user_tok_s
}
