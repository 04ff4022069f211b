//! `window.SparkSizer.predict`: JavaScript values in, `sizer_import::suite::predict`'s answer out
//! (the load, the run spec's keys, the engine and the answer are the data crate's; the files are
//! the importer's).

use crate::shell::js_args::{json_text, run_arg};
use wasm_bindgen::JsValue;

/// The function behind `window.SparkSizer.predict` (wasm only). The load may be JSON text or an
/// object; the run spec is a dataset run id (a string not starting with `{`), or
/// `{"files": [...]}` as JSON text or an object. Errors are thrown as one-sentence `Error`s, as
/// `simulate`'s are.
pub fn js_function() -> wasm_bindgen::closure::Closure<dyn Fn(JsValue, JsValue) -> Result<String, JsValue>> {
    wasm_bindgen::closure::Closure::new(|load: JsValue, run: JsValue| {
        crate::shell::later::predict_json(&json_text(&load), &run_arg(&run))
            .unwrap_or_else(|| Err(crate::shell::later::api_not_loaded("predict")))
            .map_err(|message| JsValue::from(js_sys::Error::new(&message)))
    })
}
