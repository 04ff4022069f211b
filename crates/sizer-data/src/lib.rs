//! The sourced dataset: every benchmark table and figure of both seed articles (and the public
//! llama.cpp DGX Spark batched-bench tables), with provenance, as typed and validated Rust.
//!
//! The JSON lives in `data/*.json` (one array per list) and is compiled in with `include_str!`;
//! [`dataset()`] parses and validates it once. The wasm build embeds a binary form of the same
//! JSON instead ([`EMBEDDED_BINARY`], written by `build.rs`), so the browser parses no JSON.
//! `DATA.md` at the repository root says how to add a benchmark. [`Dataset::plan_team`] plans a
//! team against every run ([`TeamRequest`] is the JSON a host page sends).

#![forbid(unsafe_code)]

mod curve;
mod date;
mod error;
mod figure;
mod load;
mod lookup;
mod model;
mod team_plan;
mod team_request;
mod validate;
mod wire;

pub use curve::{CurveBasis, RunCurveError};
pub use date::{DateError, PartialDate};
pub use error::{DataError, Problem};
pub use figure::{Figure, FigureOrigin, TokenCount};
pub use load::{EMBEDDED_BINARY, dataset, try_dataset};
pub use lookup::CitedValue;
pub use model::{
    Citation, Claim, ClaimQuantity, Counter, Dataset, Fact, FactKind, Qualifier, Run, RunOrigin, RunPoint, Source,
    SourceKind, Topology, Unit, Workload,
};
pub use team_plan::{CitedFigure, PlanRow, Planner, TtftNearest};
pub use team_request::{DEFAULT_TEAM_PEOPLE, GroupRequest, HeadroomChoice, TeamRequest, TeamRequestError, Usage};
pub use validate::is_valid_id;
pub use wire::WireError;
