//! The import module's answer (`encode_answer` there, `decode_answer` in the widget) gives back
//! exactly what the importer returned, for every fixture file (imports and refusals), one file at
//! a time and dropped together per tool.

use sizer_import::{decode_answer, encode_answer, import_dropped};
use std::path::{Path, PathBuf};

fn files_under(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
        let path = entry.expect("a directory entry").path();
        if path.is_dir() {
            files_under(&path, out);
        } else if path.file_name().is_some_and(|n| n != "README.md") {
            out.push(path);
        }
    }
}

/// Decoding gives an equal result; re-encoding gives the same text (which also holds for a `NaN`,
/// which is not equal to itself).
fn assert_round_trip(what: &str, result: &Result<sizer_import::Import, sizer_import::ImportError>) {
    let text = encode_answer(result);
    let back = decode_answer(&text).unwrap_or_else(|| panic!("{what}: the answer does not decode: {text}"));
    assert_eq!(encode_answer(&back), text, "{what}");
    if !text.contains("\"NaN\"") {
        assert_eq!(&back, result, "{what}");
    }
}

#[test]
fn every_fixture_comes_back_the_same() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    files_under(&root.join("fixtures"), &mut files);
    files_under(&root.join("fixtures-extra"), &mut files);
    assert!(files.len() >= 39, "{} fixture files", files.len());
    let (mut ok, mut refused) = (0, 0);
    for path in &files {
        let bytes = std::fs::read(path).expect("fixture is readable");
        let name = path.file_name().and_then(|n| n.to_str()).expect("a UTF-8 name");
        let result = import_dropped(&[(name, &bytes)], "mine");
        if result.is_ok() {
            ok += 1
        } else {
            refused += 1
        }
        assert_round_trip(name, &result);
    }
    assert!(ok >= 29 && refused >= 10, "{ok} imported, {refused} refused");
    // Several files of one tool dropped together (one curve per model).
    for tool in ["vllm-bench-serve", "sglang-bench-serving", "aiperf"] {
        let mut tool_files = Vec::new();
        files_under(&root.join("fixtures").join(tool), &mut tool_files);
        let read: Vec<(String, Vec<u8>)> = tool_files
            .iter()
            .map(|p| (p.file_name().and_then(|n| n.to_str()).unwrap_or("").to_owned(), std::fs::read(p).expect("read")))
            .collect();
        let dropped: Vec<(&str, &[u8])> = read.iter().map(|(n, b)| (n.as_str(), b.as_slice())).collect();
        assert_round_trip(tool, &import_dropped(&dropped, ""));
    }
}

#[test]
fn a_dropped_file_that_fails_is_named_and_a_size_refusal_is_not() {
    let one = import_dropped(&[("run.bin", b"\x00\x01\x02")], "");
    assert_eq!(
        one,
        Err(sizer_import::ImportError::InFile {
            file: "run.bin".into(),
            error: Box::new(sizer_import::ImportError::Binary)
        })
    );
    let two = import_dropped(&[("a.csv", b"concurrency,tok/s\n1,50\n"), ("b.csv", b"\xff\xfe")], "");
    assert_eq!(
        two,
        Err(sizer_import::ImportError::InFile {
            file: "b.csv".into(),
            error: Box::new(sizer_import::ImportError::Binary)
        })
    );
    let big = vec![b'1'; sizer_import::MAX_INPUT_BYTES + 1];
    assert!(matches!(import_dropped(&[("big.csv", &big)], ""), Err(sizer_import::ImportError::TooLarge { .. })));
}
