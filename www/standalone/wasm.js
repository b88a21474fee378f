// The wasm of a standalone file (www/pkg/standalone.html, filled): the packages come from the
// file itself, gzipped and written as base64 in <script type="application/gzip"> elements the
// build wrote (.ci/standalone.mjs), never from an address. Imported by ./page.js before the
// explorer, so that load() and loadPairwiseApi() (../lib/sweepmap.js) are started here, with
// these bytes, before the explorer first asks for them: only the first call's source counts.

import { load, loadPairwiseApi, sliceSource } from "../lib/sweepmap.js";
import { WASM_ELEMENT_IDS } from "../lib/standalone.js";

/**
 * The wasm in an element: a promise of its bytes, unzipped with the browser's DecompressionStream
 * (no fetch), or null when the file has no such element.
 */
function inlineWasm(id) {
  const element = document.getElementById(id);
  if (!element) return null;
  const binary = atob(element.textContent.replace(/\s+/g, ""));
  const gzipped = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) gzipped[index] = binary.charCodeAt(index);
  return new Response(new Blob([gzipped]).stream().pipeThrough(new DecompressionStream("gzip"))).arrayBuffer();
}

// The explorer reports a failure when it awaits load(). Both templates hold the pairwise package
// (a sweep figure's exports are written by it); a file without it (from an older template) never
// asks for it for its data: lib/standalone.js loads them as a sweep.
load(inlineWasm(WASM_ELEMENT_IDS.sweep) ?? Promise.reject(new Error("this file holds no wasm package"))).catch(() => {});
const pairwise = inlineWasm(WASM_ELEMENT_IDS.pairwise);
if (pairwise) loadPairwiseApi(pairwise).catch(() => {});
// The slice package, unzipped and started only when the figure asks for a slice: what
// loadSliceApi() takes it from. A file without it (from an older template) says so then.
sliceSource(() => inlineWasm(WASM_ELEMENT_IDS.slice) ?? Promise.reject(new Error("this file holds no slice package; make it again from a newer template")));
