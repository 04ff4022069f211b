//! The benchmark tools' output formats: one module per tool's format, each holding its sniff and
//! parser, and the registry ([`registry::FORMATS`]) that lists every [`Format`] once with its
//! sniff, parser, name, engine and basis rows. The dispatcher ([`dispatch`]) only reads the
//! registry, so adding a format is its module plus one registry entry.

pub mod aiperf;
#[macro_use]
pub mod basis_source;
pub mod batched_bench;
pub mod delimited;
pub mod dispatch;
pub mod guidellm;
pub mod llama_benchy;
pub mod llama_benchy_rows;
pub mod load;
pub mod parsed;
pub mod registry;
pub mod sglang;
pub mod vllm_console;
pub mod vllm_json;

use core::fmt;
use serde::{Deserialize, Serialize};

/// A recognised benchmark output format.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Format {
    /// `vllm bench serve --save-result`: one JSON object (or several pasted one after another).
    VllmJson,
    /// `vllm bench serve --save-result --append-result`: one JSON object per line.
    VllmJsonLines,
    /// `vllm bench sweep serve` `summary.json`: a JSON array of result objects.
    VllmSweepSummary,
    /// vLLM's console `Serving Benchmark Result` block(s), pasted as text.
    VllmConsole,
    /// `llama-batched-bench` markdown table(s).
    BatchedBenchMarkdown,
    /// `llama-batched-bench --output-format jsonl`.
    BatchedBenchJsonl,
    /// `llama-benchy --format json`.
    LlamaBenchyJson,
    /// llama-benchy markdown table(s).
    LlamaBenchyMarkdown,
    /// GuideLLM `benchmarks.json` (`guidellm benchmark run --outputs json`).
    GuideLlmJson,
    /// SGLang `python -m sglang.bench_serving --output-file`: one JSON object per line.
    SglangJsonl,
    /// NVIDIA AIPerf `profile_export_aiperf.json`.
    AiperfJson,
    /// NVIDIA AIPerf `profile_export_aiperf.csv`.
    AiperfCsv,
    /// A CSV (or semicolon/tab separated) table with a header row.
    Csv,
    /// Two numbers per line: concurrency and per-request tok/s.
    TwoColumn,
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The tool (or serving engine) that produced a measurement.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Engine {
    /// vLLM's `vllm bench serve` against a vLLM (or other OpenAI-compatible) server.
    Vllm,
    /// llama.cpp's `llama-batched-bench` (in-process, no HTTP server).
    LlamaCpp,
    /// llama-benchy against an OpenAI-compatible endpoint (engine not recorded in its output).
    LlamaBenchy,
    /// GuideLLM against an OpenAI-compatible endpoint (server engine not recorded by the tool).
    GuideLlm,
    /// SGLang's `bench_serving` (usually against an SGLang server; `backend` says which).
    Sglang,
    /// NVIDIA AIPerf against an OpenAI-compatible endpoint (server engine not recorded).
    Aiperf,
    /// Pasted numbers: the tool is whatever the user says.
    Unknown,
}

impl Engine {
    /// The serving engine the tool's output names ("vLLM", "SGLang (bench_serving)"), `None`
    /// where the tool does not record it.
    pub fn stated_name(self) -> Option<&'static str> {
        match self {
            Engine::Vllm => Some("vLLM"),
            Engine::LlamaCpp => Some("llama.cpp"),
            Engine::Sglang => Some("SGLang (bench_serving)"),
            Engine::LlamaBenchy | Engine::GuideLlm | Engine::Aiperf | Engine::Unknown => None,
        }
    }

    /// The tool that measured a server it does not name ("GuideLLM"); `None` where the engine
    /// is stated or nothing is known.
    pub fn unnamed_server_tool(self) -> Option<&'static str> {
        match self {
            Engine::LlamaBenchy => Some("llama-benchy"),
            Engine::GuideLlm => Some("GuideLLM"),
            Engine::Aiperf => Some("AIPerf"),
            Engine::Vllm | Engine::LlamaCpp | Engine::Sglang | Engine::Unknown => None,
        }
    }
}
