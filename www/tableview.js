// Run tables shown in the explorer: their view and their columns' roles changed from the controls
// (table.js places them), drawn at a new projection or reopened with other roles, and what a
// run table's cells add to their tooltips.

import { app, clearError, elements, messageOf, showError, showNotices } from "./app.js";
import { LoadCancelled } from "./lib/source.js";
import { sweepOf } from "./sources.js";
import { carriedView, namedRoles, RunTableControls } from "./table.js";
import { commit, freeLoaded } from "./view.js";
import { loadSource } from "./open.js";

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
function commitProjection(next, change = {}, history = "replace") {
  const error = commit({ ...app.state, ...change }, next, { history });
  if (error) {
    freeLoaded(next, app.shown);
    return error;
  }
  return null;
}

/**
 * Changes (fields of) the shown run table's view and draws it; `live` (a slider scrubbed) writes
 * the address once scrubbing stops.
 */
function projectView(change, { facet = false, live = false } = {}) {
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
  const error = commitProjection(next, grid, live ? "later" : "replace");
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
    if (latest) projectView(latest, { live: true });
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
export function addColumnsNotice() {
  const notice = app.shown?.sweep?.table?.columnsNotice();
  if (!notice) return;
  const item = document.createElement("li");
  const button = document.createElement("button");
  button.type = "button";
  button.className = "notice-action";
  button.textContent = "Check the columns";
  button.addEventListener("click", () => tableControls.openPanel());
  item.append(`${notice} `, button);
  elements.noticeList.append(item);
  elements.noticeBanner.hidden = false;
}

/** The rows a run table's cell adds to its tooltip (the rest of its configuration). */
export function tableRows(info) {
  const projection = app.shown?.sweep?.projection;
  if (!projection) return [];
  try {
    return projection.cellRuns(info.model ?? null, info.benchmark ?? null, info.x, info.y)?.rows ?? [];
  } catch {
    return [];
  }
}

/** The run-table controls and the column panel (table.js). */
export const tableControls = new RunTableControls(
  {
    group: elements.tableGroup,
    fields: elements.tableFields,
    panel: elements.columnPanel,
    summary: elements.columnSummary,
    list: elements.columnList,
  },
  { onView: changeTableView, onRoles: changeRole },
);
