//! A temporary directory for the Chromium processes a step starts, emptied when the step ends.
//!
//! The wasm-bindgen test runner stops chromedriver without closing its session, so each test
//! binary leaves a Chromium profile of about 64 MB in `$TMPDIR` (`org.chromium.Chromium.*`).
//! Twenty-four binaries per `cargo xtask test` filled a disk in a few dozen runs; pointing
//! `TMPDIR` here keeps those profiles inside the target dir and removes them afterwards.
use crate::error::{TaskError, TaskResult};
use crate::paths::target_dir;
use std::path::{Path, PathBuf};

/// `<target>/browser-scratch/<name>`, created empty, removed on drop.
pub struct BrowserScratch {
    dir: PathBuf,
}

impl BrowserScratch {
    /// Creates the directory empty (a folder left by a killed run is cleared first).
    pub fn new(root: &Path, name: &str) -> Result<BrowserScratch, TaskError> {
        let dir = target_dir(root).join("browser-scratch").join(name);
        remove(&dir)?;
        std::fs::create_dir_all(&dir).map_err(TaskError::io(&dir))?;
        Ok(BrowserScratch { dir })
    }

    /// The path to give as `TMPDIR` to the processes that start Chromium.
    pub fn path(&self) -> &Path {
        &self.dir
    }
}

impl Drop for BrowserScratch {
    fn drop(&mut self) {
        // Best effort: a profile still locked by a dying browser is cleared by the next run.
        let _ = remove(&self.dir);
    }
}

fn remove(dir: &Path) -> TaskResult {
    match std::fs::remove_dir_all(dir) {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
        Err(e) => Err(TaskError::io(dir)(e)),
    }
}
