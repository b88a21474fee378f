// The wasm packages (.ci/build): every page loads www/pkg/ (sweeps); the pairwise package,
// www/pkg/pairwise/ (per-item scores and their figure), is fetched only when a page opens such
// data; the importers package, www/pkg/importers/ (runs as JSON, lm-evaluation-harness files),
// only when a page meets such a file (tests/e2e/importers.test.mjs); the paper package and its
// font, www/pkg/paper/, only on a PDF or outlined SVG export (tests/e2e/paper.test.mjs);
// DuckDB-wasm, www/duckdb/, only when a Parquet file is opened (tests/e2e/parquet.test.mjs). A
// sweep figure's exports (SVG, CSV, LaTeX, Markdown) are written by the pairwise package too,
// fetched on the first such export (lib/sweepmap.js withExports). The slice view
// (`chart=slice`) is drawn by the slice package, www/pkg/slice/, fetched the first time a slice
// is asked for, which writes the slice's exports itself. README "Package size".

import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { openPage, shownDataset, startSession } from "./browser.mjs";

let session;
before(async () => {
  session = await startSession();
});
after(async () => {
  await session?.close();
});

/** Opens `path` recording every request's URL. */
async function openRecorded(path) {
  const requests = [];
  const { page, context, problems } = await openPage(session, "about:blank");
  page.on("request", (request) => requests.push(request.url()));
  await page.goto(new URL(path, session.url).href);
  return { page, context, problems, requests };
}

const defaultWasm = () => new URL("pkg/sweepmap_bg.wasm", session.url).href;
const pairwiseWasm = () => new URL("pkg/pairwise/sweepmap_bg.wasm", session.url).href;
const fromPairwisePackage = (requests) => requests.filter((url) => url.includes("/pkg/pairwise/"));
const fromPaperPackage = (requests) => requests.filter((url) => url.includes("/pkg/paper/"));
const fromImportersPackage = (requests) => requests.filter((url) => url.includes("/pkg/importers/"));
const sliceWasm = () => new URL("pkg/slice/sweepmap_bg.wasm", session.url).href;
const fromSlicePackage = (requests) => requests.filter((url) => url.includes("/pkg/slice/"));
const fromDuckDB = (requests) => requests.filter((url) => url.includes("/duckdb/") || url.endsWith("/reduce.js") || url.endsWith("/jsonlines.js"));

describe("the wasm packages a page loads", { timeout: 120_000 }, () => {
  test("the explorer on its default example fetches the default package only", async () => {
    const { page, context, problems, requests } = await openRecorded("");
    const shown = await shownDataset(page);
    assert.equal(shown.error, null);
    assert.ok(shown.panels.length > 0, "the seed figure is drawn");
    // Switching between sweeps fetches nothing more.
    await page.selectOption("#dataset-select", "kv-cache-averages");
    await page.waitForFunction(() => document.getElementById("dataset-select").value === "kv-cache-averages" && window.sweepmap.renders > 1);
    assert.deepEqual(requests.filter((url) => url.endsWith(".wasm")), [defaultWasm()]);
    assert.deepEqual(fromPairwisePackage(requests), []);
    // Nor the paper package or its font, whose export buttons are there but not clicked.
    assert.equal(await page.isVisible("#export-pdf"), true);
    assert.equal(await page.isVisible("#export-svg-paths"), true);
    assert.deepEqual(fromPaperPackage(requests), []);
    // Bundled JSON is sweepmap's own form: the importers package is not fetched for it.
    assert.deepEqual(fromImportersPackage(requests), []);
    // DuckDB-wasm (www/duckdb/) and the module that starts it (reduce.js) come with a Parquet
    // file only (tests/e2e/parquet.test.mjs).
    assert.deepEqual(fromDuckDB(requests), []);
    // Nor the slice package: the Chart select is there, on the heatmap.
    assert.equal(await page.inputValue("#chart-select"), "heatmap");
    assert.deepEqual(fromSlicePackage(requests), []);
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("choosing a slice fetches the slice package, once, which draws it and writes its exports", async () => {
    const { page, context, problems, requests } = await openRecorded("#dataset=kv-cache-sweep");
    await shownDataset(page);
    assert.deepEqual(fromSlicePackage(requests), []);
    // The default package refuses a slice, naming the package that draws them.
    const refused = await page.evaluate(async () => {
      const { SweepFigure } = await import("./lib/sweepmap.js");
      try {
        new SweepFigure(window.sweepmap.dataset, document.createElement("canvas"), { chart: "slice" }).free();
        return null;
      } catch (error) {
        return error.message;
      }
    });
    assert.equal(refused, 'field "chart": expected "heatmap" in this package: slices are drawn by the slice package (www/pkg/slice/, loadSliceApi() in lib/sweepmap.js)');
    const renders = await page.evaluate(() => window.sweepmap.renders);
    await page.selectOption("#chart-select", "slice:x");
    await page.waitForFunction((before) => window.sweepmap.renders > before && "sliceSeries" in window.sweepmap.figure, renders);
    assert.deepEqual(requests.filter((url) => url.endsWith(".wasm")), [defaultWasm(), sliceWasm()]);
    const series = await page.evaluate(() => window.sweepmap.figure.sliceSeries());
    assert.ok(series.length > 0, "the slice has lines");
    // Its exports are the slice package's own: no pairwise package for them.
    const [download] = await Promise.all([page.waitForEvent("download"), page.click("#export-svg")]);
    const svg = await readFile(await download.path(), "utf8");
    assert.match(svg, /^<svg /);
    assert.match(svg, / along /);
    assert.deepEqual(fromPairwisePackage(requests), []);
    // Back to the heatmap (the default package again), then another slice: nothing fetched again.
    await page.selectOption("#chart-select", "heatmap");
    await page.waitForFunction(() => !("sliceSeries" in window.sweepmap.figure) && window.sweepmap.state.chart === "heatmap");
    await page.selectOption("#chart-select", "slice:y");
    await page.waitForFunction(() => "sliceSeries" in window.sweepmap.figure && window.sweepmap.state.along === "y");
    assert.equal(fromSlicePackage(requests).filter((url) => url.endsWith(".wasm")).length, 1, "fetched once");
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("a link to a slice fetches the slice package once and opens the slice", async () => {
    const { page, context, problems, requests } = await openRecorded("#dataset=kv-cache-sweep&chart=slice&along=y");
    await page.waitForFunction(() => window.sweepmap.figure && "sliceSeries" in window.sweepmap.figure);
    assert.equal((await shownDataset(page)).error, null);
    assert.equal(await page.inputValue("#chart-select"), "slice:y");
    assert.deepEqual(requests.filter((url) => url.endsWith(".wasm")), [defaultWasm(), sliceWasm()]);
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("per-item scores fetch the pairwise package, once, and draw with it; sweeps still draw after", async () => {
    const { page, context, problems, requests } = await openRecorded("");
    await shownDataset(page);
    await page.selectOption("#dataset-select", "synthetic-pairwise");
    await page.waitForFunction(() => window.sweepmap.figure?.constructor.name === "SweepPairwiseFigure");
    const pairs = await page.evaluate(() => window.sweepmap.figure.panels().length);
    assert.ok(pairs > 0, "the pairwise figure has panels");
    assert.deepEqual(requests.filter((url) => url.endsWith(".wasm")), [defaultWasm(), pairwiseWasm()]);
    // Back to a sweep, then to the scores again: no further fetch.
    await page.selectOption("#dataset-select", "kv-cache-sweep");
    await page.waitForFunction(() => window.sweepmap.figure?.constructor.name === "SweepFigure");
    await page.selectOption("#dataset-select", "synthetic-pairwise");
    await page.waitForFunction(() => window.sweepmap.figure?.constructor.name === "SweepPairwiseFigure");
    assert.equal(requests.filter((url) => url.endsWith(".wasm")).length, 2);
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("a sweep figure's exports fetch the pairwise package on the first one, once, and write the figure shown", async () => {
    const { page, context, problems, requests } = await openRecorded("#dataset=kv-cache-sweep&layout=grid&cmap=magma");
    await shownDataset(page);
    assert.deepEqual(fromPairwisePackage(requests), [], "nothing of the pairwise package before an export");
    // The default package has no exports: the figure it draws cannot write them itself.
    const own = await page.evaluate(() => ["toSvg", "latex", "observationsMarkdown", "shownCsv"].filter((name) => name in window.sweepmap.figure));
    assert.deepEqual(own, []);
    const [download] = await Promise.all([page.waitForEvent("download"), page.click("#export-svg")]);
    const stem = await page.evaluate(() => window.sweepmap.figure.fileStem());
    assert.equal(download.suggestedFilename(), `${stem}.svg`);
    const saved = await readFile(await download.path(), "utf8");
    assert.deepEqual(requests.filter((url) => url.endsWith(".wasm")), [defaultWasm(), pairwiseWasm()]);
    // What withExports writes is the figure shown: the same figure drawn by the pairwise
    // package from the same data and resolved options.
    const same = await page.evaluate(async () => {
      const { loadPairwiseApi, withExports } = await import("./lib/sweepmap.js");
      const figure = window.sweepmap.figure;
      const pairwise = await loadPairwiseApi();
      const dataset = pairwise.loadJson(window.sweepmap.dataset.toJson());
      const direct = new pairwise.SweepFigure(dataset, document.createElement("canvas"), figure.options());
      const expected = [direct.toSvg(), direct.shownCsv(), direct.latex(), direct.observationsMarkdown(), JSON.stringify(direct.options())];
      direct.free();
      dataset.free();
      const exported = await withExports(figure, (exporting) => [exporting.toSvg(), exporting.shownCsv(), exporting.latex(), exporting.observationsMarkdown(), JSON.stringify(exporting.options())]);
      return { same: exported.map((text, index) => text === expected[index]), svg: exported[0] };
    });
    assert.deepEqual(same.same, [true, true, true, true, true]);
    assert.equal(saved, same.svg, "the SVG button saves what withExports writes");
    assert.match(saved, /^<svg /);
    const [csv] = await Promise.all([page.waitForEvent("download"), page.click("#export-csv")]);
    assert.match(csv.suggestedFilename(), /\.csv$/);
    assert.equal(requests.filter((url) => url.endsWith(".wasm")).length, 2, "fetched once");
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("a sweep that fails reports its own error without fetching the pairwise package", async () => {
    const { page, context, requests } = await openRecorded("");
    await shownDataset(page);
    const before = await page.evaluate(() => window.sweepmap.renders);
    // No item-like column: guessKind says sweep, and the sweep's error (text for a number) is
    // the answer; retrying as per-item scores could only fail.
    await page.setInputFiles("#file-input", {
      name: "broken-sweep.csv",
      mimeType: "text/csv",
      buffer: Buffer.from("model,benchmark,ratio,window,score\nm,b,0.1,128,41.5\nm,b,0.1,256,n/a?\n"),
    });
    await page.waitForFunction(() => !document.getElementById("error-banner").hidden);
    const shown = await shownDataset(page);
    assert.match(shown.error, /broken-sweep\.csv/);
    assert.match(shown.error, /line 3/);
    assert.doesNotMatch(shown.error, /item/i, "the error is the sweep's, not the per-item loader's");
    assert.equal(await page.evaluate(() => window.sweepmap.renders), before, "the figure shown stays");
    assert.deepEqual(fromPairwisePackage(requests), []);
    await context.close();
  });
});
