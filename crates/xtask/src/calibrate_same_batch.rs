//! A check with no fit in it, for docs/CALIBRATION.md: each run's `08-sharegpt` step (real
//! conversations, short prompts, so prompt reads hardly interrupt its decodes) against the step
//! its own closed loop measured at the same batch (`01-chat`, one corpus in lockstep bursts).
//! Where the two disagree, no fit to the closed-loop files can predict the open loop.

use sizer_core::architecture::StepPhysics;
use sizer_data::suite::SuiteRun;
use sizer_data::suite::WorkloadKind;
use sizer_data::suite::conversation_error::CONVERSATION_STEP;
use std::fmt::Write as _;

/// The requests a step decoded at once on average, from its own figures.
///
/// # Formula
/// `B = output tok/s x median TPOT`: each decoding request emits one token per TPOT, so the
/// box's token rate is `B / TPOT` (Little's law on tokens). The median stands for the mean.
pub fn mean_decode_batch(output_tok_s: f64, median_tpot_ms: f64) -> f64 {
    output_tok_s * median_tpot_ms / 1000.0
}

/// The closed loop's step in ms at `batch` requests: `1000 / t/s (req)` of the points
/// `(concurrency, t/s per request)`, linear in the concurrency between two points, the lowest
/// point's below them; `None` beyond the highest (no extrapolation) or without points.
pub fn closed_loop_step_ms(points: &[(f64, f64)], batch: f64) -> Option<f64> {
    let step = |tok_s: f64| 1000.0 / tok_s;
    let (&(c0, s0), rest) = points.split_first()?;
    if batch <= c0 {
        return Some(step(s0));
    }
    let mut low = (c0, step(s0));
    for &(c, s) in rest {
        let high = (c, step(s));
        if batch <= c {
            return Some(low.1 + (high.1 - low.1) * (batch - low.0) / (high.0 - low.0));
        }
        low = high;
    }
    None
}

/// How much slower a step of `batch` requests is than one of a single request when every
/// request routes on its own: the shared weights plus the experts the batch reads.
///
/// # Formula
/// `(S + X E (1 - (1 - k/E)^B)) / (S + X k)`, `S` the bytes every step reads, `X` one expert's
/// bytes over every expert layer ([`StepPhysics::weights_read_bytes`]): the
/// largest the expert reads can grow, since real routers share experts more than independent
/// uniform picks do. `None` for a model without experts.
pub fn independent_routing_growth(physics: &StepPhysics, batch: f64) -> Option<f64> {
    physics.experts.map(|_| physics.weights_read_bytes(batch) / physics.weights_read_bytes(1.0))
}

/// The table and its summary: per run the architecture, the step's batch and median TPOT, the
/// closed loop's step at that batch and their ratio; for a mixture of experts also the growth
/// from one request to that batch, measured (TPOT over the closed loop's one-request step) and
/// at independent routing. `physics` is `calibrate_floors::run_physics` of the same runs.
pub fn same_batch_section(
    names: &[&str],
    runs: &[(String, SuiteRun)],
    physics: &[Option<(StepPhysics, bool)>],
) -> String {
    let mut out = String::from(
        "\n### `08-sharegpt` against the closed loop at the same batch (generated, no fit)\n\n\
         Each run's `08-sharegpt` step (real conversations at 0.3 req/s, about 240 tokens in and 205 out: prompt \
         reads take a small share of the box's time) against the step its own `01-chat` measured at the same \
         batch (`1000 / t/s (req)`, linear between concurrencies 1, 5 and 10; none beyond 10). Batch: the step's \
         output tok/s times its median TPOT (Little's law on tokens). Growth: the TPOT over `01-chat`'s \
         one-request step, measured, and the most the architecture allows when every request routes on its own \
         (the shared weights plus `E (1 - (1 - k/E)^B)` experts, over the same at one request).\n\n\
         | run | architecture | batch | median TPOT ms | closed loop's step ms | ratio | growth from one request: measured | at independent routing |\n\
         |---|---|---:|---:|---:|---:|---:|---:|\n",
    );
    let mut ratios: [Vec<f64>; 3] = Default::default();
    let (mut bounded, mut above_bound) = (0, 0);
    for ((name, (_, run)), p) in names.iter().zip(runs).zip(physics) {
        let Some(step) = run.load.tests.iter().find(|s| s.file == CONVERSATION_STEP) else { continue };
        let Some(chat) = run.workloads.iter().find(|w| w.kind == WorkloadKind::Chat) else { continue };
        let points: Vec<(f64, f64)> = chat.points.iter().map(|p| (p.concurrency, p.per_request_tok_s.mean)).collect();
        let batch = mean_decode_batch(step.output_tok_s, step.median_tpot_ms);
        let (kind, label) = match p {
            Some((p, _)) if p.experts.is_some() => (0, "mixture of experts"),
            Some(_) => (1, "dense"),
            None => (2, "unknown"),
        };
        let closed = closed_loop_step_ms(&points, batch);
        let ratio = closed.map(|c| step.median_tpot_ms / c);
        if let Some(r) = ratio {
            ratios[kind].push(r);
        }
        let one = closed_loop_step_ms(&points, 1.0);
        let bound = p.as_ref().and_then(|(p, _)| independent_routing_growth(p, batch));
        let growth = one.filter(|_| bound.is_some()).map(|o| step.median_tpot_ms / o);
        if let Some((g, b)) = growth.zip(bound) {
            bounded += 1;
            above_bound += usize::from(g > b);
        }
        let cell = |v: Option<f64>, digits: usize| v.map_or_else(|| "-".to_owned(), |v| format!("{v:.digits$}"));
        let _ = writeln!(
            out,
            "| `{name}` | {label} | {batch:.1} | {:.1} | {} | {} | {} | {} |",
            step.median_tpot_ms,
            cell(closed, 1),
            cell(ratio, 2),
            cell(growth, 2),
            cell(bound, 2),
        );
    }
    out.push('\n');
    for (ratios, label) in ratios.iter().zip(["mixtures of experts", "dense models", "unknown architectures"]) {
        if ratios.is_empty() {
            continue;
        }
        let slower = ratios.iter().filter(|r| **r > 1.0).count();
        let (low, high) = ratios.iter().fold((f64::INFINITY, f64::NEG_INFINITY), |(l, h), r| (l.min(*r), h.max(*r)));
        let range = if ratios.len() == 1 { format!("ratio {low:.2}") } else { format!("ratio {low:.2} to {high:.2}") };
        let _ = writeln!(
            out,
            "- {label}: {slower} of {} slower than the closed loop at the same batch; {range}.",
            ratios.len()
        );
    }
    if bounded > 0 {
        let _ = writeln!(
            out,
            "- measured growth above the most independent routing allows: {above_bound} of {bounded} mixtures of experts."
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    // Nemotron-3-Nano-30B BF16's `01-chat`: 29.27, 10.99 and 7.64 tok/s per request.
    const CHAT: [(f64, f64); 3] = [(1.0, 29.27), (5.0, 10.99), (10.0, 7.64)];

    #[test]
    fn the_closed_loop_step_is_read_between_its_points() {
        // 1000 / 29.27 = 34.165 ms at one request; 1000 / 10.99 = 90.992 at five.
        let one = closed_loop_step_ms(&CHAT, 1.0).expect("a point");
        assert!((one - 34.165).abs() < 0.001, "{one}");
        let below = closed_loop_step_ms(&CHAT, 0.5).expect("the lowest point");
        assert!((below - 34.165).abs() < 0.001, "{below}");
        // Three quarters of the way from 1 to 5: 34.165 + 0.75 x 56.827 = 76.785.
        let mid = closed_loop_step_ms(&CHAT, 4.0).expect("between points");
        assert!((mid - 76.785).abs() < 0.01, "{mid}");
        // 7.5 requests, halfway from 5 (90.992) to 10 (130.890): 110.941.
        let upper = closed_loop_step_ms(&CHAT, 7.5).expect("between points");
        assert!((upper - 110.941).abs() < 0.01, "{upper}");
        assert_eq!(closed_loop_step_ms(&CHAT, 10.5), None);
        assert_eq!(closed_loop_step_ms(&[], 1.0), None);
    }

    #[test]
    fn the_batch_is_the_token_rate_times_the_time_per_token() {
        // Nemotron BF16's 08: 61.208 tok/s out at a median TPOT of 122.345 ms.
        let b = mean_decode_batch(61.208, 122.345);
        assert!((b - 7.48849).abs() < 1e-4, "{b}");
    }
}
