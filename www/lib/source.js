// Getting data to the loaders, for the explorer and <sweep-map> alike: fetching an address with
// progress, a Cancel (an AbortSignal) and a timeout when nothing arrives; the format a name
// suggests; a web page served instead of data; sweep or per-item scores, the other tried when
// the first fails; and lists of names written as links write them. The rules (which format,
// what is a web page, how a list is split) are the core's (src/source.rs, src/link/read.rs),
// called through the wasm; this module keeps the fetch, the stream and the order of attempts.
// Every function that calls the wasm needs load() (./sweepmap.js) to have resolved, except
// fetchData, which waits for it.

import { load, loadedImporters, loadImportersApi, loadPairwiseApi } from "./sweepmap.js";

/**
 * A fetch that receives nothing for this long (no headers, then no bytes) is stopped with a
 * message saying so: long enough for a slow server or a big file on a slow line, whose bytes
 * keep arriving (each one restarts the wait), short enough that a server that never answers
 * does not leave "Loading…" up for good.
 */
export const IDLE_TIMEOUT_MS = 30_000;

/** Bytes of a response read before it is checked for a web page (the check needs the start). */
const HEAD_CHARS = 4096;

/** An Error that says a load was cancelled (not a failure to report as one). */
export class LoadCancelled extends Error {
  constructor(name) {
    super(`Stopped loading "${name}"; the data shown are unchanged.`);
    this.name = "LoadCancelled";
    /** What was being loaded (a file name or an address). */
    this.source = name;
  }
}

/**
 * Thrown by loadSweep for JSON the default package could not read (its error's `importable`)
 * while the importers package is not loaded: loadText loads it and tries again. `cause` is the
 * default package's error, the one to show when the importers do not convert the text either.
 */
export class ImportersNeeded extends Error {
  constructor(cause) {
    super(`${messageOf(cause)} (the importers package, www/pkg/importers/, may read it: await loadImportersApi() first)`);
    this.name = "ImportersNeeded";
    this.cause = cause;
  }
}

/** The message of anything thrown. */
export function messageOf(error) {
  return error instanceof Error ? error.message : String(error);
}

/** "840 bytes", "12 kB", "3.4 MB": a size for progress and messages. */
export function formatBytes(bytes) {
  if (bytes < 1000) return `${bytes} ${bytes === 1 ? "byte" : "bytes"}`;
  if (bytes < 1e6) return `${Math.round(bytes / 1000)} kB`;
  return `${(bytes / 1e6).toLocaleString("en", { minimumFractionDigits: 1, maximumFractionDigits: 1 })} MB`;
}

/** "1.2 MB of 5.0 MB" or "1.2 MB" (the total unknown): how far a fetch is. */
export function receivedText({ received, total }) {
  return total === null ? formatBytes(received) : `${formatBytes(received)} of ${formatBytes(total)}`;
}

/**
 * The size a response's body will have, from Content-Length, or null when the server does not
 * say or the body is compressed in transit (the length then counts compressed bytes, while the
 * stream gives them decompressed).
 */
function expectedBytes(response) {
  const encoding = response.headers.get("content-encoding");
  if (encoding && encoding.trim().toLowerCase() !== "identity") return null;
  const length = Number(response.headers.get("content-length") ?? NaN);
  return Number.isSafeInteger(length) && length >= 0 ? length : null;
}

/**
 * Fetches a data file's text. `onProgress({ received, total })` hears of every piece (total is
 * null when the server does not say); `signal` (an AbortSignal) cancels with LoadCancelled
 * (`name` in its message); `idleTimeout` (ms) stops a fetch that receives nothing for that
 * long. The Error says in plain words why it failed, for the caller to prefix with the address:
 * the request failed (an unreachable address, a server that does not let other sites read it,
 * a redirect loop: the browser does not say which), the server answered an error status, went
 * silent, sent nothing, or sent a web page (told as soon as its start arrives).
 * @param {URL | string} url
 * @param {{ signal?: AbortSignal, onProgress?: (got: { received: number, total: number | null }) => void,
 *   idleTimeout?: number, name?: string }} [options]
 */
export async function fetchData(url, { signal, onProgress, idleTimeout = IDLE_TIMEOUT_MS, name = String(url) } = {}) {
  if (signal?.aborted) throw new LoadCancelled(name);
  const controller = new AbortController();
  const cancel = () => controller.abort();
  signal?.addEventListener("abort", cancel);
  let received = 0;
  let total = null;
  let timedOut = false;
  let timer = 0;
  const wait = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, idleTimeout);
  };
  /** The Error for a fetch that stopped: cancelled, timed out, or `otherwise`. */
  const stopped = (otherwise) => {
    if (signal?.aborted) return new LoadCancelled(name);
    if (timedOut) {
      const soFar = received > 0 ? ` after ${receivedText({ received, total })}` : "";
      return new Error(
        `nothing arrived for ${idleTimeout / 1000} seconds${soFar}, so the request was stopped; the server may be slow or down: try again later`,
      );
    }
    return otherwise();
  };
  wait();
  try {
    let response;
    try {
      response = await fetch(url, { signal: controller.signal });
    } catch (error) {
      throw stopped(
        () =>
          new Error(
            `the request failed (${messageOf(error)}): the address may be unreachable, its server may not let other sites read the file (CORS), or it may redirect in a loop`,
          ),
      );
    }
    if (!response.ok) {
      throw new Error(`the server answered ${response.status} ${response.statusText}`.trim());
    }
    wait();
    total = expectedBytes(response);
    onProgress?.({ received, total });
    const contentType = response.headers.get("content-type");
    const reader = response.body.getReader();
    const api = await load();
    const decoder = new TextDecoder();
    const parts = [];
    let head = "";
    let checked = false;
    for (;;) {
      let chunk;
      try {
        chunk = await reader.read();
      } catch (error) {
        throw stopped(() => new Error(`the connection broke after ${receivedText({ received, total })} (${messageOf(error)})`));
      }
      if (chunk.done) break;
      wait();
      received += chunk.value.length;
      if (total !== null && received > total) total = null;
      const piece = decoder.decode(chunk.value, { stream: true });
      parts.push(piece);
      if (!checked && head.length < HEAD_CHARS) head += piece;
      if (!checked && head.trimStart().length >= HEAD_CHARS) {
        checked = true;
        checkHead(api, head, contentType, controller);
      }
      onProgress?.({ received, total });
    }
    parts.push(decoder.decode());
    const text = parts.join("");
    if (!checked) checkHead(api, text, contentType, controller);
    if (text.trim() === "") throw new Error("the server sent an empty file");
    return text;
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener("abort", cancel);
  }
}

/** Throws the core's message (and stops the download) when a response's start is a web page. */
function checkHead(api, head, contentType, controller) {
  try {
    api.checkFetchedText(head, contentType);
  } catch (error) {
    controller.abort();
    throw error;
  }
}

/**
 * True for a name that says Parquet: `.parquet` or `.pq` (a query or fragment ignored). Such a
 * source is reduced in DuckDB-wasm (reduce.js), not read as text.
 */
export function namesParquet(name) {
  const path = String(name ?? "").split(/[?#]/)[0].toLowerCase();
  return path.endsWith(".parquet") || path.endsWith(".pq");
}

/**
 * True for a name that says JSON lines: `.jsonl` or `.ndjson` (a query or fragment ignored). Such
 * a source at an address is read into DuckDB-wasm in chunks and reduced there (reduce.js, README
 * "JSON lines in the page"), unless its first lines are an lm-evaluation-harness samples log.
 */
export function namesJsonLines(name) {
  const path = String(name ?? "").split(/[?#]/)[0].toLowerCase();
  return path.endsWith(".jsonl") || path.endsWith(".ndjson");
}

/**
 * The error for line `line` of a JSON lines file (its text, or its start) that is not a JSON
 * object: the same words whether the page reads the file whole or DuckDB-wasm reads it.
 */
export function notAnObjectLine(line, text) {
  const trimmed = text.trim();
  const shown = JSON.stringify(trimmed.length > 40 ? `${trimmed.slice(0, 40)}…` : trimmed);
  return new Error(`line ${line.toLocaleString("en")} is not a JSON object (${shown}): a JSON lines file holds one object per line, {"name": value, ...}`);
}

/** True for a name that says Arrow IPC: `.arrow` or `.feather` (a query or fragment ignored). */
export function namesArrow(name) {
  const path = String(name ?? "").split(/[?#]/)[0].toLowerCase();
  return path.endsWith(".arrow") || path.endsWith(".feather");
}

/** The format to read a source with: the one declared, else the one its name suggests. */
export function formatOf(api, name, declared = "auto") {
  return declared && declared !== "auto" ? declared : api.formatFromName(String(name ?? ""));
}

/**
 * Loads as `kind` ("sweep" or "pairwise"), or, for "auto" (or none), as `guess()`'s kind:
 * `attempt(kind)` (sync or async) does one load. When per-item scores were guessed and fail,
 * it tries a sweep (a sweep may have a column named like items); the error when both fail is
 * the first's, and LoadCancelled ends it at once. A sweep guessed is not retried as per-item
 * scores: guessKind answers "pairwise" for every text their loader can read without named
 * columns (an item-like column, or JSON with "items"), so that retry could only fail, after
 * fetching the pairwise package.
 */
export async function loadEitherKind(kind, guess, attempt) {
  if (kind === "sweep" || kind === "pairwise") return attempt(kind);
  const first = await guess();
  try {
    return await attempt(first);
  } catch (error) {
    if (first !== "pairwise" || error instanceof LoadCancelled) throw error;
    try {
      return await attempt("sweep");
    } catch (second) {
      throw second instanceof LoadCancelled ? second : error;
    }
  }
}

/**
 * Loads a sweep: loadDataset, and for CSV text it refuses for its columns (more than two
 * parameters, several metrics, a W&B or Optuna export, a pandas index: the error's roleError)
 * the run table (openLinkedSweep) drawn at the view `link` gives: a share link's text, or the
 * element's attributes written as one (its keys roles, metric, direction, x, y, others, binned;
 * "" for the default view). When `link` names a run table's view (one of those keys), CSV is
 * read as a run table first, even one the tidy loader reads (two parameters give the tidy
 * loader's dataset, drawn at that view: `x=wd&y=lr` swaps the axes), as the Python widget and
 * the files `save_html` writes expect; the tidy loader's reading if the run table refuses it.
 * JSON the default package refuses (the error's importable) goes to the importers package, which
 * must be loaded (else ImportersNeeded is thrown; loadText loads it): runs as JSON are converted
 * into CSV and opened as a run table (their errors name the JSON's fields and runs),
 * lm-evaluation-harness results into sweepmap's JSON (`name` is the file's name, the model's
 * when the file names none). Resolves to { dataset } or { dataset, sweep } or
 * { dataset, notes }: `sweep` says what the run table inferred, for the page to show ({ format,
 * description, notices: what is drawn and why, what to check; linkNotices: what in `link` the
 * file does not have, each with the default view's choice used instead; view: the view drawn;
 * link: its keys, for the address (see tableLink in state.js); given: `link`; opened: { text,
 * options }, what openSweep opens to reopen the table with other roles }); `notes` what an
 * importer says about lm-evaluation-harness results (what was merged, left out, missing). When
 * the run table of a CSV the tidy loader refused for its roles fails too, the error is the run
 * table's (it names the column and what to do). With `keep`, the sweep also
 * holds the run table and its projection ({ table, projection }) for the caller to change the
 * view and free. `rename` renames the models of lm-evaluation-harness results (the importers'
 * `rename`, as one text: `old=new,...`).
 * @param {any} api
 * @param {string} text
 * @param {"auto" | "csv" | "json"} [format]
 * @param {{ keep?: boolean, link?: string, name?: string, rename?: string }} [options]
 */
export function loadSweep(api, text, format = "auto", { keep = false, link = "", name = "results.json", rename } = {}) {
  if (format !== "json" && namesTableView(api, link)) {
    try {
      return openRunTable(api, { text, options: undefined }, { keep, link });
    } catch {
      // Not a run table after all (JSON text, a file the run table refuses): read as below.
    }
  }
  let opened = { text, options: undefined };
  try {
    return { dataset: api.loadDataset(text, { format }) };
  } catch (error) {
    if (error?.importable) {
      const imported = importedSweep(api, text, name, error, rename);
      if (imported.dataset) return imported;
      opened = imported.opened;
    } else if (!error?.roleError || typeof api.openLinkedSweep !== "function") {
      throw error;
    }
    // CSV refused for its roles that the run table refuses too: the run table's error, which
    // names the column and what to do (text in the metric, every value missing), not the tidy
    // loader's refusal of roles the run table would have told apart.
    return openRunTable(api, opened, { keep, link });
  }
}

/**
 * True when `link` names a run table's view: a key of one of the core's run-table settings
 * (linkSchema: those of neither sweeps nor pairwise figures, src/view/table.rs).
 */
function namesTableView(api, link) {
  if (!link || typeof api.openLinkedSweep !== "function" || typeof api.linkSchema !== "function") return false;
  const keys = new Set(
    api
      .linkSchema()
      .settings.filter((setting) => !setting.sweep && !setting.pairwise)
      .flatMap((setting) => setting.linkKeys),
  );
  return [...new URLSearchParams(link.replace(/^[#?]/, "")).keys()].some((key) => keys.has(key));
}

/**
 * JSON the default package refused, read by the importers package (loaded already): runs as
 * JSON converted for openSweep ({ opened: { text, options } }), or lm-evaluation-harness results
 * loaded as sweepmap's JSON, their models renamed by `rename` ({ dataset, notes, renamable }).
 * Throws `refused` for anything else.
 */
function importedSweep(api, text, name, refused, rename) {
  const importers = loadedImporters();
  if (!importers) throw new ImportersNeeded(refused);
  const importer = importers.importerFor(text);
  if (importer === "table") {
    const { csv, roles } = importers.tableFromJson(text);
    return { opened: { text: csv, options: { fromJson: roles } } };
  }
  if (importer === "lm-eval-results") {
    const { json, notes } = importers.lmEvalResults([name], [text], { rename });
    return { dataset: api.loadDataset(json, { format: "json" }), notes, renamable: true };
  }
  throw refused;
}

/**
 * A run table opened from `opened` ({ text, options }: openSweep's) at the view `link` gives,
 * projected: { dataset, sweep } as loadSweep gives them, or its error.
 */
function openRunTable(api, opened, { keep, link }) {
  const linked = api.openLinkedSweep(opened.text, link, opened.options);
  return projectOpened(linked, link, { keep, opened });
}

/**
 * A run table opened for a link (a LinkedSweep: openLinkedSweep's, or { table, view, notices:
 * [] } for a table read in slices) projected at its view (undefined: the default view):
 * { dataset, sweep } as loadSweep gives them, `opened` (what openSweep opened, when known) in
 * the sweep. Without `keep` the table is freed; on failure everything is, and the error thrown.
 * @param {any} linked
 * @param {string} link
 * @param {{ keep?: boolean, opened?: { text: string, options: any } }} [options]
 */
export function projectOpened(linked, link, { keep = true, opened } = {}) {
  let projection;
  let kept = false;
  try {
    projection = linked.table.project(linked.view);
    const view = projection.view();
    const sweep = {
      format: linked.table.format(),
      description: projection.description(),
      notices: projection.inferred(),
      linkNotices: linked.notices.map((notice) => notice.message),
      view,
      link: linked.table.link(view),
      given: link,
      opened,
    };
    if (keep) Object.assign(sweep, { table: linked.table, projection });
    const loaded = { dataset: projection.dataset(), sweep };
    kept = keep;
    return loaded;
  } finally {
    if (!kept) {
      projection?.free();
      linked.table.free();
    }
  }
}

/**
 * Loads data text as a sweep (loadSweep) or per-item scores (loadPairwise of the pairwise
 * package, fetched then if not yet): `kind` "sweep", "pairwise", or "auto" (loadEitherKind).
 * JSON that only the importers package reads (runs as JSON, lm-evaluation-harness files) has
 * it fetched then; a samples log becomes per-item scores (its model guessed from `name`). Resolves to { kind, dataset, api, sweep?, notes? }: `api` is the package
 * that holds the data, whose figure must draw them; `sweep` as loadSweep gives it (`keep` and
 * `link` as loadSweep takes them); `notes` what an importer says. `name` is the file's name.
 * `rename` renames the models of lm-evaluation-harness files (the importers' `rename`, as one
 * text: `old=new,...`; a refusal rejects); with other data it is left out, and `renameNote`
 * says so (the importers package's words, fetched then).
 * @param {any} api
 * @param {string} text
 * @param {{ format?: "auto" | "csv" | "json", kind?: string, keep?: boolean, link?: string, name?: string, rename?: string }} [options]
 */
export async function loadText(api, text, { format = "auto", kind = "auto", keep = false, link = "", name, rename } = {}) {
  const sweep = () => ({ api, ...loadSweep(api, text, format, { keep, link, name, rename }) });
  const loaders = {
    sweep: async () => {
      try {
        return sweep();
      } catch (error) {
        if (!(error instanceof ImportersNeeded) && !error?.importable) throw error;
        const importers = await loadImportersApi();
        // A samples log (per-item scores of one model): the pairwise package draws it.
        if (importers.importerFor(text) === "lm-eval-samples") {
          const { json, notes } = importers.lmEvalSamples([{ name: name ?? "samples.jsonl", text }], { rename });
          const pairwise = await loadPairwiseApi();
          return { kind: "pairwise", api: pairwise, dataset: pairwise.loadPairwise(json, { format: "json" }), notes, renamable: true };
        }
        if (error instanceof ImportersNeeded) return sweep();
        throw error;
      }
    },
    pairwise: async () => {
      const pairwise = await loadPairwiseApi();
      return { api: pairwise, dataset: pairwise.loadPairwise(text, { format }) };
    },
  };
  const loaded = await loadEitherKind(
    kind,
    () => api.guessKind(text, format),
    async (which) => ({ kind: which, ...(await loaders[which]()) }),
  );
  if (rename && !loaded.renamable) {
    try {
      loaded.renameNote = (await loadImportersApi()).renameLeftOut(rename);
    } catch (error) {
      loaded.dataset.free();
      throw error;
    }
  }
  return loaded;
}

/**
 * Several files only the importers package reads, converted into one text a package opens:
 * lm-evaluation-harness results files (one per model, picked together) into sweepmap's JSON of
 * models x tasks with their reported standard errors; samples logs (one per model and task)
 * into per-item scores for the pairwise package, each model guessed from its file's name (the
 * notices say what was guessed and how to name a model). `rename` renames models, old name to
 * new (the importers' `rename`). Resolves to { text, format, notices, guessed, title } (`notices`: what
 * was merged, left out, missing, as a merge of CSV files says it; `guessed`: the models named
 * after their files, to check; `title`: the core's for the files together, as a merge of CSV files has it), or null when the files are not all such files
 * (the importers package is fetched only when every text is a JSON object and no name says
 * CSV). Rejects naming the file and the field.
 * @param {any} api
 * @param {string[]} names
 * @param {string[]} texts
 * @param {{ rename?: Record<string, string> }} [options]
 */
export async function importedFiles(api, names, texts, { rename } = {}) {
  const objects = texts.every((text) => text.trimStart().replace(/^\ufeff/, "").startsWith("{"));
  if (!objects || names.some((name) => api.formatFromName(name) === "csv")) return null;
  const importers = await loadImportersApi();
  const kinds = texts.map((text) => importers.importerFor(text));
  // The models named after their files, once each (the page offers to rename them).
  const guessedOf = (models) => [...new Set(models.filter((entry) => entry.guessed).map((entry) => entry.model))];
  if (kinds.every((kind) => kind === "lm-eval-samples")) {
    const logs = names.map((name, index) => ({ name, text: texts[index] }));
    const { json, models, notes } = importers.lmEvalSamples(logs, { rename });
    return { text: json, format: "json", notices: notes, guessed: guessedOf(models), title: importers.filesTitle(names) };
  }
  if (kinds.some((kind) => kind !== "lm-eval-results")) return null;
  const { json, models, notes } = importers.lmEvalResults(names, texts, { rename });
  return { text: json, format: "json", notices: notes, guessed: guessedOf(models), title: importers.filesTitle(names) };
}

/** A list of names as links write it (`a,b\,c`: a comma inside a name escaped), trimmed. */
export function splitNames(api, text) {
  return api.splitNames(String(text));
}
