//! A chromedriver child process on a free local port, stopped when dropped.
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// How long chromedriver may take to accept connections.
const STARTUP_DEADLINE: Duration = Duration::from_secs(20);
const POLL_INTERVAL: Duration = Duration::from_millis(50);

pub struct Chromedriver {
    child: Child,
    port: u16,
}

impl Chromedriver {
    /// Starts `program` (`$CHROMEDRIVER`, else `chromedriver` on PATH) and waits until it listens.
    pub fn start() -> Result<Chromedriver, String> {
        let program = std::env::var_os("CHROMEDRIVER")
            .filter(|p| !p.is_empty())
            .map(PathBuf::from)
            .unwrap_or_else(|| PathBuf::from("chromedriver"));
        let port = free_port()?;
        let child = Command::new(&program)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| start_error(&program, &e))?;
        let driver = Chromedriver { child, port };
        let started = Instant::now();
        while TcpStream::connect(("127.0.0.1", port)).is_err() {
            if started.elapsed() > STARTUP_DEADLINE {
                return Err(format!("chromedriver did not listen on port {port} within {STARTUP_DEADLINE:?}"));
            }
            std::thread::sleep(POLL_INTERVAL);
        }
        Ok(driver)
    }

    pub fn url(&self) -> String {
        format!("http://127.0.0.1:{}/", self.port)
    }
}

impl Drop for Chromedriver {
    fn drop(&mut self) {
        // Already gone is fine: nothing to stop.
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn free_port() -> Result<u16, String> {
    let listener = TcpListener::bind(("127.0.0.1", 0)).map_err(|e| format!("no free local port: {e}"))?;
    listener.local_addr().map(|a| a.port()).map_err(|e| format!("no free local port: {e}"))
}

fn start_error(program: &Path, error: &std::io::Error) -> String {
    format!(
        "cannot start {}: {error} (install Debian's `chromium` and `chromium-driver`, or set CHROMEDRIVER)",
        program.display()
    )
}
