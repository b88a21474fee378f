// End-to-end tests of the standalone file (README "One file"): the templates .ci/build writes
// (www/pkg/standalone.html, www/pkg/pairwise/standalone.html), filled with a bundled dataset, a
// run-table CSV, hostile data, by the explorer's Page button and by the README's Python lines,
// opened from file:// in a context that is offline and aborts every request that is not for a
// file. Each must draw what the explorer draws for the same data and view (the colour at a
// cell's centre, the hover text, the keyboard's cell, the exports), with no request other than
// the file itself, no CSP violation and no console error. Screenshots at 1400 and 390 px wide go
// to $SHOTS_DIR (default /tmp/shots-standalone/).

import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdirSync } from "node:fs";
import { copyFile, mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { promisify } from "node:util";

import { afterRender, canvasHash, cellCentre, openPage, shownDataset, startSession, tooltip } from "./browser.mjs";
import { openRecordedPage, tempFolder, violations } from "./embed.mjs";
import { FIGURE_SLOT, fillTemplate } from "../../www/lib/standalone.js";
import { inlineScript, stylesheetLinks, templateText } from "../../.ci/standalone.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const repository = path.resolve(here, "..", "..");
const templates = {
  sweep: path.join(repository, "www", "pkg", "standalone.html"),
  pairwise: path.join(repository, "www", "pkg", "pairwise", "standalone.html"),
};
const shots = process.env.SHOTS_DIR ?? "/tmp/shots-standalone";

let session;
let temp;
/** Requests the explorer's server has answered, by path. */
const served = [];
before(async () => {
  mkdirSync(shots, { recursive: true });
  session = await startSession();
  session.server.on("request", (request) => served.push(new URL(request.url, session.url).pathname));
  temp = await tempFolder("standalone");
});
after(async () => {
  await session?.close();
  await temp?.remove();
});

/** Writes the template for `kind` filled with `figure` to a temp file; returns its path. */
async function figureFile(name, figure, kind = "sweep") {
  const file = path.join(temp.folder, name);
  await writeFile(file, fillTemplate(await readFile(templates[kind], "utf8"), figure));
  return file;
}

/**
 * Opens a file from file:// offline, every request that is not for a file aborted; records the
 * requests, CSP violations, console errors and uncaught exceptions.
 */
function openFile(file, { width = 1280, height = 900 } = {}) {
  return openRecordedPage(session, pathToFileURL(file).href, { width, height, offline: true });
}

/** What went wrong in an opened file: problems, CSP violations, requests other than the file. */
async function trouble({ page, problems, requests }, file) {
  const found = await violations(page);
  const elsewhere = requests.filter((url) => url.split("#")[0] !== pathToFileURL(file).href && !url.startsWith("data:") && !url.startsWith("blob:"));
  return { problems, violations: found, elsewhere };
}

const NO_TROUBLE = { problems: [], violations: [], elsewhere: [] };

/** The RGBA colour at the centre of a cell of the figure canvas. */
function cellColour(page, { panel, x, y }) {
  return page.evaluate(
    ({ panel, x, y }) => {
      const canvas = document.getElementById("figure-canvas");
      const rect = window.sweepmap.figure.cellRect(panel, x, y);
      const scale = canvas.width / canvas.getBoundingClientRect().width;
      const pixel = canvas.getContext("2d").getImageData(Math.floor((rect.x + rect.width / 2) * scale), Math.floor((rect.y + rect.height / 2) * scale), 1, 1).data;
      return [...pixel];
    },
    { panel, x, y },
  );
}

/** Hovers a cell (scrolled into the middle of the window first) and returns the tooltip shown. */
async function hover(page, cell) {
  const { y } = await cellCentre(page, cell);
  await page.evaluate((y) => window.scrollBy(0, y - window.innerHeight / 2), y);
  const centre = await cellCentre(page, cell);
  await page.mouse.move(centre.x, centre.y);
  await page.waitForSelector("#tooltip:not([hidden])");
  return tooltip(page);
}

/** Focuses the figure, steps one cell right with the keyboard; returns what the live region says. */
async function stepRight(page) {
  await page.mouse.move(0, 0);
  await page.focus("#figure-canvas");
  await page.keyboard.press("ArrowRight");
  await page.waitForFunction(() => document.getElementById("cell-announcer").textContent !== "");
  return page.textContent("#cell-announcer");
}

/** Clicks a button and returns the download it starts: its file name and text. */
async function download(page, selector) {
  const [started] = await Promise.all([page.waitForEvent("download"), page.click(selector)]);
  return { name: started.suggestedFilename(), text: await readFile(await started.path(), "utf8") };
}

/** What a page shows and can be compared between the explorer and a file. */
async function looks(page, cell) {
  const shown = await shownDataset(page);
  return {
    title: shown.title,
    facts: shown.facts,
    panels: shown.panels,
    notices: shown.notices,
    error: shown.error,
    state: await page.evaluate(() => ({ ...window.sweepmap.state, source: null })),
    colour: await cellColour(page, cell),
    canvas: await canvasHash(page),
  };
}

describe("the standalone file", { timeout: 240_000 }, () => {
  test("each template has one figure slot, and a policy that allows only its own script and styles", async () => {
    const links = stylesheetLinks(await readFile(path.join(repository, "www", "index.html"), "utf8"));
    assert.ok(links.some((link) => link.href === "style.css"));
    for (const [kind, file] of Object.entries(templates)) {
      const html = await readFile(file, "utf8");
      assert.equal(html.split(FIGURE_SLOT).length - 1, 1, `${kind}: one slot`);
      assert.ok(html.includes(`<script type="application/json" id="sweepmap-figure">${FIGURE_SLOT}</script>`), `${kind}: the slot in its element`);
      const scripts = [...html.matchAll(/<script type="module">([\s\S]*?)<\/script>/g)].map((match) => match[1]);
      const styles = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((match) => match[1]);
      assert.equal(scripts.length, 1, `${kind}: one inline module`);
      assert.equal(styles.length, links.length, `${kind}: a style for each stylesheet the explorer links`);
      const hash = (text) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;
      const csp = /<meta http-equiv="Content-Security-Policy" content="([^"]*)">/.exec(html)?.[1];
      assert.equal(
        csp,
        `default-src 'none'; script-src ${hash(scripts[0])} 'wasm-unsafe-eval'; style-src ${styles.map(hash).join(" ")}; img-src data: blob:; base-uri 'none'; form-action 'none'`,
      );
      // Nothing is loaded from an address: the only src or href is the data: icon.
      assert.deepEqual([...html.matchAll(/\b(?:src|href)="([^"]*)"/g)].map((match) => match[1]), ["data:,"], `${kind}: no address`);
      const wasm = [...html.matchAll(/<script type="application\/gzip" id="([^"]+)">/g)].map((match) => match[1]);
      // Both hold the pairwise package: it writes a sweep figure's exports (lib/sweepmap.js
      // withExports); and the slice package, which draws the slice view.
      assert.deepEqual(wasm, ["sweepmap-wasm", "sweepmap-wasm-pairwise", "sweepmap-wasm-slice"]);
    }
  });

  test("the builder writes what would end an inline element so that it cannot, or refuses it", async () => {
    assert.equal(inlineScript('a("</script>",/<!--x/,`<SCRIPT>`)'), 'a("\\x3C/script>",/\\x3C!--x/,`\\x3CSCRIPT>`)');
    assert.equal(inlineScript("a < b && c <= d"), "a < b && c <= d");
    const markup = await readFile(path.join(repository, "www", "index.html"), "utf8");
    // Each stylesheet the explorer links, as "p {}", and style.css as given.
    const sheets = (css) => ({ ...Object.fromEntries(stylesheetLinks(markup).map(({ href }) => [href, "p {}"])), "style.css": css });
    const parts = { markup, stylesheets: sheets("p {}"), script: "x()", wasm: { sweep: Buffer.from([0, 97, 115, 109]) } };
    const { html, csp } = templateText(parts);
    assert.ok(html.includes("<style>p {}</style>"));
    assert.ok(html.includes('<script type="module">x()</script>'));
    assert.ok(html.includes('<script type="application/gzip" id="sweepmap-wasm">'));
    assert.equal(html.split(FIGURE_SLOT).length - 1, 1);
    assert.ok(csp.includes(`style-src 'sha256-${createHash("sha256").update("p {}").digest("base64")}'`));
    // Another stylesheet, with a media query and an id the script may use, is inlined too.
    const extra = '    <link rel="stylesheet" href="extra.css" media="(prefers-color-scheme: dark)" id="extra-style">\n';
    const withExtra = markup.replace('    <link rel="stylesheet" href="style.css">\n', (tag) => tag + extra);
    const more = templateText({ ...parts, markup: withExtra, stylesheets: { ...parts.stylesheets, "extra.css": ":root { color: #eee; }" } });
    assert.ok(more.html.includes('<style media="(prefers-color-scheme: dark)" id="extra-style">:root { color: #eee; }</style>'));
    assert.equal(more.csp.match(/'sha256-/g).length, 1 + stylesheetLinks(withExtra).length, "one hash for the script and each style");
    assert.throws(() => templateText({ ...parts, stylesheets: sheets("p { content: '</style>' }") }), {
      message: 'standalone: www/style.css holds "</style" at 14, which would end its <style> early',
    });
    assert.throws(() => templateText({ ...parts, stylesheets: sheets("@font-face { src: url(font.woff2) }") }), {
      message: "standalone: www/style.css refers to another file, url(font.woff2), which a standalone file cannot load",
    });
    assert.throws(() => templateText({ ...parts, script: `x("${FIGURE_SLOT}")` }), { message: /standalone: the bundled script holds "<!--"/ });
    assert.throws(() => templateText({ ...parts, markup: markup.replace("  </head>", '    <script src="extra.js"></script>\n  </head>') }), {
      message: "standalone: www/index.html refers to extra.js, which a standalone file cannot load",
    });
    assert.throws(() => templateText({ ...parts, markup: markup.replace('<script type="module" src="main.js"></script>', "") }), {
      message: 'standalone: expected "<script type=\\"module\\" src=\\"main.js\\"></script>" once in www/index.html, found it 0 times',
    });
  });

  test("a bundled dataset's file opens from file:// offline and draws, hovers, steps and exports as the explorer does", async () => {
    const view = "layout=grid&cmap=magma&unc=0.95";
    const cell = { panel: 1, x: 2, y: 1 };
    const explorer = await openPage(session, `#dataset=kv-cache-sweep&${view}`);
    const expected = await looks(explorer.page, cell);
    const expectedHover = await hover(explorer.page, cell);
    const expectedStep = await stepRight(explorer.page);
    const expectedSvg = await download(explorer.page, "#export-svg");
    const expectedCsv = await download(explorer.page, "#export-csv");
    await explorer.context.close();

    const data = await readFile(path.join(repository, "www", "data", "kv-cache-sweep.json"), "utf8");
    const file = await figureFile("kv-cache-sweep.html", { data, name: "kv-cache-sweep.json", view });
    const opened = await openFile(file);
    const { page } = opened;
    const shown = await looks(page, cell);
    assert.equal(shown.title, "KV-cache sweep: R1-Llama and R1-Qwen");
    assert.equal(shown.panels.length, 10);
    assert.deepEqual(shown, expected);
    assert.equal(await page.title(), "KV-cache sweep: R1-Llama and R1-Qwen – sweepmap");
    assert.equal(await page.evaluate(() => window.location.hash), `#dataset=figure&${view}`);
    assert.deepEqual(await hover(page, cell), expectedHover);
    assert.equal(expectedHover.title, "R1-Llama | AIME25");
    assert.equal(await stepRight(page), expectedStep);
    assert.deepEqual(await download(page, "#export-svg"), expectedSvg);
    assert.deepEqual(await download(page, "#export-csv"), expectedCsv);
    const png = await download(page, "#export-png");
    assert.equal(png.name, expectedSvg.name.replace(/\.svg$/, ".png"));
    // A control redraws, and the address keeps the view for a reload.
    await afterRender(page, () => page.selectOption("#layout-select", "benchmark"));
    assert.equal(await page.evaluate(() => window.location.hash), "#dataset=figure&layout=benchmark&cmap=magma&unc=0.95");
    await page.reload();
    assert.deepEqual((await shownDataset(page)).panels, ["R1-Llama | AIME24", "R1-Qwen | AIME24"]);
    // What needs a site is not offered.
    // The PDF and outlined SVG exports too: the file holds neither the paper package nor its font.
    const hidden = await page.evaluate(() =>
      ["group-data", "copy-link", "export-page", "export-pdf", "export-svg-paths"].map((id) => document.getElementById(id).closest("[hidden]") !== null),
    );
    assert.deepEqual(hidden, [true, true, true, true, true]);
    assert.deepEqual(await trouble(opened, file), NO_TROUBLE);
    for (const width of [1400, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.waitForFunction((width) => window.sweepmap.figure.size().width <= width, width);
      assert.equal(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth), true, `nothing wider than ${width} px`);
      await page.screenshot({ path: path.join(shots, `kv-cache-sweep-${width}.png`), fullPage: true });
    }
    await opened.context.close();
  });

  test("a file whose view is a slice draws it offline from the slice package it holds, as the explorer does, and its exports", async () => {
    const view = "chart=slice&along=y";
    const explorer = await openPage(session, `#dataset=kv-cache-sweep&${view}`);
    await explorer.page.waitForFunction(() => window.sweepmap.figure && "sliceSeries" in window.sweepmap.figure);
    const slice = (page) => page.evaluate(() => ({ series: window.sweepmap.figure.sliceSeries(), first: window.sweepmap.figure.slicePointOf(0, 0), help: document.getElementById("figure-help").textContent }));
    const expected = await slice(explorer.page);
    const expectedSvg = await download(explorer.page, "#export-svg");
    await explorer.context.close();

    const data = await readFile(path.join(repository, "www", "data", "kv-cache-sweep.json"), "utf8");
    const file = await figureFile("kv-cache-slice.html", { data, name: "kv-cache-sweep.json", view });
    const opened = await openFile(file);
    await opened.page.waitForFunction(() => window.sweepmap.figure && "sliceSeries" in window.sweepmap.figure);
    assert.deepEqual(await slice(opened.page), expected);
    assert.match(expected.help, /^Point at a point/);
    assert.deepEqual(await download(opened.page, "#export-svg"), expectedSvg);
    // Back to the heatmap and to a slice again, from the controls.
    await afterRender(opened.page, () => opened.page.selectOption("#chart-select", "heatmap"));
    await afterRender(opened.page, () => opened.page.selectOption("#chart-select", "slice:x"));
    assert.equal(await opened.page.evaluate(() => window.sweepmap.state.along), "x");
    assert.deepEqual(await trouble(opened, file), NO_TROUBLE);
    await opened.context.close();
  });

  test("a run-table CSV's file opens as the explorer opens the file: same inference, cells and hover", async () => {
    const name = "synthetic-wandb-runs.csv";
    const data = await readFile(path.join(repository, "tests", "fixtures", "sweeps", name), "utf8");
    const cell = { panel: 0, x: 0, y: 0 };
    const explorer = await openPage(session, "", { width: 1400 });
    await shownDataset(explorer.page);
    await afterRender(explorer.page, () => explorer.page.setInputFiles("#file-input", { name, mimeType: "text/csv", buffer: Buffer.from(data) }));
    const expected = await looks(explorer.page, cell);
    const expectedHover = await hover(explorer.page, cell);
    const expectedCsv = await download(explorer.page, "#export-csv");
    // The explorer's Page, for a file opened there: its text, name and format.
    const saved = await download(explorer.page, "#export-page");
    assert.equal(saved.name, "synthetic-wandb-runs-csv.html");
    await explorer.context.close();
    assert.ok(expected.notices.length > 0, "the explorer says what it inferred");

    const fromPage = path.join(temp.folder, saved.name);
    await writeFile(fromPage, saved.text);
    const reopened = await openFile(fromPage, { width: 1400 });
    assert.deepEqual(await looks(reopened.page, cell), expected);
    assert.deepEqual(await trouble(reopened, fromPage), NO_TROUBLE);
    await reopened.context.close();

    const file = await figureFile("runs.html", { data, name });
    for (const width of [1400, 390]) {
      const opened = await openFile(file, { width });
      const shown = await looks(opened.page, cell);
      if (width === 1400) {
        assert.deepEqual({ ...shown, canvas: null, title: null }, { ...expected, canvas: null, title: null });
        assert.equal(shown.title, name);
        assert.equal(shown.canvas, expected.canvas);
        assert.deepEqual(await hover(opened.page, cell), expectedHover);
        assert.deepEqual(await download(opened.page, "#export-csv"), expectedCsv);
      }
      await opened.page.mouse.move(0, 0);
      await opened.page.screenshot({ path: path.join(shots, `run-table-${width}.png`), fullPage: true });
      assert.deepEqual(await trouble(opened, file), NO_TROUBLE);
      await opened.context.close();
    }
  });

  test("the explorer fetches no template until Page is pressed, then saves a file that opens the same view", async () => {
    for (const { link, kind, name } of [
      { link: "#dataset=kv-cache-sweep&layout=benchmark&bench=AMC23&cmap=cividis&rev=1&dec=2", kind: "sweep", name: "kv-cache-sweep-r1-llama-and-r1-qwen.html" },
      { link: "#dataset=synthetic-pairwise&models=model-a,model-c&bins=20&by=share", kind: "pairwise", name: "synthetic-example-progress-ratios-of-four-models-on-300-items-in-three-benchmark.html" },
    ]) {
      served.length = 0;
      const explorer = await openPage(session, link);
      await shownDataset(explorer.page);
      await download(explorer.page, "#export-svg");
      await afterRender(explorer.page, () => explorer.page.selectOption("#decimals-select", "1"));
      const expected = await looks(explorer.page, { panel: 0, x: 1, y: 1 });
      assert.equal(expected.error, null);
      const templatePath = kind === "pairwise" ? "/pkg/pairwise/standalone.html" : "/pkg/standalone.html";
      assert.deepEqual(served.filter((pathname) => pathname.endsWith("standalone.html")), [], `${kind}: no template fetched before Page`);
      const saved = await download(explorer.page, "#export-page");
      assert.deepEqual(served.filter((pathname) => pathname.endsWith("standalone.html")), [templatePath], `${kind}: its template, once`);
      assert.equal(saved.name, name);
      assert.equal(await explorer.page.textContent("#share-status"), `Page saved as ${name}.`);
      await explorer.context.close();

      const file = path.join(temp.folder, saved.name);
      await writeFile(file, saved.text);
      const opened = await openFile(file);
      const shown = await looks(opened.page, { panel: 0, x: 1, y: 1 });
      assert.deepEqual(shown, expected);
      assert.deepEqual(await trouble(opened, file), NO_TROUBLE);
      if (kind === "pairwise") await opened.page.screenshot({ path: path.join(shots, "pairwise-1400.png"), fullPage: true });
      await opened.context.close();
    }
  });

  test("data and titles that hold markup stay text, and run nothing", async () => {
    const hostile = '</script><script>window.pwned = 1</script><!--';
    const data = [
      "model,benchmark,window,ratio,pass@1",
      `"${hostile}",<img src=x onerror=window.pwned=2>,100,0.1,40`,
      `"${hostile}",<img src=x onerror=window.pwned=2>,100,0.2,42`,
      `"$& $' ${FIGURE_SLOT}",<img src=x onerror=window.pwned=2>,100,0.1,39`,
      `"$& $' ${FIGURE_SLOT}",<img src=x onerror=window.pwned=2>,100,0.2,45`,
    ].join("\n");
    const title = "</title><script>window.pwned = 3</script> & <b>co</b>";
    const file = await figureFile("hostile.html", { data, title, view: "layout=grid" });
    const html = await readFile(file, "utf8");
    assert.equal(html.split(FIGURE_SLOT).length - 1, 0, "the slot is filled, and no value holds it");
    const opened = await openFile(file);
    const shown = await shownDataset(opened.page);
    assert.equal(shown.error, null);
    assert.equal(shown.title, title);
    assert.deepEqual(shown.panels, [`${hostile} | <img src=x onerror=window.pwned=2>`, `$& $' ${FIGURE_SLOT} | <img src=x onerror=window.pwned=2>`]);
    assert.equal(await opened.page.evaluate(() => window.pwned), undefined);
    assert.equal(await opened.page.evaluate(() => document.querySelectorAll("img, b, script:not([type])").length), 0);
    assert.deepEqual(await trouble(opened, file), NO_TROUBLE);
    await opened.context.close();
  });

  test("a view with values the data cannot take opens with notices and defaults, as a link does", async () => {
    const data = await readFile(path.join(repository, "www", "data", "kv-cache-sweep.json"), "utf8");
    const file = await figureFile("bad-view.html", { data, view: "layout=sideways&colorMap=magma&colormap=viridis" });
    const opened = await openFile(file);
    const shown = await shownDataset(opened.page);
    assert.equal(shown.error, null);
    assert.deepEqual(shown.notices, [
      'Ignored "colormap" in the link: it is not a sweepmap setting.',
      'layout="sideways" is not a layout (expected model, benchmark, grid, difference, reconcile); using "model".',
    ]);
    assert.equal(shown.fragment, "#dataset=figure&cmap=magma");
    assert.deepEqual(await trouble(opened, file), NO_TROUBLE);
    await opened.context.close();
  });

  test("an unfilled template, a damaged figure and per-item scores in a file without the pairwise package say what is wrong", async () => {
    const unfilled = path.join(temp.folder, "unfilled.html");
    await copyFile(templates.sweep, unfilled);
    const template = await readFile(templates.sweep, "utf8");
    const damaged = path.join(temp.folder, "damaged.html");
    await writeFile(damaged, template.replace(FIGURE_SLOT, '{"data": "a,b'));
    const scores = await readFile(path.join(repository, "www", "data", "synthetic-pairwise.json"), "utf8");
    // A file made from an older template for sweeps, which held the default package only.
    const wrongTemplate = path.join(temp.folder, "wrong-template.html");
    const sweepsOnly = template.replace(/<script type="application\/gzip" id="sweepmap-wasm-pairwise">[^<]*<\/script>/, "");
    assert.notEqual(sweepsOnly, template);
    await writeFile(wrongTemplate, fillTemplate(sweepsOnly, { data: scores, kind: "pairwise" }));
    for (const [file, message] of [
      [unfilled, `This file's figure cannot be shown: this is sweepmap's standalone template, not a figure: replace ${FIGURE_SLOT} with the figure's JSON (README "One file")`],
      [damaged, /^This file's figure cannot be shown: the figure in this file is not valid JSON \(.+\); fill the template as README "One file" says$/],
      [wrongTemplate, 'This file\'s figure cannot be shown: this file holds per-item scores ("kind": "pairwise") but only the package for sweeps: fill the template www/pkg/pairwise/standalone.html instead'],
    ]) {
      const opened = await openFile(file);
      await opened.page.waitForSelector("#error-banner:not([hidden])");
      const banner = await opened.page.textContent("#error-banner");
      if (typeof message === "string") assert.equal(banner, message);
      else assert.match(banner, message);
      assert.equal(await opened.page.textContent("#dataset-title"), "No figure");
      const { violations: found, elsewhere } = await trouble(opened, file);
      assert.deepEqual({ violations: found, elsewhere }, { violations: [], elsewhere: [] });
      await opened.context.close();
    }
    // Filling checks what it is given.
    assert.throws(() => fillTemplate(template, { data: "" }), { message: 'the figure\'s "data" must be the dataset\'s text (CSV or JSON)' });
    assert.throws(() => fillTemplate(template, { data: "a", format: "xml" }), { message: 'the figure\'s "format" must be one of "auto", "csv", "json", not "xml"' });
    assert.throws(() => fillTemplate(template, { data: "a", colormap: "magma" }), { message: 'the figure has no field "colormap" (it has "data", "name", "format", "kind", "title", "view")' });
    assert.throws(() => fillTemplate(fillTemplate(template, { data: "a" }), { data: "a" }), {
      message: "this is not a sweepmap standalone template (it has no figure slot), or it is already filled",
    });
  });

  test("the README's Python lines fill the template into a file that opens", async () => {
    const readme = await readFile(path.join(repository, "README.md"), "utf8");
    const section = readme.slice(readme.indexOf("\n## One file\n"));
    const python = /```python\n([\s\S]*?)```/.exec(section)?.[1];
    assert.ok(python, 'README "One file" has a Python block');
    const folder = path.join(temp.folder, "python");
    await mkdir(path.join(folder, "www", "pkg"), { recursive: true });
    await copyFile(templates.sweep, path.join(folder, "www", "pkg", "standalone.html"));
    const csv = ["model,benchmark,window,ratio,pass@1", "A,Quiz,100,0.1,40", "A,Quiz,100,0.2,42", "B,Quiz,100,0.1,39", "B,Quiz,100,0.2,45"].join("\n");
    await writeFile(path.join(folder, "results.csv"), csv);
    await promisify(execFile)("python3", ["-c", python], { cwd: folder });
    const file = path.join(folder, "figure.html");
    const opened = await openFile(file);
    const shown = await shownDataset(opened.page);
    assert.equal(shown.error, null);
    assert.equal(shown.title, "results.csv");
    assert.deepEqual(shown.panels, ["A | Quiz", "B | Quiz"]);
    assert.deepEqual(await trouble(opened, file), NO_TROUBLE);
    await opened.context.close();
  });
});
