//! Share links in the built, prerendered page: a link with one bad value keeps its
//! run, language and other values, shows the bad value in its field with the field's error,
//! and stays in the address as opened; a link to a run this version lacks says so and sizes
//! nothing in its place; a link to a DGX Spark arena run, whose data comes with the second
//! wasm module, opens that run once the module is in (never "not in this version's data").
//! Saves screenshots (`share-link.png`, `share-link-unknown-run.png`, `share-link-arena-run.png`
//! beside the README screenshot) to look at.

use serde_json::json;

use crate::browser::Browser;
use crate::checks::Site;

const LMSYS_8B: &str = "lmsys-llama-3.1-8b-fp8-sglang";
/// A run of the arena (`crates/sizer-data/data/arena.json`), in the second module's data.
const ARENA_QWEN: &str = "djangodevreng-arena-qwen-3.6-35b-a3b-fp8";

/// A link to an arena run: the run select shows it without an error and a sizing is shown.
pub async fn a_link_to_an_arena_run_opens_it_after_the_second_module(
    browser: &Browser,
    site: &Site,
) -> Result<(), String> {
    browser.goto(&format!("{}#s=r:{ARENA_QWEN},f:10", site.base_url)).await?;
    browser
        .wait_until("the arena run shown and sized", || async move {
            let run = browser.field_value(0, "run").await?;
            let error = browser.field_error(0, "run").await?;
            let people = browser.result(0, "people").await?.map(|r| r.value).unwrap_or_default();
            let sized = people.parse::<u64>().is_ok_and(|n| n > 0);
            Ok((
                run == ARENA_QWEN && error == (String::new(), false) && sized,
                format!("run {run:?}, error {error:?}, people {people:?}"),
            ))
        })
        .await?;
    browser.settle().await?;
    let error = browser.field_error(0, "run").await?;
    if error != (String::new(), false) {
        return Err(format!("the arena run is shown with the run error {error:?}"));
    }
    let png = browser.client.screenshot().await.map_err(|e| format!("screenshot failed: {e}"))?;
    let path = site.screenshot_path.with_file_name("share-link-arena-run.png");
    std::fs::write(&path, &png).map_err(|e| format!("{}: {e}", path.display()))?;
    println!("    saved {}", path.display());
    browser.expect_no_console_errors("opening a link to an arena run").await
}

pub async fn links_keep_their_valid_parts_in_the_built_page(browser: &Browser, site: &Site) -> Result<(), String> {
    let link = format!("#s=r:{LMSYS_8B},l:de,f:10,a:-5");
    browser.goto(&format!("{}{link}", site.base_url)).await?;
    browser
        .wait_until("the link's run and its bad answer length", || async move {
            let run = browser.field_value(0, "run").await?;
            let answer = browser.field_value(0, "answer_tokens").await?;
            Ok((run == LMSYS_8B && answer == "-5", format!("run {run:?}, answer {answer:?}")))
        })
        .await?;
    browser.settle().await?;
    let error = browser.field_error(0, "answer_tokens").await?;
    if error != ("Muss mindestens 1 sein.".to_string(), true) {
        return Err(format!("answer length error {error:?}"));
    }
    let floor = browser.field_value(0, "floor").await?;
    let lang = browser.js("return document.querySelector('.spark-sizer').getAttribute('lang');", vec![]).await?;
    if floor != "10" || lang != json!("de") {
        return Err(format!("floor {floor:?}, lang {lang}: the link's valid parts were not kept"));
    }
    let hash = browser.js("return location.hash;", vec![]).await?;
    if hash != json!(link) {
        return Err(format!("the address was rewritten before any change: {hash}"));
    }
    let png = browser.client.screenshot().await.map_err(|e| format!("screenshot failed: {e}"))?;
    let path = site.screenshot_path.with_file_name("share-link.png");
    std::fs::write(&path, &png).map_err(|e| format!("{}: {e}", path.display()))?;
    println!("    saved {}", path.display());

    browser.goto(&format!("{}#s=r:does-not-exist,f:10", site.base_url)).await?;
    browser
        .wait_until("the run error", || async move {
            let (message, invalid) = browser.field_error(0, "run").await?;
            let want = "Der Lauf in diesem Link ist nicht in den Daten dieser Version: does-not-exist.";
            Ok((message == want && invalid, format!("{message:?}, aria-invalid {invalid}")))
        })
        .await?;
    browser.settle().await?;
    let png = browser.client.screenshot().await.map_err(|e| format!("screenshot failed: {e}"))?;
    let path = site.screenshot_path.with_file_name("share-link-unknown-run.png");
    std::fs::write(&path, &png).map_err(|e| format!("{}: {e}", path.display()))?;
    println!("    saved {}", path.display());
    let people = browser.result(0, "people").await?.map(|r| r.value).unwrap_or_default();
    if !people.is_empty() {
        return Err(format!("a sizing ({people} people) is shown for a run the data lacks"));
    }
    browser.expect_no_console_errors("opening share links").await
}
