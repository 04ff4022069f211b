//! Properties of team planning over generated teams and curves (proptest): nothing panics, the
//! band brackets the nominal plan, the systems found serve the team and one fewer does not
//! (reverse sizing inverts forward sizing), and more people never need fewer systems.

use crate::support;

use proptest::prelude::*;
use sizer_core::{
    Curve, Group, Interpolation, RunLimits, Team, TeamHeadroom, TeamSettings, TtftCurve, binomial_cdf,
    binomial_max_users, engset_blocking, plan,
};

fn curve() -> impl Strategy<Value = Curve> {
    prop::collection::vec((0.5..100.0_f64, 0.5..120.0_f64), 1..7).prop_map(|steps| {
        let points = support::increasing_from_one(steps);
        Curve::from_per_request(&points).expect("generated points are valid")
    })
}

fn ttft() -> impl Strategy<Value = Option<TtftCurve>> {
    prop::option::of(prop::collection::vec((0.5..100.0_f64, 0.01..20.0_f64), 1..6).prop_map(|steps| {
        let points = support::increasing_from_one(steps);
        TtftCurve::from_seconds(&points).expect("generated points are valid")
    }))
}

fn group() -> impl Strategy<Value = Group> {
    (0_u64..400, any::<bool>(), 50.0..2_000.0_f64, 5.0..600.0_f64, 1_000.0..40_000.0_f64, 100.0..30_000.0_f64).prop_map(
        |(people, agent, answer, interval, context, prompt)| Group {
            people,
            answer_tokens: answer,
            interval_s: interval,
            ttft_s: 1.0,
            always_busy: agent,
            context_tokens: context,
            prompt_tokens: prompt,
        },
    )
}

fn headroom() -> impl Strategy<Value = TeamHeadroom> {
    prop_oneof![
        Just(TeamHeadroom::NormalApprox),
        Just(TeamHeadroom::ExactPoisson),
        Just(TeamHeadroom::ErlangC),
        Just(TeamHeadroom::FinitePopulation),
    ]
}

fn settings() -> impl Strategy<Value = TeamSettings> {
    (1.0..60.0_f64, 0.6..0.999_f64, headroom(), prop::option::of(0.1..30.0_f64), 0.0..0.9_f64).prop_map(
        |(floor, percentile, headroom, ceiling, uncertainty)| TeamSettings {
            floor_tok_s: floor,
            percentile,
            z: None,
            headroom,
            interpolation: Interpolation::Linear,
            ttft_ceiling_s: ceiling,
            uncertainty,
        },
    )
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn plans_are_consistent(
        groups in prop::collection::vec(group(), 1..4),
        settings in settings(),
        curve in curve(),
        ttft in ttft(),
        pool in prop::option::of(10_000.0..2_000_000.0_f64),
        rate in prop::option::of(100.0..20_000.0_f64),
    ) {
        let Ok(team) = Team::new(groups.clone(), settings) else {
            prop_assert!(groups.iter().all(|g| g.people == 0));
            return Ok(());
        };
        let limits = RunLimits::new(&curve, pool, rate, ttft.as_ref()).expect("valid figures");
        let planned = plan(&team, &limits);
        prop_assert!(planned.band.people_low <= planned.people_per_system);
        prop_assert!(planned.people_per_system <= planned.band.people_high);
        match planned.systems_needed {
            Some(k) => {
                prop_assert!(planned.unserved_by.is_none());
                let split = |k: u64| {
                    let share: Vec<Group> =
                        groups.iter().map(|g| Group { people: g.people.div_ceil(k), ..*g }).collect();
                    let team = Team::new(share, settings).expect("still valid");
                    plan(&team, &limits).systems_needed == Some(1)
                };
                prop_assert!(split(k), "{k} systems do not serve the team");
                prop_assert!(k == 1 || !split(k - 1), "{} systems would do", k - 1);
                // One more person of the largest group never needs fewer systems.
                let mut more = groups.clone();
                if let Some(largest) = more.iter_mut().max_by_key(|g| g.people) {
                    largest.people += 1;
                }
                let bigger = plan(&Team::new(more, settings).expect("valid"), &limits);
                prop_assert!(bigger.systems_needed.is_none_or(|b| b >= k));
            }
            None => prop_assert!(planned.unserved_by.is_some()),
        }
    }

    #[test]
    fn finite_population_is_consistent(streams in 0_u64..400, duty in 0.001..0.999_f64, p in 0.5..0.9999_f64) {
        let users = binomial_max_users(streams, duty, p);
        prop_assert!(users >= streams as f64 && users.is_finite());
        let whole = users.floor();
        prop_assert!(binomial_cdf(streams, whole, duty) >= p - 1e-9);
        prop_assert!(binomial_cdf(streams, whole + 1.0, duty) < p + 1e-9);
        let blocking = engset_blocking(whole as u64, streams, duty);
        prop_assert!((0.0..=1.0).contains(&blocking));
    }
}
