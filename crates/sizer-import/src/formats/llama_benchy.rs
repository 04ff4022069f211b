//! llama-benchy: its `--format json` output and its markdown tables. One curve per prompt /
//! response size, context depth and phase; per-request speed from `tg_req_throughput` (JSON)
//! or the `t/s (req)` column (markdown; at concurrency 1 the single `t/s` column is per request).

use crate::formats::Format;
use crate::formats::llama_benchy_rows as rows;
use crate::formats::parsed::{Figures, ParsedPoint, ParsedRun, ParsedWorkload};
use crate::input::error::ImportError;
use crate::input::error::check_count;
use crate::input::json_util::{self, Located, Object};
use crate::input::label::{model_name, run_label};
use crate::input::table::Table;
use crate::input::text::{non_negative, positive, short_number};
use crate::input::warning::ImportWarning;
use serde_json::Value;
use sizer_data::CurveBasis;

/// Whether a top-level object is llama-benchy's JSON (a GuideLLM report also has `benchmarks`:
/// its sniff is ranked first).
pub fn is_json(map: &serde_json::Map<String, Value>) -> bool {
    map.contains_key("benchmarks")
}

/// What distinguishes one llama-benchy curve from another.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Config {
    prompt: Option<f64>,
    response: Option<f64>,
    depth: f64,
    context_phase: bool,
}

impl Config {
    fn suffix(&self) -> String {
        let mut text = if self.context_phase {
            "ctx".to_owned()
        } else {
            let pp = self.prompt.map(|p| format!("pp{}", short_number(p))).unwrap_or_default();
            let tg = self.response.map(|t| format!("tg{}", short_number(t))).unwrap_or_default();
            [pp, tg].into_iter().filter(|s| !s.is_empty()).collect::<Vec<_>>().join("/")
        };
        if self.depth > 0.0 {
            text.push_str(&format!(" @ d{}", short_number(self.depth)));
        }
        text
    }

    fn workload(&self) -> ParsedWorkload {
        ParsedWorkload {
            prompt_tokens: self.prompt,
            output_tokens: self.response,
            context_depth: Some(self.depth),
            request_rate: None,
            context_prefill_phase: self.context_phase,
        }
    }
}

/// Collects points into runs keyed by config, in order of first appearance.
struct Runs {
    configs: Vec<Config>,
    runs: Vec<ParsedRun>,
}

impl Runs {
    fn new() -> Runs {
        Runs { configs: Vec::new(), runs: Vec::new() }
    }

    fn add(&mut self, config: Config, point: ParsedPoint, make: impl FnOnce(&Config) -> ParsedRun) {
        let index = match self.configs.iter().position(|c| *c == config) {
            Some(index) => index,
            None => {
                self.configs.push(config);
                self.runs.push(make(&config));
                self.runs.len() - 1
            }
        };
        if let Some(run) = self.runs.get_mut(index) {
            run.points.push(point);
        }
    }
}

fn new_run(
    format: Format,
    name: &str,
    model: Option<&str>,
    date: Option<&str>,
    config: &Config,
    dated_label: bool,
) -> ParsedRun {
    let mut suffix = config.suffix();
    if let (true, Some(date)) = (dated_label, date) {
        suffix.push_str(&format!(" · {date}"));
    }
    ParsedRun {
        label: run_label(name, model, "llama-benchy", &suffix),
        model: model.map(str::to_owned),
        format,
        engine: format.engine(),
        workload: config.workload(),
        date: date.map(str::to_owned),
        basis: CurveBasis::PerRequest,
        alternative: Some(CurveBasis::AggregateOverConcurrency),
        points: Vec::new(),
    }
}

/// Parses llama-benchy JSON documents (one or several pasted together).
pub fn parse_json(
    text: &str,
    documents: &[Located],
    name: &str,
) -> Result<(Vec<ParsedRun>, Vec<ImportWarning>), ImportError> {
    let mut warnings = Vec::new();
    let mut all = Vec::new();
    for located in documents {
        let top = Object::new(text, located, "a llama-benchy result")?;
        let model = match top.string("model")? {
            Some(raw) => model_name(raw, &mut warnings),
            None => None,
        };
        let date = top.string("timestamp")?.map(|d| crate::input::text::clean_label(d).0);
        // Checked as an array first (a typed error), then read element by element with spans.
        top.array("benchmarks")?
            .ok_or_else(|| ImportError::MissingKey { line: Some(top.line()), key: "benchmarks".into() })?;
        let benchmarks = json_util::array_field_elements(text, located, "benchmarks")?.unwrap_or_default();
        let mut runs = Runs::new();
        for (index, element) in benchmarks.iter().enumerate() {
            let bench = Object::new(text, element, &format!("benchmarks[{index}]"))?
                .with_prefix(format!("benchmarks[{index}]."));
            let line = Some(bench.line());
            let concurrency = positive(
                bench.required_number("concurrency")?,
                Some(bench.key_line("concurrency")),
                &bench.key_name("concurrency"),
            )?;
            let config = Config {
                prompt: non_negative(
                    bench.number("prompt_size")?,
                    Some(bench.key_line("prompt_size")),
                    &bench.key_name("prompt_size"),
                )?,
                response: non_negative(
                    bench.number("response_size")?,
                    Some(bench.key_line("response_size")),
                    &bench.key_name("response_size"),
                )?,
                depth: non_negative(
                    bench.number("context_size")?,
                    Some(bench.key_line("context_size")),
                    &bench.key_name("context_size"),
                )?
                .unwrap_or_default(),
                context_phase: match bench.map().get("is_context_prefill_phase") {
                    None | Some(Value::Null) => false,
                    Some(Value::Bool(b)) => *b,
                    Some(_) => {
                        let line = Some(bench.key_line("is_context_prefill_phase"));
                        return Err(ImportError::WrongType {
                            line,
                            key: bench.key_name("is_context_prefill_phase"),
                            expected: "true or false",
                        });
                    }
                },
            };
            let mean = |key: &str| -> Result<Option<f64>, ImportError> {
                let Some(metric) = bench.object(key)? else { return Ok(None) };
                let metric = bench.nested(metric, bench.key_name(&format!("{key}.")));
                non_negative(metric.number("mean")?, Some(bench.key_line(key)), &metric.key_name("mean"))
            };
            let figures = Figures {
                per_request_tok_s: mean("tg_req_throughput")?.filter(|v| *v > 0.0),
                generated_total_tok_s: mean("tg_throughput")?.filter(|v| *v > 0.0),
                peak_generated_tok_s: mean("peak_throughput")?,
                prefill_tok_s: mean("pp_throughput")?.filter(|v| *v > 0.0),
                ttft_mean_ms: mean("ttfr")?,
                ..Figures::default()
            };
            if figures.per_request_tok_s.is_none() && figures.generated_total_tok_s.is_none() {
                return Err(ImportError::MissingKey { line, key: bench.key_name("tg_req_throughput") });
            }
            let point = ParsedPoint::new(Some(concurrency), line, figures);
            check_count(index + 1)?;
            runs.add(config, point, |c| {
                new_run(Format::LlamaBenchyJson, name, model.as_deref(), date.as_deref(), c, documents.len() > 1)
            });
        }
        all.extend(runs.runs);
    }
    Ok((all, warnings))
}

/// Whether a table header is llama-benchy's.
pub fn is_header(table: &Table<'_>) -> bool {
    table.column(&["test"]).is_some() && table.column(&["t/s", "t/s (total)", "t/s (req)"]).is_some()
}

/// Parses the markdown tables that have llama-benchy's header (identical repeats skipped).
pub fn parse_markdown(tables: &[Table<'_>], name: &str) -> Result<(Vec<ParsedRun>, Vec<ImportWarning>), ImportError> {
    let mut warnings = Vec::new();
    let mut all = Vec::new();
    let benchy: Vec<&Table<'_>> = tables.iter().filter(|t| is_header(t)).collect();
    let mut unique: Vec<&Table<'_>> = Vec::new();
    for table in benchy {
        let same = unique.iter().any(|seen| {
            seen.header == table.header
                && seen.rows.len() == table.rows.len()
                && seen.rows.iter().zip(&table.rows).all(|(a, b)| a.1 == b.1)
        });
        if same {
            warnings.push(ImportWarning::DuplicateTableSkipped { line: table.header_line });
        } else {
            unique.push(table);
        }
    }
    let dated = unique.len() > 1;
    let mut skipped = 0;
    for table in unique {
        let (runs, table_skipped) = parse_table(table, name, dated, &mut warnings)?;
        skipped += table_skipped;
        all.extend(runs);
    }
    if skipped > 0 {
        warnings.push(ImportWarning::RowsSkipped { count: skipped });
    }
    Ok((all, warnings))
}

fn parse_table(
    table: &Table<'_>,
    name: &str,
    dated: bool,
    warnings: &mut Vec<ImportWarning>,
) -> Result<(Vec<ParsedRun>, usize), ImportError> {
    let read = rows::read(table, warnings)?;
    let mut runs = Runs::new();
    for row in read.rows {
        let figures = Figures {
            per_request_tok_s: row.per_request.map(|c| c.mean),
            generated_total_tok_s: row.total.map(|c| c.mean),
            peak_generated_tok_s: row.peak.map(|c| c.mean),
            prefill_tok_s: row.prompt.as_ref().and_then(|p| p.total).map(|c| c.mean),
            ttft_mean_ms: row.prompt.as_ref().and_then(|p| p.ttfr_ms).map(|c| c.mean),
            ..Figures::default()
        };
        let config = Config {
            prompt: row.prompt.as_ref().and_then(|p| p.size),
            response: row.size,
            depth: row.depth,
            context_phase: row.context_phase,
        };
        let point = ParsedPoint::new(Some(row.concurrency), Some(row.line), figures);
        check_count(runs.runs.iter().map(|r| r.points.len()).sum::<usize>() + 1)?;
        runs.add(config, point, |c| {
            new_run(Format::LlamaBenchyMarkdown, name, read.model.as_deref(), read.date.as_deref(), c, dated)
        });
    }
    Ok((runs.runs, read.skipped))
}
