//! The event-driven, closed-loop simulation on the measured curve: users think, send, queue for
//! a KV session and for prefill, generate at the curve's speed for the number generating, and
//! think again.
//!
//! All requests generating at once run at the same per-request speed, so one "virtual token
//! clock" (tokens each generating request has produced since the start) orders their finishes:
//! a request that starts generating at clock `G` with `a` tokens to go finishes at clock
//! `G + a`, whatever the speed does meanwhile. The next finish is therefore the smallest of
//! those in a heap, reached after `(G_finish - G) / v(n)` seconds at the current speed; every
//! event that changes `n` simply changes the rate at which the clock advances. Each event costs
//! O(log users); memory is per user and per histogram bin, never per request.

use crate::sim::input::{Machine, SimError, SimGroup, SimRequest};
use crate::sim::report::{ReportBasis, SimModel, SimReport, StopReason, TtftModel, build_report};
use crate::sim::rng::SplitMix64;
use crate::sim::speed::{speed_table, ttft_table};
use crate::sim::tally::{Finished, Stretch, Tally};
use crate::sim::timer::{Timer, timer, timer_value};
use alloc::collections::{BinaryHeap, VecDeque};
use alloc::vec;
use alloc::vec::Vec;
use core::cmp::Reverse;

/// A running simulation on the curve (see [`crate::sim::Simulation`], which runs it).
#[derive(Clone, Debug)]
pub(crate) struct CurveTeam {
    request: SimRequest,
    seed: u64,
    rng: SplitMix64,
    // The box.
    speeds: Vec<f64>,
    beyond_curve_from: usize,
    kv_sessions: Option<u64>,
    ttft_model: TtftModel,
    streams_at_floor: f64,
    prefill_tok_s: Option<f64>,
    ttft_by_load: Option<Vec<f64>>,
    // Per group, per user.
    think_mean: Vec<f64>,
    group_of: Vec<u32>,
    sent_at: Vec<f64>,
    queued_since: Vec<f64>,
    queued_s: Vec<f64>,
    waited_for_kv: Vec<bool>,
    first_token_at: Vec<f64>,
    // State.
    now: f64,
    clock_tokens: f64,
    thinking: BinaryHeap<Timer>,
    ttft_timers: BinaryHeap<Timer>,
    generating: BinaryHeap<Timer>,
    kv_queue: VecDeque<u32>,
    sessions_in_use: u64,
    prefill_queue: VecDeque<u32>,
    prefill_current: Option<(u32, f64)>,
    in_system: usize,
    in_system_by_group: Vec<u32>,
    // Phases.
    warmup_s: f64,
    measuring: bool,
    stopped: Option<StopReason>,
    events: u64,
    event_budget: u64,
    tally: Tally,
}

impl CurveTeam {
    /// Sets up the team (`request` validated against `machine` by the caller): every user starts
    /// thinking (agents send at once). Memory: O(users + histogram bins).
    pub fn new(request: &SimRequest, machine: &Machine, seed: u64) -> Result<CurveTeam, SimError> {
        let users = request.total_users() as usize;
        let kv_sessions =
            machine.kv_pool_tokens.map(|pool| crate::kv::sessions_at_context(pool, request.context_tokens));
        let ttft_by_load = if machine.prefill_tok_s.is_some() { None } else { ttft_table(&machine.ttft_points, users) };
        let ttft_model = match (machine.prefill_tok_s, &ttft_by_load) {
            (Some(rate), _) => TtftModel::PrefillQueue { prefill_tok_s: rate },
            (None, Some(_)) => TtftModel::MeasuredByLoad,
            (None, None) => TtftModel::Fixed { ttft_s: request.ttft_s },
        };
        let warmup_s = request.warmup_window_s();
        let last = machine.curve.last();
        let group_of = request.group_of_users();
        let max_requests = u64::from(request.max_requests);
        let mut sim = CurveTeam {
            request: request.clone(),
            seed,
            rng: SplitMix64::new(seed),
            speeds: speed_table(&machine.curve, machine.interpolation, users),
            beyond_curve_from: (libm::floor(last.concurrency) as usize).saturating_add(1),
            kv_sessions,
            ttft_model,
            streams_at_floor: machine.curve.streams_at_floor(request.floor_tok_s, machine.interpolation).streams(),
            prefill_tok_s: machine.prefill_tok_s,
            ttft_by_load,
            think_mean: request.groups.iter().map(|g| request.think_mean_s(g)).collect(),
            group_of,
            sent_at: vec![0.0; users],
            queued_since: vec![0.0; users],
            queued_s: vec![0.0; users],
            waited_for_kv: vec![false; users],
            first_token_at: vec![0.0; users],
            now: 0.0,
            clock_tokens: 0.0,
            thinking: BinaryHeap::with_capacity(users),
            ttft_timers: BinaryHeap::new(),
            generating: BinaryHeap::new(),
            kv_queue: VecDeque::new(),
            sessions_in_use: 0,
            prefill_queue: VecDeque::new(),
            prefill_current: None,
            in_system: 0,
            in_system_by_group: vec![0; request.groups.len()],
            warmup_s,
            measuring: warmup_s <= 0.0,
            stopped: None,
            events: 0,
            // A guard, not a limit met in practice: a few events per request, plus warm-up.
            event_budget: 64 * (max_requests + users as u64) + 10_000_000,
            tally: Tally::new(request),
        };
        for user in 0..users as u32 {
            let mean = sim.think_mean_of(user);
            if sim.group(user).always_busy {
                sim.send(user);
            } else {
                let think = sim.rng.next_exponential(mean);
                sim.thinking.push(timer(think, user));
            }
        }
        Ok(sim)
    }

    /// Runs at most `max_events` more events; true once the simulation has ended.
    pub fn advance(&mut self, max_events: u64) -> bool {
        let stop_at = self.warmup_s + self.request.window_s;
        for _ in 0..max_events {
            if self.stopped.is_some() {
                return true;
            }
            if self.events >= self.event_budget {
                self.stopped = Some(StopReason::EventBudget);
                return true;
            }
            let n_gen = self.generating.len();
            let t_gen = self.generating.peek().map_or(f64::INFINITY, |top| {
                let speed = self.speed(n_gen);
                self.now + (timer_value(top) - self.clock_tokens).max(0.0) / speed
            });
            let t_prefill = self.prefill_current.map_or(f64::INFINITY, |(_, end)| end);
            let t_ttft = self.ttft_timers.peek().map_or(f64::INFINITY, timer_value);
            let t_think = self.thinking.peek().map_or(f64::INFINITY, timer_value);
            let t = t_gen.min(t_prefill).min(t_ttft).min(t_think);
            if !self.measuring && self.warmup_s <= t {
                self.advance_to(self.warmup_s);
                self.measuring = true;
                continue;
            }
            if stop_at <= t {
                self.advance_to(stop_at);
                self.stopped = Some(StopReason::Window);
                return true;
            }
            self.advance_to(t);
            self.events += 1;
            if t == t_gen {
                if let Some(Reverse((finish, user))) = self.generating.pop() {
                    self.clock_tokens = f64::from_bits(finish);
                    self.finish(user);
                }
            } else if t == t_prefill {
                if let Some((user, _)) = self.prefill_current.take() {
                    self.start_generating(user);
                    self.start_prefill();
                }
            } else if t == t_ttft {
                if let Some(Reverse((_, user))) = self.ttft_timers.pop() {
                    self.start_generating(user);
                }
            } else if let Some(Reverse((_, user))) = self.thinking.pop() {
                self.send(user);
            }
        }
        self.stopped.is_some()
    }

    /// Share of the run done, 0 to 1 (the larger of simulated time and requests measured).
    pub fn progress(&self) -> f64 {
        self.tally.share_done(&self.request, self.warmup_s, self.now, self.stopped.is_some())
    }

    /// The findings so far (final once [`CurveTeam::advance`] has returned true).
    pub fn report(&self) -> SimReport {
        let basis = ReportBasis {
            request: &self.request,
            seed: self.seed,
            warmup_s: self.warmup_s,
            stopped: self.stopped,
            model: SimModel::Curve,
            ttft_model: self.ttft_model,
            kv_sessions: self.kv_sessions,
            streams_at_floor: self.streams_at_floor,
        };
        build_report(&basis, &self.tally)
    }

    fn group(&self, user: u32) -> &SimGroup {
        let index = self.group_of.get(user as usize).copied().unwrap_or(0) as usize;
        // Every user was made from a group, so the index exists.
        &self.request.groups[index]
    }

    fn think_mean_of(&self, user: u32) -> f64 {
        let index = self.group_of.get(user as usize).copied().unwrap_or(0) as usize;
        self.think_mean.get(index).copied().unwrap_or(0.0)
    }

    fn speed(&self, generating: usize) -> f64 {
        self.speeds.get(generating).or(self.speeds.last()).copied().unwrap_or(1.0)
    }

    /// Moves the clock to `t`, adding the time since the last event to the measurements.
    fn advance_to(&mut self, t: f64) {
        let dt = t - self.now;
        if dt <= 0.0 {
            return;
        }
        let n_gen = self.generating.len();
        let speed = self.speed(n_gen);
        if self.measuring {
            let stretch = Stretch {
                in_system: self.in_system,
                in_system_by_group: &self.in_system_by_group,
                generating: n_gen,
                speed,
                beyond_measured: n_gen >= self.beyond_curve_from,
            };
            self.tally.time(dt, &stretch);
        }
        if n_gen > 0 {
            self.clock_tokens += speed * dt;
        }
        self.now = t;
    }

    fn send(&mut self, user: u32) {
        let u = user as usize;
        self.sent_at[u] = self.now;
        self.queued_s[u] = 0.0;
        self.waited_for_kv[u] = false;
        self.in_system += 1;
        let group = self.group_of[u] as usize;
        self.in_system_by_group[group] += 1;
        if self.kv_sessions.is_some_and(|cap| self.sessions_in_use >= cap) {
            self.queued_since[u] = self.now;
            self.waited_for_kv[u] = true;
            self.kv_queue.push_back(user);
        } else {
            self.admit(user);
        }
    }

    /// A KV session is free: the request goes to prefill (or waits its measured TTFT).
    fn admit(&mut self, user: u32) {
        self.sessions_in_use += 1;
        if self.prefill_tok_s.is_some() {
            self.queued_since[user as usize] = self.now;
            self.prefill_queue.push_back(user);
            if self.prefill_current.is_none() {
                self.start_prefill();
            }
        } else {
            let ttft = match &self.ttft_by_load {
                Some(table) => table.get(self.in_system).or(table.last()).copied().unwrap_or(0.0),
                None => self.request.ttft_s,
            };
            self.ttft_timers.push(timer(self.now + ttft, user));
        }
    }

    fn start_prefill(&mut self) {
        let (Some(rate), Some(user)) = (self.prefill_tok_s, self.prefill_queue.pop_front()) else {
            return;
        };
        let u = user as usize;
        self.queued_s[u] += self.now - self.queued_since[u];
        let prompt = self.group(user).prompt_tokens;
        self.prefill_current = Some((user, self.now + prompt / rate));
    }

    fn start_generating(&mut self, user: u32) {
        self.first_token_at[user as usize] = self.now;
        let answer = self.group(user).answer_tokens;
        self.generating.push(timer(self.clock_tokens + answer, user));
    }

    fn finish(&mut self, user: u32) {
        let u = user as usize;
        self.in_system -= 1;
        let group = self.group_of[u] as usize;
        self.in_system_by_group[group] -= 1;
        if self.kv_sessions.is_some() {
            self.sessions_in_use -= 1;
            if let Some(next) = self.kv_queue.pop_front() {
                let n = next as usize;
                self.queued_s[n] += self.now - self.queued_since[n];
                self.admit(next);
            }
        }
        let (answer, always_busy) = {
            let g = self.group(user);
            (g.answer_tokens, g.always_busy)
        };
        if self.measuring {
            let done = Finished {
                speed: Some(answer / (self.now - self.first_token_at[u])),
                ttft_s: self.first_token_at[u] - self.sent_at[u],
                wait_s: self.queued_s[u],
                waited_for_kv: self.waited_for_kv[u],
            };
            if self.tally.request(done) >= u64::from(self.request.max_requests) {
                self.stopped = Some(StopReason::Requests);
            }
        }
        if always_busy {
            self.send(user);
        } else {
            let think = self.rng.next_exponential(self.think_mean_of(user));
            self.thinking.push(timer(self.now + think, user));
        }
    }
}
