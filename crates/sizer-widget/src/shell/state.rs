//! The calculator's state: what the person typed, what it parsed to, the choices made, and the
//! sizing computed from them. One [`Action`] per thing a person can do; [`SizerState::reduce`]
//! applies it (Yew's `use_reducer`, like its `function_todomvc` example) and recomputes the
//! [`Calculation`]. No web-sys here: the state is built the same way on the server (prerendering)
//! and in the browser.

use std::rc::Rc;

use sizer_core::{HeadroomMethod, Interpolation};
use yew::Reducible;

use crate::common::input::{Field, InputError};
use crate::i18n::Lang;
use crate::import::imported::ImportedRuns;
use crate::import::state::{ImportAction, ImportPanelState};
use crate::memory::state::{MemoryAction, MemoryChoice};
use crate::shell::config::Config;
use crate::shell::link::{LinkLoad, LinkState};
use crate::sizing::calculation::Calculation;
use crate::sizing::run_ref::RunRef;
use crate::team::state::{TeamAction, TeamInput};

pub use crate::i18n::codes::Theme;
pub use sizer_data::Usage;

mod config_change;
mod fields;
mod import;
mod link;

pub use config_change::ConfigChange;

use fields::scenario_value;
pub use import::fragment_with_shared;

pub use fields::{SEED_Z, USAGE_FIELDS, format_value};

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
    /// The person picked a colour scheme (the handler has kept it on this device).
    ChooseTheme(Theme),
    /// The scheme kept on this device, read once after mount: it applies only while the person
    /// has picked none in this instance, so a late restore never undoes a choice.
    RestoreTheme(Theme),
    /// Opened a link with a scenario in its fragment (and whatever else it carries).
    LoadLink(Rc<LinkLoad>),
    /// Did something in the import panel (see `import/state.rs`).
    Imported(ImportAction),
    /// Changed the memory section: models kept loaded, budget (see `memory/state.rs`).
    Memory(MemoryAction),
    /// Did something in the team section (see `team/state.rs`).
    Team(TeamAction),
    /// Picked the seed of "Check by simulation" (or opened a link with one).
    SetSimSeed(u64),
    /// Changed an input of "Load from your logs": its link keys as the section wrote them.
    SetLoadKeys(String),
    /// The host changed the instance's attributes (a `<spark-sizer>` element's): what changed
    /// applies, what the person did elsewhere stays (see `state/config_change.rs`).
    Reconfigure(Rc<ConfigChange>),
    /// The second module is in, and with it the DGX Spark arena's runs (`sizer_data::
    /// install_arena`): a link's run that was not in the data is looked up again, and the
    /// sizing redone.
    DataGrown,
}

/// The calculator's state.
#[derive(Clone, Debug)]
pub struct SizerState {
    /// The display language.
    pub lang: Lang,
    /// The colour scheme override.
    pub theme: Theme,
    /// The person picked [`SizerState::theme`] in this instance (a restore leaves it alone).
    pub theme_chosen: bool,
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
    /// The link keys of "Load from your logs" (`,lr:0.8,…`, none at its defaults): the section
    /// reads and writes them (`simulation/load_prediction/fragment.rs`); kept as text here.
    pub load_keys: String,
    /// What is kept about the link the instance was opened with.
    pub link: LinkState,
    /// How many changes the person has made. The address is written after each one, even a
    /// change back to the fragment last written: a link pasted in between is in the address.
    pub person_changes: u64,
}

impl SizerState {
    /// The state a fresh instance starts in: the English article's chat defaults, overridden by `config`.
    pub fn new(config: &Config) -> SizerState {
        let lang = config.lang.unwrap_or_default();
        let usage = config.usage.unwrap_or(Usage::Chat);
        let preset = usage.scenario();
        let run_id = config.run_id().to_owned();
        let mut state = SizerState {
            lang,
            theme: Theme::Auto,
            theme_chosen: false,
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
            sim_seed: crate::simulation::stepper::DEFAULT_SEED,
            load_keys: String::new(),
            link: LinkState { run: config.run_notice.clone(), ..LinkState::default() },
            person_changes: 0,
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

    // Reading and writing the fields: `state/fields.rs`; opening a link: `state/link.rs`;
    // a host's new attributes: `state/config_change.rs`.

    /// Fills the usage fields and "always busy" from `usage`'s preset.
    fn apply_usage(&mut self, usage: Usage) {
        let preset = usage.scenario();
        for field in USAGE_FIELDS {
            self.put_value(field, field.from_scenario(scenario_value(&preset, field)));
        }
        self.always_busy = preset.always_busy;
    }

    /// Switches the language: every valid number is rewritten in its format.
    fn set_lang(&mut self, lang: Lang) {
        self.lang = lang;
        self.memory.relocalise(lang);
        for field in Field::ALL {
            if self.error(field).is_none() {
                self.put_value(field, self.value(field));
            }
        }
        self.team.relabel(lang);
    }

    /// Recomputes the sizing from the current values.
    fn recompute(&mut self) {
        self.outcome = Rc::new(match RunRef::find(&self.imported, &self.run_id) {
            Some(run) => Calculation::for_run(run, self.scenario()),
            None => Calculation { scenario: self.scenario(), ..Calculation::empty() },
        });
    }
}

impl Reducible for SizerState {
    type Action = Action;

    fn reduce(self: Rc<Self>, action: Action) -> Rc<Self> {
        let mut next = (*self).clone();
        let mut needs_sizing = true;
        // What the browser does by itself (opening a link, reading or writing this device's
        // runs or scheme, a drag passing over) is not a change by the person: the address stays
        // held.
        let by_person = !matches!(
            action,
            Action::LoadLink(_)
                | Action::Reconfigure(_)
                | Action::DataGrown
                | Action::RestoreTheme(_)
                | Action::Imported(ImportAction::Restore(_) | ImportAction::Stored(_) | ImportAction::Drag(_))
        );
        if by_person {
            next.link.held = false;
            next.person_changes = next.person_changes.wrapping_add(1);
        }
        match action {
            Action::SetText(field, text) => next.put_text(field, text),
            Action::SetRun(id) => {
                if sizer_data::dataset().run(&id).is_some() || next.imported.get(&id).is_some() {
                    next.run_id = id;
                }
            }
            Action::SetUsage(usage) => next.apply_usage(usage),
            Action::SetAlwaysBusy(busy) => next.always_busy = busy,
            Action::SetFloor(floor) => next.put_value(Field::Floor, floor),
            Action::SetSeedZ(seed) => next.seed_z = seed,
            Action::SetHeadroom(method) => next.headroom = method,
            Action::SetInterpolation(method) => next.interpolation = method,
            Action::SetLang(lang) => {
                needs_sizing = false;
                next.set_lang(lang);
            }
            Action::ChooseTheme(theme) => {
                needs_sizing = false;
                next.theme = theme;
                next.theme_chosen = true;
            }
            Action::RestoreTheme(theme) => {
                needs_sizing = false;
                if !next.theme_chosen {
                    next.theme = theme;
                }
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
            Action::SetLoadKeys(keys) => {
                needs_sizing = false;
                next.load_keys = keys;
            }
            Action::Reconfigure(change) => next.reconfigure(&change),
            Action::DataGrown => next.settle_grown_data(),
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
    use crate::common::input::Field;
    use crate::sizing::calculation::DEFAULT_RUN;
    use sizer_core::Scenario;

    /// The state after `action`.
    pub(super) fn reduce(state: SizerState, action: Action) -> SizerState {
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
    fn a_restored_scheme_applies_until_the_person_picks_one_and_never_after() {
        let fresh = SizerState::new(&Config::default());
        assert_eq!(fresh.theme, Theme::Auto);
        let restored = reduce(fresh.clone(), Action::RestoreTheme(Theme::Dark));
        assert_eq!((restored.theme, restored.theme_chosen), (Theme::Dark, false));
        // A restore that comes after the person's choice leaves the choice.
        let chosen = reduce(fresh, Action::ChooseTheme(Theme::Light));
        let late = reduce(chosen, Action::RestoreTheme(Theme::Dark));
        assert_eq!((late.theme, late.theme_chosen), (Theme::Light, true));
        // Picking "auto" after a restored "dark" is a choice too.
        let back = reduce(restored, Action::ChooseTheme(Theme::Auto));
        assert_eq!((back.theme, back.theme_chosen), (Theme::Auto, true));
    }

    #[test]
    fn a_restored_scheme_keeps_the_link_as_opened() {
        let mut held = SizerState::new(&Config::default());
        held.link.held = true;
        assert!(reduce(held.clone(), Action::RestoreTheme(Theme::Dark)).link.held);
        assert!(!reduce(held, Action::ChooseTheme(Theme::Dark)).link.held);
    }

    #[test]
    fn unknown_runs_are_ignored() {
        let state = SizerState::new(&Config { run: Some("no-such-run".into()), ..Config::default() });
        assert_eq!(state.run_id, DEFAULT_RUN);
        let state = reduce(state, Action::SetRun("no-such-run".into()));
        assert_eq!(state.run_id, DEFAULT_RUN);
    }
}
