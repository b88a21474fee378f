// The package's entry: sweepmap's wasm API (loadDataset, SweepFigure, ...) plus load(),
// which fetches and compiles the wasm once per page, however many figures and elements ask, and
// loadPairwiseApi(), which does the same for the pairwise package: per-item scores and their
// figure (loadPairwise, SweepPairwise, SweepPairwiseLoader, SweepPairwiseFigure) are a second
// build of the crate (www/pkg/pairwise/), fetched only by a page that opens such data, so that
// a page drawing sweeps never loads them (README "Package size"), and which also writes a sweep
// figure's exports (withExports: SVG, CSV, LaTeX, Markdown); and loadImportersApi(), for
// the importers package (www/pkg/importers/: runs as JSON and lm-evaluation-harness files
// converted into text the other two open; no figure code), fetched only by a page that meets
// such a file; and loadSliceApi(), for the slice package (www/pkg/slice/: the sweep figure API
// with its exports and the slice view, `chart: "slice"`), fetched only when a slice is drawn:
// sliceFigure() draws one there from a dataset of the default package.
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

// ---------------------------------------------------------------------------------------------
// A figure's exports (toSvg, latex, observationsMarkdown, shownCsv) are not in the default
// package: a user asks for them by clicking, so every page does not load them (README "Package
// size"); nor are the analyses only a script asks for (a figure's reports, observations,
// differenceSummary, reconciliation; a dataset's toCsv, analysis, reconcile,
// rankConfigurations). The pairwise package has them all (and the whole sweep API): withExports
// draws the same figure there, from the figure's dataset as JSON (datasetJson(), read back
// exactly) and its resolved options, or reads the same dataset there (toJson()), and hands it to
// `use`.

/**
 * Calls `use(item)` with a figure or a dataset that has the exports and analyses: `item` itself
 * when it has them (the pairwise package's), else the same figure drawn (on a canvas of its own)
 * or the same dataset read by the pairwise package (fetched on the first call, once per page:
 * loadPairwiseApi), freed once `use` has returned. Resolves to what `use` returns.
 * @template T
 * @param {import("../pkg/sweepmap.js").SweepFigure | import("../pkg/sweepmap.js").SweepDataset | import("../pkg/pairwise/sweepmap.js").SweepFigure | import("../pkg/pairwise/sweepmap.js").SweepPairwiseFigure | import("../pkg/pairwise/sweepmap.js").SweepDataset} item
 * @param {(item: any) => T} use
 * @returns {Promise<Awaited<T>>}
 */
export async function withExports(item, use) {
  if ("toSvg" in item || "toCsv" in item) return use(item);
  const pairwise = await loadPairwiseApi();
  if (!("datasetJson" in item)) {
    const dataset = pairwise.loadJson(item.toJson());
    try {
      return await use(dataset);
    } finally {
      dataset.free();
    }
  }
  const dataset = pairwise.loadJson(item.datasetJson());
  let twin;
  try {
    twin = new pairwise.SweepFigure(dataset, document.createElement("canvas"), item.options());
  } finally {
    dataset.free();
  }
  try {
    return await use(twin);
  } finally {
    twin.free();
  }
}

// ---------------------------------------------------------------------------------------------
// The slice view (`chart: "slice"`: the metric along one parameter, a line with its band per
// series) is drawn only by the slice package (www/pkg/slice/), fetched the first time a page or
// element asks for a slice; the other packages know the slice's settings and refuse to draw one.
// Its SweepFigure has the whole sweep figure API (hover through slicePoint, slicePointOf,
// sliceSeries and slicePositions; notes; and the exports: toSvg, latex, observationsMarkdown,
// shownCsv, each of the slice), drawn from the same dataset read there from its JSON.

/** Where the slice package's wasm is. */
export const sliceWasmUrl = new URL("../pkg/slice/sweepmap_bg.wasm", import.meta.url);

/** The slice package once instantiated. */
let slice = null;

const startSlice = once(async (source) => {
  const module = await import("../pkg/slice/sweepmap.js");
  await module.default({ module_or_path: source });
  slice = module;
  return module;
});

/** Where loadSliceApi() takes the package from when given no source (sliceSource). */
let defaultSliceSource = () => sliceWasmUrl;

/**
 * Sets where loadSliceApi() takes the slice package from when it is called without a source:
 * `make()` is called then, once, and returns what load()'s `source` may be. A standalone file
 * (www/standalone/wasm.js) points it at the bytes it holds, unzipped only if a slice is drawn.
 * @param {() => any} make
 */
export function sliceSource(make) {
  defaultSliceSource = make;
}

/**
 * Fetches and instantiates the slice package (its glue and wasm), once: every call returns the
 * same promise, which resolves to that package's API. `source` as for load() (by default
 * www/pkg/slice/, or what sliceSource set).
 * @param {import("../pkg/sweepmap.js").InitInput | Promise<import("../pkg/sweepmap.js").InitInput>} [source]
 * @returns {Promise<typeof import("../pkg/slice/sweepmap.js")>}
 */
export function loadSliceApi(source) {
  return startSlice(source ?? defaultSliceSource());
}

/**
 * The slice package's API once loadSliceApi() has finished, else null: the explorer and the
 * element draw synchronously once it is there.
 * @returns {typeof import("../pkg/slice/sweepmap.js") | null}
 */
export function loadedSlice() {
  return slice;
}

/** The slice package's copy of each dataset of another package, read once from its JSON. */
const sliceDatasets = new WeakMap();

/**
 * The dataset the slice package draws for `dataset` (a SweepDataset of any package): `dataset`
 * itself when it is the slice package's, else the same data read there from `dataset.toJson()`,
 * once per dataset. Free it with freeSliceDataset(dataset) when `dataset` goes. Needs the slice
 * package loaded (loadSliceApi).
 * @param {any} dataset
 * @returns {import("../pkg/slice/sweepmap.js").SweepDataset}
 */
export function sliceDataset(dataset) {
  if (!slice) throw new Error('the slice package is not loaded: await loadSliceApi() before drawing chart: "slice"');
  if (dataset instanceof slice.SweepDataset) return dataset;
  let copy = sliceDatasets.get(dataset);
  if (!copy) {
    copy = slice.loadJson(dataset.toJson());
    sliceDatasets.set(dataset, copy);
  }
  return copy;
}

/** Frees the slice package's copy of `dataset` (sliceDataset), if it made one. */
export function freeSliceDataset(dataset) {
  const copy = sliceDatasets.get(dataset);
  if (copy) {
    sliceDatasets.delete(dataset);
    copy.free();
  }
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

// ---------------------------------------------------------------------------------------------
// Export for papers: the paper package (www/pkg/paper/, the crate paper/) turns a figure's SVG
// (figure.toSvg()) into a PDF with real text in an embedded subset of the bundled font, or into
// an SVG with its text as paths. It and the font (Liberation Sans, regular and bold) are fetched
// only when first asked for, once per page (README "Export").

/** Where the paper package's wasm is. */
export const paperWasmUrl = /* @__PURE__ */ new URL("../pkg/paper/sweepmap_paper_bg.wasm", import.meta.url);

/** The fonts the paper package lays text out with: Liberation Sans, regular then bold. */
export const paperFontUrls = [
  /* @__PURE__ */ new URL("../pkg/paper/LiberationSans-Regular.ttf", import.meta.url),
  /* @__PURE__ */ new URL("../pkg/paper/LiberationSans-Bold.ttf", import.meta.url),
];

/**
 * The bytes of a font: given (a Uint8Array or ArrayBuffer), or fetched from its URL, with an
 * error naming it and what to do.
 * @param {URL | string | Uint8Array | ArrayBuffer} font
 */
async function fontBytes(font) {
  if (font instanceof Uint8Array) return font;
  if (font instanceof ArrayBuffer) return new Uint8Array(font);
  const response = await fetch(font);
  if (!response.ok) {
    throw new Error(`could not fetch the font ${font} (HTTP ${response.status}); try again, or export the plain SVG, which needs no font`);
  }
  return new Uint8Array(await response.arrayBuffer());
}

/**
 * Made on the first call of loadPaperApi, so that a bundle which never calls it (the Python
 * widget's) drops it, and the package's glue with it.
 * @type {((start: { source: any, fonts: (URL | string | Uint8Array | ArrayBuffer)[] }) => Promise<import("../pkg/paper/sweepmap_paper.js").PaperFonts>) | null}
 */
let startPaper = null;

/**
 * Fetches and instantiates the paper package and its fonts, once: every call returns the same
 * promise, which resolves to the loaded fonts, whose toPdf(svg) and textAsPaths(svg) convert.
 * `source` overrides where the wasm comes from, as for load(); `fonts` which fonts text is laid
 * out with (URLs to fetch, or the bytes of .ttf or .otf files; the first one's family stands for
 * every generic family). Only the first call's arguments count.
 * @param {import("../pkg/paper/sweepmap_paper.js").InitInput | Promise<import("../pkg/paper/sweepmap_paper.js").InitInput>} [source]
 * @param {(URL | string | Uint8Array | ArrayBuffer)[]} [fonts]
 * @returns {Promise<import("../pkg/paper/sweepmap_paper.js").PaperFonts>}
 */
export function loadPaperApi(source = paperWasmUrl, fonts = paperFontUrls) {
  startPaper ??= once(async ({ source, fonts }) => {
    const [paper, bytes] = await Promise.all([import("../pkg/paper/sweepmap_paper.js"), Promise.all(fonts.map(fontBytes))]);
    await paper.default({ module_or_path: source });
    return new paper.PaperFonts(bytes);
  });
  return startPaper({ source, fonts });
}

/**
 * An SVG (a figure's toSvg()) as a one-page PDF of its size, 1 px = 1 pt: cells as vector
 * shapes, text as text in the embedded font. `missing` lists the characters the font lacks
 * (drawn as its empty box), `note` says so in the page's words (null when none is missing).
 * @param {string} svg
 * @returns {Promise<{ pdf: Uint8Array<ArrayBuffer>, missing: string[], note: string | null }>}
 */
export async function svgToPdf(svg) {
  return (await loadPaperApi()).toPdf(svg);
}

/**
 * An SVG (a figure's toSvg()) written again with its text as paths, in the bundled font: it
 * looks the same in any viewer, with or without the font. `missing` and `note` as for svgToPdf().
 * @param {string} svg
 * @returns {Promise<{ svg: string, missing: string[], note: string | null }>}
 */
export async function svgTextAsPaths(svg) {
  return (await loadPaperApi()).textAsPaths(svg);
}
