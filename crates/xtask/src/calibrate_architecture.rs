//! `cargo xtask calibrate-architecture`: every arena run predicted from its architecture alone
//! (`sizer_data::architecture::calibrate`, leave-one-model-out), beside its measurements, the
//! naive roofline and the engine fitted to its own closed-loop files; writes
//! `docs/CALIBRATION-ARCHITECTURE.md` and the constants fitted on every run to
//! `crates/sizer-data/data/architecture_calibration.rs`. Deterministic.

use crate::calibrate::{ARENA_RUNS, import_run};
use crate::calibrate_floors::read_arena_architecture;
use crate::error::{TaskError, TaskResult};
use sizer_data::architecture::ReadArchitecture;
use sizer_data::architecture::calibrate::{ArchitectureCase, Predictor, check_all, fit_all, targets, targets_by_input};
use sizer_data::architecture::measured_error::InputKind;
use sizer_data::suite::calibrate::{RunCalibration, calibrate_run};
use sizer_data::suite::engine_inputs::CALIBRATED;
use std::path::Path;

/// Where the document goes, from the workspace root.
pub const DOC: &str = "docs/CALIBRATION-ARCHITECTURE.md";
/// Where the constants go.
pub const CONSTANTS: &str = "crates/sizer-data/data/architecture_calibration.rs";

/// The task.
pub fn calibrate_architecture(root: &Path) -> TaskResult {
    let mut runs = Vec::new();
    for folder in ARENA_RUNS {
        runs.push((folder, import_run(root, folder)?));
    }
    eprintln!("fitting each run's own engine");
    let fitted: Vec<RunCalibration> = runs.iter().map(|(_, run)| calibrate_run(run, &CALIBRATED)).collect();
    let reads: Vec<(Result<ReadArchitecture, String>, String)> =
        runs.iter().map(|(folder, run)| read_arena_architecture(root, folder, run)).collect();
    let cases: Vec<ArchitectureCase> = runs
        .iter()
        .zip(&reads)
        .zip(&fitted)
        .map(|(((folder, run), (read, relation)), fitted)| ArchitectureCase {
            folder,
            run,
            read: read.clone(),
            relation,
            fitted,
        })
        .collect();
    eprintln!("leave-one-model-out");
    let checks = check_all(&cases);
    let all = fit_all(&cases).ok_or_else(|| TaskError::Message("no constants could be fitted".to_owned()))?;
    let fitted_refs: Vec<&RunCalibration> = fitted.iter().collect();
    let arch = targets(&checks, &fitted_refs, Predictor::Architecture);
    let roof = targets(&checks, &fitted_refs, Predictor::Roofline);
    let fit = targets(&checks, &fitted_refs, Predictor::Fitted);
    let by_input = crate::calibrate_architecture_doc::ByInput {
        config: targets_by_input(&checks, &fitted_refs, Some(InputKind::Configuration)),
        short_form: targets_by_input(&checks, &fitted_refs, Some(InputKind::SizeOnly)),
        unknown: targets_by_input(&checks, &fitted_refs, None),
    };
    let text = crate::calibrate_architecture_doc::document(&checks, &fitted_refs, &all, [arch, roof, fit], &by_input);
    let path = root.join(DOC);
    std::fs::write(&path, text).map_err(TaskError::io(&path))?;
    eprintln!("wrote {}", path.display());
    let path = root.join(CONSTANTS);
    std::fs::write(&path, crate::calibrate_architecture_doc::constants_source(&all, &arch, &by_input))
        .map_err(TaskError::io(&path))?;
    eprintln!("wrote {}", path.display());
    Ok(())
}
