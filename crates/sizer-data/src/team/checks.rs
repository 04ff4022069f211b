//! What each limit of a plan row rests on: measured on the run, given with it, estimated (and
//! from what) or unknown, so that nothing unknown is counted as free.
//!
//! Data rules, in one place:
//! - speed is measured (the run's curve) wherever the row has a plan, estimated where the
//!   planned load lies beyond the measured concurrency on the run's engine points;
//! - the KV pool is measured where the run's engine logged it, estimated where it is computed
//!   from the model's weights and KV architecture in the catalogue and the memory budget, given
//!   where a person stated it with their run, else unknown;
//! - the prefill rate is measured where it is the run's own (its points, or a fact of this run),
//!   estimated where it is another measurement of the same model on the same engine, given where
//!   a person stated it, else unknown;
//! - the p99 TTFT is measured where the run has p99 TTFT points taken with prompts no more than
//!   [`PROMPT_MISMATCH_FACTOR`] times shorter than the team's longest; a TTFT measured on much
//!   shorter prompts says nothing of the team's and is not used. Then, where the prefill rate is
//!   known, the core estimates it as the team's longest prompt read after the prompts queued
//!   before it at that rate (`sizer_core::PromptTtft`; a row whose prompt alone takes longer than
//!   the team's ceiling cannot serve it); else unknown;
//! - a limit the team cannot break without it being checked is one the team needs: KV and
//!   prefill always (every request holds a session and is prefilled), the p99 TTFT only when the
//!   team set a ceiling. A row that could not check a needed limit ranks below every row that
//!   checked all of them ([`super::plan`]).

use serde::Serialize;
use sizer_core::{Team, TeamLimit};

use crate::catalogue::kv_limit::WORKING_BUDGET_FACT;
use crate::dataset::model::{Dataset, Run};
use crate::run::scenario::YOURS;
use crate::run::workload_fit::PROMPT_MISMATCH_FACTOR;

use super::plan::CitedFigure;

/// What one limit of a row rests on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "status", content = "basis", rename_all = "snake_case")]
pub enum LimitCheck {
    /// Measured on this run (its own points, or a figure its engine logged).
    Measured,
    /// Stated with a person's own run (by its file or by the person).
    Given,
    /// Estimated, from what [`Estimate`] says.
    Estimated(Estimate),
    /// Not known: the plan could not check this limit.
    Unknown,
}

/// What an estimated limit was estimated from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Estimate {
    /// The KV pool from the model's weights and KV architecture (the catalogue) and the memory
    /// budget.
    Architecture,
    /// The prefill rate of another measurement of the same model on the same engine.
    SameModel,
    /// The p99 TTFT of the team's longest prompt read at the run's prefill rate after the
    /// prompts queued before it (`sizer_core::PromptTtft`).
    PromptPrefillTime,
    /// The per-request speed beyond the run's measured concurrency, from its own engine fitted
    /// to its closed-loop files (`run/engine_curve.rs`).
    RunEngine,
}

impl LimitCheck {
    /// True unless unknown.
    pub fn is_checked(self) -> bool {
        self != LimitCheck::Unknown
    }
}

/// The four limits of a row, each with what it rests on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct LimitChecks {
    pub speed: LimitCheck,
    pub kv: LimitCheck,
    pub prefill: LimitCheck,
    pub ttft: LimitCheck,
}

impl LimitChecks {
    /// Nothing known (a row without a usable curve).
    pub const NONE: LimitChecks = LimitChecks {
        speed: LimitCheck::Unknown,
        kv: LimitCheck::Unknown,
        prefill: LimitCheck::Unknown,
        ttft: LimitCheck::Unknown,
    };

    /// The check of one limit.
    pub fn of(&self, limit: TeamLimit) -> LimitCheck {
        match limit {
            TeamLimit::Speed => self.speed,
            TeamLimit::Kv => self.kv,
            TeamLimit::Prefill => self.prefill,
            TeamLimit::Ttft => self.ttft,
        }
    }

    /// The limits `team` needs checked that these checks leave unknown, in the order speed,
    /// KV, prefill, TTFT (see the module docs for which limits a team needs).
    pub fn unchecked_for(&self, team: &Team) -> Vec<TeamLimit> {
        let ceiling = team.settings().ttft_ceiling_s.is_some();
        [TeamLimit::Speed, TeamLimit::Kv, TeamLimit::Prefill, TeamLimit::Ttft]
            .into_iter()
            .filter(|limit| *limit != TeamLimit::Ttft || ceiling)
            .filter(|limit| !self.of(*limit).is_checked())
            .collect()
    }
}

impl Dataset {
    /// What the KV pool a plan row uses rests on (see the module docs).
    pub(crate) fn kv_check(&self, kv_pool: Option<CitedFigure<'_>>) -> LimitCheck {
        match kv_pool {
            None => LimitCheck::Unknown,
            Some(cited) if cited.cited_id == YOURS => LimitCheck::Given,
            Some(cited) if cited.cited_id == WORKING_BUDGET_FACT => LimitCheck::Estimated(Estimate::Architecture),
            Some(_) => LimitCheck::Measured,
        }
    }

    /// What the prefill rate a plan row of `run` uses rests on (see the module docs).
    pub(crate) fn prefill_check(&self, run: &Run, prefill: Option<CitedFigure<'_>>) -> LimitCheck {
        let Some(cited) = prefill else { return LimitCheck::Unknown };
        if cited.cited_id == YOURS {
            let stated = run.setup.as_ref().is_some_and(|setup| setup.prefill_tok_s.is_some());
            return if stated { LimitCheck::Given } else { LimitCheck::Measured };
        }
        if cited.cited_id == run.id {
            return LimitCheck::Measured;
        }
        match self.fact(cited.cited_id) {
            Some(fact) if fact.runs.contains(&run.id) => LimitCheck::Measured,
            _ => LimitCheck::Estimated(Estimate::SameModel),
        }
    }
}

/// Whether a run's p99 TTFT, measured with `measured_prompt_tokens` prompts (`None`: not
/// stated), speaks for a team whose longest prompt is `team_prompt_tokens`.
///
/// # Formula
/// `team_prompt <= PROMPT_MISMATCH_FACTOR x measured_prompt`: beyond that the team's prefill
/// alone is a multiple of what the measured TTFT held (English seed: TTFT grows with the prompt).
pub fn ttft_applies(measured_prompt_tokens: Option<f64>, team_prompt_tokens: f64) -> bool {
    measured_prompt_tokens.is_some_and(|measured| team_prompt_tokens <= PROMPT_MISMATCH_FACTOR * measured)
}
