// End-to-end tests of the panel order (the `order` view setting): the select puts the seed's
// benchmarks in order of their means, best first, sets the address, and a link reopens it; the
// select is not offered where a layout has one panel or panels of two kinds. Needs the wasm
// package built (.ci/build).

import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";

import { afterRender, canvasHash, controlValues, openPage, shownDataset, startSession } from "./browser.mjs";

const sweep = JSON.parse(readFileSync(new URL("../../www/data/kv-cache-sweep.json", import.meta.url), "utf8"));
const base = "#dataset=kv-cache-sweep";

/** R1-Llama's panels' titles by the mean of their cells, highest first (stable for ties). */
function byMean(model) {
  const mean = (cells) => {
    const values = cells.flat().filter((value) => value !== null);
    return values.reduce((sum, value) => sum + value, 0) / values.length;
  };
  return sweep.panels
    .filter((panel) => panel.model === model)
    .map((panel) => ({ title: `${model} | ${panel.benchmark}`, mean: mean(panel.cells) }))
    .sort((a, b) => b.mean - a.mean)
    .map((panel) => panel.title);
}

let session;
before(async () => {
  session = await startSession();
});
after(async () => {
  await session?.close();
});

describe("panel order", { timeout: 120_000 }, () => {
  test("the select orders the panels by mean and sets the link, which reopens the same figure", async () => {
    const { page, context, problems } = await openPage(session, base);
    let shown = await shownDataset(page);
    const dataOrder = shown.panels;
    assert.equal(await page.inputValue("#order-select"), "data");

    await afterRender(page, () => page.selectOption("#order-select", "mean"));
    shown = await shownDataset(page);
    assert.equal(shown.fragment, `${base}&order=mean`);
    assert.deepEqual(shown.panels, byMean("R1-Llama"));
    assert.notDeepEqual(shown.panels, dataOrder);
    const ordered = await canvasHash(page);

    const reopened = await openPage(session, `${base}&order=mean`);
    const again = await shownDataset(reopened.page);
    assert.deepEqual(again.panels, shown.panels);
    assert.equal(await reopened.page.inputValue("#order-select"), "mean");
    assert.equal(await canvasHash(reopened.page), ordered);
    await reopened.context.close();

    // A difference has one panel: nothing to order, no select, and the key is left out.
    await afterRender(page, () => page.selectOption("#layout-select", "difference"));
    shown = await shownDataset(page);
    assert.equal(shown.fragment, `${base}&layout=difference`);
    assert.equal((await controlValues(page)).shown.includes("order-select"), false);
    assert.deepEqual(problems, []);
    await context.close();
  });
});
