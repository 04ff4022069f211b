//! What a page downloads: raw, gzip and brotli size of each built file.
use std::io::Write;

/// Sizes of one file, in bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Sizes {
    pub raw: usize,
    pub gzip: usize,
    pub brotli: usize,
}

impl std::ops::Add for Sizes {
    type Output = Sizes;
    fn add(self, other: Sizes) -> Sizes {
        Sizes { raw: self.raw + other.raw, gzip: self.gzip + other.gzip, brotli: self.brotli + other.brotli }
    }
}

/// Measures `bytes` as a server would send them: gzip -9 and brotli quality 11 (window 22),
/// the settings of `gzip --best` and the `brotli` CLI's default.
pub fn measure(bytes: &[u8]) -> Sizes {
    Sizes { raw: bytes.len(), gzip: gzip_len(bytes), brotli: brotli_len(bytes) }
}

fn gzip_len(bytes: &[u8]) -> usize {
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    // Writing into a Vec cannot fail.
    let written = encoder.write_all(bytes).and_then(|()| encoder.finish());
    written.map(|out| out.len()).unwrap_or(0)
}

fn brotli_len(bytes: &[u8]) -> usize {
    const QUALITY: u32 = 11;
    const WINDOW_LOG2: u32 = 22;
    let mut out = Vec::new();
    {
        let mut writer = brotli::CompressorWriter::new(&mut out, 4096, QUALITY, WINDOW_LOG2);
        if writer.write_all(bytes).is_err() {
            return 0;
        }
    }
    out.len()
}

/// A row of the size table: `name  raw  gzip  brotli` (bytes, and KiB for the compressed).
pub fn table_row(name: &str, sizes: Sizes) -> String {
    format!(
        "{name:<40} {raw:>10} {gzip:>10} {brotli:>10}   ({gzip_kib:.1} KiB gzip, {brotli_kib:.1} KiB br)",
        raw = sizes.raw,
        gzip = sizes.gzip,
        brotli = sizes.brotli,
        gzip_kib = sizes.gzip as f64 / 1024.0,
        brotli_kib = sizes.brotli as f64 / 1024.0,
    )
}

pub fn table_header() -> String {
    format!("{:<40} {:>10} {:>10} {:>10}", "file", "raw B", "gzip B", "brotli B")
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Read;

    #[test]
    fn compressed_sizes_round_trip_and_shrink_repetitive_text() {
        let text = "spark sizer ".repeat(1000);
        let sizes = measure(text.as_bytes());
        assert_eq!(sizes.raw, 12_000);
        assert!(sizes.gzip > 20 && sizes.gzip < 200, "gzip {}", sizes.gzip);
        assert!(sizes.brotli > 5 && sizes.brotli < 200, "brotli {}", sizes.brotli);

        let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
        encoder.write_all(text.as_bytes()).unwrap();
        let gz = encoder.finish().unwrap();
        assert_eq!(gz.len(), sizes.gzip);
        let mut back = String::new();
        flate2::read::GzDecoder::new(&gz[..]).read_to_string(&mut back).unwrap();
        assert_eq!(back, text);
    }
}
