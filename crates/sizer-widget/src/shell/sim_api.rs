//! `window.SparkSizer.simulate`: JavaScript values in, `sizer_data::sim_api::simulate_json`'s
//! answer out (the API's rules and JSON live in the data crate).

use crate::shell::js_args::{json_text, run_arg};
use sizer_data::sim_api::ApiSeed;
use wasm_bindgen::JsValue;

/// The function behind `window.SparkSizer.simulate` (wasm only). The team or scenario may also be
/// an object; a run id is a string (one starting with `{` is read as an inline curve's JSON), any
/// other value is an inline curve; a missing seed is the default.
pub fn js_function() -> wasm_bindgen::closure::Closure<dyn Fn(JsValue, JsValue, JsValue) -> Result<String, JsValue>> {
    wasm_bindgen::closure::Closure::new(|team: JsValue, run: JsValue, seed: JsValue| {
        let seed = if seed.is_undefined() {
            ApiSeed::Missing
        } else if let Some(number) = seed.as_f64() {
            ApiSeed::Number(number)
        } else if let Some(text) = seed.as_string() {
            ApiSeed::Text(text)
        } else {
            ApiSeed::Other
        };
        crate::shell::later::simulate_json(&json_text(&team), &run_arg(&run), &seed)
            .unwrap_or_else(|| Err(crate::shell::later::api_not_loaded("simulate")))
            .map_err(|message| JsValue::from(js_sys::Error::new(&message)))
    })
}
