// The `<spark-sizer>` custom element, inlined into the widget's JS glue by `cargo xtask dist`:
// `custom_element_js` in `html.rs` drops these comment lines and fills in the three
// placeholders (the shadow stylesheet's file, the attribute a shown prerender gets, and the
// observed attributes from `sizer_data`'s attribute table).
const sparkSizerSheet = new URL("./__SHADOW_CSS__", import.meta.url).href;
class SparkSizerElement extends HTMLElement {
  static get observedAttributes() { return __OBSERVED_ATTRIBUTES__; }
  connectedCallback() { if (!this.sparkSizerPending) this.sparkSizerMount(); }
  disconnectedCallback() { queueMicrotask(() => { if (!this.isConnected) this.sparkSizerUnmount(); }); }
  attributeChangedCallback(_name, before, after) {
    if (before !== after) this.sparkSizerInstance?.update(this);
  }
  sparkSizerMount() {
    const root = this.shadowRoot ?? this.attachShadow({ mode: "open" });
    let container = root.querySelector("[data-spark-sizer-root]");
    if (!container) {
      const sheet = document.createElement("link");
      sheet.rel = "stylesheet";
      sheet.href = sparkSizerSheet;
      container = document.createElement("div");
      container.setAttribute("data-spark-sizer-root", "");
      root.replaceChildren(sheet, container);
    }
    const prerendered = container.hasAttribute("data-ssr");
    const ready = prerendered ? sparkSizerReady.then(() => rest_loaded()) : sparkSizerReady;
    const pending = (this.sparkSizerPending = ready.then(() => {
      if (this.sparkSizerPending !== pending) return;
      container.setAttribute("__SHOWN_ATTRIBUTE__", "");
      this.sparkSizerInstance = mount_element(this, container);
    }));
  }
  sparkSizerUnmount() {
    this.sparkSizerPending = undefined;
    this.sparkSizerInstance?.destroy();
    this.sparkSizerInstance?.free();
    this.sparkSizerInstance = undefined;
  }
}
if (!customElements.get("spark-sizer")) customElements.define("spark-sizer", SparkSizerElement);
