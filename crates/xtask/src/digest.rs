//! Content hashes: short names for cache-busting asset files, and CSP source hashes.
use base64::Engine;
use sha2::{Digest, Sha256};

/// Hex digits of SHA-256 kept in a file name (64 bits: collisions are not a concern for a
/// handful of assets, and the name stays readable).
const NAME_HASH_HEX_DIGITS: usize = 16;

/// `stem-<hash>.ext` style tag for `bytes`: the first 16 hex digits of their SHA-256.
pub fn name_hash(bytes: &[u8]) -> String {
    let digest = Sha256::digest(bytes);
    let mut hex = String::with_capacity(NAME_HASH_HEX_DIGITS);
    for byte in digest.iter().take(NAME_HASH_HEX_DIGITS / 2) {
        hex.push_str(&format!("{byte:02x}"));
    }
    hex
}

/// A CSP hash source for an inline `<script>`/`<style>` body: `'sha256-<base64>'`.
///
/// # Formula
/// base64(SHA-256(exact UTF-8 text between the tags)), CSP Level 3 §2.3.1 "hash-source".
pub fn csp_hash_source(inline_text: &str) -> String {
    let digest = Sha256::digest(inline_text.as_bytes());
    format!("'sha256-{}'", base64::engine::general_purpose::STANDARD.encode(digest))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn name_hash_is_the_sha256_prefix() {
        // SHA-256("abc") = ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad
        assert_eq!(name_hash(b"abc"), "ba7816bf8f01cfea");
    }

    #[test]
    fn csp_hash_matches_the_browser_format() {
        // echo -n 'abc' | openssl dgst -sha256 -binary | base64
        assert_eq!(csp_hash_source("abc"), "'sha256-ungWv48Bz+pBQUDeXa4iI7ADYaOWF3qctBD/YfIAFa0='");
    }
}
