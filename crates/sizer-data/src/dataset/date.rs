//! Calendar dates as the sources give them: a full day (`2026-09-02`) or only a month
//! (`2026-03`, "veröffentlicht im März 2026"). Serialised as that string.

use core::fmt;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// A date with an optional day: `YYYY-MM-DD`, or `YYYY-MM` where the source names only a month.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct PartialDate {
    /// Four-digit year, 1900..=2199.
    pub year: u16,
    /// Month, 1..=12.
    pub month: u8,
    /// Day of the month, when the source gives one.
    pub day: Option<u8>,
}

/// Why a date string is not a well-formed date.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DateError(pub String);

impl fmt::Display for DateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "bad date {:?}: expected YYYY-MM-DD or YYYY-MM", self.0)
    }
}

impl std::error::Error for DateError {}

fn digits(text: &str) -> Option<u16> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok()
}

fn days_in_month(year: u16, month: u8) -> u8 {
    match month {
        2 if (year.is_multiple_of(4) && !year.is_multiple_of(100)) || year.is_multiple_of(400) => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

impl PartialDate {
    /// Parses `YYYY-MM-DD` or `YYYY-MM`, checking the month and the day of that month.
    pub fn parse(text: &str) -> Result<PartialDate, DateError> {
        let bad = || DateError(text.to_owned());
        let mut parts = text.split('-');
        let (year_text, month_text, day_text) = (parts.next(), parts.next(), parts.next());
        if parts.next().is_some() {
            return Err(bad());
        }
        let number = |text: Option<&str>, width: usize| text.filter(|t| t.len() == width).and_then(digits);
        let year = number(year_text, 4).ok_or_else(bad)?;
        let month = number(month_text, 2).and_then(|m| u8::try_from(m).ok()).ok_or_else(bad)?;
        let day = match day_text {
            None => None,
            Some(t) => Some(number(Some(t), 2).and_then(|d| u8::try_from(d).ok()).ok_or_else(bad)?),
        };
        PartialDate::new(year, month, day).ok_or_else(bad)
    }

    /// The date when the year is 1900..=2199, the month 1..=12 and the day one of that month.
    pub(crate) fn new(year: u16, month: u8, day: Option<u8>) -> Option<PartialDate> {
        let valid = (1900..=2199).contains(&year)
            && (1..=12).contains(&month)
            && day.is_none_or(|day| (1..=days_in_month(year, month)).contains(&day));
        valid.then_some(PartialDate { year, month, day })
    }
}

impl fmt::Display for PartialDate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:04}-{:02}", self.year, self.month)?;
        match self.day {
            Some(day) => write!(f, "-{day:02}"),
            None => Ok(()),
        }
    }
}

impl Serialize for PartialDate {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for PartialDate {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<PartialDate, D::Error> {
        let text = String::deserialize(deserializer)?;
        PartialDate::parse(&text).map_err(serde::de::Error::custom)
    }
}
