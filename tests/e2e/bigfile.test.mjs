// End-to-end test of a big file: a synthetic CSV of a million rows (about 57 MB, written by
// synthetic-csv.mjs into a temporary directory) opened through the file input loads in slices:
// the page keeps answering (the longest gap between timer ticks stays short), the progress bar
// moves, Cancel stops a load and keeps what was shown, and the figure shows the right values.
// Data over the limits get a message naming the limit, at once.

import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

import { openPage, shownDataset, startSession } from "./browser.mjs";
import { assertResponsive, cancelBigLoad, stopGapWatch, watchGaps } from "./big-file.mjs";
import { benchmarkName, modelName, ROWS, SHAPE, syntheticCsv, writeSyntheticCsv } from "./synthetic-csv.mjs";

let session;
let directory;
let bigFile;
let bigBytes;
before(async () => {
  directory = await mkdtemp(path.join(tmpdir(), "sweepmap-big-"));
  bigFile = path.join(directory, "synthetic-million.csv");
  bigBytes = await writeSyntheticCsv(bigFile);
  session = await startSession();
});
after(async () => {
  await session?.close();
  if (directory) await rm(directory, { recursive: true, force: true });
});

/** The first cell's mean (first model, benchmark, window and ratio): the mean of its seeds. */
function firstCellMean() {
  const text = [...syntheticCsv({ limit: SHAPE.seeds })].join("");
  const scores = text.trim().split("\n").slice(1).map((line) => Number(line.split(",").at(-1)));
  assert.equal(scores.length, SHAPE.seeds);
  return scores.reduce((sum, score) => sum + score, 0) / scores.length;
}

describe("a big CSV file", { timeout: 180_000 }, () => {
  test("a million rows load in slices with progress, the page stays responsive, and the figure shows them", async () => {
    assert.ok(bigBytes > 50e6, `the file has ${bigBytes} bytes`);
    const { page, problems } = await openPage(session, "#dataset=kv-cache-sweep", { init: watchGaps });
    const before = await shownDataset(page);
    const started = Date.now();
    await page.setInputFiles("#file-input", bigFile);
    await page.waitForFunction((count) => window.sweepmap.renders > count, before.renders, { timeout: 90_000, polling: 100 });
    const seconds = (Date.now() - started) / 1000;
    const watch = await stopGapWatch(page);
    console.log(
      `big file: ${bigBytes} bytes, ${ROWS} rows loaded and drawn in ${seconds.toFixed(1)} s; ` +
        `longest main-thread gap ${watch.longest.toFixed(0)} ms over ${watch.ticks} ticks; ${watch.progress.length} progress updates`,
    );
    assertResponsive(watch);
    // The bar says what it is doing, through reading and building.
    assert.ok(watch.texts.some((text) => /^Reading \d+\.\d of 56\.6 MB$/.test(text)), watch.texts[0]);
    assert.ok(watch.texts.some((text) => /^Building the dataset: [\d,]+ of 1,000,000 rows$/.test(text)), watch.texts.at(-1));
    assert.equal(await page.locator("#load-progress").isHidden(), true, "the progress bar goes away");

    const shown = await shownDataset(page);
    assert.equal(shown.error, null);
    assert.equal(shown.title, "synthetic-million.csv");
    const facts = await page.evaluate(() => {
      const dataset = window.sweepmap.dataset;
      return {
        models: dataset.models(),
        benchmarks: dataset.benchmarks(),
        x: dataset.xAxis().labels,
        y: dataset.yAxis().labels,
        cell: window.sweepmap.figure.cellInfo(0, 0, 0),
      };
    });
    assert.deepEqual(facts.models, Array.from({ length: SHAPE.models }, (_, index) => modelName(index)));
    assert.deepEqual(facts.benchmarks, Array.from({ length: SHAPE.benchmarks }, (_, index) => benchmarkName(index)));
    assert.equal(facts.x.length, SHAPE.ratios);
    assert.equal(facts.y.length, SHAPE.windows);
    assert.deepEqual(shown.panels, facts.benchmarks.map((name) => `${modelName(0)} | ${name}`), "one panel per benchmark of the first model");
    assert.equal(facts.cell.count, SHAPE.seeds);
    assert.ok(Math.abs(facts.cell.value - firstCellMean()) < 1e-9, `cell (0, 0) is ${facts.cell.value}, expected ${firstCellMean()}`);
    assert.deepEqual(problems, []);
  });

  test("Cancel stops a load in slices and keeps the figure shown", async () => {
    const { page, problems } = await cancelBigLoad(session, bigFile);
    assert.deepEqual(problems, []);
  });

  test("choosing other data while a big file loads stops the load and shows the data chosen", async () => {
    const { page, problems } = await openPage(session, "#dataset=kv-cache-sweep");
    const before = await shownDataset(page);
    await page.setInputFiles("#file-input", bigFile);
    await page.waitForFunction(() => document.getElementById("load-progress-bar").value > 0.05, null, { timeout: 30_000, polling: 50 });
    await page.selectOption("#dataset-select", "partial-r1-qwen");
    await page.waitForFunction((count) => window.sweepmap.renders > count, before.renders);
    // The load would need seconds more: its progress gone this soon means it stopped.
    await page.waitForTimeout(300);
    assert.equal(await page.locator("#load-progress").isHidden(), true, "the load stopped");
    const shown = await shownDataset(page);
    assert.equal(shown.selected, "partial-r1-qwen");
    assert.equal(shown.error, null);
    assert.deepEqual(shown.notices, [], "a load stopped for other data is not news");
    // Nothing arrives later to replace the data chosen.
    await page.waitForTimeout(1000);
    assert.equal((await shownDataset(page)).selected, "partial-r1-qwen");
    assert.deepEqual(problems, []);
  });

  test("data over the limits are refused at once with the limit named", async () => {
    const { page, problems } = await openPage(session, "#dataset=kv-cache-sweep");
    const before = await shownDataset(page);
    const rows = ["model,window,ratio,score"];
    for (let model = 0; model <= 1000; model += 1) rows.push(`m${model},1,1,0.5`);
    await page.setInputFiles("#file-input", { name: "many.csv", mimeType: "text/csv", buffer: Buffer.from(rows.join("\n")) });
    await page.waitForSelector("#error-banner:not([hidden])");
    const shown = await shownDataset(page);
    assert.equal(shown.error, 'Could not open "many.csv": the data need 1,001 panels (1,001 models x 1 benchmark); the limit is 1,000');
    assert.equal(shown.title, before.title);
    assert.deepEqual(problems, []);
  });
});

describe("the slice loaders' limit errors", () => {
  // The page hands a big CSV file to DuckDB-wasm when its loader's error has `limit: true`
  // (www/sources.js loadBigFile), never by the message's words: the flag is the core's.
  const api = import("../../www/pkg/sweepmap.js").then(async (module) => {
    const { readFile } = await import("node:fs/promises");
    module.initSync({ module: await readFile(new URL("../../www/pkg/sweepmap_bg.wasm", import.meta.url)) });
    return module;
  });

  /** The error a SweepCsvLoader throws for `text` (read, built, or opened as a run table). */
  async function loaderError(text) {
    const { SweepCsvLoader } = await api;
    const loader = new SweepCsvLoader(undefined);
    try {
      loader.push(text);
      try {
        loader.finishInput();
      } catch (refused) {
        // Opened as a run table, as the page does (www/loading.js openRefused): its limit is
        // the file's news, any other error of it leaves the loader's own standing.
        try {
          while (typeof loader.openStep(1_000_000, undefined) === "number");
          return null;
        } catch (second) {
          return second.limit ? second : refused;
        }
      }
      while (!loader.buildStep(100_000));
      return null;
    } catch (error) {
      return error;
    } finally {
      loader.free();
    }
  }

  test("more panels than a tab holds: limit true, with the count", async () => {
    const rows = ["model,window,ratio,score"];
    for (let model = 0; model <= 1000; model += 1) rows.push(`m${model},1,1,0.5`);
    const error = await loaderError(rows.join("\n"));
    assert.equal(error?.message, "the data need 1,001 panels (1,001 models x 1 benchmark); the limit is 1,000");
    assert.equal(error.limit, true);
  });

  test("more runs than a run table holds: limit true, with the way out", async () => {
    const lines = ["lr,wd,bs,acc"];
    for (let run = 0; run < 1_000_001; run += 1) lines.push(run % 2 === 0 ? "1,2,3,0.5" : "2,1,4,0.25");
    const error = await loaderError(lines.join("\n"));
    assert.match(error?.message ?? "", /^the data need 1,000,001 runs in a run table; the limit is 1,000,000 \(what a browser tab holds\)/);
    assert.equal(error.limit, true);
  });

  test("a malformed row is not a limit", async () => {
    const error = await loaderError("model,window,ratio,score\nm0,1,1,0.5\nm1,1,1,0.5,9\n");
    assert.ok(error instanceof Error);
    assert.match(error.message, /line 3/);
    assert.equal(error.limit, undefined);
  });
});
