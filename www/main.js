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
//
// The modules, by concern (this one starts the page and wires them):
//   app.js        the page's elements, what it shows (app), the banners and status lines
//   address.js    the view in the page address (state.js reads and writes links with the core)
//   open.js       opening a source (sources.js, loading.js), from a control or the address
//   files.js      local files: the file input, a drop, several CSV files merged
//   view.js       drawing a state and committing it (header, controls, summary, notes, address)
//   controls.js   the lists filled for new data and the controls set from the shown state
//   inputs.js     what each control does
//   header.js     the title, source, facts and the words of each kind of data
//   summary.js    the key observations (observations.js) or pairwise comparisons (pairwise.js)
//   tableview.js  run tables: their view and their columns' roles (table.js places the controls)
//   copy.js, export.js, share.js   links, Markdown and LaTeX copies, exports

import { colorMaps, load, withExports } from "./lib/sweepmap.js";
import { readStandaloneFigure, standaloneCatalog } from "./lib/standalone.js";
import { app, byId, elements, messageOf, showError } from "./app.js";
import { moveQueryToFragment } from "./address.js";
import { fillDatasetSelect, option } from "./controls.js";
import { wireDrop } from "./files.js";
import { wireControls } from "./inputs.js";
import { onAddressChange, openFromAddress } from "./open.js";
import { loadCatalog } from "./sources.js";
import { frameWidth, inspector, syncNotes } from "./view.js";

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
        syncNotes();
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

/** A test and console hook: the live figure, dataset and state. */
window.sweepmap = {
  get figure() {
    return app.figure;
  },
  /** What `use` returns for the live figure with its exports (lib/sweepmap.js withExports). */
  exports(use) {
    return withExports(app.figure, use);
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
  /** For Parquet reduced in DuckDB-wasm (lib/reduce.js): { rows, configurations, sql, roles, note, text }, else null. */
  get reduced() {
    const reduced = app.shown?.reduced;
    return reduced
      ? { rows: reduced.rows, configurations: reduced.configurations, sql: reduced.sql, roles: reduced.roles, note: reduced.note, text: reduced.text }
      : null;
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
