//! The runs a person imported from their own benchmark output ("yours").
//!
//! [`ImportedRuns`] is plain state (no web-sys): add, rename, remove, ids `yours-<n>` that are
//! never reused while the list lives. It is kept on this device only when the person opts in:
//! [`ImportedRuns::to_storage`] / [`parse_storage`] are the stored form (JSON, version-tagged,
//! at most [`MAX_STORED_BYTES`]), and the `device` functions (wasm only) read and write
//! `localStorage`. A corrupt or foreign stored value is never trusted: it is reported and left
//! alone until the person opts in again (which overwrites it).
//!
//! Imported runs reach the address bar only when the person asks: the chosen curve goes there
//! as points with its name (`share_link.rs`, through `sizer_import`'s codec). "Copy link" always
//! carries it for an imported run (see `share_link::copy_link`).

use std::rc::Rc;

use serde::{Deserialize, Serialize};
use sizer_data::{Run, RunOrigin, YourSetup, dataset};
use sizer_import::clean_label;

use crate::sizing::run_ref::RunRef;

pub use crate::i18n::notices::StorageNotice;

/// The `localStorage` key. The version in the name and in the value lets a later format move on.
pub const STORAGE_KEY: &str = "spark-sizer.yours.v1";

/// The stored form's version.
pub const STORAGE_VERSION: u32 = 1;

/// The most bytes kept in `localStorage` (256 kB: some 200 typical imported runs; browsers
/// allow about 5 MB per origin, shared with the host page).
pub const MAX_STORED_BYTES: usize = 256 * 1024;

/// The most imported runs kept at once (one import can add many: a sweep per model and
/// prompt length). Beyond it, an import is refused with a message.
pub const MAX_IMPORTED_RUNS: usize = 100;

/// The id prefix of imported runs.
pub const ID_PREFIX: &str = "yours-";

impl RunRef {
    /// The run with this id: the dataset first, then the imported runs.
    pub fn find(imported: &ImportedRuns, id: &str) -> Option<RunRef> {
        match dataset().run(id) {
            Some(run) => Some(RunRef::Sourced(run)),
            None => imported.get(id).cloned().map(RunRef::Yours),
        }
    }
}

/// Runs read back from this device.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Restored {
    /// The runs, validated.
    pub runs: Vec<Run>,
    /// The `n` the next id would get.
    pub next: u32,
    /// Whether the person had opted in (a readable value was stored).
    pub remember: bool,
    /// What went wrong reading, if anything.
    pub notice: Option<StorageNotice>,
}

/// Why an import could not be added.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AddError {
    /// More than [`MAX_IMPORTED_RUNS`] would be listed.
    TooMany { limit: usize },
}

/// The imported runs of one widget instance.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ImportedRuns {
    runs: Vec<Rc<Run>>,
    next: u32,
    /// Keep the runs on this device (`localStorage`), opted in by the person.
    pub remember: bool,
    /// Put the chosen imported curve into the share link (as points), opted in by the person.
    pub share: bool,
    /// Whether the device's stored runs were looked at yet (nothing is written before that).
    pub restored: bool,
    /// A problem with the stored runs, shown in the panel.
    pub notice: Option<StorageNotice>,
}

impl ImportedRuns {
    /// The runs, in the order they were imported.
    pub fn runs(&self) -> &[Rc<Run>] {
        &self.runs
    }

    /// The run with this id.
    pub fn get(&self, id: &str) -> Option<&Rc<Run>> {
        self.runs.iter().find(|run| run.id == id)
    }

    /// How many runs are listed.
    pub fn len(&self) -> usize {
        self.runs.len()
    }

    /// Whether no run is listed.
    pub fn is_empty(&self) -> bool {
        self.runs.is_empty()
    }

    /// Whether `count` more runs fit under [`MAX_IMPORTED_RUNS`].
    pub fn check_room(&self, count: usize) -> Result<(), AddError> {
        if self.runs.len().saturating_add(count) > MAX_IMPORTED_RUNS {
            return Err(AddError::TooMany { limit: MAX_IMPORTED_RUNS });
        }
        Ok(())
    }

    /// Adds runs from one import, giving each the id `yours-<n>` and origin `Yours`; returns
    /// the new ids in order. Refused as a whole when the list would grow past the limit.
    pub fn add(&mut self, runs: &[Rc<Run>]) -> Result<Vec<String>, AddError> {
        self.check_room(runs.len())?;
        let mut ids = Vec::with_capacity(runs.len());
        for run in runs {
            let mut run = Run::clone(run);
            self.next = self.next.max(1);
            run.id = format!("{ID_PREFIX}{}", self.next);
            self.next = self.next.saturating_add(1);
            run.origin = RunOrigin::Yours;
            ids.push(run.id.clone());
            self.runs.push(Rc::new(run));
        }
        Ok(ids)
    }

    /// Renames a run; the name is cleaned like any label (plain text, capped). An empty name
    /// is ignored. Returns whether a run changed.
    pub fn rename(&mut self, id: &str, name: &str) -> bool {
        let (label, _) = clean_label(name);
        if label.is_empty() {
            return false;
        }
        let Some(slot) = self.runs.iter_mut().find(|run| run.id == id) else {
            return false;
        };
        if slot.label == label {
            return false;
        }
        let mut run = Run::clone(slot);
        run.label = label;
        *slot = Rc::new(run);
        true
    }

    /// Gives a run the setup a person stated (hardware, systems, GPUs, KV pool, prefill rate,
    /// maximum context); a setup the dataset's validation refuses is ignored. Returns whether a
    /// run changed.
    pub fn set_setup(&mut self, id: &str, setup: YourSetup) -> bool {
        let Some(slot) = self.runs.iter_mut().find(|run| run.id == id) else {
            return false;
        };
        if slot.setup.as_ref() == Some(&setup) {
            return false;
        }
        let run = Run::clone(slot).with_setup(setup);
        if run.validate().is_err() {
            return false;
        }
        *slot = Rc::new(run);
        true
    }

    /// Removes a run; returns whether it was listed.
    pub fn remove(&mut self, id: &str) -> bool {
        let before = self.runs.len();
        self.runs.retain(|run| run.id != id);
        self.runs.len() != before
    }

    /// Takes in what was read from the device: the stored runs come first, runs imported
    /// meanwhile (before the read finished) keep theirs and get fresh ids after them.
    pub fn restore(&mut self, restored: Restored) {
        let meanwhile = std::mem::take(&mut self.runs);
        self.runs = restored.runs.into_iter().filter(|run| is_imported_id(&run.id)).map(Rc::new).collect();
        self.runs.truncate(MAX_IMPORTED_RUNS);
        let highest = self.runs.iter().filter_map(|run| id_number(&run.id)).max().unwrap_or(0);
        self.next = restored.next.max(highest.saturating_add(1)).max(1);
        let room = MAX_IMPORTED_RUNS.saturating_sub(self.runs.len());
        let meanwhile: Vec<Rc<Run>> = meanwhile.into_iter().take(room).collect();
        // Cannot fail: the list was cut to the room left.
        let _ = self.add(&meanwhile);
        self.remember = self.remember || restored.remember;
        self.notice = restored.notice;
        self.restored = true;
    }

    /// Whether a run imported as a whole suite, or predicted from a model's architecture, is
    /// listed (such runs are not stored).
    pub fn has_suite_run(&self) -> bool {
        self.runs.iter().any(|run| !is_kept_alone(run))
    }

    /// The stored form: `{"version":1,"next":n,"runs":[...]}`, refused over [`MAX_STORED_BYTES`];
    /// runs imported as a whole suite are left out.
    pub fn to_storage(&self) -> Result<String, StorageNotice> {
        // A run imported as a whole suite is not kept: the stored form holds one curve per run
        // (its further workloads and measured load would not come back), and the panel says so.
        // Nor is a run predicted from an architecture: its engine would not come back either.
        let runs = self.runs.iter().filter(|run| is_kept_alone(run)).map(Rc::as_ref).collect();
        let stored = StoredRef { version: STORAGE_VERSION, next: self.next, runs };
        let text = serde_json::to_string(&stored).map_err(|_| StorageNotice::Unavailable)?;
        if text.len() > MAX_STORED_BYTES {
            return Err(StorageNotice::TooLarge { bytes: text.len(), limit: MAX_STORED_BYTES });
        }
        Ok(text)
    }
}

/// Whether the stored form keeps all of `run`: one curve, no engine from an architecture.
fn is_kept_alone(run: &Run) -> bool {
    run.further_workloads.is_empty() && sizer_data::architecture::as_run::architecture_of(run).is_none()
}

/// The stored form, written.
#[derive(Serialize)]
struct StoredRef<'a> {
    version: u32,
    next: u32,
    runs: Vec<&'a Run>,
}

/// The stored form, read: runs stay raw JSON until each is validated.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Stored {
    version: u32,
    next: u32,
    runs: Vec<serde_json::Value>,
}

/// Reads a stored value. Anything that is not exactly our form (too large, not JSON, another
/// version, a run that fails the dataset's validation, is not `Yours`, has a foreign id or no
/// curve) makes the whole value unreadable: it is not half trusted.
pub fn parse_storage(text: &str) -> Result<Restored, StorageNotice> {
    if text.len() > MAX_STORED_BYTES {
        return Err(StorageNotice::Unreadable);
    }
    let stored: Stored = serde_json::from_str(text).map_err(|_| StorageNotice::Unreadable)?;
    if stored.version != STORAGE_VERSION || stored.runs.len() > MAX_IMPORTED_RUNS {
        return Err(StorageNotice::Unreadable);
    }
    let mut runs: Vec<Run> = Vec::with_capacity(stored.runs.len());
    for value in stored.runs {
        let run: Run = serde_json::from_value(value).map_err(|_| StorageNotice::Unreadable)?;
        let unique = !runs.iter().any(|other| other.id == run.id);
        if run.origin != RunOrigin::Yours
            || !is_imported_id(&run.id)
            || !unique
            || run.validate().is_err()
            || run.curve().is_err()
        {
            return Err(StorageNotice::Unreadable);
        }
        runs.push(run);
    }
    Ok(Restored { runs, next: stored.next, remember: true, notice: None })
}

/// Whether `id` has the form `yours-<n>`.
pub fn is_imported_id(id: &str) -> bool {
    id_number(id).is_some()
}

fn id_number(id: &str) -> Option<u32> {
    let digits = id.strip_prefix(ID_PREFIX)?;
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    digits.parse().ok()
}

/// The key of the shared curve in the `#s=` fragment (see `share_link.rs`, which also carries
/// its name).
pub const FRAGMENT_KEY: &str = crate::share_link::POINTS_KEY;

/// The shared curve in a `#s=` fragment, as a run, when there is one; a malformed one is
/// `None` here (`share_link::shared_run` says which part was refused).
pub fn shared_run_in_fragment(fragment: &str) -> Option<Run> {
    crate::share_link::shared_run(fragment)?.ok()
}

/// Reading and writing `localStorage` (browser only).
#[cfg(target_arch = "wasm32")]
pub mod device {
    use super::{ImportedRuns, Restored, STORAGE_KEY, StorageNotice, parse_storage};

    fn storage() -> Option<web_sys::Storage> {
        web_sys::window()?.local_storage().ok().flatten()
    }

    /// What this device holds: nothing (not opted in), the runs, or a notice.
    pub fn load() -> Restored {
        let Some(storage) = storage() else {
            return Restored::default();
        };
        match storage.get_item(STORAGE_KEY) {
            Ok(None) => Restored::default(),
            Ok(Some(text)) => {
                parse_storage(&text).unwrap_or_else(|notice| Restored { notice: Some(notice), ..Restored::default() })
            }
            Err(_) => Restored { notice: Some(StorageNotice::Unavailable), ..Restored::default() },
        }
    }

    /// Writes the runs when the person opted in, removes them when not.
    pub fn save(imported: &ImportedRuns) -> Result<(), StorageNotice> {
        let storage = storage().ok_or(StorageNotice::Unavailable)?;
        if !imported.remember {
            return storage.remove_item(STORAGE_KEY).map_err(|_| StorageNotice::Unavailable);
        }
        let text = imported.to_storage()?;
        storage.set_item(STORAGE_KEY, &text).map_err(|_| StorageNotice::Unavailable)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(label: &str) -> Rc<Run> {
        let import = sizer_import::import("concurrency,tok/s\n1,50\n8,20\n", label).expect("two-column paste imports");
        let runs = import.to_runs().expect("complete");
        Rc::new(runs.into_iter().next().expect("one run"))
    }

    #[test]
    fn ids_count_up_and_are_not_reused() {
        let mut imported = ImportedRuns::default();
        assert_eq!(imported.add(&[run("a"), run("b")]), Ok(vec!["yours-1".to_owned(), "yours-2".to_owned()]));
        assert!(imported.remove("yours-2"));
        assert!(!imported.remove("yours-2"));
        assert_eq!(imported.add(&[run("c")]), Ok(vec!["yours-3".to_owned()]));
        assert_eq!(imported.len(), 2);
        assert_eq!(imported.get("yours-3").map(|r| r.origin), Some(RunOrigin::Yours));
    }

    #[test]
    fn rename_cleans_and_ignores_empty() {
        let mut imported = ImportedRuns::default();
        let _ = imported.add(&[run("a")]);
        assert!(imported.rename("yours-1", "  my\u{202E} <b>box</b>  "));
        assert_eq!(imported.get("yours-1").map(|r| r.label.as_str()), Some("my <b>box</b>"));
        assert!(!imported.rename("yours-1", "   "));
        assert!(!imported.rename("yours-9", "x"));
    }

    #[test]
    fn the_limit_refuses_the_whole_import() {
        let mut imported = ImportedRuns::default();
        let many: Vec<Rc<Run>> = (0..MAX_IMPORTED_RUNS).map(|_| run("a")).collect();
        assert!(imported.add(&many).is_ok());
        assert_eq!(imported.add(&[run("b")]), Err(AddError::TooMany { limit: MAX_IMPORTED_RUNS }));
        assert_eq!(imported.len(), MAX_IMPORTED_RUNS);
    }

    #[test]
    fn storage_round_trips_and_restores_before_runs_added_meanwhile() {
        let mut imported = ImportedRuns::default();
        let _ = imported.add(&[run("a"), run("b")]);
        let _ = imported.remove("yours-1");
        let text = imported.to_storage().expect("small");
        let restored = parse_storage(&text).expect("readable");
        assert_eq!(restored.next, 3);
        assert!(restored.remember);
        let mut fresh = ImportedRuns::default();
        let _ = fresh.add(&[run("meanwhile")]);
        fresh.restore(restored);
        let ids: Vec<&str> = fresh.runs().iter().map(|r| r.id.as_str()).collect();
        assert_eq!(ids, ["yours-2", "yours-3"]);
        assert!(fresh.restored && fresh.remember);
    }

    #[test]
    fn foreign_or_damaged_storage_is_unreadable() {
        for text in [
            "",
            "not json",
            "[]",
            r#"{"version":2,"next":1,"runs":[]}"#,
            r#"{"version":1,"next":1,"runs":[{"id":"x"}]}"#,
            r#"{"version":1,"next":1,"runs":[],"extra":true}"#,
        ] {
            assert_eq!(parse_storage(text), Err(StorageNotice::Unreadable), "{text}");
        }
        let mut imported = ImportedRuns::default();
        let _ = imported.add(&[run("a")]);
        let sourced = imported.to_storage().expect("small").replace("\"origin\":\"yours\"", "\"origin\":\"sourced\"");
        assert_eq!(parse_storage(&sourced), Err(StorageNotice::Unreadable));
        let foreign_id = imported.to_storage().expect("small").replace("yours-1", "gpuwerk-x");
        assert_eq!(parse_storage(&foreign_id), Err(StorageNotice::Unreadable));
    }

    #[test]
    fn too_large_is_not_stored() {
        let mut imported = ImportedRuns::default();
        let long = "x".repeat(70);
        let many: Vec<Rc<Run>> = (0..MAX_IMPORTED_RUNS).map(|_| run(&long)).collect();
        let _ = imported.add(&many);
        let mut big = Run::clone(&imported.runs()[0]);
        big.note = Some("n".repeat(MAX_STORED_BYTES));
        imported.runs[0] = Rc::new(big);
        assert!(matches!(imported.to_storage(), Err(StorageNotice::TooLarge { limit: MAX_STORED_BYTES, .. })));
    }
}
