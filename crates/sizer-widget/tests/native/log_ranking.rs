//! A log's busiest window on one run of the ranking (`log_ranking::row_of`, what the browser's
//! driver does a step at a time): a run with an engine gives its prediction on one server and
//! the servers needed; a run without a model of its box, or a person's run of one curve, says
//! so and is never counted as fitting. Run:
//! `cargo test -p sizer-widget --no-default-features --features ssr --test native log_ranking::`.

use sizer_core::Scenario;
use sizer_data::predict_load::PredictLoad;
use sizer_data::predict_servers::ServersNeeded;
use sizer_widget::simulation::load_prediction::log_ranking::{RankingRuns, RowOutcome, row_of};
use sizer_widget::team::state::TeamInput;

fn runs() -> RankingRuns {
    RankingRuns { team: TeamInput::default(), usage: Scenario::chat(), imported: Vec::new(), prefix: "t".into() }
}

/// 2 req/s, bursty, 2,000-token prompts and 300-token answers.
fn busy() -> PredictLoad {
    PredictLoad {
        rate_per_s: 2.0,
        burstiness: 0.5,
        prompt_tokens: 2_000,
        answer_tokens: 300,
        length_range: 0.8,
        ..PredictLoad::default()
    }
}

#[test]
fn a_run_with_an_engine_gives_one_server_and_the_servers_needed() {
    // The 8B model at 2 req/s: one server's queue stays bounded but its p95 TTFT is over 5 s
    // (`tests/tests/data/servers.rs` holds the search), two keep it.
    let row = row_of("djangodevreng-arena-ministral-3-8b-instruct-bf16", &runs(), busy(), 5.0);
    let RowOutcome::Predicted(p) = row.outcome else { panic!("{:?}", row.outcome) };
    assert!(p.one.ttft_s.p95 > 5.0 && p.one.overload.is_none(), "{:?}", p.one.ttft_s);
    let ServersNeeded::Keep { servers, prediction } = p.needed else { panic!("{:?}", p.needed) };
    assert_eq!(servers, 2);
    assert!(prediction.ttft_s.p95 < 5.0);
    assert_eq!((p.nodes, p.spark, p.calibrated), (1, true, true));
}

#[test]
fn runs_without_a_model_of_their_box_say_why() {
    let row = row_of("gpuwerk-llama-3.3-70b-awq-vllm-0.27.1", &runs(), busy(), 5.0);
    let RowOutcome::NoModel(Some(detail)) = row.outcome else { panic!("{:?}", row.outcome) };
    assert!(detail.contains("has no prompt rate to fit the prompt cost to"), "{detail}");
    // An id that is neither a dataset run nor imported: no model, no sentence of the data's.
    assert_eq!(row_of("yours-1", &runs(), busy(), 5.0).outcome, RowOutcome::NoModel(None));
}
