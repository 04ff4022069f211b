//! A team planned against every run: the ranking behind `plan(teamJson)`.
//!
//! Data rules, in one place:
//! - a run brings its KV pool and prefill rate through [`Dataset::run_inputs`], as the single-run
//!   sizing does ([`Dataset::scenario_for_run`]): a sourced run its logged pool, else the pool
//!   computed from the model's architecture, and the dataset's prefill rate; an imported run what
//!   its person gave it (`setup.rs`), else its own measured prefill rate. The pool is taken at
//!   the team's longest context (a sliding-window model holds more tokens per byte at a long
//!   context);
//! - a run of several workloads is planned on the one nearest the team's prompts and answers
//!   ([`Run::nearest_workload_for_team`]; its curve, p99 TTFT points and own prefill rate), and
//!   its row says which ([`PlanRow::workload`]);
//! - the p99 TTFT limit uses the run's own `p99_ttft_ms` points, nothing else, and only where
//!   they were measured with prompts like the team's ([`super::checks`]);
//! - each limit says what it rests on ([`LimitChecks`]): measured, given, estimated or unknown;
//! - a multi-node run is sized as one system as measured (a TP=2 pair on its own curve), so
//!   Sparks = systems x nodes; a run whose hardware is not a DGX Spark gets systems, never Sparks;
//! - rows are ranked: runs that serve the team first, and among them those that checked every
//!   limit the team needs before those that could not, fewer unknown limits first (an unknown
//!   limit is never free); then
//!   Sparks needed (fewest first), then people per Spark (most first), then dataset order.

use core::cell::{Cell, OnceCell, RefCell};

use serde::Serialize;
use sizer_core::{CapacityMemo, Curve, FiniteComparison, RunLimits, Team, TeamLimit, TeamPlan, TtftCurve};

use crate::dataset::date::PartialDate;
use crate::dataset::lookup::CitedValue;
use crate::dataset::model::{Dataset, Run, RunOrigin, Topology};
use crate::run::curve::{CurveBasis, RunCurveError};
use crate::run::scenario::TtftNearest;
use crate::run::workload_choice::{WorkloadChoice, team_lengths};
use crate::team::checks::{Estimate, LimitCheck, LimitChecks, ttft_applies};
use crate::team::note::{PlanNote, serialize_english};
use crate::team::request::{TeamRequest, TeamRequestError};

/// A figure the plan used, and the fact or run it came from.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct CitedFigure<'a> {
    pub value: f64,
    /// Id of the fact or run holding it.
    pub cited_id: &'a str,
    /// Id of the source behind it.
    pub source: &'a str,
}

impl<'a> From<CitedValue<'a>> for CitedFigure<'a> {
    fn from(cited: CitedValue<'a>) -> CitedFigure<'a> {
        CitedFigure { value: cited.value, cited_id: cited.cited_id, source: cited.source }
    }
}

/// One run in the ranking. "System" is the hardware as measured (one node, or a TP=2 pair).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PlanRow<'a> {
    pub run_id: &'a str,
    pub label: &'a str,
    /// The label in German, where the data give one ([`crate::GermanNames`]).
    pub label_de: Option<&'a str>,
    pub origin: RunOrigin,
    /// The hardware as [`Run::stated_hardware`] gives it (a person's own included); `None`
    /// where nobody stated it ("not stated" in the JSON).
    #[serde(serialize_with = "stated_or_placeholder")]
    pub hardware: Option<&'a str>,
    pub topology: Topology,
    /// Nodes in one system as measured.
    pub nodes_per_system: u32,
    /// True when the hardware is a DGX Spark (GB10), so systems can be counted in Sparks.
    pub is_spark: bool,
    /// People of the team's mix one system serves (`None`: no usable curve).
    pub people_per_system: Option<u64>,
    /// `people_per_system / nodes` rounded down; `None` when not on Sparks or no curve.
    pub people_per_spark: Option<u64>,
    /// The fewest independent systems that serve the team (`None`: none does).
    pub systems_needed: Option<u64>,
    /// `systems_needed x nodes`; `None` when no number serves (the floor is never reached, or
    /// one person of each group breaks a limit), no curve, or the hardware is not a Spark.
    pub sparks_needed: Option<u64>,
    /// The limit that caps people per system: `speed` | `kv` | `prefill` | `ttft`.
    pub binding: Option<TeamLimit>,
    /// When `systems_needed` is `None` with a curve: the limit no number of systems meets.
    pub unserved_by: Option<TeamLimit>,
    /// True when the binding limit was still met at the highest measured concurrency.
    pub people_is_lower_bound: bool,
    /// People per system with the curve's speeds times `1 - u` and `1 + u`.
    pub people_low: Option<u64>,
    pub people_high: Option<u64>,
    /// True when the binding limit differs at either end of the band.
    pub binding_changes: bool,
    /// Streams each system carries at the percentile when serving the team (the load).
    pub load_streams: Option<f64>,
    /// The run's measured p99 TTFT at the concurrency nearest the load (log2 scale, ties to the
    /// higher concurrency), and interpolated at the load itself (`None` outside the measured range).
    pub p99_ttft_near_load: Option<TtftNearest>,
    pub p99_ttft_at_load_s: Option<f64>,
    /// Which limits the run's data let us check.
    pub known_limits: Vec<TeamLimit>,
    /// What each limit rests on: measured, given, estimated (from what) or unknown.
    pub checks: LimitChecks,
    /// The limits this team needs that the run's data could not check: the row's people assume
    /// they do not bind, so it ranks below every row that checked them.
    pub unchecked: Vec<TeamLimit>,
    pub kv_pool: Option<CitedFigure<'a>>,
    pub prefill: Option<CitedFigure<'a>>,
    /// Which figure became the speed curve.
    pub curve_basis: Option<CurveBasis>,
    /// The workload the row was planned on, when the run has several.
    pub workload: Option<WorkloadChoice>,
    /// When the run was measured (its own date, else its source's).
    pub date: Option<PartialDate>,
    /// Source id, and its publisher where the dataset knows it.
    pub source: &'a str,
    pub publisher: Option<&'a str>,
    /// Why there is no plan, or what to keep in mind (in English in the JSON).
    #[serde(serialize_with = "serialize_english")]
    pub note: Option<PlanNote>,
    /// Every step, for show-your-work (`None` without a curve).
    pub plan: Option<TeamPlan>,
}

impl PlanRow<'_> {
    /// The hardware as its source, file or person stated it ([`Run::stated_hardware`]), `None`
    /// where nobody did.
    pub fn stated_hardware(&self) -> Option<&str> {
        self.hardware
    }

    /// True when the row's people are a lower bound and its Sparks an upper bound: the binding
    /// limit still held at the most concurrent requests measured, and no limit the team needs
    /// went unchecked (an unchecked one could bind first, so neither bound would hold).
    pub fn people_at_least(&self) -> bool {
        self.people_is_lower_bound && self.unchecked.is_empty()
    }

    /// True when the row serves the team with every limit it needs checked.
    pub fn is_checked_answer(&self) -> bool {
        self.systems_needed.is_some() && self.unchecked.is_empty()
    }
}

impl Run {
    /// The run's measured p99 TTFT curve, seconds (`None` without p99 TTFT points).
    pub fn p99_ttft_curve(&self) -> Option<TtftCurve> {
        let points: Vec<(f64, f64)> = self
            .points
            .iter()
            .filter_map(|p| Some((f64::from(p.concurrency), p.p99_ttft_ms?.value / 1000.0)))
            .collect();
        if points.is_empty() { None } else { TtftCurve::from_seconds(&points).ok() }
    }
}

/// One run made ready for planning: each workload's curve and p99 TTFT looked up once, when a
/// team first needs that workload, so each new team costs only the planning (and, when its
/// longest context changes, the runs' figures). Lazily: building a further workload as a run
/// of its own clones the run, and preparing the arena's nine workloads a run up front made a
/// one-shot plan (the page's ranking) 40 times slower (BENCHMARKS.md, 2026-12-03).
struct PreparedRun<'a> {
    data: &'a Dataset,
    run: &'a Run,
    /// One per workload, the run's own first; each prepared on first use.
    workloads: Vec<OnceCell<PreparedWorkload>>,
    /// [`Run::is_spark`], read once (it lowercases the hardware string).
    is_spark: bool,
    /// The workload last chosen, by the bits of the team lengths it was chosen for (a log
    /// distance per workload; a new team with the same lengths chooses the same).
    choice: Cell<Option<([u64; 2], Option<WorkloadChoice>)>>,
    date: Option<PartialDate>,
    publisher: Option<&'a str>,
}

/// One workload of a run, ready for planning.
struct PreparedWorkload {
    /// The workload as a run of its own ([`Run::with_workload`]); `None` for the run's own
    /// workload, read in place.
    projection: Option<Run>,
    curve: Result<(Curve, CurveBasis), RunCurveError>,
    ttft: Option<TtftCurve>,
}

impl PreparedWorkload {
    fn new(projection: Option<Run>, run: &Run) -> PreparedWorkload {
        let measured = projection.as_ref().unwrap_or(run);
        let (curve, ttft) = (measured.sizing_curve(), measured.p99_ttft_curve());
        PreparedWorkload { projection, curve, ttft }
    }
}

/// The KV pool and prefill rate a run brings at one context ([`Dataset::run_inputs`]).
#[derive(Clone, Copy)]
struct RunFigures<'a> {
    kv_pool: Option<CitedFigure<'a>>,
    prefill: Option<CitedFigure<'a>>,
}

/// Every run of a dataset plus imported runs, ready to plan teams against (keep one while the
/// runs stay the same; [`Planner::plan`] per team).
pub struct Planner<'a> {
    data: &'a Dataset,
    runs: Vec<PreparedRun<'a>>,
    /// Each run's figures at the context they were last looked up for.
    figures: RefCell<Option<(f64, Vec<RunFigures<'a>>)>>,
}

impl<'a> Planner<'a> {
    /// Looks up each run's curve and p99 TTFT once (see the module docs for the rules).
    pub fn new(data: &'a Dataset, imported: &'a [Run]) -> Planner<'a> {
        let runs = data.runs.iter().chain(imported).map(|run| data.prepare(run)).collect();
        Planner { data, runs, figures: RefCell::new(None) }
    }

    /// Each run's figures at `context_tokens`, looked up again only when the context changed
    /// (borrowed, not cloned: a plan reads each once).
    fn figures_at(&self, context_tokens: f64) -> core::cell::Ref<'_, [RunFigures<'a>]> {
        let fresh = matches!(self.figures.borrow().as_ref(), Some((context, _)) if *context == context_tokens);
        if !fresh {
            let figures = self.runs.iter().map(|prepared| self.data.figures(prepared.run, context_tokens)).collect();
            *self.figures.borrow_mut() = Some((context_tokens, figures));
        }
        core::cell::Ref::map(self.figures.borrow(), |cache| cache.as_ref().map_or(&[][..], |(_, figures)| figures))
    }

    /// The team planned against every run, ranked (see the module docs). A run without a usable
    /// curve still gets a row, with a note.
    pub fn plan(&self, team: &Team) -> Vec<PlanRow<'a>> {
        let figures = self.figures_at(longest_context(team));
        let facts = TeamFacts::of(team);
        // The same stream and session counts recur across runs: their headroom inverses once.
        let memo = CapacityMemo::default();
        let mut rows: Vec<PlanRow<'a>> = self
            .runs
            .iter()
            .zip(figures.iter())
            .map(|(prepared, figures)| prepared.plan(team, &facts, *figures, &memo))
            .collect();
        rank(&mut rows);
        rows
    }
}

/// Sorts `rows` by [`rank_key`], equal keys in dataset order.
///
/// As `sort_by_cached_key`: the keys found once and sorted with their indices, then each row
/// swapped into place along the permutation's cycles; but a row already in place is left
/// alone (a row is large: each swap copies it three times).
fn rank(rows: &mut [PlanRow<'_>]) {
    let mut order: Vec<(RankKey, usize)> = rows.iter().map(rank_key).zip(0..).collect();
    order.sort_unstable();
    for i in 0..order.len() {
        // The row for place i, followed through the places already filled.
        let mut from = order[i].1;
        while from < i {
            from = order[from].1;
        }
        order[i].1 = from;
        if from != i {
            rows.swap(i, from);
        }
    }
}

/// Served (0: on Sparks, 1: on other systems, 2: not), how many needed limits were left
/// unchecked, Sparks or systems, people per one.
type RankKey = (u8, u8, Option<u64>, core::cmp::Reverse<Option<u64>>);

/// Where a row ranks: runs that serve the team on Sparks first, then on other systems, then
/// those that cannot; within each, rows that checked every limit the team needs first, then
/// rows with fewer limits left unchecked; then fewer Sparks (or systems); then more people per
/// Spark (or system).
fn rank_key(row: &PlanRow<'_>) -> RankKey {
    let served = match (row.sparks_needed, row.systems_needed) {
        (Some(_), _) => 0,
        (None, Some(_)) => 1,
        (None, None) => 2,
    };
    let unchecked = u8::try_from(row.unchecked.len()).unwrap_or(u8::MAX);
    let count = row.sparks_needed.or(row.systems_needed);
    (served, unchecked, count, core::cmp::Reverse(row.people_per_spark.or(row.people_per_system)))
}

impl Dataset {
    /// The team planned against every run of the dataset, then every imported run, ranked.
    /// To plan many teams against the same runs, keep a [`Planner`].
    pub fn plan_team<'a>(&'a self, team: &Team, imported: &'a [Run]) -> Vec<PlanRow<'a>> {
        Planner::new(self, imported).plan(team)
    }

    /// The team planned against one run (sourced or imported).
    pub fn plan_run<'a>(&'a self, team: &Team, run: &'a Run) -> PlanRow<'a> {
        let figures = self.figures(run, longest_context(team));
        self.prepare(run).plan(team, &TeamFacts::of(team), figures, &CapacityMemo::default())
    }

    /// The finite-population count and Engset's blocking share beside the Poisson count and
    /// Erlang B's, for `team` on one run with the figures its plan uses
    /// ([`sizer_core::finite_comparison`]); `None` without a usable curve, a team without
    /// non-agent people, or a team that no number of systems serves.
    pub fn compare_finite(&self, team: &Team, run: &Run) -> Option<FiniteComparison> {
        let prepared = self.prepare(run);
        let (workload, _) = prepared.workload_for(&TeamFacts::of(team));
        let (curve, _) = workload.curve.as_ref().ok()?;
        let figures = prepared.figures_for(workload, self.figures(run, longest_context(team)));
        let (kv_pool, prefill) = (figures.kv_pool.map(|c| c.value), figures.prefill.map(|c| c.value));
        let limits = RunLimits::new(curve, kv_pool, prefill, workload.ttft.as_ref()).ok()?;
        sizer_core::finite_comparison(team, &limits)
    }

    fn prepare<'a>(&'a self, run: &'a Run) -> PreparedRun<'a> {
        PreparedRun {
            data: self,
            run,
            workloads: (0..run.workload_count().max(1)).map(|_| OnceCell::new()).collect(),
            is_spark: run.is_spark(),
            choice: Cell::new(None),
            date: self.run_date(run),
            publisher: self.source(&run.source).map(|s| s.publisher.as_str()),
        }
    }

    /// The run's KV pool and prefill rate at a context: [`Dataset::run_inputs`], the one place
    /// runs bring them (the single-run sizing fills its scenario from the same).
    fn figures<'a>(&'a self, run: &'a Run, context_tokens: f64) -> RunFigures<'a> {
        let inputs = self.run_inputs(run, context_tokens);
        RunFigures { kv_pool: inputs.kv_pool.map(CitedFigure::from), prefill: inputs.prefill.map(CitedFigure::from) }
    }

    /// [`Dataset::plan_team`] for a parsed request.
    pub fn plan_request<'a>(
        &'a self,
        request: &TeamRequest,
        imported: &'a [Run],
    ) -> Result<Vec<PlanRow<'a>>, TeamRequestError> {
        Ok(self.plan_team(&request.team()?, imported))
    }

    /// `plan(teamJson)`: `{"rows": [...]}` with one [`PlanRow`] per run, or `{"error": "..."}`
    /// saying in one sentence why the team cannot be planned.
    pub fn plan_json(&self, team_json: &str, imported: &[Run]) -> String {
        let result = TeamRequest::from_json(team_json).and_then(|request| self.plan_request(&request, imported));
        let json = match result {
            Ok(rows) => serde_json::to_string(&PlanResponse { rows: &rows }),
            Err(error) => serde_json::to_string(&PlanFailure { error: error.to_string() }),
        };
        // Serialising these types cannot fail (no maps with non-string keys, floats as numbers).
        json.unwrap_or_else(|_| r#"{"error":"the plan could not be written as JSON"}"#.to_owned())
    }
}

/// A row's hardware in the JSON: as stated, else [`crate::NOT_STATED`].
fn stated_or_placeholder<S: serde::Serializer>(hardware: &Option<&str>, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.serialize_str(hardware.unwrap_or(crate::NOT_STATED))
}

#[derive(Serialize)]
struct PlanResponse<'a> {
    rows: &'a [PlanRow<'a>],
}

#[derive(Serialize)]
struct PlanFailure {
    error: String,
}

/// The longest context any group's session holds: the context the KV pool is taken at.
fn longest_context(team: &Team) -> f64 {
    team.groups().iter().map(|g| g.context_tokens).fold(0.0, f64::max)
}

/// What every run's row reads of the team, found once per team rather than once per run.
#[derive(Clone, Copy)]
struct TeamFacts {
    /// The team's typical prompt and answer lengths ([`team_lengths`]), to pick a workload.
    lengths: Option<(f64, f64)>,
    /// The longest prompt of any group, to judge whether a run's p99 TTFT applies.
    longest_prompt: f64,
}

impl TeamFacts {
    fn of(team: &Team) -> TeamFacts {
        TeamFacts {
            lengths: team_lengths(team),
            longest_prompt: team.groups().iter().map(|g| g.prompt_tokens).fold(0.0, f64::max),
        }
    }
}

impl<'a> PreparedRun<'a> {
    /// The workload nearest the team's lengths, and the choice to name (`None`: one workload).
    fn workload_for(&self, facts: &TeamFacts) -> (&PreparedWorkload, Option<WorkloadChoice>) {
        // As `Run::nearest_workload_for_team`, with the team's lengths found once.
        let choice = facts.lengths.and_then(|(prompt, answer)| self.nearest_workload_to(prompt, answer));
        let index = choice.map_or(0, |c| c.index);
        let index = if index < self.workloads.len() { index } else { 0 };
        let workload = self.workloads[index].get_or_init(|| {
            PreparedWorkload::new((index > 0).then(|| self.run.with_workload(index)).flatten(), self.run)
        });
        (workload, choice)
    }

    /// [`Run::nearest_workload_to`], remembered for the last lengths asked (runs of one
    /// workload have nothing to choose and answer at once).
    fn nearest_workload_to(&self, prompt: f64, answer: f64) -> Option<WorkloadChoice> {
        if self.workloads.len() < 2 {
            return self.run.nearest_workload_to(prompt, answer);
        }
        let key = [prompt.to_bits(), answer.to_bits()];
        match self.choice.get() {
            Some((known, choice)) if known == key => choice,
            _ => {
                let choice = self.run.nearest_workload_to(prompt, answer);
                self.choice.set(Some((key, choice)));
                choice
            }
        }
    }

    /// The run's figures for one workload: a further workload's own measured prefill rate
    /// replaces the run's (cited to the run, whose points hold it), as the single-run sizing
    /// reads it from the workload's points; the KV pool is the server's, whatever the workload.
    fn figures_for(&self, workload: &PreparedWorkload, figures: RunFigures<'a>) -> RunFigures<'a> {
        let run = self.run;
        let own = workload.projection.as_ref().and_then(Run::prefill_tok_s);
        let mine = |value: f64| CitedFigure { value, cited_id: &run.id, source: &run.source };
        // Only where the run's prefill rate is its own: a caller's or a fact's stays.
        let run_own = figures.prefill.is_some_and(|c| c.cited_id == run.id);
        match own {
            Some(value) if run_own || figures.prefill.is_none() => RunFigures { prefill: Some(mine(value)), ..figures },
            _ => figures,
        }
    }

    fn plan(&self, team: &Team, facts: &TeamFacts, figures: RunFigures<'a>, memo: &CapacityMemo) -> PlanRow<'a> {
        let (workload, choice) = self.workload_for(facts);
        let RunFigures { kv_pool, prefill } = self.figures_for(workload, figures);
        let run = self.run;
        let measured = workload.projection.as_ref().unwrap_or(run);
        let is_spark = self.is_spark;
        let nodes = run.nodes.max(1);
        let mut row = PlanRow {
            run_id: &run.id,
            label: &run.label,
            label_de: run.names_de.label.as_deref(),
            origin: run.origin,
            hardware: run.stated_hardware(),
            topology: run.topology,
            nodes_per_system: nodes,
            is_spark,
            people_per_system: None,
            people_per_spark: None,
            systems_needed: None,
            sparks_needed: None,
            binding: None,
            unserved_by: None,
            people_is_lower_bound: false,
            people_low: None,
            people_high: None,
            binding_changes: false,
            load_streams: None,
            p99_ttft_near_load: None,
            p99_ttft_at_load_s: None,
            known_limits: Vec::new(),
            checks: LimitChecks::NONE,
            unchecked: Vec::new(),
            kv_pool,
            prefill,
            curve_basis: None,
            workload: choice,
            date: self.date,
            source: &run.source,
            publisher: self.publisher,
            note: None,
            plan: None,
        };
        let (curve, basis) = match &workload.curve {
            Ok(found) => found,
            Err(error) => {
                row.note = Some(PlanNote::NoCurve(error.clone()));
                row.unchecked = LimitChecks::NONE.unchecked_for(team);
                return row;
            }
        };
        row.curve_basis = Some(*basis);
        let measured_prompt = measured.workload.prompt_tokens.map(|t| t.value());
        let ttft = workload.ttft.as_ref().filter(|_| ttft_applies(measured_prompt, facts.longest_prompt));
        let data = self.data;
        // Where no TTFT was measured with prompts like the team's, the core estimates it from the
        // prefill rate: the team's longest prompt read after the prompts queued before it.
        row.checks = LimitChecks {
            speed: LimitCheck::Measured,
            kv: data.kv_check(kv_pool),
            prefill: data.prefill_check(run, prefill),
            ttft: match (ttft, prefill) {
                (Some(_), _) => LimitCheck::Measured,
                (None, Some(_)) => LimitCheck::Estimated(Estimate::PromptPrefillTime),
                (None, None) => LimitCheck::Unknown,
            },
        };
        row.unchecked = row.checks.unchecked_for(team);
        let limits = RunLimits::new(curve, kv_pool.map(|c| c.value), prefill.map(|c| c.value), ttft);
        let limits = match limits {
            Ok(limits) => limits,
            Err(error) => {
                row.note = Some(PlanNote::InputsOutOfRange(format!("{error}")));
                return row;
            }
        };
        let plan = sizer_core::plan_with(team, &limits, memo);
        row.people_per_system = Some(plan.people_per_system);
        row.people_per_spark = is_spark.then(|| plan.people_per_system / u64::from(nodes));
        row.systems_needed = plan.systems_needed;
        row.sparks_needed = plan.systems_needed.filter(|_| is_spark).map(|k| k.saturating_mul(u64::from(nodes)));
        row.binding = Some(plan.binding);
        row.unserved_by = plan.unserved_by;
        row.people_is_lower_bound = plan.people_is_lower_bound;
        row.people_low = Some(plan.band.people_low);
        row.people_high = Some(plan.band.people_high);
        row.binding_changes = plan.band.binding_changes;
        row.known_limits = [
            Some(TeamLimit::Speed),
            kv_pool.map(|_| TeamLimit::Kv),
            prefill.map(|_| TeamLimit::Prefill),
            (plan.ttft_under_ceiling.is_some() || (ttft.is_none() && row.checks.ttft.is_checked()))
                .then_some(TeamLimit::Ttft),
        ]
        .into_iter()
        .flatten()
        .collect();
        if let Some(load) = plan.per_system {
            // Speed read from the run's engine is an estimate, with its measured error.
            if measured.engine_speed(load.peak_streams).is_some() {
                row.checks.speed = LimitCheck::Estimated(Estimate::RunEngine);
            }
            row.load_streams = Some(load.peak_streams);
            row.p99_ttft_near_load = ttft.and_then(|_| measured.nearest_p99_ttft(load.peak_streams));
            row.p99_ttft_at_load_s = ttft.and_then(|t| t.p99_at(load.peak_streams));
        }
        row.note = PlanNote::of_plan(run, team, &plan, is_spark, row.unchecked.is_empty());
        row.plan = Some(plan);
        row
    }
}
