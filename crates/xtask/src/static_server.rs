//! A tiny static file server over `std::net` for `dist/`: GET and HEAD, the right MIME types
//! (`.wasm` is `application/wasm`, which streaming compilation requires), long caching for
//! content-hashed names and revalidation for pages. One thread per connection; 127.0.0.1 only.
use std::io::{BufRead, BufReader, Write};
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::path::{Component, Path, PathBuf};
use std::time::Duration;

/// A bound server; call [`StaticServer::serve_forever`] or [`StaticServer::spawn`].
pub struct StaticServer {
    listener: TcpListener,
    root: PathBuf,
}

impl StaticServer {
    /// Binds 127.0.0.1:`port` (0 picks a free port) to serve the files under `root`.
    pub fn bind(root: &Path, port: u16) -> std::io::Result<StaticServer> {
        let listener = TcpListener::bind(("127.0.0.1", port))?;
        Ok(StaticServer { listener, root: root.to_path_buf() })
    }

    pub fn addr(&self) -> std::io::Result<SocketAddr> {
        self.listener.local_addr()
    }

    /// `http://127.0.0.1:<port>/`
    pub fn url(&self) -> std::io::Result<String> {
        Ok(format!("http://{}/", self.addr()?))
    }

    /// Answers requests until the process ends.
    pub fn serve_forever(self) {
        for stream in self.listener.incoming().flatten() {
            let root = self.root.clone();
            std::thread::spawn(move || {
                // A client that hangs up mid-request is not our error to report.
                let _ = handle(stream, &root);
            });
        }
    }

    /// Serves on a background thread (for tests and the e2e driver).
    pub fn spawn(self) -> std::thread::JoinHandle<()> {
        std::thread::spawn(move || self.serve_forever())
    }
}

/// The `Content-Type` for a file name.
pub fn mime_type(path: &Path) -> &'static str {
    match path.extension().and_then(|e| e.to_str()).unwrap_or("") {
        "html" | "htm" => "text/html; charset=utf-8",
        "js" | "mjs" => "text/javascript; charset=utf-8",
        "wasm" => "application/wasm",
        "css" => "text/css; charset=utf-8",
        "json" => "application/json",
        "svg" => "image/svg+xml",
        "png" => "image/png",
        "ico" => "image/x-icon",
        "txt" | "md" => "text/plain; charset=utf-8",
        _ => "application/octet-stream",
    }
}

/// Hashed names (`name-<16 hex>.ext`, `name-<16 hex>_bg.wasm`) never change content.
fn is_content_hashed(path: &Path) -> bool {
    let stem = path.file_stem().and_then(|s| s.to_str()).unwrap_or("");
    let stem = stem.strip_suffix("_bg").unwrap_or(stem);
    stem.rsplit_once('-').is_some_and(|(_, hash)| hash.len() == 16 && hash.bytes().all(|b| b.is_ascii_hexdigit()))
}

fn handle(stream: TcpStream, root: &Path) -> std::io::Result<()> {
    stream.set_read_timeout(Some(Duration::from_secs(10)))?;
    let mut reader = BufReader::new(stream.try_clone()?);
    let mut request_line = String::new();
    reader.read_line(&mut request_line)?;
    // Drain the headers; nothing in them changes the answer.
    loop {
        let mut header = String::new();
        if reader.read_line(&mut header)? == 0 || header == "\r\n" || header == "\n" {
            break;
        }
    }
    let mut parts = request_line.split_whitespace();
    let (method, target) = (parts.next().unwrap_or(""), parts.next().unwrap_or(""));
    let mut stream = stream;
    if method != "GET" && method != "HEAD" {
        return respond(
            &mut stream,
            "405 Method Not Allowed",
            "text/plain; charset=utf-8",
            "",
            b"method not allowed\n",
            true,
        );
    }
    let Some(path) = resolve(root, target) else {
        return respond(&mut stream, "400 Bad Request", "text/plain; charset=utf-8", "", b"bad path\n", true);
    };
    match std::fs::read(&path) {
        Ok(body) => {
            let cache = if is_content_hashed(&path) { "public, max-age=31536000, immutable" } else { "no-cache" };
            respond(&mut stream, "200 OK", mime_type(&path), cache, &body, method == "GET")
        }
        Err(_) => {
            respond(&mut stream, "404 Not Found", "text/plain; charset=utf-8", "", b"not found\n", method == "GET")
        }
    }
}

/// The file for a request target under `root`, or `None` when it would leave `root`.
fn resolve(root: &Path, target: &str) -> Option<PathBuf> {
    let path = target.split(['?', '#']).next().unwrap_or("");
    let decoded = percent_decode(path)?;
    let relative = Path::new(decoded.trim_start_matches('/'));
    if !relative.components().all(|c| matches!(c, Component::Normal(_))) {
        return None;
    }
    let full = root.join(relative);
    Some(if full.is_dir() { full.join("index.html") } else { full })
}

fn percent_decode(text: &str) -> Option<String> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = std::str::from_utf8(bytes.get(i + 1..i + 3)?).ok()?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    let decoded = String::from_utf8(out).ok()?;
    (!decoded.contains('\0') && !decoded.contains('\\')).then_some(decoded)
}

fn respond(
    stream: &mut TcpStream,
    status: &str,
    content_type: &str,
    cache: &str,
    body: &[u8],
    send_body: bool,
) -> std::io::Result<()> {
    let mut head = format!(
        "HTTP/1.1 {status}\r\nContent-Type: {content_type}\r\nContent-Length: {}\r\n\
         X-Content-Type-Options: nosniff\r\nConnection: close\r\n",
        body.len()
    );
    if !cache.is_empty() {
        head.push_str(&format!("Cache-Control: {cache}\r\n"));
    }
    head.push_str("\r\n");
    stream.write_all(head.as_bytes())?;
    if send_body {
        stream.write_all(body)?;
    }
    stream.flush()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Read;

    fn fetch(addr: SocketAddr, request: &str) -> String {
        let mut stream = TcpStream::connect(addr).unwrap();
        stream.write_all(request.as_bytes()).unwrap();
        let mut response = String::new();
        stream.read_to_string(&mut response).unwrap();
        response
    }

    fn serve_temp_dir(name: &str) -> SocketAddr {
        let dir = std::env::temp_dir().join(format!("xtask-server-test-{name}-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("sub")).unwrap();
        std::fs::write(dir.join("index.html"), "<p>home</p>").unwrap();
        std::fs::write(dir.join("sub/index.html"), "<p>sub</p>").unwrap();
        std::fs::write(dir.join("sizer-widget-0123456789abcdef_bg.wasm"), b"\0asm").unwrap();
        let server = StaticServer::bind(&dir, 0).unwrap();
        let addr = server.addr().unwrap();
        server.spawn();
        addr
    }

    #[test]
    fn serves_wasm_as_application_wasm_with_immutable_caching() {
        let addr = serve_temp_dir("wasm");
        let response = fetch(addr, "GET /sizer-widget-0123456789abcdef_bg.wasm HTTP/1.1\r\nHost: x\r\n\r\n");
        assert!(response.starts_with("HTTP/1.1 200 OK\r\n"), "{response}");
        assert!(response.contains("Content-Type: application/wasm\r\n"));
        assert!(response.contains("Content-Length: 4\r\n"));
        assert!(response.contains("Cache-Control: public, max-age=31536000, immutable\r\n"));
        assert!(response.ends_with("\r\n\r\n\0asm"));
    }

    #[test]
    fn directories_serve_their_index_and_pages_revalidate() {
        let addr = serve_temp_dir("index");
        let root = fetch(addr, "GET /?x=1 HTTP/1.1\r\n\r\n");
        assert!(root.contains("Content-Type: text/html; charset=utf-8\r\n") && root.ends_with("<p>home</p>"), "{root}");
        assert!(root.contains("Cache-Control: no-cache\r\n"));
        let sub = fetch(addr, "GET /sub/ HTTP/1.1\r\n\r\n");
        assert!(sub.ends_with("<p>sub</p>"), "{sub}");
        let head = fetch(addr, "HEAD /index.html HTTP/1.1\r\n\r\n");
        assert!(head.contains("Content-Length: 11\r\n") && head.ends_with("\r\n\r\n"), "{head}");
    }

    #[test]
    fn refuses_paths_that_leave_the_root_and_unknown_methods() {
        let addr = serve_temp_dir("escape");
        assert!(fetch(addr, "GET /../etc/passwd HTTP/1.1\r\n\r\n").starts_with("HTTP/1.1 400"));
        assert!(fetch(addr, "GET /%2e%2e/etc/passwd HTTP/1.1\r\n\r\n").starts_with("HTTP/1.1 400"));
        assert!(fetch(addr, "GET /missing.js HTTP/1.1\r\n\r\n").starts_with("HTTP/1.1 404"));
        assert!(fetch(addr, "POST / HTTP/1.1\r\n\r\n").starts_with("HTTP/1.1 405"));
    }

    #[test]
    fn only_sixteen_hex_digit_tags_count_as_content_hashed() {
        assert!(is_content_hashed(Path::new("styles-0123456789abcdef.css")));
        assert!(is_content_hashed(Path::new("sizer-widget-0123456789abcdef_bg.wasm")));
        assert!(!is_content_hashed(Path::new("sizer-widget.js")));
        assert!(!is_content_hashed(Path::new("spark-sizer-offline.html")));
    }
}
