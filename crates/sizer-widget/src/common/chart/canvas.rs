//! The browser side of a chart (wasm only): size the canvas backing store by
//! devicePixelRatio, read the colours the page gives it, and draw with plotters-canvas
//! (through [`MeasuredCanvas`], which measures text without forcing a layout). The size and
//! colours are remembered per canvas ([`CanvasMemory`]), so redrawing for new data reads
//! nothing from the page. [`watch_size`] and [`watch_colour_scheme`] tell the chart when to
//! redraw.

use sizer_charts::{COMPACT_BELOW_CSS_PX, ChartError, ChartTheme, Look};
use wasm_bindgen::JsCast;
use wasm_bindgen::closure::Closure;
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement};
use yew::{NodeRef, UseStateSetter};

use super::measured_canvas::MeasuredCanvas;
use super::{CssSize, StyleKey};

/// Height of a chart relative to its width when CSS gives it no height of its own.
const FALLBACK_ASPECT: f64 = 0.5;
/// The most device pixels per CSS pixel worth drawing (beyond this the eye cannot tell).
const MAX_SCALE: f64 = 4.0;

/// Device pixels per CSS pixel, between 1 and [`MAX_SCALE`].
pub fn device_pixel_ratio() -> f64 {
    let ratio = web_sys::window().map_or(1.0, |window| window.device_pixel_ratio());
    if ratio.is_finite() { ratio.clamp(1.0, MAX_SCALE) } else { 1.0 }
}

impl CssSize {
    /// The canvas's size now. Reading it lays the page out first if anything changed since the
    /// last layout, so call it where the layout is current (a `ResizeObserver` callback) or
    /// once, for the first draw.
    pub fn of(canvas: &HtmlCanvasElement) -> CssSize {
        CssSize { width: canvas.client_width().max(0), height: canvas.client_height().max(0) }
    }
}

/// The page's colours and font for a chart, as its computed style gave them.
struct PageStyle {
    theme: ChartTheme,
    font_family: String,
}

/// What one chart's canvas remembers between draws, so a redraw for new data (a new floor)
/// reads nothing from the page: reading the size or the computed style right after the
/// calculator updated the DOM would make the browser lay out and restyle the whole page
/// before the frame (milliseconds with the sourced tables below), and once more for the frame.
#[derive(Default)]
pub struct CanvasMemory {
    size: Option<CssSize>,
    style: Option<(StyleKey, PageStyle)>,
}

impl CanvasMemory {
    /// Records the canvas's current size (see [`CssSize::of`]); returns it when it changed
    /// since the last draw, which then also reads the colours afresh (a stylesheet that arrived
    /// late usually changes the size too).
    pub fn observe(&mut self, canvas: &HtmlCanvasElement) -> Option<CssSize> {
        let size = CssSize::of(canvas);
        if self.size == Some(size) {
            return None;
        }
        self.size = Some(size);
        self.style = None;
        Some(size)
    }

    /// The page style remembered for `key`, read with `read` when there is none for it.
    fn style_for(&mut self, key: &StyleKey, read: impl FnOnce() -> PageStyle) -> &PageStyle {
        if !matches!(&self.style, Some((remembered, _)) if remembered == key) {
            self.style = None;
        }
        &self.style.get_or_insert_with(|| (key.clone(), read())).1
    }

    /// Forgets the size, e.g. for a new canvas element.
    pub fn forget(&mut self) {
        self.size = None;
        self.style = None;
    }
}

/// Sizes `canvas`'s backing store to its CSS box times devicePixelRatio and draws on it with
/// `draw`, which gets the backend and the look (`draw` calls one of `sizer-charts`' drawing
/// functions), with the size and colours `memory` holds (read from the page only when it has
/// none, or the colours when `style_key` changed). The drawing is made on a canvas outside the
/// document and copied in (see [`SCRATCH`]). `Ok(false)`: the canvas is not laid out, nothing
/// was drawn.
pub fn draw_with(
    canvas: &HtmlCanvasElement,
    memory: &mut CanvasMemory,
    style_key: &StyleKey,
    draw: impl FnOnce(MeasuredCanvas, &Look) -> Result<(), ChartError>,
) -> Result<bool, ChartError> {
    let window = web_sys::window().ok_or(ChartError::NoCanvas)?;
    let scale = device_pixel_ratio();
    let size = *memory.size.get_or_insert_with(|| CssSize::of(canvas));
    let css_width = f64::from(size.width);
    if css_width < 1.0 {
        // Not laid out (hidden, or in a closed <details>): nothing to draw yet.
        return Ok(false);
    }
    let css_height = match f64::from(size.height) {
        height if height >= 1.0 => height,
        _ => css_width * FALLBACK_ASPECT,
    };
    // Both are at most a few thousand pixels times MAX_SCALE: the casts are exact.
    let (width, height) = ((css_width * scale).round() as u32, (css_height * scale).round() as u32);
    let scratch = scratch_canvas().ok_or(ChartError::NoCanvas)?;
    let backend = MeasuredCanvas::new(scratch.clone(), (width, height)).ok_or(ChartError::NoCanvas)?;
    fit_backing_store(&scratch, width, height, &backend.context());

    let style = memory.style_for(style_key, || page_style(&window, canvas));
    let look = Look {
        scale,
        theme: style.theme.clone(),
        font_family: style.font_family.clone(),
        compact: css_width < COMPACT_BELOW_CSS_PX,
    };
    draw(backend, &look)?;

    let context = context_2d(canvas).ok_or(ChartError::NoCanvas)?;
    if canvas.width() != width || canvas.height() != height {
        canvas.set_width(width);
        canvas.set_height(height);
    }
    // "copy" replaces every pixel with the scratch canvas's corner (this canvas's size): no
    // clearing, no blending. Set on each draw, as a new backing store resets the context's state.
    let _ = context.set_global_composite_operation("copy");
    let (w, h) = (f64::from(width), f64::from(height));
    context
        .draw_image_with_html_canvas_element_and_sw_and_sh_and_dx_and_dy_and_dw_and_dh(
            &scratch, 0.0, 0.0, w, h, 0.0, 0.0, w, h,
        )
        .map_err(|_| ChartError::NoCanvas)?;
    Ok(true)
}

thread_local! {
    /// The canvas every chart is drawn on before it is copied onto its own, one per page. It is
    /// not in the document, so setting a font and measuring text on it needs no computed style:
    /// on a canvas in the document, Chromium first brings the whole page's style and layout up
    /// to date, which right after an input's DOM update costs milliseconds (and is done again
    /// for the frame).
    static SCRATCH: std::cell::RefCell<Option<HtmlCanvasElement>> = const { std::cell::RefCell::new(None) };
}

fn scratch_canvas() -> Option<HtmlCanvasElement> {
    SCRATCH.with(|cell| {
        let mut cell = cell.borrow_mut();
        if cell.is_none() {
            let document = web_sys::window()?.document()?;
            *cell = document.create_element("canvas").ok()?.dyn_into::<HtmlCanvasElement>().ok();
        }
        cell.clone()
    })
}

fn context_2d(canvas: &HtmlCanvasElement) -> Option<CanvasRenderingContext2d> {
    canvas.get_context("2d").ok()??.dyn_into::<CanvasRenderingContext2d>().ok()
}

/// Gives the scratch `canvas` a cleared top-left corner of `width` x `height` device pixels.
/// Its backing store only grows (to the largest chart drawn so far), so charts of other sizes
/// taking turns on it (the calculator's, the simulation's) do not reallocate it on each draw.
fn fit_backing_store(canvas: &HtmlCanvasElement, width: u32, height: u32, context: &CanvasRenderingContext2d) {
    let (have_width, have_height) = (canvas.width(), canvas.height());
    if have_width >= width && have_height >= height {
        context.clear_rect(0.0, 0.0, f64::from(width), f64::from(height));
    } else {
        canvas.set_width(have_width.max(width));
        canvas.set_height(have_height.max(height));
    }
}

/// The colours (CSS custom properties over the text colour) and font the page gives `canvas`.
fn page_style(window: &web_sys::Window, canvas: &HtmlCanvasElement) -> PageStyle {
    let style = window.get_computed_style(canvas).ok().flatten();
    let property = |name: &str| {
        style.as_ref().and_then(|s| s.get_property_value(name).ok()).filter(|value| !value.trim().is_empty())
    };
    let theme = ChartTheme::resolve(property("color").as_deref(), property);
    let font_family = property("font-family").unwrap_or_else(|| "sans-serif".to_owned());
    PageStyle { theme, font_family }
}

/// Observes a canvas's size; the observer disconnects when this is dropped.
pub struct SizeWatch {
    observer: web_sys::ResizeObserver,
    _callback: Closure<dyn FnMut(js_sys::Array)>,
}

impl Drop for SizeWatch {
    fn drop(&mut self) {
        self.observer.disconnect();
    }
}

/// Sets `size` whenever the canvas's CSS size changes (a `ResizeObserver` reports after layout,
/// so reading the size there costs no extra layout).
pub fn watch_size(
    canvas_ref: &NodeRef,
    memory: std::rc::Rc<std::cell::RefCell<CanvasMemory>>,
    size: UseStateSetter<CssSize>,
) -> Option<SizeWatch> {
    let canvas = canvas_ref.cast::<HtmlCanvasElement>()?;
    // A new canvas element: measure it afresh on its first draw.
    memory.borrow_mut().forget();
    let observed = canvas.clone();
    let callback = Closure::<dyn FnMut(js_sys::Array)>::new(move |_entries: js_sys::Array| {
        let changed = memory.borrow_mut().observe(&observed);
        if let Some(new) = changed {
            size.set(new);
        }
    });
    let observer = web_sys::ResizeObserver::new(callback.as_ref().unchecked_ref()).ok()?;
    observer.observe(&canvas);
    Some(SizeWatch { observer, _callback: callback })
}

/// Keeps `dark` at the system colour scheme while the listener lives.
pub fn watch_colour_scheme(dark: UseStateSetter<bool>) -> Option<gloo::events::EventListener> {
    let window = web_sys::window()?;
    let query = window.match_media("(prefers-color-scheme: dark)").ok()??;
    dark.set(query.matches());
    let watched = query.clone();
    Some(gloo::events::EventListener::new(&query, "change", move |_| dark.set(watched.matches())))
}
