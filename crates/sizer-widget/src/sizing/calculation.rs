//! What the calculator shows for one set of inputs: the chosen run, its curve, the KV and
//! prefill figures it is sized with, the core's sizing, the p99 time to first token nearest the
//! streams, and the article's claims beside our recomputation. Every number comes from
//! `sizer_core` or `sizer_data` ([`sizer_data::scenario_for_run`] and friends); this module
//! only joins them.

use std::rc::Rc;

use sizer_core::{Curve, Scenario, ScenarioError, Sizing, size};
use sizer_data::{
    CitedValue, CurveBasis, EngineSpeed, KvLimit, PoolKind, RunInputs, WorkloadChoice, dataset, run_kv_limit,
};

pub use sizer_data::{ClaimCheck, Recomputed, TtftNearest};

use crate::sizing::run_ref::RunRef;

/// The run a fresh widget shows: GPUwerk's Qwen3-Coder-30B-A3B sweep, the article's worked example.
pub const DEFAULT_RUN: &str = "gpuwerk-qwen3-coder-30b-a3b-awq-vllm-0.27.1";

/// p99 time to first token above this many seconds gets a warning ("a few seconds").
pub const TTFT_WARNING_S: f64 = 3.0;

/// True when `ttft` gets the warning (the TTFT note shows it; the advice answers it).
pub fn ttft_warns(ttft: &TtftNearest) -> bool {
    ttft.p99_s > TTFT_WARNING_S
}

/// A figure taken from the dataset (or the person's own run), with the ids needed to cite it.
pub type Cited = CitedValue<'static>;

/// Why there is no sizing.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum NoSizing {
    /// The dataset has no such run (only possible with an empty dataset).
    NoRun,
    /// The run has no usable per-request speed figures.
    NoCurve,
    /// The core rejected the scenario.
    Scenario(ScenarioError),
}

/// Everything the view needs for one set of inputs.
#[derive(Clone, Debug, PartialEq)]
pub struct Calculation {
    /// The chosen run (for a run of several workloads: the one sized, as a run of its own).
    pub run: Option<RunRef>,
    /// Which of the run's workloads was sized, when it has several.
    pub workload: Option<WorkloadChoice>,
    /// Which figure became per-request speed.
    pub basis: Option<CurveBasis>,
    /// The curve the sizing read: the run's engine's points where it has them, else its
    /// measured ones ([`sizer_data::Run::sizing_curve`]).
    pub curve: Option<Curve>,
    /// The scenario as sized, with the run's KV pool and prefill rate filled in.
    pub scenario: Scenario,
    /// The KV pool taken from the dataset for the KV limit, and where it is from.
    pub kv_pool: Option<Cited>,
    /// The run's KV limit: which pool (logged, else computed), both pools, or why there is none
    /// (`None` for a person's own run).
    pub kv_limit: Option<KvLimit<'static>>,
    /// The prefill rate taken from the dataset (or the run) for the prefill limit.
    pub prefill: Option<Cited>,
    /// The sizing, or why there is none.
    pub sizing: Result<Rc<Sizing>, NoSizing>,
    /// The p99 TTFT nearest the streams, where the run measured it.
    pub ttft: Option<TtftNearest>,
    /// Where the sizing read its speed from the run's engine, and the engine's error there.
    pub engine_speed: Option<EngineSpeed>,
    /// The article's claims about this run, beside our recomputation.
    pub claims: Vec<ClaimCheck<'static>>,
}

impl Calculation {
    /// An outcome with nothing in it (before the first computation).
    pub fn empty() -> Calculation {
        Calculation {
            run: None,
            workload: None,
            basis: None,
            curve: None,
            scenario: Scenario::chat(),
            kv_pool: None,
            kv_limit: None,
            prefill: None,
            sizing: Err(NoSizing::NoRun),
            ttft: None,
            engine_speed: None,
            claims: Vec::new(),
        }
    }

    /// Sizes `base` on the dataset's run `run_id` (none: [`NoSizing::NoRun`]).
    pub fn compute(run_id: &str, base: Scenario) -> Calculation {
        match RunRef::sourced(run_id) {
            Some(run) => Calculation::for_run(run, base),
            None => Calculation { scenario: base, ..Calculation::empty() },
        }
    }

    /// Sizes `base` on `run`, the KV pool and prefill rate filled in where `base` has none (as
    /// [`sizer_data::scenario_for_run`] does); a run of several workloads on the one nearest
    /// `base` ([`sizer_data::sized_run`], [`sizer_data::sized_own_run`]).
    pub fn for_run(run: RunRef, base: Scenario) -> Calculation {
        let data = dataset();
        let (run, workload) = match run {
            RunRef::Sourced(sourced) => {
                let sized = sizer_data::sized_run(sourced, &base);
                (RunRef::Sourced(sized.run), sized.choice)
            }
            RunRef::Yours(yours) => {
                let (sized, choice) = sizer_data::sized_own_run(&yours, &base);
                (RunRef::Yours(sized), choice)
            }
        };
        let inputs = match &run {
            RunRef::Sourced(sourced) => data.run_inputs(sourced, base.context_tokens),
            RunRef::Yours(yours) => RunInputs::yours_at(yours, base.context_tokens),
        };
        let scenario = inputs.fill(base);
        let used = inputs.used_for(&base);
        let (curve, basis) = match run.sizing_curve() {
            Ok((curve, basis)) => (Some(curve), Some(basis)),
            Err(_) => (None, None),
        };
        let sizing = match &curve {
            None => Err(NoSizing::NoCurve),
            Some(curve) => size(&scenario, curve).map(Rc::new).map_err(NoSizing::Scenario),
        };
        let concurrency = sizing.as_ref().ok().map(|s| s.fractional_streams).unwrap_or(1.0);
        let ttft = run.nearest_p99_ttft(concurrency);
        let engine_speed = sizing.as_ref().ok().and_then(|s| run.engine_speed(s.streams.streams()));
        let kv_limit = match &run {
            RunRef::Sourced(sourced) => Some(run_kv_limit(sourced, base.context_tokens)),
            RunRef::Yours(_) => None,
        };
        // The articles' session claims are about logged pools; a computed pool is not theirs.
        let logged = kv_limit.as_ref().is_some_and(|limit| limit.kind == Some(PoolKind::Logged));
        let claim_pool = used.kv_pool.filter(|_| logged);
        let claims = match (&run, &curve) {
            (RunRef::Sourced(sourced), Some(curve)) => data.claim_checks(sourced, curve, &scenario, claim_pool),
            _ => Vec::new(),
        };
        Calculation {
            run: Some(run),
            workload,
            basis,
            curve,
            scenario,
            kv_pool: used.kv_pool,
            kv_limit,
            prefill: used.prefill,
            sizing,
            ttft,
            engine_speed,
            claims,
        }
    }

    /// The sizing, when there is one.
    pub fn sizing(&self) -> Option<&Sizing> {
        self.sizing.as_deref().ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_run_reproduces_the_article() {
        let outcome = Calculation::compute(DEFAULT_RUN, Scenario { z: Some(2.33), ..Scenario::chat() });
        let sizing = outcome.sizing().expect("the default run sizes");
        // "52 streams allow an average of 37.7, which is 163 users".
        assert_eq!((sizing.whole_streams, sizing.people), (52, 163));
        // "924,912 tokens for Qwen3-Coder-30B-A3B"; p99 TTFT 2.7 s at 64 concurrent.
        assert_eq!(outcome.kv_pool.map(|c| c.value), Some(924_912.0));
        assert_eq!(outcome.ttft.map(|t| (t.concurrency, t.p99_s)), Some((64, 2.7)));
        assert!(outcome.claims.iter().any(|c| matches!(c.ours, Recomputed::Streams(_))));
    }

    #[test]
    fn an_imported_run_has_no_kv_pool_and_no_claims() {
        let mut run = dataset().run(DEFAULT_RUN).expect("run").clone();
        run.origin = sizer_data::RunOrigin::Yours;
        let outcome = Calculation::for_run(RunRef::Yours(Rc::new(run)), Scenario::chat());
        assert_eq!((outcome.kv_pool, outcome.scenario.kv_pool_tokens), (None, None));
        assert!(outcome.claims.is_empty());
        assert_eq!(outcome.sizing().map(|s| s.whole_streams), Some(52));
    }

    #[test]
    fn an_unknown_run_has_no_sizing() {
        let outcome = Calculation::compute("nope", Scenario::chat());
        assert_eq!(outcome.sizing.err(), Some(NoSizing::NoRun));
    }
}
