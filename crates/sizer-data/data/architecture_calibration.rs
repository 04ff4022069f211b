// Written by `cargo xtask calibrate-architecture`; do not edit.

/// The constants fitted on every arena run's closed-loop files.
pub const FITTED: Efficiency = Efficiency {
    step_s: 0e0,
    per_layer_s: 1.2693552985622108e-4,
    weight_factor: 1.1076779299277748e0,
    cache_factor: 9.62658252447942e-1,
    compute_factor: [1.3956285009971494e0, 2.9481345063135906e0, 2.12866293977599e1],
    attention_factor: 1.3049034838052442e0,
    expert_compute_factor: 6.769427821278619e0,
    request_s: 3.9244179141375185e-1,
};

/// The leave-one-model-out error measured with the same procedure.
pub const MEASURED_ERROR: ArchitectureError = ArchitectureError {
    decode_within_20: (41, 57),
    capacity_within_one_step: (12, 18),
    ttft_within_35: (33, 76),
};
