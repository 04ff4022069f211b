//! The `<spark-sizer>` element's API in `dist/embed.html`: the prerendered instance
//! shows its worked result from the HTML alone (the page without its module script, as with
//! scripts off); a changed attribute re-sizes the instance and is reported by a `change`
//! event whose `detail` carries the sizing; the team attributes re-plan its team (a bad one is
//! named, the rest kept); the host page themes it from outside.
use crate::browser::Browser;
use crate::checks::{Site, shown, wait_for_sizing};
use crate::expect::{QWEN, Setup, Usage, expected};
use serde_json::json;

/// `dist/embed.html` without its module script, for this check's duration.
const SCRIPTLESS_PAGE: &str = "e2e-embed-without-script.html";

pub async fn spark_sizer_element_is_prerendered_and_follows_its_attributes(
    browser: &Browser,
    site: &Site,
) -> Result<(), String> {
    let chat_15 = expected(&Setup { run_id: QWEN.into(), usage: Usage::Chat, floor_tok_s: 15.0, replicas: 1 })?;
    prerendered_without_script(browser, site, &chat_15).await?;

    browser.goto(&format!("{}embed.html", site.base_url)).await?;
    browser.wait_for_results(0).await?;
    browser.expect_no_console_errors("hydrating the prerendered element in embed.html").await?;
    let now = shown(browser, 0).await?;
    if now != chat_15 {
        return Err(format!("the hydrated element shows {now:?}, the worked value is {chat_15:?}"));
    }
    browser
        .js(
            "window.sparkSizerEvents = [];
             document.querySelector('spark-sizer')
               .addEventListener('change', (event) => window.sparkSizerEvents.push(event.detail));
             document.querySelector('spark-sizer').setAttribute('floor', '12');",
            vec![],
        )
        .await?;
    let chat_12 = expected(&Setup { run_id: QWEN.into(), usage: Usage::Chat, floor_tok_s: 12.0, replicas: 1 })?;
    wait_for_sizing(browser, 0, &chat_12, "the element after its floor attribute changed").await?;
    let events = browser.js("return window.sparkSizerEvents;", vec![]).await?;
    let Some(last) = events.as_array().and_then(|events| events.last()) else {
        return Err("no change event after the floor attribute changed".into());
    };
    let sizing = &last["sizing"];
    let reported =
        (sizing["people_per_spark"].to_string(), sizing["whole_streams"].to_string(), sizing["binding"].clone());
    if last["run"] != json!(QWEN)
        || reported != (chat_12.people.clone(), chat_12.streams.clone(), json!(chat_12.binding))
    {
        return Err(format!("the change event's detail {last} is not the worked sizing {chat_12:?} of {QWEN}"));
    }
    browser.expect_no_console_errors("after the floor attribute changed").await?;
    team_attributes_plan_the_team(browser).await?;
    themed_from_outside(browser).await?;
    citation_links_scroll_inside_the_shadow_root(browser).await
}

/// The team attributes are observed: at 12 tok/s the seed's method gives 209 people per Spark
/// (78 streams, see the widget's `tests/native/element.rs`), so `team="400"` needs 2 Sparks; a bad `uncertainty` is
/// named in the element while the team of 400 stands; a team of 200 the person types stays
/// when the host then sets `floor="15"` (2 Sparks at the seed's 163 per Spark); removing the
/// team attribute brings back the seed's team.
async fn team_attributes_plan_the_team(browser: &Browser) -> Result<(), String> {
    let read = "const root = document.querySelector('spark-sizer').shadowRoot;
         const sparks = root.querySelector('[data-result=\"sparks\"]');
         const errors = root.querySelector('[data-error=\"config\"]');
         const people = root.querySelector('input[data-field=\"team_people\"]');
         return { sparks: sparks && sparks.getAttribute('data-value'), verdict: sparks && sparks.textContent,
                  errors: errors ? errors.textContent : '', people: people && people.value };";
    let wait = |what: &'static str, want: fn(&serde_json::Value) -> bool| async move {
        browser
            .wait_until(what, || async {
                let seen = browser.js(read, vec![]).await?;
                Ok((want(&seen), seen.to_string()))
            })
            .await
    };
    browser.js("document.querySelector('spark-sizer').setAttribute('team', '400');", vec![]).await?;
    wait("team=\"400\" at 12 tok/s to need 2 Sparks (209 per Spark)", |seen| {
        seen["sparks"] == json!("2")
            && seen["people"] == json!("400")
            && seen["verdict"].as_str().is_some_and(|v| v.starts_with("2 Sparks serve your 400 people"))
            && seen["verdict"].as_str().is_some_and(|v| v.ends_with("(209 per Spark)."))
    })
    .await?;
    browser.js("document.querySelector('spark-sizer').setAttribute('uncertainty', 'abc');", vec![]).await?;
    wait("uncertainty=\"abc\" to be named while the team of 400 still needs 2 Sparks", |seen| {
        seen["errors"].as_str().is_some_and(|e| e.contains("uncertainty=\"abc\""))
            && seen["sparks"] == json!("2")
            && seen["people"] == json!("400")
    })
    .await?;
    // The person's own edit stays when the host changes another attribute: the instance is
    // told what changed, not mounted afresh.
    browser
        .js(
            "const input = document.querySelector('spark-sizer').shadowRoot.querySelector('input[data-field=\"team_people\"]');
             input.value = '200'; input.dispatchEvent(new Event('input', { bubbles: true }));",
            vec![],
        )
        .await?;
    wait("the person's team of 200 to fit on 1 Spark at 12 tok/s", |seen| {
        seen["sparks"] == json!("1") && seen["people"] == json!("200")
    })
    .await?;
    browser.js("document.querySelector('spark-sizer').setAttribute('floor', '15');", vec![]).await?;
    wait("floor=\"15\" to need 2 Sparks for the person's 200 (163 per Spark)", |seen| {
        seen["sparks"] == json!("2")
            && seen["people"] == json!("200")
            && seen["verdict"].as_str().is_some_and(|v| v.starts_with("2 Sparks serve your 200 people"))
            && seen["verdict"].as_str().is_some_and(|v| v.ends_with("(163 per Spark)."))
    })
    .await?;
    // Moved in the page (out and back in within one task, as a framework reorders): the same
    // instance, with the person's 200.
    browser
        .js(
            "const host = document.querySelector('spark-sizer');
             window.sparkSizerBeforeMove = host.shadowRoot.querySelector('[data-result=\"sparks\"]');
             host.parentNode.insertBefore(host, host.parentNode.firstChild);",
            vec![],
        )
        .await?;
    browser
        .wait_until("the moved element to keep its instance and the person's team of 200", || async {
            let seen = browser
                .js(
                    "const root = document.querySelector('spark-sizer').shadowRoot;
                     const sparks = root.querySelector('[data-result=\"sparks\"]');
                     return { same: sparks === window.sparkSizerBeforeMove,
                              people: root.querySelector('input[data-field=\"team_people\"]').value };",
                    vec![],
                )
                .await?;
            Ok((seen["same"] == json!(true) && seen["people"] == json!("200"), seen.to_string()))
        })
        .await?;
    browser
        .js(
            "const host = document.querySelector('spark-sizer');
             host.removeAttribute('uncertainty'); host.removeAttribute('team');",
            vec![],
        )
        .await?;
    wait("the example team of 150 again without the team attributes", |seen| {
        seen["errors"] == json!("") && seen["people"] == json!("150") && seen["sparks"] == json!("1")
    })
    .await
}

/// A citation link in the worked steps finds its row in the element's shadow root: the click
/// scrolls there and leaves the page's URL fragment alone (a link that found nothing would
/// navigate to `#<id>`).
async fn citation_links_scroll_inside_the_shadow_root(browser: &Browser) -> Result<(), String> {
    let seen = browser
        .js(
            "const root = document.querySelector('spark-sizer').shadowRoot;
             const link = root.querySelector('.ss-work a[href^=\"#\"]');
             if (!link) return { error: 'no citation link in the worked steps' };
             const before = location.hash;
             link.click();
             return { before, after: location.hash, target: !!root.getElementById(link.getAttribute('href').slice(1)) };",
            vec![],
        )
        .await?;
    if seen.get("error").is_some() || seen["target"] != json!(true) || seen["before"] != seen["after"] {
        return Err(format!("a citation link in the element's worked steps: {seen}"));
    }
    Ok(())
}

/// The host page themes the element through a custom property and `::part()`: the colour
/// scheme turns dark and the root part loses its border (the widget's "Colours" is "System").
async fn themed_from_outside(browser: &Browser) -> Result<(), String> {
    let seen = browser
        .js(
            "const host = document.querySelector('spark-sizer');
             const root = host.shadowRoot.querySelector('.spark-sizer');
             const look = () => { const style = getComputedStyle(root);
               return { background: style.backgroundColor, border: style.borderTopStyle }; };
             const before = look();
             host.style.setProperty('--spark-sizer-color-scheme', 'dark');
             const sheet = new CSSStyleSheet();
             sheet.replaceSync('spark-sizer::part(root) { border-style: none; }');
             document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
             const after = look();
             host.style.removeProperty('--spark-sizer-color-scheme');
             document.adoptedStyleSheets = document.adoptedStyleSheets.filter((s) => s !== sheet);
             return { before, after };",
            vec![],
        )
        .await?;
    let want_before = json!({ "background": "rgb(255, 255, 255)", "border": "solid" });
    let want_after = json!({ "background": "rgb(21, 26, 24)", "border": "none" });
    if seen["before"] != want_before || seen["after"] != want_after {
        return Err(format!(
            "theming from the host page: saw {seen}; want {want_before} before and {want_after} with \
             --spark-sizer-color-scheme: dark and ::part(root) {{ border-style: none }}"
        ));
    }
    Ok(())
}

/// The prerendered element's result, read from its declarative shadow root on a copy of the
/// page that never loads the module.
async fn prerendered_without_script(
    browser: &Browser,
    site: &Site,
    want: &crate::expect::Expected,
) -> Result<(), String> {
    let embed = site.dist.join("embed.html");
    let page = std::fs::read_to_string(&embed).map_err(|e| format!("{}: {e}", embed.display()))?;
    let without: String =
        page.lines().filter(|line| !line.contains("<script type=\"module\"")).map(|l| format!("{l}\n")).collect();
    if without.contains("<script") {
        return Err("embed.html has scripts besides its module script".into());
    }
    let path = site.dist.join(SCRIPTLESS_PAGE);
    std::fs::write(&path, without).map_err(|e| format!("{}: {e}", path.display()))?;
    let outcome = async {
        browser.goto(&format!("{}{SCRIPTLESS_PAGE}", site.base_url)).await?;
        browser.settle().await?;
        let seen = browser
            .js(
                "const host = document.querySelector('spark-sizer');
                 const root = host && host.shadowRoot;
                 if (!root) return { error: 'the first <spark-sizer> has no (declarative) shadow root' };
                 const value = (name) => {
                   const el = root.querySelector(`[data-result=\"${name}\"]`);
                   return el && el.getClientRects().length > 0 ? el.getAttribute('data-value') : null;
                 };
                 return { defined: !!customElements.get('spark-sizer'),
                          people: value('people'), streams: value('streams'), binding: value('binding') };",
                vec![],
            )
            .await?;
        if let Some(error) = seen["error"].as_str() {
            return Err(error.to_string());
        }
        let got = (seen["people"].as_str(), seen["streams"].as_str(), seen["binding"].as_str());
        if seen["defined"] != json!(false) || got != (Some(&*want.people), Some(&*want.streams), Some(&*want.binding)) {
            return Err(format!("without its script, the prerendered element shows {seen}; want {want:?}, undefined"));
        }
        Ok(())
    }
    .await;
    let _ = std::fs::remove_file(&path);
    outcome
}
