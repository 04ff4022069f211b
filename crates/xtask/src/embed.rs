//! `cargo xtask embed [--ATTRIBUTE VALUE]… [--base URL]`, one option per element attribute that
//! takes a value (`sizer_data::ELEMENT_ATTRIBUTES`: `--run ID`, `--floor N`, `--lang en|de`, the
//! team's, …): prints an embed snippet for the built `dist/`: the module script
//! and a `<spark-sizer>` element whose declarative shadow root already holds the server-side
//! render of that configuration (the result, worked steps and tables, and with `--team` the
//! team's verdict and ranking, show before any script runs, and with scripts off); the wasm hydrates it. Run `cargo xtask dist` first: the
//! snippet names that build's hashed files, and only markup of the same build is hydrated.
use crate::dist::prerendered;
use crate::error::{TaskError, TaskResult};
use crate::html::SHADOW_CSS_REF;
use crate::paths::{dist_dir, target_dir};
use sizer_data::element_attributes::text_attribute_names;
use std::path::Path;

/// The options, validated for shape (the widget validates the values and shows what is wrong).
#[derive(Debug, Default, PartialEq)]
pub struct EmbedOptions {
    /// `(attribute, value)` in the order given.
    pub attributes: Vec<(&'static str, String)>,
    /// Where the page will load `dist/` from (`./` by default), ending in `/`.
    pub base: String,
}

pub fn parse_options(args: &[String]) -> TaskResult<EmbedOptions> {
    let mut options = EmbedOptions { base: "./".into(), ..EmbedOptions::default() };
    let mut rest = args.iter();
    while let Some(flag) = rest.next() {
        let name = flag.strip_prefix("--").unwrap_or("");
        let Some(value) = rest.next() else {
            return Err(TaskError::Message(format!("{flag} wants a value")));
        };
        if name == "base" {
            options.base = if value.ends_with('/') { value.clone() } else { format!("{value}/") };
        } else if let Some(attribute) = text_attribute_names().find(|a| *a == name) {
            options.attributes.push((attribute, value.clone()));
        } else {
            let options: Vec<String> = text_attribute_names().map(|a| format!("--{a}")).collect();
            return Err(TaskError::Message(format!("embed takes {} and --base, got {flag:?}", options.join(", "))));
        }
    }
    Ok(options)
}

/// Prints the snippet for `args` (see the module docs).
pub fn embed(root: &Path, args: &[String]) -> TaskResult {
    let options = parse_options(args)?;
    let dist = dist_dir(root);
    let glue = hashed(&dist, "sizer-widget-", ".js")?;
    let shadow_css = hashed(&dist, "spark-sizer-", ".css")?;
    let page = target_dir(root).join("spark-sizer-embed.html");
    std::fs::write(&page, element_tag(&options.attributes, "<!-- prerender -->")).map_err(TaskError::io(&page))?;
    let element = prerendered(root, &page)?;
    println!("{}", snippet(&options.base, &glue, &shadow_css, &element));
    Ok(())
}

/// `<spark-sizer a="…">{inner}</spark-sizer>` (values escaped).
pub fn element_tag(attributes: &[(&str, String)], inner: &str) -> String {
    let attributes: String = attributes
        .iter()
        .map(|(name, value)| {
            format!(" {name}=\"{}\"", value.replace('&', "&amp;").replace('"', "&quot;").replace('<', "&lt;"))
        })
        .collect();
    format!("<spark-sizer{attributes}>{inner}</spark-sizer>")
}

/// The module script and the prerendered element, with the build's file names under `base`.
pub fn snippet(base: &str, glue: &str, shadow_css: &str, element: &str) -> String {
    let element = element.replace(SHADOW_CSS_REF, &format!("{base}{shadow_css}"));
    let script = format!("<script type=\"module\" src=\"{base}{glue}\"></script>");
    format!("{script}\n{}", element.trim_end())
}

/// The one file in `dist` named `<prefix>HASH<suffix>`.
fn hashed(dist: &Path, prefix: &str, suffix: &str) -> TaskResult<String> {
    let missing =
        || TaskError::Message(format!("no {prefix}*{suffix} in {}: run `cargo xtask dist` first", dist.display()));
    let entries = std::fs::read_dir(dist).map_err(|_| missing())?;
    entries
        .filter_map(|entry| entry.ok()?.file_name().into_string().ok())
        .find(|name| name.starts_with(prefix) && name.ends_with(suffix))
        .ok_or_else(missing)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn options_become_attributes_in_order_and_unknown_flags_are_refused() {
        let options = parse_options(&args(&["--floor", "15", "--lang", "de", "--base", "/s"])).unwrap();
        assert_eq!(options.attributes, [("floor", "15".to_string()), ("lang", "de".to_string())]);
        assert_eq!(options.base, "/s/");
        assert!(parse_options(&args(&["--teams", "x"])).is_err());
        assert!(parse_options(&args(&["--floor"])).is_err());
        assert!(parse_options(&args(&["--team"])).is_err());
    }

    #[test]
    fn team_options_become_the_elements_team_attributes() {
        let given =
            ["--team", "30", "--team-agents", "5", "--ttft-ceiling", "3", "--uncertainty", "10", "--floor", "15"];
        let options = parse_options(&args(&given)).unwrap();
        assert_eq!(
            options.attributes,
            [
                ("team", "30".to_string()),
                ("team-agents", "5".to_string()),
                ("ttft-ceiling", "3".to_string()),
                ("uncertainty", "10".to_string()),
                ("floor", "15".to_string())
            ]
        );
        assert_eq!(
            element_tag(&options.attributes, ""),
            "<spark-sizer team=\"30\" team-agents=\"5\" ttft-ceiling=\"3\" uncertainty=\"10\" floor=\"15\"></spark-sizer>"
        );
        // Values are the widget's to judge: a bad one is passed on and shown in the element.
        let options = parse_options(&args(&["--team", "-3"])).unwrap();
        assert_eq!(options.attributes, [("team", "-3".to_string())]);
    }

    #[test]
    fn the_snippet_names_the_built_files_under_the_base_and_escapes_values() {
        let tag = element_tag(&[("run", "a\"b".into())], "<template><link href=\"./spark-sizer.css\"></template>");
        assert_eq!(
            tag,
            "<spark-sizer run=\"a&quot;b\"><template><link href=\"./spark-sizer.css\"></template></spark-sizer>"
        );
        let text = snippet("/s/", "sizer-widget-aa.js", "spark-sizer-dd.css", &tag);
        assert!(text.starts_with("<script type=\"module\" src=\"/s/sizer-widget-aa.js\"></script>\n<spark-sizer"));
        assert!(text.contains("href=\"/s/spark-sizer-dd.css\""));
    }
}
