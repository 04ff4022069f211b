//! The shell: the calculator page that puts the features together (`app`), the custom element
//! and mount points (`embedded`, `mount`), the first frame and the module loaded after it
//! (`first_frame`, `later`, `later_views`), the page's event handlers and sync with the page
//! (`handlers`, `page_sync`, `config_sync`), and the `window.SparkSizer` APIs (`team_api`,
//! `sim_api`). The shell uses the features; no feature uses the shell.

pub mod app;
pub mod config_sync;
pub mod embedded;
pub mod first_frame;
pub mod handlers;
pub mod later;
mod later_views;
#[cfg(all(target_arch = "wasm32", feature = "csr"))]
pub(crate) mod mount;
pub mod page_sync;
pub mod share_bar;
#[cfg(all(target_arch = "wasm32", feature = "csr"))]
pub(crate) mod sim_api;
pub mod skip_links;
pub mod team_api;
