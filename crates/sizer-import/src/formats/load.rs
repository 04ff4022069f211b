//! The load a vLLM or SGLang benchmark was driven at, as both tools write it in a result object:
//! `max_concurrency` (the cap on requests in flight) and `request_rate` (requests sent per
//! second). SGLang's `bench_serving` writes the same two keys as `vllm bench serve`, so one rule
//! reads both; only the spelling of an unlimited rate in a refusal differs.

use crate::input::error::ImportError;
use crate::input::json_util::Object;
use crate::input::text::non_negative;
use crate::input::warning::ImportWarning;
use serde_json::Value;

/// The load one result object states.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Load {
    /// `max_concurrency`; `None` when absent, null or `"None"` (no cap: the user is asked). Its
    /// sign and size are checked with every format's concurrency when the import is finished.
    pub concurrency: Option<f64>,
    /// `request_rate` in requests per second; `None` when absent, null, `"inf"` or zero (an
    /// unlimited rate, which bare `Infinity` also reads as once it is null).
    pub request_rate: Option<f64>,
}

/// Reads `max_concurrency` and `request_rate`. `unlimited` is how the tool spells an unlimited
/// rate (`"inf"`, `Infinity`), named when `request_rate` has the wrong type.
pub fn read(object: &Object<'_>, unlimited: &'static str) -> Result<Load, ImportError> {
    let at = |key: &str| Some(object.key_line(key));
    let wrong = |key: &str, expected| ImportError::WrongType { line: at(key), key: key.into(), expected };
    let concurrency = match object.map().get("max_concurrency") {
        None | Some(Value::Null) => None,
        Some(Value::String(s)) if s.trim().eq_ignore_ascii_case("none") => None,
        Some(Value::Number(_)) => object.number("max_concurrency")?,
        Some(_) => return Err(wrong("max_concurrency", "a whole number or null")),
    };
    let request_rate = match object.map().get("request_rate") {
        None | Some(Value::Null) => None,
        Some(Value::String(s)) if s.trim().eq_ignore_ascii_case("inf") => None,
        Some(Value::Number(_)) => object.number("request_rate")?,
        Some(_) => return Err(wrong("request_rate", unlimited)),
    };
    let request_rate = non_negative(request_rate, at("request_rate"), "request_rate")?.filter(|r| *r > 0.0);
    Ok(Load { concurrency, request_rate })
}

impl Load {
    /// A run capped in concurrency but also sent at a limited rate may never have reached its
    /// cap: that is said, as the point's concurrency is still the cap the tool recorded.
    pub fn rate_limited(&self, line: usize) -> Option<ImportWarning> {
        match (self.request_rate, self.concurrency) {
            (Some(rate), Some(_)) => Some(ImportWarning::RateLimited { line: Some(line), request_rate: rate }),
            _ => None,
        }
    }
}
