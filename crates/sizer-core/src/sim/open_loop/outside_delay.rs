//! How the burst fit treats the time a closed-loop figure spends outside the engine (client,
//! HTTP, tokenizer): llama-benchy's TTFR holds all of it and its prompt rate part of it, while
//! the step model holds none.

use crate::sim::open_loop::closed_loop::ClosedLoopWorkload;

/// Prompts of at least this many tokens (depth included) keep their concurrency-1 prompt rate
/// under [`OutsideDelay::DropShortSingles`]: the arena's `05-big-context` prompts (4,096 and
/// up), not `01-chat`'s or `03-long-output`'s.
pub const LONG_PROMPT_TOKENS: f64 = 4096.0;

/// Which closed-loop figures carry a fitted constant delay (`delta_p` in the prompt rates,
/// `delta_t` in the TTFRs, one of each per run, at least 0), or which are left out.
/// `docs/CALIBRATION.md` ("values tried") measures each; none is chosen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OutsideDelay {
    /// No delay: the prompt rates read as engine time alone, the TTFRs not fitted.
    NotFitted,
    /// `delta_p` added to every prompt phase.
    PromptRows,
    /// Every point's mean TTFR fitted, with `delta_t`.
    TtfrRows,
    /// Both of the above.
    PromptAndTtfrRows,
    /// The TTFRs at concurrency 1 only (nothing queues there), with `delta_t`.
    TtfrSingles,
    /// `delta_p` in the prompt rates, and the TTFRs at concurrency 1 with `delta_t`.
    PromptAndTtfrSingles,
    /// No delay, and the concurrency-1 prompt rates of prompts shorter than
    /// [`LONG_PROMPT_TOKENS`] left out (where a delay weighs most against the prompt time).
    DropShortSingles,
}

impl OutsideDelay {
    /// Whether `delta_p` is fitted.
    pub fn in_prompt(self) -> bool {
        matches!(self, OutsideDelay::PromptRows | OutsideDelay::PromptAndTtfrRows | OutsideDelay::PromptAndTtfrSingles)
    }

    /// Whether `delta_t` is fitted (then it is the run's client latency).
    pub fn in_ttfr(self) -> bool {
        matches!(
            self,
            OutsideDelay::TtfrRows
                | OutsideDelay::PromptAndTtfrRows
                | OutsideDelay::TtfrSingles
                | OutsideDelay::PromptAndTtfrSingles
        )
    }

    /// Whether the mean TTFR of a point at `concurrency` is fitted.
    pub fn fits_ttfr(self, concurrency: f64) -> bool {
        match self {
            OutsideDelay::TtfrRows | OutsideDelay::PromptAndTtfrRows => true,
            OutsideDelay::TtfrSingles | OutsideDelay::PromptAndTtfrSingles => concurrency == 1.0,
            OutsideDelay::NotFitted | OutsideDelay::PromptRows | OutsideDelay::DropShortSingles => false,
        }
    }

    /// Whether the prompt rate of a point of `w` at `concurrency` is fitted.
    pub fn keeps_prompt(self, w: &ClosedLoopWorkload, concurrency: f64) -> bool {
        self != OutsideDelay::DropShortSingles
            || concurrency > 1.0
            || w.depth_tokens + w.prompt_tokens >= LONG_PROMPT_TOKENS
    }
}

/// The delays a burst fit found, seconds (0 where not fitted).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct FittedDelays {
    /// In every prompt phase (`delta_p`).
    pub prompt_s: f64,
    /// In every fitted TTFR (`delta_t`).
    pub ttfr_s: f64,
}
