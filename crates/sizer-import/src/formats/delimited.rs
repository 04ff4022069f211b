//! Anything else, pasted as numbers: two columns (concurrency, per-request tok/s) or a CSV /
//! semicolon / tab table with a header naming its columns. A header may name a per-request
//! speed, an aggregate throughput (divided by concurrency) or a TPOT in ms (1000 / TPOT).
//! With `;`, tab or space separators a decimal comma (`81,2`) is accepted.

use crate::formats::Format;
use crate::formats::parsed::{Figures, ParsedPoint, ParsedRun, ParsedWorkload};
use crate::input::error::ImportError;
use crate::input::error::check_count;
use crate::input::label::run_label;
use crate::input::text::{numbered_lines, parse_number, positive, quote};
use crate::input::warning::ImportWarning;
use sizer_data::CurveBasis;

#[derive(Clone, Copy, PartialEq)]
enum Separator {
    Comma,
    Semicolon,
    Tab,
    Space,
}

impl Separator {
    fn split(self, line: &str) -> Vec<String> {
        let cells: Vec<String> = match self {
            Separator::Comma => split_quoted(line, ','),
            Separator::Semicolon => split_quoted(line, ';'),
            Separator::Tab => split_quoted(line, '\t'),
            Separator::Space => line.split_whitespace().map(|c| c.trim_matches('"').to_owned()).collect(),
        };
        let mut cells: Vec<String> = cells.into_iter().map(|c| c.trim().to_owned()).collect();
        // A trailing separator leaves an empty last cell.
        if cells.len() > 1 && cells.last().is_some_and(|c| c.is_empty()) {
            cells.pop();
        }
        cells
    }

    fn number(self, cell: &str) -> Option<f64> {
        if self != Separator::Comma && !cell.contains('.') && cell.matches(',').count() == 1 {
            return parse_number(&cell.replace(',', "."));
        }
        parse_number(cell)
    }
}

/// The fields of one line split on `separator` with RFC 4180 quoting: a field in double quotes
/// may hold the separator, and `""` inside it is one quote. Quotes are removed; a quote left
/// open runs to the end of the line (a field spanning lines is not supported: rows are lines).
pub fn split_quoted(line: &str, separator: char) -> Vec<String> {
    let mut fields = Vec::new();
    let mut field = String::new();
    let mut quoted = false;
    let mut chars = line.chars().peekable();
    while let Some(ch) = chars.next() {
        match ch {
            '"' if quoted => {
                if chars.next_if_eq(&'"').is_some() {
                    field.push('"');
                } else {
                    quoted = false;
                }
            }
            '"' if field.trim().is_empty() => {
                field.clear();
                quoted = true;
            }
            c if c == separator && !quoted => fields.push(core::mem::take(&mut field)),
            c => field.push(c),
        }
    }
    fields.push(field);
    fields
}

/// The separator, decided on the first 200 lines (separators inside quotes do not count).
fn separator_of(lines: &[(usize, &str)]) -> Separator {
    let any = |ch: char| lines.iter().take(200).any(|(_, l)| split_quoted(l, ch).len() > 1);
    if any(';') {
        Separator::Semicolon
    } else if any('\t') {
        Separator::Tab
    } else if any(',') {
        Separator::Comma
    } else {
        Separator::Space
    }
}

fn is_comment(line: &str) -> bool {
    let t = line.trim_start();
    t.is_empty() || t.starts_with('#') || t.starts_with("//")
}

/// Which column holds what, from header words.
struct Columns {
    concurrency: usize,
    speed: usize,
    basis: CurveBasis,
}

/// What a header cell names.
#[derive(Clone, Copy, PartialEq)]
enum Role {
    Concurrency,
    Speed(CurveBasis),
    /// A throughput that counts prompt tokens too (vLLM "Total token throughput", batched-bench
    /// `S t/s`): never a generation speed.
    PromptIncluded,
}

fn role_of(header: &str) -> Option<Role> {
    let h = header.to_ascii_lowercase();
    let has = |words: &[&str]| words.iter().any(|w| h.contains(w));
    if has(&["conc", "user", "stream", "parallel", "client", "batch", "seq", "nutzer", "gleichzeitig", "anfragen"])
        || matches!(h.as_str(), "b" | "c" | "n" | "pl")
    {
        return Some(Role::Concurrency);
    }
    if has(&["total token", "total_token", "prompt", "input", "s_pp", "prefill"]) || matches!(h.trim(), "s t/s" | "s") {
        return Some(Role::PromptIncluded);
    }
    if has(&["tpot", "(ms)", " ms", "_ms"]) {
        return Some(Role::Speed(CurveBasis::MedianTpot));
    }
    if has(&[
        "per req",
        "per-req",
        "per_req",
        "(req)",
        "/req",
        "per user",
        "per-user",
        "per stream",
        "per-stream",
        "single",
    ]) {
        return Some(Role::Speed(CurveBasis::PerRequest));
    }
    if has(&["total", "aggregate", "system", "s_tg", "overall", "sum", "output throughput", "output_throughput"]) {
        return Some(Role::Speed(CurveBasis::AggregateOverConcurrency));
    }
    if has(&["tok", "t/s", "speed", "tps", "rate", "throughput"]) {
        return Some(Role::Speed(CurveBasis::PerRequest));
    }
    None
}

/// Which columns to read, from the header; an error when the only speed-like column counts
/// prompt tokens.
fn columns(header: &[String], line: usize) -> Result<Option<Columns>, ImportError> {
    let roles: Vec<Option<Role>> = header.iter().map(|h| role_of(h)).collect();
    let concurrency = roles.iter().position(|r| *r == Some(Role::Concurrency));
    // Prefer a per-request column, then TPOT, then an aggregate.
    let preference = [CurveBasis::PerRequest, CurveBasis::MedianTpot, CurveBasis::AggregateOverConcurrency];
    let speed = preference
        .iter()
        .find_map(|want| roles.iter().position(|r| *r == Some(Role::Speed(*want))).map(|i| (i, *want)));
    if speed.is_none()
        && let Some(i) = roles.iter().position(|r| *r == Some(Role::PromptIncluded))
    {
        return Err(ImportError::PromptTokensCounted { line, key: quote(header.get(i).map_or("", String::as_str)) });
    }
    Ok(match (concurrency, speed) {
        (Some(concurrency), Some((speed, basis))) if concurrency != speed => {
            Some(Columns { concurrency, speed, basis })
        }
        // Two columns and only the speed named: the other one is the concurrency.
        (None, Some((speed, basis))) if header.len() == 2 => {
            Some(Columns { concurrency: 1 - speed.min(1), speed, basis })
        }
        (None, None) if header.len() == 2 => Some(Columns { concurrency: 0, speed: 1, basis: CurveBasis::PerRequest }),
        _ => None,
    })
}

/// Whether the text has at least one line of two or more numbers (the claim of this parser).
pub fn looks_like(text: &str) -> bool {
    let lines: Vec<(usize, &str)> = numbered_lines(text).filter(|(_, l)| !is_comment(l)).take(200).collect();
    let separator = separator_of(&lines);
    lines.iter().any(|(_, l)| is_numeric_row(separator, l))
}

fn is_numeric_row(separator: Separator, line: &str) -> bool {
    let cells = separator.split(line);
    cells.len() >= 2 && cells.iter().all(|c| separator.number(c).is_some())
}

/// Parses the pasted numbers into one run.
pub fn parse(text: &str, name: &str) -> Result<(Format, Vec<ParsedRun>, Vec<ImportWarning>), ImportError> {
    let lines: Vec<(usize, &str)> = numbered_lines(text).filter(|(_, l)| !is_comment(l)).collect();
    let separator = separator_of(&lines);
    let first_data = lines.iter().position(|(_, l)| is_numeric_row(separator, l)).ok_or(ImportError::NotRecognised)?;
    let header = first_data.checked_sub(1).and_then(|i| lines.get(i)).map(|(n, l)| (*n, separator.split(l)));
    let (format, cols, width, names) = match &header {
        Some((line, cells)) => {
            let cols = columns(cells, *line)?
                .ok_or_else(|| ImportError::MissingKey { line: Some(*line), key: "a concurrency column".into() })?;
            let names: (String, String) = (
                quote(cells.get(cols.concurrency).map_or("concurrency", String::as_str)),
                quote(cells.get(cols.speed).map_or("tok/s", String::as_str)),
            );
            (Format::Csv, cols, cells.len(), names)
        }
        None => (
            if separator == Separator::Comma { Format::Csv } else { Format::TwoColumn },
            Columns { concurrency: 0, speed: 1, basis: CurveBasis::PerRequest },
            2,
            ("concurrency".to_owned(), "per-request tok/s".to_owned()),
        ),
    };
    let mut points = Vec::new();
    for (line, raw) in lines.iter().skip(first_data) {
        let cells = separator.split(raw);
        if cells.len() != width {
            return Err(ImportError::BadRow { line: *line, expected: width, found: cells.len() });
        }
        let value = |col: usize, key: &str| -> Result<f64, ImportError> {
            let cell = cells.get(col).map_or("", String::as_str);
            let number = separator.number(cell).ok_or_else(|| ImportError::NotANumber {
                line: *line,
                key: key.to_owned(),
                value: quote(cell),
            })?;
            positive(number, Some(*line), key)
        };
        let concurrency = value(cols.concurrency, &names.0)?;
        let speed = value(cols.speed, &names.1)?;
        let figures = match cols.basis {
            CurveBasis::MedianTpot => Figures { median_tpot_ms: Some(speed), ..Figures::default() },
            CurveBasis::MeanTpot => Figures { mean_tpot_ms: Some(speed), ..Figures::default() },
            CurveBasis::AggregateOverConcurrency => {
                Figures { generated_total_tok_s: Some(speed), ..Figures::default() }
            }
            CurveBasis::PerRequest => Figures { per_request_tok_s: Some(speed), ..Figures::default() },
            CurveBasis::InterTokenLatency => Figures { inter_token_latency_ms: Some(speed), ..Figures::default() },
        };
        points.push(ParsedPoint::new(Some(concurrency), Some(*line), figures));
        check_count(points.len())?;
    }
    let run = ParsedRun {
        label: run_label(name, None, crate::PASTED_LABEL, ""),
        model: None,
        format,
        engine: format.engine(),
        workload: ParsedWorkload::default(),
        date: None,
        basis: cols.basis,
        alternative: None,
        points,
    };
    Ok((format, vec![run], Vec::new()))
}
