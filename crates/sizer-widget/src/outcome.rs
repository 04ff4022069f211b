//! What the calculator shows for one set of inputs: the chosen run, its curve, the KV and
//! prefill figures the dataset holds for it, the core's sizing, the p99 time to first token
//! nearest the chosen concurrency, and the article's claims beside our recomputation.
//! Every number here comes from `sizer_core` or `sizer_data`; this module only picks and joins.

use std::rc::Rc;

use sizer_core::{Curve, Scenario, ScenarioError, Sizing, StreamsAtFloor, sessions_unrounded, size};
use sizer_data::{Claim, ClaimQuantity, CurveBasis, Figure, KvLimit, Run, dataset, run_kv_limit};

/// The run a fresh widget shows: GPUwerk's Qwen3-Coder-30B-A3B sweep, the seed's worked example.
pub const DEFAULT_RUN: &str = "gpuwerk-qwen3-coder-30b-a3b-awq-vllm-0.27.1";

/// p99 time to first token above this many seconds gets a warning ("a few seconds").
pub const TTFT_WARNING_S: f64 = 3.0;

/// A figure taken from the dataset, with the ids needed to cite it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Cited {
    /// The number.
    pub value: f64,
    /// The fact or run it is stored in.
    pub cited_id: &'static str,
    /// The source behind it.
    pub source: &'static str,
}

/// Why there is no sizing.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Problem {
    /// The dataset has no such run (only possible with an empty dataset).
    NoRun,
    /// The run has no usable per-request speed figures.
    NoCurve,
    /// The core rejected the scenario.
    Scenario(ScenarioError),
}

/// The p99 time to first token measured nearest the chosen concurrency.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TtftNearest {
    /// The concurrency it was measured at.
    pub concurrency: u32,
    /// p99 time to first token, seconds.
    pub p99_s: f64,
    /// The figure as stored (origin: published or derived).
    pub figure: Figure,
}

/// What our recomputation gives for one of the article's claims about the chosen run.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Recomputed {
    /// Streams at the claim's floor, read off the run's points by the chosen interpolation.
    Streams(StreamsAtFloor),
    /// Chat users by speed at the claim's floor (the seed's chat usage, the current method).
    Users(Option<u64>),
    /// Sessions of the claim's context in the run's KV pool, unrounded.
    KvSessions(f64),
}

/// A claim and our recomputation of it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ClaimCheck {
    /// The claim as the dataset stores it.
    pub claim: &'static Claim,
    /// What we get.
    pub ours: Recomputed,
}

/// Everything the view needs for one set of inputs.
#[derive(Clone, Debug, PartialEq)]
pub struct Outcome {
    /// The chosen run (shared with the charts).
    pub run: Option<Rc<Run>>,
    /// The dataset's copy of the run (for citations).
    pub run_ref: Option<&'static Run>,
    /// Which figure became per-request speed.
    pub basis: Option<CurveBasis>,
    /// The run's curve.
    pub curve: Option<Curve>,
    /// The scenario as sized, with the run's KV pool and prefill rate filled in.
    pub scenario: Scenario,
    /// The KV pool used for the KV limit, and where it is from.
    pub kv_pool: Option<Cited>,
    /// The run's KV limit: which pool (logged, else computed), both pools, or why there is none
    /// (`None` for a person's own run).
    pub kv_limit: Option<KvLimit<'static>>,
    /// The prefill rate used for the prefill limit, and where it is from.
    pub prefill: Option<Cited>,
    /// The sizing, or why there is none.
    pub sizing: Result<Rc<Sizing>, Problem>,
    /// The p99 TTFT nearest the chosen concurrency, where the run measured it.
    pub ttft: Option<TtftNearest>,
    /// The article's claims about this run, beside our recomputation.
    pub claims: Vec<ClaimCheck>,
}

impl Outcome {
    /// An outcome with nothing in it (before the first computation).
    pub fn empty() -> Outcome {
        Outcome {
            run: None,
            run_ref: None,
            basis: None,
            curve: None,
            scenario: Scenario::chat(),
            kv_pool: None,
            kv_limit: None,
            prefill: None,
            sizing: Err(Problem::NoRun),
            ttft: None,
            claims: Vec::new(),
        }
    }

    /// Sizes `scenario` on the run `run_id`. `previous` lends its shared run when unchanged, so
    /// the charts see the same `Rc` and skip work.
    pub fn compute(run_id: &str, scenario: Scenario, previous: &Outcome) -> Outcome {
        let data = dataset();
        let Some(run) = data.run(run_id) else {
            return Outcome { scenario, ..Outcome::empty() };
        };
        let shared = match &previous.run {
            Some(rc) if rc.id == run.id => Rc::clone(rc),
            _ => Rc::new(run.clone()),
        };
        // The run's logged pool, else one computed from its model's architecture and the budget.
        let kv_limit = run_kv_limit(run, scenario.context_tokens);
        let kv_pool = kv_limit.cited(data).map(|c| Cited { value: c.value, cited_id: c.cited_id, source: c.source });
        let logged = kv_limit.logged.map(|c| Cited { value: c.value, cited_id: c.cited_id, source: c.source });
        let prefill = data.prefill_tok_s(run).map(|c| Cited { value: c.value, cited_id: c.cited_id, source: c.source });
        let scenario =
            Scenario { kv_pool_tokens: kv_pool.map(|c| c.value), prefill_tok_s: prefill.map(|c| c.value), ..scenario };
        let RunSizing { curve, basis, sizing, ttft } = RunSizing::of(run, &scenario);
        let claims = curve.as_ref().map(|c| claim_checks(run, c, &scenario, logged)).unwrap_or_default();
        Outcome {
            run: Some(shared),
            run_ref: Some(run),
            basis,
            curve,
            scenario,
            kv_pool,
            kv_limit: Some(kv_limit),
            prefill,
            sizing,
            ttft,
            claims,
        }
    }

    /// The sizing, when there is one.
    pub fn sizing(&self) -> Option<&Sizing> {
        self.sizing.as_deref().ok()
    }
}

/// What sizing one run gives, the same for sourced and imported runs: its curve and the figure
/// the curve uses, the core's sizing on it, and the p99 TTFT measured nearest the streams.
pub(crate) struct RunSizing {
    pub curve: Option<Curve>,
    pub basis: Option<CurveBasis>,
    pub sizing: Result<Rc<Sizing>, Problem>,
    pub ttft: Option<TtftNearest>,
}

impl RunSizing {
    /// Sizes `scenario` on `run`'s curve (no curve: [`Problem::NoCurve`]).
    pub(crate) fn of(run: &Run, scenario: &Scenario) -> RunSizing {
        let (curve, basis) = match run.curve() {
            Ok((curve, basis)) => (Some(curve), Some(basis)),
            Err(_) => (None, None),
        };
        let sizing = match &curve {
            None => Err(Problem::NoCurve),
            Some(curve) => size(scenario, curve).map(Rc::new).map_err(Problem::Scenario),
        };
        let concurrency = sizing.as_ref().ok().map(|s| s.fractional_streams).unwrap_or(1.0);
        let ttft = nearest_p99_ttft(run, concurrency);
        RunSizing { curve, basis, sizing, ttft }
    }
}

/// The run's p99 TTFT at the measured concurrency nearest `concurrency` on a log2 scale
/// (the sweeps double: 8, 16, 32), ties to the higher concurrency (the cautious reading).
pub(crate) fn nearest_p99_ttft(run: &Run, concurrency: f64) -> Option<TtftNearest> {
    let target = concurrency.max(1.0).log2();
    run.points
        .iter()
        .filter_map(|point| {
            let figure = point.p99_ttft_ms?;
            let distance = (f64::from(point.concurrency).log2() - target).abs();
            Some((distance, point.concurrency, figure))
        })
        .min_by(|a, b| a.0.total_cmp(&b.0).then(b.1.cmp(&a.1)))
        .map(|(_, concurrency, figure)| TtftNearest { concurrency, p99_s: figure.value / 1000.0, figure })
}

/// Whole users (rounded down, as the core rounds people); 0 for NaN or negative.
fn whole_users(users: f64) -> u64 {
    if users.is_finite() && users > 0.0 { users.floor() as u64 } else { 0 }
}

/// The claims about `run` we can recompute, each with our figure.
fn claim_checks(run: &Run, curve: &Curve, scenario: &Scenario, kv_pool: Option<Cited>) -> Vec<ClaimCheck> {
    dataset()
        .claims
        .iter()
        .filter_map(|claim| {
            let about_run = claim.run.as_deref() == Some(run.id.as_str());
            let ours = match &claim.quantity {
                ClaimQuantity::StreamsAtFloor { floor_tok_s } if about_run => {
                    Recomputed::Streams(curve.streams_at_floor(*floor_tok_s, scenario.interpolation))
                }
                ClaimQuantity::UsersAtFloor { floor_tok_s } if about_run => {
                    // The articles' user counts are chat users by speed on one Spark: the seed's
                    // chat usage at the claim's floor, with the method settings chosen above.
                    let chat = Scenario::chat();
                    let at_floor = Scenario {
                        floor_tok_s: *floor_tok_s,
                        answer_tokens: chat.answer_tokens,
                        interval_s: chat.interval_s,
                        ttft_s: chat.ttft_s,
                        always_busy: false,
                        ..*scenario
                    };
                    Recomputed::Users(size(&at_floor, curve).ok().map(|s| whole_users(s.users_by_speed)))
                }
                ClaimQuantity::KvSessions { context_tokens } => {
                    let pool = kv_pool?;
                    let cites_pool = claim.facts.iter().any(|fact| fact == pool.cited_id);
                    if !(about_run || cites_pool) {
                        return None;
                    }
                    Recomputed::KvSessions(sessions_unrounded(pool.value, *context_tokens))
                }
                _ => return None,
            };
            Some(ClaimCheck { claim, ours })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_run_reproduces_the_seed() {
        let outcome = Outcome::compute(DEFAULT_RUN, Scenario { z: Some(2.33), ..Scenario::chat() }, &Outcome::empty());
        let sizing = outcome.sizing().expect("the default run sizes");
        assert_eq!(sizing.whole_streams, 52);
        assert_eq!(sizing.people, 163);
        assert!(outcome.kv_pool.is_some());
        let ttft = outcome.ttft.expect("GPUwerk logged p99 TTFT");
        assert_eq!(ttft.concurrency, 64);
        assert!((ttft.p99_s - 2.7).abs() < 1e-9);
        assert!(outcome.claims.iter().any(|c| matches!(c.ours, Recomputed::Streams(_))));
    }

    #[test]
    fn user_claims_are_recomputed_for_chat_whatever_the_usage() {
        let agent = Scenario { z: Some(2.33), ..Scenario::coding_agent() };
        let outcome = Outcome::compute(DEFAULT_RUN, agent, &Outcome::empty());
        let users: Vec<Option<u64>> = outcome
            .claims
            .iter()
            .filter_map(|c| match c.ours {
                Recomputed::Users(users) => Some(users),
                _ => None,
            })
            .collect();
        assert!(!users.is_empty());
        assert!(users.iter().all(|u| *u == Some(163)), "{users:?}");
    }

    #[test]
    fn an_unknown_run_has_no_sizing() {
        let outcome = Outcome::compute("nope", Scenario::chat(), &Outcome::empty());
        assert_eq!(outcome.sizing.err(), Some(Problem::NoRun));
    }
}
