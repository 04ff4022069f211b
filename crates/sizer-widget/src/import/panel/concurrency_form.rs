//! One number field per point of a pending import that did not record its concurrency:
//! nothing is guessed, the person types each one.

use std::rc::Rc;

use sizer_import::{Import, Outcome};
use web_sys::HtmlInputElement;
use yew::prelude::*;

use super::reading::complete;
use crate::i18n::Lang;
use crate::i18n::import::{ImportMsg, import_text, missing_point};
use crate::import::state::ImportAction;

/// Props of [`ConcurrencyForm`].
#[derive(Properties, Clone)]
pub struct ConcurrencyFormProps {
    /// The import waiting for concurrencies.
    pub import: Rc<Import>,
    /// What was typed so far, one entry per missing point.
    pub typed: Vec<String>,
    pub lang: Lang,
    pub id_prefix: AttrValue,
    /// Where typing, cancelling and failures go.
    pub on_action: Callback<ImportAction>,
    /// Gets the completed import.
    pub on_ready: Callback<Import>,
}

impl PartialEq for ConcurrencyFormProps {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.import, &other.import) && self.typed == other.typed && self.lang == other.lang
    }
}

/// One number field per point without a recorded concurrency.
#[component]
pub fn ConcurrencyForm(props: &ConcurrencyFormProps) -> Html {
    let lang = props.lang;
    let t = |msg: ImportMsg| import_text(lang, msg);
    let missing = match props.import.outcome() {
        Outcome::Ready => Vec::new(),
        Outcome::NeedsConcurrency(missing) => missing,
    };
    let on_apply = {
        let import = Rc::clone(&props.import);
        let typed = props.typed.clone();
        let on_action = props.on_action.clone();
        let on_ready = props.on_ready.clone();
        Callback::from(move |_: MouseEvent| match complete(&import, &typed) {
            Ok(done) => on_ready.emit(done),
            Err(failure) => on_action.emit(ImportAction::Failed(failure)),
        })
    };
    let on_cancel = {
        let on_action = props.on_action.clone();
        Callback::from(move |_: MouseEvent| on_action.emit(ImportAction::Cancel))
    };
    html! {
        <fieldset class="ss-import-concurrency" data-import="concurrency">
            <legend>{ t(ImportMsg::ConcurrencyHeading) }</legend>
            <p class="ss-hint">{ t(ImportMsg::ConcurrencyIntro) }</p>
            for (index, point) in missing.iter().enumerate() {
                <div class="ss-field" key={index}>
                    <label for={format!("{}-import-c{index}", props.id_prefix)}>
                        { t(ImportMsg::ConcurrencyLabel) }{ ": " }{ missing_point(lang, point) }
                    </label>
                    <input
                        id={format!("{}-import-c{index}", props.id_prefix)}
                        type="text"
                        inputmode="numeric"
                        autocomplete="off"
                        data-import="concurrency-value"
                        value={props.typed.get(index).cloned().unwrap_or_default()}
                        oninput={{
                            let on_action = props.on_action.clone();
                            Callback::from(move |event: InputEvent| {
                                let input: HtmlInputElement = event.target_unchecked_into();
                                on_action.emit(ImportAction::Typed(index, input.value()));
                            })
                        }}
                    />
                </div>
            }
            <button type="button" class="ss-button" data-import="concurrency-apply" onclick={on_apply}>{ t(ImportMsg::ConcurrencyApply) }</button>
            <button type="button" class="ss-button ss-button--quiet" onclick={on_cancel}>{ t(ImportMsg::Cancel) }</button>
        </fieldset>
    }
}
