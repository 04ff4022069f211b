//! The open-loop prediction: the engine fitted to a run (`engine.rs`) or computed for it and kept
//! (`computed.rs`), the request load it is driven with (`load.rs`), the page's typed prediction
//! (`prediction.rs`), how many servers a load needs (`servers.rs`), `SparkSizer.predict`'s
//! JSON (`api.rs`), and a run as the closed-loop simulation's machine (`sim.rs`). Public as
//! `predict_engine`, `predict_load`, `prediction`, `predict_servers` and `predict_api` (re-exported by `lib.rs`).

pub mod api;
pub mod computed;
pub mod engine;
pub mod load;
pub mod prediction;
pub mod servers;
pub mod sim;
