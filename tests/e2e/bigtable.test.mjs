// End-to-end test of a big run table: a synthetic W&B runs export of 40,960 runs (about 6.5 MB,
// written by synthetic-wandb.mjs into a temporary directory), past the 4 MB from which a local
// file loads in slices. The tidy loader in slices refuses it for its columns, so the rows it
// read open as a run table, some columns per turn (openStep), and its view is chosen in a turn
// of its own: the page keeps answering, the progress says so, and what is shown is what
// openSweep gives for the whole text (the same columns, notices, view and cells), its peak the
// best configuration worked out here from the file. Cancel while it reads or while it opens
// keeps what was shown; a role changed in the column panel reads the file again with it.

import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterRender, openPage, shownDataset, startSession } from "./browser.mjs";
import { cancelBigLoad, LONGEST_GAP, stopGapWatch, watchGaps } from "./big-file.mjs";
import { CRASHED, RUNS, writeSyntheticWandb } from "./synthetic-wandb.mjs";
import { writePieces } from "./synthetic-csv.mjs";

let session;
let directory;
let bigFile;
let bigBytes;
before(async () => {
  directory = await mkdtemp(path.join(tmpdir(), "sweepmap-bigtable-"));
  bigFile = path.join(directory, "synthetic-wandb-big.csv");
  bigBytes = await writeSyntheticWandb(bigFile);
  session = await startSession();
});
after(async () => {
  await session?.close();
  if (directory) await rm(directory, { recursive: true, force: true });
});

/**
 * The best configuration of the file's finished runs, worked out here: the (lr, weight_decay,
 * batch_size, warmup_steps) with the highest mean val/acc over its seeds, and that mean.
 */
async function bestConfiguration(file) {
  const [header, ...rows] = (await readFile(file, "utf8")).trim().split("\n");
  const names = header.split(",");
  const at = (name) => names.indexOf(name);
  const sums = new Map();
  for (const row of rows) {
    const fields = row.split(",");
    if (fields[at("State")] !== "finished") continue;
    const key = ["lr", "weight_decay", "batch_size", "warmup_steps"].map((name) => fields[at(name)]).join(",");
    const [sum, count] = sums.get(key) ?? [0, 0];
    sums.set(key, [sum + Number(fields[at("val/acc")]), count + 1]);
  }
  let best;
  for (const [key, [sum, count]] of sums) {
    if (!best || sum / count > best.mean) best = { key, mean: sum / count };
  }
  const [lr, weightDecay, batchSize, warmup] = best.key.split(",");
  return { lr, weightDecay, batchSize, warmup, mean: best.mean };
}

/**
 * The run table shown (its format, runs, columns and view, the dataset's description and its
 * cells as CSV) and the same of openSweep on the file's whole `text`, opened in the page.
 */
function shownAndWhole(page, text) {
  return page.evaluate(async (text) => {
    const { load, withExports } = await import("./lib/sweepmap.js");
    const describe = async (table, projection) => {
      const dataset = projection.dataset();
      try {
        return {
          format: table.format(),
          runs: table.runs(),
          runsInFile: table.runsInFile(),
          columns: table.columns(),
          notices: table.notices(),
          view: projection.view(),
          shows: dataset.shows(),
          csv: await withExports(dataset, (exporting) => exporting.toCsv()),
        };
      } finally {
        dataset.free();
      }
    };
    const shown = await describe(window.sweepmap.table, window.sweepmap.projection);
    const api = await load();
    const table = api.openSweep(text);
    const projection = table.project();
    try {
      return { shown, whole: await describe(table, projection) };
    } finally {
      projection.free();
      table.free();
    }
  }, text);
}

describe("a big run table", { timeout: 240_000 }, () => {
  test("a W&B export past 4 MB opens as a run table in slices, as its whole text would", async () => {
    assert.ok(bigBytes > 4 * 1024 * 1024, `the file has ${bigBytes} bytes`);
    const { page, context, problems } = await openPage(session, "#dataset=kv-cache-sweep", { init: watchGaps });
    const before = await shownDataset(page);
    const started = Date.now();
    await page.setInputFiles("#file-input", bigFile);
    await page.waitForFunction((count) => window.sweepmap.renders > count, before.renders, { timeout: 120_000, polling: 100 });
    const seconds = (Date.now() - started) / 1000;
    const watch = await stopGapWatch(page);
    console.log(
      `big run table: ${bigBytes} bytes, ${RUNS} runs loaded and drawn in ${seconds.toFixed(1)} s (machine shared with other jobs); ` +
        `longest main-thread gap ${watch.longest.toFixed(0)} ms over ${watch.ticks} ticks`,
    );
    // The page kept answering (assertResponsive's checks, with fewer ticks and updates: this
    // file loads in about a second, the bar shows after 0.3 s, and a busy machine's ticks wait
    // for the steps).
    assert.ok(watch.longest < LONGEST_GAP, `the longest gap was ${watch.longest.toFixed(0)} ms`);
    // How many ticks and updates there are depends on the machine's speed (a quiet one opens
    // this file in half a second): that there are some, and that the opening went in steps
    // (below), is what the page promises.
    assert.ok(watch.ticks > 0, `the timer ticked ${watch.ticks} times`);
    assert.ok(watch.progress.length > 2, `${watch.progress.length} progress updates`);
    assert.deepEqual(watch.progress, [...watch.progress].sort((a, b) => a - b), "the bar only moves forward");
    // Read once, then opened as a run table from the rows read, and the bar says so.
    const megabytes = (bigBytes / 1e6).toFixed(1);
    // The bar shows after 0.3 s: on a quick machine the reading may be over by then, so its
    // lines are checked when there are any (the last one has read the whole file).
    const reading = watch.texts.filter((text) => text.startsWith("Reading "));
    if (reading.length > 0) assert.equal(reading.at(-1), `Reading ${megabytes} of ${megabytes} MB`, watch.texts.join("\n"));
    const opening = watch.texts.filter((text) => text === "Opening the run table").length;
    assert.ok(opening > 2, `the opening went in ${opening} steps`);
    assert.deepEqual(watch.texts.slice(-2), ["Choosing the view", "Drawing the figure"]);
    assert.equal(await page.locator("#load-progress").isHidden(), true, "the progress bar goes away");

    const shown = await shownDataset(page);
    assert.equal(shown.error, null);
    assert.equal(shown.title, "synthetic-wandb-big.csv");
    assert.ok(
      shown.notices.includes(`${CRASHED} of ${RUNS.toLocaleString("en")} runs were not finished and were left out (${CRASHED} crashed)`),
      shown.notices.join("\n"),
    );
    const { shown: table, whole } = await shownAndWhole(page, await readFile(bigFile, "utf8"));
    assert.equal(table.format, "wandb");
    assert.equal(table.runsInFile, RUNS);
    assert.equal(table.runs, RUNS - CRASHED);
    assert.deepEqual(table.view, { ...whole.view });
    assert.equal(table.view.metric, "val/acc");
    assert.equal(table.view.x === "lr" || table.view.y === "lr", true, "lr moves the accuracy most");
    assert.deepEqual(table, whole);
    // The figure's peak is the best configuration: the others fixed at its values, its cell the
    // highest, at its mean over the seeds.
    const best = await bestConfiguration(bigFile);
    assert.deepEqual(table.view.others, { batch_size: { fixed: best.batchSize }, warmup_steps: { fixed: best.warmup } });
    const [report] = await page.evaluate(() => window.sweepmap.exports((exporting) => exporting.reports()));
    assert.ok(Math.abs(report.summary.peak.value - best.mean) < 1e-9, `${report.summary.peak.value} vs ${best.mean}`);
    const axes = { lr: best.lr, weight_decay: best.weightDecay };
    assert.deepEqual(report.peak_cells, [`${table.view.x} ${axes[table.view.x]}, ${table.view.y} ${axes[table.view.y]}`]);
    // The run-table controls are shown for it.
    assert.equal(await page.locator("#table-metric").inputValue(), "val/acc");
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("Cancel while it loads keeps what was shown", async () => {
    const { page, problems } = await cancelBigLoad(session, bigFile);
    assert.deepEqual(problems, []);
    await page.context().close();
  });

  test("Cancel while the run table opens keeps what was shown", async () => {
    const { page, problems } = await cancelBigLoad(session, bigFile, {
      // Cancel is pressed in the page at the first progress of the opening, between two steps.
      when: "Opening the run table",
    });
    assert.deepEqual(problems, []);
    await page.context().close();
  });

  test("a file with more runs than a tab holds is reduced in DuckDB-wasm to its configurations", async () => {
    // 1,000,001 runs over three parameters (made up): read in slices, refused by the tidy
    // loader for its columns, then too many for a run table.
    const file = path.join(directory, "synthetic-too-many-runs.csv");
    function* rows() {
      yield "lr,wd,bs,acc\n";
      for (let start = 0; start < 1_000_001; start += 100_000) {
        const lines = [];
        for (let k = start; k < Math.min(start + 100_000, 1_000_001); k += 1) lines.push(k % 2 === 0 ? "1,2,3,0.5" : "2,1,4,0.25");
        yield `${lines.join("\n")}\n`;
      }
    }
    const bytes = await writePieces(file, rows());
    assert.ok(bytes > 4 * 1024 * 1024, `${bytes} bytes`);
    const { page, context, problems } = await openPage(session, "#dataset=kv-cache-sweep");
    const before = await shownDataset(page);
    await page.setInputFiles("#file-input", file);
    await page.waitForFunction(
      (count) => window.sweepmap.renders > count || !document.getElementById("error-banner").hidden,
      before.renders,
      { timeout: 180_000, polling: 100 },
    );
    // The core refuses the rows (more than a run table holds), so the page hands the file to
    // DuckDB-wasm (README "Parquet in the page"), which reduces it to its two configurations.
    const shown = await shownDataset(page);
    assert.equal(shown.error, null);
    assert.equal(shown.title, "synthetic-too-many-runs.csv");
    assert.ok(shown.notices.includes("Reduced in DuckDB-wasm, in this tab, from 1,000,001 rows to 2 configurations."), shown.notices.join("\n"));
    const reduced = await page.evaluate(() => ({ reduced: window.sweepmap.reduced, format: window.sweepmap.table.format(), runs: window.sweepmap.table.runs() }));
    assert.equal(reduced.format, "configuration");
    assert.equal(reduced.runs, 2, "two configurations");
    assert.deepEqual(reduced.reduced.roles.metrics, ["acc"]);
    // The best configuration's mean, over its 500,001 runs.
    const [report] = await page.evaluate(() => window.sweepmap.exports((figure) => figure.reports()));
    assert.equal(report.summary.peak.value, 0.5);
    assert.equal(await page.locator("#load-progress").isHidden(), true);
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("a role changed in the column panel reads the file again with it, keeping the view", async () => {
    const { page, context, problems } = await openPage(session, "#dataset=kv-cache-sweep");
    const before = await shownDataset(page);
    await page.setInputFiles("#file-input", bigFile);
    await page.waitForFunction((count) => window.sweepmap.renders > count, before.renders, { timeout: 120_000, polling: 100 });
    const opened = await page.evaluate(() => ({ view: window.sweepmap.projection.view(), columns: window.sweepmap.table.columns() }));
    const index = opened.columns.findIndex((column) => column.column === "warmup_steps");
    assert.equal(opened.columns[index].role, "parameter");
    assert.ok(opened.view.x !== "warmup_steps" && opened.view.y !== "warmup_steps");
    await page.locator("#column-panel").evaluate((panel) => (panel.open = true));
    await afterRender(page, () => page.selectOption(`#column-role-${index}`, "ignore"));
    const shown = await shownDataset(page);
    assert.equal(shown.error, null);
    const after = await page.evaluate(() => ({
      view: window.sweepmap.projection.view(),
      columns: window.sweepmap.table.columns(),
    }));
    assert.equal(after.columns[index].role, "ignore");
    assert.equal(after.columns[index].because, "named in the roles");
    assert.deepEqual([after.view.metric, after.view.x, after.view.y], [opened.view.metric, opened.view.x, opened.view.y]);
    assert.equal(after.view.others.warmup_steps, undefined);
    assert.equal(await page.locator(`#column-role-${index}`).inputValue(), "ignore");
    assert.equal(new URLSearchParams(shown.fragment.slice(1)).get("roles"), "warmup_steps,ignore");
    assert.deepEqual(problems, []);
    await context.close();
  });
});
