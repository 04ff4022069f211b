//! One run in a fresh browser context: load the page, record when the first result was painted,
//! then time input changes once the widget reacts.
use crate::probes;
use crate::session::Session;
use serde_json::{Value, json};
use std::path::Path;
use std::time::{Duration, Instant};

/// How long the page may take to paint its first result (ms, in the page's clock).
const LOAD_DEADLINE_MS: f64 = 15_000.0;
/// How long one input may take to change the result (ms); before the wasm has started (a
/// prerendered page) inputs get no answer, so the first one is retried until this runs out.
const INPUT_DEADLINE_MS: f64 = 2_000.0;
const READY_DEADLINE: Duration = Duration::from_secs(20);
/// Floor values typed in turn: far apart, so the streams (and usually the people) change.
const FLOOR_VALUES: [&str; 2] = ["10", "20"];
/// Head counts typed in turn into the team form (the default is 163): each changes the Sparks
/// needed of most runs in the ranking table.
const TEAM_VALUES: [&str; 2] = ["40", "400"];
/// The team head count typed back after the ranking inputs (not counted).
const TEAM_DEFAULT: &str = "163";
/// "Another seed" clicks timed per load (after the input changes), when inputs are measured.
const SIM_CLICKS: usize = 3;
/// How long one simulation and its sweep may take (ms).
const SIM_DEADLINE_MS: f64 = 20_000.0;

/// What one page load showed, in ms since navigation start.
#[derive(Debug, Clone)]
pub struct LoadSample {
    pub first_contentful_paint_ms: f64,
    pub result_in_dom_ms: f64,
    /// The `requestAnimationFrame` after the result appeared.
    pub result_frame_ms: f64,
    /// When the frame with the result was presented (Element Timing), if the browser reports it.
    pub result_rendered_ms: Option<f64>,
    pub document_response_end_ms: Option<f64>,
    pub wasm_response_end_ms: Option<f64>,
    /// When `window.SparkSizer` was set (the wasm started), if the widget sets it.
    pub widget_started_ms: Option<f64>,
    pub result_text: String,
    /// Resources whose response had ended when the first result was painted.
    pub resources_at_result: Vec<String>,
    /// The browser's name and version (from the session, else the page's user agent).
    pub browser: String,
}

impl LoadSample {
    /// When the first result was painted: its Element Timing paint, else (no Element Timing)
    /// the later of its frame and the first contentful paint (that paint cannot be earlier).
    pub fn painted_ms(&self) -> f64 {
        self.result_rendered_ms.unwrap_or(self.result_frame_ms.max(self.first_contentful_paint_ms))
    }
}

/// One input change, in ms since the input event was dispatched.
#[derive(Debug, Clone)]
pub struct InputSample {
    /// Result and (when there is one) chart both updated.
    pub update_ms: f64,
    pub result_ms: f64,
    pub chart_ms: Option<f64>,
    /// Start of the frame after the input, and whether it already had the new result and chart.
    pub next_frame_ms: f64,
    pub made_next_frame: bool,
}

/// One team input, in ms since the input event was dispatched.
#[derive(Debug, Clone)]
pub struct RankingSample {
    /// The ranking table's body changed.
    pub table_ms: f64,
    /// Whether the frame after the input already showed it.
    pub made_next_frame: bool,
}

/// One "Another seed" click, in ms since the click.
#[derive(Debug, Clone)]
pub struct SimSample {
    /// The new seed's verdict in the DOM and its chart drawn.
    pub chart_ms: f64,
    /// The sweep of team sizes done as well.
    pub sweep_ms: f64,
    /// The section's sentence naming users, requests and seed.
    pub scope: String,
}

/// Everything one run measured.
#[derive(Debug, Clone)]
pub struct RunSample {
    pub load: LoadSample,
    pub inputs: Vec<InputSample>,
    /// Team head count typed -> ranking table changed, ms (as many as `inputs`).
    pub ranking_inputs: Vec<RankingSample>,
    pub simulations: Vec<SimSample>,
    /// Every resource the page fetched by the end of the run (absolute URLs).
    pub resources: Vec<String>,
}

/// Opens a fresh browser context, measures, closes it.
pub async fn measure_run(
    driver_url: &str,
    profile: &Path,
    page_url: &str,
    input_count: usize,
) -> Result<RunSample, String> {
    let session = Session::open(driver_url, profile).await?;
    let outcome = measure_in(&session, page_url, input_count).await;
    session.close().await;
    outcome
}

/// The first contentful paint of the reference page (no widget) in its own fresh context: what
/// any page costs on this machine at this moment.
pub async fn measure_reference(driver_url: &str, profile: &Path, page_url: &str) -> Result<f64, String> {
    let session = Session::open(driver_url, profile).await?;
    let outcome = async {
        session.goto(page_url).await?;
        let fcp = session.js_async(probes::FIRST_CONTENTFUL_PAINT, vec![json!(LOAD_DEADLINE_MS)]).await?;
        fcp.as_f64().ok_or_else(|| "the reference page reported no first contentful paint".to_string())
    }
    .await;
    session.close().await;
    outcome
}

async fn measure_in(session: &Session, page_url: &str, input_count: usize) -> Result<RunSample, String> {
    session.run_before_page_scripts(probes::PAGE_PROBE).await?;
    session.goto(page_url).await?;
    let load = session.js_async(probes::COLLECT_LOAD, vec![json!(LOAD_DEADLINE_MS)]).await?;
    if let Some(error) = load["error"].as_str() {
        return Err(format!("{error} (page state: {load})"));
    }
    let mut value_index = if input_count == 0 { 0 } else { wait_until_interactive(session).await? };
    let mut inputs = Vec::with_capacity(input_count);
    for _ in 0..input_count {
        let value = FLOOR_VALUES[value_index % FLOOR_VALUES.len()];
        value_index += 1;
        let outcome = session.js_async(probes::INPUT_TO_UPDATE, vec![json!(value), json!(INPUT_DEADLINE_MS)]).await?;
        inputs.push(input_sample(&outcome).ok_or_else(|| format!("typing floor {value} gave no update: {outcome}"))?);
    }
    let mut ranking_inputs = Vec::with_capacity(input_count);
    for i in 0..input_count {
        let value = TEAM_VALUES[i % TEAM_VALUES.len()];
        let outcome = session
            .js_async(probes::INPUT_TO_RANKING, vec![json!("team_people"), json!(value), json!(INPUT_DEADLINE_MS)])
            .await?;
        ranking_inputs.push(
            ranking_sample(&outcome).ok_or_else(|| format!("typing {value} people gave no new ranking: {outcome}"))?,
        );
    }
    if input_count > 0 {
        let outcome = session
            .js_async(
                probes::INPUT_TO_RANKING,
                vec![json!("team_people"), json!(TEAM_DEFAULT), json!(INPUT_DEADLINE_MS)],
            )
            .await?;
        ranking_sample(&outcome)
            .ok_or_else(|| format!("typing {TEAM_DEFAULT} people gave no new ranking: {outcome}"))?;
    }
    let mut simulations = Vec::new();
    if input_count > 0 {
        // Back to the worked example's floor, so each click simulates its 163 users (20,000
        // requests); this input is not counted.
        let outcome = session.js_async(probes::INPUT_TO_UPDATE, vec![json!("15"), json!(INPUT_DEADLINE_MS)]).await?;
        input_sample(&outcome).ok_or_else(|| format!("typing floor 15 gave no update: {outcome}"))?;
    }
    for _ in 0..if input_count == 0 { 0 } else { SIM_CLICKS } {
        let outcome = session.js_async(probes::SIM_CLICK_TO_CHART, vec![json!(SIM_DEADLINE_MS)]).await?;
        simulations.push(sim_sample(&outcome).ok_or_else(|| format!("another seed gave no simulation: {outcome}"))?);
    }
    let fetched = session.js(probes::RESOURCES, vec![]).await?;
    let fetched: Vec<(String, f64)> = fetched
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|entry| Some((entry["name"].as_str()?.to_string(), entry["end"].as_f64()?)))
        .collect();
    let widget_started = session.js("return window.__sparkSizerBench.apiReady;", vec![]).await?;
    let mut load = load_sample(&load, widget_started.as_f64())?;
    if let Some(browser) = session.browser_version() {
        load.browser = browser;
    }
    // What had arrived when the result was painted (a paint can come long after its frame began).
    let painted = load.painted_ms();
    load.resources_at_result =
        fetched.iter().filter(|(_, end)| *end <= painted).map(|(name, _)| name.clone()).collect();
    let resources = fetched.into_iter().map(|(name, _)| name).collect();
    Ok(RunSample { load, inputs, ranking_inputs, simulations, resources })
}

/// Types floor values until the widget answers (its wasm has started); returns the index of the
/// next value to type. This first answer is the warm-up and is not counted.
async fn wait_until_interactive(session: &Session) -> Result<usize, String> {
    let started = Instant::now();
    let mut value_index = 0;
    loop {
        let value = FLOOR_VALUES[value_index % FLOOR_VALUES.len()];
        value_index += 1;
        let outcome = session.js_async(probes::INPUT_TO_UPDATE, vec![json!(value), json!(INPUT_DEADLINE_MS)]).await?;
        if let Some(error) = outcome["error"].as_str() {
            return Err(error.to_string());
        }
        if input_sample(&outcome).is_some() {
            return Ok(value_index);
        }
        if started.elapsed() > READY_DEADLINE {
            return Err(format!("the widget did not answer a floor change within {READY_DEADLINE:?}: {outcome}"));
        }
    }
}

fn input_sample(outcome: &Value) -> Option<InputSample> {
    let next_frame = &outcome["nextFrame"];
    Some(InputSample {
        update_ms: outcome["updateMs"].as_f64()?,
        result_ms: outcome["resultMs"].as_f64()?,
        chart_ms: outcome["chartMs"].as_f64(),
        next_frame_ms: next_frame["ms"].as_f64()?,
        made_next_frame: next_frame["result"] == true && next_frame["chart"] == true,
    })
}

fn ranking_sample(outcome: &Value) -> Option<RankingSample> {
    Some(RankingSample {
        table_ms: outcome["tableMs"].as_f64()?,
        made_next_frame: outcome["nextFrame"]["table"] == true,
    })
}

fn sim_sample(outcome: &Value) -> Option<SimSample> {
    Some(SimSample {
        chart_ms: outcome["chartMs"].as_f64()?,
        sweep_ms: outcome["sweepMs"].as_f64()?,
        scope: outcome["scope"].as_str().unwrap_or_default().to_string(),
    })
}

fn load_sample(load: &Value, widget_started_ms: Option<f64>) -> Result<LoadSample, String> {
    let number = |key: &str| load[key].as_f64().ok_or_else(|| format!("the page reported no {key}: {load}"));
    Ok(LoadSample {
        first_contentful_paint_ms: number("fcp")?,
        result_in_dom_ms: number("resultInDom")?,
        result_frame_ms: number("resultFrame")?,
        result_rendered_ms: load["resultPainted"].as_f64(),
        document_response_end_ms: load["documentResponseEnd"].as_f64(),
        wasm_response_end_ms: load["wasmResponseEnd"].as_f64(),
        widget_started_ms,
        result_text: load["resultText"].as_str().unwrap_or_default().to_string(),
        resources_at_result: strings(&load["resourcesAtResult"]),
        browser: load["userAgent"].as_str().unwrap_or_default().to_string(),
    })
}

fn strings(value: &Value) -> Vec<String> {
    value.as_array().into_iter().flatten().filter_map(|v| v.as_str().map(str::to_string)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_input_outcome_needs_every_figure_and_a_timeout_is_no_sample() {
        let ok = json!({ "updateMs": 3.5, "resultMs": 2.0, "chartMs": 3.5,
                         "nextFrame": { "ms": 16.6, "result": true, "chart": true } });
        let sample = input_sample(&ok).unwrap();
        assert_eq!(
            (sample.update_ms, sample.result_ms, sample.chart_ms, sample.next_frame_ms),
            (3.5, 2.0, Some(3.5), 16.6)
        );
        assert!(sample.made_next_frame);
        let late_chart = json!({ "updateMs": 20.0, "resultMs": 2.0, "chartMs": 20.0,
                                 "nextFrame": { "ms": 16.6, "result": true, "chart": false } });
        assert!(!input_sample(&late_chart).unwrap().made_next_frame);
        assert!(input_sample(&json!({ "timeout": true, "resultMs": null })).is_none());
    }

    #[test]
    fn a_ranking_outcome_needs_its_time_and_a_timeout_is_no_sample() {
        let ok = json!({ "tableMs": 6.5, "nextFrame": { "ms": 16.6, "table": true } });
        let sample = ranking_sample(&ok).unwrap();
        assert_eq!((sample.table_ms, sample.made_next_frame), (6.5, true));
        let late = json!({ "tableMs": 30.0, "nextFrame": { "ms": 16.6, "table": false } });
        assert!(!ranking_sample(&late).unwrap().made_next_frame);
        assert!(ranking_sample(&json!({ "timeout": true, "nextFrame": null })).is_none());
    }

    #[test]
    fn a_simulation_outcome_needs_both_times() {
        let ok = json!({ "chartMs": 41.5, "sweepMs": 380.0, "scope": "163 users" });
        let sample = sim_sample(&ok).unwrap();
        assert_eq!((sample.chart_ms, sample.sweep_ms, sample.scope.as_str()), (41.5, 380.0, "163 users"));
        assert!(sim_sample(&json!({ "timeout": true, "chartMs": 41.5 })).is_none());
    }

    #[test]
    fn a_load_without_paint_timing_is_an_error_naming_the_field() {
        let load = json!({ "fcp": 40.0, "resultInDom": 60.0, "resultText": "163", "resourcesAtResult": ["a"] });
        let error = load_sample(&load, None).unwrap_err();
        assert!(error.contains("resultFrame"), "{error}");
        let complete = json!({ "fcp": 40.0, "resultInDom": 60.0, "resultFrame": 62.0, "resultPainted": 66.0, "wasmResponseEnd": 30.0,
                               "resultText": "163", "resourcesAtResult": ["a", "b"], "userAgent": "HeadlessChrome" });
        let sample = load_sample(&complete, Some(50.0)).unwrap();
        assert_eq!((sample.result_frame_ms, sample.result_rendered_ms), (62.0, Some(66.0)));
        assert_eq!((sample.wasm_response_end_ms, sample.widget_started_ms), (Some(30.0), Some(50.0)));
        assert_eq!(sample.painted_ms(), 66.0);
        let without_element_timing =
            json!({ "fcp": 70.0, "resultInDom": 60.0, "resultFrame": 62.0, "resultText": "163" });
        assert_eq!(load_sample(&without_element_timing, None).unwrap().painted_ms(), 70.0);
        assert_eq!(sample.resources_at_result, ["a", "b"]);
    }
}
