//! The URL fragment fuzzed natively: any text, and random `key:value` links built
//! from every key the widget reads with valid, hostile and overlong values, are read without a
//! panic, and opening one never shows a run other than the one it names without saying so;
//! every valid numeric value of a link is kept. The browser side is `share_links.rs`.

use std::rc::Rc;

use proptest::prelude::*;
use sizer_core::Scenario;
use sizer_widget::common::input::Field;
use sizer_widget::i18n::Lang;
use sizer_widget::shell::config::Config;
use sizer_widget::shell::state::{Action, SizerState};
use sizer_widget::sizing::fragment;
use yew::Reducible;

const KEYS: &[&str] = &[
    "r", "l", "f", "a", "i", "b", "t", "p", "z", "h", "m", "c", "q", "n", "tp", "ta", "tc", "th", "tu", "sd", "mk",
    "mb", "y", "yn", "future", "",
];

const VALUES: &[&str] = &[
    "gpuwerk-qwen3-coder-30b-a3b-awq-vllm-0.27.1",
    "lmsys-llama-3.1-8b-fp8-sglang",
    "gpuwerk-llama-3.3-70b-awq-vllm-0.27.1-single-128-512",
    "yours-1",
    "yours-shared",
    "does-not-exist",
    "de",
    "en",
    "0",
    "1",
    "-5",
    "0.5",
    "0.995",
    "1e1",
    "1e30",
    "1e308",
    "1e999",
    "NaN",
    "inf",
    "",
    "%G1",
    "%E2%80%AE",
    "<b>",
    "12.5",
    "400.5",
    "n",
    "p",
    "e",
    "f",
    "1_60~8_30",
    "1_60~1_30",
    "gpt-oss-20b",
    "115",
    "a%2Cb",
];

fn value() -> impl Strategy<Value = String> {
    prop_oneof![
        4 => proptest::sample::select(VALUES).prop_map(str::to_owned),
        1 => "[ -~]{0,40}",
        1 => "[0-9.e+-]{1,400}",
        1 => "\\PC{0,20}",
    ]
}

fn link() -> impl Strategy<Value = String> {
    let pair = (proptest::sample::select(KEYS), any::<bool>(), value())
        .prop_map(|(key, colon, value)| [key, if colon { ":" } else { "" }, value.as_str()].concat());
    proptest::collection::vec(pair, 0..16).prop_map(|pairs| ["#s=", &pairs.join(",")].concat())
}

fn open(hash: &str) -> Option<Rc<SizerState>> {
    let link = sizer_widget::shell::link::read(hash)?;
    Some(Rc::new(SizerState::new(&Config::default())).reduce(Action::LoadLink(Rc::new(link))))
}

/// The run a link names (its last `r:`), when its escapes decode.
fn named_run(hash: &str) -> Option<String> {
    let value = fragment::body(hash)?.split(',').filter_map(|pair| pair.strip_prefix("r:")).next_back()?;
    fragment::percent_decode(value)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn any_text_is_read_without_a_panic(text in "\\PC{0,300}") {
        let _ = fragment::decode(&text);
        let _ = open(&text);
        let _ = open(&["#s=", text.as_str()].concat());
    }

    #[test]
    fn a_link_never_swaps_its_run_silently(hash in link()) {
        let state = open(&hash).expect("a #s= link is read");
        if let Some(named) = named_run(&hash) {
            // A curve the link carries stands for the (other browser's) run it names.
            let shared = state.imported.get(&state.run_id).is_some() && hash.contains("y:");
            prop_assert!(
                state.run_id == named || state.link.run.is_some() || shared,
                "{hash}: shows {} without a word", state.run_id
            );
        }
        // A run that is shown is sized, or the state says why: nothing else stands in for it.
        if state.outcome.run.is_none() {
            prop_assert!(state.link.run.is_some(), "{hash}: nothing sized, nothing said");
        }
    }

    #[test]
    fn every_valid_number_of_a_link_is_kept(floor in 1u32..10_000, answer in 1u32..100_000, replicas in 1u32..=1000, junk in value()) {
        let hash = format!("#s=f:{floor},a:{answer},n:{replicas},c:{junk},l:de");
        let state = open(&hash).expect("read");
        prop_assert_eq!(state.value(Field::Floor), f64::from(floor));
        prop_assert_eq!(state.value(Field::AnswerTokens), f64::from(answer));
        prop_assert_eq!(state.value(Field::Replicas), f64::from(replicas));
        prop_assert_eq!(state.lang, Lang::De);
        prop_assert_eq!(state.link.held, true);
    }

    #[test]
    fn an_encoded_scenario_decodes_to_itself(floor in 1u32..10_000, answer in 1u32..100_000, context in 1u32..1_000_000,
                                            centi_percentile in 5_001u32..9_999, replicas in 1u32..=1000, busy in any::<bool>()) {
        let scenario = Scenario {
            floor_tok_s: f64::from(floor) / 4.0,
            answer_tokens: f64::from(answer),
            context_tokens: f64::from(context),
            percentile: f64::from(centi_percentile) / 10_000.0,
            replicas,
            always_busy: busy,
            ..Scenario::chat()
        };
        let text = fragment::encode("yours-7", Lang::En, &scenario);
        let back = fragment::decode(&text).expect("decodes");
        prop_assert!(back.bad_fields.is_empty() && back.bad_parts.is_empty(), "{text}");
        prop_assert_eq!(back.scenario, scenario);
    }
}
