//! The calculator's event callbacks, created once per instance.
//!
//! Yew compares a `Callback` by identity, so a callback made afresh in every render makes every
//! child that receives one render again (the run picker, the import panel, each select and
//! field) although nothing it shows changed. Made once from the state's dispatcher, which
//! outlives every render, they keep those children's props equal: a new floor re-renders only
//! what depends on it.

use yew::prelude::*;

use crate::common::input::Field;
use crate::i18n::Lang;
use crate::i18n::codes::{self, HEADROOM, INTERPOLATION, THEME};
use crate::import::state::ImportAction;
use crate::shell::state::{Action, SizerState, Usage};
use crate::team::state::TeamAction;

/// Every callback the calculator hands to its inputs.
#[derive(Clone, PartialEq)]
pub struct Handlers {
    /// A numeric field's text changed.
    pub on_input: Callback<(Field, String)>,
    /// A floor preset was picked.
    pub on_floor_preset: Callback<f64>,
    /// "Always busy" was ticked or unticked.
    pub on_always_busy: Callback<Event>,
    /// The form was submitted (Enter in a field): nothing to send anywhere.
    pub on_submit: Callback<SubmitEvent>,
    /// A language was picked (its code).
    pub on_lang: Callback<String>,
    /// A colour scheme was picked (its code).
    pub on_theme: Callback<String>,
    /// A run was picked (its id).
    pub on_run: Callback<String>,
    /// A usage preset was picked (its code).
    pub on_usage: Callback<String>,
    /// The z source was picked (`seed` or `percentile`).
    pub on_z: Callback<String>,
    /// A headroom method was picked (its code).
    pub on_headroom: Callback<String>,
    /// An interpolation method was picked (its code).
    pub on_interpolation: Callback<String>,
    /// Something happened in the import panel.
    pub on_import: Callback<ImportAction>,
    /// Something happened in the team section.
    pub on_team: Callback<TeamAction>,
    /// "Load from your logs" has new link keys.
    pub on_load_keys: Callback<String>,
}

impl Handlers {
    /// The callbacks, each dispatching to `dispatcher`.
    pub fn new(dispatcher: &UseReducerDispatcher<SizerState>) -> Handlers {
        let on = |make: fn(String) -> Option<Action>| {
            let dispatcher = dispatcher.clone();
            Callback::from(move |value: String| {
                if let Some(action) = make(value) {
                    dispatcher.dispatch(action);
                }
            })
        };
        Handlers {
            on_input: {
                let dispatcher = dispatcher.clone();
                Callback::from(move |(field, text): (Field, String)| dispatcher.dispatch(Action::SetText(field, text)))
            },
            on_floor_preset: {
                let dispatcher = dispatcher.clone();
                Callback::from(move |floor: f64| dispatcher.dispatch(Action::SetFloor(floor)))
            },
            on_always_busy: {
                let dispatcher = dispatcher.clone();
                Callback::from(move |event: Event| {
                    let input: web_sys::HtmlInputElement = event.target_unchecked_into();
                    dispatcher.dispatch(Action::SetAlwaysBusy(input.checked()));
                })
            },
            on_submit: Callback::from(|event: SubmitEvent| event.prevent_default()),
            on_lang: on(|code| Lang::from_code(&code).map(Action::SetLang)),
            on_theme: on(|code| {
                let theme = codes::from_code(&THEME, &code)?;
                // Kept here, on the person's choice only: a restore or another instance's state
                // never writes it.
                crate::shell::page_sync::keep_theme(theme);
                Some(Action::ChooseTheme(theme))
            }),
            on_run: on(|id| Some(Action::SetRun(id))),
            on_load_keys: on(|keys| Some(Action::SetLoadKeys(keys))),
            on_usage: on(|code| Usage::from_code(&code).map(Action::SetUsage)),
            on_z: on(|code| Some(Action::SetSeedZ(code == "seed"))),
            on_headroom: on(|code| codes::from_code(&HEADROOM, &code).map(Action::SetHeadroom)),
            on_interpolation: on(|code| codes::from_code(&INTERPOLATION, &code).map(Action::SetInterpolation)),
            on_import: {
                let dispatcher = dispatcher.clone();
                Callback::from(move |action| dispatcher.dispatch(Action::Imported(action)))
            },
            on_team: {
                let dispatcher = dispatcher.clone();
                Callback::from(move |action| dispatcher.dispatch(Action::Team(action)))
            },
        }
    }
}
