//! The decode-step floors an arena model's architecture gives its engine's fit
//! (`crates/sizer-data/data/arena_step_floors.rs`, written by `cargo xtask calibrate`): the
//! file is what the configurations give today, its figures are the bytes of
//! docs/CALIBRATION.md's floors table over 273 GB/s, and the one rule that turns them into the
//! fit's shape holds for a dense model, a mixture of experts and a model not known.

use crate::support;

use sizer_core::sim::open_loop::ExpertRouting;
use sizer_data::architecture::engine::server_physics;
use sizer_data::architecture::spark::SPARK_BANDWIDTH_BYTES_S;
use sizer_data::suite::engine_inputs::{CALIBRATED, EngineConstants};
use sizer_data::suite::step_floors::{
    ARENA_STEP_FLOORS, ArchitectureFloors, ExpertTerm, StepFloors, floors_for_model, floors_for_run_id,
};
use sizer_data::suite::{ARENA_FOLDERS, SuiteRun};
use sizer_import::architecture::arena::read_arena_architecture;
use sizer_import::suite::import_suite;
use sizer_tests::assert_rel;

fn import(run: &str) -> SuiteRun {
    let files = support::arena_folder(run);
    let borrowed: Vec<(&str, &str)> = files.iter().map(|(n, t)| (n.as_str(), t.as_str())).collect();
    import_suite(&borrowed).run.unwrap_or_else(|| panic!("{run}: no run"))
}

#[test]
fn the_file_holds_every_configured_arena_model_as_its_configuration_gives_it() {
    let mut expected = Vec::new();
    for folder in ARENA_FOLDERS {
        let run = import(folder);
        let (read, source) = read_arena_architecture(folder, run.setup.as_ref(), |f| Ok(support::model_config(f)));
        // Short forms (bytes assumed) and the unknown KAT-Coder have no floors.
        let Ok(read) = read else { continue };
        if source.starts_with("short form") {
            continue;
        }
        let floors = StepFloors::of(&server_physics(&read, run.setup.as_ref()), SPARK_BANDWIDTH_BYTES_S);
        expected.push((run.model.clone(), folder.to_owned(), floors));
    }
    let file: Vec<(String, String, StepFloors)> =
        ARENA_STEP_FLOORS.iter().map(|a| (a.model.to_owned(), a.folder.to_owned(), a.floors)).collect();
    assert_eq!(file, expected, "run `cargo xtask calibrate`");
    assert_eq!(file.len(), 14);
}

#[test]
fn the_floors_are_the_bytes_a_step_reads_over_the_bandwidth() {
    // docs/CALIBRATION.md's floors table: Gemma-4-31B reads 419,430,400 bytes per sequence
    // (sliding windows), no recurrent state; Qwen3.6-27B 153,944,064 fixed and as much state,
    // read and written: 3 x 153,944,064 = 461,832,192 bytes. Over 273 GB/s: 1.5364 and
    // 1.6917 ms.
    let gemma = floors_for_run_id("djangodevreng-arena-gemma-4-31b-it-bf16").expect("Gemma-4-31B");
    assert_rel(gemma.per_sequence_s, 419_430_400.0 / 273e9, 1e-12);
    assert_eq!(gemma.experts, None);
    let qwen = floors_for_model("Qwen/Qwen3.6-27B").expect("Qwen3.6-27B");
    assert_rel(qwen.per_sequence_s, 461_832_192.0 / 273e9, 1e-12);
    // Its twin, Qwen3.8-27B, has the same configuration read for it.
    assert_eq!(floors_for_model("Qwen/Qwen3.8-27B"), Some(qwen));
    // The weights every step reads: a 27B dense model in BF16 reads about 2 bytes of each
    // parameter, near 54 GB or 200 ms at 273 GB/s, less the embedding table it reads a row of.
    assert!((0.16..0.2).contains(&qwen.weights_read_s), "{}", qwen.weights_read_s);
    // A mixture of experts reads its shared weights every step: Nemotron-3-Nano-30B-A3B BF16
    // 13.6 ms, its NVFP4 checkpoint 5.7 ms.
    let bf16 = floors_for_model("nvidia/NVIDIA-Nemotron-3-Nano-30B-A3B-BF16").expect("BF16");
    let nvfp4 = floors_for_model("nvidia/NVIDIA-Nemotron-3-Nano-30B-A3B-NVFP4").expect("NVFP4");
    // Both route each token to 6 of 128 experts (`n_routed_experts`, `num_experts_per_tok`).
    let routing = Some(ExpertRouting { experts: 128, per_token: 6 });
    assert_eq!((bf16.experts, nvfp4.experts), (routing, routing));
    assert!(bf16.weights_read_s > 2.0 * nvfp4.weights_read_s, "{bf16:?} {nvfp4:?}");
    // Unknown and short forms: none.
    assert_eq!(floors_for_run_id("djangodevreng-arena-kat-coder-v2.5-bf16"), None);
    assert_eq!(floors_for_run_id("djangodevreng-arena-ministral-3-3b-instruct-bf16"), None);
    assert_eq!(floors_for_model("not/a-model"), None);
}

#[test]
fn one_rule_turns_floors_into_the_fits_shape() {
    let dense = StepFloors { weights_read_s: 0.2, per_sequence_s: 0.0015, experts: None };
    let k = CALIBRATED.with_step_floors(Some(&dense));
    let s = k.decode_shape;
    assert_eq!((s.min_base_s, s.root_term, s.fit_linear_batch, s.min_per_decode_s), (0.2, false, true, 0.0015));
    // A per-sequence floor under the global one keeps the global one (0.2 ms).
    let light = StepFloors { per_sequence_s: 0.000_01, ..dense };
    assert_eq!(CALIBRATED.with_step_floors(Some(&light)).decode_shape.min_per_decode_s, 0.000_2);
    // A mixture of experts keeps the global shape; with every model floored, its shared
    // weights floor `a` and nothing else.
    let routing = ExpertRouting { experts: 128, per_token: 6 };
    let moe = StepFloors { weights_read_s: 0.0136, per_sequence_s: 0.0005, experts: Some(routing) };
    assert_eq!(CALIBRATED.with_step_floors(Some(&moe)), CALIBRATED);
    let every = EngineConstants { architecture_floors: ArchitectureFloors::EveryModel, ..CALIBRATED };
    let m = every.with_step_floors(Some(&moe)).decode_shape;
    assert_eq!(m, sizer_core::sim::open_loop::DecodeShape { min_base_s: 0.0136, ..CALIBRATED.decode_shape });
    // Routed by the configuration: the root term is the experts read, the rest global; a dense
    // model has no routing to take.
    let routed = EngineConstants { expert_term: ExpertTerm::IndependentRouting, ..CALIBRATED };
    let r = routed.with_step_floors(Some(&moe)).decode_shape;
    assert_eq!(r, sizer_core::sim::open_loop::DecodeShape { expert_routing: Some(routing), ..CALIBRATED.decode_shape });
    assert_eq!(routed.with_step_floors(Some(&dense)).decode_shape.expert_routing, None);
    // Unknown, or the rule switched off: the constants unchanged.
    assert_eq!(CALIBRATED.with_step_floors(None), CALIBRATED);
    let off = EngineConstants { architecture_floors: ArchitectureFloors::Off, ..CALIBRATED };
    assert_eq!(off.with_step_floors(Some(&dense)), off);
}
