//! A compact, validated text form of a curve's points for the share URL:
//! `1:81.2,8:37.3` (concurrency `:` per-request tok/s, points separated by commas).
//! Only digits, `.`, `:` and `,` appear, so the text needs no URL escaping.

use crate::input::limits::{MAX_IMPORT_CONCURRENCY, MAX_SHARED_CHARS, MAX_SHARED_POINTS};
use core::fmt;

/// Why a shared point list was refused.
#[derive(Debug, Clone, PartialEq)]
pub enum ShareError {
    /// Nothing to encode or decode.
    Empty,
    /// Longer than the limit (characters) or more points than the limit.
    TooLong { limit: usize },
    /// A character other than digits, `.`, `:` and `,`.
    BadCharacter { position: usize },
    /// A point that is not `number:number`, or a number that does not parse.
    BadPoint { index: usize },
    /// Zero, negative, non-finite, or implausibly large values.
    OutOfRange { index: usize },
    /// Concurrencies not strictly increasing (duplicates included).
    NotIncreasing { index: usize },
}

impl fmt::Display for ShareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ShareError::Empty => f.write_str("The shared curve has no points."),
            ShareError::TooLong { limit } => write!(f, "The shared curve is over the limit of {limit}."),
            ShareError::BadCharacter { position } => {
                write!(f, "The shared curve has an unexpected character at position {position}.")
            }
            ShareError::BadPoint { index } => {
                write!(f, "Point {} of the shared curve is not \"concurrency:tok/s\".", index + 1)
            }
            ShareError::OutOfRange { index } => write!(f, "Point {} of the shared curve is out of range.", index + 1),
            ShareError::NotIncreasing { index } => {
                write!(f, "Point {} of the shared curve does not increase in concurrency.", index + 1)
            }
        }
    }
}

impl std::error::Error for ShareError {}

/// Encodes `(concurrency, per-request tok/s)` points, concurrency with up to 3 decimals and
/// speed with up to 2 (trailing zeros dropped). Points must satisfy what [`decode_points`]
/// accepts after rounding.
pub fn encode_points(points: &[(f64, f64)]) -> Result<String, ShareError> {
    if let Some(index) = points.iter().position(|(c, s)| !(c.is_finite() && *c > 0.0 && s.is_finite() && *s > 0.0)) {
        return Err(ShareError::OutOfRange { index });
    }
    let text =
        points.iter().map(|(c, s)| format!("{}:{}", decimals(*c, 3), decimals(*s, 2))).collect::<Vec<_>>().join(",");
    decode_points(&text)?;
    Ok(text)
}

/// Decodes and validates a point list written by [`encode_points`].
pub fn decode_points(text: &str) -> Result<Vec<(f64, f64)>, ShareError> {
    if text.is_empty() {
        return Err(ShareError::Empty);
    }
    if text.len() > MAX_SHARED_CHARS {
        return Err(ShareError::TooLong { limit: MAX_SHARED_CHARS });
    }
    if let Some(position) = text.bytes().position(|b| !(b.is_ascii_digit() || matches!(b, b'.' | b':' | b','))) {
        return Err(ShareError::BadCharacter { position });
    }
    let mut points: Vec<(f64, f64)> = Vec::new();
    for (index, pair) in text.split(',').enumerate() {
        if index >= MAX_SHARED_POINTS {
            return Err(ShareError::TooLong { limit: MAX_SHARED_POINTS });
        }
        let (c, s) = pair.split_once(':').ok_or(ShareError::BadPoint { index })?;
        let number = |part: &str| -> Result<f64, ShareError> {
            if part.is_empty() || part.starts_with('.') || part.ends_with('.') {
                return Err(ShareError::BadPoint { index });
            }
            part.parse::<f64>().map_err(|_| ShareError::BadPoint { index })
        };
        let (c, s) = (number(c)?, number(s)?);
        if !(c > 0.0 && c <= MAX_IMPORT_CONCURRENCY && s > 0.0 && s.is_finite()) {
            return Err(ShareError::OutOfRange { index });
        }
        if points.last().is_some_and(|(previous, _)| *previous >= c) {
            return Err(ShareError::NotIncreasing { index });
        }
        points.push((c, s));
    }
    Ok(points)
}

/// `value` rounded to `places` decimals, trailing zeros and a trailing point removed.
fn decimals(value: f64, places: usize) -> String {
    let text = format!("{value:.places$}");
    if text.contains('.') { text.trim_end_matches('0').trim_end_matches('.').to_owned() } else { text }
}
