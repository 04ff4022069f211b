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
    /// Seconds one step takes with every term charged ([`MixedStep::Summed`]).
    ///
    /// # Formula
    /// `t = a + b B + r sqrt(B) + c K + d P + e Q` ([`StepTerms::every`]), with `B` requests
    /// decoding (one token each), `K` the tokens they hold in the KV cache, `P` prompt tokens in
    /// the step and `Q` the prompt pairs ([`prompt_pairs`]). The form is the usual roofline
    /// reading of a decode step (weights once per step, then per-sequence and per-KV-token work;
    /// e.g. the Vidur simulator, Agrawal et al., MLSys 2024, models step time from the same
    /// quantities), plus chunked prefill in the same step (vLLM's scheduler mixes decodes and
    /// prompt chunks in one batch). The arena's closed-loop files support it: per-request speed
    /// falls with concurrency at a fixed length (`b`) and faster at longer contexts (`c`); prompt
    /// throughput falls from 4,454 tok/s at 1k to 3,630 at 25k (`e`). The root term is there
    /// because the same files show a concave batch cost: Qwen3.6-35B-A3B's chat steps take 19.3,
    /// 45.1 and 65.4 ms at 1, 5 and 10 requests (1000 / per-request tok/s), i.e. 20.9 and 21.9 ms
    /// per unit of `sqrt(B)` but 6.5 and then 4.1 ms per request; the non-negative fit picks the
    /// mix.
    ///
    /// Bad input: negative or NaN counts follow IEEE arithmetic (the simulation never passes
    /// them).
    pub fn step_seconds(&self, decodes: f64, context_tokens: f64, prompt_tokens: f64, pairs: f64) -> f64 {
        self.seconds_of(&StepTerms::every(decodes, context_tokens, prompt_tokens, pairs))
    }

    /// The terms of one step as `form` charges them: the step's time is their dot product with
    /// the coefficients ([`StepCoefficients::seconds_of`]).
    ///
    /// # Formula
    /// [`MixedStep::Summed`]: every term, `t = a + b B + r sqrt(B) + c K + d P + e Q`
    /// ([`StepTerms::every`]).
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
    ) -> StepTerms {
        let every = StepTerms::every(decodes, context_tokens, prompt_tokens, pairs);
        match form {
            MixedStep::Summed => every,
            MixedStep::Overlapped => {
                let weights = self.seconds_of(&every.weight_read());
                if self.per_prompt_token_s * prompt_tokens > weights {
                    StepTerms { once: 0.0, decodes: 0.0, root_decodes: 0.0, ..every }
                } else {
                    StepTerms { prompt_tokens: 0.0, ..every }
                }
            }
        }
    }

    /// Seconds of a step with `terms` ([`StepCoefficients::step_terms`]): their dot product with
    /// the coefficients, `a 1 + b B + r sqrt(B) + c K + d P + e Q`.
    pub fn seconds_of(&self, terms: &StepTerms) -> f64 {
        self.base_s * terms.once
            + self.per_decode_s * terms.decodes
            + self.per_root_decode_s * terms.root_decodes
            + self.per_context_token_s * terms.context_tokens
            + self.per_prompt_token_s * terms.prompt_tokens
            + self.per_prompt_pair_s * terms.prompt_pairs
    }

    /// The coefficients in the order of [`StepTerms::to_array`] (`[a, b, r, c, d, e]`), for the
    /// least-squares fits.
    pub fn to_array(&self) -> [f64; STEP_TERMS] {
        [
            self.base_s,
            self.per_decode_s,
            self.per_root_decode_s,
            self.per_context_token_s,
            self.per_prompt_token_s,
            self.per_prompt_pair_s,
        ]
    }

    /// The inverse of [`StepCoefficients::to_array`].
    pub fn from_array(k: [f64; STEP_TERMS]) -> StepCoefficients {
        StepCoefficients {
            base_s: k[0],
            per_decode_s: k[1],
            per_root_decode_s: k[2],
            per_context_token_s: k[3],
            per_prompt_token_s: k[4],
            per_prompt_pair_s: k[5],
        }
    }

    /// Per-request decode tok/s with `batch` requests decoding and no prompt in the steps, each
    /// holding `context_per_request` tokens: `1 / t(B, B x context, 0, 0)`.
    pub fn decode_tok_s(&self, batch: f64, context_per_request: f64) -> f64 {
        1.0 / self.seconds_of(&StepTerms::decode(batch, batch * context_per_request))
    }

    /// Prompt tok/s reading one prompt of `prompt` tokens after `depth` tokens of context,
    /// leaving out the per-step constant: `1 / (d + e (depth + (prompt - 1) / 2))`.
    pub fn prompt_tok_s(&self, prompt: f64, depth: f64) -> f64 {
        1.0 / (self.per_prompt_token_s + self.per_prompt_pair_s * (depth + (prompt - 1.0) / 2.0))
    }
}

/// How many terms a step's time has ([`StepTerms`], [`StepCoefficients`]).
pub const STEP_TERMS: usize = 6;

/// The quantities one step's time is linear in, each multiplied by its coefficient of
/// [`StepCoefficients`]: the simulation charges them, the fits solve for the coefficients from
/// them. Made by [`StepTerms::every`] (and [`StepCoefficients::step_terms`], which leaves out
/// the branch of an overlapped step that is hidden).
#[derive(Clone, Copy, Debug, PartialEq, Default)]
pub struct StepTerms {
    /// 1 for a step that reads the weights in its memory time, 0 when the prompt's matrix work
    /// hides it (`a`'s term); a sum of steps counts them.
    pub once: f64,
    /// `B`, requests decoding (`b`'s term).
    pub decodes: f64,
    /// `sqrt(B)` (`r`'s term).
    pub root_decodes: f64,
    /// `K`, tokens the decoding requests hold (`c`'s term).
    pub context_tokens: f64,
    /// `P`, prompt tokens read (`d`'s term).
    pub prompt_tokens: f64,
    /// `Q`, prompt pairs ([`prompt_pairs`], `e`'s term).
    pub prompt_pairs: f64,
}

impl StepTerms {
    /// Every term of a step of `decodes` requests decoding holding `context_tokens`, and
    /// `prompt_tokens` prompt tokens with `pairs` prompt pairs.
    ///
    /// # Formula
    /// `[1, B, sqrt(B), K, P, Q]`: the one place the step's form is written (see
    /// [`StepCoefficients::step_seconds`] for its source).
    pub fn every(decodes: f64, context_tokens: f64, prompt_tokens: f64, pairs: f64) -> StepTerms {
        StepTerms {
            once: 1.0,
            decodes,
            root_decodes: libm::sqrt(decodes),
            context_tokens,
            prompt_tokens,
            prompt_pairs: pairs,
        }
    }

    /// A decode-only step: `B` requests holding `K` tokens, no prompt.
    pub fn decode(decodes: f64, context_tokens: f64) -> StepTerms {
        StepTerms::every(decodes, context_tokens, 0.0, 0.0)
    }

    /// A prompt's own terms: `P` tokens and `Q` pairs, no decode and no per-step constant.
    pub fn prompt(prompt_tokens: f64, pairs: f64) -> StepTerms {
        StepTerms { prompt_tokens, prompt_pairs: pairs, ..StepTerms::default() }
    }

    /// The batch terms alone (the weight and expert read): `[1, B, sqrt(B)]`.
    pub fn weight_read(&self) -> StepTerms {
        StepTerms { once: self.once, decodes: self.decodes, root_decodes: self.root_decodes, ..StepTerms::default() }
    }

    /// `[1, B, sqrt(B), K, P, Q]`, the order of [`StepCoefficients::to_array`].
    pub fn to_array(&self) -> [f64; STEP_TERMS] {
        [self.once, self.decodes, self.root_decodes, self.context_tokens, self.prompt_tokens, self.prompt_pairs]
    }

    /// The inverse of [`StepTerms::to_array`].
    pub fn from_array(x: [f64; STEP_TERMS]) -> StepTerms {
        StepTerms {
            once: x[0],
            decodes: x[1],
            root_decodes: x[2],
            context_tokens: x[3],
            prompt_tokens: x[4],
            prompt_pairs: x[5],
        }
    }

    /// `self + scale x`, term by term (a sum of steps is the sum of their terms).
    pub fn plus(&self, x: &StepTerms, scale: f64) -> StepTerms {
        let (a, b) = (self.to_array(), x.to_array());
        StepTerms::from_array(core::array::from_fn(|j| a[j] + scale * b[j]))
    }

    /// `self - x`, term by term.
    pub fn minus(&self, x: &StepTerms) -> StepTerms {
        let (a, b) = (self.to_array(), x.to_array());
        StepTerms::from_array(core::array::from_fn(|j| a[j] - b[j]))
    }

    /// Which terms are not zero, in the order of [`StepTerms::to_array`] (a fit's allowed
    /// columns written as the terms it may use).
    pub fn support(&self) -> [bool; STEP_TERMS] {
        self.to_array().map(|x| x != 0.0)
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
