//! What an instance keeps outside itself: the colour scheme chosen (kept on this device, like
//! the person's runs), and, for the instance that owns the standalone page (`data-sync-url`),
//! the page around it: `<title>`, `<html lang>`, the footer and the page's own colours.
//!
//! The standalone page's inline script sets `data-ss-theme` on `<html>` from the stored choice
//! before the first paint (so a prerendered page never flashes the other scheme); the
//! stylesheet colours an instance whose theme is still "auto" by it until the instance reads
//! the choice itself.

use yew::prelude::*;

use crate::i18n::Lang;
use crate::i18n::codes::{self, THEME};
use crate::i18n::page::{PageMsg, page_text};
use crate::shell::state::{Action, SizerState, Theme};

/// The `localStorage` key of the chosen colour scheme (`auto` | `light` | `dark`); the
/// standalone page's inline script reads the same key.
pub const THEME_KEY: &str = "spark-sizer-theme";
/// The `<html>` attribute that carries the scheme on the standalone page.
pub const PAGE_THEME_ATTRIBUTE: &str = "data-ss-theme";
/// Marks the standalone page's footer text, which the owning instance translates.
pub const FOOTER_ATTRIBUTE: &str = "data-page-footer";
/// Marks the standalone page's (visually hidden) heading, which the owning instance translates.
pub const PAGE_HEADING_ATTRIBUTE: &str = "data-page-heading";

/// Keeps a colour scheme the person picked on this device (the theme handler calls it, so only a
/// choice is ever stored: never a restore, never an instance's initial "auto").
pub fn keep_theme(theme: Theme) {
    device::store_theme(codes::code(&THEME, theme));
}

/// Restores the stored colour scheme once after mount (without undoing a choice made since,
/// see [`Action::RestoreTheme`]); with `owns_page`, writes the page's title, language, footer
/// and colours.
#[hook]
pub fn use_page_sync(owns_page: bool, lang: Lang, theme: Theme, dispatcher: UseReducerDispatcher<SizerState>) {
    use_effect_with((), move |_| {
        if let Some(stored) = device::stored_theme().and_then(|code| codes::from_code(&THEME, &code)) {
            dispatcher.dispatch(Action::RestoreTheme(stored));
        }
    });
    use_effect_with((owns_page, lang, theme), |&(owns_page, lang, theme)| {
        if owns_page {
            device::write_page(
                lang.code(),
                codes::code(&THEME, theme),
                page_text(lang, PageMsg::DocumentTitle),
                page_text(lang, PageMsg::Footer),
            );
        }
    });
}

#[cfg(target_arch = "wasm32")]
mod device {
    use super::{FOOTER_ATTRIBUTE, PAGE_HEADING_ATTRIBUTE, PAGE_THEME_ATTRIBUTE, THEME_KEY};

    fn storage() -> Option<web_sys::Storage> {
        web_sys::window()?.local_storage().ok().flatten()
    }

    pub fn stored_theme() -> Option<String> {
        storage()?.get_item(THEME_KEY).ok().flatten()
    }

    /// Keeps the choice; a browser that refuses storage (private mode, blocked) only loses it.
    pub fn store_theme(code: &str) {
        if let Some(storage) = storage() {
            let _ = storage.set_item(THEME_KEY, code);
        }
    }

    pub fn write_page(lang: &str, theme: &str, title: &str, footer: &str) {
        let Some(document) = web_sys::window().and_then(|w| w.document()) else { return };
        document.set_title(title);
        if let Some(html) = document.document_element() {
            let _ = html.set_attribute("lang", lang);
            let _ = html.set_attribute(PAGE_THEME_ATTRIBUTE, theme);
        }
        for (attribute, text) in [(FOOTER_ATTRIBUTE, footer), (PAGE_HEADING_ATTRIBUTE, title)] {
            if let Ok(Some(element)) = document.query_selector(&["[", attribute, "]"].concat()) {
                element.set_text_content(Some(text));
            }
        }
    }
}

#[cfg(not(target_arch = "wasm32"))]
mod device {
    pub fn stored_theme() -> Option<String> {
        None
    }

    pub fn store_theme(code: &str) {
        let _ = code;
    }

    pub fn write_page(lang: &str, theme: &str, title: &str, footer: &str) {
        let _ = (lang, theme, title, footer);
    }
}
