//! Notices a feature meets and `i18n` says: the link's run (`sizing::link` reads it,
//! `i18n::links` says it) and the device's storage (`import::imported` meets it, `i18n::import`
//! says it). Here so that `i18n` depends on no other room.

use sizer_data::AliasKind;

/// What the link's run id led to, when it is not simply the run shown.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RunNotice {
    /// Neither a run of this version's data nor a retired id: nothing is sized.
    NotInData(String),
    /// An imported run's id (`yours-<n>`), not on this device, and the link carries no curve.
    ImportedElsewhere(String),
    /// An imported run's id, waiting for this device's remembered runs to be read.
    Waiting(String),
    /// A run id not in the data the page has so far, waiting for the rest of it (the second
    /// wasm module brings the arena's runs); `by_page`: the page's `data-run` named it, not
    /// a link. Nothing is sized meanwhile.
    Loading { id: String, by_page: bool },
    /// The page's `data-run` names a run that is not in the whole data.
    PageRunNotInData(String),
    /// A retired id: the run that stands for it is shown.
    Alias { old: String, new: String, kind: AliasKind },
    /// A retired id in the page's `data-run` attribute: the run that stands for it is shown.
    Configured { old: String, new: String, kind: AliasKind },
}

impl RunNotice {
    /// True when the link's run is not shown at all (the picker marks itself invalid).
    pub fn is_error(&self) -> bool {
        matches!(self, RunNotice::NotInData(_) | RunNotice::ImportedElsewhere(_) | RunNotice::PageRunNotInData(_))
    }
}

/// Why the runs could not be kept on, or read from, this device.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StorageNotice {
    /// The stored value is not ours or is damaged; it was ignored (and is left untouched).
    Unreadable,
    /// The runs are too large to keep (bytes, limit); nothing was written.
    TooLarge { bytes: usize, limit: usize },
    /// `localStorage` is unavailable (private mode, blocked, full).
    Unavailable,
}
