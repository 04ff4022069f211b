//! A suite's rate-sweep summary (`11-rate-sweep.json`): the capacity by p95 TTFT limit
//! (`capacity_by_slo_ms`, keyed by the limit in ms), the queue knee, where the sweep was aborted,
//! and the steps it lists (only their configured rates are kept: each step's own file is read for
//! its figures).

use super::error::SuiteError;
use crate::input::error::ImportError;
use crate::input::json_util::{Located, Object};
use serde_json::Value;
use sizer_data::suite::{CapacityAt, SloCapacity, SweepSummary, SweepSummaryFields};

/// Whether a JSON object is a sweep summary.
pub fn is_summary(value: &Value) -> bool {
    matches!(value, Value::Object(map) if map.contains_key("capacity_by_slo_ms"))
}

/// The summary, and the names it gives (model, served name, profile).
pub fn read(text: &str, located: &Located, file: &str) -> Result<(SweepSummary, [Option<String>; 3]), SuiteError> {
    let o = Object::new(text, located, "a rate-sweep summary")?;
    let clean = |s: &str| crate::input::text::clean_label(s).0;
    let names = [o.string("model")?.map(clean), o.string("served_name")?.map(clean), o.string("profile")?.map(clean)];
    let by_slo = o
        .object("capacity_by_slo_ms")?
        .ok_or_else(|| ImportError::MissingKey { line: Some(o.line()), key: "capacity_by_slo_ms".into() })?;
    let slo = o.nested(by_slo, "capacity_by_slo_ms.".to_owned());
    let mut capacity = Vec::with_capacity(by_slo.len());
    for key in by_slo.keys() {
        let limit_ms = crate::input::text::parse_number(key).ok_or_else(|| ImportError::NotANumber {
            line: o.key_line(key),
            key: slo.key_name(key),
            value: crate::input::text::quote(key),
        })?;
        let at = match slo.object(key)? {
            None => None,
            Some(map) => {
                let step = slo.nested(map, format!("capacity_by_slo_ms.{key}."));
                Some(CapacityAt {
                    configured_rps: step.required_number("configured_rps")?,
                    achieved_rps: step.number("achieved_rps")?,
                    ttft_p95_ms: step.number("ttft_p95_ms")?,
                    output_tok_s: step.number("output_tps")?,
                    peak_concurrent: step.number("peak_concurrent")?,
                })
            }
        };
        capacity.push(SloCapacity { limit_ms, at });
    }
    let mut listed_rates = Vec::new();
    for (index, step) in o.array("steps")?.map(Vec::as_slice).unwrap_or_default().iter().enumerate() {
        let Value::Object(map) = step else {
            let key = format!("steps[{index}]");
            return Err(ImportError::WrongType { line: Some(o.key_line("steps")), key, expected: "an object" }.into());
        };
        listed_rates.push(o.nested(map, format!("steps[{index}].")).required_number("configured_rps")?);
    }
    let summary = SweepSummary::new(SweepSummaryFields {
        file: file.to_owned(),
        model: names[0].clone(),
        capacity,
        queue_knee_rps: o.number("queue_knee_rps")?,
        aborted_at_rps: o.number("aborted_at_rps")?,
        listed_rates,
    })?;
    Ok((summary, names))
}
