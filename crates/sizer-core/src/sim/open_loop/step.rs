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

/// How the decode step grows with the batch beyond what the coefficients' own terms say: the
/// shape of the fit and of its extrapolation, a global choice of the calibration
/// (docs/CALIBRATION.md, "values tried"). The default is the shape before any of it:
/// `a + b B + r sqrt(B) + c K`, `b` fitted only if [`crate::sim::open_loop::FIT_LINEAR_BATCH`].
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize), serde(default))]
pub struct DecodeShape {
    /// Requests decoding beyond which the root term stops growing: a mixture-of-experts model
    /// has read every expert once the batch routes to all of them. Infinite: never.
    pub root_saturation_batch: f64,
    /// The least per-decode cost `b`, seconds per request per step (sampling, the scheduler's
    /// per-sequence work, the activations each sequence reads): the fits keep `b` at or above it.
    pub min_per_decode_s: f64,
    /// The least per-context-token cost `c`, seconds per token held per step (the KV cache
    /// each decode reads): the fits keep `c` at or above it.
    pub min_per_context_token_s: f64,
    /// Whether a step's matrix work counts its decode tokens too: the compute branch of an
    /// overlapped step is `d (P + B)`, so a large enough batch is compute-bound even without a
    /// prompt (the roofline).
    pub decode_compute: bool,
    /// Whether the fits fit the linear batch term `b` above its floor (else `b` is the floor).
    pub fit_linear_batch: bool,
    /// Whether the step has the root term at all: the experts a batch routes to, read once per
    /// step, grow with the batch only in a mixture-of-experts model. False for a model known to
    /// be dense, whose batch cost is then its per-sequence term `b` (fitted) and its KV reads.
    pub root_term: bool,
    /// The least per-step cost `a`, seconds: the weights every step reads whatever its batch
    /// (all of a dense model's, a mixture-of-experts model's shared ones), over the memory
    /// bandwidth. 0 where the model's bytes are not known.
    pub min_base_s: f64,
    /// A mixture of experts' routing, where its configuration is known: the root term is then
    /// the experts the batch reads under independent routing ([`ExpertRouting::experts_read`]),
    /// which saturates by itself, instead of `sqrt(min(B, S))`. `None`: the square root.
    pub expert_routing: Option<ExpertRouting>,
}

/// A mixture of experts' routing as the step reads it: `experts` routed experts per layer, of
/// which each token picks `per_token` (the configuration's; `1 <= per_token <= experts`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ExpertRouting {
    pub experts: u32,
    pub per_token: u32,
}

impl ExpertRouting {
    /// Expected routed experts of one layer that at least one of `batch` tokens uses.
    ///
    /// # Formula
    /// `E (1 - (1 - k/E)^B)`: each token picks `k` of `E` experts; with routing taken as uniform
    /// and independent across tokens, an expert is missed by one token with probability `1 - k/E`
    /// and by all `B` with `(1 - k/E)^B` (the occupancy argument; real routers are skewed, so this
    /// is an upper bound on the distinct experts, i.e. on the bytes read).
    ///
    /// Bad input: `batch <= 0` gives 0; NaN gives NaN.
    pub fn distinct_experts(&self, batch: f64) -> f64 {
        if batch <= 0.0 {
            return 0.0;
        }
        let e = f64::from(self.experts);
        e * (1.0 - libm::pow(1.0 - f64::from(self.per_token) / e, batch))
    }

    /// The experts `batch` requests decoding read, in units of one request's `per_token`.
    ///
    /// # Formula
    /// `E (1 - (1 - k/E)^B) / k` ([`ExpertRouting::distinct_experts`]): 1 at one request, `E / k`
    /// once the batch routes to every expert. Independent uniform routing is the most a batch
    /// can read, so the term bounds the expert bytes from above; the fit's coefficient scales it
    /// to what the box measured.
    pub fn experts_read(&self, batch: f64) -> f64 {
        self.distinct_experts(batch) / f64::from(self.per_token.max(1))
    }
}

impl DecodeShape {
    /// The least coefficients a fit of `model` may give, as terms: `a` at
    /// [`DecodeShape::min_base_s`], `b` at [`DecodeShape::min_per_decode_s`] when the points
    /// have several concurrencies (else 0), `c` at [`DecodeShape::min_per_context_token_s`]
    /// when they have several contexts.
    pub fn decode_floor(&self, model: crate::sim::open_loop::fit::DecodeModel) -> StepTerms {
        use crate::sim::open_loop::fit::DecodeModel;
        let batch = matches!(model, DecodeModel::BatchAndContext | DecodeModel::BatchOnly);
        let context = matches!(model, DecodeModel::BatchAndContext | DecodeModel::ContextOnly);
        StepTerms {
            once: self.min_base_s,
            decodes: if batch { self.min_per_decode_s } else { 0.0 },
            context_tokens: if context { self.min_per_context_token_s } else { 0.0 },
            ..StepTerms::default()
        }
    }
}

impl Default for DecodeShape {
    fn default() -> DecodeShape {
        DecodeShape {
            root_saturation_batch: f64::INFINITY,
            min_per_decode_s: 0.0,
            min_per_context_token_s: 0.0,
            decode_compute: false,
            fit_linear_batch: crate::sim::open_loop::fit::FIT_LINEAR_BATCH,
            root_term: true,
            min_base_s: 0.0,
            expert_routing: None,
        }
    }
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
        self.seconds_of(&StepTerms::every(&DecodeShape::default(), decodes, context_tokens, prompt_tokens, pairs))
    }

    /// The terms of one step as `form` charges them: the step's time is their dot product with
    /// the coefficients ([`StepCoefficients::seconds_of`]).
    ///
    /// # Formula
    /// [`MixedStep::Summed`]: every term, `t = a + b B + r sqrt(B) + c K + d P + e Q`
    /// ([`StepTerms::every`]).
    /// [`MixedStep::Overlapped`]: `t = max(a + b B + r sqrt(B), d P) + c K + e Q` (with
    /// [`DecodeShape::decode_compute`], `d (P + B)`: the decodes' tokens are matrix work too;
    /// in the compute branch the term `P` then holds `P + B`). The batch
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
    #[allow(clippy::too_many_arguments)]
    pub fn step_terms(
        &self,
        form: MixedStep,
        shape: &DecodeShape,
        decodes: f64,
        context_tokens: f64,
        prompt_tokens: f64,
        pairs: f64,
    ) -> StepTerms {
        let every = StepTerms::every(shape, decodes, context_tokens, prompt_tokens, pairs);
        match form {
            MixedStep::Summed => every,
            MixedStep::Overlapped => {
                let weights = self.seconds_of(&every.weight_read());
                let computed = if shape.decode_compute { prompt_tokens + decodes } else { prompt_tokens };
                if self.per_prompt_token_s * computed > weights {
                    StepTerms { once: 0.0, decodes: 0.0, root_decodes: 0.0, prompt_tokens: computed, ..every }
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
        1.0 / self.seconds_of(&StepTerms::decode(&DecodeShape::default(), batch, batch * context_per_request))
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
    /// `P`, prompt tokens read (`d`'s term; with [`DecodeShape::decode_compute`], in a
    /// compute-bound step, the decode tokens too).
    pub prompt_tokens: f64,
    /// `Q`, prompt pairs ([`prompt_pairs`], `e`'s term).
    pub prompt_pairs: f64,
}

impl StepTerms {
    /// Every term of a step of `decodes` requests decoding holding `context_tokens`, and
    /// `prompt_tokens` prompt tokens with `pairs` prompt pairs.
    ///
    /// # Formula
    /// `[1, B, sqrt(min(B, S)), K, P, Q]`, `S` the shape's
    /// [`DecodeShape::root_saturation_batch`]: the one place the step's form is written (see
    /// [`StepCoefficients::step_seconds`] for its source). Past `S` the experts are all read
    /// and the batch adds only its per-sequence terms (`b B`, `c K`). With the model's routing
    /// known ([`DecodeShape::expert_routing`]) the third term is the experts the batch reads,
    /// [`ExpertRouting::experts_read`]. Without the root term ([`DecodeShape::root_term`] false:
    /// a dense model) it is 0.
    pub fn every(shape: &DecodeShape, decodes: f64, context_tokens: f64, prompt_tokens: f64, pairs: f64) -> StepTerms {
        let root_decodes = match (shape.root_term, shape.expert_routing) {
            (false, _) => 0.0,
            (true, Some(routing)) => routing.experts_read(decodes),
            (true, None) => libm::sqrt(decodes.min(shape.root_saturation_batch)),
        };
        StepTerms { once: 1.0, decodes, root_decodes, context_tokens, prompt_tokens, prompt_pairs: pairs }
    }

    /// A decode-only step: `B` requests holding `K` tokens, no prompt.
    pub fn decode(shape: &DecodeShape, decodes: f64, context_tokens: f64) -> StepTerms {
        StepTerms::every(shape, decodes, context_tokens, 0.0, 0.0)
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
