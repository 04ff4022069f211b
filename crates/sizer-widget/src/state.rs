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
use crate::fragment::{FragmentScenario, Shown};
use crate::i18n::{Lang, format_number};
use crate::import_state::{ImportAction, ImportPanelState};
use crate::imported::{ImportedRuns, is_imported_id};
use crate::input::{Field, InputError};
use crate::link::{LinkLoad, LinkState, RunNotice};
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
    /// Opened a link with a scenario in its fragment (and whatever else it carries).
    LoadLink(Rc<LinkLoad>),
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
    /// The chosen run's id: a dataset run, an imported one, or the id a link named that is
    /// neither (then nothing is sized and [`SizerState::link`] says why).
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
    /// What is kept about the link the instance was opened with.
    pub link: LinkState,
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
            link: LinkState { run: config.run_notice.clone(), ..LinkState::default() },
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
        state.team.configure(lang, &config.team);
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
        self.texts[index] = format_value(self.lang, value);
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

    /// Applies everything a link carries; the address is held as opened until the person
    /// changes something.
    fn load_link(&mut self, link: &LinkLoad) {
        // A link without a run keeps the page's run, and what was said about it.
        let kept = if link.scenario.run.is_none() { self.link.run.take() } else { None };
        self.link = LinkState { run: kept, bad_parts: link.bad_parts.clone(), held: true };
        self.load_fragment(&link.scenario);
        self.memory.relocalise(self.lang);
        self.team.relabel(self.lang);
        if let Some(seed) = link.seed {
            self.sim_seed = seed;
        }
        if let Some(choice) = &link.memory {
            self.memory.apply(self.lang, MemoryAction::Load(choice.clone()));
        }
        if let Some(team) = &link.team {
            self.team.apply(self.lang, TeamAction::Load(team.clone()));
        }
        if let Some(run) = &link.shared {
            // The curve stands for the run the link named (an id from another browser).
            self.apply_imported(ImportAction::AddShared(Rc::clone(run)));
            self.link.run = None;
        }
    }

    /// Applies a scenario from a link: every valid value, and each refused numeric value as its
    /// field's text with the field's error (the sizing keeps the default there).
    fn load_fragment(&mut self, fragment: &FragmentScenario) {
        if let Some(lang) = fragment.lang {
            self.lang = lang;
        }
        if let Some(run) = &fragment.run {
            self.open_run(run);
        }
        let scenario = fragment.scenario;
        self.put_scenario_values(&scenario);
        self.always_busy = scenario.always_busy;
        self.seed_z = scenario.z.is_some();
        self.headroom = scenario.headroom;
        self.interpolation = scenario.interpolation;
        for bad in &fragment.bad_fields {
            let index = bad.field.index();
            self.texts[index] = match &bad.shown {
                Shown::Number(value) => format_value(self.lang, *value),
                Shown::Text(text) => text.clone(),
            };
            self.errors[index] = Some(bad.error);
        }
    }

    /// Chooses the run a link names: through the dataset's aliases, else an imported run of
    /// this browser; an id that is neither stays chosen, so nothing else is shown in its place.
    fn open_run(&mut self, id: &str) {
        self.run_id = id.to_owned();
        self.link.run = match sizer_data::dataset().resolve_run(id) {
            sizer_data::RunLookup::Found(_) => None,
            sizer_data::RunLookup::Alias { alias, run } => {
                self.run_id = run.id.clone();
                Some(RunNotice::Alias { old: id.to_owned(), new: run.id.clone(), kind: alias.kind })
            }
            sizer_data::RunLookup::Unknown if self.imported.get(id).is_some() => None,
            sizer_data::RunLookup::Unknown if is_imported_id(id) && !self.imported.restored => {
                Some(RunNotice::Waiting(id.to_owned()))
            }
            sizer_data::RunLookup::Unknown if is_imported_id(id) => Some(RunNotice::ImportedElsewhere(id.to_owned())),
            sizer_data::RunLookup::Unknown => Some(RunNotice::NotInData(id.to_owned())),
        };
    }

    /// After this browser's remembered runs are read: the imported run a link named is chosen
    /// when it is among them, else the link's run is reported missing. Returns whether the
    /// choice changed.
    fn settle_waiting_run(&mut self) -> bool {
        let Some(RunNotice::Waiting(id)) = self.link.run.clone() else {
            return false;
        };
        if self.imported.get(&id).is_some() {
            self.run_id = id;
            self.link.run = None;
        } else {
            self.link.run = Some(RunNotice::ImportedElsewhere(id));
        }
        true
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

/// A field value as the field shows it: every decimal the value has (so switching language
/// never changes a value: 1500.5 stays 1500,5), trailing zeros dropped, no thousands separators
/// (they get in the way while editing).
pub fn format_value(lang: Lang, value: f64) -> String {
    let mut text = format_number(lang, value, exact_decimals(value));
    // `1.00e30` (a value beyond exact digits) keeps its exponent's zeros.
    if text.contains(lang.decimal_mark()) && !text.contains('e') {
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

/// The most decimals `value` can carry exactly in [`format_number`] (9 at most, fewer for large
/// values, whose scaled digits must stay within an `f64`'s exact integers).
fn exact_decimals(value: f64) -> usize {
    const EXACT: f64 = 9_007_199_254_740_992.0;
    let mut decimals = 9;
    let mut scaled = value.abs() * 1e9;
    while decimals > 0 && scaled >= EXACT {
        decimals -= 1;
        scaled /= 10.0;
    }
    decimals
}

impl Reducible for SizerState {
    type Action = Action;

    fn reduce(self: Rc<Self>, action: Action) -> Rc<Self> {
        let mut next = (*self).clone();
        let mut needs_sizing = true;
        // What the browser does by itself (opening a link, reading or writing this device's
        // runs, a drag passing over) is not a change by the person: the address stays held.
        let by_person = !matches!(
            action,
            Action::LoadLink(_)
                | Action::Imported(ImportAction::Restore(_) | ImportAction::Stored(_) | ImportAction::Drag(_))
        );
        if by_person {
            next.link.held = false;
        }
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
            Action::LoadLink(link) => next.load_link(&link),
            Action::Imported(action) => {
                let restoring = matches!(action, ImportAction::Restore(_));
                needs_sizing = next.apply_imported(action);
                if restoring {
                    needs_sizing |= next.settle_waiting_run();
                }
            }
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
        // A run the person chose answers the link's run notice.
        if by_person && next.run_id != self.run_id {
            next.link.run = None;
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

    fn open(hash: &str) -> SizerState {
        let link = crate::link::read(hash).expect("a link");
        reduce(SizerState::new(&Config::default()), Action::LoadLink(Rc::new(link)))
    }

    #[test]
    fn a_link_keeps_every_valid_part_and_shows_the_bad_ones_in_their_fields() {
        let state = open("#s=r:lmsys-llama-3.1-8b-fp8-sglang,l:de,f:10,a:-5");
        assert_eq!((state.run_id.as_str(), state.lang), ("lmsys-llama-3.1-8b-fp8-sglang", Lang::De));
        assert_eq!((state.text(Field::Floor), state.value(Field::Floor)), ("10", 10.0));
        assert_eq!(state.text(Field::AnswerTokens), "-5");
        assert_eq!(state.error(Field::AnswerTokens), Some(InputError::TooSmall { min: 1.0, exclusive: false }));
        assert_eq!(state.value(Field::AnswerTokens), 400.0);
        assert!(state.link.held && state.link.run.is_none());
        let state = open("#s=p:0.5,l:de");
        assert_eq!((state.text(Field::Percentile), state.value(Field::Percentile)), ("50", 99.0));
        // The person's first change lets the address be written again.
        let state = reduce(state, Action::SetText(Field::Floor, "12".into()));
        assert!(!state.link.held);
    }

    #[test]
    fn a_links_run_is_never_replaced_silently() {
        let state = open(&["#s=r:de,m:f,q:1", &"5".repeat(400), ",f:does-not-exist,y:a%2Cb"].concat());
        assert_eq!(state.link.run, Some(RunNotice::NotInData("de".into())));
        let state = open("#s=r:does-not-exist,f:10");
        assert_eq!(state.run_id, "does-not-exist");
        assert_eq!(state.link.run, Some(RunNotice::NotInData("does-not-exist".into())));
        assert!(state.outcome.run.is_none() && state.outcome.sizing.is_err());
        assert_eq!(state.value(Field::Floor), 10.0);
        let state = reduce(state, Action::SetRun(DEFAULT_RUN.into()));
        assert_eq!((state.run_id.as_str(), state.link.run.as_ref()), (DEFAULT_RUN, None));

        let old = "gpuwerk-qwen3-coder-30b-a3b-awq-vllm-0.27.1-single-128-512";
        let state = open(&["#s=r:", old].concat());
        assert_eq!(state.run_id, DEFAULT_RUN);
        assert!(matches!(&state.link.run, Some(RunNotice::Alias { old: o, .. }) if o == old));

        // An imported run's id waits for this browser's remembered runs, then is chosen or missing.
        let state = open("#s=r:yours-1,f:10");
        assert_eq!(state.link.run, Some(RunNotice::Waiting("yours-1".into())));
        let restored = crate::imported::Restored::default();
        let after = reduce(state, Action::Imported(ImportAction::Restore(Rc::new(restored))));
        assert_eq!(after.link.run, Some(RunNotice::ImportedElsewhere("yours-1".into())));
        assert!(after.outcome.sizing.is_err());
    }
}
