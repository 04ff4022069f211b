//! A safeguarded Newton search for the headroom inverses.

/// Relative step (or bracket width) at which the search counts as converged.
const RELATIVE_TOLERANCE: f64 = 1e-13;
/// Evaluations at most; Newton from a good start needs 3 to 6.
const MAX_ITERATIONS: usize = 100;

/// The point where a continuous, decreasing `f` crosses 0 inside `[lo, hi]`, given
/// `f(lo) >= 0 > f(hi)`. `f_and_slope(x)` returns `(f(x), f'(x))`. Returns a point within the
/// tolerance of the root, on the side where `f >= 0` when the bracket collapses first.
///
/// # Formula
/// Newton's step `x - f(x) / f'(x)` from `guess` (Press et al., Numerical Recipes, 9.4
/// `rtsafe`): every evaluation narrows the bracket `[lo, hi]`, and a step that would leave the
/// bracket (or a useless slope) is replaced by bisection, so the search always converges.
/// If `[lo, hi]` is not a bracket, returns `lo`.
pub(super) fn find_root_decreasing(f_and_slope: impl Fn(f64) -> (f64, f64), lo: f64, hi: f64, guess: f64) -> f64 {
    let (mut lo, mut hi) = (lo, hi);
    let mut x = if guess > lo && guess < hi { guess } else { lo + 0.5 * (hi - lo) };
    for _ in 0..MAX_ITERATIONS {
        let (fx, slope) = f_and_slope(x);
        if fx.is_nan() {
            return lo;
        }
        if fx >= 0.0 {
            lo = x;
        } else {
            hi = x;
        }
        if fx == 0.0 {
            return x;
        }
        let scale = x.abs().max(f64::MIN_POSITIVE);
        let newton = x - fx / slope;
        let next = if newton > lo && newton < hi { newton } else { lo + 0.5 * (hi - lo) };
        if (next - x).abs() <= RELATIVE_TOLERANCE * scale || hi - lo <= RELATIVE_TOLERANCE * scale {
            return if newton > lo && newton < hi { next } else { lo };
        }
        x = next;
    }
    lo
}
