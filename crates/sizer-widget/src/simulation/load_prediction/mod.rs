//! "Load from your logs": an open-loop load (peak requests per second, burstiness, prompt and
//! answer lengths) predicted on the chosen dataset run's engine model
//! (`sizer_data::predict_engine`), with the highest rate that keeps a p95 TTFT target and a
//! chart of the sweep beside the run's measured one. The work (`job`) runs off the input path
//! in slices (`section`'s browser driver, as the simulation's `scheduler`); its views are
//! `section` (inputs, state) and `result` (the figures and charts).

pub mod export;
pub mod fragment;
pub mod job;
pub mod people_rate;
pub mod result;
pub mod section;
