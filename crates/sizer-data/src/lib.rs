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

// The folders, bottom up (each imports only folders before it here; the tidy test keeps them
// acyclic): `api_keys`, the leaf every JSON reader checks its keys against; `dataset`;
// `catalogue` and `suite`, both on the dataset; `run`; `team`; `predict`; `js_api`.
pub mod api_keys;
pub mod architecture;
mod catalogue;
mod dataset;
mod js_api;
mod predict;
mod run;
pub mod suite;
mod team;

// The public modules by their old names, so `sizer_data::predict_api::...` and the like stay.
pub use catalogue::memory;
pub use catalogue::weights_size;
pub use js_api::element_attributes;
pub use js_api::simulate as sim_api;
pub use js_api::size as api;
pub use predict::api as predict_api;
pub use predict::engine as predict_engine;
pub use predict::load as predict_load;
pub use predict::prediction;
pub use predict::servers as predict_servers;

pub use catalogue::catalog::{
    ARENA_CATALOG_BINARY, CATALOG_FIRST_BINARY, EMBEDDED_CATALOG_BINARY, catalog, try_catalog,
};
pub use catalogue::kv_limit::{
    BudgetBand, ComputedPool, KvLimit, NoComputedPool, PoolKind, WORKING_BUDGET_FACT, pool_gb, run_kv_limit,
};
pub use catalogue::model_facts::{DtypeBasis, KvDtype, KvFacts, ModelCatalog, ModelFacts, RunCache, Sourced, Weights};
pub use dataset::advice::Situation;
pub use dataset::date::{DateError, PartialDate};
pub use dataset::embedded::{ARENA_BINARY, DATASET_FINGERPRINT, EMBEDDED_BINARY, dataset, runs_pending, try_dataset};
pub use dataset::error::{DataError, Problem};
pub use dataset::figure::{Figure, FigureOrigin, TokenCount};
pub use dataset::lookup::CitedValue;
pub use dataset::measured_load::{LoadRow, MeasuredLoadTable, ReportedCapacity, RunMeasuredLoad};
pub use dataset::model::{
    Advice, AdviceWhen, Binding, Citation, Claim, ClaimQuantity, ClaimStatus, Counter, Dataset, EnginePoint, Fact,
    FactKind, GermanNames, ImportSource, Localized, Qualifier, Run, RunOrigin, RunPoint, RunWorkload, ServerSettings,
    SizingWarning, Source, SourceKind, Topology, Unit, Workload, WorkloadKind,
};
pub use dataset::setup::{NOT_STATED, SetupField, YourSetup};
pub use dataset::validate::is_valid_id;
pub use dataset::wire::WireError;
pub use element_attributes::{AttributeValue, ELEMENT_ATTRIBUTES, ElementAttribute};
pub use run::alias::{AliasKind, RUN_ALIASES, RunAlias, RunLookup};
pub use run::claim_check::{ClaimCheck, Recomputed};
pub use run::curve::{CurveBasis, RunCurveError};
pub use run::engine_curve;
pub use run::engine_curve::EngineSpeed;
pub use run::measured_load_data::{LOADS_BINARY, measured_load, measured_loads, try_measured_loads};
pub use run::scenario::{RunInputs, TtftNearest, YOURS, scenario_for_run};
pub use run::systems::Systems;
pub use run::workload_choice::{
    ANSWER_WEIGHT, SizedRun, WorkloadChoice, WorkloadView, sized_own_run, sized_run, team_lengths, workload_distance,
};
pub use run::workload_fit::{PROMPT_MISMATCH_FACTOR, WorkloadCaveat, workload_caveats};
pub use team::checks::{Estimate, LimitCheck, LimitChecks};
pub use team::note::PlanNote;
pub use team::plan::{CitedFigure, PlanRow, Planner};
pub use team::recommend::Recommendation;
pub use team::request::{
    DEFAULT_TEAM_PEOPLE, EXAMPLE_TEAM_PEOPLE, GroupRequest, HeadroomChoice, TeamRequest, TeamRequestError, Usage,
};
pub use team::sim::SimTeamRequest;

/// With feature `arena-later` in the browser (the split wasm, from its second module): appends
/// the arena's runs and sources to the dataset, its entries to the model catalogue and sets the
/// choice among a run's workloads, once; `true` when this call added the runs. Everywhere else
/// the arena is in from the start and this does nothing. Here, not in `dataset::embedded`, so
/// that module does not import the catalogue's (no import cycle).
pub fn install_arena() -> bool {
    // The catalogue's entries and the workload choice first, so a run found has both.
    #[cfg(all(target_arch = "wasm32", feature = "arena-later"))]
    {
        catalogue::catalog::install_arena_catalog();
        run::workload_choice::install_several_workloads();
    }
    dataset::embedded::install_arena_runs()
}
