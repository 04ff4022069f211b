//! The one place parsed runs become the dataset's `Run` (origin `Yours`), so imported curves go
//! through the same `Run::curve` as sourced ones. Published figures stay published; the
//! importer's own arithmetic (llama-batched-bench `S_TG / B`) is marked derived by us.

use crate::formats::parsed::{ParsedPoint, ParsedRun};
use crate::formats::{Engine, Format};
use crate::input::error::ImportError;
use crate::input::label::short_model;
use crate::input::text::short_number;
use crate::outcome::Import;
use sizer_data::CurveBasis;
use sizer_data::{Counter, Figure, PartialDate, Run, RunOrigin, RunPoint, TokenCount, Topology, Workload};

impl Import {
    /// Every run as a dataset [`Run`] with `origin = Yours`. Fails while a point still lacks its
    /// concurrency ([`crate::Outcome::NeedsConcurrency`]). Ids are `yours-<label slug>`, unique
    /// within this import.
    pub fn to_runs(&self) -> Result<Vec<Run>, ImportError> {
        let mut ids: Vec<String> = Vec::with_capacity(self.runs.len());
        let mut out = Vec::with_capacity(self.runs.len());
        for parsed in &self.runs {
            let mut run = parsed.to_run()?.with_setup(self.setup.clone());
            let base = run.id.clone();
            let mut n = 2;
            while ids.contains(&run.id) {
                run.id = format!("{base}-{n}");
                n += 1;
            }
            ids.push(run.id.clone());
            out.push(run);
        }
        Ok(out)
    }
}

impl ParsedRun {
    /// This run as a dataset [`Run`] with `origin = Yours` and id `yours-<label slug>`.
    pub fn to_run(&self) -> Result<Run, ImportError> {
        let mut points = Vec::with_capacity(self.points.len());
        for point in &self.points {
            points.push(self.to_point(point)?);
        }
        let model = self.model.as_deref().map(short_model).unwrap_or_else(|| self.label.clone());
        let last_segment = model.rsplit('/').next().unwrap_or(&model).to_owned();
        Ok(Run {
            id: format!("yours-{}", slug(&self.label)),
            label: self.label.clone(),
            origin: RunOrigin::Yours,
            model,
            model_id: slug(&last_segment),
            format: None,
            // A tool that does not name the server leaves the placeholder; the page names the
            // tool beside it from `imported_from`, in the reader's language.
            engine: self.engine.stated_name().map(str::to_owned),
            engine_version: None,
            hardware: None,
            nodes: 1,
            topology: Topology::Single,
            workload: self.to_workload(),
            counter: counter(self.engine),
            source: "yours".to_owned(),
            date: self.date.as_deref().and_then(partial_date),
            cited_in: Vec::new(),
            points,
            note: Some(self.note()),
            setup: None,
            further_workloads: Vec::new(),
            engine_points: Vec::new(),
            server: None,
            caveats: Vec::new(),
            names_de: sizer_data::GermanNames::default(),
            imported_from: Some(sizer_data::ImportSource {
                format: self.format.key().to_owned(),
                basis: self.basis.key().to_owned(),
                alternative: self.alternative.map(|basis| basis.key().to_owned()),
            }),
        })
    }

    fn to_point(&self, point: &ParsedPoint) -> Result<RunPoint, ImportError> {
        let concurrency =
            point.concurrency.ok_or_else(|| ImportError::ConcurrencyUnknown { run: self.label.clone() })?;
        // Whole and within MAX_IMPORT_CONCURRENCY (checked on import), so the conversion is exact.
        let whole = concurrency as u32;
        let figures = &point.figures;
        let published = |value: Option<f64>| value.map(Figure::published);
        let per_request = match (figures.per_request_tok_s, self.format) {
            (Some(value), _) => Some(Figure::published(value)),
            (None, Format::BatchedBenchMarkdown | Format::BatchedBenchJsonl) => {
                figures.generated_total_tok_s.map(|total| Figure::derived_by_us(total / concurrency))
            }
            // GuideLLM's and old SGLang files' curve: 1000 / inter-token latency, our arithmetic.
            (None, _) if self.basis == CurveBasis::InterTokenLatency => {
                point.speed(CurveBasis::InterTokenLatency).map(Figure::derived_by_us)
            }
            (None, _) => None,
        };
        // AIPerf's inter-token latency is a per-request mean of the TPOT kind (first token excluded).
        let mean_tpot = match self.format {
            Format::AiperfJson | Format::AiperfCsv => published(figures.inter_token_latency_ms),
            _ => None,
        };
        let mut notes = Vec::new();
        if point.repeats > 1 {
            notes.push(format!("mean of {} repeated runs", point.repeats));
        }
        if point.concurrency_from_user {
            notes.push("concurrency entered by you".to_owned());
        }
        if let (Some(ms), None) = (figures.ttft_mean_ms, figures.ttft_median_ms) {
            let name =
                if self.engine == Engine::LlamaBenchy { "time to first response" } else { "time to first token" };
            notes.push(format!("mean {name} {} ms", short_number((ms * 100.0).round() / 100.0)));
        }
        Ok(RunPoint {
            concurrency: whole,
            per_request_tok_s: per_request,
            aggregate_tok_s: published(figures.generated_total_tok_s),
            total_tok_s: published(figures.prompt_and_generated_tok_s),
            prefill_tok_s: published(figures.prefill_tok_s),
            median_tpot_ms: published(figures.median_tpot_ms),
            mean_tpot_ms: mean_tpot,
            median_ttft_ms: published(figures.ttft_median_ms),
            // Kept in the note as before: an imported run's mean time to first token is said in words.
            mean_ttft_ms: None,
            p99_ttft_ms: published(figures.ttft_p99_ms),
            duration_s: None,
            note: (!notes.is_empty()).then(|| notes.join("; ")),
            workload: None,
            source: None,
            unverified: None,
        })
    }

    fn to_workload(&self) -> Workload {
        // vLLM gives totals, so its per-request lengths are means: exact only when whole.
        let count = |value: Option<f64>| {
            value.map(|v| if v.fract() == 0.0 { TokenCount::Exact(v) } else { TokenCount::About { about: v } })
        };
        let mut note = vec![self.format.name().to_owned()];
        if let Some(depth) = self.workload.context_depth.filter(|d| *d > 0.0) {
            note.push(format!("context depth {}", short_number(depth)));
        }
        if self.workload.context_prefill_phase {
            note.push("context prefill phase".to_owned());
        }
        if let Some(rate) = self.workload.request_rate {
            note.push(format!("request rate {} req/s", short_number(rate)));
        }
        Workload {
            prompt_tokens: count(self.workload.prompt_tokens),
            output_tokens: count(self.workload.output_tokens),
            // The depth stays in the note (an import sizes on its one curve).
            context_tokens: None,
            kind: None,
            note: Some(note.join(", ")),
        }
    }

    fn note(&self) -> String {
        let mut note =
            format!("Imported from {}; the curve uses {}", self.format.name(), crate::formula(self.basis, self.format));
        if let Some(alternative) = self.alternative {
            note.push_str(&format!("; also available: {}", crate::formula(alternative, self.format)));
        }
        note.push('.');
        note
    }
}

/// What the aggregate figures count: vLLM output throughput and llama.cpp S_TG are generated
/// tokens; llama-benchy's tg throughput is decode only; a paste does not say.
fn counter(engine: Engine) -> Counter {
    match engine {
        Engine::Vllm | Engine::LlamaCpp | Engine::GuideLlm | Engine::Sglang | Engine::Aiperf => Counter::Generated,
        Engine::LlamaBenchy => Counter::DecodeOnly,
        Engine::Unknown => Counter::NotStated,
    }
}

/// A dataset id fragment: lower-case ASCII letters and digits, other runs of characters as one
/// `-`, at most 60 characters; `run` when nothing is left.
pub fn slug(text: &str) -> String {
    let mut out = String::new();
    for ch in text.chars() {
        if ch.is_ascii_alphanumeric() {
            out.push(ch.to_ascii_lowercase());
        } else if ch == '.' && out.ends_with(|c: char| c.is_ascii_alphanumeric()) {
            out.push('.');
        } else if !out.is_empty() && !out.ends_with('-') {
            out.push('-');
        }
        if out.len() >= 60 {
            break;
        }
    }
    let trimmed = out.trim_end_matches(['-', '.']).to_owned();
    if trimmed.is_empty() { "run".to_owned() } else { trimmed }
}

/// The day of a tool's date: vLLM `20260722-041843`, llama-benchy `2026-02-07 19:09:00Z`.
fn partial_date(text: &str) -> Option<PartialDate> {
    let compact = text.get(..8).filter(|d| d.bytes().all(|b| b.is_ascii_digit()));
    if let Some(d) = compact {
        let iso = format!("{}-{}-{}", d.get(..4)?, d.get(4..6)?, d.get(6..8)?);
        return PartialDate::parse(&iso).ok();
    }
    PartialDate::parse(text.get(..10)?).ok()
}
