//! Why a plan row has no plan, or what to keep in mind about it: decided once here from the
//! row's plan, so the page and the JSON API say the same thing. The page words it in the
//! reader's language; [`PlanNote::english`] is the JSON API's sentence.

use serde::Serializer;
use sizer_core::{StreamsAtFloor, Team, TeamLimit, TeamPlan};

use crate::dataset::model::{Run, Topology};
use crate::run::curve::RunCurveError;

/// What the reader must keep in mind about a plan row, in the order it is decided.
#[derive(Clone, Debug, PartialEq)]
pub enum PlanNote {
    /// The run has no usable speed curve, and why.
    NoCurve(RunCurveError),
    /// The core refused the run's KV pool or prefill rate (its reason, in English).
    InputsOutOfRange(String),
    /// Under the floor already at the fewest concurrent requests measured (more than one).
    UnderFloorAlreadyAt { concurrency: f64, floor_tok_s: f64 },
    /// Not even one request reaches the floor.
    NoRequestAtFloor { floor_tok_s: f64 },
    /// Less than one whole stream stays at the floor.
    LessThanOneStream { floor_tok_s: f64 },
    /// One person of each group already breaks this limit.
    OnePersonBreaks(TeamLimit),
    /// No number of systems serves the team, for no single named limit.
    CannotServe,
    /// Measured on other (or unstated) hardware: sized per system as measured.
    NotASpark { hardware: Option<String> },
    /// One system is `nodes` Sparks cooperating as `topology`.
    Sparks { nodes: u32, topology: Topology },
    /// Reading the team's longest prompt alone at the run's prefill rate takes longer than the
    /// team's TTFT ceiling, so no number of systems meets it.
    PromptAloneOverCeiling { prompt_tokens: f64, seconds: f64, ceiling_s: f64 },
    /// Still at or above the floor at the most concurrent requests measured: the people are a
    /// lower bound, nothing beyond was measured.
    NotMeasuredBeyond { concurrency: f64, floor_tok_s: f64 },
}

impl PlanNote {
    /// The note of a row planned on `run` for `team` (`None`: nothing to add); `all_checked`:
    /// every limit the team needs was checked (else its people are no lower bound).
    pub(crate) fn of_plan(
        run: &Run,
        team: &Team,
        plan: &TeamPlan,
        is_spark: bool,
        all_checked: bool,
    ) -> Option<PlanNote> {
        let floor_tok_s = team.settings().floor_tok_s;
        if plan.systems_needed.is_none() {
            let ceiling_s = team.settings().ttft_ceiling_s;
            return Some(match (plan.unserved_by, plan.prompt_ttft, ceiling_s) {
                (Some(TeamLimit::Ttft), Some(queue), Some(ceiling_s)) if queue.prompt_alone_over_ceiling() => {
                    PlanNote::PromptAloneOverCeiling {
                        prompt_tokens: queue.longest_prompt_tokens,
                        seconds: queue.longest_prompt_s,
                        ceiling_s,
                    }
                }
                _ => Self::unserved(plan, floor_tok_s),
            });
        }
        if !is_spark {
            return Some(PlanNote::NotASpark { hardware: run.stated_hardware().map(str::to_owned) });
        }
        if run.nodes > 1 {
            return Some(PlanNote::Sparks { nodes: run.nodes, topology: run.topology });
        }
        match plan.streams {
            StreamsAtFloor::AtLeast { last } if plan.people_is_lower_bound && all_checked => {
                Some(PlanNote::NotMeasuredBeyond { concurrency: last.concurrency, floor_tok_s })
            }
            _ => None,
        }
    }

    /// Why no number of systems serves the team, from the limit the plan names.
    fn unserved(plan: &TeamPlan, floor_tok_s: f64) -> PlanNote {
        match plan.unserved_by {
            Some(TeamLimit::Speed) if plan.whole_streams == 0 => match plan.streams {
                StreamsAtFloor::NeverReached { first } if first.concurrency > 1.0 => {
                    PlanNote::UnderFloorAlreadyAt { concurrency: first.concurrency, floor_tok_s }
                }
                StreamsAtFloor::NeverReached { .. } => PlanNote::NoRequestAtFloor { floor_tok_s },
                _ => PlanNote::LessThanOneStream { floor_tok_s },
            },
            Some(limit) => PlanNote::OnePersonBreaks(limit),
            None => PlanNote::CannotServe,
        }
    }

    /// The note in English, one sentence without its full stop (the JSON API's `note`).
    pub fn english(&self) -> String {
        match self {
            PlanNote::NoCurve(error) => format!("no usable speed curve: {error}"),
            PlanNote::InputsOutOfRange(error) => format!("the run's KV pool or prefill rate is out of range: {error}"),
            PlanNote::UnderFloorAlreadyAt { concurrency, floor_tok_s } => format!(
                "under {floor_tok_s} tok/s per request already at {concurrency} concurrent requests, the fewest measured"
            ),
            PlanNote::NoRequestAtFloor { floor_tok_s } => format!("cannot give one request {floor_tok_s} tok/s"),
            PlanNote::LessThanOneStream { floor_tok_s } => {
                format!("fewer than one whole stream stays at {floor_tok_s} tok/s")
            }
            PlanNote::OnePersonBreaks(limit) => {
                format!("even one person of each group breaks the {} limit", limit_name(*limit))
            }
            PlanNote::CannotServe => "cannot serve the team".to_owned(),
            PlanNote::NotASpark { hardware: Some(hardware) } => {
                format!("measured on {hardware}, not a DGX Spark: sized per system as measured")
            }
            PlanNote::NotASpark { hardware: None } => {
                "hardware not stated, so not counted as a DGX Spark: sized per system as measured".to_owned()
            }
            PlanNote::Sparks { nodes, topology } => {
                format!("one system is {nodes} Sparks as measured ({})", topology_name(*topology))
            }
            PlanNote::PromptAloneOverCeiling { prompt_tokens, seconds, ceiling_s } => format!(
                "reading one {prompt_tokens}-token prompt alone takes {seconds:.2} s at this run's prefill rate, over \
                 the {ceiling_s} s TTFT ceiling"
            ),
            PlanNote::NotMeasuredBeyond { concurrency, floor_tok_s } => format!(
                "still at or above {floor_tok_s} tok/s at {concurrency} concurrent requests, the most measured: at \
                 least this many people"
            ),
        }
    }
}

/// Serialises a row's note as its English sentence (the JSON API's shape).
pub(crate) fn serialize_english<S: Serializer>(note: &Option<PlanNote>, serializer: S) -> Result<S::Ok, S::Error> {
    match note {
        Some(note) => serializer.serialize_str(&note.english()),
        None => serializer.serialize_none(),
    }
}

fn limit_name(limit: TeamLimit) -> &'static str {
    match limit {
        TeamLimit::Speed => "speed",
        TeamLimit::Kv => "KV cache",
        TeamLimit::Prefill => "prefill",
        TeamLimit::Ttft => "p99 time to first token",
    }
}

fn topology_name(topology: Topology) -> &'static str {
    match topology {
        Topology::Single => "one machine",
        Topology::TensorParallel => "tensor parallel",
        Topology::PipelineParallel => "pipeline parallel",
        Topology::ReplicasBehindProxy => "independent replicas behind a proxy",
    }
}
