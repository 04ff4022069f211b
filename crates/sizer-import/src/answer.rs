//! An import's result as text, for a caller in another wasm module: the import module
//! (`sizer-import-wasm`) encodes what [`crate::import`] or [`crate::import_dropped`] returned,
//! the widget decodes it. The form is JSON, serde's `{"Ok": …}` / `{"Err": …}`; the error and
//! warning figures that may be non-finite (a speed that is `NaN`) travel as text
//! ([`any_f64`]), and the importers' fixed phrases (`WrongType::expected`, `TooMany::what`)
//! come back as the same `'static` strings ([`static_text`]).

use crate::error::ImportError;
use crate::outcome::Import;
use serde::{Deserialize, Deserializer};

/// Every phrase the importers put in `WrongType::expected` or `TooMany::what`.
const STATIC_TEXTS: &[&str] = &[
    "a JSON object",
    "a whole number or null",
    "a number or Infinity",
    "true or false",
    "a finite number",
    "a number",
    "a number or \"inf\"",
    "text",
    "an object",
    "an array",
    "runs",
    "points in one run",
    "measured points",
];

/// `&'static str`, named: serde borrows a field spelled `&str` from the input (which would
/// tie every decoded error to its JSON text); through this name [`static_text`] decides.
pub type StaticText = &'static str;

/// The result as the import module hands it over.
pub fn encode_answer(result: &Result<Import, ImportError>) -> String {
    // Every map key is a field name and every float is finite or text, so this cannot fail;
    // should it, the widget reports the importer as unavailable rather than a wrong result.
    serde_json::to_string(result).unwrap_or_default()
}

/// The result encoded by [`encode_answer`], or `None` for text that is not one.
pub fn decode_answer(text: &str) -> Option<Result<Import, ImportError>> {
    serde_json::from_str(text).ok()
}

/// A phrase from [`STATIC_TEXTS`]; one that is not in the list (an importer's new phrase
/// missing here) is kept for the page's lifetime rather than lost.
pub(crate) fn static_text<'de, D: Deserializer<'de>>(deserializer: D) -> Result<&'static str, D::Error> {
    let text = String::deserialize(deserializer)?;
    Ok(match STATIC_TEXTS.iter().find(|known| **known == text) {
        Some(known) => known,
        None => Box::leak(text.into_boxed_str()),
    })
}

/// An `f64` that may be `NaN` or infinite: a JSON number when finite, else `"NaN"`, `"inf"`
/// or `"-inf"`.
pub(crate) mod any_f64 {
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(value: &f64, serializer: S) -> Result<S::Ok, S::Error> {
        match *value {
            v if v.is_finite() => serializer.serialize_f64(v),
            v if v.is_nan() => serializer.serialize_str("NaN"),
            v if v > 0.0 => serializer.serialize_str("inf"),
            _ => serializer.serialize_str("-inf"),
        }
    }

    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Wire {
        Number(f64),
        Text(String),
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<f64, D::Error> {
        match Wire::deserialize(deserializer)? {
            Wire::Number(v) => Ok(v),
            Wire::Text(t) if t == "NaN" => Ok(f64::NAN),
            Wire::Text(t) if t == "inf" => Ok(f64::INFINITY),
            Wire::Text(t) if t == "-inf" => Ok(f64::NEG_INFINITY),
            Wire::Text(t) => Err(serde::de::Error::custom(format_args!("not a number: {t}"))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::warning::Warning;

    #[test]
    fn every_fixed_phrase_of_the_importers_is_listed() {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/src");
        let mut found = Vec::new();
        for entry in std::fs::read_dir(dir).expect("src is readable") {
            let path = entry.expect("entry").path();
            if path.ends_with("answer.rs") {
                continue;
            }
            let text = std::fs::read_to_string(&path).expect("source is text");
            for marker in ["expected: \"", "what: \"", "wrong(key, \""] {
                for (at, _) in text.match_indices(marker) {
                    let rest = &text[at + marker.len()..];
                    let end =
                        rest.find("\",").or_else(|| rest.find("\")")).or_else(|| rest.find("\" }")).expect("a literal");
                    found.push(rest[..end].replace("\\\"", "\""));
                }
            }
        }
        assert!(found.len() >= 13, "{found:?}");
        for phrase in found {
            assert!(STATIC_TEXTS.contains(&phrase.as_str()), "{phrase:?} is missing from STATIC_TEXTS");
        }
    }

    #[test]
    fn errors_with_non_finite_figures_and_fixed_phrases_come_back_the_same() {
        let errors = [
            ImportError::NotPositive { line: Some(3), key: "per-request speed".into(), value: f64::NEG_INFINITY },
            ImportError::NotWhole { line: None, value: 2.5 },
            ImportError::ConcurrencyTooLarge { line: Some(1), value: f64::INFINITY },
            ImportError::WrongType { line: Some(2), key: "max_concurrency".into(), expected: "a number or \"inf\"" },
            ImportError::TooMany { what: "points in one run", limit: 64 },
            ImportError::InFile { file: "a.json".into(), error: Box::new(ImportError::Binary) },
        ];
        for error in errors {
            let text = encode_answer(&Err(error.clone()));
            assert_eq!(decode_answer(&text), Some(Err(error)), "{text}");
        }
        let nan = encode_answer(&Err(ImportError::NotPositive { line: None, key: "k".into(), value: f64::NAN }));
        assert_eq!(nan, r#"{"Err":{"NotPositive":{"line":null,"key":"k","value":"NaN"}}}"#);
        match decode_answer(&nan) {
            Some(Err(ImportError::NotPositive { value, .. })) => assert!(value.is_nan()),
            other => panic!("{other:?}"),
        }
        let warning = Warning::RateLimited { line: Some(4), request_rate: 2.0 };
        let text = serde_json::to_string(&warning).expect("serialises");
        assert_eq!(text, r#"{"RateLimited":{"line":4,"request_rate":2.0}}"#);
        assert_eq!(decode_answer("{\"Ok\": 3}"), None);
        assert_eq!(decode_answer(""), None);
    }

    #[test]
    fn imports_come_back_the_same() {
        let import = crate::import("concurrency,tok/s\n1,50\n8,20\n", "mine").expect("imports");
        assert_eq!(decode_answer(&encode_answer(&Ok(import.clone()))), Some(Ok(import)));
    }
}
