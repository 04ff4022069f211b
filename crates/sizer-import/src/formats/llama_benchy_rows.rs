//! llama-benchy markdown rows read once, each cell with the `±` spread printed beside its mean,
//! and every generation row (`tg1024 (c10)`) paired with its prompt row (`pp1024 (c10)`: the same
//! depth, phase and concurrency, the latest before it). The curve importer (`llama_benchy.rs`)
//! and the suite importer (`suite/`) both read tables through this.

use crate::input::error::ImportError;
use crate::input::label::model_name;
use crate::input::table::Table;
use crate::input::text::{non_negative, optional_number_cell, parse_spread, positive};
use crate::input::warning::ImportWarning;

/// A cell's mean and its `± spread` (the spread `None` when the cell prints none or it is not a
/// number: only the mean is ever required).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Cell {
    pub mean: f64,
    pub spread: Option<f64>,
}

/// A parsed `test` cell: `pp2048 @ d4096 (c2)`, `tg32`, `ctx_pp @ d4096`, `ctx_tg @ d4096 (c1)`.
#[derive(Debug, PartialEq)]
pub struct Test {
    pub generation: bool,
    pub context_phase: bool,
    pub size: Option<f64>,
    pub depth: f64,
    pub concurrency: Option<f64>,
}

/// Reads a test cell; `None` for anything else.
pub fn parse_test(cell: &str) -> Option<Test> {
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

/// A prompt-processing row.
#[derive(Debug, Clone, PartialEq)]
pub struct PromptRow {
    pub line: usize,
    /// The test cell as printed.
    pub test: String,
    pub size: Option<f64>,
    depth: f64,
    context_phase: bool,
    concurrency: f64,
    /// `t/s (total)` (or `t/s`), when positive.
    pub total: Option<Cell>,
    /// `t/s (req)`, when positive.
    pub per_request: Option<Cell>,
    /// `ttfr (ms)`.
    pub ttfr_ms: Option<Cell>,
}

/// A generation row with its prompt row.
#[derive(Debug, Clone, PartialEq)]
pub struct GenerationRow {
    pub line: usize,
    /// The test cell as printed.
    pub test: String,
    pub size: Option<f64>,
    pub depth: f64,
    pub context_phase: bool,
    pub concurrency: f64,
    /// `t/s (total)` (or `t/s`).
    pub total: Option<Cell>,
    /// `t/s (req)`; at concurrency 1 without that column, the single `t/s`.
    pub per_request: Option<Cell>,
    /// `peak t/s`.
    pub peak: Option<Cell>,
    pub prompt: Option<PromptRow>,
}

/// One table's rows.
pub struct TableRows {
    pub rows: Vec<GenerationRow>,
    /// Rows whose test cell is not llama-benchy's, and prompt rows left without a partner.
    pub skipped: usize,
    /// The first model cell, cleaned.
    pub model: Option<String>,
    /// The `date:` line after the table.
    pub date: Option<String>,
}

/// Reads a table with llama-benchy's header. A cell that should be a number and is not is an
/// error naming its line and column; a speed of a generation row must be positive.
pub fn read(table: &Table<'_>, warnings: &mut Vec<ImportWarning>) -> Result<TableRows, ImportError> {
    let test_col = table.required_column(&["test"])?;
    let model_col = table.column(&["model"]);
    let total_col = table.column(&["t/s (total)", "t/s"]);
    let req_col = table.column(&["t/s (req)"]);
    let peak_col = table.column(&["peak t/s", "peak t/s (total)"]);
    let ttfr_col = table.column(&["ttfr (ms)", "ttft (ms)"]);
    let date = table.after.iter().find_map(|line| {
        let rest = line.trim().strip_prefix("date:")?;
        Some(crate::input::text::clean_label(rest.split('|').next().unwrap_or(rest).trim()).0)
    });
    let mut rows = Vec::new();
    let mut pending: Vec<PromptRow> = Vec::new();
    let mut skipped = 0;
    let mut model: Option<String> = None;
    for (line, cells) in &table.rows {
        let line = *line;
        let cell = |col: Option<usize>| col.and_then(|c| cells.get(c)).copied().unwrap_or_default();
        let key = |col: Option<usize>| col.map(|c| table.header_text(c)).unwrap_or_default().to_owned();
        let optional = |col: Option<usize>| -> Result<Option<Cell>, ImportError> {
            let mean = non_negative(optional_number_cell(cell(col), line, &key(col))?, Some(line), &key(col))?;
            Ok(mean.map(|mean| Cell { mean, spread: parse_spread(cell(col)) }))
        };
        let required = |col: usize| -> Result<Cell, ImportError> {
            let raw = cell(Some(col));
            let mean = crate::input::text::number_cell(raw, line, &key(Some(col)))?;
            Ok(Cell { mean: positive(mean, Some(line), &key(Some(col)))?, spread: parse_spread(raw) })
        };
        let test_text = cell(Some(test_col));
        let Some(test) = parse_test(test_text) else {
            skipped += 1;
            continue;
        };
        if model.is_none() && model_col.is_some() {
            model = model_name(cell(model_col), warnings);
        }
        let concurrency = positive(test.concurrency.unwrap_or(1.0), Some(line), "concurrency")?;
        let test_text = crate::input::text::clean_label(test_text).0;
        if !test.generation {
            pending.push(PromptRow {
                line,
                test: test_text,
                size: test.size,
                depth: test.depth,
                context_phase: test.context_phase,
                concurrency,
                total: optional(total_col)?.filter(|c| c.mean > 0.0),
                per_request: optional(req_col)?.filter(|c| c.mean > 0.0),
                ttfr_ms: optional(ttfr_col)?,
            });
            continue;
        }
        let partner = pending.iter().rposition(|p| {
            p.depth == test.depth && p.context_phase == test.context_phase && p.concurrency == concurrency
        });
        let prompt = partner.map(|i| pending.remove(i));
        let total = total_col.map(required).transpose()?;
        let per_request = match req_col {
            Some(col) => Some(required(col)?),
            None if concurrency == 1.0 => total,
            None => None,
        };
        rows.push(GenerationRow {
            line,
            test: test_text,
            size: test.size,
            depth: test.depth,
            context_phase: test.context_phase,
            concurrency,
            total,
            per_request,
            peak: optional(peak_col)?,
            prompt,
        });
    }
    Ok(TableRows { rows, skipped: skipped + pending.len(), model, date })
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
