//! The team size at which the simulation stops keeping the promise, beside the formula's.

use crate::scenario::{Scenario, ScenarioError};
use crate::sim::input::{MAX_SIM_USERS, Machine, SimError, SimRequest};
use crate::sim::report::{Percentiles, SimReport};
use crate::sim::simulate;
use crate::sizing::{Sizing, size};
use alloc::vec::Vec;
use core::fmt;

/// Simulations one sweep runs at most (doubling or halving to a bracket, then bisection).
const MAX_RUNS: usize = 40;

/// One simulated team size.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct SweepPoint {
    pub users: u32,
    pub requests: u64,
    pub mean_in_flight: f64,
    pub share_requests_at_floor: f64,
    pub speed_tok_s: Option<Percentiles>,
    pub p99_ttft_s: f64,
    pub holds: bool,
}

/// The sweep's answer beside the formula's, with every team size simulated.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct SweepReport {
    /// The formula's people on one Spark for the same scenario and run ([`crate::size`]).
    pub formula_people: u64,
    /// The largest team size simulated that kept the floor for `percentile` of requests
    /// (0 if even one user did not).
    pub simulated_people: u32,
    /// The smallest team size simulated that did not (`None`: held up to [`MAX_SIM_USERS`]).
    pub first_failing: Option<u32>,
    /// Every size simulated, in increasing order.
    pub points: Vec<SweepPoint>,
}

/// Why a sweep cannot run.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(tag = "kind", content = "error", rename_all = "snake_case")
)]
pub enum SweepError {
    Scenario(ScenarioError),
    Simulation(SimError),
}

impl fmt::Display for SweepError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SweepError::Scenario(e) => e.fmt(f),
            SweepError::Simulation(e) => e.fmt(f),
        }
    }
}

impl core::error::Error for SweepError {}

/// The formula's sizing of `scenario` on one Spark of `machine`: its curve and interpolation,
/// and its KV pool and prefill rate as the KV and prefill limits.
fn size_on_machine(scenario: &Scenario, machine: &Machine) -> Result<Sizing, SweepError> {
    let formula = Scenario {
        kv_pool_tokens: machine.kv_pool_tokens,
        prefill_tok_s: machine.prefill_tok_s,
        interpolation: machine.interpolation,
        replicas: 1,
        ..*scenario
    };
    size(&formula, &machine.curve).map_err(SweepError::Scenario)
}

/// The question [`simulate_sizing`] asks: the formula's sizing of `scenario` on one Spark of
/// `machine`, and the simulation request for that many users of the scenario (default window).
/// For callers that run the simulation in slices ([`crate::sim::Simulation`]).
///
/// # Errors
/// The scenario's error if it cannot be sized; [`SimError::NoUsers`] if the sizing allows nobody.
pub fn sizing_request(scenario: &Scenario, machine: &Machine) -> Result<(Sizing, SimRequest), SweepError> {
    let sizing = size_on_machine(scenario, machine)?;
    let users = sizing.people_per_spark.min(u64::from(u32::MAX)) as u32;
    let request = SimRequest::from_scenario(scenario, users);
    request.validate(machine).map_err(SweepError::Simulation)?;
    Ok((sizing, request))
}

/// Does the sizing hold? Sizes `scenario` on `machine` (one Spark), then simulates that many
/// users of the scenario (the default window: 4 simulated hours or 20,000 requests).
///
/// # Errors
/// The scenario's error if it cannot be sized; [`SimError::NoUsers`] if the sizing allows
/// nobody (e.g. the curve never reaches the floor), since there is no team to simulate.
pub fn simulate_sizing(scenario: &Scenario, machine: &Machine, seed: u64) -> Result<(Sizing, SimReport), SweepError> {
    let (sizing, request) = sizing_request(scenario, machine)?;
    let report = simulate(&request, machine, seed).map_err(SweepError::Simulation)?;
    Ok((sizing, report))
}

/// The sweep's search, one team size at a time, for callers that run each simulation in slices
/// (the widget). [`sweep_team_size`] drives it to the end in one call.
///
/// # Method
/// The formula's answer first; then doubling (if it held) or halving (if not) until a size that
/// holds and one that fails bracket the crossing, then bisection to neighbouring sizes; at most
/// [`MAX_RUNS`] simulations.
#[derive(Clone, Debug, PartialEq)]
pub struct SweepSearch {
    formula_people: u64,
    start: u32,
    /// Largest size known to hold (0: none yet).
    lo: u32,
    /// Smallest size known to fail.
    hi: Option<u32>,
    runs: usize,
    points: Vec<SweepPoint>,
}

impl SweepSearch {
    /// Starts the search at the formula's people (clamped to 1..=[`MAX_SIM_USERS`]).
    pub fn new(formula_people: u64) -> SweepSearch {
        let start = formula_people.clamp(1, u64::from(MAX_SIM_USERS)) as u32;
        SweepSearch { formula_people, start, lo: 0, hi: None, runs: 0, points: Vec::new() }
    }

    /// The team size to simulate next, `None` once the search is over.
    pub fn next_users(&self) -> Option<u32> {
        if self.runs == 0 {
            return Some(self.start);
        }
        if self.runs >= MAX_RUNS {
            return None;
        }
        match self.hi {
            None if self.lo < MAX_SIM_USERS => Some(self.lo.saturating_mul(2).min(MAX_SIM_USERS)),
            None => None,
            Some(h) if self.lo == 0 => (h > 1).then_some(h / 2),
            Some(h) => (h - self.lo > 1).then(|| self.lo + (h - self.lo) / 2),
        }
    }

    /// Records the simulation of `users` users (the size [`SweepSearch::next_users`] gave).
    pub fn record(&mut self, users: u32, report: &SimReport) {
        self.runs += 1;
        if !self.points.iter().any(|p| p.users == users) {
            self.points.push(SweepPoint {
                users,
                requests: report.requests,
                mean_in_flight: report.mean_in_flight,
                share_requests_at_floor: report.share_requests_at_floor,
                speed_tok_s: report.speed_tok_s,
                p99_ttft_s: report.p99_ttft_s,
                holds: report.holds,
            });
        }
        if report.holds {
            self.lo = self.lo.max(users);
        } else {
            self.hi = Some(self.hi.map_or(users, |h| h.min(users)));
        }
    }

    /// Simulations recorded so far.
    pub fn runs(&self) -> usize {
        self.runs
    }

    /// The answer so far (final once [`SweepSearch::next_users`] gives `None`).
    pub fn report(&self) -> SweepReport {
        let mut points = self.points.clone();
        points.sort_by_key(|p| p.users);
        SweepReport { formula_people: self.formula_people, simulated_people: self.lo, first_failing: self.hi, points }
    }
}

/// The simulation request of one sweep point: `users` users of the scenario, bounded by
/// `window_s` and `max_requests`.
pub fn sweep_request(scenario: &Scenario, users: u32, window_s: f64, max_requests: u32) -> SimRequest {
    SimRequest { window_s, max_requests, ..SimRequest::from_scenario(scenario, users) }
}

/// Simulates teams of the scenario's users on `machine` and finds where the simulated share of
/// requests at the floor falls under the percentile.
///
/// # Method
/// The formula's answer first (`size` with the machine's KV pool and prefill rate, one Spark);
/// then the search of [`SweepSearch`]. Every run uses the same `seed` (common random numbers),
/// so neighbouring sizes differ by the team, not by luck. The simulated share is noisy, so the
/// crossing is where this seed finds it; the points show how sharp it is. `window_s` and
/// `max_requests` bound each run.
pub fn sweep_team_size(
    scenario: &Scenario,
    machine: &Machine,
    seed: u64,
    window_s: f64,
    max_requests: u32,
) -> Result<SweepReport, SweepError> {
    let sizing = size_on_machine(scenario, machine)?;
    let mut search = SweepSearch::new(sizing.people_per_spark);
    while let Some(users) = search.next_users() {
        let request = sweep_request(scenario, users, window_s, max_requests);
        let report = simulate(&request, machine, seed).map_err(SweepError::Simulation)?;
        search.record(users, &report);
    }
    Ok(search.report())
}
