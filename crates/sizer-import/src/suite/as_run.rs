//! A suite import as a person's own run: the one [`sizer_data::Run`] the page lists for several
//! files of one server dropped at once, with every closed-loop workload (the sizing picks the
//! one nearest the scenario, as for the dataset's arena runs) and its measured open-loop load.
//!
//! The workloads, the server settings and the load rows are made by the same rules that wrote
//! the dataset's arena runs (`sizer_data::suite::as_run`), so importing an arena folder gives
//! that run's figures exactly (`tests/tests/import/suite_run.rs`). A suite that gave no
//! closed-loop workload gives no run: there is no curve to size on, and the page imports such
//! files one by one as before.

use sizer_data::engine_curve::suite_workloads_with_engine;
use sizer_data::suite::SuiteRun;
use sizer_data::suite::as_run::{measured_load, server_settings};
use sizer_data::{GermanNames, PartialDate, Run, RunMeasuredLoad, RunOrigin, SetupField, Topology, YourSetup};

use super::{FileError, SuiteError, import_suite};
use crate::input::guard;
use crate::input::label::short_model;
use crate::input::text::clean_label;
use crate::to_run::slug;

/// What a suite import gives the page.
#[derive(Debug, Clone, PartialEq)]
pub struct SuiteRunImport {
    /// The run, when the files gave at least one closed-loop workload.
    pub run: Option<Run>,
    /// Its measured open-loop load, when the files gave a load step; its `run` is the run's id.
    pub load: Option<RunMeasuredLoad>,
    /// Closed-loop workloads in the run.
    pub workloads: usize,
    /// Load steps (single loads and rate-sweep steps) in its measured load.
    pub load_steps: usize,
    /// Files left out, each with its typed reason, in the order given.
    pub refused: Vec<FileError>,
    /// Files read and not needed.
    pub ignored: Vec<String>,
}

/// Several dropped files, `(file name, bytes)` each, as one server's suite, as the page reads
/// them: `Some` when at least two files went into one run with a closed-loop workload (the
/// others refused or not needed, each said); `None` when they are not one suite (fewer than two
/// files, no llama-benchy table, or only one file used), and the page imports them one by one as
/// before. Bytes are decoded as a single file is (UTF-8, or UTF-16 with its mark); a file that
/// is not text is refused with its sentence.
pub fn suite_of_files(files: &[(&str, &[u8])], name: &str) -> Option<SuiteRunImport> {
    if files.len() < 2 {
        return None;
    }
    let mut texts: Vec<(usize, &str, std::borrow::Cow<'_, str>)> = Vec::with_capacity(files.len());
    let mut not_text: Vec<(usize, FileError)> = Vec::new();
    for (index, (file, bytes)) in files.iter().enumerate() {
        match guard::decode(bytes) {
            Ok(text) => texts.push((index, file, text)),
            Err(error) => {
                not_text.push((index, FileError { file: clean_label(file).0, error: SuiteError::Import(error) }))
            }
        }
    }
    let borrowed: Vec<(&str, &str)> = texts.iter().map(|(_, file, text)| (*file, text.as_ref())).collect();
    let mut imported = import_suite_run(&borrowed, name);
    let used = borrowed.len().saturating_sub(imported.refused.len() + imported.ignored.len());
    if imported.run.is_none() || used < 2 {
        return None;
    }
    if !not_text.is_empty() {
        // Every refusal in the order the files were given.
        let mut refused: Vec<(usize, FileError)> = not_text;
        for error in imported.refused {
            let index = texts.iter().find(|(_, file, _)| clean_label(file).0 == error.file).map_or(usize::MAX, |t| t.0);
            refused.push((index, error));
        }
        refused.sort_by_key(|(index, _)| *index);
        imported.refused = refused.into_iter().map(|(_, error)| error).collect();
    }
    Some(imported)
}

/// Imports several files of one server as one run ([`import_suite`], then the dataset's rules):
/// `name` is the person's name for it; empty gives `model · PRECISION · vLLM version` from the
/// files. Never fails as a whole.
pub fn import_suite_run(files: &[(&str, &str)], name: &str) -> SuiteRunImport {
    let imported = import_suite(files);
    let (run, load) = match imported.run.as_ref().and_then(|suite| own_run(suite, name).map(|run| (suite, run))) {
        Some((suite, run)) => {
            let has_load = !suite.load.tests.is_empty() || !suite.load.sweep.is_empty();
            let load = has_load.then(|| measured_load(&run.id, &suite.load));
            (Some(run), load)
        }
        None => (None, None),
    };
    let workloads = run.as_ref().map_or(0, Run::workload_count);
    let load_steps = load.as_ref().map_or(0, |load| load.tests.len() + load.sweep.len());
    SuiteRunImport { run, load, workloads, load_steps, refused: imported.refused, ignored: imported.ignored }
}

/// The suite's server as a person's run (origin `Yours`, id `yours-<label slug>`): its first
/// workload as the run's own, the others as further workloads, each with its engine's points
/// (`sizer_data::engine_curve`); `meta.json`'s hardware and
/// maximum model length as the run's stated setup. `None` without a closed-loop workload.
pub fn own_run(suite: &SuiteRun, name: &str) -> Option<Run> {
    // With its engine's points, as the arena's runs: sized on the model the simulation runs.
    let mut workloads = suite_workloads_with_engine(suite).into_iter();
    let first = workloads.next()?;
    let setup = suite.setup.as_ref();
    let model = short_model(&suite.model);
    let profile = setup.and_then(|s| s.profile.as_deref());
    // The profile names the weights' precision (`bf16-v23`: BF16), as for the arena's runs.
    let precision = profile.map(|p| p.split('-').next().unwrap_or(p).to_ascii_uppercase());
    let version = setup.and_then(|s| s.vllm_version.clone());
    let label = match clean_label(name).0 {
        given if !given.is_empty() => given,
        _ => {
            let parts = [Some(model.clone()), precision.clone(), version.as_ref().map(|v| format!("vLLM {v}"))];
            clean_label(&parts.into_iter().flatten().collect::<Vec<_>>().join(" · ")).0
        }
    };
    let last_segment = model.rsplit('/').next().unwrap_or(&model).to_owned();
    let date = setup
        .and_then(|s| s.generated_at.as_deref())
        .and_then(|at| at.get(..10))
        .and_then(|day| PartialDate::parse(day).ok());
    let mut your_setup = YourSetup::default();
    if let Some(setup) = setup {
        your_setup.hardware = setup.hardware.as_deref().map(|h| clean_label(h).0).filter(|h| !h.is_empty());
        your_setup.max_context_tokens = setup.max_model_len;
        for (field, stated) in [
            (SetupField::Hardware, your_setup.hardware.is_some()),
            (SetupField::MaxContextTokens, your_setup.max_context_tokens.is_some()),
        ] {
            if stated {
                your_setup.mark_from_file(field);
            }
        }
    }
    let run = Run {
        id: format!("yours-{}", slug(&label)),
        label,
        origin: RunOrigin::Yours,
        model,
        model_id: slug(&last_segment),
        format: precision,
        // The suite's open-loop files are `vllm bench serve`, its meta.json a vLLM server's.
        engine: setup.is_some().then(|| "vLLM".to_owned()),
        engine_version: version,
        hardware: None,
        nodes: 1,
        topology: Topology::Single,
        workload: first.workload,
        counter: first.counter,
        source: "yours".to_owned(),
        date,
        cited_in: Vec::new(),
        points: first.points,
        // No English note: the page says how a suite's points were read in its own words.
        note: None,
        setup: None,
        engine_points: first.engine_points,
        further_workloads: workloads.collect(),
        server: setup.map(server_settings),
        caveats: Vec::new(),
        // A person's own run keeps the name it was given, in both languages.
        names_de: GermanNames::default(),
        imported_from: None,
    };
    Some(run.with_setup(your_setup))
}
