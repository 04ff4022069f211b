//! The open-loop load through the engine, step by step: continuous batching with chunked
//! prefill, admission limited by the KV pool and the batch limit, waiting requests FIFO.
//!
//! Each step, in vLLM's scheduling order: every decoding request takes one token of the step's
//! budget; the requests still reading their prompt take chunks in admission order; then waiting
//! requests are admitted from the head of the queue while the budget lasts, the batch limit
//! allows and their prompt plus longest answer fit in the KV pool (a request that does not fit
//! blocks the queue: first come, first served). The step lasts
//! [`StepCoefficients::step_terms`]' time (the weights read once for decodes and prompt chunks
//! alike, [`MixedStep::Overlapped`], unless the setup says otherwise); at its end every decode has one more token and a request
//! whose last prompt token was read has its first.
//!
//! All decodes advance one token per step, so a request that starts decoding after decode step
//! `D` with `n` tokens to go finishes at step `D + n`: one heap keyed by that step orders the
//! finishes, and a step costs O(log batch) plus the prompt chunks, never O(batch).

use crate::sim::open_loop::engine::EngineModel;
use crate::sim::open_loop::load::{Arrival, OpenLoad};
use crate::sim::open_loop::report::{Extrapolation, OpenLoopReport, PredictError, TpotMs, percentile_linear};
use crate::sim::open_loop::step::{DecodeShape, MixedStep, StepCoefficients, StepTerms, prompt_pairs};
use crate::sim::report::Percentiles;
use crate::sim::timer::{Timer, timer, timer_value};
use alloc::collections::{BinaryHeap, VecDeque};
use alloc::vec::Vec;
use core::cmp::Reverse;

/// Per-request progress.
#[derive(Clone, Copy, Debug)]
struct Progress {
    read: u32,
    first_token_s: f64,
    done_s: f64,
    waited_for_kv: bool,
    /// When the engine admitted it (its prompt began to be read).
    admitted_s: f64,
    /// Steps run when it joined the queue.
    queued_step: u64,
    /// Steps run when the first token came and when the answer was done (1-based).
    first_step: u64,
    done_step: u64,
}

/// The steps a set of requests takes on `engine` (each step's [`StepTerms`] as the engine's
/// [`MixedStep`] charges them), and per request the steps (1-based) of its
/// first token and of its last: what the burst fit needs to write each measured time as terms
/// times coefficients.
pub(crate) fn trace(engine: &EngineModel, arrivals: &[Arrival]) -> (Vec<StepTerms>, Vec<(u64, u64)>) {
    let mut run = Run::new(engine, arrivals.to_vec());
    run.trace = Some(Vec::new());
    run.run_to_end();
    let windows = run.progress.iter().map(|p| (p.first_step, p.done_step)).collect();
    (run.trace.unwrap_or_default(), windows)
}

/// Runs `load` (arrivals from `seed`) on `engine` until the last answer.
///
/// Never panics; a load whose longest request does not fit the engine is an error. Same load,
/// engine and seed give the same report, natively and in wasm.
pub fn predict_open_loop(load: &OpenLoad, engine: &EngineModel, seed: u64) -> Result<OpenLoopReport, PredictError> {
    let longest = f64::from(load.longest_prompt()) + f64::from(load.longest_answer());
    let limit = engine.longest_request_tokens();
    if longest > limit {
        return Err(PredictError::RequestTooLong { tokens: longest, limit });
    }
    let mut run = Run::new(engine, load.arrivals(seed));
    run.run_to_end();
    Ok(run.report(seed, engine))
}

/// The engine's state: its queues, the requests it has seen (indexed by id) and its clock.
/// [`predict_open_loop`] hands it every arrival at once; the closed-loop team
/// (`sim::engine_team`) submits each user's next request as the last one finishes, reusing the
/// user's id.
#[derive(Clone, Debug)]
pub(crate) struct Run {
    k: StepCoefficients,
    mixed: MixedStep,
    shape: DecodeShape,
    pool: f64,
    budget: u64,
    max_batch: usize,
    requests: Vec<Arrival>,
    progress: Vec<Progress>,
    pub(crate) now: f64,
    /// Submitted requests not yet in the queue, by arrival time then id.
    pending: BinaryHeap<Timer>,
    waiting: VecDeque<u32>,
    reading: VecDeque<u32>,
    decoding: BinaryHeap<Reverse<(u64, u32)>>,
    decode_steps: u64,
    context: f64,
    reserved: f64,
    steps: u64,
    max_waiting: usize,
    /// The last step (1-based) whose queue head did not fit the KV pool; 0: none yet.
    last_kv_block_step: u64,
    max_batch_seen: usize,
    max_context_seen: f64,
    trace: Option<Vec<StepTerms>>,
    /// Requests finished since the caller last drained it (the closed-loop team's).
    pub(crate) finished: Vec<u32>,
}

const FRESH: Progress = Progress {
    read: 0,
    first_token_s: 0.0,
    done_s: 0.0,
    waited_for_kv: false,
    admitted_s: 0.0,
    queued_step: 0,
    first_step: 0,
    done_step: 0,
};

impl Run {
    pub(crate) fn new(engine: &EngineModel, requests: Vec<Arrival>) -> Run {
        let setup = engine.setup();
        let pending = requests.iter().enumerate().map(|(id, a)| timer(a.at_s, id as u32)).collect();
        Run {
            k: engine.coefficients(),
            mixed: setup.mixed_step,
            shape: setup.decode_shape,
            pool: setup.kv_pool_tokens,
            budget: u64::from(setup.step_token_budget),
            max_batch: setup.max_batch as usize,
            progress: alloc::vec![FRESH; requests.len()],
            requests,
            now: 0.0,
            pending,
            waiting: VecDeque::new(),
            reading: VecDeque::new(),
            decoding: BinaryHeap::new(),
            decode_steps: 0,
            context: 0.0,
            reserved: 0.0,
            steps: 0,
            max_waiting: 0,
            last_kv_block_step: 0,
            max_batch_seen: 0,
            max_context_seen: 0.0,
            trace: None,
            finished: Vec::new(),
        }
    }

    /// Request `id` (a slot not in the engine now) arrives as `arrival`.
    pub(crate) fn submit(&mut self, id: u32, arrival: Arrival) {
        let slot = id as usize;
        if slot >= self.requests.len() {
            self.requests.resize(slot + 1, arrival);
            self.progress.resize(slot + 1, FRESH);
        }
        self.requests[slot] = arrival;
        self.progress[slot] = FRESH;
        self.pending.push(timer(arrival.at_s, id));
    }

    /// Nothing queued, reading or decoding, and nothing submitted.
    pub(crate) fn is_idle(&self) -> bool {
        self.pending.is_empty() && self.waiting.is_empty() && self.reading.is_empty() && self.decoding.is_empty()
    }

    /// Requests decoding now (the next step's batch).
    pub(crate) fn decoding(&self) -> usize {
        self.decoding.len()
    }

    /// Request `id`: what it asked, when it was admitted, when its first and last tokens came,
    /// and whether it waited for the KV pool.
    pub(crate) fn request(&self, id: u32) -> (Arrival, f64, f64, f64, bool) {
        let (a, p) = (self.requests[id as usize], self.progress[id as usize]);
        (a, p.admitted_s, p.first_token_s, p.done_s, p.waited_for_kv)
    }

    /// Queues every submitted request that has arrived by now, then runs one step if there is
    /// work; false when there was none (the caller moves the clock to the next arrival).
    pub(crate) fn step_now(&mut self) -> bool {
        self.queue_arrived();
        self.step()
    }

    fn queue_arrived(&mut self) {
        while let Some(&next) = self.pending.peek() {
            if timer_value(&next) > self.now {
                break;
            }
            self.pending.pop();
            let id = next.0.1;
            self.progress[id as usize].queued_step = self.steps;
            self.waiting.push_back(id);
        }
        self.max_waiting = self.max_waiting.max(self.waiting.len());
    }

    /// Tokens a request reserves in the KV pool: its prompt and its whole answer (no
    /// preemption: a request admitted always finishes).
    fn need(&self, r: u32) -> f64 {
        let a = self.requests[r as usize];
        f64::from(a.prompt_tokens) + f64::from(a.answer_tokens)
    }

    fn run_to_end(&mut self) {
        loop {
            self.queue_arrived();
            let idle = self.reading.is_empty() && self.decoding.is_empty();
            if idle && self.waiting.is_empty() {
                match self.pending.peek() {
                    Some(next) => {
                        self.now = timer_value(next);
                        continue;
                    }
                    None => return,
                }
            }
            if !self.step() {
                // Nothing could run (cannot happen for a validated engine and load: an idle
                // engine admits any request that fits its pool); end rather than spin.
                return;
            }
        }
    }

    /// One engine step; false if it carried nothing.
    fn step(&mut self) -> bool {
        let batch = self.decoding.len();
        let mut budget = self.budget.saturating_sub(batch as u64);
        let (mut prompt, mut pairs) = (0u64, 0.0);
        for i in 0..self.reading.len() {
            if budget == 0 {
                break;
            }
            let r = self.reading[i] as usize;
            let left = u64::from(self.requests[r].prompt_tokens - self.progress[r].read);
            let take = left.min(budget);
            pairs += prompt_pairs(u64::from(self.progress[r].read), take);
            self.progress[r].read += take as u32;
            prompt += take;
            budget -= take;
        }
        while budget > 0 && self.reading.len() + batch < self.max_batch {
            let Some(&r) = self.waiting.front() else { break };
            if self.reserved + self.need(r) > self.pool {
                self.last_kv_block_step = self.steps + 1;
                break;
            }
            self.waiting.pop_front();
            self.reserved += self.need(r);
            self.reading.push_back(r);
            let ru = r as usize;
            self.progress[ru].admitted_s = self.now;
            // It waited for the pool if the queue's head was refused room while it queued (it,
            // or a request ahead of it: first come, first served).
            self.progress[ru].waited_for_kv = self.last_kv_block_step > self.progress[ru].queued_step;
            let take = u64::from(self.requests[ru].prompt_tokens).min(budget);
            pairs += prompt_pairs(0, take);
            self.progress[ru].read = take as u32;
            prompt += take;
            budget -= take;
        }
        if batch == 0 && prompt == 0 {
            return false;
        }
        let terms = self.k.step_terms(self.mixed, &self.shape, batch as f64, self.context, prompt as f64, pairs);
        let dt = self.k.seconds_of(&terms);
        self.now += if dt.is_finite() && dt > 0.0 { dt } else { 0.0 };
        self.steps += 1;
        if let Some(trace) = &mut self.trace {
            trace.push(terms);
        }
        self.max_batch_seen = self.max_batch_seen.max(batch);
        self.max_context_seen = self.max_context_seen.max(self.context);
        if batch > 0 {
            self.decode_steps += 1;
            self.context += batch as f64;
            while let Some(&Reverse((at, r))) = self.decoding.peek() {
                if at > self.decode_steps {
                    break;
                }
                self.decoding.pop();
                self.context -= self.need(r);
                self.finish(r);
            }
        }
        while let Some(&r) = self.reading.front() {
            let ru = r as usize;
            if self.progress[ru].read < self.requests[ru].prompt_tokens {
                break;
            }
            self.reading.pop_front();
            self.progress[ru].first_token_s = self.now;
            self.progress[ru].first_step = self.steps;
            let answer = self.requests[ru].answer_tokens;
            if answer <= 1 {
                self.finish(r);
            } else {
                self.decoding.push(Reverse((self.decode_steps + u64::from(answer - 1), r)));
                self.context += f64::from(self.requests[ru].prompt_tokens) + 1.0;
            }
        }
        true
    }

    fn finish(&mut self, r: u32) {
        self.progress[r as usize].done_s = self.now;
        self.progress[r as usize].done_step = self.steps;
        self.reserved -= self.need(r);
        self.finished.push(r);
    }

    fn report(&self, seed: u64, engine: &EngineModel) -> OpenLoopReport {
        let n = self.requests.len();
        let mut ttft: Vec<f64> = Vec::with_capacity(n);
        let mut tpot: Vec<f64> = Vec::with_capacity(n);
        let (mut duration, mut busy, mut tokens) = (0.0_f64, 0.0, 0.0);
        let mut events: Vec<(f64, i32)> = Vec::with_capacity(2 * n);
        for (a, p) in self.requests.iter().zip(&self.progress) {
            ttft.push(p.first_token_s - a.at_s);
            if a.answer_tokens > 1 {
                tpot.push(1000.0 * (p.done_s - p.first_token_s) / f64::from(a.answer_tokens - 1));
            }
            duration = duration.max(p.done_s);
            busy += p.done_s - a.at_s;
            tokens += f64::from(a.answer_tokens);
            // In flight over [arrival, done): a request answered the instant it came never was.
            if p.done_s > a.at_s {
                events.push((a.at_s, 1));
                events.push((p.done_s, -1));
            }
        }
        // Finishes before arrivals at the same instant, as the intervals are half-open.
        events.sort_by(|x, y| x.0.total_cmp(&y.0).then(x.1.cmp(&y.1)));
        let (mut now_in, mut max_in) = (0i64, 0i64);
        for (_, delta) in &events {
            now_in += i64::from(*delta);
            max_in = max_in.max(now_in);
        }
        ttft.sort_by(f64::total_cmp);
        tpot.sort_by(f64::total_cmp);
        let q = |v: &[f64], p: f64| percentile_linear(v, p);
        let per_time = |x: f64| if duration > 0.0 { x / duration } else { 0.0 };
        OpenLoopReport {
            seed,
            draws: 1,
            requests: n as u32,
            completed: n as u32,
            duration_s: duration,
            ttft_s: Percentiles { p50: q(&ttft, 0.5), p95: q(&ttft, 0.95), p99: q(&ttft, 0.99) },
            tpot_ms: (!tpot.is_empty()).then(|| TpotMs { median: q(&tpot, 0.5), p99: q(&tpot, 0.99) }),
            output_tok_s: per_time(tokens),
            mean_in_flight: per_time(busy),
            max_in_flight: max_in as u32,
            max_waiting: self.max_waiting as u32,
            requests_waited_for_kv: self.progress.iter().filter(|p| p.waited_for_kv).count() as u32,
            steps: self.steps,
            extrapolation: Extrapolation {
                max_decode_batch: self.max_batch_seen as u32,
                fit_max_concurrency: engine.fit_max_concurrency(),
                max_context_tokens: self.max_context_seen,
                fit_max_context_tokens: engine.fit_max_context_tokens(),
            },
        }
    }
}
