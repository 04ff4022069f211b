//! Text of the charts, the sourced tables and the sources list, in English and German.
//!
//! Kept apart from the calculator's table (`en.rs`, `de.rs`) so each half of the widget owns its
//! strings; same scheme: a key enum, one `match` per language (a missing translation does not
//! compile), and small functions for sentences with numbers in them.

use sizer_data::{Counter, SourceKind, TokenCount, Topology};

use super::{Lang, format_number};

/// The key of every fixed text in the charts, tables and sources.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TableMsg {
    // Charts.
    SpeedChartTitle,
    AggregateChartTitle,
    TtftChartTitle,
    AxisConcurrency,
    AxisConcurrencyShort,
    AxisPerRequest,
    AxisAggregate,
    AxisTtft,
    LegendMeasured,
    LegendDerivedPoint,
    LegendInterpolated,
    LegendFloor,
    ChartDataSummary,
    ChartDrawFailed,
    ChartNoAggregate,
    ChartNoTtft,
    // Tables.
    TablesIntro,
    TablesIntroYours,
    FilterModel,
    AllModels,
    ColumnConcurrency,
    ColumnPerRequest,
    ColumnAggregate,
    ColumnTotal,
    ColumnTpot,
    ColumnTtftMedian,
    ColumnTtftP99,
    ColumnPrefill,
    ColumnMeanTpot,
    ColumnDuration,
    PointNotesHeading,
    CaptionCounter,
    CaptionWorkload,
    CaptionDate,
    CaptionSource,
    CaptionEngine,
    CaptionNote,
    CaptionYourSource,
    WorkloadNotStated,
    MarkLegendHeading,
    MarkDerivedByArticle,
    MarkDerivedByUs,
    MarkApproximate,
    NoRunsMatch,
    // Sources.
    SourcesIntro,
    SourcePublisher,
    SourceLicence,
    SourcePublished,
    SourceRead,
    SourceKind,
    SourceMeasured,
    SourceNoRuns,
    SourceOpen,
    SourceFacts,
    /// The unit after a run's concurrency range in the sources list: " (1–256 concurrent)".
    SourceSpanUnit,
}

/// The fixed text of `msg` in `lang`.
pub fn table_text(lang: Lang, msg: TableMsg) -> &'static str {
    match lang {
        Lang::En => english(msg),
        Lang::De => german(msg),
    }
}

fn english(msg: TableMsg) -> &'static str {
    use TableMsg::*;
    match msg {
        SpeedChartTitle => "Speed per request against concurrent requests",
        AggregateChartTitle => "Aggregate throughput against concurrent requests",
        TtftChartTitle => "p99 time to first token against concurrent requests",
        AxisConcurrency => "Concurrent requests (log2 scale)",
        AxisConcurrencyShort => "Concurrent requests",
        AxisPerRequest => "Generated tok/s per request",
        AxisAggregate => "Tok/s over all requests",
        AxisTtft => "p99 time to first token (s)",
        LegendMeasured => "measured",
        LegendDerivedPoint => "derived from published figures",
        LegendInterpolated => "interpolated",
        LegendFloor => "speed floor",
        ChartDataSummary => "Data behind the chart",
        ChartDrawFailed => "The chart could not be drawn; its data is in the table below.",
        ChartNoAggregate => "This run publishes no aggregate throughput.",
        ChartNoTtft => "This run measured no p99 time to first token.",
        TablesIntro => "Every benchmark run in the dataset, as published. Click a column heading to sort.",
        TablesIntroYours => "Your imported runs follow, marked \"yours\".",
        FilterModel => "Model",
        AllModels => "All models",
        ColumnConcurrency => "Concurrent requests",
        ColumnPerRequest => "Per-request tok/s",
        ColumnAggregate => "Tok/s, all requests (as counted)",
        ColumnTotal => "Prompt + generated tok/s",
        ColumnTpot => "Median time per output token (ms)",
        ColumnTtftMedian => "Median time to first token (ms)",
        ColumnTtftP99 => "p99 time to first token (ms)",
        ColumnPrefill => "Prompt processing tok/s, all requests",
        ColumnMeanTpot => "Mean time per output token (ms)",
        ColumnDuration => "Wall time (s)",
        PointNotesHeading => "Notes on single points",
        CaptionCounter => "Counter",
        CaptionWorkload => "Workload",
        CaptionDate => "Date",
        CaptionSource => "Source",
        CaptionEngine => "Setup",
        CaptionNote => "Note",
        CaptionYourSource => "your benchmark, imported in this browser",
        WorkloadNotStated => "not stated",
        MarkLegendHeading => "Marks",
        MarkDerivedByArticle => "derived by the article from published figures",
        MarkDerivedByUs => "derived by us (this dataset's arithmetic), not printed by any source",
        MarkApproximate => "approximate: the source says \"about\"",
        NoRunsMatch => "No run matches this filter.",
        SourcesIntro => "Every source the figures come from, with what each one measured.",
        SourcePublisher => "Publisher",
        SourceLicence => "Licence",
        SourcePublished => "Published",
        SourceRead => "Read",
        SourceKind => "Kind",
        SourceMeasured => "Runs from this source",
        SourceNoRuns => "No concurrency run; cited for facts and claims.",
        SourceOpen => "Open the source",
        SourceFacts => "Other figures cited from it",
        SourceSpanUnit => "concurrent",
    }
}

fn german(msg: TableMsg) -> &'static str {
    use TableMsg::*;
    match msg {
        SpeedChartTitle => "Tempo je Anfrage über gleichzeitigen Anfragen",
        AggregateChartTitle => "Gesamtdurchsatz über gleichzeitigen Anfragen",
        TtftChartTitle => "p99-Zeit bis zum ersten Token über gleichzeitigen Anfragen",
        AxisConcurrency => "Gleichzeitige Anfragen (log2-Skala)",
        AxisConcurrencyShort => "Gleichzeitige Anfragen",
        AxisPerRequest => "Erzeugte Token/s je Anfrage",
        AxisAggregate => "Token/s über alle Anfragen",
        AxisTtft => "p99-Zeit bis zum ersten Token (s)",
        LegendMeasured => "gemessen",
        LegendDerivedPoint => "aus veröffentlichten Werten abgeleitet",
        LegendInterpolated => "interpoliert",
        LegendFloor => "Mindesttempo",
        ChartDataSummary => "Daten des Diagramms",
        ChartDrawFailed => "Das Diagramm ließ sich nicht zeichnen; seine Daten stehen in der Tabelle darunter.",
        ChartNoAggregate => "Für diesen Lauf ist kein Gesamtdurchsatz veröffentlicht.",
        ChartNoTtft => "Für diesen Lauf wurde keine p99-Zeit bis zum ersten Token gemessen.",
        TablesIntro => {
            "Alle Messläufe des Datensatzes, wie veröffentlicht. Ein Klick auf eine Spaltenüberschrift sortiert."
        }
        TablesIntroYours => "Danach folgen die eigenen, importierten Läufe, markiert mit „eigener“.",
        FilterModel => "Modell",
        AllModels => "Alle Modelle",
        ColumnConcurrency => "Gleichzeitige Anfragen",
        ColumnPerRequest => "Token/s je Anfrage",
        ColumnAggregate => "Token/s, alle Anfragen (laut Zählweise)",
        ColumnTotal => "Prompt + erzeugte Token/s",
        ColumnTpot => "Median-Zeit je Ausgabetoken (ms)",
        ColumnTtftMedian => "Median-Zeit bis zum ersten Token (ms)",
        ColumnTtftP99 => "p99-Zeit bis zum ersten Token (ms)",
        ColumnPrefill => "Prompt-Verarbeitung Token/s, alle Anfragen",
        ColumnMeanTpot => "Mittlere Zeit je Ausgabetoken (ms)",
        ColumnDuration => "Gesamtdauer (s)",
        PointNotesHeading => "Hinweise zu einzelnen Punkten",
        CaptionCounter => "Zählweise",
        CaptionWorkload => "Arbeitslast",
        CaptionDate => "Datum",
        CaptionSource => "Quelle",
        CaptionEngine => "Aufbau",
        CaptionNote => "Hinweis",
        CaptionYourSource => "eigener Benchmark, in diesem Browser importiert",
        WorkloadNotStated => "nicht angegeben",
        MarkLegendHeading => "Markierungen",
        MarkDerivedByArticle => "vom Artikel aus veröffentlichten Werten abgeleitet",
        MarkDerivedByUs => "von uns abgeleitet (Rechnung dieses Datensatzes), von keiner Quelle gedruckt",
        MarkApproximate => "ungefähr: die Quelle sagt „etwa“",
        NoRunsMatch => "Kein Lauf passt zu diesem Filter.",
        SourcesIntro => "Alle Quellen der Zahlen, mit dem, was jede gemessen hat.",
        SourcePublisher => "Herausgeber",
        SourceLicence => "Lizenz",
        SourcePublished => "Veröffentlicht",
        SourceRead => "Gelesen",
        SourceKind => "Art",
        SourceMeasured => "Messläufe aus dieser Quelle",
        SourceNoRuns => "Kein Parallelitätslauf; belegt Fakten und Aussagen.",
        SourceOpen => "Quelle öffnen",
        SourceFacts => "Weitere daraus zitierte Zahlen",
        SourceSpanUnit => "gleichzeitig",
    }
}

/// What a run's aggregate figures count, in words.
pub fn counter_name(lang: Lang, counter: Counter) -> &'static str {
    match (lang, counter) {
        (Lang::En, Counter::Generated) => "generated tokens",
        (Lang::En, Counter::PromptPlusGenerated) => "prompt plus generated tokens",
        (Lang::En, Counter::DecodeOnly) => "decode only",
        (Lang::En, Counter::AggregateDecode) => "aggregate decode",
        (Lang::En, Counter::Decode) => "decode",
        (Lang::En, Counter::NotStated) => "not stated",
        (Lang::De, Counter::Generated) => "erzeugte Token",
        (Lang::De, Counter::PromptPlusGenerated) => "Prompt- plus erzeugte Token",
        (Lang::De, Counter::DecodeOnly) => "nur Dekodierung",
        (Lang::De, Counter::AggregateDecode) => "Dekodierung gesamt",
        (Lang::De, Counter::Decode) => "Dekodierung",
        (Lang::De, Counter::NotStated) => "nicht angegeben",
    }
}

/// How a source came by its figures, in words.
pub fn source_kind_name(lang: Lang, kind: SourceKind) -> &'static str {
    match (lang, kind) {
        (Lang::En, SourceKind::MeasuredByAuthor) => "measured by the article's author",
        (Lang::En, SourceKind::ReportedByThirdParty) => "reported by a third party",
        (Lang::En, SourceKind::AuthorCalculation) => "the author's calculation",
        (Lang::En, SourceKind::VendorStatement) => "vendor statement",
        (Lang::De, SourceKind::MeasuredByAuthor) => "vom Autor des Artikels gemessen",
        (Lang::De, SourceKind::ReportedByThirdParty) => "von Dritten berichtet",
        (Lang::De, SourceKind::AuthorCalculation) => "Rechnung des Autors",
        (Lang::De, SourceKind::VendorStatement) => "Herstellerangabe",
    }
}

/// How a run's nodes work together, in words (`None` for a single machine).
pub fn topology_name(lang: Lang, topology: Topology) -> Option<&'static str> {
    match (lang, topology) {
        (_, Topology::Single) => None,
        (Lang::En, Topology::TensorParallel) => Some("tensor parallel"),
        (Lang::En, Topology::PipelineParallel) => Some("pipeline parallel"),
        (Lang::En, Topology::ReplicasBehindProxy) => Some("independent replicas behind a proxy"),
        (Lang::De, Topology::TensorParallel) => Some("Tensor-Parallelismus"),
        (Lang::De, Topology::PipelineParallel) => Some("Pipeline-Parallelismus"),
        (Lang::De, Topology::ReplicasBehindProxy) => Some("unabhängige Replikate hinter einem Proxy"),
    }
}

/// Sentence for the chart's accessible name and caption: where the floor is crossed.
/// `streams` and `floor` arrive already formatted for `lang`.
pub fn crossing_within(lang: Lang, floor: &str, streams: &str) -> String {
    match lang {
        Lang::En => format!("{floor}\u{a0}tok/s per request holds up to {streams} concurrent requests"),
        Lang::De => {
            format!("{floor}\u{a0}Token/s je Anfrage halten bis zu {streams} gleichzeitige Anfragen")
        }
    }
}

/// The floor is above even a single request's speed.
pub fn crossing_never(lang: Lang, floor: &str) -> String {
    match lang {
        Lang::En => format!("never reaches {floor}\u{a0}tok/s, even alone"),
        Lang::De => format!("erreicht {floor}\u{a0}Token/s nie, auch nicht allein"),
    }
}

/// Still above the floor at the highest measured concurrency.
pub fn crossing_at_least(lang: Lang, floor: &str, last: &str) -> String {
    match lang {
        Lang::En => {
            format!("still above {floor}\u{a0}tok/s at {last} requests: not measured beyond {last}")
        }
        Lang::De => {
            format!("bei {last} Anfragen noch über {floor}\u{a0}Token/s: darüber nicht gemessen")
        }
    }
}

/// The accessible summary of a curve: first and last measured point.
pub fn curve_summary(lang: Lang, run: &str, first: (&str, &str), last: (&str, &str), unit: &str) -> String {
    let ((c0, v0), (c1, v1)) = (first, last);
    match lang {
        Lang::En => format!("{run}: {v0} {unit} at {c0} concurrent, {v1} at {c1}"),
        Lang::De => format!("{run}: {v0} {unit} bei {c0} gleichzeitig, {v1} bei {c1}"),
    }
}

/// A footnote on one point of a run: "At 1 concurrent request: <note>".
pub fn point_note(lang: Lang, concurrency: u32, note: &str) -> String {
    match (lang, concurrency) {
        (Lang::En, 1) => format!("At 1 concurrent request: {note}"),
        (Lang::En, c) => format!("At {c} concurrent requests: {note}"),
        (Lang::De, 1) => format!("Bei einer Anfrage allein: {note}"),
        (Lang::De, c) => format!("Bei {c} gleichzeitigen Anfragen: {note}"),
    }
}

/// "3 of 27 runs" under the model filter.
pub fn runs_shown(lang: Lang, shown: usize, total: usize) -> String {
    match lang {
        Lang::En => format!("{shown} of {total} runs"),
        Lang::De => format!("{shown} von {total} Läufen"),
    }
}

/// The accessible name of a sort button: "Sort by <column>".
pub fn sort_by(lang: Lang, column: &str) -> String {
    match lang {
        Lang::En => format!("Sort by {column}"),
        Lang::De => format!("Nach {column} sortieren"),
    }
}

/// A node count for captions: "1 node", "2 nodes".
pub fn nodes(lang: Lang, count: u32) -> String {
    match (lang, count) {
        (Lang::En, 1) => "1 node".to_owned(),
        (Lang::En, n) => format!("{n} nodes"),
        (Lang::De, 1) => "1 Knoten".to_owned(),
        (Lang::De, n) => format!("{n} Knoten"),
    }
}

/// A token count as the source states it: "512", "about 1,500", "up to 400".
pub fn token_count(lang: Lang, count: TokenCount) -> String {
    let number = |value: f64| format_figure(lang, value);
    match (lang, count) {
        (_, TokenCount::Exact(value)) => number(value),
        (Lang::En, TokenCount::About { about }) => format!("about {}", number(about)),
        (Lang::De, TokenCount::About { about }) => format!("etwa {}", number(about)),
        (Lang::En, TokenCount::UpTo { up_to }) => format!("up to {}", number(up_to)),
        (Lang::De, TokenCount::UpTo { up_to }) => format!("bis zu {}", number(up_to)),
    }
}

/// A workload line: "512 tokens in, 256 out"; either side may be unstated.
pub fn workload(lang: Lang, prompt: Option<&str>, output: Option<&str>) -> String {
    match (lang, prompt, output) {
        (Lang::En, Some(p), Some(o)) => format!("{p} tokens in, {o} out"),
        (Lang::De, Some(p), Some(o)) => format!("{p} Token rein, {o} raus"),
        (Lang::En, Some(p), None) => format!("{p} tokens in, output not stated"),
        (Lang::De, Some(p), None) => format!("{p} Token rein, Ausgabe nicht angegeben"),
        (Lang::En, None, Some(o)) => format!("prompt not stated, {o} tokens out"),
        (Lang::De, None, Some(o)) => format!("Prompt nicht angegeben, {o} Token raus"),
        (_, None, None) => table_text(lang, TableMsg::WorkloadNotStated).to_owned(),
    }
}

/// The fewest decimals (up to 2, or 3 below 1) that show `value` exactly as stored:
/// 37.3 needs 1, 368 none, 0.041 three. Long derived fractions stop at the cap.
pub fn figure_decimals(value: f64) -> usize {
    let cap = if value.abs() < 1.0 { 3 } else { 2 };
    let mut scale = 1.0;
    for decimals in 0..cap {
        let scaled = value * scale;
        if (scaled - scaled.round()).abs() < 1e-6 * scale.max(1.0) {
            return decimals;
        }
        scale *= 10.0;
    }
    cap
}

/// Decimals for a column of figures: the most any of them needs, so 6.0 prints as "6.0"
/// beside 5.6 (a published "6.0" is stored as 6).
pub fn column_decimals(values: impl IntoIterator<Item = f64>) -> usize {
    values.into_iter().filter(|v| v.is_finite()).map(figure_decimals).max().unwrap_or(0)
}

/// Formats a dataset figure with the fewest decimals that show it exactly as stored:
/// 37.3, 368, 1,078.4, 0.041.
pub fn format_figure(lang: Lang, value: f64) -> String {
    format_number(lang, value, figure_decimals(value))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_languages_have_their_own_words() {
        assert_eq!(table_text(Lang::En, TableMsg::FilterModel), "Model");
        assert_eq!(table_text(Lang::De, TableMsg::FilterModel), "Modell");
        assert_eq!(runs_shown(Lang::De, 3, 27), "3 von 27 Läufen");
        assert_eq!(crossing_never(Lang::En, "15"), "never reaches 15\u{a0}tok/s, even alone");
        assert_eq!(nodes(Lang::En, 2), "2 nodes");
        assert_eq!(workload(Lang::En, Some("512"), Some("256")), "512 tokens in, 256 out");
        assert_eq!(workload(Lang::De, None, None), "nicht angegeben");
        assert_eq!(table_text(Lang::En, TableMsg::CaptionYourSource), "your benchmark, imported in this browser");
        assert_eq!(
            table_text(Lang::De, TableMsg::CaptionYourSource),
            "eigener Benchmark, in diesem Browser importiert"
        );
        assert_eq!(token_count(Lang::En, TokenCount::About { about: 1500.0 }), "about 1,500");
        assert_eq!(token_count(Lang::De, TokenCount::UpTo { up_to: 400.0 }), "bis zu 400");
    }

    #[test]
    fn figures_keep_their_published_precision() {
        assert_eq!(format_figure(Lang::En, 37.3), "37.3");
        assert_eq!(format_figure(Lang::En, 368.0), "368");
        assert_eq!(format_figure(Lang::En, 1078.4), "1,078.4");
        assert_eq!(format_figure(Lang::De, 1078.4), "1.078,4");
        assert_eq!(format_figure(Lang::En, 0.041), "0.041");
        assert_eq!(format_figure(Lang::En, 2.1), "2.1");
        assert_eq!(format_figure(Lang::En, 1000.0 / 26.8), "37.31");
        assert_eq!(format_figure(Lang::En, 52.5), "52.5");
        assert_eq!(column_decimals([6.0, 5.6, 3.8, 0.4]), 1);
        assert_eq!(column_decimals([368.0, 20.5]), 1);
        assert_eq!(column_decimals([281.8, 1078.4, 0.041]), 3);
        assert_eq!(column_decimals([]), 0);
    }
}
