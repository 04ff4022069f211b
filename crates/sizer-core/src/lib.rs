//! Spark Sizer's sizing math: how many people one DGX Spark (or several) serves with a model,
//! from a published concurrency curve. `no_std` + `alloc`, no unsafe, floats from `libm`.
//!
//! The steps follow the English seed's worked sizing ("How many people is that?"):
//! [`curve`] holds the measured points, [`interpolate`] reads streams off the curve at a speed
//! floor, [`duty`] turns a request pattern into the share of time a user is busy, [`headroom`]
//! keeps a percentile of the in-flight count under the streams, and [`sizing`] runs them all,
//! plus the [`kv`] cache and [`prefill`] limits, keeping every intermediate value.
//! [`roofline`] is the bandwidth sanity check on single-stream speed; [`memory`] plans the
//! budget of models kept loaded together (weights, then the KV pool each model gets). [`team`]
//! plans a whole team (groups of chat and agent users) on a run: people per system by four limits
//! (the fourth is the measured p99 time to first token, [`ttft`]), the systems it needs and an
//! uncertainty band; [`sim`] simulates the team's requests on the measured curve.
//!
//! # Rounding policy
//! Only whole things are rounded, always down, because a fraction of one does not exist:
//! - whole streams = `floor(fractional streams)`: 52.5 gives 52 (a 53rd stream would run under
//!   the floor);
//! - KV sessions = `floor(pool / context)`: 924,912 / 8,192 = 112.9 gives 112. The seed prints
//!   113 (rounded to nearest); we show 112 because a 113th full-length session does not fit, and
//!   keep the unrounded 112.9 in [`Sizing::kv_sessions_unrounded`] so the UI can show both;
//! - people = `floor(users)` where users = max average load / duty: 163.5 gives 163, then times
//!   the replicas (each independent Spark serves its own whole people).
//!
//! Every other value (fractional streams, loads, users by each limit) stays unrounded in
//! [`Sizing`]; formatting is the caller's job.
//!
//! # Bad-input policy
//! Constructors and [`size`] validate once and return a `Result` with a one-sentence error. The
//! free math functions are total instead: they never panic, and each `# Formula` section ends
//! with a `Bad input:` line saying what an input outside its domain gives, by one rule:
//! - a count of whole things (streams, sessions, people) gives 0: nobody is served by an
//!   impossible configuration, and 0 whole streams serve nobody whatever the headroom method;
//! - a share of time (duty) gives 1, the conservative reading;
//! - a load or probability gives the limit the formula tends to (documented per function);
//! - everything else follows IEEE arithmetic (NaN in, NaN out; `x / 0` is ±inf), which the
//!   validated callers never feed.
//!
//! # Example: the seed's worked sizing
//! ```
//! use sizer_core::{Curve, Limit, Scenario, size};
//!
//! // GPUwerk's Qwen3-Coder-30B-A3B: per-request tok/s at 1, 8, 32, 64 concurrent requests.
//! let curve = Curve::from_per_request(&[(1.0, 81.2), (8.0, 37.3), (32.0, 18.4), (64.0, 13.1)])?;
//! // 15 tok/s floor, a 400-token answer every 120 s, 1 s to first token, p99 with z = 2.33.
//! let sizing = size(&Scenario { z: Some(2.33), ..Scenario::chat() }, &curve)?;
//! assert_eq!(sizing.whole_streams, 52); // 52.5 streams, rounded down
//! assert!((sizing.duty - 0.2306).abs() < 1e-4); // 27.7 s busy of every 120 s
//! assert!((sizing.max_avg_load - 37.69).abs() < 0.01); // avg + 2.33 sqrt(avg) = 52
//! assert_eq!((sizing.people, sizing.binding), (163, Limit::Speed));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
#![no_std]
#![forbid(unsafe_code)]

extern crate alloc;

pub mod architecture;
pub mod curve;
pub mod duty;
pub mod headroom;
pub mod interpolate;
pub mod kv;
pub mod memory;
pub mod prefill;
pub mod prompt_wait;
pub mod rate;
pub mod roofline;
pub mod scenario;
pub mod sim;
pub mod sizing;
pub mod team;
pub mod ttft;

pub use curve::{Column, Curve, CurveError, MAX_CONCURRENCY, Point, SpeedFigure};
pub use duty::{busy_seconds, duty_cycle};
pub use headroom::{
    ErlangC, ErlangCError, binomial_cdf, binomial_max_users, binomial_pmf, binomial_quantile, engset_blocking,
    erlang_b, erlang_c, erlang_c_max_load, finite_population_people, normal_cdf, normal_max_load, poisson_cdf,
    poisson_ln_pmf, poisson_max_load, poisson_pmf, poisson_quantile, regularized_incomplete_beta, z_for_percentile,
};
pub use interpolate::{Interpolation, StreamsAtFloor};
pub use kv::{KvArchitecture, KvError, kv_pool_bytes, kv_pool_tokens, sessions_at_context, sessions_unrounded};
pub use memory::{
    BYTES_PER_GB, MemoryError, MemoryPlan, ModelPart, ResidentModel, kv_left_gb, plan_memory, pool_shares,
};
pub use prefill::{burst_mean_wait_seconds, burst_queue_seconds, prefill_demand_tok_s, users_by_prefill_rate};
pub use prompt_wait::{CEILING_PERCENTILE, PromptTtft};
pub use rate::{RateError, request_rate_per_s};
pub use roofline::{decode_ceiling_tok_s, efficiency, gb_read_per_token};
pub use scenario::{HeadroomMethod, Scenario, ScenarioError, ScenarioField, ValidRange};
pub use sizing::{Limit, Sizing, max_avg_load, size};
pub use team::{
    Band, CapacityMemo, FiniteComparison, Group, PerSystem, RunLimits, Team, TeamError, TeamField, TeamHeadroom,
    TeamLimit, TeamPlan, TeamSettings, finite_comparison, plan, plan_with,
};
pub use ttft::{ConcurrencyUnderCeiling, TtftCurve, TtftCurveError, TtftPoint};
