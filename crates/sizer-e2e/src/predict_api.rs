//! `SparkSizer.predict` in the built page gives the native answer: the same JSON, byte for byte,
//! as `sizer_import::suite::predict` computes in this process (the calibration's code path), for
//! an arena run named by its dataset id and by its closed-loop files, at the arena's 0.5 req/s
//! sweep step and at a load beyond the sweep. The prediction is seeded and deterministic on every
//! platform, so any difference is a bug in the page's path (its binding, the second module).

use crate::browser::Browser;
use crate::checks::Site;
use serde_json::{Value, json};
use sizer_data::predict_api::{RunSpec, SpecFile};
use sizer_import::suite::predict::predict;

/// The arena run, by dataset id and by folder.
const RUN_ID: &str = "djangodevreng-arena-qwen-3.6-35b-a3b-fp8";
const FOLDER: &str = "tests/fixtures/arena/qwen-3.6/qwen-3.6-35b-a3b/fp8";
/// The closed-loop files and the setup, what a host page hands `predict` for its own server.
const FILES: [&str; 7] = [
    "01-chat.md",
    "02-rag-8k.md",
    "03-long-output.md",
    "04-multi-turn.md",
    "05-big-context.md",
    "06-concurrency-stress.md",
    "meta.json",
];
/// The arena's sweep step at 0.5 req/s (the documented defaults), and a heavier load.
const LOADS: [&str; 2] = ["{}", r#"{"rate_per_s": 1.5, "prompt_tokens": 8000, "answer_tokens": 300, "requests": 200}"#];

pub async fn predict_in_the_page_equals_the_native_prediction(browser: &Browser, site: &Site) -> Result<(), String> {
    let root = xtask::paths::workspace_root();
    let files: Vec<SpecFile> = FILES
        .iter()
        .map(|name| {
            let path = root.join(FOLDER).join(name);
            let text = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
            Ok(SpecFile { name: (*name).to_owned(), text })
        })
        .collect::<Result<_, String>>()?;
    let files_json =
        json!({ "files": files.iter().map(|f| json!({"name": f.name, "text": f.text})).collect::<Vec<_>>() });
    let specs = [(RunSpec::Id(RUN_ID.to_owned()), json!(RUN_ID)), (RunSpec::Files(files), files_json)];

    browser.goto(&format!("{}#s=r:{RUN_ID},l:en", site.base_url)).await?;
    // `predict` answers once the second module is in; before, it throws that it has not loaded.
    browser
        .wait_until("SparkSizer.predict to answer (the second module loaded)", || async move {
            let seen = browser
                .js(
                    "try { return { ok: SparkSizer.predict('{}', arguments[0]) }; }
                     catch (e) { return { error: String(e && e.message || e) }; }",
                    vec![json!(RUN_ID)],
                )
                .await?;
            Ok((seen.get("ok").is_some(), seen.to_string()))
        })
        .await?;
    for (spec, spec_js) in &specs {
        for load in LOADS {
            let native = predict(load, spec).map_err(|e| format!("native predict {load} failed: {e}"))?;
            let page = browser
                .js(
                    "try { return { ok: SparkSizer.predict(arguments[0], arguments[1]) }; }
                     catch (e) { return { error: String(e && e.message || e) }; }",
                    vec![json!(load), spec_js.clone()],
                )
                .await?;
            let Some(Value::String(answer)) = page.get("ok") else {
                return Err(format!("SparkSizer.predict({load}) on {} gave {page}", describe(spec)));
            };
            if *answer != native {
                return Err(format!(
                    "SparkSizer.predict({load}) on {} differs from the native answer:\n page:   {answer}\n native: {native}",
                    describe(spec)
                ));
            }
        }
    }
    browser.expect_no_console_errors("calling SparkSizer.predict").await
}

fn describe(spec: &RunSpec) -> String {
    match spec {
        RunSpec::Id(id) => format!("the id {id}"),
        RunSpec::Files(files) => format!("{} files of {FOLDER}", files.len()),
        RunSpec::Architecture { .. } => "an architecture".to_owned(),
    }
}
