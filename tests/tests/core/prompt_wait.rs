//! The TTFT estimated from the prefill rate where no TTFT was measured with the team's prompts:
//! the longest prompt read after the prompts queued before it ([`PromptTtft`]), and the team
//! limit it sets.
//!
//! References were computed in Python (float64) from the formulas the docs state, by 200
//! bisections of `L / rate + (L / (2 rate)) ln(100 rho) / (1 - rho) = ceiling`, never by calling
//! the core.

use sizer_core::{Curve, Group, PromptTtft, RunLimits, Team, TeamLimit, TeamSettings, TtftCurve, plan};
use sizer_tests::{assert_close, assert_rel};

/// GPUwerk's Qwen3-Coder-30B-A3B curve (English seed, second table) and its prefill rate.
fn qwen3_coder_30b() -> Curve {
    Curve::from_per_request(&[(1.0, 81.2), (8.0, 37.3), (32.0, 18.4), (64.0, 13.1), (128.0, 8.2), (256.0, 4.5)])
        .expect("seed points are valid")
}
const PREFILL: f64 = 5_705.0;

fn team(ceiling_s: Option<f64>) -> Team {
    let settings = TeamSettings { ttft_ceiling_s: ceiling_s, ..TeamSettings::default() };
    Team::new(vec![Group::chat(30), Group::agent(5)], settings).expect("valid team")
}

#[test]
fn the_wait_grows_with_the_others_share_of_the_prefill_rate() {
    // 2,000-token prompts at 1,000 tok/s: 2 s to read one, wait scale 1 s.
    let queue = PromptTtft::new(2_000.0, 0.0, 1_000.0, 5.0).expect("valid");
    assert_eq!((queue.longest_prompt_tokens, queue.longest_prompt_s, queue.own_demand_tok_s), (2_000.0, 2.0, 0.0));
    // At rho = 0.5: 2 + 1 x ln(50) / 0.5 = 9.824046 s.
    assert_close(queue.p99_ttft_s(0.5), 9.824_046_010_856_292, 1e-12);
    // Under 1 % utilisation nothing queues at the p99: the prompt alone.
    assert_eq!(queue.p99_ttft_s(0.005), 2.0);
    assert_eq!(queue.p99_ttft_s(1.0), f64::INFINITY);
    // 2 + ln(100 rho) / (1 - rho) = 5: rho = 0.134263 (bisection in Python).
    assert_rel(queue.max_utilisation, 0.134_262_572_172_960_45, 1e-9);
    assert_rel(queue.allowed_demand_tok_s(1_000.0), 134.262_572_172_960_45, 1e-9);
    assert!(!queue.prompt_alone_over_ceiling());
}

#[test]
fn a_prompt_longer_than_the_ceiling_allows_is_served_by_no_number_of_systems() {
    // 20,000 tokens at 5,705 tok/s: 3.5057 s alone, over a 3 s ceiling.
    let queue = PromptTtft::new(20_000.0, 666.7, PREFILL, 3.0).expect("valid");
    assert_close(queue.longest_prompt_s, 3.505_696_757_230_499_6, 1e-12);
    assert_eq!(queue.max_utilisation, 0.0);
    assert!(queue.prompt_alone_over_ceiling());
    assert_eq!(queue.allowed_demand_tok_s(PREFILL), 0.0);
    let curve = qwen3_coder_30b();
    let limits = RunLimits::new(&curve, Some(924_912.0), Some(PREFILL), None).expect("valid");
    let planned = plan(&team(Some(3.0)), &limits);
    assert_eq!((planned.systems_needed, planned.unserved_by), (None, Some(TeamLimit::Ttft)));
    assert_eq!((planned.binding, planned.people_per_system, planned.users_by_ttft), (TeamLimit::Ttft, 0, Some(0.0)));
    assert_eq!((planned.band.people_low, planned.band.people_high), (0, 0));
}

#[test]
fn the_estimated_ttft_caps_the_prefill_utilisation_under_the_ceiling() {
    // 30 chatting (512 tokens every 120 s) and 5 agents (20,000 every 30 s): requests weigh
    // 0.25 and 0.16667 per second, mean 8,307.2 tokens, scv 1.32080, k = 1.160399.
    let curve = qwen3_coder_30b();
    let limits = RunLimits::new(&curve, Some(924_912.0), Some(PREFILL), None).expect("valid");
    let planned = plan(&team(Some(10.0)), &limits);
    let queue = planned.prompt_ttft.expect("a ceiling and a prefill rate, no measured TTFT");
    // The agent sending the 20,000-token prompt does not queue behind itself: its own 666.67
    // prompt tok/s (20,000 / 30 s) is not part of the queue it meets.
    assert_rel(queue.own_demand_tok_s, 20_000.0 / 30.0, 1e-12);
    // 3.5057 + 1.75285 ln(100 rho) / (1 - rho) = 10: the others may use rho = 0.196374 of the
    // prefill rate, so (0.196374 x 5,705 + 666.67) / (3,461.33 / 35) = 18.0694 people.
    assert_rel(queue.max_utilisation, 0.196_373_820_255_513_48, 1e-9);
    assert_rel(planned.users_by_ttft.expect("estimated"), 18.069_417_149_321_932, 1e-9);
    assert_eq!((planned.binding, planned.people_per_system), (TeamLimit::Ttft, 18));
    // Split evenly, each system takes ceil(30 / K) chatting and ceil(5 / K) agents: at K = 2,
    // 15 and 3 ask 2,064 prompt tok/s, over the 0.196374 x 5,705 + 666.67 = 1,787.0 allowed;
    // at K = 3, 10 and 2 ask 1,376: 3 systems.
    assert_eq!(planned.systems_needed, Some(3));
    // A 30 s ceiling: rho = 0.717306, 48.1206 people; prefill (57.69) no longer binds first.
    let planned = plan(&team(Some(30.0)), &limits);
    assert_rel(planned.users_by_ttft.expect("estimated"), 48.120_600_234_287_56, 1e-9);
    assert_eq!((planned.binding, planned.people_per_system, planned.systems_needed), (TeamLimit::Ttft, 48, Some(1)));
}

#[test]
fn no_estimate_without_a_ceiling_or_where_the_ttft_was_measured() {
    let curve = qwen3_coder_30b();
    let limits = RunLimits::new(&curve, Some(924_912.0), Some(PREFILL), None).expect("valid");
    let planned = plan(&team(None), &limits);
    assert_eq!((planned.prompt_ttft, planned.users_by_ttft), (None, None));
    assert_eq!((planned.binding, planned.people_per_system), (TeamLimit::Prefill, 57));
    let measured = TtftCurve::from_seconds(&[(1.0, 0.041), (8.0, 0.61), (32.0, 2.1), (64.0, 2.7)]).expect("valid");
    let limits = RunLimits::new(&curve, Some(924_912.0), Some(PREFILL), Some(&measured)).expect("valid");
    assert_eq!(plan(&team(Some(10.0)), &limits).prompt_ttft, None);
}

#[test]
fn bad_figures_give_no_estimate() {
    for (longest, own, rate, ceiling) in [
        (f64::NAN, 0.0, 1.0, 1.0),
        (0.0, 0.0, 1.0, 1.0),
        (1.0, -1.0, 1.0, 1.0),
        (1.0, f64::INFINITY, 1.0, 1.0),
        (1.0, 0.0, 0.0, 1.0),
        (1.0, 0.0, 1.0, f64::INFINITY),
    ] {
        let queue = PromptTtft::new(longest, own, rate, ceiling);
        assert_eq!(queue, None, "{longest} {own} {rate} {ceiling}");
    }
}
