//! Which fields hold text the sizing does not use, read from the one reducer's state (the
//! export and the link say so; `sizing::stale` writes the sentences).

use crate::common::error_text::error_message;
use crate::common::input::{Field, InputError};
use crate::shell::state::SizerState;
use crate::sizing::stale::StaleInput;
use crate::team::state::TeamInputField;

/// Every field whose text is invalid, in form order.
pub fn stale_inputs(state: &SizerState) -> Vec<StaleInput> {
    let lang = state.lang;
    let stale = |field: &'static str, typed: &str, used: Option<f64>, error: InputError| StaleInput {
        field,
        typed: typed.to_owned(),
        used,
        error: error_message(lang, error),
    };
    let mut out = Vec::new();
    for field in Field::ALL {
        if let Some(error) = state.error(field) {
            out.push(stale(field.name(), state.text(field), Some(state.value(field)), error));
        }
    }
    for field in TeamInputField::ALL {
        if let Some(error) = state.team.error(field) {
            out.push(stale(field.name(), state.team.text(field), state.team.value(field), error));
        }
    }
    if let Some(error) = state.memory.budget_error {
        out.push(stale("memory_budget", &state.memory.budget_text, Some(state.memory.budget_gb), error));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::Lang;
    use crate::shell::state::Action;
    use crate::sizing::stale::{link_note, markdown_warning};
    use yew::Reducible;

    #[test]
    fn a_bad_floor_is_listed_with_the_value_used() {
        let state = std::rc::Rc::new(SizerState::new(&crate::shell::config::Config::default()));
        assert!(stale_inputs(&state).is_empty());
        let state = state.reduce(Action::SetText(Field::Floor, "abc".into()));
        let stale = stale_inputs(&state);
        assert_eq!(stale.len(), 1);
        assert_eq!((stale[0].field, stale[0].typed.as_str(), stale[0].used), ("floor", "abc", Some(15.0)));
        assert_eq!(stale[0].error, "This is not a number.");
        assert_eq!(
            markdown_warning(Lang::En, &stale),
            "> **Not as on screen:** the field `floor` shows `abc` (This is not a number.), so this export uses its \
             last valid value, 15.\n\n"
        );
        assert_eq!(
            link_note(Lang::En, &stale),
            "Where a field shows an error, the link carries its last valid value instead: floor \u{201c}abc\u{201d} \u{2192} 15."
        );
        assert_eq!(link_note(Lang::En, &[]), "");
    }
}
