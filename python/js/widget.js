// The front end of the Python widget (sweepmap.Figure): an anywidget module (render({ model, el }))
// that draws with the project's own JS, bundled with it into one file by python/build.sh
// (it is imported from a blob: URL, so it cannot import siblings). Each figure's _esm is the
// loader (loader.js), which imports this module once per page from the kernel's one model of
// it (`_module`), so every figure of a page runs this same module.
//
//   - The wasm comes from the kernel as bytes: a blob: module has no address to find it beside
//     itself, and nothing is fetched. The bytes are not the figure's: `_wasm` refers
//     ("IPY_MODEL_<id>") to the kernel's one model of them (sweepmap._figure.Asset: name,
//     sha256, value), got through model.widget_manager.get_model, so a front end receives them
//     once however many figures it shows, and a notebook saved with its widget state holds them
//     once. What is shared lives on globalThis (`shared`), so that it holds across copies of
//     this module (a kernel restarted with another sweepmap): the compiled WebAssembly.Module
//     per SHA-256, compiled once per page; the glue (load()) instantiates it once per copy.
//   - The data come as text (`_text`, a DataFrame written to CSV by Python, with `_name`, a file
//     name or ""), read by the page's rule (lib/source.js loadSweep) when Python names nothing,
//     and as a run table with what it names otherwise (readData). `_load` holds what Python
//     names: the loader's columns (x, y, value, model, ...), which name the run table's axes and
//     metric, run-table roles and a run-table view. Unlike loadSweep, the run table's projection
//     is kept: hover tells a cell's runs.
//   - `_view` holds SweepFigure's options (names as the figure takes them); a change redraws.
//   - Per-item scores (the core's guessKind, else the sweep loaders) are read and drawn by the
//     pairwise package (www/pkg/pairwise/): its glue is bundled here, its wasm is the shared
//     model `_wasm_pairwise` refers to, referred to by Python only for such data (the widget asks
//     with a "pairwise" message when Python did not); `_load.pairwise` names their columns
//     (item, model, score, group) and `_pairwise_view` holds SweepPairwiseFigure's options.
//   - A slice (`_view.chart` "slice") is drawn by the slice package (www/pkg/slice/, as
//     <sweep-map> draws one): its glue is bundled here, its wasm is the shared model
//     `_wasm_slice` refers to, which Python refers to only once the figure asks for a slice (so
//     a page whose figures never show one never receives it); started once per page, it draws
//     the same data read there from their JSON (lib/sweepmap.js sliceDataset). Hover on a slice
//     reports its point ({ series, position, text, ... }).
//   - Hover, click and keyboard come from CellInspector (lib/cells.js), as in <sweep-map>:
//     hover sets the `hover` trait, a click sets `click` and sends a "click" message.
//   - For a run table, what was inferred and what to check (the page's notices) is listed above
//     the figure unless `notes` is off, and sent back as `inferred`; for a lazy frame reduced in
//     its engine, `reduced` (what was reduced where) comes first.
//   - Errors (the core's message) are shown in the widget and set the `error` trait; a figure
//     already drawn stays.
//   - Python asks for exports with an "export" message (`svg`, `png` or `pdf`) and gets the
//     answer back as an "export" message (PNG or PDF bytes as a buffer); while the core refuses
//     the data or the view, the answer is its message (a figure still shown is not what the
//     traits ask for). An SVG is written by the pairwise package, which has the exports
//     (lib/sweepmap.js withExports): Python refers to its wasm with the first SVG or PDF export.
//     A PDF is made as the page makes it (www/export.js exportPdf): the paper package
//     (www/pkg/paper/, glue bundled here) turns the figure's SVG into a PDF with its fonts.
//     Python names the package by SHA-256 (`paper`); a page that has not got it asks with a
//     "paper" message and gets its wasm and both fonts as buffers, once per page: the loaded
//     package is shared on globalThis as the wasm is.
//   - A host whose widget manager cannot give the Asset model (no widget_manager.get_model, as
//     in hosts that run anywidget without ipywidgets' manager) gets the bytes by asking the kernel
//     ("wasm"), as for the paper package: once per page where figures draw one after another.
// Labels from data are only ever written with textContent (the tooltip is CellInspector's).
// Everything lives in a shadow root with <sweep-map>'s stylesheet (lib/figure-style.js).

import {
  freeSliceDataset,
  load,
  loadedSlice,
  loadPairwiseApi,
  loadPaperApi,
  loadSliceApi,
  sliceDataset,
  withExports,
} from "../../www/lib/sweepmap.js";
import { CellInspector } from "../../www/lib/cells.js";
import { figureStyleSheet } from "../../www/lib/figure-style.js";
import { formatOf, loadEitherKind, messageOf } from "../../www/lib/source.js";

/** An element with a class and attributes. */
function element(tag, className, attributes = {}) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  return node;
}

/**
 * Reads the data text with what Python named. With nothing named, this is the page's rule
 * (lib/source.js loadSweep): the tidy loader, and for CSV it refuses for its columns, the run
 * table at its default view. With columns, roles or a view named, CSV is read as a run table
 * with them (with two parameters it gives the tidy loader's dataset; with more, the others are
 * fixed or best over, as its notes say, where the tidy loader would refuse the file); JSON,
 * whose axes are its own, by the tidy loader. Returns { dataset, projection? } (the projection,
 * kept for hover, says which runs a cell holds and what was inferred).
 */
function readSweep(api, text, format, options) {
  const columns = options.columns ?? {};
  const named = Object.keys(columns).length > 0 || Boolean(options.roles) || Boolean(options.view);
  if (!named || format === "json") {
    try {
      return { dataset: api.loadDataset(text, { format, roles: columns }) };
    } catch (error) {
      if (!error?.roleError) throw error;
      let table;
      try {
        table = api.openSweep(text);
        const projection = table.project();
        return { dataset: projection.dataset(), projection };
      } catch {
        throw error;
      } finally {
        table?.free();
      }
    }
  }
  const table = api.openSweep(text, { ...columns, roles: options.roles ?? undefined });
  try {
    const projection = table.project(options.view ?? undefined);
    return { dataset: projection.dataset(), projection };
  } finally {
    table.free();
  }
}

/**
 * Reads the data text as the page does (lib/source.js loadEitherKind): per-item scores when the
 * core guesses so (then, if their loader refuses the text, a sweep), else a sweep (readSweep).
 * `pairwiseApi()` resolves to the pairwise package, or to null while its wasm has not arrived
 * (then this resolves to null: the widget reads again when it comes). Resolves to { kind, api,
 * dataset, projection? }.
 */
async function readData(api, text, name, options, pairwiseApi) {
  const format = formatOf(api, name);
  return loadEitherKind(
    "auto",
    // An item column named from Python says what the data are; else the core guesses.
    async () => (options.pairwise?.item ? "pairwise" : api.guessKind(text, format)),
    async (kind) => {
      if (kind === "sweep") return { kind, api, ...readSweep(api, text, format, options) };
      const pairwise = await pairwiseApi();
      if (!pairwise) return null;
      const roles = Object.fromEntries(Object.entries(options.pairwise ?? {}).filter(([, column]) => column));
      return { kind, api: pairwise, dataset: pairwise.loadPairwise(text, { format, roles }) };
    },
  );
}

/** Frees data read (readData) and the slice package's copy of them, if one was made. */
function freeData(data) {
  freeSliceDataset(data.dataset);
  data.dataset.free();
  data.projection?.free();
}

/** A hovered or clicked cell as Python sees it: the figure's cell info, how it was reached, and for a run table its runs. */
function cellDetail(info, via, projection) {
  const detail = { ...info, via };
  // A slice's point ({ series, position, ... }) is no cell of the run table.
  if (projection && !("series" in info)) {
    try {
      detail.runs = projection.cellRuns(info.model ?? "", info.benchmark ?? "", info.x, info.y) ?? null;
    } catch {
      detail.runs = null;
    }
  }
  return detail;
}

/**
 * Bytes from the kernel: ipywidgets hands binary traits and message buffers over as DataViews,
 * which WebAssembly.compile refuses (it takes an ArrayBuffer or a typed array).
 */
function bytesOf(value) {
  return ArrayBuffer.isView(value) ? new Uint8Array(value.buffer, value.byteOffset, value.byteLength) : new Uint8Array(value);
}

/**
 * What every figure of the page shares, whichever copy of this module it runs (anywidget
 * imports it once per figure): compiled wasm modules and the loaded paper package, each a
 * promise under its SHA-256.
 * @type {{ modules: Map<string, Promise<WebAssembly.Module>>, paper: Map<string, Promise<any>> }}
 */
const shared = (globalThis[Symbol.for("sweepmap.widget.shared")] ??= { modules: new Map(), paper: new Map() });

/** A promise kept under `key` in `map` until it fails (then the next caller tries again). */
function sharedPromise(map, key, start) {
  let pending = map.get(key);
  if (!pending) {
    pending = start();
    map.set(key, pending);
    pending.catch(() => {
      if (map.get(key) === pending) map.delete(key);
    });
  }
  return pending;
}

const REFERENCE = "IPY_MODEL_";

/** The model of an id through the host's widget manager, or null where there is none or it lacks the model. */
async function referredModel(model, id) {
  try {
    return (await model.widget_manager?.get_model?.(id)) ?? null;
  } catch {
    return null;
  }
}

/**
 * The compiled wasm the model's trait `name` refers to (a shared Asset model), or null when it
 * refers to none. Compiled once per page per SHA-256, however many figures ask. A host without
 * widget references (no widget_manager.get_model, or without that model) asks the kernel for
 * the bytes with a "wasm" message, naming the packages the page has compiled (the kernel then
 * sends only its SHA-256).
 */
async function wasmModule(model, name, ask) {
  const reference = model.get(name);
  if (typeof reference !== "string" || !reference.startsWith(REFERENCE)) return null;
  const asset = await referredModel(model, reference.slice(REFERENCE.length));
  if (asset) {
    return sharedPromise(shared.modules, asset.get("sha256"), () => WebAssembly.compile(bytesOf(asset.get("value"))));
  }
  const { message, buffers } = await ask({ type: "wasm", trait: name, have: [...shared.modules.keys()] });
  return sharedPromise(shared.modules, message.sha256, async () => {
    if (!buffers?.length) throw new Error("the kernel sent no wasm");
    return WebAssembly.compile(bytesOf(buffers[0]));
  });
}

/** The PNG of a figure at `pixelRatio`, as bytes. */
async function pngBytes(figure, pixelRatio) {
  const canvas = document.createElement("canvas");
  figure.renderTo(canvas, pixelRatio);
  const blob = await new Promise((resolve, reject) =>
    canvas.toBlob((result) => (result ? resolve(result) : reject(new Error("the browser could not encode the PNG"))), "image/png"),
  );
  return blob.arrayBuffer();
}

async function render({ model, el }) {
  // The figure lives in a shadow root styled as <sweep-map> is (lib/figure-style.js), so a
  // notebook's own styles neither reach it nor are changed by it.
  const host = element("div", "sweepmap-widget");
  el.append(host);
  const root = host.attachShadow({ mode: "open" });
  root.adoptedStyleSheets = [figureStyleSheet()];
  const parts = {
    error: element("p", "error", { role: "alert" }),
    notes: element("ul", "notes"),
    frame: element("div", "frame"),
    canvas: element("canvas", "", { role: "img", "aria-label": "Loading the figure", "aria-describedby": "description", tabindex: "0" }),
    outline: element("div", "outline"),
    tooltip: element("div", "tooltip", { "aria-hidden": "true" }),
    announcer: element("div", "visually-hidden", { "aria-live": "polite" }),
    // The canvas' accessible description: the key observations (or the comparisons), as the
    // explorer's; its name is the one the core gives each painting (a slice's for a slice).
    description: element("p", "visually-hidden", { id: "description" }),
  };
  parts.error.hidden = true;
  parts.notes.hidden = true;
  parts.outline.hidden = true;
  parts.tooltip.hidden = true;
  parts.frame.append(parts.canvas, parts.outline, parts.tooltip);
  root.append(parts.error, parts.notes, parts.frame, parts.announcer, parts.description);

  /** What is drawn: the figure, the data it shows and the run table's projection, if any. */
  let figure = null;
  let shown = null;
  let drawnWidth = 0;
  let closed = false;

  const tell = (changes) => {
    if (closed) return;
    for (const [name, value] of Object.entries(changes)) model.set(name, value);
    model.save_changes();
  };
  const fail = (error) => {
    const message = messageOf(error);
    parts.error.textContent = message;
    parts.error.hidden = false;
    tell({ error: message });
  };

  const inspector = new CellInspector(
    { canvas: parts.canvas, frame: parts.frame, tooltip: parts.tooltip, outline: parts.outline, announcer: parts.announcer },
    {
      onCell: (info, via) => tell({ hover: info ? cellDetail(info, via, shown?.projection) : null }),
      onActivate: (info, via) => {
        const detail = cellDetail(info, via, shown?.projection);
        tell({ click: detail });
        model.send({ type: "click", cell: detail });
      },
    },
  );

  // Questions to the kernel ("wasm", "paper"), each answered by a message of its type with the
  // same `ask` (unique to this view: every view of a model hears every answer); those still
  // open when the figure closes fail.
  const asked = new Map();
  const view = Math.random().toString(36).slice(2);
  let asks = 0;
  const ask = (content) =>
    new Promise((resolve, reject) => {
      const id = `${view}-${++asks}`;
      const listener = (message, buffers) => {
        if (message?.type !== content.type || message.ask !== id) return;
        model.off("msg:custom", listener);
        asked.delete(id);
        resolve({ message, buffers });
      };
      asked.set(id, () => {
        model.off("msg:custom", listener);
        reject(new Error("the figure was closed"));
      });
      model.on("msg:custom", listener);
      model.send({ ...content, ask: id });
    });

  let api;
  try {
    api = await load(await wasmModule(model, "_wasm", ask));
  } catch (error) {
    fail(`could not start sweepmap's WebAssembly: ${messageOf(error)}`);
    return () => {};
  }

  // The pairwise package, once Python refers to its wasm (asked for once, with a message). A
  // read that found it missing waits for it (then the data are read again); an export's does not.
  let askedForPairwise = false;
  let readWaitsForPairwise = false;
  const pairwiseApi = async () => {
    const module = await wasmModule(model, "_wasm_pairwise", ask);
    if (module) return loadPairwiseApi(module);
    readWaitsForPairwise = true;
    if (!askedForPairwise) {
      askedForPairwise = true;
      model.send({ type: "pairwise" });
    }
    return null;
  };

  // The paper package, for PDF exports: shared by the page's figures; asked for from the
  // kernel by the first figure that needs it ("paper"), which answers with its wasm and fonts.
  const paperFonts = (key) =>
    sharedPromise(shared.paper, key, async () => {
      const { buffers } = await ask({ type: "paper" });
      if (buffers?.length !== 3) throw new Error("the kernel sent the paper package without its wasm and fonts");
      const [wasm, regular, bold] = buffers.map(bytesOf);
      return loadPaperApi(wasm, [regular, bold]);
    });

  // The slice package, for `chart: "slice"`: started from the wasm `_wasm_slice` refers to
  // (Python refers to it with the first view that asks for a slice, in the same update), once
  // per page; meanwhile the data read wait in `waiting`, drawn when it has started.
  let waiting = null;
  let sliceStarting = false;
  const awaitSlice = (data) => {
    if (waiting && waiting !== data && waiting !== shown) freeData(waiting);
    waiting = data;
    if (sliceStarting) return;
    sliceStarting = true;
    parts.canvas.setAttribute("aria-label", "Loading the slice view");
    wasmModule(model, "_wasm_slice", ask)
      .then((module) => {
        if (!module) throw new Error("the kernel has not sent the slice package: set chart again");
        return loadSliceApi(module);
      })
      .then(
        () => {
          sliceStarting = false;
          if (closed || !waiting) return;
          const data = waiting;
          try {
            draw(data);
          } catch (error) {
            if (waiting === data && data !== shown) freeData(data);
            waiting = null;
            fail(error);
          }
        },
        (error) => {
          sliceStarting = false;
          fail(`could not load the slice package: ${messageOf(error)}`);
        },
      );
  };

  const width = () => model.get("width") ?? Math.max(1, Math.floor(host.clientWidth || el.clientWidth || 640));

  /** Draws `data` (or the data shown) with the model's options; frees the data replaced once the new ones drew. */
  const draw = (data = shown) => {
    if (!data) return;
    const pairwise = data.kind === "pairwise";
    const options = { ...model.get(pairwise ? "_pairwise_view" : "_view"), width: width() };
    // A slice is drawn by the slice package: until it has started, `data` wait (drawn then).
    const slicing = !pairwise && options.chart === "slice";
    const sliceApi = slicing ? loadedSlice() : null;
    if (slicing && !sliceApi) {
      awaitSlice(data);
      return;
    }
    const Figure = pairwise ? data.api.SweepPairwiseFigure : sliceApi ? sliceApi.SweepFigure : data.api.SweepFigure;
    const dataset = sliceApi ? sliceDataset(data.dataset) : data.dataset;
    if (!(figure instanceof Figure)) {
      const next = new Figure(dataset, parts.canvas, options);
      figure?.free();
      figure = next;
    } else if (data !== shown) {
      if (pairwise) figure.setData(dataset, options);
      else figure.setDataset(dataset, options);
    } else figure.update(options);
    const previous = shown;
    if (previous && previous !== data) freeData(previous);
    if (waiting && waiting !== data && waiting !== previous) freeData(waiting);
    waiting = null;
    shown = data;
    drawnWidth = options.width;
    parts.error.hidden = true;
    inspector.setFigure(figure);
    parts.description.textContent = pairwise ? figure.comparisonsSummary().description : figure.keyObservations().description;
    const inferred = data.projection ? data.projection.inferred() : [];
    // A frame reduced in its engine says so first (`reduced`: "reduced in DuckDB from ...");
    // per-item scores say which models are compared when they are not all.
    // The page's note says to tick models, which a notebook does with the `models` option.
    const modelsNote = pairwise ? figure.modelsNote("keyword") : "";
    const notes = [model.get("reduced"), ...inferred, modelsNote].filter(Boolean);
    parts.notes.replaceChildren(...notes.map((line) => Object.assign(document.createElement("li"), { textContent: line })));
    parts.notes.hidden = notes.length === 0 || !model.get("notes");
    tell({
      error: "",
      kind: data.kind,
      inferred,
      panels: figure.panels().map((panel) => panel.title),
    });
  };

  // Reads are asynchronous (the pairwise package may be started): only the latest one draws.
  let reads = 0;
  const reload = async () => {
    const read = ++reads;
    let data;
    try {
      data = await readData(api, model.get("_text"), model.get("_name"), model.get("_load"), pairwiseApi);
    } catch (error) {
      if (read === reads) fail(error);
      return;
    }
    if (!data) return;
    if (read !== reads || closed) {
      freeData(data);
      return;
    }
    try {
      draw(data);
    } catch (error) {
      if (data !== shown && data !== waiting) freeData(data);
      fail(error);
    }
  };
  const redraw = () => {
    try {
      draw();
    } catch (error) {
      fail(error);
    }
  };

  const onMessage = async (message) => {
    if (message?.type !== "export") return;
    const reply = { type: "export", id: message.id, format: message.format };
    try {
      // The figure drawn is not the one the traits ask for when the core refused them: their
      // error is the answer (Python raises it), not an export of the figure still shown.
      if (!figure || model.get("error")) throw new Error(model.get("error") || "the figure is not drawn yet");
      if (message.format === "svg" || message.format === "pdf") {
        // The SVG is written by the pairwise package (withExports), which Python refers to with
        // its first SVG or PDF export of a heatmap; taken now, as the figure may change while a
        // package arrives. A slice writes its own (the slice package has the exports), so
        // Python does not send the pairwise package for it; while the slice package starts,
        // the heatmap still shown is not what the traits ask for.
        if (waiting) throw new Error("the slice is not drawn yet (its package is starting); ask again");
        if (!("toSvg" in figure)) {
          const module = await wasmModule(model, "_wasm_pairwise", ask);
          if (!module) throw new Error("the export needs the pairwise package's wasm, which has not arrived; ask again");
          await loadPairwiseApi(module);
        }
        const svg = await withExports(figure, (exporting) => exporting.toSvg());
        if (message.format === "svg") {
          model.send({ ...reply, svg });
        } else {
          const { pdf, missing, note } = (await paperFonts(message.paper)).toPdf(svg);
          model.send({ ...reply, missing, note }, undefined, [pdf.buffer.slice(pdf.byteOffset, pdf.byteOffset + pdf.byteLength)]);
        }
      } else {
        const ratio = figure.backingRatio(message.pixelRatio ?? 2);
        model.send({ ...reply, pixelRatio: ratio }, undefined, [await pngBytes(figure, ratio)]);
      }
    } catch (error) {
      model.send({ ...reply, error: messageOf(error) });
    }
  };

  // Resized in the next frame, not in the observer's callback: the figure's new height moves
  // the page's other figures before their observers ran, which the browser reports as an error
  // ("ResizeObserver loop completed with undelivered notifications").
  let resizing = 0;
  const resize = new ResizeObserver(() => {
    cancelAnimationFrame(resizing);
    resizing = requestAnimationFrame(() => {
      if (closed || !figure || model.get("width") !== null || width() === drawnWidth) return;
      try {
        figure.resize(width());
        drawnWidth = width();
        inspector.setFigure(figure);
      } catch (error) {
        fail(error);
      }
    });
  });
  resize.observe(host);

  // Changes that arrive together (new data and its name, or several options) are done once,
  // after the model has taken them all.
  let scheduled = null;
  const schedule = (step) => () => {
    if (scheduled === reload) return;
    if (!scheduled) {
      queueMicrotask(() => {
        const run = scheduled;
        scheduled = null;
        if (!closed) run();
      });
    }
    scheduled = step;
  };
  const scheduleReload = schedule(reload);
  const listeners = [
    ["change:_text", schedule(reload)],
    ["change:_name", schedule(reload)],
    ["change:_load", schedule(reload)],
    ["change:_view", schedule(redraw)],
    ["change:_pairwise_view", schedule(redraw)],
    [
      "change:_wasm_pairwise",
      () => {
        if (!readWaitsForPairwise) return;
        readWaitsForPairwise = false;
        scheduleReload();
      },
    ],
    ["change:width", schedule(redraw)],
    ["change:notes", schedule(redraw)],
    ["change:reduced", schedule(redraw)],
    ["msg:custom", onMessage],
  ];
  for (const [event, listener] of listeners) model.on(event, listener);
  reload();

  return () => {
    closed = true;
    for (const refuse of asked.values()) refuse();
    cancelAnimationFrame(resizing);
    resize.disconnect();
    for (const [event, listener] of listeners) model.off(event, listener);
    figure?.free();
    if (waiting && waiting !== shown) freeData(waiting);
    if (shown) freeData(shown);
    host.remove();
  };
}

export default { render };
