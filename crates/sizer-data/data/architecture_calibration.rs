// Written by `cargo xtask calibrate-architecture`; do not edit.

/// The constants fitted on every arena run's closed-loop files.
pub const FITTED: Efficiency = Efficiency {
    step_s: 0e0,
    per_layer_s: 1.3314143280355e-4,
    weight_factor: 1.087792431817941e0,
    cache_factor: 1.1718147337522333e0,
    compute_factor: [1.791552119834415e0, 2.793273319721257e0, 2.793273319721257e0, 1.791552119834415e0],
    attention_factor: 7.358515513466578e-1,
    expert_compute_factor: 1.745817193103983e0,
    request_s: 3.4335977468483736e-1,
    recurrent_prompt_factor: [1.5417230458838577e2, 1.791552119834415e0],
    dispatch_factor: 1.3949152701557322e1,
};

/// The leave-one-model-out error measured with the same procedure, over every arena run (one with no
/// architecture known counted as a miss).
pub const MEASURED_ERROR: ArchitectureError = ArchitectureError {
    runs: 19,
    decode_within_20: (41, 57),
    capacity_within_one_step: (15, 18),
    ttft_within_35: (55, 76),
};

/// The same error over the runs whose architecture was read from a configuration.
pub const MEASURED_ERROR_CONFIG: ArchitectureError = ArchitectureError {
    runs: 14,
    decode_within_20: (38, 42),
    capacity_within_one_step: (11, 13),
    ttft_within_35: (38, 53),
};

/// The same error over the runs known by their size alone (the short form).
pub const MEASURED_ERROR_SHORT_FORM: ArchitectureError = ArchitectureError {
    runs: 4,
    decode_within_20: (3, 12),
    capacity_within_one_step: (4, 4),
    ttft_within_35: (17, 17),
};
