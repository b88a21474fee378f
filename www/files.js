// Local files: one opened from the file input or a drop (a big CSV file in slices), several
// merged into one sweep, and kept for back, forward and links that carry their data.

import { formatFromName, load, loadPairwiseApi } from "./lib/sweepmap.js";
import { importedFiles } from "./lib/source.js";
import { isArrowFile, isParquetFile, loadsInSlices } from "./loading.js";
import { addNotices, app, elements, messageOf, showError } from "./app.js";
import { embeddable } from "./copy.js";
import { openSource } from "./open.js";

async function openFile(file) {
  app.localCount += 1;
  const key = `file:${app.localCount}`;
  const source = { kind: "local", name: file.name, format: formatFromName(file.name), data: null, key };
  let text;
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
    if (await loadsInSlices(file, source.format)) {
      return await openKept(source, { source, file });
    }
    text = await file.text();
  } catch (error) {
    showError(`Could not read "${file.name}": ${messageOf(error)}`);
    return false;
  }
  try {
    source.data = (await embeddable(text, source)).data;
  } catch {
    source.data = null; // No CompressionStream: the file opens, only links leave it out.
  }
  return openKept(source, { source, text });
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
  try {
    const texts = await Promise.all(files.map((file) => file.text()));
    // lm-evaluation-harness results files (one per model) are read together by the importers
    // package into one table of models x tasks; CSV files are merged by the pairwise package
    // (fetched now if not yet), to keep that code out of the package every page loads.
    merged = (await importedFiles(await load(), names, texts)) ?? { ...(await loadPairwiseApi()).mergeSweepFiles(names, texts), format: "csv" };
  } catch (error) {
    showError(`Could not open ${together} as one sweep: ${messageOf(error)}`);
    return false;
  }
  app.localCount += 1;
  const name = files.length === 2 ? `${names[0]} + ${names[1]}` : `${names[0]} + ${files.length - 1} more files`;
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
