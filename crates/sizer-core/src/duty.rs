//! Duty cycle: the share of time one user keeps a stream busy.

/// Seconds one request keeps a stream busy.
///
/// # Formula
/// `busy = answer_tokens / speed_tok_s + ttft_s` (English seed, step 3: "400 / 15 + 1 second to
/// first token = 27.7 seconds").
///
/// Bad input: NaN or non-positive speed gives `+inf` (the answer never finishes); other NaNs
/// propagate. Callers validate first.
pub fn busy_seconds(answer_tokens: f64, speed_tok_s: f64, ttft_s: f64) -> f64 {
    if speed_tok_s.is_nan() || speed_tok_s <= 0.0 {
        return f64::INFINITY;
    }
    answer_tokens / speed_tok_s + ttft_s
}

/// The fraction of time one user keeps a stream busy, capped at 1.
///
/// # Formula
/// `duty = min(busy_s / interval_s, 1)` (English seed, step 3: "27.7 seconds, or 23% of the
/// time"; "A coding agent sends its next request as soon as the last one finishes, so its duty
/// cycle is close to 100%"). A request that takes longer than the interval leaves no idle time:
/// duty 1.
///
/// Bad input: NaN inputs or a non-positive interval give 1 (the conservative answer); a
/// negative busy time gives 0.
pub fn duty_cycle(busy_s: f64, interval_s: f64) -> f64 {
    let duty = busy_s / interval_s;
    if duty.is_nan() || interval_s <= 0.0 || duty > 1.0 {
        1.0
    } else if duty < 0.0 {
        0.0
    } else {
        duty
    }
}
