//! What every feature may use, using only `i18n`: the browser's storage and clipboard
//! (`browser`), element ids (`ids`), work deferred to the next task (`defer`), field specs and
//! parsing (`input`), the chart canvas (`chart`, `chart_plot`) and small views
//! (`choice_select`, `number_field`, `error_text`, `step_list`).

pub mod browser;
pub mod chart;
pub mod chart_plot;
pub mod choice_select;
pub mod defer;
pub mod error_text;
pub mod ids;
pub mod input;
pub mod number_field;
pub mod step_list;
