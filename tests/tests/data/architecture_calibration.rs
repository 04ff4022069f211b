//! The constants `SparkSizer.predict` builds an architecture's engine with
//! (`crates/sizer-data/data/architecture_calibration.rs`, written by `cargo xtask
//! calibrate-architecture`) are the fit on the arena's closed-loop files today, and
//! `docs/CALIBRATION-ARCHITECTURE.md` states the same constants and measured error.

use crate::support;

use sizer_core::architecture::StepPhysics;
use sizer_data::architecture::constants::{FITTED, MEASURED_ERROR};
use sizer_data::architecture::engine::server_physics;
use sizer_data::architecture::fit::fit_efficiency;
use sizer_data::suite::{ARENA_FOLDERS, SuiteRun};
use sizer_import::architecture::arena::read_arena_architecture;
use sizer_import::suite::import_suite;

fn import(run: &str) -> SuiteRun {
    let files = support::arena_folder(run);
    let borrowed: Vec<(&str, &str)> = files.iter().map(|(n, t)| (n.as_str(), t.as_str())).collect();
    import_suite(&borrowed).run.unwrap_or_else(|| panic!("{run}: no run"))
}

#[test]
fn the_constants_are_the_fit_on_every_arena_run() {
    let runs: Vec<SuiteRun> = ARENA_FOLDERS.iter().map(|f| import(f)).collect();
    let mut physics: Vec<(StepPhysics, &SuiteRun)> = Vec::new();
    let mut unknown = Vec::new();
    for (folder, run) in ARENA_FOLDERS.iter().zip(&runs) {
        let (read, _) = read_arena_architecture(folder, run.setup.as_ref(), |f| Ok(support::model_config(f)));
        match read {
            Ok(read) => physics.push((server_physics(&read, run.setup.as_ref()), run)),
            Err(_) => unknown.push(*folder),
        }
    }
    // KAT-Coder-V2.5-Dev alone has neither a configuration nor a size in its name.
    assert_eq!(unknown, ["kat-coder/kat-coder-v2.5/bf16"]);
    let fitted = fit_efficiency(&physics).expect("constants");
    let (a, b) = (fitted.to_terms(), FITTED.to_terms());
    for (x, y) in a.iter().zip(&b) {
        assert!((x - y).abs() <= 1e-9 * y.abs().max(1e-12), "{a:?} against the file's {b:?}: run the xtask");
    }
}

#[test]
fn the_document_states_the_measured_error_of_the_file() {
    let path = format!("{}/../docs/CALIBRATION-ARCHITECTURE.md", env!("CARGO_MANIFEST_DIR"));
    let doc = std::fs::read_to_string(&path).expect("the document");
    let row = |hits: usize, of: usize| format!("| {hits} of {of} ({:.0} %) |", 100.0 * hits as f64 / of as f64);
    let e = MEASURED_ERROR;
    for (hits, of) in [e.decode_within_20, e.capacity_within_one_step, e.ttft_within_35] {
        assert!(doc.contains(&row(hits, of)), "{} missing from the document", row(hits, of));
    }
    // Today's figures, held so that a change that moves them is seen.
    assert_eq!(e.decode_within_20, (41, 57));
    assert_eq!(e.capacity_within_one_step, (15, 18));
    assert_eq!(e.ttft_within_35, (55, 76));
}
