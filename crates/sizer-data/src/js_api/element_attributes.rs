//! The one table of the widget's element attributes: a mount point's `data-*` names and a
//! `<spark-sizer>` element's own names (the same without the prefix).
//!
//! Everything that names an attribute reads it from [`ELEMENT_ATTRIBUTES`]: the widget's
//! configuration and its mount points, the prerenderer, the custom element's
//! `observedAttributes` and `cargo xtask embed`'s options. Adding an attribute is a row here and
//! its handler in the widget's `shell/config.rs`. It lives beside the JS API's key tables
//! (`api_keys.rs`): both are the widget's interface to a host page.

/// An attribute the widget reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ElementAttribute {
    /// The run to show (a dataset id; a retired one opens the run that stands for it).
    Run,
    /// The per-request speed floor in tok/s.
    Floor,
    /// The usage code (`chat`, `agent`, ...).
    Usage,
    /// The language code (`en`, `de`).
    Lang,
    /// Copies of the run's hardware.
    Replicas,
    /// The context tokens a request holds.
    Context,
    /// Head count of the team with the form's usage.
    Team,
    /// People of the team running coding agents.
    TeamAgents,
    /// The team's p99 TTFT ceiling in seconds.
    TtftCeiling,
    /// The team's uncertainty in percent.
    Uncertainty,
    /// Read and write the URL fragment (present or absent; only the standalone page sets it).
    SyncUrl,
}

/// What an attribute carries.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AttributeValue {
    /// A value the widget parses; a change of it is applied to a mounted element.
    Text,
    /// Only its presence counts; it is read once, when the instance mounts.
    Presence,
}

/// One row of the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AttributeSpec {
    pub attribute: ElementAttribute,
    /// The `<spark-sizer>` name; a mount point's is `data-` and this.
    pub name: &'static str,
    pub value: AttributeValue,
}

/// The prefix of a mount point's attributes.
pub const DATA_PREFIX: &str = "data-";

/// Every attribute the widget reads, in the order its configuration checks them.
pub const ELEMENT_ATTRIBUTES: [AttributeSpec; 11] = [
    row(ElementAttribute::Run, "run", AttributeValue::Text),
    row(ElementAttribute::Floor, "floor", AttributeValue::Text),
    row(ElementAttribute::Usage, "usage", AttributeValue::Text),
    row(ElementAttribute::Lang, "lang", AttributeValue::Text),
    row(ElementAttribute::Replicas, "replicas", AttributeValue::Text),
    row(ElementAttribute::Context, "context", AttributeValue::Text),
    row(ElementAttribute::Team, "team", AttributeValue::Text),
    row(ElementAttribute::TeamAgents, "team-agents", AttributeValue::Text),
    row(ElementAttribute::TtftCeiling, "ttft-ceiling", AttributeValue::Text),
    row(ElementAttribute::Uncertainty, "uncertainty", AttributeValue::Text),
    row(ElementAttribute::SyncUrl, "sync-url", AttributeValue::Presence),
];

const fn row(attribute: ElementAttribute, name: &'static str, value: AttributeValue) -> AttributeSpec {
    AttributeSpec { attribute, name, value }
}

impl ElementAttribute {
    /// This attribute's row.
    pub fn spec(self) -> &'static AttributeSpec {
        // Every variant has a row: the table test checks it, so the fallback is never taken.
        ELEMENT_ATTRIBUTES.iter().find(|spec| spec.attribute == self).unwrap_or(&ELEMENT_ATTRIBUTES[0])
    }

    /// The `<spark-sizer>` name, e.g. `team-agents`.
    pub fn name(self) -> &'static str {
        self.spec().name
    }

    /// A mount point's name, e.g. `data-team-agents`.
    pub fn data_name(self) -> String {
        [DATA_PREFIX, self.name()].concat()
    }

    /// The attribute a `<spark-sizer>` name (or, with `prefix` `data-`, a mount point's) stands
    /// for; names are compared as HTML does, without case.
    pub fn from_name(name: &str, prefix: &str) -> Option<ElementAttribute> {
        let bare =
            name.get(..prefix.len()).filter(|p| p.eq_ignore_ascii_case(prefix)).map(|_| &name[prefix.len()..])?;
        ELEMENT_ATTRIBUTES.iter().find(|spec| spec.name.eq_ignore_ascii_case(bare)).map(|spec| spec.attribute)
    }
}

/// The names a `<spark-sizer>` element observes and `cargo xtask embed` takes as options: every
/// attribute with a value.
pub fn text_attribute_names() -> impl Iterator<Item = &'static str> {
    ELEMENT_ATTRIBUTES.iter().filter(|spec| spec.value == AttributeValue::Text).map(|spec| spec.name)
}

#[cfg(test)]
mod tests {
    use super::*;

    const EVERY: [ElementAttribute; 11] = [
        ElementAttribute::Run,
        ElementAttribute::Floor,
        ElementAttribute::Usage,
        ElementAttribute::Lang,
        ElementAttribute::Replicas,
        ElementAttribute::Context,
        ElementAttribute::Team,
        ElementAttribute::TeamAgents,
        ElementAttribute::TtftCeiling,
        ElementAttribute::Uncertainty,
        ElementAttribute::SyncUrl,
    ];

    #[test]
    fn every_attribute_has_exactly_one_row_and_a_distinct_name() {
        for attribute in EVERY {
            assert_eq!(
                ELEMENT_ATTRIBUTES.iter().filter(|spec| spec.attribute == attribute).count(),
                1,
                "{attribute:?}"
            );
            assert_eq!(attribute.spec().attribute, attribute);
        }
        let mut names: Vec<&str> = ELEMENT_ATTRIBUTES.iter().map(|spec| spec.name).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), ELEMENT_ATTRIBUTES.len());
    }

    #[test]
    fn names_are_read_with_and_without_the_prefix_and_without_case() {
        assert_eq!(ElementAttribute::TeamAgents.data_name(), "data-team-agents");
        assert_eq!(ElementAttribute::from_name("data-team-agents", DATA_PREFIX), Some(ElementAttribute::TeamAgents));
        assert_eq!(ElementAttribute::from_name("Data-Team", DATA_PREFIX), Some(ElementAttribute::Team));
        assert_eq!(ElementAttribute::from_name("ttft-ceiling", ""), Some(ElementAttribute::TtftCeiling));
        assert_eq!(ElementAttribute::from_name("team-agents", DATA_PREFIX), None);
        assert_eq!(ElementAttribute::from_name("data-flor", DATA_PREFIX), None);
        assert_eq!(ElementAttribute::from_name("", ""), None);
        assert_eq!(ElementAttribute::from_name("dätä-run", DATA_PREFIX), None);
    }

    #[test]
    fn the_element_observes_every_attribute_with_a_value_and_not_the_url_flag() {
        let observed: Vec<&str> = text_attribute_names().collect();
        assert_eq!(
            observed,
            [
                "run",
                "floor",
                "usage",
                "lang",
                "replicas",
                "context",
                "team",
                "team-agents",
                "ttft-ceiling",
                "uncertainty"
            ]
        );
    }
}
