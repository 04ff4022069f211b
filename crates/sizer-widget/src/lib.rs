//! The Spark Sizer widget: a Yew calculator that sizes a team on a DGX Spark from published
//! benchmarks, shows its work and cites every figure.
//!
//! Module map, one room per folder; dependencies point one way (features use `common` and
//! `i18n`, `i18n` uses no room, the shell uses the features, no feature uses the shell, and the
//! other features use only `sizing` of the features; `cargo test -p xtask` fails on a cycle):
//! - `shell/`: the calculator page, the one reducer, opening a link, the validated attributes,
//!   the custom element and mount points, the first frame and the module loaded after it (the
//!   `rest` split point), the `window.SparkSizer` APIs.
//! - `sizing/`: the calculation, its worked steps and export, the scenario's fragment keys, the
//!   run shown and the result's views.
//! - `team/`, `memory/`, `import/`, `simulation/`: one feature each (sub-reducer, link keys,
//!   export, worked steps, views).
//! - `common/`: browser glue, ids, deferred tasks, field parsing, chart canvas,
//!   small shared views.
//! - `i18n/`: message tables, sentences and number formats in English and German, and each
//!   choice's code and label.

pub mod common;
pub mod i18n;
pub mod import;
pub mod memory;
pub mod shell;
pub mod simulation;
pub mod sizing;
pub mod team;

#[cfg(all(target_arch = "wasm32", feature = "csr"))]
pub use shell::mount::{install_api, mount};

/// The element's attributes and the imported runs at the paths host crates and tests have used
/// (`sizer_widget::config::Attributes`, `sizer_widget::imported::STORAGE_KEY`).
pub use import::imported;
pub use shell::app::{App, AppProps};
pub use shell::config;
pub use shell::config::{Attributes, unknown_attributes};
/// The seed and a shared curve in a link: read and written by the import crate.
pub use sizer_import::{share_link, sim_link};

/// The id prefix of the `index`-th instance on a page (`ss0`, `ss1`, ...): element ids stay
/// unique with several instances, and a prerendered instance hydrates with the same ids.
pub fn id_prefix(index: usize) -> String {
    ["ss", &index.to_string()].concat()
}

/// What prerendered markup was rendered from: the widget's source and the dataset, as
/// `<widget>-<dataset>` fingerprints. The prerenderer writes it into `data-ssr`; the browser
/// hydrates only markup with its own value and renders afresh otherwise (hydrating markup from
/// other code or data would fail and leave the page inert).
pub fn build_fingerprint() -> String {
    [env!("SPARK_SIZER_WIDGET_SOURCE"), "-", sizer_data::DATASET_FINGERPRINT].concat()
}

/// Renders a `<spark-sizer>` element's instance to HTML (Yew's `ssr` feature) for its shadow
/// root: `cargo xtask embed` puts it in a declarative shadow root, in a `<div data-ssr>` that
/// the element hydrates (see `mount::mount_element`).
#[cfg(feature = "ssr")]
pub async fn render_element_to_string(attributes: Attributes) -> String {
    let config = shell::embedded::element_config(&attributes);
    yew::ServerRenderer::<shell::embedded::Embedded>::with_props(move || shell::embedded::EmbeddedProps {
        config,
        on_sizing: None,
        progressive: false,
    })
    .render()
    .await
}

/// Renders an instance to HTML (Yew's `ssr` feature), e.g. to prerender the default scenario
/// into `index.html`. Put the output inside the mount point and add `data-ssr` to it, so the
/// browser hydrates instead of rendering again; `index` is the mount point's position among the
/// page's `[data-spark-sizer]` elements.
#[cfg(feature = "ssr")]
pub async fn render_to_string(attributes: Attributes, index: usize) -> String {
    let config = shell::config::Config::from_attributes(&attributes);
    let prefix = id_prefix(index);
    yew::ServerRenderer::<App>::with_props(move || AppProps { config, id_prefix: prefix.into() }).render().await
}
