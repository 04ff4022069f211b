//! A model's engine from its architecture as a person's run, so every view of the page (the
//! sizing, the team ranking, the simulation, the load prediction) answers for it the way it
//! answers for a run imported as a whole suite.
//!
//! The run's curves are predictions, not measurements: each workload is the engine's
//! closed-loop speeds (`run::engine_curve::engine_points`, llama-benchy's way: `N` users sending
//! at once, one request each, as the arena's runs are sized), at the sizing's own lengths and at the
//! page's two usages' ([`usage_lengths`]); the sizing picks the workload nearest its scenario as
//! for an arena run. The simulation and the load prediction run on the engine itself, never on
//! an engine fitted to these points: the engine is kept (`predict::computed`) and the run names
//! it in its `source`, so [`architecture_of`] and the predictions find it again through any
//! copy, rename or change of setup.
//! Its name and its caveat (worded by the page, in both languages) say it was predicted from
//! the architecture, with the error measured leave-one-model-out on the arena's runs of its kind
//! of input (a configuration or the size alone), which the kept engine carries.

use super::answer::{ArchitectureRun, architecture_model};
use super::spark::SPARK_NAME;
use crate::dataset::figure::{Figure, TokenCount};
use crate::dataset::model::{
    Counter, GermanNames, Localized, Run, RunOrigin, RunPoint, RunWorkload, Topology, Workload,
};
use crate::dataset::setup::{SetupField, YourSetup};
use crate::predict::computed::{ComputedEngine, computed_engine_of, keep};
use crate::run::engine_curve::engine_points;
use sizer_core::Scenario;
use sizer_core::sim::closed_load::{ClosedLoad, predict_closed_loop};
use std::sync::Arc;

/// The engine `run` was built on, when it was built from an architecture here.
pub fn architecture_of(run: &Run) -> Option<Arc<ComputedEngine>> {
    computed_engine_of(run).filter(|computed| computed.model.get("source").is_some_and(|s| s == "architecture"))
}

/// What the page names the run, in both languages (the label says it was predicted from the
/// architecture; the caveat gives the measured error).
#[derive(Clone, Debug, PartialEq)]
pub struct ArchitectureRunNames {
    pub label: String,
    pub label_de: String,
    pub caveat: Localized,
}

/// The lengths the run's workloads are predicted at: the sizing's own (prompt, answer), then
/// the page's chat and coding-agent usages' ([`Scenario::chat`], [`Scenario::coding_agent`]),
/// each once, whole tokens of at least 1.
pub fn usage_lengths(prompt_tokens: f64, answer_tokens: f64) -> Vec<(u32, u32)> {
    let whole =
        |tokens: f64| if tokens.is_finite() { tokens.round().clamp(1.0, f64::from(u32::MAX)) as u32 } else { 1 };
    let mut lengths: Vec<(u32, u32)> = Vec::with_capacity(3);
    for scenario in [None, Some(Scenario::chat()), Some(Scenario::coding_agent())] {
        let (p, a) = scenario.map_or((prompt_tokens, answer_tokens), |s| (s.prompt_tokens, s.answer_tokens));
        let pair = (whole(p), whole(a));
        if !lengths.contains(&pair) {
            lengths.push(pair);
        }
    }
    lengths
}

/// One workload predicted on the architecture's engine: its points are the engine's closed-loop
/// speeds at the concurrencies it admits ([`engine_points`], the one rule the arena's runs are
/// sized by), the first also with its TTFT and prompt rate; `None` when its requests are longer
/// than the server holds.
///
/// # Formula
/// Each point: [`engine_points`] (the mean decode speed of `N` users sending one request each at
/// once); aggregate = `N x` that (decode only, as llama-benchy counts). At `N = 1`, from the same
/// closed loop ([`predict_closed_loop`]): median TTFT = its p50 plus the engine's request wait
/// ([`sizer_core::architecture::Efficiency::request_s`]), prompt rate = `prompt / (p50 TTFT
/// without the wait)`.
pub fn predicted_workload(run: &ArchitectureRun, prompt: u32, answer: u32) -> Option<RunWorkload> {
    let engine = &run.engine.engine;
    let alone = ClosedLoad { concurrency: 1, prompt_tokens: prompt, answer_tokens: answer, requests: 1 };
    let first = predict_closed_loop(&alone, engine).ok()?;
    let ttft_s = first.ttft_s.p50;
    let mut points: Vec<RunPoint> = engine_points(engine, f64::from(prompt), f64::from(answer))
        .into_iter()
        .map(|p| RunPoint {
            concurrency: p.concurrency,
            per_request_tok_s: Some(Figure::derived_by_us(p.per_request_tok_s)),
            aggregate_tok_s: Some(Figure::derived_by_us(p.per_request_tok_s * f64::from(p.concurrency))),
            ..RunPoint::default()
        })
        .collect();
    let one = points.first_mut().filter(|p| p.concurrency == 1)?;
    one.median_ttft_ms = Some(Figure::derived_by_us((ttft_s + run.engine.request_s) * 1000.0));
    one.prefill_tok_s = (ttft_s > 0.0).then(|| Figure::derived_by_us(f64::from(prompt) / ttft_s));
    Some(RunWorkload {
        workload: Workload {
            prompt_tokens: Some(TokenCount::Exact(f64::from(prompt))),
            output_tokens: Some(TokenCount::Exact(f64::from(answer))),
            context_tokens: None,
            kind: None,
            note: None,
        },
        counter: Counter::DecodeOnly,
        points,
        // Its points are the engine's already.
        engine_points: Vec::new(),
    })
}

/// The architecture's engine as a person's run (origin `Yours`, hardware the Spark, its KV pool
/// and prompt rate the engine's, its maximum context the server's), one workload per length of
/// `lengths` that fits the server.
///
/// # Errors
/// One sentence: no length fits the server.
pub fn architecture_as_run(
    run: &ArchitectureRun,
    lengths: &[(u32, u32)],
    names: ArchitectureRunNames,
) -> Result<Run, String> {
    let mut workloads: Vec<RunWorkload> =
        lengths.iter().filter_map(|&(p, a)| predicted_workload(run, p, a)).collect::<Vec<_>>();
    if workloads.is_empty() {
        return Err(format!(
            "This model leaves room for requests of at most {:.0} tokens on the Spark, shorter than the sizing's.",
            run.engine.engine.longest_request_tokens()
        ));
    }
    let further = workloads.split_off(1);
    let first = workloads.remove(0);
    let prefill = first.points.first().and_then(|p| p.prefill_tok_s.as_ref()).map(|f| f.value);
    let mut setup = YourSetup {
        hardware: Some(SPARK_NAME.to_owned()),
        systems: Some(1),
        gpus: Some(1),
        kv_pool_tokens: Some(run.engine.setup.kv_pool_tokens),
        prefill_tok_s: prefill,
        max_context_tokens: run.engine.setup.max_model_len.map(f64::from),
        from_file: Vec::new(),
    };
    for field in [SetupField::Hardware, SetupField::Systems, SetupField::Gpus, SetupField::KvPoolTokens] {
        setup.mark_from_file(field);
    }
    if setup.prefill_tok_s.is_some() {
        setup.mark_from_file(SetupField::PrefillTokS);
    }
    if setup.max_context_tokens.is_some() {
        setup.mark_from_file(SetupField::MaxContextTokens);
    }
    let model = run.server_model.clone().unwrap_or_else(|| run.read.model_type.clone());
    let format = run.read.format.clone();
    let model_json = serde_json::to_value(architecture_model(run))
        .map_err(|e| format!("The model could not be written as JSON: {e}."))?;
    let source = keep(ComputedEngine {
        engine: run.engine.engine,
        request_wait_s: run.engine.request_s,
        model: model_json,
        physics: run.engine.physics,
        input: run.input,
    });
    let run = Run {
        id: "yours-architecture".to_owned(),
        label: names.label,
        origin: RunOrigin::Yours,
        model_id: model_key(&model),
        model,
        format: Some(format),
        engine: Some("vLLM".to_owned()),
        engine_version: None,
        hardware: None,
        nodes: 1,
        topology: Topology::Single,
        workload: first.workload,
        counter: first.counter,
        source,
        date: None,
        cited_in: Vec::new(),
        points: first.points,
        note: None,
        setup: None,
        // Its points are the engine's already (`Run::sizing_curve` reads them).
        engine_points: Vec::new(),
        further_workloads: further,
        server: None,
        caveats: vec![names.caveat],
        names_de: GermanNames { label: Some(names.label_de), ..GermanNames::default() },
        imported_from: None,
    };
    Ok(run.with_setup(setup))
}

/// A model's key as the dataset writes them: lowercase letters and digits, runs of anything
/// else one `-` (`Qwen/Qwen3.6-35B-A3B` gives `qwen-qwen3-6-35b-a3b`).
fn model_key(model: &str) -> String {
    let mut key = String::with_capacity(model.len());
    for c in model.chars().flat_map(char::to_lowercase) {
        if c.is_ascii_alphanumeric() {
            key.push(c);
        } else if !key.is_empty() && !key.ends_with('-') {
            key.push('-');
        }
    }
    key.trim_end_matches('-').to_owned()
}

/// A run from an architecture in a memory budget: its weights and the sessions the rest holds.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ArchitectureMemory {
    /// The weights in memory, GB.
    pub weights_gb: f64,
    /// The budget less the weights, GB.
    pub kv_left_gb: f64,
    /// Sessions of the context the rest holds (`None`: the weights take the budget).
    pub sessions: Option<u64>,
}

/// `run`'s weights and sessions in `budget_gb` at `context_tokens` per session, when it was
/// built from an architecture ([`sizer_core::architecture::sessions_in_budget`]).
pub fn architecture_memory(run: &Run, budget_gb: f64, context_tokens: f64) -> Option<ArchitectureMemory> {
    let physics = architecture_of(run)?.physics;
    let budget_bytes = budget_gb * sizer_core::BYTES_PER_GB;
    Some(ArchitectureMemory {
        weights_gb: physics.weight_bytes / sizer_core::BYTES_PER_GB,
        kv_left_gb: (budget_bytes - physics.weight_bytes) / sizer_core::BYTES_PER_GB,
        sessions: sizer_core::architecture::sessions_in_budget(&physics, budget_bytes, context_tokens),
    })
}
