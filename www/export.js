// Export of the shown figure: PNG at twice the on-screen resolution, SVG (true vector: one shape
// per cell, drawn by the figure), for papers a PDF (real text in the embedded font) and an SVG
// with its text as paths (both made from the SVG by the paper package, fetched on the first such
// export: lib/sweepmap.js svgToPdf, svgTextAsPaths), the shown data as CSV, and the whole figure
// as one self-contained HTML page (its data, its view and sweepmap, opening offline:
// lib/standalone.js).
// The SVG and CSV of a sweep figure are written by the pairwise package, fetched on the first
// such export (lib/sweepmap.js withExports: the default package that every page loads has no
// exports); a figure of per-item scores is the pairwise package's already.
// File names come from the figure (fileStem(), e.g. "r1-qwen_aime24"), a page's from the data's
// title (fileStemOf). Everything is made in the browser and saved through an <a download> with
// an object URL.

import { fileStemOf, svgTextAsPaths, svgToPdf, withExports } from "./lib/sweepmap.js";
import { fetchTemplate, fillTemplate } from "./lib/standalone.js";
import { urlFileName } from "./sources.js";

/** Saves a blob under a file name. */
export function download(blob, fileName) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has its own reference by now; give it a moment before letting go.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The pixel ratio of a PNG export: twice the screen's. */
export function exportPixelRatio() {
  return 2 * (window.devicePixelRatio || 1);
}

/**
 * Saves the figure as a PNG; returns null, or a note saying that the figure was too large for
 * a canvas at the asked resolution and at which it was saved. Encoded synchronously (toDataURL, not toBlob's callback) so the
 * download starts within the click that asked for it: Chromium may refuse a later download
 * from the same page as an unrequested "automatic" one, and then nothing happens at all.
 */
export function exportPng(figure) {
  const canvas = document.createElement("canvas");
  const asked = exportPixelRatio();
  figure.renderTo(canvas, asked);
  const url = canvas.toDataURL("image/png");
  const prefix = "data:image/png;base64,";
  if (!url.startsWith(prefix)) {
    throw new Error("the browser could not encode the PNG");
  }
  const binary = atob(url.slice(prefix.length));
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) {
    bytes[index] = binary.charCodeAt(index);
  }
  download(new Blob([bytes], { type: "image/png" }), `${figure.fileStem()}.png`);
  // The core caps a canvas at what browsers allow, and says so when that cut the resolution.
  return figure.notes(asked).export;
}

/** The figure's SVG (every cell a shape, text as text). */
function svgOf(figure) {
  return withExports(figure, (exporting) => exporting.toSvg());
}

export async function exportSvg(figure) {
  const stem = figure.fileStem();
  download(new Blob([await svgOf(figure)], { type: "image/svg+xml" }), `${stem}.svg`);
}

/**
 * Saves the figure as a PDF, its size in points the figure's in CSS pixels: cells as vector
 * shapes, text as text in the embedded font. Resolves to null, or the paper package's note
 * naming the characters the font lacks.
 */
export async function exportPdf(figure) {
  const stem = figure.fileStem();
  const { pdf, note } = await svgToPdf(await svgOf(figure));
  download(new Blob([pdf], { type: "application/pdf" }), `${stem}.pdf`);
  return note;
}

/**
 * Saves the figure as an SVG whose text is drawn as paths in the bundled font, so it looks the
 * same in Overleaf, Inkscape or a browser without the font (the text can no longer be edited
 * or selected). Resolves to null, or a note as for exportPdf().
 */
export async function exportSvgTextAsPaths(figure) {
  const stem = figure.fileStem();
  const { svg, note } = await svgTextAsPaths(await svgOf(figure));
  download(new Blob([svg], { type: "image/svg+xml" }), `${stem}.paths.svg`);
  return note;
}

/** Saves the shown data as CSV, safe to open in a spreadsheet (see the README beside the CSV format). */
export async function exportCsv(figure) {
  const stem = figure.fileStem();
  download(new Blob([await withExports(figure, (exporting) => exporting.shownCsv())], { type: "text/csv" }), `${stem}.csv`);
}

/**
 * Saves the shown data and view as one self-contained HTML page, `<title>.html`: the template
 * for their kind (fetched now, not before: lib/standalone.js) filled with the data's text, its
 * name and format, the title shown and `view`, the link of the view without its source. `shown`
 * is what the explorer shows ({ source, kind, text, label }), `catalog` the bundled datasets.
 * Resolves to the file name.
 */
export async function exportPage(shown, view, catalog) {
  const { source, kind, label } = shown;
  let { text } = shown;
  if (typeof text !== "string") {
    throw new Error(`"${label}" was read in slices, as big files are, so its text is not kept to put in a page`);
  }
  // What the importers package read (lib/source.js loadSweep): a one-file page holds no
  // importers, so it gets what they gave the drawing package, or a refusal that says what to do.
  if (shown.sweep?.opened?.options?.fromJson) {
    throw new Error(
      `"${label}" holds runs as JSON, which the importers package reads and a one-file page does not hold; save the runs as CSV, open that file, then save the page`,
    );
  }
  if (shown.notes) text = shown.dataset.toJson(); // lm-evaluation-harness results: sweepmap's JSON
  let name = "";
  /** @type {"auto" | "csv" | "json"} */
  let format = "auto";
  if (source.kind === "bundled") {
    name = catalog.find((entry) => entry.id === source.id)?.file ?? "";
  } else {
    name = source.kind === "url" ? urlFileName(source.url) : source.name;
    format = shown.notes ? "json" : source.format;
  }
  const page = fillTemplate(await fetchTemplate(kind), { data: text, name, format, kind, title: label, view });
  const fileName = `${fileStemOf(label)}.html`;
  download(new Blob([page], { type: "text/html" }), fileName);
  return fileName;
}
