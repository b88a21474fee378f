// End-to-end tests of the <sweep-map> element and the JS layer, on pages of a built site served
// under the strict Content-Security-Policy (.ci/serve.mjs strictCsp): drawing (pixel colours at
// cell centres), one wasm fetch for every element, attribute changes coalesced into one redraw,
// resizing, keyboard and pointer access with events, inline data, pairwise data, errors shown as
// text, and data labels never parsed as HTML. Every page must record zero CSP violations.
// Needs the wasm package built (.ci/build).

import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, readFileSync } from "node:fs";
import path from "node:path";

import {
  closeColour,
  elementCellCentre,
  elementPixel,
  openRecordedPage,
  recordedEvents,
  startSiteSession,
  violations,
  VIRIDIS_HIGH,
  VIRIDIS_LOW,
  waitForEvents,
} from "./embed.mjs";

const sweep = JSON.parse(readFileSync(new URL("../../www/data/kv-cache-sweep.json", import.meta.url), "utf8"));
const benchmarks = sweep.benchmarks.map((benchmark) => benchmark.name);

/** The panel of `model` on `benchmark` in the seed JSON, as { x label, y label, value } cells. */
function seedCells(model, benchmark) {
  const panel = sweep.panels.find((candidate) => candidate.model === model && candidate.benchmark === benchmark);
  return panel.cells.flatMap((row, rowIndex) =>
    row.map((value, column) => ({ x: String(sweep.x.values[column]), y: String(sweep.y.values[rowIndex]), value })),
  );
}

/** The cell indices of a label pair in an element's data. */
function indices(page, id, { x, y }) {
  return page.evaluate(
    ({ id, x, y }) => {
      const data = document.getElementById(id).loadedData;
      return { x: data.xAxis().labels.indexOf(x), y: data.yAxis().labels.indexOf(y) };
    },
    { id, x, y },
  );
}

let session;
before(async () => {
  session = await startSiteSession();
});
after(async () => {
  await session?.close();
});

describe("the <sweep-map> element", { timeout: 120_000 }, () => {
  test("three elements draw from one wasm fetch, with the right colours and no CSP violation", async () => {
    const { page, context, problems, requests } = await openRecordedPage(session, "test/figures.html");
    await waitForEvents(page, "sweepmap-render", 3);
    const renders = await recordedEvents(page, "sweepmap-render");
    const byId = Object.fromEntries(renders.map((event) => [event.id, event.detail]));
    assert.deepEqual(byId.a.panels, benchmarks.map((benchmark) => `R1-Qwen | ${benchmark}`));
    assert.equal(byId.a.kind, "sweep");
    assert.equal(byId.a.width, 900, "the element draws at its container's width");
    assert.deepEqual(byId.b.panels, ["R1-Qwen − R1-Llama | AIME24"]);
    assert.deepEqual(byId.c.panels, ["<b>M</b> | T"]);
    assert.equal(renders.length, 3, "one drawing per element");

    const wasmRequests = requests.filter((url) => url.endsWith(".wasm"));
    assert.deepEqual(wasmRequests, [new URL("pkg/sweepmap_bg.wasm", session.url).href]);

    // Viridis on each panel's own range: its lowest cell is viridis(0), its highest viridis(1).
    const cells = seedCells("R1-Qwen", "AIME24");
    const values = cells.map((cell) => cell.value);
    const lowest = cells.find((cell) => cell.value === Math.min(...values));
    const highest = cells.find((cell) => cell.value === Math.max(...values));
    const low = await elementPixel(page, "a", { panel: 0, ...(await indices(page, "a", lowest)) });
    const high = await elementPixel(page, "a", { panel: 0, ...(await indices(page, "a", highest)) });
    assert.ok(closeColour(low, VIRIDIS_LOW), `lowest cell ${lowest.value}: ${low}`);
    assert.ok(closeColour(high, VIRIDIS_HIGH), `highest cell ${highest.value}: ${high}`);

    // The canvas is a focusable image labelled with every panel's description.
    const canvas = await page.evaluate(() => {
      const host = document.getElementById("a");
      const element = host.shadowRoot.querySelector("canvas");
      return {
        role: element.getAttribute("role"),
        label: element.getAttribute("aria-label"),
        descriptions: host.figure.panels().map((panel) => panel.description).join(" "),
        tabIndex: element.tabIndex,
        help: host.shadowRoot.getElementById(element.getAttribute("aria-describedby")).textContent,
        styleAttributes: [...host.shadowRoot.querySelectorAll("[style]")].map((node) => node.tagName),
        styleElements: host.shadowRoot.querySelectorAll("style").length,
        adopted: host.shadowRoot.adoptedStyleSheets.length,
      };
    });
    assert.equal(canvas.role, "img");
    assert.equal(canvas.label, canvas.descriptions);
    assert.match(canvas.label, /^R1-Qwen \| AIME24/);
    assert.equal(canvas.tabIndex, 0);
    assert.match(canvas.help, /^Arrow keys step through the cells/);
    assert.equal(canvas.styleElements, 0);
    assert.equal(canvas.adopted, 1);

    assert.deepEqual(await violations(page), []);
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("loads the wasm only when the first element arrives, and once for every later one", async () => {
    const { page, context, problems, requests } = await openRecordedPage(session, "test/empty.html");
    await page.waitForFunction(() => customElements.get("sweep-map") !== undefined);
    await page.waitForTimeout(300);
    assert.deepEqual(requests.filter((url) => url.endsWith(".wasm")), [], "no element, no wasm");

    await page.evaluate(() => {
      for (const id of ["one", "two", "three"]) {
        const element = document.createElement("sweep-map");
        element.id = id;
        element.setAttribute("src", "../data/kv-cache-averages.json");
        document.getElementById("box").append(element);
      }
    });
    await waitForEvents(page, "sweepmap-render", 3);
    assert.equal(requests.filter((url) => url.endsWith(".wasm")).length, 1);
    assert.equal(requests.filter((url) => url.endsWith("kv-cache-averages.json")).length, 3);
    assert.deepEqual(await violations(page), []);
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("every option name is an attribute too, beside the older spellings", async () => {
    const { page, context, problems } = await openRecordedPage(session, "test/figures.html");
    await waitForEvents(page, "sweepmap-render", 1, "a");
    await page.evaluate(() => {
      const element = document.getElementById("a");
      element.setAttribute("layout", "difference");
      element.setAttribute("modelB", "R1-Llama");
      element.setAttribute("model", "R1-Qwen");
      element.setAttribute("colorMap", "PuOr");
      element.setAttribute("reversed", "");
      element.setAttribute("domain", "centered");
      element.setAttribute("center", "1");
    });
    await waitForEvents(page, "sweepmap-render", 2, "a");
    const options = await page.evaluate(() => {
      const { layout, model, modelB, colorMap, reversed, domain, center } = document.getElementById("a").figure.options();
      return { layout, model, modelB, colorMap, reversed, domain, center };
    });
    assert.deepEqual(options, { layout: "difference", model: "R1-Qwen", modelB: "R1-Llama", colorMap: "puor", reversed: true, domain: "centered", center: 1 });
    // The element's own attribute wins over another spelling of the same setting.
    await page.evaluate(() => document.getElementById("a").setAttribute("range", "shared"));
    await waitForEvents(page, "sweepmap-render", 3, "a");
    assert.equal(await page.evaluate(() => document.getElementById("a").figure.options().domain), "shared");
    // A wrong value names the attribute as written.
    await page.evaluate(() => document.getElementById("a").setAttribute("reversed", "perhaps"));
    const errors = await waitForEvents(page, "sweepmap-error", 1, "a");
    assert.equal(errors[0].detail.message, 'attribute "reversed": expected "true", "false" or no value, found "perhaps"');
    assert.deepEqual(await violations(page), []);
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("attribute changes made together redraw once, with all of them", async () => {
    const { page, context, problems } = await openRecordedPage(session, "test/figures.html");
    await waitForEvents(page, "sweepmap-render", 1, "a");
    await page.evaluate(() => {
      const element = document.getElementById("a");
      element.setAttribute("layout", "benchmark");
      element.setAttribute("benchmark", "AMC23");
      element.setAttribute("colormap", "magma");
      element.reverse = true;
      element.setAttribute("range", "fixed");
      element.min = 40;
      element.setAttribute("max", "90");
    });
    const renders = await waitForEvents(page, "sweepmap-render", 2, "a");
    await page.waitForTimeout(200);
    assert.equal((await recordedEvents(page, "sweepmap-render", "a")).length, 2, "seven changes, one redraw");
    assert.deepEqual(renders[1].detail.panels, ["R1-Llama | AMC23", "R1-Qwen | AMC23"]);
    const options = await page.evaluate(() => {
      const { layout, benchmark, colorMap, reversed, domain, min, max, annotate } = document.getElementById("a").figure.options();
      return { layout, benchmark, colorMap, reversed, domain, min, max, annotate };
    });
    assert.deepEqual(options, { layout: "benchmark", benchmark: "AMC23", colorMap: "magma", reversed: true, domain: "fixed", min: 40, max: 90, annotate: false });

    // Removing attributes brings back the defaults.
    await page.evaluate(() => {
      const element = document.getElementById("a");
      for (const name of ["layout", "benchmark", "colormap", "reverse", "range", "min", "max", "annotate"]) element.removeAttribute(name);
    });
    await waitForEvents(page, "sweepmap-render", 3, "a");
    const defaults = await page.evaluate(() => {
      const { layout, colorMap, reversed, domain, annotate } = document.getElementById("a").figure.options();
      return { layout, colorMap, reversed, domain, annotate, reflected: document.getElementById("a").annotate };
    });
    assert.deepEqual(defaults, { layout: "model", colorMap: "viridis", reversed: false, domain: "panel", annotate: true, reflected: true });
    assert.deepEqual(await violations(page), []);
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("chart=\"slice\" fetches the slice package once and draws the slice there; the keyboard reads its points", async () => {
    const { page, context, problems, requests } = await openRecordedPage(session, "test/figures.html");
    await waitForEvents(page, "sweepmap-render", 3);
    const slicePackage = () => requests.filter((url) => url.includes("/pkg/slice/") && url.endsWith(".wasm"));
    assert.deepEqual(slicePackage(), [], "heatmaps never fetch it");
    await page.evaluate(() => {
      document.getElementById("a").setAttribute("chart", "slice");
      document.getElementById("c").chart = "slice";
    });
    const renders = await waitForEvents(page, "sweepmap-render", 2, "a");
    await waitForEvents(page, "sweepmap-render", 2, "c");
    assert.deepEqual(slicePackage(), [new URL("pkg/slice/sweepmap_bg.wasm", session.url).href], "one fetch for two elements");
    const shown = await page.evaluate(() => {
      const figure = document.getElementById("a").figure;
      const point = figure.slicePointOf(0, 0);
      return { series: figure.sliceSeries(), point, size: figure.size() };
    });
    assert.ok(shown.series.length > 0);
    assert.match(shown.point.text, /^.+ · .+ = .+: [0-9.]+/);
    assert.equal(renders[1].detail.width, shown.size.width);
    // The keyboard starts at the first line's first point and says it (sweepmap-hover, "keyboard").
    await page.focus("#a");
    await page.evaluate(() => document.getElementById("a").shadowRoot.querySelector("canvas").focus());
    const announced = await page.evaluate(() => document.getElementById("a").shadowRoot.querySelector("[aria-live]")?.textContent ?? null);
    assert.equal(announced, shown.point.text);
    // Back to the heatmap: the default package's figure, no fetch.
    await page.evaluate(() => document.getElementById("a").removeAttribute("chart"));
    await waitForEvents(page, "sweepmap-render", 3, "a");
    assert.equal(await page.evaluate(() => "sliceSeries" in document.getElementById("a").figure), false);
    assert.equal(slicePackage().length, 1);
    assert.deepEqual(await violations(page), []);
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("chart=\"slice\" whose package does not load says so and draws the heatmap", async () => {
    const { page, context, problems } = await openRecordedPage(session, "test/figures.html");
    await waitForEvents(page, "sweepmap-render", 3);
    await context.route(/\/pkg\/slice\/sweepmap_bg\.wasm$/, (route) => route.abort());
    await page.evaluate(() => document.getElementById("a").setAttribute("chart", "slice"));
    const renders = await waitForEvents(page, "sweepmap-render", 2, "a");
    const message = renders[1].detail.notices[0];
    assert.match(message, /^could not load the slice package \(.+\); showing the heatmap instead$/);
    const shown = await page.evaluate(() => {
      const element = document.getElementById("a");
      const error = element.shadowRoot.querySelector("[part=error]");
      const canvas = element.shadowRoot.querySelector("canvas");
      return { error: error.hidden ? null : error.textContent, slice: "sliceSeries" in element.figure, canvas: !canvas.hidden, label: canvas.getAttribute("aria-label") };
    });
    assert.deepEqual(shown, { error: message, slice: false, canvas: true, label: shown.label });
    assert.match(shown.label, /: heatmap of /);
    // Only the aborted fetch went wrong (the console's line for it names no address).
    assert.deepEqual(problems.filter((problem) => !problem.includes("/pkg/slice/") && !problem.endsWith("net::ERR_FAILED")), []);
    await context.close();
  });

  test("rename=\"old=new,...\" renames a guessed lm-evaluation-harness model; refusals are errors and the figure stays", async () => {
    const { page, context, problems } = await openRecordedPage(session, "test/empty.html");
    // The synthetic results of model-a without the fields that name it: the model is guessed
    // from the file's name ("results.json" for data given as a property).
    const results = JSON.parse(readFileSync(new URL("../fixtures/lm-eval/synthetic__model-a/results_2024-05-01T10-00-00.000000.json", import.meta.url), "utf8"));
    delete results.model_name;
    delete results.model_name_sanitized;
    delete results.config.model_args;
    await page.evaluate((results) => {
      const element = document.createElement("sweep-map");
      element.id = "r";
      // An escaped comma and equals sign belong to the new name.
      element.setAttribute("rename", String.raw` results.json = org/model-a\, 7B\=v2 `);
      element.data = results;
      document.getElementById("box").append(element);
    }, results);
    const renders = await waitForEvents(page, "sweepmap-render", 1, "r");
    const models = () => page.evaluate(() => document.getElementById("r").loadedData.yAxis().labels);
    assert.deepEqual(await models(), ["org/model-a, 7B=v2"]);
    assert.deepEqual(renders[0].detail.notices, []);
    assert.equal(await page.evaluate(() => document.getElementById("r").rename), String.raw` results.json = org/model-a\, 7B\=v2 `);
    const errorText = () =>
      page.evaluate(() => {
        const error = document.getElementById("r").shadowRoot.querySelector("[part=error]");
        return error.hidden ? null : error.textContent;
      });
    // Each refusal is the importers' message, shown in the element; the renamed figure stays.
    const refusals = [
      ["results.json=", 'field "rename": expected a new name for model "results.json", found an empty name'],
      ["results.json=a, results.json=b", 'field "rename": expected one new name for model "results.json", found two ("a" and "b")'],
      ["results.json", 'field "rename": expected old=new pairs separated by commas (\\, for a comma and \\= for an equals sign inside a name), found "results.json"'],
    ];
    for (const [index, [rename, message]] of refusals.entries()) {
      await page.evaluate((rename) => document.getElementById("r").setAttribute("rename", rename), rename);
      const errors = await waitForEvents(page, "sweepmap-error", index + 1, "r");
      assert.equal(errors[index].detail.message, `could not read the data property: ${message}`);
      assert.equal(await errorText(), errors[index].detail.message);
      assert.deepEqual(await models(), ["org/model-a, 7B=v2"], "the figure shown stays");
    }
    // A rename of a model the file does not have: drawn as the file names it, the importer's
    // note in detail.inferred.
    await page.evaluate(() => document.getElementById("r").setAttribute("rename", "model-z=z"));
    const redrawn = await waitForEvents(page, "sweepmap-render", 2, "r");
    assert.deepEqual(await models(), ["results.json"]);
    assert.ok(
      redrawn[1].detail.inferred.includes('No model is named "model-z" (the models: "results.json"); its rename to "z" was left out.'),
      redrawn[1].detail.inferred.join(" | "),
    );
    assert.equal(await errorText(), null);
    // Data no importer converted (CSV) name their models themselves: the rename is left out, and
    // the element says so.
    await page.evaluate(() => {
      const element = document.getElementById("r");
      element.setAttribute("rename", "A=B");
      element.data = "model,benchmark,y,x,pass@1\nA,T,1,1,40\nA,T,1,2,41\n";
    });
    const csv = await waitForEvents(page, "sweepmap-render", 3, "r");
    const leftOut = 'The rename "A=B" was left out: only the models of lm-evaluation-harness files are renamed; these data name their models themselves (edit the file to rename one).';
    assert.deepEqual(csv[2].detail.notices, [leftOut]);
    assert.equal(await errorText(), leftOut);
    assert.deepEqual(await models(), ["1"]);
    assert.equal(await page.evaluate(() => document.getElementById("r").figure.panels()[0].model), "A");
    assert.deepEqual(problems, []);
    assert.deepEqual(await violations(page), []);
    await context.close();
  });

  test("redraws at its container's new width", async () => {
    const { page, context, problems } = await openRecordedPage(session, "test/figures.html");
    await waitForEvents(page, "sweepmap-render", 1, "a");
    await page.evaluate(() => document.getElementById("box-a").classList.add("narrow"));
    const renders = await waitForEvents(page, "sweepmap-render", 2, "a");
    assert.equal(renders[1].detail.width, 500);
    const size = await page.evaluate(() => {
      const host = document.getElementById("a");
      return { css: host.figure.size().width, canvas: host.shadowRoot.querySelector("canvas").getBoundingClientRect().width };
    });
    assert.deepEqual(size, { css: 500, canvas: 500 });
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("the keyboard steps through cells, announces them and selects with Enter", async () => {
    const { page, context, problems } = await openRecordedPage(session, "test/figures.html");
    await waitForEvents(page, "sweepmap-render", 1, "a");
    await page.evaluate(() => document.getElementById("a").shadowRoot.querySelector("canvas").focus());
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("Enter");
    const clicks = await waitForEvents(page, "sweepmap-click", 1, "a");
    const expected = await page.evaluate(() => {
      const host = document.getElementById("a");
      const cell = { panel: 0, x: 1, y: host.figure.panels()[0].rows - 1 };
      const info = host.figure.cellInfo(cell.panel, cell.x, cell.y);
      return {
        detail: { panel: 0, x: 1, y: cell.y, value: info.value, title: info.title, xLabel: info.xLabel, yLabel: info.yLabel, text: info.text, via: "keyboard" },
        announced: host.shadowRoot.querySelector("[aria-live]").textContent,
        outline: !host.shadowRoot.querySelector(".outline").hidden,
        tooltip: host.shadowRoot.querySelector(".tooltip .tooltip-title").textContent,
      };
    });
    // The top-left cell is where focus starts; one step right is x = 1 on the top row (3000).
    assert.deepEqual(clicks[0].detail, expected.detail);
    assert.equal(expected.detail.xLabel, "0.2");
    assert.equal(expected.detail.yLabel, "3000");
    assert.equal(expected.detail.value, seedCells("R1-Qwen", "AIME24").find((cell) => cell.x === "0.2" && cell.y === "3000").value);
    assert.equal(expected.announced, expected.detail.text);
    assert.equal(expected.outline, true);
    assert.equal(expected.tooltip, "R1-Qwen | AIME24");
    const hovers = await recordedEvents(page, "sweepmap-hover", "a");
    assert.deepEqual(
      hovers.map((event) => [event.detail.x, event.detail.y, event.detail.via]),
      [
        [0, expected.detail.y, "keyboard"],
        [1, expected.detail.y, "keyboard"],
      ],
    );
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("pointing at a cell sends sweepmap-hover, leaving sends null, clicking sends sweepmap-click", async () => {
    const { page, context, problems } = await openRecordedPage(session, "test/figures.html");
    await waitForEvents(page, "sweepmap-render", 1, "b");
    const centre = await elementCellCentre(page, "b", { panel: 0, x: 3, y: 2 });
    await page.mouse.move(centre.x, centre.y);
    await page.mouse.move(centre.x + 2, centre.y + 1); // the same cell: no second event
    await page.mouse.click(centre.x, centre.y);
    await page.mouse.move(1, 1);
    const hovers = await waitForEvents(page, "sweepmap-hover", 2, "b");
    const clicks = await waitForEvents(page, "sweepmap-click", 1, "b");
    const info = await page.evaluate(() => document.getElementById("b").figure.cellInfo(0, 3, 2));
    const detail = { panel: 0, x: 3, y: 2, value: info.value, title: info.title, xLabel: info.xLabel, yLabel: info.yLabel, text: info.text, via: "pointer" };
    assert.deepEqual(hovers.map((event) => event.detail), [detail, null]);
    assert.deepEqual(clicks.map((event) => event.detail), [detail]);
    // The difference of the seed values at that cell, as drawn.
    const qwen = seedCells("R1-Qwen", "AIME24").find((cell) => cell.x === info.xLabel && cell.y === info.yLabel).value;
    const llama = seedCells("R1-Llama", "AIME24").find((cell) => cell.x === info.xLabel && cell.y === info.yLabel).value;
    assert.ok(Math.abs(info.value - (qwen - llama)) < 1e-9, `${info.value} = ${qwen} - ${llama}`);
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("inline CSV draws, with labels from data as text only and the missing cell missing", async () => {
    const { page, context, problems } = await openRecordedPage(session, "test/figures.html");
    await waitForEvents(page, "sweepmap-render", 1, "c");
    await page.evaluate(() => document.getElementById("c").shadowRoot.querySelector("canvas").focus());
    await page.keyboard.press("ArrowDown");
    const shown = await page.evaluate(() => {
      const host = document.getElementById("c");
      const root = host.shadowRoot;
      return {
        models: host.loadedData.models(),
        title: root.querySelector(".tooltip .tooltip-title").textContent,
        elements: root.querySelectorAll("b").length,
        missing: host.figure.cellInfo(0, 1, 1).value,
        kind: host.dataKind,
      };
    });
    assert.deepEqual(shown, { models: ["<b>M</b>"], title: "<b>M</b> | T", elements: 0, missing: null, kind: "sweep" });
    assert.deepEqual(await violations(page), []);
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("the data property and per-item scores: a pairwise figure", async () => {
    const { page, context, problems } = await openRecordedPage(session, "test/empty.html");
    const pairwiseText = readFileSync(new URL("../../www/data/synthetic-pairwise.json", import.meta.url), "utf8");
    await page.evaluate((text) => {
      const element = document.createElement("sweep-map");
      element.id = "p";
      element.setAttribute("models", "model-a, model-b");
      element.setAttribute("bins", "5");
      element.data = JSON.parse(text);
      document.getElementById("box").append(element);
    }, pairwiseText);
    const renders = await waitForEvents(page, "sweepmap-render", 1, "p");
    assert.deepEqual(renders[0].detail.panels, ["model-a vs model-b"]);
    assert.equal(renders[0].detail.kind, "pairwise");
    const bins = await page.evaluate(() => {
      const { binsX, binsY, models } = document.getElementById("p").figure.options();
      return { binsX, binsY, models };
    });
    assert.deepEqual(bins, { binsX: 5, binsY: 5, models: ["model-a", "model-b"] });

    // Made-up scores of seven models and no models attribute: the first five, ten pairs.
    const seven = ["item,model,score"];
    for (const item of ["t1", "t2", "t3"]) {
      for (let model = 1; model <= 7; model += 1) seven.push(`${item},m${model},0.${(model * 3 + item.length) % 10}`);
    }
    await page.evaluate((text) => {
      const element = document.getElementById("p");
      element.removeAttribute("models");
      element.data = text;
    }, `${seven.join("\n")}\n`);
    const many = await waitForEvents(page, "sweepmap-render", 2, "p");
    assert.equal(many[1].detail.kind, "pairwise");
    assert.deepEqual(many[1].detail.panels, [
      "m1 vs m2", "m1 vs m3", "m1 vs m4", "m1 vs m5", "m2 vs m3", "m2 vs m4", "m2 vs m5", "m3 vs m4", "m3 vs m5", "m4 vs m5",
    ]);
    assert.deepEqual(await page.evaluate(() => document.getElementById("p").figure.options().models), ["m1", "m2", "m3", "m4", "m5"]);

    // Other data through the property: a sweep replaces the pairwise figure.
    await page.evaluate(() => {
      const element = document.getElementById("p");
      element.removeAttribute("bins");
      element.data = "model,benchmark,y,x,accuracy\nA,T,1,1,0.5\nA,T,1,2,0.75\nA,T,2,1,0.25\nA,T,2,2,1\n";
    });
    const next = await waitForEvents(page, "sweepmap-render", 3, "p");
    assert.deepEqual(next[2].detail, { ...next[2].detail, kind: "sweep", panels: ["A | T"] });
    assert.deepEqual(await violations(page), []);
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("properties set before the element is defined are taken over when it is", async () => {
    const { page, context, problems } = await openRecordedPage(session, "test/undefined.html");
    await page.evaluate(async () => {
      const element = document.createElement("sweep-map");
      element.id = "late";
      element.data = "model,benchmark,y,x,accuracy\nA,T,1,1,0.5\nA,T,1,2,0.75\n";
      element.colormap = "magma";
      document.getElementById("box").append(element);
      await import("../lib/element.js");
    });
    const renders = await waitForEvents(page, "sweepmap-render", 1, "late");
    assert.deepEqual(renders[0].detail.panels, ["A | T"]);
    const state = await page.evaluate(() => {
      const element = document.getElementById("late");
      return { attribute: element.getAttribute("colormap"), colorMap: element.figure.options().colorMap, own: Object.hasOwn(element, "data") };
    });
    assert.deepEqual(state, { attribute: "magma", colorMap: "magma", own: false });
    assert.deepEqual(await violations(page), []);
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("errors are events and text inside the element; a drawn figure stays", async () => {
    const { page, context, problems } = await openRecordedPage(session, "test/figures.html");
    await waitForEvents(page, "sweepmap-render", 1, "a");
    const errorText = () => page.evaluate(() => {
      const box = document.getElementById("a").shadowRoot.querySelector(".error");
      return box.hidden ? null : box.textContent;
    });

    await page.evaluate(() => document.getElementById("a").setAttribute("model", "GPT-4"));
    let errors = await waitForEvents(page, "sweepmap-error", 1, "a");
    const unknown = 'unknown model: "GPT-4"; expected one of "R1-Llama", "R1-Qwen"';
    assert.equal(errors[0].detail.message, unknown);
    assert.equal(await errorText(), unknown);
    assert.equal(await page.evaluate(() => document.getElementById("a").figure.options().model), "R1-Qwen", "the figure stays as it was");

    await page.evaluate(() => {
      const element = document.getElementById("a");
      element.setAttribute("model", "R1-Llama");
      element.setAttribute("range", "fixed");
      element.setAttribute("min", "forty");
    });
    errors = await waitForEvents(page, "sweepmap-error", 2, "a");
    assert.equal(errors[1].detail.message, 'attribute "min": expected a number, found "forty"');

    await page.evaluate(() => {
      const element = document.getElementById("a");
      element.setAttribute("min", "40");
      element.setAttribute("max", "60");
    });
    await waitForEvents(page, "sweepmap-render", 2, "a");
    assert.equal(await errorText(), null, "a drawing clears the error");

    await page.evaluate(() => document.getElementById("a").setAttribute("src", "missing.csv"));
    errors = await waitForEvents(page, "sweepmap-error", 3, "a");
    assert.equal(errors[2].detail.message, 'could not fetch "missing.csv": the server answered 404 Not Found');
    assert.equal(await errorText(), errors[2].detail.message);

    await page.evaluate(() => {
      const element = document.getElementById("a");
      element.removeAttribute("src");
      element.data = "model,benchmark,y,x,pass@1\nA,T,1,1,forty\n";
    });
    errors = await waitForEvents(page, "sweepmap-error", 4, "a");
    assert.equal(errors[3].detail.message, 'could not read the data property: line 2, column "pass@1": expected a number, found "forty"; fix that cell in the file');
    assert.equal(await page.evaluate(() => document.getElementById("a").figure.panels()[0].title), "R1-Llama | AIME24");
    // The 404 asked for is the only problem.
    assert.deepEqual(problems.toSorted(), [
      `HTTP 404: ${new URL("test/missing.csv", session.url).href}`,
      "console error: Failed to load resource: the server responded with a status of 404 (Not Found)",
    ]);
    assert.deepEqual(await violations(page), []);
    await context.close();
  });
});

describe("the example project page", { timeout: 60_000 }, () => {
  const directory = process.env.SHOTS_DIR ?? "/tmp/shots-page";

  for (const width of [1280, 600]) {
    test(`at ${width} px: both figures as wide as their column, nothing wider than the window`, async () => {
      mkdirSync(directory, { recursive: true });
      const { page, context, problems } = await openRecordedPage(session, "example.html", { width, height: 900 });
      await waitForEvents(page, "sweepmap-render", 2);
      const layout = await page.evaluate(() => ({
        overflow: document.documentElement.scrollWidth - window.innerWidth,
        figures: [...document.querySelectorAll("sweep-map")].map((host) => ({
          figure: host.figure.size().width,
          column: Math.floor(host.parentElement.getBoundingClientRect().width),
          labelled: host.shadowRoot.querySelector("canvas").getAttribute("aria-label").length > 0,
        })),
      }));
      assert.ok(layout.overflow <= 0, `the page is ${layout.overflow} px wider than the window`);
      for (const figure of layout.figures) assert.deepEqual(figure, { ...figure, figure: figure.column, labelled: true });
      await page.screenshot({ path: path.join(directory, `example-${width}.png`), fullPage: true });
      assert.deepEqual(await violations(page), []);
      assert.deepEqual(problems, []);
      await context.close();
    });
  }
});

describe("the JS layer from a plain module script", { timeout: 60_000 }, () => {
  test("load() starts the wasm once and the API draws", async () => {
    const { page, context, problems, requests } = await openRecordedPage(session, "test/api.html");
    await page.waitForFunction(() => window.apiResult, null, { timeout: 20_000 });
    const result = await page.evaluate(() => window.apiResult);
    assert.deepEqual(result, { before: false, after: true, same: true, panels: ["R1-Llama | AIME24", "R1-Qwen | AIME24"] });
    assert.equal(requests.filter((url) => url.endsWith(".wasm")).length, 1);
    const pixel = await page.evaluate(() => {
      const figure = window.apiFigure;
      const canvas = document.getElementById("canvas");
      const cells = [];
      const info = figure.panels()[0];
      for (let x = 0; x < info.columns; x += 1) for (let y = 0; y < info.rows; y += 1) cells.push(figure.cellInfo(0, x, y));
      const top = cells.reduce((best, cell) => (cell.value > best.value ? cell : best));
      const rect = figure.cellRect(0, top.x, top.y);
      const scale = canvas.width / figure.size().width;
      return [...canvas.getContext("2d").getImageData(Math.floor((rect.x + rect.width / 2) * scale), Math.floor((rect.y + rect.height / 2) * scale), 1, 1).data];
    });
    assert.ok(closeColour(pixel, VIRIDIS_HIGH), `the highest cell: ${pixel}`);
    assert.deepEqual(await violations(page), []);
    assert.deepEqual(problems, []);
    await context.close();
  });
});
