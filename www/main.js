// The sweepmap explorer: pick or open a dataset, choose a view, read exact values, share the view
// as a link and export the figure.
//
// All parsing, analysis and drawing happen in wasm (./pkg/sweepmap.js, started once per page by
// load() in ./lib/sweepmap.js, which the <sweep-map> element shares). This module:
//   1. reads the view state from the page address's fragment (#dataset=...; state.js) and keeps
//      the address in step with the controls (pushState; back and forward, and a fragment edited
//      by hand, restore the view). The fragment rather than the query string: the browser never
//      sends it to the server, so data a link carries (data=) never leave the browser. Links
//      with the view in the query string (?dataset=..., made before) open too, and their address
//      is rewritten to the fragment form;
//   2. fetches or reads the data text (bundled, a URL, a local file, or data carried by a link;
//      a local file never leaves the browser) and loads it (sources.js, over lib/source.js,
//      which <sweep-map> shares): a sweep with loadDataset, per-item scores with loadPairwise.
//      Bundled data say which they are (index.json's "kind"); for other data, guessKind (in
//      wasm) picks the loader to try first from the text (JSON: an "items" key; CSV: a column
//      named like an item), the other loader is tried when that one fails, and when both fail
//      the first one's error is shown. A fetch or a big file shows its progress and a Cancel;
//      a fetch that receives nothing for 30 s is stopped. In a standalone file (README "One
//      file", lib/standalone.js) the data are the one figure the file holds, offered as the
//      only bundled dataset, and its view opens when the address holds none;
//   3. draws through one figure: a SweepFigure for a sweep, a SweepPairwiseFigure for per-item
//      scores (the old one freed when the kind changes), redrawn on control changes and when its
//      container resizes;
//   4. fills the header, the controls and the key observations (for per-item scores, the
//      statistics of every pair) with textContent (labels come from data and are never parsed as
//      HTML); the observations are also the canvas' accessible description and can be copied as
//      Markdown, and a sweep's panels as LaTeX tables.
// A CSV opened as a run table keeps its table (and text) while it is shown: the run-table
// controls and the column panel (table.js) change its view (table.project) or reopen it with
// other roles (openSweep), and its cells' tooltips add the rest of their configuration.
// A failure shows in the error banner in plain words and leaves the figure and dataset shown.

import {
  colorMaps,
  displayLabel,
  displayNote,
  formatFromName,
  load,
  loadPairwiseApi,
  SweepFigure,
} from "./lib/sweepmap.js";
import { CellInspector } from "./lib/cells.js";
import { darkStyleMedia, onSchemeChange } from "./lib/theme.js";
import { exportCsv, exportPage, exportPdf, exportPixelRatio, exportPng, exportSvg, exportSvgTextAsPaths, ratioText } from "./export.js";
import { loadsInSlices, progressDisplay } from "./loading.js";
import { importedFiles, LoadCancelled } from "./lib/source.js";
import { loadCatalog, readSourceData, relinkSweep, sweepOf } from "./sources.js";
import { carriedView, namedRoles, RunTableControls } from "./table.js";
import { renderObservations } from "./observations.js";
import { readStandaloneFigure, standaloneCatalog } from "./lib/standalone.js";
import { renderComparisons } from "./pairwise.js";
import {
  app,
  byId,
  clearError,
  elements,
  messageOf,
  sentence,
  setShareStatus,
  showError,
  showNotices,
  addNotices,
} from "./app.js";
import { addressLink, addressOf, moveQueryToFragment, writeAddress } from "./address.js";
import { copyLatex, copyLink, copyMarkdown, embeddable, hideMarkdownFallback } from "./copy.js";
import {
  bundledSource,
  defaultView,
  figureOptions,
  holdsView,
  kindOf,
  linkSchema,
  normalizeState,
  pairwiseModels,
  pairwiseOptions,
  parseLevel,
  parseState,
  readSource,
  resolveView,
  sameSource,
  usedBy,
  viewForKind,
} from "./state.js";

/** The layout select's "Reported vs recomputed", offered only for data with a reported aggregate. */
const reconcileOption = /** @type {HTMLOptionElement} */ (elements.layout.querySelector('option[value="reconcile"]'));

/** The colour range "Centred", offered for sweeps only (counts have no centre). */
const centeredOption = /** @type {HTMLOptionElement} */ (elements.range.querySelector('option[value="centered"]'));

/** The figure's help line for each kind of data. */
const FIGURE_HELP = {
  sweep: elements.figureHelp.textContent,
  pairwise:
    "Point at a bin for both models' score ranges, its item count and its share of the pair's paired items. With the figure focused, arrow keys step through the bins, Home and End jump to a row's ends, Escape hides the bin.",
};

// ---------------------------------------------------------------------------------------------
// Loading data (sources.js and lib/source.js)

/**
 * A fetch or a big file that takes longer than this (ms) shows its progress and a Cancel; a
 * quicker one never flashes the bar.
 */
const PROGRESS_DELAY_MS = 300;

/**
 * Fetches or reads a source's text and loads it (readSourceData), cancelling a load still under
 * way: resolves to { source, kind, dataset, names, label, text }; rejects with an Error whose
 * message says in plain words what failed, or LoadCancelled when Cancel was pressed or a newer
 * load began. The figure area is marked busy meanwhile, and what is shown stays until the new
 * data are ready. `link`: the view a share link names; `roles` and `view`: a big run table read
 * again with the roles changed in the column panel, at what of the view shown still fits.
 * @param {any} source
 * @param {{ link?: string, roles?: any, view?: any }} [options]
 */
async function loadSource(source, { link = "", roles, view } = {}) {
  app.pendingLoad?.abort();
  const controller = new AbortController();
  app.pendingLoad = controller;
  const progress = progressDisplay(
    { box: elements.loadProgress, bar: elements.loadProgressBar, text: elements.loadProgressText, cancel: elements.loadCancel },
    () => controller.abort(),
    { delay: PROGRESS_DELAY_MS },
  );
  elements.figureArea.setAttribute("aria-busy", "true");
  try {
    const page = { api: await load(), catalog: app.catalog, texts: app.texts, localFiles: app.localFiles };
    return await readSourceData(source, page, { progress, signal: controller.signal, link, roles, view });
  } finally {
    const current = app.pendingLoad === controller;
    progress.done({ hide: current });
    if (current) {
      app.pendingLoad = null;
      elements.figureArea.setAttribute("aria-busy", "false");
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Drawing and committing a view

function frameWidth() {
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
 * Back, forward, or a fragment changed by hand or by a link in the page: shows the view the
 * address now holds. Both popstate and hashchange call this, and a browser fires both for one
 * traversal or fragment navigation (popstate first): the hashchange finds the address already
 * opened. Back or forward onto the address already shown (back from a failing link, whose
 * entry took the address of the view kept) has the right view: only a message about the other
 * entry goes. An in-page anchor (a fragment without a view) is left to the browser, which
 * scrolls to it.
 */
function onAddressChange(event) {
  const { hash, href } = window.location;
  if (href === app.address) {
    if (event.type === "popstate") clearError();
    return;
  }
  if (hash !== "" && !holdsView(hash)) return;
  openFromAddress({ initial: false });
}

/**
 * Draws `state` with `loaded` data and, when that works, makes it what is shown: header,
 * controls, summary, address. Returns null, or the Error the figure threw (nothing changed then).
 */
function commit(state, loaded, { history = "push" } = {}) {
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
  const summary = {
    overview: elements.summaryOverview,
    panels: elements.summaryPanels,
    mismatches: elements.mismatches,
    description: elements.figureObservations,
  };
  elements.summaryGrid.classList.toggle("comparisons", loaded.kind === "pairwise");
  if (loaded.kind === "pairwise") {
    renderComparisons(summary, app.figure);
  } else {
    renderObservations(summary, app.figure);
  }
  syncUncertaintyNote();
  syncCanvasNote();
  hideMarkdownFallback();
  inspector.setFigure(app.figure);
  writeAddress(next, history);
  app.renders += 1;
  return null;
}

/** Applies a change of the view from a control; on failure restores the controls. */
function changeView(change) {
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

// ---------------------------------------------------------------------------------------------
// Run tables: their view and their columns' roles (table.js places the controls)

/**
 * Frees what loaded data hold in wasm memory: the dataset, and for a run table its projection
 * and its table, except what `next` (the data replacing them) still uses.
 */
function freeLoaded(loaded, next = null) {
  loaded.dataset.free();
  const sweep = loaded.sweep;
  if (sweep?.projection && sweep.projection !== next?.sweep?.projection) sweep.projection.free();
  if (sweep?.table && sweep.table !== next?.sweep?.table) sweep.table.free();
}

/** Shown data drawn at another projection of their run table (`table` when reopened). */
function withProjection(loaded, projection, { table = loaded.sweep.table } = {}) {
  const dataset = projection.dataset();
  try {
    const view = projection.view();
    const reopened = table !== loaded.sweep.table;
    const sweep = { ...loaded.sweep, table, projection, view, reopened, description: projection.description(), notices: projection.inferred() };
    return { ...loaded, ...sweepOf(dataset), sweep };
  } catch (error) {
    dataset.free();
    throw error;
  }
}

/**
 * Draws the shown run table at a new projection; on failure frees it, says why, keeps the
 * figure and puts the controls back. `layout` (a state change) comes with it, for facets.
 */
function commitProjection(next, change = {}) {
  const error = commit({ ...app.state, ...change }, next, { history: "replace" });
  if (error) {
    freeLoaded(next, app.shown);
    return error;
  }
  return null;
}

/** Changes (fields of) the shown run table's view and draws it. */
function projectView(change, { facet = false } = {}) {
  const loaded = app.shown;
  const sweep = loaded?.sweep;
  if (!sweep?.table) return;
  let next;
  let projection;
  try {
    projection = sweep.table.project({ ...sweep.view, ...change });
    next = withProjection(loaded, projection);
  } catch (error) {
    projection?.free();
    showError(`Could not draw this view: ${messageOf(error)}`);
    tableControls.sync();
    return;
  }
  // Panels by a parameter: every panel shown, not the first one alone.
  const grid = facet && (app.state.layout === "model" || app.state.layout === "benchmark") ? { layout: "grid" } : {};
  const error = commitProjection(next, grid);
  if (error) {
    showError(`Could not draw this view: ${error.message}`);
    tableControls.sync();
    return;
  }
  clearError();
  showNotices(projection.notices());
}

/** The view change waiting for the next frame (a slider being scrubbed draws once a frame). */
let pendingChange = null;

/** A change of the run table's view from its controls; `live` ones wait for the next frame. */
function changeTableView(change, { live = false, facet = false } = {}) {
  if (!live) {
    pendingChange = null;
    projectView(change, { facet });
    return;
  }
  const waiting = pendingChange !== null;
  pendingChange = change;
  if (waiting) return;
  requestAnimationFrame(() => {
    const latest = pendingChange;
    pendingChange = null;
    if (latest) projectView(latest);
  });
}

/**
 * Reopens the shown run table's text with a column's role changed (and every role named before:
 * by a link, or changed here), keeping what it can of the view; a refusal keeps the figure and
 * says why. A big file (no text kept) is read again in slices (reopenBigSweep).
 */
async function changeRole(column, role) {
  const loaded = app.shown;
  const sweep = loaded?.sweep;
  if (!sweep?.table) return;
  const roles = { ...namedRoles(loaded.api, sweep.table, sweep.view), [column]: role };
  const refused = (message) => showError(`Could not make "${column}" a ${role} column: ${message}`);
  if (typeof loaded.text !== "string") return reopenBigSweep(loaded, roles, refused);
  let table;
  let projection;
  let next;
  try {
    // The text the table was opened from (runs as JSON: the importers' CSV, with its options).
    table = loaded.api.openSweep(sweep.opened?.text ?? loaded.text, { ...sweep.opened?.options, roles });
    try {
      projection = table.project(carriedView(sweep.view, table.columns()));
    } catch {
      // The view does not fit the new roles: their default view.
      projection = table.project();
    }
    next = withProjection(loaded, projection, { table });
  } catch (error) {
    projection?.free();
    table?.free();
    refused(messageOf(error));
    return;
  }
  showReopened(next, refused, next.sweep.notices);
}

/**
 * Draws a run table reopened with other roles and shows what it says about itself (`explained`:
 * its projection's inferred()), or says why not (`refused`).
 */
function showReopened(next, refused, explained) {
  const error = commitProjection(next);
  if (error) {
    refused(error.message);
    return;
  }
  clearError();
  showNotices([], explained);
  addColumnsNotice();
}

/** A big run table read again in slices with other roles, at what of the view shown still fits. */
async function reopenBigSweep(loaded, roles, refused) {
  const generation = app.generation;
  let next;
  try {
    next = await loadSource(loaded.source, { roles, view: loaded.sweep.view });
  } catch (error) {
    if (error instanceof LoadCancelled) showNotices([error.message]);
    else refused(messageOf(error));
    return;
  }
  if (generation !== app.generation || app.shown !== loaded) {
    freeLoaded(next);
    return;
  }
  if (next.sweep) next.sweep.reopened = true;
  showReopened(next, refused, next.sweep?.notices ?? []);
}

/** With a run table shown whose roles are unsure, a notice with a button to the column panel. */
function addColumnsNotice() {
  if (!app.shown?.sweep?.table || !tableControls.hasChecks()) return;
  const item = document.createElement("li");
  const button = document.createElement("button");
  button.type = "button";
  button.className = "notice-action";
  button.textContent = "Check the columns";
  button.addEventListener("click", () => tableControls.openPanel());
  item.append("Some columns' roles are best guesses: fix them in the column panel. ", button);
  elements.noticeList.append(item);
  elements.noticeBanner.hidden = false;
}

/** The rows a run table's cell adds to its tooltip (the rest of its configuration). */
function tableRows(info) {
  const projection = app.shown?.sweep?.projection;
  if (!projection) return [];
  try {
    return projection.cellRuns(info.model ?? null, info.benchmark ?? null, info.x, info.y)?.rows ?? [];
  } catch {
    return [];
  }
}

/**
 * The view to keep when other data open: names the new data lack go back to their defaults, and
 * fixed colour bounds (made for other values) go back to the default range (per panel for
 * sweeps, shared for pairwise comparisons). Data of the other kind keep only the colour map, its
 * direction, the value labels and the theme (viewForKind in commit).
 */
function carryView(state) {
  const next = { ...state };
  if (next.range === "fixed") {
    next.range = defaultView(kindOf(state)).range;
    next.min = null;
    next.max = null;
  }
  return next;
}

/** Opens other data from a control (dataset list, file, drop); keeps the view where it can. */
async function openSource(source) {
  // Other data asked for: a big file still loading in slices is not wanted any more.
  app.pendingLoad?.abort();
  const generation = ++app.generation;
  let loaded;
  try {
    loaded = await loadSource(source);
  } catch (error) {
    if (generation === app.generation) {
      if (error instanceof LoadCancelled) {
        showNotices([error.message]);
      } else {
        showError(messageOf(error));
      }
      fillDatasetSelect();
    }
    return false;
  }
  if (generation !== app.generation) {
    freeLoaded(loaded);
    return false;
  }
  showNotices([]);
  const error = commit(carryView(app.state ?? { ...defaultView() }), loaded, { history: "push" });
  if (error) {
    freeLoaded(loaded);
    showError(`Could not draw "${loaded.label}": ${error.message}`);
    fillDatasetSelect();
    return false;
  }
  clearError();
  showNotices(loaded.notes ?? [], loaded.sweep?.notices ?? []);
  addColumnsNotice();
  return true;
}

/**
 * Shows what the page address asks for: on start and on back/forward. A source that fails to load
 * keeps what is shown (on start: the default dataset); invalid values get notices and defaults.
 */
async function openFromAddress({ initial }) {
  app.address = window.location.href;
  // Back, forward or an edited address: what the last entry said (its error, its notices about
  // its link) is not about this one.
  if (!initial) {
    clearError();
    showNotices([]);
  }
  // The link as written, so damaged percent-encoding is noticed rather than patched.
  const link = addressLink();
  const params = new URLSearchParams(link.slice(1));
  const ids = app.catalog.map((entry) => entry.id);
  let { source } = readSource(link, { datasets: ids });
  let restoredLocal = false;
  // Back or forward to a file opened in this page: it is still in memory (whether or not the
  // address carries its data).
  const kept = app.localFiles.get(window.history.state?.localKey);
  if (kept && params.get("name") === kept.source.name && (params.get("data") ?? null) === kept.source.data) {
    source = kept.source;
    restoredLocal = true;
  }
  app.pendingLoad?.abort();
  const generation = ++app.generation;
  let loaded;
  if (app.shown && sameSource(source, app.shown.source)) {
    loaded = app.shown;
    // A run table: the view this address gives of it.
    if (loaded.sweep && loaded.text !== null) {
      try {
        loaded = relinkSweep(await load(), loaded, link);
      } catch (error) {
        showError(messageOf(error));
        return;
      }
    }
  } else {
    try {
      loaded = await loadSource(source, { link });
    } catch (error) {
      if (generation !== app.generation) return;
      if (app.shown) {
        // A link whose data do not load (opened, or reached by back or forward), or whose load
        // was stopped: the view shown stays, the error (or notice) says why, and the entry's
        // address becomes that of the view shown (a reload keeps it). Back then shows the entry
        // before, without this error.
        if (error instanceof LoadCancelled) showNotices([error.message]);
        else showError(messageOf(error));
        writeAddress(app.state, "replace");
        return;
      }
      const fallback = bundledSource(ids[0]);
      const why = error instanceof LoadCancelled ? `Stopped loading "${error.source}".` : sentence(messageOf(error));
      showError(`${why} Showing "${app.catalog[0].title}" instead.`);
      try {
        loaded = await loadSource(fallback);
      } catch (fallbackError) {
        showError(`${sentence(messageOf(error))} The default dataset did not open either: ${messageOf(fallbackError)}`);
        return;
      }
    }
    if (generation !== app.generation) {
      if (loaded !== app.shown) freeLoaded(loaded);
      return;
    }
  }
  const parsed = parseState(link, { kind: loaded.kind, ...loaded.names, colorMaps: app.colorMaps, datasets: ids });
  const notices = parsed.notices.filter((notice) => !(restoredLocal && notice.key === "name"));
  let error = commit(parsed.state, loaded, { history: "replace" });
  if (error) {
    // Something the link asks for cannot be drawn: fall back to the default view of these data.
    notices.push({ key: null, value: null, message: `The view in the link could not be drawn (${error.message}); showing the default view.` });
    error = commit({ ...defaultView() }, loaded, { history: "replace" });
  }
  if (error) {
    if (loaded !== app.shown) freeLoaded(loaded);
    showError(`Could not draw "${loaded.label}": ${error.message}`);
    return;
  }
  // A CSV opened as a run table: what was inferred and what to check, before the link's notices
  // (those about the table's view first).
  const tableNotices = loaded.sweep?.linkNotices ?? [];
  showNotices([...(loaded.notes ?? []), ...tableNotices, ...notices.map((notice) => notice.message)], loaded.sweep?.notices ?? []);
  addColumnsNotice();
  // On start, an error so far is about the source that failed: keep it visible.
  if (!initial) clearError();
}

// ---------------------------------------------------------------------------------------------
// Header and controls

/** An option of a select; its text may come from the data, so it is shown as displayLabel says. */
function option(value, text) {
  const node = document.createElement("option");
  node.value = value;
  node.text = displayLabel(text);
  return node;
}

/**
 * Shows a text from the data in an element, as the core's display rule cuts and isolates it
 * (displayLabel); when it was cut, the element's tooltip holds more of it (displayNote).
 */
function showLabel(element, text) {
  const shown = displayLabel(text);
  const more = displayNote(text);
  element.textContent = shown;
  if (more !== shown) {
    element.title = more;
  } else {
    element.removeAttribute("title");
  }
}

function renderHeader(loaded) {
  const { dataset, label } = loaded;
  showLabel(elements.title, label);
  document.title = `${displayLabel(label)} – sweepmap`;
  const note = dataset.source();
  elements.sourceText.textContent = note ? displayNote(note) : "";
  elements.sourceBox.hidden = !note;
  // Made-up data say so next to their title, whatever the title itself says.
  elements.syntheticTag.hidden = !dataset.isSynthetic();
  elements.figureHelp.textContent = FIGURE_HELP[loaded.kind];
  elements.summaryHeading.textContent = loaded.kind === "pairwise" ? "Pairwise comparisons" : "Key observations";
  // Per-item scores are histograms of model pairs, not tables of a metric: no LaTeX table.
  elements.copyLatex.hidden = loaded.kind === "pairwise";
  elements.copyMarkdown.title =
    loaded.kind === "pairwise"
      ? "The statistics of every pair as Markdown, for a paper or a README"
      : "The key observations as Markdown, for a paper or a README";
  elements.facts.textContent = dataset.facts();
}

function benchmarkText(name) {
  return name === "" ? "All data (no benchmark column)" : name;
}

/** "benchmark" -> "Benchmark": a data name as a label. */
function capitalized(text) {
  return text ? `${text[0].toUpperCase()}${text.slice(1)}` : text;
}

/** Fills the controls of per-item scores for new data: a checkbox per model, the groups. */
function fillPairwiseControls(scores, { models, groups }) {
  elements.modelsList.replaceChildren(
    ...models.map((name, index) => {
      const item = document.createElement("span");
      item.className = "check";
      const input = document.createElement("input");
      input.type = "checkbox";
      input.id = `models-${index}`;
      input.name = "models";
      input.value = name;
      const label = document.createElement("label");
      label.htmlFor = input.id;
      showLabel(label, name);
      item.append(input, label);
      return item;
    }),
  );
  elements.modelsNote.textContent = "";
  const groupName = scores.groupName() || "group";
  elements.groupLabel.textContent = displayLabel(capitalized(groupName));
  elements.group.replaceChildren(option("", `All ${groupName === "group" ? "groups" : `${groupName}s`}`), ...groups.map((name) => option(name, name)));
}

/** Fills the model list and the layouts the data can show, for new data. */
function fillNameControls(loaded) {
  if (loaded.kind === "pairwise") {
    fillPairwiseControls(loaded.dataset, loaded.names);
    return;
  }
  elements.modelsList.replaceChildren();
  elements.group.replaceChildren();
  const { models, aggregates } = loaded.names;
  elements.model.replaceChildren(...models.map((name) => option(name, name)));
  const difference = [...elements.layout.options].find((item) => item.value === "difference");
  difference.disabled = models.length < 2;
  difference.text = models.length < 2 ? "Difference (needs two models)" : "Difference of two models";
  // Reconciliation needs a reported aggregate: without one the layout is not offered at all.
  if (aggregates.length > 0) {
    if (!reconcileOption.isConnected) elements.layout.append(reconcileOption);
  } else {
    reconcileOption.remove();
  }
}

/**
 * The benchmark list for a layout: every benchmark and their mean, or for a reconciliation the
 * reported aggregates only. Rebuilt only when it changes, so a focused list keeps its place.
 */
function fillBenchmarkSelect(layout, { benchmarks, aggregates }) {
  const items =
    layout === "reconcile"
      ? aggregates.map((name) => [name, name])
      : [...benchmarks.map((name) => [name, benchmarkText(name)]), [linkSchema().meanBenchmark, "Mean of benchmarks"]];
  const current = [...elements.benchmark.options].map((item) => [item.value, item.text]);
  if (JSON.stringify(current) === JSON.stringify(items.map(([value, text]) => [value, displayLabel(text)]))) return;
  elements.benchmark.replaceChildren(...items.map(([value, text]) => option(value, text)));
}

/** The dataset list: the bundled datasets, and the open file or URL when that is what is shown. */
function fillDatasetSelect() {
  const items = app.catalog.map((entry) => option(entry.id, entry.title));
  const source = app.shown?.source;
  if (source && source.kind !== "bundled") {
    const text =
      source.kind === "url" ? `URL: ${source.url}` : source.name ? `File: ${source.name}` : "Data carried by the link";
    items.push(option("current", text));
  }
  elements.dataset.replaceChildren(...items);
  elements.dataset.value = source ? (source.kind === "bundled" ? source.id : "current") : app.catalog[0]?.id ?? "";
  elements.dataset.disabled = false;
}

/** Shows the controls of one kind of data and hides the other kind's. */
function showKindControls(kind) {
  const pairwise = kind === "pairwise";
  for (const field of [elements.layoutField, elements.uncertaintyGroup, elements.centerField, elements.scaleField, elements.orderField, elements.marginalsField, elements.chartField, elements.acrossField]) field.hidden = pairwise;
  for (const field of [elements.modelsField, elements.binsField, elements.byField, elements.logField]) field.hidden = !pairwise;
  centeredOption.hidden = pairwise;
  centeredOption.disabled = pairwise;
}

/** Sets the colour and label controls both kinds share. */
function syncSharedControls(state) {
  elements.colorMap.value = state.colorMap;
  elements.reverse.checked = state.reversed;
  elements.range.value = state.range;
  elements.minField.hidden = state.range !== "fixed";
  elements.maxField.hidden = state.range !== "fixed";
  elements.min.value = state.min ?? "";
  elements.max.value = state.max ?? "";
  elements.annotate.checked = state.annotate;
  elements.decimals.value = state.decimals === null ? "auto" : String(state.decimals);
  elements.theme.value = state.theme;
  // The page takes the scheme of its figure's theme.
  elements.darkStyle.media = darkStyleMedia(state.theme);
  syncSettingControls(state);
}

/** The checkboxes made for flag settings the core declares with a control label, by state key. */
const settingInputs = new Map();

/**
 * Sets the controls the page makes itself from the core's view settings (linkSchema().settings,
 * those with a control label): a checkbox per flag, made on first use, shown for the kind of
 * data that has the setting.
 */
function syncSettingControls(state) {
  const kind = kindOf(state);
  let shown = false;
  for (const setting of linkSchema().settings) {
    if (setting.kind !== "flag" || setting.control === null || setting.state === null) continue;
    let input = settingInputs.get(setting.state);
    if (!input) {
      input = document.createElement("input");
      input.type = "checkbox";
      input.id = `setting-${setting.state}`;
      input.name = setting.state;
      input.addEventListener("change", () => changeView({ [setting.state]: input.checked }));
      const label = document.createElement("label");
      label.htmlFor = input.id;
      label.textContent = setting.control;
      const field = document.createElement("div");
      field.className = "field field-check";
      field.append(input, label);
      elements.settingControls.append(field);
      settingInputs.set(setting.state, input);
    }
    input.parentElement.hidden = !setting[kind];
    input.checked = Boolean(state[setting.state]);
    shown ||= setting[kind];
  }
  // Hidden while empty, so that it takes no room in the layout.
  elements.settingControls.hidden = !shown;
}

/** Sets the controls of per-item scores from the shown state. */
function syncPairwiseControls(state) {
  showKindControls("pairwise");
  for (const field of [elements.modelField, elements.modelBField, elements.benchmarkField]) field.hidden = true;
  const chosen = pairwiseModels(state, app.shown.names);
  for (const input of elements.modelsList.querySelectorAll("input")) input.checked = chosen.includes(input.value);
  // With no models chosen, the data's first ones are compared: say so when there are more.
  elements.modelsNote.textContent = app.figure.modelsNote();
  elements.groupField.hidden = app.shown.names.groups.length === 0;
  elements.group.value = state.group ?? "";
  elements.bins.value = String(state.bins);
  elements.by.value = state.value;
  elements.log.checked = state.logarithmic;
  syncSharedControls(state);
  elements.colourNote.textContent = "";
  elements.colourNote.hidden = true;
}

/** Sets every control from the shown state, and shows only the controls its layout uses. */
function syncControls() {
  const state = app.state;
  if (kindOf(state) === "pairwise") {
    syncPairwiseControls(state);
  } else {
    syncSweepControls(state);
  }
  // No heading over nothing: the View group goes when every field in it is hidden.
  elements.viewGroup.hidden = [.../** @type {NodeListOf<HTMLElement>} */ (elements.viewGroup.querySelectorAll(".field"))].every((field) => field.hidden);
}

/** The sweep half of syncControls. */
function syncSweepControls(state) {
  showKindControls("sweep");
  // The hidden controls of pairwise comparisons hold their defaults, whatever was shown before.
  elements.groupField.hidden = true;
  const pairwiseDefaults = defaultView("pairwise");
  elements.bins.value = String(pairwiseDefaults.bins);
  elements.by.value = pairwiseDefaults.value;
  elements.log.checked = pairwiseDefaults.logarithmic;
  const { models } = app.shown.names;
  const resolved = resolveView(state, app.shown.names);
  const used = usedBy(state.layout);

  elements.layout.value = state.layout;
  // A control with nothing to choose is not shown (a file without a model column has one model;
  // one model and one benchmark, nor a reported aggregate, make every layout the same panel).
  const { benchmarks, aggregates } = app.shown.names;
  elements.layoutField.hidden = models.length < 2 && benchmarks.length < 2 && aggregates.length === 0;
  elements.modelField.hidden = !used.model || models.length < 2;
  elements.modelLabel.textContent = state.layout === "difference" ? "Model A" : "Model";
  elements.model.value = resolved.model;
  elements.modelBField.hidden = !used.modelB;
  elements.modelB.replaceChildren(...models.filter((name) => name !== resolved.model).map((name) => option(name, name)));
  if (resolved.modelB !== null) elements.modelB.value = resolved.modelB;
  elements.benchmarkField.hidden = !used.benchmark;
  fillBenchmarkSelect(state.layout, app.shown.names);
  if (resolved.benchmark !== null) elements.benchmark.value = resolved.benchmark;
  // Order is offered where the layout has several panels of one kind to put in order.
  const panels = { model: benchmarks.length, benchmark: models.length, grid: models.length * benchmarks.length }[state.layout] ?? 0;
  elements.orderField.hidden = !used.order || panels < 2;
  elements.order.value = state.order;
  // Strips are drawn beside panels of values (the layouts that have an order); a difference or
  // a reconciliation has none, so the control would do nothing there.
  elements.marginalsField.hidden = !used.order || state.chart === "slice";
  elements.marginals.value = state.marginals;
  // The chart: the heatmap, or a slice along x or y (the select holds both settings at once).
  elements.chart.value = state.chart === "slice" ? `slice:${state.along}` : "heatmap";
  elements.acrossField.hidden = state.chart !== "slice";
  elements.across.value = state.across;

  syncSharedControls(state);
  elements.scale.value = state.colorScale;
  elements.centerField.hidden = state.range !== "centered";
  elements.center.value = String(state.center);

  elements.uncertaintyGroup.hidden = !used.uncertainty;
  elements.uncertaintyLabel.textContent =
    state.layout === "difference" ? "Mark cells where one model is ahead beyond noise" : "Mark cells within noise of the peak";
  // The level the figure marks at, as the core resolved it: the view's, or by default 0.95 when
  // the data carry a noise estimate (null: no marks).
  const marks = app.figure.options().uncertainty ?? null;
  elements.uncertainty.checked = marks !== null;
  elements.levelField.hidden = marks === null;
  elements.level.value = String(marks ?? app.lastLevel);

  const notes = [];
  if (state.layout === "difference") {
    const map = app.colorMaps.find((candidate) => candidate.name === state.colorMap);
    if (map && !map.diverging) notes.push(`A difference needs a diverging map, so ${map.label} is drawn as RdBu.`);
    if (state.range === "panel" || state.range === "shared") notes.push("Differences are centred on 0.");
  }
  elements.colourNote.textContent = notes.join(" ");
  elements.colourNote.hidden = notes.length === 0;
}

/**
 * With the marks on, says which panels cannot have any: those whose cells carry no noise
 * estimate (no item counts or repeated runs; the figure's key explains the marks it does draw).
 */
function syncUncertaintyNote() {
  let note = "";
  if (kindOf(app.state) === "sweep" && app.figure.options().uncertainty != null && usedBy(app.state.layout).uncertainty) {
    const panels = app.figure.panels();
    const without = panels.filter((panel) => !panel.noiseEstimate);
    if (without.length > 0 && without.length === panels.length) {
      note = "No marks: the panels shown have no item counts or repeated runs to estimate noise from.";
    } else if (without.length > 0) {
      note = `No marks in ${without.map((panel) => panel.title).join("; ")}: no item counts or repeated runs to estimate noise from.`;
    }
  }
  elements.uncertaintyNote.textContent = note;
  elements.uncertaintyNote.hidden = note === "";
}

/**
 * Says when the figure is too large for a canvas at full resolution (the core caps the backing
 * store at what browsers allow: figure.backingRatio): on screen it is then drawn at a lower
 * resolution than the screen's, and a PNG export at less than twice that.
 */
function syncCanvasNote() {
  const screen = window.devicePixelRatio || 1;
  const drawn = app.figure.backingRatio(screen);
  const exported = app.figure.backingRatio(exportPixelRatio());
  let note = "";
  if (exported < exportPixelRatio()) {
    const { width, height } = app.figure.size();
    const size = `${Math.round(width).toLocaleString("en")} × ${Math.round(height).toLocaleString("en")} px`;
    const onScreen = drawn < screen ? `it is drawn at ${ratioText(drawn)} rather than this screen's ${ratioText(screen)}, and ` : "";
    note =
      `This figure (${size}) is larger than the biggest canvas browsers allow at full resolution: ` +
      `${onScreen}a PNG export comes out at ${ratioText(exported)} rather than ${ratioText(exportPixelRatio())}. The SVG export keeps every detail.`;
  }
  elements.canvasNote.textContent = note;
  elements.canvasNote.hidden = note === "";
}

function readNumber(input, name) {
  const text = input.value.trim();
  const value = text === "" ? NaN : Number(text);
  if (!Number.isFinite(value)) throw new Error(`The colour range ${name} must be a number${text ? `, not "${text}"` : ""}.`);
  return value;
}

function wireControls() {
  elements.controls.addEventListener("submit", (event) => event.preventDefault());
  // On narrow screens the figure comes first and the controls open from this button.
  elements.controlsToggle.addEventListener("click", () => {
    const open = elements.controls.classList.toggle("open");
    elements.controlsToggle.setAttribute("aria-expanded", String(open));
  });
  elements.dataset.addEventListener("change", () => {
    const id = elements.dataset.value;
    if (id === "current") return;
    openSource(bundledSource(id));
  });
  elements.file.addEventListener("change", () => {
    const files = [...(elements.file.files ?? [])];
    if (files.length > 0) openFiles(files).finally(() => (elements.file.value = ""));
  });
  elements.layout.addEventListener("change", () => changeView({ layout: elements.layout.value }));
  elements.model.addEventListener("change", () => {
    const value = elements.model.value;
    const resolved = resolveView(app.state, app.shown.names);
    const change = { model: value };
    // Choosing model B as model A swaps the two.
    if (value === resolved.modelB) change.modelB = resolved.model;
    changeView(change);
  });
  elements.modelB.addEventListener("change", () => changeView({ modelB: elements.modelB.value }));
  elements.benchmark.addEventListener("change", () => changeView({ benchmark: elements.benchmark.value }));
  elements.colorMap.addEventListener("change", () => changeView({ colorMap: elements.colorMap.value }));
  elements.reverse.addEventListener("change", () => changeView({ reversed: elements.reverse.checked }));
  elements.theme.addEventListener("change", () => changeView({ theme: elements.theme.value }));
  // An "auto" figure is drawn again in the reader's new scheme (the core asks it when drawing).
  onSchemeChange(() => {
    if (app.figure && app.state?.theme === "auto") app.figure.update({});
  });
  elements.range.addEventListener("change", () => {
    const range = elements.range.value;
    const change = { range };
    if (range === "fixed" && (app.state.min === null || app.state.max === null)) Object.assign(change, app.figure.fixedRangeStart());
    changeView(change);
  });
  const changeBounds = () => {
    let min;
    let max;
    try {
      min = readNumber(elements.min, "minimum");
      max = readNumber(elements.max, "maximum");
    } catch (error) {
      showError(messageOf(error));
      return;
    }
    if (!(min < max)) {
      showError(`The colour range minimum (${min}) must be below its maximum (${max}).`);
      return;
    }
    changeView({ min, max });
  };
  elements.min.addEventListener("change", changeBounds);
  elements.max.addEventListener("change", changeBounds);
  elements.center.addEventListener("change", () => {
    try {
      changeView({ center: readNumber(elements.center, "centre") });
    } catch (error) {
      showError(messageOf(error));
    }
  });
  elements.annotate.addEventListener("change", () => changeView({ annotate: elements.annotate.checked }));
  elements.modelsList.addEventListener("change", (event) => {
    const input = /** @type {HTMLInputElement} */ (event.target);
    const chosen = [.../** @type {NodeListOf<HTMLInputElement>} */ (elements.modelsList.querySelectorAll("input:checked"))].map((item) => item.value);
    if (chosen.length < 2) {
      // Every pair needs two models: the box stays checked and the note says why.
      input.checked = true;
      elements.modelsNote.textContent = "Compare at least two models.";
      return;
    }
    elements.modelsNote.textContent = "";
    changeView({ models: chosen });
  });
  elements.group.addEventListener("change", () => changeView({ group: elements.group.value === "" ? null : elements.group.value }));
  elements.bins.addEventListener("change", () => changeView({ bins: Number(elements.bins.value) }));
  elements.by.addEventListener("change", () => {
    // Counts and shares are on different scales: fixed bounds made for one do not fit the other.
    const change = { value: elements.by.value };
    if (app.state.range === "fixed") Object.assign(change, { range: defaultView("pairwise").range, min: null, max: null });
    changeView(change);
  });
  elements.log.addEventListener("change", () => changeView({ logarithmic: elements.log.checked }));
  elements.scale.addEventListener("change", () => changeView({ colorScale: elements.scale.value }));
  elements.order.addEventListener("change", () => changeView({ order: elements.order.value }));
  elements.marginals.addEventListener("change", () => changeView({ marginals: elements.marginals.value }));
  elements.chart.addEventListener("change", () => {
    const [chart, along] = elements.chart.value.split(":");
    changeView(chart === "slice" ? { chart, along } : { chart });
  });
  elements.across.addEventListener("change", () => changeView({ across: elements.across.value }));
  elements.decimals.addEventListener("change", () => {
    const value = elements.decimals.value;
    changeView({ decimals: value === "auto" ? null : Number(value) });
  });
  elements.uncertainty.addEventListener("change", () =>
    // Off is 0, not null: null is the default, which marks data that carry a noise estimate.
    changeView({ uncertainty: elements.uncertainty.checked ? (parseLevel(elements.level.value) ?? app.lastLevel) : 0 }),
  );
  elements.level.addEventListener("change", () => {
    const level = parseLevel(elements.level.value);
    if (level === null) return;
    app.lastLevel = level;
    changeView({ uncertainty: level });
  });
  elements.copyMarkdown.addEventListener("click", () => copyMarkdown());
  elements.copyLatex.addEventListener("click", () => copyLatex());
  elements.noticeDismiss.addEventListener("click", () => showNotices([]));
  elements.copyLink.addEventListener("click", () => copyLink());
  const exporter = (button, run, what, extension = what.toLowerCase()) =>
    button.addEventListener("click", async () => {
      if (!app.figure) return;
      const figure = app.figure;
      try {
        // A PNG export says when the figure was too large to export at the resolution asked; a
        // PDF or outlined SVG which characters its font lacks.
        const note = await run(figure);
        setShareStatus(`${what} saved as ${figure.fileStem()}.${extension}${note ? ` ${note}` : ""}.`);
      } catch (error) {
        showError(`Could not export the ${what}: ${messageOf(error)}`);
      }
    });
  exporter(elements.exportPng, exportPng, "PNG");
  exporter(elements.exportSvg, exportSvg, "SVG");
  exporter(elements.exportPdf, exportPdf, "PDF");
  exporter(elements.exportSvgPaths, exportSvgTextAsPaths, "SVG with text as paths", "paths.svg");
  exporter(elements.exportCsv, exportCsv, "CSV");
  elements.exportPage.addEventListener("click", async () => {
    if (!app.figure) return;
    try {
      // The view as the address writes it, without a source: the page holds the data itself.
      const view = addressOf({ ...app.state, source: { kind: "bundled", id: null } }).hash.slice(1);
      setShareStatus(`Page saved as ${await exportPage(app.shown, view, app.catalog)}.`);
    } catch (error) {
      showError(`Could not save the page: ${messageOf(error)}`);
    }
  });
}

// ---------------------------------------------------------------------------------------------
// Local files and share links

async function openFile(file) {
  app.localCount += 1;
  const key = `file:${app.localCount}`;
  const source = { kind: "local", name: file.name, format: formatFromName(file.name), data: null, key };
  let text;
  try {
    // A big CSV file (a sweep or per-item scores) loads in slices and is never held as text (nor
    // carried by links).
    if (await loadsInSlices(file, source.format)) {
      return await openKept(source, { source, file });
    }
    text = await file.text();
  } catch (error) {
    showError(`Could not read "${file.name}": ${messageOf(error)}`);
    return false;
  }
  try {
    source.data = (await embeddable(text, source)).data;
  } catch {
    source.data = null; // No CompressionStream: the file opens, only links leave it out.
  }
  return openKept(source, { source, text });
}

/**
 * Opens files from the file input or a drop: one as openFile does; several CSV files of one
 * sweep merged into one table (mergeSweepFiles in the core), opened as one local file whose
 * name lists them, and the page says what was merged.
 */
async function openFiles(files) {
  if (files.length === 1) return openFile(files[0]);
  const names = files.map((file) => file.name);
  const together = `the ${files.length} files ${names.map((name) => `"${name}"`).join(", ")}`;
  let merged;
  try {
    const texts = await Promise.all(files.map((file) => file.text()));
    // lm-evaluation-harness results files (one per model) are read together by the importers
    // package into one table of models x tasks; CSV files are merged by the pairwise package
    // (fetched now if not yet), to keep that code out of the package every page loads.
    merged = (await importedFiles(await load(), names, texts)) ?? { ...(await loadPairwiseApi()).mergeSweepFiles(names, texts), format: "csv" };
  } catch (error) {
    showError(`Could not open ${together} as one sweep: ${messageOf(error)}`);
    return false;
  }
  app.localCount += 1;
  const name = files.length === 2 ? `${names[0]} + ${names[1]}` : `${names[0]} + ${files.length - 1} more files`;
  const source = { kind: "local", name, format: merged.format, data: null, key: `file:${app.localCount}` };
  try {
    source.data = (await embeddable(merged.text, source)).data;
  } catch {
    source.data = null; // No CompressionStream: the files open, only links leave them out.
  }
  const opened = await openKept(source, { source, text: merged.text });
  if (opened) {
    addNotices(merged.notices, { first: true });
  }
  return opened;
}

/** Keeps a local file's text (or File) for back, forward and links, and opens it. */
async function openKept(source, kept) {
  app.localFiles.set(source.key, kept);
  const opened = await openSource(source);
  if (!opened) app.localFiles.delete(source.key);
  return opened;
}

function wireDrop() {
  let depth = 0;
  const carriesFiles = (event) => [...(event.dataTransfer?.types ?? [])].includes("Files");
  document.addEventListener("dragenter", (event) => {
    if (!carriesFiles(event)) return;
    event.preventDefault();
    depth += 1;
    elements.dropOverlay.hidden = false;
  });
  document.addEventListener("dragover", (event) => {
    if (!carriesFiles(event)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = "copy";
  });
  document.addEventListener("dragleave", (event) => {
    if (!carriesFiles(event)) return;
    depth = Math.max(0, depth - 1);
    if (depth === 0) elements.dropOverlay.hidden = true;
  });
  document.addEventListener("drop", (event) => {
    if (!event.dataTransfer) return;
    event.preventDefault();
    depth = 0;
    elements.dropOverlay.hidden = true;
    const files = [...(event.dataTransfer.files ?? [])];
    if (files.length > 0) openFiles(files);
  });
}

// ---------------------------------------------------------------------------------------------
// Resizing

function watchSize() {
  let lastWidth = frameWidth();
  let pending = false;
  const observer = new ResizeObserver(() => {
    if (pending) return;
    pending = true;
    requestAnimationFrame(() => {
      pending = false;
      const width = frameWidth();
      if (!app.figure || width === lastWidth) return;
      lastWidth = width;
      try {
        app.figure.resize(width);
        syncCanvasNote();
        inspector.setFigure(app.figure);
      } catch (error) {
        showError(`Could not redraw the figure at the new size: ${messageOf(error)}`);
      }
    });
  });
  observer.observe(elements.frame);
}

// ---------------------------------------------------------------------------------------------
// Start

const inspector = new CellInspector(
  {
    canvas: elements.canvas,
    frame: elements.frame,
    tooltip: elements.tooltip,
    outline: elements.outline,
    announcer: elements.announcer,
  },
  { rows: tableRows },
);

const tableControls = new RunTableControls(
  {
    group: elements.tableGroup,
    fields: elements.tableFields,
    panel: elements.columnPanel,
    summary: elements.columnSummary,
    list: elements.columnList,
  },
  { onView: changeTableView, onRoles: changeRole },
);

/** A test and console hook: the live figure, dataset and state. */
window.sweepmap = {
  get figure() {
    return app.figure;
  },
  get dataset() {
    return app.shown?.dataset ?? null;
  },
  get state() {
    return app.state;
  },
  /** "sweep" or "pairwise": the kind of data shown. */
  get kind() {
    return app.shown?.kind ?? null;
  },
  get renders() {
    return app.renders;
  },
  /** For a CSV opened as a run table: its SweepTable and the SweepProjection drawn, else null. */
  get table() {
    return app.shown?.sweep?.table ?? null;
  },
  get projection() {
    return app.shown?.sweep?.projection ?? null;
  },
};

async function main() {
  moveQueryToFragment();
  try {
    await load();
    app.colorMaps = colorMaps();
  } catch (error) {
    showError(`Could not start sweepmap: the WebAssembly package did not load (${messageOf(error)}).`);
    elements.title.textContent = "sweepmap could not start";
    return;
  }
  elements.colorMap.replaceChildren(
    ...app.colorMaps.map((map) => option(map.name, map.diverging ? `${map.label} (diverging)` : map.label)),
  );
  try {
    // A standalone file shows the one figure it holds (lib/standalone.js), without the data
    // controls, links or the page download, which need the site.
    const figure = readStandaloneFigure(document);
    app.standalone = figure && standaloneCatalog(figure, document);
  } catch (error) {
    showError(`This file's figure cannot be shown: ${messageOf(error)}`);
    elements.title.textContent = "No figure";
    return;
  }
  if (app.standalone) {
    app.texts.set(`bundled:${app.standalone.catalog[0].id}`, app.standalone.text);
    // The PDF and outlined SVG need the paper package and its font, which the file does not hold.
    for (const id of ["group-data", "copy-link", "export-page", "export-pdf", "export-svg-paths"]) byId(id).hidden = true;
  }
  try {
    app.catalog = app.standalone?.catalog ?? (await loadCatalog());
  } catch (error) {
    showError(`Could not list the bundled datasets: ${messageOf(error)}`);
    elements.title.textContent = "No datasets";
    return;
  }
  fillDatasetSelect();
  wireControls();
  if (!app.standalone) wireDrop();
  window.addEventListener("popstate", onAddressChange);
  window.addEventListener("hashchange", onAddressChange);
  await openFromAddress({ initial: true });
  watchSize();
}

main();
