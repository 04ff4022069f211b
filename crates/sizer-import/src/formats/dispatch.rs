//! Sniffs an input's format and runs its parser, reading only the registry: JSON documents
//! first, then texts a tool marks as its own, markdown tables, JSON lines, and last rows of
//! numbers. Also the two refusals of look-alikes nobody reads here (GenAI-Perf's JSON,
//! llama-bench's table), and the reading of several dropped files as one input.

use crate::formats::parsed::ParsedRun;
use crate::formats::registry::{Entry, FORMATS, JsonInput, Reader, reader};
use crate::formats::{Format, aiperf, sglang};
use crate::input::error::{self, ImportError};
use crate::input::json_util::{self, Located};
use crate::input::table;
use crate::input::text::{self, clean_label};
use crate::input::warning::ImportWarning;
use serde_json::Value;
use std::borrow::Cow;

/// A format and what its parser read.
pub type Parsed = (Format, Vec<ParsedRun>, Vec<ImportWarning>);

/// What one top-level JSON value is.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Class {
    Format(Format),
    /// GenAI-Perf's export: refused, it has no public sample to check a reader against.
    GenAiPerf,
    Unknown,
}

/// GenAI-Perf's export shares keys with vLLM's and SGLang's results, so its refusal is ranked
/// among the JSON sniffs: after AIPerf's own export, before SGLang.
const GENAI_PERF_RANK: u8 = 4;

/// The matching entry of lowest rank.
fn first(matches: impl Fn(&Reader) -> bool) -> Option<&'static Entry> {
    FORMATS.iter().filter(|entry| matches(&entry.reader)).min_by_key(|entry| entry.rank)
}

/// What a top-level JSON value is: the format whose sniff takes it (lowest rank first).
pub fn classify(value: &Value) -> Class {
    let found = first(|reader| matches!(reader, Reader::Json { sniff, .. } if sniff(value)));
    let genai_perf = matches!(value, Value::Object(map) if aiperf::is_genai_perf(map));
    match found {
        Some(entry) if !genai_perf || entry.rank < GENAI_PERF_RANK => Class::Format(entry.format),
        _ if genai_perf => Class::GenAiPerf,
        _ => Class::Unknown,
    }
}

/// Sniffs the format and runs its parser.
pub fn dispatch(text: &str, name: &str) -> Result<Parsed, ImportError> {
    let text = &*json_text(text);
    if let Some(values) = json_documents(text) {
        return json(text, values?, name, false);
    }
    if let Some(Reader::Text { parse, .. }) =
        first(|r| matches!(r, Reader::Text { sniff, .. } if sniff(text))).map(|e| &e.reader)
    {
        return parse(text, name);
    }
    let tables = table::tables(text)?;
    // llama-bench (not batched-bench) measures one request at a time: no curve to size with.
    if let Some(table) = tables.iter().find(|t| t.column(&["ngl"]).is_some() && t.column(&["test"]).is_some()) {
        return Err(ImportError::LlamaBench { line: table.header_line });
    }
    let tabled = first(|r| matches!(r, Reader::Tables { sniff, .. } if tables.iter().any(sniff)));
    if let Some(Reader::Tables { parse, .. }) = tabled.map(|e| &e.reader) {
        return parse(&tables, name);
    }
    let json_lines: Vec<(usize, &str)> =
        text::numbered_lines(text).filter(|(_, l)| l.trim_start().starts_with('{')).collect();
    if !json_lines.is_empty() {
        let mut values = Vec::with_capacity(json_lines.len());
        for (line, raw) in json_lines {
            values.push(json_util::line_value(text, raw.trim(), line)?);
            error::check_count(values.len())?;
        }
        return json(text, values, name, true);
    }
    if let Some(Reader::Rows { parse, .. }) =
        first(|r| matches!(r, Reader::Rows { sniff, .. } if sniff(text))).map(|e| &e.reader)
    {
        return parse(text, name);
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

/// Routes parsed JSON values to their format's parser; `from_lines` says they were single lines.
fn json(text: &str, values: Vec<Located>, name: &str, from_lines: bool) -> Result<Parsed, ImportError> {
    let first = values.first().ok_or(ImportError::NoPoints)?;
    let first_class = classify(&first.value);
    let line_of = |v: &Located| text::line_of_offset(text, v.start);
    if let Some(other) = values.iter().find(|v| classify(&v.value) != first_class)
        && first_class != Class::Unknown
    {
        return Err(ImportError::MixedFormats { line: line_of(other) });
    }
    let format = match first_class {
        Class::Format(format) => format,
        Class::GenAiPerf => return Err(ImportError::GenAiPerf { line: line_of(first) }),
        Class::Unknown if matches!(&first.value, Value::Array(items) if items.is_empty()) => {
            return Err(ImportError::NoPoints);
        }
        Class::Unknown => return Err(ImportError::UnknownJson { line: line_of(first) }),
    };
    let on_one_line = |v: &Located| {
        let end = v.end.min(text.len());
        text.as_bytes().get(v.start.min(end)..end).is_none_or(|bytes| !bytes.contains(&b'\n'))
    };
    let lines = values.len() > 1 && (from_lines || values.iter().all(on_one_line));
    let values = values.into_iter().map(|value| (text, value)).collect();
    read_json(format, JsonInput { values, lines, name })
}

/// Runs the JSON parser of `format`'s entry.
fn read_json(format: Format, input: JsonInput<'_>) -> Result<Parsed, ImportError> {
    match reader(format) {
        Reader::Json { parse, .. } => parse(input),
        _ => Err(ImportError::NotRecognised),
    }
}

/// An error of one of several files, named by the file.
pub fn in_file(file: &str, error: ImportError) -> ImportError {
    ImportError::InFile { file: clean_label(file).0, error: Box::new(error) }
}

/// Reads several checked texts as `(file name, text)`. Files all of one format that combines
/// (vLLM, SGLang or AIPerf results, one file per concurrency: the usual way to run them) are
/// parsed together, so points of one model form one curve; other files are read one by one.
pub fn dispatch_files(texts: &[(&str, Cow<'_, str>)], name: &str) -> Result<Parsed, ImportError> {
    let prepared: Vec<Cow<'_, str>> = texts.iter().map(|(_, text)| json_text(text)).collect();
    let mut combined: Vec<(&str, Located)> = Vec::new();
    let mut combined_format: Option<Format> = None;
    let mut all_combine = true;
    for ((file, _), text) in texts.iter().zip(&prepared) {
        match json_documents(text) {
            Some(Ok(values)) => {
                let first = values.first().map(|v| classify(&v.value));
                let same = |format: Format| values.iter().all(|v| classify(&v.value) == Class::Format(format));
                match first {
                    Some(Class::Format(format))
                        if combines(format) && same(format) && combined_format.is_none_or(|c| c == format) =>
                    {
                        combined_format = Some(format);
                        combined.extend(values.into_iter().map(|v| (text.as_ref(), v)));
                    }
                    _ => {
                        all_combine = false;
                        break;
                    }
                }
            }
            Some(Err(error)) => return Err(in_file(file, error)),
            None => {
                all_combine = false;
                break;
            }
        }
    }
    if let (true, Some(format)) = (all_combine && !combined.is_empty(), combined_format) {
        // One file of several results is JSON lines; one result per file is plain JSON.
        let lines = !(texts.len() > 1 || combined.len() == 1);
        return read_json(format, JsonInput { values: combined, lines, name });
    }
    let mut format = None;
    let mut runs = Vec::new();
    let mut warnings = Vec::new();
    for (file, text) in texts {
        let (f, r, w) = dispatch(text, file).map_err(|e| in_file(file, e))?;
        format.get_or_insert(f);
        runs.extend(r);
        warnings.extend(w);
    }
    Ok((format.unwrap_or(Format::TwoColumn), runs, warnings))
}

/// Whether several files of `format` form one curve per model.
fn combines(format: Format) -> bool {
    matches!(reader(format), Reader::Json { combines: true, .. })
}
