//! How many servers of a run a load needs (`predict_servers`): each server's load by hand, and
//! the search's count against trying every count from one (a second method: linear, where the
//! search doubles and halves).

use sizer_data::predict_engine::PredictEngine;
use sizer_data::predict_load::PredictLoad;
use sizer_data::predict_servers::{MAX_SERVERS, ServerSearch, ServersNeeded, keeps, server_load};

/// A busy window: 2 requests a second, bursty, 2,000-token prompts and 300-token answers.
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

fn engine(id: &str) -> PredictEngine {
    PredictEngine::from_dataset(id).unwrap_or_else(|e| panic!("{id}: {e}"))
}

#[test]
fn each_server_sees_its_share_of_the_arrivals_thinned() {
    // 4 servers: 0.5 req/s each; shape 1 / (0.25 / 0.5 + 0.75) = 0.8; 0.5 x 250 s = 125 requests.
    let four = server_load(&busy(), 4);
    assert_eq!(four.rate_per_s, 0.5);
    assert!((four.burstiness - 0.8).abs() < 1e-12, "{}", four.burstiness);
    assert_eq!(four.requests, 125);
    assert_eq!((four.prompt_tokens, four.answer_tokens, four.length_range), (2_000, 300, 0.8));
    // One server: the whole load, 500 requests (2 x 250 s).
    let one = server_load(&busy(), 1);
    assert_eq!((one.rate_per_s, one.burstiness, one.requests), (2.0, 0.5, 500));
}

/// The fewest servers found by trying 1, 2, 3, ... in turn.
fn linear(engine: &PredictEngine, load: &PredictLoad, target_s: f64) -> Option<u32> {
    (1..=MAX_SERVERS).find(|&n| keeps(&engine.predict(&server_load(load, n)).expect("runs"), target_s))
}

#[test]
fn the_search_finds_the_count_trying_each_count_finds_in_fewer_predictions() {
    // A light server (one keeps 5 s), one that needs two, and one overloaded at one server
    // whose lower bound the search starts from.
    for (id, at_least, at_most) in [
        ("djangodevreng-arena-nemotron-3-nano-30b-a3b-nvfp4", 1, 1),
        ("djangodevreng-arena-ministral-3-8b-instruct-bf16", 2, 2),
        ("djangodevreng-arena-qwen-3.6-27b-bf16", 10, 30),
    ] {
        let engine = engine(id);
        let (search, outcome) = ServerSearch::new(busy(), 5.0).run(&engine).expect("runs");
        let Some(ServersNeeded::Keep { servers, prediction }) = outcome else { panic!("{id}: {outcome:?}") };
        assert_eq!(Some(servers), linear(&engine, &busy(), 5.0), "{id}");
        assert!((at_least..=at_most).contains(&servers), "{id}: {servers}");
        assert!(prediction.ttft_s.p95 < 5.0 && prediction.overload.is_none(), "{id}");
        assert_eq!(search.one().map(|p| p.overload.is_some()), Some(servers > 2), "{id}");
        // Doubling then halving: at most 2 log2(64) + 2 predictions, fewer than the linear count.
        assert!(search.steps <= 14 && (servers < 4 || search.steps < servers), "{id}: {} steps", search.steps);
    }
}

#[test]
fn a_target_no_count_keeps_says_so_after_the_most_servers() {
    // 5 ms is under any server's TTFT for a 2,000-token prompt: the search stops at the cap.
    let engine = engine("djangodevreng-arena-nemotron-3-nano-30b-a3b-nvfp4");
    let (search, outcome) = ServerSearch::new(busy(), 0.005).run(&engine).expect("runs");
    let Some(ServersNeeded::NotWithin { prediction }) = outcome else { panic!("{outcome:?}") };
    assert!(prediction.ttft_s.p95 >= 0.005);
    // 1, 2, 4, ... 64: seven predictions.
    assert_eq!(search.steps, 7);
}
