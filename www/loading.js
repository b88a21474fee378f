// Big local CSV files, loaded in slices so the page stays responsive: the file's bytes go to
// wasm a quarter of a megabyte at a time (push), with a turn of the event loop between slices for
// painting, input and the Cancel button. A sweep (SweepCsvLoader) is then built some rows at a
// time (buildStep); per-item scores (SweepPairwiseLoader, of the pairwise package) are added row
// by row as they arrive, so one last call (finish) makes their table. A sweep the loader
// refuses for its columns (a W&B export, an Optuna study) opens as a run table from the rows it
// read, some columns per turn (openStep: each column's distinct values once and a code per run). The text is never held
// whole: each slice is read from the File, copied into wasm memory once and dropped. Progress is
// shown in #load-progress (a <progress> and a line of text), its fraction and words the
// loader's (progress(fileBytes), written by the core); the result is the same dataset
// loadDataset or loadPairwise gives for the whole text, errors included.

import { LoadCancelled, namesArrow, namesJsonLines, namesParquet, notAnObjectLine } from "./lib/source.js";
import { loadImportersApi, loadPairwiseApi } from "./lib/sweepmap.js";

/** Files larger than this (bytes) are loaded in slices; smaller ones in one go. */
export const SLICED_LOAD_BYTES = 4 * 1024 * 1024;

/**
 * Bytes read from the file and pushed to wasm per turn of the event loop: about 10 to 20 ms of
 * parsing in Chromium on a slow machine, so input and painting never wait long.
 */
const SLICE_BYTES = 256 * 1024;

/** Rows (then cells) built per turn once the input has ended: again some 10 to 30 ms. */
const BUILD_ROWS = 20_000;

/**
 * Fields (runs times columns) of a run table opened per turn: a few columns of a big table, about
 * 10 to 30 ms in Chromium on a slow machine.
 */
const OPEN_CELLS = 200_000;

/** A turn of the event loop: the page paints and handles input before the next slice. */
export function nextTurn() {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Shows a load's progress in the page: elements { box, bar, text, cancel }. Returns
 * { update(fraction, text), done({ hide }) } and calls onCancel when Cancel is pressed. A fraction of
 * null makes the bar indeterminate (a fetch whose size the server does not say). The box
 * appears `delay` ms after the start (or at once), so a load that is over by then never
 * flashes a bar.
 */
/**
 * @param {{ box: HTMLElement, bar: HTMLProgressElement, text: HTMLElement, cancel: HTMLElement }} elements
 * @param {() => void} onCancel
 * @param {{ delay?: number }} [options]
 */
export function progressDisplay({ box, bar, text, cancel }, onCancel, { delay = 0 } = {}) {
  const handler = () => onCancel();
  cancel.addEventListener("click", handler);
  bar.value = 0;
  text.textContent = "";
  let shown = false;
  /** @type {[number | null, string] | null} */
  let latest = null;
  const write = ([fraction, message]) => {
    if (fraction === null) bar.removeAttribute("value");
    else bar.value = Math.max(0, Math.min(1, fraction));
    text.textContent = message;
  };
  const show = () => {
    shown = true;
    box.hidden = false;
    if (latest) write(latest);
  };
  // A box still up for the load this one replaces stays up.
  const timer = /** @type {number | undefined} */ (delay > 0 && box.hidden ? setTimeout(show, delay) : show());
  return {
    update(fraction, message) {
      latest = [fraction, message];
      // Until the box shows, only the latest progress is kept (a quick load touches nothing).
      if (shown) write(latest);
    },
    /** Ends this display; `hide` false leaves the box to a newer load's display. */
    done({ hide = true } = {}) {
      clearTimeout(timer);
      cancel.removeEventListener("click", handler);
      if (!hide) return;
      box.hidden = true;
      bar.value = 0;
      text.textContent = "";
    },
  };
}

/**
 * Loads a CSV File in slices, as a sweep (`kind` "sweep", the default, with `api`'s
 * SweepCsvLoader) or as per-item scores ("pairwise", with the pairwise package's
 * SweepPairwiseLoader). `progress(fraction, message)` is told how far it is; `signal` (an
 * AbortSignal) cancels it with a LoadCancelled error. Resolves to { dataset, api }: a
 * SweepDataset or a SweepPairwise, and the package holding it; rejects with the loader's Error
 * (line, column and what was expected) when the file is malformed. A sweep the loader refuses
 * for its columns (a W&B export, an Optuna study, more than two parameters or metrics) opens as
 * a run table from the rows read, as for a small file: then it resolves to { table, api } (a
 * SweepTable, opened with `roles` when given: openSweep's option).
 */
export async function loadCsvInSlices(api, file, { kind = "sweep", progress, signal, roles }) {
  const check = () => {
    if (signal?.aborted) throw new LoadCancelled(file.name);
  };
  if (kind === "pairwise") {
    const pairwise = await loadPairwiseApi();
    check();
    const loader = new pairwise.SweepPairwiseLoader(undefined);
    try {
      // The rows go into the scores as they arrive: reading is nearly all the work.
      await pushSlices(file, loader, progress, check);
      report(loader, file, progress);
      await nextTurn();
      check();
      return { dataset: loader.finish(), api: pairwise };
    } finally {
      loader.free();
    }
  }
  const loader = new api.SweepCsvLoader(undefined);
  try {
    await pushSlices(file, loader, progress, check);
    try {
      loader.finishInput();
    } catch (error) {
      return { table: await openRefused(loader, error, { file, roles, progress, check }), api };
    }
    for (;;) {
      await nextTurn();
      check();
      report(loader, file, progress);
      const dataset = loader.buildStep(BUILD_ROWS);
      if (dataset) return { dataset, api };
    }
  } finally {
    loader.free();
  }
}

/**
 * The rows a SweepCsvLoader refused (`error`, finishInput's) opened as a run table (openStep, with
 * `roles` when given), some columns per turn. When the rows were refused for something else (a
 * cell measured twice, an empty axis field), or the run table fails too, the loader's own error
 * stands, as for a small file; a role given that does not fit, and a limit (more runs than a
 * tab holds: the count, the limit and how to reduce them), are their own errors.
 */
async function openRefused(loader, error, { file, roles, progress, check }) {
  const options = roles ? { roles } : undefined;
  for (;;) {
    report(loader, file, progress);
    await nextTurn();
    check();
    let opened;
    try {
      opened = loader.openStep(OPEN_CELLS, options);
    } catch (second) {
      // A limit (the core's error has `limit: true`: the count, the limit and the way out) is
      // the file's news, not the tidy loader's refusal of its columns.
      throw roles || second?.limit ? second : error;
    }
    if (typeof opened !== "number") return opened;
  }
}

/** Tells `progress` how far the loader is with `file`, as the core words it (loader.progress). */
function report(loader, file, progress) {
  const { fraction, text } = loader.progress(file.size);
  progress(fraction, text);
}

/** Pushes the file to a loader a slice per turn, its progress told after each. */
async function pushSlices(file, loader, progress, check) {
  for (let start = 0; start < file.size; start += SLICE_BYTES) {
    const bytes = new Uint8Array(await file.slice(start, start + SLICE_BYTES).arrayBuffer());
    check();
    loader.push(bytes);
    report(loader, file, progress);
    await nextTurn();
  }
  check();
}

/** True when a file should load in slices: big, and not JSON (by name, or by its first byte). */
export async function loadsInSlices(file, format) {
  if (file.size <= SLICED_LOAD_BYTES || format === "json") return false;
  if (format === "csv") return true;
  const head = new TextDecoder().decode(await file.slice(0, 64).arrayBuffer());
  return !head.trimStart().startsWith("{");
}

/**
 * True when a File is Parquet, which the page reduces in DuckDB-wasm (lib/reduce.js): by its name,
 * or by its first four bytes ("PAR1", the format's magic number).
 */
export async function isParquetFile(file) {
  if (namesParquet(file.name)) return true;
  if (file.size < 12) return false;
  const head = new Uint8Array(await file.slice(0, 4).arrayBuffer());
  return String.fromCharCode(...head) === "PAR1";
}

/**
 * True when a File is an Arrow IPC file (Feather 2), which the page reduces in DuckDB-wasm
 * (lib/reduce.js): by its name, or by its first six bytes ("ARROW1", the format's magic).
 */
export async function isArrowFile(file) {
  if (namesArrow(file.name)) return true;
  if (file.size < 12) return false;
  const head = new Uint8Array(await file.slice(0, 6).arrayBuffer());
  return String.fromCharCode(...head) === "ARROW1";
}

/**
 * True when a File is JSON lines of rows, which the page reads into DuckDB-wasm in chunks and
 * reduces there (lib/jsonlines.js): named `.jsonl` or `.ndjson`, or, under a name that says no
 * format, its first line a JSON object and its next line starting with `{`. An
 * lm-evaluation-harness samples log (the importers package's importerFor, on its first lines)
 * is not: the importers read it whole, as before.
 */
export async function isJsonLinesFile(file) {
  if (!namesJsonLines(file.name)) {
    if (/\.(json|csv|tsv|txt|parquet|pq|arrow|feather)$/i.test(file.name.split(/[?#]/)[0])) return false;
    const lines = (await fileHead(file)).split("\n").map((line) => line.trim()).filter((line) => line !== "");
    if (lines.length < 2 || !lines[1].startsWith("{")) return false;
    try {
      const first = JSON.parse(lines[0]);
      if (first === null || typeof first !== "object" || Array.isArray(first)) return false;
    } catch {
      return false;
    }
  }
  const importers = await loadImportersApi();
  return importers.importerFor(await fileHead(file, 1024 * 1024)) !== "lm-eval-samples";
}

/**
 * JSON lines (text) framed as one JSON array of runs, the JSON table form the importers read
 * (README "JSON"): `[`, each line that is not blank followed by `,` (the last one by nothing),
 * `]`, every line where it was, so that a JSON error's line is the file's. A line that is not
 * `{...}` is an error naming it, in the words DuckDB-wasm's path uses (lib/jsonlines.js).
 */
export function framedJsonLines(text) {
  const lines = text.split("\n");
  let last = -1;
  lines.forEach((line, index) => {
    const trimmed = line.trim();
    if (trimmed === "") return;
    if (!(trimmed.startsWith("{") && trimmed.endsWith("}"))) throw notAnObjectLine(index + 1, line);
    last = index;
  });
  return `[${lines.map((line, index) => (index < last && line.trim() !== "" ? `${line},` : line)).join("\n")}]`;
}

/** The first part of a file as text, for guessing its kind (a few complete lines). */
export async function fileHead(file, bytes = 64 * 1024) {
  const text = new TextDecoder().decode(await file.slice(0, bytes).arrayBuffer(), { stream: true });
  const end = text.lastIndexOf("\n");
  return end > 0 ? text.slice(0, end + 1) : text;
}
