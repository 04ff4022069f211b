//! "Check by simulation": the simulation advanced in bounded steps (`stepper`), run off the
//! input path in the browser (`scheduler`), and its views (`section`, `result`, `figure`).
//!
//! Of the other features it uses only `sizing`: it simulates the run the sizing shows
//! (`sizing::run_ref::RunRef`).

pub mod figure;
pub mod load_prediction;
pub mod result;
pub mod scheduler;
pub mod section;
pub mod stepper;
