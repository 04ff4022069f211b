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
use crate::sim::open_loop::step::{MixedStep, StepCoefficients, prompt_pairs};
use crate::sim::report::Percentiles;
use alloc::collections::{BinaryHeap, VecDeque};
use alloc::vec::Vec;
use core::cmp::Reverse;

/// Per-request progress.
#[derive(Clone, Copy)]
struct Progress {
    read: u32,
    first_token_s: f64,
    done_s: f64,
    waited_for_kv: bool,
    /// Steps run when the first token came and when the answer was done (1-based).
    first_step: u64,
    done_step: u64,
}

/// One step's terms `[1, B, sqrt(B), K, P, Q]` as the engine's [`MixedStep`] charges them (see
/// [`StepCoefficients::step_terms`]): its time is their dot product with the coefficients.
pub(crate) type StepTerms = [f64; 6];

/// The steps a set of requests takes on `engine`, and per request the steps (1-based) of its
/// first token and of its last: what the burst fit needs to write each measured time as terms
/// times coefficients.
pub(crate) fn trace(engine: &EngineModel, arrivals: &[Arrival]) -> (Vec<StepTerms>, Vec<(u64, u64)>) {
    let mut run = Run::new(engine, arrivals);
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
    let arrivals = load.arrivals(seed);
    let mut run = Run::new(engine, &arrivals);
    run.run_to_end();
    Ok(run.report(seed, engine))
}

struct Run<'a> {
    k: StepCoefficients,
    mixed: MixedStep,
    pool: f64,
    budget: u64,
    max_batch: usize,
    arrivals: &'a [Arrival],
    progress: Vec<Progress>,
    now: f64,
    next_arrival: usize,
    waiting: VecDeque<u32>,
    reading: VecDeque<u32>,
    decoding: BinaryHeap<Reverse<(u64, u32)>>,
    decode_steps: u64,
    context: f64,
    reserved: f64,
    steps: u64,
    max_waiting: usize,
    max_batch_seen: usize,
    max_context_seen: f64,
    trace: Option<Vec<StepTerms>>,
}

impl<'a> Run<'a> {
    fn new(engine: &EngineModel, arrivals: &'a [Arrival]) -> Run<'a> {
        let setup = engine.setup();
        let fresh =
            Progress { read: 0, first_token_s: 0.0, done_s: 0.0, waited_for_kv: false, first_step: 0, done_step: 0 };
        Run {
            k: engine.coefficients(),
            mixed: setup.mixed_step,
            pool: setup.kv_pool_tokens,
            budget: u64::from(setup.step_token_budget),
            max_batch: setup.max_batch as usize,
            arrivals,
            progress: alloc::vec![fresh; arrivals.len()],
            now: 0.0,
            next_arrival: 0,
            waiting: VecDeque::new(),
            reading: VecDeque::new(),
            decoding: BinaryHeap::new(),
            decode_steps: 0,
            context: 0.0,
            reserved: 0.0,
            steps: 0,
            max_waiting: 0,
            max_batch_seen: 0,
            max_context_seen: 0.0,
            trace: None,
        }
    }

    /// Tokens a request reserves in the KV pool: its prompt and its whole answer (no
    /// preemption: a request admitted always finishes).
    fn need(&self, r: u32) -> f64 {
        let a = self.arrivals[r as usize];
        f64::from(a.prompt_tokens) + f64::from(a.answer_tokens)
    }

    fn run_to_end(&mut self) {
        loop {
            while let Some(a) = self.arrivals.get(self.next_arrival) {
                if a.at_s > self.now {
                    break;
                }
                self.waiting.push_back(self.next_arrival as u32);
                self.next_arrival += 1;
            }
            self.max_waiting = self.max_waiting.max(self.waiting.len());
            let idle = self.reading.is_empty() && self.decoding.is_empty();
            if idle && self.waiting.is_empty() {
                match self.arrivals.get(self.next_arrival) {
                    Some(a) => {
                        self.now = a.at_s;
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
            let left = u64::from(self.arrivals[r].prompt_tokens - self.progress[r].read);
            let take = left.min(budget);
            pairs += prompt_pairs(u64::from(self.progress[r].read), take);
            self.progress[r].read += take as u32;
            prompt += take;
            budget -= take;
        }
        while budget > 0 && self.reading.len() + batch < self.max_batch {
            let Some(&r) = self.waiting.front() else { break };
            if self.reserved + self.need(r) > self.pool {
                self.progress[r as usize].waited_for_kv = true;
                break;
            }
            self.waiting.pop_front();
            self.reserved += self.need(r);
            self.reading.push_back(r);
            let ru = r as usize;
            let take = u64::from(self.arrivals[ru].prompt_tokens).min(budget);
            pairs += prompt_pairs(0, take);
            self.progress[ru].read = take as u32;
            prompt += take;
            budget -= take;
        }
        if batch == 0 && prompt == 0 {
            return false;
        }
        let terms = self.k.step_terms(self.mixed, batch as f64, self.context, prompt as f64, pairs);
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
            if self.progress[ru].read < self.arrivals[ru].prompt_tokens {
                break;
            }
            self.reading.pop_front();
            self.progress[ru].first_token_s = self.now;
            self.progress[ru].first_step = self.steps;
            let answer = self.arrivals[ru].answer_tokens;
            if answer <= 1 {
                self.finish(r);
            } else {
                self.decoding.push(Reverse((self.decode_steps + u64::from(answer - 1), r)));
                self.context += f64::from(self.arrivals[ru].prompt_tokens) + 1.0;
            }
        }
        true
    }

    fn finish(&mut self, r: u32) {
        self.progress[r as usize].done_s = self.now;
        self.progress[r as usize].done_step = self.steps;
        self.reserved -= self.need(r);
    }

    fn report(&self, seed: u64, engine: &EngineModel) -> OpenLoopReport {
        let n = self.arrivals.len();
        let mut ttft: Vec<f64> = Vec::with_capacity(n);
        let mut tpot: Vec<f64> = Vec::with_capacity(n);
        let (mut duration, mut busy, mut tokens) = (0.0_f64, 0.0, 0.0);
        let mut events: Vec<(f64, i32)> = Vec::with_capacity(2 * n);
        for (a, p) in self.arrivals.iter().zip(&self.progress) {
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
