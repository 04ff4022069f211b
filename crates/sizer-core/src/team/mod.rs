//! Planning a team, not a run: "we are 40 people, 30 chatting and 5 running coding agents;
//! how many Sparks, and what binds first?" (issue 15). The English seed's worked sizing is the
//! one-group case and gives the same numbers ([`crate::size`]: 163 people on 52 streams).
//!
//! - A team is a list of [`Group`]s. Always-busy people (agents) each hold a stream; the others
//!   share the remaining streams with headroom on their summed load `sum(count x duty)`. KV
//!   demand adds up across groups (agents' sessions held, the others' counted at their longest
//!   context), as does prefill demand (prompt tokens per interval); the speed floor is one per box.
//! - Four limits ([`TeamLimit`]): speed, KV cache, prefill and, when a ceiling is set and the
//!   run measured it, the p99 time to first token.
//! - Four headroom methods ([`TeamHeadroom`]): the three of [`crate::HeadroomMethod`] and the
//!   finite-population (binomial) count for small teams.
//! - Reverse sizing ([`plan`]): the smallest number of independent systems that serves the team
//!   split evenly, and an uncertainty band from speeds scaled by `1 - u` and `1 + u`.

mod fit;
mod group;
mod plan;
mod settings;

pub use group::{Group, MAX_GROUP_PEOPLE};
pub use plan::{Band, FiniteComparison, PerSystem, TeamPlan, finite_comparison, plan};
pub use settings::{
    MAX_GROUPS, MAX_UNCERTAINTY, RunLimits, Team, TeamError, TeamField, TeamHeadroom, TeamLimit, TeamSettings,
};
