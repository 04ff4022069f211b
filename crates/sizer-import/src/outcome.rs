//! The result of an import: validated runs, warnings, and whether the user still has to supply
//! a concurrency the input did not record.

use crate::formats::Format;
use crate::formats::parsed::{Figures, ParsedRun};
use crate::input::error::ImportError;
use crate::input::limits::{MAX_IMPORT_CONCURRENCY, MAX_LABEL_CHARS, MAX_POINTS_PER_RUN, MAX_RUNS};
use crate::input::text::cap_chars;
use crate::input::warning::ImportWarning;
use serde::{Deserialize, Serialize};
use sizer_data::CurveBasis;

/// A successful import: one or more runs (one per curve) and remarks on them.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Import {
    /// The format that was recognised.
    pub format: Format,
    /// The runs, in input order.
    pub runs: Vec<ParsedRun>,
    /// Non-fatal remarks, in input order.
    pub warnings: Vec<ImportWarning>,
    /// What the input says about the setup it was measured on (`setup.rs`); every run of the
    /// import gets it ([`Import::to_runs`]).
    #[serde(default)]
    pub setup: sizer_data::YourSetup,
}

/// Whether an import can be used as is.
#[derive(Debug, Clone, PartialEq)]
pub enum Outcome {
    /// Every point has a concurrency: the runs are ready to size with.
    Ready,
    /// Some points lack a concurrency (e.g. vLLM `max_concurrency: null`): ask the user for
    /// each and complete them with [`Import::with_concurrency`]. Nothing is guessed.
    NeedsConcurrency(Vec<MissingConcurrency>),
}

/// A point whose concurrency the input did not record, with the figures it did record.
#[derive(Debug, Clone, PartialEq)]
pub struct MissingConcurrency {
    /// Index into [`Import::runs`].
    pub run: usize,
    /// Index into that run's points.
    pub point: usize,
    /// The run's label.
    pub run_label: String,
    /// Line of the point in the input.
    pub line: Option<usize>,
    /// Configured request rate (req/s) of that run, when finite.
    pub request_rate: Option<f64>,
    /// What the point measured.
    pub figures: Figures,
    /// A hint for the user, never applied: mean requests in flight by Little's law
    /// ([`crate::ParsedPoint::mean_in_flight`]).
    pub mean_in_flight: Option<f64>,
    /// A hint for the user: the most requests the tool saw in flight at once.
    pub peak_concurrent_requests: Option<f64>,
    /// A hint for the user: the mean requests in flight as the tool itself measured it
    /// (GuideLLM `request_concurrency`, SGLang `concurrency`).
    pub measured_mean_concurrency: Option<f64>,
}

impl Import {
    /// Whether the import is ready or needs concurrencies from the user.
    pub fn outcome(&self) -> Outcome {
        let missing: Vec<MissingConcurrency> = self
            .runs
            .iter()
            .enumerate()
            .flat_map(|(run_index, run)| {
                run.points.iter().enumerate().filter(|(_, point)| point.concurrency.is_none()).map(
                    move |(point_index, point)| MissingConcurrency {
                        run: run_index,
                        point: point_index,
                        run_label: run.label.clone(),
                        line: point.line,
                        request_rate: run.workload.request_rate,
                        figures: point.figures,
                        mean_in_flight: point.mean_in_flight(run.workload.output_tokens),
                        peak_concurrent_requests: point.figures.peak_concurrent_requests,
                        measured_mean_concurrency: point.figures.measured_mean_concurrency,
                    },
                )
            })
            .collect();
        if missing.is_empty() { Outcome::Ready } else { Outcome::NeedsConcurrency(missing) }
    }

    /// Completes one point with a concurrency the user typed in; the run is re-sorted and
    /// re-checked (positive, plausible, no duplicate). Indices are those of
    /// [`MissingConcurrency`]; after the call, point indices of that run may change, so call
    /// [`Import::outcome`] again for the next one.
    pub fn with_concurrency(mut self, run: usize, point: usize, concurrency: f64) -> Result<Import, ImportError> {
        let target = self
            .runs
            .get_mut(run)
            .and_then(|r| r.points.get_mut(point))
            .ok_or(ImportError::NoSuchPoint { run, point })?;
        check_concurrency(concurrency, target.line)?;
        target.concurrency = Some(concurrency);
        target.concurrency_from_user = true;
        if let Some(r) = self.runs.get_mut(run) {
            settle_run(r)?;
        }
        Ok(self)
    }

    /// The number of measured points over all runs.
    pub fn point_count(&self) -> usize {
        self.runs.iter().map(|run| run.points.len()).sum()
    }
}

/// Validates parsed runs and assembles the import: empty runs dropped, limits enforced, points
/// sorted, duplicate concurrencies refused, the curve's basis settled, labels made unique.
pub(crate) fn finish(
    format: Format,
    runs: Vec<ParsedRun>,
    mut warnings: Vec<ImportWarning>,
) -> Result<Import, ImportError> {
    let mut runs: Vec<ParsedRun> = runs.into_iter().filter(|run| !run.points.is_empty()).collect();
    if runs.is_empty() {
        return Err(ImportError::NoPoints);
    }
    if runs.len() > MAX_RUNS {
        return Err(ImportError::TooMany { what: "runs", limit: MAX_RUNS });
    }
    for run in &mut runs {
        if run.points.len() > MAX_POINTS_PER_RUN {
            return Err(ImportError::TooMany { what: "points in one run", limit: MAX_POINTS_PER_RUN });
        }
        for point in &run.points {
            if let Some(concurrency) = point.concurrency {
                check_concurrency(concurrency, point.line)?;
            }
        }
        settle_run(run)?;
        let unknown = run.points.iter().filter(|point| point.concurrency.is_none()).count();
        if unknown > 0 {
            warnings.push(ImportWarning::ConcurrencyUnknown { run: run.label.clone(), points: unknown });
        }
    }
    make_labels_unique(&mut runs);
    Ok(Import { format, runs, warnings: said_once(warnings), setup: sizer_data::YourSetup::default() })
}

fn check_concurrency(concurrency: f64, line: Option<usize>) -> Result<(), ImportError> {
    if !(concurrency.is_finite() && concurrency > 0.0) {
        return Err(ImportError::NotPositive { line, key: "concurrency".to_owned(), value: concurrency });
    }
    if concurrency > MAX_IMPORT_CONCURRENCY {
        return Err(ImportError::ConcurrencyTooLarge { line, value: concurrency });
    }
    if concurrency.fract() != 0.0 {
        return Err(ImportError::NotWhole { line, value: concurrency });
    }
    Ok(())
}

/// Sorts by concurrency (unknown last), refuses duplicates, settles basis and alternative, and
/// checks every known point yields a positive finite speed.
fn settle_run(run: &mut ParsedRun) -> Result<(), ImportError> {
    run.points.sort_by(|a, b| match (a.concurrency, b.concurrency) {
        (Some(x), Some(y)) => x.total_cmp(&y),
        (Some(_), None) => core::cmp::Ordering::Less,
        (None, Some(_)) => core::cmp::Ordering::Greater,
        (None, None) => core::cmp::Ordering::Equal,
    });
    for pair in run.points.windows(2) {
        if let [a, b] = pair
            && let (Some(x), Some(y)) = (a.concurrency, b.concurrency)
            && x == y
        {
            return Err(ImportError::DuplicateConcurrency {
                run: run.label.clone(),
                concurrency: x,
                first_line: a.line.min(b.line),
                second_line: a.line.max(b.line),
            });
        }
    }
    let candidates = [Some(run.basis), run.alternative];
    let supported = |basis: CurveBasis| run.points.iter().all(|point| point.supports(basis));
    let chosen = candidates.into_iter().flatten().find(|basis| supported(*basis));
    let Some(basis) = chosen else {
        let line = run.points.iter().find(|point| !point.supports(run.basis)).and_then(|point| point.line);
        return Err(ImportError::MissingKey {
            line,
            key: crate::formats::basis_source::key(run.basis, run.format).to_owned(),
        });
    };
    let alternative = candidates.into_iter().flatten().find(|other| *other != basis && supported(*other));
    run.basis = basis;
    run.alternative = alternative;
    for point in &run.points {
        if point.concurrency.is_some() && point.speed(basis).is_none() {
            return Err(ImportError::NotPositive {
                line: point.line,
                key: format!("per-request speed ({})", crate::formats::basis_source::formula(basis, run.format)),
                value: f64::NAN,
            });
        }
    }
    Ok(())
}

/// Each distinct warning once, in order of first appearance; one repeated (the same remark for
/// five dropped files) is said once with its count.
fn said_once(warnings: Vec<ImportWarning>) -> Vec<ImportWarning> {
    let mut distinct: Vec<(ImportWarning, usize)> = Vec::new();
    for warning in warnings {
        // Kept one per run: the panel answers them run by run.
        if matches!(warning, ImportWarning::ConcurrencyUnknown { .. }) {
            distinct.push((warning, 1));
            continue;
        }
        match distinct.iter_mut().find(|(seen, _)| *seen == warning) {
            Some((_, count)) => *count += 1,
            None => distinct.push((warning, 1)),
        }
    }
    distinct
        .into_iter()
        .map(
            |(warning, times)| {
                if times > 1 { ImportWarning::Repeated { warning: Box::new(warning), times } } else { warning }
            },
        )
        .collect()
}

/// Appends " (2)", " (3)" … to repeated labels so every run can be told apart.
fn make_labels_unique(runs: &mut [ParsedRun]) {
    let mut seen: Vec<String> = Vec::new();
    for run in runs.iter_mut() {
        let base = run.label.clone();
        let mut candidate = base.clone();
        let mut n = 2;
        while seen.contains(&candidate) {
            let suffix = format!(" ({n})");
            let room = MAX_LABEL_CHARS.saturating_sub(suffix.chars().count());
            candidate = format!("{}{suffix}", cap_chars(&base, room));
            n += 1;
        }
        run.label = candidate.clone();
        seen.push(candidate);
    }
}
