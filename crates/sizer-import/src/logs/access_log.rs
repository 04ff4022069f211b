//! Web server access logs in front of a model server, requests to `/v1/...` only:
//!
//! - nginx `combined` with `$request_time` appended (`log_format` in nginx's
//!   `ngx_http_log_module` docs: `$remote_addr - $remote_user [$time_local] "$request" $status
//!   $body_bytes_sent "$http_referer" "$http_user_agent"`), or Kubernetes ingress-nginx's default
//!   (`log-format-upstream` in its ConfigMap docs: the same, then `$request_length $request_time
//!   [$proxy_upstream_name] ...`, ending in `$req_id`). `$time_local` is when the line is
//!   written, at the request's end, to the second; the start is that minus `$request_time`.
//! - Caddy's JSON access log (`http.log.access`): `ts` (Unix seconds, fractional), `duration`
//!   (seconds), `status`, `request.method`, `request.uri`. `ts` is taken as the request's end,
//!   as Caddy logs after the response; the start is `ts - duration`.
//!
//! Neither gives token counts: the load has a rate, burstiness and concurrency, no lengths.

use super::clock::parse_nginx;
use super::format::LogFormat;
use super::json_fields::{Count, Object, Stamp};
use super::load::LogLoad;
use super::requests::{Request, Requests};
use super::warning::{LogError, LogWarning};
use serde::Deserialize;

/// The API path prefix counted.
const API_PREFIX: &str = "/v1/";

/// Whether a method, path and status are a request to the API that did not fail.
fn counted(method: &str, path: &str, status: f64) -> bool {
    method == "POST" && path.starts_with(API_PREFIX) && status < 400.0
}

/// An nginx access log read a line at a time.
#[derive(Debug)]
pub(crate) struct NginxReader {
    requests: Requests,
}

impl NginxReader {
    /// Nothing read yet; `$time_local` ticks in whole seconds.
    pub(crate) fn new() -> NginxReader {
        NginxReader { requests: Requests::new(1.0) }
    }

    /// Reads one line; `false` once the cap is reached.
    pub(crate) fn line(&mut self, line: &str) -> bool {
        if !line.contains(" HTTP/") {
            return true;
        }
        match nginx_line(line) {
            Some(Some((request, logged))) => self.requests.push(request, logged),
            Some(None) => true,
            None => {
                self.requests.skipped += 1;
                true
            }
        }
    }

    /// The load of the lines read.
    pub(crate) fn finish(self, warnings: Vec<LogWarning>) -> Result<LogLoad, LogError> {
        let mut load = self.requests.into_load(LogFormat::Nginx)?;
        load.warnings.extend(warnings);
        Ok(load)
    }
}

/// `None`: unreadable; `Some(None)`: not an API request.
fn nginx_line(line: &str) -> Option<Option<(Request, f64)>> {
    let time = parse_nginx(line.split_once('[')?.1.split_once(']')?.0)?;
    let request = line.split_once("] \"")?.1;
    let (request_line, rest) = request.split_once('"')?;
    let mut words = request_line.split_whitespace();
    let (method, path) = (words.next()?, words.next()?);
    let status: f64 = rest.split_whitespace().next()?.parse().ok()?;
    let seconds = request_time(line, rest)?;
    let start = time - seconds;
    Some(counted(method, path, status).then_some((Request { start, end: Some(time), ..Request::default() }, time)))
}

/// `$request_time`: the line's last field (`combined` with it appended), else the second field
/// after the user agent's closing quote (ingress-nginx, whose last field is a request id).
/// `after_request` is the line after the request line's closing quote.
fn request_time(line: &str, after_request: &str) -> Option<f64> {
    let last = line.split_whitespace().last()?;
    if let Ok(seconds) = last.parse::<f64>() {
        return Some(seconds);
    }
    // ` 200 828 "-" "curl/7.81.0" 380 0.832 [...] ...`: referer and agent are the 1st and 3rd quoted.
    let after_agent = after_request.splitn(5, '"').nth(4)?;
    after_agent.split_whitespace().nth(1)?.parse().ok()
}

/// Caddy's `request` object.
#[derive(Debug, Default, Deserialize)]
struct CaddyRequest {
    #[serde(default)]
    method: String,
    #[serde(default)]
    uri: String,
}

/// A Caddy access line.
#[derive(Debug, Default, Deserialize)]
struct CaddyLine {
    #[serde(default)]
    ts: Stamp,
    #[serde(default)]
    duration: Count,
    #[serde(default)]
    status: Count,
    #[serde(default)]
    request: Object<CaddyRequest>,
}

/// A Caddy JSON access log read a line at a time.
#[derive(Debug)]
pub(crate) struct CaddyReader {
    requests: Requests,
}

impl CaddyReader {
    /// Nothing read yet.
    pub(crate) fn new() -> CaddyReader {
        CaddyReader { requests: Requests::new(0.0) }
    }

    /// Reads one line; `false` once the cap is reached.
    pub(crate) fn line(&mut self, line: &str) -> bool {
        let line = line.trim();
        if !line.starts_with('{') {
            return true;
        }
        let Ok(entry) = serde_json::from_str::<CaddyLine>(line) else {
            self.requests.skipped += 1;
            return true;
        };
        let Some(request) = entry.request.0 else { return true };
        let (Some(end), Some(duration)) = (entry.ts.0, entry.duration.0) else {
            self.requests.skipped += 1;
            return true;
        };
        !counted(&request.method, &request.uri, entry.status.0.unwrap_or(200.0))
            || self.requests.push(Request { start: end - duration, end: Some(end), ..Request::default() }, end)
    }

    /// The load of the lines read.
    pub(crate) fn finish(self, warnings: Vec<LogWarning>) -> Result<LogLoad, LogError> {
        let mut load = self.requests.into_load(LogFormat::Caddy)?;
        load.warnings.extend(warnings);
        Ok(load)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nginx_takes_request_time_last_or_after_the_agent_as_ingress_nginx_writes_it() {
        // 2025-05-19T10:00:05Z is 1,747,648,805 s.
        let combined = r#"10.0.0.1 - - [19/May/2025:10:00:05 +0000] "POST /v1/chat/completions HTTP/1.1" 200 828 "-" "curl/8.7.1" 0.832"#;
        let ingress = r#"10.0.5.142 - - [19/May/2025:10:00:05 +0000] "POST /v1/chat/completions HTTP/1.1" 200 828 "-" "curl/7.81.0" 380 0.832 [default-vllm-8080] [] 10.0.5.40:8080 828 0.832 200 ebb5664e2f"#;
        for line in [combined, ingress] {
            let (request, logged) = nginx_line(line).expect("readable").expect("an API request");
            assert_eq!(logged, 1_747_648_805.0);
            assert!((request.start - (1_747_648_805.0 - 0.832)).abs() < 1e-9, "{request:?}");
        }
        let health = r#"10.0.5.142 - - [19/May/2025:10:00:05 +0000] "GET /health HTTP/1.1" 200 0 "-" "curl/8.7.1" 140 0.001 [default-vllm-8080] [] 10.0.5.40:8080 0 0.001 200 5c208dcb"#;
        assert_eq!(nginx_line(health), Some(None));
    }
}
