//! A bracketing root search for the headroom inverses.

/// Relative width at which the bracket counts as converged.
const RELATIVE_TOLERANCE: f64 = 1e-13;

/// The point where a continuous, non-increasing `f` crosses 0 inside `[lo, hi]`, given
/// `f(lo) >= 0 > f(hi)`; returns the bracket's lower end, so `f(result) >= 0`.
///
/// # Formula
/// The Illinois variant of regula falsi (Dowell & Jarratt, BIT 11, 1971), started by splitting
/// the bracket at `guess`, with a bisection step whenever an interpolation step fails to halve
/// the bracket. At most 200 evaluations; if the bracket is not a bracket, returns `lo`.
pub(super) fn find_root_decreasing(f: impl Fn(f64) -> f64, lo: f64, hi: f64, guess: f64) -> f64 {
    let (mut lo, mut hi) = (lo, hi);
    let mut f_lo = f(lo);
    let mut f_hi = f(hi);
    if f_lo.is_nan() || f_lo < 0.0 || f_hi >= 0.0 || f_hi.is_nan() {
        return if f_hi >= 0.0 { hi } else { lo };
    }
    if guess > lo && guess < hi {
        let f_guess = f(guess);
        if f_guess >= 0.0 {
            lo = guess;
            f_lo = f_guess;
        } else if f_guess < 0.0 {
            hi = guess;
            f_hi = f_guess;
        }
    }
    let mut last_side = 0_i8;
    for _ in 0..200 {
        let width = hi - lo;
        if width <= RELATIVE_TOLERANCE * hi.abs().max(f64::MIN_POSITIVE) || f_lo == 0.0 {
            break;
        }
        let mut x = lo + width * f_lo / (f_lo - f_hi);
        if !(x > lo && x < hi) {
            x = lo + 0.5 * width;
        }
        let fx = f(x);
        if fx.is_nan() {
            return lo;
        }
        if fx >= 0.0 {
            lo = x;
            f_lo = fx;
            if last_side == 1 {
                f_hi *= 0.5;
            }
            last_side = 1;
        } else {
            hi = x;
            f_hi = fx;
            if last_side == -1 {
                f_lo *= 0.5;
            }
            last_side = -1;
        }
        if hi - lo > 0.5 * width {
            // Interpolation crept: bisect once.
            let mid = lo + 0.5 * (hi - lo);
            let fm = f(mid);
            if fm >= 0.0 {
                lo = mid;
                f_lo = fm;
            } else {
                hi = mid;
                f_hi = fm;
            }
            last_side = 0;
        }
    }
    lo
}
