//! The calculator's state: what the person typed, what it parsed to, and the choices made.
//! One [`Action`] per thing a person can do; [`SizerState::reduce`] applies it (Yew's
//! `use_reducer`, like its `function_todomvc` example). No web-sys here: the state is built the
//! same way on the server (prerendering) and in the browser.

use std::rc::Rc;

use yew::Reducible;

use crate::config::Config;
use crate::i18n::{Lang, format_number};
use crate::input::{Field, InputError};

/// The colour scheme override.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Theme {
    /// Follow `prefers-color-scheme`.
    #[default]
    Auto,
    Light,
    Dark,
}

/// The usage presets of the seeds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Usage {
    /// A question every 120 s, 400-token answers, 1 s to first token.
    Chat,
    /// Always busy, 20,000-token prompts every 30 s.
    Agent,
}

impl Usage {
    /// The code used in `data-usage` and the fragment.
    pub fn code(self) -> &'static str {
        match self {
            Usage::Chat => "chat",
            Usage::Agent => "agent",
        }
    }

    /// Parses `chat` / `agent` (case-insensitive).
    pub fn from_code(code: &str) -> Option<Usage> {
        let code = code.trim();
        if code.eq_ignore_ascii_case("chat") {
            Some(Usage::Chat)
        } else if code.eq_ignore_ascii_case("agent") || code.eq_ignore_ascii_case("coding-agent") {
            Some(Usage::Agent)
        } else {
            None
        }
    }
}

/// Everything a person can do to the calculator.
#[derive(Clone, Debug, PartialEq)]
pub enum Action {
    /// Typed into a numeric field.
    SetText(Field, String),
    /// Picked a measured run.
    SetRun(String),
    /// Picked a usage preset: fills the usage fields.
    SetUsage(Usage),
    /// Picked a floor preset (15 or 10 tok/s).
    SetFloor(f64),
    /// Switched language: numbers in the fields are rewritten in the new format.
    SetLang(Lang),
    /// Switched the colour scheme.
    SetTheme(Theme),
}

/// The calculator's state.
#[derive(Clone, Debug, PartialEq)]
pub struct SizerState {
    /// The display language.
    pub lang: Lang,
    /// The colour scheme override.
    pub theme: Theme,
    /// The chosen run's id.
    pub run_id: String,
    /// The text in each numeric field, as typed.
    pub texts: [String; Field::COUNT],
    /// The last valid value of each field (used while the text is invalid).
    pub values: [f64; Field::COUNT],
    /// The current error of each field.
    pub errors: [Option<InputError>; Field::COUNT],
}

impl SizerState {
    /// The state a fresh instance starts in: the seeds' chat defaults, overridden by `config`.
    pub fn new(config: &Config) -> SizerState {
        let lang = config.lang.unwrap_or_default();
        let mut state = SizerState {
            lang,
            theme: Theme::Auto,
            run_id: config.run.clone().unwrap_or_default(),
            texts: Default::default(),
            values: [0.0; Field::COUNT],
            errors: [None; Field::COUNT],
        };
        for (field, value) in [
            (Field::Floor, 15.0),
            (Field::AnswerTokens, 400.0),
            (Field::IntervalS, 120.0),
            (Field::TtftS, 1.0),
            (Field::PromptTokens, 512.0),
            (Field::Percentile, 99.0),
            (Field::ContextTokens, 8192.0),
            (Field::Replicas, 1.0),
        ] {
            state.put_value(field, value);
        }
        if let Some(floor) = config.floor {
            state.put_value(Field::Floor, floor);
        }
        if let Some(replicas) = config.replicas {
            state.put_value(Field::Replicas, replicas);
        }
        if let Some(context) = config.context {
            state.put_value(Field::ContextTokens, context);
        }
        state
    }

    /// The text in `field`.
    pub fn text(&self, field: Field) -> &str {
        &self.texts[field.index()]
    }

    /// The last valid value of `field`.
    pub fn value(&self, field: Field) -> f64 {
        self.values[field.index()]
    }

    /// The error of `field`, if its text is invalid.
    pub fn error(&self, field: Field) -> Option<InputError> {
        self.errors[field.index()]
    }

    /// Sets `field` to `value`, writing it back as text in the current language.
    fn put_value(&mut self, field: Field, value: f64) {
        let index = field.index();
        self.values[index] = value;
        self.texts[index] = format_value(self.lang, field, value);
        self.errors[index] = None;
    }

    /// Records what was typed into `field` and parses it.
    fn put_text(&mut self, field: Field, text: String) {
        let index = field.index();
        match field.parse(self.lang, &text) {
            Ok(value) => {
                self.values[index] = value;
                self.errors[index] = None;
            }
            Err(error) => self.errors[index] = Some(error),
        }
        self.texts[index] = text;
    }
}

/// A field value as the field shows it: the field's decimals, trailing zeros dropped, no
/// thousands separators (they get in the way while editing).
pub fn format_value(lang: Lang, field: Field, value: f64) -> String {
    let mut text = format_number(lang, value, field.spec().decimals);
    if text.contains(lang.decimal_mark()) {
        while text.ends_with('0') {
            text.pop();
        }
        if text.ends_with(lang.decimal_mark()) {
            text.pop();
        }
    }
    text.retain(|c| c != lang.group_separator());
    text
}

impl Reducible for SizerState {
    type Action = Action;

    fn reduce(self: Rc<Self>, action: Action) -> Rc<Self> {
        let mut next = (*self).clone();
        match action {
            Action::SetText(field, text) => next.put_text(field, text),
            Action::SetRun(id) => next.run_id = id,
            Action::SetUsage(_usage) => {}
            Action::SetFloor(floor) => next.put_value(Field::Floor, floor),
            Action::SetLang(lang) => {
                next.lang = lang;
                for field in Field::ALL {
                    if next.error(field).is_none() {
                        next.put_value(field, next.value(field));
                    }
                }
            }
            Action::SetTheme(theme) => next.theme = theme,
        }
        Rc::new(next)
    }
}
