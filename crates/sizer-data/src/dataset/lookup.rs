//! Finding things in a dataset: runs by id and model, a run's source and date, and the KV and
//! prefill figures that fill the widget's KV-cache and prefill limits for a run.

use std::collections::BTreeMap;

use crate::dataset::date::PartialDate;
use crate::dataset::model::{Dataset, Fact, FactKind, Run, RunPoint, Source, Workload};

/// A number taken from the dataset, with the id of the fact or run it came from.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CitedValue<'a> {
    /// The number.
    pub value: f64,
    /// Id of the fact or run holding it.
    pub cited_id: &'a str,
    /// Id of the source behind that fact or run.
    pub source: &'a str,
}

impl Dataset {
    /// The run with this id.
    pub fn run(&self, id: &str) -> Option<&Run> {
        self.runs.iter().find(|run| run.id == id)
    }

    /// The source with this id.
    pub fn source(&self, id: &str) -> Option<&Source> {
        self.sources.iter().find(|source| source.id == id)
    }

    /// The fact with this id.
    pub fn fact(&self, id: &str) -> Option<&Fact> {
        self.facts.iter().find(|fact| fact.id == id)
    }

    /// Runs grouped by `model_id`, models in id order, runs in dataset order.
    pub fn runs_by_model(&self) -> BTreeMap<&str, Vec<&Run>> {
        let mut groups: BTreeMap<&str, Vec<&Run>> = BTreeMap::new();
        for run in &self.runs {
            groups.entry(run.model_id.as_str()).or_default().push(run);
        }
        groups
    }

    /// Facts of one kind about one subject (a `model_id`, `dgx-spark`, `vllm`, ...).
    pub fn facts_about<'a>(&'a self, subject: &'a str, kind: FactKind) -> impl Iterator<Item = &'a Fact> {
        self.facts.iter().filter(move |f| f.kind == kind && f.subject == subject)
    }

    /// When a run was measured: its own date, else its source's run date, else its source's
    /// publication date (an upper bound on when it ran).
    pub fn run_date(&self, run: &Run) -> Option<PartialDate> {
        run.date.or_else(|| self.source(&run.source).and_then(|s| s.run_date.or(s.published)))
    }

    /// The KV-cache pool (tokens) for a run's model: a fact tied to this run, else one measured
    /// on the same engine. Never a figure from another engine: pools differ between engines.
    pub fn kv_pool_tokens<'a>(&'a self, run: &'a Run) -> Option<CitedValue<'a>> {
        let candidates = self.facts_about(&run.model_id, FactKind::KvPoolTokens);
        best_fact(candidates, run, |_| 0.0)
    }

    /// The prefill rate (prompt tok/s) for a run: its own measured prefill figure (see
    /// [`Run::prefill_tok_s`]), else a fact for its model that is tied to the run or measured on
    /// the same engine (prefill rates differ between engines), preferring one tied to the run,
    /// then a shallow context, then the closest prompt length.
    pub fn prefill_tok_s<'a>(&'a self, run: &'a Run) -> Option<CitedValue<'a>> {
        if let Some(value) = run.prefill_tok_s() {
            return Some(CitedValue { value, cited_id: &run.id, source: &run.source });
        }
        let prompt = run.workload.prompt_tokens.map(|t| t.value());
        let distance = move |fact: &Fact| {
            let depth_penalty = if fact.context_depth_tokens.is_some() { 1.0e6 } else { 0.0 };
            let prompt_gap = match (prompt, fact.prompt_tokens) {
                (Some(a), Some(b)) => (a.ln() - b.ln()).abs(),
                _ => 100.0,
            };
            depth_penalty + prompt_gap
        };
        best_fact(self.facts_about(&run.model_id, FactKind::PrefillRate), run, distance)
    }
}

fn best_fact<'a>(
    candidates: impl Iterator<Item = &'a Fact>,
    run: &Run,
    distance: impl Fn(&Fact) -> f64,
) -> Option<CitedValue<'a>> {
    let tied = |fact: &Fact| fact.runs.contains(&run.id);
    let same_engine =
        |fact: &Fact| fact.engine.as_deref().zip(run.stated_engine()).is_some_and(|(f, r)| f.eq_ignore_ascii_case(r));
    let rank = |fact: &Fact| (if tied(fact) { 0.0 } else { 1.0e9 }) + distance(fact);
    candidates
        .filter(|fact| tied(fact) || same_engine(fact))
        .filter_map(|fact| Some((fact, fact.value?.value)))
        .min_by(|(a, _), (b, _)| rank(a).total_cmp(&rank(b)))
        .map(|(fact, value)| CitedValue { value, cited_id: &fact.id, source: &fact.source })
}

/// The start of a run's `source` when its points were computed by an engine kept for it
/// (`predict::computed`), not measured.
pub const COMPUTED_SOURCE_PREFIX: &str = "computed-engine-";

impl Run {
    /// Whether the run's points were computed (a model's architecture), not measured: its
    /// `source` names an engine kept for it.
    pub fn is_computed(&self) -> bool {
        self.source.starts_with(COMPUTED_SOURCE_PREFIX)
    }

    /// The run's own measured prefill rate (prompt tok/s over all requests) at its highest
    /// concurrency that has one: prefill levels off with concurrency (llama.cpp S_PP), so the
    /// steady value is the one that limits a queue.
    pub fn prefill_tok_s(&self) -> Option<f64> {
        self.points.iter().rev().find_map(|p| p.prefill_tok_s.map(|f| f.value))
    }

    /// The point measured at exactly this concurrency.
    pub fn point(&self, concurrency: u32) -> Option<&RunPoint> {
        self.points.iter().find(|p| p.concurrency == concurrency)
    }

    /// The workload `point` was measured with: its own where it has one, else the run's.
    pub fn workload_of<'a>(&'a self, point: &'a RunPoint) -> &'a Workload {
        point.workload.as_ref().unwrap_or(&self.workload)
    }

    /// True when some point carries a workload of its own (a table or legend must then say
    /// which points ran which workload).
    pub fn has_point_workloads(&self) -> bool {
        self.points.iter().any(|p| p.workload.is_some())
    }

    /// Id of the source `point` comes from: its own where it has one, else the run's.
    pub fn source_of<'a>(&'a self, point: &'a RunPoint) -> &'a str {
        point.source.as_deref().unwrap_or(&self.source)
    }
}

impl Dataset {
    /// Other runs of `run`'s model worth drawing beside it: at most [`MAX_OVERLAYS`], each with a
    /// curve of more than one point, in dataset order.
    pub fn overlay_runs(&self, run: &Run) -> Vec<&Run> {
        self.runs
            .iter()
            .filter(|other| other.model_id == run.model_id && other.id != run.id && other.points.len() > 1)
            .filter(|other| other.curve().is_ok())
            .take(MAX_OVERLAYS)
            .collect()
    }
}

/// The most comparison runs [`Dataset::overlay_runs`] returns (more lines become unreadable).
pub const MAX_OVERLAYS: usize = 4;
