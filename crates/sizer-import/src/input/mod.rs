//! What every importer reads with: the text as it arrives (decoded, normalised and refused when
//! too large, empty, binary or HTML), its lines, JSON values and tables located by line, the
//! limits on what an import may hold, and the errors, warnings and run labels it reports in.
//! Nothing here knows a benchmark tool: the formats build on it, never the other way round.

pub mod error;
pub mod guard;
pub mod json_util;
pub mod label;
pub mod limits;
pub mod table;
pub mod text;
pub mod unnamed;
pub mod warning;
