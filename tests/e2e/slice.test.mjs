// End-to-end tests of the slice view (issue 14; view settings `chart`, `along`, `across`): the
// W&B fixture (tests/fixtures/sweeps/, synthetic) opened through the file input and drawn as a
// slice from the Chart select; the canvas' colour at a point is its series' colour, hover shows
// the core's text for the point, the keyboard steps along a line, the SVG export is the slice's,
// and the link written (chart=slice&along=y&across=best) reopens the same slice with the same
// controls. Screenshots at 1400 and 390 CSS px go to /tmp/shots-slice/ (or $SHOTS_DIR). Needs
// the wasm package built (.ci/build).

import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, readFileSync } from "node:fs";
import path from "node:path";

import { afterRender, openPage, shownDataset, startSession, tooltip } from "./browser.mjs";

const directory = process.env.SHOTS_DIR ?? "/tmp/shots-slice";
const WANDB = "synthetic-wandb-runs.csv";
const text = readFileSync(new URL(`../fixtures/sweeps/${WANDB}`, import.meta.url), "utf8");
/** The light theme's first two series colours (src/color/series.rs). */
const BLUE = "#1F77B4";
const ORANGE = "#D95F02";

async function openWandb(session, width) {
  const opened = await openPage(session, "#dataset=kv-cache-sweep", { width, height: 2000 });
  await shownDataset(opened.page);
  const file = { name: WANDB, mimeType: "text/csv", buffer: Buffer.from(text, "utf8") };
  await afterRender(opened.page, () => opened.page.setInputFiles("#file-input", file));
  return opened;
}

/** Every point of the slice: its info, and the canvas' colour at its centre. */
function points(page) {
  return page.evaluate(() => {
    const figure = window.sweepmap.figure;
    const canvas = document.getElementById("figure-canvas");
    const ratio = canvas.width / figure.size().width;
    const hex = (pixel) => `#${pixel.slice(0, 3).map((c) => c.toString(16).padStart(2, "0")).join("").toUpperCase()}`;
    const shown = [];
    const series = figure.sliceSeries();
    for (let s = 0; s < series.length; s += 1) {
      for (let position = 0; position < figure.slicePositions(); position += 1) {
        const point = figure.slicePointOf(s, position);
        if (!point) continue;
        const pixel = canvas.getContext("2d").getImageData(Math.floor(point.x * ratio), Math.floor(point.y * ratio), 1, 1).data;
        shown.push({ ...point, colour: hex([...pixel]) });
      }
    }
    return { series, points: shown, positions: figure.slicePositions() };
  });
}

/**
 * An init script recording what is painted on the explorer's canvas, in order: every whole
 * painting sets the canvas' aria-label first (src/wasm/canvas.rs), then draws; `label` entries
 * hold the label set, `draw` entries count the drawing calls made after it.
 */
function recordPaintings() {
  const record = (window.__paintings = []);
  const set = Element.prototype.setAttribute;
  Element.prototype.setAttribute = function (name, value) {
    if (this.id === "figure-canvas" && name === "aria-label") record.push({ label: String(value), draws: 0 });
    return set.call(this, name, value);
  };
  for (const method of ["fillRect", "fillText", "putImageData", "drawImage", "stroke", "fill"]) {
    const original = CanvasRenderingContext2D.prototype[method];
    CanvasRenderingContext2D.prototype[method] = function (...args) {
      if (this.canvas.id === "figure-canvas") {
        if (record.length === 0) record.push({ label: null, draws: 0 });
        record.at(-1).draws += 1;
      }
      return original.apply(this, args);
    };
  }
}

/** The label of the kv-cache link's slice (R1-Llama's benchmarks along y, best over Ratio). */
const BEST_LABEL =
  "Line chart of Pass@1 (%) along Local Window Size: 5 lines: R1-Llama | AIME24, R1-Llama | AIME25, R1-Llama | AMC23, R1-Llama | GPQA-Diamond, R1-Llama | Average (reported). " +
  "At each point the best Ratio (hover to see which); bands: 95 % confidence intervals of each point's mean.";

let session;
before(async () => {
  mkdirSync(directory, { recursive: true });
  session = await startSession();
});
after(async () => {
  await session?.close();
});

describe("slice view", { timeout: 180_000 }, () => {
  test("a W&B sweep drawn as a slice: colours at points, hover, keyboard, SVG, link", async () => {
    const { page, context, problems } = await openWandb(session, 1400);
    assert.equal((await shownDataset(page)).error, null);
    assert.equal(await page.inputValue("#chart-select"), "heatmap");
    assert.equal(await page.isHidden("#field-across"), true);
    await afterRender(page, () => page.selectOption("#chart-select", "slice:x"));
    assert.equal(await page.isVisible("#field-across"), true);
    const shown = await points(page);
    assert.ok(shown.series.length >= 1, "series");
    assert.ok(shown.points.length >= 2, "points");
    // The page draws on the light theme here: the first series is blue, at its every point.
    const first = shown.points.filter((point) => point.series === 0);
    for (const point of first) assert.equal(point.colour, BLUE, `point ${point.position}`);
    if (shown.series.length > 1) {
      // A later series' dot may sit on an earlier one: read the second series where it is alone.
      const second = shown.points.filter((p) => p.series === 1 && !first.some((q) => Math.hypot(p.x - q.x, p.y - q.y) < 8));
      for (const point of second) assert.equal(point.colour, ORANGE, `series 1, point ${point.position}`);
    }
    // The canvas and the SVG export (plotters' markup, the reference drawing) agree: a dot of the
    // canvas' colour at every point's centre.
    // The export is written by the slice package, which drew the slice (withExports uses the
    // figure itself: it has the exports).
    const circles = await page.evaluate(async () => {
      const svg = new DOMParser().parseFromString(await window.sweepmap.exports((figure) => figure.toSvg()), "image/svg+xml");
      return [...svg.querySelectorAll("circle")].map((c) => ({ x: Number(c.getAttribute("cx")), y: Number(c.getAttribute("cy")), fill: c.getAttribute("fill").toUpperCase() }));
    });
    for (const point of shown.points) {
      const dots = circles.filter((c) => c.x === Math.round(point.x) && c.y === Math.round(point.y));
      assert.ok(dots.length > 0, `an SVG dot at point ${point.series}/${point.position}`);
      assert.equal(dots.at(-1).fill, point.colour, `point ${point.series}/${point.position}: canvas and SVG`);
    }
    // Every point says its value, its interval when the runs give one, and its count.
    for (const point of shown.points) assert.match(point.text, /: [0-9.−]+( \(95 % interval [0-9.−]+ to [0-9.−]+\))?, n = \d+/);

    // Hover: the tooltip holds the point's text.
    const point = shown.points[0];
    const box = await page.locator("#figure-canvas").boundingBox();
    await page.mouse.move(box.x + point.x, box.y + point.y);
    await page.waitForFunction(() => !document.getElementById("tooltip").hidden);
    assert.equal((await tooltip(page)).title, point.text);
    await page.mouse.move(box.x + 2, box.y + 2);

    // The keyboard: focus starts at the first line's first point; the right arrow goes to its next.
    await page.focus("#figure-canvas");
    const announced = () => page.textContent("#cell-announcer");
    assert.equal(await announced(), shown.points[0].text);
    await page.keyboard.press("ArrowRight");
    const next = shown.points.find((p) => p.series === 0 && p.position > shown.points[0].position);
    assert.equal(await announced(), next.text);

    // The SVG export is the slice: its title, and the first series' colour on its lines.
    const svg = await page.evaluate(() => window.sweepmap.exports((figure) => figure.toSvg()));
    assert.match(svg, / along /);
    assert.ok(svg.includes(`stroke="${BLUE}"`), "the first series' lines in the SVG");
    await page.screenshot({ path: path.join(directory, "wandb-slice-1400.png"), fullPage: true });
    await page.locator("#figure-canvas").screenshot({ path: path.join(directory, "wandb-slice-figure-1400.png") });

    // Along y, best over x: the link says so.
    await afterRender(page, () => page.selectOption("#chart-select", "slice:y"));
    await afterRender(page, () => page.selectOption("#across-select", "best"));
    const hash = await page.evaluate(() => location.hash);
    assert.match(hash, /chart=slice&along=y&across=best/);
    const best = await points(page);
    assert.equal(best.series.length, 1);
    assert.match(best.points[0].text, /, best [^=]+ = /);
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("a link with a slice opens it, controls and all, and the heatmap comes back", async () => {
    const { page, context, problems } = await openPage(session, "#dataset=kv-cache-sweep&chart=slice&along=y&across=best", { width: 1400 });
    assert.equal((await shownDataset(page)).error, null);
    assert.equal(await page.inputValue("#chart-select"), "slice:y");
    assert.equal(await page.inputValue("#across-select"), "best");
    const shown = await points(page);
    // The first model's benchmarks, one line each, along Local Window Size.
    assert.ok(shown.series.length > 1, `${shown.series.length} series`);
    assert.equal(shown.positions, 4);
    assert.match(shown.points[0].text, /Local Window Size = 500: /);
    // The canvas' accessible name is the slice's (the core's), its description the heatmap's
    // observations, said to be the heatmap's.
    const accessible = () =>
      page.evaluate(() => ({
        label: document.getElementById("figure-canvas").getAttribute("aria-label"),
        description: document.getElementById("figure-observations").textContent,
      }));
    const slice = await accessible();
    assert.equal(slice.label, BEST_LABEL);
    assert.match(
      slice.description,
      /^Key observations of the heatmap this slice is read from \(its cells, each a configuration of both axes\)\. Across panels: /,
    );
    await afterRender(page, () => page.selectOption("#across-select", "mean"));
    assert.match((await accessible()).label, /^Line chart of Pass@1 \(%\) along Local Window Size: 5 lines: .*\. At each point the mean over every Ratio/);
    await afterRender(page, () => page.selectOption("#chart-select", "heatmap"));
    // The heatmap's own name and description again.
    const heatmap = await accessible();
    assert.match(heatmap.label, /^R1-Llama \| AIME24: heatmap of Pass@1 \(%\) over Ratio and Local Window Size\./);
    assert.match(heatmap.description, /^Key observations\. Across panels: /);
    // The heatmap is drawn by the default package again, which has no slice methods.
    assert.equal(await page.evaluate(() => "sliceSeries" in window.sweepmap.figure), false);
    assert.ok(await page.evaluate(() => window.sweepmap.figure.panels().length > 0));
    assert.doesNotMatch(await page.evaluate(() => location.hash), /chart=/);
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("a slice link paints the slice alone, once its package is there, with the slice's label", async () => {
    // The slice package is held back until the page has shown its loading state.
    let release;
    let asked;
    const held = new Promise((resolve) => (release = resolve));
    const fetched = new Promise((resolve) => (asked = resolve));
    const context = await session.browser.newContext({ viewport: { width: 1400, height: 900 } });
    await context.route(/\/pkg\/slice\//, async (route) => {
      asked();
      await held;
      await route.continue();
    });
    const page = await context.newPage();
    const problems = [];
    page.on("pageerror", (error) => problems.push(`uncaught: ${error.message}`));
    page.on("console", (message) => message.type() === "error" && problems.push(`console error: ${message.text()}`));
    await page.addInitScript(recordPaintings);
    await page.goto(new URL("#dataset=kv-cache-sweep&chart=slice&along=y&across=best", session.url).href);
    // The data are loaded and the page waits for the slice package: busy, nothing painted.
    await fetched;
    await page.waitForTimeout(300);
    const waiting = await page.evaluate(() => ({
      paintings: window.__paintings,
      busy: document.getElementById("figure-area").getAttribute("aria-busy"),
      label: document.getElementById("figure-canvas").getAttribute("aria-label"),
      figure: window.sweepmap.figure,
    }));
    assert.deepEqual(waiting, { paintings: [], busy: "true", label: "Loading the figure", figure: null });
    release();
    await page.waitForFunction(() => window.sweepmap.figure && "sliceSeries" in window.sweepmap.figure);
    const painted = await page.evaluate(() => ({
      paintings: window.__paintings,
      busy: document.getElementById("figure-area").getAttribute("aria-busy"),
      label: document.getElementById("figure-canvas").getAttribute("aria-label"),
    }));
    // One painting, the slice's: its label set first, then its drawing; no heatmap before it.
    assert.deepEqual(
      painted.paintings.map((painting) => painting.label),
      [BEST_LABEL],
    );
    assert.ok(painted.paintings[0].draws > 20, `${painted.paintings[0].draws} drawing calls`);
    assert.equal(painted.label, BEST_LABEL);
    assert.equal(painted.busy, "false");
    // A change of view within the slice paints the slice again, never the heatmap under it.
    await afterRender(page, () => page.selectOption("#across-select", "mean"));
    const after = await page.evaluate(() => window.__paintings.map((painting) => painting.label));
    assert.equal(after.length, 2);
    assert.match(after[1], /^Line chart of Pass@1 \(%\) along Local Window Size: 5 lines: .*At each point the mean over every Ratio/);
    // Back to the heatmap: painted then, by the default package.
    await afterRender(page, () => page.selectOption("#chart-select", "heatmap"));
    const back = await page.evaluate(() => window.__paintings.map((painting) => painting.label));
    assert.equal(back.length, 3);
    assert.match(back[2], /^R1-Llama \| AIME24: heatmap of /);
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("a slice link whose package does not load says so and draws the heatmap", async () => {
    const context = await session.browser.newContext({ viewport: { width: 1400, height: 900 } });
    await context.route(/\/pkg\/slice\/sweepmap_bg\.wasm$/, (route) => route.abort());
    const page = await context.newPage();
    await page.addInitScript(recordPaintings);
    await page.goto(new URL("#dataset=kv-cache-sweep&chart=slice&along=y&across=best", session.url).href);
    const shown = await shownDataset(page);
    assert.equal(shown.error, null);
    const notices = await page.evaluate(() => [...document.querySelectorAll("#notice-list > li")].map((item) => item.textContent));
    assert.equal(notices.length, 1, notices.join(" | "));
    assert.match(notices[0], /^The view in the link could not be drawn \(could not load the slice package \(.+\); try again, or choose the heatmap\); showing the default view\.$/);
    const paintings = await page.evaluate(() => window.__paintings.map((painting) => painting.label));
    assert.equal(paintings.length, 1);
    assert.match(paintings[0], /^R1-Llama \| AIME24: heatmap of Pass@1 \(%\)/);
    assert.equal(await page.evaluate(() => "sliceSeries" in window.sweepmap.figure), false);
    await context.close();
  });

  test("with a slice shown, the notes, the help line and the exports are the slice's, not cells'", async () => {
    const { page, context, problems } = await openPage(session, "#dataset=kv-cache-sweep&chart=slice&model=R1-Qwen", {
      width: 1400,
      permissions: ["clipboard-read", "clipboard-write"],
    });
    await page.waitForFunction(() => window.sweepmap.figure && "sliceSeries" in window.sweepmap.figure);
    const series = await page.evaluate(() => window.sweepmap.figure.sliceSeries());
    // The note under the level and the line under the figure come from the core, about points.
    assert.equal(await page.textContent("#uncertainty-note"), "Bands: each point's 95 % confidence interval. A slice marks no cells.");
    const help = await page.textContent("#figure-help");
    assert.match(help, /^Point at a point for its value, interval and count\./);
    assert.doesNotMatch(help, /cell/);
    // The cells' checkbox, colour map, scale, range and annotations are not shown; the level is.
    const visible = await page.evaluate(() =>
      ["uncertainty-input", "level-select", "cmap-select", "scale-select", "range-select", "annotate-input", "theme-select", "decimals-select"].map(
        (id) => document.getElementById(id).offsetParent !== null,
      ),
    );
    assert.deepEqual(visible, [false, true, false, false, false, false, true, true]);
    // The observations say what they are about.
    assert.match(await page.textContent("#summary-overview"), /^The observations below are about the cells of the heatmap this slice is read from/);

    // Copy as LaTeX: one table, a column per line, its caption the slice's title.
    await page.click("#copy-latex");
    await page.waitForFunction(() => document.getElementById("markdown-status").textContent !== "");
    assert.equal(await page.textContent("#markdown-status"), "Slice copied as LaTeX.");
    const latex = await page.evaluate(() => navigator.clipboard.readText());
    assert.equal(latex.split("\\begin{table}").length, 2, "one table");
    assert.match(latex, /\\caption\{Pass@1 \(\\%\) along Ratio\. /);
    assert.match(latex, new RegExp(`\\\\begin\\{tabular\\}\\{l${"r".repeat(series.length)}\\}`));
    assert.match(latex, /\n0\.1 & [0-9.]+ \[[0-9.]+, [0-9.]+\] & /);
    // Copy as Markdown: the slice's table first, then the observations, said to be the heatmap's.
    await page.evaluate(() => (document.getElementById("markdown-status").textContent = ""));
    await page.click("#copy-markdown");
    await page.waitForFunction(() => document.getElementById("markdown-status").textContent !== "");
    const markdown = await page.evaluate(() => navigator.clipboard.readText());
    assert.ok(markdown.startsWith("## Pass@1 (%) along Ratio\n\n"), markdown.slice(0, 80));
    assert.match(markdown, /\n\| Ratio \| /);
    assert.match(markdown, /\nThe observations below are about the cells of the heatmap this slice is read from/);
    // Export CSV: a row per point, with its count and interval.
    const [download] = await Promise.all([page.waitForEvent("download"), page.click("#export-csv")]);
    const csv = readFileSync(await download.path(), "utf8").trimEnd().split("\n");
    assert.equal(csv[0], "series,Ratio,Pass@1 (%),n,lower (95 % interval),upper (95 % interval)");
    const points = await page.evaluate(() => {
      const figure = window.sweepmap.figure;
      let count = 0;
      for (let s = 0; s < figure.sliceSeries().length; s += 1) for (let p = 0; p < figure.slicePositions(); p += 1) if (figure.slicePointOf(s, p)) count += 1;
      return count;
    });
    assert.equal(csv.length - 1, points);
    // The PNG is the slice: as wide and high as the slice, at twice its size.
    const [png] = await Promise.all([page.waitForEvent("download"), page.click("#export-png")]);
    const bytes = readFileSync(await png.path());
    const size = await page.evaluate(() => window.sweepmap.figure.size());
    assert.deepEqual([bytes.readUInt32BE(16), bytes.readUInt32BE(20)], [size.width * 2, size.height * 2]);
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("at 390 px the slice fits the phone's width", async () => {
    const { page, context, problems } = await openWandb(session, 390);
    await afterRender(page, () =>
      page.evaluate(() => {
        const select = document.getElementById("chart-select");
        select.value = "slice:x";
        select.dispatchEvent(new Event("change"));
      }),
    );
    const size = await page.evaluate(() => window.sweepmap.figure.size());
    assert.ok(size.width <= 390, `width ${size.width}`);
    await page.locator("#figure-canvas").screenshot({ path: path.join(directory, "wandb-slice-figure-390.png") });
    await page.screenshot({ path: path.join(directory, "wandb-slice-390.png"), fullPage: true });
    assert.deepEqual(problems, []);
    await context.close();
  });
});
