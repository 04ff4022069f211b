//! llama.cpp `llama-batched-bench`: the markdown table and the `--output-format jsonl` lines.
//! One curve per prompt length PP (and generation length TG); per-request speed `S_TG / B`;
//! prefill rate `S_PP`.

use crate::formats::Format;
use crate::formats::parsed::{Figures, ParsedPoint, ParsedRun, ParsedWorkload};
use crate::input::error::ImportError;
use crate::input::error::check_count;
use crate::input::json_util::{Located, Object};
use crate::input::label::{model_name, run_label};
use crate::input::table::{Table, normalise};
use crate::input::text::{non_negative, number_cell, optional_number_cell, positive, short_number};
use crate::input::warning::ImportWarning;
use sizer_data::CurveBasis;

/// Whether a table header is batched-bench's.
pub fn is_header(table: &Table<'_>) -> bool {
    table.column(&["s_tg t/s"]).is_some() && table.column(&["b"]).is_some() && table.column(&["pp"]).is_some()
}

/// One row, before grouping.
struct Row {
    key: (u64, u64),
    pp: f64,
    tg: f64,
    point: ParsedPoint,
}

/// Parses the markdown tables (those with batched-bench's header; others are ignored).
pub fn parse_markdown(tables: &[Table<'_>], name: &str) -> Result<(Vec<ParsedRun>, Vec<ImportWarning>), ImportError> {
    let mut warnings = Vec::new();
    let mut runs = Vec::new();
    for table in tables.iter().filter(|table| is_header(table)) {
        let pp_col = table.required_column(&["pp"])?;
        let tg_col = table.required_column(&["tg"])?;
        let b_col = table.required_column(&["b"])?;
        let stg_col = table.required_column(&["s_tg t/s"])?;
        let spp_col = table.column(&["s_pp t/s"]);
        let mut rows = Vec::with_capacity(table.rows.len());
        for (line, cells) in &table.rows {
            let cell = |col: usize| cells.get(col).copied().unwrap_or_default();
            let key = |col: usize| table.header_text(col).to_owned();
            let pp = number_cell(cell(pp_col), *line, &key(pp_col))?;
            let pp = non_negative(Some(pp), Some(*line), &key(pp_col))?.unwrap_or_default();
            let tg = positive(number_cell(cell(tg_col), *line, &key(tg_col))?, Some(*line), &key(tg_col))?;
            let b = positive(number_cell(cell(b_col), *line, &key(b_col))?, Some(*line), &key(b_col))?;
            let stg = positive(number_cell(cell(stg_col), *line, &key(stg_col))?, Some(*line), &key(stg_col))?;
            let spp = match spp_col {
                Some(col) => non_negative(optional_number_cell(cell(col), *line, &key(col))?, Some(*line), &key(col))?,
                None => None,
            };
            rows.push(row(pp, tg, b, stg, spp.filter(|rate| *rate > 0.0), *line));
            check_count(rows.len() + runs.iter().map(|r: &ParsedRun| r.points.len()).sum::<usize>())?;
        }
        let model = table_model(&table.before, &mut warnings);
        if let Some(line) = shared_prompt_line(table) {
            warnings.push(ImportWarning::SharedPrompt { line });
        }
        runs.extend(group(rows, model, Format::BatchedBenchMarkdown, name));
    }
    Ok((runs, warnings))
}

/// Whether a top-level object is one `--output-format jsonl` row.
pub fn is_row(map: &serde_json::Map<String, serde_json::Value>) -> bool {
    map.contains_key("speed_tg") || (map.contains_key("pl") && map.contains_key("tg"))
}

/// Parses the JSONL objects.
pub fn parse_jsonl(
    text: &str,
    objects: &[Located],
    name: &str,
) -> Result<(Vec<ParsedRun>, Vec<ImportWarning>), ImportError> {
    let mut warnings = Vec::new();
    let mut rows = Vec::with_capacity(objects.len());
    for located in objects {
        let object = Object::new(text, located, "a llama-batched-bench row")?;
        let line = object.line();
        let at = |key: &str| Some(object.key_line(key));
        let pp = non_negative(Some(object.required_number("pp")?), at("pp"), "pp")?.unwrap_or_default();
        let tg = positive(object.required_number("tg")?, at("tg"), "tg")?;
        let b = positive(object.required_number("pl")?, at("pl"), "pl")?;
        let stg = positive(object.required_number("speed_tg")?, at("speed_tg"), "speed_tg")?;
        let spp = non_negative(object.number("speed_pp")?, at("speed_pp"), "speed_pp")?;
        if object.number("is_pp_shared")?.is_some_and(|shared| shared != 0.0)
            && !warnings.iter().any(|w| matches!(w, ImportWarning::SharedPrompt { .. }))
        {
            warnings.push(ImportWarning::SharedPrompt { line });
        }
        rows.push(row(pp, tg, b, stg, spp.filter(|rate| *rate > 0.0), line));
    }
    let runs = group(rows, None, Format::BatchedBenchJsonl, name);
    Ok((runs, warnings))
}

fn row(pp: f64, tg: f64, b: f64, stg: f64, spp: Option<f64>, line: usize) -> Row {
    let figures = Figures { generated_total_tok_s: Some(stg), prefill_tok_s: spp, ..Figures::default() };
    Row { key: (pp.to_bits(), tg.to_bits()), pp, tg, point: ParsedPoint::new(Some(b), Some(line), figures) }
}

/// One run per (PP, TG), in order of first appearance.
fn group(rows: Vec<Row>, model: Option<String>, format: Format, name: &str) -> Vec<ParsedRun> {
    let several_tg = rows.iter().any(|r| r.tg.to_bits() != rows.first().map_or(0, |f| f.tg.to_bits()));
    let mut keys: Vec<(u64, u64)> = Vec::new();
    let mut runs: Vec<ParsedRun> = Vec::new();
    for r in rows {
        let index = match keys.iter().position(|k| *k == r.key) {
            Some(index) => index,
            None => {
                keys.push(r.key);
                let suffix = if several_tg {
                    format!("PP {} · TG {}", short_number(r.pp), short_number(r.tg))
                } else {
                    format!("PP {}", short_number(r.pp))
                };
                runs.push(ParsedRun {
                    label: run_label(name, model.as_deref(), "llama.cpp", &suffix),
                    model: model.clone(),
                    format,
                    engine: format.engine(),
                    workload: ParsedWorkload {
                        prompt_tokens: Some(r.pp),
                        output_tokens: Some(r.tg),
                        ..ParsedWorkload::default()
                    },
                    date: None,
                    basis: CurveBasis::AggregateOverConcurrency,
                    alternative: None,
                    points: Vec::new(),
                });
                runs.len() - 1
            }
        };
        if let Some(run) = runs.get_mut(index) {
            run.points.push(r.point);
        }
    }
    runs
}

/// The model named just above a table: a `general.name str = …` log line, or the nearest
/// markdown heading (without a trailing `(llama-batched-bench)`; `# Source:` lines skipped).
fn table_model(before: &[&str], warnings: &mut Vec<ImportWarning>) -> Option<String> {
    for line in before.iter().rev() {
        if let Some((_, name)) = line.split_once("general.name") {
            let name = name.split_once('=').map_or(name, |(_, v)| v);
            return model_name(name.trim(), warnings);
        }
        let trimmed = line.trim();
        if let Some(heading) = trimmed.strip_prefix('#') {
            let heading = heading.trim_start_matches('#').trim();
            if normalise(heading).starts_with("source:") {
                continue;
            }
            let heading = heading.strip_suffix("(llama-batched-bench)").unwrap_or(heading).trim();
            return model_name(heading, warnings);
        }
    }
    None
}

/// The line of a `… is_pp_shared = 1 …` banner above the table.
fn shared_prompt_line(table: &Table<'_>) -> Option<usize> {
    let shared = table.before.iter().any(|line| {
        line.split(',').any(|part| {
            let mut kv = part.split('=');
            matches!((kv.next(), kv.next()), (Some(k), Some(v)) if k.trim().ends_with("is_pp_shared") && v.trim() != "0")
        })
    });
    shared.then_some(table.header_line)
}
