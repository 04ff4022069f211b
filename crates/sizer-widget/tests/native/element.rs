//! A `<spark-sizer>` element's server-side render (what `cargo xtask embed` puts in its
//! declarative shadow root): configured by the element's attributes, the whole tree at once (the
//! progressive first render is for client rendering only), with its `::part()` names. Run:
//! `cargo test -p sizer-widget --no-default-features --features ssr --test native element::`.

use sizer_widget::render_element_to_string;
use sizer_widget::shell::config::Attributes;

fn render(attributes: Attributes) -> String {
    futures::executor::block_on(render_element_to_string(attributes))
}

/// The `data-value` of the element carrying `data-result="name"`.
fn result_value<'a>(html: &'a str, name: &str) -> &'a str {
    let marker = format!("data-result=\"{name}\"");
    let start = html.find(&marker).unwrap_or_else(|| panic!("no {marker}"));
    let tag_start = html[..start].rfind('<').expect("tag start");
    let tag = &html[tag_start..start + html[start..].find('>').expect("tag end")];
    let value_start = tag.find("data-value=\"").expect("data-value") + "data-value=\"".len();
    &tag[value_start..value_start + tag[value_start..].find('"').expect("value end")]
}

#[test]
fn the_element_renders_its_own_attributes_in_full_with_its_parts() {
    let html = render(Attributes { floor: Some("12".into()), usage: Some("chat".into()), ..Attributes::default() });
    // The English seed's method at 12 tok/s: 32 + (18.4 - 12) / 5.3 x 32 = 78.4 streams;
    // duty (400 / 12 + 1) / 120 = 0.2861; load on 78 = 59.98; 209.6 people.
    assert_eq!(result_value(&html, "streams"), "78");
    assert_eq!(result_value(&html, "people"), "209");
    for part in ["part=\"root\"", "part=\"header\"", "part=\"inputs\"", "part=\"output\""] {
        assert_eq!(html.matches(part).count(), 1, "{part}");
    }
    // Rendered in full: the worked steps, the charts' section and the tables are in the markup.
    for section in ["ss-work", "ss-charts-section", "ss-below"] {
        assert!(html.contains(section), "{section} is missing from the prerendered element");
    }
    // Ids in a shadow root are the root's own: every element instance uses the same prefix.
    assert!(html.contains("id=\"ss-"), "ids carry the shadow prefix");
}

#[test]
fn a_bad_attribute_is_named_as_the_element_spells_it() {
    let html = render(Attributes { floor: Some("-5".into()), ..Attributes::default() });
    let named = html.contains("<code>floor=\"-5\"</code>") || html.contains("<code>floor=&quot;-5&quot;</code>");
    assert!(named && !html.contains("data-floor"), "the error names `floor`");
}
