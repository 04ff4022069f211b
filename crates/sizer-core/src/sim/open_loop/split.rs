//! One load split over several servers: the arrivals each of them sees.

/// The gamma shape of the arrivals one of `servers` sees when each request goes to a server
/// picked at random (a balancer that does not look), `shape` being the whole load's. For one
/// server, `shape` itself.
///
/// Bad input: a shape that is NaN, zero or negative, or zero servers, gives NaN.
///
/// # Formula
/// Random splitting thins the arrivals with `p = 1 / servers`: a server's gap is the sum of a
/// geometric number `M` (mean `1 / p`, variance `(1 - p) / p^2`) of the load's gaps `X`, whose
/// squared coefficient of variation is `1 / shape` for gamma gaps. The variance of a random sum
/// (the law of total variance: `Var = E[M] Var X + Var M (E X)^2`) over its mean squared gives
/// `cv^2 = p cv_X^2 + (1 - p)`, and the gamma with that spread has shape
/// `1 / (p / shape + 1 - p)`. Bursty loads (shape < 1) smooth towards Poisson, smooth ones
/// (shape > 1) roughen towards it; round-robin would smooth more (shape `servers x shape`), so
/// random splitting is the cautious rule.
pub fn split_burstiness(shape: f64, servers: u32) -> f64 {
    if shape.is_nan() || shape <= 0.0 || servers == 0 {
        return f64::NAN;
    }
    let p = 1.0 / f64::from(servers);
    1.0 / (p / shape + 1.0 - p)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_server_keeps_the_shape_and_many_tend_to_poisson() {
        assert_eq!(split_burstiness(0.5, 1), 0.5);
        // p = 1/2: cv^2 = 0.5 x 2 + 0.5 = 1.5, shape 2/3.
        assert!((split_burstiness(0.5, 2) - 2.0 / 3.0).abs() < 1e-12);
        // p = 1/4, shape 4: cv^2 = 0.25 x 0.25 + 0.75 = 0.8125, shape 1.2308.
        assert!((split_burstiness(4.0, 4) - 1.0 / 0.8125).abs() < 1e-12);
        assert_eq!(split_burstiness(1.0, 7), 1.0);
        assert!(split_burstiness(0.0, 2).is_nan());
        assert!(split_burstiness(1.0, 0).is_nan());
    }
}
