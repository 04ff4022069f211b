//! The uncertainty band's ends against a second method: the same team planned again, with no
//! band, on the curve whose per-request speeds are scaled explicitly by `1 - u` and `1 + u`.
//! The band scales the floor (the measured curve crossed at `floor / factor`) and reuses the
//! limits that do not move with the speed; the second plan scales the curve and finds them all
//! again, so a shortcut at the band's ends that changed a result would show here.

use sizer_core::{
    Curve, Group, Interpolation, RunLimits, Team, TeamHeadroom, TeamLimit, TeamSettings, TtftCurve, plan,
};

/// Measured per-request speeds (concurrency, tok/s): the worked run and two made-up shapes.
const CURVES: [&[(f64, f64)]; 3] = [
    &[(1.0, 81.2), (8.0, 37.3), (32.0, 18.4), (64.0, 13.1), (128.0, 8.2), (256.0, 4.5)],
    &[(1.0, 40.0), (4.0, 31.0), (16.0, 22.5), (48.0, 11.0), (96.0, 6.5)],
    &[(1.0, 120.0), (16.0, 70.0), (64.0, 35.0), (200.0, 17.0), (512.0, 6.0)],
];

fn scaled(points: &[(f64, f64)], factor: f64) -> Curve {
    let points: Vec<(f64, f64)> = points.iter().map(|&(c, v)| (c, v * factor)).collect();
    Curve::from_per_request(&points).expect("scaled points are valid")
}

/// True when the streams at the floor lie within rounding of a whole number: there the two
/// methods (floor over factor on the measured curve, floor on the scaled curve) may round the
/// crossing to different whole streams, which is not what this test compares.
fn near_whole(streams: f64) -> bool {
    (streams - streams.round()).abs() < 1e-6
}

#[test]
fn band_ends_equal_a_plan_of_the_scaled_curve() {
    let ttft =
        TtftCurve::from_seconds(&[(1.0, 0.041), (8.0, 0.61), (32.0, 2.1), (64.0, 2.7), (128.0, 7.1), (256.0, 21.5)])
            .expect("valid");
    let (mut compared, mut skipped, mut not_speed, mut changes) = (0, 0, 0, 0);
    for headroom in [TeamHeadroom::FinitePopulation, TeamHeadroom::NormalApprox] {
        for points in CURVES {
            let curve = Curve::from_per_request(points).expect("valid");
            for (pool, rate, p99) in [
                (None, None, None),
                (Some(924_912.0), Some(5_705.0), None),
                (Some(300_000.0), Some(2_000.0), Some(&ttft)),
            ] {
                for chat in [0_u64, 1, 3, 10, 30, 80, 163] {
                    for agents in [0_u64, 1, 2, 5, 12] {
                        if chat + agents == 0 {
                            continue;
                        }
                        for floor in [8.0, 15.0] {
                            for u in [0.05, 0.1, 0.2, 0.3] {
                                let settings = TeamSettings {
                                    floor_tok_s: floor,
                                    headroom,
                                    interpolation: Interpolation::Linear,
                                    ttft_ceiling_s: p99.map(|_| 3.0),
                                    uncertainty: u,
                                    ..TeamSettings::default()
                                };
                                let groups: Vec<Group> = [Group::chat(chat), Group::agent(agents)]
                                    .into_iter()
                                    .filter(|g| g.people > 0)
                                    .collect();
                                let team = Team::new(groups.clone(), settings).expect("valid");
                                let limits = RunLimits::new(&curve, pool, rate, p99).expect("valid");
                                let band = plan(&team, &limits).band;
                                let fixed =
                                    Team::new(groups, TeamSettings { uncertainty: 0.0, ..settings }).expect("valid");
                                for (factor, people, binding, systems) in [
                                    (1.0 - u, band.people_low, band.binding_low, band.systems_slow),
                                    (1.0 + u, band.people_high, band.binding_high, band.systems_fast),
                                ] {
                                    let curve = scaled(points, factor);
                                    let limits = RunLimits::new(&curve, pool, rate, p99).expect("valid");
                                    let second = plan(&fixed, &limits);
                                    if near_whole(second.streams.streams()) {
                                        skipped += 1;
                                        continue;
                                    }
                                    let case = format!(
                                        "{headroom:?} {points:?} {pool:?} chat {chat} agents {agents} floor {floor} factor {factor}"
                                    );
                                    assert_eq!(people, second.people_per_system, "people: {case}");
                                    assert_eq!(binding, second.binding, "binding: {case}");
                                    assert_eq!(systems, second.systems_needed, "systems: {case}");
                                    compared += 1;
                                    not_speed += usize::from(binding != TeamLimit::Speed);
                                }
                                changes += usize::from(band.binding_changes);
                            }
                        }
                    }
                }
            }
        }
    }
    // The grid reaches every branch: most ends compared, some bound by another limit than
    // speed, and some bands in which the binding limit changes.
    assert!(compared > 20 * skipped.max(1), "compared {compared}, skipped {skipped}");
    assert!(not_speed > 50, "ends bound by another limit: {not_speed}");
    assert!(changes > 10, "bands whose binding limit changes: {changes}");
}
