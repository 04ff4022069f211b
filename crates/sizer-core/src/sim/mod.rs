//! Does the sizing hold? A closed-loop simulation of the team's requests against the measured
//! curve, or against the engine fitted to the run's own closed-loop files where the machine
//! carries one ([`Machine::engine`], [`SimModel`]), deterministic from a seed
//! (docs/SIMULATION.md).
//!
//! The sizing promises that, at the chosen load, the requests in flight stay within the streams
//! that keep the speed floor `percentile` of the time. It assumes Poisson arrivals, every request
//! at exactly the floor, no prefill queue and a KV cache that never fills. The simulation drops
//! those assumptions:
//! - **users** ([`SimGroup`]) alternate an exponential think time with mean
//!   `interval - busy_at_floor` (so a run at exactly the floor reproduces the formula's duty) and
//!   one request; agents (`always_busy`) never think;
//! - **the box** ([`Machine`]): every generating request runs at the curve's per-request speed
//!   for the number generating now, interpolated as the sizing does; prompts pass a FIFO prefill
//!   queue at the run's prefill rate (else the run's measured TTFT near the load, else a fixed
//!   TTFT); with a KV pool, requests beyond `floor(pool / context)` sessions wait;
//! - **measurement**: after a warm-up, a window of 4 simulated hours or 20,000 requests,
//!   whichever comes first, kept in histograms (memory independent of the number of requests).
//!
//! On an engine ([`SimModel::Engine`]) the users are the same and the box is
//! [`open_loop`]'s step scheduler: continuous batching, chunked prefill, admission against the
//! KV pool, each step one token for every decoding request; beyond the fit's concurrency the
//! step model extrapolates, and the report says for how long.
//!
//! [`simulate`] returns a [`SimReport`]; [`simulate_sizing`] sizes a scenario and simulates the
//! people it allows; [`sweep_team_size`] finds the team size where the
//! simulated share of requests at the floor falls under the percentile, beside the formula's.
//!
//! [`open_loop`] is the other kind of load: requests per second with gamma arrivals (as
//! `vllm bench serve` sends them) on an engine whose step time is fitted to the run's own
//! closed-loop points, simulated step by step with chunked prefill and KV admission.
//!
//! # Example
//! ```
//! use sizer_core::Curve;
//! use sizer_core::sim::{Machine, SimGroup, SimRequest, simulate};
//!
//! let curve = Curve::from_per_request(&[(1.0, 81.2), (8.0, 37.3), (32.0, 18.4), (64.0, 13.1)])?;
//! let request = SimRequest { groups: vec![SimGroup::chat(40)], max_requests: 2_000, ..SimRequest::default() };
//! let report = simulate(&request, &Machine::from_curve(curve), 7)?;
//! assert_eq!(report.requests, 2_000);
//! assert!(report.holds); // 40 chat users are far below the 163 the formula allows
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub mod closed_load;
mod curve_team;
mod engine_team;
mod histogram;
mod input;
pub mod open_loop;
mod predict;
mod report;
mod rng;
mod simulation;
mod speed;
mod sweep;
mod tally;
mod timer;

pub use histogram::{CountHistogram, LogHistogram};
pub use input::{MAX_SIM_USERS, Machine, MedianTtftPoint, SimError, SimField, SimGroup, SimRequest};
pub use predict::{MAX_USERS_FOR_CONVOLUTION, binomial_pmf, finite_population_shares, poisson_shares};
pub use report::{InFlightShare, Percentiles, SimModel, SimReport, StopReason, TtftModel};
pub use rng::SplitMix64;
pub use simulation::Simulation;
pub use speed::{speed_table, ttft_table};
pub use sweep::{
    SweepError, SweepPoint, SweepReport, SweepSearch, simulate_sizing, sizing_request, sweep_request, sweep_team_size,
};

/// Runs one simulation to its end.
///
/// Never panics; an invalid request or machine is an error. Same request, machine and seed give
/// the same report, natively and in wasm (integer PRNG, `libm` floats, deterministic tie order).
pub fn simulate(request: &SimRequest, machine: &Machine, seed: u64) -> Result<SimReport, SimError> {
    let mut sim = Simulation::new(request, machine, seed)?;
    while !sim.advance(1 << 20) {}
    Ok(sim.report())
}
