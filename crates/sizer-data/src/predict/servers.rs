//! How many servers of one run a load needs: the load split evenly over `n` copies of the run's
//! server (each request to one picked at random), the fewest `n` whose predicted p95 TTFT stays
//! under a target with the queue bounded ([`ServerSearch`], a step at a time so a page can
//! yield between predictions).
//!
//! The rules: a server "keeps" the load when its predicted p95 TTFT is strictly under the target
//! (the arena's capacity rule, `suite::capacity_of`) and it is not overloaded
//! ([`Prediction::overload`]); each server sees `rate / n` with the thinned arrivals' shape
//! (`sizer_core`'s `split_burstiness`); the TTFT falls as `n` grows (fewer arrivals each), so the
//! search doubles `n` from a lower bound until one keeps the target, then halves the gap. An
//! overloaded single server completes what it can, so `rate / completed` servers are needed at
//! least. At most [`MAX_SERVERS`] are tried: at most about 12 predictions a run.

use crate::predict::engine::PredictEngine;
use crate::predict::load::PredictLoad;
use crate::predict::prediction::{Prediction, sweep_load};
use sizer_core::sim::open_loop::split_burstiness;

/// The most servers tried (a load needing more is beyond this page's question).
pub const MAX_SERVERS: u32 = 64;

/// The load one of `servers` servers sees, sending what a sweep step at its rate sends
/// ([`sweep_load`]).
///
/// # Formula
/// `rate = load rate / servers`, `shape = split_burstiness(load shape, servers)` (random
/// splitting), the lengths unchanged.
pub fn server_load(load: &PredictLoad, servers: u32) -> PredictLoad {
    let servers = servers.max(1);
    let rate = load.rate_per_s / f64::from(servers);
    let burstiness = split_burstiness(load.burstiness, servers);
    sweep_load(&PredictLoad { rate_per_s: rate, burstiness, ..*load }, rate)
}

/// Whether one server's prediction keeps the target: p95 TTFT strictly under it, queue bounded.
pub fn keeps(prediction: &Prediction, target_s: f64) -> bool {
    prediction.overload.is_none() && prediction.ttft_s.p95 < target_s
}

/// What the search found.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum ServersNeeded {
    /// This many servers keep the target, each at this prediction.
    Keep { servers: u32, prediction: Prediction },
    /// Even [`MAX_SERVERS`] do not (each at the prediction shown): the target is under what the
    /// engine gives a lone request of these lengths, or the load is very large.
    NotWithin { prediction: Prediction },
}

/// The search for the fewest servers, a prediction a step.
#[derive(Clone, Debug, PartialEq)]
pub struct ServerSearch {
    load: PredictLoad,
    target_s: f64,
    /// The load on one server, once predicted.
    one: Option<Prediction>,
    /// The most servers known not to keep the target (0 before any try).
    failing: u32,
    /// The fewest servers known to keep it, with their prediction.
    keeping: Option<(u32, Prediction)>,
    /// The prediction at the most servers tried that failed.
    failed: Option<Prediction>,
    /// How many predictions ran.
    pub steps: u32,
}

impl ServerSearch {
    /// A search for `load` (the whole load, as one server would see it) and a p95 TTFT target.
    pub fn new(load: PredictLoad, target_s: f64) -> ServerSearch {
        ServerSearch { load, target_s, one: None, failing: 0, keeping: None, failed: None, steps: 0 }
    }

    /// The load on one server, once predicted.
    pub fn one(&self) -> Option<&Prediction> {
        self.one.as_ref()
    }

    /// The next number of servers to predict, `None` once the search is over.
    fn next(&self) -> Option<u32> {
        if self.one.is_none() {
            return Some(1);
        }
        match self.keeping {
            Some((keep, _)) => (keep - self.failing > 1).then(|| self.failing + (keep - self.failing) / 2),
            None if self.failing >= MAX_SERVERS => None,
            None => {
                // Doubling, from the lower bound an overloaded server gives.
                let bound = self.one.and_then(|p| p.overload).map_or(0.0, |o| {
                    if o.completed_per_s > 0.0 { (o.arrival_per_s / o.completed_per_s).ceil() } else { 0.0 }
                });
                let doubled = f64::from(self.failing) * 2.0;
                Some(doubled.max(bound).min(f64::from(MAX_SERVERS)) as u32)
            }
        }
    }

    /// Predicts the next number of servers; `Ok(false)` once the search is over.
    ///
    /// # Errors
    /// The data's sentence when the load cannot run on this engine.
    pub fn step(&mut self, engine: &PredictEngine) -> Result<bool, String> {
        let Some(servers) = self.next() else { return Ok(false) };
        let prediction = engine.predict(&server_load(&self.load, servers))?;
        self.steps += 1;
        if servers == 1 {
            self.one = Some(prediction);
        }
        if keeps(&prediction, self.target_s) {
            self.keeping = Some((servers, prediction));
        } else {
            self.failing = servers;
            self.failed = Some(prediction);
        }
        Ok(self.next().is_some())
    }

    /// What was found, once the search is over.
    pub fn outcome(&self) -> Option<ServersNeeded> {
        if self.next().is_some() {
            return None;
        }
        Some(match (self.keeping, self.failed) {
            (Some((servers, prediction)), _) => ServersNeeded::Keep { servers, prediction },
            (None, Some(prediction)) => ServersNeeded::NotWithin { prediction },
            // A search ends only after a try, which either kept or failed.
            (None, None) => return None,
        })
    }

    /// The search to its end.
    ///
    /// # Errors
    /// As [`ServerSearch::step`].
    pub fn run(mut self, engine: &PredictEngine) -> Result<(ServerSearch, Option<ServersNeeded>), String> {
        while self.step(engine)? {}
        let outcome = self.outcome();
        Ok((self, outcome))
    }
}
