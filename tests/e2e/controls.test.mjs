// End-to-end tests of the controls and the share links: every control changes the figure (its
// pixels) and the address (one exact key in its fragment), reopening an address reproduces the
// same figure and controls, back and forward restore earlier views, and invalid links fall back
// to defaults with a notice instead of breaking the page.

import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";

import { afterRender, canvasHash, controlValues, openPage, shownDataset, startSession } from "./browser.mjs";

const sweep = JSON.parse(readFileSync(new URL("../../www/data/kv-cache-sweep.json", import.meta.url), "utf8"));
const allValues = sweep.panels.flatMap((panel) => panel.cells.flat()).filter((value) => value !== null);
const lowest = Math.min(...allValues);
const highest = Math.max(...allValues);

let session;
before(async () => {
  session = await startSession();
});
after(async () => {
  await session?.close();
});

/** Sets a number input as a person does: type, then leave the field. */
async function typeNumber(page, selector, value) {
  await page.fill(selector, String(value));
  await page.press(selector, "Tab");
}

describe("controls and share links", { timeout: 180_000 }, () => {
  test("each control changes the figure and the address; links and history restore every view", async () => {
    const { page, context, problems } = await openPage(session, "");
    await shownDataset(page);
    const base = "#dataset=kv-cache-sweep";
    const history = [{ fragment: base, hash: await canvasHash(page), controls: await controlValues(page) }];

    // Each step: a control, and the exact address it leads to.
    const steps = [
      { act: () => page.selectOption("#model-select", "R1-Qwen"), fragment: `${base}&model=R1-Qwen` },
      { act: () => page.selectOption("#layout-select", "benchmark"), fragment: `${base}&layout=benchmark` },
      { act: () => page.selectOption("#benchmark-select", "AMC23"), fragment: `${base}&layout=benchmark&bench=AMC23` },
      { act: () => page.selectOption("#benchmark-select", ":mean"), fragment: `${base}&layout=benchmark&bench=%3Amean` },
      // The model of the first step is not part of the benchmark layout's view, so it is gone.
      { act: () => page.selectOption("#layout-select", "difference"), fragment: `${base}&layout=difference&bench=%3Amean` },
      // Choosing model B as model A swaps them: R1-Qwen − R1-Llama.
      {
        act: () => page.selectOption("#model-select", "R1-Qwen"),
        fragment: `${base}&layout=difference&model=R1-Qwen&bench=%3Amean`,
      },
      { act: () => page.selectOption("#layout-select", "grid"), fragment: `${base}&layout=grid` },
      { act: () => page.selectOption("#cmap-select", "magma"), fragment: `${base}&layout=grid&cmap=magma` },
      { act: () => page.check("#reverse-input"), fragment: `${base}&layout=grid&cmap=magma&rev=1` },
      { act: () => page.selectOption("#range-select", "shared"), fragment: `${base}&layout=grid&cmap=magma&rev=1&range=shared` },
      // Fixed starts from the range of the values shown, so the colours match the shared range.
      {
        act: () => page.selectOption("#range-select", "fixed"),
        fragment: `${base}&layout=grid&cmap=magma&rev=1&range=fixed&min=${lowest}&max=${highest}`,
        samePixelsAs: -1,
      },
      {
        act: () => typeNumber(page, "#min-input", 40),
        fragment: `${base}&layout=grid&cmap=magma&rev=1&range=fixed&min=40&max=${highest}`,
      },
      {
        act: () => typeNumber(page, "#max-input", 60),
        fragment: `${base}&layout=grid&cmap=magma&rev=1&range=fixed&min=40&max=60`,
      },
      { act: () => page.selectOption("#range-select", "centered"), fragment: `${base}&layout=grid&cmap=magma&rev=1&range=centered` },
      {
        act: () => typeNumber(page, "#center-input", 50),
        fragment: `${base}&layout=grid&cmap=magma&rev=1&range=centered&center=50`,
      },
      {
        act: () => page.selectOption("#decimals-select", "2"),
        fragment: `${base}&layout=grid&cmap=magma&rev=1&range=centered&center=50&dec=2`,
      },
      {
        act: () => page.uncheck("#annotate-input"),
        fragment: `${base}&layout=grid&cmap=magma&rev=1&range=centered&center=50&annot=0&dec=2`,
      },
      // The seed's benchmarks give item counts: the marks are on by default, and off is unc=0.
      {
        act: () => page.uncheck("#uncertainty-input"),
        fragment: `${base}&layout=grid&cmap=magma&rev=1&range=centered&center=50&annot=0&dec=2&unc=0`,
      },
      {
        act: () => page.check("#uncertainty-input"),
        fragment: `${base}&layout=grid&cmap=magma&rev=1&range=centered&center=50&annot=0&dec=2&unc=0.95`,
      },
      {
        act: () => page.selectOption("#level-select", "0.99"),
        fragment: `${base}&layout=grid&cmap=magma&rev=1&range=centered&center=50&annot=0&dec=2&unc=0.99`,
      },
      {
        act: () => page.selectOption("#theme-select", "dark"),
        fragment: `${base}&layout=grid&cmap=magma&rev=1&range=centered&center=50&annot=0&dec=2&unc=0.99&theme=dark`,
      },
      {
        act: () => page.selectOption("#dataset-select", "partial-r1-qwen"),
        fragment: "#dataset=partial-r1-qwen&layout=grid&cmap=magma&rev=1&range=centered&center=50&annot=0&dec=2&unc=0.99&theme=dark",
      },
    ];

    for (const [index, step] of steps.entries()) {
      await afterRender(page, step.act);
      const fragment = await page.evaluate(() => window.location.hash);
      assert.equal(fragment, step.fragment, `address after step ${index}`);
      const hash = await canvasHash(page);
      const previous = history[history.length - 1].hash;
      if (step.samePixelsAs === -1) {
        assert.equal(hash, previous, `step ${index} (${fragment}) draws the same colours as before`);
      } else {
        assert.notEqual(hash, previous, `step ${index} (${fragment}) changes the figure`);
      }
      history.push({ fragment, hash, controls: await controlValues(page) });
    }

    // Which controls show follows the layout and the range.
    const last = history[history.length - 1].controls;
    assert.deepEqual(last.shown, ["dataset-select", "file-input", "layout-select", "order-select", "marginals-select", "chart-select", "cmap-select", "reverse-input", "scale-select", "range-select", "center-input", "theme-select", "annotate-input", "decimals-select", "uncertainty-input", "level-select"]);
    const difference = history[5].controls;
    assert.deepEqual(difference.shown.slice(2, 6), ["layout-select", "model-select", "model-b-select", "benchmark-select"]);
    assert.equal(await page.evaluate(() => document.getElementById("model-label").textContent), "Model");

    // Reopening any of these addresses in a new page draws the same figure with the same controls.
    for (const index of [2, 5, 13, history.length - 2, history.length - 1]) {
      const entry = history[index];
      const reopened = await openPage(session, entry.fragment);
      const shown = await shownDataset(reopened.page);
      assert.equal(shown.fragment, entry.fragment);
      assert.deepEqual(shown.notices, []);
      assert.equal(await canvasHash(reopened.page), entry.hash, `reopened ${entry.fragment}`);
      assert.deepEqual(await controlValues(reopened.page), entry.controls, `controls of ${entry.fragment}`);
      assert.deepEqual(reopened.problems, []);
      await reopened.context.close();
    }

    // Back steps through every view, forward comes back.
    for (let index = history.length - 2; index >= history.length - 6; index -= 1) {
      await afterRender(page, () => page.goBack());
      assert.equal(await page.evaluate(() => window.location.hash), history[index].fragment);
      assert.equal(await canvasHash(page), history[index].hash, `back to ${history[index].fragment}`);
      assert.deepEqual(await controlValues(page), history[index].controls);
    }
    await afterRender(page, () => page.goForward());
    const forward = history[history.length - 5];
    assert.equal(await page.evaluate(() => window.location.hash), forward.fragment);
    assert.equal(await canvasHash(page), forward.hash);
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("the difference layout summarises who wins", async () => {
    const { page, context, problems } = await openPage(session, "#dataset=kv-cache-sweep&layout=difference&model=R1-Qwen&bench=AMC23");
    const shown = await shownDataset(page);
    assert.deepEqual(shown.panels, ["R1-Qwen − R1-Llama | AMC23"]);
    // An independent count from the data file.
    const cells = (model) => sweep.panels.find((panel) => panel.model === model && panel.benchmark === "AMC23").cells.flat();
    const qwen = cells("R1-Qwen");
    const llama = cells("R1-Llama");
    const differences = qwen.map((value, index) => value - llama[index]);
    const qwenWins = differences.filter((d) => d > 1e-9).length;
    const llamaWins = differences.filter((d) => d < -1e-9).length;
    const ties = differences.length - qwenWins - llamaWins;
    const overview = await page.evaluate(() => [...document.querySelectorAll("#summary-overview li")].map((li) => li.textContent));
    assert.equal(overview[0], `R1-Qwen is higher in ${qwenWins} of ${differences.length} configurations.`);
    assert.equal(overview[1], `R1-Llama is higher in ${llamaWins}.`);
    assert.equal(overview[2], `${ties} configurations tie.`);
    assert.equal(await page.isVisible("#colour-note"), true);
    assert.match(await page.textContent("#colour-note"), /drawn as RdBu/);
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("a control with nothing to choose is not shown", async () => {
    // Two models: the model is a choice. One model (a sparse reading of R1-Qwen): it is not.
    for (const [fragment, shown] of [["#dataset=kv-cache-sweep", true], ["#dataset=partial-r1-qwen", false]]) {
      const { page, context, problems } = await openPage(session, fragment);
      await shownDataset(page);
      assert.equal(await page.isVisible("#field-model"), shown, fragment);
      assert.equal(await page.isVisible("#layout-select"), true, fragment);
      assert.deepEqual(problems, []);
      await context.close();
    }
  });

  test("invalid link values show a notice and fall back to the defaults", async () => {
    const { page: reference, context: referenceContext } = await openPage(session, "");
    await shownDataset(reference);
    const defaultHash = await canvasHash(reference);
    const defaultControls = await controlValues(reference);
    await referenceContext.close();

    const cases = [
      {
        query: "#cmap=jet&layout=nope",
        notices: [/^layout="nope" is not a layout/, /^cmap="jet" is not a colour map/],
      },
      { query: "#model=Nope", notices: [/^There is no model "Nope" in this dataset \(models: "R1-Llama", "R1-Qwen"\); showing "R1-Llama"\.$/] },
      { query: "#dataset=nope", notices: [/^There is no bundled dataset "nope" \(available: .*\); showing "kv-cache-sweep" instead\.$/] },
      { query: "#dataset=kv-cache-sweep&range=fixed&min=50&max=40&dec=9&rev=perhaps&zoom=2", notices: [/^range=fixed needs two numbers min < max/, /^rev="perhaps"/, /^dec="9"/, /^Ignored "zoom"/] },
      {
        query: "#dataset=kv-cache-sweep&unc=0.8",
        notices: [/^unc="0\.8" is not a confidence level \(expected 0\.9, 0\.95, 0\.99, or 0 for no marks\); marking cells within noise when the data carry a noise estimate\.$/],
      },
    ];
    for (const { query, notices } of cases) {
      const { page, context, problems } = await openPage(session, query);
      const shown = await shownDataset(page);
      assert.equal(shown.error, null, query);
      // The notices are sorted by key order of the checks; compare as a set of patterns.
      assert.equal(shown.notices.length, notices.length, `${query}: ${shown.notices.join(" / ")}`);
      for (const pattern of notices) {
        assert.ok(shown.notices.some((notice) => pattern.test(notice)), `${query}: a notice matching ${pattern} in ${shown.notices.join(" / ")}`);
      }
      assert.equal(await page.getAttribute("#notice-banner", "role"), "status");
      assert.equal(shown.fragment, "#dataset=kv-cache-sweep", `${query} is rewritten to the view shown`);
      assert.equal(await canvasHash(page), defaultHash, query);
      assert.deepEqual(await controlValues(page), defaultControls, query);
      assert.deepEqual(problems, [], query);

      // The notice can be dismissed, and goes when the view changes.
      await page.click("#notice-dismiss");
      assert.equal(await page.isVisible("#notice-banner"), false);
      await context.close();
    }

    // A difference on a dataset of one model falls back to one model across benchmarks.
    const { page, context, problems } = await openPage(session, "#dataset=partial-r1-qwen&layout=difference");
    const shown = await shownDataset(page);
    assert.deepEqual(shown.notices, ['layout=difference needs two models and this dataset has one; using "model".']);
    assert.equal(shown.fragment, "#dataset=partial-r1-qwen");
    assert.equal(shown.panels.length, 4);
    await afterRender(page, () => page.selectOption("#cmap-select", "cividis"));
    assert.deepEqual((await shownDataset(page)).notices, []);
    assert.deepEqual(problems, []);
    await context.close();
  });
});
