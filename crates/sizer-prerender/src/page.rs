//! Finding the mount points of a page and splicing prerendered HTML into them (no HTML parser:
//! the pages are ours and small; comments are skipped, attributes read as HTML writes them).
use sizer_widget::Attributes;

/// Where the widget's HTML goes inside a mount point.
pub const MARKER: &str = "<!-- prerender -->";
/// The attribute that marks a mount point.
const MOUNT_ATTRIBUTE: &str = "data-spark-sizer";
/// The custom element, configured by the same attributes without the `data-` prefix.
const ELEMENT_TAG: &str = "<spark-sizer";
/// The shadow stylesheet as the source pages name it (the build puts in the hashed name).
pub const SHADOW_CSS_REF: &str = "./spark-sizer.css";
/// Added to a prerendered mount point: the widget hydrates it instead of rendering afresh.
pub const PRERENDERED_ATTRIBUTE: &str = "data-ssr";

/// A mount point's opening tag: where it is, and its position among the page's mount points
/// (the widget numbers its instances the same way, for their element ids).
#[derive(Debug, Clone, PartialEq)]
pub struct MountTag {
    /// Position among the `data-spark-sizer` mount points (elements count separately: their ids
    /// live in their own shadow roots).
    pub index: usize,
    /// A `<spark-sizer>` element: prerendered into a declarative shadow root.
    pub element: bool,
    /// Byte range of the opening tag `<div …>`.
    pub start: usize,
    pub end: usize,
    pub attributes: Attributes,
    /// True when the marker comment directly follows the opening tag.
    pub has_marker: bool,
}

/// Every mount point of `html`, in document order.
pub fn mount_tags(html: &str) -> Vec<MountTag> {
    let mut tags = Vec::new();
    let mut position = 0;
    while let Some(offset) = html[position..].find('<') {
        let start = position + offset;
        let rest = &html[start..];
        if rest.starts_with("<!--") {
            position = rest.find("-->").map_or(html.len(), |end| start + end + 3);
            continue;
        }
        let Some(tag_len) = tag_length(rest) else { break };
        let end = start + tag_len;
        let tag = &html[start..end];
        position = end;
        let pairs = attribute_pairs(tag);
        let element = is_element_tag(tag);
        if !rest.starts_with("</") && (element || pairs.iter().any(|(name, _)| name == MOUNT_ATTRIBUTE)) {
            tags.push(MountTag {
                index: tags.iter().filter(|t: &&MountTag| !t.element).count(),
                element,
                start,
                end,
                attributes: attributes_from(&pairs, if element { "" } else { "data-" }),
                has_marker: html[end..].starts_with(MARKER),
            });
        }
    }
    tags
}

/// Whether `tag` opens a `<spark-sizer>` element.
fn is_element_tag(tag: &str) -> bool {
    tag.get(..ELEMENT_TAG.len()).is_some_and(|name| name.eq_ignore_ascii_case(ELEMENT_TAG))
        && tag[ELEMENT_TAG.len()..].starts_with(|c: char| c.is_whitespace() || c == '>' || c == '/')
}

/// The length of the tag at the start of `text` up to and including its `>`, honouring quotes.
fn tag_length(text: &str) -> Option<usize> {
    let mut quote = None;
    for (i, c) in text.char_indices() {
        match (quote, c) {
            (None, '"' | '\'') => quote = Some(c),
            (Some(q), _) if c == q => quote = None,
            (None, '>') => return Some(i + 1),
            _ => {}
        }
    }
    None
}

/// `(name, value)` of each attribute of an opening tag (names lower-cased, values unescaped).
fn attribute_pairs(tag: &str) -> Vec<(String, Option<String>)> {
    let inner = tag.trim_start_matches('<').trim_end_matches('>').trim_end_matches('/');
    let mut chars = inner.char_indices().peekable();
    // Skip the tag name.
    while chars.next_if(|(_, c)| !c.is_whitespace()).is_some() {}
    let mut pairs = Vec::new();
    loop {
        while chars.next_if(|(_, c)| c.is_whitespace()).is_some() {}
        let Some(&(name_start, _)) = chars.peek() else { break };
        let mut name_end = inner.len();
        while let Some(&(i, c)) = chars.peek() {
            if c.is_whitespace() || c == '=' {
                name_end = i;
                break;
            }
            chars.next();
        }
        let name = inner[name_start..name_end].to_ascii_lowercase();
        while chars.next_if(|(_, c)| c.is_whitespace()).is_some() {}
        let mut value = None;
        if chars.next_if(|(_, c)| *c == '=').is_some() {
            while chars.next_if(|(_, c)| c.is_whitespace()).is_some() {}
            let quote = chars.next_if(|(_, c)| *c == '"' || *c == '\'').map(|(_, c)| c);
            let mut text = String::new();
            for (_, c) in chars.by_ref() {
                if quote.map_or(c.is_whitespace(), |q| c == q) {
                    break;
                }
                text.push(c);
            }
            value = Some(unescape(&text));
        }
        if !name.is_empty() {
            pairs.push((name, value));
        }
    }
    pairs
}

fn unescape(text: &str) -> String {
    text.replace("&quot;", "\"").replace("&#39;", "'").replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&")
}

/// The widget's raw configuration from a mount point's attributes (what `mount.rs` reads):
/// `prefix` is `data-` for a mount point, empty for a `<spark-sizer>` element.
fn attributes_from(pairs: &[(String, Option<String>)], prefix: &str) -> Attributes {
    let get = |name: &str| pairs.iter().find(|(n, _)| n == name).map(|(_, v)| v.clone().unwrap_or_default());
    Attributes::read(prefix, get, pairs.iter().map(|(n, v)| (n.clone(), v.clone().unwrap_or_default())))
}

/// `html` with each `(tag, fragment)`'s marker replaced by the fragment and
/// `data-ssr="<fingerprint>"` added to the tag (for a `<spark-sizer>` element: the marker
/// replaced by a declarative shadow root holding the shadow stylesheet and a
/// `<div data-spark-sizer-root data-ssr="<fingerprint>">` with the fragment) (the widget hydrates only markup with its own
/// build's fingerprint). Tags must come from [`mount_tags`] on the same `html` and carry the marker.
pub fn splice(html: &str, rendered: &[(MountTag, String)], fingerprint: &str) -> String {
    let mut out = String::with_capacity(html.len() + rendered.iter().map(|(_, f)| f.len()).sum::<usize>());
    let mut copied = 0;
    for (tag, fragment) in rendered {
        let Some(tag_text) = html.get(tag.start..tag.end) else { continue };
        if !tag.has_marker || tag.start < copied {
            continue;
        }
        out.push_str(&html[copied..tag.start]);
        if tag.element {
            // A declarative shadow root: the stylesheet, then the container the element hydrates.
            out.push_str(tag_text);
            out.push_str("<template shadowrootmode=\"open\"><link rel=\"stylesheet\" href=\"");
            out.push_str(SHADOW_CSS_REF);
            out.push_str("\"><div data-spark-sizer-root ");
            out.push_str(PRERENDERED_ATTRIBUTE);
            out.push_str("=\"");
            out.push_str(fingerprint);
            out.push_str("\">");
            out.push_str(fragment);
            out.push_str("</div></template>");
            copied = tag.end + MARKER.len();
            continue;
        }
        let closing = if tag_text.ends_with("/>") { tag_text.len() - 2 } else { tag_text.len() - 1 };
        out.push_str(&tag_text[..closing]);
        out.push(' ');
        out.push_str(PRERENDERED_ATTRIBUTE);
        out.push_str("=\"");
        // Hex digits and a hyphen: nothing to escape.
        out.push_str(fingerprint);
        out.push('"');
        out.push_str(&tag_text[closing..]);
        out.push_str(fragment);
        copied = tag.end + MARKER.len();
    }
    out.push_str(&html[copied..]);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const PAGE: &str = "<!-- a comment naming <div data-spark-sizer> -->\n<main>\n\
        <div class=\"x\" data-spark-sizer data-sync-url><!-- prerender --></div>\n\
        <div data-spark-sizer data-run='qwen &amp; co' data-floor=\"10\" data-lang=de></div>\n\
        <p title=\"a > b\">text</p><div data-spark-sizer data-usage=\"agent\" data-flor=\"9\"><!-- prerender --></div>\n\
        <spark-sizer floor=\"12\" lang=\"de\" data-floor=\"99\" id=\"s\" flor=\"8\" team=\"30\" team-agents=\"5\" ttft-ceiling=\"3\" uncertainty=\"10\"><!-- prerender --></spark-sizer><spark-sizerx></spark-sizerx></main>\n";

    #[test]
    fn finds_mount_points_in_order_with_their_attributes_and_skips_comments() {
        let tags = mount_tags(PAGE);
        assert_eq!(
            tags.iter().map(|t| (t.index, t.has_marker)).collect::<Vec<_>>(),
            [(0, true), (1, false), (2, true), (3, true)]
        );
        assert_eq!(tags.iter().map(|t| t.element).collect::<Vec<_>>(), [false, false, false, true]);
        assert_eq!(tags[0].attributes, Attributes { sync_url: true, ..Attributes::default() });
        assert_eq!(
            tags[1].attributes,
            Attributes {
                run: Some("qwen & co".into()),
                floor: Some("10".into()),
                lang: Some("de".into()),
                ..Attributes::default()
            }
        );
        assert_eq!(tags[2].attributes.usage.as_deref(), Some("agent"));
        // Unknown names reach the widget's notice as the browser's mount reads them.
        assert_eq!(tags[2].attributes.unknown, [("data-flor".to_string(), "9".to_string())]);
        assert_eq!(
            tags[3].attributes,
            Attributes {
                floor: Some("12".into()),
                lang: Some("de".into()),
                team: Some("30".into()),
                team_agents: Some("5".into()),
                ttft_ceiling: Some("3".into()),
                uncertainty: Some("10".into()),
                unknown: vec![("flor".into(), "8".into())],
                ..Attributes::default()
            }
        );
        assert_eq!(&PAGE[tags[0].start..tags[0].end], "<div class=\"x\" data-spark-sizer data-sync-url>");
    }

    #[test]
    fn splices_fragments_in_place_of_the_markers_and_marks_the_tags() {
        let tags = mount_tags(PAGE);
        let rendered = vec![
            (tags[0].clone(), "<b>A</b>".to_string()),
            (tags[2].clone(), "<b>C</b>".to_string()),
            (tags[3].clone(), "<b>D</b>".to_string()),
        ];
        let page = splice(PAGE, &rendered, "0123abcd-ffee");
        assert!(
            page.contains("<div class=\"x\" data-spark-sizer data-sync-url data-ssr=\"0123abcd-ffee\"><b>A</b></div>"),
            "{page}"
        );
        assert!(
            page.contains(
                "<div data-spark-sizer data-usage=\"agent\" data-flor=\"9\" data-ssr=\"0123abcd-ffee\"><b>C</b></div>"
            ),
            "{page}"
        );
        assert!(page.contains("data-lang=de></div>"), "the unmarked mount point is left alone");
        assert!(
            page.contains(
                "<spark-sizer floor=\"12\" lang=\"de\" data-floor=\"99\" id=\"s\" flor=\"8\" team=\"30\" team-agents=\"5\" \
                 ttft-ceiling=\"3\" uncertainty=\"10\"><template shadowrootmode=\"open\">\
                 <link rel=\"stylesheet\" href=\"./spark-sizer.css\"><div data-spark-sizer-root \
                 data-ssr=\"0123abcd-ffee\"><b>D</b></div></template></spark-sizer>"
            ),
            "{page}"
        );
        assert!(!page.contains(MARKER));
        assert!(page.starts_with("<!-- a comment naming <div data-spark-sizer> -->"));
    }

    #[test]
    fn a_page_without_mount_points_is_left_as_it_is() {
        assert!(mount_tags("<p>nothing</p><!-- <div data-spark-sizer> -->").is_empty());
        assert_eq!(splice("<p>x</p>", &[], "f"), "<p>x</p>");
    }
}
