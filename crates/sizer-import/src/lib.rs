//! Importers that turn a user's own benchmark output into Spark Sizer runs, in the browser as
//! well as natively (no filesystem, threads or clock needed).
//!
//! [`import`] sniffs the format ([`Format`]: vLLM, SGLang `bench_serving`, GuideLLM, AIPerf,
//! llama-batched-bench, llama-benchy, CSV), parses it into [`ParsedRun`]s (one per curve:
//! llama-batched-bench gives one per prompt length, llama-benchy one per prompt/context
//! configuration, the others one per model), validates them, and says which figure each curve
//! uses ([`CurveBasis`]: vLLM keeps both `1000 / median TPOT` and `output_throughput / max_concurrency`,
//! the curve uses TPOT). A warning repeated (five dropped files) is said once with its count.
//! An input without a recorded concurrency is not guessed at: [`Import::outcome`] returns
//! [`Outcome::NeedsConcurrency`] and [`Import::with_concurrency`] completes it. Failures are one
//! sentence with line and key ([`ImportError`]); nothing here panics on any input.
//! A vLLM "Total token throughput" is kept apart and never used as a generation speed.
//!
//! [`suite::import_suite`] reads several files of one server at once (a benchmark suite such as
//! the DGX Spark arena) into one `sizer_data::suite::SuiteRun`: its setup, every closed-loop
//! workload and its measured open-loop load, one sentence per file it leaves out.
//!
//! [`logs::read_logs`] reads a server's or a gateway's log (vLLM's engine lines, request logs,
//! `/metrics` scrapes, access logs) into the load that matters: rates in the busiest windows,
//! burstiness, lengths and concurrency, keeping only counts and times.

pub mod architecture;
mod formats;
mod input;
mod link;
pub mod logs;
mod outcome;
mod setup;
pub mod suite;
mod to_run;
pub mod typed;

pub use formats::basis_source::{BasisSource, FormulaShape, Statistic, basis_source, formula};
pub use formats::parsed::{Figures, ParsedPoint, ParsedRun, ParsedWorkload};
pub use formats::{Engine, Format};
pub use input::error::{ImportError, size_limit_text};
pub use input::limits::{MAX_IMPORT_CONCURRENCY, MAX_INPUT_BYTES, MAX_LABEL_CHARS, MAX_POINTS_PER_RUN, MAX_RUNS};
pub use input::text::clean_label;
pub use input::unnamed::{PASTED_LABEL, SHARED_LABEL, Unnamed};
pub use input::warning::ImportWarning;
pub use link::share::{ShareError, decode_points, encode_points};
pub use link::share_setup::{MAX_SHARED_SETUP_CHARS, SetupShareError, decode_setup, encode_setup};
pub use link::shared_run::{run_from_shared_points, share_points};
pub use link::{fragment, share_link, sim_link};
pub use outcome::{Import, MissingConcurrency, Outcome};
pub use sizer_data::CurveBasis;

use formats::dispatch;
use input::guard;

/// Imports pasted or dropped text. `name` is what the user called it (or the file name); it
/// prefixes every run label and may be empty.
pub fn import(text: &str, name: &str) -> Result<Import, ImportError> {
    guard::check(text)?;
    let text = guard::normalise(text);
    let (format, runs, warnings) = dispatch::dispatch(&text, name)?;
    let mut import = outcome::finish(format, runs, warnings)?;
    import.setup = setup::read(&text);
    Ok(import)
}

/// Imports a dropped file's bytes: UTF-8 (BOM or not) or UTF-16 with a BOM; anything else is
/// refused as binary. The size limit applies before decoding.
pub fn import_bytes(bytes: &[u8], name: &str) -> Result<Import, ImportError> {
    let text = guard::decode(bytes)?;
    import(&text, name)
}

/// Imports several dropped files at once as `(file name, text)`. vLLM, SGLang or AIPerf result
/// files (one per concurrency, the usual way to run them) are combined into one curve per model;
/// other files are imported one by one and their runs listed together. An error names its file.
pub fn import_files(files: &[(&str, &str)], name: &str) -> Result<Import, ImportError> {
    let mut import = import_files_runs(files, name)?;
    for (_, text) in files {
        setup::merge(&mut import.setup, setup::read(text));
    }
    Ok(import)
}

/// [`import_files`] without the setup the files state.
fn import_files_runs(files: &[(&str, &str)], name: &str) -> Result<Import, ImportError> {
    let mut texts = Vec::with_capacity(files.len());
    for (file, text) in files {
        guard::check(text).map_err(|e| dispatch::in_file(file, e))?;
        texts.push((*file, guard::normalise(text)));
    }
    let total: usize = texts.iter().map(|(_, t)| t.len()).sum();
    if total > MAX_INPUT_BYTES {
        return Err(ImportError::TooLarge { bytes: total, limit: MAX_INPUT_BYTES });
    }
    let (format, runs, warnings) = dispatch::dispatch_files(&texts, name)?;
    outcome::finish(format, runs, warnings)
}
