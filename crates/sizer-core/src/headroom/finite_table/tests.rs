//! The table against the direct functions it stands in for: every decision equals
//! `binomial_cdf(S, n, d) >= p`, and every largest n matches `binomial_max_users`, over a grid
//! of stream counts, duties and percentiles, whatever order the table is filled in.

use super::FiniteTable;
use crate::headroom::binomial::{binomial_cdf_and_pmf, ln_binomial_cdf};
use crate::headroom::{binomial_cdf, binomial_max_users, binomial_pmf};
use alloc::vec::Vec;

/// The precision planning asks for (`MAX_USERS_RELATIVE` in the team module).
const RELATIVE: f64 = 1e-8;

/// Duties and percentiles: the chat preset at 15 tok/s (0.2306), both ends of the duty range,
/// and the percentile range a team may set (0.5 to 0.99999).
const GRID: [(f64, f64); 8] = [
    (0.2306, 0.99),
    (0.2306, 0.5),
    (0.01, 0.99),
    (0.05, 0.999),
    (0.5, 0.9),
    (0.9, 0.99999),
    (0.999, 0.99),
    (0.35, 0.6),
];

/// n to ask about at S: whole and fractional points around the answer and far from it.
fn probes(streams: u64, users: f64) -> Vec<f64> {
    let whole = libm::floor(users);
    let mut probes: Vec<f64> = (-3..=4).map(|k| whole + f64::from(k)).collect();
    probes.extend([users, users * (1.0 - 1e-12), users * (1.0 + 1e-9), whole + 0.5, whole + 0.999_999]);
    probes.extend([0.0, streams as f64, streams as f64 + 0.5, 0.5 * users, 2.0 * users + 3.0]);
    probes.retain(|n| *n >= 0.0);
    probes
}

/// Stream counts 0..=300 in an order that makes the table step from neighbours both ways and
/// start afresh: a few far apart, then everything ascending, descending in between.
fn order() -> Vec<u64> {
    let mut order = alloc::vec![150, 40, 270, 7];
    order.extend((0..=300).step_by(3));
    order.extend((0..=300).rev());
    order
}

#[test]
fn every_decision_equals_the_direct_cdf() {
    for (duty, p) in GRID {
        let mut table = FiniteTable::new(duty, p);
        for streams in order() {
            let users = binomial_max_users(streams, duty, p);
            for n in probes(streams, users) {
                let direct = binomial_cdf(streams, n, duty) >= p;
                assert_eq!(table.fits(streams, n), direct, "S {streams}, n {n}, d {duty}, p {p}");
            }
        }
    }
}

#[test]
fn the_largest_count_matches_the_incomplete_beta_search() {
    for (duty, p) in GRID {
        let mut table = FiniteTable::new(duty, p);
        for streams in order() {
            let found = table.max_users(streams, RELATIVE);
            let reference = binomial_max_users(streams, duty, p);
            let tolerance = 1e-9 * reference.max(1.0);
            assert!((found - reference).abs() <= tolerance, "S {streams}, d {duty}, p {p}: {found} vs {reference}");
            // On the side that fits, within the tolerance of the root.
            assert!(binomial_cdf(streams, found, duty) >= p, "S {streams}, d {duty}, p {p}: {found} does not fit");
            assert!(
                binomial_cdf(streams, found + RELATIVE * found.max(1.0), duty) < p
                    || (found - reference).abs() <= tolerance,
                "S {streams}"
            );
        }
    }
}

#[test]
fn answers_do_not_depend_on_what_was_asked_before() {
    for (duty, p) in GRID {
        let (mut ascending, mut scattered) = (FiniteTable::new(duty, p), FiniteTable::new(duty, p));
        let users: Vec<u64> = (0..=300).map(|s| ascending.max_users(s, RELATIVE).to_bits()).collect();
        for streams in order() {
            assert_eq!(scattered.max_users(streams, RELATIVE).to_bits(), users[streams as usize], "S {streams}");
        }
    }
}

#[test]
fn the_table_hands_the_edges_to_the_direct_functions() {
    for (duty, p) in [(0.0, 0.99), (1.0, 0.99), (-0.5, 0.9), (f64::NAN, 0.99), (0.3, f64::NAN)] {
        let mut table = FiniteTable::new(duty, p);
        for streams in [0, 1, 52, 300] {
            for n in [0.0, 1.0, 52.0, 53.5, 1e6, f64::INFINITY, f64::NAN, -1.0] {
                assert_eq!(table.fits(streams, n), binomial_cdf(streams, n, duty) >= p, "d {duty} S {streams} n {n}");
            }
            let (found, reference) = (table.max_users(streams, RELATIVE), binomial_max_users(streams, duty, p));
            assert!(found.to_bits() == reference.to_bits() || found == reference, "d {duty} S {streams}");
        }
    }
}

#[test]
fn the_summed_cdf_pmf_and_log_match_the_general_functions() {
    for (duty, _) in GRID {
        for streams in 0..=64_u64 {
            for extra in [1_u64, 2, 7, 40, 300] {
                let n = streams + extra;
                let (cdf, pmf) = binomial_cdf_and_pmf(streams, n as f64, duty);
                assert_eq!(cdf.to_bits(), binomial_cdf(streams, n as f64, duty).to_bits());
                let reference = binomial_pmf(streams, n, duty);
                assert!(
                    (pmf - reference).abs() <= 1e-12 * reference.max(1e-300),
                    "S {streams} n {n}: {pmf} vs {reference}"
                );
                let ln = ln_binomial_cdf(streams, n as f64 + 0.37, duty, libm::log1p(-duty));
                let reference = libm::log(binomial_cdf(streams, n as f64 + 0.37, duty));
                assert!(
                    (ln - reference).abs() <= 1e-12 * reference.abs().max(1.0),
                    "S {streams} n {n}: {ln} vs {reference}"
                );
            }
        }
    }
}
