//! A `config.json` as a person pastes it: JSON, except that Python's writer puts bare
//! `Infinity`, `-Infinity` and `NaN` where a float is not finite. Those become `null` (an
//! unknown value), outside strings only, and are counted so the reader can say so.

use serde_json::Value;

/// The largest configuration text read (the arena's largest, a quantised model's list of
/// unquantised modules, is 88 KB).
pub const MAX_CONFIG_BYTES: usize = 4 * 1024 * 1024;

/// `text` parsed as JSON after turning bare non-finite numbers into `null`; with how many.
///
/// # Errors
/// One sentence: too long, or not JSON (with line and column).
pub fn parse_config_text(text: &str, what: &str) -> Result<(Value, usize), String> {
    if text.len() > MAX_CONFIG_BYTES {
        return Err(format!(
            "The {what} is {} bytes, more than the {} a configuration may have.",
            text.len(),
            MAX_CONFIG_BYTES
        ));
    }
    let (clean, replaced) = replace_non_finite(text);
    let value = serde_json::from_str(&clean).map_err(|e| format!("The {what} is not JSON: {e}."))?;
    Ok((value, replaced))
}

/// Replaces `Infinity`, `-Infinity` and `NaN` outside strings by `null`.
fn replace_non_finite(text: &str) -> (String, usize) {
    let mut out = String::with_capacity(text.len());
    let (mut in_string, mut escaped, mut count) = (false, false, 0);
    let mut rest = text;
    while let Some(c) = rest.chars().next() {
        if in_string {
            out.push(c);
            if escaped {
                escaped = false;
            } else if c == '\\' {
                escaped = true;
            } else if c == '"' {
                in_string = false;
            }
            rest = &rest[c.len_utf8()..];
            continue;
        }
        if c == '"' {
            in_string = true;
        }
        let token = ["-Infinity", "Infinity", "NaN"].into_iter().find(|t| rest.starts_with(t));
        if let Some(t) = token {
            out.push_str("null");
            count += 1;
            rest = &rest[t.len()..];
        } else {
            out.push(c);
            rest = &rest[c.len_utf8()..];
        }
    }
    (out, count)
}

#[cfg(test)]
mod tests {
    use super::replace_non_finite;

    #[test]
    fn bare_non_finite_numbers_become_null_outside_strings() {
        let (text, n) = replace_non_finite(r#"{"a": Infinity, "b": -Infinity, "c": NaN, "d": "NaN \" Infinity"}"#);
        assert_eq!(text, r#"{"a": null, "b": null, "c": null, "d": "NaN \" Infinity"}"#);
        assert_eq!(n, 3);
    }
}
