//! The binary dataset the browser loads (`EMBEDDED_BINARY`, written by `sizer-data`'s build
//! script) is exactly the dataset the JSON gives natively; every variant of every type survives
//! the round trip; and damaged bytes are an error, never a panic.

use sizer_data::{
    ARENA_BINARY, AdviceWhen, Binding, ClaimQuantity, ClaimStatus, Counter, DataError, Dataset, EMBEDDED_BINARY,
    FactKind, Figure, FigureOrigin, PartialDate, Problem, Qualifier, RunOrigin, SizingWarning, SourceKind, TokenCount,
    Topology, Unit, WireError, dataset,
};

fn round_trip(data: &Dataset) -> Dataset {
    Dataset::from_binary(&data.to_binary()).unwrap_or_else(|e| panic!("round trip failed: {e}"))
}

fn binary_problem(bytes: &[u8]) -> Option<WireError> {
    match Dataset::from_binary(bytes) {
        Err(DataError { problem: Problem::Binary(error), .. }) => Some(error),
        _ => None,
    }
}

#[test]
fn embedded_binary_is_the_json_dataset() {
    let mut from_binary = Dataset::from_binary(EMBEDDED_BINARY).unwrap_or_else(|e| panic!("binary dataset: {e}"));
    // The arena's runs are a binary of their own (the split wasm's second module appends them).
    let arena = Dataset::from_binary(ARENA_BINARY).unwrap_or_else(|e| panic!("binary arena: {e}"));
    assert_eq!((arena.runs.len(), arena.sources.len()), (19, 19));
    assert_eq!(from_binary.to_binary(), EMBEDDED_BINARY, "encoding is deterministic");
    assert_eq!(arena.to_binary(), ARENA_BINARY, "encoding is deterministic");
    from_binary.append(arena);
    assert_eq!(&from_binary, dataset());
    assert!(dataset().runs.len() > 20, "the native dataset is the real one, not the empty fallback");
}

#[test]
fn binary_is_smaller_than_the_json() {
    let json_bytes = dataset().to_json().map(|json| json.len()).unwrap_or(0);
    assert!(json_bytes > 0);
    // Pretty JSON carries every key and indent; the binary form carries neither.
    assert!(EMBEDDED_BINARY.len() * 3 < json_bytes * 2, "{} B binary vs {json_bytes} B JSON", EMBEDDED_BINARY.len());
}

#[test]
fn every_enum_variant_round_trips() {
    let mut data = dataset().clone();
    let quantities = [
        ClaimQuantity::StreamsAtFloor { floor_tok_s: 10.0 },
        ClaimQuantity::UsersAtFloor { floor_tok_s: 12.5 },
        ClaimQuantity::PerRequestTokS { concurrency: 300 },
        ClaimQuantity::BusySeconds { answer_tokens: 400.0, speed_tok_s: 20.0, ttft_s: 0.75 },
        ClaimQuantity::DutyCycle { interval_s: 90.0 },
        ClaimQuantity::MaxAverageLoad { streams: 15.0, z: 2.33 },
        ClaimQuantity::KvSessions { context_tokens: 32_768.0 },
        ClaimQuantity::PrefillDemandTokS { agents: 4.0, prompt_tokens: 8_000.0, interval_s: 30.0 },
        ClaimQuantity::PrefillQueueSeconds { requests: 8, prompt_tokens: 2_000.0 },
        ClaimQuantity::Other { what: "héllo, wörld: multi-byte text".to_owned() },
        ClaimQuantity::AggregateGain,
    ];
    let units = [
        Unit::TokS,
        Unit::Tokens,
        Unit::Gb,
        Unit::GbS,
        Unit::BillionParams,
        Unit::Requests,
        Unit::Users,
        Unit::Sessions,
        Unit::Fraction,
        Unit::Percent,
        Unit::Seconds,
        Unit::Times,
    ];
    let qualifiers = [Qualifier::Exact, Qualifier::About, Qualifier::AtLeast];
    let statuses = [ClaimStatus::Reproduced, ClaimStatus::NotReproducible, ClaimStatus::NotCheckable];
    assert!(data.claims.len() >= quantities.len());
    for (index, claim) in data.claims.iter_mut().take(quantities.len()).enumerate() {
        claim.quantity = quantities[index].clone();
        claim.unit = units[index % units.len()];
        claim.qualifier = qualifiers[index % qualifiers.len()];
        claim.status = statuses[index % statuses.len()];
        claim.ours = [None, Some(-0.0), Some(1.0e300)][index % 3];
    }
    let conditions = [
        AdviceWhen::Always,
        AdviceWhen::Binding(Binding::Speed),
        AdviceWhen::Binding(Binding::KvCache),
        AdviceWhen::Binding(Binding::Prefill),
        AdviceWhen::Warning(SizingWarning::P99TtftHigh),
        AdviceWhen::Warning(SizingWarning::NoStreamAtFloor),
        AdviceWhen::StreamsAbove(49.5),
        AdviceWhen::DenseModelAtLeastB(27.0),
    ];
    assert!(!data.advice.is_empty());
    data.advice[0].when = conditions.to_vec();
    let kinds = [
        FactKind::PrefillRate,
        FactKind::KvPoolTokens,
        FactKind::TotalParams,
        FactKind::ActiveParams,
        FactKind::WeightsGb,
        FactKind::MemoryGb,
        FactKind::BandwidthGbS,
        FactKind::WorkingBudgetGb,
        FactKind::EngineDefault,
        FactKind::EngineAdvice,
        FactKind::ChatFloor,
        FactKind::VendorStatement,
        FactKind::Observation,
    ];
    assert!(data.facts.len() >= kinds.len());
    for (index, fact) in data.facts.iter_mut().take(kinds.len()).enumerate() {
        fact.kind = kinds[index];
        fact.unit = units.get(index).copied();
    }
    let source_kinds = [
        SourceKind::MeasuredByAuthor,
        SourceKind::ReportedByThirdParty,
        SourceKind::AuthorCalculation,
        SourceKind::VendorStatement,
    ];
    for (index, source) in data.sources.iter_mut().take(source_kinds.len()).enumerate() {
        source.kind = source_kinds[index];
    }
    data.sources[0].published = Some(PartialDate::parse("2024-02-29").unwrap_or_else(|e| panic!("{e}")));
    data.sources[0].read_on = Some(PartialDate::parse("2199-12").unwrap_or_else(|e| panic!("{e}")));
    data.sources[0].run_date = Some(PartialDate::parse("1900-01-31").unwrap_or_else(|e| panic!("{e}")));
    data.sources[0].date_from = Some("https://example.org/copy".to_owned());
    data.sources[0].title_is_description = !data.sources[0].title_is_description;
    data.sources[0].unverified = Some("ünverified".to_owned());
    let topologies =
        [Topology::Single, Topology::TensorParallel, Topology::PipelineParallel, Topology::ReplicasBehindProxy];
    let counters = [
        Counter::Generated,
        Counter::PromptPlusGenerated,
        Counter::DecodeOnly,
        Counter::AggregateDecode,
        Counter::Decode,
        Counter::NotStated,
    ];
    let tokens = [TokenCount::Exact(512.0), TokenCount::About { about: 1_500.0 }, TokenCount::UpTo { up_to: 400.0 }];
    let figures = [
        Figure::published(33.6),
        Figure::derived_by_article(35.2),
        Figure::derived_by_us(8.19),
        Figure {
            value: 4.85,
            origin: FigureOrigin::Published,
            approximate: true,
            range: Some((4.8, 5.0)),
            spread: None,
        },
        Figure::with_spread(15.29, 0.18),
    ];
    let other_source = data.sources[1].id.clone();
    for (index, run) in data.runs.iter_mut().take(counters.len()).enumerate() {
        run.topology = topologies[index % topologies.len()];
        run.counter = counters[index];
        run.origin = [RunOrigin::Sourced, RunOrigin::Yours][index % 2];
        run.workload.prompt_tokens = Some(tokens[index % tokens.len()]);
        run.workload.output_tokens = Some(tokens[(index + 1) % tokens.len()]);
        run.points[0].per_request_tok_s = Some(figures[index % figures.len()]);
        run.points[0].concurrency = u32::MAX - 1;
        run.points[0].workload = Some(run.workload.clone());
        run.points[0].source = Some(other_source.clone());
        run.points[0].unverified = Some("not checked".to_owned());
        run.points.truncate(1);
    }
    assert_eq!(round_trip(&data), data);
}

#[test]
fn an_empty_dataset_is_five_empty_lists() {
    let empty = Dataset::default();
    assert_eq!(empty.to_binary(), vec![0, 0, 0, 0, 0], "five empty lists");
}

#[test]
fn truncated_bytes_are_errors() {
    assert_eq!(binary_problem(&[]), Some(WireError::Truncated));
    let cut_points = (0..EMBEDDED_BINARY.len()).step_by(97).chain([1, 2, EMBEDDED_BINARY.len() - 1]);
    for length in cut_points {
        assert_eq!(binary_problem(&EMBEDDED_BINARY[..length]), Some(WireError::Truncated), "cut at {length}");
    }
}

#[test]
fn extra_bytes_are_an_error() {
    let mut bytes = EMBEDDED_BINARY.to_vec();
    bytes.push(0);
    assert_eq!(binary_problem(&bytes), Some(WireError::TrailingBytes(EMBEDDED_BINARY.len())));
}

#[test]
fn bad_tags_and_lengths_are_errors_not_panics() {
    // An enum byte past the last variant: the first source's `kind` (after id, title, publisher).
    let data = dataset();
    let first = &data.sources[0];
    let kind_at = 1 + [&first.id, &first.title, &first.publisher]
        .iter()
        .map(|text| varint_len(text.len()) + text.len())
        .sum::<usize>();
    let mut bytes = EMBEDDED_BINARY.to_vec();
    bytes[kind_at] = 4;
    assert_eq!(binary_problem(&bytes), Some(WireError::BadTag(kind_at)));
    // A huge list length must fail cleanly, not try to allocate it.
    assert_eq!(binary_problem(&[0xff, 0xff, 0xff, 0xff, 0x0f]), Some(WireError::Truncated));
    // A varint longer than 64 bits.
    assert_eq!(binary_problem(&[0xff; 11]), Some(WireError::BadNumber(0)));
    // Every byte overwritten in turn: an error or some dataset, never a panic.
    for at in (0..EMBEDDED_BINARY.len()).step_by(61) {
        for value in [0x00, 0x7f, 0xff] {
            let mut bytes = EMBEDDED_BINARY.to_vec();
            bytes[at] = value;
            let _ = Dataset::from_binary(&bytes);
        }
    }
}

/// Bytes LEB128 takes for `value`.
fn varint_len(value: usize) -> usize {
    let bits = usize::BITS - value.leading_zeros();
    bits.div_ceil(7).max(1) as usize
}
