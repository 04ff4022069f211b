//! "Load from your logs" in the link: its five inputs as keys of the `#s=` fragment, after the
//! team's and the memory section's: `lr:<peak req/s>`, `lb:<burstiness>`, `lp:<prompt tokens>`,
//! `la:<answer tokens>`, `lt:<p95 TTFT target s>` ([`KEYS`]). An input at its default
//! (`PageLoadInput::default`) is left out, so links without the section stay as they were.
//!
//! The shell keeps the keys as text (`SizerState::load_keys`, read from a link by
//! `shell/link.rs`); the section reads them into its inputs' texts ([`texts`]) and writes them
//! back after each input ([`encode`]). Numbers are written by the sizing's plain writer and
//! read like the team's link values (`.` decimals, exponents allowed, no grouping). A value
//! that is not a number is put in its input as written, where the section's check refuses it
//! in one sentence, as it would typed text; the link's other values still apply.

use sizer_data::prediction::PageLoadInput;
use sizer_import::logs::LoadForPredict;

use crate::common::input::parse_number;
use crate::i18n::Lang;
use crate::i18n::load_prediction::{input_text, link_text};
use crate::sizing::fragment::{plain, shorten};

/// The keys, in the section's input order (rate, burstiness, prompt, answer, target).
pub const KEYS: [&str; 5] = ["lr", "lb", "lp", "la", "lt"];

/// The inputs' values in [`KEYS`]' order.
pub fn values(input: &PageLoadInput) -> [f64; 5] {
    [input.rate_per_s, input.burstiness, input.prompt_tokens, input.answer_tokens, input.target_s]
}

/// The keys for `input` (`,lr:0.8,lp:2000`): each finite value that is not the default; a
/// value that is no number (text the section refuses) is left out.
pub fn encode(input: &PageLoadInput) -> String {
    let defaults = values(&PageLoadInput::default());
    let mut out = String::new();
    for ((key, value), default) in KEYS.iter().zip(values(input)).zip(defaults) {
        if value.is_finite() && value != default {
            out.extend([",", *key, ":", plain(value).as_str()]);
        }
    }
    out
}

/// The inputs' texts in `lang` for the keys `keys` (as [`encode`] writes them, or a link's):
/// the defaults, then each key's value (the last of a key given twice). Keys of other owners
/// are ignored.
pub fn texts(lang: Lang, keys: &str) -> [String; 5] {
    let defaults = values(&PageLoadInput::default());
    let mut texts = defaults.map(|value| input_text(lang, value));
    for (key, value) in keys.split(',').filter_map(|pair| pair.split_once(':')) {
        let Some(i) = KEYS.iter().position(|k| *k == key) else { continue };
        texts[i] = match link_value(value) {
            Some(number) => link_text(lang, number),
            None => shorten(value),
        };
    }
    texts
}

/// A link's value: a plain number (no grouping marks), else `None`.
fn link_value(value: &str) -> Option<f64> {
    if value.contains([',', ' ', '_', '\'', '\u{a0}', '\u{202f}']) {
        return None;
    }
    parse_number(Lang::En, value).ok().filter(|v| v.is_finite())
}

/// `keys` with the rate, the prompt and the answer lengths replaced (the burstiness and the
/// target kept): the whole scenario a sizing hands to the section.
pub fn with_scenario(keys: &str, rate_per_s: f64, prompt_tokens: f64, answer_tokens: f64) -> String {
    let defaults = PageLoadInput::default();
    with_values(
        keys,
        &[
            ("lr", rate_per_s, defaults.rate_per_s),
            ("lp", prompt_tokens, defaults.prompt_tokens),
            ("la", answer_tokens, defaults.answer_tokens),
        ],
    )
}

/// `keys` with what a log shows (`sizer_import::logs::LogLoad::predict_load`): the rate, and
/// the burstiness and lengths where the log gives them (the others kept).
pub fn with_log_load(keys: &str, load: &LoadForPredict) -> String {
    let d = PageLoadInput::default();
    let given = [
        Some(("lr", round_to(load.rate_per_s, 3), d.rate_per_s)),
        load.burstiness.map(|b| ("lb", round_to(b, 2), d.burstiness)),
        load.prompt_tokens.map(|p| ("lp", f64::from(p), d.prompt_tokens)),
        load.answer_tokens.map(|a| ("la", f64::from(a), d.answer_tokens)),
    ];
    let values: Vec<(&str, f64, f64)> = given.into_iter().flatten().collect();
    with_values(keys, &values)
}

/// `value` to `places` decimals (a link's figure, as a person would type it).
fn round_to(value: f64, places: i32) -> f64 {
    let scale = 10f64.powi(places);
    (value * scale).round() / scale
}

/// `keys` without the keys in `values`, then each of them that differs from its default.
fn with_values(keys: &str, values: &[(&str, f64, f64)]) -> String {
    let replaced = |pair: &str| values.iter().any(|(key, _, _)| pair.split_once(':').is_some_and(|(k, _)| k == *key));
    let mut out: String = keys
        .split(',')
        .filter(|pair| !pair.is_empty() && !replaced(pair))
        .fold(String::new(), |out, pair| out + "," + pair);
    for (key, value, default) in values {
        if value != default {
            out.extend([",", *key, ":", plain(*value).as_str()]);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::simulation::load_prediction::section::read;

    #[test]
    fn inputs_round_trip_through_the_link_in_both_languages() {
        for lang in Lang::ALL {
            let input = PageLoadInput {
                rate_per_s: 0.8,
                burstiness: 1.0,
                prompt_tokens: 2_000.0,
                answer_tokens: 500.0,
                target_s: 2.5,
            };
            let keys = encode(&input);
            // The default answer (500) is left out; the rest in the inputs' order.
            assert_eq!(keys, ",lr:0.8,lb:1,lp:2000,lt:2.5");
            assert_eq!(read(lang, &texts(lang, &keys)), input, "{lang:?}");
        }
        assert_eq!(encode(&PageLoadInput::default()), "");
        assert_eq!(texts(Lang::De, ",lr:0.25,lp:12000"), ["0,25", "0,7", "12.000", "500", "5"].map(String::from));
    }

    #[test]
    fn a_bad_value_is_shown_as_written_and_the_others_apply() {
        let texts = texts(Lang::En, ",lr:abc,lp:3000,lb:1%2C5,la:-4");
        assert_eq!(texts, ["abc", "1%2C5", "3,000", "-4", "5"].map(String::from));
        let input = read(Lang::En, &texts);
        assert!(input.rate_per_s.is_nan() && input.burstiness.is_nan());
        assert_eq!((input.prompt_tokens, input.answer_tokens), (3_000.0, -4.0));
        // The section refuses them, each in its input (its SSR test shows the sentences).
        assert!(input.load().is_err());
        // No number is written back for text that is no number.
        assert_eq!(encode(&input), ",lp:3000,la:-4");
    }

    #[test]
    fn the_rate_is_replaced_and_the_rest_kept() {
        // With the lengths at the section's defaults, only the rate changes.
        let d = PageLoadInput::default();
        let with_rate = |keys: &str, rate: f64| with_scenario(keys, rate, d.prompt_tokens, d.answer_tokens);
        assert_eq!(with_rate(",lr:0.8,lb:1", 1.36), ",lb:1,lr:1.36");
        assert_eq!(with_rate("", d.rate_per_s), "");
        assert_eq!(with_rate(",lb:1", 2.0), ",lb:1,lr:2");
    }

    #[test]
    fn a_logs_load_carries_rate_burstiness_and_lengths_it_has() {
        let load = LoadForPredict {
            rate_per_s: 2.0137,
            burstiness: Some(0.4987),
            prompt_tokens: Some(1_988),
            answer_tokens: None,
            length_range: Some(0.6),
        };
        // Rate to 3 decimals and burstiness to 2, as typed; the answer the log lacks is kept.
        assert_eq!(with_log_load(",la:900,lt:3", &load), ",la:900,lt:3,lr:2.014,lb:0.5,lp:1988");
    }

    #[test]
    fn the_scenario_carries_rate_and_lengths_and_keeps_the_rest() {
        // The worked sizing: 163 people every 120 s = 1.36 req/s, 512 in / 400 out.
        assert_eq!(with_scenario(",lb:1,lp:2000,lt:2.5", 1.36, 512.0, 400.0), ",lb:1,lt:2.5,lr:1.36,lp:512,la:400");
        // Lengths at the section's defaults are left out, as encode leaves them.
        let defaults = PageLoadInput::default();
        assert_eq!(with_scenario(",la:900", 0.8, defaults.prompt_tokens, defaults.answer_tokens), ",lr:0.8");
    }
}
