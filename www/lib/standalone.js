// One self-contained HTML file of a figure: the template's contract, its filler and its reader.
//
// The build (.ci/build, through .ci/standalone.mjs) writes two templates: www/pkg/standalone.html
// (the explorer with the default package's wasm inlined: sweeps and run tables; and the pairwise
// package's, which writes a sweep figure's exports: lib/sweepmap.js withExports) and
// www/pkg/pairwise/standalone.html (the same, for per-item scores); both hold the slice package
// too (the slice view). A file without the pairwise package (one made from an older template)
// refuses per-item scores; one without the slice package says so when asked for a slice.
// Each holds the explorer's markup, its stylesheet, its JavaScript bundled into one inline module
// script and the wasm gzipped as base64, under a Content-Security-Policy that allows exactly that
// inline script and style (by their hashes) and nothing from any address: the file opens from
// file:// with no server and no network.
//
// A template has one slot, FIGURE_SLOT, inside <script type="application/json"
// id="sweepmap-figure">. Filling it is plain string substitution (README "One file"): the slot
// is replaced by a JSON object
//   { "data": the dataset's text (CSV or JSON, as the file holds it),
//     "name": a file name for it (its extension tells the format; optional),
//     "format": "auto" | "csv" | "json" (optional, default "auto"),
//     "kind": "auto" | "sweep" | "pairwise" (optional, default "auto"),
//     "title": what the page's heading and tab say (optional: the data's own title, else name),
//     "view": the view as share-link text, "layout=grid&cmap=magma" (optional: the default view) }
// written as JSON with every "<" as \u003c, so nothing in the data can end the script element
// (an HTML parser ends it at "</script" and treats "<!--" specially). The slot itself holds a
// "<", so no filled value can contain it: one replacement, in any language, with no escaping
// but that one.
//
// This module is shared by the explorer ("Download page": fetchTemplate, then fillTemplate) and
// the page a filled template opens (readStandaloneFigure); it has no side effects.

/** The one slot of a template: replaced by the figure's JSON (figureJson). */
export const FIGURE_SLOT = "<!--sweepmap:figure-->";

/** The id of the script element that holds the figure's JSON in a filled template. */
export const FIGURE_ELEMENT_ID = "sweepmap-figure";

/** The ids of the elements that hold each wasm package as base64 in a template. */
export const WASM_ELEMENT_IDS = { sweep: "sweepmap-wasm", pairwise: "sweepmap-wasm-pairwise", slice: "sweepmap-wasm-slice" };

/** The id of the one dataset a standalone file offers, as its links name it (dataset=figure). */
export const FIGURE_DATASET_ID = "figure";

/** Where the templates are, beside the wasm packages (relative to this module). */
export const templateUrls = {
  sweep: new URL("../pkg/standalone.html", import.meta.url),
  pairwise: new URL("../pkg/pairwise/standalone.html", import.meta.url),
};

/** The figure's fields and the words each takes (null: any text). */
const FIELDS = {
  data: null,
  name: null,
  format: ["auto", "csv", "json"],
  kind: ["auto", "sweep", "pairwise"],
  title: null,
  view: null,
};

/**
 * The text that fills FIGURE_SLOT: the figure as JSON, every "<" written \u003c (inside JSON
 * strings, the only place a "<" can be, that is the same character).
 */
export function figureJson(figure) {
  return JSON.stringify(checkedFigure(figure)).replace(/</g, "\\u003c");
}

/**
 * A filled template: `template`'s slot replaced by the figure's JSON. Throws when the template
 * does not have exactly one slot (not a sweepmap template, or one already filled).
 */
export function fillTemplate(template, figure) {
  const slots = template.split(FIGURE_SLOT).length - 1;
  if (slots !== 1) {
    throw new Error(
      slots === 0
        ? "this is not a sweepmap standalone template (it has no figure slot), or it is already filled"
        : `a sweepmap standalone template has one figure slot, but this one has ${slots}`,
    );
  }
  const json = figureJson(figure);
  // A function, so that "$&" or "$1" in the data are not read as replacement patterns.
  return template.replace(FIGURE_SLOT, () => json);
}

/** The figure with its fields checked: every one a string, the word fields one of their words. */
function checkedFigure(figure) {
  if (figure === null || typeof figure !== "object") throw new Error("the figure must be an object with its data");
  const checked = {};
  for (const [field, words] of Object.entries(FIELDS)) {
    const value = figure[field];
    if (value === undefined || value === null) continue;
    if (typeof value !== "string") {
      throw new Error(`the figure's "${field}" must be text, not ${Array.isArray(value) ? "an array" : typeof value}`);
    }
    if (words && !words.includes(value)) {
      throw new Error(`the figure's "${field}" must be one of ${words.map((word) => `"${word}"`).join(", ")}, not ${JSON.stringify(value)}`);
    }
    checked[field] = value;
  }
  const unknown = Object.keys(figure).filter((field) => !Object.hasOwn(FIELDS, field));
  if (unknown.length > 0) {
    throw new Error(`the figure has no field ${unknown.map((field) => `"${field}"`).join(", ")} (it has ${Object.keys(FIELDS).map((field) => `"${field}"`).join(", ")})`);
  }
  if (typeof checked.data !== "string" || checked.data.trim() === "") throw new Error('the figure\'s "data" must be the dataset\'s text (CSV or JSON)');
  return checked;
}

/**
 * The figure a filled template holds, checked, with its defaults: { data, name, format, kind,
 * title, view }; null in a page that is not a standalone file (the explorer). Throws an Error
 * saying what is wrong when the file holds a figure slot that is empty, not filled, or not a
 * figure.
 */
export function readStandaloneFigure(document) {
  const element = document.getElementById(FIGURE_ELEMENT_ID);
  if (!element) return null;
  const text = element.textContent.trim();
  if (text === FIGURE_SLOT) {
    throw new Error(`this is sweepmap's standalone template, not a figure: replace ${FIGURE_SLOT} with the figure's JSON (README "One file")`);
  }
  let parsed;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new Error(`the figure in this file is not valid JSON (${error instanceof Error ? error.message : String(error)}); fill the template as README "One file" says`);
  }
  const figure = checkedFigure(parsed);
  return {
    data: figure.data,
    name: figure.name ?? "",
    format: figure.format ?? "auto",
    kind: figure.kind ?? "auto",
    title: figure.title ?? "",
    view: figure.view ?? "",
  };
}

/**
 * What the explorer shows in a standalone file, from readStandaloneFigure's figure: a catalog
 * of one entry (kind "sweep" in a file without the pairwise package), the entry's text, and the
 * link of the view to open when the page address holds none. Throws when the figure is per-item
 * scores in a file without the pairwise package.
 */
export function standaloneCatalog(figure, document) {
  const pairwiseInside = document.getElementById(WASM_ELEMENT_IDS.pairwise) !== null;
  if (figure.kind === "pairwise" && !pairwiseInside) {
    throw new Error('this file holds per-item scores ("kind": "pairwise") but only the package for sweeps: fill the template www/pkg/pairwise/standalone.html instead');
  }
  const entry = {
    id: FIGURE_DATASET_ID,
    file: figure.name || "data",
    format: figure.format,
    title: figure.title || figure.name || "Figure",
    kind: pairwiseInside ? figure.kind : "sweep",
  };
  return { catalog: [entry], text: figure.data, link: figure.view };
}

/** Fetches the template for a kind of data ("sweep" or "pairwise") as text. */
export async function fetchTemplate(kind) {
  const url = templateUrls[kind === "pairwise" ? "pairwise" : "sweep"];
  let response;
  try {
    response = await fetch(url);
  } catch (error) {
    throw new Error(`could not fetch the page template (${error instanceof Error ? error.message : String(error)})`);
  }
  if (!response.ok) {
    throw new Error(`could not fetch the page template: the server answered ${response.status} ${response.statusText}`.trim());
  }
  return response.text();
}
