//! What the page downloads: every file in `dist/` with its raw, gzip and brotli size, and which
//! of them the browser fetched (before the first result, and in all).
use std::collections::BTreeSet;
use std::path::Path;
use xtask::sizes::{Sizes, measure};

/// One file of `dist/`.
#[derive(Debug, Clone)]
pub struct DistFile {
    pub name: String,
    pub sizes: Sizes,
}

/// Every file directly in `dist`, sorted by name, measured as a server would send it.
pub fn dist_files(dist: &Path) -> Result<Vec<DistFile>, String> {
    let entries = std::fs::read_dir(dist).map_err(|e| format!("cannot list {}: {e}", dist.display()))?;
    let mut files = Vec::new();
    for entry in entries {
        let entry = entry.map_err(|e| format!("cannot list {}: {e}", dist.display()))?;
        let path = entry.path();
        if !path.is_file() {
            continue;
        }
        let bytes = std::fs::read(&path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        files.push(DistFile { name: entry.file_name().to_string_lossy().into_owned(), sizes: measure(&bytes) });
    }
    files.sort_by(|a, b| a.name.cmp(&b.name));
    Ok(files)
}

/// The files a page fetched, from its resource URLs: names under `base_url` (the document
/// itself, `page`, always counts), and every URL elsewhere (which should be none).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Fetched {
    pub names: BTreeSet<String>,
    pub other_hosts: BTreeSet<String>,
}

pub fn fetched(page: &str, base_url: &str, urls: &[String]) -> Fetched {
    let mut found = Fetched::default();
    found.names.insert(page.to_string());
    for url in urls {
        match url.strip_prefix(base_url) {
            Some(path) => {
                let path = path.split(['?', '#']).next().unwrap_or_default();
                found.names.insert(if path.is_empty() { "index.html".to_string() } else { path.to_string() });
            }
            None if url.starts_with("data:") || url.starts_with("blob:") => {}
            None => {
                found.other_hosts.insert(url.clone());
            }
        }
    }
    found
}

/// The summed sizes of the fetched files that exist in `files`, and the names that do not.
pub fn total(files: &[DistFile], fetched: &Fetched) -> (Sizes, Vec<String>) {
    let mut sum = Sizes::default();
    let mut missing = Vec::new();
    for name in &fetched.names {
        match files.iter().find(|f| &f.name == name) {
            Some(file) => sum = sum + file.sizes,
            None => missing.push(name.clone()),
        }
    }
    (sum, missing)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn file(name: &str, raw: usize, gzip: usize, brotli: usize) -> DistFile {
        DistFile { name: name.into(), sizes: Sizes { raw, gzip, brotli } }
    }

    #[test]
    fn fetched_names_are_relative_to_the_origin_and_foreign_urls_are_kept_apart() {
        let base = "http://127.0.0.1:4000/";
        let urls = [
            "http://127.0.0.1:4000/styles-0123456789abcdef.css".to_string(),
            "http://127.0.0.1:4000/w_bg.wasm?v=1".to_string(),
            "http://127.0.0.1:4000/w_bg.wasm".to_string(),
            "https://fonts.example/x.css".to_string(),
            "data:image/png;base64,AA".to_string(),
        ];
        let found = fetched("index.html", base, &urls);
        assert_eq!(
            found.names.iter().map(String::as_str).collect::<Vec<_>>(),
            ["index.html", "styles-0123456789abcdef.css", "w_bg.wasm"]
        );
        assert_eq!(found.other_hosts.iter().map(String::as_str).collect::<Vec<_>>(), ["https://fonts.example/x.css"]);
    }

    #[test]
    fn totals_add_each_fetched_file_once_and_name_unknown_ones() {
        let files = [file("index.html", 100, 50, 40), file("a.js", 1000, 300, 250), file("b.wasm", 9000, 4000, 3000)];
        let found = fetched(
            "index.html",
            "http://h/",
            &["http://h/a.js".into(), "http://h/a.js".into(), "http://h/gone.css".into()],
        );
        let (sum, missing) = total(&files, &found);
        assert_eq!(sum, Sizes { raw: 1100, gzip: 350, brotli: 290 });
        assert_eq!(missing, ["gone.css"]);
    }

    #[test]
    fn measures_every_file_in_a_directory() {
        let dir = std::env::temp_dir().join(format!("sizer-bench-dist-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("sub")).unwrap();
        std::fs::write(dir.join("b.txt"), "bbbb").unwrap();
        std::fs::write(dir.join("a.txt"), "a").unwrap();
        let files = dist_files(&dir).unwrap();
        std::fs::remove_dir_all(&dir).unwrap();
        assert_eq!(
            files.iter().map(|f| (f.name.as_str(), f.sizes.raw)).collect::<Vec<_>>(),
            [("a.txt", 1), ("b.txt", 4)]
        );
    }
}
