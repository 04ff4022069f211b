//! Chart colours: a light and a dark palette, chosen from the text colour the page gives the
//! chart (so the widget's own dark mode and a host's theme both carry over), with every colour
//! overridable through CSS custom properties (`--ss-chart-text`, `--ss-chart-run`, ...).

/// An opaque sRGB colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rgb(pub u8, pub u8, pub u8);

impl Rgb {
    /// Relative luminance (WCAG 2.x), 0 for black to 1 for white.
    ///
    /// # Formula
    /// L = 0.2126 R + 0.7152 G + 0.0722 B on linearised channels
    /// (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055)^2.4); source: WCAG 2.1, "relative luminance".
    pub fn luminance(self) -> f64 {
        fn linear(channel: u8) -> f64 {
            let c = f64::from(channel) / 255.0;
            if c <= 0.040_45 { c / 12.92 } else { ((c + 0.055) / 1.055).powf(2.4) }
        }
        0.2126 * linear(self.0) + 0.7152 * linear(self.1) + 0.0722 * linear(self.2)
    }
}

/// Parses the colour forms a computed style or a custom property holds: `#rgb`, `#rrggbb`,
/// `rgb(r, g, b)`, `rgba(r, g, b, a)` and the space-separated `rgb(r g b / a)`.
/// Anything else (named colours, `hsl()`, `var()` left unresolved) is `None`.
pub fn parse_css_color(text: &str) -> Option<Rgb> {
    let text = text.trim();
    if let Some(hex) = text.strip_prefix('#') {
        return parse_hex(hex);
    }
    let inner = text.strip_prefix("rgba(").or_else(|| text.strip_prefix("rgb("))?.strip_suffix(')')?;
    let colour_part = inner.split('/').next()?;
    let mut channels =
        colour_part.split(|c: char| c == ',' || c.is_whitespace()).filter(|part| !part.is_empty()).map(parse_channel);
    let r = channels.next()??;
    let g = channels.next()??;
    let b = channels.next()??;
    Some(Rgb(r, g, b))
}

fn parse_hex(hex: &str) -> Option<Rgb> {
    let digit = |c: char| c.to_digit(16).and_then(|d| u8::try_from(d).ok());
    let digits: Vec<u8> = hex.chars().map(digit).collect::<Option<Vec<u8>>>()?;
    match digits.as_slice() {
        [r, g, b] => Some(Rgb(r * 17, g * 17, b * 17)),
        [r1, r0, g1, g0, b1, b0] => Some(Rgb(r1 * 16 + r0, g1 * 16 + g0, b1 * 16 + b0)),
        _ => None,
    }
}

fn parse_channel(part: &str) -> Option<u8> {
    let (number, is_percent) = match part.strip_suffix('%') {
        Some(percent) => (percent, true),
        None => (part, false),
    };
    let value: f64 = number.parse().ok()?;
    if !value.is_finite() {
        return None;
    }
    // 50 % is 127.5 exactly (multiply before dividing), which rounds to 128 as browsers do.
    let channel = if is_percent { value * 255.0 / 100.0 } else { value };
    // Clamped to 0..=255 first, so the cast is exact.
    Some(channel.round().clamp(0.0, 255.0) as u8)
}

/// Every colour a chart uses.
#[derive(Clone, Debug, PartialEq)]
pub struct ChartTheme {
    /// Labels, axis titles and the frame.
    pub text: Rgb,
    /// Grid lines.
    pub grid: Rgb,
    /// The chosen run: its measured points and interpolated line.
    pub run: Rgb,
    /// The speed floor and the crossing marker.
    pub floor: Rgb,
    /// Other runs of the same model, in turn.
    pub overlays: [Rgb; 4],
}

impl ChartTheme {
    /// Colours for a light background (the defaults of `web/styles.css`).
    pub const LIGHT: ChartTheme = ChartTheme {
        text: Rgb(0x1b, 0x1f, 0x1d),
        grid: Rgb(0xd5, 0xdc, 0xd8),
        run: Rgb(0x0b, 0x6e, 0x4f),
        floor: Rgb(0xb3, 0x26, 0x1e),
        overlays: [Rgb(0x5b, 0x5f, 0xc7), Rgb(0xa0, 0x5a, 0x00), Rgb(0x7a, 0x3e, 0x9d), Rgb(0x2f, 0x6f, 0x95)],
    };

    /// Colours for a dark background (the dark defaults of `web/styles.css`).
    pub const DARK: ChartTheme = ChartTheme {
        text: Rgb(0xe6, 0xec, 0xe9),
        grid: Rgb(0x37, 0x42, 0x3e),
        run: Rgb(0x5f, 0xd3, 0xa5),
        floor: Rgb(0xff, 0x8a, 0x80),
        overlays: [Rgb(0xa9, 0xac, 0xff), Rgb(0xff, 0xb8, 0x6b), Rgb(0xd7, 0xa6, 0xf2), Rgb(0x8f, 0xcd, 0xf2)],
    };

    /// Picks the palette from the text colour the page gives the chart: light text means a
    /// dark background. Then applies any custom property the page sets.
    ///
    /// `text_colour` is the chart's computed `color`; `property` looks a custom property up.
    pub fn resolve(text_colour: Option<&str>, property: impl Fn(&str) -> Option<String>) -> ChartTheme {
        let text = text_colour.and_then(parse_css_color);
        let mut theme = match text {
            Some(colour) if colour.luminance() > 0.5 => ChartTheme::DARK,
            _ => ChartTheme::LIGHT,
        };
        if let Some(colour) = text {
            theme.text = colour;
        }
        let lookup = |name: &str| property(name).as_deref().and_then(parse_css_color);
        if let Some(colour) = lookup("--ss-chart-text") {
            theme.text = colour;
        }
        if let Some(colour) = lookup("--ss-chart-grid") {
            theme.grid = colour;
        }
        if let Some(colour) = lookup("--ss-chart-run") {
            theme.run = colour;
        }
        if let Some(colour) = lookup("--ss-chart-floor") {
            theme.floor = colour;
        }
        for (index, slot) in theme.overlays.iter_mut().enumerate() {
            if let Some(colour) = lookup(&format!("--ss-chart-overlay-{}", index + 1)) {
                *slot = colour;
            }
        }
        theme
    }

    /// The colour of the n-th overlay, cycling through the palette.
    pub fn overlay(&self, index: usize) -> Rgb {
        let len = self.overlays.len();
        self.overlays.get(index % len).copied().unwrap_or(self.run)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_the_usual_css_colour_forms() {
        assert_eq!(parse_css_color("#1d5fc4"), Some(Rgb(0x1d, 0x5f, 0xc4)));
        assert_eq!(parse_css_color(" #fff "), Some(Rgb(255, 255, 255)));
        assert_eq!(parse_css_color("rgb(31, 36, 43)"), Some(Rgb(31, 36, 43)));
        assert_eq!(parse_css_color("rgba(230, 233, 239, 0.8)"), Some(Rgb(230, 233, 239)));
        assert_eq!(parse_css_color("rgb(10 20 30 / 50%)"), Some(Rgb(10, 20, 30)));
        assert_eq!(parse_css_color("rgb(100%, 0%, 50%)"), Some(Rgb(255, 0, 128)));
    }

    #[test]
    fn refuses_what_it_cannot_read() {
        assert_eq!(parse_css_color("tomato"), None);
        assert_eq!(parse_css_color("#12345"), None);
        assert_eq!(parse_css_color("#ggg"), None);
        assert_eq!(parse_css_color("rgb(1, 2)"), None);
        assert_eq!(parse_css_color("rgb(1, 2, x)"), None);
        assert_eq!(parse_css_color("var(--x)"), None);
        assert_eq!(parse_css_color(""), None);
    }

    #[test]
    fn luminance_spans_black_to_white() {
        assert!(Rgb(0, 0, 0).luminance().abs() < 1e-12);
        assert!((Rgb(255, 255, 255).luminance() - 1.0).abs() < 1e-12);
        assert!((Rgb(128, 128, 128).luminance() - 0.215_860_500_965_604_4).abs() < 1e-9);
    }

    #[test]
    fn light_text_selects_the_dark_palette() {
        let theme = ChartTheme::resolve(Some("rgb(240, 240, 240)"), |_| None);
        assert_eq!(theme.run, ChartTheme::DARK.run);
        assert_eq!(theme.text, Rgb(240, 240, 240));
        let theme = ChartTheme::resolve(Some("rgb(20, 20, 20)"), |_| None);
        assert_eq!(theme.run, ChartTheme::LIGHT.run);
        let theme = ChartTheme::resolve(None, |_| None);
        assert_eq!(theme, ChartTheme::LIGHT);
    }

    #[test]
    fn custom_properties_override_the_palette() {
        let theme = ChartTheme::resolve(Some("rgb(20, 20, 20)"), |name| match name {
            "--ss-chart-run" => Some("#ff0000".to_owned()),
            "--ss-chart-overlay-2" => Some(" rgb(0, 0, 255)".to_owned()),
            "--ss-chart-floor" => Some("not a colour".to_owned()),
            _ => None,
        });
        assert_eq!(theme.run, Rgb(255, 0, 0));
        assert_eq!(theme.overlay(1), Rgb(0, 0, 255));
        assert_eq!(theme.overlay(5), Rgb(0, 0, 255));
        assert_eq!(theme.floor, ChartTheme::LIGHT.floor);
    }
}
