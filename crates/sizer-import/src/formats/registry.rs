//! The one list of formats: each [`Format`] has exactly one [`Entry`] holding its stable key,
//! English name, engine, the keys its speed bases are read from, and how it is found and read
//! ([`Reader`]). [`Format::ALL`], the names, the dispatcher and the list of formats whose files
//! combine all read this table, so a format cannot be recognised without a name or named without
//! a parser.
//!
//! A new format: its module under `formats/`, its variant in [`Format`], and one entry here (the
//! test below fails until the variant has its entry at its place).

use crate::formats::basis_source::{BasisSource, FormulaShape, Statistic};
use crate::formats::dispatch::Parsed;
use crate::formats::parsed::ParsedRun;
use crate::formats::{
    Engine, Format, aiperf, batched_bench, delimited, guidellm, llama_benchy, sglang, vllm_console, vllm_json,
};
use crate::input::error::ImportError;
use crate::input::json_util::{self, Located};
use crate::input::table::Table;
use crate::input::warning::ImportWarning;
use serde_json::{Map, Value};
use sizer_data::CurveBasis;

/// One format's facts and its reader.
pub struct Entry {
    pub format: Format,
    /// Kept with an imported run (`sizer_data::ImportSource`), so it never changes.
    pub key: &'static str,
    /// A short English name.
    pub name: &'static str,
    pub engine: Engine,
    /// The key each basis is read from where the format names its own (see `basis_source.rs`);
    /// a basis missing here is described in words.
    pub sources: &'static [(CurveBasis, BasisSource)],
    /// Where sniffs of one kind of [`Reader`] overlap (a GuideLLM report and llama-benchy's
    /// JSON both have `benchmarks`; SGLang writes vLLM's keys too), the lowest rank wins.
    pub rank: u8,
    pub reader: Reader,
}

/// How the dispatcher finds a format and reads it, in the order it tries the kinds: JSON
/// documents (and, after tables, JSON lines), whole texts, markdown tables, rows of numbers.
pub enum Reader {
    /// Top-level JSON values: `sniff` says whether one value is this format's. `combines`:
    /// several dropped files of it form one curve per model (one file per concurrency).
    Json { sniff: fn(&Value) -> bool, parse: fn(JsonInput<'_>) -> Result<Parsed, ImportError>, combines: bool },
    /// A text the tool marks as its own, tried before tables are split.
    Text { sniff: fn(&str) -> bool, parse: fn(&str, &str) -> Result<Parsed, ImportError> },
    /// Markdown tables: `sniff` says whether one table's header is this format's.
    Tables { sniff: fn(&Table<'_>) -> bool, parse: fn(&[Table<'_>], &str) -> Result<Parsed, ImportError> },
    /// Rows of numbers, the last thing tried.
    Rows { sniff: fn(&str) -> bool, parse: fn(&str, &str) -> Result<Parsed, ImportError> },
    /// Found and read by another format's entry, which tells the two apart by layout (vLLM's
    /// JSON lines, a two-column paste).
    ReadBy(Format),
}

/// JSON values of one format, handed to its parser.
pub struct JsonInput<'a> {
    /// Each value with the text it was read from (files combined into one curve keep theirs).
    pub values: Vec<(&'a str, Located)>,
    /// The values stand one per line (vLLM's `--append-result`), as the dispatcher judged it.
    pub lines: bool,
    /// The user's name for the input.
    pub name: &'a str,
}

impl<'a> JsonInput<'a> {
    /// The text and values of an input read from one text.
    fn one_text(self) -> (&'a str, Vec<Located>) {
        let text = self.values.first().map_or("", |(text, _)| *text);
        (text, self.values.into_iter().map(|(_, value)| value).collect())
    }
}

/// The rows vLLM's JSON and SGLang share: the same keys in both tools' results.
const SERVE_ROWS: [(CurveBasis, BasisSource); 2] = [
    (CurveBasis::MedianTpot, inverse!("median_tpot_ms")),
    (CurveBasis::AggregateOverConcurrency, over!("output_throughput", "max_concurrency")),
];

/// Every format, in the order the UI lists them (the order of [`Format`]'s variants).
pub const FORMATS: &[Entry] = &[
    Entry {
        format: Format::VllmJson,
        key: "vllm_json",
        name: "vLLM bench serve JSON",
        engine: Engine::Vllm,
        sources: &SERVE_ROWS,
        rank: 6,
        reader: Reader::Json {
            sniff: |value| object(value, vllm_json::is_result),
            parse: vllm_results,
            combines: true,
        },
    },
    Entry {
        format: Format::VllmJsonLines,
        key: "vllm_json_lines",
        name: "vLLM bench serve JSON lines (--append-result)",
        engine: Engine::Vllm,
        sources: &SERVE_ROWS,
        rank: 0,
        reader: Reader::ReadBy(Format::VllmJson),
    },
    Entry {
        format: Format::VllmSweepSummary,
        key: "vllm_sweep_summary",
        name: "vLLM bench sweep summary.json",
        engine: Engine::Vllm,
        sources: &SERVE_ROWS,
        rank: 7,
        reader: Reader::Json {
            sniff: |value| matches!(value, Value::Array(items) if vllm_json::is_sweep(items)),
            parse: vllm_sweep,
            combines: false,
        },
    },
    Entry {
        format: Format::VllmConsole,
        key: "vllm_console",
        name: "vLLM console result block",
        engine: Engine::Vllm,
        sources: &[
            (CurveBasis::MedianTpot, inverse!("Median TPOT (ms)")),
            (
                CurveBasis::AggregateOverConcurrency,
                over!("Output token throughput (tok/s)", "Maximum request concurrency"),
            ),
        ],
        rank: 1,
        reader: Reader::Text {
            sniff: vllm_console::looks_like,
            parse: |text, name| with(Format::VllmConsole, vllm_console::parse(text, name)),
        },
    },
    Entry {
        format: Format::BatchedBenchMarkdown,
        key: "batched_bench_markdown",
        name: "llama-batched-bench table",
        engine: Engine::LlamaCpp,
        sources: &[(CurveBasis::AggregateOverConcurrency, over!("S_TG t/s", "B"))],
        rank: 0,
        reader: Reader::Tables {
            sniff: batched_bench::is_header,
            parse: |tables, name| with(Format::BatchedBenchMarkdown, batched_bench::parse_markdown(tables, name)),
        },
    },
    Entry {
        format: Format::BatchedBenchJsonl,
        key: "batched_bench_jsonl",
        name: "llama-batched-bench JSONL",
        engine: Engine::LlamaCpp,
        sources: &[(CurveBasis::AggregateOverConcurrency, over!("speed_tg", "pl"))],
        rank: 2,
        reader: Reader::Json {
            sniff: |value| object(value, batched_bench::is_row),
            parse: |input| {
                let name = input.name;
                let (text, values) = input.one_text();
                with(Format::BatchedBenchJsonl, batched_bench::parse_jsonl(text, &values, name))
            },
            combines: false,
        },
    },
    Entry {
        format: Format::LlamaBenchyJson,
        key: "llama_benchy_json",
        name: "llama-benchy JSON",
        engine: Engine::LlamaBenchy,
        sources: &[
            (CurveBasis::AggregateOverConcurrency, over!("tg_throughput", "concurrency")),
            (CurveBasis::PerRequest, as_given!("tg_req_throughput", Mean, "mean")),
        ],
        rank: 1,
        reader: Reader::Json {
            sniff: |value| object(value, llama_benchy::is_json),
            parse: |input| {
                let name = input.name;
                let (text, values) = input.one_text();
                with(Format::LlamaBenchyJson, llama_benchy::parse_json(text, &values, name))
            },
            combines: false,
        },
    },
    Entry {
        format: Format::LlamaBenchyMarkdown,
        key: "llama_benchy_markdown",
        name: "llama-benchy table",
        engine: Engine::LlamaBenchy,
        sources: &[
            (CurveBasis::AggregateOverConcurrency, over!("t/s (total)", "concurrency")),
            (CurveBasis::PerRequest, as_given!("t/s (req)", Mean, "mean")),
        ],
        rank: 1,
        reader: Reader::Tables {
            sniff: llama_benchy::is_header,
            parse: |tables, name| with(Format::LlamaBenchyMarkdown, llama_benchy::parse_markdown(tables, name)),
        },
    },
    Entry {
        format: Format::GuideLlmJson,
        key: "guidellm_json",
        name: "GuideLLM benchmarks.json",
        engine: Engine::GuideLlm,
        sources: &[(CurveBasis::InterTokenLatency, inverse!("inter_token_latency_ms", Median, "median"))],
        rank: 0,
        reader: Reader::Json {
            sniff: |value| object(value, guidellm::is_report),
            parse: |input| {
                let name = input.name;
                let (text, values) = input.one_text();
                with(Format::GuideLlmJson, guidellm::parse(text, &values, name))
            },
            combines: false,
        },
    },
    Entry {
        format: Format::SglangJsonl,
        key: "sglang_jsonl",
        name: "SGLang bench_serving JSONL",
        engine: Engine::Sglang,
        sources: &[SERVE_ROWS[0], SERVE_ROWS[1], (CurveBasis::InterTokenLatency, inverse!("median_itl_ms"))],
        rank: 5,
        reader: Reader::Json {
            sniff: |value| object(value, sglang::is_result),
            parse: |input| with(Format::SglangJsonl, sglang::parse(&input.values, input.name)),
            combines: true,
        },
    },
    Entry {
        format: Format::AiperfJson,
        key: "aiperf_json",
        name: "AIPerf profile_export_aiperf.json",
        engine: Engine::Aiperf,
        sources: &[
            (CurveBasis::PerRequest, as_given!("output_token_throughput_per_user", Avg, "avg")),
            (CurveBasis::InterTokenLatency, inverse!("inter_token_latency", Avg, "avg")),
        ],
        rank: 3,
        reader: Reader::Json {
            sniff: |value| object(value, aiperf::is_export),
            parse: |input| with(Format::AiperfJson, aiperf::parse_json(&input.values, input.name)),
            combines: true,
        },
    },
    Entry {
        format: Format::AiperfCsv,
        key: "aiperf_csv",
        name: "AIPerf profile_export_aiperf.csv",
        engine: Engine::Aiperf,
        sources: &[
            (CurveBasis::PerRequest, as_given!("Output Token Throughput Per User (tokens/sec/user)", Avg, "avg")),
            (CurveBasis::InterTokenLatency, inverse!("Inter Token Latency (ms)", Avg, "avg")),
        ],
        rank: 0,
        reader: Reader::Text {
            sniff: aiperf::looks_like_csv,
            parse: |text, name| with(Format::AiperfCsv, aiperf::parse_csv(text, name)),
        },
    },
    Entry {
        format: Format::Csv,
        key: "csv",
        name: "CSV table",
        engine: Engine::Unknown,
        sources: &[],
        rank: 0,
        reader: Reader::Rows { sniff: delimited::looks_like, parse: delimited::parse },
    },
    Entry {
        format: Format::TwoColumn,
        key: "two_column",
        name: "two-column paste",
        engine: Engine::Unknown,
        sources: &[],
        rank: 0,
        reader: Reader::ReadBy(Format::Csv),
    },
];

/// Whether `value` is an object `test` accepts.
fn object(value: &Value, test: fn(&Map<String, Value>) -> bool) -> bool {
    matches!(value, Value::Object(map) if test(map))
}

/// A parser's runs and warnings as read in `format`.
fn with(
    format: Format,
    read: Result<(Vec<ParsedRun>, Vec<ImportWarning>), ImportError>,
) -> Result<Parsed, ImportError> {
    read.map(|(runs, warnings)| (format, runs, warnings))
}

/// vLLM results: JSON lines when the dispatcher found them one per line, one JSON otherwise.
fn vllm_results(input: JsonInput<'_>) -> Result<Parsed, ImportError> {
    let format = if input.lines { Format::VllmJsonLines } else { Format::VllmJson };
    with(format, vllm_json::parse(&input.values, format, input.name))
}

/// A sweep's arrays, their results read as one input.
fn vllm_sweep(input: JsonInput<'_>) -> Result<Parsed, ImportError> {
    let mut objects = Vec::new();
    for (text, array) in &input.values {
        objects.extend(json_util::array_elements(text, array)?.into_iter().map(|value| (*text, value)));
    }
    with(Format::VllmSweepSummary, vllm_json::parse(&objects, Format::VllmSweepSummary, input.name))
}

/// The entry of `format`: at the variant's own place, which the tests hold.
pub fn entry(format: Format) -> &'static Entry {
    &FORMATS[format as usize]
}

/// The reader that finds and reads `format`: its own, or that of the entry it is read by.
pub fn reader(format: Format) -> &'static Reader {
    match &entry(format).reader {
        Reader::ReadBy(other) => &entry(*other).reader,
        own => own,
    }
}

impl Format {
    /// Every format, in the order the UI lists them.
    pub const ALL: [Format; FORMATS.len()] = {
        let mut all = [Format::TwoColumn; FORMATS.len()];
        let mut i = 0;
        while i < FORMATS.len() {
            all[i] = FORMATS[i].format;
            i += 1;
        }
        all
    };

    /// A short English name for the format.
    pub fn name(self) -> &'static str {
        entry(self).name
    }

    /// The format's stable key, kept with an imported run (`sizer_data::ImportSource`) so the
    /// page can name the format in its reader's language.
    pub fn key(self) -> &'static str {
        entry(self).key
    }

    /// The format with this [`Format::key`].
    pub fn from_key(key: &str) -> Option<Format> {
        Format::ALL.into_iter().find(|format| format.key() == key)
    }

    /// The benchmark tool behind the format.
    pub fn engine(self) -> Engine {
        entry(self).engine
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The variant's place in the declaration; the match fails to compile when a variant is
    /// added, so it is added here and, through the assertion, to [`FORMATS`].
    fn place(format: Format) -> usize {
        match format {
            Format::VllmJson => 0,
            Format::VllmJsonLines => 1,
            Format::VllmSweepSummary => 2,
            Format::VllmConsole => 3,
            Format::BatchedBenchMarkdown => 4,
            Format::BatchedBenchJsonl => 5,
            Format::LlamaBenchyJson => 6,
            Format::LlamaBenchyMarkdown => 7,
            Format::GuideLlmJson => 8,
            Format::SglangJsonl => 9,
            Format::AiperfJson => 10,
            Format::AiperfCsv => 11,
            Format::Csv => 12,
            Format::TwoColumn => 13,
        }
    }

    #[test]
    fn every_format_has_exactly_one_entry_at_its_place() {
        let places: Vec<usize> = FORMATS.iter().map(|entry| place(entry.format)).collect();
        assert_eq!(places, (0..FORMATS.len()).collect::<Vec<_>>(), "one entry per variant, in declaration order");
        for (i, entry) in FORMATS.iter().enumerate() {
            assert_eq!(entry.format as usize, i, "{:?}", entry.format);
        }
    }

    #[test]
    fn keys_and_names_are_unique_and_a_read_by_names_a_reader() {
        for (i, a) in FORMATS.iter().enumerate() {
            for b in &FORMATS[i + 1..] {
                assert!(a.key != b.key && a.name != b.name, "{:?} and {:?}", a.format, b.format);
            }
            if let Reader::ReadBy(other) = a.reader {
                assert!(!matches!(entry(other).reader, Reader::ReadBy(_)), "{:?}", a.format);
                assert_eq!(entry(other).engine, a.engine, "{:?}", a.format);
            }
            assert_eq!(Format::from_key(a.key), Some(a.format));
        }
    }

    #[test]
    fn overlapping_sniffs_of_one_reader_kind_have_distinct_ranks() {
        let kind = |reader: &Reader| match reader {
            Reader::Json { .. } => 0,
            Reader::Text { .. } => 1,
            Reader::Tables { .. } => 2,
            Reader::Rows { .. } => 3,
            Reader::ReadBy(_) => 4,
        };
        for (i, a) in FORMATS.iter().enumerate() {
            for b in FORMATS[i + 1..].iter().filter(|b| kind(&b.reader) == kind(&a.reader) && kind(&a.reader) < 4) {
                assert_ne!(a.rank, b.rank, "{:?} and {:?}", a.format, b.format);
            }
        }
    }
}
