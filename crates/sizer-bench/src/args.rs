//! Command line: `sizer-bench <dist> [--runs N] [--inputs N] [--core-json FILE | --no-core]
//! [--write FILE] [--command TEXT]`.
use std::path::PathBuf;

pub const USAGE: &str = "\
usage: sizer-bench <dist dir> [options]      (build dist/ first: `cargo xtask dist`)

  --runs N          measured page loads, each in a fresh browser context (default 7, at least 1;
                    one warm-up load comes first and is not counted)
  --inputs N        timed input changes per load (default 5; 0 measures loading only, e.g. for a
                    page without its scripts)
  --core-json FILE  the core's figures, as printed by
                    `cargo run --release -p sizer-core --example bench_core -- --json`
                    (default: run that command)
  --no-core         leave the core's micro-benchmarks out
  --write FILE      write the report into FILE (BENCHMARKS.md), between its markers
  --command TEXT    the command to name in the report (default: this command line)";

/// Where the core figures come from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CoreSource {
    Run,
    File(PathBuf),
    Skip,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Args {
    pub dist: PathBuf,
    pub runs: usize,
    pub inputs: usize,
    pub core: CoreSource,
    pub write: Option<PathBuf>,
    pub command: String,
}

const DEFAULT_RUNS: usize = 7;
const DEFAULT_INPUTS: usize = 5;

/// Parses the arguments after the program name.
pub fn parse(args: &[String]) -> Result<Args, String> {
    let mut dist = None;
    let mut parsed = Args {
        dist: PathBuf::new(),
        runs: DEFAULT_RUNS,
        inputs: DEFAULT_INPUTS,
        core: CoreSource::Run,
        write: None,
        command: format!("cargo run -p sizer-bench -- {}", args.join(" ")),
    };
    let mut rest = args.iter();
    while let Some(arg) = rest.next() {
        let mut value = |flag: &str| rest.next().cloned().ok_or_else(|| format!("{flag} needs a value"));
        match arg.as_str() {
            "--runs" => parsed.runs = count_from(1, "--runs", &value("--runs")?)?,
            "--inputs" => parsed.inputs = count_from(0, "--inputs", &value("--inputs")?)?,
            "--core-json" => parsed.core = CoreSource::File(value("--core-json")?.into()),
            "--no-core" => parsed.core = CoreSource::Skip,
            "--write" => parsed.write = Some(value("--write")?.into()),
            "--command" => parsed.command = value("--command")?,
            flag if flag.starts_with("--") => return Err(format!("unknown option {flag}")),
            path if dist.is_none() => dist = Some(PathBuf::from(path)),
            extra => return Err(format!("unexpected argument {extra:?}")),
        }
    }
    parsed.dist = dist.ok_or("the dist directory is missing")?;
    Ok(parsed)
}

fn count_from(min: usize, flag: &str, text: &str) -> Result<usize, String> {
    match text.parse::<usize>() {
        Ok(n) if n >= min => Ok(n),
        _ => Err(format!("{flag} wants a whole number >= {min}, got {text:?}")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn strings(args: &[&str]) -> Vec<String> {
        args.iter().map(|a| a.to_string()).collect()
    }

    #[test]
    fn defaults_and_every_option() {
        let plain = parse(&strings(&["dist"])).unwrap();
        assert_eq!((plain.runs, plain.inputs, &plain.core, &plain.write), (7, 5, &CoreSource::Run, &None));
        assert_eq!(plain.command, "cargo run -p sizer-bench -- dist");
        let full = parse(&strings(&[
            "--runs",
            "9",
            "d",
            "--inputs",
            "3",
            "--core-json",
            "c.jsonl",
            "--write",
            "B.md",
            "--command",
            "cargo xtask bench",
        ]))
        .unwrap();
        assert_eq!(full.dist, PathBuf::from("d"));
        assert_eq!((full.runs, full.inputs), (9, 3));
        assert_eq!(full.core, CoreSource::File("c.jsonl".into()));
        assert_eq!(full.write, Some(PathBuf::from("B.md")));
        assert_eq!(full.command, "cargo xtask bench");
        assert_eq!(parse(&strings(&["d", "--no-core"])).unwrap().core, CoreSource::Skip);
        assert_eq!(parse(&strings(&["d", "--inputs", "0"])).unwrap().inputs, 0);
    }

    #[test]
    fn bad_arguments_say_what_is_wrong() {
        assert_eq!(parse(&strings(&[])).unwrap_err(), "the dist directory is missing");
        assert_eq!(parse(&strings(&["d", "--runs", "0"])).unwrap_err(), "--runs wants a whole number >= 1, got \"0\"");
        assert_eq!(parse(&strings(&["d", "--runs"])).unwrap_err(), "--runs needs a value");
        assert_eq!(parse(&strings(&["d", "--fast"])).unwrap_err(), "unknown option --fast");
        assert_eq!(parse(&strings(&["d", "e"])).unwrap_err(), "unexpected argument \"e\"");
    }
}
