//! Cuts the widget's linked wasm at its `#[wasm_split]` points (`sizer-widget/src/shell/later.rs`): the
//! first module (heading, controls, result) and the second, which the first fetches after its
//! first frame. `wasm_split_cli_support` does the cut (it needs the linker's relocations:
//! `-C link-args=--emit-relocs`) and writes a small JS link module that fetches and instantiates
//! the second module against the first one's memory and table.
use crate::error::{TaskError, TaskResult};
use std::path::{Path, PathBuf};

/// The link module's file name, as the first module imports it.
pub const LINK_MODULE: &str = "__wasm_split.js";

/// What the splitter wrote into its output folder.
pub struct Split {
    /// The first module, to go through wasm-bindgen (with `--keep-lld-exports`).
    pub main: PathBuf,
    /// The second module(s), as the link module names them (`./<file name>`).
    pub modules: Vec<PathBuf>,
    /// The link module.
    pub link: PathBuf,
}

/// Splits `wasm` into `out`. `glue` is the name of wasm-bindgen's glue for the first module,
/// from which the link module imports `initSync`.
pub fn split(wasm: &Path, out: &Path, glue: &str) -> TaskResult<Split> {
    let input = std::fs::read(wasm).map_err(TaskError::io(wasm))?;
    if out.exists() {
        std::fs::remove_dir_all(out).map_err(TaskError::io(out))?;
    }
    let main = out.join("main.wasm");
    let main_module = format!("./{glue}");
    let link_name = format!("./{LINK_MODULE}");
    let mut options = wasm_split_cli_support::Options::new(&input);
    options.output_dir = out;
    options.main_out_path = &main;
    options.link_name = &link_name;
    options.main_module = &main_module;
    let result = wasm_split_cli_support::transform(options)
        .map_err(|error| TaskError::Message(format!("splitting {}: {error:#}", wasm.display())))?;
    Ok(Split { main, modules: result.split_modules, link: out.join(LINK_MODULE) })
}

/// How the link module reaches the second module's bytes.
pub enum RestSource<'a> {
    /// Fetched from this file name, next to the glue (resolved against the module's own URL, so
    /// a page's `<base href>` does not move it).
    File(&'a str),
    /// Inlined as base64 (the single-file page: nothing is fetched).
    Base64(&'a str),
}

/// wasm-bindgen's `glue` with the link module written into it: the glue imports the link
/// module, which imports the glue's `initSync`; as one module the pair needs no file name of
/// its own, so content-hashed names stay acyclic. `rest_file` is the second module's name as
/// the splitter wrote it (`split_rest.wasm`).
pub fn inline_link(glue: &str, link: &str, rest_file: &str, source: RestSource<'_>) -> TaskResult<String> {
    let import_prefix = "import * as ";
    let import_suffix = format!(" from \"./{LINK_MODULE}\"");
    let import_line = glue
        .lines()
        .find(|line| line.starts_with(import_prefix) && line.trim_end().ends_with(&import_suffix))
        .ok_or_else(|| unexpected("wasm-bindgen's glue does not import the link module"))?;
    let binding = import_line[import_prefix.len()..import_line.trim_end().len() - import_suffix.len()].to_string();
    let glue = glue.replacen(&format!("{import_line}\n"), "", 1);

    let mut exports = Vec::new();
    let mut code = String::with_capacity(link.len());
    for line in link.lines() {
        if line.starts_with("import { initSync } from ") {
            continue;
        }
        match line.strip_prefix("export const ") {
            Some(rest) => {
                let name = rest.split_once(' ').map(|(name, _)| name).unwrap_or(rest);
                exports.push(name.to_string());
                code.push_str("const ");
                code.push_str(rest);
            }
            None => code.push_str(line),
        }
        code.push('\n');
    }
    if exports.is_empty() {
        return Err(unexpected("the link module exports no loader"));
    }
    let fetched = format!("fetch(new URL(\"./{rest_file}\", import.meta.url))");
    if !code.contains(&fetched) {
        return Err(unexpected(&format!("the link module does not fetch {rest_file} as expected")));
    }
    let code = match source {
        RestSource::File(name) => code.replace(&fetched, &format!("fetch(new URL(\"./{name}\", import.meta.url))")),
        // A response made from the bytes: the loader instantiates it as it would a fetched one.
        RestSource::Base64(base64) => code.replace(
            &fetched,
            &format!(
                "Promise.resolve(new Response(Uint8Array.from(atob(\"{base64}\"), (c) => c.charCodeAt(0)), \
                 {{ headers: {{ \"Content-Type\": \"application/wasm\" }} }}))"
            ),
        ),
    };
    Ok(format!(
        "{glue}\n// The second module's loader (wasm_split_cli_support's link module, inlined).\n{code}const {binding} = {{ {} }};\n",
        exports.join(", ")
    ))
}

fn unexpected(what: &str) -> TaskError {
    TaskError::Message(format!("{what} (did wasm_split_cli_support's or wasm-bindgen's output change?)"))
}

#[cfg(test)]
mod tests {
    use super::*;

    const GLUE: &str = "import * as import1 from \"./__wasm_split.js\"\n\nlet wasm;\nfunction __wbg_get_imports() {\n    return { \"./__wasm_split.js\": import1 };\n}\n";
    const LINK: &str = "import { initSync } from \"./sizer-widget.js\";\n\nfunction getSharedImports() { return initSync(undefined, undefined); }\nexport const __wasm_split_load_rest = wrapAsyncCb(makeLoad(() => {\n    const src = fetch(new URL(\"./split_rest.wasm\", import.meta.url));\n    return async (imports) => (WebAssembly.instantiateStreaming(src, imports));\n}\n, []));\n";

    #[test]
    fn the_link_module_becomes_part_of_the_glue() {
        let glue = inline_link(GLUE, LINK, "split_rest.wasm", RestSource::File("sizer-widget-rest-ab.wasm")).unwrap();
        assert!(!glue.contains("import "), "{glue}");
        assert!(glue.contains("const __wasm_split_load_rest = wrapAsyncCb(makeLoad(() => {\n"));
        assert!(glue.contains("fetch(new URL(\"./sizer-widget-rest-ab.wasm\", import.meta.url))"));
        assert!(glue.trim_end().ends_with("const import1 = { __wasm_split_load_rest };"), "{glue}");
        assert!(!glue.contains("split_rest.wasm"));
    }

    #[test]
    fn the_single_file_page_instantiates_the_inlined_bytes() {
        let glue = inline_link(GLUE, LINK, "split_rest.wasm", RestSource::Base64("AGFzbQ==")).unwrap();
        assert!(!glue.contains("fetch("), "{glue}");
        assert!(glue.contains(
            "const src = Promise.resolve(new Response(Uint8Array.from(atob(\"AGFzbQ==\"), (c) => c.charCodeAt(0)), { headers: { \"Content-Type\": \"application/wasm\" } }));"
        ));
    }

    #[test]
    fn unexpected_output_is_named() {
        let no_import = inline_link("let wasm;\n", LINK, "split_rest.wasm", RestSource::File("x.wasm"));
        assert!(
            matches!(no_import, Err(TaskError::Message(m)) if m.starts_with("wasm-bindgen's glue does not import the link module"))
        );
        let other_file = inline_link(GLUE, LINK, "split_other.wasm", RestSource::File("x.wasm"));
        assert!(matches!(other_file, Err(TaskError::Message(m)) if m.contains("does not fetch split_other.wasm")));
    }
}
