//! The widget's components, one file each.

pub mod advice;
pub mod charts;
pub mod choice_select;
pub mod claim_status;
pub mod claims_panel;
pub mod config_errors;
pub mod error_text;
pub mod floor_presets;
pub mod import_panel;
pub mod kv_pool_note;
pub mod memory_bar;
pub mod memory_section;
pub mod number_field;
pub mod point_legend;
pub mod result_panel;
pub mod run_picker;
pub mod share_bar;
pub mod sim_figure;
pub mod sim_result;
pub mod simulation;
pub mod skip_links;
pub mod sources;
pub mod tables;
pub mod team_panel;
pub mod ttft_note;
pub mod work_steps;
