//! Hard limits on what an import accepts, kept in one place so the UI can quote them.

/// Largest input accepted, in bytes (5 MiB). A benchmark result is a few kilobytes; the largest
/// real file we know (llama-benchy JSON with its time series) is about 35 kB.
pub const MAX_INPUT_BYTES: usize = 5 * 1024 * 1024;

/// Model names and run labels are cut to this many characters.
pub const MAX_LABEL_CHARS: usize = 80;

/// At most this many runs come out of one import.
pub const MAX_RUNS: usize = 200;

/// At most this many measured points per run.
pub const MAX_POINTS_PER_RUN: usize = 1_000;

/// At most this many measured points in one import (all runs together); parsing stops there.
pub const MAX_TOTAL_POINTS: usize = 10_000;

/// Concurrency above this is refused as implausible (one Spark serves hundreds, not millions).
pub const MAX_IMPORT_CONCURRENCY: f64 = 100_000.0;

/// A quoted offending value in an error message is cut to this many characters.
pub const MAX_QUOTED_CHARS: usize = 32;

/// The share-URL point list: at most this many points ...
pub const MAX_SHARED_POINTS: usize = 64;

/// ... and at most this many characters.
pub const MAX_SHARED_CHARS: usize = 2_048;
