//! Shared helpers for the native tests (tolerances live here).
