//! Opening a link in the state: the scenario, run, language, seed, memory choices, team and
//! shared curve it carries, each applied by its owner; a run it names that is not shown as
//! asked is kept as a [`RunNotice`].

use std::rc::Rc;

use super::SizerState;
use super::fields::format_value;
use crate::import::imported::is_imported_id;
use crate::import::state::ImportAction;
use crate::memory::state::MemoryAction;
use crate::shell::link::{LinkLoad, LinkState, RunNotice};
use crate::sizing::fragment::{FragmentScenario, Shown};
use crate::team::state::TeamAction;

impl SizerState {
    /// Applies everything a link carries; the address is held as opened until the person
    /// changes something.
    pub(super) fn load_link(&mut self, link: &LinkLoad) {
        // A link without a run keeps the page's run, and what was said about it.
        let kept = if link.scenario.run.is_none() { self.link.run.take() } else { None };
        self.link = LinkState { run: kept, bad_parts: link.bad_parts.clone(), held: true };
        self.load_fragment(&link.scenario);
        self.memory.relocalise(self.lang);
        self.team.relabel(self.lang);
        // A link without the section's keys means its defaults.
        self.load_keys.clone_from(&link.load);
        if let Some(seed) = link.seed {
            self.sim_seed = seed;
        }
        if let Some(choice) = &link.memory {
            self.memory.apply(self.lang, MemoryAction::Load(choice.clone()));
        }
        if let Some(team) = &link.team {
            self.team.apply(self.lang, TeamAction::Load(team.clone()));
        }
        if let Some(run) = &link.shared {
            // The curve stands for the run the link named (an id from another browser).
            self.apply_imported(ImportAction::AddShared(Rc::clone(run)));
            self.link.run = None;
        }
    }

    /// Applies a scenario from a link: every valid value, and each refused numeric value as its
    /// field's text with the field's error (the sizing keeps the default there).
    pub(super) fn load_fragment(&mut self, fragment: &FragmentScenario) {
        if let Some(lang) = fragment.lang {
            self.lang = lang;
        }
        if let Some(run) = &fragment.run {
            self.open_run(run);
        }
        let scenario = fragment.scenario;
        self.put_scenario_values(&scenario);
        self.always_busy = scenario.always_busy;
        self.seed_z = scenario.z.is_some();
        self.headroom = scenario.headroom;
        self.interpolation = scenario.interpolation;
        for bad in &fragment.bad_fields {
            let index = bad.field.index();
            self.texts[index] = match &bad.shown {
                Shown::Number(value) => format_value(self.lang, *value),
                Shown::Text(text) => text.clone(),
            };
            self.errors[index] = Some(bad.error);
        }
    }

    /// Chooses the run a link names: through the dataset's aliases, else an imported run of
    /// this browser; an id that is neither stays chosen, so nothing else is shown in its place.
    pub(super) fn open_run(&mut self, id: &str) {
        self.run_id = id.to_owned();
        self.link.run = match sizer_data::dataset().resolve_run(id) {
            sizer_data::RunLookup::Found(_) => None,
            sizer_data::RunLookup::Alias { alias, run } => {
                self.run_id = run.id.clone();
                Some(RunNotice::Alias { old: id.to_owned(), new: run.id.clone(), kind: alias.kind })
            }
            sizer_data::RunLookup::Unknown if self.imported.get(id).is_some() => None,
            sizer_data::RunLookup::Unknown if is_imported_id(id) && !self.imported.restored => {
                Some(RunNotice::Waiting(id.to_owned()))
            }
            sizer_data::RunLookup::Unknown if is_imported_id(id) => Some(RunNotice::ImportedElsewhere(id.to_owned())),
            sizer_data::RunLookup::Unknown if sizer_data::runs_pending() => {
                Some(RunNotice::Loading { id: id.to_owned(), by_page: false })
            }
            sizer_data::RunLookup::Unknown => Some(RunNotice::NotInData(id.to_owned())),
        };
    }

    /// After the dataset grew (the arena's runs came with the second module): a run that was
    /// waiting for it, or was not in the data, is chosen again, which now finds it or reports
    /// it missing (as the page's run when the page's `data-run` named it).
    pub(super) fn settle_grown_data(&mut self) {
        let (id, by_page) = match self.link.run.clone() {
            Some(RunNotice::Loading { id, by_page }) => (id, by_page),
            Some(RunNotice::NotInData(id)) => (id, false),
            _ => return,
        };
        self.open_run(&id);
        if by_page && self.link.run == Some(RunNotice::NotInData(id.clone())) {
            self.link.run = Some(RunNotice::PageRunNotInData(id));
        }
    }

    /// After this browser's remembered runs are read: the imported run a link named is chosen
    /// when it is among them, else the link's run is reported missing. Returns whether the
    /// choice changed.
    pub(super) fn settle_waiting_run(&mut self) -> bool {
        let Some(RunNotice::Waiting(id)) = self.link.run.clone() else {
            return false;
        };
        if self.imported.get(&id).is_some() {
            self.run_id = id;
            self.link.run = None;
        } else {
            self.link.run = Some(RunNotice::ImportedElsewhere(id));
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::common::input::{Field, InputError};
    use crate::i18n::Lang;
    use crate::shell::config::Config;
    use crate::shell::state::Action;
    use crate::shell::state::tests::reduce;
    use crate::sizing::calculation::DEFAULT_RUN;

    fn open(hash: &str) -> SizerState {
        let link = crate::shell::link::read(hash).expect("a link");
        reduce(SizerState::new(&Config::default()), Action::LoadLink(Rc::new(link)))
    }
    #[test]
    fn a_link_keeps_every_valid_part_and_shows_the_bad_ones_in_their_fields() {
        let state = open("#s=r:lmsys-llama-3.1-8b-fp8-sglang,l:de,f:10,a:-5");
        assert_eq!((state.run_id.as_str(), state.lang), ("lmsys-llama-3.1-8b-fp8-sglang", Lang::De));
        assert_eq!((state.text(Field::Floor), state.value(Field::Floor)), ("10", 10.0));
        assert_eq!(state.text(Field::AnswerTokens), "-5");
        assert_eq!(state.error(Field::AnswerTokens), Some(InputError::TooSmall { min: 1.0, exclusive: false }));
        assert_eq!(state.value(Field::AnswerTokens), 400.0);
        assert!(state.link.held && state.link.run.is_none());
        let state = open("#s=p:0.5,l:de");
        assert_eq!((state.text(Field::Percentile), state.value(Field::Percentile)), ("50", 99.0));
        // The person's first change lets the address be written again.
        let state = reduce(state, Action::SetText(Field::Floor, "12".into()));
        assert!(!state.link.held);
    }

    #[test]
    fn a_links_run_is_never_replaced_silently() {
        let state = open(&["#s=r:de,m:f,q:1", &"5".repeat(400), ",f:does-not-exist,y:a%2Cb"].concat());
        assert_eq!(state.link.run, Some(RunNotice::NotInData("de".into())));
        let state = open("#s=r:does-not-exist,f:10");
        assert_eq!(state.run_id, "does-not-exist");
        assert_eq!(state.link.run, Some(RunNotice::NotInData("does-not-exist".into())));
        assert!(state.outcome.run.is_none() && state.outcome.sizing.is_err());
        assert_eq!(state.value(Field::Floor), 10.0);
        // Data that grew (the arena with the second module) looks the id up again: still missing.
        let state = reduce(state, Action::DataGrown);
        assert_eq!(
            (state.run_id.as_str(), &state.link.run),
            ("does-not-exist", &Some(RunNotice::NotInData("does-not-exist".into())))
        );
        assert!(state.link.held, "the browser's doing: the address stays held");
        let state = reduce(state, Action::SetRun(DEFAULT_RUN.into()));
        assert_eq!((state.run_id.as_str(), state.link.run.as_ref()), (DEFAULT_RUN, None));

        let old = "gpuwerk-qwen3-coder-30b-a3b-awq-vllm-0.27.1-single-128-512";
        let state = open(&["#s=r:", old].concat());
        assert_eq!(state.run_id, DEFAULT_RUN);
        assert!(matches!(&state.link.run, Some(RunNotice::Alias { old: o, .. }) if o == old));

        // An imported run's id waits for this browser's remembered runs, then is chosen or missing.
        let state = open("#s=r:yours-1,f:10");
        assert_eq!(state.link.run, Some(RunNotice::Waiting("yours-1".into())));
        let restored = crate::import::imported::Restored::default();
        let after = reduce(state, Action::Imported(ImportAction::Restore(Rc::new(restored))));
        assert_eq!(after.link.run, Some(RunNotice::ImportedElsewhere("yours-1".into())));
        assert!(after.outcome.sizing.is_err());
    }

    #[test]
    fn the_load_sections_keys_round_trip_and_old_links_keep_its_defaults() {
        use crate::simulation::load_prediction::fragment;
        use crate::simulation::load_prediction::section::read;
        use sizer_data::prediction::PageLoadInput;
        let input = PageLoadInput {
            rate_per_s: 1.36,
            burstiness: 1.0,
            prompt_tokens: 2_000.0,
            answer_tokens: 300.0,
            target_s: 2.0,
        };
        let keys = fragment::encode(&input);
        let state = open(&["#s=r:lmsys-llama-3.1-8b-fp8-sglang,l:de,f:10", &keys, ",sd:3"].concat());
        assert!(state.link.bad_parts.is_empty(), "{:?}", state.link.bad_parts);
        assert_eq!((state.load_keys.as_str(), state.sim_seed), (keys.as_str(), 3));
        assert_eq!(read(Lang::De, &fragment::texts(Lang::De, &state.load_keys)), input);
        // A bad value stays in the keys (the section refuses it in its input); the rest opens.
        let state = open("#s=f:12,lr:-1,lq:9");
        assert_eq!(state.load_keys, ",lr:-1");
        assert_eq!(state.link.bad_parts, [crate::sizing::fragment::BadPart::new("lq", "9")]);
        assert_eq!(state.value(Field::Floor), 12.0);
        // An old link: no keys, the section's defaults; a person's input is kept until the next link.
        let state = open("#s=f:12");
        assert_eq!(state.load_keys, "");
        let state = reduce(state, Action::SetLoadKeys(",lr:2".into()));
        assert_eq!(state.load_keys, ",lr:2");
        assert!(!state.link.held, "an input of the section is the person's change");
        assert_eq!(read(Lang::En, &fragment::texts(Lang::En, &state.load_keys)).rate_per_s, 2.0);
    }
}
