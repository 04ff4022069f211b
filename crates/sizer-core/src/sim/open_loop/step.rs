//! The engine step's cost: how long one continuous-batching step takes for the decodes and the
//! prompt tokens it carries.

/// How a step that carries decodes and prompt tokens together is charged
/// ([`StepCoefficients::step_terms`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize), serde(rename_all = "snake_case"))]
pub enum MixedStep {
    /// The weights are read once for the whole step: `max(batch terms, d P) + c K + e Q`
    /// (the calibration's choice, docs/CALIBRATION.md).
    #[default]
    Overlapped,
    /// Every term adds: `a + b B + r sqrt(B) + c K + d P + e Q` (the model before calibration).
    Summed,
}

/// The coefficients of one engine step's time, in seconds (see [`StepCoefficients::step_seconds`]).
#[derive(Clone, Copy, Debug, PartialEq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct StepCoefficients {
    /// `a`: every step (weights read once, scheduling, sampling).
    pub base_s: f64,
    /// `b`: per request decoding in the step.
    pub per_decode_s: f64,
    /// `r`: per square root of the requests decoding: the batch cost that grows more slowly than
    /// the batch (a mixture-of-experts model reads more of its experts as the batch grows, until
    /// it reads them all).
    pub per_root_decode_s: f64,
    /// `c`: per token of context the decoding requests hold (attention reads their KV).
    pub per_context_token_s: f64,
    /// `d`: per prompt token read in the step.
    pub per_prompt_token_s: f64,
    /// `e`: per (prompt token, earlier token of the same request) pair: prompt attention, which
    /// makes long prompts read more slowly per token.
    pub per_prompt_pair_s: f64,
}

impl StepCoefficients {
    /// Seconds one step takes.
    ///
    /// # Formula
    /// `t = a + b B + r sqrt(B) + c K + d P + e Q`, with `B` requests decoding (one token each), `K` the
    /// tokens they hold in the KV cache, `P` prompt tokens in the step and `Q` the prompt
    /// pairs ([`prompt_pairs`]). The form is the usual roofline reading of a decode step
    /// (weights once per step, then per-sequence and per-KV-token work; e.g. the Vidur simulator,
    /// Agrawal et al., MLSys 2024, models step time from the same quantities), plus chunked
    /// prefill in the same step (vLLM's scheduler mixes decodes and prompt chunks in one batch).
    /// The arena's closed-loop files support it: per-request speed falls with concurrency at a
    /// fixed length (`b`) and faster at longer contexts (`c`); prompt throughput falls from
    /// 4,454 tok/s at 1k to 3,630 at 25k (`e`). The root term is there because the same files
    /// show a concave batch cost: Qwen3.6-35B-A3B's chat steps take 19.3, 45.1 and 65.4 ms at
    /// 1, 5 and 10 requests (1000 / per-request tok/s), i.e. 20.9 and 21.9 ms per unit of
    /// `sqrt(B)` but 6.5 and then 4.1 ms per request; the non-negative fit picks the mix.
    ///
    /// Bad input: negative or NaN counts follow IEEE arithmetic (the simulation never passes
    /// them).
    pub fn step_seconds(&self, decodes: f64, context_tokens: f64, prompt_tokens: f64, pairs: f64) -> f64 {
        self.base_s
            + self.per_decode_s * decodes
            + self.per_root_decode_s * libm::sqrt(decodes)
            + self.per_context_token_s * context_tokens
            + self.per_prompt_token_s * prompt_tokens
            + self.per_prompt_pair_s * pairs
    }

    /// The terms `[1, B, sqrt(B), K, P, Q]` of one step as `form` charges them: the step's time is
    /// their dot product with the coefficients ([`StepCoefficients::seconds_of`]).
    ///
    /// # Formula
    /// [`MixedStep::Summed`]: every term, `t = a + b B + r sqrt(B) + c K + d P + e Q`
    /// ([`StepCoefficients::step_seconds`]).
    /// [`MixedStep::Overlapped`]: `t = max(a + b B + r sqrt(B), d P) + c K + e Q`. The batch
    /// terms are the time to read the weights (and the experts the batch routes to) once per
    /// step; `d P` is the prompt's matrix work. In one forward pass the weights are read once
    /// for all the step's tokens, so a step is the slower of its memory time and its compute
    /// time (the roofline, Williams, Waterman & Patterson, CACM 2009), not their sum; the
    /// attention terms (`c K` over the decodes' KV cache, `e Q` over the prompt's pairs) read
    /// per-request data and add. The terms returned are the branch that is larger at these
    /// coefficients, so the burst fit's linearisation stays exact on each step (piecewise
    /// linear). With no prompt in the step both forms are the same.
    ///
    /// Bad input: negative or NaN counts follow IEEE arithmetic (the simulation never passes
    /// them).
    pub fn step_terms(
        &self,
        form: MixedStep,
        decodes: f64,
        context_tokens: f64,
        prompt_tokens: f64,
        pairs: f64,
    ) -> [f64; 6] {
        let root = libm::sqrt(decodes);
        let weights = self.base_s + self.per_decode_s * decodes + self.per_root_decode_s * root;
        match form {
            MixedStep::Summed => [1.0, decodes, root, context_tokens, prompt_tokens, pairs],
            MixedStep::Overlapped if self.per_prompt_token_s * prompt_tokens > weights => {
                [0.0, 0.0, 0.0, context_tokens, prompt_tokens, pairs]
            }
            MixedStep::Overlapped => [1.0, decodes, root, context_tokens, 0.0, pairs],
        }
    }

    /// Seconds of a step with `terms` ([`StepCoefficients::step_terms`]): their dot product with
    /// `[a, b, r, c, d, e]`.
    pub fn seconds_of(&self, terms: &[f64; 6]) -> f64 {
        self.base_s * terms[0]
            + self.per_decode_s * terms[1]
            + self.per_root_decode_s * terms[2]
            + self.per_context_token_s * terms[3]
            + self.per_prompt_token_s * terms[4]
            + self.per_prompt_pair_s * terms[5]
    }

    /// Per-request decode tok/s with `batch` requests decoding and no prompt in the steps, each
    /// holding `context_per_request` tokens: `1 / t(B, B x context, 0, 0)`.
    pub fn decode_tok_s(&self, batch: f64, context_per_request: f64) -> f64 {
        1.0 / self.step_seconds(batch, batch * context_per_request, 0.0, 0.0)
    }

    /// Prompt tok/s reading one prompt of `prompt` tokens after `depth` tokens of context,
    /// leaving out the per-step constant: `1 / (d + e (depth + (prompt - 1) / 2))`.
    pub fn prompt_tok_s(&self, prompt: f64, depth: f64) -> f64 {
        1.0 / (self.per_prompt_token_s + self.per_prompt_pair_s * (depth + (prompt - 1.0) / 2.0))
    }
}

/// Prompt pairs of a chunk: `n` prompt tokens starting `offset` tokens into the request.
///
/// # Formula
/// Each prompt token attends to every earlier token of its request, so the chunk adds
/// `sum_{i=0}^{n-1} (offset + i) = n offset + n (n - 1) / 2` pairs (causal attention). A whole
/// prompt of `L` tokens after `D` tokens of depth has `L D + L (L - 1) / 2`.
///
/// Bad input: none possible for whole counts (`f64` holds them exactly up to 2^53).
pub fn prompt_pairs(offset: u64, n: u64) -> f64 {
    let (o, n) = (offset as f64, n as f64);
    n * o + n * (n - 1.0) / 2.0
}
