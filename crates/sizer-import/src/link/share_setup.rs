//! A compact text form of an imported run's setup ([`YourSetup`]: hardware, systems, GPUs, KV
//! pool, prefill rate, maximum context) for a share link, beside the shared points
//! (`share.rs`). Fields are separated by `~`, each a letter and its value: `h` hardware (UTF-8,
//! every byte but ASCII letters, digits and `-` written `%XX`), `s` systems, `g` GPUs, `k` KV
//! pool tokens, `p` prefill tok/s, `m` maximum context tokens:
//! `hJetson%20Thor~s1~g1~m4096`. No `,`, `:`, `#` or `&` appears, so it fits in the fragment's
//! `key:value` pairs unescaped. A link without it decodes as before (no setup); an unknown
//! letter is refused, so a later version can add letters only with a new key.

use core::fmt;

use sizer_data::{SetupField, YourSetup};

use crate::input::text::clean_label;

/// The longest encoded setup accepted (characters).
pub const MAX_SHARED_SETUP_CHARS: usize = 400;

/// Why a shared setup was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SetupShareError {
    /// Longer than [`MAX_SHARED_SETUP_CHARS`].
    TooLong,
    /// A field that is not a known letter with a value, or a value that does not parse or is
    /// out of the field's bounds (the field's letter).
    BadField { field: String },
}

impl fmt::Display for SetupShareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupShareError::TooLong => {
                write!(f, "The shared setup is over the limit of {MAX_SHARED_SETUP_CHARS} characters.")
            }
            SetupShareError::BadField { field } => write!(f, "The shared setup's field \"{field}\" is not valid."),
        }
    }
}

impl std::error::Error for SetupShareError {}

const NUMERIC: [(char, SetupField); 5] = [
    ('s', SetupField::Systems),
    ('g', SetupField::Gpus),
    ('k', SetupField::KvPoolTokens),
    ('p', SetupField::PrefillTokS),
    ('m', SetupField::MaxContextTokens),
];

/// The setup as shared text; empty when nothing is stated.
pub fn encode_setup(setup: &YourSetup) -> String {
    let mut fields = Vec::new();
    if let Some(name) = setup.hardware_name() {
        let mut out = String::from("h");
        for byte in name.bytes() {
            if byte.is_ascii_alphanumeric() || byte == b'-' {
                out.push(char::from(byte));
            } else {
                out.push_str(&format!("%{byte:02X}"));
            }
        }
        fields.push(out);
    }
    for (letter, field) in NUMERIC {
        if let Some(value) = field.value(setup) {
            fields.push(format!("{letter}{}", number(value)));
        }
    }
    fields.join("~")
}

/// Decodes text written by [`encode_setup`]; the empty text is the empty setup. Every field is
/// checked against [`SetupField::bounds`]; nothing is marked as stated by a file.
pub fn decode_setup(text: &str) -> Result<YourSetup, SetupShareError> {
    if text.len() > MAX_SHARED_SETUP_CHARS {
        return Err(SetupShareError::TooLong);
    }
    let mut setup = YourSetup::default();
    for field in text.split('~').filter(|f| !f.is_empty()) {
        let bad = || SetupShareError::BadField { field: field.chars().take(1).collect() };
        let mut chars = field.chars();
        let letter = chars.next().ok_or_else(bad)?;
        let value = chars.as_str();
        if letter == 'h' {
            let name = unescape(value).ok_or_else(bad)?;
            let (label, _) = clean_label(&name);
            if label.is_empty() {
                return Err(bad());
            }
            setup = SetupField::with_hardware(&setup, Some(label));
            continue;
        }
        let (_, kind) = NUMERIC.iter().find(|(l, _)| *l == letter).ok_or_else(bad)?;
        let (min, max, whole) = kind.bounds().ok_or_else(bad)?;
        let ok = value.bytes().all(|b| b.is_ascii_digit() || b == b'.') && !value.is_empty();
        let parsed: f64 = if ok { value.parse().map_err(|_| bad())? } else { return Err(bad()) };
        if !(min..=max).contains(&parsed) || (whole && parsed.fract() != 0.0) {
            return Err(bad());
        }
        setup = kind.with_value(&setup, Some(parsed));
    }
    Ok(setup)
}

/// A number without exponent, up to 3 decimals, trailing zeros dropped.
fn number(value: f64) -> String {
    let text = format!("{value:.3}");
    text.trim_end_matches('0').trim_end_matches('.').to_owned()
}

fn unescape(text: &str) -> Option<String> {
    let mut bytes = Vec::with_capacity(text.len());
    let raw = text.as_bytes();
    let mut i = 0;
    while i < raw.len() {
        match raw[i] {
            b'%' => {
                let hex = text.get(i + 1..i + 3)?;
                bytes.push(u8::from_str_radix(hex, 16).ok()?);
                i += 3;
            }
            b if b.is_ascii_alphanumeric() || b == b'-' => {
                bytes.push(b);
                i += 1;
            }
            _ => return None,
        }
    }
    String::from_utf8(bytes).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_setup_round_trips_in_fragment_safe_text() {
        let setup = YourSetup {
            hardware: Some("Jetson Thor, 128 GB".into()),
            systems: Some(1),
            gpus: Some(16),
            kv_pool_tokens: Some(924_912.0),
            prefill_tok_s: Some(5_705.5),
            max_context_tokens: Some(4_096.0),
            from_file: vec![SetupField::Gpus],
        };
        let text = encode_setup(&setup);
        assert_eq!(text, "hJetson%20Thor%2C%20128%20GB~s1~g16~k924912~p5705.5~m4096");
        assert!(!text.contains([',', ':', '#', '&']));
        let back = decode_setup(&text).expect("decodes");
        assert_eq!(back, YourSetup { from_file: Vec::new(), ..setup });
        assert_eq!(decode_setup(""), Ok(YourSetup::default()));
        assert_eq!(encode_setup(&YourSetup::default()), "");
    }

    #[test]
    fn bad_fields_are_refused() {
        for bad in ["x1", "s0", "s1.5", "g100001", "k-1", "k1e9", "m", "h%ZZ", "h<b>", "p1:2"] {
            assert!(decode_setup(bad).is_err(), "{bad}");
        }
        assert_eq!(decode_setup(&"s1~".repeat(200)), Err(SetupShareError::TooLong));
    }
}
