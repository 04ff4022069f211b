//! What the widget says about links: a link's run that is not shown as asked, the
//! parts of a link it could not use, the link "Copy link" makes for an imported run, and how an
//! ambiguous number was read. English and German side by side; ids and parts arrive as written.

use super::Lang;
use crate::i18n::notices::RunNotice;
use crate::share_link::CopyNote;
use sizer_data::AliasKind;

/// The sentence for a link's run that is not shown as asked.
pub fn run_notice(lang: Lang, notice: &RunNotice) -> String {
    let shown = |id: &str| sizer_import::fragment::shorten(id);
    match (lang, notice) {
        (Lang::En, RunNotice::NotInData(id)) => ["The run in this link is not in this version's data: ", &shown(id), "."].concat(),
        (Lang::De, RunNotice::NotInData(id)) => {
            ["Der Lauf in diesem Link ist nicht in den Daten dieser Version: ", &shown(id), "."].concat()
        }
        (Lang::En, RunNotice::ImportedElsewhere(id)) => [
            "The run in this link, ",
            &shown(id),
            ", was imported in another browser, and the link does not carry its curve: ask for a link made with \"Copy link\".",
        ]
        .concat(),
        (Lang::De, RunNotice::ImportedElsewhere(id)) => [
            "Der Lauf in diesem Link, ",
            &shown(id),
            ", wurde in einem anderen Browser importiert, und der Link enthält seine Kurve nicht: Bitten Sie um einen Link über „Link kopieren“.",
        ]
        .concat(),
        (Lang::En, RunNotice::Waiting(id)) => ["Looking for the run in this link, ", &shown(id), ", among the runs kept in this browser."].concat(),
        (Lang::De, RunNotice::Waiting(id)) => {
            ["Der Lauf in diesem Link, ", &shown(id), ", wird unter den in diesem Browser gespeicherten Läufen gesucht."].concat()
        }
        (Lang::En, RunNotice::Loading { id, by_page: false }) => {
            ["Loading the rest of the data for the run in this link, ", &shown(id), "."].concat()
        }
        (Lang::De, RunNotice::Loading { id, by_page: false }) => {
            ["Der Rest der Daten für den Lauf in diesem Link, ", &shown(id), ", wird geladen."].concat()
        }
        (Lang::En, RunNotice::Loading { id, by_page: true }) => {
            ["Loading the rest of the data for the run this page names, ", &shown(id), "."].concat()
        }
        (Lang::De, RunNotice::Loading { id, by_page: true }) => {
            ["Der Rest der Daten für den Lauf, den diese Seite nennt, ", &shown(id), ", wird geladen."].concat()
        }
        (Lang::En, RunNotice::PageRunNotInData(id)) => {
            ["The run this page names is not in this version's data: ", &shown(id), "."].concat()
        }
        (Lang::De, RunNotice::PageRunNotInData(id)) => {
            ["Der Lauf, den diese Seite nennt, ist nicht in den Daten dieser Version: ", &shown(id), "."].concat()
        }
        (Lang::En, RunNotice::Alias { old, new, kind: AliasKind::Renamed }) => {
            ["The run in this link has a new id: ", &shown(old), " is now ", new, "."].concat()
        }
        (Lang::De, RunNotice::Alias { old, new, kind: AliasKind::Renamed }) => {
            ["Der Lauf in diesem Link hat eine neue Kennung: ", &shown(old), " heißt jetzt ", new, "."].concat()
        }
        (Lang::En, RunNotice::Alias { old, new, kind: AliasKind::MergedInto }) => {
            ["The run in this link, ", &shown(old), ", is now part of ", new, ", which is shown."].concat()
        }
        (Lang::De, RunNotice::Alias { old, new, kind: AliasKind::MergedInto }) => {
            ["Der Lauf in diesem Link, ", &shown(old), ", ist jetzt Teil von ", new, "; dieser wird gezeigt."].concat()
        }
        (Lang::En, RunNotice::Configured { old, new, kind: AliasKind::Renamed }) => {
            ["The run this page names, ", &shown(old), ", has a new id: ", new, "."].concat()
        }
        (Lang::De, RunNotice::Configured { old, new, kind: AliasKind::Renamed }) => {
            ["Der Lauf, den diese Seite nennt, ", &shown(old), ", hat eine neue Kennung: ", new, "."].concat()
        }
        (Lang::En, RunNotice::Configured { old, new, kind: AliasKind::MergedInto }) => {
            ["The run this page names, ", &shown(old), ", is now part of ", new, ", which is shown."].concat()
        }
        (Lang::De, RunNotice::Configured { old, new, kind: AliasKind::MergedInto }) => {
            ["Der Lauf, den diese Seite nennt, ", &shown(old), ", ist jetzt Teil von ", new, "; dieser wird gezeigt."].concat()
        }
    }
}

/// The heading over the parts of a link that could not be used.
pub fn bad_parts_heading(lang: Lang) -> &'static str {
    match lang {
        Lang::En => {
            "These parts of the link could not be used and were left at their defaults; everything else in it was:"
        }
        Lang::De => {
            "Diese Teile des Links ließen sich nicht verwenden und stehen auf ihrem Standardwert; alles andere daraus gilt:"
        }
    }
}

/// The sentence beside "Copy link" for an imported run.
pub fn copy_note(lang: Lang, note: CopyNote) -> &'static str {
    match (lang, note) {
        (Lang::En, CopyNote::CarriesCurve) => {
            "The link carries your run's name and curve (concurrency and per-request tok/s), so it opens in any browser."
        }
        (Lang::De, CopyNote::CarriesCurve) => {
            "Der Link enthält Namen und Kurve Ihres Laufs (Parallelität und Token/s je Anfrage), damit er in jedem Browser öffnet."
        }
        (Lang::En, CopyNote::CarriesSizedWorkload) => {
            "The link carries your run's name and the curve this sizing uses (concurrency and per-request tok/s), so it opens the same sizing in any browser; the run's other workloads and its measured load stay in this browser."
        }
        (Lang::De, CopyNote::CarriesSizedWorkload) => {
            "Der Link enthält den Namen Ihres Laufs und die Kurve, die diese Auslegung nutzt (Parallelität und Token/s je Anfrage), damit er in jedem Browser dieselbe Auslegung öffnet; die übrigen Arbeitslasten des Laufs und seine gemessene Last bleiben in diesem Browser."
        }
        (Lang::En, CopyNote::CannotCarry) => {
            "Your run's curve cannot go into a link, so no link is offered: it would open another run elsewhere."
        }
        (Lang::De, CopyNote::CannotCarry) => {
            "Die Kurve Ihres Laufs passt in keinen Link, daher gibt es keinen: Anderswo würde er einen anderen Lauf öffnen."
        }
    }
}

/// "Read as 1500 (not 1.5)." for text the two languages read differently.
pub fn reading(lang: Lang, read: &str, other: &str) -> String {
    match lang {
        Lang::En => ["Read as ", read, " (not ", other, ")."].concat(),
        Lang::De => ["Gelesen als ", read, " (nicht ", other, ")."].concat(),
    }
}

/// A number beyond any field (`1e400`).
pub fn huge(lang: Lang) -> &'static str {
    match lang {
        Lang::En => "This number is far too large.",
        Lang::De => "Diese Zahl ist viel zu groß.",
    }
}
