//! Reading server and gateway logs (`sizer_import::logs`): logs written from a known load in
//! every format recover its rate, lengths and burstiness; bad input is one sentence; the load
//! goes to `SparkSizer.predict` unchanged; real excerpts in `tests/fixtures/logs/` read as
//! their README says.

mod bad_input;
mod generator;
mod real;
mod recovery;
mod stream;
mod writers;
