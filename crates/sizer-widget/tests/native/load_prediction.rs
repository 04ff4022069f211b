//! "Load from your logs" in the server-side render: the page renders the section's heading,
//! intro and inputs (the arena's rate-sweep step at 0.5 req/s and a 5 s target, in each
//! language's number format) for a dataset run, with nothing predicted (nothing runs on the
//! server); the result view, given the job's outcome computed natively, shows the prediction,
//! the rate that keeps the target, the engine model and how far it extrapolated, and the charts.
//! Run: `cargo test -p sizer-widget --no-default-features --features ssr --test native load_prediction::`.
//!
//! Oracles from `docs/CALIBRATION.md` (`cargo xtask calibrate`, the same engine by another
//! path: the suite files), `qwen-3.6/qwen-3.6-35b-a3b/fp8`: the step `11-rate-sweep-0.5.json`
//! predicted at p95 TTFT 6.3 s, median TPOT 228 ms (1000 / 228 = 4.4 tok/s a request), 71 in
//! flight at most, batch / fit's 4.0 (81 / 20; each figure the median of 15 draws, the batch the
//! largest of any draw); the fitted engine's capacity 0.3 req/s under 5 s and 0.7
//! under 10 s (its 1.0 req/s step predicts 29.5 s). The run is one DGX Spark (GB10) (its
//! measured-load section says so, `measured_load.rs`).

use crate::support::{element, input_value, load_result, strip_tags};
use sizer_data::prediction::PageLoadInput;
use sizer_widget::i18n::Lang;
use sizer_widget::render_to_string;
use sizer_widget::shell::config::Attributes;

const QWEN: &str = "djangodevreng-arena-qwen-3.6-35b-a3b-fp8";

fn render(run: &str, lang: &str) -> String {
    let attributes = Attributes { run: Some(run.to_owned()), lang: Some(lang.to_owned()), ..Attributes::default() };
    futures::executor::block_on(render_to_string(attributes, 0))
}

#[test]
fn the_page_renders_the_section_with_its_inputs_in_both_languages() {
    let en = render(QWEN, "en");
    let section = element(&en, "data-section=\"load-prediction\"", "section");
    assert!(section.contains("<h3>Load from your logs</h3>"), "heading");
    let values: Vec<String> = ["load-rate", "load-burstiness", "load-prompt", "load-answer", "load-target"]
        .map(|f| input_value(section, f))
        .into();
    assert_eq!(values, ["0.5", "0.7", "4,000", "500", "5"]);
    assert!(section.contains("Peak requests per second"), "the rate's label");
    // Nothing runs on the server: no result, the section waits for the browser.
    assert!(!section.contains("data-result=\"load-prediction\""));
    assert!(section.contains("data-state=\"running\""));
    let de = render(QWEN, "de");
    let section = element(&de, "data-section=\"load-prediction\"", "section");
    assert!(section.contains("<h3>Last aus Ihren Logs</h3>"), "heading");
    let values: Vec<String> = ["load-rate", "load-burstiness", "load-prompt", "load-answer", "load-target"]
        .map(|f| input_value(section, f))
        .into();
    assert_eq!(values, ["0,5", "0,7", "4.000", "500", "5"]);
}

fn result(lang: Lang, target_s: f64) -> String {
    load_result(QWEN, PageLoadInput { target_s, ..PageLoadInput::default() }, lang)
}

/// The number after `before` in `text`, up to `after` (English marks).
fn number_between(text: &str, before: &str, after: &str) -> f64 {
    let rest = &text[text.find(before).unwrap_or_else(|| panic!("{before} in {text}")) + before.len()..];
    rest[..rest.find(after).expect("end")].replace(',', "").parse().expect("a number")
}

#[test]
fn the_section_offers_to_read_a_log_in_both_languages() {
    let en = render(QWEN, "en");
    let reader = element(&en, "data-section=\"read-logs\"", "details");
    assert!(reader.contains("<summary>Read your logs</summary>"), "{reader}");
    assert!(reader.contains("only counts and times are kept, never a prompt or an answer"), "{reader}");
    assert!(reader.contains("data-field=\"log-text\"") && reader.contains("data-field=\"log-files\""), "{reader}");
    let de = render(QWEN, "de");
    let reader = element(&de, "data-section=\"read-logs\"", "details");
    assert!(reader.contains("<summary>Ihre Logs lesen</summary>"), "{reader}");
    assert!(reader.contains(">Eingefügtes Log lesen</button>"), "{reader}");
}

#[test]
fn the_result_shows_the_calibrations_figures_and_the_rate_that_keeps_the_target() {
    let html = result(Lang::En, 5.0);
    let headline = strip_tags(element(&html, "data-predict=\"headline\"", "p"));
    assert!(headline.starts_with("At 0.5 req/s on 1 × DGX Spark (GB10): p50 TTFT "), "{headline}");
    let p95 = number_between(&headline, "p95 TTFT ", " s,");
    // CALIBRATION.md's row for this step: p95 TTFT 6.3 s, median TPOT 228 ms (1000 / 228 =
    // 4.4 tok/s), 71 in flight at most.
    assert!((6.25..6.35).contains(&p95), "p95 {p95} against CALIBRATION.md's 6.3 s");
    assert!(headline.contains(", 4.4 tok/s per request, "), "{headline}");
    assert!(headline.ends_with("(71 at most)."), "{headline}");
    // The median request's 4.4 tok/s against the sizing's 15 tok/s floor, in words.
    let floor = element(&html, "data-predict=\"floor\"", "p");
    assert!(floor.contains("data-below=\"true\""), "{floor}");
    assert_eq!(
        strip_tags(floor),
        "Per request the median answer streams at 4.4 tok/s, under your 15 tok/s floor: at this rate people get less than the sizing assumes."
    );
    let kept = strip_tags(element(&html, "data-predict=\"kept\"", "p"));
    assert_eq!(kept, "The highest rate tried that keeps p95 TTFT under 5 s: 0.3 req/s.");
    let model = strip_tags(element(&html, "data-predict=\"model\"", "p"));
    assert!(model.contains("fitted to this run's own closed-loop measurements"), "{model}");
    let extrapolation = element(&html, "data-predict=\"extrapolation\"", "p");
    assert!(extrapolation.contains("data-beyond=\"true\""));
    // 82 decoding at once in the farthest of the 15 draws over the fit's highest concurrency of
    // 20 (01-chat to 05-big-context measured 1 to 20): 4.1, as CALIBRATION.md's row writes it.
    let expected = "up to 82 requests decoded at once, 4.1 × the highest concurrency measured (20)";
    assert!(strip_tags(extrapolation).contains(expected), "{extrapolation}");
    for chart in ["predict-ttft", "predict-speed"] {
        let figure = element(&html, &format!("data-chart=\"{chart}\""), "figure");
        assert!(figure.contains("<svg"), "{chart}: drawn on the server");
        assert!(figure.contains("Measured (filled)"), "{chart}: the run's measured sweep beside it");
    }
}

#[test]
fn a_wider_target_keeps_a_higher_rate_in_german() {
    let html = result(Lang::De, 10.0);
    let kept = strip_tags(element(&html, "data-predict=\"kept\"", "p"));
    assert_eq!(kept, "Die höchste versuchte Rate, bei der die p95-TTFT unter 10 s bleibt: 0,7 Anfr./s.");
    let headline = strip_tags(element(&html, "data-predict=\"headline\"", "p"));
    assert!(headline.starts_with("Bei 0,5 Anfr./s auf 1 × DGX Spark (GB10): "), "{headline}");
    assert!(headline.contains("4,4 Token/s je Anfrage"), "{headline}");
}
