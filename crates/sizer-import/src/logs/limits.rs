//! The limits of reading a log, in one place so a page can quote them.

/// The largest log read, in bytes (100 MiB): a day of a busy vLLM server log with access lines
/// is about 50 MB; beyond that the page should be given the busy hours only.
pub const MAX_LOG_BYTES: usize = 100 * 1024 * 1024;

/// The most requests kept (200,000: a day at 2.3 req/s). Each costs 40 bytes (times and counts,
/// never text), so the cap bounds memory at 8 MB; reading stops there and says so.
pub const MAX_LOG_REQUESTS: usize = 200_000;

/// The most intervals kept from a vLLM server log or from scrapes (100,000: 11 days of 10-s lines).
pub const MAX_LOG_INTERVALS: usize = 100_000;

/// Fewest requests for a burstiness. With fewer, the shape's standard error for a Poisson load,
/// `sqrt(2 k (k + 1) / n)` at k = 1, exceeds 20 % (at 100 it is 20 %).
pub const MIN_REQUESTS_FOR_BURSTINESS: u64 = 100;

/// Fewest intervals for a burstiness from counts: below 30 the variance of the counts is too
/// loose (its relative standard error `sqrt(2 / (m - 1))` exceeds 26 %).
pub const MIN_INTERVALS_FOR_BURSTINESS: usize = 30;

/// A clock going back by more than this is a jump; less is concurrent requests logged out of order.
pub const CLOCK_JUMP_S: f64 = 60.0;
