//! The decode-step shapes `cargo xtask calibrate` measured while choosing
//! `EngineConstants::decode_shape` (docs/CALIBRATION.md, "values tried"): every one kept in the
//! table, so the choice stays checkable.

use sizer_core::sim::open_loop::DecodeShape;

/// `(root saturation batch, b floor s, c floor s per token, decodes' matrix work, b fitted)`.
pub const DECODE_SHAPES_TRIED: [(f64, f64, f64, bool, bool); 68] = [
    (20.0, 0.0, 0.0, false, false),
    (40.0, 0.0, 0.0, false, false),
    (60.0, 0.0, 0.0, false, false),
    (80.0, 0.0, 0.0, false, false),
    (120.0, 0.0, 0.0, false, false),
    (160.0, 0.0, 0.0, false, false),
    (f64::INFINITY, 1e-4, 0.0, false, false),
    (f64::INFINITY, 1.5e-4, 0.0, false, false),
    (f64::INFINITY, 2e-4, 0.0, false, false),
    (f64::INFINITY, 3e-4, 0.0, false, false),
    (f64::INFINITY, 4e-4, 0.0, false, false),
    (f64::INFINITY, 0.0, 5e-9, false, false),
    (f64::INFINITY, 0.0, 1e-8, false, false),
    (f64::INFINITY, 0.0, 2e-8, false, false),
    (f64::INFINITY, 0.0, 4e-8, false, false),
    (f64::INFINITY, 0.0, 0.0, true, false),
    (f64::INFINITY, 0.0, 0.0, false, true),
    (20.0, 0.0, 0.0, false, true),
    (8.0, 0.0, 0.0, false, true),
    (80.0, 2e-4, 0.0, false, true),
    (60.0, 1e-4, 0.0, false, false),
    (60.0, 1e-4, 0.0, true, false),
    (60.0, 1.5e-4, 0.0, false, false),
    (60.0, 1.5e-4, 0.0, true, false),
    (60.0, 2e-4, 0.0, false, false),
    (60.0, 2e-4, 0.0, true, false),
    (80.0, 1e-4, 0.0, false, false),
    (80.0, 1e-4, 0.0, true, false),
    (80.0, 1.5e-4, 0.0, false, false),
    (80.0, 1.5e-4, 0.0, true, false),
    (80.0, 2e-4, 0.0, false, false),
    (80.0, 2e-4, 0.0, true, false),
    (60.0, 0.0, 0.0, true, false),
    (80.0, 0.0, 0.0, true, false),
    (f64::INFINITY, 2e-4, 0.0, true, false),
    (f64::INFINITY, 1.5e-4, 0.0, true, false),
    (f64::INFINITY, 1e-4, 0.0, true, false),
    (80.0, 2.5e-4, 0.0, false, false),
    (20.0, 2e-4, 0.0, false, false),
    (100.0, 2e-4, 0.0, false, false),
    (90.0, 2e-4, 0.0, false, false),
    (72.0, 2e-4, 0.0, false, false),
    (64.0, 2e-4, 0.0, false, false),
    (64.0, 1.5e-4, 0.0, false, false),
    (80.0, 1.75e-4, 0.0, false, false),
    (80.0, 2e-4, 5e-9, false, false),
    (80.0, 2e-4, 1e-8, false, false),
    (80.0, 2e-4, 2e-8, false, false),
    (80.0, 2e-4, 4e-8, false, false),
    (80.0, 0.0, 5e-9, false, false),
    (80.0, 0.0, 1e-8, false, false),
    (80.0, 0.0, 2e-8, false, false),
    (80.0, 0.0, 4e-8, false, false),
    (70.0, 2e-4, 1e-8, false, false),
    (90.0, 2e-4, 1e-8, false, false),
    (100.0, 2e-4, 1e-8, false, false),
    (80.0, 1.75e-4, 1e-8, false, false),
    (80.0, 2.25e-4, 1e-8, false, false),
    (80.0, 2e-4, 7.5e-9, false, false),
    (80.0, 2e-4, 1.25e-8, false, false),
    (80.0, 2e-4, 1.5e-8, false, false),
    (64.0, 2e-4, 5e-9, false, false),
    (120.0, 2e-4, 1e-8, false, false),
    (120.0, 2e-4, 2e-8, false, false),
    (160.0, 2e-4, 1e-8, false, false),
    (160.0, 2e-4, 2e-8, false, false),
    (250.0, 2e-4, 1e-8, false, false),
    (250.0, 2e-4, 2e-8, false, false),
];

/// The shape of one row of [`DECODE_SHAPES_TRIED`].
pub fn shape_of(row: (f64, f64, f64, bool, bool)) -> DecodeShape {
    let (root_saturation_batch, min_per_decode_s, min_per_context_token_s, decode_compute, fit_linear_batch) = row;
    DecodeShape {
        root_saturation_batch,
        min_per_decode_s,
        min_per_context_token_s,
        decode_compute,
        fit_linear_batch,
        root_term: true,
        min_base_s: 0.0,
        expert_routing: None,
    }
}

/// The row's name in the table: `decode: ` and what differs from the shape at main.
pub fn shape_name(shape: &DecodeShape) -> String {
    let mut parts = Vec::new();
    if shape.root_saturation_batch.is_finite() {
        parts.push(format!("root saturates at {}", shape.root_saturation_batch));
    }
    if shape.min_per_decode_s > 0.0 {
        parts.push(format!("b >= {} ms", round(shape.min_per_decode_s * 1e3)));
    }
    if shape.min_per_context_token_s > 0.0 {
        parts.push(format!("c >= {} ns", round(shape.min_per_context_token_s * 1e9)));
    }
    if shape.decode_compute {
        parts.push("decodes' matrix work".to_owned());
    }
    if shape.fit_linear_batch {
        parts.push("b fitted".to_owned());
    }
    if parts.is_empty() { "decode: as at main".to_owned() } else { format!("decode: {}", parts.join(", ")) }
}

/// Rounded to 6 decimals, so `2e-4 * 1e3` reads `0.2`.
fn round(x: f64) -> f64 {
    (x * 1e6).round() / 1e6
}
