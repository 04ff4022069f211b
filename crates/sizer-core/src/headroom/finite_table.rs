//! The finite-population count for one duty and percentile at many stream counts, as planning
//! one team on every run asks for it: does `P(Binomial(n, d) <= S) >= p` hold, and the largest
//! real n for which it does.
//!
//! For each stream count S the table keeps the whole bracket `N_S`, the largest whole n with
//! `P(Bin(n, d) <= S) >= p`, with the CDF and PMF there. A bracket next to a known one follows
//! from it by the recurrences in n and in S (a few multiplications per step instead of a new
//! CDF). A question about n is then answered by comparing n with `N_S` when the CDF at the
//! bracket is clearly on its side of p; only when it is within [`MARGIN`] of p, or n lies
//! strictly between `N_S` and `N_S + 1`, is the CDF evaluated directly, so every answer is the
//! one [`binomial_cdf`] gives. The largest real n is searched inside the bracket a direct
//! evaluation gives (so it does not depend on what the table was asked before), on `ln F`
//! summed without `exp`, to a tenth of the precision asked.

use super::binomial::{binomial_cdf, binomial_cdf_and_pmf, binomial_max_users_within, ln_binomial_cdf};
use super::normal::{normal_max_load, z_for_percentile};
use alloc::collections::BTreeMap;
use alloc::vec::Vec;
use libm::{floor, log, log1p, pow, sqrt};

/// How far (absolute) a CDF from the recurrences must be from p to decide on its own: the
/// recurrences and the direct evaluation agree far closer (about 1e-12).
const MARGIN: f64 = 1e-9;
/// Recurrence steps a bracket may be derived through from a directly evaluated one (past it
/// the table gives up on that stream count, and the direct functions answer there).
const MAX_CHAIN_STEPS: u32 = 4_096;
/// Recurrence steps worth one direct evaluation: a neighbour further away is not stepped from.
const DIRECT_COST_STEPS: f64 = 64.0;
/// Stream counts kept in a flat list; larger ones in a map.
const FLAT: u64 = 4_096;

/// The whole bracket at S: `F(S, n) >= p > F(S, n + 1) = cdf - d pmf`.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Bracket {
    /// `N_S`, whole.
    n: f64,
    /// `F(S, n) = P(Bin(n, d) <= S)`.
    cdf: f64,
    /// `T(S, n) = P(Bin(n, d) = S)`.
    pmf: f64,
    /// Recurrence steps since the last direct evaluation.
    steps: u32,
    /// True when settled from a direct evaluation at this stream count (not stepped from a
    /// neighbour): the same whatever else the table holds.
    direct: bool,
}

/// What the table knows of the bracket at one stream count.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Known {
    NotYet,
    /// No bracket (the direct functions answer there).
    Unanswered,
    Found(Bracket),
}

/// What the table knows at one stream count.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Entry {
    known: Known,
    /// The largest real n (NaN: not asked for yet).
    users: f64,
}

impl Entry {
    const NOT_YET: Entry = Entry { known: Known::NotYet, users: f64::NAN };
}

/// The finite-population count at one duty and percentile, remembered per stream count.
#[derive(Debug)]
pub(crate) struct FiniteTable {
    duty: f64,
    p: f64,
    /// The standard normal p-quantile, for the first guess of a bracket.
    z: f64,
    /// `ln p` and `ln(1 - d)`, for the root search.
    ln_p: f64,
    ln_q: f64,
    /// True when `0 < duty < 1` and `0 < p < 1` (else every answer comes from the direct
    /// functions, which handle those edges at once).
    regular: bool,
    /// What is known by stream count below [`FLAT`].
    flat: Vec<Entry>,
    /// The same for larger stream counts.
    far: BTreeMap<u64, Entry>,
    /// Directly evaluated CDFs, by stream count and the bits of n.
    direct: BTreeMap<(u64, u64), f64>,
}

impl FiniteTable {
    pub(crate) fn new(duty: f64, p: f64) -> FiniteTable {
        let regular = duty > 0.0 && duty < 1.0 && p > 0.0 && p < 1.0;
        FiniteTable {
            duty,
            p,
            z: if regular { z_for_percentile(p) } else { 0.0 },
            ln_p: log(p),
            ln_q: log1p(-duty),
            regular,
            flat: Vec::new(),
            far: BTreeMap::new(),
            direct: BTreeMap::new(),
        }
    }

    /// True when the table answers for this duty and percentile.
    pub(crate) fn is_for(&self, duty: f64, p: f64) -> bool {
        self.duty.to_bits() == duty.to_bits() && self.p.to_bits() == p.to_bits()
    }

    /// Stream counts looked at plus CDFs evaluated directly.
    pub(crate) fn len(&self) -> usize {
        self.flat.iter().filter(|e| e.known != Known::NotYet).count() + self.far.len() + self.direct.len()
    }

    /// `binomial_cdf(streams, users, duty) >= p`, decided by the bracket where it is clear.
    pub(crate) fn fits(&mut self, streams: u64, users: f64) -> bool {
        if self.regular && users >= 0.0 && users <= streams as f64 {
            return true;
        }
        self.look(streams);
        if let Some(b) = self.found(streams) {
            if users <= b.n && b.cdf >= self.p + MARGIN {
                return true;
            }
            if users >= b.n + 1.0 && b.cdf - self.duty * b.pmf < self.p - MARGIN {
                return false;
            }
        }
        let (duty, p) = (self.duty, self.p);
        *self.direct.entry((streams, users.to_bits())).or_insert_with(|| binomial_cdf(streams, users, duty)) >= p
    }

    /// `binomial_max_users(streams, duty, p)` found to `relative`, remembered (one `relative`
    /// per table).
    pub(crate) fn max_users(&mut self, streams: u64, relative: f64) -> f64 {
        if let Some(users) = self.entry(streams).map(|e| e.users).filter(|u| !u.is_nan()) {
            return users;
        }
        // From the bracket a direct evaluation gives (not one stepped from a neighbour), so
        // the answer does not depend on what the table was asked before.
        self.look(streams);
        let direct = match self.found(streams) {
            Some(b) if b.direct => Some(*b),
            Some(_) => settle(streams, self.duty, self.p, self.start(streams)),
            None => None,
        };
        let from_bracket = direct.and_then(|b| self.max_users_from(streams, &b, relative));
        let users = match from_bracket {
            Some(users) => users,
            None => binomial_max_users_within(streams, self.duty, self.p, relative),
        };
        self.entry_mut(streams).users = users;
        users
    }

    /// The root inside a bracket, by [`brent`] on `ln F(n) - ln p` (as
    /// [`binomial_max_users_within`] searches it, from this bracket instead of a new one).
    /// Where ln F's fall per user is monotone across `N - 1 .. N + 2` (so its slope inside the
    /// bracket is at least the smallest of the three falls, s), the search aims half the
    /// tolerance inside the side that fits and may stop at the first point b there with
    /// `ln F(b) - ln p <= 0.9 tolerance s`: the root is then within the tolerance above b,
    /// usually one evaluation sooner. `None` when the bracket cannot start a search.
    fn max_users_from(&self, streams: u64, b: &Bracket, relative: f64) -> Option<f64> {
        let (duty, ln_p, ln_q) = (self.duty, self.ln_p, self.ln_q);
        let (s, q) = (streams as f64, 1.0 - duty);
        let next = b.cdf - duty * b.pmf;
        let at_lo = log(b.cdf) - ln_p;
        let at_hi = log(next) - ln_p;
        if !(at_lo >= 0.0 && at_hi < 0.0) {
            return None;
        }
        // A tenth of the asked precision: `binomial_max_users` lands that close in practice.
        let tolerance = 0.1 * relative.max(1e-12) * (b.n + 1.0);
        // ln F one user either side, by the recurrences of `settle`.
        let after = log(next - duty * b.pmf * (b.n + 1.0) * q / (b.n + 1.0 - s)) - ln_p;
        let before = log(b.cdf + duty * b.pmf * (b.n - s) / (b.n * q)) - ln_p;
        let falls = [before - at_lo, at_lo - at_hi, at_hi - after];
        let monotone = (falls[0] <= falls[1] && falls[1] <= falls[2]) || (falls[0] >= falls[1] && falls[1] >= falls[2]);
        let slope = falls[0].min(falls[1]).min(falls[2]);
        let (aim, close) = if b.n > s && monotone && slope > 0.0 && slope.is_finite() {
            (0.5 * tolerance * slope, 0.9 * tolerance * slope)
        } else {
            (0.0, 0.0)
        };
        if at_lo < aim {
            return None;
        }
        let f = |n: f64| ln_binomial_cdf(streams, n, duty, ln_q) - ln_p - aim;
        Some(brent(f, (b.n, at_lo - aim), (b.n + 1.0, at_hi - aim), tolerance, aim, close))
    }

    fn entry(&self, streams: u64) -> Option<&Entry> {
        if streams < FLAT { self.flat.get(streams as usize) } else { self.far.get(&streams) }
    }

    fn entry_mut(&mut self, streams: u64) -> &mut Entry {
        if streams < FLAT {
            let index = streams as usize;
            if self.flat.len() <= index {
                self.flat.resize(index + 1, Entry::NOT_YET);
            }
            &mut self.flat[index]
        } else {
            self.far.entry(streams).or_insert(Entry::NOT_YET)
        }
    }

    /// The bracket at `streams`, when the table has one.
    fn found(&self, streams: u64) -> Option<&Bracket> {
        match self.entry(streams) {
            Some(Entry { known: Known::Found(b), .. }) => Some(b),
            _ => None,
        }
    }

    /// Finds the bracket at `streams` once: from a known neighbour when that is cheaper than a
    /// direct evaluation, else directly (nothing where the table does not answer).
    fn look(&mut self, streams: u64) {
        if !self.regular || self.entry(streams).is_some_and(|e| e.known != Known::NotYet) {
            return;
        }
        let found =
            self.stepped_from_neighbour(streams).or_else(|| settle(streams, self.duty, self.p, self.start(streams)));
        self.entry_mut(streams).known = found.map_or(Known::Unanswered, Known::Found);
    }

    /// The first point of a direct bracket: as [`binomial_max_users_within`], the normal
    /// approximation `n d + z sqrt(n d (1 - d)) = S + 1/2`, with the CDF and PMF there.
    fn start(&self, streams: u64) -> Start {
        let (s, d) = (streams as f64, self.duty);
        let guess = (normal_max_load(s + 0.5, self.z * sqrt(1.0 - d)) / d).max(s);
        let n = floor(guess);
        if n <= s {
            return Start { n: s, cdf: 1.0, pmf: pow(d, s), steps: 0, direct: true };
        }
        let (cdf, pmf) = binomial_cdf_and_pmf(streams, n, d);
        Start { n, cdf, pmf, steps: 0, direct: true }
    }

    /// The bracket at `streams` stepped from the nearest known one within [`DIRECT_COST_STEPS`]
    /// (each stream count apart costs about `1 + 1 / d` steps); the ones between are kept too.
    fn stepped_from_neighbour(&mut self, streams: u64) -> Option<Bracket> {
        if streams >= FLAT {
            return None;
        }
        let reach = floor(DIRECT_COST_STEPS / (1.0 + 1.0 / self.duty)) as u64;
        for distance in 1..=reach {
            if let Some(mut b) = streams.checked_sub(distance).and_then(|below| self.found(below).copied()) {
                for s in streams - distance + 1..=streams {
                    b = step_up(s, self.duty, self.p, b)?;
                    self.entry_mut(s).known = Known::Found(b);
                }
                return Some(b);
            }
            if let Some(mut b) = self.found(streams + distance).copied() {
                for s in (streams..streams + distance).rev() {
                    b = step_down(s, self.duty, self.p, b)?;
                    self.entry_mut(s).known = Known::Found(b);
                }
                return Some(b);
            }
        }
        None
    }
}

/// A point `(n, F(S, n), T(S, n))` to settle into a bracket.
#[derive(Clone, Copy)]
struct Start {
    n: f64,
    cdf: f64,
    pmf: f64,
    steps: u32,
    direct: bool,
}

/// The whole bracket at S from any whole `n >= S` with its CDF and PMF.
///
/// # Formula
/// With `F(n) = P(Bin(n, d) <= S)` and `T(n) = P(Bin(n, d) = S)`: `F(n + 1) = F(n) - d T(n)`,
/// `T(n + 1) = T(n) (n + 1) (1 - d) / (n + 1 - S)` (as in `unit_bracket`; A&S 26.5.15), and
/// backwards `T(n - 1) = T(n) (n - S) / (n (1 - d))`, `F(n - 1) = F(n) + d T(n - 1)`; step up
/// while `F(n + 1) >= p`, down while `F(n) < p` (`F(S) = 1`).
///
/// Bad input: none reaches it (the table keeps `0 < d < 1`, `0 < p < 1`); a start that is not
/// finite or has underflowed, or more than [`MAX_CHAIN_STEPS`] steps in all, gives `None`.
fn settle(streams: u64, d: f64, p: f64, start: Start) -> Option<Bracket> {
    let Start { mut n, mut cdf, mut pmf, mut steps, direct } = start;
    let s = streams as f64;
    let q = 1.0 - d;
    if !(cdf.is_finite() && pmf.is_finite() && pmf > 0.0) {
        return None;
    }
    if cdf >= p {
        loop {
            let next = cdf - d * pmf;
            if next < p {
                break;
            }
            pmf *= (n + 1.0) * q / (n + 1.0 - s);
            cdf = next;
            n += 1.0;
            steps += 1;
            if steps > MAX_CHAIN_STEPS {
                return None;
            }
        }
    } else {
        while cdf < p {
            if n <= s {
                cdf = 1.0;
                break;
            }
            pmf *= (n - s) / (n * q);
            cdf += d * pmf;
            n -= 1.0;
            steps += 1;
            if steps > MAX_CHAIN_STEPS {
                return None;
            }
        }
        if n <= s {
            cdf = 1.0;
        }
    }
    (pmf.is_finite() && pmf > 0.0).then_some(Bracket { n, cdf, pmf, steps, direct })
}

/// The bracket at S from the one at S - 1.
///
/// # Formula
/// `T(S, n) = T(S - 1, n) (n - S + 1) / S x d / (1 - d)` and `F(S, n) = F(S - 1, n) + T(S, n)`
/// (one more success allowed), at `n = N_{S-1}` (or `n = S`, where `F = 1` and `T = d^S`, if
/// `N_{S-1} < S`), then [`settle`] upwards (`N_S >= N_{S-1}`).
///
/// Bad input: none reaches it; `None` as [`settle`].
fn step_up(streams: u64, d: f64, p: f64, below: Bracket) -> Option<Bracket> {
    let s = streams as f64;
    let start = if below.n < s {
        Start { n: s, cdf: 1.0, pmf: pow(d, s), steps: below.steps + 1, direct: false }
    } else {
        let pmf = below.pmf * (below.n - s + 1.0) / s * (d / (1.0 - d));
        Start { n: below.n, cdf: below.cdf + pmf, pmf, steps: below.steps + 1, direct: false }
    };
    settle(streams, d, p, start)
}

/// The bracket at S from the one at S + 1.
///
/// # Formula
/// `F(S, n) = F(S + 1, n) - T(S + 1, n)` and `T(S, n) = T(S + 1, n) (S + 1) / (n - S) x
/// (1 - d) / d`, at `n = N_{S+1} >= S + 1`, then [`settle`] downwards (`N_S <= N_{S+1}`).
///
/// Bad input: none reaches it; `None` as [`settle`].
fn step_down(streams: u64, d: f64, p: f64, above: Bracket) -> Option<Bracket> {
    let s = streams as f64;
    let pmf = above.pmf * (s + 1.0) / (above.n - s) * ((1.0 - d) / d);
    settle(streams, d, p, Start { n: above.n, cdf: above.cdf - above.pmf, pmf, steps: above.steps + 1, direct: false })
}

/// Steps at most in [`brent`]; from a bracket one user wide it needs about three.
const MAX_BRENT_STEPS: usize = 100;

/// A point within `tolerance` below the root of a decreasing `g`, given `f = g - aim` (`aim
/// >= 0`: aimed inside the side where `g >= 0`) with `f(lo) >= 0 > f(hi)`.
///
/// # Formula
/// Brent's method on f (R. P. Brent, Algorithms for Minimization without Derivatives, 1973,
/// ch. 4; Press et al., Numerical Recipes, 9.3 `zbrent`): inverse quadratic interpolation
/// through the last three points (the secant through two), taken when it falls inside the
/// bracket and shrinks faster than bisection would, else bisection; a step shorter than the
/// tolerance is lengthened to it, so the bracket closes. It stops when the bracket is half the
/// tolerance wide (its `f >= 0` end is then within `tolerance` of g's root when
/// `aim <= tolerance s / 2`, s the least slope of g there), or at the first point b with
/// `0 <= g(b) <= close` (`close <= 0.9 tolerance s` keeps it within the tolerance too).
///
/// Bad input: a NaN value of `f` ends the search at the `f >= 0` end known so far.
fn brent(
    f: impl Fn(f64) -> f64,
    (lo, f_lo): (f64, f64),
    (hi, f_hi): (f64, f64),
    tolerance: f64,
    aim: f64,
    close: f64,
) -> f64 {
    // b: the latest point, c: the other end of the bracket around the root, a: b's predecessor.
    let (mut a, mut fa) = (lo, f_lo);
    let (mut b, mut fb) = (hi, f_hi);
    let (mut c, mut fc) = (b, fb);
    let (mut d, mut e) = (b - a, b - a);
    let tol = 0.25 * tolerance;
    for _ in 0..MAX_BRENT_STEPS {
        if (fb >= 0.0) == (fc >= 0.0) {
            (c, fc) = (a, fa);
            d = b - a;
            e = d;
        }
        if fc.abs() < fb.abs() {
            (a, fa) = (b, fb);
            (b, fb) = (c, fc);
            (c, fc) = (a, fa);
        }
        let half = 0.5 * (c - b);
        if half.abs() <= tol || fb == 0.0 {
            break;
        }
        if e.abs() >= tol && fa.abs() > fb.abs() {
            let s = fb / fa;
            let (mut p, mut q) = if a == c {
                (2.0 * half * s, 1.0 - s)
            } else {
                let (q, r) = (fa / fc, fb / fc);
                (s * (2.0 * half * q * (q - r) - (b - a) * (r - 1.0)), (q - 1.0) * (r - 1.0) * (s - 1.0))
            };
            if p > 0.0 {
                q = -q;
            }
            p = p.abs();
            if 2.0 * p < (3.0 * half * q - (tol * q).abs()).min((e * q).abs()) {
                e = d;
                d = p / q;
            } else {
                d = half;
                e = d;
            }
        } else {
            d = half;
            e = d;
        }
        (a, fa) = (b, fb);
        b += if d.abs() > tol { d } else { tol.copysign(half) };
        fb = f(b);
        if fb.is_nan() {
            return if fa >= 0.0 { a } else { c };
        }
        if fb + aim >= 0.0 && fb + aim <= close {
            return b;
        }
    }
    if fb >= 0.0 { b } else { c }
}

#[cfg(test)]
mod tests;
