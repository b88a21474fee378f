// What the end-to-end tests of DuckDB-wasm in the page share (tests/e2e/parquet.test.mjs,
// tests/e2e/jsonl.test.mjs): the synthetic sweep logs they open, a server of the page and of
// generated fixtures under one origin with the strict CSP, opening a local file, and what the
// page or an element shows of a run table (every cell's info and its colour at its centre).

import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { mkdtemp, writeFile } from "node:fs/promises";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { chromium } from "playwright-core";

import { createStaticServer, strictCsp } from "../../.ci/serve.mjs";
import { chromiumArgs, shownDataset } from "./browser.mjs";

const repository = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");

/**
 * A new scratch folder (`prefix` names it) holding the synthetic sweep log that
 * tests/fixtures/parquet/make_parquet.py writes with the .venv's DuckDB (as Parquet, CSV and
 * JSON lines: synthetic-sweep-log.*); resolves to the folder.
 */
export async function makeSweepLogs(prefix) {
  const python = path.join(repository, ".venv", "bin", "python");
  const directory = await mkdtemp(path.join(tmpdir(), prefix));
  try {
    await promisify(execFile)(python, [path.join(repository, "tests/fixtures/parquet/make_parquet.py"), directory]);
  } catch (error) {
    throw new Error(`could not make the sweep logs with ${python} (run bash .ci/setup first): ${error.message}`);
  }
  return directory;
}

/**
 * The page (www/) and, under /fixtures/, the generated files, from one origin (so that the strict
 * CSP's connect-src 'self' admits them); the responses for Parquet and JSON lines files are
 * recorded in `served`: { method, range, status, bytes }.
 */
export async function startFixtureSession(directory, served) {
  const headers = { "Content-Security-Policy": strictCsp };
  const site = createStaticServer(undefined, { headers }).listeners("request")[0];
  const fixtures = createStaticServer(directory, { prefix: "/fixtures/", headers }).listeners("request")[0];
  const server = createServer((request, response) => {
    if (request.url?.startsWith("/fixtures/")) {
      if (request.url.endsWith(".parquet") || request.url.endsWith(".jsonl")) {
        // The headers the static server writes (writeHead), for the body's length.
        let length = 0;
        const writeHead = response.writeHead.bind(response);
        response.writeHead = (status, headers) => {
          length = Number(headers?.["Content-Length"] ?? 0);
          return writeHead(status, headers);
        };
        response.on("finish", () =>
          served.push({ method: request.method, range: request.headers.range ?? null, status: response.statusCode, bytes: request.method === "HEAD" ? 0 : length }),
        );
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

/** Opens a local file with the file input and waits for the page to draw it (or say why not). */
export async function openLocal(page, file) {
  // The page's first figure first: counted after it, a render is the file's, not the first one's.
  await shownDataset(page);
  const before = await page.evaluate(() => ({ renders: window.sweepmap.renders, error: document.getElementById("error-banner").textContent }));
  await page.setInputFiles("#file-input", file);
  await page.waitForFunction(
    (before) => {
      const banner = document.getElementById("error-banner");
      return window.sweepmap.renders > before.renders || (!banner.hidden && banner.textContent !== before.error);
    },
    before,
    { timeout: 180_000, polling: 200 },
  );
  return shownDataset(page);
}

/**
 * What the page shows of a run table: its format, runs, columns and view, and every cell's info
 * (the figure's cellInfo of each panel, x and y), with the colour of the canvas at its centre.
 */
export function describeShown(page) {
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
export function assertClose(actual, expected, where = "") {
  if (typeof expected === "number" && typeof actual === "number") {
    assert.ok(Math.abs(actual - expected) <= 1e-12 * Math.max(1, Math.abs(expected)), `${where}: ${actual} vs ${expected}`);
  } else if (expected && typeof expected === "object") {
    assert.deepEqual(Object.keys(actual ?? {}).sort(), Object.keys(expected).sort(), where);
    for (const key of Object.keys(expected)) assertClose(actual[key], expected[key], `${where}.${key}`);
  } else {
    assert.equal(actual, expected, where);
  }
}

/**
 * The same cells: as many, and at each the same value, count of runs, standard deviation and
 * text (numbers to 12 significant digits, assertClose) and the same colour at its centre. Takes
 * the cells of describeShown (`.cells`) or of elementCells.
 */
export function assertSameCells(actual, expected) {
  assert.equal(actual.length, expected.length, "the number of cells");
  actual.forEach((cell, index) => {
    assertClose(cell.info, expected[index].info, `cell ${index}`);
    assert.deepEqual(cell.colour, expected[index].colour, `the colour of cell ${index}`);
  });
}

/** A page of <sweep-map> elements (`body`, HTML) under /fixtures/, opened with its requests recorded. */
export async function openElementPage(session, directory, body) {
  const name = `elements-${(elementPages += 1)}.html`;
  await writeFile(
    path.join(directory, name),
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>elements</title><link rel="icon" href="data:,"><script type="module" src="/lib/element.js"></script></head><body>${body}</body></html>`,
  );
  const context = await session.browser.newContext({ viewport: { width: 900, height: 900 } });
  const page = await context.newPage();
  const problems = [];
  page.on("pageerror", (error) => problems.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(message.text());
  });
  page.on("response", (response) => {
    if (response.status() >= 400) problems.push(`HTTP ${response.status()}: ${response.url()}`);
  });
  const requests = [];
  page.on("request", (request) => requests.push(new URL(request.url()).pathname));
  await page.addInitScript(() => {
    window.rendered = {};
    window.failed = {};
    document.addEventListener("sweepmap-render", (event) => (window.rendered[event.target.id] = event.detail));
    document.addEventListener("sweepmap-error", (event) => (window.failed[event.target.id] = event.detail.message));
  });
  await page.goto(`${session.url}fixtures/${name}`);
  return { page, context, problems, requests };
}
let elementPages = 0;

/** Waits for every element named to draw or fail; resolves to { id: render detail or { error } }. */
export async function elementsDone(page, ids) {
  await page.waitForFunction((ids) => ids.every((id) => window.rendered[id] || window.failed[id]), ids, { timeout: 180_000, polling: 200 });
  return page.evaluate((ids) => Object.fromEntries(ids.map((id) => [id, window.failed[id] ? { error: window.failed[id] } : window.rendered[id]])), ids);
}

/** Every cell of an element's figure: its info and the colour at its centre. */
export function elementCells(page, id) {
  return page.evaluate((id) => {
    const host = document.getElementById(id);
    const { figure } = host;
    const canvas = host.shadowRoot.querySelector("canvas");
    const scale = canvas.width / figure.size().width;
    const context = canvas.getContext("2d");
    const cells = [];
    figure.panels().forEach((_, panel) => {
      for (let y = 0; figure.cellInfo(panel, 0, y); y += 1) {
        for (let x = 0; ; x += 1) {
          const info = figure.cellInfo(panel, x, y);
          if (!info) break;
          const rect = figure.cellRect(panel, x, y);
          const colour = [...context.getImageData(Math.floor((rect.x + rect.width / 2) * scale), Math.floor((rect.y + rect.height / 2) * scale), 1, 1).data];
          cells.push({ info, colour });
        }
      }
    });
    return cells;
  }, id);
}
