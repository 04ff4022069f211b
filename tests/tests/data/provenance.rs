//! Provenance beyond the seed tables: points with their own workload or source, run dates that
//! are not publication dates, descriptive titles, unverified markers, the re-checked forum claim,
//! every claim's status, and the added DGX Spark runs against the figures their sources print.

use sizer_core::{Curve, Interpolation, normal_max_load};
use sizer_data::{ClaimStatus, Dataset, Run, TokenCount, Topology, dataset};
use sizer_tests::{EXACT, ONE_DECIMAL, TWO_DECIMALS, assert_close_msg};

fn run(id: &str) -> &'static Run {
    dataset().run(id).unwrap_or_else(|| panic!("run {id} missing"))
}

fn aggregates(run: &Run) -> Vec<(u32, f64)> {
    run.points.iter().filter_map(|p| Some((p.concurrency, p.aggregate_tok_s?.value))).collect()
}

/// The seed's duty cycle: a 400-token answer at 15 tok/s plus 1 s to first token, every 120 s.
const BUSY_S: f64 = 400.0 / 15.0 + 1.0;

#[test]
fn gpuwerk_one_request_points_carry_their_own_workload() {
    for id in ["gpuwerk-qwen3-coder-30b-a3b-awq-vllm-0.27.1", "gpuwerk-llama-3.3-70b-awq-vllm-0.27.1"] {
        let run = run(id);
        assert!(run.has_point_workloads(), "{id}");
        let first = run.point(1).expect("1 request");
        let own = run.workload_of(first);
        assert_eq!(own.prompt_tokens, Some(TokenCount::Exact(128.0)), "{id}");
        assert_eq!(own.output_tokens, Some(TokenCount::Exact(512.0)), "{id}");
        for point in run.points.iter().filter(|p| p.concurrency > 1) {
            assert!(point.workload.is_none(), "{id} at {}", point.concurrency);
            let workload = run.workload_of(point);
            assert_eq!(workload.prompt_tokens, Some(TokenCount::Exact(512.0)));
            assert_eq!(workload.output_tokens, Some(TokenCount::Exact(256.0)));
        }
    }
    let note = run("gpuwerk-qwen3-coder-30b-a3b-awq-vllm-0.27.1").point(1).and_then(|p| p.note.as_deref());
    assert!(note.is_some_and(|n| n.contains("81.3") && n.contains("own rounding")), "{note:?}");
}

#[test]
fn aiperf_points_carry_their_mean_lengths() {
    let run = run("anud18-qwen3.6-35b-a3b-nvfp4-vllm-0.24.0-aiperf-chatbot");
    let prompt = |c: u32| run.point(c).and_then(|p| p.workload.as_ref()?.prompt_tokens).map(|t| t.value());
    let output = |c: u32| run.point(c).and_then(|p| p.workload.as_ref()?.output_tokens).map(|t| t.value());
    // AIPerf input_sequence_length / output_sequence_length averages (tests/fixtures/aiperf).
    assert_close_msg(prompt(2).unwrap_or(0.0), 580.9792, 1e-4, "c2 prompt");
    assert_close_msg(output(2).unwrap_or(0.0), 217.3854, 1e-4, "c2 output");
    assert_close_msg(prompt(32).unwrap_or(0.0), 219.6979, 1e-4, "c32 prompt");
    assert_close_msg(output(32).unwrap_or(0.0), 208.7917, 1e-4, "c32 output");
}

#[test]
fn run_dates_and_publication_dates_are_kept_apart() {
    let data = dataset();
    let logs = data.source("gpuwerk-raw-logs-2026-09-02").expect("logs");
    assert_eq!(logs.published, None);
    assert_eq!(logs.run_date.map(|d| d.to_string()).as_deref(), Some("2026-09-02"));
    let date = |id: &str| data.run_date(run(id)).map(|d| d.to_string());
    assert_eq!(date("kubis-gemma-4-26b-a4b-fp8-vllm-0.19.1-1-node").as_deref(), Some("2026-04-06"));
    assert_eq!(date("kubis-gpt-oss-120b-mxfp4-vllm-dev-2-replicas-least-busy").as_deref(), Some("2026-03-22"));
    assert_eq!(date("conselara-qwen3-235b-a22b-gptq-int4-vllm-0.19.0-2-nodes-tp2").as_deref(), Some("2026-05-03"));
    assert_eq!(date("anud18-qwen3.6-35b-a3b-nvfp4-vllm-0.24.0-aiperf-chatbot").as_deref(), Some("2026-07-03"));
    let conselara = data.source("conselara-dgx-spark-benchmarks-2026-05-09").expect("conselara");
    assert_eq!(conselara.published.map(|d| d.to_string()).as_deref(), Some("2026-05-09"));
    let storage = data.source("storagereview-dgx-spark-cluster-review").expect("StorageReview");
    assert!(storage.date_from.as_deref().is_some_and(|u| u.starts_with("https://blog.progressiverobot.com/")));
    for id in ["nvidia-dgx-spark-vllm-playbook", "eurokommerz-128gb-article", "eurokommerz-two-node-article"] {
        let source = data.source(id).expect(id);
        assert!(source.published.is_none() && source.run_date.is_none(), "{id}");
        assert!(source.note.as_deref().is_some_and(|n| n.starts_with("Undated")), "{id}");
    }
    let german_llamacpp = run("llamacpp-gpt-oss-120b-2026-02-pp4096").note.as_deref().unwrap_or("");
    assert!(german_llamacpp.contains("by assumption"));
}

#[test]
fn descriptive_titles_are_marked_and_real_titles_are_not() {
    let data = dataset();
    for id in [
        "gpuwerk-raw-logs-2026-09-02",
        "gpuwerk-benchmarks-page",
        "nvidia-concurrency-test-2026-03",
        "nvidia-dgx-spark-vllm-playbook",
        "eurokommerz-128gb-article",
        "eurokommerz-two-node-article",
        "anud18-qwen36-vllm-aiperf-spark-chatbot",
    ] {
        assert!(data.source(id).is_some_and(|s| s.title_is_description), "{id}");
    }
    for id in ["dendro-logic-2026-04-22", "storagereview-dgx-spark-cluster-review", "kubis-ai-gemma4-26b-topology"] {
        assert!(data.source(id).is_some_and(|s| !s.title_is_description), "{id}");
    }
}

#[test]
fn unverified_markers_name_what_was_not_checked() {
    let data = dataset();
    let marked: Vec<&str> = data.sources.iter().filter(|s| s.unverified.is_some()).map(|s| s.id.as_str()).collect();
    for id in
        ["storagereview-dgx-spark-cluster-review", "kubis-ai-gemma4-26b-topology", "llamacpp-dgx-spark-2026-02-05"]
    {
        assert!(marked.contains(&id), "{id} in {marked:?}");
    }
    let gemma = data.source("kubis-ai-gemma4-26b-topology").and_then(|s| s.unverified.as_deref()).unwrap_or("");
    assert!(gemma.contains("Ray"), "{gemma}");
}

/// kubis.ai prints the forum sweep in full: 57.5, 78.4, 107.9, 153.5, 218.5, 318.7, 315.2 (Solo).
/// Only the 16 is added to the forum's 1-node run, with its own source.
#[test]
fn forum_run_gains_the_sixteen_request_point_from_its_public_copy() {
    let forum = run("nvidia-forum-gpt-oss-120b-mxfp4-vllm-dev-1-node");
    assert_eq!(aggregates(forum), [(1, 57.5), (8, 153.5), (16, 218.5), (32, 318.7), (64, 315.2)]);
    let sixteen = forum.point(16).expect("16");
    assert_eq!(forum.source_of(sixteen), "kubis-ai-gpt-oss-120b-topology");
    assert_eq!(forum.source_of(forum.point(8).expect("8")), "nvidia-forum-2026-03-27-tp2-vs-replicas");
    // By hand: 153.5 / 8 = 19.1875 and 218.5 / 16 = 13.65625; 15 tok/s lies
    // (19.1875 - 15) / (19.1875 - 13.65625) = 0.75706 of the way from 8 to 16: 14.0565.
    let (curve, _) = forum.curve().expect("curve");
    let streams = curve.streams_at_floor(15.0, Interpolation::Linear).streams();
    assert_close_msg(streams, 14.0565, 1e-4, "forum streams at 15 tok/s");
    // Without the 16 (the article's table alone): 18.9 streams, as the claim's note says.
    let table_only = Curve::from_per_request(&[(1.0, 57.5), (8.0, 153.5 / 8.0), (32.0, 318.7 / 32.0), (64.0, 4.925)])
        .expect("curve");
    let alone = table_only.streams_at_floor(15.0, Interpolation::Linear).streams();
    assert_close_msg(alone, 18.9, ONE_DECIMAL, "article table only");
    let claim = dataset().claims.iter().find(|c| c.id == "en-streams-15-gpt-oss-120b-forum").expect("claim");
    assert_eq!(claim.status, ClaimStatus::Reproduced);
    assert_eq!(claim.value, 14.0);
}

/// The users named for stream counts the article's tables do not give: 44.8
/// (Petronella, 17.8 streams) and 48.3 (forum, 18.9 streams from table 3 alone); the think-time
/// reading of the duty cycle: 18.7 % and about 201 people.
#[test]
fn users_behind_the_unreproduced_stream_counts() {
    let users = |streams: f64, duty: f64| normal_max_load(streams, 2.33) / duty;
    let duty = BUSY_S / 120.0;
    assert_close_msg(users(17.8182, duty), 44.8, ONE_DECIMAL, "Petronella");
    assert_close_msg(users(18.9, duty), 48.3, ONE_DECIMAL, "forum, table 3 alone");
    let petronella = dataset().claims.iter().find(|c| c.id == "en-users-15-qwen3.8-27b-petronella").expect("claim");
    assert_eq!(petronella.status, ClaimStatus::NotReproducible);
    assert_close_msg(petronella.ours.unwrap_or(0.0), 44.75, TWO_DECIMALS, "Petronella ours");
    let think_time = BUSY_S / (120.0 + BUSY_S);
    assert_close_msg(think_time, 0.187, 0.0005, "think-time duty");
    assert_close_msg(users(52.0, think_time), 201.0, 0.5, "think-time users");
    let duty_claim = dataset().claims.iter().find(|c| c.id == "en-duty-cycle-chat").expect("claim");
    let note = duty_claim.note.as_deref().unwrap_or("");
    assert!(note.contains("18.7 %") && note.contains("201"), "{note}");
}

/// "aggregate throughput rises 10 to 120 times": table 3's rows by hand are 862.8 / 33.5 = 25.76,
/// 695.1 / 5.8 = 119.84, 156.8 / 26.2 = 5.98, 318.7 / 57.5 = 5.54, 1133.5 / 80.5 = 14.08,
/// 315 / 25 = 12.6, 353.3 / 57.1 = 6.19, 368 / 20.5 = 17.95.
#[test]
fn aggregate_gains_of_table_three() {
    let data = dataset();
    let low = data.claims.iter().find(|c| c.id == "en-aggregate-gain-low").expect("claim");
    let expected = [25.7552, 119.8448, 5.9847, 5.5426, 14.0807, 12.6, 6.1874, 17.9512];
    assert_eq!(low.runs.len(), expected.len());
    for (id, gain) in low.runs.iter().zip(expected) {
        let (ours, _) = run(id).aggregate_gain().unwrap_or_else(|| panic!("{id}: gain"));
        assert_close_msg(ours, gain, 1e-4, id);
    }
    assert_eq!(low.status, ClaimStatus::NotReproducible);
    assert_close_msg(low.ours.unwrap_or(0.0), 5.54, TWO_DECIMALS, "lowest gain");
    let high = data.claims.iter().find(|c| c.id == "en-aggregate-gain-high").expect("claim");
    assert_eq!(high.status, ClaimStatus::Reproduced);
    assert_close_msg(high.ours.unwrap_or(0.0), 119.84, TWO_DECIMALS, "highest gain");
    assert_eq!(run("dendro-logic-nemotron-super-49b-v1.5-nvfp4-vllm-26.03").aggregate_gain().map(|g| g.1), Some(256));
    assert_eq!(run("gpuwerk-qwen3-coder-30b-a3b-awq-vllm-0.27.1").point(1).map(|_| ()), Some(()));
}

#[test]
fn every_claim_has_a_status_and_every_unreproduced_one_a_reason() {
    let data = dataset();
    let count = |status| data.claims.iter().filter(|c| c.status == status).count();
    assert_eq!(count(ClaimStatus::Reproduced), 53);
    assert_eq!(count(ClaimStatus::NotReproducible), 8);
    assert_eq!(count(ClaimStatus::NotCheckable), 8);
    for claim in &data.claims {
        if claim.status != ClaimStatus::Reproduced {
            assert!(claim.note.as_deref().is_some_and(|n| n.len() > 40), "{}: reason", claim.id);
        }
        if claim.status == ClaimStatus::Reproduced {
            assert!(claim.ours.is_some(), "{}: our figure", claim.id);
        }
    }
    let checkable: Vec<&str> =
        data.claims.iter().filter(|c| c.status == ClaimStatus::NotCheckable).map(|c| c.id.as_str()).collect();
    assert_eq!(
        checkable,
        [
            "de-streams-10-gpt-oss-120b-pp4096",
            "de-streams-17-gpt-oss-120b-pp4096",
            "de-streams-10-gpt-oss-20b-pp4096",
            "de-streams-17-gpt-oss-20b-pp4096",
            "en-prompt-counted-above-1500",
            "en-12b-active-agrees-with-vllm-blog",
            "en-prismquant-37-percent-smaller",
            "en-prismquant-45-percent-faster-at-2",
        ]
    );
}

/// kubis.ai's Gemma4-26B decode table (tg128, tok/s): Solo, Cluster TP=2, 2x Solo + shuffle.
#[test]
fn gemma_on_one_spark_tp2_and_two_replicas() {
    let solo = run("kubis-gemma-4-26b-a4b-fp8-vllm-0.19.1-1-node");
    let tp2 = run("kubis-gemma-4-26b-a4b-fp8-vllm-0.19.1-2-nodes-tp2");
    let shuffle = run("kubis-gemma-4-26b-a4b-fp8-vllm-0.19.1-2-replicas-shuffle");
    let c = [1, 2, 4, 8, 16, 32, 64];
    let table = [
        (solo, [38.68, 65.97, 100.44, 152.36, 210.95, 281.92, 355.73], 1, Topology::Single),
        (tp2, [57.93, 98.16, 148.26, 222.59, 304.03, 382.80, 477.77], 2, Topology::TensorParallel),
        (shuffle, [39.59, 72.74, 100.65, 160.54, 245.31, 342.53, 508.09], 2, Topology::ReplicasBehindProxy),
    ];
    for (run, expected, nodes, topology) in table {
        let got = aggregates(run);
        assert_eq!(got.len(), 7, "{}", run.id);
        for ((concurrency, value), (want_c, want)) in got.into_iter().zip(c.into_iter().zip(expected)) {
            assert_eq!(concurrency, want_c, "{}", run.id);
            assert_close_msg(value, want, EXACT, &run.id);
        }
        assert_eq!((run.nodes, run.topology, run.model_id.as_str()), (nodes, topology, "gemma-4-26b-a4b"));
        assert_eq!(run.workload.prompt_tokens, Some(TokenCount::Exact(1024.0)));
        assert_eq!(run.workload.output_tokens, Some(TokenCount::Exact(128.0)));
    }
}

#[test]
fn gpt_oss_comparison_is_complete_from_one_to_sixty_four() {
    let tp2 = aggregates(run("nvidia-forum-gpt-oss-120b-mxfp4-vllm-dev-2-nodes-tp2"));
    let shuffle = aggregates(run("nvidia-forum-gpt-oss-120b-mxfp4-vllm-dev-2-replicas-litellm"));
    let least = aggregates(run("kubis-gpt-oss-120b-mxfp4-vllm-dev-2-replicas-least-busy"));
    assert_eq!(tp2, [(1, 69.0), (2, 104.1), (4, 155.3), (8, 231.0), (16, 342.1), (32, 471.7), (64, 471.8)]);
    assert_eq!(shuffle, [(1, 57.7), (2, 99.4), (4, 127.9), (8, 177.5), (16, 268.6), (32, 382.1), (64, 567.9)]);
    assert_eq!(least, [(1, 57.5), (2, 87.7), (4, 122.3), (8, 162.5), (16, 238.5), (32, 333.2), (64, 338.4)]);
    // "Tensor parallelism wins up to about 32 concurrent requests and independent replicas win above it."
    let tp_ahead: Vec<u32> = tp2.iter().zip(&shuffle).filter(|(t, s)| t.1 > s.1).map(|(t, _)| t.0).collect();
    assert_eq!(tp_ahead, [1, 2, 4, 8, 16, 32]);
}

/// Conselara's Qwen3-235B table and the AIPerf and llama-benchy runs, against the raw files.
#[test]
fn other_new_runs_hold_the_published_figures() {
    let qwen = run("conselara-qwen3-235b-a22b-gptq-int4-vllm-0.19.0-2-nodes-tp2");
    let rows: Vec<(u32, f64, f64)> = qwen
        .points
        .iter()
        .map(|p| {
            (p.concurrency, p.per_request_tok_s.map_or(0.0, |f| f.value), p.aggregate_tok_s.map_or(0.0, |f| f.value))
        })
        .collect();
    assert_eq!(rows, [(1, 17.0, 17.0), (2, 12.1, 24.1), (4, 9.1, 36.4)]);
    assert_eq!((qwen.nodes, qwen.topology), (2, Topology::TensorParallel));

    let aiperf = run("anud18-qwen3.6-35b-a3b-nvfp4-vllm-0.24.0-aiperf-chatbot");
    for (concurrency, file) in [(2, "c2"), (32, "c32")] {
        let path = format!(
            "{}/fixtures/aiperf/dgx-spark-qwen3.6-35b-a3b-nvfp4__chatbot-{file}__profile_export_aiperf.json",
            env!("CARGO_MANIFEST_DIR")
        );
        let raw: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(&path).expect("fixture")).expect("AIPerf JSON");
        let point = aiperf.point(concurrency).expect("point");
        let field = |name: &str, stat: &str| raw[name][stat].as_f64().unwrap_or(f64::NAN);
        let pairs = [
            (point.per_request_tok_s, field("output_token_throughput_per_user", "avg")),
            (point.aggregate_tok_s, field("output_token_throughput", "avg")),
            (point.total_tok_s, field("total_token_throughput", "avg")),
            (point.median_ttft_ms, field("time_to_first_token", "p50")),
            (point.p99_ttft_ms, field("time_to_first_token", "p99")),
        ];
        for (stored, raw) in pairs {
            assert_close_msg(stored.map_or(f64::NAN, |f| f.value), raw, EXACT, file);
        }
    }
    // The fixtures README's rounded values, an oracle independent of the JSON parse above.
    assert_close_msg(aiperf.point(2).and_then(|p| p.aggregate_tok_s).map_or(0.0, |f| f.value), 109.8641, 1e-4, "c2");
    assert_close_msg(aiperf.point(32).and_then(|p| p.per_request_tok_s).map_or(0.0, |f| f.value), 13.8704, 1e-4, "c32");

    let dense = run("djangodevreng-gemma-4-31b-it-bf16-vllm-0.20.1-llama-benchy-pp25000-tg256");
    let rows: Vec<(u32, f64, f64, f64)> = dense
        .points
        .iter()
        .map(|p| {
            let v = |f: Option<sizer_data::Figure>| f.map_or(0.0, |f| f.value);
            (p.concurrency, v(p.per_request_tok_s), v(p.aggregate_tok_s), v(p.prefill_tok_s))
        })
        .collect();
    assert_eq!(rows, [(5, 2.10, 6.30, 715.30), (10, 1.41, 6.94, 717.33), (20, 0.86, 7.18, 713.94)]);
    // Its own prefill figure (the highest concurrency's) feeds the prefill limit.
    let prefill = dataset().prefill_tok_s(dense).expect("prefill");
    assert_eq!((prefill.value, prefill.cited_id), (713.94, dense.id.as_str()));

    // The chat curve's old id now finds the arena run whose first workload it is (01-chat.md
    // prints the rows of the 01-chat.log the old run was read from).
    let old = "djangodevreng-gpt-oss-20b-mxfp4-vllm-0.26.0-llama-benchy-pp1024-tg1024";
    let benchy = match dataset().resolve_run(old) {
        sizer_data::RunLookup::Alias { run, .. } => run,
        other => panic!("{old}: {other:?}"),
    };
    assert_eq!(benchy.id, "djangodevreng-arena-gpt-oss-20b-mxfp4");
    let rows: Vec<(u32, f64, f64)> = benchy
        .points
        .iter()
        .map(|p| {
            (p.concurrency, p.per_request_tok_s.map_or(0.0, |f| f.value), p.aggregate_tok_s.map_or(0.0, |f| f.value))
        })
        .collect();
    assert_eq!(rows, [(1, 46.47, 46.47), (5, 30.34, 129.65), (10, 24.06, 180.39)]);
}

#[test]
fn point_sources_resolve_and_every_new_run_is_a_dgx_spark_run() {
    let data: &Dataset = dataset();
    for run in &data.runs {
        for point in &run.points {
            assert!(data.source(run.source_of(point)).is_some(), "{} at {}", run.id, point.concurrency);
        }
        assert_eq!(run.hardware.as_deref(), Some("DGX Spark (GB10)"), "{}", run.id);
    }
    let new = [
        "kubis-gpt-oss-120b-mxfp4-vllm-dev-2-replicas-least-busy",
        "kubis-gemma-4-26b-a4b-fp8-vllm-0.19.1-1-node",
        "kubis-gemma-4-26b-a4b-fp8-vllm-0.19.1-2-nodes-tp2",
        "kubis-gemma-4-26b-a4b-fp8-vllm-0.19.1-2-replicas-shuffle",
        "conselara-qwen3-235b-a22b-gptq-int4-vllm-0.19.0-2-nodes-tp2",
        "anud18-qwen3.6-35b-a3b-nvfp4-vllm-0.24.0-aiperf-chatbot",
        "djangodevreng-arena-gpt-oss-20b-mxfp4",
        "djangodevreng-gemma-4-31b-it-bf16-vllm-0.20.1-llama-benchy-pp25000-tg256",
    ];
    for id in new {
        let run = run(id);
        let source = data.source(&run.source).expect("source");
        assert!(source.url.as_deref().is_some_and(|u| u.starts_with("https://")), "{id}: url");
        assert!(data.run_date(run).is_some() && run.engine_version.is_some(), "{id}: date and engine version");
        assert!(run.curve().is_ok(), "{id}: curve");
    }
}

/// Claims whose check is a ratio of two stored figures: recomputed from the runs, against the
/// quotient worked by hand from the articles' printed numbers.
#[test]
fn ratio_claims_recomputed_from_their_runs() {
    let aggregate = |id: &str, c: u32| run(id).point(c).and_then(|p| p.aggregate_tok_s).map_or(f64::NAN, |f| f.value);
    let tpot = |id: &str, c: u32| run(id).point(c).and_then(|p| p.median_tpot_ms).map_or(f64::NAN, |f| f.value);
    let total = |id: &str, c: u32| run(id).point(c).and_then(|p| p.total_tok_s).map_or(f64::NAN, |f| f.value);
    let qwen = "gpuwerk-qwen3-coder-30b-a3b-awq-vllm-0.27.1";
    let cases = [
        // 42.5 / 42.1
        (
            "en-ollama-eight-queued",
            aggregate("nvidia-forum-gpt-oss-120b-ollama-2026-08", 8)
                / aggregate("nvidia-forum-gpt-oss-120b-ollama-2026-08", 1),
            1.0095,
        ),
        // 567.9 / 315.2
        (
            "en-two-sparks-roughly-double-at-64",
            aggregate("nvidia-forum-gpt-oss-120b-mxfp4-vllm-dev-2-replicas-litellm", 64)
                / aggregate("nvidia-forum-gpt-oss-120b-mxfp4-vllm-dev-1-node", 64),
            1.8017,
        ),
        // 221.3 / 121.8
        ("en-tpot-almost-doubled-128-256", tpot(qwen, 256) / tpot(qwen, 128), 1.817),
        // 3,235.1 / 1,078.4
        ("en-total-three-times-output", total(qwen, 256) / aggregate(qwen, 256), 3.0),
        // (1,078.4 / 1,003.3 - 1) x 100
        ("en-aggregate-gain-qwen3-coder-128-256", (aggregate(qwen, 256) / aggregate(qwen, 128) - 1.0) * 100.0, 7.4853),
    ];
    for (id, recomputed, by_hand) in cases {
        assert_close_msg(recomputed, by_hand, 0.001, id);
        let claim = dataset().claims.iter().find(|c| c.id == id).unwrap_or_else(|| panic!("{id}"));
        assert_close_msg(claim.ours.unwrap_or(f64::NAN), by_hand, 0.001, id);
        assert_eq!(claim.status, ClaimStatus::Reproduced, "{id}");
    }
}
