//! The share URL's compact point list: round trip and validation.

use sizer_import::{ShareError, decode_points, encode_points};

#[test]
fn round_trip() {
    let points = [(1.0, 81.2), (8.0, 37.3), (32.0, 7.2184375)];
    let text = encode_points(&points).expect("valid points");
    assert_eq!(text, "1:81.2,8:37.3,32:7.22");
    assert_eq!(decode_points(&text), Ok(vec![(1.0, 81.2), (8.0, 37.3), (32.0, 7.22)]));
}

#[test]
fn fractional_concurrency_keeps_three_decimals() {
    assert_eq!(encode_points(&[(0.5, 100.0), (2.125, 50.0)]).as_deref(), Ok("0.5:100,2.125:50"));
}

#[test]
fn refusals() {
    assert_eq!(decode_points(""), Err(ShareError::Empty));
    assert_eq!(encode_points(&[]), Err(ShareError::Empty));
    assert_eq!(decode_points("1:81.2,<script>"), Err(ShareError::BadCharacter { position: 7 }));
    assert_eq!(decode_points("1:-5"), Err(ShareError::BadCharacter { position: 2 }));
    assert_eq!(decode_points("1:81.2,8"), Err(ShareError::BadPoint { index: 1 }));
    assert_eq!(decode_points("1::2"), Err(ShareError::BadPoint { index: 0 }));
    assert_eq!(decode_points("1.:2"), Err(ShareError::BadPoint { index: 0 }));
    assert_eq!(decode_points("1.2.3:2"), Err(ShareError::BadPoint { index: 0 }));
    assert_eq!(decode_points("0:81.2"), Err(ShareError::OutOfRange { index: 0 }));
    assert_eq!(decode_points("1:0"), Err(ShareError::OutOfRange { index: 0 }));
    assert_eq!(decode_points("200000:5"), Err(ShareError::OutOfRange { index: 0 }));
    assert_eq!(decode_points("8:37.3,1:81.2"), Err(ShareError::NotIncreasing { index: 1 }));
    assert_eq!(decode_points("8:37.3,8:36"), Err(ShareError::NotIncreasing { index: 1 }));
    let many: Vec<String> = (1..=65).map(|c| format!("{c}:10")).collect();
    assert_eq!(decode_points(&many.join(",")), Err(ShareError::TooLong { limit: 64 }));
    assert_eq!(decode_points(&"1".repeat(3000)), Err(ShareError::TooLong { limit: 2048 }));
    assert_eq!(encode_points(&[(1.0, 5.0), (2.0, f64::NAN)]), Err(ShareError::OutOfRange { index: 1 }));
    assert_eq!(encode_points(&[(-1.0, 5.0)]), Err(ShareError::OutOfRange { index: 0 }));
    assert_eq!(encode_points(&[(1.0, 0.001)]), Err(ShareError::OutOfRange { index: 0 }), "rounds to 0");
}
