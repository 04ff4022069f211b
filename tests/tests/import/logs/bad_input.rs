//! Bad input: nothing readable, too few requests, a clock jump, mixed formats, too large, too
//! many requests; each said in one sentence, partial results labelled by their warnings.

use super::generator::{DAY0, TRUTH, requests};
use super::writers;
use sizer_import::logs::{
    CsvColumns, LogError, LogFormat, LogWarning, MAX_LOG_BYTES, MAX_LOG_REQUESTS, read_logs, read_logs_with,
};

#[test]
fn nothing_readable_is_one_sentence() {
    for text in ["", "hello\nworld\n", "just prose, no times"] {
        let error = read_logs(text).expect_err("unreadable");
        assert_eq!(error, LogError::Unreadable);
        let sentence = error.to_string();
        assert!(sentence.ends_with('.') && sentence.matches(". ").count() == 0, "{sentence}");
    }
}

#[test]
fn one_request_is_too_few_and_a_few_give_no_burstiness() {
    let one = "{\"timestamp\": 1747612800.5, \"usage\": {\"prompt_tokens\": 10, \"completion_tokens\": 5}}\n";
    let error = read_logs(one).expect_err("too few");
    assert_eq!(error, LogError::TooFewRequests { format: LogFormat::RequestJson, requests: 1 });
    let few: String =
        requests(&TRUTH, 7).iter().take(20).map(|r| format!("{{\"timestamp\": {:.3}}}\n", DAY0 + r.start)).collect();
    let load = read_logs(&few).expect("reads");
    assert_eq!((load.requests, load.burstiness), (20, None));
    assert_eq!(load.warnings, vec![LogWarning::TooFewForBurstiness { requests: 20 }]);
    assert!(load.warnings[0].to_string().contains("at least 100"));
}

#[test]
fn a_clock_jump_and_skipped_lines_are_said() {
    let mut text = writers::openai_usage(&requests(&TRUTH, 8)[..300]);
    // A line two hours back, in the middle, and one that is broken.
    text.insert_str(text.len() / 2, &format!("{{\"timestamp\": {}}}\n{{\"timestamp\": \n", DAY0 - 7200.0));
    let load = read_logs(&text).expect("reads");
    assert_eq!(load.warnings, vec![LogWarning::ClockJump { times: 1 }, LogWarning::LinesSkipped { lines: 1 }]);
    assert!(load.warnings[0].to_string().starts_with("The clock goes back"));
}

#[test]
fn mixed_formats_keep_the_larger_one() {
    let generated = requests(&TRUTH, 9);
    let text = writers::openai_usage(&generated[..500]) + &writers::nginx(&generated[..10]);
    let load = read_logs(&text).expect("reads");
    assert_eq!(load.format, LogFormat::RequestJson);
    // nginx lines: ten requests and ten health checks.
    assert_eq!(load.warnings, vec![LogWarning::MixedFormats { other: LogFormat::Nginx, lines: 20 }]);
}

#[test]
fn a_huge_input_is_refused_and_the_cap_is_said() {
    let huge = " ".repeat(MAX_LOG_BYTES + 1);
    assert_eq!(read_logs(&huge), Err(LogError::TooLarge { bytes: MAX_LOG_BYTES + 1 }));
    drop(huge);
    let mut csv = String::from("time,prompt,answer\n");
    for i in 0..=MAX_LOG_REQUESTS {
        csv += &format!("{}.{:03},1,1\n", 1_747_612_800 + i / 4, i % 4 * 250);
    }
    let columns = CsvColumns::new("time", Some("prompt"), Some("answer")).expect("named");
    let load = read_logs_with(&csv, Some(&columns)).expect("reads");
    assert_eq!(load.requests as usize, MAX_LOG_REQUESTS);
    assert!(load.warnings.contains(&LogWarning::CapReached), "{:?}", load.warnings);
    assert_eq!(
        CsvColumns::new(" ", None, None).expect_err("no time"),
        "A CSV request log needs the name of its time column."
    );
}
