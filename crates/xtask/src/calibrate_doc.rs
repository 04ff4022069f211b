//! `docs/CALIBRATION.md` as `cargo xtask calibrate` writes it: the procedure, the summary
//! against the targets, the constants tried, capacity per run, then per run the fit and every
//! step. Layout only: every figure comes from `sizer_data::suite::{calibrate, summary}`.
use crate::calibrate_text::{MISSES, PROCEDURE};
use sizer_core::sim::open_loop::FitFigure;
use sizer_core::sim::open_loop::{MixedStep, OutsideDelay};
use sizer_data::suite::SuiteRun;
use sizer_data::suite::calibrate::{CALIBRATION_SEED, RunCalibration, StepComparison};
use sizer_data::suite::engine_inputs::EngineConstants;
use sizer_data::suite::load_inputs::DatasetLengths;
use sizer_data::suite::step_floors::{ArchitectureFloors, ExpertTerm};
use sizer_data::suite::summary::{Model, ModelSummary, Tally, capacities, figures, summarise};
use sizer_data::suite::tpot_error::{TpotErrors, by_extrapolation, by_rate};
use std::fmt::Write as _;

/// The tried row that is the engine before the decode step from the architecture (main
/// b451605): the summary's "before" column.
pub const BEFORE: &str = "engine at main b451605";

fn tally(t: Tally) -> String {
    format!("{} of {} ({:.1} %)", t.hits, t.of, 100.0 * t.share())
}

fn per_limit(tallies: &[Tally; 3]) -> String {
    format!("{} / {} / {}", tallies[0].hits, tallies[1].hits, tallies[2].hits)
}

fn pooled(tallies: &[Tally; 3]) -> Tally {
    Tally { hits: tallies.iter().map(|t| t.hits).sum(), of: tallies.iter().map(|t| t.of).sum() }
}

/// The summary rows: (what, target, engine, engine before, baseline). The native test checks
/// these lines.
pub fn summary_rows(engine: &ModelSummary, before: &ModelSummary, baseline: &ModelSummary) -> Vec<String> {
    let mut rows = Vec::new();
    for (i, limit) in ["2 s", "5 s", "10 s"].iter().enumerate() {
        rows.push(format!(
            "| capacity at {limit} within one rate step (runs) | >= 90 % | {} | {} | {} |",
            tally(engine.capacity_within_one[i]),
            tally(before.capacity_within_one[i]),
            tally(baseline.capacity_within_one[i])
        ));
        rows.push(format!(
            "| capacity at {limit} exact (runs) | >= 70 % | {} | {} | {} |",
            tally(engine.capacity_exact[i]),
            tally(before.capacity_exact[i]),
            tally(baseline.capacity_exact[i])
        ));
    }
    rows.push(format!(
        "| median TPOT within 15 % (steps, measured p95 TTFT <= 10 s) | >= 80 % | {} | {} | {} |",
        tally(engine.tpot_eligible),
        tally(before.tpot_eligible),
        tally(baseline.tpot_eligible)
    ));
    rows.push(format!(
        "| p95 TTFT within 25 % (steps, measured p95 TTFT <= 10 s) | >= 70 % | {} | {} | {} |",
        tally(engine.ttft_eligible),
        tally(before.ttft_eligible),
        tally(baseline.ttft_eligible)
    ));
    rows.push(format!(
        "| predicted median TPOT above the measured (eligible steps) | - | {} | {} | {} |",
        tally(engine.tpot_slow_eligible),
        tally(before.tpot_slow_eligible),
        tally(baseline.tpot_slow_eligible)
    ));
    rows.push(format!(
        "| median TPOT within 15 % (every replayed step) | - | {} | {} | {} |",
        tally(engine.tpot_all),
        tally(before.tpot_all),
        tally(baseline.tpot_all)
    ));
    rows.push(format!(
        "| median TPOT within 15 % (rate-sweep steps) | - | {} | {} | {} |",
        tally(engine.tpot_sweep),
        tally(before.tpot_sweep),
        tally(baseline.tpot_sweep)
    ));
    rows.push(format!(
        "| p95 TTFT within 25 % (rate-sweep steps, measured p95 <= 10 s) | - | {} | {} | {} |",
        tally(engine.ttft_sweep_eligible),
        tally(before.ttft_sweep_eligible),
        tally(baseline.ttft_sweep_eligible)
    ));
    rows
}

fn rate(r: Option<f64>) -> String {
    r.map_or_else(|| "none".to_owned(), |r| format!("{r}"))
}

fn ms_as_s(ms: f64) -> String {
    if ms.is_finite() { format!("{:.1}", ms / 1000.0) } else { "-".to_owned() }
}

fn opt_ms(ms: Option<f64>) -> String {
    ms.filter(|m| m.is_finite()).map_or_else(|| "-".to_owned(), |m| format!("{m:.0}"))
}

fn count(value: f64) -> String {
    if value.is_finite() { format!("{value:.0}") } else { "-".to_owned() }
}

/// How a dataset replay's lengths are drawn, in words.
fn dataset_lengths(law: DatasetLengths) -> String {
    match law {
        DatasetLengths::AtMeans => "at the measured means".to_owned(),
        DatasetLengths::Uniform { range } => format!("uniform within {range} of the measured means"),
        DatasetLengths::Gamma { shape: 1.0 } => "exponential around the measured means".to_owned(),
        DatasetLengths::Gamma { shape } => format!("gamma of shape {shape} around the measured means"),
    }
}

/// The whole document; `floors_table` follows the values tried
/// (`crate::calibrate_floors::floors_table`), `same_batch` the misses
/// (`crate::calibrate_same_batch::same_batch_section`).
pub fn document(
    names: &[&str],
    runs: &[(String, SuiteRun)],
    tried: &[(&str, EngineConstants, Vec<RunCalibration>)],
    floors_table: &str,
    same_batch: &str,
) -> String {
    let mut out = String::new();
    let Some((_, chosen, calibrations)) = tried.first() else { return out };
    out.push_str(PROCEDURE);
    let _ = writeln!(
        out,
        "\nConstants used: KV pool {:.0} tokens (assumed, every run), step budget {} tokens and batch limit {} where \
         the server's flags do not say, {} burst-fit rounds, client latency {}, mixed step {}, decode step: root \
         term saturating at {} requests, b at least {} ms, c at least {} ns, {} draws per load of a sweep step's \
         answer tokens or fewer (seeds {} to {}), a dataset replay's lengths {}, {}, {}, {}.\n",
        chosen.kv_pool_tokens,
        chosen.step_token_budget,
        chosen.max_batch,
        chosen.burst_rounds,
        if chosen.client_latency { "added (per run, from 01-chat's TTFR)" } else { "not added" },
        match chosen.mixed_step {
            MixedStep::Overlapped => "overlapped (max of weights and prompt work)",
            MixedStep::Summed => "summed",
        },
        chosen.decode_shape.root_saturation_batch,
        chosen.decode_shape.min_per_decode_s * 1e3,
        chosen.decode_shape.min_per_context_token_s * 1e9,
        chosen.draws,
        CALIBRATION_SEED,
        CALIBRATION_SEED + u64::from(chosen.draws) - 1,
        dataset_lengths(chosen.dataset_lengths),
        match chosen.architecture_floors {
            ArchitectureFloors::Off => "every run in the global decode shape",
            ArchitectureFloors::DenseModels => {
                "each dense model whose configuration is known fitted within its bytes (`step_floors`)"
            }
            ArchitectureFloors::EveryModel => {
                "each model whose configuration is known fitted within its bytes (`step_floors`)"
            }
        },
        match chosen.outside_delay {
            OutsideDelay::NotFitted => "no delay outside the engine fitted",
            OutsideDelay::PromptRows => "a delay outside the engine fitted per run in its prompt rates",
            _ => "a delay outside the engine fitted per run (see the values tried)",
        },
        match chosen.expert_term {
            ExpertTerm::SquareRoot => "every root term the square root of the batch",
            ExpertTerm::IndependentRouting => {
                "a mixture of experts' root term the experts its batch reads under independent routing"
            }
        }
    );
    let engine = summarise(calibrations, Model::Engine);
    let baseline = summarise(calibrations, Model::Baseline);
    let before = tried
        .iter()
        .find(|(name, _, _)| *name == BEFORE)
        .map_or_else(|| engine.clone(), |(_, _, c)| summarise(c, Model::Engine));
    out.push_str("## Summary against the targets\n\n");
    out.push_str(
        "\"Engine before\" is the engine at main b451605 (the row `engine at main b451605` of the values tried): \
         the same procedure with every run's decode step in the global shape (the root term saturating at 60 \
         requests, `b` and `c` floored, no floor from the model's bytes) and no delay fitted in the prompt rates. \
         The row `engine at main 1579a8e` is the engine before the decode shape was calibrated.\n\n",
    );
    out.push_str(
        "| figure | target | fitted engine | engine before | baseline (today's simulation) |\n|---|---:|---:|---:|---:|\n",
    );
    for row in summary_rows(&engine, &before, &baseline) {
        let _ = writeln!(out, "{row}");
    }
    let waited: usize = calibrations
        .iter()
        .flat_map(|c| &c.steps)
        .filter(|s| s.predicted.as_ref().is_ok_and(|p| p.waited_for_kv > 0))
        .count();
    let replayed: usize = calibrations.iter().flat_map(|c| &c.steps).filter(|s| s.replay.is_some()).count();
    let _ = writeln!(
        out,
        "\n{replayed} steps were replayed; in {waited} of them at least one request of the fitted engine waited for \
         KV space (the assumed pool mattered there).\n"
    );

    tpot_tables(&mut out, names, calibrations, tried);
    out.push_str("## Global constants: the values tried\n\n");
    out.push_str(
        "Each row changes one constant from the chosen set and recomputes everything. Capacity is pooled over the \
         three limits (run x limit pairs). The rows `per-run floors: ...` give each run whose configuration is in \
         `tests/fixtures/model-configs/` floors of its own (`crates/xtask/src/calibrate_floors.rs`; the others keep \
         the chosen set): `c` from the KV bytes a decode reads per token held, `b` from the bytes a sequence reads \
         whatever its length (recurrent state, full sliding windows), over the Spark's 273 GB/s with no fitted \
         factor, and the root term's saturation where the expected distinct experts `E (1 - (1 - k/E)^B)` reach \
         95 or 99 % of `E`; \"max\" keeps the global floor under the architecture's. \"Misses, and why\" says \
         why none is chosen.\n\n",
    );
    out.push_str("| constants | capacity within one | capacity exact | at 2 / 5 / 10 s: within one; exact | TPOT within 15 % | TTFT within 25 % | steps that waited for KV |\n|---|---:|---:|---:|---:|---:|---:|\n");
    for (name, _, calibration) in tried {
        let s = summarise(calibration, Model::Engine);
        let waited = calibration
            .iter()
            .flat_map(|c| &c.steps)
            .filter(|st| st.predicted.as_ref().is_ok_and(|p| p.waited_for_kv > 0))
            .count();
        let _ = writeln!(
            out,
            "| {name} | {} | {} | {}; {} | {} | {} | {waited} |",
            tally(pooled(&s.capacity_within_one)),
            tally(pooled(&s.capacity_exact)),
            per_limit(&s.capacity_within_one),
            per_limit(&s.capacity_exact),
            tally(s.tpot_eligible),
            tally(s.ttft_eligible)
        );
    }

    out.push('\n');
    out.push_str(floors_table);
    out.push_str("\n## Capacity per run (configured req/s whose p95 TTFT stays under the limit)\n\n");
    out.push_str("| run | limit | measured | fitted engine | baseline |\n|---|---:|---:|---:|---:|\n");
    for (name, calibration) in names.iter().zip(calibrations) {
        let e = capacities(calibration, Model::Engine);
        let b = capacities(calibration, Model::Baseline);
        if e.is_empty() {
            let _ = writeln!(out, "| `{name}` | - | no sweep | - | - |");
        }
        for (e, b) in e.iter().zip(&b) {
            let mark = |apart: usize| match apart {
                0 => "exact",
                1 => "one step off",
                _ => "off",
            };
            let _ = writeln!(
                out,
                "| `{name}` | {:.0} s | {} | {} ({}) | {} ({}) |",
                e.limit_ms / 1000.0,
                rate(e.measured),
                rate(e.predicted),
                mark(e.steps_apart),
                rate(b.predicted),
                mark(b.steps_apart)
            );
        }
    }

    out.push_str(MISSES);
    misses_section(&mut out, names, calibrations);
    out.push_str(same_batch);
    out.push_str("\n## Per run: the fit and every step\n");
    for ((name, calibration), (_, run)) in names.iter().zip(calibrations).zip(runs) {
        run_section(&mut out, name, calibration, run);
    }
    out
}

fn run_section(out: &mut String, name: &str, calibration: &RunCalibration, run: &SuiteRun) {
    let _ = writeln!(out, "\n### `{name}`\n");
    let setup = calibration.setup;
    let _ = writeln!(
        out,
        "Model `{}`; engine: step budget {}, batch limit {}, max model length {}.\n",
        calibration.model,
        setup.step_token_budget,
        setup.max_batch,
        setup.max_model_len.map_or_else(|| "none".to_owned(), |l| l.to_string())
    );
    let _ = writeln!(
        out,
        "Client latency added to every predicted TTFT: {:.0} ms (`01-chat`'s measured TTFR at its lowest concurrency \
         less the replayed one, at least 0).\n",
        calibration.client_latency_ms
    );
    match &calibration.fit {
        Err(why) => {
            let _ = writeln!(out, "No fit: {why}\n");
        }
        Ok(fit) => {
            let c = fit.coefficients;
            let _ = writeln!(
                out,
                "Fit ({:?}, {:?} decode, {:?} prompt; max concurrency {}, max context {:.0} tokens): a = {:.3} ms, b = {:.3} ms, \
                 r = {:.3} ms, c = {:.4} ns, d = {:.2} µs, e = {:.4} ns.\n",
                fit.method,
                fit.decode_model,
                fit.prefill_model,
                fit.max_concurrency,
                fit.max_context_tokens,
                c.base_s * 1e3,
                c.per_decode_s * 1e3,
                c.per_root_decode_s * 1e3,
                c.per_context_token_s * 1e9,
                c.per_prompt_token_s * 1e6,
                c.per_prompt_pair_s * 1e9
            );
            let worst = |figure: FitFigure| {
                let errors = fit.residuals.iter().filter(|r| r.figure == figure).map(|r| r.relative().abs());
                let (count, max) = errors.fold((0, 0.0_f64), |(n, m), e| (n + 1, m.max(e)));
                format!("{count} points, largest error {:.1} %", 100.0 * max)
            };
            let _ = writeln!(
                out,
                "Residuals: per-request speed {}; prompt throughput {}; TTFR (shown, not fitted) {}.\n",
                worst(FitFigure::PerRequestTokS),
                worst(FitFigure::PromptTokS),
                worst(FitFigure::TtfrMs)
            );
            let fitted: Vec<_> = run
                .workloads
                .iter()
                .filter(|w| sizer_data::suite::engine_inputs::FITTED_KINDS.contains(&w.kind))
                .collect();
            out.push_str("| workload | C | figure | measured | fitted | error |\n|---|---:|---|---:|---:|---:|\n");
            for r in &fit.residuals {
                let workload = fitted.get(r.workload);
                let label = workload.map_or("?", |w| w.name.as_str());
                let c = workload.and_then(|w| w.points.get(r.point)).map_or(f64::NAN, |p| p.concurrency);
                let figure = match r.figure {
                    FitFigure::PerRequestTokS => "tok/s per request",
                    FitFigure::PromptTokS => "prompt tok/s",
                    FitFigure::TtfrMs => "TTFR ms (shown)",
                };
                let _ = writeln!(
                    out,
                    "| {label} | {c} | {figure} | {:.1} | {:.1} | {:+.1} % |",
                    r.measured,
                    r.fitted,
                    100.0 * r.relative()
                );
            }
            out.push('\n');
        }
    }
    if calibration.steps.is_empty() {
        out.push_str("No open-loop step.\n");
        return;
    }
    out.push_str(
        "| step | req/s | p95 TTFT s: measured / engine / baseline | median TPOT ms: measured / engine / baseline | in flight: measured max / engine max / baseline p99 | batch / fit's | waited for KV |\n|---|---:|---:|---:|---:|---:|---:|\n",
    );
    for step in &calibration.steps {
        step_row(out, step);
    }
}

fn step_row(out: &mut String, step: &StepComparison) {
    let e = figures(step, Model::Engine);
    let b = figures(step, Model::Baseline);
    let note = match (&step.replay, &step.predicted) {
        (None, Err(why)) => format!(" (not replayed: {why})"),
        (Some(_), Err(why)) => format!(" (engine: {why})"),
        (Some(sizer_data::suite::load_inputs::Replay::MeanLengths), _) => " (around the mean lengths)".to_owned(),
        _ => String::new(),
    };
    let (ratio, waited) = step.predicted.as_ref().map_or(("-".to_owned(), "-".to_owned()), |p| {
        (format!("{:.1}", p.extrapolation.batch_ratio()), p.waited_for_kv.to_string())
    });
    let _ = writeln!(
        out,
        "| {}{note} | {} | {} / {} / {} | {} / {} / {} | {} / {} / {} | {ratio} | {waited} |",
        step.file,
        rate(step.rate_per_s),
        ms_as_s(step.measured.p95_ttft_ms),
        e.map_or_else(|| "-".to_owned(), |f| ms_as_s(f.p95_ttft_ms)),
        b.map_or_else(|| "-".to_owned(), |f| ms_as_s(f.p95_ttft_ms)),
        opt_ms(step.measured.median_tpot_ms),
        opt_ms(e.and_then(|f| f.median_tpot_ms)),
        opt_ms(b.and_then(|f| f.median_tpot_ms)),
        count(step.measured.in_flight),
        e.map_or_else(|| "-".to_owned(), |f| count(f.in_flight)),
        b.map_or_else(|| "-".to_owned(), |f| count(f.in_flight)),
    );
}

/// "Misses explained", from the data: per run, the eligible steps whose TPOT or p95 TTFT missed
/// (with the signed error of each), and the capacities more than one step off or not exact.
fn misses_section(out: &mut String, names: &[&str], calibrations: &[RunCalibration]) {
    use sizer_data::suite::summary::{ELIGIBLE_P95_TTFT_MS, TPOT_TOLERANCE, TTFT_TOLERANCE};
    out.push_str("\n### Misses explained, run by run (generated)\n\n");
    out.push_str(
        "Each run's misses on the eligible steps (measured p95 TTFT at most 10 s) as `step: predicted / measured - 1`, \
         then its capacities that are not exact (measured -> predicted). Runs without a miss are left out.\n\n",
    );
    out.push_str(
        "| run | median TPOT misses (> 15 %) | p95 TTFT misses (> 25 %) | capacity not exact |\n|---|---|---|---|\n",
    );
    for (name, calibration) in names.iter().zip(calibrations) {
        let (mut tpot, mut ttft) = (Vec::new(), Vec::new());
        for step in calibration.steps.iter().filter(|s| s.replay.is_some()) {
            if step.measured.p95_ttft_ms > ELIGIBLE_P95_TTFT_MS {
                continue;
            }
            let label = step.file.trim_end_matches(".json").replace("11-rate-sweep-", "sweep ");
            let got = figures(step, Model::Engine);
            let error = |p: Option<f64>, m: Option<f64>| p.zip(m).map(|(p, m)| p / m - 1.0);
            match error(got.and_then(|f| f.median_tpot_ms), step.measured.median_tpot_ms) {
                Some(e) if e.abs() <= TPOT_TOLERANCE => {}
                Some(e) => tpot.push(format!("{label}: {:+.0} %", 100.0 * e)),
                None => tpot.push(format!("{label}: none")),
            }
            match error(got.map(|f| f.p95_ttft_ms), Some(step.measured.p95_ttft_ms)) {
                Some(e) if e.abs() <= TTFT_TOLERANCE => {}
                Some(e) => ttft.push(format!("{label}: {:+.0} %", 100.0 * e)),
                None => ttft.push(format!("{label}: none")),
            }
        }
        let capacity: Vec<String> = capacities(calibration, Model::Engine)
            .iter()
            .filter(|row| row.steps_apart > 0)
            .map(|row| format!("{:.0} s: {} -> {}", row.limit_ms / 1000.0, rate(row.measured), rate(row.predicted)))
            .collect();
        if tpot.is_empty() && ttft.is_empty() && capacity.is_empty() {
            continue;
        }
        let cell = |v: &[String]| if v.is_empty() { "-".to_owned() } else { v.join("; ") };
        let _ = writeln!(out, "| `{name}` | {} | {} | {} |", cell(&tpot), cell(&ttft), cell(&capacity));
    }
}

fn errors_cells(e: &TpotErrors) -> String {
    if e.steps == 0 {
        return "- | - | - | -".to_owned();
    }
    format!(
        "{} of {} | {:+.1} % | {:.1} % | {:.1} %",
        e.within,
        e.steps,
        100.0 * e.mean_signed,
        100.0 * e.mean_absolute,
        100.0 * e.p80_absolute
    )
}

/// The TPOT tables: by the sweep's rate and by how far each step extrapolated, the fitted engine
/// beside the engine before; then, run by run, the eligible steps whose TPOT error grew.
fn tpot_tables(
    out: &mut String,
    names: &[&str],
    calibrations: &[RunCalibration],
    tried: &[(&str, EngineConstants, Vec<RunCalibration>)],
) {
    let before =
        tried.iter().find(|(name, _, _)| *name == BEFORE).map(|(_, _, c)| c.as_slice()).unwrap_or(calibrations);
    out.push_str("## Median TPOT by request rate and by extrapolation\n\n");
    out.push_str(
        "Eligible rate-sweep steps (measured p95 TTFT at most 10 s) per configured rate: within 15 %, mean signed \
         error (`predicted / measured - 1`, negative: streams too fast), mean absolute error and its 80th \
         percentile, for the fitted engine and the engine before; the median measured peak in flight and the steps \
         whose predicted decode batch passed the fit's largest concurrency.\n\n",
    );
    out.push_str(
        "| req/s | within 15 % | mean signed | mean absolute | p80 absolute | before: within 15 % | mean signed | mean absolute | p80 absolute | median peak in flight | steps beyond the fitted concurrency |\n|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n",
    );
    let now = by_rate(calibrations, Model::Engine);
    let then = by_rate(before, Model::Engine);
    for ((rate, e), (_, b)) in now.iter().zip(&then) {
        let _ = writeln!(
            out,
            "| {rate} | {} | {} | {} | {} |",
            errors_cells(e),
            errors_cells(b),
            count(e.median_in_flight),
            e.beyond_fit
        );
    }
    out.push_str(
        "\nEvery eligible replayed step by its predicted batch ratio (largest decode batch of the prediction over the \
         fit's largest concurrency). The fitted engine's rows are the error band a prediction carries \
         (`TPOT_ERROR_BANDS`, `SparkSizer.predict`'s `extrapolation.tpot_error`).\n\n",
    );
    out.push_str(
        "| batch ratio | within 15 % | mean signed | mean absolute | p80 absolute | before: within 15 % | mean signed | mean absolute | p80 absolute |\n|---|---:|---:|---:|---:|---:|---:|---:|---:|\n",
    );
    let mut lower = 0.0;
    for ((upper, e), (_, b)) in by_extrapolation(calibrations).iter().zip(&by_extrapolation(before)) {
        let label = if upper.is_finite() { format!("{lower} to {upper}") } else { format!("above {lower}") };
        let _ = writeln!(out, "| {label} | {} | {} |", errors_cells(e), errors_cells(b));
        lower = *upper;
    }
    out.push_str("\nRuns whose eligible steps' mean absolute TPOT error grew against the engine before:\n\n");
    out.push_str("| run | mean absolute now | before | steps within 15 % now | before |\n|---|---:|---:|---:|---:|\n");
    let mut any = false;
    for ((name, c), b) in names.iter().zip(calibrations).zip(before) {
        let e = run_errors(c);
        let p = run_errors(b);
        if e.mean_absolute > p.mean_absolute + 1e-9 {
            any = true;
            let _ = writeln!(
                out,
                "| `{name}` | {:.1} % | {:.1} % | {} of {} | {} of {} |",
                100.0 * e.mean_absolute,
                100.0 * p.mean_absolute,
                e.within,
                e.steps,
                p.within,
                p.steps
            );
        }
    }
    if !any {
        out.push_str("| none | - | - | - | - |\n");
    }
    out.push('\n');
}

fn run_errors(run: &RunCalibration) -> TpotErrors {
    by_extrapolation(std::slice::from_ref(run)).iter().fold(TpotErrors::default(), |acc, (_, e)| {
        let steps = acc.steps + e.steps;
        if steps == 0 {
            return acc;
        }
        let w = |x: f64, n: usize| x * n as f64;
        TpotErrors {
            steps,
            within: acc.within + e.within,
            mean_signed: (w(acc.mean_signed, acc.steps) + w(e.mean_signed, e.steps)) / steps as f64,
            mean_absolute: (w(acc.mean_absolute, acc.steps) + w(e.mean_absolute, e.steps)) / steps as f64,
            ..acc
        }
    })
}
