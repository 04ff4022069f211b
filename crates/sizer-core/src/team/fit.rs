//! Whether some people of a team fit one system, limit by limit, and how many people of the
//! team's mix one system holds.

use super::group::Group;
use super::settings::{RunLimits, Team, TeamHeadroom, TeamLimit, TeamSettings};
use crate::curve::MAX_CONCURRENCY;
use crate::headroom::finite_table::FiniteTable;
use crate::interpolate::StreamsAtFloor;
use crate::kv::sessions_at_context;
use crate::prompt_wait::PromptTtft;
use crate::scenario::HeadroomMethod;
use crate::sizing::max_avg_load;
use crate::ttft::{ConcurrencyUnderCeiling, TtftCurve};
use alloc::collections::BTreeMap;
use alloc::vec::Vec;
use core::cell::{Cell, RefCell};
use libm::floor;

/// Bisection steps at most when searching a mixed team's capacity.
const MAX_BISECTIONS: usize = 60;
/// Relative width at which the capacity search stops (the whole count is then checked exactly).
const CAPACITY_TOLERANCE: f64 = 1e-4;
/// How far under a whole number a count of agents may fall by rounding and still count as it.
const WHOLE_SLACK: f64 = 1e-9;
/// Relative precision of the binomial inverse in a team's capacity: far below what is shown,
/// and the whole count at the edge is checked exactly ([`Rule::mixed_capacity`]).
const MAX_USERS_RELATIVE: f64 = 1e-8;

/// The demand of some of a team's people on one system. Every field but the context is a sum
/// over groups, so a demand scales linearly with the head counts ([`Demand::times`]).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(crate) struct Demand {
    /// Always-busy people: streams (and KV sessions) held.
    pub agents: f64,
    /// The other people.
    pub others: f64,
    /// The others' average load: `sum(count x duty)`.
    pub load: f64,
    /// KV tokens the agents hold: `sum(count x context)`.
    pub agent_kv_tokens: f64,
    /// The longest context among the others present: each of their sessions in flight is
    /// counted at it (see [`Rule::kv_fit`]).
    pub other_context: f64,
    /// Prompt tok/s: `sum(count x prompt / interval)`.
    pub prefill_tok_s: f64,
}

impl Demand {
    /// The demand of `count(g)` people of each group, with each group's duty at the floor.
    pub(crate) fn of(groups: &[Group], duties: &[f64], count: impl Fn(&Group) -> f64) -> Demand {
        let mut demand = Demand::default();
        for (group, &duty) in groups.iter().zip(duties) {
            let n = count(group);
            if group.always_busy {
                demand.agents += n;
                demand.agent_kv_tokens += n * group.context_tokens;
            } else {
                demand.others += n;
                demand.load += n * duty;
                if n > 0.0 {
                    demand.other_context = demand.other_context.max(group.context_tokens);
                }
            }
            demand.prefill_tok_s += n * group.prompt_demand_tok_s();
        }
        demand
    }

    /// Every count times `k`.
    pub(crate) fn times(self, k: f64) -> Demand {
        Demand {
            agents: self.agents * k,
            others: self.others * k,
            load: self.load * k,
            agent_kv_tokens: self.agent_kv_tokens * k,
            other_context: self.other_context,
            prefill_tok_s: self.prefill_tok_s * k,
        }
    }

    pub(crate) fn people(&self) -> f64 {
        self.agents + self.others
    }

    /// The others' mean duty, `load / others` (people-weighted).
    pub(crate) fn mean_duty(&self) -> f64 {
        if self.others > 0.0 { self.load / self.others } else { 0.0 }
    }
}

/// What one system offers at one speed factor.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Offer {
    /// Where the (scaled) curve crosses the floor.
    pub streams: StreamsAtFloor,
    pub whole_streams: u64,
    /// Where the p99 TTFT crosses the ceiling, and the whole concurrency under it.
    pub ttft: Option<(ConcurrencyUnderCeiling, u64)>,
    /// Where no p99 TTFT was measured for the team's prompts: the prompt queue under the
    /// ceiling at the prefill rate (an estimate).
    pub prompt_ttft: Option<PromptTtft>,
    pub kv_pool_tokens: Option<f64>,
    pub prefill_tok_s: Option<f64>,
}

impl Offer {
    /// The system at speeds scaled by `factor`: the floor is crossed where the measured curve
    /// crosses `floor / factor`.
    pub(crate) fn at(
        settings: &TeamSettings,
        limits: &super::settings::RunLimits<'_>,
        ttft: Option<ConcurrencyUnderCeiling>,
        prompt_ttft: Option<PromptTtft>,
        factor: f64,
    ) -> Offer {
        let streams = limits.curve().streams_at_floor(settings.floor_tok_s / factor, settings.interpolation);
        Offer {
            streams,
            whole_streams: whole(streams.streams()),
            ttft: ttft.map(|t| (t, whole(t.concurrency()))),
            prompt_ttft,
            kv_pool_tokens: limits.kv_pool_tokens(),
            prefill_tok_s: limits.prefill_tok_s(),
        }
    }

    /// The limits this system knows, in tie-break order.
    pub(crate) fn known_limits(&self) -> impl Iterator<Item = TeamLimit> + '_ {
        [
            Some(TeamLimit::Speed),
            self.kv_pool_tokens.map(|_| TeamLimit::Kv),
            self.prefill_tok_s.map(|_| TeamLimit::Prefill),
            (self.ttft.is_some() || self.prompt_ttft.is_some()).then_some(TeamLimit::Ttft),
        ]
        .into_iter()
        .flatten()
    }
}

/// Where the p99 TTFT crosses the team's ceiling, when both are known.
pub(crate) fn ttft_under(settings: &TeamSettings, curve: Option<&TtftCurve>) -> Option<ConcurrencyUnderCeiling> {
    Some(curve?.concurrency_under(settings.ttft_ceiling_s?))
}

/// Where a ceiling is set but no p99 TTFT was measured for the team's prompts: the prompt queue
/// of the team's longest prompt at the run's prefill rate ([`PromptTtft::new`]).
///
/// # Formula
/// Longest prompt `max(prompt)` over the groups with people; its sender's own demand
/// `prompt / interval` (the least of the groups sending prompts that long).
pub(crate) fn prompt_ttft(team: &Team, limits: &RunLimits<'_>) -> Option<PromptTtft> {
    let ceiling_s = team.settings().ttft_ceiling_s?;
    if limits.p99_ttft().is_some() {
        return None;
    }
    let rate = limits.prefill_tok_s()?;
    let present = || team.groups().iter().filter(|g| g.people > 0);
    let longest = present().map(|g| g.prompt_tokens).fold(0.0, f64::max);
    let own =
        present().filter(|g| g.prompt_tokens == longest).map(Group::prompt_demand_tok_s).fold(f64::INFINITY, f64::min);
    PromptTtft::new(longest, own, rate, ceiling_s)
}

/// The headroom figures planning one team asks for again and again: the same stream and
/// session counts recur across runs, speed factors and reverse-sizing steps. Keep one per team
/// (its settings are part of every answer) while that team is planned on many runs.
#[derive(Debug, Default)]
pub struct CapacityMemo {
    /// The finite-population count per duty (one percentile per team): whether some others fit
    /// on S servers, and the most that do, per S.
    finite: RefCell<Vec<FiniteTable>>,
    /// `max_avg_load(method, servers, p, z)` of the exact Poisson methods, by servers.
    poisson: RefCell<BTreeMap<u64, f64>>,
    /// The team's capacity on whole streams (speed and TTFT limits), by streams, headroom and z
    /// (the team's mix per person is the same in every call).
    streams: RefCell<BTreeMap<(u64, u8, u64), Option<f64>>>,
    /// The others' in-flight count at the percentile, by the bits of their load (or count) and duty.
    quantile: RefCell<BTreeMap<(u64, u64), f64>>,
    /// The team's z (the percentile's unless given), by the bits of percentile and given z.
    z: Cell<Option<(u64, Option<u64>, f64)>>,
}

impl CapacityMemo {
    /// How many headroom inverses are remembered.
    pub fn len(&self) -> usize {
        self.finite.borrow().iter().map(FiniteTable::len).sum::<usize>()
            + self.poisson.borrow().len()
            + self.streams.borrow().len()
            + self.quantile.borrow().len()
    }

    /// True when nothing is remembered yet.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// How the non-agent people share the streams (or sessions) the agents leave.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Rule<'m> {
    pub headroom: TeamHeadroom,
    pub percentile: f64,
    pub z: f64,
    memo: &'m CapacityMemo,
}

impl<'m> Rule<'m> {
    pub(crate) fn of(settings: &TeamSettings, memo: &'m CapacityMemo) -> Rule<'m> {
        let key = (settings.percentile.to_bits(), settings.z.map(f64::to_bits));
        let z = match memo.z.get() {
            Some((percentile, given, z)) if (percentile, given) == key => z,
            _ => {
                let z = settings.z();
                memo.z.set(Some((key.0, key.1, z)));
                z
            }
        };
        Rule { headroom: settings.headroom, percentile: settings.percentile, z, memo }
    }

    /// The largest average load on `servers` by a Poisson method (`None` for the finite one).
    fn max_load(&self, servers: u64) -> Option<f64> {
        let method = match self.headroom {
            TeamHeadroom::NormalApprox => {
                return Some(max_avg_load(HeadroomMethod::NormalApprox, servers, self.percentile, Some(self.z)));
            }
            TeamHeadroom::ExactPoisson => HeadroomMethod::ExactPoisson,
            TeamHeadroom::ErlangC => HeadroomMethod::ErlangC,
            TeamHeadroom::FinitePopulation => return None,
        };
        let mut memo = self.memo.poisson.borrow_mut();
        Some(*memo.entry(servers).or_insert_with(|| max_avg_load(method, servers, self.percentile, Some(self.z))))
    }

    /// The finite-population table of `duty` at the team's percentile, made on first use.
    fn with_table<T>(&self, duty: f64, f: impl FnOnce(&mut FiniteTable) -> T) -> T {
        let mut tables = self.memo.finite.borrow_mut();
        let index = match tables.iter().position(|t| t.is_for(duty, self.percentile)) {
            Some(index) => index,
            None => {
                tables.push(FiniteTable::new(duty, self.percentile));
                tables.len() - 1
            }
        };
        f(&mut tables[index])
    }

    /// The most others of mean duty `duty` on `servers` by the finite-population count
    /// ([`crate::binomial_max_users`], to [`MAX_USERS_RELATIVE`]), remembered.
    fn max_users(&self, servers: u64, duty: f64) -> f64 {
        self.with_table(duty, |table| table.max_users(finite_cap(servers), MAX_USERS_RELATIVE))
    }

    /// `binomial_cdf(servers, others, duty) >= p`, remembered.
    fn binomial_fits(&self, servers: u64, others: f64, duty: f64) -> bool {
        self.with_table(duty, |table| table.fits(finite_cap(servers), others))
    }

    /// Whether the others of `demand` fit on `servers` streams (or sessions).
    ///
    /// # Formula
    /// Poisson methods: `load <= max_avg_load(S)` (see [`max_avg_load`]). Finite population:
    /// `P(Binomial(others, mean duty) <= S) >= p`. A mix of duties is sized as one binomial at
    /// the mean duty: it has the largest variance of all mixes with that mean, and
    /// `P(X <= S)` for `S` at or above the mean is never larger for it (Hoeffding, "On the
    /// distribution of the number of successes in independent trials", Ann. Math. Statist.
    /// 27(3), 1956, Theorem 4), so a mix errs on the safe side.
    fn others_fit(&self, servers: u64, demand: &Demand) -> bool {
        if demand.others <= 0.0 {
            return true;
        }
        match self.max_load(servers) {
            Some(max) => demand.load <= max,
            None => self.binomial_fits(servers, demand.others, demand.mean_duty()),
        }
    }

    /// The most others of one mean duty that fit on `servers`, per unit of `demand.others`.
    fn others_capacity(&self, servers: u64, demand: &Demand) -> f64 {
        match self.max_load(servers) {
            Some(max) => max / demand.load,
            None => self.max_users(servers, demand.mean_duty()) / demand.others,
        }
    }

    /// Whether `demand` fits `streams`: the agents hold theirs, the others share the rest.
    fn streams_fit(&self, streams: u64, demand: &Demand) -> bool {
        // Agent counts scaled from shares (5/35 x 119) land within rounding of a whole number.
        let free = streams as f64 - demand.agents + WHOLE_SLACK;
        // `as` truncates: `floor` for the non-negative (and saturates), without a libm call.
        free >= 0.0 && self.others_fit(free as u64, demand)
    }

    /// Whether `demand` fits a KV pool: the agents' sessions are held, the others' sessions
    /// share the rest, each counted at the longest context among the others' groups.
    ///
    /// # Formula
    /// `agent_tokens <= pool` and the others fit on `floor((pool - agent_tokens) / context)`
    /// sessions (one group: `floor(pool / context)`, the seed's sessions). Counting every
    /// session at the longest context errs on the safe side for a mix and keeps the check
    /// monotone: one more person never makes a team fit (a load-weighted mean context would
    /// fall when short-context people join, and reverse sizing could then skip an answer).
    fn kv_fit(&self, pool: f64, demand: &Demand) -> bool {
        let free = pool - demand.agent_kv_tokens;
        free >= 0.0
            && (demand.others <= 0.0 || self.others_fit(sessions_at_context(free, demand.other_context), demand))
    }

    /// Whether `demand` fits `limit` on `offer`; `None` when the system does not know the limit.
    pub(crate) fn fits(&self, limit: TeamLimit, demand: &Demand, offer: &Offer) -> Option<bool> {
        match limit {
            TeamLimit::Speed => Some(self.streams_fit(offer.whole_streams, demand)),
            TeamLimit::Ttft => match (offer.ttft, offer.prompt_ttft, offer.prefill_tok_s) {
                (Some((_, streams)), _, _) => Some(self.streams_fit(streams, demand)),
                (None, Some(queue), Some(rate)) => Some(demand.prefill_tok_s <= queue.allowed_demand_tok_s(rate)),
                _ => None,
            },
            TeamLimit::Kv => offer.kv_pool_tokens.map(|pool| self.kv_fit(pool, demand)),
            TeamLimit::Prefill => offer.prefill_tok_s.map(|rate| demand.prefill_tok_s <= rate),
        }
    }

    /// The most people of the mix `per_person` (a demand summing to one person) that `limit`
    /// lets one system hold, unrounded; `None` when the system does not know the limit.
    ///
    /// # Formula
    /// The largest P with `per_person x P` fitting ([`Rule::fits`]). In closed form where the
    /// team is of one kind: others only, `P = max_load(S) / load per person` (English seed,
    /// step 4: users = load / duty) or the binomial inverse; agents only, `P = S` streams or
    /// `floor(pool / context)` sessions; prefill, `P = rate / demand per person`. A mix of
    /// agents and others by walking the whole free streams or sessions
    /// ([`Rule::mixed_capacity`]); where that does not apply, by bisection on P (fitting only
    /// gets harder as P grows). The whole count `floor(P)` at the edge is checked exactly.
    pub(crate) fn capacity(&self, limit: TeamLimit, per_person: &Demand, offer: &Offer) -> Option<f64> {
        let agents_only = per_person.others <= 0.0;
        let others_only = per_person.agents <= 0.0;
        let closed = match limit {
            TeamLimit::Prefill => return offer.prefill_tok_s.map(|rate| rate / per_person.prefill_tok_s),
            // Estimated from the prompt queue: the prompt tok/s the others may demand under the
            // ceiling, plus the longest prompt's own sender's, over the mix's demand per person.
            TeamLimit::Ttft if offer.ttft.is_none() => {
                let (queue, rate) = (offer.prompt_ttft?, offer.prefill_tok_s?);
                return Some(queue.allowed_demand_tok_s(rate) / per_person.prefill_tok_s);
            }
            TeamLimit::Speed | TeamLimit::Ttft => {
                let streams = match limit {
                    TeamLimit::Speed => offer.whole_streams,
                    _ => offer.ttft?.1,
                };
                if agents_only {
                    Some(streams as f64 / per_person.agents)
                } else if others_only {
                    Some(self.others_capacity(streams, per_person))
                } else {
                    None
                }
            }
            TeamLimit::Kv => {
                let pool = offer.kv_pool_tokens?;
                if agents_only {
                    Some(sessions_at_context(pool, per_person.agent_kv_tokens) as f64 / per_person.agents)
                } else if others_only {
                    Some(self.others_capacity(sessions_at_context(pool, per_person.other_context), per_person))
                } else {
                    None
                }
            }
        };
        if let Some(found) = closed {
            // The binomial inverse is found to MAX_USERS_RELATIVE: a whole count just above it
            // is checked exactly.
            let next_whole = libm::ceil(found);
            if self.headroom == TeamHeadroom::FinitePopulation
                && next_whole > found
                && next_whole - found < 1e-6 * next_whole.max(1.0)
                && self.fits(limit, &per_person.times(next_whole), offer) == Some(true)
            {
                return Some(next_whole);
            }
            return closed;
        }
        if let Some(found) = self.mixed_capacity(limit, per_person, offer) {
            return Some(found);
        }
        // Past this the mean in flight exceeds what the streams (or sessions) hold, so the
        // percentile does too (p > 1/2): an upper end for the search.
        let upper = match limit {
            TeamLimit::Speed | TeamLimit::Ttft => {
                let streams = if limit == TeamLimit::Speed { offer.whole_streams } else { offer.ttft?.1 };
                (streams as f64 + 2.0) / (per_person.agents + per_person.load)
            }
            _ => {
                let pool = offer.kv_pool_tokens?;
                let context = per_person.other_context;
                (pool + 2.0 * context) / (per_person.agent_kv_tokens + per_person.load * context)
            }
        };
        let fits = |people: f64| self.fits(limit, &per_person.times(people), offer).unwrap_or(false);
        // The exact methods cost one CDF or root per check: start next to the answer of the
        // normal approximation with the method's variance (binomial: `n d (1 - d)`).
        let near = match self.headroom {
            TeamHeadroom::NormalApprox => None,
            TeamHeadroom::FinitePopulation => {
                let z = self.z * libm::sqrt(1.0 - per_person.mean_duty().min(1.0));
                Rule { headroom: TeamHeadroom::NormalApprox, z, ..*self }.capacity(limit, per_person, offer)
            }
            TeamHeadroom::ExactPoisson | TeamHeadroom::ErlangC => {
                Rule { headroom: TeamHeadroom::NormalApprox, ..*self }.capacity(limit, per_person, offer)
            }
        };
        Some(match near {
            Some(guess) if guess.is_finite() && guess > 0.0 => largest_fitting_near(fits, guess),
            _ => largest_fitting(fits, upper),
        })
    }
}

impl Rule<'_> {
    /// [`Rule::capacity`] of a mix of agents and others on streams or sessions, by walking the
    /// whole free streams (sessions) the agents leave rather than bisecting on P, so each
    /// headroom figure it needs is at one of a few whole counts (remembered per team). `None`
    /// when the walk does not apply (the bisection then decides).
    ///
    /// # Formula
    /// P people of the mix leave `f(P) = floor(h0 - h1 P)` free: streams `h0 = S`, `h1 =` agents
    /// per person; sessions `h0 = pool / context`, `h1 =` agent tokens per person / context.
    /// The others fit when `c P <= C(f)`, with `c` their load per person and `C` the method's
    /// largest load on f servers, or `c` the others per person and `C` the binomial inverse.
    /// `f(P) = f` for P in `((h0 - f - 1) / h1, (h0 - f) / h1]`; fitting only gets harder as P
    /// grows and f falls, so the answer lies at the smallest f whose interval still holds a
    /// fitting P, `C(f) / c > (h0 - f - 1) / h1`: `P = min((h0 - f) / h1, C(f) / c)`.
    fn mixed_capacity(&self, limit: TeamLimit, per_person: &Demand, offer: &Offer) -> Option<f64> {
        let (h0, h1) = match limit {
            TeamLimit::Speed => (offer.whole_streams as f64 + WHOLE_SLACK, per_person.agents),
            TeamLimit::Ttft => (offer.ttft?.1 as f64 + WHOLE_SLACK, per_person.agents),
            TeamLimit::Kv => {
                let context = per_person.other_context;
                (offer.kv_pool_tokens? / context, per_person.agent_kv_tokens / context)
            }
            TeamLimit::Prefill => return None,
        };
        let finite = self.headroom == TeamHeadroom::FinitePopulation;
        let c = if finite { per_person.others } else { per_person.load };
        if !((0.0..=MAX_CONCURRENCY).contains(&h0) && h1 > 0.0 && c > 0.0) {
            return None;
        }
        if limit != TeamLimit::Kv {
            let key = (floor(h0) as u64, self.headroom as u8, self.z.to_bits());
            if let Some(found) = self.memo.streams.borrow().get(&key) {
                return *found;
            }
            let found = self.mixed_capacity_walk(limit, per_person, offer, h0, h1, c);
            self.memo.streams.borrow_mut().insert(key, found);
            return found;
        }
        self.mixed_capacity_walk(limit, per_person, offer, h0, h1, c)
    }

    /// The walk of [`Rule::mixed_capacity`] for `f(P) = floor(h0 - h1 P)` and `c` per person.
    fn mixed_capacity_walk(
        &self,
        limit: TeamLimit,
        per_person: &Demand,
        offer: &Offer,
        h0: f64,
        h1: f64,
        c: f64,
    ) -> Option<f64> {
        let duty = per_person.mean_duty();
        let lower = |f: u64| ((h0 - f as f64 - 1.0) / h1).max(0.0);
        // Some P in f's interval fits: `C(f) / c > lower(f)`; for the finite count, since the
        // binomial CDF falls strictly in the users, one CDF at the interval's lower end.
        let holds = |f: u64| match self.max_load(f) {
            Some(max) => max / c > lower(f),
            None => self.binomial_fits(f, c * lower(f), duty),
        };
        let top = floor(h0) as u64;
        if !holds(top) {
            return None;
        }
        // The exact methods cost a root per whole count: start where the normal approximation
        // (with the method's variance) puts the answer and gallop, else bisect over [0, top].
        let guess = match self.headroom {
            TeamHeadroom::NormalApprox => None,
            TeamHeadroom::FinitePopulation => {
                Some(normal_mix_people(h0 + 0.5, h1, per_person.load, self.z * libm::sqrt(1.0 - duty.min(1.0))))
            }
            TeamHeadroom::ExactPoisson | TeamHeadroom::ErlangC => {
                Rule { headroom: TeamHeadroom::NormalApprox, ..*self }.capacity(limit, per_person, offer)
            }
        };
        let (mut lo, mut hi) = (0, top); // the answer f is in [lo, hi], and holds(hi)
        if let Some(p) = guess.filter(|p| p.is_finite() && *p >= 0.0) {
            let start = floor(h0 - h1 * p).clamp(0.0, top as f64) as u64;
            let mut step = 1;
            if holds(start) {
                hi = start;
                while hi > 0 && holds(hi.saturating_sub(step)) {
                    hi = hi.saturating_sub(step);
                    step *= 2;
                }
                lo = hi.saturating_sub(step);
            } else {
                lo = start + 1;
                while lo + step <= top && !holds(lo + step - 1) {
                    lo += step;
                    step *= 2;
                }
                hi = (lo + step - 1).min(top);
            }
        }
        if lo == 0 && holds(0) {
            hi = 0;
        }
        while lo < hi {
            let mid = lo + (hi - lo) / 2;
            if holds(mid) {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        // Just inside the interval, so `floor(h0 - h1 P)` is `hi` despite rounding.
        let upper = (h0 - hi as f64) / h1 * (1.0 - 4.0 * f64::EPSILON);
        let found = match self.max_load(hi) {
            Some(max) => upper.min(max / c),
            None if self.binomial_fits(hi, c * upper, duty) => upper,
            None => self.max_users(hi, duty) / c,
        };
        // A whole count a hair above (the edge itself, lost to rounding) is checked exactly, so
        // `floor` of the answer is the largest whole count that fits.
        let next_whole = libm::ceil(found);
        if next_whole > found && next_whole - found < 1e-6 * next_whole.max(1.0) {
            let fits = |people: f64| self.fits(limit, &per_person.times(people), offer).unwrap_or(false);
            if fits(next_whole) {
                return Some(next_whole);
            }
        }
        Some(found)
    }

    /// The others' in-flight count at the percentile: normal `L + z sqrt(L)`, the Poisson
    /// quantile of their load, or the binomial quantile of their count (remembered).
    pub(crate) fn others_peak(&self, demand: &Demand) -> f64 {
        let (load, others, duty) = (demand.load, demand.others, demand.mean_duty());
        match self.headroom {
            TeamHeadroom::NormalApprox => load + self.z * libm::sqrt(load),
            TeamHeadroom::ExactPoisson | TeamHeadroom::ErlangC => *self
                .memo
                .quantile
                .borrow_mut()
                .entry((load.to_bits(), 0))
                .or_insert_with(|| crate::headroom::poisson_quantile(self.percentile, load) as f64),
            TeamHeadroom::FinitePopulation => *self
                .memo
                .quantile
                .borrow_mut()
                .entry((others.to_bits(), duty.to_bits()))
                .or_insert_with(|| crate::headroom::binomial_quantile(self.percentile, others, duty) as f64),
        }
    }
}

/// Where the walk of a mix starts: the people P of the mix whose others' mean load `m = l P`
/// meets the normal approximation on the (unrounded) free streams.
///
/// # Formula
/// `m + z sqrt(m) = h0 - h1 P` (the seed's step 4 on the streams the agents leave) with
/// `x = sqrt(P)`: `(l + h1) x^2 + z sqrt(l) x - h0 = 0`, so
/// `x = 2 h0 / (z sqrt(l) + sqrt(z^2 l + 4 (l + h1) h0))` (the root without cancellation).
///
/// Bad input: non-finite or negative results (NaN inputs, `h0 <= 0`) come out as they are;
/// the walk only uses a finite, non-negative start.
fn normal_mix_people(h0: f64, h1: f64, l: f64, z: f64) -> f64 {
    let b = z * libm::sqrt(l);
    let x = 2.0 * h0 / (b + libm::sqrt(b * b + 4.0 * (l + h1) * h0));
    x * x
}

/// The largest P >= 0 with `fits(P)`, for `fits` true up to a point and false beyond it.
///
/// # Formula
/// From `upper` (doubled while it still fits), bisect to a relative width of 1e-4 (and at most
/// half a person), then move the lower end to `ceil(lo)` when that whole count still fits, so
/// `floor` of the result is the exact largest whole count. 0 when even a share of one person
/// does not fit.
fn largest_fitting(fits: impl Fn(f64) -> bool, upper: f64) -> f64 {
    let start = if upper.is_finite() && upper > 0.0 { upper } else { 1.0 };
    let (mut lo, mut hi) = (0.0_f64, start);
    let mut doublings = 0;
    while fits(hi) && doublings < 64 {
        lo = hi;
        hi *= 2.0;
        doublings += 1;
    }
    if doublings == 64 {
        return lo;
    }
    bisect(fits, lo, hi)
}

/// [`largest_fitting`] from a `guess` near the answer: steps of 2 % (at least half a person)
/// away from it, doubling, until the answer is bracketed, then the same bisection.
fn largest_fitting_near(fits: impl Fn(f64) -> bool, guess: f64) -> f64 {
    let mut step = (0.02 * guess).max(0.5);
    let (mut lo, mut hi);
    if fits(guess) {
        lo = guess;
        hi = guess + step;
        let mut steps = 0;
        while fits(hi) && steps < 64 {
            lo = hi;
            step *= 2.0;
            hi = lo + step;
            steps += 1;
        }
    } else {
        hi = guess;
        lo = (guess - step).max(0.0);
        while lo > 0.0 && !fits(lo) {
            hi = lo;
            step *= 2.0;
            lo = (lo - step).max(0.0);
        }
        if lo == 0.0 && !fits(0.0) {
            return 0.0;
        }
    }
    bisect(fits, lo, hi)
}

/// Narrows `fits(lo) && !fits(hi)` to at most half a person (and 1e-4 relative), then moves `lo`
/// to `ceil(lo)` when that whole count still fits, so `floor` of the result is exact.
fn bisect(fits: impl Fn(f64) -> bool, mut lo: f64, mut hi: f64) -> f64 {
    for _ in 0..MAX_BISECTIONS {
        // At most half a person wide, so at most one whole count lies inside.
        if hi - lo <= (CAPACITY_TOLERANCE * hi.max(1.0)).min(0.5) {
            break;
        }
        let mid = 0.5 * (lo + hi);
        if fits(mid) {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    let next_whole = libm::ceil(lo);
    if next_whole > lo && next_whole < hi && fits(next_whole) { next_whole } else { lo }
}

/// Streams the finite-population count looks at, at most [`MAX_CONCURRENCY`] (as
/// [`max_avg_load`] does for the exact Poisson methods; past it the speed limit binds anyway).
fn finite_cap(servers: u64) -> u64 {
    servers.min(MAX_CONCURRENCY as u64)
}

/// `floor(x)` as a whole count (0 for NaN or negative, saturating).
pub(crate) fn whole(x: f64) -> u64 {
    // `as` truncates toward zero, which is `floor` from 1 up, and saturates (infinity too);
    // NaN and everything under 1 give 0. No libm call: this runs for every limit checked.
    if x >= 1.0 { x as u64 } else { 0 }
}
