// End-to-end tests of the colour scale of sweeps (the `colorScale` view setting, link key
// `scale`): the select changes the figure and the address, a link reopens the same figure with
// the select set, a word the key does not take is a notice, and a log scale the data cannot take
// is refused with the core's message while the figure already drawn stays; <sweep-map> takes
// the color-scale attribute and property. Screenshots of the
// seed figure in log colour at 1400 and 390 CSS px, and in symlog on the dark theme, go to
// /tmp/shots-color-scale/ (or $SHOTS_DIR) for a person to look at. Needs the wasm package built
// (.ci/build).

import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import path from "node:path";

import { afterRender, canvasHash, openPage, shownDataset, startSession } from "./browser.mjs";
import { openRecordedPage, startSiteSession, waitForEvents } from "./embed.mjs";

const directory = process.env.SHOTS_DIR ?? "/tmp/shots-color-scale";
const base = "#dataset=kv-cache-sweep";

let session;
before(async () => {
  mkdirSync(directory, { recursive: true });
  session = await startSession();
});
after(async () => {
  await session?.close();
});

describe("colour scale of sweeps", { timeout: 120_000 }, () => {
  test("the select sets the figure and the link, and a link reopens it", async () => {
    const { page, context, problems } = await openPage(session, base, { width: 1400 });
    await shownDataset(page);
    const linear = await canvasHash(page);
    assert.equal(await page.inputValue("#scale-select"), "linear");

    await afterRender(page, () => page.selectOption("#scale-select", "log"));
    let shown = await shownDataset(page);
    assert.equal(shown.fragment, `${base}&scale=log`);
    assert.equal(shown.error, null);
    const log = await canvasHash(page);
    assert.notEqual(log, linear);
    assert.equal(await page.evaluate(() => window.sweepmap.figure.options().colorScale), "log");
    await page.screenshot({ path: path.join(directory, "seed-log-1400.png"), fullPage: true });

    await afterRender(page, () => page.selectOption("#scale-select", "symlog"));
    shown = await shownDataset(page);
    assert.equal(shown.fragment, `${base}&scale=symlog`);
    const symlog = await canvasHash(page);
    assert.notEqual(symlog, log);
    assert.notEqual(symlog, linear);

    await afterRender(page, () => page.selectOption("#scale-select", "linear"));
    assert.equal((await shownDataset(page)).fragment, base);
    assert.equal(await canvasHash(page), linear);

    // A link with the key opens the same figure, the select set.
    const reopened = await openPage(session, `${base}&scale=log`, { width: 1400 });
    await shownDataset(reopened.page);
    assert.equal(await reopened.page.inputValue("#scale-select"), "log");
    assert.equal(await canvasHash(reopened.page), log);
    await reopened.context.close();

    const phone = await openPage(session, `${base}&scale=log`, { width: 390 });
    await shownDataset(phone.page);
    await phone.page.screenshot({ path: path.join(directory, "seed-log-390.png"), fullPage: true });
    assert.deepEqual(phone.problems, []);
    await phone.context.close();

    assert.deepEqual(problems, []);
    await context.close();
  });

  test("log with a centred range is refused with the core's message; the figure stays", async () => {
    const { page, context, problems } = await openPage(session, `${base}&scale=log`);
    await shownDataset(page);
    const before = await canvasHash(page);
    await page.selectOption("#range-select", "centered");
    const shown = await shownDataset(page);
    assert.equal(
      shown.error,
      'Could not draw this view: field "colorScale": expected "linear" or "symlog" with a centred colour range: "log" needs values above 0',
    );
    assert.equal(shown.fragment, `${base}&scale=log`);
    assert.equal(await page.inputValue("#range-select"), "panel");
    assert.equal(await canvasHash(page), before);
    // Symlog takes the centred range.
    await afterRender(page, () => page.selectOption("#scale-select", "symlog"));
    await afterRender(page, () => page.selectOption("#range-select", "centered"));
    const centred = await shownDataset(page);
    assert.equal(centred.error, null);
    assert.equal(centred.fragment, `${base}&scale=symlog&range=centered`);
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("a link's word the key does not take, or a log the view cannot take, is a notice", async () => {
    const { page, context } = await openPage(session, `${base}&scale=cubic`);
    let shown = await shownDataset(page);
    assert.deepEqual(shown.notices, ['scale="cubic" is not a colour scale (expected linear, log, symlog); using "linear".']);
    assert.equal(shown.fragment, base);
    await context.close();

    // A difference has negative values: the link's view is not drawn, the default view is.
    const difference = await openPage(session, `${base}&layout=difference&scale=log`);
    shown = await shownDataset(difference.page);
    assert.equal(shown.notices.length, 1);
    assert.match(shown.notices[0], /^The view in the link could not be drawn \(field "colorScale": expected "linear" or "symlog" for the panel "R1-Llama − R1-Qwen \| AIME24", whose values go down to −?-?[\d.]+: "log" needs values above 0\); showing the default view\.$/);
    assert.equal(shown.fragment, base);
    await difference.context.close();
  });

  test("symlog on the dark theme (screenshot)", async () => {
    const { page, context, problems } = await openPage(session, `${base}&layout=difference&scale=symlog&theme=dark`, { width: 1400 });
    const shown = await shownDataset(page);
    assert.equal(shown.error, null);
    assert.equal(await page.inputValue("#scale-select"), "symlog");
    await page.screenshot({ path: path.join(directory, "difference-symlog-dark-1400.png"), fullPage: true });
    assert.deepEqual(problems, []);
    await context.close();
  });
});

describe("the color-scale attribute of <sweep-map>", { timeout: 120_000 }, () => {
  let site;
  before(async () => {
    site = await startSiteSession();
  });
  after(async () => {
    await site?.close();
  });

  test("the attribute and the property set the element's colour scale", async () => {
    const { page, context, problems } = await openRecordedPage(site, "test/figures.html");
    await waitForEvents(page, "sweepmap-render", 1, "b");
    const scaleOf = () => page.evaluate(() => document.getElementById("b").figure.options().colorScale);
    assert.equal(await scaleOf(), "linear");
    await page.evaluate(() => document.getElementById("b").setAttribute("color-scale", "symlog"));
    await waitForEvents(page, "sweepmap-render", 2, "b");
    assert.equal(await scaleOf(), "symlog");
    await page.evaluate(() => (document.getElementById("b").colorScale = "linear"));
    await waitForEvents(page, "sweepmap-render", 3, "b");
    assert.equal(await scaleOf(), "linear");
    assert.equal(await page.evaluate(() => document.getElementById("b").getAttribute("color-scale")), "linear");
    assert.deepEqual(problems, []);
    await context.close();
  });
});
