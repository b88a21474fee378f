// End-to-end test of decimals at the noise level: a sweep with 15 seeds per cell, opened through
// the file input, is labelled (cells, hover, SVG export) with the four decimals its standard
// errors support, not the six its training log was written with.

import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";

import { afterRender, cellCentre, openPage, shownDataset, startSession, tooltip } from "./browser.mjs";

let session;
before(async () => {
  session = await startSession();
});
after(async () => {
  await session?.close();
});

/** A 3 x 3 x 15-seed sweep of F1 scores written with six decimals (a seeded generator), and each cell's mean. */
function seedSweep() {
  let state = 0x2545f491;
  const next = () => {
    // xorshift32: the same scores every run.
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 2 ** 32;
  };
  const rows = ["lr,weight_decay,seed,f1"];
  const means = new Map();
  for (const [y, decay] of ["0", "0.01", "0.1"].entries()) {
    for (const [x, lr] of ["0.0003", "0.001", "0.003"].entries()) {
      const centre = 0.962 + 0.0004 * (3 * y + x);
      const scores = [];
      for (let seed = 0; seed < 15; seed += 1) {
        // About normal, standard deviation 0.0012: a standard error of about 0.0003 per cell.
        const score = (centre + 0.0024 * (next() + next() + next() - 1.5)).toFixed(6);
        scores.push(Number(score));
        rows.push(`${lr},${decay},${seed},${score}`);
      }
      means.set(`${lr}|${decay}`, scores.reduce((sum, score) => sum + score, 0) / scores.length);
    }
  }
  return { text: `${rows.join("\n")}\n`, means };
}

describe("decimals at the noise level", { timeout: 90_000 }, () => {
  test("a sweep with seeds is labelled at the precision its standard errors support", async () => {
    const { page, context, problems } = await openPage(session);
    await shownDataset(page);
    const { text, means } = seedSweep();
    await afterRender(page, () =>
      page.setInputFiles("#file-input", { name: "seeds.csv", mimeType: "text/csv", buffer: Buffer.from(text, "utf8") }),
    );
    const shown = await shownDataset(page);
    assert.equal(shown.error, null);

    const figure = await page.evaluate(async () => {
      const figure = window.sweepmap.figure;
      const dataset = window.sweepmap.dataset;
      const [x, y] = [dataset.xAxis(), dataset.yAxis()];
      const cells = [];
      for (const [xi, xLabel] of x.labels.entries()) {
        for (const [yi, yLabel] of y.labels.entries()) {
          const info = figure.cellInfo(0, xi, yi);
          cells.push({ xName: x.name, xLabel, yLabel, label: info.valueLabel, text: info.text });
        }
      }
      return { panels: figure.panels(), cells, svg: (await (await import("./lib/sweepmap.js")).withExports(figure, (exporting) => exporting.toSvg())) };
    });
    assert.equal(figure.panels.length, 1);
    assert.equal(figure.panels[0].decimals, 4);
    assert.equal(figure.panels[0].noiseEstimate, true);
    assert.equal(figure.cells.length, 9);
    for (const cell of figure.cells) {
      const [lr, decay] = cell.xName === "lr" ? [cell.xLabel, cell.yLabel] : [cell.yLabel, cell.xLabel];
      const expected = means.get(`${lr}|${decay}`).toFixed(4);
      assert.equal(cell.label, expected, `${lr}, ${decay}`);
      assert.match(cell.text, new RegExp(`: ${expected.replace(".", "\\.")}(,|$)`));
      // Drawn in the cell (the SVG export draws what the canvas does).
      assert.ok(figure.svg.includes(`>\n${expected}\n<`) || figure.svg.includes(`>${expected}<`), expected);
    }

    // The tooltip of the first cell shows the same label.
    const centre = await cellCentre(page, { panel: 0, x: 0, y: 0 });
    await page.mouse.move(centre.x, centre.y);
    await page.waitForSelector("#tooltip:not([hidden])");
    const tip = await tooltip(page);
    assert.ok(tip.rows.Value.startsWith(figure.cells[0].label), tip.rows.Value);
    assert.deepEqual(problems, []);
    await context.close();
  });
});
