// The front end of the Python widget (sweepmap.Figure): an anywidget module (render({ model, el }))
// that draws with the project's own JS, bundled with it into one file by python/build.sh
// (anywidget imports a widget's module from a blob: URL, so it cannot import siblings).
//
//   - The wasm comes from the model as bytes (trait `_wasm`): a blob: module has no address to
//     find it beside itself, and nothing is fetched.
//   - The data come as text (`_text`, a DataFrame written to CSV by Python, with `_name`, a file
//     name or ""), read by the page's rule (lib/source.js loadSweep) when Python names nothing,
//     and as a run table with what it names otherwise (readData). `_load` holds what Python
//     names: the loader's columns (x, y, value, model, ...), which name the run table's axes and
//     metric, run-table roles and a run-table view. Unlike loadSweep, the run table's projection
//     is kept: hover tells a cell's runs.
//   - `_view` holds SweepFigure's options (names as the figure takes them); a change redraws.
//   - Per-item scores (the core's guessKind, else the sweep loaders) are read and drawn by the
//     pairwise package (www/pkg/pairwise/): its glue is bundled here, its wasm comes from the
//     model (`_wasm_pairwise`), sent by Python only for such data (the widget asks with a
//     "pairwise" message when Python did not send it); `_load.pairwise` names their columns
//     (item, model, score, group) and `_pairwise_view` holds SweepPairwiseFigure's options.
//   - Hover, click and keyboard come from CellInspector (lib/cells.js), as in <sweep-map>:
//     hover sets the `hover` trait, a click sets `click` and sends a "click" message.
//   - For a run table, what was inferred and what to check (the page's notices) is listed above
//     the figure unless `notes` is off, and sent back as `inferred`; for a lazy frame reduced in
//     its engine, `reduced` (what was reduced where) comes first.
//   - Errors (the core's message) are shown in the widget and set the `error` trait; a figure
//     already drawn stays.
//   - Python asks for exports with an "export" message (`svg` or `png`) and gets the answer back
//     as an "export" message (PNG bytes as a buffer); while the core refuses the data or the
//     view, the answer is its message (a figure still shown is not what the traits ask for). An
//     SVG is written by the pairwise package, which has the exports (lib/sweepmap.js
//     withExports): Python sends its wasm before the first SVG export.
// Labels from data are only ever written with textContent (the tooltip is CellInspector's).
// Everything lives in a shadow root with <sweep-map>'s stylesheet (lib/figure-style.js).

import { load, loadPairwiseApi, withExports } from "../../www/lib/sweepmap.js";
import { CellInspector } from "../../www/lib/cells.js";
import { figureStyleSheet } from "../../www/lib/figure-style.js";
import { formatOf, loadEitherKind } from "../../www/lib/source.js";

/** An element with a class and attributes. */
function element(tag, className, attributes = {}) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  return node;
}

/** The message of anything thrown. */
function messageOf(error) {
  return error instanceof Error ? error.message : String(error);
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

/** A hovered or clicked cell as Python sees it: the figure's cell info, how it was reached, and for a run table its runs. */
function cellDetail(info, via, projection) {
  const detail = { ...info, via };
  if (projection) {
    try {
      detail.runs = projection.cellRuns(info.model ?? "", info.benchmark ?? "", info.x, info.y) ?? null;
    } catch {
      detail.runs = null;
    }
  }
  return detail;
}

/**
 * The wasm's bytes from the model: ipywidgets hands a binary trait over as a DataView, which
 * WebAssembly.instantiate refuses (it takes an ArrayBuffer or a typed array).
 */
function wasmBytes(value) {
  return ArrayBuffer.isView(value) ? new Uint8Array(value.buffer, value.byteOffset, value.byteLength) : value;
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
    canvas: element("canvas", "", { role: "img", "aria-label": "Loading the figure", tabindex: "0" }),
    outline: element("div", "outline"),
    tooltip: element("div", "tooltip", { "aria-hidden": "true" }),
    announcer: element("div", "visually-hidden", { "aria-live": "polite" }),
  };
  parts.error.hidden = true;
  parts.notes.hidden = true;
  parts.outline.hidden = true;
  parts.tooltip.hidden = true;
  parts.frame.append(parts.canvas, parts.outline, parts.tooltip);
  root.append(parts.error, parts.notes, parts.frame, parts.announcer);

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

  let api;
  try {
    api = await load(wasmBytes(model.get("_wasm")));
  } catch (error) {
    fail(`could not start sweepmap's WebAssembly: ${messageOf(error)}`);
    return () => {};
  }

  // The pairwise package, once Python has sent its wasm (asked for once, with a message). A read
  // that found it missing waits for it (then the data are read again); an SVG export's does not.
  let askedForPairwise = false;
  let readWaitsForPairwise = false;
  const pairwiseApi = async () => {
    const bytes = model.get("_wasm_pairwise");
    if (bytes && bytes.byteLength > 0) return loadPairwiseApi(wasmBytes(bytes));
    readWaitsForPairwise = true;
    if (!askedForPairwise) {
      askedForPairwise = true;
      model.send({ type: "pairwise" });
    }
    return null;
  };

  const width = () => model.get("width") ?? Math.max(1, Math.floor(host.clientWidth || el.clientWidth || 640));

  /** Draws `data` (or the data shown) with the model's options; frees the data replaced once the new ones drew. */
  const draw = (data = shown) => {
    if (!data) return;
    const pairwise = data.kind === "pairwise";
    const options = { ...model.get(pairwise ? "_pairwise_view" : "_view"), width: width() };
    const Figure = pairwise ? data.api.SweepPairwiseFigure : data.api.SweepFigure;
    if (!(figure instanceof Figure)) {
      const next = new Figure(data.dataset, parts.canvas, options);
      figure?.free();
      figure = next;
    } else if (data !== shown) {
      if (pairwise) figure.setData(data.dataset, options);
      else figure.setDataset(data.dataset, options);
    } else figure.update(options);
    if (shown && shown !== data) {
      shown.dataset.free();
      shown.projection?.free();
    }
    shown = data;
    drawnWidth = options.width;
    parts.error.hidden = true;
    inspector.setFigure(figure);
    const label = pairwise ? figure.comparisonsSummary().description : figure.keyObservations().description;
    parts.canvas.setAttribute("aria-label", label ?? "sweepmap figure");
    const inferred = data.projection ? data.projection.inferred() : [];
    // A frame reduced in its engine says so first (`reduced`: "reduced in DuckDB from ...");
    // per-item scores say which models are compared when they are not all.
    // The page's note says to tick models, which a notebook does with the `models` option.
    const modelsNote = pairwise ? figure.modelsNote().replace(/ Tick others to add them\.$/, " Choose them with models=[...].") : "";
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
      data.dataset.free();
      data.projection?.free();
      return;
    }
    try {
      draw(data);
    } catch (error) {
      data.dataset.free();
      data.projection?.free();
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
      if (message.format === "svg") {
        // The SVG is written by the pairwise package (withExports), whose wasm Python sends
        // with its first SVG export; started here with those bytes.
        const bytes = model.get("_wasm_pairwise");
        if (!bytes || bytes.byteLength === 0) throw new Error("the SVG export needs the pairwise package's wasm, which has not arrived; ask again");
        await loadPairwiseApi(wasmBytes(bytes));
        const svg = await withExports(figure, (exporting) => exporting.toSvg());
        model.send({ ...reply, svg });
      } else {
        const ratio = figure.backingRatio(message.pixelRatio ?? 2);
        model.send({ ...reply, pixelRatio: ratio }, undefined, [await pngBytes(figure, ratio)]);
      }
    } catch (error) {
      model.send({ ...reply, error: messageOf(error) });
    }
  };

  const resize = new ResizeObserver(() => {
    if (!figure || model.get("width") !== null || width() === drawnWidth) return;
    try {
      figure.resize(width());
      drawnWidth = width();
      inspector.setFigure(figure);
    } catch (error) {
      fail(error);
    }
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
    resize.disconnect();
    for (const [event, listener] of listeners) model.off(event, listener);
    figure?.free();
    shown?.dataset.free();
    shown?.projection?.free();
    host.remove();
  };
}

export default { render };
