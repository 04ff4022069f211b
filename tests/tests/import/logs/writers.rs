//! Logs written from generated requests, one writer per format, as each tool writes them
//! (line formats in `crates/sizer-import/src/logs/`'s module docs and `tests/fixtures/logs/`).

use super::generator::{DAY0, Req, clock, iso};

/// LiteLLM spend-log rows as JSON lines, with a message text the reader must skip.
pub fn litellm_json(requests: &[Req]) -> String {
    let mut out = String::new();
    for (i, r) in requests.iter().enumerate() {
        out += &format!(
            "{{\"request_id\": \"chatcmpl-{i}\", \"call_type\": \"acompletion\", \"spend\": 0.0, \"total_tokens\": {}, \
             \"prompt_tokens\": {}, \"completion_tokens\": {}, \"startTime\": \"{}\", \"endTime\": \"{}\", \
             \"completionStartTime\": \"{}\", \"model\": \"gpt-oss-120b\", \"messages\": [{{\"role\": \"user\", \
             \"content\": \"Summarise, in 3 lines: \\\"prompt_tokens\\\": 9\"}}], \"response\": {{}}}}\n",
            r.prompt + r.answer,
            r.prompt,
            r.answer,
            iso(r.start),
            iso(r.end),
            iso(r.start + r.ttft),
        );
    }
    out
}

/// OpenAI-style lines: a Unix time and a `usage` object.
pub fn openai_usage(requests: &[Req]) -> String {
    requests
        .iter()
        .map(|r| {
            format!(
                "{{\"timestamp\": {:.3}, \"model\": \"m\", \"usage\": {{\"prompt_tokens\": {}, \"completion_tokens\": {}, \
                 \"total_tokens\": {}}}}}\n",
                DAY0 + r.start,
                r.prompt,
                r.answer,
                r.prompt + r.answer
            )
        })
        .collect()
}

/// LiteLLM's columns as CSV, with a quoted prompt holding commas and a line break.
pub fn litellm_csv(requests: &[Req]) -> String {
    let mut out =
        String::from("request_id,startTime,endTime,completionStartTime,prompt_tokens,completion_tokens,messages\n");
    for (i, r) in requests.iter().enumerate() {
        out += &format!(
            "{i},{},{},{},{},{},\"Hi, there\nsecond line, \"\"quoted\"\"\"\n",
            iso(r.start),
            iso(r.end),
            iso(r.start + r.ttft),
            r.prompt,
            r.answer
        );
    }
    out
}

/// nginx `combined` plus `$request_time`, written at each request's end to the whole second.
pub fn nginx(requests: &[Req]) -> String {
    let mut ends: Vec<&Req> = requests.iter().collect();
    ends.sort_by(|a, b| a.end.total_cmp(&b.end));
    let mut out = String::new();
    for r in ends {
        let (h, m, s) = clock(r.end);
        out += &format!(
            "10.0.0.7 - - [19/May/2025:{h:02}:{m:02}:{:02} +0000] \"POST /v1/chat/completions HTTP/1.1\" 200 1834 \"-\" \
             \"python-httpx/0.27.0\" {:.3}\n",
            s.floor() as u32,
            r.end - r.start
        );
        out += "10.0.0.7 - - [19/May/2025:00:00:00 +0000] \"GET /health HTTP/1.1\" 200 2 \"-\" \"curl/8.5.0\" 0.000\n";
    }
    out
}

/// Caddy's JSON access log, written at each request's end.
pub fn caddy(requests: &[Req]) -> String {
    let mut ends: Vec<&Req> = requests.iter().collect();
    ends.sort_by(|a, b| a.end.total_cmp(&b.end));
    ends.iter()
        .map(|r| {
            format!(
                "{{\"level\":\"info\",\"ts\":{:.7},\"logger\":\"http.log.access.log0\",\"msg\":\"handled request\",\
                 \"request\":{{\"remote_ip\":\"10.0.0.7\",\"proto\":\"HTTP/1.1\",\"method\":\"POST\",\"host\":\"spark:8080\",\
                 \"uri\":\"/v1/chat/completions\",\"headers\":{{\"User-Agent\":[\"curl/8.5.0\"]}}}},\"bytes_read\":512,\
                 \"duration\":{:.9},\"size\":1834,\"status\":200}}\n",
                DAY0 + r.end,
                r.end - r.start
            )
        })
        .collect()
}

/// A `vllm serve` log: V1 engine lines every 10 s with the API server's prefix, uvicorn access
/// lines for the requests arrived since the previous one (their prefill and decode tokens
/// counted in the interval they arrive in).
pub fn vllm_server(requests: &[Req], seconds: f64) -> String {
    let mut out = String::from(
        "(APIServer pid=1) INFO 05-19 00:00:00 [api_server.py:1880] Starting vLLM API server 0 on http://0.0.0.0:8000\n",
    );
    let mut next = 0;
    let mut tick = 10.0;
    while tick <= seconds {
        let (mut prompt, mut answer) = (0u64, 0u64);
        while next < requests.len() && requests[next].start < tick {
            let r = &requests[next];
            out += &format!(
                "(APIServer pid=1) INFO:     127.0.0.1:{} - \"POST /v1/chat/completions HTTP/1.1\" 200 OK\n",
                40000 + next % 20000
            );
            (prompt, answer) = (prompt + u64::from(r.prompt), answer + u64::from(r.answer));
            next += 1;
        }
        let running = requests[..next].iter().filter(|r| r.end > tick).count();
        let (h, m, s) = clock(tick);
        out += &format!(
            "(APIServer pid=1) INFO 05-19 {h:02}:{m:02}:{:02} [loggers.py:271] Engine 000: Avg prompt throughput: {:.1} tokens/s, \
             Avg generation throughput: {:.1} tokens/s, Running: {running} reqs, Waiting: 0 reqs, GPU KV cache usage: 12.5%, \
             Prefix cache hit rate: 0.0%\n",
            s.round() as u32,
            prompt as f64 / 10.0,
            answer as f64 / 10.0
        );
        tick += 10.0;
    }
    out
}

/// `/metrics` scrapes every `every_s` seconds, each after a line holding its time; requests
/// count as they finish, as vLLM's counters and histograms do.
pub fn prometheus(requests: &[Req], seconds: f64, every_s: f64) -> String {
    const BUCKETS: [f64; 14] =
        [1.0, 2.0, 5.0, 10.0, 20.0, 50.0, 100.0, 200.0, 500.0, 1000.0, 2000.0, 5000.0, 10000.0, 20000.0];
    let labels = "engine=\"0\",model_name=\"openai/gpt-oss-120b\"";
    let mut out = String::new();
    let mut t = 0.0;
    while t <= seconds {
        let done: Vec<&Req> = requests.iter().filter(|r| r.end <= t).collect();
        let running = requests.iter().filter(|r| r.start <= t && r.end > t).count();
        out += &format!("{}\n", iso(t));
        out += "# HELP vllm:num_requests_running Number of requests in model execution batches.\n# TYPE vllm:num_requests_running gauge\n";
        out += &format!("vllm:num_requests_running{{{labels}}} {running}.0\n");
        let stop = done.len().saturating_sub(done.len() / 10);
        out += &format!("vllm:request_success_total{{{labels},finished_reason=\"stop\"}} {stop}.0\n");
        out += &format!("vllm:request_success_total{{{labels},finished_reason=\"length\"}} {}.0\n", done.len() - stop);
        let prompt: u64 = done.iter().map(|r| u64::from(r.prompt)).sum();
        let answer: u64 = done.iter().map(|r| u64::from(r.answer)).sum();
        out += &format!(
            "vllm:prompt_tokens_total{{{labels}}} {prompt}.0\nvllm:generation_tokens_total{{{labels}}} {answer}.0\n"
        );
        for (name, pick) in [("prompt", 0), ("generation", 1)] {
            let value = |r: &&Req| f64::from(if pick == 0 { r.prompt } else { r.answer });
            for le in BUCKETS {
                let n = done.iter().filter(|r| value(r) <= le).count();
                out += &format!("vllm:request_{name}_tokens_bucket{{{labels},le=\"{le:.1}\"}} {n}.0\n");
            }
            out += &format!("vllm:request_{name}_tokens_bucket{{{labels},le=\"+Inf\"}} {}.0\n", done.len());
            out += &format!("vllm:request_{name}_tokens_count{{{labels}}} {}.0\n", done.len());
            out += &format!("vllm:request_{name}_tokens_sum{{{labels}}} {}.0\n", done.iter().map(value).sum::<f64>());
        }
        t += every_s;
    }
    out
}
