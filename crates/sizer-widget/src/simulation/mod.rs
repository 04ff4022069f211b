//! "Check by simulation": the simulation advanced in bounded steps (`stepper`), run off the
//! input path in the browser (`scheduler`), and its views (`section`, `result`, `figure`).

pub mod figure;
pub mod result;
pub mod scheduler;
pub mod section;
pub mod stepper;
