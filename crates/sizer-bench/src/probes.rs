//! The JavaScript the benchmark runs in the page. Every timestamp is `performance.now()` in the
//! page, i.e. milliseconds since the navigation started; nothing is timed from outside.

/// Installed before any of the page's scripts (`Page.addScriptToEvaluateOnNewDocument`), so the
/// page needs no benchmark hook of its own. It records in `window.__sparkSizerBench`:
/// - `resultInDom`: when the first `[data-result="people"]` has its text and its machine value
///   (`data-value`) in the DOM, whether the HTML carried it (prerendered) or the wasm wrote it;
/// - `resultFrame`: the `requestAnimationFrame` after that (the frame that will paint it: its
///   style, layout and paint come after the callback), and the resources fetched by then;
/// - `resultPainted`: when that frame was presented, from the Element Timing API: the probe
///   gives the element an `elementtiming` identifier before its first paint, and Chromium reports
///   the paint's `renderTime` (the same clock as first contentful paint);
/// - `apiReady`: when the widget's wasm set `window.SparkSizer` (it has started);
/// - `canvasOps`: a count of 2D-canvas drawing calls, so an input measurement can tell that a
///   chart was redrawn.
pub const PAGE_PROBE: &str = r#"(() => {
  if (window.__sparkSizerBench) return;
  const marks = { resultInDom: null, resultFrame: null, resultPainted: null, resultText: null,
                  resultValue: null, apiReady: null, resourcesAtResult: null, canvasOps: 0 };
  Object.defineProperty(window, '__sparkSizerBench', { value: marks });
  const TIMING_ID = 'spark-sizer-bench-people';
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        if (entry.identifier === TIMING_ID && marks.resultPainted === null) {
          marks.resultPainted = entry.renderTime || entry.loadTime;
        }
      }
    }).observe({ type: 'element', buffered: true });
  } catch (e) { /* no Element Timing: the report falls back to the frame time */ }
  const observer = new MutationObserver(() => {
    const el = document.querySelector('[data-result="people"]');
    if (!el || marks.resultInDom !== null) return;
    const text = el.textContent.trim();
    const value = el.getAttribute('data-value') || '';
    if (text === '' || value === '') return;
    marks.resultInDom = performance.now();
    marks.resultText = text;
    marks.resultValue = value;
    observer.disconnect();
    el.setAttribute('elementtiming', TIMING_ID);
    requestAnimationFrame(() => {
      marks.resultFrame = performance.now();
      marks.resourcesAtResult = performance.getEntriesByType('resource').map((e) => e.name);
    });
  });
  observer.observe(document, { childList: true, subtree: true, characterData: true,
                               attributes: true, attributeFilter: ['data-value'] });
  Object.defineProperty(window, 'SparkSizer', {
    configurable: true, enumerable: true, get() { return undefined; },
    set(value) {
      marks.apiReady = performance.now();
      Object.defineProperty(window, 'SparkSizer', { value, writable: true, configurable: true, enumerable: true });
    },
  });
  const proto = window.CanvasRenderingContext2D && CanvasRenderingContext2D.prototype;
  if (proto) {
    for (const name of ['clearRect', 'fillRect', 'strokeRect', 'fillText', 'strokeText', 'fill', 'stroke',
                        'drawImage', 'putImageData']) {
      const original = proto[name];
      if (typeof original !== 'function') continue;
      proto[name] = function () { marks.canvasOps += 1; return original.apply(this, arguments); };
    }
  }
})();"#;

/// Waits (in the page) until the first result has been painted, then returns the load figures.
/// Arguments: deadline in ms. Result: `{ error }` or the marks plus first contentful paint,
/// the document's response end and the wasm's response end.
pub const COLLECT_LOAD: &str = r#"
const [deadlineMs, done] = [arguments[0], arguments[arguments.length - 1]];
const marks = window.__sparkSizerBench;
if (!marks) { done({ error: 'the page probe did not run (Page.addScriptToEvaluateOnNewDocument)' }); return; }
const collect = () => {
  const fcp = performance.getEntriesByName('first-contentful-paint')[0];
  const nav = performance.getEntriesByType('navigation')[0];
  const wasm = performance.getEntriesByType('resource').find((e) => e.name.endsWith('.wasm'));
  return {
    resultInDom: marks.resultInDom, resultFrame: marks.resultFrame, resultPainted: marks.resultPainted,
    resultText: marks.resultText, resultValue: marks.resultValue,
    resourcesAtResult: marks.resourcesAtResult,
    fcp: fcp ? fcp.startTime : null,
    documentResponseEnd: nav ? nav.responseEnd : null,
    wasmResponseEnd: wasm ? wasm.responseEnd : null,
    userAgent: navigator.userAgent,
  };
};
// Element Timing reports a paint shortly after it is presented; without it (an older browser),
// give up on it this long after the result's frame.
const ELEMENT_TIMING_GRACE_MS = 3000;
const wait = () => {
  const fcpSeen = performance.getEntriesByName('first-contentful-paint').length > 0;
  const painted = marks.resultPainted !== null
    || (marks.resultFrame !== null && performance.now() > marks.resultFrame + ELEMENT_TIMING_GRACE_MS);
  if (marks.resultFrame !== null && fcpSeen && painted) { done(collect()); return; }
  if (performance.now() > deadlineMs) {
    done({ error: `no [data-result="people"] with text and data-value painted within ${deadlineMs} ms`, ...collect() });
    return;
  }
  setTimeout(wait, 50);
};
wait();
"#;

/// One input measurement. Arguments: the floor value to type, a deadline in ms.
///
/// In a `requestAnimationFrame` callback (where Chromium also delivers real input events), it
/// sets the first instance's `[data-field="floor"]` and dispatches `input`, then checks after
/// each task (a `MessageChannel` loop, which lets the page's own tasks and microtasks run) until
/// the people or streams result's text and value changed (the floor always moves the streams;
/// the people only while speed binds) and, when the instance has a canvas, a drawing
/// call happened. `updateMs` is the later of the two. `nextFrame` says whether the frame after
/// the input already had both (no frame missed) and when it started.
pub const INPUT_TO_UPDATE: &str = r#"
const [value, deadlineMs, done] = [arguments[0], arguments[1], arguments[arguments.length - 1]];
const marks = window.__sparkSizerBench;
const root = document.querySelector('.spark-sizer');
const input = root && root.querySelector('[data-field="floor"]');
if (!marks || !input) {
  done({ error: !marks ? 'the page probe did not run' : 'no [data-field="floor"] in the first .spark-sizer' });
  return;
}
const shown = () => ['people', 'streams'].map((name) => {
  const el = root.querySelector(`[data-result="${name}"]`);
  return el ? `${el.textContent.trim()}|${el.getAttribute('data-value')}` : '';
}).join(' ');
const hasChart = root.querySelector('canvas') !== null;
const before = shown();
const opsBefore = marks.canvasOps;
requestAnimationFrame(() => {
  const t0 = performance.now();
  input.value = value;
  input.dispatchEvent(new Event('input', { bubbles: true }));
  let resultMs = null;
  let chartMs = hasChart ? null : 0;
  let nextFrame = null;
  requestAnimationFrame(() => {
    nextFrame = { ms: performance.now() - t0, result: shown() !== before, chart: !hasChart || marks.canvasOps > opsBefore };
  });
  const channel = new MessageChannel();
  channel.port1.onmessage = () => {
    const elapsed = performance.now() - t0;
    if (resultMs === null && shown() !== before) resultMs = elapsed;
    if (chartMs === null && marks.canvasOps > opsBefore) chartMs = elapsed;
    if (resultMs !== null && chartMs !== null && nextFrame !== null) {
      channel.port1.close();
      done({ resultMs, chartMs: hasChart ? chartMs : null, updateMs: Math.max(resultMs, chartMs), nextFrame, hasChart, shown: shown() });
      return;
    }
    if (elapsed > deadlineMs) {
      channel.port1.close();
      done({ timeout: true, resultMs, chartMs, hasChart, before, shown: shown() });
      return;
    }
    channel.port2.postMessage(0);
  };
  channel.port2.postMessage(0);
});
"#;

/// One team input measurement. Arguments: the `data-field` name, the value to type, a deadline in ms.
///
/// As [`INPUT_TO_UPDATE`], but for the team form: it types into the first instance's field
/// and checks after each task until the body of the ranking table (`[data-table="team-ranking"]`,
/// every run planned for the team) has changed its text. `tableMs` is when that was first seen
/// (it then waits for the next frame only to report `nextFrame`: whether that frame already
/// showed it).
pub const INPUT_TO_RANKING: &str = r#"
const [field, value, deadlineMs, done] = [arguments[0], arguments[1], arguments[2], arguments[arguments.length - 1]];
const root = document.querySelector('.spark-sizer');
const input = root && root.querySelector(`[data-field="${field}"]`);
const table = () => root.querySelector('[data-table="team-ranking"] tbody');
if (!input || !table()) {
  done({ error: `no [data-field="${field}"] or no [data-table="team-ranking"] body in the first .spark-sizer` });
  return;
}
const shown = () => { const body = table(); return body ? body.textContent : ''; };
const before = shown();
requestAnimationFrame(() => {
  const t0 = performance.now();
  input.value = value;
  input.dispatchEvent(new Event('input', { bubbles: true }));
  let nextFrame = null;
  requestAnimationFrame(() => { nextFrame = { ms: performance.now() - t0, table: shown() !== before }; });
  let tableMs = null;
  const channel = new MessageChannel();
  channel.port1.onmessage = () => {
    const elapsed = performance.now() - t0;
    if (tableMs === null && shown() !== before) tableMs = elapsed;
    if (tableMs !== null && nextFrame !== null) {
      channel.port1.close();
      done({ tableMs, nextFrame });
      return;
    }
    if (elapsed > deadlineMs) {
      channel.port1.close();
      done({ timeout: true, nextFrame });
      return;
    }
    channel.port2.postMessage(0);
  };
  channel.port2.postMessage(0);
});
"#;

/// One "Check by simulation" measurement. Argument: a deadline in ms.
///
/// Waits until the first instance's simulation section has finished (`data-state="done"`: the
/// main run and the sweep), then in a `requestAnimationFrame` callback clicks "Another seed" and
/// checks after each task (as [`INPUT_TO_UPDATE`]) until the verdict for the new seed is in the
/// DOM and a canvas drawing call happened (the in-flight chart: `chartMs`), and then until the
/// sweep is done as well (`sweepMs`). `requests` is the main run's count from the section.
pub const SIM_CLICK_TO_CHART: &str = r#"
const [deadlineMs, done] = [arguments[0], arguments[arguments.length - 1]];
const marks = window.__sparkSizerBench;
const root = document.querySelector('.spark-sizer');
const section = root && root.querySelector('[data-section="simulation"]');
if (!marks || !section) {
  done({ error: !marks ? 'the page probe did not run' : 'no [data-section="simulation"] in the first .spark-sizer' });
  return;
}
const start = performance.now();
const settle = () => {
  if (section.getAttribute('data-state') === 'done') { measure(); return; }
  if (performance.now() - start > deadlineMs) { done({ timeout: true, state: section.getAttribute('data-state') }); return; }
  setTimeout(settle, 20);
};
const measure = () => {
  const button = section.querySelector('[data-action="sim-seed"]');
  const next = String(BigInt(section.getAttribute('data-seed')) + 1n);
  const verdictSelector = `[data-result="simulation"][data-seed="${next}"]`;
  requestAnimationFrame(() => {
    const opsBefore = marks.canvasOps;
    const t0 = performance.now();
    button.click();
    let chartMs = null;
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      const elapsed = performance.now() - t0;
      if (chartMs === null && section.querySelector(verdictSelector) && marks.canvasOps > opsBefore) chartMs = elapsed;
      if (chartMs !== null && section.getAttribute('data-state') === 'done') {
        channel.port1.close();
        const scope = section.querySelector('.ss-sim-scope');
        done({ chartMs, sweepMs: elapsed, seed: next, scope: scope ? scope.textContent : '' });
        return;
      }
      if (elapsed > deadlineMs) {
        channel.port1.close();
        done({ timeout: true, chartMs, state: section.getAttribute('data-state') });
        return;
      }
      channel.port2.postMessage(0);
    };
    channel.port2.postMessage(0);
  });
};
settle();
"#;

/// Every resource the page has fetched so far: absolute URL and when its response ended (ms).
pub const RESOURCES: &str =
    "return performance.getEntriesByType('resource').map((e) => ({ name: e.name, end: e.responseEnd }));";

/// Waits (in the page) for its first contentful paint; returns it in ms, or null after the
/// deadline (ms). For the reference page, which has no widget.
pub const FIRST_CONTENTFUL_PAINT: &str = r#"
const [deadlineMs, done] = [arguments[0], arguments[arguments.length - 1]];
const wait = () => {
  const fcp = performance.getEntriesByName('first-contentful-paint')[0];
  if (fcp) { done(fcp.startTime); return; }
  if (performance.now() > deadlineMs) { done(null); return; }
  setTimeout(wait, 20);
};
wait();
"#;

/// The reference page: one paragraph, no styles, no scripts (what "an empty page" costs).
pub const REFERENCE_PAGE: &str = "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">\
<title>reference</title><link rel=\"icon\" href=\"data:,\"></head><body><p>Reference page.</p></body></html>\n";
