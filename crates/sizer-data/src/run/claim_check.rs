//! The articles' claims about a run beside our recomputation of them, with the settings the
//! person chose (interpolation, headroom method, percentile): the widget shows both.

use sizer_core::{Curve, Scenario, StreamsAtFloor, sessions_unrounded, size};

use crate::dataset::lookup::CitedValue;
use crate::dataset::model::{Claim, ClaimQuantity, Dataset, Run};

/// What our recomputation gives for one of the article's claims about a run.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Recomputed {
    /// Streams at the claim's floor, read off the run's points by the chosen interpolation.
    Streams(StreamsAtFloor),
    /// Chat users by speed at the claim's floor on one Spark (the article's chat usage, the
    /// chosen method); `None` when the core rejects the scenario.
    Users(Option<u64>),
    /// Sessions of the claim's context in the run's KV pool, unrounded.
    KvSessions(f64),
}

/// A claim and our recomputation of it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ClaimCheck<'a> {
    /// The claim as the dataset stores it.
    pub claim: &'a Claim,
    /// What we get.
    pub ours: Recomputed,
}

impl Dataset {
    /// The claims about `run` we can recompute, each with our figure: streams and users at a
    /// floor for claims tied to the run, KV sessions for claims tied to the run or to the fact
    /// that supplies `kv_pool`.
    pub fn claim_checks(
        &self,
        run: &Run,
        curve: &Curve,
        scenario: &Scenario,
        kv_pool: Option<CitedValue<'_>>,
    ) -> Vec<ClaimCheck<'_>> {
        self.claims
            .iter()
            .filter_map(|claim| Some(ClaimCheck { claim, ours: recompute(claim, run, curve, scenario, kv_pool)? }))
            .collect()
    }
}

fn recompute(
    claim: &Claim,
    run: &Run,
    curve: &Curve,
    scenario: &Scenario,
    kv_pool: Option<CitedValue<'_>>,
) -> Option<Recomputed> {
    let about_run = claim.run.as_deref() == Some(run.id.as_str());
    match &claim.quantity {
        ClaimQuantity::StreamsAtFloor { floor_tok_s } if about_run => {
            Some(Recomputed::Streams(curve.streams_at_floor(*floor_tok_s, scenario.interpolation)))
        }
        ClaimQuantity::UsersAtFloor { floor_tok_s } if about_run => {
            // The articles' user counts are chat users by speed on one Spark: the article's chat
            // usage at the claim's floor, with the method settings chosen, no other limit.
            let chat = Scenario::chat();
            let at_floor = Scenario {
                floor_tok_s: *floor_tok_s,
                answer_tokens: chat.answer_tokens,
                interval_s: chat.interval_s,
                ttft_s: chat.ttft_s,
                always_busy: false,
                kv_pool_tokens: None,
                prefill_tok_s: None,
                replicas: 1,
                ..*scenario
            };
            Some(Recomputed::Users(size(&at_floor, curve).ok().map(|s| s.people_per_spark)))
        }
        ClaimQuantity::KvSessions { context_tokens } => {
            let pool = kv_pool?;
            let cites_pool = claim.facts.iter().any(|fact| fact == pool.cited_id);
            (about_run || cites_pool).then(|| Recomputed::KvSessions(sessions_unrounded(pool.value, *context_tokens)))
        }
        _ => None,
    }
}
