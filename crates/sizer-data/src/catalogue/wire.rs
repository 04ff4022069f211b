//! The model catalogue's binary form (`data/models.json` as `models.bin`): a second document in
//! the dataset's form (`crate::dataset::wire`, whose layout rules apply), embedded beside the
//! dataset. Here rather than in the dataset's codec, so the dataset does not import the
//! catalogue built on it; `build.rs` compiles this file in as well.

use crate::catalogue::model_facts::{
    DtypeBasis, KvDtype, KvFacts, ModelCatalog, ModelFacts, RunCache, Sourced, Weights,
};
use crate::dataset::wire::{Reader, Wire, WireError, wire_enum, wire_struct};

/// Encodes the model catalogue.
pub fn encode_catalog(catalog: &ModelCatalog) -> Vec<u8> {
    let mut out = Vec::new();
    catalog.write(&mut out);
    out
}

/// Decodes a model catalogue; every byte must belong to it.
pub fn decode_catalog(bytes: &[u8]) -> Result<ModelCatalog, WireError> {
    let mut reader = Reader { bytes, at: 0 };
    let catalog = ModelCatalog::read(&mut reader)?;
    match reader.at == bytes.len() {
        true => Ok(catalog),
        false => Err(WireError::TrailingBytes(reader.at)),
    }
}

impl<T: Wire> Wire for Sourced<T> {
    fn write(&self, out: &mut Vec<u8>) {
        let Sourced { v, source, at, unverified, note } = self;
        v.write(out);
        source.write(out);
        at.write(out);
        unverified.write(out);
        note.write(out);
    }

    fn read(reader: &mut Reader<'_>) -> Result<Sourced<T>, WireError> {
        Ok(Sourced {
            v: T::read(reader)?,
            source: Wire::read(reader)?,
            at: Wire::read(reader)?,
            unverified: Wire::read(reader)?,
            note: Wire::read(reader)?,
        })
    }
}

wire_enum! {
    KvDtype { Bf16, Fp16, Fp8 }
    DtypeBasis { Logged, EngineDefault, NotStated }
}

wire_struct! {
    Weights { format, gb }
    KvFacts { full_attention_layers, sliding_window_layers, sliding_window_tokens, kv_heads, head_dim, note }
    ModelFacts { id, name, total_params_b, active_params_b, weights, kv, note }
    RunCache { run, weights, kv_dtype, basis, source, note }
    ModelCatalog { sources, models, runs }
}
