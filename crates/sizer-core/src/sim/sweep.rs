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

/// Does the sizing hold? Sizes `scenario` on `machine` (one Spark), then simulates that many
/// users of the scenario (the default window: 4 simulated hours or 20,000 requests).
///
/// # Errors
/// The scenario's error if it cannot be sized; [`SimError::NoUsers`] if the sizing allows
/// nobody (e.g. the curve never reaches the floor), since there is no team to simulate.
pub fn simulate_sizing(scenario: &Scenario, machine: &Machine, seed: u64) -> Result<(Sizing, SimReport), SweepError> {
    let sizing = size_on_machine(scenario, machine)?;
    let users = sizing.people_per_spark.min(u64::from(u32::MAX)) as u32;
    let request = SimRequest::from_scenario(scenario, users);
    let report = simulate(&request, machine, seed).map_err(SweepError::Simulation)?;
    Ok((sizing, report))
}

/// Simulates teams of the scenario's users on `machine` and finds where the simulated share of
/// requests at the floor falls under the percentile.
///
/// # Method
/// The formula's answer first (`size` with the machine's KV pool and prefill rate, one Spark);
/// then the simulation at that size, doubling (if it held) or halving (if not) until a size that
/// holds and one that fails bracket the crossing, then bisection to neighbouring sizes. Every
/// run uses the same `seed` (common random numbers), so neighbouring sizes differ by the team,
/// not by luck. The simulated share is noisy, so the crossing is where this seed finds it; the
/// points show how sharp it is. `window_s` and `max_requests` bound each run.
pub fn sweep_team_size(
    scenario: &Scenario,
    machine: &Machine,
    seed: u64,
    window_s: f64,
    max_requests: u32,
) -> Result<SweepReport, SweepError> {
    let sizing = size_on_machine(scenario, machine)?;
    let mut points: Vec<SweepPoint> = Vec::new();
    let mut run = |users: u32| -> Result<bool, SweepError> {
        if let Some(p) = points.iter().find(|p| p.users == users) {
            return Ok(p.holds);
        }
        let request = SimRequest { window_s, max_requests, ..SimRequest::from_scenario(scenario, users) };
        let report = simulate(&request, machine, seed).map_err(SweepError::Simulation)?;
        points.push(SweepPoint {
            users,
            requests: report.requests,
            mean_in_flight: report.mean_in_flight,
            share_requests_at_floor: report.share_requests_at_floor,
            speed_tok_s: report.speed_tok_s,
            p99_ttft_s: report.p99_ttft_s,
            holds: report.holds,
        });
        Ok(report.holds)
    };

    let start = sizing.people_per_spark.clamp(1, u64::from(MAX_SIM_USERS)) as u32;
    // `lo` holds (0: nothing known to hold), `hi` fails (None: nothing known to fail).
    let (mut lo, mut hi): (u32, Option<u32>) = if run(start)? { (start, None) } else { (0, Some(start)) };
    let mut runs = 1;
    while hi.is_none() && lo < MAX_SIM_USERS && runs < MAX_RUNS {
        let next = lo.saturating_mul(2).min(MAX_SIM_USERS);
        runs += 1;
        if run(next)? { lo = next } else { hi = Some(next) }
    }
    while lo == 0 && runs < MAX_RUNS {
        let Some(h) = hi else { break };
        if h <= 1 {
            break;
        }
        let next = h / 2;
        runs += 1;
        if run(next)? { lo = next } else { hi = Some(next) }
    }
    while let Some(h) = hi {
        if h - lo <= 1 || runs >= MAX_RUNS {
            break;
        }
        let mid = lo + (h - lo) / 2;
        runs += 1;
        if run(mid)? { lo = mid } else { hi = Some(mid) }
    }
    points.sort_by_key(|p| p.users);
    Ok(SweepReport { formula_people: sizing.people_per_spark, simulated_people: lo, first_failing: hi, points })
}
