//! Validation after parsing: ids, references, finite positive numbers, dated runs.
//!
//! Serde has already checked field names, types and date strings; this pass checks what the
//! types cannot, and names the path of the first bad entry.

use std::collections::HashSet;

use crate::dataset::error::{DataError, Problem};
use crate::dataset::figure::{Figure, TokenCount};
use crate::dataset::model::{
    Advice, AdviceWhen, Citation, Claim, ClaimQuantity, ClaimStatus, Dataset, Fact, Run, RunOrigin, RunPoint, Source,
    Workload,
};

type Checked = Result<(), DataError>;

/// True for a stable, readable id: lower-case ASCII letters, digits, `-` and `.`, starting and
/// ending with a letter or digit.
pub fn is_valid_id(id: &str) -> bool {
    let allowed = |b: u8| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-' || b == b'.';
    let edge = |b: Option<&u8>| b.is_some_and(|b| b.is_ascii_lowercase() || b.is_ascii_digit());
    edge(id.as_bytes().first()) && edge(id.as_bytes().last()) && id.bytes().all(allowed)
}

fn id(path: &str, value: &str) -> Checked {
    if is_valid_id(value) { Ok(()) } else { Err(DataError::new(path, Problem::BadId(value.to_owned()))) }
}

fn text(path: &str, value: &str) -> Checked {
    if value.trim().is_empty() { Err(DataError::new(path, Problem::BlankText)) } else { Ok(()) }
}

fn optional_text(path: &str, value: Option<&String>) -> Checked {
    value.map_or(Ok(()), |v| text(path, v))
}

fn positive(path: &str, value: f64) -> Checked {
    if !value.is_finite() {
        Err(DataError::new(path, Problem::NotFinite))
    } else if value <= 0.0 {
        Err(DataError::new(path, Problem::NotPositive(value)))
    } else {
        Ok(())
    }
}

fn figure(path: &str, value: Option<&Figure>) -> Checked {
    let Some(figure) = value else { return Ok(()) };
    positive(path, figure.value)?;
    if let Some((low, high)) = figure.range {
        positive(&format!("{path}.range[0]"), low)?;
        positive(&format!("{path}.range[1]"), high)?;
        if !(low <= figure.value && figure.value <= high) {
            return Err(DataError::new(format!("{path}.range"), Problem::BadRange { low, high }));
        }
    }
    // A spread of 0 is printed (`120.00 ± 0.00`: three equal runs); a negative one is not.
    if let Some(spread) = figure.spread.filter(|sd| !(sd.is_finite() && *sd >= 0.0)) {
        return Err(DataError::new(format!("{path}.sd"), Problem::NotPositive(spread)));
    }
    Ok(())
}

fn tokens(path: &str, value: Option<&TokenCount>) -> Checked {
    value.map_or(Ok(()), |count| positive(path, count.value()))
}

fn unique<'a>(path: &str, ids: impl Iterator<Item = &'a str>) -> Checked {
    let mut seen = HashSet::new();
    for (index, value) in ids.enumerate() {
        if !seen.insert(value) {
            return Err(DataError::new(format!("{path}[{index}].id"), Problem::DuplicateId(value.to_owned())));
        }
    }
    Ok(())
}

fn resolve(path: &str, target: &'static str, known: &HashSet<&str>, value: &str) -> Checked {
    if known.contains(value) {
        Ok(())
    } else {
        Err(DataError::new(path, Problem::DanglingReference { target, id: value.to_owned() }))
    }
}

fn citations(path: &str, list: &[Citation], sources: &HashSet<&str>) -> Checked {
    for (index, citation) in list.iter().enumerate() {
        resolve(&format!("{path}[{index}].source"), "source", sources, &citation.source)?;
        text(&format!("{path}[{index}].location"), &citation.location)?;
    }
    Ok(())
}

/// Checks one run on its own (ids, figures, ordering); `path` prefixes every error.
/// Does not resolve its source: see [`validate_dataset`].
pub fn validate_run(path: &str, run: &Run) -> Checked {
    id(&format!("{path}.id"), &run.id)?;
    text(&format!("{path}.label"), &run.label)?;
    text(&format!("{path}.model"), &run.model)?;
    id(&format!("{path}.model_id"), &run.model_id)?;
    optional_text(&format!("{path}.format"), run.format.as_ref())?;
    optional_text(&format!("{path}.engine"), run.engine.as_ref())?;
    optional_text(&format!("{path}.engine_version"), run.engine_version.as_ref())?;
    optional_text(&format!("{path}.hardware"), run.hardware.as_ref())?;
    positive(&format!("{path}.nodes"), f64::from(run.nodes))?;
    validate_workload(&format!("{path}.workload"), &run.workload)?;
    text(&format!("{path}.source"), &run.source)?;
    if let Some(setup) = &run.setup {
        optional_text(&format!("{path}.setup.hardware"), setup.hardware.as_ref())?;
        let counts = [("systems", setup.systems.map(f64::from)), ("gpus", setup.gpus.map(f64::from))];
        let limits = [
            ("kv_pool_tokens", setup.kv_pool_tokens),
            ("prefill_tok_s", setup.prefill_tok_s),
            ("max_context_tokens", setup.max_context_tokens),
        ];
        for (name, value) in counts.into_iter().chain(limits) {
            if let Some(value) = value {
                positive(&format!("{path}.setup.{name}"), value)?;
            }
        }
    }
    validate_points(&format!("{path}.points"), &run.points)?;
    for (index, further) in run.further_workloads.iter().enumerate() {
        let at = format!("{path}.further_workloads[{index}]");
        validate_workload(&format!("{at}.workload"), &further.workload)?;
        validate_points(&format!("{at}.points"), &further.points)?;
    }
    if let Some(server) = &run.server {
        optional_text(&format!("{path}.server.kv_cache_dtype"), server.kv_cache_dtype.as_ref())?;
        optional_text(&format!("{path}.server.flags"), server.flags.as_ref())?;
        if let Some(share) = server.gpu_memory_utilization {
            positive(&format!("{path}.server.gpu_memory_utilization"), share)?;
        }
        if let Some(length) = server.max_model_len {
            positive(&format!("{path}.server.max_model_len"), length)?;
        }
    }
    for (index, caveat) in run.caveats.iter().enumerate() {
        text(&format!("{path}.caveats[{index}].en"), &caveat.en)?;
        text(&format!("{path}.caveats[{index}].de"), &caveat.de)?;
    }
    Ok(())
}

/// A workload's lengths: positive where stated (a context depth may be stated as 0 only by
/// leaving it out).
fn validate_workload(path: &str, workload: &Workload) -> Checked {
    tokens(&format!("{path}.prompt_tokens"), workload.prompt_tokens.as_ref())?;
    tokens(&format!("{path}.output_tokens"), workload.output_tokens.as_ref())?;
    tokens(&format!("{path}.context_tokens"), workload.context_tokens.as_ref())?;
    optional_text(&format!("{path}.note"), workload.note.as_ref())
}

/// One curve's points: at least one, concurrency increasing, figures finite and positive.
fn validate_points(path: &str, points: &[RunPoint]) -> Checked {
    if points.is_empty() {
        return Err(DataError::new(path, Problem::Empty));
    }
    let mut previous: Option<u32> = None;
    for (index, point) in points.iter().enumerate() {
        let at = format!("{path}[{index}]");
        positive(&format!("{at}.concurrency"), f64::from(point.concurrency))?;
        if let Some(previous) = previous.filter(|p| *p >= point.concurrency) {
            return Err(DataError::new(
                format!("{at}.concurrency"),
                Problem::NotIncreasing { concurrency: point.concurrency, previous },
            ));
        }
        previous = Some(point.concurrency);
        let figures = [
            ("per_request_tok_s", &point.per_request_tok_s),
            ("aggregate_tok_s", &point.aggregate_tok_s),
            ("total_tok_s", &point.total_tok_s),
            ("prefill_tok_s", &point.prefill_tok_s),
            ("median_tpot_ms", &point.median_tpot_ms),
            ("mean_tpot_ms", &point.mean_tpot_ms),
            ("median_ttft_ms", &point.median_ttft_ms),
            ("mean_ttft_ms", &point.mean_ttft_ms),
            ("p99_ttft_ms", &point.p99_ttft_ms),
            ("duration_s", &point.duration_s),
        ];
        for (name, value) in figures {
            figure(&format!("{at}.{name}"), value.as_ref())?;
        }
        if let Some(workload) = &point.workload {
            validate_workload(&format!("{at}.workload"), workload)?;
        }
        optional_text(&format!("{at}.source"), point.source.as_ref())?;
        optional_text(&format!("{at}.unverified"), point.unverified.as_ref())?;
    }
    Ok(())
}

fn validate_source(path: &str, source: &Source, sources: &HashSet<&str>) -> Checked {
    id(&format!("{path}.id"), &source.id)?;
    text(&format!("{path}.title"), &source.title)?;
    text(&format!("{path}.publisher"), &source.publisher)?;
    optional_text(&format!("{path}.url"), source.url.as_ref())?;
    optional_text(&format!("{path}.date_from"), source.date_from.as_ref())?;
    optional_text(&format!("{path}.licence"), source.licence.as_ref())?;
    optional_text(&format!("{path}.note"), source.note.as_ref())?;
    optional_text(&format!("{path}.unverified"), source.unverified.as_ref())?;
    citations(&format!("{path}.cited_in"), &source.cited_in, sources)
}

fn validate_fact(path: &str, fact: &Fact, sources: &HashSet<&str>, runs: &HashSet<&str>) -> Checked {
    id(&format!("{path}.id"), &fact.id)?;
    text(&format!("{path}.subject"), &fact.subject)?;
    figure(&format!("{path}.value"), fact.value.as_ref())?;
    if let Some(tokens) = fact.prompt_tokens {
        positive(&format!("{path}.prompt_tokens"), tokens)?;
    }
    if let Some(tokens) = fact.context_depth_tokens {
        positive(&format!("{path}.context_depth_tokens"), tokens)?;
    }
    for (index, run) in fact.runs.iter().enumerate() {
        resolve(&format!("{path}.runs[{index}]"), "run", runs, run)?;
    }
    resolve(&format!("{path}.source"), "source", sources, &fact.source)?;
    text(&format!("{path}.location"), &fact.location)?;
    text(&format!("{path}.wording"), &fact.wording)
}

fn quantity_inputs(quantity: &ClaimQuantity) -> Vec<(&'static str, f64)> {
    match quantity {
        ClaimQuantity::StreamsAtFloor { floor_tok_s } | ClaimQuantity::UsersAtFloor { floor_tok_s } => {
            vec![("floor_tok_s", *floor_tok_s)]
        }
        ClaimQuantity::PerRequestTokS { concurrency } => vec![("concurrency", f64::from(*concurrency))],
        ClaimQuantity::BusySeconds { answer_tokens, speed_tok_s, ttft_s } => {
            vec![("answer_tokens", *answer_tokens), ("speed_tok_s", *speed_tok_s), ("ttft_s", *ttft_s)]
        }
        ClaimQuantity::DutyCycle { interval_s } => vec![("interval_s", *interval_s)],
        ClaimQuantity::MaxAverageLoad { streams, z } => vec![("streams", *streams), ("z", *z)],
        ClaimQuantity::KvSessions { context_tokens } => vec![("context_tokens", *context_tokens)],
        ClaimQuantity::PrefillDemandTokS { agents, prompt_tokens, interval_s } => {
            vec![("agents", *agents), ("prompt_tokens", *prompt_tokens), ("interval_s", *interval_s)]
        }
        ClaimQuantity::PrefillQueueSeconds { requests, prompt_tokens } => {
            vec![("requests", f64::from(*requests)), ("prompt_tokens", *prompt_tokens)]
        }
        ClaimQuantity::AggregateGain | ClaimQuantity::Other { .. } => Vec::new(),
    }
}

fn validate_claim(path: &str, claim: &Claim, known: &Known<'_>) -> Checked {
    id(&format!("{path}.id"), &claim.id)?;
    resolve(&format!("{path}.source"), "source", &known.sources, &claim.source)?;
    if let Some(run) = &claim.run {
        resolve(&format!("{path}.run"), "run", &known.runs, run)?;
    }
    for (index, run) in claim.runs.iter().enumerate() {
        resolve(&format!("{path}.runs[{index}]"), "run", &known.runs, run)?;
    }
    for (index, fact) in claim.facts.iter().enumerate() {
        resolve(&format!("{path}.facts[{index}]"), "fact", &known.facts, fact)?;
    }
    if let Some(ours) = claim.ours.filter(|v| !v.is_finite()) {
        return Err(DataError::new(format!("{path}.ours"), Problem::NotPositive(ours)));
    }
    optional_text(&format!("{path}.note"), claim.note.as_ref())?;
    if claim.status != ClaimStatus::Reproduced && claim.note.is_none() {
        return Err(DataError::new(format!("{path}.note"), Problem::MissingReason));
    }
    optional_text(&format!("{path}.note_de"), claim.note_de.as_ref())?;
    match (&claim.note, &claim.note_de) {
        (Some(_), None) => return Err(DataError::new(format!("{path}.note_de"), Problem::NoteWithoutGerman)),
        (None, Some(_)) => return Err(DataError::new(format!("{path}.note"), Problem::GermanWithoutNote)),
        _ => {}
    }
    for (name, value) in quantity_inputs(&claim.quantity) {
        positive(&format!("{path}.quantity.{name}"), value)?;
    }
    if let ClaimQuantity::Other { what } = &claim.quantity {
        text(&format!("{path}.quantity.what"), what)?;
    }
    // A claim may be zero ("Llama 3.3 70B never reaches either floor": 0 streams).
    if !claim.value.is_finite() {
        return Err(DataError::new(format!("{path}.value"), Problem::NotFinite));
    }
    if claim.value < 0.0 {
        return Err(DataError::new(format!("{path}.value"), Problem::NotPositive(claim.value)));
    }
    text(&format!("{path}.location"), &claim.location)?;
    text(&format!("{path}.wording"), &claim.wording)
}

fn validate_advice(path: &str, advice: &Advice, sources: &HashSet<&str>) -> Checked {
    id(&format!("{path}.id"), &advice.id)?;
    if advice.when.is_empty() {
        return Err(DataError::new(format!("{path}.when"), Problem::Empty));
    }
    for (index, when) in advice.when.iter().enumerate() {
        let threshold = match when {
            AdviceWhen::StreamsAbove(value) | AdviceWhen::DenseModelAtLeastB(value) => Some(*value),
            AdviceWhen::Always | AdviceWhen::Binding(_) | AdviceWhen::Warning(_) => None,
        };
        if let Some(value) = threshold {
            positive(&format!("{path}.when[{index}]"), value)?;
        }
    }
    text(&format!("{path}.text.en"), &advice.text.en)?;
    text(&format!("{path}.text.de"), &advice.text.de)?;
    resolve(&format!("{path}.source"), "source", sources, &advice.source)?;
    text(&format!("{path}.location.en"), &advice.location.en)?;
    text(&format!("{path}.location.de"), &advice.location.de)?;
    text(&format!("{path}.wording"), &advice.wording)
}

struct Known<'a> {
    sources: HashSet<&'a str>,
    runs: HashSet<&'a str>,
    facts: HashSet<&'a str>,
}

/// Checks the whole dataset: every entry, unique ids per list, resolved references (a point's
/// own source too), a date for every sourced run (its own, or its source's run or publication
/// date), and a reason on every claim that is not reproduced.
pub fn validate_dataset(dataset: &Dataset) -> Checked {
    unique("sources", dataset.sources.iter().map(|s| s.id.as_str()))?;
    unique("runs", dataset.runs.iter().map(|r| r.id.as_str()))?;
    unique("facts", dataset.facts.iter().map(|f| f.id.as_str()))?;
    unique("claims", dataset.claims.iter().map(|c| c.id.as_str()))?;
    unique("advice", dataset.advice.iter().map(|a| a.id.as_str()))?;
    let known = Known {
        sources: dataset.sources.iter().map(|s| s.id.as_str()).collect(),
        runs: dataset.runs.iter().map(|r| r.id.as_str()).collect(),
        facts: dataset.facts.iter().map(|f| f.id.as_str()).collect(),
    };
    for (index, source) in dataset.sources.iter().enumerate() {
        validate_source(&format!("sources[{index}]"), source, &known.sources)?;
    }
    for (index, run) in dataset.runs.iter().enumerate() {
        let path = format!("runs[{index}]");
        validate_run(&path, run)?;
        if run.origin == RunOrigin::Sourced {
            resolve(&format!("{path}.source"), "source", &known.sources, &run.source)?;
            if dataset.run_date(run).is_none() {
                return Err(DataError::new(format!("{path}.date"), Problem::Undated));
            }
            for (at, point) in run.points.iter().enumerate() {
                if let Some(source) = &point.source {
                    resolve(&format!("{path}.points[{at}].source"), "source", &known.sources, source)?;
                }
            }
        }
        citations(&format!("{path}.cited_in"), &run.cited_in, &known.sources)?;
    }
    for (index, fact) in dataset.facts.iter().enumerate() {
        validate_fact(&format!("facts[{index}]"), fact, &known.sources, &known.runs)?;
    }
    for (index, claim) in dataset.claims.iter().enumerate() {
        validate_claim(&format!("claims[{index}]"), claim, &known)?;
    }
    for (index, advice) in dataset.advice.iter().enumerate() {
        validate_advice(&format!("advice[{index}]"), advice, &known.sources)?;
    }
    Ok(())
}
