// End-to-end tests of data from strangers. Hostile labels (HTML and script in model, benchmark,
// axis and value names and in the file name, `javascript:` URLs, right-to-left text, emoji) are
// opened three ways (the file input, a link carrying the data, a src= URL) and shown in every
// layout: nothing runs (no dialog, no flag the payloads would set, no element they would add),
// and every label appears verbatim as text in the controls, the tooltip and live region, the
// summary, the page title and the exported SVG (which parses as XML); exported file names are
// safe. And src= URLs that fail (404, a web page, an empty file, no CORS, a redirect loop) say
// so, naming the URL, and keep what was shown.

import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { createServer } from "node:http";
import { readFile } from "node:fs/promises";

import { encodeData } from "../../www/share.js";
import { afterRender, canvasHash, cellCentre, openPage, shownDataset, startSession, tooltip } from "./browser.mjs";

const IMG = "<img src=x onerror=alert(1)>";
const SCRIPT = "</script><script>window.__pwned=1</script>";
const JS_URL = "javascript:alert(1)";
const FLAG_IMG = "<img src=x onerror=window.__pwned=2>";
const SVG = "<svg onload=window.__pwned=3>";
const HEBREW = "שלום";
const ARABIC = "مرحبا";

const MODELS = [IMG, `${SCRIPT} 🧪`, `${ARABIC} ${SVG}`];
const BENCHMARKS = [JS_URL, `${HEBREW} ${FLAG_IMG}`];
const Y_NAME = "</script><script>alert(1)</script>";
const X_NAME = `${JS_URL} 🔥`;
const Y_VALUES = ["<i>low</i>", `${HEBREW} 🔥`];
const X_VALUES = [JS_URL, ARABIC, "<b>3</b>"];
const METRIC = `score ${FLAG_IMG}`;
const FILE_NAME = `${IMG} ${HEBREW} 🧪.csv`;

/** A CSV field, quoted. */
const field = (text) => `"${String(text).replace(/"/g, '""')}"`;

/** The hostile sweep as tidy CSV: every model, benchmark and cell, values from a formula. */
function hostileCsv() {
  const rows = [["model", "benchmark", Y_NAME, X_NAME, METRIC].map(field).join(",")];
  MODELS.forEach((model, m) =>
    BENCHMARKS.forEach((benchmark, b) =>
      Y_VALUES.forEach((y, yi) =>
        X_VALUES.forEach((x, xi) => rows.push([model, benchmark, y, x, 40 + 3 * m + 2 * b + yi + xi / 2].map(field).join(","))),
      ),
    ),
  );
  return `${rows.join("\n")}\n`;
}

/** The same as JSON, with a hostile title and source and a reported aggregate (for reconcile). */
function hostileJson() {
  const aggregate = `Average ${IMG}`;
  const cells = (m, b) => Y_VALUES.map((_, yi) => X_VALUES.map((_, xi) => 40 + 3 * m + 2 * b + yi + xi / 2));
  return JSON.stringify({
    title: `Title ${SCRIPT} ${ARABIC} 🧪`,
    source: `Source ${IMG} ${JS_URL}`,
    metric: { name: METRIC, direction: "higher", unit: "%" },
    x: { name: X_NAME, values: X_VALUES },
    y: { name: Y_NAME, values: Y_VALUES },
    model: "model",
    benchmark: "benchmark",
    benchmarks: [...BENCHMARKS.map((name) => ({ name, items: 30 })), { name: aggregate, aggregate_of: BENCHMARKS }],
    panels: MODELS.flatMap((model, m) => [
      ...BENCHMARKS.map((benchmark, b) => ({ model, benchmark, cells: cells(m, b) })),
      { model, benchmark: aggregate, cells: Y_VALUES.map((_, yi) => X_VALUES.map((_, xi) => 41 + 3 * m + yi + xi / 2)) },
    ]),
  });
}

/** Hostile per-item scores: item, model, score, benchmark. */
function hostilePairwise() {
  const rows = ["item,model,score,benchmark"];
  for (let item = 0; item < 12; item += 1) {
    MODELS.forEach((model, m) => rows.push([`${IMG} item ${item}`, model, ((item * 7 + m * 3) % 10) / 10, BENCHMARKS[item % 2]].map(field).join(",")));
  }
  return `${rows.join("\n")}\n`;
}

/** Runs in the page before its scripts: records dialogs the payloads would open. */
function recordDialogs() {
  window.__dialogs = [];
  for (const name of ["alert", "confirm", "prompt"]) {
    window[name] = (message) => window.__dialogs.push(`${name}(${message})`);
  }
}

/** A server for src= tests on its own port: hostile files and failures, with or without CORS. */
function dataServer({ cors }) {
  const server = createServer((request, response) => {
    const headers = cors ? { "Access-Control-Allow-Origin": "*" } : {};
    const path = new URL(request.url, "http://localhost").pathname;
    // no-cache, as .ci/serve.mjs: with no-store Chromium reports a fetch read as a stream (the
    // page's src= progress) as aborted once it has ended (microsoft/playwright#42742).
    const send = (status, type, body, extra = {}) => {
      response.writeHead(status, { "Content-Type": type, "Cache-Control": "no-cache", ...headers, ...extra });
      response.end(body);
    };
    if (path === "/hostile.csv") return send(200, "text/csv; charset=utf-8", hostileCsv());
    if (path === "/hostile.json") return send(200, "application/json", hostileJson());
    if (path === "/page.csv") return send(200, "text/html; charset=utf-8", "<!DOCTYPE html>\n<html><head><title>A page</title></head><body>model,x,y</body></html>\n");
    if (path === "/empty.csv") return send(200, "text/csv", "");
    if (path === "/loop.csv") return send(302, "text/plain", "", { Location: "/loop.csv" });
    return send(404, "text/plain", "not found\n");
  });
  return new Promise((resolve) => {
    server.listen(0, "127.0.0.1", () => {
      const url = `http://127.0.0.1:${server.address().port}/`;
      resolve({ url, close: () => new Promise((done) => (server.closeAllConnections(), server.close(done))) });
    });
  });
}

let session;
let corsServer;
let plainServer;
before(async () => {
  session = await startSession();
  corsServer = await dataServer({ cors: true });
  plainServer = await dataServer({ cors: false });
});
after(async () => {
  await session?.close();
  await corsServer?.close();
  await plainServer?.close();
});

/** Nothing the payloads would do has happened. */
async function assertNothingRan(page, dialogs, where) {
  const state = await page.evaluate(() => ({
    pwned: window.__pwned ?? null,
    dialogs: window.__dialogs,
    injected: document.querySelectorAll("img, svg, iframe, object, embed, b, i").length,
    scripts: [...document.scripts].map((script) => script.getAttribute("src")),
  }));
  assert.equal(state.pwned, null, `${where}: a payload set the flag`);
  assert.deepEqual(state.dialogs, [], `${where}: a payload opened a dialog`);
  assert.deepEqual(dialogs, [], `${where}: a dialog opened`);
  assert.equal(state.injected, 0, `${where}: an element from a label`);
  assert.deepEqual(state.scripts, ["main.js"], `${where}: scripts`);
}

/** The download a click on `button` starts; a failure says which button and where. */
function downloadFrom(page, button, where = "") {
  return page.waitForEvent("download").catch((error) => {
    throw new Error(`${where ? `${where}: ` : ""}no download from ${button}: ${error.message}`);
  });
}

/**
 * Pages that have saved real downloads once. Every later export on a page is read from the
 * figure (`toSvg()`, `shownCsv()`, `fileStem()`: what the buttons save) rather than downloaded
 * again: a dozen downloads from one page made Chromium drop one now and then under load, which
 * tested Chromium's download limiter, not the labels (export.test.mjs tests the downloads).
 */
const downloaded = new WeakSet();

/** The exported SVG parsed by the browser: no parser error, and the text of every <text>. */
/**
 * Whether an SVG's texts draw a panel title verbatim: whole, or as the two lines a title too wide
 * for its panel wraps onto (at its " | " or at a space, each line its own text, drawn one after
 * the other).
 */
function drawsTitle(texts, title) {
  if (texts.includes(title)) return true;
  return texts.some((line, index) => {
    const next = texts[index + 1];
    return next !== undefined && (`${line} | ${next}` === title || `${line} ${next}` === title);
  });
}

async function exportedSvgTexts(page) {
  let svg;
  if (downloaded.has(page)) {
    svg = await page.evaluate(async () => (await (await import("./lib/sweepmap.js")).withExports(window.sweepmap.figure, (exporting) => exporting.toSvg())));
  } else {
    const [download] = await Promise.all([downloadFrom(page, "#export-svg"), page.click("#export-svg")]);
    assert.match(download.suggestedFilename(), /^[a-z0-9_-]+\.svg$/);
    svg = await readFile(await download.path(), "utf8");
  }
  return page.evaluate((svg) => {
    const doc = new DOMParser().parseFromString(svg, "image/svg+xml");
    return {
      error: doc.querySelector("parsererror")?.textContent ?? null,
      texts: [...doc.querySelectorAll("text")].map((text) => text.textContent.trim()),
      elements: [...new Set([...doc.querySelectorAll("*")].map((element) => element.localName))].sort(),
    };
  }, svg);
}

/** Checks every place a sweep's labels show, in the layout shown. */
async function checkSweepLabels(page, dialogs, layout, expectedTitle) {
  const where = `layout ${layout}`;
  await assertNothingRan(page, dialogs, where);
  const view = await page.evaluate(() => ({
    models: [...document.querySelectorAll("#model-select option")].map((option) => option.text),
    benchmarks: [...document.querySelectorAll("#benchmark-select option")].map((option) => option.text),
    summary: [...document.querySelectorAll("#summary-panels h3")].map((heading) => heading.textContent),
    observations: document.getElementById("summary-grid").textContent,
    panels: window.sweepmap.figure.panels().map((panel) => panel.title),
    title: document.title,
  }));
  assert.deepEqual(view.models, MODELS, `${where}: model options`);
  // A reconciliation offers the reported aggregates; the other layouts every benchmark.
  const benchmarks = layout === "reconcile" ? [`Average ${IMG}`] : BENCHMARKS;
  for (const benchmark of benchmarks) assert.ok(view.benchmarks.includes(benchmark), `${where}: benchmark option ${benchmark}`);
  assert.deepEqual(view.summary, view.panels, `${where}: summary headings are the panel titles`);
  assert.ok(view.panels.every((title) => MODELS.some((model) => title.includes(model)) || BENCHMARKS.some((b) => title.includes(b))), `${where}: panel titles ${view.panels}`);
  assert.equal(view.title, `${expectedTitle} – sweepmap`);
  // The observations name cells by their labels (the peak's x and y values, at least).
  assert.ok(X_VALUES.some((x) => view.observations.includes(x)) && Y_VALUES.some((y) => view.observations.includes(y)), `${where}: ${view.observations}`);

  // The tooltip and the live region name the cell with its labels, as text.
  const centre = await cellCentre(page, { panel: 0, x: 0, y: 0 });
  await page.mouse.move(centre.x, centre.y);
  await page.waitForSelector("#tooltip:not([hidden])");
  const tip = await tooltip(page);
  const info = await page.evaluate(() => window.sweepmap.figure.cellInfo(0, 0, 0));
  assert.equal(tip.title, view.panels[0], `${where}: tooltip title`);
  assert.ok(Object.values(tip.rows).includes(info.xLabel) && Object.values(tip.rows).includes(info.yLabel), `${where}: tooltip rows ${JSON.stringify(tip.rows)}`);
  assert.equal(info.xLabel, X_VALUES[0]);
  await page.mouse.move(1, 1);
  await page.focus("#figure-canvas");
  await page.keyboard.press("Home");
  const announced = await page.locator("#cell-announcer").textContent();
  assert.ok(announced.includes(view.panels[0]), `${where}: announced ${announced}`);
  assert.ok(X_VALUES.some((x) => announced.includes(x)) && Y_VALUES.some((y) => announced.includes(y)), `${where}: announced ${announced}`);
  await page.keyboard.press("Escape");

  // The SVG: well-formed, only the elements a figure draws, every panel title and the metric verbatim.
  const svg = await exportedSvgTexts(page);
  assert.equal(svg.error, null, `${where}: the SVG parses`);
  assert.deepEqual(svg.elements.filter((name) => !["svg", "rect", "text", "line", "polyline", "polygon", "circle", "path", "g"].includes(name)), []);
  for (const title of view.panels) assert.ok(drawsTitle(svg.texts, title), `${where}: SVG text ${title} in ${svg.texts.join(" / ")}`);
  assert.ok(svg.texts.some((text) => text.startsWith(METRIC)), `${where}: the metric in the SVG`);

  // Exported file names are safe whatever the labels.
  if (downloaded.has(page)) {
    const saved = await page.evaluate(async () => ({ stem: window.sweepmap.figure.fileStem(), csv: (await (await import("./lib/sweepmap.js")).withExports(window.sweepmap.figure, (exporting) => exporting.shownCsv())) }));
    assert.match(saved.stem, /^[a-z0-9_-]+$/, `${where}: ${saved.stem}`);
    assert.ok(saved.csv.includes(X_VALUES[0]) && saved.csv.includes(Y_VALUES[0]), `${where}: the shown CSV has the axis labels`);
  }
  for (const button of downloaded.has(page) ? [] : ["#export-csv", "#export-png"]) {
    const [download] = await Promise.all([downloadFrom(page, button, where), page.click(button)]);
    assert.match(download.suggestedFilename(), /^[a-z0-9_-]+\.(csv|png)$/, `${where}: ${download.suggestedFilename()}`);
    if (button === "#export-csv") {
      const csv = await readFile(await download.path(), "utf8");
      assert.ok(csv.includes(X_VALUES[0]) && csv.includes(Y_VALUES[0]), `${where}: the shown CSV has the axis labels`);
    }
  }
  downloaded.add(page);
  await assertNothingRan(page, dialogs, `${where}, after hovering and exporting`);
}

/** Steps through every layout of a sweep and checks the labels in each. */
async function checkEveryLayout(page, dialogs, expectedTitle, layouts) {
  for (const layout of layouts) {
    if ((await page.locator("#layout-select").inputValue()) !== layout) {
      await afterRender(page, () => page.selectOption("#layout-select", layout));
    }
    await checkSweepLabels(page, dialogs, layout, expectedTitle);
  }
}

const LAYOUTS = ["model", "benchmark", "grid", "difference"];

async function hostilePage(path, { height = 900 } = {}) {
  const opened = await openPage(session, path, { init: recordDialogs, height });
  const dialogs = [];
  opened.page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    dialog.dismiss();
  });
  return { ...opened, dialogs };
}

describe("hostile labels", { timeout: 240_000 }, () => {
  test("opened through the file input, they are text in every layout and nothing runs", async () => {
    const { page, dialogs, problems } = await hostilePage("#dataset=kv-cache-sweep");
    await shownDataset(page);
    await afterRender(page, () => page.setInputFiles("#file-input", { name: FILE_NAME, mimeType: "text/csv", buffer: Buffer.from(hostileCsv()) }));
    const shown = await shownDataset(page);
    assert.equal(shown.error, null);
    assert.equal(shown.title, FILE_NAME);
    const current = await page.locator('#dataset-select option[value="current"]').textContent();
    assert.equal(current, `File: ${FILE_NAME}`);
    await checkEveryLayout(page, dialogs, FILE_NAME, LAYOUTS);
    assert.deepEqual(problems, []);
  });

  test("carried by a link, and as JSON from a src= URL with a reconciliation, they are text too", async () => {
    const link = `#data=${await encodeData(hostileCsv())}&fmt=csv&name=${encodeURIComponent(FILE_NAME)}&layout=grid`;
    const linked = await hostilePage(link);
    assert.equal((await shownDataset(linked.page)).title, FILE_NAME);
    await checkEveryLayout(linked.page, linked.dialogs, FILE_NAME, ["grid", "model", "difference"]);
    assert.deepEqual(linked.problems, []);

    const src = `${corsServer.url}hostile.json`;
    const { page, dialogs, problems } = await hostilePage(`#src=${encodeURIComponent(src)}`);
    const shown = await shownDataset(page);
    const title = `Title ${SCRIPT} ${ARABIC} 🧪`;
    assert.equal(shown.error, null);
    assert.equal(shown.title, title);
    assert.equal(shown.source, `Source ${IMG} ${JS_URL}`);
    assert.equal(await page.locator('#dataset-select option[value="current"]').textContent(), `URL: ${src}`);
    await checkEveryLayout(page, dialogs, title, [...LAYOUTS, "reconcile"]);
    assert.deepEqual(problems, []);
  });

  test("per-item scores with hostile names are text in the model list, groups, tooltip and statistics", async () => {
    // Tall enough for the first pair's bins to be on screen.
    const { page, dialogs, problems } = await hostilePage("#dataset=kv-cache-sweep", { height: 2000 });
    await shownDataset(page);
    await afterRender(page, () => page.setInputFiles("#file-input", { name: FILE_NAME, mimeType: "text/csv", buffer: Buffer.from(hostilePairwise()) }));
    const view = await page.evaluate(() => ({
      kind: window.sweepmap.kind,
      models: [...document.querySelectorAll("#models-list label")].map((label) => label.textContent),
      groups: [...document.querySelectorAll("#group-select option")].map((option) => option.text),
      summary: document.getElementById("summary-grid").textContent,
      panels: window.sweepmap.figure.panels().map((panel) => panel.title),
    }));
    assert.equal(view.kind, "pairwise");
    assert.deepEqual(view.models, MODELS);
    assert.deepEqual(view.groups.slice(1), BENCHMARKS);
    for (const model of MODELS) assert.ok(view.summary.includes(model), `the statistics name ${model}`);
    // A bin that holds items, pointed at: its tooltip is titled with the pair of models.
    const bin = await page.evaluate(() => {
      const panel = window.sweepmap.figure.panels()[0];
      for (let y = 0; y < panel.rows; y += 1) {
        for (let x = 0; x < panel.columns; x += 1) if (window.sweepmap.figure.cellInfo(0, x, y)?.count > 0) return { panel: 0, x, y };
      }
      return null;
    });
    const centre = await cellCentre(page, bin);
    await page.mouse.move(centre.x, centre.y);
    await page.waitForSelector("#tooltip:not([hidden])");
    assert.equal((await tooltip(page)).title, view.panels[0]);
    const svg = await exportedSvgTexts(page);
    assert.equal(svg.error, null);
    for (const title of view.panels) assert.ok(drawsTitle(svg.texts, title), `SVG text ${title}`);
    await assertNothingRan(page, dialogs, "pairwise");
    assert.deepEqual(problems, []);
  });
});

describe("src= URLs that fail", { timeout: 120_000 }, () => {
  const fallback = 'Showing "KV-cache sweep: R1-Llama and R1-Qwen" instead.';
  const blocked =
    "the request failed (Failed to fetch): the address may be unreachable, its server may not let other sites read the file (CORS), or it may redirect in a loop.";
  const cases = () => [
    [`${corsServer.url}missing.csv`, "the server answered 404 Not Found."],
    [`${corsServer.url}page.csv`, 'it sent a web page (HTML), not a CSV or JSON file; link to the raw file instead (on GitHub, its "Raw" button).'],
    [`${corsServer.url}empty.csv`, "the server sent an empty file."],
    [`${plainServer.url}hostile.csv`, blocked],
    [`${corsServer.url}loop.csv`, blocked],
  ];

  test("on opening, the message names the URL and why, and the default dataset is shown", async () => {
    for (const [url, why] of cases()) {
      const { page } = await openPage(session, `#src=${encodeURIComponent(url)}`);
      await page.waitForFunction(() => window.sweepmap?.renders > 0);
      const shown = await shownDataset(page);
      assert.equal(shown.error, `Could not load ${url}: ${why} ${fallback}`);
      assert.equal(shown.title, "KV-cache sweep: R1-Llama and R1-Qwen");
      assert.ok(shown.renders > 0, "the default figure is drawn");
      await page.context().close();
    }
  });

  test("going back or forward to a failing URL keeps the figure and the address of what is shown", async () => {
    const { page } = await openPage(session, "#dataset=kv-cache-sweep&layout=grid");
    const before = await shownDataset(page);
    const hash = await canvasHash(page);
    for (const [url, why] of cases()) {
      await page.evaluate((url) => {
        window.history.pushState(null, "", `#src=${encodeURIComponent(url)}`);
        window.dispatchEvent(new PopStateEvent("popstate"));
      }, url);
      await page.waitForFunction((url) => document.getElementById("error-banner").textContent.includes(url), url);
      const shown = await shownDataset(page);
      assert.equal(shown.error, `Could not load ${url}: ${why.replace(/\.$/, "")}`);
      assert.equal(shown.title, before.title);
      assert.equal(shown.fragment, before.fragment, "the address is back to what is shown");
      assert.equal(shown.renders, before.renders);
      assert.equal(await canvasHash(page), hash, "the figure stays");
    }
  });
});
