//! The work behind "Check by simulation", in steps the page can interleave with everything else:
//! first the simulation of the team the sizing allows on one Spark, then the sweep of team sizes
//! (the core's [`SweepSearch`]), each simulation advanced a bounded number of events per step.
//! No browser calls here: the component (`simulation/section.rs`) schedules the steps, and
//! native tests run them to the end.

use sizer_core::sim::open_loop::EngineModel;
use sizer_core::sim::{
    Machine, SimReport, Simulation, SweepError, SweepReport, SweepSearch, sizing_request, sweep_request,
};
use sizer_core::{Scenario, Sizing};
use sizer_data::predict_engine::PredictEngine;
use sizer_data::{Run, dataset};

use crate::sizing::run_ref::RunRef;

/// The seed when the link names none.
pub const DEFAULT_SEED: u64 = sizer_import::sim_link::DEFAULT_SEED;

/// Each sweep point's window: the core's defaults (4 simulated hours or 20,000 requests), so the
/// sweep's first point is the main simulation itself.
const SWEEP_WINDOW_S: f64 = 14_400.0;
const SWEEP_MAX_REQUESTS: u32 = 20_000;

/// The machine the sizing used, on `engine` ([`sizer_data::Dataset::sim_machine_on`]); `None`
/// when the run has no per-request speed curve.
pub fn machine_for(run: &Run, scenario: &Scenario, engine: Option<EngineModel>) -> Option<Machine> {
    dataset().sim_machine_on(run, *scenario, engine).ok()
}

/// The chosen run's engine for the simulation ([`PredictEngine::for_closed_loop`]), fitted once
/// and kept while the run stays the same: a new scenario or seed starts a simulation without
/// fitting again (a fit takes tens of milliseconds, in one task).
#[derive(Default)]
pub struct EngineMemo(Option<(RunRef, Option<EngineModel>)>);

impl EngineMemo {
    /// The engine of `run`, fitted now if the memo holds another run's (or a changed run's: an
    /// imported run that changes is a new `RunRef`).
    pub fn engine(&mut self, run: &RunRef) -> Option<EngineModel> {
        match &self.0 {
            Some((kept, engine)) if kept == run => *engine,
            _ => {
                let engine = PredictEngine::for_closed_loop(run);
                self.0 = Some((run.clone(), engine));
                engine
            }
        }
    }
}

/// What one call of [`SimJob::step`] reached.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// The current simulation needs more steps.
    Running,
    /// The main simulation ended: [`SimJob::main_report`] is ready.
    MainDone,
    /// One more team size of the sweep was simulated.
    SweepPoint,
    /// Everything is done.
    Done,
}

/// The main simulation and the sweep, advanced step by step.
#[derive(Clone, Debug)]
pub struct SimJob {
    machine: Machine,
    scenario: Scenario,
    seed: u64,
    sizing: Sizing,
    current: Option<(u32, Simulation)>,
    main: Option<SimReport>,
    search: SweepSearch,
}

impl SimJob {
    /// Sizes `scenario` on `machine` (one Spark) and sets up the simulation of that many users.
    ///
    /// # Errors
    /// The scenario's or the simulation's error (e.g. the sizing allows nobody).
    pub fn new(machine: Machine, scenario: &Scenario, seed: u64) -> Result<SimJob, SweepError> {
        let (sizing, request) = sizing_request(scenario, &machine)?;
        let users = request.total_users();
        let simulation = Simulation::new(&request, &machine, seed).map_err(SweepError::Simulation)?;
        Ok(SimJob {
            search: SweepSearch::new(sizing.people_per_spark),
            machine,
            scenario: *scenario,
            seed,
            sizing,
            current: Some((users, simulation)),
            main: None,
        })
    }

    /// Runs at most `max_events` events of the current simulation.
    ///
    /// # Errors
    /// A sweep size the simulation rejects (the sweep then stops; the main report stays).
    pub fn step(&mut self, max_events: u64) -> Result<Step, SweepError> {
        let Some((users, simulation)) = self.current.as_mut() else {
            return Ok(Step::Done);
        };
        if !simulation.advance(max_events) {
            return Ok(Step::Running);
        }
        let (users, report) = (*users, simulation.report());
        self.current = None;
        let step = if self.main.is_none() { Step::MainDone } else { Step::SweepPoint };
        // The sweep's first size is the formula's with the same window and seed: the main
        // simulation is that point, so it is recorded instead of run twice.
        if self.search.next_users() == Some(users) {
            self.search.record(users, &report);
        }
        if self.main.is_none() {
            self.main = Some(report);
        }
        if let Some(next) = self.search.next_users() {
            let request = sweep_request(&self.scenario, next, SWEEP_WINDOW_S, SWEEP_MAX_REQUESTS);
            let simulation = Simulation::new(&request, &self.machine, self.seed).map_err(SweepError::Simulation)?;
            self.current = Some((next, simulation));
        }
        Ok(step)
    }

    /// Share of the current simulation done, 0 to 1.
    pub fn progress(&self) -> f64 {
        self.current.as_ref().map_or(1.0, |(_, simulation)| simulation.progress())
    }

    /// The formula's sizing on one Spark of the machine.
    pub fn sizing(&self) -> &Sizing {
        &self.sizing
    }

    /// The main simulation's report, once it ended.
    pub fn main_report(&self) -> Option<&SimReport> {
        self.main.as_ref()
    }

    /// The sweep so far (final when [`SimJob::step`] returned [`Step::Done`]).
    pub fn sweep(&self) -> SweepReport {
        self.search.report()
    }

    /// Team sizes simulated so far (the main simulation included).
    pub fn sweep_runs(&self) -> usize {
        self.search.runs()
    }

    /// True when nothing is left to simulate.
    pub fn is_done(&self) -> bool {
        self.current.is_none()
    }

    /// The seed of every simulation in the job.
    pub fn seed(&self) -> u64 {
        self.seed
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sizer_core::sim::{simulate_sizing, sweep_team_size};

    const QWEN: &str = "gpuwerk-qwen3-coder-30b-a3b-awq-vllm-0.27.1";

    fn qwen_machine(scenario: &Scenario) -> Machine {
        machine_for(dataset().run(QWEN).expect("the worked example's run"), scenario, None).expect("a curve")
    }

    #[test]
    fn the_engine_memo_gives_each_runs_own_engine() {
        // A second method: the data's fit called directly.
        let arena = dataset().run("djangodevreng-arena-nemotron-3-nano-30b-a3b-nvfp4").expect("an arena run");
        let fitted = PredictEngine::for_closed_loop(arena);
        assert!(fitted.is_some());
        let mut memo = EngineMemo::default();
        assert_eq!(memo.engine(&RunRef::Sourced(arena)), fitted);
        assert_eq!(memo.engine(&RunRef::Sourced(arena)), fitted);
        let qwen = dataset().run(QWEN).expect("the worked example's run");
        assert_eq!(memo.engine(&RunRef::Sourced(qwen)), None);
        assert_eq!(memo.engine(&RunRef::Sourced(arena)), fitted);
    }

    #[test]
    fn the_job_in_small_steps_gives_the_cores_answers_in_one_call() {
        // A second method for the same question: the core's one-call functions on the same
        // machine and seed. Splitting into steps and reusing the main run as the sweep's first
        // point must change nothing.
        let scenario = Scenario { z: Some(2.33), ..Scenario::chat() };
        let machine = qwen_machine(&scenario);
        let mut job = SimJob::new(machine.clone(), &scenario, 3).expect("valid");
        let mut steps = 0;
        while job.step(5_000).expect("runs") != Step::Done {
            steps += 1;
        }
        assert!(steps > 10, "{steps} steps: the work was sliced");
        let (sizing, report) = simulate_sizing(&scenario, &machine, 3).expect("valid");
        assert_eq!(job.sizing().people_per_spark, sizing.people_per_spark);
        assert_eq!(job.main_report(), Some(&report));
        assert_eq!(job.sweep(), sweep_team_size(&scenario, &machine, 3, 14_400.0, 20_000).expect("sweeps"));
    }

    #[test]
    fn the_browser_tests_sweeps_natively() {
        // The literals `tests/simulation.rs` expects in the page: users the sizing allows and
        // the sweep's crossing (largest size that held, first that failed) per floor and seed.
        for (floor, seed, users, held, failed) in
            [(15.0, 1, 163, 189, 190), (15.0, 2, 163, 187, 188), (10.0, 1, 242, 274, 275)]
        {
            let scenario = Scenario { floor_tok_s: floor, ..Scenario::chat() };
            let mut job = SimJob::new(qwen_machine(&scenario), &scenario, seed).expect("valid");
            while job.step(1 << 20).expect("runs") != Step::Done {}
            assert_eq!(job.main_report().map(|r| (r.users, r.holds)), Some((users, true)));
            let sweep = job.sweep();
            assert_eq!(
                (sweep.simulated_people, sweep.first_failing),
                (held, Some(failed)),
                "floor {floor}, seed {seed}"
            );
        }
    }

    #[test]
    fn the_machine_has_the_runs_prefill_pool_and_ttfts() {
        let machine = qwen_machine(&Scenario::chat());
        // DATA: the fleet run's 5,705 tok/s prefill, the logged pool of 924,912 tokens.
        assert_eq!(machine.prefill_tok_s, Some(5_705.0));
        assert_eq!(machine.kv_pool_tokens, Some(924_912.0));
        let own = Scenario { kv_pool_tokens: Some(40_960.0), prefill_tok_s: Some(1_000.0), ..Scenario::chat() };
        let machine = qwen_machine(&own);
        assert_eq!((machine.kv_pool_tokens, machine.prefill_tok_s), (Some(40_960.0), Some(1_000.0)));
    }

    #[test]
    fn a_sizing_that_allows_nobody_is_an_error_not_a_simulation() {
        let scenario = Scenario { floor_tok_s: 500.0, ..Scenario::chat() };
        assert!(SimJob::new(qwen_machine(&scenario), &scenario, 1).is_err());
    }
}
