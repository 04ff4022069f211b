//! What an input says about the setup it was measured on, read where the tools write it: SGLang's
//! `server_info` (`tp_size` x `pp_size` GPUs, `nnodes` systems, `max_total_num_tokens` KV pool,
//! `context_length`), llama.cpp's `n_kv_max` (its KV cache in tokens) and `Device N: <name>` lines,
//! a report's `Hardware:` line, and a vLLM command line (`--tensor-parallel-size`,
//! `--pipeline-parallel-size`, `--max-model-len`). The panel shows these prefilled and the person
//! corrects or completes them; nothing here is guessed. Each stated field is named in
//! [`YourSetup::from_file`].

use sizer_data::{SetupField, YourSetup};

use crate::input::text::clean_label;

/// The largest count of systems or GPUs taken from a file (a typo beyond it is not a setup).
const MAX_COUNT: u32 = 100_000;

/// The setup `text` states (empty when it states nothing).
pub fn read(text: &str) -> YourSetup {
    let mut setup = YourSetup::default();
    // SGLang's server_info (JSON keys).
    let tp = json_count(text, "tp_size");
    let pp = json_count(text, "pp_size");
    if let Some(tp) = tp {
        set_gpus(&mut setup, tp.saturating_mul(pp.unwrap_or(1)));
    }
    if let Some(nodes) = json_count(text, "nnodes") {
        set_systems(&mut setup, nodes);
    }
    if let Some(pool) = json_number(text, "max_total_num_tokens") {
        set(&mut setup, SetupField::KvPoolTokens, |s| s.kv_pool_tokens = Some(pool));
    }
    if let Some(context) = json_number(text, "context_length") {
        set(&mut setup, SetupField::MaxContextTokens, |s| s.max_context_tokens = Some(context));
    }
    // llama.cpp: `n_kv_max = 270336` (its JSON lines: `"n_kv_max": 270336`) is the KV cache's
    // size in tokens (cells).
    if let Some(pool) = assigned_number(text, "n_kv_max").or_else(|| json_number(text, "n_kv_max")) {
        set(&mut setup, SetupField::KvPoolTokens, |s| s.kv_pool_tokens = Some(pool));
    }
    // vLLM (or SGLang) command lines.
    let tp_flag = flag_count(text, &["--tensor-parallel-size", "--tp-size", "--tp", "-tp"]);
    let pp_flag = flag_count(text, &["--pipeline-parallel-size", "--pp-size", "-pp"]);
    if setup.gpus.is_none()
        && let Some(tp) = tp_flag
    {
        set_gpus(&mut setup, tp.saturating_mul(pp_flag.unwrap_or(1)));
    }
    if setup.max_context_tokens.is_none()
        && let Some(context) = flag_count(text, &["--max-model-len", "--context-length"])
    {
        set(&mut setup, SetupField::MaxContextTokens, |s| s.max_context_tokens = Some(f64::from(context)));
    }
    // Hardware names: a report's `Hardware:` line, else llama.cpp's `Device 0: NVIDIA GB10, ...`.
    let devices = device_names(text);
    if let Some(name) = hardware_line(text).or_else(|| devices.first().cloned()) {
        set(&mut setup, SetupField::Hardware, |s| s.hardware = Some(name));
    }
    if setup.gpus.is_none() && !devices.is_empty() {
        set_gpus(&mut setup, u32::try_from(devices.len()).unwrap_or(MAX_COUNT));
    }
    setup
}

/// `into` with the fields `from` states that `into` does not (several files of one import).
pub fn merge(into: &mut YourSetup, from: YourSetup) {
    let fields: [(SetupField, bool); 6] = [
        (SetupField::Hardware, into.hardware.is_none() && from.hardware.is_some()),
        (SetupField::Systems, into.systems.is_none() && from.systems.is_some()),
        (SetupField::Gpus, into.gpus.is_none() && from.gpus.is_some()),
        (SetupField::KvPoolTokens, into.kv_pool_tokens.is_none() && from.kv_pool_tokens.is_some()),
        (SetupField::PrefillTokS, into.prefill_tok_s.is_none() && from.prefill_tok_s.is_some()),
        (SetupField::MaxContextTokens, into.max_context_tokens.is_none() && from.max_context_tokens.is_some()),
    ];
    for (field, take) in fields {
        if take {
            into.mark_from_file(field);
        }
    }
    into.hardware = into.hardware.take().or(from.hardware);
    into.systems = into.systems.or(from.systems);
    into.gpus = into.gpus.or(from.gpus);
    into.kv_pool_tokens = into.kv_pool_tokens.or(from.kv_pool_tokens);
    into.prefill_tok_s = into.prefill_tok_s.or(from.prefill_tok_s);
    into.max_context_tokens = into.max_context_tokens.or(from.max_context_tokens);
}

fn set(setup: &mut YourSetup, field: SetupField, apply: impl FnOnce(&mut YourSetup)) {
    apply(setup);
    setup.mark_from_file(field);
}

fn set_gpus(setup: &mut YourSetup, gpus: u32) {
    if (1..=MAX_COUNT).contains(&gpus) {
        set(setup, SetupField::Gpus, |s| s.gpus = Some(gpus));
    }
}

fn set_systems(setup: &mut YourSetup, systems: u32) {
    if (1..=MAX_COUNT).contains(&systems) {
        set(setup, SetupField::Systems, |s| s.systems = Some(systems));
    }
}

/// The first `"key": <number>` in `text` (a positive finite number; `null` and others: none).
fn json_number(text: &str, key: &str) -> Option<f64> {
    let quoted = ["\"", key, "\""].concat();
    let at = text.find(&quoted)?;
    let rest = text.get(at + quoted.len()..)?.trim_start().strip_prefix(':')?.trim_start();
    leading_number(rest)
}

fn json_count(text: &str, key: &str) -> Option<u32> {
    json_number(text, key).and_then(whole)
}

/// `name = <number>` (llama.cpp's header line).
fn assigned_number(text: &str, name: &str) -> Option<f64> {
    let mut from = 0;
    while let Some(found) = text.get(from..)?.find(name) {
        let start = from + found;
        from = start + name.len();
        let before_ok = text[..start].chars().next_back().is_none_or(|c| !c.is_ascii_alphanumeric() && c != '_');
        let rest = text.get(from..)?.trim_start();
        if before_ok && let Some(value) = rest.strip_prefix('=').map(str::trim_start).and_then(leading_number) {
            return Some(value);
        }
    }
    None
}

/// The whole number after the first of `flags` on a command line (`--tp 2`, `--tp=2`).
fn flag_count(text: &str, flags: &[&str]) -> Option<u32> {
    for word in text.split_whitespace().collect::<Vec<_>>().windows(2) {
        for flag in flags {
            if word[0] == *flag {
                return leading_number(word[1]).and_then(whole);
            }
            if let Some(value) = word[0].strip_prefix(flag).and_then(|rest| rest.strip_prefix('=')) {
                return leading_number(value).and_then(whole);
            }
        }
    }
    None
}

fn leading_number(text: &str) -> Option<f64> {
    let end = text.find(|c: char| !(c.is_ascii_digit() || c == '.')).unwrap_or(text.len());
    text.get(..end)?.parse::<f64>().ok().filter(|v| v.is_finite() && *v > 0.0)
}

fn whole(value: f64) -> Option<u32> {
    (value.fract() == 0.0 && value <= f64::from(MAX_COUNT)).then_some(value as u32)
}

/// A report's `Hardware: <name>` line (Markdown emphasis and list marks stripped).
fn hardware_line(text: &str) -> Option<String> {
    text.lines().take(200).find_map(|line| {
        let line = line.trim().trim_start_matches(['#', '-', '*', '>', ' ']);
        let rest = line.strip_prefix("Hardware:").or_else(|| line.strip_prefix("Hardware**:"))?;
        let name = rest.trim().trim_start_matches('*').trim();
        clean(name)
    })
}

/// The names of llama.cpp's `Device N: <name>, compute capability ...` lines, one per device.
fn device_names(text: &str) -> Vec<String> {
    text.lines()
        .take(400)
        .filter_map(|line| {
            let rest = line.trim().strip_prefix("Device ")?;
            let (index, rest) = rest.split_once(':')?;
            if index.is_empty() || !index.bytes().all(|b| b.is_ascii_digit()) {
                return None;
            }
            clean(rest.split(',').next()?.trim())
        })
        .collect()
}

fn clean(name: &str) -> Option<String> {
    let (label, _) = clean_label(name);
    (!label.is_empty()).then_some(label)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_command_line_and_a_report_line_are_read() {
        let text = "**Hardware:** 2x Jetson Thor\nvllm serve m --tensor-parallel-size 4 --pipeline-parallel-size=2 \
                    --max-model-len 32768\n";
        let setup = read(text);
        assert_eq!(setup.hardware.as_deref(), Some("2x Jetson Thor"));
        assert_eq!((setup.gpus, setup.max_context_tokens), (Some(8), Some(32_768.0)));
        assert_eq!(setup.systems, None);
    }

    #[test]
    fn llama_cpp_devices_and_pool_are_read() {
        let text = "ggml_cuda_init: found 2 CUDA devices:\n  Device 0: NVIDIA Thor, compute capability 11.0\n  \
                    Device 1: NVIDIA Thor, compute capability 11.0\nmain: n_kv_max = 65536, n_batch = 2048\n";
        let setup = read(text);
        assert_eq!((setup.hardware.as_deref(), setup.gpus), (Some("NVIDIA Thor"), Some(2)));
        assert_eq!(setup.kv_pool_tokens, Some(65_536.0));
        assert_eq!(setup.from_file, [SetupField::KvPoolTokens, SetupField::Hardware, SetupField::Gpus]);
        let jsonl = "{\"n_kv_max\": 270336, \"n_batch\": 2048, \"pl\": 1, \"speed_tg\": 81.11}";
        assert_eq!(read(jsonl).kv_pool_tokens, Some(270_336.0));
    }

    #[test]
    fn nothing_stated_is_nothing_read() {
        assert_eq!(read("concurrency,tok/s\n1,50\n8,20\n"), YourSetup::default());
        assert_eq!(read("\"tp_size\": 0, \"nnodes\": null"), YourSetup::default());
    }
}
