//! What a person does in the import panel, and the panel's state: one [`ImportAction`] per
//! event, applied by the calculator's one reducer (`SizerState::apply_imported` in
//! `shell/state/import.rs`). The
//! imported runs themselves are [`crate::import::imported::ImportedRuns`].

use std::any::Any;
use std::fmt;
use std::rc::Rc;

use sizer_data::{Run, RunMeasuredLoad, SetupField};
use sizer_import::suite::FileError;
use sizer_import::{Format, Import, ImportError, ImportWarning};

pub use crate::i18n::architecture::SizeField;
use crate::import::imported::{Restored, StorageNotice};

/// Why the last import did not go through.
#[derive(Clone, Debug, PartialEq)]
pub enum ImportFailure {
    /// The importer refused the input.
    Import(ImportError),
    /// The list would grow past this many runs.
    TooMany(usize),
    /// The browser could not read this file.
    FileUnreadable(String),
    /// A typed concurrency is not a whole number of at least 1.
    ConcurrencyInvalid,
    /// A model's `config.json` gave no run: the reader's one sentence.
    Architecture(String),
    /// A field of the short form is not a number.
    SizeNotNumber(SizeField),
}

/// What an import brought besides its runs: shown as the panel's status.
#[derive(Clone, Debug, PartialEq)]
pub struct ImportReport {
    /// The input's format.
    pub format: Format,
    /// What the importer warned about (the missing concurrencies, typed meanwhile, left out).
    pub warnings: Rc<[ImportWarning]>,
    /// What a whole suite's import gave besides its run, when several files were one server.
    pub suite: Option<SuiteReport>,
}

/// A [`SuiteDone`] as the state holds it: shared and opaque (`dyn Any`), compared by identity.
/// The state's reducer and its comparisons live in the first wasm module; a suite is only
/// imported and read by code of the second (the panel, `import::suites`), so its types'
/// comparison code stays there.
#[derive(Clone)]
pub struct SuiteReport(Rc<dyn Any>);

impl SuiteReport {
    /// Wraps a suite import's outcome.
    pub fn new(done: SuiteDone) -> SuiteReport {
        SuiteReport(Rc::new(done))
    }

    /// The outcome.
    pub fn get(&self) -> Option<&SuiteDone> {
        self.0.downcast_ref()
    }
}

impl PartialEq for SuiteReport {
    fn eq(&self, other: &SuiteReport) -> bool {
        Rc::ptr_eq(&self.0, &other.0)
    }
}

impl fmt::Debug for SuiteReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("SuiteReport")
    }
}

/// A suite import's outcome beside its one run: what the status says, the files left out and
/// not needed, and the run's measured load (found again by the run's id, `import::suites`).
#[derive(Debug)]
pub struct SuiteDone {
    /// Files dropped or chosen.
    pub files: usize,
    /// Closed-loop workloads in the run.
    pub workloads: usize,
    /// Load steps in its measured load.
    pub load_steps: usize,
    /// Files left out, each with its typed reason.
    pub refused: Vec<FileError>,
    /// Files read and not needed.
    pub ignored: Vec<String>,
    /// The run's measured open-loop load, when the files gave one.
    pub load: Option<Rc<RunMeasuredLoad>>,
    /// When the run was predicted from a model's `config.json` rather than measured.
    pub architecture: Option<ArchitectureImported>,
}

/// What a `config.json` import read, for its status line.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ArchitectureImported {
    /// The weights in memory, GB.
    pub weights_gb: f64,
    /// Fields assumed (one note each).
    pub assumed: usize,
    /// Whether it was read from the typed size alone (no configuration).
    pub short_form: bool,
}

/// A model's size as the panel's short form read it: total and active parameters, billions,
/// and the weights' format (`bf16`, `fp8`, `nvfp4` or `mxfp4`).
#[derive(Clone, Debug, PartialEq)]
pub struct TypedSize {
    pub total_params_b: f64,
    pub active_params_b: f64,
    pub format: String,
}

impl TypedSize {
    /// The model's name as model cards write a size: `8B` dense, `30B-A3B` with fewer active.
    pub fn model_name(&self) -> String {
        let billions = |b: f64| {
            let rounded = (b * 10.0).round() / 10.0;
            format!("{rounded}B")
        };
        if self.active_params_b < self.total_params_b {
            format!("{}-A{}", billions(self.total_params_b), billions(self.active_params_b))
        } else {
            billions(self.total_params_b)
        }
    }
}

/// What the last import gave.
#[derive(Clone, Debug, PartialEq)]
pub struct ImportDone {
    /// Runs added.
    pub runs: usize,
    /// The input's format.
    pub format: Format,
    /// The first run's label, as stored.
    pub label: String,
    /// Which placeholder that label is, where nobody named the run (said in the reader's language).
    pub unnamed: Option<sizer_import::Unnamed>,
    /// A suite import's outcome (several files as one run).
    pub suite: Option<SuiteReport>,
}

/// The import panel's state (the runs live in [`crate::import::imported::ImportedRuns`]).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ImportPanelState {
    /// An input is being read.
    pub busy: bool,
    /// Something is dragged over the drop zone.
    pub drag: bool,
    /// The last import that went through.
    pub done: Option<ImportDone>,
    /// Why the last import did not. Shared, like the warnings: the reducer clones the state on
    /// every action, and a deep copy of an import error would bring its code into the first
    /// wasm module.
    pub failure: Option<Rc<ImportFailure>>,
    /// The last import's warnings (while an import waits for concurrencies, the panel shows
    /// that import's own).
    pub warnings: Rc<[ImportWarning]>,
    /// An import waiting for concurrencies.
    pub pending: Option<Rc<Import>>,
    /// What was typed for each missing concurrency.
    pub typed: Vec<String>,
    /// A failure writing to this device.
    pub storage: Option<StorageNotice>,
}

/// One answer in the "Measured on" fieldset (`None`: not stated).
#[derive(Clone, Debug, PartialEq)]
pub enum SetupAnswer {
    /// The hardware, as typed (cleaned like a label).
    Hardware(Option<String>),
    /// A numeric field, within its bounds.
    Number(SetupField, Option<f64>),
}

/// What a person did in the import panel (one [`crate::shell::state::Action::Imported`]).
#[derive(Clone, Debug, PartialEq)]
pub enum ImportAction {
    /// Imported runs: listed, and the first one put in use; `report` is the import's status
    /// (none for a curve from a link).
    Add { runs: Vec<Rc<Run>>, report: Option<ImportReport> },
    /// Put an imported run in use.
    Select(String),
    /// Renamed a run (id, new name).
    Rename(String, String),
    /// Answered one "Measured on" question for a run (id, the answer): applied to the run's
    /// setup as it is then, so answers given in quick succession all stay.
    SetSetup(String, SetupAnswer),
    /// Removed a run; if it was in use, the default run takes its place.
    Remove(String),
    /// Ticked or unticked "remember on this device".
    SetRemember(bool),
    /// Ticked or unticked "put my curve into the share link".
    SetShare(bool),
    /// The device's stored runs were read.
    Restore(Rc<Restored>),
    /// Opened a link carrying a shared curve: listed (once: a curve with the same points is
    /// reused) and put in use; the link keeps carrying it (it came in the link).
    AddShared(Rc<Run>),
    /// Reading an input started.
    Busy,
    /// A drag entered (true) or left (false) the drop zone.
    Drag(bool),
    /// An import failed.
    Failed(ImportFailure),
    /// An import needs concurrencies typed in.
    Pending(Rc<Import>),
    /// Typed a missing concurrency (its index, the text).
    Typed(usize, String),
    /// Gave up on a pending import.
    Cancel,
    /// Wrote the runs to this device (or failed to).
    Stored(Option<StorageNotice>),
}
