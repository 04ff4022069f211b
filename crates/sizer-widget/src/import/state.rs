//! What a person does in the import panel, and the panel's state: one [`ImportAction`] per
//! event, applied by the calculator's one reducer ([`SizerState::apply_imported`]). The
//! imported runs themselves are [`crate::import::imported::ImportedRuns`].

use std::rc::Rc;

use sizer_data::{Run, SetupField};
use sizer_import::{Format, Import, ImportError, Outcome, Warning};

use crate::import::imported::{AddError, Restored, StorageNotice};
use crate::shell::state::SizerState;
use crate::sizing::calculation::DEFAULT_RUN;

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
}

/// What an import brought besides its runs: shown as the panel's status.
#[derive(Clone, Debug, PartialEq)]
pub struct ImportReport {
    /// The input's format.
    pub format: Format,
    /// What the importer warned about (the missing concurrencies, typed meanwhile, left out).
    pub warnings: Vec<Warning>,
}

/// What the last import gave.
#[derive(Clone, Debug, PartialEq)]
pub struct ImportDone {
    /// Runs added.
    pub runs: usize,
    /// The input's format.
    pub format: Format,
    /// The first run's label.
    pub label: String,
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
    /// Why the last import did not.
    pub failure: Option<ImportFailure>,
    /// The last import's warnings.
    pub warnings: Vec<Warning>,
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

impl SizerState {
    /// Applies an [`ImportAction`]; returns whether the sizing must be recomputed.
    pub fn apply_imported(&mut self, action: ImportAction) -> bool {
        let panel = &mut self.import_panel;
        match action {
            ImportAction::Add { runs, report } => match self.imported.add(&runs) {
                Ok(ids) => {
                    if let Some(ImportReport { format, warnings }) = report {
                        let label = runs.first().map(|run| run.label.clone()).unwrap_or_default();
                        let done = ImportDone { runs: ids.len(), format, label };
                        *panel = ImportPanelState {
                            done: Some(done),
                            warnings,
                            storage: panel.storage,
                            ..Default::default()
                        };
                    }
                    match ids.into_iter().next() {
                        Some(first) => {
                            self.run_id = first;
                            true
                        }
                        None => false,
                    }
                }
                Err(AddError::TooMany { limit }) => {
                    panel.busy = false;
                    panel.failure = Some(ImportFailure::TooMany(limit));
                    false
                }
            },
            ImportAction::Select(id) => {
                let known = self.imported.get(&id).is_some();
                if known {
                    self.run_id = id;
                }
                known
            }
            ImportAction::Rename(id, name) => self.imported.rename(&id, &name) && self.run_id == id,
            ImportAction::SetSetup(id, answer) => {
                let Some(current) = self.imported.get(&id) else { return false };
                let setup = current.setup.clone().unwrap_or_default();
                let next = match answer {
                    SetupAnswer::Hardware(text) => SetupField::with_hardware(&setup, text),
                    SetupAnswer::Number(field, value) => field.with_value(&setup, value),
                };
                self.imported.set_setup(&id, next) && self.run_id == id
            }
            ImportAction::Remove(id) => {
                let was_in_use = self.imported.remove(&id) && self.run_id == id;
                if was_in_use {
                    self.run_id = DEFAULT_RUN.to_owned();
                }
                was_in_use
            }
            ImportAction::SetRemember(on) => {
                self.imported.remember = on;
                if on {
                    self.imported.notice = None;
                }
                false
            }
            ImportAction::SetShare(on) => {
                self.imported.share = on;
                false
            }
            ImportAction::Restore(restored) => {
                self.imported.restore(Restored::clone(&restored));
                false
            }
            ImportAction::AddShared(run) => {
                self.imported.share = true;
                let points = run.curve_points().ok().map(|(points, _)| points);
                let same =
                    self.imported.runs().iter().find(|other| other.curve_points().ok().map(|(p, _)| p) == points);
                if let Some(existing) = same {
                    self.run_id = existing.id.clone();
                    return true;
                }
                self.apply_imported(ImportAction::Add { runs: vec![run], report: None })
            }
            ImportAction::Busy => {
                panel.busy = true;
                panel.failure = None;
                panel.done = None;
                false
            }
            ImportAction::Drag(on) => {
                panel.drag = on;
                false
            }
            ImportAction::Failed(failure) => {
                panel.busy = false;
                panel.failure = Some(failure);
                false
            }
            ImportAction::Pending(import) => {
                let missing = missing_count(&import);
                let warnings = import.warnings.clone();
                *panel = ImportPanelState {
                    pending: Some(import),
                    typed: vec![String::new(); missing],
                    warnings,
                    storage: panel.storage,
                    ..Default::default()
                };
                false
            }
            ImportAction::Typed(index, text) => {
                if let Some(slot) = panel.typed.get_mut(index) {
                    *slot = text;
                }
                false
            }
            ImportAction::Cancel => {
                panel.pending = None;
                panel.typed.clear();
                panel.failure = None;
                panel.warnings.clear();
                false
            }
            ImportAction::Stored(notice) => {
                panel.storage = notice;
                false
            }
        }
    }
}

/// How many points of `import` still lack a concurrency.
fn missing_count(import: &Import) -> usize {
    match import.outcome() {
        Outcome::Ready => 0,
        Outcome::NeedsConcurrency(missing) => missing.len(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(label: &str) -> Rc<Run> {
        let import = sizer_import::import("concurrency,tok/s\n1,50\n8,20\n", label).expect("two-column paste imports");
        Rc::new(import.to_runs().expect("complete").into_iter().next().expect("one run"))
    }

    #[test]
    fn an_import_past_the_limit_fails_in_the_panel_and_lists_nothing() {
        let mut state = SizerState::new(&crate::shell::config::Config::default());
        let many: Vec<Rc<Run>> = (0..crate::import::imported::MAX_IMPORTED_RUNS).map(|_| run("a")).collect();
        assert!(state.apply_imported(ImportAction::Add { runs: many, report: None }));
        state.apply_imported(ImportAction::Busy);
        let report = ImportReport { format: Format::Csv, warnings: Vec::new() };
        assert!(!state.apply_imported(ImportAction::Add { runs: vec![run("b")], report: Some(report) }));
        assert_eq!(
            state.import_panel.failure,
            Some(ImportFailure::TooMany(crate::import::imported::MAX_IMPORTED_RUNS))
        );
        assert!(!state.import_panel.busy);
        assert_eq!(state.imported.len(), crate::import::imported::MAX_IMPORTED_RUNS);
    }

    #[test]
    fn a_reported_import_shows_what_it_added() {
        let mut state = SizerState::new(&crate::shell::config::Config::default());
        state.apply_imported(ImportAction::Busy);
        let report = ImportReport { format: Format::Csv, warnings: Vec::new() };
        let mine = run("mine");
        assert!(state.apply_imported(ImportAction::Add { runs: vec![Rc::clone(&mine)], report: Some(report) }));
        let done = state.import_panel.done.clone().expect("done");
        assert_eq!((done.runs, done.label.as_str(), state.import_panel.busy), (1, mine.label.as_str(), false));
        assert_eq!(state.run_id, "yours-1");
    }
}
