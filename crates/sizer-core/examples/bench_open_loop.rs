//! Times one open-loop prediction of 250 requests (budget: 5 ms natively) and prints the fit
//! and the rate sweep for one arena run, Qwen3.6-35B-A3B FP8 (plain binary, no harness).
//!
//! Run: `cargo run --release -p sizer-core --example bench_open_loop`. The closed-loop figures
//! are copied from the arena's `qwen-3.6/qwen-3.6-35b-a3b/fp8/` files `01-chat.md`,
//! `02-rag-8k.md` and `05-big-context.md` (`t/s (req)`, `t/s (total)` of the `tg` rows; prompt
//! `t/s (total)` and `ttfr` of the `pp` rows). The KV pool is an assumption (1,000,000 tokens),
//! not the run's: the importer brings the real one.

use sizer_core::sim::open_loop::{
    ClosedLoopPoint, ClosedLoopRun, ClosedLoopWorkload, EngineModel, EngineSetup, FitFigure, LoadSize, LoadSpec,
    OpenLoad, fit_engine, fit_engine_bursts, predict_open_loop,
};
use std::hint::black_box;
use std::time::Instant;

/// `(concurrency, tg t/s (req), tg t/s (total), pp t/s (total), ttfr ms)`.
type Row = (f64, f64, f64, f64, f64);

fn workload(prompt: f64, answer: f64, rows: &[Row]) -> ClosedLoopWorkload {
    ClosedLoopWorkload {
        prompt_tokens: prompt,
        answer_tokens: answer,
        depth_tokens: 0.0,
        points: rows
            .iter()
            .map(|&(c, v, total, pp, ttfr)| ClosedLoopPoint {
                concurrency: c,
                per_request_tok_s: v,
                total_tok_s: total,
                prompt_tok_s: Some(pp),
                ttfr_ms: Some(ttfr),
            })
            .collect(),
    }
}

fn main() {
    let run = ClosedLoopRun::new(vec![
        workload(
            1024.0,
            1024.0,
            &[
                (1.0, 51.86, 51.86, 4453.68, 291.26),
                (5.0, 22.15, 109.52, 3682.23, 1027.97),
                (10.0, 15.29, 150.15, 3849.13, 1652.46),
            ],
        ),
        workload(
            8192.0,
            512.0,
            &[
                (5.0, 19.63, 84.93, 3982.28, 5902.50),
                (10.0, 12.52, 101.26, 3917.12, 10738.66),
                (20.0, 8.97, 130.48, 3891.19, 20289.40),
            ],
        ),
        workload(
            4096.0,
            256.0,
            &[
                (1.0, 52.06, 52.06, 4295.90, 932.52),
                (5.0, 20.31, 86.36, 3922.86, 3183.80),
                (10.0, 13.27, 106.45, 4060.41, 5370.70),
            ],
        ),
        workload(
            16384.0,
            256.0,
            &[
                (1.0, 50.81, 50.81, 3728.86, 4056.75),
                (5.0, 14.82, 47.72, 3801.71, 12041.72),
                (10.0, 8.93, 50.05, 3763.15, 22089.14),
            ],
        ),
    ])
    .expect("valid closed-loop figures");
    let setup = EngineSetup { kv_pool_tokens: 1_000_000.0, ..EngineSetup::default() };
    let direct = fit_engine(&run);
    println!("direct fit: {:#?}", direct.coefficients);
    for figure in [FitFigure::PerRequestTokS, FitFigure::PromptTokS, FitFigure::TtfrMs] {
        let worst =
            direct.residuals.iter().filter(|r| r.figure == figure).map(|r| r.relative().abs()).fold(0.0, f64::max);
        println!("  direct fit, worst {figure:?}: {:.1} %", 100.0 * worst);
    }
    let start = Instant::now();
    let fit = fit_engine_bursts(&run, setup, 20);
    println!("burst fit in {:.2} ms, {:?}", start.elapsed().as_secs_f64() * 1e3, fit.method);
    println!("fit: {:?} / {:?}\n{:#?}", fit.decode_model, fit.prefill_model, fit.coefficients);
    for r in &fit.residuals {
        println!(
            "  w{} p{} {:?}: measured {:.2}, fitted {:.2} ({:+.1} %)",
            r.workload + 1,
            r.point + 1,
            r.figure,
            r.measured,
            r.fitted,
            100.0 * r.relative()
        );
    }
    let engine = EngineModel::from_fit(&fit, setup).expect("valid engine");
    println!("rate  n  p50 ttft s  p95 ttft s  median tpot ms  out tok/s  max in flight  batch x fit");
    for (rate, n) in [(0.1, 100), (0.2, 100), (0.3, 100), (0.5, 125), (0.7, 175), (1.0, 250)] {
        let spec = LoadSpec { rate_per_s: rate, size: LoadSize::Requests { requests: n }, ..LoadSpec::default() };
        let load = OpenLoad::new(spec).expect("valid load");
        let r = predict_open_loop(&load, &engine, 42).expect("fits");
        println!(
            "{rate:.1} {n:4} {:10.2} {:11.2} {:15.1} {:10.1} {:14} {:11.1}",
            r.ttft_s.p50,
            r.ttft_s.p95,
            r.tpot_ms.map_or(0.0, |t| t.median),
            r.output_tok_s,
            r.max_in_flight,
            r.extrapolation.batch_ratio()
        );
    }
    let spec = LoadSpec { rate_per_s: 1.0, size: LoadSize::Requests { requests: 250 }, ..LoadSpec::default() };
    let load = OpenLoad::new(spec).expect("valid load");
    let calls = 200;
    let mut times: Vec<f64> = (0..calls)
        .map(|seed| {
            let start = Instant::now();
            black_box(predict_open_loop(black_box(&load), &engine, seed).expect("fits"));
            start.elapsed().as_secs_f64() * 1e3
        })
        .collect();
    times.sort_by(f64::total_cmp);
    println!(
        "predict, 250 requests at 1.0 req/s: median {:.3} ms, min {:.3}, max {:.3} over {calls} seeds (budget 5 ms)",
        times[calls as usize / 2],
        times[0],
        times[calls as usize - 1]
    );
}
