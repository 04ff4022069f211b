//! A closed-loop simulation on whichever model of the box the run allows: the engine fitted to
//! its own closed-loop files where the machine carries one and the team's requests fit it, else
//! the measured curve. The report says which ran ([`SimModel`]).

use crate::sim::curve_team::CurveTeam;
use crate::sim::engine_team::{EngineTeam, longest_request};
use crate::sim::input::{Machine, SimError, SimRequest};
use crate::sim::report::{SimModel, SimReport};
use alloc::boxed::Box;

/// A running simulation. Build it with [`Simulation::new`], call [`Simulation::advance`] until it
/// returns true (in slices, e.g. one per animation frame, to show progress), then read
/// [`Simulation::report`]. [`crate::sim::simulate`] does all three.
#[derive(Clone, Debug)]
pub struct Simulation {
    model: Model,
}

#[derive(Clone, Debug)]
enum Model {
    Curve(Box<CurveTeam>, SimModel),
    Engine(Box<EngineTeam>),
}

impl Simulation {
    /// Validates the request and the machine and sets up the team on the machine's engine, if it
    /// has one that admits the team's longest request, else on its curve. Memory: O(users +
    /// histogram bins).
    pub fn new(request: &SimRequest, machine: &Machine, seed: u64) -> Result<Simulation, SimError> {
        request.validate(machine)?;
        let model = match machine.engine {
            Some(engine) => {
                let (tokens, limit) = (longest_request(request), engine.longest_request_tokens());
                if tokens <= limit {
                    Model::Engine(Box::new(EngineTeam::new(request, machine, engine, seed)))
                } else {
                    let team = CurveTeam::new(request, machine, seed)?;
                    Model::Curve(Box::new(team), SimModel::CurveRequestTooLong { tokens, limit })
                }
            }
            None => Model::Curve(Box::new(CurveTeam::new(request, machine, seed)?), SimModel::Curve),
        };
        Ok(Simulation { model })
    }

    /// Runs at most `max_events` more events (curve) or engine steps (engine); true once the
    /// simulation has ended.
    pub fn advance(&mut self, max_events: u64) -> bool {
        match &mut self.model {
            Model::Curve(team, _) => team.advance(max_events),
            Model::Engine(team) => team.advance(max_events),
        }
    }

    /// Share of the run done, 0 to 1 (the larger of simulated time and requests measured).
    pub fn progress(&self) -> f64 {
        match &self.model {
            Model::Curve(team, _) => team.progress(),
            Model::Engine(team) => team.progress(),
        }
    }

    /// The findings so far (final once [`Simulation::advance`] has returned true).
    pub fn report(&self) -> SimReport {
        match &self.model {
            Model::Curve(team, model) => SimReport { model: *model, ..team.report() },
            Model::Engine(team) => team.report(),
        }
    }
}
