//! `cargo xtask serve`: build `dist/` and serve it on 127.0.0.1.
use crate::dist::dist;
use crate::error::{TaskError, TaskResult};
use crate::static_server::StaticServer;
use std::path::Path;

pub fn serve(root: &Path, port: u16) -> TaskResult {
    let built = dist(root)?;
    let server = StaticServer::bind(&built.dir, port).map_err(|e| {
        TaskError::Message(format!("cannot listen on 127.0.0.1:{port}: {e} (try `cargo xtask serve --port 8081`)"))
    })?;
    let url = server.url().map_err(TaskError::io(&built.dir))?;
    println!("\nSpark Sizer is served at {url}");
    println!("  embed example: {url}embed.html    single-file build: {url}{}", crate::dist::OFFLINE_PAGE);
    println!("  (Ctrl-C to stop)");
    server.serve_forever();
    Ok(())
}
