//! Benchmark importers.
