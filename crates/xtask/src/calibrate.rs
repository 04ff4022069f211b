//! `cargo xtask calibrate`: every arena run (`tests/fixtures/arena/`) imported with
//! `sizer_import::suite::import_suite`, calibrated by `sizer_data::suite::calibrate::calibrate_run`
//! (the engine fitted to its closed-loop files, its open-loop steps predicted and set beside the
//! measured ones and the baseline's), and the result written to `docs/CALIBRATION.md` by
//! [`crate::calibrate_doc`], and the fitted engine's summary to
//! `crates/sizer-data/data/calibration_summary.rs` (the page's error sentence reads it). Deterministic: no timings in the file, runs in a fixed order.
use crate::error::{TaskError, TaskResult};
use sizer_core::sim::open_loop::{DecodeShape, MixedStep, OutsideDelay};
use sizer_data::suite::SuiteRun;
use sizer_data::suite::calibrate::{RunCalibration, calibrate_run};
use sizer_data::suite::calibration_summary::{bands_source, error_bands, summary_source};
use sizer_data::suite::conversation_error::{conversation_error, conversation_error_source};
use sizer_data::suite::engine_inputs::{CALIBRATED, EngineConstants};
use sizer_data::suite::load_inputs::DatasetLengths;
use sizer_data::suite::step_floors::{ArchitectureFloors, ExpertTerm};
use sizer_data::suite::summary::{Model, summarise};
use sizer_data::suite::tpot_error::by_extrapolation;
use std::path::Path;

use crate::calibrate_doc::BEFORE;
use crate::calibrate_shapes::{DECODE_SHAPES_TRIED, shape_name, shape_of};

/// The 19 arena runs, in the order the document lists them.
pub const ARENA_RUNS: [&str; 19] = sizer_data::suite::ARENA_FOLDERS;

/// Where the document goes, from the workspace root.
pub const DOC: &str = "docs/CALIBRATION.md";

/// Where the fitted engine's summary goes, for the page's error sentence
/// (`sizer_data::suite::calibration_summary`).
pub const SUMMARY: &str = "crates/sizer-data/data/calibration_summary.rs";

/// Where each arena model's decode-step floors go (`sizer_data::suite::step_floors`).
pub const STEP_FLOORS: &str = "crates/sizer-data/data/arena_step_floors.rs";

/// Where the fitted engine's TPOT error by batch ratio goes, for a prediction's error band
/// (`sizer_data::suite::calibration_summary::TPOT_ERROR_BANDS`).
pub const BANDS: &str = "crates/sizer-data/data/tpot_error_bands.rs";

/// Where the fitted engine's error on the mixtures of experts' ShareGPT steps goes, for a sizing
/// on such an engine (`sizer_data::suite::conversation_error`).
pub const CONVERSATION_ERROR: &str = "crates/sizer-data/data/conversation_tpot_error.rs";

/// The row of the ShareGPT replay with its lengths spread (uniform, 0.1 to 1.9 times the
/// measured means, the sweep's own spread) instead of long-tailed.
pub const DATASET_SPREAD: &str = "dataset lengths spread 0.9";

/// The row of the ShareGPT replay with every request at the measured means (the choice before
/// the long-tailed lengths).
pub const DATASET_AT_MEANS: &str = "dataset lengths at the means";

/// The engine at main b451605: every run in the global decode shape (no floor from its model's
/// bytes), the rest as chosen: the summary's "before".
pub fn engine_at_b451605() -> EngineConstants {
    EngineConstants { architecture_floors: ArchitectureFloors::Off, ..CALIBRATED }
}

/// The engine at main 1579a8e, before the decode shape was calibrated (every term unbounded,
/// no floor), with the ShareGPT steps at their mean lengths as they were replayed then.
fn engine_at_1579a8e() -> EngineConstants {
    EngineConstants {
        decode_shape: DecodeShape::default(),
        dataset_lengths: DatasetLengths::AtMeans,
        outside_delay: OutsideDelay::NotFitted,
        architecture_floors: ArchitectureFloors::Off,
        ..CALIBRATED
    }
}

/// The constants tried beside [`CALIBRATED`] (one changed at a time; the decode shapes as
/// wholes, every one measured while choosing it), for the document's "Global constants" table.
pub fn tried_constants() -> Vec<(String, EngineConstants)> {
    let c = CALIBRATED;
    let fixed = [
        ("chosen", c),
        (BEFORE, engine_at_b451605()),
        ("engine at main 1579a8e", engine_at_1579a8e()),
        (
            "architecture floors for mixtures of experts too",
            EngineConstants { architecture_floors: ArchitectureFloors::EveryModel, ..c },
        ),
        (
            "mixtures of experts read their experts as independent routing would",
            EngineConstants { expert_term: ExpertTerm::IndependentRouting, ..c },
        ),
        (
            "mixtures of experts read their experts as independent routing would, outside delay fitted in the prompt \
             rates",
            EngineConstants {
                expert_term: ExpertTerm::IndependentRouting,
                outside_delay: OutsideDelay::PromptRows,
                ..c
            },
        ),
        ("KV pool 250,000 tokens", EngineConstants { kv_pool_tokens: 250_000.0, ..c }),
        ("KV pool 500,000 tokens", EngineConstants { kv_pool_tokens: 500_000.0, ..c }),
        ("KV pool 2,000,000 tokens", EngineConstants { kv_pool_tokens: 2_000_000.0, ..c }),
        ("batch limit 1,024", EngineConstants { max_batch: 1_024, ..c }),
        ("step budget 2,048", EngineConstants { step_token_budget: 2_048, ..c }),
        ("step budget 16,384", EngineConstants { step_token_budget: 16_384, ..c }),
        ("burst fit 5 rounds", EngineConstants { burst_rounds: 5, ..c }),
        ("no client latency", EngineConstants { client_latency: false, ..c }),
        ("mixed step summed", EngineConstants { mixed_step: MixedStep::Summed, ..c }),
        ("1 draw", EngineConstants { draws: 1, ..c }),
        ("5 draws", EngineConstants { draws: 5, ..c }),
        ("31 draws", EngineConstants { draws: 31, ..c }),
        (DATASET_AT_MEANS, EngineConstants { dataset_lengths: DatasetLengths::AtMeans, ..c }),
        (DATASET_SPREAD, EngineConstants { dataset_lengths: DatasetLengths::Uniform { range: 0.9 }, ..c }),
        (
            "dataset lengths gamma, shape 2",
            EngineConstants { dataset_lengths: DatasetLengths::Gamma { shape: 2.0 }, ..c },
        ),
        (
            "dataset lengths gamma, shape 0.5",
            EngineConstants { dataset_lengths: DatasetLengths::Gamma { shape: 0.5 }, ..c },
        ),
        (
            "before: mixed step summed, 1 draw",
            EngineConstants { mixed_step: MixedStep::Summed, draws: 1, ..engine_at_1579a8e() },
        ),
        ("outside delay fitted in the prompt rates", EngineConstants { outside_delay: OutsideDelay::PromptRows, ..c }),
        ("outside delay fitted in the TTFRs", EngineConstants { outside_delay: OutsideDelay::TtfrRows, ..c }),
        (
            "outside delays fitted in the prompt rates and TTFRs",
            EngineConstants { outside_delay: OutsideDelay::PromptAndTtfrRows, ..c },
        ),
        (
            "outside delay fitted in the TTFRs at concurrency 1",
            EngineConstants { outside_delay: OutsideDelay::TtfrSingles, ..c },
        ),
        (
            "outside delays fitted in the prompt rates and the TTFRs at concurrency 1",
            EngineConstants { outside_delay: OutsideDelay::PromptAndTtfrSingles, ..c },
        ),
        (
            "prompt rates of single short prompts left out",
            EngineConstants { outside_delay: OutsideDelay::DropShortSingles, ..c },
        ),
    ];
    let mut tried: Vec<(String, EngineConstants)> = fixed.into_iter().map(|(n, k)| (n.to_owned(), k)).collect();
    // Each decode shape tried in full (not relative to the chosen one), on the chosen rest.
    for row in DECODE_SHAPES_TRIED {
        let decode_shape = shape_of(row);
        tried.push((shape_name(&decode_shape), EngineConstants { decode_shape, ..c }));
    }
    // The floors for every model with the delay and saturations around the chosen shape: the
    // variants that meet the TPOT target, measured and not chosen (docs/CALIBRATION.md).
    for saturation in [60.0, 80.0, 100.0] {
        let decode_shape = DecodeShape { root_saturation_batch: saturation, ..c.decode_shape };
        let every = EngineConstants { architecture_floors: ArchitectureFloors::EveryModel, decode_shape, ..c };
        tried.push((format!("architecture floors for every model, {}", shape_name(&decode_shape)), every));
        tried.push((
            format!(
                "architecture floors for every model, outside delay fitted in the prompt rates, {}",
                shape_name(&decode_shape)
            ),
            EngineConstants { outside_delay: OutsideDelay::PromptRows, ..every },
        ));
    }
    for saturation in [45.0, 80.0, 100.0] {
        let decode_shape = DecodeShape { root_saturation_batch: saturation, ..c.decode_shape };
        tried.push((
            format!("architecture floors, {}", shape_name(&decode_shape)),
            EngineConstants { decode_shape, ..c },
        ));
    }
    tried
}

/// One arena run folder imported as a suite; every file refused is an error.
pub fn import_run(root: &Path, run: &str) -> TaskResult<SuiteRun> {
    let dir = root.join("tests/fixtures/arena").join(run);
    let mut files = Vec::new();
    for entry in std::fs::read_dir(&dir).map_err(TaskError::io(&dir))? {
        let path = entry.map_err(TaskError::io(&dir))?.path();
        let Some(name) = path.file_name().and_then(|n| n.to_str()).map(str::to_owned) else { continue };
        let text = std::fs::read_to_string(&path).map_err(TaskError::io(&path))?;
        files.push((name, text));
    }
    files.sort();
    let borrowed: Vec<(&str, &str)> = files.iter().map(|(n, t)| (n.as_str(), t.as_str())).collect();
    let imported = sizer_import::suite::import_suite(&borrowed);
    if let Some(refused) = imported.refused.first() {
        return Err(TaskError::Message(format!("{run}: {refused}")));
    }
    imported.run.ok_or_else(|| TaskError::Message(format!("{run}: the files gave no run")))
}

/// Calibrates every run with `constants`.
pub fn calibrate_all(runs: &[(String, SuiteRun)], constants: &EngineConstants) -> Vec<RunCalibration> {
    runs.iter().map(|(_, run)| calibrate_run(run, constants)).collect()
}

/// The task: import, calibrate with every tried constant set (and every per-run floor rule of
/// [`crate::calibrate_floors`]), write the document.
pub fn calibrate(root: &Path) -> TaskResult {
    let mut runs = Vec::new();
    for run in ARENA_RUNS {
        runs.push((run.to_owned(), import_run(root, run)?));
    }
    // Each run's architecture, read once: the floors file and the floor rules' rows both use it.
    let physics = crate::calibrate_floors::run_physics(root, &runs);
    let path = root.join(STEP_FLOORS);
    std::fs::write(&path, crate::calibrate_floors::step_floors_source(&runs, &physics))
        .map_err(TaskError::io(&path))?;
    eprintln!("wrote {} (rebuild and run again if it changed)", path.display());
    let owned = tried_constants();
    let mut tried: Vec<(&str, EngineConstants, Vec<RunCalibration>)> = owned
        .iter()
        .map(|(name, constants)| {
            eprintln!("calibrating: {name}");
            (name.as_str(), *constants, calibrate_all(&runs, constants))
        })
        .collect();
    // Per-run floors differ by run, so their rows carry the chosen constants' name slot only.
    let names: Vec<&str> = ARENA_RUNS.to_vec();
    let (floors, floors_table) = crate::calibrate_floors::floor_rows(&names, &runs, &physics);
    tried.extend(floors.iter().map(|(name, calibrations)| (name.as_str(), CALIBRATED, calibrations.clone())));
    let same_batch = crate::calibrate_same_batch::same_batch_section(&names, &runs, &physics);
    let text = crate::calibrate_doc::document(&names, &runs, &tried, &floors_table, &same_batch);
    let path = root.join(DOC);
    std::fs::write(&path, text).map_err(TaskError::io(&path))?;
    eprintln!("wrote {}", path.display());
    if let Some((_, _, calibrations)) = tried.first() {
        let engine = summarise(calibrations, Model::Engine);
        let path = root.join(SUMMARY);
        std::fs::write(&path, summary_source(&engine)).map_err(TaskError::io(&path))?;
        eprintln!("wrote {}", path.display());
        if let Some(error) = conversation_error(calibrations) {
            let path = root.join(CONVERSATION_ERROR);
            std::fs::write(&path, conversation_error_source(&error)).map_err(TaskError::io(&path))?;
            eprintln!("wrote {}", path.display());
        }
        let path = root.join(BANDS);
        let bands = error_bands(&by_extrapolation(calibrations));
        std::fs::write(&path, bands_source(&bands)).map_err(TaskError::io(&path))?;
        eprintln!("wrote {}", path.display());
    }
    Ok(())
}
