//! The importers (`sizer_import`: every file parser and the sniffing of formats) as a wasm module
//! of their own. The widget's first download leaves them out: its glue fetches this module when
//! the browser is first idle, or when a person imports before that (`sizer_widget::import_module`),
//! and the widget decodes each answer with `sizer_import::decode_answer`.
//!
//! `cargo xtask dist` builds it next to the widget: `sizer-import-<hash>.js` and its
//! `_bg.wasm` for hosted pages, and inlined (base64) into the single-file page.

use wasm_bindgen::prelude::*;

/// Imports pasted text (`name`: what the person called it, may be empty); the result as
/// `sizer_import::encode_answer` writes it.
#[wasm_bindgen]
pub fn import_text(text: &str, name: &str) -> String {
    sizer_import::encode_answer(&sizer_import::import(text, name))
}

/// Imports dropped files: `bytes` holds them one after another, `sizes[i]` bytes named
/// `file_names[i]` each (see `sizer_import::import_dropped`). Sizes that do not add up to the
/// bytes given are refused as unreadable input.
#[wasm_bindgen]
pub fn import_files(file_names: Vec<String>, sizes: Vec<u32>, bytes: &[u8], name: &str) -> String {
    let result = match split(&file_names, &sizes, bytes) {
        Some(files) => sizer_import::import_dropped(&files, name),
        None => Err(sizer_import::ImportError::Binary),
    };
    sizer_import::encode_answer(&result)
}

/// `(name, bytes)` of each file, or `None` when the sizes do not describe `bytes`.
fn split<'a>(names: &'a [String], sizes: &[u32], bytes: &'a [u8]) -> Option<Vec<(&'a str, &'a [u8])>> {
    if names.len() != sizes.len() {
        return None;
    }
    let mut files = Vec::with_capacity(names.len());
    let mut start = 0usize;
    for (name, size) in names.iter().zip(sizes) {
        let end = start.checked_add(usize::try_from(*size).ok()?)?;
        files.push((name.as_str(), bytes.get(start..end)?));
        start = end;
    }
    (start == bytes.len()).then_some(files)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn files_are_split_by_their_sizes_and_bad_sizes_refused() {
        let names = vec!["a.csv".to_owned(), "b.csv".to_owned()];
        let files = split(&names, &[3, 2], b"abcde").expect("sizes add up");
        assert_eq!(files, vec![("a.csv", &b"abc"[..]), ("b.csv", &b"de"[..])]);
        assert_eq!(split(&names, &[3, 3], b"abcde"), None);
        assert_eq!(split(&names, &[3, 1], b"abcde"), None);
        assert_eq!(split(&names, &[5], b"abcde"), None);
    }

    #[test]
    fn answers_decode_to_what_the_importer_returns() {
        let text = "concurrency,tok/s\n1,50\n8,20\n";
        let answer = import_text(text, "mine");
        assert_eq!(sizer_import::decode_answer(&answer), Some(sizer_import::import(text, "mine")));
        let names = vec!["run.csv".to_owned()];
        let answer = import_files(names, vec![text.len() as u32], text.as_bytes(), "");
        assert_eq!(
            sizer_import::decode_answer(&answer),
            Some(sizer_import::import_dropped(&[("run.csv", text.as_bytes())], ""))
        );
        let refused = import_files(vec!["x".to_owned()], vec![9], b"abc", "");
        assert_eq!(sizer_import::decode_answer(&refused), Some(Err(sizer_import::ImportError::Binary)));
    }
}
