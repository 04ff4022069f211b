//! Everything a fresh machine lacks, installed on demand: the wasm32 target, the wasm-bindgen CLI
//! at exactly Cargo.lock's version, and wasm-opt (npm's binaryen; optional).
use crate::cmd::{self, cargo, stdout_of};
use crate::error::{TaskError, TaskResult};
use crate::paths::tool_cache;
use std::path::{Path, PathBuf};
use std::process::Command;

pub const WASM_TARGET: &str = "wasm32-unknown-unknown";

/// The binaryen release whose wasm-opt handles what rustc and wasm-bindgen emit (Debian's 108 does not).
const BINARYEN_NPM: &str = "binaryen@132";
/// The oldest wasm-opt found on PATH that we trust with rustc's default wasm features.
const MIN_WASM_OPT_VERSION: u32 = 117;

/// Adds the wasm32 target through rustup when it is not installed yet.
pub fn ensure_wasm_target() -> TaskResult {
    let installed = stdout_of(Command::new("rustup").args(["target", "list", "--installed"]));
    match installed {
        Some(list) if list.lines().any(|line| line.trim() == WASM_TARGET) => Ok(()),
        Some(_) => cmd::run(Command::new("rustup").args(["target", "add", WASM_TARGET])),
        None => {
            // No rustup: accept a toolchain that ships the target's standard library.
            let sysroot = stdout_of(Command::new("rustc").args(["--print", "sysroot"]))
                .ok_or_else(|| TaskError::Message("neither rustup nor rustc found".into()))?;
            let lib = Path::new(sysroot.trim()).join("lib/rustlib").join(WASM_TARGET);
            if lib.is_dir() {
                Ok(())
            } else {
                Err(TaskError::Message(format!(
                    "the {WASM_TARGET} target is missing and rustup is not available to add it"
                )))
            }
        }
    }
}

/// Adds rustfmt and clippy through rustup when the toolchain lacks them (a `minimal` profile
/// has neither); the gates of `cargo xtask test` run both.
pub fn ensure_lint_components() -> TaskResult {
    let installed = stdout_of(Command::new("rustup").args(["component", "list", "--installed"]));
    let Some(list) = installed else {
        // No rustup: the gates report a missing cargo-fmt or cargo-clippy themselves.
        return Ok(());
    };
    let missing: Vec<&str> =
        ["rustfmt", "clippy"].into_iter().filter(|c| !list.lines().any(|l| l.starts_with(&format!("{c}-")))).collect();
    if missing.is_empty() { Ok(()) } else { cmd::run(Command::new("rustup").args(["component", "add"]).args(&missing)) }
}

/// The `wasm-bindgen` version pinned in Cargo.lock (the CLI must match it exactly).
pub fn locked_wasm_bindgen_version(root: &Path) -> TaskResult<String> {
    let lock_path = root.join("Cargo.lock");
    let lock = std::fs::read_to_string(&lock_path).map_err(TaskError::io(&lock_path))?;
    version_in_lock(&lock, "wasm-bindgen")
        .ok_or_else(|| TaskError::Message(format!("no `wasm-bindgen` package in {}", lock_path.display())))
}

/// Finds `version = "…"` of the `[[package]]` named `name` in a Cargo.lock text.
fn version_in_lock(lock: &str, name: &str) -> Option<String> {
    let wanted = format!("name = \"{name}\"");
    let mut lines = lock.lines();
    while let Some(line) = lines.next() {
        if line.trim() == wanted {
            let version_line = lines.next()?.trim();
            let version = version_line.strip_prefix("version = \"")?.strip_suffix('"')?;
            return Some(version.to_string());
        }
    }
    None
}

/// The directory holding `wasm-bindgen` and `wasm-bindgen-test-runner` at `version`:
/// PATH's when it matches, else our cache (installed there with `cargo install` when missing,
/// so a user's own global wasm-bindgen is never replaced).
pub fn ensure_wasm_bindgen(version: &str) -> TaskResult<PathBuf> {
    let cached_root = tool_cache().join(format!("wasm-bindgen-{version}"));
    let cached_bin = cached_root.join("bin");
    let mut candidates = vec![cached_bin.clone()];
    if let Some(path_bin) = bin_dir_on_path("wasm-bindgen") {
        candidates.insert(0, path_bin);
    }
    for dir in candidates {
        if reports_version(&dir.join("wasm-bindgen"), version) && dir.join("wasm-bindgen-test-runner").is_file() {
            return Ok(dir);
        }
    }
    eprintln!("xtask: installing wasm-bindgen-cli {version} into {} (about 2 minutes, once)", cached_root.display());
    cmd::run(cargo().args(["install", "wasm-bindgen-cli", "--version", version, "--root"]).arg(&cached_root))?;
    if reports_version(&cached_bin.join("wasm-bindgen"), version) {
        Ok(cached_bin)
    } else {
        Err(TaskError::Message(format!("wasm-bindgen {version} still not runnable from {}", cached_bin.display())))
    }
}

/// True when `program --version` prints `wasm-bindgen <version>`.
fn reports_version(program: &Path, version: &str) -> bool {
    stdout_of(Command::new(program).arg("--version")).is_some_and(|out| out.split_whitespace().nth(1) == Some(version))
}

/// The PATH directory that holds `program`, if any.
fn bin_dir_on_path(program: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path).find(|dir| dir.join(program).is_file())
}

/// A wasm-opt that can read wasm-bindgen's output, installing npm's binaryen into the tool cache
/// when npm is available. `None` (with a message) when there is no suitable one.
pub fn find_wasm_opt() -> Option<PathBuf> {
    let npm_prefix = tool_cache().join("npm");
    let npm_wasm_opt = npm_prefix.join("node_modules/.bin/wasm-opt");
    if wasm_opt_version(&npm_wasm_opt).is_some() {
        return Some(npm_wasm_opt);
    }
    if stdout_of(Command::new("npm").arg("--version")).is_some() {
        let installed = cmd::run(
            Command::new("npm")
                .args(["install", "--no-audit", "--no-fund", "--prefix"])
                .arg(&npm_prefix)
                .arg(BINARYEN_NPM),
        );
        match installed {
            Ok(()) if wasm_opt_version(&npm_wasm_opt).is_some() => return Some(npm_wasm_opt),
            Ok(()) => eprintln!("xtask: npm installed {BINARYEN_NPM} but its wasm-opt does not run"),
            Err(e) => eprintln!("xtask: could not install {BINARYEN_NPM} with npm: {e}"),
        }
    }
    if let Some(dir) = bin_dir_on_path("wasm-opt") {
        let path_wasm_opt = dir.join("wasm-opt");
        match wasm_opt_version(&path_wasm_opt) {
            Some(v) if v >= MIN_WASM_OPT_VERSION => return Some(path_wasm_opt),
            Some(v) => eprintln!(
                "xtask: ignoring {} (binaryen {v} cannot read rustc's wasm features; need >= {MIN_WASM_OPT_VERSION})",
                path_wasm_opt.display()
            ),
            None => {}
        }
    }
    eprintln!(
        "xtask: wasm-opt not available (install npm, or binaryen >= {MIN_WASM_OPT_VERSION}); shipping the wasm without wasm-opt"
    );
    None
}

/// The binaryen release number `wasm-opt --version` reports (`wasm-opt version 132 (…)`).
fn wasm_opt_version(program: &Path) -> Option<u32> {
    if !program.is_file() {
        return None;
    }
    let out = stdout_of(Command::new(program).arg("--version"))?;
    out.split_whitespace().skip_while(|w| *w != "version").nth(1)?.parse().ok()
}

/// `chromedriver` for the browser tests, with the fix when it is missing.
pub fn chromedriver() -> TaskResult<PathBuf> {
    if let Some(path) = std::env::var_os("CHROMEDRIVER").filter(|p| !p.is_empty()) {
        return Ok(PathBuf::from(path));
    }
    bin_dir_on_path("chromedriver").map(|dir| dir.join("chromedriver")).ok_or_else(|| {
        TaskError::Message(
            "chromedriver not found: install Debian's `chromium` and `chromium-driver` \
             (`.ci/run` does it with apt-get) or set CHROMEDRIVER"
                .into(),
        )
    })
}

#[cfg(test)]
mod tests {
    use super::version_in_lock;

    const LOCK: &str = r#"
[[package]]
name = "wasm-bindgen"
version = "0.2.130"
source = "registry+https://github.com/rust-lang/crates.io-index"

[[package]]
name = "wasm-bindgen-backend"
version = "0.2.99"
"#;

    #[test]
    fn reads_the_exact_package_version_not_a_prefix_match() {
        assert_eq!(version_in_lock(LOCK, "wasm-bindgen").as_deref(), Some("0.2.130"));
        assert_eq!(version_in_lock(LOCK, "wasm-bindgen-backend").as_deref(), Some("0.2.99"));
        assert_eq!(version_in_lock(LOCK, "wasm-bindgen-cli"), None);
    }
}
