//! What the server-side render tests share: rendering a page or an element, and reading the
//! markup back (an element's text, a tag's attribute, an input's value) without a DOM.

use std::rc::Rc;

use sizer_data::prediction::PageLoadInput;
use sizer_widget::i18n::Lang;
use sizer_widget::import::panel::{ImportPanel, ImportPanelProps};
use sizer_widget::render_to_string;
use sizer_widget::shell::config::Attributes;
use sizer_widget::shell::state::SizerState;
use sizer_widget::simulation::load_prediction::ImportedSuite;
use sizer_widget::simulation::load_prediction::job::{engine_for, run_to_end};
use sizer_widget::simulation::load_prediction::result::{LoadPredictionResult, LoadPredictionResultProps};
use yew::{AttrValue, Callback, LocalServerRenderer};

/// The page as the build prerenders it, for these attributes.
pub fn render(attributes: Attributes) -> String {
    futures::executor::block_on(render_to_string(attributes, 0))
}

/// The import panel of `state` rendered in `lang`, at the chat usage's lengths.
pub fn import_panel(state: &SizerState, lang: Lang) -> String {
    let props = ImportPanelProps {
        imported: state.imported.clone(),
        panel: state.import_panel.clone(),
        selected: AttrValue::from(state.run_id.clone()),
        lang,
        id_prefix: AttrValue::Static("ss"),
        on_action: Callback::noop(),
        lengths: (512.0, 400.0),
    };
    futures::executor::block_on(LocalServerRenderer::<ImportPanel>::with_props(props).render())
}

/// "Load from your logs"' result for `input` on the dataset run `run_id` (its engine), at a
/// 15 tok/s floor, rendered in `lang`.
pub fn load_result(run_id: &'static str, input: PageLoadInput, lang: Lang) -> String {
    render_load_result(run_id, None, &input, lang)
}

/// "Load from your logs"' result for the imported run `run_id` (its files as `suite`), at the
/// 5 s target and a 15 tok/s floor, rendered in `lang`.
pub fn imported_load_result(run_id: &str, suite: &ImportedSuite, lang: Lang) -> String {
    let input = PageLoadInput { target_s: 5.0, ..PageLoadInput::default() };
    render_load_result(run_id, Some(suite.clone()), &input, lang)
}

/// The result's job run to its end natively, then rendered on this thread (the props hold
/// `Rc`s, which do not cross threads).
fn render_load_result(run_id: &str, imported: Option<ImportedSuite>, input: &PageLoadInput, lang: Lang) -> String {
    let engine = Rc::new(engine_for(run_id, imported.as_ref().map(|s| &*s.run)).expect("an engine"));
    let outcome = Rc::new(run_to_end(Rc::clone(&engine), input).expect("predicts"));
    let props = LoadPredictionResultProps {
        run_id: AttrValue::from(run_id.to_owned()),
        imported,
        engine,
        outcome,
        floor_tok_s: 15.0,
        stale: false,
        lang,
        redraw_key: AttrValue::default(),
    };
    futures::executor::block_on(LocalServerRenderer::<LoadPredictionResult>::with_props(props).render())
}

/// The text between the opening tag that carries `attribute` and the next tag.
pub fn text_of<'a>(html: &'a str, attribute: &str) -> &'a str {
    let start = html.find(attribute).unwrap_or_else(|| panic!("no {attribute} in the markup"));
    let rest = &html[start..];
    let open_end = rest.find('>').expect("tag end") + 1;
    let close = rest[open_end..].find('<').expect("closing tag");
    &rest[open_end..open_end + close]
}

/// The opening tag that carries `attribute`.
pub fn tag_of<'a>(html: &'a str, attribute: &str) -> &'a str {
    let start = html.find(attribute).unwrap_or_else(|| panic!("no {attribute} in the markup"));
    let tag_start = html[..start].rfind('<').expect("tag start");
    &html[tag_start..start + html[start..].find('>').expect("tag end")]
}

/// The value of `name="…"` inside the tag that carries `attribute`.
pub fn attribute_of<'a>(html: &'a str, attribute: &str, name: &str) -> &'a str {
    let tag = tag_of(html, attribute);
    let key = format!(" {name}=\"");
    let value_start = tag.find(&key).unwrap_or_else(|| panic!("no {name} on {tag}")) + key.len();
    let value_end = tag[value_start..].find('"').expect("value end");
    &tag[value_start..value_start + value_end]
}

/// The markup of the element that starts at `marker`'s tag, up to its closing `</tag>`.
pub fn element<'a>(html: &'a str, marker: &str, tag: &str) -> &'a str {
    let at = html.find(marker).unwrap_or_else(|| panic!("{marker} not in the markup"));
    let start = html[..at].rfind('<').expect("tag start");
    let end = html[start..].find(&format!("</{tag}>")).expect("closing tag");
    &html[start..start + end]
}

/// The text of the element that starts at `marker`'s tag, up to its closing `</tag>`, markup
/// (and Yew's comments) dropped.
pub fn element_text(html: &str, marker: &str, tag: &str) -> String {
    strip_tags(element(html, marker, tag))
}

/// The text of `markup`, its tags dropped and its ends trimmed.
pub fn strip_tags(markup: &str) -> String {
    let mut out = String::new();
    let mut inside = false;
    for c in markup.chars() {
        match c {
            '<' => inside = true,
            '>' => inside = false,
            _ if !inside => out.push(c),
            _ => {}
        }
    }
    out.trim().to_owned()
}

/// The `value` of the input whose `data-field` is `name`.
pub fn input_value(html: &str, name: &str) -> String {
    let at = html.find(&format!("data-field=\"{name}\"")).unwrap_or_else(|| panic!("no input {name}"));
    let start = html[..at].rfind("<input").expect("input start");
    let tag = &html[start..start + html[start..].find('>').expect("tag end")];
    let value = &tag[tag.find("value=\"").expect("a value") + 7..];
    value[..value.find('"').expect("value end")].to_owned()
}
