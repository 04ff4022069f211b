//! Which of the widget's test targets run where: each file or folder under
//! `crates/sizer-widget/tests/` starts with `#![cfg(target_arch = "wasm32")]` (component tests,
//! in headless Chromium) or `#![cfg(not(target_arch = "wasm32"))]` (server-side rendering,
//! natively). Each step names only its own targets, so neither links and runs the other's empty
//! binaries (a debug wasm link and its wasm-bindgen pass cost seconds each), nor the library's
//! unit tests where it has none: the library's tests are native only.
use crate::error::{TaskError, TaskResult};
use std::path::Path;

/// The first line of a browser test target.
const BROWSER: &str = "#![cfg(target_arch = \"wasm32\")]";
/// The first line of a server-side rendering test target.
const NATIVE: &str = "#![cfg(not(target_arch = \"wasm32\"))]";

/// Where a test target runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Runs {
    Browser,
    Native,
}

/// The widget's test targets (cargo's names: `browser_team`, `share_links`) that run `runs`,
/// sorted.
///
/// # Errors
/// A target whose inner `cfg` attribute says neither: it would run in no step.
pub fn targets(root: &Path, runs: Runs) -> TaskResult<Vec<String>> {
    let dir = root.join("crates/sizer-widget/tests");
    let mut found = Vec::new();
    for entry in std::fs::read_dir(&dir).map_err(TaskError::io(&dir))? {
        let path = entry.map_err(TaskError::io(&dir))?.path();
        let (name, main) = match path.extension().and_then(|e| e.to_str()) {
            Some("rs") => (path.file_stem(), path.clone()),
            _ if path.join("main.rs").is_file() => (path.file_name(), path.join("main.rs")),
            _ => continue,
        };
        let Some(name) = name.and_then(|n| n.to_str()).map(str::to_owned) else { continue };
        let text = std::fs::read_to_string(&main).map_err(TaskError::io(&main))?;
        let target = match text.lines().find(|line| line.starts_with("#![cfg(")) {
            Some(line) if line.trim() == BROWSER => Runs::Browser,
            Some(line) if line.trim() == NATIVE => Runs::Native,
            _ => {
                return Err(TaskError::Message(format!(
                    "{}: a widget test target starts with {BROWSER} or {NATIVE}, or no step runs it",
                    main.display()
                )));
            }
        };
        if target == runs {
            found.push(name);
        }
    }
    found.sort();
    Ok(found)
}

/// `--test <name>` for each of `targets`.
pub fn test_args(targets: &[String]) -> Vec<String> {
    targets.iter().flat_map(|name| ["--test".to_owned(), name.clone()]).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::paths::workspace_root;

    #[test]
    fn every_widget_test_target_runs_in_exactly_one_step() {
        let root = workspace_root();
        let browser = targets(&root, Runs::Browser).expect("browser targets");
        let native = targets(&root, Runs::Native).expect("native targets");
        assert_eq!(
            browser,
            ["browser_import", "browser_layout", "browser_sizing", "browser_tables", "browser_team", "share_links"]
        );
        assert_eq!(native, ["native"]);
        assert_eq!(test_args(&native), ["--test", "native"]);
    }
}
