//! The benchmark's report: a Markdown section (printed, and written into `BENCHMARKS.md`
//! between two marker comments, so the hand-written parts of that file stay as they are).
use crate::budget::{self, verdict};
use crate::core_bench::{CoreResult, human_ns};
use crate::downloads::{DistFile, Fetched, total};
use crate::stats::Summary;
use std::fmt::Write;
use xtask::sizes::Sizes;

pub const BEGIN_MARKER: &str = "<!-- bench:begin (written by `cargo xtask bench`; edit outside the markers) -->";
pub const END_MARKER: &str = "<!-- bench:end -->";

/// Where and how the figures were taken.
#[derive(Debug, Clone)]
pub struct Setting {
    pub date: String,
    pub cpus: usize,
    pub cpu_model: String,
    pub browser: String,
    pub command: String,
    pub runs: usize,
    pub warm_up_runs: usize,
    pub inputs_per_run: usize,
    /// The 1-minute load average before and after the page runs.
    pub load_average: (Option<f64>, Option<f64>),
}

/// The page's timings over all runs (ms).
#[derive(Debug, Clone)]
pub struct PageTimings {
    /// First contentful paint of a one-paragraph page, in its own fresh context, each run.
    pub reference_first_paint: Summary,
    pub first_contentful_paint: Summary,
    pub result_in_dom: Summary,
    pub result_frame: Summary,
    pub result_painted: Summary,
    /// True when every run's paint time came from Element Timing.
    pub painted_by_element_timing: bool,
    pub document_downloaded: Option<Summary>,
    pub wasm_downloaded: Option<Summary>,
    pub widget_started: Option<Summary>,
    pub input_to_update: Option<Summary>,
    pub input_to_result: Option<Summary>,
    pub input_to_next_frame: Option<Summary>,
    /// Team head count typed -> ranking table changed, and how many of those inputs the next
    /// frame already showed.
    pub input_to_ranking: Option<Summary>,
    pub ranking_in_next_frame: (usize, usize),
    /// Inputs whose next frame already had the new result and chart, of all inputs.
    pub inputs_in_next_frame: (usize, usize),
    pub chart_on_page: bool,
    pub first_result_text: String,
    /// "Another seed" to the new simulation's chart, and to its sweep done.
    pub sim_click_to_chart: Option<Summary>,
    pub sim_click_to_sweep: Option<Summary>,
    /// What the first simulation covered (users, requests, seed), as the page said it.
    pub sim_scope: Option<String>,
}

pub struct Report {
    pub setting: Setting,
    pub files: Vec<DistFile>,
    pub before_first_result: Fetched,
    pub loaded: Fetched,
    pub page: PageTimings,
    pub core: Result<Vec<CoreResult>, String>,
}

fn kb(bytes: usize) -> String {
    format!("{:.1} KB", bytes as f64 / 1000.0)
}

fn ms(value: f64) -> String {
    format!("{value:.1} ms")
}

fn timing_row(out: &mut String, what: &str, summary: &Summary) {
    let _ = writeln!(
        out,
        "| {what} | {} | {} | {} | {} |",
        ms(summary.median),
        ms(summary.min),
        ms(summary.max),
        summary.count
    );
}

impl Report {
    /// Everything the standalone page downloads (through its first interaction) and what of it
    /// came before the first result was painted.
    pub fn download_totals(&self) -> (Sizes, Sizes) {
        (total(&self.files, &self.loaded).0, total(&self.files, &self.before_first_result).0)
    }

    /// The Markdown section, markers included.
    pub fn markdown(&self) -> String {
        let mut out = String::new();
        let s = &self.setting;
        let _ = writeln!(out, "{BEGIN_MARKER}");
        let _ = writeln!(out, "## Latest run: {}\n", s.date);
        let _ = writeln!(out, "- Command: `{}`", s.command);
        let _ = writeln!(out, "- Machine: {} CPUs (`nproc`), {} (`/proc/cpuinfo`)", s.cpus, s.cpu_model);
        let _ =
            writeln!(out, "- Browser: {}, headless, page served from 127.0.0.1 by xtask's static server", s.browser);
        let load = |l: Option<f64>| l.map_or("?".to_string(), |l| format!("{l:.1}"));
        let _ = writeln!(
            out,
            "- Load average (1 min) before / after the page runs: {} / {} on {} CPUs: timings grow with it; \
             the empty page's paint in the same runs is the yardstick",
            load(s.load_average.0),
            load(s.load_average.1),
            s.cpus
        );
        let _ = writeln!(
            out,
            "- Runs: {} measured after {} warm-up, each in a fresh browser context (new Chromium, empty profile); \
             {} input changes per run after one warm-up change\n",
            s.runs, s.warm_up_runs, s.inputs_per_run
        );
        self.budget_table(&mut out);
        self.download_table(&mut out);
        self.timing_table(&mut out);
        self.core_table(&mut out);
        let _ = writeln!(out, "{END_MARKER}");
        out
    }

    fn budget_table(&self, out: &mut String) {
        let (loaded, before) = self.download_totals();
        let p = &self.page;
        let _ = writeln!(out, "### Budgets\n");
        let _ = writeln!(out, "| budget | measured | verdict |\n|---|---|---|");
        // The download budget counts what the page downloads before its first result; the whole
        // download (the wasm that makes the page interactive included) is printed beside it.
        let _ = writeln!(
            out,
            "| everything the standalone page downloads before its first result <= {} gzip | {} gzip ({} brotli) | {} |",
            kb(budget::DOWNLOAD_GZIP_BYTES),
            kb(before.gzip),
            kb(before.brotli),
            verdict(before.gzip <= budget::DOWNLOAD_GZIP_BYTES)
        );
        let _ = writeln!(
            out,
            "| stretch: before its first result <= {} gzip | {} gzip | {} |",
            kb(budget::DOWNLOAD_GZIP_STRETCH_BYTES),
            kb(before.gzip),
            verdict(before.gzip <= budget::DOWNLOAD_GZIP_STRETCH_BYTES)
        );
        let _ = writeln!(
            out,
            "| for comparison, not a budget line: everything it downloads to be interactive (wasm included) | {} gzip ({} brotli): {:.1} x {} | {} |",
            kb(loaded.gzip),
            kb(loaded.brotli),
            loaded.gzip as f64 / budget::DOWNLOAD_GZIP_BYTES as f64,
            kb(budget::DOWNLOAD_GZIP_BYTES),
            if loaded.gzip <= budget::DOWNLOAD_GZIP_BYTES { "within" } else { "over" }
        );
        let _ = writeln!(
            out,
            "| first result painted <= {} median | {} median (an empty page: {}) | {} |",
            ms(budget::FIRST_RESULT_MS),
            ms(p.result_painted.median),
            ms(p.reference_first_paint.median),
            verdict(p.result_painted.median <= budget::FIRST_RESULT_MS)
        );
        match &p.input_to_update {
            Some(update) => {
                let _ = writeln!(
                    out,
                    "| input -> new result and redrawn chart <= {} median | {} median{} | {} |",
                    ms(budget::INPUT_TO_UPDATE_MS),
                    ms(update.median),
                    if p.chart_on_page { "" } else { " (no chart on the page: result only)" },
                    verdict(update.median <= budget::INPUT_TO_UPDATE_MS)
                );
            }
            None => {
                let _ = writeln!(
                    out,
                    "| input -> new result and redrawn chart <= {} median | not measured (--inputs 0) | - |",
                    ms(budget::INPUT_TO_UPDATE_MS)
                );
            }
        }
        if let Some(ranking) = &p.input_to_ranking {
            let _ = writeln!(
                out,
                "| team input -> updated ranking table <= {} median | {} median | {} |",
                ms(budget::INPUT_TO_RANKING_MS),
                ms(ranking.median),
                verdict(ranking.median <= budget::INPUT_TO_RANKING_MS)
            );
        }
        if let Some(chart) = &p.sim_click_to_chart {
            let _ = writeln!(
                out,
                "| 20,000 simulated requests, click to chart <= {} median | {} median | {} |",
                ms(budget::SIM_CLICK_TO_CHART_MS),
                ms(chart.median),
                verdict(chart.median <= budget::SIM_CLICK_TO_CHART_MS)
            );
        }
        match &self.core {
            Ok(core) => {
                for result in core {
                    if let (Some(budget_ns), Some(met)) = (result.budget_ns, result.meets_budget()) {
                        let _ = writeln!(
                            out,
                            "| core: {} <= {} | {} ({}) | {} |",
                            result.name,
                            human_ns(budget_ns),
                            human_ns(result.median_ns),
                            result.clock,
                            verdict(met)
                        );
                    }
                }
            }
            Err(error) => {
                let _ = writeln!(out, "| core budgets | not measured: {} | - |", error.replace('\n', " "));
            }
        }
        let _ = writeln!(out, "\nKB = 1,000 bytes. Budgets are judged on medians; no test asserts a timing.\n");
    }

    fn download_table(&self, out: &mut String) {
        let (loaded, before) = self.download_totals();
        let _ = writeln!(out, "### Downloads\n");
        let _ = writeln!(
            out,
            "Every file in `dist/`, compressed as a server would send it (gzip -9; brotli quality 11, \
             window 22). \"Before result\": responses complete (Resource Timing `responseEnd`) when the first result was painted; \"loaded\": \
             fetched by the standalone page by the end of a run (after its input changes).\n"
        );
        let _ = writeln!(out, "| file | raw | gzip | brotli | before result | loaded |\n|---|---:|---:|---:|:-:|:-:|");
        let mark = |set: &Fetched, name: &str| if set.names.contains(name) { "yes" } else { "" };
        for file in &self.files {
            let _ = writeln!(
                out,
                "| `{}` | {} | {} | {} | {} | {} |",
                file.name,
                kb(file.sizes.raw),
                kb(file.sizes.gzip),
                kb(file.sizes.brotli),
                mark(&self.before_first_result, &file.name),
                mark(&self.loaded, &file.name)
            );
        }
        let _ = writeln!(
            out,
            "| **before the first result** | {} | {} | {} | | |",
            kb(before.raw),
            kb(before.gzip),
            kb(before.brotli)
        );
        let _ = writeln!(
            out,
            "| **everything the page loads** | {} | {} | {} | | |",
            kb(loaded.raw),
            kb(loaded.gzip),
            kb(loaded.brotli)
        );
        let missing = total(&self.files, &self.loaded).1;
        if !missing.is_empty() {
            let _ = writeln!(
                out,
                "\nRequested but not in `dist/` (answered 404, no bytes counted): `{}`.",
                missing.join("`, `")
            );
        }
        let others = &self.loaded.other_hosts;
        let _ = writeln!(
            out,
            "\nRequests to other hosts: {}.\n",
            if others.is_empty() { "none".to_string() } else { others.iter().cloned().collect::<Vec<_>>().join(", ") }
        );
    }

    fn timing_table(&self, out: &mut String) {
        let p = &self.page;
        let _ = writeln!(out, "### Page timings\n");
        let _ = writeln!(
            out,
            "Milliseconds in the page's own clock (`performance.now()`, zero at navigation start). \
             A MutationObserver installed before the page's scripts notes when `[data-result=\"people\"]` \
             has its text and `data-value` in the DOM, then the `requestAnimationFrame` after it (the \
             frame that will paint it). \"First result painted\" is {}; the first result read \"{}\".\n",
            if p.painted_by_element_timing {
                "when that frame was presented, from the Element Timing API (the probe gives the element an \
                 `elementtiming` name before its first paint; same clock as first contentful paint)"
            } else {
                "the later of that frame and the first contentful paint (Element Timing was not reported in \
                 every run)"
            },
            p.first_result_text
        );
        let _ = writeln!(out, "| after navigation | median | min | max | runs |\n|---|---:|---:|---:|---:|");
        timing_row(out, "empty page (reference): first contentful paint", &p.reference_first_paint);
        timing_row(out, "first contentful paint", &p.first_contentful_paint);
        timing_row(out, "first result in the DOM", &p.result_in_dom);
        timing_row(out, "first result's frame (`requestAnimationFrame`)", &p.result_frame);
        timing_row(out, "**first result painted**", &p.result_painted);
        if let Some(document) = &p.document_downloaded {
            timing_row(out, "HTML downloaded (responseEnd)", document);
        }
        if let Some(wasm) = &p.wasm_downloaded {
            timing_row(out, "wasm downloaded (responseEnd)", wasm);
        }
        if let Some(started) = &p.widget_started {
            timing_row(out, "widget started (`window.SparkSizer` set)", started);
        }
        if p.input_to_update.is_none() {
            let _ = writeln!(out, "\nInput changes were not measured (`--inputs 0`).\n");
            return;
        }
        let _ = writeln!(
            out,
            "\nInput: the floor field gets a new value and an `input` event inside a `requestAnimationFrame` \
             callback (where Chromium delivers real input), then the page is checked after each task until \
             the result{} changed. The first check runs after the frame the input arrived in has been \
             styled, laid out and painted, so the figure includes the browser's rendering of the update.\n",
            if p.chart_on_page { " and a canvas drawing call (the chart)" } else { "" }
        );
        let _ = writeln!(out, "| after the input event | median | min | max | inputs |\n|---|---:|---:|---:|---:|");
        for (what, summary) in [
            ("new result in the DOM", &p.input_to_result),
            ("**new result and redrawn chart**", &p.input_to_update),
            ("start of the next frame", &p.input_to_next_frame),
        ] {
            if let Some(summary) = summary {
                timing_row(out, what, summary);
            }
        }
        let (made, all) = p.inputs_in_next_frame;
        let _ = writeln!(out, "\nThe next frame already showed the update for {made} of {all} inputs.\n");
        if let Some(ranking) = &p.input_to_ranking {
            let (made, all) = p.ranking_in_next_frame;
            let _ = writeln!(
                out,
                "Team input: the team's head count (`[data-field=\"team_people\"]`, default 163) gets 40 and 400 \
                 in turn, the same way; the page is checked after each task until the text of the ranking table's \
                 body (`[data-table=\"team-ranking\"]`: every run planned for the team) changed.\n"
            );
            let _ = writeln!(out, "| after the input event | median | min | max | inputs |\n|---|---:|---:|---:|---:|");
            timing_row(out, "**updated ranking table**", ranking);
            let _ = writeln!(out, "\nThe next frame already showed it for {made} of {all} inputs.\n");
        }
        if let (Some(chart), Some(sweep)) = (&p.sim_click_to_chart, &p.sim_click_to_sweep) {
            let _ = writeln!(
                out,
                "Check by simulation: after the section has finished, \"Another seed\" is clicked inside a \
                 `requestAnimationFrame` callback; the page is checked after each task until the new seed's verdict \
                 is in the DOM and a canvas drawing call happened (the in-flight chart), then until the sweep of \
                 team sizes is done. What was simulated: {}\n",
                p.sim_scope.as_deref().unwrap_or("?")
            );
            let _ = writeln!(out, "| after the click | median | min | max | clicks |\n|---|---:|---:|---:|---:|");
            timing_row(out, "**verdict and in-flight chart**", chart);
            timing_row(out, "sweep of team sizes done", sweep);
            let _ = writeln!(out);
        }
    }

    fn core_table(&self, out: &mut String) {
        let _ = writeln!(out, "### Core (native, release)\n");
        let _ = writeln!(
            out,
            "From `{}`; the `predict` rows from `{}` (`cargo xtask bench` runs both).\n",
            crate::core_bench::COMMAND,
            crate::core_bench::PREDICT_COMMAND
        );
        match &self.core {
            Ok(core) => {
                let _ = writeln!(
                    out,
                    "| benchmark | median | min | max | clock | wall median | budget |\n|---|---:|---:|---:|---|---:|---|"
                );
                for r in core {
                    let budget = match (r.budget_ns, r.meets_budget()) {
                        (Some(b), Some(met)) => format!("<= {} ({})", human_ns(b), verdict(met)),
                        _ => "-".to_string(),
                    };
                    let _ = writeln!(
                        out,
                        "| {} | {} | {} | {} | {} | {} | {budget} |",
                        r.name,
                        human_ns(r.median_ns),
                        human_ns(r.min_ns),
                        human_ns(r.max_ns),
                        r.clock,
                        human_ns(r.wall_median_ns)
                    );
                }
                let _ = writeln!(out);
            }
            Err(error) => {
                let _ = writeln!(out, "Not measured: {error}\n");
            }
        }
    }
}

/// `existing` (the current `BENCHMARKS.md`, if any) with its marked section replaced by
/// `section`; a file without markers gets the section appended; no file gets a short header.
pub fn splice(existing: Option<&str>, section: &str) -> String {
    match existing {
        Some(text) => match (text.find(BEGIN_MARKER), text.find(END_MARKER)) {
            (Some(begin), Some(end)) if begin < end => {
                let after = &text[end + END_MARKER.len()..];
                format!("{}{}{}", &text[..begin], section.trim_end_matches('\n'), after)
            }
            _ => format!("{}\n\n{section}", text.trim_end()),
        },
        None => format!("# Benchmarks\n\nWritten by `cargo xtask bench`.\n\n{section}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splicing_replaces_only_the_marked_section() {
        let old = format!("# B\n\nintro\n\n{BEGIN_MARKER}\nold figures\n{END_MARKER}\n\n## Log\nkept\n");
        let new_section = format!("{BEGIN_MARKER}\nnew figures\n{END_MARKER}\n");
        let spliced = splice(Some(&old), &new_section);
        assert_eq!(spliced, format!("# B\n\nintro\n\n{BEGIN_MARKER}\nnew figures\n{END_MARKER}\n\n## Log\nkept\n"));
        assert_eq!(splice(Some(&spliced), &new_section), spliced);
    }

    #[test]
    fn a_file_without_markers_keeps_its_text_and_gets_the_section() {
        let section = format!("{BEGIN_MARKER}\nx\n{END_MARKER}\n");
        assert_eq!(splice(Some("# Mine\n"), &section), format!("# Mine\n\n{section}"));
        assert!(splice(None, &section).starts_with("# Benchmarks\n") && splice(None, &section).ends_with(&section));
    }
}
