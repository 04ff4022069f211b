//! Where things live: the workspace, its target dir, the tool cache, `dist/`.
use std::path::{Path, PathBuf};

/// The repository root (this crate lives in `crates/xtask`).
pub fn workspace_root() -> PathBuf {
    let manifest_dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    manifest_dir.ancestors().nth(2).unwrap_or(manifest_dir).to_path_buf()
}

/// Cargo's target dir: `$CARGO_TARGET_DIR` when set, else `<root>/target` (kept between runs,
/// so every build is incremental).
pub fn target_dir(root: &Path) -> PathBuf {
    match std::env::var_os("CARGO_TARGET_DIR") {
        Some(dir) if !dir.is_empty() => root.join(dir),
        _ => root.join("target"),
    }
}

/// The tools xtask installs itself (wasm-bindgen, binaryen) live here, outside the repository:
/// `$XDG_CACHE_HOME/spark-sizer` or `~/.cache/spark-sizer`.
pub fn tool_cache() -> PathBuf {
    if let Some(dir) = std::env::var_os("XDG_CACHE_HOME").filter(|d| !d.is_empty()) {
        return PathBuf::from(dir).join("spark-sizer");
    }
    let home = std::env::var_os("HOME").unwrap_or_else(|| ".".into());
    PathBuf::from(home).join(".cache").join("spark-sizer")
}

/// The build output served and shipped.
pub fn dist_dir(root: &Path) -> PathBuf {
    root.join("dist")
}
