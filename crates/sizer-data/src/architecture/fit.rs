//! The global efficiency constants, fitted on closed-loop files only: every run's prompt rates
//! give the compute factors, then its decode speeds (with the compute part known) the step,
//! layer, weight and cache factors. Open-loop files are what the result is checked against.

use crate::suite::{SuiteRun, WorkloadKind};
use sizer_core::architecture::{
    EFFICIENCY_TERMS, Efficiency, StepPhysics, architecture_coefficients, decode_terms, prompt_terms,
};
use sizer_core::sim::open_loop::nonneg_least_squares;

use super::spark::SPARK;

/// The closed-loop workloads whose decode speeds the fit reads: chat, long output and big
/// context (the ones whose prompts take a small share of the measured time; `02-rag-8k` and
/// `06-concurrency-stress` read 40k to 500k prompt tokens beside the decodes).
pub const DECODE_KINDS: [WorkloadKind; 3] = [WorkloadKind::Chat, WorkloadKind::LongOutput, WorkloadKind::BigContext];

/// The workloads whose prompt rates the fit reads (every closed-loop one but `04-multi-turn`,
/// whose lengths are not what its requests held).
pub const PROMPT_KINDS: [WorkloadKind; 5] = [
    WorkloadKind::Chat,
    WorkloadKind::Rag,
    WorkloadKind::LongOutput,
    WorkloadKind::BigContext,
    WorkloadKind::ConcurrencyStress,
];

/// Rows of relative equations: terms / measured = 1.
#[derive(Default)]
struct Rows {
    rows: Vec<[f64; EFFICIENCY_TERMS]>,
    rhs: Vec<f64>,
}

impl Rows {
    fn push(&mut self, terms: [f64; EFFICIENCY_TERMS], measured: f64, known: f64) {
        let target = measured - known;
        if measured > 0.0 && target.is_finite() && terms.iter().all(|t| t.is_finite()) {
            self.rows.push(terms.map(|t| t / measured));
            self.rhs.push(target / measured);
        }
    }
}

/// The constants fitted on `runs` (each with its model's physics).
///
/// # Formula
/// Stage 1: for every prompt point of `C` prompts of `N` tokens (depth included),
/// `1 / prompt_tok_s = f_x O_prompt / R_x + f_a O_pair (depth + (P - 1) / 2) / R_bf16 + f_k O_rec,k
/// / R_bf16 + f_d D / BW + w / (C N)`
/// ([`prompt_terms`]: the prompts' work and one fixed wait before their first tokens),
/// non-negative least squares of the relative error over the compute factors (`w` is set by
/// stage 3), points faster than the tensor cores' peak left out ([`tensor_peak_s`]). Stage 3: the wait before a first token, [`request_wait`]. Stage 2: for every decode point at
/// concurrency `C`, `1 / per_request_tok_s = s + l L + f_w W(C) / BW + f_c (C F + C n kv) / BW +
/// f_x C O_dec / R_x + f_e C O_exp / R + f_d C D / BW` ([`decode_terms`], `n = depth + prompt +
/// answer / 2` tokens held on average), the compute part (matrices, experts, dispatch) known
/// from stage 1, non-negative least squares over the other
/// four. Weight-only (Marlin) work takes the BF16 factor. A format no run gives (and the
/// experts' factor when no run has experts) takes the
/// largest fitted compute factor (the slowest), a recurrent kind no run has (or fitted at 0)
/// the BF16 factor, the experts' dispatch `D` without evidence the cache's factor: never 0.
///
/// Bad input: no usable point gives `None`.
pub fn fit_efficiency(runs: &[(StepPhysics, &SuiteRun)]) -> Option<Efficiency> {
    let mut prompt = Rows::default();
    for (p, run) in runs {
        for w in run.workloads.iter().filter(|w| PROMPT_KINDS.contains(&w.kind)) {
            for point in &w.points {
                let Some(rate) = point.prompt_tok_s else { continue };
                let position = w.context_depth + (w.prompt_tokens - 1.0) / 2.0;
                let tokens = point.concurrency * (w.context_depth + w.prompt_tokens);
                let mut terms = prompt_terms(p, &SPARK, position, tokens);
                // Marlin dequantises to 16 bits and multiplies on the BF16 tensor cores: its
                // work is the BF16 factor's.
                terms[4] += terms[7];
                terms[7] = 0.0;
                if 1.0 / rate.mean < tensor_peak_s(&terms) {
                    continue;
                }
                prompt.push(terms, 1.0 / rate.mean, 0.0);
            }
        }
    }
    let allowed_prompt = core::array::from_fn(|j| j >= 4);
    let stage1 = nonneg_least_squares(&prompt.rows, &prompt.rhs, allowed_prompt)?.coefficients;
    let mut compute = [stage1[4], stage1[5], stage1[6], stage1[4]];
    let slowest = compute.iter().copied().fold(0.0, f64::max);
    for (i, c) in compute.iter_mut().enumerate().take(3) {
        let seen = prompt.rows.iter().any(|r| r[4 + i] != 0.0);
        if !seen || *c == 0.0 {
            *c = slowest;
        }
    }
    // The decode's compute as the engine charges it: matrices, routed experts and dispatch.
    let known = Efficiency::from_terms(&{
        let mut x = [0.0; EFFICIENCY_TERMS];
        x[4..8].copy_from_slice(&compute);
        x[9] = if stage1[9] > 0.0 { stage1[9] } else { slowest };
        x[13] = stage1[13];
        x
    })
    .to_terms();
    let mut decode = Rows::default();
    for (p, run) in runs {
        for w in run.workloads.iter().filter(|w| DECODE_KINDS.contains(&w.kind)) {
            let held = w.context_depth + w.prompt_tokens + w.answer_tokens / 2.0;
            for point in &w.points {
                let c = point.concurrency;
                let terms = decode_terms(p, &SPARK, c, c * held);
                let compute_s: f64 = terms.iter().zip(&known).map(|(t, k)| t * k).sum();
                let mut memory = terms;
                memory[4..].iter_mut().for_each(|t| *t = 0.0);
                decode.push(memory, 1.0 / point.per_request_tok_s.mean, compute_s);
            }
        }
    }
    let allowed_decode = core::array::from_fn(|j| j < 4);
    let stage2 = nonneg_least_squares(&decode.rows, &decode.rhs, allowed_decode)?.coefficients;
    let mut x = stage2;
    x[4..8].copy_from_slice(&compute);
    x[8] = stage1[8];
    x[9] = if stage1[9] > 0.0 { stage1[9] } else { slowest };
    x[10] = 0.0;
    // Dispatch is memory traffic: without evidence it moves at the cache's factor.
    let dispatched = prompt.rows.iter().any(|r| r[13] != 0.0);
    x[13] = if dispatched && stage1[13] > 0.0 { stage1[13] } else { x[3] };
    for k in 11..13 {
        // A kind no run has, or one the fit leaves at 0, keeps the BF16 matrix factor: no
        // evidence of another rate, and never free.
        let seen = prompt.rows.iter().any(|r| r[k] != 0.0);
        x[k] = if seen && stage1[k] > 0.0 { stage1[k] } else { compute[0] };
    }
    let mut efficiency = Efficiency::from_terms(&x);
    efficiency.request_s = request_wait(runs, &efficiency);
    Some(efficiency)
}

/// The least time a prompt token's work takes: every format's operations and the attention at
/// the Spark's peak rates, the experts' dispatch at its full bandwidth (the compute, attention,
/// experts' and dispatch terms of [`prompt_terms`] with factors of 1).
///
/// # Rule
/// A closed-loop prompt rate faster than this is no prompt read (a prefix-cache hit or a timing
/// artefact of a short run: the arena's Qwen3.5-0.8B `01-chat` at concurrency 1 reports 3.6 us
/// a token where the tensor cores need 8): the fit leaves such a point out, as it would bend
/// every factor towards an impossible speed.
fn tensor_peak_s(terms: &[f64; EFFICIENCY_TERMS]) -> f64 {
    terms[4..10].iter().sum::<f64>() + terms[13]
}

/// The wait before a first token that the engine's steps leave out: the median over runs of
/// `01-chat`'s measured time to first response at its lowest concurrency less the engine's time
/// for that one prompt (one step: `max(a + b + r, d P) + e P (P - 1) / 2`), at least 0.
///
/// # Rule
/// At concurrency 1 nothing queues, so the rest is time outside the engine's steps (the
/// client, HTTP, the tokenizer, the scheduler's first step): the rule the fitted engines use per
/// run (`suite::engine_inputs::client_latency_ms`), here one global median.
fn request_wait(runs: &[(StepPhysics, &SuiteRun)], e: &Efficiency) -> f64 {
    let mut waits: Vec<f64> = runs
        .iter()
        .filter_map(|(p, run)| {
            let chat = run.workloads.iter().find(|w| w.kind == WorkloadKind::Chat)?;
            let point = chat.points.iter().min_by(|a, b| a.concurrency.total_cmp(&b.concurrency))?;
            let ttfr_s = point.ttfr_ms?.mean / 1000.0;
            let k = architecture_coefficients(p, &SPARK, e).coefficients;
            let prompt = chat.context_depth + chat.prompt_tokens;
            let step = (k.base_s + k.per_decode_s + k.per_root_decode_s).max(k.per_prompt_token_s * prompt)
                + k.per_prompt_pair_s * prompt * (prompt - 1.0) / 2.0;
            Some((ttfr_s - step).max(0.0))
        })
        .collect();
    if waits.is_empty() {
        return 0.0;
    }
    waits.sort_by(f64::total_cmp);
    let n = waits.len();
    if n % 2 == 1 { waits[n / 2] } else { (waits[n / 2 - 1] + waits[n / 2]) / 2.0 }
}
