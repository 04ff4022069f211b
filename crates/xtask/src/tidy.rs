//! Tidy checks over the repository's own files, in the spirit of rust-analyzer's `xtask/src/tidy.rs`:
//! a clone must stand alone (no path outside it, no stale wording about one), and library crates
//! keep no debugging leftovers, and no crate's top-level modules import each other in a cycle.
//! The widget chooses between its languages only in `src/i18n/`.
use crate::module_graph::{Source, cyclic_groups, graph, one_cycle};
use crate::paths::workspace_root;
use std::path::{Path, PathBuf};

/// Folders never walked: build output, VCS data, and the tidy test's own source.
const SKIPPED_DIRS: [&str; 4] = ["target", "dist", ".git", "node_modules"];
/// Text files worth reading.
const TEXT_EXTENSIONS: [&str; 11] = ["rs", "toml", "md", "html", "js", "css", "json", "sh", "txt", "yml", "csv"];
/// Library crates: no printing (a widget has no terminal; the others are used by it).
const LIBRARY_SOURCES: [&str; 5] = [
    "crates/sizer-core/src",
    "crates/sizer-data/src",
    "crates/sizer-import/src",
    "crates/sizer-charts/src",
    "crates/sizer-widget/src",
];

/// Built from parts, so this file does not trip its own checks.
fn joined(parts: &[&str]) -> String {
    parts.concat()
}

fn is_verbatim_fixture(relative: &Path) -> bool {
    // Real benchmark outputs are kept byte for byte: their own paths (`/models/…`) are data.
    relative.starts_with("tests/fixtures") && relative.file_name().is_some_and(|n| n != "README.md")
}

fn files(root: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![root.to_path_buf()];
    while let Some(dir) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else { continue };
        for entry in entries.flatten() {
            let path = entry.path();
            let name = entry.file_name();
            if path.is_dir() {
                if !SKIPPED_DIRS.iter().any(|s| name == *s) {
                    stack.push(path);
                }
            } else if path.extension().and_then(|e| e.to_str()).is_some_and(|e| TEXT_EXTENSIONS.contains(&e))
                || path.ends_with(".ci/run")
            {
                out.push(path);
            }
        }
    }
    out.sort();
    out
}

fn offences(check: impl Fn(&Path, &str) -> Vec<String>) -> Vec<String> {
    let root = workspace_root();
    let mut found = Vec::new();
    for path in files(&root) {
        let relative = path.strip_prefix(&root).unwrap_or(&path).to_path_buf();
        if relative.ends_with("crates/xtask/src/tidy.rs") {
            continue;
        }
        let Ok(text) = std::fs::read_to_string(&path) else { continue };
        for (number, line) in text.lines().enumerate() {
            for problem in check(&relative, line) {
                found.push(format!("{}:{}: {problem}", relative.display(), number + 1));
            }
        }
    }
    found
}

#[test]
fn nothing_points_outside_the_repository() {
    let outside = [joined(&["../", "shared"]), joined(&["shared/", "fixtures"])];
    let absolute =
        [joined(&["/", "work/"]), joined(&["/", "home/"]), joined(&["/", "root/"]), joined(&["/", "Users/"])];
    let found = offences(|relative, line| {
        let mut problems: Vec<String> =
            outside.iter().filter(|p| line.contains(p.as_str())).map(|p| format!("refers to `{p}`")).collect();
        if !is_verbatim_fixture(relative) {
            problems
                .extend(absolute.iter().filter(|p| line.contains(p.as_str())).map(|p| format!("absolute path `{p}…`")));
        }
        problems
    });
    assert!(found.is_empty(), "paths outside the repository:\n{}", found.join("\n"));
}

#[test]
fn readme_has_no_stale_wording() {
    let stale = [
        joined(&["importer fixtures from `../", "shared/`"]),
        joined(&["read in ", "place"]),
        joined(&["measured while other builds ", "shared"]),
    ];
    let found = offences(|relative, line| {
        if relative.extension().is_some_and(|e| e == "md") {
            stale.iter().filter(|p| line.contains(p.as_str())).map(|p| format!("stale wording `{p}`")).collect()
        } else {
            Vec::new()
        }
    });
    assert!(found.is_empty(), "stale wording:\n{}", found.join("\n"));
}

#[test]
fn no_debugging_leftovers() {
    let anywhere = [joined(&["dbg", "!("]), joined(&["todo", "!("]), joined(&["unimplemented", "!("])];
    let printing = [joined(&["println", "!("]), joined(&["print", "!("])];
    let found = offences(|relative, line| {
        if relative.extension().is_none_or(|e| e != "rs") {
            return Vec::new();
        }
        let code = line.split("//").next().unwrap_or("");
        let mut problems: Vec<String> =
            anywhere.iter().filter(|p| code.contains(p.as_str())).map(|p| format!("`{p}…)` left in")).collect();
        if LIBRARY_SOURCES.iter().any(|lib| relative.starts_with(lib)) {
            problems.extend(
                printing
                    .iter()
                    .filter(|p| code.contains(p.as_str()))
                    .map(|p| format!("`{p}…)` in a library crate (return the text instead)")),
            );
        }
        problems
    });
    assert!(found.is_empty(), "debugging leftovers:\n{}", found.join("\n"));
}

#[test]
fn the_walk_sees_the_repository() {
    // A tidy check that reads nothing passes for the wrong reason.
    let root = workspace_root();
    let seen = files(&root);
    for expected in ["README.md", "Cargo.toml", "crates/sizer-core/src/lib.rs", "tests/fixtures/README.md", ".ci/run"] {
        assert!(seen.contains(&root.join(expected)), "tidy walk misses {expected}");
    }
}

#[test]
fn every_core_formula_says_what_bad_input_gives() {
    // The core's bad-input policy (sizer-core/src/lib.rs): each free math function documents it.
    let root = workspace_root();
    let mut missing = Vec::new();
    for path in files(&root.join("crates/sizer-core/src")) {
        let text = std::fs::read_to_string(&path).unwrap_or_default();
        let mut doc: Vec<&str> = Vec::new();
        for (number, line) in text.lines().enumerate() {
            if line.starts_with("///") {
                doc.push(line);
                continue;
            }
            if line.starts_with("pub fn ")
                && doc.iter().any(|d| d.contains("# Formula"))
                && !doc.iter().any(|d| d.contains("Bad input:"))
            {
                missing.push(format!("{}:{}", path.strip_prefix(&root).unwrap_or(&path).display(), number + 1));
            }
            if !line.starts_with("#[") {
                doc.clear();
            }
        }
    }
    assert!(missing.is_empty(), "free functions with a `# Formula` but no `Bad input:` line:\n{}", missing.join("\n"));
}

/// Whether `comment` names an issue by number ("issue 15", "Issue #7"): the tracker's numbers
/// mean nothing to a reader of the code and go stale; history belongs in commit messages.
fn names_an_issue(comment: &str) -> bool {
    let lower = comment.to_ascii_lowercase();
    lower.match_indices("issue").any(|(at, word)| {
        let rest = lower[at + word.len()..].trim_start_matches([' ', '#']);
        rest.starts_with(|c: char| c.is_ascii_digit())
    })
}

#[test]
fn source_comments_name_no_issue_numbers() {
    assert!(names_an_issue("//! the planner (issue 15)") && names_an_issue("// Issue #7's budget"));
    assert!(!names_an_issue("// an issue with 3 runs") && !names_an_issue("// issues"));
    let found = offences(|relative, line| {
        let is_rust = relative.extension().is_some_and(|e| e == "rs");
        match line.find("//") {
            Some(at) if is_rust && names_an_issue(&line[at..]) => vec!["a comment names an issue number".into()],
            _ => Vec::new(),
        }
    });
    assert!(found.is_empty(), "issue numbers in comments (say what the code does instead):\n{}", found.join("\n"));
}

/// Every workspace member's `src/` (`crates/*` and `tests`, as in the root `Cargo.toml`).
fn crate_sources(root: &Path) -> Vec<PathBuf> {
    let mut crates: Vec<PathBuf> = std::fs::read_dir(root.join("crates"))
        .map(|entries| entries.flatten().map(|e| e.path().join("src")).collect())
        .unwrap_or_default();
    crates.push(root.join("tests/src"));
    crates.retain(|src| src.is_dir());
    crates.sort();
    crates
}

/// Cycles not yet broken, as (crate's `src/`, the modules of one cycle): the test fails on any
/// other cycle, and on an entry here that no longer holds (so the list only shrinks).
const KNOWN_CYCLES: &[(&str, &[&str])] = &[];

#[test]
fn no_crate_has_an_import_cycle_between_its_top_level_modules() {
    // A cycle makes a crate one knot: no module can be read, moved or tested without the others.
    let root = workspace_root();
    let crates = crate_sources(&root);
    assert!(crates.len() >= 9, "the walk sees only {} crates", crates.len());
    let mut found = Vec::new();
    for src in crates {
        let texts: Vec<(String, String)> = files(&src)
            .into_iter()
            .filter(|p| p.extension().is_some_and(|e| e == "rs"))
            .map(|p| {
                let relative = p.strip_prefix(&src).unwrap_or(&p).to_string_lossy().replace('\\', "/");
                (relative, std::fs::read_to_string(&p).unwrap_or_default())
            })
            .collect();
        let sources: Vec<Source> = texts.iter().map(|(path, text)| Source { path, text }).collect();
        let graph = graph(&sources);
        let name = src.strip_prefix(&root).unwrap_or(&src).display().to_string();
        let groups = cyclic_groups(&graph);
        for (_, known) in KNOWN_CYCLES.iter().filter(|(c, known)| *c == name && !groups.iter().any(|g| g == known)) {
            found.push(format!("{name}: the known cycle ({}) is gone: remove it from KNOWN_CYCLES", known.join(", ")));
        }
        for group in groups.iter().filter(|g| !KNOWN_CYCLES.iter().any(|(c, known)| *c == name && g == known)) {
            found.push(format!(
                "{name}: {} of {} modules in one cycle ({}), e.g. {}",
                group.len(),
                graph.len(),
                group.join(", "),
                one_cycle(&graph, group)
            ));
        }
    }
    assert!(found.is_empty(), "import cycles between top-level modules:\n{}", found.join("\n"));
}

/// The widget's sources, where a branch on the display language belongs only in `i18n/`.
const WIDGET_SOURCES: &str = "crates/sizer-widget/src";

/// What in `line` of Rust branches on the display language, if anything: `match lang`
/// (`match (kind, lang)`, `match props.lang`), a `Lang::` pattern before `=>` (`Lang::De =>`,
/// `(_, Lang::En) =>`, `Lang::De if … =>`), `== Lang::`, `!= Lang::`, `matches!(…, Lang::…)` or
/// `let Lang::…`. Passing a language as a value (`Lang::En` as an argument) is no branch.
fn lang_branch(line: &str) -> Option<&'static str> {
    let code = line.split("//").next().unwrap_or("");
    let is_lang = |word: &str| word == "lang";
    if code.match_indices("match ").any(|(at, word)| {
        let scrutinee = without_call_arguments(code[at + word.len()..].split('{').next().unwrap_or(""));
        scrutinee.split(|c: char| !(c.is_alphanumeric() || c == '_')).any(is_lang)
    }) {
        return Some("a `match` on the language");
    }
    if code.contains("== Lang::") || code.contains("!= Lang::") {
        return Some("a comparison with a `Lang`");
    }
    if code.split("=>").next().is_some_and(|before| code.contains("=>") && before.contains("Lang::")) {
        return Some("a `Lang::` match arm");
    }
    if (code.contains("matches!(") && code.contains("Lang::")) || code.contains("let Lang::") {
        return Some("a `Lang::` pattern");
    }
    None
}

/// `scrutinee` without the arguments of the calls in it: `match parse(lang, text)` passes the
/// language on to a parser, it does not branch on it.
fn without_call_arguments(scrutinee: &str) -> String {
    let mut out = String::new();
    // Open parentheses of the call being skipped; 0: not inside a call's arguments.
    let mut depth = 0usize;
    let mut previous = ' ';
    for c in scrutinee.chars() {
        if depth > 0 {
            match c {
                '(' => depth += 1,
                ')' => depth -= 1,
                _ => {}
            }
        } else if c == '(' && (previous.is_alphanumeric() || previous == '_' || previous == '!') {
            depth = 1;
        } else {
            out.push(c);
        }
        previous = c;
    }
    out
}

#[test]
fn the_widget_branches_on_the_language_only_in_i18n() {
    // One way to speak two languages: every sentence and choice per language lives in
    // `src/i18n/` (a function or message enum that takes `lang`), so a third language is one
    // room's work and no feature hides a translation of its own.
    for branch in [
        "    match lang {",
        "let unit = match (self, lang) {",
        "    match props.lang {",
        "        Lang::De => \"gleichzeitig\",",
        "            (_, Lang::En) => \"tok/s\",",
        "        Lang::De if verb_last => \" sein.\",",
        "    let unit = if lang == Lang::De { \"Token/s\" } else { \"tok/s\" };",
        "    if props.lang != Lang::En {",
        "    if matches!(lang, Lang::De) {",
        "    if let Lang::De = lang {",
    ] {
        assert!(lang_branch(branch).is_some(), "not seen as a branch: {branch}");
    }
    for value in [
        "        input.apply(Lang::De, TeamAction::Load(team));",
        "            \"l\" => Lang::from_code(value).map(|lang| result.lang = Some(lang)).is_some(),",
        "            match Lang::from_code(value) {",
        "        let value = match parse_number(lang, text) {",
        "        match field.parse(crate::common::input::locale(self.lang), &text) {",
        "    let language = match language_code {",
        "        assert_eq!(back.lang, Some(Lang::De));",
        "    // match lang { … } lives in i18n/",
    ] {
        assert_eq!(lang_branch(value), None, "seen as a branch: {value}");
    }
    let root = workspace_root();
    let src = root.join(WIDGET_SOURCES);
    let sources: Vec<PathBuf> = files(&src)
        .into_iter()
        .filter(|p| p.extension().is_some_and(|e| e == "rs") && !p.starts_with(src.join("i18n")))
        .collect();
    assert!(sources.len() >= 20, "the walk sees only {} widget sources", sources.len());
    let mut found = Vec::new();
    for path in sources {
        let text = std::fs::read_to_string(&path).unwrap_or_default();
        for (number, line) in text.lines().enumerate() {
            if let Some(what) = lang_branch(line) {
                let relative = path.strip_prefix(&root).unwrap_or(&path).display().to_string();
                found.push(format!("{relative}:{}: {what}: {}", number + 1, line.trim()));
            }
        }
    }
    assert!(
        found.is_empty(),
        "branches on the language outside {WIDGET_SOURCES}/i18n (move the sentence into its feature's i18n file):\n{}",
        found.join("\n")
    );
}

/// The files a row of ARCHITECTURE.md's "Where to change X" names, as written: every
/// back-quoted name that ends in `.rs`, `.json`, `.md`, `.css` or `.html`.
fn named_files(row: &str) -> Vec<&str> {
    row.split('`')
        .skip(1)
        .step_by(2)
        .filter(|name| [".rs", ".json", ".md", ".css", ".html"].iter().any(|ext| name.ends_with(ext)))
        .filter(|name| !name.contains('<') && !name.contains('*'))
        .collect()
}

#[test]
fn where_to_change_x_names_files_that_exist() {
    // The checklist of the files each common change touches is only worth following while its
    // files are where it says: a move that forgets the map fails here.
    let root = workspace_root();
    let map = std::fs::read_to_string(root.join("docs/ARCHITECTURE.md")).expect("docs/ARCHITECTURE.md");
    let start = map.find("## Where to change X").expect("the section");
    let section = &map[start..];
    let section = &section[..section[3..].find("\n## ").map_or(section.len(), |end| end + 3)];
    let all: Vec<String> = files(&root)
        .iter()
        .filter_map(|path| path.strip_prefix(&root).ok())
        .map(|path| path.to_string_lossy().replace('\\', "/"))
        .collect();
    let rows: Vec<&str> =
        section.lines().filter(|line| line.starts_with("| ") && !line.starts_with("| change")).collect();
    assert!(rows.len() >= 8, "the section has {} rows", rows.len());
    let mut missing = Vec::new();
    for row in rows {
        for name in named_files(row) {
            // Names are written from a crate (`sizer-data/src/...`), a folder or the file alone.
            let found = all.iter().any(|path| path == name || path.ends_with(&["/", name].concat()));
            if !found {
                missing.push(name.to_owned());
            }
        }
    }
    assert!(missing.is_empty(), "ARCHITECTURE.md's \"Where to change X\" names files that do not exist: {missing:?}");
}
