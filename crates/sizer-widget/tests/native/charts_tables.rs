//! The charts, the sourced tables and the sources rendered to a string with Yew's `ssr`
//! feature (no browser): what the build prerenders, and what people without scripts and
//! search engines read. Run:
//! `cargo test -p sizer-widget --no-default-features --features ssr --test native charts_tables::`.

use sizer_core::Interpolation;
use sizer_widget::i18n::Lang;
use sizer_widget::sizing::views::charts::{Charts, ChartsProps};
use sizer_widget::sizing::views::sources::{Sources, SourcesProps};
use sizer_widget::sizing::views::tables::{DataTables, DataTablesProps};
use yew::{AttrValue, ServerRenderer};

const QWEN: &str = "gpuwerk-qwen3-coder-30b-a3b-awq-vllm-0.27.1";

fn count(html: &str, needle: &str) -> usize {
    html.matches(needle).count()
}

#[test]
fn every_run_is_a_table_in_the_prerendered_html() {
    let props = || DataTablesProps { lang: Lang::De, highlight: Some(AttrValue::from(QWEN)), yours: Vec::new() };
    let html = futures::executor::block_on(ServerRenderer::<DataTables>::with_props(props).render());
    let data = sizer_data::dataset();
    assert_eq!(count(&html, "data-run-table="), data.runs.len());
    assert_eq!(count(&html, "<caption"), data.runs.len());
    assert!(html.contains(&format!("id=\"ss-run-{QWEN}\"")));
    // German number format in the cells: 1.078,4 generated tok/s at 256 requests.
    assert!(html.contains(">1.078,4<"), "no 1.078,4 in the Qwen3-Coder table");
    assert!(html.contains("aria-current=\"true\""));
    assert!(html.contains("Zählweise"));
}

#[test]
fn sources_carry_anchor_ids() {
    let html =
        futures::executor::block_on(ServerRenderer::<Sources>::with_props(|| SourcesProps { lang: Lang::En }).render());
    let data = sizer_data::dataset();
    for source in &data.sources {
        assert!(html.contains(&format!("id=\"ss-source-{}\"", source.id)), "no anchor for {}", source.id);
    }
    assert!(html.contains(&format!("href=\"#ss-run-{QWEN}\"")));
}

#[test]
fn charts_prerender_their_text_alternative_without_a_browser() {
    let props = || ChartsProps {
        run: sizer_widget::sizing::run_ref::RunRef::sourced(QWEN).expect("run"),
        overlays: Vec::new(),
        floor: 15.0,
        sizing: None,
        interpolation: Interpolation::Linear,
        lang: Lang::En,
        redraw_key: AttrValue::default(),
    };
    let html = futures::executor::block_on(ServerRenderer::<Charts>::with_props(props).render());
    assert_eq!(count(&html, "<canvas"), 3);
    // Each chart is drawn as SVG too (first frame, scripts off), the speed chart with its
    // crossing at the article's 52.5 streams and the p99 TTFT chart up to 25 s (21.5 s at 256).
    assert_eq!(count(&html, "<svg class=\"ss-chart-svg\" aria-hidden=\"true\""), 3);
    assert!(html.contains(">52.5</text>") && html.contains(">15 tok/s</text>"), "no crossing in the SVG");
    assert!(html.contains(">25</text>"), "no 25 s tick");
    assert!(html.contains("15\u{a0}tok/s per request holds up to 52.5 concurrent requests"));
    // The speed chart's data table lists 37.3 tok/s at 8 concurrent requests.
    assert!(html.contains("<th scope=\"row\">8</th><td>37.3"), "no 37.3 row at 8");
    // The p99 TTFT chart is in seconds: 21.5 s at 256.
    assert!(html.contains("<td>21.5</td>"));
}
