//! `SparkSizer.predict` in the page: one prediction of 250 requests (budget 15 ms) and the load
//! chart's six-rate sweep (budget 60 ms), timed with `performance.now()` around the JS API's calls
//! on an arena run, its engine fitted by a first, untimed call (the API keeps the last fit, as a
//! host page's repeated calls use it). The sweep is the six calls one after another: the
//! section's own sweep computes the same six predictions in slices between frames, so its wall
//! time from input to chart is this plus the frames it yields to.
use crate::session::Session;
use crate::stats::{self, Summary};
use serde_json::{Value, json};
use std::fmt::Write as _;
use std::path::Path;

/// The arena run predicted on, by dataset id.
const RUN_ID: &str = "djangodevreng-arena-qwen-3.6-35b-a3b-fp8";
/// One prediction: the arena sweep's lengths at 0.5 req/s, 250 requests.
const LOAD: &str = r#"{"rate_per_s": 0.5, "requests": 250, "seed": 42}"#;
/// The chart's rates and what each sends (the arena step's count: at least 100 requests, else
/// 250 s of arrivals).
const SWEEP: [(f64, u32); 6] = [(0.1, 100), (0.2, 100), (0.3, 100), (0.5, 125), (0.7, 175), (1.0, 250)];
const SINGLE_CALLS: usize = 15;
const SWEEPS: usize = 5;
pub const SINGLE_BUDGET_MS: f64 = 15.0;
pub const SWEEP_BUDGET_MS: f64 = 60.0;

/// The in-page timings of one session.
#[derive(Debug, Clone)]
pub struct PredictTimings {
    pub single: Summary,
    pub sweep: Summary,
}

/// Waits for `predict` to answer, fits once, then times the calls.
const TIME_CALLS: &str = r#"
const [run, load, sweep, singles, sweeps] = arguments;
SparkSizer.predict(load, run);
const single = [];
for (let i = 0; i < singles; i++) {
  const start = performance.now();
  SparkSizer.predict(load, run);
  single.push(performance.now() - start);
}
const loads = sweep.map(([rate, requests]) => JSON.stringify({ rate_per_s: rate, requests, seed: 42 }));
const swept = [];
for (let i = 0; i < sweeps; i++) {
  const start = performance.now();
  for (const one of loads) SparkSizer.predict(one, run);
  swept.push(performance.now() - start);
}
return { single, swept };
"#;

/// Opens a fresh session on the standalone page and times `predict` there.
pub async fn measure(driver_url: &str, profile: &Path, base_url: &str) -> Result<PredictTimings, String> {
    let session = Session::open(driver_url, profile).await?;
    let outcome = time_in(&session, base_url).await;
    session.close().await;
    outcome
}

async fn time_in(session: &Session, base_url: &str) -> Result<PredictTimings, String> {
    session.goto(&format!("{base_url}#s=r:{RUN_ID},l:en")).await?;
    // `predict` answers once the second module is in: `SparkSizer.ready` settles then.
    let ready = "const done = arguments[arguments.length - 1];
                 const wait = () => (window.SparkSizer && SparkSizer.ready)
                   ? SparkSizer.ready.then(() => done(null), (e) => done(String(e && e.message || e)))
                   : requestAnimationFrame(wait);
                 wait();";
    let failed = session.js_async(ready, vec![]).await?;
    if !failed.is_null() {
        return Err(format!("SparkSizer.ready rejected: {failed}"));
    }
    let sweep: Vec<Value> = SWEEP.iter().map(|(rate, requests)| json!([rate, requests])).collect();
    let seen = session
        .js(TIME_CALLS, vec![json!(RUN_ID), json!(LOAD), json!(sweep), json!(SINGLE_CALLS), json!(SWEEPS)])
        .await?;
    let numbers = |key: &str| -> Vec<f64> {
        seen[key].as_array().map(|values| values.iter().filter_map(Value::as_f64).collect()).unwrap_or_default()
    };
    Ok(PredictTimings {
        single: stats::summarize(&numbers("single")).ok_or_else(|| format!("no single-call timings in {seen}"))?,
        sweep: stats::summarize(&numbers("swept")).ok_or_else(|| format!("no sweep timings in {seen}"))?,
    })
}

/// The report's section.
pub fn markdown(timings: &Result<PredictTimings, String>) -> String {
    let mut out = String::from("\n### SparkSizer.predict in the page\n\n");
    match timings {
        Err(error) => {
            let _ = writeln!(out, "Not measured: {error}\n");
        }
        Ok(t) => {
            let _ = writeln!(
                out,
                "On `{RUN_ID}` (dataset id), the engine fitted by a first untimed call; `performance.now()` around \
                 the JS API's calls in one fresh browser context.\n"
            );
            out.push_str("| figure | median | min | max | samples | budget |\n|---|---:|---:|---:|---:|---|\n");
            let row = |out: &mut String, what: &str, s: &Summary, budget: f64| {
                let verdict = if s.median <= budget { "met" } else { "missed" };
                let _ = writeln!(
                    out,
                    "| {what} | {:.1} ms | {:.1} ms | {:.1} ms | {} | <= {budget:.0} ms ({verdict}) |",
                    s.median, s.min, s.max, s.count
                );
            };
            row(&mut out, "one predict, 250 requests at 0.5 req/s", &t.single, SINGLE_BUDGET_MS);
            row(
                &mut out,
                "the chart's six-rate sweep (0.1 to 1 req/s, 100 to 250 requests), six calls in a row",
                &t.sweep,
                SWEEP_BUDGET_MS,
            );
            out.push('\n');
        }
    }
    out
}
