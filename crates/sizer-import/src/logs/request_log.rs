//! Request logs in JSON: one object a line, or one JSON array of them (LiteLLM's `/spend/logs`
//! answers with an array). A row gives a time and token counts under any of these names:
//!
//! - time: LiteLLM's `startTime` (`LiteLLM_SpendLogs` in LiteLLM's `schema.prisma`), `start_time`,
//!   `timestamp`, `time`, `created_at`, `created` (OpenAI's response field, Unix seconds), or
//!   `response.body.created` (an OpenAI batch output line); ISO 8601 or Unix seconds/milliseconds;
//! - end: `endTime` / `end_time`, or a duration (`request_duration_ms`, `duration_ms`,
//!   `latency_ms`; `duration`, `latency` in seconds);
//! - first token: LiteLLM's `completionStartTime`, or `ttft_ms` / `ttft` (seconds);
//! - tokens: `prompt_tokens` / `completion_tokens` (OpenAI `usage`, LiteLLM), or `input_tokens` /
//!   `output_tokens`, at the top level, in `usage`, `response.usage` or `response.body.usage`.
//!
//! Everything else (messages, answers, keys) is skipped by the parser, never copied.

use super::format::LogFormat;
use super::json_fields::{Count, Object, Stamp};
use super::limits::MAX_LOG_BYTES;
use super::load::LogLoad;
use super::requests::{Request, Requests};
use super::warning::{LogError, LogWarning};
use serde::Deserialize;

/// Token counts of an OpenAI-style `usage`.
#[derive(Clone, Copy, Debug, Default, Deserialize)]
struct Usage {
    #[serde(default, alias = "input_tokens")]
    prompt_tokens: Count,
    #[serde(default, alias = "output_tokens")]
    completion_tokens: Count,
}

/// An OpenAI batch output's response body.
#[derive(Clone, Copy, Debug, Default, Deserialize)]
struct Body {
    #[serde(default)]
    usage: Object<Usage>,
    #[serde(default)]
    created: Stamp,
}

/// A stored response: LiteLLM's `response`, a batch line's `response`.
#[derive(Clone, Copy, Debug, Default, Deserialize)]
struct Response {
    #[serde(default)]
    usage: Object<Usage>,
    #[serde(default)]
    body: Object<Body>,
}

/// One request row; unknown fields are skipped.
#[derive(Clone, Copy, Debug, Default, Deserialize)]
struct Row {
    #[serde(default, rename = "startTime", alias = "start_time")]
    start_time: Stamp,
    #[serde(default, rename = "endTime", alias = "end_time")]
    end_time: Stamp,
    #[serde(default, rename = "completionStartTime")]
    completion_start: Stamp,
    #[serde(default)]
    timestamp: Stamp,
    #[serde(default)]
    time: Stamp,
    #[serde(default)]
    created_at: Stamp,
    #[serde(default)]
    created: Stamp,
    #[serde(default, alias = "duration_ms", alias = "latency_ms")]
    request_duration_ms: Count,
    #[serde(default, alias = "latency")]
    duration: Count,
    #[serde(default)]
    ttft_ms: Count,
    #[serde(default)]
    ttft: Count,
    #[serde(default, alias = "input_tokens")]
    prompt_tokens: Count,
    #[serde(default, alias = "output_tokens")]
    completion_tokens: Count,
    #[serde(default)]
    usage: Object<Usage>,
    #[serde(default)]
    response: Object<Response>,
}

impl Row {
    /// The request this row describes, and when it was logged; `None` without a time.
    fn request(&self) -> Option<(Request, f64)> {
        let body = self.response.0.and_then(|r| r.body.0);
        let start = [self.start_time, self.timestamp, self.time, self.created_at, self.created]
            .iter()
            .find_map(|s| s.0)
            .or(body.and_then(|b| b.created.0))?;
        let usage = [
            Some(Usage { prompt_tokens: self.prompt_tokens, completion_tokens: self.completion_tokens }),
            self.usage.0,
            self.response.0.and_then(|r| r.usage.0),
            body.and_then(|b| b.usage.0),
        ];
        let pick = |f: fn(&Usage) -> Option<f64>| usage.iter().flatten().find_map(f);
        let duration = self.request_duration_ms.0.map(|ms| ms / 1000.0).or(self.duration.0);
        let end = self.end_time.0.or(duration.map(|d| start + d));
        let ttft = self.completion_start.0.map(|c| c - start).or(self.ttft_ms.0.map(|ms| ms / 1000.0)).or(self.ttft.0);
        let request =
            Request { start, end, ttft, prompt: pick(|u| u.prompt_tokens.0), answer: pick(|u| u.completion_tokens.0) };
        Some((request, end.unwrap_or(start)))
    }
}

/// JSON request rows read a line at a time: one object a line as they come, or, when the text
/// opens a JSON array, the array kept whole (it cannot be read before its end) up to
/// [`MAX_LOG_BYTES`].
#[derive(Debug)]
pub(crate) struct JsonReader {
    requests: Requests,
    /// The array's text so far; `None` for one object a line, or before the first line.
    array: Option<String>,
    started: bool,
    /// The bytes the array had reached when it outgrew the limit.
    too_large: Option<usize>,
}

impl JsonReader {
    /// Nothing read yet.
    pub(crate) fn new() -> JsonReader {
        JsonReader { requests: Requests::new(0.0), array: None, started: false, too_large: None }
    }

    /// Reads one line; `false` once the cap is reached (or the array outgrew its limit).
    pub(crate) fn line(&mut self, line: &str) -> bool {
        let trimmed = line.trim();
        if !self.started && !trimmed.is_empty() {
            self.started = true;
            if trimmed.starts_with('[') {
                self.array = Some(String::new());
            }
        }
        if let Some(array) = self.array.as_mut() {
            if array.len() + line.len() + 1 > MAX_LOG_BYTES {
                self.too_large = Some(array.len() + line.len() + 1);
                return false;
            }
            array.push_str(line);
            array.push('\n');
            return true;
        }
        !trimmed.starts_with('{') || keep(&mut self.requests, serde_json::from_str::<Row>(trimmed).ok().as_ref())
    }

    /// The load of the rows read.
    pub(crate) fn finish(mut self, warnings: Vec<LogWarning>) -> Result<LogLoad, LogError> {
        if let Some(bytes) = self.too_large {
            return Err(LogError::TooLarge { bytes });
        }
        if let Some(array) = self.array.take() {
            let rows = serde_json::from_str::<Vec<Row>>(&array).map_err(|_| LogError::Unreadable)?;
            // The cap ends the loop; rows beyond it were parsed but are not kept.
            let _ = rows.iter().all(|row| keep(&mut self.requests, Some(row)));
        }
        let mut load = self.requests.into_load(LogFormat::RequestJson)?;
        load.warnings.extend(warnings);
        Ok(load)
    }
}

/// Keeps a row's request (or counts it skipped); `false` once the cap is reached.
fn keep(requests: &mut Requests, row: Option<&Row>) -> bool {
    match row.and_then(Row::request) {
        Some((request, logged)) => requests.push(request, logged),
        None => {
            requests.skipped += 1;
            true
        }
    }
}
