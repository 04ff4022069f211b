//! `SparkSizer.predict`'s first argument: an open-loop load as JSON, read and checked once
//! ([`PredictLoad::from_json`]). Every key is optional; a missing one takes the arena's
//! rate-sweep step at 0.5 req/s ([`PredictLoad::default`]); a key it does not read is refused
//! naming it (`api_keys.rs`). The load's ranges are the core's (`OpenLoad::new`); the limits of
//! one synchronous call ([`API_MAX_PREDICT_REQUESTS`], [`API_MAX_PREDICT_ANSWER_TOKENS`]) are here.

use crate::api_keys::{PREDICT_CLOSED_LOAD, PREDICT_LOAD, check_keys};
use crate::suite::calibrate::CALIBRATION_SEED;
use crate::suite::load_inputs::{SWEEP_ANSWER_TOKENS, SWEEP_LENGTH_RANGE, SWEEP_PROMPT_TOKENS};
use serde::Serialize;
use serde_json::{Map, Value};
use sizer_core::sim::closed_load::ClosedLoad;
use sizer_core::sim::open_loop::{LengthShape, LoadSize, LoadSpec, MAX_REQUEST_TOKENS, OpenLoad};

/// The most requests one synchronous `predict` sends (the core's own limit is 100,000): four
/// times the arena's longest step. Natively 250 arena requests take 0.1 ms and 1,000 at any rate
/// under 1 ms (`cargo run --release -p sizer-import --example predict_timing`).
pub const API_MAX_PREDICT_REQUESTS: u32 = 1_000;

/// The most answer tokens one synchronous `predict` may ask for (requests x longest answer).
/// Every decode step yields at least one token of some answer, so this bounds the steps of any
/// load, however slow its rate: answers decoded one at a time take about 10 ns a step natively
/// (25 ms for 2 million tokens), so the worst call within the limit takes about 9 ms natively
/// and, at the page's roughly threefold cost, stays under the ~100 ms a host page's main thread
/// can spare without freezing it. The arena's 250-request step asks for 237,500.
pub const API_MAX_PREDICT_ANSWER_TOKENS: f64 = 1e6;

/// A load as `predict` reads it, defaults filled in.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct PredictLoad {
    /// Mean requests per second.
    pub rate_per_s: f64,
    /// Gamma shape of the gaps: 1 is Poisson, below 1 burstier.
    pub burstiness: f64,
    /// Mean prompt tokens.
    pub prompt_tokens: u32,
    /// Mean answer tokens.
    pub answer_tokens: u32,
    /// Spread of both lengths, uniform over `[(1 - r) L, (1 + r) L]`.
    pub length_range: f64,
    /// Requests sent.
    pub requests: u32,
    /// The arrivals' seed.
    pub seed: u64,
}

impl Default for PredictLoad {
    /// The arena's rate-sweep step at 0.5 req/s (`tests/fixtures/arena/README.md`): burstiness
    /// 0.7, 4,000 prompt and 500 answer tokens with range 0.9, 125 requests (250 s of arrivals),
    /// seed 42 (the arena's `--seed`, the calibration's).
    fn default() -> PredictLoad {
        PredictLoad {
            rate_per_s: 0.5,
            burstiness: 0.7,
            prompt_tokens: SWEEP_PROMPT_TOKENS,
            answer_tokens: SWEEP_ANSWER_TOKENS,
            length_range: SWEEP_LENGTH_RANGE,
            requests: 125,
            seed: CALIBRATION_SEED,
        }
    }
}

impl PredictLoad {
    /// Reads a load from JSON text: an object whose keys are all [`PREDICT_LOAD`]'s. Numbers must
    /// be numbers (`null`, which `JSON.stringify` writes for NaN and Infinity, is refused, never
    /// read as "missing"); token counts and `requests` whole; `seed` as `simulate` takes it.
    ///
    /// # Errors
    /// One sentence naming the key.
    pub fn from_json(json: &str) -> Result<PredictLoad, String> {
        let value: Value = serde_json::from_str(json).map_err(|e| format!("Invalid load JSON: {e}."))?;
        let object = value.as_object().ok_or("The load must be a JSON object.")?;
        check_keys(&value, &PREDICT_LOAD).map_err(|e| format!("Invalid load: {e}."))?;
        let d = PredictLoad::default();
        let load = PredictLoad {
            rate_per_s: number(object, "rate_per_s")?.unwrap_or(d.rate_per_s),
            burstiness: number(object, "burstiness")?.unwrap_or(d.burstiness),
            prompt_tokens: whole(object, "prompt_tokens", MAX_REQUEST_TOKENS)?.unwrap_or(d.prompt_tokens),
            answer_tokens: whole(object, "answer_tokens", MAX_REQUEST_TOKENS)?.unwrap_or(d.answer_tokens),
            length_range: range(object)?.unwrap_or(d.length_range),
            requests: whole(object, "requests", API_MAX_PREDICT_REQUESTS)?.unwrap_or(d.requests),
            seed: match object.get("seed") {
                None => d.seed,
                Some(Value::String(text)) => seed_from_text(text)?,
                Some(v) => seed_from_number(v.as_f64().unwrap_or(f64::NAN))?,
            },
        };
        load.open_load()?;
        Ok(load)
    }

    /// The core's load spec.
    pub fn spec(&self) -> LoadSpec {
        LoadSpec {
            rate_per_s: self.rate_per_s,
            burstiness: self.burstiness,
            prompt_tokens: self.prompt_tokens,
            answer_tokens: self.answer_tokens,
            length_range: self.length_range,
            length_shape: LengthShape::Uniform,
            size: LoadSize::Requests { requests: self.requests },
        }
    }

    /// The validated load: the core's ranges (`OpenLoad::new`: a rate of at least 1e-4 req/s,
    /// burstiness of at least 0.01, a range in `[0, 1)`), then the call's answer-token limit.
    ///
    /// # Errors
    /// One sentence naming the field or the limit.
    pub fn open_load(&self) -> Result<OpenLoad, String> {
        let load = OpenLoad::new(self.spec()).map_err(|e| format!("Invalid load: {e}."))?;
        let tokens = f64::from(load.requests()) * f64::from(load.longest_answer());
        if tokens > API_MAX_PREDICT_ANSWER_TOKENS {
            return Err(format!("The load asks for up to {tokens} answer tokens: {}.", limits()));
        }
        Ok(load)
    }
}

/// A closed-loop load as `predict` reads it: `concurrency` users, each sending its next request
/// when the last one ends, `requests` in all (as llama-benchy and `vllm bench serve
/// --max-concurrency` send them).
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct ClosedLoadJson {
    pub concurrency: u32,
    pub prompt_tokens: u32,
    pub answer_tokens: u32,
    /// Requests in all; one per user when not given.
    pub requests: u32,
}

impl ClosedLoadJson {
    /// The core's closed-loop load.
    pub fn load(&self) -> ClosedLoad {
        ClosedLoad {
            concurrency: self.concurrency,
            prompt_tokens: self.prompt_tokens,
            answer_tokens: self.answer_tokens,
            requests: self.requests,
        }
    }
}

/// Either kind of load `predict` takes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum AnyLoad {
    Open(PredictLoad),
    Closed(ClosedLoadJson),
}

impl AnyLoad {
    /// A load with `concurrency` is closed-loop ([`PREDICT_CLOSED_LOAD`]'s keys: `concurrency`,
    /// `prompt_tokens` and `answer_tokens` needed, `requests` one per user when not given),
    /// else open-loop ([`PredictLoad::from_json`]).
    ///
    /// # Errors
    /// One sentence naming the key or the limit.
    pub fn from_json(json: &str) -> Result<AnyLoad, String> {
        let value: Value = serde_json::from_str(json).map_err(|e| format!("Invalid load JSON: {e}."))?;
        let Some(object) = value.as_object().filter(|o| o.contains_key("concurrency")) else {
            return PredictLoad::from_json(json).map(AnyLoad::Open);
        };
        check_keys(&value, &PREDICT_CLOSED_LOAD).map_err(|e| format!("Invalid closed-loop load: {e}."))?;
        let need = |key: &str, max: u32| -> Result<u32, String> {
            whole(object, key, max)?.ok_or_else(|| format!("A closed-loop load needs \"{key}\"."))
        };
        let concurrency = need("concurrency", API_MAX_PREDICT_REQUESTS)?;
        let prompt_tokens = need("prompt_tokens", MAX_REQUEST_TOKENS)?;
        let answer_tokens = need("answer_tokens", MAX_REQUEST_TOKENS)?;
        let requests = whole(object, "requests", API_MAX_PREDICT_REQUESTS)?.unwrap_or(concurrency);
        if requests < concurrency {
            return Err(format!(
                "\"requests\" = {requests} is fewer than \"concurrency\" = {concurrency}: every user sends at least one."
            ));
        }
        let tokens = f64::from(requests) * f64::from(answer_tokens);
        if tokens > API_MAX_PREDICT_ANSWER_TOKENS {
            return Err(format!("The load asks for {tokens} answer tokens: {}.", limits()));
        }
        Ok(AnyLoad::Closed(ClosedLoadJson { concurrency, prompt_tokens, answer_tokens, requests }))
    }
}

/// The limits of one synchronous call, in the sentence that refuses a call beyond them.
pub fn limits() -> String {
    format!(
        "SparkSizer.predict sends at most {API_MAX_PREDICT_REQUESTS} requests and {API_MAX_PREDICT_ANSWER_TOKENS} \
         answer tokens (requests x longest answer) in one call"
    )
}

/// A key's number, `None` when absent.
fn number(object: &Map<String, Value>, key: &str) -> Result<Option<f64>, String> {
    match object.get(key) {
        None => Ok(None),
        Some(Value::Number(n)) => Ok(n.as_f64()),
        Some(_) => Err(format!("\"{key}\" must be a number (JSON.stringify writes NaN and Infinity as null).")),
    }
}

/// `length_range`, in `[0, 1)`: checked here because the core names both ends as a maximum.
fn range(object: &Map<String, Value>) -> Result<Option<f64>, String> {
    match number(object, "length_range")? {
        Some(r) if !(0.0..1.0).contains(&r) => Err(format!("\"length_range\" = {r} must be at least 0 and below 1.")),
        r => Ok(r),
    }
}

/// A key's whole number from 1 to `max`, `None` when absent.
fn whole(object: &Map<String, Value>, key: &str, max: u32) -> Result<Option<u32>, String> {
    let Some(value) = number(object, key)? else { return Ok(None) };
    if value.fract() != 0.0 || value < 1.0 {
        return Err(format!("\"{key}\" = {value} must be a whole number of at least 1."));
    }
    if value > f64::from(max) {
        let why = if key == "requests" { limits() } else { format!("the longest accepted is {max}") };
        return Err(format!("\"{key}\" = {value} is too many: {why}."));
    }
    // Whole and within 1..=max: the cast is exact.
    Ok(Some(value as u32))
}

/// The largest seed a JavaScript number carries exactly (2^53).
const MAX_NUMBER_SEED: f64 = 9_007_199_254_740_992.0;

/// A seed given as a JavaScript number (here and in `SparkSizer.simulate`'s third argument).
pub fn seed_from_number(seed: f64) -> Result<u64, String> {
    if seed.is_finite() && seed >= 0.0 && seed.fract() == 0.0 && seed <= MAX_NUMBER_SEED {
        // Whole and within 0..=2^53: the cast is exact.
        Ok(seed as u64)
    } else {
        Err("The seed must be a whole number from 0 to 2^53 (or a string of digits).".to_owned())
    }
}

/// A seed given as a string of digits.
pub fn seed_from_text(seed: &str) -> Result<u64, String> {
    let seed = seed.trim();
    match seed.parse::<u64>() {
        Ok(value) if seed.bytes().all(|b| b.is_ascii_digit()) => Ok(value),
        _ => Err("The seed must be a whole number from 0 to 18446744073709551615.".to_owned()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn missing_keys_take_the_sweep_step() {
        assert_eq!(PredictLoad::from_json("{}"), Ok(PredictLoad::default()));
        let load = PredictLoad::from_json(r#"{"rate_per_s": 0.1, "requests": 25, "seed": "7"}"#).expect("reads");
        assert_eq!((load.rate_per_s, load.requests, load.seed, load.prompt_tokens), (0.1, 25, 7, 4_000));
    }
}
