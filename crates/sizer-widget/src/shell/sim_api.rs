//! `window.SparkSizer.simulate`: JavaScript values in, `sizer_data::sim_api::simulate_json`'s
//! answer out (the API's rules and JSON live in the data crate).

use sizer_data::api::ApiRun;
use sizer_data::sim_api::{seed_from_number, seed_from_text};
use wasm_bindgen::JsValue;

/// The function behind `window.SparkSizer.simulate` (wasm only). The team or scenario may also be
/// an object; a run id is a string (one starting with `{` is read as an inline curve's JSON), any
/// other value is an inline curve; a missing seed is the default.
pub fn js_function() -> wasm_bindgen::closure::Closure<dyn Fn(JsValue, JsValue, JsValue) -> Result<String, JsValue>> {
    wasm_bindgen::closure::Closure::new(|team: JsValue, run: JsValue, seed: JsValue| {
        let json = |value: &JsValue| match value.as_string() {
            Some(text) => text,
            None => js_sys::JSON::stringify(value).ok().and_then(|s| s.as_string()).unwrap_or_default(),
        };
        let run = match run.as_string() {
            Some(text) if text.trim_start().starts_with('{') => ApiRun::Inline(text),
            Some(id) => ApiRun::Id(id),
            None => ApiRun::Inline(json(&run)),
        };
        let seed = if seed.is_undefined() {
            Ok(crate::simulation::stepper::DEFAULT_SEED)
        } else if let Some(number) = seed.as_f64() {
            seed_from_number(number)
        } else if let Some(text) = seed.as_string() {
            seed_from_text(&text)
        } else {
            Err("The seed must be a number or a string of digits.".to_owned())
        };
        seed.and_then(|seed| {
            crate::shell::later::simulate_json(&json(&team), &run, seed)
                .unwrap_or_else(|| Err(crate::shell::later::api_not_loaded("simulate")))
        })
        .map_err(|message| JsValue::from(js_sys::Error::new(&message)))
    })
}
