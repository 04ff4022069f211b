//! Planning a team, not a run: "we are 40 people, 30 chatting and 5 running coding agents;
//! how many Sparks, and what binds first?". The English seed's worked sizing is the
//! one-group case and gives the same numbers ([`crate::size`]: 163 people on 52 streams).
//!
//! - A team is a list of [`Group`]s. Always-busy people (agents) each hold a stream; the others
//!   share the remaining streams with headroom on their summed load `sum(count x duty)`. KV
//!   demand adds up across groups (agents' sessions held, the others' counted at their longest
//!   context), as does prefill demand (prompt tokens per interval); the speed floor is one per box.
//! - Four limits ([`TeamLimit`]): speed, KV cache, prefill and, when a ceiling is set, the p99
//!   time to first token: measured where the run measured it for the team's prompts, else
//!   estimated from the prefill rate as a prompt queue ([`crate::PromptTtft`]).
//! - Four headroom methods ([`TeamHeadroom`]): the three of [`crate::HeadroomMethod`] and the
//!   finite-population (binomial) count for small teams.
//! - Reverse sizing ([`plan`]): the smallest number of independent systems that serves the team
//!   split evenly, and an uncertainty band from speeds scaled by `1 - u` and `1 + u`.
//!
//! # Example: 30 chatting and 5 agents on the worked run
//! ```
//! use sizer_core::{Curve, Group, RunLimits, Team, TeamLimit, TeamSettings, plan};
//!
//! // GPUwerk's Qwen3-Coder-30B-A3B: per-request tok/s at 1 to 256 concurrent requests.
//! let curve = Curve::from_per_request(&[(1.0, 81.2), (8.0, 37.3), (32.0, 18.4), (64.0, 13.1), (128.0, 8.2), (256.0, 4.5)])?;
//! let team = Team::new(vec![Group::chat(30), Group::agent(5)], TeamSettings::default())?;
//! // With the run's KV pool (924,912 tokens) and prefill rate (5,705 tok/s).
//! let plan = plan(&team, &RunLimits::new(&curve, Some(924_912.0), Some(5_705.0), None)?);
//! assert_eq!(plan.systems_needed, Some(1)); // one Spark
//! // The agents' 20,000-token prompts bind: 5,705 / (3,461.3 / 35) = 57.7 people of this mix.
//! assert_eq!((plan.binding, plan.people_per_system), (TeamLimit::Prefill, 57));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod fit;
mod group;
mod plan;
mod settings;

pub use fit::CapacityMemo;
pub use group::{Group, MAX_GROUP_PEOPLE};
pub use plan::{Band, FiniteComparison, PerSystem, TeamPlan, finite_comparison, plan, plan_with};
pub use settings::{
    MAX_GROUPS, MAX_UNCERTAINTY, RunLimits, Team, TeamError, TeamField, TeamHeadroom, TeamLimit, TeamSettings,
};
