//! JSON plumbing: a stream of top-level values with their byte spans (so errors can name a
//! line), and typed key access that reports the key and line on a wrong type.

use crate::input::error::ImportError;
use crate::input::error::check_count;
use crate::input::text::line_of_offset;
use serde_json::value::RawValue;
use serde_json::{Map, Value};

/// One JSON value and where it sits in the input.
pub struct Located {
    /// The parsed value.
    pub value: Value,
    /// Byte offset of its first character.
    pub start: usize,
    /// Byte offset just past its last character.
    pub end: usize,
}

/// Parses every top-level JSON value in `text` (one object, JSON lines, or objects pasted one
/// after another).
pub fn values(text: &str) -> Result<Vec<Located>, ImportError> {
    let mut out = Vec::new();
    for raw in serde_json::Deserializer::from_str(text).into_iter::<&RawValue>() {
        let raw = raw.map_err(json_error)?;
        out.push(locate(text, raw)?);
        check_count(out.len())?;
    }
    Ok(out)
}

/// The elements of a top-level array, each with its own span.
pub fn array_elements(text: &str, array: &Located) -> Result<Vec<Located>, ImportError> {
    let source = text.get(array.start..array.end).unwrap_or_default();
    let raws: Vec<&RawValue> =
        serde_json::from_str(source).map_err(|e| shifted(json_error(e), line_of_offset(text, array.start) - 1))?;
    check_count(raws.len())?;
    raws.into_iter().map(|raw| locate(text, raw)).collect()
}

/// The elements of the array under `key` in a located object, each with its own span (so a
/// nested error can name its line); `None` when the key is absent.
pub fn array_field_elements(text: &str, object: &Located, key: &str) -> Result<Option<Vec<Located>>, ImportError> {
    let source = text.get(object.start..object.end).unwrap_or_default();
    let fields: std::collections::BTreeMap<String, &RawValue> = serde_json::from_str(source).map_err(json_error)?;
    match fields.get(key) {
        Some(raw) => array_elements(text, &locate(text, raw)?).map(Some),
        None => Ok(None),
    }
}

/// Parses one line that holds a JSON object (JSON lines mixed with log text).
pub fn line_value(text: &str, line_text: &str, line: usize) -> Result<Located, ImportError> {
    let raw: &RawValue = serde_json::from_str(line_text).map_err(|e| shifted(json_error(e), line - 1))?;
    locate(text, raw)
}

fn locate(text: &str, raw: &RawValue) -> Result<Located, ImportError> {
    let slice = raw.get();
    let start = (slice.as_ptr() as usize).saturating_sub(text.as_ptr() as usize);
    let value = if slice.starts_with('{') {
        object_without_bulk(slice)?
    } else {
        serde_json::from_str(slice).map_err(json_error)?
    };
    Ok(Located { value, start, end: start + slice.len() })
}

/// Per-request arrays no importer reads (vLLM `--save-detailed`, llama-benchy time series):
/// left as raw text instead of becoming a large value tree.
const BULK_KEYS: &[&str] = &[
    "ttfts",
    "itls",
    "generated_texts",
    "errors",
    "input_lens",
    "output_lens",
    "start_times",
    "throughput_over_time",
    "requests_throughput_over_time",
];

/// An object parsed key by key, the bulk keys' values replaced by `null`.
fn object_without_bulk(slice: &str) -> Result<Value, ImportError> {
    let fields: std::collections::BTreeMap<String, &RawValue> = serde_json::from_str(slice).map_err(json_error)?;
    let mut map = Map::new();
    for (key, raw) in fields {
        let value = if BULK_KEYS.contains(&key.as_str()) {
            Value::Null
        } else {
            serde_json::from_str(raw.get()).map_err(json_error)?
        };
        map.insert(key, value);
    }
    Ok(Value::Object(map))
}

fn json_error(error: serde_json::Error) -> ImportError {
    let (line, column) = (error.line().max(1), error.column().max(1));
    if error.is_eof() { ImportError::TruncatedJson { line, column } } else { ImportError::InvalidJson { line, column } }
}

fn shifted(error: ImportError, by: usize) -> ImportError {
    match error {
        ImportError::TruncatedJson { line, column } => ImportError::TruncatedJson { line: line + by, column },
        ImportError::InvalidJson { line, column } => ImportError::InvalidJson { line: line + by, column },
        other => other,
    }
}

/// A JSON object with its place in the input, for key lookups that name the line.
pub struct Object<'a> {
    map: &'a Map<String, Value>,
    text: &'a str,
    start: usize,
    end: usize,
    /// A path prefix for keys inside nested objects (`benchmarks[2].`), empty at the top.
    prefix: String,
}

impl<'a> Object<'a> {
    /// Wraps a located value, or says that it is not an object.
    pub fn new(text: &'a str, located: &'a Located, what: &str) -> Result<Object<'a>, ImportError> {
        match &located.value {
            Value::Object(map) => {
                Ok(Object { map, text, start: located.start, end: located.end, prefix: String::new() })
            }
            _ => Err(ImportError::WrongType {
                line: Some(line_of_offset(text, located.start)),
                key: what.to_owned(),
                expected: "a JSON object",
            }),
        }
    }

    /// The same object, its keys reported with a path prefix (`benchmarks[2].`).
    pub fn with_prefix(mut self, prefix: String) -> Object<'a> {
        self.prefix = prefix;
        self
    }

    /// A nested object value, reported with a path prefix.
    pub fn nested(&self, map: &'a Map<String, Value>, prefix: String) -> Object<'a> {
        Object { map, text: self.text, start: self.start, end: self.end, prefix }
    }

    /// The line the object starts on.
    pub fn line(&self) -> usize {
        line_of_offset(self.text, self.start)
    }

    /// The underlying map.
    pub fn map(&self) -> &'a Map<String, Value> {
        self.map
    }

    /// The key as shown in messages (with the nested path).
    pub fn key_name(&self, key: &str) -> String {
        format!("{}{key}", self.prefix)
    }

    /// The line on which `"key"` first appears inside this object (the object's line otherwise).
    pub fn key_line(&self, key: &str) -> usize {
        let needle = format!("\"{key}\"");
        self.text
            .get(self.start..self.end)
            .and_then(|span| span.find(&needle))
            .map_or_else(|| self.line(), |at| line_of_offset(self.text, self.start + at))
    }

    fn wrong(&self, key: &str, expected: &'static str) -> ImportError {
        ImportError::WrongType { line: Some(self.key_line(key)), key: self.key_name(key), expected }
    }

    /// A number, `None` when absent or null; a wrong type is an error naming key and line.
    pub fn number(&self, key: &str) -> Result<Option<f64>, ImportError> {
        match self.map.get(key) {
            None | Some(Value::Null) => Ok(None),
            Some(Value::Number(n)) => {
                n.as_f64().filter(|v| v.is_finite()).map(Some).ok_or_else(|| self.wrong(key, "a finite number"))
            }
            Some(_) => Err(self.wrong(key, "a number")),
        }
    }

    /// The first of several spellings of a number key that is present.
    pub fn number_any(&self, keys: &[&str]) -> Result<Option<f64>, ImportError> {
        for key in keys {
            if let Some(value) = self.number(key)? {
                return Ok(Some(value));
            }
        }
        Ok(None)
    }

    /// A required number.
    pub fn required_number(&self, key: &str) -> Result<f64, ImportError> {
        self.number(key)?.ok_or_else(|| ImportError::MissingKey { line: Some(self.line()), key: self.key_name(key) })
    }

    /// A string, `None` when absent or null.
    pub fn string(&self, key: &str) -> Result<Option<&'a str>, ImportError> {
        match self.map.get(key) {
            None | Some(Value::Null) => Ok(None),
            Some(Value::String(s)) => Ok(Some(s.as_str())),
            Some(_) => Err(self.wrong(key, "text")),
        }
    }

    /// A nested object, `None` when absent or null.
    pub fn object(&self, key: &str) -> Result<Option<&'a Map<String, Value>>, ImportError> {
        match self.map.get(key) {
            None | Some(Value::Null) => Ok(None),
            Some(Value::Object(map)) => Ok(Some(map)),
            Some(_) => Err(self.wrong(key, "an object")),
        }
    }

    /// An array, `None` when absent or null.
    pub fn array(&self, key: &str) -> Result<Option<&'a Vec<Value>>, ImportError> {
        match self.map.get(key) {
            None | Some(Value::Null) => Ok(None),
            Some(Value::Array(items)) => Ok(Some(items)),
            Some(_) => Err(self.wrong(key, "an array")),
        }
    }
}
