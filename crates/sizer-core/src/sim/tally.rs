//! What a closed-loop simulation measures over its window, whichever model runs the box: time
//! at each count in flight, time at the floor, and each finished request's speed, time to first
//! token and wait. Memory per user and per histogram bin, never per request.

use crate::sim::histogram::{CountHistogram, LogHistogram};
use crate::sim::input::SimRequest;
use alloc::vec;
use alloc::vec::Vec;

/// Relative slack when comparing a speed with the floor, so a flat curve exactly at the floor
/// counts as at the floor despite rounding in `answer / elapsed`.
pub(crate) const FLOOR_SLACK: f64 = 1e-9;

/// The state of the box over one stretch of time, as the tally weighs it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Stretch<'a> {
    /// Requests sent and not yet answered.
    pub in_system: usize,
    /// The same, per group.
    pub in_system_by_group: &'a [u32],
    /// Requests generating.
    pub generating: usize,
    /// Per-request speed of the generating requests, tok/s.
    pub speed: f64,
    /// More requests generating than the model's measurements reach.
    pub beyond_measured: bool,
}

/// One finished request, as the tally records it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Finished {
    /// Answer tokens over the time from the first token to the last, tok/s; `None` for an
    /// answer that came whole with its first token (kept the floor, no speed to record).
    pub speed: Option<f64>,
    pub ttft_s: f64,
    /// Time queued before the box took it (a KV session, the prefill queue, admission).
    pub wait_s: f64,
    pub waited_for_kv: bool,
}

/// The window's measurements.
#[derive(Clone, Debug)]
pub(crate) struct Tally {
    floor_tok_s: f64,
    pub window_s: f64,
    pub in_flight: CountHistogram,
    pub busy_seconds_by_group: Vec<f64>,
    pub generating_seconds: f64,
    pub time_at_floor_s: f64,
    pub time_beyond_curve_s: f64,
    pub requests: u64,
    pub requests_at_floor: u64,
    pub requests_waited_for_kv: u64,
    pub speed_hist: LogHistogram,
    pub ttft_hist: LogHistogram,
    pub wait_hist: LogHistogram,
}

impl Tally {
    /// An empty tally for `request`'s team.
    pub fn new(request: &SimRequest) -> Tally {
        Tally {
            floor_tok_s: request.floor_tok_s,
            window_s: 0.0,
            in_flight: CountHistogram::new(request.total_users() as usize),
            busy_seconds_by_group: vec![0.0; request.groups.len()],
            generating_seconds: 0.0,
            time_at_floor_s: 0.0,
            time_beyond_curve_s: 0.0,
            requests: 0,
            requests_at_floor: 0,
            requests_waited_for_kv: 0,
            // Speeds from floor / 10^5 to floor x 10^4; times from 0.1 ms to 10^7 s.
            speed_hist: LogHistogram::new(request.floor_tok_s, 5, 4),
            ttft_hist: LogHistogram::new(1.0, 4, 7),
            wait_hist: LogHistogram::new(1.0, 4, 7),
        }
    }

    /// True if `speed` keeps the floor.
    pub fn at_floor(&self, speed: f64) -> bool {
        speed >= self.floor_tok_s * (1.0 - FLOOR_SLACK)
    }

    /// Adds `dt` seconds of `stretch` (idle time counts as at the floor).
    pub fn time(&mut self, dt: f64, stretch: &Stretch<'_>) {
        self.window_s += dt;
        self.in_flight.add(stretch.in_system, dt);
        self.generating_seconds += stretch.generating as f64 * dt;
        if stretch.generating == 0 || self.at_floor(stretch.speed) {
            self.time_at_floor_s += dt;
        }
        if stretch.beyond_measured {
            self.time_beyond_curve_s += dt;
        }
        for (busy, &count) in self.busy_seconds_by_group.iter_mut().zip(stretch.in_system_by_group) {
            *busy += f64::from(count) * dt;
        }
    }

    /// Share of the run done, 0 to 1, at simulated time `now`: the larger of time (of warm-up
    /// plus window) and requests measured (of the most), 1 once `stopped`.
    pub fn share_done(&self, request: &SimRequest, warmup_s: f64, now: f64, stopped: bool) -> f64 {
        if stopped {
            return 1.0;
        }
        let by_time = now / (warmup_s + request.window_s);
        let by_requests = self.requests as f64 / f64::from(request.max_requests);
        by_time.max(by_requests).clamp(0.0, 1.0)
    }

    /// Records a request finished inside the window; the number recorded so far.
    pub fn request(&mut self, done: Finished) -> u64 {
        self.requests += 1;
        if done.speed.is_none_or(|speed| self.at_floor(speed)) {
            self.requests_at_floor += 1;
        }
        if done.waited_for_kv {
            self.requests_waited_for_kv += 1;
        }
        if let Some(speed) = done.speed {
            self.speed_hist.record(speed);
        }
        self.ttft_hist.record(done.ttft_s);
        self.wait_hist.record(done.wait_s);
        self.requests
    }
}
