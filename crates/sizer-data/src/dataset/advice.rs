//! The articles' advice, chosen for the sizing on screen.
//!
//! Each [`Advice`] lists the situations it applies to ([`AdviceWhen`]); the widget describes
//! its sizing as a [`Situation`] and shows what [`Dataset::advice_for`] returns, in its language
//! ([`crate::Localized`]), with the source and location each entry carries.

use crate::dataset::model::{Advice, AdviceWhen, Binding, Dataset, SizingWarning};

impl From<sizer_core::Limit> for Binding {
    fn from(limit: sizer_core::Limit) -> Binding {
        match limit {
            sizer_core::Limit::Speed => Binding::Speed,
            sizer_core::Limit::KvCache => Binding::KvCache,
            sizer_core::Limit::Prefill => Binding::Prefill,
        }
    }
}

/// What the widget knows about the sizing it shows; unknown parts stay `None`/empty and match
/// no condition that needs them.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Situation<'a> {
    /// The limit that binds first, if a sizing was made.
    pub binding: Option<Binding>,
    /// The warnings shown beside it.
    pub warnings: &'a [SizingWarning],
    /// Concurrent streams the sizing needs (or finds at the floor).
    pub streams: Option<f64>,
    /// Total parameters in billions when the chosen model is known to be dense.
    pub dense_params_b: Option<f64>,
}

impl AdviceWhen {
    /// True when this condition holds in `situation`.
    pub fn holds(&self, situation: &Situation<'_>) -> bool {
        match *self {
            AdviceWhen::Always => true,
            AdviceWhen::Binding(binding) => situation.binding == Some(binding),
            AdviceWhen::Warning(warning) => situation.warnings.contains(&warning),
            AdviceWhen::StreamsAbove(limit) => situation.streams.is_some_and(|streams| streams > limit),
            AdviceWhen::DenseModelAtLeastB(limit) => situation.dense_params_b.is_some_and(|params| params >= limit),
        }
    }
}

impl Advice {
    /// True when any of its conditions holds.
    pub fn applies(&self, situation: &Situation<'_>) -> bool {
        self.when.iter().any(|when| when.holds(situation))
    }

    /// True for advice on sharing a unit that applies whatever the sizing.
    pub fn is_general(&self) -> bool {
        self.when.contains(&AdviceWhen::Always)
    }
}

impl Dataset {
    /// The advice that fits `situation`, in dataset order: sizing-specific entries first, then
    /// the general ones (how to share a unit).
    pub fn advice_for(&self, situation: &Situation<'_>) -> Vec<&Advice> {
        let (general, specific): (Vec<&Advice>, Vec<&Advice>) =
            self.advice.iter().filter(|a| a.applies(situation)).partition(|a| a.is_general());
        specific.into_iter().chain(general).collect()
    }

    /// The advice with this id.
    pub fn advice_entry(&self, id: &str) -> Option<&Advice> {
        self.advice.iter().find(|a| a.id == id)
    }
}
