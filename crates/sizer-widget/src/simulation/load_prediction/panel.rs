//! "Load from your logs" with what a log gave kept across languages: the section remounts per
//! language (its inputs' text is read in the language it was written in), so the log read and
//! the runs predicted from it ([`LogsKept`]) live here, one level up, and are handed down.

use yew::prelude::*;

use crate::simulation::load_prediction::log_ranking::RankingView;
use crate::simulation::load_prediction::logs::Read;
use crate::simulation::load_prediction::section::{LoadPredictionProps, LoadPredictionSection};

/// The log reader's state and the runs predicted from its load, kept above the remount.
#[derive(Clone, PartialEq)]
pub struct LogsKept {
    pub read: UseStateHandle<Read>,
    pub ranking: UseReducerHandle<RankingView>,
}

/// The section, remounted per language, with the log's state kept.
#[component]
pub fn LoadPanel(props: &LoadPredictionProps) -> Html {
    let read = use_state(|| Read::Nothing);
    let ranking = use_reducer(RankingView::default);
    let inner = LoadPredictionProps { logs: Some(LogsKept { read, ranking }), ..props.clone() };
    html! { <LoadPredictionSection key={props.lang.code()} ..inner /> }
}
