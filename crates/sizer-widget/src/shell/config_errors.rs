//! The `data-*` attributes of the mount point that were invalid or unknown, shown like input errors.

use yew::prelude::*;

use crate::common::error_text::error_message;
use crate::i18n::{Lang, Msg, text};
use crate::shell::config::{ConfigError, ConfigProblem};

/// Props of [`ConfigErrors`].
#[derive(Properties, PartialEq, Clone)]
pub struct ConfigErrorsProps {
    pub errors: Vec<ConfigError>,
    pub lang: Lang,
}

/// One line per invalid attribute (nothing when all are valid).
#[component]
pub fn ConfigErrors(props: &ConfigErrorsProps) -> Html {
    let lang = props.lang;
    if props.errors.is_empty() {
        return html! {};
    }
    html! {
        <div class="ss-config-errors" role="alert" data-error="config">
            <p>{ text(lang, Msg::ErrConfig) }</p>
            <ul>
                for error in props.errors.iter() {
                    <li key={error.attribute.clone()}>
                        <code>{ [error.attribute.as_str(), "=\"", error.value.as_str(), "\""].concat() }</code>
                        { ": " }
                        { problem_text(lang, error.problem) }
                    </li>
                }
            </ul>
        </div>
    }
}

fn problem_text(lang: Lang, problem: ConfigProblem) -> String {
    match problem {
        ConfigProblem::Input(error) => error_message(lang, error),
        ConfigProblem::UnknownRun => text(lang, Msg::ErrUnknownRun).into(),
        ConfigProblem::UnknownLang => text(lang, Msg::ErrUnknownLang).into(),
        ConfigProblem::UnknownUsage => text(lang, Msg::ErrUnknownUsage).into(),
        ConfigProblem::UnknownAttribute => text(lang, Msg::ErrUnknownAttribute).into(),
    }
}
