//! A log fed a piece at a time (`LogStream`, as the page reads a file in slices) reads as the
//! whole text does, wherever the pieces cut it; and a log far over `MAX_LOG_BYTES` streams in
//! bounded memory to the request cap, which it says.

use super::generator::{TRUTH, requests};
use super::writers;
use sizer_import::logs::{LogStream, LogWarning, MAX_LOG_BYTES, MAX_LOG_REQUESTS, read_logs};

/// The text fed in pieces of `size` bytes (cutting lines and, for `é`, characters).
fn in_pieces(text: &str, size: usize) -> LogStream {
    let mut stream = LogStream::new(None);
    for piece in text.as_bytes().chunks(size) {
        stream.feed_bytes(piece);
    }
    stream
}

#[test]
fn every_format_in_pieces_reads_as_the_whole_text() {
    let generated = requests(&TRUTH, 5);
    // A vLLM log with a non-ASCII line, so pieces of 7 bytes cut a character in two.
    let vllm = format!(
        "INFO 05-19 10:00:00 [api_server.py:1] Modèle chargé, prêt\n{}",
        writers::vllm_server(&generated, 3_600.0)
    );
    let texts = [
        writers::litellm_json(&generated),
        writers::openai_usage(&generated),
        writers::litellm_csv(&generated),
        writers::nginx(&generated),
        writers::caddy(&generated),
        vllm,
        writers::prometheus(&generated, 3_600.0, 15.0),
    ];
    for text in &texts {
        let whole = read_logs(text).expect("reads");
        for size in [7, 4_096, 1 << 20] {
            let streamed = in_pieces(text, size).finish().expect("reads in pieces");
            assert_eq!(streamed, whole, "{:?} in pieces of {size}", whole.format);
        }
    }
}

#[test]
fn a_log_twice_the_byte_limit_streams_to_the_request_cap_and_says_so() {
    // 200,001 JSON lines 4 ms apart (about 95 bytes each, 19 MB), then filler lines past
    // 2 x 100 MiB: the stream keeps times and counts to the cap, stops reading, and counts
    // the bytes fed.
    let mut stream = LogStream::new(None);
    let mut piece = String::new();
    for i in 0..=MAX_LOG_REQUESTS {
        let t = 1_747_612_800.0 + i as f64 * 0.004;
        piece.push_str(&format!(
            "{{\"timestamp\": {t:.3}, \"usage\": {{\"prompt_tokens\": 900, \"completion_tokens\": 90}}}}\n"
        ));
        if piece.len() > 1 << 20 {
            stream.feed(&piece);
            piece.clear();
        }
    }
    stream.feed(&piece);
    assert!(!stream.wants_more(), "the cap stops the reader");
    let filler = "{\"timestamp\": 1.0}\n".repeat(1 << 16);
    while stream.bytes() <= 2 * MAX_LOG_BYTES as u64 {
        stream.feed(&filler);
    }
    let load = stream.finish().expect("reads");
    assert_eq!(load.requests as usize, MAX_LOG_REQUESTS);
    assert!(load.warnings.contains(&LogWarning::CapReached), "{:?}", load.warnings);
    // 199,999 gaps of 4 ms: 250 req/s, the lengths as written.
    assert!((load.rate_per_s - 250.0).abs() < 0.01, "{}", load.rate_per_s);
    assert_eq!(load.prompt_tokens.expect("prompt").mean, 900.0);
}
