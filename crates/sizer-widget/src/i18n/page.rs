//! The page around the calculator, EN and DE: the skip links, the folded sections' hints, and
//! the standalone page's `<title>` and footer (the instance that owns the page writes them when
//! the language changes: see `shell/page_sync.rs`).

use super::Lang;

/// A fixed text of the page around the calculator.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PageMsg {
    SkipLinks,
    SkipToResult,
    SkipToInputs,
    SkipToTables,
    SkipToSources,
    /// After a folded section's heading: how to open it.
    FoldHint,
    /// The standalone page's `<title>`.
    DocumentTitle,
    /// The standalone page's footer.
    Footer,
}

/// The text of `msg` in `lang`.
pub fn page_text(lang: Lang, msg: PageMsg) -> &'static str {
    use PageMsg as P;
    match (lang, msg) {
        (Lang::En, P::SkipLinks) => "Skip to",
        (Lang::De, P::SkipLinks) => "Springe zu",
        (Lang::En, P::SkipToResult) => "Result",
        (Lang::De, P::SkipToResult) => "Ergebnis",
        (Lang::En, P::SkipToInputs) => "Inputs",
        (Lang::De, P::SkipToInputs) => "Eingaben",
        (Lang::En, P::SkipToTables) => "Data tables",
        (Lang::De, P::SkipToTables) => "Datentabellen",
        (Lang::En, P::SkipToSources) => "Sources",
        (Lang::De, P::SkipToSources) => "Quellen",
        (Lang::En, P::FoldHint) => "(open to show)",
        (Lang::De, P::FoldHint) => "(zum Anzeigen öffnen)",
        (Lang::En, P::DocumentTitle) => "Spark Sizer: how many people can one DGX Spark serve?",
        (Lang::De, P::DocumentTitle) => "Spark Sizer: Wie viele Personen kann ein DGX Spark bedienen?",
        (Lang::En, P::Footer) => {
            "Every figure comes from a published, dated benchmark and is cited where it is used. \
             Nothing is sent anywhere: the sizing runs in this page."
        }
        (Lang::De, P::Footer) => {
            "Jede Zahl stammt aus einem veröffentlichten, datierten Benchmark und ist dort belegt, wo sie \
             verwendet wird. Nichts wird irgendwohin gesendet: Die Berechnung läuft in dieser Seite."
        }
    }
}
