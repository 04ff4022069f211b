//! Element ids of one instance. Every id the widget writes starts with the instance's prefix
//! (`ss0-`, `ss1-`, ...: [`crate::id_prefix`]), so two instances on one page never share an id
//! and a citation link in one instance never jumps into another. The prerendered page renders
//! with the prefix its mount point will hydrate with, so the ids match.
//!
//! The prefix reaches components through a Yew context ([`use_ids`]); the app provides it.

use yew::prelude::*;

/// The id prefix of one instance, with the ids built from it.
#[derive(Clone, Debug, PartialEq)]
pub struct Ids {
    prefix: AttrValue,
}

impl Default for Ids {
    fn default() -> Self {
        Ids { prefix: AttrValue::Static("ss") }
    }
}

impl Ids {
    pub fn new(prefix: AttrValue) -> Ids {
        Ids { prefix }
    }

    /// The prefix itself (`ss0`, ...).
    pub fn prefix(&self) -> AttrValue {
        self.prefix.clone()
    }

    /// `<prefix>-<local>`: the id of an element of this instance.
    pub fn id(&self, local: &str) -> String {
        [self.prefix.as_str(), "-", local].concat()
    }

    /// `#<prefix>-<local>`: a link to it.
    pub fn href(&self, local: &str) -> String {
        ["#", &self.id(local)].concat()
    }

    /// The id of a run's table (or of an imported run's entry): `<prefix>-run-<run id>`.
    pub fn run(&self, run_id: &str) -> String {
        self.id(&["run-", run_id].concat())
    }

    /// The id of a source's entry in the sources list: `<prefix>-source-<source id>`.
    pub fn source(&self, source_id: &str) -> String {
        self.id(&["source-", source_id].concat())
    }

    /// A link to a source's entry.
    pub fn source_href(&self, source_id: &str) -> String {
        ["#", &self.source(source_id)].concat()
    }

    /// A link to a run's table.
    pub fn run_href(&self, run_id: &str) -> String {
        ["#", &self.run(run_id)].concat()
    }
}

/// The instance's ids (the default prefix `ss` outside an app, e.g. a component rendered alone).
#[hook]
pub fn use_ids() -> Ids {
    use_context::<Ids>().unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_carry_the_instance_prefix() {
        let ids = Ids::new(AttrValue::Static("ss1"));
        assert_eq!(ids.run("lmsys-x"), "ss1-run-lmsys-x");
        assert_eq!(ids.source_href("seed-en"), "#ss1-source-seed-en");
        assert_eq!(ids.href("tables"), "#ss1-tables");
    }
}
