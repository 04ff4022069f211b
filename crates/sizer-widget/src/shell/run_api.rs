//! `window.SparkSizer.size` and `predict`: JavaScript values in, the second module's answer out
//! (`sizer_data::api::size_json`, `sizer_import::suite::predict`: the rules, keys and JSON are
//! theirs). Both take JSON (or an object) and a run, so they share one closure type and one
//! split point (`crate::shell::later::RunApi`).

use crate::shell::js_args::{json_text, run_arg};
use crate::shell::later::RunApi;
use wasm_bindgen::JsValue;
use wasm_bindgen::closure::Closure;

/// Sets `api[function.name()]`. The first argument may be JSON text or an object (a scenario for
/// `size`, a load for `predict`); the run is a dataset run id (a string not starting with `{`),
/// or an inline curve or `{"files": [...]}` as JSON text or an object. Errors, and the call
/// before the second module has loaded, are thrown as one-sentence `Error`s, as `simulate`'s are.
pub fn install(api: &js_sys::Object, function: RunApi) {
    let closure =
        Closure::<dyn Fn(JsValue, JsValue) -> Result<String, JsValue>>::new(move |json: JsValue, run: JsValue| {
            crate::shell::later::run_api_json(function, &json_text(&json), &run_arg(&run))
                .unwrap_or_else(|| Err(crate::shell::later::api_not_loaded(function.name())))
                .map_err(|message| JsValue::from(js_sys::Error::new(&message)))
        });
    let _ = js_sys::Reflect::set(api, &function.name().into(), closure.as_ref());
    closure.forget();
}
