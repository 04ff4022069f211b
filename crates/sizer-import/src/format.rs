//! The input formats the importer recognises.

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

impl Format {
    /// Every format, in the order the UI lists them.
    pub const ALL: [Format; 14] = [
        Format::VllmJson,
        Format::VllmJsonLines,
        Format::VllmSweepSummary,
        Format::VllmConsole,
        Format::BatchedBenchMarkdown,
        Format::BatchedBenchJsonl,
        Format::LlamaBenchyJson,
        Format::LlamaBenchyMarkdown,
        Format::GuideLlmJson,
        Format::SglangJsonl,
        Format::AiperfJson,
        Format::AiperfCsv,
        Format::Csv,
        Format::TwoColumn,
    ];

    /// A short English name for the format.
    pub fn name(self) -> &'static str {
        match self {
            Format::VllmJson => "vLLM bench serve JSON",
            Format::VllmJsonLines => "vLLM bench serve JSON lines (--append-result)",
            Format::VllmSweepSummary => "vLLM bench sweep summary.json",
            Format::VllmConsole => "vLLM console result block",
            Format::BatchedBenchMarkdown => "llama-batched-bench table",
            Format::BatchedBenchJsonl => "llama-batched-bench JSONL",
            Format::LlamaBenchyJson => "llama-benchy JSON",
            Format::LlamaBenchyMarkdown => "llama-benchy table",
            Format::GuideLlmJson => "GuideLLM benchmarks.json",
            Format::SglangJsonl => "SGLang bench_serving JSONL",
            Format::AiperfJson => "AIPerf profile_export_aiperf.json",
            Format::AiperfCsv => "AIPerf profile_export_aiperf.csv",
            Format::Csv => "CSV table",
            Format::TwoColumn => "two-column paste",
        }
    }

    /// The format's stable key, kept with an imported run (`sizer_data::ImportSource`) so the
    /// page can name the format in its reader's language.
    pub fn key(self) -> &'static str {
        match self {
            Format::VllmJson => "vllm_json",
            Format::VllmJsonLines => "vllm_json_lines",
            Format::VllmSweepSummary => "vllm_sweep_summary",
            Format::VllmConsole => "vllm_console",
            Format::BatchedBenchMarkdown => "batched_bench_markdown",
            Format::BatchedBenchJsonl => "batched_bench_jsonl",
            Format::LlamaBenchyJson => "llama_benchy_json",
            Format::LlamaBenchyMarkdown => "llama_benchy_markdown",
            Format::GuideLlmJson => "guidellm_json",
            Format::SglangJsonl => "sglang_jsonl",
            Format::AiperfJson => "aiperf_json",
            Format::AiperfCsv => "aiperf_csv",
            Format::Csv => "csv",
            Format::TwoColumn => "two_column",
        }
    }

    /// The format with this [`Format::key`].
    pub fn from_key(key: &str) -> Option<Format> {
        Format::ALL.into_iter().find(|format| format.key() == key)
    }

    /// The benchmark tool behind the format.
    pub fn engine(self) -> Engine {
        match self {
            Format::VllmJson | Format::VllmJsonLines | Format::VllmSweepSummary | Format::VllmConsole => Engine::Vllm,
            Format::BatchedBenchMarkdown | Format::BatchedBenchJsonl => Engine::LlamaCpp,
            Format::LlamaBenchyJson | Format::LlamaBenchyMarkdown => Engine::LlamaBenchy,
            Format::GuideLlmJson => Engine::GuideLlm,
            Format::SglangJsonl => Engine::Sglang,
            Format::AiperfJson | Format::AiperfCsv => Engine::Aiperf,
            Format::Csv | Format::TwoColumn => Engine::Unknown,
        }
    }
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
