//! A closed-loop workload: one prompt length, answer length and context depth measured at several
//! fixed concurrencies (llama-benchy: every request sent again as soon as it is answered).
//!
//! Lengths are the file's nominal ones (the test name `pp1024` / `tg1024`, the depth `@ dN`), not
//! measured token counts: in the arena, llama-benchy fell back to the `gpt2` tokenizer, so in the
//! model's own tokens the real prompt and answer lengths differ somewhat (the open-loop files count
//! the model's own tokens instead, [`crate::suite::LoadStep`]).

use super::error::{SuiteDataError, non_negative, not_empty, positive};
use core::ops::Deref;
use serde::Serialize;
use sizer_core::MAX_CONCURRENCY;

// The kind is the dataset's (a run's workloads carry it too); its reading from a test name is
// the suite's.
pub use crate::dataset::model::WorkloadKind;

impl WorkloadKind {
    /// The kind a suite test name stands for (`"02-rag-8k"`, `"05-big-context.md"`): matched on
    /// the words after the number, so `rag-8k` and `rag` are both RAG.
    pub fn from_test_name(name: &str) -> WorkloadKind {
        let name = name.to_ascii_lowercase();
        let words = name.trim_start_matches(|c: char| c.is_ascii_digit() || c == '-' || c == '_');
        let table = [
            ("chat", WorkloadKind::Chat),
            ("rag", WorkloadKind::Rag),
            ("long-output", WorkloadKind::LongOutput),
            ("multi-turn", WorkloadKind::MultiTurn),
            ("big-context", WorkloadKind::BigContext),
            ("concurrency-stress", WorkloadKind::ConcurrencyStress),
        ];
        table.iter().find(|(prefix, _)| words.starts_with(prefix)).map_or(WorkloadKind::Other, |(_, kind)| *kind)
    }
}

/// A measured figure and the spread the file gives beside it (llama-benchy's `± x`: the standard
/// deviation over its runs), when it gives one.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Measured {
    /// The mean.
    pub mean: f64,
    /// The `±` spread, in the figure's unit.
    pub spread: Option<f64>,
}

/// Where a point's figures were read: the file's lines and its test cells.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PointSource {
    /// 1-based line of the generation row (`tg1024 (c10)`).
    pub line: usize,
    /// That row's test cell as printed: the counter the speed figures came from.
    pub counter: String,
    /// 1-based line of the prompt row (`pp1024 (c10)`), when the file has one.
    pub prompt_line: Option<usize>,
    /// That row's test cell.
    pub prompt_counter: Option<String>,
}

/// One concurrency level of a workload.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct WorkloadPoint {
    /// Requests kept in flight.
    pub concurrency: f64,
    /// Generated tok/s per request (`t/s (req)` of the generation row).
    pub per_request_tok_s: Measured,
    /// Generated tok/s over all requests (`t/s (total)`), when given.
    pub total_tok_s: Option<Measured>,
    /// Prompt tok/s over all requests (`t/s (total)` of the prompt row), when given.
    pub prompt_tok_s: Option<Measured>,
    /// Prompt tok/s per request (`t/s (req)` of the prompt row), when given.
    pub prompt_tok_s_per_request: Option<Measured>,
    /// Time to first response in ms (`ttfr (ms)` of the prompt row; what vLLM calls TTFT).
    pub ttfr_ms: Option<Measured>,
    /// Where it was read.
    pub source: PointSource,
}

/// The plain fields of a workload, before validation.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct WorkloadFields {
    /// A readable name: the test name, with the prompt length where one file has several
    /// (`"05-big-context pp8192/tg256"`).
    pub name: String,
    /// What it stands for.
    pub kind: WorkloadKind,
    /// The file it came from.
    pub file: String,
    /// Nominal prompt tokens per request (`ppN`).
    pub prompt_tokens: f64,
    /// Nominal answer tokens per request (`tgN`).
    pub answer_tokens: f64,
    /// Context already held before the prompt, as llama-benchy's `@ dN` gives it (0 without one).
    /// llama-benchy's `--depth` counts tokens; the arena's `04-multi-turn` passes `--depth 4`, so
    /// its rows say `@ d4` although the suite's heading calls the test "5 turns".
    pub context_depth: f64,
    /// The measured points, sorted by concurrency.
    pub points: Vec<WorkloadPoint>,
}

/// A validated closed-loop workload (read its fields through `Deref`).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ClosedLoopWorkload(WorkloadFields);

impl ClosedLoopWorkload {
    /// Validates once: a name, positive finite lengths (depth may be 0), at least one point, each
    /// with a whole concurrency from 1 to [`MAX_CONCURRENCY`] and a positive speed, spreads and times not negative, no concurrency
    /// twice. Points are sorted by concurrency.
    pub fn new(mut fields: WorkloadFields) -> Result<ClosedLoopWorkload, SuiteDataError> {
        not_empty("the workload's name", &fields.name)?;
        let name = fields.name.clone();
        positive(&format!("{name}: prompt tokens"), fields.prompt_tokens)?;
        positive(&format!("{name}: answer tokens"), fields.answer_tokens)?;
        non_negative(&format!("{name}: context depth"), fields.context_depth)?;
        if fields.points.is_empty() {
            return Err(SuiteDataError::NoPoints { workload: name });
        }
        for point in &fields.points {
            let at = |what: &str| format!("line {}: {what}", point.source.line);
            positive(&at("concurrency"), point.concurrency)?;
            // Requests in flight come whole, and no more than the core's curves take.
            if point.concurrency.fract() != 0.0 || point.concurrency > MAX_CONCURRENCY {
                let (what, value, high) = (at("concurrency"), point.concurrency, MAX_CONCURRENCY);
                return Err(SuiteDataError::OutOfRange { what, value, low: 1.0, high });
            }
            measured(&at("t/s (req)"), Some(point.per_request_tok_s), true)?;
            measured(&at("t/s (total)"), point.total_tok_s, true)?;
            measured(&at("prompt t/s (total)"), point.prompt_tok_s, true)?;
            measured(&at("prompt t/s (req)"), point.prompt_tok_s_per_request, true)?;
            measured(&at("ttfr (ms)"), point.ttfr_ms, false)?;
        }
        fields.points.sort_by(|a, b| a.concurrency.total_cmp(&b.concurrency));
        if let Some(pair) = fields.points.windows(2).find(|pair| pair[0].concurrency == pair[1].concurrency) {
            return Err(SuiteDataError::DuplicateConcurrency { workload: name, concurrency: pair[0].concurrency });
        }
        Ok(ClosedLoopWorkload(fields))
    }
}

impl Deref for ClosedLoopWorkload {
    type Target = WorkloadFields;

    // Read-only view: the fields stay as validated.
    fn deref(&self) -> &WorkloadFields {
        &self.0
    }
}

/// A measured figure's mean (positive, or not negative for times) and its spread (not negative).
fn measured(what: &str, value: Option<Measured>, mean_positive: bool) -> Result<(), SuiteDataError> {
    let Some(value) = value else { return Ok(()) };
    if mean_positive {
        positive(what, value.mean)?;
    } else {
        non_negative(what, value.mean)?;
    }
    if let Some(spread) = value.spread {
        non_negative(&format!("{what} spread"), spread)?;
    }
    Ok(())
}
