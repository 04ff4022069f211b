//! A chromedriver child process on a free local port, stopped when dropped. Shared by the
//! end-to-end driver (sizer-e2e) and the page benchmark (sizer-bench): one driver serves every
//! run; each run opens its own session (its own Chromium with a fresh profile).
use std::net::{TcpListener, TcpStream};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// How long chromedriver may take to accept connections.
const STARTUP_DEADLINE: Duration = Duration::from_secs(20);
const POLL_INTERVAL: Duration = Duration::from_millis(50);

/// A running chromedriver; `url()` is its WebDriver endpoint.
pub struct Chromedriver {
    child: Child,
    port: u16,
}

impl Chromedriver {
    /// Starts `$CHROMEDRIVER`, else `chromedriver` on PATH, and waits until it listens.
    pub fn start() -> Result<Chromedriver, String> {
        let program: PathBuf = crate::toolchain::chromedriver().map_err(|e| e.to_string())?;
        let port = free_port()?;
        let child = Command::new(&program)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot start {}: {e}", program.display()))?;
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

    /// The WebDriver endpoint to connect a client to.
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
