//! The end-to-end checks, in the order they run. Each returns `Err(reason)` on failure; none
//! depends on another having passed (each opens the page it needs).
use crate::browser::{Browser, ResultValue, WINDOW_HEIGHT, WINDOW_WIDTH};
use crate::expect::{Expected, PETRONELLA, Setup, Usage, expected};
use serde_json::json;
use std::path::{Path, PathBuf};

/// A valid floor different from every preset, and two bad ones (not a number; not positive).
const NEW_FLOOR: &str = "12";
const BAD_FLOORS: [&str; 2] = ["abc", "-5"];
/// The screenshot for the README is as tall as the page, within these bounds (px).
const MIN_SCREENSHOT_HEIGHT: u32 = 480;
const MAX_SCREENSHOT_HEIGHT: u32 = 1400;

pub struct Site {
    /// `http://127.0.0.1:<port>/` serving `dist/`.
    pub base_url: String,
    /// The `dist/` folder served (a check may add a page of its own for its duration).
    pub dist: PathBuf,
    /// `file:///…/dist/spark-sizer-offline.html`.
    pub offline_url: String,
    pub screenshot_path: PathBuf,
}

impl Site {
    /// The one file in `dist/` named `<prefix>…<suffix>` (a content-hashed asset).
    pub fn hashed_file(&self, prefix: &str, suffix: &str) -> Result<String, String> {
        let entries = std::fs::read_dir(&self.dist).map_err(|e| format!("{}: {e}", self.dist.display()))?;
        entries
            .filter_map(|entry| entry.ok()?.file_name().into_string().ok())
            .find(|name| name.starts_with(prefix) && name.ends_with(suffix))
            .ok_or_else(|| format!("no {prefix}*{suffix} in {}", self.dist.display()))
    }
}

/// The sizing instance `instance` shows now, as machine values.
pub(crate) async fn shown(browser: &Browser, instance: usize) -> Result<Expected, String> {
    let value = |r: Option<ResultValue>| r.map(|r| r.value).unwrap_or_default();
    Ok(Expected {
        people: value(browser.result(instance, "people").await?),
        streams: value(browser.result(instance, "streams").await?),
        binding: value(browser.result(instance, "binding").await?),
    })
}

/// Waits until instance `instance` shows `want`.
pub(crate) async fn wait_for_sizing(
    browser: &Browser,
    instance: usize,
    want: &Expected,
    what: &str,
) -> Result<(), String> {
    browser
        .wait_until(
            &format!("{what}: people {}, streams {}, binding {}", want.people, want.streams, want.binding),
            || async move {
                let now = shown(browser, instance).await?;
                Ok((now == *want, format!("{now:?}")))
            },
        )
        .await
}

/// The setup instance `instance` shows: its run and floor as displayed.
pub(crate) async fn current_setup(
    browser: &Browser,
    instance: usize,
    usage: Usage,
    replicas: u32,
) -> Result<Setup, String> {
    let run_id = browser.field_value(instance, "run").await?;
    let floor_text = browser.field_value(instance, "floor").await?;
    let floor_tok_s =
        floor_text.trim().parse().map_err(|_| format!("the floor field shows {floor_text:?}, not a number"))?;
    Ok(Setup { run_id, usage, floor_tok_s, replicas })
}

/// The run the checks switch to (one with a worked value in `expect.rs`), when the run select
/// offers it and it is not the current one.
async fn other_run(browser: &Browser, instance: usize, current: &str) -> Result<String, String> {
    let options = browser.options(instance, "run").await?;
    if current != PETRONELLA && options.iter().any(|o| o == PETRONELLA) {
        Ok(PETRONELLA.to_string())
    } else {
        Err(format!("the run select does not offer {PETRONELLA} besides {current:?}"))
    }
}

pub async fn standalone_page_loads_clean_with_the_core_sizing(browser: &Browser, site: &Site) -> Result<(), String> {
    browser.goto(&site.base_url).await?;
    browser.wait_for_results(0).await?;
    browser.settle().await?;
    browser.expect_no_console_errors("while loading the standalone page").await?;
    let instances = browser.instance_count().await?;
    if instances != 1 {
        return Err(format!("the standalone page has {instances} widget instances, want 1"));
    }
    let setup = current_setup(browser, 0, Usage::Chat, 1).await?;
    let want = expected(&setup)?;
    let now = shown(browser, 0).await?;
    if now == want {
        Ok(())
    } else {
        Err(format!("for {setup:?} the page shows {now:?}, the worked value is {want:?}"))
    }
}

/// What the prerendered page's first frame shows (the heading, the run picker above the result and
/// the result) and what it holds back until the glue reports that frame painted (`data-ssr-shown`),
/// on this wide window. The hold is taken away and put back in the loaded page, so no clock is
/// involved.
pub async fn prerendered_page_shows_the_rest_after_its_first_paint(
    browser: &Browser,
    site: &Site,
) -> Result<(), String> {
    browser.goto(&site.base_url).await?;
    browser.wait_for_results(0).await?;
    let seen = browser
        .js(
            "const host = document.querySelector('[data-spark-sizer][data-ssr]');
             if (!host) return { error: 'no prerendered [data-spark-sizer][data-ssr] element' };
             const root = host.querySelector('.spark-sizer');
             const parts = ['.ss-header', '.ss-run-picker', '.ss-result', '.ss-header-controls', '.ss-inputs',
                            '.ss-claims', '.ss-charts-section', '.ss-team', '.ss-work', '.ss-sim', '.ss-below'];
             // The sections are the root's children (the team's own worked steps are a .ss-work too).
             const sections = ['.ss-team', '.ss-work', '.ss-sim', '.ss-below'];
             const displays = () => Object.fromEntries(parts.map((p) => {
               const el = root.querySelector(sections.includes(p) ? `:scope > ${p}` : p);
               return [p, el ? getComputedStyle(el).display : 'missing'];
             }));
             const shownAfterLoad = host.hasAttribute('data-ssr-shown');
             const after = displays();
             host.removeAttribute('data-ssr-shown');
             const held = displays();
             host.setAttribute('data-ssr-shown', '');
             const again = displays();
             return { shownAfterLoad, after, held, again };",
            vec![],
        )
        .await?;
    if let Some(error) = seen["error"].as_str() {
        return Err(error.to_string());
    }
    if seen["shownAfterLoad"] != json!(true) {
        return Err("the glue did not set data-ssr-shown on the prerendered mount element".into());
    }
    let display = |state: &str, part: &str| seen[state][part].as_str().unwrap_or("missing").to_string();
    // The run picker stands above the result: shown at once, so the result does not move.
    let first_frame = [".ss-header", ".ss-run-picker", ".ss-result"];
    let held_back = [
        ".ss-header-controls",
        ".ss-inputs",
        ".ss-claims",
        ".ss-charts-section",
        ".ss-team",
        ".ss-work",
        ".ss-sim",
        ".ss-below",
    ];
    for part in first_frame.iter().chain(&held_back) {
        for state in ["after", "again"] {
            if matches!(display(state, part).as_str(), "none" | "missing") {
                return Err(format!("{part} is not shown once the first frame is painted ({state}): {seen}"));
            }
        }
    }
    for part in first_frame {
        if display("held", part) == "none" {
            return Err(format!("{part} is held back from the first frame: {seen}"));
        }
    }
    for part in held_back {
        if display("held", part) != "none" {
            return Err(format!(
                "{part} is in the first frame (display {}), want it held back: {seen}",
                display("held", part)
            ));
        }
    }
    Ok(())
}

pub async fn screenshot_for_the_readme(browser: &Browser, site: &Site) -> Result<(), String> {
    browser.goto(&site.base_url).await?;
    browser.wait_for_results(0).await?;
    let height =
        browser.js("return Math.ceil(document.body.getBoundingClientRect().bottom + window.scrollY);", vec![]).await?;
    let height = (height.as_u64().unwrap_or(u64::from(WINDOW_HEIGHT)) as u32)
        .clamp(MIN_SCREENSHOT_HEIGHT, MAX_SCREENSHOT_HEIGHT);
    let resize = |h| browser.client.set_window_size(WINDOW_WIDTH, h);
    resize(height).await.map_err(|e| format!("cannot resize the window: {e}"))?;
    browser.settle().await?;
    let png = browser.client.screenshot().await.map_err(|e| format!("screenshot failed: {e}"));
    resize(WINDOW_HEIGHT).await.map_err(|e| format!("cannot resize the window: {e}"))?;
    let png = png?;
    std::fs::write(&site.screenshot_path, &png).map_err(|e| format!("{}: {e}", site.screenshot_path.display()))?;
    println!("    saved {} ({} bytes, {WINDOW_WIDTH}x{height})", site.screenshot_path.display(), png.len());
    Ok(())
}

/// The standalone page as a build with other code or data would have prerendered it: another
/// fingerprint in `data-ssr` and markup this build cannot hydrate (an extra first element).
/// Served beside `index.html` for the duration of the check.
const STALE_PAGE: &str = "e2e-stale-prerender.html";
const STALE_MARKER: &str = "data-stale-markup";

fn as_if_from_another_build(index_html: &str) -> Result<String, String> {
    let key = "data-ssr=\"";
    let start = index_html.find(key).ok_or("index.html has no prerendered mount point (data-ssr=\"…\")")? + key.len();
    let value_end = start + index_html[start..].find('"').ok_or("data-ssr's value is not closed")?;
    let tag_end = value_end + index_html[value_end..].find('>').ok_or("the mount point's tag is not closed")? + 1;
    Ok([
        &index_html[..start],
        "0000000000000000-0000000000000000",
        &index_html[value_end..tag_end],
        "<p ",
        STALE_MARKER,
        ">markup of another build</p>",
        &index_html[tag_end..],
    ]
    .concat())
}

pub async fn markup_from_another_build_is_rendered_afresh(browser: &Browser, site: &Site) -> Result<(), String> {
    let index_path = site.dist.join("index.html");
    let index = std::fs::read_to_string(&index_path).map_err(|e| format!("{}: {e}", index_path.display()))?;
    let stale_path = site.dist.join(STALE_PAGE);
    std::fs::write(&stale_path, as_if_from_another_build(&index)?)
        .map_err(|e| format!("{}: {e}", stale_path.display()))?;
    let outcome = async {
        browser.goto(&format!("{}{STALE_PAGE}", site.base_url)).await?;
        browser.wait_for_results(0).await?;
        let kept = browser.js(&format!("return document.querySelector('[{STALE_MARKER}]') !== null;"), vec![]).await?;
        if kept == true {
            return Err("the other build's markup is still there: it was hydrated, not rendered afresh".into());
        }
        // Interactive, so not an inert page left by a failed hydration.
        let mut setup = current_setup(browser, 0, Usage::Chat, 1).await?;
        browser.set_field(0, "floor", NEW_FLOOR).await?;
        setup.floor_tok_s = parse(NEW_FLOOR);
        wait_for_sizing(browser, 0, &expected(&setup)?, "a new floor on the page rendered afresh").await?;
        browser.expect_no_console_errors("on a page prerendered by another build").await
    }
    .await;
    // Leave dist/ as it was whatever the outcome; a file already gone changes no verdict.
    let _ = std::fs::remove_file(&stale_path);
    outcome
}

pub async fn floor_and_run_change_the_result_to_the_core_value(browser: &Browser, site: &Site) -> Result<(), String> {
    browser.goto(&site.base_url).await?;
    browser.wait_for_results(0).await?;
    let mut setup = current_setup(browser, 0, Usage::Chat, 1).await?;

    browser.set_field(0, "floor", NEW_FLOOR).await?;
    setup.floor_tok_s = parse(NEW_FLOOR);
    wait_for_sizing(browser, 0, &expected(&setup)?, &format!("floor {NEW_FLOOR} on run {}", setup.run_id)).await?;

    let run = other_run(browser, 0, &setup.run_id).await?;
    browser.set_field(0, "run", &run).await?;
    setup.run_id = run;
    wait_for_sizing(browser, 0, &expected(&setup)?, &format!("floor {NEW_FLOOR} on run {}", setup.run_id)).await?;
    browser.expect_no_console_errors("after changing the floor and the run").await
}

pub async fn bad_floor_shows_an_error_and_the_rest_keeps_working(browser: &Browser, site: &Site) -> Result<(), String> {
    browser.goto(&site.base_url).await?;
    browser.wait_for_results(0).await?;
    let start = current_setup(browser, 0, Usage::Chat, 1).await?;

    for bad in BAD_FLOORS {
        browser.set_field(0, "floor", bad).await?;
        browser
            .wait_until(
                &format!("an error for floor {bad:?} in [data-error=\"floor\"] and aria-invalid on the input"),
                || async move {
                    let (message, invalid) = browser.field_error(0, "floor").await?;
                    Ok((!message.is_empty() && invalid, format!("message {message:?}, aria-invalid {invalid}")))
                },
            )
            .await?;
    }
    // With the floor still bad, another input keeps working…
    let run = other_run(browser, 0, &start.run_id).await?;
    browser.set_field(0, "run", &run).await?;
    let shown_run = browser.field_value(0, "run").await?;
    if shown_run != run {
        return Err(format!("with a bad floor the run select no longer changes (shows {shown_run:?}, chose {run:?})"));
    }
    // …and a good floor brings back the right sizing for the new run.
    browser.set_field(0, "floor", NEW_FLOOR).await?;
    let setup = Setup { run_id: run, floor_tok_s: parse(NEW_FLOOR), ..start };
    wait_for_sizing(browser, 0, &expected(&setup)?, "the sizing after fixing the floor").await?;
    let (message, invalid) = browser.field_error(0, "floor").await?;
    if !message.is_empty() || invalid {
        return Err(format!("after a valid floor the error stays: message {message:?}, aria-invalid {invalid}"));
    }
    browser.expect_no_console_errors("after bad floors").await
}

pub async fn url_fragment_round_trips_a_scenario(browser: &Browser, site: &Site) -> Result<(), String> {
    browser.goto(&site.base_url).await?;
    browser.wait_for_results(0).await?;
    let start = current_setup(browser, 0, Usage::Chat, 1).await?;
    let run = other_run(browser, 0, &start.run_id).await?;
    browser.set_field(0, "run", &run).await?;
    browser.set_field(0, "floor", NEW_FLOOR).await?;
    let setup = Setup { run_id: run.clone(), floor_tok_s: parse(NEW_FLOOR), ..start };
    let want = expected(&setup)?;
    wait_for_sizing(browser, 0, &want, "the changed scenario").await?;
    let read_hash = || async move {
        Ok::<String, String>(browser.js("return location.hash;", vec![]).await?.as_str().unwrap_or("").to_string())
    };
    // The fragment is written by a throttle (at most one write per 250 ms): wait for the write
    // that carries this run and floor, not merely for any scenario.
    let wanted = [format!("#s=r:{run},"), format!(",f:{NEW_FLOOR},")];
    let wanted = &wanted;
    browser
        .wait_until("the URL fragment #s=… to hold the scenario", || async move {
            let hash = read_hash().await?;
            Ok((hash.starts_with(&wanted[0]) && hash.contains(&wanted[1]), format!("location.hash = {hash:?}")))
        })
        .await?;
    let hash = read_hash().await?;

    let original = browser.client.window().await.map_err(|e| e.to_string())?;
    let fresh = browser.client.new_window(false).await.map_err(|e| format!("cannot open a window: {e}"))?;
    browser.client.switch_to_window(fresh.handle).await.map_err(|e| e.to_string())?;
    let outcome = async {
        browser.goto(&format!("{}{hash}", site.base_url)).await?;
        wait_for_sizing(browser, 0, &want, &format!("the scenario from {hash}")).await?;
        let (shown_run, shown_floor) = (browser.field_value(0, "run").await?, browser.field_value(0, "floor").await?);
        if shown_run != run || parse(&shown_floor) != parse(NEW_FLOOR) {
            return Err(format!(
                "{hash} opens run {shown_run:?} floor {shown_floor:?}, want {run:?} floor {NEW_FLOOR}"
            ));
        }
        browser.expect_no_console_errors("opening the URL with the fragment").await
    }
    .await;
    browser.client.close_window().await.map_err(|e| e.to_string())?;
    browser.client.switch_to_window(original).await.map_err(|e| e.to_string())?;
    outcome
}

pub async fn requests_stay_on_the_origin_and_preloads_are_used(browser: &Browser, site: &Site) -> Result<(), String> {
    // The standalone page inlines its stylesheet; the module (preloaded) and each of the two wasm
    // modules (the first, `_bg.wasm`, and the second, preloaded for hydration) come once.
    page_requests(browser, &site.base_url, 1, &[(".wasm", 2), ("_bg.wasm", 1), (".js", 1), (".css", 0)]).await?;
    // embed.html preloads the first wasm for its plain instance, and its prerendered instance
    // preloads the second: the glue and the second module's loader must use those downloads.
    page_requests(browser, &format!("{}embed.html", site.base_url), 2, &[(".wasm", 2), ("_bg.wasm", 1), (".js", 1)])
        .await
}

/// Loads `url`, waits for the results of its first `instances` instances, and checks that every
/// request stayed on the origin, no loading warning was logged and each kind of asset in `wanted`
/// was requested that many times.
async fn page_requests(browser: &Browser, url: &str, instances: usize, wanted: &[(&str, usize)]) -> Result<(), String> {
    browser.console_messages().await?;
    browser.goto(url).await?;
    for instance in 0..instances {
        browser.wait_for_results(instance).await?;
    }
    browser.settle().await?;
    // Chromium warns when a preload goes unused or the wasm cannot be compiled while streaming.
    let loading_warnings: Vec<String> = browser
        .console_messages()
        .await?
        .into_iter()
        .map(|(_, message)| message)
        .filter(|m| m.contains("preload") || m.contains("instantiateStreaming") || m.contains("MIME"))
        .collect();
    if !loading_warnings.is_empty() {
        return Err(format!("{url}: loading warnings:\n    {}", loading_warnings.join("\n    ")));
    }
    let seen = browser
        .js(
            "return { origin: location.origin,
                      urls: performance.getEntriesByType('resource').map(e => e.name) };",
            vec![],
        )
        .await?;
    let origin = seen["origin"].as_str().unwrap_or("").to_string();
    let urls: Vec<String> =
        seen["urls"].as_array().into_iter().flatten().filter_map(|u| u.as_str().map(str::to_string)).collect();
    let foreign: Vec<&String> = urls.iter().filter(|u| !is_local(u) && !u.starts_with(&format!("{origin}/"))).collect();
    if !foreign.is_empty() {
        return Err(format!("{url}: requests to other origins than {origin}: {foreign:?}"));
    }
    for (asset, wanted) in wanted {
        let fetched = urls.iter().filter(|u| u.ends_with(asset)).count();
        if fetched != *wanted {
            return Err(format!(
                "{url}: {fetched} requests for a {asset} file (want {wanted}: preloads reused, the stylesheet \
                 inlined on the standalone page): {urls:?}"
            ));
        }
    }
    Ok(())
}

pub async fn embedded_instances_are_independent(browser: &Browser, site: &Site) -> Result<(), String> {
    browser.goto(&format!("{}embed.html", site.base_url)).await?;
    browser
        .wait_until("two widget instances in embed.html", || async move {
            let count = browser.instance_count().await?;
            Ok((count == 2, format!("{count} instances")))
        })
        .await?;
    browser.wait_for_results(0).await?;
    browser.wait_for_results(1).await?;
    browser.expect_no_console_errors("while loading embed.html").await?;

    // Instance 2 is configured by its attributes: data-usage="agent" data-lang="de" data-replicas="2".
    let agent = current_setup(browser, 1, Usage::Agent, 2).await?;
    let agent_want = expected(&agent)?;
    let agent_now = shown(browser, 1).await?;
    if agent_now != agent_want {
        return Err(format!(
            "instance 2 (agent, 2 Sparks) shows {agent_now:?}, the worked value is {agent_want:?} for {agent:?}"
        ));
    }
    let mut chat = current_setup(browser, 0, Usage::Chat, 1).await?;
    chat.floor_tok_s = parse(NEW_FLOOR);
    browser.set_field(0, "floor", NEW_FLOOR).await?;
    wait_for_sizing(browser, 0, &expected(&chat)?, "instance 1 after its floor changed").await?;
    let agent_after = shown(browser, 1).await?;
    if agent_after != agent_want {
        return Err(format!("changing instance 1 changed instance 2: {agent_want:?} -> {agent_after:?}"));
    }
    browser.expect_no_console_errors("after changing instance 1").await
}

pub async fn offline_file_works_from_disk(browser: &Browser, site: &Site) -> Result<(), String> {
    browser.goto(&site.offline_url).await?;
    browser.wait_for_results(0).await?;
    browser.expect_no_console_errors("opening the single-file build from file://").await?;
    let setup = current_setup(browser, 0, Usage::Chat, 1).await?;
    wait_for_sizing(browser, 0, &expected(&setup)?, "the default sizing offline").await?;
    browser.set_field(0, "floor", NEW_FLOOR).await?;
    let changed = Setup { floor_tok_s: parse(NEW_FLOOR), ..setup };
    wait_for_sizing(browser, 0, &expected(&changed)?, "floor 12 offline").await?;
    let urls =
        browser.js("return performance.getEntriesByType('resource').map(e => e.name);", vec![json!(null)]).await?;
    let network: Vec<&str> =
        urls.as_array().into_iter().flatten().filter_map(|u| u.as_str()).filter(|u| u.starts_with("http")).collect();
    if network.is_empty() { Ok(()) } else { Err(format!("the offline file requests {network:?}")) }
}

/// `data:` and `blob:` URLs are not requests to anyone.
fn is_local(url: &str) -> bool {
    url.starts_with("data:") || url.starts_with("blob:")
}

/// The checks' own constant inputs are valid numbers.
pub(crate) fn parse(text: &str) -> f64 {
    text.trim().parse().unwrap_or(f64::NAN)
}

/// `file://` URL of a file.
pub fn file_url(path: &Path) -> Result<String, String> {
    let absolute = path.canonicalize().map_err(|e| format!("{}: {e}", path.display()))?;
    Ok(format!("file://{}", absolute.display()))
}
