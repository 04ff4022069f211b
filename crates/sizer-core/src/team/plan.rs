//! A team against one run: people per system by each limit, the binding limit, how many
//! independent systems the team needs and the uncertainty band; the finite-population
//! comparison for one run.

use super::fit::{CapacityMemo, Demand, Offer, Rule, prompt_ttft, ttft_under, whole};
use super::settings::{RunLimits, Team, TeamLimit};
use crate::headroom::binomial::whole_people_at;
use crate::headroom::{binomial_max_users, engset_blocking, erlang_b, poisson_max_load};
use crate::interpolate::StreamsAtFloor;
use crate::prompt_wait::PromptTtft;
use crate::ttft::ConcurrencyUnderCeiling;
use alloc::vec::Vec;

/// A team planned on one run. "System" is one machine, or the nodes of a multi-node run as
/// measured (a TP=2 pair is one system); the data crate turns systems into Sparks.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct TeamPlan {
    /// Everyone in the team, and the always-busy people (agents) among them.
    pub people: u64,
    pub agents: u64,
    /// Each group's duty at the floor (1 for agents), in group order.
    pub duties: Vec<f64>,
    /// Speed limit: where the curve crosses the floor, and the whole streams.
    pub streams: StreamsAtFloor,
    pub whole_streams: u64,
    /// TTFT limit: where the measured p99 crosses the ceiling (`None`: no ceiling, or no p99
    /// TTFT measured), and the whole concurrency under it.
    pub ttft_under_ceiling: Option<ConcurrencyUnderCeiling>,
    pub ttft_streams: Option<u64>,
    /// TTFT limit where no p99 TTFT was measured for these prompts but a ceiling is set and the
    /// prefill rate is known: the prompt queue under the ceiling (an estimate, [`PromptTtft`]).
    pub prompt_ttft: Option<PromptTtft>,
    /// People of the team's mix one system holds by each limit, unrounded (`None`: unknown).
    pub users_by_speed: f64,
    pub users_by_kv: Option<f64>,
    pub users_by_prefill: Option<f64>,
    pub users_by_ttft: Option<f64>,
    /// The limit with the fewest people (ties: speed, kv, prefill, ttft).
    pub binding: TeamLimit,
    /// `floor(min(users))`: the room one system has for people of this mix.
    pub people_per_system: u64,
    /// True when the binding limit was still met at the highest measured concurrency: "at least".
    pub people_is_lower_bound: bool,
    /// Reverse sizing: the fewest independent systems that serve the team split evenly (each
    /// gets `ceil(count / K)` of every group); `None` when no number does.
    pub systems_needed: Option<u64>,
    /// When `systems_needed` is `None`: the limit that even one person of each group breaks
    /// (speed when the floor is never reached).
    pub unserved_by: Option<TeamLimit>,
    /// The load on each system at `systems_needed`.
    pub per_system: Option<PerSystem>,
    /// The same plan with speeds scaled by `1 - u` and `1 + u`.
    pub band: Band,
}

/// What each of the `systems` carries.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct PerSystem {
    pub systems: u64,
    /// People on the most loaded system (every group's share rounded up), and agents among them.
    pub people: u64,
    pub agents: u64,
    /// Average streams in flight: agents plus the others' `sum(count x duty)`.
    pub average_streams: f64,
    /// Streams in flight at the percentile: agents plus the others' percentile (normal:
    /// `L + z sqrt(L)`; Poisson methods: the Poisson quantile; finite: the binomial quantile).
    /// The load at which to read the measured p99 TTFT.
    pub peak_streams: f64,
    /// `average_streams / whole_streams`.
    pub stream_utilisation: f64,
    /// `people / min(users)`: the share of one system's room for this mix that is used.
    pub room_used: f64,
}

/// The people range when measured speeds are off by a share `u` either way.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Band {
    pub uncertainty: f64,
    /// People per system with speeds times `1 - u` (low) and `1 + u` (high).
    pub people_low: u64,
    pub people_high: u64,
    pub binding_low: TeamLimit,
    pub binding_high: TeamLimit,
    /// True when the binding limit at either end differs from the nominal one.
    pub binding_changes: bool,
    /// Systems needed with the slower speeds (the most) and the faster (the fewest).
    pub systems_slow: Option<u64>,
    pub systems_fast: Option<u64>,
}

/// The finite-population (binomial, Engset) figures beside the Poisson ones, for the non-agent
/// people on the `streams` the agents of one system leave free.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct FiniteComparison {
    pub streams: u64,
    /// The non-agents' mean duty.
    pub duty: f64,
    /// Largest N with `P(Binomial(N, duty) <= streams) >= p`, unrounded and whole.
    pub users_finite: f64,
    pub people_finite: u64,
    /// Largest `lambda / duty` with `P(Poisson(lambda) <= streams) >= p`, unrounded and whole.
    pub users_poisson: f64,
    pub people_poisson: u64,
    /// Engset: share of requests that find every stream busy, at `people_finite`.
    pub engset_blocking: f64,
    /// Erlang B: the same share for Poisson arrivals at `people_poisson x duty`.
    pub erlang_b_blocking: f64,
}

/// One evaluation at one speed factor.
#[derive(Clone, Copy)]
struct Evaluation {
    offer: Offer,
    users: [Option<f64>; 4],
    binding: TeamLimit,
    smallest: f64,
    systems: Result<u64, TeamLimit>,
}

const LIMITS: [TeamLimit; 4] = [TeamLimit::Speed, TeamLimit::Kv, TeamLimit::Prefill, TeamLimit::Ttft];

/// Plans `team` on one run.
///
/// # Formula
/// Per limit, the people of the team's mix one system holds (`Rule::capacity`): agents hold
/// one stream (and one session) each; the others share what is left with headroom on their
/// summed load `sum(count x duty)` (English seed, steps 3 and 4), or by the finite-population
/// count; KV and prefill demands add up across groups; the TTFT limit caps streams at the largest
/// concurrency whose measured p99 TTFT stays under the ceiling, or, where none was measured,
/// caps the prefill utilisation where the longest prompt's queued p99 TTFT reaches it
/// ([`PromptTtft`]: `users = (max utilisation x rate + the sender's own demand) / demand per
/// person`). People per system =
/// `floor(min(users))`. Reverse sizing: the smallest K for which every group's
/// `ceil(count / K)` fits every known limit, searched upwards from `N / (room + 1)` (fewer
/// systems would each hold more than the room) by galloping then bisection (fitting only gets
/// easier as K grows; past the largest group each system holds one person of each group, so if
/// that does not fit, no K does). The band repeats all of it with the curve's speeds times `1 - u` and `1 + u` (the
/// floor crossed where the measured curve crosses `floor / (1 -+ u)`).
///
/// Bad input: none reaches it: a [`Team`] and its [`RunLimits`] are validated when built
/// (`Team::new`, `RunLimits::new` return a `Result`).
pub fn plan(team: &Team, limits: &RunLimits<'_>) -> TeamPlan {
    plan_with(team, limits, &CapacityMemo::default())
}

/// [`plan`] with the headroom inverses remembered in `memo`: plan one team on many runs with
/// the same memo (a memo belongs to one team; a new team needs a new memo).
pub fn plan_with(team: &Team, limits: &RunLimits<'_>, memo: &CapacityMemo) -> TeamPlan {
    let settings = team.settings();
    let rule = Rule::of(settings, memo);
    let duties: Vec<f64> = team.groups().iter().map(|g| g.duty(settings.floor_tok_s)).collect();
    let people = team.people();
    let per_person = Demand::of(team.groups(), &duties, |g| g.people as f64 / people as f64);
    let ttft = ttft_under(settings, limits.p99_ttft());
    let queue = prompt_ttft(team, limits);
    let nominal = evaluate(team, &duties, &per_person, &rule, Offer::at(settings, limits, ttft, queue, 1.0), None);
    // Only the speed limit moves with the speed factor: the others are the nominal ones, and a
    // factor that leaves the whole streams unchanged changes nothing.
    let at_factor = |factor: f64| {
        let offer = Offer::at(settings, limits, ttft, queue, factor);
        if offer.whole_streams == nominal.offer.whole_streams {
            Evaluation { offer, ..nominal }
        } else {
            evaluate(team, &duties, &per_person, &rule, offer, Some(&nominal.users))
        }
    };
    let u = settings.uncertainty;
    let (slow, fast) = if u > 0.0 { (at_factor(1.0 - u), at_factor(1.0 + u)) } else { (nominal, nominal) };
    let band = Band {
        uncertainty: u,
        people_low: whole(slow.smallest),
        people_high: whole(fast.smallest),
        binding_low: slow.binding,
        binding_high: fast.binding,
        binding_changes: slow.binding != nominal.binding || fast.binding != nominal.binding,
        systems_slow: slow.systems.ok(),
        systems_fast: fast.systems.ok(),
    };

    let offer = nominal.offer;
    let per_system = nominal.systems.ok().map(|k| per_system(team, &duties, &rule, &offer, k, nominal.smallest));
    let lower_bound = match nominal.binding {
        TeamLimit::Speed => offer.streams.is_lower_bound(),
        TeamLimit::Ttft => ttft.is_some_and(|t| t.is_lower_bound()),
        TeamLimit::Kv | TeamLimit::Prefill => false,
    };
    let [by_speed, by_kv, by_prefill, by_ttft] = nominal.users;
    TeamPlan {
        people,
        agents: team.agents(),
        duties,
        streams: offer.streams,
        whole_streams: offer.whole_streams,
        ttft_under_ceiling: ttft,
        ttft_streams: offer.ttft.map(|(_, streams)| streams),
        prompt_ttft: queue,
        users_by_speed: by_speed.unwrap_or(0.0),
        users_by_kv: by_kv,
        users_by_prefill: by_prefill,
        users_by_ttft: by_ttft,
        binding: nominal.binding,
        people_per_system: whole(nominal.smallest),
        people_is_lower_bound: lower_bound,
        systems_needed: nominal.systems.ok(),
        unserved_by: nominal.systems.err(),
        per_system,
        band,
    }
}

/// The team on one offer; `known`: the capacities by every limit but speed, already found
/// (they do not depend on the speed factor).
fn evaluate(
    team: &Team,
    duties: &[f64],
    per_person: &Demand,
    rule: &Rule,
    offer: Offer,
    known: Option<&[Option<f64>; 4]>,
) -> Evaluation {
    let users = core::array::from_fn(|i| match known {
        Some(known) if LIMITS[i] != TeamLimit::Speed => known[i],
        _ => rule.capacity(LIMITS[i], per_person, &offer),
    });
    let mut binding = TeamLimit::Speed;
    let mut smallest = f64::INFINITY;
    for (limit, users) in LIMITS.into_iter().zip(users) {
        if let Some(users) = users.filter(|u| *u < smallest) {
            binding = limit;
            smallest = users;
        }
    }
    let systems = systems_needed(team, duties, rule, &offer, smallest);
    Evaluation { offer, users, binding, smallest, systems }
}

/// Each group's share on one of `systems`: `ceil(count / systems)`.
fn share(people: u64, systems: u64) -> f64 {
    people.div_ceil(systems.max(1)) as f64
}

/// The demand on the most loaded of `systems`.
fn demand_on(team: &Team, duties: &[f64], systems: u64) -> Demand {
    Demand::of(team.groups(), duties, |g| share(g.people, systems))
}

/// The first known limit that `demand` breaks.
fn broken_limit(rule: &Rule, demand: &Demand, offer: &Offer) -> Option<TeamLimit> {
    offer.known_limits().find(|&limit| rule.fits(limit, demand, offer) == Some(false))
}

/// The smallest K that serves the team split evenly, or the limit no K satisfies.
///
/// With `room` the most people of the team's mix one system holds, no K below `N / room` can
/// serve (each system would hold more than `room` of the mix, and rounding every group up only
/// adds people), so the search starts there (less a margin for rounding): it tries
/// `ceil(N / room)` first, where the answer nearly always is, then gallops down or up from it
/// and bisects (fitting only gets easier as K grows, so any order of checks finds the same K).
fn systems_needed(team: &Team, duties: &[f64], rule: &Rule, offer: &Offer, room: f64) -> Result<u64, TeamLimit> {
    let largest = team.groups().iter().map(|g| g.people).max().unwrap_or(1).max(1);
    let serves = |k: u64| broken_limit(rule, &demand_on(team, duties, k), offer);
    let people = team.people() as f64;
    let known = room >= 0.0 && room.is_finite();
    // `room + 1`: the agents-only KV room counts whole average sessions, up to one under the
    // supremum (a mix's room is its supremum, found to 1e-8).
    let start = if known { libm::ceil(people / (room + 1.0)) } else { 1.0 };
    let floor = if start >= 1.0 && start < largest as f64 { start as u64 } else { 1 };
    let likely = if known { libm::ceil(people / room) } else { 1.0 };
    let first = if likely > floor as f64 { (likely.min(largest as f64)) as u64 } else { floor };
    let (mut lo, mut hi) = (floor, first); // the answer is in [lo, hi] once `hi` serves
    match serves(first) {
        None => {
            // Down from `first`, doubling, until a K that does not serve (or the floor).
            let mut step = 1;
            while hi > lo {
                let below = hi.saturating_sub(step).max(lo);
                if serves(below).is_some() {
                    lo = below + 1;
                    break;
                }
                hi = below;
                step *= 2;
            }
        }
        // Past the largest group every system holds one person of each: no K serves.
        Some(limit) if first >= largest => return Err(limit),
        Some(_) => {
            let mut step = 1;
            lo = first + 1;
            hi = lo;
            loop {
                match serves(hi) {
                    None => break,
                    Some(limit) if hi >= largest => return Err(limit),
                    Some(_) => {
                        lo = hi + 1;
                        hi = (hi + step).min(largest);
                        step *= 2;
                    }
                }
            }
        }
    }
    while lo < hi {
        let mid = lo + (hi - lo) / 2;
        if serves(mid).is_none() {
            hi = mid;
        } else {
            lo = mid + 1;
        }
    }
    Ok(lo)
}

fn per_system(team: &Team, duties: &[f64], rule: &Rule, offer: &Offer, systems: u64, room: f64) -> PerSystem {
    let demand = demand_on(team, duties, systems);
    let average_streams = demand.agents + demand.load;
    let others_peak = rule.others_peak(&demand);
    let people = demand.people();
    PerSystem {
        systems,
        people: whole(people),
        agents: whole(demand.agents),
        average_streams,
        peak_streams: demand.agents + others_peak,
        stream_utilisation: if offer.whole_streams > 0 {
            average_streams / offer.whole_streams as f64
        } else {
            f64::INFINITY
        },
        room_used: if room > 0.0 { people / room } else { f64::INFINITY },
    }
}

/// The non-agent groups of `team` by the finite-population count beside the Poisson count,
/// on the streams the agents of one system leave at the planned number of systems (for
/// show-your-work on one run; [`plan`] leaves it out, as a ranking of every run does not show
/// it). `None` without non-agent people or when no number of systems serves the team.
///
/// # Formula
/// With `S` = whole streams at the floor minus the agents per system and `d` the non-agents'
/// mean duty: `N = max n with P(Binomial(n, d) <= S) >= p` ([`binomial_max_users`]) beside
/// `lambda / d` with `P(Poisson(lambda) <= S) >= p` ([`poisson_max_load`]); Engset's blocking
/// at N ([`engset_blocking`]) beside Erlang B at the Poisson people times d ([`erlang_b`]).
///
/// Bad input: none reaches it (validated [`Team`] and [`RunLimits`]); what cannot be compared is
/// `None`.
pub fn finite_comparison(team: &Team, limits: &RunLimits<'_>) -> Option<FiniteComparison> {
    let settings = team.settings();
    let memo = CapacityMemo::default();
    let rule = Rule::of(settings, &memo);
    let duties: Vec<f64> = team.groups().iter().map(|g| g.duty(settings.floor_tok_s)).collect();
    let people = team.people();
    let per_person = Demand::of(team.groups(), &duties, |g| g.people as f64 / people as f64);
    let offer = Offer::at(settings, limits, ttft_under(settings, limits.p99_ttft()), prompt_ttft(team, limits), 1.0);
    let room =
        LIMITS.iter().filter_map(|&limit| rule.capacity(limit, &per_person, &offer)).fold(f64::INFINITY, f64::min);
    let systems = systems_needed(team, &duties, &rule, &offer, room).ok()?;
    let agents = whole(demand_on(team, &duties, systems).agents);
    let others = Demand::of(team.groups(), &duties, |g| if g.always_busy { 0.0 } else { g.people as f64 });
    if others.others <= 0.0 {
        return None;
    }
    let streams = offer.whole_streams.saturating_sub(agents);
    let duty = others.mean_duty();
    let users_finite = binomial_max_users(streams, duty, rule.percentile);
    let users_poisson = poisson_max_load(streams, rule.percentile) / duty;
    let people_finite = whole_people_at(users_finite, streams, duty, rule.percentile);
    let people_poisson = whole(users_poisson);
    Some(FiniteComparison {
        streams,
        duty,
        users_finite,
        people_finite,
        users_poisson,
        people_poisson,
        engset_blocking: engset_blocking(people_finite, streams, duty),
        erlang_b_blocking: erlang_b(streams, people_poisson as f64 * duty),
    })
}
