//! A run rebuilt from a curve shared as points in a link ([`crate::encode_points`]): only the
//! curve travels, so the run has no TTFT, prefill or workload.

use sizer_data::{Counter, Figure, Run, RunOrigin, RunPoint, Topology, Workload};

use crate::input::text::clean_label;
use crate::input::unnamed::SHARED_LABEL;
use crate::link::share::{ShareError, decode_points};

/// A run rebuilt from shared points (`1:81.2,8:37.3`): origin `Yours`, the given id and label
/// (cleaned; empty gives [`SHARED_LABEL`]), every speed marked as the person's own published
/// figure. Concurrencies must be whole.
pub fn run_from_shared_points(id: &str, label: &str, points: &str) -> Result<Run, ShareError> {
    let decoded = decode_points(points)?;
    let (label, _) = clean_label(label);
    let label = if label.is_empty() { SHARED_LABEL.to_owned() } else { label };
    let mut run_points = Vec::with_capacity(decoded.len());
    for (index, (concurrency, tok_s)) in decoded.into_iter().enumerate() {
        if concurrency.fract() != 0.0 || concurrency > f64::from(u32::MAX) {
            return Err(ShareError::OutOfRange { index });
        }
        run_points.push(RunPoint {
            // Whole and within u32 (checked above), so the conversion is exact.
            concurrency: concurrency as u32,
            per_request_tok_s: Some(Figure::published(tok_s)),
            ..RunPoint::default()
        });
    }
    Ok(Run {
        id: id.to_owned(),
        label: label.clone(),
        origin: RunOrigin::Yours,
        model: label,
        model_id: "shared".to_owned(),
        format: None,
        engine: None,
        engine_version: None,
        hardware: None,
        nodes: 1,
        topology: Topology::Single,
        workload: Workload::default(),
        counter: Counter::NotStated,
        source: sizer_data::YOURS.to_owned(),
        date: None,
        cited_in: Vec::new(),
        points: run_points,
        note: Some("Shared as points in a link: per-request tok/s only.".to_owned()),
        setup: None,
        further_workloads: Vec::new(),
        engine_points: Vec::new(),
        server: None,
        caveats: Vec::new(),
        names_de: sizer_data::GermanNames::default(),
        imported_from: None,
    })
}

/// The curve of a run as shared points (`1:54.18,2:28.51`), on the figure [`Run::curve`] uses.
pub fn share_points(run: &Run) -> Result<String, ShareError> {
    let (points, _) = run.curve_points().map_err(|_| ShareError::Empty)?;
    crate::encode_points(&points)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shared_points_round_trip_into_a_run() {
        let rebuilt = run_from_shared_points("yours-1", "", "1:50,8:20").expect("decodable");
        assert_eq!(rebuilt.curve_points().map(|(p, _)| p), Ok(vec![(1.0, 50.0), (8.0, 20.0)]));
        assert_eq!(rebuilt.label, SHARED_LABEL);
        assert_eq!(crate::Unnamed::of(&rebuilt), Some(crate::Unnamed::SharedCurve));
        assert_eq!(rebuilt.origin, RunOrigin::Yours);
        assert_eq!(share_points(&rebuilt).as_deref(), Ok("1:50,8:20"));
        assert_eq!(run_from_shared_points("yours-1", "x", "1.5:50"), Err(ShareError::OutOfRange { index: 0 }));
        assert!(run_from_shared_points("yours-1", "x", "1:<b>").is_err());
    }
}
