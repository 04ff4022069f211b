//! The closed-loop team on the engine fitted to the run's own closed-loop files: users think and
//! send as on the curve ([`crate::sim::SimGroup`]), and the box is the open-loop prediction's
//! engine, step by step (`open_loop::simulate`'s scheduler: continuous batching, chunked
//! prefill, admission against the KV pool, a FIFO queue).
//!
//! The engine runs in steps; a user's next request is sent when its think time ends, which may
//! fall inside a step: it is counted in flight from that instant and queued for the next step,
//! as a request arriving during a step is in vLLM. Each step has one speed for every decoding
//! request, `1 / step time` tok/s, which the tally compares with the floor. Memory per user: a
//! user's request reuses the user's slot in the engine.

use crate::sim::input::{Machine, SimRequest};
use crate::sim::open_loop::EngineModel;
use crate::sim::open_loop::load::Arrival;
use crate::sim::open_loop::simulate::Run;
use crate::sim::report::{ReportBasis, SimModel, SimReport, StopReason, TtftModel, build_report};
use crate::sim::rng::SplitMix64;
use crate::sim::tally::{Finished, Stretch, Tally};
use crate::sim::timer::{Timer, timer, timer_value};
use alloc::collections::BinaryHeap;
use alloc::vec::Vec;

/// A request's lengths as the engine counts them: whole tokens, at least one.
pub(crate) fn engine_tokens(tokens: f64) -> u32 {
    libm::round(tokens).clamp(1.0, f64::from(u32::MAX)) as u32
}

/// The longest request (prompt plus answer, in the engine's whole tokens) of any group with
/// users.
pub(crate) fn longest_request(request: &SimRequest) -> f64 {
    request
        .groups
        .iter()
        .filter(|g| g.count > 0)
        .map(|g| f64::from(engine_tokens(g.prompt_tokens)) + f64::from(engine_tokens(g.answer_tokens)))
        .fold(0.0, f64::max)
}

/// A running team on the engine (see [`crate::sim::Simulation`], which runs it).
#[derive(Clone, Debug)]
pub(crate) struct EngineTeam {
    request: SimRequest,
    seed: u64,
    rng: SplitMix64,
    run: Run,
    engine: EngineModel,
    streams_at_floor: f64,
    /// Per group: prompt and answer tokens, and the mean think time.
    lengths: Vec<(u32, u32)>,
    think_mean: Vec<f64>,
    group_of: Vec<u32>,
    thinking: BinaryHeap<Timer>,
    in_system: usize,
    in_system_by_group: Vec<u32>,
    /// Time measured (or passed in the warm-up) so far.
    clock: f64,
    warmup_s: f64,
    measuring: bool,
    stopped: Option<StopReason>,
    steps: u64,
    step_budget: u64,
    max_decode_batch: u32,
    tally: Tally,
}

impl EngineTeam {
    /// Sets up the team on `engine` (`request` validated against `machine`, and its longest
    /// request within the engine's, by the caller): every user starts thinking, agents send at
    /// once.
    pub fn new(request: &SimRequest, machine: &Machine, engine: EngineModel, seed: u64) -> EngineTeam {
        let group_of = request.group_of_users();
        let warmup_s = request.warmup_window_s();
        let (users, max_requests) = (u64::from(request.total_users()), u64::from(request.max_requests));
        let mut team = EngineTeam {
            request: request.clone(),
            seed,
            rng: SplitMix64::new(seed),
            run: Run::new(&engine, Vec::new()),
            engine,
            streams_at_floor: machine.curve.streams_at_floor(request.floor_tok_s, machine.interpolation).streams(),
            lengths: request
                .groups
                .iter()
                .map(|g| (engine_tokens(g.prompt_tokens), engine_tokens(g.answer_tokens)))
                .collect(),
            think_mean: request.groups.iter().map(|g| request.think_mean_s(g)).collect(),
            thinking: BinaryHeap::with_capacity(group_of.len()),
            group_of,
            in_system: 0,
            in_system_by_group: alloc::vec![0; request.groups.len()],
            clock: 0.0,
            warmup_s,
            measuring: warmup_s <= 0.0,
            stopped: None,
            steps: 0,
            // A guard, not a limit met in practice: a step per answer token, plus warm-up.
            step_budget: 4_096 * (max_requests + users) + 50_000_000,
            max_decode_batch: 0,
            tally: Tally::new(request),
        };
        for user in 0..team.group_of.len() as u32 {
            let group = team.group_of[user as usize] as usize;
            if request.groups[group].always_busy {
                team.send(user, 0.0);
            } else {
                let think = team.rng.next_exponential(team.think_mean[group]);
                team.thinking.push(timer(think, user));
            }
        }
        team
    }

    /// Runs at most `max_steps` more engine steps; true once the simulation has ended.
    pub fn advance(&mut self, max_steps: u64) -> bool {
        for _ in 0..max_steps {
            if self.stopped.is_some() {
                return true;
            }
            if self.steps >= self.step_budget {
                self.stopped = Some(StopReason::EventBudget);
                return true;
            }
            if self.run.is_idle() {
                // Nothing to run: time passes idle until the next user sends.
                let Some(at) = self.thinking.peek().map(timer_value) else {
                    self.stopped = Some(StopReason::Window);
                    return true;
                };
                if !self.pass_time(at, 0, 0.0) {
                    return true;
                }
                self.run.now = at;
                self.send_until(at, 0, 0.0);
                continue;
            }
            let batch = self.run.decoding();
            let start = self.run.now;
            if !self.run.step_now() {
                // Nothing could be admitted (cannot happen for a request within the engine's
                // longest, which the caller checked); end rather than spin.
                self.stopped = Some(StopReason::EventBudget);
                return true;
            }
            self.steps += 1;
            self.max_decode_batch = self.max_decode_batch.max(batch as u32);
            let end = self.run.now;
            let speed = if end > start { 1.0 / (end - start) } else { f64::INFINITY };
            if !self.send_until(end, batch, speed) || !self.pass_time(end, batch, speed) {
                return true;
            }
            let finished = core::mem::take(&mut self.run.finished);
            for &user in &finished {
                self.finish(user);
            }
            self.run.finished = finished;
            self.run.finished.clear();
        }
        self.stopped.is_some()
    }

    /// Share of the run done, 0 to 1 (the larger of simulated time and requests measured).
    pub fn progress(&self) -> f64 {
        self.tally.share_done(&self.request, self.warmup_s, self.clock, self.stopped.is_some())
    }

    /// The findings so far (final once [`EngineTeam::advance`] has returned true).
    pub fn report(&self) -> SimReport {
        let setup = self.engine.setup();
        let basis = ReportBasis {
            request: &self.request,
            seed: self.seed,
            warmup_s: self.warmup_s,
            stopped: self.stopped,
            model: SimModel::Engine {
                kv_pool_tokens: setup.kv_pool_tokens,
                fit_max_concurrency: self.engine.fit_max_concurrency(),
                max_decode_batch: self.max_decode_batch,
            },
            ttft_model: TtftModel::EngineSteps { step_token_budget: setup.step_token_budget },
            kv_sessions: None,
            streams_at_floor: self.streams_at_floor,
        };
        build_report(&basis, &self.tally)
    }

    /// Sends every request whose think time ends by `until`, each counted in flight from its
    /// instant; false if the window ended first.
    fn send_until(&mut self, until: f64, batch: usize, speed: f64) -> bool {
        while let Some(&next) = self.thinking.peek() {
            let at = timer_value(&next);
            if at > until {
                break;
            }
            if !self.pass_time(at, batch, speed) {
                return false;
            }
            self.thinking.pop();
            self.send(next.0.1, at);
        }
        true
    }

    fn send(&mut self, user: u32, at: f64) {
        let group = self.group_of[user as usize] as usize;
        let (prompt_tokens, answer_tokens) = self.lengths[group];
        self.in_system += 1;
        self.in_system_by_group[group] += 1;
        self.run.submit(user, Arrival { at_s: at, prompt_tokens, answer_tokens });
    }

    /// Moves the measured clock to `to` with `batch` decoding at `speed`, switching measurement
    /// on at the end of the warm-up; false (and stopped) once the window has ended.
    fn pass_time(&mut self, to: f64, batch: usize, speed: f64) -> bool {
        let stop_at = self.warmup_s + self.request.window_s;
        if !self.measuring && self.warmup_s <= to {
            self.clock = self.clock.max(self.warmup_s);
            self.measuring = true;
        }
        let end = to.min(stop_at);
        let dt = end - self.clock;
        if dt > 0.0 {
            if self.measuring {
                let stretch = Stretch {
                    in_system: self.in_system,
                    in_system_by_group: &self.in_system_by_group,
                    generating: batch,
                    speed,
                    beyond_measured: batch as f64 > self.engine.fit_max_concurrency(),
                };
                self.tally.time(dt, &stretch);
            }
            self.clock = end;
        }
        if stop_at <= to {
            self.stopped = Some(StopReason::Window);
            return false;
        }
        true
    }

    fn finish(&mut self, user: u32) {
        let (asked, admitted_s, first_s, done_s, waited_for_kv) = self.run.request(user);
        let group = self.group_of[user as usize] as usize;
        self.in_system -= 1;
        self.in_system_by_group[group] -= 1;
        if self.measuring && self.stopped.is_none() {
            let done = Finished {
                speed: (done_s > first_s).then(|| f64::from(asked.answer_tokens) / (done_s - first_s)),
                ttft_s: first_s - asked.at_s,
                wait_s: admitted_s - asked.at_s,
                waited_for_kv,
            };
            if self.tally.request(done) >= u64::from(self.request.max_requests) {
                self.stopped = Some(StopReason::Requests);
            }
        }
        if self.request.groups[group].always_busy {
            self.send(user, done_s);
        } else {
            let think = self.rng.next_exponential(self.think_mean[group]);
            self.thinking.push(timer(done_s + think, user));
        }
    }
}
