//! Why one file of a suite was refused: one variant per cause, each one English sentence; the
//! file's name goes in front ([`FileError`]).

use crate::input::error::ImportError;
use core::fmt;
use sizer_data::suite::SuiteDataError;

/// Why a file of a suite import was not used.
#[derive(Debug, Clone, PartialEq)]
pub enum SuiteError {
    /// The file could not be read (empty, binary, malformed JSON, a bad cell, a missing key).
    Import(ImportError),
    /// A value the file gave is not valid (not finite, not positive, out of order).
    Data(SuiteDataError),
    /// The file measured another model than the rest of the files.
    OtherModel { named: String, expected: String },
    /// The file belongs to another profile (precision or setup) of the same model.
    OtherProfile { named: String, expected: String },
    /// The file is none of the suite's formats.
    NotRecognised,
    /// A llama-benchy table without a single measured generation row.
    NoRows,
    /// A generation row whose prompt row is missing, so its prompt length is unknown.
    NoPromptRow { line: usize, counter: String },
    /// A count (`num_prompts`, `completed`, `failed`) that is not a whole number of requests.
    NotACount { key: String, value: f64 },
    /// A JSON file holding several results where the suite writes one.
    SeveralResults { count: usize },
    /// A second file with the same name or the same role (two `meta.json`).
    Duplicate { first: String },
    /// More files than one suite import takes.
    TooManyFiles { limit: usize },
}

impl fmt::Display for SuiteError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SuiteError::Import(error) => write!(f, "{error}"),
            SuiteError::Data(error) => write!(f, "{error}"),
            SuiteError::OtherModel { named, expected } => write!(
                f,
                "this file measured {named}, not {expected} like the other files, so it was left out; import it on its own."
            ),
            SuiteError::OtherProfile { named, expected } => write!(
                f,
                "this file is of the profile \"{named}\", not \"{expected}\" like the other files, so it was left out; import it on its own."
            ),
            SuiteError::NotRecognised => f.write_str(
                "this is not a file of a benchmark suite: expected llama-benchy markdown, vllm bench serve JSON, a rate-sweep summary or the suite's meta.json.",
            ),
            SuiteError::NoRows => f.write_str("this llama-benchy table has no measured generation row (tgN)."),
            SuiteError::NoPromptRow { line, counter } => write!(
                f,
                "line {line}: {counter} has no prompt row (ppN) before it, so its prompt length is unknown."
            ),
            SuiteError::NotACount { key, value } => {
                // A hostile 1e300 stays short.
                let value = if value.abs() > 1e15 { format!("{value:e}") } else { format!("{value}") };
                write!(f, "{key} must be a whole number of requests, not {value}.")
            }
            SuiteError::SeveralResults { count } => {
                write!(f, "this file holds {count} JSON results where a suite writes one per file.")
            }
            SuiteError::Duplicate { first } => {
                write!(f, "this file plays the same part as {first}, which was read first, so it was left out.")
            }
            SuiteError::TooManyFiles { limit } => {
                write!(f, "one suite import reads at most {limit} files, so this one was left out.")
            }
        }
    }
}

impl std::error::Error for SuiteError {}

impl From<ImportError> for SuiteError {
    fn from(error: ImportError) -> SuiteError {
        SuiteError::Import(error)
    }
}

impl From<SuiteDataError> for SuiteError {
    fn from(error: SuiteDataError) -> SuiteError {
        SuiteError::Data(error)
    }
}

/// A refused file and why: displayed as `"<file>: <sentence>"`.
#[derive(Debug, Clone, PartialEq)]
pub struct FileError {
    /// The file's name as given (cleaned for display).
    pub file: String,
    /// Why it was refused.
    pub error: SuiteError,
}

impl fmt::Display for FileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.file, self.error)
    }
}

impl std::error::Error for FileError {}
