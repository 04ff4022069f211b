//! CSV records read in place: cells are slices of the text (quotes stripped, `""` left doubled,
//! which no time or count contains), and a quoted cell may span lines, as an exported prompt does.

/// The records of a comma-separated text, one `Vec` of cells each, skipping blank lines.
pub(crate) struct Records<'a> {
    text: &'a str,
    at: usize,
}

impl<'a> Records<'a> {
    /// The records of `text`.
    pub(crate) fn new(text: &'a str) -> Records<'a> {
        Records { text, at: 0 }
    }
}

impl<'a> Iterator for Records<'a> {
    type Item = Vec<&'a str>;

    fn next(&mut self) -> Option<Vec<&'a str>> {
        let bytes = self.text.as_bytes();
        while self.at < bytes.len() && matches!(bytes[self.at], b'\n' | b'\r') {
            self.at += 1;
        }
        if self.at >= bytes.len() {
            return None;
        }
        let mut cells = Vec::new();
        loop {
            let (cell, next) = cell(self.text, self.at);
            cells.push(cell.trim());
            self.at = next;
            match bytes.get(next) {
                Some(b',') => self.at += 1,
                _ => {
                    // The line's end (or the text's).
                    while self.at < bytes.len() && matches!(bytes[self.at], b'\n' | b'\r') {
                        self.at += 1;
                    }
                    return Some(cells);
                }
            }
        }
    }
}

/// The cell starting at `at` and the index just after it (a comma, a line end or the end).
fn cell(text: &str, at: usize) -> (&str, usize) {
    let bytes = text.as_bytes();
    if bytes.get(at) == Some(&b'"') {
        let mut i = at + 1;
        while i < bytes.len() {
            if bytes[i] == b'"' {
                if bytes.get(i + 1) == Some(&b'"') {
                    i += 2;
                    continue;
                }
                let mut end = i + 1;
                // Anything between the closing quote and the separator belongs to the cell's junk.
                while end < bytes.len() && !matches!(bytes[end], b',' | b'\n' | b'\r') {
                    end += 1;
                }
                return (&text[at + 1..i], end);
            }
            i += 1;
        }
        return (&text[at + 1..], bytes.len());
    }
    let end = text[at..].find([',', '\n', '\r']).map_or(text.len(), |n| at + n);
    (&text[at..end], end)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_quoted_cell_may_hold_commas_and_lines() {
        let text = "a,b,c\n1,\"x, \"\"y\"\"\nz\",3\r\n\n4,5,6";
        let rows: Vec<Vec<&str>> = Records::new(text).collect();
        assert_eq!(rows, vec![vec!["a", "b", "c"], vec!["1", "x, \"\"y\"\"\nz", "3"], vec!["4", "5", "6"]]);
    }
}
