//! Number formatting per language, without `core::fmt`'s float code.
//!
//! `format_number(Lang::En, 1078.4, 1)` is `1,078.4`; in German `1.078,4`. Rounding is half away
//! from zero on the decimal value; values too large for exact integer digits fall back to a
//! mantissa-exponent form.

use super::Lang;

/// The locale `lang` writes numbers in.
pub fn locale(lang: Lang) -> sizer_import::typed::Locale {
    match lang {
        Lang::En => sizer_import::typed::Locale::En,
        Lang::De => sizer_import::typed::Locale::De,
    }
}

/// The largest scaled magnitude whose integer digits are exact in an `f64` (2^53).
const EXACT_LIMIT: f64 = 9_007_199_254_740_992.0;

/// The most decimals honoured; more are clamped (an f64 has about 15-17 significant digits).
const MAX_DECIMALS: usize = 9;

/// Formats `value` with exactly `decimals` digits after the mark, grouped per `lang`.
///
/// NaN is shown as an em dash, infinities as `∞` / `-∞`. A result that rounds to zero carries no
/// minus sign.
pub fn format_number(lang: Lang, value: f64, decimals: usize) -> String {
    if value.is_nan() {
        return String::from("—");
    }
    if value.is_infinite() {
        return String::from(if value > 0.0 { "∞" } else { "-∞" });
    }
    let decimals = decimals.min(MAX_DECIMALS);
    let scale = pow10(decimals);
    let scaled = (value.abs() * scale).round();
    if scaled >= EXACT_LIMIT {
        return format_large(lang, value);
    }
    let scaled = scaled as u64;
    let scale_int = scale as u64;
    let whole = scaled / scale_int;
    let fraction = scaled % scale_int;
    let mut out = String::with_capacity(24);
    if value < 0.0 && scaled != 0 {
        out.push('-');
    }
    push_grouped(&mut out, whole, Some(lang.group_separator()));
    if decimals > 0 {
        out.push(lang.decimal_mark());
        push_padded(&mut out, fraction, decimals);
    }
    out
}

/// A figure a person sets (a speed floor, a TTFT ceiling, a setup's count): no decimals where
/// it is whole, else one ("15", "2.5" / "2,5").
pub fn format_setting(lang: Lang, value: f64) -> String {
    format_number(lang, value, if value.fract() == 0.0 { 0 } else { 1 })
}

/// Formats a whole number with thousands separators (`163`, `1,078` / `1.078`).
pub fn format_integer(lang: Lang, value: u64) -> String {
    let mut out = String::with_capacity(20);
    push_grouped(&mut out, value, Some(lang.group_separator()));
    out
}

/// `10^n` for small `n`, exactly.
fn pow10(n: usize) -> f64 {
    let mut result = 1.0;
    for _ in 0..n {
        result *= 10.0;
    }
    result
}

/// Appends the decimal digits of `value`, with `separator` (if any) every three digits.
fn push_grouped(out: &mut String, value: u64, separator: Option<char>) {
    let mut digits = [0u8; 20];
    let mut len = 0;
    let mut rest = value;
    loop {
        digits[len] = (rest % 10) as u8;
        len += 1;
        rest /= 10;
        if rest == 0 {
            break;
        }
    }
    for position in (0..len).rev() {
        out.push(char::from(b'0' + digits[position]));
        if let Some(separator) = separator
            && position > 0
            && position % 3 == 0
        {
            out.push(separator);
        }
    }
}

/// Appends `value` as exactly `width` digits, zero-padded on the left.
fn push_padded(out: &mut String, value: u64, width: usize) {
    let mut digits = [b'0'; MAX_DECIMALS];
    let mut rest = value;
    for slot in digits.iter_mut().take(width).rev() {
        *slot = b'0' + (rest % 10) as u8;
        rest /= 10;
    }
    for &digit in digits.iter().take(width) {
        out.push(char::from(digit));
    }
}

/// Values beyond exact integer range: three significant digits and a power of ten (`1.23e18`).
fn format_large(lang: Lang, value: f64) -> String {
    let magnitude = value.abs();
    let mut exponent = 0i32;
    let mut mantissa = magnitude;
    while mantissa >= 10.0 {
        mantissa /= 10.0;
        exponent += 1;
    }
    let mut out = String::new();
    if value < 0.0 {
        out.push('-');
    }
    out.push_str(&format_number(lang, mantissa, 2));
    out.push('e');
    push_grouped(&mut out, exponent.unsigned_abs().into(), None);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn english_and_german_marks() {
        assert_eq!(format_number(Lang::En, 1078.4, 1), "1,078.4");
        assert_eq!(format_number(Lang::De, 1078.4, 1), "1.078,4");
        assert_eq!(format_number(Lang::En, 3235.1, 0), "3,235");
        assert_eq!(format_number(Lang::De, 0.23, 2), "0,23");
        assert_eq!(format_number(Lang::En, 1_234_567.891, 2), "1,234,567.89");
    }

    #[test]
    fn rounding_and_padding() {
        assert_eq!(format_number(Lang::En, 18.85, 1), "18.9");
        assert_eq!(format_number(Lang::En, 2.05, 3), "2.050");
        assert_eq!(format_number(Lang::En, 999.96, 1), "1,000.0");
        assert_eq!(format_number(Lang::En, 0.004, 2), "0.00");
        assert_eq!(format_number(Lang::En, 52.0, 0), "52");
    }

    #[test]
    fn signs_and_specials() {
        assert_eq!(format_number(Lang::En, -1078.4, 1), "-1,078.4");
        assert_eq!(format_number(Lang::En, -0.001, 1), "0.0");
        assert_eq!(format_number(Lang::En, f64::NAN, 1), "—");
        assert_eq!(format_number(Lang::De, f64::INFINITY, 1), "∞");
        assert_eq!(format_number(Lang::De, f64::NEG_INFINITY, 0), "-∞");
        assert_eq!(format_number(Lang::En, 1.5e19, 0), "1.50e19");
    }

    #[test]
    fn integers_are_grouped() {
        assert_eq!(format_integer(Lang::En, 0), "0");
        assert_eq!(format_integer(Lang::En, 163), "163");
        assert_eq!(format_integer(Lang::De, 924_912), "924.912");
        assert_eq!(format_integer(Lang::En, u64::MAX), "18,446,744,073,709,551,615");
    }
}
