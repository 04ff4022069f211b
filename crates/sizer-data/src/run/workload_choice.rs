//! Which of a run's workloads a sizing uses: a run is one server, measured with one or more
//! workloads (a suite's chat, RAG, long-answer, ... tests); the run's own `workload`, `counter`
//! and `points` are its first, [`Run::further_workloads`] the others. A run of one workload
//! sizes exactly as before: it is its own choice and the sizing says nothing about it.
//!
//! The data rule, in one place ([`workload_distance`]): the workload nearest the scenario is the
//! one whose prompt (with the context it already holds, llama-benchy's `@ dN` depth) and answer
//! lengths are closest on a log scale, the prompt counting twice as much as the answer
//! ([`ANSWER_WEIGHT`]): in the arena's files the per-request speed at one concurrency moves more
//! with the prompt than with the answer (`qwen-3.6/qwen-3.6-35b-a3b/fp8` at concurrency 10:
//! 15.29 tok/s at 1,024 in / 1,024 out, 17.89 at 256 / 4,096, 12.52 at 8,192 / 512). Ties go
//! to the earlier workload (the run's own first).

use std::cell::RefCell;
use std::rc::{Rc, Weak};
use std::sync::Mutex;

use sizer_core::{Scenario, Team};

use crate::dataset::model::{Counter, EnginePoint, Run, RunPoint, Workload, WorkloadKind};

/// How much the answer length's log-distance counts beside the prompt's (1).
pub const ANSWER_WEIGHT: f64 = 0.5;

/// One workload of a run, read in place.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct WorkloadView<'a> {
    /// 0 for the run's own workload, then the further ones in order.
    pub index: usize,
    /// Its lengths and kind.
    pub workload: &'a Workload,
    /// What its aggregate figures count.
    pub counter: Counter,
    /// Its measured points.
    pub points: &'a [RunPoint],
    /// The run's engine's predictions beyond them (empty: none).
    pub engine_points: &'a [EnginePoint],
}

/// The workload a sizing used, and why: what the result and the worked steps say.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct WorkloadChoice {
    /// Index among the run's workloads (0: the run's own).
    pub index: usize,
    /// How many workloads the run has.
    pub of: usize,
    /// What it stands for, where the source names it.
    pub kind: Option<WorkloadKind>,
    /// Its prompt tokens per request (nominal).
    pub prompt_tokens: f64,
    /// Its answer tokens per request (nominal).
    pub answer_tokens: f64,
    /// The context it held before the prompt, tokens (0: none).
    pub context_tokens: f64,
    /// The scenario's prompt tokens it was chosen for.
    pub for_prompt_tokens: f64,
    /// The scenario's answer tokens it was chosen for.
    pub for_answer_tokens: f64,
    /// Whether the run's workloads were predicted (a model's architecture), not measured.
    pub predicted: bool,
}

/// The distance of a workload from a scenario's prompt and answer lengths (all in tokens):
/// `|ln((prompt + context) / scenario prompt)| + ANSWER_WEIGHT * |ln(answer / scenario answer)|`.
/// `None` when the workload states no prompt or no answer length, or a length is not positive.
pub fn workload_distance(workload: &Workload, prompt_tokens: f64, answer_tokens: f64) -> Option<f64> {
    let prompt = workload.prompt_tokens?.value() + workload.context_tokens.map_or(0.0, |c| c.value());
    let answer = workload.output_tokens?.value();
    let lengths = [prompt, answer, prompt_tokens, answer_tokens];
    if !lengths.iter().all(|v| v.is_finite() && *v > 0.0) {
        return None;
    }
    Some((prompt / prompt_tokens).ln().abs() + ANSWER_WEIGHT * (answer / answer_tokens).ln().abs())
}

/// A team's prompt and answer lengths for choosing a workload: the geometric means over its
/// people (each group's lengths weighted by its people; geometric because the distance is on a
/// log scale), `None` for a team without people.
pub fn team_lengths(team: &Team) -> Option<(f64, f64)> {
    let groups = team.groups().iter().filter(|g| g.people > 0 && g.prompt_tokens > 0.0 && g.answer_tokens > 0.0);
    let (mut people, mut log_prompt, mut log_answer) = (0.0, 0.0, 0.0);
    for group in groups {
        // People counts are far below 2^53: exact as f64.
        let weight = group.people as f64;
        people += weight;
        log_prompt += weight * group.prompt_tokens.ln();
        log_answer += weight * group.answer_tokens.ln();
    }
    (people > 0.0).then(|| ((log_prompt / people).exp(), (log_answer / people).exp()))
}

impl Run {
    /// Every workload of the run: its own first, then [`Run::further_workloads`].
    pub fn workloads(&self) -> impl Iterator<Item = WorkloadView<'_>> {
        let own = WorkloadView {
            index: 0,
            workload: &self.workload,
            counter: self.counter,
            points: &self.points,
            engine_points: &self.engine_points,
        };
        let further = self.further_workloads.iter().enumerate().map(|(i, w)| WorkloadView {
            index: i + 1,
            workload: &w.workload,
            counter: w.counter,
            points: &w.points,
            engine_points: &w.engine_points,
        });
        core::iter::once(own).chain(further)
    }

    /// How many workloads the run has (at least 1).
    pub fn workload_count(&self) -> usize {
        1 + self.further_workloads.len()
    }

    /// The workload nearest `scenario`'s prompt and answer ([`Run::nearest_workload_to`]).
    pub fn nearest_workload(&self, scenario: &Scenario) -> Option<WorkloadChoice> {
        self.nearest_workload_to(scenario.prompt_tokens, scenario.answer_tokens)
    }

    /// The workload nearest `team`'s prompts and answers: to the lengths of [`team_lengths`].
    pub fn nearest_workload_for_team(&self, team: &Team) -> Option<WorkloadChoice> {
        let (prompt, answer) = team_lengths(team)?;
        self.nearest_workload_to(prompt, answer)
    }

    /// The workload nearest these prompt and answer lengths ([`workload_distance`]); `None` for
    /// a run of one workload (nothing to choose, nothing to say). A workload that states no
    /// lengths is never nearest; when none states them, the run's own is used.
    pub fn nearest_workload_to(&self, prompt: f64, answer: f64) -> Option<WorkloadChoice> {
        if self.further_workloads.is_empty() {
            return None;
        }
        let distance = |view: &WorkloadView<'_>| workload_distance(view.workload, prompt, answer);
        let best = self
            .workloads()
            .filter_map(|view| Some((distance(&view)?, view)))
            // `min_by` keeps the first of equal distances: ties go to the earlier workload.
            .min_by(|a, b| a.0.total_cmp(&b.0))
            .map_or_else(|| self.workloads().next(), |(_, view)| Some(view))?;
        let length = |count: Option<crate::TokenCount>| count.map_or(0.0, |c| c.value());
        Some(WorkloadChoice {
            index: best.index,
            of: self.workload_count(),
            kind: best.workload.kind,
            prompt_tokens: length(best.workload.prompt_tokens),
            answer_tokens: length(best.workload.output_tokens),
            context_tokens: length(best.workload.context_tokens),
            for_prompt_tokens: prompt,
            for_answer_tokens: answer,
            predicted: self.is_computed(),
        })
    }

    /// The run with workload `index` as its only curve (same id, source and setup), so every
    /// rule that reads a run's points (its curve, prefill rate, TTFT) reads that workload's;
    /// `None` when there is no such workload.
    pub fn with_workload(&self, index: usize) -> Option<Run> {
        let view = self.workloads().nth(index)?;
        Some(Run {
            workload: view.workload.clone(),
            counter: view.counter,
            points: view.points.to_vec(),
            engine_points: view.engine_points.to_vec(),
            further_workloads: Vec::new(),
            ..self.clone()
        })
    }
}

/// A run as a sizing uses it: the workload chosen, as a run of its own, and the choice.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SizedRun<'a> {
    /// The run to size: the run itself, or its chosen workload as a run.
    pub run: &'a Run,
    /// Which workload, when the run has several.
    pub choice: Option<WorkloadChoice>,
}

/// `run` as sized for `scenario` ([`Run::nearest_workload`]): the one way the app, the JS API,
/// the team plan and the simulation pick a run's workload. The chosen workload's run is built
/// once per run and workload and kept for the program's life (a dataset run lives as long), so
/// callers keep the `'static` borrows the dataset gives.
pub fn sized_run(run: &'static Run, scenario: &Scenario) -> SizedRun<'static> {
    if run.further_workloads.is_empty() {
        // A run of one workload is its own choice, and the sizing says nothing about it.
        return SizedRun { run, choice: None };
    }
    // In the split wasm only the arena's runs have several workloads, and they come with the
    // second module: so does the code that chooses among them ([`install_several_workloads`]).
    #[cfg(all(target_arch = "wasm32", feature = "arena-later"))]
    {
        match SEVERAL_WORKLOADS.get() {
            Some(sized) => sized(run, scenario),
            None => SizedRun { run, choice: None },
        }
    }
    #[cfg(not(all(target_arch = "wasm32", feature = "arena-later")))]
    {
        several_workloads(run, scenario)
    }
}

/// A person's own `run` as sized for `scenario`: a run imported as a whole suite (several
/// workloads) on the workload nearest it, as [`sized_run`] does for the dataset's; any other run
/// as it is, with no choice to say. The chosen workload's run is built once per run and workload
/// and kept while the run lives, so a recomputation gives the same `Rc` (the page's charts and
/// views compare runs by identity).
pub fn sized_own_run(run: &Rc<Run>, scenario: &Scenario) -> OwnSized {
    if run.further_workloads.is_empty() {
        return (Rc::clone(run), None);
    }
    // In the split wasm, the choosing code comes with the second module, which also holds the
    // import panel: a run of several workloads cannot be imported before it is in.
    #[cfg(all(target_arch = "wasm32", feature = "arena-later"))]
    {
        match SEVERAL_OWN_WORKLOADS.get() {
            Some(sized) => sized(run, scenario),
            None => (Rc::clone(run), None),
        }
    }
    #[cfg(not(all(target_arch = "wasm32", feature = "arena-later")))]
    {
        several_own_workloads(run, scenario)
    }
}

/// [`sized_own_run`] for the split wasm once [`install_several_workloads`] set it.
#[cfg(all(target_arch = "wasm32", feature = "arena-later"))]
static SEVERAL_OWN_WORKLOADS: std::sync::OnceLock<fn(&Rc<Run>, &Scenario) -> OwnSized> = std::sync::OnceLock::new();

/// A person's run as sized: the chosen workload's run, and the choice.
pub type OwnSized = (Rc<Run>, Option<WorkloadChoice>);

/// A person's run (held weakly), a workload index, and that workload as a run.
type BuiltWorkload = (Weak<Run>, usize, Rc<Run>);

/// [`sized_own_run`] of a run of several workloads.
fn several_own_workloads(run: &Rc<Run>, scenario: &Scenario) -> OwnSized {
    let choice = run.nearest_workload(scenario);
    let Some(index) = choice.map(|c| c.index).filter(|index| *index > 0) else {
        return (Rc::clone(run), choice);
    };
    thread_local! {
        /// Each run's chosen workloads as runs, while the run lives (a dropped run's entries go
        /// on the next lookup).
        static BUILT: RefCell<Vec<BuiltWorkload>> = const { RefCell::new(Vec::new()) };
    }
    BUILT.with(|built| {
        let mut built = built.borrow_mut();
        built.retain(|(owner, ..)| owner.strong_count() > 0);
        let found = built.iter().find(|(owner, i, _)| *i == index && std::ptr::eq(owner.as_ptr(), Rc::as_ptr(run)));
        if let Some((_, _, projected)) = found {
            return (Rc::clone(projected), choice);
        }
        let Some(projected) = run.with_workload(index).map(Rc::new) else { return (Rc::clone(run), choice) };
        built.push((Rc::downgrade(run), index, Rc::clone(&projected)));
        (projected, choice)
    })
}

/// [`sized_run`] for the split wasm once [`install_several_workloads`] set it.
#[cfg(all(target_arch = "wasm32", feature = "arena-later"))]
static SEVERAL_WORKLOADS: std::sync::OnceLock<fn(&'static Run, &Scenario) -> SizedRun<'static>> =
    std::sync::OnceLock::new();

/// With feature `arena-later` in the browser: lets [`sized_run`] choose among a run's workloads.
/// Called by [`crate::install_arena`] only, so the choosing code is the second module's.
#[cfg(all(target_arch = "wasm32", feature = "arena-later"))]
pub(crate) fn install_several_workloads() {
    let _ = SEVERAL_WORKLOADS.set(several_workloads);
    let _ = SEVERAL_OWN_WORKLOADS.set(several_own_workloads);
}

/// [`sized_run`] of a run of several workloads.
fn several_workloads(run: &'static Run, scenario: &Scenario) -> SizedRun<'static> {
    let choice = run.nearest_workload(scenario);
    let Some(index) = choice.map(|c| c.index).filter(|index| *index > 0) else {
        return SizedRun { run, choice };
    };
    // Keyed by the run's address: dataset runs never move. A few dozen entries at most (a run's
    // workloads), built on first use.
    static BUILT: Mutex<Vec<(usize, usize, &'static Run)>> = Mutex::new(Vec::new());
    let key = (run as *const Run as usize, index);
    let mut built = BUILT.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    if let Some((_, _, found)) = built.iter().find(|(address, i, _)| (*address, *i) == key) {
        return SizedRun { run: found, choice };
    }
    let Some(projected) = run.with_workload(index) else { return SizedRun { run, choice } };
    let leaked: &'static Run = Box::leak(Box::new(projected));
    built.push((key.0, key.1, leaked));
    SizedRun { run: leaked, choice }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::TokenCount;

    fn lengths(prompt: f64, context: Option<f64>, answer: f64) -> Workload {
        Workload {
            prompt_tokens: Some(TokenCount::Exact(prompt)),
            output_tokens: Some(TokenCount::Exact(answer)),
            context_tokens: context.map(TokenCount::Exact),
            ..Workload::default()
        }
    }

    #[test]
    fn the_distance_is_the_prompts_log_ratio_and_half_the_answers() {
        // |ln(1024 / 512)| + 0.5 |ln(1024 / 400)| = 0.693147 + 0.5 x 0.940007 = 1.163151.
        let chat = workload_distance(&lengths(1024.0, None, 1024.0), 512.0, 400.0).expect("distance");
        assert!((chat - 1.163_150_8).abs() < 1e-6, "{chat}");
        // The depth counts into the prompt: 2,044 + 4 = 2,048 against 2,048 is 0.
        let deep = workload_distance(&lengths(2044.0, Some(4.0), 400.0), 2048.0, 400.0).expect("distance");
        assert_eq!(deep, 0.0);
        assert_eq!(workload_distance(&Workload::default(), 512.0, 400.0), None);
        assert_eq!(workload_distance(&lengths(1024.0, None, 1024.0), 0.0, 400.0), None);
    }
}
