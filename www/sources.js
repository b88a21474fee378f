// The explorer's data sources: the bundled catalog (data/index.json), a bundled dataset, an
// address (src=), a local file (whole, or a big CSV file in slices) and data carried by a link,
// each read to text and loaded as a sweep or per-item scores. The fetching, the format, the
// web-page check and the fallback from per-item scores to a sweep are lib/source.js's, which <sweep-map>
// shares; this module adds what only the explorer has (the catalog, texts kept for back and
// forward, local files, the progress bar with its Cancel) and words the errors for its banner.

import { decodeData } from "./share.js";
import { carriedView } from "./table.js";
import { fileHead, loadCsvInSlices, nextTurn } from "./loading.js";
import {
  fetchData,
  formatOf,
  loadEitherKind,
  loadSweep,
  LoadCancelled,
  loadText,
  messageOf,
  namesJsonLines,
  namesParquet,
  projectOpened,
  receivedText,
} from "./lib/source.js";

/** Addresses named as JSON lines that are lm-evaluation-harness samples logs, read whole as text. */
const readWhole = new Set();

/** Reads the data catalog, data/index.json: [{ id, file, title, kind }]. */
export async function loadCatalog() {
  let text;
  try {
    text = await fetchData(new URL("data/index.json", window.location.href));
  } catch (error) {
    throw new Error(`could not fetch data/index.json: ${messageOf(error)}`);
  }
  let entries;
  try {
    entries = JSON.parse(text);
  } catch (error) {
    throw new Error(`data/index.json is not valid JSON: ${messageOf(error)}`);
  }
  const valid =
    Array.isArray(entries) &&
    entries.length > 0 &&
    entries.every((entry) => entry && typeof entry.id === "string" && entry.id !== "" && typeof entry.file === "string" && entry.file !== "");
  if (!valid) throw new Error('data/index.json must be a non-empty list of { "id", "file", "title" } entries');
  const wrongKind = entries.find((entry) => entry.kind !== undefined && entry.kind !== "sweep" && entry.kind !== "pairwise");
  if (wrongKind) {
    throw new Error(`data/index.json: the entry "${wrongKind.id}" has kind ${JSON.stringify(wrongKind.kind)}; expected "sweep" or "pairwise"`);
  }
  return entries.map((entry) => ({
    id: entry.id,
    file: entry.file,
    title: typeof entry.title === "string" && entry.title !== "" ? entry.title : entry.id,
    kind: entry.kind ?? "sweep",
  }));
}

/** The last part of a URL's path, for naming data that have no title. */
export function urlFileName(url) {
  try {
    const path = new URL(url, window.location.href).pathname;
    return decodeURIComponent(path.split("/").filter(Boolean).pop() ?? url);
  } catch {
    return url;
  }
}

/** A loaded sweep as the page keeps it: { kind, dataset, names }. */
export function sweepOf(dataset) {
  const aggregates = dataset
    .benchmarkInfo()
    .filter((info) => Array.isArray(info.aggregateOf) && info.aggregateOf.length > 0)
    .map((info) => info.name);
  return { kind: "sweep", dataset, names: { models: dataset.models(), benchmarks: dataset.benchmarks(), aggregates } };
}

/** Loaded per-item scores as the page keeps them: { kind, dataset, names }. */
function scoresOf(dataset) {
  return { kind: "pairwise", dataset, names: { models: dataset.models(), groups: dataset.groups() } };
}

/**
 * { kind, dataset, api, sweep } as the page keeps it, with its names; frees the dataset if they
 * fail. `api` is the wasm package that holds the data (the pairwise one for per-item scores);
 * `sweep`, for CSV opened as a run table, what was inferred (lib/source.js loadSweep); `notes`,
 * what an importer said (lm-evaluation-harness results).
 * @param {{ kind: string, dataset: any, api: any, sweep?: any, notes?: string[] }} loaded
 */
function withNames({ kind, dataset, api, sweep, notes }) {
  try {
    return { ...(kind === "pairwise" ? scoresOf(dataset) : sweepOf(dataset)), api, sweep, notes };
  } catch (error) {
    dataset.free();
    sweep?.projection?.free();
    sweep?.table?.free();
    throw error;
  }
}

/**
 * Fetches or reads a source's text and loads it (a run table at the view `link` gives: a share
 * link's text). Resolves to { source, kind, dataset, api, names, label, text, format }; rejects with an Error whose message says in plain words what failed, or with
 * LoadCancelled. `page` is what the explorer keeps: { api, catalog, texts (fetched texts by
 * source), localFiles (by key: { text } or { file }) }; `progress` a progress display
 * ({ update(fraction or null, text) }, shown while a fetch or a big file takes its time), and
 * `signal` cancels.
 */
export async function readSourceData(source, { api, catalog, texts, localFiles }, { progress, signal, link = "", roles, view }) {
  let text;
  /** @type {"auto" | "csv" | "json"} */
  let format = "auto";
  let label;
  let context;
  let kind = "auto";
  const fetching = (name) => (got) => progress.update(got.total ? got.received / got.total : null, `Fetching ${name}: ${receivedText(got)}`);
  if (source.kind === "bundled") {
    const entry = catalog.find((candidate) => candidate.id === source.id);
    if (!entry) throw new Error(`There is no bundled dataset "${source.id}".`);
    label = entry.title;
    kind = entry.kind;
    context = (message) => `Could not open the dataset "${entry.title}": ${message}`;
    const key = `bundled:${entry.id}`;
    try {
      const url = new URL(`data/${entry.file}`, window.location.href);
      text = texts.get(key) ?? (await fetchData(url, { signal, name: entry.title, onProgress: fetching(entry.file) }));
    } catch (error) {
      if (signal.aborted) throw error;
      throw new Error(context(`could not fetch data/${entry.file}: ${messageOf(error)}`));
    }
    texts.set(key, text);
    format = formatOf(api, entry.file, entry.format);
    const parse = context;
    context = (message) => parse(`could not read ${entry.file}: ${message}`);
  } else if (source.kind === "url" && (namesParquet(source.url) || (namesJsonLines(source.url) && !readWhole.has(source.url)))) {
    label = urlFileName(source.url);
    const format = namesParquet(source.url) ? "parquet" : "jsonl";
    try {
      return { source, ...(await loadReduced(api, { url: source.url, name: label, format }, { progress, signal, link })), label };
    } catch (error) {
      if (signal.aborted) throw error;
      if (error?.readWhole) {
        // An lm-evaluation-harness samples log: read whole, as text, by the importers.
        readWhole.add(source.url);
        return readSourceData(source, { api, catalog, texts, localFiles }, { progress, signal, link, roles, view });
      }
      throw new Error(`Could not load ${source.url}: ${messageOf(error)}`);
    }
  } else if (source.kind === "url") {
    label = urlFileName(source.url);
    const key = `url:${source.url}`;
    try {
      const url = new URL(source.url, window.location.href);
      text = texts.get(key) ?? (await fetchData(url, { signal, name: source.url, onProgress: fetching(label) }));
    } catch (error) {
      if (signal.aborted) throw error;
      throw new Error(`Could not load ${source.url}: ${messageOf(error)}`);
    }
    texts.set(key, text);
    format = formatOf(api, source.url, source.format);
    context = (message) => `Could not read the data at ${source.url}: ${message}`;
  } else if (source.kind === "local") {
    label = source.name || api.sourceLabel();
    const kept = localFiles.get(source.key);
    if (kept?.parquet) {
      try {
        const reduced = { file: kept.file, name: kept.file.name, format: kept.format ?? "parquet" };
        return { source, ...(await loadReduced(api, reduced, { progress, signal, link })), label };
      } catch (error) {
        if (signal.aborted) throw error;
        throw new Error(`Could not open "${kept.file.name}": ${messageOf(error)}`);
      }
    }
    if (kept?.file) {
      return { source, text: null, ...(await loadBigFile(api, kept.file, { progress, signal, roles, view })), label };
    }
    if (kept) {
      text = kept.text;
    } else if (source.data) {
      try {
        text = await decodeData(source.data);
      } catch (error) {
        throw new Error(`Could not open the data in the link: ${messageOf(error)}`);
      }
    } else {
      throw new Error(`The file "${source.name}" is no longer open here; open it again with "Open file".`);
    }
    format = source.format;
    context = (message) =>
      source.name ? `Could not open "${source.name}": ${message}` : `Could not open the data in the link: ${message}`;
  } else {
    throw new Error("Unknown data source.");
  }
  let loaded;
  try {
    // A run table is kept (with the text) so that its view and roles can change.
    loaded = withNames(await loadText(api, text, { format, kind, keep: true, link, name: label }));
  } catch (error) {
    const kept = source.kind === "local" ? localFiles.get(source.key) : undefined;
    if (error?.limit && kept?.jsonLines) {
      // JSON lines read whole, past what a tab holds (the core's limit): DuckDB-wasm reduces
      // them, as it does a big CSV file (README "JSON lines in the page").
      try {
        return { source, ...(await loadReduced(api, { file: kept.jsonLines, name: kept.jsonLines.name, format: "jsonl" }, { progress, signal, link })), label };
      } catch (second) {
        if (signal.aborted) throw second;
        throw new Error(context(`${messageOf(error)} (DuckDB-wasm could not reduce it in the page either: ${messageOf(second)})`));
      }
    }
    throw new Error(context(messageOf(error)));
  }
  return { source, ...loaded, label: loaded.dataset.title() || label, text, format };
}

/**
 * A Parquet file (`file`) or address (`url`) reduced in DuckDB-wasm (lib/reduce.js, fetched now with
 * DuckDB itself) to its configuration table (or per-item scores), which is then opened as its
 * CSV text would be (loadText: a run table at the view `link` gives, or per-item scores); with
 * `format` "csv", a CSV file past what a tab holds (loadBigFile), the same way. Resolves to what
 * readSourceData gives, with the table's CSV as `text` (so the view and roles change as for a
 * CSV file) and `notes` first saying what was reduced, where and how; rejects with
 * LoadCancelled or the reason, for the caller to prefix with the file or address.
 * @param {any} api
 * @param {{ file?: File, url?: string, name: string, format?: "parquet" | "arrow" | "csv" | "jsonl" }} source
 * @param {{ progress: any, signal: AbortSignal, link?: string }} options
 */
async function loadReduced(api, { file, url, name, format = "parquet" }, { progress, signal, link = "" }) {
  const { reduceParquet } = await import("./lib/reduce.js");
  const reduced = await reduceParquet(api, { file, url, name, format, progress: progress.update, signal });
  let loaded;
  try {
    loaded = withNames(await loadText(api, reduced.text, { format: "csv", kind: reduced.kind, keep: true, link, name }));
  } catch (error) {
    const what = reduced.kind === "pairwise" ? "its per-item scores, reduced in DuckDB, do" : "its configuration table, reduced in DuckDB, does";
    throw new Error(`${what} not open: ${messageOf(error)}`);
  }
  return { ...loaded, notes: [reduced.note, ...(loaded.notes ?? [])], text: reduced.text, format: "csv", reduced };
}

/**
 * A run table already shown (`loaded`, as readSourceData gave it) at the view a link gives
 * (its text): the same data and label with a new dataset, names and sweep (lib/source.js
 * loadSweep, from the text kept).
 */
export function relinkSweep(api, loaded, link) {
  const { dataset, sweep } = loadSweep(api, loaded.text, loaded.format, { keep: true, link });
  return { ...loaded, ...withNames({ kind: "sweep", dataset, api, sweep }) };
}

/**
 * Loads a big CSV file in slices, its progress shown (with a Cancel). Like loadText, reads it
 * as the kind guessKind picks from its first lines (loadEitherKind: per-item scores that fail
 * are tried as a sweep); a sweep the loader refuses for its columns opens as a run table from
 * the rows read (loadCsvInSlices), drawn at its default view. With `roles` (a role changed in
 * the column panel) the run table is opened with them, drawn at what of `view` (the view
 * shown) still fits. A file past what a tab holds is reduced in DuckDB-wasm instead
 * (loadReduced). Resolves to { kind, dataset, names, sweep? } (and the reduced table's `text`
 * and `notes`); rejects with LoadCancelled when cancelled.
 */
async function loadBigFile(api, file, { progress, signal, roles, view }) {
  const read = async (kind) => {
    const loaded = await loadCsvInSlices(api, file, { kind, progress: progress.update, signal, roles });
    if (!loaded.table) return withNames({ kind, dataset: loaded.dataset, api: loaded.api });
    const { table } = loaded;
    try {
      // Its view chosen and projected in a turn of its own, after the opening's last step.
      progress.update(1, "Choosing the view");
      await nextTurn();
      if (signal.aborted) throw new LoadCancelled(file.name);
    } catch (error) {
      table.free();
      throw error;
    }
    let carried;
    if (view) {
      // What of the view still fits the new roles, else their default view.
      try {
        carried = carriedView(view, table.columns());
        table.project(carried).free();
      } catch {
        carried = undefined;
      }
    }
    const opened = withNames({ kind: "sweep", api, ...projectOpened({ table, view: carried, notices: [] }, "") });
    // Drawn in a turn of its own, after the projection's.
    progress.update(1, "Drawing the figure");
    await nextTurn();
    if (signal.aborted) {
      opened.dataset.free();
      opened.sweep.projection.free();
      opened.sweep.table.free();
      throw new LoadCancelled(file.name);
    }
    return opened;
  };
  try {
    // Roles named: the file is a run table already shown, read again with them.
    if (roles) return await read("sweep");
    return await loadEitherKind("auto", async () => api.guessKind(await fileHead(file), "csv"), read);
  } catch (error) {
    if (signal.aborted || roles) throw error;
    // More rows than a tab holds (the core's limit: its error has `limit: true`): DuckDB-wasm
    // reduces them to their configuration table, as it does Parquet (README "Parquet in the page").
    if (error?.limit) {
      try {
        return await loadReduced(api, { file, name: file.name, format: "csv" }, { progress, signal });
      } catch (second) {
        if (signal.aborted) throw second;
        throw new Error(`Could not open "${file.name}": ${messageOf(error)} (DuckDB-wasm could not reduce it in the page either: ${messageOf(second)})`);
      }
    }
    throw new Error(`Could not open "${file.name}": ${messageOf(error)}`);
  }
}
