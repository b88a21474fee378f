// Drawing and committing a view: the figure drawn for a state of loaded data and, when that works,
// made what the explorer shows (header, controls, summary, notes, address). Every change of the
// view, from a control, a link or other data, ends in commit().

import { SweepFigure, freeSliceDataset, loadSliceApi, loadedSlice, sliceDataset } from "./lib/sweepmap.js";
import { CellInspector } from "./lib/cells.js";
import { app, clearError, elements, showError, showNotices } from "./app.js";
import { writeAddress } from "./address.js";
import { hideMarkdownFallback } from "./copy.js";
import { exportPixelRatio } from "./export.js";
import { fillDatasetSelect, fillNameControls, syncControls } from "./controls.js";
import { renderHeader } from "./header.js";
import { renderSummary } from "./summary.js";
import { tableControls, tableRows } from "./tableview.js";
import { figureOptions, kindOf, normalizeState, pairwiseOptions, viewForKind } from "./state.js";

export function frameWidth() {
  return Math.max(240, Math.floor(elements.frame.clientWidth));
}

/** True when `state` shows a slice of a sweep, which the slice package draws. */
function wantsSlice(state, kind) {
  return kind !== "pairwise" && state.chart === "slice";
}

/**
 * Resolves once what drawing `state` needs is loaded: the slice package for a slice (fetched
 * the first time, lib/sweepmap.js loadSliceApi), the figure area busy meanwhile (nothing else
 * is drawn: the heatmap is drawn instead only when it cannot be). Rejects, with the reason,
 * when it cannot be.
 */
export async function readyToDraw(state, kind) {
  if (wantsSlice(state, kind) && !loadedSlice()) {
    elements.figureArea.setAttribute("aria-busy", "true");
    try {
      await loadSliceApi();
    } catch (error) {
      throw new Error(`could not load the slice package (${error instanceof Error ? error.message : String(error)}); try again, or choose the heatmap`);
    } finally {
      if (!app.pendingLoad) elements.figureArea.setAttribute("aria-busy", "false");
    }
  }
}

/**
 * Draws a state of loaded data; throws (leaving the figure as it was) when the figure refuses.
 * Data of the other kind get a new figure of their kind on the same canvas; the old figure is
 * freed only once the new one has drawn. A slice is drawn by the slice package (readyToDraw
 * loads it first) from its copy of the dataset.
 */
function draw(state, loaded) {
  const pairwise = loaded.kind === "pairwise";
  const slice = wantsSlice(state, loaded.kind);
  const options = { ...(pairwise ? pairwiseOptions(state, loaded.names) : figureOptions(state, loaded.names)), width: frameWidth() };
  const sliceApi = slice ? loadedSlice() : null;
  if (slice && !sliceApi) throw new Error("the slice package is still loading; try again in a moment");
  // Per-item scores are drawn by the pairwise package that loaded them, slices by the slice package.
  const Figure = pairwise ? loaded.api.SweepPairwiseFigure : sliceApi ? sliceApi.SweepFigure : SweepFigure;
  const dataset = sliceApi ? sliceDataset(loaded.dataset) : loaded.dataset;
  if (!(app.figure instanceof Figure)) {
    const figure = new Figure(dataset, elements.canvas, options);
    const old = app.figure;
    app.figure = figure;
    old?.free();
  } else if (!app.shown || loaded.dataset !== app.shown.dataset) {
    if (pairwise) {
      app.figure.setData(dataset, options);
    } else {
      app.figure.setDataset(dataset, options);
    }
  } else {
    app.figure.update(options);
  }
}

/**
 * Draws `state` with `loaded` data and, when that works, makes it what is shown: header,
 * controls, summary, address (`history`: how, as writeAddress takes it). Returns null, or the
 * Error the figure threw (nothing changed then).
 */
export function commit(state, loaded, { history = "push" } = {}) {
  const next = normalizeState(viewForKind({ ...state, source: loaded.source }, loaded.kind), loaded.names);
  try {
    draw(next, loaded);
  } catch (error) {
    return error instanceof Error ? error : new Error(String(error));
  }
  const datasetChanged = !app.shown || app.shown.dataset !== loaded.dataset;
  if (datasetChanged) {
    if (app.shown && app.shown.dataset !== loaded.dataset) freeLoaded(app.shown, loaded);
    app.shown = loaded;
    renderHeader(loaded);
    fillNameControls(loaded);
  }
  app.state = next;
  if (kindOf(next) === "sweep" && next.uncertainty > 0) app.lastLevel = next.uncertainty;
  fillDatasetSelect();
  syncControls();
  if (loaded.sweep?.table) tableControls.show(loaded.sweep.table, loaded.sweep.view, { reopened: loaded.sweep.reopened });
  else tableControls.hide();
  renderSummary(loaded.kind, app.figure);
  syncNotes();
  hideMarkdownFallback();
  inspector.setFigure(app.figure);
  writeAddress(next, history);
  app.renders += 1;
  return null;
}

/**
 * Applies a change of the view from a control; on failure restores the controls. A slice waits
 * for the slice package (fetched once); a change made meanwhile is applied to the view it finds.
 */
export async function changeView(change) {
  if (!app.state) return;
  showNotices([]);
  try {
    await readyToDraw({ ...app.state, ...change }, app.shown.kind);
  } catch (error) {
    showError(`Could not draw this view: ${error instanceof Error ? error.message : String(error)}`);
    syncControls();
    return;
  }
  if (!app.state) return;
  const error = commit({ ...app.state, ...change }, app.shown, { history: "push" });
  if (error) {
    showError(`Could not draw this view: ${error.message}`);
    syncControls();
  } else {
    clearError();
  }
}

/**
 * Frees what loaded data hold in wasm memory: the dataset, and for a run table its projection
 * and its table, except what `next` (the data replacing them) still uses.
 */
export function freeLoaded(loaded, next = null) {
  freeSliceDataset(loaded.dataset);
  loaded.dataset.free();
  const sweep = loaded.sweep;
  if (sweep?.projection && sweep.projection !== next?.sweep?.projection) sweep.projection.free();
  if (sweep?.table && sweep.table !== next?.sweep?.table) sweep.table.free();
}

/**
 * Places the notes the figure writes about itself (figure.notes): under the colour controls the
 * map a difference takes, under the uncertainty controls the panels that cannot have marks, and
 * under the figure when it is too large for a canvas at full resolution (on screen, or in a PNG
 * export at exportPixelRatio()).
 */
export function syncNotes() {
  const notes = app.figure.notes(exportPixelRatio());
  for (const [element, note] of [
    [elements.colourNote, notes.colour],
    [elements.uncertaintyNote, notes.uncertainty],
    [elements.canvasNote, notes.canvas],
  ]) {
    element.textContent = note ?? "";
    element.hidden = note === null;
  }
  // How to read the figure: the core's line when it has one (a slice's points), else the page's
  // line about cells.
  elements.help.textContent = notes.help ?? cellHelp;
}

/** The page's own line under the figure, about cells (index.html). */
const cellHelp = elements.help.textContent;

/** Hover, focus and the tooltip of the figure's cells (lib/cells.js), with a run table's rows. */
export const inspector = new CellInspector(
  {
    canvas: elements.canvas,
    frame: elements.frame,
    tooltip: elements.tooltip,
    outline: elements.outline,
    announcer: elements.announcer,
  },
  { rows: tableRows },
);
