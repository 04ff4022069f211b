//! Logs dropped on the built page: a `vllm serve` log and a Caddy gateway's access log, each
//! given to "Read your logs"'s file input (as a drop does: a `DataTransfer` of a `File`, then
//! `change`), show the load read, its chart of arrivals and requests in flight, the peak for the
//! sizing and, after "Predict this load", a prediction, then "Predict on every run" a row per
//! run of the ranking; in English and in German. The page's `SparkSizer.readLogs` answers the
//! native `read_logs_json` byte for byte. Saves screenshots of the panel, its chart and the
//! rows at 1280 px in English and 390 px in German
//! (`read-logs-<width>-<lang>-{panel,chart,ranking}.png`).
//!
//! Both logs are written here from a pattern whose load is worked out by hand:
//! - vLLM: 60 engine lines 10 s apart, before each `1, 3, 5, 2, 4, ...` access lines (180
//!   requests over 600 s: 0.3 req/s, and in every 5 minutes, as the pattern repeats every 50 s),
//!   1,200 prompt and 300 answer tokens a request, `Running` that count plus 5 (at most 10);
//! - Caddy: 240 requests, the i-th starting at `2.5 i + (7 i mod 10) / 10` s (239 gaps over
//!   597.8 s: 0.40 req/s; 120 in the busiest 5 minutes: 0.40), 3 to 6 s long in turn (at most 3
//!   in flight).

use serde_json::{Value, json};
use sizer_import::logs::read_logs_json;

use crate::browser::{Browser, WINDOW_HEIGHT, WINDOW_WIDTH};
use crate::checks::Site;

/// A `vllm serve` log (vLLM V1 lines, `loggers.py`), 2025-05-19 10:00:00 to 10:10:00.
fn vllm_log() -> String {
    let mut out = String::new();
    for i in 0..60u32 {
        let arrived = (i * 7) % 5 + 1;
        for _ in 0..arrived {
            out += "(APIServer pid=1) INFO:     127.0.0.1:40000 - \"POST /v1/chat/completions HTTP/1.1\" 200 OK\n";
        }
        let t = 10 * (i + 1);
        out += &format!(
            "(APIServer pid=1) INFO 05-19 10:{:02}:{:02} [loggers.py:271] Engine 000: Avg prompt throughput: {:.1} \
             tokens/s, Avg generation throughput: {:.1} tokens/s, Running: {} reqs, Waiting: 0 reqs, GPU KV cache \
             usage: 12.0%, Prefix cache hit rate: 0.0%\n",
            t / 60,
            t % 60,
            f64::from(arrived) * 1200.0 / 10.0,
            f64::from(arrived) * 300.0 / 10.0,
            arrived + 5
        );
    }
    out
}

/// Caddy's JSON access log (`http.log.access`), `ts` at each response's end.
fn caddy_log() -> String {
    let day = 1_747_648_800.0; // 2025-05-19T10:00:00Z
    (0..240u32)
        .map(|i| {
            let start = day + 2.5 * f64::from(i) + f64::from((i * 7) % 10) / 10.0;
            let duration = 3.0 + f64::from(i % 4);
            format!(
                "{{\"level\":\"info\",\"ts\":{:.3},\"logger\":\"http.log.access\",\"msg\":\"handled request\",\
                 \"request\":{{\"remote_ip\":\"10.0.0.2\",\"proto\":\"HTTP/1.1\",\"method\":\"POST\",\"host\":\"llm\",\
                 \"uri\":\"/v1/chat/completions\"}},\"bytes_read\":512,\"duration\":{duration:.1},\"size\":2048,\"status\":200}}\n",
                start + duration
            )
        })
        .collect()
}

/// Gives `text` to the reader's file input as `name`, with the reader opened.
async fn drop_log(browser: &Browser, name: &str, text: &str) -> Result<(), String> {
    let file = json!({ "name": name, "text": text });
    browser
        .drop_files("[data-field=\"log-files\"]", Some("[data-section=\"read-logs\"]"), vec![file], "text/plain")
        .await
}

/// The panel's state: the summary's lines, the warnings, the chart (drawn, caption), the peak.
const PANEL: &str = "const p = document.querySelector('.spark-sizer [data-section=\"read-logs\"]');
     const text = (q) => { const e = p.querySelector(q); return e ? e.textContent : null; };
     const canvas = p.querySelector('[data-chart=\"log-timeline\"] canvas');
     return { summary: [...p.querySelectorAll('.ss-logs-summary li')].map(e => e.textContent),
              error: text('[data-logs=\"error\"]'),
              drawn: !!canvas && canvas.width > 0,
              caption: text('[data-chart=\"log-timeline\"] figcaption'),
              peak: text('[data-logs=\"peak\"] p') };";

/// Waits for the load read from a log: its first summary line starting with `first`.
async fn wait_for_load(browser: &Browser, first: &str) -> Result<Value, String> {
    browser
        .wait_until("the log's load and its chart", || async move {
            let seen = browser.js(PANEL, vec![]).await?;
            let read = seen["summary"][0].as_str().is_some_and(|s| s.starts_with(first));
            Ok((read && seen["drawn"] == json!(true), seen.to_string()))
        })
        .await?;
    browser.js(PANEL, vec![]).await
}

/// Clicks "Predict this load" and waits for the prediction's headline at `rate` (as written).
async fn predict(browser: &Browser, rate: &str) -> Result<(), String> {
    browser.js("document.querySelector('.spark-sizer [data-action=\"use-log-load\"]').click();", vec![]).await?;
    browser
        .wait_until("the prediction of the log's load", || async move {
            let seen = browser
                .js(
                    "const s = document.querySelector('.spark-sizer [data-section=\"load-prediction\"]');
                     const h = s.querySelector('[data-result=\"load-prediction\"] [data-predict=\"headline\"]');
                     const r = s.querySelector('input[data-field=\"load-rate\"]');
                     return { state: s.dataset.state, headline: h ? h.textContent : '', rate: r ? r.value : '' };",
                    vec![],
                )
                .await?;
            let done = seen["state"] == "done"
                && seen["rate"] == rate
                && seen["headline"].as_str().is_some_and(|h| h.contains(rate));
            Ok((done, seen.to_string()))
        })
        .await
}

/// Clicks "Predict on every run" and waits until every run of the ranking has its row: the rows
/// (run, TTFT, queue, servers needed) and the verdict.
async fn rank_every_run(browser: &Browser) -> Result<Value, String> {
    browser.js("document.querySelector('.spark-sizer [data-action=\"log-ranking\"]').click();", vec![]).await?;
    const RANKING: &str = "const s = document.querySelector('.spark-sizer [data-logs=\"ranking\"]');
         const rows = [...s.querySelectorAll('[data-table=\"log-ranking\"] tbody tr')];
         const verdict = s.querySelector('[data-logs=\"ranking-verdict\"]');
         return { state: s.dataset.state, verdict: verdict ? verdict.textContent : null,
                  rows: rows.map(r => [r.dataset.run, (r.querySelector('[data-needed]') || {}).dataset?.needed]),
                  predicted: rows.filter(r => r.querySelector('[data-ttft-p95]')).length };";
    browser
        .wait_until("the log's load on every run", || async move {
            let seen = browser.js(RANKING, vec![]).await?;
            Ok((seen["state"] == "done" && seen["verdict"].is_string(), seen.to_string()))
        })
        .await?;
    browser.js(RANKING, vec![]).await
}

fn expect(what: &str, seen: &Value, ok: bool) -> Result<(), String> {
    if ok { Ok(()) } else { Err(format!("{what}: the panel shows {seen}")) }
}

pub async fn logs_dropped_on_the_page_give_the_load_its_chart_and_a_prediction(
    browser: &Browser,
    site: &Site,
) -> Result<(), String> {
    let (vllm, caddy) = (vllm_log(), caddy_log());
    // English, the vLLM log.
    browser.goto(&format!("{}#s=l:en", site.base_url)).await?;
    drop_log(browser, "vllm-serve.log", &vllm).await?;
    let seen = wait_for_load(browser, "Read as vLLM server log: 180 requests").await?;
    let lines: Vec<&str> = seen["summary"].as_array().into_iter().flatten().filter_map(Value::as_str).collect();
    expect(
        "the vLLM log's load",
        &seen,
        lines.len() == 6
            && lines[0]
                == "Read as vLLM server log: 180 requests from 05-19 10:00:00 to 05-19 10:10:00, 0.30 req/s over the whole span."
            && lines[1].contains("The prediction takes the busiest 5 minutes, 0.30 req/s")
            && lines[3] == "Prompt tokens: mean 1,200."
            && lines[4] == "Answer tokens: mean 300."
            && lines[5] == "Requests in flight: median 8, p99 10, at most 10.",
    )?;
    let caption = "Arrivals and concurrency over time: requests arrived per second (bars, left axis) and the most requests in flight (line, right axis), per 10 s (wider on a narrow screen).";
    expect("the chart's caption", &seen, seen["caption"] == caption)?;
    let peak = seen["peak"].as_str().unwrap_or("");
    expect(
        "the peak for the sizing",
        &seen,
        peak.starts_with("Your logs peak at 10 concurrent requests (p99 10) of about 1,200 prompt and 300 answer tokens. This run keeps ")
            && peak.ends_with("Spark(s)."),
    )?;
    predict(browser, "0.3").await?;
    // Every run of the ranking: the 19 arena runs and the dataset's runs of one curve have an
    // engine; every row says how many servers, or why none.
    let ranked = rank_every_run(browser).await?;
    let rows = ranked["rows"].as_array().map_or(0, Vec::len);
    expect(
        "the log's load on every run",
        &ranked,
        rows >= 19
            && ranked["predicted"].as_u64().is_some_and(|n| n >= 19)
            && ranked["rows"].as_array().into_iter().flatten().all(|r| r[1].is_string())
            && ranked["verdict"]
                .as_str()
                .is_some_and(|v| v.contains(&format!(" of {rows} runs keep your busiest window"))),
    )?;
    // The JS API reads the same text as the native reader, to the byte.
    for text in [&vllm, &caddy] {
        let page = browser.js("return SparkSizer.readLogs(arguments[0]);", vec![json!(text)]).await?;
        let native = read_logs_json(text);
        if page.as_str() != Some(native.as_str()) {
            return Err(format!(
                "SparkSizer.readLogs differs from the native answer:\n page:   {page}\n native: {native}"
            ));
        }
    }
    screenshot(browser, site, 1280, "en").await?;

    // German, the gateway's log.
    browser.goto(&format!("{}#s=l:de", site.base_url)).await?;
    drop_log(browser, "caddy-access.log", &caddy).await?;
    let seen = wait_for_load(browser, "Gelesen als Caddy-Zugriffslog: 240 Anfragen").await?;
    let lines: Vec<&str> = seen["summary"].as_array().into_iter().flatten().filter_map(Value::as_str).collect();
    expect(
        "the Caddy log's load in German",
        &seen,
        lines.first().is_some_and(|l| l.ends_with("0,40 Anfr./s über die ganze Zeit."))
            && lines.iter().any(|l| l.starts_with("Prompt-Token: nicht in diesem Log"))
            && lines
                .last()
                .is_some_and(|l| l.starts_with("Gleichzeitige Anfragen: Median ") && l.ends_with("höchstens 3.")),
    )?;
    expect(
        "the German caption",
        &seen,
        seen["caption"].as_str().is_some_and(|c| c.starts_with("Ankünfte und Gleichzeitigkeit über die Zeit:")),
    )?;
    expect(
        "the German peak",
        &seen,
        seen["peak"].as_str().is_some_and(|p| p.starts_with("Ihre Logs erreichen höchstens 3 gleichzeitige Anfragen")),
    )?;
    predict(browser, "0,4").await?;
    let ranked = rank_every_run(browser).await?;
    expect(
        "the load on every run in German",
        &ranked,
        ranked["verdict"].as_str().is_some_and(|v| v.contains(" Läufen halten Ihr stärkstes Fenster")),
    )?;
    browser.client.set_window_size(390, WINDOW_HEIGHT).await.map_err(|e| format!("cannot resize: {e}"))?;
    screenshot(browser, site, 390, "de").await?;
    browser.client.set_window_size(WINDOW_WIDTH, WINDOW_HEIGHT).await.map_err(|e| format!("cannot resize: {e}"))?;
    browser.expect_no_console_errors("reading logs dropped on the page").await
}

/// The reader's panel from its top, then its chart with the peak and the prediction under it,
/// then the load on every run.
async fn screenshot(browser: &Browser, site: &Site, width: u32, lang: &str) -> Result<(), String> {
    let dir = site.screenshot_path.parent().ok_or("the screenshot path has no folder")?;
    let parts = [
        ("panel", "[data-section=\"read-logs\"]", "start"),
        ("chart", "[data-chart=\"log-timeline\"]", "start"),
        ("ranking", "[data-logs=\"ranking\"]", "start"),
    ];
    browser.save_parts(dir, "read-logs", (width, lang), &parts).await
}
