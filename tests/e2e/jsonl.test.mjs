// End-to-end tests of JSON lines in the page (README "JSON lines in the page"): the Parquet tests'
// synthetic sweep log (tests/fixtures/parquet/make_parquet.py, run here into a temporary
// directory) written as JSON lines is framed and read into DuckDB-wasm in chunks (small ones
// here, JSON_LINES.chunkBytes), reduced by the same SQL and drawn with the same cells, counts,
// standard deviations and colours as the same rows opened as CSV; a log with more rows than a
// tab holds opens; a line that is not a JSON object is named; a column whole in one chunk and
// fractional in another, and keys some lines lack, are read as DuckDB would read them whole;
// Cancel and errors keep what was shown. Every response carries the strict CSP.

import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { copyFile, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";

import { openPage, shownDataset } from "./browser.mjs";
import { cancelBigLoad } from "./big-file.mjs";
import { writePieces } from "./synthetic-csv.mjs";
import { assertSameCells, describeShown, elementCells, elementsDone, makeSweepLogs, openElementPage, openLocal, startFixtureSession } from "./duckdb-page.mjs";

const repository = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");

let session;
let directory;
let jsonlFile;
let csvFile;
const served = [];

before(async () => {
  directory = await makeSweepLogs("sweepmap-jsonl-");
  jsonlFile = path.join(directory, "synthetic-sweep-log.jsonl");
  csvFile = path.join(directory, "synthetic-sweep-log.csv");
  session = await startFixtureSession(directory, served);
});
after(async () => {
  await session?.close();
  if (directory) await rm(directory, { recursive: true, force: true });
});

/** The explorer with small chunks (`bytes`), so that a small file is read in many. */
async function openWithChunks(bytes, fragment = "#dataset=kv-cache-sweep") {
  const opened = await openPage(session, fragment);
  await opened.page.evaluate(async (bytes) => {
    (await import("./lib/jsonlines.js")).JSON_LINES.chunkBytes = bytes;
  }, bytes);
  return opened;
}

describe("JSON lines in the page", { timeout: 600_000 }, () => {
  test("the sweep log as JSON lines, in chunks of 256 kB, is drawn as its rows opened as CSV are", async () => {
    const { page, context, problems } = await openWithChunks(256 * 1024);
    const requests = [];
    page.on("request", (request) => requests.push(new URL(request.url()).pathname));
    await shownDataset(page);
    const size = (await stat(jsonlFile)).size;
    assert.ok(size > 16 * 256 * 1024, `${size} bytes: more than 16 chunks`);
    const shown = await openLocal(page, jsonlFile);
    assert.equal(shown.error, null);
    assert.equal(shown.title, "synthetic-sweep-log.jsonl");
    assert.ok(shown.notices.includes("Reduced in DuckDB-wasm, in this tab, from 24,000 rows to 24 configurations."), shown.notices.join("\n"));
    assert.deepEqual(requests.filter((url) => url.startsWith("/duckdb/")).sort(), [
      "/duckdb/duckdb-browser-eh.worker.js",
      "/duckdb/duckdb-browser.js",
      "/duckdb/duckdb-eh.wasm",
      "/duckdb/reduction.sql",
    ]);
    const reduced = await describeShown(page);
    const roles = await page.evaluate(() => window.sweepmap.reduced.roles);
    assert.deepEqual(roles, { keys: ["model", "lr", "wd"], metrics: ["acc", "loss"] });
    assert.equal(reduced.format, "configuration");
    assert.equal(reduced.runs, 24);

    const whole = await openLocal(page, csvFile);
    assert.equal(whole.error, null);
    const raw = await describeShown(page);
    assert.equal(raw.runs, 24000);
    assert.deepEqual(reduced.view, raw.view);
    assert.ok(reduced.cells.length >= 12, `${reduced.cells.length} cells`);
    assertSameCells(reduced.cells, raw.cells);
    assert.ok(reduced.cells.every((cell) => cell.info.count > 950 && cell.info.count <= 1000), reduced.cells.map((cell) => cell.info.count).join(" "));
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("a JSON lines log of more rows than a tab holds opens, reduced to its configurations", async () => {
    // 1,000,001 rows over three parameters (made up), as the big CSV test's: more than MAX_RUNS.
    const file = path.join(directory, "synthetic-too-many-runs.jsonl");
    function* rows() {
      for (let start = 0; start < 1_000_001; start += 100_000) {
        const lines = [];
        for (let k = start; k < Math.min(start + 100_000, 1_000_001); k += 1) {
          lines.push(k % 2 === 0 ? '{"lr":1,"wd":2,"bs":3,"acc":0.5}' : '{"lr":2,"wd":1,"bs":4,"acc":0.25}');
        }
        yield `${lines.join("\n")}\n`;
      }
    }
    await writePieces(file, rows());
    const { page, context, problems } = await openPage(session, "#dataset=kv-cache-sweep");
    await shownDataset(page);
    const shown = await openLocal(page, file);
    assert.equal(shown.error, null);
    assert.equal(shown.title, "synthetic-too-many-runs.jsonl");
    assert.ok(shown.notices.includes("Reduced in DuckDB-wasm, in this tab, from 1,000,001 rows to 2 configurations."), shown.notices.join("\n"));
    const reduced = await page.evaluate(() => ({ reduced: window.sweepmap.reduced, format: window.sweepmap.table.format(), runs: window.sweepmap.table.runs() }));
    assert.equal(reduced.format, "configuration");
    assert.equal(reduced.runs, 2);
    assert.deepEqual(reduced.reduced.roles.metrics, ["acc"]);
    assert.equal(reduced.reduced.text.trim(), "lr,wd,bs,n,acc.n,acc.mean,acc.var\n1,2,3,500001,500001,0.5,0.0\n2,1,4,500000,500000,0.25,0.0");
    assert.equal(await page.locator("#load-progress").isHidden(), true);
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("a column whole in one chunk and fractional in the next, and keys some lines lack, read as one table", async () => {
    // Made up: lr is 1 or 2 in the first lines and 0.5 later; `loss` only on even seeds; `tag`
    // (text) only in the last lines; an accuracy NaN on every 50th line; a blank line and a
    // Windows line end on the way; `notes`, 11 kB of text different on every line, makes the
    // file larger than what the page reads whole (4 MB), and is never kept (no role).
    const lines = [];
    for (let seed = 0; seed < 400; seed += 1) {
      const lr = seed < 200 ? 1 + (seed % 2) : 0.5;
      const row = { lr, bs: 16 * (1 + (seed % 3)), seed: Math.floor(seed / 6), acc: (seed % 10) / 10, notes: `${seed} ${"synthetic ".repeat(1100)}` };
      if (seed % 2 === 0) row.loss = 2 - (seed % 10) / 10;
      if (seed >= 390) row.tag = "late";
      // A missing accuracy as Python's json writes it: NaN, read as missing.
      lines.push(seed % 50 === 7 ? JSON.stringify(row).replace(/"acc":[^,}]+/, '"acc":NaN') : JSON.stringify(row));
    }
    lines.splice(100, 0, "");
    lines[50] += "\r";
    const file = path.join(directory, "synthetic-mixed.jsonl");
    // With a byte-order mark first, as some editors write.
    await writeFile(file, `\ufeff${lines.join("\n")}\n`);
    assert.ok((await stat(file)).size > 4 * 1024 * 1024);
    const { page, context, problems } = await openWithChunks(64 * 1024);
    await shownDataset(page);
    const shown = await openLocal(page, file);
    assert.equal(shown.error, null);
    assert.ok(shown.notices.includes("Reduced in DuckDB-wasm, in this tab, from 400 rows to 9 configurations."), shown.notices.join("\n"));
    const reduced = await page.evaluate(() => window.sweepmap.reduced);
    assert.deepEqual(reduced.roles, { keys: ["lr", "bs"], metrics: ["acc", "loss"] });
    // Worked out here from the same rows: per (lr, bs), the count and mean of acc and loss.
    const groups = new Map();
    for (let seed = 0; seed < 400; seed += 1) {
      const lr = seed < 200 ? 1 + (seed % 2) : 0.5;
      const key = `${lr},${16 * (1 + (seed % 3))}`;
      const group = groups.get(key) ?? { n: 0, acc: [], loss: [] };
      group.n += 1;
      if (seed % 50 !== 7) group.acc.push((seed % 10) / 10);
      if (seed % 2 === 0) group.loss.push(2 - (seed % 10) / 10);
      groups.set(key, group);
    }
    const mean = (values) => values.reduce((sum, value) => sum + value, 0) / values.length;
    const [header, ...rows] = reduced.text.trim().split("\n");
    assert.equal(header, "lr,bs,n,acc.n,acc.mean,acc.var,loss.n,loss.mean,loss.var");
    assert.equal(rows.length, groups.size);
    for (const row of rows) {
      const [lr, bs, n, accN, accMean, , lossN, lossMean] = row.split(",");
      const group = groups.get(`${Number(lr)},${Number(bs)}`);
      assert.ok(group, row);
      assert.equal(Number(n), group.n, row);
      assert.equal(Number(accN), group.acc.length, row);
      assert.ok(Math.abs(Number(accMean) - mean(group.acc)) < 1e-12, row);
      assert.equal(Number(lossN), group.loss.length, row);
      if (group.loss.length > 0) assert.ok(Math.abs(Number(lossMean) - mean(group.loss)) < 1e-12, row);
    }
    // The lr axis holds 0.5, 1 and 2: one column of numbers, the whole ones widened.
    assert.deepEqual([...new Set(rows.map((row) => Number(row.split(",")[0])))].sort(), [0.5, 1, 2]);
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("a line that is not a JSON object is named, and what was shown stays", async () => {
    // Larger than what the page reads whole (4 MB): each line has 15 kB of text (no role).
    const good = (seed) => JSON.stringify({ lr: 0.1 * (1 + (seed % 3)), bs: 16 * (1 + (seed % 2)), seed, acc: (seed % 7) / 7, notes: `${seed} ${"synthetic ".repeat(1500)}` });
    const make = (bad, at) => Array.from({ length: 300 }, (_, index) => (index === at - 1 ? bad : good(index))).join("\n") + "\n";
    const { page, context, problems } = await openWithChunks(64 * 1024);
    const before = await shownDataset(page);
    const cases = [
      ["synthetic-array-line.jsonl", make("[1, 2]", 217), 'Could not open "synthetic-array-line.jsonl": line 217 is not a JSON object ("[1, 2]"): a JSON lines file holds one object per line, {"name": value, ...}'],
      ["synthetic-comma-line.jsonl", make('{"lr": 0.1, "bs": 16 "seed": 1, "acc": 0.5}', 123), /^Could not open "synthetic-comma-line\.jsonl": line 123 is not JSON \(.+\)$/],
      ["synthetic-cut-line.jsonl", make('{"lr": 0.1, "bs": 16', 300), 'Could not open "synthetic-cut-line.jsonl": line 300 is not a JSON object ("{\\"lr\\": 0.1, \\"bs\\": 16"): a JSON lines file holds one object per line, {"name": value, ...}'],
    ];
    for (const [name, text, expected] of cases) {
      const file = path.join(directory, name);
      await writeFile(file, text);
      const shown = await openLocal(page, file);
      if (typeof expected === "string") assert.equal(shown.error, expected);
      else assert.match(shown.error, expected);
      assert.equal(shown.title, before.title, "what was shown stays");
    }
    // DuckDB still reads the next file.
    const file = path.join(directory, "synthetic-good.jsonl");
    await writeFile(file, make(good(0), 1));
    const shown = await openLocal(page, file);
    assert.equal(shown.error, null);
    assert.ok(shown.notices.includes("Reduced in DuckDB-wasm, in this tab, from 300 rows to 6 configurations."), shown.notices.join("\n"));
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("a small JSON lines file opens whole as runs (the JSON table form), without DuckDB; its bad line is named too", async () => {
    const lines = Array.from({ length: 120 }, (_, seed) => JSON.stringify({ lr: 0.001 * (1 + (seed % 4)), bs: 16 * (1 + (Math.floor(seed / 4) % 3)), seed: Math.floor(seed / 12), acc: ((seed * 37) % 100) / 100 }));
    const file = path.join(directory, "synthetic-small.jsonl");
    await writeFile(file, `${lines.join("\n")}\n`);
    const json = path.join(directory, "synthetic-small.json");
    await writeFile(json, `[${lines.join(",\n")}]`);
    const { page, context, problems } = await openPage(session, "#dataset=kv-cache-sweep");
    const requests = [];
    page.on("request", (request) => requests.push(new URL(request.url()).pathname));
    await shownDataset(page);
    let shown = await openLocal(page, file);
    assert.equal(shown.error, null);
    assert.equal(shown.title, "synthetic-small.jsonl");
    const fromLines = await describeShown(page);
    assert.equal(fromLines.runs, 120, "every run, not reduced");
    assert.equal(await page.evaluate(() => window.sweepmap.reduced), null);
    assert.deepEqual(requests.filter((url) => url.includes("/duckdb/") || url.endsWith("/reduce.js") || url.endsWith("/jsonlines.js")), []);
    // The same runs as a JSON array: the same table and cells.
    shown = await openLocal(page, json);
    assert.equal(shown.error, null);
    const fromArray = await describeShown(page);
    assert.deepEqual(fromLines.columns, fromArray.columns);
    assert.deepEqual(fromLines.cells, fromArray.cells);
    const bad = path.join(directory, "synthetic-small-bad.jsonl");
    await writeFile(bad, `${lines.slice(0, 40).join("\n")}\n"just text"\n${lines.slice(40).join("\n")}\n`);
    shown = await openLocal(page, bad);
    assert.equal(shown.error, 'Could not open "synthetic-small-bad.jsonl": line 41 is not a JSON object ("\\"just text\\""): a JSON lines file holds one object per line, {"name": value, ...}');
    assert.equal(shown.title, "synthetic-small.json", "what was shown stays");
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("Cancel while the lines are read keeps what was shown, and the next file opens", async () => {
    const { page, problems } = await cancelBigLoad(session, jsonlFile, { when: "Reading its lines into DuckDB: 0.0 of 4.5 MB" });
    const shown = await openLocal(page, jsonlFile);
    assert.equal(shown.error, null);
    assert.equal(shown.title, "synthetic-sweep-log.jsonl");
    assert.deepEqual(problems, []);
    await page.context().close();
  });

  test("a log at an address sorted by model keeps every column: its first lines, all of one model, decide nothing", async () => {
    // 3,000 lines (made up), the first 1,500 of one model: the core would leave "model" out as
    // constant if the first lines chose the columns.
    const lines = Array.from({ length: 3000 }, (_, index) =>
      JSON.stringify({ model: `synthetic-${index < 1500 ? "a" : "b"}`, lr: 0.001 * (1 + (index % 4)), bs: 16 * (1 + (Math.floor(index / 4) % 3)), seed: Math.floor(index / 12) % 10, acc: ((index * 7919) % 1000) / 1000 }),
    );
    await writeFile(path.join(directory, "synthetic-sorted.jsonl"), `${lines.join("\n")}\n`);
    const { page, context, problems } = await openPage(session, `#src=${encodeURIComponent("fixtures/synthetic-sorted.jsonl")}`);
    const shown = await shownDataset(page);
    assert.equal(shown.error, null);
    assert.ok(shown.notices.includes("Reduced in DuckDB-wasm, in this tab, from 3,000 rows to 24 configurations."), shown.notices.join("\n"));
    const reduced = await page.evaluate(() => window.sweepmap.reduced);
    assert.deepEqual(reduced.roles, { keys: ["model", "lr", "bs"], metrics: ["acc"] });
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("an lm-evaluation-harness samples log at a .jsonl address is read whole by the importers, as before", async () => {
    const name = "samples_arc_easy_2024-05-01T10-00-00.000000.jsonl";
    await copyFile(path.join(repository, "tests/fixtures/lm-eval/synthetic__model-a", name), path.join(directory, name));
    const { page, context, problems } = await openPage(session, `#src=${encodeURIComponent(`fixtures/${name}`)}`);
    const shown = await shownDataset(page);
    // The importers' own answer to one model's log (tests/e2e/importers.test.mjs): not DuckDB's.
    assert.match(shown.error, /expected the samples logs of two or more models, to compare them item by item, found one model/);
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("<sweep-map src=....jsonl> streams the address and draws the cells of the same rows as CSV", async () => {
    served.length = 0;
    const { page, context, problems } = await openElementPage(
      session,
      directory,
      '<sweep-map id="jsonl" src="synthetic-sweep-log.jsonl"></sweep-map><sweep-map id="csv" src="synthetic-sweep-log.csv"></sweep-map>',
    );
    const done = await elementsDone(page, ["jsonl", "csv"]);
    assert.equal(done.jsonl.error, undefined, done.jsonl.error);
    assert.equal(done.csv.error, undefined, done.csv.error);
    assert.deepEqual(done.jsonl.reduced, {
      rows: 24000,
      configurations: 24,
      note: "Reduced in DuckDB-wasm, in this tab, from 24,000 rows to 24 configurations.",
    });
    // Fetched once, whole, in order.
    assert.deepEqual(served.map((response) => [response.method, response.status, response.range]), [["GET", 200, null]]);
    const reduced = await elementCells(page, "jsonl");
    const raw = await elementCells(page, "csv");
    assertSameCells(reduced, raw);
    assert.deepEqual(problems, []);
    await context.close();
  });
});
