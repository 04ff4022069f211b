//! The importer's own typed result: runs of measured points with every figure the input carried,
//! before they are mapped to the dataset's `Run` (see `to_run.rs`).

use crate::formats::{Engine, Format};
use serde::{Deserialize, Serialize};
use sizer_core::SpeedFigure;
use sizer_data::CurveBasis;

/// The figure of a point `basis` reads, and what it measures (the core converts it).
fn figure(figures: &Figures, basis: CurveBasis) -> Option<f64> {
    match basis {
        CurveBasis::MedianTpot => figures.median_tpot_ms,
        CurveBasis::MeanTpot => figures.mean_tpot_ms,
        CurveBasis::AggregateOverConcurrency => figures.generated_total_tok_s,
        CurveBasis::PerRequest => figures.per_request_tok_s,
        CurveBasis::InterTokenLatency => figures.inter_token_latency_ms,
    }
}

/// Every figure one measured point carried. All speeds are tok/s, all times ms.
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize, Deserialize)]
pub struct Figures {
    /// Median time per output token, excluding the first (vLLM `median_tpot_ms`).
    pub median_tpot_ms: Option<f64>,
    /// Generated tokens per second over all concurrent requests (vLLM `output_throughput`,
    /// batched-bench `S_TG`, llama-benchy `tg_throughput` / `t/s (total)`).
    pub generated_total_tok_s: Option<f64>,
    /// Per-request generated tok/s as published by the tool (llama-benchy) or pasted.
    pub per_request_tok_s: Option<f64>,
    /// Prompt plus generated tok/s (vLLM `total_token_throughput`, once `input_throughput`).
    /// Kept for display only: never used as a generation speed.
    pub prompt_and_generated_tok_s: Option<f64>,
    /// Peak generated tok/s (vLLM `max_output_tokens_per_s`, llama-benchy `peak_throughput`).
    pub peak_generated_tok_s: Option<f64>,
    /// Aggregate prompt-processing rate (batched-bench `S_PP`, llama-benchy `pp_throughput`).
    pub prefill_tok_s: Option<f64>,
    /// Median time to first token (vLLM).
    pub ttft_median_ms: Option<f64>,
    /// 99th-percentile time to first token (vLLM).
    pub ttft_p99_ms: Option<f64>,
    /// Mean time to first token (vLLM `mean_ttft_ms`, llama-benchy `ttfr`).
    pub ttft_mean_ms: Option<f64>,
    /// Mean time per output token (vLLM `mean_tpot_ms`).
    pub mean_tpot_ms: Option<f64>,
    /// Mean end-to-end request latency (vLLM `mean_e2el_ms`, only with `--percentile-metrics e2el`).
    pub mean_e2el_ms: Option<f64>,
    /// Completed requests per second (vLLM `request_throughput`).
    pub request_throughput: Option<f64>,
    /// Most requests in flight at once (vLLM `max_concurrent_requests`, "Peak concurrent requests").
    pub peak_concurrent_requests: Option<f64>,
    /// Inter-token latency in ms on the statistic the format's [`CurveBasis::InterTokenLatency`]
    /// names (GuideLLM median, AIPerf avg, SGLang `median_itl_ms`).
    #[serde(default)]
    pub inter_token_latency_ms: Option<f64>,
    /// Mean requests in flight as the tool measured it (GuideLLM `request_concurrency` mean,
    /// SGLang `concurrency`): a hint for a rate run's concurrency, never applied by itself.
    #[serde(default)]
    pub measured_mean_concurrency: Option<f64>,
}

/// One measured concurrency level.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ParsedPoint {
    /// Concurrent requests (streams, `B`); `None` when the input did not record it.
    pub concurrency: Option<f64>,
    /// Whether the concurrency was typed in by the user (`Import::with_concurrency`).
    pub concurrency_from_user: bool,
    /// 1-based line of the input where this point starts (when the format has lines).
    pub line: Option<usize>,
    /// Repeated measurements averaged into this point (1 = a single measurement).
    pub repeats: u32,
    /// Every figure the input carried for this point.
    pub figures: Figures,
}

impl ParsedPoint {
    /// A point measured once.
    pub fn new(concurrency: Option<f64>, line: Option<usize>, figures: Figures) -> ParsedPoint {
        ParsedPoint { concurrency, concurrency_from_user: false, line, repeats: 1, figures }
    }

    /// Per-request generated tok/s on the given basis, when the point has the figures for it
    /// (converted by the core's [`sizer_core::SpeedFigure::per_request_tok_s`]; llama.cpp
    /// `batched-bench` README: S_TG counts all `B` sequences; an inter-token latency, GuideLLM's
    /// and AIPerf's time between tokens after the first, converts like a TPOT).
    pub fn speed(&self, basis: CurveBasis) -> Option<f64> {
        let (figure, value) = (basis.figure_kind(), figure(&self.figures, basis)?);
        // Only an aggregate needs the concurrency; a point still waiting for its concurrency
        // has a speed on the other bases.
        let concurrency = match figure {
            SpeedFigure::AggregateTokS => self.concurrency?,
            SpeedFigure::PerRequestTokS | SpeedFigure::TpotMs => self.concurrency.unwrap_or(1.0),
        };
        let speed = figure.per_request_tok_s(concurrency, value);
        (speed.is_finite() && speed > 0.0).then_some(speed)
    }

    /// The mean number of requests in flight, when the point has the figures for it: a hint to
    /// show a user asked for the concurrency of a rate-limited run, never applied by itself.
    ///
    /// # Formula
    /// Little's law `L = λ · W` (Little, Operations Research 9(3), 1961): λ = `request_throughput`
    /// (req/s), W = mean end-to-end latency (s), from `mean_e2el_ms` or else
    /// `mean_ttft_ms + mean_tpot_ms · (output_tokens - 1)` (vLLM's TPOT excludes the first token).
    pub fn mean_in_flight(&self, output_tokens: Option<f64>) -> Option<f64> {
        let f = &self.figures;
        let latency_ms = f.mean_e2el_ms.or_else(|| {
            let tokens = output_tokens.filter(|t| *t >= 1.0)?;
            Some(f.ttft_mean_ms? + f.mean_tpot_ms? * (tokens - 1.0))
        })?;
        let in_flight = f.request_throughput? * latency_ms / 1000.0;
        (in_flight.is_finite() && in_flight > 0.0).then_some(in_flight)
    }

    /// Whether this point has the figures the basis needs, apart from concurrency.
    pub(crate) fn supports(&self, basis: CurveBasis) -> bool {
        figure(&self.figures, basis).is_some()
    }
}

/// The workload a run measured, as far as the input says.
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize, Deserialize)]
pub struct ParsedWorkload {
    /// Prompt tokens per request (batched-bench `PP`, llama-benchy prompt size, vLLM mean).
    pub prompt_tokens: Option<f64>,
    /// Generated tokens per request (batched-bench `TG`, llama-benchy response size, vLLM mean).
    pub output_tokens: Option<f64>,
    /// Context already in the KV cache before the prompt (llama-benchy depth `@ dN`).
    pub context_depth: Option<f64>,
    /// Configured request rate (req/s); `None` when unlimited (`inf`) or not recorded.
    pub request_rate: Option<f64>,
    /// llama-benchy's context-prefill phase (`ctx_pp` / `ctx_tg` rows).
    pub context_prefill_phase: bool,
}

/// One imported curve: a model/configuration measured at one or more concurrency levels.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ParsedRun {
    /// A readable label (plain text, control characters stripped, length capped).
    pub label: String,
    /// The model as the input named it (plain text, capped), when it did.
    pub model: Option<String>,
    /// The input format.
    pub format: Format,
    /// The tool behind the numbers.
    pub engine: Engine,
    /// The workload.
    pub workload: ParsedWorkload,
    /// Date (or timestamp) of the run as the input wrote it.
    pub date: Option<String>,
    /// The figure the per-request curve uses.
    pub basis: CurveBasis,
    /// The other per-request figure the input also carried (kept, not used for the curve).
    pub alternative: Option<CurveBasis>,
    /// Measured points, sorted by concurrency (points of unknown concurrency last).
    pub points: Vec<ParsedPoint>,
}

impl ParsedRun {
    /// `(concurrency, per-request tok/s)` pairs on the run's basis, for points whose concurrency
    /// is known.
    pub fn per_request_points(&self) -> Vec<(f64, f64)> {
        self.points_on(self.basis)
    }

    /// `(concurrency, per-request tok/s)` pairs on the alternative basis, when there is one.
    pub fn alternative_points(&self) -> Option<Vec<(f64, f64)>> {
        self.alternative.map(|basis| self.points_on(basis))
    }

    fn points_on(&self, basis: CurveBasis) -> Vec<(f64, f64)> {
        self.points.iter().filter_map(|point| Some((point.concurrency?, point.speed(basis)?))).collect()
    }

    /// The highest measured aggregate prefill rate (tok/s) and the concurrency it was measured
    /// at, when the input carried prefill figures.
    ///
    /// # Formula
    /// `max over points of S_PP` (batched-bench) or `pp_throughput` (llama-benchy): the prompt
    /// processing rate the machine sustains once batched, which is what limits a burst of prompts.
    pub fn prefill_tok_s(&self) -> Option<(f64, Option<f64>)> {
        self.points.iter().filter_map(|point| Some((point.figures.prefill_tok_s?, point.concurrency))).fold(
            None,
            |best: Option<(f64, Option<f64>)>, candidate| match best {
                Some(best) if best.0 >= candidate.0 => Some(best),
                _ => Some(candidate),
            },
        )
    }

    /// Whether every point has a known concurrency.
    pub fn is_complete(&self) -> bool {
        self.points.iter().all(|point| point.concurrency.is_some())
    }
}
