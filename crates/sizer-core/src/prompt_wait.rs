//! Time to first token from the prefill rate, where no TTFT was measured with prompts like the
//! team's: a request's prompt waits behind the prompts already queued, then is read itself
//! (English seed, "Agents are different"; German seed, "Warum sich lange Prompts stauen").
//!
//! The estimate is for the team's longest prompt at the p99 of the wait, so a team under it is
//! under the ceiling for every prompt it sends; it is labelled an estimate wherever it is shown.

/// The percentile a TTFT ceiling is set at (the planner's ceiling is a p99 TTFT).
pub const CEILING_PERCENTILE: f64 = 0.99;

/// Newton steps at most when finding the largest utilisation under a ceiling (it settles in a
/// handful).
const NEWTON_STEPS: usize = 100;
/// Steps of one ulp at most from where Newton's method settles.
const ULP_STEPS: usize = 16;

/// 60 halvings of [0, 1] (the interval then below 1e-18, far under any figure shown), keeping
/// the lower end where `under(mid)` holds: the lower end at the last.
fn bisect(under: impl Fn(f64) -> bool) -> f64 {
    let (mut lo, mut hi) = (0.0_f64, 1.0_f64);
    for _ in 0..60 {
        let mid = 0.5 * (lo + hi);
        if under(mid) {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    lo
}

/// The prompt queue of one system, for the team's longest prompt at one prefill rate.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct PromptTtft {
    /// The team's longest prompt, tokens.
    pub longest_prompt_tokens: f64,
    /// Seconds to read it alone: the least its first token waits.
    pub longest_prompt_s: f64,
    /// Prompt tok/s the longest prompt's own sender demands. A sender waits for its answer
    /// before it sends again, so its prompt never queues behind its own earlier one: the queue
    /// it meets is everyone else's (the arrival theorem of closed networks, Lavenberg & Reiser,
    /// J. Appl. Prob. 17, 1980), and a system holds `max_utilisation x rate` plus this.
    pub own_demand_tok_s: f64,
    /// The largest utilisation of the prefill rate by the others' prompts (prompt tokens they
    /// demand / prefill rate) at which the longest prompt's p99 TTFT stays under the ceiling; 0
    /// when reading it alone is over.
    pub max_utilisation: f64,
}

impl PromptTtft {
    /// The queue for prompts of `longest_prompt_tokens` at most, read at `prefill_tok_s`, under
    /// a p99 TTFT ceiling of `ceiling_s`; the longest prompt's sender demands
    /// `own_demand_tok_s`.
    ///
    /// # Formula
    /// Prompts are read one after another at the prefill rate, so a prompt's first token waits
    /// for the queue, then for its own reading: `TTFT_p = W_p + L / rate`, `L` the longest
    /// prompt. The queue is one server, first come first served, with Poisson arrivals at
    /// utilisation `rho` (prompt tokens demanded / prefill rate). Its mean wait is
    /// Pollaczek-Khinchine's, `E[W] = rho E[X^2] / (2 E[X] (1 - rho))` for reading times `X`
    /// (exact for M/G/1; Kleinrock, *Queueing Systems*, Vol. 1, 1975, ch. 5); since no prompt
    /// is longer than `L`, `E[X^2] <= (L / rate) E[X]`, so `E[W] <= rho S / (1 - rho)` with
    /// `S = L / (2 rate)`, a bound that needs only the longest prompt (one length: equal). The
    /// tail is taken exponential with that mean, `P(W > t) = rho exp(-rho t / E[W])`, exact for
    /// M/M/1 and Kingman's heavy-traffic limit for M/G/1 (Proc. Cambridge Phil. Soc. 57, 1961):
    /// `W_p = S ln(rho / (1 - p)) / (1 - rho)` where `rho > 1 - p`, else 0. The largest `rho`
    /// with `TTFT_p <= ceiling` is found by bisection (`TTFT_p` grows with `rho` and is
    /// unbounded as `rho -> 1`): 60 halvings of [0, 1], each midpoint judged against the last
    /// `rho` whose evaluated `TTFT_p` is under the ceiling ([`PromptTtft::last_under`]), which
    /// is what judging the midpoint's own `TTFT_p` decides, for a handful of logarithms
    /// instead of one per halving.
    ///
    /// Bad input: `None` unless the prompt, the rate and the ceiling are finite and positive and
    /// the sender's demand finite and non-negative.
    pub fn new(
        longest_prompt_tokens: f64,
        own_demand_tok_s: f64,
        prefill_tok_s: f64,
        ceiling_s: f64,
    ) -> Option<PromptTtft> {
        let positive = |x: f64| x.is_finite() && x > 0.0;
        let figures = [longest_prompt_tokens, prefill_tok_s, ceiling_s];
        let own_ok = own_demand_tok_s.is_finite() && own_demand_tok_s >= 0.0;
        if !(figures.into_iter().all(positive) && own_ok) {
            return None;
        }
        let longest_prompt_s = longest_prompt_tokens / prefill_tok_s;
        let mut queue = PromptTtft { longest_prompt_tokens, longest_prompt_s, own_demand_tok_s, max_utilisation: 0.0 };
        if longest_prompt_s > ceiling_s {
            return Some(queue);
        }
        queue.max_utilisation = match queue.last_under(ceiling_s) {
            Some(last) => bisect(|mid| mid <= last),
            None => bisect(|mid| queue.p99_ttft_s(mid) <= ceiling_s),
        };
        Some(queue)
    }

    /// The largest `rho` whose evaluated [`PromptTtft::p99_ttft_s`] is at most `ceiling_s`, to
    /// the last bit (the next double up is over it); `None` where it is not found that way (the
    /// prompt alone at the ceiling, or the steps below not settling).
    ///
    /// # Formula
    /// Above `tail = 1 - p` the ceiling is met while `h(rho) = S ln(rho / tail) - (ceiling -
    /// L / rate)(1 - rho) <= 0` (`TTFT_p <= ceiling` times `1 - rho`), with `h` increasing and
    /// `h' = S / rho + ceiling - L / rate`: Newton's method kept inside the bracket
    /// `[tail, 1]` (bisecting where a step leaves it) finds the root to a few ulps, then steps of
    /// one ulp find where the evaluated `TTFT_p` crosses the ceiling.
    fn last_under(&self, ceiling_s: f64) -> Option<f64> {
        let tail = 1.0 - CEILING_PERCENTILE;
        let scale = 0.5 * self.longest_prompt_s;
        let room = ceiling_s - self.longest_prompt_s;
        if !(room > 0.0 && scale > 0.0 && room.is_finite() && scale.is_finite()) {
            return None;
        }
        let h = |rho: f64| scale * libm::log(rho / tail) - room * (1.0 - rho);
        let (mut lo, mut hi, mut rho) = (tail, 1.0_f64, 0.5 * (tail + 1.0));
        for _ in 0..NEWTON_STEPS {
            let value = h(rho);
            if value <= 0.0 {
                lo = rho;
            } else {
                hi = rho;
            }
            let step = value / (scale / rho + room);
            let next = if rho - step > lo && rho - step < hi { rho - step } else { 0.5 * (lo + hi) };
            let settled = (next - rho).abs() <= 4.0 * f64::EPSILON * rho;
            rho = next;
            if settled {
                break;
            }
        }
        // One ulp up or down (positive doubles in order of their bits).
        let (up, down) = (|x: f64| f64::from_bits(x.to_bits() + 1), |x: f64| f64::from_bits(x.to_bits() - 1));
        let under = |x: f64| self.p99_ttft_s(x) <= ceiling_s;
        let mut last = rho;
        for _ in 0..ULP_STEPS {
            if !(last > tail && last < 1.0) {
                return None;
            }
            if !under(last) {
                last = down(last);
            } else if under(up(last)) {
                last = up(last);
            } else {
                return Some(last);
            }
        }
        None
    }

    /// The longest prompt's p99 TTFT when the others' prompts use `rho` of the prefill rate
    /// (infinite at 1 and above).
    ///
    /// # Formula
    /// `L / rate + (L / (2 rate)) ln(rho / 0.01) / (1 - rho)` for `0.01 < rho < 1`, `L / rate`
    /// at or below 0.01 (see [`PromptTtft::new`]).
    pub fn p99_ttft_s(&self, rho: f64) -> f64 {
        if rho.is_nan() || rho >= 1.0 {
            return f64::INFINITY;
        }
        let tail = 1.0 - CEILING_PERCENTILE;
        let scale = 0.5 * self.longest_prompt_s;
        let wait = if rho > tail { scale * libm::log(rho / tail) / (1.0 - rho) } else { 0.0 };
        self.longest_prompt_s + wait
    }

    /// Prompt tok/s one system may be asked for with the longest prompt's p99 TTFT under the
    /// ceiling, at `prefill_tok_s` (the rate the queue was built for).
    ///
    /// # Formula
    /// `max_utilisation x rate + own demand` (the others' share under the ceiling, plus the
    /// sender's own, see [`PromptTtft::own_demand_tok_s`]); 0 when the prompt alone is over it.
    pub fn allowed_demand_tok_s(&self, prefill_tok_s: f64) -> f64 {
        if self.prompt_alone_over_ceiling() {
            0.0
        } else {
            self.max_utilisation * prefill_tok_s + self.own_demand_tok_s
        }
    }

    /// True when reading the longest prompt alone already takes longer than the ceiling: no
    /// number of systems brings its first token under it.
    pub fn prompt_alone_over_ceiling(&self) -> bool {
        self.max_utilisation <= 0.0
    }
}
