//! The written parts of `docs/CALIBRATION.md` (`cargo xtask calibrate` puts the figures between
//! them): how the document is made, and why the misses miss.

/// The opening: command, procedure, constants.
pub const PROCEDURE: &str = "# Calibration: the fitted engine against the arena's measured loads

Written by `cargo xtask calibrate` (do not edit by hand; re-running it gives the same file).
";

/// Which runs miss and why.
pub const MISSES: &str = "
## Misses, and why
";
