//! The sourced dataset: every benchmark table and figure of both seed articles, further public
//! DGX Spark sweeps (llama.cpp's batched-bench tables, kubis.ai, Conselara, AIPerf and
//! llama-benchy runs), every numeric claim of both articles with our check of it, and their
//! advice in English and German, with provenance, as typed and validated Rust.
//!
//! The JSON lives in `data/*.json` (one array per list) and is compiled in with `include_str!`;
//! [`dataset()`] parses and validates it once. The wasm build embeds a binary form of the same
//! JSON instead ([`EMBEDDED_BINARY`], written by `build.rs`), so the browser parses no JSON.
//! `DATA.md` at the repository root says how to add a benchmark.
//!
//! The model facts (`data/models.json`: parameters, weights, KV-cache architecture, each with its
//! source) load the same way ([`catalog()`]); [`ModelCatalog::kv_limit`] gives every run a KV
//! limit and [`memory`] answers which models fit together. [`Dataset::plan_team`] plans a
//! team against every run ([`TeamRequest`] is the JSON a host page sends).
//!
//! [`suite`] holds one server as a benchmark suite measured it (setup, closed-loop workloads,
//! open-loop load steps and the rate sweep's capacity), beside the dataset's runs, and the
//! calibration's rules: such a server as the open-loop engine's inputs, its measured steps as
//! loads, today's simulation as the baseline, and the summary against the targets
//! ([`suite::calibrate::calibrate_run`], [`suite::summary::summarise`]).

#![forbid(unsafe_code)]

mod advice;
pub mod api;
#[cfg(test)]
mod api_key_tables;
pub mod api_keys;
mod catalog;
mod claim_check;
mod curve;
mod date;
pub mod element_attributes;
mod error;
mod figure;
mod gain;
mod kv_limit;
mod load;
mod lookup;
mod measured_load;
mod measured_load_data;
pub mod memory;
mod model;
mod model_facts;
pub mod predict_api;
pub mod predict_engine;
pub mod predict_load;
pub mod prediction;
mod run_alias;
mod run_scenario;
mod setup;
mod sim;
pub mod sim_api;
pub mod suite;
mod systems;
mod team;
mod validate;
mod wire;
mod workload_choice;
mod workload_fit;

pub use advice::Situation;
pub use catalog::{ARENA_CATALOG_BINARY, CATALOG_FIRST_BINARY, EMBEDDED_CATALOG_BINARY, catalog, try_catalog};
pub use claim_check::{ClaimCheck, Recomputed};
pub use curve::{CurveBasis, RunCurveError};
pub use date::{DateError, PartialDate};
pub use element_attributes::{AttributeValue, ELEMENT_ATTRIBUTES, ElementAttribute};
pub use error::{DataError, Problem};
pub use figure::{Figure, FigureOrigin, TokenCount};
pub use kv_limit::{
    BudgetBand, ComputedPool, KvLimit, NoComputedPool, PoolKind, WORKING_BUDGET_FACT, pool_gb, run_kv_limit,
};
pub use load::{ARENA_BINARY, DATASET_FINGERPRINT, EMBEDDED_BINARY, dataset, runs_pending, try_dataset};
pub use lookup::CitedValue;
pub use measured_load::{LoadRow, MeasuredLoadTable, ReportedCapacity, RunMeasuredLoad};
pub use measured_load_data::{LOADS_BINARY, measured_load, measured_loads, try_measured_loads};
pub use model::{
    Advice, AdviceWhen, Binding, Citation, Claim, ClaimQuantity, ClaimStatus, Counter, Dataset, Fact, FactKind,
    GermanNames, ImportSource, Localized, Qualifier, Run, RunOrigin, RunPoint, RunWorkload, ServerSettings, Source,
    SourceKind, Topology, Unit, Warning, Workload, WorkloadKind,
};
pub use model_facts::{DtypeBasis, KvDtype, KvFacts, ModelCatalog, ModelFacts, RunCache, Sourced, Weights};
pub use run_alias::{AliasKind, RUN_ALIASES, RunAlias, RunLookup};
pub use run_scenario::{RunInputs, TtftNearest, YOURS, scenario_for_run};
pub use setup::{NOT_STATED, SetupField, YourSetup};
pub use systems::Systems;
pub use team::checks::{Estimate, LimitCheck, LimitChecks};
pub use team::note::PlanNote;
pub use team::plan::{CitedFigure, PlanRow, Planner};
pub use team::recommend::Recommendation;
pub use team::request::{DEFAULT_TEAM_PEOPLE, GroupRequest, HeadroomChoice, TeamRequest, TeamRequestError, Usage};
pub use team::sim::SimTeamRequest;
pub use validate::is_valid_id;
pub use wire::WireError;
pub use workload_choice::{
    ANSWER_WEIGHT, SizedRun, WorkloadChoice, WorkloadView, sized_own_run, sized_run, team_lengths, workload_distance,
};
pub use workload_fit::{PROMPT_MISMATCH_FACTOR, WorkloadCaveat, workload_caveats};

/// With feature `arena-later` in the browser (the split wasm, from its second module): appends
/// the arena's runs and sources to the dataset, its entries to the model catalogue and sets the
/// choice among a run's workloads, once; `true` when this call added the runs. Everywhere else
/// the arena is in from the start and this does nothing. Here, not in `load`, so that module
/// does not import the catalogue's (no import cycle).
pub fn install_arena() -> bool {
    // The catalogue's entries and the workload choice first, so a run found has both.
    #[cfg(all(target_arch = "wasm32", feature = "arena-later"))]
    {
        catalog::install_arena_catalog();
        workload_choice::install_several_workloads();
    }
    load::install_arena_runs()
}
