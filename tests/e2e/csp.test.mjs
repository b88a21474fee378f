// End-to-end test under a strict Content-Security-Policy: every page is served with
// .ci/serve.mjs's strictCsp header (scripts and styles from the site's own files only, no inline
// script or style attributes, no eval; 'wasm-unsafe-eval' for the module), exercised through its
// main controls, and must report no CSP violation: neither a `securitypolicyviolation` event nor
// a console error.
//
// To cover another page, add an entry to PAGES: its path and what to do on it.

import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";

import { strictCsp } from "../../.ci/serve.mjs";
import { afterRender, cellCentre, openPage, shownDataset, startSession } from "./browser.mjs";

/** Runs in the page before its scripts: records every CSP violation the page reports. */
function recordViolations() {
  window.cspViolations = [];
  document.addEventListener("securitypolicyviolation", (event) => {
    window.cspViolations.push(`${event.violatedDirective} blocked ${event.blockedURI || "inline"} at ${event.sourceFile}:${event.lineNumber} (${event.sample})`);
  });
}

const tidyCsv = ["model,benchmark,window,ratio,pass@1", "A,Quiz,100,0.1,40", "A,Quiz,100,0.2,42", "B,Quiz,100,0.1,39", "B,Quiz,100,0.2,45"].join("\n");

/** Draws through the explorer's main controls, hovers a cell, opens a file, exports. */
async function exerciseExplorer(page) {
  await shownDataset(page);
  for (const [selector, value] of [
    ["#layout-select", "grid"],
    ["#layout-select", "benchmark"],
    ["#layout-select", "difference"],
    ["#layout-select", "reconcile"],
    ["#layout-select", "model"],
    ["#cmap-select", "viridis"],
    ["#range-select", "fixed"],
    ["#range-select", "centered"],
  ]) {
    await afterRender(page, () => page.selectOption(selector, value));
  }
  // The marks are on by default (the seed's item counts): off and on again.
  await afterRender(page, () => page.uncheck("#uncertainty-input"));
  await afterRender(page, () => page.check("#uncertainty-input"));
  await afterRender(page, () => page.uncheck("#annotate-input"));
  const centre = await cellCentre(page, { panel: 0, x: 0, y: 0 });
  await page.mouse.move(centre.x, centre.y);
  await page.waitForSelector("#tooltip:not([hidden])");
  await page.focus("#figure-canvas");
  await page.keyboard.press("ArrowRight");
  await page.waitForSelector("#cell-outline:not([hidden])");
  for (const button of ["#export-svg", "#export-csv", "#export-png", "#export-page"]) {
    await Promise.all([page.waitForEvent("download"), page.click(button)]);
  }
  await page.click("#copy-link");
  await page.click("#copy-markdown");
  await afterRender(page, () => page.setInputFiles("#file-input", { name: "tidy.csv", mimeType: "text/csv", buffer: Buffer.from(tidyCsv) }));
  await afterRender(page, () => page.selectOption("#dataset-select", "synthetic-pairwise"));
  await afterRender(page, () => page.selectOption("#bins-select", "20"));
  const bin = await cellCentre(page, { panel: 0, x: 3, y: 3 });
  await page.mouse.move(bin.x, bin.y);
  const shown = await shownDataset(page);
  assert.equal(shown.error, null);
}

/** The pages under test: the address to open and what to do there. */
const PAGES = [
  { name: "the explorer", path: "#dataset=kv-cache-sweep", exercise: exerciseExplorer },
  { name: "the explorer with data carried by a link", path: null, exercise: exerciseLinkData },
  { name: "the example project page (two <sweep-map> elements)", path: "example.html", exercise: exerciseExample },
];

/** Waits for both embedded figures of the example page, then hovers and clicks the first one. */
async function exerciseExample(page) {
  await page.waitForFunction(
    () => {
      const maps = [...document.querySelectorAll("sweep-map")];
      return maps.length === 2 && maps.every((map) => map.figure);
    },
    null,
    { timeout: 20_000 },
  );
  const hovered = page.evaluate(
    () => new Promise((resolve) => document.querySelector("sweep-map").addEventListener("sweepmap-hover", (event) => resolve(event.detail?.text ?? null), { once: true })),
  );
  const box = await page.locator("sweep-map").first().boundingBox();
  await page.mouse.move(box.x + box.width * 0.2, box.y + box.height * 0.25);
  await page.mouse.move(box.x + box.width * 0.21, box.y + box.height * 0.26);
  assert.ok(await hovered, "hovering the first figure reports a cell");
  const errors = await page.evaluate(() => [...document.querySelectorAll("sweep-map")].map((map) => map.shadowRoot?.querySelector("[part=error]")?.textContent ?? ""));
  assert.deepEqual(errors.map((text) => text.trim()), ["", ""]);
}

/** Opens the explorer on data carried in its link (decompressed in the page) and draws them. */
async function exerciseLinkData(page) {
  const shown = await shownDataset(page);
  assert.equal(shown.error, null);
  assert.equal(shown.title, "tidy.csv");
}

let session;
before(async () => {
  session = await startSession({ headers: { "Content-Security-Policy": strictCsp } });
});
after(async () => {
  await session?.close();
});

/** A link carrying tidyCsv, made by the page's own encoder in node. */
async function linkWithData() {
  const { encodeData } = await import("../../www/share.js");
  return `#data=${await encodeData(tidyCsv)}&fmt=csv&name=tidy.csv`;
}

describe("a strict Content-Security-Policy", { timeout: 180_000 }, () => {
  test("the server sends the policy", async () => {
    const response = await fetch(session.url);
    assert.equal(response.headers.get("content-security-policy"), strictCsp);
    assert.match(strictCsp, /script-src 'self' 'wasm-unsafe-eval'/);
    assert.match(strictCsp, /style-src 'self'(;|$)/);
  });

  for (const entry of PAGES) {
    test(`${entry.name} works with no CSP violation`, async () => {
      const path = entry.path ?? (await linkWithData());
      const { page, problems } = await openPage(session, path, { init: recordViolations, permissions: ["clipboard-read", "clipboard-write"] });
      await entry.exercise(page);
      // Let late reports arrive (they are dispatched as tasks).
      await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 100)));
      const violations = await page.evaluate(() => window.cspViolations);
      assert.deepEqual(violations, []);
      assert.deepEqual(problems.filter((problem) => /Content Security Policy|Refused to/i.test(problem)), []);
      assert.deepEqual(problems, []);
    });
  }

  test("the policy is enforced: an inline style attribute set from script is refused and reported", async () => {
    const { page } = await openPage(session, "#dataset=kv-cache-sweep", { init: recordViolations });
    await shownDataset(page);
    const applied = await page.evaluate(async () => {
      const probe = document.createElement("div");
      probe.setAttribute("style", "width: 123px");
      document.body.append(probe);
      await new Promise((resolve) => setTimeout(resolve, 50));
      const width = probe.getBoundingClientRect().width;
      probe.remove();
      return width;
    });
    assert.notEqual(applied, 123, "the style attribute is not applied");
    const violations = await page.evaluate(() => window.cspViolations);
    assert.equal(violations.length, 1);
    assert.match(violations[0], /^style-src-attr blocked inline/);
  });
});
