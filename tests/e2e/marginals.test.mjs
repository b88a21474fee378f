// End-to-end tests of the marginal strips (the `marginals` view setting, link key `marginals`):
// a run table with a big panel (the Optuna fixture, opened through the file input) draws them by
// default (`auto`), the canvas' colour at every strip cell's centre is the SVG export's fill
// there, and under order=best each strip cell has the colour of its line's best cell (the
// panels' own scale); hover and the keyboard reach strip cells; the select turns them off and on
// and writes the link, which reopens the same figure; the seed figure has none, and the select is
// hidden for a difference. Screenshots at 1400 and 390 CSS px go to /tmp/shots-marginals/ (or
// $SHOTS_DIR). Needs the wasm package built (.ci/build).

import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, readFileSync } from "node:fs";
import path from "node:path";

import { afterRender, canvasHash, controlValues, openPage, shownDataset, startSession, tooltip } from "./browser.mjs";

const directory = process.env.SHOTS_DIR ?? "/tmp/shots-marginals";
const OPTUNA = "synthetic-optuna-trials.csv";
const text = readFileSync(new URL(`../fixtures/sweeps/${OPTUNA}`, import.meta.url), "utf8");

/** Opens the Optuna fixture through the file input of a fresh page. */
async function openOptuna(session, width) {
  // Tall enough that the figure is in view under the notes a run table opens with.
  const opened = await openPage(session, "#dataset=kv-cache-sweep", { width, height: 2000 });
  await shownDataset(opened.page);
  const file = { name: OPTUNA, mimeType: "text/csv", buffer: Buffer.from(text, "utf8") };
  await afterRender(opened.page, () => opened.page.setInputFiles("#file-input", file));
  return opened;
}

/**
 * Every strip cell of the first panel: where (x, y), its info, the canvas' pixel at its centre,
 * and the SVG export's fill of the rectangle under that centre.
 */
function stripCells(page) {
  return page.evaluate(async () => {
    const figure = window.sweepmap.figure;
    const canvas = document.getElementById("figure-canvas");
    const ratio = canvas.width / figure.size().width;
    const { columns, rows, strips } = figure.panels()[0];
    const svg = new DOMParser().parseFromString((await (await import("./lib/sweepmap.js")).withExports(figure, (exporting) => exporting.toSvg())), "image/svg+xml");
    const rects = [...svg.querySelectorAll("rect")].map((rect) => ({
      x: Number(rect.getAttribute("x")),
      y: Number(rect.getAttribute("y")),
      width: Number(rect.getAttribute("width")),
      height: Number(rect.getAttribute("height")),
      fill: rect.getAttribute("fill"),
    }));
    const hex = (pixel) => `#${pixel.slice(0, 3).map((c) => c.toString(16).padStart(2, "0")).join("").toUpperCase()}`;
    const pixelAt = (x, y) => [...canvas.getContext("2d").getImageData(Math.floor(x * ratio), Math.floor(y * ratio), 1, 1).data];
    const cells = [];
    const positions = [];
    for (let y = 0; y < rows; y += 1) positions.push([columns, y]);
    for (let x = 0; x < columns; x += 1) positions.push([x, rows]);
    for (const [x, y] of positions) {
      const rect = figure.cellRect(0, x, y);
      const info = figure.cellInfo(0, x, y);
      const centre = { x: rect.x + rect.width / 2, y: rect.y + rect.height / 2 };
      // The last filled rectangle under the centre, as the SVG paints it.
      const under = rects.filter((r) => r.fill && r.fill !== "none" && centre.x >= r.x && centre.x < r.x + r.width && centre.y >= r.y && centre.y < r.y + r.height).at(-1);
      cells.push({ x, y, info, canvas: hex(pixelAt(centre.x, centre.y)), svg: under?.fill?.toUpperCase() ?? null, centre });
    }
    return { strips, columns, rows, cells };
  });
}

/** The canvas' colour at the centre of a grid cell of the first panel, as "#RRGGBB". */
function cellColour(page, x, y) {
  return page.evaluate(
    ({ x, y }) => {
      const figure = window.sweepmap.figure;
      const canvas = document.getElementById("figure-canvas");
      const ratio = canvas.width / figure.size().width;
      const rect = figure.cellRect(0, x, y);
      // At the centre, as a strip cell is read (the figure is drawn without value labels).
      const pixel = canvas.getContext("2d").getImageData(Math.floor((rect.x + rect.width * 0.5) * ratio), Math.floor((rect.y + rect.height * 0.5) * ratio), 1, 1).data;
      return `#${[...pixel].slice(0, 3).map((c) => c.toString(16).padStart(2, "0")).join("").toUpperCase()}`;
    },
    { x, y },
  );
}

let session;
before(async () => {
  mkdirSync(directory, { recursive: true });
  session = await startSession();
});
after(async () => {
  await session?.close();
});

describe("marginal strips", { timeout: 180_000 }, () => {
  test("a run table with a big panel has strips whose canvas colours are the SVG's and the cells' scale", async () => {
    const { page, context, problems } = await openOptuna(session, 1400);
    const shown = await shownDataset(page);
    assert.equal(shown.error, null);
    assert.equal(await page.inputValue("#marginals-select"), "auto");
    assert.ok((await controlValues(page)).shown.includes("marginals-select"));
    const strips = await stripCells(page);
    assert.equal(strips.strips, true);
    assert.ok(Math.max(strips.columns, strips.rows) > 6, `a big panel: ${strips.columns} x ${strips.rows}`);
    assert.equal(strips.cells.length, strips.columns + strips.rows);
    for (const cell of strips.cells) {
      assert.equal(cell.info.strip, cell.x === strips.columns ? "row" : "column");
      if (cell.info.value === null) continue;
      // Outlined best lines are read at their centre too: the outline is 2 px in from the edge.
      assert.equal(cell.canvas, cell.svg, `strip cell (${cell.x}, ${cell.y}): canvas and SVG`);
    }
    assert.ok(strips.cells.some((cell) => cell.info.rank === 1), "a best line");
    assert.match(strips.cells[0].info.xLabel, /^mean of \d+ cells?$/);
    // The key says what the strips are.
    const svg = await page.evaluate(async () => (await (await import("./lib/sweepmap.js")).withExports(window.sweepmap.figure, (exporting) => exporting.toSvg())));
    assert.match(svg, /strips: row and column means\s*<\/text>/);
    await page.screenshot({ path: path.join(directory, "optuna-strips-1400.png"), fullPage: true });
    await page.locator("#figure-canvas").screenshot({ path: path.join(directory, "optuna-figure-1400.png") });

    // Under order=best each strip cell shows its line's best cell, in that cell's colour. (One
    // panel offers no Order select: the figure is updated through its API; without the value
    // labels, so a cell's centre shows its colour.)
    await page.evaluate(() => window.sweepmap.figure.update({ order: "best", annotate: false }));
    assert.equal(await page.evaluate(() => window.sweepmap.figure.options().order), "best");
    const best = await stripCells(page);
    assert.match(best.cells[0].info.xLabel, /^best of \d+ cells?$/);
    let compared = 0;
    for (const cell of best.cells) {
      if (cell.info.value === null) continue;
      // The line's best cell: the one whose value is the strip's.
      const found = await page.evaluate(
        ({ x, y, value, columns, rows }) => {
          const figure = window.sweepmap.figure;
          const along = x === columns ? [...Array(columns).keys()].map((i) => [i, y]) : [...Array(rows).keys()].map((i) => [x, i]);
          return along.find(([cx, cy]) => figure.cellInfo(0, cx, cy).value === value) ?? null;
        },
        { x: cell.x, y: cell.y, value: cell.info.value, columns: best.columns, rows: best.rows },
      );
      assert.ok(found, `a cell holds the best of line (${cell.x}, ${cell.y})`);
      assert.equal(cell.canvas, await cellColour(page, found[0], found[1]), `strip (${cell.x}, ${cell.y}) as its best cell`);
      compared += 1;
    }
    assert.ok(compared >= best.columns, `${compared} strip cells compared`);
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("hover and the keyboard reach strip cells", async () => {
    const { page, context, problems } = await openOptuna(session, 1400);
    const { columns, rows } = await page.evaluate(() => window.sweepmap.figure.panels()[0]);
    // Hover over the row strip's cell of the top row.
    const centre = await page.evaluate(
      ({ x, y }) => {
        const rect = window.sweepmap.figure.cellRect(0, x, y);
        const box = document.getElementById("figure-canvas").getBoundingClientRect();
        return { x: box.left + rect.x + rect.width / 2, y: box.top + rect.y + rect.height / 2 };
      },
      { x: columns, y: rows - 1 },
    );
    assert.ok(centre.y < 2000, "the strip is in view");
    await page.mouse.move(centre.x, centre.y);
    await page.waitForFunction(() => !document.getElementById("tooltip").hidden);
    const shown = await tooltip(page);
    const info = await page.evaluate(({ x, y }) => window.sweepmap.figure.cellInfo(0, x, y), { x: columns, y: rows - 1 });
    assert.equal(shown.rows[info.xName], info.xLabel);
    assert.match(info.xLabel, /^mean of \d+ cells?$/);
    assert.equal(shown.rows.Value, info.exactLabel ? `${info.valueLabel} (exactly ${info.exactLabel})` : info.valueLabel);
    if (info.rank === 1) assert.match(shown.rows.Rank, /\(the best row\)$/);
    await page.mouse.move(1, 1);

    // The keyboard: from the top left, End goes to the last column, ArrowRight into the row
    // strip, ArrowUp into the column strip above the top row.
    await page.focus("#figure-canvas");
    await page.keyboard.press("End");
    await page.keyboard.press("ArrowRight");
    let announced = await page.textContent("#cell-announcer");
    // The run table's one panel has no title, so the text starts with what the cell is.
    assert.match(announced, /^mean of the row /);
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("ArrowUp");
    announced = await page.textContent("#cell-announcer");
    assert.match(announced, /^mean of the column /);
    // The corner where the strips would meet is no cell: ArrowRight stays put.
    await page.keyboard.press("ArrowRight");
    assert.equal(await page.textContent("#cell-announcer"), announced);
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("the select turns strips off and on, writes the link, and a link reopens the figure", async () => {
    const { page, context, problems } = await openOptuna(session, 1400);
    const auto = await canvasHash(page);
    await afterRender(page, () => page.selectOption("#marginals-select", "off"));
    let shown = await shownDataset(page);
    assert.match(shown.fragment, /&marginals=off(&|$)/);
    assert.equal(await page.evaluate(() => window.sweepmap.figure.panels()[0].strips), false);
    assert.notEqual(await canvasHash(page), auto);
    await afterRender(page, () => page.selectOption("#marginals-select", "auto"));
    shown = await shownDataset(page);
    assert.doesNotMatch(shown.fragment, /marginals=/);
    assert.equal(await canvasHash(page), auto);
    assert.deepEqual(problems, []);
    await context.close();

    // The seed figure (5 x 4 panels): none by default; on through a link, with the select set.
    const seed = await openPage(session, "#dataset=kv-cache-sweep", { width: 1400 });
    await shownDataset(seed.page);
    assert.equal(await seed.page.evaluate(() => window.sweepmap.figure.panels().some((panel) => panel.strips)), false);
    await seed.page.screenshot({ path: path.join(directory, "seed-1400.png"), fullPage: true });
    await seed.page.locator("#figure-canvas").screenshot({ path: path.join(directory, "seed-figure-1400.png") });
    const on = await openPage(session, "#dataset=kv-cache-sweep&marginals=on", { width: 1400 });
    await shownDataset(on.page);
    assert.equal(await on.page.inputValue("#marginals-select"), "on");
    assert.equal(await on.page.evaluate(() => window.sweepmap.figure.panels().every((panel) => panel.strips)), true);
    assert.equal((await shownDataset(on.page)).fragment, "#dataset=kv-cache-sweep&marginals=on");
    await on.page.screenshot({ path: path.join(directory, "seed-on-1400.png"), fullPage: true });
    await on.page.locator("#figure-canvas").screenshot({ path: path.join(directory, "seed-on-figure-1400.png") });
    // A difference draws no strips: the select is hidden.
    await afterRender(on.page, () => on.page.selectOption("#layout-select", "difference"));
    assert.equal((await controlValues(on.page)).shown.includes("marginals-select"), false);
    assert.equal(await on.page.evaluate(() => window.sweepmap.figure.panels()[0].strips), false);
    assert.deepEqual(seed.problems, []);
    assert.deepEqual(on.problems, []);
    await seed.context.close();
    await on.context.close();
  });

  test("at 390 px the strips stay thin and nothing is clipped", async () => {
    const { page, context, problems } = await openOptuna(session, 390);
    const { width, plotRight, stripRight } = await page.evaluate(() => {
      const figure = window.sweepmap.figure;
      const { columns } = figure.panels()[0];
      const strip = figure.cellRect(0, columns, 0);
      const last = figure.cellRect(0, columns - 1, 0);
      return { width: figure.size().width, plotRight: last.x + last.width, stripRight: strip.x + strip.width };
    });
    assert.ok(stripRight - plotRight <= 16, "a thin strip beside the plot");
    assert.ok(stripRight < width);
    await page.screenshot({ path: path.join(directory, "optuna-strips-390.png"), fullPage: true });
    await page.locator("#figure-canvas").screenshot({ path: path.join(directory, "optuna-figure-390.png") });
    const seed = await openPage(session, "#dataset=kv-cache-sweep&marginals=on", { width: 390 });
    await shownDataset(seed.page);
    await seed.page.screenshot({ path: path.join(directory, "seed-on-390.png"), fullPage: true });
    await seed.page.locator("#figure-canvas").screenshot({ path: path.join(directory, "seed-on-figure-390.png") });
    const plain = await openPage(session, "#dataset=kv-cache-sweep", { width: 390 });
    await shownDataset(plain.page);
    await plain.page.screenshot({ path: path.join(directory, "seed-390.png"), fullPage: true });
    assert.deepEqual(problems, []);
    assert.deepEqual(seed.problems, []);
    assert.deepEqual(plain.problems, []);
    await plain.context.close();
    await seed.context.close();
    await context.close();
  });
});
