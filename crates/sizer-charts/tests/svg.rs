//! Every chart drawn to SVG (what the server-side render puts in the page) and read back: the
//! floor line, the crossing, the measured points and the axis labels sit where the articles'
//! figures put them. Oracles: the GPUwerk Qwen3-Coder-30B-A3B run of the English article
//! (DATA.md: 81.2 tok/s alone, 37.3 at 8; 15 tok/s is crossed at 52.53 streams, claim
//! `en-streams-15-qwen3-coder-30b-a3b`), placed against the SVG's own tick labels.

use sizer_charts::build::{Measure, measure_chart, speed_chart};
use sizer_charts::model::{ChartText, ConcurrencyChart};
use sizer_charts::sim::{InFlightBar, InFlightChart, SimChartText, SweepChart, SweepRow, draw_in_flight, draw_sweep};
use sizer_charts::svg::to_svg;
use sizer_charts::{ChartTheme, Rgb, draw_chart};
use sizer_core::Interpolation;

const QWEN: &str = "gpuwerk-qwen3-coder-30b-a3b-awq-vllm-0.27.1";
const SIZE: (u32, u32) = (640, 280);

/// One drawn element: its tag and attributes.
#[derive(Debug)]
struct Element {
    tag: String,
    attributes: Vec<(String, String)>,
    text: String,
}

impl Element {
    fn attr(&self, name: &str) -> Option<&str> {
        self.attributes.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }

    fn number(&self, name: &str) -> f64 {
        self.attr(name).and_then(|v| v.parse().ok()).unwrap_or(f64::NAN)
    }

    /// The points of a `<polyline>`.
    fn points(&self) -> Vec<(f64, f64)> {
        let pair = |p: &str| {
            let (x, y) = p.split_once(',')?;
            Some((x.parse().ok()?, y.parse().ok()?))
        };
        self.attr("points").unwrap_or_default().split_whitespace().filter_map(pair).collect()
    }
}

/// The elements of an SVG string, in order (a reader for plotters' own output, not for SVG at large).
fn elements(svg: &str) -> Vec<Element> {
    let mut found = Vec::new();
    let mut rest = svg;
    while let Some(start) = rest.find('<') {
        rest = &rest[start + 1..];
        if rest.starts_with('/') {
            continue;
        }
        let end = rest.find('>').unwrap_or(rest.len());
        let inside = rest[..end].trim_end_matches('/');
        let (tag, mut attrs) = inside.split_once(' ').unwrap_or((inside, ""));
        let mut attributes = Vec::new();
        while let Some(eq) = attrs.find("=\"") {
            let name = attrs[..eq].trim().to_owned();
            let value_start = eq + 2;
            let value_end = attrs[value_start..].find('"').map_or(attrs.len(), |i| value_start + i);
            attributes.push((name, attrs[value_start..value_end].to_owned()));
            attrs = &attrs[(value_end + 1).min(attrs.len())..];
        }
        let after = &rest[(end + 1).min(rest.len())..];
        let text = if tag == "text" { after[..after.find('<').unwrap_or(0)].to_owned() } else { String::new() };
        found.push(Element { tag: tag.to_owned(), attributes, text });
    }
    found
}

fn hex(colour: Rgb) -> String {
    format!("#{:02X}{:02X}{:02X}", colour.0, colour.1, colour.2)
}

/// The (x, y) of the text element reading `label` (the first one).
fn label_at(elements: &[Element], label: &str) -> (f64, f64) {
    match elements.iter().find(|e| e.tag == "text" && e.text == label) {
        Some(text) => (text.number("x"), text.number("y")),
        None => panic!("no text {label:?} in the SVG"),
    }
}

fn labels(elements: &[Element]) -> Vec<&str> {
    elements.iter().filter(|e| e.tag == "text").map(|e| e.text.as_str()).collect()
}

/// Every segment drawn in `colour` (lines and polylines split at their points).
fn segments(elements: &[Element], colour: Rgb) -> Vec<((f64, f64), (f64, f64))> {
    let colour = hex(colour);
    let mut found = Vec::new();
    for element in elements.iter().filter(|e| e.attr("stroke") == Some(colour.as_str())) {
        match element.tag.as_str() {
            "line" => {
                found.push(((element.number("x1"), element.number("y1")), (element.number("x2"), element.number("y2"))))
            }
            "polyline" => found.extend(element.points().windows(2).map(|w| (w[0], w[1]))),
            _ => {}
        }
    }
    found
}

fn dataset_run(id: &str) -> &'static sizer_data::Run {
    sizer_data::dataset().run(id).unwrap_or_else(|| panic!("run {id} missing from the dataset"))
}

fn words() -> ChartText {
    ChartText {
        x_title: "Concurrent requests".into(),
        y_title: "Generated tok/s per request".into(),
        x_title_short: "Requests".into(),
        y_title_short: "tok/s".into(),
        floor_label: Some("15 tok/s".into()),
        crossing_label: Some("52.5".into()),
    }
}

fn svg_of(chart: &ConcurrencyChart, text: &ChartText) -> String {
    let drawn = to_svg(SIZE, |backend, look| draw_chart(backend, chart, text, look, &|v| format!("{v}")));
    drawn.unwrap_or_else(|error| panic!("the chart did not draw: {error}"))
}

/// Where a value sits on the y axis, read off the SVG's own "0" and "100" tick labels.
fn y_of(elements: &[Element], value: f64) -> f64 {
    let (_, y0) = label_at(elements, "0");
    let (_, y100) = label_at(elements, "100");
    y0 + (y100 - y0) * value / 100.0
}

/// Where a concurrency sits on the log2 x axis, read off the tick labels 1 and 256 (8 octaves).
fn x_of(elements: &[Element], concurrency: f64) -> f64 {
    let (x1, _) = label_at(elements, "1");
    let (x256, _) = label_at(elements, "256");
    x1 + (x256 - x1) * concurrency.log2() / 8.0
}

/// The centres of the circles drawn in `colour` (filled or outlined).
fn marks(elements: &[Element], colour: Rgb) -> Vec<(f64, f64)> {
    let colour = hex(colour);
    elements
        .iter()
        .filter(|e| {
            e.tag == "circle" && (e.attr("stroke") == Some(colour.as_str()) || e.attr("fill") == Some(colour.as_str()))
        })
        .map(|e| (e.number("cx"), e.number("cy")))
        .collect()
}

#[test]
fn the_speed_chart_draws_the_floor_at_15_and_the_crossing_at_52_5_streams() {
    let chart = speed_chart(dataset_run(QWEN), &[], 15.0, None, Interpolation::Linear);
    let svg = svg_of(&chart, &words());
    assert!(svg.starts_with("<svg class=\"ss-chart-svg\" aria-hidden=\"true\""), "{}", &svg[..80]);
    let drawn = elements(&svg);
    let floor = ChartTheme::LIGHT.floor;
    let floor_segments = segments(&drawn, floor);

    // The floor: horizontal dashes at 15 on the value axis.
    let horizontal: Vec<f64> =
        floor_segments.iter().filter(|(a, b)| a.1 == b.1 && a.0 != b.0).map(|(a, _)| a.1).collect();
    assert!(horizontal.len() > 10, "a dashed floor line: {horizontal:?}");
    let expected_y = y_of(&drawn, 15.0);
    for y in &horizontal {
        assert!((y - expected_y).abs() <= 1.5, "floor at y {y}, 15 tok/s is at {expected_y}");
    }

    // The crossing: a vertical dashed line at 52.53 streams, from the axis up to the floor.
    let vertical: Vec<f64> =
        floor_segments.iter().filter(|(a, b)| a.0 == b.0 && a.1 != b.1).map(|(a, _)| a.0).collect();
    assert!(!vertical.is_empty(), "no crossing line");
    let expected_x = x_of(&drawn, 52.53);
    for x in &vertical {
        assert!((x - expected_x).abs() <= 1.5, "crossing at x {x}, 52.53 streams is at {expected_x}");
    }
    let ring = drawn.iter().find(|e| e.tag == "circle" && e.attr("stroke") == Some(hex(floor).as_str()));
    let ring = ring.unwrap_or_else(|| panic!("no crossing ring"));
    assert!((ring.number("cx") - expected_x).abs() <= 1.5 && (ring.number("cy") - expected_y).abs() <= 1.5);

    // Text at the canvas's size: 12 px tick labels (plotters-svg would write 12 / 1.24).
    assert!(svg.contains("font-size=\"12.0\"") && !svg.contains("font-size=\"9.6"), "tick labels not at 12 px");
    let texts = labels(&drawn);
    for tick in ["1", "2", "4", "8", "16", "32", "64", "128", "256", "0", "20", "100"] {
        assert!(texts.contains(&tick), "no tick {tick} in {texts:?}");
    }
    assert!(!texts.contains(&"512") && !texts.contains(&"120"), "{texts:?}");
    for words in ["15 tok/s", "52.5", "Concurrent requests", "Generated tok/s per request"] {
        assert!(texts.contains(&words), "no {words:?} in {texts:?}");
    }
}

#[test]
fn the_speed_chart_marks_the_articles_points_where_they_belong() {
    let chart = speed_chart(dataset_run(QWEN), &[], 15.0, None, Interpolation::Linear);
    let drawn = elements(&svg_of(&chart, &words()));
    let run = hex(ChartTheme::LIGHT.run);
    let marks = marks(&drawn, ChartTheme::LIGHT.run);
    // 81.2 tok/s alone and 37.3 at 8 (the article's 1000 / TPOT: drawn hollow).
    for (concurrency, value) in [(1.0, 81.2), (8.0, 37.3)] {
        let (x, y) = (x_of(&drawn, concurrency), y_of(&drawn, value));
        assert!(
            marks.iter().any(|(cx, cy)| (cx - x).abs() <= 1.5 && (cy - y).abs() <= 1.5),
            "no mark at ({x}, {y}) for {value} tok/s at {concurrency}: {marks:?}"
        );
    }
    let hollow = drawn.iter().filter(|e| e.tag == "circle" && e.attr("stroke") == Some(run.as_str()));
    assert!(hollow.clone().count() >= 6 && hollow.clone().all(|e| e.attr("fill") == Some("none")));
}

#[test]
fn the_ttft_chart_is_in_seconds() {
    // The English article's GPUwerk table: p99 TTFT 21.5 s at 256 concurrent requests.
    let chart = measure_chart(dataset_run(QWEN), &[], Measure::P99TtftSeconds);
    let text = ChartText { floor_label: None, crossing_label: None, ..words() };
    let drawn = elements(&svg_of(&chart, &text));
    let texts = labels(&drawn);
    assert!(texts.contains(&"25") && !texts.contains(&"30"), "21.5 s tops out at 25: {texts:?}");
    let (x256, _) = label_at(&drawn, "256");
    let (_, y0) = label_at(&drawn, "0");
    let (_, y25) = label_at(&drawn, "25");
    let y = y0 + (y25 - y0) * 21.5 / 25.0;
    let marks = marks(&drawn, ChartTheme::LIGHT.run);
    assert!(
        marks.iter().any(|(cx, cy)| (cx - x256).abs() <= 1.5 && (cy - y).abs() <= 1.5),
        "no mark at ({x256}, {y}) for 21.5 s at 256: {marks:?}"
    );
}

fn sim_words() -> SimChartText {
    SimChartText {
        x_title: "Team size".into(),
        y_title: "tok/s".into(),
        floor_label: Some("15 tok/s".into()),
        formula_label: Some("formula: 163".into()),
    }
}

#[test]
fn the_sweep_chart_marks_the_formulas_163_people() {
    // 163 people at 15 tok/s: the English article's worked answer.
    let row = |users, p50| SweepRow { users, p50, p95: p50 - 2.0, p99: p50 - 3.0, share_at_floor: 1.0 };
    let chart =
        SweepChart { rows: vec![row(100, 30.0), row(163, 20.0), row(200, 12.0)], floor: 15.0, formula_people: 163 };
    let svg = to_svg((560, 280), |backend, look| draw_sweep(backend, &chart, &sim_words(), look));
    let drawn = elements(&svg.unwrap_or_else(|error| panic!("{error}")));
    let texts = labels(&drawn);
    assert!(texts.contains(&"formula: 163") && texts.contains(&"15 tok/s"), "{texts:?}");
    let floor = segments(&drawn, ChartTheme::LIGHT.floor);
    let vertical: Vec<f64> = floor.iter().filter(|(a, b)| a.0 == b.0 && a.1 != b.1).map(|(a, _)| a.0).collect();
    // The x ticks are the numeric labels lowest on the chart; 163 sits between two of them.
    let numeric: Vec<(f64, f64, f64)> = drawn
        .iter()
        .filter(|e| e.tag == "text")
        .filter_map(|e| Some((e.text.parse::<f64>().ok()?, e.number("x"), e.number("y"))))
        .collect();
    let lowest = numeric.iter().map(|t| t.2).fold(f64::MIN, f64::max);
    let ticks: Vec<(f64, f64)> = numeric.iter().filter(|t| t.2 == lowest).map(|t| (t.0, t.1)).collect();
    let [(v1, x1), (v2, x2), ..] = ticks[..] else { panic!("fewer than two x ticks: {ticks:?}") };
    let expected = x1 + (x2 - x1) * (163.0 - v1) / (v2 - v1);
    assert!(!vertical.is_empty() && vertical.iter().all(|v| (v - expected).abs() <= 1.5), "{vertical:?} vs {expected}");
}

#[test]
fn the_in_flight_chart_draws_a_bar_per_count() {
    let bar = |count, simulated| InFlightBar { count, simulated, poisson: simulated, finite_population: None };
    let chart = InFlightChart { bars: vec![bar(0, 0.2), bar(1, 0.5), bar(2, 0.3)], streams_at_floor: Some(2.5) };
    let svg = to_svg((560, 280), |backend, look| draw_in_flight(backend, &chart, &sim_words(), look));
    let drawn = elements(&svg.unwrap_or_else(|error| panic!("{error}")));
    let run = hex(ChartTheme::LIGHT.run);
    let bars: Vec<&Element> =
        drawn.iter().filter(|e| e.tag == "rect" && e.attr("fill") == Some(run.as_str())).collect();
    assert_eq!(bars.len(), 3, "one bar per count");
    // 50 % of the time at one request: the middle bar's top sits at 50 on the percent axis.
    let (_, y0) = label_at(&drawn, "0");
    let (_, y20) = label_at(&drawn, "20");
    let top_50 = y0 + (y20 - y0) * 50.0 / 20.0;
    assert!(bars.iter().any(|b| (b.number("y") - top_50).abs() <= 1.5), "no bar top at {top_50}");
}

#[test]
fn the_stylesheet_maps_every_palette_colour_to_its_custom_property() {
    let styles = include_str!("../../../web/styles.css");
    let theme = ChartTheme::LIGHT;
    let named = [
        (theme.text, "text"),
        (theme.grid, "grid"),
        (theme.run, "run"),
        (theme.floor, "floor"),
        (theme.overlays[0], "overlay-1"),
        (theme.overlays[1], "overlay-2"),
        (theme.overlays[2], "overlay-3"),
        (theme.overlays[3], "overlay-4"),
    ];
    for (colour, name) in named {
        for attribute in ["stroke", "fill"] {
            let rule = format!("[{attribute}=\"{}\"] {{ {attribute}: var(--ss-chart-{name}); }}", hex(colour));
            assert!(styles.contains(&rule), "web/styles.css lacks `{rule}`");
        }
    }
}
