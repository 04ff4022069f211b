//! Team planning on the English seed's worked run (GPUwerk, Qwen3-Coder-30B-A3B,
//! vLLM 0.27.1): the one-group case reproduces today's sizing, agents hold one stream each,
//! reverse sizing inverts forward sizing, the p99 TTFT ceiling binds where the seed's table
//! says, and the uncertainty band widens with u.
//!
//! Literal references are the seed's own figures (163 people on 52 streams, 2.7 s p99 TTFT at
//! 64 and 7.1 s at 128). The others were computed independently with Python mpmath 1.3.0 at 40
//! digits from the formulas the seed states (linear interpolation, duty = (answer / floor +
//! TTFT) / interval, avg + z sqrt(avg) = streams with z = sqrt(2) erfinv(2p - 1)), and, for the
//! mixed team, by 200 bisections on "agents hold floor(share x P) streams, the chat load fits
//! the rest"; never by calling the core.

#![allow(clippy::excessive_precision)] // references are quoted with the digits mpmath printed

use sizer_core::{
    ConcurrencyUnderCeiling, Curve, Group, HeadroomMethod, Interpolation, Limit, RunLimits, Scenario, Team, TeamError,
    TeamField, TeamHeadroom, TeamLimit, TeamSettings, TtftCurve, TtftCurveError, finite_comparison, plan, size,
};
use sizer_tests::{EXACT, NUMERIC_REL, assert_close, assert_rel};

const QWEN_POOL: f64 = 924_912.0; // vLLM KV cache, Qwen3-Coder-30B-A3B, --gpu-memory-utilization 0.85

/// GPUwerk, vLLM 0.27.1, 2 Sep 2026: per-user tok/s (English seed, second table).
fn qwen3_coder_30b() -> Curve {
    Curve::from_per_request(&[(1.0, 81.2), (8.0, 37.3), (32.0, 18.4), (64.0, 13.1), (128.0, 8.2), (256.0, 4.5)])
        .expect("seed points are valid")
}

/// The same run's p99 time to first token, seconds (41 ms, 610 ms, 2.1 s, 2.7 s, 7.1 s, 21.5 s).
fn qwen_p99_ttft() -> TtftCurve {
    TtftCurve::from_seconds(&[(1.0, 0.041), (8.0, 0.61), (32.0, 2.1), (64.0, 2.7), (128.0, 7.1), (256.0, 21.5)])
        .expect("seed points are valid")
}

fn seed_settings() -> TeamSettings {
    TeamSettings { z: Some(2.33), ..TeamSettings::default() }
}

fn team(groups: Vec<Group>, settings: TeamSettings) -> Team {
    Team::new(groups, settings).expect("valid team")
}

#[test]
fn one_chat_group_of_163_is_todays_worked_sizing() {
    let curve = qwen3_coder_30b();
    let limits = RunLimits::new(&curve, None, None, None).expect("valid");
    let plan = plan(&team(vec![Group::chat(163)], seed_settings()), &limits);
    // The seed: 52 streams allow an average of 37.7, which is 163 users. mpmath: 163.4952.
    assert_eq!(plan.whole_streams, 52);
    assert_rel(plan.users_by_speed, 163.495_192_805_886_267_301_147_998_785_515_298_829_9, NUMERIC_REL);
    assert_eq!((plan.people_per_system, plan.binding), (163, TeamLimit::Speed));
    assert_eq!(plan.systems_needed, Some(1));
    assert_close(plan.duties[0], (400.0 / 15.0 + 1.0) / 120.0, EXACT);
    // One more person needs a second Spark.
    let plan_164 = sizer_core::plan(&team(vec![Group::chat(164)], seed_settings()), &limits);
    assert_eq!((plan_164.people_per_system, plan_164.systems_needed), (163, Some(2)));
}

#[test]
fn one_group_gives_exactly_the_single_scenario_sizing() {
    // Every usage preset, headroom method, interpolation and limit combination: the team of one
    // group reports the same users by each limit, binding and people as size().
    let curve = qwen3_coder_30b();
    let methods = [HeadroomMethod::NormalApprox, HeadroomMethod::ExactPoisson, HeadroomMethod::ErlangC];
    for base in [Scenario::chat(), Scenario::coding_agent()] {
        for headroom in methods {
            for interpolation in [Interpolation::Linear, Interpolation::MonotoneLog2] {
                for (pool, rate) in [(None, None), (Some(QWEN_POOL), None), (Some(QWEN_POOL), Some(5_705.0))] {
                    for floor in [5.0, 10.0, 15.0, 30.0, 100.0] {
                        let scenario = Scenario {
                            floor_tok_s: floor,
                            headroom,
                            interpolation,
                            kv_pool_tokens: pool,
                            prefill_tok_s: rate,
                            ..base
                        };
                        let sizing = size(&scenario, &curve).expect("valid");
                        let limits = RunLimits::new(&curve, pool, rate, None).expect("valid");
                        let team = Team::from_scenario(40, &scenario).expect("valid");
                        let plan = plan(&team, &limits);
                        let context = format!("{scenario:?}");
                        assert_eq!(plan.whole_streams, u64::from(sizing.whole_streams), "{context}");
                        assert_eq!(plan.users_by_speed, sizing.users_by_speed, "{context}");
                        assert_eq!(plan.users_by_kv, sizing.users_by_kv, "{context}");
                        assert_eq!(plan.users_by_prefill, sizing.users_by_prefill, "{context}");
                        assert_eq!(plan.people_per_system, sizing.people_per_spark, "{context}");
                        let binding = match sizing.binding {
                            Limit::Speed => TeamLimit::Speed,
                            Limit::KvCache => TeamLimit::Kv,
                            Limit::Prefill => TeamLimit::Prefill,
                        };
                        assert_eq!(plan.binding, binding, "{context}");
                        assert_eq!(plan.people_is_lower_bound, sizing.people_is_lower_bound, "{context}");
                    }
                }
            }
        }
    }
}

#[test]
fn agents_only_hold_one_stream_each() {
    // "A coding agent ... one agent is one stream" (English seed): people = streams.
    let curve = qwen3_coder_30b();
    let speed_only = RunLimits::new(&curve, None, None, None).expect("valid");
    for headroom in
        [TeamHeadroom::NormalApprox, TeamHeadroom::ExactPoisson, TeamHeadroom::ErlangC, TeamHeadroom::FinitePopulation]
    {
        let settings = TeamSettings { headroom, ..TeamSettings::default() };
        let plan_52 = plan(&team(vec![Group::agent(52)], settings), &speed_only);
        assert_eq!((plan_52.people_per_system, plan_52.systems_needed), (52, Some(1)), "{headroom:?}");
        assert_eq!(plan_52.users_by_speed, 52.0);
        let per_system = plan_52.per_system.expect("served");
        assert_eq!((per_system.average_streams, per_system.peak_streams), (52.0, 52.0));
        // No non-agent people to compare by the finite count.
        assert_eq!(finite_comparison(&team(vec![Group::agent(52)], settings), &speed_only), None);
        let plan_53 = plan(&team(vec![Group::agent(53)], settings), &speed_only);
        assert_eq!(plan_53.systems_needed, Some(2), "{headroom:?}");
        // Split over groups, the same agents need the same streams.
        let split = plan(&team(vec![Group::agent(30), Group::agent(22)], settings), &speed_only);
        assert_eq!((split.people_per_system, split.systems_needed), (52, Some(1)), "{headroom:?}");
    }
    // With the run's KV pool: floor(924,912 / 32,768) = 28 sessions of 32K, one per agent.
    let with_pool = RunLimits::new(&curve, Some(QWEN_POOL), None, None).expect("valid");
    let agents = plan(&team(vec![Group::agent(28)], TeamSettings::default()), &with_pool);
    assert_eq!((agents.users_by_kv, agents.binding, agents.systems_needed), (Some(28.0), TeamLimit::Kv, Some(1)));
    let agents = plan(&team(vec![Group::agent(29)], TeamSettings::default()), &with_pool);
    assert_eq!(agents.systems_needed, Some(2));
    // And prefill: 5,705 tok/s over 20,000 / 30 per agent = 8.5575 agents (the seed's "ten agents
    // need 6,667 prompt tok/s, more than the 5,705"): 10 agents need 2 Sparks.
    let all = RunLimits::new(&curve, Some(QWEN_POOL), Some(5_705.0), None).expect("valid");
    let ten = plan(&team(vec![Group::agent(10)], TeamSettings::default()), &all);
    assert_close(ten.users_by_prefill.expect("rate known"), 8.5575, EXACT);
    assert_eq!((ten.binding, ten.people_per_system, ten.systems_needed), (TeamLimit::Prefill, 8, Some(2)));
}

#[test]
fn a_mixed_team_adds_its_parts() {
    // 30 chatting and 5 agents on one Spark at 15 tok/s, p99 (z from the percentile).
    let curve = qwen3_coder_30b();
    let limits = RunLimits::new(&curve, None, None, None).expect("valid");
    let mixed = team(vec![Group::chat(30), Group::agent(5)], TeamSettings::default());
    let plan = plan(&mixed, &limits);
    assert_eq!((plan.people, plan.agents), (35, 5));
    assert_eq!(plan.systems_needed, Some(1));
    // mpmath: the largest P with floor(52 - P x 5/35) free streams carrying P x 30/35 x d15 is
    // exactly 119 (17 agents, 102 chatting on 35 streams).
    assert_eq!(plan.people_per_system, 119);
    let load = plan.per_system.expect("served");
    // 5 agents + 30 x 0.230556 = 11.9167 streams on average; at p99 (normal) 18.0349; of 52: 22.9 %.
    assert_close(load.average_streams, 11.916_666_666_666_666_666_666_666_666_666_666_666_67, EXACT);
    assert_close(load.peak_streams, 18.034_858_377_850_006_652_914_588_088_125_440_131_92, 1e-9);
    assert_close(load.stream_utilisation, 0.229_166_666_666_666_666_666_666_666_666_666_666_7, EXACT);
    assert_close(load.room_used, 35.0 / plan.users_by_speed, EXACT);
    // With the finite-population headroom, the chat part alone on the streams the 5 agents
    // leave (47), by both counts.
    let finite_settings = TeamSettings { headroom: TeamHeadroom::FinitePopulation, ..TeamSettings::default() };
    let finite_plan = sizer_core::plan(&team(vec![Group::chat(30), Group::agent(5)], finite_settings), &limits);
    // mpmath, 120 bisections on P(Bin(6P/7, d15) <= floor(52 - P/7)) >= 0.99: 122.0924 people of
    // this mix (the search stops within 1e-4 relative); by the exact Poisson count, 119 again.
    assert_eq!(finite_plan.people_per_system, 122);
    assert_close(finite_plan.users_by_speed, 122.092_410_320_080_286, 1e-4 * 122.1);
    let poisson_settings = TeamSettings { headroom: TeamHeadroom::ExactPoisson, ..TeamSettings::default() };
    let poisson_plan = sizer_core::plan(&team(vec![Group::chat(30), Group::agent(5)], poisson_settings), &limits);
    assert_eq!(poisson_plan.people_per_system, 119);
    let finite = finite_comparison(&team(vec![Group::chat(30), Group::agent(5)], finite_settings), &limits)
        .expect("chat users present");
    assert_eq!(finite.streams, 47);
    assert!(finite.people_finite >= finite.people_poisson);
    // The sum of its parts: agents alone need their 5 streams, the 30 chatting fit the other 47
    // (30 x d15 = 6.92 average, well under 47's headroom), and 47 + 5 agents is the 52 streams.
    let agents_alone = sizer_core::plan(&team(vec![Group::agent(47)], TeamSettings::default()), &limits);
    assert_eq!(agents_alone.systems_needed, Some(1));
    let full = sizer_core::plan(&team(vec![Group::chat(30), Group::agent(47)], TeamSettings::default()), &limits);
    assert_eq!(full.systems_needed, Some(2), "47 agents leave 5 streams: too few for 30 chatting at p99");
}

#[test]
fn reverse_sizing_is_the_inverse_of_forward_sizing() {
    // For one chat group: K = ceil(N / 163), and K - 1 Sparks do not hold ceil(N / (K - 1)).
    let curve = qwen3_coder_30b();
    let limits = RunLimits::new(&curve, None, None, None).expect("valid");
    for people in [1_u64, 100, 163, 164, 326, 327, 500, 1_000, 5_000, 123_456] {
        let plan = plan(&team(vec![Group::chat(people)], seed_settings()), &limits);
        let k = plan.systems_needed.expect("served");
        assert_eq!(k, people.div_ceil(163), "{people} people");
        assert!(people.div_ceil(k) <= plan.people_per_system);
        if k > 1 {
            assert!(people.div_ceil(k - 1) > plan.people_per_system, "{people}: {} Sparks would do", k - 1);
        }
    }
    // 500 people: 4 Sparks of 125 (3 would each hold 167 > 163).
    let plan_500 = plan(&team(vec![Group::chat(500)], seed_settings()), &limits);
    assert_eq!(plan_500.systems_needed, Some(4));
    assert_eq!(plan_500.per_system.expect("served").people, 125);
    // A mixed team: the K found serves each group's share rounded up, and K - 1 does not.
    for (chat, agents) in [(30_u64, 5_u64), (300, 40), (1_000, 120), (7, 60)] {
        let mixed = team(vec![Group::chat(chat), Group::agent(agents)], TeamSettings::default());
        let plan = plan(&mixed, &limits);
        let k = plan.systems_needed.expect("served");
        let fits = |k: u64| {
            let share =
                team(vec![Group::chat(chat.div_ceil(k)), Group::agent(agents.div_ceil(k))], TeamSettings::default());
            sizer_core::plan(&share, &limits).systems_needed == Some(1)
        };
        assert!(fits(k), "{chat} + {agents} on {k}");
        assert!(k == 1 || !fits(k - 1), "{chat} + {agents}: {} would do", k - 1);
    }
}

#[test]
fn llama_70b_never_reaches_the_floor_so_no_number_of_sparks_serves() {
    let llama =
        Curve::from_per_request(&[(1.0, 6.0), (8.0, 5.6), (32.0, 3.8), (128.0, 1.4), (256.0, 0.4)]).expect("valid");
    let limits = RunLimits::new(&llama, None, None, None).expect("valid");
    let plan = plan(&team(vec![Group::chat(40)], TeamSettings::default()), &limits);
    assert_eq!((plan.whole_streams, plan.people_per_system), (0, 0));
    assert_eq!((plan.systems_needed, plan.unserved_by), (None, Some(TeamLimit::Speed)));
    assert_eq!(plan.per_system, None);
}

#[test]
fn ttft_ceiling_from_the_measured_p99_points() {
    let ttft = qwen_p99_ttft();
    // 2.7 s at 64, 7.1 s at 128: a 3 s ceiling at 64 + 0.3 / 4.4 x 64 = 68.36 concurrent requests.
    let ConcurrencyUnderCeiling::Within { concurrency, under, over } = ttft.concurrency_under(3.0) else {
        panic!("3 s is crossed between 64 and 128");
    };
    assert_close(concurrency, 68.363_636_363_636_363_636_363_636_363_636_363_636_36, EXACT);
    assert_eq!((under.concurrency, over.concurrency), (64.0, 128.0));
    assert_close(ttft.p99_at(96.0).expect("measured range"), 4.9, EXACT);
    assert_eq!(ttft.p99_at(300.0), None);
    // 30 ms: even one request waits longer. 30 s: never crossed up to 256.
    assert_eq!(ttft.concurrency_under(0.03), ConcurrencyUnderCeiling::NeverUnder { first: ttft.points()[0] });
    assert!(ttft.concurrency_under(30.0).is_lower_bound());
    assert_eq!(ttft.concurrency_under(30.0).concurrency(), 256.0);

    // At a 10 tok/s floor the curve gives 104.49 streams, the ceiling 68: the ceiling binds.
    let curve = qwen3_coder_30b();
    let limits = RunLimits::new(&curve, None, None, Some(&ttft)).expect("valid");
    let settings = TeamSettings { floor_tok_s: 10.0, ttft_ceiling_s: Some(3.0), ..TeamSettings::default() };
    let plan = plan(&team(vec![Group::chat(100)], settings), &limits);
    assert_eq!((plan.whole_streams, plan.ttft_streams), (104, Some(68)));
    // mpmath, duty (400 / 10 + 1) / 120, z(0.99): 242.42 by speed, 150.24 by the ceiling.
    assert_rel(plan.users_by_speed, 242.423_242_543_613_837_399_388_732_733_765_208_366_5, NUMERIC_REL);
    assert_rel(
        plan.users_by_ttft.expect("ceiling set"),
        150.241_424_540_814_977_171_491_373_379_231_743_631_7,
        NUMERIC_REL,
    );
    assert_eq!((plan.binding, plan.people_per_system, plan.systems_needed), (TeamLimit::Ttft, 150, Some(1)));
    // Off by default: the same team without a ceiling is bound by speed.
    let off = TeamSettings { floor_tok_s: 10.0, ..TeamSettings::default() };
    let plan = sizer_core::plan(&team(vec![Group::chat(100)], off), &limits);
    assert_eq!((plan.users_by_ttft, plan.binding, plan.people_per_system), (None, TeamLimit::Speed, 242));
}

#[test]
fn ttft_curve_rejects_bad_points() {
    assert_eq!(TtftCurve::from_seconds(&[]), Err(TtftCurveError::Empty));
    assert_eq!(TtftCurve::from_seconds(&[(1.0, f64::NAN)]), Err(TtftCurveError::NotPositive { index: 0 }));
    assert_eq!(TtftCurve::from_seconds(&[(1.0, 0.1), (0.0, 0.2)]), Err(TtftCurveError::NotPositive { index: 1 }));
    assert_eq!(TtftCurve::from_seconds(&[(8.0, 0.1), (8.0, 0.2)]), Err(TtftCurveError::NotIncreasing { index: 1 }));
    assert_eq!(TtftCurve::from_seconds(&[(2e6, 0.1)]), Err(TtftCurveError::TooLarge { index: 0 }));
    assert!(!TtftCurveError::NotIncreasing { index: 1 }.to_string().is_empty());
}

#[test]
fn uncertainty_band_of_the_worked_example() {
    // u = 0.1: the floor is crossed where the measured curve crosses 15 / 0.9 = 16.67 tok/s
    // (42.47 streams) and 15 / 1.1 = 13.64 tok/s (60.76 streams). mpmath, z(0.99):
    // 127.47 and 192.94 people, 163.58 nominal.
    let curve = qwen3_coder_30b();
    let limits = RunLimits::new(&curve, None, None, None).expect("valid");
    let plan = plan(&team(vec![Group::chat(163)], TeamSettings::default()), &limits);
    assert_eq!(plan.people_per_system, 163);
    assert_eq!((plan.band.people_low, plan.band.people_high), (127, 192));
    assert_eq!((plan.band.systems_slow, plan.band.systems_fast), (Some(2), Some(1)));
    assert!(!plan.band.binding_changes);
}

#[test]
fn uncertainty_band_is_monotone_in_u() {
    let curve = qwen3_coder_30b();
    let ttft = qwen_p99_ttft();
    let limits = RunLimits::new(&curve, Some(QWEN_POOL), Some(5_705.0), Some(&ttft)).expect("valid");
    for groups in [vec![Group::chat(163)], vec![Group::chat(30), Group::agent(5)], vec![Group::agent(20)]] {
        for headroom in [TeamHeadroom::NormalApprox, TeamHeadroom::FinitePopulation] {
            let mut previous: Option<(u64, u64, Option<u64>, Option<u64>)> = None;
            for step in 0..=18 {
                let u = f64::from(step) * 0.05;
                let settings =
                    TeamSettings { uncertainty: u, headroom, ttft_ceiling_s: Some(3.0), ..TeamSettings::default() };
                let plan = plan(&team(groups.clone(), settings), &limits);
                let band = plan.band;
                assert!(band.people_low <= plan.people_per_system && plan.people_per_system <= band.people_high);
                if let Some((low, high, slow, fast)) = previous {
                    assert!(band.people_low <= low, "u {u}: low {} after {low}", band.people_low);
                    assert!(band.people_high >= high, "u {u}: high {} after {high}", band.people_high);
                    let more = |a: Option<u64>, b: Option<u64>| a.unwrap_or(u64::MAX) >= b.unwrap_or(u64::MAX);
                    assert!(more(band.systems_slow, slow), "u {u}");
                    assert!(more(fast, band.systems_fast), "u {u}");
                }
                previous = Some((band.people_low, band.people_high, band.systems_slow, band.systems_fast));
            }
        }
    }
}

#[test]
fn the_band_says_when_the_binding_limit_changes() {
    // A 3 s ceiling caps at 68 streams; at 10 tok/s speed allows 104 (TTFT binds). With speeds
    // 50 % lower, the floor is crossed where the curve crosses 20 tok/s: 8 + 17.3 / 18.9 x 24 =
    // 29.97 streams, so speed binds at the slow end; 50 % higher, 181 streams, TTFT still binds.
    let curve = qwen3_coder_30b();
    let ttft = qwen_p99_ttft();
    let limits = RunLimits::new(&curve, None, None, Some(&ttft)).expect("valid");
    let settings =
        TeamSettings { floor_tok_s: 10.0, ttft_ceiling_s: Some(3.0), uncertainty: 0.5, ..TeamSettings::default() };
    let plan = plan(&team(vec![Group::chat(100)], settings), &limits);
    assert_eq!(
        (plan.binding, plan.band.binding_low, plan.band.binding_high),
        (TeamLimit::Ttft, TeamLimit::Speed, TeamLimit::Ttft)
    );
    assert!(plan.band.binding_changes);
}

#[test]
fn finite_population_headroom_for_the_worked_example() {
    // 52 streams, d15, p99: 170 people by the binomial count (mpmath: 170.6405).
    let curve = qwen3_coder_30b();
    let limits = RunLimits::new(&curve, None, None, None).expect("valid");
    let settings = TeamSettings { headroom: TeamHeadroom::FinitePopulation, ..TeamSettings::default() };
    let plan_170 = plan(&team(vec![Group::chat(170)], settings), &limits);
    assert_rel(plan_170.users_by_speed, 170.640_527_968_730_830_109_410_055_716_149_785_061, 1e-9);
    assert_eq!((plan_170.people_per_system, plan_170.systems_needed), (170, Some(1)));
    let plan_171 = plan(&team(vec![Group::chat(171)], settings), &limits);
    assert_eq!(plan_171.systems_needed, Some(2));
    let finite = finite_comparison(&team(vec![Group::chat(170)], settings), &limits).expect("chat users present");
    assert_eq!((finite.streams, finite.people_finite, finite.people_poisson), (52, 170, 162));
    // mpmath (see finite_population.rs): Engset at 170 people, Erlang B at 162 x d15.
    assert_rel(finite.engset_blocking, 0.004_737_304_482_783_092_387_455_488_605_438_462_98, 1e-11);
    assert_rel(finite.erlang_b_blocking, 0.004_320_628_021_068_542_707_606_232_421_780_444_02, 1e-11);
}

#[test]
fn bad_teams_are_refused_with_a_reason() {
    let settings = TeamSettings::default();
    assert_eq!(Team::new(vec![], settings), Err(TeamError::NoGroups));
    assert_eq!(Team::new(vec![Group::chat(0), Group::agent(0)], settings), Err(TeamError::NoPeople));
    assert_eq!(
        Team::new(vec![Group::chat(20_000_000)], settings),
        Err(TeamError::TooManyPeople { group: 0, people: 20_000_000 })
    );
    let bad_answer = Group { answer_tokens: f64::NAN, ..Group::chat(3) };
    let error = Team::new(vec![Group::chat(1), bad_answer], settings).expect_err("NaN answer");
    assert!(matches!(error, TeamError::Group { group: 1, .. }));
    assert!(error.to_string().starts_with("group 2: answer_tokens"), "{error}");
    let ceiling = TeamSettings { ttft_ceiling_s: Some(-3.0), ..settings };
    assert_eq!(
        Team::new(vec![Group::chat(1)], ceiling),
        Err(TeamError::OutOfRange { field: TeamField::TtftCeilingS, value: -3.0 })
    );
    let band = TeamSettings { uncertainty: 1.0, ..settings };
    assert!(matches!(
        Team::new(vec![Group::chat(1)], band),
        Err(TeamError::OutOfRange { field: TeamField::Uncertainty, .. })
    ));
    let nan_band = TeamSettings { uncertainty: f64::NAN, ..settings };
    assert!(Team::new(vec![Group::chat(1)], nan_band).is_err());
    let floor = TeamSettings { floor_tok_s: 0.0, ..settings };
    assert!(matches!(Team::new(vec![Group::chat(1)], floor), Err(TeamError::Setting(_))));
    assert_eq!(Team::new(vec![Group::chat(1); 65], settings), Err(TeamError::TooManyGroups { groups: 65 }));
    let curve = qwen3_coder_30b();
    assert!(RunLimits::new(&curve, Some(-1.0), None, None).is_err());
    assert!(RunLimits::new(&curve, None, Some(f64::INFINITY), None).is_err());
}
