//! What a simulation is asked: the team (groups of users), the machine (the measured curve and
//! the run's prefill, KV and TTFT figures) and the settings, each validated once.

use crate::curve::Curve;
use crate::interpolate::Interpolation;
use crate::scenario::Scenario;
use crate::sim::open_loop::EngineModel;
use alloc::vec::Vec;
use core::fmt;

/// The largest team the simulation accepts: per-user state and the in-flight histogram grow with
/// the team (never with the number of requests), so this bounds its memory (a few MB).
pub const MAX_SIM_USERS: u32 = 100_000;

/// One group of identical users.
///
/// Each user alternates thinking (an exponential time with mean `interval_s - busy_at_floor`,
/// where `busy_at_floor = answer_tokens / floor + ttft_s`, the formula's own busy time) and one
/// request of `prompt_tokens` in and `answer_tokens` out. An `always_busy` user (an agent) sends
/// its next request the moment the last one finishes.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize), serde(default))]
pub struct SimGroup {
    /// Users in the group (0 is allowed; the team needs at least one user in all).
    pub count: u32,
    /// Generated tokens per answer: 400 for the seed's chat user.
    pub answer_tokens: f64,
    /// Seconds between the starts of one user's requests when every answer runs at the floor:
    /// 120 for the seed's chat user. Ignored when `always_busy`.
    pub interval_s: f64,
    /// Prompt tokens per request (read by the prefill queue): 512, GPUwerk's test prompt.
    pub prompt_tokens: f64,
    /// No think time: the next request follows the last at once (a coding agent).
    pub always_busy: bool,
}

impl Default for SimGroup {
    /// One chat user as in the English seed's worked sizing.
    fn default() -> SimGroup {
        SimGroup::chat(1)
    }
}

impl SimGroup {
    /// `count` chat users of the English seed: a 400-token answer every 120 s, 512-token prompts.
    pub fn chat(count: u32) -> SimGroup {
        SimGroup { count, answer_tokens: 400.0, interval_s: 120.0, prompt_tokens: 512.0, always_busy: false }
    }

    /// `count` users with a scenario's request pattern.
    pub fn from_scenario(scenario: &Scenario, count: u32) -> SimGroup {
        SimGroup {
            count,
            answer_tokens: scenario.answer_tokens,
            interval_s: scenario.interval_s,
            prompt_tokens: scenario.prompt_tokens,
            always_busy: scenario.always_busy,
        }
    }
}

/// The run's time to first token at one concurrency (e.g. the median TTFT of its log).
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct MedianTtftPoint {
    /// Requests in flight when it was measured.
    pub concurrency: f64,
    /// Seconds to the first token.
    pub ttft_s: f64,
}

/// The box the team runs on: the measured curve and what else the run measured.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Machine {
    /// Per-request generated tok/s against requests generating at once.
    pub curve: Curve,
    /// How to read the curve between points (as the sizing does).
    #[cfg_attr(feature = "serde", serde(default))]
    pub interpolation: Interpolation,
    /// The run's prefill rate (prompt tok/s): prompts pass a FIFO queue read at this rate.
    #[cfg_attr(feature = "serde", serde(default))]
    pub prefill_tok_s: Option<f64>,
    /// The run's KV pool in tokens: `floor(pool / context_tokens)` sessions at once.
    #[cfg_attr(feature = "serde", serde(default))]
    pub kv_pool_tokens: Option<f64>,
    /// Measured TTFT by concurrency, used when there is no prefill rate. Empty: a fixed
    /// [`SimRequest::ttft_s`] per request.
    #[cfg_attr(feature = "serde", serde(default))]
    pub ttft_points: Vec<MedianTtftPoint>,
    /// The engine fitted to the run's own closed-loop files, where the run has them: the
    /// simulation then runs the team step by step on it ([`crate::sim::SimModel::Engine`]), and
    /// the curve gives only the streams at the floor the report compares with. Never read from
    /// JSON: an engine comes from a fit, not from a caller's numbers.
    #[cfg_attr(feature = "serde", serde(skip))]
    pub engine: Option<EngineModel>,
}

impl Machine {
    /// The curve alone: no prefill queue, no KV cap, the request's fixed TTFT.
    pub fn from_curve(curve: Curve) -> Machine {
        Machine {
            curve,
            interpolation: Interpolation::Linear,
            prefill_tok_s: None,
            kv_pool_tokens: None,
            ttft_points: Vec::new(),
            engine: None,
        }
    }
}

/// A simulation question: the team, the floor and percentile of the sizing, and the window.
/// The seed is passed separately (see [`crate::sim::simulate`]).
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize), serde(default))]
pub struct SimRequest {
    /// The team.
    pub groups: Vec<SimGroup>,
    /// Per-request speed floor, tok/s: 15.
    pub floor_tok_s: f64,
    /// Share of requests that must keep the floor for the sizing to hold: 0.99.
    pub percentile: f64,
    /// The formula's seconds to first token (in `busy_at_floor`, hence in the think time), and
    /// the TTFT of every request when the machine has neither a prefill rate nor TTFT points: 1.
    pub ttft_s: f64,
    /// Tokens one session holds in the KV cache, for the session cap: 8,192.
    pub context_tokens: f64,
    /// Simulated seconds before measuring; `None`: five of the longest request cycle.
    pub warmup_s: Option<f64>,
    /// Simulated seconds measured at most: 14,400 (4 hours).
    pub window_s: f64,
    /// Requests measured at most (finished inside the window): 20,000.
    pub max_requests: u32,
}

impl Default for SimRequest {
    fn default() -> SimRequest {
        SimRequest {
            groups: Vec::new(),
            floor_tok_s: 15.0,
            percentile: 0.99,
            ttft_s: 1.0,
            context_tokens: 8_192.0,
            warmup_s: None,
            window_s: 14_400.0,
            max_requests: 20_000,
        }
    }
}

impl SimRequest {
    /// `users` users of one scenario, with the scenario's floor, percentile, TTFT and context.
    pub fn from_scenario(scenario: &Scenario, users: u32) -> SimRequest {
        SimRequest {
            groups: alloc::vec![SimGroup::from_scenario(scenario, users)],
            floor_tok_s: scenario.floor_tok_s,
            percentile: scenario.percentile,
            ttft_s: scenario.ttft_s,
            context_tokens: scenario.context_tokens,
            ..SimRequest::default()
        }
    }

    /// Users in all groups (saturating).
    pub fn total_users(&self) -> u32 {
        self.groups.iter().fold(0u32, |sum, g| sum.saturating_add(g.count))
    }

    /// The formula's busy time of one request of `group`: `answer / floor + ttft` (see
    /// [`crate::busy_seconds`]).
    pub fn busy_at_floor(&self, group: &SimGroup) -> f64 {
        crate::duty::busy_seconds(group.answer_tokens, self.floor_tok_s, self.ttft_s)
    }

    /// The group (its index) of each user, users numbered group by group.
    pub(crate) fn group_of_users(&self) -> Vec<u32> {
        let mut group_of = Vec::with_capacity(self.total_users() as usize);
        for (index, g) in self.groups.iter().enumerate() {
            group_of.extend(core::iter::repeat_n(index as u32, g.count as usize));
        }
        group_of
    }

    /// Simulated seconds before measuring: [`SimRequest::warmup_s`], else five of the longest
    /// request cycle (a user's interval, or its busy time if longer), at most the window.
    pub fn warmup_window_s(&self) -> f64 {
        let longest_cycle = self
            .groups
            .iter()
            .filter(|g| g.count > 0)
            .map(|g| if g.always_busy { self.busy_at_floor(g) } else { g.interval_s.max(self.busy_at_floor(g)) })
            .fold(0.0, f64::max);
        self.warmup_s.unwrap_or((5.0 * longest_cycle).min(self.window_s))
    }

    /// Mean think time of a user of `group`: `max(interval - busy_at_floor, 0)`, 0 when always
    /// busy (English seed, step 3: a user is busy `busy` seconds of every `interval`).
    pub fn think_mean_s(&self, group: &SimGroup) -> f64 {
        if group.always_busy {
            return 0.0;
        }
        let think = group.interval_s - self.busy_at_floor(group);
        if think > 0.0 { think } else { 0.0 }
    }

    /// Checks the request and the machine; the first problem is returned.
    pub fn validate(&self, machine: &Machine) -> Result<(), SimError> {
        let total = self.total_users();
        if total == 0 {
            return Err(SimError::NoUsers);
        }
        if total > MAX_SIM_USERS {
            return Err(SimError::TooManyUsers { users: total });
        }
        for (index, g) in self.groups.iter().enumerate() {
            let at = Some(index);
            check(SimField::AnswerTokens, at, g.answer_tokens, 1.0, 10_000_000.0)?;
            check(SimField::PromptTokens, at, g.prompt_tokens, 1.0, 10_000_000.0)?;
            if !g.always_busy {
                check(SimField::IntervalS, at, g.interval_s, 0.001, 31_536_000.0)?;
            }
        }
        check(SimField::FloorTokS, None, self.floor_tok_s, 0.01, 10_000.0)?;
        check(SimField::Percentile, None, self.percentile, 0.5, 0.99999)?;
        check(SimField::TtftS, None, self.ttft_s, 0.0, 86_400.0)?;
        check(SimField::ContextTokens, None, self.context_tokens, 1.0, 10_000_000.0)?;
        if let Some(w) = self.warmup_s {
            check(SimField::WarmupS, None, w, 0.0, 10_000_000.0)?;
        }
        check(SimField::WindowS, None, self.window_s, 1.0, 10_000_000.0)?;
        check(SimField::MaxRequests, None, f64::from(self.max_requests), 1.0, 10_000_000.0)?;
        if let Some(rate) = machine.prefill_tok_s {
            check(SimField::PrefillTokS, None, rate, 1.0, 1e9)?;
        }
        if let Some(pool) = machine.kv_pool_tokens {
            check(SimField::KvPoolTokens, None, pool, 0.0, 1e9)?;
            if crate::kv::sessions_at_context(pool, self.context_tokens) == 0 {
                return Err(SimError::NoKvSession { pool_tokens: pool, context_tokens: self.context_tokens });
            }
        }
        let mut previous = 0.0;
        for (index, p) in machine.ttft_points.iter().enumerate() {
            let at = Some(index);
            check(SimField::TtftPointConcurrency, at, p.concurrency, 0.0, 1e6)?;
            check(SimField::TtftPointSeconds, at, p.ttft_s, 0.0, 86_400.0)?;
            if p.concurrency <= previous {
                return Err(SimError::OutOfRange {
                    field: SimField::TtftPointConcurrency,
                    index: at,
                    value: p.concurrency,
                });
            }
            previous = p.concurrency;
        }
        Ok(())
    }
}

/// A field of [`SimRequest`], [`SimGroup`] or [`Machine`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize), serde(rename_all = "snake_case"))]
pub enum SimField {
    AnswerTokens,
    PromptTokens,
    IntervalS,
    FloorTokS,
    Percentile,
    TtftS,
    ContextTokens,
    WarmupS,
    WindowS,
    MaxRequests,
    PrefillTokS,
    KvPoolTokens,
    TtftPointConcurrency,
    TtftPointSeconds,
}

impl SimField {
    /// The field's JSON name.
    pub fn name(self) -> &'static str {
        match self {
            SimField::AnswerTokens => "answer_tokens",
            SimField::PromptTokens => "prompt_tokens",
            SimField::IntervalS => "interval_s",
            SimField::FloorTokS => "floor_tok_s",
            SimField::Percentile => "percentile",
            SimField::TtftS => "ttft_s",
            SimField::ContextTokens => "context_tokens",
            SimField::WarmupS => "warmup_s",
            SimField::WindowS => "window_s",
            SimField::MaxRequests => "max_requests",
            SimField::PrefillTokS => "prefill_tok_s",
            SimField::KvPoolTokens => "kv_pool_tokens",
            SimField::TtftPointConcurrency => "ttft_points.concurrency",
            SimField::TtftPointSeconds => "ttft_points.ttft_s",
        }
    }
}

/// Why a simulation cannot run.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(tag = "kind", rename_all = "snake_case")
)]
pub enum SimError {
    /// The team has no users.
    NoUsers,
    /// More than [`MAX_SIM_USERS`] users.
    TooManyUsers { users: u32 },
    /// NaN or infinite; `index` is the group or TTFT point (0-based) for per-item fields.
    NotFinite { field: SimField, index: Option<usize> },
    /// Outside the accepted range (or a TTFT point out of order).
    OutOfRange { field: SimField, index: Option<usize>, value: f64 },
    /// The KV pool holds not one session of the context length: no request could ever run.
    NoKvSession { pool_tokens: f64, context_tokens: f64 },
}

impl fmt::Display for SimError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let at = |index: Option<usize>| match index {
            Some(i) => alloc::format!(" (item {})", i + 1),
            None => alloc::string::String::new(),
        };
        match *self {
            SimError::NoUsers => f.write_str("the team has no users to simulate"),
            SimError::TooManyUsers { users } => {
                write!(f, "{users} users is more than the simulation's limit of {MAX_SIM_USERS}")
            }
            SimError::NotFinite { field, index } => {
                write!(f, "{}{} must be a finite number", field.name(), at(index))
            }
            SimError::OutOfRange { field, index, value } => {
                write!(f, "{}{} = {value} is outside its accepted range", field.name(), at(index))
            }
            SimError::NoKvSession { pool_tokens, context_tokens } => write!(
                f,
                "a KV pool of {pool_tokens} tokens holds no session of {context_tokens} tokens: no request could run"
            ),
        }
    }
}

impl core::error::Error for SimError {}

fn check(field: SimField, index: Option<usize>, value: f64, min: f64, max: f64) -> Result<(), SimError> {
    if !value.is_finite() {
        Err(SimError::NotFinite { field, index })
    } else if value < min || value > max {
        Err(SimError::OutOfRange { field, index, value })
    } else {
        Ok(())
    }
}
