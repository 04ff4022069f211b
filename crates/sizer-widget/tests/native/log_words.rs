//! "Read your logs"'s words in both languages: every reader warning and error has a German
//! sentence of its own; the peak for the sizing names the peak, the lengths and the Sparks that
//! peak needs (a ceiling of peak / streams per Spark, worked by hand); the chart's caption says
//! what the bars and the line are.
//! Run: `cargo test -p sizer-widget --no-default-features --features ssr --test native log_words::`.

use sizer_import::logs::{Concurrency, LogError, LogFormat, LogWarning};
use sizer_widget::i18n::Lang;
use sizer_widget::i18n::logs::{chart_caption, chart_text, error, peak_sentence, warning};

#[test]
fn every_warning_and_error_reads_in_german() {
    let warnings = [
        LogWarning::TooFewForBurstiness { requests: 2 },
        LogWarning::ClockJump { times: 3 },
        LogWarning::CounterReset { intervals: 1 },
        LogWarning::MixedFormats { other: LogFormat::Nginx, lines: 4 },
        LogWarning::LinesSkipped { lines: 5 },
        LogWarning::CapReached,
        LogWarning::AfterLastInterval { requests: 1 },
    ];
    for w in &warnings {
        let (en, de) = (warning(Lang::En, w), warning(Lang::De, w));
        assert_eq!(en, w.to_string());
        assert!(de != en && de.ends_with('.') && !de.contains("request"), "{de}");
    }
    assert_eq!(
        warning(Lang::De, &warnings[0]),
        "Nur 2 Anfragen: Die Burstiness braucht mindestens 100, daher wird keine geschätzt und die Vorhersage nimmt ihren Standardwert."
    );
    assert_eq!(
        warning(Lang::De, &warnings[3]),
        "4 Zeile(n) in einem anderen Format (nginx-Zugriffslog) blieben außen vor."
    );
    assert_eq!(
        warning(Lang::De, &warnings[5]),
        "Das Log enthält mehr als 200.000 Anfragen: Nur die ersten 200.000 wurden gelesen, und die Zeitspanne endet dort."
    );
    let errors = [
        LogError::Unreadable,
        LogError::TooLarge { bytes: 209_715_200 },
        LogError::TooFewRequests { format: LogFormat::Caddy, requests: 1 },
        LogError::NeedsTwoScrapes,
        LogError::NoRequestLines,
    ];
    for e in &errors {
        let (en, de) = (error(Lang::En, e), error(Lang::De, e));
        assert_eq!(en, e.to_string());
        assert!(de != en && de.ends_with('.'), "{de}");
    }
    // 200 MiB against the 100 MiB read.
    assert_eq!(
        error(Lang::De, &errors[1]),
        "Das Log hat 209.715.200 Bytes; gelesen werden höchstens 104.857.600: Kürzen Sie es bitte auf die Stoßzeiten."
    );
}

#[test]
fn the_peak_names_the_sparks_it_needs() {
    let peak = Concurrency { p50: 9.0, p99: 21.0, max: 23.0, source: "overlap" };
    // 23 at most over 10 streams a Spark: 3 Sparks (2.3 rounded up).
    assert_eq!(
        peak_sentence(Lang::En, &peak, Some(2100.0), Some(300.0), Some(10)),
        "Your logs peak at 23 concurrent requests (p99 21) of about 2,100 prompt and 300 answer tokens. This run keeps \
         10 streams at your floor on one Spark, so that peak needs 3 Spark(s)."
    );
    assert_eq!(
        peak_sentence(Lang::De, &peak, Some(2100.0), None, Some(23)),
        "Ihre Logs erreichen höchstens 23 gleichzeitige Anfragen (p99 21) mit etwa 2.100 Prompt-Token. Dieser Lauf \
         hält auf einem Spark 23 Ströme bei Ihrem Mindesttempo; diese Spitze braucht also 1 Spark(s)."
    );
    // Without a sizing (or lengths) the sentence stops after the peak.
    assert_eq!(peak_sentence(Lang::En, &peak, None, None, None), "Your logs peak at 23 concurrent requests (p99 21).");
}

#[test]
fn the_chart_is_captioned_and_its_axes_titled_in_each_language() {
    assert_eq!(
        chart_caption(Lang::En, 10.0, true),
        "Arrivals and concurrency over time: requests arrived per second (bars, left axis) and the most requests in \
         flight (line, right axis), per 10 s (wider on a narrow screen)."
    );
    assert!(
        chart_caption(Lang::De, 60.0, false)
            .starts_with("Ankünfte über die Zeit: angekommene Anfragen pro Sekunde (Balken), je 60 s (auf schmalen Bildschirmen breiter);")
    );
    let de = chart_text(Lang::De, true);
    assert_eq!(
        (de.x_title.as_str(), de.arrivals_title.as_str(), de.in_flight_title.as_str()),
        ("Stunden ab Log-Beginn", "Anfragen pro Sekunde", "Höchstens gleichzeitig")
    );
}
