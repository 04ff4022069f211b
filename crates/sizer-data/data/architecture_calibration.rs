// Written by `cargo xtask calibrate-architecture`; do not edit.

/// The constants fitted on every arena run's closed-loop files.
pub const FITTED: Efficiency = Efficiency {
    step_s: 0e0,
    per_layer_s: 1.283198407064509e-4,
    weight_factor: 1.1064170126889796e0,
    cache_factor: 9.624010272228257e-1,
    compute_factor: [1.4059663198610644e0, 2.6796017355832955e0, 3.1430324915691845e1, 2.31726088039181e0],
    attention_factor: 1.3194551834868633e0,
    expert_compute_factor: 6.255859119851544e0,
    request_s: 3.962110583989861e-1,
};

/// The leave-one-model-out error measured with the same procedure.
pub const MEASURED_ERROR: ArchitectureError = ArchitectureError {
    decode_within_20: (40, 57),
    capacity_within_one_step: (13, 18),
    ttft_within_35: (30, 76),
};
