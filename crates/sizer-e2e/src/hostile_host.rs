//! A `<spark-sizer>` element in a hostile host page looks and works as on a clean page.
//! The hostile page styles every element the widget uses (`*` font and line height, red
//! borders, margins, `display: block`), points `<base href>` at another site, defines a global
//! `window.wasm_bindgen` of its own and has a strict CSP (no inline code or styles, nothing but
//! its own origin). The element's shadow root shuts the CSS out, and its assets are resolved
//! against the module, not the page.
use crate::browser::Browser;
use crate::checks::{Site, current_setup, parse, shown, wait_for_sizing};
use crate::expect::{Usage, expected};
use fantoccini::Locator;
use serde_json::json;

/// The pages and assets this check adds to `dist/` for its duration.
const CLEAN_PAGE: &str = "e2e-clean-host.html";
const HOSTILE_PAGE: &str = "e2e-hostile-host.html";
const HOSTILE_CSS: &str = "e2e-hostile-host.css";
const HOSTILE_JS: &str = "e2e-hostile-host.js";

/// The hostile host stylesheet, verbatim.
const HOSTILE_STYLES: &str = "* { box-sizing: content-box; font: 20px serif; line-height: 3; }\n\
    div, p, span, table, td, th, input, button, select, label, canvas { margin: 20px; padding: 10px; \
    border: 3px solid red; display: block; color: red; background: yellow; }\n";
/// A page script that claims the name wasm-bindgen's `no-modules` glue would use.
const HOSTILE_SCRIPT: &str =
    "window.wasm_bindgen = function () { throw new Error('the host page\\'s own wasm_bindgen'); };\n";

/// The element both pages hold.
const ELEMENT: &str = r#"<spark-sizer usage="chat" floor="15"></spark-sizer>"#;

/// A pixel differs when one of its channels differs by more than this (anti-aliasing noise
/// stays under it); the element may differ in at most [`MAX_DIFFERING_SHARE`] of its pixels.
const CHANNEL_TOLERANCE: u32 = 24;
const MAX_DIFFERING_SHARE: f64 = 0.005;

/// The floor the check changes to (a setup with a worked value in `expect.rs`).
const NEW_FLOOR: &str = "12";

pub async fn spark_sizer_element_in_a_hostile_host_looks_and_works_the_same(
    browser: &Browser,
    site: &Site,
) -> Result<(), String> {
    let written = write_pages(site)?;
    let outcome = compare(browser, site).await;
    for name in written {
        let _ = std::fs::remove_file(site.dist.join(name));
    }
    outcome
}

/// Writes the two pages (absolute asset URLs: the hostile page's base is elsewhere).
fn write_pages(site: &Site) -> Result<Vec<&'static str>, String> {
    let glue = site.hashed_file("sizer-widget-", ".js")?;
    let base = &site.base_url;
    let csp = "default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; img-src 'self' data:; \
               connect-src 'self'; base-uri https://elsewhere.invalid; object-src 'none'; form-action 'none'";
    let hostile = format!(
        "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n\
         <meta http-equiv=\"Content-Security-Policy\" content=\"{csp}\">\n\
         <base href=\"https://elsewhere.invalid/blog/\">\n\
         <title>A hostile host</title>\n<link rel=\"icon\" href=\"data:,\">\n\
         <link rel=\"stylesheet\" href=\"{base}{HOSTILE_CSS}\">\n\
         <script src=\"{base}{HOSTILE_JS}\"></script>\n\
         <script type=\"module\" src=\"{base}{glue}\"></script>\n\
         </head><body>{ELEMENT}</body></html>\n"
    );
    let clean = format!(
        "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n<title>A clean host</title>\n\
         <link rel=\"icon\" href=\"data:,\">\n<script type=\"module\" src=\"./{glue}\"></script>\n\
         </head><body>{ELEMENT}</body></html>\n"
    );
    let files = [
        (HOSTILE_PAGE, hostile),
        (CLEAN_PAGE, clean),
        (HOSTILE_CSS, HOSTILE_STYLES.into()),
        (HOSTILE_JS, HOSTILE_SCRIPT.into()),
    ];
    for (name, text) in &files {
        let path = site.dist.join(name);
        std::fs::write(&path, text).map_err(|e| format!("{}: {e}", path.display()))?;
    }
    Ok(files.map(|(name, _)| name).to_vec())
}

async fn compare(browser: &Browser, site: &Site) -> Result<(), String> {
    // The hostile page: the same result as worked by hand, and a floor change updates it.
    browser.goto(&format!("{}{HOSTILE_PAGE}", site.base_url)).await?;
    browser.wait_for_results(0).await?;
    browser.expect_no_console_errors("loading the element in the hostile page").await?;
    let setup = current_setup(browser, 0, Usage::Chat, 1).await?;
    let want = expected(&setup)?;
    let hostile_result = shown(browser, 0).await?;
    if hostile_result != want {
        return Err(format!("in the hostile page, {setup:?} shows {hostile_result:?}; worked value {want:?}"));
    }
    let hostile_png = element_png(browser).await?;
    let changed = crate::expect::Setup { floor_tok_s: parse(NEW_FLOOR), ..setup.clone() };
    browser.set_field(0, "floor", NEW_FLOOR).await?;
    wait_for_sizing(browser, 0, &expected(&changed)?, "the hostile page's element after its floor changed").await?;
    browser.expect_no_console_errors("changing the floor in the hostile page").await?;

    // The clean page: the same result, and the element looks the same.
    browser.goto(&format!("{}{CLEAN_PAGE}", site.base_url)).await?;
    browser.wait_for_results(0).await?;
    let clean_result = shown(browser, 0).await?;
    if clean_result != hostile_result {
        return Err(format!("the clean page shows {clean_result:?}, the hostile one {hostile_result:?}"));
    }
    let clean_png = element_png(browser).await?;
    let diff = pixel_difference(browser, &clean_png, &hostile_png).await?;
    let (width, height, differing) = (diff["width"].as_u64(), diff["height"].as_u64(), diff["differing"].as_u64());
    let (Some(width), Some(height), Some(differing)) = (width, height, differing) else {
        return Err(format!("the screenshots could not be compared: {diff}"));
    };
    let share = differing as f64 / (width * height).max(1) as f64;
    println!("        element screenshots {width}x{height} px: {differing} pixels differ ({:.3} %)", share * 100.0);
    if share > MAX_DIFFERING_SHARE {
        let path = site.screenshot_path.with_file_name("hostile-host.png");
        let _ = std::fs::write(&path, &hostile_png);
        return Err(format!(
            "{differing} of {width}x{height} pixels of the element differ from the clean page's ({:.2} % > {:.2} %); \
             the hostile page's screenshot is at {}: {diff}",
            share * 100.0,
            MAX_DIFFERING_SHARE * 100.0,
            path.display()
        ));
    }
    Ok(())
}

/// A PNG of the `<spark-sizer>` element (the part in the window).
async fn element_png(browser: &Browser) -> Result<Vec<u8>, String> {
    browser.settle().await?;
    let element =
        browser.client.find(Locator::Css("spark-sizer")).await.map_err(|e| format!("no <spark-sizer>: {e}"))?;
    element.screenshot().await.map_err(|e| format!("cannot take the element's screenshot: {e}"))
}

/// Decodes both PNGs in the browser (a canvas each) and counts the pixels that differ by more
/// than [`CHANNEL_TOLERANCE`] in some channel; sizes that differ count as a difference.
async fn pixel_difference(browser: &Browser, a: &[u8], b: &[u8]) -> Result<serde_json::Value, String> {
    use base64::Engine;
    let encode =
        |png: &[u8]| format!("data:image/png;base64,{}", base64::engine::general_purpose::STANDARD.encode(png));
    browser
        .client
        .execute_async(
            "const [a, b, tolerance, done] = arguments;
             const load = (src) => new Promise((resolve, reject) => {
               const image = new Image(); image.onload = () => resolve(image); image.onerror = reject; image.src = src;
             });
             const pixels = (image) => {
               const canvas = document.createElement('canvas');
               canvas.width = image.naturalWidth; canvas.height = image.naturalHeight;
               const context = canvas.getContext('2d');
               context.drawImage(image, 0, 0);
               return context.getImageData(0, 0, canvas.width, canvas.height).data;
             };
             Promise.all([load(a), load(b)]).then(([x, y]) => {
               if (x.naturalWidth !== y.naturalWidth || x.naturalHeight !== y.naturalHeight) {
                 done({ error: `sizes differ: ${x.naturalWidth}x${x.naturalHeight} vs ${y.naturalWidth}x${y.naturalHeight}` });
                 return;
               }
               const [p, q] = [pixels(x), pixels(y)];
               let differing = 0;
               for (let i = 0; i < p.length; i += 4) {
                 if (Math.abs(p[i] - q[i]) > tolerance || Math.abs(p[i + 1] - q[i + 1]) > tolerance
                     || Math.abs(p[i + 2] - q[i + 2]) > tolerance) differing += 1;
               }
               done({ width: x.naturalWidth, height: x.naturalHeight, differing });
             }, (error) => done({ error: String(error) }));",
            vec![json!(encode(a)), json!(encode(b)), json!(CHANNEL_TOLERANCE)],
        )
        .await
        .map_err(|e| format!("cannot compare the screenshots: {e}"))
}
