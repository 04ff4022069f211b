//! `window.SparkSizer.predict`: JavaScript values in, `sizer_import::suite::predict`'s answer out
//! (the load, the run spec's keys, the engine and the answer are the data crate's; the files are
//! the importer's).

use wasm_bindgen::JsValue;

/// The function behind `window.SparkSizer.predict` (wasm only). The load may be JSON text or an
/// object; the run spec is a dataset run id (a string not starting with `{`), or
/// `{"files": [...]}` as JSON text or an object. Errors are thrown as one-sentence `Error`s, as
/// `simulate`'s are.
pub fn js_function() -> wasm_bindgen::closure::Closure<dyn Fn(JsValue, JsValue) -> Result<String, JsValue>> {
    wasm_bindgen::closure::Closure::new(|load: JsValue, run: JsValue| {
        let json = |value: &JsValue| match value.as_string() {
            Some(text) => text,
            None => js_sys::JSON::stringify(value).ok().and_then(|s| s.as_string()).unwrap_or_default(),
        };
        // An id travels as a JSON string, so the second module reads one form.
        let run = match run.as_string() {
            Some(text) if text.trim_start().starts_with('{') => text,
            Some(id) => serde_json::Value::String(id).to_string(),
            None => json(&run),
        };
        crate::shell::later::predict_json(&json(&load), &run)
            .unwrap_or_else(|| Err(crate::shell::later::api_not_loaded("predict")))
            .map_err(|message| JsValue::from(js_sys::Error::new(&message)))
    })
}
