//! Fitting the engine step's coefficients to a run's own closed-loop points, by non-negative
//! least squares, with the residual of every point kept so it can be shown.

use crate::sim::open_loop::closed_loop::{ClosedLoopRun, ClosedLoopWorkload};
use crate::sim::open_loop::lsq::{bounded_least_squares, nonneg_least_squares};
use crate::sim::open_loop::step::{DecodeShape, STEP_TERMS, StepCoefficients, StepTerms};
use alloc::vec::Vec;

/// Whether the fits fit the linear batch term `b` (else it stays 0 and the batch cost is
/// `r sqrt(B)` alone). A global choice, made on the arena's 19 runs: their closed-loop points
/// reach 10 or 20 requests and cannot tell `b B` from `r sqrt(B)`, but their open-loop sweeps run
/// 40 to 250 in flight, where a linear term extrapolates far too slow. Replaying those sweeps,
/// median TPOT came within 15 % on 43 of 101 steps with the root term alone and on 33 with both
/// (p95 TTFT within 25 %: 28 and 27 of 76). `b` stays in [`StepCoefficients`] for engines set
/// by hand and for a later calibration.
pub const FIT_LINEAR_BATCH: bool = false;

/// Which decode terms the points could tell apart (the others are 0).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize), serde(rename_all = "snake_case"))]
pub enum DecodeModel {
    /// Several concurrencies and several context lengths: `a + r sqrt(B) + c K` (and `b B` if
    /// [`FIT_LINEAR_BATCH`]).
    BatchAndContext,
    /// One context length per request in every workload (e.g. a single curve): `K` grows in step
    /// with `B`, so the context term cannot be told from the batch term and is 0:
    /// `a + r sqrt(B)`.
    BatchOnly,
    /// One concurrency, several context lengths: `a + c K`, batch term 0.
    ContextOnly,
    /// One concurrency and one context length: a constant step time `a`.
    Constant,
}

impl DecodeModel {
    /// The decode terms this model fits, as 1 (fitted) or 0 (held at 0): `a` always, `r`
    /// with several concurrencies if the shape has the root term, `c` with several contexts,
    /// `b` with several concurrencies if the shape fits it ([`FIT_LINEAR_BATCH`] by default);
    /// never a prompt term.
    pub fn fitted_terms(self, shape: &DecodeShape) -> StepTerms {
        let (batch, context) = match self {
            DecodeModel::BatchAndContext => (true, true),
            DecodeModel::BatchOnly => (true, false),
            DecodeModel::ContextOnly => (false, true),
            DecodeModel::Constant => (false, false),
        };
        let one = |fitted: bool| if fitted { 1.0 } else { 0.0 };
        StepTerms {
            once: 1.0,
            decodes: one(batch && shape.fit_linear_batch),
            root_decodes: one(batch && shape.root_term),
            context_tokens: one(context),
            prompt_tokens: 0.0,
            prompt_pairs: 0.0,
        }
    }
}

/// Which prompt terms the points could tell apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize), serde(rename_all = "snake_case"))]
pub enum PrefillModel {
    /// Several prompt lengths: `d P + e Q` (longer prompts read more slowly per token).
    LengthDependent,
    /// One prompt length: `d P`, pair term 0.
    Flat,
}

impl PrefillModel {
    /// The prompt terms this model fits, as 1 (fitted) or 0: `d` always, `e` with several
    /// prompt lengths; never a decode term.
    pub fn fitted_terms(self) -> StepTerms {
        let pairs = if self == PrefillModel::LengthDependent { 1.0 } else { 0.0 };
        StepTerms::prompt(1.0, pairs)
    }
}

/// How the coefficients were fitted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(tag = "kind", rename_all = "snake_case")
)]
pub enum FitMethod {
    /// [`fit_engine`]: each point read as decode-only (speeds) or prompt-only (throughputs) steps.
    Direct,
    /// [`crate::sim::open_loop::burst_fit::fit_engine_bursts`]: the bursts replayed through the
    /// step model, `rounds` refits.
    Bursts { rounds: u32 },
}

/// What a residual compares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize), serde(rename_all = "snake_case"))]
pub enum FitFigure {
    /// Per-request decode tok/s (fitted).
    PerRequestTokS,
    /// Prompt tok/s in total (fitted).
    PromptTokS,
    /// Time to first response at concurrency 1, ms (not fitted: a check).
    TtfrMs,
}

/// One measured figure beside the fitted model's value for it.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct FitResidual {
    /// Workload and point, 0-based, in the order given.
    pub workload: usize,
    pub point: usize,
    pub figure: FitFigure,
    pub measured: f64,
    pub fitted: f64,
}

impl FitResidual {
    /// `fitted / measured - 1`.
    pub fn relative(&self) -> f64 {
        self.fitted / self.measured - 1.0
    }
}

/// The fitted engine step and how it was fitted.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct EngineFit {
    pub coefficients: StepCoefficients,
    pub decode_model: DecodeModel,
    pub prefill_model: PrefillModel,
    pub method: FitMethod,
    /// Every decode point, then every prompt point, then every TTFR at concurrency 1.
    pub residuals: Vec<FitResidual>,
    /// The largest concurrency the decode fit saw: a larger decode batch is extrapolation.
    pub max_concurrency: f64,
    /// The largest context held by a batch the decode fit saw, tokens (`c x per-request context`).
    pub max_context_tokens: f64,
}

/// Tokens one request of `w` reads before its first token: depth and prompt (no prefix cache, as
/// in the arena's runs).
fn prefilled(w: &ClosedLoopWorkload) -> f64 {
    w.depth_tokens + w.prompt_tokens
}

/// Fits the step coefficients to a run's closed-loop points.
///
/// # Formula
/// Two separate non-negative least-squares fits ([`nonneg_least_squares`]), each on relative
/// errors (every equation divided by its measured value, so a 10 tok/s point counts as much as a
/// 50 tok/s one):
/// - **decode**: each point at concurrency `C` of a workload with per-request context
///   `L = depth + prompt + answer / 2` gives `1 / v = a + b C + r sqrt(C) + c (C L)`, `b` held at
///   0 unless [`FIT_LINEAR_BATCH`] (the closed loop keeps
///   `C` requests decoding, each holding `L` tokens on average; the step-time form of
///   [`StepCoefficients::step_seconds`] with no prompt in the step);
/// - **prompt**: each point with a prompt throughput `p` gives
///   `N / p = d T + e T (T - 1) / 2`, with `N` the prompt tokens and `T = depth + prompt` the
///   tokens read ([`crate::sim::open_loop::step::prompt_pairs`] over the whole prompt; for depth
///   0, `1 / p = d + e (N - 1) / 2`). The per-step constant is left out: one step of thousands
///   of prompt tokens dwarfs it.
///
/// Terms the points cannot tell apart are fixed at 0 and the returned [`DecodeModel`] /
/// [`PrefillModel`] says so: with one context length per request, `C L` is proportional to `C`
/// (batch term only); with one concurrency there is no batch term; with one prompt length, no
/// pair term.
///
/// Limits, stated: llama-benchy's per-request speed is measured while the other requests of the
/// same burst still read their prompts, so for long prompts and short answers the decode fit
/// sees a slower step than decodes alone take (the context term absorbs it).
///
/// Bad input: none possible: a [`ClosedLoopRun`] is validated when built (positive speeds, at
/// least one prompt throughput), and a single column always has a non-negative fit.
pub fn fit_engine(run: &ClosedLoopRun) -> EngineFit {
    fit_engine_shaped(run, &DecodeShape::default())
}

/// [`fit_engine`] to a [`DecodeShape`]: the root term saturated at its batch (the direct fit's
/// rows use `sqrt(min(C, S))`) and `b` kept at or above its floor
/// ([`crate::sim::open_loop::lsq::bounded_least_squares`]; `b` is the floor when
/// [`FIT_LINEAR_BATCH`] is off).
pub fn fit_engine_shaped(run: &ClosedLoopRun, shape: &DecodeShape) -> EngineFit {
    let workloads = run.workloads();
    let mut decode_rows: Vec<[f64; STEP_TERMS]> = Vec::new();
    let mut concurrencies: Vec<f64> = Vec::new();
    let mut contexts: Vec<f64> = Vec::new();
    let (mut max_concurrency, mut max_context_tokens) = (0.0_f64, 0.0_f64);
    for w in workloads {
        let l = w.mean_decode_context();
        for p in &w.points {
            let c = p.concurrency;
            let y = 1.0 / p.per_request_tok_s;
            decode_rows.push(StepTerms::decode(shape, c, c * l).to_array().map(|x| x / y));
            push_distinct(&mut concurrencies, c);
            push_distinct(&mut contexts, l);
            max_concurrency = max_concurrency.max(c);
            max_context_tokens = max_context_tokens.max(c * l);
        }
    }
    let decode_model = match (concurrencies.len() > 1, contexts.len() > 1) {
        (true, true) => DecodeModel::BatchAndContext,
        (true, false) => DecodeModel::BatchOnly,
        (false, true) => DecodeModel::ContextOnly,
        (false, false) => DecodeModel::Constant,
    };
    let ones = alloc::vec![1.0; decode_rows.len()];
    let floor = shape.decode_floor(decode_model).to_array();
    let decode = bounded_least_squares(&decode_rows, &ones, decode_model.fitted_terms(shape).support(), floor)
        .map_or(floor, |s| s.coefficients);

    let mut prompt_rows: Vec<[f64; STEP_TERMS]> = Vec::new();
    let mut lengths: Vec<f64> = Vec::new();
    for w in workloads {
        let (n, t) = (w.prompt_tokens, prefilled(w));
        for p in &w.points {
            let Some(rate) = p.prompt_tok_s else { continue };
            let y = n / rate;
            prompt_rows.push(StepTerms::prompt(t, t * (t - 1.0) / 2.0).to_array().map(|x| x / y));
            push_distinct(&mut lengths, t);
        }
    }
    let prefill_model = if lengths.len() > 1 { PrefillModel::LengthDependent } else { PrefillModel::Flat };
    let ones = alloc::vec![1.0; prompt_rows.len()];
    let prompt = nonneg_least_squares(&prompt_rows, &ones, prefill_model.fitted_terms().support())
        .map_or([0.0; STEP_TERMS], |s| s.coefficients);

    let coefficients = StepCoefficients {
        per_prompt_token_s: prompt[4],
        per_prompt_pair_s: prompt[5],
        ..StepCoefficients::from_array(decode)
    };
    let residuals = residuals(workloads, &coefficients);
    EngineFit {
        coefficients,
        decode_model,
        prefill_model,
        method: FitMethod::Direct,
        residuals,
        max_concurrency,
        max_context_tokens,
    }
}

/// Seconds the fitted model takes to read one request's depth and prompt alone, per-step
/// constant left out: `d T + e T (T - 1) / 2`.
fn prompt_seconds(k: &StepCoefficients, w: &ClosedLoopWorkload) -> f64 {
    let t = prefilled(w);
    k.per_prompt_token_s * t + k.per_prompt_pair_s * t * (t - 1.0) / 2.0
}

fn residuals(workloads: &[ClosedLoopWorkload], k: &StepCoefficients) -> Vec<FitResidual> {
    let mut out = Vec::new();
    let each = |figure: FitFigure, out: &mut Vec<FitResidual>, value: &dyn Fn(&ClosedLoopWorkload, usize) -> _| {
        for (wi, w) in workloads.iter().enumerate() {
            for pi in 0..w.points.len() {
                if let Some((measured, fitted)) = value(w, pi) {
                    out.push(FitResidual { workload: wi, point: pi, figure, measured, fitted });
                }
            }
        }
    };
    each(FitFigure::PerRequestTokS, &mut out, &|w, pi| {
        let p = w.points[pi];
        Some((p.per_request_tok_s, k.decode_tok_s(p.concurrency, w.mean_decode_context())))
    });
    each(FitFigure::PromptTokS, &mut out, &|w, pi| {
        w.points[pi].prompt_tok_s.map(|rate| (rate, w.prompt_tokens / prompt_seconds(k, w)))
    });
    each(FitFigure::TtfrMs, &mut out, &|w, pi| {
        let p = w.points[pi];
        let fitted = 1000.0 * (k.base_s + prompt_seconds(k, w));
        p.ttfr_ms.filter(|_| p.concurrency == 1.0).map(|ms| (ms, fitted))
    });
    out
}

fn push_distinct(values: &mut Vec<f64>, v: f64) {
    if !values.contains(&v) {
        values.push(v);
    }
}
