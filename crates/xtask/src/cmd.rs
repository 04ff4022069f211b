//! Running child programs: echo the command, stream its output, fail with its name.
use crate::error::{TaskError, TaskResult};
use std::process::Command;

/// `program args…` as a person would type it (for messages).
pub fn describe(cmd: &Command) -> String {
    let mut text = cmd.get_program().to_string_lossy().into_owned();
    for arg in cmd.get_args() {
        text.push(' ');
        text.push_str(&arg.to_string_lossy());
    }
    text
}

/// Runs `cmd` with inherited stdio (its output streams live) and fails unless it succeeds.
pub fn run(cmd: &mut Command) -> TaskResult {
    let command = describe(cmd);
    eprintln!("$ {command}");
    let status = cmd
        .status()
        .map_err(|source| TaskError::Spawn { program: cmd.get_program().to_string_lossy().into_owned(), source })?;
    if status.success() { Ok(()) } else { Err(TaskError::Failed { command, status }) }
}

/// Runs `cmd` quietly and returns its stdout, or `None` when it cannot start or fails.
pub fn stdout_of(cmd: &mut Command) -> Option<String> {
    let output = cmd.output().ok()?;
    output.status.success().then(|| String::from_utf8_lossy(&output.stdout).into_owned())
}

/// The `cargo` that runs this task (so a toolchain override applies to the children too).
pub fn cargo() -> Command {
    Command::new(std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into()))
}
