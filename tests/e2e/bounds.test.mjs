// End-to-end tests of the explorer's bounds: whatever the data within the documented limits, the
// page draws and answers within a few seconds, and shows what it shows honestly.
// - A name of a million characters anywhere (title, source note, metric, axis, axis value,
//   model, benchmark), through a ~1.5 KB link or Open file (5 MB), lays out in bounded time, cut
//   with "…" and more of it in a tooltip.
// - 1,000 models on "One benchmark, every model" draw and answer in seconds; the summary shows
//   its first cards and builds the rest on request, in slices, the page answering meanwhile; the
//   capped canvas is said, on the page and by the PNG export.
// - Labels holding bidi controls are isolated wherever the page shows them.
// - On a phone-width screen the figure comes first, the controls one tap away.
// - Back and forward after a failing link show that entry's view and only its messages.
// "Answers" is measured as the main thread running a round trip, not as a benchmark figure.

import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";

import { encodeData } from "../../www/share.js";
import { afterRender, cellCentre, openPage, shownDataset, startSession } from "./browser.mjs";

const SHOTS = process.env.SHOTS_DIR ?? "/work/shots/pagebounds";
/** What "within a few seconds" means here, on a shared two-core test machine. */
const ANSWER_SECONDS = 8;
const HUGE = 1_000_000;

let session;
before(async () => {
  session = await startSession();
});
after(async () => {
  await session?.close();
});

/** Resolves with the seconds `action` took plus a main-thread round trip after it. */
async function answeredWithin(page, action) {
  const start = Date.now();
  await action();
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve(1))));
  return (Date.now() - start) / 1000;
}

/** A sweep as JSON, two models and benchmarks, with `field` replaced by `text`. */
function sweepJson(field, text) {
  const pick = (name, value) => (name === field ? text : value);
  return JSON.stringify({
    title: pick("title", "Bounds"),
    source: pick("source", "Made for a test."),
    metric: { name: pick("metric", "Pass@1"), direction: "higher" },
    x: { name: pick("x_name", "Ratio"), values: [pick("x_value", "a"), "b"] },
    y: { name: "Window", values: ["c", "d"] },
    model: "Model",
    benchmark: "Benchmark",
    panels: [
      { model: pick("model", "M0"), benchmark: pick("benchmark", "B0"), cells: [[1, 2], [3, 4.5]] },
      { model: "M1", benchmark: pick("benchmark", "B0"), cells: [[2, 1], [0.5, 4]] },
    ],
  });
}

/** Every text the page lays out (not in a hidden subtree), with the element holding it. */
function shownTextLengths(page) {
  return page.evaluate(() => {
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    let longest = 0;
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node.parentElement.closest("[hidden], .visually-hidden, #figure-observations")) continue;
      longest = Math.max(longest, node.data.length);
    }
    const options = [...document.querySelectorAll("option")].map((option) => option.text.length);
    return { longest: Math.max(longest, ...options), title: document.title.length };
  });
}

describe("long texts from the data", { timeout: 240_000 }, () => {
  for (const field of ["title", "source", "metric", "x_name", "x_value", "model", "benchmark"]) {
    test(`a million-character ${field} in a link draws within seconds, cut for display`, async () => {
      const json = sweepJson(field, "W".repeat(HUGE));
      const link = `#data=${await encodeData(json)}&fmt=json&name=long.json&layout=grid`;
      assert.ok(link.length < 3000, `the link is ${link.length} characters`);
      const { page, context, problems } = await openPage(session, "about:blank");
      const seconds = await answeredWithin(page, async () => {
        await page.goto(new URL(`/${link}`, session.url).href);
        await shownDataset(page);
      });
      assert.ok(seconds < ANSWER_SECONDS, `${field}: the page answered after ${seconds} s`);
      const shown = await shownDataset(page);
      assert.equal(shown.error, null);
      const lengths = await shownTextLengths(page);
      assert.ok(lengths.longest < 6_000, `${field}: a text of ${lengths.longest} characters is laid out`);
      assert.ok(lengths.title < 250, `${field}: a page title of ${lengths.title} characters`);
      if (field === "title") {
        const header = await page.evaluate(() => {
          const title = document.getElementById("dataset-title");
          return { text: title.textContent, tooltip: title.title };
        });
        assert.equal(header.text, `${"W".repeat(199)}…`);
        assert.equal(header.tooltip, `${"W".repeat(4_999)}…`);
      }
      assert.deepEqual(problems, []);
      await context.close();
    });
  }

  test("a 5 MB title through Open file draws within seconds", async () => {
    const { page, context, problems } = await openPage(session);
    await shownDataset(page);
    const buffer = Buffer.from(sweepJson("title", "T".repeat(5_000_000)));
    const seconds = await answeredWithin(page, () =>
      afterRender(page, () => page.setInputFiles("#file-input", { name: "long.json", mimeType: "application/json", buffer })),
    );
    assert.ok(seconds < ANSWER_SECONDS, `the page answered after ${seconds} s`);
    assert.equal(await page.textContent("#dataset-title"), `${"T".repeat(199)}…`);
    assert.deepEqual(problems, []);
    await context.close();
  });
});

/** 1,000 models on one benchmark, 3 x 3 cells each. */
function manyModelsCsv(models = 1_000) {
  const rows = ["model,benchmark,x,y,value"];
  for (let model = 0; model < models; model += 1) {
    for (let x = 0; x < 3; x += 1) {
      for (let y = 0; y < 3; y += 1) rows.push(`M${model},B,${x},${y},${(model * 7 + x * 3 + y) % 100}`);
    }
  }
  return `${rows.join("\n")}\n`;
}

describe("1,000 models", { timeout: 240_000 }, () => {
  test("draw, summarise and answer within seconds; the rest of the summary on request", async () => {
    const { page, context, problems } = await openPage(session);
    await shownDataset(page);
    const buffer = Buffer.from(manyModelsCsv());
    let seconds = await answeredWithin(page, () =>
      afterRender(page, () => page.setInputFiles("#file-input", { name: "many.csv", mimeType: "text/csv", buffer })),
    );
    assert.ok(seconds < ANSWER_SECONDS, `the grid answered after ${seconds} s`);
    seconds = await answeredWithin(page, () => afterRender(page, () => page.selectOption("#layout-select", "benchmark")));
    assert.ok(seconds < ANSWER_SECONDS, `"One benchmark, every model" answered after ${seconds} s`);

    const summary = () =>
      page.evaluate(() => ({
        cards: document.querySelectorAll("#summary-panels > article").length,
        more: document.querySelector("#summary-panels .more-cards button")?.textContent ?? null,
        comparisons: document.querySelectorAll("#summary-overview .across-panels li").length,
      }));
    assert.deepEqual(await summary(), { cards: 48, more: "Show the other 952 panels", comparisons: 999 });

    // The rest is built in slices: the page answers while it builds them.
    await page.click("#summary-panels .more-cards button");
    const gaps = await page.evaluate(async () => {
      const found = [];
      let last = performance.now();
      while (document.querySelector("#summary-panels .more-cards")) {
        await new Promise((resolve) => requestAnimationFrame(resolve));
        const now = performance.now();
        found.push(now - last);
        last = now;
      }
      return found;
    });
    assert.ok(Math.max(...gaps) < 2_000, `a frame waited ${Math.round(Math.max(...gaps))} ms`);
    assert.deepEqual(await summary(), { cards: 1_000, more: null, comparisons: 999 });
    assert.equal(await page.evaluate(() => document.activeElement.matches("#summary-panels > article:nth-child(49)")), true);

    // The figure is taller than a canvas may be at full resolution: the page says so.
    const note = await page.evaluate(() => {
      const element = document.getElementById("canvas-note");
      const canvas = document.getElementById("figure-canvas");
      const figure = window.sweepmap.figure;
      return { hidden: element.hidden, text: element.textContent, ratio: canvas.height / figure.size().height, own: figure.backingRatio(2) };
    });
    assert.equal(note.hidden, false);
    const ratio = `${Number(note.own.toFixed(2))}×`;
    assert.ok(Math.abs(note.ratio - note.own) < 0.01, `the canvas is drawn at ${note.ratio}, the core says ${note.own}`);
    assert.match(note.text, /is larger than the biggest canvas browsers allow at full resolution/);
    assert.ok(note.text.includes(`it is drawn at ${ratio} rather than this screen's 1×, and a PNG export comes out at ${ratio} rather than 2×`), note.text);
    const [download] = await Promise.all([page.waitForEvent("download"), page.click("#export-png")]);
    assert.equal(download.suggestedFilename().endsWith(".png"), true);
    const status = await page.textContent("#share-status");
    assert.ok(status.includes(`at ${ratio} the figure's size, not 2×`), status);
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("a figure that fits says nothing about the canvas", async () => {
    const { page, context } = await openPage(session);
    await shownDataset(page);
    assert.equal(await page.evaluate(() => document.getElementById("canvas-note").hidden), true);
    const [download] = await Promise.all([page.waitForEvent("download"), page.click("#export-png")]);
    assert.ok(download.suggestedFilename().endsWith(".png"));
    assert.match(await page.textContent("#share-status"), /^PNG saved as [^ ]+\.png\.$/);
    await context.close();
  });
});

describe("labels with bidi controls", { timeout: 120_000 }, () => {
  const CONTROLS = ["\u202E", "\u202B", "\u2067", "\u200F"];

  test("are isolated in every element that shows them", async () => {
    const label = (control, name) => `safe${control}gnp.${name}`;
    const rows = ["model,benchmark,window,ratio,score"];
    for (const [index, control] of CONTROLS.entries()) {
      rows.push([label(control, `m${index}`), label(control, "b"), label(control, "y"), label(control, "x"), index + 1].map((text) => `"${text}"`).join(","));
      rows.push([label(control, `m${index}`), label(control, "b"), "plain", label(control, "x"), index + 2].map((text) => `"${text}"`).join(","));
    }
    const { page, context, problems } = await openPage(session);
    await shownDataset(page);
    await afterRender(page, () =>
      page.setInputFiles("#file-input", { name: `safe\u202Egnp.csv`, mimeType: "text/csv", buffer: Buffer.from(rows.join("\n")) }),
    );
    const unisolated = () =>
      page.evaluate(() => {
        const isBidi = (c) => /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/.test(c);
        /** Every control of a text between an isolate initiator and its U+2069. */
        const isolatedWithin = (text) => {
          let depth = 0;
          for (const c of text) {
            if (c >= "\u2066" && c <= "\u2068") depth += 1;
            else if (c === "\u2069") depth = Math.max(0, depth - 1);
            else if (isBidi(c) && depth === 0) return false;
          }
          return true;
        };
        const found = [];
        const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          if (![...node.data].some(isBidi) || isolatedWithin(node.data)) continue;
          const parent = node.parentElement;
          // An element whose whole text is the label, isolated by its style.
          const byStyle = parent.textContent === node.data && getComputedStyle(parent).unicodeBidi === "isolate" && parent.tagName !== "OPTION";
          if (!byStyle) found.push(`${parent.tagName}#${parent.id}.${parent.className}: ${JSON.stringify(node.data)}`);
        }
        for (const option of document.querySelectorAll("option")) {
          if (!isolatedWithin(option.text)) found.push(`option of #${option.parentElement.id}: ${JSON.stringify(option.text)}`);
        }
        if (!isolatedWithin(document.title)) found.push(`the page title: ${JSON.stringify(document.title)}`);
        return found;
      });
    assert.deepEqual(await unisolated(), []);
    for (const layout of ["model", "benchmark", "difference"]) {
      await afterRender(page, () => page.selectOption("#layout-select", layout));
      assert.deepEqual(await unisolated(), [], layout);
    }
    const centre = await cellCentre(page, { panel: 0, x: 0, y: 0 });
    await page.mouse.move(centre.x, centre.y);
    await page.waitForSelector("#tooltip:not([hidden])");
    assert.ok(/\u202E/.test(await page.textContent("#tooltip")), "the tooltip shows the label");
    assert.deepEqual(await unisolated(), [], "with the tooltip");
    assert.deepEqual(problems, []);
    await context.close();
  });
});

describe("narrow screens", { timeout: 120_000 }, () => {
  mkdirSync(SHOTS, { recursive: true });
  const LINK = "#dataset=kv-cache-sweep&layout=model&model=R1-Qwen";

  test("at 390 px the figure comes first, the controls one tap away", async () => {
    const { page, context, problems } = await openPage(session, LINK, { width: 390, height: 844 });
    await shownDataset(page);
    const layout = () =>
      page.evaluate(() => {
        const box = (id) => document.getElementById(id).getBoundingClientRect();
        return {
          canvasTop: box("figure-canvas").top,
          controlsShown: getComputedStyle(document.getElementById("controls")).display !== "none",
          toggle: document.getElementById("controls-toggle").getAttribute("aria-expanded"),
          toggleShown: getComputedStyle(document.getElementById("controls-toggle")).display !== "none",
          viewport: window.innerHeight,
        };
      });
    const closed = await layout();
    assert.equal(closed.controlsShown, false);
    assert.equal(closed.toggleShown, true);
    assert.equal(closed.toggle, "false");
    assert.ok(closed.canvasTop < closed.viewport / 2, `the figure starts at ${closed.canvasTop} px of ${closed.viewport}`);
    await page.screenshot({ path: `${SHOTS}/narrow-390.png` });

    await page.click("#controls-toggle");
    const open = await layout();
    assert.equal(open.controlsShown, true);
    assert.equal(open.toggle, "true");
    await page.screenshot({ path: `${SHOTS}/narrow-390-controls.png` });
    await afterRender(page, () => page.selectOption("#layout-select", "grid"));
    await page.click("#controls-toggle");
    assert.equal((await layout()).controlsShown, false);
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("at 1400 px the controls show beside no button", async () => {
    const { page, context } = await openPage(session, LINK, { width: 1400, height: 900 });
    await shownDataset(page);
    const shown = await page.evaluate(() => ({
      controls: getComputedStyle(document.getElementById("controls")).display !== "none",
      toggle: getComputedStyle(document.getElementById("controls-toggle")).display !== "none",
    }));
    assert.deepEqual(shown, { controls: true, toggle: false });
    await page.screenshot({ path: `${SHOTS}/wide-1400.png` });
    await context.close();
  });
});

describe("back and forward after a failing link", { timeout: 120_000 }, () => {
  const FAILING = {
    "data the link cannot decode": "#data=not-compressed-data&fmt=csv&name=broken.csv",
    "a src= that answers 404": "#src=/data/nothing-here.csv",
  };
  for (const [name, failing] of Object.entries(FAILING)) {
    test(`${name}: back shows the view before it without the error`, async () => {
      const { page, context } = await openPage(session, "#dataset=kv-cache-sweep&layout=model&model=R1-Qwen&cmap=magma");
      const first = await shownDataset(page);
      assert.equal(first.error, null);
      await page.evaluate((hash) => (window.location.hash = hash), failing);
      await page.waitForSelector("#error-banner:not([hidden])");
      const failed = await shownDataset(page);
      assert.ok(failed.error.length > 0);
      assert.equal(failed.fragment, first.fragment, "the entry takes the address of the view kept");

      await page.goBack();
      await page.waitForSelector("#error-banner", { state: "hidden" });
      const back = await shownDataset(page);
      assert.equal(back.error, null);
      assert.deepEqual(back.notices, []);
      assert.equal(back.fragment, first.fragment);
      assert.equal(await page.evaluate(() => window.sweepmap.state.colorMap), "magma");

      // A link with notices, then back: the notices go with their entry, and the error too.
      await page.evaluate((hash) => (window.location.hash = hash), failing);
      await page.waitForSelector("#error-banner:not([hidden])");
      await afterRender(page, () => page.evaluate(() => (window.location.hash = "#dataset=kv-cache-sweep&model=Nope")));
      const noticed = await shownDataset(page);
      assert.equal(noticed.error, null);
      assert.equal(noticed.notices.length, 1);
      await afterRender(page, () => page.goBack());
      const again = await shownDataset(page);
      assert.deepEqual([again.error, again.notices, again.fragment], [null, [], first.fragment]);
      await context.close();
    });
  }
});
