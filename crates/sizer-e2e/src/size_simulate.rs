//! `SparkSizer.size` and `SparkSizer.simulate` of the same chat scenario agree in the built
//! page: for the worked GPUwerk run and an arena run sized on its engine, the simulation (seed
//! 42) holds at the people the sizing gives, and both equal the native answers (the same code
//! path, `tests/tests/api/size_simulate.rs` checks every arena run natively).

use crate::browser::Browser;
use crate::checks::Site;
use serde_json::{Value, json};
use sizer_data::api::{ApiRun, size_json};

const RUNS: [&str; 2] = ["gpuwerk-qwen3-coder-30b-a3b-awq-vllm-0.27.1", "djangodevreng-arena-gpt-oss-20b-mxfp4"];

/// One API call in the page, its JSON text parsed.
async fn call(browser: &Browser, function: &str, args: Vec<Value>) -> Result<Value, String> {
    let script = format!(
        "try {{ return {{ ok: SparkSizer.{function}(...arguments) }}; }}
         catch (e) {{ return {{ error: String(e && e.message || e) }}; }}"
    );
    let seen = browser.js(&script, args).await?;
    match seen.get("ok") {
        Some(Value::String(text)) => serde_json::from_str(text).map_err(|e| format!("{function}: {e}: {text}")),
        _ => Err(format!("SparkSizer.{function} gave {seen}")),
    }
}

pub async fn size_and_simulate_agree_in_the_page(browser: &Browser, site: &Site) -> Result<(), String> {
    browser.goto(&format!("{}#s=r:{},l:en", site.base_url, RUNS[1])).await?;
    // `simulate` answers once the second module is in; before, it throws that it has not loaded.
    browser
        .wait_until("SparkSizer.simulate to answer (the second module loaded)", || async move {
            let seen = call(browser, "simulate", vec![json!("{\"users\": 1}"), json!(RUNS[0]), json!(42)]).await;
            Ok((seen.is_ok(), format!("{seen:?}")))
        })
        .await?;
    for run in RUNS {
        let sized = call(browser, "size", vec![json!("{}"), json!(run)]).await?;
        let native = size_json("{}", &ApiRun::Id(run.to_owned())).map_err(|e| e.message())?;
        let native: Value = serde_json::from_str(&native).map_err(|e| e.to_string())?;
        if sized != native {
            return Err(format!("SparkSizer.size on {run}: page {sized}, native {native}"));
        }
        let simulated = call(browser, "simulate", vec![json!("{}"), json!(run), json!(42)]).await?;
        let people = sized["people"].as_u64().unwrap_or(0);
        if people == 0 || simulated["formula_people"].as_u64() != Some(people) || simulated["holds"] != true {
            return Err(format!("{run}: sized {people} people, simulated {simulated}"));
        }
    }
    browser.expect_no_console_errors("calling SparkSizer.size and simulate").await
}
