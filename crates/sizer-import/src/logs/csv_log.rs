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

/// Reads a CSV request log, with the columns its header names.
pub(crate) fn read(text: &str, columns: Option<&CsvColumns>, warnings: Vec<LogWarning>) -> Result<LogLoad, LogError> {
    let mut records = Records::new(text);
    let header = records.next().ok_or(LogError::Unreadable)?;
    let detected;
    let columns = match columns {
        Some(c) => c,
        None => {
            detected = CsvColumns::detect(&header).ok_or(LogError::Unreadable)?;
            &detected
        }
    };
    let index =
        |name: &Option<String>| name.as_ref().and_then(|n| header.iter().position(|h| h.eq_ignore_ascii_case(n)));
    let time = index(&Some(columns.time.clone())).ok_or(LogError::Unreadable)?;
    let [prompt, answer, end, first, duration] =
        [&columns.prompt_tokens, &columns.answer_tokens, &columns.end, &columns.first_token, &columns.duration_ms]
            .map(index);
    let mut requests = Requests::new(0.0);
    for row in records {
        let cell = |i: Option<usize>| i.and_then(|i| row.get(i).copied());
        let number = |i| cell(i).and_then(|c| c.parse::<f64>().ok());
        let Some(start) = row.get(time).and_then(|c| parse_time(c)) else {
            requests.skipped += 1;
            continue;
        };
        let end = cell(end).and_then(parse_time).or(number(duration).map(|ms| start + ms / 1000.0));
        let request = Request {
            start,
            end,
            ttft: cell(first).and_then(parse_time).map(|f| f - start),
            prompt: number(prompt),
            answer: number(answer),
        };
        if !requests.push(request, end.unwrap_or(start)) {
            break;
        }
    }
    let mut load = requests.into_load(LogFormat::RequestCsv)?;
    load.warnings.extend(warnings);
    Ok(load)
}
