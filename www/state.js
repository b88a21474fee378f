// The view state of the explorer and its share-link form: everything a figure depends on lives
// in the page address, so a link reproduces the figure. Links are read and written by the wasm
// core (parseLink, readLinkSource, formatLink in src/link/), the one parser the page and the
// fuzzer share; the package must be initialised first (init() in the page, initSync in node).
// Pure functions otherwise (no DOM, no fetch), so node can test them directly.
//
// Link format (the fragment of the page address: index.html#dataset=kv-cache-sweep&layout=grid).
// Keys are written in this order and only when they differ from the default; the data source is
// always written. The fragment, not the query string: a browser never sends the fragment to the
// server (nor in a Referer), so data a link carries (data=) stay in the browser, and no host
// refuses a long link (414 URI Too Long). Links from before, with the same text in the query
// string (index.html?dataset=...), still open: the page moves the text to the fragment when it
// starts; when both hold a view, the fragment wins. A fragment without "=" is an in-page anchor
// (#top), not a view.
//
//   Data source (one of; when several are given, data wins over src, and src over dataset):
//     dataset=ID        a bundled dataset, an id from www/data/index.json (default: the first one)
//     src=URL           a CSV or JSON file fetched from this http(s) URL (relative to the page, or
//                       absolute; the other site must allow cross-origin requests)
//     data=TEXT         the file itself: its UTF-8 text compressed with deflate-raw (the browser's
//                       CompressionStream) and encoded as base64url without padding
//     fmt=csv|json      with src or data: the file's format (default: from the src file extension,
//                       else detected: JSON when the text starts with "{", CSV otherwise)
//     name=FILE         the name of a local file (ignored with src). With data: the name shown for
//                       the data the link carries. Without data: the link was made for a local file
//                       too large to carry (it wins over dataset); opening it shows the default
//                       dataset with a notice asking to open that file again
//   View:
//     layout=model|benchmark|grid|difference|reconcile
//                       one model across benchmarks (default), one benchmark across models, every
//                       model x benchmark, the difference of two models, or a reported aggregate
//                       beside the mean recomputed from its parts and their difference (only for
//                       data with a reported aggregate: a benchmark with aggregate_of)
//     model=NAME        the model (layouts model and reconcile) or model A (difference); default
//                       the first model
//     b=NAME            model B of a difference (modelB= is read too); default the first other model
//     bench=NAME        the benchmark (layouts benchmark and difference), or :mean for the mean
//                       across benchmarks; default the first benchmark. With layout=reconcile: a
//                       reported aggregate; default the first one
//     order=mean|best   panels (a model's benchmarks, a benchmark's models, a grid's rows and
//                       columns) by each panel's mean or best cell, best first; ties keep the
//                       data's order (default: the data's order)
//     marginals=on|off  strips of each row's and column's mean (best cell with order=best) beside
//                       each panel of the model, benchmark and grid layouts (default auto: when
//                       the panels are larger than 6 x 6, at least 2 of each side)
//     chart=slice       the metric along one axis instead of the heatmap: a line with its
//                       confidence band per series (default heatmap)
//     along=y           the axis a slice runs along (default x)
//     across=each|best|mean
//                       a slice's lines: one per value of the other axis, or each point's best
//                       or mean over it (default auto: each for one panel with at most 10
//                       values, else best)
//     cmap=NAME         colour map, a name from colorMaps() (viridis, cividis, ..., ylgnbu, rdbu, ...)
//                       in any case; default viridis
//     rev=1             reverse the colour map (default 0)
//     scale=log|symlog  space the colours by log10 (values above 0 only) or by a logarithm on
//                       each side of 0, linear near it (default linear)
//     range=panel|shared|fixed|centered
//                       colour range: each panel its own (default), one for the figure, fixed
//                       bounds, or centred on a value
//     min=NUMBER&max=NUMBER
//                       the bounds of range=fixed (both required, min below max)
//     center=NUMBER     the centre of range=centered (default 0)
//     annot=0           leave the values out of the cells (default 1)
//     dec=0..6          decimals of the value labels (default automatic)
//     unc=0.9|0.95|0.99 mark with a dot the cells the peak cannot be told apart from at this
//                       confidence level (with layout=difference: the cells where one model is
//                       ahead beyond noise); absent: no marks (the default). Not used by
//                       layout=reconcile
//     theme=light|dark|print
//                       the figure's colours around its cells: dark text on white, light text on
//                       dark grey, or black text on no background with thin lines (for exports);
//                       default auto: dark when the reader's system prefers a dark colour scheme
//
//   Run tables (a CSV the page opens as a table of runs: W&B and Optuna exports, three or more
//   parameters, several metrics; written only when they differ from the table's default view,
//   and read against the file: a column it does not have is a notice, and the default view's
//   choice is used). Lists are written as models= is, with ":" between an item's parts (\: inside
//   a name):
//     roles=COL:ROLE,...    roles named per column (parameter, metric, facet, replicate, ignore);
//                           the other columns' roles are inferred
//     metric=COL            the metric drawn
//     direction=higher|lower
//                           whether larger or smaller is better (default: guessed from the name)
//     x=COL&y=COL           the parameters on the axes
//     others=P:best,P:mean,P:facet,P:fixed:VALUE
//                           every other parameter's choice (best over it, averaged, a panel per
//                           value, or only the runs with that value)
//     binned=best           a cell of a binned axis shows its best run (default: the mean)
//
//   Pairwise comparisons (data of per-item scores: a bundled dataset of kind "pairwise" in
//   www/data/index.json, or a file, src or data whose text loads as per-item scores; these keys
//   replace layout, model, b, bench, center and unc, which pairwise data do not use):
//     models=A,B,...    the models to compare, every pair among them, at least two; drawn in the
//                       data's order (A on x, the later model on y); default the data's first 5
//                       (linkSchema().pairwiseDefaultModels; every model when there are no more),
//                       so 40 models open as 10 pairs, not 780. A comma or backslash inside a
//                       name is written \, or \\
//     group=NAME        only the items of this group (benchmark, task family); default all items
//     bins=5|10|20      bins of each score axis (default 10)
//     by=count|share    colour bins by their item count (default) or their share of the pair's
//                       paired items (in %)
//     log=1             colour by ln(1 + value), so sparse bins show beside dense ones (default 0)
//     cmap, rev, annot, dec, theme
//                       as for sweeps
//     range=shared|panel|fixed
//                       one colour range for every pair (the default here), each pair its own, or
//                       fixed bounds min and max (in items, or in % with by=share)
//
//   Every view key may also be written as the option name of SweepFigure (modelB, benchmark,
//   colorMap, reversed, colorScale, domain, annotate, decimals, uncertainty, value, logarithmic): the view
//   spec of the core declares both (src/view/). Links are written with the short keys above.
//
//   Keys a layout does not use (bench with layout=model, min with range=panel, unc with
//   layout=reconcile, ...) or the kind of data does not use (bins with a sweep, layout with
//   pairwise data) are left out when a link is written and ignored when one is read.
//   Unknown keys and invalid values are ignored with a notice naming them, and the default is
//   used instead; a link never breaks the page. So are a key given twice (the first value
//   counts), damaged percent-encoding (a % not followed by two hexadecimal digits, a link cut
//   in the middle of one, bytes that are not UTF-8: that pair is left out), and a data= value
//   that is not base64url of whole bytes. data= that is base64url but does not decompress to
//   UTF-8 text is found when the page decompresses it: an error, and the default dataset.
//   Examples:
//     #dataset=kv-cache-sweep&layout=benchmark&bench=%3Amean&range=shared
//     #dataset=kv-cache-sweep&layout=difference&model=R1-Qwen&b=R1-Llama&bench=AMC23&cmap=puor
//     #dataset=kv-cache-sweep&model=R1-Qwen&unc=0.95
//     #dataset=kv-cache-sweep&layout=reconcile&model=R1-Qwen
//     #data=q1YqSs1JLS5R...&fmt=csv&name=sweep.csv&range=fixed&min=40&max=50
//     #dataset=synthetic-pairwise&models=model-a,model-b&group=web&bins=20&by=share&log=1

import {
  formatLink,
  linkSchema as readLinkSchema,
  normalizeView,
  parseLink,
  readLinkSource,
  resolveView as resolveNames,
  viewOptions,
} from "./pkg/sweepmap.js";

// The link format's keys, words and defaults are the wasm core's (linkSchema(), built from the
// constants its parser and writer use), so the page keeps no copy that could drift. They are read
// on first use, which is after the wasm is initialised: the page asks for them only once load()
// has finished, as it does for parseLink.

/** linkSchema() of the wasm core, read once and frozen. */
let schema = null;

/**
 * The share-link format: { keys, layouts, ranges, pairwiseRanges, formats, binValues, bins,
 * levels, defaultLevel, maxDecimals, meanBenchmark, uses, pairwiseDefaultModels, sweep,
 * pairwise } (see LinkSchema in
 * pkg/sweepmap.d.ts): every key in the order links are written, the words and numbers each
 * setting takes in the order the page lists them, what each layout uses, and the default views.
 * Frozen all the way down. Call it only once the wasm is initialised.
 */
export function linkSchema() {
  schema ??= deepFreeze(readLinkSchema());
  return schema;
}

function deepFreeze(value) {
  if (value !== null && typeof value === "object") {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

/**
 * The view defaults of a kind of data, frozen (a copy is made by spreading it).
 *
 * Sweeps ("sweep", the default): model, modelB and benchmark are null: "the dataset's first"
 * (modelB: the first model other than model; benchmark, in the reconcile layout: the first
 * reported aggregate), resolved against a dataset by resolveView. uncertainty is null (the
 * default: marks at 0.95 when the data carry a noise estimate, as the figure resolves it), 0 (no
 * marks) or one of linkSchema().levels.
 *
 * Pairwise comparisons ("pairwise"): the state carries kind "pairwise" (a state without kind is a
 * sweep's). models is null (the default models: defaultPairwiseModels) or at least two names in
 * the data's order; group null is all items.
 */
export function defaultView(kind = "sweep") {
  return kind === "pairwise" ? linkSchema().pairwise : linkSchema().sweep;
}

/**
 * The level the page offers when the uncertainty marks are switched on: the last one chosen
 * (`last`, null before any), else the core's level when none is chosen
 * (linkSchema().defaultLevel).
 */
export function levelToOffer(last) {
  return last ?? linkSchema().defaultLevel;
}

/** "pairwise" for a pairwise state, else "sweep". */
export function kindOf(state) {
  return state?.kind === "pairwise" ? "pairwise" : "sweep";
}

/**
 * A state for data of another kind: the colour map, its direction, the value labels and the
 * theme carry over, everything else starts from that kind's defaults. A state of the same kind is returned
 * as it is.
 */
export function viewForKind(state, kind) {
  if (kindOf(state) === kind) return state;
  const defaults = defaultView(kind);
  return {
    source: state.source,
    ...defaults,
    colorMap: state.colorMap ?? defaults.colorMap,
    reversed: state.reversed ?? defaults.reversed,
    annotate: state.annotate ?? defaults.annotate,
    theme: state.theme ?? defaults.theme,
  };
}

/**
 * Sources of data:
 *   { kind: "bundled", id }
 *   { kind: "url", url, format }
 *   { kind: "local", name, format, data, key }  a file opened here or carried by a link; data is
 *     the encoded text for the link, or null when too large to carry (key then identifies the
 *     file in this page's memory; it is never written to a link)
 */
export function bundledSource(id) {
  return { kind: "bundled", id };
}

/** True when two sources name the same data. */
export function sameSource(a, b) {
  if (!a || !b || a.kind !== b.kind) return false;
  switch (a.kind) {
    case "bundled":
      return a.id === b.id;
    case "url":
      return a.url === b.url && a.format === b.format;
    case "local":
      return a.key === b.key;
    default:
      return false;
  }
}

/**
 * Whether an address's fragment (location.hash) holds a view rather than naming a place in the
 * page: a view is key=value pairs, and an element id (#top, an in-page anchor) has no "=".
 */
export function holdsView(fragment) {
  return fragment.includes("=");
}

/**
 * The text of a link given as URLSearchParams or as text (location.hash with its #, or an older
 * link's location.search with its ?).
 */
function queryOf(params) {
  return typeof params === "string" ? params : params.toString();
}

/**
 * Reads the data source of a link (which data to load before the view can be checked), with the
 * notices about the source and the link's encoding. params: URLSearchParams, or the link's text
 * itself (location.hash, or location.search: then damaged percent-encoding is noticed rather
 * than patched).
 * context.datasets: the bundled ids, the first the default.
 */
export function readSource(params, { datasets = [] } = {}) {
  return readLinkSource(queryOf(params), datasets);
}

/**
 * Reads a whole view state from a link: the share-link parser of the wasm core (parseLink), so
 * the page and the fuzzer read links alike. params: URLSearchParams or the link's text.
 *
 * context: { kind, models, benchmarks, aggregates, groups, colorMaps, datasets }: the kind of the
 * data ("pairwise" or a sweep), the names of the data the view is for (models and benchmarks,
 * first the default; aggregates: its reported aggregate benchmarks, those with aggregate_of;
 * groups of pairwise data), the colour maps ([{name, label}]) and the bundled dataset ids (first
 * the default). A list left out is not checked.
 *
 * Returns { state, notices }: state = { source, ...view } with every key of defaultView() (or of
 * defaultView("pairwise"), with kind "pairwise"), and one notice { key, value, message } per
 * problem (which got its default).
 */
export function parseState(params, context = {}) {
  return parseLink(queryOf(params), context);
}

/** One of linkSchema().levels written as a number ("0.95", "0.950"), else null. */
export function parseLevel(text) {
  // Read as the link's unc= is, by the one parser; its 0 (no marks) is not a level.
  const level = parseLink(`unc=${encodeURIComponent(String(text))}`, undefined).state.uncertainty;
  return level > 0 ? level : null;
}


/** Nothing: what a layout the link format does not know uses. */
const USES_NOTHING = Object.freeze({ model: false, modelB: false, benchmark: false, uncertainty: false, order: false });

/** Which of model, modelB, benchmark, the uncertainty marks and the panel order a layout uses (linkSchema().uses). */
export function usedBy(layout) {
  const { uses } = linkSchema();
  return Object.hasOwn(uses, layout) ? uses[layout] : USES_NOTHING;
}


/**
 * The query parameters of a state: its source, then the keys of a run table's view (`tableKeys`,
 * as tableLink gives them), then the view values that differ from the defaults and that its
 * layout and range use, in the order of linkSchema().keys (formatLink of the wasm core).
 */
export function serializeState(state, tableKeys = "") {
  return new URLSearchParams(formatLink(state, tableKeys));
}

/**
 * The link text of a state, as the page writes it in its address's fragment (after #):
 * serializeState's, with the commas between model names left as commas (a fragment, like a
 * query, may hold them as they are).
 */
export function queryString(state, tableKeys = "") {
  return formatLink(state, tableKeys);
}

/**
 * The link keys of the run-table view data show (roles, metric, direction, x, y, others,
 * binned: the table's named roles and what differs from its default view), or "" for data that
 * are not a run table. `loaded` is what the page shows: when it keeps its table, the keys of
 * `sweep.view` (SweepTable.link), so any view drawn from it is what the address says; else
 * `sweep.link`, which lib/source.js loadSweep wrote for the view it drew.
 */
export function tableLink(loaded) {
  const sweep = loaded?.sweep;
  if (sweep?.table && sweep.view) return sweep.table.link(sweep.view);
  return sweep?.link ?? "";
}

// The rules of a view against a dataset are the wasm core's (src/view/normalize.rs), the same
// ones whatever the page asks: the functions below only hand the state over.

/**
 * The model, model B and benchmark a state shows on a dataset with these models, benchmarks and
 * reported aggregates: null (the default) and names the dataset lacks become the defaults.
 * modelB is null when the dataset has a single model. In the reconcile layout the benchmark is a
 * reported aggregate (null when there is none). (resolveView of the wasm core.)
 */
export function resolveView(state, names) {
  return resolveNames(state, names);
}

/**
 * The state as its link says it (normalizeView of the wasm core): model, modelB and benchmark
 * back to null where they are the dataset's defaults, unknown to it, or unused by the layout;
 * the uncertainty marks off where the layout does not use them; bounds and centre back to their
 * defaults where the range does not use them; a layout the dataset cannot show replaced
 * (difference with one model, reconcile without a reported aggregate); for pairwise data, the
 * models in the data's order and null when they are the default ones, an unknown group, bins
 * or range back to the default. So equal figures have equal links, and what the page holds is
 * exactly what its address says. The state's source is kept as it is.
 */
export function normalizeState(state, names) {
  return { ...state, ...normalizeView(state, names), source: state.source };
}

/**
 * The options object of SweepFigure for a state on a dataset (viewOptions of the wasm core).
 * Every key is given, null where the layout or range does not use it, so that nothing set for an
 * earlier view or dataset lingers in the figure's merged options.
 */
export function figureOptions(state, names) {
  return viewOptions(state, names);
}

/**
 * The models pairwise comparisons show on data with these models when none are chosen: the first
 * linkSchema().pairwiseDefaultModels in the data's order, every model when there are no more.
 */
export function defaultPairwiseModels(models) {
  return models.slice(0, linkSchema().pairwiseDefaultModels);
}

/** The models a pairwise state compares on data with these models: its own, or the default ones. */
export function pairwiseModels(state, { models }) {
  const options = /** @type {import("./pkg/sweepmap.js").PairwiseFigureOptions} */ (viewOptions({ ...state, kind: "pairwise" }, { models }));
  return options.models;
}

/**
 * The options object of SweepPairwiseFigure for a pairwise state (viewOptions of the wasm core).
 * Every key is given, null where the range does not use it, so that nothing set for an earlier
 * view lingers in the figure.
 */
export function pairwiseOptions(state, names) {
  return viewOptions({ ...state, kind: "pairwise" }, names);
}
