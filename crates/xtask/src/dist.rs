//! `cargo xtask dist`: the release build of the widget, written to `dist/`.
//!
//! Steps: `cargo rustc --release` for wasm32 (with Yew's `hydration` and the `split` points,
//! linked with relocations) → split into a first and a second module (`split.rs`) →
//! `wasm-bindgen --target web` on the first → `wasm-opt` on both, stripping names and producers,
//! [`WASM_OPT_PASSES`] (when available) → the link module inlined into the glue → content-hashed
//! names → `index.html` and `embed.html` prerendered by `sizer-prerender` (Yew SSR into each
//! `<!-- prerender -->` mount point or `<spark-sizer>` element, hydrated by the wasm) → pages
//! (`index.html`, `embed.html`) with the hashed names and their CSP → the single-file
//! `spark-sizer-offline.html` (both modules inlined) → a size report.
use crate::cmd::{self, cargo};
use crate::digest::name_hash;
use crate::error::{TaskError, TaskResult};
use crate::html::{self, HashedAssets};
use crate::paths::{dist_dir, target_dir};
use crate::sizes::{self, Sizes};
use crate::split;
use crate::toolchain::{self, WASM_TARGET};
use base64::Engine;
use std::path::{Path, PathBuf};
use std::process::Command;

const WIDGET_CRATE: &str = "sizer-widget";
/// The widget's features in the shipped wasm: hydrate the prerendered markup instead of redrawing.
const WIDGET_FEATURES: &str = "hydration,split";
/// Renders the widget into a page's marked mount points (Yew SSR), printing the page.
const PRERENDER_CRATE: &str = "sizer-prerender";
/// wasm-bindgen's `--out-name`: the glue is `sizer-widget.js`, the module `sizer-widget_bg.wasm`.
const OUT_NAME: &str = "sizer-widget";
pub const OFFLINE_PAGE: &str = "spark-sizer-offline.html";

/// What wasm-opt does to the module besides stripping names and producers. `-Oz` makes the
/// compressed file slightly larger but the raw one smaller, and the browser compiles the raw
/// bytes (lazily, function by function, on the main thread during the first render): a plain
/// embed painted its first result sooner with it. The figures are in BENCHMARKS.md ("Findings kept"
/// and the history table).
const WASM_OPT_PASSES: &[&str] = &["-Oz", "--converge", "--low-memory-unused"];

/// wasm features rustc enables by default for wasm32-unknown-unknown; wasm-opt must accept them.
const WASM_OPT_FEATURES: &[&str] = &[
    "--enable-bulk-memory",
    "--enable-nontrapping-float-to-int",
    "--enable-sign-ext",
    "--enable-mutable-globals",
    "--enable-multivalue",
    "--enable-reference-types",
];

/// What `dist` produced.
pub struct DistOutput {
    pub dir: PathBuf,
    pub assets: HashedAssets,
}

pub fn dist(root: &Path) -> TaskResult<DistOutput> {
    toolchain::ensure_wasm_target()?;
    let bindgen_version = toolchain::locked_wasm_bindgen_version(root)?;
    let bindgen_dir = toolchain::ensure_wasm_bindgen(&bindgen_version)?;

    // Only the widget's own link gets the relocations (`cargo rustc`), so the dependencies'
    // builds are shared with `cargo build`.
    cmd::run(cargo().current_dir(root).args([
        "rustc",
        "--release",
        "--package",
        WIDGET_CRATE,
        "--lib",
        "--target",
        WASM_TARGET,
        "--features",
        WIDGET_FEATURES,
        "--",
        "-C",
        "link-args=--emit-relocs",
    ]))?;
    let target = target_dir(root);
    let built_wasm = target.join(WASM_TARGET).join("release").join(format!("{}.wasm", WIDGET_CRATE.replace('-', "_")));
    let cut = split::split(&built_wasm, &target.join("spark-sizer-split"), &format!("{OUT_NAME}.js"))?;

    let work = target.join("spark-sizer-dist");
    recreate_dir(&work)?;
    cmd::run(
        Command::new(bindgen_dir.join("wasm-bindgen"))
            .arg(&cut.main)
            .args(["--target", "web", "--no-typescript", "--keep-lld-exports", "--out-name", OUT_NAME, "--out-dir"])
            .arg(&work),
    )?;
    let bindgen_wasm = work.join(format!("{OUT_NAME}_bg.wasm"));
    optimize_wasm(&bindgen_wasm, &target.join("spark-sizer-wasm-opt"))?;
    let [split_rest] = cut.modules.as_slice() else {
        return Err(TaskError::Message(format!("expected one second module from the splitter, got {:?}", cut.modules)));
    };
    let rest_file = split_rest.file_name().and_then(|name| name.to_str()).unwrap_or_default().to_string();
    let rest_wasm_path = work.join(&rest_file);
    std::fs::copy(split_rest, &rest_wasm_path).map_err(TaskError::io(split_rest))?;
    optimize_wasm(&rest_wasm_path, &target.join("spark-sizer-wasm-opt"))?;

    let read = |path: &Path| std::fs::read(path).map_err(TaskError::io(path));
    let read_text = |path: &Path| std::fs::read_to_string(path).map_err(TaskError::io(path));
    let wasm = read(&bindgen_wasm)?;
    let rest_wasm = read(&rest_wasm_path)?;
    let rest_wasm_name = format!("{OUT_NAME}-rest-{}.wasm", name_hash(&rest_wasm));
    let bindgen_glue = read_text(&work.join(format!("{OUT_NAME}.js")))?;
    let link = read_text(&cut.link)?;
    let glue = split::inline_link(&bindgen_glue, &link, &rest_file, split::RestSource::File(&rest_wasm_name))?;
    let rest_base64 = base64::engine::general_purpose::STANDARD.encode(&rest_wasm);
    let offline_glue = split::inline_link(&bindgen_glue, &link, &rest_file, split::RestSource::Base64(&rest_base64))?;
    let css_path = root.join("web/styles.css");
    let css = read_text(&css_path).map_err(|e| TaskError::Message(format!("the widget's stylesheet: {e}")))?;
    let index_source = prerendered(root, &root.join("index.html"))?;
    let embed_source = prerendered(root, &root.join("web/embed.html"))?;

    let wasm_name = format!("{OUT_NAME}-{}_bg.wasm", name_hash(&wasm));
    let shadow_only_path = root.join("web/shadow.css");
    let shadow_only = read_text(&shadow_only_path)?;
    let shadow_css = html::shadow_stylesheet(&shadow_only, &css);
    let shadow_css_name = format!("spark-sizer-{}.css", name_hash(shadow_css.as_bytes()));
    let started_glue = html::glue_with_autostart(&glue, &wasm_name, &rest_wasm_name, &shadow_css_name)?;
    let assets = HashedAssets {
        js: format!("{OUT_NAME}-{}.js", name_hash(started_glue.as_bytes())),
        wasm: wasm_name,
        rest_wasm: rest_wasm_name,
        css: format!("styles-{}.css", name_hash(css.as_bytes())),
        shadow_css: shadow_css_name,
    };

    let dist = dist_dir(root);
    recreate_dir(&dist)?;
    let files: [(&str, Vec<u8>); 8] = [
        ("index.html", html::standalone_page("index.html", &index_source, &css, &assets)?.into_bytes()),
        (&assets.js, started_glue.into_bytes()),
        (&assets.wasm, wasm.clone()),
        (&assets.rest_wasm, rest_wasm),
        (&assets.css, css.clone().into_bytes()),
        (&assets.shadow_css, shadow_css.into_bytes()),
        ("embed.html", html::hosted_page("web/embed.html", &embed_source, &assets)?.into_bytes()),
        (OFFLINE_PAGE, html::offline_page(&index_source, &css, &offline_glue, &wasm)?.into_bytes()),
    ];
    eprintln!("\n{}", sizes::table_header());
    // What the standalone page loads: it inlines the stylesheet, and hydrates with both modules.
    let standalone = ["index.html", assets.js.as_str(), assets.wasm.as_str(), assets.rest_wasm.as_str()];
    let mut standalone_total = Sizes::default();
    for (name, bytes) in &files {
        let path = dist.join(name);
        std::fs::write(&path, bytes).map_err(TaskError::io(&path))?;
    }
    // Brotli at quality 11 takes most of this task's time once the wasm is built: each file is
    // measured on its own thread (the offline page alone is 3.8 MB).
    let measured: Vec<Sizes> = std::thread::scope(|scope| {
        let threads: Vec<_> = files.iter().map(|(_, bytes)| scope.spawn(|| sizes::measure(bytes))).collect();
        let joined = threads.into_iter().map(|thread| thread.join());
        joined.collect::<Result<_, _>>().map_err(|_| TaskError::Message("measuring a file's size failed".into()))
    })?;
    for ((name, _), measured) in files.iter().zip(measured) {
        eprintln!("{}", sizes::table_row(name, measured));
        if standalone.contains(name) {
            standalone_total = standalone_total + measured;
        }
    }
    eprintln!("{}", sizes::table_row("= standalone page (index + js + both wasm)", standalone_total));
    eprintln!("\nxtask: wrote {}", dist.display());
    Ok(DistOutput { dir: dist, assets })
}

/// The page at `path` with its marked mount points prerendered (stdout of `sizer-prerender`).
pub fn prerendered(root: &Path, path: &Path) -> TaskResult<String> {
    let mut prerender = cargo();
    prerender.current_dir(root).args(["run", "--quiet", "--package", PRERENDER_CRATE, "--"]).arg(path);
    let command = cmd::describe(&prerender);
    eprintln!("$ {command}");
    let output = prerender
        .stderr(std::process::Stdio::inherit())
        .output()
        .map_err(|source| TaskError::Spawn { program: "cargo".into(), source })?;
    if !output.status.success() {
        return Err(TaskError::Failed { command, status: output.status });
    }
    String::from_utf8(output.stdout).map_err(|_| TaskError::Message(format!("{PRERENDER_CRATE} printed invalid UTF-8")))
}

/// `wasm-opt` ([`WASM_OPT_PASSES`]) in place, or a message when no suitable wasm-opt exists.
/// Results are kept in `cache` by the hash of the input and the passes, so an unchanged widget
/// is not optimised again (it takes a minute).
fn optimize_wasm(wasm: &Path, cache: &Path) -> TaskResult {
    let input = std::fs::read(wasm).map_err(TaskError::io(wasm))?;
    let key = [input.as_slice(), WASM_OPT_PASSES.join(" ").as_bytes()].concat();
    let cached = cache.join(format!("{}.wasm", name_hash(&key)));
    if cached.is_file() {
        eprintln!("xtask: wasm-opt output for this wasm is cached: {}", cached.display());
        return std::fs::copy(&cached, wasm).map(|_| ()).map_err(TaskError::io(wasm));
    }
    let Some(wasm_opt) = toolchain::find_wasm_opt() else { return Ok(()) };
    let optimized = wasm.with_extension("opt.wasm");
    cmd::run(
        Command::new(wasm_opt)
            .args(WASM_OPT_PASSES)
            .args(WASM_OPT_FEATURES)
            .args(["--strip-debug", "--strip-producers"])
            .arg(wasm)
            .arg("-o")
            .arg(&optimized),
    )?;
    if std::fs::create_dir_all(cache).is_ok() {
        // A cache that cannot be written only costs time on the next build.
        let _ = std::fs::copy(&optimized, &cached);
    }
    std::fs::rename(&optimized, wasm).map_err(TaskError::io(wasm))
}

fn recreate_dir(dir: &Path) -> TaskResult {
    if dir.exists() {
        std::fs::remove_dir_all(dir).map_err(TaskError::io(dir))?;
    }
    std::fs::create_dir_all(dir).map_err(TaskError::io(dir))
}
