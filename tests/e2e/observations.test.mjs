// End-to-end tests of what the explorer says about the data: the uncertainty marks (a control kept
// in the address), the key observations under the figure (checked against numbers recomputed here
// from www/data/kv-cache-sweep.json, never taken from the page), the canvas' accessible
// description, "Copy as Markdown", and the reconciliation of the reported averages with the mean
// of their parts.

import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";

import { afterRender, canvasHash, controlValues, openPage, shownDataset, startSession } from "./browser.mjs";

const sweep = JSON.parse(readFileSync(new URL("../../www/data/kv-cache-sweep.json", import.meta.url), "utf8"));
const METRIC = sweep.metric.name; // "Pass@1"
const X = sweep.x.name;
const Y = sweep.y.name;
const xLabels = sweep.x.values.map(String);
// Rows from the smallest y up, as the figure indexes them (the file lists them top-down).
const yOrder = sweep.y.values.map((value, row) => ({ value, row })).sort((a, b) => a.value - b.value);
const info = Object.fromEntries(sweep.benchmarks.map((benchmark) => [benchmark.name, benchmark]));
const partsOf = sweep.benchmarks.find((benchmark) => benchmark.aggregate_of)?.aggregate_of ?? [];

/** The cells of a panel as [{ x, y, xLabel, yLabel, value }], from the smallest y up, x across. */
function cells(model, benchmark) {
  const panel = sweep.panels.find((candidate) => candidate.model === model && candidate.benchmark === benchmark);
  assert.ok(panel, `${model} | ${benchmark} in the data`);
  const out = [];
  for (const [y, { value: yValue, row }] of yOrder.entries()) {
    for (const [x, xLabel] of xLabels.entries()) {
      const value = panel.cells[row][x];
      if (value !== null) out.push({ x, y, xLabel, yLabel: String(yValue), value });
    }
  }
  // Items per benchmark give each cell a standard error, which limits the decimals shown.
  out.items = info[benchmark]?.items;
  return out;
}

/**
 * A number as the figure writes it: fixed decimals, exact halves rounded away from zero
 * (51.125 -> 51.13, -1.625 -> −1.63, as toFixed does), and a true minus sign.
 */
function fixed(value, decimals) {
  const text = Math.abs(value).toFixed(decimals);
  return value < 0 && /[1-9]/.test(text) ? `−${text}` : text;
}

function signed(value, decimals) {
  const text = fixed(value, decimals);
  return value > 0 && /[1-9]/.test(text) ? `+${text}` : text;
}

const place = (cell) => `${X} ${cell.xLabel} and ${Y} ${cell.yLabel}`;

/** "a", "a, and b", "a, b, and c": each place has an "and" of its own, so a comma always separates. */
function listed(parts) {
  if (parts.length === 1) return parts[0];
  return `${parts.slice(0, -1).join(", ")}, and ${parts[parts.length - 1]}`;
}

/**
 * The decimals a panel's values are written with: the data's one, or fewer where the noise
 * starts, at the first significant digit of the median binomial standard error of its cells.
 */
function shownDecimals(panelCells, items) {
  if (!items) return 1;
  const errors = panelCells.map((cell) => binomialError(cell.value, items)).sort((a, b) => a - b);
  const middle = errors.length / 2;
  const median = errors.length % 2 ? errors[Math.floor(middle)] : (errors[middle - 1] + errors[middle]) / 2;
  return Math.min(1, Math.max(0, -Math.floor(Math.log10(median))));
}

/** The sentence about a panel's peak or lowest value. */
function extremeSentence(panelCells, which, decimals = shownDecimals(panelCells, panelCells.items)) {
  const values = panelCells.map((cell) => cell.value);
  const target = which === "highest" ? Math.max(...values) : Math.min(...values);
  const at = panelCells.filter((cell) => cell.value === target);
  if (at.length === 1) return `The ${which} ${METRIC} is ${fixed(target, decimals)}, at ${place(at[0])}.`;
  return `The ${which} ${METRIC}, ${fixed(target, decimals)}, is shared by ${at.length} configurations: ${listed(at.map(place))}.`;
}

function spreadSentence(panelCells, decimals = shownDecimals(panelCells, panelCells.items)) {
  const values = panelCells.map((cell) => cell.value);
  const low = Math.min(...values);
  const high = Math.max(...values);
  const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
  const sd = Math.sqrt(values.reduce((sum, value) => sum + (value - mean) ** 2, 0) / (values.length - 1));
  const f = (value) => fixed(value, decimals);
  return `Values span ${f(high - low)} points (${f(low)} to ${f(high)}); mean ${f(mean)}, standard deviation ${f(sd)}.`;
}

/** Ranks with ties sharing their average rank (1 = first in `order`). */
function averageRanks(values, order = (a, b) => a - b) {
  const sorted = values.map((value, index) => ({ value, index })).sort((a, b) => order(a.value, b.value));
  const ranks = new Array(values.length);
  for (let start = 0; start < sorted.length; ) {
    let end = start;
    while (end + 1 < sorted.length && order(sorted[end + 1].value, sorted[start].value) === 0) end += 1;
    for (let k = start; k <= end; k += 1) ranks[sorted[k].index] = (start + end) / 2 + 1;
    start = end + 1;
  }
  return ranks;
}

/** Spearman's rank correlation of the values with their position along an axis. */
function spearman(panelCells, axis) {
  const a = averageRanks(panelCells.map((cell) => cell[axis]));
  const b = averageRanks(panelCells.map((cell) => cell.value));
  const mean = (list) => list.reduce((sum, value) => sum + value, 0) / list.length;
  const [ma, mb] = [mean(a), mean(b)];
  let covariance = 0;
  let va = 0;
  let vb = 0;
  for (let index = 0; index < a.length; index += 1) {
    covariance += (a[index] - ma) * (b[index] - mb);
    va += (a[index] - ma) ** 2;
    vb += (b[index] - mb) ** 2;
  }
  return covariance / Math.sqrt(va * vb);
}

/** Two-sided critical values of the standard normal at the offered levels. */
const CRITICAL = { 0.9: 1.6448536269514722, 0.95: 1.959963984540054, 0.99: 2.5758293035489004 };

/**
 * How many of the cells not tied at the peak the peak cannot be told apart from: binomial
 * standard errors with Agresti-Coull's shrinkage, (x + 2) / (n + 4), on a benchmark of n items.
 */
function binomialError(value, items) {
  const shrunk = ((value / 100) * items + 2) / (items + 4);
  return Math.sqrt((shrunk * (1 - shrunk)) / (items + 4)) * 100;
}

function withinNoise(panelCells, items, level) {
  const se = (value) => binomialError(value, items);
  const peak = Math.max(...panelCells.map((cell) => cell.value));
  const others = panelCells.filter((cell) => cell.value !== peak);
  const within = others.filter((cell) => peak - cell.value <= CRITICAL[level] * Math.hypot(se(peak), se(cell.value)));
  return { within: within.length, others: others.length };
}

function uncertaintySentence(panelCells, items, level) {
  const { within, others } = withinNoise(panelCells, items, level);
  assert.ok(within > 0, "the data keep the seed's finding: no peak stands out");
  return `The peak cannot be told apart from ${within} of the other ${others} cells at ${Math.round(level * 100)} %.`;
}

/**
 * A model's best configuration by mean rank across the measured (not aggregate) benchmarks: tied
 * cells share their average rank; "in the top three" means fewer than three cells are better.
 */
function bestConfiguration(model) {
  const measured = sweep.benchmarks.filter((benchmark) => !benchmark.aggregate_of).map((benchmark) => benchmark.name);
  const ranked = measured.map((benchmark) => {
    const panelCells = cells(model, benchmark);
    const values = panelCells.map((cell) => cell.value);
    return {
      panelCells,
      ranks: averageRanks(values, (a, b) => b - a),
      top: values.map((value) => values.filter((other) => other > value).length < 3),
    };
  });
  const configurations = ranked[0].panelCells.map((cell, index) => {
    const ranks = ranked.map((entry) => entry.ranks[index]);
    return {
      cell,
      mean: ranks.reduce((sum, rank) => sum + rank, 0) / ranks.length,
      top: ranked.filter((entry) => entry.top[index]).length,
    };
  });
  const best = configurations.reduce((winner, candidate) => (candidate.mean < winner.mean ? candidate : winner));
  assert.equal(configurations.filter((candidate) => candidate.mean === best.mean).length, 1, "one best configuration");
  return `Across ${measured.length} benchmarks the best configuration by mean rank is ${place(best.cell)} (mean rank ${fixed(best.mean, 2)}; in the top three on ${best.top} of ${measured.length}).`;
}

/** The reconciliation of a model's reported average with the mean of its parts, from the data. */
function reconcile(model) {
  const aggregate = sweep.benchmarks.find((benchmark) => benchmark.aggregate_of).name;
  const decimalsOf = (value) => (String(value).split(".")[1] ?? "").length;
  const reported = cells(model, aggregate);
  const parts = partsOf.map((benchmark) => cells(model, benchmark));
  const reportedDecimals = Math.max(...reported.map((cell) => decimalsOf(cell.value)));
  const partsDecimals = Math.max(...parts.flat().map((cell) => decimalsOf(cell.value)));
  const tolerance = 0.5 * 10 ** -reportedDecimals + 0.5 * 10 ** -partsDecimals;
  const shown = partsDecimals + 1; // recomputed means and differences: one decimal more than the parts
  const compared = reported.map((cell, index) => {
    const recomputed = parts.reduce((sum, part) => sum + part[index].value, 0) / parts.length;
    return { cell, reported: cell.value, recomputed, difference: cell.value - recomputed };
  });
  const mismatches = compared.filter((entry) => Math.abs(entry.difference) > tolerance + 1e-9);
  const gap = (entry) => Math.abs(Number(entry.difference.toFixed(shown)));
  const rows = mismatches
    .map((entry, index) => ({ entry, index }))
    .sort((a, b) => gap(b.entry) - gap(a.entry) || a.index - b.index)
    .map(({ entry }) => [
      entry.cell.xLabel,
      entry.cell.yLabel,
      fixed(entry.reported, reportedDecimals),
      fixed(entry.recomputed, shown),
      signed(entry.difference, shown),
    ]);
  const largest = mismatches.reduce((worst, entry) => (!worst || Math.abs(entry.difference) > Math.abs(worst.difference) ? entry : worst), null);
  const across =
    mismatches.length === 0
      ? `All ${compared.length} reported cells equal the mean of their parts within rounding (± ${fixed(tolerance, shown)}).`
      : `${mismatches.length} of ${compared.length} reported cells differ from the mean of their parts by more than rounding (± ${fixed(tolerance, shown)}); ` +
        `the largest gap is ${fixed(Math.abs(largest.difference), reportedDecimals)} points at ${place(largest.cell)} ` +
        `(reported ${fixed(largest.reported, reportedDecimals)}, recomputed ${fixed(largest.recomputed, shown)}).`;
  return { aggregate, rows, across, tolerance: fixed(tolerance, shown) };
}

/** What the observations section shows: the boxes across panels, then each panel's card. */
function shownObservations(page) {
  return page.evaluate(() => {
    const texts = (root) => [...root.querySelectorAll("li")].map((li) => li.textContent);
    return {
      heading: document.getElementById("summary-heading").textContent,
      overview: [...document.querySelectorAll("#summary-overview > section")].map((box) => ({
        className: box.className,
        title: box.querySelector("h3").textContent,
        items: texts(box),
      })),
      panels: [...document.querySelectorAll("#summary-panels > article")].map((card) => ({
        title: card.querySelector("h3").textContent,
        items: texts(card),
      })),
      overviewFirst: Boolean(
        document.getElementById("summary-overview").compareDocumentPosition(document.getElementById("summary-panels")) &
          Node.DOCUMENT_POSITION_FOLLOWING,
      ),
    };
  });
}

/** The rows of the mismatch table as shown, or null when it is hidden. */
function mismatchTable(page) {
  return page.evaluate(() => {
    const area = document.getElementById("mismatches");
    if (area.hidden) return null;
    const table = area.querySelector("table");
    return {
      caption: table.caption.textContent,
      head: [...table.querySelectorAll("thead th")].map((cell) => cell.textContent),
      rows: [...table.querySelectorAll("tbody tr")].map((row) => [...row.cells].map((cell) => cell.textContent)),
    };
  });
}

/** The canvas' accessible name and description as Chromium computes them. */
async function accessibleText(page, context, selector) {
  const client = await context.newCDPSession(page);
  const { root } = await client.send("DOM.getDocument");
  const { nodeId } = await client.send("DOM.querySelector", { nodeId: root.nodeId, selector });
  const { nodes } = await client.send("Accessibility.getPartialAXTree", { nodeId, fetchRelatives: false });
  const node = nodes.find((candidate) => !candidate.ignored) ?? nodes[0];
  await client.detach();
  return { role: node.role?.value, name: node.name?.value, description: node.description?.value };
}

let session;
before(async () => {
  session = await startSession();
});
after(async () => {
  await session?.close();
});

describe("uncertainty, key observations and reconciliation", { timeout: 180_000 }, () => {
  test("the uncertainty marks: on by default where the data carry noise, a checkbox and a level, kept in the address", async () => {
    const { page, context, problems } = await openPage(session, "");
    await shownDataset(page);
    const base = "#dataset=kv-cache-sweep";
    // The seed's benchmarks give item counts: the marks are on at 95 % without being asked for.
    const at95 = { hash: await canvasHash(page), controls: await controlValues(page) };
    assert.equal(await page.evaluate(() => window.location.hash), base);
    assert.equal(await page.textContent("#uncertainty-label"), "Mark cells within noise of the peak");
    assert.equal(at95.controls.values["uncertainty-input"], true);
    assert.equal(at95.controls.values["level-select"], "0.95");
    assert.ok(at95.controls.shown.includes("level-select"));
    assert.equal(await page.evaluate(() => window.sweepmap.figure.options().uncertainty), 0.95);
    // The reported average has no item count: the page says it has nothing to mark there.
    assert.equal(
      await page.textContent("#uncertainty-note"),
      "No marks in R1-Llama | Average (reported): no item counts or repeated runs to estimate noise from.",
    );

    // The caveat of every measured panel, at the chosen level, recomputed from the data.
    const caveats = async () =>
      (await shownObservations(page)).panels.map((panel) => panel.items.find((item) => item.startsWith("The peak ")) ?? null);
    const expected = (level) =>
      sweep.benchmarks.map((benchmark) =>
        benchmark.items ? uncertaintySentence(cells("R1-Llama", benchmark.name), benchmark.items, level) : null,
      );
    assert.deepEqual(await caveats(), expected(0.95));

    await afterRender(page, () => page.selectOption("#level-select", "0.99"));
    assert.equal(await page.evaluate(() => window.location.hash), `${base}&unc=0.99`);
    const at99 = { hash: await canvasHash(page), controls: await controlValues(page) };
    assert.notEqual(at99.hash, at95.hash, "the key names the level");
    assert.deepEqual(await caveats(), expected(0.99));

    // Off is unc=0 (left out is the default, marks on); on again: back at the level last chosen.
    await afterRender(page, () => page.uncheck("#uncertainty-input"));
    assert.equal(await page.evaluate(() => window.location.hash), `${base}&unc=0`);
    const plain = { hash: await canvasHash(page), controls: await controlValues(page) };
    assert.notEqual(plain.hash, at95.hash, "the marks change the figure");
    assert.equal(await page.evaluate(() => window.sweepmap.figure.options().uncertainty), null);
    assert.equal(plain.controls.values["uncertainty-input"], false);
    assert.equal(await page.isVisible("#level-select"), false, "the level shows only with the marks on");
    // The hidden level remembers 99 % for when the marks come back.
    assert.equal(plain.controls.values["level-select"], "0.99");
    assert.equal(await page.isVisible("#uncertainty-note"), false);
    assert.deepEqual(await caveats(), expected(0.95), "the observations' caveat stays, at 95 %");
    await afterRender(page, () => page.check("#uncertainty-input"));
    assert.equal(await page.evaluate(() => window.location.hash), `${base}&unc=0.99`);
    assert.equal(await canvasHash(page), at99.hash);

    // Back returns to the default; a link reopens each view exactly.
    await afterRender(page, () => page.goBack());
    await afterRender(page, () => page.goBack());
    await afterRender(page, () => page.goBack());
    assert.equal(await page.evaluate(() => window.location.hash), base);
    assert.equal(await canvasHash(page), at95.hash);
    for (const [fragment, view] of [
      [`${base}&unc=0.95`, at95],
      [`${base}&unc=0.99`, at99],
      // Opened afresh, the hidden level is the first offered.
      [`${base}&unc=0`, { ...plain, controls: { ...plain.controls, values: { ...plain.controls.values, "level-select": "0.95" } } }],
    ]) {
      const reopened = await openPage(session, fragment);
      const shown = await shownDataset(reopened.page);
      assert.equal(shown.fragment, fragment);
      assert.deepEqual(shown.notices, []);
      assert.equal(await canvasHash(reopened.page), view.hash, fragment);
      assert.deepEqual(await controlValues(reopened.page), view.controls, fragment);
      assert.deepEqual(reopened.problems, []);
      await reopened.context.close();
    }

    // A difference marks where one model is ahead beyond noise; a reconciliation has no marks.
    await afterRender(page, () => page.selectOption("#layout-select", "difference"));
    assert.equal(await page.evaluate(() => window.location.hash), `${base}&layout=difference`);
    assert.equal(await page.textContent("#uncertainty-label"), "Mark cells where one model is ahead beyond noise");
    await afterRender(page, () => page.selectOption("#layout-select", "reconcile"));
    assert.equal(await page.evaluate(() => window.location.hash), `${base}&layout=reconcile`);
    assert.equal(await page.isVisible("#group-uncertainty"), false);
    assert.equal(await page.evaluate(() => window.sweepmap.figure.options().uncertainty), null);
    assert.deepEqual(problems, []);
    await context.close();

    // Where nothing can be marked, the page says so; the means of benchmarks with items are marked.
    const notes = {
      "#dataset=kv-cache-averages&unc=0.95": "No marks: the panels shown have no item counts or repeated runs to estimate noise from.",
      "#dataset=kv-cache-sweep&layout=difference&bench=Average+%28reported%29&unc=0.9":
        "No marks: the panels shown have no item counts or repeated runs to estimate noise from.",
      "#dataset=kv-cache-sweep&layout=grid&unc=0.99":
        "No marks in R1-Llama | Average (reported); R1-Qwen | Average (reported): no item counts or repeated runs to estimate noise from.",
      "#dataset=kv-cache-sweep&layout=benchmark&bench=%3Amean&unc=0.95": null,
      "#dataset=partial-r1-qwen&unc=0.95": null,
    };
    for (const [query, note] of Object.entries(notes)) {
      const opened = await openPage(session, query);
      const result = await shownDataset(opened.page);
      assert.equal(result.fragment, query);
      assert.deepEqual(result.notices, []);
      const shownNote = await opened.page.evaluate(() => {
        const element = document.getElementById("uncertainty-note");
        return element.hidden ? null : element.textContent;
      });
      assert.equal(shownNote, note, query);
      assert.deepEqual(opened.problems, []);
      await opened.context.close();
    }
  });

  test("the key observations of the default view are the sentences the data support", async () => {
    const { page, context, problems } = await openPage(session, "");
    const shown = await shownDataset(page);
    const observations = await shownObservations(page);
    assert.equal(observations.heading, "Key observations");
    assert.equal(observations.overviewFirst, true, "what holds across panels comes first");
    assert.deepEqual(observations.overview, [
      { className: "across-panels", title: "Across panels", items: [bestConfiguration("R1-Llama")] },
    ]);
    assert.deepEqual(
      observations.panels.map((panel) => panel.title),
      shown.panels,
      "one card per panel, in the figure's order",
    );

    // The sentence the brief names, verbatim, and every panel's peak, lowest and spread.
    assert.equal(
      observations.panels[0].items[0],
      "The highest Pass@1, 49, is shared by 2 configurations: Ratio 0.2 and Local Window Size 1000, and Ratio 0.3 and Local Window Size 2000.",
    );
    for (const [index, benchmark] of sweep.benchmarks.entries()) {
      const panelCells = cells("R1-Llama", benchmark.name);
      const items = observations.panels[index].items;
      assert.equal(items[0], extremeSentence(panelCells, "highest"), `${benchmark.name}: peak`);
      assert.equal(items[1], extremeSentence(panelCells, "lowest"), `${benchmark.name}: lowest`);
      assert.equal(items[2], spreadSentence(panelCells), `${benchmark.name}: spread`);
      // The trends: one sentence per axis, each with the rank correlation recomputed here.
      for (const [offset, axis, name] of [
        [3, "x", X],
        [4, "y", Y],
      ]) {
        const rho = `(Spearman ρ = ${fixed(spearman(panelCells, axis), 2)}`;
        assert.ok(items[offset].includes(rho), `${benchmark.name}: "${items[offset]}" states ${rho}`);
        assert.ok(items[offset].includes(name), `${benchmark.name}: "${items[offset]}" is about ${name}`);
      }
      const caveat = benchmark.items ? [uncertaintySentence(panelCells, benchmark.items, 0.95)] : [];
      assert.deepEqual(items.slice(5), caveat, `${benchmark.name}: the uncertainty caveat`);
    }
    // GPQA-Diamond's numbers do show a trend along the window; AIME24's do not.
    assert.equal(
      observations.panels[3].items[4],
      "Along Local Window Size, Pass@1 rises: a strong trend (Spearman ρ = 0.62; 5 of 5 columns agree, 0 disagree).",
    );
    assert.equal(observations.panels[0].items[4], "There is no consistent trend along Local Window Size (Spearman ρ = 0.08).");
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("the canvas is described by its key observations", async () => {
    const { page, context, problems } = await openPage(session, "#dataset=kv-cache-sweep&model=R1-Qwen&layout=benchmark&bench=AMC23");
    await shownDataset(page);
    const sections = await page.evaluate(() => window.sweepmap.exports((exporting) => exporting.observations()));
    const [across, ...panels] = [sections[sections.length - 1], ...sections.slice(0, -1)];
    assert.equal(across.title, "Across panels");
    const help = await page.textContent("#figure-help");
    const described = [across, ...panels].map((section) => `${section.title}: ${section.observations.map((item) => item.text).join(" ")}`);
    const text = await accessibleText(page, context, "#figure-canvas");
    assert.equal(text.role, "image");
    assert.match(text.name, /^R1-Llama \| AMC23: heatmap of Pass@1 \(%\) over Ratio and Local Window Size\./);
    assert.equal(text.description, `Key observations. ${described.join(" ")} ${help}`);
    // Among them, each model's peak as recomputed from the data.
    for (const model of ["R1-Llama", "R1-Qwen"]) {
      assert.ok(text.description.includes(`${model} | AMC23: ${extremeSentence(cells(model, "AMC23"), "highest")}`), model);
    }
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("Copy as Markdown copies the observations, or shows them selected without a clipboard", async () => {
    const { page, context, problems } = await openPage(session, "", { permissions: ["clipboard-read", "clipboard-write"] });
    await shownDataset(page);
    await page.click("#copy-markdown");
    await page.waitForFunction(() => document.getElementById("markdown-status").textContent !== "");
    assert.equal(await page.textContent("#markdown-status"), "Key observations copied as Markdown.");
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    assert.equal(copied, await page.evaluate(async () => (await (await import("./lib/sweepmap.js")).withExports(window.sweepmap.figure, (exporting) => exporting.observationsMarkdown()))));
    const aime = cells("R1-Llama", "AIME24");
    assert.ok(
      copied.startsWith(
        `### R1-Llama \\| AIME24\n\n- ${extremeSentence(aime, "highest")}\n- ${extremeSentence(aime, "lowest")}\n- ${spreadSentence(aime)}\n`,
      ),
      copied.slice(0, 300),
    );
    assert.ok(copied.endsWith(`### Across panels\n\n- ${bestConfiguration("R1-Llama")}\n`));
    assert.equal(await page.isVisible("#markdown-fallback"), false);

    // A difference adds who is ahead how often (counted here from the data).
    await afterRender(page, () => page.selectOption("#layout-select", "difference"));
    await afterRender(page, () => page.selectOption("#benchmark-select", "AMC23"));
    assert.equal(await page.textContent("#markdown-status"), "", "a new view clears the status");
    await page.click("#copy-markdown");
    await page.waitForFunction(() => document.getElementById("markdown-status").textContent !== "");
    const llama = cells("R1-Llama", "AMC23");
    const qwen = cells("R1-Qwen", "AMC23");
    const differences = llama.map((cell, index) => cell.value - qwen[index].value);
    const ahead = differences.filter((d) => d > 1e-9).length;
    const behind = differences.filter((d) => d < -1e-9).length;
    const difference = await page.evaluate(() => navigator.clipboard.readText());
    assert.ok(
      difference.endsWith(
        `### R1-Llama against R1-Qwen\n\n- R1-Llama is higher in ${ahead} of ${differences.length} configurations.\n` +
          `- R1-Qwen is higher in ${behind}.\n- ${differences.length - ahead - behind} configurations tie.\n`,
      ),
      difference.slice(-300),
    );
    assert.deepEqual(problems, []);
    await context.close();

    const bare = await openPage(session, "#dataset=kv-cache-sweep&layout=reconcile", {
      init: () => Object.defineProperty(Navigator.prototype, "clipboard", { get: () => undefined }),
    });
    await shownDataset(bare.page);
    await bare.page.click("#copy-markdown");
    await bare.page.waitForSelector("#markdown-fallback:not([hidden])");
    const field = await bare.page.evaluate(async () => {
      const input = document.getElementById("markdown-output");
      return {
        value: input.value,
        readOnly: input.readOnly,
        focused: document.activeElement === input,
        selected: input.value.slice(input.selectionStart, input.selectionEnd) === input.value,
        label: input.labels[0].textContent,
        figure: (await (await import("./lib/sweepmap.js")).withExports(window.sweepmap.figure, (exporting) => exporting.observationsMarkdown())),
      };
    });
    // The reconciliation's Markdown ends with its table of mismatches.
    const { rows, tolerance } = reconcile("R1-Llama");
    const table = [
      `### Cells that differ beyond rounding (± ${tolerance}), largest gap first`,
      "",
      `| ${X} | ${Y} | Reported | Recomputed | Difference |`,
      "| --- | --- | ---: | ---: | ---: |",
      ...rows.map((row) => `| ${row.join(" | ")} |`),
    ].join("\n");
    // The figure writes the whole Markdown, the table included; the page copies it as it is.
    assert.equal(field.value, field.figure);
    assert.ok(field.figure.endsWith(`\n\n${table}\n`), field.figure.slice(-300));
    assert.deepEqual(
      { readOnly: field.readOnly, focused: field.focused, selected: field.selected, label: field.label },
      { readOnly: true, focused: true, selected: true, label: "Key observations as Markdown (copy them with Ctrl+C or ⌘C)" },
    );
    assert.equal(
      await bare.page.textContent("#markdown-status"),
      "The clipboard is not available here: the Markdown is in the field below, selected for copying.",
    );
    assert.deepEqual(bare.problems, []);
    await bare.context.close();
  });

  test("reported vs recomputed: R1-Llama's average disagrees with its parts in 19 cells, R1-Qwen's in none", async () => {
    const { page, context, problems } = await openPage(session, "");
    await shownDataset(page);
    const before = await canvasHash(page);
    await afterRender(page, () => page.selectOption("#layout-select", "reconcile"));
    let shown = await shownDataset(page);
    const llama = reconcile("R1-Llama");
    assert.equal(shown.fragment, "#dataset=kv-cache-sweep&layout=reconcile");
    assert.deepEqual(shown.panels, [
      `R1-Llama | ${llama.aggregate}`,
      `R1-Llama | recomputed mean of ${partsOf.length}`,
      "R1-Llama | reported − recomputed",
    ]);
    assert.notEqual(await canvasHash(page), before);
    const controls = await controlValues(page);
    assert.deepEqual(controls.shown.slice(2), ["layout-select", "model-select", "benchmark-select", "chart-select", "cmap-select", "reverse-input", "scale-select", "range-select", "theme-select", "annotate-input", "decimals-select"]);
    assert.deepEqual(
      await page.evaluate(() => [...document.querySelectorAll("#benchmark-select option")].map((option) => option.value)),
      [llama.aggregate],
      "only the reported aggregates",
    );

    // 19 mismatches, the largest first: Ratio 0.1, Local Window Size 2000, reported 49.5, recomputed 51.60.
    assert.equal(llama.rows.length, 19);
    assert.deepEqual(llama.rows[0], ["0.1", "2000", "49.5", "51.60", "−2.10"]);
    // 50.1 − 51.725 is exactly −1.625: the half rounds away from zero, in the figure and here.
    assert.deepEqual(llama.rows[1], ["0.2", "3000", "50.1", "51.73", "−1.63"]);
    assert.equal(
      await page.evaluate(() => window.sweepmap.figure.cellInfo(2, 1, 3).valueLabel),
      "−1.63",
    );
    const table = await mismatchTable(page);
    assert.deepEqual(table, {
      caption: "Cells that differ beyond rounding (± 0.10), largest gap first",
      head: [X, Y, "Reported", "Recomputed", "Difference"],
      rows: llama.rows,
    });
    let observations = await shownObservations(page);
    assert.deepEqual(observations.overview, [{ className: "across-panels", title: "Across panels", items: [llama.across] }]);
    assert.equal(
      llama.across,
      "19 of 20 reported cells differ from the mean of their parts by more than rounding (± 0.10); the largest gap is 2.1 points at Ratio 0.1 and Local Window Size 2000 (reported 49.5, recomputed 51.60).",
    );
    assert.equal(await page.evaluate(() => window.sweepmap.exports((exporting) => exporting.reconciliation().mismatches.length)), 19);
    const llamaHash = await canvasHash(page);

    await afterRender(page, () => page.selectOption("#model-select", "R1-Qwen"));
    shown = await shownDataset(page);
    assert.equal(shown.fragment, "#dataset=kv-cache-sweep&layout=reconcile&model=R1-Qwen");
    const qwen = reconcile("R1-Qwen");
    assert.deepEqual(qwen.rows, []);
    assert.equal(await mismatchTable(page), null, "no table when nothing disagrees");
    observations = await shownObservations(page);
    assert.deepEqual(observations.overview[0].items, [qwen.across]);
    assert.equal(qwen.across, "All 20 reported cells equal the mean of their parts within rounding (± 0.10).");

    // The link reopens the reconciliation; back returns to R1-Llama's.
    const reopened = await openPage(session, "#dataset=kv-cache-sweep&layout=reconcile&model=R1-Qwen");
    assert.deepEqual((await shownDataset(reopened.page)).notices, []);
    assert.equal(await canvasHash(reopened.page), await canvasHash(page));
    assert.deepEqual(reopened.problems, []);
    await reopened.context.close();
    await afterRender(page, () => page.goBack());
    assert.equal(await canvasHash(page), llamaHash);
    assert.deepEqual((await mismatchTable(page)).rows, llama.rows);
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("data without a reported aggregate do not offer the reconciliation", async () => {
    const { page, context, problems } = await openPage(session, "#dataset=kv-cache-sweep&layout=reconcile&model=R1-Qwen");
    let shown = await shownDataset(page);
    assert.equal(shown.layouts.includes("reconcile"), true);

    // Switching to data without one falls back to one model across benchmarks.
    await afterRender(page, () => page.selectOption("#dataset-select", "partial-r1-qwen"));
    shown = await shownDataset(page);
    assert.equal(shown.fragment, "#dataset=partial-r1-qwen");
    assert.deepEqual(shown.layouts, ["model", "benchmark", "grid", "difference"]);
    assert.equal((await controlValues(page)).values["layout-select"], "model");
    assert.equal(await page.isVisible("#mismatches"), false);
    await afterRender(page, () => page.goBack());
    shown = await shownDataset(page);
    assert.equal(shown.fragment, "#dataset=kv-cache-sweep&layout=reconcile&model=R1-Qwen");
    assert.equal((await controlValues(page)).values["layout-select"], "reconcile");
    assert.deepEqual(problems, []);
    await context.close();

    // A link asking for it on such data falls back with a notice.
    for (const id of ["partial-r1-qwen", "kv-cache-averages"]) {
      const opened = await openPage(session, `#dataset=${id}&layout=reconcile&unc=0.9`);
      const result = await shownDataset(opened.page);
      assert.deepEqual(result.notices, [
        'layout=reconcile needs a reported aggregate (a benchmark with aggregate_of) and this dataset has none; using "model".',
      ]);
      assert.equal(result.fragment, `#dataset=${id}&unc=0.9`, "the rest of the link is kept");
      assert.equal(result.layouts.includes("reconcile"), false);
      assert.equal(result.error, null);
      assert.deepEqual(opened.problems, []);
      await opened.context.close();
    }

    // A benchmark that is not a reported aggregate is named, and the aggregate shown.
    const wrong = await openPage(session, "#dataset=kv-cache-sweep&layout=reconcile&bench=AIME24");
    const result = await shownDataset(wrong.page);
    assert.deepEqual(result.notices, ['"AIME24" is not a reported aggregate to reconcile (aggregates: "Average (reported)"); showing "Average (reported)".']);
    assert.equal(result.fragment, "#dataset=kv-cache-sweep&layout=reconcile");
    assert.deepEqual(wrong.problems, []);
    await wrong.context.close();
  });
});
