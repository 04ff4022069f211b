//! Refining the engine fit by replaying the closed loop's bursts through the step model: the
//! measured per-request speeds include the other requests' prompts, read in the same steps.
//!
//! llama-benchy sends all `C` requests of a point at once. Their prompts are read first (in
//! chunks, beside the decodes of the requests already answering), so an early request decodes
//! through the later ones' prompt steps. The direct fit ([`fit_engine_shaped`]) reads each speed as a
//! decode-only step and so blames the prompts' time on the batch and context terms. Here every
//! point is replayed with the current coefficients ([`super::simulate`]'s engine, tracing each
//! step's terms), each measured figure is written as a function of the coefficients over the
//! replayed schedule, and the coefficients are refitted; the schedule is then replayed again.

use crate::sim::open_loop::closed_loop::{ClosedLoopRun, ClosedLoopWorkload};
use crate::sim::open_loop::engine::{EngineModel, EngineSetup};
use crate::sim::open_loop::fit::{EngineFit, FitFigure, FitMethod, FitResidual, fit_engine_shaped};
use crate::sim::open_loop::load::Arrival;
use crate::sim::open_loop::lsq::bounded_least_squares;
use crate::sim::open_loop::outside_delay::{FittedDelays, OutsideDelay};
use crate::sim::open_loop::simulate::trace;
use crate::sim::open_loop::step::{STEP_TERMS, StepCoefficients, StepTerms};
use alloc::vec::Vec;

/// Most tokens all of a run's bursts may hold for the burst fit (each round replays them all):
/// the arena's Qwen3.6 figures hold 0.7 million.
pub const MAX_REPLAY_TOKENS: f64 = 5e7;

/// One replayed point: per request, the terms of its time to first token and of its decode.
struct Replay {
    ttft: Vec<StepTerms>,
    decode: Vec<StepTerms>,
    /// Output tokens after the first, per request.
    after_first: f64,
}

fn replay(engine: &EngineModel, w: &ClosedLoopWorkload, concurrency: f64) -> Replay {
    let prompt = libm::round(w.depth_tokens + w.prompt_tokens) as u32;
    let answer = libm::round(w.answer_tokens) as u32;
    let n = libm::round(concurrency).max(1.0) as usize;
    let arrivals = alloc::vec![Arrival { at_s: 0.0, prompt_tokens: prompt, answer_tokens: answer }; n];
    let (steps, windows) = trace(engine, &arrivals);
    let mut prefix: Vec<StepTerms> = Vec::with_capacity(steps.len() + 1);
    let mut acc = StepTerms::default();
    prefix.push(acc);
    for s in &steps {
        acc = acc.plus(s, 1.0);
        prefix.push(acc);
    }
    let at = |step: u64| prefix.get(step as usize).copied().unwrap_or(acc);
    let mut ttft = Vec::with_capacity(n);
    let mut decode = Vec::with_capacity(n);
    for &(first, done) in &windows {
        let (f, d) = (at(first), at(done));
        ttft.push(f);
        decode.push(d.minus(&f));
    }
    Replay { ttft, decode, after_first: f64::from(answer.saturating_sub(1)) }
}

impl Replay {
    /// Mean per-request decode speed, tokens after the first over the time after the first.
    fn speed(&self, k: &StepCoefficients) -> f64 {
        let n = self.decode.len() as f64;
        self.decode.iter().map(|w| self.after_first / k.seconds_of(w)).sum::<f64>() / n
    }

    /// Terms of the time until the last prompt was read (the burst's prompt phase).
    fn prompt_phase(&self, k: &StepCoefficients) -> StepTerms {
        self.ttft
            .iter()
            .copied()
            .fold((f64::NEG_INFINITY, StepTerms::default()), |best, h| {
                let t = k.seconds_of(&h);
                if t > best.0 { (t, h) } else { best }
            })
            .1
    }

    fn mean_ttft(&self) -> StepTerms {
        let mut m = StepTerms::default();
        for h in &self.ttft {
            m = m.plus(h, 1.0 / self.ttft.len() as f64);
        }
        m
    }
}

/// Refits the step coefficients by replaying each closed-loop point's burst on `setup`.
///
/// # Formula
/// Start from [`fit_engine_shaped`]'s coefficients `beta`. Each round, replay every point (its `C`
/// requests sent at once, lengths as measured) and write, over the replayed steps `s` with
/// terms `x_s = [1, B, sqrt(B), K, P, Q]`:
/// - request `i`'s decode time `T_i = W_i . beta`, `W_i` the sum of `x_s` from its first token
///   to its last; the measured per-request speed `v = mean_i (A - 1) / T_i` is linearised at the
///   current `beta` (one Gauss-Newton step: `J = -mean_i (A - 1) W_i / T_i^2`, equation
///   `J beta' = v - v(beta) + J beta`);
/// - the prompt phase, `G . beta'  = C N / p` with `G` the terms up to the last first token
///   (the measured prompt throughput `p` of `C` prompts of `N` tokens).
///
/// Every equation is divided by its measured value (relative errors), solved by
/// [`crate::sim::open_loop::lsq::nonneg_least_squares`] over the terms the direct fit could
/// identify, and the schedule replayed again. After `rounds` rounds (or when the coefficients
/// stop moving) the coefficients with the smallest sum of squared relative errors of the
/// replayed figures are kept (the direct fit's included, so this never fits worse). The
/// residuals are the replayed figures beside the measured ones, TTFR included (mean time to
/// first token of the burst; shown, not fitted: llama-benchy's TTFR adds the client's latency).
///
/// Bad input: none possible for a validated [`ClosedLoopRun`]. A setup that cannot run the
/// direct fit's coefficients (see [`EngineModel::new`]), or bursts of more than
/// [`MAX_REPLAY_TOKENS`] in all, leave the direct fit unchanged (`FitMethod::Direct`).
pub fn fit_engine_bursts(run: &ClosedLoopRun, setup: EngineSetup, rounds: u32) -> EngineFit {
    fit_engine_bursts_delayed(run, setup, rounds, OutsideDelay::NotFitted).0
}

/// The unknowns of a round: the step coefficients, then the two outside delays.
const UNKNOWNS: usize = STEP_TERMS + 2;
const PROMPT_DELAY: usize = STEP_TERMS;
const TTFR_DELAY: usize = STEP_TERMS + 1;

/// [`fit_engine_bursts`] with the time outside the engine treated as `delay` says; also the
/// delays it fitted.
///
/// # Formula
/// As [`fit_engine_bursts`], with two more unknowns, constant per run and at least 0 (the
/// columns of the same [`bounded_least_squares`]):
/// - `delta_p` in every prompt equation where [`OutsideDelay::in_prompt`]:
///   `(G . beta + delta_p) / (C N / p) = 1`. llama-benchy's prompt rate is `C N` over its
///   estimated prompt time, the TTFR less the network latency it measured, so whatever else the
///   client spends (tokenizing, HTTP handling) is in it once per burst;
/// - `delta_t` in a TTFR equation per point where [`OutsideDelay::fits_ttfr`]:
///   `(mean_i F_i . beta + delta_t) / TTFR = 1`, `F_i` request `i`'s terms up to its first token.
///
/// The objective that picks the kept round adds the same figures with the same delays (a
/// prompt rate as `C N / (G . beta + delta_p)`, a TTFR as `mean_i F_i . beta + delta_t`).
/// With [`OutsideDelay::NotFitted`] this is [`fit_engine_bursts`] exactly and both delays are 0.
///
/// Bad input: as [`fit_engine_bursts`]; where the direct fit is kept the delays are 0.
pub fn fit_engine_bursts_delayed(
    run: &ClosedLoopRun,
    setup: EngineSetup,
    rounds: u32,
    delay: OutsideDelay,
) -> (EngineFit, FittedDelays) {
    let shape = setup.decode_shape;
    let direct = fit_engine_shaped(run, &shape);
    let replayed: f64 = run
        .workloads()
        .iter()
        .flat_map(|w| {
            w.points.iter().map(move |p| p.concurrency * (w.depth_tokens + w.prompt_tokens + w.answer_tokens))
        })
        .sum();
    if replayed > MAX_REPLAY_TOKENS {
        return (direct, FittedDelays::default());
    }
    let terms = direct.decode_model.fitted_terms(&shape).plus(&direct.prefill_model.fitted_terms(), 1.0).support();
    let mut allowed = [false; UNKNOWNS];
    allowed[..STEP_TERMS].copy_from_slice(&terms);
    allowed[PROMPT_DELAY] = delay.in_prompt();
    allowed[TTFR_DELAY] = delay.in_ttfr();
    let mut floor = [0.0; UNKNOWNS];
    floor[..STEP_TERMS].copy_from_slice(&shape.decode_floor(direct.decode_model).to_array());
    let mut beta = [0.0; UNKNOWNS];
    beta[..STEP_TERMS].copy_from_slice(&direct.coefficients.to_array());
    let Some(mut best) = evaluate(run, setup, &beta, delay) else { return (direct, FittedDelays::default()) };
    let mut best_beta = beta;
    let mut done = 0;
    for round in 1..=rounds {
        let Some((rows, rhs)) = equations(run, setup, &beta, delay) else { break };
        let Some(solution) = bounded_least_squares(&rows, &rhs, allowed, floor) else { break };
        let next = solution.coefficients;
        let moved = next.iter().zip(&beta).any(|(n, b)| (n - b).abs() > 1e-12 * b.abs().max(1e-300));
        beta = next;
        done = round;
        match evaluate(run, setup, &beta, delay) {
            Some(objective) if objective < best => {
                best = objective;
                best_beta = beta;
            }
            Some(_) => {}
            None => break,
        }
        if !moved {
            break;
        }
    }
    let coefficients = StepCoefficients::from_array(step_part(&best_beta));
    let residuals = match EngineModel::new(coefficients, setup, 0.0, 0.0) {
        Ok(engine) => replayed_residuals(run, &engine),
        Err(_) => direct.residuals.clone(),
    };
    let delays = FittedDelays { prompt_s: best_beta[PROMPT_DELAY], ttfr_s: best_beta[TTFR_DELAY] };
    (EngineFit { coefficients, residuals, method: FitMethod::Bursts { rounds: done }, ..direct }, delays)
}

fn step_part(beta: &[f64; UNKNOWNS]) -> [f64; STEP_TERMS] {
    let mut k = [0.0; STEP_TERMS];
    k.copy_from_slice(&beta[..STEP_TERMS]);
    k
}

fn with_delay(terms: [f64; STEP_TERMS], delay: Option<usize>) -> [f64; UNKNOWNS] {
    let mut row = [0.0; UNKNOWNS];
    row[..STEP_TERMS].copy_from_slice(&terms);
    if let Some(i) = delay {
        row[i] = 1.0;
    }
    row
}

/// The linearised equations of one round, relative to the measured values.
fn equations(
    run: &ClosedLoopRun,
    setup: EngineSetup,
    beta: &[f64; UNKNOWNS],
    delay: OutsideDelay,
) -> Option<(Vec<[f64; UNKNOWNS]>, Vec<f64>)> {
    let k = StepCoefficients::from_array(step_part(beta));
    let engine = EngineModel::new(k, setup, 0.0, 0.0).ok()?;
    let (mut rows, mut rhs) = (Vec::new(), Vec::new());
    for w in run.workloads() {
        for p in &w.points {
            let r = replay(&engine, w, p.concurrency);
            let v = p.per_request_tok_s;
            if r.after_first > 0.0 {
                let mut j = StepTerms::default();
                for wi in &r.decode {
                    let t = k.seconds_of(wi);
                    j = j.plus(wi, -r.after_first / (t * t) / r.decode.len() as f64);
                }
                rows.push(with_delay(j.to_array(), None).map(|x| x / v));
                rhs.push((v - r.speed(&k) + k.seconds_of(&j)) / v);
            }
            if let Some(rate) = p.prompt_tok_s.filter(|_| delay.keeps_prompt(w, p.concurrency)) {
                let target = libm::round(p.concurrency).max(1.0) * w.prompt_tokens / rate;
                let d = delay.in_prompt().then_some(PROMPT_DELAY);
                rows.push(with_delay(r.prompt_phase(&k).to_array(), d).map(|x| x / target));
                rhs.push(1.0);
            }
            if let Some(ms) = p.ttfr_ms.filter(|&ms| delay.fits_ttfr(p.concurrency) && ms > 0.0) {
                let target = ms / 1000.0;
                rows.push(with_delay(r.mean_ttft().to_array(), Some(TTFR_DELAY)).map(|x| x / target));
                rhs.push(1.0);
            }
        }
    }
    Some((rows, rhs))
}

/// Sum of squared relative errors of the replayed speeds and prompt throughputs.
fn evaluate(run: &ClosedLoopRun, setup: EngineSetup, beta: &[f64; UNKNOWNS], delay: OutsideDelay) -> Option<f64> {
    let engine = EngineModel::new(StepCoefficients::from_array(step_part(beta)), setup, 0.0, 0.0).ok()?;
    let (dp, dt) = (beta[PROMPT_DELAY], beta[TTFR_DELAY]);
    let total = replayed_residuals(run, &engine)
        .iter()
        .filter_map(|r| {
            let w = &run.workloads()[r.workload];
            let p = &w.points[r.point];
            match r.figure {
                FitFigure::PerRequestTokS => Some(r.relative()),
                FitFigure::PromptTokS if !delay.keeps_prompt(w, p.concurrency) => None,
                FitFigure::PromptTokS if delay.in_prompt() => {
                    let c = libm::round(p.concurrency).max(1.0);
                    let seconds = c * w.prompt_tokens / r.fitted + dp;
                    Some(c * w.prompt_tokens / seconds / r.measured - 1.0)
                }
                FitFigure::PromptTokS => Some(r.relative()),
                FitFigure::TtfrMs if delay.fits_ttfr(p.concurrency) && r.measured > 0.0 => {
                    Some((r.fitted + 1000.0 * dt) / r.measured - 1.0)
                }
                FitFigure::TtfrMs => None,
            }
        })
        .map(|e| e * e)
        .sum();
    Some(total)
}

fn replayed_residuals(run: &ClosedLoopRun, engine: &EngineModel) -> Vec<FitResidual> {
    let k = engine.coefficients();
    let mut out = Vec::new();
    for (wi, w) in run.workloads().iter().enumerate() {
        for (pi, p) in w.points.iter().enumerate() {
            let r = replay(engine, w, p.concurrency);
            let at = |figure, measured, fitted| FitResidual { workload: wi, point: pi, figure, measured, fitted };
            if r.after_first > 0.0 {
                out.push(at(FitFigure::PerRequestTokS, p.per_request_tok_s, r.speed(&k)));
            }
            if let Some(rate) = p.prompt_tok_s {
                let c = libm::round(p.concurrency).max(1.0);
                out.push(at(FitFigure::PromptTokS, rate, c * w.prompt_tokens / k.seconds_of(&r.prompt_phase(&k))));
            }
            if let Some(ms) = p.ttfr_ms {
                out.push(at(FitFigure::TtfrMs, ms, 1000.0 * k.seconds_of(&r.mean_ttft())));
            }
        }
    }
    out
}
