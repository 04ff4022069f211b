//! The import's actions applied to the one reducer's state: the import panel changes the
//! state directly (the imported runs, the run shown, the panel), so this lives with the state
//! and not in `import/`, which would otherwise import the shell back.

use std::rc::Rc;

use sizer_data::SetupField;
use sizer_import::{Import, Outcome};

use super::SizerState;
use crate::import::imported::{AddError, Restored};
use crate::import::state::{ImportAction, ImportDone, ImportFailure, ImportPanelState, ImportReport, SetupAnswer};
use crate::sizing::calculation::DEFAULT_RUN;

impl SizerState {
    /// Applies an [`ImportAction`]; returns whether the sizing must be recomputed.
    pub fn apply_imported(&mut self, action: ImportAction) -> bool {
        let panel = &mut self.import_panel;
        match action {
            ImportAction::Add { runs, report } => match self.imported.add(&runs) {
                Ok(ids) => {
                    if let Some(ImportReport { format, warnings, suite }) = report {
                        let label = runs.first().map(|run| run.label.clone()).unwrap_or_default();
                        let unnamed = runs.first().and_then(|run| sizer_import::Unnamed::of(run));
                        let done = ImportDone { runs: ids.len(), format, label, unnamed, suite };
                        *panel = ImportPanelState {
                            done: Some(done),
                            warnings,
                            storage: panel.storage,
                            ..Default::default()
                        };
                    }
                    match ids.into_iter().next() {
                        Some(first) => {
                            self.run_id = first;
                            true
                        }
                        None => false,
                    }
                }
                Err(AddError::TooMany { limit }) => {
                    panel.busy = false;
                    panel.failure = Some(Rc::new(ImportFailure::TooMany(limit)));
                    false
                }
            },
            ImportAction::Select(id) => {
                let known = self.imported.get(&id).is_some();
                if known {
                    self.run_id = id;
                }
                known
            }
            ImportAction::Rename(id, name) => self.imported.rename(&id, &name) && self.run_id == id,
            ImportAction::SetSetup(id, answer) => {
                let Some(current) = self.imported.get(&id) else { return false };
                let setup = current.setup.clone().unwrap_or_default();
                let next = match answer {
                    SetupAnswer::Hardware(text) => SetupField::with_hardware(&setup, text),
                    SetupAnswer::Number(field, value) => field.with_value(&setup, value),
                };
                self.imported.set_setup(&id, next) && self.run_id == id
            }
            ImportAction::Remove(id) => {
                let was_in_use = self.imported.remove(&id) && self.run_id == id;
                if was_in_use {
                    self.run_id = DEFAULT_RUN.to_owned();
                }
                was_in_use
            }
            ImportAction::SetRemember(on) => {
                self.imported.remember = on;
                if on {
                    self.imported.notice = None;
                }
                false
            }
            ImportAction::SetShare(on) => {
                self.imported.share = on;
                false
            }
            ImportAction::Restore(restored) => {
                self.imported.restore(Restored::clone(&restored));
                false
            }
            ImportAction::AddShared(run) => {
                self.imported.share = true;
                let points = run.curve_points().ok().map(|(points, _)| points);
                let same =
                    self.imported.runs().iter().find(|other| other.curve_points().ok().map(|(p, _)| p) == points);
                if let Some(existing) = same {
                    self.run_id = existing.id.clone();
                    return true;
                }
                self.apply_imported(ImportAction::Add { runs: vec![run], report: None })
            }
            ImportAction::Busy => {
                panel.busy = true;
                panel.failure = None;
                panel.done = None;
                false
            }
            ImportAction::Drag(on) => {
                panel.drag = on;
                false
            }
            ImportAction::Failed(failure) => {
                panel.busy = false;
                panel.failure = Some(Rc::new(failure));
                false
            }
            ImportAction::Pending(import) => {
                let missing = missing_count(&import);
                *panel = ImportPanelState {
                    pending: Some(import),
                    typed: vec![String::new(); missing],
                    storage: panel.storage,
                    ..Default::default()
                };
                false
            }
            ImportAction::Typed(index, text) => {
                if let Some(slot) = panel.typed.get_mut(index) {
                    *slot = text;
                }
                false
            }
            ImportAction::Cancel => {
                panel.pending = None;
                panel.typed.clear();
                panel.failure = None;
                panel.warnings = Rc::default();
                false
            }
            ImportAction::Stored(notice) => {
                panel.storage = notice;
                false
            }
        }
    }
}

/// How many points of `import` still lack a concurrency.
fn missing_count(import: &Import) -> usize {
    match import.outcome() {
        Outcome::Ready => 0,
        Outcome::NeedsConcurrency(missing) => missing.len(),
    }
}

/// `fragment` (from `fragment::encode`) with the chosen imported run's name and curve appended,
/// when the person asked for it; otherwise unchanged. The curve is the run as sized: a run of
/// several workloads goes in as the workload its sizing uses.
pub fn fragment_with_shared(fragment: String, state: &SizerState) -> String {
    if !state.imported.share {
        return fragment;
    }
    match state.imported.get(&state.run_id) {
        Some(run) => {
            // The workload the sizing uses (`Calculation::for_run` on the same scenario).
            let (sized, _) = sizer_data::sized_own_run(run, &state.scenario());
            crate::share_link::with_curve(fragment.clone(), &sized).unwrap_or(fragment)
        }
        None => fragment,
    }
}

#[cfg(test)]
mod tests {
    use std::rc::Rc;

    use sizer_data::{Run, YourSetup};
    use sizer_import::Format;

    use super::*;
    use crate::import::imported::shared_run_in_fragment;

    fn run(label: &str) -> Rc<Run> {
        let import = sizer_import::import("concurrency,tok/s\n1,50\n8,20\n", label).expect("two-column paste imports");
        Rc::new(import.to_runs().expect("complete").into_iter().next().expect("one run"))
    }

    #[test]
    fn an_import_past_the_limit_fails_in_the_panel_and_lists_nothing() {
        let mut state = SizerState::new(&crate::shell::config::Config::default());
        let many: Vec<Rc<Run>> = (0..crate::import::imported::MAX_IMPORTED_RUNS).map(|_| run("a")).collect();
        assert!(state.apply_imported(ImportAction::Add { runs: many, report: None }));
        state.apply_imported(ImportAction::Busy);
        let report = ImportReport { format: Format::Csv, warnings: Rc::default(), suite: None };
        assert!(!state.apply_imported(ImportAction::Add { runs: vec![run("b")], report: Some(report) }));
        assert_eq!(
            state.import_panel.failure.as_deref(),
            Some(&ImportFailure::TooMany(crate::import::imported::MAX_IMPORTED_RUNS))
        );
        assert!(!state.import_panel.busy);
        assert_eq!(state.imported.len(), crate::import::imported::MAX_IMPORTED_RUNS);
    }

    /// An arena folder's files as the browser reads them, sorted by name.
    fn arena_folder(folder: &str) -> Vec<(String, Vec<u8>)> {
        let dir = format!("{}/../../tests/fixtures/arena/{folder}", env!("CARGO_MANIFEST_DIR"));
        let mut files: Vec<(String, Vec<u8>)> = std::fs::read_dir(&dir)
            .expect("the arena fixtures")
            .map(|entry| {
                let path = entry.expect("an entry").path();
                let name = path.file_name().and_then(|n| n.to_str()).expect("a name").to_owned();
                (name, std::fs::read(&path).expect("readable"))
            })
            .collect();
        files.sort();
        files
    }

    #[test]
    fn an_arena_folder_at_once_is_one_run_with_its_load_sized_on_the_nearest_workload() {
        let files = arena_folder("qwen-3.6/qwen-3.6-35b-a3b/fp8");
        let action = crate::import::panel::suite_action(&files, "").expect("one suite");
        let mut state = SizerState::new(&crate::shell::config::Config::default());
        assert!(state.apply_imported(action));
        assert_eq!((state.run_id.as_str(), state.imported.len()), ("yours-1", 1));
        let report = state.import_panel.done.clone().and_then(|done| done.suite).expect("a suite's status");
        let suite = report.get().expect("a suite");
        // 24 files: 01 to 06 (nine workloads, 05 holds four), 07 to 10 with their reports, six
        // sweep steps, the sweep's summary (JSON and markdown), meta.json and _sanity.txt.
        assert_eq!((suite.files, suite.workloads, suite.load_steps, suite.refused.len()), (24, 9, 10, 0));
        let load = suite.load.as_ref().expect("its measured load");
        assert_eq!((load.sweep.len(), load.tests.len()), (6, 4));
        let prefix = "ss";
        let done = state.import_panel.done.clone().expect("done");
        crate::import::suites::remember(prefix, &done, &state.imported, &state.run_id);
        let found = crate::import::suites::load(prefix, "yours-1").expect("found again by the run's id");
        assert!(Rc::ptr_eq(&found, load));
        assert!(crate::import::suites::load("other", "yours-1").is_none(), "another instance's runs are its own");
        // 8,000-token prompts: the RAG workload (02-rag-8k.md, `tg512 (c10) | ... | 12.52 ± 1.52`).
        let run = crate::sizing::run_ref::RunRef::find(&state.imported, "yours-1").expect("listed");
        let rag = sizer_core::Scenario { prompt_tokens: 8000.0, answer_tokens: 500.0, ..sizer_core::Scenario::chat() };
        let outcome = crate::sizing::calculation::Calculation::for_run(run, rag);
        assert_eq!(outcome.workload.map(|c| (c.index, c.of)), Some((1, 9)));
        let at_ten = outcome.run.as_ref().and_then(|r| r.point(10)).and_then(|p| p.per_request_tok_s);
        assert_eq!(at_ten.map(|f| f.value), Some(12.52));
        // The link carries the workload the sizing uses: at 8,000-token prompts the RAG
        // workload's `tg512` rows (c5 19.63, c10 12.52, c20 8.97), not the chat curve.
        let state = crate::shell::state::tests::reduce(
            state,
            crate::shell::state::Action::SetText(crate::common::input::Field::PromptTokens, "8000".into()),
        );
        let mut state = state;
        state.apply_imported(ImportAction::SetShare(true));
        let plain = crate::sizing::fragment::encode(&state.run_id, state.lang, &state.scenario());
        let shared = fragment_with_shared(plain.clone(), &state);
        let received = shared_run_in_fragment(&["#", shared.as_str()].concat()).expect("a shared run");
        let points: Vec<(f64, f64)> = received.curve_points().map(|(p, _)| p).expect("a curve");
        assert_eq!(points, vec![(5.0, 19.63), (10.0, 12.52), (20.0, 8.97)]);
    }

    #[test]
    fn a_single_file_or_files_of_no_suite_import_as_before() {
        let files = arena_folder("qwen-3.6/qwen-3.6-35b-a3b/fp8");
        let chat: Vec<(String, Vec<u8>)> = files.iter().filter(|(n, _)| n == "01-chat.md").cloned().collect();
        assert!(crate::import::panel::suite_action(&chat, "").is_none());
        let csv = vec![
            ("a.csv".to_owned(), b"concurrency,tok/s\n1,50\n8,20\n".to_vec()),
            ("b.csv".to_owned(), b"concurrency,tok/s\n1,40\n8,18\n".to_vec()),
        ];
        assert!(crate::import::panel::suite_action(&csv, "").is_none());
    }

    #[test]
    fn a_reported_import_shows_what_it_added() {
        let mut state = SizerState::new(&crate::shell::config::Config::default());
        state.apply_imported(ImportAction::Busy);
        let report = ImportReport { format: Format::Csv, warnings: Rc::default(), suite: None };
        let mine = run("mine");
        assert!(state.apply_imported(ImportAction::Add { runs: vec![Rc::clone(&mine)], report: Some(report) }));
        let done = state.import_panel.done.clone().expect("done");
        assert_eq!((done.runs, done.label.as_str(), state.import_panel.busy), (1, mine.label.as_str(), false));
        assert_eq!(state.run_id, "yours-1");
    }

    #[test]
    fn a_shared_curve_travels_in_the_fragment_only_when_asked() {
        let mut state = SizerState::new(&crate::shell::config::Config::default());
        state.apply_imported(ImportAction::Add { runs: vec![run("a")], report: None });
        assert_eq!(state.run_id, "yours-1");
        let plain = crate::sizing::fragment::encode(&state.run_id, state.lang, &state.scenario());
        assert_eq!(fragment_with_shared(plain.clone(), &state), plain);
        state.apply_imported(ImportAction::SetShare(true));
        let shared = fragment_with_shared(plain.clone(), &state);
        assert_eq!(shared, [plain.as_str(), ",yn:a,y:1_50~8_20"].concat());
        assert_eq!(
            crate::sizing::fragment::decode(&shared).map(|f| f.scenario),
            crate::sizing::fragment::decode(&plain).map(|f| f.scenario)
        );
        let received = shared_run_in_fragment(&["#", shared.as_str()].concat()).expect("a shared run");
        assert_eq!(received.curve_points().map(|(p, _)| p), Ok(vec![(1.0, 50.0), (8.0, 20.0)]));
        assert!(shared_run_in_fragment(&[plain.as_str(), ",y:1_<b>"].concat()).is_none());
        // The setup travels with the curve once one is stated, and comes back.
        let setup =
            YourSetup { hardware: Some("Jetson Thor".into()), kv_pool_tokens: Some(40_960.0), ..YourSetup::default() };
        state.apply_imported(ImportAction::SetSetup(
            "yours-1".into(),
            crate::import::state::SetupAnswer::Hardware(setup.hardware.clone()),
        ));
        state.apply_imported(ImportAction::SetSetup(
            "yours-1".into(),
            crate::import::state::SetupAnswer::Number(sizer_data::SetupField::KvPoolTokens, Some(40_960.0)),
        ));
        let with_setup = fragment_with_shared(plain.clone(), &state);
        assert_eq!(with_setup, [plain.as_str(), ",yn:a,ym:hJetson%20Thor~k40960,y:1_50~8_20"].concat());
        let back = shared_run_in_fragment(&["#", with_setup.as_str()].concat()).expect("a shared run");
        assert_eq!((back.stated_hardware(), back.your_kv_pool_tokens()), (Some("Jetson Thor"), Some(40_960.0)));
        assert!(shared_run_in_fragment(&[shared.as_str(), ",ym:k-1"].concat()).is_none());
        // Opening the same link twice lists the curve once.
        state.apply_imported(ImportAction::AddShared(Rc::new(received.clone())));
        assert_eq!((state.imported.len(), state.run_id.as_str()), (1, "yours-1"));
        let mut fresh = SizerState::new(&crate::shell::config::Config::default());
        fresh.apply_imported(ImportAction::AddShared(Rc::new(received)));
        assert_eq!((fresh.imported.len(), fresh.run_id.as_str()), (1, "yours-1"));
    }
}
