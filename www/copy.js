// The explorer's copies: the share link (with a local file's data when they fit in a link) and
// the observations as Markdown or the panels as LaTeX, to the clipboard or, where the clipboard
// is not available, into a field selected for copying.

import { addressOf } from "./address.js";
import { linkDataNote, withExports } from "./lib/sweepmap.js";
import { addNotice, app, elements, messageOf, setMarkdownStatus, setShareStatus, showError } from "./app.js";
import { encodeData } from "./share.js";
import { defaultView, kindOf } from "./state.js";

/**
 * The data= value for a local file's text when a link carrying it (with the current view) is
 * short enough (the core's linkDataNote says nothing of it), else null; and the link's length.
 */
export async function embeddable(text, source) {
  const data = await encodeData(text);
  const probe = { ...(app.state ?? defaultView()), source: { ...source, data } };
  const length = addressOf(probe, null).href.length;
  return { data: linkDataNote(source.name ?? "", length) ? null : data, length };
}

export async function shareLink() {
  const state = app.state;
  const source = state.source;
  if (source.kind !== "local" || source.data) return { link: addressOf(state).href, note: null };
  const kept = app.localFiles.get(source.key);
  let length = null;
  // A Parquet file reduced in the page: the link carries its configuration table (or per-item
  // scores), the CSV text the page opened, when it fits (README "Parquet in the page").
  const reduced = kept?.parquet && app.shown?.source?.key === source.key ? app.shown.text : null;
  if (kept?.file && typeof reduced !== "string") {
    return { link: addressOf(state).href, note: linkDataNote(source.name, "not kept") };
  }
  if (kept) {
    try {
      const result = await embeddable(reduced ?? kept.text, source);
      if (result.data) return { link: addressOf({ ...state, source: { ...source, data: result.data } }).href, note: null };
      length = result.length;
    } catch {
      length = null;
    }
  }
  return { link: addressOf(state).href, note: linkDataNote(source.name, length ?? "not compressible") };
}

export async function writeClipboard(text) {
  if (!navigator.clipboard?.writeText) return false;
  try {
    await Promise.race([
      navigator.clipboard.writeText(text),
      new Promise((_, reject) => setTimeout(() => reject(new Error("timed out")), 2000)),
    ]);
    return true;
  } catch {
    return false;
  }
}

export async function copyLink() {
  if (!app.state) return;
  const { link, note } = await shareLink();
  if (note) addNotice(note);
  elements.linkOutput.value = link;
  if (await writeClipboard(link)) {
    elements.linkFallback.hidden = true;
    setShareStatus(note ? "Link copied, without the data (see the notice above)." : "Link copied to the clipboard.");
  } else {
    elements.linkFallback.hidden = false;
    elements.linkOutput.focus();
    elements.linkOutput.select();
    setShareStatus("The clipboard is not available here: the link is in the field above, selected for copying.");
  }
}

export function hideMarkdownFallback() {
  elements.markdownFallback.hidden = true;
  elements.markdownOutput.value = "";
  setMarkdownStatus("");
}

export async function copyMarkdown() {
  if (!app.figure || !app.state) return;
  const pairwise = kindOf(app.state) === "pairwise";
  // A slice's Markdown is its table, then the key observations (the slice package writes both).
  const slice = !pairwise && app.state.chart === "slice";
  await copyExport(
    pairwise ? "Pairwise comparisons" : slice ? "Slice and key observations" : "Key observations",
    "Markdown",
    // A sweep figure's Markdown export is in the pairwise package (lib/sweepmap.js withExports).
    () => (pairwise ? app.figure.comparisonsMarkdown() : withExports(app.figure, (figure) => figure.observationsMarkdown())),
  );
}

export async function copyLatex() {
  if (!app.figure || !app.state || kindOf(app.state) === "pairwise") return;
  await copyExport(app.state.chart === "slice" ? "Slice" : "Panels", "LaTeX", () => withExports(app.figure, (figure) => figure.latex()));
}

/** Copies what `write()` returns or resolves to (`what` in `format`) with the status line under the buttons,
 * or, without a clipboard, leaves it selected in the field below. */
export async function copyExport(what, format, write) {
  let text;
  try {
    text = await write();
  } catch (error) {
    showError(`Could not write the ${what.toLowerCase()} as ${format}: ${messageOf(error)}`);
    return;
  }
  elements.markdownOutput.value = text;
  elements.markdownFallbackLabel.textContent = `${what} as ${format} (copy them with Ctrl+C or ⌘C)`;
  if (await writeClipboard(text)) {
    elements.markdownFallback.hidden = true;
    setMarkdownStatus(`${what} copied as ${format}.`);
  } else {
    elements.markdownFallback.hidden = false;
    elements.markdownOutput.focus();
    elements.markdownOutput.select();
    setMarkdownStatus(`The clipboard is not available here: the ${format} is in the field below, selected for copying.`);
  }
}
