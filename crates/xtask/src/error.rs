//! The one error type of every task: says what failed and what to do about it.
use std::fmt;
use std::path::PathBuf;
use std::process::ExitStatus;

/// Why a task stopped.
#[derive(Debug)]
pub enum TaskError {
    /// A program could not be started at all (usually: not installed).
    Spawn { program: String, source: std::io::Error },
    /// A program ran and failed.
    Failed { command: String, status: ExitStatus },
    /// Reading or writing a file failed.
    Io { path: PathBuf, source: std::io::Error },
    /// Anything else, with a message that names the fix.
    Message(String),
}

impl TaskError {
    pub fn io(path: impl Into<PathBuf>) -> impl FnOnce(std::io::Error) -> TaskError {
        let path = path.into();
        move |source| TaskError::Io { path, source }
    }
}

impl fmt::Display for TaskError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TaskError::Spawn { program, source } => {
                write!(f, "could not start `{program}`: {source} (is it installed and on PATH?)")
            }
            TaskError::Failed { command, status } => write!(f, "`{command}` failed ({status})"),
            TaskError::Io { path, source } => write!(f, "{}: {source}", path.display()),
            TaskError::Message(message) => f.write_str(message),
        }
    }
}

impl std::error::Error for TaskError {}

pub type TaskResult<T = ()> = Result<T, TaskError>;
