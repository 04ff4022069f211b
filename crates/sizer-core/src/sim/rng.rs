//! SplitMix64: a small, fast, seedable generator, the same bits on every platform.
//!
//! The simulation needs reproducible draws (the same seed gives the same report natively and in
//! wasm), not cryptographic ones. SplitMix64 is 64 bits of state, a Weyl sequence and a mixing
//! function: integer arithmetic only, so every target computes identical outputs.

/// The SplitMix64 generator (Steele, Lea & Flood, "Fast splittable pseudorandom number
/// generators", OOPSLA 2014; Vigna's reference `splitmix64.c`, <https://prng.di.unimi.it/>).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SplitMix64 {
    state: u64,
}

impl SplitMix64 {
    /// A generator whose first output is the mix of `seed + 0x9e3779b97f4a7c15`.
    pub fn new(seed: u64) -> SplitMix64 {
        SplitMix64 { state: seed }
    }

    /// The next 64 random bits.
    ///
    /// # Formula
    /// `state += 0x9e3779b97f4a7c15; z = state; z = (z ^ z >> 30) * 0xbf58476d1ce4e5b9;
    /// z = (z ^ z >> 27) * 0x94d049bb133111eb; return z ^ z >> 31`, all modulo 2^64 (Vigna's
    /// `splitmix64.c`; Rosetta Code "Pseudo-random numbers/Splitmix64" lists the first outputs
    /// for seed 1234567: 6457827717110365317, 3203168211198807973, ...).
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A uniform draw in `[0, 1)` with 53 random bits.
    ///
    /// # Formula
    /// `(next_u64() >> 11) x 2^-53`: the top 53 bits as a multiple of 2^-53 (the usual exact
    /// conversion, e.g. Vigna's notes on generating doubles).
    pub fn next_f64(&mut self) -> f64 {
        const SCALE: f64 = 1.0 / (1u64 << 53) as f64;
        (self.next_u64() >> 11) as f64 * SCALE
    }

    /// An exponential draw with the given mean (0 for a mean at or below 0).
    ///
    /// # Formula
    /// Inversion: `-mean x ln(1 - u)` with `u` uniform in `[0, 1)`, so `1 - u` lies in `(0, 1]`
    /// and the logarithm is finite (any textbook, e.g. Devroye, Non-Uniform Random Variate
    /// Generation, 1986, II.2). `ln` is `libm`'s, identical natively and in wasm.
    pub fn next_exponential(&mut self, mean: f64) -> f64 {
        if mean.is_nan() || mean <= 0.0 {
            return 0.0;
        }
        -mean * libm::log(1.0 - self.next_f64())
    }
}
