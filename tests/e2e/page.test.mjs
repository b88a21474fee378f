// End-to-end tests of the explorer page in headless Chromium: it opens on the KV-cache sweep,
// switches datasets, keeps what it shows when a load fails, labels every control, and its wasm
// API throws real Errors. Needs the package built (.ci/build) and www/data/ in place.

import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";

import { afterRender, canvasHash, controlValues, openPage, shownDataset, startSession } from "./browser.mjs";

const dataDirectory = new URL("../../www/data/", import.meta.url);
const catalog = JSON.parse(readFileSync(new URL("index.json", dataDirectory), "utf8"));
const entry = (id) => {
  const found = catalog.find((candidate) => candidate.id === id);
  assert.ok(found, `www/data/index.json lists "${id}"`);
  return found;
};
const readDataset = (id) => JSON.parse(readFileSync(new URL(entry(id).file, dataDirectory), "utf8"));

let session;
before(async () => {
  session = await startSession();
});
after(async () => {
  await session?.close();
});

describe("the explorer page", { timeout: 90_000 }, () => {
  test("opens on the KV-cache sweep with no console errors and no failed requests", async () => {
    const { page, context, problems } = await openPage(session, "");
    const shown = await shownDataset(page);
    const sweep = readDataset("kv-cache-sweep");

    assert.equal(shown.error, null);
    assert.deepEqual(shown.notices, []);
    assert.deepEqual(shown.options, catalog.map((candidate) => candidate.id));
    assert.equal(shown.selected, "kv-cache-sweep");
    assert.equal(shown.fragment, "#dataset=kv-cache-sweep");
    assert.equal(shown.title, "KV-cache sweep: R1-Llama and R1-Qwen");
    assert.equal(shown.facts, "Pass@1 (%), higher is better · 2 models · 5 benchmarks · Ratio × Local Window Size");
    assert.equal(shown.source, sweep.source);

    // The default view: the first model across every benchmark, one panel and one summary each.
    const benchmarks = sweep.benchmarks.map((benchmark) => benchmark.name);
    const titles = benchmarks.map((benchmark) => `R1-Llama | ${benchmark}`);
    assert.deepEqual(shown.panels, titles);
    assert.deepEqual(shown.summaryTitles, titles);
    const controls = await controlValues(page);
    assert.deepEqual(controls.values, {
      "dataset-select": "kv-cache-sweep",
      "layout-select": "model",
      "model-select": "R1-Llama",
      "model-b-select": "R1-Qwen",
      "benchmark-select": "AIME24",
      "order-select": "data",
      "marginals-select": "auto",
      "chart-select": "heatmap",
      "across-select": "auto",
      // The controls of pairwise comparisons, hidden for a sweep (pairwise.test.mjs tests them).
      "group-select": "",
      "bins-select": "10",
      "by-select": "count",
      "cmap-select": "viridis",
      "reverse-input": false,
      "log-input": false,
      "scale-select": "linear",
      "range-select": "panel",
      "min-input": "",
      "max-input": "",
      "center-input": "0",
      "theme-select": "auto",
      "annotate-input": true,
      "decimals-select": "auto",
      // On by default: the seed's benchmarks give item counts, a noise estimate.
      "uncertainty-input": true,
      "level-select": "0.95",
    });
    assert.deepEqual(controls.shown, ["dataset-select", "file-input", "layout-select", "model-select", "order-select", "marginals-select", "chart-select", "cmap-select", "reverse-input", "scale-select", "range-select", "theme-select", "annotate-input", "decimals-select", "uncertainty-input", "level-select"]);
    // A dataset with a reported aggregate offers its reconciliation.
    assert.deepEqual(shown.layouts, ["model", "benchmark", "grid", "difference", "reconcile"]);

    // The canvas is an image described by its panels, focusable, and sized for the screen.
    const canvas = await page.evaluate(() => {
      const element = document.getElementById("figure-canvas");
      const size = window.sweepmap.figure.size();
      return {
        role: element.getAttribute("role"),
        tabIndex: element.tabIndex,
        label: element.getAttribute("aria-label"),
        backing: [element.width, element.height],
        size: [size.width, size.height],
        frameWidth: document.getElementById("figure-frame").clientWidth,
      };
    });
    assert.equal(canvas.role, "img");
    assert.equal(canvas.tabIndex, 0);
    assert.match(canvas.label, /^R1-Llama \| AIME24: heatmap of Pass@1 \(%\) over Ratio and Local Window Size\. The highest value, 49, is at Ratio 0\.2, Local Window Size 1000; Ratio 0\.3, Local Window Size 2000 \(2 cells tie\)/);
    assert.match(canvas.label, /R1-Llama \| GPQA-Diamond: /);
    assert.deepEqual(canvas.backing, canvas.size);
    assert.equal(canvas.size[0], canvas.frameWidth);

    // The key observations of AIME24 name both tied peaks (observations.test.mjs checks them all).
    const aime = await page.evaluate(() => [...document.querySelectorAll("#summary-panels article:first-child li")].map((li) => li.textContent));
    assert.equal(
      aime[0],
      "The highest Pass@1, 49, is shared by 2 configurations: Ratio 0.2 and Local Window Size 1000, and Ratio 0.3 and Local Window Size 2000.",
    );
    assert.equal(aime[1], "The lowest Pass@1 is 39, at Ratio 0.1 and Local Window Size 1000.");
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("a HiDPI screen gets a backing store at its pixel ratio", async () => {
    const { page, context, problems } = await openPage(session, "", { deviceScaleFactor: 2 });
    await shownDataset(page);
    const canvas = await page.evaluate(() => {
      const element = document.getElementById("figure-canvas");
      const size = window.sweepmap.figure.size();
      return { backing: [element.width, element.height], css: [element.style.width, element.style.height], size };
    });
    assert.deepEqual(canvas.backing, [Math.round(canvas.size.width * 2), Math.round(canvas.size.height * 2)]);
    assert.deepEqual(canvas.css, [`${canvas.size.width}px`, `${canvas.size.height}px`]);
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("switching the dataset changes the figure and the address; back returns", async () => {
    const { page, context, problems } = await openPage(session, "");
    await shownDataset(page);
    const first = await canvasHash(page);

    const partial = entry("partial-r1-qwen");
    await afterRender(page, () => page.selectOption("#dataset-select", partial.id));
    let shown = await shownDataset(page);
    assert.equal(shown.fragment, `#dataset=${partial.id}`);
    assert.equal(shown.title, partial.title);
    assert.equal(shown.facts, "Pass@1 (%), higher is better · 1 model · 4 benchmarks · Ratio × Local Window Size");
    assert.deepEqual(shown.panels, ["R1-Qwen | AIME24", "R1-Qwen | AIME25", "R1-Qwen | AMC23", "R1-Qwen | GPQA-Diamond"]);
    // One model: no difference to draw.
    assert.equal(await page.evaluate(() => document.querySelector('#layout-select option[value="difference"]').disabled), true);
    const partialHash = await canvasHash(page);
    assert.notEqual(partialHash, first);

    const averages = entry("kv-cache-averages");
    await afterRender(page, () => page.selectOption("#dataset-select", averages.id));
    shown = await shownDataset(page);
    assert.equal(shown.fragment, `#dataset=${averages.id}`);
    // No benchmark column: a panel is titled by its model alone.
    assert.deepEqual(shown.panels, ["R1-Llama"]);
    assert.equal(shown.facts, "Pass@1 (%), higher is better · 2 models · Ratio × Local Window Size");

    await afterRender(page, () => page.goBack());
    shown = await shownDataset(page);
    assert.equal(shown.fragment, `#dataset=${partial.id}`);
    assert.equal(shown.selected, partial.id);
    assert.equal(shown.title, partial.title);
    assert.equal(await canvasHash(page), partialHash);
    await afterRender(page, () => page.goBack());
    assert.equal(await canvasHash(page), first);
    assert.equal((await shownDataset(page)).selected, "kv-cache-sweep");
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("a dataset that fails to load leaves the shown one in place", async () => {
    const { page, context, problems } = await openPage(session, "");
    const before = await shownDataset(page);
    const hash = await canvasHash(page);
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
    assert.equal(await page.getAttribute("#error-banner", "role"), "alert");
    assert.equal(after.title, before.title);
    assert.deepEqual(after.panels, before.panels);
    assert.equal(after.selected, before.selected);
    assert.equal(after.fragment, before.fragment);
    assert.equal(after.renders, before.renders);
    assert.equal(await canvasHash(page), hash);

    // The page stays usable: the next good choice opens and clears the error.
    await page.unroute(`**/data/${broken.file}`);
    await afterRender(page, () => page.selectOption("#dataset-select", "kv-cache-averages"));
    const next = await shownDataset(page);
    assert.equal(next.error, null);
    assert.equal(next.selected, "kv-cache-averages");
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("every control has a visible label and is reachable with the keyboard", async () => {
    const { page, context, problems } = await openPage(session, "#dataset=kv-cache-sweep&layout=difference&range=fixed&min=40&max=50");
    await shownDataset(page);
    const unlabelled = await page.evaluate(() =>
      [...document.querySelectorAll("#controls select, #controls input")]
        .filter((control) => !control.closest("[hidden]"))
        .filter((control) => ![...control.labels].some((label) => label.offsetWidth > 0 && label.textContent.trim() !== ""))
        .map((control) => control.id),
    );
    assert.deepEqual(unlabelled, []);

    // Tab from the top of the page visits every visible control, the toolbar and the figure, in order.
    const visited = [];
    await page.evaluate(() => document.activeElement?.blur());
    for (let step = 0; step < 40; step += 1) {
      await page.keyboard.press("Tab");
      const id = await page.evaluate(() => document.activeElement?.id || document.activeElement?.tagName);
      if (visited.includes(id)) break;
      visited.push(id);
      if (id === "figure-canvas") break;
    }
    assert.deepEqual(visited, [
      "source-toggle",
      "dataset-select",
      "file-input",
      "layout-select",
      "model-select",
      "model-b-select",
      "benchmark-select",
      "chart-select",
      "cmap-select",
      "reverse-input",
      "scale-select",
      "range-select",
      "min-input",
      "max-input",
      "theme-select",
      "annotate-input",
      "decimals-select",
      "uncertainty-input",
      "level-select",
      "copy-link",
      "export-png",
      "export-svg",
      "export-pdf",
      "export-svg-paths",
      "export-csv",
      "export-page",
      "figure-canvas",
    ]);

    // A select works from the keyboard: focus it and pick the next option with the arrow key.
    await page.focus("#cmap-select");
    await afterRender(page, () => page.keyboard.press("ArrowDown"));
    assert.match(await page.evaluate(() => window.location.hash), /&cmap=cividis/);
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("the wasm API throws real Error objects with the loader's message", async () => {
    const { page, context, problems } = await openPage(session, "");
    await shownDataset(page);
    const results = await page.evaluate(async () => {
      const { loadCsv, loadJson, loadDataset, SweepFigure } = await import("./pkg/sweepmap.js");
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
      const { withExports } = await import("./lib/sweepmap.js");
      const csvOf = (handle) => withExports(handle, (exporting) => exporting.toCsv());
      loaded.roundTrip = (await csvOf(again)) === (await csvOf(dataset));
      const canvas = document.createElement("canvas");
      const result = {
        loaded,
        empty: attempt(() => loadCsv("")),
        notANumber: attempt(() => loadCsv(csv.replace("41.5", "forty"), { x: "ratio", y: "window" })),
        unknownOption: attempt(() => loadCsv(csv, { colour: "red" })),
        badJson: attempt(() => loadJson("[1, 2")),
        autoCsv: attempt(() => loadDataset(csv)),
        badFigureOption: attempt(() => new SweepFigure(dataset, canvas, { colour: "red" })),
        unknownModel: attempt(() => new SweepFigure(dataset, canvas, { model: "Nope" })),
      };
      dataset.free();
      again.free();
      return result;
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
    assert.equal(results.notANumber.message, 'line 3, column "pass@1": expected a number, found "forty"; fix that cell in the file');
    assert.equal(results.unknownOption.isError, true);
    assert.equal(
      results.unknownOption.message,
      'unknown CSV option: "colour"; expected one of "x", "y", "value", "model", "benchmark", "replicate", "ignore"',
    );
    assert.equal(results.badJson.isError, true);
    assert.match(results.badJson.message, /^JSON line 1, column \d+: /);
    assert.deepEqual(results.autoCsv, { threw: false });
    assert.equal(results.badFigureOption.isError, true);
    assert.match(results.badFigureOption.message, /colour/);
    assert.equal(results.unknownModel.isError, true);
    assert.match(results.unknownModel.message, /Nope/);
    assert.deepEqual(problems, []);
    await context.close();
  });
});
