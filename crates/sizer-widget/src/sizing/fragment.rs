//! The URL fragment codec: `#s=<compact scenario>`, so a link reproduces a sizing.
//!
//! Form: `#s=r:<run id>,l:<lang>,f:<floor>,a:<answer tokens>,i:<interval s>,b:<0|1 always busy>,
//! t:<ttft s>,p:<percentile 0..1>,z:<z, only with the English article's z>,h:<n|p|e headroom>,
//! m:<l|m interpolation>,c:<context tokens>,q:<prompt tokens>,n:<replicas>`; `p` is left out when
//! the fixed z with the normal approximation leaves it unused. Missing keys take the
//! chat defaults; keys of the link's other owners are left to them, and a key no owner knows is
//! named by [`crate::shell::link::read`] (a newer version's link opens with it named). A value that cannot be
//! honoured spoils only its own key: a numeric one comes back as a [`BadField`] (the
//! form shows its text with the field's error, the sizing keeps the default), any other as a
//! [`BadPart`]; every valid key is kept. Numbers are read like typed ones in English
//! ([`Field::parse`]'s rules: exponents allowed, tokens whole, the core's bounds). Run ids are
//! percent-encoded where they hold anything but `[A-Za-z0-9._-]`.

use sizer_core::{HeadroomMethod, Scenario, ScenarioField};

use crate::common::input::{Field, InputError, parse_number};
use crate::i18n::codes::{self, HEADROOM, INTERPOLATION};
use crate::i18n::{Lang, format_number};
pub use sizer_import::fragment::{BadPart, MAX_SHOWN_CHARS, PREFIX, body, percent_decode, push_encoded, shorten};

/// A scenario read from (or written to) a fragment.
#[derive(Clone, Debug, PartialEq)]
pub struct FragmentScenario {
    /// The run id, if given.
    pub run: Option<String>,
    /// The language, if given.
    pub lang: Option<Lang>,
    /// The scenario (KV pool and prefill rate are not part of it: they come from the run); a
    /// refused value leaves its default here.
    pub scenario: Scenario,
    /// Numeric values refused, in the order they came.
    pub bad_fields: Vec<BadField>,
    /// Other parts refused, in the order they came.
    pub bad_parts: Vec<BadPart>,
}

/// A numeric value of a link that its field refuses.
#[derive(Clone, Debug, PartialEq)]
pub struct BadField {
    pub field: Field,
    /// What the field shows: the number in the field's unit (the percentile in percent), or the
    /// text as written when it is not a number.
    pub shown: Shown,
    pub error: InputError,
}

/// What a refused numeric value shows in its field.
#[derive(Clone, Debug, PartialEq)]
pub enum Shown {
    Number(f64),
    Text(String),
}

/// Why a fragment could not be read at all.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FragmentError {
    /// The fragment does not start with `s=` (it may be an ordinary anchor).
    NotAScenario,
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
    // With the article's fixed z the normal approximation never reads the percentile (its field
    // is disabled), so the link does not carry it; old links that do still open.
    let percentile_unused = scenario.z.is_some() && scenario.headroom == HeadroomMethod::NormalApprox;
    for (key, value) in pairs {
        if key == "p" && percentile_unused {
            continue;
        }
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

/// Every key this module reads.
pub const KEYS: [&str; 14] = ["r", "l", "f", "a", "i", "b", "t", "p", "z", "h", "m", "c", "q", "n"];

/// Reads a fragment (with or without the leading `#`): every valid key, and what was refused.
pub fn decode(fragment: &str) -> Result<FragmentScenario, FragmentError> {
    let body = body(fragment).ok_or(FragmentError::NotAScenario)?;
    let mut result = FragmentScenario {
        run: None,
        lang: None,
        scenario: Scenario::chat(),
        bad_fields: Vec::new(),
        bad_parts: Vec::new(),
    };
    for pair in body.split(',').filter(|pair| !pair.is_empty()) {
        let Some((key, value)) = pair.split_once(':') else {
            result.bad_parts.push(BadPart::new("", &shorten(pair)));
            continue;
        };
        if let Some(field) = numeric_field(key) {
            match field_value(field, value) {
                Ok(number) => set_field(&mut result.scenario, field, number),
                Err(bad) => result.bad_fields.push(bad),
            }
            continue;
        }
        let scenario = &mut result.scenario;
        let ok = match key {
            "r" => percent_decode(value).map(|run| result.run = Some(run)).is_some(),
            "l" => Lang::from_code(value).map(|lang| result.lang = Some(lang)).is_some(),
            "b" => match value {
                "1" | "0" => {
                    scenario.always_busy = value == "1";
                    true
                }
                _ => false,
            },
            "z" => parse_number(Lang::En, value)
                .ok()
                .filter(|z| ScenarioField::Z.range().contains(*z) && !value.contains(','))
                .map(|z| scenario.z = Some(z))
                .is_some(),
            "h" => codes::from_short(&HEADROOM, value).map(|h| scenario.headroom = h).is_some(),
            "m" => codes::from_short(&INTERPOLATION, value).map(|m| scenario.interpolation = m).is_some(),
            _ => true,
        };
        if !ok {
            result.bad_parts.push(BadPart::new(key, &shorten(value)));
        }
    }
    Ok(result)
}

/// The form field a numeric key fills.
fn numeric_field(key: &str) -> Option<Field> {
    Some(match key {
        "f" => Field::Floor,
        "a" => Field::AnswerTokens,
        "i" => Field::IntervalS,
        "t" => Field::TtftS,
        "p" => Field::Percentile,
        "c" => Field::ContextTokens,
        "q" => Field::PromptTokens,
        "n" => Field::Replicas,
        _ => return None,
    })
}

/// A link's value for `field` (in the scenario's unit, exactly as written), checked like typed
/// text in the field's unit.
fn field_value(field: Field, value: &str) -> Result<f64, BadField> {
    let refused = |shown, error| BadField { field, shown, error };
    // A link's numbers are plain: `.` marks decimals and nothing groups thousands.
    if value.contains([',', ' ', '_', '\'', '\u{a0}', '\u{202f}']) {
        return Err(refused(Shown::Text(shorten(value)), InputError::NotNumber));
    }
    let number = match parse_number(Lang::En, value) {
        Ok(number) => number,
        Err(InputError::Huge { negative }) => {
            let beyond = if negative { f64::NEG_INFINITY } else { f64::INFINITY };
            let error = field.check(beyond).err().unwrap_or(InputError::NotNumber);
            return Err(refused(Shown::Text(shorten(value)), error));
        }
        Err(error) => return Err(refused(Shown::Text(shorten(value)), error)),
    };
    let shown = field.from_scenario(number);
    field.check(shown).map(|_| number).map_err(|error| refused(Shown::Number(shown), error))
}

/// Sets the scenario value `field` stands for.
fn set_field(scenario: &mut Scenario, field: Field, value: f64) {
    match field {
        Field::Floor => scenario.floor_tok_s = value,
        Field::AnswerTokens => scenario.answer_tokens = value,
        Field::IntervalS => scenario.interval_s = value,
        Field::TtftS => scenario.ttft_s = value,
        Field::PromptTokens => scenario.prompt_tokens = value,
        Field::Percentile => scenario.percentile = value,
        Field::ContextTokens => scenario.context_tokens = value,
        // Whole and within 1..=1000 by the field's check.
        Field::Replicas => scenario.replicas = value as u32,
    }
}

/// A number in plain form: `.` decimal mark, no grouping, trailing zeros dropped.
pub fn plain(value: f64) -> String {
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

#[cfg(test)]
mod tests {
    use super::*;
    use sizer_core::Interpolation;

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
    fn the_percentile_stays_out_when_the_fixed_z_makes_it_unused() {
        let scenario = Scenario { z: Some(2.33), headroom: HeadroomMethod::NormalApprox, ..Scenario::chat() };
        let text = encode("x", Lang::En, &scenario);
        assert_eq!(text, "s=r:x,l:en,f:15,a:400,i:120,b:0,t:1,h:n,m:l,c:8192,q:512,n:1,z:2.33");
        // An old link that carries it still opens, the value kept.
        let old = decode("s=r:x,p:0.9,h:n,z:2.33").expect("decodes");
        assert!(old.bad_fields.is_empty() && old.bad_parts.is_empty());
        assert_eq!((old.scenario.percentile, old.scenario.z), (0.9, Some(2.33)));
        // Another headroom method reads it, so it stays.
        let erlang = Scenario { headroom: HeadroomMethod::ErlangC, ..scenario };
        assert!(encode("x", Lang::En, &erlang).contains(",p:0.99,"));
    }

    #[test]
    fn other_owners_keys_are_ignored() {
        // The seed, a shared curve with its name and setup, the team and the memory choices.
        let link = "s=r:yours-1,f:15,sd:42,yn:Box%2C%202,ym:hJetson%20Thor~s1,y:1_50~8_20,tp:30,mk:gpt-oss-20b,mb:100";
        let back = decode(link).expect("decodes");
        assert!(back.bad_parts.is_empty() && back.bad_fields.is_empty(), "{back:?}");
        assert_eq!(back.scenario, Scenario { floor_tok_s: 15.0, ..Scenario::chat() });
    }

    #[test]
    fn odd_run_ids_are_escaped() {
        let text = encode("a,b:c%", Lang::En, &Scenario::chat());
        assert!(text.starts_with("s=r:a%2Cb%3Ac%25,"), "{text}");
        assert_eq!(decode(&text).expect("decodes").run.as_deref(), Some("a,b:c%"));
    }

    #[test]
    fn missing_keys_take_defaults() {
        let back = decode("s=f:10").expect("decodes");
        assert_eq!(back.scenario, Scenario { floor_tok_s: 10.0, ..Scenario::chat() });
        assert_eq!(back.run, None);
        assert!(back.bad_fields.is_empty() && back.bad_parts.is_empty());
        assert_eq!(decode("#top"), Err(FragmentError::NotAScenario));
        assert!(decode("s=f:10,future:1").expect("decodes").bad_parts.is_empty());
    }

    #[test]
    fn a_bad_value_spoils_only_its_own_key() {
        let back = decode("#s=r:lmsys-llama-3.1-8b-fp8-sglang,l:de,f:10,a:-5").expect("decodes");
        assert_eq!(back.run.as_deref(), Some("lmsys-llama-3.1-8b-fp8-sglang"));
        assert_eq!(back.lang, Some(Lang::De));
        assert_eq!(back.scenario, Scenario { floor_tok_s: 10.0, ..Scenario::chat() });
        let bad = |field, shown, error| BadField { field, shown, error };
        assert_eq!(
            back.bad_fields,
            [bad(Field::AnswerTokens, Shown::Number(-5.0), InputError::TooSmall { min: 1.0, exclusive: false })]
        );
        let refused = |text: &str| decode(text).expect("decodes").bad_fields;
        assert_eq!(
            refused("s=n:0"),
            [bad(Field::Replicas, Shown::Number(0.0), InputError::TooSmall { min: 1.0, exclusive: false })]
        );
        assert_eq!(refused("s=n:1.5"), [bad(Field::Replicas, Shown::Number(1.5), InputError::NotWhole)]);
        assert_eq!(
            refused("s=p:0.5"),
            [bad(Field::Percentile, Shown::Number(50.0), InputError::TooSmall { min: 50.0, exclusive: true })]
        );
        assert_eq!(
            refused("s=c:1e30"),
            [bad(Field::ContextTokens, Shown::Number(1e30), InputError::TooLarge { max: 1e7 })]
        );
        assert_eq!(
            refused("s=f:1e308"),
            [bad(Field::Floor, Shown::Number(1e308), InputError::TooLarge { max: 10_000.0 })]
        );
        assert_eq!(
            refused("s=f:1e999"),
            [bad(Field::Floor, Shown::Text("1e999".into()), InputError::TooLarge { max: 10_000.0 })]
        );
        assert_eq!(refused("s=f:abc"), [bad(Field::Floor, Shown::Text("abc".into()), InputError::NotNumber)]);
        assert_eq!(refused("s=a:400.5"), [bad(Field::AnswerTokens, Shown::Number(400.5), InputError::NotWhole)]);
        assert_eq!(decode("s=f:1e1").expect("decodes").scenario.floor_tok_s, 10.0);
        let parts = |text: &str| decode(text).expect("decodes").bad_parts;
        assert_eq!(
            parts("s=f,l:fr,b:2,h:x,r:%G1,z:-1"),
            [
                BadPart::new("", "f"),
                BadPart::new("l", "fr"),
                BadPart::new("b", "2"),
                BadPart::new("h", "x"),
                BadPart::new("r", "%G1"),
                BadPart::new("z", "-1"),
            ]
        );
        assert_eq!(parts(&["s=l:", &"x".repeat(500)].concat())[0].value.chars().count(), MAX_SHOWN_CHARS + 1);
    }
}
