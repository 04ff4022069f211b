//! What a suite run gives the open-loop engine model: the closed-loop points its coefficients are
//! fitted to (`ClosedLoopRun`, from the closed-loop files only: its open-loop results are what a
//! prediction is compared against, never fitted) and the scheduler setup it runs with
//! (`EngineSetup`: step budget and batch limit from the server's flags where it states them,
//! else the calibration's global constants; the KV pool; the longest context).

use super::load_inputs::{DATASET_LENGTHS, DatasetLengths};
use super::step_floors::{ArchitectureFloors, ExpertTerm};
use super::{SuiteRun, WorkloadKind};
use crate::dataset::model::Run;
use sizer_core::sim::open_loop::{
    ClosedLoopError, ClosedLoopPoint, ClosedLoopRun, ClosedLoopWorkload as CoreWorkload, DecodeShape, EngineSetup,
    MixedStep, OutsideDelay,
};

/// The closed-loop workloads the fit reads: `01-chat`, `02-rag-8k`, `03-long-output`,
/// `05-big-context` and `06-concurrency-stress`. `04-multi-turn` is left out: its rows say
/// `@ d4` (llama-benchy's `--depth 4`, four tokens of earlier context, not the five turns its
/// heading names), so its lengths do not say what the requests held.
pub const FITTED_KINDS: [WorkloadKind; 5] = [
    WorkloadKind::Chat,
    WorkloadKind::Rag,
    WorkloadKind::LongOutput,
    WorkloadKind::BigContext,
    WorkloadKind::ConcurrencyStress,
];

/// The global constants of the calibration (`docs/CALIBRATION.md` gives the values tried and the
/// figure each was chosen on; they are fitted on the arena's 19 runs and nothing else).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EngineConstants {
    /// KV pool in tokens for a run whose pool the files do not give: an assumption (the runner
    /// logs that state it are not in the suite, and the arena models' architectures are not in
    /// our data). `OpenLoopReport::requests_waited_for_kv` says where it mattered.
    pub kv_pool_tokens: f64,
    /// Step token budget for a server started without `--max-num-batched-tokens`.
    pub step_token_budget: u32,
    /// Batch limit for a server started without `--max-num-seqs`.
    pub max_batch: u32,
    /// Refit rounds of the burst fit (`fit_engine_bursts`).
    pub burst_rounds: u32,
    /// Add the run's client latency to every predicted TTFT ([`client_latency_ms`]).
    pub client_latency: bool,
    /// How a step of decodes and prompt chunks is charged (`MixedStep`: the weights read once,
    /// or every term added).
    pub mixed_step: MixedStep,
    /// How the decode step grows past the fitted batch (`DecodeShape`: the root term's
    /// saturation, the per-decode floor, the decodes' matrix work), fitted and simulated alike.
    pub decode_shape: DecodeShape,
    /// Draws of an arena-sized load (up to [`DRAW_ANSWER_TOKENS`]) whose median figures are the
    /// prediction (`predict_typical`); a larger load gets fewer ([`EngineConstants::draws_for`]).
    pub draws: u32,
    /// How both lengths of a dataset replayed around its measured means (ShareGPT,
    /// [`super::load_inputs::Replay`]) are drawn: a real dataset's lengths spread, and the files
    /// give only their means.
    pub dataset_lengths: DatasetLengths,
    /// How the burst fit treats the time a closed-loop figure spends outside the engine
    /// (`OutsideDelay`); where it fits the TTFRs' delay, that delay is the client latency added.
    pub outside_delay: OutsideDelay,
    /// Which runs whose model's architecture is known fit their decode step within the bytes
    /// that architecture reads (`step_floors`: the weights once per step, no root term for a
    /// dense model); `Off`: every run fits the global shape.
    pub architecture_floors: ArchitectureFloors,
    /// How a mixture of experts whose routing is known grows its batch cost (`step_floors`).
    pub expert_term: ExpertTerm,
}

/// The load [`EngineConstants::draws`] is for, in answer tokens (requests x longest answer): an
/// arena sweep step at 1 req/s, 250 requests of up to 950 tokens.
pub const DRAW_ANSWER_TOKENS: u64 = 250 * 950;

impl EngineConstants {
    /// Draws for a load of `requests` whose longest answer is `longest_answer` tokens: as much
    /// work as `draws` arena steps at most (the decode steps are bounded by the answer tokens),
    /// at most `draws` and at least 1.
    ///
    /// # Formula
    /// `clamp(floor(draws x 237,500 / (requests x longest answer)), 1, draws)`: every rate-sweep
    /// step gets `draws` (the largest, 250 requests of up to 950 tokens, is the unit),
    /// `09-reasoning` (50 requests of up to 7,783 tokens) 9 of 15, and a call at `predict`'s limit
    /// of 1,000,000 answer tokens 3. A figure's draw noise falls with the tokens in a draw, so a
    /// large load needs fewer.
    pub fn draws_for(&self, requests: u32, longest_answer: u32) -> u32 {
        let all = u64::from(self.draws) * DRAW_ANSWER_TOKENS;
        let per = all / (u64::from(requests.max(1)) * u64::from(longest_answer.max(1)));
        // At most `draws`, a u32.
        per.clamp(1, u64::from(self.draws.max(1))) as u32
    }
}

/// The calibration's chosen constants (`docs/CALIBRATION.md`, "Global constants").
pub const CALIBRATED: EngineConstants = EngineConstants {
    kv_pool_tokens: 1_000_000.0,
    step_token_budget: 8_192,
    max_batch: 256,
    burst_rounds: 20,
    client_latency: true,
    mixed_step: MixedStep::Overlapped,
    decode_shape: DecodeShape {
        root_saturation_batch: 60.0,
        min_per_decode_s: 2e-4,
        min_per_context_token_s: 1e-8,
        decode_compute: false,
        fit_linear_batch: false,
        root_term: true,
        min_base_s: 0.0,
        expert_routing: None,
    },
    draws: 15,
    dataset_lengths: DATASET_LENGTHS,
    outside_delay: OutsideDelay::NotFitted,
    architecture_floors: ArchitectureFloors::DenseModels,
    expert_term: ExpertTerm::SquareRoot,
};

/// The run's closed-loop workloads of [`FITTED_KINDS`] as the core's fit reads them: nominal
/// lengths, the `tg` row's `t/s (req)` (and `t/s (total)`, else `t/s (req) x C`), the `pp` row's
/// `t/s (total)` and `ttfr`, means only (spreads are shown, not weighted).
pub fn closed_loop_run(run: &SuiteRun) -> Result<ClosedLoopRun, ClosedLoopError> {
    let workloads = run
        .workloads
        .iter()
        .filter(|w| FITTED_KINDS.contains(&w.kind))
        .map(|w| CoreWorkload {
            prompt_tokens: w.prompt_tokens,
            answer_tokens: w.answer_tokens,
            depth_tokens: w.context_depth,
            points: w
                .points
                .iter()
                .map(|p| {
                    let mean = |m: super::Measured| m.mean;
                    fit_point(
                        p.concurrency,
                        p.per_request_tok_s.mean,
                        p.total_tok_s.map(mean),
                        p.prompt_tok_s.map(mean),
                        p.ttfr_ms.map(mean),
                    )
                })
                .collect(),
        })
        .collect();
    ClosedLoopRun::new(workloads)
}

/// The same closed-loop points as [`closed_loop_run`], read from a dataset run that holds a
/// suite's workloads (`suite/as_run.rs` wrote them from the files: per-request speed, aggregate,
/// prefill and mean TTFT, each the file's mean), in the same order; `None` for a run without a
/// workload of [`FITTED_KINDS`] (a run of one curve) or with a point lacking its per-request speed.
pub fn dataset_closed_loop_run(run: &Run) -> Option<Result<ClosedLoopRun, ClosedLoopError>> {
    let mut workloads = Vec::new();
    for view in run.workloads().filter(|v| v.workload.kind.is_some_and(|k| FITTED_KINDS.contains(&k))) {
        let workload = view.workload;
        let (Some(prompt), Some(answer)) = (workload.prompt_tokens, workload.output_tokens) else {
            return None;
        };
        let mut points = Vec::with_capacity(view.points.len());
        for p in view.points {
            let value = |f: &crate::dataset::figure::Figure| f.value;
            points.push(fit_point(
                f64::from(p.concurrency),
                p.per_request_tok_s.as_ref().map(value)?,
                p.aggregate_tok_s.as_ref().map(value),
                p.prefill_tok_s.as_ref().map(value),
                p.mean_ttft_ms.as_ref().map(value),
            ));
        }
        workloads.push(CoreWorkload {
            prompt_tokens: prompt.value(),
            answer_tokens: answer.value(),
            depth_tokens: workload.context_tokens.map_or(0.0, |c| c.value()),
            points,
        });
    }
    (!workloads.is_empty()).then(|| ClosedLoopRun::new(workloads))
}

/// Where the chat workload (`01-chat`) sits among a dataset run's fitted workloads: what
/// [`client_latency_from`] reads, as [`client_latency_ms`] does for a suite run.
pub fn dataset_chat_index(run: &Run) -> Option<usize> {
    run.workloads()
        .filter_map(|v| v.workload.kind)
        .filter(|k| FITTED_KINDS.contains(k))
        .position(|k| k == WorkloadKind::Chat)
}

/// One closed-loop point as the fit reads it; a missing `t/s (total)` is `t/s (req) x C`.
fn fit_point(
    concurrency: f64,
    per_request_tok_s: f64,
    total_tok_s: Option<f64>,
    prompt_tok_s: Option<f64>,
    ttfr_ms: Option<f64>,
) -> ClosedLoopPoint {
    ClosedLoopPoint {
        concurrency,
        per_request_tok_s,
        total_tok_s: total_tok_s.unwrap_or(per_request_tok_s * concurrency),
        prompt_tok_s,
        ttfr_ms,
    }
}

/// The time a request spends outside the engine (client, HTTP, tokenizer), ms, read from the
/// run's closed-loop files: how much llama-benchy's measured TTFR of `01-chat` at its lowest
/// concurrency exceeds the fit's replayed one (`fit`'s TTFR residual there), at least 0; `None`
/// without that residual.
///
/// # Rule
/// At concurrency 1 nothing queues, so the replayed TTFR is the engine's prompt time alone and
/// the rest of the measured one is time outside the engine (SIMULATION.md: llama-benchy's TTFR
/// at concurrency 1 is about 70 ms above its own prompt-time estimate). A constant latency in
/// front of the engine shifts every request's TTFT by itself and leaves the engine's schedule
/// unchanged, so it is added to the predicted TTFT percentiles.
pub fn client_latency_ms(run: &SuiteRun, fit: &sizer_core::sim::open_loop::EngineFit) -> Option<f64> {
    client_latency_from(fit, chat_index(run)?)
}

/// Where the chat workload (`01-chat`) sits among a suite run's fitted workloads.
pub fn chat_index(run: &SuiteRun) -> Option<usize> {
    run.workloads.iter().filter(|w| FITTED_KINDS.contains(&w.kind)).position(|w| w.kind == WorkloadKind::Chat)
}

/// [`client_latency_ms`]'s rule on a fit whose chat workload is at `chat` among the fitted ones.
pub fn client_latency_from(fit: &sizer_core::sim::open_loop::EngineFit, chat: usize) -> Option<f64> {
    use sizer_core::sim::open_loop::FitFigure;
    fit.residuals
        .iter()
        .find(|r| r.workload == chat && r.point == 0 && r.figure == FitFigure::TtfrMs)
        .map(|r| (r.measured - r.fitted).max(0.0))
}

/// The scheduler a run's server had: `--max-num-batched-tokens` and `--max-num-seqs` from its
/// flags (`meta.json`'s `extra_vllm_args`) where given, else `constants`; `max_model_len` from
/// its setup; the KV pool from `constants` (see [`EngineConstants::kv_pool_tokens`]). A step
/// budget not above the batch limit (which the engine refuses) is raised to one above it.
pub fn engine_setup(run: &SuiteRun, constants: &EngineConstants) -> EngineSetup {
    let flags = run.setup.as_ref().and_then(|s| s.extra_flags.as_deref()).unwrap_or("");
    setup_from(flags, run.setup.as_ref().and_then(|s| s.max_model_len), constants)
}

/// [`engine_setup`] for a dataset run of a suite: its server settings' flags (`meta.json`'s
/// `extra_vllm_args` and environment, `suite/as_run.rs`) and `max_model_len`.
pub fn dataset_engine_setup(run: &Run, constants: &EngineConstants) -> EngineSetup {
    let server = run.server.as_ref();
    setup_from(server.and_then(|s| s.flags.as_deref()).unwrap_or(""), server.and_then(|s| s.max_model_len), constants)
}

/// The scheduler from a server's command-line flags and longest context (also the architecture
/// engine's, `architecture::engine`).
pub fn setup_from(flags: &str, max_model_len: Option<f64>, constants: &EngineConstants) -> EngineSetup {
    let max_batch = flag_value(flags, "--max-num-seqs").unwrap_or(constants.max_batch).max(1);
    let budget = flag_value(flags, "--max-num-batched-tokens").unwrap_or(constants.step_token_budget);
    let max_model_len = max_model_len.and_then(|len| {
        // Whole and positive (as `SuiteSetup::new` validates it), so the cast is exact.
        (len >= 1.0 && len <= f64::from(u32::MAX) && len.fract() == 0.0).then_some(len as u32)
    });
    EngineSetup {
        kv_pool_tokens: constants.kv_pool_tokens,
        step_token_budget: budget.max(max_batch.saturating_add(1)),
        max_batch,
        max_model_len,
        mixed_step: constants.mixed_step,
        decode_shape: constants.decode_shape,
    }
}

/// The whole number after `name` in a command line (`--max-num-seqs 256` or `--max-num-seqs=256`).
fn flag_value(flags: &str, name: &str) -> Option<u32> {
    let mut words = flags.split_whitespace();
    while let Some(word) = words.next() {
        if word == name {
            return words.next()?.parse().ok();
        }
        if let Some(value) = word.strip_prefix(name).and_then(|rest| rest.strip_prefix('=')) {
            return value.parse().ok();
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::flag_value;

    #[test]
    fn flags_are_read_in_both_spellings() {
        let flags = "--trust-remote-code --max-num-seqs 256 --max-num-batched-tokens=8192";
        assert_eq!(flag_value(flags, "--max-num-seqs"), Some(256));
        assert_eq!(flag_value(flags, "--max-num-batched-tokens"), Some(8192));
        assert_eq!(flag_value(flags, "--max-model-len"), None);
        assert_eq!(flag_value("--max-num-seqs lots", "--max-num-seqs"), None);
    }
}
