//! Layout and language checks on the built pages, and the screenshots it asks for:
//! the standalone page at 390 and 1280 px, in English and German, light and dark, saved under
//! the target dir (`sizer-e2e/page-<width>-<lang>-<theme>.png`) for a person to look at.
use crate::browser::{Browser, WINDOW_HEIGHT, WINDOW_WIDTH};
use crate::checks::Site;
use serde_json::json;

/// Two widths: a phone and a laptop.
const WIDTHS: [u32; 2] = [390, 1280];
/// A screenshot covers the whole page, up to this height (px; Chromium's largest capture).
const MAX_SCREENSHOT_HEIGHT: u32 = 16_000;
/// The key the widget keeps the colour scheme under.
const THEME_KEY: &str = "spark-sizer-theme";
/// The page's background in the dark scheme (#151a18) and the light one (#ffffff).
const DARK_BACKGROUND: &str = "rgb(21, 26, 24)";
const LIGHT_BACKGROUND: &str = "rgb(255, 255, 255)";

/// Saves the eight screenshots; fails when a page shows console errors, the page's background
/// does not follow the chosen scheme, or the German page keeps its English title or footer.
pub async fn screenshots_at_390_and_1280_px_en_de_light_dark(browser: &Browser, site: &Site) -> Result<(), String> {
    let dir = site.screenshot_path.parent().ok_or("the screenshot path has no folder")?.to_path_buf();
    let outcome = async {
        for width in WIDTHS {
            for lang in ["en", "de"] {
                for theme in ["light", "dark"] {
                    browser.goto(&site.base_url).await?;
                    browser.wait_for_results(0).await?;
                    browser.set_field(0, "lang", lang).await?;
                    browser.set_field(0, "theme", theme).await?;
                    browser
                        .client
                        .set_window_size(width, WINDOW_HEIGHT)
                        .await
                        .map_err(|e| format!("cannot resize the window: {e}"))?;
                    browser.settle().await?;
                    let page = browser
                        .js(
                            "return { title: document.title,
                                      footer: (document.querySelector('[data-page-footer]') || {}).textContent || '',
                                      background: getComputedStyle(document.documentElement).backgroundColor,
                                      width: document.documentElement.scrollWidth,
                                      height: document.documentElement.scrollHeight,
                                      tabStops: Array.from(document.querySelectorAll(
                                        'a[href], button, input, select, textarea, summary, [tabindex]'))
                                        .filter((e) => !e.disabled && e.tabIndex >= 0 && e.getClientRects().length > 0
                                          && !e.closest('details:not([open]) > :not(summary)')).length };",
                            vec![],
                        )
                        .await?;
                    let want_background = if theme == "dark" { DARK_BACKGROUND } else { LIGHT_BACKGROUND };
                    if page["background"] != json!(want_background) {
                        return Err(format!("{width} px {lang} {theme}: the page around the widget is {page}"));
                    }
                    if lang == "de"
                        && (page["title"].as_str().unwrap_or("").contains("how many")
                            || page["footer"].as_str().unwrap_or("").contains("Every figure"))
                    {
                        return Err(format!("the German page keeps English words around the widget: {page}"));
                    }
                    if page["width"].as_u64().unwrap_or(0) > u64::from(width) {
                        return Err(format!("{width} px {lang} {theme}: the page scrolls sideways ({page})"));
                    }
                    println!(
                        "    {width} px {lang} {theme}: page {} px tall, {} tab stops",
                        page["height"], page["tabStops"]
                    );
                    let full = page["height"].as_u64().map_or(WINDOW_HEIGHT, |h| h as u32).min(MAX_SCREENSHOT_HEIGHT);
                    browser
                        .client
                        .set_window_size(width, full)
                        .await
                        .map_err(|e| format!("cannot resize the window: {e}"))?;
                    browser.settle().await?;
                    let png = browser.client.screenshot().await.map_err(|e| format!("screenshot failed: {e}"))?;
                    let path = dir.join(format!("page-{width}-{lang}-{theme}.png"));
                    std::fs::write(&path, &png).map_err(|e| format!("{}: {e}", path.display()))?;
                    browser.expect_no_console_errors(&format!("at {width} px, {lang}, {theme}")).await?;
                }
            }
        }
        println!("    saved page-{{390,1280}}-{{en,de}}-{{light,dark}}.png in {}", dir.display());
        Ok(())
    }
    .await;
    let _ = browser.js(&format!("localStorage.removeItem('{THEME_KEY}');"), vec![]).await;
    browser.client.set_window_size(WINDOW_WIDTH, WINDOW_HEIGHT).await.map_err(|e| format!("cannot resize: {e}"))?;
    outcome
}

/// The standalone page without its module script: the prerendered widget as a browser paints it
/// before any wasm runs. Served beside `index.html` for the duration of a check.
const NO_WASM_PAGE: &str = "e2e-before-wasm.html";

/// A dark choice survives a reload: the widget shows it, and the page and the prerendered
/// widget are dark from the first paint (the inline script), not only once the wasm runs.
pub async fn the_theme_is_kept_across_reloads(browser: &Browser, site: &Site) -> Result<(), String> {
    browser.goto(&site.base_url).await?;
    browser.wait_for_results(0).await?;
    browser.set_field(0, "theme", "dark").await?;
    browser.settle().await?;
    browser.goto(&site.base_url).await?;
    browser.wait_for_results(0).await?;
    let kept = browser.field_value(0, "theme").await?;
    let index_path = site.dist.join("index.html");
    let index = std::fs::read_to_string(&index_path).map_err(|e| format!("{}: {e}", index_path.display()))?;
    // Whole lines out, the rest byte for byte: the page's CSP allows its inline blocks by hash.
    let without_wasm = index
        .split_inclusive('\n')
        .filter(|line| !line.contains("<script type=\"module\"") && !line.contains("modulepreload"))
        .collect::<String>();
    let page_path = site.dist.join(NO_WASM_PAGE);
    std::fs::write(&page_path, without_wasm).map_err(|e| format!("{}: {e}", page_path.display()))?;
    let early = async {
        browser.goto(&format!("{}{NO_WASM_PAGE}", site.base_url)).await?;
        browser
            .js(
                "const root = document.querySelector('.spark-sizer');
                 return { page: getComputedStyle(document.documentElement).backgroundColor,
                          widget: getComputedStyle(root).backgroundColor,
                          widgetTheme: root.getAttribute('data-theme'),
                          api: typeof window.SparkSizer };",
                vec![],
            )
            .await
    }
    .await;
    let _ = std::fs::remove_file(&page_path);
    let _ = browser.js(&format!("localStorage.removeItem('{THEME_KEY}');"), vec![]).await;
    let early = early?;
    if kept != "dark" {
        return Err(format!("after a reload the colour switch shows {kept:?}, want \"dark\""));
    }
    let want = json!({ "page": DARK_BACKGROUND, "widget": DARK_BACKGROUND, "widgetTheme": "auto", "api": "undefined" });
    if early != want {
        return Err(format!("before the wasm runs, the page is {early}, want {want}"));
    }
    Ok(())
}

/// In embed.html's two `<spark-sizer>` instances no id appears twice within a scope (the page, or
/// an element's own shadow root), and each instance's in-page links (source and run links,
/// citations, skip links) land in that instance.
pub async fn embedded_instances_have_their_own_ids(browser: &Browser, site: &Site) -> Result<(), String> {
    browser.goto(&format!("{}embed.html", site.base_url)).await?;
    browser.wait_for_results(0).await?;
    browser.wait_for_results(1).await?;
    let seen = browser
        .js(
            "const scopes = [document, ...Array.from(document.querySelectorAll('spark-sizer'), (e) => e.shadowRoot)]
               .filter((scope) => scope);
             let ids = 0;
             let links = 0;
             const duplicates = [];
             const astray = [];
             scopes.forEach((scope, s) => {
               const own = Array.from(scope.querySelectorAll('[id]'), (e) => e.id);
               ids += own.length;
               const counts = {};
               for (const id of own) counts[id] = (counts[id] || 0) + 1;
               duplicates.push(...Object.keys(counts).filter((id) => counts[id] > 1).map((id) => `scope ${s}: ${id}`));
               scope.querySelectorAll('.spark-sizer').forEach((root, i) => root.querySelectorAll('a[href^=\"#\"]').forEach((a) => {
                 links += 1;
                 const target = scope.getElementById(a.getAttribute('href').slice(1));
                 if (!target || !root.contains(target)) astray.push(`scope ${s} instance ${i + 1}: ${a.getAttribute('href')}`);
               }));
             });
             return { ids, duplicates: duplicates.slice(0, 5), astray: astray.slice(0, 5), links, scopes: scopes.length };",
            vec![],
        )
        .await?;
    let duplicates = seen["duplicates"].as_array().map_or(0, Vec::len);
    let astray = seen["astray"].as_array().map_or(0, Vec::len);
    if seen["ids"].as_u64().unwrap_or(0) < 100
        || seen["links"].as_u64().unwrap_or(0) < 100
        || seen["scopes"].as_u64().unwrap_or(0) < 3
    {
        return Err(format!("too few ids or links to judge: {seen}"));
    }
    if duplicates > 0 || astray > 0 {
        return Err(format!("{duplicates} duplicate ids, links leaving their instance: {seen}"));
    }
    Ok(())
}
