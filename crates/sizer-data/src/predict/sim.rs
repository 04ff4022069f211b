//! A run as the simulation's machine: its curve and the prefill, KV and TTFT figures the
//! dataset holds for it (the same ones the sizing's limits use).

use crate::dataset::model::{Dataset, Run};
use crate::predict::engine::PredictEngine;
use crate::run::curve::RunCurveError;
use sizer_core::sim::open_loop::EngineModel;
use sizer_core::sim::{Machine, MedianTtftPoint};
use sizer_core::{Interpolation, Scenario};

impl Dataset {
    /// The machine a simulation runs `run` on: the per-request curve its sizing reads
    /// ([`Run::sizing_curve`]: measured, then its engine's beyond), its
    /// prefill rate ([`Dataset::prefill_tok_s`]; prompts then queue for prefill), its KV pool
    /// ([`Dataset::kv_pool_tokens`]) and its median TTFT by concurrency (used only without a
    /// prefill rate).
    pub fn sim_machine(&self, run: &Run, interpolation: Interpolation) -> Result<Machine, RunCurveError> {
        let (curve, _) = run.sizing_curve()?;
        let ttft_points = run
            .points
            .iter()
            .filter_map(|p| {
                let ms = p.median_ttft_ms.as_ref()?.value;
                Some(MedianTtftPoint { concurrency: f64::from(p.concurrency), ttft_s: ms / 1000.0 })
            })
            .collect();
        Ok(Machine {
            curve,
            interpolation,
            prefill_tok_s: self.prefill_tok_s(run).map(|c| c.value),
            kv_pool_tokens: self.kv_pool_tokens(run).map(|c| c.value),
            ttft_points,
            engine: None,
        })
    }

    /// The machine for simulating `base` on `run` as the sizing sees it: [`Dataset::sim_machine`]
    /// read with `base`'s interpolation, with the KV pool and prefill rate of
    /// [`Dataset::scenario_for_run`] (a caller's own win; missing ones come from the dataset).
    /// A run of several workloads is simulated on the one the sizing uses
    /// ([`Run::nearest_workload`]). A run that holds a suite's closed-loop workloads (the
    /// arena's, or a person's imported suite) carries the engine fitted to all of them
    /// ([`PredictEngine::for_closed_loop`]): the simulation runs the team on that engine, and the
    /// curve only gives the formula's streams at the floor.
    pub fn sim_machine_for(&self, run: &Run, base: Scenario) -> Result<Machine, RunCurveError> {
        self.sim_machine_on(run, base, PredictEngine::for_closed_loop(run))
    }

    /// [`Dataset::sim_machine_for`] with the run's engine given (a caller that keeps it between
    /// simulations of the same run: a fit takes tens of milliseconds).
    pub fn sim_machine_on(
        &self,
        run: &Run,
        base: Scenario,
        engine: Option<EngineModel>,
    ) -> Result<Machine, RunCurveError> {
        let projected = run.nearest_workload(&base).and_then(|choice| run.with_workload(choice.index));
        let sized = projected.as_ref().unwrap_or(run);
        let scenario = self.scenario_for_run(sized, base);
        let machine = self.sim_machine(sized, scenario.interpolation)?;
        Ok(Machine {
            prefill_tok_s: scenario.prefill_tok_s,
            kv_pool_tokens: scenario.kv_pool_tokens,
            engine,
            ..machine
        })
    }
}
