//! One group of a team: a head count and the usage its people share.

use crate::duty::{busy_seconds, duty_cycle};
use crate::scenario::{Scenario, ScenarioError};

/// The most people one group may hold: far above any team one box (or a rack of them) serves,
/// low enough that every count stays exact in an `f64`.
pub const MAX_GROUP_PEOPLE: u64 = 10_000_000;

/// People who use the service the same way. Field comments give the chat preset's values.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Group {
    /// Head count.
    pub people: u64,
    /// Generated tokens per answer: 400.
    pub answer_tokens: f64,
    /// Seconds between the starts of one person's requests: 120 (also the prompt cycle).
    pub interval_s: f64,
    /// Seconds to first token, added to each request's busy time: 1.0.
    pub ttft_s: f64,
    /// Always busy (an agent that sends its next request at once): holds one stream.
    pub always_busy: bool,
    /// Tokens one session holds in the KV cache: 8,192.
    pub context_tokens: f64,
    /// Prompt tokens per request: 512.
    pub prompt_tokens: f64,
}

impl Group {
    /// `people` chatting as in the English seed's worked example ([`Scenario::chat`]).
    pub fn chat(people: u64) -> Group {
        Group::with_usage(people, &Scenario::chat())
    }

    /// `people` coding agents as in the English seed ([`Scenario::coding_agent`]).
    pub fn agent(people: u64) -> Group {
        Group::with_usage(people, &Scenario::coding_agent())
    }

    /// `people` with the usage fields of a scenario (answer, interval, TTFT, always busy,
    /// context, prompt); the scenario's other fields belong to [`super::TeamSettings`].
    pub fn with_usage(people: u64, scenario: &Scenario) -> Group {
        Group {
            people,
            answer_tokens: scenario.answer_tokens,
            interval_s: scenario.interval_s,
            ttft_s: scenario.ttft_s,
            always_busy: scenario.always_busy,
            context_tokens: scenario.context_tokens,
            prompt_tokens: scenario.prompt_tokens,
        }
    }

    /// Checks each usage field against the [`crate::ScenarioField`] range a single scenario accepts.
    pub fn validate(&self) -> Result<(), ScenarioError> {
        // The chat preset fills the other fields with valid values, so any error names ours.
        let scenario = Scenario {
            answer_tokens: self.answer_tokens,
            interval_s: self.interval_s,
            ttft_s: self.ttft_s,
            context_tokens: self.context_tokens,
            prompt_tokens: self.prompt_tokens,
            ..Scenario::chat()
        };
        scenario.validate()
    }

    /// The share of time one person keeps a stream busy at a speed floor.
    ///
    /// # Formula
    /// `duty = min((answer / floor + ttft) / interval, 1)`, 1 if always busy (English seed,
    /// step 3; see [`busy_seconds`] and [`duty_cycle`]).
    pub fn duty(&self, floor_tok_s: f64) -> f64 {
        if self.always_busy {
            1.0
        } else {
            duty_cycle(busy_seconds(self.answer_tokens, floor_tok_s, self.ttft_s), self.interval_s)
        }
    }

    /// Prompt tok/s one person demands.
    ///
    /// # Formula
    /// `prompt_tokens / interval_s` (English seed: "20,000-token prompt every 30 seconds").
    pub fn prompt_demand_tok_s(&self) -> f64 {
        self.prompt_tokens / self.interval_s
    }
}
