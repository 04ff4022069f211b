//! An arena run's architecture read from the repository's copies of the configurations
//! (`sizer_data::architecture::arena` says which file or short form each run has); the caller
//! reads the files, so this stays free of the filesystem.

use super::{ArchitectureInput, ConfigInput, parse_config_text, read_architecture};
use sizer_data::architecture::ReadArchitecture;
use sizer_data::architecture::arena::{ArenaArchitecture, arena_architecture};
use sizer_data::suite::SuiteSetup;

/// The architecture of the arena run in `folder` on its `setup`, and a line saying where it
/// came from; `load` gives a file of `tests/fixtures/model-configs/` by name.
pub fn read_arena_architecture(
    folder: &str,
    setup: Option<&SuiteSetup>,
    load: impl Fn(&str) -> Result<String, String>,
) -> (Result<ReadArchitecture, String>, String) {
    let value = |file: &str| load(file).and_then(|text| parse_config_text(&text, file).map(|(v, _)| v));
    match arena_architecture(folder) {
        ArenaArchitecture::Config { file, quant_file, drop_quantisation, relation } => {
            let read = (|| {
                let mut config = value(file)?;
                if drop_quantisation && let Some(map) = config.as_object_mut() {
                    map.remove("quantization_config");
                }
                let quant = quant_file.map(value).transpose()?.map(ConfigInput::Object);
                let input = ArchitectureInput::Config { config: ConfigInput::Object(config), quant_config: quant };
                read_architecture(&input, setup)
            })();
            (read, format!("`{file}`: {relation}"))
        }
        ArenaArchitecture::Size { total_params_b, active_params_b, relation } => {
            let input = ArchitectureInput::Size { total_params_b, active_params_b, format: None };
            let source = format!("short form {total_params_b}B / {active_params_b}B active: {relation}");
            (read_architecture(&input, setup), source)
        }
        ArenaArchitecture::Unknown { why } => (Err(format!("no architecture: {why}")), "unknown".to_owned()),
    }
}
