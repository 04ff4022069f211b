//! Shared pieces of the property tests (`mod support;` in each file that needs them).
#![allow(dead_code)]

/// Points at strictly increasing concurrency from 1: each `(step, value)` adds `step` to the
/// previous point's concurrency, so a generator draws positive steps, not sorted lists.
pub fn increasing_from_one(steps: Vec<(f64, f64)>) -> Vec<(f64, f64)> {
    let mut concurrency = 1.0;
    steps
        .into_iter()
        .map(|(step, value)| {
            let point = (concurrency, value);
            concurrency += step;
            point
        })
        .collect()
}
