//! Prerenders the widget into a page at build time (Yew's `ssr` feature): every
//! `[data-spark-sizer]` mount point that holds the `<!-- prerender -->` marker gets the widget's
//! HTML for its own `data-*` configuration and the `data-ssr` attribute, so the first result, the
//! worked steps and the sourced tables are in the HTML before any wasm runs (and readable with
//! scripts off). The widget hydrates such a mount point instead of rendering it again. A
//! marked `<spark-sizer>` element gets the same inside a declarative shadow root.
//!
//! `cargo run -p sizer-prerender -- index.html > prerendered.html` (`cargo xtask dist` runs it).
mod page;

use std::process::ExitCode;

fn main() -> ExitCode {
    let Some(path) = std::env::args().nth(1) else {
        eprintln!("usage: sizer-prerender <page.html>   (prints the page with its mount points prerendered)");
        return ExitCode::FAILURE;
    };
    let html = match std::fs::read_to_string(&path) {
        Ok(html) => html,
        Err(error) => {
            eprintln!("sizer-prerender: cannot read {path}: {error}");
            return ExitCode::FAILURE;
        }
    };
    match prerender(&html) {
        Ok(page) => {
            print!("{page}");
            ExitCode::SUCCESS
        }
        Err(error) => {
            eprintln!("sizer-prerender: {path}: {error}");
            ExitCode::FAILURE
        }
    }
}

/// `html` with every marked mount point rendered.
fn prerender(html: &str) -> Result<String, String> {
    let runtime =
        tokio::runtime::Builder::new_current_thread().build().map_err(|e| format!("no async runtime: {e}"))?;
    let marked: Vec<page::MountTag> = page::mount_tags(html).into_iter().filter(|tag| tag.has_marker).collect();
    let mut rendered = Vec::with_capacity(marked.len());
    for tag in marked {
        let fragment = if tag.element {
            runtime.block_on(sizer_widget::render_element_to_string(tag.attributes.clone()))
        } else {
            runtime.block_on(sizer_widget::render_to_string(tag.attributes.clone(), tag.index))
        };
        rendered.push((tag, fragment));
    }
    Ok(page::splice(html, &rendered, &sizer_widget::build_fingerprint()))
}
