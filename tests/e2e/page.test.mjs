// End-to-end tests of the www/ page in headless Chromium: it loads the wasm package, lists the
// bundled datasets, keeps the choice in the address, and shows errors without losing what it
// showed. Needs the package built (.ci/build) and www/data/ in place.

import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";

import { openPage, shownDataset, startSession } from "./browser.mjs";

const dataDirectory = new URL("../../www/data/", import.meta.url);
const catalog = JSON.parse(readFileSync(new URL("index.json", dataDirectory), "utf8"));
const entry = (id) => {
  const found = catalog.find((candidate) => candidate.id === id);
  assert.ok(found, `www/data/index.json lists "${id}"`);
  return found;
};

/**
 * What the page should list for a bundled JSON dataset, read straight from the file (an oracle
 * independent of the Rust loader): panel title -> { present, missing }.
 */
function expectedPanels(id) {
  const dataset = JSON.parse(readFileSync(new URL(entry(id).file, dataDirectory), "utf8"));
  const cellsPerPanel = dataset.x.values.length * dataset.y.values.length;
  const panels = new Map();
  for (const panel of dataset.panels) {
    const title = [panel.model, panel.benchmark].filter(Boolean).join(" | ");
    const present = panel.cells.flat().filter((cell) => cell !== null).length;
    panels.set(title, { present, missing: cellsPerPanel - present });
  }
  return panels;
}

function assertPanelsMatch(shown, id) {
  const expected = expectedPanels(id);
  assert.equal(shown.panels.length, expected.size, `number of panels of ${id}`);
  for (const panel of shown.panels) {
    assert.deepEqual(
      { present: panel.present, missing: panel.missing },
      expected.get(panel.title),
      `cells of panel "${panel.title}" in ${id}`,
    );
  }
}

let session;
before(async () => {
  session = await startSession();
});
after(async () => {
  await session?.close();
});

describe("the sweepmap page", { timeout: 60_000 }, () => {
  test("opens the first bundled dataset with no console errors", async () => {
    const { page, context, problems } = await openPage(session, "");
    const shown = await shownDataset(page);

    assert.equal(shown.error, null);
    assert.deepEqual(shown.options, catalog.map((candidate) => candidate.id));
    assert.equal(shown.selected, "kv-cache-sweep");
    assert.equal(shown.title, "KV-cache sweep: R1-Llama and R1-Qwen");
    assert.equal(shown.facts.Metric, "Pass@1 (%), higher is better");
    assert.equal(shown.facts["x axis"], "Ratio: 0.1, 0.2, 0.3, 0.4, 0.5 (5 values)");
    // Numeric order, not text order, whatever order the file lists the rows in.
    assert.equal(shown.facts["y axis"], "Local Window Size: 500, 1000, 2000, 3000 (4 values)");

    // Both models on the four benchmarks, each a full 4 x 5 grid.
    assert.deepEqual(shown.panels[0], { title: "R1-Llama | AIME24", present: 20, missing: 0 });
    for (const model of ["R1-Llama", "R1-Qwen"]) {
      for (const benchmark of ["AIME24", "AIME25", "AMC23", "GPQA-Diamond"]) {
        assert.deepEqual(
          shown.panels.find((panel) => panel.title === `${model} | ${benchmark}`),
          { title: `${model} | ${benchmark}`, present: 20, missing: 0 },
        );
      }
    }
    assertPanelsMatch(shown, "kv-cache-sweep");
    assert.match(shown.source, /seed 000/);

    await page.screenshot({ path: "/tmp/sweepmap-page.png", fullPage: true });
    await page.setViewportSize({ width: 600, height: 900 });
    await page.screenshot({ path: "/tmp/sweepmap-page-600.png", fullPage: true });
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("switching the dataset changes the list and the address; back returns", async () => {
    const { page, context, problems } = await openPage(session, "");
    await shownDataset(page);

    const partial = entry("partial-r1-qwen");
    await page.selectOption("#dataset-select", partial.id);
    await page.waitForFunction((title) => document.querySelector(".dataset-title")?.textContent === title, partial.title);
    let shown = await shownDataset(page);
    assert.equal(shown.search, `?dataset=${partial.id}`);
    assert.equal(shown.selected, partial.id);
    assert.equal(shown.facts["y axis"], "Local Window Size: 500, 1000, 1500, 2000 (4 values)");
    // A sparse grid: 10 of the 20 cells of each panel were read.
    assert.deepEqual(shown.panels[0], { title: "R1-Qwen | AIME24", present: 10, missing: 10 });
    assertPanelsMatch(shown, partial.id);

    const averages = entry("kv-cache-averages");
    await page.selectOption("#dataset-select", averages.id);
    await page.waitForFunction((title) => document.querySelector(".dataset-title")?.textContent === title, averages.title);
    shown = await shownDataset(page);
    assert.equal(shown.search, `?dataset=${averages.id}`);
    // No benchmark column: a panel is titled by its model alone.
    assert.deepEqual(
      shown.panels.map((panel) => panel.title),
      ["R1-Llama", "R1-Qwen"],
    );
    assertPanelsMatch(shown, averages.id);

    await page.goBack();
    await page.waitForFunction((title) => document.querySelector(".dataset-title")?.textContent === title, partial.title);
    shown = await shownDataset(page);
    assert.equal(shown.search, `?dataset=${partial.id}`);
    assert.equal(shown.selected, partial.id);

    assert.deepEqual(problems, []);
    await context.close();
  });

  test("a link opens the dataset it names", async () => {
    const { page, context, problems } = await openPage(session, "?dataset=partial-r1-qwen");
    const shown = await shownDataset(page);
    assert.equal(shown.error, null);
    assert.equal(shown.selected, "partial-r1-qwen");
    assert.equal(shown.title, entry("partial-r1-qwen").title);
    assertPanelsMatch(shown, "partial-r1-qwen");
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("an unknown dataset in the address shows an error naming it and opens the default", async () => {
    const { page, context, problems } = await openPage(session, "?dataset=nope");
    await page.waitForSelector("#error-banner:not([hidden])");
    await page.waitForSelector('#dataset-view[aria-busy="false"]');
    const shown = await shownDataset(page);
    assert.match(shown.error, /"nope"/);
    assert.match(shown.error, /showing "KV-cache sweep: R1-Llama and R1-Qwen" instead/);
    assert.equal(await page.getAttribute("#error-banner", "role"), "alert");
    assert.equal(shown.selected, "kv-cache-sweep");
    assert.equal(shown.search, "?dataset=kv-cache-sweep");
    assertPanelsMatch(shown, "kv-cache-sweep");
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("a dataset that fails to load leaves the shown one in place", async () => {
    const { page, context, problems } = await openPage(session, "");
    const before = await shownDataset(page);
    const broken = entry("partial-r1-qwen");
    await page.route(`**/data/${broken.file}`, (route) =>
      route.fulfill({ status: 200, contentType: "application/json", body: '{"title": "half a file"' }),
    );
    await page.selectOption("#dataset-select", broken.id);
    await page.waitForSelector("#error-banner:not([hidden])");
    const after = await shownDataset(page);
    assert.equal(
      after.error,
      `Could not open the dataset "${broken.title}": could not read ${broken.file}: ` +
        "JSON line 1, column 23: EOF while parsing an object",
    );
    assert.equal(after.title, before.title);
    assert.deepEqual(after.panels, before.panels);
    assert.equal(after.selected, before.selected);
    assert.equal(after.search, before.search);

    // The page stays usable: the next good choice opens and clears the error.
    await page.unroute(`**/data/${broken.file}`);
    await page.selectOption("#dataset-select", "kv-cache-averages");
    await page.waitForFunction(() => document.getElementById("error-banner").hidden);
    assert.equal((await shownDataset(page)).selected, "kv-cache-averages");
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("the wasm API throws real Error objects with the loader's message", async () => {
    const { page, context, problems } = await openPage(session, "");
    await shownDataset(page);
    const results = await page.evaluate(async () => {
      const { loadCsv, loadJson } = await import("./pkg/sweepmap.js");
      const attempt = (load) => {
        try {
          load();
          return { threw: false };
        } catch (error) {
          return { threw: true, isError: error instanceof Error, message: error.message, hasStack: Boolean(error.stack) };
        }
      };
      const csv = "model,benchmark,window,ratio,pass@1\nA,B,500,0.1,40\nA,B,500,0.2,41.5\nA,B,1000,0.1,\n";
      const dataset = loadCsv(csv, { x: "ratio", y: "window", value: "pass@1" });
      const loaded = {
        models: dataset.models(),
        benchmarks: dataset.benchmarks(),
        metric: dataset.metric(),
        xAxis: dataset.xAxis(),
        panels: dataset.panels(),
        title: dataset.title(),
      };
      const again = loadJson(dataset.toJson());
      loaded.roundTrip = again.toCsv() === dataset.toCsv();
      dataset.free();
      again.free();
      return {
        loaded,
        empty: attempt(() => loadCsv("")),
        notANumber: attempt(() => loadCsv(csv.replace("41.5", "forty"), { x: "ratio", y: "window" })),
        unknownOption: attempt(() => loadCsv(csv, { colour: "red" })),
        badJson: attempt(() => loadJson("[1, 2")),
      };
    });
    assert.deepEqual(results.loaded, {
      models: ["A"],
      benchmarks: ["B"],
      metric: { name: "pass@1", direction: "higher", unit: null },
      xAxis: { name: "ratio", labels: ["0.1", "0.2"], values: [0.1, 0.2] },
      panels: [{ model: "A", benchmark: "B", title: "A | B", present: 2, missing: 2 }],
      title: undefined,
      roundTrip: true,
    });
    assert.deepEqual(results.empty, {
      threw: true,
      isError: true,
      message: "the file is empty: expected a header line and data rows",
      hasStack: true,
    });
    assert.equal(results.notANumber.isError, true);
    assert.equal(results.notANumber.message, 'line 3, column "pass@1": expected a number, found "forty"');
    assert.equal(results.unknownOption.isError, true);
    assert.equal(
      results.unknownOption.message,
      'unknown CSV option: "colour"; expected one of "x", "y", "value", "model", "benchmark", "replicate", "ignore"',
    );
    assert.equal(results.badJson.isError, true);
    assert.match(results.badJson.message, /^JSON line 1, column \d+: /);
    assert.deepEqual(problems, []);
    await context.close();
  });
});
