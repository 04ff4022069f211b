//! What a run brings to a sizing besides its curve: the KV pool and the prefill rate that fill
//! the KV-cache and prefill limits, and the p99 time to first token measured nearest a
//! concurrency. The app, the JS API and the prerendered page all size through
//! [`scenario_for_run`], so they cannot disagree about which figures a run uses.

use sizer_core::Scenario;

use crate::catalogue::catalog::catalog;
use crate::dataset::embedded::dataset;
use crate::dataset::figure::Figure;
use crate::dataset::lookup::CitedValue;
use crate::dataset::model::{Dataset, Run, RunOrigin};

/// The cited id and source of figures from a person's own benchmark (not in the dataset).
pub const YOURS: &str = "yours";

/// The KV pool and prefill rate the dataset (or the run itself) offers for a run.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct RunInputs<'a> {
    /// KV-cache pool, tokens.
    pub kv_pool: Option<CitedValue<'a>>,
    /// Prefill rate, prompt tok/s.
    pub prefill: Option<CitedValue<'a>>,
}

impl RunInputs<'static> {
    /// The inputs of a person's own run at a context: the KV pool they gave it, and the prefill
    /// rate they gave it or else its own measured one (llama.cpp S_PP, llama-benchy pp), cited as
    /// [`YOURS`]; never the dataset's pools, which belong to the dataset's runs and their engine
    /// settings. A context longer than the run's stated maximum context holds no session: the
    /// pool offered is then the maximum context itself (fewer tokens than one session needs), so
    /// the KV limit binds at zero whatever pool was given.
    pub fn yours_at(run: &Run, context_tokens: f64) -> RunInputs<'static> {
        let cite = |value: f64| CitedValue { value, cited_id: YOURS, source: YOURS };
        let max_context = run.your_max_context_tokens().filter(|max| context_tokens > *max);
        let prefill = run.setup.as_ref().and_then(|setup| setup.prefill_tok_s).or_else(|| run.prefill_tok_s());
        RunInputs { kv_pool: max_context.or(run.your_kv_pool_tokens()).map(cite), prefill: prefill.map(cite) }
    }

    /// [`RunInputs::yours_at`] at no particular context (the maximum context is not checked).
    pub fn yours(run: &Run) -> RunInputs<'static> {
        RunInputs::yours_at(run, 0.0)
    }
}

impl<'a> RunInputs<'a> {
    /// `base` with the KV pool and prefill rate filled in where `base` has none: a caller's own
    /// figure always wins over the dataset's.
    pub fn fill(&self, base: Scenario) -> Scenario {
        Scenario {
            kv_pool_tokens: base.kv_pool_tokens.or(self.kv_pool.map(|c| c.value)),
            prefill_tok_s: base.prefill_tok_s.or(self.prefill.map(|c| c.value)),
            ..base
        }
    }

    /// The figures [`RunInputs::fill`] takes for `base`: those `base` lacks (the ones to cite).
    pub fn used_for(&self, base: &Scenario) -> RunInputs<'a> {
        RunInputs {
            kv_pool: self.kv_pool.filter(|_| base.kv_pool_tokens.is_none()),
            prefill: self.prefill.filter(|_| base.prefill_tok_s.is_none()),
        }
    }
}

impl Dataset {
    /// What this dataset offers `run` for its KV and prefill limits at a context: for a sourced
    /// run the KV pool of its KV limit (the logged pool, else one computed from the model's
    /// architecture and the working budget: [`crate::ModelCatalog::kv_limit`], cited by
    /// [`crate::KvLimit::cited`]) and [`Dataset::prefill_tok_s`]; for a person's own run,
    /// [`RunInputs::yours`].
    pub fn run_inputs<'a>(&'a self, run: &'a Run, context_tokens: f64) -> RunInputs<'a> {
        match run.origin {
            RunOrigin::Sourced => RunInputs {
                kv_pool: catalog().kv_limit(self, run, context_tokens).cited(self),
                prefill: self.prefill_tok_s(run),
            },
            RunOrigin::Yours => RunInputs::yours_at(run, context_tokens),
        }
    }

    /// The scenario to size `run` with: `base`, with the KV pool and prefill rate taken from the
    /// dataset only where `base` has none (see [`Dataset::run_inputs`], at `base`'s context).
    pub fn scenario_for_run(&self, run: &Run, base: Scenario) -> Scenario {
        self.run_inputs(run, base.context_tokens).fill(base)
    }
}

/// [`Dataset::scenario_for_run`] on the embedded [`dataset()`]: the one way every caller (app,
/// JS API, prerender) fills a scenario for a run.
pub fn scenario_for_run(run: &Run, base: Scenario) -> Scenario {
    dataset().scenario_for_run(run, base)
}

/// The p99 time to first token measured nearest a concurrency.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct TtftNearest {
    /// The concurrency it was measured at.
    pub concurrency: u32,
    /// p99 time to first token, seconds.
    pub p99_s: f64,
    /// The figure as stored (origin: published or derived).
    pub figure: Figure,
}

impl Run {
    /// The p99 TTFT at the measured concurrency nearest `concurrency` on a log2 scale (the
    /// sweeps double: 8, 16, 32), ties to the higher concurrency (the cautious reading).
    pub fn nearest_p99_ttft(&self, concurrency: f64) -> Option<TtftNearest> {
        let target = concurrency.max(1.0).log2();
        self.points
            .iter()
            .filter_map(|point| {
                let figure = point.p99_ttft_ms?;
                let distance = (f64::from(point.concurrency).log2() - target).abs();
                Some((distance, point.concurrency, figure))
            })
            .min_by(|a, b| a.0.total_cmp(&b.0).then(b.1.cmp(&a.1)))
            .map(|(_, concurrency, figure)| TtftNearest { concurrency, p99_s: figure.value / 1000.0, figure })
    }
}
