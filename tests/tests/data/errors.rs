//! Bad data fails to load with the path of the bad entry: malformed JSON, unknown fields,
//! dangling references, non-finite or non-positive numbers, bad dates, duplicate ids, undated
//! runs, unsorted points.

use sizer_data::{DataError, Dataset, Problem, Run};

const SOURCE: &str = r#"{"id": "src-a", "title": "A benchmark", "publisher": "Someone",
    "kind": "reported_by_third_party", "published": "2026-04-22"}"#;

fn run_json(id: &str, source: &str, points: &str) -> String {
    format!(
        r#"{{"id": "{id}", "label": "Model · fmt · engine", "model": "Model", "model_id": "model",
        "format": "fmt", "engine": "vLLM", "hardware": "DGX Spark (GB10)", "nodes": 1,
        "workload": {{"prompt_tokens": 512, "output_tokens": {{"up_to": 400}}}},
        "counter": "generated", "source": "{source}", "points": [{points}]}}"#
    )
}

const GOOD_POINTS: &str = r#"{"concurrency": 1, "per_request_tok_s": 50.5},
    {"concurrency": 8, "per_request_tok_s": {"v": 14.6, "derived": "article"}, "aggregate_tok_s": 116.8}"#;

fn document(sources: &str, runs: &str, facts: &str, claims: &str) -> String {
    format!(r#"{{"sources": [{sources}], "runs": [{runs}], "facts": [{facts}], "claims": [{claims}]}}"#)
}

fn error(json: &str) -> DataError {
    match Dataset::from_json(json) {
        Ok(_) => panic!("expected an error for {json}"),
        Err(error) => error,
    }
}

#[test]
fn a_small_valid_document_loads() {
    let json = document(SOURCE, &run_json("run-a", "src-a", GOOD_POINTS), "", "");
    let data = Dataset::from_json(&json).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(data.runs.len(), 1);
}

#[test]
fn malformed_json_names_the_place() {
    let json =
        document(SOURCE, &run_json("run-a", "src-a", r#"{"concurrency": 1, "per_request_tok_s": 50.5,}"#), "", "");
    let e = error(&json);
    assert_eq!(e.path, "runs[0].points[0]");
    assert!(matches!(e.problem, Problem::Json(_)), "{e}");
}

#[test]
fn unknown_field_in_a_point_is_rejected_with_its_path() {
    let points = r#"{"concurrency": 1, "per_request_tok_s": 50.5}, {"concurrency": 8, "per_user": 14.6}"#;
    let e = error(&document(SOURCE, &run_json("run-a", "src-a", points), "", ""));
    assert_eq!(e.path, "runs[0].points[1].per_user");
    assert!(e.to_string().contains("unknown field `per_user`"), "{e}");
}

#[test]
fn unknown_field_inside_a_figure_object_is_rejected() {
    let points = r#"{"concurrency": 1, "per_request_tok_s": {"v": 50.5, "derivd": "us"}}"#;
    let e = error(&document(SOURCE, &run_json("run-a", "src-a", points), "", ""));
    assert_eq!(e.path, "runs[0].points[0].per_request_tok_s.derivd");
    assert!(e.to_string().contains("unknown field `derivd`"), "{e}");
}

#[test]
fn dangling_source_reference() {
    let e = error(&document(SOURCE, &run_json("run-a", "src-missing", GOOD_POINTS), "", ""));
    assert_eq!(e.to_string(), r#"runs[0].source: no source with id "src-missing""#);
}

#[test]
fn dangling_run_reference_in_a_claim() {
    let claim = r#"{"id": "claim-a", "source": "src-a", "run": "run-b", "quantity": {"streams_at_floor": {"floor_tok_s": 15}},
        "value": 52, "unit": "requests", "location": "step 2", "wording": "about 52 streams", "status": "reproduced"}"#;
    let e = error(&document(SOURCE, &run_json("run-a", "src-a", GOOD_POINTS), "", claim));
    assert_eq!(e.to_string(), r#"claims[0].run: no run with id "run-b""#);
}

#[test]
fn a_claim_needs_a_status_and_an_unreproduced_one_a_reason() {
    let claim = |status: &str| {
        format!(
            r#"{{"id": "claim-a", "source": "src-a", "quantity": "aggregate_gain", "value": 10, "unit": "times",
            "location": "table 3", "wording": "10 to 120 times"{status}}}"#
        )
    };
    let run = run_json("run-a", "src-a", GOOD_POINTS);
    let e = error(&document(SOURCE, &run, "", &claim("")));
    assert!(e.to_string().contains("missing field `status`"), "{e}");
    let e = error(&document(SOURCE, &run, "", &claim(r#", "status": "not_reproducible", "ours": 5.54"#)));
    assert_eq!(e.to_string(), "claims[0].note: a claim that is not reproduced needs a note saying why");
    let ok = claim(
        r#", "status": "not_checkable", "note": "no table to recompute it from", "note_de": "keine Tabelle zum Nachrechnen""#,
    );
    assert!(Dataset::from_json(&document(SOURCE, &run, "", &ok)).is_ok());
}

#[test]
fn a_claims_note_and_its_german_note_come_together() {
    let claim = |notes: &str| {
        format!(
            r#"{{"id": "claim-a", "source": "src-a", "quantity": "aggregate_gain", "value": 10, "unit": "times",
            "location": "table 3", "wording": "10 to 120 times", "status": "reproduced"{notes}}}"#
        )
    };
    let run = run_json("run-a", "src-a", GOOD_POINTS);
    let e = error(&document(SOURCE, &run, "", &claim(r#", "note": "Reproduced: 10.5.""#)));
    assert_eq!(e.to_string(), "claims[0].note_de: a claim with a note needs its German translation in note_de");
    let e = error(&document(SOURCE, &run, "", &claim(r#", "note_de": "Nachgerechnet: 10,5.""#)));
    assert_eq!(e.to_string(), "claims[0].note: a claim with note_de needs the English note it translates");
    let e = error(&document(SOURCE, &run, "", &claim(r#", "note": "Reproduced: 10.5.", "note_de": " ""#)));
    assert_eq!(e.to_string(), "claims[0].note_de: blank text");
    let both = claim(r#", "note": "Reproduced: 10.5.", "note_de": "Nachgerechnet: 10,5.""#);
    assert!(Dataset::from_json(&document(SOURCE, &run, "", &both)).is_ok());
    assert!(Dataset::from_json(&document(SOURCE, &run, "", &claim(""))).is_ok());
}

#[test]
fn a_point_source_must_resolve() {
    let points = r#"{"concurrency": 1, "per_request_tok_s": 50.5, "source": "src-copy"}"#;
    let e = error(&document(SOURCE, &run_json("run-a", "src-a", points), "", ""));
    assert_eq!(e.to_string(), r#"runs[0].points[0].source: no source with id "src-copy""#);
}

#[test]
fn a_point_workload_is_checked_like_the_run_workload() {
    let points = r#"{"concurrency": 1, "per_request_tok_s": 50.5, "workload": {"prompt_tokens": -128}}"#;
    let e = error(&document(SOURCE, &run_json("run-a", "src-a", points), "", ""));
    assert_eq!(e.path, "runs[0].points[0].workload.prompt_tokens");
}

#[test]
fn a_run_dated_only_by_its_source_run_date_loads() {
    let source = r#"{"id": "src-a", "title": "Raw logs", "title_is_description": true, "publisher": "Someone",
        "kind": "measured_by_author", "run_date": "2026-09-02"}"#;
    let data = Dataset::from_json(&document(source, &run_json("run-a", "src-a", GOOD_POINTS), "", ""))
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(data.runs.first().and_then(|r| data.run_date(r)).map(|d| d.to_string()).as_deref(), Some("2026-09-02"));
    let undated = r#"{"id": "src-a", "title": "Raw logs", "publisher": "Someone", "kind": "measured_by_author"}"#;
    let e = error(&document(undated, &run_json("run-a", "src-a", GOOD_POINTS), "", ""));
    assert_eq!(e.path, "runs[0].date");
}

#[test]
fn advice_needs_conditions_both_languages_and_a_known_source() {
    let advice = |when: &str, de: &str, source: &str| {
        format!(
            r#"{{"sources": [{SOURCE}], "runs": [], "facts": [], "claims": [], "advice": [{{"id": "advice-a",
            "when": [{when}], "text": {{"en": "Turn prefix caching on.", "de": "{de}"}}, "source": "{source}",
            "location": {{"en": "recommendation", "de": "Empfehlung"}}, "wording": "prefix caching on"}}]}}"#
        )
    };
    assert!(Dataset::from_json(&advice(r#"{"binding": "prefill"}"#, "Prefix-Caching an.", "src-a")).is_ok());
    assert_eq!(error(&advice("", "Prefix-Caching an.", "src-a")).path, "advice[0].when");
    assert_eq!(error(&advice(r#""always""#, " ", "src-a")).path, "advice[0].text.de");
    assert_eq!(error(&advice(r#"{"streams_above": -50}"#, "an", "src-a")).path, "advice[0].when[0]");
    let e = error(&advice(r#""always""#, "an", "src-b"));
    assert_eq!(e.to_string(), r#"advice[0].source: no source with id "src-b""#);
}

#[test]
fn out_of_range_number_is_rejected_at_its_path() {
    // JSON has no NaN; the nearest thing a file can hold is an overflowing literal.
    let points = r#"{"concurrency": 1, "per_request_tok_s": 50.5}, {"concurrency": 8, "aggregate_tok_s": 1e999}"#;
    let e = error(&document(SOURCE, &run_json("run-a", "src-a", points), "", ""));
    assert_eq!(e.path, "runs[0].points[1].aggregate_tok_s");
}

#[test]
fn nan_spelled_as_text_is_rejected_at_its_path() {
    let points = r#"{"concurrency": 1, "per_request_tok_s": "NaN"}"#;
    let e = error(&document(SOURCE, &run_json("run-a", "src-a", points), "", ""));
    assert_eq!(e.path, "runs[0].points[0].per_request_tok_s");
}

#[test]
fn zero_and_negative_figures_are_not_positive() {
    let points = r#"{"concurrency": 1, "per_request_tok_s": 50.5}, {"concurrency": 8, "median_tpot_ms": -26.8}"#;
    let e = error(&document(SOURCE, &run_json("run-a", "src-a", points), "", ""));
    assert_eq!((e.path.as_str(), e.problem.clone()), ("runs[0].points[1].median_tpot_ms", Problem::NotPositive(-26.8)));
    let points = r#"{"concurrency": 0, "per_request_tok_s": 50.5}"#;
    let e = error(&document(SOURCE, &run_json("run-a", "src-a", points), "", ""));
    assert_eq!(e.path, "runs[0].points[0].concurrency");
}

#[test]
fn non_finite_values_built_in_code_are_caught_by_validation() {
    let json = run_json("run-a", "src-a", GOOD_POINTS);
    let mut run = Run::from_json(&json).unwrap_or_else(|e| panic!("{e}"));
    if let Some(point) = run.points.get_mut(1) {
        point.per_request_tok_s = Some(sizer_data::Figure::derived_by_us(f64::NAN));
    }
    let e = run.validate().expect_err("NaN");
    assert_eq!(e.to_string(), "run.points[1].per_request_tok_s: not finite");
}

#[test]
fn bad_dates_are_rejected() {
    for bad in ["2026-13-01", "2026-02-30", "26-04-22", "2026-4-22", "April 2026", "2026-04-22T00:00"] {
        let source = SOURCE.replace("2026-04-22", bad);
        let e = error(&document(&source, &run_json("run-a", "src-a", GOOD_POINTS), "", ""));
        assert_eq!(e.path, "sources[0].published", "{bad}");
        assert!(e.to_string().contains("expected YYYY-MM-DD or YYYY-MM"), "{bad}: {e}");
    }
    // A month alone and a leap day are fine.
    for good in ["2026-03", "2028-02-29"] {
        let source = SOURCE.replace("2026-04-22", good);
        assert!(
            Dataset::from_json(&document(&source, &run_json("run-a", "src-a", GOOD_POINTS), "", "")).is_ok(),
            "{good}"
        );
    }
}

#[test]
fn a_run_without_any_date_is_rejected() {
    let source = SOURCE.replace(r#", "published": "2026-04-22""#, "");
    let e = error(&document(&source, &run_json("run-a", "src-a", GOOD_POINTS), "", ""));
    assert_eq!((e.path.as_str(), e.problem.clone()), ("runs[0].date", Problem::Undated));
}

#[test]
fn duplicate_and_unreadable_ids_are_rejected() {
    let two = format!("{},{}", run_json("run-a", "src-a", GOOD_POINTS), run_json("run-a", "src-a", GOOD_POINTS));
    let e = error(&document(SOURCE, &two, "", ""));
    assert_eq!(e.to_string(), r#"runs[1].id: duplicate id "run-a""#);
    let e = error(&document(SOURCE, &run_json("Run A", "src-a", GOOD_POINTS), "", ""));
    assert_eq!(e.path, "runs[0].id");
    assert!(matches!(e.problem, Problem::BadId(_)));
}

#[test]
fn points_must_increase_in_concurrency() {
    let points = r#"{"concurrency": 8, "per_request_tok_s": 14.6}, {"concurrency": 8, "per_request_tok_s": 14.0}"#;
    let e = error(&document(SOURCE, &run_json("run-a", "src-a", points), "", ""));
    assert_eq!(e.to_string(), "runs[0].points[1].concurrency: concurrency 8 does not increase on 8");
}

#[test]
fn separate_files_prefix_the_list_name() {
    let runs = format!("[{}]", run_json("run-a", "src-a", r#"{"concurrency": 1, "bogus": 1}"#));
    let e = Dataset::from_parts(&format!("[{SOURCE}]"), &runs, "[]", "[]").expect_err("bogus");
    assert_eq!(e.path, "runs[0].points[0].bogus");
}
