//! Load errors, each naming the path of the bad entry: `runs[3].points[2].per_request_tok_s`.

use core::fmt;

use crate::dataset::wire::WireError;

/// What is wrong at a path.
#[derive(Clone, Debug, PartialEq)]
pub enum Problem {
    /// Not valid JSON, a wrong type, an unknown or missing field, or a malformed date
    /// (serde's message).
    Json(String),
    /// The embedded binary dataset (the wasm build's form of `data/*.json`) does not decode.
    Binary(WireError),
    /// NaN or infinite.
    NotFinite,
    /// Zero or negative where only positive values make sense.
    NotPositive(f64),
    /// An id that is not lower-case ASCII letters, digits, `-` and `.`.
    BadId(String),
    /// The same id twice in one list.
    DuplicateId(String),
    /// A reference to an id that does not exist.
    DanglingReference {
        /// What the reference should name: "source", "run" or "fact".
        target: &'static str,
        /// The id that was not found.
        id: String,
    },
    /// A run whose source has no date and that has no date of its own.
    Undated,
    /// A list that must not be empty.
    Empty,
    /// Points not in strictly increasing concurrency.
    NotIncreasing {
        /// Concurrency of this point.
        concurrency: u32,
        /// Concurrency of the point before.
        previous: u32,
    },
    /// A figure range that does not contain its value, or is reversed.
    BadRange {
        /// Low end.
        low: f64,
        /// High end.
        high: f64,
    },
    /// A text field that must say something.
    BlankText,
    /// A claim that is not reproduced without a note saying why.
    MissingReason,
    /// A claim's note without its German `note_de` (a German page would show English).
    NoteWithoutGerman,
    /// A claim's German `note_de` without the English `note` it translates.
    GermanWithoutNote,
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Problem::Json(message) => f.write_str(message),
            Problem::Binary(error) => write!(f, "{error}"),
            Problem::NotFinite => f.write_str("not finite"),
            Problem::NotPositive(value) => write!(f, "not positive ({value})"),
            Problem::BadId(id) => {
                write!(f, "bad id {id:?}: use lower-case letters, digits, '-' and '.'")
            }
            Problem::DuplicateId(id) => write!(f, "duplicate id {id:?}"),
            Problem::DanglingReference { target, id } => write!(f, "no {target} with id {id:?}"),
            Problem::Undated => f.write_str("neither the run nor its source has a date"),
            Problem::Empty => f.write_str("empty"),
            Problem::NotIncreasing { concurrency, previous } => {
                write!(f, "concurrency {concurrency} does not increase on {previous}")
            }
            Problem::BadRange { low, high } => {
                write!(f, "range [{low}, {high}] is reversed or does not contain the value")
            }
            Problem::BlankText => f.write_str("blank text"),
            Problem::MissingReason => f.write_str("a claim that is not reproduced needs a note saying why"),
            Problem::NoteWithoutGerman => f.write_str("a claim with a note needs its German translation in note_de"),
            Problem::GermanWithoutNote => f.write_str("a claim with note_de needs the English note it translates"),
        }
    }
}

/// A dataset (or run) that failed to load: where, and what.
#[derive(Clone, Debug, PartialEq)]
pub struct DataError {
    /// Path of the bad entry, e.g. `runs[3].points[2].per_request_tok_s`.
    pub path: String,
    /// What is wrong there.
    pub problem: Problem,
}

impl DataError {
    /// An error at `path`.
    pub fn new(path: impl Into<String>, problem: Problem) -> DataError {
        DataError { path: path.into(), problem }
    }
}

impl fmt::Display for DataError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.path, self.problem)
    }
}

impl std::error::Error for DataError {}
