//! What exports and "Copy link" say about fields whose typed text was not used (`sizing::stale`
//! decides which fields and formats their values; the sentences around them live here), EN and DE.

use super::Lang;

/// The Markdown warning for one field: `field` shows `typed` (`error` says why it is not used),
/// so the export uses `used` instead, or leaves the field off (`None`). Ends with a newline.
pub fn export_warning(lang: Lang, field: &str, typed: &str, error: &str, used: Option<&str>) -> String {
    match (lang, used) {
        (Lang::En, Some(used)) => format!(
            "> **Not as on screen:** the field `{field}` shows `{typed}` ({error}), so this export uses its last valid \
             value, {used}.\n"
        ),
        (Lang::En, None) => {
            format!(
                "> **Not as on screen:** the field `{field}` shows `{typed}` ({error}), so this export leaves it off.\n"
            )
        }
        (Lang::De, Some(used)) => format!(
            "> **Nicht wie angezeigt:** Das Feld `{field}` zeigt `{typed}` ({error}); dieser Export verwendet daher seinen \
             letzten gültigen Wert, {used}.\n"
        ),
        (Lang::De, None) => {
            format!(
                "> **Nicht wie angezeigt:** Das Feld `{field}` zeigt `{typed}` ({error}); dieser Export lässt es daher weg.\n"
            )
        }
    }
}

/// One field in the note beside "Copy link": `field “typed” → used` (German quotes „…“), `used`
/// `None` when the link leaves the field off.
pub fn link_item(lang: Lang, field: &str, typed: &str, used: Option<&str>) -> String {
    let (open, close, off) = match lang {
        Lang::En => (" \u{201c}", "\u{201d} \u{2192} ", "off"),
        Lang::De => (" \u{201e}", "\u{201c} \u{2192} ", "aus"),
    };
    [field, open, typed, close, used.unwrap_or(off)].concat()
}

/// The note beside "Copy link" around its `items` (from [`link_item`], joined).
pub fn link_note(lang: Lang, items: &str) -> String {
    let lead = match lang {
        Lang::En => "Where a field shows an error, the link carries its last valid value instead: ",
        Lang::De => "Wo ein Feld einen Fehler zeigt, enthält der Link stattdessen seinen letzten gültigen Wert: ",
    };
    [lead, items, "."].concat()
}
