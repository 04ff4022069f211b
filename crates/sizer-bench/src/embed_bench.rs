//! The embed budget lines: how soon a `<spark-sizer>` element paints its first
//! result, plain (rendered by the wasm) and prerendered (`cargo xtask embed`: declarative
//! shadow DOM), beside the standalone page and the empty page in the same runs; and what the
//! plain embed downloads until it is interactive.
//!
//! Element Timing does not see into shadow roots, so all three pages are timed the same way
//! here: a `requestAnimationFrame` loop installed before the page's scripts looks for a visible
//! `[data-result="people"]` with its value (in the document or an open shadow root, with that
//! root's stylesheet loaded) at the start of each frame; the frame it is found in paints it, and
//! the start of the next frame is taken as "painted" (that frame is done by then).
use crate::downloads::{self, DistFile};
use crate::session::Session;
use crate::stats::{self, Summary};
use serde_json::{Value, json};
use std::fmt::Write as _;
use std::path::Path;

/// The pages written into `dist/` for the benchmark's duration.
pub const PLAIN_PAGE: &str = "bench-embed-plain.html";
pub const PRERENDERED_PAGE: &str = "bench-embed-prerendered.html";

const LOAD_DEADLINE_MS: f64 = 15_000.0;

/// Installed before any page script: records `window.__sparkSizerEmbedBench = { found, painted }`.
const FRAME_PROBE: &str = r#"(() => {
  if (window.__sparkSizerEmbedBench) return;
  const marks = { found: null, painted: null, interactive: null };
  Object.defineProperty(window, '__sparkSizerEmbedBench', { value: marks });
  const visible = (root) => {
    const el = root.querySelector('[data-result="people"]');
    if (!el || !el.getAttribute('data-value') || el.getClientRects().length === 0) return false;
    const sheet = root instanceof ShadowRoot ? root.querySelector('link[rel="stylesheet"]') : null;
    return !sheet || sheet.sheet !== null;
  };
  const find = () => {
    if (visible(document)) return true;
    for (const host of document.querySelectorAll('spark-sizer')) {
      if (host.shadowRoot && visible(host.shadowRoot)) return true;
    }
    return false;
  };
  const frame = (now) => {
    if (marks.found !== null) { marks.painted = performance.now(); return; }
    if (find()) marks.found = performance.now();
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
  Object.defineProperty(window, 'SparkSizer', {
    configurable: true, enumerable: true, get() { return undefined; },
    set(value) {
      marks.interactive = performance.now();
      Object.defineProperty(window, 'SparkSizer', { value, writable: true, configurable: true, enumerable: true });
    },
  });
})();"#;

/// Waits until the result is painted and the wasm has started; returns the marks, first
/// contentful paint and every resource requested before the wasm started.
const COLLECT: &str = r#"
const [deadlineMs, done] = [arguments[0], arguments[arguments.length - 1]];
const marks = window.__sparkSizerEmbedBench;
if (!marks) { done({ error: 'the probe did not run' }); return; }
const wait = () => {
  const fcp = performance.getEntriesByName('first-contentful-paint')[0];
  if (marks.painted !== null && marks.interactive !== null && fcp) {
    done({ found: marks.found, painted: marks.painted, interactive: marks.interactive, fcp: fcp.startTime,
           // What was requested until the wasm started (the importers' module comes later, when idle).
           resources: performance.getEntriesByType('resource').filter((e) => e.startTime <= marks.interactive)
             .map((e) => e.name) });
    return;
  }
  if (performance.now() > deadlineMs) { done({ error: 'no result painted and no wasm started in time', marks }); return; }
  setTimeout(wait, 50);
};
wait();
"#;

/// One load of one page.
#[derive(Debug, Clone)]
pub struct EmbedLoad {
    pub painted_ms: f64,
    pub interactive_ms: f64,
    pub resources: Vec<String>,
}

/// The pages timed per run, in order.
pub const PAGES: [(&str, &str); 3] = [
    ("index.html", "standalone page"),
    (PLAIN_PAGE, "plain embed (`<spark-sizer>`)"),
    (PRERENDERED_PAGE, "prerendered embed (`cargo xtask embed`)"),
];

/// Writes the two embed pages into `dist`: an article with one element each, the prerendered
/// one taken from `dist/embed.html` (its first element). Returns the names written.
pub fn write_pages(dist: &Path) -> Result<Vec<&'static str>, String> {
    let embed = std::fs::read_to_string(dist.join("embed.html")).map_err(|e| format!("dist/embed.html: {e}"))?;
    let head = &embed[..embed.find("</head>").ok_or("dist/embed.html has no </head>")?];
    // The plain snippet: every head line naming the build's glue or wasm (the module script and
    // the wasm's preload); the prerendered one is the module script alone, as `cargo xtask embed`
    // prints it.
    let plain_head: String = head.lines().filter(|line| line.contains("sizer-widget-")).collect();
    let script = head
        .lines()
        .find(|line| line.starts_with("<script type=\"module\"") && line.contains("sizer-widget-"))
        .ok_or("dist/embed.html has no module script")?;
    let element_start = embed.find("<spark-sizer ").ok_or("dist/embed.html has no <spark-sizer>")?;
    let element_end = element_start
        + embed[element_start..].find("</spark-sizer>").ok_or("unclosed <spark-sizer>")?
        + "</spark-sizer>".len();
    let prerendered = &embed[element_start..element_end];
    if !prerendered.contains("shadowrootmode") {
        return Err("the first <spark-sizer> of dist/embed.html is not prerendered".into());
    }
    let page = |script: &str, element: &str| {
        format!(
            "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\
             <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
             <title>An article with a calculator</title><link rel=\"icon\" href=\"data:,\">{script}</head>\n\
             <body><article><h1>Can one DGX Spark serve our team?</h1><p>An article.</p>{element}</article></body></html>\n"
        )
    };
    let files = [
        (PLAIN_PAGE, page(&plain_head, "<spark-sizer usage=\"chat\" floor=\"15\"></spark-sizer>")),
        (PRERENDERED_PAGE, page(script, prerendered)),
    ];
    for (name, text) in &files {
        let path = dist.join(name);
        std::fs::write(&path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    }
    Ok(files.map(|(name, _)| name).to_vec())
}

/// Loads `page` in a fresh browser context and times it.
pub async fn measure(driver_url: &str, profile: &Path, base_url: &str, page: &str) -> Result<EmbedLoad, String> {
    let session = Session::open(driver_url, profile).await?;
    let outcome = async {
        session.run_before_page_scripts(FRAME_PROBE).await?;
        session.goto(&format!("{base_url}{page}")).await?;
        let seen = session.js_async(COLLECT, vec![json!(LOAD_DEADLINE_MS)]).await?;
        load_from(&seen)
    }
    .await;
    session.close().await;
    outcome
}

fn load_from(seen: &Value) -> Result<EmbedLoad, String> {
    if let Some(error) = seen["error"].as_str() {
        return Err(format!("{error}: {seen}"));
    }
    let number = |key: &str| seen[key].as_f64().ok_or_else(|| format!("no {key} in {seen}"));
    Ok(EmbedLoad {
        painted_ms: number("painted")?,
        interactive_ms: number("interactive")?,
        resources: seen["resources"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|v| v.as_str().map(str::to_string))
            .collect(),
    })
}

/// The section of the report: `loads[i]` are the runs of [`PAGES`]`[i]`.
pub fn markdown(
    reference: &[f64],
    loads: &[Vec<EmbedLoad>; 3],
    files: &[DistFile],
    base_url: &str,
    command: &str,
) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "### Embeds\n");
    let _ = writeln!(
        out,
        "First result painted, timed alike on all three pages (the start of the frame after the one that \
         first holds a visible, styled `[data-result=\"people\"]`, in the document or a shadow root), each \
         load in a fresh browser context, beside the empty page's first contentful paint in the same runs \
         (`{command}`).\n"
    );
    let _ = writeln!(out, "| page | first result painted, median (min-max) ms | x empty page (median) | budget |");
    let _ = writeln!(out, "|---|---|---|---|");
    let empty = stats::summarize(reference);
    let cell = |s: Option<Summary>| s.map_or("?".into(), |s| format!("{:.1} ({:.1}-{:.1})", s.median, s.min, s.max));
    let _ = writeln!(out, "| empty page (first contentful paint) | {} | 1.0 | |", cell(empty));
    let budgets = ["<= 1.5x", "<= 2.5x", "<= 1.5x"];
    for ((_, label), (runs, budget)) in PAGES.iter().zip(loads.iter().zip(budgets)) {
        let painted = stats::summarize(&runs.iter().map(|l| l.painted_ms).collect::<Vec<_>>());
        let ratio = match (painted, empty) {
            (Some(p), Some(e)) if e.median > 0.0 => format!("{:.1}x", p.median / e.median),
            _ => "?".into(),
        };
        let _ = writeln!(out, "| {label} | {} | {ratio} | {budget} |", cell(painted));
    }
    let interactive = stats::summarize(&loads[1].iter().map(|l| l.interactive_ms).collect::<Vec<_>>());
    let urls: Vec<String> = loads[1].iter().flat_map(|l| l.resources.iter().cloned()).collect();
    let fetched = downloads::fetched(PLAIN_PAGE, base_url, &urls);
    let (sizes, _) = downloads::total(files, &fetched);
    let names: Vec<&str> = fetched.names.iter().map(String::as_str).collect();
    let _ = writeln!(
        out,
        "\nThe plain embed is interactive (its first wasm module started) at {} ms; it downloads {:.1} KiB gzip ({:.1} KiB \
         brotli) to get there: {} (budget <= 250 KB gzip).\n",
        cell(interactive),
        sizes.gzip as f64 / 1024.0,
        sizes.brotli as f64 / 1024.0,
        names.join(", ")
    );
    // The widget's second wasm module (charts, team, tables ...): fetched after the first frame.
    if let Some(rest) = files.iter().find(|file| file.name.starts_with("sizer-widget-rest-")) {
        let _ = writeln!(
            out,
            "Not counted: the widget's second wasm module, `{}` ({:.1} KiB gzip, {:.1} KiB brotli), which the \
             instance fetches after its first frame.\n",
            rest.name,
            rest.sizes.gzip as f64 / 1024.0,
            rest.sizes.brotli as f64 / 1024.0
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_plain_page_takes_the_wasm_preload_and_the_prerendered_one_the_script_alone() {
        let dist = std::env::temp_dir().join(format!("sizer-bench-pages-{}", std::process::id()));
        std::fs::create_dir_all(&dist).unwrap();
        let embed = "<html><head>\n<link rel=\"preload\" href=\"./sizer-widget-aa_bg.wasm\" as=\"fetch\">\n\
                     <script type=\"module\" src=\"./sizer-widget-bb.js\"></script>\n</head><body>\
                     <spark-sizer floor=\"15\"><template shadowrootmode=\"open\">x</template></spark-sizer></body></html>";
        std::fs::write(dist.join("embed.html"), embed).unwrap();
        write_pages(&dist).unwrap();
        let plain = std::fs::read_to_string(dist.join(PLAIN_PAGE)).unwrap();
        let prerendered = std::fs::read_to_string(dist.join(PRERENDERED_PAGE)).unwrap();
        std::fs::remove_dir_all(&dist).unwrap();
        assert!(plain.contains(
            "<link rel=\"preload\" href=\"./sizer-widget-aa_bg.wasm\" as=\"fetch\">\
             <script type=\"module\" src=\"./sizer-widget-bb.js\"></script></head>"
        ));
        assert!(plain.contains("<spark-sizer usage=\"chat\" floor=\"15\"></spark-sizer>"));
        assert!(!prerendered.contains("preload"));
        assert!(prerendered.contains("<script type=\"module\" src=\"./sizer-widget-bb.js\"></script></head>"));
        assert!(prerendered.contains("<template shadowrootmode=\"open\">x</template>"));
    }

    #[test]
    fn a_load_needs_its_paint_and_start_times() {
        let seen = json!({ "found": 40.0, "painted": 56.5, "interactive": 300.0, "fcp": 30.0, "resources": ["a"] });
        let load = load_from(&seen).unwrap();
        assert_eq!((load.painted_ms, load.interactive_ms, load.resources.len()), (56.5, 300.0, 1));
        assert!(load_from(&json!({ "painted": 56.5 })).unwrap_err().contains("interactive"));
        assert!(load_from(&json!({ "error": "late" })).unwrap_err().starts_with("late"));
    }
}
