// <sweep-map>: a sweepmap figure as an HTML element, for project pages and static sites.
//
//   <script type="module" src="lib/element.js"></script>
//   <sweep-map src="results.csv" layout="model" model="R1-Qwen" colormap="viridis"></sweep-map>
//
// Importing this module defines the element (once). Each element:
//   - reads its data from the `data` property, else the `src` attribute (fetched relative to the
//     page, with its progress in the status line and a sweepmap-progress event, a Cancel, and a
//     stop after 30 s without a byte), else a child <script type="text/csv"> or <script
//     type="application/json"> (raw text, which ends at the first "</script>"), else a child
//     <template> (HTML-escaped text: any data, "</script>" included); a Parquet `src` (by its
//     name, .parquet or .pq, or format="parquet") is reduced in DuckDB-wasm (reduce.js and
//     ../duckdb/, imported then, never for CSV or JSON) to its configuration table, read with
//     range requests; sweeps and per-item
//     scores are told apart as the explorer does (lib/source.js, which the explorer shares), or
//     by the `kind` attribute;
//   - stops a fetch when removed from the page, and loads again if put back;
//   - turns its attributes into figure options and redraws when they change, at most once per
//     animation frame however many change at once, and when its width changes (ResizeObserver);
//   - starts the wasm through load() (lib/sweepmap.js), so every element on a page shares one
//     fetch and one instance;
//   - is accessible as the explorer's figure is, with the same building block (CellInspector):
//     the canvas is a focusable image labelled with what every panel shows, arrow keys step
//     through the cells, and a polite live region announces the cell reached;
//   - emits sweepmap-hover, sweepmap-click, sweepmap-render, sweepmap-progress and sweepmap-error (bubbling and
//     composed), and shows errors inside itself as text.
// Everything lives in an open shadow root, styled by one constructable stylesheet shared by all
// elements (figure-style.js; no style attributes or <style> elements, so a strict Content-Security-Policy with
// style-src 'self' allows it). Labels from data are only ever written with textContent.

import { freeSliceDataset, load, loadedSlice, loadSliceApi, sliceDataset } from "./sweepmap.js";
import { CellInspector } from "./cells.js";
import { figureStyleSheet } from "./figure-style.js";
import { fetchData, formatOf, LoadCancelled, loadSweep, loadText, namesJsonLines, namesParquet, receivedText, splitNames } from "./source.js";
import { onSchemeChange } from "./theme.js";
// The attributes that shape the figure (one per view setting that has one), which of them are
// flags and which numbers: generated from the core's settings (src/view/typescript.rs). The
// figure reads every setting's attributes from the wasm core (viewOptions), so older and newer
// spellings (colormap or colorMap, reverse or reversed, range or domain, by or value, log or
// logarithmic, model-b or modelB) all work; the run table's (roles, metric, ...) are read by the
// core as a share link's keys (tableLinkOf below).
import { FLAG_ATTRIBUTES, NUMBER_ATTRIBUTES, VIEW_ATTRIBUTES } from "./view-attributes.js";

/** The children that hold data inline: a script (raw text up to the first `</script>`) or a template (HTML-escaped text, any content). */
const INLINE_DATA = ':scope > script[type="text/csv"], :scope > script[type="application/json"], :scope > template';

/** Attributes that choose the data: a change reloads it. */
const DATA_ATTRIBUTES = ["src", "format", "kind", "rename"];
/** The attributes attributeChangedCallback hears of. */
const OBSERVED = new Set([...DATA_ATTRIBUTES, ...VIEW_ATTRIBUTES]);

/** What a scheduled flush must do, from least to most work. */
const SIZE = 1;
const VIEW = 2;
const DATA = 4;

function element(tag, properties = {}, attributes = {}) {
  const node = document.createElement(tag);
  Object.assign(node, properties);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  return node;
}

/** "model-b" -> "modelB": the property that reflects an attribute. */
function camelCase(name) {
  return name.replace(/-([a-z])/g, (_, letter) => letter.toUpperCase());
}

/** Frees a dataset and the slice package's copy of it, if one was made (lib/sweepmap.js). */
function freeDataset(dataset) {
  freeSliceDataset(dataset);
  dataset.free();
}

/** An Error from anything thrown. */
function asError(thrown) {
  return thrown instanceof Error ? thrown : new Error(String(thrown));
}

/** The detail of a hover or click event: where the cell is, its value, and all the figure says. */
function cellDetail(info, via) {
  return {
    panel: info.panel,
    x: info.x,
    y: info.y,
    value: info.value ?? null,
    title: info.title,
    xLabel: info.xLabel,
    yLabel: info.yLabel,
    text: info.text,
    via,
    info,
  };
}

export class SweepMapElement extends HTMLElement {
  #parts;
  #shown;
  #current;
  #inspector;
  #dataValue;
  #dirty;
  #frameRequest;
  #loadCount;
  #drawnWidth;
  /** True while the slice package is being fetched for this element. */
  #sliceLoading = false;
  /**
   * Why the slice package did not load, while the heatmap is drawn instead (the next drawing
   * that asks for a slice tries again); null otherwise.
   */
  #sliceFailure = null;
  #resizeObserver;
  #childObserver;
  #loading;
  #attributeObserver;
  /** Stops listening to the reader's colour scheme (lib/theme.js), while connected. */
  #stopSchemeWatch = null;

  static get observedAttributes() {
    return [...DATA_ATTRIBUTES, ...VIEW_ATTRIBUTES];
  }

  constructor() {
    super();
    const root = this.attachShadow({ mode: "open" });
    root.adoptedStyleSheets = [figureStyleSheet()];
    this.#parts = {
      error: element("p", { className: "error", hidden: true }, { part: "error", role: "alert" }),
      status: element("p", { className: "status" }, { part: "status", role: "status" }),
      statusText: element("span", { textContent: "Loading the figure…" }),
      cancel: element("button", { type: "button", className: "cancel", textContent: "Cancel", hidden: true }, { part: "cancel" }),
      frame: element("div", { className: "frame" }, { part: "frame" }),
      canvas: element("canvas", { tabIndex: 0, hidden: true }, { part: "canvas", role: "img", "aria-label": "Loading the figure", "aria-describedby": "help" }),
      outline: element("div", { className: "outline", hidden: true }),
      tooltip: element("div", { className: "tooltip", hidden: true }, { part: "tooltip", "aria-hidden": "true" }),
      help: element("p", {
        id: "help",
        className: "visually-hidden",
        textContent: "Arrow keys step through the cells, Home and End jump to a row's ends, Enter selects a cell, Escape hides it.",
      }),
      announcer: element("div", { className: "visually-hidden" }, { "aria-live": "polite" }),
    };
    const { error, status, statusText, cancel, frame, canvas, outline, tooltip, help, announcer } = this.#parts;
    status.append(statusText, cancel);
    cancel.addEventListener("click", () => this.#loading?.abort());
    frame.append(canvas, outline, tooltip);
    root.append(error, status, frame, help, announcer);
    this.#inspector = new CellInspector(
      { canvas, frame, tooltip, outline, announcer },
      {
        onCell: (info, via) => this.#emit("sweepmap-hover", info ? cellDetail(info, via) : null),
        onActivate: (info, via) => this.#emit("sweepmap-click", cellDetail(info, via)),
      },
    );
    /** The latest data loaded: { api, kind, dataset }; drawn unless the attributes refuse. */
    this.#current = null;
    /** The figure drawn (a SweepFigure or SweepPairwiseFigure) and the data it shows. */
    this.#shown = { figure: null, dataset: null, kind: null };
    this.#dataValue = null;
    this.#dirty = DATA;
    this.#frameRequest = 0;
    /** Counts loads, so the answer of a superseded one is dropped. */
    this.#loadCount = 0;
    /** The AbortController of the fetch under way, if any: Cancel, a newer load or disconnecting stops it. */
    this.#loading = null;
    this.#drawnWidth = 0;
    this.#resizeObserver = new ResizeObserver(() => {
      if (this.#shown.figure && this.#width() !== this.#drawnWidth) this.#schedule(SIZE);
    });
    this.#childObserver = new MutationObserver(() => {
      if (this.#dataValue === null && !this.hasAttribute("src")) this.#schedule(DATA);
    });
    // Attributes beyond observedAttributes (a setting's option name, or one the wasm core adds)
    // redraw too: the view settings are the core's, known only once it is loaded.
    this.#attributeObserver = new MutationObserver((records) => {
      if (records.some((record) => !OBSERVED.has(record.attributeName))) this.#schedule(VIEW);
    });
  }

  connectedCallback() {
    // A property set before this module defined the element sits on the instance and hides the
    // class' accessor: take it over (the usual custom-element "lazy property" step).
    for (const property of ["data", ...[...DATA_ATTRIBUTES, ...VIEW_ATTRIBUTES].map(camelCase)]) {
      if (Object.hasOwn(this, property)) {
        const value = this[property];
        delete this[property];
        this[property] = value;
      }
    }
    this.#resizeObserver.observe(this);
    this.#childObserver.observe(this, { childList: true, subtree: true, characterData: true });
    this.#attributeObserver.observe(this, { attributes: true });
    // A figure whose theme is "auto" (the default) follows the reader's colour scheme.
    this.#stopSchemeWatch = onSchemeChange(() => {
      if (this.#shown.figure && (this.getAttribute("theme")?.trim() || "auto") === "auto") this.#schedule(VIEW);
    });
    this.#schedule(this.#dirty || SIZE);
    // An element with data starts the wasm now: it downloads and compiles while the element
    // waits for the frame it draws in. A failure is reported when the element draws.
    if (this.#hasSource()) load().catch(() => {});
  }

  disconnectedCallback() {
    this.#resizeObserver.disconnect();
    this.#stopSchemeWatch?.();
    this.#childObserver.disconnect();
    this.#attributeObserver.disconnect();
    if (this.#frameRequest) cancelAnimationFrame(this.#frameRequest);
    this.#frameRequest = 0;
    // A detached element neither fetches nor draws: a load under way stops, and starts again
    // if the element is connected again (what it asked for is still to do).
    if (this.#loading) {
      this.#loading.abort();
      this.#loading = null;
      this.#loadCount += 1;
      this.#dirty |= DATA;
    }
  }

  attributeChangedCallback(name, oldValue, newValue) {
    if (oldValue === newValue) return;
    this.#schedule(DATA_ATTRIBUTES.includes(name) ? DATA : VIEW);
  }

  // -------------------------------------------------------------------------------------------
  // Properties

  /** The data as text (CSV or JSON) or as a JSON object; null to read `src` or the child again. */
  get data() {
    return this.#dataValue;
  }

  set data(value) {
    this.#dataValue = value === undefined ? null : value;
    this.#schedule(DATA);
  }

  /** The live figure (SweepFigure or SweepPairwiseFigure), or null before the first drawing. */
  get figure() {
    return this.#shown.figure;
  }

  /**
   * The data the figure shows (a SweepDataset or SweepPairwise), or null. Not named `dataset`:
   * that is every element's map of data-* attributes.
   */
  get loadedData() {
    return this.#shown.dataset;
  }

  /** "sweep" or "pairwise": what the shown data are; null before the first drawing. */
  get dataKind() {
    return this.#shown.kind;
  }

  /** Fetches `src` (or reads the inline data) again and redraws. */
  reload() {
    this.#schedule(DATA);
  }

  // -------------------------------------------------------------------------------------------
  // Scheduling: everything asked for within one frame is done once, at the next frame.

  #schedule(what) {
    this.#dirty |= what;
    if (this.#frameRequest || !this.isConnected) return;
    this.#frameRequest = requestAnimationFrame(() => {
      this.#frameRequest = 0;
      this.#flush();
    });
  }

  #flush() {
    const what = this.#dirty;
    this.#dirty = 0;
    if (what & DATA) {
      this.#loadAndDraw();
    } else if (what & VIEW) {
      this.#tryDraw(() => this.#draw());
    } else if (what & SIZE) {
      this.#tryDraw(() => this.#resizeFigure());
    }
  }

  // -------------------------------------------------------------------------------------------
  // Loading

  async #loadAndDraw() {
    const count = ++this.#loadCount;
    this.#loading?.abort();
    const controller = new AbortController();
    this.#loading = controller;
    const current = () => count === this.#loadCount;
    let loaded;
    try {
      const source = this.#readSource();
      if (source === null) {
        // Nothing to show yet: an element made by script gets its data later.
        return;
      }
      // The data are fetched while the wasm loads, not after.
      const api = load();
      api.catch(() => {});
      let text = source.text;
      const fetchText = async () => {
        this.#showStatus(`Loading ${source.name}…`, { cancel: true });
        const onProgress = (progress) => {
          if (!current()) return;
          this.#showStatus(`Loading ${source.name}: ${receivedText(progress)}…`, { cancel: true });
          this.#emit("sweepmap-progress", { received: progress.received, total: progress.total });
        };
        try {
          text = await text({ signal: controller.signal, onProgress });
        } catch (error) {
          if (error instanceof LoadCancelled) throw error;
          throw new Error(`could not fetch ${source.name}: ${asError(error).message}`);
        }
      };
      if (typeof text !== "string" && !source.parquet) await fetchText();
      const wasm = await api;
      if (!current()) return;
      let format = formatOf(wasm, source.path, source.format);
      let kind = source.kind;
      let reduced = null;
      if (source.parquet) {
        // Parquet: reduced in DuckDB-wasm (reduce.js, fetched now with DuckDB; README "Parquet
        // in the page") to its configuration table, then opened as that CSV would be.
        const { reduceParquet } = await import("./reduce.js");
        const progress = (_, message) => {
          if (current()) this.#showStatus(`${message}…`, { cancel: true });
        };
        try {
          reduced = await reduceParquet(wasm, { url: source.url, name: source.name, format: source.reduce, progress, signal: controller.signal });
        } catch (error) {
          if (error instanceof LoadCancelled) throw error;
          // JSON lines that are an lm-evaluation-harness samples log: read whole, as text.
          if (!error?.readWhole) throw new Error(`could not reduce ${source.name} in DuckDB-wasm: ${asError(error).message}`);
        }
        if (!current()) return;
        if (reduced) {
          ({ text, kind } = reduced);
          format = "csv";
        } else {
          await fetchText();
        }
      }
      try {
        // rename="old=new,...": the models of lm-evaluation-harness files renamed (the importers'
        // rename, which reads the text and refuses an empty name, two names for one model and a
        // name another model has).
        const rename = this.getAttribute("rename")?.trim() || undefined;
        loaded = await loadText(wasm, text, { format, kind, link: tableLinkOf(this, wasm), name: source.path || undefined, rename });
      } catch (error) {
        throw new Error(`could not read ${source.name}${reduced ? ", reduced in DuckDB," : ""}: ${asError(error).message}`);
      }
      if (reduced) loaded.reduced = { rows: reduced.rows, configurations: reduced.configurations, note: reduced.note };
      // A run table is projected again from its text when its view attributes change.
      if (loaded.sweep) Object.assign(loaded, { text, format });
    } catch (error) {
      if (!current()) return;
      if (error instanceof LoadCancelled) this.#showStatus(error.message);
      else this.#fail(asError(error).message);
      return;
    } finally {
      if (this.#loading === controller) this.#loading = null;
    }
    if (!current()) {
      freeDataset(loaded.dataset);
      return;
    }
    // Data loaded but never drawn (the attributes refused them) are replaced.
    if (this.#current && this.#current.dataset !== this.#shown.dataset) freeDataset(this.#current.dataset);
    this.#current = loaded;
    this.#tryDraw(() => this.#draw());
  }

  /** Shows a line of status above the figure (a figure already drawn stays), with a Cancel when `cancel`. */
  #showStatus(message, { cancel = false } = {}) {
    const { status, statusText } = this.#parts;
    statusText.textContent = message;
    this.#parts.cancel.hidden = !cancel;
    status.hidden = false;
  }

  /** True when the element has data to show: the data property, `src` or an inline script. */
  #hasSource() {
    return this.#dataValue !== null || Boolean(this.getAttribute("src")) || this.querySelector(INLINE_DATA) !== null;
  }

  /**
   * Where the data come from: { text (a string, or a function of { signal, onProgress }
   * resolving to one), format (declared, or "auto"), path (a name whose extension may tell the
   * format), kind, name (for messages) }, or null when the element has none yet.
   */
  #readSource() {
    const kind = this.#kindAttribute();
    const format = this.#formatAttribute();
    const src = this.getAttribute("src");
    if (format === "parquet" && !(this.#dataValue === null && src)) {
      throw new Error('format "parquet" is for a src address: Parquet is read from a file, not from text');
    }
    if (this.#dataValue !== null) {
      const text = typeof this.#dataValue === "string" ? this.#dataValue : JSON.stringify(this.#dataValue);
      return { text, format, path: "", kind, name: "the data property" };
    }
    if (src) {
      const url = new URL(src, this.ownerDocument.baseURI);
      // Parquet is not fetched whole: DuckDB-wasm reads the parts it needs (range requests).
      const parquet = format === "parquet" || (format === "auto" && namesParquet(url.pathname));
      // JSON lines (by name) are streamed into DuckDB-wasm in chunks, never held whole as text.
      const jsonLines = format === "auto" && namesJsonLines(url.pathname);
      return {
        text: parquet ? "" : ({ signal, onProgress }) => fetchData(url, { signal, onProgress, name: src }),
        format: parquet ? "csv" : format,
        path: url.pathname,
        kind,
        name: `"${src}"`,
        parquet: parquet || jsonLines,
        reduce: parquet ? "parquet" : "jsonl",
        url: url.href,
      };
    }
    const inline = this.querySelector(INLINE_DATA);
    if (inline instanceof HTMLTemplateElement) {
      // HTML-escaped text (&lt; for <, &amp; for &), decoded by the parser; markup in it means
      // the text was not escaped, and part of it is lost.
      const markup = inline.content.firstElementChild;
      if (markup) {
        throw new Error(
          `the inline data in <template> hold markup (<${markup.localName}>): write < as &lt; and & as &amp; in the data`,
        );
      }
      return { text: inline.content.textContent, format, path: "", kind, name: "the inline data" };
    }
    if (inline) {
      const inlineFormat = inline.type === "application/json" ? "json" : "csv";
      return { text: inline.textContent, format: format === "auto" ? inlineFormat : format, path: "", kind, name: "the inline data" };
    }
    return null;
  }

  #formatAttribute() {
    return oneOf(this, "format", ["auto", "csv", "json", "parquet"]) ?? "auto";
  }

  #kindAttribute() {
    return oneOf(this, "kind", ["auto", "sweep", "pairwise"]) ?? "auto";
  }

  // -------------------------------------------------------------------------------------------
  // Drawing

  /** The width to draw at: the element's own, in whole CSS pixels. */
  #width() {
    return Math.max(1, Math.floor(this.#parts.frame.clientWidth || this.clientWidth));
  }

  /** Runs a drawing step (false: nothing drawn); on failure shows the error. */
  #tryDraw(step) {
    try {
      if (step() === false) return;
    } catch (error) {
      this.#fail(asError(error).message);
      return;
    }
    this.#rendered();
  }

  /**
   * Draws the current data with the options the attributes give. Reuses the figure when it is
   * of the same kind; frees the data it replaces only once the new ones drew. Throws (leaving
   * the figure as it was) when the figure refuses the options.
   */
  #draw() {
    let loaded = this.#current;
    if (!loaded) return false;
    if (loaded.sweep) {
      // A run table at the view its attributes give now (projected again when they changed).
      const link = tableLinkOf(this, loaded.api);
      if (link !== loaded.sweep.given) {
        const next = { ...loaded, ...loadSweep(loaded.api, loaded.text, loaded.format, { link }) };
        if (loaded.dataset !== this.#shown.dataset) freeDataset(loaded.dataset);
        this.#current = loaded = next;
      }
    }
    const { api } = loaded;
    const pairwise = loaded.kind === "pairwise";
    const options = { ...viewOptions(this, api, loaded.kind), width: this.#width() };
    // A slice is drawn by the slice package, fetched the first time one is asked for: nothing
    // is drawn until it is there, then the element draws again. When it could not load, the
    // heatmap is drawn instead and the element says why (once: the next drawing tries again).
    const sliceApi = !pairwise && options.chart === "slice" ? loadedSlice() : null;
    const fallback = this.#sliceFailure;
    this.#sliceFailure = null;
    if (!pairwise && options.chart === "slice" && !sliceApi) {
      if (fallback === null) {
        this.#awaitSlice();
        return false;
      }
      options.chart = "heatmap";
    }
    const Figure = pairwise ? api.SweepPairwiseFigure : sliceApi ? sliceApi.SweepFigure : api.SweepFigure;
    const dataset = sliceApi ? sliceDataset(loaded.dataset) : loaded.dataset;
    const old = this.#shown;
    let figure = old.figure;
    if (!(figure instanceof Figure)) {
      figure = new Figure(dataset, this.#parts.canvas, options);
      old.figure?.free();
    } else if (loaded.dataset !== old.dataset) {
      if (pairwise) figure.setData(dataset, options);
      else figure.setDataset(dataset, options);
    } else {
      figure.update(options);
    }
    if (old.dataset && old.dataset !== loaded.dataset) freeDataset(old.dataset);
    this.#shown = {
      figure,
      dataset: loaded.dataset,
      kind: loaded.kind,
      sweep: loaded.sweep,
      notes: loaded.notes,
      reduced: loaded.reduced ?? null,
      fallback: options.chart === "heatmap" ? fallback : null,
      renameNote: loaded.renameNote ?? null,
    };
    this.#drawnWidth = options.width;
    return true;
  }

  /** Fetches the slice package (once) and draws again when it is there; says so meanwhile. */
  #awaitSlice() {
    if (this.#sliceLoading) return;
    this.#sliceLoading = true;
    this.#showStatus("Loading the slice view…");
    loadSliceApi().then(
      () => {
        this.#sliceLoading = false;
        this.#schedule(VIEW);
      },
      (error) => {
        this.#sliceLoading = false;
        this.#sliceFailure = `could not load the slice package (${asError(error).message}); showing the heatmap instead`;
        this.#schedule(VIEW);
      },
    );
  }

  #resizeFigure() {
    const { figure } = this.#shown;
    if (!figure) return false;
    const width = this.#width();
    if (width === this.#drawnWidth) return false;
    figure.resize(width);
    this.#drawnWidth = width;
    return true;
  }

  /** After a drawing: show the canvas, clear any error, refresh the inspector, tell listeners. */
  #rendered() {
    const { figure, kind, sweep, notes, reduced, fallback, renameNote } = this.#shown;
    const { canvas, status, error } = this.#parts;
    canvas.hidden = false;
    status.hidden = true;
    // What the run-table attributes name that the file does not have: said in the element (the
    // default view's choice is drawn instead), as a link's notices are in the explorer; why a
    // slice asked for is drawn as the heatmap (its package did not load); and a `rename` these
    // data have no use for (no importer named their models).
    const notices = [...(fallback ? [fallback] : []), ...(sweep?.linkNotices ?? []), ...(renameNote ? [renameNote] : [])];
    error.textContent = notices.join(" ");
    error.hidden = notices.length === 0;
    this.#inspector.setFigure(figure);
    const size = figure.size();
    this.#emit("sweepmap-render", {
      kind,
      panels: figure.panels().map((panel) => panel.title),
      // A CSV opened as a run table: what was inferred and what to check (lib/source.js
      // loadSweep); lm-evaluation-harness results: what the importer merged or left out.
      inferred: sweep?.notices ?? notes ?? [],
      // What the run-table attributes name that the file does not have (the default view's
      // choice is drawn instead).
      notices,
      // Parquet reduced in DuckDB-wasm: { rows, configurations, note }, else null.
      reduced,
      width: size.width,
      height: size.height,
    });
  }

  /** Shows an error as text inside the element and tells listeners; a drawn figure stays. */
  #fail(message) {
    const { error, status } = this.#parts;
    error.textContent = message;
    error.hidden = false;
    status.hidden = true;
    this.#emit("sweepmap-error", { message });
  }

  #emit(type, detail) {
    this.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
  }
}

// Properties that reflect the view attributes: strings, numbers (null when absent) and flags.
for (const name of [...DATA_ATTRIBUTES, ...VIEW_ATTRIBUTES]) {
  const property = camelCase(name);
  let descriptor;
  if (FLAG_ATTRIBUTES.has(name)) {
    descriptor = {
      get() {
        let value = null;
        try {
          value = flag(this, name);
        } catch {
          // An invalid value reads as the default here; drawing reports it as an error.
        }
        return value ?? FLAG_ATTRIBUTES.get(name);
      },
      set(value) {
        // A flag on by default is written out, as absent would read as on.
        if (FLAG_ATTRIBUTES.get(name)) this.setAttribute(name, value ? "true" : "false");
        else this.toggleAttribute(name, Boolean(value));
      },
    };
  } else if (NUMBER_ATTRIBUTES.has(name)) {
    descriptor = {
      get() {
        const text = this.getAttribute(name);
        const value = text === null || text.trim() === "" ? null : Number(text);
        return Number.isFinite(value) ? value : null;
      },
      set(value) {
        if (value === null || value === undefined) this.removeAttribute(name);
        else this.setAttribute(name, String(value));
      },
    };
  } else {
    descriptor = {
      get() {
        return this.getAttribute(name);
      },
      set(value) {
        if (value === null || value === undefined) this.removeAttribute(name);
        else this.setAttribute(name, String(value));
      },
    };
  }
  Object.defineProperty(SweepMapElement.prototype, property, { ...descriptor, configurable: true, enumerable: true });
}

// -------------------------------------------------------------------------------------------
// Attributes as figure options. Absent attributes give null, which the figure reads as its
// default, so the options always say the whole view and a removed attribute takes effect.

/** An attribute's text, or null when absent or empty. */
function text(host, name) {
  const value = host.getAttribute(name);
  return value === null || value.trim() === "" ? null : value.trim();
}

/** An on-or-off attribute: null when absent; present, "" or "true" is on; "false" is off. */
function flag(host, name) {
  const value = host.getAttribute(name);
  if (value === null) return null;
  const normalized = value.trim().toLowerCase();
  if (normalized === "" || normalized === "true" || normalized === name) return true;
  if (normalized === "false") return false;
  throw new Error(`attribute "${name}": expected "true", "false" or no value, found "${value}"`);
}

/** A number attribute, or null when absent or empty. */
function number(host, name) {
  const value = text(host, name);
  if (value === null) return null;
  const parsed = Number(value);
  if (!Number.isFinite(parsed)) throw new Error(`attribute "${name}": expected a number, found "${value}"`);
  return parsed;
}

/** An attribute that must be one of `choices`, or null when absent or empty. */
function oneOf(host, name, choices) {
  const value = text(host, name);
  if (value === null) return null;
  if (!choices.includes(value)) {
    throw new Error(`attribute "${name}": expected one of ${choices.map((choice) => `"${choice}"`).join(", ")}, found "${value}"`);
  }
  return value;
}

/** A `decimals` attribute: "auto" (or absent) for automatic, else a whole number. */
function decimals(host, name) {
  const value = text(host, name);
  if (value === null || value === "auto") return null;
  const parsed = Number(value);
  if (!Number.isInteger(parsed)) throw new Error(`attribute "${name}": expected "auto" or a whole number, found "${value}"`);
  return parsed;
}

/**
 * A run table's view attributes (roles, metric, direction, x, y, others, binned: the view
 * settings of the core that neither sweeps nor pairwise figures take) written as a share link's
 * keys, which the core reads (openLinkedSweep in lib/source.js loadSweep): one reader and one
 * spelling for both.
 */
function tableLinkOf(host, api) {
  if (!settingsOf.has(api)) settingsOf.set(api, api.linkSchema().settings);
  const pairs = [];
  for (const setting of settingsOf.get(api)) {
    if (setting.sweep || setting.pairwise || setting.attributes.length === 0) continue;
    const name = setting.attributes.find((attribute) => host.hasAttribute(attribute));
    if (name !== undefined) pairs.push([setting.link, host.getAttribute(name)]);
  }
  return new URLSearchParams(pairs).toString();
}

/** The view settings of the wasm core (linkSchema().settings), read once per wasm instance. */
const settingsOf = new WeakMap();

/**
 * A figure's options from the element's attributes, by the view settings the wasm core declares
 * (each with its attributes: its own first, then older spellings and the option name): every
 * setting of the kind of data with an attribute, null when none of its attributes is given.
 */
function viewOptions(host, api, kind) {
  if (!settingsOf.has(api)) settingsOf.set(api, api.linkSchema().settings);
  const options = {};
  for (const setting of settingsOf.get(api)) {
    if (!setting[kind] || setting.attributes.length === 0) continue;
    const name = setting.attributes.find((attribute) => host.hasAttribute(attribute)) ?? setting.attributes[0];
    options[setting.option] = attributeValue(host, api, name, setting);
  }
  return options;
}

/** An attribute as the value of a setting of its kind. */
function attributeValue(host, api, name, setting) {
  switch (setting.kind) {
    case "flag":
      return flag(host, name);
    case "list": {
      // Comma-separated as links write it: `\,` for a comma inside a name, `\\` for a backslash.
      const names = text(host, name);
      return names === null ? null : splitNames(api, names);
    }
    case "number":
      return setting.option === "decimals" ? decimals(host, name) : number(host, name);
    default:
      return text(host, name);
  }
}

if (!customElements.get("sweep-map")) customElements.define("sweep-map", SweepMapElement);
