// End-to-end tests of reading single cells: the tooltip under the pointer shows the right cell,
// value, rank and distance from the peak; with the canvas focused, arrow keys move an outline
// from cell to cell (and across panels) and the live region announces each cell.

import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";

import { cellCentre, cellIndex, openPage, shownDataset, startSession, tooltip } from "./browser.mjs";

let session;
before(async () => {
  session = await startSession();
});
after(async () => {
  await session?.close();
});

/** The outline's box and the focused cell's box, both relative to the figure frame. */
function outlineAndCell(page, { panel, x, y }) {
  return page.evaluate(
    ({ panel, x, y }) => {
      const outline = document.getElementById("cell-outline");
      const canvas = document.getElementById("figure-canvas");
      const rect = window.sweepmap.figure.cellRect(panel, x, y);
      return {
        hidden: outline.hidden,
        // The ring reaches 4 px outside the cell on every side.
        outline: [outline.offsetLeft + 4, outline.offsetTop + 4, outline.offsetWidth - 8, outline.offsetHeight - 8],
        cell: [canvas.offsetLeft + rect.x, canvas.offsetTop + rect.y, rect.width, rect.height].map(Math.round),
      };
    },
    { panel, x, y },
  );
}

const announced = (page) => page.textContent("#cell-announcer");

const sweep = JSON.parse(readFileSync(new URL("../../www/data/kv-cache-sweep.json", import.meta.url), "utf8"));

/**
 * The decimals of a panel's labels: the data's one, or none where the median binomial standard
 * error of its cells (Agresti-Coull, on the benchmark's items) is a point or more.
 */
function shownDecimals(values, items) {
  if (!items) return 1;
  const errors = values
    .map((value) => {
      const shrunk = ((value / 100) * items + 2) / (items + 4);
      return Math.sqrt((shrunk * (1 - shrunk)) / (items + 4)) * 100;
    })
    .sort((a, b) => a - b);
  const middle = errors.length / 2;
  const median = errors.length % 2 ? errors[Math.floor(middle)] : (errors[middle - 1] + errors[middle]) / 2;
  return median >= 1 ? 0 : 1;
}

/**
 * What the live region should say for a cell of the KV-cache sweep, computed from the data file:
 * rank = 1 + the number of higher values in the panel; distance = peak - value.
 */
function expectedAnnouncement(model, benchmark, ratio, window) {
  const panel = sweep.panels.find((candidate) => candidate.model === model && candidate.benchmark === benchmark);
  const value = panel.cells[sweep.y.values.indexOf(window)][sweep.x.values.indexOf(ratio)];
  const values = panel.cells.flat();
  const peak = Math.max(...values);
  const rank = 1 + values.filter((other) => other > value).length;
  const decimals = shownDecimals(values, sweep.benchmarks.find((candidate) => candidate.name === benchmark).items);
  const where = `${model} | ${benchmark}: Ratio ${ratio}, Local Window Size ${window}: ${value.toFixed(decimals)}`;
  return rank === 1 ? `${where}, the peak of ${values.length} cells` : `${where}, rank ${rank} of ${values.length}, ${(peak - value).toFixed(decimals)} below the peak`;
}

describe("reading cells", { timeout: 90_000 }, () => {
  test("hovering a cell shows its model, benchmark, axes, value, rank and distance from the peak", async () => {
    const { page, context, problems } = await openPage(session, "#dataset=kv-cache-sweep&model=R1-Llama");
    await shownDataset(page);
    assert.equal(await tooltip(page), null);

    const peak = await cellIndex(page, { title: "R1-Llama | AMC23", x: "0.3", y: "3000" });
    assert.deepEqual(peak, { panel: 2, x: 2, y: 3 });
    const centre = await cellCentre(page, peak);
    await page.mouse.move(centre.x, centre.y);
    await page.waitForSelector("#tooltip:not([hidden])");
    assert.deepEqual(await tooltip(page), {
      title: "R1-Llama | AMC23",
      rows: {
        Ratio: "0.3",
        "Local Window Size": "3000",
        // AMC23's 40 items: a standard error of about 5 points, so whole numbers.
        Value: "89",
        Rank: "1 of 20 (the peak)",
        "Below the peak": "0",
      },
    });
    // The tooltip sits beside the pointer, inside the figure frame.
    const placement = await page.evaluate(() => {
      const tip = document.getElementById("tooltip").getBoundingClientRect();
      const frame = document.getElementById("figure-frame").getBoundingClientRect();
      return { tip: { left: tip.left, top: tip.top, right: tip.right }, frame: { left: frame.left, right: frame.right } };
    });
    assert.ok(Math.abs(placement.tip.left - (centre.x + 14)) < 2 || placement.tip.right <= centre.x, JSON.stringify(placement));
    assert.ok(placement.tip.left >= placement.frame.left && placement.tip.right <= placement.frame.right);

    // The lowest cell of the same panel: last of 20, 5 below the peak.
    const low = await cellIndex(page, { title: "R1-Llama | AMC23", x: "0.1", y: "1000" });
    const lowCentre = await cellCentre(page, low);
    await page.mouse.move(lowCentre.x, lowCentre.y);
    await page.waitForFunction(() => document.querySelector("#tooltip .tooltip-value")?.textContent === "84");
    assert.deepEqual((await tooltip(page)).rows, {
      Ratio: "0.1",
      "Local Window Size": "1000",
      Value: "84",
      Rank: "20 of 20",
      "Below the peak": "5",
    });

    // Off the cells (the page margin above the canvas) the tooltip goes away.
    const box = await page.locator("#figure-canvas").boundingBox();
    await page.mouse.move(box.x + 2, box.y + 2);
    await page.waitForSelector("#tooltip", { state: "hidden" });
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("a missing cell says so", async () => {
    const { page, context, problems } = await openPage(session, "#dataset=partial-r1-qwen");
    await shownDataset(page);
    const missing = await cellIndex(page, { title: "R1-Qwen | AIME24", x: "0.2", y: "500" });
    const centre = await cellCentre(page, missing);
    await page.mouse.move(centre.x, centre.y);
    await page.waitForSelector("#tooltip:not([hidden])");
    assert.deepEqual(await tooltip(page), {
      title: "R1-Qwen | AIME24",
      rows: { Ratio: "0.2", "Local Window Size": "500", Value: "missing (not measured)" },
    });
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("arrow keys step through the cells and the live region announces each", async () => {
    const { page, context, problems } = await openPage(session, "#dataset=kv-cache-sweep");
    await shownDataset(page);
    assert.equal(await page.getAttribute("#cell-announcer", "aria-live"), "polite");

    // Focus starts at the top-left cell of the first panel: Ratio 0.1, window 3000.
    await page.focus("#figure-canvas");
    let cell = { panel: 0, x: 0, y: 3 };
    assert.equal(await announced(page), expectedAnnouncement("R1-Llama", "AIME24", 0.1, 3000));
    let box = await outlineAndCell(page, cell);
    assert.equal(box.hidden, false);
    assert.deepEqual(box.outline, box.cell);
    assert.equal((await tooltip(page)).rows.Value, "40");

    await page.keyboard.press("ArrowRight");
    assert.equal(await announced(page), expectedAnnouncement("R1-Llama", "AIME24", 0.2, 3000));
    await page.keyboard.press("ArrowDown");
    cell = { panel: 0, x: 1, y: 2 };
    assert.equal(await announced(page), expectedAnnouncement("R1-Llama", "AIME24", 0.2, 2000));
    await page.keyboard.press("ArrowDown");
    assert.equal(await announced(page), expectedAnnouncement("R1-Llama", "AIME24", 0.2, 1000));
    assert.match(await announced(page), /: 49, the peak of 20 cells$/);
    cell = { panel: 0, x: 1, y: 1 };
    box = await outlineAndCell(page, cell);
    assert.deepEqual(box.outline, box.cell);
    const tip = await tooltip(page);
    assert.equal(tip.title, "R1-Llama | AIME24");
    assert.equal(tip.rows.Rank, "1 of 20 (the peak)");

    // At the edge of a panel, the next key crosses into the neighbouring panel.
    await page.keyboard.press("End");
    assert.match(await announced(page), /^R1-Llama \| AIME24: Ratio 0\.5, Local Window Size 1000: /);
    await page.keyboard.press("ArrowRight");
    assert.equal(await announced(page), expectedAnnouncement("R1-Llama", "AIME25", 0.1, 1000));
    await page.keyboard.press("ArrowLeft");
    assert.match(await announced(page), /^R1-Llama \| AIME24: Ratio 0\.5, Local Window Size 1000: /);
    await page.keyboard.press("Home");
    assert.match(await announced(page), /^R1-Llama \| AIME24: Ratio 0\.1, Local Window Size 1000: 39,/);

    // The canvas itself is never redrawn for the focus: it is an overlay.
    const renders = await page.evaluate(() => window.sweepmap.renders);
    assert.equal(renders, 1);

    // Escape hides the outline; Tab leaves the figure and takes the outline with it.
    await page.keyboard.press("Escape");
    assert.equal(await page.isVisible("#cell-outline"), false);
    await page.keyboard.press("ArrowUp");
    assert.equal(await page.isVisible("#cell-outline"), true);
    await page.keyboard.press("Tab");
    assert.notEqual(await page.evaluate(() => document.activeElement.id), "figure-canvas");
    assert.equal(await page.isVisible("#cell-outline"), false);
    assert.equal(await page.isVisible("#tooltip"), false);
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("the outline follows its cell when the figure is resized", async () => {
    const { page, context, problems } = await openPage(session, "#dataset=kv-cache-sweep&layout=benchmark");
    await shownDataset(page);
    await page.focus("#figure-canvas");
    await page.keyboard.press("ArrowDown");
    const before = await page.evaluate(() => window.sweepmap.figure.size().width);
    const renders = await page.evaluate(() => window.sweepmap.renders);
    await page.setViewportSize({ width: 700, height: 900 });
    await page.waitForFunction((width) => window.sweepmap.figure.size().width !== width, before);
    const after = await page.evaluate(() => ({
      figure: window.sweepmap.figure.size().width,
      frame: document.getElementById("figure-frame").clientWidth,
    }));
    assert.equal(after.figure, after.frame);
    const box = await outlineAndCell(page, { panel: 0, x: 0, y: 2 });
    assert.deepEqual(box.outline, box.cell);
    // A resize redraws through figure.resize, not a new view.
    assert.equal(await page.evaluate(() => window.sweepmap.renders), renders);
    assert.deepEqual(problems, []);
    await context.close();
  });
});
