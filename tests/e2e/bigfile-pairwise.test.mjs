// End-to-end test of a big per-item scores file: a synthetic CSV of a million rows (5 models x
// 200,000 items, about 49 MB, written by synthetic-pairwise-csv.mjs into a temporary directory)
// opened through the file input loads in slices like a big sweep: the page keeps answering, the
// progress bar moves, Cancel stops a load and keeps what was shown, a malformed big file gets the
// whole-text loader's exact message, and the comparisons shown are the ones the rows give.

import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { appendFile, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

import { openPage, shownDataset, startSession } from "./browser.mjs";
import { assertResponsive, cancelBigLoad, stopGapWatch, watchGaps } from "./big-file.mjs";
import { benchmarkName, modelName, ROWS, SHAPE, syntheticScores, writeSyntheticScores } from "./synthetic-pairwise-csv.mjs";

let session;
let directory;
let bigFile;
let bigBytes;
let badFile;
before(async () => {
  directory = await mkdtemp(path.join(tmpdir(), "sweepmap-big-pairwise-"));
  bigFile = path.join(directory, "synthetic-scores.csv");
  bigBytes = await writeSyntheticScores(bigFile);
  // 200,000 good rows (over the size that loads in slices) and one score out of range.
  badFile = path.join(directory, "bad-scores.csv");
  await writeSyntheticScores(badFile, { limit: 200_000 });
  await appendFile(badFile, `t99999,${benchmarkName(0)},${modelName(0)},1.5\n`);
  session = await startSession();
});
after(async () => {
  await session?.close();
  if (directory) await rm(directory, { recursive: true, force: true });
});

/**
 * The comparison of two models over every item, counted here from the generated rows (not by
 * sweepmap): items both scored, only one scored, and who is ahead.
 */
function expectedComparison(a, b) {
  const scores = new Map();
  for (const piece of syntheticScores()) {
    for (const line of piece.split("\n")) {
      const [item, group, model, score] = line.split(",");
      if ((model !== a && model !== b) || score === undefined) continue;
      const key = `${group}/${item}`;
      if (!scores.has(key)) scores.set(key, {});
      if (score !== "") scores.get(key)[model] = Number(score);
    }
  }
  const counts = { paired: 0, onlyA: 0, onlyB: 0, aAhead: 0, tied: 0, bAhead: 0 };
  for (const entry of scores.values()) {
    const [x, y] = [entry[a], entry[b]];
    if (x === undefined && y === undefined) continue;
    if (y === undefined) counts.onlyA += 1;
    else if (x === undefined) counts.onlyB += 1;
    else {
      counts.paired += 1;
      counts[x > y ? "aAhead" : x < y ? "bAhead" : "tied"] += 1;
    }
  }
  return counts;
}

describe("a big per-item scores file", { timeout: 240_000 }, () => {
  test("a million rows load in slices with progress, the page stays responsive, and the comparisons are the rows'", async () => {
    assert.ok(bigBytes > 40e6, `the file has ${bigBytes} bytes`);
    const { page, problems } = await openPage(session, "#dataset=kv-cache-sweep", { init: watchGaps });
    const before = await shownDataset(page);
    const started = Date.now();
    await page.setInputFiles("#file-input", bigFile);
    await page.waitForFunction((count) => window.sweepmap.renders > count, before.renders, { timeout: 120_000, polling: 100 });
    const seconds = (Date.now() - started) / 1000;
    const watch = await stopGapWatch(page);
    console.log(
      `big pairwise file: ${bigBytes} bytes, ${ROWS} rows loaded and drawn in ${seconds.toFixed(1)} s; ` +
        `longest main-thread gap ${watch.longest.toFixed(0)} ms over ${watch.ticks} ticks; ${watch.progress.length} progress updates`,
    );
    assertResponsive(watch);
    assert.ok(watch.texts.some((text) => /^Reading \d+\.\d of 48\.9 MB$/.test(text)), watch.texts[0]);
    assert.equal(watch.texts.at(-1), "Making the table of 1,000,000 scores");
    assert.equal(await page.locator("#load-progress").isHidden(), true, "the progress bar goes away");

    const shown = await shownDataset(page);
    assert.equal(shown.error, null);
    assert.equal(shown.title, "synthetic-scores.csv");
    assert.equal(await page.evaluate(() => window.sweepmap.kind), "pairwise");
    const facts = await page.evaluate(([a, b]) => {
      const scores = window.sweepmap.dataset;
      return {
        models: scores.models(),
        groups: scores.groups(),
        items: scores.itemCount(),
        scoreName: scores.scoreName(),
        comparison: scores.comparePair(a, b),
      };
    }, [modelName(0), modelName(SHAPE.models - 1)]);
    assert.deepEqual(facts.models, Array.from({ length: SHAPE.models }, (_, index) => modelName(index)));
    assert.deepEqual(facts.groups, Array.from({ length: SHAPE.benchmarks }, (_, index) => benchmarkName(index)));
    assert.equal(facts.items, SHAPE.benchmarks * SHAPE.itemsPerBenchmark);
    assert.equal(facts.scoreName, "progress_ratio");
    const expected = expectedComparison(modelName(0), modelName(SHAPE.models - 1));
    const { paired, onlyA, onlyB, aAhead, tied, bAhead } = facts.comparison;
    assert.deepEqual({ paired, onlyA, onlyB, aAhead, tied, bAhead }, expected);
    assert.ok(expected.bAhead > expected.aAhead, "the strongest synthetic model is ahead of the weakest");
    assert.equal(shown.panels.length, (SHAPE.models * (SHAPE.models - 1)) / 2, "every pair of the 5 models");
    assert.equal(shown.panels[0], `${modelName(0)} vs ${modelName(1)}`);
    assert.deepEqual(problems, []);
  });

  test("Cancel stops a load in slices and keeps the figure shown", async () => {
    const { page, problems } = await cancelBigLoad(session, bigFile);
    assert.equal(await page.evaluate(() => window.sweepmap.kind), "sweep");
    assert.deepEqual(problems, []);
  });

  test("a malformed big file gets the whole-text loader's message and the figure shown stays", async () => {
    const { page, problems } = await openPage(session, "#dataset=kv-cache-sweep");
    const before = await shownDataset(page);
    await page.setInputFiles("#file-input", badFile);
    await page.waitForSelector("#error-banner:not([hidden])", { timeout: 60_000 });
    const shown = await shownDataset(page);
    assert.equal(
      shown.error,
      'Could not open "bad-scores.csv": line 200002, column "progress_ratio": expected a score between 0 and 1, found 1.5',
    );
    assert.equal(shown.title, before.title);
    assert.equal(shown.fragment, before.fragment);
    assert.equal(shown.renders, before.renders);
    assert.equal(await page.evaluate(() => window.sweepmap.kind), "sweep");
    assert.equal(await page.locator("#load-progress").isHidden(), true);
    assert.deepEqual(problems, []);
  });
});
