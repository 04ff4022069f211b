//! The shell: the calculator page that puts the features together (`app`), the one reducer
//! holding the features' sub-states (`state`), opening a link (`link`: each key read by its
//! owner), the element's validated attributes and their errors (`config`, `config_errors`),
//! the custom element and mount points (`embedded`, `mount`), the first frame and the module
//! loaded after it (`first_frame`, `later`, `later_views`), the page's event handlers and sync
//! with the page (`handlers`, `page_sync`, `config_sync`), the share bar and the fields not used
//! (`share_bar`, `stale_inputs`), and the `window.SparkSizer` APIs (`team_api`, `sim_api`,
//! `run_api` for `size` and `predict`). The shell uses the features; no feature uses the shell.

pub mod app;
pub mod config;
pub mod config_errors;
pub mod config_sync;
pub mod embedded;
pub mod first_frame;
pub mod handlers;
#[cfg(all(target_arch = "wasm32", feature = "csr"))]
pub(crate) mod js_args;
pub mod later;
mod later_views;
pub mod link;
#[cfg(all(target_arch = "wasm32", feature = "csr"))]
pub(crate) mod mount;
pub mod page_sync;
#[cfg(all(target_arch = "wasm32", feature = "csr"))]
pub(crate) mod run_api;
pub mod share_bar;
#[cfg(all(target_arch = "wasm32", feature = "csr"))]
pub(crate) mod sim_api;
pub mod skip_links;
pub mod stale_inputs;
pub mod state;
pub mod team_api;
