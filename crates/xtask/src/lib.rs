//! Build automation for Spark Sizer (matklad's xtask pattern): `cargo xtask <task>`.
//!
//! A library too, so the end-to-end driver (`crates/sizer-e2e`) serves `dist/` with the same
//! static server `cargo xtask serve` uses.
pub mod arena_data;
pub mod bench;
pub mod browser;
pub mod browser_scratch;
pub mod calibrate;
pub mod calibrate_architecture;
pub mod calibrate_architecture_doc;
pub mod calibrate_architecture_tried;
pub mod calibrate_doc;
pub mod calibrate_floors;
pub mod calibrate_same_batch;
pub mod calibrate_shapes;
pub mod calibrate_text;
pub mod chromedriver;
pub mod cmd;
pub mod digest;
pub mod dist;
pub mod embed;
pub mod error;
pub mod html;
#[cfg(test)]
mod module_graph;
pub mod paths;
pub mod serve;
pub mod sizes;
pub mod split;
pub mod static_server;
pub mod test;
#[cfg(test)]
mod tidy;
pub mod toolchain;
pub mod widget_tests;
