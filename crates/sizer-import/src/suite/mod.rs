//! Importing a whole benchmark suite: several files of one server at once (the arena's eleven
//! tests and its `meta.json`, dropped or pasted together) give one [`SuiteRun`]: its setup, all
//! its closed-loop workloads and its measured open-loop load, instead of one curve per file.
//!
//! Each file is read by its content: llama-benchy markdown (`closed_loop.rs`), `vllm bench
//! serve` JSON (`open_loop.rs`; the markdown report beside it adds the command line's lengths),
//! the rate-sweep summary (`summary.rs`) and `meta.json` (`meta.rs`). The suite's own notes
//! (`_sanity.txt`, `_runner.log`, telemetry `.csv`) and the sweep's markdown summary (its JSON
//! holds the same figures) are listed as ignored. Files of another model than most files name
//! (or of another profile of that model) are refused naming the model; each bad
//! file is refused with one sentence ([`FileError`]); every other file still imports.
//! [`import_suite_run`] makes the result a person's run with its measured load (`as_run.rs`), and
//! [`suite_of_files`] is what the page calls with the files dropped at once.

mod as_run;
mod closed_loop;
mod error;
mod meta;
pub mod model_files;
mod open_loop;
pub mod predict;
pub mod predict_architecture;
mod summary;

pub use as_run::{SuiteRunImport, import_suite_run, own_run, suite_of_files};
pub use error::{FileError, SuiteError};

use crate::input::guard;
use crate::input::json_util;
use sizer_data::suite::{
    ClosedLoopWorkload, ConfiguredLengths, LoadStep, LoadStepFields, MeasuredLoad, SuiteRun, SuiteSetup, SweepSummary,
};

/// At most this many files in one suite import (an arena folder has 26).
pub const MAX_SUITE_FILES: usize = 100;

/// What a suite import gave.
#[derive(Debug, Clone, PartialEq)]
pub struct SuiteImport {
    /// The run, when any file gave something.
    pub run: Option<SuiteRun>,
    /// Files left out, each with its sentence, in the order given.
    pub refused: Vec<FileError>,
    /// Files read and not needed (the suite's notes, the sweep's markdown summary, a report
    /// whose JSON was not among the files).
    pub ignored: Vec<String>,
}

/// The names a file gives its server.
#[derive(Debug, Clone, Default)]
struct Names {
    model: Option<String>,
    served: Option<String>,
    profile: Option<String>,
}

enum Part {
    Setup(SuiteSetup),
    ClosedLoop(Vec<ClosedLoopWorkload>),
    Step(Box<LoadStepFields>),
    Lengths(ConfiguredLengths),
    Summary(SweepSummary),
}

struct Piece {
    index: usize,
    file: String,
    stem: String,
    part: Part,
    names: Names,
}

/// Imports the files of one server, `(file name, text)` each; never fails as a whole.
pub fn import_suite(files: &[(&str, &str)]) -> SuiteImport {
    let mut refused: Vec<(usize, FileError)> = Vec::new();
    let mut ignored = Vec::new();
    let mut pieces: Vec<Piece> = Vec::new();
    for (index, (name, text)) in files.iter().enumerate() {
        let file = crate::input::text::clean_label(name).0;
        let mut refuse = |error: SuiteError| refused.push((index, FileError { file: file.clone(), error }));
        if index >= MAX_SUITE_FILES {
            refuse(SuiteError::TooManyFiles { limit: MAX_SUITE_FILES });
            continue;
        }
        let base = base_name(&file).to_owned();
        match read_file(&base, text) {
            Ok(Some((part, names))) => {
                pieces.push(Piece { index, file: file.clone(), stem: stem(&base).to_owned(), part, names })
            }
            Ok(None) => ignored.push(file.clone()),
            Err(error) => refuse(error),
        }
    }
    let identity = identity(&pieces);
    let mut kept = Vec::with_capacity(pieces.len());
    let mut first_of_role: Vec<(&'static str, String)> = Vec::new();
    for piece in pieces {
        if let Some(error) = mismatch(&piece.names, &identity) {
            refused.push((piece.index, FileError { file: piece.file, error }));
            continue;
        }
        // Checked after the model, so a file of another server says so rather than "same name".
        if let Some(first) = kept.iter().find(|k: &&Piece| base_name(&k.file) == base_name(&piece.file)) {
            let error = SuiteError::Duplicate { first: first.file.clone() };
            refused.push((piece.index, FileError { file: piece.file, error }));
            continue;
        }
        let role = match piece.part {
            Part::Setup(_) => Some("setup"),
            Part::Summary(_) => Some("summary"),
            _ => None,
        };
        if let Some(role) = role {
            if let Some((_, first)) = first_of_role.iter().find(|(r, _)| *r == role) {
                let error = SuiteError::Duplicate { first: first.clone() };
                refused.push((piece.index, FileError { file: piece.file, error }));
                continue;
            }
            first_of_role.push((role, piece.file.clone()));
        }
        kept.push(piece);
    }
    let run = assemble(kept, &identity, &mut refused, &mut ignored);
    refused.sort_by_key(|(index, _)| *index);
    SuiteImport { run, refused: refused.into_iter().map(|(_, e)| e).collect(), ignored }
}

/// Reads one file: `Ok(None)` for a file the suite does not need.
fn read_file(base: &str, text: &str) -> Result<Option<(Part, Names)>, SuiteError> {
    let lower = base.to_ascii_lowercase();
    if lower.starts_with('_') || lower.ends_with(".log") || lower.ends_with(".csv") {
        return Ok(None);
    }
    guard::check(text)?;
    let text = &*guard::normalise(text);
    let first = text.trim_start().chars().next();
    if matches!(first, Some('{' | '[')) {
        let values = json_util::values(text)?;
        let [value] = values.as_slice() else { return Err(SuiteError::SeveralResults { count: values.len() }) };
        if meta::is_meta(&value.value) {
            let setup = meta::read(text, value)?;
            let names = Names {
                model: Some(setup.model.clone()),
                served: setup.served_name.clone(),
                profile: setup.profile.clone(),
            };
            return Ok(Some((Part::Setup(setup), names)));
        }
        if summary::is_summary(&value.value) {
            let (summary, [model, served, profile]) = summary::read(text, value, base)?;
            return Ok(Some((Part::Summary(summary), Names { model, served, profile })));
        }
        if open_loop::is_result(&value.value) {
            let (fields, model) = open_loop::read(text, value, base)?;
            return Ok(Some((Part::Step(Box::new(fields)), Names { model, ..Names::default() })));
        }
        return Err(SuiteError::NotRecognised);
    }
    let header = Names { model: header_field(text, "Model"), served: None, profile: header_field(text, "Profile") };
    if closed_loop::looks_like(text) || text.contains("llama-benchy") {
        let read = closed_loop::read(text, base, stem(base))?;
        return Ok(Some((Part::ClosedLoop(read.workloads), Names { served: read.served_name, ..header })));
    }
    if stem(base) == "11-rate-sweep" {
        return Ok(None);
    }
    if open_loop::is_report(text) {
        return Ok(open_loop::configured_lengths(text)?.map(|lengths| (Part::Lengths(lengths), header)));
    }
    Err(SuiteError::NotRecognised)
}

/// The server the files stand for: the model most files name (`meta.json` counted first, so it
/// wins a tie), with the served name and profile of `meta.json` when it names that model, else
/// the ones most of that model's files give. A majority, so one damaged or foreign file (even a
/// `meta.json`) cannot turn all the others away.
fn identity(pieces: &[Piece]) -> Names {
    let setup_first = pieces
        .iter()
        .filter(|p| matches!(p.part, Part::Setup(_)))
        .chain(pieces.iter().filter(|p| !matches!(p.part, Part::Setup(_))));
    let model = most_common(setup_first.filter_map(|p| p.names.model.as_deref()));
    let of_model = |p: &&Piece| match (&p.names.model, &model) {
        (Some(m), Some(_)) => same(m, model.as_deref()),
        _ => true,
    };
    if let Some(setup) = pieces.iter().filter(of_model).find(|p| matches!(p.part, Part::Setup(_))) {
        return Names { model, ..setup.names.clone() };
    }
    Names {
        served: most_common(pieces.iter().filter(of_model).filter_map(|p| p.names.served.as_deref())),
        profile: most_common(pieces.iter().filter(of_model).filter_map(|p| p.names.profile.as_deref())),
        model,
    }
}

/// Why a file's names contradict the server's, if they do: refused when the model (or the
/// served name, where a file gives no model) is known on both sides and none of them agree, or
/// when the model agrees and the profile differs.
fn mismatch(names: &Names, identity: &Names) -> Option<SuiteError> {
    let compare = |a: &Option<String>, b: &Option<String>| match (a, b) {
        (Some(a), Some(b)) => Some(same(a, Some(b))),
        _ => None,
    };
    let model = compare(&names.model, &identity.model);
    let served = compare(&names.served, &identity.served);
    if model == Some(false) && served != Some(true) || model.is_none() && served == Some(false) {
        let named = names.model.clone().or_else(|| names.served.clone()).unwrap_or_default();
        let expected = if names.model.is_some() { identity.model.clone() } else { identity.served.clone() };
        return Some(SuiteError::OtherModel { named, expected: expected.unwrap_or_default() });
    }
    if compare(&names.profile, &identity.profile) == Some(false) {
        let (named, expected) = (names.profile.clone(), identity.profile.clone());
        return Some(SuiteError::OtherProfile {
            named: named.unwrap_or_default(),
            expected: expected.unwrap_or_default(),
        });
    }
    None
}

/// Builds the run from the files that agree; a load step that fails validation is refused here.
fn assemble(
    pieces: Vec<Piece>,
    identity: &Names,
    refused: &mut Vec<(usize, FileError)>,
    ignored: &mut Vec<String>,
) -> Option<SuiteRun> {
    if pieces.is_empty() {
        return None;
    }
    let mut lengths: Vec<(String, ConfiguredLengths, String, bool)> = Vec::new();
    let mut setup = None;
    let mut workloads = Vec::new();
    let mut steps: Vec<(usize, String, LoadStepFields)> = Vec::new();
    let mut summary = None;
    for piece in pieces {
        match piece.part {
            Part::Setup(s) => setup = Some(s),
            Part::ClosedLoop(w) => workloads.extend(w),
            Part::Step(fields) => steps.push((piece.index, piece.stem, *fields)),
            Part::Lengths(l) => lengths.push((piece.stem, l, piece.file, false)),
            Part::Summary(s) => summary = Some(s),
        }
    }
    let mut load = MeasuredLoad { summary, ..MeasuredLoad::default() };
    for (index, stem, mut fields) in steps {
        if let Some(entry) = lengths.iter_mut().find(|(s, ..)| *s == stem) {
            fields.configured = Some(entry.1.clone());
            entry.3 = true;
        }
        let file = fields.file.clone();
        match LoadStep::new(fields) {
            Ok(step) if stem.starts_with("11-rate-sweep-") => load.sweep.push(step),
            Ok(step) => load.tests.push(step),
            Err(error) => refused.push((index, FileError { file, error: error.into() })),
        }
    }
    ignored.extend(lengths.into_iter().filter(|entry| !entry.3).map(|entry| entry.2));
    // Unlimited-rate steps (`inf`) sort last.
    load.sweep.sort_by(|a, b| a.rate_per_s.unwrap_or(f64::INFINITY).total_cmp(&b.rate_per_s.unwrap_or(f64::INFINITY)));
    let model = identity
        .model
        .clone()
        .or_else(|| setup.as_ref().map(|s: &SuiteSetup| s.model.clone()))
        .or_else(|| identity.served.clone())
        .unwrap_or_default();
    Some(SuiteRun { model, setup, workloads, load })
}

/// `**Model:** Qwen/Qwen3.6-35B-A3B-FP8` in a suite report's header.
fn header_field(text: &str, field: &str) -> Option<String> {
    let prefix = format!("**{field}:**");
    let value = text.lines().take(40).find_map(|line| line.trim().strip_prefix(prefix.as_str()))?;
    let value = crate::input::text::clean_label(value).0;
    (!value.is_empty()).then_some(value)
}

fn same(a: &str, b: Option<&str>) -> bool {
    b.is_some_and(|b| a.trim().eq_ignore_ascii_case(b.trim()))
}

fn most_common<'a>(names: impl Iterator<Item = &'a str>) -> Option<String> {
    let mut counts: Vec<(&str, usize)> = Vec::new();
    for name in names {
        match counts.iter_mut().find(|(n, _)| same(n, Some(name))) {
            Some((_, count)) => *count += 1,
            None => counts.push((name, 1)),
        }
    }
    // The first of the highest count: `max_by_key` would take the last.
    let best = counts.iter().map(|(_, c)| *c).max()?;
    counts.iter().find(|(_, c)| *c == best).map(|(n, _)| (*n).to_owned())
}

/// The file's name without its folders.
fn base_name(file: &str) -> &str {
    file.rsplit(['/', '\\']).next().unwrap_or(file)
}

/// The name without its extension (`01-chat.md` gives `01-chat`; `11-rate-sweep-0.5.json` gives
/// `11-rate-sweep-0.5`).
fn stem(base: &str) -> &str {
    let lower = base.to_ascii_lowercase();
    [".md", ".json", ".txt", ".jsonl"]
        .iter()
        .find(|ext| lower.ends_with(*ext))
        .and_then(|ext| base.get(..base.len() - ext.len()))
        .unwrap_or(base)
}
