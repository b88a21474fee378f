// Local files: one opened from the file input or a drop (a big CSV file in slices), several
// merged into one sweep, and kept for back, forward and links that carry their data.

import { formatFromName, load, loadedImporters, loadPairwiseApi } from "./lib/sweepmap.js";
import { importedFiles } from "./lib/source.js";
import { framedJsonLines, isArrowFile, isJsonLinesFile, isParquetFile, loadsInSlices, SLICED_LOAD_BYTES } from "./loading.js";
import { addNotices, app, clearError, elements, messageOf, showError } from "./app.js";
import { embeddable } from "./copy.js";
import { openSource } from "./open.js";

async function openFile(file) {
  app.localCount += 1;
  const key = `file:${app.localCount}`;
  const source = { kind: "local", name: file.name, format: formatFromName(file.name), data: null, key };
  let text;
  let jsonLines = false;
  try {
    // A Parquet file is reduced in DuckDB-wasm (lib/reduce.js), read in place; a big CSV file (a
    // sweep or per-item scores) loads in slices. Neither is held as text (nor carried by links).
    if (await isParquetFile(file)) {
      return await openKept(source, { source, file, parquet: true });
    }
    // An Arrow IPC file (Feather 2) the same way, read into DuckDB-wasm as Arrow.
    if (await isArrowFile(file)) {
      return await openKept(source, { source, file, parquet: true, format: "arrow" });
    }
    // JSON lines of rows: a small file is read whole as runs (its lines framed as the JSON table
    // form: README "JSON"), and goes to DuckDB-wasm when the core says it is past what a tab
    // holds (sources.js); a larger one is framed and read into DuckDB-wasm in chunks at once.
    if (await isJsonLinesFile(file)) {
      if (file.size > SLICED_LOAD_BYTES) return await openKept(source, { source, file, parquet: true, format: "jsonl" });
      jsonLines = true;
      source.format = "json";
    } else if (await loadsInSlices(file, source.format)) {
      return await openKept(source, { source, file });
    }
    text = await file.text();
  } catch (error) {
    showError(`Could not read "${file.name}": ${messageOf(error)}`);
    return false;
  }
  if (jsonLines) {
    try {
      text = framedJsonLines(text);
    } catch (error) {
      showError(`Could not open "${file.name}": ${messageOf(error)}`);
      return false;
    }
  }
  try {
    source.data = (await embeddable(text, source)).data;
  } catch {
    source.data = null; // No CompressionStream: the file opens, only links leave it out.
  }
  // `jsonLines`: the File, for DuckDB-wasm when the core says its runs are past what a tab holds.
  const opened = await openKept(source, jsonLines ? { source, text, jsonLines: file } : { source, text });
  // An lm-evaluation-harness file (the importers package read it): offer to rename a model
  // named after the file.
  const importers = loadedImporters();
  if (opened && importers && importers.importerFor(text)?.startsWith("lm-eval")) {
    try {
      const converted = await importedFiles(await load(), [file.name], [text]);
      if (converted?.guessed.length) offerRename([file.name], [text], converted.guessed);
    } catch {
      // Opened already: only the offer to rename is left out.
    }
  }
  return opened;
}

/**
 * Opens files from the file input or a drop: one as openFile does; several CSV files of one
 * sweep merged into one table (mergeSweepFiles in the core), opened as one local file whose
 * name lists them, and the page says what was merged.
 */
export async function openFiles(files) {
  if (files.length === 1) return openFile(files[0]);
  const names = files.map((file) => file.name);
  const together = `the ${files.length} files ${names.map((name) => `"${name}"`).join(", ")}`;
  if ((await Promise.all(files.map(isParquetFile))).some(Boolean)) {
    showError(`Could not open ${together} together: open one Parquet file at a time (each is reduced on its own in DuckDB-wasm).`);
    return false;
  }
  let merged;
  let texts;
  try {
    texts = await Promise.all(files.map((file) => file.text()));
    // lm-evaluation-harness results files (one per model) are read together by the importers
    // package into one table of models x tasks; CSV files are merged by the pairwise package
    // (fetched now if not yet), to keep that code out of the package every page loads.
    merged = (await importedFiles(await load(), names, texts)) ?? { ...(await loadPairwiseApi()).mergeSweepFiles(names, texts), format: "csv" };
  } catch (error) {
    showError(`Could not open ${together} as one sweep: ${messageOf(error)}`);
    return false;
  }
  const opened = await openMerged(names, merged);
  const guessed = "guessed" in merged ? merged.guessed : [];
  if (opened && guessed.length > 0) offerRename(names, texts, guessed);
  return opened;
}

/**
 * Opens files converted into one text (importedFiles, mergeSweepFiles: { text, format,
 * notices, title }, the core's title for the files together) as one local file whose name lists them; its data (the converted text) go into
 * links, so a link reopens what is shown.
 */
async function openMerged(names, merged) {
  app.localCount += 1;
  const name = merged.title;
  const source = { kind: "local", name, format: merged.format, data: null, key: `file:${app.localCount}` };
  try {
    source.data = (await embeddable(merged.text, source)).data;
  } catch {
    source.data = null; // No CompressionStream: the files open, only links leave them out.
  }
  const opened = await openKept(source, { source, text: merged.text });
  if (opened) {
    addNotices(merged.notices, { first: true });
  }
  return opened;
}

/**
 * Adds to the notices a control to rename the models an importer named after their files
 * (`guessed`: their names as drawn): a labelled text input per model and a Rename button.
 * Renaming converts the files again with the importers' `rename` and opens the result as
 * openFiles does, so the figure, the link (which carries the converted data) and the notes
 * show the new names; a refused rename (empty, or another model's name) is shown as an error
 * and what is drawn stays. `originals`: each model's name as first guessed, to its name now.
 */
function offerRename(names, texts, guessed, originals = new Map(guessed.map((model) => [model, model]))) {
  const form = document.createElement("form");
  form.className = "rename-models";
  const inputs = [];
  for (const [original, current] of originals) {
    const label = document.createElement("label");
    const input = document.createElement("input");
    input.type = "text";
    input.value = current;
    input.dataset.model = original;
    input.setAttribute("aria-label", `New name of model "${current}"`);
    const said = document.createElement("span");
    said.textContent = `Rename "${current}" to`;
    label.append(said, input);
    form.append(label);
    inputs.push(input);
  }
  const button = document.createElement("button");
  button.type = "submit";
  button.textContent = "Rename";
  form.append(button);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    /** @type {Record<string, string>} */
    const rename = {};
    for (const input of inputs) rename[input.dataset.model] = input.value;
    let converted;
    try {
      converted = await importedFiles(await load(), names, texts, { rename });
    } catch (error) {
      showError(`Could not rename: ${messageOf(error)}`);
      return;
    }
    if (!converted) return;
    clearError();
    const opened = await openMerged(names, converted);
    if (opened) {
      const now = new Map([...originals.keys()].map((original) => [original, rename[original].trim()]));
      offerRename(names, texts, [...now.values()], now);
    }
  });
  const item = document.createElement("li");
  item.append(form);
  elements.noticeList.append(item);
  elements.noticeBanner.hidden = false;
}

/** Keeps a local file's text (or File) for back, forward and links, and opens it. */
async function openKept(source, kept) {
  app.localFiles.set(source.key, kept);
  const opened = await openSource(source);
  if (!opened) app.localFiles.delete(source.key);
  return opened;
}

export function wireDrop() {
  let depth = 0;
  const carriesFiles = (event) => [...(event.dataTransfer?.types ?? [])].includes("Files");
  document.addEventListener("dragenter", (event) => {
    if (!carriesFiles(event)) return;
    event.preventDefault();
    depth += 1;
    elements.dropOverlay.hidden = false;
  });
  document.addEventListener("dragover", (event) => {
    if (!carriesFiles(event)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = "copy";
  });
  document.addEventListener("dragleave", (event) => {
    if (!carriesFiles(event)) return;
    depth = Math.max(0, depth - 1);
    if (depth === 0) elements.dropOverlay.hidden = true;
  });
  document.addEventListener("drop", (event) => {
    if (!event.dataTransfer) return;
    event.preventDefault();
    depth = 0;
    elements.dropOverlay.hidden = true;
    const files = [...(event.dataTransfer.files ?? [])];
    if (files.length > 0) openFiles(files);
  });
}
