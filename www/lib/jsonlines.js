// JSON lines in DuckDB-wasm (README "Parquet in the page", "JSON lines in the page"): a log of one
// JSON object per line, too large for a tab, read into DuckDB-wasm in chunks for reduce.js to
// reduce as it does Parquet. DuckDB-wasm 1.28 reads JSON through its json extension only (fetched
// from DuckDB's site: the CSP and offline machines rule it out), but its built-in Arrow JSON
// reader (insertJSONFromPath) takes a JSON array of rows. So this module only frames lines:
//   1. of a local file, a sample of lines (windows spread over it), framed as one array and
//      inserted, written as CSV and handed to the core, which says each column's role; only the
//      columns it does not leave out are kept (a log's prompts and responses are never held). At
//      an address, read once in order, every column but nested ones is kept (its first lines
//      may show one value of a column the log is sorted by);
//   2. the file streamed (File.stream(), or the response's body), cut at line ends into chunks
//      of JSON_LINES.chunkBytes, each framed as `[` + its lines joined by `,` + `]` (blank lines
//      skipped; a line that is not an object is an error naming it), registered as a buffer,
//      inserted by DuckDB into a staging table (the first chunk with the types DuckDB infers
//      from it; the next ones with the table's types given to the reader, which reads only the
//      kept columns and refuses a value that does not fit, the chunk then read again with its
//      own types), and appended to the rows' table with the columns kept: a column whose type
//      differs between chunks is widened (whole numbers and fractions to DOUBLE, anything else
//      mixed to VARCHAR), a column missing from a chunk is missing (NULL) in its rows.
// DuckDB parses every value and does all the reduction; JavaScript looks at two bytes per line
// (its first and last), and parses lines itself only to say which line DuckDB could not read.

import { csvOf, itemScoreColumns, quote, rowsOf } from "./reduce.js";
import { notAnObjectLine } from "./source.js";

/** Bytes of lines framed and inserted into DuckDB at a time (a knob for tests: set it lower). */
export const JSON_LINES = { chunkBytes: 4 * 1024 * 1024 };

/** Lines sampled per window of a local file, and the windows (as Parquet's sample: 8 x 125). */
const SAMPLE_WINDOWS = 8;
const SAMPLE_LINES_PER_WINDOW = 125;

const NEWLINE = 0x0a;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;

/** JSON's white space. */
function isSpace(byte) {
  return byte === 0x20 || byte === 0x09 || byte === 0x0d || byte === NEWLINE;
}

/**
 * Frames `bytes` (whole lines; the last may lack its line end) as a JSON array of rows, in one
 * copy: `[`, the lines with each line end after an object turned into `,` (after a blank line, a
 * space), `]`. Every line that is not blank must start with `{` and end with `}` (white space
 * aside), else an Error names it (`firstLine` is the number of the first line in `bytes`).
 * Returns { framed, rows, lines } (lines: the line ends seen).
 */
export function frameLines(bytes, firstLine = 1) {
  const framed = new Uint8Array(bytes.length + 2);
  framed[0] = 0x5b;
  framed.set(bytes, 1);
  let rows = 0;
  let lines = 0;
  let trailingComma = -1;
  let begin = 0;
  if (firstLine === 1 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    // The file's byte-order mark: white space to DuckDB.
    framed.fill(0x20, 1, 4);
    begin = 3;
  }
  for (let start = begin; start < bytes.length; ) {
    let end = bytes.indexOf(NEWLINE, start);
    if (end < 0) end = bytes.length;
    let first = start;
    let last = end - 1;
    while (first <= last && isSpace(bytes[first])) first += 1;
    while (last >= first && isSpace(bytes[last])) last -= 1;
    if (first <= last) {
      if (bytes[first] !== OPEN_BRACE || bytes[last] !== CLOSE_BRACE) {
        throw notAnObjectLine(firstLine + lines, new TextDecoder().decode(bytes.subarray(first, Math.min(last + 1, first + 200))));
      }
      rows += 1;
      // This line's end becomes the comma before the next row; the last row's is taken back.
      trailingComma = end < bytes.length ? end + 1 : -1;
      if (trailingComma > 0) framed[trailingComma] = 0x2c;
    }
    if (end < bytes.length) lines += 1;
    start = end + 1;
  }
  if (trailingComma > 0) framed[trailingComma] = 0x20;
  framed[framed.length - 1] = 0x5d;
  return { framed, rows, lines };
}

/** NaN and Infinity as values: DuckDB's JSON reader takes them (Python's json writes them). */
const NON_FINITE = /([:,[]\s*)-?(?:NaN|Infinity)(?=\s*[,}\]])/g;

/** A line (text) read as JSON with NaN and Infinity allowed, as DuckDB reads it; throws when it is not JSON. */
function parseLine(line) {
  try {
    return JSON.parse(line);
  } catch (error) {
    if (!/NaN|Infinity/.test(line)) throw error;
    // Their values do not matter here: only whether the line is an object.
    return JSON.parse(line.replace(NON_FINITE, "$1null"));
  }
}

/** True for a JSON object (not null, not an array). */
function isObject(value) {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/**
 * The line of `bytes` (lines from `firstLine` on) that JSON.parse cannot read as an object, as a
 * message naming it; null when every line reads (then DuckDB's own words are the reason).
 */
function findBadLine(bytes, firstLine) {
  const lines = new TextDecoder().decode(bytes).split("\n");
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index].trim();
    if (line === "") continue;
    let value;
    try {
      value = parseLine(line);
    } catch (error) {
      return `line ${(firstLine + index).toLocaleString("en")} is not JSON (${error instanceof Error ? error.message : String(error)})`;
    }
    if (!isObject(value)) return notAnObjectLine(firstLine + index, line).message;
  }
  return null;
}

let inserted = 0;

/**
 * Inserts framed lines (`bytes`, lines from `firstLine` on) into DuckDB as the new table `table`,
 * its columns and types as DuckDB's JSON reader infers them from these rows. Resolves to the
 * rows inserted (0, and no table, when every line is blank).
 */
async function insertLines(db, connection, bytes, firstLine, table, stopped = () => false, schema = null) {
  const { framed, rows } = frameLines(bytes, firstLine);
  if (rows === 0) return 0;
  inserted += 1;
  const name = `lines-${inserted}.json`;
  await db.registerFileBuffer(name, framed);
  try {
    if (schema) {
      // The table's types given: DuckDB reads only those columns, without inferring, and
      // refuses a value that does not fit (a fraction in a whole-number column, text in a
      // number column); the chunk is then read again with its own types, to widen them.
      try {
        await connection.insertJSONFromPath(name, { name: table, create: true, shape: "row-array", columnsFlat: schema });
        return rows;
      } catch {
        if (stopped()) throw new Error("stopped");
        await connection.query(`DROP TABLE IF EXISTS ${quote(table)}`);
      }
    }
    await connection.insertJSONFromPath(name, { name: table, create: true });
  } catch (error) {
    const last = firstLine + Math.max(0, countLines(bytes) - 1);
    throw new Error(
      findBadLine(bytes, firstLine) ??
        `DuckDB cannot read lines ${firstLine.toLocaleString("en")} to ${last.toLocaleString("en")} (${error instanceof Error ? error.message : String(error)})`,
    );
  } finally {
    // After a Cancel, DuckDB's worker is gone: nothing more is asked of it.
    if (!stopped()) await db.dropFile(name).catch(() => {});
  }
  return rows;
}

function countLines(bytes) {
  let count = 0;
  for (let at = bytes.indexOf(NEWLINE); at >= 0; at = bytes.indexOf(NEWLINE, at + 1)) count += 1;
  return count;
}

/** A column's type as DuckDB names it in `DESCRIBE`, for each column of `table`: Map name -> type. */
async function columnTypes(connection, table) {
  const described = await rowsOf(connection, `DESCRIBE ${quote(table)}`);
  return new Map(described.map((row) => [String(row.column_name), String(row.column_type)]));
}

const WHOLE = new Set(["TINYINT", "SMALLINT", "INTEGER", "BIGINT", "UTINYINT", "USMALLINT", "UINTEGER"]);
const NUMBER = new Set([...WHOLE, "UBIGINT", "HUGEINT", "FLOAT", "DOUBLE"]);

/** The type that holds the values of both types: BIGINT for whole numbers, DOUBLE for numbers, else VARCHAR. */
export function widerType(a, b) {
  if (a === b) return a;
  if (WHOLE.has(a) && WHOLE.has(b)) return "BIGINT";
  if (NUMBER.has(a) && NUMBER.has(b)) return "DOUBLE";
  return "VARCHAR";
}

/**
 * DuckDB's types as DuckDB-wasm's JSON reader names them (json_typedef's sqlType), for the types
 * a reader given them checks: a value that does not fit is refused, not converted. A BOOLEAN
 * column takes numbers as true or false (0 false) rather than refusing them.
 */
const READER_TYPES = { INTEGER: "int32", BIGINT: "int64", DOUBLE: "double", VARCHAR: "utf8", BOOLEAN: "bool" };

/** True for a type of no values (a column whose every value was null in a chunk). */
function untyped(type) {
  return type === "NULL" || type === '"NULL"';
}

/** Nested values (objects, arrays): never a parameter or metric, so never kept. */
function nested(type) {
  return type.includes("STRUCT") || type.includes("[]") || type.startsWith("MAP");
}

/**
 * The table rows are appended to, chunk by chunk: `columns` the names kept (null keeps every
 * column that is not nested). With names given, the table is made with all of them at the
 * first chunk (a column no line has yet is untyped: VARCHAR until a chunk gives it a type).
 */
class Rows {
  constructor(connection, table, columns, order = []) {
    this.connection = connection;
    this.table = table;
    this.columns = columns;
    /** Without `columns`: the keys in the order the first lines write them (DuckDB sorts them). */
    this.order = order;
    /** Each kept column's type in the table; untyped (every value null so far) ones are VARCHAR. */
    this.types = new Map();
    this.untyped = new Set();
    this.created = false;
  }

  /** Appends the rows of the staging table `chunk`, widening the table's types as needed. */
  async append(chunk) {
    const found = await columnTypes(this.connection, chunk);
    const kept = [...found].filter(([name, type]) => (this.columns ? this.columns.includes(name) : !nested(type)));
    const query = (sql) => this.connection.query(sql);
    if (!this.created) {
      const rank = (name) => (this.order.includes(name) ? this.order.indexOf(name) : this.order.length);
      const first = this.columns ? this.columns.map((name) => [name, found.get(name) ?? "NULL"]) : [...kept].sort(([a], [b]) => rank(a) - rank(b));
      if (first.length === 0) throw new Error("no line has a field that is not an object or an array: expected fields such as \"lr\": 0.001");
      for (const [name, type] of first) this.#setType(name, type);
      await query(`CREATE TABLE ${quote(this.table)} (${first.map(([name]) => `${quote(name)} ${this.types.get(name)}`).join(", ")})`);
      this.created = true;
    } else {
      for (const [name, type] of kept) {
        if (!this.types.has(name)) {
          this.#setType(name, type);
          await query(`ALTER TABLE ${quote(this.table)} ADD COLUMN ${quote(name)} ${this.types.get(name)}`);
        } else if (!untyped(type)) {
          const now = this.types.get(name);
          const wider = this.untyped.has(name) ? type : widerType(now, type);
          this.untyped.delete(name);
          if (wider !== now) {
            await query(`ALTER TABLE ${quote(this.table)} ALTER COLUMN ${quote(name)} SET DATA TYPE ${wider}`);
            this.types.set(name, wider);
          }
        }
      }
    }
    if (kept.length === 0) {
      // Rows of none of the kept columns: counted, every field missing.
      const [name] = this.types.keys();
      await query(`INSERT INTO ${quote(this.table)} (${quote(name)}) SELECT NULL FROM ${quote(chunk)}`);
      return;
    }
    const names = kept.map(([name]) => quote(name));
    // NaN (which DuckDB's JSON reader takes, as Python's json writes a missing number) is
    // missing, as in the page and every engine of the Python package.
    const values = kept.map(([name]) => {
      const type = this.types.get(name);
      const value = `CAST(${quote(name)} AS ${type})`;
      return type === "DOUBLE" || type === "FLOAT" ? `CASE WHEN isnan(${value}) THEN NULL ELSE ${value} END` : value;
    });
    await query(`INSERT INTO ${quote(this.table)} (${names.join(", ")}) SELECT ${values.join(", ")} FROM ${quote(chunk)}`);
  }

  /**
   * The kept columns with their types, for DuckDB's reader to read a chunk with (as
   * `columnsFlat`), or null when a chunk's own types must be inferred: before the first chunk,
   * when every column is kept (a new key would be missed), or while a column has no type yet.
   */
  schema() {
    if (!this.created || !this.columns || this.untyped.size > 0) return null;
    const flat = [...this.types].map(([name, type]) => ({ name, sqlType: READER_TYPES[type] }));
    return flat.every((field) => field.sqlType) ? flat : null;
  }

  #setType(name, type) {
    if (untyped(type)) {
      this.types.set(name, "VARCHAR");
      this.untyped.add(name);
    } else {
      this.types.set(name, type);
    }
  }
}

/**
 * Where the lines come from: a local File (read in place, sampled in windows) or an address
 * (fetched once, in order). Resolves to { total (bytes, 0 when unknown), places (where the
 * sample was taken), sample (whole lines, bytes), pieces (an async iterator of the file's bytes
 * from its start) }.
 */
async function openLines({ file, url, check }) {
  if (file) {
    return { total: file.size, places: SAMPLE_WINDOWS, sample: await sampleWindows(file, check), sampleIsAll: false, pieces: streamPieces(file.stream()) };
  }
  const response = await fetch(new URL(String(url), window.location.href));
  if (!response.ok || !response.body) throw new Error(`the server answered ${response.status} ${response.statusText}`.trim());
  const encoding = response.headers.get("content-encoding");
  const length = Number(response.headers.get("content-length") ?? NaN);
  const total = (!encoding || encoding === "identity") && Number.isSafeInteger(length) ? length : 0;
  const reader = response.body.getReader();
  // The first lines are the sample; they are read again, from memory, by the full pass.
  const head = [];
  let bytes = 0;
  let lines = 0;
  let ended = false;
  while (lines < SAMPLE_WINDOWS * SAMPLE_LINES_PER_WINDOW && bytes < JSON_LINES.chunkBytes) {
    const { done, value } = await reader.read();
    if (done) {
      ended = true;
      break;
    }
    check();
    head.push(value);
    bytes += value.length;
    lines += countLines(value);
  }
  const joined = concat(head, bytes);
  const sample = firstLines(joined, SAMPLE_WINDOWS * SAMPLE_LINES_PER_WINDOW);
  // The first lines say which columns to keep only when they are all of it (a log sorted by a
  // column may hold one value of it there, and the core leaves a constant column out).
  return { total, places: 1, sample, sampleIsAll: ended && sample.length === joined.length, pieces: withHead(joined, reader) };
}

async function* streamPieces(stream) {
  const reader = stream.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    reader.releaseLock();
  }
}

async function* withHead(head, reader) {
  if (head.length > 0) yield head;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    yield value;
  }
}

function concat(pieces, length) {
  if (pieces.length === 1) return pieces[0];
  const joined = new Uint8Array(length);
  let at = 0;
  for (const piece of pieces) {
    joined.set(piece, at);
    at += piece.length;
  }
  return joined;
}

/** The first `count` whole lines of `bytes` (all of it when it ends before). */
function firstLines(bytes, count) {
  let end = 0;
  for (let seen = 0; seen < count; seen += 1) {
    const next = bytes.indexOf(NEWLINE, end);
    if (next < 0) return bytes;
    end = next + 1;
  }
  return bytes.subarray(0, end);
}

/**
 * SAMPLE_WINDOWS windows of SAMPLE_LINES_PER_WINDOW whole lines each, spread evenly over a local
 * file (the first at its start, each after the previous one's end), read with File.slice: the
 * file is not read whole for its sample. Lines that JSON.parse cannot read as an object are left
 * out of the sample (the full pass names them).
 */
async function sampleWindows(file, check) {
  const kept = [];
  let from = 0;
  for (let window = 0; window < SAMPLE_WINDOWS && from < file.size; window += 1) {
    let start = Math.max(from, Math.floor((window * file.size) / SAMPLE_WINDOWS));
    let span = 64 * 1024;
    for (;;) {
      const bytes = new Uint8Array(await file.slice(start, start + span).arrayBuffer());
      check();
      // A window that starts inside a line starts at the next line.
      let first = 0;
      if (start > from) {
        const previous = new Uint8Array(await file.slice(start - 1, start).arrayBuffer());
        if (previous[0] !== NEWLINE) {
          const next = bytes.indexOf(NEWLINE);
          if (next < 0 && start + span < file.size) {
            span *= 4;
            continue;
          }
          first = next < 0 ? bytes.length : next + 1;
        }
      }
      const lines = firstLines(bytes.subarray(first), SAMPLE_LINES_PER_WINDOW);
      const complete = lines.length > 0 && (lines[lines.length - 1] === NEWLINE || start + first + lines.length >= file.size);
      const enough = countLines(lines) >= SAMPLE_LINES_PER_WINDOW || start + span >= file.size;
      if (!(complete && enough) && start + span < file.size) {
        span *= 4;
        continue;
      }
      kept.push(...objectLines(lines));
      from = start + first + lines.length;
      start = from;
      break;
    }
  }
  return new TextEncoder().encode(kept.join("\n") + "\n");
}

/** The keys of the sample's lines (bytes) in the order they first appear. */
function keyOrder(bytes) {
  const keys = new Set();
  for (const line of new TextDecoder().decode(bytes).split("\n")) {
    try {
      const value = parseLine(line);
      if (isObject(value)) for (const key of Object.keys(value)) keys.add(key);
    } catch {
      // Not an object: not in the sample's columns.
    }
  }
  return [...keys];
}

/** The lines of `bytes` that JSON.parse reads as objects (for the sample only). */
function objectLines(bytes) {
  return new TextDecoder()
    .decode(bytes)
    .split("\n")
    .filter((line) => {
      const trimmed = line.trim();
      if (!trimmed.startsWith("{")) return false;
      try {
        return isObject(parseLine(trimmed));
      } catch {
        return false;
      }
    });
}

/**
 * Reads a JSON lines source (`file` or `url`) into DuckDB as the table `table`: a sample first,
 * whose columns' roles the core gives (keptColumns: the columns a reduction reads), then every
 * line, chunk by chunk, keeping those columns. `importers` words the progress lines
 * (reductionText) and tells an lm-evaluation-harness samples log (importerFor), which is not
 * read here: such a log at an address rejects with an Error whose `readWhole` is true, for the
 * caller to read it as text. Resolves to the rows read; rejects with an Error naming the line.
 */
export async function readJsonLines(api, db, connection, { file, url, table, importers, progress, check }) {
  // The progress bar: from 0.1 (DuckDB fetched, reduce.js) to 0.6 while the lines are read.
  progress(0.1, file ? importers.reductionText("sampling lines", SAMPLE_WINDOWS, 0) : importers.reductionText("lines", 0, 0));
  const source = await openLines({ file, url, check });
  check();
  if (url && importers.importerFor(new TextDecoder().decode(source.sample)) === "lm-eval-samples") {
    throw Object.assign(new Error("an lm-evaluation-harness samples log is read whole, by the importers package"), { readWhole: true });
  }
  const stopped = () => {
    try {
      check();
      return false;
    } catch {
      return true;
    }
  };
  // Of a local file, the columns the roles of its sample need; at an address, every column
  // (but nested ones), unless its first lines are the whole file.
  const columns = file || source.sampleIsAll ? await sampledColumns(api, db, connection, source.sample, `${table}_sample`, stopped) : null;
  check();
  const rows = new Rows(connection, table, columns, keyOrder(source.sample));
  const chunkTable = `${table}_chunk`;
  let pending = [];
  let pendingBytes = 0;
  let read = 0;
  let line = 1;
  let count = 0;
  const flush = async (bytes) => {
    check();
    try {
      const inserted = await insertLines(db, connection, bytes, line, chunkTable, stopped, rows.schema());
      check();
      if (inserted > 0) await rows.append(chunkTable);
      count += inserted;
    } finally {
      if (!stopped()) await connection.query(`DROP TABLE IF EXISTS ${quote(chunkTable)}`).catch(() => {});
    }
    line += countLines(bytes);
  };
  progress(0.1, importers.reductionText("lines", 0, source.total));
  for await (const piece of source.pieces) {
    check();
    pending.push(piece);
    pendingBytes += piece.length;
    read += piece.length;
    if (pendingBytes < JSON_LINES.chunkBytes) continue;
    const joined = concat(pending, pendingBytes);
    const end = joined.lastIndexOf(NEWLINE);
    if (end < 0) {
      // A line longer than a chunk: it grows until its end.
      pending = [joined];
      continue;
    }
    const rest = joined.slice(end + 1);
    await flush(joined.subarray(0, end + 1));
    check();
    pending = rest.length > 0 ? [rest] : [];
    pendingBytes = rest.length;
    progress(0.1 + 0.5 * (source.total > 0 ? Math.min(1, read / source.total) : 0), importers.reductionText("lines", read, source.total));
  }
  if (pendingBytes > 0) await flush(concat(pending, pendingBytes));
  check();
  if (!rows.created) throw new Error("it has no rows: expected one JSON object per line, one per run or sample");
  progress(0.6, importers.reductionText("lines", read, source.total));
  return count;
}

/**
 * The columns a reduction of these sample lines reads, as the core says from them (written as
 * CSV by DuckDB): per-item scores' item, model, score and group (reduce.js itemScoreColumns),
 * else every column a run table does not leave out (inferRoles: role "ignore"). Null (keep
 * every column) when the sample says nothing: reduce.js then reports the roles' error itself.
 */
async function sampledColumns(api, db, connection, sample, table, stopped) {
  try {
    if ((await insertLines(db, connection, sample, 1, table, stopped).catch(() => 0)) === 0) return null;
    // DuckDB's JSON reader sorts the columns by name: they are put back in the order the lines
    // first write them (as the JSON table form reads runs), nested ones left out.
    const types = await columnTypes(connection, table);
    const ordered = keyOrder(sample).filter((name) => types.has(name) && !nested(types.get(name)));
    if (ordered.length === 0) return null;
    const csv = await csvOf(db, connection, `SELECT ${ordered.map(quote).join(", ")} FROM ${quote(table)}`, `${table}.csv`);
    const scores = await itemScoreColumns(api, csv);
    if (scores) return [scores.group, scores.model, scores.item, scores.score].filter((name) => name !== null);
    const kept = api.inferRoles(csv).columns.filter((column) => column.role !== "ignore").map((column) => column.column);
    return kept.length > 0 ? kept : null;
  } catch {
    return null;
  } finally {
    if (!stopped()) await connection.query(`DROP TABLE IF EXISTS ${quote(table)}`).catch(() => {});
  }
}
