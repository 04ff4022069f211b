//! Build automation for Spark Sizer (matklad's xtask pattern): `cargo xtask <task>`.
use std::process::{Command, ExitCode};

fn main() -> ExitCode {
    let task = std::env::args().nth(1).unwrap_or_default();
    let result = match task.as_str() {
        "test" => test(),
        _ => Err(format!("unknown task {task:?}; tasks: test")),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("xtask: {e}");
            ExitCode::FAILURE
        }
    }
}

fn run(cmd: &mut Command) -> Result<(), String> {
    let status = cmd.status().map_err(|e| format!("{cmd:?}: {e}"))?;
    if status.success() { Ok(()) } else { Err(format!("{cmd:?} failed: {status}")) }
}

fn test() -> Result<(), String> {
    run(Command::new("rustup").args(["target", "add", "wasm32-unknown-unknown"]))?;
    run(Command::new("cargo").args(["build", "-p", "sizer-core", "--target", "wasm32-unknown-unknown", "--no-default-features"]))?;
    run(Command::new("cargo").args(["test", "--workspace", "--exclude", "sizer-widget"]))
}
