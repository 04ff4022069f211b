//! Median, minimum and maximum of a sample: the figures every timing row reports.

/// Summary of one measured quantity over several runs.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Summary {
    pub median: f64,
    pub min: f64,
    pub max: f64,
    pub count: usize,
}

/// The summary of `values` (non-finite values are left out), or `None` when none is left.
///
/// # Formula
/// The median of an even count is the mean of the two middle values (the usual definition,
/// e.g. NIST/SEMATECH e-Handbook of Statistical Methods, 1.3.5.1).
pub fn summarize(values: &[f64]) -> Option<Summary> {
    let mut sorted: Vec<f64> = values.iter().copied().filter(|v| v.is_finite()).collect();
    sorted.sort_by(f64::total_cmp);
    let count = sorted.len();
    let (&min, &max) = (sorted.first()?, sorted.last()?);
    let upper = sorted.get(count / 2).copied()?;
    let median = if count % 2 == 1 { upper } else { (sorted.get(count / 2 - 1).copied()? + upper) / 2.0 };
    Some(Summary { median, min, max, count })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn odd_count_takes_the_middle_value() {
        let s = summarize(&[9.0, 1.0, 5.0, 7.0, 3.0]).unwrap();
        assert_eq!(s, Summary { median: 5.0, min: 1.0, max: 9.0, count: 5 });
    }

    #[test]
    fn even_count_averages_the_two_middle_values_and_skips_non_finite() {
        let s = summarize(&[4.0, f64::NAN, 1.0, 3.0, 2.0, f64::INFINITY]).unwrap();
        assert_eq!(s, Summary { median: 2.5, min: 1.0, max: 4.0, count: 4 });
    }

    #[test]
    fn nothing_to_summarize() {
        assert_eq!(summarize(&[]), None);
        assert_eq!(summarize(&[f64::NAN]), None);
    }
}
