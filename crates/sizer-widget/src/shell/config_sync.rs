//! A host's new attributes reach a running instance: when the props' configuration changes
//! (a `<spark-sizer>` element's attribute, through `SparkSizerInstance::update`), the state is
//! told what changed ([`Action::Reconfigure`]) instead of the instance being mounted afresh, so
//! the person's own edits stay.

use std::rc::Rc;

use yew::prelude::*;

use crate::shell::config::Config;
use crate::shell::state::{Action, ConfigChange, SizerState};

/// Dispatches [`Action::Reconfigure`] after a render whose `config` differs from the last one
/// applied (the first render's is applied by `SizerState::new`).
#[hook]
pub fn use_config_changes(config: &Config, dispatcher: UseReducerDispatcher<SizerState>) {
    let applied = use_mut_ref(|| config.clone());
    use_effect_with(config.clone(), move |config| {
        let before = applied.replace(config.clone());
        if before != *config {
            dispatcher.dispatch(Action::Reconfigure(Rc::new(ConfigChange { before, after: config.clone() })));
        }
    });
}
