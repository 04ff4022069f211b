//! One test per seed table: its rows, as literal values copied from the seed text (and the
//! llama.cpp fixture), against the dataset. A transcription slip fails here.

use sizer_data::{Counter, Figure, Run, RunPoint, dataset};

fn run(id: &str) -> &'static Run {
    dataset().run(id).unwrap_or_else(|| panic!("run {id} missing"))
}

fn point(id: &str, concurrency: u32) -> &'static RunPoint {
    run(id).point(concurrency).unwrap_or_else(|| panic!("{id}: no point at {concurrency}"))
}

fn value(figure: Option<Figure>, what: &str) -> f64 {
    figure.unwrap_or_else(|| panic!("{what} missing")).value
}

/// Figures are transcribed, not computed: they must be equal to the printed decimal.
#[track_caller]
fn same(actual: f64, printed: f64, what: &str) {
    assert_eq!(actual, printed, "{what}");
}

const QWEN: &str = "gpuwerk-qwen3-coder-30b-a3b-awq-vllm-0.27.1";
/// The 1-request rows are a separate run (128 in / 512 out) kept as the sweep's first point.
const QWEN_1: &str = QWEN;
const LLAMA: &str = "gpuwerk-llama-3.3-70b-awq-vllm-0.27.1";
const LLAMA_1: &str = LLAMA;

/// English seed, table 1: "Model, format, engine | 1 request | 8 | 32 | 128 | 256".
#[test]
fn english_table_1_per_request_speeds() {
    // (run for 1 request, run for the rest, [1, 8, 32, 128, 256]); None = n/a.
    let rows: [(&str, &str, [Option<f64>; 5]); 5] = [
        (QWEN_1, QWEN, [Some(80.9), Some(37.3), Some(18.4), Some(8.2), Some(4.5)]),
        (LLAMA_1, LLAMA, [Some(6.0), Some(5.6), Some(3.8), Some(1.4), Some(0.4)]),
        (
            "dendro-logic-gpt-oss-120b-mxfp4-vllm-26.03",
            "dendro-logic-gpt-oss-120b-mxfp4-vllm-26.03",
            [Some(33.6), Some(15.4), Some(8.0), Some(4.5), Some(3.6)],
        ),
        (
            "dendro-logic-nemotron-super-49b-v1.5-nvfp4-vllm-26.03",
            "dendro-logic-nemotron-super-49b-v1.5-nvfp4-vllm-26.03",
            [Some(5.8), Some(5.7), Some(5.1), Some(3.9), Some(2.9)],
        ),
        (
            "petronella-qwen3.8-27b-nvfp4",
            "petronella-qwen3.8-27b-nvfp4",
            [Some(25.0), Some(18.6), Some(9.8), None, None],
        ),
    ];
    for (single, sweep, values) in rows {
        for (concurrency, printed) in [1, 8, 32, 128, 256].into_iter().zip(values) {
            let id = if concurrency == 1 { single } else { sweep };
            let found = run(id).point(concurrency);
            match printed {
                // GPUwerk's 1-request column is "the measured output rate" (aggregate at 1).
                Some(p) if concurrency == 1 && (id == QWEN_1 || id == LLAMA_1) => {
                    same(value(found.and_then(|x| x.aggregate_tok_s), id), p, id)
                }
                Some(p) => same(value(found.and_then(|x| x.per_request_tok_s), id), p, id),
                None => assert!(found.is_none(), "{id} at {concurrency} should be n/a"),
            }
        }
    }
}

/// English seed, table 2: the GPUwerk raw logs, every column of every row.
#[test]
fn english_table_2_raw_logs_with_ttft() {
    // (concurrent, generated all, prompt+generated, median TPOT ms, per-user, median TTFT ms, p99 TTFT ms)
    let qwen = [
        (1, 80.9, 101.2, 12.3, 81.2, 37.0, 41.0),
        (8, 281.8, 845.3, 26.8, 37.3, 124.0, 610.0),
        (32, 559.7, 1679.2, 54.4, 18.4, 780.0, 2100.0),
        (64, 806.9, 2420.8, 76.5, 13.1, 478.0, 2700.0),
        (128, 1003.3, 3009.9, 121.8, 8.2, 846.0, 7100.0),
        (256, 1078.4, 3235.1, 221.3, 4.5, 2000.0, 21500.0),
    ];
    let llama = [
        (1, 6.0, 7.5, 167.4, 6.0, 186.0, 189.0),
        (8, 41.8, 125.4, 177.1, 5.6, 737.0, 10300.0),
        (32, 99.2, 297.7, 259.9, 3.8, 13300.0, 39300.0),
        (128, 161.8, 485.5, 721.1, 1.4, 8000.0, 101900.0),
        (256, 100.0, 300.0, 2432.3, 0.4, 40300.0, 382300.0),
    ];
    for (single, sweep, rows) in [(QWEN_1, QWEN, &qwen[..]), (LLAMA_1, LLAMA, &llama[..])] {
        for &(c, generated, total, tpot, per_user, ttft, p99) in rows {
            let id = if c == 1 { single } else { sweep };
            let p = point(id, c);
            let what = format!("{id} @ {c}");
            same(value(p.aggregate_tok_s, &what), generated, &what);
            same(value(p.total_tok_s, &what), total, &what);
            same(value(p.median_tpot_ms, &what), tpot, &what);
            same(value(p.per_request_tok_s, &what), per_user, &what);
            same(value(p.median_ttft_ms, &what), ttft, &what);
            same(value(p.p99_ttft_ms, &what), p99, &what);
        }
    }
    assert!(run(LLAMA).point(64).is_none(), "no 64 row for Llama 3.3 70B");
    // "The 1-request rows are a separate run with 128 tokens in and 512 out".
    for id in [QWEN_1, LLAMA_1] {
        let own = point(id, 1).workload.as_ref().unwrap_or_else(|| panic!("{id} @ 1: own workload"));
        assert_eq!(
            (own.prompt_tokens.map(|t| t.value()), own.output_tokens.map(|t| t.value())),
            (Some(128.0), Some(512.0))
        );
    }
    let w = &run(QWEN).workload;
    assert_eq!((w.prompt_tokens.map(|t| t.value()), w.output_tokens.map(|t| t.value())), (Some(512.0), Some(256.0)));
}

/// English seed, table 3: "Model and format | Engine and workload | 1 | 8 | 32 | Peak | Counts".
#[test]
fn english_table_3_other_sweeps() {
    // (run, [(concurrency, aggregate tok/s)] including the peak column, counter)
    type Row = (&'static str, &'static [(u32, f64)], Counter);
    let rows: [Row; 8] = [
        (
            "dendro-logic-gpt-oss-120b-mxfp4-vllm-26.03",
            &[(1, 33.5), (8, 123.4), (32, 252.3), (256, 862.8), (384, 771.2)],
            Counter::Generated,
        ),
        (
            "dendro-logic-nemotron-super-49b-v1.5-nvfp4-vllm-26.03",
            &[(1, 5.8), (8, 45.4), (32, 161.9), (256, 695.1), (320, 514.7)],
            Counter::Generated,
        ),
        (
            "dendro-logic-nemotron-nano-9b-v2-nvfp4-nim",
            &[(1, 26.2), (8, 153.2), (32, 156.8), (256, 155.0)],
            Counter::Generated,
        ),
        (
            "nvidia-forum-gpt-oss-120b-mxfp4-vllm-dev-1-node",
            &[(1, 57.5), (8, 153.5), (32, 318.7), (64, 315.2)],
            Counter::DecodeOnly,
        ),
        ("nvidia-forum-qwen3.6-fp8-mtp3-vllm", &[(1, 80.5), (8, 479.5), (32, 1133.5)], Counter::NotStated),
        ("petronella-qwen3.8-27b-nvfp4", &[(1, 25.0), (8, 149.0), (32, 315.0)], Counter::AggregateDecode),
        ("llamacpp-gpt-oss-120b-mxfp4-gguf-b7941-pp512", &[(1, 57.1), (8, 159.2), (32, 353.3)], Counter::Generated),
        ("lmsys-llama-3.1-8b-fp8-sglang", &[(1, 20.5), (32, 368.0)], Counter::Decode),
    ];
    for (id, cells, counter) in rows {
        assert_eq!(run(id).counter, counter, "{id} counter");
        for &(c, printed) in cells {
            same(value(point(id, c).aggregate_tok_s, id), printed, &format!("{id} @ {c}"));
        }
    }
    // "flat at about 155": the only approximate cell.
    let nano = point("dendro-logic-nemotron-nano-9b-v2-nvfp4-nim", 256).aggregate_tok_s.expect("155");
    assert!(nano.approximate);
    assert!(run("lmsys-llama-3.1-8b-fp8-sglang").point(8).is_none(), "8 is n/a for LMSYS");
    // S at 32 for the llama.cpp row: "S_TG is 353 tok/s and S is 1,832 tok/s".
    same(value(point("llamacpp-gpt-oss-120b-mxfp4-gguf-b7941-pp512", 32).total_tok_s, "S"), 1832.0, "S");
}

/// English seed, "Two smaller data points fill in dense models".
#[test]
fn english_dense_data_points() {
    let magistral = "nvidia-forum-magistral-small-24b-bf16-vllm-0.20.0";
    let one = point(magistral, 1).per_request_tok_s.expect("1");
    assert_eq!((one.range, one.approximate), (Some((4.8, 5.0)), true));
    same(value(point(magistral, 20).aggregate_tok_s, "86"), 86.0, "Magistral total at 20");
    same(value(point(magistral, 20).per_request_tok_s, "4.3"), 4.3, "Magistral per request at 20");
    let nvfp4 = point("nvidia-forum-qwen3.8-27b-nvfp4-vllm-0.27.1-c16", 16);
    same(value(nvfp4.mean_tpot_ms, "114.7"), 114.7, "NVFP4 TPOT");
    same(value(nvfp4.per_request_tok_s, "8.7"), 8.7, "NVFP4 per user");
    let fp8 = point("nvidia-forum-qwen3.8-27b-fp8-vllm-0.27.1-c16", 16);
    same(value(fp8.mean_tpot_ms, "147.9"), 147.9, "FP8 TPOT");
    same(value(fp8.per_request_tok_s, "6.8"), 6.8, "FP8 per user");
}

/// English seed, a second Spark: "At 32 concurrent: one Spark 318.7 tok/s, two Sparks with tensor
/// parallelism 471.7, two independent Sparks behind a LiteLLM proxy 382.1. At 64: 315.2, 471.8
/// and 567.9."
#[test]
fn english_two_spark_comparison() {
    let rows = [
        ("nvidia-forum-gpt-oss-120b-mxfp4-vllm-dev-1-node", 318.7, 315.2),
        ("nvidia-forum-gpt-oss-120b-mxfp4-vllm-dev-2-nodes-tp2", 471.7, 471.8),
        ("nvidia-forum-gpt-oss-120b-mxfp4-vllm-dev-2-replicas-litellm", 382.1, 567.9),
    ];
    for (id, at_32, at_64) in rows {
        same(value(point(id, 32).aggregate_tok_s, id), at_32, id);
        same(value(point(id, 64).aggregate_tok_s, id), at_64, id);
    }
}

/// English seed, engines: "Ollama gave gpt-oss-120b 42.1 tok/s alone and 42.5 tok/s in total for
/// eight concurrent requests, while vLLM went from 60.7 to 116 to 153".
#[test]
fn english_ollama_versus_vllm() {
    let ollama = "nvidia-forum-gpt-oss-120b-ollama-2026-08";
    same(value(point(ollama, 1).aggregate_tok_s, "42.1"), 42.1, "Ollama alone");
    same(value(point(ollama, 8).aggregate_tok_s, "42.5"), 42.5, "Ollama at 8");
    let vllm = run("nvidia-forum-gpt-oss-120b-vllm-2026-08");
    same(value(point(&vllm.id, 1).aggregate_tok_s, "60.7"), 60.7, "vLLM alone");
    same(value(point(&vllm.id, 8).aggregate_tok_s, "153"), 153.0, "vLLM at 8");
    assert!(vllm.note.as_deref().is_some_and(|n| n.contains("116")), "116 kept in the note");
}

/// English seed, users table: "Streams at 15 tok/s | Streams at 10 tok/s | Chat users".
#[test]
fn english_users_table_claims() {
    let claims = &dataset().claims;
    let value_of = |id: &str| claims.iter().find(|c| c.id == id).map(|c| c.value);
    let rows = [
        ("qwen3-coder-30b-a3b", 52.0, 104.0, 160.0),
        ("qwen3.8-27b-petronella", 15.0, 31.0, 36.0),
        ("gpt-oss-120b-forum", 14.0, 32.0, 33.0),
        ("gpt-oss-120b-dendro", 9.0, 21.0, 16.0),
        ("llama-3.3-70b", 0.0, 0.0, 0.0),
    ];
    for (key, at_15, at_10, users) in rows {
        assert_eq!(value_of(&format!("en-streams-15-{key}")), Some(at_15), "{key} @15");
        assert_eq!(value_of(&format!("en-streams-10-{key}")), Some(at_10), "{key} @10");
        assert_eq!(value_of(&format!("en-users-15-{key}")), Some(users), "{key} users");
    }
    assert_eq!(value_of("en-busy-seconds-chat"), Some(27.7));
    assert_eq!(value_of("en-duty-cycle-chat"), Some(0.23));
    assert_eq!(value_of("en-max-average-load-52"), Some(37.7));
    assert_eq!(value_of("en-users-15-qwen3-coder-30b-a3b-step4"), Some(163.0));
    assert_eq!(value_of("en-prefill-demand-10-agents"), Some(6667.0));
}

/// German seed, "Tempo je Anfrage": LMSYS gpt-oss-120b with SGLang, 2,048 in and out: "50,5 ...
/// 14,6 je Anfrage bei 8, 9,2 bei 16, 6,3 bei 32 und 4,6 bei 64, in Summe etwa 290".
#[test]
fn german_lmsys_gpt_oss_120b_sweep() {
    let id = "lmsys-gpt-oss-120b-sglang-2048-2048";
    for (c, printed) in [(1, 50.5), (8, 14.6), (16, 9.2), (32, 6.3), (64, 4.6)] {
        same(value(point(id, c).per_request_tok_s, id), printed, &format!("{id} @ {c}"));
    }
    let total = point(id, 64).aggregate_tok_s.expect("290");
    assert_eq!((total.value, total.approximate), (290.0, true));
    let w = &run(id).workload;
    assert_eq!((w.prompt_tokens.map(|t| t.value()), w.output_tokens.map(|t| t.value())), (Some(2048.0), Some(2048.0)));
}

/// German seed: llama.cpp 4,096-token prompts ("von 55 ... für eine Anfrage auf 262 bei 32"),
/// LMSYS Llama 3.1 70B FP8 ("2,7 ... 20,2 insgesamt für acht, 2,5 je Anfrage"), NVIDIA's Qwen3
/// Coder Next test ("35, 54 und 91 Sekunden ... nach 9, 12 und 15 Sekunden"), StorageReview
/// ("bei 128 Anfragen mit Pipeline-Parallelismus insgesamt 555").
#[test]
fn german_single_figures() {
    let llamacpp = "llamacpp-gpt-oss-120b-2026-02-pp4096";
    same(value(point(llamacpp, 1).aggregate_tok_s, "55"), 55.0, "llama.cpp 4,096 @1");
    same(value(point(llamacpp, 32).aggregate_tok_s, "262"), 262.0, "llama.cpp 4,096 @32");
    let lmsys70 = "lmsys-llama-3.1-70b-fp8";
    same(value(point(lmsys70, 1).per_request_tok_s, "2.7"), 2.7, "70B alone");
    same(value(point(lmsys70, 8).aggregate_tok_s, "20.2"), 20.2, "70B total at 8");
    same(value(point(lmsys70, 8).per_request_tok_s, "2.5"), 2.5, "70B per request at 8");
    let nvidia = "nvidia-qwen3-coder-next-fp8-vllm-32k-prompts";
    for (c, duration, ttft_ms) in [(1, 35.0, 9000.0), (2, 54.0, 12000.0), (4, 91.0, 15000.0)] {
        same(value(point(nvidia, c).duration_s, "duration"), duration, "NVIDIA duration");
        same(value(point(nvidia, c).median_ttft_ms, "ttft"), ttft_ms, "NVIDIA TTFT");
    }
    same(
        value(point("storagereview-gpt-oss-120b-2-nodes-pipeline-parallel", 128).aggregate_tok_s, "555"),
        555.0,
        "StorageReview",
    );
}

/// German seed, facts: model sizes, memory, bandwidth, engine defaults, floors.
#[test]
fn german_facts() {
    let fact = |id: &str| dataset().fact(id).and_then(|f| f.value).map(|v| v.value);
    let rows = [
        ("params-total-gpt-oss-20b", 21.0),
        ("params-active-gpt-oss-20b", 3.6),
        ("weights-gpt-oss-20b", 13.8),
        ("params-total-gpt-oss-120b", 117.0),
        ("params-active-gpt-oss-120b", 5.1),
        ("weights-gpt-oss-120b", 65.3),
        ("params-total-qwen3-coder-30b-a3b", 30.5),
        ("params-active-qwen3-coder-30b-a3b", 3.3),
        ("memory-dgx-spark", 128.0),
        ("bandwidth-dgx-spark", 273.0),
        ("working-budget-dgx-spark", 102.0),
        ("bandwidth-rtx-pro-6000-server", 1597.0),
        ("bandwidth-rtx-pro-6000-workstation", 1792.0),
        ("default-ollama-num-parallel", 1.0),
        ("default-llamacpp-server-slots", 4.0),
        ("playbook-vllm-gpu-memory-utilization", 0.8),
        ("playbook-vllm-gpu-memory-utilization-dedicated", 0.95),
        ("floor-de-streaming-17", 17.0),
        ("floor-de-reading-speed-10", 10.0),
        ("prefill-gpt-oss-120b-llamacpp-2026-02-pp4096", 2400.0),
        ("prefill-gpt-oss-120b-llamacpp-2026-02-depth-32k", 1570.0),
    ];
    for (id, printed) in rows {
        assert_eq!(fact(id), Some(printed), "{id}");
    }
    let budget = dataset().fact("working-budget-dgx-spark").and_then(|f| f.value).expect("budget");
    assert_eq!(budget.range, Some((102.0, 115.0)));
}

/// English seed, facts: prefill, KV pools, weights, floors, vLLM advice.
#[test]
fn english_facts() {
    let fact = |id: &str| dataset().fact(id).and_then(|f| f.value).map(|v| v.value);
    let rows = [
        ("prefill-qwen3-coder-30b-a3b-vllm-8192", 5705.0),
        ("prefill-gpt-oss-120b-llamacpp-b7941-pp512", 2480.0),
        ("kv-pool-qwen3-coder-30b-a3b-vllm-0.85", 924_912.0),
        ("kv-pool-llama-3.3-70b-vllm-0.85", 207_120.0),
        ("weights-llama-3.3-70b-awq", 37.0),
        ("floor-chat-comfortable-15", 15.0),
        ("floor-chat-minimum-10", 10.0),
        ("advice-vllm-blog-max-num-seqs-4", 4.0),
        ("advice-en-max-num-seqs-64", 64.0),
    ];
    for (id, printed) in rows {
        assert_eq!(fact(id), Some(printed), "{id}");
    }
}

/// The public llama.cpp batched-bench tables (build 6918, 2 November 2025): S_PP, S_TG and S
/// for every row, copied from tests/fixtures/llama-batched-bench/dgx-spark-gpt-oss.md.
#[test]
fn llamacpp_build_6918_tables() {
    // (model, PP, B, S_PP, S_TG, S)
    #[rustfmt::skip]
    let rows: [(&str, u32, u32, f64, f64, f64); 36] = [
        ("gpt-oss-20b", 512, 1, 1311.72, 81.11, 693.12), ("gpt-oss-20b", 512, 2, 3754.20, 95.00, 1149.52),
        ("gpt-oss-20b", 512, 4, 3965.01, 151.90, 1601.00), ("gpt-oss-20b", 512, 8, 3994.63, 254.09, 2140.79),
        ("gpt-oss-20b", 512, 16, 3988.71, 400.94, 2613.19), ("gpt-oss-20b", 512, 32, 3986.29, 614.82, 3014.04),
        ("gpt-oss-20b", 4096, 1, 3513.60, 77.97, 2619.03), ("gpt-oss-20b", 4096, 2, 3537.64, 87.18, 2707.09),
        ("gpt-oss-20b", 4096, 4, 3521.53, 139.90, 2965.81), ("gpt-oss-20b", 4096, 8, 3532.17, 216.70, 3157.66),
        ("gpt-oss-20b", 4096, 16, 3518.87, 310.48, 3257.89), ("gpt-oss-20b", 4096, 32, 3521.82, 422.45, 3332.30),
        ("gpt-oss-20b", 8192, 1, 3313.11, 72.07, 2819.71), ("gpt-oss-20b", 8192, 2, 3326.23, 82.98, 2887.14),
        ("gpt-oss-20b", 8192, 4, 3326.52, 127.28, 3030.15), ("gpt-oss-20b", 8192, 8, 3337.67, 191.33, 3136.95),
        ("gpt-oss-20b", 8192, 16, 3336.01, 262.36, 3190.56), ("gpt-oss-20b", 8192, 32, 3336.40, 341.16, 3226.19),
        ("gpt-oss-120b", 512, 1, 846.15, 57.28, 467.46), ("gpt-oss-120b", 512, 2, 1749.57, 60.35, 661.06),
        ("gpt-oss-120b", 512, 4, 1995.16, 95.08, 917.12), ("gpt-oss-120b", 512, 8, 1997.01, 146.65, 1146.26),
        ("gpt-oss-120b", 512, 16, 1987.35, 220.02, 1349.63), ("gpt-oss-120b", 512, 32, 1983.16, 312.56, 1508.79),
        ("gpt-oss-120b", 4096, 1, 1824.57, 54.18, 1455.83), ("gpt-oss-120b", 4096, 2, 1827.03, 57.02, 1472.68),
        ("gpt-oss-120b", 4096, 4, 1827.22, 86.83, 1581.50), ("gpt-oss-120b", 4096, 8, 1830.43, 128.22, 1659.64),
        ("gpt-oss-120b", 4096, 16, 1830.56, 176.49, 1706.58), ("gpt-oss-120b", 4096, 32, 1830.43, 230.99, 1737.18),
        ("gpt-oss-120b", 8192, 1, 1747.28, 51.01, 1547.11), ("gpt-oss-120b", 8192, 2, 1753.75, 54.13, 1562.81),
        ("gpt-oss-120b", 8192, 4, 1752.56, 79.74, 1620.30), ("gpt-oss-120b", 8192, 8, 1750.33, 114.91, 1658.48),
        ("gpt-oss-120b", 8192, 16, 1750.82, 149.74, 1680.89), ("gpt-oss-120b", 8192, 32, 1752.33, 196.60, 1699.98),
    ];
    for (model, pp, b, s_pp, s_tg, s) in rows {
        let id = format!("llamacpp-b6918-{model}-gguf-pp{pp}");
        let p = point(&id, b);
        let what = format!("{id} B={b}");
        same(value(p.prefill_tok_s, &what), s_pp, &what);
        same(value(p.aggregate_tok_s, &what), s_tg, &what);
        same(value(p.total_tok_s, &what), s, &what);
        assert_eq!(run(&id).workload.prompt_tokens.map(|t| t.value()), Some(f64::from(pp)), "{what}");
    }
    for model in ["gpt-oss-20b", "gpt-oss-120b"] {
        for pp in [512, 4096, 8192] {
            let id = format!("llamacpp-b6918-{model}-gguf-pp{pp}");
            assert_eq!(run(&id).points.len(), 6, "{id}");
            assert_eq!(run(&id).source, "llamacpp-dgx-spark-2025-11-02-b6918");
        }
    }
}
