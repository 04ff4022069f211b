//! What the crate derives from one dataset run: its per-request speed curve (`curve.rs`) and its
//! engine's beyond the measured concurrency (`engine_curve.rs`), the
//! scenario it fills in for a sizing (`scenario.rs`), its other ids (`alias.rs`), the hardware
//! its figures cover (`systems.rs`), the choice among its workloads and their fit to a team
//! (`workload_choice.rs`, `workload_fit.rs`), its measured open-loop load (`measured_load_data.rs`)
//! and the recomputation of the articles' claims about it (`gain.rs`, `claim_check.rs`).

pub mod alias;
pub mod claim_check;
pub mod curve;
pub mod engine_curve;
pub mod gain;
pub mod measured_load_data;
pub mod scenario;
pub mod systems;
pub mod workload_choice;
pub mod workload_fit;
