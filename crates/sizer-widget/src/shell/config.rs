//! An instance's configuration from its `data-*` attributes, validated like any input.
//!
//! [`Attributes::read`] takes the raw values of the attributes in `sizer_data`'s one table
//! ([`ELEMENT_ATTRIBUTES`]: read by `mount.rs` in the browser, or by the prerenderer), and
//! [`Config::from_attributes`] keeps every valid one; each invalid one becomes a [`ConfigError`]
//! that the widget shows, and the default is used in its place. The team attributes are read
//! like the "Your team" fields ([`TeamInputField`]). An attribute the widget does not read
//! ([`unknown_attributes`]: a misspelt `data-flor`, or `flor` on a `<spark-sizer>`) is named in
//! the same notice, as the JS API names a key it does not read.

use crate::common::input::{Field, InputError};
use crate::i18n::Lang;
use crate::shell::link::RunNotice;
use crate::sizing::calculation::DEFAULT_RUN;
use crate::team::state::TeamInputField;
use sizer_data::element_attributes::AttributeValue;
use sizer_data::{ELEMENT_ATTRIBUTES, ElementAttribute, Usage};

/// The raw `data-*` attribute values of a mount point (`None`: attribute absent).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Attributes {
    pub run: Option<String>,
    pub floor: Option<String>,
    pub usage: Option<String>,
    pub lang: Option<String>,
    pub replicas: Option<String>,
    pub context: Option<String>,
    /// Head count of the team with the form's usage.
    pub team: Option<String>,
    /// People of the team running coding agents.
    pub team_agents: Option<String>,
    /// The team's p99 TTFT ceiling in seconds (empty: off).
    pub ttft_ceiling: Option<String>,
    /// The team's uncertainty in percent.
    pub uncertainty: Option<String>,
    pub sync_url: bool,
    /// Attributes the widget does not read, `(name, value)` as written ([`unknown_attributes`]).
    pub unknown: Vec<(String, String)>,
}

impl Attributes {
    /// Reads every attribute of the table through `get` (its name with `prefix`: `data-` for a
    /// mount point, empty for a `<spark-sizer>` element) and names those among `all` (every
    /// attribute as written) that the widget does not read.
    pub fn read(
        prefix: &str,
        get: impl Fn(&str) -> Option<String>,
        all: impl IntoIterator<Item = (String, String)>,
    ) -> Attributes {
        let mut attributes = Attributes::default();
        for spec in &ELEMENT_ATTRIBUTES {
            let value = get(&[prefix, spec.name].concat());
            match spec.value {
                AttributeValue::Presence => attributes.sync_url = value.is_some(),
                AttributeValue::Text => {
                    if let Some(slot) = attributes.text_mut(spec.attribute) {
                        *slot = value;
                    }
                }
            }
        }
        attributes.unknown = unknown_attributes(all, prefix);
        attributes
    }

    /// Where a text attribute's value is kept (`None` for the flag, [`Attributes::sync_url`]).
    fn text_mut(&mut self, attribute: ElementAttribute) -> Option<&mut Option<String>> {
        let slot = match attribute {
            ElementAttribute::Run => &mut self.run,
            ElementAttribute::Floor => &mut self.floor,
            ElementAttribute::Usage => &mut self.usage,
            ElementAttribute::Lang => &mut self.lang,
            ElementAttribute::Replicas => &mut self.replicas,
            ElementAttribute::Context => &mut self.context,
            ElementAttribute::Team => &mut self.team,
            ElementAttribute::TeamAgents => &mut self.team_agents,
            ElementAttribute::TtftCeiling => &mut self.ttft_ceiling,
            ElementAttribute::Uncertainty => &mut self.uncertainty,
            ElementAttribute::SyncUrl => return None,
        };
        Some(slot)
    }
}

/// `data-*` attributes of a mount point that are the widget's and its glue's own markers.
const MARKERS: [&str; 4] = ["data-spark-sizer", "data-spark-sizer-mounted", "data-ssr", "data-ssr-shown"];

/// HTML's global attributes, which any element (a `<spark-sizer>` too) may carry; `data-*`,
/// `aria-*` and `on*` names are the page's as well.
const GLOBAL_ATTRIBUTES: [&str; 31] = [
    "accesskey",
    "autocapitalize",
    "autocorrect",
    "autofocus",
    "class",
    "contenteditable",
    "dir",
    "draggable",
    "enterkeyhint",
    "exportparts",
    "hidden",
    "id",
    "inert",
    "inputmode",
    "is",
    "itemid",
    "itemprop",
    "itemref",
    "itemscope",
    "itemtype",
    "nonce",
    "part",
    "popover",
    "role",
    "slot",
    "spellcheck",
    "style",
    "tabindex",
    "title",
    "translate",
    "writingsuggestions",
];

/// The attributes among `pairs` (name, value) the widget does not read. `prefix` is `data-` for
/// a mount point, whose other attributes (`id`, `class`, ...) are the host page's, so only its
/// `data-*` names are checked; empty for a `<spark-sizer>` element, whose every name is checked
/// except HTML's global ones and `data-*`, `aria-*` and `on*`.
pub fn unknown_attributes(pairs: impl IntoIterator<Item = (String, String)>, prefix: &str) -> Vec<(String, String)> {
    let known = |name: &str| ElementAttribute::from_name(name, prefix).is_some();
    let page_owned = |name: &str| {
        if prefix.is_empty() {
            GLOBAL_ATTRIBUTES.contains(&name) || ["data-", "aria-", "on"].iter().any(|p| name.starts_with(p))
        } else {
            !name.starts_with(prefix) || MARKERS.contains(&name)
        }
    };
    pairs
        .into_iter()
        .map(|(name, value)| (name.to_ascii_lowercase(), value))
        .filter(|(name, _)| !known(name) && !page_owned(name))
        .collect()
}

/// A validated configuration.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Config {
    /// The run to start with (checked against the dataset by the state).
    pub run: Option<String>,
    /// Set when `data-run` holds a retired id: the run that stands for it is [`Config::run`].
    pub run_notice: Option<RunNotice>,
    pub floor: Option<f64>,
    pub usage: Option<Usage>,
    pub lang: Option<Lang>,
    pub replicas: Option<f64>,
    pub context: Option<f64>,
    /// The valid team attributes, in [`TeamInputField::ALL`]'s order (`None`: the ceiling is off).
    pub team: Vec<(TeamInputField, Option<f64>)>,
    /// Read and write the URL fragment (only the standalone page sets this).
    pub sync_url: bool,
    /// The attributes that were invalid.
    pub errors: Vec<ConfigError>,
}

/// One invalid attribute.
#[derive(Clone, Debug, PartialEq)]
pub struct ConfigError {
    /// The attribute name, e.g. `data-floor`.
    pub attribute: String,
    /// The value as written.
    pub value: String,
    /// What is wrong with it.
    pub problem: ConfigProblem,
}

/// What is wrong with an attribute value.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum ConfigProblem {
    Input(InputError),
    UnknownRun,
    UnknownLang,
    UnknownUsage,
    /// An attribute the widget does not read.
    UnknownAttribute,
}

impl Config {
    /// The run an instance shows: the configured one when the dataset has it or the data still
    /// to come may (the instance then waits for it), else the default.
    pub fn run_id(&self) -> &str {
        let waiting = matches!(self.run_notice, Some(RunNotice::Loading { .. }));
        self.run.as_deref().filter(|id| waiting || sizer_data::dataset().run(id).is_some()).unwrap_or(DEFAULT_RUN)
    }

    /// Validates raw attributes. Numbers are read in English format (attributes are code).
    pub fn from_attributes(attributes: &Attributes) -> Config {
        let mut config = Config { sync_url: attributes.sync_url, ..Config::default() };
        if let Some(run) = &attributes.run {
            let run = run.trim();
            match sizer_data::dataset().resolve_run(run) {
                sizer_data::RunLookup::Found(_) => config.run = Some(run.to_string()),
                // Like a link's retired id: the run that stands for it, and a sentence saying so.
                sizer_data::RunLookup::Alias { alias, run: current } => {
                    config.run = Some(current.id.clone());
                    config.run_notice =
                        Some(RunNotice::Configured { old: run.to_string(), new: current.id.clone(), kind: alias.kind });
                }
                // Perhaps a run of the data still to come: the instance waits for it and says so.
                sizer_data::RunLookup::Unknown if sizer_data::runs_pending() => {
                    config.run = Some(run.to_string());
                    config.run_notice = Some(RunNotice::Loading { id: run.to_string(), by_page: true });
                }
                sizer_data::RunLookup::Unknown => config.errors.push(ConfigError {
                    attribute: ElementAttribute::Run.data_name(),
                    value: run.to_string(),
                    problem: ConfigProblem::UnknownRun,
                }),
            }
        }
        config.floor = number(&mut config.errors, ElementAttribute::Floor, Field::Floor, &attributes.floor);
        config.replicas = number(&mut config.errors, ElementAttribute::Replicas, Field::Replicas, &attributes.replicas);
        config.context =
            number(&mut config.errors, ElementAttribute::Context, Field::ContextTokens, &attributes.context);
        let team = [
            (TeamInputField::People, ElementAttribute::Team, &attributes.team),
            (TeamInputField::Agents, ElementAttribute::TeamAgents, &attributes.team_agents),
            (TeamInputField::TtftCeiling, ElementAttribute::TtftCeiling, &attributes.ttft_ceiling),
            (TeamInputField::Uncertainty, ElementAttribute::Uncertainty, &attributes.uncertainty),
        ];
        for (field, attribute, value) in team {
            let Some(value) = value else { continue };
            match field.parse(Lang::En, value) {
                Ok(number) => config.team.push((field, number)),
                Err(error) => config.errors.push(ConfigError {
                    attribute: attribute.data_name(),
                    value: value.clone(),
                    problem: ConfigProblem::Input(error),
                }),
            }
        }
        if let Some(value) = &attributes.lang {
            match Lang::from_code(value) {
                Some(lang) => config.lang = Some(lang),
                None => config.errors.push(ConfigError {
                    attribute: ElementAttribute::Lang.data_name(),
                    value: value.clone(),
                    problem: ConfigProblem::UnknownLang,
                }),
            }
        }
        if let Some(value) = &attributes.usage {
            match Usage::from_code(value) {
                Some(usage) => config.usage = Some(usage),
                None => config.errors.push(ConfigError {
                    attribute: ElementAttribute::Usage.data_name(),
                    value: value.clone(),
                    problem: ConfigProblem::UnknownUsage,
                }),
            }
        }
        config.errors.extend(attributes.unknown.iter().map(|(name, value)| ConfigError {
            attribute: name.clone(),
            value: value.clone(),
            problem: ConfigProblem::UnknownAttribute,
        }));
        config
    }
}

fn number(
    errors: &mut Vec<ConfigError>,
    attribute: ElementAttribute,
    field: Field,
    value: &Option<String>,
) -> Option<f64> {
    let value = value.as_ref()?;
    match field.parse(crate::common::input::locale(Lang::En), value) {
        Ok(number) => Some(number),
        Err(error) => {
            errors.push(ConfigError {
                attribute: attribute.data_name(),
                value: value.clone(),
                problem: ConfigProblem::Input(error),
            });
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn valid_attributes_are_kept() {
        let attributes = Attributes {
            run: Some(" gpuwerk-llama-3.3-70b-awq-vllm-0.27.1 ".into()),
            floor: Some("10".into()),
            usage: Some("agent".into()),
            lang: Some("de".into()),
            replicas: Some("2".into()),
            context: Some("32768".into()),
            team: Some("30".into()),
            team_agents: Some("5".into()),
            ttft_ceiling: Some("2.5".into()),
            uncertainty: Some(" 20 ".into()),
            sync_url: true,
            unknown: Vec::new(),
        };
        let config = Config::from_attributes(&attributes);
        assert_eq!(config.run.as_deref(), Some("gpuwerk-llama-3.3-70b-awq-vllm-0.27.1"));
        assert_eq!(config.floor, Some(10.0));
        assert_eq!(config.usage, Some(Usage::Agent));
        assert_eq!(config.lang, Some(Lang::De));
        assert_eq!(config.replicas, Some(2.0));
        assert_eq!(config.context, Some(32768.0));
        assert_eq!(
            config.team,
            [
                (TeamInputField::People, Some(30.0)),
                (TeamInputField::Agents, Some(5.0)),
                (TeamInputField::TtftCeiling, Some(2.5)),
                (TeamInputField::Uncertainty, Some(20.0))
            ]
        );
        assert!(config.sync_url);
        assert!(config.errors.is_empty());
    }

    #[test]
    fn invalid_attributes_become_errors() {
        let attributes = Attributes {
            run: Some("no-such-run".into()),
            floor: Some("fast".into()),
            lang: Some("fr".into()),
            replicas: Some("0".into()),
            usage: Some("batch".into()),
            team: Some("-3".into()),
            team_agents: Some("2.5".into()),
            ttft_ceiling: Some("0".into()),
            uncertainty: Some("abc".into()),
            ..Attributes::default()
        };
        let config = Config::from_attributes(&attributes);
        assert_eq!(config.floor, None);
        assert_eq!(config.lang, None);
        assert_eq!(config.team, []);
        let names: Vec<&str> = config.errors.iter().map(|e| e.attribute.as_str()).collect();
        assert_eq!(
            names,
            [
                "data-run",
                "data-floor",
                "data-replicas",
                "data-team",
                "data-team-agents",
                "data-ttft-ceiling",
                "data-uncertainty",
                "data-lang",
                "data-usage"
            ]
        );
        let problems: Vec<ConfigProblem> = config.errors[3..7].iter().map(|e| e.problem).collect();
        assert_eq!(
            problems,
            [
                ConfigProblem::Input(InputError::TooSmall { min: 0.0, exclusive: false }),
                ConfigProblem::Input(InputError::NotWhole),
                ConfigProblem::Input(InputError::TooSmall { min: 0.0, exclusive: true }),
                ConfigProblem::Input(InputError::NotNumber),
            ]
        );
    }

    #[test]
    fn attributes_the_widget_does_not_read_are_named() {
        let pairs = |names: &[&str]| names.iter().map(|n| (n.to_string(), "10".to_string())).collect::<Vec<_>>();
        let mount_point =
            pairs(&["data-spark-sizer", "data-flor", "data-floor", "id", "class", "data-ssr", "Data-Team"]);
        assert_eq!(unknown_attributes(mount_point, "data-"), [("data-flor".to_string(), "10".to_string())]);
        let element =
            pairs(&["flor", "floor", "team-agents", "style", "data-x", "aria-label", "onclick", "data-floor"]);
        assert_eq!(unknown_attributes(element, ""), [("flor".to_string(), "10".to_string())]);
        let config = Config::from_attributes(&Attributes {
            floor: Some("fast".into()),
            unknown: vec![("data-flor".into(), "10".into())],
            ..Attributes::default()
        });
        let errors: Vec<(&str, &str, ConfigProblem)> =
            config.errors.iter().map(|e| (e.attribute.as_str(), e.value.as_str(), e.problem)).collect();
        assert_eq!(
            errors,
            [
                ("data-floor", "fast", ConfigProblem::Input(InputError::NotNumber)),
                ("data-flor", "10", ConfigProblem::UnknownAttribute)
            ]
        );
    }

    #[test]
    fn a_retired_run_id_opens_the_run_that_stands_for_it_and_says_so() {
        let old = "gpuwerk-llama-3.3-70b-awq-vllm-0.27.1-single-128-512";
        let config = Config::from_attributes(&Attributes { run: Some(old.into()), ..Attributes::default() });
        assert!(config.errors.is_empty(), "{:?}", config.errors);
        assert_eq!(config.run.as_deref(), Some("gpuwerk-llama-3.3-70b-awq-vllm-0.27.1"));
        assert_eq!(
            config.run_notice,
            Some(RunNotice::Configured {
                old: old.into(),
                new: "gpuwerk-llama-3.3-70b-awq-vllm-0.27.1".into(),
                kind: sizer_data::AliasKind::MergedInto
            })
        );
        assert_eq!(
            crate::i18n::links::run_notice(Lang::En, config.run_notice.as_ref().expect("a notice")),
            format!(
                "The run this page names, {old}, is now part of gpuwerk-llama-3.3-70b-awq-vllm-0.27.1, which is shown."
            )
        );
        let state = crate::shell::state::SizerState::new(&config);
        assert_eq!(state.run_id, "gpuwerk-llama-3.3-70b-awq-vllm-0.27.1");
        assert_eq!(state.link.run, config.run_notice);
        assert!(state.outcome.sizing.is_ok());
    }
}
