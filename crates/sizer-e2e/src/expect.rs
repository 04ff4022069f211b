//! What the page must show, as literal values worked out independently of the code under test
//! (the English article's worked sizing and its method redone by hand: linear interpolation,
//! duty = (answer / floor + TTFT) / interval, normal approximation at z = 2.3263 for p99,
//! users = load / duty; the KV pool and prefill rate of DATA.md's facts). A setup without a
//! worked value is an error: the checks only use setups listed here.

/// GPUwerk's Qwen3-Coder-30B-A3B sweep, the page's default run.
pub const QWEN: &str = "gpuwerk-qwen3-coder-30b-a3b-awq-vllm-0.27.1";
/// Petronella's Qwen3.8-27B (aggregates / users), the run the checks switch to.
pub const PETRONELLA: &str = "petronella-qwen3.8-27b-nvfp4";
/// Dendro Logic's gpt-oss-120b sweep, instance 2 of embed.html.
pub const DENDRO: &str = "dendro-logic-gpt-oss-120b-mxfp4-vllm-26.03";

/// The usage presets of the widget (`data-usage`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Usage {
    Chat,
    Agent,
}

/// The inputs a check changes; everything else stays at the preset.
#[derive(Debug, Clone)]
pub struct Setup {
    pub run_id: String,
    pub usage: Usage,
    pub floor_tok_s: f64,
    pub replicas: u32,
}

/// Machine values (`data-value`) of the result elements.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Expected {
    pub people: String,
    pub streams: String,
    pub binding: String,
}

/// (run, usage, floor, replicas) -> (people, whole streams, binding), worked by hand.
const WORKED: [(&str, Usage, f64, u32, u64, u32, &str); 5] = [
    // "15 tok/s lands at about 52 streams": 32 + (18.4 - 15) / (18.4 - 13.1) x 32 = 52.5;
    // duty (400 / 15 + 1) / 120 = 0.2306; load on 52 = 37.72; 37.72 / 0.2306 = 163.6 ("163 users").
    // KV 924,912 / 8,192 = 112 sessions -> 390 users; prefill 5,705 / (512 / 120) = 1,337 users.
    (QWEN, Usage::Chat, 15.0, 1, 163, 52, "speed"),
    // 32 + (18.4 - 12) / 5.3 x 32 = 78.4; duty (400 / 12 + 1) / 120 = 0.2861; load on 78 =
    // 59.98; 209.6 users (KV 314, prefill 1,337).
    (QWEN, Usage::Chat, 12.0, 1, 209, 78, "speed"),
    // 8 + (18.6 - 12) / (18.6 - 9.8) x 24 = 26.0; load on 26 = 16.54; / 0.2861 = 57.8 users
    // (no KV pool or prefill rate for this run).
    (PETRONELLA, Usage::Chat, 12.0, 1, 57, 26, "speed"),
    // Agents: "one agent is one stream" (no peak headroom). 8 + (15.4 - 15) / (15.4 - 8.0) x 24
    // = 9.3 ("at about 9") -> 9 per Spark, x 2 Sparks.
    (DENDRO, Usage::Agent, 15.0, 2, 18, 9, "speed"),
    // 8 + (15.4 - 12) / 7.4 x 24 = 19.0 -> 19 per Spark, x 2.
    (DENDRO, Usage::Agent, 12.0, 2, 38, 19, "speed"),
];

/// The sizing the widget must display for `setup`.
pub fn expected(setup: &Setup) -> Result<Expected, String> {
    WORKED
        .iter()
        .find(|(run, usage, floor, replicas, ..)| {
            *run == setup.run_id && *usage == setup.usage && *floor == setup.floor_tok_s && *replicas == setup.replicas
        })
        .map(|(.., people, streams, binding)| Expected {
            people: people.to_string(),
            streams: streams.to_string(),
            binding: (*binding).to_string(),
        })
        .ok_or_else(|| format!("no worked value for {setup:?}: add one to WORKED in expect.rs"))
}
