//! llama-benchy: its `--format json` output and its markdown tables. One curve per prompt /
//! response size, context depth and phase; per-request speed from `tg_req_throughput` (JSON)
//! or the `t/s (req)` column (markdown; at concurrency 1 the single `t/s` column is per request).

use crate::error::ImportError;
use crate::format::Format;
use crate::json_util::{self, Located, Object};
use crate::label::{model_name, run_label};
use crate::limits::check_count;
use crate::parsed::{Figures, ParsedPoint, ParsedRun, Workload};
use crate::table::Table;
use crate::text::{non_negative, number_cell, optional_number_cell, positive, short_number};
use crate::warning::Warning;
use serde_json::Value;
use sizer_data::CurveBasis;

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

    fn workload(&self) -> Workload {
        Workload {
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
) -> Result<(Vec<ParsedRun>, Vec<Warning>), ImportError> {
    let mut warnings = Vec::new();
    let mut all = Vec::new();
    for located in documents {
        let top = Object::new(text, located, "a llama-benchy result")?;
        let model = match top.string("model")? {
            Some(raw) => model_name(raw, &mut warnings),
            None => None,
        };
        let date = top.string("timestamp")?.map(|d| crate::text::clean_label(d).0);
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

/// A parsed `test` cell: `pp2048 @ d4096 (c2)`, `tg32`, `ctx_pp @ d4096`, `ctx_tg @ d4096 (c1)`.
#[derive(Debug, PartialEq)]
struct Test {
    generation: bool,
    context_phase: bool,
    size: Option<f64>,
    depth: f64,
    concurrency: Option<f64>,
}

fn parse_test(cell: &str) -> Option<Test> {
    let mut rest = cell.trim();
    let mut concurrency = None;
    if let Some(open) = rest.rfind("(c") {
        let inner = rest.get(open + 2..)?.strip_suffix(')')?;
        concurrency = Some(inner.trim().parse::<f64>().ok()?);
        rest = rest.get(..open)?.trim();
    }
    let (kind, depth) = match rest.split_once('@') {
        Some((kind, depth)) => (kind.trim(), depth.trim().strip_prefix('d')?.parse::<f64>().ok()?),
        None => (rest, 0.0),
    };
    let (generation, context_phase, size) = match kind {
        "ctx_pp" => (false, true, None),
        "ctx_tg" => (true, true, None),
        _ => {
            if let Some(n) = kind.strip_prefix("pp") {
                (false, false, Some(n.parse::<f64>().ok()?))
            } else if let Some(n) = kind.strip_prefix("tg") {
                (true, false, Some(n.parse::<f64>().ok()?))
            } else {
                return None;
            }
        }
    };
    Some(Test { generation, context_phase, size, depth, concurrency })
}

/// A prompt-processing row waiting for its generation partner.
struct Prefill {
    size: Option<f64>,
    depth: f64,
    context_phase: bool,
    concurrency: f64,
    rate: Option<f64>,
    ttfr_ms: Option<f64>,
}

/// Parses the markdown tables that have llama-benchy's header (identical repeats skipped).
pub fn parse_markdown(tables: &[Table<'_>], name: &str) -> Result<(Vec<ParsedRun>, Vec<Warning>), ImportError> {
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
            warnings.push(Warning::DuplicateTableSkipped { line: table.header_line });
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
        warnings.push(Warning::RowsSkipped { count: skipped });
    }
    Ok((all, warnings))
}

fn parse_table(
    table: &Table<'_>,
    name: &str,
    dated: bool,
    warnings: &mut Vec<Warning>,
) -> Result<(Vec<ParsedRun>, usize), ImportError> {
    let test_col = table.required_column(&["test"])?;
    let model_col = table.column(&["model"]);
    let total_col = table.column(&["t/s (total)", "t/s"]);
    let req_col = table.column(&["t/s (req)"]);
    let peak_col = table.column(&["peak t/s", "peak t/s (total)"]);
    let ttfr_col = table.column(&["ttfr (ms)", "ttft (ms)"]);
    let date = table.after.iter().find_map(|line| {
        let rest = line.trim().strip_prefix("date:")?;
        Some(crate::text::clean_label(rest.split('|').next().unwrap_or(rest).trim()).0)
    });
    let mut runs = Runs::new();
    let mut pending: Vec<Prefill> = Vec::new();
    let mut skipped = 0;
    let mut model: Option<String> = None;
    for (line, cells) in &table.rows {
        let line = *line;
        let cell = |col: Option<usize>| col.and_then(|c| cells.get(c)).copied().unwrap_or_default();
        let key = |col: Option<usize>| col.map(|c| table.header_text(c)).unwrap_or_default().to_owned();
        let number = |col: Option<usize>| -> Result<Option<f64>, ImportError> {
            non_negative(optional_number_cell(cell(col), line, &key(col))?, Some(line), &key(col))
        };
        let Some(test) = parse_test(cell(Some(test_col))) else {
            skipped += 1;
            continue;
        };
        if model.is_none() && model_col.is_some() {
            model = model_name(cell(model_col), warnings);
        }
        let concurrency = positive(test.concurrency.unwrap_or(1.0), Some(line), "concurrency")?;
        if !test.generation {
            pending.push(Prefill {
                size: test.size,
                depth: test.depth,
                context_phase: test.context_phase,
                concurrency,
                rate: number(total_col)?.filter(|r| *r > 0.0),
                ttfr_ms: number(ttfr_col)?,
            });
            continue;
        }
        let partner = pending.iter().rposition(|p| {
            p.depth == test.depth && p.context_phase == test.context_phase && p.concurrency == concurrency
        });
        let partner = partner.map(|i| pending.remove(i));
        let total = match total_col {
            Some(col) => {
                Some(positive(number_cell(cell(Some(col)), line, &key(Some(col)))?, Some(line), &key(Some(col)))?)
            }
            None => None,
        };
        let per_request = match req_col {
            Some(col) => {
                Some(positive(number_cell(cell(Some(col)), line, &key(Some(col)))?, Some(line), &key(Some(col)))?)
            }
            None if concurrency == 1.0 => total,
            None => None,
        };
        let figures = Figures {
            per_request_tok_s: per_request,
            generated_total_tok_s: total,
            peak_generated_tok_s: number(peak_col)?,
            prefill_tok_s: partner.as_ref().and_then(|p| p.rate),
            ttft_mean_ms: partner.as_ref().and_then(|p| p.ttfr_ms),
            ..Figures::default()
        };
        let config = Config {
            prompt: partner.as_ref().and_then(|p| p.size),
            response: test.size,
            depth: test.depth,
            context_phase: test.context_phase,
        };
        let point = ParsedPoint::new(Some(concurrency), Some(line), figures);
        check_count(runs.runs.iter().map(|r| r.points.len()).sum::<usize>() + 1)?;
        runs.add(config, point, |c| {
            new_run(Format::LlamaBenchyMarkdown, name, model.as_deref(), date.as_deref(), c, dated)
        });
    }
    Ok((runs.runs, skipped + pending.len()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_names() {
        assert_eq!(
            parse_test("pp2048 @ d4096 (c2)"),
            Some(Test {
                generation: false,
                context_phase: false,
                size: Some(2048.0),
                depth: 4096.0,
                concurrency: Some(2.0)
            })
        );
        assert_eq!(
            parse_test("tg32"),
            Some(Test { generation: true, context_phase: false, size: Some(32.0), depth: 0.0, concurrency: None })
        );
        assert_eq!(
            parse_test("ctx_tg @ d8192"),
            Some(Test { generation: true, context_phase: true, size: None, depth: 8192.0, concurrency: None })
        );
        assert_eq!(parse_test("tg32 @ x"), None);
        assert_eq!(parse_test("(c"), None);
    }
}
