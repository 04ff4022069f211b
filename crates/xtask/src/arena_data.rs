//! `cargo xtask arena-data`: writes `crates/sizer-data/data/arena.json`, the arena's 19 runs
//! (`tests/fixtures/arena/`) as dataset runs and sources, generated from the files: each folder
//! imported by `sizer_import::suite::import_suite` ([`crate::calibrate::import_run`]) and turned
//! into a run's workloads and server settings by `sizer_data::suite::as_run`, each workload with
//! its engine's predictions beyond the measured concurrencies
//! (`sizer_data::run::engine_curve::suite_workloads_with_engine`). What the files do
//! not say is in [`ARENA`]: the catalogue's model id, and the caveats of `CAVEATS.json` in one
//! sentence each, English and German. Beside it, `crates/sizer-data/data/arena_loads.json`: each
//! run's measured open-loop load (files 07 to 11, `sizer_data::suite::as_run::measured_load`).
//! `tests/tests/data/arena.rs` imports every folder
//! again and checks the dataset holds exactly what the files give, so the file stays generated.
use crate::calibrate::{ARENA_RUNS, import_run};
use crate::error::{TaskError, TaskResult};
use serde_json::{Map, Value, json};
use sizer_data::engine_curve::suite_workloads_with_engine;
use sizer_data::suite::SuiteRun;
use sizer_data::suite::as_run::{measured_load, server_settings};
use sizer_data::{LoadRow, MeasuredLoadTable, RunMeasuredLoad};
use std::path::Path;

/// Where the file goes, from the workspace root.
pub const FILE: &str = "crates/sizer-data/data/arena.json";
/// Where the runs' measured open-loop loads go (files 07 to 11 of each folder).
pub const LOADS_FILE: &str = "crates/sizer-data/data/arena_loads.json";

/// The repository and commit the fixtures were copied from (`tests/fixtures/arena/README.md`).
const REPOSITORY: &str =
    "https://github.com/djangodevreng/dgx-spark-benchmarks/tree/5636536703fb6fe6a4992f68162b93fa03e7f15e/results";

/// What a folder's files do not say.
struct Arena {
    folder: &'static str,
    /// The catalogue's model id (`data/models.json`), shared with the model's other runs.
    model_id: &'static str,
    /// `CAVEATS.json`'s entries for the folder, one sentence each: (English, German).
    caveats: &'static [(&'static str, &'static str)],
}

const GEMMA_PAIR_BF16: (&str, &str) = (
    "Same model and image as the bf16-v23 run with one difference: this run uses gpu_memory_utilization 0.90 (the suite's default), bf16-v23 0.85, so compare this model with the rest of the arena through this run.",
    "Dasselbe Modell und Image wie der Lauf bf16-v23 mit einem Unterschied: dieser Lauf nutzt gpu_memory_utilization 0,90 (den Standard der Suite), bf16-v23 0,85; mit dem Rest der Arena vergleicht man das Modell daher über diesen Lauf.",
);
const GEMMA_PAIR_V23: (&str, &str) = (
    "Same model and image as the bf16 run with one difference: this run uses gpu_memory_utilization 0.85, bf16 the suite's default 0.90, so compare it with bf16 only and the model with the rest of the arena through bf16.",
    "Dasselbe Modell und Image wie der Lauf bf16 mit einem Unterschied: dieser Lauf nutzt gpu_memory_utilization 0,85, bf16 den Standard der Suite von 0,90; vergleichen Sie ihn daher nur mit bf16 und das Modell mit dem Rest der Arena über bf16.",
);

/// The 19 folders, in [`ARENA_RUNS`]' order.
const ARENA: [Arena; 19] = [
    Arena { folder: ARENA_RUNS[0], model_id: "gemma-4-26b-a4b", caveats: &[GEMMA_PAIR_BF16] },
    Arena {
        folder: ARENA_RUNS[1],
        model_id: "gemma-4-26b-a4b",
        caveats: &[
            (
                "The folder name bf16-v23 refers to vLLM v0.23.0, on which the comparison was first set up; the run itself ran on v0.26.0 like the rest.",
                "Der Ordnername bf16-v23 verweist auf vLLM v0.23.0, auf dem der Vergleich zuerst aufgesetzt wurde; der Lauf selbst lief wie die übrigen auf v0.26.0.",
            ),
            GEMMA_PAIR_V23,
        ],
    },
    Arena { folder: ARENA_RUNS[2], model_id: "gemma-4-31b", caveats: &[] },
    Arena { folder: ARENA_RUNS[3], model_id: "gemma-4-e2b", caveats: &[] },
    Arena { folder: ARENA_RUNS[4], model_id: "gpt-oss-20b", caveats: &[] },
    Arena { folder: ARENA_RUNS[5], model_id: "kat-coder-v2.5", caveats: &[] },
    Arena {
        folder: ARENA_RUNS[6],
        model_id: "ministral-3-3b-instruct",
        caveats: &[(
            "Runs with kv_cache_dtype auto on purpose: with an fp8 KV cache the model writes nothing but hash signs up to the token limit (tested on 8 August 2026), so its capacity does not compare one to one with the fp8 runs, as the KV cache sets how many requests fit at once.",
            "Läuft bewusst mit kv_cache_dtype auto: mit einem fp8-KV-Cache schreibt das Modell nur Rautenzeichen bis zur Token-Grenze (geprüft am 08.08.2026), daher ist seine Kapazität nicht eins zu eins mit den fp8-Läufen vergleichbar, denn der KV-Cache bestimmt, wie viele Anfragen gleichzeitig hineinpassen.",
        )],
    },
    Arena { folder: ARENA_RUNS[7], model_id: "ministral-3-8b-instruct", caveats: &[] },
    Arena {
        folder: ARENA_RUNS[8],
        model_id: "muse-glimmer-30b",
        caveats: &[
            (
                "Runs on a nightly, not on v0.26.0: no released vLLM knows the muse_glimmer architecture, so it ran on the launch image vllm/vllm-openai:muse-glimmer, which reports 0.26.1rc1.dev608+g99a10304d, and a comparison with the rest of the arena carries a version difference.",
                "Läuft auf einem Nightly-Build, nicht auf v0.26.0: kein veröffentlichtes vLLM kennt die Architektur muse_glimmer, daher lief es auf dem Launch-Image vllm/vllm-openai:muse-glimmer, das sich als 0.26.1rc1.dev608+g99a10304d meldet, und ein Vergleich mit dem Rest der Arena trägt einen Versionsunterschied.",
            ),
            (
                "Uses kv_cache_dtype auto, not fp8, on purpose (the model is measured in BF16 with and without speculative decoding, and a quantised KV cache would add a second variable), so its capacity does not compare one to one with models on fp8.",
                "Nutzt bewusst kv_cache_dtype auto statt fp8 (das Modell wird in BF16 mit und ohne spekulatives Decoding gemessen, und ein quantisierter KV-Cache wäre eine zweite Variable), daher ist seine Kapazität nicht eins zu eins mit Modellen auf fp8 vergleichbar.",
            ),
        ],
    },
    Arena { folder: ARENA_RUNS[9], model_id: "nemotron-3-nano-30b-a3b", caveats: &[] },
    Arena { folder: ARENA_RUNS[10], model_id: "nemotron-3-nano-30b-a3b", caveats: &[] },
    Arena { folder: ARENA_RUNS[11], model_id: "nemotron-3-nano-4b", caveats: &[] },
    Arena {
        folder: ARENA_RUNS[12],
        model_id: "nemotron-3-nano-omni-30b-a3b-reasoning",
        caveats: &[(
            "The suite's three runs of this model do not compare with each other: bf16 and nvfp4 ran with kv_cache_dtype auto and this fp8 run with fp8, so it differs in its KV cache as well as its weights; its own figures stand.",
            "Die drei Läufe dieses Modells in der Suite sind untereinander nicht vergleichbar: bf16 und nvfp4 liefen mit kv_cache_dtype auto und dieser fp8-Lauf mit fp8, er unterscheidet sich also im KV-Cache wie in den Gewichten; seine eigenen Zahlen stimmen.",
        )],
    },
    Arena { folder: ARENA_RUNS[13], model_id: "nemotron-cascade-2-30b-a3b", caveats: &[] },
    Arena { folder: ARENA_RUNS[14], model_id: "qwen3.5-0.8b", caveats: &[] },
    Arena { folder: ARENA_RUNS[15], model_id: "qwen3.5-4b", caveats: &[] },
    Arena { folder: ARENA_RUNS[16], model_id: "qwen3.6-27b", caveats: &[] },
    Arena {
        folder: ARENA_RUNS[17],
        model_id: "qwen3.6-35b-a3b",
        caveats: &[(
            "Runs with a Marlin workaround for kernels the GB10 (compute capability 12.1) lacks: without --linear-backend marlin the engine refused to start with an internal error in cutlass_gemm_caller, so the figures, measured honestly, come from Marlin kernels where CUTLASS or FlashInfer might be faster.",
            "Läuft mit einem Marlin-Umweg um Kernel, die dem GB10 (Compute Capability 12.1) fehlen: ohne --linear-backend marlin brach die Engine beim Start mit einem internen Fehler in cutlass_gemm_caller ab, daher stammen die ehrlich gemessenen Zahlen von Marlin-Kerneln, wo CUTLASS oder FlashInfer schneller sein könnten.",
        )],
    },
    Arena {
        folder: ARENA_RUNS[18],
        model_id: "qwen3.8-27b",
        caveats: &[(
            "Measured at a 131,072-token context, the suite-wide max_model_len chosen for comparability, not at the model's native 262,144.",
            "Gemessen mit 131.072 Token Kontext, dem für die Vergleichbarkeit gewählten max_model_len der ganzen Suite, nicht mit den nativen 262.144 des Modells.",
        )],
    },
];

/// The dataset id of an arena folder's run and of its source: `djangodevreng-arena-` and the
/// folder without its family (`qwen-3.6/qwen-3.6-35b-a3b/fp8` gives `…-qwen-3.6-35b-a3b-fp8`).
pub fn run_id(folder: &str) -> String {
    let rest = folder.split_once('/').map_or(folder, |(_, rest)| rest);
    format!("djangodevreng-arena-{}", rest.replace('/', "-"))
}

/// `cargo xtask arena-data`.
pub fn arena_data(root: &Path) -> TaskResult {
    let mut sources = Vec::new();
    let mut runs = Vec::new();
    let mut loads = Vec::new();
    for arena in &ARENA {
        let suite = import_run(root, arena.folder)?;
        let (source, run) = entries(arena, &suite)?;
        sources.push(source);
        runs.push(run);
        loads.push(measured_load(&run_id(arena.folder), &suite.load));
    }
    let path = root.join(FILE);
    std::fs::write(&path, document(&sources, &runs)).map_err(TaskError::io(&path))?;
    println!("wrote {FILE}: {} runs", runs.len());
    let table = MeasuredLoadTable { loads };
    table.validate().map_err(|error| TaskError::Message(format!("{LOADS_FILE}: {error}")))?;
    let path = root.join(LOADS_FILE);
    std::fs::write(&path, loads_document(&table.loads)?).map_err(TaskError::io(&path))?;
    println!("wrote {LOADS_FILE}: {} runs' measured loads", table.loads.len());
    Ok(())
}

/// The measured loads, laid out one row a line, each row in its struct's field order.
fn loads_document(loads: &[RunMeasuredLoad]) -> TaskResult<String> {
    let rows = |rows: &[LoadRow]| -> TaskResult<String> {
        let lines = rows.iter().map(|row| serde_json::to_string(row).map(|line| format!("        {line}")));
        let lines: Vec<String> = lines.collect::<Result<_, _>>().map_err(message)?;
        Ok(format!("[\n{}\n      ]", lines.join(",\n")))
    };
    let mut entries = Vec::new();
    for load in loads {
        let mut fields = vec![format!("      \"run\": {}", json!(load.run))];
        fields.push(format!("      \"tests\": {}", rows(&load.tests)?));
        fields.push(format!("      \"sweep\": {}", rows(&load.sweep)?));
        if let Some(file) = &load.summary_file {
            fields.push(format!("      \"summary_file\": {}", json!(file)));
        }
        if !load.reported.is_empty() {
            let reported = serde_json::to_string(&load.reported).map_err(message)?;
            fields.push(format!("      \"reported\": {reported}"));
        }
        for (key, value) in [("queue_knee_rps", load.queue_knee_rps), ("aborted_at_rps", load.aborted_at_rps)] {
            if let Some(value) = value {
                fields.push(format!("      \"{key}\": {}", json!(value)));
            }
        }
        entries.push(format!("    {{\n{}\n    }}", fields.join(",\n")));
    }
    Ok(format!("{{\n  \"loads\": [\n{}\n  ]\n}}\n", entries.join(",\n")))
}

fn entries(arena: &Arena, suite: &SuiteRun) -> TaskResult<(Value, Value)> {
    let folder = arena.folder;
    let missing = |what: &str| TaskError::Message(format!("{folder}: meta.json gives no {what}"));
    let setup = suite.setup.as_ref().ok_or_else(|| missing("setup"))?;
    let version = setup.vllm_version.as_deref().ok_or_else(|| missing("vllm_version_reported"))?;
    let image = setup.image.as_deref().ok_or_else(|| missing("vllm_image"))?;
    let profile = setup.profile.as_deref().ok_or_else(|| missing("profile"))?;
    let generated = setup.generated_at.as_deref().ok_or_else(|| missing("generated_at"))?;
    let date = generated.get(..10).ok_or_else(|| missing("generated_at date"))?;
    let settings = server_settings(setup);
    let model = setup.model.rsplit('/').next().unwrap_or(&setup.model);
    // The profile names the weights' precision (`bf16-v23`: BF16, on another memory share).
    let precision = profile.split('-').next().unwrap_or(profile).to_ascii_uppercase();
    // (English, German): the run's names are data in both languages (`GermanNames`).
    let (kv, kv_de) = match settings.kv_cache_dtype.as_deref() {
        Some("auto") => {
            ("KV cache auto: the model's data type".to_owned(), "KV-Cache auto: Datentyp des Modells".to_owned())
        }
        Some(dtype) => (format!("{dtype} KV cache"), format!("{dtype}-KV-Cache")),
        None => ("KV cache not stated".to_owned(), "KV-Cache nicht genannt".to_owned()),
    };
    let share = settings.gpu_memory_utilization.ok_or_else(|| missing("gpu_memory_utilization"))?;
    // The suite's default share is 0.90; a run on another one says so in its label.
    let (memory, memory_de) = if (share - 0.90).abs() > 1e-9 {
        (format!(" · memory {share}"), format!(" · Speicher {}", share.to_string().replace('.', ",")))
    } else {
        (String::new(), String::new())
    };
    let id = run_id(folder);
    let mut workloads = suite_workloads_with_engine(suite).into_iter();
    let first = workloads.next().ok_or_else(|| TaskError::Message(format!("{folder}: no closed-loop workload")))?;
    let further: Vec<_> = workloads.collect();
    let url = format!("{REPOSITORY}/{folder}");
    let source = json!({
        "id": id,
        "title": format!("dgx-spark-benchmarks: results/{folder}"),
        "title_is_description": true,
        "publisher": "Django de Vreng (djangodevreng on GitHub)",
        "kind": "reported_by_third_party",
        "run_date": date,
        "url": url,
        "licence": "CC BY 4.0",
        "note": format!("DGX Spark benchmark runs, Django de Vreng, 2026 (CC BY 4.0): the suite's eleven tests of one server, {model} at {profile}, run {date} on vLLM {version} ({image}); closed-loop llama-benchy 0.4.0 files 01 to 06, open-loop vllm bench serve files 07 to 11, meta.json. Verbatim copies in tests/fixtures/arena/{folder}/."),
    });
    let mut run = Map::new();
    run.insert("id".into(), json!(id));
    run.insert(
        "label".into(),
        json!(format!("{model} · {precision} · vLLM {version}{memory} · DGX Spark arena · Django de Vreng")),
    );
    run.insert(
        "names_de".into(),
        json!({
            "label": format!("{model} · {precision} · vLLM {version}{memory_de} · DGX-Spark-Arena · Django de Vreng"),
            "format": format!("{precision} ({kv_de})"),
        }),
    );
    run.insert("model".into(), json!(model));
    run.insert("model_id".into(), json!(arena.model_id));
    run.insert("format".into(), json!(format!("{precision} ({kv})")));
    run.insert("engine".into(), json!("vLLM"));
    run.insert("engine_version".into(), json!(format!("{version} ({image})")));
    run.insert("hardware".into(), json!("DGX Spark (GB10)"));
    run.insert("nodes".into(), json!(1));
    run.insert("topology".into(), json!("single"));
    run.insert("workload".into(), serde_json::to_value(&first.workload).map_err(message)?);
    run.insert("counter".into(), serde_json::to_value(first.counter).map_err(message)?);
    run.insert("source".into(), json!(id));
    run.insert("date".into(), json!(date));
    run.insert("note".into(), json!(NOTE));
    run.insert("server".into(), serde_json::to_value(&settings).map_err(message)?);
    let caveats: Vec<Value> = arena.caveats.iter().map(|(en, de)| json!({"en": en, "de": de})).collect();
    if !caveats.is_empty() {
        run.insert("caveats".into(), Value::Array(caveats));
    }
    run.insert("points".into(), serde_json::to_value(&first.points).map_err(message)?);
    if !first.engine_points.is_empty() {
        run.insert("engine_points".into(), serde_json::to_value(&first.engine_points).map_err(message)?);
    }
    if !further.is_empty() {
        run.insert("further_workloads".into(), serde_json::to_value(&further).map_err(message)?);
    }
    Ok((source, Value::Object(run)))
}

/// What every arena run's figures are, in words (the fixtures' README).
const NOTE: &str = "Closed loop: llama-benchy 0.4.0, 3 runs per point, each point the mean with its ± spread. Per-request speed is the generation row's 't/s (req)', aggregate its 't/s (total)' (decode only), prefill the prompt row's 't/s (total)', mean TTFT its 'ttfr'. llama-benchy fell back to the gpt2 tokenizer, so the prompt and answer lengths are nominal, approximate in the model's own tokens.";

fn message(error: serde_json::Error) -> TaskError {
    TaskError::Message(error.to_string())
}

/// The dataset document, laid out as `data/runs.json` is: one key a line, one point a line.
fn document(sources: &[Value], runs: &[Value]) -> String {
    let line = |value: &Value| serde_json::to_string(value).unwrap_or_default();
    let mut out = String::from("{\n  \"sources\": [\n");
    let sources: Vec<String> = sources.iter().map(|s| format!("    {}", line(s))).collect();
    out.push_str(&sources.join(",\n"));
    out.push_str("\n  ],\n  \"runs\": [\n");
    let runs: Vec<String> = runs.iter().map(|run| run_lines(run, &line)).collect();
    out.push_str(&runs.join(",\n"));
    out.push_str("\n  ],\n  \"facts\": [],\n  \"claims\": []\n}\n");
    out
}

fn run_lines(run: &Value, line: &dyn Fn(&Value) -> String) -> String {
    let Some(object) = run.as_object() else { return line(run) };
    let points = |value: &Value, indent: &str| -> String {
        let items: Vec<String> =
            value.as_array().map(|a| a.iter().map(|p| format!("{indent}  {}", line(p))).collect()).unwrap_or_default();
        format!("[\n{}\n{indent}]", items.join(",\n"))
    };
    let fields: Vec<String> = object
        .iter()
        .map(|(key, value)| match key.as_str() {
            "points" => format!("      \"points\": {}", points(value, "      ")),
            "further_workloads" => {
                let items: Vec<String> = value
                    .as_array()
                    .map(|a| {
                        a.iter()
                            .map(|w| {
                                let engine = match w.get("engine_points") {
                                    Some(engine) => format!(", \"engine_points\": {}", line(engine)),
                                    None => String::new(),
                                };
                                format!(
                                    "        {{\"workload\": {}, \"counter\": {}, \"points\": {}{engine}}}",
                                    line(&w["workload"]),
                                    line(&w["counter"]),
                                    points(&w["points"], "        ")
                                )
                            })
                            .collect()
                    })
                    .unwrap_or_default();
                format!("      \"further_workloads\": [\n{}\n      ]", items.join(",\n"))
            }
            _ => format!("      {}: {}", line(&Value::String(key.clone())), line(value)),
        })
        .collect();
    format!("    {{\n{}\n    }}", fields.join(",\n"))
}
