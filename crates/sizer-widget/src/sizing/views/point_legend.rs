//! The charts' legend lines for points that are not like the rest of their run: measured with
//! their own workload (GPUwerk's 1-request points: 128 in / 512 out inside a 512 in / 256 out
//! run) or taken from their own source (kubis.ai's copy of the forum sweep). One line per
//! workload or source, for the chosen run and each overlay; nothing when every point is like
//! its run.

use sizer_data::{Run, Workload};
use yew::prelude::*;

use crate::i18n::Lang;
use crate::i18n::labels::run_label;
use crate::i18n::provenance::{legend_point_sources, legend_point_workloads};
use crate::sizing::run_ref::RunRef;
use crate::sizing::views::tables::provenance::workload_text;

/// Props of [`PointLegend`].
#[derive(Properties, PartialEq, Clone)]
pub struct PointLegendProps {
    /// The chosen run, then the overlays, as drawn.
    pub runs: Vec<RunRef>,
    /// Display language.
    pub lang: Lang,
}

/// "1, 2, 4" for the concurrencies of `points`.
fn levels(points: &[u32]) -> String {
    points.iter().map(u32::to_string).collect::<Vec<_>>().join(", ")
}

/// The legend lines of one run: (kind, text).
pub fn point_lines(run: &Run, lang: Lang) -> Vec<(&'static str, String)> {
    let mut lines = Vec::new();
    let mut workloads: Vec<(&Workload, Vec<u32>)> = Vec::new();
    for point in &run.points {
        if let Some(load) = &point.workload {
            match workloads.iter_mut().find(|(known, _)| *known == load) {
                Some((_, levels)) => levels.push(point.concurrency),
                None => workloads.push((load, vec![point.concurrency])),
            }
        }
    }
    for (load, points) in workloads {
        lines.push(("workload", legend_point_workloads(lang, &levels(&points), &workload_text(lang, load))));
    }
    let mut sources: Vec<(&str, Vec<u32>)> = Vec::new();
    for point in run.points.iter().filter(|p| run.source_of(p) != run.source) {
        let id = run.source_of(point);
        match sources.iter_mut().find(|(known, _)| *known == id) {
            Some((_, levels)) => levels.push(point.concurrency),
            None => sources.push((id, vec![point.concurrency])),
        }
    }
    for (id, points) in sources {
        let publisher = sizer_data::dataset().source(id).map_or_else(|| id.to_owned(), |s| s.publisher.clone());
        lines.push(("source", legend_point_sources(lang, &levels(&points), &publisher)));
    }
    lines
}

/// The lines for every run drawn (nothing when no point differs from its run).
#[component]
pub fn PointLegend(props: &PointLegendProps) -> Html {
    let lang = props.lang;
    let runs: Vec<(&RunRef, Vec<(&'static str, String)>)> =
        props.runs.iter().map(|run| (run, point_lines(run, lang))).filter(|(_, lines)| !lines.is_empty()).collect();
    if runs.is_empty() {
        return html! {};
    }
    html! {
        <ul class="ss-chart-legend ss-point-legend" data-point-legend="">
            for (run, lines) in runs {
                for (kind, line) in lines {
                    <li data-run={run.id.clone()} data-point-legend-kind={kind}>
                        { run_label(lang, run).to_owned() }{ " — " }{ line }
                    </li>
                }
            }
        </ul>
    }
}
