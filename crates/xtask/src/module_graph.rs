//! The import graph between a crate's top-level modules, and the cycles in it (for the tidy
//! test that keeps every crate's modules acyclic).
//!
//! A top-level module is a file `src/<name>.rs` or a folder `src/<name>/`; the crate roots
//! (`lib.rs`, `main.rs`) and `src/bin/` are not modules. A module depends on another when one
//! of its files names it as `crate::<name>`, in a `use crate::{<name>, ...}` group, or through
//! enough `super::` to reach the crate root. A root re-export (`pub use <name>::Item;` in
//! `lib.rs`) counts as `<name>`, so `crate::Item` cannot hide an edge. Comments are skipped (an
//! intra-doc link is not an import); macros' `$crate::` paths are not followed.
use std::collections::{BTreeMap, BTreeSet};

/// Module name -> the top-level modules it imports (never itself).
pub type Graph = BTreeMap<String, BTreeSet<String>>;

/// One source file: its path relative to `src/` (`a.rs`, `a/b.rs`, `lib.rs`) and its text.
pub struct Source<'a> {
    pub path: &'a str,
    pub text: &'a str,
}

/// The top-level module a file belongs to and how many `super::` reach the crate root from it,
/// or `None` for a crate root or a binary.
fn module_of(path: &str) -> Option<(String, usize)> {
    let parts: Vec<&str> = path.split('/').collect();
    let first = parts[0];
    if parts.len() == 1 {
        let name = first.strip_suffix(".rs")?;
        return (name != "lib" && name != "main").then(|| (name.to_string(), 1));
    }
    if first == "bin" {
        return None;
    }
    // `a/mod.rs` is module `a` itself; `a/b.rs` is one level below it.
    let depth = if parts.last() == Some(&"mod.rs") { parts.len() - 1 } else { parts.len() };
    Some((first.to_string(), depth))
}

/// The text without `//` comments (line and doc comments alike).
fn code_only(text: &str) -> String {
    text.lines().map(|line| line.split("//").next().unwrap_or("")).collect::<Vec<_>>().join("\n")
}

fn is_ident(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

/// The first path segment of each item in a `{...}` group starting at `text[0]`.
fn group_heads(text: &str) -> Vec<String> {
    let mut heads = Vec::new();
    let mut depth = 0;
    let mut at_item_start = true;
    for (i, c) in text.char_indices() {
        match c {
            '{' => {
                depth += 1;
                at_item_start = depth == 1;
            }
            '}' => {
                depth -= 1;
                if depth == 0 {
                    break;
                }
            }
            ',' if depth == 1 => at_item_start = true,
            c if at_item_start && depth == 1 && is_ident(c) => {
                heads.push(text[i..].chars().take_while(|&c| is_ident(c)).collect());
                at_item_start = false;
            }
            _ => {}
        }
    }
    heads
}

/// The names a path reaches after `crate::` (or enough `super::`): one identifier, or the
/// heads of a `{...}` group.
fn heads_after(rest: &str) -> Vec<String> {
    let rest = rest.trim_start();
    if rest.starts_with('{') {
        group_heads(rest)
    } else {
        let name: String = rest.chars().take_while(|&c| is_ident(c)).collect();
        if name.is_empty() { Vec::new() } else { vec![name] }
    }
}

/// Where `word` occurs as a whole path segment (not `$crate`, not `my_crate`).
fn segment_starts<'a>(code: &'a str, word: &'a str) -> impl Iterator<Item = usize> + 'a {
    code.match_indices(word)
        .map(|(at, _)| at)
        .filter(move |&at| code[..at].chars().next_back().is_none_or(|c| !is_ident(c) && c != '$' && c != ':'))
}

/// Names reached from the crate root in one file's code; `depth` is its `super::` distance to
/// the root. Inline modules (`mod tests { use super::*; }`) add a level.
fn root_references(code: &str, depth: usize) -> Vec<String> {
    let mut names = Vec::new();
    for at in segment_starts(code, "crate::") {
        names.extend(heads_after(&code[at + "crate::".len()..]));
    }
    let inline_depth = inline_module_depths(code);
    for at in segment_starts(code, "super::") {
        let mut rest = &code[at..];
        let mut supers = 0;
        while let Some(next) = rest.strip_prefix("super::") {
            supers += 1;
            rest = next.trim_start();
        }
        if supers == depth + inline_depth(at) {
            names.extend(heads_after(rest));
        }
    }
    names
}

/// For each byte offset, how many inline `mod name {` blocks enclose it.
fn inline_module_depths(code: &str) -> impl Fn(usize) -> usize {
    let mut opened: Vec<(usize, usize)> = Vec::new(); // (start, end) of each inline module body
    let mut stack: Vec<(usize, bool)> = Vec::new(); // each open brace: its offset, whether a module
    for (i, c) in code.char_indices() {
        match c {
            '{' => {
                // `mod name {`: the word before the name is `mod`, not the end of a longer word.
                let head = code[..i].trim_end().trim_end_matches(is_ident).trim_end();
                let is_module = head.strip_suffix("mod").is_some_and(|h| !h.ends_with(is_ident));
                stack.push((i, is_module));
            }
            '}' => {
                if let Some((start, true)) = stack.pop() {
                    opened.push((start, i));
                }
            }
            _ => {}
        }
    }
    move |at| opened.iter().filter(|(start, end)| *start < at && at < *end).count()
}

/// Root re-exports: `pub use <module>::...::Item;` or `pub use <module>::{A, B};` in a crate
/// root, as item name -> module.
fn root_reexports(root: &str, modules: &BTreeSet<String>) -> BTreeMap<String, String> {
    let mut map = BTreeMap::new();
    for statement in code_only(root).split(';') {
        let Some(path) = statement.trim().strip_prefix("pub use ") else { continue };
        let path = path.trim().trim_start_matches("self::").trim_start_matches("crate::");
        let module: String = path.chars().take_while(|&c| is_ident(c)).collect();
        if !modules.contains(&module) {
            continue;
        }
        let items = match path.find('{') {
            Some(at) => group_heads(&path[at..]),
            None => vec![path.rsplit("::").next().unwrap_or("").split(" as ").last().unwrap_or("").trim().to_string()],
        };
        for item in items {
            map.insert(item, module.clone());
        }
    }
    map
}

/// The import graph of one crate's `src/` files.
pub fn graph(sources: &[Source]) -> Graph {
    let modules: BTreeSet<String> = sources.iter().filter_map(|s| module_of(s.path)).map(|(m, _)| m).collect();
    let roots = sources.iter().filter(|s| module_of(s.path).is_none() && !s.path.contains('/'));
    let reexports: BTreeMap<String, String> = roots.flat_map(|root| root_reexports(root.text, &modules)).collect();
    let mut graph: Graph = modules.iter().map(|m| (m.clone(), BTreeSet::new())).collect();
    for source in sources {
        let Some((module, depth)) = module_of(source.path) else { continue };
        for name in root_references(&code_only(source.text), depth) {
            let target = if modules.contains(&name) { Some(name) } else { reexports.get(&name).cloned() };
            if let Some(target) = target.filter(|t| *t != module) {
                graph.entry(module.clone()).or_default().insert(target);
            }
        }
    }
    graph
}

/// The strongly connected groups of more than one module (Tarjan's algorithm): every module in
/// a group reaches every other, so each group holds at least one cycle.
pub fn cyclic_groups(graph: &Graph) -> Vec<Vec<String>> {
    struct Walk<'g> {
        graph: &'g Graph,
        index: BTreeMap<&'g str, usize>,
        low: BTreeMap<&'g str, usize>,
        stack: Vec<&'g str>,
        groups: Vec<Vec<String>>,
    }
    fn visit<'g>(walk: &mut Walk<'g>, node: &'g str) {
        let index = walk.index.len();
        walk.index.insert(node, index);
        walk.low.insert(node, index);
        walk.stack.push(node);
        for next in walk.graph.get(node).into_iter().flatten() {
            let next = next.as_str();
            if !walk.index.contains_key(next) {
                visit(walk, next);
                let low = walk.low[node].min(walk.low[next]);
                walk.low.insert(node, low);
            } else if walk.stack.contains(&next) {
                let low = walk.low[node].min(walk.index[next]);
                walk.low.insert(node, low);
            }
        }
        if walk.low[node] == walk.index[node] {
            let mut group = Vec::new();
            while let Some(member) = walk.stack.pop() {
                group.push(member.to_string());
                if member == node {
                    break;
                }
            }
            if group.len() > 1 {
                group.sort();
                walk.groups.push(group);
            }
        }
    }
    let mut walk = Walk { graph, index: BTreeMap::new(), low: BTreeMap::new(), stack: Vec::new(), groups: Vec::new() };
    for node in graph.keys() {
        if !walk.index.contains_key(node.as_str()) {
            visit(&mut walk, node);
        }
    }
    walk.groups.sort();
    walk.groups
}

/// One cycle through `group`'s first module, as `a -> b -> a` (breadth first: a shortest one).
pub fn one_cycle(graph: &Graph, group: &[String]) -> String {
    let start = &group[0];
    let mut came_from: BTreeMap<&str, &str> = BTreeMap::new();
    let mut queue = std::collections::VecDeque::from([start.as_str()]);
    while let Some(node) = queue.pop_front() {
        for next in graph.get(node).into_iter().flatten().filter(|n| group.contains(n)) {
            if next == start {
                let mut path = vec![start.as_str(), node];
                let mut at = node;
                while at != start {
                    at = came_from[at];
                    path.push(at);
                }
                path.reverse();
                return path.join(" -> ");
            }
            if !came_from.contains_key(next.as_str()) {
                came_from.insert(next, node);
                queue.push_back(next);
            }
        }
    }
    group.join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn edges(graph: &Graph, module: &str) -> Vec<String> {
        graph[module].iter().cloned().collect()
    }

    #[test]
    fn a_cycle_is_found_and_named() {
        let sources = [
            Source { path: "lib.rs", text: "pub mod a;\npub mod b;\npub mod c;\npub use c::Thing;" },
            Source { path: "a.rs", text: "//! A.\nuse crate::{b::One, std_like};\n" },
            Source { path: "b/mod.rs", text: "mod inner;" },
            Source { path: "b/inner.rs", text: "pub fn f() { super::super::c::g() }" },
            Source { path: "c.rs", text: "fn g() -> crate::Thing { crate::a::x() }" },
        ];
        let graph = graph(&sources);
        assert_eq!(edges(&graph, "a"), ["b"]);
        assert_eq!(edges(&graph, "b"), ["c"]);
        assert_eq!(edges(&graph, "c"), ["a"], "a re-export of its own item is no edge");
        let groups = cyclic_groups(&graph);
        assert_eq!(groups, [vec!["a".to_string(), "b".into(), "c".into()]]);
        assert_eq!(one_cycle(&graph, &groups[0]), "a -> b -> c -> a");
    }

    #[test]
    fn an_acyclic_tree_passes() {
        let sources = [
            Source { path: "lib.rs", text: "pub mod a;\npub mod b;\npub mod c;\npub mod d;" },
            Source { path: "a.rs", text: "use crate::b::B;\nuse crate::c;\n// crate::a::loop is a comment\n" },
            Source { path: "b.rs", text: "use super::c::C;\nmod tests { use super::*; use super::super::d; }" },
            Source { path: "c.rs", text: "macro_rules! m { () => { $crate::a::x() } }\nfn f(_: my_crate::a::X) {}" },
            Source { path: "d.rs", text: "" },
        ];
        let graph = graph(&sources);
        assert_eq!(edges(&graph, "a"), ["b", "c"]);
        // `super::super::d` inside the inline `mod tests` of `b.rs` reaches the root: an edge.
        assert_eq!(edges(&graph, "b"), ["c", "d"]);
        assert!(edges(&graph, "c").is_empty(), "`$crate::` and other crates' paths are no edges");
        assert!(cyclic_groups(&graph).is_empty());
        let tree: Graph = [("a", vec!["b", "c"]), ("b", vec!["c"]), ("c", vec![])]
            .into_iter()
            .map(|(m, to)| (m.to_string(), to.into_iter().map(String::from).collect()))
            .collect();
        assert!(cyclic_groups(&tree).is_empty());
    }
}
