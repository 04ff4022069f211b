//! End-to-end tests of the built `dist/` in headless Chromium: serves `dist/` on 127.0.0.1,
//! drives Debian's Chromium through chromedriver (fantoccini), checks the page against values
//! worked out by hand (`expect.rs`), and takes a screenshot of the page.
//!
//! `cargo run -p sizer-e2e -- dist` (run by `cargo xtask test` after `cargo xtask dist`) saves
//! the screenshot under the target dir, so a test run leaves the working tree clean;
//! `cargo run -p sizer-e2e -- dist --readme-screenshot` replaces the README's `docs/screenshot.png`.
mod browser;
mod charts;
mod checks;
mod element_api;
mod expect;
mod hostile_host;
mod import_architecture;
mod import_suite;
mod measured_load;
mod missing_rest;
mod predict_api;
mod read_logs;
mod screenshots;
mod share_links;
mod simulation_model;
mod size_simulate;

use browser::Browser;
use checks::Site;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use xtask::chromedriver::Chromedriver;
use xtask::static_server::StaticServer;

fn main() -> ExitCode {
    let args: Vec<std::ffi::OsString> = std::env::args_os().skip(1).collect();
    let readme_screenshot = args.iter().any(|arg| arg == "--readme-screenshot");
    let positional: Vec<&std::ffi::OsString> = args.iter().filter(|arg| *arg != "--readme-screenshot").collect();
    let [dist] = positional.as_slice() else {
        eprintln!("usage: sizer-e2e <dist dir> [--readme-screenshot]   (build it with `cargo xtask dist`)");
        return ExitCode::FAILURE;
    };
    let dist = PathBuf::from(dist);
    let runtime = match tokio::runtime::Builder::new_current_thread().enable_all().build() {
        Ok(runtime) => runtime,
        Err(e) => {
            eprintln!("sizer-e2e: no async runtime: {e}");
            return ExitCode::FAILURE;
        }
    };
    match runtime.block_on(run(&dist, readme_screenshot)) {
        Ok(0) => ExitCode::SUCCESS,
        Ok(_) => ExitCode::FAILURE,
        Err(setup_error) => {
            eprintln!("sizer-e2e: set-up failed: {setup_error}");
            println!("0 passed, 1 failed");
            ExitCode::FAILURE
        }
    }
}

/// Runs every check; returns how many failed. The screenshot goes to the README's
/// `docs/screenshot.png` only when `readme_screenshot` is set.
async fn run(dist: &Path, readme_screenshot: bool) -> Result<usize, String> {
    let offline = dist.join(xtask::dist::OFFLINE_PAGE);
    if !dist.join("index.html").is_file() || !offline.is_file() {
        return Err(format!(
            "{} lacks index.html or {}: run `cargo xtask dist` first",
            dist.display(),
            xtask::dist::OFFLINE_PAGE
        ));
    }
    let server = StaticServer::bind(dist, 0).map_err(|e| format!("cannot serve {}: {e}", dist.display()))?;
    let base_url = server.url().map_err(|e| e.to_string())?;
    server.spawn();
    let driver = Chromedriver::start()?;
    let profile = std::env::temp_dir().join(format!("sizer-e2e-profile-{}", std::process::id()));
    let browser = Browser::open(&driver.url(), &profile).await?;
    let root = xtask::paths::workspace_root();
    let screenshot_dir =
        if readme_screenshot { root.join("docs") } else { xtask::paths::target_dir(&root).join("sizer-e2e") };
    std::fs::create_dir_all(&screenshot_dir).map_err(|e| format!("{}: {e}", screenshot_dir.display()))?;
    let site = Site {
        base_url,
        dist: dist.to_path_buf(),
        offline_url: checks::file_url(&offline)?,
        screenshot_path: screenshot_dir.join("screenshot.png"),
    };
    println!("sizer-e2e: {} in headless Chromium", site.base_url);

    let mut failed = 0;
    let mut passed = 0;
    macro_rules! check {
        ($name:ident) => {
            check!(checks::$name)
        };
        ($module:ident :: $name:ident) => {{
            let outcome = $module::$name(&browser, &site).await;
            let label = stringify!($name).replace('_', " ");
            match outcome {
                Ok(()) => {
                    passed += 1;
                    println!("ok      {label}");
                }
                Err(reason) => {
                    failed += 1;
                    println!("FAILED  {label}\n    {reason}");
                }
            }
        }};
    }
    check!(standalone_page_loads_clean_with_the_core_sizing);
    check!(prerendered_page_shows_the_rest_after_its_first_paint);
    check!(charts::prerendered_charts_are_svg_until_the_canvas_is_drawn);
    check!(screenshot_for_the_readme);
    check!(markup_from_another_build_is_rendered_afresh);
    check!(floor_and_run_change_the_result_to_the_core_value);
    check!(bad_floor_shows_an_error_and_the_rest_keeps_working);
    check!(url_fragment_round_trips_a_scenario);
    check!(requests_stay_on_the_origin_and_preloads_are_used);
    check!(embedded_instances_are_independent);
    check!(hostile_host::spark_sizer_element_in_a_hostile_host_looks_and_works_the_same);
    check!(element_api::spark_sizer_element_is_prerendered_and_follows_its_attributes);
    check!(missing_rest::a_missing_second_module_is_named_and_the_result_stays);
    check!(offline_file_works_from_disk);
    check!(screenshots::embedded_instances_have_their_own_ids);
    check!(screenshots::the_theme_is_kept_across_reloads);
    check!(screenshots::screenshots_at_390_and_1280_px_en_de_light_dark);
    check!(share_links::links_keep_their_valid_parts_in_the_built_page);
    check!(share_links::a_link_to_an_arena_run_opens_it_after_the_second_module);
    check!(measured_load::an_arena_runs_measured_load_is_shown_and_drawn);
    check!(simulation_model::the_simulation_names_the_model_it_ran);
    check!(predict_api::predict_in_the_page_equals_the_native_prediction);
    check!(size_simulate::size_and_simulate_agree_in_the_page);
    check!(import_suite::an_arena_folder_given_at_once_is_one_run_with_its_measured_load);
    check!(import_architecture::a_config_json_dropped_on_the_page_is_sized_and_labelled);
    check!(read_logs::logs_dropped_on_the_page_give_the_load_its_chart_and_a_prediction);

    // The session ends with the process either way; a failure to close it changes no verdict.
    let _ = browser.client.close().await;
    drop(driver);
    let _ = std::fs::remove_dir_all(&profile);
    println!("{passed} passed, {failed} failed");
    Ok(failed)
}
