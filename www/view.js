// Drawing and committing a view: the figure drawn for a state of loaded data and, when that works,
// made what the explorer shows (header, controls, summary, notes, address). Every change of the
// view, from a control, a link or other data, ends in commit().

import { SweepFigure } from "./lib/sweepmap.js";
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

/**
 * Draws a state of loaded data; throws (leaving the figure as it was) when the figure refuses.
 * Data of the other kind get a new figure of their kind on the same canvas; the old figure is
 * freed only once the new one has drawn.
 */
function draw(state, loaded) {
  const pairwise = loaded.kind === "pairwise";
  const options = { ...(pairwise ? pairwiseOptions(state, loaded.names) : figureOptions(state, loaded.names)), width: frameWidth() };
  // Per-item scores are drawn by the pairwise package that loaded them.
  const Figure = pairwise ? loaded.api.SweepPairwiseFigure : SweepFigure;
  if (!(app.figure instanceof Figure)) {
    const figure = new Figure(loaded.dataset, elements.canvas, options);
    const old = app.figure;
    app.figure = figure;
    old?.free();
  } else if (!app.shown || loaded.dataset !== app.shown.dataset) {
    if (pairwise) {
      app.figure.setData(loaded.dataset, options);
    } else {
      app.figure.setDataset(loaded.dataset, options);
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

/** Applies a change of the view from a control; on failure restores the controls. */
export function changeView(change) {
  if (!app.state) return;
  showNotices([]);
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
}

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
