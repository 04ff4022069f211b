//! The core's tests in one binary (`sizer-core`): curves, headroom (open and finite
//! population), KV cache and prefill, the seeds' worked sizing, team planning and its band, the
//! closed- and open-loop simulations and the engine fit, and property tests over generated inputs.
//! One module per former test file; `support` is shared with the other binaries of `tests/`.
//! Run one module: `cargo test -p sizer-tests --test core team_band::`.
//! proptest keeps the failing cases it has seen in `tests/tests/proptest-regressions/<module>.txt`
//! (its default place for a test file under a `main.rs`) and runs them first.

#[path = "../support/mod.rs"]
mod support;

mod architecture;
mod architecture_prompt;
mod curve;
mod finite_population;
mod headroom;
mod kv_prefill;
mod open_loop_fit;
mod open_loop_load;
mod open_loop_properties;
mod open_loop_sim;
mod open_loop_step;
mod prompt_wait;
mod properties;
mod seed_sizing;
mod sim;
mod sim_engine;
mod team;
mod team_band;
mod team_properties;
