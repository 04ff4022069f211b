//! The memory section's choices: which models to keep loaded and the working budget, as typed.
//! Kept in the calculator's state ([`crate::shell::state::Action::Memory`]), written to the URL fragment
//! (`mk:` the models, `mb:` the budget) and to the exports. No formulas: the plan is
//! `sizer_data::memory::memory` (see `view.rs`).

use crate::common::input::{InputError, parse_number};
use crate::i18n::{Lang, format_number};

/// The German article's pair: "a fast model for everyday questions and a larger one for the
/// hard ones, on the same device".
pub const DEFAULT_MODELS: [&str; 2] = ["gpt-oss-120b", "gpt-oss-20b"];

/// The budget a fresh widget plans with, GB: the high end of the article's 102-115 GB band.
pub const DEFAULT_BUDGET_GB: f64 = 115.0;

/// Fragment keys: the models kept loaded (`+`-separated ids) and the budget in GB.
pub const MODELS_KEY: &str = "mk";
pub const BUDGET_KEY: &str = "mb";

/// The largest budget the field accepts, GB: the core's own bound.
pub use sizer_core::memory::MAX_BUDGET_GB;

/// What a person chose in the memory section.
#[derive(Clone, Debug, PartialEq)]
pub struct MemoryChoice {
    /// Model ids kept loaded, in the catalogue's order.
    pub models: Vec<String>,
    /// The budget field's text, as typed.
    pub budget_text: String,
    /// The last valid budget, GB.
    pub budget_gb: f64,
    /// Why the budget text is not used, if it is not.
    pub budget_error: Option<InputError>,
}

/// Everything a person can do in the memory section.
#[derive(Clone, Debug, PartialEq)]
pub enum MemoryAction {
    /// Ticked (true) or unticked a model.
    Keep(String, bool),
    /// Typed into the budget field.
    SetBudget(String),
    /// Opened a link with memory choices.
    Load(MemoryChoice),
}

impl MemoryChoice {
    /// The German article's pair at 115 GB.
    pub fn new(lang: Lang) -> MemoryChoice {
        MemoryChoice {
            models: DEFAULT_MODELS.iter().map(|id| id.to_string()).collect(),
            budget_text: plain(lang, DEFAULT_BUDGET_GB),
            budget_gb: DEFAULT_BUDGET_GB,
            budget_error: None,
        }
    }

    /// Applies one action. `lang` parses typed numbers.
    pub fn apply(&mut self, lang: Lang, action: MemoryAction) {
        match action {
            MemoryAction::Keep(id, keep) => {
                // A cheap test here (this reducer is in the first wasm module): weights published
                // or a parameter count to compute them from, and a layout; the section lists
                // only what `view::unplannable` accepts.
                let model = sizer_data::catalog().model(&id);
                let known = model.is_some_and(|model| {
                    let sized = model.weights.iter().any(|w| w.gb.verified().is_some())
                        || model.total_params_b.as_ref().is_some_and(|p| p.verified().is_some());
                    sized && model.kv_architecture(sizer_data::KvDtype::Bf16).is_ok()
                });
                if keep && known && !self.models.contains(&id) {
                    self.models.push(id);
                    self.sort();
                } else if !keep {
                    self.models.retain(|model| *model != id);
                }
            }
            MemoryAction::SetBudget(text) => {
                match parse_budget(lang, &text) {
                    Ok(value) => {
                        self.budget_gb = value;
                        self.budget_error = None;
                    }
                    Err(error) => self.budget_error = Some(error),
                }
                self.budget_text = text;
            }
            MemoryAction::Load(choice) => {
                *self = choice;
                self.relocalise(lang);
            }
        }
    }

    /// Rewrites the budget in `lang`'s number format (after a language switch).
    pub fn relocalise(&mut self, lang: Lang) {
        if self.budget_error.is_none() {
            self.budget_text = plain(lang, self.budget_gb);
        }
    }

    /// The catalogue's order, so links and exports do not depend on the order of the clicks.
    fn sort(&mut self) {
        let catalog = sizer_data::catalog();
        let position = |id: &String| catalog.models.iter().position(|model| model.id == *id).unwrap_or(usize::MAX);
        self.models.sort_by_key(position);
    }

    /// The fragment pairs (`,mk:a+b,mb:115`), or nothing for the defaults.
    pub fn fragment_suffix(&self) -> String {
        if self.models.iter().map(String::as_str).eq(DEFAULT_MODELS) && self.budget_gb == DEFAULT_BUDGET_GB {
            return String::new();
        }
        [",", MODELS_KEY, ":", &self.models.join("+"), ",", BUDGET_KEY, ":", &plain(Lang::En, self.budget_gb)].concat()
    }

    /// The memory choices in a `#s=` fragment, when it has them. Unknown model ids are dropped
    /// (a link from a newer catalogue; `shell/link.rs` lists them as refused parts); a malformed
    /// budget makes the pair invalid (`None`), like any bad fragment value.
    pub fn from_fragment(fragment: &str, lang: Lang) -> Option<MemoryChoice> {
        let body = fragment.strip_prefix('#').unwrap_or(fragment).strip_prefix(crate::sizing::fragment::PREFIX)?;
        let value = |key: &str| body.split(',').find_map(|pair| pair.strip_prefix(key)?.strip_prefix(':'));
        let models = value(MODELS_KEY);
        let budget = value(BUDGET_KEY);
        if models.is_none() && budget.is_none() {
            return None;
        }
        let budget_gb = match budget {
            None => DEFAULT_BUDGET_GB,
            Some(text) if text.bytes().all(|b| b.is_ascii_digit() || b == b'.') => parse_budget(Lang::En, text).ok()?,
            Some(_) => return None,
        };
        let mut choice = MemoryChoice::new(lang);
        if let Some(models) = models {
            choice.models.clear();
            for id in models.split('+').filter(|id| !id.is_empty()) {
                choice.apply(lang, MemoryAction::Keep(id.to_string(), true));
            }
        }
        choice.budget_gb = budget_gb;
        choice.budget_text = plain(lang, budget_gb);
        Some(choice)
    }
}

/// Parses a budget in GB: a number above 0 and at most [`MAX_BUDGET_GB`].
pub fn parse_budget(lang: Lang, text: &str) -> Result<f64, InputError> {
    let value = parse_number(lang, text)?;
    if value <= 0.0 {
        Err(InputError::TooSmall { min: 0.0, exclusive: true })
    } else if value > MAX_BUDGET_GB {
        Err(InputError::TooLarge { max: MAX_BUDGET_GB })
    } else {
        Ok(value)
    }
}

/// A number as typed: up to 2 decimals, trailing zeros dropped, no grouping.
fn plain(lang: Lang, value: f64) -> String {
    let mut text = format_number(lang, value, 2);
    text.retain(|c| c != lang.group_separator());
    if text.contains(lang.decimal_mark()) {
        let trimmed = text.trim_end_matches('0').trim_end_matches(lang.decimal_mark()).len();
        text.truncate(trimmed);
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_defaults_stay_out_of_the_link() {
        let choice = MemoryChoice::new(Lang::En);
        assert_eq!(choice.fragment_suffix(), "");
        assert_eq!(choice.budget_text, "115");
    }

    #[test]
    fn choices_round_trip_through_the_fragment() {
        let mut choice = MemoryChoice::new(Lang::De);
        choice.apply(Lang::De, MemoryAction::Keep("gpt-oss-120b".into(), false));
        choice.apply(Lang::De, MemoryAction::Keep("llama-3.3-70b".into(), true));
        choice.apply(Lang::De, MemoryAction::SetBudget("102,5".into()));
        assert_eq!(choice.budget_gb, 102.5);
        let suffix = choice.fragment_suffix();
        assert_eq!(suffix, ",mk:gpt-oss-20b+llama-3.3-70b,mb:102.5");
        let back = MemoryChoice::from_fragment(&["#s=r:x", &suffix].concat(), Lang::De).expect("memory");
        assert_eq!(back.models, ["gpt-oss-20b", "llama-3.3-70b"]);
        assert_eq!((back.budget_gb, back.budget_text.as_str()), (102.5, "102,5"));
    }

    #[test]
    fn bad_values_are_refused() {
        let mut choice = MemoryChoice::new(Lang::En);
        choice.apply(Lang::En, MemoryAction::SetBudget("-3".into()));
        assert_eq!((choice.budget_gb, choice.budget_error.is_some()), (115.0, true));
        choice.apply(Lang::En, MemoryAction::SetBudget("1e9".into()));
        assert_eq!(choice.budget_error, Some(InputError::TooLarge { max: MAX_BUDGET_GB }));
        choice.apply(Lang::En, MemoryAction::Keep("<script>".into(), true));
        assert_eq!(choice.models, DEFAULT_MODELS);
        // A model without published weights cannot be kept loaded.
        choice.apply(Lang::En, MemoryAction::Keep("llama-3.1-8b".into(), true));
        assert_eq!(choice.models, DEFAULT_MODELS);
        assert_eq!(MemoryChoice::from_fragment("s=mb:abc", Lang::En), None);
        assert_eq!(MemoryChoice::from_fragment("s=mb:0", Lang::En), None);
        assert_eq!(MemoryChoice::from_fragment("s=f:10", Lang::En), None);
        let dropped = MemoryChoice::from_fragment("s=mk:nope+gpt-oss-20b", Lang::En).expect("memory");
        assert_eq!((dropped.models, dropped.budget_gb), (vec!["gpt-oss-20b".to_string()], 115.0));
    }
}
