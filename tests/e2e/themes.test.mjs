// End-to-end tests of themes (the `theme` view setting): the explorer drawn under the reader's dark
// colour scheme (Playwright's colorScheme) gives a dark figure on a dark page, a change of scheme
// redraws an "auto" figure, the theme select sets the figure and the page, theme=print in a link
// gives a transparent figure with black text, and <sweep-map>'s theme attribute works. Pixels
// are read from the canvases. Screenshots of the explorer in light and dark at 1400 and 390 CSS px
// wide (and print at 1400) go to /tmp/shots-themes/ (or $SHOTS_DIR) for a person to look at.
// Needs the wasm package built (.ci/build).

import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import path from "node:path";

import { afterRender, openPage, shownDataset, startSession } from "./browser.mjs";
import { closeColour, openRecordedPage, recordedEvents, startSiteSession, violations, waitForEvents } from "./embed.mjs";

const directory = process.env.SHOTS_DIR ?? "/tmp/shots-themes";

/** The figure's background on the dark theme (src/color/theme.rs DARK), and its text. */
const DARK_BACKGROUND = [0x16, 0x19, 0x1e, 255];
const DARK_INK = [0xe8, 0xea, 0xed, 255];
const LIGHT_INK = [0x22, 0x22, 0x22, 255];
const WHITE = [255, 255, 255, 255];

/**
 * Pixels of a canvas (the explorer's, or a <sweep-map>'s by id, in its shadow root): its top-left
 * corner (figure background), the gap left of the first cell's centre row (background between
 * cells), and the text pixel of the title band (above the first panel's plot) that differs most
 * from the background: the ink of the title.
 */
function figurePixels(page, id = null) {
  return page.evaluate((id) => {
    const host = id === null ? null : document.getElementById(id);
    const canvas = host ? host.shadowRoot.querySelector("canvas") : document.getElementById("figure-canvas");
    const figure = host ? host.figure : window.sweepmap.figure;
    const scale = canvas.width / figure.size().width;
    const context = canvas.getContext("2d");
    const at = (x, y) => [...context.getImageData(Math.floor(x * scale), Math.floor(y * scale), 1, 1).data];
    const panel = figure.panels()[0];
    const top = figure.cellRect(0, 0, panel.rows - 1);
    const first = figure.cellRect(0, 0, 0);
    const corner = at(1, 1);
    const band = context.getImageData(0, 0, canvas.width, Math.max(1, Math.floor((top.y - 4) * scale))).data;
    let ink = corner;
    let farthest = -1;
    for (let index = 0; index < band.length; index += 4) {
      const pixel = [band[index], band[index + 1], band[index + 2], band[index + 3]];
      // Against white for a transparent background (print is read on paper).
      const base = corner[3] === 0 ? [255, 255, 255] : corner;
      const alpha = pixel[3] / 255;
      const shown = [0, 1, 2].map((c) => pixel[c] * alpha + 255 * (1 - alpha));
      const distance = Math.abs(shown[0] - base[0]) + Math.abs(shown[1] - base[1]) + Math.abs(shown[2] - base[2]);
      if (distance > farthest) {
        farthest = distance;
        ink = pixel;
      }
    }
    return {
      corner,
      gap: at(first.x - 0.5, first.y + first.height / 2),
      ink,
      theme: figure.options().theme,
      page: getComputedStyle(document.documentElement).backgroundColor,
    };
  }, id);
}

let session;
before(async () => {
  mkdirSync(directory, { recursive: true });
  session = await startSession();
});
after(async () => {
  await session?.close();
});

describe("themes in the explorer", { timeout: 120_000 }, () => {
  test("under a dark colour scheme the figure and the page are dark, and the link keeps auto", async () => {
    const { page, context, problems } = await openPage(session, "#dataset=kv-cache-sweep&model=R1-Qwen", { colorScheme: "dark" });
    await shownDataset(page);
    const pixels = await figurePixels(page);
    assert.equal(pixels.theme, "dark");
    assert.deepEqual(pixels.corner, DARK_BACKGROUND);
    assert.deepEqual(pixels.gap, DARK_BACKGROUND);
    assert.ok(closeColour(pixels.ink, DARK_INK, 6), `title ink ${pixels.ink}`);
    assert.equal(pixels.page, "rgb(22, 25, 30)");
    assert.equal(await page.inputValue("#theme-select"), "auto");
    assert.ok(!(await page.evaluate(() => window.location.hash)).includes("theme"));
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("a change of the reader's scheme redraws an auto figure; a chosen theme stays", async () => {
    const { page, context, problems } = await openPage(session, "#dataset=kv-cache-sweep&model=R1-Qwen");
    await shownDataset(page);
    let pixels = await figurePixels(page);
    assert.equal(pixels.theme, "light");
    assert.deepEqual(pixels.corner, WHITE);
    assert.ok(closeColour(pixels.ink, LIGHT_INK, 6), `title ink ${pixels.ink}`);
    assert.equal(pixels.page, "rgb(255, 255, 255)");
    await page.emulateMedia({ colorScheme: "dark" });
    await page.waitForFunction(() => window.sweepmap.figure.options().theme === "dark", null, { timeout: 10_000 });
    pixels = await figurePixels(page);
    assert.deepEqual(pixels.corner, DARK_BACKGROUND);
    assert.equal(pixels.page, "rgb(22, 25, 30)");
    // Chosen in the select: light on a dark system, the page light too, and in the link.
    await afterRender(page, () => page.selectOption("#theme-select", "light"));
    pixels = await figurePixels(page);
    assert.equal(pixels.theme, "light");
    assert.deepEqual(pixels.corner, WHITE);
    assert.equal(pixels.page, "rgb(255, 255, 255)");
    assert.match(await page.evaluate(() => window.location.hash), /&theme=light$/);
    await page.emulateMedia({ colorScheme: "light" });
    await page.emulateMedia({ colorScheme: "dark" });
    assert.equal(await page.evaluate(() => window.sweepmap.figure.options().theme), "light");
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("theme=dark in a link darkens a light system's page; theme=print is transparent with black text", async () => {
    const { page, context, problems } = await openPage(session, "#dataset=partial-r1-qwen&theme=dark");
    await shownDataset(page);
    let pixels = await figurePixels(page);
    assert.equal(pixels.theme, "dark");
    assert.deepEqual(pixels.corner, DARK_BACKGROUND);
    assert.equal(pixels.page, "rgb(22, 25, 30)");
    assert.equal(await page.inputValue("#theme-select"), "dark");
    await page.close();

    // Print on a dark system: the page stays light, for black text on a transparent figure.
    const print = await openPage(session, "#dataset=partial-r1-qwen&theme=print", { colorScheme: "dark" });
    await shownDataset(print.page);
    pixels = await figurePixels(print.page);
    assert.equal(pixels.theme, "print");
    assert.deepEqual(pixels.corner, [0, 0, 0, 0]);
    assert.deepEqual(pixels.gap, [0, 0, 0, 0]);
    assert.ok(closeColour(pixels.ink, [0, 0, 0, 255], 6), `title ink ${pixels.ink}`);
    assert.equal(pixels.page, "rgb(255, 255, 255)");
    // The SVG export has no background either, and black text.
    const svg = await print.page.evaluate(async () => (await (await import("./lib/sweepmap.js")).withExports(window.sweepmap.figure, (exporting) => exporting.toSvg())));
    assert.ok(!/<rect x="0" y="0" [^>]*fill="#FFFFFF"/.test(svg));
    assert.match(svg, /fill="#000000"[^>]*>\nLocal Window Size/);
    assert.deepEqual([...problems, ...print.problems], []);
    await print.context.close();
    await context.close();
  });

  test("screenshots of light and dark at 1400 and 390 px, and print", async () => {
    const view = "#dataset=partial-r1-qwen&unc=0.95";
    for (const [scheme, theme] of [
      ["light", null],
      ["dark", null],
      ["light", "print"],
    ]) {
      for (const width of theme === "print" ? [1400] : [1400, 390]) {
        const { page, context, problems } = await openPage(session, theme ? `${view}&theme=${theme}` : view, {
          width,
          height: 1000,
          colorScheme: scheme,
        });
        await shownDataset(page);
        const name = theme ?? scheme;
        await page.screenshot({ path: path.join(directory, `explorer-${name}-${width}.png`), fullPage: true });
        const grid = await openPage(session, theme ? `#dataset=kv-cache-sweep&layout=grid&theme=${theme}` : "#dataset=kv-cache-sweep&layout=grid&unc=0.95", {
          width,
          height: 1000,
          colorScheme: scheme,
        });
        await shownDataset(grid.page);
        await grid.page.locator("#figure-frame").screenshot({ path: path.join(directory, `grid-${name}-${width}.png`) });
        assert.deepEqual([...problems, ...grid.problems], []);
        await grid.context.close();
        await context.close();
      }
    }
  });
});

describe("the theme attribute of <sweep-map>", { timeout: 120_000 }, () => {
  let site;
  before(async () => {
    site = await startSiteSession();
  });
  after(async () => {
    await site?.close();
  });

  test("theme sets the element's figure; without it the element follows the scheme", async () => {
    const { page, context, problems } = await openRecordedPage(site, "test/figures.html");
    await waitForEvents(page, "sweepmap-render", 1, "b");
    let pixels = await figurePixels(page, "b");
    assert.equal(pixels.theme, "light");
    assert.deepEqual(pixels.corner, WHITE);
    await page.evaluate(() => document.getElementById("b").setAttribute("theme", "dark"));
    await waitForEvents(page, "sweepmap-render", 2, "b");
    pixels = await figurePixels(page, "b");
    assert.equal(pixels.theme, "dark");
    assert.deepEqual(pixels.corner, DARK_BACKGROUND);
    assert.ok(closeColour(pixels.ink, DARK_INK, 6), `title ink ${pixels.ink}`);
    await page.evaluate(() => (document.getElementById("b").theme = "print"));
    await waitForEvents(page, "sweepmap-render", 3, "b");
    pixels = await figurePixels(page, "b");
    assert.equal(pixels.theme, "print");
    assert.deepEqual(pixels.corner, [0, 0, 0, 0]);
    // Removed: auto again, and a dark scheme now darkens it (element "a" has no theme either).
    await page.evaluate(() => document.getElementById("b").removeAttribute("theme"));
    await waitForEvents(page, "sweepmap-render", 4, "b");
    await page.emulateMedia({ colorScheme: "dark" });
    await waitForEvents(page, "sweepmap-render", 5, "b");
    pixels = await figurePixels(page, "b");
    assert.equal(pixels.theme, "dark");
    assert.deepEqual(pixels.corner, DARK_BACKGROUND);
    assert.equal((await figurePixels(page, "a")).theme, "dark");
    // A word the setting does not take is an error naming it; the figure stays.
    await page.evaluate(() => document.getElementById("b").setAttribute("theme", "sepia"));
    const errors = await waitForEvents(page, "sweepmap-error", 1, "b");
    assert.equal(errors[0].detail.message, 'field "theme": expected one of "auto", "light", "dark", "print", found "sepia"');
    assert.equal((await figurePixels(page, "b")).theme, "dark");
    assert.equal((await recordedEvents(page, "sweepmap-error", "a")).length, 0);
    assert.deepEqual(await violations(page), []);
    assert.deepEqual(problems, []);
    await context.close();
  });
});
