//! A known load to write logs from: gamma arrivals of a chosen rate and shape, uniform prompt and
//! answer lengths, a fixed prefill and decode speed, all from a small deterministic PRNG written
//! here (SplitMix64), so the oracles are the generator's parameters, not the code under test.

/// The generator's parameters: the figures a reader must recover.
#[derive(Clone, Copy, Debug)]
pub struct Truth {
    pub rate_per_s: f64,
    pub shape: f64,
    pub seconds: f64,
    /// Prompt tokens, uniform over `[lo, hi]`.
    pub prompt: (f64, f64),
    /// Answer tokens, uniform over `[lo, hi]`.
    pub answer: (f64, f64),
}

impl Truth {
    pub fn mean_prompt(&self) -> f64 {
        (self.prompt.0 + self.prompt.1) / 2.0
    }
    pub fn mean_answer(&self) -> f64 {
        (self.answer.0 + self.answer.1) / 2.0
    }
}

/// The default truth: 2 req/s, shape 0.5 (bursty), one hour, 1,000-3,000 prompt and 100-500
/// answer tokens.
pub const TRUTH: Truth =
    Truth { rate_per_s: 2.0, shape: 0.5, seconds: 3600.0, prompt: (1000.0, 3000.0), answer: (100.0, 500.0) };

/// Seconds from 1970 to 2025-05-19T00:00:00Z (`date -u -d 2025-05-19 +%s`): the logs' day.
pub const DAY0: f64 = 1_747_612_800.0;

/// Prefill speed (tokens/s) and decode speed (tokens/s) of the imagined server.
const PREFILL: f64 = 10_000.0;
const DECODE: f64 = 40.0;

/// One generated request, seconds from [`DAY0`].
#[derive(Clone, Copy, Debug)]
pub struct Req {
    pub start: f64,
    pub ttft: f64,
    pub end: f64,
    pub prompt: u32,
    pub answer: u32,
}

/// SplitMix64 (Steele, Lea & Flood 2014).
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }
    fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    /// Uniform on (0, 1).
    pub fn uniform(&mut self) -> f64 {
        ((self.next_u64() >> 11) as f64 + 0.5) / (1u64 << 53) as f64
    }
    fn normal(&mut self) -> f64 {
        (-2.0 * self.uniform().ln()).sqrt() * (std::f64::consts::TAU * self.uniform()).cos()
    }
    /// Gamma(shape, 1): Marsaglia & Tsang (2000), with `U^(1/k)` boosting for k < 1.
    pub fn gamma(&mut self, shape: f64) -> f64 {
        if shape < 1.0 {
            return self.gamma(shape + 1.0) * self.uniform().powf(1.0 / shape);
        }
        let d = shape - 1.0 / 3.0;
        let c = 1.0 / (9.0 * d).sqrt();
        loop {
            let x = self.normal();
            let v = (1.0 + c * x).powi(3);
            if v > 0.0 && self.uniform().ln() < 0.5 * x * x + d - d * v + d * v.ln() {
                return d * v;
            }
        }
    }
}

/// The requests of `truth`, sorted by start, starting at 0.
pub fn requests(truth: &Truth, seed: u64) -> Vec<Req> {
    let mut rng = Rng::new(seed);
    let mean_gap = 1.0 / truth.rate_per_s;
    let (mut t, mut out) = (0.0, Vec::new());
    loop {
        t += rng.gamma(truth.shape) * mean_gap / truth.shape;
        if t >= truth.seconds {
            return out;
        }
        let prompt = (truth.prompt.0 + rng.uniform() * (truth.prompt.1 - truth.prompt.0)).round() as u32;
        let answer = (truth.answer.0 + rng.uniform() * (truth.answer.1 - truth.answer.0)).round() as u32;
        let ttft = 0.05 + f64::from(prompt) / PREFILL;
        out.push(Req { start: t, ttft, end: t + ttft + f64::from(answer) / DECODE, prompt, answer });
    }
}

/// `HH:MM:SS` and the seconds' fraction of a time of [`DAY0`].
pub fn clock(t: f64) -> (u32, u32, f64) {
    let whole = t.floor() as u32;
    (whole / 3600, whole % 3600 / 60, t - f64::from(whole - whole % 60))
}

/// ISO 8601 with microseconds, as LiteLLM writes.
pub fn iso(t: f64) -> String {
    let (h, m, s) = clock(t);
    format!("2025-05-19T{h:02}:{m:02}:{s:09.6}Z")
}
