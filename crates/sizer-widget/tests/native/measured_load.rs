//! A run's measured open-loop load in the server-side render: the capacity at each p95 TTFT
//! limit, the two charts, the sweep's steps and the single loads, in English and German; a
//! sweep that stopped early or measured nothing says so; a run without a measured load shows
//! no such section.
//! Run: `cargo test -p sizer-widget --no-default-features --features ssr --test native measured_load::`.
//!
//! Oracles read by hand from `tests/fixtures/arena/`: `qwen-3.6/qwen-3.6-35b-a3b/fp8/
//! 11-rate-sweep.json` reports capacity null under 2 s, 0.3 req/s under 5 s and 0.7 under 10 s;
//! its `11-rate-sweep-0.5.json` has p50/p95/p99 TTFT 2,447.4 / 5,257.4 / 6,197.3 ms, median
//! TPOT 203.02 ms (1000 / 203.02 = 4.93 tok/s), 197.89 output tok/s, 0.404 req/s achieved, 66
//! in flight at most, 125 of 125 requests, 522,825 prompt and 61,228 answer tokens (4,183 and
//! 490 a request). `nemotron-3/nemotron-3-nano-omni-30b-a3b-reasoning/fp8` has no sweep step,
//! and its `10-monday-peak.json` 102 failed of 300 at 1.5 req/s with at most 25 in flight;
//! `ministral-3/ministral-3-3b-instruct/bf16/11-rate-sweep.json` says `aborted_at_rps` 1.0.

use crate::support::{element, strip_tags};
use sizer_widget::render_to_string;
use sizer_widget::shell::config::Attributes;

const QWEN: &str = "djangodevreng-arena-qwen-3.6-35b-a3b-fp8";
const OMNI: &str = "djangodevreng-arena-nemotron-3-nano-omni-30b-a3b-reasoning-fp8";
const MINISTRAL: &str = "djangodevreng-arena-ministral-3-3b-instruct-bf16";

fn render(run: Option<&str>, lang: &str) -> String {
    let attributes = Attributes { run: run.map(str::to_owned), lang: Some(lang.to_owned()), ..Attributes::default() };
    futures::executor::block_on(render_to_string(attributes, 0))
}

/// The texts of a row's cells, markup and Yew's comments dropped.
fn cells(row: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = row;
    while let Some(open) = [rest.find("<td"), rest.find("<th")].into_iter().flatten().min() {
        let body = &rest[open..];
        let content = &body[body.find('>').expect("tag end") + 1..];
        let close = [content.find("</td>"), content.find("</th>")].into_iter().flatten().min().expect("cell end");
        out.push(strip_tags(&content[..close]));
        rest = &content[close..];
    }
    out
}

#[test]
fn an_arena_run_shows_its_capacity_charts_and_steps_in_english() {
    let html = render(Some(QWEN), "en");
    let section = element(&html, "data-section=\"measured-load\"", "section");
    let capacity = strip_tags(element(section, "data-load=\"capacity\"", "strong"));
    assert_eq!(
        capacity,
        "Capacity by p95 time to first token on 1 × DGX Spark (GB10): under 2 s: no rate of the sweep; under 5 s: 0.3 req/s; under 10 s: 0.7 req/s."
    );
    assert!(section.contains("11-rate-sweep.json) reports the same."), "the summary agrees");
    for chart in ["load-ttft", "load-speed"] {
        let figure = element(section, &format!("data-chart=\"{chart}\""), "figure");
        assert!(figure.contains("<svg"), "{chart}: drawn on the server");
    }
    let sweep = element(section, "data-load-table=\"sweep\"", "table");
    assert_eq!(sweep.matches("<tr data-file=\"11-rate-sweep-").count(), 6, "one row per step");
    let row = element(sweep, "data-file=\"11-rate-sweep-0.5.json\"", "tr");
    assert_eq!(
        cells(row),
        [
            "11-rate-sweep-0.5",
            "0.5",
            "0.7",
            "125 / 125 / 0",
            "4,183 / 490",
            "0.404",
            "2.45 / 5.26 / 6.20",
            "203.0",
            "4.9",
            "197.9",
            "66"
        ]
    );
    let tests = element(section, "data-load-table=\"tests\"", "table");
    assert_eq!(tests.matches("<tr data-file=\"").count(), 4, "files 07 to 10");
    assert!(!section.contains("data-load=\"aborted\""));
}

#[test]
fn the_same_section_in_german() {
    let html = render(Some(QWEN), "de");
    let section = element(&html, "data-section=\"measured-load\"", "section");
    let capacity = strip_tags(element(section, "data-load=\"capacity\"", "strong"));
    assert_eq!(
        capacity,
        "Kapazität nach p95-Zeit bis zum ersten Token auf 1 × DGX Spark (GB10): unter 2 s: keine Rate des Sweeps; unter 5 s: 0,3 Anfr./s; unter 10 s: 0,7 Anfr./s."
    );
    let row = element(section, "data-file=\"11-rate-sweep-0.5.json\"", "tr");
    assert_eq!(cells(row)[4..7], ["4.183 / 490", "0,404", "2,45 / 5,26 / 6,20"]);
    assert!(section.contains("Gemessene Last: Anfragen mit fester Rate"));
}

#[test]
fn a_sweep_without_steps_and_failed_requests_say_so() {
    let html = render(Some(OMNI), "en");
    let section = element(&html, "data-section=\"measured-load\"", "section");
    assert!(section.contains("data-load=\"no-sweep\""), "no step measured");
    assert!(!section.contains("data-load=\"capacity\""), "no capacity without steps");
    assert!(!section.contains("data-chart=\"load-ttft\""), "no chart without steps");
    let row = element(section, "data-file=\"10-monday-peak.json\"", "tr");
    assert!(row.contains("ss-load-failed"), "a row with failures is marked");
    let row = cells(row);
    assert_eq!(row[1], "1.5at most 25 in flight");
    assert_eq!(row[3], "300 / 198 / 102");
}

#[test]
fn an_aborted_sweep_says_where_it_stopped() {
    let html = render(Some(MINISTRAL), "en");
    let section = element(&html, "data-section=\"measured-load\"", "section");
    let aborted = strip_tags(element(section, "data-load=\"aborted\"", "p"));
    assert_eq!(
        aborted,
        "The sweep stopped at 1 req/s, where the server gave up; a capacity is at least the rate shown."
    );
}

#[test]
fn a_run_without_a_measured_load_shows_no_section() {
    let html = render(None, "en");
    assert!(!html.contains("data-section=\"measured-load\""));
    assert!(html.contains("data-result=\"people\" data-value=\"163\""), "the seed's 163 people");
}
