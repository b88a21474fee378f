// Opening data: a source fetched or read and loaded (sources.js over lib/source.js, with progress
// and a Cancel: loading.js), from a control or from the page address (on start, back and
// forward), keeping what is shown when the new data fail.

import { load } from "./lib/sweepmap.js";
import { LoadCancelled } from "./lib/source.js";
import { progressDisplay } from "./loading.js";
import { readSourceData, relinkSweep } from "./sources.js";
import { app, clearError, elements, messageOf, sentence, showError, showNotices } from "./app.js";
import { addressLink, writeAddress } from "./address.js";
import { fillDatasetSelect } from "./controls.js";
import { addColumnsNotice } from "./tableview.js";
import { commit, freeLoaded, readyToDraw } from "./view.js";
import { bundledSource, defaultView, holdsView, kindOf, parseState, readSource, sameSource } from "./state.js";

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
export async function loadSource(source, { link = "", roles, view } = {}) {
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

/**
 * Back, forward, or a fragment changed by hand or by a link in the page: shows the view the
 * address now holds. Both popstate and hashchange call this, and a browser fires both for one
 * traversal or fragment navigation (popstate first): the hashchange finds the address already
 * opened. Back or forward onto the address already shown (back from a failing link, whose
 * entry took the address of the view kept) has the right view: only a message about the other
 * entry goes. An in-page anchor (a fragment without a view) is left to the browser, which
 * scrolls to it.
 */
export function onAddressChange(event) {
  const { hash, href } = window.location;
  if (href === app.address) {
    if (event.type === "popstate") clearError();
    return;
  }
  if (hash !== "" && !holdsView(hash)) return;
  openFromAddress({ initial: false });
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
export async function openSource(source) {
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
  const carried = carryView(app.state ?? { ...defaultView() });
  // A slice carried over is drawn by the slice package, which is loaded then (a failure says so).
  const ready = await readyToDraw(carried, loaded.kind).then(
    () => null,
    (reason) => reason,
  );
  if (generation !== app.generation) {
    freeLoaded(loaded);
    return false;
  }
  const error = ready ?? commit(carried, loaded, { history: "push" });
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
export async function openFromAddress({ initial }) {
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
  // A link to a slice: the slice package first (fetched once); if it cannot load, the fallback
  // below draws the default view.
  let error = await readyToDraw(parsed.state, loaded.kind).then(
    () => null,
    (reason) => reason,
  );
  if (generation !== app.generation) {
    if (loaded !== app.shown) freeLoaded(loaded);
    return;
  }
  error ??= commit(parsed.state, loaded, { history: "replace" });
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
