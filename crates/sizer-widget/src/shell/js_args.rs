//! The JS API's arguments as the functions behind `window.SparkSizer` read them: JSON text, and
//! a run given as an id, as JSON text or as an object.

use sizer_data::api::ApiRun;
use wasm_bindgen::JsValue;

/// A string as it is, any other value as `JSON.stringify` writes it (`""` where it cannot).
pub fn json_text(value: &JsValue) -> String {
    match value.as_string() {
        Some(text) => text,
        None => js_sys::JSON::stringify(value).ok().and_then(|s| s.as_string()).unwrap_or_default(),
    }
}

/// A string starting with `{` is JSON text, any other string a run id, any other value an object.
pub fn run_arg(value: &JsValue) -> ApiRun {
    match value.as_string() {
        Some(text) if text.trim_start().starts_with('{') => ApiRun::Inline(text),
        Some(id) => ApiRun::Id(id),
        None => ApiRun::Inline(json_text(value)),
    }
}
