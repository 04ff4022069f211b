//! Checks every input passes before any parser sees it: size, emptiness, binary, HTML; and the
//! normalisations that make pasted text uniform (BOM, UTF-16, lone CR line ends, ANSI colours).

use crate::input::error::ImportError;
use crate::input::limits::MAX_INPUT_BYTES;
use std::borrow::Cow;

/// Refuses input over the size limit, empty input, binary content and HTML pages.
pub fn check(text: &str) -> Result<(), ImportError> {
    if text.len() > MAX_INPUT_BYTES {
        return Err(ImportError::TooLarge { bytes: text.len(), limit: MAX_INPUT_BYTES });
    }
    let trimmed = text.trim_start_matches('\u{FEFF}').trim();
    if trimmed.is_empty() {
        return Err(ImportError::Empty);
    }
    if looks_binary(text) {
        return Err(ImportError::Binary);
    }
    if trimmed.starts_with('<') {
        return Err(ImportError::Html);
    }
    Ok(())
}

/// NUL anywhere, or more than 1 % control characters (other than tab, line ends, form feed and
/// the escape of terminal colours) or U+FFFD replacement characters (bytes lossily decoded).
fn looks_binary(text: &str) -> bool {
    if text.contains('\0') {
        return true;
    }
    let mut total = 0usize;
    let mut odd = 0usize;
    for ch in text.chars() {
        total += 1;
        if (ch.is_control() && !matches!(ch, '\t' | '\n' | '\r' | '\u{0C}' | '\u{1B}')) || ch == '\u{FFFD}' {
            odd += 1;
        }
    }
    odd * 100 > total
}

/// Normalises accepted text: strips a byte-order mark and ANSI colour sequences, and turns
/// old-Mac `\r` line ends into `\n`. Borrows when nothing needs changing.
pub fn normalise(text: &str) -> Cow<'_, str> {
    let text = text.strip_prefix('\u{FEFF}').unwrap_or(text);
    let lone_cr = text.contains('\r') && !text.contains('\n');
    if !lone_cr && !text.contains('\u{1B}') {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(ch) = chars.next() {
        match ch {
            '\u{1B}' => {
                // CSI: ESC [ parameters final-byte (0x40..=0x7E).
                if chars.next_if_eq(&'[').is_some() {
                    for next in chars.by_ref() {
                        if ('\u{40}'..='\u{7E}').contains(&next) {
                            break;
                        }
                    }
                }
            }
            '\r' if lone_cr => out.push('\n'),
            other => out.push(other),
        }
    }
    Cow::Owned(out)
}

/// Decodes dropped bytes: UTF-8 (with or without BOM) or UTF-16 with a BOM (what Windows
/// PowerShell's `>` writes). Anything else is binary. The size limit applies to the bytes.
pub fn decode(bytes: &[u8]) -> Result<Cow<'_, str>, ImportError> {
    if bytes.len() > MAX_INPUT_BYTES {
        return Err(ImportError::TooLarge { bytes: bytes.len(), limit: MAX_INPUT_BYTES });
    }
    let utf16 = |rest: &[u8], little: bool| -> Result<Cow<'_, str>, ImportError> {
        let units: Vec<u16> = rest
            .chunks_exact(2)
            .map(|pair| match pair {
                [a, b] if little => u16::from_le_bytes([*a, *b]),
                [a, b] => u16::from_be_bytes([*a, *b]),
                _ => 0,
            })
            .collect();
        String::from_utf16(&units).map(Cow::Owned).map_err(|_| ImportError::Binary)
    };
    match bytes {
        [0xFF, 0xFE, rest @ ..] => utf16(rest, true),
        [0xFE, 0xFF, rest @ ..] => utf16(rest, false),
        _ => core::str::from_utf8(bytes).map(Cow::Borrowed).map_err(|_| ImportError::Binary),
    }
}
