//! The whole worked sizing (English seed, "How many people is that? A worked sizing"), with
//! every intermediate value kept so the UI can show its work.

use crate::curve::{Curve, MAX_CONCURRENCY};
use crate::duty::{busy_seconds, duty_cycle};
use crate::headroom::{ErlangC, erlang_c, erlang_c_max_load, normal_max_load, poisson_max_load, z_for_percentile};
use crate::interpolate::StreamsAtFloor;
use crate::kv::{sessions_at_context, sessions_unrounded};
use crate::prefill::{burst_queue_seconds, prefill_demand_tok_s, users_by_prefill_rate};
use crate::scenario::{HeadroomMethod, Scenario, ScenarioError};

/// The limit that caps the number of people.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize), serde(rename_all = "snake_case"))]
pub enum Limit {
    /// Streams that keep each request at or above the speed floor.
    Speed,
    /// Sessions that fit in the KV cache at the context length.
    KvCache,
    /// Prompt tokens per second the prefill rate can read.
    Prefill,
}

/// Every step of a sizing. Users are unrounded (`f64`); people are whole.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Sizing {
    /// Step 1: the per-request speed floor (tok/s).
    pub floor_tok_s: f64,
    /// Step 2: where the curve crosses the floor (fractional), with its bracketing points.
    pub streams: StreamsAtFloor,
    /// Step 2: `streams.streams()`: fractional, 0 when never reached, the highest measured
    /// concurrency when still above the floor (for JSON readers that do not match on `kind`).
    pub fractional_streams: f64,
    /// Step 2: `floor(streams)`; 52.5 gives 52.
    pub whole_streams: u32,
    /// Step 3: the per-request speed used for busy time: the floor (the seed's choice; the
    /// slowest speed any admitted stream runs at, so busy time is not understated).
    pub speed_for_duty_tok_s: f64,
    /// Step 3: seconds one request keeps a stream busy.
    pub busy_s: f64,
    /// Step 3: share of time one user keeps a stream busy (1 if always busy).
    pub duty: f64,
    /// Step 4: the method and percentile used.
    pub headroom: HeadroomMethod,
    pub percentile: f64,
    /// Step 4: the z used (normal approximation only).
    pub z: Option<f64>,
    /// Step 4: the largest average concurrent load on `whole_streams` (the streams themselves
    /// for always-busy users, who each hold one).
    pub max_avg_load: f64,
    /// Step 4, as a queue: requests that would wait for a stream at `max_avg_load`
    /// (`None` with no streams, and for always-busy users, who hold their streams).
    pub wait_at_max_load: Option<ErlangC>,
    /// `max_avg_load / duty`.
    pub users_by_speed: f64,
    /// KV: `kv_pool_tokens / context_tokens` before rounding (112.9 for 924,912 / 8,192).
    pub kv_sessions_unrounded: Option<f64>,
    /// KV: whole sessions that fit, rounded down (112).
    pub kv_sessions: Option<u64>,
    /// KV: the largest average load on `kv_sessions`, by the same headroom method.
    pub kv_max_avg_load: Option<f64>,
    /// KV: `kv_max_avg_load / duty`.
    pub users_by_kv: Option<f64>,
    /// Prefill: prompt tok/s one user demands, `prompt_tokens / interval_s`.
    pub prefill_demand_per_user_tok_s: f64,
    /// Prefill: `prefill_tok_s / prefill_demand_per_user_tok_s`.
    pub users_by_prefill: Option<f64>,
    /// Prefill: seconds to read one prompt alone, `prompt_tokens / prefill_tok_s` (the prefill
    /// part of time to first token before any queueing).
    pub prefill_seconds_per_prompt: Option<f64>,
    /// The limit with the fewest users (ties: Speed, then KvCache, then Prefill).
    pub binding: Limit,
    /// How far the next limit is: `next smallest users / smallest users - 1`
    /// (`None` with one known limit, or when the ratio is not finite, e.g. the smallest is 0).
    pub margin_to_next: Option<f64>,
    /// `floor(min(users))` on one Spark.
    pub people_per_spark: u64,
    pub replicas: u32,
    /// `people_per_spark x replicas`.
    pub people: u64,
    /// True when speed binds and the curve never fell under the floor: "at least".
    pub people_is_lower_bound: bool,
}

impl Sizing {
    /// True when the KV pool was not given: the sessions limit was not checked.
    pub fn kv_unknown(&self) -> bool {
        self.users_by_kv.is_none()
    }

    /// True when the prefill rate was not given: the prefill limit was not checked.
    pub fn prefill_unknown(&self) -> bool {
        self.users_by_prefill.is_none()
    }

    /// The people that `users` per Spark (any limit's, e.g. the next one's) make on this
    /// sizing's replicas: the same rounding as [`Sizing::people`].
    ///
    /// # Formula
    /// `floor(users) x replicas` (the English article's worked sizing: whole people per Spark).
    ///
    /// Bad input: NaN or negative `users` give 0; the product saturates.
    pub fn people_from_users(&self, users: f64) -> u64 {
        whole_people(users).saturating_mul(u64::from(self.replicas))
    }
}

/// Runs the seed's four steps plus the KV and prefill limits.
///
/// # Formula
/// 1. floor; 2. `S = floor(streams_at_floor(floor))`; 3. `busy = answer / floor + ttft`,
///    `duty = min(busy / interval, 1)` (1 if always busy); 4. `load = headroom(S, p)`,
///    `users = load / duty` (English seed, steps 1 to 4). Always-busy users (agents) each hold a
///    stream, so their load is the stream count itself, with no peak headroom (English seed:
///    "one agent is one stream"): `users = S`, and `floor(pool / context)` by KV. KV: sessions cap
///    the streams in flight,
///    so `users_by_kv = headroom(floor(pool / context), p) / duty` (headroom grows with the
///    stream count, so the smaller of the two limits is the one that applies). Prefill:
///    `users = prefill_rate / (prompt / interval)` (average demand equal to the rate). People per
///    Spark = `floor(min(users))`, times independent replicas.
///
/// Bad input: an error, never a value: a scenario outside its ranges is a [`ScenarioError`].
/// Never panics. Stream counts fed to the exact
/// headroom methods are capped at [`MAX_CONCURRENCY`] (KV pools can hold more sessions than any
/// curve measures streams; past that the speed limit binds anyway).
pub fn size(scenario: &Scenario, curve: &Curve) -> Result<Sizing, ScenarioError> {
    scenario.validate()?;
    let floor = scenario.floor_tok_s;
    let streams = curve.streams_at_floor(floor, scenario.interpolation);
    let whole_streams = whole(streams.streams());

    let busy_s = busy_seconds(scenario.answer_tokens, floor, scenario.ttft_s);
    let duty = if scenario.always_busy { 1.0 } else { duty_cycle(busy_s, scenario.interval_s) };

    let z = match scenario.headroom {
        HeadroomMethod::NormalApprox => Some(scenario.z.unwrap_or_else(|| z_for_percentile(scenario.percentile))),
        _ => None,
    };
    // An always-busy user (an agent) holds a stream: its load does not fluctuate, so no peak
    // headroom (English seed: "one agent is one stream").
    let load_on = |servers: u64| {
        if scenario.always_busy {
            servers as f64
        } else {
            max_avg_load(scenario.headroom, servers, scenario.percentile, z)
        }
    };
    let max_avg_load = load_on(u64::from(whole_streams));
    let wait_at_max_load = match whole_streams {
        0 => None,
        s => erlang_c(u64::from(s), max_avg_load).ok(),
    };
    let users_by_speed = max_avg_load / duty;

    let kv_sessions_unrounded = scenario.kv_pool_tokens.map(|pool| sessions_unrounded(pool, scenario.context_tokens));
    let kv_sessions = scenario.kv_pool_tokens.map(|pool| sessions_at_context(pool, scenario.context_tokens));
    let kv_max_avg_load = kv_sessions.map(load_on);
    let users_by_kv = kv_max_avg_load.map(|load| load / duty);

    let prefill_demand_per_user_tok_s = prefill_demand_tok_s(1.0, scenario.prompt_tokens, scenario.interval_s);
    let users_by_prefill =
        scenario.prefill_tok_s.map(|rate| users_by_prefill_rate(rate, prefill_demand_per_user_tok_s));
    let prefill_seconds_per_prompt =
        scenario.prefill_tok_s.map(|rate| burst_queue_seconds(1.0, scenario.prompt_tokens, rate));

    let (binding, smallest, margin_to_next) = rank(users_by_speed, users_by_kv, users_by_prefill);
    let people_per_spark = whole_people(smallest);
    Ok(Sizing {
        floor_tok_s: floor,
        streams,
        fractional_streams: streams.streams(),
        whole_streams,
        speed_for_duty_tok_s: floor,
        busy_s,
        duty,
        headroom: scenario.headroom,
        percentile: scenario.percentile,
        z,
        max_avg_load,
        wait_at_max_load,
        users_by_speed,
        kv_sessions_unrounded,
        kv_sessions,
        kv_max_avg_load,
        users_by_kv,
        prefill_demand_per_user_tok_s,
        users_by_prefill,
        prefill_seconds_per_prompt,
        binding,
        margin_to_next,
        people_per_spark,
        replicas: scenario.replicas,
        people: people_per_spark.saturating_mul(u64::from(scenario.replicas)),
        people_is_lower_bound: binding == Limit::Speed && streams.is_lower_bound(),
    })
}

/// The largest average load on `streams` whole streams at percentile `p`, by `method` (step 4
/// on its own, e.g. to chart users against streams).
///
/// # Formula
/// NormalApprox: [`normal_max_load`]`(S, z)` with `z` or, when `None`, [`z_for_percentile`]`(p)`;
/// ExactPoisson: [`poisson_max_load`]`(S, p)`; ErlangC: [`erlang_c_max_load`]`(S, 1 - p)`. The
/// exact methods count at most [`MAX_CONCURRENCY`] streams.
///
/// Bad input: as each method's function documents; and `S = 0` gives 0 for every method: no stream keeps the floor, so nobody is served at it. (The
/// Poisson quantile alone would allow a load of `-ln p`, e.g. 0.01 at p = 0.99: the load at which
/// nobody is in flight 99 % of the time, which serves no one.)
pub fn max_avg_load(method: HeadroomMethod, streams: u64, p: f64, z: Option<f64>) -> f64 {
    if streams == 0 {
        return 0.0;
    }
    let capped = streams.min(MAX_CONCURRENCY as u64);
    match method {
        HeadroomMethod::NormalApprox => normal_max_load(streams as f64, z.unwrap_or_else(|| z_for_percentile(p))),
        HeadroomMethod::ExactPoisson => poisson_max_load(capped, p),
        HeadroomMethod::ErlangC => erlang_c_max_load(capped, 1.0 - p),
    }
}

/// `floor(streams)` as a whole stream count (0 for NaN or negative, saturating).
fn whole(streams: f64) -> u32 {
    let floored = libm::floor(streams);
    if floored.is_nan() || floored <= 0.0 { 0 } else { floored as u32 }
}

/// `floor(users)` as whole people (0 for NaN or negative, saturating).
fn whole_people(users: f64) -> u64 {
    let floored = libm::floor(users);
    if floored.is_nan() || floored <= 0.0 { 0 } else { floored as u64 }
}

/// The binding limit, its users, and the margin to the next limit.
fn rank(speed: f64, kv: Option<f64>, prefill: Option<f64>) -> (Limit, f64, Option<f64>) {
    let candidates = [(Limit::Speed, Some(speed)), (Limit::KvCache, kv), (Limit::Prefill, prefill)];
    let mut best = (Limit::Speed, speed);
    let mut second: Option<f64> = None;
    for (limit, users) in candidates.into_iter().skip(1) {
        let Some(users) = users else { continue };
        if users < best.1 {
            second = Some(best.1);
            best = (limit, users);
        } else if second.is_none_or(|s| users < s) {
            second = Some(users);
        }
    }
    let margin = second.filter(|_| best.1 > 0.0).map(|next| next / best.1 - 1.0).filter(|m| m.is_finite());
    (best.0, best.1, margin)
}
