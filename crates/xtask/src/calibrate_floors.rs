//! Per-run decode floors from the architecture, measured by `cargo xtask calibrate` and not
//! chosen (docs/CALIBRATION.md, "values tried", rows `per-run floors: ...`): where a run's
//! configuration is in `tests/fixtures/model-configs/`, its fit keeps `c` at or above the KV
//! bytes each decode reads per token held over the Spark's bandwidth, `b` at or above the bytes
//! each sequence reads whatever its length (recurrent state, full sliding windows), and the root
//! term may stop growing where the batch routes to most experts. No factor is fitted: the bytes
//! over 273 GB/s are the least time a read can take.

use sizer_core::architecture::{Architecture, StepPhysics};
use sizer_data::architecture::ReadArchitecture;
use sizer_data::architecture::engine::server_physics;
use sizer_data::architecture::spark::SPARK_BANDWIDTH_BYTES_S;
use sizer_data::suite::SuiteRun;
use sizer_data::suite::calibrate::{RunCalibration, calibrate_run};
use sizer_data::suite::engine_inputs::{CALIBRATED, EngineConstants};
use sizer_data::suite::step_floors::{ArchitectureFloors, StepFloors};
use std::path::Path;

/// How a per-run floor combines with the global one.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Floor {
    /// The global floor alone.
    Global,
    /// The larger of the global floor and the architecture's.
    AtLeastGlobal,
    /// The architecture's alone (the global floor only where the architecture is unknown).
    Physical,
}

/// One per-run rule: `c`'s floor from the KV bytes per token, `b`'s from the fixed bytes per
/// sequence (`state_twice`: the recurrent state counted twice, read and written each step), the
/// root term's saturation where the expected distinct experts reach `saturation_share` of all
/// (`None`: the global saturation), and whether models known only by their size (the short
/// form's assumed KV width) get floors too.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FloorRule {
    pub context: Floor,
    pub per_decode: Floor,
    pub state_twice: bool,
    pub saturation_share: Option<f64>,
    pub short_forms: bool,
}

const fn rule(context: Floor, per_decode: Floor, state_twice: bool, saturation_share: Option<f64>) -> FloorRule {
    FloorRule { context, per_decode, state_twice, saturation_share, short_forms: false }
}

/// Every rule measured, in the table's order.
pub const FLOOR_RULES_TRIED: [FloorRule; 12] = {
    use Floor::{AtLeastGlobal as Max, Global, Physical};
    [
        rule(Max, Global, false, None),
        rule(Max, Max, false, None),
        rule(Max, Max, true, None),
        rule(Max, Max, false, Some(0.95)),
        rule(Max, Global, false, Some(0.95)),
        rule(Global, Global, false, Some(0.95)),
        rule(Global, Global, false, Some(0.99)),
        rule(Physical, Physical, false, None),
        rule(Physical, Physical, true, None),
        rule(Physical, Physical, false, Some(0.95)),
        rule(Global, Physical, false, None),
        FloorRule { short_forms: true, ..rule(Max, Global, false, None) },
    ]
};

/// The row's name in the table.
pub fn rule_name(r: &FloorRule) -> String {
    let floor = |f: Floor, what: &str, global: &str| match f {
        Floor::Global => None,
        Floor::AtLeastGlobal => Some(format!("{what} >= max({global}, {})", bytes_over_bandwidth(what, r))),
        Floor::Physical => Some(format!("{what} >= {}", bytes_over_bandwidth(what, r))),
    };
    let mut parts: Vec<String> =
        [floor(r.context, "c", "10 ns"), floor(r.per_decode, "b", "0.2 ms")].into_iter().flatten().collect();
    if let Some(share) = r.saturation_share {
        parts.push(format!("root saturates at {:.0} % of the experts", share * 100.0));
    }
    if r.short_forms {
        parts.push("short forms too".to_owned());
    }
    format!("per-run floors: {}", parts.join(", "))
}

fn bytes_over_bandwidth(what: &str, r: &FloorRule) -> &'static str {
    match (what, r.state_twice) {
        ("c", _) => "KV per token / BW",
        (_, false) => "fixed per sequence / BW",
        (_, true) => "(fixed + state) per sequence / BW",
    }
}

/// Each run's physics where the architecture is known: `(physics, from a configuration)`.
pub fn run_physics(root: &Path, runs: &[(String, SuiteRun)]) -> Vec<Option<(StepPhysics, bool)>> {
    runs.iter()
        .map(|(folder, run)| {
            let (read, _) = read_arena_architecture(root, folder, run);
            read.ok().map(|r| {
                let config = matches!(r.architecture, Architecture::Shape(_));
                (server_physics(&r, run.setup.as_ref()), config)
            })
        })
        .collect()
}

/// A run's architecture read from the repository's copies of the configurations
/// (`tests/fixtures/model-configs/`), as `calibrate` and `calibrate-architecture` both read it.
pub fn read_arena_architecture(
    root: &Path,
    folder: &str,
    run: &SuiteRun,
) -> (Result<ReadArchitecture, String>, String) {
    let dir = root.join("tests/fixtures/model-configs");
    let load = |file: &str| std::fs::read_to_string(dir.join(file)).map_err(|e| format!("{file}: {e}"));
    sizer_import::architecture::arena::read_arena_architecture(folder, run.setup.as_ref(), load)
}

/// `data/arena_step_floors.rs`: each arena run with a configuration (short forms and unknown
/// architectures left out: their bytes are assumed or unknown), its suite's model, folder and
/// floors at the Spark's bandwidth; `physics` is [`run_physics`] of the same runs.
pub fn step_floors_source(runs: &[(String, SuiteRun)], physics: &[Option<(StepPhysics, bool)>]) -> String {
    use std::fmt::Write as _;
    let mut out = String::from(
        "// Generated by `cargo xtask calibrate`: do not edit (each arena model's decode-step floors from its \
         configuration in tests/fixtures/model-configs/, at the Spark's bandwidth).\n[\n",
    );
    for ((folder, run), physics) in runs.iter().zip(physics) {
        let Some((p, true)) = physics else { continue };
        let f = StepFloors::of(p, SPARK_BANDWIDTH_BYTES_S);
        let _ = writeln!(
            out,
            "    ArenaStepFloors {{ model: {:?}, folder: {folder:?}, floors: StepFloors {{ weights_read_s: {:?}, \
             per_sequence_s: {:?}, experts: {:?} }} }},",
            run.model, f.weights_read_s, f.per_sequence_s, f.experts
        );
    }
    out.push_str("]\n");
    out
}

/// Requests decoding at which the expected distinct experts reach `share` of all.
///
/// # Formula
/// `E (1 - (1 - k/E)^B) >= s E` gives `B >= ln(1 - s) / ln(1 - k/E)`, rounded up (uniform
/// independent routing, `sizer_core::architecture::expected_experts`).
pub fn saturation_batch(p: &StepPhysics, share: f64) -> Option<f64> {
    let e = p.experts?;
    let (n, k) = (f64::from(e.experts), f64::from(e.per_token));
    (k < n).then(|| ((1.0 - share).ln() / (1.0 - k / n).ln()).ceil())
}

/// The constants one run is calibrated with under `r`.
pub fn constants_for(r: &FloorRule, physics: Option<&(StepPhysics, bool)>) -> EngineConstants {
    // These rules are the alternative to the architecture floors, tried on the rest.
    let mut k = EngineConstants { architecture_floors: ArchitectureFloors::Off, ..CALIBRATED };
    let Some((p, config)) = physics else { return k };
    if !config && !r.short_forms {
        return k;
    }
    let s = &mut k.decode_shape;
    let set = |floor: Floor, global: f64, physical: f64| match floor {
        Floor::Global => global,
        Floor::AtLeastGlobal => global.max(physical),
        Floor::Physical => physical,
    };
    s.min_per_context_token_s =
        set(r.context, s.min_per_context_token_s, p.kv_bytes_per_token / SPARK_BANDWIDTH_BYTES_S);
    let state = if r.state_twice { p.state_bytes_per_sequence } else { 0.0 };
    s.min_per_decode_s =
        set(r.per_decode, s.min_per_decode_s, (p.fixed_bytes_per_sequence + state) / SPARK_BANDWIDTH_BYTES_S);
    if let Some(batch) = r.saturation_share.and_then(|share| saturation_batch(p, share)) {
        s.root_saturation_batch = batch;
    }
    k
}

/// The per-run floors of the table "values tried", each run's figures the rules read: where
/// its architecture comes from, KV bytes per token held and `c`'s floor, bytes per sequence
/// and `b`'s floor, recurrent state, and the batch routing to 95 % of its experts.
pub fn floors_table(names: &[&str], physics: &[Option<(StepPhysics, bool)>]) -> String {
    use std::fmt::Write as _;
    let mut out = String::from(
        "Each run's floors as the rules `per-run floors: ...` read them (`/ BW`: over 273 GB/s; the KV cache at the \
         server's `kv_cache_dtype`; \"short form\" rows get floors only in the row that says so):\n\n\
         | run | architecture | KV bytes per token | c floor ns | fixed bytes per sequence | b floor ms | state bytes per sequence | 95 % of the experts at |\n\
         |---|---|---:|---:|---:|---:|---:|---:|\n",
    );
    for (name, p) in names.iter().zip(physics) {
        let Some((p, config)) = p else {
            let _ = writeln!(out, "| `{name}` | unknown | - | - | - | - | - | - |");
            continue;
        };
        let saturation = saturation_batch(p, 0.95).map_or_else(|| "-".to_owned(), |b| format!("{b:.0}"));
        let _ = writeln!(
            out,
            "| `{name}` | {} | {:.0} | {:.1} | {:.0} | {:.3} | {:.0} | {saturation} |",
            if *config { "configuration" } else { "short form" },
            p.kv_bytes_per_token,
            p.kv_bytes_per_token / SPARK_BANDWIDTH_BYTES_S * 1e9,
            p.fixed_bytes_per_sequence,
            p.fixed_bytes_per_sequence / SPARK_BANDWIDTH_BYTES_S * 1e3,
            p.state_bytes_per_sequence,
        );
    }
    out
}

/// Every rule's calibrations, named for the table, and [`floors_table`]; `physics` is
/// [`run_physics`] of the same runs.
pub fn floor_rows(
    names: &[&str],
    runs: &[(String, SuiteRun)],
    physics: &[Option<(StepPhysics, bool)>],
) -> (Vec<(String, Vec<RunCalibration>)>, String) {
    let table = floors_table(names, physics);
    let rows = FLOOR_RULES_TRIED
        .iter()
        .map(|r| {
            eprintln!("calibrating: {}", rule_name(r));
            let calibrations = runs
                .iter()
                .zip(physics)
                .map(|((_, run), p)| calibrate_run(run, &constants_for(r, p.as_ref())))
                .collect();
            (rule_name(r), calibrations)
        })
        .collect();
    (rows, table)
}

#[cfg(test)]
mod tests {
    use super::*;
    use sizer_core::architecture::{ComputeFormat, ExpertPool};

    /// gpt-oss-20b's figures as the architecture engine reads them on its server: FP8 KV of 12
    /// full-attention layers x 8 heads x 64 (12,288 bytes per token), 12 sliding windows of 128
    /// tokens (1,572,864 bytes per sequence), 32 experts of which 4 per token.
    fn physics(experts: Option<ExpertPool>) -> StepPhysics {
        StepPhysics {
            layers: 24.0,
            weight_bytes: 13.7e9,
            static_read_bytes: 1e9,
            experts,
            fixed_bytes_per_sequence: 1_572_864.0,
            state_bytes_per_sequence: 0.0,
            kv_bytes_per_token: 12_288.0,
            pool_bytes_per_token: 24_576.0,
            decode_flops_per_token: 0.0,
            prompt_flops_per_token: 0.0,
            expert_flops_per_token: 0.0,
            prompt_flops_by_format: [0.0; 4],
            decode_flops_by_format: [0.0; 4],
            recurrent_prompt_flops: [0.0; 2],
            expert_dispatch_bytes: 0.0,
            pair_flops: 0.0,
            format: ComputeFormat::Bf16,
        }
    }

    fn pool(experts: u32, per_token: u32) -> Option<ExpertPool> {
        Some(ExpertPool { bytes_per_expert: 1e8, experts, per_token })
    }

    #[test]
    fn saturation_is_where_the_expected_experts_reach_the_share() {
        // ln(0.05) / ln(1 - 4/32) = -2.9957 / -0.13353 = 22.43 -> 23.
        assert_eq!(saturation_batch(&physics(pool(32, 4)), 0.95), Some(23.0));
        // ln(0.05) / ln(1 - 8/128) = -2.9957 / -0.064539 = 46.42 -> 47.
        assert_eq!(saturation_batch(&physics(pool(128, 8)), 0.95), Some(47.0));
        // ln(0.01) / ln(1 - 8/128) = -4.6052 / -0.064539 = 71.35 -> 72.
        assert_eq!(saturation_batch(&physics(pool(128, 8)), 0.99), Some(72.0));
        assert_eq!(saturation_batch(&physics(None), 0.95), None);
    }

    #[test]
    fn floors_follow_the_rule_and_leave_short_forms_alone() {
        let known = (physics(pool(32, 4)), true);
        let max = constants_for(&FLOOR_RULES_TRIED[3], Some(&known)).decode_shape;
        // 12,288 / 273e9 = 45.01 ns; 1,572,864 / 273e9 = 5.76 us, under the global 0.2 ms.
        assert!((max.min_per_context_token_s - 45.01e-9).abs() < 0.01e-9, "{}", max.min_per_context_token_s);
        assert_eq!(max.min_per_decode_s, 2e-4);
        assert_eq!(max.root_saturation_batch, 23.0);
        let physical = constants_for(&FLOOR_RULES_TRIED[7], Some(&known)).decode_shape;
        assert!((physical.min_per_decode_s - 5.761e-6).abs() < 0.001e-6, "{}", physical.min_per_decode_s);
        assert_eq!(physical.root_saturation_batch, CALIBRATED.decode_shape.root_saturation_batch);
        let short = (physics(None), false);
        let without = EngineConstants { architecture_floors: ArchitectureFloors::Off, ..CALIBRATED };
        assert_eq!(constants_for(&FLOOR_RULES_TRIED[0], Some(&short)), without);
        assert_eq!(constants_for(&FLOOR_RULES_TRIED[0], None), without);
        let with_short = constants_for(&FLOOR_RULES_TRIED[11], Some(&short)).decode_shape;
        assert!((with_short.min_per_context_token_s - 45.01e-9).abs() < 0.01e-9);
    }
}
