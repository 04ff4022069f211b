//! One measured open-loop load: `vllm bench serve` sending requests at a rate (arrivals drawn
//! from a gamma distribution of the given burstiness) whatever the server's state, and what came
//! back. Token counts are the model's own (`total_input_tokens`, `total_output_tokens`).

use super::error::{SuiteDataError, non_negative, positive};
use core::ops::Deref;
use serde::Serialize;

/// Three percentiles of one metric, in ms.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Percentiles {
    /// Median (`p50_*_ms`, else `median_*_ms`).
    pub p50: f64,
    /// 95th percentile.
    pub p95: f64,
    /// 99th percentile.
    pub p99: f64,
}

/// The lengths the command line asked for (`--random-input-len`, `--random-output-len`,
/// `--random-range-ratio`), read from the run's report beside its JSON (the JSON does not carry
/// them).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ConfiguredLengths {
    /// `--dataset-name` (`random`, `sharegpt`).
    pub dataset: Option<String>,
    /// Mean prompt tokens asked for.
    pub input_tokens: Option<f64>,
    /// Mean answer tokens asked for.
    pub output_tokens: Option<f64>,
    /// Lengths are drawn uniformly from `[(1 - r) L, (1 + r) L]`.
    pub range_ratio: Option<f64>,
}

/// The plain fields of a load step, before validation.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct LoadStepFields {
    /// The file it came from (`11-rate-sweep-0.5.json`).
    pub file: String,
    /// The run's `date` as written (`20260814-153342`).
    pub date: Option<String>,
    /// Configured request rate (req/s); `None` for `inf` (every request at once).
    pub rate_per_s: Option<f64>,
    /// Gamma shape of the arrivals (1 is Poisson).
    pub burstiness: f64,
    /// `--max-concurrency`, when set.
    pub max_concurrency: Option<f64>,
    /// Requests sent (`num_prompts`).
    pub num_prompts: u32,
    /// What the command line asked for, when its report was among the files.
    pub configured: Option<ConfiguredLengths>,
    /// Prompt tokens over all completed requests.
    pub total_input_tokens: f64,
    /// Generated tokens over all completed requests.
    pub total_output_tokens: f64,
    /// Requests answered.
    pub completed: u32,
    /// Requests that failed.
    pub failed: u32,
    /// Seconds from first request to last answer.
    pub duration_s: f64,
    /// Completed requests per second.
    pub request_throughput: f64,
    /// Time to first token.
    pub ttft_ms: Percentiles,
    /// Median time per output token after the first (ms).
    pub median_tpot_ms: f64,
    /// 99th-percentile time per output token (ms).
    pub p99_tpot_ms: f64,
    /// Generated tok/s over the run.
    pub output_tok_s: f64,
    /// Most requests in flight at once (`max_concurrent_requests`), when recorded.
    pub max_concurrent_requests: Option<f64>,
}

/// A validated load step (read its fields through `Deref`).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct LoadStep(LoadStepFields);

impl LoadStep {
    /// Validates once: a positive rate (or none), positive burstiness and duration, at least one
    /// request sent and no more completed plus failed than sent, every count, time and throughput
    /// finite and not negative, percentiles in order.
    pub fn new(fields: LoadStepFields) -> Result<LoadStep, SuiteDataError> {
        let f = &fields;
        // The file is named by whoever reports the error (the importer puts it first).
        let at = |what: &str| what.to_owned();
        if let Some(rate) = f.rate_per_s {
            positive(&at("request_rate"), rate)?;
        }
        positive(&at("burstiness"), f.burstiness)?;
        if let Some(limit) = f.max_concurrency {
            positive(&at("max_concurrency"), limit)?;
        }
        positive(&at("num_prompts"), f64::from(f.num_prompts))?;
        if u64::from(f.completed) + u64::from(f.failed) > u64::from(f.num_prompts) {
            return Err(SuiteDataError::MoreThanSent { completed: f.completed, failed: f.failed, sent: f.num_prompts });
        }
        positive(&at("duration"), f.duration_s)?;
        for (what, value) in [
            ("total_input_tokens", f.total_input_tokens),
            ("total_output_tokens", f.total_output_tokens),
            ("request_throughput", f.request_throughput),
            ("median_tpot_ms", f.median_tpot_ms),
            ("p99_tpot_ms", f.p99_tpot_ms),
            ("output_throughput", f.output_tok_s),
            ("p50_ttft_ms", f.ttft_ms.p50),
            ("p95_ttft_ms", f.ttft_ms.p95),
            ("p99_ttft_ms", f.ttft_ms.p99),
        ] {
            non_negative(&at(what), value)?;
        }
        if let Some(peak) = f.max_concurrent_requests {
            non_negative(&at("max_concurrent_requests"), peak)?;
        }
        in_order(&at("the TTFT percentiles"), f.ttft_ms.p50, f.ttft_ms.p95)?;
        in_order(&at("the TTFT percentiles"), f.ttft_ms.p95, f.ttft_ms.p99)?;
        in_order(&at("the TPOT percentiles"), f.median_tpot_ms, f.p99_tpot_ms)?;
        if let Some(lengths) = &f.configured {
            for (what, value) in
                [("--random-input-len", lengths.input_tokens), ("--random-output-len", lengths.output_tokens)]
            {
                if let Some(value) = value {
                    positive(&at(what), value)?;
                }
            }
            if let Some(ratio) = lengths.range_ratio.filter(|r| !(0.0..1.0).contains(r)) {
                let what = at("--random-range-ratio");
                return Err(SuiteDataError::OutOfRange { what, value: ratio, low: 0.0, high: 1.0 });
            }
        }
        Ok(LoadStep(fields))
    }

    /// Mean prompt tokens per completed request, `None` when none completed.
    ///
    /// # Formula
    /// `total_input_tokens / completed` (vLLM `bench serve` counts only completed requests).
    pub fn mean_input_tokens(&self) -> Option<f64> {
        (self.completed > 0).then(|| self.total_input_tokens / f64::from(self.completed))
    }

    /// Mean generated tokens per completed request, `None` when none completed.
    ///
    /// # Formula
    /// `total_output_tokens / completed`.
    pub fn mean_output_tokens(&self) -> Option<f64> {
        (self.completed > 0).then(|| self.total_output_tokens / f64::from(self.completed))
    }
}

impl Deref for LoadStep {
    type Target = LoadStepFields;

    // Read-only view: the fields stay as validated.
    fn deref(&self) -> &LoadStepFields {
        &self.0
    }
}

fn in_order(what: &str, lower: f64, higher: f64) -> Result<(), SuiteDataError> {
    if lower <= higher {
        Ok(())
    } else {
        Err(SuiteDataError::PercentilesOutOfOrder { what: what.to_owned(), lower, higher })
    }
}
