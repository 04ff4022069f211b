//! Which kind of log a text is: each line is classed on its own ([`line_kind`]), the kind with
//! the most lines wins (a vLLM server log wins on any engine line, since its other lines are
//! unclassed prose), and lines of other kinds are counted so the result can say so.

use serde::Serialize;

/// A log format this module reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum LogFormat {
    /// `vllm serve` output: engine lines every 10 s, uvicorn access lines between them.
    VllmServer,
    /// One JSON object a line (or a JSON array): OpenAI `usage`, LiteLLM spend logs.
    RequestJson,
    /// A CSV table with a header, one request a row.
    RequestCsv,
    /// vLLM `/metrics` text, two or more timed scrapes.
    Prometheus,
    /// nginx `combined` with `$request_time` appended.
    Nginx,
    /// Caddy's JSON access log.
    Caddy,
}

impl LogFormat {
    /// Its name in a sentence.
    pub fn name(self) -> &'static str {
        match self {
            LogFormat::VllmServer => "vLLM server log",
            LogFormat::RequestJson => "request log (JSON)",
            LogFormat::RequestCsv => "request log (CSV)",
            LogFormat::Prometheus => "vLLM /metrics scrapes",
            LogFormat::Nginx => "nginx access log",
            LogFormat::Caddy => "Caddy access log",
        }
    }
}

/// The format a line belongs to, `None` for prose, blanks and CSV rows (a CSV is known by its
/// header alone, see [`sniff`]).
pub(crate) fn line_kind(line: &str) -> Option<LogFormat> {
    let line = line.trim_start();
    if line.contains("Avg prompt throughput:") || (line.contains("\" 200 OK") && line.contains("INFO:")) {
        Some(LogFormat::VllmServer)
    } else if line.starts_with("vllm:") || line.starts_with("# TYPE vllm:") || line.starts_with("# HELP vllm:") {
        Some(LogFormat::Prometheus)
    } else if line.starts_with('{') && line.contains("\"duration\"") && line.contains("\"request\"") {
        Some(LogFormat::Caddy)
    } else if line.starts_with('{') || line.starts_with('[') {
        Some(LogFormat::RequestJson)
    } else if line.contains("] \"") && line.contains(" HTTP/") && line.split_once('[').is_some() {
        Some(LogFormat::Nginx)
    } else {
        None
    }
}

/// The text's format and the other formats' line counts; `None` when nothing is recognised.
pub(crate) fn sniff(text: &str) -> Option<(LogFormat, Vec<(LogFormat, usize)>)> {
    let mut counts: Vec<(LogFormat, usize)> = Vec::new();
    for kind in text.lines().filter_map(line_kind) {
        match counts.iter_mut().find(|(k, _)| *k == kind) {
            Some((_, n)) => *n += 1,
            None => counts.push((kind, 1)),
        }
    }
    let engine = text.contains("Avg prompt throughput:");
    let chosen = if engine {
        Some(LogFormat::VllmServer)
    } else if counts.is_empty() {
        looks_like_csv(text).then_some(LogFormat::RequestCsv)
    } else {
        counts.iter().max_by_key(|(_, n)| *n).map(|(k, _)| *k)
    }?;
    counts.retain(|(k, _)| *k != chosen);
    Some((chosen, counts))
}

/// A header line with a separator and a column naming a time.
fn looks_like_csv(text: &str) -> bool {
    let header = text.lines().find(|l| !l.trim().is_empty()).unwrap_or("").to_ascii_lowercase();
    header.contains(',') && ["time", "start", "created", "date"].iter().any(|w| header.contains(w))
}
