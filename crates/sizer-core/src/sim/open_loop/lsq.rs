//! Small least-squares solves (a handful of unknowns, tens of equations) for the engine fit:
//! Householder QR, and non-negative least squares by trying every support.

use alloc::vec;
use alloc::vec::Vec;
use libm::sqrt;

/// A column whose `R` diagonal is below this share of the largest is taken as dependent on the
/// others (after each column is scaled to unit length): the term cannot be told apart.
const RANK_TOLERANCE: f64 = 1e-10;

/// A least-squares solution: the coefficients (0 for columns left out) and the residual sum of
/// squares.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LsqSolution<const N: usize> {
    pub coefficients: [f64; N],
    pub residual_sum_squares: f64,
}

/// Minimises `sum_i (rows_i . beta - rhs_i)^2` over the columns marked `active`; the other
/// coefficients are 0. `None` when the active columns are linearly dependent (or there are fewer
/// rows than active columns).
///
/// # Formula
/// Householder QR (Golub & Van Loan, Matrix Computations, 4th ed., 5.2 and 5.3.3): each active
/// column is first scaled to unit length (equilibration, so a context term in tokens and a
/// constant term in seconds are treated alike), `A = QR`, then `R beta = Q^T b` by back
/// substitution and the scaling undone. QR rather than the normal equations `A^T A beta = A^T b`,
/// which square the condition number.
///
/// Bad input: NaN or infinite entries, or mismatched lengths, give `None`.
pub fn least_squares<const N: usize>(rows: &[[f64; N]], rhs: &[f64], active: [bool; N]) -> Option<LsqSolution<N>> {
    let cols: Vec<usize> = (0..N).filter(|&j| active[j]).collect();
    let (m, k) = (rows.len(), cols.len());
    if rhs.len() != m || m < k || rows.iter().flatten().chain(rhs).any(|v| !v.is_finite()) {
        return None;
    }
    let mut a: Vec<Vec<f64>> = rows.iter().map(|r| cols.iter().map(|&j| r[j]).collect()).collect();
    let mut b: Vec<f64> = rhs.to_vec();
    let mut scale = vec![1.0; k];
    for (j, s) in scale.iter_mut().enumerate() {
        let norm = sqrt(a.iter().map(|r| r[j] * r[j]).sum());
        if norm == 0.0 {
            return None;
        }
        *s = norm;
        for r in &mut a {
            r[j] /= norm;
        }
    }
    for j in 0..k {
        let norm = sqrt((j..m).map(|i| a[i][j] * a[i][j]).sum());
        let alpha = if a[j][j] > 0.0 { -norm } else { norm };
        let mut v: Vec<f64> = (j..m).map(|i| a[i][j]).collect();
        v[0] -= alpha;
        let v2: f64 = v.iter().map(|x| x * x).sum();
        if v2 == 0.0 {
            continue;
        }
        // Reflect the remaining columns: a_l -= 2 (v . a_l) / (v . v) v.
        let mut dots = vec![0.0; k];
        for (t, vi) in v.iter().enumerate() {
            for (dot, x) in dots.iter_mut().zip(&a[j + t]).skip(j) {
                *dot += vi * x;
            }
        }
        for (t, vi) in v.iter().enumerate() {
            for (x, dot) in a[j + t].iter_mut().zip(&dots).skip(j) {
                *x -= 2.0 * dot / v2 * vi;
            }
        }
        let s: f64 = v.iter().enumerate().map(|(t, vi)| vi * b[j + t]).sum();
        for (t, vi) in v.iter().enumerate() {
            b[j + t] -= 2.0 * s / v2 * vi;
        }
    }
    let largest = (0..k).map(|j| a[j][j].abs()).fold(0.0, f64::max);
    let mut beta = vec![0.0; k];
    for j in (0..k).rev() {
        if a[j][j].abs() <= RANK_TOLERANCE * largest {
            return None;
        }
        let tail: f64 = (j + 1..k).map(|l| a[j][l] * beta[l]).sum();
        beta[j] = (b[j] - tail) / a[j][j];
    }
    let mut coefficients = [0.0; N];
    for (t, &j) in cols.iter().enumerate() {
        coefficients[j] = beta[t] / scale[t];
    }
    let residual_sum_squares = rows
        .iter()
        .zip(rhs)
        .map(|(r, y)| {
            let fitted: f64 = r.iter().zip(&coefficients).map(|(x, c)| x * c).sum();
            (fitted - y) * (fitted - y)
        })
        .sum();
    Some(LsqSolution { coefficients, residual_sum_squares })
}

/// Least squares with every coefficient at or above 0, over the columns marked `allowed`.
///
/// # Formula
/// For N unknowns, try every subset of the allowed columns (at most 2^N - 1 solves, 15 for four
/// terms), solve each by [`least_squares`], keep the solutions whose coefficients are all
/// non-negative, and return the one with the smallest residual sum of squares (ties: the one
/// found first, i.e. with fewer columns given in the lower bits). This is exact
/// non-negative least squares: the optimum is the unconstrained fit on its own support
/// (Lawson & Hanson, Solving Least Squares Problems, 1974, ch. 23), and every support is tried.
///
/// Bad input: no allowed column, or no subset with a solution, gives `None`.
pub fn nonneg_least_squares<const N: usize>(
    rows: &[[f64; N]],
    rhs: &[f64],
    allowed: [bool; N],
) -> Option<LsqSolution<N>> {
    let mut best: Option<LsqSolution<N>> = None;
    for mask in 1u32..(1u32 << N) {
        let active: [bool; N] = core::array::from_fn(|j| mask & (1 << j) != 0);
        if (0..N).any(|j| active[j] && !allowed[j]) {
            continue;
        }
        let Some(s) = least_squares(rows, rhs, active) else { continue };
        if s.coefficients.iter().any(|&c| c < 0.0) {
            continue;
        }
        if best.is_none_or(|b| s.residual_sum_squares < b.residual_sum_squares) {
            best = Some(s);
        }
    }
    best
}

/// Least squares with every coefficient at or above its `lower` bound, over the columns marked
/// `allowed` (the others are held at their bound).
///
/// # Formula
/// With `beta = lower + beta'`, `rows . beta - rhs = rows . beta' - (rhs - rows . lower)`: the
/// bounded problem is [`nonneg_least_squares`] on the shifted right-hand side, its solution
/// shifted back (the substitution of Lawson & Hanson, ch. 23, for lower bounds). With every
/// bound 0 it is [`nonneg_least_squares`] exactly.
///
/// Bad input: as [`nonneg_least_squares`]; a NaN bound gives `None`.
pub fn bounded_least_squares<const N: usize>(
    rows: &[[f64; N]],
    rhs: &[f64],
    allowed: [bool; N],
    lower: [f64; N],
) -> Option<LsqSolution<N>> {
    if lower.iter().any(|l| l.is_nan()) {
        return None;
    }
    let shifted: Vec<f64> = if lower.iter().all(|&l| l == 0.0) {
        rhs.to_vec()
    } else {
        rows.iter().zip(rhs).map(|(r, y)| y - r.iter().zip(&lower).map(|(x, l)| x * l).sum::<f64>()).collect()
    };
    let mut s = nonneg_least_squares(rows, &shifted, allowed)?;
    for (c, l) in s.coefficients.iter_mut().zip(&lower) {
        *c += l;
    }
    Some(s)
}
