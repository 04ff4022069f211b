// Written by `cargo xtask calibrate-architecture`; do not edit.

/// The constants fitted on every arena run's closed-loop files.
pub const FITTED: Efficiency = Efficiency {
    step_s: 0e0,
    per_layer_s: 1.3322117052938902e-4,
    weight_factor: 1.0877498125912064e0,
    cache_factor: 1.1718828162700357e0,
    compute_factor: [1.788621164064361e0, 2.787358062189153e0, 2.787358062189153e0, 1.481902637792725e0],
    attention_factor: 7.379979326962071e-1,
    expert_compute_factor: 1.8672590447730135e0,
    request_s: 3.418286472680986e-1,
    recurrent_prompt_factor: [1.5622232743651736e2, 1.788621164064361e0],
    dispatch_factor: 1.3844661324364923e1,
};

/// The leave-one-model-out error measured with the same procedure.
pub const MEASURED_ERROR: ArchitectureError = ArchitectureError {
    decode_within_20: (41, 57),
    capacity_within_one_step: (15, 18),
    ttft_within_35: (53, 76),
};
