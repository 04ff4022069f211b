//! Request logs as CSV: a header, then one request a row. Which column holds what is a
//! [`CsvColumns`], found from the header ([`CsvColumns::detect`]: LiteLLM's spend-log names,
//! OpenAI's `usage` names and common others) or given by the caller ([`CsvColumns::new`]).

use super::csv_record::Records;
use super::format::LogFormat;
use super::load::LogLoad;
use super::requests::{Request, Requests};
use super::warning::{LogError, LogWarning};
use crate::logs::clock::parse_time;

/// Header names tried for each column, in order, compared without case.
const TIME_NAMES: [&str; 7] = ["starttime", "start_time", "timestamp", "time", "created_at", "created", "date"];
const END_NAMES: [&str; 2] = ["endtime", "end_time"];
const FIRST_TOKEN_NAMES: [&str; 2] = ["completionstarttime", "completion_start_time"];
const DURATION_MS_NAMES: [&str; 3] = ["request_duration_ms", "duration_ms", "latency_ms"];
const PROMPT_NAMES: [&str; 3] = ["prompt_tokens", "input_tokens", "prompt tokens"];
const ANSWER_NAMES: [&str; 4] = ["completion_tokens", "output_tokens", "completion tokens", "answer_tokens"];

/// Which column of a CSV holds what, by header name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CsvColumns {
    time: String,
    prompt_tokens: Option<String>,
    answer_tokens: Option<String>,
    end: Option<String>,
    first_token: Option<String>,
    duration_ms: Option<String>,
}

impl CsvColumns {
    /// Columns by name: the request's start time (ISO 8601 or Unix), and optionally its prompt
    /// and answer token counts.
    ///
    /// # Errors
    /// One sentence when the time column's name is empty.
    pub fn new(time: &str, prompt_tokens: Option<&str>, answer_tokens: Option<&str>) -> Result<CsvColumns, String> {
        if time.trim().is_empty() {
            return Err("A CSV request log needs the name of its time column.".into());
        }
        Ok(CsvColumns {
            time: time.trim().to_owned(),
            prompt_tokens: prompt_tokens.map(|s| s.trim().to_owned()),
            answer_tokens: answer_tokens.map(|s| s.trim().to_owned()),
            end: None,
            first_token: None,
            duration_ms: None,
        })
    }

    /// Adds an end-time column and a first-token-time column (both times, like the start).
    pub fn with_times(mut self, end: Option<&str>, first_token: Option<&str>) -> CsvColumns {
        self.end = end.map(str::to_owned);
        self.first_token = first_token.map(str::to_owned);
        self
    }

    /// The columns a header names, `None` when it names no time.
    pub fn detect(header: &[&str]) -> Option<CsvColumns> {
        let find = |names: &[&str]| {
            names.iter().find_map(|n| header.iter().find(|h| h.eq_ignore_ascii_case(n)).map(|h| (*h).to_owned()))
        };
        let mut columns =
            CsvColumns::new(&find(&TIME_NAMES)?, find(&PROMPT_NAMES).as_deref(), find(&ANSWER_NAMES).as_deref())
                .ok()?;
        columns.end = find(&END_NAMES);
        columns.first_token = find(&FIRST_TOKEN_NAMES);
        columns.duration_ms = find(&DURATION_MS_NAMES);
        Some(columns)
    }
}

/// Where each column is in a row: the header's positions of the columns' names.
#[derive(Clone, Copy, Debug)]
struct Positions {
    time: usize,
    prompt: Option<usize>,
    answer: Option<usize>,
    end: Option<usize>,
    first: Option<usize>,
    duration: Option<usize>,
}

/// A CSV request log read a line at a time: a record is complete when its quotes are balanced
/// (a quoted cell may span lines), then read by `csv_record`'s rule.
#[derive(Debug)]
pub(crate) struct CsvReader {
    columns: Option<CsvColumns>,
    positions: Option<Positions>,
    /// The record so far, while a quoted cell is open.
    pending: String,
    quotes: usize,
    unreadable: bool,
    requests: Requests,
}

impl CsvReader {
    /// Nothing read yet; `columns` named by the caller, else found from the header.
    pub(crate) fn new(columns: Option<CsvColumns>) -> CsvReader {
        CsvReader {
            columns,
            positions: None,
            pending: String::new(),
            quotes: 0,
            unreadable: false,
            requests: Requests::new(0.0),
        }
    }

    /// Reads one line; `false` once the cap is reached or the header names no time.
    pub(crate) fn line(&mut self, line: &str) -> bool {
        if self.pending.is_empty() && line.trim().is_empty() {
            return true;
        }
        if !self.pending.is_empty() {
            self.pending.push('\n');
        }
        self.pending.push_str(line);
        self.quotes += line.bytes().filter(|b| *b == b'"').count();
        if self.quotes % 2 == 1 {
            return true;
        }
        let record = std::mem::take(&mut self.pending);
        self.quotes = 0;
        let Some(row) = Records::new(&record).next() else { return true };
        match self.positions {
            None => self.header(&row),
            Some(at) => self.row(at, &row),
        }
    }

    /// The header: where the columns are.
    fn header(&mut self, header: &[&str]) -> bool {
        let columns = match self.columns.take().or_else(|| CsvColumns::detect(header)) {
            Some(columns) => columns,
            None => {
                self.unreadable = true;
                return false;
            }
        };
        let index =
            |name: &Option<String>| name.as_ref().and_then(|n| header.iter().position(|h| h.eq_ignore_ascii_case(n)));
        let Some(time) = index(&Some(columns.time.clone())) else {
            self.unreadable = true;
            return false;
        };
        let [prompt, answer, end, first, duration] =
            [&columns.prompt_tokens, &columns.answer_tokens, &columns.end, &columns.first_token, &columns.duration_ms]
                .map(index);
        self.positions = Some(Positions { time, prompt, answer, end, first, duration });
        true
    }

    /// One request's row.
    fn row(&mut self, at: Positions, row: &[&str]) -> bool {
        let cell = |i: Option<usize>| i.and_then(|i| row.get(i).copied());
        let number = |i| cell(i).and_then(|c| c.parse::<f64>().ok());
        let Some(start) = row.get(at.time).and_then(|c| parse_time(c)) else {
            self.requests.skipped += 1;
            return true;
        };
        let end = cell(at.end).and_then(parse_time).or(number(at.duration).map(|ms| start + ms / 1000.0));
        let request = Request {
            start,
            end,
            ttft: cell(at.first).and_then(parse_time).map(|f| f - start),
            prompt: number(at.prompt),
            answer: number(at.answer),
        };
        self.requests.push(request, end.unwrap_or(start))
    }

    /// The load of the rows read (a record left open at the end is read as it stands).
    pub(crate) fn finish(mut self, warnings: Vec<LogWarning>) -> Result<LogLoad, LogError> {
        if !self.pending.is_empty() && !self.unreadable {
            let record = std::mem::take(&mut self.pending);
            if let Some(row) = Records::new(&record).next() {
                match self.positions {
                    None => {
                        self.header(&row);
                    }
                    Some(at) => {
                        self.row(at, &row);
                    }
                }
            }
        }
        if self.unreadable || self.positions.is_none() {
            return Err(LogError::Unreadable);
        }
        let mut load = self.requests.into_load(LogFormat::RequestCsv)?;
        load.warnings.extend(warnings);
        Ok(load)
    }
}
