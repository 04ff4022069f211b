//! Turning the repository's HTML pages into `dist/` pages.
//!
//! The pages in the repository (`index.html`, `web/embed.html`) reference the assets by their
//! plain names (`./sizer-widget.js`, `./sizer-widget_bg.wasm`, `./styles.css`, and
//! `./spark-sizer.css` in a prerendered `<spark-sizer>` element), always relative,
//! so `dist/` works from any sub-path. The build replaces those names with the content-hashed
//! ones and fills the `<!-- csp -->` marker with a Content-Security-Policy `<meta>` that allows
//! exactly the inline blocks the page has (by hash). A `<!-- prerender -->` marker inside the
//! mount element is left for a prerendered fragment (Yew SSR) of the default scenario.
//!
//! The single-file build inlines the stylesheet and the JS glue plus the wasm (base64) in one
//! `<script type="module">`, and drops the preload links: it opens from `file://` with no server.
use crate::digest::csp_hash_source;
use crate::error::{TaskError, TaskResult};
use base64::Engine;

/// Plain asset references in the source pages.
pub const JS_REF: &str = "./sizer-widget.js";
pub const WASM_REF: &str = "./sizer-widget_bg.wasm";
pub const CSS_REF: &str = "./styles.css";
/// The shadow stylesheet in a prerendered `<spark-sizer>` element's declarative shadow root.
pub const SHADOW_CSS_REF: &str = "./spark-sizer.css";
/// Where the build puts the CSP `<meta>`.
pub const CSP_MARKER: &str = "<!-- csp -->";
/// Where a prerendered widget fragment may go (left in place by this build).
pub const PRERENDER_MARKER: &str = "<!-- prerender -->";

/// The tags the single-file build rewrites (each must appear exactly once in `index.html`).
const STYLESHEET_TAG: &str = r#"<link rel="stylesheet" href="./styles.css">"#;
const MODULE_SCRIPT_TAG: &str = r#"<script type="module" src="./sizer-widget.js"></script>"#;

/// Content-hashed file names of the built assets.
#[derive(Debug, Clone)]
pub struct HashedAssets {
    pub js: String,
    pub wasm: String,
    /// The second wasm module: everything after the first frame (`split.rs`).
    pub rest_wasm: String,
    pub css: String,
    /// The stylesheet of a `<spark-sizer>` element's shadow root ([`shadow_stylesheet`]).
    pub shadow_css: String,
}

/// A hosted page: hashed asset names, and the CSP for its inline blocks.
pub fn hosted_page(source_name: &str, source: &str, assets: &HashedAssets) -> TaskResult<String> {
    let mut page = without_build_notes(source);
    for (plain, hashed) in
        [(JS_REF, &assets.js), (WASM_REF, &assets.wasm), (CSS_REF, &assets.css), (SHADOW_CSS_REF, &assets.shadow_css)]
    {
        page = page.replace(plain, &format!("./{hashed}"));
    }
    let csp = format!(
        "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'{scripts}; style-src 'self'{styles}; \
         img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'",
        scripts = hash_list(&inline_blocks(&page, "script")),
        styles = hash_list(&inline_blocks(&page, "style")),
    );
    fill_csp(source_name, &page, &csp)
}

/// The standalone hosted page (`index.html`): like [`hosted_page`], with the stylesheet inlined.
///
/// One request fewer on the way to the first paint: the page never waits for a render-blocking
/// stylesheet, and the layout the browser forces when parsing ends (form autofill) already runs
/// with the styles. `styles.css` stays in `dist/` for pages that embed the widget.
pub fn standalone_page(source_name: &str, source: &str, css: &str, assets: &HashedAssets) -> TaskResult<String> {
    let page = with_inlined_stylesheet(source_name, source, css)?;
    hosted_page(source_name, &page, assets)
}

/// `page` with its one stylesheet link replaced by a `<style>` block holding `css`.
fn with_inlined_stylesheet(source_name: &str, page: &str, css: &str) -> TaskResult<String> {
    if css.to_ascii_lowercase().contains("</style") {
        return Err(TaskError::Message("styles.css contains `</style` and cannot be inlined".into()));
    }
    replace_once(source_name, page, STYLESHEET_TAG, &format!("<style>{css}</style>"))
}

/// The single self-contained page: stylesheet and module inlined, wasm as base64, no preloads.
///
/// `glue_js` is wasm-bindgen's `--target web` output without the auto-start line; its default
/// export is called with the decoded bytes, so nothing is fetched.
pub fn offline_page(index_source: &str, css: &str, glue_js: &str, wasm: &[u8]) -> TaskResult<String> {
    if glue_js.to_ascii_lowercase().contains("</script") {
        return Err(TaskError::Message("the JS glue contains `</script` and cannot be inlined".into()));
    }
    let wasm_base64 = base64::engine::general_purpose::STANDARD.encode(wasm);
    let script = format!(
        "{glue_js}\n// Spark Sizer, single-file build: the wasm is inlined below as base64.\n\
         {first_paint}sparkSizerAfterFirstPaint(sparkSizerShowPrerendered);\n\
         const sparkSizerWasmBase64 = \"{wasm_base64}\";\n\
         const bytes = Uint8Array.from(atob(sparkSizerWasmBase64), (c) => c.charCodeAt(0));\n\
         await __wbg_init({{ module_or_path: bytes }});\n",
        first_paint = first_paint_js(),
    );
    let page = with_inlined_stylesheet("index.html", &without_build_notes(index_source), css)?;
    let page =
        replace_once("index.html", &page, MODULE_SCRIPT_TAG, &format!("<script type=\"module\">{script}</script>"))?;
    let page: String = page
        .lines()
        .filter(|line| !(line.contains("rel=\"modulepreload\"") || line.contains("rel=\"preload\"")))
        .map(|line| format!("{line}\n"))
        .collect();
    let csp = format!(
        "default-src 'none'; script-src 'wasm-unsafe-eval'{scripts}; style-src{styles}; img-src data:; \
         base-uri 'none'; form-action 'none'",
        scripts = hash_list(&inline_blocks(&page, "script")),
        styles = hash_list(&inline_blocks(&page, "style")),
    );
    fill_csp("index.html", &page, &csp)
}

/// What the start lines appended to the glue do, as a comment in the shipped file.
const AUTOSTART_NOTE: &str = "// Spark Sizer: start every [data-spark-sizer] element. A prerendered page (data-ssr, \
also in a <spark-sizer> element's declarative shadow root) \
shows its first result from the HTML, and its first frame holds only the heading, the run picker and the result \
(styles.css holds the rest back until data-ssr-shown is set). Once that frame is painted, the rest \
is shown and the wasm is fetched, so the first result never waits for (or competes with) the rest \
of the layout, the download or the compilation; where no frame comes (a background tab, a \
headless renderer on virtual time) a timer does both. Client-rendered pages start at once.";

/// After this many milliseconds a prerendered page shows the rest and starts the wasm even if no
/// frame was painted (background tabs and headless renderers paint none). A visible page paints
/// its first frame sooner, so both still come after it there.
const AUTOSTART_FALLBACK_MS: u32 = 250;

/// The attribute the glue sets on a prerendered mount element once its first frame is painted;
/// `web/styles.css` holds back all but the heading and the result until then.
pub const SHOWN_ATTRIBUTE: &str = "data-ssr-shown";

/// Defines `sparkSizerAfterFirstPaint(then)`, which calls `then` once: when the browser reports
/// its first paint (`PerformanceObserver` "paint" entries come after the frame is presented),
/// after the next frame where that entry type is missing, or after [`AUTOSTART_FALLBACK_MS`];
/// and `sparkSizerShowPrerendered()`, which sets [`SHOWN_ATTRIBUTE`] on every prerendered mount
/// (a `[data-spark-sizer]` element, or the container in a `<spark-sizer>` element's shadow root).
fn first_paint_js() -> String {
    format!(
        "const sparkSizerPrerendered = [...document.querySelectorAll(\"[data-spark-sizer][data-ssr]\"),\n\
         \x20 ...[...document.querySelectorAll(\"spark-sizer\")].flatMap((host) =>\n\
         \x20   host.shadowRoot ? [...host.shadowRoot.querySelectorAll(\"[data-spark-sizer-root][data-ssr]\")] : [])];\n\
         const sparkSizerShowPrerendered = () => {{\n\
         \x20 for (const element of sparkSizerPrerendered) element.setAttribute(\"{SHOWN_ATTRIBUTE}\", \"\");\n\
         }};\n\
         const sparkSizerAfterFirstPaint = (then) => {{\n\
         \x20 let done = false;\n\
         \x20 const once = () => {{ if (!done) {{ done = true; then(); }} }};\n\
         \x20 const afterNextFrame = () => requestAnimationFrame(() => setTimeout(once, 0));\n\
         \x20 try {{\n\
         \x20   if (PerformanceObserver.supportedEntryTypes.includes(\"paint\")) {{\n\
         \x20     new PerformanceObserver((_list, observer) => {{ observer.disconnect(); once(); }})\n\
         \x20       .observe({{ type: \"paint\", buffered: true }});\n\
         \x20   }} else {{\n\
         \x20     afterNextFrame();\n\
         \x20   }}\n\
         \x20 }} catch (_error) {{\n\
         \x20   afterNextFrame();\n\
         \x20 }}\n\
         \x20 setTimeout(once, {AUTOSTART_FALLBACK_MS});\n\
         }};\n"
    )
}

/// The glue with the lines that start the widget when the module loads (hosted builds): at
/// once for client-rendered pages; for prerendered ones, the rest of the widget is shown and the
/// wasm started after the first painted frame (or after [`AUTOSTART_FALLBACK_MS`]).
pub fn glue_with_autostart(glue_js: &str, hashed_wasm: &str, rest_wasm: &str, shadow_css: &str) -> TaskResult<String> {
    let exports_init = glue_js.contains("__wbg_init as default") || glue_js.contains("export default __wbg_init");
    if !glue_js.contains("function __wbg_init(") || !exports_init {
        return Err(TaskError::Message(
            "wasm-bindgen's glue does not export `__wbg_init` as default (did its --target web output change?)".into(),
        ));
    }
    // The glue's own default URL is the unhashed name; point it at the hashed file too.
    let glue = glue_js.replace("'sizer-widget_bg.wasm'", &format!("'{hashed_wasm}'"));
    Ok(format!(
        "{glue}\n{AUTOSTART_NOTE}\n{first_paint}\
         let sparkSizerStarted;\n\
         const sparkSizerReady = new Promise((resolve) => {{ sparkSizerStarted = resolve; }});\n\
         const sparkSizerStart = () => __wbg_init({{ module_or_path: new URL(\"./{hashed_wasm}\", import.meta.url) }})\n\
         \x20 .then(sparkSizerStarted)\n\
         \x20 .catch((error) => console.error(\"Spark Sizer could not start:\", error));\n\
         {rest}\
         {element}\
         if (sparkSizerPrerendered.length > 0) {{\n\
         \x20 sparkSizerAfterFirstPaint(() => {{ sparkSizerShowPrerendered(); sparkSizerPreloadRest(); sparkSizerStart(); }});\n\
         }} else {{\n\
         \x20 sparkSizerStart();\n\
         }}\n",
        first_paint = first_paint_js(),
        rest = preload_rest_js(rest_wasm),
        element = custom_element_js(shadow_css),
    ))
}

/// `sparkSizerPreloadRest()`: asks the browser for the second wasm module (`rest_wasm`) beside the
/// first, for a page whose prerendered markup hydrates once both are there. A client-rendered
/// instance does not call it: it fetches the second module after its first frame.
fn preload_rest_js(rest_wasm: &str) -> String {
    format!(
        "let sparkSizerRestAsked = false;\n\
         const sparkSizerPreloadRest = () => {{\n\
         \x20 if (sparkSizerRestAsked) return;\n\
         \x20 sparkSizerRestAsked = true;\n\
         \x20 const link = document.createElement(\"link\");\n\
         \x20 link.rel = \"preload\";\n\
         \x20 link.as = \"fetch\";\n\
         \x20 link.type = \"application/wasm\";\n\
         \x20 link.crossOrigin = \"anonymous\";\n\
         \x20 link.href = new URL(\"./{rest_wasm}\", import.meta.url).href;\n\
         \x20 document.head.append(link);\n\
         }};\n"
    )
}

/// Defines the `<spark-sizer>` element (unless a copy of the glue already did): an open shadow
/// root holding the shadow stylesheet (`shadow_css`, resolved against the module, so a page's
/// `<base href>` does not move it) and a `<div data-spark-sizer-root>` the wasm renders into
/// (`mount_element`), or hydrates when the root came prerendered (declarative shadow DOM from
/// `cargo xtask embed`). A changed attribute goes to the mounted instance, which applies it
/// and keeps the person's other edits (before the wasm is ready, the mount reads the attributes
/// as they are then); the instance waits for the wasm (`sparkSizerReady`). An element moved in
/// the page (taken out and put back in the same task, as frameworks do when they reorder) keeps
/// its instance; one taken out for good is unmounted.
fn custom_element_js(shadow_css: &str) -> String {
    let observed: Vec<String> =
        sizer_data::element_attributes::text_attribute_names().map(|name| format!("\"{name}\"")).collect();
    let script: String =
        ELEMENT_JS.lines().skip_while(|line| line.starts_with("//")).map(|line| [line, "\n"].concat()).collect();
    script
        .replace("__SHADOW_CSS__", shadow_css)
        .replace("__SHOWN_ATTRIBUTE__", SHOWN_ATTRIBUTE)
        .replace("__OBSERVED_ATTRIBUTES__", &format!("[{}]", observed.join(", ")))
}

/// The custom element's script, with the names [`custom_element_js`] fills in.
const ELEMENT_JS: &str = include_str!("spark_sizer_element.js");

/// The widget's stylesheet for a shadow root: `shadow_css` (`web/shadow.css`: the host element,
/// the colour scheme a host can set), then `css` (`styles.css`), with `rem` lengths as pixels
/// (16 px each): `rem` follows the host page's root font size, which a shadow root cannot shut out.
pub fn shadow_stylesheet(shadow_css: &str, css: &str) -> String {
    let css = [shadow_css, "\n", css].concat();
    let css = css.as_str();
    let mut out = String::with_capacity(css.len() + 64);
    let mut rest = css;
    while let Some(at) = rest.find("rem") {
        let before = &rest[..at];
        let number_start = before
            .char_indices()
            .rev()
            .take_while(|(_, c)| c.is_ascii_digit() || *c == '.')
            .last()
            .map_or(at, |(i, _)| i);
        let after = rest[at + 3..].chars().next();
        let ends_word = !after.is_some_and(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
        // A number inside an identifier (`h2rem`, `x-2rem`) is not a length; `-2rem` after a space is.
        let prefix = before[..number_start].strip_suffix('-').unwrap_or(&before[..number_start]);
        let starts_word = !prefix.ends_with(|c: char| c.is_ascii_alphanumeric() || c == '-' || c == '_');
        match before[number_start..].parse::<f64>() {
            Ok(value) if number_start < at && ends_word && starts_word => {
                out.push_str(&before[..number_start]);
                let px = (value * 16.0 * 1000.0).round() / 1000.0;
                out.push_str(&format!("{px}px"));
            }
            _ => {
                out.push_str(before);
                out.push_str("rem");
            }
        }
        rest = &rest[at + 3..];
    }
    out.push_str(rest);
    out
}

/// The page without the comments before `<html` (notes for people editing the source page; the
/// comments inside it stay: Yew's hydration markers are comments).
fn without_build_notes(source: &str) -> String {
    let Some(html_start) = source.find("<html") else { return source.to_string() };
    let (head, rest) = source.split_at(html_start);
    let mut kept = String::with_capacity(source.len());
    let mut remaining = head;
    while let Some(start) = remaining.find("<!--") {
        let Some(end) = remaining[start..].find("-->") else { break };
        kept.push_str(&remaining[..start]);
        remaining = remaining[start + end + 3..].trim_start_matches('\n');
    }
    kept.push_str(remaining);
    kept.push_str(rest);
    kept
}

/// `source` with `needle` replaced, failing unless it occurs exactly once.
fn replace_once(source_name: &str, source: &str, needle: &str, replacement: &str) -> TaskResult<String> {
    match source.matches(needle).count() {
        1 => Ok(source.replacen(needle, replacement, 1)),
        n => Err(TaskError::Message(format!("{source_name}: expected `{needle}` exactly once, found it {n} times"))),
    }
}

fn fill_csp(source_name: &str, page: &str, csp: &str) -> TaskResult<String> {
    let meta = format!("<meta http-equiv=\"Content-Security-Policy\" content=\"{csp}\">");
    replace_once(source_name, page, CSP_MARKER, &meta)
}

/// `" 'sha256-…' 'sha256-…'"` for the given inline texts (empty for none).
fn hash_list(blocks: &[&str]) -> String {
    blocks.iter().map(|text| format!(" {}", csp_hash_source(text))).collect()
}

/// The text of every inline `<tag …>…</tag>` block (script blocks with `src` are not inline;
/// HTML comments are skipped, so a comment that mentions `<style>` is not a block).
fn inline_blocks<'a>(html: &'a str, tag: &str) -> Vec<&'a str> {
    let open = format!("<{tag}");
    let close = format!("</{tag}>");
    let mut blocks = Vec::new();
    let mut rest = html;
    while let Some(start) = rest.find(&open) {
        if let Some(comment) = rest.find("<!--").filter(|&c| c < start) {
            let Some(comment_end) = rest[comment..].find("-->") else { break };
            rest = &rest[comment + comment_end + 3..];
            continue;
        }
        let after_name = &rest[start + open.len()..];
        let Some(tag_end) = after_name.find('>') else { break };
        let attributes = &after_name[..tag_end];
        let body = &after_name[tag_end + 1..];
        let Some(body_end) = body.find(&close) else { break };
        let is_tag = attributes.is_empty() || attributes.starts_with(char::is_whitespace);
        if is_tag && !attributes.contains("src=") {
            blocks.push(&body[..body_end]);
        }
        rest = &body[body_end + close.len()..];
    }
    blocks
}

#[cfg(test)]
mod tests {
    use super::*;

    const INDEX: &str = "<!-- a comment that mentions <style> and </style> -->\n<head>\n<!-- csp -->\n<style>body{margin:0}</style>\n\
        <link rel=\"stylesheet\" href=\"./styles.css\">\n\
        <link rel=\"modulepreload\" href=\"./sizer-widget.js\">\n\
        <link rel=\"preload\" href=\"./sizer-widget_bg.wasm\" as=\"fetch\" type=\"application/wasm\" crossorigin>\n\
        <script type=\"module\" src=\"./sizer-widget.js\"></script>\n</head>\n\
        <body><div data-spark-sizer data-sync-url><!-- prerender --></div></body>\n";

    fn assets() -> HashedAssets {
        HashedAssets {
            js: "sizer-widget-aa.js".into(),
            wasm: "sizer-widget-bb_bg.wasm".into(),
            rest_wasm: "sizer-widget-rest-cc.wasm".into(),
            css: "styles-cc.css".into(),
            shadow_css: "spark-sizer-dd.css".into(),
        }
    }

    #[test]
    fn hosted_page_uses_hashed_relative_names_and_hashes_its_inline_style() {
        let page = hosted_page("index.html", INDEX, &assets()).unwrap();
        assert!(page.contains(r#"<script type="module" src="./sizer-widget-aa.js"></script>"#));
        assert!(page.contains(r#"href="./sizer-widget-bb_bg.wasm""#));
        assert!(page.contains(r#"href="./styles-cc.css""#));
        assert!(!page.contains("./sizer-widget.js") && !page.contains("./styles.css"));
        let style_hash = csp_hash_source("body{margin:0}");
        assert!(page.contains(&format!("style-src 'self' {style_hash};")));
        assert!(page.contains("script-src 'self' 'wasm-unsafe-eval';"));
        assert!(page.contains(PRERENDER_MARKER));
        assert!(!page.contains(CSP_MARKER));
    }

    #[test]
    fn standalone_page_inlines_the_stylesheet_and_allows_it_by_hash() {
        let page = standalone_page("index.html", INDEX, ".spark-sizer{color:red}", &assets()).unwrap();
        assert!(page.contains("<style>.spark-sizer{color:red}</style>"));
        assert!(!page.contains("rel=\"stylesheet\""));
        assert!(page.contains(r#"<script type="module" src="./sizer-widget-aa.js"></script>"#));
        let hashes = format!("{} {}", csp_hash_source("body{margin:0}"), csp_hash_source(".spark-sizer{color:red}"));
        assert!(page.contains(&format!("style-src 'self' {hashes};")), "{page}");
        assert!(standalone_page("index.html", INDEX, "a{}</STYLE>", &assets()).is_err());
    }

    #[test]
    fn offline_page_inlines_everything_and_allows_only_its_own_blocks() {
        let glue = "async function __wbg_init(){}\nexport { initSync, __wbg_init as default };";
        let page = offline_page(INDEX, ".spark-sizer{color:red}", glue, &[0, 97, 115, 109]).unwrap();
        assert!(!page.contains("modulepreload") && !page.contains("rel=\"preload\"") && !page.contains("src=\"./"));
        assert!(page.contains("<style>.spark-sizer{color:red}</style>"));
        assert!(page.contains("\"AGFzbQ==\"")); // base64 of "\0asm"
        assert!(page.contains("await __wbg_init({ module_or_path: bytes });"));
        assert!(page.contains("sparkSizerAfterFirstPaint(sparkSizerShowPrerendered);\nconst sparkSizerWasmBase64"));
        let scripts = inline_blocks(&page, "script");
        assert_eq!(scripts.len(), 1);
        assert!(page.contains(&format!("script-src 'wasm-unsafe-eval' {};", csp_hash_source(scripts[0]))));
        assert!(page.contains("default-src 'none'"));
    }

    #[test]
    fn offline_page_refuses_text_that_would_close_its_block() {
        let glue = "const s = '</script>';\nexport default __wbg_init;";
        assert!(offline_page(INDEX, "", glue, &[]).is_err());
        assert!(offline_page(INDEX, "a{}</style>", "export default __wbg_init;", &[]).is_err());
    }

    #[test]
    fn notes_before_the_html_element_are_dropped_and_comments_inside_kept() {
        let source = "<!doctype html>\n<!--\n  editing notes\n-->\n<html><head><!-- csp --></head>\
            <body><div data-ssr><!--<[yew]>--></div></body></html>";
        let page = hosted_page("index.html", source, &assets()).unwrap();
        assert!(page.starts_with("<!doctype html>\n<html><head><meta http-equiv"), "{page}");
        assert!(page.contains("<!--<[yew]>-->"));
    }

    #[test]
    fn missing_markers_are_reported_not_skipped() {
        let err = hosted_page("index.html", "<head></head>", &assets()).unwrap_err();
        assert!(err.to_string().contains("<!-- csp -->"));
    }

    #[test]
    fn autostart_points_the_glue_at_the_hashed_wasm() {
        let glue = "async function __wbg_init(m) {\n  m = new URL('sizer-widget_bg.wasm', import.meta.url);\n}\nexport { initSync, __wbg_init as default };";
        let started =
            glue_with_autostart(glue, "sizer-widget-bb_bg.wasm", "sizer-widget-rest-cc.wasm", "spark-sizer-dd.css")
                .unwrap();
        assert!(started.contains("new URL('sizer-widget-bb_bg.wasm', import.meta.url)"));
        assert!(
            started.contains("__wbg_init({ module_or_path: new URL(\"./sizer-widget-bb_bg.wasm\", import.meta.url) })")
        );
        assert!(started.contains(
            "const sparkSizerPrerendered = [...document.querySelectorAll(\"[data-spark-sizer][data-ssr]\"),\n"
        ));
        assert!(
            started.contains(
                "for (const element of sparkSizerPrerendered) element.setAttribute(\"data-ssr-shown\", \"\");"
            )
        );
        assert!(started.contains(".observe({ type: \"paint\", buffered: true });"));
        assert!(started.contains("const afterNextFrame = () => requestAnimationFrame(() => setTimeout(once, 0));"));
        assert!(started.contains("  setTimeout(once, 250);\n};\n"));
        assert!(started.contains("if (sparkSizerPrerendered.length > 0) {\n  sparkSizerAfterFirstPaint(() => { sparkSizerShowPrerendered(); sparkSizerPreloadRest(); sparkSizerStart(); });\n"));
        // The second module: preloaded for hydration, awaited before a prerendered element mounts.
        assert!(started.contains("  link.href = new URL(\"./sizer-widget-rest-cc.wasm\", import.meta.url).href;\n"));
        assert!(
            started
                .contains("const ready = prerendered ? sparkSizerReady.then(() => rest_loaded()) : sparkSizerReady;")
        );
        assert!(started.trim_end().ends_with("} else {\n  sparkSizerStart();\n}"), "{started}");
        assert!(started.contains("const sparkSizerSheet = new URL(\"./spark-sizer-dd.css\", import.meta.url).href;\n"));
        assert!(started.contains("  .then(sparkSizerStarted)\n"));
        assert!(started.contains("host.shadowRoot.querySelectorAll(\"[data-spark-sizer-root][data-ssr]\")"));
        assert!(started.contains("this.sparkSizerInstance = mount_element(this, container);"));
        assert!(started.contains("customElements.define(\"spark-sizer\", SparkSizerElement);"));
        assert!(glue_with_autostart("export default init;", "x", "z", "y").is_err());
    }

    #[test]
    fn shadow_stylesheet_turns_rem_into_pixels_and_leaves_other_words_alone() {
        let css = ".a{margin:1.5rem 0.25rem -2rem;width:min(100%,22rem)} .remove-x{grid-area:rem} \
                   @container s (max-width: 55.99rem) {.premium{x:3rem}} .b{x:2.rem}";
        let shadow = shadow_stylesheet(":host { display: block; }", css);
        assert!(shadow.starts_with(":host { display: block; }\n.a{"));
        assert!(shadow.contains(".a{margin:24px 4px -32px;width:min(100%,352px)}"), "{shadow}");
        assert!(shadow.contains(".remove-x{grid-area:rem}"), "{shadow}");
        assert!(shadow.contains("(max-width: 895.84px) {.premium{x:48px}}"), "{shadow}");
        assert!(!shadow.contains("0rem") && !shadow.contains("5rem"));
    }
}
