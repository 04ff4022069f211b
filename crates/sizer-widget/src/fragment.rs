//! The URL fragment codec: `#s=<compact scenario>`, so a link reproduces a sizing.
//!
//! Form: `#s=r:<run id>,l:<lang>,f:<floor>,a:<answer tokens>,i:<interval s>,b:<0|1 always busy>,
//! t:<ttft s>,p:<percentile 0..1>,z:<z, only with the English article's z>,h:<n|p|e headroom>,
//! m:<l|m interpolation>,c:<context tokens>,q:<prompt tokens>,n:<replicas>`. Missing keys take the
//! chat defaults; unknown keys are ignored (newer links stay readable); a malformed value makes
//! the whole fragment invalid, and the widget keeps its current scenario. Run ids are
//! percent-encoded where they hold anything but `[A-Za-z0-9._-]`.

use sizer_core::Scenario;

use crate::codes::{self, HEADROOM, INTERPOLATION};
use crate::i18n::{Lang, format_number};

/// The fragment's prefix.
pub const PREFIX: &str = "s=";

/// A scenario read from (or written to) a fragment.
#[derive(Clone, Debug, PartialEq)]
pub struct FragmentScenario {
    /// The run id, if given.
    pub run: Option<String>,
    /// The language, if given.
    pub lang: Option<Lang>,
    /// The scenario (KV pool and prefill rate are not part of it: they come from the run).
    pub scenario: Scenario,
}

/// Why a fragment could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FragmentError {
    /// The fragment does not start with `s=` (it may be an ordinary anchor).
    NotAScenario,
    /// A `key:value` pair without a colon.
    Malformed(String),
    /// A value that does not parse for its key.
    BadValue(&'static str),
}

/// Writes `scenario` (and the run and language) as a fragment without the leading `#`.
pub fn encode(run: &str, lang: Lang, scenario: &Scenario) -> String {
    let mut out = String::with_capacity(160);
    out.push_str(PREFIX);
    out.push_str("r:");
    push_encoded(&mut out, run);
    let pairs: [(&str, String); 12] = [
        ("l", lang.code().to_string()),
        ("f", plain(scenario.floor_tok_s)),
        ("a", plain(scenario.answer_tokens)),
        ("i", plain(scenario.interval_s)),
        ("b", if scenario.always_busy { "1" } else { "0" }.to_string()),
        ("t", plain(scenario.ttft_s)),
        ("p", plain(scenario.percentile)),
        ("h", codes::row(&HEADROOM, scenario.headroom).short.to_string()),
        ("m", codes::row(&INTERPOLATION, scenario.interpolation).short.to_string()),
        ("c", plain(scenario.context_tokens)),
        ("q", plain(scenario.prompt_tokens)),
        ("n", plain(f64::from(scenario.replicas))),
    ];
    for (key, value) in pairs {
        out.push(',');
        out.push_str(key);
        out.push(':');
        out.push_str(&value);
    }
    if let Some(z) = scenario.z {
        out.push_str(",z:");
        out.push_str(&plain(z));
    }
    out
}

/// Reads a fragment (with or without the leading `#`).
pub fn decode(fragment: &str) -> Result<FragmentScenario, FragmentError> {
    let body = fragment.strip_prefix('#').unwrap_or(fragment);
    let body = body.strip_prefix(PREFIX).ok_or(FragmentError::NotAScenario)?;
    let mut result = FragmentScenario { run: None, lang: None, scenario: Scenario::chat() };
    let scenario = &mut result.scenario;
    for pair in body.split(',').filter(|pair| !pair.is_empty()) {
        let (key, value) = pair.split_once(':').ok_or_else(|| FragmentError::Malformed(pair.to_string()))?;
        match key {
            "r" => result.run = Some(percent_decode(value).ok_or(FragmentError::BadValue("r"))?),
            "l" => result.lang = Some(Lang::from_code(value).ok_or(FragmentError::BadValue("l"))?),
            "f" => scenario.floor_tok_s = number(value, "f")?,
            "a" => scenario.answer_tokens = number(value, "a")?,
            "i" => scenario.interval_s = number(value, "i")?,
            "b" => {
                scenario.always_busy = match value {
                    "1" => true,
                    "0" => false,
                    _ => return Err(FragmentError::BadValue("b")),
                }
            }
            "t" => scenario.ttft_s = number(value, "t")?,
            "p" => scenario.percentile = number(value, "p")?,
            "z" => scenario.z = Some(number(value, "z")?),
            "h" => scenario.headroom = codes::from_short(&HEADROOM, value).ok_or(FragmentError::BadValue("h"))?,
            "m" => {
                scenario.interpolation = codes::from_short(&INTERPOLATION, value).ok_or(FragmentError::BadValue("m"))?
            }
            "c" => scenario.context_tokens = number(value, "c")?,
            "q" => scenario.prompt_tokens = number(value, "q")?,
            "n" => {
                let replicas = number(value, "n")?;
                if replicas.fract() != 0.0 || !(1.0..=f64::from(u32::MAX)).contains(&replicas) {
                    return Err(FragmentError::BadValue("n"));
                }
                scenario.replicas = replicas as u32;
            }
            _ => {}
        }
    }
    scenario.validate().map_err(|_| FragmentError::BadValue("scenario"))?;
    Ok(result)
}

/// A number in plain form: `.` decimal mark, no grouping, trailing zeros dropped.
fn plain(value: f64) -> String {
    let mut text = format_number(Lang::En, value, 6);
    text.retain(|c| c != ',');
    if text.contains('.') {
        while text.ends_with('0') {
            text.pop();
        }
        if text.ends_with('.') {
            text.pop();
        }
    }
    text
}

fn number(value: &str, key: &'static str) -> Result<f64, FragmentError> {
    let valid = !value.is_empty() && value.bytes().all(|b| b.is_ascii_digit() || b == b'.');
    let parsed: f64 = if valid { value.parse().map_err(|_| FragmentError::BadValue(key))? } else { f64::NAN };
    if parsed.is_finite() { Ok(parsed) } else { Err(FragmentError::BadValue(key)) }
}

/// Appends `text`, percent-encoding every byte outside `[A-Za-z0-9._-]`.
fn push_encoded(out: &mut String, text: &str) {
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
fn percent_decode(text: &str) -> Option<String> {
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
    use sizer_core::{HeadroomMethod, Interpolation};

    #[test]
    fn round_trip_keeps_everything() {
        let scenario = Scenario {
            floor_tok_s: 12.5,
            z: Some(2.33),
            headroom: HeadroomMethod::ErlangC,
            interpolation: Interpolation::MonotoneLog2,
            replicas: 2,
            percentile: 0.995,
            ..Scenario::coding_agent()
        };
        let text = encode("run-1.2_x", Lang::De, &scenario);
        assert_eq!(text, "s=r:run-1.2_x,l:de,f:12.5,a:400,i:30,b:1,t:1,p:0.995,h:e,m:m,c:32768,q:20000,n:2,z:2.33");
        let back = decode(&format!("#{text}")).expect("decodes");
        assert_eq!(back.run.as_deref(), Some("run-1.2_x"));
        assert_eq!(back.lang, Some(Lang::De));
        assert_eq!(back.scenario, scenario);
    }

    #[test]
    fn odd_run_ids_are_escaped() {
        let text = encode("a,b:c%", Lang::En, &Scenario::chat());
        assert!(text.starts_with("s=r:a%2Cb%3Ac%25,"), "{text}");
        assert_eq!(decode(&text).expect("decodes").run.as_deref(), Some("a,b:c%"));
    }

    #[test]
    fn missing_keys_take_defaults_and_bad_values_fail() {
        let back = decode("s=f:10").expect("decodes");
        assert_eq!(back.scenario, Scenario { floor_tok_s: 10.0, ..Scenario::chat() });
        assert_eq!(back.run, None);
        assert_eq!(decode("#top"), Err(FragmentError::NotAScenario));
        assert_eq!(decode("s=f:abc"), Err(FragmentError::BadValue("f")));
        assert_eq!(decode("s=f:1e9"), Err(FragmentError::BadValue("f")));
        assert_eq!(decode("s=f"), Err(FragmentError::Malformed("f".into())));
        assert_eq!(decode("s=n:1.5"), Err(FragmentError::BadValue("n")));
        assert_eq!(decode("s=f:0"), Err(FragmentError::BadValue("scenario")));
        assert_eq!(decode("s=r:%G1"), Err(FragmentError::BadValue("r")));
        assert!(decode("s=f:10,future:1").is_ok());
    }
}
