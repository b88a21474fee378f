// Parquet in the page (README "Parquet in the page"): a Parquet file, local or at an address (or
// a CSV file with more rows than a tab holds), is reduced in DuckDB-wasm, in this tab, to its
// configuration table (README "Configuration tables"), whose CSV text the page then opens
// exactly as if the user had opened that CSV. The explorer (www/sources.js) and <sweep-map
// src="....parquet"> (element.js) import this module when such a file is opened, never before.
//
// Steps, each with its progress line and a Cancel (the explorer's big-file path, www/loading.js;
// the element's status line):
//   1. DuckDB-wasm is fetched (www/duckdb/: its module, worker and wasm, copied there from the
//      pinned npm package by .ci/build), on the first such file only: no other page load
//      fetches any of it (tests/e2e/packages.test.mjs);
//   2. the file is registered with DuckDB: a local File is read in place through the browser's
//      file reader, an address with HTTP range requests (only the parts a query needs: the
//      footer, then the columns and row groups read);
//   3. its rows are counted, and a sample of them (sampleQuery: windows of rows spread over a
//      local Parquet file, read by row number; the first rows at an address, so that the sample
//      costs one row group; a reservoir sample of a CSV file) is written as CSV and handed
//      to the core, which says what it would make of that CSV: per-item scores (guessKind, then
//      the pairwise package's pairwiseColumns: the item, model, score and group columns), or a
//      run table (inferRoles: each column's role). The page infers nothing itself;
//   4. the reduction SQL, python/src/sweepmap/reduction.sql (the same text `python -m sweepmap
//      reduce` runs; .ci/build copies it to www/duckdb/), filled with those roles, runs in
//      DuckDB and writes the configuration table (or the per-item scores, one row per (group,)
//      model and item) as CSV.
// Cancel ends DuckDB's worker (a query under way cannot be stopped otherwise); the next Parquet
// file starts a new one, the module already in the browser's cache.
//
// The data never leave the browser: DuckDB runs in a Worker of this page.

import { readJsonLines } from "./jsonlines.js";
import { LoadCancelled, messageOf } from "./source.js";
import { loadImportersApi, loadPairwiseApi } from "./sweepmap.js";

/** The rows handed to the core to infer the columns' roles. */
export const SAMPLE_ROWS = 1000;

/** Where the DuckDB-wasm files are, relative to this module (www/duckdb/, beside www/pkg/). */
const DUCKDB_DIR = new URL("../duckdb/", import.meta.url);

/** A turn of the event loop: the page paints and handles input. */
function nextTurn() {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

// ---------------------------------------------------------------------------------------------
// The reduction SQL, filled by reduction.sql's own rules (its header says them)

/** reduction.sql's parts by name: { name: lines }. */
function sqlParts(text) {
  const parts = {};
  let current = null;
  for (const line of text.split(/\r?\n/)) {
    if (line.startsWith("-- @")) {
      current = parts[line.slice(4).trim()] = [];
    } else if (current) {
      current.push(line);
    }
  }
  // The file's last newline makes no line of the last part.
  for (const lines of Object.values(parts)) {
    while (lines.length > 0 && lines[lines.length - 1] === "") lines.pop();
  }
  return parts;
}

/** A double-quoted SQL identifier. */
export function quote(name) {
  return `"${String(name).replaceAll('"', '""')}"`;
}

/** `{name}` and `{name.suffix}` in a line, for the column `value`. */
function fillNames(template, name, value) {
  return template.replace(new RegExp(`\\{${name}(\\.[^}]*)?\\}`, "g"), (_, suffix) => quote(value + (suffix ?? "")));
}

/** A single-quoted SQL string. */
function literal(text) {
  return `'${String(text).replaceAll("'", "''")}'`;
}

/**
 * A binned column's bin expression, by reduction.sql's rules: its "bin" part, a "bin case" line
 * per bin but the last (its upper edge and label), its "bin last" line; with `numbered`, each
 * bin's number in place of its label (for its "binned order"). `bins` is the importers
 * package's reductionBins: { labels, edges }.
 */
function binExpression(parts, key, bins, numbered = false) {
  const labels = bins.labels.map((label, index) => (numbered ? String(index) : literal(label)));
  const lines = parts.bin.map((line) => line.replaceAll("{key}", quote(key)));
  labels.slice(0, -1).forEach((label, index) => {
    for (const line of parts["bin case"]) {
      lines.push(line.replaceAll("{key}", quote(key)).replaceAll("{edge}", literal(bins.edges[index + 1])).replaceAll("{label}", label));
    }
  });
  lines.push(...parts["bin last"].map((line) => line.replaceAll("{label}", labels[labels.length - 1])));
  return lines.join(" ");
}

/**
 * Fills a statement of reduction.sql (`sql`, the file's text): "configurations" or "item
 * scores", with `keys` the grouping columns and `columns` the names each other placeholder
 * stands for ({ metric: [...] } or { score: [name] }); `bins` the binned grouping columns'
 * bins by name (reductionBins' { labels, edges }: README "Too many configurations"). The same
 * text sweepmap._reduce's fill_reduction writes (tests/e2e/parquet.test.mjs compares them).
 * @param {string} sql
 * @param {string} statement
 * @param {string[]} keys
 * @param {Record<string, string[]>} columns
 * @param {Record<string, { labels: string[], edges: string[] }>} [bins]
 */
export function fillReduction(sql, statement, keys, columns, source = "runs", bins = {}) {
  const parts = sqlParts(sql);
  const lines = parts[`${statement} select`];
  if (!lines || !parts[statement] || !parts.order) throw new Error(`reduction.sql has no statement "${statement}"`);
  const binned = keys.filter((key) => Object.hasOwn(bins, key));
  const expression = Object.fromEntries(binned.map((key) => [key, binExpression(parts, key, bins[key])]));
  const keyColumn = (key) => (key in expression ? `${expression[key]} AS ${quote(key)}` : quote(key));
  const selected = [];
  for (let index = 0; index < lines.length; ) {
    const line = lines[index];
    if (line.includes("{key}")) {
      selected.push(...keys.map((key) => line.replaceAll("{key}", keyColumn(key))));
      index += 1;
      continue;
    }
    const name = Object.keys(columns).find((candidate) => line.includes(`{${candidate}`));
    if (name === undefined) {
      selected.push(line);
      index += 1;
      continue;
    }
    // The lines of one placeholder (a metric's three), written per name in turn.
    const block = [];
    while (index < lines.length && lines[index].includes(`{${name}`)) block.push(lines[index++]);
    for (const value of columns[name]) selected.push(...block.map((template) => fillNames(template, name, value)));
  }
  const order = [
    ...binned.flatMap((key) => parts["binned order"].map((line) => line.replaceAll("{bin}", binExpression(parts, key, bins[key], true)))),
    ...keys.filter((key) => !(key in expression)).flatMap((key) => parts.order.map((line) => line.replaceAll("{key}", quote(key)))),
  ].join(", ");
  const grouped = keys.map((key) => expression[key] ?? quote(key)).join(", ");
  return parts[statement]
    .filter((line) => keys.length > 0 || !(line.includes("{keys}") || line.includes("{order}")))
    .map((line) =>
      line
        .replace("{select}", () => selected.join(",\n       "))
        .replace("{source}", () => source)
        .replace("{keys}", () => grouped)
        .replace("{order}", () => order),
    )
    .join("\n");
}

// ---------------------------------------------------------------------------------------------
// DuckDB-wasm, loaded on demand

/** @type {Promise<{ duckdb: any, db: any, sql: string }> | null} */
let engine = null;

/** Fetches DuckDB-wasm and starts it (once; again after a Cancel ended it). */
function startEngine(onProgress) {
  engine ??= (async () => {
    const duckdb = await import(new URL("duckdb-browser.js", DUCKDB_DIR).href);
    const sqlResponse = await fetch(new URL("reduction.sql", DUCKDB_DIR));
    if (!sqlResponse.ok) throw new Error(`could not fetch duckdb/reduction.sql: the server answered ${sqlResponse.status}`);
    const sql = await sqlResponse.text();
    const worker = new Worker(new URL("duckdb-browser-eh.worker.js", DUCKDB_DIR));
    const db = new duckdb.AsyncDuckDB(new duckdb.VoidLogger(), worker);
    try {
      await db.instantiate(new URL("duckdb-eh.wasm", DUCKDB_DIR).href, null, (got) => onProgress?.(got));
    } catch (error) {
      worker.terminate();
      throw error;
    }
    return { duckdb, db, sql };
  })();
  engine.catch(() => (engine = null));
  return engine;
}

/** Ends DuckDB's worker (a Cancel): the next reduction starts a new one. */
async function stopEngine() {
  const started = engine;
  engine = null;
  try {
    await (await started)?.db.terminate();
  } catch {
    // It never started: nothing to end.
  }
}

/** A query's rows as plain objects (numbers for DuckDB's 64-bit counts). */
export async function rowsOf(connection, sql) {
  const table = await connection.query(sql);
  return table.toArray().map((row) => {
    const plain = row.toJSON();
    for (const [key, value] of Object.entries(plain)) if (typeof value === "bigint") plain[key] = Number(value);
    return plain;
  });
}

/** A query's result as CSV text, written by DuckDB into its virtual file system and read back. */
export async function csvOf(db, connection, sql, file) {
  await connection.query(`COPY (${sql}) TO '${file}' (FORMAT csv, HEADER)`);
  try {
    return new TextDecoder().decode(await db.copyFileToBuffer(file));
  } finally {
    await db.dropFile(file);
  }
}

/**
 * The item, model, score and group columns of a sample (CSV text) when the core reads it as
 * per-item scores (guessKind, then the pairwise package's pairwiseColumns: the loader's own
 * choice), else null.
 */
export async function itemScoreColumns(api, sample) {
  if (api.guessKind(sample, "csv") !== "pairwise") return null;
  const pairwise = await loadPairwiseApi();
  try {
    return pairwise.pairwiseColumns(sample, undefined);
  } catch {
    // Named like items, but no model or score column: a sweep after all.
    return null;
  }
}

/**
 * The bins a reduction needs so that its table fits in a tab (README "Too many
 * configurations"; the limits are the core's, README "Limits", which
 * python/src/sweepmap/_reduce.py repeats): none when the rows cannot exceed the limit, or the distinct `keys` do not;
 * else, for a configuration table, the run table's bins (the importers package's reductionBins,
 * from each number column's distinct values, rows, smallest and largest value) of every key
 * the run table would bin, when the table then fits. Refuses before DuckDB collects anything,
 * with the count and the way out, when it does not (per-item scores are never binned).
 * Resolves to { key: { labels, edges, note } }. The refusals' words are the core's (the importers
 * package's tableLimitText), from DuckDB's counts.
 */
async function binsWithinTheLimit(connection, words, sql, { kind, keys, rows }) {
  const limit = words.reductionLimit(kind); // the core's MAX_ITEM_SCORES or MAX_RUNS
  if (rows <= limit || keys.length === 0) return {};
  let count = await countDistinct(connection, keys.map(quote));
  if (count <= limit) return {};
  if (kind === "pairwise") {
    throw new Error(words.tableLimitText("item scores", count));
  }
  const columns = await keyColumns(connection, keys);
  const bins = {};
  for (const column of columns) {
    if (column.numbers === column.present && column.present > 0) {
      const found = words.reductionBins(column.key, column.values, rows, column.min, column.max);
      if (found) bins[column.key] = found;
    }
  }
  if (Object.keys(bins).length > 0) {
    const parts = sqlParts(sql);
    count = await countDistinct(
      connection,
      keys.map((key) => (key in bins ? `${binExpression(parts, key, bins[key])} AS ${quote(key)}` : quote(key))),
    );
    if (count <= limit) return bins;
  }
  const unbinned = columns.filter((column) => !(column.key in bins));
  const widest = (unbinned.length > 0 ? unbinned : columns).reduce((best, column) => (column.values > best.values ? column : best));
  const binned = Object.entries(bins).map(([key, found]) => [key, found.labels.length]);
  throw new Error(words.tableLimitText("configurations", count, widest.key, widest.values, binned));
}

/** The distinct combinations of these SQL expressions' values over the rows. */
async function countDistinct(connection, expressions) {
  const [{ count }] = await rowsOf(connection, `SELECT count(*) AS "count" FROM (SELECT DISTINCT ${expressions.join(", ")} FROM runs) AS c`);
  return count;
}

/**
 * Per key, what the run table's bins need of it: its distinct values, present values, values
 * that are numbers (all present ones for a number column), smallest and largest number.
 */
async function keyColumns(connection, keys) {
  const selected = keys.flatMap((key, index) => [
    `count(DISTINCT ${quote(key)}) AS "values ${index}"`,
    `count(${quote(key)}) AS "present ${index}"`,
    `count(TRY_CAST(${quote(key)} AS DOUBLE)) AS "numbers ${index}"`,
    `min(TRY_CAST(${quote(key)} AS DOUBLE)) AS "min ${index}"`,
    `max(TRY_CAST(${quote(key)} AS DOUBLE)) AS "max ${index}"`,
  ]);
  const [found] = await rowsOf(connection, `SELECT ${selected.join(", ")} FROM runs`);
  return keys.map((key, index) => ({
    key,
    values: found[`values ${index}`],
    present: found[`present ${index}`],
    numbers: found[`numbers ${index}`],
    min: found[`min ${index}`],
    max: found[`max ${index}`],
  }));
}

/** Windows of consecutive rows a local Parquet file's sample is read from, spread over it. */
export const SAMPLE_WINDOWS = 8;

/**
 * The query of the sample handed to the core (`fileName` registered with DuckDB, its `rows`):
 * - a local Parquet file: SAMPLE_WINDOWS windows of consecutive rows spread evenly over it (the
 *   first rows of the file, of its middle, ...), each read by its row numbers, so that DuckDB
 *   decodes only the row groups holding them (a reservoir sample decodes every column of every
 *   row: 24 of the 46 s of a 10,000,000-row file, bench/parquet.mjs);
 * - a Parquet file at an address: its first rows (one row group fetched, not the whole file);
 * - a CSV file, or an Arrow IPC file (in DuckDB's memory): a reservoir sample (no row groups
 *   to skip; the file is read whole).
 */
export function sampleQuery({ fileName, format, local, rows }) {
  if (format !== "parquet") return `SELECT * FROM runs USING SAMPLE reservoir(${SAMPLE_ROWS} ROWS) REPEATABLE (1)`;
  if (!local || rows <= SAMPLE_ROWS) return `SELECT * FROM runs LIMIT ${SAMPLE_ROWS}`;
  const width = Math.floor(SAMPLE_ROWS / SAMPLE_WINDOWS);
  const windows = Array.from({ length: SAMPLE_WINDOWS }, (_, index) => {
    const start = Math.floor((index * rows) / SAMPLE_WINDOWS);
    return `SELECT * EXCLUDE (file_row_number) FROM read_parquet('${fileName}', file_row_number = true) WHERE file_row_number BETWEEN ${start} AND ${start + width - 1}`;
  });
  return windows.join("\nUNION ALL\n");
}

let registered = 0;

/**
 * Reduces a Parquet source in DuckDB-wasm: `file` (a File) or `url` (an address), `name` for
 * progress lines and LoadCancelled; `format` "csv" for a CSV file past what a tab holds,
 * "arrow" for a local Arrow IPC file (Feather 2: inserted whole, uncompressed only), "jsonl"
 * for JSON lines, local or at an address (framed and inserted in chunks: lib/jsonlines.js;
 * an lm-evaluation-harness samples log at an address rejects with `readWhole`). `api`
 * is the default package (inferRoles); `progress(fraction or null, text)`; `signal` cancels
 * with LoadCancelled. Resolves to { kind, text, rows, configurations, sql,
 * roles, note }: "sweep" and the configuration table as CSV, or "pairwise" and the per-item
 * scores as CSV (for the page to open as it opens a CSV file of that kind), the rows reduced,
 * the rows of the table, the SQL run and the roles it was filled with ({ keys, metrics } or
 * { keys, score }); `note` says it for the reader ("Reduced in DuckDB-wasm, in this tab, from
 * 24,000 rows to 24 configurations.").
 * Rejects with an Error saying what failed and what to do, for the caller to prefix with the
 * file's name or the address.
 * @param {any} api
 * @param {{ file?: File, url?: string, name: string, format?: "parquet" | "arrow" | "csv" | "jsonl", progress: (fraction: number | null, text: string) => void, signal: AbortSignal }} options
 */
export async function reduceParquet(api, { file, url, name, format = "parquet", progress, signal }) {
  const check = () => {
    if (signal.aborted) throw new LoadCancelled(name);
  };
  const cancelled = new Promise((_, reject) => {
    const abort = () => reject(new LoadCancelled(name));
    if (signal.aborted) abort();
    else signal.addEventListener("abort", abort, { once: true });
  });
  cancelled.catch(() => {});
  const work = reduceIn(api, { file, url, name, format, progress, check });
  try {
    return await Promise.race([work, cancelled]);
  } catch (error) {
    if (signal.aborted) {
      work.catch(() => {});
      // Not awaited: a DuckDB still starting ends once it has, and the page need not wait.
      stopEngine();
      throw new LoadCancelled(name);
    }
    throw error;
  }
}

/**
 * The share of the progress bar fetching DuckDB takes: half of it, but a tenth for JSON lines,
 * whose reading into DuckDB (lib/jsonlines.js: from there to 0.6) is most of their time.
 */
function fetchedShare(format) {
  return format === "jsonl" ? 0.1 : 0.5;
}

async function reduceIn(api, { file, url, name, format, progress, check }) {
  progress(null, "Fetching DuckDB");
  // The progress lines and the note are the core's, from the counts (the importers package's
  // reductionText: what only a reduction needs stays out of the package every page loads).
  const words = await loadImportersApi();
  check();
  let started;
  try {
    started = await startEngine((got) => {
      const total = Number(got.bytesTotal);
      const loaded = Number(got.bytesLoaded);
      if (total > 0) progress(fetchedShare(format) * (loaded / total), words.reductionText("fetching", loaded, total));
    });
  } catch (error) {
    throw new Error(`DuckDB-wasm, which reads Parquet in the page, did not start (${messageOf(error)}): reload the page and try again`);
  }
  check();
  const { duckdb, db, sql } = started;
  registered += 1;
  const fileName = `source-${registered}.${format}`;
  if (format === "arrow" || format === "jsonl") {
    // Arrow IPC: no reader of it in DuckDB-wasm 1.28 (its arrow extension would be fetched from
    // DuckDB's site), so its record batches are inserted as the IPC stream the file holds. JSON
    // lines: framed and inserted in chunks (lib/jsonlines.js), from the file or the address.
  } else if (file) {
    await db.registerFileHandle(fileName, file, duckdb.DuckDBDataProtocol.BROWSER_FILEREADER, true);
  } else {
    await db.registerFileURL(fileName, new URL(String(url), window.location.href).href, duckdb.DuckDBDataProtocol.HTTP, true);
  }
  const connection = await db.connect();
  let broken = false;
  try {
    progress(format === "jsonl" ? fetchedShare(format) : 0.55, words.readingColumnsText(name));
    try {
      if (format === "arrow") {
        await insertArrow(connection, file, `arrow_${registered}`);
        await connection.query(`CREATE OR REPLACE VIEW runs AS SELECT * FROM arrow_${registered}`);
      } else if (format === "jsonl") {
        await readJsonLines(api, db, connection, { file, url, table: `jsonl_${registered}`, importers: words, progress, check });
        await connection.query(`CREATE OR REPLACE VIEW runs AS SELECT * FROM jsonl_${registered}`);
      } else {
        const reader = format === "csv" ? "read_csv_auto" : "read_parquet";
        await connection.query(`CREATE OR REPLACE VIEW runs AS SELECT * FROM ${reader}('${fileName}')`);
      }
    } catch (error) {
      if (format === "jsonl") {
        // Its own words (the line, or DuckDB's). A failed insert may leave DuckDB unusable, and
        // after a Cancel its worker is gone: nothing more is asked of it.
        broken = !error?.readWhole;
        throw error;
      }
      if (format === "csv") throw new Error(`DuckDB cannot read it as CSV (${messageOf(error)})`);
      if (format === "arrow") {
        // A failed insert may leave DuckDB unusable: the next file starts a new one.
        broken = true;
        throw new Error(
          `DuckDB-wasm cannot read it as Arrow IPC (${messageOf(error)}): the page reads uncompressed Arrow IPC files (Feather 2); write it without compression (pyarrow.feather.write_feather(table, path, compression="uncompressed")) or as Parquet`,
        );
      }
      throw new Error(`DuckDB cannot read it as Parquet (${messageOf(error)}): check that it is a Parquet file, or open the data as CSV`);
    }
    const [{ rows }] = await rowsOf(connection, `SELECT count(*) AS "rows" FROM runs`);
    check();
    if (rows === 0) throw new Error("it has no rows: expected one row per run or sample");
    const sampled = sampleQuery({ fileName, format, local: Boolean(file), rows });
    progress(0.6, words.reductionText("sampling", rows, SAMPLE_ROWS));
    await connection.query(`CREATE OR REPLACE TEMP TABLE sample AS ${sampled}`);
    const sample = await csvOf(db, connection, "SELECT * FROM sample", `sample-${registered}.csv`);
    await connection.query("DROP TABLE sample");
    check();
    await nextTurn();
    // Per-item scores when the core says the sample is (guessKind: an item-like column) and the
    // pairwise loader finds its item, model and score columns in it; else a configuration table.
    const itemScores = await itemScoreColumns(api, sample);
    check();
    let kind;
    let query;
    let roles;
    if (itemScores) {
      kind = "pairwise";
      const keys = [...(itemScores.group === null ? [] : [itemScores.group]), itemScores.model, itemScores.item];
      roles = { keys, score: itemScores.score };
    } else {
      kind = "sweep";
      let inferred;
      try {
        inferred = api.inferRoles(sample);
      } catch (error) {
        throw new Error(`${messageOf(error)} (read from ${words.reductionText("read", rows, SAMPLE_ROWS)})`);
      }
      const keys = inferred.columns.filter((column) => column.role === "parameter" || column.role === "facet").map((column) => column.column);
      const metrics = inferred.columns.filter((column) => column.role === "metric").map((column) => column.column);
      roles = { keys, metrics };
    }
    progress(0.7, words.reductionText("reducing", rows, 0));
    const bins = await binsWithinTheLimit(connection, words, sql, { kind, keys: roles.keys, rows });
    check();
    if (kind === "pairwise") query = fillReduction(sql, "item scores", roles.keys, { score: [roles.score] });
    else query = fillReduction(sql, "configurations", roles.keys, { metric: roles.metrics }, "runs", bins);
    let configurations;
    try {
      await connection.query(`CREATE OR REPLACE TEMP TABLE reduced AS ${query}`);
      [{ configurations }] = await rowsOf(connection, `SELECT count(*) AS "configurations" FROM reduced`);
    } catch (error) {
      throw new Error(`DuckDB could not reduce it (${messageOf(error)})`);
    }
    check();
    const text = await csvOf(db, connection, "SELECT * FROM reduced", `reduced-${registered}.csv`);
    await connection.query("DROP TABLE reduced");
    // The reduction's note, then what each binned column's bins say (README "Too many
    // configurations"): the core's sentences, in order.
    const note = [words.reductionText(kind === "pairwise" ? "item scores" : "configurations", rows, configurations), ...Object.values(bins).map((found) => found.note)].join(" ");
    progress(0.95, words.reductionText(kind === "pairwise" ? "opening item scores" : "opening configurations", 0, 0));
    return { kind, text, rows, configurations, sql: query, roles, note, binned: Object.keys(bins) };
  } finally {
    if (broken) {
      // Not awaited: its worker ends, and nothing more is asked of it.
      stopEngine();
    } else {
      if (format === "arrow") await connection.query(`DROP TABLE IF EXISTS arrow_${registered}`).catch(() => {});
      if (format === "jsonl") await connection.query(`DROP TABLE IF EXISTS jsonl_${registered}`).catch(() => {});
      await connection.close().catch(() => {});
      await db.dropFile(fileName).catch(() => {});
    }
  }
}

/**
 * Inserts an Arrow IPC file (a File) into DuckDB as the table `table`: the file is its magic
 * ("ARROW1" and padding, 8 bytes), an IPC stream ended by its end-of-stream marker, a footer, the
 * footer's length (4 bytes) and the magic again (6); the stream is what DuckDB-wasm reads.
 */
async function insertArrow(connection, file, table) {
  const bytes = new Uint8Array(await file.arrayBuffer());
  const magic = (at) => String.fromCharCode(...bytes.subarray(at, at + 6));
  if (bytes.length < 18 || magic(0) !== "ARROW1" || magic(bytes.length - 6) !== "ARROW1") {
    const feather1 = bytes.length >= 4 && String.fromCharCode(...bytes.subarray(0, 4)) === "FEA1";
    throw new Error(feather1 ? "it is Feather version 1, which Arrow IPC replaced; write it again with a current pyarrow" : 'it does not start and end with "ARROW1", the Arrow IPC file format\'s marker');
  }
  const footer = new DataView(bytes.buffer).getInt32(bytes.length - 10, true);
  const end = bytes.length - 10 - footer;
  if (!(footer > 0 && end > 8)) throw new Error(`its footer's length (${footer} bytes) does not fit in the file`);
  await connection.insertArrowFromIPCStream(bytes.subarray(8, end), { name: table, create: true });
}
