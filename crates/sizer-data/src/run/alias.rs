//! Run ids that changed between releases, so a link saved before the change still finds its
//! run, and says so when it now shows something else than it did (run ids are stable; when one
//! must change it goes here, never silently).
//!
//! The table is checked by the tests below: every old id is gone from the dataset, every new id
//! is in it, and no alias points to another alias.

use crate::{Dataset, Run};

/// How an old run id relates to the run that stands for it now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AliasKind {
    /// The same measurements under a new id.
    Renamed,
    /// The old run's points are now part of the new run (its curve is no longer sized alone).
    MergedInto,
}

/// One retired run id and the run that stands for it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RunAlias {
    /// The id links may still carry.
    pub old: &'static str,
    /// The dataset's id for it now.
    pub new: &'static str,
    pub kind: AliasKind,
}

/// Every retired run id (from `git log -p -- crates/sizer-data/data/runs.json`).
pub const RUN_ALIASES: &[RunAlias] = &[
    // 2026-11-29: GPUwerk's one-request runs (128 in / 512 out) became the first point of the
    // model's sweep, which the worked sizing starts from.
    RunAlias {
        old: "gpuwerk-qwen3-coder-30b-a3b-awq-vllm-0.27.1-single-128-512",
        new: "gpuwerk-qwen3-coder-30b-a3b-awq-vllm-0.27.1",
        kind: AliasKind::MergedInto,
    },
    RunAlias {
        old: "gpuwerk-llama-3.3-70b-awq-vllm-0.27.1-single-128-512",
        new: "gpuwerk-llama-3.3-70b-awq-vllm-0.27.1",
        kind: AliasKind::MergedInto,
    },
    // 2026-12-02: djangodevreng's gpt-oss-20b chat curve (its 01-chat.log) became the first
    // workload of the same server's full arena run (01-chat.md prints the same rows).
    RunAlias {
        old: "djangodevreng-gpt-oss-20b-mxfp4-vllm-0.26.0-llama-benchy-pp1024-tg1024",
        new: "djangodevreng-arena-gpt-oss-20b-mxfp4",
        kind: AliasKind::MergedInto,
    },
];

/// What a run id (from a link or an attribute) names.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum RunLookup<'a> {
    /// A run of the dataset under this id.
    Found(&'a Run),
    /// A retired id: the run that stands for it, and how.
    Alias { alias: &'static RunAlias, run: &'a Run },
    /// Neither a run nor a retired id.
    Unknown,
}

impl Dataset {
    /// Resolves a run id through [`RUN_ALIASES`]: the run itself, the run a retired id now
    /// stands for, or unknown.
    pub fn resolve_run(&self, id: &str) -> RunLookup<'_> {
        if let Some(run) = self.run(id) {
            return RunLookup::Found(run);
        }
        RUN_ALIASES
            .iter()
            .find(|alias| alias.old == id)
            .and_then(|alias| Some(RunLookup::Alias { alias, run: self.run(alias.new)? }))
            .unwrap_or(RunLookup::Unknown)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_alias_leads_from_a_retired_id_to_a_current_run() {
        let data = crate::dataset();
        for alias in RUN_ALIASES {
            assert!(data.run(alias.old).is_none(), "{} is still a run", alias.old);
            assert!(data.run(alias.new).is_some(), "{} is not a run", alias.new);
            assert!(RUN_ALIASES.iter().all(|other| other.old != alias.new), "{} is itself retired", alias.new);
            assert_eq!(RUN_ALIASES.iter().filter(|other| other.old == alias.old).count(), 1, "{}", alias.old);
        }
    }

    #[test]
    fn lookups_name_what_they_found() {
        let data = crate::dataset();
        let sweep = "gpuwerk-qwen3-coder-30b-a3b-awq-vllm-0.27.1";
        assert!(matches!(data.resolve_run(sweep), RunLookup::Found(run) if run.id == sweep));
        match data.resolve_run("gpuwerk-qwen3-coder-30b-a3b-awq-vllm-0.27.1-single-128-512") {
            RunLookup::Alias { alias, run } => {
                assert_eq!((run.id.as_str(), alias.kind), (sweep, AliasKind::MergedInto));
            }
            other => panic!("{other:?}"),
        }
        assert_eq!(data.resolve_run("does-not-exist"), RunLookup::Unknown);
        assert_eq!(data.resolve_run(""), RunLookup::Unknown);
    }
}
