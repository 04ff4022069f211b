//! Fingerprints the widget's own source (`src/`) into `SPARK_SIZER_WIDGET_SOURCE`: with the
//! dataset's fingerprint it marks prerendered markup, so a wasm built from other code or data
//! renders afresh instead of hydrating markup it cannot match (`src/lib.rs`, `build_fingerprint`).
use std::path::{Path, PathBuf};

fn main() {
    println!("cargo::rerun-if-changed=src");
    let mut files = Vec::new();
    collect(Path::new("src"), &mut files);
    files.sort();
    let mut hash = FNV_OFFSET;
    for file in &files {
        hash = fnv1a(hash, file.to_string_lossy().as_bytes());
        hash = fnv1a(hash, &std::fs::read(file).unwrap_or_default());
    }
    println!("cargo::rustc-env=SPARK_SIZER_WIDGET_SOURCE={hash:016x}");
}

fn collect(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            collect(&path, out);
        } else {
            out.push(path);
        }
    }
}

const FNV_OFFSET: u64 = 0xcbf2_9ce4_8422_2325;

/// FNV-1a, 64 bit (Fowler, Noll, Vo), continued from `hash`: a fingerprint, not a security hash.
fn fnv1a(hash: u64, bytes: &[u8]) -> u64 {
    bytes.iter().fold(hash, |hash, &b| (hash ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3))
}
