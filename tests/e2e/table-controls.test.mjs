// End-to-end tests of the explorer's run-table controls and column panel (www/table.js): a W&B
// runs export opened through the file input, then its metric changed (the colour bar's title, the
// inferred direction and the cells' values and colours follow), its axes swapped, a parameter
// set to mean, fixed at another value and best over (the tooltip names the value that won), a
// column's role changed in the panel (a refusal keeps the figure), a slider scrubbed over a
// parameter with eight values, and the notice that opens the panel when a role is unsure. Every
// expected value is computed by hand from the fixture (tests/fixtures/sweeps/).

import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";

import { afterRender, canvasHash, cellCentre, openPage, renderCount, shownDataset, startSession } from "./browser.mjs";
import { closeColour, VIRIDIS_HIGH, VIRIDIS_LOW } from "./embed.mjs";

const fixture = (name) => readFileSync(new URL(`../fixtures/sweeps/${name}`, import.meta.url), "utf8");

function csvFile(name, text) {
  return { name, mimeType: "text/csv", buffer: Buffer.from(text, "utf8") };
}

const WANDB = "synthetic-wandb-runs.csv";

/** Opens a CSV through the file input of a fresh page; returns the page once it is drawn. */
async function openCsv(session, name, text, options) {
  const opened = await openPage(session, "#dataset=kv-cache-sweep", options);
  await shownDataset(opened.page);
  await afterRender(opened.page, () => opened.page.setInputFiles("#file-input", csvFile(name, text)));
  return opened;
}

/**
 * Every cell of the first panel as "x/y=value" (value rounded to 6 places), row by row from the
 * smallest y, with the axes' names.
 */
function cells(page) {
  return page.evaluate(() => {
    const figure = window.sweepmap.figure;
    const { columns, rows } = figure.panels()[0];
    const shown = [];
    for (let y = 0; y < rows; y += 1) {
      for (let x = 0; x < columns; x += 1) {
        const info = figure.cellInfo(0, x, y);
        shown.push(`${info.xLabel}/${info.yLabel}=${info.value === null ? "missing" : Number(info.value.toFixed(6))}`);
      }
    }
    const dataset = window.sweepmap.dataset;
    return { x: dataset.xAxis().name, y: dataset.yAxis().name, cells: shown };
  });
}

/** The colour of a cell of the first panel, read beside its value label (near its top left). */
function cellColour(page, x, y) {
  return page.evaluate(
    ({ x, y }) => {
      const figure = window.sweepmap.figure;
      const canvas = document.getElementById("figure-canvas");
      const rect = figure.cellRect(0, x, y);
      const scale = canvas.width / figure.size().width;
      const at = (start, size) => Math.floor((start + size * 0.15) * scale);
      return [...canvas.getContext("2d").getImageData(at(rect.x, rect.width), at(rect.y, rect.height), 1, 1).data];
    },
    { x, y },
  );
}

/** The texts of the figure's SVG export, in order. */
async function svgTexts(page) {
  const svg = await page.evaluate(async () => (await (await import("./lib/sweepmap.js")).withExports(window.sweepmap.figure, (exporting) => exporting.toSvg())));
  return [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((match) => match[1].trim());
}

/** The id of the choice select of the parameter control labelled `name`. */
function parameterSelect(page, name) {
  return page.evaluate((name) => {
    const field = [...document.querySelectorAll("#table-fields .field-parameter")].find((box) => box.querySelector("label").textContent === name);
    return field ? `#${field.querySelector("select").id}` : null;
  }, name);
}

/** The tooltip's rows as [term, description] pairs. */
function tooltipRows(page) {
  return page.evaluate(() => {
    const terms = [...document.querySelectorAll("#tooltip dt")];
    return terms.map((term) => [term.textContent, term.nextElementSibling.textContent]);
  });
}

/**
 * Runs over lr (3 values), wd (2) and steps (8: 100 to 800, written in a shuffled order), one
 * accuracy each: 0.5 + 0.1 per lr step + 0.05 per wd step + 0.002 per steps step. lr and wd
 * have the largest main effects (the axes); steps is fixed at its best value, 800.
 */
function eightSteps() {
  const rows = ["lr,wd,steps,acc"];
  for (const k of [3, 7, 0, 5, 1, 6, 2, 4]) {
    for (const [i, lr] of ["0.001", "0.01", "0.1"].entries()) {
      for (const [j, wd] of ["0", "0.1"].entries()) {
        rows.push(`${lr},${wd},${100 * (k + 1)},${(0.5 + 0.1 * i + 0.05 * j + 0.002 * k).toFixed(4)}`);
      }
    }
  }
  return `${rows.join("\n")}\n`;
}

let session;
before(async () => {
  session = await startSession();
});
after(async () => {
  await session?.close();
});

describe("the run-table controls", { timeout: 180_000 }, () => {
  test("show the default view; another metric redraws with its own direction, colour bar and values", async () => {
    const { page, context, problems } = await openCsv(session, WANDB, fixture(WANDB));
    const controls = await page.evaluate(() => ({
      hidden: document.getElementById("group-table").hidden,
      metric: document.getElementById("table-metric").value,
      metrics: [...document.querySelectorAll("#table-metric option")].map((item) => item.value),
      direction: document.getElementById("table-direction").value,
      x: document.getElementById("table-x").value,
      y: document.getElementById("table-y").value,
      parameters: [...document.querySelectorAll("#table-fields .field-parameter")].map((box) => [
        box.querySelector("label").textContent,
        box.querySelector("select").value,
        box.querySelector(".parameter-value select").value,
        box.querySelector(".hint").textContent,
      ]),
      hints: [...document.querySelectorAll("#table-fields .field > .hint")].map((hint) => hint.textContent),
      bins: document.getElementById("table-bins").closest(".field").hidden,
    }));
    assert.equal(controls.hidden, false);
    assert.deepEqual(controls.metrics, ["train/loss", "val/acc"]);
    assert.deepEqual([controls.metric, controls.direction, controls.x, controls.y], ["val/acc", "higher", "lr", "batch_size"]);
    // warmup_steps fixed at the best run's value, its main effect under it (as the notice ranks).
    assert.deepEqual(controls.parameters, [["warmup_steps", "fixed", "500", "Main effect: 8 % of the variance"]]);
    assert.deepEqual(controls.hints, [
      "Inferred from the metric",
      "Main effect: 62 % of the variance",
      "Main effect: 34 % of the variance",
      "Main effect: 8 % of the variance",
    ]);
    assert.equal(controls.bins, true, "no axis is binned");
    // val/acc at warmup_steps = 500, mean of the seeds: the peak 0.9119 at lr 0.0003, batch 64.
    assert.ok(closeColour(await cellColour(page, 1, 1), VIRIDIS_HIGH));
    assert.ok(closeColour(await cellColour(page, 2, 2), VIRIDIS_LOW));

    await afterRender(page, () => page.selectOption("#table-metric", "train/loss"));
    const shown = await shownDataset(page);
    assert.equal(shown.error, null);
    // A loss: lower is better, inferred from its name (not the accuracy's direction kept).
    assert.equal(await page.inputValue("#table-direction"), "lower");
    assert.ok(shown.facts.startsWith("train/loss, lower is better"), shown.facts);
    const texts = await svgTexts(page);
    // The colour bar's title; the key of the uncertainty marks (on: the seeds give noise) follows.
    assert.equal(texts.at(-2), "train/loss", "the colour bar's title");
    assert.equal(texts.at(-1), "cannot be told apart from the peak (95 %)");
    assert.ok(!texts.includes("val/acc"));
    assert.deepEqual(await cells(page), {
      x: "lr",
      y: "batch_size",
      cells: [
        "0.0001/32=0.3111", "0.0003/32=0.3049", "0.001/32=0.3356",
        "0.0001/64=0.3047", "0.0003/64=0.2862", "0.001/64=0.3276",
        "0.0001/128=0.3249", "0.0003/128=0.31475", "0.001/128=0.343",
      ],
    });
    // The lowest loss is the colour map's low end now, the highest its high end.
    assert.ok(closeColour(await cellColour(page, 1, 1), VIRIDIS_LOW));
    assert.ok(closeColour(await cellColour(page, 2, 2), VIRIDIS_HIGH));
    // The direction can be overridden, and says so.
    await afterRender(page, () => page.selectOption("#table-direction", "higher"));
    assert.ok((await shownDataset(page)).facts.startsWith("train/loss, higher is better"));
    assert.equal(await page.textContent("#table-direction + .hint"), "As chosen");
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("choosing for x the parameter on y swaps the axes", async () => {
    const { page, context } = await openCsv(session, WANDB, fixture(WANDB));
    await afterRender(page, () => page.selectOption("#table-x", "batch_size"));
    const shown = await cells(page);
    assert.deepEqual([shown.x, shown.y], ["batch_size", "lr"]);
    assert.deepEqual([await page.inputValue("#table-x"), await page.inputValue("#table-y")], ["batch_size", "lr"]);
    assert.ok(shown.cells.includes("64/0.0003=0.9119"), shown.cells.join(" "));
    // A third parameter on an axis: the one it replaces gets a control of its own.
    await afterRender(page, () => page.selectOption("#table-y", "warmup_steps"));
    const again = await cells(page);
    assert.deepEqual([again.x, again.y], ["batch_size", "warmup_steps"]);
    const lr = await parameterSelect(page, "lr");
    assert.ok(lr, "lr has a control");
    assert.equal(await page.inputValue(lr), "fixed");
    await context.close();
  });

  test("a parameter set to mean, to another fixed value and to best: cells and tooltips", async () => {
    const { page, context, problems } = await openCsv(session, WANDB, fixture(WANDB));
    const warmup = await parameterSelect(page, "warmup_steps");
    await afterRender(page, () => page.selectOption(warmup, "mean"));
    let shown = await shownDataset(page);
    assert.equal(shown.error, null);
    // Every finished run of the cell, both warmups: (0.9136 + 0.9102 + 0.8973 + 0.8955) / 4.
    assert.deepEqual((await cells(page)).cells, [
      "0.0001/32=0.88315", "0.0003/32=0.890925", "0.001/32=0.8644",
      "0.0001/64=0.892933", "0.0003/64=0.90415", "0.001/64=0.8723",
      "0.0001/128=0.871575", "0.0003/128=0.882633", "0.001/128=0.850275",
    ]);
    assert.equal(await page.evaluate(() => window.sweepmap.dataset.shows()), "mean over warmup_steps; 3 to 4 runs per cell");
    assert.equal(await page.isHidden(`${warmup}-value`), true, "no value to pick under mean");

    await afterRender(page, () => page.selectOption(warmup, "fixed"));
    await afterRender(page, () => page.selectOption(`${warmup}-value`, "0"));
    assert.deepEqual((await cells(page)).cells, [
      "0.0001/32=0.8773", "0.0003/32=0.8863", "0.001/32=0.8617",
      "0.0001/64=0.8903", "0.0003/64=0.8964", "0.001/64=0.86815",
      "0.0001/128=0.8667", "0.0003/128=0.8764", "0.001/128=0.8447",
    ]);
    assert.equal(await page.evaluate(() => window.sweepmap.dataset.shows()), "warmup_steps = 0 (fixed); 1 to 2 runs per cell");
    // Pointing at a cell: its configuration joins the tooltip.
    await page.locator("#figure-canvas").scrollIntoViewIfNeeded();
    let centre = await cellCentre(page, { panel: 0, x: 1, y: 1 });
    await page.mouse.move(centre.x, centre.y);
    await page.waitForSelector("#tooltip:not([hidden])");
    let rows = await tooltipRows(page);
    assert.deepEqual(rows.slice(-2), [
      ["warmup_steps", "0 (fixed)"],
      ["Runs in the cell", "2"],
    ]);

    // Best over warmup_steps: 500 wins at lr 0.0003, batch 64 (0.9119 against 0.8964).
    await afterRender(page, () => page.selectOption(warmup, "best"));
    assert.equal((await cells(page)).cells[4], "0.0003/64=0.9119");
    centre = await cellCentre(page, { panel: 0, x: 1, y: 1 });
    await page.mouse.move(centre.x - 3, centre.y);
    await page.mouse.move(centre.x, centre.y);
    await page.waitForFunction(() => document.getElementById("tooltip").textContent.includes("won in this cell"));
    rows = await tooltipRows(page);
    assert.deepEqual(rows.slice(-2), [
      ["warmup_steps", "500 (won in this cell)"],
      ["Runs in the cell", "4, 2 of them the winning configuration's"],
    ]);
    // lr 0.0001, batch 64: one run at 500 (0.8982) beats two at 0 (mean 0.8903).
    const info = await page.evaluate(() => window.sweepmap.projection.cellRuns(null, null, 0, 1));
    assert.deepEqual(info, {
      runs: 3,
      shown: 1,
      winner: { warmup_steps: "500" },
      rows: [
        ["warmup_steps", "500 (won in this cell)"],
        ["Runs in the cell", "3, 1 of them the winning configuration's"],
      ],
    });
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("a parameter as facet draws a panel per value, every panel shown", async () => {
    const { page, context } = await openCsv(session, WANDB, fixture(WANDB));
    // One panel: every layout draws the same, so there is no layout to choose.
    assert.equal(await page.isVisible("#layout-select"), false);
    // The View group holds only the Strips select (a single panel can still have strips).
    assert.equal(await page.isVisible("#group-view"), true);
    assert.equal(await page.isVisible("#marginals-select"), true);
    assert.equal(await page.isVisible("#order-select"), false);
    const warmup = await parameterSelect(page, "warmup_steps");
    await afterRender(page, () => page.selectOption(warmup, "facet"));
    const shown = await shownDataset(page);
    assert.equal(shown.error, null);
    assert.deepEqual(shown.panels, ["warmup_steps = 0", "warmup_steps = 500"]);
    assert.equal(await page.inputValue("#layout-select"), "grid");
    assert.equal(await page.isVisible("#layout-select"), true);
    assert.equal(await page.isVisible("#group-view"), true);
    const second = await page.evaluate(() => window.sweepmap.figure.cellInfo(1, 1, 1).value);
    assert.equal(Number(second.toFixed(6)), 0.9119);
    await context.close();
  });

  test("one panel's observations take the row, up to a line length; two panels' share it", async () => {
    const { page, context } = await openCsv(session, WANDB, fixture(WANDB), { width: 1400, height: 900 });
    const widths = () => page.$$eval(".summary-card", (cards) => cards.map((card) => Math.round(card.getBoundingClientRect().width)));
    // A lone card is 46rem wide (a readable line), not one of five 257 px tracks.
    const rem = await page.evaluate(() => parseFloat(getComputedStyle(document.documentElement).fontSize));
    assert.deepEqual(await widths(), [Math.round(46 * rem)]);
    await afterRender(page, () => parameterSelect(page, "warmup_steps").then((warmup) => page.selectOption(warmup, "facet")));
    const two = await widths();
    assert.equal(two.length, 2);
    assert.ok(two.every((width) => width > 200 && width < 400), `two cards side by side: ${two}`);
    await context.close();
  });

  test("an Optuna study: binned axes offer what their cells show, and best-over cells name their winners", async () => {
    const name = "synthetic-optuna-trials.csv";
    const { page, context, problems } = await openCsv(session, name, fixture(name));
    const controls = await page.evaluate(() => ({
      direction: document.getElementById("table-direction").value,
      axes: [document.getElementById("table-x").value, document.getElementById("table-y").value],
      choices: [...document.querySelectorAll("#table-fields .field-parameter")].map((box) => [box.querySelector("label").textContent, box.querySelector("select").value]),
      bins: document.getElementById("table-bins").closest(".field").hidden,
    }));
    // An Optuna objective is minimised; lr and dropout are binned, so the rest is best over.
    assert.deepEqual(controls, { direction: "lower", axes: ["lr", "dropout"], choices: [["n_layers", "best"], ["optimizer", "best"]], bins: false });
    assert.match(await page.evaluate(() => window.sweepmap.dataset.shows()), /lr in 8 log-spaced bins, each the mean of its runs; dropout in 10 equal bins, each the mean of its runs/);
    await afterRender(page, () => page.selectOption("#table-bins", "best"));
    assert.match(await page.evaluate(() => window.sweepmap.dataset.shows()), /lr in 8 log-spaced bins, each its best run; dropout in 10 equal bins, each its best run/);
    // Every measured cell's tooltip names the winning n_layers and optimizer, as cellRuns says.
    const checked = await page.evaluate(() => {
      const figure = window.sweepmap.figure;
      const { columns, rows } = figure.panels()[0];
      const seen = [];
      for (let y = 0; y < rows; y += 1) {
        for (let x = 0; x < columns; x += 1) {
          const info = figure.cellInfo(0, x, y);
          if (info.value === null) continue;
          const runs = window.sweepmap.projection.cellRuns(null, null, x, y);
          seen.push([runs.rows[0], runs.rows[1], `${runs.winner.n_layers}|${runs.winner.optimizer}`]);
        }
      }
      return seen;
    });
    assert.ok(checked.length > 10);
    for (const [layers, optimizer, winner] of checked) {
      const [n, opt] = winner.split("|");
      assert.deepEqual(layers, ["n_layers", `${n} (won in this cell)`]);
      assert.deepEqual(optimizer, ["optimizer", `${opt} (won in this cell)`]);
      assert.ok(["1", "2", "3", "4"].includes(n) && ["adam", "sgd"].includes(opt), winner);
    }
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("a value the parameter does not take is refused with the core's message; the figure stays", async () => {
    const { page, context } = await openCsv(session, WANDB, fixture(WANDB));
    const before = { renders: await renderCount(page), hash: await canvasHash(page) };
    const warmup = await parameterSelect(page, "warmup_steps");
    // A value that is not among the options (an edited page, an old link): the core refuses.
    await page.evaluate((id) => {
      const select = document.querySelector(`${id}-value`);
      select.append(new Option("7", "7"));
      select.value = "7";
      select.dispatchEvent(new Event("change", { bubbles: true }));
    }, warmup);
    await page.waitForSelector("#error-banner:not([hidden])");
    const shown = await shownDataset(page);
    assert.equal(shown.error, 'Could not draw this view: field "warmup_steps": expected one of its values ("0", "500") to fix it at, found "7"');
    assert.equal(shown.renders, before.renders);
    assert.equal(await canvasHash(page), before.hash);
    assert.equal(await page.inputValue(`${warmup}-value`), "500", "the control shows the view drawn");
    await context.close();
  });

  test("a slider scrubs a parameter with eight values, drawing the last position of each frame", async () => {
    const { page, context, problems } = await openCsv(session, "steps.csv", eightSteps());
    const steps = await parameterSelect(page, "steps");
    const slider = `${steps}-value`;
    const state = () =>
      page.evaluate((slider) => {
        const input = document.querySelector(slider);
        return { type: input.type, value: input.value, max: input.max, output: input.parentElement.querySelector("output").textContent };
      }, slider);
    // Fixed at the best value, 800: the last of the values in ascending order.
    assert.deepEqual(await state(), { type: "range", value: "7", max: "7", output: "800" });
    // x is wd, y lr (the earlier column), as in a table read row by row.
    assert.deepEqual((await cells(page)).cells, ["0/0.001=0.514", "0.1/0.001=0.564", "0/0.01=0.614", "0.1/0.01=0.664", "0/0.1=0.714", "0.1/0.1=0.764"]);
    const scrub = (positions) =>
      page.evaluate(
        ({ slider, positions }) => {
          const input = document.querySelector(slider);
          for (const position of positions) {
            input.value = String(position);
            input.dispatchEvent(new Event("input", { bubbles: true }));
          }
        },
        { slider, positions },
      );
    const renders = await renderCount(page);
    // Three positions within one frame: one draw, of the last (steps = 600).
    await afterRender(page, () => scrub([2, 3, 5]));
    await page.waitForTimeout(100);
    assert.equal(await renderCount(page), renders + 1);
    assert.deepEqual(await state(), { type: "range", value: "5", max: "7", output: "600" });
    assert.deepEqual((await cells(page)).cells, ["0/0.001=0.51", "0.1/0.001=0.56", "0/0.01=0.61", "0.1/0.01=0.66", "0/0.1=0.71", "0.1/0.1=0.76"]);
    assert.equal(await page.evaluate(() => window.sweepmap.dataset.shows()), "steps = 600 (fixed); 1 run per cell");
    await afterRender(page, () => scrub([0]));
    assert.equal((await cells(page)).cells[0], "0/0.001=0.5");
    // Scrubbing over four frames draws four times and writes the address once, after it stops
    // (with a file in the link a write costs Chromium about 9 ms, half a frame: bench/scrub.mjs).
    const drawn = await renderCount(page);
    const writes = await page.evaluate(async (slider) => {
      const written = [];
      for (const name of ["replaceState", "pushState"]) {
        const write = history[name].bind(history);
        history[name] = (state, unused, url) => {
          written.push(decodeURIComponent(String(url)));
          return write(state, unused, url);
        };
      }
      const input = document.querySelector(slider);
      for (const position of [1, 2, 3, 4]) {
        input.value = String(position);
        input.dispatchEvent(new Event("input", { bubbles: true }));
        await new Promise((resolve) => requestAnimationFrame(resolve));
        await new Promise((resolve) => requestAnimationFrame(resolve));
      }
      await new Promise((resolve) => setTimeout(resolve, 1000));
      return written;
    }, slider);
    assert.equal(await renderCount(page), drawn + 4);
    assert.equal(writes.length, 1, writes.join("\n"));
    assert.match(writes[0], /others=steps,fixed,500(&|$)/);
    assert.equal(await page.evaluate(() => decodeURIComponent(location.hash)).then((hash) => /others=steps,fixed,500(&|$)/.test(hash)), true);
    assert.deepEqual(problems, []);
    await context.close();
  });
});

describe("the column panel", { timeout: 180_000 }, () => {
  test("lists every column with its role and why; a refused role keeps the figure, an accepted one redraws", async () => {
    const { page, context, problems } = await openCsv(session, WANDB, fixture(WANDB));
    const panel = () =>
      page.evaluate(() => ({
        open: document.getElementById("column-panel").open,
        summary: document.getElementById("column-summary").textContent,
        rows: [...document.querySelectorAll("#column-list li")].map((row) => [
          row.querySelector(".column-name").textContent,
          row.querySelector("select").value,
          row.querySelector(".column-because").textContent,
        ]),
      }));
    let shown = await panel();
    assert.equal(shown.open, true, "open on a wide screen");
    assert.equal(shown.summary, "Columns (19)");
    assert.deepEqual(shown.rows.slice(8, 15), [
      ["batch_size", "parameter", "numbers with 3 values · main effect 34 %"],
      ["lr", "parameter", "numbers with 3 values · main effect 62 %"],
      ["optimizer", "ignore", "constant"],
      ["seed", "replicate", "named like a replicate"],
      ["warmup_steps", "parameter", "numbers with 2 values · main effect 8 %"],
      ["train/loss", "metric", "W&B summary metric"],
      ["val/acc", "metric", "W&B summary metric"],
    ]);
    const role = (name) => `#column-role-${shown.rows.findIndex((row) => row[0] === name)}`;

    // A column with one value cannot be a parameter: the core says so, nothing changes.
    const before = { renders: await renderCount(page), hash: await canvasHash(page) };
    await page.selectOption(role("optimizer"), "parameter");
    await page.waitForSelector("#error-banner:not([hidden])");
    assert.equal(
      (await shownDataset(page)).error,
      'Could not make "optimizer" a parameter column: field "optimizer": expected a parameter with at least two values, found one ("adamw"); make it a facet or ignore it',
    );
    assert.equal(await renderCount(page), before.renders);
    assert.equal(await canvasHash(page), before.hash);
    assert.equal(await page.inputValue(role("optimizer")), "ignore");

    // warmup_steps ignored: the file is opened again, the view kept (metric, axes), and each
    // cell is the mean of every run in it, both warmups.
    await afterRender(page, () => page.selectOption(role("warmup_steps"), "ignore"));
    const result = await shownDataset(page);
    assert.equal(result.error, null);
    assert.ok(result.notices[1].startsWith('Read as a W&B runs export: 33 runs; parameters "batch_size", "lr"; '), result.notices[1]);
    const drawn = await cells(page);
    assert.deepEqual([drawn.x, drawn.y], ["lr", "batch_size"]);
    assert.equal(drawn.cells[4], "0.0003/64=0.90415");
    assert.equal(await parameterSelect(page, "warmup_steps"), null, "no control for an ignored column");
    shown = await panel();
    assert.deepEqual(shown.rows[12], ["warmup_steps", "ignore", "named in the roles"]);
    // Back to a parameter: its control returns, fixed at the best run's value.
    await afterRender(page, () => page.selectOption(role("warmup_steps"), "parameter"));
    assert.equal((await cells(page)).cells[4], "0.0003/64=0.9119");
    const warmup = await parameterSelect(page, "warmup_steps");
    assert.equal(await page.inputValue(`${warmup}-value`), "500");
    // A direction picked survives reopening: lower is better, so the best run is now the worst
    // accuracy (0.8447: batch 128, lr 0.001, warmup 0) and warmup_steps is fixed at 0.
    await afterRender(page, () => page.selectOption("#table-direction", "lower"));
    await afterRender(page, () => page.selectOption(role("warmup_steps"), "ignore"));
    await afterRender(page, () => page.selectOption(role("warmup_steps"), "parameter"));
    assert.deepEqual(
      [await page.inputValue("#table-direction"), await page.textContent("#table-direction + .hint")],
      ["lower", "As chosen"],
    );
    assert.equal(await page.inputValue(`${await parameterSelect(page, "warmup_steps")}-value`), "0");
    assert.equal((await cells(page)).cells[4], "0.0003/64=0.8964");
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("on a narrow screen it starts closed; a notice about an unsure role opens it", async () => {
    const text = "p,q,r,out\n1,2,3,0.5\n2,3,4,0.6\n1,3,4,0.7\n2,2,3,0.1\n1,2,4,0.2\n2,3,3,0.3\n";
    const { page, context, problems } = await openCsv(session, "unsure.csv", text, { width: 390, height: 900 });
    const shown = await shownDataset(page);
    assert.equal(shown.error, null);
    assert.ok(
      shown.notices.includes('"out" is the metric: no column is named like a metric: check that this is the metric (or rename it, e.g. score)'),
      shown.notices.join("\n"),
    );
    assert.equal(shown.notices.at(-1), "Some columns' roles are best guesses: fix them in the column panel. Check the columns");
    assert.equal(await page.evaluate(() => document.getElementById("column-panel").open), false);
    assert.equal(await page.textContent("#column-summary"), "Columns (4) · 1 to check");
    await page.click("#notice-list .notice-action");
    assert.equal(await page.evaluate(() => document.getElementById("column-panel").open), true);
    assert.equal(await page.evaluate(() => document.activeElement.id), "column-summary");
    assert.equal(
      await page.textContent("#column-list .column-check .column-check-text"),
      "Check: no column is named like a metric: check that this is the metric (or rename it, e.g. score)",
    );
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("data that are not a run table show neither the controls nor the panel", async () => {
    const { page, context } = await openCsv(session, WANDB, fixture(WANDB));
    await afterRender(page, () => page.selectOption("#dataset-select", "kv-cache-sweep"));
    const hidden = await page.evaluate(() => [document.getElementById("group-table").hidden, document.getElementById("column-panel").hidden, window.sweepmap.table]);
    assert.deepEqual(hidden, [true, true, null]);
    await context.close();
  });
});
