//! The dataset's compact binary form, which the browser decodes instead of parsing JSON.
//!
//! Parsing the embedded JSON in the wasm took the JSON text plus serde's derived visitors for
//! every dataset type (about 170 KB raw, BENCHMARKS.md); this form is written from the parsed
//! JSON by `build.rs` at compile time, so it can never go stale, and is read by a few small
//! functions. Native builds and tests keep the JSON path with its error paths; a test proves
//! both paths give the same [`Dataset`].
//!
//! Layout, in field declaration order, nothing self-describing:
//! - unsigned integers and lengths: LEB128 (7 bits a byte, low bits first);
//! - `f64`: a printed decimal `n / 10^k` (k up to 6) as the unsigned `n << 3 | k`, when that
//!   gives back exactly its bits; else `7` and its 8 IEEE bytes, little-endian (exact either way);
//! - `bool`, `Option` tag and enum variant: one byte (`0`/`1`, variant index);
//! - `String`: length, then UTF-8; `Vec<T>`: length, then each `T`.
//!
//! The struct and enum lists below destructure and rebuild every type in full, so a field or
//! variant added to the model without a line here does not compile.

use core::fmt;

use crate::dataset::date::PartialDate;
use crate::dataset::figure::{Figure, FigureOrigin, TokenCount};
use crate::dataset::model::{
    Advice, AdviceWhen, Binding, Citation, Claim, ClaimQuantity, ClaimStatus, Counter, Dataset, EnginePoint, Fact,
    FactKind, GermanNames, Localized, Qualifier, Run, RunOrigin, RunPoint, RunWorkload, ServerSettings, SizingWarning,
    Source, SourceKind, Topology, Unit, Workload, WorkloadKind,
};
use crate::dataset::setup::{SetupField, YourSetup};

/// Why bytes are not a dataset in this form.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WireError {
    /// The bytes end inside a value.
    Truncated,
    /// A tag or variant byte out of range, at this offset.
    BadTag(usize),
    /// A number that does not fit its field, or a date that is not one, at this offset.
    BadNumber(usize),
    /// Text that is not UTF-8, at this offset.
    BadText(usize),
    /// Bytes left after the dataset.
    TrailingBytes(usize),
}

impl fmt::Display for WireError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WireError::Truncated => f.write_str("binary dataset: truncated"),
            WireError::BadTag(at) => write!(f, "binary dataset: bad tag at byte {at}"),
            WireError::BadNumber(at) => write!(f, "binary dataset: bad number at byte {at}"),
            WireError::BadText(at) => write!(f, "binary dataset: text is not UTF-8 at byte {at}"),
            WireError::TrailingBytes(at) => write!(f, "binary dataset: unexpected bytes from byte {at}"),
        }
    }
}

impl std::error::Error for WireError {}

/// Encodes a whole dataset.
pub fn encode(dataset: &Dataset) -> Vec<u8> {
    let mut out = Vec::new();
    dataset.write(&mut out);
    out
}

/// Decodes a whole dataset; every byte must belong to it.
pub fn decode(bytes: &[u8]) -> Result<Dataset, WireError> {
    let mut reader = Reader { bytes, at: 0 };
    let dataset = Dataset::read(&mut reader)?;
    match reader.at == bytes.len() {
        true => Ok(dataset),
        false => Err(WireError::TrailingBytes(reader.at)),
    }
}

/// The bytes still to read.
pub(crate) struct Reader<'a> {
    pub(crate) bytes: &'a [u8],
    pub(crate) at: usize,
}

impl<'a> Reader<'a> {
    fn take(&mut self, count: usize) -> Result<&'a [u8], WireError> {
        let end = self.at.checked_add(count).ok_or(WireError::Truncated)?;
        let taken = self.bytes.get(self.at..end).ok_or(WireError::Truncated)?;
        self.at = end;
        Ok(taken)
    }

    pub(crate) fn byte(&mut self) -> Result<u8, WireError> {
        let at = self.at;
        let byte = *self.bytes.get(at).ok_or(WireError::Truncated)?;
        self.at = at + 1;
        Ok(byte)
    }

    /// A LEB128 unsigned integer of at most 64 bits.
    fn unsigned(&mut self) -> Result<u64, WireError> {
        let start = self.at;
        let mut value = 0u64;
        for shift in (0..64).step_by(7) {
            let byte = self.byte()?;
            value |= u64::from(byte & 0x7f) << shift;
            if byte & 0x80 == 0 {
                return Ok(value);
            }
        }
        Err(WireError::BadNumber(start))
    }

    /// An unsigned integer that must fit `T`.
    fn fitting<T: TryFrom<u64>>(&mut self) -> Result<T, WireError> {
        let start = self.at;
        T::try_from(self.unsigned()?).map_err(|_| WireError::BadNumber(start))
    }

    /// A tag byte below `count`.
    fn tag(&mut self, count: u8) -> Result<u8, WireError> {
        let start = self.at;
        let tag = self.byte()?;
        match tag < count {
            true => Ok(tag),
            false => Err(WireError::BadTag(start)),
        }
    }
}

fn write_unsigned(out: &mut Vec<u8>, mut value: u64) {
    while value >= 0x80 {
        out.push((value & 0x7f) as u8 | 0x80);
        value >>= 7;
    }
    out.push(value as u8);
}

/// A value with a binary form (the catalogue's types have theirs in `catalogue/wire.rs`).
pub(crate) trait Wire: Sized {
    fn write(&self, out: &mut Vec<u8>);
    fn read(reader: &mut Reader<'_>) -> Result<Self, WireError>;
}

/// Powers of ten a decimal `f64` is written with (exact in `f64`).
const DECIMAL_SCALES: [f64; 7] = [1.0, 10.0, 100.0, 1e3, 1e4, 1e5, 1e6];
/// The low three bits of a written `f64` that mark its 8 IEEE bytes following.
const RAW_F64: u64 = 7;
/// Integers below this are exact in `f64`.
const EXACT_INTEGERS: f64 = 9_007_199_254_740_992.0;

impl Wire for f64 {
    /// Most figures are printed decimals (`15.29`): written as `n << 3 | k` for `n / 10^k`
    /// (two or three bytes instead of eight, which also compress better) when that division
    /// gives back exactly these bits; anything else as `7` and its 8 IEEE bytes.
    fn write(&self, out: &mut Vec<u8>) {
        let decimal = DECIMAL_SCALES.iter().enumerate().find_map(|(k, scale)| {
            let scaled = (self * scale).round();
            let exact = (0.0..EXACT_INTEGERS).contains(&scaled) && (scaled / scale).to_bits() == self.to_bits();
            // Whole and below 2^53 (checked), so the conversion is exact.
            exact.then_some(((scaled as u64) << 3) | k as u64)
        });
        match decimal {
            Some(code) => write_unsigned(out, code),
            None => {
                write_unsigned(out, RAW_F64);
                out.extend_from_slice(&self.to_le_bytes());
            }
        }
    }

    fn read(reader: &mut Reader<'_>) -> Result<f64, WireError> {
        let code = reader.unsigned()?;
        let Some(scale) = DECIMAL_SCALES.get((code & 7) as usize) else {
            let bytes = reader.take(8)?;
            let array: [u8; 8] = bytes.try_into().map_err(|_| WireError::Truncated)?;
            return Ok(f64::from_le_bytes(array));
        };
        // Below 2^56 after the shift; the writer only writes integers below 2^53.
        Ok((code >> 3) as f64 / scale)
    }
}

impl Wire for u32 {
    fn write(&self, out: &mut Vec<u8>) {
        write_unsigned(out, u64::from(*self));
    }

    fn read(reader: &mut Reader<'_>) -> Result<u32, WireError> {
        reader.fitting()
    }
}

impl Wire for bool {
    fn write(&self, out: &mut Vec<u8>) {
        out.push(u8::from(*self));
    }

    fn read(reader: &mut Reader<'_>) -> Result<bool, WireError> {
        Ok(reader.tag(2)? == 1)
    }
}

impl Wire for String {
    fn write(&self, out: &mut Vec<u8>) {
        write_unsigned(out, self.len() as u64);
        out.extend_from_slice(self.as_bytes());
    }

    fn read(reader: &mut Reader<'_>) -> Result<String, WireError> {
        let length = reader.fitting()?;
        let start = reader.at;
        let bytes = reader.take(length)?;
        core::str::from_utf8(bytes).map(str::to_owned).map_err(|_| WireError::BadText(start))
    }
}

impl<T: Wire> Wire for Option<T> {
    fn write(&self, out: &mut Vec<u8>) {
        match self {
            None => out.push(0),
            Some(value) => {
                out.push(1);
                value.write(out);
            }
        }
    }

    fn read(reader: &mut Reader<'_>) -> Result<Option<T>, WireError> {
        match reader.tag(2)? {
            0 => Ok(None),
            _ => T::read(reader).map(Some),
        }
    }
}

impl<T: Wire> Wire for Vec<T> {
    fn write(&self, out: &mut Vec<u8>) {
        write_unsigned(out, self.len() as u64);
        for item in self {
            item.write(out);
        }
    }

    fn read(reader: &mut Reader<'_>) -> Result<Vec<T>, WireError> {
        let length: usize = reader.fitting()?;
        // Every item takes at least one byte: a corrupt length cannot reserve more than the input.
        let remaining = reader.bytes.len().saturating_sub(reader.at);
        let mut items = Vec::with_capacity(length.min(remaining));
        for _ in 0..length {
            items.push(T::read(reader)?);
        }
        Ok(items)
    }
}

impl Wire for (f64, f64) {
    fn write(&self, out: &mut Vec<u8>) {
        self.0.write(out);
        self.1.write(out);
    }

    fn read(reader: &mut Reader<'_>) -> Result<(f64, f64), WireError> {
        Ok((f64::read(reader)?, f64::read(reader)?))
    }
}

impl Wire for PartialDate {
    fn write(&self, out: &mut Vec<u8>) {
        write_unsigned(out, u64::from(self.year));
        write_unsigned(out, u64::from(self.month));
        write_unsigned(out, u64::from(self.day.unwrap_or(0)));
    }

    fn read(reader: &mut Reader<'_>) -> Result<PartialDate, WireError> {
        let start = reader.at;
        let (year, month, day): (u16, u8, u8) = (reader.fitting()?, reader.fitting()?, reader.fitting()?);
        let day = (day != 0).then_some(day);
        PartialDate::new(year, month, day).ok_or(WireError::BadNumber(start))
    }
}

/// Field-less enums as their variant index, listed in full (the `match` fails to compile when a
/// variant is missing).
macro_rules! wire_enum {
    ($($name:ident { $($variant:ident),+ $(,)? })+) => {$(
        impl Wire for $name {
            fn write(&self, out: &mut Vec<u8>) {
                match self {
                    $($name::$variant)|+ => {}
                }
                const VARIANTS: &[$name] = &[$($name::$variant),+];
                let index = VARIANTS.iter().position(|variant| variant == self).unwrap_or(0);
                out.push(index as u8);
            }

            fn read(reader: &mut Reader<'_>) -> Result<$name, WireError> {
                const VARIANTS: &[$name] = &[$($name::$variant),+];
                let start = reader.at;
                VARIANTS.get(usize::from(reader.byte()?)).copied().ok_or(WireError::BadTag(start))
            }
        }
    )+};
}
pub(crate) use wire_enum;

/// Structs as their fields in order, rebuilt in full (the compiler checks in `read` that no
/// field is missing); fields after `; default` are not in the binary and read as their default.
macro_rules! wire_struct {
    ($($name:ident { $($field:ident),+ $(,)? $(; default $($absent:ident),+)? })+) => {$(
        impl Wire for $name {
            fn write(&self, out: &mut Vec<u8>) {
                let $name { $($field),+ , .. } = self;
                $($field.write(out);)+
            }

            fn read(reader: &mut Reader<'_>) -> Result<$name, WireError> {
                Ok($name { $($field: Wire::read(reader)?,)+ $($($absent: Default::default(),)+)? })
            }
        }
    )+};
}
pub(crate) use wire_struct;

wire_enum! {
    FigureOrigin { Published, DerivedByArticle, DerivedByUs }
    SourceKind { MeasuredByAuthor, ReportedByThirdParty, AuthorCalculation, VendorStatement }
    RunOrigin { Sourced, Yours }
    Topology { Single, TensorParallel, PipelineParallel, ReplicasBehindProxy }
    Counter { Generated, PromptPlusGenerated, DecodeOnly, AggregateDecode, Decode, NotStated }
    FactKind {
        PrefillRate, KvPoolTokens, TotalParams, ActiveParams, WeightsGb, MemoryGb, BandwidthGbS,
        WorkingBudgetGb, EngineDefault, EngineAdvice, ChatFloor, VendorStatement, Observation,
    }
    Unit { TokS, Tokens, Gb, GbS, BillionParams, Requests, Users, Sessions, Fraction, Percent, Seconds, Times }
    Qualifier { Exact, About, AtLeast }
    ClaimStatus { Reproduced, NotReproducible, NotCheckable }
    Binding { Speed, KvCache, Prefill }
    SizingWarning { P99TtftHigh, NoStreamAtFloor }
    WorkloadKind { Chat, Rag, LongOutput, MultiTurn, BigContext, ConcurrencyStress, Other }
    SetupField { Hardware, Systems, Gpus, KvPoolTokens, PrefillTokS, MaxContextTokens }
}

wire_struct! {
    Figure { value, origin, approximate, range, spread }
    Citation { source, location }
    Source {
        id, title, publisher, kind, published, read_on, url, cited_in, note, title_is_description, run_date, date_from,
        licence, unverified,
    }
    Workload { prompt_tokens, output_tokens, context_tokens, kind, note }
    RunWorkload { workload, counter, points, engine_points }
    EnginePoint { concurrency, per_request_tok_s }
    ServerSettings { kv_cache_dtype, gpu_memory_utilization, max_model_len, prefix_caching, flags }
    RunPoint {
        concurrency, per_request_tok_s, aggregate_tok_s, total_tok_s, prefill_tok_s, median_tpot_ms,
        mean_tpot_ms, median_ttft_ms, mean_ttft_ms, p99_ttft_ms, duration_s, note, workload, source, unverified,
    }
    Run {
        id, label, origin, model, model_id, format, engine, engine_version, hardware, nodes, topology,
        workload, counter, source, date, cited_in, points, note, setup, further_workloads, engine_points, server,
        caveats, names_de;
        // Only a person's imported run has an import source, and those are never built in.
        default imported_from
    }
    GermanNames { label, model, engine, engine_version, format }
    YourSetup { hardware, systems, gpus, kv_pool_tokens, prefill_tok_s, max_context_tokens, from_file }
    Fact {
        id, kind, subject, value, unit, engine, prompt_tokens, context_depth_tokens, conditions, runs,
        source, location, wording, note,
    }
    Claim { id, source, run, runs, facts, quantity, value, unit, qualifier, location, wording, status, ours, note, note_de }
    Localized { en, de }
    Advice { id, when, text, source, location, wording }
    Dataset { sources, runs, facts, claims, advice }
}

impl Wire for TokenCount {
    fn write(&self, out: &mut Vec<u8>) {
        let (tag, value) = match *self {
            TokenCount::Exact(value) => (0, value),
            TokenCount::About { about } => (1, about),
            TokenCount::UpTo { up_to } => (2, up_to),
        };
        out.push(tag);
        value.write(out);
    }

    fn read(reader: &mut Reader<'_>) -> Result<TokenCount, WireError> {
        let tag = reader.tag(3)?;
        let value = f64::read(reader)?;
        Ok(match tag {
            0 => TokenCount::Exact(value),
            1 => TokenCount::About { about: value },
            _ => TokenCount::UpTo { up_to: value },
        })
    }
}

impl Wire for ClaimQuantity {
    fn write(&self, out: &mut Vec<u8>) {
        match self {
            ClaimQuantity::StreamsAtFloor { floor_tok_s } => {
                out.push(0);
                floor_tok_s.write(out);
            }
            ClaimQuantity::UsersAtFloor { floor_tok_s } => {
                out.push(1);
                floor_tok_s.write(out);
            }
            ClaimQuantity::PerRequestTokS { concurrency } => {
                out.push(2);
                concurrency.write(out);
            }
            ClaimQuantity::BusySeconds { answer_tokens, speed_tok_s, ttft_s } => {
                out.push(3);
                answer_tokens.write(out);
                speed_tok_s.write(out);
                ttft_s.write(out);
            }
            ClaimQuantity::DutyCycle { interval_s } => {
                out.push(4);
                interval_s.write(out);
            }
            ClaimQuantity::MaxAverageLoad { streams, z } => {
                out.push(5);
                streams.write(out);
                z.write(out);
            }
            ClaimQuantity::KvSessions { context_tokens } => {
                out.push(6);
                context_tokens.write(out);
            }
            ClaimQuantity::PrefillDemandTokS { agents, prompt_tokens, interval_s } => {
                out.push(7);
                agents.write(out);
                prompt_tokens.write(out);
                interval_s.write(out);
            }
            ClaimQuantity::PrefillQueueSeconds { requests, prompt_tokens } => {
                out.push(8);
                requests.write(out);
                prompt_tokens.write(out);
            }
            ClaimQuantity::Other { what } => {
                out.push(9);
                what.write(out);
            }
            ClaimQuantity::AggregateGain => out.push(10),
        }
    }

    fn read(reader: &mut Reader<'_>) -> Result<ClaimQuantity, WireError> {
        Ok(match reader.tag(11)? {
            0 => ClaimQuantity::StreamsAtFloor { floor_tok_s: f64::read(reader)? },
            1 => ClaimQuantity::UsersAtFloor { floor_tok_s: f64::read(reader)? },
            2 => ClaimQuantity::PerRequestTokS { concurrency: u32::read(reader)? },
            3 => ClaimQuantity::BusySeconds {
                answer_tokens: f64::read(reader)?,
                speed_tok_s: f64::read(reader)?,
                ttft_s: f64::read(reader)?,
            },
            4 => ClaimQuantity::DutyCycle { interval_s: f64::read(reader)? },
            5 => ClaimQuantity::MaxAverageLoad { streams: f64::read(reader)?, z: f64::read(reader)? },
            6 => ClaimQuantity::KvSessions { context_tokens: f64::read(reader)? },
            7 => ClaimQuantity::PrefillDemandTokS {
                agents: f64::read(reader)?,
                prompt_tokens: f64::read(reader)?,
                interval_s: f64::read(reader)?,
            },
            8 => ClaimQuantity::PrefillQueueSeconds { requests: u32::read(reader)?, prompt_tokens: f64::read(reader)? },
            9 => ClaimQuantity::Other { what: String::read(reader)? },
            _ => ClaimQuantity::AggregateGain,
        })
    }
}

impl Wire for AdviceWhen {
    fn write(&self, out: &mut Vec<u8>) {
        match self {
            AdviceWhen::Always => out.push(0),
            AdviceWhen::Binding(binding) => {
                out.push(1);
                binding.write(out);
            }
            AdviceWhen::Warning(warning) => {
                out.push(2);
                warning.write(out);
            }
            AdviceWhen::StreamsAbove(streams) => {
                out.push(3);
                streams.write(out);
            }
            AdviceWhen::DenseModelAtLeastB(params) => {
                out.push(4);
                params.write(out);
            }
        }
    }

    fn read(reader: &mut Reader<'_>) -> Result<AdviceWhen, WireError> {
        Ok(match reader.tag(5)? {
            0 => AdviceWhen::Always,
            1 => AdviceWhen::Binding(Binding::read(reader)?),
            2 => AdviceWhen::Warning(SizingWarning::read(reader)?),
            3 => AdviceWhen::StreamsAbove(f64::read(reader)?),
            _ => AdviceWhen::DenseModelAtLeastB(f64::read(reader)?),
        })
    }
}

// The measured loads (`data/arena_loads.json`): a third document in the same form (`loads.bin`),
// decoded only where the widget's second module shows them.

use crate::dataset::measured_load::{LoadRow, MeasuredLoadTable, ReportedCapacity, RunMeasuredLoad};

/// Encodes the measured loads.
pub fn encode_loads(table: &MeasuredLoadTable) -> Vec<u8> {
    let mut out = Vec::new();
    table.write(&mut out);
    out
}

/// Decodes the measured loads; every byte must belong to them.
pub fn decode_loads(bytes: &[u8]) -> Result<MeasuredLoadTable, WireError> {
    let mut reader = Reader { bytes, at: 0 };
    let table = MeasuredLoadTable::read(&mut reader)?;
    match reader.at == bytes.len() {
        true => Ok(table),
        false => Err(WireError::TrailingBytes(reader.at)),
    }
}

wire_struct! {
    ReportedCapacity { limit_ms, rps }
    LoadRow {
        file, rate_per_s, burstiness, max_concurrency, dataset, configured_input_tokens, configured_output_tokens,
        range_ratio, sent, completed, failed, total_input_tokens, total_output_tokens, duration_s, achieved_rps,
        ttft_p50_ms, ttft_p95_ms, ttft_p99_ms, median_tpot_ms, p99_tpot_ms, output_tok_s, peak_in_flight,
    }
    RunMeasuredLoad { run, tests, sweep, summary_file, reported, queue_knee_rps, aborted_at_rps }
    MeasuredLoadTable { loads }
}
