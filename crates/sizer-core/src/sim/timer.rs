//! A time and an id (a user, a request) as a min-heap key, shared by the simulations' event
//! queues: ordered by time, then id, so ties resolve the same way on every platform. Times are
//! finite and non-negative (clamped at 0), so their bit patterns sort like the values.

use core::cmp::Reverse;

/// A heap entry: `BinaryHeap<Timer>` pops the earliest time first.
pub(crate) type Timer = Reverse<(u64, u32)>;

/// The key of `id` at `at` seconds (or tokens, for a clock counted in tokens).
pub(crate) fn timer(at: f64, id: u32) -> Timer {
    Reverse((at.max(0.0).to_bits(), id))
}

/// The time a key holds.
pub(crate) fn timer_value(t: &Timer) -> f64 {
    f64::from_bits(t.0.0)
}
