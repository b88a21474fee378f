// Screenshots of every layout (and of the uncertainty marks and pairwise comparisons) at 1280 and
// 600 CSS px wide, written
// to /tmp/shots-page/ (or $SHOTS_DIR) for a person to look at, with the checks a screenshot cannot
// make by itself: nothing wider than the window, the figure exactly as wide as its container,
// every visible control and observation box inside the window, and no console errors.

import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import path from "node:path";

import { cellCentre, openPage, shownDataset, startSession } from "./browser.mjs";

const directory = process.env.SHOTS_DIR ?? "/tmp/shots-page";

const views = {
  model: "#dataset=kv-cache-sweep&model=R1-Qwen",
  benchmark: "#dataset=kv-cache-sweep&layout=benchmark&bench=AIME24",
  mean: "#dataset=kv-cache-sweep&layout=benchmark&bench=%3Amean&range=shared",
  grid: "#dataset=kv-cache-sweep&layout=grid",
  difference: "#dataset=kv-cache-sweep&layout=difference&model=R1-Qwen&bench=AMC23",
  missing: "#dataset=partial-r1-qwen&range=fixed&min=40&max=50",
  uncertainty: "#dataset=kv-cache-sweep&unc=0.95",
  "mean-uncertainty": "#dataset=kv-cache-sweep&layout=benchmark&bench=%3Amean&unc=0.95",
  "difference-uncertainty": "#dataset=kv-cache-sweep&layout=difference&model=R1-Qwen&bench=AMC23&unc=0.95",
  reconcile: "#dataset=kv-cache-sweep&layout=reconcile",
  pairwise: "#dataset=synthetic-pairwise",
  "pairwise-pair": "#dataset=synthetic-pairwise&models=model-a,model-b&group=web&bins=20&by=share&log=1",
  "pairwise-fixed": "#dataset=synthetic-pairwise&models=model-a,model-c,model-d&bins=5&range=fixed&min=0&max=30",
};

let session;
before(async () => {
  mkdirSync(directory, { recursive: true });
  session = await startSession();
});
after(async () => {
  await session?.close();
});

function layoutProblems(page) {
  return page.evaluate(() => {
    const found = [];
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth > width) {
      found.push(`the page is ${document.documentElement.scrollWidth} px wide in a ${width} px window`);
    }
    const frame = document.getElementById("figure-frame");
    const figure = window.sweepmap.figure.size();
    if (figure.width !== frame.clientWidth) found.push(`the figure is ${figure.width} px wide in a ${frame.clientWidth} px frame`);
    if (frame.scrollWidth > frame.clientWidth) found.push("the figure scrolls sideways");
    for (const control of document.querySelectorAll("#controls select, #controls input, #figure-area button, #summary button")) {
      if (control.closest("[hidden]")) continue;
      const box = control.getBoundingClientRect();
      if (box.left < 0 || box.right > width) found.push(`#${control.id} reaches outside the window (${box.left}..${box.right})`);
    }
    for (const label of document.querySelectorAll("#controls label")) {
      if (label.closest("[hidden]")) continue;
      if (label.scrollWidth > label.clientWidth + 1) found.push(`the label "${label.textContent}" is cut off`);
    }
    // The observations and the mismatch table stay inside the window (the table may scroll in its box).
    for (const box of document.querySelectorAll("#summary .summary-card, #summary .across-panels, #summary .difference-overview, #mismatches")) {
      if (box.closest("[hidden]")) continue;
      const rect = box.getBoundingClientRect();
      if (rect.left < 0 || rect.right > width) found.push(`${box.className || box.id} reaches outside the window (${rect.left}..${rect.right})`);
      if (box.scrollWidth > box.clientWidth + 1) found.push(`${box.className || box.id} scrolls sideways`);
    }
    return found;
  });
}

describe("screenshots of every layout", { timeout: 180_000 }, () => {
  for (const width of [1280, 600]) {
    for (const [name, query] of Object.entries(views)) {
      test(`${name} at ${width} px`, async () => {
        const { page, context, problems } = await openPage(session, query, { width, height: 900 });
        const shown = await shownDataset(page);
        assert.equal(shown.error, null);
        assert.deepEqual(shown.notices, []);
        assert.deepEqual(await layoutProblems(page), []);
        await page.screenshot({ path: path.join(directory, `${name}-${width}.png`), fullPage: true });
        assert.deepEqual(problems, []);
        await context.close();
      });
    }
  }

  test("hover, keyboard focus and messages at 600 px", async () => {
    const { page, context, problems } = await openPage(session, "#dataset=kv-cache-sweep&model=Nope", { width: 600, height: 900 });
    await shownDataset(page);
    await page.setInputFiles("#file-input", { name: "bad.csv", mimeType: "text/csv", buffer: Buffer.from("a,b\n1,2\n") });
    await page.waitForSelector("#error-banner:not([hidden])");
    await page.screenshot({ path: path.join(directory, "messages-600.png") });
    // Below the messages and the controls the figure starts under the fold: bring it into view.
    await page.evaluate(() => document.getElementById("figure-canvas").scrollIntoView({ block: "start" }));
    const centre = await cellCentre(page, { panel: 0, x: 4, y: 3 });
    await page.mouse.move(centre.x, centre.y);
    await page.waitForSelector("#tooltip:not([hidden])");
    await page.locator("#figure-frame").screenshot({ path: path.join(directory, "hover-600.png") });
    await page.focus("#figure-canvas");
    await page.mouse.move(0, 0);
    await page.keyboard.press("ArrowDown");
    await page.locator("#figure-frame").screenshot({ path: path.join(directory, "focus-600.png") });
    assert.deepEqual(await layoutProblems(page), []);
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("pairwise hover and keyboard focus at 600 px", async () => {
    const { page, context, problems } = await openPage(session, views.pairwise, { width: 600, height: 900 });
    await shownDataset(page);
    await page.evaluate(() => document.getElementById("figure-canvas").scrollIntoView({ block: "start" }));
    const centre = await cellCentre(page, { panel: 0, x: 8, y: 1 });
    await page.mouse.move(centre.x, centre.y);
    await page.waitForSelector("#tooltip:not([hidden])");
    await page.screenshot({ path: path.join(directory, "pairwise-hover-600.png") });
    await page.focus("#figure-canvas");
    await page.mouse.move(0, 0);
    await page.keyboard.press("ArrowDown");
    await page.screenshot({ path: path.join(directory, "pairwise-focus-600.png") });
    assert.deepEqual(await layoutProblems(page), []);
    assert.deepEqual(problems, []);
    await context.close();
  });
});
