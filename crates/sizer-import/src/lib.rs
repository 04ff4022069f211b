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

mod aiperf;
mod basis_source;
mod batched_bench;
mod delimited;
mod error;
mod format;
pub mod fragment;
mod guard;
mod guidellm;
mod json_util;
mod label;
mod limits;
mod llama_benchy;
mod llama_benchy_rows;
pub mod logs;
mod outcome;
mod parsed;
mod setup;
mod sglang;
mod share;
pub mod share_link;
mod share_setup;
mod shared_run;
pub mod sim_link;
pub mod suite;
mod table;
mod text;
mod to_run;
pub mod typed;
mod unnamed;
mod vllm_console;
mod vllm_json;
mod warning;

pub use basis_source::{BasisSource, FormulaShape, Statistic, basis_source, formula};
pub use error::{ImportError, size_limit_text};
pub use format::{Engine, Format};
pub use limits::{MAX_IMPORT_CONCURRENCY, MAX_INPUT_BYTES, MAX_LABEL_CHARS, MAX_POINTS_PER_RUN, MAX_RUNS};
pub use outcome::{Import, MissingConcurrency, Outcome};
pub use parsed::{Figures, ParsedPoint, ParsedRun, Workload};
pub use share::{ShareError, decode_points, encode_points};
pub use share_setup::{MAX_SHARED_SETUP_CHARS, SetupShareError, decode_setup, encode_setup};
pub use shared_run::{run_from_shared_points, share_points};
pub use sizer_data::CurveBasis;
pub use text::clean_label;
pub use unnamed::{PASTED_LABEL, SHARED_LABEL, Unnamed};
pub use warning::Warning;

use json_util::Located;
use serde_json::Value;
use std::borrow::Cow;

/// Imports pasted or dropped text. `name` is what the user called it (or the file name); it
/// prefixes every run label and may be empty.
pub fn import(text: &str, name: &str) -> Result<Import, ImportError> {
    guard::check(text)?;
    let text = guard::normalise(text);
    let (format, runs, warnings) = dispatch(&text, name)?;
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
    let in_file =
        |file: &str, error: ImportError| ImportError::InFile { file: clean_label(file).0, error: Box::new(error) };
    let mut texts = Vec::with_capacity(files.len());
    for (file, text) in files {
        guard::check(text).map_err(|e| in_file(file, e))?;
        texts.push((*file, guard::normalise(text)));
    }
    let total: usize = texts.iter().map(|(_, t)| t.len()).sum();
    if total > MAX_INPUT_BYTES {
        return Err(ImportError::TooLarge { bytes: total, limit: MAX_INPUT_BYTES });
    }
    // All vLLM (or all SGLang, or all AIPerf) JSON: one combined parse so points of one model
    // form one curve.
    let prepared: Vec<Cow<'_, str>> = texts.iter().map(|(_, text)| json_text(text)).collect();
    let mut combined: Vec<(&str, Located)> = Vec::new();
    let mut combined_kind: Option<Kind> = None;
    let mut all_combinable = true;
    for ((file, _), text) in texts.iter().zip(&prepared) {
        match json_documents(text) {
            Some(Ok(values)) => {
                let first = values.first().map(|v| kind(&v.value));
                let same = |k: Kind| values.iter().all(|v| kind(&v.value) == k);
                match first {
                    Some(k @ (Kind::Vllm | Kind::Sglang | Kind::Aiperf))
                        if same(k) && combined_kind.is_none_or(|c| c == k) =>
                    {
                        combined_kind = Some(k);
                        combined.extend(values.into_iter().map(|v| (text.as_ref(), v)));
                    }
                    _ => {
                        all_combinable = false;
                        break;
                    }
                }
            }
            Some(Err(error)) => return Err(in_file(file, error)),
            None => {
                all_combinable = false;
                break;
            }
        }
    }
    if all_combinable && !combined.is_empty() {
        let (format, (runs, warnings)) = match combined_kind {
            Some(Kind::Sglang) => (Format::SglangJsonl, sglang::parse(&combined, name)?),
            Some(Kind::Aiperf) => (Format::AiperfJson, aiperf::parse_json(&combined, name)?),
            _ => {
                let format =
                    if files.len() > 1 || combined.len() == 1 { Format::VllmJson } else { Format::VllmJsonLines };
                (format, vllm_json::parse(&combined, format, name)?)
            }
        };
        return outcome::finish(format, runs, warnings);
    }
    let mut format = None;
    let mut runs = Vec::new();
    let mut warnings = Vec::new();
    for (file, text) in &texts {
        let (f, r, w) = dispatch(text, file).map_err(|e| in_file(file, e))?;
        format.get_or_insert(f);
        runs.extend(r);
        warnings.extend(w);
    }
    outcome::finish(format.unwrap_or(Format::TwoColumn), runs, warnings)
}

type Parsed = (Format, Vec<ParsedRun>, Vec<Warning>);

/// Sniffs the format and runs its parser.
fn dispatch(text: &str, name: &str) -> Result<Parsed, ImportError> {
    let text = &*json_text(text);
    if let Some(values) = json_documents(text) {
        return json(text, &values?, name, false);
    }
    if aiperf::looks_like_csv(text) {
        let (runs, warnings) = aiperf::parse_csv(text, name)?;
        return Ok((Format::AiperfCsv, runs, warnings));
    }
    if vllm_console::looks_like(text) {
        let (runs, warnings) = vllm_console::parse(text, name)?;
        return Ok((Format::VllmConsole, runs, warnings));
    }
    let tables = table::tables(text)?;
    if let Some(table) = tables.iter().find(|t| t.column(&["ngl"]).is_some() && t.column(&["test"]).is_some()) {
        return Err(ImportError::LlamaBench { line: table.header_line });
    }
    if tables.iter().any(batched_bench::is_header) {
        let (runs, warnings) = batched_bench::parse_markdown(&tables, name)?;
        return Ok((Format::BatchedBenchMarkdown, runs, warnings));
    }
    if tables.iter().any(llama_benchy::is_header) {
        let (runs, warnings) = llama_benchy::parse_markdown(&tables, name)?;
        return Ok((Format::LlamaBenchyMarkdown, runs, warnings));
    }
    let json_lines: Vec<(usize, &str)> =
        text::numbered_lines(text).filter(|(_, l)| l.trim_start().starts_with('{')).collect();
    if !json_lines.is_empty() {
        let mut values = Vec::with_capacity(json_lines.len());
        for (line, raw) in json_lines {
            values.push(json_util::line_value(text, raw.trim(), line)?);
            error::check_count(values.len())?;
        }
        return json(text, &values, name, true);
    }
    if delimited::looks_like(text) {
        return delimited::parse(text, name);
    }
    Err(ImportError::NotRecognised)
}

/// The text as the JSON parser should see it: SGLang's files (recognised by their own keys) have
/// Python's bare `Infinity`/`NaN` turned into `null`; every other text is left strict.
fn json_text(text: &str) -> Cow<'_, str> {
    if sglang::looks_like(text) { sglang::without_bare_non_finite(text) } else { Cow::Borrowed(text) }
}

/// The JSON values of a text that starts like JSON (`{` or `[`), or `None` for other text.
fn json_documents(text: &str) -> Option<Result<Vec<Located>, ImportError>> {
    let first = text.trim_start().chars().next()?;
    matches!(first, '{' | '[').then(|| json_util::values(text))
}

/// What a top-level JSON value is.
#[derive(Clone, Copy, PartialEq)]
enum Kind {
    Vllm,
    VllmSweep,
    BatchedRow,
    Benchy,
    GuideLlm,
    Sglang,
    Aiperf,
    GenAiPerf,
    Unknown,
}

/// Keys only a vLLM result has.
const VLLM_KEYS: &[&str] =
    &["output_throughput", "median_tpot_ms", "total_token_throughput", "input_throughput", "request_throughput"];

fn kind(value: &Value) -> Kind {
    match value {
        Value::Object(map) if guidellm::is_report(map) => Kind::GuideLlm,
        Value::Object(map) if map.contains_key("benchmarks") => Kind::Benchy,
        Value::Object(map) if map.contains_key("speed_tg") || (map.contains_key("pl") && map.contains_key("tg")) => {
            Kind::BatchedRow
        }
        Value::Object(map) if aiperf::is_export(map) => Kind::Aiperf,
        Value::Object(map) if aiperf::is_genai_perf(map) => Kind::GenAiPerf,
        Value::Object(map) if sglang::is_result(map) => Kind::Sglang,
        Value::Object(map) if VLLM_KEYS.iter().any(|k| map.contains_key(*k)) => Kind::Vllm,
        Value::Array(items) if !items.is_empty() && items.iter().all(|item| kind(item) == Kind::Vllm) => {
            Kind::VllmSweep
        }
        _ => Kind::Unknown,
    }
}

/// Routes parsed JSON values to their parser; `from_lines` says they were single lines.
fn json(text: &str, values: &[Located], name: &str, from_lines: bool) -> Result<Parsed, ImportError> {
    let first = values.first().ok_or(ImportError::NoPoints)?;
    let first_kind = kind(&first.value);
    let line_of = |v: &Located| text::line_of_offset(text, v.start);
    if first_kind == Kind::Unknown {
        if matches!(&first.value, Value::Array(items) if items.is_empty()) {
            return Err(ImportError::NoPoints);
        }
        return Err(ImportError::UnknownJson { line: line_of(first) });
    }
    if let Some(other) = values.iter().find(|v| kind(&v.value) != first_kind) {
        return Err(ImportError::MixedFormats { line: line_of(other) });
    }
    match first_kind {
        Kind::Vllm => {
            let one_per_line = from_lines || values.iter().all(|v| line_of(v) == text::line_of_offset(text, v.end));
            let format = if values.len() > 1 && one_per_line { Format::VllmJsonLines } else { Format::VllmJson };
            let objects: Vec<(&str, Located)> = values.iter().map(|v| (text, copy(v))).collect();
            let (runs, warnings) = vllm_json::parse(&objects, format, name)?;
            Ok((format, runs, warnings))
        }
        Kind::VllmSweep => {
            let mut objects = Vec::new();
            for array in values {
                objects.extend(json_util::array_elements(text, array)?.into_iter().map(|v| (text, v)));
            }
            let (runs, warnings) = vllm_json::parse(&objects, Format::VllmSweepSummary, name)?;
            Ok((Format::VllmSweepSummary, runs, warnings))
        }
        Kind::BatchedRow => {
            let (runs, warnings) = batched_bench::parse_jsonl(text, values, name)?;
            Ok((Format::BatchedBenchJsonl, runs, warnings))
        }
        Kind::Benchy => {
            let (runs, warnings) = llama_benchy::parse_json(text, values, name)?;
            Ok((Format::LlamaBenchyJson, runs, warnings))
        }
        Kind::GuideLlm => {
            let (runs, warnings) = guidellm::parse(text, values, name)?;
            Ok((Format::GuideLlmJson, runs, warnings))
        }
        Kind::Sglang => {
            let objects: Vec<(&str, Located)> = values.iter().map(|v| (text, copy(v))).collect();
            let (runs, warnings) = sglang::parse(&objects, name)?;
            Ok((Format::SglangJsonl, runs, warnings))
        }
        Kind::Aiperf => {
            let objects: Vec<(&str, Located)> = values.iter().map(|v| (text, copy(v))).collect();
            let (runs, warnings) = aiperf::parse_json(&objects, name)?;
            Ok((Format::AiperfJson, runs, warnings))
        }
        Kind::GenAiPerf => Err(ImportError::GenAiPerf { line: line_of(first) }),
        Kind::Unknown => Err(ImportError::UnknownJson { line: line_of(first) }),
    }
}

fn copy(located: &Located) -> Located {
    Located { value: located.value.clone(), start: located.start, end: located.end }
}
