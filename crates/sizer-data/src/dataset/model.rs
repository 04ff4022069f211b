//! The dataset's public types: sources, runs (concurrency sweeps), facts and claims.
//!
//! Every struct rejects unknown fields, so a typo in `data/*.json` fails the build's tests
//! instead of silently dropping a figure. Ids are stable and readable
//! (`gpuwerk-qwen3-coder-30b-a3b-awq-vllm-0.27.1`): URLs and embed attributes name them.

use serde::{Deserialize, Serialize};

use crate::dataset::date::PartialDate;
use crate::dataset::figure::{Figure, TokenCount};

/// Everything the widget knows, validated once at load (see [`crate::dataset()`]).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Dataset {
    /// Every source either seed article names, and the articles themselves.
    pub sources: Vec<Source>,
    /// One entry per concurrency sweep or single measurement.
    pub runs: Vec<Run>,
    /// Single figures: prefill rates, KV pools, model sizes, hardware, engine defaults, floors.
    pub facts: Vec<Fact>,
    /// The articles' own stated results (streams at a floor, users, ...), kept so the widget can
    /// show its recomputation beside them.
    pub claims: Vec<Claim>,
    /// The articles' advice (EN and DE), each with the situations it applies to.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub advice: Vec<Advice>,
}

impl Dataset {
    /// Appends another document's lists to these (the arena's generated `data/arena.json`).
    pub fn append(&mut self, other: Dataset) {
        self.sources.extend(other.sources);
        self.runs.extend(other.runs);
        self.facts.extend(other.facts);
        self.claims.extend(other.claims);
        self.advice.extend(other.advice);
    }
}

/// How a source came by its figures.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SourceKind {
    /// Measured by the article's own author or publisher (GPUwerk's raw logs).
    MeasuredByAuthor,
    /// Measured and published by someone else (a blog, a forum thread, a review).
    ReportedByThirdParty,
    /// A calculation by the article's author (the seeds' worked sizing, a sister article).
    AuthorCalculation,
    /// A vendor's product, playbook or warranty statement (NVIDIA).
    VendorStatement,
}

/// Where a seed article names or quotes something.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Citation {
    /// The id of the seed article's [`Source`].
    pub source: String,
    /// Table or section, e.g. `"table 3, other published concurrency sweeps"`.
    pub location: String,
}

/// A publication the figures come from.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Source {
    /// Stable id, e.g. `dendro-logic-2026-04-22`.
    pub id: String,
    /// Title as the article gives it (or a description where it gives none: see
    /// [`Source::title_is_description`]).
    pub title: String,
    /// Who published it.
    pub publisher: String,
    /// Measured by the author, third party, calculation, vendor statement.
    pub kind: SourceKind,
    /// Publication date; `None` where neither the source nor an article states one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub published: Option<PartialDate>,
    /// When the article's author read it, where the article says.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub read_on: Option<PartialDate>,
    /// Address, only where a seed or fixture gives one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub url: Option<String>,
    /// Where each seed article names this source.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub cited_in: Vec<Citation>,
    /// Anything a reader needs to weigh it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
    /// True when `title` is our description of the source, not a title it carries.
    #[serde(default, skip_serializing_if = "core::ops::Not::not")]
    pub title_is_description: bool,
    /// The day the benchmark was run, where that is the date the source gives (raw logs) rather
    /// than a publication date.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub run_date: Option<PartialDate>,
    /// Address of the copy a date was read from, where that is not the source's own page (a
    /// syndicated copy).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub date_from: Option<String>,
    /// The licence the source is published under (`CC BY 4.0`), where it states one; a licence
    /// that asks for attribution is shown with the source's publisher and title.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub licence: Option<String>,
    /// What we could not check against the source itself, and why; `None` = every figure taken
    /// from it was read in the source (or its article, for the articles' own sources).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unverified: Option<String>,
}

/// Whether a run ships with the dataset or was pasted in by the person using the widget.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RunOrigin {
    /// From a published source in this dataset.
    #[default]
    Sourced,
    /// The user's own benchmark, via an importer.
    Yours,
}

/// How the nodes of a run work together.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Topology {
    /// One machine.
    #[default]
    Single,
    /// One model split across nodes by tensor parallelism (TP=2 on two Sparks).
    TensorParallel,
    /// One model split across nodes by pipeline parallelism.
    PipelineParallel,
    /// Independent copies, one per node, behind a load-balancing proxy.
    ReplicasBehindProxy,
}

/// What the aggregate throughput figures of a run count, in the source's words.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Counter {
    /// Generated (output) tokens only: vLLM "Output token throughput", llama.cpp S_TG.
    Generated,
    /// Prompt plus generated tokens: vLLM "Total token throughput", llama.cpp S.
    PromptPlusGenerated,
    /// Decode phase only, prefill time excluded (llama-benchy tg).
    DecodeOnly,
    /// "Aggregate decode" (Petronella's wording).
    AggregateDecode,
    /// "Decode" (LMSYS's wording).
    Decode,
    /// The source does not say.
    NotStated,
}

/// What a suite's workload stands for, from its test name (`01-chat`, `02-rag-8k`, ...): the
/// widget names a run's workloads by it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum WorkloadKind {
    /// `01-chat`: 1,024 in, 1,024 out.
    Chat,
    /// `02-rag-8k`: 8,192 in, 512 out.
    Rag,
    /// `03-long-output`: 256 in, 4,096 out.
    LongOutput,
    /// `04-multi-turn`: a prompt after earlier turns (`@ dN` rows).
    MultiTurn,
    /// `05-big-context`: 4k to 25k prompts.
    BigContext,
    /// `06-concurrency-stress`: a 25k prompt at concurrency 20.
    ConcurrencyStress,
    /// Any other test name.
    Other,
}

/// Prompt and output length per request.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Workload {
    /// Prompt tokens per request; `None` = not stated.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub prompt_tokens: Option<TokenCount>,
    /// Output tokens per request; `None` = not stated.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub output_tokens: Option<TokenCount>,
    /// Context already held before the prompt (llama-benchy's `@ dN` depth), tokens; `None` =
    /// none stated (a fresh prompt).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub context_tokens: Option<TokenCount>,
    /// What the workload stands for, where a suite names it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kind: Option<WorkloadKind>,
    /// The workload in the source's words ("llama-benchy pp1024 / tg128", "JSON").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

/// One concurrency level of a run. Every figure is optional: sources publish different columns.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RunPoint {
    /// Concurrent requests (llama.cpp: parallel sequences B).
    pub concurrency: u32,
    /// Generated tok/s seen by each request.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub per_request_tok_s: Option<Figure>,
    /// Tok/s over all requests, counted as the run's [`Counter`] says.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub aggregate_tok_s: Option<Figure>,
    /// Prompt plus generated tok/s over all requests.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub total_tok_s: Option<Figure>,
    /// Prompt processing tok/s over all requests (llama.cpp S_PP).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub prefill_tok_s: Option<Figure>,
    /// Median time per output token, ms.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub median_tpot_ms: Option<Figure>,
    /// Mean time per output token, ms.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mean_tpot_ms: Option<Figure>,
    /// Median time to first token, ms.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub median_ttft_ms: Option<Figure>,
    /// Mean time to first token (llama-benchy's time to first response, `ttfr`), ms.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mean_ttft_ms: Option<Figure>,
    /// 99th-percentile time to first token, ms.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub p99_ttft_ms: Option<Figure>,
    /// Wall time of the whole batch at this concurrency, s (NVIDIA's task durations).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub duration_s: Option<Figure>,
    /// Anything specific to this point.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
    /// This point's own workload where it differs from the run's (GPUwerk's 1-request rows: a
    /// separate run with 128 in / 512 out). `None` = the run's workload.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub workload: Option<Workload>,
    /// Id of the [`Source`] this point comes from where it is not the run's (a public copy of
    /// the same sweep that prints a level the run's source omits).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source: Option<String>,
    /// What about this point could not be checked against its source, and why.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unverified: Option<String>,
}

/// A further workload measured on the same server as its run (the run's own `workload`,
/// `counter` and `points` are its first): a suite measures one server with several prompt and
/// answer lengths.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RunWorkload {
    /// Prompt, answer and context lengths, and what the workload stands for.
    pub workload: Workload,
    /// What the aggregate figures count.
    pub counter: Counter,
    /// The measured concurrency levels, in increasing order.
    pub points: Vec<RunPoint>,
    /// The run's engine's predictions beyond [`RunWorkload::points`] ([`EnginePoint`]).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub engine_points: Vec<EnginePoint>,
}

/// One concurrency beyond a workload's measured ones, predicted by the run's own engine (fitted
/// to its closed-loop files, docs/CALIBRATION.md): a closed-loop load of `concurrency` users at
/// the workload's lengths (`run/engine_curve.rs`). Never a measurement: the sizing labels what
/// it reads from one, with the engine's measured error at that extrapolation.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EnginePoint {
    /// Concurrent requests (users of the closed loop).
    pub concurrency: u32,
    /// Predicted mean per-request decode tok/s (llama-benchy's `t/s (req)`).
    pub per_request_tok_s: f64,
}

/// The server settings a sourced run states (a suite's `meta.json`): the engine's memory and
/// KV-cache settings and the longest context it accepts.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ServerSettings {
    /// `--kv-cache-dtype` as written (`fp8`, `auto`, `fp8_e4m3`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kv_cache_dtype: Option<String>,
    /// `--gpu-memory-utilization`: the share of memory the engine may take.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub gpu_memory_utilization: Option<f64>,
    /// `--max-model-len`: the longest context a request may hold, tokens.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_model_len: Option<f64>,
    /// `--enable-prefix-caching`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub prefix_caching: Option<bool>,
    /// Further server flags and environment variables, as written.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub flags: Option<String>,
}

/// One concurrency sweep (or single measurement) of one model on one setup.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Run {
    /// Stable id, e.g. `gpuwerk-qwen3-coder-30b-a3b-awq-vllm-0.27.1`.
    pub id: String,
    /// Short human label for a picker: "Qwen3-Coder-30B-A3B · AWQ 4-bit · vLLM 0.27.1 · GPUwerk".
    pub label: String,
    /// Sourced (dataset) or yours (importer).
    #[serde(default)]
    pub origin: RunOrigin,
    /// Model as the source names it.
    pub model: String,
    /// Model key shared by runs and facts, e.g. `gpt-oss-120b` (joins KV and prefill facts).
    pub model_id: String,
    /// Weights format / quantisation, e.g. "AWQ 4-bit", "MXFP4 GGUF"; `None` where neither the
    /// source nor the file says (the JSON's "not stated", [`crate::dataset::setup::stated_text`]).
    #[serde(with = "crate::dataset::setup::stated_text")]
    pub format: Option<String>,
    /// Serving engine, e.g. "vLLM", "llama.cpp", "SGLang"; `None` where nobody says.
    #[serde(with = "crate::dataset::setup::stated_text")]
    pub engine: Option<String>,
    /// Engine version, build or container, where stated.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub engine_version: Option<String>,
    /// Hardware, e.g. "DGX Spark (GB10)"; `None` where nobody says (a person's run follows its
    /// setup, [`Run::with_setup`]).
    #[serde(with = "crate::dataset::setup::stated_text")]
    pub hardware: Option<String>,
    /// Machines used.
    pub nodes: u32,
    /// How the nodes cooperate.
    #[serde(default)]
    pub topology: Topology,
    /// Prompt and output tokens per request.
    pub workload: Workload,
    /// What the aggregate figures count.
    pub counter: Counter,
    /// Id of the [`Source`] (for `Yours` runs: a free label, not resolved).
    pub source: String,
    /// Measurement date where it differs from (or sharpens) the source's date.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub date: Option<PartialDate>,
    /// Where the seed articles quote this run.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub cited_in: Vec<Citation>,
    /// The measured concurrency levels, in increasing order.
    pub points: Vec<RunPoint>,
    /// Caveats in plain words.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
    /// A person's own run: what it was measured on and the limits they gave it (see
    /// `setup.rs`); `None` for sourced runs.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub setup: Option<crate::dataset::setup::YourSetup>,
    // The four fields below are the sourced runs' only (the dataset's JSON, which the browser
    // never parses: it decodes `wire.rs`'s binary). In the wasm, serde skips them, so the
    // saved runs' restore (`Run` from JSON, in the first module) carries no deserializer for
    // them: a person's run never has them, and a stored run that did would be refused whole.
    /// Further workloads measured on the same server (a suite's other tests); empty for a run
    /// of one curve. The sizing picks the one nearest the scenario (`run/workload_choice.rs`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[cfg_attr(target_arch = "wasm32", serde(skip))]
    pub further_workloads: Vec<RunWorkload>,
    /// The run's engine's predictions beyond its own workload's measured points
    /// ([`EnginePoint`]); empty for a run without an engine.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[cfg_attr(target_arch = "wasm32", serde(skip))]
    pub engine_points: Vec<EnginePoint>,
    /// The server's settings, where the source states them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(target_arch = "wasm32", serde(skip))]
    pub server: Option<ServerSettings>,
    /// Caveats that apply to this run, one sentence each, in both languages.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[cfg_attr(target_arch = "wasm32", serde(skip))]
    pub caveats: Vec<Localized>,
    /// The German forms of its names, where they differ from the English ones.
    #[serde(default, skip_serializing_if = "GermanNames::is_empty")]
    #[cfg_attr(target_arch = "wasm32", serde(skip))]
    pub names_de: GermanNames,
    /// A person's imported run: the file's format and which of its figures the curve uses, as
    /// values the page words in the reader's language (`note` keeps the English sentence for
    /// exports); `None` for sourced runs and for runs stored before it was kept.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub imported_from: Option<ImportSource>,
}

/// Where an imported run's curve came from.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ImportSource {
    /// The importer's format key (`sizer_import::Format::key`, e.g. `guidellm_json`).
    pub format: String,
    /// The figure the curve uses, by its key (`CurveBasis::key`, e.g. `median_tpot`). Keys,
    /// not the enum: the saved runs' restore runs in the page's first module, and a string
    /// costs it no deserializer of its own.
    pub basis: String,
    /// Another figure the file holds for it, where there is one, by its key.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub alternative: Option<String>,
}

/// A sourced run's names in German (`"2.048 ein / 2.048 aus"`, `"Engine nicht genannt"`), written
/// as data beside the English ones, so the widget never translates a name; `None` where the
/// German is the English (model and engine names, numbers without a thousands mark).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GermanNames {
    /// [`Run::label`] in German.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub label: Option<String>,
    /// [`Run::model`] in German.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub model: Option<String>,
    /// [`Run::engine`] in German.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub engine: Option<String>,
    /// [`Run::engine_version`] in German.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub engine_version: Option<String>,
    /// [`Run::format`] in German, where it has words ("nicht genannt", "fp8-KV-Cache").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub format: Option<String>,
}

impl GermanNames {
    /// No German name differs from the English one.
    pub fn is_empty(&self) -> bool {
        self.label.is_none()
            && self.model.is_none()
            && self.engine.is_none()
            && self.engine_version.is_none()
            && self.format.is_none()
    }
}

/// What kind of single figure a [`Fact`] is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FactKind {
    /// Prompt processing rate, tok/s.
    PrefillRate,
    /// KV cache pool the engine allocated, tokens.
    KvPoolTokens,
    /// Total parameters, billions.
    TotalParams,
    /// Active parameters per token, billions.
    ActiveParams,
    /// Weights size, GB.
    WeightsGb,
    /// Memory capacity, GB.
    MemoryGb,
    /// Memory bandwidth, GB/s.
    BandwidthGbS,
    /// Memory budget for weights and cache, GB.
    WorkingBudgetGb,
    /// A serving engine's default or documented setting.
    EngineDefault,
    /// Advice on an engine setting.
    EngineAdvice,
    /// A per-user speed floor for chat, tok/s.
    ChatFloor,
    /// A vendor statement (positioning, warranty).
    VendorStatement,
    /// A measured observation without a full run (e.g. a speed-up in percent).
    Observation,
}

/// Units of facts and claims.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Unit {
    /// Tokens per second.
    TokS,
    /// Tokens.
    Tokens,
    /// Gigabytes.
    Gb,
    /// Gigabytes per second.
    GbS,
    /// Billions of parameters.
    BillionParams,
    /// Requests (streams, slots, sequences).
    Requests,
    /// People.
    Users,
    /// Sessions.
    Sessions,
    /// A fraction 0..1.
    Fraction,
    /// Percent.
    Percent,
    /// Seconds.
    Seconds,
    /// A ratio ("rises 10 to 120 times", "almost doubled").
    Times,
}

/// One figure that is not a concurrency sweep.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Fact {
    /// Stable id, e.g. `kv-pool-qwen3-coder-30b-a3b-vllm-0.85`.
    pub id: String,
    /// What it is.
    pub kind: FactKind,
    /// What it is about: a `model_id`, a hardware key (`dgx-spark`) or an engine (`vllm`).
    pub subject: String,
    /// The number; `None` for statements without one (e.g. a vendor quote).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub value: Option<Figure>,
    /// Unit of `value`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unit: Option<Unit>,
    /// Engine the figure was measured on, where it matters (prefill, KV pool).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub engine: Option<String>,
    /// Prompt length it was measured with, tokens.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub prompt_tokens: Option<f64>,
    /// Context depth it was measured at, tokens.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub context_depth_tokens: Option<f64>,
    /// Conditions in words ("--gpu-memory-utilization 0.85", "4 to 32 parallel sequences").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub conditions: Option<String>,
    /// Runs this fact belongs to (e.g. the KV pool logged with a sweep).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub runs: Vec<String>,
    /// Id of the [`Source`].
    pub source: String,
    /// Where in the seed article it appears.
    pub location: String,
    /// The article's words.
    pub wording: String,
    /// Caveats.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

/// What an article's claim states.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum ClaimQuantity {
    /// Concurrent streams at which per-request speed falls to the floor.
    StreamsAtFloor {
        /// The floor, tok/s per user.
        floor_tok_s: f64,
    },
    /// Chat users one machine serves at the floor.
    UsersAtFloor {
        /// The floor, tok/s per user.
        floor_tok_s: f64,
    },
    /// Per-request generated tok/s at a concurrency.
    PerRequestTokS {
        /// Concurrent requests.
        concurrency: u32,
    },
    /// Seconds one answer keeps a stream busy (answer / speed + TTFT).
    BusySeconds {
        /// Tokens per answer.
        answer_tokens: f64,
        /// Speed, tok/s.
        speed_tok_s: f64,
        /// Time to first token, s.
        ttft_s: f64,
    },
    /// Busy share of a user's time.
    DutyCycle {
        /// Seconds between a user's requests.
        interval_s: f64,
    },
    /// Average concurrent streams that keep the percentile under the stream count.
    MaxAverageLoad {
        /// Streams available.
        streams: f64,
        /// z used (2.33 for the 99th percentile).
        z: f64,
    },
    /// Sessions whose KV cache fits the pool at a context length.
    KvSessions {
        /// Context tokens per session.
        context_tokens: f64,
    },
    /// Prompt tokens per second a group of agents demands.
    PrefillDemandTokS {
        /// Agents.
        agents: f64,
        /// Prompt tokens per request.
        prompt_tokens: f64,
        /// Seconds between each agent's requests.
        interval_s: f64,
    },
    /// Seconds to prefill a queue of prompts at a fixed rate.
    PrefillQueueSeconds {
        /// Requests waiting.
        requests: u32,
        /// Prompt tokens each.
        prompt_tokens: f64,
    },
    /// Aggregate tok/s at the run's highest aggregate divided by its aggregate at one request
    /// ("aggregate throughput rises 10 to 120 times from one request to the peak").
    AggregateGain,
    /// Anything else, named in words with its unit.
    Other {
        /// What is stated.
        what: String,
    },
}

/// How exact a claim's value is in the article's words.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Qualifier {
    /// Stated as a number.
    #[default]
    Exact,
    /// "About", "etwa", "roughly".
    About,
    /// "At least" / "stays above at".
    AtLeast,
}

/// A result an article states (its worked sizing), kept beside the widget's recomputation.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Claim {
    /// Stable id, e.g. `en-streams-15-gpuwerk-qwen3-coder`.
    pub id: String,
    /// Id of the seed article (or source) making the claim.
    pub source: String,
    /// The run it was computed from, where one applies.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub run: Option<String>,
    /// Further runs a claim about several sweeps covers ("on every model ... 10 to 120 times").
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub runs: Vec<String>,
    /// Facts it was computed from.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub facts: Vec<String>,
    /// What is claimed.
    pub quantity: ClaimQuantity,
    /// The stated number.
    pub value: f64,
    /// Unit of `value`.
    pub unit: Unit,
    /// Exact, about, at least.
    #[serde(default)]
    pub qualifier: Qualifier,
    /// Table or section of the article.
    pub location: String,
    /// The article's words.
    pub wording: String,
    /// Whether our recomputation gives the stated figure.
    pub status: ClaimStatus,
    /// Our recomputed figure, in `unit`, where one is possible (unrounded).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ours: Option<f64>,
    /// Our check of it in words; required (the reason) unless `status` is `reproduced`. The
    /// widget recomputes live; this is the dataset's own record.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
    /// `note` in German, for a German page; present exactly when `note` is.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note_de: Option<String>,
}

impl Claim {
    /// The note in the page language `lang` (a language code): German for `de`, English
    /// otherwise.
    pub fn note_in(&self, lang: &str) -> Option<&str> {
        match lang {
            "de" => self.note_de.as_deref(),
            _ => self.note.as_deref(),
        }
    }
}

/// The outcome of checking a claim against the data it rests on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ClaimStatus {
    /// Our recomputation from the article's own figures gives the stated value (within its
    /// rounding or "about").
    Reproduced,
    /// Our recomputation gives a different value; `ours` and `note` say which and why.
    NotReproducible,
    /// Nothing to recompute it from (a missing table, an unstated input); `note` says why.
    NotCheckable,
}

/// Text in both languages the widget speaks.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Localized {
    /// English.
    pub en: String,
    /// German.
    pub de: String,
}

/// The limit that binds first in a sizing: `sizer_core::Limit` as data (see `advice.rs`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Binding {
    /// Streams at the speed floor.
    Speed,
    /// Sessions in the KV cache.
    KvCache,
    /// Prompt tokens per second.
    Prefill,
}

/// A warning the widget shows beside a sizing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SizingWarning {
    /// The p99 time to first token measured near the streams is above a few seconds.
    P99TtftHigh,
    /// The curve never reaches the speed floor: no stream at all.
    NoStreamAtFloor,
}

/// When a piece of advice applies; an [`Advice`] applies when any of its conditions holds.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum AdviceWhen {
    /// Always: how to share one unit (engines, accounts, training), whatever the sizing.
    Always,
    /// This limit binds first.
    Binding(Binding),
    /// The widget shows this warning.
    Warning(SizingWarning),
    /// The sizing needs more than this many concurrent streams.
    StreamsAbove(f64),
    /// The chosen model is dense with at least this many billion parameters.
    DenseModelAtLeastB(f64),
}

/// One piece of the articles' advice, in English and German, with where it is said.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Advice {
    /// Stable id, e.g. `en-prefix-caching`.
    pub id: String,
    /// The situations it applies to (any of them).
    pub when: Vec<AdviceWhen>,
    /// The advice, short, in both languages.
    pub text: Localized,
    /// Id of the seed article (or source) giving it.
    pub source: String,
    /// Where in that article, in both languages.
    pub location: Localized,
    /// The article's own words, in its language.
    pub wording: String,
}

#[cfg(test)]
mod tests {
    use crate::dataset;

    #[test]
    fn a_claims_note_is_in_the_page_language() {
        let claim = dataset().claims.iter().find(|c| c.id == "en-kv-sessions-qwen3-coder-30b-a3b-32768").unwrap();
        let en = "924,912 / 32,768 = 28.23; the article rounds to the nearest whole session.";
        let de = "924.912 / 32.768 = 28,23; der Artikel rundet auf die nächste ganze Sitzung.";
        assert_eq!(claim.note_in("de"), Some(de));
        assert_eq!(claim.note_in("en"), Some(en));
        assert_eq!(claim.note_in("fr"), Some(en), "any other language gets the English note");
    }

    #[test]
    fn every_claim_with_a_note_has_it_in_german() {
        let claims = &dataset().claims;
        assert_eq!(claims.iter().filter(|c| c.note.is_some() && c.note_de.is_some()).count(), 69);
        let streams = claims.iter().find(|c| c.id == "en-streams-15-qwen3-coder-30b-a3b").unwrap();
        assert_eq!(streams.note_in("de"), Some("Nachgerechnet: Lineare Interpolation zwischen 32 und 64 ergibt 52,5."));
    }
}
