//! The app as a `<spark-sizer>` element shows it: the calculator with a listener for its
//! outcomes (the element's `change` event), rendered the same in the browser and by the
//! prerenderer (`sizer-prerender --element`), so prerendered markup hydrates.

use yew::prelude::*;

use crate::shell::app::App;
use crate::shell::config::Config;
use crate::shell::first_frame::ProgressiveRender;

/// The id prefix of an instance in a shadow root: ids there are the root's own, so every
/// instance, and its prerendered markup, uses the same one.
pub const SHADOW_ID_PREFIX: &str = "ss";

/// Who is told each new outcome, as JSON `{"run": …, "sizing": Sizing | null}` (provided as a
/// context, so `AppProps` stays as it is).
#[derive(Clone, PartialEq, Default)]
pub struct SizingListener(pub Option<Callback<String>>);

/// An element's configuration: validated like the `data-*` attributes, its errors named by the
/// element's own attribute names (`floor`, not `data-floor`).
pub fn element_config(attributes: &crate::shell::config::Attributes) -> Config {
    let mut config = Config::from_attributes(attributes);
    for error in &mut config.errors {
        if let Some(bare) = error.attribute.strip_prefix("data-") {
            error.attribute = bare.to_owned();
        }
    }
    config
}

/// Props of [`Embedded`].
#[derive(Properties, PartialEq, Clone, Default)]
pub struct EmbeddedProps {
    /// The validated attributes of the element.
    pub config: Config,
    /// `None` on the server.
    #[prop_or_default]
    pub on_sizing: Option<Callback<String>>,
    /// Render the heading, controls and result first, the rest after the first frame (only
    /// when rendering afresh in the browser: hydration needs the whole prerendered tree).
    #[prop_or_default]
    pub progressive: bool,
}

/// One calculator inside a `<spark-sizer>` element's shadow root.
#[component]
pub fn Embedded(props: &EmbeddedProps) -> Html {
    let listener = SizingListener(props.on_sizing.clone());
    html! {
        <ContextProvider<SizingListener> context={listener}>
            <ContextProvider<ProgressiveRender> context={ProgressiveRender(props.progressive)}>
                <App config={props.config.clone()} id_prefix={AttrValue::Static(SHADOW_ID_PREFIX)} />
            </ContextProvider<ProgressiveRender>>
        </ContextProvider<SizingListener>>
    }
}
