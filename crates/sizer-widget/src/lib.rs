//! The Spark Sizer widget: a Yew calculator that sizes a team on a DGX Spark from published
//! benchmarks, shows its work and cites every figure.
//!
//! Module map: `state` (Reducible state + Action), `app` (the calculator), `components/` (one
//! file each), `i18n/` (message tables, number formats), `input` (field specs and parsing),
//! `config` (validated `data-*` attributes), `fragment` (URL fragment codec), `export`
//! (Markdown + JSON), `sim_job` and `sim_api` ("Check by simulation" and its JS API), `mount` (browser entry points and the `window.SparkSizer` API).

pub mod app;
pub mod browser;
pub mod calculation;
pub mod chart;
pub mod codes;
pub mod components;
pub mod config;
pub mod config_sync;
pub mod embedded;
pub mod export;
pub mod first_frame;
pub mod fragment;
pub mod handlers;
pub mod i18n;
pub mod ids;
pub mod import_state;
pub mod imported;
pub mod input;
pub mod link;
pub mod memory_export;
pub mod memory_state;
pub mod memory_view;
pub mod next_task;
pub mod page_sync;
pub mod rest;
mod rest_views;
pub mod run_ref;
pub mod sim_job;
pub mod sim_task;
pub mod stale;
pub mod state;
pub mod summary;
pub mod team_api;
pub mod team_export;
pub mod team_fragment;
pub mod team_state;
pub mod team_work;
pub mod work;

#[cfg(all(target_arch = "wasm32", feature = "csr"))]
mod mount;

#[cfg(all(target_arch = "wasm32", feature = "csr"))]
mod sim_api;

#[cfg(all(target_arch = "wasm32", feature = "csr"))]
pub use mount::{install_api, mount};

pub use app::{App, AppProps};
pub use config::{Attributes, unknown_attributes};
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
    let config = embedded::element_config(&attributes);
    yew::ServerRenderer::<embedded::Embedded>::with_props(move || embedded::EmbeddedProps {
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
    let config = config::Config::from_attributes(&attributes);
    let prefix = id_prefix(index);
    yew::ServerRenderer::<App>::with_props(move || AppProps { config, id_prefix: prefix.into() }).render().await
}
