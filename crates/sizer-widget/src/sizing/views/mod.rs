//! The views of the sizing and its result, one file each.

pub mod advice;
pub mod chart_data;
pub mod chart_figure;
pub mod charts;
pub mod claim_status;
pub mod claims_panel;
pub mod floor_presets;
pub mod link_notice;
pub mod measured_load;
pub mod point_legend;
pub mod result_panel;
pub mod run_picker;
pub mod sources;
pub mod tables;
pub mod ttft_note;
