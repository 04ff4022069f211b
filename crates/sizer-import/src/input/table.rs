//! Markdown pipe tables: found by their `|` rows, split on `|` (never by column position: wide
//! values overflow the padding), header cells normalised for matching.

use crate::input::error::ImportError;
use crate::input::text::numbered_lines;

/// One table: its header cells (as printed), the data rows, and where it sits.
pub struct Table<'a> {
    /// Line of the header row.
    pub header_line: usize,
    /// Header cells, trimmed, as printed.
    pub header: Vec<&'a str>,
    /// Data rows: line number and trimmed cells.
    pub rows: Vec<(usize, Vec<&'a str>)>,
    /// Lines before the table since the previous one (headings, tool banners).
    pub before: Vec<&'a str>,
    /// Lines after the table up to the next one (llama-benchy prints its date there).
    pub after: Vec<&'a str>,
}

impl Table<'_> {
    /// The index of the first header cell whose normalised text is one of `names`.
    pub fn column(&self, names: &[&str]) -> Option<usize> {
        self.header.iter().position(|cell| names.contains(&normalise(cell).as_str()))
    }

    /// The index of a column that must be there.
    pub fn required_column(&self, names: &[&str]) -> Result<usize, ImportError> {
        self.column(names).ok_or_else(|| ImportError::MissingKey {
            line: Some(self.header_line),
            key: names.first().copied().unwrap_or_default().to_owned(),
        })
    }

    /// The printed header text of a column.
    pub fn header_text(&self, column: usize) -> &str {
        self.header.get(column).copied().unwrap_or_default()
    }
}

/// Lower case, whitespace collapsed.
pub fn normalise(cell: &str) -> String {
    cell.split_whitespace().collect::<Vec<_>>().join(" ").to_ascii_lowercase()
}

fn is_row(line: &str) -> bool {
    line.trim_start().starts_with('|')
}

/// The cells of a `| a | b |` row (the empty edges dropped).
pub fn cells(line: &str) -> Vec<&str> {
    let trimmed = line.trim();
    let inner = trimmed.strip_prefix('|').unwrap_or(trimmed);
    let inner = inner.strip_suffix('|').unwrap_or(inner);
    inner.split('|').map(str::trim).collect()
}

fn is_separator(cells: &[&str]) -> bool {
    !cells.is_empty()
        && cells.iter().all(|cell| !cell.is_empty() && cell.bytes().all(|b| matches!(b, b'-' | b':' | b' ')))
}

/// Every pipe table in the text, with a `BadRow` error for a row whose cell count differs from
/// the header's.
pub fn tables(text: &str) -> Result<Vec<Table<'_>>, ImportError> {
    let mut out: Vec<Table<'_>> = Vec::new();
    let mut loose: Vec<&str> = Vec::new();
    let mut lines = numbered_lines(text).peekable();
    while let Some((line, raw)) = lines.next() {
        if !is_row(raw) {
            loose.push(raw);
            continue;
        }
        let header = cells(raw);
        let mut rows = Vec::new();
        while let Some((row_line, row)) = lines.next_if(|(_, next)| is_row(next)) {
            let row_cells = cells(row);
            if is_separator(&row_cells) {
                continue;
            }
            if row_cells.len() != header.len() {
                return Err(ImportError::BadRow { line: row_line, expected: header.len(), found: row_cells.len() });
            }
            rows.push((row_line, row_cells));
        }
        if let Some(previous) = out.last_mut() {
            previous.after = loose.clone();
        }
        out.push(Table { header_line: line, header, rows, before: core::mem::take(&mut loose), after: Vec::new() });
    }
    if let Some(previous) = out.last_mut() {
        previous.after = loose;
    }
    Ok(out)
}
