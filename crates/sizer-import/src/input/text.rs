//! Small text helpers shared by the parsers: plain-text labels, tolerant number cells, lines.

use crate::input::error::ImportError;
use crate::input::limits::{MAX_LABEL_CHARS, MAX_QUOTED_CHARS};

/// Plain text for a label or model name: control characters removed, whitespace collapsed,
/// length capped at [`MAX_LABEL_CHARS`] characters (with an ellipsis). HTML is kept as literal
/// text: escaping is the renderer's job. Returns the cleaned text and whether anything changed
/// beyond trimming and collapsing whitespace.
pub fn clean_label(raw: &str) -> (String, bool) {
    let mut changed = false;
    let mut out = String::new();
    let mut pending_space = false;
    for ch in raw.chars() {
        if ch.is_whitespace() {
            pending_space = !out.is_empty();
        } else if ch.is_control() || is_invisible_format(ch) {
            changed = true;
        } else {
            if pending_space {
                out.push(' ');
                pending_space = false;
            }
            out.push(ch);
        }
    }
    if out.chars().count() > MAX_LABEL_CHARS {
        out = cap_chars(&out, MAX_LABEL_CHARS);
        changed = true;
    }
    (out, changed)
}

/// `text` cut to at most `max` characters, the last one an ellipsis when it was cut.
pub fn cap_chars(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        return text.to_owned();
    }
    let mut out: String = text.chars().take(max.saturating_sub(1)).collect();
    out.push('…');
    out
}

/// Bidirectional overrides and zero-width characters that could disguise a label.
fn is_invisible_format(ch: char) -> bool {
    matches!(ch, '\u{200B}'..='\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}' | '\u{FEFF}')
}

/// A short, printable excerpt of an offending value for an error message.
pub fn quote(raw: &str) -> String {
    let cleaned: String = raw.chars().filter(|ch| !ch.is_control()).collect();
    cap_chars(&cleaned, MAX_QUOTED_CHARS)
}

/// Parses a finite number cell. Accepts `73.18`, `1e3`, `+2`, and llama-benchy's `73.18 ± 0.45`
/// (the mean before `±` or `+-`). Returns `None` for anything else, including `inf` and `NaN`.
pub fn parse_number(cell: &str) -> Option<f64> {
    let mean = cell.split('±').next().unwrap_or(cell);
    let mean = mean.split("+-").next().unwrap_or(mean).trim();
    if mean.is_empty() || !mean.bytes().all(|b| b.is_ascii_digit() || matches!(b, b'.' | b'-' | b'+' | b'e' | b'E')) {
        return None;
    }
    mean.parse::<f64>().ok().filter(|value| value.is_finite())
}

/// The spread printed after the mean in llama-benchy's `73.18 ± 0.45` (or `+-`): `Some(0.45)`;
/// `None` when the cell prints none, or what follows is not a finite number that is not negative.
pub fn parse_spread(cell: &str) -> Option<f64> {
    let (_, spread) = cell.split_once('±').or_else(|| cell.split_once("+-"))?;
    parse_number(spread).filter(|s| *s >= 0.0)
}

/// Parses a required number cell, naming line and key on failure.
pub fn number_cell(cell: &str, line: usize, key: &str) -> Result<f64, ImportError> {
    parse_number(cell).ok_or_else(|| ImportError::NotANumber { line, key: key.to_owned(), value: quote(cell.trim()) })
}

/// Parses an optional number cell: empty is `None`, anything else must be a number.
pub fn optional_number_cell(cell: &str, line: usize, key: &str) -> Result<Option<f64>, ImportError> {
    if cell.trim().is_empty() { Ok(None) } else { number_cell(cell, line, key).map(Some) }
}

/// Checks that a value is finite and strictly positive.
pub fn positive(value: f64, line: Option<usize>, key: &str) -> Result<f64, ImportError> {
    if value.is_finite() && value > 0.0 {
        Ok(value)
    } else {
        Err(ImportError::NotPositive { line, key: key.to_owned(), value })
    }
}

/// Checks an optional value: `None` passes, a value must be finite and not negative.
pub fn non_negative(value: Option<f64>, line: Option<usize>, key: &str) -> Result<Option<f64>, ImportError> {
    match value {
        Some(v) if !(v.is_finite() && v >= 0.0) => {
            Err(ImportError::NotPositive { line, key: key.to_owned(), value: v })
        }
        other => Ok(other),
    }
}

/// Lines with their 1-based numbers (`\n` or `\r\n` ends a line).
pub fn numbered_lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.split('\n').map(|line| line.strip_suffix('\r').unwrap_or(line)).enumerate().map(|(i, line)| (i + 1, line))
}

/// The 1-based line of a byte offset.
pub fn line_of_offset(text: &str, offset: usize) -> usize {
    let end = offset.min(text.len());
    text.as_bytes().get(..end).map_or(0, |bytes| bytes.iter().filter(|b| **b == b'\n').count()) + 1
}

/// A number as short text: `8`, `7.2184`, never `8.0`.
pub fn short_number(value: f64) -> String {
    format!("{value}")
}
