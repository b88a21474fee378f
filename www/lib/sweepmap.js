// The package's entry: sweepmap's wasm API (loadDataset, SweepFigure, ...) plus load(),
// which fetches and compiles the wasm once per page, however many figures and elements ask, and
// loadPairwiseApi(), which does the same for the pairwise package: per-item scores and their
// figure (loadPairwise, SweepPairwise, SweepPairwiseLoader, SweepPairwiseFigure) are a second
// build of the crate (www/pkg/pairwise/), fetched only by a page that opens such data, so that
// a page drawing sweeps never loads them (README "Package size"); and loadImportersApi(), for
// the importers package (www/pkg/importers/: runs as JSON and lm-evaluation-harness files
// converted into text the other two open; no figure code), fetched only by a page that meets
// such a file.
//
//   import { load, loadPairwiseApi, loadImportersApi } from "sweepmap";   // or "./lib/sweepmap.js"
//   const { loadDataset, SweepFigure } = await load();
//   const { loadPairwise, SweepPairwiseFigure } = await loadPairwiseApi();
//   const { importerFor, tableFromJson } = await loadImportersApi();
//
// The two packages are separate wasm instances: data loaded by one are drawn by a figure of the
// same one (a SweepPairwise by the pairwise package's SweepPairwiseFigure). The pairwise package
// has the whole API too (links, views, sweeps), so a page of per-item scores alone may use it
// for everything.
//
// The wasm is found relative to this module (new URL(..., import.meta.url)), so the package
// works from any static host without a bundler, under any sub-path, and from Vite, which sees
// the same expression and ships the file. The explorer and the <sweep-map> element both start
// the wasm through load(), so a page with both fetches it once.

import init from "../pkg/sweepmap.js";
import * as wasm from "../pkg/sweepmap.js";

export * from "../pkg/sweepmap.js";

/** Where the wasm is, beside the wasm-bindgen glue this module ships with. */
export const wasmUrl = new URL("../pkg/sweepmap_bg.wasm", import.meta.url);

/** True once the wasm is instantiated. */
let loaded = false;

/**
 * A loader that runs `start(source)` once: every call returns the same promise, reset when it
 * fails, so a later call can try again. Only the first call's `source` counts.
 */
function once(start) {
  let pending = null;
  return (source) => {
    if (!pending) {
      pending = start(source);
      pending.catch(() => {
        pending = null;
      });
    }
    return pending;
  };
}

const startDefault = once((source) =>
  init({ module_or_path: source }).then(() => {
    loaded = true;
    return wasm;
  }),
);

/**
 * Fetches and instantiates the wasm, once: every call returns the same promise, which resolves
 * to the wasm API (the wasm-bindgen module's namespace, every export usable). `source`
 * overrides where the wasm comes from (a URL, a Response, bytes or a WebAssembly.Module); only
 * the first call's counts.
 * @param {import("../pkg/sweepmap.js").InitInput | Promise<import("../pkg/sweepmap.js").InitInput>} [source]
 * @returns {Promise<typeof import("../pkg/sweepmap.js")>}
 */
export function load(source = wasmUrl) {
  return startDefault(source);
}

/** Where the pairwise package's wasm is. */
export const pairwiseWasmUrl = new URL("../pkg/pairwise/sweepmap_bg.wasm", import.meta.url);

const startPairwise = once(async (source) => {
  const pairwise = await import("../pkg/pairwise/sweepmap.js");
  await pairwise.default({ module_or_path: source });
  return pairwise;
});

/**
 * Fetches and instantiates the pairwise package (its glue and wasm), once: every call returns
 * the same promise, which resolves to that package's API. `source` as for load().
 * @param {import("../pkg/sweepmap.js").InitInput | Promise<import("../pkg/sweepmap.js").InitInput>} [source]
 * @returns {Promise<typeof import("../pkg/pairwise/sweepmap.js")>}
 */
export function loadPairwiseApi(source = pairwiseWasmUrl) {
  return startPairwise(source);
}

/** Where the importers package's wasm is. */
export const importersWasmUrl = new URL("../pkg/importers/sweepmap_bg.wasm", import.meta.url);

/** The importers package once instantiated. */
let importers = null;

const startImporters = once(async (source) => {
  const module = await import("../pkg/importers/sweepmap.js");
  await module.default({ module_or_path: source });
  importers = module;
  return module;
});

/**
 * Fetches and instantiates the importers package (its glue and wasm), once: every call returns
 * the same promise, which resolves to that package's API (importerFor, tableFromJson, ...).
 * `source` as for load().
 * @param {import("../pkg/sweepmap.js").InitInput | Promise<import("../pkg/sweepmap.js").InitInput>} [source]
 * @returns {Promise<typeof import("../pkg/importers/sweepmap.js")>}
 */
export function loadImportersApi(source = importersWasmUrl) {
  return startImporters(source);
}

/**
 * The importers package's API once loadImportersApi() has finished, else null: for code that
 * must stay synchronous (a run table converted once, projected again at another view).
 * @returns {typeof import("../pkg/importers/sweepmap.js") | null}
 */
export function loadedImporters() {
  return importers;
}

/** True once load() has finished: the API can be called synchronously from then on. */
export function isLoaded() {
  return loaded;
}
