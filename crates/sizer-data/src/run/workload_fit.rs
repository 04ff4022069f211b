//! Whether a scenario's workload fits the benchmark it is sized on. A curve measured with
//! 512-token prompts says little about 20,000-token prompts, and a time to first token shorter
//! than the prefill of one prompt alone cannot hold: the sizing is then worth a caveat.

use sizer_core::{Scenario, Sizing};

use crate::dataset::model::Run;

/// Prompts more than this many times longer than the benchmark's are a mismatch: prefill and
/// attention over a longer context slow each stream below the measured speeds.
pub const PROMPT_MISMATCH_FACTOR: f64 = 2.0;

/// Why a sizing's workload does not match its run.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum WorkloadCaveat {
    /// The scenario's prompts are over [`PROMPT_MISMATCH_FACTOR`] times the measured ones.
    LongerPrompts {
        /// Prompt tokens per request in the scenario.
        asked_tokens: f64,
        /// Prompt tokens per request in the benchmark.
        measured_tokens: f64,
    },
    /// Prefilling one prompt alone takes longer than the scenario's time to first token.
    PrefillOverTtft {
        /// `prompt_tokens / prefill_tok_s`, seconds.
        prefill_s: f64,
        /// The scenario's time to first token, seconds.
        ttft_s: f64,
        /// Prompt tokens per request in the scenario.
        prompt_tokens: f64,
    },
}

impl Run {
    /// Prompt tokens per request the run measured: the run's stated workload, else the longest
    /// stated by one of its points (`None`: not stated).
    pub fn measured_prompt_tokens(&self) -> Option<f64> {
        if let Some(tokens) = self.workload.prompt_tokens {
            return Some(tokens.value());
        }
        self.points
            .iter()
            .filter_map(|point| point.workload.as_ref()?.prompt_tokens.map(|t| t.value()))
            .reduce(f64::max)
    }
}

/// The caveats of sizing `scenario` on `run` (empty when the workload fits or nothing is known).
///
/// # Rule
/// Longer prompts: `prompt_tokens > PROMPT_MISMATCH_FACTOR x measured prompt tokens`. Prefill
/// over TTFT: `prompt_tokens / prefill_tok_s > ttft_s` (a 20,000-token prompt at the 5,705 tok/s
/// the English seed quotes for Qwen3-Coder-30B-A3B takes 3.5 s to read).
pub fn workload_caveats(run: &Run, scenario: &Scenario, sizing: &Sizing) -> Vec<WorkloadCaveat> {
    let mut caveats = Vec::new();
    if let Some(measured) = run.measured_prompt_tokens()
        && measured > 0.0
        && scenario.prompt_tokens > PROMPT_MISMATCH_FACTOR * measured
    {
        caveats.push(WorkloadCaveat::LongerPrompts { asked_tokens: scenario.prompt_tokens, measured_tokens: measured });
    }
    if let Some(prefill_s) = sizing.prefill_seconds_per_prompt
        && prefill_s > scenario.ttft_s
    {
        caveats.push(WorkloadCaveat::PrefillOverTtft {
            prefill_s,
            ttft_s: scenario.ttft_s,
            prompt_tokens: scenario.prompt_tokens,
        });
    }
    caveats
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{dataset, scenario_for_run};

    const QWEN: &str = "gpuwerk-qwen3-coder-30b-a3b-awq-vllm-0.27.1";

    fn caveats(base: Scenario) -> Vec<WorkloadCaveat> {
        let run = dataset().run(QWEN).expect("run");
        let scenario = scenario_for_run(run, base);
        let (curve, _) = run.curve().expect("curve");
        let sizing = sizer_core::size(&scenario, &curve).expect("sizes");
        workload_caveats(run, &scenario, &sizing)
    }

    #[test]
    fn chat_on_the_512_token_run_fits() {
        assert_eq!(caveats(Scenario::chat()), Vec::new());
    }

    #[test]
    fn the_agent_preset_does_not_fit_the_512_token_run() {
        let found = caveats(Scenario::coding_agent());
        // GPUwerk measured 512 prompt tokens; the agent preset sends 20,000.
        assert!(found.contains(&WorkloadCaveat::LongerPrompts { asked_tokens: 20_000.0, measured_tokens: 512.0 }));
        // 20,000 / 5,705 tok/s (the English seed's prefill rate for Qwen3-Coder-30B-A3B) = 3.506 s.
        let prefill = found.iter().find_map(|c| match c {
            WorkloadCaveat::PrefillOverTtft { prefill_s, ttft_s, .. } => Some((*prefill_s, *ttft_s)),
            _ => None,
        });
        let (prefill_s, ttft_s) = prefill.expect("prefill over TTFT");
        assert!((3.50..3.51).contains(&prefill_s), "{prefill_s}");
        assert_eq!(ttft_s, 1.0);
    }

    #[test]
    fn twice_the_measured_prompt_is_still_a_fit() {
        assert_eq!(caveats(Scenario { prompt_tokens: 1_024.0, ..Scenario::chat() }), Vec::new());
    }
}
