// Written by `cargo xtask calibrate-architecture`; do not edit.

/// The constants fitted on every arena run's closed-loop files.
pub const FITTED: Efficiency = Efficiency {
    step_s: 0e0,
    per_layer_s: 1.2853235291309254e-4,
    weight_factor: 1.1075800861493743e0,
    cache_factor: 9.618297202965265e-1,
    compute_factor: [1.3979838145823318e0, 2.612718382575488e0, 2.612718382575488e0, 1.9661254626505962e0],
    attention_factor: 1.3810449228558064e0,
    expert_compute_factor: 6.651705102732988e0,
    request_s: 3.932514131742324e-1,
};

/// The leave-one-model-out error measured with the same procedure.
pub const MEASURED_ERROR: ArchitectureError = ArchitectureError {
    decode_within_20: (40, 57),
    capacity_within_one_step: (13, 18),
    ttft_within_35: (30, 76),
};
