//! The browser the component and end-to-end tests drive: Debian's `chromium` and
//! `chromium-driver`, installed with apt-get when they are missing and apt-get may be used.
use crate::cmd::{self, stdout_of};
use crate::error::{TaskError, TaskResult};
use std::process::Command;

/// The Debian packages that provide `chromium` and `chromedriver`.
const PACKAGES: [&str; 2] = ["chromium", "chromium-driver"];

/// Makes `chromium` and `chromedriver` available: nothing to do when both are on PATH (or
/// `$CHROMEDRIVER` names a driver), else `apt-get install` as root or through `sudo -n`; without
/// either, one sentence that names the command to run.
pub fn ensure_browser() -> TaskResult {
    let has_driver = std::env::var_os("CHROMEDRIVER").is_some_and(|p| !p.is_empty()) || on_path("chromedriver");
    if has_driver && on_path("chromium") {
        return Ok(());
    }
    let prefix: &[&str] = if is_root() {
        &[]
    } else if stdout_of(Command::new("sudo").args(["-n", "true"])).is_some() {
        &["sudo", "-n"]
    } else {
        return Err(TaskError::Message(format!(
            "the browser tests need Chromium and its driver: run `sudo apt-get install {}` (or set CHROMEDRIVER)",
            PACKAGES.join(" ")
        )));
    };
    if !on_path("apt-get") {
        return Err(TaskError::Message(format!(
            "the browser tests need Chromium and chromedriver, and apt-get is not here to install `{}`: \
             install them with this system's package manager (or set CHROMEDRIVER)",
            PACKAGES.join(" ")
        )));
    }
    eprintln!("xtask: installing {} with apt-get (once)", PACKAGES.join(" "));
    cmd::run(apt_get(prefix).args(["update", "-qq"]))?;
    cmd::run(apt_get(prefix).args(["install", "-y", "-qq"]).args(PACKAGES))
}

/// `apt-get` behind `prefix` (`sudo -n` or nothing), never asking questions.
fn apt_get(prefix: &[&str]) -> Command {
    let mut command = match prefix.split_first() {
        Some((program, args)) => {
            let mut c = Command::new(program);
            c.args(args).arg("apt-get");
            c
        }
        None => Command::new("apt-get"),
    };
    command.env("DEBIAN_FRONTEND", "noninteractive");
    command
}

fn is_root() -> bool {
    stdout_of(Command::new("id").arg("-u")).is_some_and(|uid| uid.trim() == "0")
}

fn on_path(program: &str) -> bool {
    std::env::var_os("PATH").is_some_and(|path| std::env::split_paths(&path).any(|dir| dir.join(program).is_file()))
}
