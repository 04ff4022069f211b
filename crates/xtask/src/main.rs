//! `cargo xtask <task>`: dist, serve, test, calibrate, arena-data (see `--help`).
use std::process::ExitCode;
use xtask::paths::workspace_root;

const USAGE: &str = "\
usage: cargo xtask <task>

tasks:
  dist                  release build of the widget into dist/ (hashed assets, embed example,
                        single-file offline page) and a size report
  serve [--port N]      dist, then serve dist/ on http://127.0.0.1:N/ (default 8080)
  test                  every test: native, core no_std for wasm32, widget tests in headless
                        Chromium, dist, end-to-end in headless Chromium
  embed [--ATTRIBUTE VALUE]... [--base URL]
                        prints a <spark-sizer> snippet with that configuration prerendered in
                        its shadow root (for the dist/ built last); one option per element
                        attribute (--run ID, --floor N, --lang en|de, the team's, ...)
  calibrate             the arena's 19 runs: fit each engine to its closed-loop files, predict its
                        open-loop steps beside today's simulation, write docs/CALIBRATION.md
  calibrate-architecture
                        every arena run predicted from its architecture alone, leave one model
                        out, beside the roofline and its fitted engine: writes
                        docs/CALIBRATION-ARCHITECTURE.md
  arena-data            the arena's 19 runs as dataset runs and sources, generated from their
                        files: writes crates/sizer-data/data/arena.json
  bench [--runs N …]    dist, the core's micro-benchmarks and the page benchmark in headless
                        Chromium; prints the table and writes BENCHMARKS.md";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let root = workspace_root();
    let result = match args.first().map(String::as_str) {
        Some("dist") => xtask::dist::dist(&root).map(|_| ()),
        Some("serve") => parse_port(&args[1..]).and_then(|port| xtask::serve::serve(&root, port)),
        Some("test") => xtask::test::test_all(&root),
        Some("embed") => xtask::embed::embed(&root, &args[1..]),
        Some("calibrate") => xtask::calibrate::calibrate(&root),
        Some("calibrate-architecture") => xtask::calibrate_architecture::calibrate_architecture(&root),
        Some("arena-data") => xtask::arena_data::arena_data(&root),
        Some("bench") => xtask::bench::bench(&root, &args[1..]),
        Some("-h" | "--help" | "help") => {
            println!("{USAGE}");
            Ok(())
        }
        other => Err(xtask::error::TaskError::Message(format!("unknown task {:?}\n\n{USAGE}", other.unwrap_or("")))),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("xtask: error: {error}");
            ExitCode::FAILURE
        }
    }
}

fn parse_port(args: &[String]) -> xtask::error::TaskResult<u16> {
    const DEFAULT_PORT: u16 = 8080;
    match args {
        [] => Ok(DEFAULT_PORT),
        [flag, port] if flag == "--port" => port
            .parse()
            .map_err(|_| xtask::error::TaskError::Message(format!("--port wants a number 0-65535, got {port:?}"))),
        _ => Err(xtask::error::TaskError::Message(format!("serve takes only `--port N`, got {args:?}"))),
    }
}
