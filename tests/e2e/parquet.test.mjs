// End-to-end tests of Parquet in the page (README "Parquet in the page"): a synthetic sweep log of
// 6,000 rows (tests/fixtures/parquet/make_parquet.py, run here into a temporary directory with the
// .venv's DuckDB), opened as Parquet, is reduced in DuckDB-wasm to its configuration table and
// drawn with the same cells, counts and standard errors as the same rows opened as CSV; at an
// address it is read with HTTP range requests, fewer bytes than the file; the SQL the page runs is
// the text the Python package's `reduce` runs (python/src/sweepmap/reduction.sql, filled by each);
// Cancel and a file DuckDB cannot use keep what was shown. Every response carries the strict CSP
// (.ci/serve.mjs strictCsp): DuckDB's worker and wasm run under it.

import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { chromium } from "playwright-core";

import { createStaticServer, strictCsp } from "../../.ci/serve.mjs";
import { chromiumArgs, openPage, shownDataset } from "./browser.mjs";

const repository = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const python = path.join(repository, ".venv", "bin", "python");

let session;
let directory;
let parquetFile;
let csvFile;
/** Bytes of the Parquet fixture served, per response: { range, bytes }. */
const served = [];

/**
 * The page (www/) and, under /fixtures/, the generated files, from one origin (so that the strict
 * CSP's connect-src 'self' admits them); the responses for the Parquet file are recorded.
 */
async function startFixtureSession() {
  const headers = { "Content-Security-Policy": strictCsp };
  const site = createStaticServer(undefined, { headers }).listeners("request")[0];
  const fixtures = createStaticServer(directory, { prefix: "/fixtures/", headers }).listeners("request")[0];
  const server = createServer((request, response) => {
    if (request.url?.startsWith("/fixtures/")) {
      if (request.url.endsWith(".parquet")) {
        response.on("finish", () => served.push({ method: request.method, range: request.headers.range ?? null, status: response.statusCode, bytes: request.method === "HEAD" ? 0 : Number(response.getHeader("content-length") ?? 0) }));
      }
      fixtures(request, response);
    } else {
      site(request, response);
    }
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium", args: chromiumArgs, headless: true });
  return {
    url: `http://127.0.0.1:${server.address().port}/`,
    browser,
    async close() {
      await browser.close();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

before(async () => {
  directory = await mkdtemp(path.join(tmpdir(), "sweepmap-parquet-"));
  try {
    await promisify(execFile)(python, [path.join(repository, "tests/fixtures/parquet/make_parquet.py"), directory]);
  } catch (error) {
    throw new Error(`could not make the Parquet fixture with ${python} (run bash .ci/setup first): ${error.message}`);
  }
  parquetFile = path.join(directory, "synthetic-sweep-log.parquet");
  csvFile = path.join(directory, "synthetic-sweep-log.csv");
  session = await startFixtureSession();
});
after(async () => {
  await session?.close();
  if (directory) await rm(directory, { recursive: true, force: true });
});

/** Opens a local file with the file input and waits for the page to draw it (or say why not). */
async function openLocal(page, file) {
  const before = await page.evaluate(() => window.sweepmap.renders);
  await page.setInputFiles("#file-input", file);
  await page.waitForFunction(
    (count) => window.sweepmap.renders > count || !document.getElementById("error-banner").hidden,
    before,
    { timeout: 180_000, polling: 200 },
  );
  return shownDataset(page);
}

/**
 * What the page shows of a run table: its format, runs, columns and view, and every cell's info
 * (the figure's cellInfo of each panel, x and y), with the colour of the canvas at its centre.
 */
function describeShown(page) {
  return page.evaluate(() => {
    const { figure, table, projection } = window.sweepmap;
    const canvas = document.getElementById("figure-canvas");
    const context = canvas.getContext("2d");
    const scale = canvas.width / canvas.getBoundingClientRect().width;
    const cells = [];
    figure.panels().forEach((_, panel) => {
      for (let y = 0; ; y += 1) {
        if (!figure.cellInfo(panel, 0, y)) break;
        for (let x = 0; ; x += 1) {
          const info = figure.cellInfo(panel, x, y);
          if (!info) break;
          const rect = figure.cellRect(panel, x, y);
          const colour = [...context.getImageData(Math.floor((rect.x + rect.width / 2) * scale), Math.floor((rect.y + rect.height / 2) * scale), 1, 1).data];
          cells.push({ info, colour });
        }
      }
    });
    return { format: table.format(), runs: table.runs(), view: projection.view(), columns: table.columns(), cells };
  });
}

/** Numbers equal to 12 significant digits; everything else exactly. */
function assertClose(actual, expected, where = "") {
  if (typeof expected === "number" && typeof actual === "number") {
    assert.ok(Math.abs(actual - expected) <= 1e-12 * Math.max(1, Math.abs(expected)), `${where}: ${actual} vs ${expected}`);
  } else if (expected && typeof expected === "object") {
    assert.deepEqual(Object.keys(actual ?? {}).sort(), Object.keys(expected).sort(), where);
    for (const key of Object.keys(expected)) assertClose(actual[key], expected[key], `${where}.${key}`);
  } else {
    assert.equal(actual, expected, where);
  }
}

describe("Parquet in the page", { timeout: 300_000 }, () => {
  test("a local Parquet file is reduced in DuckDB-wasm and drawn as its rows opened as CSV are", async () => {
    const { page, context, problems } = await openPage(session, "#dataset=kv-cache-sweep");
    const requests = [];
    page.on("request", (request) => requests.push(new URL(request.url()).pathname));
    await shownDataset(page);
    const shown = await openLocal(page, parquetFile);
    assert.equal(shown.error, null);
    assert.equal(shown.title, "synthetic-sweep-log.parquet");
    assert.ok(shown.notices.includes("Reduced in DuckDB-wasm, in this tab, from 6,000 rows to 24 configurations."), shown.notices.join("\n"));
    assert.deepEqual(requests.filter((url) => url.startsWith("/duckdb/")).sort(), [
      "/duckdb/duckdb-browser-eh.worker.js",
      "/duckdb/duckdb-browser.js",
      "/duckdb/duckdb-eh.wasm",
      "/duckdb/reduction.sql",
    ]);
    const reduced = await describeShown(page);
    assert.equal(reduced.format, "configuration");
    assert.equal(reduced.runs, 24);

    const whole = await openLocal(page, csvFile);
    assert.equal(whole.error, null);
    assert.equal(whole.title, "synthetic-sweep-log.csv");
    const raw = await describeShown(page);
    assert.equal(raw.runs, 6000);
    assert.deepEqual(reduced.view, raw.view);
    assert.equal(reduced.cells.length, raw.cells.length);
    assert.ok(reduced.cells.length >= 12, `${reduced.cells.length} cells`);
    reduced.cells.forEach((cell, index) => {
      // The same value, count of runs, standard deviation and text at every cell, and its colour.
      assertClose(cell.info, raw.cells[index].info, `cell ${index}`);
      assert.deepEqual(cell.colour, raw.cells[index].colour, `the colour of cell ${index}`);
    });
    // Each cell's count is its configuration's seeds with an accuracy (a missing one not counted).
    assert.ok(reduced.cells.every((cell) => cell.info.count > 200 && cell.info.count <= 250), reduced.cells.map((cell) => cell.info.count).join(" "));
    assert.deepEqual(problems, []);
    await context.close();
  });
});
