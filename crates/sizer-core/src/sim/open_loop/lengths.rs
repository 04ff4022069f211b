//! How a load's prompt and answer lengths are drawn around their means: uniform over a range,
//! as `vllm bench serve --dataset-name random` does, or long-tailed, as a replayed chat dataset
//! (ShareGPT) is: most requests short, a few many times the mean.

use crate::sim::open_loop::gamma::{gamma, uniform_int};
use crate::sim::rng::SplitMix64;
use libm::{ceil, floor, round};

/// The longest long-tailed draw, in means: a draw beyond it is cut to it. For the exponential
/// (shape 1) `P(X > 8 mean) = e^-8`, about 3 in 10,000, so a 250-request replay is cut about
/// once in 13 replays; the cut keeps one load's token count, hence its steps, bounded.
pub const LONGEST_TAIL_MEANS: f64 = 8.0;
/// The least gamma shape accepted: below it almost every draw is 1 token and a rare one is the
/// whole cut (`P(X < 0.01 mean)` is over 60 % at shape 0.1), a length law no chat data has.
pub const MIN_LENGTH_SHAPE: f64 = 0.1;
/// The largest gamma shape accepted (coefficient of variation 0.1; a narrower spread is the
/// uniform range's job).
pub const MAX_LENGTH_SHAPE: f64 = 100.0;

/// The law of the lengths around their means.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(tag = "kind", rename_all = "snake_case")
)]
pub enum LengthShape {
    /// Uniform over `[floor(L (1 - r)), ceil(L (1 + r))]`, `r` the load's `length_range`
    /// (vLLM's `RandomDataset`).
    #[default]
    Uniform,
    /// Gamma with this shape `k` and the mean length (coefficient of variation `1 / sqrt(k)`; 1 is
    /// the exponential), rounded, at least 1 and at most [`LONGEST_TAIL_MEANS`] means; the
    /// load's `length_range` is not used.
    Gamma { shape: f64 },
}

impl LengthShape {
    /// The shortest and longest length drawn around a mean of `tokens`, `range` the load's
    /// `length_range` ([`LengthShape::Uniform`] only).
    ///
    /// # Formula
    /// Uniform: `[floor(L (1 - r)), ceil(L (1 + r))]` ([`length_bounds`]); gamma:
    /// `[1, ceil(L x LONGEST_TAIL_MEANS)]`.
    pub fn bounds(self, tokens: u32, range: f64) -> (u32, u32) {
        match self {
            LengthShape::Uniform => length_bounds(tokens, range),
            LengthShape::Gamma { .. } => {
                let high = ceil(f64::from(tokens) * LONGEST_TAIL_MEANS).min(f64::from(u32::MAX));
                (1, high as u32)
            }
        }
    }

    /// One length around a mean of `tokens`.
    ///
    /// # Formula
    /// Uniform: a whole number uniform over [`LengthShape::bounds`] (Lemire's multiply-shift,
    /// [`uniform_int`]). Gamma: `round(X)` with `X ~ Gamma(k, L / k)` (mean `L`, Marsaglia &
    /// Tsang, [`gamma`]), clamped to [`LengthShape::bounds`]. A long-tailed chat dataset's
    /// lengths: ShareGPT's prompts and answers run from a few tokens to thousands with most of
    /// them short (Kwon et al., "Efficient Memory Management for Large Language Model Serving
    /// with PagedAttention", SOSP 2023, Fig. 11a); the arena's ShareGPT steps show the same
    /// spread in their end-to-end latencies (standard deviation 1.05 to 1.07 times the mean on
    /// every run, `tests/fixtures/arena`), which a replay at the mean lengths does not have.
    ///
    /// Bad input: a shape outside `[MIN_LENGTH_SHAPE, MAX_LENGTH_SHAPE]` is refused by
    /// [`crate::sim::open_loop::OpenLoad::new`] before it gets here.
    pub fn draw(self, rng: &mut SplitMix64, tokens: u32, range: f64) -> u32 {
        let (low, high) = self.bounds(tokens, range);
        match self {
            LengthShape::Uniform => uniform_int(rng, low.into(), high.into()) as u32,
            LengthShape::Gamma { shape } => {
                let x = gamma(rng, shape, f64::from(tokens) / shape);
                round(x).clamp(f64::from(low), f64::from(high)) as u32
            }
        }
    }
}

/// The range of lengths drawn around a mean `tokens` with spread `range`.
///
/// # Formula
/// `[floor(L (1 - r)), ceil(L (1 + r))]`, both ends included, the low end at least 1: vLLM's
/// `RandomDataset` (`input_low = math.floor(real_input_len * (1 - range_ratio))`,
/// `input_high = math.ceil(...)`, `output_low = max(..., 1)`). In floating point
/// `4000 x (1 - 0.9)` is 399.99..., so the arena's 4,000-token prompts run from 399 to 7,600 and
/// its 500-token answers from 49 to 950, as its README records. (vLLM also subtracts the
/// tokenizer's special tokens from the prompt length; the caller passes the length it means.)
///
/// Bad input: none possible for `u32` lengths; a range outside `[0, 1)` is refused by
/// [`crate::sim::open_loop::OpenLoad::new`] before it gets here.
pub fn length_bounds(tokens: u32, range: f64) -> (u32, u32) {
    let l = f64::from(tokens);
    let low = floor(l * (1.0 - range)).max(1.0);
    let high = ceil(l * (1.0 + range)).max(low);
    (low as u32, high as u32)
}
