//! What every key of a `#s=` link shares: the prefix and body, a refused part as written
//! ([`BadPart`]), values cut to a readable length, and percent-encoding of free text (run ids,
//! names). Each key's owner reads its own value (the scenario's keys: the widget's
//! `fragment.rs`; the seed: [`crate::link::sim_link`]; a shared curve: [`crate::link::share_link`]).

/// The fragment's prefix.
pub const PREFIX: &str = "s=";

/// A part of a link that cannot be honoured (`key:value` as written; a part without a colon
/// has an empty key).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadPart {
    pub key: String,
    pub value: String,
}

impl BadPart {
    /// A refused `key:value`.
    pub fn new(key: &str, value: &str) -> BadPart {
        BadPart { key: key.to_owned(), value: value.to_owned() }
    }

    /// The part as it was written.
    pub fn written(&self) -> String {
        if self.key.is_empty() { self.value.clone() } else { [self.key.as_str(), ":", &self.value].concat() }
    }
}

/// The longest value kept as written in a [`BadPart`] or a field (a link can be any length).
pub const MAX_SHOWN_CHARS: usize = 80;

/// The body of a `#s=` fragment (without `#` and `s=`), if it is one.
pub fn body(fragment: &str) -> Option<&str> {
    fragment.strip_prefix('#').unwrap_or(fragment).strip_prefix(PREFIX)
}

/// `text` cut to [`MAX_SHOWN_CHARS`] characters (with an ellipsis when cut).
pub fn shorten(text: &str) -> String {
    match text.char_indices().nth(MAX_SHOWN_CHARS) {
        Some((at, _)) => [&text[..at], "…"].concat(),
        None => text.to_owned(),
    }
}

/// Appends `text`, percent-encoding every byte outside `[A-Za-z0-9._-]`.
pub fn push_encoded(out: &mut String, text: &str) {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    for byte in text.bytes() {
        if byte.is_ascii_alphanumeric() || matches!(byte, b'.' | b'_' | b'-') {
            out.push(char::from(byte));
        } else {
            out.push('%');
            out.push(char::from(HEX[usize::from(byte >> 4)]));
            out.push(char::from(HEX[usize::from(byte & 15)]));
        }
    }
}

/// Decodes `%XX` escapes; `None` on a broken escape or invalid UTF-8.
pub fn percent_decode(text: &str) -> Option<String> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut index = 0;
    while index < bytes.len() {
        if bytes[index] == b'%' {
            let hex = text.get(index + 1..index + 3)?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            index += 3;
        } else {
            out.push(bytes[index]);
            index += 1;
        }
    }
    String::from_utf8(out).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_is_escaped_and_read_back() {
        let mut out = String::new();
        push_encoded(&mut out, "a,b:c% ×");
        assert_eq!(out, "a%2Cb%3Ac%25%20%C3%97");
        assert_eq!(percent_decode(&out).as_deref(), Some("a,b:c% ×"));
        assert_eq!(percent_decode("run-1.2_x").as_deref(), Some("run-1.2_x"));
        // A broken escape or bytes that are not UTF-8 are refused, never guessed.
        assert_eq!(percent_decode("%G1"), None);
        assert_eq!(percent_decode("%4"), None);
        assert_eq!(percent_decode("%FF"), None);
    }

    #[test]
    fn bodies_parts_and_shortening() {
        assert_eq!(body("#s=f:10"), Some("f:10"));
        assert_eq!(body("s=f:10"), Some("f:10"));
        assert_eq!(body("#top"), None);
        assert_eq!(BadPart::new("l", "fr").written(), "l:fr");
        assert_eq!(BadPart::new("", "f").written(), "f");
        assert_eq!(shorten("abc"), "abc");
        let long = shorten(&"x".repeat(500));
        assert_eq!(long.chars().count(), MAX_SHOWN_CHARS + 1);
        assert!(long.ends_with('…'));
    }
}
