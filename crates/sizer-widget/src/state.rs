//! The calculator's state: what the person typed, what it parsed to, the choices made, and the
//! sizing computed from them. One [`Action`] per thing a person can do; [`SizerState::reduce`]
//! applies it (Yew's `use_reducer`, like its `function_todomvc` example) and recomputes the
//! [`Calculation`]. No web-sys here: the state is built the same way on the server (prerendering)
//! and in the browser.

use std::rc::Rc;

use sizer_core::{HeadroomMethod, Interpolation, Scenario};
use yew::Reducible;

use crate::calculation::{Calculation, DEFAULT_RUN};
use crate::config::Config;
use crate::fragment::FragmentScenario;
use crate::i18n::{Lang, format_number};
use crate::import_state::{ImportAction, ImportPanelState};
use crate::imported::ImportedRuns;
use crate::input::{Field, InputError};
use crate::memory_state::{MemoryAction, MemoryChoice};
use crate::run_ref::RunRef;
use crate::team_state::{TeamAction, TeamInput};

/// The colour scheme override.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Theme {
    /// Follow `prefers-color-scheme`.
    #[default]
    Auto,
    Light,
    Dark,
}

pub use sizer_data::Usage;

/// The fields a usage preset sets.
pub const USAGE_FIELDS: [Field; 5] =
    [Field::AnswerTokens, Field::IntervalS, Field::TtftS, Field::PromptTokens, Field::ContextTokens];

/// The English article's rounded z for the 99th percentile ("average + 2.33 x square root of average").
pub const SEED_Z: f64 = 2.33;

/// Everything a person can do to the calculator.
#[derive(Clone, Debug, PartialEq)]
pub enum Action {
    /// Typed into a numeric field.
    SetText(Field, String),
    /// Picked a measured run.
    SetRun(String),
    /// Picked a usage preset: fills the usage fields.
    SetUsage(Usage),
    /// Ticked or unticked "always busy".
    SetAlwaysBusy(bool),
    /// Picked a floor preset (15 or 10 tok/s).
    SetFloor(f64),
    /// Switched between z from the percentile and the English article's z = 2.33.
    SetSeedZ(bool),
    /// Picked a headroom method.
    SetHeadroom(HeadroomMethod),
    /// Picked an interpolation method.
    SetInterpolation(Interpolation),
    /// Switched language: numbers in the fields are rewritten in the new format.
    SetLang(Lang),
    /// Switched the colour scheme.
    SetTheme(Theme),
    /// Opened a link with a scenario in its fragment.
    LoadFragment(FragmentScenario),
    /// Did something in the import panel (see `import_state.rs`).
    Imported(ImportAction),
    /// Changed the memory section: models kept loaded, budget (see `memory_state.rs`).
    Memory(MemoryAction),
    /// Did something in the team section (see `team_state.rs`).
    Team(TeamAction),
    /// Picked the seed of "Check by simulation" (or opened a link with one).
    SetSimSeed(u64),
}

/// The calculator's state.
#[derive(Clone, Debug)]
pub struct SizerState {
    /// The display language.
    pub lang: Lang,
    /// The colour scheme override.
    pub theme: Theme,
    /// The chosen run's id (always one in the dataset).
    pub run_id: String,
    /// The text in each numeric field, as typed.
    pub texts: [String; Field::COUNT],
    /// The last valid value of each field (used while the text is invalid).
    pub values: [f64; Field::COUNT],
    /// The current error of each field.
    pub errors: [Option<InputError>; Field::COUNT],
    /// Duty 1 whatever the interval (agents).
    pub always_busy: bool,
    /// Use the English article's z = 2.33 instead of z from the percentile.
    pub seed_z: bool,
    /// How headroom for peaks is computed.
    pub headroom: HeadroomMethod,
    /// How speed is read between measured points.
    pub interpolation: Interpolation,
    /// The sizing of the current inputs.
    pub outcome: Rc<Calculation>,
    /// The person's own imported runs ("yours").
    pub imported: ImportedRuns,
    /// The import panel's status, failure, warnings and pending import.
    pub import_panel: ImportPanelState,
    /// The memory section's choices (models kept loaded, budget).
    pub memory: MemoryChoice,
    /// The "Your team" inputs.
    pub team: TeamInput,
    /// The seed of "Check by simulation" (in the link, so a simulation is reproducible).
    pub sim_seed: u64,
}

impl SizerState {
    /// The state a fresh instance starts in: the English article's chat defaults, overridden by `config`.
    pub fn new(config: &Config) -> SizerState {
        let lang = config.lang.unwrap_or_default();
        let usage = config.usage.unwrap_or(Usage::Chat);
        let preset = usage.scenario();
        let run_id = config
            .run
            .as_deref()
            .filter(|id| sizer_data::dataset().run(id).is_some())
            .unwrap_or(DEFAULT_RUN)
            .to_string();
        let mut state = SizerState {
            lang,
            theme: Theme::Auto,
            outcome: Rc::new(Calculation::empty()),
            run_id,
            imported: ImportedRuns::default(),
            import_panel: ImportPanelState::default(),
            memory: MemoryChoice::new(lang),
            team: TeamInput::default(),
            texts: Default::default(),
            values: [0.0; Field::COUNT],
            errors: [None; Field::COUNT],
            always_busy: preset.always_busy,
            seed_z: false,
            headroom: preset.headroom,
            interpolation: preset.interpolation,
            sim_seed: crate::sim_job::DEFAULT_SEED,
        };
        state.put_scenario_values(&preset);
        if let Some(floor) = config.floor {
            state.put_value(Field::Floor, floor);
        }
        if let Some(replicas) = config.replicas {
            state.put_value(Field::Replicas, replicas);
        }
        if let Some(context) = config.context {
            state.put_value(Field::ContextTokens, context);
        }
        state.recompute();
        state
    }

    /// The text in `field`.
    pub fn text(&self, field: Field) -> &str {
        &self.texts[field.index()]
    }

    /// The last valid value of `field`, in the field's unit.
    pub fn value(&self, field: Field) -> f64 {
        self.values[field.index()]
    }

    /// The error of `field`, if its text is invalid.
    pub fn error(&self, field: Field) -> Option<InputError> {
        self.errors[field.index()]
    }

    /// True when any field holds invalid text (the result then uses the last valid values).
    pub fn has_errors(&self) -> bool {
        self.errors.iter().any(Option::is_some)
    }

    /// The usage preset the current fields match, if any.
    pub fn usage(&self) -> Option<Usage> {
        [Usage::Chat, Usage::Agent].into_iter().find(|usage| {
            let preset = usage.scenario();
            preset.always_busy == self.always_busy
                && USAGE_FIELDS.iter().all(|&field| {
                    self.error(field).is_none()
                        && self.value(field) == field.from_scenario(scenario_value(&preset, field))
                })
        })
    }

    /// The scenario of the last valid values (without the run's KV pool and prefill rate, which
    /// [`Calculation::for_run`] fills in through `sizer_data::scenario_for_run`).
    pub fn scenario(&self) -> Scenario {
        let value = |field: Field| field.to_scenario(self.value(field));
        Scenario {
            floor_tok_s: value(Field::Floor),
            answer_tokens: value(Field::AnswerTokens),
            interval_s: value(Field::IntervalS),
            always_busy: self.always_busy,
            ttft_s: value(Field::TtftS),
            percentile: value(Field::Percentile),
            z: self.seed_z.then_some(SEED_Z),
            headroom: self.headroom,
            interpolation: self.interpolation,
            context_tokens: value(Field::ContextTokens),
            kv_pool_tokens: None,
            prompt_tokens: value(Field::PromptTokens),
            prefill_tok_s: None,
            // Whole and within 1..=1000 by the field's parse.
            replicas: value(Field::Replicas) as u32,
        }
    }

    /// Sets `field` to `value` (in the field's unit), writing it back as text.
    fn put_value(&mut self, field: Field, value: f64) {
        let index = field.index();
        self.values[index] = value;
        self.texts[index] = format_value(self.lang, field, value);
        self.errors[index] = None;
    }

    /// Sets every numeric field from a scenario's values.
    fn put_scenario_values(&mut self, scenario: &Scenario) {
        for field in Field::ALL {
            self.put_value(field, field.from_scenario(scenario_value(scenario, field)));
        }
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

    /// Applies a scenario from a link.
    fn load_fragment(&mut self, fragment: FragmentScenario) {
        if let Some(lang) = fragment.lang {
            self.lang = lang;
        }
        if let Some(run) = fragment.run.filter(|id| sizer_data::dataset().run(id).is_some()) {
            self.run_id = run;
        }
        let scenario = fragment.scenario;
        self.put_scenario_values(&scenario);
        self.always_busy = scenario.always_busy;
        self.seed_z = scenario.z.is_some();
        self.headroom = scenario.headroom;
        self.interpolation = scenario.interpolation;
    }

    /// Recomputes the sizing from the current values.
    fn recompute(&mut self) {
        self.outcome = Rc::new(match RunRef::find(&self.imported, &self.run_id) {
            Some(run) => Calculation::for_run(run, self.scenario()),
            None => Calculation { scenario: self.scenario(), ..Calculation::empty() },
        });
    }
}

/// The scenario value a field stands for (in the scenario's unit).
fn scenario_value(scenario: &Scenario, field: Field) -> f64 {
    match field {
        Field::Floor => scenario.floor_tok_s,
        Field::AnswerTokens => scenario.answer_tokens,
        Field::IntervalS => scenario.interval_s,
        Field::TtftS => scenario.ttft_s,
        Field::PromptTokens => scenario.prompt_tokens,
        Field::Percentile => scenario.percentile,
        Field::ContextTokens => scenario.context_tokens,
        Field::Replicas => f64::from(scenario.replicas),
    }
}

/// A field value as the field shows it: up to the field's decimals, trailing zeros dropped, no
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
        let mut needs_sizing = true;
        match action {
            Action::SetText(field, text) => next.put_text(field, text),
            Action::SetRun(id) => {
                if sizer_data::dataset().run(&id).is_some() || next.imported.get(&id).is_some() {
                    next.run_id = id;
                }
            }
            Action::SetUsage(usage) => {
                let preset = usage.scenario();
                for field in USAGE_FIELDS {
                    next.put_value(field, field.from_scenario(scenario_value(&preset, field)));
                }
                next.always_busy = preset.always_busy;
            }
            Action::SetAlwaysBusy(busy) => next.always_busy = busy,
            Action::SetFloor(floor) => next.put_value(Field::Floor, floor),
            Action::SetSeedZ(seed) => next.seed_z = seed,
            Action::SetHeadroom(method) => next.headroom = method,
            Action::SetInterpolation(method) => next.interpolation = method,
            Action::SetLang(lang) => {
                needs_sizing = false;
                next.lang = lang;
                next.memory.relocalise(lang);
                for field in Field::ALL {
                    if next.error(field).is_none() {
                        next.put_value(field, next.value(field));
                    }
                }
                next.team.relabel(lang);
            }
            Action::SetTheme(theme) => {
                needs_sizing = false;
                next.theme = theme;
            }
            Action::LoadFragment(fragment) => next.load_fragment(fragment),
            Action::Imported(action) => needs_sizing = next.apply_imported(action),
            Action::Memory(action) => {
                needs_sizing = false;
                next.memory.apply(next.lang, action);
            }
            Action::Team(action) => {
                // The team is planned where it is shown; the single sizing stays as it is.
                needs_sizing = false;
                next.team.apply(next.lang, action);
            }
            Action::SetSimSeed(seed) => {
                needs_sizing = false;
                next.sim_seed = seed;
            }
        }
        if needs_sizing {
            next.recompute();
        }
        Rc::new(next)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn reduce(state: SizerState, action: Action) -> SizerState {
        (*Rc::new(state).reduce(action)).clone()
    }

    #[test]
    fn defaults_are_the_seed_chat_example() {
        let state = SizerState::new(&Config::default());
        assert_eq!(state.run_id, DEFAULT_RUN);
        assert_eq!(state.text(Field::Floor), "15");
        assert_eq!(state.text(Field::Percentile), "99");
        assert_eq!(state.usage(), Some(Usage::Chat));
        assert_eq!(state.scenario(), Scenario::chat());
    }

    #[test]
    fn a_bad_field_keeps_the_last_valid_value() {
        let state = SizerState::new(&Config::default());
        let state = reduce(state, Action::SetText(Field::Floor, "abc".into()));
        assert_eq!(state.error(Field::Floor), Some(InputError::NotNumber));
        assert_eq!(state.value(Field::Floor), 15.0);
        let state = reduce(state, Action::SetText(Field::Floor, "10".into()));
        assert_eq!(state.error(Field::Floor), None);
        assert_eq!(state.scenario().floor_tok_s, 10.0);
    }

    #[test]
    fn presets_fill_the_usage_fields() {
        let state = SizerState::new(&Config::default());
        let state = reduce(state, Action::SetUsage(Usage::Agent));
        assert_eq!(state.usage(), Some(Usage::Agent));
        assert_eq!(state.scenario(), Scenario::coding_agent());
        let state = reduce(state, Action::SetText(Field::PromptTokens, "1000".into()));
        assert_eq!(state.usage(), None);
    }

    #[test]
    fn language_switch_rewrites_numbers() {
        let state = SizerState::new(&Config::default());
        let state = reduce(state, Action::SetText(Field::Percentile, "99.5".into()));
        let state = reduce(state, Action::SetLang(Lang::De));
        assert_eq!(state.text(Field::Percentile), "99,5");
        assert_eq!(state.text(Field::ContextTokens), "8192");
    }

    #[test]
    fn unknown_runs_are_ignored() {
        let state = SizerState::new(&Config { run: Some("no-such-run".into()), ..Config::default() });
        assert_eq!(state.run_id, DEFAULT_RUN);
        let state = reduce(state, Action::SetRun("no-such-run".into()));
        assert_eq!(state.run_id, DEFAULT_RUN);
    }
}
