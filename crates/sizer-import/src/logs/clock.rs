//! Times as logs write them, read into seconds since 1970-01-01 UTC: ISO 8601 (`2025-05-19T10:13:11.5Z`,
//! `2025-05-19 10:13:11+00:00`, naive times taken as UTC), Unix seconds or milliseconds, nginx's
//! `$time_local` (`10/Oct/2000:13:55:36 -0700`) and vLLM's yearless `MM-DD HH:MM:SS`.

/// The year a yearless vLLM time is placed in: a leap year, so `02-29` reads.
pub(crate) const YEARLESS_BASE: i64 = 2000;

/// Numbers above this are Unix milliseconds, not seconds (1e11 s is the year 5138).
const MILLISECONDS_ABOVE: f64 = 1e11;

/// Days from 1970-01-01 to a proleptic Gregorian date.
///
/// # Formula
/// Howard Hinnant's `days_from_civil` ("chrono-Compatible Low-Level Date Algorithms"): with March
/// as month 0, `era = y / 400`, `doy = (153 (m' ) + 2) / 5 + d - 1`, `doe = 365 yoe + yoe/4 - yoe/100 + doy`,
/// days `= 146097 era + doe - 719468`.
pub(crate) fn days_from_civil(year: i64, month: u32, day: u32) -> i64 {
    let y = if month <= 2 { year - 1 } else { year };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let m = i64::from(month);
    let doy = (153 * (if m > 2 { m - 3 } else { m + 9 }) + 2) / 5 + i64::from(day) - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// The civil date of a day count from 1970-01-01, the inverse of [`days_from_civil`].
///
/// # Formula
/// Howard Hinnant's `civil_from_days`, same source as [`days_from_civil`].
pub(crate) fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    (yoe + era * 400 + i64::from(month <= 2), month, day)
}

/// Seconds of a valid date and time, `None` when a field is out of range.
fn seconds(date: (i64, u32, u32), hour: u32, minute: u32, second: f64) -> Option<f64> {
    let (year, month, day) = date;
    let ok = (1..=12).contains(&month) && (1..=31).contains(&day) && hour < 24 && minute < 60;
    if !ok || !(0.0..61.0).contains(&second) {
        return None;
    }
    let days = days_from_civil(year, month, day);
    // 31 February rolls into March in the formula: refuse it by reading the date back.
    (civil_from_days(days) == date).then(|| days as f64 * 86_400.0 + f64::from(hour * 3600 + minute * 60) + second)
}

/// A run of ASCII digits as a number, `None` unless `text` is exactly that.
fn digits(text: &str) -> Option<u32> {
    (!text.is_empty() && text.bytes().all(|b| b.is_ascii_digit())).then(|| text.parse().ok()).flatten()
}

/// `HH:MM:SS[.frac]` as (hour, minute, seconds).
fn clock(text: &str) -> Option<(u32, u32, f64)> {
    let mut parts = text.splitn(3, ':');
    let hour = digits(parts.next()?)?;
    let minute = digits(parts.next()?)?;
    let second = parts.next()?;
    let whole = second.split('.').next()?;
    if whole.len() != 2 || digits(whole).is_none() {
        return None;
    }
    Some((hour, minute, second.parse().ok()?))
}

/// A UTC offset (`Z`, `+02:00`, `+0200`, `-07`, `+00`) in seconds, `None` when malformed.
fn offset(text: &str) -> Option<f64> {
    if text.is_empty() || text == "Z" || text == "z" {
        return Some(0.0);
    }
    let sign = match text.as_bytes()[0] {
        b'+' => 1.0,
        b'-' => -1.0,
        _ => return None,
    };
    let rest = text[1..].replace(':', "");
    let hours = digits(rest.get(..2)?)?;
    let minutes = if rest.len() > 2 { digits(&rest[2..])? } else { 0 };
    Some(sign * f64::from(hours * 3600 + minutes * 60))
}

/// An ISO 8601 date and time (`T` or a space between them; an offset or `Z`; naive is UTC).
pub(crate) fn parse_iso(text: &str) -> Option<f64> {
    let text = text.trim();
    let (date, rest) = (text.get(..10)?, text.get(11..)?);
    if !matches!(text.as_bytes()[10], b'T' | b' ') {
        return None;
    }
    let mut ymd = date.split('-');
    let year = i64::from(digits(ymd.next()?)?);
    let (month, day) = (digits(ymd.next()?)?, digits(ymd.next()?)?);
    let zone_at = rest.find(['Z', 'z', '+', '-', ' ']).unwrap_or(rest.len());
    let (hour, minute, second) = clock(&rest[..zone_at])?;
    Some(seconds((year, month, day), hour, minute, second)? - offset(rest[zone_at..].trim())?)
}

/// A time field as JSON or CSV gives it: ISO 8601, or a Unix time in seconds or milliseconds.
pub(crate) fn parse_time(text: &str) -> Option<f64> {
    let text = text.trim().trim_matches('"');
    match text.parse::<f64>() {
        Ok(number) => unix(number),
        Err(_) => parse_iso(text),
    }
}

/// A Unix time as a number: seconds, or milliseconds when above [`MILLISECONDS_ABOVE`].
pub(crate) fn unix(number: f64) -> Option<f64> {
    let seconds = if number > MILLISECONDS_ABOVE { number / 1000.0 } else { number };
    (seconds.is_finite() && seconds > 0.0).then_some(seconds)
}

/// nginx's `$time_local`: `10/Oct/2000:13:55:36 -0700`.
pub(crate) fn parse_nginx(text: &str) -> Option<f64> {
    const MONTHS: [&str; 12] = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
    let (stamp, zone) = text.split_once(' ')?;
    let mut parts = stamp.splitn(4, [':', '/']);
    let day = digits(parts.next()?)?;
    let name = parts.next()?;
    let month = MONTHS.iter().position(|m| *m == name)? as u32 + 1;
    let year = i64::from(digits(parts.next()?)?);
    let (hour, minute, second) = clock(parts.next()?)?;
    Some(seconds((year, month, day), hour, minute, second)? - offset(zone)?)
}

/// vLLM's yearless `MM-DD HH:MM:SS` at `text`'s start, placed in [`YEARLESS_BASE`].
pub(crate) fn parse_yearless(text: &str) -> Option<f64> {
    let (date, time) = (text.get(..5)?, text.get(6..14)?);
    let (month, day) = date.split_once('-')?;
    let (hour, minute, second) = clock(time)?;
    seconds((YEARLESS_BASE, digits(month)?, digits(day)?), hour, minute, second)
}

/// A time for people: `2025-05-19T10:13:11Z`, or `05-19 10:13:11` when the log gives no year.
pub(crate) fn format_time(seconds: f64, dated: bool) -> String {
    let whole = seconds.floor() as i64;
    let (year, month, day) = civil_from_days(whole.div_euclid(86_400));
    let second = whole.rem_euclid(86_400);
    let (h, m, s) = (second / 3600, second % 3600 / 60, second % 60);
    if dated {
        format!("{year:04}-{month:02}-{day:02}T{h:02}:{m:02}:{s:02}Z")
    } else {
        format!("{month:02}-{day:02} {h:02}:{m:02}:{s:02}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_notation_reads_to_the_same_instant() {
        let noon = 1_747_656_000.0; // 2025-05-19T12:00:00Z, by `date -d ... +%s`
        assert_eq!(parse_iso("2025-05-19T12:00:00Z"), Some(noon));
        assert_eq!(parse_iso("2025-05-19 14:00:00+02:00"), Some(noon));
        assert_eq!(parse_iso("2025-05-19T12:00:00.250"), Some(noon + 0.25));
        assert_eq!(parse_time("1747656000000"), Some(noon));
        assert_eq!(parse_nginx("19/May/2025:05:00:00 -0700"), Some(noon));
        assert_eq!(parse_iso("2025-02-31T00:00:00Z"), None);
        assert_eq!(format_time(noon, true), "2025-05-19T12:00:00Z");
        let yearless = parse_yearless("02-29 10:13:11 [loggers.py:271]").expect("reads");
        assert_eq!(format_time(yearless, false), "02-29 10:13:11");
    }
}
