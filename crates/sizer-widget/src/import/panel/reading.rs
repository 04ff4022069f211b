//! Reading an input into runs: pasted text after a zero-delay tick (so "Reading…" paints
//! first), files through the browser's reader, both refused over `MAX_INPUT_BYTES` before they
//! are read, several files of one server as one run ([`suite_action`]), a model's `config.json`
//! as one run predicted from its architecture ([`architecture_action`]), a model's typed size
//! ([`size_action`]), and typed concurrencies
//! applied to a pending import. Every outcome is one
//! [`ImportAction`] for the calculator's reducer.

use std::rc::Rc;
use std::time::Duration;

use sizer_data::architecture::answer::ArchitectureRun;
use sizer_data::architecture::as_run::{architecture_as_run, usage_lengths};
use sizer_import::suite::model_files::{ModelFiles, model_files, model_files_of_bytes};
use sizer_import::suite::predict_architecture::{architecture_run_from_size, architecture_run_from_text};
use sizer_import::suite::suite_of_files;
use sizer_import::{Format, Import, ImportError, ImportWarning, MAX_INPUT_BYTES, Outcome};
use yew::Callback;

use crate::i18n::architecture::run_names;
use crate::import::state::{
    ArchitectureImported, ImportAction, ImportFailure, ImportReport, SuiteDone, SuiteReport, TypedSize,
};

/// Everything an import callback needs, cheap to clone into closures and tasks.
#[derive(Clone)]
pub struct Importer {
    /// Where every outcome goes.
    pub on_action: Callback<ImportAction>,
    /// The sizing's prompt and answer lengths: a model's `config.json` is predicted at them.
    pub lengths: (f64, f64),
}

impl Importer {
    /// Reports a failure.
    pub fn fail(&self, failure: ImportFailure) {
        self.on_action.emit(ImportAction::Failed(failure));
    }

    /// Refuses `bytes` over the input limit; true when it was refused.
    pub fn refuse_if_too_large(&self, bytes: usize) -> bool {
        let too_large = bytes > MAX_INPUT_BYTES;
        if too_large {
            self.fail(ImportFailure::Import(ImportError::TooLarge { bytes, limit: MAX_INPUT_BYTES }));
        }
        too_large
    }

    /// Finishes an import: ready runs go to the list, missing concurrencies to the form.
    fn finish(&self, result: Result<Import, ImportError>) {
        match result {
            Err(error) => self.fail(ImportFailure::Import(error)),
            Ok(import) => match import.outcome() {
                Outcome::Ready => self.add(import),
                Outcome::NeedsConcurrency(_) => self.on_action.emit(ImportAction::Pending(Rc::new(import))),
            },
        }
    }

    /// Hands a complete import's runs to the list (the reducer refuses more than the limit).
    pub fn add(&self, import: Import) {
        let runs = match import.to_runs() {
            Ok(runs) => runs,
            Err(error) => return self.fail(ImportFailure::Import(error)),
        };
        let warnings: Rc<[ImportWarning]> =
            import.warnings.into_iter().filter(|w| !matches!(w, ImportWarning::ConcurrencyUnknown { .. })).collect();
        let report = ImportReport { format: import.format, warnings, suite: None };
        self.on_action.emit(ImportAction::Add { runs: runs.into_iter().map(Rc::new).collect(), report: Some(report) });
    }

    /// Imports pasted text after a zero-delay tick (the size was checked by the caller).
    pub fn paste(&self, text: String, name: String) {
        self.on_action.emit(ImportAction::Busy);
        let this = self.clone();
        yew::platform::spawn_local(async move {
            yew::platform::time::sleep(Duration::ZERO).await;
            if let Some(files) = model_files(&[("", text.as_str())]) {
                return this.on_action.emit(architecture_action(&files, &name, this.lengths));
            }
            this.finish(sizer_import::import(&text, &name));
        });
    }

    /// Builds the run of a typed size after a zero-delay tick (so "Reading…" paints first).
    pub fn size(&self, size: TypedSize, name: String) {
        self.on_action.emit(ImportAction::Busy);
        let this = self.clone();
        yew::platform::spawn_local(async move {
            yew::platform::time::sleep(Duration::ZERO).await;
            this.on_action.emit(size_action(&size, &name, this.lengths));
        });
    }

    /// Reads and imports files; refused before reading when over the size limit.
    pub fn files(&self, files: Vec<web_sys::File>, name: String) {
        if files.is_empty() {
            return;
        }
        // File sizes are whole numbers of bytes below 2^53, so the conversion is exact.
        let total: f64 = files.iter().map(|file| file.size()).sum();
        if self.refuse_if_too_large(total as usize) {
            return;
        }
        self.on_action.emit(ImportAction::Busy);
        let this = self.clone();
        yew::platform::spawn_local(async move {
            let mut read: Vec<(String, Vec<u8>)> = Vec::with_capacity(files.len());
            for file in files {
                let file = gloo::file::File::from(file);
                let file_name = file.name();
                match crate::common::browser::read_bytes(&file).await {
                    Some(bytes) => read.push((file_name, bytes)),
                    None => return this.fail(ImportFailure::FileUnreadable(file_name)),
                }
            }
            yew::platform::time::sleep(Duration::ZERO).await;
            let borrowed: Vec<(&str, &[u8])> = read.iter().map(|(f, b)| (f.as_str(), b.as_slice())).collect();
            if let Some(files) = model_files_of_bytes(&borrowed) {
                return this.on_action.emit(architecture_action(&files, &name, this.lengths));
            }
            match suite_action(&read, &name) {
                Some(action) => this.on_action.emit(action),
                None => this.finish(import_read_files(&read, &name)),
            }
        });
    }
}

/// Several files of one server as one run with all its workloads and its measured load
/// (`sizer_import::suite::suite_of_files`); `None` when they are not one suite.
pub fn suite_action(files: &[(String, Vec<u8>)], name: &str) -> Option<ImportAction> {
    let borrowed: Vec<(&str, &[u8])> = files.iter().map(|(file, bytes)| (file.as_str(), bytes.as_slice())).collect();
    let imported = suite_of_files(&borrowed, name)?;
    let run = imported.run?;
    let done = SuiteDone {
        files: files.len(),
        workloads: imported.workloads,
        load_steps: imported.load_steps,
        refused: imported.refused,
        ignored: imported.ignored,
        load: imported.load.map(Rc::new),
        architecture: None,
    };
    // The format is not shown for a suite (its status says what it read).
    let report = ImportReport {
        format: Format::LlamaBenchyMarkdown,
        warnings: Rc::default(),
        suite: Some(SuiteReport::new(done)),
    };
    Some(ImportAction::Add { runs: vec![Rc::new(run)], report: Some(report) })
}

/// A model's `config.json` (with its quantisation file and the server's `meta.json`, when
/// given) as one run predicted from its architecture at the sizing's `lengths`
/// (`sizer_data::architecture::as_run`), or its one sentence.
pub fn architecture_action(files: &ModelFiles, name: &str, lengths: (f64, f64)) -> ImportAction {
    let built = architecture_run_from_text(&files.config, files.quant_config.as_deref(), files.server.as_deref());
    let count = 1 + usize::from(files.quant_config.is_some()) + usize::from(files.server.is_some());
    let built = built.map(|arch| {
        let model = arch.server_model.clone().unwrap_or_else(|| arch.read.model_type.clone());
        (arch, model)
    });
    run_action(built, count, files.ignored.clone(), name, lengths, false)
}

/// A model known by its size alone (the panel's short form: total and active parameters in
/// billions and its weights' format) as one run predicted from it at the sizing's `lengths`,
/// or its one sentence.
pub fn size_action(size: &TypedSize, name: &str, lengths: (f64, f64)) -> ImportAction {
    let built = architecture_run_from_size(size.total_params_b, size.active_params_b, Some(size.format.as_str()))
        .map(|arch| (arch, size.model_name()));
    run_action(built, 0, Vec::new(), name, lengths, true)
}

/// The run of an engine from an architecture, named by `name` or `model`, with the panel's
/// status.
fn run_action(
    built: Result<(ArchitectureRun, String), String>,
    files: usize,
    ignored: Vec<String>,
    name: &str,
    lengths: (f64, f64),
    short_form: bool,
) -> ImportAction {
    let built = built.and_then(|(arch, model)| {
        let names =
            run_names(&sizer_import::clean_label(name).0, &model, &arch.read.format, arch.input, &arch.measured_error);
        let summary = ArchitectureImported {
            weights_gb: arch.engine.physics.weight_bytes / 1e9,
            assumed: arch.engine.notes.len(),
            short_form,
        };
        let run = architecture_as_run(&arch, &usage_lengths(lengths.0, lengths.1), names)?;
        Ok((run, summary))
    });
    let (run, summary) = match built {
        Ok(built) => built,
        Err(sentence) => return ImportAction::Failed(ImportFailure::Architecture(sentence)),
    };
    let done = SuiteDone {
        files,
        workloads: run.workload_count(),
        load_steps: 0,
        refused: Vec::new(),
        ignored,
        load: None,
        architecture: Some(summary),
    };
    let report = ImportReport {
        format: Format::LlamaBenchyMarkdown,
        warnings: Rc::default(),
        suite: Some(SuiteReport::new(done)),
    };
    ImportAction::Add { runs: vec![Rc::new(run)], report: Some(report) }
}

/// One file through `import_bytes` (UTF-8 or UTF-16 with BOM); several through `import_files`
/// (UTF-8), each error naming its file.
fn import_read_files(files: &[(String, Vec<u8>)], name: &str) -> Result<Import, ImportError> {
    if let [(file, bytes)] = files {
        return sizer_import::import_bytes(bytes, name).map_err(|error| match error {
            ImportError::TooLarge { .. } => error,
            other => ImportError::InFile { file: sizer_import::clean_label(file).0, error: Box::new(other) },
        });
    }
    let mut texts: Vec<(&str, &str)> = Vec::with_capacity(files.len());
    for (file, bytes) in files {
        let text = core::str::from_utf8(bytes).map_err(|_| ImportError::InFile {
            file: sizer_import::clean_label(file).0,
            error: Box::new(ImportError::Binary),
        })?;
        texts.push((file.as_str(), text));
    }
    sizer_import::import_files(&texts, name)
}

/// Completes a pending import with the typed concurrencies, in the order the points were
/// listed. Points of unknown concurrency keep their order (the importer's sort is stable), so
/// after each completion the first one still missing is the next one typed.
pub fn complete(import: &Import, typed: &[String]) -> Result<Import, ImportFailure> {
    let mut values = Vec::with_capacity(typed.len());
    for text in typed {
        match text.trim().parse::<u32>() {
            Ok(value) if value >= 1 => values.push(f64::from(value)),
            _ => return Err(ImportFailure::ConcurrencyInvalid),
        }
    }
    let mut import = import.clone();
    for value in values {
        let Outcome::NeedsConcurrency(missing) = import.outcome() else { break };
        let Some(first) = missing.first() else { break };
        import = import.with_concurrency(first.run, first.point, value).map_err(ImportFailure::Import)?;
    }
    Ok(import)
}

/// The files of a `FileList`.
pub fn file_vec(list: Option<web_sys::FileList>) -> Vec<web_sys::File> {
    let Some(list) = list else { return Vec::new() };
    (0..list.length()).filter_map(|index| list.item(index)).collect()
}
