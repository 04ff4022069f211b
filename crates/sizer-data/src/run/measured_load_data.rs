//! The measured loads the dataset holds ([`measured_loads`], [`measured_load`]) and their data
//! rules: validation once at load, the capacity recomputed from a sweep's rows beside the one
//! the suite reported, and a row's per-request speed.
//!
//! Native builds parse `data/arena_loads.json` (error paths for whoever regenerates it); the
//! wasm decodes its binary form (`loads.bin`, written by `build.rs`), referenced only from here,
//! so its bytes and its decoder travel with the widget's second module, which alone shows them.

use std::sync::OnceLock;

use sizer_core::SpeedFigure;

use crate::dataset::error::{DataError, Problem};
use crate::dataset::measured_load::{LoadRow, MeasuredLoadTable, RunMeasuredLoad};
use crate::suite::capacity_of;

/// The measured loads in binary form, generated from `data/arena_loads.json` by `build.rs`.
pub const LOADS_BINARY: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/loads.bin"));

/// The measured loads as JSON (`cargo xtask arena-data` writes it), native builds only.
#[cfg(not(target_arch = "wasm32"))]
pub const LOADS_JSON: &str = include_str!("../../data/arena_loads.json");

static LOADS: OnceLock<Result<MeasuredLoadTable, DataError>> = OnceLock::new();

/// Every run's measured load, parsed and validated once; an error names the bad entry's path.
pub fn try_measured_loads() -> Result<&'static MeasuredLoadTable, &'static DataError> {
    LOADS.get_or_init(load_embedded).as_ref()
}

/// Every run's measured load; empty if the embedded table does not load (the native tests
/// prove it does).
pub fn measured_loads() -> &'static [RunMeasuredLoad] {
    try_measured_loads().map_or(&[], |table| table.loads.as_slice())
}

/// The measured load of a dataset run, when its server was measured under an open-loop load.
pub fn measured_load(run_id: &str) -> Option<&'static RunMeasuredLoad> {
    measured_loads().iter().find(|load| load.run == run_id)
}

#[cfg(not(target_arch = "wasm32"))]
fn load_embedded() -> Result<MeasuredLoadTable, DataError> {
    MeasuredLoadTable::from_json(LOADS_JSON)
}

#[cfg(target_arch = "wasm32")]
fn load_embedded() -> Result<MeasuredLoadTable, DataError> {
    // The native tests validate the JSON and prove this binary decodes to the same table.
    crate::dataset::wire::decode_loads(LOADS_BINARY).map_err(|error| DataError::new("loads", Problem::Binary(error)))
}

impl MeasuredLoadTable {
    /// Parses and validates the JSON form.
    #[cfg(not(target_arch = "wasm32"))]
    pub fn from_json(json: &str) -> Result<MeasuredLoadTable, DataError> {
        let table: MeasuredLoadTable = crate::dataset::embedded::parse("", json)?;
        table.validate()?;
        Ok(table)
    }

    /// Decodes and validates the binary form.
    pub fn from_binary(bytes: &[u8]) -> Result<MeasuredLoadTable, DataError> {
        let table =
            crate::dataset::wire::decode_loads(bytes).map_err(|error| DataError::new("", Problem::Binary(error)))?;
        table.validate()?;
        Ok(table)
    }

    /// The binary form [`MeasuredLoadTable::from_binary`] reads.
    pub fn to_binary(&self) -> Vec<u8> {
        crate::dataset::wire::encode_loads(self)
    }

    /// Checks every entry: a run id, each run once, every row valid, the sweep by strictly
    /// rising rate, the reported limits positive and rising.
    pub fn validate(&self) -> Result<(), DataError> {
        for (i, load) in self.loads.iter().enumerate() {
            let at = format!("loads[{i}]");
            if load.run.trim().is_empty() {
                return Err(DataError::new(format!("{at}.run"), Problem::BlankText));
            }
            if self.loads[..i].iter().any(|other| other.run == load.run) {
                return Err(DataError::new(format!("{at}.run"), Problem::DuplicateId(load.run.clone())));
            }
            for (j, row) in load.tests.iter().enumerate() {
                row.validate(&format!("{at}.tests[{j}]"))?;
            }
            for (j, row) in load.sweep.iter().enumerate() {
                let path = format!("{at}.sweep[{j}]");
                row.validate(&path)?;
                let rate =
                    row.rate_per_s.ok_or_else(|| DataError::new(format!("{path}.rate_per_s"), Problem::Empty))?;
                if let Some(previous) = j.checked_sub(1).and_then(|k| load.sweep[k].rate_per_s)
                    && rate <= previous
                {
                    return Err(DataError::new(
                        format!("{path}.rate_per_s"),
                        Problem::BadRange { low: previous, high: rate },
                    ));
                }
            }
            for (j, reported) in load.reported.iter().enumerate() {
                let path = format!("{at}.reported[{j}]");
                positive(&format!("{path}.limit_ms"), reported.limit_ms)?;
                if let Some(rps) = reported.rps {
                    positive(&format!("{path}.rps"), rps)?;
                }
                if j > 0 && load.reported[j - 1].limit_ms >= reported.limit_ms {
                    let low = load.reported[j - 1].limit_ms;
                    return Err(DataError::new(
                        format!("{path}.limit_ms"),
                        Problem::BadRange { low, high: reported.limit_ms },
                    ));
                }
            }
            for (what, value) in [("queue_knee_rps", load.queue_knee_rps), ("aborted_at_rps", load.aborted_at_rps)] {
                if let Some(value) = value {
                    positive(&format!("{at}.{what}"), value)?;
                }
            }
        }
        Ok(())
    }
}

impl RunMeasuredLoad {
    /// The capacity at a p95 TTFT limit recomputed from the sweep's rows: the highest
    /// configured rate whose p95 TTFT is under `limit_ms` (`suite::capacity_of`, the suite's
    /// own definition); `None` when no row is.
    pub fn recomputed_capacity(&self, limit_ms: f64) -> Option<f64> {
        capacity_of(self.sweep.iter().map(|row| (row.rate_per_s, row.ttft_p95_ms)), limit_ms)
    }

    /// The capacity the suite's summary reported at `limit_ms`: `None` when it gives no such
    /// limit, `Some(None)` when it found no rate under it.
    pub fn reported_capacity(&self, limit_ms: f64) -> Option<Option<f64>> {
        self.reported.iter().find(|reported| reported.limit_ms == limit_ms).map(|reported| reported.rps)
    }
}

impl LoadRow {
    /// The median request's generation speed after its first token (tok/s).
    ///
    /// # Formula
    /// `1000 / median TPOT (ms)`, the core's one conversion (`SpeedFigure::TpotMs`); `None` for a
    /// TPOT of 0 (no request generated a second token).
    pub fn per_request_tok_s(&self) -> Option<f64> {
        (self.median_tpot_ms > 0.0).then(|| SpeedFigure::TpotMs.per_request_tok_s(1.0, self.median_tpot_ms))
    }

    /// Mean prompt tokens per completed request, `None` when none completed.
    ///
    /// # Formula
    /// `total_input_tokens / completed` (vLLM counts only completed requests).
    pub fn mean_input_tokens(&self) -> Option<f64> {
        (self.completed > 0).then(|| self.total_input_tokens / f64::from(self.completed))
    }

    /// Mean generated tokens per completed request, `None` when none completed.
    ///
    /// # Formula
    /// `total_output_tokens / completed`.
    pub fn mean_output_tokens(&self) -> Option<f64> {
        (self.completed > 0).then(|| self.total_output_tokens / f64::from(self.completed))
    }

    /// The test's name: the file without its extension (`11-rate-sweep-0.5`).
    pub fn test_name(&self) -> &str {
        self.file.rsplit_once('.').map_or(self.file.as_str(), |(stem, _)| stem)
    }

    fn validate(&self, at: &str) -> Result<(), DataError> {
        if self.file.trim().is_empty() {
            return Err(DataError::new(format!("{at}.file"), Problem::BlankText));
        }
        if let Some(rate) = self.rate_per_s {
            positive(&format!("{at}.rate_per_s"), rate)?;
        }
        positive(&format!("{at}.burstiness"), self.burstiness)?;
        positive(&format!("{at}.duration_s"), self.duration_s)?;
        positive(&format!("{at}.sent"), f64::from(self.sent))?;
        for (what, value) in [("max_concurrency", self.max_concurrency), ("range_ratio", self.range_ratio)] {
            if let Some(value) = value {
                non_negative(&format!("{at}.{what}"), value)?;
            }
        }
        if u64::from(self.completed) + u64::from(self.failed) > u64::from(self.sent) {
            let sent = f64::from(self.sent);
            return Err(DataError::new(format!("{at}.completed"), Problem::BadRange { low: 0.0, high: sent }));
        }
        for (what, value) in [
            ("total_input_tokens", self.total_input_tokens),
            ("total_output_tokens", self.total_output_tokens),
            ("achieved_rps", self.achieved_rps),
            ("ttft_p50_ms", self.ttft_p50_ms),
            ("ttft_p95_ms", self.ttft_p95_ms),
            ("ttft_p99_ms", self.ttft_p99_ms),
            ("median_tpot_ms", self.median_tpot_ms),
            ("p99_tpot_ms", self.p99_tpot_ms),
            ("output_tok_s", self.output_tok_s),
        ] {
            non_negative(&format!("{at}.{what}"), value)?;
        }
        if let Some(peak) = self.peak_in_flight {
            non_negative(&format!("{at}.peak_in_flight"), peak)?;
        }
        for (what, low, high) in [
            ("ttft_p95_ms", self.ttft_p50_ms, self.ttft_p95_ms),
            ("ttft_p99_ms", self.ttft_p95_ms, self.ttft_p99_ms),
            ("p99_tpot_ms", self.median_tpot_ms, self.p99_tpot_ms),
        ] {
            if low > high {
                return Err(DataError::new(format!("{at}.{what}"), Problem::BadRange { low, high }));
            }
        }
        Ok(())
    }
}

fn positive(path: &str, value: f64) -> Result<(), DataError> {
    match value {
        v if !v.is_finite() => Err(DataError::new(path, Problem::NotFinite)),
        v if v <= 0.0 => Err(DataError::new(path, Problem::NotPositive(v))),
        _ => Ok(()),
    }
}

fn non_negative(path: &str, value: f64) -> Result<(), DataError> {
    match value {
        v if !v.is_finite() => Err(DataError::new(path, Problem::NotFinite)),
        v if v < 0.0 => Err(DataError::new(path, Problem::NotPositive(v))),
        _ => Ok(()),
    }
}
