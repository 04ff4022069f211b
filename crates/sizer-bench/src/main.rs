//! Page benchmark of the built `dist/`: what the standalone page downloads (every file's
//! raw, gzip and brotli size, and which of them the browser fetched), how soon it paints its first
//! result and how fast an input updates it, in headless Chromium with a fresh browser context per
//! run, plus the core's micro-benchmarks. Prints a Markdown report and writes it into
//! `BENCHMARKS.md`. Budgets are reported, never asserted.
//!
//! `cargo xtask bench` builds `dist/` and runs this; by hand: `cargo run -p sizer-bench -- dist`.
mod args;
mod budget;
mod core_bench;
mod downloads;
mod embed_bench;
mod machine;
mod page_run;
mod predict_page;
mod probes;
mod report;
mod session;
mod stats;

use args::{Args, CoreSource};
use page_run::{RunSample, measure_run};
use report::{PageTimings, Report, Setting};
use std::process::ExitCode;
use xtask::chromedriver::Chromedriver;
use xtask::static_server::StaticServer;

/// Page loads before the measured ones, not counted (the OS file cache, chromedriver start-up).
const WARM_UP_RUNS: usize = 1;

fn main() -> ExitCode {
    let raw: Vec<String> = std::env::args().skip(1).collect();
    if raw.iter().any(|a| a == "-h" || a == "--help") {
        println!("{}", args::USAGE);
        return ExitCode::SUCCESS;
    }
    let args = match args::parse(&raw) {
        Ok(args) => args,
        Err(error) => {
            eprintln!("sizer-bench: {error}\n\n{}", args::USAGE);
            return ExitCode::FAILURE;
        }
    };
    match benchmark(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("sizer-bench: {error}");
            ExitCode::FAILURE
        }
    }
}

fn benchmark(args: &Args) -> Result<(), String> {
    let index = args.dist.join("index.html");
    if !index.is_file() {
        return Err(format!("{} is missing: build dist/ first (`cargo xtask dist`)", index.display()));
    }
    let written = embed_bench::write_pages(&args.dist)?;
    let outcome = benchmark_pages(args);
    for name in written {
        let _ = std::fs::remove_file(args.dist.join(name));
    }
    outcome
}

fn benchmark_pages(args: &Args) -> Result<(), String> {
    let files = downloads::dist_files(&args.dist)?;
    let server = StaticServer::bind(&args.dist, 0).map_err(|e| format!("cannot serve {}: {e}", args.dist.display()))?;
    let base_url = server.url().map_err(|e| e.to_string())?;
    server.spawn();

    let reference_url = serve_reference_page()?;

    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("no async runtime: {e}"))?;
    let load_before = machine::load_average();
    let (samples, reference_fcps, embeds, predict) = runtime.block_on(page_runs(args, &base_url, &reference_url))?;
    let load_after = machine::load_average();

    let core = match &args.core {
        CoreSource::Skip => Err("left out (--no-core)".to_string()),
        CoreSource::File(path) => std::fs::read_to_string(path)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))
            .and_then(|text| core_bench::parse(&text)),
        CoreSource::Run => {
            eprintln!("sizer-bench: {}", core_bench::COMMAND);
            core_bench::run(&xtask::paths::workspace_root())
        }
    };

    // The embed pages are the benchmark's own: they count for the embed section only.
    let files_for_embeds = files.clone();
    let files = files.into_iter().filter(|f| !written_here(&f.name)).collect();
    let mut report = build_report(args, &base_url, files, &samples, &reference_fcps, core)?;
    report.setting.load_average = (load_before, load_after);
    let embed_section = embed_bench::markdown(&reference_fcps, &embeds, &files_for_embeds, &base_url, &args.command);
    let predict_section = predict_page::markdown(&predict);
    let markdown = report
        .markdown()
        .replace(report::END_MARKER, &format!("{embed_section}{predict_section}{}", report::END_MARKER));
    println!("{markdown}");
    if let Some(path) = &args.write {
        let existing = std::fs::read_to_string(path).ok();
        let text = report::splice(existing.as_deref(), &markdown);
        std::fs::write(path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        eprintln!("sizer-bench: wrote {}", path.display());
    }
    Ok(())
}

/// Whether `name` is one of the pages [`embed_bench::write_pages`] adds to `dist/`.
fn written_here(name: &str) -> bool {
    [embed_bench::PLAIN_PAGE, embed_bench::PRERENDERED_PAGE].contains(&name)
}

/// Serves the reference page (one paragraph) from its own directory; returns its URL.
fn serve_reference_page() -> Result<String, String> {
    let dir = std::env::temp_dir().join(format!("sizer-bench-reference-{}", std::process::id()));
    std::fs::create_dir_all(&dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    std::fs::write(dir.join("index.html"), probes::REFERENCE_PAGE)
        .map_err(|e| format!("cannot write the reference page: {e}"))?;
    let server = StaticServer::bind(&dir, 0).map_err(|e| format!("cannot serve the reference page: {e}"))?;
    let url = server.url().map_err(|e| e.to_string())?;
    server.spawn();
    Ok(url)
}

/// The embed pages' loads per run, in the order of [`embed_bench::PAGES`].
type EmbedLoads = [Vec<embed_bench::EmbedLoad>; 3];

/// The warm-up, then `args.runs` measured runs; each run loads the reference page, the
/// standalone page and the embed pages ([`embed_bench::PAGES`]), each in its own fresh browser
/// context; then one more context times `SparkSizer.predict`. Returns the page samples, the
/// reference page's first contentful paints, the embed loads and the predict timings.
async fn page_runs(
    args: &Args,
    base_url: &str,
    reference_url: &str,
) -> Result<(Vec<RunSample>, Vec<f64>, EmbedLoads, Result<predict_page::PredictTimings, String>), String> {
    let driver = Chromedriver::start()?;
    let profile = std::env::temp_dir().join(format!("sizer-bench-profile-{}", std::process::id()));
    let mut samples = Vec::with_capacity(args.runs);
    let mut reference_fcps = Vec::with_capacity(args.runs);
    let mut embeds: EmbedLoads = Default::default();
    for run in 0..WARM_UP_RUNS + args.runs {
        let label = if run < WARM_UP_RUNS {
            "warm-up".to_string()
        } else {
            format!("run {}/{}", run + 1 - WARM_UP_RUNS, args.runs)
        };
        let reference = page_run::measure_reference(&driver.url(), &profile, reference_url)
            .await
            .map_err(|e| format!("{label}, reference page: {e}"))?;
        let sample =
            measure_run(&driver.url(), &profile, base_url, args.inputs).await.map_err(|e| format!("{label}: {e}"))?;
        let update = stats::summarize(&sample.inputs.iter().map(|i| i.update_ms).collect::<Vec<_>>());
        let ranking = stats::summarize(&sample.ranking_inputs.iter().map(|r| r.table_ms).collect::<Vec<_>>());
        eprintln!(
            "sizer-bench: {label}: empty page painted {reference:.1} ms; first contentful paint {:.1} ms, \
             first result painted {:.1} ms, input -> update median {:.2} ms, team input -> ranking median {:.2} ms",
            sample.load.first_contentful_paint_ms,
            sample.load.painted_ms(),
            update.map_or(f64::NAN, |u| u.median),
            ranking.map_or(f64::NAN, |r| r.median)
        );
        let mut embed_loads = Vec::with_capacity(embed_bench::PAGES.len());
        for (page, what) in embed_bench::PAGES {
            let load = embed_bench::measure(&driver.url(), &profile, base_url, page)
                .await
                .map_err(|e| format!("{label}, {what}: {e}"))?;
            eprintln!("sizer-bench: {label}: {what}: first result painted {:.1} ms (frame timing)", load.painted_ms);
            embed_loads.push(load);
        }
        if run >= WARM_UP_RUNS {
            samples.push(sample);
            reference_fcps.push(reference);
            for (runs, load) in embeds.iter_mut().zip(embed_loads) {
                runs.push(load);
            }
        }
    }
    let predict = predict_page::measure(&driver.url(), &profile, base_url).await;
    match &predict {
        Ok(t) => eprintln!(
            "sizer-bench: SparkSizer.predict in the page: one call median {:.1} ms, six-rate sweep median {:.1} ms",
            t.single.median, t.sweep.median
        ),
        Err(error) => eprintln!("sizer-bench: SparkSizer.predict in the page not measured: {error}"),
    }
    Ok((samples, reference_fcps, embeds, predict))
}

fn build_report(
    args: &Args,
    base_url: &str,
    files: Vec<downloads::DistFile>,
    samples: &[RunSample],
    reference_fcps: &[f64],
    core: Result<Vec<core_bench::CoreResult>, String>,
) -> Result<Report, String> {
    let first = samples.first().ok_or("no measured run")?;
    let loads: Vec<_> = samples.iter().map(|s| &s.load).collect();
    let inputs: Vec<_> = samples.iter().flat_map(|s| &s.inputs).collect();
    let ranking: Vec<_> = samples.iter().flat_map(|s| &s.ranking_inputs).collect();
    let summary =
        |what: &str, values: Vec<f64>| stats::summarize(&values).ok_or_else(|| format!("no figures for {what}"));
    let optional = |values: Vec<Option<f64>>| {
        let values: Option<Vec<f64>> = values.into_iter().collect();
        values.and_then(|v| stats::summarize(&v))
    };
    let page = PageTimings {
        reference_first_paint: summary("the reference page", reference_fcps.to_vec())?,
        first_contentful_paint: summary(
            "first contentful paint",
            loads.iter().map(|l| l.first_contentful_paint_ms).collect(),
        )?,
        result_in_dom: summary("first result in the DOM", loads.iter().map(|l| l.result_in_dom_ms).collect())?,
        result_frame: summary("first result's frame", loads.iter().map(|l| l.result_frame_ms).collect())?,
        result_painted: summary("first result painted", loads.iter().map(|l| l.painted_ms()).collect())?,
        painted_by_element_timing: loads.iter().all(|l| l.result_rendered_ms.is_some()),
        document_downloaded: optional(loads.iter().map(|l| l.document_response_end_ms).collect()),
        wasm_downloaded: optional(loads.iter().map(|l| l.wasm_response_end_ms).collect()),
        widget_started: optional(loads.iter().map(|l| l.widget_started_ms).collect()),
        input_to_update: stats::summarize(&inputs.iter().map(|i| i.update_ms).collect::<Vec<_>>()),
        input_to_result: stats::summarize(&inputs.iter().map(|i| i.result_ms).collect::<Vec<_>>()),
        input_to_next_frame: stats::summarize(&inputs.iter().map(|i| i.next_frame_ms).collect::<Vec<_>>()),
        inputs_in_next_frame: (inputs.iter().filter(|i| i.made_next_frame).count(), inputs.len()),
        input_to_ranking: stats::summarize(&ranking.iter().map(|r| r.table_ms).collect::<Vec<_>>()),
        ranking_in_next_frame: (ranking.iter().filter(|r| r.made_next_frame).count(), ranking.len()),
        chart_on_page: !inputs.is_empty() && inputs.iter().all(|i| i.chart_ms.is_some()),
        first_result_text: first.load.result_text.clone(),
        sim_click_to_chart: stats::summarize(
            &samples.iter().flat_map(|s| &s.simulations).map(|s| s.chart_ms).collect::<Vec<_>>(),
        ),
        sim_click_to_sweep: stats::summarize(
            &samples.iter().flat_map(|s| &s.simulations).map(|s| s.sweep_ms).collect::<Vec<_>>(),
        ),
        sim_scope: first.simulations.first().map(|s| s.scope.clone()),
    };
    let union = |pick: &dyn Fn(&RunSample) -> &[String]| {
        let urls: Vec<String> = samples.iter().flat_map(|s| pick(s).iter().cloned()).collect();
        downloads::fetched("index.html", base_url, &urls)
    };
    let before_first_result = union(&|s| &s.load.resources_at_result);
    let loaded = union(&|s| &s.resources);
    let setting = Setting {
        date: machine::utc_date_today(),
        cpus: machine::cpu_count(),
        cpu_model: machine::cpu_model(),
        browser: browser_name(&first.load.browser),
        command: args.command.clone(),
        runs: samples.len(),
        warm_up_runs: WARM_UP_RUNS,
        inputs_per_run: args.inputs,
        load_average: (None, None),
    };
    Ok(Report { setting, files, before_first_result, loaded, page, core })
}

/// "Chromium 156.0.8078.108" from the session's "chrome 156.0.8078.108" or a (headless) Chrome
/// user agent (which newer versions reduce to "156.0.0.0").
fn browser_name(reported: &str) -> String {
    reported
        .strip_prefix("chrome ")
        .or_else(|| {
            reported
                .split_whitespace()
                .find_map(|t| t.strip_prefix("HeadlessChrome/").or_else(|| t.strip_prefix("Chrome/")))
        })
        .map_or_else(|| reported.to_string(), |version| format!("Chromium {version}"))
}

#[cfg(test)]
mod tests {
    use super::browser_name;

    #[test]
    fn names_the_browser_from_its_user_agent() {
        let agent = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/156.0.8078.108 Safari/537.36";
        assert_eq!(browser_name(agent), "Chromium 156.0.8078.108");
        assert_eq!(browser_name("chrome 156.0.8078.108"), "Chromium 156.0.8078.108");
        assert_eq!(browser_name("Other/1"), "Other/1");
    }
}
